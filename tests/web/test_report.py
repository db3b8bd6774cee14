"""``pokergym report`` in headless chromium: the tables it draws and the replayer, checked against the engine."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest

from pokergym.arena.artifacts import read_histories
from pokergym.cards import format_cards
from pokergym.engine.actions import Action, ActionKind
from pokergym.engine.history import HandHistory
from pokergym.engine.state import HandState
from pokergym.errors import ReportError
from pokergym.web.report import write_report


def engine_steps(hand: HandHistory) -> list[tuple[int, str, list[int]]]:
    """Pot, visible board and stacks after the blinds and after each action, as the engine has them."""
    deck = (*hand.hole_cards[hand.button], *hand.hole_cards[1 - hand.button], *hand.board)
    state = HandState.new(hand.config, button=hand.button, deck=deck)
    steps = [(state.pot, format_cards(state.board), list(state.stacks))]
    for record in hand.actions:
        raises = record.kind in (ActionKind.BET, ActionKind.RAISE)
        state.apply(Action(record.kind, record.to) if raises else Action(record.kind), seat=record.seat)
        steps.append((state.pot, format_cards(state.board), list(state.stacks)))
    return steps


@pytest.fixture(scope="module")
def report(small_run: Path) -> Path:
    return write_report(small_run)


def open_report(page: Any, report: Path) -> float:
    started = time.perf_counter()
    page.goto(report.as_uri())
    page.wait_for_selector("body[data-match-loaded='0']")
    return time.perf_counter() - started


def test_crosstable_has_a_cell_per_ordered_pairing(page: Any, report: Path) -> None:
    seconds = open_report(page, report)
    print(f"report of {report.stat().st_size} bytes opened in {seconds:.2f} s")
    names = json.loads((report.parent / "results.json").read_text())["names"]
    assert page.locator("#crosstable td.xt-cell").count() == len(names) * (len(names) - 1)
    assert page.locator("#crosstable td.diag").count() == len(names)
    assert page.locator("#ranking tr").count() == len(names) + 1
    assert page.locator("#charts canvas").count() == 3


def test_replayer_reproduces_a_hand_step_by_step(page: Any, report: Path, small_run: Path) -> None:
    open_report(page, report)
    hands = list(read_histories(next((small_run / "histories").glob("00-*.jsonl"))))
    index = max(range(len(hands)), key=lambda i: (len(hands[i].actions), hands[i].showdown))
    hand = hands[index]
    page.select_option("#hand-select", value=str(index))
    expected = engine_steps(hand)
    assert page.inner_text(".step-text").startswith(f"step 1 of {len(expected)}")
    for at, (pot, board, stacks) in enumerate(expected):
        if at:
            page.click("#step-next")
        assert int(page.inner_text(".pot-value")) == pot, f"step {at}"
        assert page.get_attribute(".board", "data-board") == board, f"step {at}"
        shown = [int(page.inner_text(f".seat[data-seat='{seat}'] .stack-value")) for seat in (0, 1)]
        assert shown == stacks, f"step {at}"
        for seat in (0, 1):
            cards = page.locator(f".seat[data-seat='{seat}'] .hole .card")
            assert [cards.nth(k).get_attribute("data-card") for k in (0, 1)] == [
                format_cards([card]) for card in hand.hole_cards[seat]
            ]
    result = page.inner_text(".result-text")
    assert ("showdown" in result) == hand.showdown and str(abs(hand.payoffs[0])) in result
    page.click("#step-prev")
    assert int(page.inner_text(".pot-value")) == expected[-2][0]


def test_search_by_pot_lists_the_right_hands(page: Any, report: Path, small_run: Path) -> None:
    open_report(page, report)
    page.select_option("#match-select", value="2")
    page.wait_for_selector("body[data-match-loaded='2']")
    hands = list(read_histories(next((small_run / "histories").glob("02-*.jsonl"))))
    pots = sorted(hand.replay().pot for hand in hands)
    threshold = pots[len(pots) // 2]
    page.fill("#filter-pot", str(threshold))
    assert page.locator("#hand-select option").count() == sum(pot >= threshold for pot in pots)
    page.select_option("#filter-result", value="won0")
    assert page.locator("#hand-select option").count() == sum(
        hand.replay().pot >= threshold and hand.payoffs[0] > 0 for hand in hands
    )


def test_a_folder_that_is_not_a_run_names_the_missing_file(tmp_path: Path) -> None:
    with pytest.raises(ReportError, match=r"no results\.json \(arena or ladder\) nor result\.json"):
        write_report(tmp_path)
    (tmp_path / "results.json").write_text('{"names": ["a"]}')
    with pytest.raises(ReportError, match="lacks 'ranking', 'crosstable', 'matches'"):
        write_report(tmp_path)
