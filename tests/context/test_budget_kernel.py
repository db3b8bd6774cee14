"""The compiled budgets (``pokergym.context._budget_kernel``) equal the Python ones of ``budget.py`` bit for bit.

Tens of thousands of seeded random hands (uniform deals, few ranks, two
suits, narrow rank bands, and special boards: quads, full houses, trips,
double pairs, five of a suit, five in a row) are classified with
``classify_hand`` and ``made_hand``, packed with ``budget_args`` and
budgeted both ways, with random decision facts (position, an SPR often at
the out-of-position threshold, a raise faced, weighted bets on the 0.05 grid
and off it). Floats are compared by their hex form, so even the sign of a
zero must match. The Python reference is traced while it runs on the same
cases: every line of the budget functions, every kind of modifier, every
made class and every override label must have been reached. ``round2`` is
checked against CPython's ``round(x, 2)`` on grids, ties and random floats;
``value_tier``, ``low_spr_threshold`` and the slow-play verdict exhaustively.
"""

from __future__ import annotations

import math
import re
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache
from types import CodeType, FrameType
from typing import Any

import budget_reference as budget
import numpy as np
from test_context_memos import Hand, few_rank_hands, random_hands
from test_hand_kernel import narrow_rank_hands, two_suit_hands

from pokergym.context import _budget_kernel as kb
from pokergym.context import budget as decoded
from pokergym.context.board import analyze_board
from pokergym.context.hand import classify_hand, made_hand
from pokergym.context.record import UNLIMITED, BoardInfo, HandInfo, MadeClass, PotType, SlowPlay
from pokergym.context.slow_play import slow_play
from pokergym.engine.actions import Street


def _hex(values: tuple[float, ...]) -> tuple[str, ...]:
    return tuple(float.hex(float(v)) for v in values)


# ---------------------------------------------------------------- round2
def _check_round2(xs: Any) -> None:
    for x in map(float, xs):
        got, want = kb.round2(x), round(x, 2)
        assert float.hex(got) == float.hex(want), (x, got, want)


def test_round2_on_the_thousandths_grid() -> None:
    _check_round2(k / 1000 for k in range(-100_000, 100_001))
    _check_round2(k * 0.001 for k in range(-20_000, 20_001))


def test_round2_at_and_beside_the_ties() -> None:
    ks = range(-20_000, 20_001)
    ties = [k / 200 for k in ks] + [k * 0.005 for k in ks] + [k / 200 + 1000.0 for k in ks]
    ties += [k / 200 + 2.0**40 for k in range(0, 2000)]
    _check_round2(ties)
    _check_round2(math.nextafter(x, math.inf) for x in ties)
    _check_round2(math.nextafter(x, -math.inf) for x in ties)
    _check_round2(x + d for x in ties[::7] for d in (1e-13, -1e-13, 1e-9, -1e-9))


def test_round2_on_random_floats_of_every_magnitude() -> None:
    rng = np.random.default_rng(7)
    for exponent in range(-8, 17):
        xs = rng.uniform(-1.0, 1.0, 4000) * 10.0**exponent
        _check_round2(xs)
    _check_round2(rng.uniform(-40.0, 40.0, 40_000))
    # The bands where the method changes: |x| near 0.004 and near 2**46.
    _check_round2(rng.uniform(0.0039, 0.0051, 4000) * rng.choice([-1.0, 1.0], 4000))
    _check_round2(2.0**46 + rng.uniform(-64.0, 64.0, 4000))
    edges = [0.0, -0.0, 0.004, 0.005, -0.005, 2.0**46, -(2.0**46), 2.0**52, 2.0**53 + 2.0, 1e300, -1e300]
    edges += [5e-324, -5e-324, sys.float_info.max, -sys.float_info.max, sys.float_info.min]
    _check_round2(edges + [math.nextafter(e, math.inf) for e in edges] + [math.nextafter(e, -math.inf) for e in edges])


