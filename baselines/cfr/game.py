"""The single-street abstract betting tree of the LiveGTO method.

Two players, out of position (OOP, player 0, acts first) and in position
(IP, player 1), each start with half of a pot of 1 already in. OOP checks or
bets one of the sizes (fractions of the pot); after a check IP checks (a
showdown) or bets; facing a bet a player folds, calls (a showdown) or raises
once; facing the raise the bettor folds or calls. There are no stacks: the
abstract game never runs out of chips.

A raise first calls the bet and then adds ``raise_factor`` times the bet, as
in the seed (a raise of a 0.33 bet puts in 0.33 + 2.5 x 0.33 = 1.155): the
raise-to amount is ``(1 + raise_factor)`` times the bet.

Histories are strings of action codes: ``x`` check, ``b<k>`` bet of size
index ``k``, ``r`` raise, ``c`` call, ``f`` fold. With the default three sizes
the tree has 14 decision histories (``""``, ``"x"``, ``"b0"``..``"b2"``,
``"xb0"``..``"xb2"``, ``"b0r"``..``"b2r"``, ``"xb0r"``..``"xb2r"``).

Example:
    >>> tree = build_tree()
    >>> len(tree.decisions), tree.node("xb1").actions
    (14, ('fold', 'call', 'raise'))
    >>> tree.node("xb1r").player, [round(x, 3) for x in tree.node("xb1rc").invested]
    (1, [2.81, 2.81])
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

__all__ = ["DEFAULT_BETTING", "IP", "OOP", "BettingConfig", "BettingTree", "Node", "build_tree"]

OOP: Final = 0
"""The player who acts first (not the button after the flop)."""
IP: Final = 1
"""The player who acts second (the button after the flop)."""


@dataclass(frozen=True, slots=True)
class BettingConfig:
    """Sizes of the abstract game.

    Attributes:
        bet_fractions: bet sizes as fractions of the pot, smallest first.
        raise_factor: a raise calls the bet and adds this many times the bet.
        raises: whether a bet may be raised (once).
    """

    bet_fractions: tuple[float, ...] = (0.33, 0.66, 1.0)
    raise_factor: float = 2.5
    raises: bool = True

    def __post_init__(self) -> None:
        """Check the sizes.

        Raises:
            ValueError: for no sizes, a non-positive or unsorted size, or a non-positive raise factor.
        """
        sizes = self.bet_fractions
        if not sizes or any(f <= 0 for f in sizes) or list(sizes) != sorted(set(sizes)):
            raise ValueError(f"bet_fractions must be positive and strictly increasing, got {sizes}")
        if self.raise_factor <= 0:
            raise ValueError(f"raise_factor must be positive, got {self.raise_factor}")


DEFAULT_BETTING: Final = BettingConfig()
"""The seed's sizes: bets of 33, 66 and 100% pot, raises adding 2.5x the bet."""


@dataclass(frozen=True, slots=True)
class Node:
    """One node of the tree.

    Attributes:
        index: position in :attr:`BettingTree.nodes`.
        history: the action codes leading here.
        player: who acts (``OOP`` or ``IP``), or ``-1`` at a terminal.
        actions: action names at a decision (empty at a terminal).
        children: node indices, one per action.
        invested: chips each player has put in (including the starting half pot).
        folder: at a terminal, the player who folded, or ``-1`` for a showdown.
    """

    index: int
    history: str
    player: int
    actions: tuple[str, ...]
    children: tuple[int, ...]
    invested: tuple[float, float]
    folder: int

    @property
    def terminal(self) -> bool:
        """Whether the node ends the game."""
        return self.player < 0


@dataclass(frozen=True, slots=True)
class BettingTree:
    """The game tree: nodes in depth-first order, the root first.

    Attributes:
        config: the sizes it was built from.
        nodes: every node; ``nodes[0]`` is the root.
    """

    config: BettingConfig
    nodes: tuple[Node, ...]

    @property
    def decisions(self) -> tuple[Node, ...]:
        """The decision nodes, in tree order."""
        return tuple(n for n in self.nodes if not n.terminal)

    def node(self, history: str) -> Node:
        """The node reached by ``history``.

        Raises:
            KeyError: if no node has that history.

        Example:
            >>> build_tree().node("b2").actions
            ('fold', 'call', 'raise')
        """
        for node in self.nodes:
            if node.history == history:
                return node
        raise KeyError(f"no node with history {history!r}")


def _bet_name(fraction: float) -> str:
    return f"bet{round(fraction * 100)}"


def build_tree(config: BettingConfig = DEFAULT_BETTING) -> BettingTree:
    """Build the single-street tree of ``config``.

    Example:
        >>> kuhn = build_tree(BettingConfig(bet_fractions=(0.5,), raises=False))
        >>> [n.history for n in kuhn.decisions]
        ['', 'x', 'xb0', 'b0']
    """
    nodes: list[Node] = []

    def add(history: str, player: int, invested: tuple[float, float], folder: int = -1) -> int:
        index = len(nodes)
        nodes.append(Node(index, history, player, (), (), invested, folder))
        return index

    def finish(index: int, actions: list[str], children: list[int]) -> int:
        old = nodes[index]
        nodes[index] = Node(index, old.history, old.player, tuple(actions), tuple(children), old.invested, -1)
        return index

    def facing(history: str, player: int, invested: tuple[float, float], bet: float, raised: bool) -> int:
        index = add(history, player, invested)
        top = max(invested)
        called = (top, top)
        actions = ["fold", "call"]
        children = [add(history + "f", -1, invested, folder=player), add(history + "c", -1, called)]
        if not raised and config.raises:
            mine = list(invested)
            mine[player] = top + config.raise_factor * bet
            actions.append("raise")
            children.append(facing(history + "r", 1 - player, (mine[0], mine[1]), bet, True))
        return finish(index, actions, children)

    def opening(history: str, player: int) -> int:
        index = add(history, player, (0.5, 0.5))
        actions = ["check"]
        children = [add(history + "x", -1, (0.5, 0.5)) if player == IP else opening("x", IP)]
        for k, fraction in enumerate(config.bet_fractions):
            mine = [0.5, 0.5]
            mine[player] += fraction
            actions.append(_bet_name(fraction))
            children.append(facing(f"{history}b{k}", 1 - player, (mine[0], mine[1]), fraction, False))
        return finish(index, actions, children)

    opening("", OOP)
    return BettingTree(config, tuple(nodes))
