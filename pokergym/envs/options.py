"""The settings both environments take, checked once: :class:`EnvOptions`.

``HUNL-v0`` (:class:`~pokergym.envs.HUNLEnv`), the PettingZoo ``hunl_v0``
environment and their :class:`~pokergym.envs.HandTable` accept the same
keyword arguments; each turns them into one :class:`EnvOptions`, whose
constructor rejects a bad value with a :class:`~pokergym.errors.ConfigError`
naming what was expected. The action mode, raise fractions and history
slots are checked where they are used (the action codec and the
observation layout), also with ``ConfigError``.

Example:
    >>> options = EnvOptions(button=0, illegal_action="penalty")
    >>> options.penalty, options.raise_on_illegal
    (200.0, False)
    >>> EnvOptions(button=2)
    Traceback (most recent call last):
    ...
    pokergym.errors.ConfigError: button must be 'alternate', 'random', 0 or 1, got 2
"""

from __future__ import annotations

import numbers
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal, TypedDict

from pokergym.engine.config import DEFAULT_CONFIG, GameConfig
from pokergym.envs.actions import DEFAULT_FRACTIONS, ActionMode
from pokergym.errors import ConfigError

__all__ = [
    "RENDER_MODES",
    "Backend",
    "ButtonMode",
    "EnvKeywords",
    "EnvOptions",
    "IllegalMode",
    "TableKeywords",
    "env_options",
]

Backend = Literal["auto", "kernel", "python"]
"""How hands are stepped: ``"auto"`` picks ``"kernel"`` where it applies (once compiled), else ``"python"``."""
ButtonMode = Literal["alternate", "random", 0, 1]
"""Who has the button: alternate each hand, random each hand, or a fixed seat."""
IllegalMode = Literal["raise", "penalty"]
"""What an illegal action does: raise ``IllegalActionError``, or end the hand with a penalty."""
RENDER_MODES = ("ansi", "human")
"""The render modes both environments offer (besides ``None``)."""


@dataclass(frozen=True)
class EnvOptions:
    """The settings of an environment's table, checked when built.

    Args:
        config: blinds and stacks; both stacks must exceed the big blind so every
            hand starts with a decision.
        action_mode: ``"discrete"``, ``"continuous"`` or ``"chips"`` (see
            :mod:`pokergym.envs.actions`).
        raise_fractions: pot fractions of the discrete mode, increasing.
        button: ``"alternate"`` (the first hand after seeding gets the dealer's
            button bit, then it alternates), ``"random"`` (a fresh draw each
            hand), or a fixed seat ``0``/``1``.
        illegal_action: ``"raise"`` (raise :class:`~pokergym.errors.IllegalActionError`)
            or ``"penalty"`` (end the hand with a penalty).
        illegal_penalty: the penalty in big blinds; ``None`` means the larger
            starting stack, so an illegal action never costs less than a legal line.
        history_slots: action slots per street in the observation.
        render_mode: ``None``, ``"ansi"`` or ``"human"``.
        backend: ``"auto"``, ``"kernel"`` or ``"python"`` (see :class:`~pokergym.envs.HUNLEnv`).

    Attributes:
        penalty: the illegal-action penalty in big blinds (``illegal_penalty`` resolved).
        raise_on_illegal: whether an illegal action raises (``illegal_action="raise"``).

    Raises:
        ConfigError: a setting is invalid.
    """

    config: GameConfig = DEFAULT_CONFIG
    action_mode: ActionMode = "discrete"
    raise_fractions: Sequence[float] = DEFAULT_FRACTIONS
    button: ButtonMode = "alternate"
    illegal_action: IllegalMode = "raise"
    illegal_penalty: float | None = None
    history_slots: int = 6
    render_mode: str | None = None
    backend: Backend = "auto"

    def __post_init__(self) -> None:
        """Check every setting that the codec and the observation layout do not check themselves."""
        if self.render_mode is not None and self.render_mode not in RENDER_MODES:
            raise ConfigError(f"render_mode must be None, 'ansi' or 'human', got {self.render_mode!r}")
        config = self.config
        if not isinstance(config, GameConfig):
            raise ConfigError(f"config must be a GameConfig, got {config!r}")
        if min(config.stacks) <= config.big_blind:
            raise ConfigError(f"both stacks must exceed the big blind ({config.big_blind}), got {config.stacks}")
        button = self.button
        if not (button in ("alternate", "random") or (type(button) is int and button in (0, 1))):
            raise ConfigError(f"button must be 'alternate', 'random', 0 or 1, got {button!r}")
        if self.illegal_action not in ("raise", "penalty"):
            raise ConfigError(f"illegal_action must be 'raise' or 'penalty', got {self.illegal_action!r}")
        if self.backend not in ("auto", "kernel", "python"):
            raise ConfigError(f"backend must be 'auto', 'kernel' or 'python', got {self.backend!r}")
        self.penalty  # noqa: B018 (checks illegal_penalty)

    @property
    def penalty(self) -> float:
        """The illegal-action penalty in big blinds.

        Raises:
            ConfigError: ``illegal_penalty`` is not a finite number >= 0.
        """
        config = self.config
        given = self.illegal_penalty
        if given is not None and (isinstance(given, bool) or not isinstance(given, numbers.Real)):
            raise ConfigError(f"illegal_penalty must be a finite number of big blinds >= 0, got {given!r}")
        penalty = max(config.stacks) / config.big_blind if given is None else float(given)
        if not 0.0 <= penalty < float("inf"):
            raise ConfigError(
                f"illegal_penalty must be a finite number of big blinds >= 0, got {self.illegal_penalty!r}"
            )
        return penalty

    @property
    def raise_on_illegal(self) -> bool:
        """Whether an illegal action raises :class:`~pokergym.errors.IllegalActionError`."""
        return self.illegal_action == "raise"


