"""A database of played decisions, indexed by betting history.

The corpus answers one question for the Bayesian opponent model: in this
betting situation, how did hands *like this one* act? It is filled from arena
hand-history files (JSON lines written by :func:`pokergym.arena.match` with
``histories=...``), whose records hold both seats' hole cards, so every
action of every hand is a labelled example.

**Betting histories.** Each action is abstracted to one letter
(:data:`ACTIONS`): ``f`` fold, ``k`` check, ``c`` call, ``r`` a bet or raise
of at most :data:`BIG_RAISE` times the pot after calling, ``R`` a larger one
or any all-in bet or raise. The *history key* of a decision is the letters of
every earlier action of the hand, streets separated by ``/`` (``"rc/k"``: a
preflop raise and call, then a check on the flop). A coarser *street key*,
``"~<street>:<letters of this street>"`` (``"~1:k"``), is stored as well and
used when the full key has too few examples.

**Schema** (``meta.schema_version`` = 1)::

    meta(name TEXT PRIMARY KEY, value TEXT)
    hands(id INTEGER PRIMARY KEY, hand_key TEXT UNIQUE, source TEXT)
        -- hand_key: SHA-256 of the hand's canonical JSON; makes builds idempotent
    decisions(hand_id, ord, seat, street, history, action, hand_class, e, e2, ppot, npot,
              PRIMARY KEY (hand_id, ord))        -- one row per action (raw, for audits)
        INDEX decisions_by_history (street, history)
    cells(history, cell, action, n, se, se2, sp, sn, PRIMARY KEY (history, cell, action))
        -- postflop aggregates: decisions of a key whose (E, E2, PPOT, NPOT) vector falls
        -- in a grid cell (8 levels per feature), with the vector sums for the cell mean
    preflop(history, hand_class, action, n, PRIMARY KEY (history, hand_class, action))
        -- preflop counts per 169-class (preflop hands are not vectorised)
    contexts(street, facing, action, n, PRIMARY KEY (street, facing, action))
        -- action counts per street and "facing a bet", the prior of the online model

The aggregate tables are updated in the same transaction as the raw rows,
so a lookup reads at most a few hundred rows whatever the corpus size.

**Builds.** :meth:`Corpus.add_file` reads and checks the whole file first
(each line is replayed through the engine); a malformed line raises
:class:`CorpusFormatError` naming the file and line, and nothing of that
file is written. Each file is one transaction: hands already stored (same
``hand_key``) are skipped, so building twice adds nothing.

**Databases.** :meth:`Corpus.open` takes a path or an SQLite URL
(``sqlite:///relative.db``, ``sqlite:////abs/path.db``, ``sqlite://`` for
memory). The SQL is portable (``ON CONFLICT`` upserts, no SQLite-only
functions), so a server database can replace SQLite: pass any DB-API 2
connection to :class:`Corpus` with its module's ``paramstyle`` (``qmark``
or ``format``), e.g. ``Corpus(psycopg.connect(dsn), paramstyle="format")``.

Example:
    >>> import tempfile
    >>> from pathlib import Path
    >>> folder = Path(tempfile.mkdtemp())
    >>> files = simulate(folder, hands=40, seed=1)
    >>> with Corpus.open(folder / "c.db") as corpus:
    ...     first = corpus.build(files).added
    ...     again = corpus.build(files).added
    >>> first, again
    (40, 0)
"""

from __future__ import annotations

import argparse
import hashlib
import os
import sqlite3
import sys
import tempfile
from collections import defaultdict
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from baselines.bayes.vectorise import N_FEATURES, BoardFeatures, board_features
from pokergym.engine import ActionKind, ActionRecord, GameConfig, HandHistory
from pokergym.errors import HistoryError, PokerGymError
from pokergym.evaluator import class_index_169, combo_index

