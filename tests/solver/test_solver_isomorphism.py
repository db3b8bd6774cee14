"""Suit isomorphism at chance nodes: the same game as dealing every card, on a smaller tree."""

from dataclasses import replace

import numpy as np
import pytest

from pokergym.cards import parse_card, parse_cards
from pokergym.errors import SolverError
from pokergym.evaluator.combos import COMBO_CARDS
from pokergym.solver import Gadget, Menu, Range, Solution, Spot, solve
from pokergym.solver import _cfr_kernel as K
from pokergym.solver.isomorphism import SWAPS, deal_classes, swap_suits, symmetric_swaps
from pokergym.solver.tree import DECISION, build_tree, count_tree

RANGES = (Range.parse("99+,AQs+,KQs,T9s,98s,76s"), Range.parse("TT+,AKs,KJs,QJs,JTs,65s"))


def flop(board: str = "Td9d6h", menu: Menu | None = None) -> Spot:
    return Spot(parse_cards(board), 1000, 3000, RANGES, menu or Menu.uniform("a", "", raise_cap=0))


@pytest.mark.parametrize(("board", "canonical", "twins"), [("Td9d6h", 36, 13), ("Td9d6d", 23, 26), ("Td9c6h", 49, 0)])
def test_every_card_is_dealt_once_either_walked_or_as_a_twin(board: str, canonical: int, twins: int) -> None:
    cards = parse_cards(board)
    candidates = [c for c in range(52) if c not in cards]
    deal = deal_classes(candidates, cards, symmetric_swaps(RANGES))
    covered = list(deal.cards) + [card for row in deal.twins for card, _ in row]
    assert sorted(covered) == candidates
    assert (len(deal.cards), len(covered) - len(deal.cards)) == (canonical, twins)
    for base, row in zip(deal.cards, deal.twins, strict=True):
        assert all(swap_suits(base, swap) == card and card & 3 > base & 3 for card, swap in row)


def test_a_range_that_tells_suits_apart_turns_the_swap_off() -> None:
    lopsided = (Range.parse("99+,AsKs"), RANGES[1])
    assert [SWAPS[s] for s in symmetric_swaps(lopsided)] == [(0, 1), (0, 2), (1, 2)]
    spot = Spot(parse_cards("Td9d6h"), 1000, 3000, lopsided, Menu.uniform("a", "", raise_cap=0))
    assert spot.suit_swaps == () and len(spot.deal(spot.board).cards) == 49


def test_a_symmetry_that_only_a_later_board_has_is_not_used() -> None:
    """On Td9d6h the turn 6c makes clubs and hearts alike, but the flop's strategies told them apart."""
    spot = flop()
    assert spot.suit_swaps == (SWAPS.index((0, 3)),)
    turned = (*spot.board, parse_card("6c"))
    assert len(spot.deal(turned).cards) == 48
    assert len(spot.deal((*spot.board, parse_card("2d"))).cards) == 35  # clubs and spades stay alike


def test_the_tree_shrinks_and_its_count_is_exact() -> None:
    spot = flop("Td9d6h", Menu.uniform("75", "a", raise_cap=1))
    full, iso = build_tree(replace(spot, isomorphism=False)), build_tree(spot)
    assert iso.n_nodes < 0.65 * full.n_nodes
    count = count_tree(spot)
    assert (count.nodes, list(count.slots)) == (iso.n_nodes, iso.slots)
    with pytest.raises(SolverError, match="isomorphism"):
        replace(spot, isomorphism="yes")


def _path(tree: object, node: int) -> list[tuple[str, int]]:
    steps = []
    while node != tree.root:  # type: ignore[attr-defined]
        steps.append(tree.label(node))  # type: ignore[attr-defined]
        node = int(tree.parent[node])  # type: ignore[attr-defined]
    return steps[::-1]


def _expand(iso: Solution, full: Solution) -> None:
    """Write the isomorphic solution's average strategy into every node of the full tree (twins with suits swapped)."""
    for node in np.flatnonzero(full.tree.kind == DECISION).tolist():
        target, suits = iso.tree.follow(_path(full.tree, node))
        player, count = int(full.tree.player[node]), int(full.tree.n_children[node])
        n = full.spot.n_hands[player]
        rows = iso._prepared.store[2 + player][iso.tree.offset[target] :][: count * n].reshape(count, n)
        start = full.tree.offset[node]
        full._prepared.store[2 + player][start : start + count * n] = rows[:, iso._columns(player, suits)].ravel()


