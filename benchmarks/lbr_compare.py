"""LBR runs of one seed compared: each run's counted and AIVAT figures, by LBR's seat, and paired differences.

Reads the ``--histories`` files of ``pokergym exploit AGENT --seed S`` runs (the responder is named ``LBR``),
prints for each its counted mbb/hand (``extra.mbb``) and AIVAT's (``extra.aivat_mbb``) with 95% normal
intervals over hands, both split by whether LBR had the button, and, for every run after the first, the mean
difference from the first over the pairs both played (``extra.pair``; a pair's two hands deal the same cards
to each seat), where the same ``--seed`` and ``--block-pairs`` dealt the same cards. ``--lines N`` adds the
N preflop lines where LBR's AIVAT winnings, summed, were largest.

``--pool`` instead pools runs of one agent on different seeds: each run's counted and AIVAT figures and the
pooled ones, means and 95% intervals over duplicate pairs (a pair's value the mean of its two hands, as
:class:`pokergym.arena.lbr.LbrResult` counts them), over every pair of every run. Two runs whose first pairs
deal the same cards (the same seed and block size) are refused, as are runs against other agents.

Usage (from the repository root):
    PYTHONPATH=. python benchmarks/lbr_compare.py runs/lbr-s1.jsonl runs/lbr-s1-solved.jsonl --lines 5
    PYTHONPATH=. python benchmarks/lbr_compare.py --pool runs/lbr-s1.jsonl runs/lbr-s2.jsonl runs/lbr-s3.jsonl
"""

from __future__ import annotations

import argparse
import json
import math
from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path
from typing import Any

Hand = dict[str, Any]


def interval(values: Sequence[float]) -> str:
    """``mean +- half-width`` of a 95% normal interval."""
    n = len(values)
    mean = sum(values) / n
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1)) if n > 1 else float("nan")
    return f"{mean:+,.0f} +- {1.96 * sd / math.sqrt(n):,.0f}"


def lbr_has_button(hand: Hand) -> bool:
    """Whether the responder had the button in ``hand``."""
    return bool(hand["button"] == hand["names"].index("LBR"))


def preflop_line(hand: Hand) -> str:
    """LBR's seat, then each preflop action: ``L`` LBR or ``A`` the agent, the kind's letter, a raise's amount."""
    lbr = hand["names"].index("LBR")
    steps = [
        ("L" if a["seat"] == lbr else "A") + a["kind"][0] + (str(a["to"]) if a["kind"] in ("bet", "raise") else "")
        for a in hand["actions"]
        if a["street"] == "preflop"
    ]
    return ("LBR button: " if lbr_has_button(hand) else "LBR big blind: ") + " ".join(steps)


def summary(name: str, hands: list[Hand]) -> None:
    """Print one run's figures, whole and by LBR's seat."""
    print(f"{name}: {len(hands)} hands")
    parts = (
        ("all", hands),
        ("LBR button", [h for h in hands if lbr_has_button(h)]),
        ("LBR big blind", [h for h in hands if not lbr_has_button(h)]),
    )
    for part, rows in parts:
        if rows:
            counted = interval([h["extra"]["mbb"] for h in rows])
            aivat = interval([h["extra"]["aivat_mbb"] for h in rows])
            print(f"  {part:14s} counted {counted:>18s}   AIVAT {aivat:>18s}   ({len(rows)} hands)")


def pair_values(hands: list[Hand]) -> dict[int, tuple[float, float]]:
    """Per duplicate pair with both hands played, the mean of its hands' counted and AIVAT values (mbb/hand)."""
    sums: dict[int, list[float]] = defaultdict(lambda: [0.0, 0.0, 0.0])
    for h in hands:
        row = sums[h["extra"]["pair"]]
        row[0] += h["extra"]["mbb"] / 2
        row[1] += h["extra"]["aivat_mbb"] / 2
        row[2] += 1
    return {pair: (row[0], row[1]) for pair, row in sorted(sums.items()) if row[2] == 2}


