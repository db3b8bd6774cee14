"""Gymnasium and PettingZoo observation wrappers built on the PokerSkill context engine.

Each wrapper adds one entry to the Dict observation (``observation`` and
``action_mask`` are left untouched), computed from the observing seat's own
view, and declares it in the observation space:

* :class:`PokerSkillObservation` (``"pokerskill"``): labels, classes,
  budgets, pressure, SPR and viable options as a float vector with
  ``feature_names``;
* :class:`EquityObservation` (``"equity"``): equity against a random hand;
* :class:`SkillPromptObservation` (``"prompt"``): the PokerSkill (or default)
  prompt text.

The classes wrap ``gym.make("HUNL-v0")`` (the learner's seat); the ``...AEC``
variants wrap the ``hunl_v0`` PettingZoo AEC environment (every agent's
seat). Wrappers stack.

Example:
    >>> import gymnasium as gym
    >>> import pokergym
    >>> env = SkillPromptObservation(EquityObservation(PokerSkillObservation(gym.make("HUNL-v0"))))
    >>> obs, info = env.reset(seed=1)
    >>> sorted(obs)
    ['action_mask', 'equity', 'observation', 'pokerskill', 'prompt']
"""

from pokergym.wrappers.equity import EquityFeature, EquityObservation, EquityObservationAEC
from pokergym.wrappers.pokerskill import (
    FEATURE_NAMES,
    N_FEATURES,
    PokerSkillFeature,
    PokerSkillObservation,
    PokerSkillObservationAEC,
    skill_vector,
)
from pokergym.wrappers.prompt import PromptFeature, SkillPromptObservation, SkillPromptObservationAEC

__all__ = [
    "FEATURE_NAMES",
    "N_FEATURES",
    "EquityFeature",
    "EquityObservation",
    "EquityObservationAEC",
    "PokerSkillFeature",
    "PokerSkillObservation",
    "PokerSkillObservationAEC",
    "PromptFeature",
    "SkillPromptObservation",
    "SkillPromptObservationAEC",
    "skill_vector",
]
