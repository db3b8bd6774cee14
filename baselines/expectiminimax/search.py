"""Depth-limited expectiminimax over copies of the rules engine.

The search runs on a *determinized* :class:`~pokergym.engine.HandState`
rebuilt from the agent's view (:func:`determinize`): hero's real cards, the
real visible board, placeholder cards for the opponent's hand and the board to
come, and the public history replayed through the engine. The engine only
decides who acts, what is legal and what a fold pays; the placeholder cards
never decide a value, because cards are handled by the hand-strength
abstraction:

* **Hero nodes** take the best of the abstract actions
  (:func:`abstract_actions`: fold, check or call, a few pot fractions, all-in).
* **Opponent nodes** average the same abstract actions weighted by the
  :class:`~baselines.expectiminimax.opponent_model.OpponentModel`'s
  frequencies (fold, passive, aggressive; the aggressive share is split
  evenly over the raise sizes).
* **Chance nodes** (a new street) average over ``chance_samples`` sampled
  next-street cards; with ``chance_samples=0`` the tree is cut off there, as
  PokerMan did. Chance nodes do not use up depth.
* **Leaves** (depth exhausted, or a showdown) are scored by
  :func:`~baselines.expectiminimax.utility.heuristic_utility` from hero's and
  the opponent's strength on the sampled board; folds pay what the engine says.

:func:`search` deepens iteratively from depth 1 to ``depth``. With a
``budget_ms`` the deepest iteration that finished in time wins (depth 1
always finishes; the one-off set-up of the strength table is not charged to
the budget), so the depth reached, and hence the action, can depend on the
machine's speed; with ``budget_ms=None`` it searches exactly to
``depth`` and the action is a function of the view, the model and the
generator's state.

Example:
    >>> import numpy as np
    >>> from pokergym.cards import parse_cards
    >>> from pokergym.engine import HandState
    >>> from baselines.expectiminimax.opponent_model import OpponentModel
    >>> state = HandState.new(deck=parse_cards("7c2dAsAh2s5hKdKcKh"))
    >>> state.raise_to(300); state.call(); state.check(); state.all_in()  # flop 2s 5h Kd: a shove into aces
    >>> config = SearchConfig(depth=2, budget_ms=None)
    >>> result = search(state.view(1), OpponentModel(), np.random.default_rng(0), config)
    >>> str(result.action), result.depth
    ('call', 2)
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field

import numpy as np

from baselines.expectiminimax.opponent_model import OpponentModel
from baselines.expectiminimax.strength import Strength, hand_strength, percentile_table
from baselines.expectiminimax.utility import UtilityWeights, heuristic_utility
from pokergym.engine import Action, ActionKind, HandState, PlayerView
from pokergym.errors import AgentError, ConfigError

__all__ = ["SearchConfig", "SearchResult", "abstract_actions", "determinize", "search"]

_AGGRESSIVE = (ActionKind.BET, ActionKind.RAISE)
_NEW_CARDS = (0, 3, 1, 1)  # board cards dealt on reaching preflop, flop, turn, river


@dataclass(frozen=True, slots=True)
class SearchConfig:
    """Settings of :func:`search`.

    Attributes:
        depth: decision plies searched (hero and opponent actions; chance is free).
        budget_ms: wall-clock budget in milliseconds (opt-in; the depth reached then
            depends on the machine), or ``None`` (default) to search exactly ``depth``
            plies (reproducible).
        bet_fractions: bet and raise sizes as fractions of the pot after calling.
        chance_samples: sampled next-street boards per chance node (0 cuts the tree there).
        strength_samples: draws per hand-strength estimate.
        max_raises: bets and raises per street after which the tree stops raising.
        weights: the utility's risk setting and weights.
    """

    depth: int = 3
    budget_ms: float | None = None
    bet_fractions: tuple[float, ...] = (0.5, 1.0)
    chance_samples: int = 3
    strength_samples: int = 200
    max_raises: int = 4
    weights: UtilityWeights = field(default_factory=UtilityWeights)

    def __post_init__(self) -> None:
        """Check the ranges."""
        if self.depth < 1:
            raise ConfigError(f"depth must be at least 1, got {self.depth!r}")
        if self.budget_ms is not None and not 0 < self.budget_ms < math.inf:
            raise ConfigError(f"budget_ms must be positive or None, got {self.budget_ms!r}")
        if any(not 0 < f < math.inf for f in self.bet_fractions):
            raise ConfigError(f"bet_fractions must be positive and finite, got {self.bet_fractions!r}")
        if self.chance_samples < 0 or self.strength_samples < 1 or self.max_raises < 0:
            raise ConfigError("chance_samples and max_raises must be >= 0 and strength_samples >= 1")


@dataclass(frozen=True, slots=True)
class SearchResult:
    """What :func:`search` found.

    Attributes:
        action: the chosen (legal) action.
        value: its estimated value for hero, in chips relative to the start of the hand.
        depth: the deepest iteration that finished.
        nodes: engine states expanded, over all iterations.
    """

    action: Action
    value: float
    depth: int
    nodes: int


def determinize(view: PlayerView) -> HandState:
    """An engine state consistent with ``view``: hero's cards, placeholders for the unseen ones.

    The opponent's hole cards and the undealt board are the lowest card codes
    hero cannot see; the public history is replayed through the engine, so
    the state's pot, stacks, actor and legal actions equal the view's.

    Example:
        >>> from pokergym.engine import HandState
        >>> real = HandState.new(deck=tuple(range(40, 49)), button=1)
        >>> real.raise_to(250)
        >>> copy = determinize(real.view(0))
        >>> copy.hole(0) == real.hole(0), copy.pot == real.pot, copy.actor == real.actor
        (True, True, True)
    """
    seen = set(view.hole) | set(view.board)
    filler = iter(c for c in range(52) if c not in seen)
    opponent = (next(filler), next(filler))
    board = list(view.board) + [next(filler) for _ in range(5 - len(view.board))]
    holes = (view.hole, opponent) if view.seat == view.button else (opponent, view.hole)
    state = HandState.new(view.config, button=view.button, deck=(*holes[0], *holes[1], *board))
    for record in view.history:
        if record.kind == ActionKind.CHECK:
            state.check()
        elif record.kind == ActionKind.CALL:
            state.call()
        elif record.kind in _AGGRESSIVE:
            state.raise_to(record.to)
        else:
            state.fold()
    return state


def abstract_actions(state: HandState, fractions: tuple[float, ...], raises_allowed: bool = True) -> list[Action]:
    """The actor's abstract actions: check or call, pot-fraction raises, all-in, fold.

    Raise sizes are ``fraction`` x (pot + amount to call) on top of the call,
    clamped to the legal range and deduplicated; all-in is the largest. Fold
    is offered only when facing a bet.

    Example:
        >>> from pokergym.engine import HandState
        >>> [str(a) for a in abstract_actions(HandState.new(deck=tuple(range(9))), (0.5, 1.0))]
        ['call', 'raise to 200', 'raise to 300', 'raise to 20000', 'fold']
    """
    to_call = state.to_call
    actions = [Action.call() if to_call else Action.check()]
    if state.can_raise and raises_allowed:
        low, high = state.min_raise_to, state.max_raise_to
        base = state.bets[state.actor] + to_call
        pot = state.pot + to_call
        amounts = {min(max(round(base + f * pot), low), high) for f in fractions}
        amounts.add(high)
        actions.extend(Action.raise_to(a) for a in sorted(amounts))
    if to_call:
        actions.append(Action.fold())
    return actions


class _OutOfTime(Exception):
    """Raised inside an iteration when the wall-clock budget is spent."""


class _Search:
    """One decision's search: caches of sampled boards and strengths, the node counter."""

    def __init__(self, view: PlayerView, model: OpponentModel, rng: np.random.Generator, config: SearchConfig) -> None:
        self.hero = view.seat
        self.hole = view.hole
        self.model = model
        self.rng = rng
        self.config = config
        self.deadline = float("inf")
        self.nodes = 0
        self._strengths: dict[tuple[int, ...], tuple[Strength, Strength]] = {}
        self._runouts: dict[tuple[int, ...], list[tuple[int, ...]]] = {}

    def strengths(self, board: tuple[int, ...]) -> tuple[Strength, Strength]:
        cached = self._strengths.get(board)
        if cached is None:
            cached = hand_strength(self.hole, board, self.rng, self.config.strength_samples)
            self._strengths[board] = cached
        return cached

    def runouts(self, board: tuple[int, ...], cards: int) -> list[tuple[int, ...]]:
        """``chance_samples`` sampled boards one street further (drawn once per board)."""
        cached = self._runouts.get(board)
        if cached is None:
            seen = set(self.hole) | set(board)
            pool = np.array([c for c in range(52) if c not in seen])
            cached = []
            for _ in range(self.config.chance_samples):
                drawn = self.rng.choice(pool, size=cards, replace=False)
                cached.append(board + tuple(sorted(int(c) for c in drawn)))
            self._runouts[board] = cached
        return cached

    def leaf(self, state: HandState, board: tuple[int, ...], opp_raises: int) -> float:
        hero, opp = self.hero, 1 - self.hero
        mine, theirs = self.strengths(board)
        c, s = state.contributions, state.stacks
        return heuristic_utility(mine, theirs, c[hero], c[opp], s[hero], s[opp], opp_raises, self.config.weights)

    def value(self, state: HandState, board: tuple[int, ...], depth: int, street_raises: int, opp_raises: int) -> float:
        """Expectiminimax value for hero, in chips won (negative: lost) over the hand."""
        if state.terminal:
            if state.showdown:
                return self.leaf(state, board, opp_raises)
            assert state.payoffs is not None
            return float(state.payoffs[self.hero])
        if depth == 0:
            return self.leaf(state, board, opp_raises)
        if time.perf_counter() > self.deadline:
            raise _OutOfTime
        actions = abstract_actions(state, self.config.bet_fractions, street_raises < self.config.max_raises)
        if state.actor == self.hero:
            return max(self.child(state, a, board, depth, street_raises, opp_raises) for a in actions)
        freq = self.model.probabilities(state.street, state.to_call > 0)
        raises = [a for a in actions if a.kind == ActionKind.RAISE]
        passive = freq.passive + (0.0 if raises else freq.aggressive)
        total = 0.0
        for action in actions:
            if action.kind == ActionKind.RAISE:
                weight = freq.aggressive / len(raises)
            elif action.kind == ActionKind.FOLD:
                weight = freq.fold
            else:
                weight = passive
            if weight > 0.0:
                total += weight * self.child(state, action, board, depth, street_raises, opp_raises)
        return total

    def child(
        self, state: HandState, action: Action, board: tuple[int, ...], depth: int, street_raises: int, opp_raises: int
    ) -> float:
        self.nodes += 1
        nxt = state.copy()
        nxt.apply(action)
        if action.kind == ActionKind.RAISE:
            street_raises += 1
            opp_raises += state.actor != self.hero
        if nxt.terminal or nxt.street == state.street:
            return self.value(nxt, board, depth - 1, street_raises, opp_raises)
        if self.config.chance_samples == 0:
            return self.leaf(nxt, board, opp_raises)
        boards = self.runouts(board, _NEW_CARDS[nxt.street])
        return sum(self.value(nxt, b, depth - 1, 0, opp_raises) for b in boards) / len(boards)

    def root(self, state: HandState, depth: int, street_raises: int, opp_raises: int) -> tuple[Action, float]:
        board = tuple(state.board)
        best: tuple[Action, float] | None = None
        for action in abstract_actions(state, self.config.bet_fractions, street_raises < self.config.max_raises):
            value = self.child(state, action, board, depth, street_raises, opp_raises)
            if best is None or value > best[1]:
                best = (action, value)
        assert best is not None
        return best


