"""Small agents with known behaviour for the arena tests."""

from __future__ import annotations

import asyncio

from pokergym.agents import Action, BaseAgent, Event, HandStart, PlayerView


class Folder(BaseAgent):
    """Checks when free, folds to any bet."""

    name = "folder"

    def act(self, view: PlayerView) -> Action:
        assert view.legal is not None
        return Action.fold() if view.legal.can_fold else Action.check()


class Coin(BaseAgent):
    """Facing a bet: folds or min-raises with probability 1/2 each; otherwise checks.

    Against :class:`Folder` a pair wins 0 or 150 chips with probability 1/2
    each: as the button it loses the small blind or wins the big blind, and
    as the big blind it always wins the small blind (the folder folds its
    button). So the per-pair standard deviation is exactly 375 mbb/hand.
    """

    name = "coin"

    def act(self, view: PlayerView) -> Action:
        legal = view.legal
        assert legal is not None
        if not legal.can_fold:
            return Action.check()
        if self.rng.random() < 0.5:
            return Action.fold()
        return Action.raise_to(legal.min_raise_to)


class Exploder(BaseAgent):
    """Calls, but raises an exception when dealt the ace of spades (card 51)."""

    name = "exploder"

    def act(self, view: PlayerView) -> Action:
        if 51 in view.hole:
            raise RuntimeError("kaboom: the ace of spades")
        assert view.legal is not None
        return Action.call() if view.legal.can_call else Action.check()


class Cheater(BaseAgent):
    """Checks even when facing a bet whenever it holds a king (an illegal action)."""

    name = "cheater"

    def act(self, view: PlayerView) -> Action:
        assert view.legal is not None
        if any(card // 4 == 11 for card in view.hole):
            return Action.check()
        return Action.call() if view.legal.can_call else Action.check()


class Mute(BaseAgent):
    """Returns None instead of an action."""

    name = "mute"

    def act(self, view: PlayerView) -> Action:
        return None  # type: ignore[return-value]


LOG: list[tuple[int, int]] = []
"""(id of the instance, hands it has seen so far), appended by :class:`Diarist` at each hand start."""


class Diarist(BaseAgent):
    """Calls; counts the hands it has seen and logs that count with its identity."""

    name = "diarist"

    def __init__(self) -> None:
        super().__init__()
        self.seen = 0

    def observe(self, event: Event) -> None:
        if isinstance(event, HandStart):
            self.seen += 1
            LOG.append((id(self), self.seen))

    def act(self, view: PlayerView) -> Action:
        assert view.legal is not None
        return Action.call() if view.legal.can_call else Action.check()


class AsyncExploder(Exploder):
    """:class:`Exploder` that can also act in a coroutine; counts how often each path was used."""

    name = "async-exploder"

    def __init__(self) -> None:
        super().__init__()
        self.awaited = 0
        self.closed = 0

    async def act_async(self, view: PlayerView) -> Action:
        await asyncio.sleep(0)  # let the other blocks run
        self.awaited += 1
        if 51 in view.hole:
            raise RuntimeError("kaboom, asynchronously")
        return self.act(view)

    async def aclose(self) -> None:
        self.closed += 1
