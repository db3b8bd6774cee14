"""The compiled showdown and fold values against every pair of hands compared one by one."""

import numpy as np
import pytest

from pokergym.cards import parse_cards
from pokergym.evaluator import evaluate
from pokergym.evaluator.combos import COMBO_CARDS
from pokergym.solver import Menu, Range, Spot
from pokergym.solver import _cfr_kernel as K
from pokergym.solver.solve import prepare

RANGES = (Range.parse("22+,A2s+,K9s+,QTs+,JTs,T9s,A9o+,KTo+,QJo"), Range.parse("44+,A5s+,KTs+,Q9s+,J9s+,ATo+,KJo"))


def pairwise(spot: Spot, board: tuple[int, ...], player: int, reach: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Per hand of ``player``: (reach it beats minus reach it loses to, compatible reach), pair by pair."""
    mine = [COMBO_CARDS[int(c)] for c in spot.hands(player)]
    theirs = [COMBO_CARDS[int(c)] for c in spot.hands(1 - player)]
    ranks_mine = [evaluate(list(board) + list(h)) for h in mine]
    ranks_theirs = [evaluate(list(board) + list(h)) for h in theirs]
    net, compatible = np.zeros(len(mine)), np.zeros(len(mine))
    for i, hand in enumerate(mine):
        for j, other in enumerate(theirs):
            if set(hand) & set(other):
                continue
            compatible[i] += reach[j]
            net[i] += reach[j] * np.sign(ranks_theirs[j] - ranks_mine[i])  # lower rank is stronger
    return net, compatible


@pytest.mark.parametrize("player", [0, 1])
def test_showdown_and_fold_values_match_the_pairwise_sums(player: int) -> None:
    board = parse_cards("Td9d6h2cKs")
    spot = Spot(board, 1000, 4000, RANGES, Menu.uniform("50"))
    prepared = prepare(spot)
    reach = np.random.default_rng(player).random(spot.n_hands[1 - player])
    reach[::7] = 0.0
    net, compatible = pairwise(spot, board, player, reach)
    pot, amount = 1000.0, 300.0
    values = K._showdown(player, 0, pot, amount, reach, prepared.hands_args, prepared.boards_args)
    # a win takes the pot and the opponent's amount, a loss gives up the amount, a tie splits the pot
    np.testing.assert_allclose(values, (amount + pot / 2) * net + pot / 2 * compatible, rtol=1e-12, atol=1e-9)
    np.testing.assert_allclose(prepared.compatible(player, reach), compatible, rtol=1e-12, atol=1e-9)
