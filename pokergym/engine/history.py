"""Complete records of hands: JSON storage, proof by replay, and export.

A :class:`HandHistory` holds everything needed to re-run one hand through the
rules engine: the blinds and starting stacks, the button, the cards, every
action, and the result. :meth:`HandHistory.replay` re-runs it and raises a
:class:`~pokergym.errors.HistoryError` unless the engine reproduces every
recorded action and the recorded payoffs exactly; this is how an arena proves
its logs.

Storage is one JSON object per hand (:meth:`~HandHistory.to_json` writes a
single line, ready for a JSON-lines file). The layout, ``format_version`` 1::

    {"format_version": 1, "hand_id": 7,
     "config": {"small_blind": 50, "big_blind": 100, "stacks": [20000, 20000]},
     "button": 0, "names": ["alice", "bob"],
     "hole_cards": ["AsAh", "KsKh"], "board": "2c7d9hJsQd",
     "actions": [{"street": "preflop", "seat": 0, "kind": "raise",
                  "to": 300, "added": 250, "all_in": false}, ...],
     "payoffs": [300, -300], "showdown": true, "returned": [0, 0],
     "seed": null, "extra": {}}

Everything per seat (``stacks``, ``names``, ``hole_cards``, ``payoffs``,
``returned``) is indexed by pokergym seat. ``board`` holds the board cards
known to the record: all five when built from a state (the engine deals the
whole deck up front), or only those dealt when ``hide_undealt`` is asked for.
``to`` is the seat's street total after the action, as in the engine.

Export formats and their seat mapping:

* **ACPC** (:meth:`~HandHistory.to_acpc_state`,
  :meth:`~HandHistory.to_acpc_matchstate`). The ACPC heads-up no-limit game
  (``blind = 100 50``, ``firstPlayer = 2 1 1 1``) puts the big blind at
  position 0 and the button (small blind, first to act preflop) at position
  1, so position 0 is pokergym seat ``1 - button`` and position 1 is seat
  ``button``. Betting is ``f``, ``c`` (check or call) and ``r<N>`` where N is
  the raiser's total for the whole hand; streets are separated by ``/`` up
  to the last street reached, so an all-in called preflop reads ``r20000c///``.
  Two differences with the engine: when a button whose stack is at most the
  big blind calls all-in (or is all-in by its blind), the engine ends the
  preflop there, while ACPC's dealer and OpenSpiel still have the big blind
  check; the export writes that check, so such a hand reads ``cc///``; and
  when the big blind is all-in by its blind and the button, with chips
  behind, owes nothing (equal blinds), the engine gives the button no
  decision while ACPC has it check: such a hand reads ``c///``. ACPC
  posts every blind in full, so a stack below its blind has no ACPC form
  (a :class:`~pokergym.errors.HistoryError`).
  Cards are ``hole0|hole1`` by position, then ``/flop/turn/river`` as far as
  dealt. Values and names are listed by position. The ACPC game definition
  must match the history's blinds and stacks (stacks listed by position).
* **Slumbot** (:meth:`~HandHistory.to_slumbot_actions`): ``k`` check, ``c``
  call, ``f`` fold, ``b<N>`` bet or raise with N the street total, ``/``
  between streets as for ACPC.
* **PHH** (:meth:`~HandHistory.to_phh`), pokerkit's Poker Hand History TOML.
  In heads-up pokerkit player ``p1`` posts the big blind and ``p2`` is the
  button, the same order as the ACPC positions; ``blinds_or_straddles`` is
  written ``[small, big]`` and pokerkit swaps it for two players. Bet and
  raise amounts (``cbr``) are street totals.

Example:
    >>> from pokergym.cards import parse_cards
    >>> state = HandState.new(deck=parse_cards("AsAhKsKh2c7d9hJsQd"), button=0)
    >>> state.raise_to(300); state.call()
    >>> for _ in range(6): state.check()
    >>> history = HandHistory.from_state(state, hand_id=0, names=("alice", "bob"))
    >>> HandHistory.from_json(history.to_json()) == history
    True
    >>> history.to_acpc_state(0)
    'STATE:0:r300c/cc/cc/cc:KsKh|AsAh/2c7d9h/Js/Qd:-300|300:bob|alice'
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from pokergym.cards import format_cards, parse_cards, validate_cards
from pokergym.engine.actions import ActionKind, ActionRecord, Street
from pokergym.engine.config import GameConfig
from pokergym.engine.state import HandState
from pokergym.errors import CardError, ConfigError, HistoryError, IllegalActionError, brief

__all__ = ["FORMAT_VERSION", "HandHistory"]

FORMAT_VERSION = 1
"""Version of the JSON layout written by :meth:`HandHistory.to_dict`."""

_BOARD_SLICES = ((0, 0), (0, 3), (3, 4), (4, 5))
"""Board cards dealt on each street, as ``board[lo:hi]``."""
_STREET_NAMES = tuple(street.name.lower() for street in Street)
_KIND_NAMES: dict[ActionKind, str] = {kind: kind.name.lower() for kind in ActionKind if kind != ActionKind.ALL_IN}
_KIND_OF_NAME = {name: kind for kind, name in _KIND_NAMES.items()}
_RECORD_KEYS = ("street", "seat", "kind", "to", "added", "all_in")
_REQUIRED_KEYS = frozenset(
    {"format_version", "config", "button", "hole_cards", "board", "actions", "payoffs", "showdown", "returned"}
)
_OPTIONAL_KEYS = frozenset({"hand_id", "names", "seed", "extra"})
_ACPC_FORBIDDEN = frozenset(":|\r\n")
_SLUMBOT_LETTERS: dict[ActionKind, str] = {ActionKind.FOLD: "f", ActionKind.CHECK: "k", ActionKind.CALL: "c"}


@dataclass(frozen=True, slots=True)
class HandHistory:
    """The complete record of one hand, finished or not.

    Build one from a :class:`HandState` with :meth:`from_state` or load one
    with :meth:`from_dict` / :meth:`from_json`. Sequences given to the
    constructor are stored as tuples.

    Attributes:
        config: blinds and starting stacks (stacks indexed by seat).
        button: the seat that posted the small blind.
        hole_cards: the two hole cards of seat 0 and of seat 1.
        board: the board cards known to the record, in dealing order (up to 5).
        actions: every action, oldest first.
        payoffs: chips won by seat 0 and seat 1, or ``None`` if unfinished.
        showdown: whether the hand ended at a showdown.
        returned: uncalled chips given back to each seat.
        hand_id: optional identifier of the hand (number or text).
        names: optional names of the agents in seat 0 and seat 1.
        seed: optional seed the hand was dealt from.
        extra: free JSON-compatible metadata (tuples come back as lists).
    """

    config: GameConfig
    button: int
    hole_cards: tuple[tuple[int, int], tuple[int, int]]
    board: tuple[int, ...]
    actions: tuple[ActionRecord, ...]
    payoffs: tuple[int, int] | None
    showdown: bool
    returned: tuple[int, int]
    hand_id: int | str | None = None
    names: tuple[str, str] | None = None
    seed: int | None = None
    extra: dict[str, Any] = field(default_factory=dict, hash=False)

    def __post_init__(self) -> None:
        """Store sequences as tuples and check the record's invariants.

        Raises:
            HistoryError: on a bad button, card count, payoffs, names, hand id, seed or extra.
            CardError: if a card code is out of range or repeated.
        """
        _freeze(self)
        _hand_id(self.hand_id)  # what to_json writes must be what from_json reads
        if self.seed is not None:
            _int(self.seed, "seed")
        if self.names is not None:
            _name_pair(self.names)
        _extra(self.extra)
        if self.button not in (0, 1) or isinstance(self.button, bool):
            raise HistoryError(f"button must be seat 0 or 1, got {brief(self.button)}")
        if any(len(hole) != 2 for hole in self.hole_cards) or len(self.hole_cards) != 2 or len(self.board) > 5:
            raise HistoryError("a hand history needs two hole cards per seat and at most five board cards")
        validate_cards((*self.hole_cards[0], *self.hole_cards[1], *self.board))
        if self.payoffs is not None and sum(self.payoffs) != 0:
            raise HistoryError(f"payoffs must sum to zero, got {self.payoffs}")
        if self.showdown and self.payoffs is None:
            raise HistoryError("a hand that reached a showdown must have payoffs")

    # ------------------------------------------------------------ building
    @classmethod
    def from_state(
        cls,
        state: HandState,
        *,
        hand_id: int | str | None = None,
        names: Sequence[str] | None = None,
        seed: int | None = None,
        extra: Mapping[str, Any] | None = None,
        hide_undealt: bool = False,
    ) -> HandHistory:
        """Record ``state`` (finished or not) with optional metadata.

        Args:
            state: the hand to record; it is not modified.
            hand_id: identifier of the hand.
            names: names of the agents in seat 0 and seat 1.
            seed: the seed the hand was dealt from.
            extra: JSON-compatible metadata, copied.
            hide_undealt: keep only the board cards dealt so far instead of all five.

        Example:
            >>> state = HandState.new(deck=tuple(range(9)), button=1)
            >>> state.fold()
            >>> history = HandHistory.from_state(state, hide_undealt=True)
            >>> history.payoffs, history.board, history.finished
            ((50, -50), (), True)
        """
        return cls(
            config=state.config,
            button=state.button,
            hole_cards=state.hole_cards,
            board=state.board if hide_undealt else state.deck[4:],
            actions=tuple(state.history),
            payoffs=state.payoffs,
            showdown=state.showdown,
            returned=(state.returned[0], state.returned[1]),
            hand_id=hand_id,
            names=_name_pair(names),
            seed=seed,
            extra=dict(extra) if isinstance(extra, Mapping) else _extra(extra),  # refuses what is not a mapping
        )

    @property
    def finished(self) -> bool:
        """Whether the hand is over (its payoffs are known)."""
        return self.payoffs is not None

    @property
    def finishing_stacks(self) -> tuple[int, int] | None:
        """Chips each seat holds after the hand, or ``None`` if unfinished.

        Example:
            >>> state = HandState.new(deck=tuple(range(9)))
            >>> state.fold()
            >>> HandHistory.from_state(state).finishing_stacks
            (19950, 20050)
        """
        if self.payoffs is None:
            return None
        stacks = self.config.stacks
        return (stacks[0] + self.payoffs[0], stacks[1] + self.payoffs[1])

    # -------------------------------------------------------------- replay
    def replay(self) -> HandState:
        """Re-run the actions through the engine and check the recorded outcome.

        Undealt board cards missing from :attr:`board` are replaced by unused
        placeholder cards, which the replayed hand never deals.

        Returns:
            The replayed :class:`HandState`.

        Raises:
            HistoryError: if an action is illegal or differs from what the
                engine records, if the board misses cards the hand dealt, or if
                the payoffs, showdown flag, returned chips or finished status
                differ from the recorded ones.

        Example:
            >>> state = HandState.new(deck=tuple(range(9)))
            >>> state.call(); state.check()
            >>> HandHistory.from_state(state).replay().street
            <Street.FLOP: 1>
        """
        state = self.state_before(len(self.actions))
        dealt = _BOARD_SLICES[state.street][1]
        if len(self.board) < dealt:
            raise HistoryError(f"the hand reached the {_STREET_NAMES[state.street]}, which needs {dealt} board cards")
        self._check_outcome(state)
        return state

    def state_before(self, index: int) -> HandState:
        """The hand as it stood before action ``index`` (``len(actions)``: after the last), replayed and checked.

        Raises:
            HistoryError: if ``index`` is not in ``0..len(actions)``, or an action before it cannot be
                replayed as recorded (see :meth:`replay`).

        Example:
            >>> state = HandState.new(deck=tuple(range(9)))
            >>> state.raise_to(300); state.call(); state.check()
            >>> before = HandHistory.from_state(state).state_before(2)   # the flop, before the first check
            >>> before.street, before.actor
            (<Street.FLOP: 1>, 1)
        """
        if not 0 <= index <= len(self.actions):
            raise HistoryError(f"action index must be in 0..{len(self.actions)}, got {index}")
        state = HandState.new(self.config, button=self.button, deck=self._engine_deck())
        for position, record in enumerate(self.actions[:index]):
            _replay_action(state, position, record)
        return state

    def _engine_deck(self) -> tuple[int, ...]:
        """The engine's 9-card deck, with placeholders for board cards not recorded."""
        button_hole = self.hole_cards[self.button]
        big_hole = self.hole_cards[1 - self.button]
        known = (*button_hole, *big_hole, *self.board)
        spare = (card for card in range(52) if card not in known)
        return known + tuple(next(spare) for _ in range(9 - len(known)))

    def _check_outcome(self, state: HandState) -> None:
        if state.payoffs != self.payoffs:
            if self.payoffs is None or state.payoffs is None:
                done = "end" if state.terminal else "do not end"
                raise HistoryError(f"the actions {done} the hand, but the record says the opposite")
            raise HistoryError(f"recorded payoffs {self.payoffs} differ from the replayed {state.payoffs}")
        if state.showdown != self.showdown:
            raise HistoryError(f"recorded showdown={self.showdown} differs from the replayed {state.showdown}")
        if tuple(state.returned) != self.returned:
            raise HistoryError(f"recorded returned chips {self.returned} differ from the replayed {state.returned}")

    # ---------------------------------------------------------------- JSON
    def to_dict(self) -> dict[str, Any]:
        """The JSON-compatible form (see the module docstring for the layout).

        Example:
            >>> state = HandState.new(deck=tuple(range(9)))
            >>> state.fold()
            >>> data = HandHistory.from_state(state).to_dict()
            >>> data["format_version"], data["hole_cards"], data["board"], data["payoffs"]
            (1, ['2c2d', '2h2s'], '3c3d3h3s4c', [-50, 50])
        """
        config = self.config
        return {
            "format_version": FORMAT_VERSION,
            "hand_id": self.hand_id,
            "config": {
                "small_blind": config.small_blind,
                "big_blind": config.big_blind,
                "stacks": list(config.stacks),
            },
            "button": self.button,
            "names": None if self.names is None else list(self.names),
            "hole_cards": [format_cards(hole) for hole in self.hole_cards],
            "board": format_cards(self.board),
            "actions": [_record_to_dict(record) for record in self.actions],
            "payoffs": None if self.payoffs is None else list(self.payoffs),
            "showdown": self.showdown,
            "returned": list(self.returned),
            "seed": self.seed,
            "extra": dict(self.extra),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], *, verify: bool = True) -> HandHistory:
        """Load the form written by :meth:`to_dict`, checking every field.

        Args:
            data: the decoded JSON object.
            verify: also :meth:`replay` the hand to prove the record.

        Raises:
            HistoryError: if a field is missing, unknown, of the wrong type or
                inconsistent, if the format version is not supported, or (with
                ``verify``) if the replay disagrees with the record.

        Example:
            >>> HandHistory.from_dict({"format_version": 99})
            Traceback (most recent call last):
            ...
            pokergym.errors.HistoryError: unsupported hand history format_version 99 (this pokergym reads 1)
        """
        if not isinstance(data, Mapping):
            raise HistoryError(f"a hand history must be a JSON object, got {type(data).__name__}")
        version = data.get("format_version")
        if version != FORMAT_VERSION or isinstance(version, bool):
            raise HistoryError(
                f"unsupported hand history format_version {brief(version)} (this pokergym reads {FORMAT_VERSION})"
            )
        _check_keys(data)
        try:
            history = cls(**_decode_fields(data))
        except (CardError, ConfigError) as exc:
            raise HistoryError(f"invalid hand history: {exc}") from exc
        if verify:
            history.replay()
        return history

    def to_json(self) -> str:
        """One line of JSON (no newline), for JSON-lines files.

        Raises:
            HistoryError: if :attr:`extra` holds something JSON cannot store.

        Example:
            >>> state = HandState.new(deck=tuple(range(9)))
            >>> state.fold()
            >>> HandHistory.from_state(state).to_json()[:40]
            '{"format_version":1,"hand_id":null,"conf'
        """
        try:
            return json.dumps(self.to_dict(), separators=(",", ":"), allow_nan=False)
        except (TypeError, ValueError, RecursionError) as exc:
            raise HistoryError(f"the hand history cannot be written as JSON: {exc}") from exc

    @classmethod
    def from_json(cls, text: str | bytes, *, verify: bool = True) -> HandHistory:
        """Load one JSON object written by :meth:`to_json`.

        Args:
            text: the JSON text (one line of a JSON-lines file).
            verify: also :meth:`replay` the hand to prove the record.

        Raises:
            HistoryError: if ``text`` is not text, not JSON, nested deeper
                than the parser can follow, or the record is invalid (see
                :meth:`from_dict`).

        Example:
            >>> HandHistory.from_json("[1, 2]")
            Traceback (most recent call last):
            ...
            pokergym.errors.HistoryError: a hand history must be a JSON object, got list
        """
        if not isinstance(text, str | bytes | bytearray):
            raise HistoryError(f"a hand history must be JSON text (str or bytes), got {type(text).__name__}")
        try:
            data = json.loads(text)
        except ValueError as exc:
            raise HistoryError(f"a hand history must be JSON: {exc}") from exc
        except RecursionError as exc:
            raise HistoryError("a hand history is JSON a few levels deep; this text is nested too deeply") from exc
        return cls.from_dict(data, verify=verify)

    # ---------------------------------------------------------------- ACPC
    def acpc_position(self, seat: int) -> int:
        """ACPC position of a pokergym seat: 0 for the big blind, 1 for the button.

        Example:
            >>> state = HandState.new(deck=tuple(range(9)), button=0)
            >>> HandHistory.from_state(state).acpc_position(0)
            1
        """
        if seat not in (0, 1):
            raise ValueError(f"seat must be 0 or 1, got {seat!r}")
        return 1 if seat == self.button else 0

    def to_acpc_state(self, hand_number: int, names: Sequence[str] | None = None) -> str:
        """The ``STATE`` line an ACPC dealer logs for this finished hand.

        Args:
            hand_number: the hand number written in the line.
            names: agent names of seat 0 and seat 1; defaults to :attr:`names`,
                else ``seat0`` and ``seat1``. Written in position order.

        Returns:
            ``STATE:<hand>:<betting>:<cards>:<value0>|<value1>:<name0>|<name1>``.
            The betting is ACPC's: where the engine ends the hand at a short
            button's all-in call (no forced check), the line adds the big
            blind's check ``c`` that ACPC requires (see the module docstring).

        Raises:
            HistoryError: if the hand is unfinished, a stack is below its
                blind, the names are not two strings free of ``:``, ``|`` and
                line breaks, or the replay disagrees with the record.

        Example:
            >>> from pokergym.cards import parse_cards
            >>> state = HandState.new(deck=parse_cards("AsAhKsKh2c7d9hJsQd"), button=1)
            >>> state.raise_to(300); state.fold()
            >>> HandHistory.from_state(state).to_acpc_state(5)
            'STATE:5:r300f:KsKh|AsAh:-100|100:seat0|seat1'
        """
        if self.payoffs is None:
            raise HistoryError("only a finished hand has an ACPC STATE line")
        label = self._acpc_names(names)
        street = self.replay().street
        seats = self._seats_by_position()
        values = "|".join(str(self.payoffs[seat]) for seat in seats)
        players = "|".join(label[seat] for seat in seats)
        cards = self._acpc_cards(street, shown=seats)
        return f"STATE:{hand_number}:{self._acpc_betting(street)}:{cards}:{values}:{players}"

    def to_acpc_matchstate(self, seat: int, hand_number: int) -> str:
        """The ``MATCHSTATE`` message an ACPC dealer sends ``seat`` at this point.

        The opponent's hole cards are blank unless the hand ended at a showdown.

        Args:
            seat: the pokergym seat receiving the message.
            hand_number: the hand number written in the message.

        Raises:
            HistoryError: if a stack is below its blind, or the replay
                disagrees with the record.
            ValueError: if ``seat`` is not 0 or 1.

        Example:
            >>> from pokergym.cards import parse_cards
            >>> state = HandState.new(deck=parse_cards("AsAhKsKh2c7d9hJsQd"), button=1)
            >>> state.raise_to(300); state.call()
            >>> HandHistory.from_state(state).to_acpc_matchstate(1, 5)
            'MATCHSTATE:1:5:r300c/:|AsAh/2c7d9h'
        """
        position = self.acpc_position(seat)
        street = self.replay().street
        shown = self._seats_by_position() if self.showdown else (seat,)
        return f"MATCHSTATE:{position}:{hand_number}:{self._acpc_betting(street)}:{self._acpc_cards(street, shown)}"

    def to_slumbot_actions(self) -> str:
        """The action string of the Slumbot API (``k``/``c``/``f``/``b<street total>``).

        Raises:
            HistoryError: if the replay disagrees with the record.

        Example:
            >>> state = HandState.new(deck=tuple(range(9)))
            >>> state.call(); state.check(); state.raise_to(200); state.raise_to(600); state.fold()
            >>> HandHistory.from_state(state).to_slumbot_actions()
            'ck/b200b600f'
        """
        streets = _group_by_street(self.actions, self.replay().street)
        return "/".join("".join(_slumbot_token(record) for record in group) for group in streets)

    def _seats_by_position(self) -> tuple[int, int]:
        """Seats in ACPC position order, which is also PHH player order: big blind, button."""
        return (1 - self.button, self.button)

    def _acpc_names(self, names: Sequence[str] | None) -> tuple[str, str]:
        chosen = _name_pair(names) or self.names or ("seat0", "seat1")
        if any(_ACPC_FORBIDDEN & set(name) for name in chosen):
            raise HistoryError(f"ACPC names cannot hold ':', '|' or line breaks, got {chosen!r}")
        return chosen

    def _acpc_betting(self, street: Street) -> str:
        self._check_acpc_blinds()
        base = 0
        parts = []
        for group in _group_by_street(self.actions, street):
            parts.append("".join(_acpc_token(record, base) for record in group))
            base += max((record.to for record in group), default=0)
        if self._acpc_forced_check(street):
            parts[0] += "c"
        return "/".join(parts)

    def _check_acpc_blinds(self) -> None:
        """Refuse stacks below their blind: ACPC posts every blind in full, the engine what a stack has."""
        config = self.config
        for seat, blind in ((self.button, config.small_blind), (1 - self.button, config.big_blind)):
            if config.stacks[seat] < blind:
                raise HistoryError(
                    f"ACPC posts the whole blind, so it has no line for seat {seat}'s stack of "
                    f"{config.stacks[seat]} chips below its blind of {blind}"
                )

    def _acpc_forced_check(self, street: Street) -> bool:
        """Whether ACPC has a seat check where the engine closed the preflop without it.

        That happens when the button, with a stack of at most the big blind,
        is all-in by its call (or by its blind) and the big blind, not all-in,
        has not acted: the engine ends the betting there, ACPC's dealer (and
        OpenSpiel) still make the big blind close the round with ``c``. And
        when the big blind is all-in by its blind and the button, with chips
        behind, owes nothing (equal blinds): ACPC still has the button check.
        """
        if street == Street.PREFLOP and self.payoffs is None:
            return False  # the preflop is still open
        big, config = 1 - self.button, self.config
        preflop = [record for record in self.actions if record.street == Street.PREFLOP]
        if config.stacks[big] <= config.big_blind:  # all-in from its blind: it cannot act at all
            return not preflop and config.stacks[self.button] > config.small_blind
        return not any(record.seat == big or record.kind == ActionKind.FOLD for record in preflop)

    def _acpc_cards(self, street: Street, shown: Sequence[int]) -> str:
        holes = "|".join(format_cards(self.hole_cards[s]) if s in shown else "" for s in self._seats_by_position())
        return holes + "".join("/" + format_cards(self.board[lo:hi]) for lo, hi in _BOARD_SLICES[1 : street + 1])

    # ----------------------------------------------------------------- PHH
    def to_phh(self) -> str:
        """The hand in pokerkit's Poker Hand History (PHH) TOML format.

        ``p1`` is the big blind and ``p2`` the button (pokerkit's heads-up
        order). At a showdown both seats show, the last bettor first. With
        equal blinds pokerkit ends the preflop when the button checks, where
        pokergym gives the big blind its option: such hands do not replay
        in pokerkit.

        Raises:
            HistoryError: if the replay disagrees with the record.

        Example:
            >>> from pokergym.cards import parse_cards
            >>> state = HandState.new(deck=parse_cards("AsAhKsKh2c7d9hJsQd"), button=0)
            >>> state.raise_to(300); state.fold()
            >>> print(HandHistory.from_state(state, names=("alice", "bob")).to_phh())
            variant = 'NT'
            antes = [0, 0]
            blinds_or_straddles = [50, 100]
            min_bet = 100
            starting_stacks = [20000, 20000]
            actions = [
              'd dh p1 KsKh',
              'd dh p2 AsAh',
              'p2 cbr 300',
              'p1 f',
            ]
            players = ["bob", "alice"]
            finishing_stacks = [19900, 20100]
        """
        seats = self._seats_by_position()
        config = self.config
        lines = [
            "variant = 'NT'",
            "antes = [0, 0]",
            f"blinds_or_straddles = [{config.small_blind}, {config.big_blind}]",
            f"min_bet = {config.big_blind}",
            f"starting_stacks = [{config.stacks[seats[0]]}, {config.stacks[seats[1]]}]",
            "actions = [",
            *(f"  '{action}'," for action in self._phh_actions()),
            "]",
        ]
        if self.hand_id is not None:
            lines.append(f"hand = {_toml_value(self.hand_id)}")
        if self.names is not None:
            lines.append(f"players = [{_toml_value(self.names[seats[0]])}, {_toml_value(self.names[seats[1]])}]")
        final = self.finishing_stacks
        if final is not None:
            lines.append(f"finishing_stacks = [{final[seats[0]]}, {final[seats[1]]}]")
        return "\n".join(lines)

    def _phh_actions(self) -> list[str]:
        player = {seat: f"p{position + 1}" for position, seat in enumerate(self._seats_by_position())}
        actions = [f"d dh {player[seat]} {format_cards(self.hole_cards[seat])}" for seat in self._seats_by_position()]
        for street, group in enumerate(_group_by_street(self.actions, self.replay().street)):
            if street:
                lo, hi = _BOARD_SLICES[street]
                actions.append(f"d db {format_cards(self.board[lo:hi])}")
            actions.extend(_phh_token(player[record.seat], record) for record in group)
        if self.showdown:
            actions.extend(f"{player[seat]} sm {format_cards(self.hole_cards[seat])}" for seat in self._show_order())
        return actions

    def _show_order(self) -> tuple[int, int]:
        """Showdown order: the last bettor on the final betting street first, else the big blind."""
        last_street = self.actions[-1].street if self.actions else Street.PREFLOP
        first = 1 - self.button
        for record in self.actions:
            if record.street == last_street and record.kind in (ActionKind.BET, ActionKind.RAISE):
                first = record.seat
        return (first, 1 - first)


