"""The viable-options kernel agrees with :func:`pokergym.context.viable.viable_options` option for option.

Two sources of decisions: synthetic ones (real random hands classified by
the Python engine, with random positions, budgets, lines and legal actions,
many of them sitting on the rules' thresholds) and real random hands played
through :class:`~pokergym.engine.HandState`, where the kernel reads the
intermediate records of :func:`~pokergym.context.analyze` and must give back
``analyze(view).viable``. Every label, kind, note, option count and output
row is compared with ``==`` (``NaN`` for a missing fraction). The synthetic
run traces the reference at the bytecode level and asserts that every
``if`` of ``viable.py`` went both ways and both sides of every conditional
expression ran, so the comparison cannot pass on easy inputs alone.
"""

from __future__ import annotations

import ast
import inspect
import math
import random
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import CodeType, FrameType
from typing import Any

import numpy as np
import pytest
import viable_reference as viable
from viable_reference import viable_options

from pokergym.context import analyze
from pokergym.context._viable_kernel import (
    LABELS,
    MAX_OPTIONS,
    NOTES,
    viable_kernel,
    viable_tables,
)
from pokergym.context.board import analyze_board
from pokergym.context.budget import low_spr_threshold, make_budget
from pokergym.context.hand import classify_hand
from pokergym.context.line import Line, read_line
from pokergym.context.record import (
    UNLIMITED,
    BoardInfo,
    Budget,
    DrawClass,
    HandInfo,
    MadeClass,
    OptionKind,
    PotType,
    Role,
    ViableOption,
)
from pokergym.context.tables import table
from pokergym.context.vector import VIABLE_LABELS
from pokergym.context.viable import viable_options as decoded_viable_options
from pokergym.engine import Action, HandState
from pokergym.engine.actions import LegalActions
from pokergym.engine.config import GameConfig
from pokergym.errors import ContextError

TABLES = viable_tables()
KINDS = tuple(OptionKind)
MADE = {m: i for i, m in enumerate(MadeClass)}
DRAW = {d: i for i, d in enumerate(DrawClass)}
POT = {p: i for i, p in enumerate(PotType)}
ROLE = {r: i for i, r in enumerate(Role)}
WEIGHTS = [float(w) for w in table("pressure")["weights"]]
# remaining budgets the rules compare with, and their neighbours
CRITICAL = [0.0, 0.18, 0.5, 0.58, 0.63, 0.75, 0.88, 1.0, 1.39, 1.89, 2.0, 2.39, 2.89, 3.0, 4.0]
CRITICAL = sorted({round(c + d, 2) for c in CRITICAL for d in (-0.01, 0.0, 0.01)})


def kernel_args(
    legal: LegalActions | None,
    board_cards: tuple[int, ...],
    board: BoardInfo,
    hand: HandInfo,
    budget: Budget,
    line: Line,
    hero: int,
    ip: bool,
    spr: float,
    stack_after_call: int,
    pot_after_call: int,
) -> tuple[Any, ...]:
    """The kernel's arguments (``tables`` and ``out`` left out) for a call of ``viable_options``."""
    cards = np.zeros(5, dtype=np.int64)
    cards[: len(board_cards)] = board_cards
    threshold = low_spr_threshold(board.street, spr)
    return (
        legal is not None,
        legal is not None and legal.can_check,
        legal is not None and legal.can_call,
        0 if legal is None else legal.call_amount,
        legal is not None and legal.can_raise,
        cards,
        len(board_cards),
        int(board.street),
        board.top_rank,
        board.paired,
        board.double_paired,
        "monotone" in board.labels,
        "wet" in board.labels,
        MADE[hand.made],
        DRAW[hand.draw],
        float(budget.attack),
        float(budget.attack_remaining),
        float(budget.defense_remaining),
        POT[line.pot_type],
        ROLE[line.role],
        -1 if line.initiative is None else line.initiative,
        math.nan if line.facing_pct is None else float(line.facing_pct),
        float(line.facing_weight),
        line.facing_raise,
        line.street_bets,
        hero,
        ip,
        float(spr),
        math.nan if threshold is None else threshold,
        stack_after_call,
        pot_after_call,
    )


def _same(a: float, b: float) -> bool:
    return (math.isnan(a) and math.isnan(b)) or a == b


def same_options(got: tuple[ViableOption, ...], want: tuple[ViableOption, ...]) -> None:
    """The decoded kernel's options equal the reference's, value types included."""
    assert got == want

    def types(o: ViableOption) -> tuple[type, ...]:
        return type(o.label), type(o.kind), type(o.fraction), type(o.note)

    assert [types(o) for o in got] == [types(o) for o in want], (got, want)


