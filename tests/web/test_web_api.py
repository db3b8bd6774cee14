"""``pokergym serve``'s JSON API without a browser, and the report of malformed or hostile run folders."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from pokergym.agents import CallAgent, RandomAgent
from pokergym.arena.artifacts import save_match
from pokergym.arena.match import match
from pokergym.errors import ReportError
from pokergym.web.report import build_report, embed_json


def post(url: str, body: object) -> tuple[int, dict[str, Any]]:
    request = urllib.request.Request(url, json.dumps(body).encode(), {"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


@pytest.mark.parametrize("hand", [[1], 1e300, {"x": 1}, "abc", -1, 1.7, True])
def test_watch_refuses_a_hand_number_that_is_not_one(server: tuple[str, Path], hand: object) -> None:
    status, answer = post(f"{server[0]}/api/watch", {"hand": hand})  # 500s and silent roundings before
    assert status == 400 and "'hand' is the number of a hand" in answer["error"]


def test_the_next_hand_waits_for_the_current_one_to_end(server: tuple[str, Path]) -> None:
    status, state = post(f"{server[0]}/api/table", {"agent": "call"})
    assert status == 200 and state["payoffs"] is None  # the person's first decision
    number = state["table"]
    status, answer = post(f"{server[0]}/api/table/{number}/next", {})  # the hand was thrown away, unsaved
    assert status == 400 and "not over" in answer["error"]
    while state["payoffs"] is None:
        status, state = post(f"{server[0]}/api/table/{number}/act", {"kind": "fold" if state["legal"] else "check"})
    assert state["hands_played"] == 1
    status, state = post(f"{server[0]}/api/table/{number}/next", {})
    assert status == 200 and state["payoffs"] is None


def test_no_name_can_break_the_report_page(tmp_path: Path) -> None:
    assert "<" not in embed_json({"name": "</script><!--<script>"})
    result = match(CallAgent("<!--<script>"), RandomAgent(), pairs=2, seed=1, histories=tmp_path / "histories.jsonl")
    save_match(result, tmp_path, plots=False)
    page = build_report(tmp_path)
    assert "<!--<script>" not in page and page.count("</script>") == page.count("<script")


@pytest.mark.parametrize(
    ("change", "where"),
    [
        (lambda data: data | {"stats": [{}, {}]}, "result.json"),
        (lambda data: data | {"agents": ["x"]}, "result.json"),
    ],
)
def test_a_malformed_result_is_a_report_error_naming_the_file(tmp_path: Path, change: Any, where: str) -> None:
    result = match(CallAgent(), RandomAgent(), pairs=2, seed=1)
    save_match(result, tmp_path, plots=False)
    data = json.loads((tmp_path / "result.json").read_text())
    (tmp_path / "result.json").write_text(json.dumps(change(data)))
    with pytest.raises(ReportError, match=where):
        build_report(tmp_path)


def test_a_cut_history_line_is_a_report_error_naming_the_line(tmp_path: Path) -> None:
    result = match(CallAgent(), RandomAgent(), pairs=2, seed=1, histories=tmp_path / "histories.jsonl")
    save_match(result, tmp_path, plots=False)
    lines = (tmp_path / "histories.jsonl").read_text().splitlines()
    (tmp_path / "histories.jsonl").write_text("\n".join([*lines[:-1], lines[-1][:40]]) + "\n")
    with pytest.raises(ReportError, match=rf"histories\.jsonl, line {len(lines)}"):
        build_report(tmp_path)
