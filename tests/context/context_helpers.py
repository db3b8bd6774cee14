"""Build spots through the real engine from short action strings."""

from __future__ import annotations

from pokergym.cards import parse_cards
from pokergym.engine import Action, HandState, PlayerView

DEFAULT_DECK = "AsKs" + "QhQd" + "2c7d9hTsJc"


def play(actions: str, deck: str = DEFAULT_DECK, button: int = 0) -> HandState:
    """Play space-separated actions: ``k`` check, ``c`` call, ``f`` fold, ``rN`` raise to N chips.

    ``|`` separators are ignored (they only make street breaks readable).
    """
    state = HandState.new(deck=parse_cards(deck), button=button)
    for token in actions.split():
        if token == "|":
            continue
        if token == "k":
            state.check()
        elif token == "c":
            state.call()
        elif token == "f":
            state.fold()
        elif token.startswith("r"):
            state.apply(Action.raise_to(int(token[1:])))
        else:
            raise ValueError(f"bad token {token!r}")
    return state


def actor_view(actions: str, deck: str = DEFAULT_DECK, button: int = 0) -> PlayerView:
    """The view of the seat to act after ``actions``."""
    state = play(actions, deck, button)
    return state.view(state.actor)


def deck_for(btn_hole: str, bb_hole: str, board: str) -> str:
    """A 9-card deck string, padding the board with unused low cards to five cards."""
    used = set(parse_cards(btn_hole + bb_hole + board))
    filler = [c for c in parse_cards("2c3c4c2d3d4d2h3h4h2s3s4s5c5d5h") if c not in used]
    cards = list(parse_cards(btn_hole + bb_hole + board))
    while len(cards) < 9:
        cards.append(filler.pop(0))
    from pokergym.cards import format_cards

    return format_cards(cards)
