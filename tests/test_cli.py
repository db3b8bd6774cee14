"""Smoke tests of the ``pokergym`` command."""

from __future__ import annotations

import io
import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from pokergym.agents import Action, BaseAgent
from pokergym.cli import keyless_agents, main

pytest.importorskip("baselines.registry")

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("command", [[], ["arena"], ["match"], ["play"], ["export"], ["pool"]])
def test_help_everywhere(command: list[str], capsys) -> None:
    with pytest.raises(SystemExit) as done:
        main([*command, "--help"])
    assert done.value.code == 0
    assert "usage: pokergym" in capsys.readouterr().out


ENV = {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in (str(ROOT), os.environ.get("PYTHONPATH")) if p)}


def test_console_entry_point_runs_in_a_fresh_process() -> None:
    env = ENV
    done = subprocess.run(
        [sys.executable, "-m", "pokergym.cli", "--help"],
        capture_output=True,
        text=True,
        env=env,
        check=True,
        timeout=60,
    )
    assert "arena" in done.stdout and "export" in done.stdout


def test_match_prints_and_saves(tmp_path, capsys) -> None:
    out = tmp_path / "m"
    assert main(["match", "random", "call", "--pairs", "20", "--backend", "local", "--out", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "random vs call:" in printed and "mbb/hand over 20 pairs (40 hands)" in printed and "VPIP" in printed
    assert json.loads((out / "result.json").read_text())["pairs"] == 20
    assert (out / "cumulative.png").exists()
    assert len((out / "histories.jsonl").read_text().splitlines()) == 40
    assert main(["export", "--acpc", str(out / "histories.jsonl")]) == 0
    assert (out / "histories.log").read_text().count("STATE:") == 40
    assert main(["export", "--phh", str(out / "histories.jsonl"), "-o", str(tmp_path / "x.phhs")]) == 0
    assert (tmp_path / "x.phhs").read_text().count("variant = 'NT'") == 40


def test_arena_runs_a_small_tournament(tmp_path, capsys) -> None:
    out = tmp_path / "a"
    args = ["arena", "--agents", "random", "call", "fold", "--pairs", "10", "--backend", "local", "--out", str(out)]
    assert main([*args, "--no-plots", "--no-progress"]) == 0
    printed = capsys.readouterr().out
    assert "1." in printed and "row agent against the column agent" in printed
    assert (out / "results.json").exists() and len(list((out / "histories").iterdir())) == 3
    assert not (out / "crosstable.png").exists()


def test_default_arena_lineup_needs_no_key() -> None:
    lineup = keyless_agents()
    assert {"random", "fold", "call", "maniac", "honest", "fish"} <= set(lineup)
    assert "llm" not in lineup


def test_play_reads_stdin(monkeypatch, capsys) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("hello\nc\nk\nk\nk\n"))
    assert main(["play", "call", "--hands", "2", "--seed", "3"]) == 0
    printed = capsys.readouterr().out
    assert "unknown command 'hello'" in printed and "hand 1 of 2" in printed
    assert "after 1 hands: you" in printed  # input ran out during hand 2


def test_errors_exit_with_status_2(capsys) -> None:
    assert main(["match", "random", "nobody-by-this-name", "--pairs", "2", "--backend", "local"]) == 2
    assert "no agent named 'nobody-by-this-name'" in capsys.readouterr().err


@pytest.mark.parametrize("command", ["match", "ladder", "arena", "play", "export", "pool", "warmup", "serve", "report"])
def test_help_shows_single_percent_signs(capsys, command: str) -> None:
    with pytest.raises(SystemExit):
        main([command, "--help"])
    out = capsys.readouterr().out
    assert "%%" not in out
    if command in ("match", "ladder"):
        assert "95% CI" in out


class _Broken(BaseAgent):
    """Raises at every decision: every hand it plays is voided."""

    def act(self, view) -> Action:
        raise RuntimeError("broken on purpose")


class _NoProbabilities(BaseAgent):
    """Checks or calls, and reports no action probabilities."""

    def act(self, view) -> Action:
        return Action.call() if view.legal is not None and view.legal.can_call else Action.check()


@pytest.fixture
def test_agents():
    from baselines.registry import REGISTRY, register

    register("broken-test", _Broken, "raises")
    register("opaque-test", _NoProbabilities, "no probabilities")
    yield
    REGISTRY.unregister("broken-test")
    REGISTRY.unregister("opaque-test")


@pytest.mark.parametrize(
    "command",
    [
        ["exploit", "nosuch", "--hands", "2"],
        ["exploit", "opaque-test", "--hands", "2"],
        ["match", "random", "nosuch", "--pairs", "2", "--backend", "local"],
        ["play", "nosuch"],
        ["arena", "--agents", "random", "nosuch", "--pairs", "2", "--backend", "local"],
        ["arena", "--agents", "random", "random", "--pairs", "2", "--backend", "local", "--no-plots"],
        ["export", "--acpc", "no/such/file.jsonl"],
    ],
)
def test_every_subcommand_reports_an_error_in_one_line(command: list[str], test_agents, tmp_path, capsys) -> None:
    if command[0] == "arena":
        command = [*command, "--out", str(tmp_path / "a")]
    assert main(command) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith(f"pokergym {command[0]}: error: ") and len(err.splitlines()) == 1
    assert not (tmp_path / "a").exists()


@pytest.mark.parametrize(
    "command",
    [
        ["match", "call", "fold", "--pairs", "0"],  # 0 stood for a default
        ["match", "call", "fold", "--pairs", "2", "--block-size", "0"],
        ["match", "call", "fold", "--pairs", "2", "--workers", "0"],
        ["match", "call", "fold", "--pairs", "2", "--stack-bb", "inf"],  # a traceback
        ["match", "call", "fold", "--pairs", "2", "--stack-bb", "nan"],
        ["arena", "--agents", "call", "fold", "--pairs", "0"],
        ["ladder", "--agents", "call", "fold", "--exploit", "1"],  # failed after every round
        ["ladder", "--agents", "call", "fold", "--target-ci", "inf"],
    ],
)
def test_counts_and_sizes_out_of_range_are_refused_before_anything_plays(command: list[str], capsys) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(command)
    assert stopped.value.code == 2
    assert f"pokergym {command[0]}: error: argument" in capsys.readouterr().err


def test_a_run_folder_holds_one_run(tmp_path, capsys) -> None:
    out = tmp_path / "run"
    assert main(["match", "honest", "maniac", "--pairs", "5", "--seed", "1", "--backend", "local", "--no-plots",
                 "--out", str(out)]) == 0  # fmt: skip
    assert (out / "histories.jsonl").exists()
    (out / "notes.txt").write_text("mine")
    assert main(["match", "call", "fold", "--pairs", "3", "--seed", "9", "--backend", "local", "--no-plots",
                 "--no-histories", "--out", str(out)]) == 0  # fmt: skip
    assert sorted(p.name for p in out.iterdir()) == ["notes.txt", "result.json"]  # no earlier hands left behind


def test_an_agent_that_cannot_play_stops_the_match_before_it_starts(monkeypatch, tmp_path, capsys) -> None:
    pytest.importorskip("openai")
    monkeypatch.delenv("POKERGYM_NO_SUCH_KEY", raising=False)
    out = tmp_path / "m"
    llm = "llm:api_key_env=POKERGYM_NO_SUCH_KEY"
    assert main(["match", "rule", llm, "--pairs", "2", "--backend", "local", "--out", str(out)]) == 2
    printed = capsys.readouterr()
    error = printed.err.strip()
    assert "\n" not in error and error.startswith("pokergym match: error: ")
    assert error.endswith(
        "no API key: set the environment variable POKERGYM_NO_SUCH_KEY (or give base_url for a local server)"
    )
    assert "mbb/hand" not in printed.out and not out.exists()


def test_a_match_with_every_pair_voided_fails(test_agents, capsys) -> None:
    assert main(["match", "broken-test", "call", "--pairs", "3", "--backend", "local"]) == 1
    printed = capsys.readouterr()
    assert "over 0 pairs" in printed.out and "broken on purpose" in printed.err


def test_solve_cfr_writes_a_new_file_in_the_working_directory(monkeypatch, tmp_path, capsys) -> None:
    from baselines.cfr import cli as cfr_cli
    from baselines.cfr.export import DEFAULT_PATH

    shipped = DEFAULT_PATH.read_bytes()
    monkeypatch.chdir(tmp_path)
    small = ["--iterations", "30", "--deals", "3", "--hands", "10", "--texture", "paired"]
    assert main(["solve", "cfr", "--seed", "1", *small]) in (0, 1)
    assert (tmp_path / "livegto_9x5_seed1.json").exists()
    assert DEFAULT_PATH.read_bytes() == shipped
    assert "livegto_9x5_seed1.json" in capsys.readouterr().out
    package = tmp_path / "package" / DEFAULT_PATH.name
    package.parent.mkdir()
    monkeypatch.setattr(cfr_cli, "DEFAULT_PATH", package)
    assert main(["solve", "cfr", "--seed", "2", "--package-data", *small]) in (0, 1)
    assert (package.parent / "livegto_9x5_seed2.json").exists() and not package.exists()


def test_play_names_bets_and_showdown_hands(monkeypatch, capsys) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("c\nk\nk\nk\n"))
    assert main(["play", "call", "--hands", "1", "--seed", "3"]) == 0
    printed = capsys.readouterr().out
    assert "r N (bet 100..19900)" in printed and "r N (raise to 200..20000)" in printed
    assert "showdown: you have full house, kings full of queens\n" in printed
    assert "showdown: opponent shows Tc 5h, two pair, kings and fives\n" in printed


