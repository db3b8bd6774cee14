"""Agents: the shared interface, and the simplest bots.

``PlayerView`` and the event types are re-exported here so an agent author
needs only this module.
"""

from pokergym.agents.base import Agent, AsyncAgent, BaseAgent
from pokergym.agents.play import broadcast, play_hand
from pokergym.agents.simple import CallAgent, RandomAgent
from pokergym.engine.actions import Action, ActionKind, ActionRecord, Street
from pokergym.engine.events import ActionTaken, Event, HandEnd, HandStart, StreetStart
from pokergym.engine.state import LegalActions
from pokergym.engine.view import PlayerView

__all__ = [
    "Action",
    "ActionKind",
    "ActionRecord",
    "ActionTaken",
    "Agent",
    "AsyncAgent",
    "BaseAgent",
    "CallAgent",
    "Event",
    "HandEnd",
    "HandStart",
    "LegalActions",
    "PlayerView",
    "RandomAgent",
    "Street",
    "StreetStart",
    "broadcast",
    "play_hand",
]
