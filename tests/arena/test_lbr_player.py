"""Tests of the seated local best response (pokergym.arena.lbr_player)."""

from __future__ import annotations

import numpy as np
import pytest

from baselines.simple import HonestBot, ManiacBot
from pokergym.agents import play_hand
from pokergym.arena.lbr import _RESPONDER, _Responder, _Settings, _Strategy
from pokergym.arena.lbr_player import LbrAgent
from pokergym.engine import HandState
from pokergym.engine.actions import ActionRecord
from pokergym.engine.state import deal_deck
from pokergym.errors import ConfigError

EXACT = _Settings("full", (0.5, 1.0, 2.0), None, None)  # exact preflop equity, the whole range: no randomness


def _reference_line(deck: tuple[int, ...], seed: int) -> tuple[ActionRecord, ...]:
    """lbr's own responder in seat 0 (the button) against honest in seat 1, as :func:`~pokergym.arena.lbr.lbr` plays."""
    state = HandState.new(button=_RESPONDER, deck=deck)
    agent = HonestBot()
    agent.reset(1, np.random.default_rng(seed))
    responder = _Responder(_Strategy(agent), state, EXACT, np.random.default_rng(0))
    while not state.terminal:
        if state.actor == _RESPONDER:
            action = responder.act(state)
        else:
            action = agent.act(state.view(1))
            responder.observe(state, action)
        state.apply(action, state.actor)
    return state.history


@pytest.mark.parametrize("seat", [0, 1])
def test_seated_it_plays_the_line_lbrs_own_responder_plays(seat: int) -> None:
    for deal in range(8):
        deck = deal_deck(np.random.default_rng(deal))
        expected = _reference_line(deck, seed=deal)
        exploiter = LbrAgent(HonestBot(), preflop_samples=None, range_samples=None)
        agents = [HonestBot(), exploiter] if seat == 1 else [exploiter, HonestBot()]
        rngs = [np.random.default_rng(deal), np.random.default_rng(deal)]
        state = play_hand(HandState.new(button=seat, deck=deck), agents, rngs)
        played = [(r.street, r.kind, r.to, r.seat == seat) for r in state.history]
        assert played == [(r.street, r.kind, r.to, r.seat == _RESPONDER) for r in expected]
        assert exploiter.uniform == 0


def test_a_seat_that_is_not_its_target_never_breaks_a_hand() -> None:
    exploiter = LbrAgent(HonestBot(), range_samples=8)  # the maniac plays what honest rarely or never would
    master = np.random.default_rng(3)
    for hand in range(30):
        state = HandState.new(button=hand % 2, rng=master)
        agents = [ManiacBot(), exploiter]
        play_hand(state, agents, [np.random.default_rng([hand, 0]), np.random.default_rng([hand, 1])])
        assert state.terminal


def test_bad_settings_are_typed_errors() -> None:
    with pytest.raises(ConfigError, match="action_probabilities"):
        LbrAgent(object())  # type: ignore[arg-type]
    with pytest.raises(ConfigError, match="range_samples"):
        LbrAgent(HonestBot(), range_samples=0)
    with pytest.raises(ConfigError, match="fractions"):
        LbrAgent(HonestBot(), fractions=(0.5, -1.0))
