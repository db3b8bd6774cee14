"""Variance reduction for match results: the all-in luck adjustment and AIVAT.

Both estimators replace the chips a hand won by a number with the same
expectation and, usually, a much smaller spread. Every figure is from seat
0's side (agent A in a match); seat 1's is its negative.

**Value function.** Both use one fixed value function, chosen before any data
and computed after the hand with every card known: the value of a
non-terminal state for seat 0 is ``(2 e - 1) m``, where ``e`` is seat 0's
showdown equity against seat 1's actual hand on the board dealt so far (the
rest of the board dealt at random) and ``m`` the larger contribution (an
outstanding bet counts as called). It is seat 0's expected result if the
hand were called and checked down from there. A finished hand is worth its payoff. Equity is exact on every
street, preflop read from the shipped table of every matchup (:mod:`pokergym.evaluator.matchups`); with
``preflop_samples=N`` the preflop equity is a Monte Carlo estimate instead (``N`` boards, drawn from a
generator seeded by the two hands, never by the board).

**All-in adjustment.** When both seats were all-in before the river, the hand
is worth ``(2 e - 1) m`` at the street of the last action instead of the
chips the run-out gave: the board luck is replaced by its exact expectation
(for a preflop all-in, only an estimate of it with ``preflop_samples=N``).

**AIVAT** (Burch et al., AAAI-18) subtracts a control variate at every event:

* the deal of the hole cards: ``V(dealt) - 0`` (``m`` is the big blind) (the deal is symmetric, and
  the preflop equity is made antisymmetric, ``e(a, b) = 1 - e(b, a)``);
* each board deal: ``V(after the deal) - V(before it)``, whose mean over the
  cards is zero because the equity before a deal is the average of the
  equities after it;
* each action of a seat whose agent reports ``action_probabilities``:
  ``V(after the action) - sum_a p(a) V(after a)``, zero-mean under the
  agent's own strategy. Seats without a known strategy get no action term.

**Lookahead.** The check-down value prices a bet as if it were called. Where the other seat's strategy
can be asked at any state (``ahead``; :func:`adjust_hand` with ``lookahead=True`` asks the known
agents) and acts next on the same street, an action's value in its seat's term is instead the other
seat's mix over the check-down values of its answers, folds included (one step ahead, with its actual
hand). It is used where the acting seat's strategy has at most :data:`LOOKAHEAD_SUPPORT` actions, so
an agent that spreads its bets over every chip amount costs no more than before. ``V`` is still a
fixed function of the state, so every term keeps its zero mean. On 600 pairs of the solver against
rule it narrowed AIVAT's interval from +-575 to +-453 mbb/hand (``benchmarks/RESULTS.md``).

Each term has mean zero given everything before it, so the sum of the chips
and the corrections is an unbiased estimate of the expected chips. (With Monte
Carlo preflop equity the board-deal term after the preflop keeps a fixed error
per pair of hands, of mean zero over the pairs: the sampling error is
independent of the cards dealt and the actions.)
The strategy terms assume ``action_probabilities(view)`` is the strategy the
agent played, i.e. that it does not change with the agent's memory: an agent
passed as a known strategy must declare ``memoryless = True``
(:func:`~pokergym.agents.base.is_memoryless`), and one that learns (the Bayes
and expectiminimax agents) is refused with an
:class:`~pokergym.errors.AgentError`; pass ``None`` for its seat to drop its
action terms (the chance terms stay, and so does unbiasedness).

Example:
    >>> from pokergym.cards import parse_cards
    >>> from pokergym.engine import HandState, HandHistory
    >>> state = HandState.new(deck=parse_cards("AsAhKsKh2c7d9hJsQd"), button=0)
    >>> state.all_in(); state.call()
    >>> hand = HandHistory.from_state(state)
    >>> values = adjust_hand(hand)
    >>> values.raw, round(values.allin), values.aivat == values.allin
    (20000, 13055, False)
"""

from __future__ import annotations

import math
import os
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final, Protocol, cast, runtime_checkable

