"""A seat's ``HUNL-v0`` observation, action mask and raise sizes from its view alone, in one compiled call.

An agent trained on the environment plays elsewhere from a
:class:`~pokergym.engine.view.PlayerView`. :class:`ViewEncoder` replays the
view's public actions on a one-table kernel row (:func:`~pokergym.envs.kernel.replay_view`:
the environment's own kernels, so the vector is the one the learner saw) and
returns the seat's observation vector, its discrete action mask and the
raise-to amount of every action id. The cards the seat cannot see (the
opponent's hole cards, the undealt board) are filled with unused ones, which
the seat's observation never shows.

Example:
    >>> import numpy as np
    >>> from pokergym.engine import GameConfig, HandState
    >>> from pokergym.envs import DiscreteActions, ObservationLayout, SeatEncoder
    >>> state = HandState.new(rng=np.random.default_rng(3))
    >>> state.raise_to(300)
    >>> view = state.view(state.actor)
    >>> vector, mask, sizes = ViewEncoder(GameConfig()).encode(view)
    >>> expected = SeatEncoder(ObservationLayout(GameConfig(), 6), view.seat).reset(state).encode(state)
    >>> bool(np.array_equal(vector, expected)), mask.tolist() == DiscreteActions().mask(state).tolist()
    (True, True)
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from pokergym.engine.actions import ActionKind
from pokergym.engine.config import GameConfig
from pokergym.engine.row_layout import BUTTON, DECK, LOG_FIELDS
from pokergym.engine.view import PlayerView
from pokergym.envs.discrete import DEFAULT_FRACTIONS
from pokergym.envs.kernel import KernelTables, replay_view
from pokergym.errors import ConfigError

__all__ = ["ViewEncoder", "public_deck"]

# The observation history's columns of each action kind (pokergym.envs.kernel's _FOLD_COLUMN, ...).
_COLUMNS = {
    ActionKind.FOLD: 2,
    ActionKind.CHECK: 3,
    ActionKind.CALL: 4,
    ActionKind.BET: 5,
    ActionKind.RAISE: 5,
}


def public_deck(view: PlayerView) -> tuple[int, ...]:
    """The engine's 9-card deck (button's hole cards, big blind's, board) as far as ``view`` shows it.

    The cards the view does not show (the opponent's hole cards, the undealt board) are the lowest unused
    ones, which nothing the seat observes reads.

    Example:
        >>> from pokergym.engine import HandState
        >>> view = HandState.new(deck=tuple(range(10, 19)), button=0).view(0)
        >>> public_deck(view)
        (10, 11, 0, 1, 2, 3, 4, 5, 6)
    """
    board = view.board
    known = {*view.hole, *board}
    needed = 7 - len(board)  # the opponent's two cards and the undealt board
    spare = [card for card in range(needed + len(known)) if card not in known][:needed]
    other = spare[:2]
    holes = (*view.hole, *other) if view.is_button else (*other, *view.hole)
    return (*holes, *board, *spare[2:])


class ViewEncoder:
    """The observation, mask and raise sizes of views of one game configuration.

    Args:
        config: blinds and stacks of the views (both stacks must exceed the big blind, as in the kernels).
        raise_fractions: the discrete mode's pot fractions.
        history_slots: action slots per street in the observation.

    Attributes:
        tables: the one table's kernel arrays; after :meth:`encode`, ``tables.state[0]`` is the replayed hand.
        log: ``int64 (1, config.max_actions, LOG_FIELDS)``, the replayed hand's actions (as
            :class:`~pokergym.envs.compiled.CompiledTable` keeps them, so a
            :class:`~pokergym.wrappers._base.TableFeature` reads the encoder as it reads a table).

    Raises:
        ConfigError: a setting the kernels cannot play.
    """

    def __init__(
        self, config: GameConfig, raise_fractions: Sequence[float] = DEFAULT_FRACTIONS, history_slots: int = 6
    ) -> None:
        """Allocate the one-table arrays (see the class docstring)."""
        self.config = config
        self.tables = KernelTables(1, config, raise_fractions, 0, None, history_slots)
        self.log = np.zeros((1, config.max_actions, LOG_FIELDS), np.int64)
        width = self.tables.masks.shape[1]
        self._vector = np.zeros_like(self.tables.observations)
        self._mask = np.zeros_like(self.tables.masks)
        self._sizes = np.zeros(width - 2, np.int64)

    def encode(self, view: PlayerView) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.int8], npt.NDArray[np.int64]]:
        """The seat's observation vector, its action mask and each raise id's raise-to amount (fresh arrays).

        The sizes are those of ids 2 onwards (the pot fractions, 0 where masked, then all-in).

        Raises:
            ConfigError: if the view's configuration is not the encoder's.
        """
        if view.config is not self.config and view.config != self.config:
            raise ConfigError(f"the view's game {view.config} is not this encoder's {self.config}")
        tables = self.tables
        row = tables.state[0]
        row[DECK : DECK + 9] = public_deck(view)
        row[BUTTON] = view.button
        moves = np.array([(_COLUMNS[record.kind], record.to) for record in view.history], np.int64).reshape(-1, 2)
        replay_view(
            tables.state, tables.observations, tables.masks, tables.settings, tables.fractions, tables.scale,
            self.log, moves, view.seat, self._vector, self._mask, self._sizes,
        )  # fmt: skip
        return self._vector[0].copy(), self._mask[0].copy(), self._sizes.copy()
