import pytest

from pokergym.cards import parse_cards
from pokergym.errors import CardError, PokerGymError, RangeError, SolverError
from pokergym.solver import Menu, Range, Sizes, Spot, build_tree, count_tree, estimate_bytes, solve
from pokergym.solver.tree import CHECKDOWN, DECISION

RIVER = parse_cards("Ks7d2c5h9s")
WIDE = (Range.parse("22+,A2s+,KTo+,QJs"), Range.parse("33+,A5s+,KJo+,T9s"))


def spot(**changes: object) -> Spot:
    args: dict[str, object] = {
        "board": RIVER,
        "pot": 1000,
        "stack": 9000,
        "ranges": WIDE,
        "menu": Menu.uniform("33,75,a", "2.5x,a"),
    }
    args.update(changes)
    return Spot(**args)  # type: ignore[arg-type]


def actions(s: Spot, path: tuple[tuple[str, int], ...] = ()) -> list[tuple[str, int]]:
    tree = build_tree(s)
    return [tree.label(c) for c in tree.children_of(tree.find(path))]


def test_bets_are_pot_fractions_in_chips_and_all_in() -> None:
    assert actions(spot()) == [("check", 0), ("bet", 330), ("bet", 750), ("bet", 9000)]


def test_raises_follow_the_menu_and_the_minimum_raise() -> None:
    # facing 330: 2.5x = 825, but the minimum raise-to is 330 + 330 = 660, so 825 stands
    assert actions(spot(), (("bet", 330),)) == [("fold", 0), ("call", 330), ("raise", 825), ("raise", 9000)]
    # a 1.5x raise is below the minimum (2x) and becomes the minimum raise
    s = spot(menu=Menu.uniform("50", "1.5x"))
    assert actions(s, (("check", 0), ("bet", 500))) == [("fold", 0), ("call", 500), ("raise", 1000)]


def test_small_bets_become_one_big_blind_and_big_ones_all_in() -> None:
    assert actions(spot(pot=150, menu=Menu.uniform("10"))) == [("check", 0), ("bet", 100)]
    # 300% of 1000 = 3000 is 0.67 of the 4000 behind: all-in
    assert actions(spot(stack=4000, menu=Menu.uniform("300"))) == [("check", 0), ("bet", 4000)]


def test_raise_cap_ends_raising() -> None:
    s = spot(menu=Menu.uniform("50", "3x", raise_cap=1))
    assert actions(s, (("bet", 500), ("raise", 1500))) == [("fold", 0), ("call", 1500)]


def test_geometric_size_gets_the_stacks_in_by_the_river() -> None:
    s = spot(board=parse_cards("Ks7d2c"), pot=1000, stack=13000, menu=Menu.uniform("e"))
    # (1 + 2f)^3 = 1 + 2 * 13000 / 1000 = 27: f = 1, a pot-sized bet
    assert actions(s) == [("check", 0), ("bet", 1000)]


def test_an_extra_action_enters_the_tree_at_its_node() -> None:
    s = spot().with_extra((("check", 0),), 1234)
    assert ("bet", 1234) in actions(s, (("check", 0),))
    assert ("bet", 1234) not in actions(s)


def test_an_illegal_extra_action_is_refused_with_the_legal_range() -> None:
    s = spot().with_extra((("bet", 330),), 500)
    with pytest.raises(SolverError, match=r"660\.\.9000"):
        build_tree(s)


def test_counting_matches_building() -> None:
    for board in ("Ks7d2c5h9s", "Ks7d2c5h"):
        s = spot(board=parse_cards(board), menu=Menu.uniform("50,a", "a", raise_cap=1))
        count = count_tree(s)
        tree = build_tree(s)
        assert count.nodes == tree.n_nodes
        assert count.slots == tuple(tree.slots)


def test_depth_limit_checks_the_hand_down() -> None:
    s = spot(board=parse_cards("Ks7d2c"), menu=Menu.uniform("50", "a", raise_cap=0), betting_streets=1)
    tree = build_tree(s)
    assert (tree.kind == CHECKDOWN).sum() == 3  # check-check, check-bet-call, bet-call
    assert (tree.kind == DECISION).sum() == 4


def test_the_memory_guard_refuses_what_does_not_fit() -> None:
    s = spot(board=parse_cards("Ks7d2c"), menu=Menu.uniform("33,75,a", "60,a", raise_cap=3))
    assert estimate_bytes(s) > 1 << 30
    with pytest.raises(SolverError, match=r"too large.*GiB"):
        solve(s, iterations=1, max_bytes=1 << 30)


@pytest.mark.parametrize(
    ("changes", "error"),
    [
        ({"board": (51, 51, 21)}, CardError),
        ({"board": parse_cards("Ks7d")}, SolverError),
        ({"stack": 50}, SolverError),
        ({"pot": 0}, SolverError),
        ({"ranges": (Range.parse("AsKs"), WIDE[1])}, RangeError),
        ({"betting_streets": 3}, SolverError),
        ({"betting_streets": True}, SolverError),
        ({"board": "Ks7d2c"}, SolverError),
        ({"extra_actions": ((("bet", 5),), 3)}, SolverError),
    ],
)
def test_bad_spots_are_typed_errors(changes: dict[str, object], error: type[PokerGymError]) -> None:
    with pytest.raises(error):
        spot(**changes)


def test_a_menu_of_text_is_refused() -> None:
    with pytest.raises(SolverError, match="Sizes"):
        Menu((("50", "50"),) * 3, (("50", "50"),) * 3)  # type: ignore[arg-type]


@pytest.mark.parametrize("path", [(("bet", 999),), (("foo", 0),), (("check", 0), ("check", 0), ("deal", 0))])
def test_an_extra_action_whose_path_is_in_no_tree_is_refused(path: tuple[tuple[str, int], ...]) -> None:
    s = spot(board=parse_cards("Ks7d2c5h9s"), menu=Menu.uniform("50"))
    with pytest.raises(SolverError, match="no decision"):
        build_tree(s.with_extra(path, 700))


@pytest.mark.parametrize("text", ["0", "-50", "x", "1x", "nan"])
def test_bad_sizes_are_typed_errors(text: str) -> None:
    with pytest.raises(SolverError, match="size"):
        Sizes.parse(text)
