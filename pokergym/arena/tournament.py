"""Round-robin tournaments: every pairing plays one duplicate match.

All matches of a tournament use the same root seed, so every pairing is
dealt the same cards (common random numbers): comparing two agents through
their results against a common opponent is then less noisy than with
independent deals. The blocks of all matches go to one runner at once, so
the workers stay busy across match boundaries.

The ranking orders agents by their average winnings over their opponents.
Its confidence half-width counts that the matches share their deals: an
agent's results against two opponents on the same deck move together, so
the variance of the average holds, besides each match's own, the
covariance of every two of its matches over the pairs they both counted
(pair ``k`` of every match of one seed and rules is the same deal; matches
of different seeds or rules are taken as independent).
"""

from __future__ import annotations

import itertools
import json
import math
import string
from collections.abc import Mapping, Sequence
from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Unpack

import numpy as np

from pokergym.agents.base import Agent
from pokergym.arena.artifacts import clear_run, history_path, save_tournament
from pokergym.arena.blocks import play_blocks
from pokergym.arena.match import MatchPlan, open_for_writing
from pokergym.arena.progress import ProgressBar
from pokergym.arena.result import MatchResult
from pokergym.arena.run_options import RunnerKeywords, RunnerOptions
from pokergym.arena.specs import not_reproducible, resolve_agents
from pokergym.arena.stats import Z95, StyleStats, json_float
from pokergym.arena.tables import render
from pokergym.engine.config import DEFAULT_CONFIG, GameConfig
from pokergym.errors import ConfigError, malformed

__all__ = ["RANKING_LEGEND", "Standing", "TournamentResult", "tournament"]

RANKING_LEGEND = (
    "mbb/hand: mean winnings against the other agents, in thousandths of a big blind per hand; "
    "95% CI: half-width of its 95% confidence interval"
)
"""One line explaining the ranking's metric."""

_Matrix = np.ndarray[Any, np.dtype[np.float64]]


@dataclass(frozen=True, slots=True)
class Standing:
    """One line of the ranking.

    Attributes:
        name: the agent.
        mbb_per_hand: its average winnings over its opponents, in mbb/hand.
        ci95: the 95% half-width of that average.
    """

    name: str
    mbb_per_hand: float
    ci95: float


