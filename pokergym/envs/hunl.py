"""``HUNL-v0``: heads-up no-limit hold'em as a single-agent Gymnasium environment.

Example:
    >>> import gymnasium as gym
    >>> import pokergym
    >>> env = gym.make("HUNL-v0")
    >>> obs, info = env.reset(seed=7)
    >>> obs["observation"].shape, obs["action_mask"].shape, env.action_space
    ((318,), (9,), Discrete(9))
    >>> terminated = False
    >>> while not terminated:  # check or call down against the default calling station
    ...     obs, reward, terminated, truncated, info = env.step(1)
    >>> info["chips"] == reward * 100, obs["action_mask"].any()
    (True, np.False_)
"""

from __future__ import annotations

from typing import Any, Literal, Unpack, cast

import gymnasium as gym
import numpy as np

from pokergym.agents.base import Agent
from pokergym.agents.simple import CallAgent
from pokergym.agents.specs import resolve_agent
from pokergym.engine.config import DEFAULT_CONFIG, GameConfig
from pokergym.envs.backends import TableBackend
from pokergym.envs.choice import choose_backend
from pokergym.envs.engine_backend import EngineBackend
from pokergym.envs.kernel_backend import KernelBackend
from pokergym.envs.opponent import OpponentSeat
from pokergym.envs.options import Backend, EnvKeywords, EnvOptions, env_options
from pokergym.envs.table import HandTable, TableFront
from pokergym.errors import ConfigError

__all__ = ["Backend", "HUNLEnv"]

_LEARNER = 0


