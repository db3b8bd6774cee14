"""Solve the abstract games and read and write strategies as versioned JSON.

:func:`solve` runs the whole pipeline -- sample bucket tables
(:mod:`baselines.cfr.equity`), build the tree (:mod:`baselines.cfr.game`),
run CFR+ on all streets and textures at once (:mod:`baselines.cfr.solver`) --
and returns a JSON-ready document. :func:`dumps` writes it with sorted keys
and numbers rounded to :data:`DIGITS` decimals, so the same seed and options
give the same bytes. The shipped file :data:`DEFAULT_PATH` is the output of
``solve_main(["--seed", "0"])``.

Document layout (``format`` = :data:`FORMAT`, ``version`` = :data:`VERSION`)::

    abstraction   {"name", "textures", "buckets"}
    betting       {"bet_fractions", "raise_factor", "raises"}
    sampling      {"seed", "deals", "hands"}
    solver        {"algorithm": "cfr+", "iterations"}
    streets       {street: {texture: section}}, street in flop/turn/river

and each section holds ``flop_share``, ``bucket_probabilities`` (n),
``weights`` and ``equity`` (n x n, OOP bucket first), ``exploitability`` and
``game_value`` (pots, OOP's view) and ``strategy``: for every decision
history of the tree, ``{"player", "actions", "probabilities"}`` with one row
of action probabilities per bucket of the player to act.

Example:
    >>> doc = solve(seed=5, iterations=50, deals=20, textures=(4,))
    >>> sorted(doc["streets"]["river"]), doc["streets"]["flop"]["low_dry"]["strategy"][""]["actions"]
    (['low_dry'], ['check', 'bet33', 'bet66', 'bet100'])
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Final

import numpy as np

from baselines.cfr.abstraction import LIVEGTO, Abstraction
from baselines.cfr.equity import DEFAULT_DEALS, DEFAULT_HANDS, STREETS, bucket_tables
from baselines.cfr.game import DEFAULT_BETTING, BettingConfig, BettingTree, build_tree
from baselines.cfr.solver import BucketGame, CFRPlusSolver, FloatArray
from pokergym.errors import ConfigError

__all__ = [
    "DEFAULT_ITERATIONS",
    "DEFAULT_PATH",
    "DIGITS",
    "FORMAT",
    "VERSION",
    "dumps",
    "load",
    "solve",
    "strategy_arrays",
]

FORMAT: Final = "pokergym-cfr-bucket-strategy"
VERSION: Final = 1
DIGITS: Final = 6
"""Decimals kept for every number in the file."""

DEFAULT_ITERATIONS: Final = 1000
"""CFR+ iterations of the shipped solve."""

DEFAULT_PATH: Final = Path(__file__).parent / "data" / "livegto_9x5_seed0.json"
"""The shipped strategy file."""


def _rounded(array: FloatArray) -> Any:
    return np.round(array, DIGITS).tolist()


def solve(
    seed: int,
    iterations: int = DEFAULT_ITERATIONS,
    deals: int = DEFAULT_DEALS,
    hands: int = DEFAULT_HANDS,
    abstraction: Abstraction = LIVEGTO,
    betting: BettingConfig = DEFAULT_BETTING,
    textures: Sequence[int] | None = None,
) -> dict[str, Any]:
    """Sample, solve and describe every street and texture (or only ``textures``).

    All games are always solved in one batch of the same shape (textures left
    out have zero weight), so a texture's section does not depend on which
    other textures were asked for.

    Args:
        seed: root seed of the Monte Carlo tables.
        iterations: CFR+ iterations.
        deals: boards per texture (see :func:`~baselines.cfr.equity.bucket_tables`).
        hands: hands per board.
        abstraction: the card abstraction.
        betting: the abstract bet sizes.
        textures: texture indices to sample and export (default all).

    Returns:
        The JSON document described in the module docstring.
    """
    tables = bucket_tables(seed, deals, hands, abstraction, textures)
    tree = build_tree(betting)
    n_streets, n_textures, n, _ = tables.weights.shape
    game = BucketGame(tree, tables.weights.reshape(-1, n, n), tables.equity.reshape(-1, n, n))
    solver = CFRPlusSolver(game)
    solver.run(iterations)
    average = solver.average_strategy()
    exploitability = solver.exploitability(average)
    value = solver.game_value(average)
    chosen = range(n_textures) if textures is None else sorted(textures)
    streets: dict[str, Any] = {}
    for s, street in enumerate(STREETS[:n_streets]):
        streets[street] = {}
        for t in chosen:
            g = s * n_textures + t
            streets[street][abstraction.textures[t]] = {
                "flop_share": round(float(tables.flop_share[t]), DIGITS),
                "bucket_probabilities": _rounded(tables.bucket_probabilities(s, t)),
                "weights": _rounded(tables.weights[s, t]),
                "equity": _rounded(tables.equity[s, t]),
                "exploitability": round(float(exploitability[g]), DIGITS),
                "game_value": round(float(value[g]), DIGITS),
                "strategy": {
                    node.history: {
                        "player": node.player,
                        "actions": list(node.actions),
                        "probabilities": _rounded(average[node.index][g]),
                    }
                    for node in tree.decisions
                },
            }
    return {
        "format": FORMAT,
        "version": VERSION,
        "abstraction": {
            "name": abstraction.name,
            "textures": list(abstraction.textures),
            "buckets": list(abstraction.buckets),
        },
        "betting": {
            "bet_fractions": list(betting.bet_fractions),
            "raise_factor": betting.raise_factor,
            "raises": betting.raises,
        },
        "sampling": {"seed": seed, "deals": deals, "hands": hands},
        "solver": {"algorithm": "cfr+", "iterations": iterations},
        "streets": streets,
    }


def dumps(document: dict[str, Any]) -> str:
    r"""The canonical text of a document: sorted keys, compact rows, a final newline.

    Example:
        >>> dumps({"b": [1.0, 2.5], "a": 1})
        '{"a":1,"b":[1.0,2.5]}\n'
    """
    return json.dumps(document, sort_keys=True, separators=(",", ":")) + "\n"


def load(path: str | Path = DEFAULT_PATH) -> dict[str, Any]:
    """Read a strategy document and check its format and version.

    Raises:
        ConfigError: if the file cannot be read or is not a version-1 strategy document.

    Example:
        >>> load()["abstraction"]["buckets"][:3]
        ['premium', 'nut', 'strong']
    """
    try:
        document = json.loads(Path(path).read_text())
    except (OSError, ValueError) as error:
        raise ConfigError(f"cannot read a strategy document from {path}: {error}") from None
    if not isinstance(document, dict) or document.get("format") != FORMAT or document.get("version") != VERSION:
        found = document if not isinstance(document, dict) else {k: document.get(k) for k in ("format", "version")}
        raise ConfigError(f"{path} is not a {FORMAT} version {VERSION} file (found {str(found)[:80]})")
    missing = [key for key in ("abstraction", "betting", "streets") if not isinstance(document.get(key), dict)]
    if missing:
        raise ConfigError(f"{path} lacks the strategy document's {', '.join(missing)}")
    return document


def betting_of(document: dict[str, Any]) -> BettingConfig:
    """The betting configuration a document was solved with."""
    b = document["betting"]
    return BettingConfig(tuple(b["bet_fractions"]), float(b["raise_factor"]), bool(b["raises"]))


def strategy_arrays(document: dict[str, Any], street: str, texture: str) -> tuple[BucketGame, dict[int, FloatArray]]:
    """One section as a one-game :class:`BucketGame` and its stored strategy, to check it.

    Example:
        >>> from baselines.cfr.solver import CFRPlusSolver
        >>> game, strategy = strategy_arrays(load(), "river", "wet")
        >>> bool(CFRPlusSolver(game).exploitability(strategy)[0] < 0.005)
        True
    """
    section = document["streets"][street][texture]
    tree: BettingTree = build_tree(betting_of(document))
    weights = np.asarray(section["weights"], dtype=np.float64)[None]
    equity = np.asarray(section["equity"], dtype=np.float64)[None]
    strategy = {
        node.index: np.asarray(section["strategy"][node.history]["probabilities"], dtype=np.float64)[None]
        for node in tree.decisions
    }
    return BucketGame(tree, weights, equity), strategy