# ------------------------------------------------------------------ helpers
def _freeze(history: HandHistory) -> None:
    """Store the sequence fields of ``history`` as tuples."""
    hole = history.hole_cards
    object.__setattr__(history, "hole_cards", tuple(tuple(cards) for cards in hole))
    object.__setattr__(history, "board", tuple(history.board))
    object.__setattr__(history, "actions", tuple(history.actions))
    object.__setattr__(history, "returned", tuple(history.returned))
    if history.payoffs is not None:
        object.__setattr__(history, "payoffs", tuple(history.payoffs))
    object.__setattr__(history, "names", _name_pair(history.names))


def _replay_action(state: HandState, index: int, record: ActionRecord) -> None:
    """Apply one recorded action to ``state`` and check the engine records the same."""
    if state.terminal:
        raise HistoryError(f"action {index} ({record}) comes after the end of the hand")
    try:
        state.apply(record.action, seat=record.seat)
    except IllegalActionError as exc:
        raise HistoryError(f"action {index} ({record}) cannot be replayed: {exc}") from exc
    if state.history[-1] != record:
        raise HistoryError(f"action {index} was recorded as {record!r} but replays as {state.history[-1]!r}")


def _group_by_street(actions: Sequence[ActionRecord], last: Street) -> list[list[ActionRecord]]:
    """The actions of each street from the preflop to ``last``."""
    groups: list[list[ActionRecord]] = [[] for _ in range(last + 1)]
    for record in actions:
        groups[record.street].append(record)
    return groups


