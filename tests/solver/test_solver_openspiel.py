"""The solver against OpenSpiel's universal_poker and OpenSpiel's own CFR+ on the same river subgame.

OpenSpiel (2.0.2) starts a subgame on given board cards with given hand reaches (``boardCards``,
``handReaches``). Two of its details shape the set-up: its ``potSize`` parameter does not reach the
payoffs or the pot-sized bet (measured: a check-down then pays 1/500 of the pot's value), so the pot is
posted as two blinds of half the pot each, which both count and leave no bet to face; and its one chance
node deals all 1,624,350 pairs of hands, those holding a board card with probability 0, which its CFR
cannot apply, so a thin wrapper lists only the deals with positive probability (and keeps that list).
Its ``fcpa`` betting is fold, call, a pot-sized bet or raise, and all-in: the solver's menu ``100,a``
with no raise cap is the same game.
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np
import pytest

from pokergym.cards import format_cards, parse_cards
from pokergym.evaluator.combos import COMBO_CARDS, N_COMBOS
from pokergym.solver import Menu, Range, Spot, solve

pyspiel = pytest.importorskip("pyspiel")
cfr = pytest.importorskip("open_spiel.python.algorithms.cfr")
expected_game_score = pytest.importorskip("open_spiel.python.algorithms.expected_game_score")

BOARD = "Td9d6h2cKs"
POT, BEHIND = 1000, 3000


def reach_index(first: int, second: int) -> int:
    """Position of a two-card hand in ``handReaches``: cards ordered by rank, then by suit in the order s, h, d, c."""
    order = sorted((card >> 2, 3 - (card & 3)) for card in (first, second))
    low, high = (rank * 4 + suit for rank, suit in order)
    return low * (2 * 52 - low - 3) // 2 + high - 1


class _State:
    """A universal_poker state whose chance node lists only the deals with positive probability."""

    _deals: ClassVar[dict[str, list[tuple[int, float]]]] = {}

    def __init__(self, state: Any) -> None:
        self._state = state

    def __getattr__(self, name: str) -> Any:
        return getattr(self._state, name)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        key = self._state.history_str()
        if key not in self._deals:
            self._deals[key] = [(a, p) for a, p in self._state.chance_outcomes() if p > 0.0]
        return self._deals[key]

    def legal_actions(self, *player: int) -> list[int]:
        if self._state.is_chance_node():
            return [action for action, _ in self.chance_outcomes()]
        return list(self._state.legal_actions(*player))

    def child(self, action: int) -> _State:
        return _State(self._state.child(action))

    def clone(self) -> _State:
        return _State(self._state.clone())


class _Game:
    def __init__(self, game: Any) -> None:
        self._game = game

    def __getattr__(self, name: str) -> Any:
        return getattr(self._game, name)

    def new_initial_state(self) -> _State:
        return _State(self._game.new_initial_state())

    def new_initial_states(self) -> list[_State]:
        return [self.new_initial_state()]


def openspiel_subgame(ranges: tuple[Range, Range]) -> _Game:
    board = parse_cards(BOARD)
    reaches = np.zeros(2 * N_COMBOS)
    for player, rng in enumerate(ranges):
        for combo, weight in enumerate(rng.without(board).weights):
            reaches[player * N_COMBOS + reach_index(*COMBO_CARDS[combo])] = weight
    half = POT // 2
    params = {
        "numPlayers": 2,
        "numRounds": 1,
        "numBoardCards": "5",
        "numHoleCards": 2,
        "numSuits": 4,
        "numRanks": 13,
        "blind": f"{half} {half}",
        "stack": f"{half + BEHIND} {half + BEHIND}",
        "firstPlayer": "1",
        "bettingAbstraction": "fcpa",
        "boardCards": format_cards(board),
        "handReaches": " ".join(repr(float(x)) for x in reaches),
    }
    _State._deals.clear()
    return _Game(pyspiel.load_game("universal_poker", params))


def test_the_reach_index_numbers_every_hand_once() -> None:
    assert sorted(reach_index(*cards) for cards in COMBO_CARDS) == list(range(N_COMBOS))


def test_a_checked_down_river_pays_the_same() -> None:
    ranges = (Range.parse("AA,QQ,T9s,54s"), Range.parse("KK,JJ,AQs"))
    root = openspiel_subgame(ranges).new_initial_state()
    value = 0.0
    for deal, probability in root.chance_outcomes():
        state = root.child(deal)
        state.apply_action(1)  # check
        state.apply_action(1)  # check
        value += probability * state.returns()[0]
    ours = solve(Spot(parse_cards(BOARD), POT, BEHIND, ranges, Menu.uniform("")), iterations=1).values()[0]
    assert ours - POT / 2 == pytest.approx(value, abs=1e-9)


def test_openspiels_cfr_plus_finds_the_same_game_value() -> None:
    """Pot-sized bets and all-in, any number of raises: the two equilibria's values within 0.5% of the pot."""
    ranges = (Range.parse("AA,T9s,54s"), Range.parse("KK,AQs"))
    game = openspiel_subgame(ranges)
    solver = cfr.CFRPlusSolver(game)
    for _ in range(300):
        solver.evaluate_and_update_policy()
    policy = solver.average_policy()
    theirs = expected_game_score.policy_value(game.new_initial_state(), [policy, policy])[0]
    menu = Menu.uniform("100,a", "100,a", raise_cap=99)
    solution = solve(Spot(parse_cards(BOARD), POT, BEHIND, ranges, menu), target_exploitability=0.0005)
    ours = solution.values()[0] - POT / 2
    assert abs(ours - theirs) <= 0.005 * POT
    assert abs(ours - theirs) <= 1.0  # measured 0.11 chips (2026-11-28)
