"""Agents that can state their own action distribution, and helpers to build them.

Variance-reduction estimators (and tests) need more than the action an agent
played: they need the probability of every action it could have played. A
:class:`PolicyAgent` exposes that through :meth:`~PolicyAgent.action_probabilities`,
a list of ``(Action, probability)`` pairs over concrete, legal actions that sums
to one and matches what :meth:`~PolicyAgent.act` samples.

:class:`DistributionAgent` makes the match automatic: a subclass only writes
``action_probabilities`` and ``act`` draws from it with the hand's generator.

Example:
    >>> import numpy as np
    >>> from pokergym.engine import HandState
    >>> class Limper(DistributionAgent):
    ...     name = "limper"
    ...     def action_probabilities(self, view):
    ...         return [(check_or_call(legal_of(view)), 1.0)]
    >>> state = HandState.new(rng=np.random.default_rng(0))
    >>> agent = Limper(); agent.reset(0, np.random.default_rng(1))
    >>> str(agent.act(state.view(state.actor)))
    'call'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Protocol, runtime_checkable

import numpy as np

from pokergym.agents import Action, Agent, BaseAgent, LegalActions, PlayerView
from pokergym.errors import AgentError, ConfigError

__all__ = [
    "ActionDistribution",
    "DistributionAgent",
    "PolicyAgent",
    "check_or_call",
    "legal_of",
    "merge",
    "pot_raise_to",
    "probability_option",
    "sample_action",
    "sample_index",
]

ActionDistribution = list[tuple[Action, float]]
"""Concrete actions with their probabilities (positive, summing to one)."""


def probability_option(value: float, option: str) -> float:
    """An agent option that must be a probability, as a float.

    Raises:
        ConfigError: naming ``option``, if ``value`` is not in ``[0, 1]`` (NaN included).

    Example:
        >>> probability_option(0.25, "share")
        0.25
    """
    if not 0.0 <= value <= 1.0:
        raise ConfigError(f"{option} must be a probability in [0, 1], got {value!r}")
    return float(value)


@runtime_checkable
class PolicyAgent(Agent, Protocol):
    """An :class:`~pokergym.agents.Agent` that can report its action distribution."""

    def action_probabilities(self, view: PlayerView) -> ActionDistribution:
        """The actions :meth:`act` may return for ``view``, each with its probability.

        Every listed action is legal in ``view``, every probability is positive,
        and they sum to one. The result depends on ``view`` only (and the
        agent's options and what it has learned), never on the hand's generator.
        """
        ...


class DistributionAgent(BaseAgent):
    """Base class of agents defined by an action distribution.

    Subclasses implement :meth:`action_probabilities`; :meth:`act` samples it
    with one uniform draw from the hand's generator (no draw when a single
    action has all the mass), so ``act`` and ``action_probabilities`` can never
    disagree. Such an agent is memoryless (``memoryless = True``): its
    distribution is a function of the view; a subclass that learns must set
    ``memoryless = False``.
    """

    memoryless = True

    def action_probabilities(self, view: PlayerView) -> ActionDistribution:
        """The action distribution for ``view``; subclasses must implement this."""
        raise NotImplementedError(f"{type(self).__name__} must implement action_probabilities()")

    def act(self, view: PlayerView) -> Action:
        """Sample an action from :meth:`action_probabilities`."""
        return sample_action(self.action_probabilities(view), self.rng)


def legal_of(view: PlayerView) -> LegalActions:
    """The legal actions of ``view``.

    Raises:
        AgentError: if it is not this seat's turn (``view.legal`` is ``None``).

    Example:
        >>> from pokergym.engine import HandState
        >>> legal_of(HandState.new(deck=tuple(range(9))).view(0)).call_amount
        50
    """
    legal = view.legal
    if legal is None:
        raise AgentError(f"seat {view.seat} is asked to act but it is not its turn")
    return legal


def check_or_call(legal: LegalActions) -> Action:
    """Call when facing a bet, check otherwise.

    Example:
        >>> from pokergym.engine import HandState
        >>> str(check_or_call(HandState.new(deck=tuple(range(9))).legal_actions()))
        'call'
    """
    return Action.call() if legal.can_call else Action.check()


def pot_raise_to(view: PlayerView, fraction: float) -> int:
    """The raise-to amount of a bet or raise of ``fraction`` times the pot.

    The pot is measured after calling (the usual "pot-sized raise" convention):
    raise-to = the opponent's street total + ``fraction`` x (pot + amount to
    call). The result is rounded to whole chips and clamped to the legal range.

    Raises:
        AgentError: if it is not this seat's turn or no bet or raise is legal.

    Example:
        >>> from pokergym.engine import HandState
        >>> view = HandState.new(deck=tuple(range(9))).view(0)  # blinds 50/100
        >>> pot_raise_to(view, 1.0), pot_raise_to(view, 0.1), pot_raise_to(view, 500.0)
        (300, 200, 20000)
    """
    legal = legal_of(view)
    if not legal.can_raise:
        raise AgentError(f"seat {view.seat} cannot bet or raise here")
    facing = view.bets[view.seat] + legal.call_amount
    amount = round(facing + fraction * (view.pot + legal.call_amount))
    return min(max(amount, legal.min_raise_to), legal.max_raise_to)


def merge(weighted: Iterable[tuple[Action, float]]) -> ActionDistribution:
    """Add up the weights of equal actions and drop zero weights, keeping first-seen order.

    Example:
        >>> merge([(Action.raise_to(300), 0.25), (Action.call(), 0.0), (Action.raise_to(300), 0.75)])
        [(Action(kind=<ActionKind.RAISE: 4>, amount=300), 1.0)]
    """
    total: dict[Action, float] = {}
    for action, weight in weighted:
        if weight > 0.0:
            total[action] = total.get(action, 0.0) + weight
    return list(total.items())


def sample_action(distribution: ActionDistribution, rng: np.random.Generator) -> Action:
    """Draw one action of ``distribution`` with ``rng`` (no draw if only one action).

    Raises:
        AgentError: if the distribution is empty.

    Example:
        >>> rng = np.random.default_rng(3)
        >>> [str(sample_action([(Action.fold(), 0.5), (Action.call(), 0.5)], rng)) for _ in range(3)]
        ['fold', 'fold', 'call']
    """
    if not distribution:
        raise AgentError("an empty action distribution cannot be sampled")
    return distribution[sample_index([probability for _, probability in distribution], rng)][0]


def sample_index(probabilities: Sequence[float], rng: np.random.Generator) -> int:
    """The index :func:`sample_action` draws from these probabilities: one uniform draw, none if only one.

    The first index whose cumulative probability exceeds the draw (the last if rounding leaves the draw
    above the total). An agent that samples ids without building the distribution uses this, so that it
    draws the same action as :func:`sample_action` would from the same generator.

    Example:
        >>> rng = np.random.default_rng(3)
        >>> [sample_index([0.5, 0.5], rng) for _ in range(3)], sample_index([1.0], rng)
        ([0, 0, 1], 0)
    """
    if len(probabilities) == 1:
        return 0
    u = float(rng.random())
    cumulative = 0.0
    for index, probability in enumerate(probabilities):
        cumulative += probability
        if u < cumulative:
            return index
    return len(probabilities) - 1