def _acpc_token(record: ActionRecord, street_base: int) -> str:
    """ACPC letter of an action; raises carry the whole-hand total."""
    if record.kind == ActionKind.FOLD:
        return "f"
    if record.kind in (ActionKind.CHECK, ActionKind.CALL):
        return "c"
    return f"r{street_base + record.to}"


def _slumbot_token(record: ActionRecord) -> str:
    return _SLUMBOT_LETTERS.get(record.kind) or f"b{record.to}"


def _phh_token(player: str, record: ActionRecord) -> str:
    if record.kind == ActionKind.FOLD:
        return f"{player} f"
    if record.kind in (ActionKind.CHECK, ActionKind.CALL):
        return f"{player} cc"
    return f"{player} cbr {record.to}"


def _toml_value(value: int | str) -> str:
    """An integer or a TOML basic string with every special character escaped."""
    if isinstance(value, int):
        return str(value)
    escaped = "".join(f"\\u{ord(ch):04x}" if ch in '"\\' or ord(ch) < 0x20 or ord(ch) == 0x7F else ch for ch in value)
    return f'"{escaped}"'


def _record_to_dict(record: ActionRecord) -> dict[str, Any]:
    return {
        "street": _STREET_NAMES[record.street],
        "seat": record.seat,
        "kind": _KIND_NAMES[record.kind],
        "to": record.to,
        "added": record.added,
        "all_in": record.all_in,
    }


