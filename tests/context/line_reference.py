"""The betting line as first written in Python: the frozen reference of the line kernel.

This is ``pokergym/context/line.py`` as it stood before the compiled kernel
(:mod:`pokergym.context._line_kernel`) became the one implementation; the
differential tests compare the kernel's decoded :class:`Line` with it. It is
not maintained as a second source: a rule change goes to the kernel, and
here only when the tests should pin the new behaviour.


:func:`read_line` walks the public history of a
:class:`~pokergym.engine.view.PlayerView` once and returns a :class:`Line`.

* Pot type: preflop bets and raises, 0 = limp pot, 1 = single-raised (SRP),
  2 = 3-bet, 3 = 4-bet, 4 or more = 5-bet-plus.
* Initiative: the last preflop raiser (the button in a limped pot), then
  whoever made the last bet or raise of each finished street.
* Role: ``aggressor`` when the hero holds the initiative, ``defender`` when
  the opponent does, ``normal`` once a finished street went check-check and
  nobody has bet since.
* Scenario: one of the sixty action-line IDs (see
  :class:`~pokergym.context.record.Scenario`). The flop IDs describe the
  current street; the turn IDs combine the flop line (hero bet and was
  called, check-check, villain bet and was called, hero raised, villain
  raised, 3-bet) with the hero's spot on the turn (in position checked to,
  out of position first to act, facing a bet). A raise on the current street
  (``T-TR*``) or a 3-bet on the flop (``T-3B1``) takes precedence. River IDs
  look at the flop and turn together: a postflop 3-bet (``R-3B1``), a turn
  raise (``R-TR*``), a flop raise (``R-CR*`` for the hero's, ``R-VCR*`` for
  the opponent's; the hero's raise line is *continued* when it also bet the
  turn), and otherwise the pattern of single bets (AA bet-bet, BC bet-check,
  CB check-bet, NN check-check, DD opponent bet twice, DM opponent bet once).
  Lines the release leaves unnamed are mapped to the closest ID and
  documented at the mapping: an out-of-position preflop raiser who checks
  and then faces a bet is ``F-D4``; hero bet, opponent bet is ``DM``;
  opponent bet, hero bet is ``CB``.
* Pressure: every postflop bet and raise gets its weight from the table of
  :func:`~pokergym.context.pressure.weight_steps` (:mod:`pokergym.context.pressure` says how a bet is
  measured); the totals cover both players and the hero alone.

Example:
    >>> from pokergym.cards import parse_cards
    >>> from pokergym.engine import HandState
    >>> s = HandState.new(deck=parse_cards("Ah9d5c4cJc7s6h6c9h"), button=0)
    >>> s.raise_to(275); s.raise_to(900); s.call()
    >>> line = read_line(s.view(1))
    >>> line.pot_type.value, line.role.value, line.scenario.value
    ('3bp', 'aggressor', 'F-A2')
"""

from __future__ import annotations

from bisect import bisect_right
from functools import lru_cache

from pokergym.context.line import Line
from pokergym.context.pressure import river_check_raise_factor, weight_steps
from pokergym.context.record import PotType, Role, Scenario, new_record
from pokergym.engine.actions import ActionKind, ActionRecord, Street
from pokergym.engine.view import PlayerView

__all__ = ["Line", "read_line"]

_BET = ActionKind.BET
_RAISE = ActionKind.RAISE
_CHECK = ActionKind.CHECK
_AGGRESSIVE = (_BET, _RAISE)
_POT_TYPES = (PotType.LIMP, PotType.SRP, PotType.THREE_BET, PotType.FOUR_BET, PotType.FIVE_BET_PLUS)
_S = Scenario
# Enum members read per call, as module constants (Python 3.11 reaches ``Enum.MEMBER`` through a slow descriptor).
_ROLE_NORMAL, _ROLE_AGGRESSOR, _ROLE_DEFENDER = Role.NORMAL, Role.AGGRESSOR, Role.DEFENDER
_FLOP, _TURN = Street.FLOP, Street.TURN
_BY_ID = {s.value: s for s in Scenario}