__all__ = [
    "ACTIONS",
    "BIG_RAISE",
    "DEFAULT_CORPUS",
    "N_ACTIONS",
    "BuildReport",
    "CellTable",
    "Corpus",
    "CorpusError",
    "CorpusFormatError",
    "Decision",
    "LineTracker",
    "corpus_main",
    "decisions",
    "default_corpus",
    "simulate",
]

ACTIONS = ("f", "k", "c", "r", "R")
"""Abstract actions, by index: fold, check, call, raise up to :data:`BIG_RAISE` pots, bigger raise or all-in."""
N_ACTIONS = len(ACTIONS)
BIG_RAISE = 1.0
"""A bet or raise adding more than this many pots (after calling) is ``R``."""
DEFAULT_CORPUS = Path(__file__).with_name("data") / "default_corpus.sqlite"
"""The shipped corpus: about 4,000 hands among the simple bots (see :func:`default_corpus`)."""
SCHEMA_VERSION = "1"
_GRID = 8
_FEATURE_COLUMNS = ("e", "e2", "ppot", "npot")
_SCHEMA = (
    "CREATE TABLE IF NOT EXISTS meta (name TEXT PRIMARY KEY, value TEXT NOT NULL)",
    "CREATE TABLE IF NOT EXISTS hands (id INTEGER PRIMARY KEY, hand_key TEXT NOT NULL UNIQUE, source TEXT NOT NULL)",
    "CREATE TABLE IF NOT EXISTS decisions (hand_id INTEGER NOT NULL REFERENCES hands(id), ord INTEGER NOT NULL, "
    "seat INTEGER NOT NULL, street INTEGER NOT NULL, history TEXT NOT NULL, action INTEGER NOT NULL, "
    "hand_class INTEGER NOT NULL, e REAL, e2 REAL, ppot REAL, npot REAL, PRIMARY KEY (hand_id, ord))",
    "CREATE INDEX IF NOT EXISTS decisions_by_history ON decisions (street, history)",
    "CREATE TABLE IF NOT EXISTS cells (history TEXT NOT NULL, cell INTEGER NOT NULL, action INTEGER NOT NULL, "
    "n INTEGER NOT NULL, se REAL NOT NULL, se2 REAL NOT NULL, sp REAL NOT NULL, sn REAL NOT NULL, "
    "PRIMARY KEY (history, cell, action))",
    "CREATE TABLE IF NOT EXISTS preflop (history TEXT NOT NULL, hand_class INTEGER NOT NULL, "
    "action INTEGER NOT NULL, n INTEGER NOT NULL, PRIMARY KEY (history, hand_class, action))",
    "CREATE TABLE IF NOT EXISTS contexts (street INTEGER NOT NULL, facing INTEGER NOT NULL, "
    "action INTEGER NOT NULL, n INTEGER NOT NULL, PRIMARY KEY (street, facing, action))",
)
_CACHE_LIMIT = 4096


class CorpusError(PokerGymError, ValueError):
    """The corpus database cannot be opened or used as asked."""


class CorpusFormatError(CorpusError):
    """A hand-history file holds a line that is not a valid, finished hand; nothing of the file was stored."""


# ------------------------------------------------------------ abstraction
@dataclass(frozen=True, slots=True)
class Decision:
    """One action, abstracted, with the situation it was taken in.

    Attributes:
        street: 0 preflop .. 3 river.
        seat: the acting seat.
        history: the full history key before the action.
        street_key: the coarser ``~street:letters`` key.
        facing: whether the seat faced a bet.
        action: index in :data:`ACTIONS`.
    """

    street: int
    seat: int
    history: str
    street_key: str
    facing: bool
    action: int


