"""The solver against a closed-form equilibrium, a second implementation, and its own invariants."""

import importlib
import mmap
import pickle
from dataclasses import replace
from types import SimpleNamespace

import numpy as np
import pytest

from pokergym.cards import format_cards, parse_cards
from pokergym.errors import SolverError
from pokergym.evaluator.combos import COMBO_CARDS, combo_index
from pokergym.solver import Gadget, Menu, Range, Sizes, Solution, Spot, estimate_bytes, solve
from pokergym.solver import _cfr_kernel as K
from pokergym.solver.reference import PlainCFR
from pokergym.solver.solve import NO_GADGET, _iterate, check_gap, prepare, zeroed
from pokergym.solver.tree import CHANCE

NONE = Sizes.parse("")
solve_module = importlib.import_module("pokergym.solver.solve")  # the module: the package's ``solve`` is the function


def polarised(bet: str = "100", pot: int = 1000) -> Spot:
    """OOP holds the nuts (a set) or air, IP a pure bluff-catcher; one bet size, no raises, IP cannot bet."""
    menu = Menu(((Sizes.parse(bet), NONE),) * 3, ((NONE, NONE),) * 3, raise_cap=0)
    return Spot(parse_cards("KsQd7h4c2s"), pot, 5000, (Range.parse("7c7d,6s5s"), Range.parse("KhJh")), menu)


@pytest.mark.parametrize(("bet", "size"), [("100", 1.0), ("50", 0.5)])
def test_polarised_river_matches_the_closed_form(bet: str, size: float) -> None:
    solution = solve(polarised(bet), target_exploitability=1e-5, max_iterations=3000, check_every=50)
    root = solution.node(())
    amount = round(size * 1000)
    # the bettor bluffs so the caller is indifferent: bluffs / value = s / (1 + s)
    assert root.strategy_of("7c7d")[1] == pytest.approx(1.0, abs=0.01)
    assert root.strategy_of("6s5s")[1] == pytest.approx(size / (1 + size), abs=0.01)
    # the caller calls so the bluffs are indifferent: call = 1 / (1 + s)
    facing = solution.node([("bet", amount)])
    assert facing.strategy_of("KhJh")[1] == pytest.approx(1 / (1 + size), abs=0.01)


def test_exploitability_falls_toward_zero() -> None:
    spot = Spot(
        parse_cards("Td9d6h2cKs"),
        1000,
        4000,
        (Range.parse("22+,ATs+,KQs,T9s,87s"), Range.parse("55+,AJs+,KJs+,QJs,J9s")),
        Menu.uniform("50,a", "a", raise_cap=1),
    )
    marks = [solve(spot, iterations=n).exploitability_pct for n in (10, 40, 160)]
    assert marks[0] > marks[1] > marks[2]
    assert marks[2] < 0.5


@pytest.mark.parametrize(
    ("board", "menu", "streets"),
    [
        ("KsQd7h4c2s", Menu.uniform("50,a", "a", raise_cap=1), None),
        ("KsQd7h4c", Menu.uniform("a", "a", raise_cap=1), None),
        ("KsQd7h", Menu.uniform("50", "a", raise_cap=1), 1),
        ("KsQd7h", Menu.uniform("50", "a", raise_cap=1), (2, 7)),
    ],
)
def test_compiled_solver_equals_the_plain_implementation(
    board: str, menu: Menu, streets: int | tuple[int, int] | None
) -> None:
    betting, sample = streets if isinstance(streets, tuple) else (streets, None)  # (streets, cards dealt)
    spot = Spot(
        parse_cards(board),
        1000,
        2000,
        (Range.parse("77,65s,KJs,AA"), Range.parse("KJs,QQ,65s,AKs")),
        menu,
        betting_streets=betting,
        deal_sample=sample,
    )
    plain = PlainCFR(spot)
    plain.run(12)
    solution = solve(spot, iterations=12)
    assert solution.exploitability_pct == pytest.approx(plain.exploitability_pct(), abs=1e-4)
    for node in np.flatnonzero(solution.tree.kind == 0)[:40]:
        np.testing.assert_allclose(solution.strategy(int(node)), plain.strategy(int(node)), atol=1e-5)


