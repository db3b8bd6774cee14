"""Files an arena run leaves behind, and export of hand histories.

Layout of a tournament folder::

    results.json            TournamentResult.to_json(): ranking, crosstable, every match
    histories/NN-A-vs-B.jsonl   one HandHistory.to_json() line per counted hand
    cumulative.png          cumulative winnings of each match with a 95% band
    crosstable.png          heatmap of the crosstable

A ladder folder (:func:`save_ladder`) holds the same ``results.json``
(with a ``"ladder"`` section), ``cumulative.png`` and ``crosstable.png``, and
``exploit.png`` when LBR was measured.

A single match folder holds ``result.json``, ``histories.jsonl`` and
``cumulative.png``. A folder holds one run: :func:`clear_run` removes what
an earlier run left there (``pokergym report``'s ``report.html`` too) before
a new one writes, so that no earlier hand passes for one of this run's.
Hand histories export to PHH (pokerkit's ``.phhs``
multi-hand TOML, one ``[n]`` table per hand) and to ACPC dealer logs
(``STATE`` lines and a closing ``SCORE`` line).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from pokergym.engine.history import HandHistory

if TYPE_CHECKING:
    from pokergym.arena.ladder import LadderResult
    from pokergym.arena.result import MatchResult
    from pokergym.arena.tournament import TournamentResult

__all__ = [
    "RUN_FILES",
    "ExportFormat",
    "clear_run",
    "export_histories",
    "history_path",
    "read_histories",
    "save_ladder",
    "save_match",
    "save_tournament",
    "slug",
]

ExportFormat = Literal["phh", "acpc"]
_SUFFIX = {"phh": ".phhs", "acpc": ".log"}
_UNSAFE = re.compile(r"[^A-Za-z0-9._-]+")


RUN_FILES = ("result.json", "results.json", "histories.jsonl", "cumulative.png", "crosstable.png", "exploit.png",
             "report.html")  # fmt: skip
"""The files a run folder holds beside ``histories/``."""


def clear_run(out_dir: str | Path) -> int:
    """Remove what an earlier run left in ``out_dir`` (:data:`RUN_FILES` and ``histories/*.jsonl``); the count.

    Other files stay. Nothing happens where the folder does not exist.

    Example:
        >>> import tempfile
        >>> folder = Path(tempfile.mkdtemp())
        >>> _ = (folder / "result.json").write_text("{}"); _ = (folder / "notes.txt").write_text("mine")
        >>> clear_run(folder), sorted(p.name for p in folder.iterdir())
        (1, ['notes.txt'])
    """
    folder = Path(out_dir)
    stale = [path for path in (folder / name for name in RUN_FILES) if path.is_file()]
    stale += sorted((folder / "histories").glob("*.jsonl"))
    for path in stale:
        path.unlink()
    return len(stale)


def slug(name: str) -> str:
    """A file-name-safe form of an agent name.

    Example:
        >>> slug("maniac:aggression=0.5")
        'maniac_aggression_0.5'
    """
    return _UNSAFE.sub("_", name).strip("_") or "agent"


def history_path(out_dir: str | Path, index: int, first: str, second: str) -> Path:
    """Where a tournament writes the hands of its match number ``index``.

    Example:
        >>> history_path("runs/t", 3, "honest", "fish").as_posix()
        'runs/t/histories/03-honest-vs-fish.jsonl'
    """
    return Path(out_dir) / "histories" / f"{index:02d}-{slug(first)}-vs-{slug(second)}.jsonl"


def save_match(result: MatchResult, out_dir: str | Path, *, plots: bool = True) -> None:
    """Write ``result.json`` (and ``cumulative.png`` with ``plots``) into ``out_dir``."""
    folder = Path(out_dir)
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "result.json").write_text(result.to_json(indent=1) + "\n", encoding="utf-8")
    if plots:
        from pokergym.arena.plots import plot_cumulative

        plot_cumulative([result], folder / "cumulative.png")


def save_tournament(result: TournamentResult, out_dir: str | Path, *, plots: bool = True) -> None:
    """Write ``results.json`` (and, with ``plots``, ``cumulative.png`` and ``crosstable.png``)."""
    folder = Path(out_dir)
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "results.json").write_text(result.to_json(indent=1) + "\n", encoding="utf-8")
    if plots:
        from pokergym.arena.plots import plot_crosstable, plot_cumulative

        plot_cumulative(result.matches, folder / "cumulative.png")
        plot_crosstable(result, folder / "crosstable.png")


def save_ladder(result: LadderResult, out_dir: str | Path, *, plots: bool = True) -> None:
    """Write what :func:`save_tournament` writes, plus ``exploit.png`` (with ``plots``) when LBR was measured."""
    save_tournament(result, out_dir, plots=plots)
    if plots and any(bound is not None for bound in result.exploit):
        from pokergym.arena.plots import plot_exploit

        plot_exploit(result, Path(out_dir) / "exploit.png")


def read_histories(path: str | Path, *, verify: bool = True) -> Iterator[HandHistory]:
    """The hands of a JSON-lines file, in order (blank lines skipped).

    Args:
        path: the ``.jsonl`` file.
        verify: replay every hand through the engine (see :meth:`HandHistory.from_json`).

    Example:
        >>> import tempfile
        >>> from pokergym.agents import CallAgent, RandomAgent
        >>> from pokergym.arena.match import match
        >>> folder = Path(tempfile.mkdtemp())
        >>> result = match(RandomAgent(), CallAgent(), pairs=3, seed=0, histories=folder / "hands.jsonl")
        >>> save_match(result, folder, plots=False)
        >>> hands = list(read_histories(folder / "hands.jsonl"))
        >>> len(hands), sum(hand.payoffs[0] for hand in hands) == sum(map(sum, result.pair_chips))
        (6, True)
        >>> sorted(p.name for p in folder.iterdir())
        ['hands.jsonl', 'result.json']
    """
    with open(path, encoding="utf-8") as lines:
        for line in lines:
            if line.strip():
                yield HandHistory.from_json(line, verify=verify)


def export_histories(source: str | Path, fmt: ExportFormat, target: str | Path | None = None) -> Path:
    r"""Convert a JSON-lines history file to PHH or to an ACPC log.

    Args:
        source: the ``.jsonl`` file written by a match.
        fmt: ``"phh"`` (a ``.phhs`` file) or ``"acpc"`` (a ``.log`` file).
        target: output file; default ``source`` with the format's suffix.

    Returns:
        The path written.

    Example:
        >>> import tempfile
        >>> from pokergym.engine import HandState
        >>> state = HandState.new(deck=tuple(range(9)))
        >>> state.fold()
        >>> folder = Path(tempfile.mkdtemp())
        >>> _ = (folder / "h.jsonl").write_text(HandHistory.from_state(state, names=("a", "b")).to_json() + "\n")
        >>> print(export_histories(folder / "h.jsonl", "acpc").read_text().strip())
        # ACPC log exported by pokergym from h.jsonl
        STATE:0:f:2h2s|2c2d:50|-50:b|a
        SCORE:-50|50:a|b
    """
    if fmt not in _SUFFIX:
        raise ValueError(f"unknown export format {fmt!r}; choose 'phh' or 'acpc'")
    source = Path(source)
    output = Path(target) if target is not None else source.with_suffix(_SUFFIX[fmt])
    hands = read_histories(source)
    text = _to_phhs(hands) if fmt == "phh" else _to_acpc_log(hands, source.name)
    output.parent.mkdir(parents=True, exist_ok=True)
    output.write_text(text, encoding="utf-8")
    return output


def _to_phhs(hands: Iterator[HandHistory]) -> str:
    return "\n\n".join(f"[{number}]\n{hand.to_phh()}" for number, hand in enumerate(hands, start=1)) + "\n"


def _to_acpc_log(hands: Iterator[HandHistory], source: str) -> str:
    """``STATE`` lines, then ``SCORE`` with each seat's total under the first hand's names."""
    lines = [f"# ACPC log exported by pokergym from {source}"]
    totals = [0, 0]
    players: tuple[str, str] | None = None
    for number, hand in enumerate(hands):
        names = hand.names or ("seat0", "seat1")
        players = players or names
        lines.append(hand.to_acpc_state(number, names))
        payoffs = hand.payoffs or (0, 0)
        totals = [totals[0] + payoffs[0], totals[1] + payoffs[1]]
    if players is not None:
        lines.append(f"SCORE:{totals[0]}|{totals[1]}:{players[0]}|{players[1]}")
    return "\n".join(lines) + "\n"
