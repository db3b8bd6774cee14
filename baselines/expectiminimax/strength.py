"""Hand strength over the cards still to come, for hero and for a random opponent.

PokerMan's abstraction replaces a hand by the distribution of its strength over
the board cards not yet dealt, summarised by a mean and a variance. Here a
7-card hand's *strength* is its percentile among all 7-card hands: the share
of uniformly random 7-card hands it beats, counting ties as half (so 1.0 is
the royal flush, and a hand of median rank scores about 0.5). The percentile
scale is computed once from a seeded sample of random hands; it spreads the
7,462 treys ranks evenly where a plain linear scale would crowd one pair and
high card into the lower half.

The opponent is modelled the same way: its strength is averaged over
uniformly random hole cards (from the cards hero cannot see) and the same
future boards, which keeps the shared board in both players' numbers.

Example:
    >>> import numpy as np
    >>> from pokergym.cards import parse_cards
    >>> hero, villain = hand_strength(parse_cards("AsAh"), parse_cards("Ad7c2h"), np.random.default_rng(0), 300)
    >>> hero.mean > 0.9 > villain.mean, villain.var > hero.var
    (True, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from pokergym.evaluator import MAX_RANK, evaluate_batch

__all__ = ["Strength", "hand_strength", "percentile_table"]

_TABLE_HANDS = 200_000
_TABLE_SEED = 20_240_601


class Strength(NamedTuple):
    """Mean and variance of a hand's strength (a percentile in [0, 1]) over unseen cards."""

    mean: float
    var: float


@lru_cache(maxsize=1)
def percentile_table() -> npt.NDArray[np.float64]:
    """Strength of every treys rank: share of random 7-card hands it beats (ties count half).

    Index ``r`` holds the strength of rank ``r`` (1 = royal flush ... 7462);
    index 0 is unused. Built once from 200,000 seeded random hands.

    Example:
        >>> table = percentile_table()
        >>> round(float(table[1]), 3), bool(table[1] > table[3000] > table[7000])
        (1.0, True)
    """
    rng = np.random.default_rng(_TABLE_SEED)
    hands = rng.random((_TABLE_HANDS, 52)).argpartition(7, axis=1)[:, :7].astype(np.uint8)
    ranks = evaluate_batch(hands, check=False)
    counts = np.bincount(ranks, minlength=MAX_RANK + 2).astype(np.float64)
    worse = counts[::-1].cumsum()[::-1] - counts  # hands with a larger (worse) rank number
    table = (worse + 0.5 * counts) / _TABLE_HANDS
    table[1] = 1.0
    return table


def hand_strength(
    hole: Sequence[int], board: Sequence[int], rng: np.random.Generator, samples: int
) -> tuple[Strength, Strength]:
    """Hero's and a random opponent's strength, mean and variance over the unseen cards.

    Each of ``samples`` draws deals the missing board cards and two opponent
    hole cards, without replacement, from the cards hero cannot see; hero's
    and the opponent's 7-card strengths are measured on the same runout. On
    the river hero's strength is exact (variance 0) and the opponent's is
    still sampled.

    Args:
        hole: hero's two hole cards (codes 0..51).
        board: the 0, 3, 4 or 5 visible board cards.
        rng: generator of the draws (the result is a function of its state).
        samples: number of draws, at least 1.

    Returns:
        ``(hero, opponent)`` strengths.

    Example:
        >>> import numpy as np
        >>> from pokergym.cards import parse_cards
        >>> nuts, _ = hand_strength(parse_cards("AhKh"), parse_cards("QhJhTh2c3d"), np.random.default_rng(1), 50)
        >>> nuts
        Strength(mean=1.0, var=0.0)
    """
    if samples < 1:
        raise ValueError(f"samples must be at least 1, got {samples}")
    known = np.zeros(52, dtype=bool)
    known[list(hole)] = True
    known[list(board)] = True
    pool = np.flatnonzero(~known).astype(np.uint8)
    missing = 5 - len(board)
    picks = pool[rng.random((samples, pool.size)).argpartition(missing + 2, axis=1)[:, : missing + 2]]
    table = percentile_table()
    fixed = np.asarray(board, dtype=np.uint8)
    runout = np.concatenate((np.broadcast_to(fixed, (samples, fixed.size)), picks[:, :missing]), axis=1)
    opp_hands = np.ascontiguousarray(np.concatenate((picks[:, missing:], runout), axis=1))
    opp = table[evaluate_batch(opp_hands, check=False)]
    hero_rows = np.concatenate((np.broadcast_to(np.asarray(hole, dtype=np.uint8), (samples, 2)), runout), axis=1)
    hero = table[evaluate_batch(np.ascontiguousarray(hero_rows[:1] if missing == 0 else hero_rows), check=False)]
    return Strength(float(hero.mean()), float(hero.var())), Strength(float(opp.mean()), float(opp.var()))
