"""Two saved matches of the same seed compared deal by deal: how much more one version of an agent won.

Duplicate matches with the same seed deal the same cards, so the difference between two versions of an
agent (against the same opponent) can be taken per duplicate pair, which removes the luck the two share.
Reads the ``histories.jsonl`` of both matches (``pokergym match A B --seed S --out DIR``), keys each hand
by its board and the two hole cards, keeps the pairs played in both, and prints each run's mean and the
mean of the differences (second minus first) in mbb/hand with 95% normal intervals over pairs. With
``--aivat``, the same for the AIVAT estimates of matches played with ``--estimator aivat``: each pair's from
the ``result.json`` beside its ``histories.jsonl`` (its ``aivat_chips``, agent A's, in the order of the
histories' ``extra.pair``), so the agent must be the match's first.

Usage (from the repository root):
    PYTHONPATH=. python benchmarks/paired.py runs/A/histories.jsonl runs/B/histories.jsonl solver
    PYTHONPATH=. python benchmarks/paired.py runs/A/histories.jsonl runs/B/histories.jsonl solver --aivat
"""

from __future__ import annotations

import argparse
import json
import math
from collections import defaultdict
from collections.abc import Iterable, Sequence
from pathlib import Path
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


def aivat_per_pair(hands: Iterable[dict[str, Any]], result: dict[str, Any], prefix: str) -> dict[Deal, float]:
    """Agent A's AIVAT mbb/hand in each duplicate pair of a match, keyed by the deal; A's name starts with ``prefix``.

    ``result`` is the match's ``result.json``; its ``aivat_chips`` hold A's two hands of every counted pair in
    the order of the pairs, which the histories' ``extra.pair`` numbers.

    Raises:
        ValueError: if A's name does not start with ``prefix``, the match has no AIVAT estimates, or voided
            pairs leave the estimates' order unknown.
    """
    if not result["agents"][0].startswith(prefix):
        raise ValueError(f"the match's first agent is {result['agents'][0]}, not {prefix}...: AIVAT is A's")
    chips = result.get("aivat_chips") or []
    if not chips or result.get("voided_pairs"):
        raise ValueError("the match has no AIVAT estimate per pair (or voided pairs): play it with --estimator aivat")
    deals = {hand["extra"]["pair"]: (hand["board"], tuple(sorted(hand["hole_cards"]))) for hand in hands}
    big_blind = result["config"]["big_blind"]
    return {deals[k]: (first + second) / 2 / big_blind * 1000 for k, (first, second) in enumerate(chips)}


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


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("first", help="histories.jsonl of the first match")
    parser.add_argument("second", help="histories.jsonl of the second match (same seed)")
    parser.add_argument("agent", help="the start of the agent's name in both (e.g. solver)")
    parser.add_argument("--aivat", action="store_true", help="also the AIVAT estimates (see above)")
    args = parser.parse_args(argv)
    first, second = _read(args.first), _read(args.second)
    scores = [("counted", per_pair(first, args.agent), per_pair(second, args.agent))]
    if args.aivat:
        results = [json.loads((Path(p).parent / "result.json").read_text()) for p in (args.first, args.second)]
        scores.append(
            ("AIVAT", aivat_per_pair(first, results[0], args.agent), aivat_per_pair(second, results[1], args.agent))
        )
    for label, a, b in scores:
        result = compare(a, b)
        print(f"{label}: {result['pairs']} duplicate pairs in both, {args.agent}'s mbb/hand, 95% CI over pairs:")
        for key in ("first", "second", "difference"):
            mean, half = result[key]  # type: ignore[misc]
            print(f"  {key}: {mean:+,.0f} +- {half:,.0f}")


if __name__ == "__main__":
    main()
