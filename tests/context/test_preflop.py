"""Preflop scenarios, sizes, range tables and sampled decisions.

Spots are built by playing the actions through the real engine. Deck order:
button hole (2), big-blind hole (2), board (5); blinds 50/100.
"""

from __future__ import annotations

import math

import numpy as np
import pytest

from pokergym.cards import format_cards, parse_cards
from pokergym.context.preflop import (
    NoPreflopTableError,
    PreflopError,
    PreflopScenario,
    detect_scenario,
    preflop_decision,
    preflop_probabilities,
    preflop_range,
    raise_to_size,
)
from pokergym.engine import Action, ActionKind, GameConfig, HandState
from pokergym.engine.view import PlayerView
from pokergym.evaluator import CLASS_NAMES_169 as CLASSES
from pokergym.evaluator import COMBO_CARDS, class_index_169, combos_in_class

S = PreflopScenario
BOARD = "2c7d9hJsQd"


def play(
    line: str,
    *,
    button: int = 0,
    stacks: tuple[int, int] = (20000, 20000),
    button_hole: str = "Tc8h",
    big_hole: str = "6s5s",
) -> HandState:
    """Start a hand and play ``line``: space-separated ``f``, ``k``, ``c``, ``a`` (all-in), ``r<chips>``."""
    deck = parse_cards(button_hole + big_hole + BOARD)
    state = HandState.new(GameConfig(stacks=stacks), button=button, deck=deck)
    for token in line.split():
        if token == "c":
            state.call()
        elif token == "k":
            state.check()
        elif token == "a":
            state.all_in()
        elif token == "f":
            state.fold()
        else:
            assert token[0] == "r"
            state.raise_to(int(token[1:]))
    return state


def actor_view(state: HandState) -> PlayerView:
    return state.view(state.actor)


# --------------------------------------------------------------------------- detection
DETECTION = [
    # (line, stacks, scenario)
    ("", (20000, 20000), S.btn_first),
    ("c", (20000, 20000), S.bb_vs_limp),
    ("r250", (20000, 20000), S.bb_vs_open),
    ("r250 r900", (20000, 20000), S.btn_open_vs_3bet),
    ("c r500", (20000, 20000), S.btn_limp_vs_raise),
    ("c r500 r1500", (20000, 20000), S.limp_3bet_bb),
    ("r250 r900 r2700", (20000, 20000), S.open_4bet_bb),
    ("r250 r900 r2700 r5400", (20000, 20000), S.open_5bet_btn),
    ("c r500 r1500 r3750", (20000, 20000), S.limp_4bet_btn),
    ("r250 r900 r2700 r5400 a", (20000, 20000), S.open_allin_bb),
    ("c r500 r1500 r3750 a", (20000, 20000), S.limp_allin_bb),
    ("r250 r900 r2700 r5400 r10000", (20000, 20000), S.deep_default),
    # all-ins before the end of the tree, and short stacks
    ("a", (20000, 20000), S.open_allin_bb),
    ("r250 r900 a", (20000, 20000), S.open_allin_bb),
    ("r250 a", (20000, 20000), S.open_5bet_btn),
    ("c a", (20000, 20000), S.limp_4bet_btn),
    ("c r500 a", (20000, 20000), S.limp_allin_bb),
    ("a", (1000, 20000), S.open_allin_bb),
    ("r250", (20000, 200), S.open_allin_bb),  # calling takes the big blind's whole stack
    ("r250 r900", (800, 20000), S.open_5bet_btn),  # the button cannot raise any more
    ("c r500 r1500 r3750 r8000", (20000, 20000), S.deep_default),
    ("r250 r900 r2700 r5400 r10000 r15000", (20000, 20000), S.deep_default),
    ("r300", (20000, 20000), S.bb_vs_open),
    ("r200 r600 r1000", (20000, 20000), S.open_4bet_bb),  # min-raises count like any raise
]