import numpy as np

from pokergym.agents.base import Agent, is_memoryless
from pokergym.arena.hands import PlayedLog
from pokergym.arena.stats import Z95, mean_ci
from pokergym.engine.actions import Action, ActionKind, Street
from pokergym.engine.history import HandHistory
from pokergym.engine.state import HandState, LegalActions
from pokergym.engine.view import PlayerView
from pokergym.errors import AgentError
from pokergym.evaluator import combo_index, equity_hand_vs_hand

__all__ = [
    "AIVAT_TERMS",
    "DEFAULT_PREFLOP_SAMPLES",
    "LOOKAHEAD_SUPPORT",
    "AdjustedMatch",
    "Estimate",
    "HandValues",
    "StrategyAgent",
    "StrategyLookup",
    "adjust_hand",
    "adjust_hand_with",
    "adjusted_match",
    "allin_chips",
    "canonical_action",
    "known_strategies",
    "logged_seats",
    "played_aivat",
    "reports_strategy",
    "strategies_ahead",
]

LOOKAHEAD_SUPPORT: Final = 32
"""The most actions a seat's distribution may give a positive probability for its terms to look ahead."""

DEFAULT_PREFLOP_SAMPLES: int | None = None
"""Monte Carlo boards behind a preflop equity; ``None``: the exact table (the default)."""

_SIZED = (ActionKind.BET, ActionKind.RAISE)


@runtime_checkable
class StrategyAgent(Agent, Protocol):
    """An agent that reports its action distribution (``baselines.policy.PolicyAgent``)."""

    def action_probabilities(self, view: PlayerView) -> list[tuple[Action, float]]:
        """The legal actions with their probabilities for ``view``."""
        ...


AIVAT_TERMS: Final = (
    "hole deal",
    "flop deal",
    "turn and river deals",
    "preflop all-in run-out",
    "later all-in run-out",
    "seat 0 actions",
    "seat 1 actions",
)
"""The kinds of AIVAT correction, in the order of :attr:`HandValues.terms`."""


@dataclass(frozen=True, slots=True)
class HandValues:
    """Seat 0's result of one hand under the three estimators.

    Attributes:
        raw: chips won.
        allin: chips with all-in luck replaced by its expectation.
        aivat: the AIVAT estimate: ``raw`` minus the sum of ``terms``.
        terms: the corrections AIVAT subtracted, summed by kind (:data:`AIVAT_TERMS`); each kind has mean zero.
    """

    raw: int
    allin: float
    aivat: float
    terms: tuple[float, ...] = ()


class _Equity:
    """Seat 0's equity against seat 1 on a board prefix, cached for one hand."""

    def __init__(self, holes: tuple[tuple[int, int], tuple[int, int]], samples: int | None) -> None:
        self._holes = holes
        self._samples = samples
        self._cache: dict[tuple[int, ...], float] = {}

    def __call__(self, board: tuple[int, ...]) -> float:
        value = self._cache.get(board)
        if value is None:
            value = self._compute(board)
            self._cache[board] = value
        return value

    def _compute(self, board: tuple[int, ...]) -> float:
        a, b = self._holes
        if board or self._samples is None:
            return equity_hand_vs_hand(a, b, board).equity
        # Antisymmetric Monte Carlo: always sample from the lower-indexed hand's side.
        ka, kb = combo_index(*a), combo_index(*b)
        first, second = (a, b) if ka < kb else (b, a)
        rng = np.random.default_rng((min(ka, kb), max(ka, kb)))
        e = equity_hand_vs_hand(first, second, samples=self._samples, rng=rng).equity
        return e if ka < kb else 1.0 - e


def _value(state: HandState, equity: _Equity) -> float:
    """The value function for seat 0 (see the module docstring)."""
    if state.terminal:
        assert state.payoffs is not None
        return float(state.payoffs[0])
    c = state.contributions
    return (2.0 * equity(state.board) - 1.0) * max(c[0], c[1])


