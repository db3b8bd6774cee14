"""Heads-up no-limit hold'em as a PettingZoo AEC environment.

| Creation           | ``from pokergym.pettingzoo import hunl_v0; env = hunl_v0.env()``      |
|--------------------|------------------------------------------------------------------------|
| Agents             | ``["player_0", "player_1"]`` (seats 0 and 1)                           |
| Actions            | ``Discrete(9)`` by default; ``Box(-1, 1, (2,))`` or ``MultiDiscrete``   |
| Observation        | ``Dict(observation=Box(float32, (318,)), action_mask=Box(int8, (9,)))`` |
| Episode            | one hand, 200 BB stacks, blinds 50/100, the button alternating         |

Rules, observation and actions are exactly those of ``gym.make("HUNL-v0")``
(:class:`pokergym.envs.hunl.HUNLEnv`, whose docstring tabulates all 318
observation indices): one rules engine, one encoder. One difference: an
action outside the action space is refused here with an
:class:`~pokergym.errors.IllegalActionError` (:class:`ActionSpaceCheck`, as
PettingZoo's own environments assert), where ``HUNL-v0`` reads it as its
action modes document (a continuous action's numbers clipped to their
ranges, a chips action's amount ignored for fold and check/call).

Observation: hole cards (52) and board cards (52) one-hot and separate,
street one-hot, position, pot, both stacks, both street bets, amount to call,
raise-to bounds (in hundreds of big blinds), pot odds, then a per-street
action history (who, what, size, all-in) and raise counters. The agent that is
not to act gets an all-zero ``action_mask``, as does everyone once the hand
is over.

Actions (``action_mode``):

| mode           | space                          | meaning                                              |
|----------------|--------------------------------|------------------------------------------------------|
| ``discrete``   | ``Discrete(len(fractions)+3)`` | 0 fold, 1 check/call, 2.. raise to ``f`` x pot after |
|                |                                | calling (0.33, 0.5, 0.75, 1, 1.5, 2), last all-in    |
| ``continuous`` | ``Box(-1, 1, (2,), float32)``  | kind (fold/check-call/raise by thirds), log size     |
| ``chips``      | ``MultiDiscrete([3, S + 1])``  | ``[kind, raise-to chips]``                           |

Rewards: chips won in big blinds, for both agents at the end of the hand
(zero-sum). Illegal actions: ``illegal_action="raise"`` (default) raises
:class:`~pokergym.errors.IllegalActionError` naming the legal actions;
``"penalty"`` ends the hand, the offender gets ``-illegal_penalty`` big
blinds (default: the starting stack), the other agent 0, and the offender's
info has ``illegal_action=True`` (what PettingZoo's ``TerminateIllegalWrapper``
does, in every action mode). Illegal actions never become a check or a fold.

Infos: ``seat`` and ``button`` during the hand; at the end also ``chips``
(the agent's chips won), ``payoffs``, ``showdown``, ``history`` (the tuple of
:class:`~pokergym.engine.ActionRecord`) and ``illegal_action``.

Seeding: the cards come from a counter-based
:class:`~pokergym.engine.dealer.Dealer`; ``reset(seed=s)`` puts it at hand 0
of ``seed_key(s)``, so the same seed deals the same hands (and the same
hands as ``HUNL-v0`` seeded with ``s``). With ``button="alternate"`` the
first hand after a seed gets the dealer's button bit and later resets
alternate it. Without any seed, the key comes from the operating system's
entropy.

Backends (``backend``; ``raw_env.backend`` says which one runs): in the
discrete action mode ``"auto"`` picks ``"kernel"``, which plays the hand
with the compiled kernels of ``HUNL-v0`` (:mod:`pokergym.envs.compiled`;
seat 1's observation is seat 0's seen from the other side) and rebuilds
``hand`` on demand from their action log; the other action modes run on
the Python engine (``"python"``). Both give the same observations,
rewards, infos and errors.

Version history:

* v0: initial release.

Example:
    >>> aec = env(render_mode="ansi")
    >>> aec.reset(seed=1)
    >>> for name in aec.agent_iter():
    ...     observation, reward, terminated, truncated, info = aec.last()
    ...     aec.step(None if terminated or truncated else 1)  # check or call down
    >>> sorted(info) == ["button", "chips", "history", "illegal_action", "payoffs", "seat", "showdown"]
    True
"""

