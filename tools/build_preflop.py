"""Build the preflop range tables: ``python -m tools.build_preflop``.

The command regenerates, bit for bit, the two data files behind
:mod:`pokergym.context.preflop` (``--tables-only`` skips the first):

``data/preflop_equity.json``
    The exact all-in equity of each of the 169 hand classes against each
    other: for every board and every pair of disjoint two-card hands of the
    two classes, the share of showdowns won plus half the ties, stored in
    units of 1/10,000. All C(52, 5) boards are covered through one board per
    suit-permutation class, weighted by the class size, with the evaluator's
    board enumeration and rank lookup; on each board the 1081 hands are ranked
    once and losses and ties are counted per class pair in integers (see
    :mod:`tools._preflop_kernel`). About 35 s of one core.

``data/preflop_ranges.json``
    One table per scenario: the raise and call probabilities of each class,
    in thousandths. Built from the equity matrix in about a second.

Method. The tables are built in the order of the betting, so that each spot
knows the range the opponent arrives with:

1. The opponent's range is the product of the opponent's own raise
   frequencies along the line (facing a 4-bet, the button's open frequency
   times its 4-bet frequency). The tables never limp, so the limp spots
   describe a button that limps every hand, as the reference's tables do.
2. Each class is scored by its equity against that range with card removal:
   the class-versus-class equities averaged with weights (range frequency)
   x (number of disjoint hand pairs).
3. The classes are sorted by score, best first, and laid end to end on the
   unit interval, each as wide as its share of the 1326 hands. A share ``T``
   is filled from the top by a linear ramp of width ``band`` centred on
   ``T`` (1 up to ``T - band/2``, 0 from ``T + band/2``); each class gets
   the mean of the ramp over its interval. The ramp's area is exactly ``T``,
   so the combo-weighted total is ``T``, and classes near the boundary get
   mixed frequencies. Raise takes the raise total; raise plus call takes the
   sum of both totals, and call is the difference. Raising is value first
   (linear): the tables hold no bluff raises.
4. The two first-in spots (``btn_first``, ``bb_vs_limp``) face a range that
   has not acted yet; they are scored instead against the hands that continue
   in the opponent's reply spot (``bb_vs_open``, ``btn_limp_vs_raise``),
   taken from the previous pass. The first pass scores them against every
   hand; passes repeat until a pass changes nothing (three are needed).
5. Probabilities are rounded to thousandths. The two all-in calling tables
   are the reference's hand lists (AA-JJ and AK; 88+ and AK).

Totals, combo-weighted over all 1326 hands (each table covers every hand, as
the reference's do, so a total is not a share of the range that arrives):

====================  =====  =====  ===========================================
scenario              raise  call   source
====================  =====  =====  ===========================================
btn_first             74.7   0      reference (the button never limps)
bb_vs_limp            31.1   0      reference (the rest checks)
bb_vs_open            13.1   56.1   reference
btn_limp_vs_raise     14.0   41.6   reference
btn_open_vs_3bet      5.0    20.0   chosen
limp_3bet_bb          5.0    9.0    chosen
open_4bet_bb          2.6    4.4    chosen
open_5bet_btn         2.4    0      chosen, shove or fold
limp_4bet_btn         4.1    0      chosen, shove or fold
open_allin_bb         0      3.0    reference: AA-JJ, AK (40 hands)
limp_allin_bb         0      4.4    reference: 88+, AK (58 hands)
====================  =====  =====  ===========================================

How the chosen totals were set. Two bounds frame each: the *pot-odds*
share, the hands whose equity against the raiser's range pays the call
(raw, and with realisation 0.95 in position and 0.8 out of position), and
the *minimum defence*, the share of the arriving range that must continue so
that the raise does not profit with any two cards (pot / (pot + risk)). The
value-raise share is about the hands with more than half the equity against
the raiser's range. Percentages of all hands:

* ``btn_open_vs_3bet``: call 6.5 BB to win 18 BB (36 %); pot odds 14.6-17.0,
  minimum defence 22.7 (30 % of the 74.7 % opening range), hands above 50 %:
  5.4. Chosen 5 + 20 = 25 (a third of the opens).
* ``limp_3bet_bb``: call 10 BB to win 30 BB (33 %), out of position; pot
  odds 10.0 with realisation, every raising hand without; minimum defence 9.3
  (30 % of 31.1 %); above 50 %: 5.9. Chosen 5 + 9 = 14 (45 % of the raises).
* ``open_4bet_bb``: call 18 BB to win 54 BB (33 %), out of position; pot odds
  3.5-8.9, minimum defence 4.2 (32 % of 13.1 %); above 50 %: 1.7 (QQ+, AK
  with AKo next). Chosen 2.6 (QQ+, AK) + 4.4 = 7.0.
* ``open_5bet_btn`` (the shove risks 173 BB to win 400 BB: 43 %): pot odds
  1.4 (AA-QQ), minimum defence 2.2 (44 % of the 5 % 4-betting range).
  Chosen 2.4: AA-QQ and most of AK.
* ``limp_4bet_btn`` (185 BB to win 400 BB: 46 % if called): pot odds 3.0,
  minimum defence 5.3 (38 % of 14 %); the big blind folds part of its
  4-bets to a shove. Chosen 4.1: TT+, AK, AQs, part of 99.

Against these shoves the big blind's calls need 36.5 % (open pot) and 40.6 %
(limped pot). Against the modelled shoves AK and QQ+ clear both prices; JJ
has 34 % in the opened pot, a close call, and 99-88 about 33 % in the limped
pot: the reference's calling ranges, kept as they are, call a little wider
than raw equity against these value-only shoving ranges supports.
"""

