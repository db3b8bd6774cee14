"""Play a block of duplicate pairs: the unit of work every runner executes.

A match is cut into blocks of consecutive pairs. A block depends only on its
:class:`BlockTask` (the two agents, the rules, and the block's
``numpy.random.SeedSequence``), so it gives the same :class:`BlockResult` in
this process, in a worker process or in a Ray task.

**A pair.** Pair ``k`` deals one deck and plays it twice: hand 0 with agent A
on the button (seat 0 is always agent A, seat 1 agent B), hand 1 with the
same deck and agent B on the button. The random generators follow the
position, not the agent: the button's generator is identical in both hands,
and so is the big blind's, so two identical agents, deterministic or not,
win exactly zero over a pair. Without duplicate (``duplicate=False``, for
measuring what duplicate saves) hand 1 gets a fresh deck and fresh draws.

**Agent memory.** Each block deep-copies the agents as they were passed in
(the caller's objects are never touched) into two independent lineages.
Lineage 0 plays hand 0 of even pairs and hand 1 of odd pairs; lineage 1 plays
the mirror of each of those hands. So each lineage is an ordinary match in
which the button alternates, an agent's memory persists from hand to hand
within the block (modelling agents learn as the match goes on), and no
agent ever plays a deal whose mirror it has seen: learning in one half never
leaks into its mirror, as in the ACPC duplicate format where the mirrored
match is played with memories reset. Memory starts afresh at each block, so
block boundaries are part of the experiment; they depend on ``block_size``
only, never on the number of workers. An agent holding large read-only
tables should share them in its ``__deepcopy__`` rather than copy them.

**Seeds.** The block's seed sequence spawns three streams: the decks, the
button's generator and the big blind's generator. At the start of each pair
both seat generators jump ahead by ``2**40`` draws (far more than a pair can
use), so the pairs draw disjoint parts of the streams.

**Failures.** When an agent raises or returns an illegal action the hand is
voided; its mirror is still played (both lineages stay in step) but the
whole pair is left out of the results, so the pairs counted stay balanced.
The copy that failed goes on playing the block's later hands.

**Sync and async.** The rules above are written once, as a generator of
decisions (see :mod:`pokergym.arena.hands`). :func:`play_block` answers them
by calling the agents; :func:`play_block_async` awaits agents that can act
asynchronously (:class:`~pokergym.agents.base.AsyncAgent`), so that an event
loop plays several blocks while their agents wait on a remote model. Both
give the same :class:`BlockResult`. :func:`play_blocks` plays a list of
blocks on any runner, awaiting them on an
:class:`~pokergym.arena.runners.AsyncRunner`.
"""

from __future__ import annotations

import copy
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, fields
from typing import Any

import numpy as np

from pokergym.agents.base import Agent, AsyncAgent
from pokergym.arena.hands import FailureKind, PlayedLog, Steps, drive, drive_async, guarded_hand
from pokergym.arena.runners import AsyncRunner, Runner
from pokergym.arena.stats import StyleStats, hand_counts
from pokergym.arena.variance import allin_chips, logged_seats, played_aivat, strategies_ahead
from pokergym.engine.config import GameConfig
from pokergym.engine.history import HandHistory
from pokergym.engine.state import HandState, deal_deck

__all__ = ["PAIR_STRIDE", "BlockResult", "BlockTask", "VoidedHand", "play_block", "play_block_async", "play_blocks"]

PAIR_STRIDE = 1 << 40
"""Draws each seat generator may make per pair before overlapping the next pair's."""


@dataclass(frozen=True, slots=True)
class VoidedHand:
    """A hand that was voided because an agent failed in it.

    Attributes:
        pair: index of the pair in the match.
        hand: 0 when agent A had the button, 1 for the mirror.
        agent: name of the agent that failed.
        seat: its seat (0 is agent A, 1 is agent B).
        kind: ``"exception"`` or ``"illegal"``.
        detail: the traceback text, or the rejected action and the engine's reason.
    """

    pair: int
    hand: int
    agent: str
    seat: int
    kind: FailureKind
    detail: str

    def to_dict(self) -> dict[str, Any]:
        """The JSON-compatible form."""
        return {f: getattr(self, f) for f in self.__slots__}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> VoidedHand:
        """Rebuild from :meth:`to_dict`."""
        return cls(**{f: data[f] for f in cls.__slots__})


