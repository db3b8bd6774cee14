// pokergym report page: draws the embedded results; hands are decompressed per match when picked.
"use strict";

const RUN = JSON.parse(document.getElementById("run-data").textContent);
const $ = (id) => document.getElementById(id);
const fmt = (v, sign) => (v === null || v === undefined ? "n/a" : (sign && v > 0 ? "+" : "") + v.toFixed(1));
const MAX_LISTED = 2000;

function crosstableOf(run) {
  if (run.crosstable) return run.crosstable;
  const m = run.matches[0];  // a single match: A against B and its mirror
  return { mbb_per_hand: [[null, m.mbb_per_hand], [m.mbb_per_hand === null ? null : -m.mbb_per_hand, null]],
           ci95: [[null, m.ci95], [m.ci95, null]] };
}

// Colour saturation: the 80th percentile of |cell|, so one lopsided pairing does not wash out the others.
function robustScale(values) {
  const sizes = values.filter((v) => v !== null).map(Math.abs).sort((a, b) => a - b);
  if (!sizes.length) return 1;
  return Math.max(1, sizes[Math.min(sizes.length - 1, Math.floor(0.8 * (sizes.length - 1)))]);
}

function cellColour(value, scale) {
  if (value === null) return "transparent";
  const t = Math.max(-1, Math.min(1, value / scale));
  return t >= 0 ? `rgba(30, 140, 70, ${0.08 + 0.6 * t})` : `rgba(200, 40, 50, ${0.08 - 0.6 * t})`;
}

function renderRanking() {
  const line = RUN.kind === "match"
    ? `one duplicate match, ${RUN.matches[0].pairs} pairs (${RUN.matches[0].hands} hands)`
    : `${RUN.names.length} agents, ${RUN.matches.length} matches, ${RUN.matches.reduce((s, m) => s + m.hands, 0)} hands`;
  $("run-line").textContent = line + `; ${RUN.hand_counts.reduce((a, b) => a + b, 0)} hand histories embedded`;
  const rows = RUN.ranking || RUN.names.map((name, i) => {
    const m = RUN.matches[0];
    return { name, mbb_per_hand: m.mbb_per_hand === null ? null : (i === 0 ? 1 : -1) * m.mbb_per_hand, ci95: m.ci95 };
  }).sort((a, b) => b.mbb_per_hand - a.mbb_per_hand);
  $("ranking").innerHTML = `<table class="grid"><tr><th>rank</th><th class="name">agent</th><th>mbb/hand</th><th>95% CI</th></tr>${
    rows.map((r, i) => `<tr><td>${i + 1}.</td><td class="name">${escapeHTML(r.name)}</td><td>${fmt(r.mbb_per_hand, true)}</td><td>&plusmn;${fmt(r.ci95)}</td></tr>`).join("")}</table>`;
  $("ranking-legend").textContent = RUN.legends.ranking;
}

function renderCrosstable() {
  const table = crosstableOf(RUN);
  const scale = robustScale(table.mbb_per_hand.flat());
  const head = RUN.names.map((n) => `<th>${escapeHTML(n)}</th>`).join("");
  const rows = RUN.names.map((name, i) => `<tr><th class="name">${escapeHTML(name)}</th>${RUN.names.map((_, j) => {
    if (i === j) return '<td class="diag"></td>';
    const v = table.mbb_per_hand[i][j];
    return `<td class="xt-cell" data-row="${i}" data-col="${j}" style="background:${cellColour(v, scale)}">${fmt(v, true)}<br><small>&plusmn;${fmt(table.ci95[i][j])}</small></td>`;
  }).join("")}</tr>`).join("");
  $("crosstable").innerHTML = `<table class="grid"><tr><th></th>${head}</tr>${rows}</table>`;
  $("crosstable-legend").textContent = `Colour: green wins, red losses; the shade saturates at ±${scale.toFixed(0)} mbb/hand ` +
    "(the 80th percentile of the cells' sizes), so an outlier does not wash out the rest.";
}

