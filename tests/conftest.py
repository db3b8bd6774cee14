"""Fixtures shared by the test folders."""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from importlib.metadata import EntryPoint
from pathlib import Path
from typing import Any

import pytest

from pokergym.agents.specs import ENTRY_POINT_GROUP

PYPROJECT = Path(__file__).resolve().parents[1] / "pyproject.toml"


@pytest.fixture
def agent_entry_points(monkeypatch: pytest.MonkeyPatch) -> Callable[[list[Any]], None]:
    """A function making the spec resolver see exactly the given ``pokergym.agents`` entry points."""

    def install(points: list[Any]) -> None:
        def fake(*, group: str) -> list[Any]:
            return list(points) if group == ENTRY_POINT_GROUP else []

        monkeypatch.setattr("pokergym.agents.specs.entry_points", fake)

    return install


@pytest.fixture
def declared_agent_providers(agent_entry_points: Callable[[list[Any]], None]) -> list[EntryPoint]:
    """Resolve specs through the providers pyproject.toml declares (what ``pip install`` registers),
    whatever the metadata of the installed copy says."""
    table = tomllib.loads(PYPROJECT.read_text())["project"]["entry-points"][ENTRY_POINT_GROUP]
    points = [EntryPoint(name, value, ENTRY_POINT_GROUP) for name, value in table.items()]
    agent_entry_points(points)
    return points
