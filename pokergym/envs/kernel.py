"""Numba kernels that play heads-up hands in the discrete action mode, one table or many per call.

:class:`~pokergym.vector.HUNLVectorEnv` uses these kernels (its ``"kernel"``
backend) when every table would be a plain :class:`~pokergym.envs.HUNLEnv`
in the discrete action mode against :class:`~pokergym.agents.CallAgent`.
One call of :func:`step_tables` takes the learner's action at every table,
plays the calling station's replies, deals the streets, runs out the board
after an all-in, settles the hand, and deals and opens the next hand where
one ended (``SAME_STEP`` autoreset), writing observations, masks, rewards,
terminations and the finished hands' last observations into arrays.

:func:`reset_table`, :func:`step_table` and :func:`seat_view` serve one table
(:class:`~pokergym.envs.compiled.CompiledTable`, the kernel backend of
``HUNL-v0`` and of the AEC environment): they also log every action, stop
when the hand ends, and may leave seat 1's decisions to the caller.

**State.** Table ``i`` is the row ``state[i]`` of an ``int64`` array with the
columns named in :mod:`pokergym.engine.row_layout` (button, street, stacks, street bets, contributions,
whether each seat has acted on the street, the last full raise increment,
the seat to act and its bounds, the payoffs, the hand count, the next
alternating button, the number of actions per street, the raises per street
and seat, and the 9 dealt cards), plus its dealing key in a ``uint64``
array. The observation row of table ``i`` is itself the encoder's state: like
:class:`~pokergym.envs.observation.SeatEncoder`, the kernel writes each
action into its history slot when it is taken, the board cards and street
when a street is dealt, and the scalars after every step, so the rows hold
exactly the floats a single environment returns. The two kernels below hand
their helpers views of these arrays without a memory owner, so that numba
does not count references at every helper call (see :data:`pokergym._jit.unowned`).

**Rules.** The functions below port :class:`~pokergym.engine.HandState`
line for line (blinds, minimum raise = last full raise increment, all-in for
less, uncalled chips returned, run-out, split pots, odd chip to the big
blind); showdowns rank the hands with the evaluator's numba
:func:`~pokergym.evaluator._kernels.rank_of` over its
:func:`~pokergym.evaluator._kernels.kernel_tables`. Dealing follows
:mod:`pokergym.engine.dealer` bit for bit in ``uint64`` arithmetic (every
constant is a ``numpy.uint64``: numba turns mixed signed/unsigned 64-bit
arithmetic into floats), so table ``i`` with key ``k`` deals hand ``n``
exactly as :func:`~pokergym.engine.dealer.deal` does (cards and button bit).

The calling station never folds and both stacks exceed the big blind, so the
learner acts at least once in every hand: a hand never ends before the
learner's first decision.

Example:
    >>> import numpy as np
    >>> from pokergym.engine import GameConfig
    >>> from pokergym.engine.dealer import deal, seed_key
    >>> tables = KernelTables(2, GameConfig())
    >>> tables.reset(np.array([seed_key(5), seed_key(6)], np.uint64), np.array([True, True]))
    >>> tuple(tables.state[0, DECK : DECK + 9].tolist()) == deal(seed_key(5), 0)[0]
    True
    >>> tables.step(np.array([1, 1]))  # call or check at both tables: no hand ends
    0
    >>> tables.observations.shape, tables.masks.shape, tables.rewards.tolist()
    ((2, 318), (2, 9), [0.0, 0.0])
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from pokergym._jit import inner_kernel, kernel, unowned
from pokergym.engine.actions import ActionKind
from pokergym.engine.config import GameConfig
from pokergym.engine.dealer import DEALS, GOLDEN, LIMIT, SEED_MULT, SEED_XOR
from pokergym.engine.row_layout import (
    ACTED,
    ACTIONS,
    ACTOR,
    BET,
    BUTTON,
    CAN_RAISE,
    CONTRIBUTION,
    COUNT,
    DECK,
    LAST_RAISE,
    LOG_FIELDS,
    LOGGED,
    MAX_RAISE_TO,
    MIN_RAISE_TO,
    NEXT_BUTTON,
    PAYOFF,
    RAISES,
    SHOWDOWN,
    STACK,
    STATE_FIELDS,
    STREET,
    TERMINAL,
    TO_CALL,
)
from pokergym.envs.discrete import DEFAULT_FRACTIONS, DiscreteActions, sized_raise
from pokergym.envs.observation import MAX_RAISE_COUNT, ObservationLayout
from pokergym.errors import ConfigError
from pokergym.evaluator._kernels import Tables, kernel_tables, rank_of

__all__ = [
    "ALTERNATE",
    "KEY_GIVEN",
    "NO_SEED",
    "RANDOM",
    "KernelTables",
    "legal_id",
    "reset_table",
    "reset_tables",
    "seat_view",
    "step_table",
    "step_tables",
]


Int64s = npt.NDArray[np.int64]
Log = npt.NDArray[np.int64]
"""An action log: ``int64 (tables, capacity, LOG_FIELDS)``; capacity 0 logs nothing."""
Floats = npt.NDArray[np.float32]


# Entries of the int64 settings array.
_SMALL = 0
_BIG = 1
_STACKS = 2
_SLOTS = 4
_BUTTON_MODE = 5
_PENALIZE = 6
ALTERNATE = -1
"""Button mode: alternate every hand, the first hand after seeding drawing its button bit."""
RANDOM = -2
"""Button mode: every hand draws its button bit."""

# Observation layout (see pokergym.envs.observation).
_HOLE = 0
_BOARD = 52
_STREET_ONE_HOT = 104
_IS_BUTTON = 108
_SCALARS = 109
_HISTORY = 118
_SLOT_WIDTH = 8
_FOLD_COLUMN = 2
_CHECK_COLUMN = 3
_CALL_COLUMN = 4
_RAISE_COLUMN = 5
_ALL_IN_COLUMN = 6
_SIZE_COLUMN = 7
_RIVER = 3
_FOLD_KIND = int(ActionKind.FOLD)
_CHECK_KIND = int(ActionKind.CHECK)
_CALL_KIND = int(ActionKind.CALL)
_BET_KIND = int(ActionKind.BET)
_RAISE_KIND = int(ActionKind.RAISE)
_NO_CARD = -1
_LEARNER = 0
_OPPONENT = 1

# The dealer's constants as uint64 (numba would turn mixed int64/uint64 arithmetic into float64).
_GOLDEN = np.uint64(GOLDEN)
_SEED_XOR = np.uint64(SEED_XOR)
_SEED_MULT = np.uint64(SEED_MULT)
_LIMIT = np.uint64(LIMIT)
_DEALS = np.uint64(DEALS)
_MIX1 = np.uint64(0xBF58476D1CE4E5B9)
_MIX2 = np.uint64(0x94D049BB133111EB)
_SHIFT30 = np.uint64(30)
_SHIFT27 = np.uint64(27)
_SHIFT31 = np.uint64(31)
_ONE = np.uint64(1)


@inner_kernel
def _mix(z: np.uint64) -> np.uint64:
    """SplitMix64's output function (see :func:`pokergym.engine.dealer.mix64`)."""
    z = (z ^ (z >> _SHIFT30)) * _MIX1
    z = (z ^ (z >> _SHIFT27)) * _MIX2
    return z ^ (z >> _SHIFT31)


