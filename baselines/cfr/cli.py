"""The ``pokergym solve cfr`` command: solve, report exploitability, write the JSON."""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from baselines.cfr.abstraction import LIVEGTO
from baselines.cfr.equity import DEFAULT_DEALS, DEFAULT_HANDS
from baselines.cfr.export import DEFAULT_ITERATIONS, DEFAULT_PATH, dumps, solve

__all__ = ["EXPLOITABILITY_TARGET", "output_path", "solve_main"]

EXPLOITABILITY_TARGET = 0.005
"""Largest acceptable exploitability of a solved game, in pots (0.5% of the pot)."""


def output_path(seed: int, out: Path | None = None, *, package_data: bool = False) -> Path:
    """Where ``solve cfr`` writes: ``out``, else the package's file of ``seed``, else a new file here.

    The shipped strategy is overwritten only on request (``package_data``), so a
    trial run, or a run with another seed, never replaces it.

    Example:
        >>> str(output_path(1))
        'livegto_9x5_seed1.json'
        >>> output_path(0, package_data=True) == DEFAULT_PATH
        True
    """
    if out is not None:
        return out
    name = DEFAULT_PATH.name.replace("_seed0.", f"_seed{seed}.")
    return DEFAULT_PATH.with_name(name) if package_data else Path(name)


def _at_least(low: int, high: int | None = None) -> Callable[[str], int]:
    """An argparse type: an integer from ``low`` (to ``high``), else argparse's one-line error."""

    def parse(text: str) -> int:
        value = int(text)
        if value < low or (high is not None and value > high):
            bounds = f"{low}..{high}" if high is not None else f"at least {low}"
            raise argparse.ArgumentTypeError(f"expected an integer {bounds}, got {text}")
        return value

    return parse


def solve_main(argv: Sequence[str] | None = None) -> int:
    """Solve every street and texture, print each exploitability and write the strategy file.

    Options: ``--seed`` (default 0), ``--iterations`` (default
    :data:`~baselines.cfr.export.DEFAULT_ITERATIONS`), ``--out`` (default
    ``livegto_9x5_seed{SEED}.json`` in the working directory), ``--package-data``
    (write instead into the package's data folder, the file the ``cfr`` agent
    loads for seed 0), ``--deals``, ``--hands``, and ``--texture`` (repeatable,
    a texture name: solve only those). With the defaults and ``--seed 0`` the
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
    parser.add_argument("--iterations", type=_at_least(1), default=DEFAULT_ITERATIONS, help="CFR+ iterations")
    where = parser.add_mutually_exclusive_group()
    where.add_argument(
        "--out", type=Path, default=None, help="the JSON strategy file (default ./livegto_9x5_seed<SEED>.json)"
    )
    where.add_argument(
        "--package-data",
        action="store_true",
        help="overwrite the strategy file of this seed shipped in the package (regenerating package data)",
    )
    parser.add_argument("--deals", type=_at_least(1), default=DEFAULT_DEALS, help="boards sampled per texture")
    parser.add_argument("--hands", type=_at_least(2, 23), default=DEFAULT_HANDS, help="hands dealt per board (2..23)")
    parser.add_argument("--texture", action="append", choices=LIVEGTO.textures, help="solve only these textures")
    args = parser.parse_args(argv)
    out = output_path(args.seed, args.out, package_data=args.package_data)
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
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(dumps(document))
    print(f"wrote {out} ({elapsed:.1f} s; worst exploitability {100 * worst:.4f}% of the pot)")
    return 0 if worst < EXPLOITABILITY_TARGET else 1
