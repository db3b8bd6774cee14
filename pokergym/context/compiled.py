"""The PokerSkill feature vector in one compiled call, from a view or from a compiled table.

:func:`skill_features` returns exactly ``skill_vector(analyze(view))``
(:mod:`pokergym.context.vector`) without building the context record: the
whole engine runs in numba kernels. :func:`row_skill_features` reads a hand
as a state row and action log, as an environment's compiled table keeps it,
so the observation wrappers never rebuild the hand as engine objects. The
Python engine (:func:`pokergym.context.analyze`) stays the reference.

The first call in a process loads the compiled kernels from numba's disk
cache (about half a second); when the cache is cold (a fresh install, or
after the package's sources change) it compiles them first, which takes
about a minute on a 2-core machine, once.

Example:
    >>> import numpy as np
    >>> from pokergym.context import analyze
    >>> from pokergym.context.vector import skill_vector
    >>> from pokergym.engine import HandState
    >>> state = HandState.new(deck=tuple(range(9)), button=0)
    >>> state.raise_to(300); state.call()
    >>> view = state.view(1)
    >>> bool(np.array_equal(skill_features(view), skill_vector(analyze(view))))
    True
"""

from __future__ import annotations

import numpy as np

from pokergym.context import _BOARD_SIZE, board_of
from pokergym.context._context_kernel import row_features
from pokergym.context._line_kernel import history_array
from pokergym.context.vector import N_FEATURES
from pokergym.engine.config import GameConfig
from pokergym.engine.row_layout import (
    BUTTON,
    CAN_RAISE,
    CONTRIBUTION,
    DECK,
    LOG_FIELDS,
    LOGGED,
    STACK,
    STATE_FIELDS,
    STREET,
    TO_CALL,
)
from pokergym.engine.view import PlayerView
from pokergym.errors import ContextError

__all__ = ["row_skill_features", "skill_features"]


def skill_features(view: PlayerView) -> np.ndarray:
    """The PokerSkill feature vector of ``view``: equal to ``skill_vector(analyze(view))``.

    Args:
        view: one seat's view, any street; the viable options are encoded
            only when it carries legal actions.

    Returns:
        A fresh ``float32`` array of :data:`~pokergym.context.vector.N_FEATURES` entries.

    Raises:
        ContextError: if the board does not fit the street, or the cards are malformed or repeated.

    Example:
        >>> from pokergym.context.vector import FEATURE_NAMES
        >>> from pokergym.engine import HandState
        >>> v = skill_features(HandState.new(deck=tuple(range(9)), button=0).view(0))
        >>> [FEATURE_NAMES[i] for i in np.flatnonzero(v)]
        ['is_ip', 'pot_limp', 'role_defender', 'preflop_btn_first', 'spr']
    """
    board = board_of(view)
    legal = view.legal
    row = [0] * STATE_FIELDS
    row[BUTTON] = view.button
    row[STREET] = view.street
    row[STACK], row[STACK + 1] = view.stacks
    row[CONTRIBUTION], row[CONTRIBUTION + 1] = view.contributions
    if legal is not None:
        row[TO_CALL] = legal.call_amount
        row[CAN_RAISE] = legal.can_raise
    if view.street:  # the cards are read after the flop only (as analyze reads them); board_of checked them
        hole_at = DECK if view.seat == view.button else DECK + 2
        row[hole_at], row[hole_at + 1] = view.hole
        row[DECK + 4 : DECK + 4 + len(board)] = board
    row[LOGGED] = len(view.history)
    log = history_array(view.history)
    return row_skill_features(np.array(row, np.int64), log, view.seat, legal is not None, view.config, check=False)


def row_skill_features(
    row: np.ndarray, log: np.ndarray, seat: int, acting: bool, config: GameConfig, *, check: bool = True
) -> np.ndarray:
    """The PokerSkill feature vector of ``seat``'s view of a hand given as a state row and action log.

    This is how the observation wrappers read an environment's compiled table
    (:class:`~pokergym.envs.compiled.CompiledTable`: its ``tables.state[0]``
    and ``log[0]``); the result equals :func:`skill_features` of the same hand's view.

    Args:
        row: ``int64`` state row (:mod:`pokergym.engine.row_layout`), read only.
        log: ``int64`` action log, one row per action, the first ``row[LOGGED]`` in use; read only.
        seat: the observed seat.
        acting: whether the view carries legal actions (the seat's turn, its mask not all zeros).
        config: the game's blinds and starting stacks.
        check: validate the arguments first (the kernel reads memory unchecked); the wrappers,
            which pass a compiled table's own arrays, skip it.

    Returns:
        A fresh ``float32`` array of :data:`~pokergym.context.vector.N_FEATURES` entries.

    Raises:
        ContextError: with ``check``, if the seat is not 0 or 1, or the row or log is not an ``int64``
            array of the layout's shape with every logged action in it.

    Example:
        >>> import gymnasium as gym
        >>> import pokergym
        >>> from pokergym.engine.view import make_view
        >>> env = gym.make("HUNL-v0")
        >>> _ = env.reset(seed=1)
        >>> table = env.unwrapped.compiled
        >>> v = row_skill_features(table.tables.state[0], table.log[0], 0, True, table.config)
        >>> bool(np.array_equal(v, skill_features(make_view(env.unwrapped.hand, 0))))
        True
    """
    if check:
        _check_row(row, log, seat)
    start0, start1 = config.stacks
    out = np.empty(N_FEATURES, np.float32)
    row_features(out, row, log, seat, acting, config.small_blind, config.big_blind, start0, start1)
    return out


def _check_row(row: np.ndarray, log: np.ndarray, seat: int) -> None:
    """Raise ``ContextError`` unless :func:`row_skill_features` may read these arguments."""
    if seat not in (0, 1):
        raise ContextError(f"seat must be 0 or 1, got {seat!r}")
    if not (isinstance(row, np.ndarray) and row.dtype == np.int64 and row.shape == (STATE_FIELDS,)):
        raise ContextError(f"row must be an int64 array of shape ({STATE_FIELDS},), got {row!r}")
    if not (isinstance(log, np.ndarray) and log.dtype == np.int64 and log.ndim == 2 and log.shape[1] == LOG_FIELDS):
        raise ContextError(f"log must be an int64 array of shape (n, {LOG_FIELDS}), got {log!r}")
    if not 0 <= row[LOGGED] <= log.shape[0]:
        raise ContextError(f"the row logs {row[LOGGED]} actions but the log holds {log.shape[0]} rows")
    street = int(row[STREET])
    if not (0 <= street <= 3 and row[BUTTON] in (0, 1)):
        raise ContextError(f"the row's street {street} or button {row[BUTTON]} is out of range")
    if street:
        hole_at = DECK if seat == row[BUTTON] else DECK + 2
        cards = [*row[hole_at : hole_at + 2].tolist(), *row[DECK + 4 : DECK + 4 + _BOARD_SIZE[street]].tolist()]
        if len(set(cards)) != len(cards) or not all(0 <= c < 52 for c in cards):
            raise ContextError(f"the seat's hole cards and the board must be distinct codes in 0..51, got {cards}")