@pytest.mark.parametrize("button", [0, 1])
@pytest.mark.parametrize(("line", "stacks", "scenario"), DETECTION)
def test_detect_scenario(line: str, stacks: tuple[int, int], scenario: PreflopScenario, button: int) -> None:
    state = play(line, button=button, stacks=stacks if button == 0 else (stacks[1], stacks[0]))
    view = actor_view(state)
    assert detect_scenario(view) is scenario
    if scenario is not S.deep_default:
        assert view.is_button == (scenario.name.startswith("btn") or scenario.name.endswith("btn"))


def test_every_scenario_is_detected() -> None:
    assert {scenario for _, _, scenario in DETECTION} == set(PreflopScenario)


def test_scenario_names_and_tables() -> None:
    assert [s.name for s in PreflopScenario] == [s.value for s in PreflopScenario]
    assert [s for s in PreflopScenario if not s.has_table] == [S.deep_default]


def test_detection_rejects_views_that_are_not_preflop_decisions() -> None:
    state = play("r250")
    with pytest.raises(PreflopError, match="not the seat to act"):
        detect_scenario(state.view(0))
    state = play("c k")
    with pytest.raises(PreflopError, match="flop"):
        detect_scenario(actor_view(state))


# --------------------------------------------------------------------------- sizes
SIZES = [
    ("", S.btn_first, 250),
    ("c", S.bb_vs_limp, 500),
    ("r250", S.bb_vs_open, 900),
    ("r250 r900", S.btn_open_vs_3bet, 2700),
    ("c r500", S.btn_limp_vs_raise, 1500),
    ("c r500 r1500", S.limp_3bet_bb, 3750),
    ("r250 r900 r2700", S.open_4bet_bb, 5400),
    ("r250 r900 r2700 r5400", S.open_5bet_btn, 20000),
    ("c r500 r1500 r3750", S.limp_4bet_btn, 20000),
]


@pytest.mark.parametrize(("line", "scenario", "chips"), SIZES)
def test_raise_sizes(line: str, scenario: PreflopScenario, chips: int) -> None:
    view = actor_view(play(line))
    assert detect_scenario(view) is scenario
    assert raise_to_size(view, scenario) == chips


@pytest.mark.parametrize(
    ("open_to", "three_bet"), [(200, 900), (250, 900), (275, 900), (300, 900), (301, 1204), (400, 1600)]
)
def test_three_bet_size_follows_large_opens(open_to: int, three_bet: int) -> None:
    view = actor_view(play(f"r{open_to}"))
    assert raise_to_size(view, S.bb_vs_open) == three_bet


def test_sizes_are_clamped_into_the_legal_range() -> None:
    big_three_bet = actor_view(play("r250 r2500"))  # a 25 BB 3-bet: the minimum 4-bet is 47.5 BB
    assert raise_to_size(big_three_bet, S.btn_open_vs_3bet) == big_three_bet.legal.min_raise_to == 4750  # type: ignore[union-attr]
    short = actor_view(play("r250", stacks=(20000, 700)))
    assert raise_to_size(short, S.bb_vs_open) == 700


def test_sizes_round_half_up_with_other_blinds() -> None:
    state = HandState.new(GameConfig(small_blind=1, big_blind=2, stacks=(400, 400)), button=0, deck=tuple(range(9)))
    state.call()
    state.raise_to(10)
    state.raise_to(30)
    assert raise_to_size(state.view(1), S.limp_3bet_bb) == 75


@pytest.mark.parametrize("line", ["r250 r900 r2700 r5400 a", "c r500 r1500 r3750 a", "r250 r900 r2700 r5400 r10000"])
def test_spots_without_a_raise_have_no_size(line: str) -> None:
    view = actor_view(play(line))
    with pytest.raises(PreflopError, match="no raise"):
        raise_to_size(view, detect_scenario(view))


def test_size_requires_a_legal_raise() -> None:
    view = actor_view(play("r250 a"))
    with pytest.raises(PreflopError, match="cannot raise"):
        raise_to_size(view, S.open_5bet_btn)