@inner_kernel
def _deal(state: Int64s, i: int, key: np.uint64, count: int, deck: Int64s) -> int:
    """Write the cards of :func:`pokergym.engine.dealer.deal` of ``(key, count)`` into table ``i``'s row.

    Returns:
        The hand's button bit.
    """
    z = _mix(key + np.uint64(count + 1) * _GOLDEN)
    while z >= _LIMIT:
        z = _mix(z + _GOLDEN)
    r = z % _DEALS
    bit = np.int64((z // _DEALS) & _ONE)
    for c in range(52):
        deck[c] = c
    for k in range(9):
        left = np.uint64(52 - k)
        j = k + np.int64(r % left)
        r = r // left
        card = deck[j]
        deck[j] = deck[k]
        deck[k] = card
        state[i, DECK + k] = card
    return int(bit)


@inner_kernel
def _board_count(street: int) -> int:
    """Board cards visible on ``street``: 0, 3, 4, 5."""
    return 0 if street == 0 else street + 2


@inner_kernel
def _begin_turn(state: Int64s, i: int, seat: int) -> None:
    """``HandState._begin_turn``: give ``seat`` the turn and its bounds."""
    other = 1 - seat
    state[i, ACTOR] = seat
    stack = state[i, STACK + seat]
    to_call = _owed(state, i, seat)
    state[i, TO_CALL] = to_call
    if stack > to_call and state[i, STACK + other] > 0:
        top = state[i, BET + seat] + stack
        low = state[i, BET + other] + state[i, LAST_RAISE]
        state[i, CAN_RAISE] = 1
        state[i, MAX_RAISE_TO] = top
        state[i, MIN_RAISE_TO] = low if low < top else top
    else:
        state[i, CAN_RAISE] = 0
        state[i, MIN_RAISE_TO] = 0
        state[i, MAX_RAISE_TO] = 0


@inner_kernel
def _owed(state: Int64s, i: int, seat: int) -> int:
    """What ``seat`` adds to call at table ``i``: the other seat's bet less its own, at most its stack, at least 0."""
    to_call = int(state[i, BET + 1 - seat] - state[i, BET + seat])
    stack = int(state[i, STACK + seat])
    if to_call > stack:
        return stack
    return to_call if to_call > 0 else 0


@inner_kernel
def _finish(state: Int64s, i: int, payoff: int, showdown: int) -> None:
    """``HandState._finish``: seat 0 wins ``payoff`` chips (seat 1 its opposite)."""
    state[i, TERMINAL] = 1
    state[i, SHOWDOWN] = showdown
    state[i, PAYOFF] = payoff
    state[i, PAYOFF + 1] = -payoff
    state[i, ACTOR] = -1
    state[i, TO_CALL] = 0
    state[i, CAN_RAISE] = 0
    state[i, MIN_RAISE_TO] = 0
    state[i, MAX_RAISE_TO] = 0


@inner_kernel
def _showdown(state: Int64s, i: int, tabs: Tables) -> None:
    """``HandState._showdown``: rank both hands and set the payoffs, splitting a tie (an odd chip to the big blind)."""
    card_keys, suit_bits = tabs[0], tabs[1]
    key = 0
    bits = 0
    for k in range(4, 9):
        card = state[i, DECK + k]
        key += card_keys[card]
        bits |= suit_bits[card]
    a, b, c, d = state[i, DECK], state[i, DECK + 1], state[i, DECK + 2], state[i, DECK + 3]
    button_rank = rank_of(key + card_keys[a] + card_keys[b], bits | suit_bits[a] | suit_bits[b], tabs)
    big_rank = rank_of(key + card_keys[c] + card_keys[d], bits | suit_bits[c] | suit_bits[d], tabs)
    pot = state[i, CONTRIBUTION] + state[i, CONTRIBUTION + 1]
    if button_rank < big_rank:
        button_won = pot
    elif big_rank < button_rank:
        button_won = 0
    else:
        button_won = pot // 2
    won0 = button_won if state[i, BUTTON] == 0 else pot - button_won
    state[i, PAYOFF] = won0 - state[i, CONTRIBUTION]
    state[i, PAYOFF + 1] = -state[i, PAYOFF]


@inner_kernel
def _end_street(state: Int64s, i: int, obs: Floats, big_blind: int) -> None:
    """``HandState._end_street``, writing the new board cards and street into the observation.

    A hand that reaches its showdown is ended with the showdown flag set and
    no payoffs yet: the kernels call :func:`_showdown` for it afterwards
    (only they hold the evaluator's tables, so the hot functions pass fewer arrays).
    """
    if state[i, BET] != state[i, BET + 1]:  # the short side is all-in: give back what it cannot match
        high = 0 if state[i, BET] > state[i, BET + 1] else 1
        excess = state[i, BET + high] - state[i, BET + 1 - high]
        state[i, BET + high] -= excess
        state[i, STACK + high] += excess
        state[i, CONTRIBUTION + high] -= excess
    street = state[i, STREET]
    ends = street == _RIVER or state[i, STACK] == 0 or state[i, STACK + 1] == 0
    new = _RIVER if ends else street + 1
    if new != street:
        for k in range(_board_count(street), _board_count(new)):
            obs[i, _BOARD + state[i, DECK + 4 + k]] = 1.0
        obs[i, _STREET_ONE_HOT + street] = 0.0
        obs[i, _STREET_ONE_HOT + new] = 1.0
        state[i, STREET] = new
    if ends:
        _finish(state, i, 0, 1)
        return
    state[i, BET] = state[i, BET + 1] = 0
    state[i, ACTED] = state[i, ACTED + 1] = 0
    state[i, LAST_RAISE] = big_blind
    _begin_turn(state, i, 1 - state[i, BUTTON])


@inner_kernel
def _record(state: Int64s, i: int, obs: Floats, slots: int, seat: int, column: int, size: float, all_in: bool) -> None:
    """Write an action into its history slot (``SeatEncoder._add_actions``); ``size`` is the raw size ratio."""
    street = state[i, STREET]
    slot = state[i, ACTIONS + street]
    state[i, ACTIONS + street] = slot + 1
    last = slots - 1
    start = _HISTORY + _SLOT_WIDTH * (street * slots + (slot if slot < last else last))
    if slot > last:  # the street overflowed: the last slot keeps the latest action
        for k in range(_SLOT_WIDTH):
            obs[i, start + k] = 0.0
    obs[i, start + seat] = 1.0
    obs[i, start + column] = 1.0
    if column == _RAISE_COLUMN:
        obs[i, start + _SIZE_COLUMN] = size / (1.0 + size)
        counter = 2 * street + seat
        count = state[i, RAISES + counter] + 1
        state[i, RAISES + counter] = count
        obs[i, _HISTORY + 4 * _SLOT_WIDTH * slots + counter] = count if count < MAX_RAISE_COUNT else MAX_RAISE_COUNT
    elif column == _CALL_COLUMN:
        obs[i, start + _SIZE_COLUMN] = size / (1.0 + size)
    if all_in:
        obs[i, start + _ALL_IN_COLUMN] = 1.0


@inner_kernel
def _log(state: Int64s, i: int, log: Log, seat: int, kind: int, to: int, added: int, all_in: bool) -> None:
    """Append an action to table ``i``'s log (counted in ``LOGGED`` even when the log has no room)."""
    n = state[i, LOGGED]
    if n < log.shape[1]:
        log[i, n, 0] = state[i, STREET]
        log[i, n, 1] = seat
        log[i, n, 2] = kind
        log[i, n, 3] = to
        log[i, n, 4] = added
        log[i, n, 5] = all_in
    state[i, LOGGED] = n + 1


@inner_kernel
def _act(state: Int64s, i: int, obs: Floats, log: Log, column: int, to: int, slots: int, big_blind: int) -> None:
    """The seat to act folds, checks, calls (by ``column``) or raises to ``to``, then the hand moves on.

    ``HandState._fold``, ``_check``, ``_call`` and ``_raise`` followed by
    ``_after_action``; the action is recorded in the observation's history
    and in the action log (as the ``ActionRecord`` the engine would append).
    """
    seat = state[i, ACTOR]
    other = 1 - seat
    own = state[i, BET + seat]
    pot = state[i, CONTRIBUTION] + state[i, CONTRIBUTION + 1]
    if column == _FOLD_COLUMN:
        _record(state, i, obs, slots, seat, _FOLD_COLUMN, 0.0, False)
        _log(state, i, log, seat, _FOLD_KIND, own, 0, False)
        loss = state[i, CONTRIBUTION + seat]
        uncalled = state[i, CONTRIBUTION + other] - loss  # the winner's bet nobody matched
        state[i, STACK + other] += uncalled
        state[i, BET + other] -= uncalled
        state[i, CONTRIBUTION + other] -= uncalled
        _finish(state, i, loss if other == 0 else -loss, 0)
        return
    if column == _RAISE_COLUMN:
        facing = state[i, BET + other]
        added = to - own
        if to - facing >= state[i, LAST_RAISE]:
            state[i, LAST_RAISE] = to - facing
        state[i, STACK + seat] -= added
        state[i, BET + seat] = to
        state[i, CONTRIBUTION + seat] += added
        state[i, ACTED + other] = 0
        size = (to - facing) / (pot + facing - own)
        all_in = state[i, STACK + seat] == 0
        _record(state, i, obs, slots, seat, _RAISE_COLUMN, size, all_in)
        _log(state, i, log, seat, _RAISE_KIND if facing else _BET_KIND, to, added, all_in)
    elif column == _CALL_COLUMN:
        amount = state[i, TO_CALL]
        state[i, STACK + seat] -= amount
        state[i, BET + seat] = own + amount
        state[i, CONTRIBUTION + seat] += amount
        all_in = state[i, STACK + seat] == 0
        _record(state, i, obs, slots, seat, _CALL_COLUMN, amount / pot, all_in)
        _log(state, i, log, seat, _CALL_KIND, own + amount, amount, all_in)
    else:
        _record(state, i, obs, slots, seat, _CHECK_COLUMN, 0.0, False)
        _log(state, i, log, seat, _CHECK_KIND, own, 0, False)
    state[i, ACTED + seat] = 1
    if state[i, STACK + other] and (
        state[i, BET + other] < state[i, BET + seat] or (state[i, ACTED + other] == 0 and state[i, STACK + seat])
    ):
        _begin_turn(state, i, other)
    else:
        _end_street(state, i, obs, big_blind)


@inner_kernel
def _play_opponent(state: Int64s, i: int, obs: Floats, log: Log, slots: int, big_blind: int) -> None:
    """The calling station's turns: check or call until the learner acts or the hand ends."""
    while state[i, ACTOR] == _OPPONENT:
        _act(state, i, obs, log, _CALL_COLUMN if state[i, TO_CALL] else _CHECK_COLUMN, 0, slots, big_blind)


@inner_kernel
def _take(
    state: Int64s, i: int, obs: Floats, log: Log, action: int, width: int, fractions: npt.NDArray[np.float64],
    slots: int, big_blind: int,
) -> None:  # fmt: skip
    """Take the legal action id of the seat to act at table ``i`` (``DiscreteActions.apply``)."""
    if action == 0:
        _act(state, i, obs, log, _FOLD_COLUMN, 0, slots, big_blind)
    elif action == 1:
        _act(state, i, obs, log, _CALL_COLUMN if state[i, TO_CALL] else _CHECK_COLUMN, 0, slots, big_blind)
    else:
        to = state[i, MAX_RAISE_TO] if action == width - 1 else _raise_size(state, i, fractions, action - 2)
        _act(state, i, obs, log, _RAISE_COLUMN, to, slots, big_blind)


_sized = inner_kernel(sized_raise)
"""The compiled :func:`~pokergym.envs.discrete.sized_raise` (the raise sizes' one rule)."""


@inner_kernel
def _raise_size(state: Int64s, i: int, fractions: npt.NDArray[np.float64], index: int) -> int:
    """``DiscreteActions.sizes(hand)[index]``: the raise-to amount of fraction ``index``, or 0 where it is masked."""
    bounds = _raise_bounds(state, i)
    previous = found = 0
    for k in range(index + 1):
        previous, found = _sized(bounds, fractions[k], previous)
    return found


@inner_kernel
def _raise_bounds(state: Int64s, i: int) -> tuple[int, int, int, int]:
    """What the pot-fraction raises of the seat to act at table ``i`` are sized from (see :func:`_sized`)."""
    facing = state[i, BET + 1 - state[i, ACTOR]]
    unit = state[i, CONTRIBUTION] + state[i, CONTRIBUTION + 1] + state[i, TO_CALL]
    return facing, unit, state[i, MIN_RAISE_TO], state[i, MAX_RAISE_TO]


@inner_kernel
def _write_scalars(state: Int64s, i: int, obs: Floats, row: int, seat: int, scale: float) -> None:
    """Write the scalars of ``seat``'s observation of table ``i`` into ``obs[row]`` (``SeatEncoder.encode``)."""
    other = 1 - seat
    pot = state[i, CONTRIBUTION] + state[i, CONTRIBUTION + 1]
    stack = state[i, STACK + seat]
    to_call = _owed(state, i, seat)
    obs[row, _SCALARS] = pot * scale
    obs[row, _SCALARS + 1] = stack * scale
    obs[row, _SCALARS + 2] = state[i, STACK + other] * scale
    obs[row, _SCALARS + 3] = state[i, BET + seat] * scale
    obs[row, _SCALARS + 4] = state[i, BET + other] * scale
    obs[row, _SCALARS + 5] = to_call * scale
    turn = state[i, ACTOR] == seat
    obs[row, _SCALARS + 6] = state[i, MIN_RAISE_TO] * scale if turn else 0.0
    obs[row, _SCALARS + 7] = state[i, MAX_RAISE_TO] * scale if turn else 0.0
    obs[row, _SCALARS + 8] = to_call / (pot + to_call)


@inner_kernel
def _write_view(
    state: Int64s, i: int, obs: Floats, masks: npt.NDArray[np.int8], fractions: npt.NDArray[np.float64], scale: float
) -> None:
    """Write the learner's scalars and the mask of the seat to act (``DiscreteActions.mask``) of table ``i``.

    The mask row is all zeros once the hand is over. Where the calling station
    plays seat 1 the seat to act is always the learner (or nobody).
    """
    _write_scalars(state, i, obs, i, _LEARNER, scale)
    width = masks.shape[1]
    actor = state[i, ACTOR]
    if actor < 0:
        for k in range(width):
            masks[i, k] = 0
        return
    masks[i, 0] = 1 if state[i, TO_CALL] else 0
    masks[i, 1] = 1
    can_raise = state[i, CAN_RAISE] == 1
    masks[i, width - 1] = 1 if can_raise else 0
    if not can_raise:
        for k in range(2, width - 1):
            masks[i, k] = 0
        return
    bounds = _raise_bounds(state, i)
    previous = 0
    for k in range(width - 3):
        previous, offered = _sized(bounds, fractions[k], previous)
        masks[i, 2 + k] = 1 if offered else 0


@inner_kernel
def _new_hand(
    state: Int64s,
    keys: npt.NDArray[np.uint64],
    i: int,
    obs: Floats,
    masks: npt.NDArray[np.int8],
    log: Log,
    settings: Int64s,
    fractions: npt.NDArray[np.float64],
    scale: float,
    deck: Int64s,
    reply: bool = True,
) -> None:
    """Deal table ``i``'s next hand (``HandTable.deal`` + ``HandState.new``).

    With ``reply`` the calling station plays seat 1 up to the learner's turn.
    """
    count = state[i, COUNT]
    bit = _deal(state, i, keys[i], count, deck)
    state[i, COUNT] = count + 1
    mode = settings[_BUTTON_MODE]
    if mode == ALTERNATE:
        button = state[i, NEXT_BUTTON]
        if button < 0:
            button = bit
        state[i, NEXT_BUTTON] = 1 - button
    elif mode == RANDOM:
        button = bit
    else:
        button = mode
    _start_hand(state, i, obs, settings, button)
    if reply:
        _play_opponent(state, i, obs, log, settings[_SLOTS], settings[_BIG])
    _write_view(state, i, obs, masks, fractions, scale)


@inner_kernel
def _start_hand(state: Int64s, i: int, obs: Floats, settings: Int64s, button: int) -> None:
    """``HandState.new`` on the cards in table ``i``'s row, with ``button`` on the button.

    Posts the blinds, writes the hole cards, the button and the street into the observation, and gives
    the button its turn.
    """
    big = 1 - button
    big_blind = settings[_BIG]
    stack_button = settings[_STACKS + button]
    stack_big = settings[_STACKS + big]
    posted_small = min(settings[_SMALL], stack_button)
    posted_big = min(big_blind, stack_big)
    state[i, BUTTON] = button
    state[i, STREET] = 0
    state[i, STACK + button] = stack_button - posted_small
    state[i, STACK + big] = stack_big - posted_big
    state[i, BET + button] = state[i, CONTRIBUTION + button] = posted_small
    state[i, BET + big] = state[i, CONTRIBUTION + big] = posted_big
    state[i, ACTED] = state[i, ACTED + 1] = 0
    state[i, LAST_RAISE] = big_blind
    state[i, TERMINAL] = state[i, SHOWDOWN] = 0
    state[i, PAYOFF] = state[i, PAYOFF + 1] = 0
    for k in range(4):
        state[i, ACTIONS + k] = 0
    for k in range(8):
        state[i, RAISES + k] = 0
    state[i, LOGGED] = 0
    obs[i, :] = 0.0
    hole = DECK if button == _LEARNER else DECK + 2
    obs[i, _HOLE + state[i, hole]] = 1.0
    obs[i, _HOLE + state[i, hole + 1]] = 1.0
    if button == _LEARNER:
        obs[i, _IS_BUTTON] = 1.0
    obs[i, _STREET_ONE_HOT] = 1.0
    # Both stacks exceed the big blind, so the button always has a decision after the blinds
    # (HandState._start's other cases cannot happen), and the calling station's reply (a call or
    # a check) always leaves the learner a decision too: no hand ends before the learner acts.
    _begin_turn(state, i, button)


@kernel
def reset_tables(
    reseed: npt.NDArray[np.bool_],
    new_keys: npt.NDArray[np.uint64],
    state: Int64s,
    keys: npt.NDArray[np.uint64],
    obs: Floats,
    masks: npt.NDArray[np.int8],
    settings: Int64s,
    fractions: npt.NDArray[np.float64],
    scale: float,
) -> None:
    """Deal the next hand at every table; tables with ``reseed`` first go to hand 0 under ``new_keys``.

    A reseeded table also forgets the button alternation, so its first hand
    takes the dealer's button bit (as :meth:`HUNLEnv.reset <pokergym.envs.HUNLEnv.reset>` with a seed).
    """
    state, keys, obs, masks = unowned(state), unowned(keys), unowned(obs), unowned(masks)
    settings, fractions = unowned(settings), unowned(fractions)
    deck = np.empty(52, np.int64)
    log = np.empty((1, 0, LOG_FIELDS), np.int64)  # the vector keeps no action log
    for i in range(state.shape[0]):
        if reseed[i]:
            keys[i] = new_keys[i]
            state[i, COUNT] = 0
            state[i, NEXT_BUTTON] = -1
        _new_hand(state, keys, i, obs, masks, log, settings, fractions, scale, deck)


@kernel
def seat_view(
    state: Int64s,
    obs: Floats,
    masks: npt.NDArray[np.int8],
    settings: Int64s,
    seat: int,
    scale: float,
    out_obs: Floats,
    out_mask: npt.NDArray[np.int8],
) -> None:
    """Write ``seat``'s observation and mask of table 0 into ``out_obs[0]`` and ``out_mask[0]``.

    Row 0 of ``obs`` is seat 0's observation; seat 1's is the same vector
    seen from the other side: the other hole cards and position, each history
    slot's actor columns and each street's raise counters swapped, its own
    scalars. The mask is the seat's own when it is to act, else all zeros.
    """
    out_obs[0, :] = obs[0, :]
    if seat == 1:
        button = state[0, BUTTON]
        mine = DECK + 2 if button == 0 else DECK
        theirs = DECK if button == 0 else DECK + 2
        out_obs[0, _HOLE + state[0, theirs]] = out_obs[0, _HOLE + state[0, theirs + 1]] = 0.0
        out_obs[0, _HOLE + state[0, mine]] = out_obs[0, _HOLE + state[0, mine + 1]] = 1.0
        out_obs[0, _IS_BUTTON] = 1.0 if button == 1 else 0.0
        slots = settings[_SLOTS]
        for slot in range(4 * slots):
            start = _HISTORY + _SLOT_WIDTH * slot
            first = out_obs[0, start]
            out_obs[0, start] = out_obs[0, start + 1]
            out_obs[0, start + 1] = first
        counters = _HISTORY + 4 * _SLOT_WIDTH * slots
        for street in range(4):
            first = out_obs[0, counters + 2 * street]
            out_obs[0, counters + 2 * street] = out_obs[0, counters + 2 * street + 1]
            out_obs[0, counters + 2 * street + 1] = first
        _write_scalars(state, 0, out_obs, 0, 1, scale)
    turn = state[0, ACTOR] == seat
    for k in range(masks.shape[1]):
        out_mask[0, k] = masks[0, k] if turn else 0


@kernel
def replay_view(
    state: Int64s,
    obs: Floats,
    masks: npt.NDArray[np.int8],
    settings: Int64s,
    fractions: npt.NDArray[np.float64],
    scale: float,
    log: Log,
    moves: Int64s,
    seat: int,
    out_obs: Floats,
    out_mask: npt.NDArray[np.int8],
    out_sizes: Int64s,
) -> None:
    """Play table 0's hand from its row's cards and button through ``moves``; write ``seat``'s view.

    ``moves`` holds one row per action, ``(column, to)``: the fold, check, call
    or raise column of the observation's history and the raise-to amount; the
    actions are logged in table 0 of ``log`` (as :func:`step_table` logs them).
    ``out_obs[0]`` and ``out_mask[0]`` get what :func:`seat_view` writes, and
    ``out_sizes`` the raise-to amount of every discrete action id
    (``DiscreteActions.sizes`` for the pot fractions, 0 where masked, then
    all-in as the last), for the seat to act.
    """
    state, obs, masks, settings = unowned(state), unowned(obs), unowned(masks), unowned(settings)
    _start_hand(state, 0, obs, settings, state[0, BUTTON])
    for k in range(moves.shape[0]):
        _act(state, 0, obs, log, moves[k, 0], moves[k, 1], settings[_SLOTS], settings[_BIG])
    _write_view(state, 0, obs, masks, fractions, scale)
    seat_view(state, obs, masks, settings, seat, scale, out_obs, out_mask)
    for k in range(out_sizes.shape[0] - 1):
        out_sizes[k] = _raise_size(state, 0, fractions, k)
    out_sizes[out_sizes.shape[0] - 1] = state[0, MAX_RAISE_TO]


@kernel
def step_tables(
    actions: Int64s,
    state: Int64s,
    keys: npt.NDArray[np.uint64],
    obs: Floats,
    masks: npt.NDArray[np.int8],
    rewards: npt.NDArray[np.float64],
    terminations: npt.NDArray[np.bool_],
    final_obs: Floats,
    final_masks: npt.NDArray[np.int8],
    final_payoffs: Int64s,
    final_showdown: npt.NDArray[np.bool_],
    final_illegal: npt.NDArray[np.bool_],
    final_button: Int64s,
    final_hole: Int64s,
    settings: Int64s,
    fractions: npt.NDArray[np.float64],
    scale: float,
    penalty: float,
    tabs: Tables,
) -> int:
    """Take the learner's action id at every table, play the hands on and deal new ones where they end.

    An action is legal when its id is in range and set in the table's mask.
    Without the penalty setting, the first table with an illegal action is
    returned before anything is stepped. With it, an illegal action ends that
    table's hand with reward ``-penalty`` (the final observation is the one the
    action was taken on, with an all-zero mask).

    Where a hand ends, the ``final_*`` arrays get its last observation and
    mask, the payoffs of both seats (0 after an illegal action), whether it
    ended at a showdown, whether an illegal action ended it, its button and
    the opponent's hole cards if shown (else -1); the table already holds
    the next hand. The outcome rows of the other tables are zeros (hole cards
    -1), their final observation and mask rows are left as they were.

    Returns:
        The number of hands that ended, or ``-1 - i`` for the first table
        ``i`` whose action is illegal (nothing stepped) without the penalty setting.
    """
    n = state.shape[0]
    width = masks.shape[1]
    if settings[_PENALIZE] == 0:
        for i in range(n):
            if not _legal_id(actions[i], masks, i, width):
                return -1 - i
    state, keys, obs, masks = unowned(state), unowned(keys), unowned(obs), unowned(masks)
    settings, fractions = unowned(settings), unowned(fractions)
    tables = unowned(tabs)
    outcome = (final_payoffs, final_showdown, final_illegal, final_button, final_hole)
    slots = settings[_SLOTS]
    big_blind = settings[_BIG]
    deck = np.empty(52, np.int64)
    log = np.empty((1, 0, LOG_FIELDS), np.int64)  # the vector keeps no action log
    ended = 0
    for i in range(n):
        a = actions[i]
        if not _legal_id(a, masks, i, width):
            final_obs[i, :] = obs[i, :]
            _record_outcome(outcome, i, 0, 0, False, True, _NO_CARD, _NO_CARD)
            rewards[i] = -penalty
        else:
            _take(state, i, obs, log, a, width, fractions, slots, big_blind)
            _play_opponent(state, i, obs, log, slots, big_blind)
            _write_view(state, i, obs, masks, fractions, scale)
            if state[i, TERMINAL] == 0:
                rewards[i] = 0.0
                terminations[i] = False
                _record_outcome(outcome, i, 0, 0, False, False, _NO_CARD, _NO_CARD)
                continue
            _settle_into(state, i, tables, outcome)
            final_obs[i, :] = obs[i, :]
            rewards[i] = state[i, PAYOFF] / big_blind
        final_masks[i, :] = 0
        final_button[i] = state[i, BUTTON]
        terminations[i] = True
        ended += 1
        _new_hand(state, keys, i, obs, masks, log, settings, fractions, scale, deck)
    return ended


@inner_kernel
def _legal_id(action: int, masks: npt.NDArray[np.int8], i: int, width: int) -> bool:
    """Whether ``action`` is an id in range that table ``i``'s mask allows."""
    return 0 <= action < width and masks[i, action] != 0


_Outcome = tuple[Int64s, npt.NDArray[np.bool_], npt.NDArray[np.bool_], Int64s, Int64s]
"""The ``final_*`` outcome rows of :func:`step_tables`: payoffs, showdown, illegal, button, the opponent's hole."""


@inner_kernel
def _record_outcome(
    outcome: _Outcome, i: int, payoff0: int, payoff1: int, showdown: bool, illegal: bool, hole0: int, hole1: int
) -> None:  # fmt: skip
    """Write table ``i``'s outcome row (the button 0: :func:`step_tables` writes it where a hand ended)."""
    payoffs, showdowns, illegals, buttons, holes = outcome
    payoffs[i, 0], payoffs[i, 1] = payoff0, payoff1
    showdowns[i], illegals[i] = showdown, illegal
    holes[i, 0], holes[i, 1] = hole0, hole1
    buttons[i] = 0


@inner_kernel
def _settle_into(state: Int64s, i: int, tables: Tables, outcome: _Outcome) -> None:
    """Settle table ``i``'s ended hand (its showdown if any) and write its outcome row."""
    showdown = state[i, SHOWDOWN]
    if showdown:
        _showdown(state, i, tables)
    hole = DECK if state[i, BUTTON] == _OPPONENT else DECK + 2
    shown0 = state[i, hole] if showdown else _NO_CARD
    shown1 = state[i, hole + 1] if showdown else _NO_CARD
    _record_outcome(outcome, i, state[i, PAYOFF], state[i, PAYOFF + 1], showdown == 1, False, shown0, shown1)


KEY_GIVEN = -2
"""``seed`` of :func:`reset_table`: reseed with the key already written in ``keys[0]``."""
NO_SEED = -1
"""``seed`` of :func:`reset_table`: deal the next hand under the current key."""


@kernel
def reset_table(
    seed: int,
    reply: bool,
    state: Int64s,
    keys: npt.NDArray[np.uint64],
    obs: Floats,
    masks: npt.NDArray[np.int8],
    log: Log,
    settings: Int64s,
    fractions: npt.NDArray[np.float64],
    scale: float,
) -> None:
    """Deal the next hand of table 0 alone, logging its actions (a single environment's reset).

    A ``seed`` of 0 or more (a one-word seed below ``2**63``) sets the key
    to :func:`~pokergym.engine.dealer.seed_key` of it, computed here in
    ``uint64`` arithmetic; :data:`KEY_GIVEN` keeps the key the caller wrote
    into ``keys[0]``; either way the table goes back to hand 0 and forgets
    the button alternation. :data:`NO_SEED` deals the next hand. With
    ``reply`` the calling station plays seat 1 (``HUNL-v0``); without, both
    seats are played from outside (the AEC environment).
    """
    state, keys, obs, masks, log = unowned(state), unowned(keys), unowned(obs), unowned(masks), unowned(log)
    if seed >= 0:
        keys[0] = (np.uint64(seed) ^ _SEED_XOR) * _SEED_MULT
    if seed != NO_SEED:
        state[0, COUNT] = 0
        state[0, NEXT_BUTTON] = -1
    deck = np.empty(52, np.int64)
    _new_hand(state, keys, 0, obs, masks, log, unowned(settings), unowned(fractions), scale, deck, reply)


@kernel
def step_table(
    action: int,
    reply: bool,
    state: Int64s,
    obs: Floats,
    masks: npt.NDArray[np.int8],
    log: Log,
    settings: Int64s,
    fractions: npt.NDArray[np.float64],
    scale: float,
    tabs: Tables,
) -> bool:
    """Take the legal action id of the seat to act at table 0, logging it (no autoreset).

    The caller checks the id against ``masks[0]`` first. With ``reply`` the
    calling station then plays seat 1 up to the learner's next turn. A hand
    that ends is settled; nothing else is dealt.

    Returns:
        Whether the hand is over.
    """
    state, obs, masks, log = unowned(state), unowned(obs), unowned(masks), unowned(log)
    fractions = unowned(fractions)
    _take(state, 0, obs, log, action, masks.shape[1], fractions, settings[_SLOTS], settings[_BIG])
    if reply:
        _play_opponent(state, 0, obs, log, settings[_SLOTS], settings[_BIG])
    if state[0, SHOWDOWN]:
        _showdown(state, 0, unowned(tabs))
    _write_view(state, 0, obs, masks, fractions, scale)
    return bool(state[0, TERMINAL] == 1)


@kernel
def legal_id(masks: npt.NDArray[np.int8], uniforms: npt.NDArray[np.float64], out: Int64s) -> None:
    """Write into ``out[i]`` the legal id of row ``i`` of ``masks`` picked by ``uniforms[i]`` in ``[0, 1)``.

    With uniform draws this is a uniformly random legal action per table (the
    random policy of benchmarks and tests); a row without legal ids gets 1.

    Example:
        >>> out = np.zeros(2, np.int64)
        >>> legal_id(np.array([[0, 1, 1], [1, 0, 1]], np.int8), np.array([0.9, 0.1]), out)
        >>> out.tolist()
        [2, 0]
    """
    for i in range(masks.shape[0]):
        legal = 0
        for k in range(masks.shape[1]):
            legal += masks[i, k]
        pick = int(uniforms[i] * legal)
        chosen = 1
        for k in range(masks.shape[1]):
            if masks[i, k]:
                if pick == 0:
                    chosen = k
                    break
                pick -= 1
        out[i] = chosen


class KernelTables:
    """The state and output arrays of ``num_tables`` tables, stepped by the kernels.

    Args:
        num_tables: the number of tables.
        config: blinds and stacks (both stacks must exceed the big blind).
        raise_fractions: the discrete mode's pot fractions, increasing.
        button: ``"alternate"``, ``"random"`` or a fixed seat ``0``/``1`` (as :class:`~pokergym.envs.HUNLEnv`).
        penalty: ``None`` to report illegal actions (:meth:`step` returns the
            table), or the reward in big blinds of a hand ended by an illegal action.
        history_slots: action slots per street in the observation.

    Attributes:
        settings: ``int64``: small blind, big blind, both stacks, history slots, button mode, penalty flag.
        fractions: ``float64``, the pot fractions.
        scale: chips to observation units (``1 / (100 * big_blind)``).
        tabs: the evaluator's :func:`~pokergym.evaluator._kernels.kernel_tables`.
        penalty_mode: whether an illegal action ends its hand with a penalty (else :meth:`step` reports it).
        penalty: the penalty in big blinds (0 without the penalty setting).
        state: ``int64 (num_tables, STATE_FIELDS)``, one row per table (columns: :mod:`pokergym.engine.row_layout`).
        keys: ``uint64 (num_tables,)``, the dealing keys.
        observations: ``float32 (num_tables, n)``, the learner's observations.
        masks: ``int8 (num_tables, m)``, the learner's action masks.
        rewards: ``float64 (num_tables,)``, the last step's rewards in big blinds.
        terminations: ``bool (num_tables,)``, whether the last step ended each table's hand.
        final_observations / final_masks: the last observation and mask of a finished hand.
        final_payoffs / final_showdown / final_illegal / final_button / final_hole:
            a finished hand's outcome (see :func:`step_tables`).

    Raises:
        ConfigError: a stack does not exceed the big blind, or another argument is invalid.
    """

    def __init__(
        self,
        num_tables: int,
        config: GameConfig,
        raise_fractions: Sequence[float] = DEFAULT_FRACTIONS,
        button: str | int = "alternate",
        penalty: float | None = None,
        history_slots: int = 6,
    ) -> None:
        """Allocate the arrays; every table gets a dealing key from the operating system's entropy."""
        if min(config.stacks) <= config.big_blind:
            raise ConfigError(f"both stacks must exceed the big blind ({config.big_blind}), got {config.stacks}")
        if button not in ("alternate", "random", 0, 1) or isinstance(button, bool):
            raise ConfigError(f"button must be 'alternate', 'random', 0 or 1, got {button!r}")
        layout = ObservationLayout(config, history_slots)
        fractions = DiscreteActions(raise_fractions).fractions  # validated: positive, increasing
        mode = ALTERNATE if button == "alternate" else RANDOM if button == "random" else int(button)
        self.settings = np.array(
            [
                config.small_blind,
                config.big_blind,
                *config.stacks,
                history_slots,
                mode,
                0 if penalty is None else 1,
            ],
            np.int64,
        )
        self.fractions = np.array(fractions, np.float64)
        self.scale = layout.chip_scale
        self.penalty_mode = penalty is not None
        self.penalty = 0.0 if penalty is None else float(penalty)
        self.tabs = kernel_tables()
        self.state = np.zeros((num_tables, STATE_FIELDS), np.int64)
        self.state[:, NEXT_BUTTON] = -1
        # Like a Dealer built without a key: 64 bits of the operating system's entropy per table.
        self.keys = np.frombuffer(secrets.token_bytes(8 * num_tables), np.uint64).copy()
        self.observations = np.zeros((num_tables, layout.size), np.float32)
        self.masks = np.zeros((num_tables, len(fractions) + 3), np.int8)
        self.rewards = np.zeros(num_tables, np.float64)
        self.terminations = np.zeros(num_tables, np.bool_)
        self.final_observations = np.zeros_like(self.observations)
        self.final_masks = np.zeros_like(self.masks)
        self.final_payoffs = np.zeros((num_tables, 2), np.int64)
        self.final_showdown = np.zeros(num_tables, np.bool_)
        self.final_illegal = np.zeros(num_tables, np.bool_)
        self.final_button = np.zeros(num_tables, np.int64)
        self.final_hole = np.zeros((num_tables, 2), np.int64)

    def __getstate__(self) -> dict[str, Any]:
        """The arrays without the evaluator's shared tables (rebuilt on unpickling)."""
        state = dict(self.__dict__)
        del state["tabs"]
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        """Restore the arrays and fetch the evaluator's tables."""
        self.__dict__.update(state)
        self.tabs = kernel_tables()

    def reset(self, new_keys: npt.NDArray[np.uint64], reseed: npt.NDArray[np.bool_]) -> None:
        """Deal the next hand everywhere; tables with ``reseed`` restart at hand 0 under ``new_keys``."""
        reset_tables(
            reseed, new_keys, self.state, self.keys, self.observations, self.masks,
            self.settings, self.fractions, self.scale,
        )  # fmt: skip

    def step(self, actions: Int64s) -> int:
        """Step every table with ``actions`` (int64 ids).

        Returns:
            The number of hands that ended, or ``-1 - i`` if table ``i`` has
            the first illegal action (nothing stepped; without a penalty). See :func:`step_tables`.
        """
        return step_tables(
            actions, self.state, self.keys, self.observations, self.masks, self.rewards, self.terminations,
            self.final_observations, self.final_masks, self.final_payoffs, self.final_showdown, self.final_illegal,
            self.final_button, self.final_hole,
            self.settings, self.fractions, self.scale, self.penalty, self.tabs,
        )  # fmt: skip