class LineTracker:
    """Follows a hand's actions and keeps its history keys up to date.

    Example:
        >>> from pokergym.engine import HandState
        >>> state = HandState.new(deck=tuple(range(9)))
        >>> state.raise_to(300); state.call(); state.check()
        >>> line = LineTracker(state.config, state.button)
        >>> [line.push(r).history for r in state.history]
        ['', 'r', 'rc/']
        >>> line.keys(1)
        ('rc/k', '~1:k')
    """

    def __init__(self, config: GameConfig, button: int) -> None:
        """Start before the first action; the blinds are posted (capped by the stacks)."""
        small = min(config.small_blind, config.stacks[button])
        big = min(config.big_blind, config.stacks[1 - button])
        self._bets = [0, 0]
        self._bets[button], self._bets[1 - button] = small, big
        self._pot = small + big
        self._streets: list[list[str]] = [[]]

    def keys(self, street: int) -> tuple[str, str]:
        """The full and street keys of a decision on ``street`` after the actions pushed so far."""
        while len(self._streets) <= street:
            self._streets.append([])
            self._bets = [0, 0]
        full = "/".join("".join(letters) for letters in self._streets)
        return full, f"~{street}:{''.join(self._streets[street])}"

    def push(self, record: ActionRecord) -> Decision:
        """Abstract ``record`` (the next action of the hand) and advance."""
        street, seat = int(record.street), record.seat
        history, street_key = self.keys(street)
        mine, theirs = self._bets[seat], self._bets[1 - seat]
        kind = record.kind
        if kind == ActionKind.FOLD:
            action = 0
        elif kind == ActionKind.CHECK:
            action = 1
        elif kind == ActionKind.CALL:
            action = 2
        else:
            pot_after_call = self._pot + theirs - mine
            big = record.all_in or (record.to - theirs) > BIG_RAISE * pot_after_call
            action = 4 if big else 3
        self._bets[seat] = record.to
        self._pot += record.added
        self._streets[street].append(ACTIONS[action])
        return Decision(street, seat, history, street_key, theirs > mine, action)


def decisions(history: HandHistory) -> list[Decision]:
    """The abstracted decisions of a recorded hand, in order.

    Example:
        >>> from pokergym.engine import HandState
        >>> state = HandState.new(deck=tuple(range(9)))
        >>> state.raise_to(2000); state.fold()
        >>> [(d.history, ACTIONS[d.action], d.facing) for d in decisions(HandHistory.from_state(state))]
        [('', 'R', True), ('R', 'f', True)]
    """
    line = LineTracker(history.config, history.button)
    return [line.push(record) for record in history.actions]


def _cell(vector: npt.NDArray[np.float64]) -> int:
    levels = np.minimum((vector * _GRID).astype(np.int64), _GRID - 1)
    cell = 0
    for level in levels.tolist():
        cell = cell * _GRID + int(level)
    return cell


# ----------------------------------------------------------------- corpus
@dataclass(frozen=True)
class CellTable:
    """The postflop examples of one history key, grouped in grid cells.

    Attributes:
        counts: ``(cells, 5)`` actions taken in each cell.
        means: ``(cells, 4)`` mean feature vector of each cell.
    """

    counts: npt.NDArray[np.float64]
    means: npt.NDArray[np.float64]

    @property
    def total(self) -> int:
        """Number of examples."""
        return int(self.counts.sum())


@dataclass(frozen=True)
class BuildReport:
    """What a build did.

    Attributes:
        files: files read.
        added: hands stored.
        skipped: hands already in the corpus (or repeated within the files).
    """

    files: int
    added: int
    skipped: int


