"""Local best response (LBR): a lower bound on an agent's exploitability.

Lisy and Bowling (2017). A responder plays the agent with full knowledge of
its strategy, through ``action_probabilities``:

* it keeps the agent's range, a weight for each of the 1326 hands the agent
  could hold, updated by Bayes' rule after every agent action with the
  probability each hand would have taken that action;
* at each of its decisions it takes the action with the best expected value
  under the assumption that both seats check or call from then on: folding
  loses what it has put in; checking or calling is worth ``(2 e - 1) m``,
  ``e`` its equity against the range and ``m`` the matched chips; a bet or
  raise wins the agent's chips with the range's fold probability and is
  otherwise worth ``(2 e' - 1) m'`` against the hands that continue.
  The sizes tried are pot fractions (``fractions``) and all-in;
* the ``call_until_turn`` variant checks or calls on the preflop and the flop.

Hands come in duplicate pairs (one deck, the responder on the button in one
hand and in the big blind in the other). A hand that goes all-in before the
river counts its exact expected value over the remaining board, ``(2 e - 1) m``
with ``e`` the exact equity of the two hands (the all-in adjustment of
:mod:`pokergym.arena.variance`). The result is the responder's
win rate in mbb/hand with a 95% interval over pairs; as any strategy's win
rate, it bounds the agent's exploitability from below.

Equity against a range is exact on the flop, turn and river; preflop it is
exact against an untouched (uniform) range and a Monte Carlo estimate
(``preflop_samples`` deals, :data:`DEFAULT_PREFLOP_SAMPLES`) otherwise, or
exact from the table of every matchup (:mod:`pokergym.evaluator.matchups`)
with ``preflop_samples=None`` (``pokergym exploit --exact-preflop``). The
published bounds use the Monte Carlo; the exact responder is a different
local best response, so its bound differs (calibrated in
``benchmarks/RESULTS.md``, "Exact preflop equity for the responder"). Costs are about ``1326 x (1 + sizes)``
calls of ``action_probabilities`` per decision, so slow agents are slow here.
The agent's answers are memoised by public state and hand, for the whole run
on the preflop (where the same betting lines recur from hand to hand) and for
the current hand after it: this relies, as the Bayes update does, on
``action_probabilities`` depending on nothing but the view. An agent whose
class sets ``ignores_hole_cards = True`` (its play never looks at its own
cards, like the random bot or the calling station) is asked once per
decision instead of once per holding.

**AIVAT.** Beside the counted chips, every hand is scored with AIVAT
(:func:`~pokergym.arena.variance.adjust_hand_with`): the responder's chips minus
control variates of mean zero for each chance event (hole cards, board cards,
all-in run-outs) and for each agent action, the latter from the very
distribution the agent's action was drawn from, recorded as it played (so an
agent that learns is scored with the strategy it had then). The responder's
own actions need no term: its play is a function of what it has seen. Both
figures estimate the same expectation, so both bound the agent's
exploitability from below; the AIVAT interval is usually the narrower one
(:attr:`LbrResult.aivat_ci95`).

**Agents that learn.** The agent receives every event of its hands through
``observe``, as in a match (its start event, each action, each street, the
showdown), and plays the whole run as one session: its memory carries from
hand to hand (it is deep-copied first, so the caller's agent is untouched).
An agent that does not declare ``memoryless = True``
(:func:`~pokergym.agents.base.is_memoryless`), such as the Bayes and
expectiminimax agents whose opponent models learn, has its memo emptied after
every event, so each answer is its current strategy. LBR then measures what a
responder that knows the agent's current strategy at every decision wins
while the agent adapts to it: a lower bound on the exploitability of the
agent as it learns over ``hands`` hands, not of a fixed strategy.

**A sampled range.** With ``range_samples=K`` the responder tracks the
agent's range on ``K`` holdings drawn at the start of each hand (among those
its own cards leave possible, spread evenly over preflop strength, from a
stream of its own), not on all 1326: each agent decision then costs ``K``
questions instead of up to 1326, which is what makes slow, learning agents
measurable (K = 128 kept 88 to 96% of the whole range's bound on the rule
and cfr agents over 2,000 hands, ``benchmarks/RESULTS.md``). The responder is
weaker (its equities and fold estimates are those of the sample) but it is
still a strategy, so what it wins is still a lower bound on the agent's
exploitability. When every sampled holding has been ruled out (the agent took
an action none of them would take), the responder falls back to the whole
range, re-weighted by the agent's actions so far in the hand as its current
strategy answers them; :attr:`LbrResult.fallbacks` counts those hands.

Example:
    >>> from baselines.simple import FoldBot
    >>> result = lbr(FoldBot(), hands=20, seed=1)
    >>> result.mbb_per_hand, result.ci95
    (750.0, 0.0)
"""

