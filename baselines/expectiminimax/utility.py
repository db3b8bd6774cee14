"""PokerMan's heuristic utility of a non-terminal state.

At a cut-off the search scores a state by what hero can expect to win or lose
if the chips matched so far went to showdown. The judgement follows the
PokerMan heuristic:

1. *Is hero ahead?* Hero's and the opponent's strengths are treated as
   independent normal variables with the means and variances of
   :mod:`~baselines.expectiminimax.strength`; the confidence that hero is
   ahead is ``Phi((m_hero - m_opp) / sqrt(v_hero + v_opp))``.
2. *Is the risk acceptable?* The confidence must reach the level required
   by the risk setting (:data:`RISK_LEVELS`). Each opponent bet or raise
   from ``raise_threshold`` on marks a higher-stakes play and raises the
   requirement by ``raise_weight``; a stack advantage (relative wealth in
   [-1, 1]) lowers it by ``wealth_weight`` per unit, since a richer player
   can afford a looser call.
3. *Score.* When hero is judged ahead the state is worth the chips hero
   would win, otherwise minus the chips hero would lose. The yes/no
   judgement is smoothed by a logistic step of width ``softness`` (in
   confidence units) so that close spots score near zero; ``softness``
   near 0 recovers the hard rule.

Example:
    >>> from baselines.expectiminimax.strength import Strength
    >>> weights = UtilityWeights.for_risk("medium")
    >>> strong, weak, field = Strength(0.95, 0.0), Strength(0.2, 0.0), Strength(0.5, 0.08)
    >>> round(heuristic_utility(strong, field, 1000, 1000, 19000, 19000, 0, weights))
    998
    >>> round(heuristic_utility(weak, field, 1000, 1000, 19000, 19000, 0, weights))
    -1000
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Any, Final

from baselines.expectiminimax.strength import Strength
from pokergym.errors import ConfigError

__all__ = ["RISK_LEVELS", "UtilityWeights", "ahead_confidence", "heuristic_utility"]

RISK_LEVELS: Final[dict[str, float]] = {"zero": 0.9, "low": 0.75, "medium": 0.6, "high": 0.5}
"""Confidence that hero is ahead required at each risk level."""


@dataclass(frozen=True, slots=True)
class UtilityWeights:
    """Tunable weights of :func:`heuristic_utility` (defaults: the ``medium`` risk level).

    Attributes:
        confidence: confidence of being ahead required to count as the winner.
        softness: width of the logistic step around ``confidence`` (positive).
        raise_threshold: opponent bets/raises in the hand from which a play counts as high-stakes.
        raise_weight: extra confidence required per opponent bet/raise at or beyond the threshold.
        wealth_weight: confidence relief per unit of relative wealth (stack advantage in [-1, 1]).
    """

    confidence: float = RISK_LEVELS["medium"]
    softness: float = 0.05
    raise_threshold: int = 1
    raise_weight: float = 0.1
    wealth_weight: float = 0.05

    def __post_init__(self) -> None:
        """Check the ranges."""
        if not 0.0 <= self.confidence <= 1.0:
            raise ConfigError(f"confidence must be in [0, 1], got {self.confidence!r}")
        if not 0.0 < self.softness < math.inf:
            raise ConfigError(f"softness must be positive, got {self.softness!r}")
        if self.raise_threshold < 0:
            raise ConfigError(f"raise_threshold must be non-negative, got {self.raise_threshold!r}")

    @classmethod
    def for_risk(cls, risk: str, **overrides: Any) -> UtilityWeights:
        """Weights of a named risk level (``zero``, ``low``, ``medium``, ``high``), with overrides.

        Example:
            >>> UtilityWeights.for_risk("low", softness=0.1).confidence
            0.75
        """
        if risk not in RISK_LEVELS:
            raise ConfigError(f"risk must be one of {sorted(RISK_LEVELS)}, got {risk!r}")
        return replace(cls(confidence=RISK_LEVELS[risk]), **overrides)


def ahead_confidence(hero: Strength, opponent: Strength) -> float:
    """Probability that hero's strength exceeds the opponent's, under a normal approximation.

    Example:
        >>> ahead_confidence(Strength(0.5, 0.01), Strength(0.5, 0.03))
        0.5
    """
    spread = math.sqrt(hero.var + opponent.var)
    if spread < 1e-9:
        return 1.0 if hero.mean > opponent.mean else 0.0 if hero.mean < opponent.mean else 0.5
    return 0.5 * (1.0 + math.erf((hero.mean - opponent.mean) / (spread * math.sqrt(2.0))))


def heuristic_utility(
    hero: Strength,
    opponent: Strength,
    hero_in: int,
    opponent_in: int,
    hero_stack: int,
    opponent_stack: int,
    opponent_raises: int,
    weights: UtilityWeights,
) -> float:
    """Expected chips for hero if the matched chips went to showdown now (see the module docstring).

    Args:
        hero: hero's strength over the unseen cards.
        opponent: the opponent's strength over its possible hands and the unseen cards.
        hero_in: chips hero has put in during the hand.
        opponent_in: chips the opponent has put in during the hand.
        hero_stack: hero's chips behind.
        opponent_stack: the opponent's chips behind.
        opponent_raises: bets and raises the opponent has made in the hand.
        weights: the risk setting and weights.

    Returns:
        A value in chips between ``-matched`` and ``+matched``, where
        ``matched`` is the smaller contribution (an unmatched excess is neither
        won nor lost yet).
    """
    matched = min(hero_in, opponent_in)
    total = hero_stack + opponent_stack
    wealth = (hero_stack - opponent_stack) / total if total else 0.0
    stakes = max(0, opponent_raises - weights.raise_threshold + 1)
    required = weights.confidence + weights.raise_weight * stakes - weights.wealth_weight * wealth
    margin = (ahead_confidence(hero, opponent) - required) / weights.softness
    judged_ahead = 1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, margin))))
    return (2.0 * judged_ahead - 1.0) * matched
