"""The memoised betting-line reader answers from its memo exactly what it reads afresh.

``read_line`` memoises on the history, the seats, the street, whether a call
is owed and the blinds posted. If the line depended on anything else, two
views with the same key but different lines would meet in the memo. Views of
seeded random hands (both seats, acting or not, short and uneven stacks,
discrete bet sizes so that histories repeat across hands with different
cards and stacks) are read with a warm memo, then each again with an empty one.
"""

from __future__ import annotations

import numpy as np

from pokergym.context.line import _read_line, read_line
from pokergym.engine import Action, GameConfig, HandState, PlayerView


def random_views(hands: int, seed: int) -> list[PlayerView]:
    """Views of both seats at every decision of ``hands`` seeded random hands."""
    rng = np.random.default_rng(seed)
    configs = [GameConfig(), GameConfig(stacks=(1500, 20000)), GameConfig(stacks=(20000, 80)), GameConfig(25, 50)]
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
                to = state.bets[state.actor] + legal.call_amount + int(pot * rng.choice([0.5, 1.0, 3.0]))
                state.apply(Action.raise_to(max(legal.min_raise_to, min(legal.max_raise_to, to))))
            elif legal.can_fold and roll > 0.93:
                state.fold()
            else:
                state.apply(Action.check() if legal.can_check else Action.call())
        views += [state.view(0), state.view(1)]
    return views


def test_read_line_memo_answers_what_a_fresh_read_gives() -> None:
    _read_line.cache_clear()
    views = random_views(1500, 0)
    warm = [read_line(view) for view in views]
    info = _read_line.cache_info()
    assert info.hits > len(views) // 4, info
    for view, line in zip(views, warm, strict=True):
        _read_line.cache_clear()
        assert read_line(view) == line, view