def read_line(view: PlayerView) -> Line:
    """Read pot type, initiative, role, scenario and pressure from a view.

    The line depends on the public history, the seats, the street, whether a
    call is owed and the blinds posted; it is memoised on exactly these, so
    the decisions of different hands that share a betting history read it
    once.

    Example:
        >>> from pokergym.engine import HandState
        >>> s = HandState.new(deck=tuple(range(9)), button=0)
        >>> s.raise_to(250); s.call(); s.check()
        >>> line = read_line(s.view(0))
        >>> line.scenario.value, line.role.value, line.pot
        ('F-A1', 'aggressor', 500)
    """
    button = view.button
    legal = view.legal
    config = view.config
    stacks = config.stacks
    blinds = min(config.small_blind, stacks[button]) + min(config.big_blind, stacks[1 - button])
    facing = legal is not None and legal.call_amount > 0
    return _read_line(view.history, view.seat, button, view.street, facing, blinds)


@lru_cache(maxsize=1 << 14)
def _read_line(
    history: tuple[ActionRecord, ...], hero: int, button: int, current: Street, facing: bool, blinds: int
) -> Line:
    """The :class:`Line` of a history read by seat ``hero``; ``facing``: a call is owed; ``blinds``: chips posted."""
    street_pot = blinds
    thresholds, steps, above = weight_steps()
    last_step = len(steps)
    raises = 0
    initiative: int | None = None
    weights: list[float] = []
    weighted_total = 0.0
    hero_total = 0.0
    facing_pct: float | None = None
    facing_weight = 0.0
    lost = False
    shapes: list[str] = []  # of the finished postflop streets
    # The postflop street being read: its bettors, chips added, last bet, the
    # seats that checked (bit mask), and whether its first action was a hero check.
    street = 0
    aggressors: list[int] = []
    added = 0
    previous = 0
    checked = 0
    hero_checked_first = False
    # One pass over the history (the records come in street order). A street
    # is closed when the first record of a later one arrives; the end marker,
    # a record-like tuple of the current street, closes the streets before it.
    end = (current, -1, None, 0, 0, False)
    for record_street, seat, kind, to, chips, _ in (*history, end):
        if not record_street:
            street_pot += chips
            if kind in _AGGRESSIVE:
                raises += 1
                initiative = seat
            continue
        if record_street != street:
            while street < record_street:
                if street:
                    if aggressors:
                        initiative = aggressors[-1]
                        lost = False
                    else:
                        lost = True
                    street_pot += added
                    shapes.append(_shape(aggressors, hero))
                    aggressors = []
                    added = previous = checked = 0
                elif initiative is None:
                    initiative = button
                street += 1
            hero_checked_first = seat == hero and kind == _CHECK
        added += chips  # the end marker adds nothing and is neither a check nor a bet
        if kind == _CHECK:
            checked |= 1 << seat
        elif kind in _AGGRESSIVE:
            # the bet's size and weight, as pokergym.context.pressure states them
            base = street_pot + 2 * previous
            pct = (to - previous) / base * 100.0 if base > 0 else 100.0
            index = bisect_right(thresholds, pct)
            weight = steps[index] if index < last_step else above
            if street == 3 and previous and checked >> seat & 1:
                weight *= river_check_raise_factor()
            weights.append(weight)
            weighted_total += weight
            if seat == hero:
                hero_total += weight
                facing_pct, facing_weight = None, 0.0
            else:
                facing_pct, facing_weight = pct, weight
            previous = to
            aggressors.append(seat)
    pot_type = _POT_TYPES[raises if raises < 4 else 4]
    if not facing:
        facing_pct, facing_weight = None, 0.0
    if lost:
        role = _ROLE_NORMAL
    elif initiative == hero:
        role = _ROLE_AGGRESSOR
    else:
        role = _ROLE_DEFENDER
    scenario: Scenario | None = None
    street_bets = 0
    facing_raise = False
    if current > 0:
        street_bets = len(aggressors)
        facing_raise = street_bets >= 2 and facing_pct is not None
        scenario = _scenario(
            current, shapes, aggressors, hero, hero_checked_first, hero == button, initiative == hero, facing_pct
        )
    # Every field, in order (see new_record).
    return new_record(
        Line,
        (
            pot_type,
            raises,
            initiative,
            role,
            scenario,
            street_pot,
            tuple(weights),
            weighted_total,
            hero_total,
            facing_pct,
            facing_weight,
            facing_raise,
            street_bets,
        ),
    )


