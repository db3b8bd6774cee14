"""Specs, option parsing, descriptions and errors of baselines.registry."""

from __future__ import annotations

from pathlib import Path

import pytest

from baselines import REGISTRY, AgentSpec, Registry, SpecError, describe, make, names, parse_spec, register
from baselines.simple import CallBot, FishBot, FoldBot, HonestBot, ManiacBot, RandomBot
from pokergym.agents import BaseAgent, CallAgent, RandomAgent
from pokergym.errors import AgentError, PokerGymError

CANONICAL = {
    "random": RandomBot,
    "fold": FoldBot,
    "call": CallBot,
    "maniac": ManiacBot,
    "honest": HonestBot,
    "fish": FishBot,
}


def test_canonical_names_come_first_and_build_their_classes() -> None:
    assert names()[: len(CANONICAL)] == tuple(CANONICAL)
    for name, cls in CANONICAL.items():
        agent = make(name)
        assert type(agent) is cls
        assert agent.name == name


def test_random_and_call_reuse_the_engine_agents() -> None:
    assert isinstance(make("random"), RandomAgent)
    assert isinstance(make("call"), CallAgent)
    assert RandomBot.act is RandomAgent.act
    assert CallBot.act is CallAgent.act


@pytest.mark.parametrize(
    ("spec", "attributes"),
    [
        ("maniac:aggression=0.25", {"aggression": 0.25, "sizes": (0.5, 1.0, 2.0)}),
        ("maniac:sizes=1/3", {"sizes": (1.0, 3.0)}),
        ("maniac:sizes=0.75", {"sizes": (0.75,)}),
        ("honest:samples=64,value_threshold=0.8,bet_fraction=1,seed=3", {"samples": 64, "bet_fraction": 1.0}),
        ("fish:raise_prob=0,strong_fold_prob=0.2,loose_call_prob=1", {"raise_prob": 0.0, "loose_call_prob": 1.0}),
        ("HONEST : samples = 10 ", {"samples": 10}),
    ],
)
def test_options_reach_the_agent(spec: str, attributes: dict[str, object]) -> None:
    agent = make(spec)
    for key, value in attributes.items():
        assert getattr(agent, key) == value
        assert type(getattr(agent, key)) is type(value)


@pytest.mark.parametrize("name", list(CANONICAL))
def test_defaults_in_describe_match_the_built_agent(name: str) -> None:
    agent = make(name)
    for option in describe(name).options[:-1]:
        assert getattr(agent, option.name) == option.default, option


@pytest.mark.parametrize(
    "spec",
    [
        "fold",
        "maniac:aggression=0.5",
        "maniac:sizes=0.5/1.0,aggression=1.0,name=wild",
        "honest:samples=10,seed=4",
        "fish:weak=0.3,strong=0.9,name=carp",
        "random:name=noise",
    ],
)
def test_spec_round_trip(spec: str) -> None:
    parsed = parse_spec(spec)
    assert parse_spec(str(parsed)) == parsed
    rebuilt = make(str(parsed))
    assert type(rebuilt) is type(make(spec))
    assert rebuilt.name == make(spec).name


def test_display_name_defaults_to_the_canonical_spec() -> None:
    assert make("maniac:aggression=0.5").name == "maniac:aggression=0.5"
    assert make("maniac:aggression=1").name == "maniac:aggression=1.0"
    assert make("maniac:name=Bob,aggression=1").name == "Bob"
    assert str(AgentSpec("fold", {})) == "fold"


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("", "name:key=value"),
        ("   ", "name:key=value"),
        ("nope", "registered agents: random, fold, call, maniac, honest, fish"),
        ("maniac:aggresion=0.5", "its options: aggression, sizes, name"),
        ("maniac:aggression", "write key=value"),
        ("maniac:=3", "write key=value"),
        ("maniac:aggression=0.5,", "write key=value"),
        ("maniac:aggression=lots", "not a valid float"),
        ("maniac:aggression=1.5", "probability"),
        ("maniac:aggression=0.1,aggression=0.2", "given twice"),
        ("maniac:sizes=1/x", "not a valid tuple[float, ...]"),
        ("maniac:sizes=-1", "positive pot fractions"),
        ("honest:samples=2.5", "not a valid int"),
        ("honest:samples=0", "positive integer"),
        ("fish:weak=0.9,strong=0.5", "must not exceed"),
        (":samples=1", "no agent named ''"),
        # accepted until 2026-11-30, each then failing in play with a bare error or quietly wrong
        ("honest:bet_fraction=inf", "positive and finite"),
        ("expectiminimax:seed=-1", "non-negative integer"),
        ("expectiminimax:bet_fractions=inf", "positive and finite"),
        ("expectiminimax:prior=inf", "positive and finite"),
        ("cfr:path=/nonexistent/strategies.json", "cannot read"),
        ("ppo:share=5", "probability"),
        ("llm:model=m,backoff=nan", "backoff"),
        ("llm:model=m,timeout=nan", "timeout"),
        ("llm:model=m,temperature=-5", "temperature"),
        ("llm:model=m,max_tokens=0", "max_tokens"),
    ],
)
def test_bad_specs_raise_spec_error(spec: str, message: str) -> None:
    with pytest.raises(SpecError, match=message.replace(".", r"\.").replace("[", r"\[")) as info:
        make(spec)
    assert isinstance(info.value, ValueError) and isinstance(info.value, PokerGymError)


