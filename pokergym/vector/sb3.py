"""Stable-Baselines3 adapter: a :class:`HUNLVectorEnv` as an SB3 ``VecEnv`` (needs the ``rl`` extra).

SB3 algorithms take their own ``VecEnv`` type, not Gymnasium's.
:class:`SB3VecEnv` steps a :class:`~pokergym.vector.HUNLVectorEnv` behind that
interface: observations are the vector's batched dict, ``dones`` its
terminations, each finished table's info carries ``terminal_observation``
(SB3's autoreset is also same-step), and ``env_method("action_masks")``
returns the batched masks, so sb3-contrib's ``MaskablePPO`` masks illegal
actions with no ``ActionMasker``.

On the vector environment's kernel backend there are no per-table
environments: ``get_attr`` reads the vector's ``template`` (the tables'
settings, the same for every table), and ``set_attr`` or ``env_method``
(other than ``action_masks``) raise :class:`~pokergym.errors.ConfigError`.

Example:
    >>> from sb3_contrib import MaskablePPO
    >>> venv = SB3VecEnv(HUNLVectorEnv(2))
    >>> model = MaskablePPO("MultiInputPolicy", venv, n_steps=8, batch_size=16, n_epochs=1,
    ...                     policy_kwargs={"net_arch": [8]}, seed=0)
    >>> model.learn(16).num_timesteps
    16
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import numpy as np
from stable_baselines3.common.vec_env import VecEnv

from pokergym.errors import ConfigError
from pokergym.vector.env import HUNLVectorEnv

__all__ = ["SB3VecEnv"]


class SB3VecEnv(VecEnv):
    """A :class:`HUNLVectorEnv` behind SB3's ``VecEnv`` interface.

    SB3's ``seed(s)`` seeds table ``i`` with ``s + i`` at the next reset, as
    ``HUNLVectorEnv.reset(seed=s)`` does.

    On the kernel backend the adapter steps through
    :meth:`HUNLVectorEnv.step_arrays` (no Gymnasium infos to build) and
    copies the observations and terminations itself: SB3 stores the previous
    step's observation in its rollout buffer only after the next step, so the
    kernel's reused buffers must not reach it.

    Args:
        venv: the vector environment (owned by the adapter from now on).
    """

    def __init__(self, venv: HUNLVectorEnv) -> None:
        """Wrap ``venv``."""
        self.venv = venv
        super().__init__(venv.num_envs, venv.single_observation_space, venv.single_action_space)
        self._actions: np.ndarray = np.zeros(venv.num_envs, dtype=np.int64)

    def reset(self) -> dict[str, np.ndarray]:
        """Reset every table with the pending seeds (see ``seed``)."""
        seeds = self._seeds if any(seed is not None for seed in self._seeds) else None
        observations, infos = self.venv.reset(seed=seeds)
        self._seeds = [None] * self.num_envs
        self.reset_infos = [_row(infos, i) for i in range(self.num_envs)]
        return observations

    def step_async(self, actions: np.ndarray) -> None:
        """Store the actions for :meth:`step_wait`."""
        self._actions = actions

    def step_wait(self) -> tuple[dict[str, np.ndarray], np.ndarray, np.ndarray, list[dict[str, Any]]]:
        """Step every table; finished tables report ``terminal_observation`` and are already reset."""
        rows: list[dict[str, Any]] = [{} for _ in range(self.num_envs)]
        if self.venv.kernel is not None:
            buffers, rewards, terminations, last = self.venv.step_arrays(self._actions)
            observations = {key: array.copy() for key, array in buffers.items()}
            if last is not None:  # one copy of each block; the rows are views of those private copies
                left_observations, left_masks = last["observation"].copy(), last["action_mask"].copy()
                for i in np.flatnonzero(terminations).tolist():
                    final = {"observation": left_observations[i], "action_mask": left_masks[i]}
                    rows[i] = {"terminal_observation": final, "TimeLimit.truncated": False}
            return observations, rewards.astype(np.float32), terminations.copy(), rows
        observations, rewards, terminations, _, infos = self.venv.step(self._actions)
        if "final_obs" in infos:
            for i in np.flatnonzero(infos["_final_obs"]).tolist():
                rows[i] = {"terminal_observation": infos["final_obs"][i], "TimeLimit.truncated": False}
        return observations, rewards.astype(np.float32), terminations, rows

    def close(self) -> None:
        """Close the tables."""
        self.venv.close()

    def get_attr(self, attr_name: str, indices: int | Iterable[int] | None = None) -> list[Any]:
        """An attribute of the selected tables (looked up through their wrappers; the template's on the kernel)."""
        chosen = self._indices(indices)
        if not self.venv.envs:
            return [self.venv.template.get_wrapper_attr(attr_name) for _ in chosen]
        return [self.venv.envs[i].get_wrapper_attr(attr_name) for i in chosen]

    def set_attr(self, attr_name: str, value: Any, indices: int | Iterable[int] | None = None) -> None:
        """Set an attribute of the selected tables (through their wrappers).

        Raises:
            ConfigError: on the kernel backend (its tables are arrays).
        """
        self._tables_needed(f"set {attr_name!r}")
        for i in self._indices(indices):
            self.venv.envs[i].set_wrapper_attr(attr_name, value)

    def env_method(
        self, method_name: str, *method_args: Any, indices: int | Iterable[int] | None = None, **method_kwargs: Any
    ) -> list[Any]:
        """Call a method of the selected tables; ``action_masks`` reads the batched masks directly.

        Raises:
            ConfigError: another method on the kernel backend (its tables are arrays).
        """
        chosen = self._indices(indices)
        if method_name == "action_masks" and not method_args and not method_kwargs:
            masks = self.venv.action_masks()
            return list(masks) if indices is None else [masks[i] for i in chosen]  # list() splits rows in C
        self._tables_needed(f"call {method_name!r}")
        return [self.venv.envs[i].get_wrapper_attr(method_name)(*method_args, **method_kwargs) for i in chosen]

    def env_is_wrapped(self, wrapper_class: type[Any], indices: int | Iterable[int] | None = None) -> list[bool]:
        """Whether the selected tables are wrapped by ``wrapper_class`` (never on the kernel backend)."""
        if not self.venv.envs:
            return [False for _ in self._indices(indices)]
        out = []
        for i in self._indices(indices):
            env = self.venv.envs[i]
            found = False
            while hasattr(env, "env"):
                found = found or isinstance(env, wrapper_class)
                env = env.env
            out.append(found)
        return out

    def _tables_needed(self, what: str) -> None:
        if not self.venv.envs:
            raise ConfigError(
                f"cannot {what} on the kernel backend, which has no per-table environments; "
                "build HUNLVectorEnv(..., backend='python') for that"
            )

    def _indices(self, indices: int | Iterable[int] | None) -> Sequence[int]:
        if indices is None:
            return range(self.num_envs)
        if isinstance(indices, int):
            return [indices]
        return list(indices)


def _row(infos: dict[str, Any], i: int) -> dict[str, Any]:
    """Table ``i``'s entries of a batched info dict (keys the table has)."""
    return {key: value[i] for key, value in infos.items() if not key.startswith("_") and infos[f"_{key}"][i]}
