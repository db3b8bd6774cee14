"""Hand ranges: a weight in ``[0, 1]`` for each of the 1326 two-card combos.

Ranges are read from the notation solvers and range charts use: a
comma-separated list of tokens, each an optional ``:weight`` suffix after

* a pair or a pair range: ``QQ``, ``22+`` (22 up to AA), ``22-55``;
* two ranks, suited, offsuit or both: ``AKs``, ``AKo``, ``AK``; with ``+``
  the lower rank climbs to one below the higher (``A2s+`` = A2s..AKs,
  ``KTo+`` = KTo, KJo, KQo); with a dash the lower rank spans the two
  (``A2s-A5s``);
* an exact combo: ``AhKh``.

A later token overrides the weight an earlier one gave the same combo.
Combo order is :mod:`pokergym.evaluator.combos`' (``0..1325``).

Example:
    >>> r = Range.parse("22+,A2s+,KTo+,QJs,T9s:0.5,AhKh")
    >>> r.count()
    168.0
    >>> r.weight_of("Ts9s"), r.weight_of("AhKh"), r.weight_of("AdKc")
    (0.5, 1.0, 0.0)
    >>> Range.parse("AK").count(), Range.parse("AKs").count(), Range.parse("AKo").count()
    (16.0, 4.0, 12.0)
    >>> Range.parse("A1s")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    pokergym.errors.RangeError: bad range token 'A1s': expected a pair (QQ), two ranks with s/o (AKs), ...
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

import numpy as np
import numpy.typing as npt

from pokergym.cards import RANKS, format_cards, parse_cards
from pokergym.errors import RangeError
from pokergym.evaluator.combos import COMBO_CARDS, N_COMBOS, combo_array, combo_index

__all__ = ["HAND_GROUPS", "Range", "class_of_combo", "hand_classes", "hand_group"]

_TOKEN: Final = re.compile(r"^([2-9TJQKA])([2-9TJQKA])([so]?)(\+?)$")
_DASH: Final = re.compile(r"^([2-9TJQKA])([2-9TJQKA])([so]?)-([2-9TJQKA])([2-9TJQKA])([so]?)$")
_COMBO: Final = re.compile(r"^[2-9TJQKA][cdhs][2-9TJQKA][cdhs]$")
_CARDS: Final = combo_array()
HAND_GROUPS: Final = ("pairs", "suited aces", "suited connectors", "other suited", "offsuit broadways", "other offsuit")
"""The groups of :func:`hand_group`, in this order: where a preflop model's realisation differs by hand type."""


def _rank(char: str) -> int:
    return RANKS.index(char)


def _combos_of(high: int, low: int, kind: str) -> list[int]:
    """Combo indices of the hand class ``high low kind`` (ranks as codes, ``kind`` in ``"s"``, ``"o"``, ``""``)."""
    combos = []
    for s1 in range(4):
        for s2 in range(4):
            c1, c2 = high * 4 + s1, low * 4 + s2
            if c1 == c2 or (high == low and s1 > s2):
                continue
            if (kind == "s" and s1 != s2) or (kind == "o" and s1 == s2):
                continue
            combos.append(combo_index(c1, c2))
    return sorted(set(combos))


def _bad(token: str) -> RangeError:
    return RangeError(
        f"bad range token {token!r}: expected a pair (QQ), two ranks with s/o (AKs), a combo (AhKh), "
        "each with an optional + or -range and :weight"
    )


def _token_combos(token: str) -> list[int]:
    """The combos a weight-free token names."""
    if _COMBO.match(token):
        c1, c2 = parse_cards(token)
        return [combo_index(c1, c2)]
    dash = _DASH.match(token)
    if dash:
        return _dash_combos(token, dash.groups())
    match = _TOKEN.match(token)
    if not match:
        raise _bad(token)
    first, second, kind, plus = match.groups()
    high, low = sorted((_rank(first), _rank(second)), reverse=True)
    if high == low:
        if kind:
            raise _bad(token)
        pairs = range(high, 13) if plus else [high]
        return [c for r in pairs for c in _combos_of(r, r, "")]
    lows = range(low, high) if plus else [low]
    return [c for r in lows for c in _combos_of(high, r, kind)]


def _dash_combos(token: str, groups: tuple[str, ...]) -> list[int]:
    a1, a2, kind_a, b1, b2, kind_b = groups
    if kind_a != kind_b:
        raise _bad(token)
    ra, rb = (_rank(a1), _rank(a2)), (_rank(b1), _rank(b2))
    if ra[0] == ra[1] and rb[0] == rb[1] and not kind_a:
        lo, hi = sorted((ra[0], rb[0]))
        return [c for r in range(lo, hi + 1) for c in _combos_of(r, r, "")]
    if ra[0] != rb[0] or ra[0] <= max(ra[1], rb[1]):
        raise _bad(token)
    lo, hi = sorted((ra[1], rb[1]))
    return [c for r in range(lo, hi + 1) for c in _combos_of(ra[0], r, kind_a)]


def _parse_weight(token: str, text: str) -> float:
    try:
        weight = float(text)
    except ValueError:
        raise RangeError(f"bad weight in range token {token!r}: expected a number in [0, 1]") from None
    if not 0.0 <= weight <= 1.0:
        raise RangeError(f"bad weight in range token {token!r}: {weight} is outside [0, 1]")
    return weight


