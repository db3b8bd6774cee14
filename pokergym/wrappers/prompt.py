"""``SkillPromptObservation``: the language-model prompt of the seat's decision as text.

The wrapper adds ``obs["prompt"]``, a :class:`gymnasium.spaces.Text` entry
holding :attr:`pokergym.context.prompt.Prompt.text` (the system message, a
blank line, then the user message) for the seat's own view, in the
PokerSkill mode or the default-prompt ablation. Prompts use printable ASCII
and newlines only (:data:`PROMPT_CHARSET`); the generous default length
limit (:data:`MAX_PROMPT_CHARS`) is about four times the longest prompt seen
on random hands, and a longer text would be cut to the limit.

Example:
    >>> import gymnasium as gym
    >>> import pokergym
    >>> env = SkillPromptObservation(gym.make("HUNL-v0"), mode="default")
    >>> obs, info = env.reset(seed=0)
    >>> obs["prompt"].splitlines()[0].startswith("You are playing heads-up no-limit")
    True
"""

from __future__ import annotations

from typing import Any

import gymnasium as gym
from gymnasium import spaces

from pokergym.context.prompt import PromptMode, prompt
from pokergym.engine.view import PlayerView
from pokergym.errors import ConfigError
from pokergym.wrappers._base import AECViewWrapper, GymViewWrapper, ViewFeature

__all__ = ["MAX_PROMPT_CHARS", "PROMPT_CHARSET", "PromptFeature", "SkillPromptObservation", "SkillPromptObservationAEC"]

MAX_PROMPT_CHARS = 65536
"""Default length limit of the text entry."""
PROMPT_CHARSET = "".join(chr(c) for c in range(32, 127)) + "\n"
"""Characters a prompt may contain."""


class PromptFeature(ViewFeature):
    """The ``prompt`` entry.

    Args:
        mode: ``"skills"`` (PokerSkill) or ``"default"`` (state and legal actions only).
        max_length: the text space's length limit.
        key: the observation key (default ``"prompt"``).

    Raises:
        ConfigError: for an unknown mode or a limit below 1.
    """

    def __init__(self, mode: PromptMode = "skills", max_length: int = MAX_PROMPT_CHARS, key: str = "prompt") -> None:
        """Set up the entry."""
        if mode not in ("skills", "default"):
            raise ConfigError(f"mode must be 'skills' or 'default', got {mode!r}")
        if max_length < 1:
            raise ConfigError(f"max_length must be positive, got {max_length}")
        self.mode: PromptMode = mode
        self.key = key
        self.max_length = max_length
        self.space = spaces.Text(max_length, min_length=1, charset=PROMPT_CHARSET)

    def value(self, view: PlayerView) -> str:
        """The prompt text of ``view``."""
        return prompt(view, mode=self.mode).text[: self.max_length]


class SkillPromptObservation(GymViewWrapper, gym.utils.RecordConstructorArgs):
    """Add the learner's prompt text to ``HUNL-v0`` observations.

    Args:
        env: a ``HUNL-v0`` environment (possibly wrapped).
        mode: ``"skills"`` or ``"default"``.
        max_length: the text space's length limit.
        key: the observation key.
    """

    def __init__(
        self,
        env: gym.Env[dict[str, Any], Any],
        mode: PromptMode = "skills",
        max_length: int = MAX_PROMPT_CHARS,
        key: str = "prompt",
    ) -> None:
        """Wrap ``env``."""
        gym.utils.RecordConstructorArgs.__init__(self, mode=mode, max_length=max_length, key=key)
        super().__init__(env, PromptFeature(mode, max_length, key))


class SkillPromptObservationAEC(AECViewWrapper):
    """Add each agent's prompt text to the ``hunl_v0`` AEC observations.

    Args:
        env: a ``hunl_v0.env()`` or ``hunl_v0.raw_env()`` (possibly wrapped).
        mode: ``"skills"`` or ``"default"``.
        max_length: the text space's length limit.
        key: the observation key.
    """

    def __init__(
        self, env: Any, mode: PromptMode = "skills", max_length: int = MAX_PROMPT_CHARS, key: str = "prompt"
    ) -> None:
        """Wrap ``env``."""
        super().__init__(env, PromptFeature(mode, max_length, key))