def test_a_sampled_deal_estimates_the_full_deal_without_bias() -> None:
    """Checked down from the turn: the value is the equity; a 12-card river sample averages to it over seeds."""
    spot = Spot(
        parse_cards("KsQd7h4c"), 1000, 2000, (Range.parse("77,65s,KJs,AJo"), Range.parse("QQ,T9s,AK")), Menu.uniform("")
    )
    exact = solve(spot, iterations=1).values()[0]
    sampled = [solve(replace(spot, deal_sample=12, deal_seed=s), iterations=1).values()[0] for s in range(100)]
    tree = solve(replace(spot, deal_sample=12), iterations=1).tree
    assert [int(tree.n_children[c]) for c in np.flatnonzero(tree.kind == CHANCE)] == [12]
    # dividing by the 12 cards dealt instead (ignoring the cards the hands block) would read 44/48 of this: 8% low
    assert np.mean(sampled) == pytest.approx(exact, rel=0.03)
    assert np.std(sampled) > 1.0  # the samples differ: the seed is used


@pytest.mark.parametrize("kwargs", [{"deal_sample": 0}, {"deal_sample": 2.5}, {"deal_seed": -1}])
def test_bad_deal_samples_are_typed_errors(kwargs: dict[str, object]) -> None:
    with pytest.raises(SolverError, match="deal_s"):
        replace(polarised(), **kwargs)


def _suit_swap(cards: tuple[int, ...]) -> tuple[int, ...]:
    swap = {0: 1, 1: 0, 2: 2, 3: 3}  # clubs <-> diamonds
    return tuple(c - (c & 3) + swap[c & 3] for c in cards)


def test_permuting_suits_permutes_the_solution() -> None:
    ranges = (Range.parse("99+,AQs+,KQs,T9s,98s"), Range.parse("TT+,AKs,KJs,QJs,JTs"))
    board = parse_cards("Td9d6h2c")

    def mapped(r: Range) -> Range:
        weights = np.zeros(1326)
        for i, cards in enumerate(COMBO_CARDS):
            weights[combo_index(*_suit_swap(cards))] = r.weights[i]
        return Range(weights)

    menu = Menu.uniform("75", "a", raise_cap=1)
    first = solve(Spot(board, 1000, 3000, ranges, menu), iterations=30)
    second = solve(Spot(_suit_swap(board), 1000, 3000, (mapped(ranges[0]), mapped(ranges[1])), menu), iterations=30)
    assert first.values() == pytest.approx(second.values(), rel=1e-6)
    a, b = first.node(()), second.node(())
    for combo in ("AsAh", "AcQc", "KdQd", "JhJs"):
        swapped = format_cards(_suit_swap(parse_cards(combo)))
        np.testing.assert_allclose(a.strategy_of(combo), b.strategy_of(swapped), atol=1e-6)


def river(pot: int, oop: str, ip: str, menu: Menu) -> Spot:
    """A river spot on Td9d6h2cKs with 3000 behind."""
    return Spot(parse_cards("Td9d6h2cKs"), pot, 3000, (Range.parse(oop), Range.parse(ip)), menu)


def test_strategies_are_distributions_and_values_sum_to_the_pot() -> None:
    spot = river(800, "22+,A2s+,KTo+", "55+,A9s+,KJ+", Menu.uniform("33,75,a", "60,a"))
    solution = solve(spot, iterations=60)
    for node in np.flatnonzero(solution.tree.kind == 0):
        np.testing.assert_allclose(solution.strategy(int(node)).sum(axis=0), 1.0, atol=1e-9)
    assert sum(solution.values()) == pytest.approx(800.0)
    assert solution.exploitability >= 0.0


def test_node_views_give_reach_ev_and_equity() -> None:
    spot = Spot(
        parse_cards("Td9d6h2c"),
        1000,
        2000,
        (Range.parse("TT,99,AdKd,QJ"), Range.parse("JJ,AT,87s")),
        Menu.uniform("50,a", "a", raise_cap=1),
    )
    solution = solve(spot, iterations=40)
    root = solution.node(())
    assert root.player == 0 and abs(root.by_class()["TT"].sum() - 1.0) < 1e-9
    # sets and the straight are far ahead of a one-pair range
    assert np.nanmin(root.equity[0][[i for i, c in enumerate(root.hands[0]) if COMBO_CARDS[c][0] >> 2 == 8]]) > 0.7
    river = solution.node([("check", 0), ("check", 0), ("deal", parse_cards("Ks")[0])])
    blocked = [i for i, c in enumerate(river.hands[1]) if parse_cards("Ks")[0] in COMBO_CARDS[c]]
    assert all(river.reach[1][i] == 0.0 for i in blocked)
    assert np.all(np.isnan(river.ev[1][blocked]))
    with pytest.raises(SolverError, match="no step"):
        solution.node([("bet", 123)])


