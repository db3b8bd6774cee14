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

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Literal, cast

import gymnasium as gym
import numpy as np

from pokergym.agents.base import Agent, BaseAgent
from pokergym.agents.simple import CallAgent
from pokergym.agents.specs import resolve_agent
from pokergym.engine.actions import ActionKind, ActionRecord
from pokergym.engine.config import DEFAULT_CONFIG, GameConfig
from pokergym.engine.dealer import Dealer, seed_key
from pokergym.engine.events import EventFeed
from pokergym.engine.row_layout import BUTTON, DECK, MAX_RAISE_TO, MIN_RAISE_TO, PAYOFF, SHOWDOWN, TERMINAL, TO_CALL
from pokergym.engine.state import HandState
from pokergym.engine.view import make_view
from pokergym.envs.actions import DEFAULT_FRACTIONS, ActionMode
from pokergym.envs.discrete import DiscreteActions
from pokergym.envs.render import render_hand
from pokergym.envs.seeding import key_generator, seed_generator
from pokergym.envs.table import ButtonMode, HandTable, IllegalMode, TableFront
from pokergym.errors import AgentError, ConfigError, HandOverError, PokerGymError

if TYPE_CHECKING:
    from pokergym.envs.compiled import CompiledTable

__all__ = ["Backend", "HUNLEnv"]

Backend = Literal["auto", "kernel", "python"]
"""How ``HUNL-v0`` steps its hands: ``"auto"`` picks ``"kernel"`` when it applies (once compiled), else ``"python"``."""

