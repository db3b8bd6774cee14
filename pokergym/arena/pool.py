"""Several matches of the same two agents on different seeds, pooled into one estimate over all their pairs.

A duplicate match's pairs are independent, and so are the pairs of matches played with different seeds: the
pooled mean and 95% interval are taken over every pair of every match, as if one longer match had been played.
The same seed twice deals the same cards, so :func:`pool` refuses it (its pairs would be counted twice), and it
refuses matches of other agents, blinds or stacks, or a mix of duplicate and single-deal matches.

A match played as ``B A`` counts from A's side: its chips change sign. Each estimator the matches share is
pooled: the raw chips always, the all-in adjusted chips where every match has them, AIVAT's where every match
has them with the same known strategies (AIVAT with and without a seat's action terms estimate the same mean
with different spreads, so a pooled interval would describe neither).

Example:
    >>> from pokergym.agents import CallAgent, RandomAgent
    >>> from pokergym.arena import match
    >>> results = [match(RandomAgent(name="r"), CallAgent(name="c"), pairs=20, seed=s) for s in (1, 2)]
    >>> pooled = pool(results)
    >>> pooled.pairs, pooled.seeds, sorted(pooled.estimates)
    (40, (1, 2), ['raw'])
    >>> bool(abs(pooled.estimates["raw"][0] - sum(r.mbb_per_hand for r in results) / 2) < 1e-9)
    True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TypeVar

import numpy as np

from pokergym.arena.result import ESTIMATORS, Estimator, MatchResult
from pokergym.arena.stats import mean_ci
from pokergym.errors import ConfigError

__all__ = ["PooledResult", "pool", "read_result"]

_Chips = TypeVar("_Chips", int, float)
_LABELS: dict[Estimator, str] = {"raw": "raw", "allin": "all-in adjusted", "aivat": "AIVAT"}


@dataclass(frozen=True)
class PooledResult:
    """Pooled figures of several matches, from agent A's side, in mbb/hand.

    Attributes:
        agents: agent A's and agent B's names.
        matches: the matches pooled, each from A's side, in the order given.
        estimates: per estimator every match has, the mean over all pairs and its 95% half-width.
        aivat_strategies: whose strategies the pooled AIVAT used, in words ("" without AIVAT).
    """

    agents: tuple[str, str]
    matches: tuple[MatchResult, ...]
    estimates: dict[Estimator, tuple[float, float]]
    aivat_strategies: str = ""

    @property
    def seeds(self) -> tuple[int, ...]:
        """The matches' seeds, in order."""
        return tuple(result.seed for result in self.matches)

    @property
    def pairs(self) -> int:
        """Pairs counted over all the matches."""
        return sum(result.pairs for result in self.matches)

    def table(self) -> str:
        """A Markdown table: one row per match and the pooled row, one column per estimator.

        A match's pairs are those counted; the pairs its failures voided are named beside them.

        Example:
            >>> from pokergym.agents import CallAgent
            >>> from pokergym.arena import match
            >>> results = [match(CallAgent(name="a"), CallAgent(name="b"), pairs=5, seed=s) for s in (3, 4)]
            >>> print(pool(results).table())
            | a vs b, seed | pairs | raw |
            |---|---:|---:|
            | 3 | 5 | +0 +- 0 |
            | 4 | 5 | +0 +- 0 |
            | pooled | 10 | **+0 +- 0** |
        """
        names = list(self.estimates)
        header = [_LABELS[name] + (f" ({self.aivat_strategies})" if name == "aivat" else "") for name in names]
        lines = [
            f"| {self.agents[0]} vs {self.agents[1]}, seed | pairs | " + " | ".join(header) + " |",
            "|---|---:|" + "---:|" * len(names),
        ]
        for result in self.matches:
            cells = [_figure(*mean_ci(result.per_pair_by(name))) for name in names]
            voided = f" ({result.voided_pairs:,} voided)" if result.voided else ""
            lines.append(f"| {result.seed} | {result.pairs:,}{voided} | " + " | ".join(cells) + " |")
        pooled = [f"**{_figure(*self.estimates[name])}**" for name in names]
        lines.append(f"| pooled | {self.pairs:,} | " + " | ".join(pooled) + " |")
        return "\n".join(lines)


