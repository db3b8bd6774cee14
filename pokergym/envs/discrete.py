"""The default action encoding: fold, check/call, pot-fraction bets and all-in.

``Discrete(len(fractions) + 3)``: id ``0`` folds, ``1`` checks or calls,
``2 .. len(fractions) + 1`` bet or raise to a fraction of the pot, and the
last id goes all-in. A pot fraction is measured after calling: the raise-to
amount is ``opponent's street bet + fraction * (pot + to_call)``, where the pot
holds every chip already put in (so the small blind's preflop pot raise is to
300 chips, 3 big blinds). Amounts are rounded to chips and clamped into the
legal ``[min_raise_to, max_raise_to]`` range; a size whose clamped amount
repeats a smaller size's, or reaches all-in, is masked, and fold is masked
when checking is free.

Example:
    >>> from pokergym.engine import HandState
    >>> codec = DiscreteActions()
    >>> hand = HandState.new(deck=tuple(range(9)))
    >>> codec.raise_amounts(hand)  # small blind: 0.33, 0.5, 0.75, 1, 1.5, 2 x pot after calling
    [200, 200, 250, 300, 400, 500]
    >>> codec.mask(hand)
    array([1, 1, 1, 0, 1, 1, 1, 1, 1], dtype=int8)
    >>> codec.describe(hand).split(", ")[:4]  # id 3 (half pot) is masked: it also comes to 200
    ['fold (0)', 'call (1)', 'raise to 200 (2)', 'raise to 250 (4)']
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from typing import Any

import numpy as np
from gymnasium import spaces

from pokergym.engine.actions import Action, ActionKind
from pokergym.engine.state import HandState
from pokergym.errors import ConfigError, IllegalActionError

__all__ = ["DEFAULT_FRACTIONS", "DiscreteActions"]

DEFAULT_FRACTIONS: tuple[float, ...] = (0.33, 0.5, 0.75, 1.0, 1.5, 2.0)
"""Bet/raise sizes of the discrete mode, in pots after calling."""

_INTEGERS = (int, np.integer)
_SIZE_CACHE_LIMIT = 1 << 12
_FOLD = ActionKind.FOLD
_CHECK = ActionKind.CHECK
_CALL = ActionKind.CALL
_ALL_IN = ActionKind.ALL_IN
_Masks = tuple[np.ndarray, np.ndarray]
"""A spot's masks when checking is free and when facing a bet (they differ in fold only)."""


def sized_raise(bounds: tuple[int, int, int, int], fraction: float, previous: int) -> tuple[int, int]:
    """The raise-to amount of a pot fraction, and the amount the action offers (0: masked).

    The one statement of the discrete sizes' rule: :class:`DiscreteActions` calls it in Python and the
    environment kernels compile it (:mod:`pokergym.envs.kernel`). ``bounds`` is ``(facing, unit, low,
    high)``: the opponent's street bet, the pot after calling, the minimum raise-to and the all-in. The amount
    is ``facing + fraction * unit`` rounded to a chip, at least ``low``; the action is masked where it repeats
    the previous fraction's amount ``previous`` or reaches the all-in (an action of its own).

    Example:
        >>> sized_raise((100, 200, 200, 20000), 0.5, 0)  # the small blind's half-pot raise
        (200, 200)
        >>> sized_raise((100, 200, 200, 20000), 0.33, 0)[0], sized_raise((100, 200, 200, 20000), 0.5, 200)
        (200, (200, 0))
    """
    facing, unit, low, high = bounds
    amount = int(facing + fraction * unit + 0.5)
    if amount < low:
        amount = low
    return amount, 0 if amount == previous or amount >= high else amount


def _bounds(hand: HandState) -> tuple[int, int, int, int]:
    """:func:`sized_raise`'s bounds for the seat to act of ``hand``."""
    contributions = hand.contributions
    return (
        hand.bets[1 - hand.actor],
        contributions[0] + contributions[1] + hand.to_call,
        hand.min_raise_to,
        hand.max_raise_to,
    )


def _masks(raise_flags: list[int]) -> _Masks:
    """The two masks of a spot from its raise flags (the sizes', then all-in's)."""
    return np.array([0, 1, *raise_flags], np.int8), np.array([1, 1, *raise_flags], np.int8)


