"""The agent that plays the solved bucket strategies in the real game.

Preflop the agent plays the range tables of :mod:`pokergym.context.preflop`
(the solve covers single postflop streets only). After the flop it maps its
real situation onto the abstract game of its street and draws from the
solved average strategy:

* street: flop, turn and river each have their own solution (not the flop's
  reused, as LiveGTO did);
* texture and bucket: :data:`~baselines.cfr.abstraction.LIVEGTO` on the hole
  cards and the board (the texture is the flop's);
* position: the button is IP, the big blind OOP;
* history: no bet yet is the root (OOP) or ``x`` (IP after a check); facing
  the street's first bet is ``b<k>`` or ``xb<k>``; facing a raise is ``b<k>r``
  (OOP) or ``xb<k>r`` (IP). ``k`` maps the first bet's size to the abstract
  size nearest to it as a fraction of the pot at the start of the street
  (0.33/0.66/1.0 by default; a 50% bet is 0.66's, 0.495 and below 0.33's, any
  overbet 1.0's). Raises are not sized: the abstract tree knows only one.
  Lines deeper than the tree (facing a re-raise) use the facing-raise node of
  the player's position with the first bet's size and are counted in
  :attr:`CFRBucketAgent.fallbacks` as ``"off_tree"``.

A bucket the sampler never saw on that street and texture (its solved row
is arbitrary: it has no weight) plays the row of the nearest bucket it did
see, the stronger one on a tie.

Abstract actions become chips as follows: a bet of fraction ``f`` bets
``f`` x the pot at the start of the street; a raise raises to ``B +
raise_factor x (B - m)`` where ``B`` is the opponent's street total and ``m``
the agent's (the abstract raise, which calls the bet and adds 2.5 times it).
Amounts are clamped to the legal range, so short stacks turn large sizes
into all-ins; when no bet or raise is legal its probability goes to check
or call. Equal concrete actions are merged.

A preflop spot without a range table (a 6-bet, ...; ``"deep_preflop"``)
falls back to equity against a random hand versus pot odds: call when the
equity reaches ``to_call / (pot + to_call)``, else fold (check when free).

Example:
    >>> import numpy as np
    >>> from pokergym.agents import CallAgent, play_hand
    >>> from pokergym.engine import HandState
    >>> agents = [CFRBucketAgent(), CallAgent()]
    >>> rngs = [np.random.default_rng(1), np.random.default_rng(2)]
    >>> play_hand(HandState.new(rng=np.random.default_rng(4)), agents, rngs).terminal
    True
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

from baselines.cfr.abstraction import LIVEGTO
from baselines.cfr.export import DEFAULT_PATH, betting_of, load
from baselines.cfr.game import IP, OOP
from baselines.policy import ActionDistribution, DistributionAgent, legal_of, merge
from baselines.simple import view_equity
from pokergym.agents import Action, ActionKind, LegalActions, PlayerView, Street
from pokergym.context.preflop import NoPreflopTableError, PreflopScenario, detect_scenario, preflop_probabilities
from pokergym.errors import ConfigError

__all__ = ["CFRBucketAgent"]

_STREET_NAMES = {Street.FLOP: "flop", Street.TURN: "turn", Street.RIVER: "river"}


class CFRBucketAgent(DistributionAgent):
    """Plays the CFR+ bucket strategies after the flop, the preflop range tables before.

    Args:
        path: a strategy file written by ``pokergym solve cfr`` (default: the shipped one).
        name: display name.

    Attributes:
        fallbacks: decisions outside the solved model, by reason (``"deep_preflop"``, ``"off_tree"``).
    """

    name = "cfr"

    def __init__(self, path: str | None = None, name: str | None = None) -> None:
        super().__init__(name)
        document = load(DEFAULT_PATH if path is None else Path(path))
        if document["abstraction"].get("name") != LIVEGTO.name:
            raise ConfigError(
                f"the agent plays the {LIVEGTO.name} abstraction, the file has {document['abstraction']['name']}"
            )
        self._streets: dict[str, Any] = document["streets"]
        self._betting = betting_of(document)
        self.fallbacks: Counter[str] = Counter()

    def abstract_state(self, view: PlayerView) -> tuple[str, str, str, int]:
        """The (street, texture, history, bucket) of a postflop view in the abstract game.

        Example:
            >>> from pokergym.cards import parse_cards
            >>> from pokergym.engine import HandState
            >>> state = HandState.new(deck=parse_cards("AsKd 7c7h Ks8h2c 3d 4s"))  # seat 0 has the button
            >>> state.call(); state.check(); state.raise_to(100)  # big blind bets half the pot
            >>> CFRBucketAgent().abstract_state(state.view(0))
            ('flop', 'low_dry', 'b1', 2)
        """
        street = _STREET_NAMES[view.street]
        texture, bucket = LIVEGTO.classify(view.hole, view.board)
        player = IP if view.is_button else OOP
        bets = [r for r in view.street_history if r.kind in (ActionKind.BET, ActionKind.RAISE)]
        if not bets:
            history = "" if player == OOP else "x"
        else:
            first = bets[0]
            start = max(view.pot_at_street_start, 1)
            fractions = self._betting.bet_fractions
            k = min(range(len(fractions)), key=lambda i: abs(first.to / start - fractions[i]))
            opener = "x" if first.seat == view.button else ""
            facing_raise = f"b{k}r" if player == OOP else f"xb{k}r"
            history = f"{opener}b{k}" if len(bets) == 1 else facing_raise
        return street, LIVEGTO.textures[texture], history, bucket

    def action_probabilities(self, view: PlayerView) -> ActionDistribution:
        """The agent's action distribution in ``view`` (what :meth:`act` samples)."""
        legal = legal_of(view)
        if view.street == Street.PREFLOP:
            try:
                return preflop_probabilities(view)
            except NoPreflopTableError:
                return self._deep_preflop(view, legal)
        street, texture, history, bucket = self.abstract_state(view)
        section = self._streets[street][texture]
        probabilities = section["bucket_probabilities"]
        if probabilities[bucket] <= 0.0:  # never sampled: its solved row is arbitrary
            bucket = min((i for i, p in enumerate(probabilities) if p > 0.0), key=lambda i: (abs(i - bucket), i))
        node = section["strategy"][history]
        weighted = [
            (self._concrete(action, view, legal), float(p))
            for action, p in zip(node["actions"], node["probabilities"][bucket], strict=True)
        ]
        distribution = merge(weighted)
        total = sum(p for _, p in distribution)
        return [(action, p / total) for action, p in distribution]

    def act(self, view: PlayerView) -> Action:
        """Sample an action, counting decisions outside the solved model in :attr:`fallbacks`."""
        if view.street == Street.PREFLOP:
            if detect_scenario(view) == PreflopScenario.deep_default:
                self.fallbacks["deep_preflop"] += 1
        elif sum(r.kind in (ActionKind.BET, ActionKind.RAISE) for r in view.street_history) > 2:
            self.fallbacks["off_tree"] += 1
        return super().act(view)

    def _concrete(self, action: str, view: PlayerView, legal: LegalActions) -> Action:
        """The legal chip action of an abstract action name."""
        if action == "fold":
            return Action.fold()
        if action in ("check", "call") or not legal.can_raise:
            return Action.call() if legal.can_call else Action.check()
        mine, theirs = view.bets[view.seat], view.bets[view.opponent]
        if action == "raise":
            amount = theirs + self._betting.raise_factor * (theirs - mine)
        else:
            fraction = self._betting.bet_fractions[
                [f"bet{round(f * 100)}" for f in self._betting.bet_fractions].index(action)
            ]
            amount = theirs + fraction * view.pot_at_street_start
        return Action.raise_to(min(max(round(amount), legal.min_raise_to), legal.max_raise_to))

    @staticmethod
    def _deep_preflop(view: PlayerView, legal: LegalActions) -> ActionDistribution:
        if legal.can_check:
            return [(Action.check(), 1.0)]
        equity = view_equity(view, samples=0)
        odds = legal.call_amount / (view.pot + legal.call_amount)
        return [(Action.call() if equity >= odds else Action.fold(), 1.0)]
