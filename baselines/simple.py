"""The simple opponents: fixed, easily described strategies for baselines and tests.

Each bot is a :class:`~baselines.policy.PolicyAgent`: besides ``act`` it reports
``action_probabilities(view)``. Options are keyword arguments of the
constructor (the registry builds them from specs such as ``"maniac:aggression=0.6"``).
All randomness comes from the generator handed to ``reset``.

* ``random`` (:class:`RandomBot`): a uniformly random legal action type, log-uniform bet sizes;
* ``fold`` (:class:`FoldBot`): folds to any bet, checks when free;
* ``call`` (:class:`CallBot`): checks or calls, never folds, never raises;
* ``maniac`` (:class:`ManiacBot`): bets or raises most of the time with pot-fraction sizes, never folds;
* ``honest`` (:class:`HonestBot`): equity against a random hand versus pot odds;
* ``fish`` (:class:`FishBot`): loose and passive, with deliberate mistakes.

Example:
    >>> import numpy as np
    >>> from pokergym.agents import play_hand
    >>> from pokergym.engine import HandState
    >>> state = HandState.new(rng=np.random.default_rng(5))
    >>> rngs = [np.random.default_rng(1), np.random.default_rng(2)]
    >>> play_hand(state, [ManiacBot(), FoldBot()], rngs).payoffs
    (100, -100)
"""

from __future__ import annotations

import math
from functools import lru_cache

import numpy as np

from baselines.policy import (
    ActionDistribution,
    DistributionAgent,
    check_or_call,
    legal_of,
    merge,
    pot_raise_to,
    probability_option,
)
from pokergym.agents import Action, CallAgent, PlayerView, RandomAgent
from pokergym.errors import ConfigError
from pokergym.evaluator import equity_vs_random, preflop_equity

__all__ = ["CallBot", "FishBot", "FoldBot", "HonestBot", "ManiacBot", "RandomBot", "view_equity"]


def _bet_fraction(value: float) -> float:
    if not 0 < value < math.inf:
        raise ConfigError(f"bet_fraction must be positive and finite, got {value!r}")
    return float(value)


def _positive_samples(samples: int) -> int:
    if isinstance(samples, bool) or not isinstance(samples, int) or samples < 1:
        raise ConfigError(f"samples must be a positive integer, got {samples!r}")
    return samples


def _seed(seed: int) -> int:
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise ConfigError(f"seed must be a non-negative integer, got {seed!r}")
    return seed


@lru_cache(maxsize=4096)
def _equity(hole: tuple[int, int], board: tuple[int, ...], samples: int, seed: int) -> float:
    if not board:
        return preflop_equity(hole)
    if len(board) > 3:
        return equity_vs_random(hole, board).equity
    rng = np.random.default_rng([seed, *sorted(hole), *sorted(board)])
    return equity_vs_random(hole, board, samples=samples, rng=rng).equity


def view_equity(view: PlayerView, samples: int, seed: int = 0) -> float:
    """Equity of the view's hole cards against one uniformly random hand.

    Preflop the value comes from the evaluator's exact 169-class table, and on
    the turn and river from exact enumeration (under half a millisecond). On
    the flop, where enumeration takes a quarter of a second, it is a Monte
    Carlo estimate from ``samples`` deals whose generator is seeded from
    ``seed`` and the cards (hole and board, order ignored). The same cards
    therefore always give the same number, so a bot built on it is a
    deterministic function of its view. Results are cached.

    Example:
        >>> from pokergym.cards import parse_cards
        >>> from pokergym.engine import HandState
        >>> state = HandState.new(deck=parse_cards("AsAh7c2d2s5h9dKc3h"))
        >>> round(view_equity(state.view(0), samples=500), 3)  # aces preflop: exact
        0.852
        >>> state.call(); state.check()  # the flop 2s 5h 9d: a seeded estimate
        >>> view_equity(state.view(0), samples=500) == view_equity(state.view(0), samples=500)
        True
    """
    return _equity(view.hole, view.board, samples, seed)


