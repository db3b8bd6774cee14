"""Agents and drivers shared by the environment tests."""

from __future__ import annotations

from typing import Any

import numpy as np

from pokergym.agents import Action, BaseAgent, Event, PlayerView


class RecordingAgent(BaseAgent):
    """Checks or calls, and remembers every reset and event it receives."""

    name = "recorder"

    def __init__(self) -> None:
        super().__init__()
        self.resets: list[int] = []
        self.events: list[Event] = []

    def reset(self, seat: int, rng: np.random.Generator) -> None:
        super().reset(seat, rng)
        self.resets.append(seat)

    def act(self, view: PlayerView) -> Action:
        assert view.legal is not None
        return Action.call() if view.legal.can_call else Action.check()

    def observe(self, event: Event) -> None:
        self.events.append(event)


class FoldAgent(BaseAgent):
    """Folds whenever it faces a bet, otherwise checks."""

    name = "folder"

    def act(self, view: PlayerView) -> Action:
        assert view.legal is not None
        return Action.fold() if view.legal.can_fold else Action.check()


class CheatAgent(BaseAgent):
    """Always tries to check, which is illegal when facing a bet."""

    name = "cheat"

    def act(self, view: PlayerView) -> Action:
        return Action.check()


def benchmark_choice(mask: np.ndarray, rng: np.random.Generator) -> int:
    """The benchmark's random policy on a discrete mask: fold 5% facing a bet, else call or raise 50/50."""
    if mask[0] and rng.random() < 0.05:
        return 0
    raises = np.flatnonzero(mask[2:]) + 2
    if len(raises) == 0 or rng.random() < 0.5:
        return 1
    return int(raises[rng.integers(len(raises))])


def play_gym_hand(env: Any, rng: np.random.Generator, seed: int | None = None) -> list[tuple[Any, ...]]:
    """Play one hand of a discrete HUNLEnv with :func:`benchmark_choice`; return every transition."""
    obs, info = env.reset(seed=seed)
    transitions: list[tuple[Any, ...]] = [(obs, info)]
    terminated = False
    while not terminated:
        obs, reward, terminated, truncated, info = env.step(benchmark_choice(obs["action_mask"], rng))
        transitions.append((obs, reward, terminated, truncated, info))
    return transitions