class Corpus:
    """A corpus database: build it from hand histories, query aggregates by history key.

    A corpus opened for reading is shared, not copied, by :func:`copy.deepcopy`
    (agents in the arena are deep-copied per block) and is reopened from its
    URL when unpickled.

    Args:
        connection: an open DB-API 2 connection.
        paramstyle: its module's ``paramstyle``: ``"qmark"`` or ``"format"``.
        url: where it came from, to reopen after pickling.
        read_only: never create tables or write.
    """

    def __init__(
        self, connection: Any, *, paramstyle: str = "qmark", url: str | None = None, read_only: bool = False
    ) -> None:
        if paramstyle not in ("qmark", "format"):
            raise CorpusError(f"paramstyle must be 'qmark' or 'format', got {paramstyle!r}")
        self._conn = connection
        self._format = paramstyle == "format"
        self.url = url
        self.read_only = read_only
        self._cells: dict[str, CellTable] = {}
        self._preflop: dict[str, npt.NDArray[np.float64]] = {}
        self._contexts: npt.NDArray[np.float64] | None = None
        if not read_only:
            for statement in _SCHEMA:
                self._run(statement)
            self._run(
                "INSERT INTO meta (name, value) VALUES (?, ?) ON CONFLICT (name) DO NOTHING",
                ("schema_version", SCHEMA_VERSION),
            )
            self._conn.commit()

    @classmethod
    def open(cls, url: str | os.PathLike[str], *, read_only: bool = False) -> Corpus:
        """Open (and, unless ``read_only``, create) an SQLite corpus from a path or ``sqlite:`` URL.

        Raises:
            CorpusError: for a URL of another database (see the module docstring), or a
                read-only path that does not exist or holds no corpus.

        Example:
            >>> Corpus.open("sqlite://").hand_count()
            0
            >>> Corpus.open("postgresql://host/db")  # doctest: +ELLIPSIS
            Traceback (most recent call last):
            ...
            baselines.bayes.corpus.CorpusError: only SQLite is opened by URL; ...
        """
        text = os.fspath(url)
        if text in ("sqlite://", ":memory:"):
            path = ":memory:"
        elif text.startswith("sqlite:///"):
            path = text[len("sqlite:///") :]
        elif "://" in text:
            raise CorpusError(
                f"only SQLite is opened by URL; for {text.split('://')[0]!r} pass a DB-API 2 connection "
                "to Corpus(connection, paramstyle=...)"
            )
        else:
            path = text
        if read_only:
            if path == ":memory:" or not Path(path).is_file():
                raise CorpusError(f"no corpus database at {text!r}")
            connection = sqlite3.connect(
                Path(path).resolve().as_uri() + "?mode=ro&immutable=1", uri=True, check_same_thread=False
            )
            try:  # a file that is not a corpus fails here, not at the first decision
                connection.execute("SELECT value FROM meta WHERE name = 'schema_version'").fetchone()
            except sqlite3.DatabaseError as error:
                connection.close()
                raise CorpusError(f"{text!r} is not a corpus database: {error}") from None
        else:
            if path != ":memory:":
                Path(path).parent.mkdir(parents=True, exist_ok=True)
            connection = sqlite3.connect(path, check_same_thread=False)
        return cls(connection, url=text, read_only=read_only)

    def close(self) -> None:
        """Close the connection."""
        self._conn.close()

    def __enter__(self) -> Corpus:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __deepcopy__(self, memo: dict[int, Any]) -> Corpus:
        return self if self.read_only else self._reopen()

    def __reduce__(self) -> tuple[Any, ...]:
        if self.url is None or self.url in ("sqlite://", ":memory:"):
            raise CorpusError("an in-memory or connection-built corpus cannot be pickled; open it from a file")
        return (_open_read_only if self.read_only else Corpus.open, (self.url,))

    def _reopen(self) -> Corpus:
        if self.url is None or self.url in ("sqlite://", ":memory:"):
            return self
        return Corpus.open(self.url, read_only=self.read_only)

    def _sql(self, statement: str) -> str:
        return statement.replace("?", "%s") if self._format else statement

    def _run(self, statement: str, params: Sequence[Any] = ()) -> Any:
        cursor = self._conn.cursor()
        cursor.execute(self._sql(statement), tuple(params))
        return cursor

    # ---------------------------------------------------------- building
    def build(self, paths: Iterable[str | os.PathLike[str]]) -> BuildReport:
        """Add every file of ``paths`` (files, or folders searched for ``*.jsonl``), one transaction each.

        Raises:
            CorpusFormatError: at the first malformed file; files before it stay stored.
        """
        files = added = skipped = 0
        for path in _expand(paths):
            new, old = self.add_file(path)
            files, added, skipped = files + 1, added + new, skipped + old
        return BuildReport(files, added, skipped)

    def add_file(self, path: str | os.PathLike[str]) -> tuple[int, int]:
        """Store the hands of one JSON-lines file in one transaction.

        Returns:
            ``(added, skipped)`` hand counts.

        Raises:
            CorpusFormatError: if a line is not a valid finished hand (nothing is written).
            CorpusError: if the corpus is read-only.
        """
        if self.read_only:
            raise CorpusError("this corpus is open read-only")
        hands = _read_file(Path(path))
        keys = [hashlib.sha256(hand.to_json().encode()).hexdigest() for hand in hands]
        known = self._known(keys)
        added = 0
        aggregates = _Aggregates()
        try:
            for hand, key in zip(hands, keys, strict=True):
                if key in known:
                    continue
                known.add(key)
                self._run("INSERT INTO hands (hand_key, source) VALUES (?, ?)", (key, os.fspath(path)))
                hand_id = self._run("SELECT id FROM hands WHERE hand_key = ?", (key,)).fetchone()[0]
                rows = aggregates.add(hand)
                self._conn.cursor().executemany(
                    self._sql("INSERT INTO decisions VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"),
                    [(hand_id, *row) for row in rows],
                )
                added += 1
            aggregates.write(self)
            self._conn.commit()
        except BaseException:
            self._conn.rollback()
            raise
        self._forget()
        return added, len(hands) - added

    def _known(self, keys: list[str]) -> set[str]:
        found: set[str] = set()
        for start in range(0, len(keys), 500):
            chunk = keys[start : start + 500]
            marks = ", ".join("?" * len(chunk))
            found.update(row[0] for row in self._run(f"SELECT hand_key FROM hands WHERE hand_key IN ({marks})", chunk))
        return found

    def _forget(self) -> None:
        self._cells.clear()
        self._preflop.clear()
        self._contexts = None

    # ----------------------------------------------------------- queries
    def hand_count(self) -> int:
        """Hands stored."""
        return int(self._run("SELECT COUNT(*) FROM hands").fetchone()[0])

    def decision_count(self) -> int:
        """Decisions stored."""
        return int(self._run("SELECT COUNT(*) FROM decisions").fetchone()[0])

    def cells(self, history: str) -> CellTable:
        """The postflop examples of a history key (full or street key), cached.

        Example:
            >>> Corpus.open("sqlite://").cells("rc/").total
            0
        """
        table = self._cells.get(history)
        if table is None:
            rows = self._run(
                "SELECT cell, action, n, se, se2, sp, sn FROM cells WHERE history = ?", (history,)
            ).fetchall()
            index: dict[int, int] = {}
            counts = np.zeros((len(rows), N_ACTIONS))
            sums = np.zeros((len(rows), N_FEATURES))
            for cell, action, n, *feature_sums in rows:
                slot = index.setdefault(cell, len(index))
                counts[slot, action] += n
                sums[slot] += feature_sums
            size = len(index)
            weight = np.maximum(counts[:size].sum(axis=1, keepdims=True), 1)
            table = CellTable(counts[:size], sums[:size] / weight)
            self._remember(self._cells, history, table)
        return table

    def preflop(self, history: str) -> npt.NDArray[np.float64]:
        """``(169, 5)`` preflop action counts per hand class for a history key, cached."""
        table = self._preflop.get(history)
        if table is None:
            table = np.zeros((169, N_ACTIONS))
            for hand_class, action, n in self._run(
                "SELECT hand_class, action, n FROM preflop WHERE history = ?", (history,)
            ):
                table[hand_class, action] = n
            self._remember(self._preflop, history, table)
        return table

    def context_counts(self, street: int, facing: bool) -> npt.NDArray[np.float64]:
        """``(5,)`` action counts over all decisions on ``street`` facing a bet or not."""
        if self._contexts is None:
            table = np.zeros((4, 2, N_ACTIONS))
            for st, fc, action, n in self._run("SELECT street, facing, action, n FROM contexts"):
                table[st, fc, action] = n
            self._contexts = table
        row: npt.NDArray[np.float64] = self._contexts[street, int(facing)]
        return row

    @staticmethod
    def _remember(cache_dict: dict[str, Any], key: str, value: Any) -> None:
        if len(cache_dict) >= _CACHE_LIMIT:
            cache_dict.clear()
        cache_dict[key] = value


