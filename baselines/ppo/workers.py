"""League tables spread over worker processes, behind Stable-Baselines3's ``VecEnv`` interface.

Each worker process builds a :class:`~baselines.ppo.train.LeagueTables` (its own
league and ``num_envs / workers`` tables) and answers the learner's commands
over a pipe: seed, reset, step, action masks, add a snapshot, report or
restore the league statistics. Observations are concatenated in worker
order, so table ``i`` is table ``i % per`` of worker ``i // per``. Used by
the league trainer when ``workers > 0`` (a many-core machine); with
``workers=0`` every table runs in the learner's process.
"""

from __future__ import annotations

import multiprocessing as mp
from collections.abc import Iterable, Sequence
from multiprocessing.connection import Connection
from typing import Any

import numpy as np
from stable_baselines3.common.vec_env.base_vec_env import VecEnv

from baselines.ppo.network import PolicyNetwork
from pokergym.errors import ConfigError

__all__ = ["ProcessLeagueEnv"]


def _serve(pipe: Connection, count: int, opponents: Sequence[str], temperature: float, allin_reward: bool) -> None:
    from baselines.ppo.train import LeagueTables

    tables = LeagueTables(count, opponents, temperature, allin_reward)
    env = tables.env
    while True:
        command, data = pipe.recv()
        if command == "step":
            env.step_async(data)
            pipe.send(env.step_wait())
        elif command == "masks":
            pipe.send(np.stack(env.env_method("action_masks")))
        elif command == "reset":
            pipe.send(env.reset())
        elif command == "seed":
            env.seed(data)
            pipe.send(None)
        elif command == "snapshot":
            tables.add_snapshot(*data)
            pipe.send(None)
        elif command == "exploiter":
            tables.set_exploiter(*data)
            pipe.send(None)
        elif command == "stats":
            pipe.send(tables.stats())
        elif command == "restore":
            tables.restore(data)
            pipe.send(None)
        elif command == "close":
            env.close()
            pipe.send(None)
            return


