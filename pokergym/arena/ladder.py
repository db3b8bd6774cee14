"""A ladder: a round robin that plays each pairing until its confidence interval is narrow enough.

A fixed number of pairs per match wastes pairs on lopsided pairings (a maniac
against the calling station is settled in a few hundred pairs) and leaves
close ones unresolved. The ladder plays every pairing in blocks of
``block_size`` duplicate pairs and, round after round, adds blocks to the
pairings whose 95% half-width is still above ``target_ci`` mbb/hand, largest
first, until every pairing is within the target or the budget of pairs is
spent (see :func:`allocate`).

**Determinism.** Block ``k`` of every pairing is dealt from
``SeedSequence(seed).spawn(k + 1)[k]``, the seed that block ``k`` of
:func:`~pokergym.arena.match.match` gets, so a pairing that stopped after
``n`` blocks equals ``match(a, b, pairs=n * block_size, seed=seed,
block_size=block_size)`` and every pairing is dealt the same cards (common
random numbers, as in :func:`~pokergym.arena.tournament.tournament`). Which
blocks a round adds depends only on the results of earlier rounds, so the
same seed and block size give the same ladder on every backend, with any
number of workers.

**Stopping.** The interval is the usual normal one over pairs (its coverage
on zero-edge matches is checked in the tests). The ladder stops a pairing on
its estimated spread, never on its mean, so stopping does not steer the mean;
``min_pairs`` keeps a pairing from stopping on the spread of a few pairs.
Spreads are heavy-tailed (all-in pots), so a spread measured on few pairs
tends to be low: the pairs a pairing "needs" (:func:`pairs_needed`) is an
estimate, and the ladder re-measures after every round.

**Estimator.** By default (``estimator="allin"``) a pairing's mean and interval are over the all-in
adjusted chips (:func:`~pokergym.arena.variance.allin_chips`): a hand that ended in an all-in run-out
before the river counts its expectation instead of the board that came, which leaves the mean where it
was and narrows the interval where such pots are common and the two hands of a pair did not share their
run-out. ``"raw"`` scores the chips won; ``"aivat"`` AIVAT, with the strategies the agents that report
them played (:func:`~pokergym.arena.variance.played_aivat`). The raw chips stay in every
:class:`~pokergym.arena.result.MatchResult` beside the adjusted ones.

**Extras.** With ``exploit_hands`` each agent that reports
``action_probabilities`` is also measured by local best response
(:func:`~pokergym.arena.lbr.lbr`); with ``aivat`` each pairing is re-scored
by :func:`~pokergym.arena.variance.adjusted_match` (the variance ratio of
raw to AIVAT per pair is reported per pairing). Agents whose
``action_probabilities`` depend on their memory get no action terms there.
"""

from __future__ import annotations

import itertools
import math
import sys
from collections.abc import Iterator, Mapping, Sequence
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal, TextIO

import numpy as np

from pokergym.agents.base import Agent, is_memoryless
from pokergym.arena.artifacts import save_tournament
from pokergym.arena.blocks import BlockResult, BlockTask, play_blocks
from pokergym.arena.lbr import LbrResult, lbr
from pokergym.arena.match import DEFAULT_BLOCK_SIZE, MatchPlan
from pokergym.arena.result import ESTIMATORS, Estimator, MatchResult
from pokergym.arena.run_options import RunnerOptions
from pokergym.arena.runners import AsyncRunner, Backend, Runner
from pokergym.arena.specs import not_reproducible
from pokergym.arena.stats import json_float
from pokergym.arena.tables import render
from pokergym.arena.tournament import TournamentResult
from pokergym.arena.variance import AdjustedMatch, Estimate, StrategyAgent, adjusted_match
from pokergym.engine.config import DEFAULT_CONFIG, GameConfig
from pokergym.engine.history import HandHistory
from pokergym.errors import ConfigError

__all__ = [
    "DEFAULT_BUDGET_PAIRS",
    "DEFAULT_ESTIMATOR",
    "DEFAULT_MIN_PAIRS",
    "DEFAULT_TARGET_CI",
    "LadderResult",
    "allocate",
    "block_seed",
    "ladder",
    "pairs_needed",
    "print_ladder",
    "variance_ratio",
]

