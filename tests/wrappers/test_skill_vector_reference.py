"""``skill_vector`` against a plain, name-by-name encoding of the same context, on thousands of random views.

The wrapper fills its vector by precomputed index; the reference below looks
every entry up by its feature name, in the words of the module docstring.
Any drift between the two (a moved block, a changed clip) fails here.
"""

from __future__ import annotations

import numpy as np

from pokergym.context import UNLIMITED, Context, analyze
from pokergym.context.vector import _slug
from pokergym.engine import Action, HandState, PlayerView
from pokergym.wrappers import FEATURE_NAMES, N_FEATURES, skill_vector


def reference_vector(ctx: Context) -> np.ndarray:
    v = np.zeros(N_FEATURES, dtype=np.float32)

    def put(name: str, value: float = 1.0) -> None:
        v[FEATURE_NAMES.index(name)] = value

    def clip(x: float, low: float, high: float) -> float:
        return min(max(x, low), high)

    put("is_ip", float(ctx.position == "ip"))
    put("pot_" + ctx.pot_type.replace("+", "_plus"))
    put("role_" + ctx.role)
    if ctx.initiative is not None:
        put("initiative_self" if ctx.initiative == ctx.seat else "initiative_opp")
    if ctx.preflop_scenario is not None:
        put("preflop_" + ctx.preflop_scenario)
    if ctx.hand is not None:
        put("made_" + ctx.hand.made)
        put("draw_" + ctx.hand.draw)
        put("special_board", float(ctx.hand.override is not None))
        put("kicker_position", min(ctx.hand.kicker_position or 0, 13) / 13)
        put("pair_level", min(ctx.hand.pair_level or 0, 6) / 6)
    if ctx.board is not None:
        for label in ctx.board.labels:
            put("board_" + label)
        put("board_flush_possible", float(ctx.board.suit_max >= 3))
        put("board_one_card_flush", float(ctx.board.suit_max >= 4))
        put("board_straight_combos", min(ctx.board.straight_combos, 10) / 10)
        put("board_straight_potential", float(ctx.board.straight_potential))
        put("board_is_paired", float(ctx.board.paired))
    if ctx.scenario is not None:
        put("scenario_" + ctx.scenario.replace("-", "_"))
    if ctx.budget is not None:
        for name in ("attack_base", "defense_base", "attack", "defense", "attack_remaining", "defense_remaining"):
            put(name, clip(getattr(ctx.budget, name), -10, 10) / 10)
        put("attack_unlimited", float(ctx.budget.attack >= UNLIMITED))
        put("defense_unlimited", float(ctx.budget.defense >= UNLIMITED))
    if ctx.facing_pct is not None:
        put("facing")
        put("facing_pct", clip(ctx.facing_pct / 100, 0, 10))
        put("facing_weight", clip(ctx.facing_weight, 0, 4))
    put("weighted_total", clip(ctx.weighted_total, 0, 20))
    put("weighted_hero", clip(ctx.weighted_hero, 0, 20))
    put("spr", ctx.spr / (1 + ctx.spr))
    if ctx.low_spr_threshold is not None:
        put("low_spr")
        put("low_spr_threshold", clip(ctx.low_spr_threshold, 0, 3))
    if ctx.value_tier is not None:
        put("value_tier", ctx.value_tier / 5)
    if ctx.slow_play is not None:
        put("slow_play_" + ctx.slow_play)
    for option in ctx.viable:
        put("viable_" + _slug(option.label))
    if ctx.viable:
        put("first_" + ctx.viable[0].kind)
        put("first_fraction", clip(ctx.viable[0].fraction or 0.0, 0, 2))
    return v


def random_views(hands: int, seed: int) -> list[PlayerView]:
    """Both seats' views at every decision of seeded random hands (bets of 25-150% pot, some all-ins)."""
    rng = np.random.default_rng(seed)
    views = []
    for _ in range(hands):
        state = HandState.new(button=int(rng.integers(2)), rng=rng)
        while not state.terminal:
            views += [state.view(0), state.view(1)]
            legal = state.legal_actions()
            roll = rng.random()
            if legal.can_raise and roll < 0.35:
                size = legal.call_amount + int((state.pot + legal.call_amount) * rng.choice([0.25, 0.5, 1.0, 1.5]))
                to = legal.max_raise_to if rng.random() < 0.05 else state.bets[state.actor] + size
                state.apply(Action.raise_to(max(legal.min_raise_to, min(legal.max_raise_to, to))))
            elif legal.can_fold and roll > 0.95:
                state.fold()
            else:
                state.apply(Action.check() if legal.can_check else Action.call())
        views += [state.view(0), state.view(1)]
    return views


def test_skill_vector_matches_the_reference_encoding() -> None:
    views = random_views(150, seed=11)
    streets = set()
    for view in views:
        ctx = analyze(view)
        streets.add(view.street)
        np.testing.assert_array_equal(skill_vector(ctx), reference_vector(ctx), err_msg=repr(view))
    assert len(views) > 1000 and len(streets) == 4


def test_skill_vector_is_a_fresh_writable_array() -> None:
    ctx = analyze(HandState.new(deck=tuple(range(9)), button=0).view(0))
    a, b = skill_vector(ctx), skill_vector(ctx)
    assert a.dtype == np.float32 and a.shape == (N_FEATURES,) and a.flags.writeable
    a[:] = 7.0
    assert not np.shares_memory(a, b) and b.max() == 1.0