def _action_values(state: HandState, equity: _Equity, actions: Iterable[Action]) -> list[float]:
    """Values for seat 0 of the state after each action, on the current board."""
    seat = state.actor
    legal = state.legal_actions()
    mine, street_bet = state.contributions[seat], state.bets[seat]
    scale = 2.0 * equity(state.board) - 1.0
    fold = float(-mine if seat == 0 else mine)
    out = []
    for action in actions:
        kind, to = canonical_action(legal, action)
        if kind == ActionKind.FOLD:
            out.append(fold)
        elif kind == ActionKind.RAISE:
            out.append(scale * (mine + to - street_bet))
        else:  # check or call: the seat's contribution grows by to_call (0 for a check)
            out.append(scale * (mine + state.to_call))
    return out


def known_strategies(agents: Sequence[Agent | None]) -> list[StrategyAgent | None]:
    """The agents whose ``action_probabilities`` AIVAT may use as the strategy they played; ``None`` elsewhere.

    An agent without ``action_probabilities`` is simply unknown. An agent with
    them must declare ``memoryless = True``: if its distribution can change
    with what it remembers, the one it reports after the match is not the one
    it played, and its action terms would bias the estimate.

    Raises:
        AgentError: an agent reports ``action_probabilities`` without declaring itself memoryless.

    Example:
        >>> from pokergym.agents import BaseAgent, CallAgent
        >>> class Learner(BaseAgent):
        ...     name = "learner"
        ...     def action_probabilities(self, view):
        ...         return []
        >>> [a is None for a in known_strategies([CallAgent(), None])]
        [True, True]
        >>> known_strategies([Learner(), None])  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        pokergym.errors.AgentError: agent 'learner' cannot be a known strategy for AIVAT: ... memoryless = True, ...
    """
    known: list[StrategyAgent | None] = []
    for agent in agents:
        if agent is None or not isinstance(agent, StrategyAgent):
            known.append(None)
        elif not is_memoryless(agent):
            raise AgentError(
                f"agent {agent.name!r} cannot be a known strategy for AIVAT: it does not declare memoryless = True, "
                "so its action_probabilities may change with what it remembers; pass None for its seat to drop "
                "its action terms"
            )
        else:
            known.append(agent)
    return known


def reports_strategy(agent: object) -> bool:
    """Whether a match may log ``agent``'s strategy for AIVAT: it reports ``action_probabilities`` and is memoryless.

    An agent that learns (``memoryless`` not declared) may report a distribution other than the one its action
    was drawn from, so its seat gets no action terms (:func:`played_aivat` stays unbiased without them).

    Example:
        >>> from pokergym.agents import CallAgent
        >>> class Folder(CallAgent):
        ...     def action_probabilities(self, view):
        ...         return [(Action.fold(), 1.0)]
        >>> reports_strategy(Folder()), reports_strategy(CallAgent()), reports_strategy(None)
        (True, False, False)
    """
    return isinstance(agent, StrategyAgent) and is_memoryless(agent)


def logged_seats(agents: Sequence[Agent]) -> frozenset[int]:
    """The seats whose strategies a match scored by AIVAT logs (:func:`reports_strategy`).

    Example:
        >>> from pokergym.agents import CallAgent
        >>> logged_seats([CallAgent(), CallAgent()])
        frozenset()
    """
    return frozenset(seat for seat in (0, 1) if reports_strategy(agents[seat]))


def strategies_ahead(
    seats: frozenset[int], agents: Sequence[Agent]
) -> tuple[StrategyLookup | None, StrategyLookup | None]:
    """The strategies of ``agents`` at any state, for the seats in ``seats`` (``ahead`` of :func:`played_aivat`).

    Each must report its strategy (:func:`reports_strategy`): a memoryless agent gives the same answer after
    the hand as it would have at the table.

    Example:
        >>> from pokergym.agents import CallAgent
        >>> strategies_ahead(frozenset(), [CallAgent(), CallAgent()])
        (None, None)
    """
    first, second = (_asking(cast(StrategyAgent, agents[seat])) if seat in seats else None for seat in (0, 1))
    return first, second