# ----------------------------------------------------------------- decoding
def _check_keys(data: Mapping[str, Any]) -> None:
    missing = _REQUIRED_KEYS - data.keys()
    unknown = data.keys() - _REQUIRED_KEYS - _OPTIONAL_KEYS
    if missing:
        raise HistoryError(f"hand history misses {sorted(missing)}")
    if unknown:
        raise HistoryError(f"hand history has unknown fields {sorted(unknown)}")


def _decode_fields(data: Mapping[str, Any]) -> dict[str, Any]:
    """Constructor arguments of :class:`HandHistory` from its JSON form."""
    holes = _list(data["hole_cards"], "hole_cards", 2)
    actions = _list(data["actions"], "actions")
    return {
        "config": _decode_config(data["config"]),
        "button": _int(data["button"], "button"),
        "hole_cards": tuple(_cards(text, f"hole_cards[{i}]") for i, text in enumerate(holes)),
        "board": _cards(data["board"], "board"),
        "actions": tuple(_decode_record(item, f"actions[{i}]") for i, item in enumerate(actions)),
        "payoffs": None if data["payoffs"] is None else _int_pair(data["payoffs"], "payoffs"),
        "showdown": _bool(data["showdown"], "showdown"),
        "returned": _int_pair(data["returned"], "returned"),
        "hand_id": _hand_id(data.get("hand_id")),
        "names": None if data.get("names") is None else _list(data["names"], "names", 2),
        "seed": None if data.get("seed") is None else _int(data["seed"], "seed"),
        "extra": _extra(data.get("extra")),
    }


