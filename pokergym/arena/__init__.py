"""The arena: duplicate matches, round-robin tournaments, statistics and artefacts.

A match is a series of duplicate pairs (one deck dealt twice with the seats
swapped), played in blocks that run in this process, in a process pool, on
Ray, or many at once in an event loop (for agents that wait on a remote
model), with identical results for the same seed. A ladder
(:func:`~pokergym.arena.ladder.ladder`) plays each pairing of a round robin
until its confidence interval reaches a target. Results are in mbb/hand from
the first agent's side, with a 95% confidence interval over pairs.

Example:
    >>> from pokergym.agents import CallAgent, RandomAgent
    >>> from pokergym.arena import match
    >>> result = match(RandomAgent(), RandomAgent(), pairs=50, seed=7)
    >>> result.mbb_per_hand, result.ci95   # identical agents: every pair is exactly zero
    (0.0, 0.0)
"""

from pokergym.arena.artifacts import export_histories, read_histories, save_match, save_tournament
from pokergym.arena.blocks import BlockResult, BlockTask, VoidedHand, play_block, play_block_async, play_blocks
from pokergym.arena.hands import HandFailure, play_guarded
from pokergym.arena.ladder import LadderResult, ladder
from pokergym.arena.match import DEFAULT_BLOCK_SIZE, MatchPlan, match
from pokergym.arena.plots import plot_crosstable, plot_cumulative
from pokergym.arena.pool import PooledResult, pool
from pokergym.arena.result import MatchResult
from pokergym.arena.run_options import RunnerOptions
from pokergym.arena.runners import AsyncRunner, LocalRunner, ProcessRunner, RayRunner, Runner, make_runner
from pokergym.arena.specs import resolve_agent, resolve_agents
from pokergym.arena.stats import StyleStats, mean_ci
from pokergym.arena.tournament import Standing, TournamentResult, tournament

__all__ = [
    "DEFAULT_BLOCK_SIZE",
    "AsyncRunner",
    "BlockResult",
    "BlockTask",
    "HandFailure",
    "LadderResult",
    "LocalRunner",
    "MatchPlan",
    "MatchResult",
    "PooledResult",
    "ProcessRunner",
    "RayRunner",
    "Runner",
    "RunnerOptions",
    "Standing",
    "StyleStats",
    "TournamentResult",
    "VoidedHand",
    "export_histories",
    "ladder",
    "make_runner",
    "match",
    "mean_ci",
    "play_block",
    "play_block_async",
    "play_blocks",
    "play_guarded",
    "plot_crosstable",
    "plot_cumulative",
    "pool",
    "read_histories",
    "resolve_agent",
    "resolve_agents",
    "save_match",
    "save_tournament",
    "tournament",
]