from __future__ import annotations

import copy
from typing import Any, ClassVar, Literal, Unpack

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from pokergym.engine.config import DEFAULT_CONFIG, GameConfig
from pokergym.engine.dealer import seed_key
from pokergym.envs.backends import TableBackend
from pokergym.envs.choice import choose_backend
from pokergym.envs.options import EnvKeywords, EnvOptions, env_options
from pokergym.envs.table import HandTable, TableFront
from pokergym.errors import EnvOrderError, IllegalActionError, brief

__all__ = ["ActionSpaceCheck", "CallOrderCheck", "env", "raw_env"]

_AGENTS = ("player_0", "player_1")


def env(**kwargs: Any) -> AECEnv[str, dict[str, np.ndarray], Any]:
    """The environment with its action-space check and PettingZoo's call-order wrapper.

    :class:`ActionSpaceCheck` takes the place of PettingZoo's
    ``AssertOutOfBoundsWrapper`` (a typed error instead of an
    ``AssertionError``, and integer actions of any dtype). Illegal actions are
    handled by the environment itself (``illegal_action``), so
    ``TerminateIllegalWrapper`` is not added.

    Args:
        **kwargs: passed to :class:`raw_env`.
    """
    wrapped: AECEnv[str, dict[str, np.ndarray], Any] = ActionSpaceCheck(raw_env(**kwargs))
    return CallOrderCheck(wrapped)


class CallOrderCheck(wrappers.OrderEnforcingWrapper):  # type: ignore[misc]  # pettingzoo is untyped
    """PettingZoo's call-order wrapper, with a typed error for a call before ``reset``.

    PettingZoo's own raises an ``AssertionError``; this raises
    :class:`~pokergym.errors.EnvOrderError` for ``step``, ``observe``,
    ``state``, ``render`` and ``agent_iter`` before the first ``reset``.

    Example:
        >>> aec = env()
        >>> aec.step(1)
        Traceback (most recent call last):
        ...
        pokergym.errors.EnvOrderError: step() before reset(): call reset() first
    """

    def _require_reset(self, method: str) -> None:
        if not self._has_reset:
            raise EnvOrderError(f"{method}() before reset(): call reset() first")

    def step(self, action: Any) -> None:
        """Step, after checking that the environment was reset."""
        self._require_reset("step")
        super().step(action)

    def observe(self, agent: str) -> Any:
        """Observe, after checking that the environment was reset."""
        self._require_reset("observe")
        return super().observe(agent)

    def state(self) -> Any:
        """The state, after checking that the environment was reset."""
        self._require_reset("state")
        return super().state()

    def render(self) -> Any:
        """Render, after checking that the environment was reset."""
        self._require_reset("render")
        return super().render()

    def agent_iter(self, max_iter: int = 2**63) -> Any:
        """Iterate over agents, after checking that the environment was reset."""
        self._require_reset("agent_iter")
        return super().agent_iter(max_iter)


class ActionSpaceCheck(wrappers.BaseWrapper):  # type: ignore[misc]  # pettingzoo is untyped
    """Refuse an action outside the agent's action space with an :class:`~pokergym.errors.IllegalActionError`.

    What PettingZoo's ``AssertOutOfBoundsWrapper`` checks, read by value: an
    integer action may have any integer dtype (``uint64`` included) and a
    continuous one any real dtype, as the action codecs read them. The error
    names what the space expects and comes in both ``illegal_action`` modes:
    an action that is not even in the space is a caller's bug, not a move to
    penalise; the step is not taken. ``None`` passes for an agent whose hand
    is over, as PettingZoo's dead step wants.

    Example:
        >>> aec = ActionSpaceCheck(raw_env(action_mode="chips", button=0))
        >>> aec.reset(seed=0)
        >>> aec.step(np.array([2, 300], np.uint64)); aec.unwrapped.hand.bets
        [300, 100]
        >>> try:
        ...     aec.step([2, 99999])
        ... except IllegalActionError as error:
        ...     print(error)
        player_1's action [2, 99999] is outside its action space: expected integers [0..2, 0..20000]
    """

    def step(self, action: Any) -> None:
        """Check ``action`` against the space of ``agent_selection``, then take it."""
        agent = self.agent_selection
        if action is None and (self.terminations[agent] or self.truncations[agent]):
            super().step(action)
            return
        space = self.action_space(agent)
        if not _in_space(space, action):
            raise IllegalActionError(
                f"{agent}'s action {brief(action)} is outside its action space: expected {_expected(space)}"
            )
        super().step(action)