class TableKeywords(TypedDict, total=False):
    """The keywords of :class:`~pokergym.envs.HandTable` after ``config``: the fields of :class:`EnvOptions`."""

    action_mode: ActionMode
    raise_fractions: Sequence[float]
    button: ButtonMode
    illegal_action: IllegalMode
    illegal_penalty: float | None
    history_slots: int


class EnvKeywords(TableKeywords, total=False):
    """The keywords both environments take after ``config``: the table's, the render mode and the backend."""

    render_mode: str | None
    backend: Backend


def table_options(config: GameConfig, keywords: TableKeywords) -> EnvOptions:
    """The :class:`EnvOptions` of a table's keywords, refusing the environments' own (render mode, backend).

    Raises:
        ConfigError: a keyword is not one of :class:`TableKeywords`, or a setting is invalid.

    Example:
        >>> table_options(DEFAULT_CONFIG, {"button": 1}).button
        1
        >>> table_options(DEFAULT_CONFIG, {"backend": "python"})  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        pokergym.errors.ConfigError: a table takes the keywords action_mode, ..., got backend
    """
    return _known(config, keywords, TableKeywords.__optional_keys__, "a table takes")


def env_options(config: GameConfig, keywords: EnvKeywords) -> EnvOptions:
    """The :class:`EnvOptions` of an environment's keywords.

    Raises:
        ConfigError: a keyword is not one of :class:`EnvKeywords`, or a setting is invalid.

    Example:
        >>> env_options(DEFAULT_CONFIG, {"foo": 1})  # type: ignore[typeddict-unknown-key]  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        pokergym.errors.ConfigError: the environments take the keywords action_mode, ..., got foo
    """
    return _known(config, keywords, EnvKeywords.__optional_keys__, "the environments take")


def _known(config: GameConfig, keywords: Mapping[str, Any], allowed: frozenset[str], who: str) -> EnvOptions:
    """:class:`EnvOptions` of ``keywords`` after refusing any not in ``allowed`` (``who`` opens the message)."""
    unknown = sorted(keywords.keys() - allowed)
    if unknown:
        raise ConfigError(f"{who} the keywords {', '.join(sorted(allowed))}, got {', '.join(unknown)}")
    return EnvOptions(config, **keywords)