DEFAULT_TARGET_CI = 250.0
"""95% half-width, in mbb/hand, that every pairing should reach."""

DEFAULT_BUDGET_PAIRS = 400_000
"""Duplicate pairs the ladder may play in all by default: enough for the five strongest built-in agents to
resolve at ±250 mbb/hand with the all-in estimator (231,400 pairs, about an hour on two cores;
``benchmarks/RESULTS.md``, "Ladder"), so the default ladder stops on its target rather than on its budget.
A ladder that runs out says which pairings stayed open and the pairs each would need."""

DEFAULT_ESTIMATOR: Estimator = "allin"
"""What a ladder scores by default: all-in adjusted chips (the same expectation as the chips, a narrower
interval where all-in pots are common: the default field resolves in about 230,000 pairs instead of 355,000)."""

DEFAULT_MIN_PAIRS = 200
"""Pairs every pairing plays before its interval may stop it."""

AllocationOrder = Literal["widest", "cheapest"]
"""Which open pairings get the budget first (see :func:`allocate`)."""

ALLOCATION_ORDERS: tuple[AllocationOrder, ...] = ("widest", "cheapest")


def block_seed(seed: int, block: int) -> np.random.SeedSequence:
    """The seed sequence of block ``block`` of a match with root ``seed``, without spawning its predecessors.

    Example:
        >>> spawned = np.random.SeedSequence(5).spawn(4)[3]
        >>> block_seed(5, 3).generate_state(4).tolist() == spawned.generate_state(4).tolist()
        True
    """
    return np.random.SeedSequence(seed, spawn_key=(block,))


def pairs_needed(pairs: int, half: float, target: float) -> int | None:
    """Pairs a pairing would need in all for a half-width of ``target``, if its spread stays as measured.

    Half-widths shrink as ``1 / sqrt(pairs)``; ``None`` when the half-width is unknown.

    Example:
        >>> pairs_needed(800, 500.0, 250.0), pairs_needed(800, 100.0, 250.0), pairs_needed(1, float("nan"), 250.0)
        (3200, 800, None)
    """
    if not math.isfinite(half):
        return None
    return max(pairs, math.ceil(pairs * (half / target) ** 2))


def _open(half: float, target: float) -> bool:
    """Whether a pairing with half-width ``half`` still needs pairs (``nan``: too few pairs to tell)."""
    return not half <= target


