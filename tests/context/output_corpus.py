"""A fixed corpus of player views and a digest of everything the context engine says about them.

The corpus: both seats' views at every decision, and at the end, of seeded
random hands (three stack depths) and of hands between baseline agents
(rule-based PokerSkill, honest, maniac, fish, random). The digest hashes the
``repr`` of ``analyze(view)``, both prompt modes, ``skill_vector``,
``skill_features``, ``read_line`` and ``analyze_board`` of every view (for an
error, its type and message), so any change in any output changes it.

    PYTHONPATH=. python tests/context/output_corpus.py   # prints the digest and the view count
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable

import numpy as np

from baselines.rule_skill import RuleSkillAgent
from baselines.simple import FishBot, HonestBot, ManiacBot, RandomBot
from pokergym.agents.base import Agent
from pokergym.context import analyze
from pokergym.context.board import analyze_board
from pokergym.context.compiled import skill_features
from pokergym.context.line import read_line
from pokergym.context.prompt import prompt
from pokergym.context.vector import skill_vector
from pokergym.engine import GameConfig, HandState, PlayerView
from tests.context.context_helpers import random_views

CONFIGS = (GameConfig(), GameConfig(stacks=(3000, 3000)), GameConfig(stacks=(8000, 30000)))


def agent_views(hands: int, seed: int) -> list[PlayerView]:
    """Both seats' views at every decision of seeded hands between baseline agents."""
    rng = np.random.default_rng(seed)
    makers: tuple[Callable[[], Agent], ...] = (RuleSkillAgent, HonestBot, ManiacBot, FishBot, RandomBot)
    views: list[PlayerView] = []
    for hand in range(hands):
        agents = [makers[int(rng.integers(len(makers)))](), makers[int(rng.integers(len(makers)))]()]
        for seat, agent in enumerate(agents):
            agent.reset(seat, np.random.default_rng(seed * 1000 + hand * 2 + seat))
        config = CONFIGS[int(rng.integers(len(CONFIGS)))]
        state = HandState.new(button=int(rng.integers(2)), rng=rng, config=config)
        while not state.terminal:
            views += [state.view(0), state.view(1)]
            state.apply(agents[state.actor].act(state.view(state.actor)))
        views += [state.view(0), state.view(1)]
    return views


def corpus(random_hands: int = 700, agent_hands: int = 300) -> list[PlayerView]:
    """The fixed corpus (seeded; the same views on every run)."""
    return random_views(random_hands, seed=24, configs=CONFIGS) + agent_views(agent_hands, seed=24)


def _say(fn: Callable[[], object]) -> str:
    try:
        out = fn()
    except Exception as exc:  # errors are outputs too
        return f"!{type(exc).__name__}: {exc}"
    if isinstance(out, np.ndarray):
        return f"{out.dtype}{out.shape}{out.tobytes().hex()}"
    return repr(out)


def outputs(view: PlayerView) -> Iterable[str]:
    """Every output of the context engine for one view, as text."""
    yield _say(lambda: analyze(view))
    yield _say(lambda: prompt(view, mode="skills").messages)
    yield _say(lambda: prompt(view, mode="default").messages)
    yield _say(lambda: skill_vector(analyze(view)))
    yield _say(lambda: skill_features(view))
    yield _say(lambda: read_line(view))
    yield _say(lambda: analyze_board(view.board))


def digest(views: Iterable[PlayerView]) -> str:
    """The SHA-256 of every output of every view, in order."""
    h = hashlib.sha256()
    for view in views:
        for text in outputs(view):
            h.update(text.encode())
            h.update(b"\0")
    return h.hexdigest()


if __name__ == "__main__":
    views = corpus()
    print(digest(views), len(views))
