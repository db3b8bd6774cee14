"""Prompt assembly: the right fragments, in the reference's order, and nothing else."""

from __future__ import annotations

import numpy as np
import pytest
from context_helpers import actor_view, deck_for, play

from pokergym.cards import parse_cards
from pokergym.context import analyze
from pokergym.context.prompt import ANSWER_FORMAT, DEFAULT_SYSTEM, Prompt, prompt
from pokergym.context.skills import fragment, fragment_names, select
from pokergym.engine import Action, HandState, PlayerView, Street
from pokergym.errors import ContextError

SRP = "r250 c |"
BB3 = "r250 r900 c |"
# The paper's appendix I hand: the button opens 2.75, the big blind (5c4c) 3-bets to 9.
PAPER_DECK = "Ah9d5c4c7s6hJc6c9h"
POSTFLOP_ORDER = [
    "## Situation\n",
    "## Your hand\n",
    "## Board\n",
    "## Stacks and pot\n",
    "## History\n",
    "- Legal actions:",
    "## General principles\n",
    "## Your hand class\n",
    "## Situation analysis\n",
    "Action line ",
    "- ATTACK:",
    "- DEFENSE:",
    "- Viable options",
    "## Bet sizes",
    "## Position\n",
    "## River reference\n",
    "## Your answer\n",
]


def paper_state() -> HandState:
    state = HandState.new(deck=parse_cards(PAPER_DECK), button=0)
    state.raise_to(275)
    state.raise_to(900)
    state.call()
    return state


def assert_exact_fragments(p: Prompt) -> None:
    """Each selected fragment's text is in the prompt; no other fragment's text is."""
    text = p.text
    for name in fragment_names():
        if name in p.fragments:
            assert fragment(name).text in text, name
        else:
            assert fragment(name).text not in text, name


def test_flop_prompt_of_the_paper_hand() -> None:
    view = paper_state().view(1)
    p = prompt(view)
    assert p.mode == "skills"
    assert p.system == fragment("p1_system").text
    assert p.fragments == (
        "p1_system",
        "p3_principles",
        "p4_draw_strong_draw",
        "p4_pot_3bp",
        "p4_board_flop_dry",
        "p4_line_f_a",
        "p4_position_oop_first",
    )
    assert "- Cards: 5c 4c (54s)" in p.user
    assert "- Class: trash + strong_draw" in p.user
    assert "Action line F-A2:" in p.user
    assert "C-BET (25% pot) = bet to 4.5 BB" in p.user
    assert "- Legal actions: check | bet to 1-191 BB" in p.user
    assert "Geometric size: 126% of the pot (bet to 22.76 BB)" in p.user
    assert_exact_fragments(p)


def test_river_prompt_has_blockers_and_flop_prompt_does_not() -> None:
    state = paper_state()
    flop = prompt(state.view(1))
    assert "p5_blockers" not in flop.fragments
    assert "## River reference" not in flop.user
    state.raise_to(500)
    state.call()
    state.check()
    state.check()
    river = prompt(state.view(1))
    assert river.fragments[-1] == "p5_blockers"
    assert fragment("p5_blockers").text in river.user
    assert "Action line R-BC2:" in river.user
    turn_state = paper_state()
    turn_state.raise_to(500)
    turn_state.call()
    assert "p5_blockers" not in prompt(turn_state.view(1)).fragments


def test_sections_follow_the_reference_order() -> None:
    state = paper_state()
    state.raise_to(500)
    state.call()
    state.check()
    state.check()
    user = prompt(state.view(1)).user
    positions = [user.index(marker) for marker in POSTFLOP_ORDER]
    assert positions == sorted(positions)
    assert user.endswith(ANSWER_FORMAT)


def test_flush_draw_pulls_the_draw_fragment() -> None:
    deck = deck_for("AhKh", "QsQd", "Th7h2c")
    view = actor_view(SRP + " k", deck)  # the button (AhKh), checked to on the flop
    ctx = analyze(view)
    assert ctx.hand is not None and "flush_draw" in ctx.hand.features
    p = prompt(view, ctx)
    draw_name = f"p4_draw_{ctx.hand.draw.value}"
    assert draw_name in p.fragments
    assert fragment(draw_name).text in p.user
    assert_exact_fragments(p)


