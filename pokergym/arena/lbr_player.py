"""Local best response as a seat-taking agent: an exploiter of a known strategy, for matches and leagues.

:func:`~pokergym.arena.lbr.lbr` plays its own hands against an agent. :class:`LbrAgent`
is the same responder behind the :class:`~pokergym.agents.Agent` protocol, so it
can sit in any match, environment or training league: it plays against whoever
holds the other seat, assuming that seat plays ``target``'s reported strategy
(``action_probabilities``). In a league the learner holds the seat and
``target`` is its latest frozen snapshot: the exploiter then punishes what the
snapshot gives away, which scripted opponents and snapshots of the learner's own
style do not.

At each decision the agent rebuilds the hand from its view (its own cards, the
board so far, the public actions; the other seat's cards, which it never sees,
are stand-ins that no question asks about), updates the range it keeps on the
other seat by Bayes' rule with ``target``'s probabilities of the actions taken
since its last decision, and plays the responder's best action under the
check/call assumption (:mod:`pokergym.arena.lbr`). By default it tracks the
range on ``range_samples`` holdings (64), which keeps a decision to
milliseconds. When the seat's play rules out every tracked holding (the player
is not ``target``: a learner moved on from its snapshot), the range falls back
to every holding, re-weighted by the actions so far, as LBR's sampled range
does; an action that rules out every holding even then leaves the range
uniform over what the cards allow (counted in :attr:`LbrAgent.uniform`), so a
hand never fails.

Example:
    >>> import numpy as np
    >>> from pokergym.agents import CallAgent, play_hand
    >>> from pokergym.engine import Action, HandState
    >>> class Station(CallAgent):  # a calling station that says how it plays
    ...     memoryless = True
    ...     def action_probabilities(self, view):
    ...         return [(Action.check() if view.legal.can_check else Action.call(), 1.0)]
    >>> exploiter = LbrAgent(Station(), range_samples=16)
    >>> state = play_hand(HandState.new(rng=np.random.default_rng(0)), [CallAgent(), exploiter],
    ...                   [np.random.default_rng(1), np.random.default_rng(2)])
    >>> state.terminal, exploiter.uniform
    (True, 0)
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from pokergym.agents.base import BaseAgent
from pokergym.arena.lbr import (
    _AGENT,
    _RESPONDER,
    DEFAULT_FRACTIONS,
    DEFAULT_PREFLOP_SAMPLES,
    _Responder,
    _Settings,
    _Strategy,
)
from pokergym.arena.variance import StrategyAgent
from pokergym.engine.actions import Action
from pokergym.engine.events import Event
from pokergym.engine.state import HandState
from pokergym.engine.view import PlayerView
from pokergym.errors import ConfigError

__all__ = ["LbrAgent"]


class LbrAgent(BaseAgent):
    """LBR against ``target``'s strategy, seated like any agent (see the module docstring).

    Args:
        target: the strategy assumed for the other seat (its ``action_probabilities`` are asked).
        fractions: pot fractions of the bets and raises it tries (all-in is always tried).
        preflop_samples: Monte Carlo deals behind its preflop equity against a shaped range (None: exact).
        range_samples: holdings of the other seat it tracks (None: all 1326).
        name: display name.

    Raises:
        ConfigError: if ``target`` has no ``action_probabilities``, or a setting is out of range.
    """

    memoryless = True

    def __init__(
        self,
        target: StrategyAgent,
        *,
        fractions: Sequence[float] = DEFAULT_FRACTIONS,
        preflop_samples: int | None = DEFAULT_PREFLOP_SAMPLES,
        range_samples: int | None = 64,
        name: str = "lbr",
    ) -> None:
        """Keep the target and the responder's settings (see the class docstring)."""
        super().__init__(name=name)
        if not callable(getattr(target, "action_probabilities", None)):
            raise ConfigError(f"LbrAgent needs a target with action_probabilities, got {type(target).__name__}")
        if not fractions or any(not f > 0.0 for f in fractions):
            raise ConfigError(f"fractions must be positive pot fractions, got {tuple(fractions)}")
        if range_samples is not None and range_samples < 1:
            raise ConfigError(f"range_samples must be at least 1 (or None: every holding), got {range_samples}")
        self.target = target
        self.settings = _Settings("full", tuple(fractions), preflop_samples, range_samples)
        self.uniform = 0
        self._strategy = _Strategy(target)
        self._responder: _Responder | None = None
        self._seen = 0
        self._sampler = np.random.default_rng(0)

    def reset(self, seat: int, rng: np.random.Generator) -> None:
        """Start a hand: a new range on the other seat, drawn with ``rng``'s stream."""
        super().reset(seat, rng)
        self._strategy.new_hand()
        self._responder = None
        self._seen = 0
        self._sampler = np.random.default_rng(rng.integers(2**63))

    def observe(self, event: Event) -> None:
        """Nothing to do: the history in each view is what it reads."""

    def act(self, view: PlayerView) -> Action:
        """The responder's best action at ``view`` (its range brought up to date first)."""
        state = _mirror(view)
        if self._responder is None:
            self._responder = _Responder(self._strategy, state, self.settings, self.rng, self._sampler)
        responder = self._responder
        for index in range(self._seen, len(view.history)):
            record = view.history[index]
            if record.seat == view.seat:
                continue
            try:
                responder.observe(_mirror(view, upto=index), record.action)
            except ValueError:  # no holding plays it, even after the sampled range's fallback
                self.uniform += 1
                responder.start_over(state)
        self._seen = len(view.history)
        return responder.act(state)


def _mirror(view: PlayerView, upto: int | None = None) -> HandState:
    """The hand of ``view`` replayed up to action ``upto`` (all of them when None), the viewer in lbr's seat.

    Seats are renumbered so that the viewer is the responder's seat of :mod:`.lbr`; the other seat holds
    two stand-in cards off the viewer's cards and the board, and the board's cards still to come are stand-ins
    too (a replay up to an earlier action deals only the board cards known by then).
    """
    seat_of = (_RESPONDER, _AGENT) if view.seat == 0 else (_AGENT, _RESPONDER)
    button = seat_of[view.button]
    used = {*view.hole, *view.board}
    spare = [c for c in range(52) if c not in used]
    holes = {_RESPONDER: tuple(view.hole), _AGENT: (spare[0], spare[1])}
    board = (*view.board, *spare[2 : 2 + 5 - len(view.board)])
    state = HandState.new(view.config, button=button, deck=(*holes[button], *holes[1 - button], *board))
    for record in view.history[: len(view.history) if upto is None else upto]:
        state.apply(record.action, seat_of[record.seat])
    return state
