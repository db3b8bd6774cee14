"""A plain-text table of a hand, for ``render_mode="ansi"`` and ``"human"``.

The renderer is a spectator: it shows both seats' hole cards.

Example:
    >>> from pokergym.cards import parse_cards
    >>> from pokergym.engine import HandState
    >>> hand = HandState.new(deck=parse_cards("AsAhKsKh2c7d9hJsQd"), button=0)
    >>> hand.raise_to(300); hand.call()
    >>> print(render_hand(hand, names=("you", "bot")))
    flop | pot 600 (6 BB) | board 2c 7d 9h
      you  button  As Ah  stack 19700  bet     0
      bot  big     Ks Kh  stack 19700  bet     0  <- to act
    preflop: you raises to 300, bot calls 200
"""

from __future__ import annotations

from pokergym.cards import CARD_STRINGS
from pokergym.engine.actions import ActionKind, Street
from pokergym.engine.state import HandState

__all__ = ["render_hand"]

_VERBS = {
    ActionKind.FOLD: "folds",
    ActionKind.CHECK: "checks",
}


def render_hand(hand: HandState, names: tuple[str, str] = ("seat 0", "seat 1")) -> str:
    """Describe ``hand`` as a few lines of text: street, pot, board, seats, actions, result."""
    big_blind = hand.config.big_blind
    pot = hand.pot
    board = " ".join(CARD_STRINGS[c] for c in hand.board) or "-"
    lines = [f"{hand.street.name.lower()} | pot {pot} ({pot / big_blind:g} BB) | board {board}"]
    width = max(len(n) for n in names)
    for seat in (0, 1):
        cards = " ".join(CARD_STRINGS[c] for c in hand.hole(seat))
        role = "button" if seat == hand.button else "big   "
        marker = "  <- to act" if seat == hand.actor else ""
        lines.append(
            f"  {names[seat]:>{width}}  {role}  {cards}  stack {hand.stacks[seat]:5d}  bet {hand.bets[seat]:5d}{marker}"
        )
    for street in Street:
        said = [_say(names[r.seat], r.kind, r.to, r.added, r.all_in) for r in hand.history if r.street == street]
        if said:
            lines.append(f"{street.name.lower()}: {', '.join(said)}")
    if hand.payoffs is not None:
        how = "showdown" if hand.showdown else "fold"
        result = ", ".join(f"{names[s]} {hand.payoffs[s]:+d}" for s in (0, 1))
        lines.append(f"result ({how}): {result}")
    return "\n".join(lines)


def _say(name: str, kind: ActionKind, to: int, added: int, all_in: bool) -> str:
    if kind == ActionKind.CALL:
        verb = f"calls {added}"
    elif kind == ActionKind.BET:
        verb = f"bets {to}"
    elif kind == ActionKind.RAISE:
        verb = f"raises to {to}"
    else:
        verb = _VERBS[kind]
    return f"{name} {verb}" + (" (all-in)" if all_in else "")