def allocate(
    pairs: Sequence[int],
    halves: Sequence[float],
    *,
    target: float,
    block_size: int,
    budget_left: int,
    min_pairs: int = DEFAULT_MIN_PAIRS,
    order: AllocationOrder = "widest",
) -> tuple[int, ...]:
    """Blocks to add to each pairing in the next round.

    Each pairing below ``min_pairs``, or with a half-width above ``target``
    (or unknown), asks for the blocks that would bring its half-width to the
    target if its spread stayed as measured (half-widths shrink as
    ``1 / sqrt(pairs)``), at least one block and at most as many pairs as it
    has (a noisy early spread cannot commit the budget at once). Requests are
    granted while whole blocks of budget remain, in ``order``: ``"widest"``
    (largest half-width first: the budget goes where the ranking is least
    sure) or ``"cheapest"`` (fewest pairs still needed first, by
    :func:`pairs_needed`: a budget too small for every pairing goes to those
    closest to the target). Pairings below ``min_pairs`` or with an unknown
    half-width come first either way. So whenever a pairing is open and a
    block of budget is left, some block is granted: the ladder never stops
    early.

    Args:
        pairs: pairs each pairing has played so far.
        halves: their current 95% half-widths (``nan`` for fewer than two pairs).
        target: the half-width to reach, in mbb/hand.
        block_size: pairs per block.
        budget_left: pairs the ladder may still play.
        min_pairs: pairs every pairing plays whatever its interval.
        order: ``"widest"`` or ``"cheapest"`` (see above).

    Returns:
        Blocks to add, per pairing; all zero when the ladder is done.

    Raises:
        ConfigError: for another ``order``.

    Example:
        >>> allocate([200, 200, 200], [100.0, 500.0, 300.0], target=250, block_size=100, budget_left=10_000)
        (0, 2, 1)
        >>> allocate([200, 200], [500.0, 300.0], target=250, block_size=100, budget_left=150)
        (1, 0)
        >>> allocate([200, 200], [500.0, 300.0], target=250, block_size=100, budget_left=150, order="cheapest")
        (0, 1)
    """
    blocks_left = budget_left // block_size
    grants = [0] * len(pairs)
    for i in _grant_order(pairs, halves, target, min_pairs, order):
        played, half = pairs[i], halves[i]
        if played >= min_pairs and not _open(half, target):
            continue
        wanted = max(min_pairs - played, 0)
        if _open(half, target) and played:
            ratio = half / target if math.isfinite(half) else 2.0
            wanted = max(wanted, min(math.ceil(played * ratio**2) - played, played))
        grants[i] = min(max(1, -(-wanted // block_size)), blocks_left)
        blocks_left -= grants[i]
    return tuple(grants)


def _grant_order(
    pairs: Sequence[int], halves: Sequence[float], target: float, min_pairs: int, order: AllocationOrder
) -> list[int]:
    """Pairing indices in the order :func:`allocate` grants them (ties by index)."""
    if order not in ALLOCATION_ORDERS:
        raise ConfigError(f"order must be one of {ALLOCATION_ORDERS}, got {order!r}")

    if order == "widest":  # unknown half-widths count as the widest
        return sorted(range(len(pairs)), key=lambda i: (-(halves[i] if math.isfinite(halves[i]) else math.inf), i))

    def still_needed(i: int) -> float:
        needed = pairs_needed(pairs[i], halves[i], target)
        return math.inf if needed is None else max(min_pairs, needed) - pairs[i]

    return sorted(range(len(pairs)), key=lambda i: (math.isfinite(still_needed(i)), still_needed(i), i))


@dataclass(frozen=True)
class LadderResult(TournamentResult):
    """A :class:`~pokergym.arena.tournament.TournamentResult` whose matches stopped at a target interval.

    Attributes:
        target_ci: the 95% half-width aimed at, mbb/hand.
        budget_pairs: pairs the ladder was allowed in all.
        block_size: pairs per block.
        rounds: per round, the blocks granted to each pairing (in match order).
        exploit: per agent (in ``names`` order), its LBR result, or ``None`` when not measured.
        aivat: per match, its raw/all-in/AIVAT estimates, or ``None`` when not re-scored.
        order: which open pairings got the budget first (see :func:`allocate`).

    Example:
        >>> from pokergym.agents import CallAgent, RandomAgent
        >>> result = ladder([RandomAgent(), CallAgent()], target_ci=5000, block_size=10, min_pairs=20, seed=1)
        >>> result.unresolved(), result.matches[0].pairs >= 20
        ((), True)
    """

    target_ci: float = DEFAULT_TARGET_CI
    budget_pairs: int = DEFAULT_BUDGET_PAIRS
    block_size: int = DEFAULT_BLOCK_SIZE
    rounds: tuple[tuple[int, ...], ...] = ()
    exploit: tuple[LbrResult | None, ...] = ()
    aivat: tuple[AdjustedMatch | None, ...] = field(default=())
    order: AllocationOrder = "widest"

    def unresolved(self) -> tuple[tuple[str, str], ...]:
        """The pairings whose half-width is still above the target (or unknown)."""
        return tuple(m.agents for m in self.matches if _open(m.ci95, self.target_ci))

    @property
    def pairs_used(self) -> int:
        """Pairs played over all pairings (voided ones included)."""
        return sum(sum(grants) for grants in self.rounds) * self.block_size

    def format_pairings(self, width: int | None = None) -> str:
        """One row per pairing: result, interval, pairs needed, resolved or not, and the AIVAT ratio."""
        rows = []
        for index, m in enumerate(self.matches):
            adjusted = self.aivat[index] if self.aivat else None
            ratio = f"{variance_ratio(adjusted):.2f}" if adjusted is not None else "-"
            resolved = "yes" if not _open(m.ci95, self.target_ci) else "NO"
            pairs = m.pairs + m.voided_pairs
            needed = pairs_needed(m.pairs, m.ci95, self.target_ci)
            rows.append([f"{m.agents[0]} vs {m.agents[1]}", f"{m.mbb_per_hand:+.0f}", f"±{m.ci95:.0f}",
                         str(pairs), resolved, "-" if needed is None else str(needed), ratio])  # fmt: skip
        legend = [
            f"mbb/hand of the first agent ± 95% CI; pairs: duplicate pairs played; resolved: CI within "
            f"±{self.target_ci:g}; needs: pairs for ±{self.target_ci:g} if the spread stays as measured; "
            "AIVAT: variance ratio raw / AIVAT per pair ('-': not re-scored)"
        ]
        headers = ["pairing", "mbb/hand", "95% CI", "pairs", "resolved", "needs", "AIVAT"]
        return render(headers, rows, legend=legend, width=width, left=1)

    def format_exploit(self, width: int | None = None) -> str:
        """LBR per agent with its interval, always-fold's 750 mbb/hand as the reference."""
        rows = [
            [name, "-", "-", "-"]
            if bound is None
            else [name, f"{bound.mbb_per_hand:+.0f}", f"±{bound.ci95:.0f}", str(bound.hands), _tracked(bound)]
            for name, bound in zip(self.names, self.exploit, strict=True)
        ]
        legend = [
            "LBR: what a local best responder wins from the agent, mbb/hand ± 95% CI (a lower bound on its "
            "exploitability); always-fold gives exactly 750; '-': no action_probabilities; range: the "
            "holdings the responder tracked (all 1326, or K drawn per hand, with the hands that fell back to all)"
        ]
        return render(["agent", "LBR", "95% CI", "hands", "range"], rows, legend=legend, width=width, left=1)

    def to_dict(self) -> dict[str, Any]:
        """The tournament's JSON form plus a ``"ladder"`` section (targets, rounds, pairings, LBR)."""
        data = super().to_dict()
        pairings = []
        for index, m in enumerate(self.matches):
            adjusted = self.aivat[index] if self.aivat else None
            pairings.append({
                "agents": list(m.agents),
                "pairs": m.pairs + m.voided_pairs,
                "mbb_per_hand": json_float(m.mbb_per_hand),
                "ci95": json_float(m.ci95),
                "resolved": not _open(m.ci95, self.target_ci),
                "pairs_needed": pairs_needed(m.pairs, m.ci95, self.target_ci),
                "aivat": None if adjusted is None else _adjusted_to_dict(adjusted),
            })  # fmt: skip
        data["ladder"] = {
            "target_ci": self.target_ci,
            "budget_pairs": self.budget_pairs,
            "block_size": self.block_size,
            "order": self.order,
            "pairs_used": self.pairs_used,
            "rounds": [list(grants) for grants in self.rounds],
            "unresolved": [list(agents) for agents in self.unresolved()],
            "pairings": pairings,
            "exploit": [None if bound is None else _lbr_to_dict(bound) for bound in self.exploit],
            "exploit_reference": {"agent": "always-fold", "mbb_per_hand": 750.0},
        }
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> LadderResult:
        """Rebuild from :meth:`to_dict` (summaries are recomputed)."""
        base = TournamentResult.from_dict(data)
        section = data["ladder"]
        return cls(
            base.names,
            base.matches,
            base.not_reproducible,
            float(section["target_ci"]),
            int(section["budget_pairs"]),
            int(section["block_size"]),
            tuple(tuple(int(g) for g in grants) for grants in section["rounds"]),
            tuple(None if b is None else _lbr_from_dict(b) for b in section["exploit"]),
            tuple(None if p["aivat"] is None else _adjusted_from_dict(p["aivat"]) for p in section["pairings"])
            if any(p["aivat"] is not None for p in section["pairings"])
            else (),
            section.get("order", "widest"),
        )


def variance_ratio(adjusted: AdjustedMatch) -> float:
    """How many times smaller AIVAT's variance per pair is than the raw one's (``nan`` if AIVAT's is zero).

    Example:
        >>> e = lambda sd: Estimate(0.0, 0.0, sd, sd)
        >>> variance_ratio(AdjustedMatch(10, e(300.0), e(200.0), e(150.0)))
        4.0
    """
    aivat = adjusted.aivat.sd_pair
    return (adjusted.raw.sd_pair / aivat) ** 2 if aivat > 0 else math.nan


def _lbr_to_dict(bound: LbrResult) -> dict[str, Any]:
    return {
        "agent": bound.agent,
        "variant": bound.variant,
        "hands": bound.hands,
        "mbb_per_hand": json_float(bound.mbb_per_hand),
        "ci95": json_float(bound.ci95),
        "range_samples": bound.range_samples,
        "fallbacks": bound.fallbacks,
        "aivat_mbb_per_hand": json_float(bound.aivat_mbb_per_hand),
        "aivat_ci95": json_float(bound.aivat_ci95),
    }


def _lbr_from_dict(data: Mapping[str, Any]) -> LbrResult:
    """The :class:`LbrResult` of :func:`_lbr_to_dict`'s entry (``None`` read back as ``nan``)."""

    def number(key: str) -> float:
        value = data.get(key)
        return math.nan if value is None else float(value)

    return LbrResult(
        data["agent"],
        data["variant"],
        int(data["hands"]),
        number("mbb_per_hand"),
        number("ci95"),
        data.get("range_samples"),
        int(data.get("fallbacks", 0)),
        number("aivat_mbb_per_hand"),
        number("aivat_ci95"),
    )


def _tracked(bound: LbrResult) -> str:
    """``all``, or ``K sampled (F fell back)``: the range an LBR result's responder tracked."""
    if bound.range_samples is None:
        return "all"
    return f"{bound.range_samples} sampled ({bound.fallbacks} fell back)"


def _estimate_to_dict(estimate: Estimate) -> dict[str, float | None]:
    return {name: json_float(getattr(estimate, name)) for name in Estimate.__slots__}


def _adjusted_to_dict(adjusted: AdjustedMatch) -> dict[str, Any]:
    return {
        "pairs": adjusted.pairs,
        "raw": _estimate_to_dict(adjusted.raw),
        "allin": _estimate_to_dict(adjusted.allin),
        "aivat": _estimate_to_dict(adjusted.aivat),
        "variance_ratio": json_float(variance_ratio(adjusted)),
    }


def _adjusted_from_dict(data: Mapping[str, Any]) -> AdjustedMatch:
    def estimate(part: Mapping[str, float | None]) -> Estimate:
        return Estimate(*(math.nan if part[n] is None else float(part[n] or 0.0) for n in Estimate.__slots__))

    return AdjustedMatch(int(data["pairs"]), estimate(data["raw"]), estimate(data["allin"]), estimate(data["aivat"]))


@dataclass
class _Pairing:
    """One pairing's blocks so far."""

    agents: tuple[Agent, Agent]
    estimator: Estimator = "raw"
    blocks: list[BlockResult] = field(default_factory=list)

    def tasks(self, count: int, seed: int, config: GameConfig, block_size: int, histories: bool) -> list[BlockTask]:
        first = len(self.blocks)
        allin, aivat = self.estimator == "allin", self.estimator == "aivat"
        return [
            BlockTask(
                self.agents,
                config,
                block_seed(seed, k),
                k * block_size,
                block_size,
                True,
                histories,
                seed,
                allin,
                aivat,
            )
            for k in range(first, first + count)
        ]

    def result(self, seed: int, config: GameConfig, block_size: int) -> MatchResult:
        pairs = len(self.blocks) * block_size
        plan = MatchPlan(self.agents, pairs, seed, config, block_size, estimator=self.estimator)
        return plan.collect(self.blocks)


def ladder(
    agents: Sequence[Agent],
    *,
    target_ci: float = DEFAULT_TARGET_CI,
    budget_pairs: int = DEFAULT_BUDGET_PAIRS,
    seed: int = 0,
    config: GameConfig = DEFAULT_CONFIG,
    block_size: int = DEFAULT_BLOCK_SIZE,
    min_pairs: int = DEFAULT_MIN_PAIRS,
    backend: Backend | Runner | AsyncRunner = "local",
    workers: int | None = None,
    exploit_hands: int = 0,
    exploit_range_samples: int | None = None,
    aivat: bool = False,
    out_dir: str | Path | None = None,
    plots: bool = True,
    log: TextIO | None = None,
    order: AllocationOrder = "widest",
    runner_options: RunnerOptions | None = None,
    estimator: Estimator = DEFAULT_ESTIMATOR,
) -> LadderResult:
    """Play every pairing of ``agents`` until its 95% half-width is at most ``target_ci`` or the budget is spent.

    Args:
        agents: the agents (names must be distinct); built from specs by the caller.
        target_ci: the 95% half-width to reach per pairing, mbb/hand.
        budget_pairs: duplicate pairs the ladder may play in all.
        seed: root seed; the same seed and block size give the same ladder on every backend.
        config: blinds and stacks.
        block_size: pairs per block (the unit of allocation; agent memory lasts a block).
        min_pairs: pairs every pairing plays before its interval can stop it.
        backend: ``"local"``, ``"process"``, ``"ray"``, ``"async"``, or a runner to reuse.
        workers: processes or Ray CPUs; default all cores.
        exploit_hands: LBR hands per agent (``0``: none); agents without
            ``action_probabilities`` are skipped.
        exploit_range_samples: the LBR responder tracks that many holdings drawn per hand
            (``None``: the whole range; see :func:`~pokergym.arena.lbr.lbr`).
        aivat: re-score every pairing with AIVAT (keeps the hand histories in memory).
        out_dir: where to save ``results.json`` and the plots (nothing written when ``None``);
            ``results.json`` is also written after every round, so an interrupted ladder leaves its figures.
            What an earlier run left there is removed first (:func:`~pokergym.arena.artifacts.clear_run`).
        plots: with ``out_dir``, draw the PNG plots.
        log: where to print one line per round (e.g. ``sys.stderr``), or ``None``.
        order: which open pairings get the budget first: ``"widest"`` half-width or ``"cheapest"``
            (fewest pairs still needed: a budget too small for all goes to those closest to the target).
        runner_options: ``backend``, ``workers`` and ``block_size`` with the other runner settings, gathered
            in one :class:`~pokergym.arena.run_options.RunnerOptions` (then leave those keywords out;
            its ``progress`` is not used: ``log`` reports the rounds).
        estimator: what each pairing's mean and interval (and so the allocation and the stopping) are
            computed from, in the blocks: ``"allin"`` (the default), ``"raw"`` or ``"aivat"`` (the module's
            "Estimator").

    Returns:
        The :class:`LadderResult`.

    Raises:
        ConfigError: fewer than two agents, repeated names, a non-positive or infinite target, a non-positive
            block size or budget, a budget below one block, an LBR of fewer than 2 hands,
            an unknown ``order`` or ``estimator``, fewer than one LBR range sample; runner settings given both
            as keywords and as ``runner_options``.
    """
    names = tuple(agent.name for agent in agents)
    _check(names, target_ci, budget_pairs, block_size, estimator, exploit_range_samples)
    _grant_order([], [], target_ci, min_pairs, order)  # an unknown order fails before any hand is played
    run = RunnerOptions.resolve(runner_options, RunnerOptions(backend, workers, block_size=block_size))
    _check_sizes(budget_pairs, run.block_size, exploit_hands)
    plan = _Plan(seed, config, run.block_size, target_ci, budget_pairs, min_pairs, order, aivat)
    _clear(out_dir)
    pairings = [_Pairing((a, b), estimator) for a, b in itertools.combinations(agents, 2)]
    with ExitStack() as stack:
        runner = run.open(stack)
        rounds = _play_rounds(runner, pairings, names, plan, log, out_dir)
        exploit = _exploit(runner, agents, exploit_hands, exploit_range_samples, seed, config) if exploit_hands else ()
    adjusted = tuple(_aivat(p) for p in pairings) if aivat else ()
    result = _result(names, agents, pairings, plan, rounds, exploit, adjusted)
    if out_dir is not None:
        from pokergym.arena.artifacts import save_ladder

        save_ladder(result, out_dir, plots=plots)
    return result


def _clear(out_dir: str | Path | None) -> None:
    """Remove what an earlier run left in ``out_dir`` (the folder holds this run only), if there is one."""
    if out_dir is not None:
        from pokergym.arena.artifacts import clear_run

        clear_run(out_dir)


def _check_sizes(budget_pairs: int, block_size: int, exploit_hands: int) -> None:
    """A :class:`ConfigError` for a budget below one block or an LBR of one hand."""
    if budget_pairs < block_size:
        raise ConfigError(f"budget_pairs ({budget_pairs}) must hold at least one block of {block_size} pairs")
    if exploit_hands and not exploit_hands >= 2:
        raise ConfigError(f"exploit_hands must be 0 (none) or at least 2 hands, got {exploit_hands}")


@dataclass(frozen=True)
class _Plan:
    """The settings a ladder's rounds share."""

    seed: int
    config: GameConfig
    block_size: int
    target_ci: float
    budget_pairs: int
    min_pairs: int
    order: AllocationOrder
    aivat: bool


def _play_rounds(
    runner: Runner | AsyncRunner,
    pairings: list[_Pairing],
    names: tuple[str, ...],
    plan: _Plan,
    log: TextIO | None,
    out_dir: str | Path | None,
) -> tuple[tuple[int, ...], ...]:
    """Play round after round of blocks until :func:`allocate` grants nothing; the rounds' grants."""
    rounds: list[tuple[int, ...]] = []
    for grants in _rounds(pairings, rounds, plan):
        tasks = [
            task
            for pairing, grant in zip(pairings, grants, strict=True)
            for task in pairing.tasks(grant, plan.seed, plan.config, plan.block_size, plan.aivat)
        ]
        results = iter(play_blocks(runner, tasks))
        for pairing, grant in zip(pairings, grants, strict=True):
            pairing.blocks.extend(itertools.islice(results, grant))
        _log_round(log, len(rounds), pairings, plan)
        if out_dir is not None:  # a checkpoint: an interrupted ladder still leaves its figures
            partial = LadderResult(names, _matches(pairings, plan), (), plan.target_ci, plan.budget_pairs,
                                   plan.block_size, tuple(rounds), order=plan.order)  # fmt: skip
            save_tournament(partial, out_dir, plots=False)
    return tuple(rounds)


def _matches(pairings: list[_Pairing], plan: _Plan) -> tuple[MatchResult, ...]:
    return tuple(p.result(plan.seed, plan.config, plan.block_size) for p in pairings)


def _check(
    names: tuple[str, ...],
    target_ci: float,
    budget_pairs: int,
    block_size: int,
    estimator: str,
    exploit_range_samples: int | None,
) -> None:
    """Raise the :class:`ConfigError` :func:`ladder` documents for a bad setting (the order is checked apart)."""
    if len(set(names)) != len(names) or len(names) < 2:
        raise ConfigError(f"a ladder needs at least two agents with distinct names, got {list(names)}")
    if not 0 < target_ci < math.inf or budget_pairs < 1 or block_size < 1:
        raise ConfigError(
            f"target_ci, budget_pairs and block_size must be positive, got {target_ci}, {budget_pairs}, {block_size}"
        )
    if estimator not in ESTIMATORS:
        raise ConfigError(f"estimator must be one of {ESTIMATORS}, got {estimator!r}")
    if exploit_range_samples is not None and exploit_range_samples < 1:
        raise ConfigError(f"exploit_range_samples must be at least 1 holding or None, got {exploit_range_samples}")


def _result(
    names: tuple[str, ...],
    agents: Sequence[Agent],
    pairings: list[_Pairing],
    plan: _Plan,
    rounds: tuple[tuple[int, ...], ...],
    exploit: tuple[LbrResult | None, ...],
    adjusted: tuple[AdjustedMatch | None, ...],
) -> LadderResult:
    """The :class:`LadderResult` of the pairings as played under ``plan``."""
    return LadderResult(
        names,
        _matches(pairings, plan),
        not_reproducible(agents),
        plan.target_ci,
        plan.budget_pairs,
        plan.block_size,
        rounds,
        exploit,
        adjusted,
        plan.order,
    )


def _rounds(pairings: list[_Pairing], rounds: list[tuple[int, ...]], plan: _Plan) -> Iterator[tuple[int, ...]]:
    """Yield each round's grants (recorded in ``rounds``) until :func:`allocate` grants nothing."""
    while True:
        current = [p.result(plan.seed, plan.config, plan.block_size) if p.blocks else None for p in pairings]
        played = [len(p.blocks) * plan.block_size for p in pairings]
        halves = [math.nan if m is None else m.ci95 for m in current]
        grants = allocate(
            played,
            halves,
            target=plan.target_ci,
            block_size=plan.block_size,
            budget_left=plan.budget_pairs - sum(played),
            min_pairs=plan.min_pairs,
            order=plan.order,
        )
        if not any(grants):
            return
        rounds.append(grants)
        yield grants


def _log_round(log: TextIO | None, number: int, pairings: list[_Pairing], plan: _Plan) -> None:
    if log is None:
        return
    block_size, target = plan.block_size, plan.target_ci
    results = _matches(pairings, plan)
    still = [m for m in results if _open(m.ci95, target)]
    widest = max(results, key=lambda m: m.ci95 if math.isfinite(m.ci95) else math.inf)
    print(
        f"ladder round {number}: {sum(len(p.blocks) for p in pairings) * block_size} pairs played, "
        f"{len(still)} of {len(results)} pairings above ±{target:g} (widest: {widest.agents[0]} vs "
        f"{widest.agents[1]}, {widest.mbb_per_hand:+.0f} ±{widest.ci95:.0f} over {widest.pairs} pairs)",
        file=log,
        flush=True,
    )


def _lbr_task(job: tuple[Agent, int, int | None, int, GameConfig]) -> LbrResult:
    """One agent's LBR (a top-level function, so that process and Ray runners can run it)."""
    agent, hands, range_samples, seed, config = job
    assert isinstance(agent, StrategyAgent)
    return lbr(agent, hands=hands, seed=seed, config=config, range_samples=range_samples)


def _exploit(
    runner: Runner | AsyncRunner,
    agents: Sequence[Agent],
    hands: int,
    range_samples: int | None,
    seed: int,
    config: GameConfig,
) -> tuple[LbrResult | None, ...]:
    """LBR of every agent that reports its strategy, one task per agent on ``runner``."""
    measured = [agent for agent in agents if isinstance(agent, StrategyAgent)]
    jobs = [(agent, hands, range_samples, seed, config) for agent in measured]
    if isinstance(runner, AsyncRunner):
        bounds = dict(zip((a.name for a in measured), map(_lbr_task, jobs), strict=True))
    else:
        bounds = dict(zip((a.name for a in measured), runner.map(_lbr_task, jobs), strict=True))
    return tuple(bounds.get(agent.name) for agent in agents)


def _aivat(pairing: _Pairing) -> AdjustedMatch:
    """Re-score a pairing's hands; agents that adapt are treated as unknown strategies."""
    known = tuple(agent if is_memoryless(agent) else None for agent in pairing.agents)
    hands = (HandHistory.from_json(line, verify=False) for block in pairing.blocks for line in block.histories)
    return adjusted_match(hands, known)


def print_ladder(result: LadderResult, out: TextIO | None = None) -> None:
    """Print the crosstable, the ranking, the pairings (with the unresolved ones named) and the LBR table.

    Args:
        result: the ladder.
        out: where to print (default standard output).
    """
    parts = [result.format_crosstable(), result.format_ranking(), result.format_pairings()]
    if result.exploit:
        parts.append(result.format_exploit())
    unresolved = result.unresolved()
    parts.append(
        f"unresolved ({len(unresolved)}): " + ", ".join(f"{a} vs {b}" for a, b in unresolved)
        if unresolved
        else f"every pairing within ±{result.target_ci:g} mbb/hand"
    )
    parts.append(f"{result.pairs_used} pairs played of a budget of {result.budget_pairs}")
    print(*parts, sep="\n\n", file=out or sys.stdout)