function renderStyle() {
  const keys = [["vpip", "VPIP"], ["pfr", "PFR"], ["three_bet", "3-bet"], ["aggression", "AF"], ["wtsd", "WTSD"], ["wsd", "W$SD"]];
  const rows = Object.entries(RUN.style).map(([name, s]) =>
    `<tr><td class="name">${escapeHTML(name)}</td><td>${s.hands}</td>${keys.map(([k]) => `<td>${fmt(s.rates[k])}</td>`).join("")}</tr>`);
  $("style").innerHTML = `<table class="grid"><tr><th class="name">agent</th><th>hands</th>${keys.map(([, l]) => `<th>${l}</th>`).join("")}</tr>${rows.join("")}</table>`;
  $("style-legend").textContent = RUN.legends.style;
}

function drawChart(canvas, match) {
  const ctx = canvas.getContext("2d");
  const bb = match.config.big_blind;
  let total = 0;
  const points = [0, ...match.pair_chips.map(([a, b]) => (total += (a + b) / bb))];
  const lo = Math.min(0, ...points), hi = Math.max(0, ...points), span = hi - lo || 1;
  const w = canvas.width, h = canvas.height, pad = 4;
  const x = (i) => pad + (i / Math.max(1, points.length - 1)) * (w - 2 * pad);
  const y = (v) => h - pad - ((v - lo) / span) * (h - 2 * pad);
  ctx.strokeStyle = "#99a"; ctx.beginPath(); ctx.moveTo(0, y(0)); ctx.lineTo(w, y(0)); ctx.stroke();
  ctx.strokeStyle = total >= 0 ? "#1e8c46" : "#c82832"; ctx.lineWidth = 1.5; ctx.beginPath();
  points.forEach((v, i) => (i ? ctx.lineTo(x(i), y(v)) : ctx.moveTo(x(i), y(v))));
  ctx.stroke();
  ctx.fillStyle = "#333"; ctx.font = "11px sans-serif";
  ctx.fillText(`${hi.toFixed(0)} bb`, pad, 11); ctx.fillText(`${lo.toFixed(0)} bb`, pad, h - 3);
}

function renderCharts() {
  $("charts").innerHTML = RUN.matches.map((m, i) =>
    `<figure><canvas id="chart-${i}" width="260" height="110"></canvas><figcaption>${escapeHTML(m.agents[0])} vs ${escapeHTML(m.agents[1])}: ${fmt(m.mbb_per_hand, true)} &plusmn; ${fmt(m.ci95)} mbb/hand</figcaption></figure>`).join("");
  RUN.matches.forEach((m, i) => drawChart($(`chart-${i}`), m));
}

const loaded = new Map();

// A match's hands: the JSON lines as text (each parsed when shown) and the search index from the page.
async function loadHands(index) {
  if (loaded.has(index)) return loaded.get(index);
  const packed = $(`hands-${index}`).textContent.trim();
  let lines = [];
  if (packed) {  // the browser's own base64 and gzip decoders: a data URL through DecompressionStream
    const response = await fetch(`data:application/gzip;base64,${packed}`);
    const text = await new Response(response.body.pipeThrough(new DecompressionStream("gzip"))).text();
    lines = text.split("\n").filter((line) => line.trim());
  }
  const match = { lines, parsed: new Map(), index: JSON.parse($(`index-${index}`).textContent) };
  loaded.set(index, match);
  return match;
}

function handAt(match, i) {
  if (!match.parsed.has(i)) match.parsed.set(i, JSON.parse(match.lines[i]));
  return match.parsed.get(i);
}

const view = { match: null, names: ["seat 0", "seat 1"], shown: [], hand: null, steps: [], at: 0 };

