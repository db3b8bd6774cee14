"""Imports point down: each part of ``pokergym`` imports only the parts below it (typing-only imports included).

The layers, bottom first (the README's design section names the main chain; parts
on one layer do not import each other). A new subpackage must be placed
here, so the test fails until it is.
"""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "pokergym"

LAYERS: tuple[tuple[str, ...], ...] = (
    ("errors", "_jit"),
    ("cards",),
    ("evaluator",),
    ("engine",),
    ("agents", "context", "solver"),
    ("envs", "arena"),
    ("pettingzoo", "vector"),
    ("wrappers", "web"),
    ("cli",),
)
RANK = {part: rank for rank, parts in enumerate(LAYERS) for part in parts}


def part_of(module: str) -> str | None:
    """The part (top-level subpackage or module under ``pokergym``) a dotted module name lies in."""
    names = module.split(".")
    return names[1] if names[0] == "pokergym" and len(names) > 1 else None


def imported_modules(path: Path) -> set[str]:
    """Every ``pokergym`` module a file imports, relative imports resolved."""
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    package = list(parts[:-1])  # the package a relative import starts from (for __init__.py: its own)
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - (node.level - 1)]
                found.add(".".join([*base, *([node.module] if node.module else [])]))
            elif node.module:
                found.add(node.module)
    return {name for name in found if name.startswith("pokergym.")}


def test_every_part_is_on_a_layer() -> None:
    parts = {p.stem for p in PACKAGE.glob("*.py")} | {p.parent.name for p in PACKAGE.glob("*/__init__.py")}
    parts -= {"__init__", "__main__"}
    assert parts <= set(RANK), sorted(parts - set(RANK))


def test_imports_point_down() -> None:
    upward = []
    for path in sorted(PACKAGE.rglob("*.py")):
        source = part_of(".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts))
        if source in (None, "__init__", "__main__"):
            continue
        for name in imported_modules(path):
            target = part_of(name)
            if target is None or target == source or target not in RANK:
                continue
            if RANK[target] >= RANK[source]:
                upward.append(f"{path.relative_to(PACKAGE.parent)} imports {name}")
    assert not upward, "\n".join(upward)


def imported_names(path: Path) -> set[str]:
    """Every absolute module name a file imports (at any depth, function-level imports included)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found.add(node.module)
    return found


def test_only_the_cli_imports_baselines() -> None:
    """``baselines`` sits above ``pokergym``; specs reach it through the ``pokergym.agents`` entry points.

    The composition root (``cli.py``, and ``web/``, which the CLI starts) is the only exception.
    """
    breaches = [
        f"{path.relative_to(PACKAGE.parent)} imports {name}"
        for path in sorted(PACKAGE.rglob("*.py"))
        if path != PACKAGE / "cli.py" and TOP_ONLY[1] not in path.relative_to(PACKAGE).parts[:1]
        for name in imported_names(path)
        if name == "baselines" or name.startswith("baselines.")
    ]
    assert not breaches, "\n".join(breaches)


BASELINES = PACKAGE.parent / "baselines"
TOP_ONLY = ("cli", "web")
"""The parts of ``pokergym`` above ``baselines``: the composition root."""


def baselines_part(module: str) -> str | None:
    """The part (top-level subpackage or module under ``baselines``) a dotted module name lies in."""
    names = module.split(".")
    return names[1] if names[0] == "baselines" and len(names) > 1 else None


def test_baselines_use_pokergym_below_the_composition_root() -> None:
    """``baselines`` may use the arena and everything under it, never the CLI or the web front end."""
    breaches = [
        f"{path.relative_to(BASELINES.parent)} imports {name}"
        for path in sorted(BASELINES.rglob("*.py"))
        for name in imported_names(path)
        if part_of(name) in TOP_ONLY
    ]
    assert not breaches, "\n".join(breaches)


def test_baselines_parts_import_without_cycles() -> None:
    """The parts of ``baselines`` (``bayes``, ``cfr``, ``registry``, ...) import each other without a cycle.

    The registry sits on top (it imports every agent); nothing below it may
    reach back, not even in a function (the Bayes corpus builds its bots directly).
    """
    edges: dict[str, set[str]] = {}
    for path in sorted(BASELINES.rglob("*.py")):
        source = baselines_part(".".join(path.relative_to(BASELINES.parent).with_suffix("").parts))
        if source in (None, "__init__"):
            continue
        targets = {baselines_part(name) for name in imported_names(path)} - {None, source, "__init__"}
        edges.setdefault(source, set()).update(t for t in targets if t is not None)
    done: set[str] = set()

    def visit(part: str, trail: tuple[str, ...]) -> None:
        assert part not in trail, "import cycle: " + " -> ".join((*trail, part))
        if part in done:
            return
        for target in sorted(edges.get(part, ())):
            visit(target, (*trail, part))
        done.add(part)

    for part in sorted(edges):
        visit(part, ())
    assert "registry" not in {t for part, targets in edges.items() for t in targets}


def test_the_readme_design_chain_matches_the_layers() -> None:
    """The design section's chain (``baselines`` -> ``pokergym.arena`` -> ...) points down the layers above."""
    readme = (PACKAGE.parent / "README.md").read_text(encoding="utf-8")
    line = " ".join(readme.split("imports point down (", 1)[1].split(")", 1)[0].split())
    steps = [step.strip().strip("`") for step in line.split("->")]
    assert steps[0] == "baselines", line
    parts = [part_of(option) for step in steps[1:] for option in step.replace("`", "").split("/")]
    assert None not in parts and all(part in RANK for part in parts), line
    ranks = [max(RANK[part_of(o) or ""] for o in step.replace("`", "").split("/")) for step in steps[1:]]
    assert ranks == sorted(ranks, reverse=True), f"the chain {line!r} does not point down the layers"
