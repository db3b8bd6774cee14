"""The memoised betting-line reader answers from its memo exactly what it reads afresh.

``read_line`` memoises on the history, the seats, the street, whether a call
is owed and the blinds posted. If the line depended on anything else, two
views with the same key but different lines would meet in the memo. Views of
seeded random hands (both seats, acting or not, short and uneven stacks,
discrete bet sizes so that histories repeat across hands with different
cards and stacks) are read with a warm memo, then each again with an empty one.
"""

from __future__ import annotations

from context_helpers import random_views

from pokergym.context.line import _read_line, read_line
from pokergym.engine import GameConfig

CONFIGS = (GameConfig(), GameConfig(stacks=(1500, 20000)), GameConfig(stacks=(20000, 80)), GameConfig(25, 50))


def test_read_line_memo_answers_what_a_fresh_read_gives() -> None:
    _read_line.cache_clear()
    views = random_views(1500, 0, CONFIGS, all_in=0.0, sizes=(0.5, 1.0, 3.0))
    warm = [read_line(view) for view in views]
    info = _read_line.cache_info()
    assert info.hits > len(views) // 4, info
    for view, line in zip(views, warm, strict=True):
        _read_line.cache_clear()
        assert read_line(view) == line, view
