"""Bet sizes: the reference list, geometric sizing, and options turned into chips.

* Reference sizes are fractions of the total pot (this street's bets
  included): 20, 25, 33, 50, 66, 75, 100, 125, 150 and 200%, plus an all-in
  capped at three pots. On the river the sizes up to half pot are left out
  (the paper's sample river lists 66% and up, so 50% goes too).
* A raise of X% is measured as in the release: call first, then raise X% of
  the pot after the call.
* Geometric sizing: the fraction ``f`` with ``pot x (1 + 2f)^n = pot + 2 x
  stack`` over the ``n`` streets left, as the release writes it:
  ``f = ((stack + pot) / pot)^(1/n) - 1``; it is offered up to 150%.

Example:
    >>> reference_sizes(1800, 19100, river=False)[:3]
    ((0.2, 360), (0.25, 450), (0.33, 594))
    >>> round(geometric_fraction(19100, 1800, 3), 2)
    1.26
    >>> geometric_fraction(18600, 2800, 1) > 1.5
    True
"""

from __future__ import annotations

import math

from pokergym.engine.actions import Action
from pokergym.engine.view import PlayerView
from pokergym.errors import ContextError

__all__ = [
    "GEOMETRIC_MAX",
    "REFERENCE_FRACTIONS",
    "all_in_cap",
    "geometric_fraction",
    "option_action",
    "option_to_chips",
    "reference_sizes",
]

REFERENCE_FRACTIONS = (0.20, 0.25, 0.33, 0.50, 0.66, 0.75, 1.00, 1.25, 1.50, 2.00)
"""Pot fractions of the bet-size reference list."""
GEOMETRIC_MAX = 1.5
"""Largest geometric fraction worth offering."""
_RIVER_MIN = 0.5


def reference_sizes(total_pot: int, stack: int, river: bool) -> tuple[tuple[float, int], ...]:
    """``(fraction, chips)`` of each reference size that fits in the stack.

    Example:
        >>> [f for f, _ in reference_sizes(2800, 18600, river=True)]
        [0.66, 0.75, 1.0, 1.25, 1.5, 2.0]
    """
    return tuple(
        (f, round(f * total_pot))
        for f in REFERENCE_FRACTIONS
        if (not river or f > _RIVER_MIN) and round(f * total_pot) <= stack
    )


def all_in_cap(total_pot: int, stack: int) -> int:
    """The capped all-in of the reference list: the stack, at most three pots.

    Example:
        >>> all_in_cap(1800, 19100)
        5400
    """
    return min(stack, 3 * total_pot)


def geometric_fraction(stack: int, pot: int, streets_left: int) -> float:
    """Per-street pot fraction that gets ``stack`` in over ``streets_left`` streets.

    Example:
        >>> round(geometric_fraction(18600, 2800, 2), 2)
        1.76
    """
    if pot <= 0 or streets_left <= 0:
        raise ContextError(f"geometric sizing needs a positive pot and streets left, got {pot} and {streets_left}")
    return float(((stack + pot) / pot) ** (1.0 / streets_left) - 1.0)


def option_to_chips(view: PlayerView, fraction: float) -> int:
    """Raise-to amount of a bet or raise of ``fraction`` of the pot, clamped to the legal range.

    Not facing a bet, the bet is ``fraction`` x total pot on top of the
    hero's street chips; facing one, it is a call plus ``fraction`` of the
    pot after the call.

    Raises:
        ContextError: if the hero may not bet or raise in ``view``.

    Example:
        >>> from pokergym.engine import HandState
        >>> s = HandState.new(deck=tuple(range(9)), button=0)
        >>> s.raise_to(250); s.call()
        >>> option_to_chips(s.view(1), 0.25), option_to_chips(s.view(1), 50.0)
        (125, 19750)
    """
    legal = view.legal
    if legal is None or not legal.can_raise:
        raise ContextError(f"seat {view.seat} cannot bet or raise now")
    if not math.isfinite(fraction):
        raise ContextError(f"a bet's pot fraction must be a finite number, got {fraction!r}")
    mine = view.bets[view.seat]
    theirs = view.bets[1 - view.seat]
    to_call = max(0, theirs - mine)
    to = theirs + round(fraction * (view.pot + to_call)) if to_call else mine + round(fraction * view.pot)
    return max(legal.min_raise_to, min(legal.max_raise_to, to))


_OPTION_KINDS = ("check", "call", "fold", "bet", "raise", "all_in")


def option_action(view: PlayerView, kind: str, fraction: float | None) -> Action:
    """Map an option kind (``check``, ``call``, ``fold``, ``bet``, ``raise``, ``all_in``) to a legal action.

    A check that is not legal becomes a call and a call that is not legal a
    check (the release's rule); a fold when checking is free becomes a check;
    a bet, raise or all-in that is not allowed becomes a call, or a check; a
    bet or raise without a ``fraction`` is all-in.

    Raises:
        ContextError: if it is not the hero's turn, or ``kind`` is none of the six.

    Example:
        >>> from pokergym.engine import HandState
        >>> s = HandState.new(deck=tuple(range(9)), button=0)
        >>> s.raise_to(250); s.call()
        >>> str(option_action(s.view(1), "bet", 0.33)), str(option_action(s.view(1), "fold", None))
        ('raise to 165', 'check')
    """
    legal = view.legal
    if legal is None:
        raise ContextError(f"seat {view.seat} is not the seat to act")
    if kind not in _OPTION_KINDS:
        raise ContextError(f"an option kind is one of {', '.join(_OPTION_KINDS)}, got {kind!r}")
    passive = Action.check() if legal.can_check else Action.call()
    if kind in ("bet", "raise", "all_in"):
        if not legal.can_raise:
            return passive
        if kind == "all_in" or fraction is None:
            return Action.raise_to(legal.max_raise_to)
        return Action.raise_to(option_to_chips(view, fraction))
    if kind == "fold":
        return Action.fold() if legal.can_fold else Action.check()
    return passive
