"""Duplicate matches between two agents.

A :class:`MatchPlan` cuts the pairs into blocks of ``block_size`` (the last
block may be shorter) and gives block ``i`` the seed sequence
``SeedSequence(seed).spawn(n_blocks)[i]``; a runner plays the blocks and the
plan merges their results in block order. Block boundaries depend on
``pairs`` and ``block_size`` only, so the same seed gives the same
:class:`~pokergym.arena.result.MatchResult` on every backend with any number
of workers (or concurrency). How a block plays its pairs (seat swap, agent copies,
generators, voided hands) is described in :mod:`pokergym.arena.blocks`.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from contextlib import AbstractContextManager, ExitStack, nullcontext
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO, Unpack

import numpy as np

from pokergym.agents.base import Agent
from pokergym.arena.blocks import BlockResult, BlockTask, VoidedHand, play_blocks
from pokergym.arena.progress import ProgressBar
from pokergym.arena.result import Estimator, MatchResult
from pokergym.arena.run_options import DEFAULT_BLOCK_SIZE, RunnerKeywords, RunnerOptions
from pokergym.arena.stats import StyleStats
from pokergym.arena.variance import logged_seats
from pokergym.engine.config import DEFAULT_CONFIG, GameConfig
from pokergym.errors import AgentSpecError, ConfigError

__all__ = ["DEFAULT_BLOCK_SIZE", "MatchPlan", "match", "open_for_writing"]


@dataclass(frozen=True)
class MatchPlan:
    """A match cut into blocks: what to run, and how to merge what comes back.

    Example:
        >>> from pokergym.agents import CallAgent, RandomAgent
        >>> plan = MatchPlan((RandomAgent(), CallAgent()), pairs=250, seed=3)
        >>> [(t.first_pair, t.pairs) for t in plan.tasks()]
        [(0, 100), (100, 100), (200, 50)]
        >>> from pokergym.arena.blocks import play_block
        >>> plan.collect(map(play_block, plan.tasks())).pairs
        250
    """

    agents: tuple[Agent, Agent]
    pairs: int
    seed: int
    config: GameConfig = DEFAULT_CONFIG
    block_size: int = DEFAULT_BLOCK_SIZE
    duplicate: bool = True
    histories: bool = False
    estimator: Estimator = "raw"

    def __post_init__(self) -> None:
        """Check the agents and the sizes."""
        for agent in self.agents:
            if not isinstance(agent, Agent):
                raise AgentSpecError(f"{agent!r} is not an Agent (it needs name, reset, act and observe)")
        if self.pairs < 1 or self.block_size < 1:
            raise ConfigError(f"pairs and block_size must be positive, got {self.pairs} and {self.block_size}")

    def tasks(self) -> list[BlockTask]:
        """The blocks, each with its own seed sequence."""
        size = self.block_size
        count = -(-self.pairs // size)
        seeds = np.random.SeedSequence(self.seed).spawn(count)
        return [
            BlockTask(
                agents=self.agents,
                config=self.config,
                seed=seeds[i],
                first_pair=i * size,
                pairs=min(size, self.pairs - i * size),
                duplicate=self.duplicate,
                histories=self.histories,
                match_seed=self.seed,
                allin=self.estimator == "allin",
                aivat=self.estimator == "aivat",
            )
            for i in range(count)
        ]

    def collect(
        self, blocks: Iterable[BlockResult], histories: TextIO | None = None, bar: ProgressBar | None = None
    ) -> MatchResult:
        """Merge the block results (in block order) into the match result.

        Args:
            blocks: the results of :meth:`tasks`, in order.
            histories: where to write the hand histories as JSON lines, if anywhere.
            bar: a progress bar to advance block by block.
        """
        chips: list[tuple[int, int]] = []
        adjusted: list[tuple[float, float]] = []
        aivat: list[tuple[float, float]] = []
        voided: list[VoidedHand] = []
        stats = (StyleStats(), StyleStats())
        for block in blocks:
            chips.extend(block.chips)
            adjusted.extend(block.allin_chips)
            aivat.extend(block.aivat_chips)
            voided.extend(block.voided)
            stats = (stats[0] + block.stats[0], stats[1] + block.stats[1])
            if histories is not None:
                histories.writelines(line + "\n" for line in block.histories)
            if bar is not None:
                bar.advance(block.pairs)
        return MatchResult(
            agents=(self.agents[0].name, self.agents[1].name),
            seed=self.seed,
            config=self.config,
            duplicate=self.duplicate,
            block_size=self.block_size,
            pair_chips=tuple(chips),
            voided=tuple(voided),
            stats=stats,
            allin_chips=tuple(adjusted),
            estimator=self.estimator,
            aivat_chips=tuple(aivat),
            aivat_known=self._aivat_known(),
        )

    def _aivat_known(self) -> tuple[bool, bool]:
        """Whose strategies the blocks logged for AIVAT (none unless it is the estimator)."""
        seats = logged_seats(self.agents) if self.estimator == "aivat" else frozenset()
        return 0 in seats, 1 in seats


def match(
    agent_a: Agent,
    agent_b: Agent,
    *,
    pairs: int = 1000,
    seed: int = 0,
    config: GameConfig = DEFAULT_CONFIG,
    histories: str | os.PathLike[str] | None = None,
    duplicate: bool = True,
    estimator: Estimator = "raw",
    runner_options: RunnerOptions | None = None,
    **keywords: Unpack[RunnerKeywords],
) -> MatchResult:
    """Play ``pairs`` duplicate pairs between ``agent_a`` and ``agent_b``.

    The agents are never modified: every block plays with deep copies, so
    they must be deep-copyable (and picklable for the ``"process"`` and
    ``"ray"`` backends). The ``"async"`` backend plays up to ``concurrency``
    blocks at once in one event loop, awaiting agents that have
    ``act_async`` (:class:`~pokergym.agents.base.AsyncAgent`, e.g. a language
    model behind an HTTP API); pairs within a block are played in turn, so
    it needs blocks smaller than ``pairs / concurrency`` to keep that many
    in flight. A hand in which an agent raises or returns an
    illegal action is voided with its mirror, recorded in
    :attr:`MatchResult.voided`, and the match goes on.

    Args:
        agent_a: the agent whose winnings are reported (seat 0).
        agent_b: its opponent (seat 1).
        pairs: duplicate pairs to play (two hands each).
        seed: root seed; the same seed gives the same result on every backend.
        config: blinds and stacks (``stacks[0]`` is agent A's).
        histories: a JSON-lines file to write the counted hands to (one
            :meth:`~pokergym.engine.history.HandHistory.to_json` line per hand).
        duplicate: replay each deck with the seats swapped; ``False`` deals
            every hand a fresh deck (only to measure what duplicate saves).
        estimator: what the mean and interval are computed from: ``"raw"`` chips, ``"allin"`` adjusted
            chips (:func:`~pokergym.arena.variance.allin_chips`) or ``"aivat"``, with the action terms of
            each agent that reports its strategy and is memoryless, from the distributions it played
            (:func:`~pokergym.arena.variance.played_aivat`; :attr:`MatchResult.aivat_known` says whose);
            computed in each block, the raw chips kept in the result too.
        runner_options: the runner settings gathered in one
            :class:`~pokergym.arena.run_options.RunnerOptions` (then leave the keywords out).
        **keywords: the runner settings as keywords (``backend``, ``workers``, ``address``,
            ``concurrency``, ``block_size``, ``progress``: the fields of
            :class:`~pokergym.arena.run_options.RunnerOptions`, described there).

    Returns:
        The :class:`~pokergym.arena.result.MatchResult`, from agent A's side.

    Raises:
        ConfigError: an unknown backend or estimator, a block size below 1, or runner settings
            given both as keywords and as ``runner_options``.

    Example:
        >>> from pokergym.agents import CallAgent
        >>> result = match(CallAgent(), CallAgent(), pairs=20, seed=1)
        >>> result.mbb_per_hand, result.hands
        (0.0, 40)
    """
    run = RunnerOptions.resolve(runner_options, keywords)
    plan = MatchPlan(
        (agent_a, agent_b), pairs, seed, config, run.block_size, duplicate, histories is not None, estimator
    )
    with ExitStack() as stack:
        runner = run.open(stack)
        out = stack.enter_context(open_for_writing(histories))
        bar = ProgressBar(pairs, f"{agent_a.name} vs {agent_b.name}") if run.progress else None
        result = plan.collect(play_blocks(runner, plan.tasks()), out, bar)
    if bar is not None:
        bar.finish()
    return result


def open_for_writing(path: str | os.PathLike[str] | None) -> AbstractContextManager[TextIO | None]:
    """Open ``path`` for writing UTF-8 text, creating its folder; ``None`` gives a context of ``None``.

    Example:
        >>> with open_for_writing(None) as out:
        ...     out is None
        True
    """
    if path is None:
        return nullcontext()
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    return open(path, "w", encoding="utf-8")
