"""A hand as one row of integers: the layout of the compiled kernels' state row and action log.

The kernels of :mod:`pokergym.envs.kernel` keep each table's hand in one
row of an ``int64`` array, and log its actions as rows of
:class:`~pokergym.engine.actions.ActionRecord`'s fields; these constants
name the columns (pairs are indexed by seat: ``STACK + seat`` and so on).
They belong to the engine layer, beside the objects they flatten, so that
every layer that reads such a row (the environments' kernel backends, the
compiled context engine) imports them from below, without numba.
"""

from __future__ import annotations

__all__ = [
    "ACTED",
    "ACTIONS",
    "ACTOR",
    "BET",
    "BUTTON",
    "CAN_RAISE",
    "CONTRIBUTION",
    "COUNT",
    "DECK",
    "LAST_RAISE",
    "LOGGED",
    "LOG_FIELDS",
    "MAX_LOG_ROWS",
    "MAX_RAISE_TO",
    "MIN_RAISE_TO",
    "NEXT_BUTTON",
    "PAYOFF",
    "RAISES",
    "SHOWDOWN",
    "STACK",
    "STATE_FIELDS",
    "STREET",
    "TERMINAL",
    "TO_CALL",
]

BUTTON = 0
"""State column: the button's seat."""
STREET = 1
"""State column: the street (0 preflop .. 3 river; the river once the board is run out)."""
STACK = 2
"""State columns ``STACK``, ``STACK + 1``: chips behind of seats 0 and 1."""
BET = 4
"""State columns ``BET``, ``BET + 1``: chips put in on the current street."""
CONTRIBUTION = 6
"""State columns ``CONTRIBUTION``, ``CONTRIBUTION + 1``: chips put in during the hand (matched chips once settled)."""
ACTED = 8
"""State columns ``ACTED``, ``ACTED + 1``: whether each seat has acted on the street (1) or not (0)."""
LAST_RAISE = 10
"""State column: the last full raise increment of the street (the minimum raise)."""
ACTOR = 11
"""State column: the seat to act, -1 when nobody acts."""
TO_CALL = 12
"""State column: chips the seat to act must add to call."""
CAN_RAISE = 13
"""State column: whether the seat to act may bet or raise (1) or not (0)."""
MIN_RAISE_TO = 14
"""State column: the smallest raise-to of the seat to act (0 when it cannot raise)."""
MAX_RAISE_TO = 15
"""State column: the largest raise-to of the seat to act (0 when it cannot raise)."""
TERMINAL = 16
"""State column: whether the hand is over (1) or not (0)."""
SHOWDOWN = 17
"""State column: whether the hand ended at (or is going to) a showdown."""
PAYOFF = 18
"""State columns ``PAYOFF``, ``PAYOFF + 1``: chips won by each seat once the hand is over."""
COUNT = 20
"""State column: the hands dealt since the table was seeded (the dealer's counter)."""
NEXT_BUTTON = 21
"""State column: the next hand's button under alternation, -1 to draw it."""
ACTIONS = 22
"""State columns ``ACTIONS .. ACTIONS + 3``: actions taken per street (the history slot of the next one)."""
RAISES = 26
"""State columns ``RAISES .. RAISES + 7``: bets and raises per street and seat (``2 * street + seat``)."""
DECK = 34
"""State columns ``DECK .. DECK + 8``: the hand's cards (button hole, big-blind hole, board)."""
LOGGED = 43
"""State column: the actions taken so far in the hand (the rows of the action log in use)."""
STATE_FIELDS = 44
"""The number of state columns."""
LOG_FIELDS = 6
"""Columns of an action log row: street, seat, kind (``ActionKind``), to, added, all-in (``ActionRecord``'s fields)."""
MAX_LOG_ROWS = 1 << 16
"""The longest action log a single compiled table allocates (``GameConfig.max_actions`` rows)."""
