"""Build agents by name from short text specs.

A spec is a registered name, optionally followed by options:
``"name"`` or ``"name:key=value,key=value"``. Values are converted to the type
the agent's constructor declares for that option (``int``, ``float``, ``bool``
as ``true``/``false``, ``str``, ``X | None`` with ``none``, and tuples written
with ``/`` between items, e.g. ``sizes=0.5/1/2``); a value cannot contain a
comma. Every agent also accepts ``name=...``, its display name; without it the
display name is the spec itself (``"maniac:aggression=0.5"``) so differently
configured copies stay apart.

The options an agent accepts, their types, defaults and help texts are read
from its factory's signature and the ``Args:`` section of its docstring, so
the help shown by :func:`describe` cannot drift from the code. Adding an agent
is one call::

    register("rule", RuleSkillAgent, "PokerSkill rules")

Example:
    >>> agent = make("maniac:aggression=0.5,name=wild")
    >>> agent.name, agent.aggression
    ('wild', 0.5)
    >>> make("maniac:aggresion=0.5")
    Traceback (most recent call last):
    ...
    baselines.registry.SpecError: agent 'maniac' has no option 'aggresion'; its options: aggression, sizes, name
"""

from __future__ import annotations

import inspect
import re
import types
import typing
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from baselines.bayes import BayesAgent
from baselines.cfr import CFRBucketAgent
from baselines.expectiminimax import ExpectiminimaxAgent
from baselines.llm_skill import LLMSkillAgent
from baselines.ppo import PPOAgent
from baselines.rule_skill import RuleSkillAgent
from baselines.simple import CallBot, FishBot, FoldBot, HonestBot, ManiacBot, RandomBot
from baselines.solver import SolverAgent
from pokergym.agents import Agent
from pokergym.errors import AgentError, PokerGymError

__all__ = [
    "REGISTRY",
    "AgentInfo",
    "AgentSpec",
    "OptionInfo",
    "OptionValue",
    "Registry",
    "SpecError",
    "describe",
    "make",
    "names",
    "parse_spec",
    "register",
]

OptionValue = int | float | bool | str | None | tuple[Any, ...]
"""A value an option can take in a spec."""

_NAME = re.compile(r"[a-z][a-z0-9_\-]*\Z")
_KEY = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")
_TRUE = frozenset({"true", "yes", "on", "1"})
_FALSE = frozenset({"false", "no", "off", "0"})
_SECTIONS = frozenset({"args", "arguments", "keyword args", "keyword arguments", "parameters"})
_REQUIRED = inspect.Parameter.empty


class SpecError(PokerGymError, ValueError):
    """An agent spec or registration is invalid; the message says what exists."""


# --------------------------------------------------------------- conversion
Parser = Callable[[str], OptionValue]


def _parse_bool(text: str) -> bool:
    low = text.strip().lower()
    if low in _TRUE:
        return True
    if low in _FALSE:
        return False
    raise ValueError(f"expected true or false, got {text!r}")


def _parse_any(text: str) -> OptionValue:
    low = text.lower()
    if low in ("true", "false"):
        return low == "true"
    if low == "none":
        return None
    for convert in (int, float):
        try:
            return convert(text)
        except ValueError:
            pass
    return text


def _format_value(value: OptionValue) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "none"
    if isinstance(value, tuple):
        return "/".join(_format_value(item) for item in value)
    if isinstance(value, float):
        return repr(value)
    text = str(value)
    if "," in text:
        raise SpecError(f"the value {text!r} cannot be written in a spec: it contains a comma")
    return text


def _type_parser(annotation: object, default: object) -> tuple[str, Parser]:
    """A display name and a text parser for an option annotated ``annotation``."""
    if annotation is _REQUIRED or annotation is Any:
        inferred = type(default) if default not in (_REQUIRED, None) else None
        if inferred in (int, float, bool, str):
            return _type_parser(inferred, _REQUIRED)
        return "any", _parse_any
    if annotation is bool:
        return "bool", _parse_bool
    if annotation in (int, float, str):
        kind = typing.cast(type, annotation)
        return kind.__name__, kind
    origin = typing.get_origin(annotation)
    args = typing.get_args(annotation)
    if origin in (typing.Union, types.UnionType) and type(None) in args:
        rest = [a for a in args if a is not type(None)]
        inner_name, inner = _type_parser(rest[0] if len(rest) == 1 else _REQUIRED, _REQUIRED)

        def optional(text: str) -> OptionValue:
            return None if text.strip().lower() == "none" else inner(text)

        return f"{inner_name} | None", optional
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        item_name, item = _type_parser(args[0], _REQUIRED)

        def sequence(text: str) -> OptionValue:
            return tuple(item(part) for part in text.split("/")) if text else ()

        return f"tuple[{item_name}, ...]", sequence
    return "any", _parse_any


