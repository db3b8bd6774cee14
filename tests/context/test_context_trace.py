"""The paper's worked examples: board texture examples and the appendix I hand."""

from __future__ import annotations

import pytest
from context_helpers import play

from pokergym.cards import parse_cards
from pokergym.context import DrawClass, MadeClass, PotType, Role, Scenario, analyze
from pokergym.context.board import analyze_board
from pokergym.context.budget import make_budget
from pokergym.context.hand import classify_hand


def test_k72_rainbow_is_dry() -> None:
    board = analyze_board(parse_cards("Ks7d2c"))
    assert board.labels == ("dry",)
    assert board.descriptors == ("RAINBOW", "MIXED")
    assert board.straight_combos == 0 and not board.paired


def test_986_two_clubs_is_wet() -> None:
    board = analyze_board(parse_cards("9c8c6d"))
    assert board.labels == ("wet",)
    assert "TWO-TONE" in board.descriptors
    assert board.straight_combos == 2  # T7 and 75


def test_494_two_tone_paired() -> None:
    board = analyze_board(parse_cards("4c9c4s"))
    assert board.labels == ("dry", "paired")
    assert board.descriptors == ("TWO-TONE", "PAIRED (1)", "LOW")
    assert board.pair_ranks == (2,)


def test_four_flush_board_is_one_card_flush_danger() -> None:
    board = analyze_board(parse_cards("Kh8h4h2c2h"))
    assert board.one_card_flush and board.labels[0] == "very_wet"
    assert "FOUR-FLUSH" in board.descriptors
    # high cards and medium pairs lose their defense on such a board
    for hole in ("AsQd", "QsQd", "Ks5d"):
        hand = classify_hand(parse_cards(hole), parse_cards("Kh8h4h2c2h"))
        budget = make_budget(
            hand,
            board,
            PotType.SRP,
            oop=False,
            spr=5.0,
            facing_raise=False,
            weighted_total=0.0,
            facing_weight=0.0,
        )
        assert budget.defense <= 0.6, hole


@pytest.fixture
def trace() -> list:
    """Appendix I: BTN opens 2.75 BB, BB (5c4c) 3-bets to 9 and is called."""
    state = play("r275 r900 c", deck="Ah9d" + "5c4c" + "7s6hJc6c9h")
    contexts = []
    contexts.append((state.view(1), analyze(state.view(1))))
    state.raise_to(500)  # the 5 BB c-bet of the trace
    state.call()
    contexts.append((state.view(1), analyze(state.view(1))))
    state.check()
    state.check()
    contexts.append((state.view(1), analyze(state.view(1))))
    return contexts


def test_trace_flop(trace: list) -> None:
    view, ctx = trace[0]
    assert ctx.pot_type == PotType.THREE_BET and ctx.role == Role.AGGRESSOR and ctx.position.value == "oop"
    assert ctx.board.labels == ("dry",) and ctx.board.descriptors == ("RAINBOW", "MIXED")
    assert ctx.hand.made == MadeClass.TRASH and ctx.hand.draw == DrawClass.STRONG_DRAW
    assert ctx.scenario == Scenario.F_A2
    assert round(ctx.spr, 1) == 10.6
    assert ctx.budget.attack_base == 0.5 and ctx.budget.attack == 5.0 and ctx.budget.attack_remaining == 5.0
    assert ctx.value_tier == 2  # "second pair+ for value"
    assert [str(o) for o in ctx.viable] == ["C-BET (25% pot)"]
    assert ctx.viable[0].to_action(view).amount == 450


def test_trace_turn(trace: list) -> None:
    _, ctx = trace[1]
    assert ctx.board.labels == ("neutral", "paired")
    assert ctx.board.descriptors[:2] == ("TWO-TONE", "PAIRED (1)")
    assert ctx.hand.draw == DrawClass.STRONG_DRAW  # OESD plus a flush draw now
    assert ctx.scenario == Scenario.T_A2 and ctx.role == Role.AGGRESSOR
    assert ctx.weighted_total == 0.45 and ctx.weighted_hero == 0.45
    assert ctx.budget.attack_remaining == pytest.approx(4.55)
    assert round(ctx.spr, 1) == 6.6
    assert [o.label for o in ctx.viable] == ["CHECK"]


def test_trace_river(trace: list) -> None:
    view, ctx = trace[2]
    assert ctx.board.straight_combos == 2
    assert "STRAIGHT POSSIBLE (2)" in ctx.board.descriptors and ctx.board.labels == ("dry",)
    assert ctx.hand.made == MadeClass.TRASH and ctx.hand.draw == DrawClass.NO_DRAW
    assert ctx.scenario == Scenario.R_BC2 and ctx.role == Role.NORMAL
    assert ctx.budget.attack == 0.5 and ctx.budget.attack_remaining == pytest.approx(0.05)
    assert [o.label for o in ctx.viable] == ["POLARIZED BET", "BLOCK BET", "CHECK"]
    assert ctx.viable[0].note == "bluff"
    assert ctx.viable[0].to_action(view).amount == 2100  # 75% of 28 BB, the size the trace's model chose


def test_trace_sizes() -> None:
    from pokergym.context.sizing import all_in_cap, geometric_fraction, reference_sizes

    assert reference_sizes(1800, 19100, river=False)[1] == (0.25, 450)
    assert all_in_cap(1800, 19100) == 5400
    assert round(geometric_fraction(19100, 1800, 3) * 100) == 126
    assert round(geometric_fraction(18600, 2800, 2) * 100) == 176
    assert round(geometric_fraction(18600, 2800, 1) * 100) == 664
    assert next(f for f, _ in reference_sizes(2800, 18600, river=True)) == 0.66
