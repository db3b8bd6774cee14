"""The table both environments sit at: dealing, the button, actions, observations.

:class:`HandTable` holds what the Gymnasium and PettingZoo environments share:
the game config, the action codec, the observation encoders of both seats,
the button schedule and the illegal-action policy. The environments only add
their own API on top.

Example:
    >>> table = HandTable(GameConfig(), button=0)
    >>> hand = table.deal(Dealer.from_seed(0))
    >>> hand.button, hand.actor
    (0, 0)
    >>> table.act(0, 1)  # the small blind calls
    True
    >>> table.observe(1)["action_mask"]  # big blind: no fold when checking is free
    array([0, 1, 1, 0, 1, 1, 1, 1, 1], dtype=int8)
    >>> table.observe(0)["action_mask"]  # not seat 0's turn
    array([0, 0, 0, 0, 0, 0, 0, 0, 0], dtype=int8)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Unpack, cast

import numpy as np
from gymnasium import spaces

from pokergym.engine.config import DEFAULT_CONFIG, GameConfig
from pokergym.engine.dealer import Dealer
from pokergym.engine.row_layout import MAX_LOG_ROWS
from pokergym.engine.state import HandState
from pokergym.envs.actions import ActionCodec, make_codec
from pokergym.envs.discrete import DiscreteActions
from pokergym.envs.observation import ObservationLayout, SeatEncoder
from pokergym.envs.options import ButtonMode, EnvOptions, IllegalMode, TableKeywords, table_options
from pokergym.envs.render import render_hand
from pokergym.errors import HandOverError, IllegalActionError, OutOfTurnError

if TYPE_CHECKING:
    from pokergym.envs.backends import TableBackend
    from pokergym.envs.compiled import CompiledTable

__all__ = ["ButtonMode", "HandTable", "IllegalMode", "TableFront"]


class HandTable:
    """Deals hands and turns encoded actions into engine moves for both environments.

    Args:
        config: blinds and stacks.
        **keywords: the other settings (:class:`~pokergym.envs.options.TableKeywords`):
            the fields of :class:`~pokergym.envs.options.EnvOptions` but the
            render mode and the backend, described and defaulted there. With
            ``illegal_action="penalty"`` :meth:`act` returns ``False`` for an
            illegal action.

    Raises:
        ConfigError: a keyword is unknown or a setting is invalid.

    Attributes:
        config, codec, layout: the settings, action codec and observation layout.
        observation_space: ``Dict(observation=Box, action_mask=Box(int8))``.
        action_space: the codec's space.
        penalty: the illegal-action penalty in big blinds.
        hand: the current :class:`HandState` (``None`` before the first deal).
        aborted: whether the current hand was ended by an illegal action.
    """

    __slots__ = (
        "_encoders",
        "_next_button",
        "_no_actions",
        "aborted",
        "action_space",
        "button_mode",
        "codec",
        "config",
        "hand",
        "layout",
        "observation_space",
        "options",
        "penalty",
        "raise_on_illegal",
    )

    def __init__(self, config: GameConfig = DEFAULT_CONFIG, **keywords: Unpack[TableKeywords]) -> None:
        """Check the options and build the codec, layout and encoders."""
        options = table_options(config, keywords)
        self._build(options)

    @classmethod
    def from_options(cls, options: EnvOptions) -> HandTable:
        """The table of already checked ``options`` (their render mode and backend are the environment's business).

        Example:
            >>> HandTable.from_options(EnvOptions(button=1)).button_mode
            1
        """
        table = cls.__new__(cls)
        table._build(options)
        return table

    def _build(self, options: EnvOptions) -> None:
        """Build the codec, layout, spaces and encoders of ``options``."""
        config = options.config
        self.options = options
        self.config = config
        self.codec: ActionCodec = make_codec(options.action_mode, config, options.raise_fractions)
        self.layout = ObservationLayout(config, options.history_slots)
        self.action_space: spaces.Space[Any] = self.codec.space
        self.observation_space: spaces.Space[dict[str, np.ndarray]] = cast(
            "spaces.Space[dict[str, np.ndarray]]",
            spaces.Dict(
                {
                    "observation": self.layout.space,
                    "action_mask": spaces.Box(0, 1, (self.codec.mask_size,), np.int8),
                }
            ),
        )
        self.button_mode = options.button
        self.raise_on_illegal = options.raise_on_illegal
        self.penalty = options.penalty
        self.hand: HandState | None = None
        self.aborted = False
        self._next_button: int | None = None
        self._encoders = (SeatEncoder(self.layout, 0), SeatEncoder(self.layout, 1))
        self._no_actions = np.zeros(self.codec.mask_size, np.int8)

    def kernel_obstacle(self) -> str | None:
        """Why a :class:`~pokergym.envs.compiled.CompiledTable` cannot play these settings, or ``None`` if it can."""
        if not isinstance(self.codec, DiscreteActions):
            return "the kernel supports the discrete action mode only"
        if self.config.max_actions > MAX_LOG_ROWS:
            return f"stacks of {self.config.stacks} chips are too many big blinds deep for the action log"
        return None

    def compiled(self, *, reply: bool) -> CompiledTable:
        """A :class:`~pokergym.envs.compiled.CompiledTable` with these settings (imports numba).

        Args:
            reply: whether the calling station plays seat 1.
        """
        from pokergym.envs.compiled import CompiledTable

        codec = cast(DiscreteActions, self.codec)
        slots = self.layout.history_slots
        return CompiledTable(self.config, codec.fractions, self.button_mode, slots, reply=reply)

    @property
    def next_button(self) -> int | None:
        """The next hand's button under ``"alternate"``: ``None`` until a hand is dealt after :meth:`reseed`."""
        return self._next_button

    def reseed(self) -> None:
        """Forget the alternation, so the next hand draws its button from the dealer."""
        self._next_button = None

    def deal(self, dealer: Dealer) -> HandState:
        """Start the dealer's next hand (the encoders follow by themselves).

        A drawn button (the first hand after :meth:`reseed` under
        ``"alternate"``, every hand under ``"random"``) is the button bit the
        dealer gives with the cards.
        """
        cards, bit = dealer.deal()
        mode = self.button_mode
        if mode == "alternate":
            button = self._next_button
            if button is None:
                button = bit
            self._next_button = 1 - button
        elif mode == "random":
            button = bit
        else:
            button = mode
        hand = HandState.start(self.config, button, cards)
        self.hand = hand
        self.aborted = False
        return hand

    def act(self, seat: int, action: Any) -> bool:
        """Apply ``action`` for ``seat`` (the seat to act).

        Returns:
            ``True`` if the action was legal and taken; ``False`` if it was
            illegal under ``illegal_action="penalty"`` (the hand is then over).

        Raises:
            HandOverError: the hand is already over.
            OutOfTurnError: ``seat`` is not the seat to act.
            IllegalActionError: the action is illegal and ``illegal_action="raise"``.
        """
        hand = self.hand
        if hand is None or hand.terminal or self.aborted:
            self._current()
            raise HandOverError("the hand is over: call reset() to deal the next one")
        if seat != hand.actor:
            raise OutOfTurnError(f"seat {seat} cannot act: it is seat {hand.actor}'s turn")
        try:
            self.codec.apply(hand, action)
        except IllegalActionError:
            if self.raise_on_illegal:
                raise
            self.aborted = True
            return False
        return True

    def mask(self, seat: int) -> np.ndarray:
        """A fresh copy of ``seat``'s action mask (all zeros off turn or once the hand is over)."""
        hand = self._current()
        if seat == hand.actor and not self.aborted:
            return self.codec.mask(hand)
        return self._no_actions.copy()

    def observe(self, seat: int) -> dict[str, np.ndarray]:
        """The observation dict of ``seat`` (fresh arrays)."""
        hand = self.hand
        if hand is None:
            hand = self._current()
        mask = self.codec.mask(hand) if seat == hand.actor and not self.aborted else self._no_actions.copy()
        return {"observation": self._encoders[seat].encode(hand), "action_mask": mask}

    def _current(self) -> HandState:
        hand = self.hand
        if hand is None:
            raise HandOverError("no hand has been dealt: call reset() first")
        return hand


class TableFront:
    """Read-only accessors shared by the environments built on a :class:`HandTable`.

    A subclass sets ``self._table`` (the settings), ``self._backend`` (the
    :class:`~pokergym.envs.backends.TableBackend` that plays the hands) and
    ``self.render_mode`` in its constructor, and names the seats for rendering.
    """

    _table: HandTable
    _backend: TableBackend
    render_mode: str | None
    _illegal_note = "an illegal action ended the hand"
    """The line :meth:`render` adds when an illegal action ended the hand."""

    @property
    def _seat_names(self) -> tuple[str, str]:
        """The names :meth:`render` gives seats 0 and 1."""
        return ("seat 0", "seat 1")

    def render(self) -> str | None:
        """The hand as text (``"ansi"``), printed (``"human"``), or ``None`` without a render mode."""
        if self.render_mode == "ansi":
            return self._text()
        self._show()
        return None

    def _show(self) -> None:
        """Print the hand in the ``"human"`` render mode (after every reset and step)."""
        if self.render_mode == "human":
            print(self._text())

    def _text(self) -> str:
        text = render_hand(self.hand, names=self._seat_names)
        return f"{text}\n{self._illegal_note}" if self._aborted else text

    @property
    def codec(self) -> ActionCodec:
        """The action codec of ``action_mode``."""
        return self._table.codec

    @property
    def feature_names(self) -> tuple[str, ...]:
        """The name of every index of the ``"observation"`` vector."""
        return self._table.layout.feature_names

    @property
    def hand(self) -> HandState:
        """The current hand's engine state: it holds both seats' cards (for drivers and adapters, not agents).

        On the kernel backend it is rebuilt from the kernel's action log when
        read (treat it as read-only).

        Raises:
            HandOverError: before the first ``reset``.
        """
        return self._backend.hand()

    @property
    def compiled(self) -> CompiledTable | None:
        """The compiled table that plays the hands on the kernel backend, ``None`` on the Python backend.

        Readers (such as the observation wrappers) may read its state row and
        action log; changing them corrupts the hand.
        """
        return self._backend.compiled

    @property
    def _aborted(self) -> bool:
        """Whether an illegal action ended the current hand."""
        return self._backend.aborted