@dataclass(frozen=True)
class BlockTask:
    """Everything a worker needs to play one block.

    Attributes:
        agents: agent A and agent B, as passed to the match (copied, never used directly).
        config: blinds and stacks; ``stacks[0]`` is agent A's.
        seed: the block's seed sequence.
        first_pair: index of the block's first pair in the match.
        pairs: number of pairs in the block.
        duplicate: replay each deck with the seats swapped.
        histories: also return the hand histories as JSON lines.
        match_seed: the match's root seed, written into the histories.
        allin: also return each counted pair's all-in adjusted chips
            (:func:`~pokergym.arena.variance.allin_chips`).
        aivat: also return each counted pair's AIVAT chips, with the action terms of every agent that reports
            its strategy (:func:`~pokergym.arena.variance.reports_strategy`) from the distributions logged as it
            played (:func:`~pokergym.arena.variance.played_aivat`).
    """

    agents: tuple[Agent, Agent]
    config: GameConfig
    seed: np.random.SeedSequence
    first_pair: int
    pairs: int
    duplicate: bool = True
    histories: bool = False
    match_seed: int | None = None
    allin: bool = False
    aivat: bool = False


@dataclass
class BlockResult:
    """What a block produced.

    Attributes:
        pairs: pairs played, voided ones included.
        chips: per counted pair, agent A's chips won in hand 0 and in hand 1.
        voided: the failures; their pairs are not in ``chips``.
        stats: style counts of agent A and agent B over the counted hands.
        histories: JSON lines of the counted hands (when asked for), hand 0 then hand 1 of each pair.
        allin_chips: per counted pair (when asked for), agent A's all-in adjusted chips in hand 0 and hand 1.
        aivat_chips: per counted pair (when asked for), agent A's AIVAT chips in hand 0 and hand 1.
    """

    pairs: int = 0
    chips: list[tuple[int, int]] = field(default_factory=list)
    voided: list[VoidedHand] = field(default_factory=list)
    stats: tuple[StyleStats, StyleStats] = (StyleStats(), StyleStats())
    histories: list[str] = field(default_factory=list)
    allin_chips: list[tuple[float, float]] = field(default_factory=list)
    aivat_chips: list[tuple[float, float]] = field(default_factory=list)


class _SeatStream:
    """A generator that restarts at the same point for both hands of a pair."""

    def __init__(self, seed: np.random.SeedSequence) -> None:
        self._bits = np.random.PCG64(seed)
        self.generator = np.random.Generator(self._bits)
        self._start = self._bits.state

    def rewind(self) -> None:
        self._bits.state = self._start

    def next_pair(self) -> None:
        self._bits.state = self._start
        self._bits.advance(PAIR_STRIDE)
        self._start = self._bits.state


def play_block(task: BlockTask) -> BlockResult:
    """Play the pairs of ``task`` (see the module docstring for the rules).

    Example:
        >>> from pokergym.agents import CallAgent, RandomAgent
        >>> task = BlockTask((RandomAgent(), CallAgent()), GameConfig(), np.random.SeedSequence(1), 0, 3)
        >>> result = play_block(task)
        >>> len(result.chips), result.stats[0].hands, result.voided
        (3, 6, [])
    """
    return drive(_block_steps(task))


async def play_block_async(task: BlockTask) -> BlockResult:
    """:func:`play_block` in a coroutine: agents with ``act_async`` are awaited, the others called.

    Example:
        >>> import asyncio
        >>> from pokergym.agents import CallAgent, RandomAgent
        >>> task = BlockTask((RandomAgent(), CallAgent()), GameConfig(), np.random.SeedSequence(1), 0, 3)
        >>> asyncio.run(play_block_async(task)) == play_block(task)
        True
    """
    return await drive_async(_block_steps(task))


