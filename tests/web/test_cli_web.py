"""The ``report`` and ``serve`` subcommands of the command line (no browser needed)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from pokergym.cli import build_parser, main


def test_report_writes_one_offline_page(small_run: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "page.html"
    assert main(["report", str(small_run), "--out", str(target)]) == 0
    assert capsys.readouterr().out.strip() == f"wrote {target}"
    page = target.read_text(encoding="utf-8")
    assert page.count('type="application/octet-stream"') == 3  # one block of histories per match
    assert '<link rel="stylesheet"' not in page and " src=" not in page  # nothing loaded from elsewhere


def test_report_of_a_folder_that_is_not_a_run(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["report", str(tmp_path)]) == 2
    assert capsys.readouterr().err.strip() == (
        f"pokergym report: error: {tmp_path} has no results.json (arena or ladder) nor result.json (match)"
    )


def test_serve_binds_this_machine_only_by_default() -> None:
    args = build_parser().parse_args(["serve"])
    assert (args.host, args.port, args.agent) == ("127.0.0.1", 8000, "rule")


def test_serve_refuses_an_unknown_agent_before_starting(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "--agent", "nosuchagent", "--port", "1"]) == 2
    assert "no agent named 'nosuchagent'" in capsys.readouterr().err


def test_serve_without_the_web_extra_says_what_to_install(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    for name in [name for name in sys.modules if name.startswith(("starlette", "uvicorn", "pokergym.web.app"))]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, "starlette", None)  # as on a machine without it
    assert main(["serve", "--agent", "call"]) == 2
    assert capsys.readouterr().err.strip() == (
        "pokergym serve: error: pokergym serve needs the 'web' extra (starlette is missing): pip install -e '.[web]'"
    )