# ------------------------------------------------------------ documentation
def _arg_docs(doc: str | None) -> dict[str, str]:
    """Descriptions of the entries of Google-style ``Args:`` sections in ``doc``."""
    found: dict[str, str] = {}
    section_indent: int | None = None
    entry_indent: int | None = None
    key = ""
    for line in inspect.cleandoc(doc or "").splitlines():
        stripped = line.strip()
        if not stripped:
            continue
        indent = len(line) - len(line.lstrip())
        if section_indent is not None and indent <= section_indent:
            section_indent = None
        if section_indent is None:
            if stripped.endswith(":") and stripped[:-1].lower() in _SECTIONS:
                section_indent, entry_indent, key = indent, None, ""
            continue
        if entry_indent is None:
            entry_indent = indent
        if indent == entry_indent and ":" in stripped:
            head, _, text = stripped.partition(":")
            key = head.split("(")[0].strip().lstrip("*")
            found[key] = text.strip()
        elif key:
            found[key] = f"{found[key]} {stripped}"
    return found


def _docstring(factory: Callable[..., Agent]) -> str:
    parts = [inspect.getdoc(factory) or ""]
    init = vars(factory).get("__init__") if isinstance(factory, type) else None
    if init is not None and init.__doc__:
        parts.append(inspect.cleandoc(init.__doc__))
    return "\n\n".join(parts)


# --------------------------------------------------------------- the records
@dataclass(frozen=True, slots=True)
class OptionInfo:
    """One option an agent accepts.

    Attributes:
        name: the key used in specs.
        type: the declared type, as text (``"float"``, ``"int | None"``, ...).
        default: the default value, or ``None`` with ``required`` set.
        required: whether a spec must give the option.
        doc: the help text from the factory's docstring.
    """

    name: str
    type: str
    default: OptionValue
    required: bool
    doc: str
    parse: Parser = field(repr=False, compare=False)

    def __str__(self) -> str:
        """E.g. ``aggression (float, default 0.8): probability of ...``."""
        default = "required" if self.required else f"default {_format_value(self.default)}"
        return f"{self.name} ({self.type}, {default}): {self.doc or 'undocumented'}"


@dataclass(frozen=True, slots=True)
class AgentInfo:
    """What :func:`describe` reports about a registered agent.

    Attributes:
        name: the registered name.
        summary: one line on how it plays.
        options: its options, ``name`` (the display name) last.
        service: whether the agent needs an outside service (a model endpoint) to
            play; such agents are left out of the default arena and of the
            offline contract tests, and test themselves against a local server.
        slow: whether a decision may take most of a second (the solver re-solves
            each street); such agents are left out of the default arena, whose
            thousands of pairs they would stretch to hours, and join it by name.
    """

    name: str
    summary: str
    options: tuple[OptionInfo, ...]
    service: bool = False
    slow: bool = False

    def option(self, key: str) -> OptionInfo:
        """The option called ``key``.

        Raises:
            SpecError: if there is no such option; the message lists the options.
        """
        for option in self.options:
            if option.name == key:
                return option
        known = ", ".join(o.name for o in self.options)
        raise SpecError(f"agent {self.name!r} has no option {key!r}; its options: {known}")

    def __str__(self) -> str:
        """A help text: the name and summary, then one line per option."""
        return "\n".join([f"{self.name}: {self.summary}", *(f"  {option}" for option in self.options)])


@dataclass(frozen=True, slots=True)
class AgentSpec:
    """A parsed spec: a registered name and typed option values.

    ``str(spec)`` is the canonical spec text; parsing it gives the spec back.

    Example:
        >>> spec = parse_spec(" maniac : sizes=1/2 , aggression=1")
        >>> spec.options
        {'sizes': (1.0, 2.0), 'aggression': 1.0}
        >>> str(spec)
        'maniac:sizes=1.0/2.0,aggression=1.0'
    """

    name: str
    options: Mapping[str, OptionValue]

    def __str__(self) -> str:
        """``name`` or ``name:key=value,...``."""
        if not self.options:
            return self.name
        return self.name + ":" + ",".join(f"{k}={_format_value(v)}" for k, v in self.options.items())


@dataclass(frozen=True, slots=True)
class _Entry:
    info: AgentInfo
    factory: Callable[..., Agent]