@dataclass(frozen=True, eq=False)
class Range:
    """Weights of the 1326 combos (read-only ``float64`` array, each in ``[0, 1]``).

    Attributes:
        weights: ``weights[i]`` is the weight of combo ``i``.
    """

    weights: npt.NDArray[np.float64]

    def __post_init__(self) -> None:
        """Validate and freeze the weights."""
        weights = np.array(self.weights, dtype=np.float64)
        if weights.shape != (N_COMBOS,):
            raise RangeError(f"a range has {N_COMBOS} weights, got shape {weights.shape}")
        if not np.all(np.isfinite(weights)) or weights.min() < 0.0 or weights.max() > 1.0:
            raise RangeError("range weights must be finite numbers in [0, 1]")
        weights.flags.writeable = False
        object.__setattr__(self, "weights", weights)

    @classmethod
    def parse(cls, text: str) -> Range:
        """Read a range from its notation (see the module docstring).

        Raises:
            RangeError: on a malformed token or weight, naming it.
        """
        if not isinstance(text, str):
            raise RangeError(f"a range is given as text such as '22+,AKs', got {type(text).__name__}")
        weights = np.zeros(N_COMBOS)
        tokens = [t.strip() for t in text.split(",")]
        if not any(tokens):
            raise RangeError("empty range text")
        for token in tokens:
            if not token:
                raise RangeError(f"empty token in range {text!r} (two commas in a row?)")
            body, colon, weight_text = token.partition(":")
            weight = _parse_weight(token, weight_text) if colon else 1.0
            weights[_token_combos(body.strip())] = weight
        return cls(weights)

    @classmethod
    def full(cls) -> Range:
        """Every combo at weight 1.

        Example:
            >>> Range.full().count()
            1326.0
        """
        return cls(np.ones(N_COMBOS))

    def count(self) -> float:
        """Total weight (the number of combos, counting weighted ones fractionally)."""
        return float(self.weights.sum())

    def weight_of(self, combo: str) -> float:
        """Weight of one combo given as text, e.g. ``"AhKh"``.

        Raises:
            RangeError: if ``combo`` is not two distinct cards.
        """
        cards = parse_cards(combo)
        if len(cards) != 2:
            raise RangeError(f"a combo is two cards such as 'AhKh', got {combo!r}")
        return float(self.weights[combo_index(*cards)])

    def without(self, cards: Iterable[int]) -> Range:
        """This range with every combo holding one of ``cards`` at weight 0 (card removal).

        Example:
            >>> Range.parse("AA").without([51]).count()
            3.0
        """
        codes = list(cards)
        if not all(isinstance(c, int | np.integer) and not isinstance(c, bool) and 0 <= c < 52 for c in codes):
            raise RangeError(f"cards to remove are codes 0..51, got {codes!r}")
        blocked = np.zeros(52, dtype=bool)
        blocked[codes] = True
        keep = ~(blocked[_CARDS[:, 0]] | blocked[_CARDS[:, 1]])
        return Range(self.weights * keep)

    def __repr__(self) -> str:
        nonzero = int(np.count_nonzero(self.weights))
        return f"Range({nonzero} combos, weight {self.count():g})"


def class_of_combo(combo: int) -> str:
    """The 169-class name (``"AA"``, ``"AKs"``, ``"T9o"``) of a combo index.

    Example:
        >>> class_of_combo(1325), class_of_combo(combo_index(*parse_cards("Ts9d")))
        ('AA', 'T9o')
    """
    lo, hi = COMBO_CARDS[combo]
    r1, r2 = hi >> 2, lo >> 2
    high, low = max(r1, r2), min(r1, r2)
    if high == low:
        return RANKS[high] * 2
    return RANKS[high] + RANKS[low] + ("s" if (hi & 3) == (lo & 3) else "o")


def hand_classes() -> list[str]:
    """The 169 class names, strongest-looking first (pairs, then suited, then offsuit; by ranks).

    Example:
        >>> hand_classes()[:3], len(hand_classes())
        (['AA', 'KK', 'QQ'], 169)
    """
    pairs = [RANKS[r] * 2 for r in range(12, -1, -1)]
    suited = [RANKS[h] + RANKS[lo] + "s" for h in range(12, -1, -1) for lo in range(h - 1, -1, -1)]
    offsuit = [name[:2] + "o" for name in suited]
    return pairs + suited + offsuit


def hand_group(name: str) -> str:
    """The group (:data:`HAND_GROUPS`) of a class name: connectors and one-gappers count apart from other suited.

    Example:
        >>> [hand_group(n) for n in ("77", "A5s", "T8s", "K4s", "KJo", "T9o")]
        ['pairs', 'suited aces', 'suited connectors', 'other suited', 'offsuit broadways', 'other offsuit']
    """
    if len(name) == 2:
        return "pairs"
    high, low = _rank(name[0]), _rank(name[1])
    if name[2] == "s":
        if name[0] == "A":
            return "suited aces"
        return "suited connectors" if high - low <= 2 else "other suited"
    return "offsuit broadways" if low >= _rank("T") else "other offsuit"


def describe_combo(combo: int) -> str:
    """Text of a combo index, higher card first (``"AsAh"``)."""
    lo, hi = COMBO_CARDS[combo]
    return format_cards((hi, lo))
