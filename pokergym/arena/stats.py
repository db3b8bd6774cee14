"""Statistics of a match: the mean with its confidence interval, and playing style.

The confidence interval is the normal one, ``1.96 x s / sqrt(n)`` over
independent units; in the arena a unit is a duplicate pair, never a single
hand, because the two hands of a pair share their cards.

Style statistics are counted per hand from the public action history and
summed over a match. Definitions (percentages unless said otherwise):

* VPIP: hands in which the agent put chips in preflop of its own will (a
  call or a raise; posting a blind or checking the big blind does not count).
* PFR: hands in which it raised preflop.
* 3-bet: of the hands in which it had to act facing exactly one preflop raise
  by the opponent (blinds are not raises), those in which it re-raised.
* Aggression factor: bets and raises divided by calls, all streets (a ratio).
* WTSD (went to showdown): showdowns per hand that reached the flop.
* W$SD (won at showdown): showdowns won (more chips back than put in) per showdown.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import asdict, astuple, dataclass, fields
from typing import Any, overload

import numpy as np

from pokergym.engine.actions import ActionKind, Street
from pokergym.engine.state import HandState

__all__ = ["STYLE_LEGEND", "Z95", "StyleStats", "format_style", "hand_counts", "json_float", "mean_ci"]

Z95 = 1.96
"""Normal quantile of a two-sided 95% interval."""

_AGGRESSIVE = (ActionKind.BET, ActionKind.RAISE)
_VOLUNTARY = (ActionKind.CALL, ActionKind.BET, ActionKind.RAISE)


def mean_ci(values: Iterable[float]) -> tuple[float, float]:
    """Mean and 95% half-width (``1.96 x`` sample standard deviation ``/ sqrt(n)``).

    The mean is ``nan`` without values and the half-width ``nan`` with fewer than two.

    Example:
        >>> mean, half = mean_ci([1.0, 3.0, 5.0, 7.0])
        >>> mean, round(half, 3)
        (4.0, 2.53)
    """
    data = np.asarray(list(values), dtype=float)
    if data.size == 0:
        return math.nan, math.nan
    if data.size == 1:
        return float(data[0]), math.nan
    return float(data.mean()), float(Z95 * data.std(ddof=1) / math.sqrt(data.size))


def json_float(value: float) -> float | None:
    """``value`` for a JSON file: ``None`` instead of ``nan`` or an infinity.

    Example:
        >>> json_float(2.5), json_float(float("nan"))
        (2.5, None)
    """
    return value if math.isfinite(value) else None


class _Rate:
    """A rate of :class:`StyleStats`, read as an attribute: one count over another, ``None`` when that one is 0.

    Args:
        part: the counted field.
        whole: the field it is a share of.
        doc: what the rate is.
        percent: in percent (else the plain ratio).
    """

    def __init__(self, part: str, whole: str, doc: str, *, percent: bool = True) -> None:
        self._part = part
        self._whole = whole
        self._scale = 100.0 if percent else 1.0
        self.__doc__ = f"{doc} ``None`` when ``{whole}`` is 0."

    @overload
    def __get__(self, stats: None, owner: type[Any]) -> _Rate: ...

    @overload
    def __get__(self, stats: StyleStats, owner: type[Any]) -> float | None: ...

    def __get__(self, stats: StyleStats | None, owner: type[Any]) -> _Rate | float | None:
        if stats is None:
            return self
        whole: int = getattr(stats, self._whole)
        return self._scale * getattr(stats, self._part) / whole if whole else None


@dataclass(frozen=True, slots=True)
class StyleStats:
    """Counts describing how an agent played; add them up over hands with ``+``.

    Attributes:
        hands: hands counted.
        vpip_hands: hands with a voluntary preflop call or raise.
        pfr_hands: hands with a preflop raise.
        three_bet_chances: hands in which it faced exactly one preflop raise.
        three_bets: of those, hands in which it re-raised.
        aggressive_actions: bets and raises, all streets.
        calls: calls, all streets.
        saw_flop: hands that reached the flop.
        showdowns: hands that ended at a showdown.
        showdowns_won: showdowns after which it had more chips than before the hand.

    Example:
        >>> from pokergym.cards import parse_cards
        >>> state = HandState.new(deck=parse_cards("AsAhKsKh2c7d9hJsQd"), button=0)
        >>> state.raise_to(300); state.raise_to(900); state.call()
        >>> for _ in range(6): state.check()
        >>> button, big = StyleStats.of_hand(state, 0), StyleStats.of_hand(state, 1)
        >>> button.pfr, big.three_bet, (button + big).hands, big.wsd
        (100.0, 100.0, 2, 0.0)
    """

    hands: int = 0
    vpip_hands: int = 0
    pfr_hands: int = 0
    three_bet_chances: int = 0
    three_bets: int = 0
    aggressive_actions: int = 0
    calls: int = 0
    saw_flop: int = 0
    showdowns: int = 0
    showdowns_won: int = 0

    @classmethod
    def of_hand(cls, state: HandState, seat: int) -> StyleStats:
        """Count one finished hand from the point of view of ``seat``."""
        return cls(*hand_counts(state, seat))

    def __add__(self, other: StyleStats) -> StyleStats:
        """Sum the counts."""
        return StyleStats(*(a + b for a, b in zip(astuple(self), astuple(other), strict=True)))

    vpip = _Rate("vpip_hands", "hands", "VPIP in percent.")
    pfr = _Rate("pfr_hands", "hands", "Preflop raise rate in percent.")
    three_bet = _Rate("three_bets", "three_bet_chances", "3-bet rate in percent of the chances.")
    aggression = _Rate("aggressive_actions", "calls", "Aggression factor: (bets + raises) / calls.", percent=False)
    wtsd = _Rate("showdowns", "saw_flop", "Went to showdown, percent of the hands that reached the flop.")
    wsd = _Rate("showdowns_won", "showdowns", "Won at showdown, percent of showdowns.")

    def to_dict(self) -> dict[str, Any]:
        """The counts, plus the rates under ``"rates"`` (``None`` where undefined).

        Example:
            >>> StyleStats(hands=4, vpip_hands=1).to_dict()["rates"]["vpip"]
            25.0
        """
        rates = {name: getattr(self, name) for name in ("vpip", "pfr", "three_bet", "aggression", "wtsd", "wsd")}
        return {**asdict(self), "rates": rates}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> StyleStats:
        """Rebuild from :meth:`to_dict` (the rates are recomputed, not read).

        Example:
            >>> stats = StyleStats(hands=4, calls=2)
            >>> StyleStats.from_dict(stats.to_dict()) == stats
            True
        """
        return cls(**{f.name: int(data[f.name]) for f in fields(cls)})


def hand_counts(state: HandState, seat: int) -> tuple[int, ...]:
    """The :class:`StyleStats` counts of one finished hand for ``seat``, in field order (cheap to sum)."""
    vpip = pfr = chance = three_bet = False
    raises = aggressive = calls = 0
    for record in state.history:
        kind = record.kind
        if record.seat == seat:
            if kind in _AGGRESSIVE:
                aggressive += 1
            elif kind == ActionKind.CALL:
                calls += 1
            if record.street == Street.PREFLOP:
                vpip = vpip or kind in _VOLUNTARY
                pfr = pfr or kind in _AGGRESSIVE
                if raises == 1:
                    chance = True
                    three_bet = three_bet or kind in _AGGRESSIVE
        if record.street == Street.PREFLOP and kind in _AGGRESSIVE:
            raises += 1
    history = state.history
    flop = state.showdown or (bool(history) and history[-1].street >= Street.FLOP)
    won = state.showdown and state.payoffs is not None and state.payoffs[seat] > 0
    return (
        1,
        int(vpip),
        int(pfr),
        int(chance),
        int(three_bet),
        aggressive,
        calls,
        int(flop),
        int(state.showdown),
        int(won),
    )


STYLE_LEGEND = (
    "VPIP: % of hands with chips put in voluntarily preflop; PFR: % raised preflop; "
    "3-bet: % re-raised facing one preflop raise; AF: (bets + raises) / calls; "
    "WTSD: % of flops seen that went to showdown; W$SD: % of showdowns won"
)
"""One line explaining the columns of :func:`format_style`."""


def format_style(stats: Mapping[str, StyleStats], width: int | None = None) -> str:
    """A text table of style statistics, one row per agent, with the legend of the columns.

    Args:
        stats: style counts by agent name.
        width: columns available (default: the terminal's, or 100 off a terminal).

    Example:
        >>> print(format_style({"a": StyleStats(hands=4, vpip_hands=2, pfr_hands=1, calls=2, aggressive_actions=3)}))
         agent   hands   VPIP    PFR   3-bet    AF   WTSD   W$SD
        ─────────────────────────────────────────────────────────
         a           4   50.0   25.0       -   1.5      -      -
        VPIP: % of hands with chips put in voluntarily preflop; PFR: % raised preflop; 3-bet: % re-raised
        facing one preflop raise; AF: (bets + raises) / calls; WTSD: % of flops seen that went to showdown;
        W$SD: % of showdowns won
    """
    from pokergym.arena.tables import render

    rows = []
    for name, s in stats.items():
        values = (s.vpip, s.pfr, s.three_bet, s.aggression, s.wtsd, s.wsd)
        rows.append([name, str(s.hands), *(f"{v:.1f}" if v is not None else "-" for v in values)])
    headers = ["agent", "hands", "VPIP", "PFR", "3-bet", "AF", "WTSD", "W$SD"]
    return render(headers, rows, legend=[STYLE_LEGEND], width=width)
