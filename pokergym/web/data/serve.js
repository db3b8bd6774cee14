// pokergym serve: the play, watch and reports page. Every rule is the server's (the engine); this only draws.
"use strict";

const $ = (id) => document.getElementById(id);
const game = { table: null, snap: null, seq: 0 };

async function call(path, body) {
  const response = await fetch(path, {
    method: body === undefined ? "GET" : "POST",
    headers: { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  let data;
  try { data = await response.json(); } catch (e) { data = { error: `the server answered ${response.status} ${response.statusText}` }; }
  return data;
}

function settle(messageId, data) {
  $(messageId).textContent = data.error || "";
  document.body.dataset.seq = String(++game.seq);
  return !data.error;
}

function drawPlay(snap) {
  game.snap = snap;
  const legal = snap.legal;
  const cards = (text) => cardsHTML((text || "").split(" ").filter(Boolean));
  $("opponent-name").textContent = snap.names[1] + (snap.button === 1 ? " (D)" : "");
  $("you-dealer").textContent = snap.button === 0 ? "(D)" : "";
  $("opponent-hole").innerHTML = snap.opponent_hole ? cards(snap.opponent_hole) : cardHTML(null) + cardHTML(null);
  $("play-hole").innerHTML = cards(snap.hole);
  $("play-board").innerHTML = cards(snap.board) || '<span class="muted">no board yet</span>';
  $("play-board").dataset.board = snap.board.replaceAll(" ", "");
  $("play-pot").textContent = snap.pot;
  $("play-street").textContent = snap.street;
  $("you-stack").textContent = snap.stacks[0]; $("opponent-stack").textContent = snap.stacks[1];
  $("you-bet").textContent = snap.bets[0]; $("opponent-bet").textContent = snap.bets[1];
  $("play-log").innerHTML = snap.log.map((line) => `<li>${escapeHTML(line)}</li>`).join("");
  $("total").textContent = `Hands finished: ${snap.hands_played}, you ${snap.total >= 0 ? "+" : ""}${snap.total} chips.`;
  for (const [id, ok] of [["btn-fold", legal && legal.fold], ["btn-check", legal && legal.check], ["btn-call", legal && legal.call],
    ["btn-raise", legal && legal.raise], ["btn-allin", legal && legal.all_in], ["raise-slider", legal && legal.raise],
    ["raise-amount", legal && legal.raise]]) $(id).disabled = !ok;
  $("btn-call").textContent = legal && legal.call ? `call ${legal.call_amount}` : "call";
  if (legal && legal.raise) {
    for (const id of ["raise-slider", "raise-amount"]) { $(id).min = legal.min; $(id).max = legal.max; }
    $("raise-slider").value = legal.min; $("raise-amount").value = legal.min;
    $("btn-raise").textContent = legal.verb;
  }
  $("legal").textContent = legal ? `legal: ${legal.describe}` : "";
  $("btn-next").disabled = !snap.finished;
  $("btn-replay").disabled = !snap.history;
  $("play-result").textContent = snap.history ? resultText(snap.history) : "";
  $("play-replay").innerHTML = "";
}

async function newGame() {
  const spec = $("agent-spec").value.trim() || $("agent-select").value;
  const data = await call("/api/table", { agent: spec });
  if (settle("message", data)) { game.table = data.table; drawPlay(data); }
}

async function act(kind, amount) {
  if (game.table === null) return settle("message", { error: "start a new game first" });
  const data = await call(`/api/table/${game.table}/act`, { kind, amount });
  if (settle("message", data)) drawPlay(data);
}

async function nextHand() {
  const data = await call(`/api/table/${game.table}/next`, {});
  if (settle("message", data)) drawPlay(data);
}

// A stepper over one history: used to replay a finished hand and to watch two agents.
function stepper(root, hand) {
  const steps = replaySteps(hand);
  let at = 0;
  const show = (to) => { at = Math.max(0, Math.min(steps.length - 1, to)); renderStep(root, hand, steps, at); };
  show(0);
  return { first: () => show(0), prev: () => show(at - 1), next: () => show(at + 1), last: () => show(steps.length - 1) };
}

let watching = null;

async function watch() {
  const data = await call("/api/watch", { a: $("watch-a").value, b: $("watch-b").value, hand: Number($("watch-hand").value) || 0 });
  if (settle("watch-message", data)) watching = stepper($("watch-table"), data.history);
}

function replayPlayed() {
  const root = $("play-replay");
  const buttons = ["first", "prev", "next", "last"].map((m) => `<button data-move="${m}">${m}</button>`).join("");
  root.innerHTML = `<div class="controls">${buttons}</div><div></div>`;
  const replay = stepper(root.lastElementChild, game.snap.history);
  root.querySelectorAll("button").forEach((b) => b.addEventListener("click", () => replay[b.dataset.move]()));
}

async function start() {
  const agents = await call("/api/agents");
  const options = agents.choices.map((c) => `<option${c === agents.default ? " selected" : ""}>${escapeHTML(c)}</option>`).join("");
  for (const id of ["agent-select", "watch-a", "watch-b"]) $(id).innerHTML = options;
  const runs = await call("/api/runs");
  $("reports-folder").textContent = `Runs with results under ${runs.folder}/ (newest first):`;
  $("reports-list").innerHTML = runs.runs.map((r) => `<li><a href="/reports/${encodeURIComponent(r)}" target="_blank">${escapeHTML(r)}</a></li>`).join("")
    || "<li class='muted'>none yet: run pokergym arena or pokergym match --out</li>";
  $("new-game").addEventListener("click", newGame);
  $("btn-fold").addEventListener("click", () => act("fold"));
  $("btn-check").addEventListener("click", () => act("check"));
  $("btn-call").addEventListener("click", () => act("call"));
  $("btn-allin").addEventListener("click", () => act("all_in"));
  $("btn-raise").addEventListener("click", () => act("raise", $("raise-amount").value));
  $("raise-slider").addEventListener("input", () => { $("raise-amount").value = $("raise-slider").value; });
  $("raise-amount").addEventListener("input", () => { $("raise-slider").value = $("raise-amount").value; });
  $("btn-next").addEventListener("click", nextHand);
  $("btn-replay").addEventListener("click", replayPlayed);
  $("watch-go").addEventListener("click", watch);
  for (const move of ["first", "prev", "next", "last"]) $(`watch-${move}`).addEventListener("click", () => watching && watching[move]());
  document.body.dataset.ready = "1";
  await newGame();
}

start();