def _decode_config(value: object) -> GameConfig:
    if not isinstance(value, dict) or value.keys() != {"small_blind", "big_blind", "stacks"}:
        raise HistoryError(f"config must be an object with small_blind, big_blind and stacks, got {brief(value)}")
    return GameConfig(
        small_blind=_int(value["small_blind"], "config.small_blind"),
        big_blind=_int(value["big_blind"], "config.big_blind"),
        stacks=_int_pair(value["stacks"], "config.stacks"),
    )


def _decode_record(value: object, where: str) -> ActionRecord:
    if not isinstance(value, dict) or set(value) != set(_RECORD_KEYS):
        raise HistoryError(f"{where} must be an object with the keys {list(_RECORD_KEYS)}, got {brief(value)}")
    street, kind = value["street"], value["kind"]
    if not isinstance(street, str) or street not in _STREET_NAMES:
        raise HistoryError(f"{where}.street must be one of {list(_STREET_NAMES)}, got {brief(street)}")
    if not isinstance(kind, str) or kind not in _KIND_OF_NAME:
        raise HistoryError(f"{where}.kind must be one of {list(_KIND_OF_NAME)}, got {brief(kind)}")
    seat = _int(value["seat"], f"{where}.seat")
    if seat not in (0, 1):
        raise HistoryError(f"{where}.seat must be 0 or 1, got {seat}")
    return ActionRecord(
        street=Street(_STREET_NAMES.index(street)),
        seat=seat,
        kind=_KIND_OF_NAME[kind],
        to=_int(value["to"], f"{where}.to"),
        added=_int(value["added"], f"{where}.added"),
        all_in=_bool(value["all_in"], f"{where}.all_in"),
    )


