"""Load the context engine's JSON tables once.

The tables live in ``pokergym/context/data`` (package data): ``pressure.json``
(bet size to pressure weight), ``budgets.json`` (attack/defense budgets by
hand class and texture), ``overrides.json`` (special boards) and
``draws.json`` (draw defense limits).

Example:
    >>> table("pressure")["above_last"]
    4.0
    >>> table("budgets") is table("budgets")
    True
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any

__all__ = ["pair_value", "pot_key", "table"]


@cache
def table(name: str) -> dict[str, Any]:
    """Return the parsed ``data/<name>.json`` table (cached, do not mutate).

    Raises:
        FileNotFoundError: if no such table exists.
    """
    text = resources.files("pokergym.context").joinpath("data").joinpath(f"{name}.json").read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


def pot_key(pot_type: str, limp_key: bool = False) -> str:
    """Map a pot type to the key used by the budget tables.

    Limp pots share the single-raised tables unless ``limp_key`` asks for a
    separate ``limp`` entry; 5-bet-plus pots share the 4-bet tables.

    Example:
        >>> pot_key("limp"), pot_key("limp", limp_key=True), pot_key("5bp+")
        ('srp', 'limp', '4bp')
    """
    if pot_type == "limp":
        return "limp" if limp_key else "srp"
    if pot_type == "5bp+":
        return "4bp"
    return pot_type


def pair_value(entry: list[float]) -> tuple[float, float]:
    """Turn a ``[attack, defense]`` table entry into a float pair.

    Example:
        >>> pair_value([99, 99])
        (99.0, 99.0)
    """
    return float(entry[0]), float(entry[1])
