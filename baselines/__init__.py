"""Baseline agents for pokergym, found by name through :mod:`baselines.registry`.

Example:
    >>> import baselines
    >>> baselines.make("honest:samples=100").name
    'honest:samples=100'
"""

from baselines.policy import ActionDistribution, DistributionAgent, PolicyAgent
from baselines.registry import (
    REGISTRY,
    AgentInfo,
    AgentSpec,
    OptionInfo,
    Registry,
    SpecError,
    describe,
    make,
    names,
    parse_spec,
    register,
)
from baselines.simple import CallBot, FishBot, FoldBot, HonestBot, ManiacBot, RandomBot

__all__ = [
    "REGISTRY",
    "ActionDistribution",
    "AgentInfo",
    "AgentSpec",
    "CallBot",
    "DistributionAgent",
    "FishBot",
    "FoldBot",
    "HonestBot",
    "ManiacBot",
    "OptionInfo",
    "PolicyAgent",
    "RandomBot",
    "Registry",
    "SpecError",
    "describe",
    "make",
    "names",
    "parse_spec",
    "register",
]