def _int(value: object, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise HistoryError(f"{where} must be an integer, got {brief(value)}")
    return value


def _bool(value: object, where: str) -> bool:
    if not isinstance(value, bool):
        raise HistoryError(f"{where} must be true or false, got {brief(value)}")
    return value


def _list(value: object, where: str, length: int | None = None) -> list[Any]:
    if not isinstance(value, list) or (length is not None and len(value) != length):
        size = "a list" if length is None else f"a list of {length}"
        raise HistoryError(f"{where} must be {size}, got {brief(value)}")
    return value


def _int_pair(value: object, where: str) -> tuple[int, int]:
    first, second = _list(value, where, 2)
    return (_int(first, f"{where}[0]"), _int(second, f"{where}[1]"))


def _cards(value: object, where: str) -> tuple[int, ...]:
    if not isinstance(value, str):
        raise HistoryError(f"{where} must be a card string such as 'AsKd', got {brief(value)}")
    try:
        return parse_cards(value)
    except CardError as exc:
        raise HistoryError(f"{where}: {exc}") from exc


def _hand_id(value: object) -> int | str | None:
    if value is None or isinstance(value, str):
        return value
    return _int(value, "hand_id")


def _name_pair(names: Sequence[str] | None) -> tuple[str, str] | None:
    """``names`` as a pair of strings (``None`` stays ``None``)."""
    if names is None:
        return None
    if (
        not isinstance(names, Sequence)
        or isinstance(names, str)
        or len(names) != 2
        or not all(isinstance(name, str) for name in names)
    ):
        raise HistoryError(f"names must be two strings, got {brief(names)}")
    return (names[0], names[1])


def _extra(value: object) -> dict[str, Any]:
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise HistoryError(f"extra must be a JSON object, got {brief(value)}")
    return value