class HUNLEnv(TableFront, gym.Env[dict[str, np.ndarray], Any]):
    r"""Heads-up no-limit hold'em against a fixed opponent; one episode is one hand.

    The learner sits in seat 0 and the ``opponent`` (any pokergym
    :class:`~pokergym.agents.Agent`; by default :class:`~pokergym.agents.CallAgent`,
    a calling station that checks or calls and never folds or raises) in seat
    1. The button alternates every hand by default, so the learner plays the
    button (small blind, first to act preflop, last after the flop) every
    other hand. Rewards are the learner's chips won in big blinds, given at
    the end of the hand (0 before).

    Seeding: ``reset(seed=s)`` makes everything that follows reproducible.
    The cards come from a counter-based :class:`~pokergym.engine.dealer.Dealer`:
    hand ``n`` after the seed is ``deal_cards(seed_key(s), n)``, and with
    ``button="alternate"`` the first hand's button is that dealer's button
    bit, later hands alternating. The opponent's generator is put in a state
    derived from the same key (skipped for an opponent whose ``draws_random``
    is ``False``, such as the call station). ``np_random`` becomes the
    state of ``np.random.default_rng(s)`` and ``np_random_seed`` becomes
    ``s``, as Gymnasium's ``Env.reset`` does; the deal never draws from it
    (wrappers may), so it is built only when first read after the seed. A
    seeded reset therefore costs the same as an unseeded one. As in
    Gymnasium, each seeded reset builds a new generator (with its
    ``SeedSequence``, so ``np_random.spawn`` gives the children of ``s``);
    a generator the user assigned to ``np_random`` is replaced, never
    modified. Without any seed, the dealing key comes from the operating
    system's entropy.

    If a hand ends before the learner acts (the opponent folds its small
    blind), :meth:`reset` deals the next hand; the skipped hands are counted
    in the reset ``info`` (``skipped_hands``, ``skipped_chips``).

    Observation: ``Dict(observation=Box(0, high, (n,), float32),
    action_mask=Box(0, 1, (m,), int8))``; the mask is all zeros once the hand
    is over. Chip amounts are in hundreds of big blinds (``1.0`` = 100 BB); with
    ``K = history_slots`` (default 6) ``n = 118 + 4 * (8 * K + 2)`` (318):

    ==================  ==========================  =========================================================
    indices             names                       meaning
    ==================  ==========================  =========================================================
    0-51                ``hole_2c`` .. ``hole_As``  1 for each of the learner's hole cards (code rank*4+suit)
    52-103              ``board_2c`` ..             1 for each visible board card
    104-107             ``street_preflop`` ..       one-hot street (the last street reached once over)
    108                 ``is_button``               1 when the learner has the button
    109                 ``pot``                     all chips put in, this street included
    110, 111            ``stack_self/opp``          chips behind
    112, 113            ``bet_self/opp``            chips put in on this street
    114                 ``to_call``                 chips needed to call (0 when checking is free)
    115, 116            ``min/max_raise_to``        legal raise-to bounds when it is the learner's turn, else 0
    117                 ``pot_odds``                ``to_call / (pot + to_call)``
    118 + 8(sK + i)     ``<street>_<i>_self``       slot ``i`` of street ``s`` (the street's i-th action; the
                                                    last slot also takes every later one): the learner acted
    \+ 1               ``<street>_<i>_opp``        the opponent acted
    \+ 2 .. 5          ``..._fold/check/call/..``  what was done; ``raise`` covers bets and raises
    \+ 6               ``<street>_<i>_all_in``     the action put the seat all-in
    \+ 7               ``<street>_<i>_size``       ``s / (1 + s)``: ``s`` is a raise's increment over the pot
                                                    after calling, or a call's chips over the pot before it
    118 + 32K + 2s      ``<street>_raises_self``    bets and raises by the learner on street ``s`` (cap 10)
    118 + 32K + 2s + 1  ``<street>_raises_opp``     bets and raises by the opponent on street ``s`` (cap 10)
    ==================  ==========================  =========================================================

    :attr:`feature_names` gives the name of every index.

    Backends (``backend``; :attr:`backend` says which one runs): ``"kernel"``,
    chosen automatically whenever it applies (the default calling-station
    opponent and the discrete action mode), steps the hand with the compiled
    kernels the vector environment uses (:mod:`pokergym.envs.compiled`): the
    same hands, observations, rewards and infos as the Python engine,
    several times faster. Each backend is an object with the same interface
    (:class:`~pokergym.envs.backends.TableBackend`); the environment only
    adapts it to Gymnasium. ``hand`` is then rebuilt on demand from the
    kernel's action log by the Python engine (treat it as read-only). The
    first kernel environment of a process imports numba and loads the
    compiled kernels from numba's disk cache (about a second). ``"python"``
    plays on :class:`~pokergym.engine.HandState` directly and serves every
    opponent and action mode.

    Cold start: on a fresh install the kernels are not in the cache yet and
    compiling them takes about 10 s of one core, once. ``backend="kernel"``
    compiles them on its first reset and step. ``backend="auto"`` does not
    wait: it starts on the exact Python backend and compiles the kernels in a
    background thread (:mod:`pokergym.envs.background`, one per process, shared
    by every environment), and switches to the kernel at the first
    :meth:`reset` after they are ready (:func:`pokergym.envs.background.promote`
    swaps the backend object), continuing the dealer's hands and the
    button schedule where the Python backend left them. The two backends play
    the same hands with the same observations, rewards and infos, so the
    switch changes only the speed; :attr:`backend` says which one plays the
    current hand (it changes at a reset, never within a hand). Numba holds the
    GIL while it compiles, so Python code runs slower until the thread is done
    (see ``benchmarks/RESULTS.md``); ``pokergym warmup`` compiles everything
    ahead.

    Actions (``action_mode``; details in :mod:`pokergym.envs.actions`):

    * ``"discrete"``: ``Discrete(len(raise_fractions) + 3)``: 0 fold, 1
      check/call, then bet/raise to ``opponent's bet + f * (pot + to_call)``
      for each ``f`` in ``raise_fractions`` (default 0.33, 0.5, 0.75, 1, 1.5, 2),
      last all-in. Sizes are clamped to the legal range; a size that repeats a
      smaller one or reaches all-in is masked; fold is masked when checking is free.
    * ``"continuous"``: ``Box(-1, 1, (2,), float32)``: ``a[0] < -1/3`` fold,
      ``<= 1/3`` check/call, else bet/raise to ``min * (max / min) ** ((a[1] + 1) / 2)``.
      Usable by any SB3 algorithm. Mask: (fold, check/call, bet/raise).
    * ``"chips"``: ``MultiDiscrete([3, max_stack + 1])``: ``[0, _]`` fold,
      ``[1, _]`` check/call, ``[2, x]`` bet/raise to exactly ``x`` chips. Same mask.

    Illegal actions (``illegal_action``): ``"raise"`` (default) raises
    :class:`~pokergym.errors.IllegalActionError` naming the legal actions and
    leaves the hand as it was; ``"penalty"`` ends the episode with reward
    ``-illegal_penalty`` (big blinds; default the starting stack, so an
    illegal action never pays) and ``info["illegal_action"] = True``. An
    illegal action never turns into a check or a fold.

    ``info`` (a new dict each step): ``seat`` (0), ``button``, ``to_call``,
    ``min_raise_to``, ``max_raise_to`` (the learner's legal bounds in chips,
    0 when not available), ``chips`` (the learner's chips won, 0 until the
    end), ``history`` (the hand's :class:`~pokergym.engine.ActionRecord`
    tuple), ``illegal_action``; at the end also ``payoffs`` (chips per seat),
    ``showdown`` and ``opponent_hole`` (the opponent's cards if shown, else ``None``).

    Args:
        opponent: the agent in seat 1 (default a new :class:`~pokergym.agents.CallAgent`),
            or a spec such as ``"honest"`` or ``"maniac:aggression=0.5"`` (see :mod:`pokergym.agents.specs`).
        config: blinds and stacks (both stacks must exceed the big blind).
        action_mode: ``"discrete"``, ``"continuous"`` or ``"chips"``.
        raise_fractions: the discrete mode's pot fractions, increasing.
        button: ``"alternate"``, ``"random"``, or a fixed seat ``0``/``1``.
        illegal_action: ``"raise"`` or ``"penalty"``.
        illegal_penalty: the penalty in big blinds (default: the larger starting stack).
        history_slots: action slots per street in the observation.
        render_mode: ``None``, ``"ansi"`` (``render()`` returns the table as text)
            or ``"human"`` (the table is printed after every reset and step).
        backend: ``"auto"`` (the kernel when it applies, once compiled), ``"kernel"``
            (an error if it does not apply; compiles synchronously) or ``"python"``.

    The settings can also come gathered in one :class:`~pokergym.envs.options.EnvOptions`
    (:meth:`from_options`); either way they are checked once, there.

    Attributes:
        backend: ``"kernel"`` or ``"python"``, the backend that plays the current hand (with
            ``backend="auto"`` on a cold cache, ``"python"`` until the kernels compiled in the background).
        options: the settings, as one :class:`~pokergym.envs.options.EnvOptions`.
        opponent: the agent in seat 1.
        codec: the action codec (``encode``/``decode``/``describe`` helpers).
        feature_names: a name per observation index.
    """

    metadata: dict[str, Any] = {"render_modes": ["ansi", "human"], "render_fps": 1}  # noqa: RUF012 (as in gym.Env)

    def __init__(
        self, opponent: Agent | str | None = None, config: GameConfig = DEFAULT_CONFIG, **keywords: Unpack[EnvKeywords]
    ) -> None:
        """Build the environment (see the class docstring for the arguments)."""
        options = env_options(config, keywords)
        self._build(options, opponent)

    @classmethod
    def from_options(cls, options: EnvOptions, opponent: Agent | str | None = None) -> HUNLEnv:
        """The environment of ``options`` against ``opponent`` (the constructor's keywords, gathered).

        Example:
            >>> env = HUNLEnv.from_options(EnvOptions(action_mode="chips", button=0))
            >>> env.backend, env.action_space
            ('python', MultiDiscrete([    3 20001]))
        """
        env = cls.__new__(cls)
        env._build(options, opponent)
        return env

    def _build(self, options: EnvOptions, opponent: Agent | str | None) -> None:
        """Set the environment up from checked ``options``."""
        agent = CallAgent() if opponent is None else resolve_agent(opponent) if isinstance(opponent, str) else opponent
        if not isinstance(agent, Agent):
            raise ConfigError(f"opponent must implement pokergym.agents.Agent, got {opponent!r}")
        self.opponent: Agent = agent
        self.options = options
        self._table = table = HandTable.from_options(options)
        self.observation_space = table.observation_space
        self.action_space = table.action_space
        self.render_mode = options.render_mode
        self._rng_value: np.random.Generator | None = None
        self._pending_seed: int | None = None
        self._backend: TableBackend
        self._standby: KernelBackend | None  # the kernel backend while its kernels compile in the background
        self._seat = seat = OpponentSeat(agent)
        self._backend, self._standby = choose_backend(table, options.backend, seat, background=True)

    @property
    def backend(self) -> Literal["kernel", "python"]:
        """The backend that plays the current hand (it changes at a reset, never within a hand)."""
        return self._backend.name

    @property
    def _opponent_rng(self) -> np.random.Generator:
        """The opponent's generator (put in the dealing key's state at a seed, if it draws at all)."""
        return self._seat.rng

    @property  # gym.Env declares a plain attribute; here reading it may build the generator
    def _np_random(self) -> np.random.Generator | None:
        """The environment's generator, put in the last seed's state on first read after a seeded reset."""
        pending = self._pending_seed
        if pending is not None:
            self._pending_seed = None
            self._rng_value = np.random.default_rng(pending)
        return self._rng_value

    @_np_random.setter
    def _np_random(self, value: np.random.Generator | None) -> None:
        self._pending_seed = None
        self._rng_value = value

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        """Deal a new hand and play the opponent until the learner must act.

        Args:
            seed: reseeds the dealer, the opponent's generator and ``np_random``
                (see the class docstring).
            options: unused.

        Returns:
            The learner's observation and an info dict (see the class docstring)
            with ``skipped_hands`` and ``skipped_chips`` as well.

        Raises:
            AgentError: the opponent raised an exception or chose an illegal action.
            PokerGymError: the opponent ended 1000 hands in a row before the learner could act.
        """
        standby = self._standby
        if standby is not None:
            self._promote(standby)
        backend = self._backend
        skipped, skipped_chips = backend.deal(None if seed is None else self._seed_np_random(seed))
        info = backend.info(_LEARNER)
        info["skipped_hands"] = skipped
        info["skipped_chips"] = skipped_chips
        self._show()
        return backend.observe(_LEARNER), info

    def _promote(self, standby: KernelBackend) -> None:
        """Let ``standby`` play from this hand on once the background thread has compiled its kernels.

        It continues where the engine's dealer and button schedule left off.
        """
        from pokergym.envs import background

        kernel = background.promote(cast(EngineBackend, self._backend), standby)
        if kernel is not None:
            self._backend = kernel
            self._standby = None

    def _seed_np_random(self, seed: int) -> int:
        """Check ``seed`` and record it (``np_random`` takes its state when next read); return it as an int."""
        if type(seed) is not int or seed < 0:
            super().reset(seed=seed)  # Gymnasium rejects the seed with its own error (or accepts a bool)
            self._np_random_seed = self._pending_seed = seed
            return int(seed)
        self._np_random_seed = self._pending_seed = seed
        return seed

    def step(self, action: Any) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        """Take the learner's action, then let the opponent act until the learner's turn or the end.

        Raises:
            IllegalActionError: the action is illegal and ``illegal_action="raise"``.
            HandOverError: the hand is over (call :meth:`reset`) or was never dealt.
            AgentError: the opponent raised an exception or chose an illegal action.
        """
        backend = self._backend
        if backend.act(_LEARNER, action):
            payoffs = backend.payoffs()
            terminated = payoffs is not None
            reward = 0.0 if payoffs is None else payoffs[_LEARNER] / self._table.config.big_blind
        else:
            reward = -self._table.penalty
            terminated = True
        self._show()
        return backend.observe(_LEARNER), reward, terminated, False, backend.info(_LEARNER)

    def action_masks(self) -> np.ndarray:
        """The learner's legal actions as booleans (for sb3-contrib's ``MaskablePPO``)."""
        return self._backend.mask(_LEARNER).astype(bool)

    _illegal_note = "the learner's illegal action ended the hand"

    @property
    def _seat_names(self) -> tuple[str, str]:
        return ("learner", self.opponent.name)
