"""Range-vs-range postflop solver: ranges, spots with real-chip bet menus, Discounted CFR, exact exploitability.

A spot starts at the beginning of the flop, turn or river with a pot, an
effective stack and both players' ranges; :func:`solve` runs Discounted CFR
(or CFR+) over the whole tree to the end of the hand, dealing every turn and
river card (a card that differs from another only by suits both ranges and the
board treat alike is walked once: :mod:`.isomorphism`), optionally on several
threads (:mod:`.parallel`), and measures the average strategies'
exploitability with exact best responses on the same tree.

Example:
    >>> from pokergym.cards import parse_cards
    >>> spot = Spot(parse_cards("Td9d6h2c"), pot=1000, stack=2000,
    ...             ranges=(Range.parse("TT,99,AdKd,QJ"), Range.parse("JJ,AT,87s")), menu=Menu.uniform("50,a"))
    >>> solution = solve(spot, target_exploitability=0.005)
    >>> solution.exploitability_pct <= 0.5
    True
"""

from pokergym.solver.ranges import Range, class_of_combo, hand_classes
from pokergym.solver.solution import NodeView, Solution
from pokergym.solver.solve import Gadget, estimate_bytes, solve
from pokergym.solver.spot import Menu, Sizes, Spot, TreeAction
from pokergym.solver.tree import GameTree, build_tree, count_tree

__all__ = [
    "Gadget",
    "GameTree",
    "Menu",
    "NodeView",
    "Range",
    "Sizes",
    "Solution",
    "Spot",
    "TreeAction",
    "build_tree",
    "class_of_combo",
    "count_tree",
    "estimate_bytes",
    "hand_classes",
    "solve",
]