from __future__ import annotations

import argparse
import json
import math
import time
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Final

import numpy as np
import numpy.typing as npt

from pokergym.context import preflop
from pokergym.context.preflop import RANGES_FILE
from pokergym.evaluator import CLASS_NAMES_169, class_index_169, combo_array, combos_in_class

__all__ = [
    "CALL_ALL_IN",
    "EQUITY_FILE",
    "SPECS",
    "ScenarioSpec",
    "Table",
    "build_tables",
    "combo_classes",
    "equity_json",
    "equity_matrix",
    "load_equity",
    "main",
    "pair_counts",
    "ranges_json",
]

DATA_DIR: Final = Path(preflop.__file__).with_name("data")
"""The package data folder of :mod:`pokergym.context`, where the files are written by default."""
EQUITY_FILE: Final = "preflop_equity.json"
"""Name of the equity matrix inside ``data``."""
EQUITY_SCALE: Final = 10_000
FREQ_SCALE: Final = 1_000
_N: Final = len(CLASS_NAMES_169)


def combo_classes() -> npt.NDArray[np.int64]:
    """Class index (grid order) of each of the 1326 two-card hands, in :func:`~pokergym.evaluator.combo_index` order.

    Example:
        >>> int(combo_classes()[-1]), CLASS_NAMES_169[0]
        (0, 'AA')
    """
    return np.array([class_index_169([int(a), int(b)]) for a, b in combo_array()], dtype=np.int64)


def pair_counts() -> list[list[int]]:
    """Disjoint two-card-hand pairs between every two classes (a symmetric 169 x 169 matrix).

    Example:
        >>> counts = pair_counts()
        >>> aces, ace_king = CLASS_NAMES_169.index("AA"), CLASS_NAMES_169.index("AKo")
        >>> counts[aces][ace_king], counts[ace_king][aces], counts[aces][aces]
        (36, 36, 6)
    """
    cards = combo_array()
    masks = (np.int64(1) << cards[:, 0]) | (np.int64(1) << cards[:, 1])
    disjoint = ((masks[:, None] & masks[None, :]) == 0).astype(np.float64)
    onehot = np.zeros((len(masks), _N))
    onehot[np.arange(len(masks)), combo_classes()] = 1.0
    # Float products are exact here (counts below 2**53) and use the fast BLAS path.
    counts: list[list[int]] = (onehot.T @ disjoint @ onehot).round().astype(np.int64).tolist()
    return counts


def equity_matrix() -> list[list[Fraction]]:
    """The exact all-in equity of every class against every other (the slow step).

    Returns:
        ``equity[i][j]`` for classes in grid order: over every board and
        every pair of disjoint hands of classes ``i`` and ``j`` that avoid
        it, the share of showdowns ``i`` wins plus half the ties.
    """
    from pokergym.evaluator import _kernels
    from tools._preflop_kernel import class_showdowns

    boards, mult = _kernels.canonical_boards()
    losses, ties = class_showdowns(boards, mult, combo_array(), combo_classes(), _kernels.kernel_tables())
    lost, tied = losses.tolist(), ties.tolist()
    return [
        [Fraction(2 * lost[j][i] + tied[i][j], 2 * (lost[i][j] + lost[j][i] + tied[i][j])) for j in range(_N)]
        for i in range(_N)
    ]


