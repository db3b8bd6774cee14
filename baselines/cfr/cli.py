"""The ``pokergym solve cfr`` command: solve, report exploitability, write the JSON."""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence
from pathlib import Path

from baselines.cfr.abstraction import LIVEGTO
from baselines.cfr.equity import DEFAULT_DEALS, DEFAULT_HANDS
from baselines.cfr.export import DEFAULT_ITERATIONS, DEFAULT_PATH, dumps, solve

__all__ = ["EXPLOITABILITY_TARGET", "solve_main"]

EXPLOITABILITY_TARGET = 0.005
"""Largest acceptable exploitability of a solved game, in pots (0.5% of the pot)."""


def solve_main(argv: Sequence[str] | None = None) -> int:
    """Solve every street and texture, print each exploitability and write the strategy file.

    Options: ``--seed`` (default 0), ``--iterations`` (default
    :data:`~baselines.cfr.export.DEFAULT_ITERATIONS`), ``--out`` (default the
    shipped file), ``--deals``, ``--hands``, and ``--texture`` (repeatable, a
    texture name: solve only those). With the defaults and ``--seed 0`` the
    written file is byte for byte the shipped one.

    Returns:
        0 when every game is below :data:`EXPLOITABILITY_TARGET`, else 1.

    Example:
        >>> import tempfile, os
        >>> out = os.path.join(tempfile.mkdtemp(), "s.json")
        >>> args = ["--iterations", "300", "--deals", "15", "--texture", "paired", "--out", out]
        >>> solve_main(args)  # doctest: +ELLIPSIS
        street  texture   exploitability (% pot)  OOP value (pot)
        flop    paired    ...
        wrote ...
        0
    """
    parser = argparse.ArgumentParser(prog="pokergym solve cfr", description=(solve_main.__doc__ or "").split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=0, help="root seed of the Monte Carlo tables")
    parser.add_argument("--iterations", type=int, default=DEFAULT_ITERATIONS, help="CFR+ iterations")
    parser.add_argument("--out", type=Path, default=DEFAULT_PATH, help="where to write the JSON strategy")
    parser.add_argument("--deals", type=int, default=DEFAULT_DEALS, help="boards sampled per texture")
    parser.add_argument("--hands", type=int, default=DEFAULT_HANDS, help="hands dealt per board")
    parser.add_argument("--texture", action="append", choices=LIVEGTO.textures, help="solve only these textures")
    args = parser.parse_args(argv)
    textures = None if args.texture is None else [LIVEGTO.textures.index(t) for t in args.texture]
    start = time.perf_counter()
    document = solve(args.seed, args.iterations, args.deals, args.hands, textures=textures)
    elapsed = time.perf_counter() - start
    print("street  texture   exploitability (% pot)  OOP value (pot)")
    worst = 0.0
    for street, sections in document["streets"].items():
        for texture, section in sections.items():
            worst = max(worst, section["exploitability"])
            print(f"{street:<7} {texture:<9} {100 * section['exploitability']:>22.4f}  {section['game_value']:>15.4f}")
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(dumps(document))
    print(f"wrote {args.out} ({elapsed:.1f} s; worst exploitability {100 * worst:.4f}% of the pot)")
    return 0 if worst < EXPLOITABILITY_TARGET else 1