def _in_space(space: spaces.Space[Any], action: Any) -> bool:
    """Whether ``action`` lies in ``space``, reading numbers by value whatever their dtype."""
    if isinstance(space, spaces.Discrete):
        index = _integer(action)
        return index is not None and int(space.start) <= index < int(space.start + space.n)
    try:
        values = np.asarray(action)
    except (TypeError, ValueError, OverflowError):
        return False
    if values.shape != space.shape:
        return False
    if isinstance(space, spaces.MultiDiscrete):
        bounds = zip(values.flat, space.start.flat, space.nvec.flat, strict=True)
        return values.dtype.kind in "iu" and all(int(low) <= int(v) < int(low + n) for v, low, n in bounds)
    if isinstance(space, spaces.Box):
        if values.dtype.kind not in "iuf":
            return False
        numbers = values.astype(np.float64)
        return bool(np.isfinite(numbers).all() and (numbers >= space.low).all() and (numbers <= space.high).all())
    return bool(space.contains(action))


def _integer(action: Any) -> int | None:
    """``action`` as an int if it is an integer scalar (a 0-d integer array included), else ``None``."""
    if isinstance(action, int | np.integer) and not isinstance(action, bool):
        return int(action)
    if isinstance(action, np.ndarray) and action.shape == () and action.dtype.kind in "iu":
        return int(action)
    return None


def _expected(space: spaces.Space[Any]) -> str:
    """What ``space`` holds, in words, for error messages."""
    if isinstance(space, spaces.Discrete):
        return f"an integer id in {space.start}..{space.start + space.n - 1}"
    if isinstance(space, spaces.MultiDiscrete):
        ranges = (f"{low}..{low + n - 1}" for low, n in zip(space.start.flat, space.nvec.flat, strict=True))
        return f"integers [{', '.join(ranges)}]"
    if isinstance(space, spaces.Box):
        low, high = float(space.low.min()), float(space.high.max())
        return f"{int(np.prod(space.shape))} numbers in [{low}, {high}]"
    return str(space)


