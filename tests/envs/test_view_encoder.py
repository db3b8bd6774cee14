"""ViewEncoder (the kernels' replay of a view) against the Python engine's encoder, codec and sizes."""

from __future__ import annotations

import numpy as np
import pytest

from pokergym.agents import RandomAgent
from pokergym.context.compiled import skill_features
from pokergym.engine import GameConfig, HandState
from pokergym.envs import DiscreteActions, ObservationLayout, SeatEncoder
from pokergym.envs.view_encoder import ViewEncoder
from pokergym.errors import ConfigError
from pokergym.wrappers.pokerskill import PokerSkillFeature

CONFIGS = (GameConfig(), GameConfig(50, 100, (1_000, 20_000)), GameConfig(25, 50, (3_000, 2_000)))


def _decisions(config: GameConfig, count: int, seed: int) -> list[HandState]:
    """States where a seat is to act, from random play (short and deep stacks, every street)."""
    rng = np.random.default_rng(seed)
    players = [RandomAgent(), RandomAgent()]
    states: list[HandState] = []
    hand = 0
    while len(states) < count:
        state = HandState.new(config, button=hand % 2, rng=rng)
        for seat, player in enumerate(players):
            player.reset(seat, rng)
        while not state.terminal:
            states.append(state.copy())
            state.apply(players[state.actor].act(state.view(state.actor)))
        hand += 1
    return states


@pytest.mark.parametrize("config", CONFIGS)
@pytest.mark.parametrize("slots", [6, 2])
def test_the_kernel_replay_gives_the_engines_observation_mask_and_sizes(config: GameConfig, slots: int) -> None:
    encoder = ViewEncoder(config, history_slots=slots)
    codec = DiscreteActions()
    layout = ObservationLayout(config, slots)
    features = PokerSkillFeature()  # reads the replayed row and log as it reads an environment's table
    streets = set()
    for state in _decisions(config, 600, seed=slots):
        seat = state.actor
        view = state.view(seat)
        vector, mask, sizes = encoder.encode(view)
        expected = SeatEncoder(layout, seat).reset(state).encode(state)
        np.testing.assert_array_equal(vector, expected)
        np.testing.assert_array_equal(mask, codec.mask(state))
        legal = state.legal_actions()
        raises = [amount if ok else 0 for amount, ok in zip(codec.sizes(state), mask[2:-1], strict=True)]
        assert sizes[:-1].tolist() == raises
        assert sizes[-1] == legal.max_raise_to
        np.testing.assert_array_equal(features.table_value(encoder, seat, True), skill_features(view))
        streets.add(state.street)
    assert len(streets) == 4


def test_a_view_of_another_game_is_refused() -> None:
    view = HandState.new(GameConfig(25, 50), rng=np.random.default_rng(0)).view(0)
    with pytest.raises(ConfigError, match="not this encoder's"):
        ViewEncoder(GameConfig()).encode(view)