class _InterruptedInput(io.StringIO):
    """Standard input that gives its lines, then acts as if Ctrl-C were pressed."""

    def readline(self, size: int | None = -1) -> str:
        line = super().readline()
        if not line:
            raise KeyboardInterrupt
        return line


def test_play_stops_cleanly_on_ctrl_c(monkeypatch, capsys) -> None:
    monkeypatch.setattr(sys, "stdin", _InterruptedInput("c\nk\nk\nk\n"))
    assert main(["play", "call", "--hands", "3", "--seed", "3"]) == 130
    assert capsys.readouterr().out.splitlines()[-1].startswith("after 1 hands: you ")


def test_play_ctrl_c_in_a_real_process() -> None:
    process = subprocess.Popen(
        [sys.executable, "-m", "pokergym.cli", "play", "call", "--hands", "2"],
        # a shell starts background jobs with SIGINT ignored, and a child inherits that (Python then
        # installs no KeyboardInterrupt handler): give the player the default disposition, as a terminal does
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=ENV,
    )
    assert process.stdout is not None
    for line in process.stdout:  # wait for the first question
        if line.startswith("options:"):
            break
    process.send_signal(signal.SIGINT)
    # wait with stdin still open: communicate() would close it at once, and a child scheduled late
    # could read end-of-input (a clean Ctrl-D exit, status 0) before it sees the signal
    assert process.wait(timeout=60) == 130
    assert process.stderr is not None and process.stdin is not None
    out, err = process.stdout.read(), process.stderr.read()
    for stream in (process.stdin, process.stdout, process.stderr):
        stream.close()
    assert "after 0 hands: you +0 chips" in out and "Traceback" not in err