def _figure(mean: float, half_width: float) -> str:
    return f"{mean:+,.0f} +- {half_width:,.0f}"


def _flipped(values: tuple[tuple[_Chips, _Chips], ...]) -> tuple[tuple[_Chips, _Chips], ...]:
    """Each pair from the other agent's side: its two hands swap seats (hand 0 has A on the button) and signs."""
    return tuple((-second, -first) for first, second in values)


def _from_side(result: MatchResult, agents: tuple[str, str]) -> MatchResult:
    """``result`` seen from ``agents[0]``: as it is, or with the seats' roles and the chips' signs swapped."""
    if result.agents == agents:
        return result
    if result.agents != (agents[1], agents[0]):
        raise ConfigError(f"cannot pool {result.agents[0]} vs {result.agents[1]} with {agents[0]} vs {agents[1]}")
    return replace(
        result,
        agents=agents,
        pair_chips=_flipped(result.pair_chips),
        allin_chips=_flipped(result.allin_chips),
        aivat_chips=_flipped(result.aivat_chips),
        aivat_known=(result.aivat_known[1], result.aivat_known[0]),
        stats=(result.stats[1], result.stats[0]),
    )


def _check_compatible(results: Sequence[MatchResult]) -> None:
    """Raise the :class:`ConfigError` :func:`pool` documents for matches that cannot be pooled."""
    first = results[0]
    seen: set[int] = set()
    for result in results:
        if result.seed in seen:
            raise ConfigError(f"seed {result.seed} is given twice: the same seed deals the same cards")
        seen.add(result.seed)
        if result.config != first.config:
            raise ConfigError(f"the matches differ in blinds or stacks: {first.config} and {result.config}")
        if result.duplicate != first.duplicate:
            raise ConfigError("cannot pool duplicate matches with single-deal ones")
        if not result.pairs:
            raise ConfigError(f"the match of seed {result.seed} counted no pair")


def _shared_estimators(results: Sequence[MatchResult]) -> list[Estimator]:
    """The estimators every match has (AIVAT only with the same known strategies in all)."""
    shared = [name for name in ESTIMATORS if all(result.has(name) for result in results)]
    return [name for name in shared if name != "aivat" or len({r.aivat_known for r in results}) == 1]


def pool(results: Sequence[MatchResult]) -> PooledResult:
    """Pool matches of the same two agents on different seeds (see the module docstring).

    Args:
        results: the matches; the first one's agent A is the side the figures are from.

    Returns:
        Each match from A's side and the pooled mean and 95% interval of every estimator they share.

    Raises:
        ConfigError: no match, other agents, blinds or stacks, a seed given twice, duplicate and single-deal
            matches mixed, or a match with no pair counted.
    """
    if not results:
        raise ConfigError("pool needs at least one match")
    agents = results[0].agents
    matches = tuple(_from_side(result, agents) for result in results)
    _check_compatible(matches)
    estimates = {
        name: mean_ci(np.concatenate([result.per_pair_by(name) for result in matches]))
        for name in _shared_estimators(matches)
    }
    strategies = matches[0].aivat_strategies if "aivat" in estimates else ""
    return PooledResult(agents, matches, estimates, strategies)


def read_result(path: str | Path) -> MatchResult:
    """The match saved at ``path``: a ``pokergym match --out`` folder or its ``result.json``.

    Raises:
        ConfigError: no such file, or not a match's result (an arena's or a ladder's ``results.json`` included).
    """
    file = Path(path)
    if file.is_dir():
        file = file / "result.json"
    if not file.is_file():
        raise ConfigError(f"no match result at {path} (expected a 'pokergym match --out' folder or its result.json)")
    return MatchResult.from_json(file.read_text(encoding="utf-8"))