def played_aivat(
    hand: HandHistory,
    played: PlayedLog,
    *,
    preflop_samples: int | None = DEFAULT_PREFLOP_SAMPLES,
    ahead: Sequence[StrategyLookup | None] = (None, None),
) -> float:
    """Seat 0's AIVAT chips for ``hand``, the action terms of ``played.seats`` read from the distributions logged.

    ``ahead``: as :func:`adjust_hand_with`'s (the seats' strategies at states the hand did not reach).

    Raises:
        AgentError: a logged distribution gives the action its seat played probability 0: the agent does not
            draw its actions from the ``action_probabilities`` it reports, so its terms would be biased.

    Example:
        >>> from pokergym.cards import parse_cards
        >>> state = HandState.new(deck=parse_cards("AsAhKsKh2c7d9hJsQd"), button=0)
        >>> state.fold()  # the button's aces, folded by a strategy that folds or calls half the time each
        >>> log = PlayedLog(frozenset({0}), {0: [(Action.fold(), 0.5), (Action.call(), 0.5)]})
        >>> hand = HandHistory.from_state(state)
        >>> hand.payoffs[0], round(played_aivat(hand, log), 1), round(played_aivat(hand, PlayedLog(frozenset())), 1)
        (-50, -57.6, -115.3)
    """
    lookups = [played.played if seat in played.seats else None for seat in (0, 1)]
    try:
        return adjust_hand_with(hand, lookups, preflop_samples=preflop_samples, ahead=ahead).aivat
    except ValueError as exc:
        names = hand.names or ("seat 0", "seat 1")
        raise AgentError(
            f"AIVAT of hand {hand.hand_id}: {exc}; an agent must draw its action from the action_probabilities "
            f"it reports (agents {names[0]!r} and {names[1]!r})"
        ) from exc


def canonical_action(legal: LegalActions, action: Action) -> tuple[ActionKind, int]:
    """The form of a legal action that equal actions share: all-in resolved, bets and raises merged.

    Example:
        >>> legal = HandState.new(deck=tuple(range(9))).legal_actions()
        >>> canonical_action(legal, Action.all_in()) == canonical_action(legal, Action.bet(20000))
        True
    """
    kind = action.kind
    if kind == ActionKind.ALL_IN:
        return (ActionKind.RAISE, legal.max_raise_to) if legal.can_raise else (ActionKind.CALL, 0)
    if kind in _SIZED:
        return ActionKind.RAISE, action.amount
    return kind, 0


def adjust_hand(
    hand: HandHistory,
    agents: Sequence[Agent | None] = (None, None),
    *,
    preflop_samples: int | None = DEFAULT_PREFLOP_SAMPLES,
    lookahead: bool = False,
) -> HandValues:
    """Raw, all-in adjusted and AIVAT chips of seat 0 for one finished hand.

    Args:
        hand: a finished hand; every board card dealt must be recorded.
        agents: the agents of seat 0 and seat 1 (``None`` for unknown);
            those with ``action_probabilities`` get action corrections, the
            others chance corrections only.
        preflop_samples: Monte Carlo boards for preflop equities, ``None`` for exact (the table).
        lookahead: value an action by the known other seat's answers to it (see the module's "Lookahead");
            the agents are then also asked at states the hand did not reach.

    Returns:
        The three estimates of seat 0's chips.

    Raises:
        ValueError: if the hand is unfinished, or an agent gives the played
            action zero probability (its reported strategy is not the one it played).
        AgentError: an agent reports ``action_probabilities`` but does not declare
            ``memoryless = True`` (see :func:`known_strategies`).
    """
    lookups = [None if agent is None else _asking(agent) for agent in known_strategies(agents)]
    ahead = lookups if lookahead else (None, None)
    return adjust_hand_with(hand, lookups, preflop_samples=preflop_samples, ahead=ahead)


StrategyLookup = Callable[[HandState, int], Sequence[tuple[Action, float]]]
"""The distribution a seat played at a state: ``lookup(state, seat)``, the state just before its action."""


