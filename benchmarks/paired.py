"""Two saved matches of the same seed compared deal by deal: how much more one version of an agent won.

Duplicate matches with the same seed deal the same cards, so the difference between two versions of an
agent (against the same opponent) can be taken per duplicate pair, which removes the luck the two share.
Reads the ``histories.jsonl`` of both matches (``pokergym match A B --seed S --out DIR``), keys each hand
by its board and the two hole cards, keeps the pairs played in both, and prints each run's mean and the
mean of the differences (second minus first) in mbb/hand with 95% normal intervals over pairs.

Usage (from the repository root):
    PYTHONPATH=. python benchmarks/paired.py runs/A/histories.jsonl runs/B/histories.jsonl solver
"""

from __future__ import annotations

import argparse
import json
import math
from collections import defaultdict
from collections.abc import Iterable
from typing import Any

import numpy as np
import numpy.typing as npt

Deal = tuple[str, tuple[str, ...]]


def per_pair(hands: Iterable[dict[str, Any]], prefix: str) -> dict[Deal, float]:
    """The agent's mbb/hand in each complete duplicate pair, keyed by the deal; the agent's name starts with ``prefix``.

    Raises:
        ValueError: if a hand has no player whose name starts with ``prefix``.
    """
    chips: dict[Deal, list[int]] = defaultdict(list)
    big_blind: dict[Deal, int] = {}
    for hand in hands:
        seat = next((i for i, name in enumerate(hand["names"]) if name.startswith(prefix)), None)
        if seat is None:
            raise ValueError(f"no player named {prefix}... in hand {hand['hand_id']}: {hand['names']}")
        deal = (hand["board"], tuple(sorted(hand["hole_cards"])))
        chips[deal].append(hand["payoffs"][seat])
        big_blind[deal] = hand["config"]["big_blind"]
    return {deal: sum(c) / len(c) / big_blind[deal] * 1000 for deal, c in chips.items() if len(c) == 2}


def interval(values: npt.NDArray[np.float64]) -> tuple[float, float]:
    """Mean and 95% half-width (normal, over the values)."""
    if len(values) < 2:
        return float(values.mean()) if len(values) else math.nan, math.nan
    return float(values.mean()), float(1.96 * values.std(ddof=1) / math.sqrt(len(values)))


def compare(first: dict[Deal, float], second: dict[Deal, float]) -> dict[str, tuple[float, float] | int]:
    """``pairs`` in common, each run's mean and half-width there, and the paired difference (second - first)."""
    common = sorted(set(first) & set(second))
    a = np.array([first[d] for d in common], dtype=np.float64)
    b = np.array([second[d] for d in common], dtype=np.float64)
    return {"pairs": len(common), "first": interval(a), "second": interval(b), "difference": interval(b - a)}


def _read(path: str) -> list[dict[str, Any]]:
    with open(path, encoding="utf-8") as lines:
        return [json.loads(line) for line in lines]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("first", help="histories.jsonl of the first match")
    parser.add_argument("second", help="histories.jsonl of the second match (same seed)")
    parser.add_argument("agent", help="the start of the agent's name in both (e.g. solver)")
    args = parser.parse_args()
    result = compare(per_pair(_read(args.first), args.agent), per_pair(_read(args.second), args.agent))
    print(f"{result['pairs']} duplicate pairs in both, {args.agent}'s mbb/hand, 95% CI over pairs:")
    for key in ("first", "second", "difference"):
        mean, half = result[key]  # type: ignore[misc]
        print(f"  {key}: {mean:+,.0f} +- {half:,.0f}")


if __name__ == "__main__":
    main()
