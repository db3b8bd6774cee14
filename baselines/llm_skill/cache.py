"""An on-disk cache of model replies, so a replayed match costs nothing.

Replies are stored in a SQLite file under a key that hashes everything that
determines the request: the model, the messages, the sampling parameters and
the tool schema (:func:`cache_key`). The API key and the server address are
not part of the key. A match replayed with the same seed sends the same
requests, so every reply comes from the cache and the match is reproduced
exactly, even at a temperature above zero.

The connection is opened on first use and is not pickled, so a cache can be
handed to worker processes; SQLite serialises concurrent writers.

Example:
    >>> import tempfile, os
    >>> folder = tempfile.mkdtemp()
    >>> cache = ReplyCache(os.path.join(folder, "replies.sqlite"))
    >>> key = cache_key("m", [{"role": "user", "content": "hi"}], {"temperature": 0.0})
    >>> cache.get(key) is None
    True
    >>> cache.put(key, {"content": "hello"}); cache.get(key), len(cache)
    ({'content': 'hello'}, 1)
    >>> cache.close()
"""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import threading
from collections.abc import Mapping, Sequence
from typing import Any

__all__ = ["ReplyCache", "cache_key"]


def cache_key(model: str, messages: Sequence[Mapping[str, Any]], params: Mapping[str, Any]) -> str:
    """A SHA-256 hex digest of the model, messages and request parameters.

    Example:
        >>> a = cache_key("m", [{"role": "user", "content": "x"}], {"temperature": 0})
        >>> a == cache_key("m", [{"content": "x", "role": "user"}], {"temperature": 0}), len(a)
        (True, 64)
        >>> a == cache_key("m", [{"role": "user", "content": "x"}], {"temperature": 1})
        False
    """
    text = json.dumps(
        {"model": model, "messages": list(messages), "params": dict(params)},
        sort_keys=True,
        separators=(",", ":"),
        ensure_ascii=False,
    )
    return hashlib.sha256(text.encode()).hexdigest()


class ReplyCache:
    """Replies by :func:`cache_key`, in a SQLite file.

    Args:
        path: the database file; its folder is created when missing.

    Attributes:
        path: the database file.
        hits: lookups answered by this object.
        misses: lookups not found.
    """

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = os.fspath(path)
        self.hits = 0
        self.misses = 0
        self._lock = threading.Lock()
        self._db: sqlite3.Connection | None = None

    def _connect(self) -> sqlite3.Connection:
        if self._db is None:
            folder = os.path.dirname(self.path)
            if folder:
                os.makedirs(folder, exist_ok=True)
            db = sqlite3.connect(self.path, timeout=30.0, check_same_thread=False, isolation_level=None)
            db.execute("CREATE TABLE IF NOT EXISTS replies (key TEXT PRIMARY KEY, reply TEXT NOT NULL)")
            self._db = db
        return self._db

    def get(self, key: str) -> dict[str, Any] | None:
        """The stored reply for ``key``, or ``None``."""
        with self._lock:
            row = self._connect().execute("SELECT reply FROM replies WHERE key = ?", (key,)).fetchone()
        if row is None:
            self.misses += 1
            return None
        self.hits += 1
        reply: dict[str, Any] = json.loads(row[0])
        return reply

    def put(self, key: str, reply: Mapping[str, Any]) -> None:
        """Store ``reply`` (JSON-serialisable) under ``key``, replacing any earlier one."""
        text = json.dumps(dict(reply), sort_keys=True)
        with self._lock:
            self._connect().execute("INSERT OR REPLACE INTO replies (key, reply) VALUES (?, ?)", (key, text))

    def __len__(self) -> int:
        with self._lock:
            row = self._connect().execute("SELECT COUNT(*) FROM replies").fetchone()
        return int(row[0])

    def close(self) -> None:
        """Close the connection (it reopens on the next use)."""
        with self._lock:
            if self._db is not None:
                self._db.close()
                self._db = None

    def __getstate__(self) -> dict[str, Any]:
        return {"path": self.path, "hits": self.hits, "misses": self.misses}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.path = state["path"]
        self.hits = state["hits"]
        self.misses = state["misses"]
        self._lock = threading.Lock()
        self._db = None

    def __repr__(self) -> str:
        """E.g. ``ReplyCache('runs/replies.sqlite')``."""
        return f"ReplyCache({self.path!r})"