# ---------------------------------------------------------------- hands
def special_hands(n: int, seed: int) -> list[Hand]:
    """Hands on the boards that decide the hand, with hole cards often near the board or of its suit.

    Kinds, in turn: quads (turn or river), a full house, trips (any street),
    two pairs (turn or river), five of a suit, five ranks in a row, and (not
    special, but rare) four of a suit on the turn or river against a pocket
    pair half the time.
    """
    rng = np.random.default_rng(seed)
    pot_types = list(PotType)
    hands: list[Hand] = []
    while len(hands) < n:
        kind = len(hands) % 7
        ranks = [int(r) for r in rng.permutation(13)]
        flush_suit = int(rng.integers(4))
        if kind == 4:
            board = [r * 4 + flush_suit for r in ranks[:5]]
        elif kind == 6:
            board = [r * 4 + flush_suit for r in ranks[:4]]
            board += [r * 4 + (flush_suit + 1) % 4 for r in ranks[4 : int(rng.integers(4, 6))]]
        else:
            if kind == 0:
                board_ranks = [ranks[0]] * 4 + ranks[1 : int(rng.integers(1, 3))]
            elif kind == 1:
                board_ranks = [ranks[0]] * 3 + [ranks[1]] * 2
            elif kind == 2:
                board_ranks = [ranks[0]] * 3 + ranks[1 : int(rng.integers(1, 4))]
            elif kind == 3:
                board_ranks = [ranks[0]] * 2 + [ranks[1]] * 2 + ranks[2 : int(rng.integers(2, 4))]
            else:
                low = int(rng.integers(-1, 9))
                board_ranks = [12 if r < 0 else r for r in range(low, low + 5)]
            board = []
            suited = rng.random() < 0.5  # single cards of one suit where possible: flushes beside the pairs
            for r in board_ranks:
                free = [s for s in range(4) if r * 4 + s not in board]
                s = flush_suit if suited and flush_suit in free else free[int(rng.integers(len(free)))]
                board.append(r * 4 + s)
        rest = [c for c in range(52) if c not in board]
        near = {r + d for r in (c >> 2 for c in board) for d in (-1, 0, 1)} | {12, 11}
        style = rng.random()
        if kind == 6 and style < 0.5:
            rank = int(rng.choice([r for r in range(13) if sum(c >> 2 == r for c in rest) >= 2]))
            pool = [c for c in rest if c >> 2 == rank]
        elif style < 0.4:
            pool = [c for c in rest if c >> 2 in near]
        elif style < 0.7:
            pool = [c for c in rest if c & 3 == flush_suit] or rest
        else:
            pool = rest
        if len(pool) < 2:
            pool = rest
        pick = rng.choice(len(pool), size=2, replace=False)
        h0, h1 = sorted(pool[int(i)] for i in pick)
        order = [int(i) for i in rng.permutation(len(board))]
        pot_type = pot_types[int(rng.integers(len(pot_types)))]
        hands.append(((h0, h1), tuple(board[i] for i in order), pot_type))
    return hands


@dataclass(frozen=True)
class Case:
    """One hand to budget both ways, with the facts of a decision."""

    hand: HandInfo
    board: BoardInfo
    pot_type: PotType
    oop: bool
    spr: float
    facing_raise: bool
    weighted_total: float
    facing_weight: float

    @property
    def decision(self) -> dict[str, Any]:
        """The decision facts, as the keywords of ``make_budget``."""
        return {key: getattr(self, key) for key in ("oop", "spr", "facing_raise", "weighted_total", "facing_weight")}


def _decision(rng: np.random.Generator) -> tuple[bool, float, bool, float, float]:
    threshold = budget.table("budgets")["penalties"]["oop_min_spr"]
    spr_kind = int(rng.integers(4))
    if spr_kind == 0:
        spr = [threshold, math.nextafter(threshold, 0.0), math.nextafter(threshold, 9.0), 0.0][int(rng.integers(4))]
    elif spr_kind == 1:
        spr = float(rng.uniform(0.0, 1.0))
    else:
        spr = float(rng.uniform(0.0, 25.0))
    k = int(rng.integers(0, 120))
    weighted = [k * 0.05, round(k * 0.05, 2), float(rng.uniform(0.0, 8.0)), k / 20][int(rng.integers(4))]
    facing = [0.0, round(min(weighted, 0.05 * int(rng.integers(0, 41))), 2), float(rng.uniform(0.0, weighted))]
    return (
        bool(rng.random() < 0.5),
        spr,
        bool(rng.random() < 0.5),
        weighted,
        facing[int(rng.integers(3))],
    )


GENERATORS: list[Callable[[int, int], list[Hand]]] = [
    random_hands,
    few_rank_hands,
    two_suit_hands,
    narrow_rank_hands,
    special_hands,
]


@cache
def cases() -> tuple[Case, ...]:
    """Every hand of every generator, classified with its draw and (as the look-ahead does) without."""
    rng = np.random.default_rng(2024)
    out = []
    for make in GENERATORS:
        for hole, board, pot_type in make(4000, 31):
            info = analyze_board(board)
            for hand in (classify_hand(hole, board, pot_type), made_hand(hole, board, info, pot_type)):
                out.append(Case(hand, info, pot_type, *_decision(rng)))
    return tuple(out)


