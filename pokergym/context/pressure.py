"""Weighted betting pressure: how much of a budget one bet uses up.

A bet's size is measured against the pot at the start of its street: a bet
is ``to / pot``, a raise is ``(to - previous bet) / (pot + 2 x previous
bet)`` (the raise measured against the pot after a call). The percentage is
then looked up in the release's 47-step table (``data/pressure.json``): the
weight is the first entry whose threshold exceeds the size, and 4.0 from
1500% up. A check-raise on the river weighs 1.5 times as much.

Example:
    >>> bet_weight(33), bet_weight(50), bet_weight(100), bet_weight(5 / 18 * 100)
    (0.55, 0.75, 1.15, 0.45)
    >>> bet_pct(to=50, previous=0, pot=100), bet_pct(to=150, previous=50, pot=100)
    (50.0, 50.0)
"""

from __future__ import annotations

from bisect import bisect_right
from functools import cache

from .tables import table

__all__ = ["bet_pct", "bet_weight", "river_check_raise_factor", "weight_steps"]


@cache
def weight_steps() -> tuple[tuple[float, ...], tuple[float, ...], float]:
    """The pressure table as ``(thresholds, weights, weight at and above the last threshold)``.

    Example:
        >>> thresholds, weights, above = weight_steps()
        >>> len(thresholds), thresholds[0], weights[0], above
        (47, 5.0, 0.04, 4.0)
    """
    data = table("pressure")
    return tuple(map(float, data["thresholds"])), tuple(map(float, data["weights"])), float(data["above_last"])


def bet_weight(pct: float) -> float:
    """Pressure weight of a bet of ``pct`` percent of the pot.

    Example:
        >>> bet_weight(0), bet_weight(75), bet_weight(2000)
        (0.04, 0.95, 4.0)
    """
    thresholds, weights, above = weight_steps()
    index = bisect_right(thresholds, pct)
    return weights[index] if index < len(weights) else above


def bet_pct(to: int, previous: int, pot: int) -> float:
    """Size of a bet or raise in percent of the pot, as the release measures it.

    Args:
        to: the street total after the bet or raise.
        previous: the street total being raised (0 for a first bet).
        pot: the pot at the start of the street.

    Example:
        >>> round(bet_pct(to=500, previous=0, pot=1800), 1)
        27.8
    """
    base = pot + 2 * previous
    if base <= 0:
        return 100.0
    return (to - previous) / base * 100.0


def river_check_raise_factor() -> float:
    """Extra weight of a river check-raise (1.5).

    Example:
        >>> river_check_raise_factor()
        1.5
    """
    return float(table("pressure")["river_check_raise_factor"])
