"""Fast hand evaluation and equity.

Hand ranks follow treys' scale -- 1 is the royal flush, 7462 the worst high
card, lower is better -- and equal ``treys.Evaluator().evaluate`` on every 5-,
6- and 7-card hand.

* single hands: :func:`evaluate` (validated), :func:`rank7`, :func:`rank6`,
  :func:`rank5`, :func:`rank_unchecked` (unchecked fast paths);
  :func:`hand_class`, :func:`class_name`, :func:`treys_class`;
* many hands: :func:`evaluate_batch` (numba);
* equity: :func:`equity_vs_random`, :func:`equity_vs_range`,
  :func:`equity_hand_vs_hand`, with two-card hands indexed by :func:`combo_index`;
* preflop: :func:`hand_class_169`, :func:`class_index_169`, :func:`preflop_equity`;
  exact hand-against-hand preflop equity comes from a shipped table of all
  47,008 matchups (:mod:`pokergym.evaluator.matchups`), tens of microseconds a query;
* treys interoperability: :func:`to_treys`, :func:`from_treys` and list forms.

numba is imported only when a batch or equity function is first called.

Example:
    >>> from pokergym.evaluator import evaluate, class_name
    >>> class_name(evaluate("Qh Qd Qs 9c 9h 2d 3c"))
    'Full House'
"""

from __future__ import annotations

from pokergym.evaluator.batch import evaluate_batch
from pokergym.evaluator.combos import COMBO_CARDS, N_COMBOS, combo_array, combo_index
from pokergym.evaluator.equity import (
    Equity,
    equity_hand_vs_hand,
    equity_vs_random,
    equity_vs_range,
)
from pokergym.evaluator.preflop import (
    CLASS_NAMES_169,
    class_index_169,
    combos_in_class,
    hand_class_169,
    preflop_equity,
)
from pokergym.evaluator.rank import (
    CLASS_BOUNDS,
    CLASS_NAMES,
    MAX_RANK,
    TREYS_CLASS_NAMES,
    class_name,
    evaluate,
    hand_class,
    rank5,
    rank6,
    rank7,
    rank_unchecked,
    treys_class,
)
from pokergym.evaluator.treys_compat import from_treys, from_treys_list, to_treys, to_treys_list

__all__ = [
    "CLASS_BOUNDS",
    "CLASS_NAMES",
    "CLASS_NAMES_169",
    "COMBO_CARDS",
    "MAX_RANK",
    "N_COMBOS",
    "TREYS_CLASS_NAMES",
    "Equity",
    "class_index_169",
    "class_name",
    "combo_array",
    "combo_index",
    "combos_in_class",
    "equity_hand_vs_hand",
    "equity_vs_random",
    "equity_vs_range",
    "evaluate",
    "evaluate_batch",
    "from_treys",
    "from_treys_list",
    "hand_class",
    "hand_class_169",
    "preflop_equity",
    "rank5",
    "rank6",
    "rank7",
    "rank_unchecked",
    "to_treys",
    "to_treys_list",
    "treys_class",
]
