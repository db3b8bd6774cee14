"""The compiled feature vector equals the Python engine's, from views and from the environments' compiled tables.

The reference is ``skill_vector(analyze(view))``: the record the Python
context engine builds, encoded by :mod:`pokergym.context.vector`. The
compiled path must give the very same ``float32`` numbers for every view of
seeded random hands (both seats, acting or not, terminal states, odd blinds,
short and uneven stacks, all-ins), and, on the kernel backends of
``HUNL-v0`` and the AEC environment, for the table's own state row and log.
"""

from __future__ import annotations

import gymnasium as gym
import numpy as np
import pytest
from context_helpers import play, random_views

import pokergym  # noqa: F401  (registers HUNL-v0)
from pokergym._jit import kernel_digest
from pokergym.context import analyze
from pokergym.context.compiled import row_skill_features, skill_features
from pokergym.context.vector import FEATURE_NAMES, skill_vector
from pokergym.engine import GameConfig, PlayerView
from pokergym.engine.row_layout import DECK, STREET
from pokergym.engine.view import make_view
from pokergym.envs.compiled import CompiledTable
from pokergym.errors import ContextError
from pokergym.pettingzoo import hunl_v0

CONFIGS = (
    GameConfig(),
    GameConfig(stacks=(1500, 20000)),
    GameConfig(stacks=(20000, 80)),
    GameConfig(25, 50),
    GameConfig(50, 100, stacks=(600, 450)),
    GameConfig(5, 10, stacks=(3000, 3000)),
)


def table_features(table: CompiledTable, seat: int, acting: bool) -> np.ndarray:
    """The vector of ``seat``'s view of the compiled table's hand, as the wrappers read it."""
    return row_skill_features(table.tables.state[0], table.log[0], seat, acting, table.config)


def check(view: PlayerView) -> np.ndarray:
    """Assert the compiled vector of ``view`` equals the reference; return it."""
    expected = skill_vector(analyze(view))
    got = skill_features(view)
    if not np.array_equal(got, expected):
        diff = [(FEATURE_NAMES[i], float(expected[i]), float(got[i])) for i in np.flatnonzero(got != expected)]
        pytest.fail(f"{view!r}: (feature, expected, compiled) {diff}")
    return got


def test_compiled_features_equal_the_reference_on_random_views() -> None:
    views = random_views(2500, seed=5, configs=CONFIGS, all_in=0.08)
    seen: np.ndarray = np.zeros(len(FEATURE_NAMES), bool)
    for view in views:
        seen |= check(view) != 0
        if view.legal is not None:  # the same spot with the legal actions withheld (a zero action mask)
            check(view._replace(legal=None))
    assert len(views) > 20_000
    # Every block was exercised: each verdict, the viable options, facing, special boards, both unlimited flags.
    for name in (
        "slow_play_trap",
        "slow_play_lean_slow_play",
        "slow_play_lean_fast_play",
        "slow_play_no_slow_play",
        "special_board",
        "attack_unlimited",
        "facing",
        "low_spr",
        "first_fraction",
        "preflop_btn_first",
        "scenario_R_BC2",
    ):
        assert seen[FEATURE_NAMES.index(name)], name
    assert seen.mean() > 0.85, [n for n, s in zip(FEATURE_NAMES, seen, strict=True) if not s]


def test_compiled_features_of_the_appendix_trace() -> None:
    # 5c4c in the big blind of a 3-bet pot, through flop, turn and river (the paper's appendix I).
    deck = "AhKd" + "5c4c" + "7s6hJc6c9h"
    prefix = "r300 r900 c"
    for actions in (prefix, prefix + " k r300 c", prefix + " k r300 c | k", prefix + " k r300 c | k r900 c | k"):
        state = play(actions, deck=deck, button=0)
        for seat in (0, 1):
            check(state.view(seat))


