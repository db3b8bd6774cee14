"""A benchmark whose anchor is missing fails loudly, unless told to run without it (no timing runs here)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np
import pytest

BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"


def load(name: str, monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    monkeypatch.syspath_prepend(str(BENCHMARKS))  # the scripts import their helper module as a sibling
    spec = importlib.util.spec_from_file_location(f"benchmark_{name}", BENCHMARKS / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def block(monkeypatch: pytest.MonkeyPatch, module: str) -> None:
    """Make ``import module`` fail, as on a machine without it."""
    for name in [name for name in sys.modules if name == module or name.startswith(module + ".")]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, module, None)


def test_a_missing_anchor_stops_bench_env(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    bench_env = load("bench_env", monkeypatch)
    block(monkeypatch, "clubs")
    with pytest.raises(SystemExit, match=r"(?s)clubs Dealer.*--allow-missing") as stopped:
        bench_env.available(["engine", "clubs"], allow_missing=False)
    assert stopped.value.code != 0
    assert bench_env.available(["engine", "clubs"], allow_missing=True) == ["engine"]
    assert "clubs Dealer" in capsys.readouterr().err  # said, not silent


def test_pettingzoo_without_its_classic_extra_is_missing(monkeypatch: pytest.MonkeyPatch) -> None:
    bench_env = load("bench_env", monkeypatch)
    block(monkeypatch, "pettingzoo.classic")  # as without pygame: the hold'em module cannot be imported
    with pytest.raises(SystemExit, match="PettingZoo texas_holdem_no_limit_v6"):
        bench_env.available(["gym", "pz"], allow_missing=False)


def test_a_missing_anchor_stops_bench_evaluator(monkeypatch: pytest.MonkeyPatch) -> None:
    bench_evaluator = load("bench_evaluator", monkeypatch)
    block(monkeypatch, "eval7")
    with pytest.raises(SystemExit, match="eval7"):
        bench_evaluator.available_anchors(allow_missing=False)
    assert "eval7" not in bench_evaluator.available_anchors(allow_missing=True)


def test_present_anchors_pass_quietly(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    anchors = load("anchors", monkeypatch)
    anchors.require_anchors({}, allow_missing=False)
    assert anchors.import_error("json") is None
    assert capsys.readouterr().err == ""


def test_the_breakdown_adds_up_to_the_match(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    import json

    from pokergym.agents import CallAgent, RandomAgent
    from pokergym.arena.match import match
    from pokergym.engine.history import HandHistory

    breakdown = load("breakdown", monkeypatch)
    path = tmp_path / "histories.jsonl"
    result = match(RandomAgent(), CallAgent(), pairs=40, seed=3, histories=path)
    hands = [json.loads(line) for line in path.read_text().splitlines()]
    endings, rivers = breakdown.tally(hands, result.agents[0])
    assert sum(row[0] for row in endings.values()) == result.hands
    total_bb = sum(row[1] for row in endings.values())
    assert total_bb == pytest.approx(sum(a + b for a, b in result.pair_chips) / 100)
    assert sum(row[0] for row in rivers.values()) == endings[("river", "showdown")][0]
    _, station = breakdown.tally(hands, result.agents[1])  # the call station calls the random agent's river bets
    folded = 0.0  # the engine's answer: each closing call's hand replayed with a fold in its place
    for hand in hands:
        seat = breakdown.seat_of(hand, result.agents[1])
        last = hand["actions"][-1]
        if hand["showdown"] and last["street"] == "river" and last["kind"] == "call" and last["seat"] == seat:
            state = HandHistory.from_dict(hand).state_before(len(hand["actions"]) - 1)
            state.fold()
            assert state.payoffs is not None
            folded += hand["payoffs"][seat] - state.payoffs[seat]
    assert folded != 0.0
    assert station["opponent bet or raised, agent called"][3] == pytest.approx(folded / 100)
    assert station["checked down"][3] == 0.0
    split = breakdown.divergences(hands, result.agents[0])
    assert sum(len(nets) for nets in split.values()) == 40
    assert sum(sum(nets) for nets in split.values()) == pytest.approx(total_bb)
    assert not any(split.get(("none",), []))  # a pair played alike nets nothing
    pooled = breakdown.divergences([*hands, *({**hand, "source": 1} for hand in hands)], result.agents[0])
    assert {key: len(nets) for key, nets in pooled.items()} == {key: 2 * len(nets) for key, nets in split.items()}
    largest = split[max(split, key=lambda key: len(split[key]))]
    mean, half = breakdown.mean_ci(largest)
    assert mean == pytest.approx(sum(largest) / len(largest))
    assert half > 0.0
    assert all(key == ("none",) or key[2].startswith("agent ") for key in split)
    with pytest.raises(ValueError, match="no single player named 'solver'"):
        breakdown.seat_of({"hand_id": 0, "names": ["solver:a=1", "solver:a=2"]}, "solver")


def test_paired_differences_match_the_two_matches(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    import json

    from baselines.simple import ManiacBot
    from pokergym.agents import CallAgent, RandomAgent
    from pokergym.arena.match import match

    paired = load("paired", monkeypatch)
    runs = []
    for name, agent in (("a", CallAgent()), ("b", ManiacBot())):
        path = tmp_path / f"{name}.jsonl"
        result = match(agent, RandomAgent(), pairs=30, seed=4, histories=path)
        hands = [json.loads(line) for line in path.read_text().splitlines()]
        runs.append((result, paired.per_pair(hands, result.agents[0])))
    compared = paired.compare(runs[0][1], runs[1][1])
    assert compared["pairs"] == 30  # the same seed deals the same 30 pairs
    for (result, _), key in zip(runs, ("first", "second"), strict=True):
        assert compared[key][0] == pytest.approx(result.mbb_per_hand)
        assert compared[key][1] == pytest.approx(result.ci95, rel=0.05)
    assert compared["difference"][0] == pytest.approx(runs[1][0].mbb_per_hand - runs[0][0].mbb_per_hand)
    with pytest.raises(ValueError, match="no player named"):
        paired.per_pair([{"hand_id": 0, "names": ["x", "y"]}], "solver")


def test_paired_aivat_reads_each_pairs_estimate_from_the_result(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import json

    from baselines.simple import ManiacBot
    from pokergym.agents import CallAgent, RandomAgent
    from pokergym.arena.match import match

    paired = load("paired", monkeypatch)
    paths = []
    for name, opponent in (("a", ManiacBot()), ("b", RandomAgent())):  # the same deals, another opponent
        (tmp_path / name).mkdir()
        path = tmp_path / name / "histories.jsonl"
        result = match(CallAgent(), opponent, pairs=20, seed=5, histories=path, estimator="aivat")
        (tmp_path / name / "result.json").write_text(result.to_json())
        hands = [json.loads(line) for line in path.read_text().splitlines()]
        per_pair = paired.aivat_per_pair(hands, json.loads(result.to_json()), result.agents[0])
        assert len(per_pair) == 20 and sum(per_pair.values()) / 20 == pytest.approx(result.mbb_per_hand)
        paths.append(str(path))
    paired.main([*paths, "call", "--aivat"])
    printed = capsys.readouterr().out
    assert "counted: 20 duplicate pairs" in printed and "AIVAT: 20 duplicate pairs" in printed
    with pytest.raises(ValueError, match="not maniac"):
        paired.aivat_per_pair([], json.loads(result.to_json()), "maniac")
    raw = json.loads(match(CallAgent(), ManiacBot(), pairs=2, seed=5).to_json())
    with pytest.raises(ValueError, match="no AIVAT estimate per pair"):
        paired.aivat_per_pair([], raw, "call")


def test_lbr_compare_pairs_two_runs_on_the_same_decks(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import json

    from baselines import make
    from pokergym.arena.lbr import lbr

    compare = load("lbr_compare", monkeypatch)
    runs, results = [], []
    for name in ("call", "rule"):
        path = tmp_path / f"{name}.jsonl"
        results.append(lbr(make(name), hands=12, seed=3, block_pairs=3, histories=path))
        runs.append([json.loads(line) for line in path.read_text().splitlines()])
    counted, aivat, same = compare.differences(runs[0], runs[1])
    assert len(counted) == 6 and same == 12  # the same seed deals the same cards
    assert sum(counted) / 6 == pytest.approx(results[1].mbb_per_hand - results[0].mbb_per_hand)
    assert sum(aivat) / 6 == pytest.approx(results[1].aivat_mbb_per_hand - results[0].aivat_mbb_per_hand)
    assert compare.differences(runs[0], runs[0])[0] == [0.0] * 6
    compare.main([str(tmp_path / "call.jsonl"), str(tmp_path / "rule.jsonl"), "--lines", "2"])
    printed = capsys.readouterr().out
    assert "LBR button" in printed and "minus the first, 6 pairs in both, 12 hands dealt alike" in printed


def test_lbr_compare_pools_seeds_over_their_pairs(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from baselines import make
    from pokergym.arena.lbr import lbr

    compare = load("lbr_compare", monkeypatch)
    paths, results = [], []
    for seed in (3, 4):
        paths.append(tmp_path / f"s{seed}.jsonl")
        results.append(lbr(make("call"), hands=8, seed=seed, block_pairs=2, histories=paths[-1]))
    compare.main(["--pool", *map(str, paths)])
    printed = capsys.readouterr().out.splitlines()
    for row, result in zip(printed[2:4], results, strict=True):  # each run's own figures, as lbr() gave them
        assert f"{result.mbb_per_hand:+,.0f} +- {result.ci95:,.0f}" in row
        assert f"{result.aivat_mbb_per_hand:+,.0f} +- {result.aivat_ci95:,.0f}" in row
    pooled_mean = (results[0].mbb_per_hand + results[1].mbb_per_hand) / 2  # equal pairs: the mean of the means
    assert printed[4].startswith("| pooled (2 runs) | 8 | ") and f"{pooled_mean:+,.0f} +- " in printed[4]
    with pytest.raises(SystemExit, match="the same seed twice"):
        compare.main(["--pool", str(paths[0]), str(paths[1]), str(paths[0])])
    lbr(make("fold"), hands=4, seed=5, block_pairs=2, histories=tmp_path / "fold.jsonl")
    with pytest.raises(SystemExit, match=r"different agents.*\['call', 'fold'\]"):
        compare.main(["--pool", str(paths[0]), str(tmp_path / "fold.jsonl")])


def test_preflop_line_splits_each_actors_range(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from baselines.solver.solved_preflop import solved_line
    from pokergym.engine.config import GameConfig

    preflop_line = load("preflop_line", monkeypatch)
    config = GameConfig()
    solution, line = solved_line(config, preflop_line.records(config, [250, 750]))
    assert [str(a) for a in line] == ["raise to 250", "raise to 750"]
    assert sum(combos for _, combos in preflop_line.masses(solution, ())) == pytest.approx(1326.0)
    opens = dict(preflop_line.masses(solution, ()))["raise to 250"]  # the button acts again after the 3-bet
    assert sum(combos for _, combos in preflop_line.masses(solution, line)) == pytest.approx(opens)
    continuing = {name: (share, equity) for name, share, equity in preflop_line.against(solution, line, "AA")}
    assert continuing["AA"][1] == pytest.approx(0.5, abs=0.01)  # AA against AA: a split, nearly always
    assert all(0.0 < share <= 1.0 and 0.0 <= equity <= 1.0 for share, equity in continuing.values())
    preflop_line.main(["250", "750", "--against", "QQ+", "--top", "3"])
    printed = capsys.readouterr().out
    assert "the big blind's range, combos: fold" in printed and "continuing against QQ+" in printed


def test_solver_folds_weighs_the_buttons_range(monkeypatch: pytest.MonkeyPatch) -> None:
    from baselines import make

    folds = load("solver_folds", monkeypatch)
    agent = make("solver:iterations=2,preflop=solved")
    shares = [folds.fold_share(agent, "AsKd7c2d2s5h9dKc3h", 350, 1750, size) for size in ("0.5", "a")]
    assert all(0.0 <= share <= 1.0 for share in shares)
    assert shares[1] > shares[0]  # more folds to all-in than to half the pot
    big_blind = make("solver:iterations=2")
    small, large = (folds.fold_share(big_blind, "AsKd7c2d2s5h9dKc3h", 250, 0, size, "open") for size in ("0.33", "a"))
    assert 0.0 <= small < large <= 1.0  # the big blind's range facing a continuation bet, then a shove


def test_solver_folds_reads_the_big_blinds_answers_to_a_played_continuation_bet(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    folds = load("solver_folds", monkeypatch)

    def hand(button: int, flop: list[tuple[int, str, int]], payoff: int) -> dict[str, object]:
        preflop = [(button, "raise", 250), (1 - button, "call", 250)]
        actions = [{"street": "preflop", "seat": s, "kind": k, "to": t} for s, k, t in preflop]
        actions += [{"street": "flop", "seat": s, "kind": k, "to": t} for s, k, t in flop]
        return {
            "names": ["rule", "solver:flop_values=board"],
            "button": button,
            "actions": actions,
            "payoffs": [-payoff, payoff],
            "config": {"big_blind": 100},
        }

    hands = [
        hand(0, [(1, "check", 0), (0, "bet", 125), (1, "fold", 0)], -250),  # the agent folds to a quarter pot
        hand(0, [(1, "check", 0), (0, "bet", 125), (1, "call", 125)], 1000),
        hand(0, [(1, "check", 0), (0, "bet", 325), (1, "fold", 0)], -250),
        hand(0, [(1, "bet", 250), (0, "call", 250), (1, "check", 0)], 500),  # the agent led: not the spot
        hand(1, [(0, "check", 0), (1, "bet", 125), (0, "fold", 0)], 250),  # the agent on the button
    ]
    assert folds.played_folds(hands, 250) == {0.25: (2, 1, 7.5), 0.65: (1, 1, -2.5)}
    with pytest.raises(ValueError, match="no player named solver"):
        folds.played_folds([{**hands[0], "names": ["rule", "call"]}], 250)


def test_solver_leads_reads_the_big_blinds_first_decision(monkeypatch: pytest.MonkeyPatch) -> None:
    from baselines.solver import SolverAgent

    solver_leads = load("solver_leads", monkeypatch)
    row = solver_leads.lead(SolverAgent(iterations=3, flop_turns=0), "AsKd7c")
    assert 0.0 <= row.lead <= 1.0 and row.exploitability_pct > 0.0 and row.cpu_s > 0.0
    with pytest.raises(SystemExit, match="not a solver agent"):
        solver_leads.main(["rule"])


def test_rescore_prints_the_three_estimates(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    from baselines import make
    from pokergym.arena import match
    from pokergym.arena.variance import adjusted_match

    rescore = load("rescore", monkeypatch)
    path = tmp_path / "h.jsonl"
    match(make("rule"), make("call"), pairs=6, seed=3, histories=path)
    rescore.main([str(path), "--known-a", "rule", "--known-b", "call", "--terms"])
    out = capsys.readouterr().out
    assert "6 pairs" in out and all(name in out for name in ("raw", "all-in adjusted", "AIVAT"))
    assert all(kind in out for kind in ("hole deal", "flop deal", "A's actions", "B's actions", "raw - AIVAT"))
    raw = float(out.split("raw")[1].split("+-")[0])
    assert raw == pytest.approx(match(make("rule"), make("call"), pairs=6, seed=3).mbb_per_hand, abs=0.5)
    second = tmp_path / "h2.jsonl"
    match(make("rule"), make("call"), pairs=6, seed=4, histories=second)
    rescore.main([str(path), str(second)])
    pooled = capsys.readouterr().out.split("pooled over 2 matches (12 pairs)")[1]
    each = [match(make("rule"), make("call"), pairs=6, seed=s).mbb_per_hand for s in (3, 4)]
    assert float(pooled.split("raw")[1].split("+-")[0]) == pytest.approx(sum(each) / 2, abs=0.5)
    rescore.main([str(path), "--known-a", "rule", "--known-b", "call", "--lookahead"])
    looked = capsys.readouterr().out
    expected = adjusted_match(path, (make("rule"), make("call")), lookahead=True).aivat.mbb_per_hand
    assert float(looked.split("AIVAT")[1].split("+-")[0]) == pytest.approx(expected, abs=0.5)


def test_range_calibration_replays_the_solvers_decisions(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    from baselines import make
    from baselines.solver import SolverAgent
    from pokergym.agents import Street
    from pokergym.arena import match

    calibration = load("range_calibration", monkeypatch)
    path = tmp_path / "h.jsonl"
    match(make("solver:iterations=2,flop_turns=0"), make("call"), pairs=3, seed=5, histories=path)
    with path.open() as lines:
        found = calibration.spots(lines, SolverAgent(iterations=2, flop_turns=0), "solver", Street.FLOP, 2)
    assert len(found) == 2 and all(0.0 <= s.weight <= 1.0 and 0.0 <= s.mass_above <= 1.0 for s in found)
    calibration.main([str(path), "--spec", "solver:iterations=2,flop_turns=0", "--street", "flop", "--spots", "2"])
    assert "2 flop decisions" in capsys.readouterr().out


def test_shove_calls_reads_the_share_that_does_not_fold(monkeypatch: pytest.MonkeyPatch) -> None:
    from baselines import make
    from baselines.policy import PolicyAgent

    shove_calls = load("shove_calls", monkeypatch)
    call, fold = make("call"), make("fold")
    assert isinstance(call, PolicyAgent) and isinstance(fold, PolicyAgent)
    for line in shove_calls.LINES:
        assert shove_calls.continue_share(call, line) == 1.0
        assert shove_calls.continue_share(fold, line) == 0.0
    with pytest.raises(SystemExit, match="does not report"):
        shove_calls.main(["llm:base_url=http://127.0.0.1:9"])  # built, never asked


def test_profile_solver_names_and_attributes_samples(monkeypatch: pytest.MonkeyPatch) -> None:
    profile = load("profile_solver", monkeypatch)
    mangled = "_ZN8pokergym6solver11_cfr_kernel14_showdown_intoB3v42B52c8tJTIeFIjxE5ArrayIdLi1E"
    assert profile._short_name(mangled) == "_showdown_into"
    assert profile._short_name("NRT_incref") == "NRT_incref"
    entries = [(1000, "walk"), (3000, "_update")]
    counts = profile._attribute([999, 1000, 2999, 3000, 3001, 3000 + (1 << 20)], entries)
    assert counts == {"walk": 2, "_update": 2, "(elsewhere)": 2}  # below the first entry, or a megabyte past one


def test_profile_solver_stops_without_perf(monkeypatch: pytest.MonkeyPatch) -> None:
    profile = load("profile_solver", monkeypatch)
    monkeypatch.setattr(profile.shutil, "which", lambda name: None)
    monkeypatch.setattr(sys, "argv", ["profile_solver.py"])
    with pytest.raises(SystemExit, match="'perf' is not installed"):
        profile.main()


def test_street_cost_holds_the_locked_flop_and_prices_a_worse_one(monkeypatch: pytest.MonkeyPatch) -> None:
    from pokergym.cards import parse_cards
    from pokergym.solver import Menu, Range, Spot
    from pokergym.solver import _cfr_kernel as K
    from pokergym.solver.solve import prepare

    street_cost = load("street_cost", monkeypatch)
    ranges = (Range.parse("AA,KK,T9s,87s,A5s"), Range.parse("QQ,JJ,AK,KQs"))
    spot = Spot(parse_cards("Td9d6h"), 1000, 3000, ranges, Menu.uniform("75", "a", raise_cap=1))
    reference = prepare(spot)
    decisions = street_cost.street_decisions(reference.tree)
    assert len(decisions) == 6  # OOP: check or bet; IP after a check: check, bet; each facing a bet; OOP vs a raise
    assert all(not any(step[0] == "deal" for step in path) for _, path in decisions)
    pct, _, _ = street_cost.run(reference, 60, [])
    own = street_cost.locks_of_own(reference)
    assert abs(street_cost.run(prepare(spot), 60, own)[0] - pct) < 1.0  # the solve's own flop costs about nothing
    locked = prepare(spot)
    always_bet = []
    for node, _ in decisions:
        player, n = int(locked.tree.player[node]), spot.n_hands[int(locked.tree.player[node])]
        rows = np.zeros((int(locked.tree.n_children[node]), n), np.float32)
        rows[-1] = 1.0  # the last action: bet, raise or all-in
        always_bet.append((player, int(locked.tree.offset[node]), rows.reshape(-1)))
    worse, _, _ = street_cost.run(locked, 60, always_bet)
    assert worse > pct + 5.0  # always betting and raising the flop is far from an equilibrium
    for player, offset, rows in always_bet:  # held exactly, in the sums the best responses read
        assert np.array_equal(locked.store[2 + player][offset : offset + rows.size], rows)
    assert locked.values(K.AVERAGE)[0] + locked.values(K.AVERAGE)[1] == pytest.approx(spot.pot)


def test_showdown_batch_equals_the_shipped_showdowns(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    batch = load("showdown_batch", monkeypatch)
    batch.main(["--rounds", "1", "--reps", "1"])
    assert "the batch equals the shipped values" in capsys.readouterr().out
    original = batch.batched

    def off_by_one(*args: Any) -> None:
        original(*args)
        args[5][7] += 1.0  # one hand's value at one terminal, one chip off

    monkeypatch.setattr(batch, "batched", off_by_one)
    with pytest.raises(SystemExit, match="differs from the shipped kernel"):
        batch.main(["--rounds", "0"])


def test_flop_iterations_counts_the_decisions_an_opponent_never_reaches(monkeypatch: pytest.MonkeyPatch) -> None:
    from pokergym.cards import parse_cards
    from pokergym.solver import Menu, Range, Spot, solve
    from pokergym.solver.solve import prepare

    flop_iterations = load("flop_iterations", monkeypatch)
    spot = Spot(parse_cards("Ks7d2c5h9s"), 1000, 1000, (Range.parse("AA,32o"), Range.parse("KQ")), Menu.uniform("a"))
    prepared = prepare(spot)  # OOP: check or all-in; IP after a check: check or all-in, after the all-in: fold or call
    assert flop_iterations.dead_decisions(prepared, 0) == (2, 0)  # regrets all 0: uniform, every node reached
    root, n = int(prepared.tree.root), spot.n_hands[0]
    offset = int(prepared.tree.offset[root])
    prepared.store[0][offset : offset + 2 * n] = np.repeat([1.0, -1.0], n)  # checks with every hand, never all-in
    assert flop_iterations.dead_decisions(prepared, 0) == (2, 1)  # IP's answer to the all-in is never reached
    assert flop_iterations.dead_decisions(prepared, 1) == (2, 0)
    traced = flop_iterations.trace(spot, 3, 5)
    assert [t for t, _ in traced] == [3, 4, 5]
    assert traced[-1][1] == pytest.approx(solve(spot, iterations=5).exploitability_pct, rel=1e-9)


def test_flop_iterations_sampled_warm_up_is_exact_at_rate_one_and_moves_below(monkeypatch: pytest.MonkeyPatch) -> None:
    from pokergym.cards import parse_cards
    from pokergym.solver import Menu, Range, Spot, solve

    flop_iterations = load("flop_iterations", monkeypatch)
    ranges = (Range.parse("AA,KK,76s,54s,A5s"), Range.parse("QQ,JJ,AK,98s,KQs"))
    spot = Spot(parse_cards("Ks7d2c5h"), 1000, 2000, ranges, Menu.uniform("a"))  # a turn: each river a card
    exact = solve(spot, iterations=6).exploitability_pct
    cost, read = flop_iterations.sampled_then_exact(spot, 1.0, 3, [6])
    assert cost == 3.0
    assert read == [(6, exact)]  # every card walked: the exact solve, bit for bit
    cost, read = flop_iterations.sampled_then_exact(spot, 0.25, 3, [6])
    assert 0.2 < cost / 3.0 < 0.3  # a quarter of the 44 river cards walked
    assert read[0][1] != exact


def test_lbr_sizes_reads_each_bet_as_a_share_of_the_pot(monkeypatch: pytest.MonkeyPatch) -> None:
    from pokergym.cards import parse_cards
    from pokergym.engine import HandHistory, HandState, Street

    lbr_sizes = load("lbr_sizes", monkeypatch)
    state = HandState.new(deck=parse_cards("AsAh7c2dKsQdJh9c4s"), button=1)
    state.raise_to(1000)  # the button; seat 0 (the responder's seat in LBR's histories) calls
    state.call()
    state.raise_to(500)  # a quarter of the 2,000 pot
    state.raise_to(2000)
    state.all_in()  # not a size: left out
    state.fold()
    sizes = lbr_sizes.sizes_of(HandHistory.from_state(state), (0.25, 0.5, 1.0, 2.0))
    assert sizes == [(Street.FLOP, 0.25, 0.25)]


def test_realisation_reads_pot_shares_and_groups_classes(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from pokergym.cards import parse_cards
    from pokergym.engine.config import GameConfig
    from pokergym.evaluator.combos import combo_index
    from pokergym.solver import Menu, Range, Spot, solve

    realisation = load("realisation", monkeypatch)
    checked_down = Spot(parse_cards("2c7d9hJsKd"), 500, 5000, (Range.parse("AA"), Range.parse("QQ")), Menu.uniform(""))
    solution = solve(checked_down, iterations=2)
    winner, loser = realisation.pot_shares(solution, 0), realisation.pot_shares(solution, 1)
    assert winner[combo_index(*parse_cards("AsAh"))] == 1.0 and loser[combo_index(*parse_cards("QsQh"))] == 0.0
    assert np.count_nonzero(winner) == 6 and not loser.any()  # only the held combos, each worth the whole pot
    bet_into = Spot(parse_cards("2c7d9hJsKd"), 500, 5000, (Range.parse("AA"), Range.parse("QQ")), Menu.uniform("a"))
    assert realisation.pot_shares(solve(bet_into, iterations=50), 0).max() >= 1.0  # it can win more than the pot
    big_blind, button, model_bb, model_button = realisation.line_ranges(GameConfig())
    assert big_blind.shape == button.shape == (1326,) and 0.0 < big_blind.mean() < 1.0 and 0.0 < button.mean() < 1.0
    assert np.all((model_bb > 0.0) & (model_bb < 1.0)) and np.all(model_button > 0.0)
    typed_button = realisation.line_ranges(GameConfig(), "typed")[3]
    assert typed_button[0] > model_button[0] + 0.2  # AA: the typed model pays the button's pairs a bonus
    measured, weight = realisation.by_class(np.full(1326, 0.5), big_blind)
    assert np.allclose(measured[weight > 0.0], 0.5) and np.isnan(measured[weight == 0.0]).all()
    monkeypatch.setattr(realisation, "MENU", Menu.uniform("a", "", raise_cap=0))  # a small tree for the test
    assert realisation.main(["--flops", "1", "--iterations", "2"]) == 0
    printed = capsys.readouterr().out
    assert (
        "exploitability" in printed
        and "suited connectors" in printed
        and printed.count("measured share, model share") == 2
    )
