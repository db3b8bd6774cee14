"""The betting line: pot type, initiative, role, scenario and weighted pressure.

:func:`read_line` reads the public history of a
:class:`~pokergym.engine.view.PlayerView` and returns a :class:`Line`. The
rules live in one place, the compiled kernel
:func:`pokergym.context._line_kernel.read_line`; this module decodes its
result. In short:

* Pot type: preflop bets and raises, 0 = limp pot, 1 = single-raised (SRP),
  2 = 3-bet, 3 = 4-bet, 4 or more = 5-bet-plus.
* Initiative: the last preflop raiser (the button in a limped pot), then
  whoever made the last bet or raise of each finished street.
* Role: ``aggressor`` when the hero holds the initiative, ``defender`` when
  the opponent does, ``normal`` once a finished street went check-check and
  nobody has bet since.
* Scenario: one of the sixty action-line IDs (see
  :class:`~pokergym.context.record.Scenario`); the kernel's ``_scenario``
  and ``_river`` say how each street's line maps to an ID.
* Pressure: every postflop bet and raise gets its weight from the table of
  :mod:`~pokergym.context.pressure`; the totals cover both players and the
  hero alone.

Example:
    >>> from pokergym.cards import parse_cards
    >>> from pokergym.engine import HandState
    >>> s = HandState.new(deck=parse_cards("Ah9d5c4cJc7s6h6c9h"), button=0)
    >>> s.raise_to(250); s.call(); s.raise_to(300)  # the big blind leads the flop
    >>> line = read_line(s.view(0))  # the button, the preflop raiser, faces the lead
    >>> line.pot_type.value, line.role.value, line.scenario.value
    ('srp', 'aggressor', 'F-A3')
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import NamedTuple

import numpy as np

from pokergym.engine.actions import ActionRecord, Street
from pokergym.engine.view import PlayerView

from . import _line_kernel
from .record import PotType, Role, Scenario, new_record

__all__ = ["Line", "read_line"]

_POT_TYPES = tuple(PotType)
_ROLES = tuple(Role)
_SCENARIOS = tuple(Scenario)


class Line(NamedTuple):
    """What the betting so far says.

    An immutable named tuple: :func:`analyze` reads one per decision, and a
    named tuple costs a fraction of a frozen record to build.

    Attributes:
        pot_type: pot type from the preflop raises.
        preflop_raises: number of preflop bets and raises.
        initiative: seat with the initiative, or ``None`` before any raise preflop.
        role: the hero's role on the current street.
        scenario: the postflop scenario ID (``None`` preflop).
        pot: pot at the start of the current street.
        weights: pressure weight of every postflop bet or raise, in order.
        weighted_total: sum of ``weights``.
        weighted_hero: sum of the hero's weights.
        facing_pct: size of the bet or raise the hero faces (percent of pot), or ``None``.
        facing_weight: its weight (0 when not facing one).
        facing_raise: whether the hero faces a raise of its own bet on this street.
        street_bets: bets and raises made on the current street.
    """

    pot_type: PotType
    preflop_raises: int
    initiative: int | None
    role: Role
    scenario: Scenario | None
    pot: int
    weights: tuple[float, ...]
    weighted_total: float
    weighted_hero: float
    facing_pct: float | None
    facing_weight: float
    facing_raise: bool
    street_bets: int


def read_line(view: PlayerView) -> Line:
    """Read pot type, initiative, role, scenario and pressure from a view.

    The line depends on the public history, the seats, the street, whether a
    call is owed and the blinds posted; it is memoised on exactly these, so
    the decisions of different hands that share a betting history read it
    once.

    Example:
        >>> from pokergym.engine import HandState
        >>> s = HandState.new(deck=tuple(range(9)), button=0)
        >>> s.raise_to(250); s.call(); s.check()
        >>> line = read_line(s.view(0))
        >>> line.scenario.value, line.role.value, line.pot
        ('F-A1', 'aggressor', 500)
    """
    button = view.button
    legal = view.legal
    config = view.config
    stacks = config.stacks
    blinds = min(config.small_blind, stacks[button]) + min(config.big_blind, stacks[1 - button])
    facing = legal is not None and legal.call_amount > 0
    return _read_line(view.history, view.seat, button, view.street, facing, blinds)


@lru_cache(maxsize=1 << 14)
def _read_line(
    history: tuple[ActionRecord, ...], hero: int, button: int, current: Street, facing: bool, blinds: int
) -> Line:
    """The :class:`Line` of a history read by seat ``hero``; ``facing``: a call is owed; ``blinds``: chips posted."""
    n = len(history)
    weights = np.empty(n)
    facts = _line_kernel.line_of(
        _line_kernel.history_array(history), n, hero, button, int(current), facing, blinds, weights
    )
    facing_pct = facts.facing_pct
    # Every field, in order (see new_record).
    return new_record(
        Line,
        (
            _POT_TYPES[facts.pot_type],
            int(facts.preflop_raises),
            None if facts.initiative < 0 else int(facts.initiative),
            _ROLES[facts.role],
            None if facts.scenario < 0 else _SCENARIOS[facts.scenario],
            int(facts.pot),
            tuple(weights[: facts.n_weights].tolist()),
            float(facts.weighted_total),
            float(facts.weighted_hero),
            None if math.isnan(facing_pct) else float(facing_pct),
            float(facts.facing_weight),
            bool(facts.facing_raise),
            int(facts.street_bets),
        ),
    )
