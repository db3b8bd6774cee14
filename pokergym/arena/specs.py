"""Agent specs for the arena: re-exports of :mod:`pokergym.agents.specs`.

Specs are resolved through the installed ``pokergym.agents`` entry points
(``baselines`` declares its registry there); ``pokergym`` never imports
``baselines`` itself.
"""

from __future__ import annotations

from collections.abc import Sequence

from pokergym.agents.base import Agent
from pokergym.agents.specs import resolve_agent, resolve_agents

__all__ = ["check_ready", "not_reproducible", "resolve_agent", "resolve_agents"]


def check_ready(agents: Sequence[Agent]) -> None:
    """Let each agent that can tell say whether it is able to play, before any hand is dealt.

    An agent may define ``check_ready()``, raising a
    :class:`~pokergym.errors.PokerGymError` (typically a
    :class:`~pokergym.errors.ConfigError`) when something it needs is missing,
    such as the API key of a model endpoint; other agents are ready by definition.

    Example:
        >>> from pokergym.agents import CallAgent
        >>> check_ready([CallAgent()])
    """
    for agent in agents:
        check = getattr(agent, "check_ready", None)
        if callable(check):
            check()


def not_reproducible(agents: Sequence[Agent]) -> tuple[str, ...]:
    """Names of the agents whose play may differ between two runs with the same seed.

    An agent declares this with a ``reproducible`` attribute set to ``False``
    (for instance a search with a wall-clock budget, whose depth depends on the
    machine's speed and load); agents without the attribute are taken as
    reproducible.

    Example:
        >>> from pokergym.agents import CallAgent
        >>> slow = CallAgent(name="timed")
        >>> slow.reproducible = False
        >>> not_reproducible([CallAgent(), slow])
        ('timed',)
    """
    return tuple(agent.name for agent in agents if not getattr(agent, "reproducible", True))
