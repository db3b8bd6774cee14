"""The result of a match, from agent A's side, and its JSON form."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Any, Literal

import numpy as np

from pokergym.arena.blocks import VoidedHand
from pokergym.arena.stats import StyleStats, json_float, mean_ci
from pokergym.engine.config import GameConfig
from pokergym.errors import ConfigError, malformed

__all__ = ["ESTIMATORS", "Estimator", "MatchResult"]

Estimator = Literal["raw", "allin", "aivat"]
ESTIMATORS: tuple[Estimator, ...] = ("raw", "allin", "aivat")
"""What a match's mean and interval are computed from: the chips, the all-in adjusted chips, or AIVAT's."""


def _known(flags: object) -> tuple[bool, bool]:
    """``aivat_known`` read back: two booleans, or a :class:`ConfigError`."""
    if not isinstance(flags, list | tuple) or len(flags) != 2 or not all(isinstance(f, bool) for f in flags):
        raise ConfigError(f"aivat_known must be two booleans, got {flags!r}")
    return bool(flags[0]), bool(flags[1])


def _estimator(name: object) -> Estimator:
    """``name`` as an :data:`Estimator`, or a :class:`ConfigError`."""
    for known in ESTIMATORS:
        if name == known:
            return known
    raise ConfigError(f"estimator must be one of {ESTIMATORS}, got {name!r}")


@dataclass(frozen=True)
class MatchResult:
    """Outcome of a duplicate match between agent A and agent B, seen from A.

    Winnings are in milli-big-blinds per hand (mbb/hand); the confidence
    interval is over pairs, the independent unit of a duplicate match.

    Attributes:
        agents: names of agent A and agent B.
        seed: the match's root seed.
        config: blinds and stacks (``stacks[0]`` is agent A's).
        duplicate: whether each deck was replayed with the seats swapped.
        block_size: pairs per block (agent memory starts afresh at each block).
        pair_chips: per counted pair, in pair order, A's chips in hand 0 (A on
            the button) and hand 1 (B on the button).
        voided: the failures; each voids its whole pair.
        stats: style counts of agent A and agent B over the counted hands.
        allin_chips: per counted pair, A's all-in adjusted chips in hand 0 and hand 1
            (:func:`~pokergym.arena.variance.allin_chips`), when they were computed.
        estimator: what :attr:`mbb_per_hand` and :attr:`ci95` are computed from: ``"raw"`` (the chips),
            ``"allin"`` (the all-in adjusted chips: the same expectation, a smaller spread) or ``"aivat"``.
        aivat_chips: per counted pair, A's AIVAT chips in hand 0 and hand 1
            (:func:`~pokergym.arena.variance.played_aivat`), when they were computed.
        aivat_known: whether AIVAT had agent A's and agent B's strategies (action terms), or only the
            chance terms for that seat.

    Raises:
        ConfigError: an unknown estimator, or ``"allin"`` or ``"aivat"`` without one adjusted pair per counted
            pair.

    Example:
        >>> result = MatchResult(("a", "b"), 0, GameConfig(), True, 100, ((150, -50), (-100, 300)), (),
        ...                      (StyleStats(), StyleStats()))
        >>> result.pairs, result.hands, result.mbb_per_hand, result.bb_per_100
        (2, 4, 750.0, 75.0)
        >>> MatchResult.from_json(result.to_json()) == result
        True
    """

    agents: tuple[str, str]
    seed: int
    config: GameConfig
    duplicate: bool
    block_size: int
    pair_chips: tuple[tuple[int, int], ...]
    voided: tuple[VoidedHand, ...]
    stats: tuple[StyleStats, StyleStats]
    allin_chips: tuple[tuple[float, float], ...] = ()
    estimator: Estimator = "raw"
    aivat_chips: tuple[tuple[float, float], ...] = ()
    aivat_known: tuple[bool, bool] = (False, False)

    def __post_init__(self) -> None:
        """Check the estimator against the values it needs."""
        if self.estimator not in ESTIMATORS:
            raise ConfigError(f"estimator must be one of {ESTIMATORS}, got {self.estimator!r}")
        if not self.has(self.estimator):
            raise ConfigError(
                f"the {self.estimator} estimator needs adjusted chips for every counted pair: "
                f"{len(self.chips_of(self.estimator))} for {len(self.pair_chips)} pairs"
            )

    def chips_of(self, estimator: Estimator) -> tuple[tuple[float, float], ...]:
        """A's chips per counted pair (hand 0, hand 1) by ``estimator``: raw, all-in adjusted or AIVAT's."""
        if estimator == "allin":
            return self.allin_chips
        return self.aivat_chips if estimator == "aivat" else self.pair_chips

    def has(self, estimator: Estimator) -> bool:
        """Whether every counted pair has chips by ``estimator`` (raw always does).

        Example:
            >>> result = MatchResult(("a", "b"), 0, GameConfig(), True, 100, ((1, 2),), (),
            ...                      (StyleStats(), StyleStats()))
            >>> result.has("raw"), result.has("aivat")
            (True, False)
        """
        return len(self.chips_of(estimator)) == len(self.pair_chips)

    def per_pair_by(self, estimator: Estimator) -> np.ndarray[Any, np.dtype[np.float64]]:
        """A's winnings per counted pair in mbb/hand by ``estimator`` (which :meth:`has` must hold for)."""
        return self._mbb_per_pair(self.chips_of(estimator))

    @property
    def pairs(self) -> int:
        """Pairs counted (voided pairs excluded)."""
        return len(self.pair_chips)

    @property
    def hands(self) -> int:
        """Hands counted: two per counted pair."""
        return 2 * len(self.pair_chips)

    @property
    def voided_pairs(self) -> int:
        """Pairs left out because a hand of theirs was voided."""
        return len({v.pair for v in self.voided})

    @property
    def pair_indices(self) -> np.ndarray[Any, np.dtype[np.intp]]:
        """The match's index of each counted pair, in the order of :attr:`pair_chips` (voided pairs skipped).

        Example:
            >>> void = VoidedHand(1, 0, "a", 0, "illegal", "raise")
            >>> MatchResult(("a", "b"), 0, GameConfig(), True, 100, ((1, 2), (3, 4)), (void,),
            ...             (StyleStats(), StyleStats())).pair_indices.tolist()
            [0, 2]
        """
        voided = {v.pair for v in self.voided}
        played = len(self.pair_chips) + len(voided)
        return np.array([k for k in range(played) if k not in voided], dtype=np.intp)

    @property
    def per_pair(self) -> np.ndarray[Any, np.dtype[np.float64]]:
        """Agent A's winnings per counted pair in mbb/hand (the mean of its two hands), by :attr:`estimator`."""
        return self.per_pair_by(self.estimator)

    def _mbb_per_pair(self, values: tuple[tuple[float, float], ...]) -> np.ndarray[Any, np.dtype[np.float64]]:
        """Per pair, the mean of its two hands' ``values`` (chips) in mbb/hand."""
        chips = np.asarray(values, dtype=float).reshape(-1, 2)
        return np.asarray(chips.sum(axis=1) * (500.0 / self.config.big_blind))

    @cached_property
    def _summary(self) -> tuple[float, float]:
        return mean_ci(self.per_pair)

    @property
    def mbb_per_hand(self) -> float:
        """Agent A's mean winnings in mbb/hand (``nan`` with no pair counted)."""
        return self._summary[0]

    @property
    def ci95(self) -> float:
        """Half-width of the 95% confidence interval of :attr:`mbb_per_hand` (``nan`` below two pairs)."""
        return self._summary[1]

    @property
    def bb_per_100(self) -> float:
        """Agent A's mean winnings in big blinds per 100 hands."""
        return self.mbb_per_hand / 10.0

    def to_dict(self) -> dict[str, Any]:
        """The JSON-compatible form; summaries are included for readers, ``nan`` becomes ``None``."""
        config = self.config
        return {
            "agents": list(self.agents),
            "seed": self.seed,
            "config": {"small_blind": config.small_blind, "big_blind": config.big_blind, "stacks": list(config.stacks)},
            "duplicate": self.duplicate,
            "block_size": self.block_size,
            "pairs": self.pairs,
            "hands": self.hands,
            "voided_pairs": self.voided_pairs,
            "mbb_per_hand": json_float(self.mbb_per_hand),
            "ci95": json_float(self.ci95),
            "bb_per_100": json_float(self.bb_per_100),
            "stats": [s.to_dict() for s in self.stats],
            "voided": [v.to_dict() for v in self.voided],
            "pair_chips": [list(c) for c in self.pair_chips],
            **({"estimator": self.estimator} if self.estimator != "raw" else {}),
            **({"allin_chips": [list(c) for c in self.allin_chips]} if self.allin_chips else {}),
            **({"aivat_chips": [list(c) for c in self.aivat_chips]} if self.aivat_chips else {}),
            **({"aivat_known": list(self.aivat_known)} if any(self.aivat_known) else {}),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> MatchResult:
        """Rebuild from :meth:`to_dict` (the summaries are recomputed, not read)."""
        config = data["config"]
        first, second = data["agents"]
        stats_a, stats_b = (StyleStats.from_dict(s) for s in data["stats"])
        return cls(
            agents=(str(first), str(second)),
            seed=int(data["seed"]),
            config=GameConfig(config["small_blind"], config["big_blind"], tuple(config["stacks"])),
            duplicate=bool(data["duplicate"]),
            block_size=int(data["block_size"]),
            pair_chips=tuple((int(a), int(b)) for a, b in data["pair_chips"]),
            voided=tuple(VoidedHand.from_dict(v) for v in data["voided"]),
            stats=(stats_a, stats_b),
            allin_chips=tuple((float(a), float(b)) for a, b in data.get("allin_chips", ())),
            estimator=_estimator(data.get("estimator", "raw")),
            aivat_chips=tuple((float(a), float(b)) for a, b in data.get("aivat_chips", ())),
            aivat_known=_known(data.get("aivat_known", (False, False))),
        )

    def to_json(self, indent: int | None = None) -> str:
        """JSON text of :meth:`to_dict`."""
        return json.dumps(self.to_dict(), indent=indent, allow_nan=False)

    @classmethod
    def from_json(cls, text: str) -> MatchResult:
        """Load what :meth:`to_json` wrote.

        Raises:
            ConfigError: if ``text`` is not a match result's JSON.
        """
        with malformed(ConfigError, "not a match result"):
            return cls.from_dict(json.loads(text))

    @property
    def aivat_strategies(self) -> str:
        """Whose strategies AIVAT's action terms used, in words (e.g. ``"strategies of a and b"``).

        Example:
            >>> MatchResult(("a", "b"), 0, GameConfig(), True, 100, (), (), (StyleStats(), StyleStats()),
            ...             aivat_known=(False, True)).aivat_strategies
            'strategy of b'
        """
        names = [name for name, known in zip(self.agents, self.aivat_known, strict=True) if known]
        if not names:
            return "chance terms only"
        return f"strategies of {names[0]} and {names[1]}" if len(names) == 2 else f"strategy of {names[0]}"

    def summary(self) -> str:
        """One line, e.g. ``a vs b: +750.0 +- 12.3 mbb/hand over 2 pairs (4 hands)``.

        An adjusted estimator's figure names it and is followed by the raw chips' (``raw +x +- y``).
        """
        voided = f", {self.voided_pairs} pairs voided" if self.voided else ""
        adjusted = {"raw": "", "allin": " (all-in adjusted)", "aivat": f" (AIVAT, {self.aivat_strategies})"}[
            self.estimator
        ]
        if self.estimator != "raw":
            raw_mean, raw_ci = mean_ci(self.per_pair_by("raw"))
            adjusted += f", raw {raw_mean:+.1f} +- {raw_ci:.1f}"
        return (
            f"{self.agents[0]} vs {self.agents[1]}: {self.mbb_per_hand:+.1f} +- {self.ci95:.1f} mbb/hand{adjusted} "
            f"over {self.pairs} pairs ({self.hands} hands){voided}"
        )