from __future__ import annotations

import argparse
import copy
import functools
import math
import os
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, Literal

import numpy as np
import numpy.typing as npt

from pokergym.agents.base import is_memoryless
from pokergym.agents.play import broadcast
from pokergym.agents.specs import resolve_agent
from pokergym.arena.hands import PlayedLog
from pokergym.arena.match import open_for_writing
from pokergym.arena.runners import AsyncRunner, LocalRunner, Runner, make_runner
from pokergym.arena.stats import mean_ci
from pokergym.arena.variance import StrategyAgent, adjust_hand_with, canonical_action
from pokergym.engine.actions import Action, ActionKind, LegalActions, Street
from pokergym.engine.config import DEFAULT_CONFIG, GameConfig
from pokergym.engine.events import EventFeed
from pokergym.engine.history import HandHistory
from pokergym.engine.state import HandState, deal_deck
from pokergym.engine.view import PlayerView
from pokergym.errors import AgentError, ConfigError
from pokergym.evaluator import (
    COMBO_CARDS,
    N_COMBOS,
    combo_array,
    combo_index,
    equity_vs_random,
    equity_vs_range,
    preflop_equity,
)

__all__ = ["DEFAULT_FRACTIONS", "DEFAULT_PREFLOP_SAMPLES", "LbrResult", "Variant", "exploit_main", "lbr"]

Variant = Literal["full", "call_until_turn"]
"""``full``: best response at every decision; ``call_until_turn``: check/call preflop and on the flop."""

DEFAULT_FRACTIONS = (0.5, 1.0, 2.0)
"""Bet and raise sizes tried, as fractions of the pot after calling (all-in is always tried)."""

_COMBOS = combo_array()
_RESPONDER = 0
_AGENT = 1
_FOLD = (ActionKind.FOLD, 0)
_MEMO_ACTIONS = 64
"""The largest distribution, in distinct actions, that the strategy memo keeps."""

_Probabilities = dict[tuple[ActionKind, int], float]
"""An agent's distribution for one hand, summed per canonical action."""


@dataclass(frozen=True, slots=True)
class LbrResult:
    """What the responder won against the agent.

    Attributes:
        agent: the agent's name.
        variant: the responder variant.
        hands: hands played (twice the pairs).
        mbb_per_hand: the responder's mean win, a lower bound on exploitability.
        ci95: 95% half-width over duplicate pairs.
        range_samples: holdings the responder tracked per hand (``None``: all 1326).
        fallbacks: hands in which every sampled holding was ruled out and the
            responder went back to the whole range (always 0 without sampling).
        aivat_mbb_per_hand: the same mean win estimated with AIVAT (the module's "AIVAT"): the same
            expectation, usually a narrower interval.
        aivat_ci95: its 95% half-width over duplicate pairs.
        fractions: the bet and raise sizes the responder tried besides all-in, as pot fractions.
    """

    agent: str
    variant: Variant
    hands: int
    mbb_per_hand: float
    ci95: float
    range_samples: int | None = None
    fallbacks: int = 0
    aivat_mbb_per_hand: float = math.nan
    aivat_ci95: float = math.nan
    fractions: tuple[float, ...] = DEFAULT_FRACTIONS

    def __str__(self) -> str:
        """E.g. ``LBR(full) vs fold: 750.0 +- 0.0 mbb/hand over 20 hands (AIVAT: 750.0 +- 0.0)``.

        Sizes other than :data:`DEFAULT_FRACTIONS` are named: ``(sizes 0.25/0.5/1/2 of the pot and all-in)``.
        """
        sampled = (
            ""
            if self.range_samples is None
            else f" (range sampled: {self.range_samples} holdings, {self.fallbacks} hands fell back to all)"
        )
        sizes = "/".join(f"{f:g}" for f in self.fractions) or "none"
        sized = "" if self.fractions == DEFAULT_FRACTIONS else f" (sizes {sizes} of the pot and all-in)"
        return (
            f"LBR({self.variant}) vs {self.agent}: {self.mbb_per_hand:.1f} +- {self.ci95:.1f} mbb/hand "
            f"over {self.hands} hands (AIVAT: {self.aivat_mbb_per_hand:.1f} +- {self.aivat_ci95:.1f}){sampled}{sized}"
        )


