"""Read an arena, ladder or match folder into what the browser report shows.

A tournament folder (``pokergym arena``, and a ladder, which writes the same
``results.json``) holds ``results.json`` and ``histories/NN-A-vs-B.jsonl``
(see :mod:`pokergym.arena.artifacts`); a match folder holds ``result.json``
and ``histories.jsonl``. Anything else is refused with a
:class:`~pokergym.errors.ReportError` naming the file or key it lacks.
Histories are read as raw JSON lines (not replayed): the report embeds them
as they are, and the page parses a match's hands only when it is opened.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from contextlib import AbstractContextManager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pokergym.arena.artifacts import history_path
from pokergym.arena.stats import STYLE_LEGEND, StyleStats
from pokergym.arena.tournament import RANKING_LEGEND
from pokergym.errors import ReportError, malformed

__all__ = ["RunData", "load_run", "reading"]

_MATCH_KEYS = ("agents", "config", "pairs", "hands", "mbb_per_hand", "ci95", "stats", "pair_chips")
_TOURNAMENT_KEYS = ("names", "ranking", "crosstable", "matches")


@dataclass(frozen=True)
class RunData:
    """A run folder's results and the paths of its hand histories.

    Attributes:
        title: the folder's name.
        kind: ``"tournament"`` (arena or ladder) or ``"match"``.
        summary: the JSON-compatible summary the page draws (names, ranking,
            crosstable, matches without their histories, legends).
        histories: per match (in ``summary["matches"]`` order), its JSON-lines
            file, or ``None`` where none was saved.
    """

    title: str
    kind: str
    summary: dict[str, Any]
    histories: tuple[Path | None, ...]


def reading(path: Path, line: int | None = None) -> AbstractContextManager[None]:
    """:func:`~pokergym.errors.malformed` as a :class:`ReportError` naming the run file (and line) being read."""
    where = f"{path}, line {line}" if line is not None else str(path)
    return malformed(ReportError, f"{where} is not what a run writes")


def _read_json(path: Path) -> dict[str, Any]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as error:
        raise ReportError(f"{path} is not JSON ({error})") from error
    if not isinstance(data, dict):
        raise ReportError(f"{path} must hold a JSON object, got {type(data).__name__}")
    return data


def _require(data: Mapping[str, Any], keys: tuple[str, ...], where: Path) -> None:
    missing = [key for key in keys if key not in data]
    if missing:
        raise ReportError(f"{where} lacks {', '.join(map(repr, missing))}: not an arena, ladder or match result")


def _match_summary(match: Mapping[str, Any], where: Path) -> dict[str, Any]:
    _require(match, _MATCH_KEYS, where)
    keep = (*_MATCH_KEYS, "seed", "voided_pairs", "bb_per_100")
    return {key: match[key] for key in keep if key in match}


def _style(matches: list[dict[str, Any]]) -> dict[str, Any]:
    """Each agent's style counts summed over its matches, with the rates (``StyleStats.to_dict``)."""
    totals: dict[str, StyleStats] = {}
    for match in matches:
        for name, stats in zip(match["agents"], match["stats"], strict=True):
            totals[str(name)] = totals.get(str(name), StyleStats()) + StyleStats.from_dict(stats)
    return {name: stats.to_dict() for name, stats in totals.items()}


def load_run(folder: str | Path) -> RunData:
    """Read the results of ``folder`` and find its hand histories.

    Raises:
        ReportError: ``folder`` has neither ``results.json`` nor ``result.json``,
            or the file lacks what a report needs (the message names it).

    Example:
        >>> import tempfile
        >>> from pokergym.agents import CallAgent, RandomAgent
        >>> from pokergym.arena.tournament import tournament
        >>> folder = Path(tempfile.mkdtemp())
        >>> _ = tournament([RandomAgent(), CallAgent()], pairs=3, seed=0, out_dir=folder, plots=False)
        >>> run = load_run(folder)
        >>> run.kind, run.summary["names"], [p.name for p in run.histories if p]
        ('tournament', ['random', 'call'], ['00-random-vs-call.jsonl'])
        >>> load_run(folder / "histories")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        pokergym.errors.ReportError: ...histories has no results.json (arena or ladder) nor result.json (match)
    """
    root = Path(folder)
    if not root.is_dir():
        raise ReportError(f"run folder {root} does not exist or is not a folder")
    legends = {"ranking": RANKING_LEGEND, "style": STYLE_LEGEND}
    if (root / "results.json").is_file():
        path = root / "results.json"
        with reading(path):
            data = _read_json(path)
            _require(data, _TOURNAMENT_KEYS, path)
            matches = [_match_summary(m, path) for m in data["matches"]]
            found = [history_path(root, i, *m["agents"]) for i, m in enumerate(matches)]
            summary = {key: data[key] for key in _TOURNAMENT_KEYS} | {"matches": matches}
            summary |= {"legends": legends, "style": _style(matches)}
        return RunData(root.name, "tournament", summary, tuple(p if p.is_file() else None for p in found))
    if (root / "result.json").is_file():
        path = root / "result.json"
        with reading(path):
            match = _match_summary(_read_json(path), path)
            names = [str(name) for name in match["agents"]]
            summary = {"names": names, "matches": [match], "legends": legends, "style": _style([match])}
        histories = root / "histories.jsonl"
        return RunData(root.name, "match", summary, (histories if histories.is_file() else None,))
    raise ReportError(f"{root} has no results.json (arena or ladder) nor result.json (match)")
