"""The shared hand loop and the two built-in bots."""

from __future__ import annotations

import numpy as np
import pytest

from pokergym.agents import (
    ActionTaken,
    BaseAgent,
    CallAgent,
    Event,
    HandEnd,
    HandStart,
    PlayerView,
    RandomAgent,
    StreetStart,
    play_hand,
)
from pokergym.engine import Action, GameConfig, HandState
from pokergym.errors import IllegalActionError


class Recorder(BaseAgent):
    """Calls, and keeps every event and view it receives."""

    def __init__(self) -> None:
        super().__init__("recorder")
        self.events: list[Event] = []
        self.views: list[PlayerView] = []

    def act(self, view: PlayerView) -> Action:
        self.views.append(view)
        assert view.legal is not None
        return Action.call() if view.legal.can_call else Action.check()

    def observe(self, event: Event) -> None:
        self.events.append(event)


@pytest.mark.parametrize("stacks", [(20000, 20000), (150, 20000), (20000, 100), (1, 1)])
def test_random_vs_call_always_legal_and_zero_sum(stacks: tuple[int, int]) -> None:
    config = GameConfig(stacks=stacks)
    rng = np.random.default_rng(3)
    for hand in range(300):
        state = HandState.new(config, button=hand % 2, rng=rng)
        play_hand(state, [RandomAgent(), CallAgent()], [np.random.default_rng(hand), np.random.default_rng(-~hand)])
        assert state.terminal and state.payoffs is not None
        assert sum(state.payoffs) == 0


def test_events_arrive_in_order_and_hide_the_opponents_cards() -> None:
    deck = (51, 50, 47, 46, 0, 5, 10, 15, 20)
    state = HandState.new(deck=deck, button=0)
    a, b = Recorder(), Recorder()
    play_hand(state, [a, b], [np.random.default_rng(0), np.random.default_rng(1)])
    for seat, agent in ((0, a), (1, b)):
        start = agent.events[0]
        assert isinstance(start, HandStart) and start.seat == seat
        assert start.hole == state.hole(seat)
        assert not any(isinstance(e, HandStart) for e in agent.events[1:])
        assert all(v.hole == state.hole(seat) for v in agent.views)
    kinds = [type(e) for e in a.events]
    assert kinds.count(HandEnd) == 1 and kinds[-1] is HandEnd
    assert kinds.count(StreetStart) == 3
    assert sum(isinstance(e, ActionTaken) for e in a.events) == len(state.history)
    end = a.events[-1]
    assert isinstance(end, HandEnd) and end.showdown and end.shown == state.hole_cards


def test_an_illegal_agent_action_raises() -> None:
    class Checker(BaseAgent):
        def act(self, view: PlayerView) -> Action:
            return Action.check()

    state = HandState.new(deck=tuple(range(9)))
    with pytest.raises(IllegalActionError, match="legal: fold, call 50"):
        play_hand(state, [Checker(), CallAgent()], [np.random.default_rng(0)] * 2)


def test_random_agent_is_reproducible() -> None:
    def actions(seed: int) -> list[object]:
        state = HandState.new(rng=np.random.default_rng(9), button=1)
        play_hand(state, [RandomAgent(), RandomAgent()], [np.random.default_rng(seed), np.random.default_rng(seed + 1)])
        return list(state.history)

    assert actions(4) == actions(4)
