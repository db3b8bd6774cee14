"""Decision transcripts: one JSON line per model decision, and their totals.

Each line of a transcript records one decision of an
:class:`~baselines.llm_skill.agent.LLMSkillAgent` that went to the model:
the messages added for it, the raw reply, the parsed action, the validation
outcome and repairs, the fallback flag, the token counts, the latency and
the estimated cost, with the hand's id, the agent's hole cards and the
board so that lines stay attributable when many hands run at once. The file
is opened, appended to and closed for every line, and each line goes out in
a single unbuffered append, so agent copies sharing it (the arena
deep-copies agents; worker processes may write at the same time) never
split or mix lines. Lines never contain the API key.

:func:`summarize` adds a transcript up into a :class:`TranscriptSummary`.

Example:
    >>> import tempfile, os
    >>> path = os.path.join(tempfile.mkdtemp(), "t.jsonl")
    >>> log = Transcript(path)
    >>> log.write({"outcome": "valid", "fallback": False, "tokens_in": 900, "tokens_out": 40,
    ...            "cost": 0.001, "latency": 0.5, "cached": False, "hand": "a/1"})
    >>> log.write({"outcome": "fallback", "fallback": True, "tokens_in": 950, "tokens_out": 10,
    ...            "cost": 0.001, "latency": 1.5, "cached": True, "hand": "a/1"})
    >>> s = summarize(path)
    >>> s.decisions, s.fallbacks, s.fallback_rate, s.tokens_in, s.hands, s.cache_hits
    (2, 1, 0.5, 1850, 1, 1)
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from dataclasses import asdict, dataclass
from typing import Any

__all__ = ["Transcript", "TranscriptSummary", "estimate_cost", "summarize"]


def estimate_cost(tokens_in: int, tokens_out: int, price_in: float, price_out: float) -> float:
    """Cost in dollars at ``price_in``/``price_out`` dollars per million tokens.

    Example:
        >>> estimate_cost(2000, 100, 2.5, 10.0)
        0.006
    """
    return round((tokens_in * price_in + tokens_out * price_out) / 1e6, 9)


class Transcript:
    """Appends JSON lines to a file.

    Args:
        path: the file; it and its folder are created when missing, so the
            path exists even before the first line.

    Attributes:
        path: the file.
    """

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = os.fspath(path)
        folder = os.path.dirname(self.path)
        if folder:
            os.makedirs(folder, exist_ok=True)
        with open(self.path, "ab"):
            pass

    def write(self, record: Mapping[str, Any]) -> None:
        """Append ``record`` as one line.

        A lone surrogate in a string (JSON from a server may hold one) has no
        UTF-8 form; it is written as its JSON escape, which reads back as the same string.
        """
        line = json.dumps(dict(record), ensure_ascii=False, separators=(",", ":")) + "\n"
        with open(self.path, "ab", buffering=0) as out:
            out.write(line.encode("utf-8", "backslashreplace"))

    def __repr__(self) -> str:
        """E.g. ``Transcript('runs/llm.jsonl')``."""
        return f"Transcript({self.path!r})"


@dataclass(frozen=True, slots=True)
class TranscriptSummary:
    """Totals over a transcript.

    Attributes:
        decisions: decisions recorded.
        hands: distinct hands with at least one recorded decision.
        fallbacks: decisions that fell back to the conservative action.
        repaired: decisions whose action had to be grounded (illegal, clamped ...).
        errors: decisions where the request failed after all retries.
        cache_hits: decisions answered from the reply cache.
        tokens_in: prompt tokens.
        tokens_out: completion tokens.
        cost: estimated dollars.
        mean_latency: mean seconds per decision (0 for none).
    """

    decisions: int
    hands: int
    fallbacks: int
    repaired: int
    errors: int
    cache_hits: int
    tokens_in: int
    tokens_out: int
    cost: float
    mean_latency: float

    @property
    def fallback_rate(self) -> float:
        """Fallbacks per decision (0 for none)."""
        return self.fallbacks / self.decisions if self.decisions else 0.0

    def to_dict(self) -> dict[str, Any]:
        """The JSON-compatible form, with ``fallback_rate``."""
        return {**asdict(self), "fallback_rate": self.fallback_rate}


def summarize(path: str | os.PathLike[str]) -> TranscriptSummary:
    """Add up the transcript at ``path`` (a missing file counts as empty)."""
    decisions = fallbacks = repaired = errors = hits = tokens_in = tokens_out = 0
    cost = latency = 0.0
    hands: set[str] = set()
    if os.path.exists(path):
        with open(path, encoding="utf-8") as lines:
            for line in lines:
                if not line.strip():
                    continue
                record = json.loads(line)
                decisions += 1
                fallbacks += bool(record.get("fallback"))
                repaired += record.get("outcome") == "repaired"
                errors += record.get("error") is not None
                hits += bool(record.get("cached"))
                tokens_in += int(record.get("tokens_in", 0))
                tokens_out += int(record.get("tokens_out", 0))
                cost += float(record.get("cost", 0.0))
                latency += float(record.get("latency", 0.0))
                hands.add(str(record.get("hand")))
    mean = latency / decisions if decisions else 0.0
    return TranscriptSummary(
        decisions, len(hands), fallbacks, repaired, errors, hits, tokens_in, tokens_out, round(cost, 9), mean
    )
