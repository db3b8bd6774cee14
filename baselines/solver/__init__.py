"""A range-vs-range re-solving agent: a preflop by seat, then :mod:`pokergym.solver` on each postflop street.

:class:`SolverAgent` (registered as ``solver``) is described in
:mod:`baselines.solver.agent`; the range bookkeeping is in
:mod:`baselines.solver.ranges`.

Example:
    >>> from baselines.solver import SolverAgent
    >>> SolverAgent().name, SolverAgent().reproducible, SolverAgent(budget_ms=1000).reproducible
    ('solver', True, False)
"""

from __future__ import annotations

from baselines.solver.agent import SolverAgent

__all__ = ["SolverAgent"]