def check(args: tuple[Any, ...], options: tuple[ViableOption, ...]) -> None:
    """Run the kernel on ``args`` and compare its rows and summary with the reference ``options``."""
    out = np.full((MAX_OPTIONS, 4), -7.0)
    mask, n, first_kind, first_fraction = viable_kernel(*args, TABLES, out)
    rows = [
        (
            LABELS.index(o.label),
            KINDS.index(o.kind),
            math.nan if o.fraction is None else o.fraction,
            NOTES.index(o.note),
        )
        for o in options
    ]
    got = [tuple(float(x) for x in row) for row in out[:n]]
    assert n == len(rows), (args, options, got)
    assert all(
        _same(g, e) for row_g, row_e in zip(got, rows, strict=True) for g, e in zip(row_g, row_e, strict=True)
    ), (
        args,
        options,
        got,
    )
    assert mask == sum(1 << r[0] for r in rows)
    assert first_kind == (rows[0][1] if rows else -1)
    assert _same(first_fraction, rows[0][2] if rows else math.nan)


# ----------------------------------------------------------------------------- branch tracing of viable.py


Span = tuple[int, int, int, int]
UNREACHABLE = {
    # _facing runs only when the bet's size is known
    "pct = line.facing_pct if line.facing_pct is not None else 0.0",
    # no rule lists a label twice (the kernel does not look for repeats)
    "if option.label not in seen:",
}
"""Conditionals of viable.py with a side that no input reaches."""


def _conditionals() -> list[tuple[int, Span, Span, Span]]:
    """``(line, span, test span, true side span)`` of every ``if`` and conditional expression in viable.py."""
    source = inspect.getsource(viable)
    lines = source.splitlines()
    found = []

    def span(node: Any) -> Span:
        return (node.lineno, node.end_lineno, node.col_offset, node.end_col_offset)

    for fn in ast.walk(ast.parse(source)):
        if not isinstance(fn, ast.FunctionDef):
            continue
        for node in ast.walk(fn):
            if isinstance(node, ast.If | ast.IfExp) and lines[node.lineno - 1].strip() not in UNREACHABLE:
                body = node.body[0] if isinstance(node, ast.If) else node.body
                found.append((node.lineno, span(node), span(node.test), span(body)))
    return found


def _inside(pos: tuple[Any, ...] | None, outer: Span) -> bool:
    if pos is None or pos[0] is None:
        return False
    line, end_line, col, end_col = pos
    s_line, s_end_line, s_col, s_end_col = outer
    return (line, col) >= (s_line, s_col) and (end_line, end_col) <= (s_end_line, s_end_col)


@contextmanager
def trace_viable(arcs: set[tuple[CodeType, int, int]]) -> Iterator[None]:
    """Record ``(code, previous offset, offset)`` of every bytecode step taken in viable.py."""
    filename = viable.__file__

    def on_call(frame: FrameType, event: str, arg: object) -> Callable[..., Any] | None:
        if frame.f_code.co_filename != filename:
            return None
        frame.f_trace_opcodes = True
        frame.f_trace_lines = False
        code = frame.f_code
        last = -1

        def on_step(frame: FrameType, event: str, arg: object) -> Callable[..., Any]:
            nonlocal last
            if event == "opcode":
                arcs.add((code, last, frame.f_lasti))
                last = frame.f_lasti
            return on_step

        return on_step

    previous = sys.gettrace()
    sys.settrace(on_call)
    try:
        yield
    finally:
        sys.settrace(previous)