def test_the_packer_gives_21_facts_and_the_override() -> None:
    case = next(c for c in cases() if c.hand.override is not None)
    facts, tables = kb.budget_args(case.hand, case.board, case.pot_type)
    assert len(facts) == 21 and tables is kb.budget_tables()
    assert facts.has_override is True
    assert (facts.override_attack, facts.override_defense) == case.hand.override[1:]


def test_the_kernels_match_the_python_budgets() -> None:
    for case in cases():
        hand, board, pot_type = case.hand, case.board, case.pot_type
        args = kb.budget_args(hand, board, pot_type)
        what = (hand, board, pot_type)
        made_mods: list[str] = []
        made = budget._made_budget(hand, board, pot_type, made_mods)
        mods = kb.new_modifiers()
        assert _hex(kb.made_budget(*args, mods)) == _hex(made), what
        assert decoded._modifiers(mods, hand) == tuple(made_mods), what
        assert _hex(kb.hand_budget(*args, kb.new_modifiers())) == _hex(budget._hand_budget(hand, board, pot_type)[:4])
        assert decoded.hand_budget(hand, board, pot_type) == budget._hand_budget(hand, board, pot_type), what
        decision = tuple(case.decision.values())
        expected = budget.make_budget(hand, board, pot_type, **case.decision)
        assert _hex(kb.make_budget(*args, *decision, kb.new_modifiers())) == _hex(expected[:6]), (what, decision)
        got = decoded.make_budget(hand, board, pot_type, **case.decision)
        assert _hex(got[:6]) == _hex(expected[:6]) and got.modifiers == expected.modifiers, (what, decision)


# ---------------------------------------------------------------- coverage of the reference
_TRACED = (
    budget._made_budget,
    budget._hand_budget,
    budget._flush,
    budget._straight,
    budget._set,
    budget._trips,
    budget._two_pair,
    budget._pair_table,
    budget._pair,
    budget._high_card,
    budget.make_budget,
    budget._texture_key,
)


def _lines(code: CodeType) -> set[int]:
    return {line for _, _, line in code.co_lines() if line is not None and line != code.co_firstlineno}


@contextmanager
def _line_trace(codes: set[CodeType], hit: set[tuple[str, int]]) -> Iterator[None]:
    def local(frame: FrameType, event: str, arg: object) -> Any:
        if event == "line":
            hit.add((frame.f_code.co_name, frame.f_lineno))
        return local

    def calls(frame: FrameType, event: str, arg: object) -> Any:
        return local if frame.f_code in codes else None

    old = sys.gettrace()
    sys.settrace(calls)
    try:
        yield
    finally:
        sys.settrace(old)


_NUMBER = re.compile(r"[-+]?\d+(\.\d+)?")

# Every kind of modifier the budgets write, numbers replaced by "#".
MODIFIERS = {
    "board override",
    "three nut flush",
    "three big flush",
    "three small flush",
    "three paired nut flush",
    "three paired big flush",
    "three paired small flush",
    "four-flush paired nut flush",
    "four-flush flush level #",
    "paired board #",
    "nut straight, no flush",
    "two-card straight, flush none",
    "two-card straight, flush three",
    "two-card straight, flush four",
    "one-card nut straight, flush three",
    "one-card nut straight, flush four",
    "one-card low straight, flush none",
    "one-card low straight, flush three",
    "one-card low straight, flush four",
    "set on a four-flush",
    "set, one-card straight gs",
    "set, one-card straight oe",
    "flush possible #",
    "set, flush possible, # straight holdings",
    "set on a clean board",
    "set, # straight holdings",
    "trips on a four-flush",
    "trips, one-card straight gs",
    "trips, one-card straight oe",
    "trips, flush possible",
    "trips, no flush",
    "two pair on a four-flush",
    "two pair, one-card straight gs",
    "two pair, one-card straight oe",
    "two pair rank #, flush possible",
    "two pair rank #",
    "# straight holdings #",
    "paired board high-card tier",
    "one-card flush: attack #, defense at most #",
    "one-card flush #",
    "one-card straight gs #",
    "one-card straight oe #",
    "straight possible #",
    "paired board defense x#",
    "one-card flush or straight: defense #",
    "draw floor #",
    "combo defense #",
    "draw defense #",
    "out of position #",
    "facing a river raise #",
}