def test_three_bet_pot_pulls_the_pot_type_note() -> None:
    p = prompt(actor_view(BB3))
    assert "p4_pot_3bp" in p.fragments
    assert fragment("p4_pot_3bp").text in p.user
    srp = prompt(actor_view(SRP)).fragments
    assert "p4_pot_srp" in srp and "p4_pot_3bp" not in srp


def test_special_board_replaces_the_hand_class_entry() -> None:
    deck = deck_for("AsKd", "QhJh", "7c7d7h")
    p = prompt(actor_view(SRP + " k", deck))
    assert "p4_special_trips_board" in p.fragments
    assert not any(name.startswith(("p4_hand_", "p4_draw_")) for name in p.fragments)
    assert "special board: trips_board_kicker_1" in p.user


def test_facing_a_bet_shows_the_weight_and_a_raise_range() -> None:
    view = actor_view(SRP + " k r300")
    p = prompt(view)
    assert "- Facing: 3 BB to call (a bet of 60% of the pot, pressure weight 0.80)" in p.user
    assert "- Legal actions: fold | call 3 BB | raise to 6-197.5 BB" in p.user
    assert "against a bet weighing 0.80" in p.user
    assert p.fragments[-1] == "p4_position_oop_facing"  # the big blind checked and faces the bet
    assert "of the pot after calling: raise to" in p.user


def test_default_mode_has_no_skill_text() -> None:
    state = paper_state()
    state.raise_to(500)
    view = state.view(0)
    p = prompt(view, mode="default")
    assert p.mode == "default" and p.fragments == ()
    assert p.system == DEFAULT_SYSTEM
    for name in fragment_names():
        text = fragment(name).text
        assert text not in p.text
        assert text.splitlines()[0] not in p.text, name
    for word in ("ATTACK", "DEFENSE", "Viable", "Texture", "Class:", "Action line"):
        assert word not in p.user
    assert "- Your cards: Ah 9d" in p.user
    assert "- Board: 7s 6h Jc" in p.user
    assert "- Legal actions: fold | call 5 BB | raise to 10-191 BB" in p.user
    assert p.user.endswith(ANSWER_FORMAT)


def test_preflop_prompt_uses_the_spot_entry_and_range_row() -> None:
    state = HandState.new(deck=parse_cards(PAPER_DECK), button=0)
    state.raise_to(275)
    p = prompt(state.view(1))
    assert p.fragments == ("p1_system", "p2_bb_vs_open")
    assert fragment("p2_bb_vs_open").text in p.user
    assert "- Range table for 54s here: raise 0%, call 100%, fold 0%; the spot's raise: to 9 BB" in p.user
    assert "- Legal actions: fold | call 1.75 BB | raise to 4.5-200 BB" in p.user
    assert_exact_fragments(p)
    first = prompt(HandState.new(deck=parse_cards(PAPER_DECK), button=0).view(0))
    assert first.fragments == ("p1_system", "p2_btn_first")
    assert "Range table for A9o" in first.user


def test_preflop_all_in_and_deep_spots() -> None:
    jam = prompt(play("r250 r20000", button=0).view(0))
    assert jam.fragments == ("p1_system", "p2_open_5bet_btn")
    assert "Range table for AsKs" not in jam.user and "Range table for AKs here" in jam.user
    assert "no raise in this spot" in jam.user
    deep = prompt(actor_view("r250 r900 r2700 r5400 r10000"))
    assert deep.fragments == ("p1_system", "p2_deep_default")
    assert "Range table" not in deep.user
    assert_exact_fragments(deep)


def test_view_not_to_act_has_no_options_or_position_note() -> None:
    state = paper_state()
    p = prompt(state.view(0))  # the button waits for the big blind
    assert "- Legal actions: none" in p.user
    assert "Viable options" not in p.user
    assert "## Bet sizes" not in p.user
    assert not any(name.startswith("p4_position") for name in p.fragments)
    assert_exact_fragments(p)