def test_files_that_are_not_what_the_agent_reads_are_spec_errors(tmp_path: Path) -> None:
    (tmp_path / "list.json").write_text("[1, 2]")
    (tmp_path / "junk.sqlite").write_text("x")
    for spec in (f"cfr:path={tmp_path}", f"cfr:path={tmp_path / 'list.json'}", f"bayes:db={tmp_path / 'junk.sqlite'}"):
        with pytest.raises(SpecError):
            make(spec)


def test_values_with_commas_cannot_be_written() -> None:
    with pytest.raises(SpecError, match="contains a comma"):
        str(AgentSpec("fish", {"name": "a,b"}))


def test_non_string_spec_is_rejected() -> None:
    with pytest.raises(SpecError):
        make(3)  # type: ignore[arg-type]


# ------------------------------------------------------------ private registries
class Dummy(BaseAgent):
    """A test agent with one option of every supported kind.

    Args:
        depth: search depth.
        budget: time budget in seconds, or none
            for no limit.
        verbose: whether to talk.
        label: a free-text label.
        widths: a tuple of widths.

    Raises:
        depth: not an option (this section must not be read as one).
    """

    def __init__(
        self,
        depth: int,
        *,
        budget: float | None = None,
        verbose: bool = False,
        label: str = "x",
        widths: tuple[int, ...] = (1, 2),
        name: str | None = None,
    ) -> None:
        super().__init__(name)
        self.depth, self.budget, self.verbose, self.label, self.widths = depth, budget, verbose, label, widths


def test_options_are_derived_from_signature_and_docstring() -> None:
    registry = Registry()
    registry.register("dummy", Dummy)
    info = registry.describe("dummy")
    assert info.summary == "A test agent with one option of every supported kind."
    table = {o.name: (o.type, o.default, o.required, o.doc) for o in info.options}
    assert table == {
        "depth": ("int", None, True, "search depth."),
        "budget": ("float | None", None, False, "time budget in seconds, or none for no limit."),
        "verbose": ("bool", False, False, "whether to talk."),
        "label": ("str", "x", False, "a free-text label."),
        "widths": ("tuple[int, ...]", (1, 2), False, "a tuple of widths."),
        "name": ("str", "dummy", False, table["name"][3]),
    }
    assert "depth (int, required): search depth." in str(info)
    agent = registry.make("dummy:depth=3,budget=none,verbose=yes,label=hi there,widths=4/5/6")
    assert isinstance(agent, Dummy)
    assert (agent.depth, agent.budget, agent.verbose, agent.label, agent.widths) == (
        3,
        None,
        True,
        "hi there",
        (4, 5, 6),
    )
    assert registry.make("dummy:depth=1,budget=2.5").budget == 2.5  # type: ignore[attr-defined]
    with pytest.raises(SpecError, match="needs the option"):
        registry.make("dummy")
    with pytest.raises(SpecError, match="valid bool"):
        registry.make("dummy:depth=1,verbose=maybe")


def test_plain_function_factories_and_inferred_types() -> None:
    def build(level=2, mood="calm"):  # type: ignore[no-untyped-def]  # deliberately unannotated
        """Build a folder.

        Args:
            level: how hard.
            mood: how it feels.
        """
        return FoldBot()

    registry = Registry()
    registry.register("folder", build, "a function factory")
    assert [(o.name, o.type) for o in registry.describe("folder").options] == [
        ("level", "int"),
        ("mood", "str"),
        ("name", "str"),
    ]
    assert registry.make("folder:level=4,mood=angry").name == "folder:level=4,mood=angry"


def test_registration_errors() -> None:
    registry = Registry()
    registry.register("fold", FoldBot)
    with pytest.raises(SpecError, match="already registered"):
        registry.register("fold", FoldBot)
    registry.register("fold", CallBot, "now a caller", replace=True)
    assert isinstance(registry.make("fold"), CallBot)
    for bad in ("Fold", "2x", "a:b", "a,b", ""):
        with pytest.raises(SpecError, match="lower-case"):
            registry.register(bad, FoldBot)
    with pytest.raises(SpecError, match="callable"):
        registry.register("thing", 3)  # type: ignore[arg-type]
    registry.register("broken", lambda: "not an agent")  # type: ignore[arg-type,return-value]
    with pytest.raises(AgentError, match="not an Agent"):
        registry.make("broken")
    registry.unregister("broken")
    assert "broken" not in registry and "fold" in registry
    with pytest.raises(SpecError, match="no agent named 'broken'"):
        registry.unregister("broken")
    assert [info.name for info in registry] == ["fold"]


def test_adding_an_agent_to_the_shared_registry_is_one_call() -> None:
    register("tight", FoldBot, "folds everything")
    try:
        assert names()[-1] == "tight"
        assert isinstance(make("tight:name=t"), FoldBot)
        assert describe("tight").summary == "folds everything"
    finally:
        REGISTRY.unregister("tight")
    assert "tight" not in names()
