// pokergym hand replayer: turns one hand history (HandHistory.to_dict) into steps and draws them.
// Shared by the report page and the local web app. Plain JavaScript, no library.
"use strict";

const STREETS = ["preflop", "flop", "turn", "river"];
const BOARD_COUNT = { preflop: 0, flop: 3, turn: 4, river: 5 };
const SUIT_SIGN = { s: "\u2660", h: "\u2665", d: "\u2666", c: "\u2663" };

function splitCards(text) {
  const cards = [];
  for (let i = 0; i + 1 < (text || "").length; i += 2) cards.push(text.slice(i, i + 2));
  return cards;
}

function cardHTML(card) {
  if (!card) return '<span class="card back"></span>';
  const suit = card[1];
  return `<span class="card suit-${suit}" data-card="${card}">${card[0]}${SUIT_SIGN[suit] || suit}</span>`;
}

function cardsHTML(cards) {
  return cards.map(cardHTML).join("");
}

function escapeHTML(text) {
  return String(text).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
}

function seatName(hand, seat) {
  return (hand.names && hand.names[seat]) || `seat ${seat}`;
}

function describeAction(hand, record) {
  const who = seatName(hand, record.seat);
  const kind = record.kind;
  let text = `${who} ${kind}s`;
  if (kind === "call") text += ` ${record.added}`;
  if (kind === "bet" || kind === "raise") text += ` to ${record.to}`;
  if (kind === "check") text = `${who} checks`;
  return text + (record.all_in ? " (all-in)" : "");
}

// The board the engine shows after action `index` (or after the blinds for index -1).
function boardAfter(hand, index) {
  const board = splitCards(hand.board);
  const actions = hand.actions;
  if (index + 1 < actions.length) return board.slice(0, BOARD_COUNT[actions[index + 1].street]);
  if (hand.payoffs && hand.showdown) return board.slice(0, 5);
  const last = index >= 0 ? actions[index].street : "preflop";
  return board.slice(0, BOARD_COUNT[last]);
}

function resultText(hand) {
  const [p0, p1] = hand.payoffs;
  const names = [seatName(hand, 0), seatName(hand, 1)];
  const holes = hand.hole_cards.map(splitCards);
  const head = p0 === 0 ? "split pot" : `${names[p0 > 0 ? 0 : 1]} wins ${Math.abs(p0)} chips`;
  if (hand.showdown) return `showdown: ${names[0]} shows ${holes[0].join(" ")}, ${names[1]} shows ${holes[1].join(" ")}; ${head}`;
  const folder = hand.actions.length ? seatName(hand, hand.actions[hand.actions.length - 1].seat) : "";
  return `${folder} folds, no showdown; ${head}`;
}

// Every step of a hand: after the blinds, then after each action (the last carries the result).
function replaySteps(hand) {
  const start = hand.config.stacks;
  const button = hand.button;
  const paid = [0, 0];
  paid[button] = Math.min(hand.config.small_blind, start[button]);
  paid[1 - button] = Math.min(hand.config.big_blind, start[1 - button]);
  const steps = [];
  const push = (index, text) => {
    const board = boardAfter(hand, index);
    const finished = index === hand.actions.length - 1 && hand.payoffs;
    const contributions = finished ? paid.map((c, s) => c - hand.returned[s]) : paid.slice();
    steps.push({
      index, text, board,
      street: STREETS[[0, 3, 4, 5].indexOf(board.length)],
      pot: contributions[0] + contributions[1],
      stacks: contributions.map((c, s) => start[s] - c),
      contributions,
      result: finished ? resultText(hand) : "",
    });
  };
  push(-1, `blinds: ${seatName(hand, button)} ${paid[button]}, ${seatName(hand, 1 - button)} ${paid[1 - button]}`);
  hand.actions.forEach((record, index) => {
    paid[record.seat] += record.added;
    push(index, describeAction(hand, record));
  });
  return steps;
}

// Draw one step of `hand` into `root` (an element): seats with cards and stacks, board, pot, what happened.
function renderStep(root, hand, steps, at) {
  const step = steps[at];
  const holes = hand.hole_cards.map(splitCards);
  const seat = (s) => `<div class="seat${s === hand.button ? " button" : ""}" data-seat="${s}">
      <div class="who">${escapeHTML(seatName(hand, s))}${s === hand.button ? ' <span class="dealer">D</span>' : ""}</div>
      <div class="hole">${cardsHTML(holes[s])}</div>
      <div class="stack">stack <b class="stack-value">${step.stacks[s]}</b> · in pot ${step.contributions[s]}</div>
    </div>`;
  root.innerHTML = `<div class="felt">
      ${seat(1)}
      <div class="middle">
        <div class="board" data-board="${step.board.join("")}">${cardsHTML(step.board) || '<span class="muted">no board yet</span>'}</div>
        <div class="pot">pot <b class="pot-value">${step.pot}</b> · ${step.street}</div>
      </div>
      ${seat(0)}
    </div>
    <div class="step-text">step ${at + 1} of ${steps.length}: <span class="action-text">${escapeHTML(step.text)}</span></div>
    <div class="result-text">${escapeHTML(step.result)}</div>`;
}