class _Strategy:
    """The agent's ``action_probabilities`` per public view and hand, memoised.

    Preflop views are kept for the whole run; later ones until :meth:`new_hand`.
    Distributions over more than :data:`_MEMO_ACTIONS` actions (an agent spreading
    over every raise size) are recomputed each time rather than held.
    """

    def __init__(self, agent: StrategyAgent) -> None:
        self.agent = agent
        self.memoryless = is_memoryless(agent)
        self._probe = agent
        self._preflop: dict[PlayerView, dict[int, _Probabilities]] = {}
        self._hand: dict[PlayerView, dict[int, _Probabilities]] = {}

    def new_hand(self) -> None:
        """Forget the views of the last hand after the preflop."""
        self._hand.clear()

    def observed(self) -> None:
        """The agent has seen an event: forget every answer if its strategy may have changed.

        An agent that learns is asked about other holdings through a copy taken
        now, so that the questions never disturb what the agent itself remembers.
        """
        if not self.memoryless:
            self._preflop.clear()
            self._hand.clear()
            self._probe = copy.deepcopy(self.agent)

    def probabilities(
        self, view: PlayerView, live: npt.NDArray[np.intp], target: tuple[ActionKind, int]
    ) -> npt.NDArray[np.float64]:
        """Per live hand, the probability of the canonical action ``target`` at ``view``."""
        legal = view.legal
        assert legal is not None
        known = self._memo(view)
        if getattr(self.agent, "ignores_hole_cards", False):
            # One answer serves every holding: the agent declares its play card-blind.
            first = int(live[0])
            blind = known.get(first) or self._ask(view, legal, first)
            return np.full(live.size, blind.get(target, 0.0))
        out = np.empty(live.size)
        for i, combo in enumerate(live.tolist()):
            out[i] = self._known(view, legal, known, combo).get(target, 0)
        return out

    def distribution(self, view: PlayerView, combo: int) -> list[tuple[Action, float]]:
        """The agent's distribution at ``view`` for holding ``combo``, one action per canonical action."""
        legal = view.legal
        assert legal is not None
        probs = self._known(view, legal, self._memo(view), combo)
        return [(_as_action(kind, to), p) for (kind, to), p in probs.items()]

    def _memo(self, view: PlayerView) -> dict[int, _Probabilities]:
        """The answers kept for ``view``'s public state, by holding (the preflop's for the run, later ones per hand)."""
        return (self._hand if view.board else self._preflop).setdefault(view._replace(hole=(-1, -1)), {})

    def _known(
        self, view: PlayerView, legal: LegalActions, known: dict[int, _Probabilities], combo: int
    ) -> _Probabilities:
        """The memoised distribution of ``combo`` at ``view`` (asked and kept when missing)."""
        probs = known.get(combo)
        if probs is None:
            probs = self._ask(view, legal, combo)
            if len(probs) <= _MEMO_ACTIONS:
                known[combo] = probs
        return probs

    def _ask(self, view: PlayerView, legal: LegalActions, combo: int) -> _Probabilities:
        """The agent's distribution for holding ``combo`` at ``view``, by canonical action."""
        probs: _Probabilities = {}
        for action, p in self._probe.action_probabilities(view._replace(hole=COMBO_CARDS[combo])):
            key = canonical_action(legal, action)
            probs[key] = probs.get(key, 0) + p
        return probs