def play_blocks(runner: Runner | AsyncRunner, tasks: Sequence[BlockTask]) -> Iterator[BlockResult]:
    """Play ``tasks`` on ``runner``; the results come in task order.

    On an :class:`~pokergym.arena.runners.AsyncRunner` the blocks are
    coroutines (:func:`play_block_async`) and each distinct
    :class:`~pokergym.agents.base.AsyncAgent` of the tasks has its ``aclose``
    run when the runner closes, in the loop its copies used. Elsewhere the
    runner maps :func:`play_block`.

    Example:
        >>> from pokergym.agents import CallAgent, RandomAgent
        >>> tasks = [BlockTask((RandomAgent(), CallAgent()), GameConfig(), np.random.SeedSequence(i), i, 1)
        ...          for i in range(4)]
        >>> with AsyncRunner(concurrency=2) as runner:
        ...     together = list(play_blocks(runner, tasks))
        >>> together == [play_block(task) for task in tasks]
        True
    """
    if not isinstance(runner, AsyncRunner):
        return runner.map(play_block, tasks)
    for agent in {id(agent): agent for task in tasks for agent in task.agents}.values():
        if isinstance(agent, AsyncAgent):
            runner.on_close(agent.aclose)
    return runner.map(play_block_async, tasks)


def _block_steps(task: BlockTask) -> Steps[BlockResult]:
    agent_a, agent_b = task.agents
    names = (agent_a.name, agent_b.name)
    lineages = [[copy.deepcopy(agent_a), copy.deepcopy(agent_b)] for _ in range(2)]
    known = logged_seats(task.agents) if task.aivat else None
    # Spawning advances the sequence's counter: spawn from a copy, so that a task replays identically.
    deck_seed, button_seed, big_seed = copy.deepcopy(task.seed).spawn(3)
    decks = np.random.default_rng(deck_seed)
    button, big = _SeatStream(button_seed), _SeatStream(big_seed)
    result = BlockResult(task.pairs)
    counts = [[0] * len(fields(StyleStats)) for _ in range(2)]
    for pair in range(task.first_pair, task.first_pair + task.pairs):
        deck = deal_deck(decks)
        states: list[HandState] = []
        logs = None if known is None else (PlayedLog(known), PlayedLog(known))
        failed = False
        for hand in (0, 1):
            if hand == 1:
                if task.duplicate:
                    button.rewind()
                    big.rewind()
                else:
                    deck = deal_deck(decks)
            state = HandState.new(task.config, button=hand, deck=deck)
            rngs = (button.generator, big.generator) if hand == 0 else (big.generator, button.generator)
            played = None if logs is None else logs[hand]
            failure = yield from guarded_hand(state, lineages[(pair + hand) % 2], rngs, played)
            if failure is not None:
                failed = True
                result.voided.append(
                    VoidedHand(pair, hand, names[failure.seat], failure.seat, failure.kind, failure.detail)
                )
            states.append(state)
        button.next_pair()
        big.next_pair()
        if failed:
            continue
        result.chips.append((_chips_of_a(states[0]), _chips_of_a(states[1])))
        for state in states:
            for seat in (0, 1):
                counts[seat] = [a + b for a, b in zip(counts[seat], hand_counts(state, seat), strict=True)]
        players = (lineages[pair % 2], lineages[(pair + 1) % 2])
        _record_pair(task, pair, states, result, None if logs is None else (logs, players))
    result.stats = (StyleStats(*counts[0]), StyleStats(*counts[1]))
    return result


def _record_pair(
    task: BlockTask,
    pair: int,
    states: Sequence[HandState],
    result: BlockResult,
    played: tuple[Sequence[PlayedLog], Sequence[Sequence[Agent]]] | None,
) -> None:
    """Add a counted pair's histories and adjusted chips to ``result``, as far as ``task`` asks for them.

    ``played`` (AIVAT only): each hand's log of the strategies played, and the agents that played it (asked
    ahead by the lookahead).
    """
    if not (task.histories or task.allin or played is not None):
        return
    names = (task.agents[0].name, task.agents[1].name)
    hands = [
        HandHistory.from_state(state, hand_id=2 * pair + hand, names=names, seed=task.match_seed, extra={"pair": pair})
        for hand, state in enumerate(states)
    ]
    if task.histories:
        result.histories.extend(hand.to_json() for hand in hands)
    if task.allin:
        result.allin_chips.append((allin_chips(hands[0]), allin_chips(hands[1])))
    if played is not None:
        logs, players = played
        values = [
            played_aivat(hand, log, ahead=strategies_ahead(log.seats, agents))
            for hand, log, agents in zip(hands, logs, players, strict=True)
        ]
        result.aivat_chips.append((values[0], values[1]))


def _chips_of_a(state: HandState) -> int:
    assert state.payoffs is not None
    return state.payoffs[0]
