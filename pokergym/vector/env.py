"""``HUNLVectorEnv``: ``num_envs`` tables of ``HUNL-v0`` stepped as one Gymnasium vector environment.

Each table is an ordinary :class:`~pokergym.envs.HUNLEnv` (optionally
wrapped, e.g. by the PokerSkill or equity observation wrappers); the vector
environment steps them in a Python loop and writes their results into
batch buffers allocated once. Table ``i`` seeded with ``s`` plays exactly the
hands of ``gym.make("HUNL-v0")`` seeded with ``s``, decision for decision,
because it *is* such an environment.

Autoreset is ``SAME_STEP``: when a table's hand ends, :meth:`~HUNLVectorEnv.step`
resets it at once (unseeded, as a single environment's next ``reset()``), so
the returned observation and mask already belong to the next hand. The last
observation and info of the finished hand are in ``infos["final_obs"]``
(an object array; ``None`` for tables that did not finish) and
``infos["final_info"]`` (batched like any vector info), with the boolean masks
``infos["_final_obs"]`` and ``infos["_final_info"]``; the reset's
``skipped_hands`` and ``skipped_chips`` (hands the opponent ended before the
learner could act) come in the same way. Rewards and terminations are those
of the finished hand, so every step of the vector is a learner decision at
every table.

Example:
    >>> env = HUNLVectorEnv(3)
    >>> obs, info = env.reset(seed=[10, 11, 12])
    >>> obs["observation"].shape, env.action_masks().shape, env.single_action_space
    ((3, 318), (3, 9), Discrete(9))
    >>> obs, rewards, terminations, truncations, info = env.step([1, 1, 1])
    >>> rewards.shape, terminations.dtype, truncations.any()
    ((3,), dtype('bool'), np.False_)
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Sequence
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from pokergym.agents.base import Agent
from pokergym.envs.hunl import HUNLEnv
from pokergym.errors import ConfigError

__all__ = ["EnvWrapper", "HUNLVectorEnv", "OpponentSource"]

OpponentSource = Agent | Callable[[], Agent] | None
"""An opponent: one agent (deep-copied for every table), a factory called per table, or ``None`` (call station)."""
EnvWrapper = Callable[[gym.Env[dict[str, Any], Any]], gym.Env[dict[str, Any], Any]]
"""A function wrapping one table's environment, e.g. ``PokerSkillObservation``."""


