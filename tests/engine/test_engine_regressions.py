"""One regression test per defect of the RLCard / PettingZoo no-limit hold'em.

PettingZoo's ``texas_holdem_no_limit`` wraps RLCard's ``no-limit-holdem``,
so they share these defects. Each test is named after the defect and checks
that the pokergym engine does the rulebook thing instead.
"""

from __future__ import annotations

import pytest

from pokergym.cards import parse_cards
from pokergym.engine import Action, ActionKind, GameConfig, HandState, Street
from pokergym.errors import IllegalActionError

DECK = parse_cards("AsAh KsKh 2c7d9h Js Qd")
BUTTONS = pytest.mark.parametrize("button", [0, 1])


def new(button: int = 0, stacks: tuple[int, int] = (20000, 20000)) -> HandState:
    return HandState.new(GameConfig(stacks=stacks), button=button, deck=DECK)


def pot_raise_to(state: HandState) -> int:
    """Pot-sized raise-to: call first, then raise by the pot as it is after the call.

    ``to_call + (pot + to_call) + own street bet``.
    """
    own = state.bets[state.actor]
    return state.to_call + (state.pot + state.to_call) + own


def rlcard_pot_raise_to(state: HandState) -> int:
    """RLCard's ``RAISE_POT``: the seat adds the pot to its own bet, without calling first.

    (``rlcard/games/nolimitholdem/round.py``: ``player.bet(chips=self.dealer.pot)``.)
    """
    return state.bets[state.actor] + state.pot


@BUTTONS
def test_rlcard_small_blind_acts_first_postflop(button: int) -> None:
    """RLCard/PettingZoo let the small blind (button) act first after the flop; the big blind must."""
    state = new(button)
    state.call()
    state.check()
    for street in (Street.FLOP, Street.TURN, Street.RIVER):
        assert state.street == street
        assert state.actor == state.big_blind_seat == 1 - button
        assert not state.can_apply(Action.check(), seat=button)
        state.check()
        state.check()


def test_rlcard_button_never_alternates() -> None:
    """RLCard/PettingZoo keep the same seat on the button; the engine puts it where the caller says."""
    openers = []
    for button in (0, 1):
        state = new(button)
        assert state.button == button
        assert state.bets[button] == 50 and state.bets[1 - button] == 100
        openers.append(state.actor)
        state.call()
        state.check()
        assert state.actor == 1 - button  # and the order after the flop follows it
    assert openers == [0, 1]


def test_rlcard_min_raise_not_enforced() -> None:
    """RLCard accepts a raise to 3 over a bet of 2; in chips: over a bet of 200, 300 is illegal, 400 legal."""
    state = new()
    state.call()
    state.check()
    state.raise_to(200)  # the big blind bets 200 on the flop
    assert state.min_raise_to == 400
    for too_small in (201, 300, 399):
        assert not state.can_apply(Action.raise_to(too_small))
        with pytest.raises(IllegalActionError, match=r"outside 400\.\.19900"):
            state.raise_to(too_small)
    assert state.can_apply(Action.raise_to(400))
    state.raise_to(400)
    assert state.bets == [400, 200]


def test_rlcard_pot_raise_does_not_call_first() -> None:
    """A pot-sized raise by the small blind preflop is to 300 chips (3 BB), not 2 BB.

    Pot after calling the 50 = 200; raise by it on top of the 100 called to:
    50 (own blind) + 50 (call) + 200 = 300. RLCard's "raise pot" comes to
    200 chips (2 BB): 50 + the 150 pot, the call forgotten.
    """
    state = new()
    assert pot_raise_to(state) == 300
    assert rlcard_pot_raise_to(state) == 200
    assert pot_raise_to(state) != rlcard_pot_raise_to(state)
    assert state.can_apply(Action.raise_to(300))
    state.raise_to(300)
    # Facing 300, the big blind's pot raise: 100 + 200 + (400 + 200) = 900.
    assert pot_raise_to(state) == 900
    state.raise_to(900)
    assert state.pot == 1200


def test_rlcard_pot_raise_postflop() -> None:
    """Facing a 100 bet into 200, a pot raise is to 100 + (300 + 100) = 500."""
    state = new()
    state.call()
    state.check()
    state.raise_to(100)
    assert pot_raise_to(state) == 500
    state.raise_to(500)
    assert state.history[-1].kind == ActionKind.RAISE and state.history[-1].to == 500


@pytest.mark.parametrize(
    ("prefix", "illegal"),
    [
        ([], Action.check()),  # facing the big blind
        ([], Action.raise_to(150)),  # below the minimum raise
        ([], Action.raise_to(25000)),  # above the stack
        ([Action.call()], Action.fold()),  # checking is free
        ([Action.call()], Action.call()),  # nothing to call
        ([Action.call(), Action.check()], Action.raise_to(50)),  # below the minimum bet
    ],
)
def test_rlcard_illegal_action_silently_becomes_check_or_fold(prefix: list[Action], illegal: Action) -> None:
    """RLCard/PettingZoo turn an illegal action into a check or fold; the engine raises and changes nothing."""
    state = new()
    for action in prefix:
        state.apply(action)
    before = (state.actor, state.street, state.stacks[:], state.bets[:], len(state.history))
    with pytest.raises(IllegalActionError, match="legal: "):
        state.apply(illegal)
    assert (state.actor, state.street, state.stacks, state.bets, len(state.history)) == before
    assert not state.terminal


@BUTTONS
def test_rlcard_fold_legal_when_checking_is_free(button: int) -> None:
    """RLCard/PettingZoo offer fold when checking is free; the engine does not."""
    state = new(button)
    state.call()  # limp: the big blind may check
    assert not state.legal_actions().can_fold
    assert not state.can_apply(Action.fold())
    state.check()  # flop: the big blind checks first, nothing to call
    assert not state.legal_actions().can_fold
    with pytest.raises(IllegalActionError, match="folding is only legal when facing a bet"):
        state.fold()