def _as_action(kind: ActionKind, to: int) -> Action:
    """The action of a canonical ``(kind, to)`` pair (:func:`~pokergym.arena.variance.canonical_action`)."""
    return Action.raise_to(to) if kind == ActionKind.RAISE else Action(kind)


@functools.cache
def _preflop_strength() -> npt.NDArray[np.float64]:
    """Each combo's preflop equity against a random hand (the 169-class table), by combo index."""
    return np.array([preflop_equity(cards) for cards in COMBO_CARDS])


def _spread_sample(live: npt.NDArray[np.intp], count: int, sampler: np.random.Generator) -> npt.NDArray[np.intp]:
    """``count`` of the ``live`` combos spread evenly over preflop strength (systematic sampling).

    The combos are shuffled, ordered by preflop equity, and taken at ``count``
    evenly spaced positions from a random start, so every strength band holds its
    share of the sample (a simple random sample of 64 often has none of a band).
    """
    shuffled = sampler.permutation(live)
    ordered = shuffled[np.argsort(_preflop_strength()[shuffled], kind="stable")]
    positions = ((np.arange(count) + sampler.random()) * (ordered.size / count)).astype(np.intp)
    return ordered[positions]


DEFAULT_PREFLOP_SAMPLES: Final = 2000
"""Monte Carlo deals behind the responder's preflop equity against a shaped range (``None``: exact)."""


@dataclass(frozen=True, slots=True)
class _Settings:
    """How the responder plays: the variant, the sizes it tries, preflop equity (exact or sampled), the range sample."""

    variant: Variant = "full"
    fractions: tuple[float, ...] = DEFAULT_FRACTIONS
    preflop_samples: int | None = DEFAULT_PREFLOP_SAMPLES
    range_samples: int | None = None