class HUNLVectorEnv(VectorEnv[dict[str, np.ndarray], np.ndarray, np.ndarray]):
    """``num_envs`` independent ``HUNL-v0`` tables, each against its own copy of the opponent.

    Observations are a dict of batched arrays, one per key of the single
    observation (``observation`` of shape ``(num_envs, n)``, ``action_mask``
    of shape ``(num_envs, m)``, and any entry the wrappers add); rewards are
    ``float64`` big blinds, terminations and truncations booleans (never a
    truncation: a hand always ends). :meth:`action_masks` gives the legal
    actions of every table as a boolean ``(num_envs, m)`` array, the form
    sb3-contrib's ``MaskablePPO`` expects.

    Seeding: ``reset(seed=[s_0, ..., s_{N-1}])`` seeds table ``i`` with
    ``s_i``; ``reset(seed=s)`` seeds table ``i`` with ``s + i`` (Gymnasium's
    convention); ``reset()`` continues every table's own stream.

    Args:
        num_envs: the number of tables.
        opponent: each table's seat-1 agent (see :data:`OpponentSource`).
        wrap: applied to every table's :class:`~pokergym.envs.HUNLEnv`; only
            wrappers that keep the observation a Dict of ``Box`` entries fit.
        copy: return copies of the observation buffers (``False``: the
            buffers themselves, overwritten by the next call).
        **kwargs: the other :class:`~pokergym.envs.HUNLEnv` arguments
            (``config``, ``action_mode``, ``raise_fractions``, ``button``, ...).

    Attributes:
        envs: the tables (read them, do not step them).

    Raises:
        ConfigError: ``num_envs`` is below 1, or an observation entry is not a ``Box``.
    """

    metadata: dict[str, Any] = {"autoreset_mode": AutoresetMode.SAME_STEP}  # noqa: RUF012 (as in VectorEnv)

    def __init__(
        self,
        num_envs: int,
        opponent: OpponentSource = None,
        *,
        wrap: EnvWrapper | None = None,
        copy: bool = True,
        **kwargs: Any,
    ) -> None:
        """Build the tables and the batch buffers (see the class docstring)."""
        if num_envs < 1:
            raise ConfigError(f"num_envs must be at least 1, got {num_envs}")
        self.num_envs = num_envs
        self.copy = copy
        self.envs: list[gym.Env[dict[str, Any], Any]] = []
        for _ in range(num_envs):
            env: gym.Env[dict[str, Any], Any] = HUNLEnv(_opponent(opponent), **kwargs)
            self.envs.append(env if wrap is None else wrap(env))
        single = self.envs[0].observation_space
        if not isinstance(single, spaces.Dict) or not all(isinstance(s, spaces.Box) for s in single.spaces.values()):
            raise ConfigError(f"observations must be a Dict of Box entries, got {single}")
        self.single_observation_space = single
        self.single_action_space = self.envs[0].action_space
        self.observation_space = batch_space(single, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self._obs = {
            key: np.zeros((num_envs, *box.shape), dtype=box.dtype)
            for key, box in single.spaces.items()
            if isinstance(box, spaces.Box)
        }
        self._rewards = np.zeros(num_envs, dtype=np.float64)
        self._terminations = np.zeros(num_envs, dtype=np.bool_)
        self._truncations = np.zeros(num_envs, dtype=np.bool_)

    def reset(
        self, *, seed: int | Sequence[int | None] | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        """Deal a new hand at every table.

        Args:
            seed: one seed per table, or ``s`` for seeds ``s, s + 1, ...``, or ``None``.
            options: passed to every table's ``reset``.

        Returns:
            The batched observations and the batched reset infos.

        Raises:
            ConfigError: a seed list whose length is not ``num_envs``.
        """
        if seed is None or isinstance(seed, int):
            seeds: list[int | None] = [None if seed is None else seed + i for i in range(self.num_envs)]
        else:
            seeds = list(seed)
            if len(seeds) != self.num_envs:
                raise ConfigError(f"expected {self.num_envs} seeds, got {len(seeds)}")
        if seeds[0] is not None:
            self._np_random, self._np_random_seed = gym.utils.seeding.np_random(seeds[0])
        reset_infos = []
        for i, (env, table_seed) in enumerate(zip(self.envs, seeds, strict=True)):
            observation, info = env.reset(seed=table_seed, options=options)
            self._write(i, observation)
            reset_infos.append(info)
        return self._observations(), self._batched(range(self.num_envs), reset_infos)

    def step(self, actions: Any) -> tuple[dict[str, np.ndarray], np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        """Take one action at every table; tables whose hand ends are reset at once (``SAME_STEP``).

        Args:
            actions: one action per table (a ``(num_envs,)`` array of ids in the discrete mode).

        Returns:
            Observations, rewards, terminations, truncations and infos (see the module docstring).

        Raises:
            IllegalActionError: an action is illegal and the tables use ``illegal_action="raise"``
                (the tables before it have already stepped).
        """
        rewards = self._rewards
        terminations = self._terminations
        finished: list[int] = []
        final_obs: list[dict[str, Any]] = []
        final_infos: list[dict[str, Any]] = []
        reset_infos: list[dict[str, Any]] = []
        for i, env in enumerate(self.envs):
            observation, reward, terminated, _, info = env.step(actions[i])
            rewards[i] = reward
            terminations[i] = terminated
            if terminated:
                finished.append(i)
                final_obs.append(observation)
                final_infos.append(info)
                observation, info = env.reset()
                reset_infos.append({"skipped_hands": info["skipped_hands"], "skipped_chips": info["skipped_chips"]})
            self._write(i, observation)
        infos: dict[str, Any] = {}
        if finished:
            infos = self._batched(finished, reset_infos)
            infos["final_obs"] = np.full(self.num_envs, None, dtype=object)
            for i, observation in zip(finished, final_obs, strict=True):
                infos["final_obs"][i] = observation
            infos["_final_obs"] = infos["_final_info"] = _mask(self.num_envs, finished)
            infos["final_info"] = self._batched(finished, final_infos)
        return self._observations(), rewards.copy(), terminations.copy(), self._truncations.copy(), infos

    def action_masks(self) -> np.ndarray:
        """The legal actions of every table, a boolean ``(num_envs, m)`` array (for ``MaskablePPO``)."""
        return self._obs["action_mask"].astype(np.bool_)

    def close_extras(self, **kwargs: Any) -> None:
        """Close every table."""
        for env in self.envs:
            env.close()

    def _write(self, i: int, observation: dict[str, Any]) -> None:
        for key, array in self._obs.items():
            array[i] = observation[key]

    def _batched(self, tables: Sequence[int], infos: Sequence[dict[str, Any]]) -> dict[str, Any]:
        """Gymnasium's batched info of ``infos[k]`` from table ``tables[k]``: ``key`` and its mask ``_key``.

        Numbers go into arrays of their type, anything else into object arrays
        (``VectorEnv._add_info``'s layout, built one key at a time).
        """
        out: dict[str, Any] = {}
        for key in dict.fromkeys(key for info in infos for key in info):
            rows = [(i, info[key]) for i, info in zip(tables, infos, strict=True) if key in info]
            first = rows[0][1]
            numeric = type(first) in (int, float, bool) or isinstance(first, np.number)
            array = np.zeros(self.num_envs, dtype=type(first)) if numeric else np.full(self.num_envs, None, object)
            for i, value in rows:
                array[i] = value
            out[key] = array
            out[f"_{key}"] = _mask(self.num_envs, [i for i, _ in rows])
        return out

    def _observations(self) -> dict[str, np.ndarray]:
        if self.copy:
            return {key: array.copy() for key, array in self._obs.items()}
        return self._obs


def _mask(size: int, rows: Sequence[int]) -> np.ndarray:
    """A boolean array of ``size`` that is true at ``rows``."""
    mask = np.zeros(size, dtype=np.bool_)
    mask[list(rows)] = True
    return mask


def _opponent(source: OpponentSource) -> Agent | None:
    """One table's opponent: a copy of an agent, a factory's product, or ``None`` for the default."""
    if source is None or isinstance(source, Agent):
        return copy.deepcopy(source)
    return source()
