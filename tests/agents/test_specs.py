from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from agent_providers import FakeEntryPoint, TinyProvider

from pokergym.agents import CallAgent, RandomAgent
from pokergym.agents.specs import agent_factory, resolve_agent, resolve_agents
from pokergym.errors import AgentSpecError, PokerGymError

Install = Callable[[list[Any]], None]


@pytest.mark.usefixtures("declared_agent_providers")
def test_pyproject_declares_the_baselines_provider() -> None:
    agent = resolve_agent("maniac:aggression=0.5")
    assert type(agent).__name__ == "ManiacBot"
    assert agent.aggression == 0.5  # type: ignore[attr-defined]
    assert resolve_agent("baselines/honest").name == "honest"


def test_an_agent_passes_through(agent_entry_points: Install) -> None:
    agent_entry_points([])
    agent = CallAgent()
    assert resolve_agent(agent) is agent


def test_a_spec_goes_to_the_provider_that_knows_its_name(agent_entry_points: Install) -> None:
    tiny = TinyProvider()
    agent_entry_points([FakeEntryPoint("tiny", tiny)])
    assert isinstance(resolve_agent("random:x=1"), RandomAgent)
    assert isinstance(resolve_agent("tiny/call"), CallAgent)
    assert tiny.specs == ["random:x=1", "call"]  # the provider prefix is not passed on


def test_a_factory_builds_a_new_agent_per_call(agent_entry_points: Install) -> None:
    agent_entry_points([FakeEntryPoint("tiny", TinyProvider())])
    factory = agent_factory("call")
    first, second = factory(), factory()
    assert isinstance(first, CallAgent) and first is not second


def test_an_unknown_name_lists_the_known_agents(agent_entry_points: Install) -> None:
    agent_entry_points([FakeEntryPoint("tiny", TinyProvider())])
    with pytest.raises(AgentSpecError, match=r"no agent named 'honst'.*call, random"):
        resolve_agent("honst:samples=3")


def test_no_installed_provider_is_a_typed_error(agent_entry_points: Install) -> None:
    agent_entry_points([])
    with pytest.raises(AgentSpecError, match="no package providing agents is installed"):
        resolve_agent("honest")
    assert issubclass(AgentSpecError, PokerGymError) and issubclass(AgentSpecError, ValueError)


def test_a_name_two_providers_know_must_name_its_provider(agent_entry_points: Install) -> None:
    first, second = TinyProvider(), TinyProvider()
    agent_entry_points([FakeEntryPoint("one", first), FakeEntryPoint("two", second)])
    with pytest.raises(AgentSpecError, match="'one/call' or 'two/call'"):
        resolve_agent("call")
    resolve_agent("two/call")
    assert (first.specs, second.specs) == ([], ["call"])


def test_an_unknown_provider_lists_the_installed_ones(agent_entry_points: Install) -> None:
    agent_entry_points([FakeEntryPoint("tiny", TinyProvider())])
    with pytest.raises(AgentSpecError, match="no agent provider named 'nope'; installed: tiny"):
        resolve_agent("nope/call")


@pytest.mark.parametrize("target", [ImportError("no module named 'gone'"), object()])
def test_a_broken_provider_is_named(agent_entry_points: Install, target: object) -> None:
    agent_entry_points([FakeEntryPoint("tiny", TinyProvider()), FakeEntryPoint("broken", target)])
    with pytest.raises(AgentSpecError, match="broken"):
        resolve_agent("call")


def test_resolve_agents_refuses_a_single_string(agent_entry_points: Install) -> None:
    agent_entry_points([FakeEntryPoint("tiny", TinyProvider())])
    assert [type(a) for a in resolve_agents(["call", RandomAgent()])] == [CallAgent, RandomAgent]
    with pytest.raises(TypeError, match="not a single string"):
        resolve_agents("call")  # type: ignore[arg-type]


def test_the_installed_package_registers_the_baselines_provider() -> None:
    """``pip install`` wrote pyproject's entry point into the installed metadata (rerun it after editing them)."""
    from importlib.metadata import entry_points

    points = {point.name: point.value for point in entry_points(group="pokergym.agents")}
    assert points.get("baselines") == "baselines.registry:REGISTRY", points


@pytest.mark.parametrize("thing", [5, None, b"call", object()])
def test_what_is_neither_a_spec_nor_an_agent_is_refused(thing: object) -> None:
    with pytest.raises(AgentSpecError, match="expected an agent or a spec"):
        resolve_agent(thing)  # type: ignore[arg-type]  # returned unchanged before 2026-11-30