def equity_json(equity: Sequence[Sequence[Fraction]]) -> str:
    """Serialise the equity matrix (rounded to 1/10,000, half to even) as shipped."""
    document = {
        "about": "Exact class-versus-class all-in equity; regenerate with `python -m tools.build_preflop`.",
        "scale": EQUITY_SCALE,
        "classes": list(CLASS_NAMES_169),
        "equity": [[round(e * EQUITY_SCALE) for e in row] for row in equity],
    }
    return json.dumps(document, separators=(",", ":")).replace("],[", "],\n[") + "\n"


def load_equity(path: Path = DATA_DIR / EQUITY_FILE) -> list[list[float]]:
    """Read a serialised equity matrix back as floats."""
    data = json.loads(path.read_text(encoding="utf-8"))
    scale = data["scale"]
    return [[v / scale for v in row] for row in data["equity"]]


@dataclass(frozen=True, slots=True)
class ScenarioSpec:
    """How one table is built.

    Attributes:
        name: the scenario.
        villain: scenarios whose raise frequencies multiply into the
            opponent's range (empty: every hand).
        raise_total: raise share of all 1326 combos.
        call_total: call share of all 1326 combos.
        band: width of the mixed-frequency ramp at each boundary (combo share).
        versus_continuing: for a first-in spot, the opponent's reply spot: the
            classes are ranked against the hands that continue there (raise
            or call) instead of against ``villain``.
    """

    name: str
    villain: tuple[str, ...]
    raise_total: float
    call_total: float
    band: float
    versus_continuing: str | None = None


SPECS: Final = (
    ScenarioSpec("btn_first", (), 0.747, 0.0, 0.03, versus_continuing="bb_vs_open"),
    ScenarioSpec("bb_vs_limp", (), 0.311, 0.0, 0.03, versus_continuing="btn_limp_vs_raise"),
    ScenarioSpec("bb_vs_open", ("btn_first",), 0.131, 0.561, 0.03),
    ScenarioSpec("btn_limp_vs_raise", ("bb_vs_limp",), 0.140, 0.416, 0.03),
    ScenarioSpec("btn_open_vs_3bet", ("btn_first", "bb_vs_open"), 0.050, 0.200, 0.02),
    ScenarioSpec("limp_3bet_bb", ("bb_vs_limp", "btn_limp_vs_raise"), 0.050, 0.090, 0.02),
    ScenarioSpec("open_4bet_bb", ("bb_vs_open", "btn_open_vs_3bet"), 0.026, 0.044, 0.01),
    ScenarioSpec("limp_4bet_btn", ("btn_limp_vs_raise", "limp_3bet_bb"), 0.041, 0.0, 0.01),
    ScenarioSpec("open_5bet_btn", ("btn_first", "btn_open_vs_3bet", "open_4bet_bb"), 0.024, 0.0, 0.01),
)
"""The raise/call tables in build order; a ``villain`` only names earlier tables."""

CALL_ALL_IN: Final = {
    "open_allin_bb": ("AA", "KK", "QQ", "JJ", "AKs", "AKo"),
    "limp_allin_bb": ("AA", "KK", "QQ", "JJ", "TT", "99", "88", "AKs", "AKo"),
}
"""The reference's calling ranges against an all-in (AA-JJ, AK and 88+, AK)."""

MAX_PASSES: Final = 20
"""Cap on the passes of the fixed-point iteration (it settles in a few)."""


def _scores(
    equity: Sequence[Sequence[float]], counts: Sequence[Sequence[int]], weights: Sequence[float]
) -> list[float]:
    """Equity of each class against a range given as per-class weights (card removal included)."""
    scores = []
    for i in range(_N):
        mass = [weights[j] * counts[i][j] for j in range(_N)]
        total = math.fsum(mass)
        scores.append(math.fsum(m * equity[i][j] for j, m in enumerate(mass)) / total)
    return scores


def _fill(order: Sequence[int], combos: Sequence[int], share: float, band: float) -> list[float]:
    """Per-class frequencies of a ramp of area ``share`` laid over the classes in ``order``."""
    whole = sum(combos)
    low, high = share - band / 2, share + band / 2

    def area(u: float) -> float:
        # Integral from 0 to u of the ramp (1 up to `low`, 0 from `high`).
        if u <= low:
            return u
        if u >= high:
            return share
        return u - (u - low) ** 2 / (2 * band)

    freq = [0.0] * len(order)
    start = 0
    for i in order:
        a, b = start / whole, (start + combos[i]) / whole
        freq[i] = (area(b) - area(a)) / (b - a)
        start += combos[i]
    return freq


