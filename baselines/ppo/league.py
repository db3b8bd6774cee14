"""A PSRO-style league of opponents for training: scripted baselines plus frozen snapshots of the learner.

:class:`League` keeps, for every member, a running estimate of the learner's
result against it (an exponential moving average of big blinds per hand over
the training hands played against it) and samples the next opponent with
priority to the members the learner beats least (prioritised fictitious
self-play): member ``i`` is drawn with probability proportional to
``exp(-clip(r_i) / temperature)``, mixed with a uniform floor so nobody is
starved, and slow members (those whose decisions cost milliseconds) capped
at a share. :class:`LeagueOpponent` is the seat-1 agent of one training
table: at every hand it draws a member with the hand's generator, plays it,
and reports the learner's chips to the league when the hand ends.

Example:
    >>> import numpy as np
    >>> from baselines.simple import CallBot, FoldBot
    >>> league = League({"call": CallBot, "fold": FoldBot}, temperature=1.0)
    >>> for _ in range(200):
    ...     league.record("fold", 0.5)  # the learner wins half a big blind a hand from the folder
    ...     league.record("call", -1.0)  # and loses to the calling station
    >>> {name: round(share, 2) for name, share in league.shares().items()}
    {'call': 0.75, 'fold': 0.25}
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

import numpy as np

from pokergym.agents import Action, Agent, PlayerView
from pokergym.engine.events import Event, HandEnd
from pokergym.errors import ConfigError

__all__ = ["League", "LeagueOpponent", "MemberStats"]

_CLIP_BB = 10.0  # results beyond +-10 BB/hand say nothing more about priority


@dataclass
class MemberStats:
    """What the league knows of one member.

    Attributes:
        factory: builds a fresh copy of the member (one per training table).
        hands: training hands played against it.
        mean_bb: the learner's exponential moving average of big blinds per hand against it.
        cap: the most this member's share may be (1.0: uncapped).
    """

    factory: Callable[[], Agent]
    hands: int = 0
    mean_bb: float = 0.0
    cap: float = 1.0


class League:
    """The population the learner trains against (see the module docstring).

    Args:
        members: name -> factory of every starting member.
        temperature: big blinds per hand that change a member's weight by a factor e.
        floor: the share spread uniformly over all members before priorities.
        halflife: training hands after which an old result weighs half in a member's average.
        caps: name -> the largest share of that member (slow agents).

    Raises:
        ConfigError: if there is no member, or a setting is out of range.
    """

    def __init__(
        self,
        members: Mapping[str, Callable[[], Agent]],
        *,
        temperature: float = 2.0,
        floor: float = 0.2,
        halflife: int = 2000,
        caps: Mapping[str, float] | None = None,
    ) -> None:
        """Set up the members and the sampling rule (see the class docstring)."""
        if not members:
            raise ConfigError("a league needs at least one member")
        if not temperature > 0.0 or not 0.0 <= floor <= 1.0 or halflife < 1:
            raise ConfigError(
                f"need temperature > 0, 0 <= floor <= 1, halflife >= 1; got {temperature}, {floor}, {halflife}"
            )
        self.temperature = temperature
        self.floor = floor
        self.decay = 0.5 ** (1.0 / halflife)
        self.members: dict[str, MemberStats] = {}
        for name, factory in members.items():
            self.add(name, factory, cap=(caps or {}).get(name, 1.0))

    def add(self, name: str, factory: Callable[[], Agent], *, cap: float = 1.0) -> None:
        """Add a member (e.g. a frozen snapshot of the learner).

        Raises:
            ConfigError: if the name is taken or the cap is not in (0, 1].
        """
        if name in self.members:
            raise ConfigError(f"the league already has a member named {name!r}")
        if not 0.0 < cap <= 1.0:
            raise ConfigError(f"a member's cap must be in (0, 1], got {cap} for {name!r}")
        self.members[name] = MemberStats(factory, cap=cap)

    def remove(self, name: str) -> None:
        """Drop a member (its stats go with it)."""
        del self.members[name]

    def record(self, name: str, learner_bb: float) -> None:
        """Count one hand the learner played against ``name``, with its result in big blinds."""
        stats = self.members.get(name)
        if stats is None:  # a snapshot retired while a table still played its hand
            return
        stats.hands += 1
        weight = min(self.decay, 1.0 - 1.0 / stats.hands)  # a plain mean until the window fills
        stats.mean_bb = weight * stats.mean_bb + (1.0 - weight) * learner_bb

    def shares(self) -> dict[str, float]:
        """Each member's probability of being drawn for the next hand."""
        names = list(self.members)
        results = np.array([self.members[n].mean_bb for n in names])
        priority = np.exp(-np.clip(results, -_CLIP_BB, _CLIP_BB) / self.temperature)
        share = (1.0 - self.floor) * priority / priority.sum() + self.floor / len(names)
        caps = np.array([self.members[n].cap for n in names])
        for _ in range(len(names)):  # move the excess of capped members to the others, in proportion
            over = share > caps
            if not over.any():
                break
            excess = float((share[over] - caps[over]).sum())
            share[over] = caps[over]
            free = ~over & (share < caps)
            if not free.any():
                break
            share[free] += excess * share[free] / share[free].sum()
        return dict(zip(names, (share / share.sum()).tolist(), strict=True))

    def draw(self, rng: np.random.Generator) -> str:
        """The member for the next hand, drawn with :meth:`shares`."""
        shares = self.shares()
        names = list(shares)
        return names[int(rng.choice(len(names), p=np.array(list(shares.values()))))]


class LeagueOpponent:
    """One training table's seat-1 agent: a league member drawn afresh every hand.

    Args:
        league: the shared league (the same object for every table of one process).
        big_blind: chips per big blind, to report results in big blinds.
    """

    def __init__(self, league: League, big_blind: int = 100) -> None:
        """Keep the league; members are built on first use, one copy per table."""
        self.league = league
        self.big_blind = big_blind
        self.name = "league"
        self.current = ""
        self.seat = 1
        self._copies: dict[str, Agent] = {}

    def reset(self, seat: int, rng: np.random.Generator) -> None:
        """Draw this hand's member with the hand's generator and reset it."""
        self.seat = seat
        self.current = self.league.draw(rng)
        self._member().reset(seat, rng)

    def act(self, view: PlayerView) -> Action:
        """The current member's action."""
        return self._member().act(view)

    def observe(self, event: Event) -> None:
        """Pass the event on; at the hand's end report the learner's result to the league."""
        self._member().observe(event)
        if isinstance(event, HandEnd):
            self.league.record(self.current, event.payoffs[1 - self.seat] / self.big_blind)

    def _member(self) -> Agent:
        agent = self._copies.get(self.current)  # a member retired mid-hand finishes the hand
        if agent is None:
            stats = self.league.members.get(self.current)
            if stats is None:
                raise ConfigError(f"league member {self.current!r} was removed")
            agent = self._copies[self.current] = stats.factory()
        return agent

    def forget(self, keep: set[str]) -> None:
        """Drop the copies of members no longer in the league (the current hand's member stays to its end)."""
        for name in set(self._copies) - keep - {self.current}:
            del self._copies[name]