_RAISE_ACTIONS: list[Action] = []


def _raises(low: int, high: int) -> list[Action]:
    """``Action.raise_to(a)`` for ``low <= a <= high``, built once per amount (they are immutable)."""
    if len(_RAISE_ACTIONS) <= high:
        _RAISE_ACTIONS.extend(map(Action.raise_to, range(len(_RAISE_ACTIONS), high + 1)))
    return _RAISE_ACTIONS[low : high + 1]


class RandomBot(RandomAgent):
    """Random legal play: :class:`pokergym.agents.RandomAgent` plus its exact distribution.

    The action type (fold when facing a bet, check or call, bet or raise) is
    uniform over the legal ones; a bet or raise is sized log-uniformly between
    the minimum raise-to and all-in, then rounded to whole chips. Its
    :meth:`action_probabilities` therefore lists every legal raise-to amount
    (up to ``max - min + 1`` entries).

    Example:
        >>> from pokergym.engine import HandState
        >>> dist = RandomBot().action_probabilities(HandState.new(deck=tuple(range(9))).view(0))
        >>> [str(a) for a, _ in dist[:3]], len(dist), round(sum(p for _, p in dist), 9)
        (['fold', 'call', 'raise to 200'], 19803, 1.0)
    """

    ignores_hole_cards = True
    """Its play never depends on its own cards (local best response asks it once per decision)."""

    def action_probabilities(self, view: PlayerView) -> ActionDistribution:
        """One third (or half) per action type; the raise share spread over the amounts."""
        legal = legal_of(view)
        share = 1.0 / (1 + legal.can_fold + legal.can_raise)
        out: ActionDistribution = []
        if legal.can_fold:
            out.append((Action.fold(), share))
        out.append((check_or_call(legal), share))
        if legal.can_raise:
            low, high = legal.min_raise_to, legal.max_raise_to
            if low >= high:
                out.append((Action.raise_to(high), share))
            else:
                amounts = np.arange(low, high + 1)
                upper = np.log(np.minimum(amounts + 0.5, high))
                lower = np.log(np.maximum(amounts - 0.5, low))
                weights = (upper - lower) * (share / (math.log(high) - math.log(low)))
                out.extend(zip(_raises(low, high), weights.tolist(), strict=True))
        return out


class CallBot(CallAgent):
    """Calling station: :class:`pokergym.agents.CallAgent` plus its (one-point) distribution.

    Checks when it can and calls otherwise; never folds and never raises.

    Example:
        >>> from pokergym.engine import HandState
        >>> CallBot().action_probabilities(HandState.new(deck=tuple(range(9))).view(0))
        [(Action(kind=<ActionKind.CALL: 2>, amount=0), 1.0)]
    """

    ignores_hole_cards = True
    """Its play never depends on its own cards (local best response asks it once per decision)."""

    def action_probabilities(self, view: PlayerView) -> ActionDistribution:
        """Check or call with probability one."""
        return [(check_or_call(legal_of(view)), 1.0)]


class FoldBot(DistributionAgent):
    """Always-fold: gives up to any bet and checks whenever checking is free.

    It never puts a chip in voluntarily, so it loses its blind in every hand
    where the opponent bets and otherwise reaches a free showdown.

    Example:
        >>> from pokergym.engine import HandState
        >>> str(FoldBot().act(HandState.new(deck=tuple(range(9))).view(0)))
        'fold'
    """

    ignores_hole_cards = True
    """Its play never depends on its own cards (local best response asks it once per decision)."""

    name = "fold"

    def action_probabilities(self, view: PlayerView) -> ActionDistribution:
        """Fold with probability one when facing a bet, else check."""
        legal = legal_of(view)
        return [(Action.fold() if legal.can_fold else Action.check(), 1.0)]


