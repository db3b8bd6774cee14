"""The PokerMan expectiminimax agent for heads-up no-limit hold'em."""

from __future__ import annotations

import numpy as np

from baselines.expectiminimax.opponent_model import OpponentModel
from baselines.expectiminimax.search import SearchConfig, SearchResult, search
from baselines.expectiminimax.utility import UtilityWeights
from pokergym.agents import BaseAgent
from pokergym.engine import Action, Event, PlayerView
from pokergym.errors import ConfigError

__all__ = ["ExpectiminimaxAgent", "decision_rng"]


class ExpectiminimaxAgent(BaseAgent):
    """Depth-limited expectiminimax with hand-strength abstraction and an online opponent model.

    Each decision rebuilds an engine state from the view and searches it
    (:func:`~baselines.expectiminimax.search.search`); every observed event
    updates the opponent's action frequencies, which persist across hands.
    The search's randomness (sampled boards and strength estimates) comes
    from a generator seeded by ``seed`` and the view's public and private
    information, so a decision depends on the view and on what the agent has
    learned, never on the hand's generator; :meth:`action_probabilities`
    therefore puts all its mass on the action :meth:`act` returns (the
    result is cached, so asking for both searches once).

    By default (``budget_ms=None``) the search goes exactly ``depth`` plies,
    so the action is a function of the view, the opponent model and ``seed``:
    the same seed gives the same match on any machine. A wall-clock budget is
    opt-in (``budget_ms=100``): the search then deepens until the budget runs
    out, so the action may vary with machine speed and load, and the agent
    reports :attr:`reproducible` as ``False`` (the arena records it in
    ``results.json``).

    Args:
        depth: decision plies to search (chance nodes are free).
        budget_ms: wall-clock budget per decision in milliseconds (not reproducible),
            or ``None`` (default) to search exactly ``depth`` plies.
        chance_samples: sampled next-street boards per chance node (0: cut off there).
        strength_samples: draws per hand-strength estimate.
        bet_fractions: bet and raise sizes as fractions of the pot after calling
            (in a spec: ``0.5/1``); all-in is always included.
        risk: ``zero``, ``low``, ``medium`` or ``high``: the confidence of being
            ahead that the utility requires.
        softness: width of the utility's judgement step (confidence units).
        raise_weight: extra confidence required per opponent bet/raise at or beyond ``raise_threshold``.
        raise_threshold: opponent bets/raises from which a play counts as high-stakes.
        prior: Dirichlet pseudo-counts of the opponent model.
        seed: mixed with the view to seed each decision's generator.
        name: display name.

    Example:
        >>> import numpy as np
        >>> from pokergym.cards import parse_cards
        >>> from pokergym.engine import HandState
        >>> agent = ExpectiminimaxAgent(depth=2)
        >>> agent.reset(1, np.random.default_rng(0))
        >>> state = HandState.new(deck=parse_cards("AsKd7c2h9s8s3d4cJh"))  # 7-2 in the big blind
        >>> state.all_in()
        >>> str(agent.act(state.view(1)))
        'fold'
    """

    name = "expectiminimax"
    memoryless = False  # its opponent model learns from every event: action_probabilities change with it

    def __init__(
        self,
        *,
        depth: int = 3,
        budget_ms: float | None = None,
        chance_samples: int = 3,
        strength_samples: int = 200,
        bet_fractions: tuple[float, ...] = (0.5, 1.0),
        risk: str = "medium",
        softness: float = 0.05,
        raise_weight: float = 0.1,
        raise_threshold: int = 1,
        prior: float = 2.0,
        seed: int = 0,
        name: str | None = None,
    ) -> None:
        super().__init__(name)
        weights = UtilityWeights.for_risk(
            risk, softness=softness, raise_weight=raise_weight, raise_threshold=raise_threshold
        )
        self.config = SearchConfig(
            depth=depth,
            budget_ms=budget_ms,
            bet_fractions=tuple(float(f) for f in bet_fractions),
            chance_samples=chance_samples,
            strength_samples=strength_samples,
            weights=weights,
        )
        self.model = OpponentModel(prior)
        if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
            raise ConfigError(f"seed must be a non-negative integer, got {seed!r}")
        self.seed = seed
        self.last: SearchResult | None = None
        self._searched: PlayerView | None = None

    @property
    def reproducible(self) -> bool:
        """Whether the same seed gives the same play on any machine: ``False`` with a wall-clock budget.

        Example:
            >>> ExpectiminimaxAgent().reproducible, ExpectiminimaxAgent(budget_ms=100).reproducible
            (True, False)
        """
        return self.config.budget_ms is None

    def act(self, view: PlayerView) -> Action:
        """Search the view and return the best abstract action found (always legal)."""
        if self.last is None or view != self._searched:
            self.last = search(view, self.model, decision_rng(view, self.seed), self.config)
            self._searched = view
        return self.last.action

    def action_probabilities(self, view: PlayerView) -> list[tuple[Action, float]]:
        """The searched action with probability one."""
        return [(self.act(view), 1.0)]

    def observe(self, event: Event) -> None:
        """Feed the event to the opponent model (a learned change invalidates the cached search)."""
        self.model.observe(event)
        self._searched = None


def decision_rng(view: PlayerView, seed: int) -> np.random.Generator:
    """The generator of one decision: seeded by ``seed``, the seat, the cards and the public history.

    Example:
        >>> from pokergym.engine import HandState
        >>> view = HandState.new(deck=tuple(range(9))).view(0)
        >>> decision_rng(view, 0).random() == decision_rng(view, 0).random() != decision_rng(view, 1).random()
        True
    """
    history = [value for record in view.history for value in (record.street, record.seat, record.kind, record.to)]
    return np.random.default_rng([seed, view.seat, view.button, *view.hole, *view.board, *view.stacks, *history])
