"""The table shared by both environments: turn order, hand over, penalties."""

from __future__ import annotations

import pytest

from pokergym.engine import Dealer, GameConfig
from pokergym.envs import HandTable
from pokergym.errors import HandOverError, IllegalActionError, OutOfTurnError


def test_nothing_works_before_the_first_deal() -> None:
    table = HandTable()
    with pytest.raises(HandOverError, match="reset"):
        table.observe(0)
    with pytest.raises(HandOverError):
        table.act(0, 1)


def test_only_the_seat_to_act_may_act() -> None:
    table = HandTable(button=0)
    table.deal(Dealer.from_seed(0))
    with pytest.raises(OutOfTurnError, match="seat 1 cannot act"):
        table.act(1, 1)


def test_penalty_mode_aborts_the_hand_and_blanks_both_masks() -> None:
    table = HandTable(GameConfig(), button=0, illegal_action="penalty", illegal_penalty=2.0)
    table.deal(Dealer.from_seed(0))
    table.act(0, 1)
    assert table.act(1, 0) is False and table.aborted and table.penalty == 2.0
    assert not table.observe(0)["action_mask"].any() and not table.observe(1)["action_mask"].any()
    with pytest.raises(HandOverError):
        table.act(1, 1)
    table.deal(Dealer.from_seed(1))
    assert not table.aborted


def test_raise_mode_keeps_the_hand_playable() -> None:
    table = HandTable(button=0)
    table.deal(Dealer.from_seed(0))
    table.act(0, 1)
    with pytest.raises(IllegalActionError):
        table.act(1, 0)
    assert table.act(1, 1) is True


def test_alternation_restarts_from_a_random_button_after_reseeding() -> None:
    table = HandTable()
    firsts = set()
    for seed in range(20):
        table.reseed()
        dealer = Dealer.from_seed(seed)
        buttons = [table.deal(dealer).button for _ in range(4)]
        assert buttons[1:] == [1 - buttons[0], buttons[0], 1 - buttons[0]]
        firsts.add(buttons[0])
    assert firsts == {0, 1}