def _shape(aggressors: list[int], hero: int) -> str:
    """Summarise a finished street from its bettors: X, H, V, HR (hero raised), VR (villain raised) or 3B."""
    if not aggressors:
        return "X"
    if len(aggressors) == 1:
        return "H" if aggressors[0] == hero else "V"
    if len(aggressors) == 2:
        return "HR" if aggressors[1] == hero else "VR"
    return "3B"


def _scenario(
    street: Street,
    shapes: list[str],
    aggressors: list[int],
    hero: int,
    hero_checked_first: bool,
    ip: bool,
    hero_initiative: bool,
    facing_pct: float | None,
) -> Scenario:
    """The scenario from the finished streets' shapes and the current street's bettors."""
    facing = facing_pct is not None
    street_bets = len(aggressors)
    if street == _FLOP:
        return _flop(ip, hero_initiative, street_bets, facing)
    flop = shapes[0]
    if street == _TURN:
        return _turn(aggressors, hero, hero_checked_first, ip, flop, facing)
    return _river(ip, flop, shapes[1], facing)


def _flop(ip: bool, hero_initiative: bool, street_bets: int, facing: bool) -> Scenario:
    if street_bets >= 3:
        return _S.F_R3
    if street_bets == 2:
        return _S.F_R2
    if facing:
        if ip:
            return _S.F_A3 if hero_initiative else _S.F_D2
        # Out of position facing a bet after checking; the preflop raiser who
        # checked is in the same spot as a defender facing a c-bet.
        return _S.F_D4
    if ip:
        return _S.F_A1 if hero_initiative else _S.F_D1
    return _S.F_A2 if hero_initiative else _S.F_D3


_TURN_TABLE: dict[tuple[str, bool, bool], Scenario] = {
    ("H", True, False): _S.T_A1,
    ("H", False, False): _S.T_A2,
    ("H", True, True): _S.T_A3,
    ("H", False, True): _S.T_A3,
    ("X", True, False): _S.T_N1,
    ("X", False, False): _S.T_N2,
    ("X", True, True): _S.T_N3,
    ("X", False, True): _S.T_N3,
    ("V", True, False): _S.T_D1,
    ("V", True, True): _S.T_D2,
    ("V", False, False): _S.T_D3,
    ("V", False, True): _S.T_D4,
    ("HR", False, False): _S.T_CR1,
    ("HR", True, False): _S.T_CR2,
    ("HR", True, True): _S.T_CR3,
    ("HR", False, True): _S.T_CR3,
    ("VR", True, False): _S.T_VR1,
    ("VR", True, True): _S.T_VR2,
    ("VR", False, False): _S.T_VR3,
    ("VR", False, True): _S.T_VR4,
}


def _turn(aggressors: list[int], hero: int, hero_checked_first: bool, ip: bool, flop: str, facing: bool) -> Scenario:
    street_bets = len(aggressors)
    if street_bets >= 3:
        hero_check_raised = hero_checked_first and aggressors[1] == hero
        return _S.T_TR1 if hero_check_raised and street_bets == 3 else _S.T_TR3
    if street_bets == 2:
        return _S.T_TR2
    if flop == "3B":
        return _S.T_3B1
    return _TURN_TABLE[(flop, ip, facing)]


_SINGLE_LINES: dict[tuple[str, str], str] = {
    ("H", "H"): "AA",
    ("H", "X"): "BC",
    ("X", "H"): "CB",
    ("V", "H"): "CB",
    ("X", "X"): "NN",
    ("V", "V"): "DD",
    ("V", "X"): "DM",
    ("X", "V"): "DM",
    ("H", "V"): "DM",
}


def _river(ip: bool, flop: str, turn: str, facing: bool) -> Scenario:
    if flop == "3B" or turn == "3B":
        return _S.R_3B1
    if turn == "HR":
        return _S.R_TR1
    if turn == "VR":
        return _S.R_TR3 if facing else _S.R_TR2
    if flop == "HR":
        continued = turn == "H"
        if continued:
            return _S.R_CR2 if facing else _S.R_CR1
        return _S.R_CR4 if facing else _S.R_CR3
    if flop == "VR":
        if facing:
            return _S.R_VCR3
        return _S.R_VCR1 if ip else _S.R_VCR2
    family = _SINGLE_LINES[(flop, turn)]
    number = (1 if ip else 3) + (1 if facing else 0) if family == "DD" else 3 if facing else 1 if ip else 2
    return _BY_ID[f"R-{family}{number}"]