class ProcessLeagueEnv(VecEnv):
    """``num_envs`` league tables over ``workers`` processes (see the module docstring).

    Raises:
        ConfigError: if ``num_envs`` is not a positive multiple of ``workers``.
    """

    def __init__(
        self,
        num_envs: int,
        workers: int,
        opponents: Sequence[str],
        temperature: float = 2.0,
        allin_reward: bool = False,
    ) -> None:
        """Start the workers and read the spaces from a local copy of one table."""
        if workers < 1 or num_envs < workers or num_envs % workers:
            raise ConfigError(f"num_envs ({num_envs}) must be a positive multiple of workers ({workers})")
        from baselines.ppo.train import LeagueTables

        probe = LeagueTables(1, opponents, temperature, allin_reward).env
        super().__init__(num_envs, probe.observation_space, probe.action_space)
        probe.close()
        self.per = num_envs // workers
        context = mp.get_context("spawn")
        self.pipes: list[Connection] = []
        self.processes = []
        for _ in range(workers):
            mine, theirs = context.Pipe()
            process = context.Process(
                target=_serve, args=(theirs, self.per, tuple(opponents), temperature, allin_reward), daemon=True
            )
            process.start()
            theirs.close()
            self.pipes.append(mine)
            self.processes.append(process)
        self.closed = False

    def _all(self, command: str, data: Any = None) -> list[Any]:
        for pipe in self.pipes:
            pipe.send((command, data))
        return [pipe.recv() for pipe in self.pipes]

    def seed(self, seed: int | None = None) -> Sequence[int | None]:
        """Seed table ``i`` with ``seed + i`` at the next reset."""
        for k, pipe in enumerate(self.pipes):
            pipe.send(("seed", None if seed is None else seed + k * self.per))
        for pipe in self.pipes:
            pipe.recv()
        return [None] * self.num_envs

    def reset(self) -> dict[str, np.ndarray]:
        """Reset every table."""
        parts = self._all("reset")
        return {key: np.concatenate([part[key] for part in parts]) for key in parts[0]}

    def step_async(self, actions: np.ndarray) -> None:
        """Send each worker its tables' actions."""
        for k, pipe in enumerate(self.pipes):
            pipe.send(("step", actions[k * self.per : (k + 1) * self.per]))

    def step_wait(self) -> tuple[dict[str, np.ndarray], np.ndarray, np.ndarray, list[dict[str, Any]]]:
        """Gather the workers' steps."""
        parts = [pipe.recv() for pipe in self.pipes]
        observations = {key: np.concatenate([part[0][key] for part in parts]) for key in parts[0][0]}
        rewards = np.concatenate([part[1] for part in parts])
        dones = np.concatenate([part[2] for part in parts])
        infos = [info for part in parts for info in part[3]]
        return observations, rewards, dones, infos

    def add_snapshot(self, name: str, network: PolicyNetwork, keep: int) -> None:
        """Add a frozen policy to every worker's league."""
        self._all("snapshot", (name, network, keep))

    def set_exploiter(self, name: str, network: PolicyNetwork, share: float, samples: int, keep: int = 1) -> None:
        """Add an exploiter aimed at ``network`` in every worker (see ``LeagueTables.set_exploiter``)."""
        self._all("exploiter", (name, network, share, samples, keep))

    def stats(self) -> dict[str, tuple[int, float]]:
        """The members' hands and the learner's mean big blinds per hand, pooled over the workers."""
        pooled: dict[str, tuple[int, float]] = {}
        for part in self._all("stats"):
            for name, (hands, mean) in part.items():
                before, total = pooled.get(name, (0, 0.0))
                pooled[name] = (before + hands, total + hands * mean)
        return {name: (hands, total / hands if hands else 0.0) for name, (hands, total) in pooled.items()}

    def restore(self, stats: dict[str, tuple[int, float]]) -> None:
        """Give every worker's league the pooled statistics (a resumed run)."""
        self._all("restore", stats)

    def close(self) -> None:
        """Stop the workers."""
        if self.closed:
            return
        self._all("close")
        for process in self.processes:
            process.join(timeout=10)
        self.closed = True

    def env_method(
        self, method_name: str, *method_args: Any, indices: int | Iterable[int] | None = None, **method_kwargs: Any
    ) -> list[Any]:
        """Only ``action_masks`` (what MaskablePPO asks for).

        Raises:
            ConfigError: for any other method.
        """
        if method_name != "action_masks":
            raise ConfigError(f"ProcessLeagueEnv answers only action_masks, not {method_name!r}")
        masks = np.concatenate(self._all("masks"))
        chosen = range(self.num_envs) if indices is None else [indices] if isinstance(indices, int) else indices
        return [masks[i] for i in chosen]

    def has_attr(self, attr_name: str) -> bool:
        """Whether the tables have ``attr_name`` (only ``action_masks`` is reachable)."""
        return attr_name == "action_masks"

    def get_attr(self, attr_name: str, indices: int | Iterable[int] | None = None) -> list[Any]:
        """Only ``render_mode`` (``None``: the tables do not render), which SB3 reads at construction.

        Raises:
            ConfigError: for any other attribute.
        """
        if attr_name == "render_mode":
            return [None] * self.num_envs
        raise ConfigError(f"ProcessLeagueEnv does not read table attributes ({attr_name!r})")

    def set_attr(self, attr_name: str, value: Any, indices: int | Iterable[int] | None = None) -> None:
        """Not available across processes.

        Raises:
            ConfigError: always.
        """
        raise ConfigError(f"ProcessLeagueEnv does not set table attributes ({attr_name!r})")

    def env_is_wrapped(self, wrapper_class: type[Any], indices: int | Iterable[int] | None = None) -> list[bool]:
        """Never reported as wrapped (the tables' wrappers live in the workers)."""
        return [False] * self.num_envs