def _asking(agent: StrategyAgent) -> StrategyLookup:
    """The lookup that asks ``agent`` for its distribution at the seat's view."""
    return lambda state, seat: agent.action_probabilities(state.view(seat))


def adjust_hand_with(
    hand: HandHistory,
    lookups: Sequence[StrategyLookup | None],
    *,
    preflop_samples: int | None = DEFAULT_PREFLOP_SAMPLES,
    ahead: Sequence[StrategyLookup | None] = (None, None),
) -> HandValues:
    """:func:`adjust_hand` with each known seat's strategy given as a lookup instead of an agent.

    For a caller that recorded the distributions a seat played as it played them (local best response
    keeps those of a learning agent, whose later answers may differ): the action terms stay zero-mean
    as long as each lookup returns the distribution the seat's action was drawn from.

    Args:
        hand: a finished hand; every board card dealt must be recorded.
        lookups: per seat, the distribution it played at a state (``None``: unknown, no action terms).
        preflop_samples: Monte Carlo boards for preflop equities, ``None`` for exact (the table).
        ahead: per seat, its strategy at any state, for the other seat's terms to look ahead through
            (see the module's "Lookahead"; ``None``: check-down values).

    Returns:
        The three estimates of seat 0's chips.

    Raises:
        ValueError: if the hand is unfinished, or a lookup gives the played action zero probability.

    Example:
        >>> from pokergym.cards import parse_cards
        >>> from pokergym.engine import HandState, HandHistory
        >>> state = HandState.new(deck=parse_cards("AsAhKsKh2c7d9hJsQd"), button=0)
        >>> state.fold()
        >>> fold_always = lambda state, seat: [(Action.fold(), 1.0)]
        >>> values = adjust_hand_with(HandHistory.from_state(state), (fold_always, None))
        >>> values.raw, round(values.aivat), values.terms[5]  # a sure fold has no action term
        (-50, -115, 0.0)
    """
    if hand.payoffs is None:
        raise ValueError("the hand is unfinished: nothing to adjust")
    equity = _Equity(hand.hole_cards, preflop_samples)
    state = hand.state_before(0)
    terms = [0.0] * len(AIVAT_TERMS)
    terms[0] = _value(state, equity)  # the hole-card deal; its mean is 0
    for record in hand.actions:
        street = state.street
        played = record.action
        before_deal = _action_values(state, equity, [played])[0]
        lookup = lookups[record.seat]
        if lookup is not None:
            dist = lookup(state, record.seat)
            terms[5 + record.seat] += _action_term(dist, state, equity, played, ahead[1 - record.seat])
        state.apply(played, record.seat)
        if state.street != street:
            terms[_deal_term(street, state)] += _value(state, equity) - before_deal
    aivat = float(hand.payoffs[0])
    for term in terms:
        aivat -= term
    return HandValues(int(hand.payoffs[0]), _allin(hand, equity), aivat, tuple(terms))


def _action_term(
    dist: Sequence[tuple[Action, float]],
    state: HandState,
    equity: _Equity,
    played: Action,
    answer: StrategyLookup | None,
) -> float:
    """``V(after played) - sum_a p(a) V(after a)`` for seat 0 at ``state``; ``answer``: the other seat's strategy.

    Raises:
        ValueError: ``dist`` gives ``played`` probability 0.
    """
    legal = state.legal_actions()
    target = canonical_action(legal, played)
    support = [(a, p) for a, p in dist if p > 0]
    if not any(canonical_action(legal, a) == target for a, _ in support):
        raise ValueError(f"seat {state.actor} played {played}, which its strategy never plays")
    actions = [played] + [a for a, _ in support]
    if answer is not None and len(support) <= LOOKAHEAD_SUPPORT:
        values = np.array([_answered_value(state, equity, action, answer) for action in actions])
    else:
        values = np.array(_action_values(state, equity, actions))
    probs = np.array([p for _, p in support])
    return float(values[0] - probs @ values[1:] / probs.sum())


