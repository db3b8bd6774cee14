"""The two encodings that pick a kind (fold, check/call, bet/raise) and a size.

* :class:`ContinuousActions` (``action_mode="continuous"``):
  ``Box(-1, 1, (2,), float32)``. ``a[0]`` picks the kind (below ``-1/3`` fold,
  up to ``1/3`` check/call, above bet/raise); ``a[1]`` picks the size on a log
  scale of the legal range: ``-1`` is the minimum raise-to, ``+1`` all-in,
  ``0`` their geometric mean. Any algorithm that handles a ``Box`` can use it.
* :class:`ChipActions` (``action_mode="chips"``): ``MultiDiscrete([3,
  max_stack + 1])`` with ``[kind, amount]``: kind ``0`` fold, ``1``
  check/call, ``2`` bet/raise to exactly ``amount`` chips (the seat's street
  total, as everywhere in pokergym).

Both use the mask ``(fold, check/call, bet/raise)``, and their spaces accept
it in ``sample(mask)``, PettingZoo's random-play idiom.

Example:
    >>> from pokergym.engine import HandState
    >>> hand = HandState.new(deck=tuple(range(9)))
    >>> ContinuousActions().mask(hand), str(ChipActions(hand.config).space)
    (array([1, 1, 1], dtype=int8), 'MultiDiscrete([    3 20001])')
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np
from gymnasium import spaces

from pokergym.engine.actions import Action, ActionKind
from pokergym.engine.config import GameConfig
from pokergym.engine.state import HandState
from pokergym.errors import IllegalActionError

__all__ = ["ChipActions", "ChipSpace", "ContinuousActions", "ContinuousSpace"]

_KIND_NAMES = ("fold", "check/call", "bet/raise")
_FOLD = ActionKind.FOLD
_CHECK = ActionKind.CHECK
_CALL = ActionKind.CALL
_ALL_IN = ActionKind.ALL_IN


class ContinuousSpace(spaces.Box):
    """``Box(-1, 1, (2,), float32)`` whose ``sample(mask)`` takes the 3-kind mask.

    With a mask, the kind is drawn uniformly among the legal ones (inside its
    third, away from the borders) and the size uniformly, so the sample is legal.

    Example:
        >>> space = ContinuousSpace(seed=0)
        >>> bool(space.sample(np.array([0, 0, 1], np.int8))[0] > 1 / 3)
        True
    """

    def __init__(self, seed: int | None = None) -> None:
        """The ``[kind, size]`` box."""
        super().__init__(-1.0, 1.0, (2,), np.float32, seed=seed)

    def sample(self, mask: Any = None, probability: Any = None) -> np.ndarray:
        """A random action, legal under the 3-kind ``mask`` if one is given."""
        if mask is None:
            return super().sample(None, probability)
        rng = self.np_random
        kind = _pick_kind(rng, mask)
        centre = (kind - 1) * 2 / 3
        return np.array((centre + rng.uniform(-0.25, 0.25), rng.uniform(-1.0, 1.0)), dtype=np.float32)


class ChipSpace(spaces.MultiDiscrete):
    """``MultiDiscrete([3, max_stack + 1])`` whose ``sample(mask)`` also takes the 3-kind mask.

    With a 3-kind mask the kind is drawn among the legal ones and the amount
    uniformly over ``0 .. max_stack``, so a sampled bet is legal only when the
    amount falls inside the raise range. A tuple mask works as in Gymnasium.

    Example:
        >>> int(ChipSpace(500, seed=0).sample(np.array([0, 1, 0], np.int8))[0])
        1
    """

    def __init__(self, max_stack: int, seed: int | None = None) -> None:
        """The ``[kind, amount]`` space for stacks up to ``max_stack`` chips."""
        super().__init__([3, max_stack + 1], seed=seed)

    def sample(self, mask: Any = None, probability: Any = None) -> np.ndarray:
        """A random ``[kind, amount]``, its kind legal under a 3-kind ``mask``."""
        if mask is None or isinstance(mask, tuple):
            return super().sample(mask, probability)
        rng = self.np_random
        return np.array((_pick_kind(rng, mask), rng.integers(self.nvec[1])), dtype=self.dtype)


def _pick_kind(rng: np.random.Generator, mask: Any) -> int:
    """A kind drawn uniformly among the legal ones of a 3-kind mask (check/call when none is)."""
    legal = np.flatnonzero(np.asarray(mask))
    return int(legal[rng.integers(len(legal))]) if len(legal) else 1


class ContinuousActions:
    """A kind selector and a log-scale size in ``Box(-1, 1, (2,), float32)``.

    ``a[0] < -1/3`` folds, ``a[0] <= 1/3`` checks or calls, larger values bet or
    raise to ``min_raise_to * (max_raise_to / min_raise_to) ** ((a[1] + 1) / 2)``
    chips (rounded; ``a[1]`` is clipped into ``[-1, 1]``). The mask is
    ``(fold, check/call, bet/raise)``.

    Example:
        >>> from pokergym.engine import HandState
        >>> hand = HandState.new(deck=tuple(range(9)))
        >>> ContinuousActions().apply(hand, np.array([1.0, 0.0], np.float32))
        >>> hand.history[-1].to  # the geometric mean of 200 and 20000
        2000
    """

    __slots__ = ("mask_names", "mask_size", "space")

    def __init__(self) -> None:
        """Build the codec."""
        self.space = ContinuousSpace()
        self.mask_size = 3
        self.mask_names = ("fold", "check_call", "bet_raise")

    def mask(self, hand: HandState) -> np.ndarray:
        """A new int8 array of the ``(fold, check/call, bet/raise)`` flags."""
        return _kind_mask(hand)

    def amount(self, hand: HandState, size: float) -> int:
        """The raise-to amount that size ``size`` in ``[-1, 1]`` stands for."""
        low, high = hand.min_raise_to, hand.max_raise_to
        if low >= high:
            return high
        share = (min(max(size, -1.0), 1.0) + 1.0) / 2.0
        return min(max(round(low * math.pow(high / low, share)), low), high)

    def apply(self, hand: HandState, action: Any) -> None:
        """Take the action ``[kind, size]`` for the seat to act.

        Raises:
            IllegalActionError: the chosen kind is not legal now, or the action is not two finite numbers.
        """
        try:
            selector, size = (float(x) for x in np.asarray(action, dtype=np.float64).reshape(2))
        except (TypeError, ValueError) as err:
            raise IllegalActionError(f"a continuous action is two numbers [kind, size], got {action!r}") from err
        if not (math.isfinite(selector) and math.isfinite(size)):
            raise IllegalActionError(f"a continuous action must be finite, got {action!r}")
        kind = 0 if selector < -1 / 3 else 1 if selector <= 1 / 3 else 2
        _apply_kind(hand, kind, self.amount(hand, size), action)

    def encode(self, action: Action, hand: HandState) -> np.ndarray:
        """The ``[kind, size]`` point that stands for the legal engine ``action``.

        Example:
            >>> from pokergym.engine import Action, HandState
            >>> ContinuousActions().encode(Action.raise_to(2000), HandState.new(deck=tuple(range(9))))
            array([0.6666667, 0.       ], dtype=float32)
        """
        kind, amount = _kind_and_amount(action, hand)
        size = 0.0
        if kind == 2:
            low, high = hand.min_raise_to, hand.max_raise_to
            size = 1.0 if low >= high else 2.0 * math.log(amount / low) / math.log(high / low) - 1.0
        return np.array(((kind - 1) * 2 / 3, size), dtype=np.float32)

    def describe(self, hand: HandState) -> str:
        """The legal kinds and the raise range."""
        return _describe_kinds(hand)


class ChipActions:
    """``[kind, amount]`` in ``MultiDiscrete([3, max_stack + 1])``: exact raise-to amounts.

    Kind ``0`` folds, ``1`` checks or calls, ``2`` bets or raises to exactly
    ``amount`` chips (the seat's total on the street; all-in is
    ``max_raise_to``). ``amount`` is ignored for the other kinds. The mask
    is ``(fold, check/call, bet/raise)``; the legal amounts are
    ``min_raise_to .. max_raise_to`` (in the observation and in ``info``).

    Example:
        >>> from pokergym.engine import HandState
        >>> hand = HandState.new(deck=tuple(range(9)))
        >>> codec = ChipActions(hand.config)
        >>> codec.space
        MultiDiscrete([    3 20001])
        >>> codec.apply(hand, [2, 250]); hand.history[-1].to
        250
    """

    __slots__ = ("mask_names", "mask_size", "space")

    def __init__(self, config: GameConfig) -> None:
        """Build the codec for the largest stack of ``config``."""
        self.space = ChipSpace(max(config.stacks))
        self.mask_size = 3
        self.mask_names = ("fold", "check_call", "bet_raise")

    def mask(self, hand: HandState) -> np.ndarray:
        """A new int8 array of the ``(fold, check/call, bet/raise)`` flags."""
        return _kind_mask(hand)

    def apply(self, hand: HandState, action: Any) -> None:
        """Take the action ``[kind, amount]`` for the seat to act.

        Raises:
            IllegalActionError: the kind or amount is not legal now; the message gives the legal range.
        """
        pair = np.asarray(action)
        if pair.shape != (2,) or pair.dtype.kind not in "iu":
            raise IllegalActionError(f"a chips action is two integers [kind, amount], got {action!r}")
        _apply_kind(hand, int(pair[0]), int(pair[1]), action)

    def encode(self, action: Action, hand: HandState) -> np.ndarray:
        """The ``[kind, amount]`` pair of the legal engine ``action``.

        Example:
            >>> from pokergym.engine import Action, HandState
            >>> hand = HandState.new(deck=tuple(range(9)))
            >>> ChipActions(hand.config).encode(Action.all_in(), hand)
            array([    2, 20000])
        """
        kind, amount = _kind_and_amount(action, hand)
        return np.array((kind, amount), dtype=np.int64)

    def describe(self, hand: HandState) -> str:
        """The legal kinds and the raise range."""
        return _describe_kinds(hand)


def _kind_mask(hand: HandState) -> np.ndarray:
    if hand.terminal:
        return np.zeros(3, np.int8)
    return np.frombuffer(bytearray((1 if hand.to_call else 0, 1, 1 if hand.can_raise else 0)), np.int8)


def _apply_kind(hand: HandState, kind: int, chips: int, action: object) -> None:
    """Fold (0), check/call (1) or raise to ``chips`` (2), checking legality first."""
    if hand.terminal or not ((kind == 0 and hand.to_call) or kind == 1 or (kind == 2 and hand.can_raise)):
        name = _KIND_NAMES[kind] if 0 <= kind < 3 else f"kind {kind}"
        raise IllegalActionError(f"{name} ({action!r}) is not legal now; legal: {_describe_kinds(hand)}")
    if kind == 0:
        hand.fold()
    elif kind == 1:
        hand.check_or_call()
    else:
        if not hand.min_raise_to <= chips <= hand.max_raise_to:
            raise IllegalActionError(
                f"raise-to amount {chips} ({action!r}) is outside the legal range; legal: {_describe_kinds(hand)}"
            )
        hand.raise_to(chips)


def _kind_and_amount(action: Action, hand: HandState) -> tuple[int, int]:
    """The (kind, raise-to) pair of a legal engine action in the 3-kind encodings."""
    hand.verify(action)
    kind = action.kind
    if kind == _FOLD:
        return 0, 0
    if kind in (_CHECK, _CALL):
        return 1, 0
    if kind == _ALL_IN:
        return (2, hand.max_raise_to) if hand.can_raise else (1, 0)
    return 2, action.amount


def _describe_kinds(hand: HandState) -> str:
    if hand.terminal:
        return "nothing (the hand is over)"
    parts = [f"fold (0), call {hand.to_call} (1)" if hand.to_call else "check (1)"]
    if hand.can_raise:
        parts.append(f"bet/raise to {hand.min_raise_to}..{hand.max_raise_to} (2)")
    return ", ".join(parts)