def search(view: PlayerView, model: OpponentModel, rng: np.random.Generator, config: SearchConfig) -> SearchResult:
    """Choose hero's action for ``view`` by iterative-deepening expectiminimax.

    Args:
        view: hero's view; it must be hero's turn.
        model: the opponent's action frequencies.
        rng: generator of the sampled boards and strengths.
        config: depth, budget, abstraction and utility settings.

    Returns:
        The best action of the deepest finished iteration, with its value.

    Raises:
        AgentError: if it is not the view's seat's turn.
    """
    if view.legal is None:
        raise AgentError(f"seat {view.seat} is not the seat to act")
    percentile_table()  # built (and the evaluator's kernel loaded) once per process, outside the budget
    start = time.perf_counter()
    state = determinize(view)
    run = _Search(view, model, rng, config)
    street_raises = sum(r.kind in _AGGRESSIVE for r in view.street_history)
    opp_raises = sum(r.kind in _AGGRESSIVE and r.seat != view.seat for r in view.history)
    action, value = run.root(state, 1, street_raises, opp_raises)
    reached = 1
    if config.budget_ms is not None:
        run.deadline = start + config.budget_ms / 1000.0
    for depth in range(2, config.depth + 1):
        try:
            action, value = run.root(state, depth, street_raises, opp_raises)
        except _OutOfTime:
            break
        reached = depth
    return SearchResult(action, value, reached, run.nodes)