# --------------------------------------------------------------------------- tables
REFERENCE_TOTALS = {
    S.btn_first: (0.747, 0.0, 0.253),
    S.bb_vs_limp: (0.311, 0.0, 0.689),
    S.bb_vs_open: (0.131, 0.561, 0.308),
    S.btn_limp_vs_raise: (0.140, 0.416, 0.443),
}


def combo_total(hands: set[str]) -> float:
    return sum(combos_in_class(class_index_169(h)) for h in hands) / 1326


@pytest.mark.parametrize("scenario", list(REFERENCE_TOTALS))
def test_totals_match_the_reference(scenario: PreflopScenario) -> None:
    got = preflop_range(scenario).totals()
    for ours, reference in zip(got, REFERENCE_TOTALS[scenario], strict=True):
        assert abs(ours - reference) <= 0.02


@pytest.mark.parametrize(
    ("scenario", "hands"),
    [
        (S.open_allin_bb, {"AA", "KK", "QQ", "JJ", "AKs", "AKo"}),
        (S.limp_allin_bb, {"AA", "KK", "QQ", "JJ", "TT", "99", "88", "AKs", "AKo"}),
    ],
)
def test_all_in_calls_match_the_reference(scenario: PreflopScenario, hands: set[str]) -> None:
    table = preflop_range(scenario)
    assert {h for h in CLASSES if table.frequencies(h) == (0.0, 1.0, 0.0)} == hands
    assert all(table.frequencies(h) == (0.0, 0.0, 1.0) for h in CLASSES if h not in hands)
    assert table.totals()[1] == pytest.approx(combo_total(hands))


def test_tables_are_well_formed() -> None:
    for scenario in PreflopScenario:
        if not scenario.has_table:
            with pytest.raises(NoPreflopTableError):
                preflop_range(scenario)
            continue
        table = preflop_range(scenario)
        assert set(table.raise_freq) == set(CLASSES) == set(table.call_freq)
        for hand in CLASSES:
            r, c, f = table.frequencies(hand)
            assert 0.0 <= r <= 1.0 and 0.0 <= c <= 1.0 and r + c <= 1.0 + 1e-12
            assert math.isclose(r + c + f, 1.0)


RAISING = [s for s in PreflopScenario if s.raise_to_bb is not None]


@pytest.mark.parametrize("scenario", RAISING)
def test_aces_always_raise(scenario: PreflopScenario) -> None:
    assert preflop_range(scenario).frequencies("AA") == (1.0, 0.0, 0.0)


@pytest.mark.parametrize("scenario", [s for s in PreflopScenario if s.has_table and s is not S.btn_first])
def test_seven_deuce_never_continues_against_a_raise(scenario: PreflopScenario) -> None:
    raised, _, folded = preflop_range(scenario).frequencies("72o")
    if scenario is S.bb_vs_limp:
        assert raised == 0.0
    else:
        assert folded == 1.0


def test_button_never_limps() -> None:
    assert preflop_range(S.btn_first).totals()[1] == 0.0
    assert preflop_range(S.bb_vs_limp).totals()[1] == 0.0


@pytest.mark.parametrize(
    "line",
    [
        [S.bb_vs_open, S.btn_open_vs_3bet, S.open_4bet_bb, S.open_5bet_btn],
        [S.btn_limp_vs_raise, S.limp_3bet_bb, S.limp_4bet_btn],
    ],
)
def test_ranges_tighten_as_raises_grow(line: list[PreflopScenario]) -> None:
    continuing = [sum(preflop_range(s).totals()[:2]) for s in line]
    assert continuing == sorted(continuing, reverse=True)


def test_stronger_pairs_never_continue_less() -> None:
    pairs = [r + r for r in "AKQJT98765432"]
    for scenario in RAISING:
        table = preflop_range(scenario)
        continuing = [sum(table.frequencies(p)[:2]) for p in pairs]
        assert continuing == sorted(continuing, reverse=True), scenario