def _answered_value(state: HandState, equity: _Equity, action: Action, answer: StrategyLookup) -> float:
    """The value after ``action``: the other seat's mix over its answers where it acts next on this street."""
    after = state.copy()
    after.apply(action, state.actor)
    if after.terminal or after.street != state.street:  # nothing left to answer; no card dealt into V
        return _action_values(state, equity, [action])[0]
    dist = [(a, p) for a, p in answer(after, after.actor) if p > 0]
    probs = np.array([p for _, p in dist])
    return float(probs @ np.array(_action_values(after, equity, [a for a, _ in dist]))) / float(probs.sum())


def _deal_term(street: Street, after: HandState) -> int:
    """The index in :data:`AIVAT_TERMS` of the chance event that ended ``street`` (``after``: the state past it)."""
    if after.terminal:
        return 3 if street == Street.PREFLOP else 4  # the run-out of an all-in (or the river's showdown: zero)
    return 1 if street == Street.PREFLOP else 2


def allin_chips(hand: HandHistory, *, preflop_samples: int | None = DEFAULT_PREFLOP_SAMPLES) -> float:
    """Seat 0's chips in ``hand`` with the luck of an all-in run-out replaced by its expectation.

    The all-in adjusted figure of :func:`adjust_hand` alone (see the module docstring): a hand whose last
    action was a call that left both seats all-in before the river is worth seat 0's equity share of the
    pot at that point; any other hand its chips. Equities are computed only for such hands.

    Raises:
        ValueError: if the hand is unfinished.

    Example:
        >>> from pokergym.cards import parse_cards
        >>> from pokergym.engine import HandState, HandHistory
        >>> state = HandState.new(deck=parse_cards("AsAhKsKh2c7d9hJsQd"), button=0)
        >>> state.all_in(); state.call()
        >>> round(allin_chips(HandHistory.from_state(state)))
        13055
    """
    if hand.payoffs is None:
        raise ValueError("the hand is unfinished: nothing to adjust")
    return _allin(hand, _Equity(hand.hole_cards, preflop_samples))


def _allin(hand: HandHistory, equity: _Equity) -> float:
    """:func:`allin_chips` with the hand's equity cache."""
    assert hand.payoffs is not None
    if not hand.actions or hand.actions[-1].kind == ActionKind.FOLD:
        return float(hand.payoffs[0])
    last = len(hand.actions) - 1
    state = hand.state_before(last)
    played = hand.actions[last].action
    after = state.copy()
    after.apply(played, hand.actions[last].seat)
    if after.street == state.street or not after.terminal:
        return float(hand.payoffs[0])
    return _action_values(state, equity, [played])[0]  # the run-out's expectation


@dataclass(frozen=True, slots=True)
class Estimate:
    """One estimator's match result, in mbb/hand from agent A's side.

    Attributes:
        mbb_per_hand: the mean.
        ci95: 95% half-width over duplicate pairs.
        sd_hand: standard deviation of a single hand.
        sd_pair: standard deviation of a pair's mean per hand.
    """

    mbb_per_hand: float
    ci95: float
    sd_hand: float
    sd_pair: float

    def hands_for(self, half_width: float = 50.0) -> int:
        """Hands (in duplicate pairs) needed for a 95% half-width of ``half_width`` mbb/hand.

        Example:
            >>> Estimate(0.0, 0.0, 1000.0, 500.0).hands_for(50.0)
            770
        """
        return 2 * math.ceil((Z95 * self.sd_pair / half_width) ** 2)


