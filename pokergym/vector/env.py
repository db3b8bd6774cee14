"""``HUNLVectorEnv``: ``num_envs`` tables of ``HUNL-v0`` stepped as one Gymnasium vector environment.

Two backends play the tables; :attr:`HUNLVectorEnv.backend` says which one runs:

* ``"kernel"`` (chosen automatically whenever it applies: the default
  calling-station opponent, the discrete action mode, no wrapper and no
  render mode): the numba kernels of :mod:`pokergym.envs.kernel` step every
  table in one call, with the state of all tables in arrays. Table ``i``
  seeded with ``s`` plays exactly the hands of ``gym.make("HUNL-v0")`` seeded
  with ``s``, observation for observation: both deal from the counter-based
  :mod:`pokergym.engine.dealer` and the kernels port the rules engine, the
  observation encoder and the action codec.
* ``"python"`` (any other opponent, a wrapper, another action mode, a render
  mode, or ``backend="python"``): each table is an ordinary
  :class:`~pokergym.envs.HUNLEnv` (optionally wrapped, e.g. by the
  PokerSkill or equity observation wrappers), stepped in a Python loop
  whose results are written into batch buffers allocated once. Table ``i``
  plays the hands of a single environment because it *is* one.

Autoreset is ``SAME_STEP``: when a table's hand ends, :meth:`~HUNLVectorEnv.step`
resets it at once (unseeded, as a single environment's next ``reset()``), so
the returned observation and mask already belong to the next hand. Rewards
and terminations are those of the finished hand, so every step of the vector
is a learner decision at every table. The finished hands are reported in
``infos`` (empty when no hand ended), with Gymnasium's boolean masks
``infos["_final_obs"]`` and ``infos["_final_info"]``:

* ``infos["final_info"]``: the last info of each finished hand, batched like
  any vector info (``key`` and its mask ``_key``); the reset's
  ``skipped_hands`` and ``skipped_chips`` (hands the opponent ended before the
  learner could act) come in ``infos`` the same way.
* ``infos["final_obs"]``: on the python backend an object array holding the
  finished tables' observation dicts (``None`` elsewhere); on the kernel
  backend, to stay cheap, a dict of batched arrays shaped like the
  observations, whose rows are meaningful only where ``_final_obs`` is true
  (the other rows hold stale values).

The kernel backend's infos hold numbers only: it has no per-hand Python
objects, so ``history`` (the ``ActionRecord`` tuple) is left out,
``payoffs`` is an ``int64 (num_envs, 2)`` array and ``opponent_hole`` an
``int64 (num_envs, 2)`` array of card codes (``-1`` where the cards were not
shown); ``skipped_hands`` is always 0 (the calling station never ends a hand
before the learner acts). Illegal actions with ``illegal_action="raise"``
raise before any table has stepped.

Example:
    >>> env = HUNLVectorEnv(3)
    >>> env.backend
    'kernel'
    >>> obs, info = env.reset(seed=[10, 11, 12])
    >>> obs["observation"].shape, env.action_masks().shape, env.single_action_space
    ((3, 318), (3, 9), Discrete(9))
    >>> obs, rewards, terminations, truncations, info = env.step([1, 1, 1])
    >>> rewards.shape, terminations.dtype, truncations.any()
    ((3,), dtype('bool'), np.False_)
    >>> HUNLVectorEnv(3, backend="python").backend
    'python'
"""

from __future__ import annotations

import copy
import operator
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any, Literal

import gymnasium as gym
import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from pokergym.agents.base import Agent
from pokergym.agents.simple import CallAgent
from pokergym.agents.specs import agent_factory
from pokergym.engine.dealer import seed_key
from pokergym.engine.row_layout import BUTTON, MAX_RAISE_TO, MIN_RAISE_TO, TO_CALL
from pokergym.envs.discrete import DiscreteActions
from pokergym.envs.hunl import HUNLEnv
from pokergym.envs.options import Backend, EnvOptions
from pokergym.errors import ConfigError, HandOverError, IllegalActionError

