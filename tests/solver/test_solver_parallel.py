"""A walk split over threads is the single walk, bit for bit."""

import numpy as np
import pytest

from pokergym.cards import parse_cards
from pokergym.errors import SolverError
from pokergym.solver import Gadget, Menu, Range, Spot, solve
from pokergym.solver.parallel import Split
from pokergym.solver.tree import CHANCE, build_tree

RANGES = (Range.parse("99+,AQs+,KQs,T9s,98s,76s"), Range.parse("TT+,AKs,KJs,QJs,JTs,65s"))


@pytest.mark.parametrize(
    ("board", "menu", "algorithm", "gadget"),
    [
        ("Td9d6h", Menu.uniform("75", "a", raise_cap=1), "dcfr", False),  # suit twins at the turn and river
        ("Td9d6d", Menu.uniform("a", "", raise_cap=0), "cfr+", False),
        ("Kh7h4c2c", Menu.uniform("50,a", "a", raise_cap=1), "dcfr", True),  # a re-solving gadget
        ("Td9d6h", Menu.uniform("75", "a", raise_cap=1), "pdcfr+", True),
    ],
)
def test_threads_change_nothing_but_the_clock(board: str, menu: Menu, algorithm: str, gadget: bool) -> None:
    spot = Spot(parse_cards(board), 1000, 3000, RANGES, menu)
    extra = {"gadget": Gadget(0, np.linspace(-100.0, 300.0, spot.n_hands[0]))} if gadget else {}
    one = solve(spot, iterations=7, algorithm=algorithm, **extra)  # type: ignore[arg-type]
    three = solve(spot, iterations=7, algorithm=algorithm, threads=3, **extra)  # type: ignore[arg-type]
    assert three._prepared.split is not None and one._prepared.split is None
    for mine, theirs in zip(one._prepared.store, three._prepared.store, strict=True):
        assert np.array_equal(mine, theirs)
    assert one.values() == three.values()
    assert one.exploitability == three.exploitability


def test_split_nodes_are_the_first_chance_nodes() -> None:
    tree = build_tree(Spot(parse_cards("Td9d6h"), 1000, 3000, RANGES, Menu.uniform("75", "a", raise_cap=1)))
    split = Split.of(tree)
    assert split.nodes and all(tree.kind[n] == CHANCE for n in split.nodes)
    for node in np.flatnonzero(tree.kind == CHANCE).tolist():
        above = [node]
        while above[-1] != tree.root:
            above.append(int(tree.parent[above[-1]]))
        firsts = [n for n in above if tree.kind[n] == CHANCE]
        assert firsts[-1] in split.nodes  # every chance node lies under exactly one split node (or is one)
        assert sum(n in split.nodes for n in firsts) == 1
    for node, path in zip(split.nodes, split.paths, strict=True):
        assert [int(tree.parent[c]) for c in [*(n for n, _ in path[1:]), node]] == [n for n, _ in path]


def test_a_river_spot_has_nothing_to_split_and_bad_thread_counts_are_refused() -> None:
    river = Spot(parse_cards("Td9d6h2cKs"), 1000, 3000, RANGES, Menu.uniform("75"))
    assert solve(river, iterations=3, threads=2)._prepared.split is None
    for bad in (0, -1, 1.5, True):
        with pytest.raises(SolverError, match="threads"):
            solve(river, iterations=1, threads=bad)  # type: ignore[arg-type]