class _Responder:
    """The LBR player of one hand; the agent's range lives in ``weights``.

    With ``settings.range_samples`` the range starts on that many holdings drawn
    with ``sampler`` (see the module's "A sampled range").
    """

    def __init__(
        self,
        strategy: _Strategy,
        state: HandState,
        settings: _Settings,
        rng: np.random.Generator,
        sampler: np.random.Generator | None = None,
    ) -> None:
        self.strategy = strategy
        self.settings = settings
        self.rng = rng
        self.weights = np.ones(N_COMBOS)
        self.fell_back = False
        self._seen: list[tuple[PlayerView, tuple[ActionKind, int]]] = []
        self._cache: dict[tuple[tuple[int, ...], bytes], float] = {}
        self._block(state.hole(_RESPONDER))
        self.sampled = settings.range_samples is not None and settings.range_samples < np.count_nonzero(self.weights)
        if self.sampled:
            assert sampler is not None and settings.range_samples is not None
            kept = _spread_sample(np.flatnonzero(self.weights), settings.range_samples, sampler)
            self.weights[:] = 0.0
            self.weights[kept] = 1.0

    def _block(self, cards: Sequence[int]) -> None:
        self.weights[np.isin(_COMBOS, cards).any(axis=1)] = 0.0

    def observe(self, state: HandState, action: Action) -> None:
        """Bayes update of the range after the agent plays ``action`` in ``state``."""
        self._block(state.board)
        view = state.view(_AGENT)
        target = canonical_action(state.legal_actions(), action)
        self._seen.append((view, target))
        self._update(view, target)
        if not self.weights.any() and self.sampled and not self.fell_back:
            self._fall_back(state)
        if not self.weights.any():
            raise ValueError(f"the agent played {action}, which its reported strategy never plays")

    def start_over(self, state: HandState) -> None:
        """Forget what the agent's actions said: every holding that ``state``'s known cards leave possible."""
        self.weights[:] = 1.0
        self._seen.clear()
        self._block((*state.hole(_RESPONDER), *state.board))

    def _update(self, view: PlayerView, target: tuple[ActionKind, int]) -> None:
        live = np.flatnonzero(self.weights)
        self.weights[live] *= self.strategy.probabilities(view, live, target)

    def _fall_back(self, state: HandState) -> None:
        """Every sampled holding is ruled out: the whole range, re-weighted by the agent's actions so far."""
        self.fell_back = True
        self.weights[:] = 1.0
        self._block((*state.hole(_RESPONDER), *state.board))
        for view, target in self._seen:
            self._update(view, target)

    def _equity(self, state: HandState, weights: npt.NDArray[np.float64]) -> float:
        """Equity against ``weights`` (cached): exact against an untouched range, else as documented."""
        hole, board = state.hole(_RESPONDER), state.board
        key = (board, weights.tobytes())
        cached = self._cache.get(key)
        if cached is not None:
            return cached
        self._cache[key] = value = self._compute_equity(hole, board, weights)
        return value

    def _compute_equity(self, hole: tuple[int, int], board: tuple[int, ...], weights: npt.NDArray[np.float64]) -> float:
        live = weights[weights > 0]
        unblocked = np.count_nonzero(~np.isin(_COMBOS, (*hole, *board)).any(axis=1))
        if live.size == unblocked and np.all(live == live[0]):
            return equity_vs_random(hole, board).equity
        samples = None if board else self.settings.preflop_samples
        return equity_vs_range(hole, board, weights, samples=samples, rng=self.rng).equity

    def _sizes(self, state: HandState) -> list[int]:
        if not state.can_raise:
            return []
        facing = state.bets[_RESPONDER] + state.to_call
        amounts = {
            min(max(round(facing + f * (state.pot + state.to_call)), state.min_raise_to), state.max_raise_to)
            for f in self.settings.fractions
        }
        return sorted(amounts | {state.max_raise_to})

    def act(self, state: HandState) -> Action:
        """The best-EV action at ``state`` under the check/call assumption."""
        passive = Action.call() if state.to_call else Action.check()
        if self.settings.variant == "call_until_turn" and state.street < Street.TURN:
            return passive
        self._block(state.board)
        weights = self.weights
        total = weights.sum()
        mine, theirs = state.contributions[_RESPONDER], state.contributions[_AGENT]
        best, best_ev = passive, (2 * self._equity(state, weights) - 1) * (mine + state.to_call)
        if state.to_call and -mine > best_ev:
            best, best_ev = Action.fold(), float(-mine)
        live = np.flatnonzero(weights)
        for amount in self._sizes(state):
            after = state.copy()
            after.raise_to(amount)
            folds = self.strategy.probabilities(after.view(_AGENT), live, _FOLD)
            calling = np.zeros(N_COMBOS)
            calling[live] = weights[live] * (1.0 - folds)
            call_share = float(calling.sum()) / total
            ev = (1.0 - call_share) * theirs
            if call_share > 1e-12:
                matched = min(after.contributions[_RESPONDER], theirs + state.stacks[_AGENT])
                ev += call_share * (2 * self._equity(state, calling) - 1) * matched
            if ev > best_ev:
                best, best_ev = Action.raise_to(amount), ev
        return best


@dataclass(frozen=True)
class _Played:
    """One hand's outcome: the responder's counted chips, AIVAT's estimate of them, and whether its range fell back."""

    chips: float
    aivat: float
    fell_back: bool


def _play(
    strategy: _Strategy,
    state: HandState,
    settings: _Settings,
    rng: np.random.Generator,
    sampler: np.random.Generator,
) -> _Played:
    """Play one hand: the responder's chips (all-in luck removed), their AIVAT estimate, the range's fallback.

    The agent observes every event. The distribution the agent played at each of its decisions is kept
    for AIVAT's action terms (see the module's "AIVAT").
    """
    agent = strategy.agent
    agent.reset(_AGENT, rng)
    strategy.new_hand()
    feed = EventFeed(state)
    agent.observe(feed.start(_AGENT))
    broadcast(feed, [agent])
    strategy.observed()
    responder = _Responder(strategy, state, settings, rng, sampler)
    played = PlayedLog(frozenset({_AGENT}))
    while not state.terminal:
        if state.actor == _AGENT:
            view = state.view(_AGENT)
            action = agent.act(view)
            responder.observe(state, action)
            played.by_action[len(state.history)] = strategy.distribution(view, combo_index(*state.hole(_AGENT)))
        else:
            action = responder.act(state)
        state.apply(action, state.actor)
        broadcast(feed, [agent])
        strategy.observed()
    assert state.payoffs is not None
    values = adjust_hand_with(HandHistory.from_state(state), (None, played.played))
    return _Played(values.allin, values.aivat, responder.fell_back)  # the counted chips: all-in luck removed


