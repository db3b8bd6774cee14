"""Typed errors raised by pokergym.

Every error derives from :class:`PokerGymError`; the ones caused by a bad
argument also derive from :class:`ValueError`, so callers that already catch
``ValueError`` keep working.

Example:
    >>> from pokergym.errors import CardError, PokerGymError
    >>> issubclass(CardError, ValueError) and issubclass(CardError, PokerGymError)
    True
"""

from __future__ import annotations

import reprlib
from collections.abc import Iterator
from contextlib import contextmanager

__all__ = [
    "AgentError",
    "AgentSpecError",
    "CardError",
    "ConfigError",
    "ContextError",
    "DuplicateCardError",
    "EnvOrderError",
    "HandOverError",
    "HistoryError",
    "IllegalActionError",
    "OutOfTurnError",
    "PokerGymError",
    "RangeError",
    "ReportError",
    "SolverError",
    "WebRequestError",
    "brief",
    "malformed",
]


class PokerGymError(Exception):
    """Base class of every error pokergym raises on purpose."""


class CardError(PokerGymError, ValueError):
    """A card string or card code is malformed, or a card count is wrong."""


class DuplicateCardError(CardError):
    """The same card appears more than once where cards must be distinct."""


class ConfigError(PokerGymError, ValueError):
    """A game or environment setting is out of range or inconsistent."""


class IllegalActionError(PokerGymError, ValueError):
    """An action is not legal in the current state; the message lists what is."""


class OutOfTurnError(IllegalActionError):
    """A seat tried to act when it is not that seat's turn."""


class HandOverError(IllegalActionError):
    """An action was sent to a hand that has already ended."""


class EnvOrderError(PokerGymError, RuntimeError):
    """An environment method was called out of order (for instance ``step`` before ``reset``)."""


class AgentError(PokerGymError):
    """An agent failed to produce a decision (raised, or returned garbage)."""


class AgentSpecError(PokerGymError, ValueError):
    """An agent spec names no installed agent, or no package providing agents is installed."""


class HistoryError(PokerGymError, ValueError):
    """A hand history is malformed, or replaying it does not reproduce the record."""


class ContextError(PokerGymError, ValueError):
    """The context engine cannot analyse a view (malformed board, cards or history)."""


class SolverError(PokerGymError, ValueError):
    """A solver spot is malformed or too large, or a solution does not fit the spot it is used with."""


class RangeError(SolverError):
    """A hand range is malformed (bad token, bad weight) or empty where combos are needed."""


class ReportError(PokerGymError, ValueError):
    """A run folder the browser report cannot read: no results file, or one missing what a report needs."""


class WebRequestError(PokerGymError, ValueError):
    """A request to ``pokergym serve`` is malformed: not a JSON object, or about a table that does not exist."""


_BRIEF = reprlib.Repr()
_BRIEF.maxlevel = 3
_BRIEF.maxstring = 60
_BRIEF.maxother = 60


def brief(value: object) -> str:
    """``repr(value)`` cut short, for error messages that show a caller's bad input.

    Any value can be shown: deep nesting stops after three levels (no
    ``RecursionError``) and long text is elided.

    Example:
        >>> brief([[[[1]]]]), brief("x" * 100)[:12]
        ('[[[[...]]]]', "'xxxxxxxxxxx")
    """
    return _BRIEF.repr(value)


@contextmanager
def malformed(error: type[PokerGymError], what: str) -> Iterator[None]:
    """Turn the Python errors of reading a malformed document into one ``error``: ``"{what}: {the error}"``.

    Errors that are already a :class:`PokerGymError` pass through as they are.

    Example:
        >>> with malformed(ConfigError, "not a match result"):
        ...     {}["config"]
        Traceback (most recent call last):
        ...
        pokergym.errors.ConfigError: not a match result: KeyError 'config'
    """
    try:
        yield
    except PokerGymError:
        raise
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
        raise error(f"{what}: {type(exc).__name__} {exc}") from None
