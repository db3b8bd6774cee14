"""Weighted betting pressure: how much of a budget one bet uses up.

A bet's size is measured against the pot at the start of its street: a bet
is ``to / pot``, a raise is ``(to - previous bet) / (pot + 2 x previous
bet)`` (the raise measured against the pot after a call). The percentage is
then looked up in the release's 47-step table (``data/pressure.json``): the
weight is the first entry whose threshold exceeds the size, and 4.0 from
1500% up. A check-raise on the river weighs 1.5 times as much.

This module reads the table; the line kernel
(:mod:`pokergym.context._line_kernel`) measures and weighs the bets.
"""

from __future__ import annotations

from functools import cache

from .tables import table

__all__ = ["river_check_raise_factor", "weight_steps"]


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


def river_check_raise_factor() -> float:
    """Extra weight of a river check-raise (1.5).

    Example:
        >>> river_check_raise_factor()
        1.5
    """
    return float(table("pressure")["river_check_raise_factor"])