def lbr(
    agent: StrategyAgent,
    *,
    hands: int = 1000,
    seed: int = 0,
    config: GameConfig = DEFAULT_CONFIG,
    variant: Variant = "full",
    fractions: Sequence[float] = DEFAULT_FRACTIONS,
    preflop_samples: int | None = DEFAULT_PREFLOP_SAMPLES,
    range_samples: int | None = None,
    block_pairs: int | None = None,
    runner: Runner | None = None,
    histories: str | os.PathLike[str] | None = None,
) -> LbrResult:
    """Estimate a lower bound on ``agent``'s exploitability with local best response.

    Args:
        agent: an agent with ``action_probabilities`` (and ``reset``/``act``).
        hands: hands to play, rounded up to an even number (duplicate pairs).
        seed: root seed of the decks and of the agent's draws.
        config: blinds and stacks.
        variant: ``"full"`` or ``"call_until_turn"``.
        fractions: bet sizes tried as pot fractions, besides all-in.
        preflop_samples: Monte Carlo deals behind the responder's preflop equity against a range the
            agent's actions have shaped (:data:`DEFAULT_PREFLOP_SAMPLES`); ``None``: exact, from the table of
            every matchup (faster; a different responder, so a different bound: see "Exact preflop equity").
        range_samples: ``None`` (the default): track the agent's whole range. A number: track
            that many holdings drawn per hand (a weaker responder, still a lower bound; see the
            module's "A sampled range"); the decks and the agent's draws stay those of ``seed``.
        block_pairs: ``None`` (the default): one stream of decks and draws for the whole run, in this
            process. A number: blocks of that many pairs, each with its own seeds (spawned from ``seed``
            in block order) and its own copy of a learning agent, run by ``runner``; the result depends on
            ``seed`` and ``block_pairs``, not on where the blocks run.
        runner: where blocks run (:mod:`pokergym.arena.runners`; default: this process, one after another);
            left open for the caller to close.
        histories: a JSON-lines file to write every hand to (a
            :class:`~pokergym.engine.history.HandHistory` each, in play order, seat 0 named ``"LBR"``; its
            ``extra`` holds the pair and the hand's counted value, ``"mbb"``: the responder's chips, all-in
            luck removed, in mbb, and ``"aivat_mbb"``: AIVAT's estimate of them).

    Returns:
        The responder's win rate in mbb/hand with its 95% interval.

    Raises:
        ConfigError: if ``agent`` does not report action probabilities, or for an unknown variant,
            fewer than 2 hands, a bet size that is not a positive pot fraction, fewer than one range sample,
            a block of fewer than one pair, or a runner without blocks.
    """
    _check_settings(agent, variant, hands, range_samples, block_pairs, runner)
    _check_fractions(fractions)
    pairs = (hands + 1) // 2
    root = np.random.SeedSequence(seed)
    settings = _Settings(variant, tuple(fractions), preflop_samples, range_samples)
    keep = histories is not None
    if block_pairs is None:
        results = [_lbr_block(_Block(agent, root, pairs, config, settings, 0, keep))]
    else:
        starts = range(0, pairs, block_pairs)
        sizes = [min(block_pairs, pairs - start) for start in starts]
        blocks = [
            _Block(agent, child, size, config, settings, start, keep)
            for child, size, start in zip(root.spawn(len(sizes)), sizes, starts, strict=True)
        ]
        run = runner or LocalRunner()  # a caller's runner stays open: the caller closes it
        results = list(run.map(_lbr_block, blocks))
    with open_for_writing(histories) as out:
        if out is not None:
            out.writelines(line + "\n" for result in results for line in result.histories)
    mean, ci = mean_ci([value for result in results for value in result.per_pair])
    aivat, aivat_ci = mean_ci([value for result in results for value in result.aivat_per_pair])
    fallbacks = sum(result.fallbacks for result in results)
    return LbrResult(
        _name(agent), variant, 2 * pairs, mean, ci, range_samples, fallbacks, aivat, aivat_ci, tuple(fractions)
    )


