"""Build spots through the real engine from short action strings."""

from __future__ import annotations

import numpy as np

from pokergym.cards import parse_cards
from pokergym.engine import Action, GameConfig, HandState, PlayerView

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


SIZES = (0.25, 0.33, 0.5, 0.75, 1.0, 1.5, 3.0)


def random_views(
    hands: int,
    seed: int,
    configs: tuple[GameConfig, ...] = (GameConfig(),),
    all_in: float = 0.05,
    sizes: tuple[float, ...] = SIZES,
) -> list[PlayerView]:
    """Both seats' views at every decision, and at the end, of seeded random hands.

    Bets and raises are one of ``sizes`` (pot fractions) or, with probability
    ``all_in``, all in; a small share of folds; each hand takes a random
    config of ``configs``.
    """
    rng = np.random.default_rng(seed)
    views = []
    for _ in range(hands):
        config = configs[int(rng.integers(len(configs)))]
        state = HandState.new(button=int(rng.integers(2)), rng=rng, config=config)
        while not state.terminal:
            views += [state.view(0), state.view(1)]
            legal = state.legal_actions()
            roll = rng.random()
            if legal.can_raise and roll < 0.4:
                pot = state.pot + legal.call_amount
                size = legal.call_amount + int(pot * rng.choice(sizes))
                to = legal.max_raise_to if all_in and rng.random() < all_in else state.bets[state.actor] + size
                state.apply(Action.raise_to(max(legal.min_raise_to, min(legal.max_raise_to, to))))
            elif legal.can_fold and roll > 0.94:
                state.fold()
            else:
                state.apply(Action.check() if legal.can_check else Action.call())
        views += [state.view(0), state.view(1)]
    return views
