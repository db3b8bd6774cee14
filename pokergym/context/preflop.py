"""Preflop decisions from 169-class range tables (the PokerSkill P2 layer).

Before the flop the PokerSkill agents do not reason about the hand: they find
which of twelve preflop spots they are in, look up how often their hand class
raises, calls and folds there, and draw an action from those frequencies.
This module does the three steps:

* :func:`detect_scenario` reads the preflop history of a
  :class:`~pokergym.engine.view.PlayerView` and names the spot;
* :func:`preflop_probabilities` turns the spot's table row into a
  distribution over legal actions, and :func:`preflop_decision` samples it;
* :func:`raise_to_size` gives the chips of the spot's raise.

Scenarios. The button (small blind) acts first before the flop. A pot is
*opened* when the button's first action is a raise and *limped* when it only
completes the blind. Each name tells who acts and what it faces:

============================  =========================================  ===========
scenario                      the seat to act faces                      raise to
============================  =========================================  ===========
``btn_first``                 nothing: the button's first decision       2.5 BB
``bb_vs_limp``                a limp (it may check for free)             5 BB
``bb_vs_open``                an open raise                              9 BB [1]_
``btn_open_vs_3bet``          a 3-bet after opening                      27 BB
``btn_limp_vs_raise``         a raise after limping                      15 BB
``limp_3bet_bb``              a re-raise of its raise over a limp        37.5 BB
``open_4bet_bb``              a 4-bet of its 3-bet                       54 BB
``open_5bet_btn``             a 5-bet of its 4-bet                       all-in
``limp_4bet_btn``             a 4-bet of its limp-re-raise               all-in
``open_allin_bb``             an all-in, in an opened pot (big blind)    call/fold
``limp_allin_bb``             an all-in, in a limped pot (big blind)     call/fold
``deep_default``              anything deeper: no table                  (none)
============================  =========================================  ===========

.. [1] Against opens of at most 3 BB (the paper's sample hand opens 2.75 BB);
   the reference's "4x the open" applies to larger opens.

A seat faces an *all-in* when it must call and cannot raise (the opponent
has no chips behind, or calling takes the whole stack). The big blind facing
an all-in is in ``open_allin_bb`` or ``limp_allin_bb`` whatever the number of
raises before (short stacks included). The button facing an all-in uses the
jam-or-fold table of its pot (``open_5bet_btn`` or ``limp_4bet_btn``) and
calls with the hands that table shoves: getting the stacks in is the same
decision either way. (The released PokerSkill code has no table for the
button facing a 5-bet jam; pokergym prefers a table to a fallback there.)
Deeper lines with chips behind (a 6-bet, a non-all-in 5-bet in a limped pot)
are ``deep_default``: :func:`preflop_probabilities` and
:func:`preflop_decision` raise :class:`NoPreflopTableError` and the caller
(the rule agent, the LLM agent) decides by its own means.

Tables. Each table gives, for every one of the 169 hand classes, the
probability of raising and of calling; the rest folds. They are package data
(``data/preflop_ranges.json``), built by ``python -m tools.build_preflop`` (in a
checkout) from a class-versus-class equity matrix; that script's docstring
explains the method and the chosen totals. When checking is free (``bb_vs_limp``) the
non-raise share checks. When the table's action is impossible the share moves
to the nearest legal action: a raise that cannot be made becomes a call (or a
check), a call with nothing to call becomes a check, and a fold when checking
is free becomes a check.

Example:
    >>> import numpy as np
    >>> from pokergym.cards import parse_cards
    >>> from pokergym.engine import HandState
    >>> state = HandState.new(deck=parse_cards("AsAh7c2d2c7d9hJsQd"), button=0)
    >>> view = state.view(0)
    >>> detect_scenario(view).name, raise_to_size(view, detect_scenario(view))
    ('btn_first', 250)
    >>> [(str(a), p) for a, p in preflop_probabilities(view)]
    [('raise to 250', 1.0)]
    >>> state.raise_to(250)
    >>> view = state.view(1)
    >>> detect_scenario(view).name, raise_to_size(view, detect_scenario(view))
    ('bb_vs_open', 900)
    >>> [(str(a), p) for a, p in preflop_probabilities(view)]
    [('fold', 1.0)]
    >>> str(preflop_decision(view, np.random.default_rng(0)))
    'fold'
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from enum import StrEnum, auto
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Final

import numpy as np

from pokergym.engine.actions import Action, ActionKind, ActionRecord, Street
from pokergym.engine.state import LegalActions
from pokergym.engine.view import PlayerView
from pokergym.errors import PokerGymError
from pokergym.evaluator import class_index_169, combos_in_class, hand_class_169

__all__ = [
    "RANGES_FILE",
    "NoPreflopTableError",
    "PreflopError",
    "PreflopRange",
    "PreflopScenario",
    "detect_scenario",
    "preflop_decision",
    "preflop_probabilities",
    "preflop_range",
    "raise_to_size",
]

RANGES_FILE: Final = "preflop_ranges.json"
"""Name of the table file inside ``pokergym/context/data``."""


class PreflopError(PokerGymError, ValueError):
    """The view is not a preflop decision of the seat, or the spot has no raise."""


class NoPreflopTableError(PreflopError, LookupError):
    """The spot is ``deep_default``: no table applies and the caller must decide."""


class PreflopScenario(StrEnum):
    """The twelve preflop spots; the value equals the name (e.g. ``"bb_vs_open"``).

    Example:
        >>> PreflopScenario("bb_vs_open").raise_to_bb
        9.0
        >>> PreflopScenario.open_5bet_btn.raise_to_bb
        inf
        >>> PreflopScenario.open_allin_bb.raise_to_bb is None, PreflopScenario.deep_default.has_table
        (True, False)
    """

    btn_first = auto()
    bb_vs_limp = auto()
    bb_vs_open = auto()
    btn_open_vs_3bet = auto()
    btn_limp_vs_raise = auto()
    limp_3bet_bb = auto()
    open_4bet_bb = auto()
    open_5bet_btn = auto()
    limp_4bet_btn = auto()
    open_allin_bb = auto()
    limp_allin_bb = auto()
    deep_default = auto()

    @property
    def has_table(self) -> bool:
        """Whether a range table covers the spot (every spot but ``deep_default``)."""
        return self is not PreflopScenario.deep_default

    @property
    def raise_to_bb(self) -> float | None:
        """The nominal raise-to size in big blinds.

        ``inf`` means all-in; ``None`` means the spot has no raise (the
        all-in spots call or fold, ``deep_default`` has no table). The
        ``bb_vs_open`` value is the size against an open of at most 3 BB.
        """
        return _RAISE_TO_BB.get(self)


_S = PreflopScenario
_RAISE_TO_BB: Final[dict[PreflopScenario, float]] = {
    _S.btn_first: 2.5,
    _S.bb_vs_limp: 5.0,
    _S.bb_vs_open: 9.0,
    _S.btn_open_vs_3bet: 27.0,
    _S.btn_limp_vs_raise: 15.0,
    _S.limp_3bet_bb: 37.5,
    _S.open_4bet_bb: 54.0,
    _S.open_5bet_btn: math.inf,
    _S.limp_4bet_btn: math.inf,
}
# Opens up to this size (in BB) meet the fixed 9 BB 3-bet; larger ones 4x the open.
_STANDARD_OPEN_MAX_BB: Final = 3.0
_LARGE_OPEN_MULTIPLIER: Final = 4

# By pot origin (True = opened) and seat (True = button): the spot for each
# number of raises faced, then the spot used when facing an all-in.
_BY_RAISES: Final[dict[tuple[bool, bool], dict[int, PreflopScenario]]] = {
    (True, False): {1: _S.bb_vs_open, 3: _S.open_4bet_bb},
    (True, True): {2: _S.btn_open_vs_3bet, 4: _S.open_5bet_btn},
    (False, False): {0: _S.bb_vs_limp, 2: _S.limp_3bet_bb},
    (False, True): {1: _S.btn_limp_vs_raise, 3: _S.limp_4bet_btn},
}
_FACING_ALL_IN: Final[dict[tuple[bool, bool], PreflopScenario]] = {
    (True, False): _S.open_allin_bb,
    (True, True): _S.open_5bet_btn,
    (False, False): _S.limp_allin_bb,
    (False, True): _S.limp_4bet_btn,
}


def _legal(view: PlayerView) -> LegalActions:
    if view.street != Street.PREFLOP:
        raise PreflopError(f"preflop tables only apply before the flop, the view is on the {view.street.name.lower()}")
    if view.legal is None:
        raise PreflopError(f"seat {view.seat} is not the seat to act")
    return view.legal


def detect_scenario(view: PlayerView) -> PreflopScenario:
    """Name the preflop spot of the seat to act.

    Args:
        view: a preflop view of the seat whose turn it is.

    Returns:
        The scenario (see the module docstring for the rules).

    Raises:
        PreflopError: if the view is not preflop or it is not the seat's turn.

    Example:
        >>> from pokergym.engine import HandState
        >>> state = HandState.new(deck=tuple(range(9)), button=0)
        >>> state.call()                      # the button limps
        >>> detect_scenario(state.view(1)).name
        'bb_vs_limp'
        >>> state.raise_to(500); state.all_in()   # raise, then a jam
        >>> detect_scenario(state.view(1)).name
        'limp_allin_bb'
    """
    legal = _legal(view)
    actions = [r for r in view.history if r.street == Street.PREFLOP]
    if not actions:
        return _S.btn_first
    opened = _is_raise(actions[0])
    key = (opened, view.is_button)
    if legal.can_call and not legal.can_raise:
        return _FACING_ALL_IN[key]
    raises = sum(1 for r in actions if _is_raise(r))
    return _BY_RAISES[key].get(raises, _S.deep_default)


def _is_raise(record: ActionRecord) -> bool:
    return record.kind in (ActionKind.BET, ActionKind.RAISE)


def raise_to_size(view: PlayerView, scenario: PreflopScenario) -> int:
    """The spot's raise-to amount in chips, clamped into the legal range.

    Sizes are the nominal :attr:`PreflopScenario.raise_to_bb` times the big
    blind (rounded half up), except that ``bb_vs_open`` 3-bets to 4 times the
    open against opens larger than 3 BB. All-in spots return the maximum.

    Args:
        view: a preflop view of the seat to act.
        scenario: the spot, normally ``detect_scenario(view)``.

    Returns:
        Chips, within ``[legal.min_raise_to, legal.max_raise_to]``.

    Raises:
        PreflopError: if the spot has no raise or raising is not legal.

    Example:
        >>> from pokergym.engine import GameConfig, HandState
        >>> state = HandState.new(deck=tuple(range(9)), button=0)
        >>> state.raise_to(400)               # a 4 BB open
        >>> raise_to_size(state.view(1), PreflopScenario.bb_vs_open)
        1600
        >>> short = HandState.new(GameConfig(stacks=(20000, 700)), deck=tuple(range(9)), button=0)
        >>> short.raise_to(250)
        >>> raise_to_size(short.view(1), PreflopScenario.bb_vs_open)   # 9 BB capped at the stack
        700
    """
    legal = _legal(view)
    size_bb = scenario.raise_to_bb
    if size_bb is None:
        raise PreflopError(f"the {scenario} spot has no raise (call or fold only, or no table)")
    if not legal.can_raise:
        raise PreflopError(f"seat {view.seat} cannot raise: {legal.describe()}")
    big_blind = view.config.big_blind
    if math.isinf(size_bb):
        return legal.max_raise_to
    chips = math.floor(size_bb * big_blind + 0.5)
    if scenario is _S.bb_vs_open:
        open_to = next(r.to for r in view.history if _is_raise(r))
        if open_to > _STANDARD_OPEN_MAX_BB * big_blind:
            chips = _LARGE_OPEN_MULTIPLIER * open_to
    return min(max(chips, legal.min_raise_to), legal.max_raise_to)


@dataclass(frozen=True, slots=True)
class PreflopRange:
    """The range table of one spot.

    Attributes:
        scenario: the spot.
        raise_freq: probability of raising for each of the 169 hand classes
            (``"AA"``, ``"AKs"``, ``"T9o"``, ...).
        call_freq: probability of calling; the rest folds. In ``bb_vs_limp``,
            where checking is free, it is 0 and the rest (all but the raises)
            checks (:func:`preflop_probabilities` plays it so).

    Example:
        >>> table = preflop_range(PreflopScenario.open_allin_bb)
        >>> table.frequencies("AKo"), table.frequencies("TT")
        ((0.0, 1.0, 0.0), (0.0, 0.0, 1.0))
    """

    scenario: PreflopScenario
    raise_freq: MappingProxyType[str, float]
    call_freq: MappingProxyType[str, float]

    def frequencies(self, hand_class: str) -> tuple[float, float, float]:
        """The ``(raise, call, fold)`` probabilities of a hand class.

        Raises:
            KeyError: if ``hand_class`` is not one of the 169 names.
        """
        r = self.raise_freq[hand_class]
        c = self.call_freq[hand_class]
        return r, c, max(0.0, 1.0 - r - c)

    def totals(self) -> tuple[float, float, float]:
        """Combo-weighted ``(raise, call, fold)`` shares over all 1326 starting hands.

        Example:
            >>> [round(x, 3) for x in preflop_range(PreflopScenario.btn_first).totals()]
            [0.747, 0.0, 0.253]
        """
        raised = called = total = 0.0
        for hand_class, r in self.raise_freq.items():
            n = combos_in_class(class_index_169(hand_class))
            raised += n * r
            called += n * self.call_freq[hand_class]
            total += n
        return raised / total, called / total, 1.0 - (raised + called) / total


def preflop_range(scenario: PreflopScenario) -> PreflopRange:
    """The range table of a spot (loaded from package data once).

    Raises:
        NoPreflopTableError: for ``deep_default``.
    """
    tables = _load_tables()
    if scenario not in tables:
        raise NoPreflopTableError(f"no preflop table for the {scenario} spot; the caller must decide")
    return tables[scenario]


@cache
def _load_tables() -> dict[PreflopScenario, PreflopRange]:
    data = json.loads((Path(__file__).with_name("data") / RANGES_FILE).read_text(encoding="utf-8"))
    classes: list[str] = data["classes"]
    tables = {}
    for name, row in data["scenarios"].items():
        scenario = PreflopScenario(name)
        tables[scenario] = PreflopRange(
            scenario,
            MappingProxyType(dict(zip(classes, map(float, row["raise"]), strict=True))),
            MappingProxyType(dict(zip(classes, map(float, row["call"]), strict=True))),
        )
    return tables


def preflop_probabilities(view: PlayerView) -> list[tuple[Action, float]]:
    """The distribution :func:`preflop_decision` samples from.

    Args:
        view: a preflop view of the seat to act.

    Returns:
        ``(action, probability)`` pairs, each action legal and listed once, in
        the order fold, check, call, raise, probabilities positive and summing
        to 1. Raises use :func:`raise_to_size`.

    Raises:
        PreflopError: if the view is not a preflop decision of the seat.
        NoPreflopTableError: in ``deep_default``.

    Example:
        >>> from pokergym.cards import parse_cards
        >>> from pokergym.engine import HandState
        >>> state = HandState.new(deck=parse_cards("7c2dAsKs2c7d9hJsQd"), button=0)
        >>> state.call()                       # a limp; the big blind holds AKs
        >>> [(str(a), p) for a, p in preflop_probabilities(state.view(1))]
        [('raise to 500', 1.0)]
    """
    legal = _legal(view)
    scenario = detect_scenario(view)
    raise_p, call_p, fold_p = preflop_range(scenario).frequencies(hand_class_169(view.hole))
    passive = Action.call() if legal.can_call else Action.check()
    fold = Action.fold() if legal.can_fold else Action.check()
    aggressive = Action.raise_to(raise_to_size(view, scenario)) if legal.can_raise and raise_p > 0.0 else passive
    weights: dict[Action, float] = {}
    for action, p in ((fold, fold_p), (passive, call_p), (aggressive, raise_p)):
        if p > 0.0:
            weights[action] = weights.get(action, 0.0) + p
    total = sum(weights.values())
    return sorted(((a, p / total) for a, p in weights.items()), key=lambda item: item[0].kind)


def preflop_decision(view: PlayerView, rng: np.random.Generator) -> Action:
    """Draw the seat's preflop action from its spot's table.

    Exactly one uniform number is drawn from ``rng`` per call, so a seeded
    generator replays the same decisions.

    Args:
        view: a preflop view of the seat to act.
        rng: the generator to draw from.

    Returns:
        A legal action, with the probabilities of :func:`preflop_probabilities`.

    Raises:
        PreflopError: as :func:`preflop_probabilities` (``NoPreflopTableError`` in ``deep_default``).
    """
    options = preflop_probabilities(view)
    u = float(rng.random())
    cumulative = 0.0
    for action, p in options:
        cumulative += p
        if u < cumulative:
            return action
    return options[-1][0]
