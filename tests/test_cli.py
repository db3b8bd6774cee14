"""Smoke tests of the ``pokergym`` command."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from pokergym.cli import keyless_agents, main

pytest.importorskip("baselines.registry")

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("command", [[], ["arena"], ["match"], ["play"], ["export"]])
def test_help_everywhere(command: list[str], capsys) -> None:
    with pytest.raises(SystemExit) as done:
        main([*command, "--help"])
    assert done.value.code == 0
    assert "usage: pokergym" in capsys.readouterr().out


def test_console_entry_point_runs_in_a_fresh_process() -> None:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in (str(ROOT), os.environ.get("PYTHONPATH")) if p)}
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
    assert "1. " in printed and "row agent against the column agent" in printed
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