def _open_read_only(url: str) -> Corpus:
    return Corpus.open(url, read_only=True)


class _Aggregates:
    """Aggregate rows of the hands of one file, before they are written."""

    def __init__(self) -> None:
        self.cells: defaultdict[tuple[str, int, int], npt.NDArray[np.float64]] = defaultdict(
            lambda: np.zeros(1 + N_FEATURES)
        )
        self.preflop: defaultdict[tuple[str, int, int], int] = defaultdict(int)
        self.contexts: defaultdict[tuple[int, int, int], int] = defaultdict(int)

    def add(self, hand: HandHistory) -> list[tuple[Any, ...]]:
        """Count the decisions of ``hand``; return its raw decision rows (without the hand id)."""
        rows: list[tuple[Any, ...]] = []
        features: dict[int, BoardFeatures] = {}
        for order, decision in enumerate(decisions(hand)):
            street, action = decision.street, decision.action
            hole = hand.hole_cards[decision.seat]
            hand_class = class_index_169(hole)
            self.contexts[(street, int(decision.facing), action)] += 1
            if street == 0:
                self.preflop[(decision.history, hand_class, action)] += 1
                vector: tuple[float | None, ...] = (None,) * N_FEATURES
            else:
                if street not in features:
                    features[street] = board_features(hand.board[: street + 2])
                values = features[street].vectors[combo_index(*hole)]
                cell = _cell(values)
                for key in (decision.history, decision.street_key):
                    self.cells[(key, cell, action)] += np.concatenate(([1.0], values))
                vector = tuple(float(v) for v in values)
            rows.append((order, decision.seat, street, decision.history, action, hand_class, *vector))
        return rows

    def write(self, corpus: Corpus) -> None:
        """Upsert the counts into the aggregate tables (inside the caller's transaction)."""
        cursor = corpus._conn.cursor()
        cursor.executemany(
            corpus._sql(
                "INSERT INTO cells VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (history, cell, action) DO UPDATE SET "
                "n = cells.n + excluded.n, se = cells.se + excluded.se, se2 = cells.se2 + excluded.se2, "
                "sp = cells.sp + excluded.sp, sn = cells.sn + excluded.sn"
            ),
            [(*key, int(v[0]), *(float(x) for x in v[1:])) for key, v in self.cells.items()],
        )
        cursor.executemany(
            corpus._sql(
                "INSERT INTO preflop VALUES (?, ?, ?, ?) ON CONFLICT (history, hand_class, action) "
                "DO UPDATE SET n = preflop.n + excluded.n"
            ),
            [(*key, n) for key, n in self.preflop.items()],
        )
        cursor.executemany(
            corpus._sql(
                "INSERT INTO contexts VALUES (?, ?, ?, ?) ON CONFLICT (street, facing, action) "
                "DO UPDATE SET n = contexts.n + excluded.n"
            ),
            [(*key, n) for key, n in self.contexts.items()],
        )