class raw_env(TableFront, AECEnv[str, dict[str, np.ndarray], Any]):  # type: ignore[misc]  # pettingzoo is untyped
    """The bare AEC environment (see the module docstring).

    Args:
        config: blinds and stacks (both stacks must exceed the big blind).
        **keywords: the other settings, as :class:`~pokergym.envs.HUNLEnv` takes them
            (:class:`~pokergym.envs.options.EnvKeywords`, each described in
            :class:`~pokergym.envs.options.EnvOptions`); ``render_mode="human"``
            prints the table after every reset and step.

    The settings can also come gathered in one :class:`~pokergym.envs.options.EnvOptions`
    (:meth:`from_options`).

    Attributes:
        backend: ``"kernel"`` or ``"python"``, the backend that runs
            (a :class:`~pokergym.envs.backends.TableBackend` object plays the hands).
        options: the settings, as one :class:`~pokergym.envs.options.EnvOptions`.
        codec: the action codec (``encode``/``decode``/``describe`` helpers).
        feature_names: a name per observation index.
    """

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["human", "ansi"],
        "name": "hunl_v0",
        "is_parallelizable": False,
        "render_fps": 1,
    }

    def __init__(self, config: GameConfig = DEFAULT_CONFIG, **keywords: Unpack[EnvKeywords]) -> None:
        """Build the environment (see the class docstring for the arguments)."""
        super().__init__()
        options = env_options(config, keywords)
        self._build(options)

    @classmethod
    def from_options(cls, options: EnvOptions) -> raw_env:
        """The environment of ``options`` (the constructor's keywords, gathered).

        Example:
            >>> aec = raw_env.from_options(EnvOptions(action_mode="chips"))
            >>> aec.backend, aec.action_space("player_1")
            ('python', MultiDiscrete([    3 20001]))
        """
        aec = cls.__new__(cls)
        AECEnv.__init__(aec)
        aec._build(options)
        return aec

    def _build(self, options: EnvOptions) -> None:
        """Set the environment up from checked ``options``."""
        self.options = options
        self._table = table = HandTable.from_options(options)
        self.render_mode = options.render_mode
        self.possible_agents = list(_AGENTS)
        self.agents: list[str] = []
        self._seats = {name: seat for seat, name in enumerate(_AGENTS)}
        self._observation_spaces = {a: copy.deepcopy(table.observation_space) for a in _AGENTS}
        self._action_spaces = {a: copy.deepcopy(table.action_space) for a in _AGENTS}
        self._backend: TableBackend = choose_backend(table, options.backend, None, background=False)[0]

    @property
    def backend(self) -> Literal["kernel", "python"]:
        """The backend that plays the hands."""
        return self._backend.name

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation space of ``agent`` (the same for both)."""
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The action space of ``agent`` (the same for both)."""
        return self._action_spaces[agent]

    def seat_of(self, agent: str) -> int:
        """The seat (0 or 1) of ``agent``."""
        return self._seats[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new hand; ``seed`` (an int >= 0) reseeds the dealer (``options`` is unused).

        Raises:
            ValueError: ``seed`` is negative or not an integer.
        """
        if seed is not None and (type(seed) is not int or seed < 0):
            seed_key(seed)  # raises for what is not a non-negative int
        backend = self._backend
        backend.deal(seed)
        button, actor, _ = backend.status()
        self.agents = list(_AGENTS)
        self.rewards = {a: 0.0 for a in _AGENTS}
        self._cumulative_rewards = {a: 0.0 for a in _AGENTS}
        self.terminations = {a: False for a in _AGENTS}
        self.truncations = {a: False for a in _AGENTS}
        self.infos: dict[str, dict[str, Any]] = {a: {"seat": s, "button": button} for s, a in enumerate(_AGENTS)}
        self.agent_selection = _AGENTS[actor]
        self._show()

    def step(self, action: Any) -> None:
        """Take ``action`` for ``agent_selection``; ``None`` for an agent whose hand is over."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        backend = self._backend
        legal = backend.act(self._seats[agent], action)
        _, actor, payoffs = backend.status()
        self._cumulative_rewards[agent] = 0.0
        if not legal:
            penalty = self._table.penalty
            self._finish({a: -penalty if a == agent else 0.0 for a in _AGENTS}, agent)
        elif payoffs is not None:
            big_blind = self._table.config.big_blind
            self._finish({a: payoffs[seat] / big_blind for seat, a in enumerate(_AGENTS)}, None)
        else:
            self.agent_selection = _AGENTS[actor]
        self._show()

    def _finish(self, rewards: dict[str, float], offender: str | None) -> None:
        payoffs, button, showdown, history = self._backend.outcome()
        for seat, name in enumerate(_AGENTS):
            self.infos[name] = {
                "seat": seat,
                "button": button,
                "chips": payoffs[seat],
                "payoffs": payoffs,
                "showdown": showdown,
                "history": history,
                "illegal_action": name == offender,
            }
        self.rewards = rewards
        self.terminations = {a: True for a in _AGENTS}
        self._accumulate_rewards()
        self.agent_selection = _AGENTS[1 - self._seats[self.agent_selection]]
        self._deads_step_first()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """The observation of ``agent``: its vector and its mask (all zeros off turn)."""
        return self._backend.observe(self._seats[agent])

    @property
    def _seat_names(self) -> tuple[str, str]:
        return _AGENTS

    def close(self) -> None:
        """Nothing to release; kept for the PettingZoo API."""