@pytest.mark.parametrize(
    ("board", "menu"),
    [
        ("Td9d6h", Menu.uniform("a", "", raise_cap=0)),
        ("Td9d6d", Menu.uniform("a", "", raise_cap=0)),
        ("6h6c2d", Menu.uniform("a", "", raise_cap=0)),  # paired: clubs and hearts alike, diamonds and spades not
        ("Kh7h4c2c", Menu.uniform("50,a", "a", raise_cap=1)),  # a turn: diamonds and spades alike on the river
    ],
)
def test_the_isomorphic_solution_is_the_same_strategy_in_the_full_game(board: str, menu: Menu) -> None:
    """Spread over every card's subtree, the strategy has the same value and exploitability in the full tree."""
    spot = flop(board, menu)
    iso = solve(spot, iterations=6)
    full = solve(replace(spot, isomorphism=False), iterations=1)
    _expand(iso, full)
    assert sum(iso.values()) == pytest.approx(spot.pot, abs=1e-9)
    assert full.values() == pytest.approx(iso.values(), abs=1e-8)
    assert full._prepared.exploitability() == pytest.approx(iso._prepared.exploitability(), abs=1e-8)
    for p in range(2):
        np.testing.assert_allclose(full._prepared.walk(K.BEST_RESPONSE, p), iso._prepared.walk(K.BEST_RESPONSE, p))


def test_a_node_behind_a_twin_card_reads_in_its_own_suits() -> None:
    """Two iterations in, both trees agree to rounding; a path through 7s (a twin of 7c) shows 7s's node."""
    spot = flop("Td9d6h", Menu.uniform("75", "a", raise_cap=1))
    iso, full = solve(spot, iterations=2), solve(replace(spot, isomorphism=False), iterations=2)
    assert iso.tree.deals(iso.tree.find([("check", 0), ("check", 0)]))[parse_card("7s")][1] >= 0
    for turn, river in (("7s", "2c"), ("7c", "2s"), ("2d", "3s"), ("As", "Ac")):
        path = [("check", 0), ("check", 0), ("deal", parse_card(turn)), ("check", 0), ("bet", 750)]
        for node in (path, [*path[:4], ("check", 0), ("deal", parse_card(river))]):
            a, b = iso.node(node), full.node(node)
            np.testing.assert_allclose(a.strategy, b.strategy, atol=1e-9)
            for p in range(2):
                np.testing.assert_allclose(a.reach[p], b.reach[p], atol=1e-12)
                np.testing.assert_allclose(a.ev[p], b.ev[p], atol=1e-7)
                np.testing.assert_allclose(a.equity[p], b.equity[p], atol=1e-12)
    spade = iso.node([("check", 0), ("check", 0), ("deal", parse_card("7s"))])
    hands = list(spade.hands[0])
    reach = {combo: spade.reach[0][hands.index(int(Range.parse(combo).weights.argmax()))] for combo in ("7s6s", "7c6c")}
    assert reach["7s6s"] == 0.0 < reach["7c6c"]  # the dealt 7s blocks 7s6s, not the 7c6c of the tree's suits
    with pytest.raises(SolverError, match="no step"):
        iso.node([("check", 0), ("check", 0), ("deal", parse_card("Td"))])


def test_save_and_load_keep_the_setting(tmp_path: object) -> None:
    spot = flop()
    solution = solve(spot, iterations=3)
    path = f"{tmp_path}/iso.npz"
    solution.save(path)
    loaded = Solution.load(path)
    assert loaded.spot.isomorphism and loaded.tree.n_nodes == solution.tree.n_nodes
    assert loaded.exploitability == pytest.approx(solution.exploitability)


def test_a_gadget_whose_values_tell_suit_twins_apart_turns_isomorphism_off() -> None:
    spot = flop("Td9d6h", Menu.uniform("75", "", raise_cap=0))
    hands = spot.hands(0)
    lopsided = np.array([100.0 if 51 in COMBO_CARDS[int(c)] else 0.0 for c in hands])  # hands with the As
    symmetric = np.full(len(hands), 50.0)
    kept = solve(spot, iterations=3, gadget=Gadget(0, symmetric))
    dropped = solve(spot, iterations=3, gadget=Gadget(0, lopsided))
    assert kept.spot.isomorphism and not dropped.spot.isomorphism
    reference = solve(replace(spot, isomorphism=False), iterations=3, gadget=Gadget(0, lopsided))
    assert dropped.exploitability == pytest.approx(reference.exploitability, abs=1e-9)


def test_equities_above_a_chance_node_average_over_every_run_out() -> None:
    """No all-in on the flop: the tree holds only canonical run-outs, but an equity counts the twins' too."""
    spot = flop("Td9d6h", Menu.uniform("75", "", raise_cap=0))
    iso, full = solve(spot, iterations=2), solve(replace(spot, isomorphism=False), iterations=2)
    assert len(iso.tree.boards) < len(full.tree.boards)
    for path in ([], [("check", 0), ("bet", 750)], [("check", 0), ("check", 0), ("deal", parse_card("2d"))]):
        a, b = iso.node(path), full.node(path)
        for p in range(2):
            np.testing.assert_allclose(a.equity[p], b.equity[p], atol=1e-12)