function keep([pot, p0, showdown]) {
  const least = Number($("filter-pot").value) || 0, win = Number($("filter-win").value) || 0;
  const result = $("filter-result").value;
  if (pot < least || Math.abs(p0) < win) return false;
  if ($("filter-showdown").checked && !showdown) return false;
  return result === "any" || (result === "won0" && p0 > 0) || (result === "won1" && p0 < 0) || (result === "split" && p0 === 0);
}

function listHands() {
  const index = view.match ? view.match.index : [];
  view.shown = [];
  index.forEach((entry, i) => { if (keep(entry)) view.shown.push(i); });
  $("hand-select").innerHTML = view.shown.slice(0, MAX_LISTED).map((i) => {
    const [pot, p0, showdown, id] = index[i];
    const label = `#${id ?? i} pot ${pot} ${view.names[0]} ${p0 > 0 ? "+" : ""}${p0}${showdown ? " sd" : ""}`;
    return `<option value="${i}">${escapeHTML(label)}</option>`;
  }).join("");
  const more = view.shown.length > MAX_LISTED ? ` (the first ${MAX_LISTED} listed; narrow the search for the others)` : "";
  $("hand-count").textContent = `${view.shown.length} of ${index.length} hands match${more}`;
}

function showStep(at) {
  if (!view.hand) return;
  view.at = Math.max(0, Math.min(view.steps.length - 1, at));
  renderStep($("table"), view.hand, view.steps, view.at);
  $("action-log").innerHTML = view.steps.map((s, i) => `<li class="${i === view.at ? "current" : ""}">${escapeHTML(s.text)}</li>`).join("");
}

function openHand(index) {
  view.hand = handAt(view.match, index);
  view.steps = replaySteps(view.hand);
  showStep(0);
}

async function openMatch(index) {
  $("hand-count").textContent = "loading hands...";
  view.match = await loadHands(index);
  view.hand = null;
  const first = view.match.lines.length ? handAt(view.match, 0) : null;
  view.names = [0, 1].map((seat) => (first ? seatName(first, seat) : `seat ${seat}`));
  $("filter-result").options[1].textContent = `${view.names[0]} (seat 0) won`;
  $("filter-result").options[2].textContent = `${view.names[1]} (seat 1) won`;
  $("table").innerHTML = first ? '<p class="muted">Pick a hand.</p>' : '<p class="muted">No hand histories were saved for this match.</p>';
  $("action-log").innerHTML = "";
  listHands();
  document.body.dataset.matchLoaded = String(index);
  document.body.dataset.matchLoadedMs = performance.now().toFixed(0);
}

function setUpReplayer() {
  $("match-select").innerHTML = RUN.matches.map((m, i) =>
    `<option value="${i}">${escapeHTML(m.agents[0])} vs ${escapeHTML(m.agents[1])} (${RUN.hand_counts[i]} hands)</option>`).join("");
  $("match-select").addEventListener("change", (e) => openMatch(Number(e.target.value)));
  for (const id of ["filter-pot", "filter-result", "filter-win", "filter-showdown"]) $(id).addEventListener("input", listHands);
  $("hand-select").addEventListener("change", (e) => openHand(Number(e.target.value)));
  $("step-first").addEventListener("click", () => showStep(0));
  $("step-prev").addEventListener("click", () => showStep(view.at - 1));
  $("step-next").addEventListener("click", () => showStep(view.at + 1));
  $("step-last").addEventListener("click", () => showStep(view.steps.length - 1));
  document.addEventListener("keydown", (e) => {
    if (e.target.tagName === "INPUT") return;
    const moves = { ArrowLeft: view.at - 1, ArrowRight: view.at + 1, Home: 0, End: view.steps.length - 1 };
    if (e.key in moves && e.target.id !== "hand-select") { showStep(moves[e.key]); e.preventDefault(); }
  });
}

renderRanking();
renderCrosstable();
renderStyle();
renderCharts();
setUpReplayer();
document.body.dataset.ready = "1";
document.body.dataset.readyMs = performance.now().toFixed(0);
if (RUN.matches.length) setTimeout(() => openMatch(0), 0);  // after the first paint
