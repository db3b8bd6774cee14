"""Build agents from text specs through the installed agent providers.

A spec names an agent and, optionally, its options: ``"honest"`` or
``"maniac:aggression=0.5"``. pokergym itself knows no agent by name: packages
provide them through the ``pokergym.agents`` entry-point group. Each entry
point loads a provider, an object with ``names()`` (the agent names it knows)
and ``make(spec)`` (the agent a spec describes). The project's ``baselines``
package declares itself in pyproject.toml::

    [project.entry-points."pokergym.agents"]
    baselines = "baselines.registry:REGISTRY"

A spec may name its provider, ``"baselines/honest"``; that is needed only
when two installed providers know the same name.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from importlib.metadata import entry_points
from typing import Protocol, runtime_checkable

from pokergym.agents.base import Agent
from pokergym.errors import AgentSpecError

__all__ = ["ENTRY_POINT_GROUP", "AgentProvider", "agent_factory", "providers", "resolve_agent", "resolve_agents"]

ENTRY_POINT_GROUP = "pokergym.agents"
"""The entry-point group in which packages declare their agent providers."""


@runtime_checkable
class AgentProvider(Protocol):
    """What a ``pokergym.agents`` entry point loads: a set of agents buildable from specs."""

    def names(self) -> Iterable[str]:
        """The agent names this provider can build."""
        ...

    def make(self, spec: str) -> Agent:
        """The agent ``spec`` describes (its own errors say what is wrong with the options)."""
        ...


def providers() -> dict[str, AgentProvider]:
    """Load the installed agent providers, by entry-point name (sorted).

    Raises:
        AgentSpecError: an entry point fails to load, or loads something that is not a provider.
    """
    found: dict[str, AgentProvider] = {}
    for point in sorted(entry_points(group=ENTRY_POINT_GROUP), key=lambda point: point.name):
        try:
            provider = point.load()
        except Exception as exc:
            raise AgentSpecError(f"agent provider {point.name!r} ({point.value}) failed to load: {exc}") from exc
        if not isinstance(provider, AgentProvider):
            raise AgentSpecError(
                f"agent provider {point.name!r} ({point.value}) has no names() and make(spec): got {provider!r}"
            )
        found[point.name] = provider
    return found


def agent_factory(spec: str) -> Callable[[], Agent]:
    """A function building a new agent from ``spec`` at every call (the provider is looked up once).

    Raises:
        AgentSpecError: no provider is installed, none knows the agent's name,
            several do and the spec names none of them, or the named provider is not installed.
    """
    head, colon, options = spec.partition(":")
    qualifier, slash, name = head.strip().rpartition("/")
    name = name.strip().lower()
    installed = providers()
    if not installed:
        raise AgentSpecError(
            f"cannot build agent {spec!r}: no package providing agents is installed (none declares a "
            f"{ENTRY_POINT_GROUP!r} entry point); install pokergym with its baselines, e.g. pip install -e ."
        )
    if slash:
        if qualifier not in installed:
            raise AgentSpecError(f"no agent provider named {qualifier!r}; installed: {', '.join(installed)}")
        candidates = [qualifier]
    else:
        candidates = [label for label, provider in installed.items() if name in provider.names()]
    if not candidates:
        known = sorted({known for provider in installed.values() for known in provider.names()})
        raise AgentSpecError(f"no agent named {name!r} (spec {spec!r}); known agents: {', '.join(known)}")
    if len(candidates) > 1:
        choices = " or ".join(f"'{label}/{name}'" for label in candidates)
        raise AgentSpecError(f"agent {name!r} is provided by {', '.join(candidates)}: write {choices}")
    provider = installed[candidates[0]]
    local_spec = name + colon + options if slash else spec

    def build() -> Agent:
        return provider.make(local_spec)

    return build


def resolve_agent(agent_or_spec: Agent | str) -> Agent:
    """Return an agent as is, or build one from a spec such as ``"maniac:aggression=0.5"``.

    Raises:
        AgentSpecError: the spec names no installed agent (see :func:`agent_factory`), or ``agent_or_spec`` is
            neither a spec nor an agent (an object with ``reset``, ``act`` and ``observe``).

    Example:
        >>> from pokergym.agents import CallAgent
        >>> resolve_agent(CallAgent()).name
        'call'
    """
    if isinstance(agent_or_spec, str):
        return agent_factory(agent_or_spec)()
    if not all(callable(getattr(agent_or_spec, method, None)) for method in ("reset", "act", "observe")):
        raise AgentSpecError(f"expected an agent or a spec such as 'honest', got {agent_or_spec!r}")
    return agent_or_spec


def resolve_agents(agents_or_specs: Sequence[Agent | str]) -> list[Agent]:
    """Apply :func:`resolve_agent` to each item.

    Raises:
        TypeError: ``agents_or_specs`` is a single string.
    """
    if isinstance(agents_or_specs, str):
        raise TypeError("give a list of agents or specs, not a single string")
    return [resolve_agent(item) for item in agents_or_specs]