@dataclass(frozen=True, slots=True)
class AdjustedMatch:
    """Raw, all-in adjusted and AIVAT results of one match, side by side.

    Attributes:
        pairs: duplicate pairs counted.
        raw: chips as played.
        allin: all-in luck adjusted.
        aivat: AIVAT.
        terms: AIVAT's corrections by kind (:data:`AIVAT_TERMS`; seat 0 is agent A), each as an estimate of its
            mean, which is zero for an unbiased correction.
        corrections: their sum, ``raw - aivat`` hand by hand, with its own interval over pairs (``None`` when
            built from saved figures that lack it).
    """

    pairs: int
    raw: Estimate
    allin: Estimate
    aivat: Estimate
    terms: dict[str, Estimate] = field(default_factory=dict)
    corrections: Estimate | None = None

    def table(self) -> str:
        """A plain-text table of the three estimators."""
        rows = [f"{'estimator':<8} {'mbb/hand':>10} {'ci95':>9} {'sd/hand':>9} {'sd/pair':>9} {'hands@50':>10}"]
        for name in ("raw", "allin", "aivat"):
            e: Estimate = getattr(self, name)
            rows.append(
                f"{name:<8} {e.mbb_per_hand:>10.1f} {e.ci95:>9.1f} {e.sd_hand:>9.1f} {e.sd_pair:>9.1f} "
                f"{e.hands_for():>10}"
            )
        return "\n".join(rows)


def _estimate(values: np.ndarray[tuple[int, int], np.dtype[np.float64]], big_blind: int) -> Estimate:
    mbb = values * (1000.0 / big_blind)
    per_pair = mbb.mean(axis=1)
    mean, ci = mean_ci(per_pair.tolist())
    return Estimate(mean, ci, float(mbb.std(ddof=1)), float(per_pair.std(ddof=1)))


def adjusted_match(
    hands: str | os.PathLike[str] | Iterable[HandHistory],
    agents: Sequence[Agent | None] = (None, None),
    *,
    preflop_samples: int | None = DEFAULT_PREFLOP_SAMPLES,
    lookahead: bool = False,
) -> AdjustedMatch:
    """Re-score a duplicate match under the three estimators.

    Args:
        hands: the JSON-lines file ``match(..., histories=path)`` wrote, or its hands.
        agents: agent A and agent B as passed to the match (``None`` for unknown).
        preflop_samples: see :func:`adjust_hand`.
        lookahead: see :func:`adjust_hand`.

    Returns:
        The estimates, with confidence intervals over the complete pairs.

    Raises:
        ValueError: if there are fewer than two complete pairs.
        AgentError: an agent reports ``action_probabilities`` but may learn (see :func:`known_strategies`).

    Example:
        >>> import tempfile, pathlib
        >>> from baselines.simple import CallBot
        >>> from pokergym.arena import match
        >>> path = pathlib.Path(tempfile.mkdtemp()) / "h.jsonl"
        >>> _ = match(CallBot(), CallBot(), pairs=4, seed=1, histories=path)
        >>> result = adjusted_match(path, (CallBot(), CallBot()), preflop_samples=1000)
        >>> result.pairs, result.raw.mbb_per_hand, result.aivat.mbb_per_hand
        (4, 0.0, 0.0)
    """
    if isinstance(hands, str | os.PathLike):
        from pokergym.arena.artifacts import read_histories

        hands = read_histories(Path(hands))
    known_strategies(agents)  # refuse a learning agent before any hand is scored
    by_pair: dict[object, list[HandValues]] = {}
    big_blind = 0
    for hand in hands:
        big_blind = hand.config.big_blind
        by_pair.setdefault(hand.extra.get("pair", hand.hand_id), []).append(
            adjust_hand(hand, agents, preflop_samples=preflop_samples, lookahead=lookahead)
        )
    pairs = [v for v in by_pair.values() if len(v) == 2]
    if len(pairs) < 2:
        raise ValueError(f"need at least two complete duplicate pairs, got {len(pairs)}")
    table = np.array([[[h.raw, h.allin, h.aivat, *h.terms] for h in pair] for pair in pairs], dtype=np.float64)
    raw, allin, aivat, *terms = (_estimate(table[:, :, k], big_blind) for k in range(table.shape[2]))
    corrections = _estimate(table[:, :, 0] - table[:, :, 2], big_blind)
    return AdjustedMatch(len(pairs), raw, allin, aivat, dict(zip(AIVAT_TERMS, terms, strict=True)), corrections)
