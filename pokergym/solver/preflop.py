"""A preflop abstraction of heads-up no-limit, solved by Discounted CFR over the 169 hand classes.

The preflop betting is played out in full (real chips, the engine's rules:
minimum raise the last full raise, all-in for less) on a menu of sizes
(:class:`PreflopMenu`): the button's opens, the big blind's raise over a limp,
re-raises as multiples of the raise faced, all-in at every raise. A line that
ends all-in is worth its showdown equity. A line that reaches the flop is not
played on: the pot goes to the players by their equity, the big blind (out of
position after the flop) *realising* only ``realization`` of its equity at a
stack-to-pot ratio of ``full_spr`` or more, all of it when the stacks are
in, linearly in between; the button gets the rest of the pot. Where the big
blind made the last raise (a 3-bet the button called) the initiative offsets
the position: it realises ``raiser_realization`` (all of its equity by default). This is the
equity-realisation model of preflop charts: it prices a call out of position
in a deep pot below its raw equity, so that the defence falls as the open
grows, which raw equity alone does not do (a call of a 5-big-blind open
"realising" its full equity defends almost as wide as against a min-raise).
With ``curve`` above 1 a matchup's equity ``e`` counts as ``e**k / (e**k + (1 - e)**k)``
before the realisation applies: the hand ahead realises more than its equity and
the hand behind less, as betting on later streets makes them (a linear model
gives the button's weakest hands more than their equity, so that it plays
almost all of them).

Hands are the 169 classes (``"AA"``, ``"AKs"``, ``"T9o"``); the chance of each
pair of classes and their equity come from the exact table of every preflop
matchup (:mod:`pokergym.evaluator.matchups`), with the card removal between
the two hands counted (``AA`` meets ``AKs`` 12 ways of 24, not 24).

:func:`solve_preflop` runs Discounted CFR (alternating updates, the
parameters of :mod:`pokergym.solver.solve`) and reports the average
strategies' exploitability in the abstraction, from exact best responses.
An off-menu raise (a size the opponent really used) goes into the tree with
``extra``; everything after it follows the menu.

Example:
    >>> solution = solve_preflop(iterations=200)
    >>> solution.exploitability_mbb < 20.0     # of the abstraction: mbb a hand
    True
    >>> opens = solution.actions(())
    >>> [str(a) for a in opens][:3]
    ['fold', 'call', 'raise to 200']
    >>> round(float(solution.strategy(())[0, solution.class_index("AA")]), 3)   # AA never folds
    0.0
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Final

import numpy as np
import numpy.typing as npt

from pokergym.engine.actions import Action, ActionKind, Street
from pokergym.engine.config import GameConfig
from pokergym.engine.state import HandState
from pokergym.errors import ConfigError
from pokergym.evaluator.combos import COMBO_CARDS, N_COMBOS
from pokergym.evaluator.matchups import BOARDS_PER_MATCHUP, matchup_row
from pokergym.solver.ranges import HAND_GROUPS, class_of_combo, hand_classes, hand_group

__all__ = [
    "BUTTON_SHARES",
    "PreflopMenu",
    "PreflopSolution",
    "bonus_moved",
    "class_matchups",
    "combo_classes",
    "preflop_tree",
    "solve_preflop",
]

Array = npt.NDArray[np.float64]
Line = tuple[Action, ...]
"""A preflop betting line from the blinds on: the actions in order (the button's first)."""

N_CLASSES: Final = 169
_FILLER_DECK: Final = tuple(range(9))
BUTTON_SHARES: Final = ("remainder", "proportional")
"""How :meth:`PreflopSolution.flop_shares` splits the button's share of the pot over its classes."""
_DISCOUNT: Final = (1.5, 0.0, 2.0)
"""Discounted CFR's alpha (positive regrets), beta (negative regrets), gamma (average strategy)."""


@dataclass(frozen=True)
class PreflopMenu:
    """The preflop sizes, in big blinds (opens and raises over a limp) or multiples of the raise-to faced.

    Attributes:
        opens: the button's raise-to amounts over the blinds.
        over_limp: the big blind's raise-to amounts after the button limps.
        reraises: the first re-raise (a 3-bet) as multiples of the amount faced.
        later_raises: the next re-raise (a 4-bet) as multiples; later raises are all-in only.
        all_in_share: a size putting in at least this share of the stack is left to the all-in.
        realization: the share of its equity the big blind realises when the pot reaches the flop deep after
            the button raised last (or nobody raised): out of position, without the initiative.
        raiser_realization: the big blind's share when it raised last (a 3-bet called): the initiative
            offsets the position.
        full_spr: the stack-to-pot ratio at and above which the realisations apply in full.
        curve: the exponent ``k`` of the S-curve a flop matchup's equity goes through before the realisation
            (1, the default: the equity itself).
        big_blind_bonus: per hand group (:data:`~pokergym.solver.ranges.HAND_GROUPS`, in that order; empty for
            none), the share of the flop's pot a big blind class of the group wins beyond its realised equity:
            what betting on later streets adds for hands that play better or worse than their equity.
        button_bonus: the same for the button's classes. In each matchup the big blind's bonus less the
            button's moves from the button to the big blind (the pot stays whole); both shrink with the
            realisation's depth below ``full_spr`` and are 0 all-in.
    """

    opens: tuple[float, ...] = (2.0, 2.5, 3.5, 5.0)
    over_limp: tuple[float, ...] = (4.0,)
    reraises: tuple[float, ...] = (3.0,)
    later_raises: tuple[float, ...] = (2.3,)
    all_in_share: float = 0.67
    realization: float = 0.8
    raiser_realization: float = 1.0
    full_spr: float = 8.0
    curve: float = 1.0
    big_blind_bonus: tuple[float, ...] = ()
    button_bonus: tuple[float, ...] = ()

    def __post_init__(self) -> None:
        """Check that every size is a raise, the shares are shares, the curve rises and the bonuses fit."""
        sizes = (*self.opens, *self.over_limp, *self.reraises, *self.later_raises)
        if any(not size > 1.0 for size in sizes):
            raise ConfigError(f"preflop sizes must exceed 1 (big blinds or multiples), got {sizes}")
        shares = (self.all_in_share, self.realization, self.raiser_realization)
        if not (all(0.0 < share <= 1.0 for share in shares) and self.full_spr > 0.0):
            raise ConfigError("all_in_share and the realisations must lie in (0, 1], full_spr above 0")
        if not 0.0 < self.curve < 100.0:
            raise ConfigError(f"curve must be a positive exponent below 100, got {self.curve!r}")
        for name, bonus in (("big_blind_bonus", self.big_blind_bonus), ("button_bonus", self.button_bonus)):
            if bonus and not (len(bonus) == len(HAND_GROUPS) and all(-1.0 < b < 1.0 for b in bonus)):
                raise ConfigError(
                    f"{name} must be empty or {len(HAND_GROUPS)} shares of the pot in (-1, 1), one per group of "
                    f"{', '.join(HAND_GROUPS)}; got {bonus!r}"
                )

    @property
    def typed(self) -> bool:
        """Whether the model pays bonuses by hand group (``big_blind_bonus`` or ``button_bonus``)."""
        return bool(self.big_blind_bonus or self.button_bonus)

    def class_bonus(self, player: int) -> Array:
        """Per class (169), the bonus of ``player``'s group (0 the button, 1 the big blind); zeros for none.

        Example:
            >>> menu = PreflopMenu(button_bonus=(0.3, 0.0, 0.1, 0.0, 0.0, -0.05))
            >>> bonus = menu.class_bonus(0)
            >>> [float(bonus[PreflopSolution.class_index(n)]) for n in ("77", "T9s", "T9o")], menu.class_bonus(1).any()
            ([0.3, 0.1, -0.05], np.False_)
        """
        bonus = self.button_bonus if player == 0 else self.big_blind_bonus
        if not bonus:
            return np.zeros(N_CLASSES)
        return np.array([bonus[HAND_GROUPS.index(hand_group(name))] for name in hand_classes()])

    def flop_equity(self, pairs: Array, equity: Array) -> Array:
        """The equity sums of :func:`class_matchups` as a flop's realisation counts them (see ``curve``).

        Example:
            >>> pairs, equity = np.array([[4.0, 2.0]]), np.array([[3.0, 1.0]])   # equities 0.75 and 0.5
            >>> PreflopMenu(curve=2.0).flop_equity(pairs, equity).tolist()       # 4 * 0.9 and 2 * 0.5
            [[3.6, 1.0]]
        """
        if self.curve == 1.0:
            return equity
        mean = np.where(pairs > 0.0, equity / np.where(pairs > 0.0, pairs, 1.0), 0.5)
        ahead, behind = mean**self.curve, (1.0 - mean) ** self.curve
        curved: Array = ahead / (ahead + behind) * pairs
        return curved

    def depth(self, spr: float) -> float:
        """How far the realisation and the bonuses apply at stack-to-pot ratio ``spr``: 0 all-in, 1 deep."""
        return min(1.0, spr / self.full_spr)

    def big_blind_share(self, spr: float, big_blind_raised: bool = False) -> float:
        """The share of its equity the big blind realises at stack-to-pot ratio ``spr`` on the flop."""
        deep = self.raiser_realization if big_blind_raised else self.realization
        return 1.0 - (1.0 - deep) * self.depth(spr)

    def raise_targets(self, state: HandState, raises: int) -> list[int]:
        """The menu's raise-to amounts at ``state`` (legal, all-in included), after ``raises`` voluntary raises."""
        if not state.can_raise:
            return []
        big = state.config.big_blind
        faced = max(state.bets)
        if raises == 0:
            sizes = [s * big for s in (self.opens if state.to_call else self.over_limp)]
        elif raises <= 2:
            sizes = [s * faced for s in (self.reraises if raises == 1 else self.later_raises)]
        else:
            sizes = []
        top = state.max_raise_to
        kept = {max(round(s), state.min_raise_to) for s in sizes if round(s) < self.all_in_share * top}
        return sorted(kept | {top})


@dataclass
class _Node:
    """A node of the preflop tree: a decision (``actor`` 0 the button, 1 the big blind) or a terminal."""

    line: Line
    actor: int = -1
    actions: list[Action] = field(default_factory=list)
    children: list[int] = field(default_factory=list)
    kind: str = "decision"
    """``decision``, ``fold`` (``actor`` folded), ``showdown`` (all-in) or ``flop``."""
    matched: int = 0
    """Chips each player has in at a showdown or flop; at a fold the chips the folder loses."""
    share: float = 1.0
    """The big blind's share of its equity realised (1 at a showdown)."""
    depth: float = 0.0
    """At a flop, how far the realisation and the bonuses apply (:meth:`PreflopMenu.depth`)."""


def _build(config: GameConfig, menu: PreflopMenu, extra: Mapping[Line, Sequence[int]]) -> list[_Node]:
    nodes: list[_Node] = []

    def visit(state: HandState, line: Line, raises: int) -> int:
        index = len(nodes)
        node = _Node(line)
        nodes.append(node)
        if state.terminal or state.street != Street.PREFLOP:
            _settle(node, state, config, menu)
            return index
        node.actor = 0 if state.actor == state.button else 1
        targets = sorted(set(menu.raise_targets(state, raises)) | set(extra.get(line, ())))
        moves = ([Action.fold()] if state.to_call else []) + [Action.call() if state.to_call else Action.check()]
        for action in moves + [Action.raise_to(t) for t in targets]:
            after = state.copy()
            after.apply(action, after.actor)
            node.actions.append(action)
            node.children.append(visit(after, (*line, action), raises + (action.kind == ActionKind.RAISE)))
        return index

    visit(HandState.start(config, 0, _FILLER_DECK), (), 0)
    return nodes


def _settle(node: _Node, state: HandState, config: GameConfig, menu: PreflopMenu) -> None:
    """Fill in a terminal's kind, chips and realisation from the state where the preflop betting ended."""
    last = state.history[-1]
    if last.kind == ActionKind.FOLD:
        node.kind, node.actor = "fold", (0 if last.seat == state.button else 1)
        node.matched = state.contributions[last.seat]
        return
    matched = min(state.contributions)
    node.matched = matched
    if matched >= config.effective_stack:  # the stacks are in
        node.kind = "showdown"
        return
    node.kind = "flop"
    raises = [r.seat for r in state.history if r.kind in (ActionKind.BET, ActionKind.RAISE)]
    big_blind_raised = bool(raises) and raises[-1] != state.button
    spr = (config.effective_stack - matched) / (2 * matched)
    node.share, node.depth = menu.big_blind_share(spr, big_blind_raised), menu.depth(spr)


@cache
def combo_classes() -> npt.NDArray[np.intp]:
    """For each of the 1,326 combos, the position of its class in :func:`~pokergym.solver.hand_classes`."""
    position = {name: i for i, name in enumerate(hand_classes())}
    return np.array([position[class_of_combo(c)] for c in range(N_COMBOS)], dtype=np.intp)


@cache
def class_matchups() -> tuple[Array, Array]:
    """``(pairs, equity_pairs)``, 169 x 169: the combo pairs of two classes that share no card, and their equity sum.

    ``equity_pairs[a, b] / pairs[a, b]`` is class ``a``'s average preflop equity against class ``b``.
    """
    classes = combo_classes()
    pairs = np.zeros((N_CLASSES, N_CLASSES))
    equity = np.zeros((N_CLASSES, N_CLASSES))
    for combo, hole in enumerate(COMBO_CARDS):
        wins, ties, live = matchup_row(hole)
        value = (wins + 0.5 * ties) / BOARDS_PER_MATCHUP
        np.add.at(pairs[classes[combo]], classes, live.astype(np.float64))
        np.add.at(equity[classes[combo]], classes, value)
    pairs.setflags(write=False)
    equity.setflags(write=False)
    return pairs, equity


def bonus_moved(own: Array, other: Array, pairs: Array, met: Array, opponent: Array) -> Array:
    """Per class, the bonus (:class:`PreflopMenu`) a player's matchups move to it, summed over ``opponent``'s reach.

    ``own`` and ``other``: both players' bonuses per class; ``met``: ``pairs @ opponent``. Each matchup of
    classes ``a`` and ``b`` moves ``own[a] - other[b]`` of the pot, once per pair of combos that share no card.

    Example:
        >>> pairs = np.array([[2.0, 1.0], [1.0, 2.0]])
        >>> opponent = np.array([1.0, 0.5])
        >>> bonus_moved(np.array([0.1, 0.0]), np.array([0.0, 0.2]), pairs, pairs @ opponent, opponent).tolist()
        [0.15, -0.2]
    """
    moved: Array = own * met - pairs @ (other * opponent)
    return moved


def _pairs(node: _Node, strategy: Array) -> zip[tuple[int, Array]]:
    """Each child of ``node`` with the row of ``strategy`` that leads to it."""
    return zip(node.children, strategy, strict=True)


def _summed(node: _Node, strategy: Array, opponent: Array, walk: Callable[[int, Array], Array]) -> Array:
    """At the opponent's decision: the sum over its actions of ``walk(child, its reach times the action's share)``."""
    total = np.zeros(N_CLASSES)
    for child, share in _pairs(node, strategy):
        total += walk(child, opponent * share)
    return total


class _Game:
    """The tree with the payoff matrices: counterfactual values and Discounted CFR's updates over it."""

    def __init__(self, nodes: list[_Node], menu: PreflopMenu) -> None:
        self.nodes = nodes
        self.pairs, self.equity = class_matchups()
        self.flop_equity = menu.flop_equity(self.pairs, self.equity)
        self.bonus = (menu.class_bonus(0), menu.class_bonus(1)) if menu.typed else None
        shape = {i: (len(n.actions), N_CLASSES) for i, n in enumerate(nodes) if n.kind == "decision"}
        self.regrets = {i: np.zeros(s) for i, s in shape.items()}
        self.totals = {i: np.zeros(s) for i, s in shape.items()}

    def terminal(self, node: _Node, player: int, opponent: Array) -> Array:
        """``player``'s counterfactual value per class at a terminal, against ``opponent``'s reach."""
        met = self.pairs @ opponent
        if node.kind == "fold":
            return met * (-node.matched if node.actor == player else node.matched)
        won = (self.flop_equity if node.kind == "flop" else self.equity) @ opponent
        share = node.share
        if player == 0:  # the button: the pot less the big blind's realised equity
            value = node.matched * ((1.0 - 2.0 * share) * met + 2.0 * share * won)
        else:
            value = node.matched * (2.0 * share * won - met)
        if self.bonus is None or node.kind != "flop":
            return value
        moved = bonus_moved(self.bonus[player], self.bonus[1 - player], self.pairs, met, opponent)
        return value + 2.0 * node.matched * node.depth * moved

    def current(self, index: int) -> Array:
        """Regret matching: the strategy at a decision node (uniform where no regret is positive)."""
        positive = np.maximum(self.regrets[index], 0.0)
        total = positive.sum(axis=0)
        uniform = np.full_like(positive, 1.0 / positive.shape[0])
        return np.where(total > 0.0, positive / np.where(total > 0.0, total, 1.0), uniform)

    def average(self, index: int) -> Array:
        """The average strategy at a decision node (uniform for a class that never reached it)."""
        totals = self.totals[index]
        total = totals.sum(axis=0)
        uniform = np.full_like(totals, 1.0 / totals.shape[0])
        return np.where(total > 0.0, totals / np.where(total > 0.0, total, 1.0), uniform)

    def update(self, index: int, player: int, own: Array, opponent: Array, weight: float) -> Array:
        """One CFR pass for ``player`` below node ``index``: its values per class; regrets and averages updated."""
        node = self.nodes[index]
        if node.kind != "decision":
            return self.terminal(node, player, opponent)
        strategy = self.current(index)
        if node.actor != player:
            return _summed(
                node, strategy, opponent, lambda child, reach: self.update(child, player, own, reach, weight)
            )
        values = np.stack([self.update(c, player, own * s, opponent, weight) for c, s in _pairs(node, strategy)])
        value: Array = (strategy * values).sum(axis=0)
        self.regrets[index] += values - value
        self.totals[index] += weight * own * strategy
        return value

    def discount(self, player: int, iteration: int) -> None:
        """Discounted CFR's regret discounts after ``iteration`` (1-based) for ``player``'s nodes."""
        alpha, beta, _ = _DISCOUNT
        up, down = iteration**alpha / (iteration**alpha + 1.0), iteration**beta / (iteration**beta + 1.0)
        for index, regrets in self.regrets.items():
            if self.nodes[index].actor == player:
                regrets *= np.where(regrets > 0.0, up, down)

    def best_response(self, index: int, player: int, opponent: Array) -> Array:
        """``player``'s best-response values per class below ``index`` against the average strategies."""
        node = self.nodes[index]
        if node.kind != "decision":
            return self.terminal(node, player, opponent)
        if node.actor != player:
            return _summed(
                node, self.average(index), opponent, lambda child, reach: self.best_response(child, player, reach)
            )
        best: Array = np.max(np.stack([self.best_response(c, player, opponent) for c in node.children]), axis=0)
        return best


@dataclass(frozen=True)
class PreflopSolution:
    """A solved preflop abstraction: the average strategy of every decision, by line and class.

    Attributes:
        config: the blinds and stacks solved (the effective stack for both).
        menu: the sizes and the realisation model.
        extra: off-menu raise-to amounts inserted, by the line they follow.
        iterations: Discounted CFR iterations run.
        exploitability_mbb: the mean of the two best responses' gains, mbb a hand, in the abstraction.
        value_mbb: the button's value, mbb a hand, in the abstraction.
    """

    config: GameConfig
    menu: PreflopMenu
    extra: Mapping[Line, tuple[int, ...]]
    iterations: int
    exploitability_mbb: float
    value_mbb: float
    _lines: Mapping[Line, int] = field(repr=False)
    _nodes: Sequence[_Node] = field(repr=False)
    _strategies: Mapping[int, Array] = field(repr=False)

    @staticmethod
    def class_index(name: str) -> int:
        """The position of a class name (``"AKs"``) in the strategies' columns."""
        return hand_classes().index(name)

    def has(self, line: Line) -> bool:
        """Whether ``line`` leads to a decision of the tree."""
        index = self._lines.get(line)
        return index is not None and self._nodes[index].kind == "decision"

    def actor(self, line: Line) -> int:
        """Who acts after ``line``: 0 the button, 1 the big blind."""
        return self._nodes[self._node(line)].actor

    def actions(self, line: Line) -> list[Action]:
        """The tree's actions after ``line``, in the strategies' row order."""
        return list(self._nodes[self._node(line)].actions)

    def strategy(self, line: Line) -> Array:
        """The average strategy after ``line``: actions x 169 classes, each column summing to one (read-only)."""
        return self._strategies[self._node(line)]

    def reach(self, line: Line, tremble: float = 0.0) -> tuple[Array, Array]:
        """Per class, the probability that the button's and the big blind's hands play ``line`` (1 at the root).

        With ``tremble``, each action's probability is mixed with uniformly random play over the node's actions
        (``(1 - tremble) * p + tremble / actions``), so that no class drops out.
        """
        reach = [np.ones(N_CLASSES), np.ones(N_CLASSES)]
        for depth, action in enumerate(line):
            index = self._node(line[:depth])
            node = self._nodes[index]
            p = self._strategies[index][node.actions.index(action)]
            reach[node.actor] = reach[node.actor] * ((1.0 - tremble) * p + tremble / len(node.actions))
        return reach[0], reach[1]

    def flop_shares(self, line: Line, player: int, button: str = "remainder") -> Array:
        """Per class of ``player``, the share of the flop's pot it wins in the model against the other's range.

        ``line`` ends where the flop begins. The share is the class's equity (through the menu's ``curve``)
        against the other player's classes at the line (weighted by their reach and the combo pairs that share
        no card), realised as the model says: the big blind's times the node's realisation. The button's is,
        by ``button``:

        * ``"remainder"`` (the model's own split): the rest of the pot in each class's matchups, so the
          realisation the big blind gives up goes to every button class alike, its weakest included;
        * ``"proportional"``: one factor times each class's equity, the factor that gives the button's range
          (its reach at the line) the same share of the pot in all as ``"remainder"`` does. This is the usual
          reading of equity realisation (a hand's value is its equity times its player's realisation); it
          gives the button's strong classes more and its weak ones less than the remainder.

        A class no hand of the other range can meet gets its share against a random hand. A model with bonuses
        by hand group (``big_blind_bonus``, ``button_bonus``) adds each class's, less the other range's mean,
        times the node's depth; it allows only ``"remainder"``.

        Raises:
            KeyError: if ``line`` does not end at the flop.
            ValueError: if ``button`` is neither model, or ``"proportional"`` with bonuses by hand group.
        """
        if button not in BUTTON_SHARES:
            raise ValueError(f"button must be one of {', '.join(BUTTON_SHARES)}, got {button!r}")
        node = self._nodes[self._node(line)]
        if node.kind != "flop":
            raise KeyError(f"{[str(a) for a in line]} does not end at the flop")
        pairs, raw = class_matchups()
        equity = self.menu.flop_equity(pairs, raw)
        reach = self.reach(line)
        other = reach[1 - player]
        met, won = pairs @ other, equity @ other
        fallback = equity.sum(axis=1) / pairs.sum(axis=1)
        mean = np.where(met > 0.0, won / np.where(met > 0.0, met, 1.0), fallback)
        moved = np.zeros(N_CLASSES)
        if self.menu.typed:
            if button != "remainder":
                raise ValueError("a model with bonuses by hand group splits the button's share as the remainder only")
            own, theirs = self.menu.class_bonus(player), self.menu.class_bonus(1 - player)
            everyone = np.ones(N_CLASSES)
            against_all = bonus_moved(own, theirs, pairs, pairs @ everyone, everyone) / (pairs @ everyone)
            summed = bonus_moved(own, theirs, pairs, met, other)
            moved = node.depth * np.where(met > 0.0, summed / np.where(met > 0.0, met, 1.0), against_all)
        if player == 1:
            big_blind: Array = node.share * mean + moved
            return big_blind
        remainder: Array = 1.0 - node.share * (1.0 - mean) + moved
        if button == "remainder":
            return remainder
        weights = reach[0] * met
        equity_held = float(weights @ mean)
        if equity_held <= 0.0:  # no button class meets the big blind's range: nothing to scale
            return remainder
        factor = float(weights @ remainder) / equity_held
        proportional: Array = factor * mean
        return proportional

    def realisation(self, line: Line) -> float:
        """The share of its equity the big blind realises in the model where ``line`` reaches the flop.

        Raises:
            KeyError: if ``line`` does not end at the flop.
        """
        node = self._nodes[self._node(line)]
        if node.kind != "flop":
            raise KeyError(f"{[str(a) for a in line]} does not end at the flop")
        return node.share

    def _node(self, line: Line) -> int:
        index = self._lines.get(line)
        if index is None:
            raise KeyError(f"no node of the preflop tree after {[str(a) for a in line]}")
        return index


def preflop_tree(
    config: GameConfig | None = None,
    menu: PreflopMenu | None = None,
    *,
    extra: Mapping[Line, Sequence[int]] | None = None,
) -> dict[Line, list[Action]]:
    """The actions after every line of the tree :func:`solve_preflop` would solve (none after a terminal), unsolved.

    Example:
        >>> [str(a) for a in preflop_tree()[(Action.raise_to(500),)]]
        ['fold', 'call', 'raise to 1500', 'raise to 20000']
    """
    effective, extras = _prepared(config or GameConfig(), extra)
    return {node.line: list(node.actions) for node in _build(effective, menu or PreflopMenu(), extras)}


def _prepared(
    config: GameConfig, extra: Mapping[Line, Sequence[int]] | None
) -> tuple[GameConfig, dict[Line, tuple[int, ...]]]:
    """The effective-stack config and the extra sizes, checked, each line's sorted and without repeats."""
    if config.effective_stack <= config.small_blind:
        raise ConfigError(
            f"an effective stack of {config.effective_stack} chips is all in the blinds "
            f"({config.small_blind}/{config.big_blind}): there is no preflop decision to solve"
        )
    effective = GameConfig(config.small_blind, config.big_blind, (config.effective_stack,) * 2)
    extras = {tuple(line): tuple(sorted({int(a) for a in amounts})) for line, amounts in (extra or {}).items()}
    _check_extras(effective, extras)
    return effective, extras


def solve_preflop(
    config: GameConfig | None = None,
    menu: PreflopMenu | None = None,
    *,
    extra: Mapping[Line, Sequence[int]] | None = None,
    iterations: int = 1000,
) -> PreflopSolution:
    """Solve the preflop abstraction by Discounted CFR with alternating updates.

    Args:
        config: blinds and stacks (default :class:`~pokergym.engine.GameConfig`'s); the tree is built for the
            effective stack in both seats.
        menu: sizes and the realisation model (default :class:`PreflopMenu`'s; see the module).
        extra: raise-to amounts added after given lines (an opponent's off-menu sizes).
        iterations: CFR iterations (each updates both players once).

    Raises:
        ConfigError: if ``iterations`` is below 1, the stacks are all in the blinds, or an extra amount is not
            a legal raise after its line.
    """
    if not isinstance(iterations, int) or isinstance(iterations, bool) or iterations < 1:
        raise ConfigError(f"iterations must be an integer of at least 1, got {iterations!r}")
    menu = menu or PreflopMenu()
    effective, extras = _prepared(config or GameConfig(), extra)
    nodes = _build(effective, menu, extras)
    game = _Game(nodes, menu)
    start = np.ones(N_CLASSES)
    for iteration in range(1, iterations + 1):
        for player in (0, 1):
            game.update(0, player, start, start, float(iteration) ** _DISCOUNT[2])
            game.discount(player, iteration)
    scale = 1000.0 / effective.big_blind / float(game.pairs.sum())
    responses = [float(game.best_response(0, p, start).sum()) * scale for p in (0, 1)]
    value = float(_value(game, 0, start, start).sum()) * scale
    strategies = {i: game.average(i) for i in game.regrets}
    for array in strategies.values():
        array.setflags(write=False)
    return PreflopSolution(
        effective,
        menu,
        extras,
        iterations,
        (responses[0] + responses[1]) / 2.0,
        value,
        {n.line: i for i, n in enumerate(nodes)},
        nodes,
        strategies,
    )


def _value(game: _Game, index: int, own: Array, opponent: Array) -> Array:
    """The button's values per class below ``index`` when both play their average strategies."""
    node = game.nodes[index]
    if node.kind != "decision":
        return game.terminal(node, 0, opponent)
    strategy = game.average(index)
    if node.actor == 0:
        mixed: Array = (strategy * np.stack([_value(game, c, own, opponent) for c in node.children])).sum(axis=0)
        return mixed
    return _summed(node, strategy, opponent, lambda child, reach: _value(game, child, own, reach))


def _check_extras(config: GameConfig, extras: Mapping[Line, tuple[int, ...]]) -> None:
    """Refuse an extra amount that is not a legal raise after its line."""
    for line, amounts in extras.items():
        state = HandState.start(config, 0, _FILLER_DECK)
        try:
            for action in line:
                state.apply(action, state.actor)
        except Exception as error:
            raise ConfigError(f"extra sizes after an impossible line {[str(a) for a in line]}: {error}") from error
        for amount in amounts:
            if state.street != Street.PREFLOP or not state.can_apply(Action.raise_to(amount)):
                raise ConfigError(f"raise to {amount} is not legal after {[str(a) for a in line]}")
