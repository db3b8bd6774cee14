"""Stand-in agent providers and entry points of the ``pokergym.agents`` group."""

from __future__ import annotations

from typing import Any

from pokergym.agents import CallAgent, RandomAgent
from pokergym.agents.base import Agent
from pokergym.agents.specs import ENTRY_POINT_GROUP


class TinyProvider:
    """A provider of two pokergym agents, ``call`` and ``random``; records the specs it was asked for."""

    def __init__(self) -> None:
        self.specs: list[str] = []

    def names(self) -> tuple[str, ...]:
        return ("call", "random")

    def make(self, spec: str) -> Agent:
        self.specs.append(spec)
        return CallAgent() if spec.startswith("call") else RandomAgent()


class FakeEntryPoint:
    """An entry point whose ``load`` returns ``target`` (or raises it, if it is an exception)."""

    def __init__(self, name: str, target: Any) -> None:
        self.name = name
        self.value = f"tests:{name}"
        self.group = ENTRY_POINT_GROUP
        self._target = target

    def load(self) -> Any:
        if isinstance(self._target, BaseException):
            raise self._target
        return self._target