# --------------------------------------------------------------------------- decisions
def random_spots(count: int, seed: int) -> list[HandState]:
    """Random preflop spots reached by table play, some with short stacks."""
    rng = np.random.default_rng(seed)
    spots: list[HandState] = []
    while len(spots) < count:
        stacks = (
            (int(rng.integers(150, 20001)), int(rng.integers(150, 20001))) if rng.random() < 0.3 else (20000, 20000)
        )
        state = HandState.new(GameConfig(stacks=stacks), button=int(rng.integers(2)), rng=rng)
        while not state.terminal and state.street == 0:
            view = actor_view(state)
            if not detect_scenario(view).has_table:
                break
            spots.append(state.copy())
            state.apply(preflop_decision(view, rng))
    return spots


def test_probabilities_are_legal_distributions() -> None:
    for state in random_spots(400, seed=11):
        options = preflop_probabilities(actor_view(state))
        actions = [a for a, _ in options]
        assert len(set(actions)) == len(actions)
        assert all(p > 0.0 for _, p in options)
        assert math.isclose(sum(p for _, p in options), 1.0)
        assert all(state.can_apply(a) for a in actions)
        assert [a.kind for a in actions] == sorted(a.kind for a in actions)
        if state.to_call == 0:
            assert Action.fold() not in actions


def test_checking_is_never_replaced_by_a_fold() -> None:
    view = actor_view(play("c", big_hole="7c2d"))
    assert preflop_probabilities(view) == [(Action.check(), 1.0)]


def test_raise_share_becomes_a_call_when_raising_is_impossible() -> None:
    view = actor_view(play("r250 a", button_hole="AsAh"))
    assert preflop_probabilities(view) == [(Action.call(), 1.0)]


def test_deep_default_has_no_table() -> None:
    view = actor_view(play("r250 r900 r2700 r5400 r10000"))
    with pytest.raises(NoPreflopTableError):
        preflop_probabilities(view)
    with pytest.raises(NoPreflopTableError):
        preflop_decision(view, np.random.default_rng(0))


def test_sampling_is_reproducible() -> None:
    spots = random_spots(50, seed=3)
    first = [preflop_decision(actor_view(s), np.random.default_rng(9)) for s in spots]
    again = [preflop_decision(actor_view(s), np.random.default_rng(9)) for s in spots]
    assert first == again


def mixed_spot() -> PlayerView:
    """A big-blind spot whose table row mixes raise and call or fold."""
    for line in ["r250", "c r500 r1500", "r250 r900 r2700"]:
        table = preflop_range(detect_scenario(actor_view(play(line))))
        for hand in CLASSES:
            raised, called, folded = table.frequencies(hand)
            if raised > 0.05 and called + folded > 0.05:
                hole = format_cards(next(c for c in COMBO_CARDS if class_index_169(c) == class_index_169(hand)))
                button_hole = format_cards(c for c in range(52) if c not in parse_cards(hole + BOARD))[:4]
                return actor_view(play(line, button_hole=button_hole, big_hole=hole))
    raise AssertionError("no table row mixes raising with another action")


def test_sampling_matches_the_probabilities() -> None:
    view = mixed_spot()
    options = preflop_probabilities(view)
    assert len(options) >= 2
    rng = np.random.default_rng(2024)
    n = 20000
    draws = [preflop_decision(view, rng) for _ in range(n)]
    for action, p in options:
        observed = sum(d == action for d in draws) / n
        assert abs(observed - p) < 5 * math.sqrt(p * (1 - p) / n)


def test_decision_uses_the_table_size() -> None:
    view = actor_view(play("r250", big_hole="AdAc"))
    assert preflop_decision(view, np.random.default_rng(0)) == Action.raise_to(900)
    assert Action.raise_to(900).kind is ActionKind.RAISE