def test_arena_tables_fit_100_columns_off_a_terminal(tmp_path, capsys) -> None:
    out = tmp_path / "a"
    args = ["arena", "--agents", "random", "call", "fold", "maniac", "honest", "fish", "rule", "expectiminimax"]
    args += ["cfr", "--pairs", "2", "--backend", "local", "--out", str(out), "--no-plots", "--no-histories"]
    assert main(args) == 0
    printed = capsys.readouterr().out
    assert max(len(line) for line in printed.splitlines()) <= 100
    assert "I cfr" in printed and "VPIP:" in printed and "mbb/hand: mean winnings" in printed
    assert json.loads((out / "results.json").read_text())["reproducible"] is True


def test_a_wall_clock_budget_is_flagged_in_results(tmp_path, capsys) -> None:
    out = tmp_path / "a"
    args = ["arena", "--agents", "call", "expectiminimax:budget_ms=50,name=timed", "--pairs", "2"]
    assert main([*args, "--backend", "local", "--out", str(out), "--no-plots", "--no-histories"]) == 0
    data = json.loads((out / "results.json").read_text())
    assert data["reproducible"] is False and data["not_reproducible"] == ["timed"]
    assert "not reproducible: timed" in capsys.readouterr().err


def test_every_default_arena_agent_is_reproducible() -> None:
    from baselines.registry import make
    from pokergym.arena.specs import not_reproducible

    assert not_reproducible([make(name) for name in keyless_agents()]) == ()


def test_the_slow_solver_joins_the_arena_only_by_name() -> None:
    from baselines.registry import describe

    assert describe("solver").slow and "solver" not in keyless_agents()


def test_match_with_the_allin_estimator_keeps_both_figures(tmp_path, capsys) -> None:
    import json

    from pokergym.arena.result import ESTIMATORS
    from pokergym.cli import _ESTIMATORS

    assert _ESTIMATORS == ESTIMATORS
    out = tmp_path / "m"
    code = main(["match", "maniac:aggression=0.5,sizes=50", "call", "--pairs", "30", "--seed", "3",
                 "--estimator", "allin", "--out", str(out), "--no-plots", "--no-progress"])  # fmt: skip
    assert code == 0
    saved = json.loads((out / "result.json").read_text())
    assert saved["estimator"] == "allin" and len(saved["allin_chips"]) == len(saved["pair_chips"]) == 30
    assert saved["allin_chips"] != saved["pair_chips"]  # the all-ins were re-scored
    assert "(all-in adjusted)" in capsys.readouterr().out