_LEARNER = 0
_OPPONENT = 1
_SIZED = (ActionKind.BET, ActionKind.RAISE)
# The engine method taking each action kind that needs no amount.
_TAKE: dict[ActionKind, Callable[[HandState], None]] = {
    ActionKind.FOLD: HandState.fold,
    ActionKind.CHECK: HandState.check,
    ActionKind.CALL: HandState.call,
    ActionKind.ALL_IN: HandState.all_in,
}
_MAX_SKIPPED = 1000


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
    seeded reset therefore costs the same as an unseeded one. The
    environment's own generator is reseeded in place, when first read, rather
    than rebuilt (a reference to it sees the new seed from that read on; a
    generator the user assigned to ``np_random`` is replaced, never
    modified). Without any seed, the dealing key comes from the operating
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
    several times faster. ``hand`` is then rebuilt on demand from the
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
    :meth:`reset` after they are ready, continuing the dealer's hands and the
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

    Attributes:
        backend: ``"kernel"`` or ``"python"``, the backend that plays the current hand (with
            ``backend="auto"`` on a cold cache, ``"python"`` until the kernels compiled in the background).
        opponent: the agent in seat 1.
        codec: the action codec (``encode``/``decode``/``describe`` helpers).
        feature_names: a name per observation index.
    """

    metadata: dict[str, Any] = {"render_modes": ["ansi", "human"], "render_fps": 1}  # noqa: RUF012 (as in gym.Env)

    def __init__(
        self,
        opponent: Agent | str | None = None,
        config: GameConfig = DEFAULT_CONFIG,
        *,
        action_mode: ActionMode = "discrete",
        raise_fractions: Sequence[float] = DEFAULT_FRACTIONS,
        button: ButtonMode = "alternate",
        illegal_action: IllegalMode = "raise",
        illegal_penalty: float | None = None,
        history_slots: int = 6,
        render_mode: str | None = None,
        backend: Backend = "auto",
    ) -> None:
        """Build the environment (see the class docstring for the arguments)."""
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ConfigError(f"render_mode must be None, 'ansi' or 'human', got {render_mode!r}")
        self.opponent: Agent = CallAgent() if opponent is None else resolve_agent(opponent)
        if not isinstance(self.opponent, Agent):
            raise ConfigError(f"opponent must implement pokergym.agents.Agent, got {opponent!r}")
        self._table = HandTable(
            config,
            action_mode=action_mode,
            raise_fractions=raise_fractions,
            button=button,
            illegal_action=illegal_action,
            illegal_penalty=illegal_penalty,
            history_slots=history_slots,
        )
        self.observation_space = self._table.observation_space
        self.action_space = self._table.action_space
        self.render_mode = render_mode
        listens = not (isinstance(self.opponent, BaseAgent) and type(self.opponent).observe is BaseAgent.observe)
        self._opponent_listens = listens
        self._opponent_draws = bool(getattr(self.opponent, "draws_random", True))
        # The default call station is played inline (its act is exactly check-or-call; it ignores events).
        self._opponent_calls = type(self.opponent) is CallAgent
        self._dealer = Dealer()
        self._own_rng = np.random.Generator(np.random.PCG64(0))
        self._rng_value: np.random.Generator | None = None
        self._pending_seed: int | None = None
        self._opponent_rng = np.random.Generator(np.random.PCG64(0))
        self._opponent_seeded = False
        self._feed: EventFeed | None = None
        if backend not in ("auto", "kernel", "python"):
            raise ConfigError(f"backend must be 'auto', 'kernel' or 'python', got {backend!r}")
        obstacle = (
            f"the kernel plays the calling station only, got opponent {self.opponent!r}"
            if not self._opponent_calls
            else self._table.kernel_obstacle()
        )
        if backend == "kernel" and obstacle is not None:
            raise ConfigError(f"the kernel backend does not apply: {obstacle}")
        self.backend: Literal["kernel", "python"] = "kernel" if backend != "python" and obstacle is None else "python"
        self._standby: CompiledTable | None = None  # the kernel's table while its kernels compile in the background
        if self.backend == "kernel":
            compiled = self._table.compiled(reply=True)  # imports numba: only when the kernel runs
            from pokergym.envs import background

            if backend == "kernel" or background.kernels_ready(compiled):
                self._compiled = compiled
            else:  # a cold cache: play on the engine until the thread has compiled the kernels
                self.backend = "python"
                self._standby = compiled
                background.start(compiled)

    @property  # gym.Env declares a plain attribute; here reading it may build the generator
    def _np_random(self) -> np.random.Generator | None:
        """The environment's generator, put in the last seed's state on first read after a seeded reset."""
        pending = self._pending_seed
        if pending is not None:
            self._pending_seed = None
            seed_generator(self._own_rng, pending)
            self._rng_value = self._own_rng
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
        if self._standby is not None:
            self._switch_when_compiled(self._standby)
        compiled = self._compiled
        if compiled is not None:  # the opponent is the call station: it draws nothing, nothing to seed
            self.opponent.reset(_OPPONENT, self._opponent_rng)
            compiled.reset(None if seed is None else self._seed_np_random(seed))
            info = self._compiled_info()
            info["skipped_hands"] = info["skipped_chips"] = 0
            if self.render_mode == "human":
                print(self._text())
            return compiled.observe(_LEARNER), info
        if seed is not None:
            self._dealer.reseed(seed_key(self._seed_np_random(seed)))
            self._table.reseed()
            self._seed_opponent()
        elif not self._opponent_seeded:
            self._seed_opponent()
        dealer = self._dealer
        skipped = 0
        skipped_chips = 0
        while True:
            hand = self._table.deal(dealer)
            self._start_opponent(hand)
            self._play_opponent(hand)
            if hand.payoffs is None:
                break
            skipped += 1
            skipped_chips += hand.payoffs[_LEARNER]
            if skipped >= _MAX_SKIPPED:
                raise PokerGymError(f"the opponent ended {skipped} hands in a row before the learner could act")
        info = self._info(hand)
        info["skipped_hands"] = skipped
        info["skipped_chips"] = skipped_chips
        if self.render_mode == "human":
            print(self._text())
        return self._table.observe(_LEARNER), info

    def _switch_when_compiled(self, compiled: CompiledTable) -> None:
        """Once the background thread has compiled the kernels, let ``compiled`` play from the next hand on.

        It continues where the engine's dealer and button schedule left off.
        """
        from pokergym.envs import background

        if not background.kernels_ready(compiled):
            background.start(compiled)  # a copy of an environment (unpickled, say) may be the first of its process
            return
        dealer = self._dealer
        compiled.resume(dealer.key, dealer.count, self._table.next_button)
        self._compiled = compiled
        self._standby = None
        self.backend = "kernel"

    def _seed_np_random(self, seed: int) -> int:
        """Check ``seed`` and record it (``np_random`` takes its state when next read); return it as an int."""
        if type(seed) is not int or seed < 0:
            super().reset(seed=seed)  # Gymnasium rejects the seed with its own error (or accepts a bool)
            self._np_random_seed = self._pending_seed = seed
            return int(seed)
        self._np_random_seed = self._pending_seed = seed
        return seed

    def _seed_opponent(self) -> None:
        """Put the opponent's generator in the state of the dealer's key (if the opponent draws at all)."""
        if self._opponent_draws:
            key_generator(self._opponent_rng, self._dealer.key)
        self._opponent_seeded = True

    def step(self, action: Any) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        """Take the learner's action, then let the opponent act until the learner's turn or the end.

        Raises:
            IllegalActionError: the action is illegal and ``illegal_action="raise"``.
            HandOverError: the hand is over (call :meth:`reset`) or was never dealt.
            AgentError: the opponent raised an exception or chose an illegal action.
        """
        if self._compiled is not None:
            return self._compiled_step(action)
        table = self._table
        legal = table.act(_LEARNER, action)
        hand = self.hand
        if legal:
            if hand.actor == _OPPONENT or self._opponent_listens:
                self._play_opponent(hand)
            payoffs = hand.payoffs
            reward = 0.0 if payoffs is None else payoffs[_LEARNER] / hand.config.big_blind
            terminated = payoffs is not None
        else:
            reward = -table.penalty
            terminated = True
        if self.render_mode == "human":
            print(self._text())
        return table.observe(_LEARNER), reward, terminated, False, self._info(hand)

    def _compiled_step(self, action: Any) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        """:meth:`step` on the kernel backend."""
        compiled = cast("CompiledTable", self._compiled)
        table = self._table
        if compiled.act(cast(DiscreteActions, table.codec), action, table.raise_on_illegal):
            state = compiled.state
            terminated = state[TERMINAL] == 1
            reward = state[PAYOFF] / table.config.big_blind if terminated else 0.0
        else:
            reward = -table.penalty
            terminated = True
        if self.render_mode == "human":
            print(self._text())
        return compiled.observe(_LEARNER), reward, terminated, False, self._compiled_info()

    def _compiled_info(self) -> dict[str, Any]:
        """:meth:`_info` from the kernel's state row and records."""
        compiled = cast("CompiledTable", self._compiled)
        state = compiled.state
        history = tuple(compiled.records)
        if state[TERMINAL]:
            showdown = state[SHOWDOWN] == 1
            hole = DECK + (0 if state[BUTTON] == _OPPONENT else 2)
            shown = (state[hole], state[hole + 1]) if showdown else None
            outcome = ((state[PAYOFF], state[PAYOFF + 1]), showdown, shown)
            return _learner_info(state[BUTTON], 0, 0, 0, history, False, outcome)
        if compiled.aborted:
            return _learner_info(state[BUTTON], 0, 0, 0, history, True, None)
        bounds = state[TO_CALL], state[MIN_RAISE_TO], state[MAX_RAISE_TO]
        return _learner_info(state[BUTTON], *bounds, history, False, None)

    def action_masks(self) -> np.ndarray:
        """The learner's legal actions as booleans (for sb3-contrib's ``MaskablePPO``)."""
        compiled = self._compiled
        if compiled is not None:
            if not compiled.state:
                raise HandOverError("no hand has been dealt: call reset() first")
            mask: np.ndarray = compiled.tables.masks[0]
            return mask.astype(bool)
        return self._table.mask(_LEARNER).astype(bool)

    def render(self) -> str | None:
        """The hand as text (``"ansi"``), printed (``"human"``), or ``None`` without a render mode."""
        if self.render_mode == "ansi":
            return self._text()
        if self.render_mode == "human":
            print(self._text())
        return None

    def _text(self) -> str:
        text = render_hand(self.hand, names=("learner", self.opponent.name))
        return text + "\nthe learner's illegal action ended the hand" if self._aborted else text

    def _start_opponent(self, hand: HandState) -> None:
        opponent = self.opponent
        opponent.reset(_OPPONENT, self._opponent_rng)
        if self._opponent_listens:
            feed = EventFeed(hand)
            self._feed = feed
            opponent.observe(feed.start(_OPPONENT))

    def _play_opponent(self, hand: HandState) -> None:
        if self._opponent_calls:
            while hand.actor == _OPPONENT:
                hand.check_or_call()
            return
        opponent = self.opponent
        feed = self._feed if self._opponent_listens else None
        if feed is not None:
            for event in feed.pending():
                opponent.observe(event)
        act = opponent.act
        while hand.actor == _OPPONENT:
            try:
                action = act(make_view(hand, _OPPONENT))
                # The engine's shortcuts check legality like apply() does, at a fraction of its cost.
                kind = action.kind
                if kind in _SIZED:
                    hand.raise_to(action.amount)
                else:
                    _TAKE[kind](hand)
            except Exception as err:  # whatever went wrong, the opponent failed to decide
                raise AgentError(f"opponent {opponent.name!r} failed to act: {err!r}") from err
            if feed is not None:
                for event in feed.pending():
                    opponent.observe(event)

    def _info(self, hand: HandState) -> dict[str, Any]:
        aborted = self._table.aborted
        history = tuple(hand.history)
        if hand.actor == _LEARNER and not aborted:  # mid-hand (no payoffs yet): the common case
            return _learner_info(hand.button, hand.to_call, hand.min_raise_to, hand.max_raise_to, history, False, None)
        payoffs = hand.payoffs
        showdown = hand.showdown
        outcome = None if payoffs is None else (payoffs, showdown, hand.hole(_OPPONENT) if showdown else None)
        return _learner_info(hand.button, 0, 0, 0, history, aborted, outcome)


def _learner_info(
    button: int,
    to_call: int,
    min_raise_to: int,
    max_raise_to: int,
    history: tuple[ActionRecord, ...],
    illegal: bool,
    outcome: tuple[tuple[int, int], bool, tuple[int, int] | None] | None,
) -> dict[str, Any]:
    """The learner's info dict (see :class:`HUNLEnv`); ``outcome``: payoffs, showdown and shown cards once settled."""
    info: dict[str, Any] = {
        "seat": _LEARNER,
        "button": button,
        "to_call": to_call,
        "min_raise_to": min_raise_to,
        "max_raise_to": max_raise_to,
        "chips": 0 if outcome is None else outcome[0][_LEARNER],
        "history": history,
        "illegal_action": illegal,
    }
    if outcome is not None:
        info["payoffs"], info["showdown"], info["opponent_hole"] = outcome
    return info
