"""PokerMan-style expectiminimax agent: search over engine copies with a hand-strength abstraction.

* :mod:`~baselines.expectiminimax.strength`: mean and variance of hand strength over unseen cards;
* :mod:`~baselines.expectiminimax.opponent_model`: the opponent's smoothed action frequencies;
* :mod:`~baselines.expectiminimax.utility`: the heuristic utility with risk levels;
* :mod:`~baselines.expectiminimax.search`: depth-limited, anytime expectiminimax;
* :mod:`~baselines.expectiminimax.agent`: :class:`ExpectiminimaxAgent` (``name = "expectiminimax"``).
"""

from baselines.expectiminimax.agent import ExpectiminimaxAgent, decision_rng
from baselines.expectiminimax.opponent_model import ActionFrequencies, OpponentModel
from baselines.expectiminimax.search import SearchConfig, SearchResult, abstract_actions, determinize, search
from baselines.expectiminimax.strength import Strength, hand_strength, percentile_table
from baselines.expectiminimax.utility import RISK_LEVELS, UtilityWeights, ahead_confidence, heuristic_utility

__all__ = [
    "RISK_LEVELS",
    "ActionFrequencies",
    "ExpectiminimaxAgent",
    "OpponentModel",
    "SearchConfig",
    "SearchResult",
    "Strength",
    "UtilityWeights",
    "abstract_actions",
    "ahead_confidence",
    "decision_rng",
    "determinize",
    "hand_strength",
    "heuristic_utility",
    "percentile_table",
    "search",
]