def _facts(case: Case) -> set[tuple[Any, ...]]:
    """Input facts that pick a table row or a side of a one-line condition the line trace cannot see."""
    hand, board, key = case.hand, case.board, budget.pot_key(case.pot_type)
    made, position = hand.made, hand.kicker_position
    facts: set[tuple[Any, ...]] = {(made, key), ("override", hand.override is not None)}
    if hand.override is not None:
        facts.add(("label", _NUMBER.sub("#", hand.override.label)))
        return facts
    if made == MadeClass.OVERPAIR:
        facts.add((made, key, str(hand.pair_rank) in budget.table("budgets")["overpair"][key]))
    if made in (MadeClass.TOP_PAIR, MadeClass.SECOND_PAIR, MadeClass.THIRD_PAIR):
        rows = budget.table("budgets")[made][key]
        n = len(rows if made == MadeClass.TOP_PAIR else rows["kickers"])
        side = "pocket" if hand.pocket_pair or position is None else "clamped" if position > n else "kicker"
        facts.add((made, key, side))
    if made == MadeClass.FOURTH_FIFTH_PAIR:
        facts.add((made, key, hand.pocket_pair, hand.pair_level))
    if made in (MadeClass.NUTS_HIGH, MadeClass.SECOND_HIGH):
        facts.add((made, "kicker", "none" if position is None else "clamped" if position > 9 else "span"))
    if made in (MadeClass.STRAIGHT, MadeClass.SET, MadeClass.TRIPS, MadeClass.TWO_PAIR):
        facts.add((made, board.paired, board.suit_max >= 4, board.one_card_straight is not None))
    if made == MadeClass.TRIPS:
        facts.add((made, "ocs three", board.one_card_straight is not None and board.suit_max == 3))
    if board.paired and made in budget._COMBO_CLASSES and hand.draw != budget._D_NO_DRAW:
        facts.add(("paired combo", hand.pair_rank is None))
    if hand.pair_rank is not None and board.paired:
        facts.add(("paired penalty", made))
    return facts


def _expected_facts() -> set[tuple[Any, ...]]:
    keys = ("srp", "3bp", "4bp")
    facts: set[tuple[Any, ...]] = {("override", True), ("override", False)}
    facts |= {(m, k) for m in MadeClass for k in keys}
    facts |= {(MadeClass.OVERPAIR, k, inside) for k in keys for inside in (True, False)}
    kicked = (MadeClass.TOP_PAIR, MadeClass.SECOND_PAIR, MadeClass.THIRD_PAIR)
    facts |= {(m, k, side) for m in kicked for k in keys for side in ("pocket", "kicker", "clamped")}
    facts |= {(MadeClass.FOURTH_FIFTH_PAIR, "srp", False, level) for level in (3, 4)}
    facts |= {(MadeClass.FOURTH_FIFTH_PAIR, k, pocket, 3) for k in ("3bp", "4bp") for pocket in (True, False)}
    facts |= {(m, "kicker", side) for m in budget._HIGH_CLASSES for side in ("clamped", "span")}
    facts |= {
        (m, paired, four, ocs)
        for m in (MadeClass.SET, MadeClass.TRIPS, MadeClass.TWO_PAIR)
        for paired in (True, False)
        for four in (True, False)
        for ocs in (True, False)
        if paired == (m == MadeClass.TRIPS)  # trips pair the board; a set or two pair there is special
    }
    facts |= {
        (MadeClass.STRAIGHT, paired, four, ocs)
        for paired in (True, False)
        for four in (True, False)
        for ocs in (True, False)
    }
    facts |= {(MadeClass.TRIPS, "ocs three", x) for x in (True, False)}
    facts |= {("paired combo", x) for x in (True, False)}
    # a weak-showdown pair on a paired board would need seven board cards
    facts |= {("paired penalty", m) for m in budget._PAIR_CLASSES - {MadeClass.WEAK_SHOWDOWN}}
    return facts


def test_the_cases_reach_every_branch_of_the_python_budgets() -> None:
    codes = {f.__code__ for f in _TRACED}
    hit: set[tuple[str, int]] = set()
    modifiers: set[str] = set()
    facts: set[tuple[Any, ...]] = set()
    made: set[MadeClass] = set()
    unlimited = 0
    with _line_trace(codes, hit):
        for case in cases():
            result = budget.make_budget(case.hand, case.board, case.pot_type, **case.decision)
            budget._hand_budget(case.hand, case.board, case.pot_type)  # hand_budget may answer from its memo
            modifiers.update(_NUMBER.sub("#", m.split(" board override ")[0]) for m in result.modifiers)
            facts |= _facts(case)
            made.add(case.hand.made)
            unlimited += result.attack >= UNLIMITED or result.defense >= UNLIMITED
    modifiers = {"board override" if m.startswith("board override") else m for m in modifiers}
    missed = {(code.co_name, line) for code in codes for line in _lines(code)} - hit
    assert not missed, sorted(missed)
    assert modifiers == MODIFIERS, (MODIFIERS - modifiers, modifiers - MODIFIERS)
    assert made == set(MadeClass)
    assert unlimited > 100
    assert _expected_facts() <= facts, sorted(map(str, _expected_facts() - facts))