def _options_of(name: str, factory: Callable[..., Agent]) -> tuple[OptionInfo, ...]:
    try:
        signature = inspect.signature(factory)
    except (TypeError, ValueError) as exc:
        raise SpecError(f"cannot read the signature of the factory of {name!r}: {exc}") from exc
    target = factory.__init__ if isinstance(factory, type) else factory  # type: ignore[misc]
    try:
        hints = typing.get_type_hints(target)
    except Exception:  # unresolvable annotations: fall back to the defaults' types
        hints = {}
    docs = _arg_docs(_docstring(factory))
    options = []
    for param in signature.parameters.values():
        if param.name == "name" or param.kind in (param.VAR_POSITIONAL, param.VAR_KEYWORD):
            continue
        if param.kind is param.POSITIONAL_ONLY:
            if param.default is _REQUIRED:
                raise SpecError(f"the factory of {name!r} has a required positional-only parameter {param.name!r}")
            continue
        type_name, parse = _type_parser(hints.get(param.name, _REQUIRED), param.default)
        required = param.default is _REQUIRED
        default = None if required else param.default
        options.append(OptionInfo(param.name, type_name, default, required, docs.get(param.name, ""), parse))
    display = "display name (default: the spec text, e.g. 'maniac:aggression=0.5')"
    options.append(OptionInfo("name", "str", name, False, display, str))
    return tuple(options)


# ------------------------------------------------------------- the registry
class Registry:
    """A table of agent factories addressed by name.

    The module-level functions use the shared :data:`REGISTRY`; tests and
    tools can build their own.

    Example:
        >>> from baselines.simple import FoldBot
        >>> registry = Registry()
        >>> registry.register("nit", FoldBot, "folds to every bet")
        >>> registry.names(), registry.make("nit").name
        (('nit',), 'nit')
    """

    def __init__(self) -> None:
        self._entries: dict[str, _Entry] = {}

    def register(
        self,
        name: str,
        factory: Callable[..., Agent],
        summary: str | None = None,
        *,
        replace: bool = False,
        service: bool = False,
        slow: bool = False,
    ) -> None:
        """Add an agent under ``name``.

        Args:
            name: lower-case letters, digits, ``_`` or ``-``, starting with a letter.
            factory: a class or callable taking the agent's options as keyword arguments.
            summary: one line on how it plays (default: the docstring's first line).
            replace: allow overwriting an existing entry.
            service: the agent needs an outside service (e.g. a model endpoint) to play.
            slow: a decision may take most of a second (see :class:`AgentInfo`).

        Raises:
            SpecError: for a malformed or taken name, or an unusable factory.
        """
        if not _NAME.match(name):
            raise SpecError(f"agent names are lower-case words like 'maniac' or 'rule-v2', got {name!r}")
        if name in self._entries and not replace:
            raise SpecError(f"an agent named {name!r} is already registered")
        if not callable(factory):
            raise SpecError(f"the factory of {name!r} must be callable, got {factory!r}")
        if summary is None:
            summary = (inspect.getdoc(factory) or "").partition("\n")[0]
        info = AgentInfo(name, summary, _options_of(name, factory), service, slow)
        self._entries[name] = _Entry(info, factory)

    def unregister(self, name: str) -> None:
        """Remove agent ``name``.

        Raises:
            SpecError: if no agent has that name.
        """
        self._entry(name)
        del self._entries[name]

    def names(self) -> tuple[str, ...]:
        """The registered names, in registration order."""
        return tuple(self._entries)

    def describe(self, name: str) -> AgentInfo:
        """The summary and options of agent ``name``.

        Raises:
            SpecError: if no agent has that name; the message lists the names.
        """
        return self._entry(name).info

    def parse(self, spec: str) -> AgentSpec:
        """Split ``spec`` into a name and options converted to the declared types.

        Raises:
            SpecError: for a malformed spec, an unknown name or option, a repeated
                option, or a value of the wrong type.
        """
        if not isinstance(spec, str) or not spec.strip():
            raise SpecError(f"an agent spec is 'name' or 'name:key=value,...', got {spec!r}")
        head, colon, tail = spec.partition(":")
        info = self.describe(head.strip().lower())
        options: dict[str, OptionValue] = {}
        for item in tail.split(",") if colon else ():
            key, equals, text = (part.strip() for part in item.partition("="))
            if not equals or not _KEY.match(key):
                raise SpecError(f"bad option {item.strip()!r} in spec {spec!r}: write key=value, separated by commas")
            if key in options:
                raise SpecError(f"option {key!r} is given twice in spec {spec!r}")
            option = info.option(key)
            try:
                options[key] = option.parse(text)
            except ValueError as exc:
                raise SpecError(f"option {key}={text!r} of {info.name!r} is not a valid {option.type}: {exc}") from exc
        return AgentSpec(info.name, options)

    def make(self, spec: str) -> Agent:
        """Build the agent a spec describes.

        Raises:
            SpecError: if the spec is invalid or the agent rejects an option value.
            AgentError: if the factory does not return an agent.
        """
        parsed = self.parse(spec)
        options = dict(parsed.options)
        display = options.pop("name", None)
        missing = [o.name for o in self.describe(parsed.name).options if o.required and o.name not in options]
        if missing:
            raise SpecError(f"agent {parsed.name!r} needs the option(s) {', '.join(missing)}")
        try:
            agent = self._entries[parsed.name].factory(**options)
        except ValueError as exc:
            raise SpecError(f"agent {parsed.name!r} rejected spec {spec!r}: {exc}") from exc
        if not isinstance(agent, Agent):
            raise AgentError(f"the factory of {parsed.name!r} returned {agent!r}, which is not an Agent")
        agent.name = str(display) if display is not None else str(parsed)
        return agent

    def _entry(self, name: str) -> _Entry:
        try:
            return self._entries[name]
        except KeyError:
            known = ", ".join(self._entries) or "none"
            raise SpecError(f"no agent named {name!r}; registered agents: {known}") from None

    def __iter__(self) -> Iterator[AgentInfo]:
        """The descriptions of all agents, in registration order."""
        return (entry.info for entry in self._entries.values())

    def __contains__(self, name: object) -> bool:
        """Whether ``name`` is registered."""
        return name in self._entries


