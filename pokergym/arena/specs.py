"""Turn agent specs into agents through the baselines registry.

``pokergym`` never imports ``baselines`` at module level (``baselines``
depends on ``pokergym``, not the reverse); the registry is imported only
when a text spec has to be resolved.
"""

from __future__ import annotations

from collections.abc import Sequence

from pokergym.agents.base import Agent

__all__ = ["check_ready", "not_reproducible", "resolve_agent", "resolve_agents"]


def resolve_agent(agent_or_spec: Agent | str) -> Agent:
    """Return an agent as is, or build one from a registry spec such as ``"maniac:aggression=0.5"``.

    Example:
        >>> from pokergym.agents import CallAgent
        >>> resolve_agent(CallAgent()).name
        'call'
        >>> resolve_agent("fold").name
        'fold'
    """
    if isinstance(agent_or_spec, str):
        from baselines.registry import make

        return make(agent_or_spec)
    return agent_or_spec


def resolve_agents(agents_or_specs: Sequence[Agent | str]) -> list[Agent]:
    """Apply :func:`resolve_agent` to each item."""
    if isinstance(agents_or_specs, str):
        raise TypeError("give a list of agents or specs, not a single string")
    return [resolve_agent(item) for item in agents_or_specs]


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