class ManiacBot(DistributionAgent):
    """Hyper-aggressive: bets or raises most of the time and never folds.

    Whenever a bet or raise is legal it makes one with probability
    ``aggression``, choosing uniformly among the pot fractions in ``sizes``
    (see :func:`~baselines.policy.pot_raise_to`; sizes that clamp to the same
    amount merge); otherwise, and whenever raising is not legal, it checks or
    calls. It ignores its cards.

    Args:
        aggression: probability of betting or raising when that is legal.
        sizes: bet and raise sizes as fractions of the pot after calling, drawn
            uniformly (in a spec: fractions separated by ``/``, e.g. ``0.5/1/2``).
        name: display name.

    Example:
        >>> from pokergym.engine import HandState
        >>> view = HandState.new(deck=tuple(range(9))).view(0)
        >>> [(str(a), p) for a, p in ManiacBot(aggression=0.5, sizes=(1.0,)).action_probabilities(view)]
        [('call', 0.5), ('raise to 300', 0.5)]
    """

    ignores_hole_cards = True
    """Its play never depends on its own cards (local best response asks it once per decision)."""

    name = "maniac"

    def __init__(
        self, *, aggression: float = 0.8, sizes: tuple[float, ...] = (0.5, 1.0, 2.0), name: str | None = None
    ) -> None:
        super().__init__(name)
        self.aggression = probability_option(aggression, "aggression")
        if not sizes or any(not math.isfinite(s) or s <= 0 for s in sizes):
            raise ConfigError(f"sizes must be one or more positive pot fractions, got {sizes!r}")
        self.sizes = tuple(float(s) for s in sizes)

    def action_probabilities(self, view: PlayerView) -> ActionDistribution:
        """Raise with probability ``aggression`` split over ``sizes``, else check or call."""
        legal = legal_of(view)
        passive = check_or_call(legal)
        if not legal.can_raise:
            return [(passive, 1.0)]
        each = self.aggression / len(self.sizes)
        raises = [(Action.raise_to(pot_raise_to(view, size)), each) for size in self.sizes]
        return merge([(passive, 1.0 - self.aggression), *raises])


class HonestBot(DistributionAgent):
    """Plays its equity against a random hand, the way PyPokerEngine's HonestPlayer does.

    It estimates the probability that its hand beats one uniformly random
    opponent hand (:func:`view_equity`: exact except for a seeded Monte Carlo
    estimate on the flop). With equity of at least ``value_threshold`` it bets
    or raises ``bet_fraction`` of the pot for value (it calls when raising is
    not legal). Otherwise, facing a bet it calls when the equity exceeds the
    pot odds, ``to_call / (pot + to_call)``, and folds when it does not;
    unopposed it checks. It never bluffs and uses no randomness: its
    distribution puts all mass on one action, a pure function of the view.

    Args:
        samples: Monte Carlo deals per flop equity estimate (the turn and river are exact).
        value_threshold: equity from which it bets or raises for value.
        bet_fraction: value bet and raise size, as a fraction of the pot after calling.
        seed: mixed with the cards to seed the Monte Carlo generator.
        name: display name.

    Example:
        >>> from pokergym.cards import parse_cards
        >>> from pokergym.engine import HandState
        >>> aces = HandState.new(deck=parse_cards("AsAh7c2d2s5h9dKc3h"))
        >>> str(HonestBot().act(aces.view(0)))
        'raise to 250'
        >>> str(HonestBot().act(HandState.new(deck=parse_cards("7c2dAsAh2s5h9dKc3h")).view(0)))
        'call'
    """

    name = "honest"

    def __init__(
        self,
        *,
        samples: int = 1000,
        value_threshold: float = 0.7,
        bet_fraction: float = 0.75,
        seed: int = 0,
        name: str | None = None,
    ) -> None:
        super().__init__(name)
        self.samples = _positive_samples(samples)
        self.value_threshold = probability_option(value_threshold, "value_threshold")
        self.bet_fraction = _bet_fraction(bet_fraction)
        self.seed = _seed(seed)

    def action_probabilities(self, view: PlayerView) -> ActionDistribution:
        """The single action of the equity rule, with probability one."""
        legal = legal_of(view)
        equity = view_equity(view, self.samples, self.seed)
        if equity >= self.value_threshold:
            if legal.can_raise:
                return [(Action.raise_to(pot_raise_to(view, self.bet_fraction)), 1.0)]
            return [(check_or_call(legal), 1.0)]
        if not legal.can_call:
            return [(Action.check(), 1.0)]
        pot_odds = legal.call_amount / (view.pot + legal.call_amount)
        return [(Action.call() if equity > pot_odds else Action.fold(), 1.0)]