def test_the_cases_reach_every_override_label() -> None:
    labels = {_NUMBER.sub("#", c.hand.override.label) for c in cases() if c.hand.override is not None}
    expected = {
        f"{board}_{tail}"
        for board, tails in {
            "quads_board": ("kicker_#", "no_kicker", "nut_chop", "plays_board"),
            "full_house_board": ("quads", "best", "higher", "plays_board"),
            "trips_board": (
                "quads",
                "best_full_house",
                "full_house_over",
                "full_house_under",
                "flush",
                "straight",
                "kicker_#",
                "no_kicker",
            ),
            "double_paired": (
                "quads",
                "best_full_house",
                "lower_full_house",
                "flush",
                "straight",
                "improved_two_pair",
                "kicker_#",
                "no_kicker",
            ),
            "flush_board": ("level_#", "plays_board"),
            "straight_board": ("nut_higher", "higher", "higher_flush_possible", "nut_chop", "plays_board"),
        }.items()
        for tail in tails
    }
    assert labels == expected, (expected - labels, labels - expected)


# ---------------------------------------------------------------- value tier, low SPR, slow-play verdict
def test_value_tier_matches_on_every_grid_point() -> None:
    rng = np.random.default_rng(3)
    totals = [k * 0.05 for k in range(400)] + [k / 1000 for k in range(-2000, 20_000)]
    totals += [math.nextafter(k / 2, d) for k in range(-6, 40) for d in (-math.inf, math.inf)]
    totals += list(rng.uniform(-3.0, 25.0, 5000))
    for pot_index, pot_type in enumerate(PotType):
        for total in map(float, totals):
            assert kb.value_tier(total, pot_index) == budget.value_tier(total, pot_type), (total, pot_type)
            assert decoded.value_tier(total, pot_type) == budget.value_tier(total, pot_type), (total, pot_type)


def test_low_spr_threshold_matches_on_every_grid_point() -> None:
    rng = np.random.default_rng(4)
    sprs = [k / 100 for k in range(0, 1500)] + [k * 0.01 for k in range(0, 1500)] + list(rng.uniform(0.0, 30.0, 3000))
    sprs += [math.nextafter(b, d) for b in (1.0, 5.0, 9.0) for d in (-math.inf, math.inf)] + [math.inf]
    for street in (Street.FLOP, Street.TURN, Street.RIVER):
        for spr in map(float, sprs):
            expected = budget.low_spr_threshold(street, spr)
            got = kb.low_spr_threshold(int(street), spr)
            assert (math.isnan(got) and expected is None) or float.hex(got) == float.hex(expected), (street, spr)
            assert decoded.low_spr_threshold(street, spr) == expected, (street, spr)


def test_the_share_verdict_follows_the_thresholds() -> None:
    """Every ``unwanted / unseen`` share: under 10% trap, under 15% lean slow play, under 25.5% lean fast play."""
    verdicts = list(SlowPlay)
    seen = set()
    for unseen in range(1, 53):
        for unwanted in range(unseen + 1):
            share = unwanted / unseen
            expected = (
                SlowPlay.TRAP
                if share < 0.10
                else SlowPlay.LEAN_SLOW_PLAY
                if share < 0.15
                else SlowPlay.LEAN_FAST_PLAY
                if share < 0.255
                else SlowPlay.NO_SLOW_PLAY
            )
            assert verdicts[kb.slow_play_share_verdict(unwanted, unseen)] == expected, (unwanted, unseen)
            seen.add(expected)
    assert seen == set(SlowPlay)


def test_the_constants_are_the_python_ones() -> None:
    assert kb.SLOW_PLAY_MIN_ATTACK == budget.SLOW_PLAY_MIN_ATTACK
    assert kb.ATTACK_CAP == budget._ATTACK_CAP
    assert list(SlowPlay)[kb.NO_SLOW_PLAY] == SlowPlay.NO_SLOW_PLAY
    # Pressure past the cap less a bet a street: no slow play without a look-ahead.
    assert slow_play((0, 1), (2, 3, 4), PotType.SRP, 99.0, kb.ATTACK_CAP - 1.5) == SlowPlay.NO_SLOW_PLAY