def _expand(paths: Iterable[str | os.PathLike[str]]) -> Iterator[Path]:
    for item in paths:
        path = Path(item)
        if path.is_dir():
            yield from sorted(path.rglob("*.jsonl"))
        elif path.is_file():
            yield path
        else:
            raise CorpusError(f"no hand-history file or folder at {os.fspath(path)!r}")


def _read_file(path: Path) -> list[HandHistory]:
    hands = []
    with open(path, encoding="utf-8") as lines:
        for number, line in enumerate(lines, start=1):
            if not line.strip():
                continue
            try:
                hand = HandHistory.from_json(line)
            except HistoryError as exc:
                raise CorpusFormatError(f"{path}:{number}: {exc}") from exc
            if not hand.finished or len(hand.board) < _board_needed(hand):
                raise CorpusFormatError(f"{path}:{number}: the corpus needs finished hands with their dealt board")
            hands.append(hand)
    return hands


def _board_needed(hand: HandHistory) -> int:
    last = max((int(record.street) for record in hand.actions), default=0)
    return 0 if last == 0 else last + 2


# ------------------------------------------------------- default corpus
_SIM_PAIRINGS = (("honest", "fish"), ("honest", "maniac"), ("fish", "call"), ("honest", "call"), ("maniac", "fish"))


