"""Turn agent specs into agents through the baselines registry.

``pokergym`` never imports ``baselines`` at module level (``baselines``
depends on ``pokergym``, not the reverse); the registry is imported only
when a text spec has to be resolved.
"""

from __future__ import annotations

from collections.abc import Sequence

from pokergym.agents.base import Agent

__all__ = ["resolve_agent", "resolve_agents"]


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