def _check_settings(
    agent: object, variant: str, hands: int, range_samples: int | None, block_pairs: int | None, runner: object
) -> None:
    """Raise the ``ConfigError`` :func:`lbr` documents for a bad setting."""
    if not isinstance(agent, StrategyAgent):
        raise ConfigError(f"LBR needs an agent with action_probabilities(); {agent!r} has none")
    if variant not in ("full", "call_until_turn"):
        raise ConfigError(f"unknown LBR variant {variant!r}; use 'full' or 'call_until_turn'")
    if hands < 2:
        raise ConfigError(f"LBR needs at least 2 hands, got {hands}")
    if range_samples is not None and range_samples < 1:
        raise ConfigError(f"range_samples must be at least 1 holding or None (the whole range), got {range_samples}")
    if block_pairs is not None and block_pairs < 1:
        raise ConfigError(f"block_pairs must be at least 1 pair or None, got {block_pairs}")
    if runner is not None and block_pairs is None:
        raise ConfigError("a runner needs block_pairs: one stream of draws cannot be split between workers")


def _check_fractions(fractions: Sequence[float]) -> None:
    """Raise the ``ConfigError`` :func:`lbr` documents for a bet size that is not a positive pot fraction."""
    for fraction in fractions:
        if isinstance(fraction, bool) or not isinstance(fraction, int | float) or not 0.0 < fraction < math.inf:
            raise ConfigError(f"bet sizes must be positive pot fractions, got {fraction!r} in {tuple(fractions)}")


@dataclass(frozen=True)
class _Block:
    """One run of pairs with its own seeds (what a worker needs; pickled for process and Ray runners)."""

    agent: StrategyAgent
    seeds: np.random.SeedSequence
    pairs: int
    config: GameConfig
    settings: _Settings
    first_pair: int = 0
    histories: bool = False


def _name(agent: StrategyAgent) -> str:
    """The agent's display name (its class name if it has none)."""
    return str(getattr(agent, "name", type(agent).__name__))


@dataclass(frozen=True)
class _BlockResult:
    """Per pair, the responder's mbb/hand (the mean of its two hands) and AIVAT's estimate of it; fallbacks; hands."""

    per_pair: list[float]
    aivat_per_pair: list[float]
    fallbacks: int
    histories: list[str]


def _lbr_block(block: _Block) -> _BlockResult:
    """Play the pairs of ``block``."""
    agent = block.agent if is_memoryless(block.agent) else copy.deepcopy(block.agent)  # a learner starts afresh
    deck_seed, play_seed, sample_seed = block.seeds.spawn(3)  # the first two as before range sampling existed
    decks = np.random.default_rng(deck_seed)
    rngs = [np.random.default_rng(s) for s in play_seed.spawn(2)]
    sampler = np.random.default_rng(sample_seed)
    strategy = _Strategy(agent)
    config = block.config
    names = ("LBR", _name(agent))
    to_mbb = 1000.0 / config.big_blind
    per_pair: list[float] = []
    aivat_per_pair: list[float] = []
    fallbacks, histories = 0, []
    for pair in range(block.first_pair, block.first_pair + block.pairs):
        deck = deal_deck(decks)
        chips = aivat = 0.0
        for button in (0, 1):
            state = HandState.new(config, button=button, deck=deck)
            hand = _play(strategy, state, block.settings, rngs[button], sampler)
            chips += hand.chips
            aivat += hand.aivat
            fallbacks += hand.fell_back
            if block.histories:
                extra = {"pair": pair, "mbb": hand.chips * to_mbb, "aivat_mbb": hand.aivat * to_mbb}
                record = HandHistory.from_state(state, hand_id=2 * pair + button, names=names, extra=extra)
                histories.append(record.to_json())
        per_pair.append(chips * to_mbb / 2.0)
        aivat_per_pair.append(aivat * to_mbb / 2.0)
    return _BlockResult(per_pair, aivat_per_pair, fallbacks, histories)