def test_table_features_equal_the_views_on_hunl_v0() -> None:
    env = gym.make("HUNL-v0", backend="kernel")
    hunl = env.unwrapped
    rng = np.random.default_rng(3)
    steps = 0
    observation, _ = env.reset(seed=7)
    while steps < 3000:
        acting = bool(observation["action_mask"].any())
        view = make_view(hunl.hand, 0)
        if not acting:
            view = view._replace(legal=None)
        assert hunl.compiled is not None
        np.testing.assert_array_equal(table_features(hunl.compiled, 0, acting), check(view))
        if not acting:
            observation, _ = env.reset()
            continue
        legal = np.flatnonzero(observation["action_mask"])
        observation, _, terminated, truncated, _ = env.step(int(rng.choice(legal)))
        steps += 1
        if terminated or truncated:
            # the final observation: the hand is over, no legal actions
            np.testing.assert_array_equal(
                table_features(hunl.compiled, 0, False), check(make_view(hunl.hand, 0)._replace(legal=None))
            )
            observation, _ = env.reset()


def test_table_features_equal_the_views_on_the_aec_env() -> None:
    env = hunl_v0.raw_env(config=GameConfig(stacks=(2500, 20000)))
    rng = np.random.default_rng(4)
    env.reset(seed=9)
    table = env.compiled
    assert table is not None
    for _ in range(2000):
        agent = env.agent_selection
        for other in env.possible_agents:
            seat = env.seat_of(other)
            acting = bool(env.observe(other)["action_mask"].any())
            view = make_view(env.hand, seat)
            expected = check(view if acting else view._replace(legal=None))
            np.testing.assert_array_equal(table_features(table, seat, acting), expected)
        if env.terminations[agent] or env.truncations[agent]:
            env.step(None)
            if not env.agents:
                env.reset()
            continue
        mask = env.observe(agent)["action_mask"]
        env.step(int(rng.choice(np.flatnonzero(mask))))


def test_bad_views_raise_context_errors() -> None:
    view = play("r300 c").view(0)
    with pytest.raises(ContextError, match="board cards"):
        skill_features(view._replace(board=view.board[:2]))
    with pytest.raises(ContextError, match="distinct"):
        skill_features(view._replace(hole=(view.board[0], view.hole[1])))
    with pytest.raises(ContextError, match="distinct"):
        skill_features(view._replace(board=(view.board[0], view.board[1], 52)))


def test_the_kernel_cache_is_keyed_on_the_package_sources() -> None:
    from pokergym.context._context_kernel import row_features

    cache = row_features._cache
    key = cache._index_key(row_features.signatures[0], row_features.targetctx.codegen())
    assert key[-1] == kernel_digest("pokergym.context._context_kernel")


def test_row_features_reject_rows_they_cannot_read() -> None:
    env = gym.make("HUNL-v0", backend="kernel")
    env.reset(seed=2)
    table = env.unwrapped.compiled
    row, log, config = table.tables.state[0], table.log[0], table.config
    good = row_skill_features(row, log, 0, True, config)
    with pytest.raises(ValueError, match="seat"):
        row_skill_features(row, log, 2, True, config)
    with pytest.raises(ValueError, match="row must be"):
        row_skill_features(row[:-1], log, 0, True, config)
    with pytest.raises(ValueError, match="row must be"):
        row_skill_features(row.astype(np.int32), log, 0, True, config)
    with pytest.raises(ValueError, match="log must be"):
        row_skill_features(row, log[:, :3], 0, True, config)
    with pytest.raises(ValueError, match="holds"):
        row_skill_features(row, log[:0], 0, True, config)  # the blinds are logged
    bad = row.copy()
    bad[STREET], bad[DECK + 4] = 1, 77
    with pytest.raises(ValueError, match="distinct"):
        row_skill_features(bad, log, 0, True, config)
    np.testing.assert_array_equal(row_skill_features(row, log, 0, True, config, check=False), good)