Table = tuple[list[int], list[int]]
"""Raise and call probabilities of the 169 classes (grid order), in thousandths."""


def _one_pass(
    equity: Sequence[Sequence[float]], counts: Sequence[Sequence[int]], previous: dict[str, Table] | None
) -> dict[str, Table]:
    combos = [combos_in_class(i) for i in range(_N)]
    built: dict[str, Table] = {}
    for spec in SPECS:
        weights = [1.0] * _N
        if spec.versus_continuing is not None and previous is not None:
            raised, called = previous[spec.versus_continuing]
            weights = [(r + c) / FREQ_SCALE for r, c in zip(raised, called, strict=True)]
        for step in spec.villain:
            weights = [w * r / FREQ_SCALE for w, r in zip(weights, built[step][0], strict=True)]
        scores = _scores(equity, counts, weights)
        order = sorted(range(_N), key=lambda i: (-scores[i], i))
        raise_m = [round(f * FREQ_SCALE) for f in _fill(order, combos, spec.raise_total, spec.band)]
        total = spec.raise_total + spec.call_total
        continue_m = [round(f * FREQ_SCALE) for f in _fill(order, combos, total, spec.band)]
        built[spec.name] = (raise_m, [c - r for c, r in zip(continue_m, raise_m, strict=True)])
    for name, hands in CALL_ALL_IN.items():
        built[name] = ([0] * _N, [FREQ_SCALE if c in hands else 0 for c in CLASS_NAMES_169])
    return built


def build_tables(equity: Sequence[Sequence[float]], counts: Sequence[Sequence[int]]) -> dict[str, Table]:
    """Build every table from the equity matrix and the pair counts.

    The first pass ranks the first-in spots against every hand; each later
    pass ranks them against the continuing ranges of the pass before, until
    a pass changes nothing.

    Args:
        equity: ``equity[i][j]``, class ``i`` against class ``j`` (grid order).
        counts: :func:`pair_counts`.

    Returns:
        The tables of :data:`SPECS` and :data:`CALL_ALL_IN`, by scenario name.

    Raises:
        RuntimeError: if the passes do not settle within :data:`MAX_PASSES`.
    """
    tables = _one_pass(equity, counts, None)
    for _ in range(MAX_PASSES):
        following = _one_pass(equity, counts, tables)
        if following == tables:
            return tables
        tables = following
    raise RuntimeError(f"the preflop tables did not settle in {MAX_PASSES} passes")


def ranges_json(tables: dict[str, Table]) -> str:
    """Serialise the tables in the format :mod:`pokergym.context.preflop` loads."""
    scenarios = {
        name: {"raise": [r / FREQ_SCALE for r in raised], "call": [c / FREQ_SCALE for c in called]}
        for name, (raised, called) in tables.items()
    }
    document = {
        "about": "Preflop range tables; regenerate with `python -m tools.build_preflop`.",
        "classes": list(CLASS_NAMES_169),
        "scenarios": scenarios,
    }
    return json.dumps(document, indent=1) + "\n"


def main(argv: Sequence[str] | None = None) -> int:
    """Regenerate the data files; ``--tables-only`` reuses the shipped equity matrix.

    Returns:
        The process exit status (0).
    """
    parser = argparse.ArgumentParser(
        prog="python -m tools.build_preflop",
        description="Regenerate pokergym's preflop equity matrix and range tables.",
    )
    parser.add_argument("--tables-only", action="store_true", help=f"reuse data/{EQUITY_FILE} (skip the slow step)")
    parser.add_argument("--out", type=Path, default=DATA_DIR, help="output directory (default: the package data)")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    if args.tables_only:
        equity = load_equity()
    else:
        start = time.perf_counter()
        (args.out / EQUITY_FILE).write_text(equity_json(equity_matrix()), encoding="utf-8")
        print(f"wrote {args.out / EQUITY_FILE} in {time.perf_counter() - start:.0f} s")
        equity = load_equity(args.out / EQUITY_FILE)
    tables = build_tables(equity, pair_counts())
    (args.out / RANGES_FILE).write_text(ranges_json(tables), encoding="utf-8")
    print(f"wrote {args.out / RANGES_FILE}")
    for name, (raised, called) in tables.items():
        r, c = (sum(combos_in_class(i) * v for i, v in enumerate(col)) / 1326 / FREQ_SCALE for col in (raised, called))
        print(f"  {name:18s} raise {100 * r:5.1f} %  call {100 * c:5.1f} %  fold {100 * (1 - r - c):5.1f} %")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