def differences(first: list[Hand], other: list[Hand]) -> tuple[list[float], list[float], int]:
    """Per pair both runs played, other minus first (counted, AIVAT; mbb/hand), and the hands dealt alike."""
    dealt = {h["hand_id"]: (h["hole_cards"], h["board"]) for h in first}
    same = sum(dealt.get(h["hand_id"]) == (h["hole_cards"], h["board"]) for h in other)
    before, after = pair_values(first), pair_values(other)
    both = [pair for pair in after if pair in before]
    counted = [after[pair][0] - before[pair][0] for pair in both]
    return counted, [after[pair][1] - before[pair][1] for pair in both], same


def pooled(names: Sequence[str], runs: Sequence[list[Hand]]) -> list[tuple[str, int, str, str]]:
    """Rows ``(run, pairs, counted, AIVAT)`` for each run and, last, all of them pooled over their pairs.

    Raises:
        SystemExit: if two runs deal the same first pair (a seed played twice: its pairs would count twice),
            or the runs are against different agents.
    """
    agents = {h["names"][1 - h["names"].index("LBR")] for hands in runs for h in hands}
    if len(agents) != 1:
        raise SystemExit(f"runs against different agents cannot be pooled: {sorted(agents)}")
    firsts: dict[tuple[str, str], str] = {}
    rows: list[tuple[str, int, str, str]] = []
    counted: list[float] = []
    aivat: list[float] = []
    for name, hands in zip(names, runs, strict=True):
        first = min(hands, key=lambda h: h["hand_id"])
        dealt = ("".join(sorted(first["hole_cards"])), first["board"])
        if dealt in firsts:
            raise SystemExit(f"{name} deals the same cards as {firsts[dealt]}: the same seed twice")
        firsts[dealt] = name
        run_counted, run_aivat = zip(*pair_values(hands).values(), strict=True)
        counted += run_counted
        aivat += run_aivat
        rows.append((name, len(run_counted), interval(run_counted), interval(run_aivat)))
    rows.append((f"pooled ({len(runs)} runs)", len(counted), interval(counted), interval(aivat)))
    return rows


def pooled_table(names: Sequence[str], runs: Sequence[list[Hand]]) -> str:
    """:func:`pooled`'s rows as a Markdown table."""
    lines = ["| run | pairs | LBR counted | AIVAT |", "|---|---:|---:|---:|"]
    lines += [f"| {name} | {pairs:,} | {counted} | {aivat} |" for name, pairs, counted, aivat in pooled(names, runs)]
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the comparison; returns the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("runs", nargs="+", type=Path, help="histories.jsonl files of LBR runs")
    parser.add_argument("--lines", type=int, default=0, help="print the N preflop lines LBR won most in")
    parser.add_argument("--pool", action="store_true", help="pool runs on different seeds over all their pairs")
    args = parser.parse_args(argv)
    loaded = [[json.loads(line) for line in path.read_text().splitlines() if line] for path in args.runs]
    if args.pool:
        print(pooled_table([str(path) for path in args.runs], loaded))
        return 0
    for index, (path, hands) in enumerate(zip(args.runs, loaded, strict=True)):
        summary(str(path), hands)
        if index:
            counted, aivat, same = differences(loaded[0], hands)
            print(f"  minus the first, {len(counted)} pairs in both, {same} hands dealt alike:")
            print(f"    counted {interval(counted)}   AIVAT {interval(aivat)}")
        if args.lines:
            won: dict[str, list[float]] = defaultdict(list)
            for h in hands:
                won[preflop_line(h)].append(h["extra"]["aivat_mbb"])
            top = sorted(won.items(), key=lambda item: -sum(item[1]))[: args.lines]
            for line, values in top:
                share = sum(values) / len(hands)
                print(
                    f"    {line:44s} {len(values):5d} hands, {sum(values) / len(values) / 1000:+7.1f} BB a hand"
                    f" (AIVAT), {share:+7.0f} mbb/hand of the run"
                )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