@dataclass(frozen=True)
class TournamentResult:
    """The matches of a round robin, with crosstable and ranking.

    Attributes:
        names: the agents, in the order given.
        matches: one match per pairing ``i < j`` (in :func:`itertools.combinations`
            order), with agent ``i`` as agent A.
        not_reproducible: agents whose play may change between runs with the same
            seed (e.g. a wall-clock search budget); empty when the result is reproducible.

    Example:
        >>> from pokergym.agents import CallAgent, RandomAgent
        >>> result = tournament([RandomAgent(), CallAgent()], pairs=30, seed=2)
        >>> means, _ = result.crosstable()
        >>> bool(means[0, 1] == -means[1, 0]), len(result.ranking())
        (True, 2)
    """

    names: tuple[str, ...]
    matches: tuple[MatchResult, ...]
    not_reproducible: tuple[str, ...] = ()

    def crosstable(self) -> tuple[_Matrix, _Matrix]:
        """Means and 95% half-widths in mbb/hand; entry ``[i, j]`` is from agent ``i``'s side (diagonal ``nan``)."""
        size = len(self.names)
        means = np.full((size, size), np.nan)
        halves = np.full((size, size), np.nan)
        for (i, j), result in zip(itertools.combinations(range(size), 2), self.matches, strict=True):
            means[i, j], means[j, i] = result.mbb_per_hand, -result.mbb_per_hand
            halves[i, j] = halves[j, i] = result.ci95
        return means, halves

    def ranking(self) -> tuple[Standing, ...]:
        """Agents by average winnings over their opponents, best first.

        An agent with a match that counted no pair has no average (``nan``, ranked last): an average over
        fewer opponents than the others' would not compare. The half-width is ``nan`` where a match counted
        fewer than two pairs.
        """
        size = len(self.names)
        sides: list[list[tuple[MatchResult, float]]] = [[] for _ in range(size)]
        for (i, j), result in zip(itertools.combinations(range(size), 2), self.matches, strict=True):
            sides[i].append((result, 1.0))
            sides[j].append((result, -1.0))
        standings = [Standing(name, *_average_over_opponents(sides[i])) for i, name in enumerate(self.names)]
        return tuple(sorted(standings, key=lambda s: (math.isnan(s.mbb_per_hand), -s.mbb_per_hand, s.name)))

    def style(self) -> dict[str, StyleStats]:
        """Each agent's style statistics summed over all its matches."""
        totals = {name: StyleStats() for name in self.names}
        for result in self.matches:
            for name, stats in zip(result.agents, result.stats, strict=True):
                totals[name] += stats
        return totals

    def format_crosstable(self, width: int | None = None) -> str:
        """The crosstable as text: the row agent's winnings against each column agent.

        Columns are headed by letters (numbers beyond 26 agents) that the row
        labels define, and each cell holds the mean over its 95% half-width, so
        nine agents fit 100 columns.

        Args:
            width: columns available (default: the terminal's, or 100 off a terminal).
        """
        means, halves = self.crosstable()
        keys = _column_keys(len(self.names))
        rows = [
            [
                f"{key} {name}",
                *("-" if i == j else f"{means[i, j]:+.0f}\n±{halves[i, j]:.0f}" for j in range(len(self.names))),
            ]
            for i, (key, name) in enumerate(zip(keys, self.names, strict=True))
        ]
        legend = [f"mbb/hand of the row agent against the column agent (columns: {', '.join(keys)}), ± 95% CI"]
        return render(["row agent", *keys], rows, legend=legend, width=width, row_gaps=True)

    def format_ranking(self, width: int | None = None) -> str:
        """The ranking as a table, best first, with the legend of the metric.

        Args:
            width: columns available (default: the terminal's, or 100 off a terminal).
        """
        rows = [
            [f"{rank}.", s.name, _figure(f"{s.mbb_per_hand:+.1f}"), _figure(f"±{s.ci95:.1f}")]
            for rank, s in enumerate(self.ranking(), start=1)
        ]
        return render(["rank", "agent", "mbb/hand", "95% CI"], rows, legend=[RANKING_LEGEND], width=width, left=2)

    def to_dict(self) -> dict[str, Any]:
        """The JSON-compatible form, with the crosstable and ranking for readers."""
        means, halves = self.crosstable()
        return {
            "names": list(self.names),
            "reproducible": not self.not_reproducible,
            "not_reproducible": list(self.not_reproducible),
            "ranking": [
                {"name": s.name, "mbb_per_hand": json_float(s.mbb_per_hand), "ci95": json_float(s.ci95)}
                for s in self.ranking()
            ],
            "crosstable": {
                "mbb_per_hand": [[json_float(float(v)) for v in row] for row in means],
                "ci95": [[json_float(float(v)) for v in row] for row in halves],
            },
            "matches": [m.to_dict() for m in self.matches],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> TournamentResult:
        """Rebuild from :meth:`to_dict` (crosstable and ranking are recomputed)."""
        return cls(
            tuple(str(n) for n in data["names"]),
            tuple(MatchResult.from_dict(m) for m in data["matches"]),
            tuple(str(n) for n in data.get("not_reproducible", ())),
        )

    def to_json(self, indent: int | None = None) -> str:
        """JSON text of :meth:`to_dict`."""
        return json.dumps(self.to_dict(), indent=indent, allow_nan=False)

    @classmethod
    def from_json(cls, text: str) -> TournamentResult:
        """Load what :meth:`to_json` wrote.

        Raises:
            ConfigError: if ``text`` is not a tournament's results JSON.
        """
        with malformed(ConfigError, "not a tournament's results"):
            return cls.from_dict(json.loads(text))


def _column_keys(count: int) -> list[str]:
    """Short column headings: ``A``, ``B``, ... (``1``, ``2``, ... beyond 26 agents).

    Example:
        >>> _column_keys(3), _column_keys(28)[-1]
        (['A', 'B', 'C'], '28')
    """
    if count <= len(string.ascii_uppercase):
        return list(string.ascii_uppercase[:count])
    return [str(number) for number in range(1, count + 1)]


def _figure(text: str) -> str:
    """A formatted figure, or ``n/a`` where it is not a number."""
    return "n/a" if "nan" in text else text


def _average_over_opponents(matches: Sequence[tuple[MatchResult, float]]) -> tuple[float, float]:
    """One agent's mean winnings over its matches (each with its sign: +1 as agent A) and its 95% half-width.

    The variance of the mean of the ``k`` match means is ``sum over matches j, l of cov(mean_j, mean_l) / k**2``;
    for two matches of one seed and rules, ``cov(mean_j, mean_l) = c * m / (n_j * n_l)`` with ``c`` the sample
    covariance of their per-pair results over the ``m`` pairs both counted.

    Example:
        >>> def played(chips):
        ...     return MatchResult(("a", "b"), 0, GameConfig(), True, 100, chips, (), (StyleStats(), StyleStats()))
        >>> same = played(((100, 0), (-100, 0), (300, 0), (-300, 0)))
        >>> mean, half = _average_over_opponents([(same, 1.0), (same, 1.0)])  # the same deals, the same results
        >>> mean, round(half, 3) == round(same.ci95, 3)  # no narrower than one match: nothing averages out
        (0.0, True)
    """
    if not matches:
        return math.nan, math.nan
    values = [(result.pair_indices, sign * result.per_pair, result) for result, sign in matches]
    if any(len(v) == 0 for _, v, _ in values):
        return math.nan, math.nan
    mean = float(np.mean([v.mean() for _, v, _ in values]))
    if any(len(v) < 2 for _, v, _ in values):
        return mean, math.nan
    variance = 0.0
    for (index_j, v_j, r_j), (index_l, v_l, r_l) in itertools.product(values, repeat=2):
        if r_j is r_l:
            variance += float(v_j.var(ddof=1)) / len(v_j)
        elif (r_j.seed, r_j.config) == (r_l.seed, r_l.config):
            _, at_j, at_l = np.intersect1d(index_j, index_l, assume_unique=True, return_indices=True)
            if len(at_j) >= 2:
                shared = float(np.cov(v_j[at_j], v_l[at_l], ddof=1)[0, 1])
                variance += shared * len(at_j) / (len(v_j) * len(v_l))
    return mean, Z95 * math.sqrt(max(variance, 0.0)) / len(values)


def tournament(
    agents_or_specs: Sequence[Agent | str],
    *,
    pairs: int = 500,
    seed: int = 0,
    out_dir: str | Path | None = None,
    config: GameConfig = DEFAULT_CONFIG,
    histories: bool = True,
    plots: bool = True,
    runner_options: RunnerOptions | None = None,
    **keywords: Unpack[RunnerKeywords],
) -> TournamentResult:
    """Play a round robin: one duplicate match of ``pairs`` pairs per pairing.

    Args:
        agents_or_specs: agents, or registry specs such as ``"maniac:aggression=0.5"``
            (built with :func:`baselines.registry.make`); names must be distinct.
        pairs: duplicate pairs per match.
        seed: root seed shared by all matches (every pairing gets the same deals).
        out_dir: where to save artefacts (see :func:`pokergym.arena.artifacts.save_tournament`);
            nothing is written when ``None``. What an earlier run left there is removed first
            (:func:`~pokergym.arena.artifacts.clear_run`; other files stay).
        config: blinds and stacks.
        histories: with ``out_dir``, write every match's hands as JSON lines.
        plots: with ``out_dir``, draw the PNG plots (needs matplotlib).
        runner_options: the runner settings gathered in one
            :class:`~pokergym.arena.run_options.RunnerOptions` (then leave the keywords out).
        **keywords: the runner settings as keywords, as :func:`~pokergym.arena.match.match` takes them
            (``progress`` draws one bar over all matches).

    Returns:
        The :class:`TournamentResult`; its ``not_reproducible`` names the agents
        that declare ``reproducible = False`` (saved in ``results.json``).

    Raises:
        ConfigError: fewer than two agents, or two with the same name; an unknown backend, a block size below 1,
            or runner settings given both as keywords and as ``runner_options``.

    Example:
        >>> from pokergym.agents import CallAgent, RandomAgent
        >>> result = tournament([RandomAgent(), CallAgent()], pairs=20, seed=4)
        >>> [m.agents for m in result.matches], result.matches[0].hands, len(result.ranking())
        ([('random', 'call')], 40, 2)
    """
    run = RunnerOptions.resolve(runner_options, keywords)
    agents = resolve_agents(agents_or_specs)
    names = tuple(agent.name for agent in agents)
    if len(set(names)) != len(names) or len(names) < 2:
        raise ConfigError(f"a tournament needs at least two agents with distinct names, got {list(names)}")
    if out_dir is not None:
        clear_run(out_dir)  # the folder holds this run only
    record = histories and out_dir is not None
    plans = [
        MatchPlan((first, second), pairs, seed, config, run.block_size, True, record)
        for first, second in itertools.combinations(agents, 2)
    ]
    tasks = [plan.tasks() for plan in plans]
    matches = []
    with ExitStack() as stack:
        blocks = play_blocks(run.open(stack), [task for group in tasks for task in group])
        bar = ProgressBar(pairs * len(plans), f"{len(names)} agents, {len(plans)} matches") if run.progress else None
        for index, (plan, group) in enumerate(zip(plans, tasks, strict=True)):
            first, second = (agent.name for agent in plan.agents)
            path = history_path(out_dir, index, first, second) if out_dir is not None and histories else None
            with open_for_writing(path) as out:
                matches.append(plan.collect(itertools.islice(blocks, len(group)), out, bar))
    if bar is not None:
        bar.finish()
    result = TournamentResult(names, tuple(matches), not_reproducible(agents))
    if out_dir is not None:
        save_tournament(result, out_dir, plots=plots)
    return result
