"""The heads-up no-limit hold'em rules engine.

One engine serves every front end (Gymnasium, PettingZoo, the arena and the
search agents). It knows nothing about observations, features or agents.

Example:
    >>> from pokergym.engine import HandState, GameConfig
    >>> import numpy as np
    >>> state = HandState.new(GameConfig(), button=0, rng=np.random.default_rng(7))
    >>> state.fold()
    >>> state.payoffs
    (-50, 50)
"""

from pokergym.engine.actions import Action, ActionKind, ActionRecord, LegalActions, Street
from pokergym.engine.config import DEFAULT_CONFIG, GameConfig
from pokergym.engine.dealer import Dealer
from pokergym.engine.events import ActionTaken, Event, EventFeed, HandEnd, HandStart, StreetStart
from pokergym.engine.history import HandHistory
from pokergym.engine.state import DECK_SIZE, HandState, deal_deck
from pokergym.engine.view import PlayerView, make_view

__all__ = [
    "DECK_SIZE",
    "DEFAULT_CONFIG",
    "Action",
    "ActionKind",
    "ActionRecord",
    "ActionTaken",
    "Dealer",
    "Event",
    "EventFeed",
    "GameConfig",
    "HandEnd",
    "HandHistory",
    "HandStart",
    "HandState",
    "LegalActions",
    "PlayerView",
    "Street",
    "StreetStart",
    "deal_deck",
    "make_view",
]