if TYPE_CHECKING:
    from pokergym.envs.kernel import KernelTables

__all__ = ["Backend", "EnvWrapper", "HUNLVectorEnv", "OpponentSource"]

OpponentSource = Agent | Callable[[], Agent] | str | None
"""An opponent: one agent (deep-copied for every table), a factory called per table, a spec such as
``"honest"`` (one agent built from it per table, see :mod:`pokergym.agents.specs`), or ``None`` (call station)."""
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
    ``s_i`` (``None`` entries continue their table's stream);
    ``reset(seed=s)`` seeds table ``i`` with ``s + i`` (Gymnasium's
    convention); ``reset()`` continues every table's own stream.

    Args:
        num_envs: the number of tables.
        opponent: each table's seat-1 agent (see :data:`OpponentSource`).
        wrap: applied to every table's :class:`~pokergym.envs.HUNLEnv`; only
            wrappers that keep the observation a Dict of ``Box`` entries fit.
        copy: return copies of the observation buffers (``False``: the
            buffers themselves, overwritten by the next call; on the kernel
            backend the same holds for ``infos["final_obs"]``).
        backend: ``"auto"`` (the kernel when it applies, see the module
            docstring), ``"kernel"`` (an error if it does not apply) or ``"python"``.
        **kwargs: the other :class:`~pokergym.envs.HUNLEnv` arguments
            (``config``, ``action_mode``, ``raise_fractions``, ``button``, ...).

    Attributes:
        backend: ``"kernel"`` or ``"python"``, the backend that runs.
        template: a :class:`~pokergym.envs.HUNLEnv` with the tables' settings,
            never stepped (read its spaces, ``codec`` or ``feature_names``).
        envs: the tables of the python backend (read them, do not step them);
            empty on the kernel backend, whose tables live in arrays.
        kernel: the kernel backend's :class:`~pokergym.envs.kernel.KernelTables`
            (its state and output arrays; ``None`` on the python backend).

    Raises:
        ConfigError: ``num_envs`` is below 1, an observation entry is not a
            ``Box``, or ``backend="kernel"`` does not apply.
        AgentSpecError: ``opponent`` is a spec that names no installed agent.
    """

    metadata: dict[str, Any] = {"autoreset_mode": AutoresetMode.SAME_STEP}  # noqa: RUF012 (as in VectorEnv)

    def __init__(
        self,
        num_envs: int,
        opponent: OpponentSource = None,
        *,
        wrap: EnvWrapper | None = None,
        copy: bool = True,
        backend: Backend = "auto",
        **kwargs: Any,
    ) -> None:
        """Build the tables and the batch buffers (see the class docstring)."""
        if isinstance(num_envs, bool) or not isinstance(num_envs, int | np.integer) or num_envs < 1:
            raise ConfigError(f"num_envs must be an integer of at least 1, got {num_envs!r}")
        if backend not in ("auto", "kernel", "python"):
            raise ConfigError(f"backend must be 'auto', 'kernel' or 'python', got {backend!r}")
        self.num_envs = num_envs = int(num_envs)
        self.copy = copy
        options = EnvOptions(**kwargs)  # the tables' settings, checked once
        self.template = HUNLEnv.from_options(replace(options, backend="python"))  # settings and spaces: never plays
        obstacle = _kernel_obstacle(opponent, wrap, self.template)
        if backend == "kernel" and obstacle is not None:
            raise ConfigError(f"the kernel backend does not apply: {obstacle}")
        self.backend: Literal["kernel", "python"] = "kernel" if backend != "python" and obstacle is None else "python"
        self.envs: list[gym.Env[dict[str, Any], Any]] = []
        self.kernel: KernelTables | None = None
        source = agent_factory(opponent) if isinstance(opponent, str) else opponent
        if self.backend == "kernel":
            from pokergym.envs.kernel import KernelTables  # imports numba: only when the kernel runs

            self.kernel = KernelTables(
                num_envs,
                options.config,
                self.template.codec.fractions,  # type: ignore[attr-defined]  # a DiscreteActions (checked)
                options.button,
                None if options.raise_on_illegal else options.penalty,
                options.history_slots,
            )
            single = self.template.observation_space
        else:
            for _ in range(num_envs):
                env: gym.Env[dict[str, Any], Any] = HUNLEnv.from_options(options, _opponent(source))
                self.envs.append(env if wrap is None else wrap(env))
            single = self.envs[0].observation_space
        if not isinstance(single, spaces.Dict) or not all(isinstance(s, spaces.Box) for s in single.spaces.values()):
            raise ConfigError(f"observations must be a Dict of Box entries, got {single}")
        self.single_observation_space = single
        self.single_action_space = self.template.action_space if self.kernel is not None else self.envs[0].action_space
        self.observation_space = batch_space(single, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self._obs: dict[str, np.ndarray]
        if self.kernel is not None:
            self._obs = {"observation": self.kernel.observations, "action_mask": self.kernel.masks}
        else:
            self._obs = {
                key: np.zeros((num_envs, *box.shape), dtype=box.dtype)
                for key, box in single.spaces.items()
                if isinstance(box, spaces.Box)
            }
        self._rewards: np.ndarray = np.zeros(num_envs, dtype=np.float64)
        self._terminations: np.ndarray = np.zeros(num_envs, dtype=np.bool_)
        self._truncations: np.ndarray = np.zeros(num_envs, dtype=np.bool_)
        self._dealt: bool = False  # until the first reset

    def reset(
        self, *, seed: int | Sequence[int | None] | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        """Deal a new hand at every table.

        Args:
            seed: one seed per table, or ``s`` for seeds ``s, s + 1, ...``, or ``None``.
            options: passed to every table's ``reset`` (ignored by ``HUNL-v0`` and the kernel backend).

        Returns:
            The batched observations and the batched reset infos.

        Raises:
            ConfigError: a seed list whose length is not ``num_envs``, or a seed that is not a non-negative integer.
        """
        seeds = self._seeds(seed)
        self._dealt = True
        if seeds[0] is not None:
            self._np_random, self._np_random_seed = gym.utils.seeding.np_random(seeds[0])
        if self.kernel is not None:
            return self._kernel_reset(self.kernel, seeds)
        reset_infos = []
        for i, (env, table_seed) in enumerate(zip(self.envs, seeds, strict=True)):
            observation, info = env.reset(seed=table_seed, options=options)
            self._write(i, observation)
            reset_infos.append(info)
        return self._observations(), self._batched(range(self.num_envs), reset_infos)

    def _seeds(self, seed: int | Sequence[int | None] | None) -> list[int | None]:
        """One seed (or ``None``) per table from :meth:`reset`'s ``seed``, checked."""
        if seed is None or (isinstance(seed, int | np.integer) and not isinstance(seed, bool)):
            seeds: list[object] = [None if seed is None else int(seed) + i for i in range(self.num_envs)]
        else:
            if isinstance(seed, str | bytes) or not isinstance(seed, Sequence | np.ndarray):
                raise ConfigError(f"seed must be an integer, a list of {self.num_envs} or None, got {seed!r}")
            seeds = list(seed)
            if len(seeds) != self.num_envs:
                raise ConfigError(f"expected {self.num_envs} seeds, got {len(seeds)}")
        for table_seed in seeds:
            if table_seed is not None and (
                isinstance(table_seed, bool) or not isinstance(table_seed, int | np.integer) or table_seed < 0
            ):
                raise ConfigError(f"a table's seed is a non-negative integer or None, got {table_seed!r}")
        return [None if s is None else int(s) for s in seeds]  # type: ignore[call-overload]

    def _check_dealt(self) -> None:
        """Raise unless :meth:`reset` has dealt."""
        if not self._dealt:
            raise HandOverError("no hand has been dealt: call reset() first")

    def step(self, actions: Any) -> tuple[dict[str, np.ndarray], np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        """Take one action at every table; tables whose hand ends are reset at once (``SAME_STEP``).

        Args:
            actions: one action per table (a ``(num_envs,)`` array of ids in the discrete mode).

        Returns:
            Observations, rewards, terminations, truncations and infos (see the module docstring).

        Raises:
            IllegalActionError: an action is illegal and the tables use ``illegal_action="raise"``
                (python backend: the tables before it have already stepped; kernel backend: no table has).
            IllegalActionError: the actions are not one per table.
            HandOverError: :meth:`reset` has not been called.
        """
        self._check_dealt()
        if self.kernel is not None:
            return self._kernel_step(self.kernel, actions)  # its ids' shape is checked with their type
        if not hasattr(actions, "__len__") or len(actions) != self.num_envs:
            raise IllegalActionError(f"expected one action per table ({self.num_envs}), got {actions!r}")
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
        self.template.close()

    def _kernel_reset(
        self, kernel: KernelTables, seeds: Sequence[int | None]
    ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        """Reseed the seeded tables and deal everywhere; the reset infos come from the state array."""
        reseed = np.array([s is not None for s in seeds], dtype=np.bool_)
        keys = np.array([0 if s is None else seed_key(operator.index(s)) for s in seeds], dtype=np.uint64)
        kernel.reset(keys, reseed)
        state = kernel.state
        n = self.num_envs
        zeros = np.zeros(n, dtype=np.int64)
        infos: dict[str, Any] = {
            "seat": zeros,
            "button": state[:, BUTTON].copy(),
            "to_call": state[:, TO_CALL].copy(),
            "min_raise_to": state[:, MIN_RAISE_TO].copy(),
            "max_raise_to": state[:, MAX_RAISE_TO].copy(),
            "chips": zeros.copy(),
            "illegal_action": np.zeros(n, dtype=np.bool_),
            "skipped_hands": zeros.copy(),
            "skipped_chips": zeros.copy(),
        }
        everywhere = np.ones(n, dtype=np.bool_)
        for key in list(infos):
            infos[f"_{key}"] = everywhere
        return self._observations(), infos

    def step_arrays(
        self, actions: Any
    ) -> tuple[dict[str, np.ndarray], np.ndarray, np.ndarray, dict[str, np.ndarray] | None]:
        """Step every table without building Gymnasium infos (kernel backend), for trainers that read arrays only.

        Returns:
            The observations, rewards and terminations, then the finished
            tables' last observations batched as in ``infos["final_obs"]``
            (rows valid where ``terminations`` is true), or ``None`` when no
            table finished. All are the kernel's buffers, overwritten by the
            next step.

        Raises:
            ConfigError: on the python backend.
            IllegalActionError: as :meth:`step`.

        Example:
            >>> env = HUNLVectorEnv(2)
            >>> _ = env.reset(seed=0)
            >>> observations, rewards, terminations, last = env.step_arrays([1, 1])
            >>> observations["observation"].shape, rewards.dtype, last is None or last["observation"].shape == (2, 318)
            ((2, 318), dtype('float64'), True)
        """
        kernel = self.kernel
        if kernel is None:
            raise ConfigError("step_arrays needs the kernel backend; call step() on the python backend")
        self._check_dealt()
        ended = self._advance(kernel, actions)
        final: dict[str, np.ndarray] | None = None
        if ended:
            final = {"observation": kernel.final_observations, "action_mask": kernel.final_masks}
        return self._obs, kernel.rewards, kernel.terminations, final

    def _advance(self, kernel: KernelTables, actions: Any) -> int:
        """Check the ids and call the step kernel; the number of tables whose hand ended."""
        ids = np.asarray(actions)
        n = self.num_envs
        if ids.shape != (n,):
            raise IllegalActionError(f"expected one action per table ({n}), got an array of shape {ids.shape}")
        if ids.dtype.kind not in "iu":  # no id at all: illegal at every table
            if kernel.penalty_mode:
                ids = np.full(n, -1, dtype=np.int64)
            else:
                raise IllegalActionError(f"discrete actions are integer ids, got an array of {ids.dtype}")
        ended = kernel.step(ids.astype(np.int64, copy=False))
        if ended < 0:
            bad = -1 - ended
            legal = np.flatnonzero(kernel.masks[bad]).tolist()
            raise IllegalActionError(
                f"action id {ids[bad]!r} is not legal at table {bad}; legal ids: {legal} (no table has stepped)"
            )
        return ended

    def _kernel_step(
        self, kernel: KernelTables, actions: Any
    ) -> tuple[dict[str, np.ndarray], np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        """One call of the step kernel, then the infos of the finished hands as arrays."""
        ended = self._advance(kernel, actions)
        n = self.num_envs
        infos: dict[str, Any] = {}
        if ended:
            own = self.copy
            done = kernel.terminations.copy()
            illegal = kernel.final_illegal.copy() if own else kernel.final_illegal
            settled = done & ~illegal
            zeros = np.zeros(n, dtype=np.int64)
            payoffs = kernel.final_payoffs.copy() if own else kernel.final_payoffs
            final_info: dict[str, Any] = {
                "seat": zeros,
                "button": kernel.final_button.copy() if own else kernel.final_button,
                "to_call": zeros,
                "min_raise_to": zeros,
                "max_raise_to": zeros,
                "chips": payoffs[:, 0],
                "illegal_action": illegal,
                "payoffs": payoffs,
                "showdown": kernel.final_showdown.copy() if own else kernel.final_showdown,
                "opponent_hole": kernel.final_hole.copy() if own else kernel.final_hole,
            }
            for key in list(final_info):
                final_info[f"_{key}"] = settled if key in ("payoffs", "showdown", "opponent_hole") else done
            final_obs: dict[str, np.ndarray] = {
                "observation": kernel.final_observations,
                "action_mask": kernel.final_masks,
            }
            if own:
                final_obs = {key: array.copy() for key, array in final_obs.items()}
            infos = {
                "skipped_hands": zeros,
                "_skipped_hands": done,
                "skipped_chips": zeros,
                "_skipped_chips": done,
                "final_obs": final_obs,
                "_final_obs": done,
                "final_info": final_info,
                "_final_info": done,
            }
        return (
            self._observations(),
            kernel.rewards.copy(),
            done if ended else kernel.terminations.copy(),
            self._truncations.copy(),
            infos,
        )

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


def _kernel_obstacle(opponent: OpponentSource, wrap: EnvWrapper | None, template: HUNLEnv) -> str | None:
    """Why the kernel backend cannot play these tables, or ``None`` when it can."""
    if opponent is not None and type(opponent) is not CallAgent:
        return f"the kernel plays the calling station only, got opponent {opponent!r}"
    if wrap is not None:
        return "the tables are wrapped"
    if not isinstance(template.codec, DiscreteActions):
        return "the kernel supports the discrete action mode only"
    if template.render_mode is not None:
        return "rendering needs the python tables"
    return None


def _mask(size: int, rows: Sequence[int]) -> np.ndarray:
    """A boolean array of ``size`` that is true at ``rows``."""
    mask = np.zeros(size, dtype=np.bool_)
    mask[list(rows)] = True
    return mask


def _opponent(source: Agent | Callable[[], Agent] | None) -> Agent | None:
    """One table's opponent: a copy of an agent, a factory's product, or ``None`` for the default."""
    if source is None or isinstance(source, Agent):
        return copy.deepcopy(source)
    return source()