REGISTRY = Registry()
"""The shared registry behind :func:`make`, :func:`register`, :func:`names`, :func:`describe`."""


def register(
    name: str,
    factory: Callable[..., Agent],
    summary: str | None = None,
    *,
    replace: bool = False,
    service: bool = False,
    slow: bool = False,
) -> None:
    """Add an agent to the shared registry (see :meth:`Registry.register`).

    Example:
        >>> from baselines.simple import CallBot
        >>> register("station", CallBot, "checks or calls")
        >>> "station" in names()
        True
        >>> REGISTRY.unregister("station")  # undo the example
    """
    REGISTRY.register(name, factory, summary, replace=replace, service=service, slow=slow)


def names() -> tuple[str, ...]:
    """Names of the registered agents, in registration order.

    Example:
        >>> names()[:6]
        ('random', 'fold', 'call', 'maniac', 'honest', 'fish')
    """
    return REGISTRY.names()


def describe(name: str) -> AgentInfo:
    """The summary and documented options of a registered agent.

    Example:
        >>> print(describe("maniac"))  # doctest: +NORMALIZE_WHITESPACE
        maniac: bets or raises most of the time with pot-fraction sizes; never folds
          aggression (float, default 0.8): probability of betting or raising when that is legal.
          sizes (tuple[float, ...], default 0.5/1.0/2.0): bet and raise sizes as fractions of the pot after
            calling, drawn uniformly (in a spec: fractions separated by ``/``, e.g. ``0.5/1/2``).
          name (str, default maniac): display name (default: the spec text, e.g. 'maniac:aggression=0.5')
    """
    return REGISTRY.describe(name)


def parse_spec(spec: str) -> AgentSpec:
    """Parse a spec against the shared registry (see :meth:`Registry.parse`).

    Example:
        >>> parse_spec("honest:samples=50")
        AgentSpec(name='honest', options={'samples': 50})
    """
    return REGISTRY.parse(spec)


def make(spec: str) -> Agent:
    """Build an agent of the shared registry from a spec (see :meth:`Registry.make`).

    Example:
        >>> make("call")
        CallBot(name='call')
        >>> make("fish:raise_prob=0.2").name
        'fish:raise_prob=0.2'
        >>> make("poker-god")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        baselines.registry.SpecError: no agent named 'poker-god'; registered agents: random, fold, call, maniac, ...
    """
    return REGISTRY.make(spec)


register("random", RandomBot, "uniformly random legal action type; log-uniform bet sizes")
register("fold", FoldBot, "folds to any bet, checks when free")
register("call", CallBot, "calling station: checks or calls, never folds or raises")
register("maniac", ManiacBot, "bets or raises most of the time with pot-fraction sizes; never folds")
register("honest", HonestBot, "equity against a random hand versus pot odds; value-bets strong hands")
register("fish", FishBot, "loose-passive: calls too wide, rarely raises, makes occasional blunders")
register("rule", RuleSkillAgent, "PokerSkill rules only: preflop range tables, then the first viable postflop option")
register(
    "expectiminimax",
    ExpectiminimaxAgent,
    "PokerMan: depth-limited expectiminimax over engine copies, hand-strength utility, learned opponent frequencies",
)
register("cfr", CFRBucketAgent, "CFR+ bucket strategies (LiveGTO method) postflop, preflop range tables")
register("bayes", BayesAgent, "HaRDBot-style Bayesian opponent model over a hand corpus, with an expert system")
register("ppo", PPOAgent, "MaskablePPO on PokerSkill features, league-trained; a numpy forward pass (no torch)")
register(
    "solver",
    SolverAgent,
    "range tables preflop; after the flop, a range-vs-range re-solve of the current street at every decision",
    slow=True,
)
register(
    "llm",
    LLMSkillAgent,
    "PokerSkill prompt answered by a language model over any OpenAI-compatible endpoint",
    service=True,
)