def _exploit_parser() -> argparse.ArgumentParser:
    """The options of ``pokergym exploit``."""
    parser = argparse.ArgumentParser(prog="pokergym exploit", description="Local best response against an agent.")
    parser.add_argument("agent", metavar="AGENT", help="agent spec, e.g. 'call' or 'rule'")
    parser.add_argument("--hands", type=int, default=1000, help="hands to play (default 1000)")
    parser.add_argument("--seed", type=int, default=0, help="root seed (default 0)")
    parser.add_argument("--variant", choices=("full", "call_until_turn"), default="full")
    parser.add_argument(
        "--fractions",
        type=float,
        nargs="+",
        default=DEFAULT_FRACTIONS,
        metavar="F",
        help="bet and raise sizes the responder tries, as fractions of the pot after calling, besides all-in "
        f"(default {' '.join(f'{f:g}' for f in DEFAULT_FRACTIONS)})",
    )
    parser.add_argument(
        "--range-samples",
        type=int,
        default=None,
        metavar="K",
        help="track the agent's range on K holdings drawn per hand instead of all 1326: a weaker responder, "
        "still a lower bound, K/1326 of the questions to the agent (for slow agents); default: the whole range",
    )
    parser.add_argument(
        "--exact-preflop",
        action="store_true",
        help="the responder's preflop equity against the agent's range exact, from the table of every matchup "
        f"(default: a Monte Carlo estimate from {DEFAULT_PREFLOP_SAMPLES:,} deals)",
    )
    parser.add_argument(
        "--block-pairs",
        type=int,
        default=None,
        help="play in blocks of this many pairs, each seeded on its own, so that --backend can run them in "
        "parallel (the result depends on the seed and the block size only); default: one stream, this process",
    )
    parser.add_argument(
        "--backend", choices=("local", "process", "ray"), default="local", help="where blocks run (default local)"
    )
    parser.add_argument("--workers", type=int, default=None, help="pool processes or Ray CPUs (default: all cores)")
    parser.add_argument("--address", default=None, help="Ray cluster address, e.g. 'auto' (ray backend only)")
    parser.add_argument(
        "--histories",
        default=None,
        metavar="FILE",
        help="write every hand to FILE as JSON lines (seat 0 is the responder; extra.mbb: the hand's counted value, "
        "extra.aivat_mbb: its AIVAT value)",
    )
    return parser


def exploit_main(argv: Sequence[str] | None = None) -> int:
    """Command line ``pokergym exploit AGENT``: print the LBR bound of a registered agent.

    Returns:
        The exit status, 0.

    Raises:
        PokerGymError: for an unknown or malformed agent spec; :class:`~pokergym.errors.AgentError`
            if the agent reports no action probabilities (``pokergym`` prints either as one line).
    """
    parser = _exploit_parser()
    args = parser.parse_args(argv)
    if args.backend != "local" and args.block_pairs is None:
        parser.error(f"--backend {args.backend} needs --block-pairs (one stream of draws cannot be split)")
    agent = resolve_agent(args.agent)
    if not isinstance(agent, StrategyAgent):
        raise AgentError(f"agent {args.agent!r} does not report action probabilities, which LBR needs")
    runner: Runner | None = None
    if args.block_pairs is not None:
        made = make_runner(args.backend, args.workers, args.address)
        assert not isinstance(made, AsyncRunner)  # not among the choices
        runner = made
    try:
        result = lbr(
            agent,
            hands=args.hands,
            seed=args.seed,
            variant=args.variant,
            fractions=tuple(args.fractions),
            preflop_samples=None if args.exact_preflop else DEFAULT_PREFLOP_SAMPLES,
            range_samples=args.range_samples,
            block_pairs=args.block_pairs,
            runner=runner,
            histories=args.histories,
        )
    finally:
        if runner is not None:
            runner.close()
    print(result)
    return 0