class DiscreteActions:
    """Fold, check/call, pot-fraction bets and all-in as one ``Discrete`` space.

    Attributes:
        fractions: the bet/raise sizes in pots after calling, increasing.
        space: ``Discrete(len(fractions) + 3)``.
        mask_size: the number of ids.
        mask_names: a name per id (``fold``, ``check_call``, ``raise_0.5pot``, ..., ``all_in``).
        all_in_id: the last id.

    Example:
        >>> from pokergym.engine import HandState
        >>> codec = DiscreteActions((0.5, 1.0))
        >>> hand = HandState.new(deck=tuple(range(9)))
        >>> codec.apply(hand, 3)  # a pot raise of the small blind: 100 + 1 x (150 + 50)
        >>> hand.history[-1].to
        300
        >>> codec.apply(hand, 0)  # the big blind folds to the raise
        >>> hand.payoffs
        (100, -100)
    """

    FOLD = 0
    """Id of fold."""
    CHECK_CALL = 1
    """Id of check or call."""

    __slots__ = ("_no_raise", "_none", "_sizes", "all_in_id", "fractions", "mask_names", "mask_size", "space")

    def __init__(self, fractions: Sequence[float] = DEFAULT_FRACTIONS) -> None:
        """Build the codec for the given pot fractions.

        Raises:
            ConfigError: if the fractions are empty, not positive or not increasing.
        """
        try:
            values = tuple(float(f) for f in fractions)
        except (TypeError, ValueError):
            raise ConfigError(f"raise fractions must be a sequence of numbers, got {fractions!r}") from None
        if isinstance(fractions, str) or not values or not all(math.isfinite(f) and f > 0 for f in values):
            raise ConfigError(f"raise fractions must be positive finite numbers, got {fractions!r}")
        if any(b <= a for a, b in itertools.pairwise(values)):
            raise ConfigError(f"raise fractions must be strictly increasing, got {fractions!r}")
        self.fractions = values
        self.mask_size = len(values) + 3
        self.all_in_id = self.mask_size - 1
        self.space: spaces.Discrete = spaces.Discrete(self.mask_size)
        self.mask_names = ("fold", "check_call", *(f"raise_{f:g}pot" for f in values), "all_in")
        self._none = (0,) * len(values)
        self._no_raise = _masks([0] * (len(values) + 1))
        # Per (facing bet, pot after calling, raise bounds): the sizes and the masks.
        self._sizes: dict[tuple[int, int, int, int], tuple[tuple[int, ...], _Masks]] = {}

    def raise_amounts(self, hand: HandState) -> list[int]:
        """The clamped raise-to amount of every fraction for the seat to act (empty if it cannot raise)."""
        if not hand.can_raise:
            return []
        bounds = _bounds(hand)
        high = bounds[3]
        return [min(sized_raise(bounds, fraction, 0)[0], high) for fraction in self.fractions]

    def sizes(self, hand: HandState) -> tuple[int, ...]:
        """Per fraction, the raise-to amount of its id, or 0 where the id is masked.

        A size is masked when no raise is possible, when its clamped amount
        equals a smaller size's, or when it reaches all-in. The sizes depend
        only on the opponent's bet, the pot after calling and the raise
        bounds; they are cached on those four numbers (betting spots recur).

        Example:
            >>> from pokergym.engine import HandState
            >>> DiscreteActions().sizes(HandState.new(deck=tuple(range(9))))
            (200, 0, 250, 300, 400, 500)
        """
        return self._lookup(hand)[0] if hand.can_raise else self._none

    def _lookup(self, hand: HandState) -> tuple[tuple[int, ...], _Masks]:
        """The sizes of a hand whose actor can raise, with its masks (cached)."""
        key = _bounds(hand)
        cache = self._sizes
        entry = cache.get(key)
        if entry is None:
            found = []
            previous = 0
            for fraction in self.fractions:
                previous, offered = sized_raise(key, fraction, previous)
                found.append(offered)
            if len(cache) >= _SIZE_CACHE_LIMIT:
                cache.clear()
            entry = cache[key] = (tuple(found), _masks([1 if amount else 0 for amount in found] + [1]))
        return entry

    def mask(self, hand: HandState) -> np.ndarray:
        """A new int8 array with one legality flag per id (all zeros when the hand is over).

        Example:
            >>> from pokergym.engine import HandState
            >>> hand = HandState.new(deck=tuple(range(9))); hand.call()
            >>> DiscreteActions().mask(hand)  # fold masked: check is free
            array([0, 1, 1, 0, 1, 1, 1, 1, 1], dtype=int8)
        """
        if hand.terminal:
            return np.zeros(self.mask_size, np.int8)
        masks = self._lookup(hand)[1] if hand.can_raise else self._no_raise
        return masks[1 if hand.to_call else 0].copy()  # copying a cached array beats building one

    def index(self, action: object) -> int:
        """The id of ``action`` (a Python or numpy integer, or a 0-d integer array), checked to be in range.

        Raises:
            IllegalActionError: ``action`` is not an integer id or is out of range.

        Example:
            >>> DiscreteActions().index(np.int64(3))
            3
        """
        return _as_index(action, self.mask_size)

    def apply(self, hand: HandState, action: Any) -> None:
        """Take the action with id ``action`` for the seat to act.

        Raises:
            IllegalActionError: the id is out of range or masked; the message lists the legal ids.
        """
        index = _as_index(action, self.mask_size)
        if hand.terminal:
            self._illegal(hand, action)
        if index == self.CHECK_CALL:
            hand.check_or_call()
        elif index == self.FOLD:
            if not hand.to_call:
                self._illegal(hand, action)
            hand.fold()
        elif index == self.all_in_id:
            if not hand.can_raise:
                self._illegal(hand, action)
            hand.all_in()
        else:
            amount = self.sizes(hand)[index - 2]
            if not amount:
                self._illegal(hand, action)
            hand.raise_to(amount)

    def _illegal(self, hand: HandState, action: object) -> None:
        raise IllegalActionError(f"action id {action!r} is not legal now; legal: {self.describe(hand)}")

    def describe(self, hand: HandState) -> str:
        """The legal ids with what they do, e.g. ``fold (0), call (1), ...``."""
        if hand.terminal:
            return "nothing (the hand is over)"
        parts = []
        if hand.to_call:
            parts.append(f"fold ({self.FOLD})")
            parts.append(f"call ({self.CHECK_CALL})")
        else:
            parts.append(f"check ({self.CHECK_CALL})")
        verb = "raise" if hand.bets[1 - hand.actor] else "bet"
        parts.extend(f"{verb} to {a} ({i + 2})" for i, a in enumerate(self.sizes(hand)) if a)
        if hand.can_raise:
            parts.append(f"all-in {hand.max_raise_to} ({self.all_in_id})")
        return ", ".join(parts)

    def encode(self, action: Action, hand: HandState) -> int:
        """The legal id nearest to the legal engine ``action``.

        Fold, check and call map to themselves; a bet or raise maps to the
        legal size (all-in included) whose amount is closest, the smaller on
        a tie; all-in maps to the all-in id, or to call when it is only a call.

        Raises:
            IllegalActionError: if ``action`` is not legal in ``hand``.

        Example:
            >>> from pokergym.engine import Action, HandState
            >>> hand = HandState.new(deck=tuple(range(9)))
            >>> codec = DiscreteActions()
            >>> codec.encode(Action.raise_to(280), hand), codec.encode(Action.raise_to(19000), hand)
            (5, 8)
        """
        hand.verify(action)
        kind = action.kind
        if kind == _FOLD:
            return self.FOLD
        if kind in (_CHECK, _CALL):
            return self.CHECK_CALL
        if kind == _ALL_IN:
            return self.all_in_id if hand.can_raise else self.CHECK_CALL
        target = action.amount
        candidates = [(a, i + 2) for i, a in enumerate(self.sizes(hand)) if a]
        candidates.append((hand.max_raise_to, self.all_in_id))
        return min(candidates, key=lambda pair: abs(pair[0] - target))[1]

    def decode(self, action: Any, hand: HandState) -> Action:
        """The engine :class:`Action` that id ``action`` stands for now.

        Raises:
            IllegalActionError: the id is out of range or masked.

        Example:
            >>> from pokergym.engine import HandState
            >>> str(DiscreteActions().decode(5, HandState.new(deck=tuple(range(9)))))
            'raise to 300'
        """
        index = _as_index(action, self.mask_size)
        if not self.mask(hand)[index]:
            self._illegal(hand, action)
        if index == self.FOLD:
            return Action.fold()
        if index == self.CHECK_CALL:
            return Action.call() if hand.to_call else Action.check()
        if index == self.all_in_id:
            return Action.all_in()
        return Action.raise_to(self.sizes(hand)[index - 2])


def _as_index(action: object, size: int) -> int:
    if type(action) is int and 0 <= action < size:  # the common case, first
        return action
    if isinstance(action, bool) or not isinstance(action, _INTEGERS):
        if isinstance(action, np.ndarray) and action.shape == () and action.dtype.kind in "iu":
            return int(action)
        raise IllegalActionError(f"a discrete action is an integer id in 0..{size - 1}, got {action!r}")
    index = int(action)
    if not 0 <= index < size:
        raise IllegalActionError(f"action id {index} is outside 0..{size - 1}")
    return index