class FishBot(DistributionAgent):
    """A loose-passive recreational player who makes mistakes.

    It sorts its hand by :func:`view_equity` into strong (at least ``strong``),
    middling and weak (below ``weak``). Facing a bet it calls every middling
    hand whatever the price; with a weak hand it still calls with probability
    ``loose_call_prob`` and folds otherwise; with a strong hand it raises with
    probability ``raise_prob``, folds by mistake with probability
    ``strong_fold_prob`` and calls otherwise. Unopposed it bets only strong
    hands, with probability ``raise_prob``, and checks everything else. Its
    bets and raises are ``bet_fraction`` of the pot after calling.

    Args:
        samples: Monte Carlo deals per flop equity estimate (the turn and river are exact).
        strong: equity from which a hand counts as strong.
        weak: equity below which a hand counts as weak.
        raise_prob: probability of betting or raising a strong hand.
        strong_fold_prob: probability of folding a strong hand to a bet.
        loose_call_prob: probability of calling a bet with a weak hand.
        bet_fraction: bet and raise size, as a fraction of the pot after calling.
        seed: mixed with the cards to seed the Monte Carlo generator.
        name: display name.

    Example:
        >>> from pokergym.cards import parse_cards
        >>> from pokergym.engine import HandState
        >>> view = HandState.new(deck=parse_cards("7c2dAsAh2s5h9dKc3h")).view(0)
        >>> [(str(a), p) for a, p in FishBot().action_probabilities(view)]
        [('fold', 0.65), ('call', 0.35)]
    """

    name = "fish"

    def __init__(
        self,
        *,
        samples: int = 1000,
        strong: float = 0.7,
        weak: float = 0.4,
        raise_prob: float = 0.1,
        strong_fold_prob: float = 0.05,
        loose_call_prob: float = 0.35,
        bet_fraction: float = 0.5,
        seed: int = 0,
        name: str | None = None,
    ) -> None:
        super().__init__(name)
        self.samples = _positive_samples(samples)
        self.strong = probability_option(strong, "strong")
        self.weak = probability_option(weak, "weak")
        if self.weak > self.strong:
            raise ConfigError(f"weak ({weak}) must not exceed strong ({strong})")
        self.raise_prob = probability_option(raise_prob, "raise_prob")
        self.strong_fold_prob = probability_option(strong_fold_prob, "strong_fold_prob")
        if self.raise_prob + self.strong_fold_prob > 1.0:
            raise ConfigError("raise_prob + strong_fold_prob must not exceed 1")
        self.loose_call_prob = probability_option(loose_call_prob, "loose_call_prob")
        self.bet_fraction = _bet_fraction(bet_fraction)
        self.seed = _seed(seed)

    def action_probabilities(self, view: PlayerView) -> ActionDistribution:
        """Mix of call, fold and rare raises according to the hand's strength class."""
        legal = legal_of(view)
        equity = view_equity(view, self.samples, self.seed)
        passive = check_or_call(legal)
        if equity >= self.strong:
            aggressive = Action.raise_to(pot_raise_to(view, self.bet_fraction)) if legal.can_raise else passive
            blunder = self.strong_fold_prob if legal.can_fold else 0.0
            return merge(
                [
                    (Action.fold(), blunder),
                    (passive, 1.0 - self.raise_prob - blunder),
                    (aggressive, self.raise_prob),
                ]
            )
        if not legal.can_fold or equity >= self.weak:
            return [(passive, 1.0)]
        return merge([(Action.fold(), 1.0 - self.loose_call_prob), (passive, self.loose_call_prob)])
