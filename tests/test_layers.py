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
    """``baselines`` sits above ``pokergym``; specs reach it through the ``pokergym.agents`` entry points."""
    breaches = [
        f"{path.relative_to(PACKAGE.parent)} imports {name}"
        for path in sorted(PACKAGE.rglob("*.py"))
        if path != PACKAGE / "cli.py"
        for name in imported_names(path)
        if name == "baselines" or name.startswith("baselines.")
    ]
    assert not breaches, "\n".join(breaches)