def test_hand_over_prompt() -> None:
    state = play(SRP + " k r300 f")
    assert state.terminal
    for seat in (0, 1):
        p = prompt(state.view(seat))
        assert "- Legal actions: none" in p.user
        assert_exact_fragments(p)


def test_determinism_and_given_context() -> None:
    view = paper_state().view(1)
    first = prompt(view)
    assert prompt(view) == first
    assert prompt(paper_state().view(1)) == first
    assert prompt(view, analyze(view)) == first


def test_messages_helper() -> None:
    p = prompt(paper_state().view(1))
    assert p.messages() == [{"role": "system", "content": p.system}, {"role": "user", "content": p.user}]
    assert p.text == p.system + "\n\n" + p.user
    assert p.approx_tokens == -(-(len(p.text)) // 4)


def test_bad_arguments() -> None:
    view = paper_state().view(1)
    with pytest.raises(ContextError):
        prompt(view, mode="verbose")  # type: ignore[arg-type]
    with pytest.raises(ContextError):
        prompt(view, analyze(paper_state().view(0)))


def random_views(n: int, seed: int) -> list[PlayerView]:
    """Views of the seat to act (every street) in hands played with random legal actions."""
    rng = np.random.default_rng(seed)
    views: list[PlayerView] = []
    while len(views) < n:
        state = HandState.new(button=int(rng.integers(2)), rng=rng)
        while not state.terminal:
            legal = state.legal_actions()
            views.append(state.view(state.actor))
            roll = rng.random()
            if legal.can_raise and roll < 0.3:
                size = int(rng.choice([0.33, 0.75, 1.5, 60.0]) * (state.pot + legal.call_amount))
                to = max(
                    legal.min_raise_to, min(legal.max_raise_to, state.bets[state.actor] + legal.call_amount + size)
                )
                state.apply(Action.raise_to(to))
            elif legal.can_fold and roll > 0.93:
                state.fold()
            else:
                state.apply(Action.check() if legal.can_check else Action.call())
        views.append(state.view(int(rng.integers(2))))
    return views


@pytest.fixture(scope="module")
def random_postflop_views() -> list[PlayerView]:
    return [v for v in random_views(600, seed=3) if v.street > Street.PREFLOP]


@pytest.fixture(scope="module")
def random_any_views() -> list[PlayerView]:
    return random_views(300, seed=4)


def test_random_views_get_exactly_their_fragments(random_postflop_views: list[PlayerView]) -> None:
    for view in random_postflop_views[::4]:
        ctx = analyze(view)
        p = prompt(view, ctx)
        assert p.fragments == select(ctx).names()
        assert_exact_fragments(p)
        assert p.text.isascii()
        assert ("p5_blockers" in p.fragments) == (view.street == Street.RIVER)


def test_random_views_in_both_modes_are_printable(random_any_views: list[PlayerView]) -> None:
    for view in random_any_views:
        for mode in ("skills", "default"):
            text = prompt(view, mode=mode).text  # type: ignore[arg-type]
            assert text.isascii()
            assert all(ch.isprintable() or ch == "\n" for ch in text)


def test_the_big_blind_facing_a_limp_is_told_to_check_not_to_fold() -> None:
    state = HandState.new(deck=parse_cards("AsKs7c2d2c7d9hJsQd"), button=0)
    state.call()  # the button limps; the big blind (72o) may check for free
    user = prompt(state.view(1)).user
    assert "Range table for 72o here: raise 0%, check 100%" in user and "fold 100%" not in user


@pytest.mark.parametrize("hole", [(1, 1), (60, 70), (5,), (2.0, 3.0)])
def test_bad_hole_cards_are_refused_before_the_flop_too(hole: tuple[int, ...]) -> None:
    view = HandState.new(deck=tuple(range(9)), button=0).view(0)._replace(hole=hole)
    with pytest.raises(ContextError, match="distinct card codes"):
        analyze(view)  # before 2026-11-30 a preflop view's cards were not read, so not checked