def simulate(folder: str | os.PathLike[str], hands: int, seed: int = 0) -> list[Path]:
    """Play about ``hands`` hands among the simple bots and write them as JSON-lines files.

    The hands are split evenly over five duplicate matches (honest-fish,
    honest-maniac, fish-call, honest-call, maniac-fish), one file each.

    Returns:
        The files written.
    """
    # The bots are built here, not through baselines.registry: the registry imports this package.
    from baselines.simple import CallBot, FishBot, HonestBot, ManiacBot
    from pokergym.arena import match

    make = {"honest": HonestBot, "fish": FishBot, "maniac": ManiacBot, "call": CallBot}

    pairs = max(1, hands // (2 * len(_SIM_PAIRINGS)))
    files = []
    for index, (first, second) in enumerate(_SIM_PAIRINGS):
        path = Path(folder) / f"{first}-{second}.jsonl"
        match(make[first](), make[second](), pairs=pairs, seed=seed * 100 + index, histories=path)
        files.append(path)
    return files


@cache
def default_corpus() -> Corpus:
    """The shipped corpus (read-only), or one built on the fly if the file is missing.

    Without the shipped file, about 2,000 hands of the simple bots are
    simulated (:func:`simulate`, seed 0) into a corpus in a temporary folder,
    once per process (some tens of seconds).
    """
    if DEFAULT_CORPUS.is_file():
        return Corpus.open(DEFAULT_CORPUS, read_only=True)
    folder = Path(tempfile.mkdtemp(prefix="pokergym-bayes-"))
    corpus = Corpus.open(folder / "corpus.sqlite")
    corpus.build(simulate(folder, hands=2000))
    return corpus


# ------------------------------------------------------------------- CLI
def corpus_main(argv: Sequence[str] | None = None) -> int:
    """``pokergym corpus build --from DIR --db PATH``: add hand histories to a corpus.

    Returns:
        0 on success, 1 when a file is malformed or the database cannot be used.
    """
    parser = argparse.ArgumentParser(prog="pokergym corpus", description="Manage Bayes-agent corpora.")
    commands = parser.add_subparsers(dest="command", required=True)
    build = commands.add_parser("build", help="add arena hand histories (*.jsonl) to a corpus database")
    build.add_argument(
        "--from",
        dest="sources",
        action="append",
        required=True,
        metavar="DIR",
        help="folder searched for *.jsonl files, or one file (repeatable)",
    )
    build.add_argument("--db", required=True, metavar="PATH", help="database path or sqlite:/// URL")
    args = parser.parse_args(argv)
    try:
        with Corpus.open(args.db) as corpus:
            report = corpus.build(args.sources)
            total = corpus.hand_count()
    except CorpusError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    print(f"{report.files} files: {report.added} hands added, {report.skipped} already stored; {total} in {args.db}")
    return 0
