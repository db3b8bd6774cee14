"""Agent specs for the arena: re-exports of :mod:`pokergym.agents.specs`.

Specs are resolved through the installed ``pokergym.agents`` entry points
(``baselines`` declares its registry there); ``pokergym`` never imports
``baselines`` itself.
"""

from __future__ import annotations

from pokergym.agents.specs import resolve_agent, resolve_agents

__all__ = ["resolve_agent", "resolve_agents"]
