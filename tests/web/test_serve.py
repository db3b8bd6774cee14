"""``pokergym serve`` in headless chromium: a hand against ``call`` through the page, illegal input, watch, reports."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pokergym.arena.artifacts import read_histories


def wait_for_answer(page: Any, seq: int) -> int:
    """Wait until the page has handled its ``seq``-th answer from the server."""
    page.wait_for_selector(f"body[data-seq='{seq}']")
    return seq + 1


def test_a_full_hand_against_call_through_the_page(page: Any, server: tuple[str, Path]) -> None:
    url, out = server
    page.goto(url)
    seq = wait_for_answer(page, 1)  # the page deals a first hand against the default agent
    assert page.inner_text("#opponent-name").startswith("call")
    assert page.inner_text("#legal") == "legal: f (fold), c (call 50), r N (raise to 200..20000), a (all-in)"
    page.fill("#raise-amount", "300")  # exact input; the slider follows
    page.dispatch_event("#raise-amount", "input")
    assert page.input_value("#raise-slider") == "300"
    page.click("#btn-raise")
    seq = wait_for_answer(page, seq)
    assert page.inner_text("#message") == ""
    assert page.inner_text("#play-pot") == "600" and page.inner_text("#play-street") == "flop"
    assert len(page.get_attribute("#play-board", "data-board")) == 6
    while page.is_disabled("#btn-next"):
        page.click("#btn-check" if page.is_enabled("#btn-check") else "#btn-call")
        seq = wait_for_answer(page, seq)
    (hand,) = read_histories(out / "histories.jsonl")  # saved and proved by replay
    assert hand.names == ("you", "call") and hand.showdown
    result = page.inner_text("#play-result")
    assert result.startswith("showdown") and str(abs(hand.payoffs[0])) in result
    assert page.locator("#opponent-hole .card[data-card]").count() == 2
    page.click("#btn-next")
    wait_for_answer(page, seq)
    assert "you are the big blind" in page.inner_text("#play-log")
    assert page.inner_text("#play-pot") == "200" and page.is_enabled("#btn-check")  # the call station limped


def test_illegal_input_shows_the_engines_message(page: Any, server: tuple[str, Path]) -> None:
    url, out = server
    page.goto(url)
    seq = wait_for_answer(page, 1)
    page.fill("#raise-amount", "150")
    page.click("#btn-raise")
    seq = wait_for_answer(page, seq)
    message = page.inner_text("#message")
    assert message == (
        "illegal action 'raise to 150' by seat 0 on the preflop: raise-to amount 150 is outside 200..20000; "
        "legal: fold, call 50, raise to 200..20000"
    )
    page.fill("#raise-amount", "")  # an empty amount reaches the server
    page.click("#btn-raise")
    seq = wait_for_answer(page, seq)
    assert page.inner_text("#message").startswith("a bet or raise needs a whole number of chips")
    page.fill("#agent-spec", "nosuchagent")
    page.click("#new-game")
    wait_for_answer(page, seq)
    assert "no agent named 'nosuchagent'" in page.inner_text("#message")
    assert "Traceback" not in page.content()
    assert not (out / "histories.jsonl").exists()  # nothing was played to the end


def test_watch_two_agents_and_open_a_report(page: Any, server: tuple[str, Path], small_run: Path) -> None:
    url, out = server
    page.goto(url)
    seq = wait_for_answer(page, 1)
    page.select_option("#watch-a", "random")
    page.fill("#watch-hand", "3")
    page.click("#watch-go")
    wait_for_answer(page, seq)
    (hand,) = read_histories(out / "watched.jsonl")
    assert hand.names == ("random", "call") and hand.hand_id == 3
    page.click("#watch-last")
    assert int(page.inner_text("#watch-table .pot-value")) == hand.replay().pot
    link = page.locator("#reports-list a", has_text=small_run.name)
    page.goto(url + link.get_attribute("href"))
    page.wait_for_selector("body[data-match-loaded='0']")
    assert page.locator("#crosstable td.xt-cell").count() == 6
