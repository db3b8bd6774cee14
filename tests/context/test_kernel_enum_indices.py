"""The kernels' class indices written as integers are the enums' declaration order.

The hand and budget kernels name ``MadeClass``, ``DrawClass``, ``SlowPlay`` and
``PotType`` members by their index, as plain integers numba freezes into the
code. Reordering an enum would change every answer silently; this pins each
integer to its member.
"""

from __future__ import annotations

from enum import Enum

import pytest

from pokergym.context import _budget_kernel as budget
from pokergym.context import _hand_kernel as hand
from pokergym.context.record import DrawClass, MadeClass, PotType, SlowPlay

_MADE = {
    "_NUTS": MadeClass.NUTS,
    "_FLUSH": MadeClass.FLUSH,
    "_STRAIGHT": MadeClass.STRAIGHT,
    "_SET": MadeClass.SET,
    "_TRIPS": MadeClass.TRIPS,
    "_TWO_PAIR": MadeClass.TWO_PAIR,
    "_OVERPAIR": MadeClass.OVERPAIR,
    "_TOP_PAIR": MadeClass.TOP_PAIR,
    "_SECOND_PAIR": MadeClass.SECOND_PAIR,
    "_THIRD_PAIR": MadeClass.THIRD_PAIR,
    "_FOURTH_FIFTH_PAIR": MadeClass.FOURTH_FIFTH_PAIR,
    "_NUTS_HIGH": MadeClass.NUTS_HIGH,
    "_SECOND_HIGH": MadeClass.SECOND_HIGH,
    "_WEAK_SHOWDOWN": MadeClass.WEAK_SHOWDOWN,
    "_TRASH": MadeClass.TRASH,
}
_HAND_DRAWS = {
    "_STRONG": DrawClass.STRONG_DRAW,
    "_MEDIUM_STRONG": DrawClass.MEDIUM_STRONG_DRAW,
    "_MEDIUM": DrawClass.MEDIUM_DRAW,
    "_MEDIUM_WEAK": DrawClass.MEDIUM_WEAK_DRAW,
    "_STRONG_OVERCARD": DrawClass.STRONG_OVERCARD_DRAW,
    "_WEAK": DrawClass.WEAK_DRAW,
    "_MEDIUM_OVERCARD": DrawClass.MEDIUM_OVERCARD_DRAW,
    "_WEAK_OVERCARD": DrawClass.WEAK_OVERCARD_DRAW,
    "_NO_DRAW": DrawClass.NO_DRAW,
}
_SLOW = {
    "_TRAP": SlowPlay.TRAP,
    "_LEAN_SLOW_PLAY": SlowPlay.LEAN_SLOW_PLAY,
    "_LEAN_FAST_PLAY": SlowPlay.LEAN_FAST_PLAY,
    "NO_SLOW_PLAY": SlowPlay.NO_SLOW_PLAY,
}


def _index(member: Enum) -> int:
    return list(type(member)).index(member)


@pytest.mark.parametrize(
    ("module", "names"),
    [
        (budget, {**_MADE, "_NO_DRAW": DrawClass.NO_DRAW, **_SLOW}),
        (
            hand,
            {**{k: v for k, v in _MADE.items() if hasattr(hand, k)}, **_HAND_DRAWS, "_THREE_BET": PotType.THREE_BET},
        ),
    ],
    ids=["budget", "hand"],
)
def test_each_integer_is_its_members_index(module: object, names: dict[str, Enum]) -> None:
    assert {name: getattr(module, name) for name in names} == {name: _index(m) for name, m in names.items()}


def test_draw_classes_are_numbered_by_strength_with_no_draw_last() -> None:
    # The budget tables fill their draw rows in declaration order and read them by ``DrawClass.rank``.
    assert [d.rank for d in DrawClass] == list(range(len(DrawClass)))
    assert list(DrawClass)[-1] is DrawClass.NO_DRAW