def untaken_branches(arcs: set[tuple[CodeType, int, int]]) -> list[str]:
    """The sides of viable.py's conditionals that no recorded step took.

    A side is taken when a step leaves the test (its instructions, or one the
    compiler placed on the whole statement, such as a jump) for the first
    instruction of the true side, or for anywhere else (the false side).
    """
    steps = []
    for code, a, b in arcs:
        positions = list(code.co_positions())
        steps.append((positions[a // 2] if a >= 0 else None, positions[b // 2]))
    missing = []
    for line, whole, test, body in _conditionals():

        def in_test(pos: tuple[Any, ...] | None, whole: Span = whole, test: Span = test) -> bool:
            return pos == whole or _inside(pos, test)

        targets = [q for p, q in steps if in_test(p) and not in_test(q)]
        if not any(_inside(q, body) for q in targets):
            missing.append(f"line {line}: true")
        if all(_inside(q, body) for q in targets):
            missing.append(f"line {line}: false")
    return missing


# ----------------------------------------------------------------------------- synthetic decisions


def _deal(rng: random.Random) -> tuple[tuple[int, int], tuple[int, ...]]:
    """Hole cards and a 3- to 5-card board from a pool chosen to reach rare textures."""
    style = rng.randrange(5)
    if style == 0:
        pool = list(range(52))
    elif style == 1:  # few ranks: paired, double-paired and trips boards
        pool = [r * 4 + s for r in rng.sample(range(13), rng.randrange(4, 7)) for s in range(4)]
    elif style == 2:  # two suits: monotone boards, flushes and flush draws
        pool = [r * 4 + s for r in range(13) for s in rng.sample(range(4), 2)]
    elif style == 3:  # low cards: donk boards
        pool = list(range(4 * 7))
    else:  # a narrow band of ranks: straights and straight draws
        low = rng.randrange(8)
        pool = list(range(4 * low, 4 * low + 24))
    cards = rng.sample(pool, 7)
    h0, h1 = sorted(cards[:2])
    return (h0, h1), tuple(cards[2 : 2 + rng.randrange(3, 6)])


def _pct(rng: random.Random, draw: DrawClass) -> float:
    pick = rng.randrange(6)
    if pick == 0:
        return rng.choice([25.0, 33.0, 50.0, 74.0, 75.0, 100.0, 101.0, 150.0])
    if pick == 1 and draw != DrawClass.NO_DRAW:  # at a draw class's limits
        limit = float(rng.choice(TABLES.limits[DRAW[draw]]))
        return rng.choice([limit, limit * 1.3, limit + 0.5, math.nextafter(limit * 1.3, math.inf)])
    if pick == 2:
        base = rng.randrange(100, 6000)
        return rng.randrange(1, 3 * base) / base * 100.0
    return rng.uniform(1.0, 400.0)


def _budget(rng: random.Random, hand: HandInfo, board: BoardInfo, pot_type: PotType, ip: bool, line: Line) -> Budget:
    budget = make_budget(
        hand,
        board,
        pot_type,
        oop=not ip,
        spr=rng.uniform(0, 12),
        facing_raise=line.facing_raise,
        weighted_total=sum(rng.choices(WEIGHTS, k=rng.randrange(4))),
        facing_weight=line.facing_weight,
    )
    pick = rng.randrange(6)
    if pick == 0:
        budget = budget._replace(attack_remaining=rng.choice(CRITICAL))
    elif pick == 1:
        budget = budget._replace(defense_remaining=rng.choice(CRITICAL))
    elif pick == 2 and line.facing_pct is not None:
        # on the call-answer thresholds: pct / 100 + 0.01 (+ 0.12) or the weight (+ 0.5)
        edge = line.facing_pct / 100.0 + 0.01 if line.facing_pct < 75.0 else line.facing_weight
        budget = budget._replace(defense_remaining=edge + rng.choice([-0.12, 0.0, 0.12, 0.5]))
    elif pick == 3:
        budget = budget._replace(attack=rng.choice([0.0, 1.0, UNLIMITED]), attack_remaining=rng.uniform(-1, 5))
    return budget


def _legal(rng: random.Random, facing: bool) -> LegalActions:
    if rng.random() < 0.04:  # anything goes: the rules must not depend on consistency
        flags = [rng.random() < 0.5 for _ in range(4)]
        return LegalActions(0, flags[0], flags[1], flags[2], rng.choice([0, rng.randrange(1, 3000)]), flags[3], 0, 0)
    call = rng.randrange(1, 6000) if facing else 0
    return LegalActions(0, facing, not facing, facing, call, rng.random() < 0.75, 0, 0)


def synthetic_decisions(n_hands: int, per_hand: int, seed: int) -> Iterator[tuple[dict[str, Any], tuple[Any, ...]]]:
    """``(viable_options keyword arguments, kernel arguments)`` of random decisions on random hands."""
    rng = random.Random(seed)
    pot_types = list(PotType)
    roles = list(Role)
    for _ in range(n_hands):
        hole, board_cards = _deal(rng)
        pot_type = rng.choice(pot_types)
        board = analyze_board(board_cards)
        hand = classify_hand(hole, board_cards, pot_type)
        for _ in range(per_hand):
            facing = rng.random() < 0.55
            pct = _pct(rng, hand.draw) if facing else None
            line = Line(
                pot_type=pot_type,
                preflop_raises=0,
                initiative=rng.choice([None, 0, 1]),
                role=rng.choice(roles),
                scenario=None,
                pot=0,
                weights=(),
                weighted_total=0.0,
                weighted_hero=0.0,
                facing_pct=pct,
                facing_weight=rng.choice(WEIGHTS) * rng.choice([1.0, 1.5]) if facing else 0.0,
                facing_raise=facing and rng.random() < 0.5,
                street_bets=rng.randrange(1, 4) if facing else rng.randrange(2),
            )
            if facing and rng.random() < 0.03:
                line = line._replace(facing_pct=None)  # a call owed but no bet read: not facing
            ip = rng.random() < 0.5
            legal = None if rng.random() < 0.01 else _legal(rng, facing)
            pot = rng.choice([rng.randrange(1, 400), rng.randrange(400, 20000)])
            if rng.random() < 0.01:
                pot = 0  # the reference guards its pot odds against an empty pot
            stack = rng.choice([0, rng.randrange(2 * pot + 1), rng.randrange(40000)])
            spr = stack / pot if pot and rng.random() < 0.8 else rng.uniform(0, 12)
            kwargs: dict[str, Any] = {
                "legal": legal,
                "board_cards": board_cards,
                "board": board,
                "hand": hand,
                "budget": _budget(rng, hand, board, pot_type, ip, line),
                "line": line,
                "hero": rng.randrange(2),
                "ip": ip,
                "spr": spr,
                "stack_after_call": stack,
                "pot_after_call": pot,
            }
            yield kwargs, kernel_args(**kwargs)


def test_labels_match_the_feature_layout() -> None:
    assert LABELS == VIABLE_LABELS
    assert NOTES == ("", "value", "bluff")


def test_random_decisions_match_the_reference() -> None:
    arcs: set[tuple[CodeType, int, int]] = set()
    labels: set[str] = set()
    first_kinds: set[OptionKind] = set()
    notes: set[str] = set()
    geometric: set[float] = set()
    counts: set[int] = set()
    n_fallback = n_decisions = n_errors = 0
    for kwargs, args in synthetic_decisions(2500, 12, seed=11):
        try:
            if n_decisions % 4:
                options = viable_options(**kwargs)
            else:  # a quarter of the calls suffice to take every branch
                with trace_viable(arcs):
                    options = viable_options(**kwargs)
        except ContextError:  # a value bet sized geometrically on an empty pot
            with pytest.raises(ValueError):
                viable_kernel(*args, TABLES, np.empty((MAX_OPTIONS, 4)))
            with pytest.raises(ContextError):
                decoded_viable_options(**kwargs)
            n_errors += 1
            continue
        finally:
            n_decisions += 1
        check(args, options)
        same_options(decoded_viable_options(**kwargs), options)
        labels.update(o.label for o in options)
        notes.update(o.note for o in options)
        counts.add(len(options))
        if options:
            first_kinds.add(options[0].kind)
        geometric.update(
            o.fraction for o in options if o.label == "POLARIZED BET" and o.fraction is not None and o.fraction != 0.75
        )
        legal = kwargs["legal"]
        if (
            legal is not None
            and len(options) == 1
            and not (legal.can_check if options[0].label == "CHECK" else legal.can_call)
        ):
            n_fallback += 1
    assert n_decisions == 30000 and n_errors > 0
    assert untaken_branches(arcs) == []
    assert labels == set(LABELS)
    assert first_kinds == set(OptionKind)
    assert notes == set(NOTES)
    assert counts == set(range(MAX_OPTIONS + 1))
    assert len(geometric) > 50
    assert n_fallback > 0


# ----------------------------------------------------------------------------- real hands


def _act(state: HandState, rng: np.random.Generator) -> None:
    """A random legal action: folds, checks, calls, small and large bets, min-raises and all-ins."""
    legal = state.legal_actions()
    u = rng.random()
    if legal.can_raise and u < 0.45:
        v = rng.random()
        if v < 0.2:
            to = legal.min_raise_to
        elif v < 0.35:
            to = legal.max_raise_to
        else:
            pot = state.pot + state.to_call
            to = max(state.bets) + round(float(rng.choice([0.25, 0.33, 0.5, 0.75, 1.0, 1.5, 2.5])) * pot)
            to = max(legal.min_raise_to, min(legal.max_raise_to, to))
        state.apply(Action.raise_to(to))
    elif legal.can_fold and u > 0.9:
        state.fold()
    else:
        state.check_or_call()


def test_real_hands_match_analyze() -> None:
    rng = np.random.default_rng(5)
    seen: set[str] = set()
    labels: set[str] = set()
    n_decisions = 0
    for _ in range(5000):
        stacks = tuple(int(rng.choice([20000, int(rng.integers(150, 20000))])) for _ in range(2))
        state = HandState.new(GameConfig(stacks=stacks), button=int(rng.integers(2)), rng=rng)
        while not state.terminal:
            if state.street > 0:
                view = state.view(state.actor)
                ctx = analyze(view)
                assert ctx.board is not None and ctx.hand is not None and ctx.budget is not None
                decision = {
                    "legal": view.legal,
                    "board_cards": view.board,
                    "board": ctx.board,
                    "hand": ctx.hand,
                    "budget": ctx.budget,
                    "line": read_line(view),
                    "hero": view.seat,
                    "ip": view.is_button,
                    "spr": ctx.spr,
                    "stack_after_call": max(0, ctx.effective_stack - ctx.to_call),
                    "pot_after_call": ctx.total_pot + ctx.to_call,
                }
                check(kernel_args(**decision), ctx.viable)
                same_options(ctx.viable, viable_options(**decision))
                n_decisions += 1
                names = {o.label for o in ctx.viable}
                labels |= names
                facing = ctx.to_call > 0
                seen.add(f"{'facing' if facing else 'not facing'} on street {int(ctx.street)}")
                if "DONK BET" in names:
                    seen.add(f"donk on street {int(ctx.street)}")
                if facing and ctx.hand.draw != DrawClass.NO_DRAW and ctx.street < 3:
                    seen.add("draw facing, call ends the betting" if not view.legal.can_raise else "draw facing")
                if names & {"RAISE (all-in)", "BET ALL-IN"}:
                    seen.add("all-in option")
                if any(o.label == "POLARIZED BET" and o.fraction != 0.75 for o in ctx.viable):
                    seen.add("geometric size")
                if rng.random() < 0.05:  # the seat that does not act has no options
                    other = state.view(1 - state.actor)
                    other_ctx = analyze(other)
                    assert other_ctx.board is not None and other_ctx.hand is not None
                    assert other_ctx.budget is not None
                    other_args = kernel_args(
                        None,
                        other.board,
                        other_ctx.board,
                        other_ctx.hand,
                        other_ctx.budget,
                        read_line(other),
                        other.seat,
                        other.is_button,
                        other_ctx.spr,
                        0,
                        1,
                    )
                    check(other_args, other_ctx.viable)
                    seen.add("not the seat to act")
            _act(state, rng)
    assert n_decisions > 15000
    expected = {f"{f} on street {s}" for f in ("facing", "not facing") for s in (1, 2, 3)}
    expected |= {f"donk on street {s}" for s in (1, 2, 3)}
    expected |= {"draw facing", "draw facing, call ends the betting", "all-in option", "geometric size"}
    expected.add("not the seat to act")
    assert seen == expected
    assert labels == set(LABELS)


# ----------------------------------------------------------------------------- edge cases and rounding


def test_geometric_sizing_needs_a_positive_pot() -> None:
    # out of position on the river with unlimited value: a geometric POLARIZED BET comes first
    board_cards = (51, 47, 2, 6, 10)  # As Ks 2h 3h 4h
    line = Line(PotType.SRP, 1, 1, Role.DEFENDER, None, 500, (), 0.0, 0.0, None, 0.0, False, 0)
    call = {
        "legal": LegalActions(0, False, True, False, 0, True, 200, 20000),
        "board_cards": board_cards,
        "board": analyze_board(board_cards),
        "hand": HandInfo(MadeClass.TOP_PAIR, DrawClass.NO_DRAW),
        "budget": Budget(UNLIMITED, UNLIMITED, UNLIMITED, UNLIMITED, 5.0, 5.0, ()),
        "line": line,
        "hero": 0,
        "ip": False,
        "spr": 3.0,
        "stack_after_call": 100,
    }
    assert [str(o) for o in viable_options(**call, pot_after_call=80)] == ["POLARIZED BET (value, 125% pot)", "CHECK"]
    check(kernel_args(**call, pot_after_call=80), viable_options(**call, pot_after_call=80))
    check(kernel_args(**call, pot_after_call=7), viable_options(**call, pot_after_call=7))
    with pytest.raises(ContextError):
        viable_options(**call, pot_after_call=0)
    with pytest.raises(ContextError, match="positive pot"):
        decoded_viable_options(**call, pot_after_call=0)
    with pytest.raises(ValueError):
        viable_kernel(*kernel_args(**call, pot_after_call=0), TABLES, np.empty((MAX_OPTIONS, 4)))