def test_save_and_load_round_trip(tmp_path: object) -> None:
    spot = river(1000, "22+,AKs", "55+,AQs+", Menu.uniform("50,a", "a"))
    solution = solve(spot, iterations=30)
    path = tmp_path / "spot.npz"  # type: ignore[operator]
    solution.save(path)
    loaded = Solution.load(path)
    np.testing.assert_allclose(loaded.node(()).strategy, solution.node(()).strategy, atol=1e-7)
    assert loaded.exploitability_pct == pytest.approx(solution.exploitability_pct)
    (tmp_path / "bad.npz").write_bytes(b"not a solution")  # type: ignore[operator]
    with pytest.raises(SolverError, match="cannot read"):
        Solution.load(tmp_path / "bad.npz")  # type: ignore[operator]
    whole = path.read_bytes()  # type: ignore[operator]
    for cut in (10, len(whole) // 2, len(whole) - 30):  # truncated files
        (tmp_path / "cut.npz").write_bytes(whole[:cut])  # type: ignore[operator]
        with pytest.raises(SolverError, match="cannot read"):
            Solution.load(tmp_path / "cut.npz")  # type: ignore[operator]


def test_save_and_load_keep_sizes_of_any_precision(tmp_path: object) -> None:
    spot = Spot(
        parse_cards("Ks7d2c5h9s"), 10000, 1000000, (Range.parse("AA,QQ,32o"), Range.parse("KQ")),
        Menu.uniform("12.345049,3.1234567x", "a"),
    )  # fmt: skip
    solution = solve(spot, iterations=5)
    solution.save(tmp_path / "p.npz")  # type: ignore[operator]
    loaded = Solution.load(tmp_path / "p.npz")  # type: ignore[operator]
    assert loaded.spot.menu == spot.menu
    assert loaded.node(()).actions == solution.node(()).actions == [("check", 0), ("bet", 1235)]


@pytest.mark.parametrize(
    "kwargs",
    [
        {"iterations": 0},
        {"iterations": True},
        {"algorithm": "cfr"},
        {"target_exploitability": 0.0},
        {"target_exploitability": "0.1"},
        {"check_every": -5},  # ran backwards for ever
        {"check_every": 0},
        {"max_iterations": 0},  # returned an unsolved solution
        {"time_limit_s": -1.0},
        {"time_limit_s": float("nan")},
    ],
)
def test_bad_settings_are_typed_errors(kwargs: dict[str, object]) -> None:
    with pytest.raises(SolverError):
        solve(polarised(), **kwargs)  # type: ignore[arg-type]


def test_cfr_plus_also_converges() -> None:
    assert solve(polarised(), algorithm="cfr+", iterations=200).exploitability_pct < 0.01


def test_predictive_dcfr_plus_matches_the_closed_form_too() -> None:
    solution = solve(polarised(), algorithm="pdcfr+", target_exploitability=1e-5, max_iterations=3000, check_every=50)
    assert solution.exploitability_pct < 1e-3
    assert solution.node(()).strategy_of("6s5s")[1] == pytest.approx(0.5, abs=0.01)
    assert solution.node([("bet", 1000)]).strategy_of("KhJh")[1] == pytest.approx(0.5, abs=0.01)
    assert solution._prepared.store[4].shape == solution._prepared.store[0].shape  # its cumulative regrets


def test_predictive_dcfr_plus_falls_on_a_turn_spot() -> None:
    ranges = (Range.parse("99+,AQs+,KQs,T9s,98s,76s"), Range.parse("TT+,AKs,KJs,QJs,JTs,65s"))
    spot = Spot(parse_cards("Kh7h4c2c"), 1000, 3000, ranges, Menu.uniform("50,a", "a", raise_cap=1))
    early, late = (solve(spot, algorithm="pdcfr+", iterations=n).exploitability_pct for n in (5, 60))
    assert late < early / 4
    assert estimate_bytes(spot, "pdcfr+") > estimate_bytes(spot)


def _excess(solution: Solution, values: np.ndarray, weights: np.ndarray) -> float:
    """Average of how far OOP's best response beats ``values``, over OOP's hands weighted by ``weights``."""
    hands = solution.spot.hands(0)
    ev = solution.best_response_ev(0)
    return float(weights[hands] @ np.maximum(ev - values[hands], 0.0) / weights[hands].sum())


def test_a_gadget_keeps_a_resolve_safe_under_a_wrong_range() -> None:
    """Re-solve a turn solve's river with OOP's range wrong (uniform): only the gadget keeps OOP's hands at their
    values in the turn solve (Burch et al. 2014), so the re-solve is no more exploitable than the turn solve."""
    menu = Menu.uniform("50,a", "a", raise_cap=1)
    oop, ip = "22+,AJs+,KTs+,QTs+,JTs,T9s,98s,AQo+,KQo", "55+,A2s+,KQs,QJs,JTs,T9s,AKo"
    turn = Spot(parse_cards("KsQd7h4c"), 1000, 3000, (Range.parse(oop), Range.parse(ip)), menu)
    node = solve(turn, iterations=400).node([("check", 0), ("check", 0), ("deal", parse_cards("2s")[0])])
    true_oop, ip_range, values = np.zeros(1326), np.zeros(1326), np.zeros(1326)
    true_oop[node.hands[0]], ip_range[node.hands[1]] = node.reach[0], node.reach[1]
    values[node.hands[0]] = np.nan_to_num(node.ev[0])
    wrong = Range(np.where(true_oop > 0.0, 1.0, 0.0))
    river = Spot(parse_cards("KsQd7h4c2s"), 1000, 3000, (wrong, Range(ip_range)), menu)
    unsafe = _excess(solve(river, iterations=300), values, true_oop)
    safe = _excess(solve(river, iterations=300, gadget=Gadget(0, values[river.hands(0)])), values, true_oop)
    assert unsafe > 10.0  # 1% of the pot: the wrong range is exploited
    assert safe < 2.0 and safe < unsafe / 8


def test_bad_gadgets_are_typed_errors() -> None:
    spot = polarised()
    with pytest.raises(SolverError, match="player is 0 or 1"):
        solve(spot, iterations=1, gadget=Gadget(2, np.zeros(2)))
    with pytest.raises(SolverError, match="2 finite values"):
        solve(spot, iterations=1, gadget=Gadget(0, np.zeros(3)))
    with pytest.raises(SolverError, match="finite"):
        solve(spot, iterations=1, gadget=Gadget(0, np.array([0.0, np.nan])))


def test_matrix_times_sums_each_row_in_the_same_order_in_a_block_and_alone() -> None:
    from pokergym.solver._cfr_kernel import _LANES, _matrix_times

    rng = np.random.default_rng(5)
    matrix, vector = rng.random((21, 37)), rng.random(40) * (rng.random(40) > 0.3)
    blocked, alone = np.zeros(21), np.zeros(21)
    _matrix_times(matrix, vector, 21, 37, blocked)  # rows 0..15 in blocks of _LANES, the rest one by one
    for h in range(21):  # each row as the tail of a one-row call: the plain loop
        _matrix_times(matrix[h : h + 1], vector, 1, 37, alone[h : h + 1])
    assert _LANES < 21 and np.array_equal(blocked, alone)  # bit for bit: the solver's recorded matches rely on it
    assert np.allclose(blocked, matrix[:, :37] @ vector[:37], rtol=1e-13, atol=0.0)


def _turn_spot() -> Spot:
    ranges = (Range.parse("99+,AQs+,KQs,T9s,98s,76s"), Range.parse("TT+,AKs,KJs,QJs,JTs,65s"))
    return Spot(parse_cards("Kh7h4c2c"), 1000, 3000, ranges, Menu.uniform("50,a", "a", raise_cap=1))


@pytest.mark.parametrize("kwargs", [{"iterations": 70}, {"target_exploitability": 0.01, "check_every": 10}])
def test_skipping_the_sums_a_restart_wipes_changes_no_average(
    monkeypatch: pytest.MonkeyPatch, kwargs: dict[str, object]
) -> None:
    skipping = solve(_turn_spot(), **kwargs)  # type: ignore[arg-type]
    monkeypatch.setattr(K, "averaging_start", lambda read_at, algorithm: 1)  # every iteration adds to the sums
    every = solve(_turn_spot(), **kwargs)  # type: ignore[arg-type]
    assert skipping.history == every.history
    for mine, theirs in zip(skipping._prepared.store, every._prepared.store, strict=True):
        assert np.array_equal(mine, theirs)


def test_mapped_arrays_solve_as_numpys_own(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(solve_module, "_MAPPED_BYTES", 1)  # every array of the solve in a fresh mapping
    mapped = solve(_turn_spot(), iterations=12)
    assert all(isinstance(a.base, mmap.mmap) for a in mapped._prepared.store[:4])
    monkeypatch.setattr(solve_module, "_MAPPED_BYTES", 1 << 62)  # none
    plain = solve(_turn_spot(), iterations=12)
    assert all(a.base is None for a in plain._prepared.store[:4])
    assert mapped.history == plain.history
    for mine, theirs in zip(mapped._prepared.store, plain._prepared.store, strict=True):
        assert np.array_equal(mine, theirs)


def test_a_mapped_array_is_zero_writable_and_pickles() -> None:
    array = zeroed((3, 1 << 19), np.float32)  # 6 MiB: mapped
    assert isinstance(array.base, mmap.mmap) and array.shape == (3, 1 << 19) and not array.any()
    array[1, 5] = 2.5
    again = pickle.loads(pickle.dumps(array))
    assert again.dtype == np.float32 and np.array_equal(again, array) and float(again.sum()) == 2.5


def test_iterations_before_the_next_reads_restart_leave_the_sums_alone() -> None:
    skipping, averaging = prepare(_turn_spot()), prepare(_turn_spot())
    _iterate(skipping, 1, 10, "dcfr", NO_GADGET, read_at=100)  # the average read at 100 starts at 64
    _iterate(averaging, 1, 10, "dcfr", NO_GADGET)
    assert not skipping.store[2].any() and not skipping.store[3].any()
    assert averaging.store[2].any() and averaging.store[3].any()
    for p in range(2):  # the regrets are the same
        assert np.array_equal(skipping.store[p], averaging.store[p])
    assert [K.averaging_start(t, K.DCFR) for t in (3, 4, 63, 64, 255, 256)] == [1, 4, 16, 64, 64, 256]
    assert K.averaging_start(100, K.CFR_PLUS) == K.averaging_start(100, K.PDCFR_PLUS) == 1


def test_checks_wait_past_a_restart_the_trend_says_comes_first() -> None:
    far = [(30, 5.36), (40, 3.28)]  # the trend meets 0.5% near iteration 120
    assert check_gap(far, 0.5, 10) == 20
    assert check_gap(far, 0.5, 10, restarts=True) == 40  # iteration 80: a quarter past the restart at 64
    assert check_gap(far, 0.5, 15, restarts=True) == 45
    assert check_gap(far, 2.0, 10, restarts=True) == 10  # the target before 1.5 x 64: checked as often as before
    across = [(10, 37.1), (20, 15.2)]  # 10 and 20 read different averages (restart at 16): no trend to trust
    assert check_gap(across, 0.5, 10, restarts=True) == check_gap(across, 0.5, 10) == 10
    late = [(80, 1.0), (90, 0.9)]  # past the restart at 64, the next (256) is beyond the trend's reach
    assert check_gap(late, 0.5, 10, restarts=True) == check_gap(late, 0.5, 10) == 40


def test_a_time_limit_stops_before_a_restart_it_cannot_get_a_quarter_past(monkeypatch: pytest.MonkeyPatch) -> None:
    clock = [0.0]  # 10 ms an iteration, whatever the machine

    def timed(prepared: object, first: int, count: int, *args: object) -> None:
        real_iterate(prepared, first, count, *args)
        clock[0] += 0.01 * count

    real_iterate = solve_module._iterate
    monkeypatch.setattr(solve_module, "time", SimpleNamespace(perf_counter=lambda: clock[0]))
    monkeypatch.setattr(solve_module, "_iterate", timed)
    kwargs = {"target_exploitability": 1e-9, "check_every": 5, "time_limit_s": 0.705}
    assert solve(_turn_spot(), **kwargs).iterations == 63  # type: ignore[arg-type]  # 80 out of reach: not 64
    clock[0] = 0.0
    assert solve(_turn_spot(), algorithm="cfr+", **kwargs).iterations == 75  # type: ignore[arg-type]  # no restarts
    clock[0] = 0.0
    assert solve(_turn_spot(), **{**kwargs, "time_limit_s": 0.855}).iterations == 90  # type: ignore[arg-type]
    clock[0] = 0.0
    one_by_one = solve(_turn_spot(), **{**kwargs, "check_every": 1})  # type: ignore[arg-type]
    assert one_by_one.iterations == 63 and one_by_one.history[-1][0] < 63  # no iteration 64, no check at 63
    pct = one_by_one.exploitability_pct  # measured when first read
    assert one_by_one.history[-1] == (63, pct)
