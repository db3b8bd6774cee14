"""A training reward without the luck of all-in run-outs.

:class:`AllInEquityReward` wraps a ``HUNL-v0`` table (or a wrapper around one, such as
:class:`~pokergym.wrappers.PokerSkillObservation`): where a hand ends with a call that left
both players all-in before the river, the learner's terminal reward is its equity share of
the pot at that call (:func:`pokergym.arena.variance.allin_chips`, exact) instead of the chips
the run-out happened to give. Every other reward passes unchanged. The expected reward of every
action is the same; only the run-out's variance is gone, which is what the arena's all-in
adjusted estimator does to a match's score.

A call of a 200 BB shove otherwise returns about +-200 BB whatever the decision's merit, and
the learner's advantage for it is mostly that noise. Training only: ``info["chips"]`` and
``info["payoffs"]`` still hold the chips the hand really paid.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium as gym

from pokergym.arena.variance import allin_chips
from pokergym.engine import ActionKind, ActionRecord, HandHistory, Street

__all__ = ["AllInEquityReward"]


class AllInEquityReward(gym.Wrapper[Any, Any, Any, Any]):
    """``HUNL-v0`` with the terminal reward of a called all-in before the river at its equity (see the module).

    Attributes:
        adjusted: hands whose reward was replaced.

    Example:
        >>> import gymnasium as gym
        >>> import pokergym
        >>> env = AllInEquityReward(gym.make("HUNL-v0", opponent="call"))
        >>> _ = env.reset(seed=3)
        >>> all_in = env.action_space.n - 1  # the last action: all-in
        >>> _, reward, terminated, _, info = env.step(all_in)
        >>> terminated, env.adjusted, reward * 100 == info["allin_chips"] != info["chips"]
        (True, 1, True)
    """

    def __init__(self, env: gym.Env[Any, Any]) -> None:
        """Wrap ``env``, a ``HUNL-v0`` table or a wrapper of one."""
        super().__init__(env)
        self.adjusted = 0

    def step(self, action: Any) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """Step; at a called all-in before the river, the reward is the learner's equity share of the pot."""
        observation, reward, terminated, truncated, info = self.env.step(action)
        history = info.get("history", ())
        if terminated and info.get("showdown") and _called_all_in_early(history):
            hand = HandHistory.from_state(self.env.unwrapped.hand)  # type: ignore[attr-defined]
            seat = int(info["seat"])
            chips = allin_chips(hand)
            chips = chips if seat == 0 else -chips
            info = {**info, "allin_chips": chips}
            reward = chips / hand.config.big_blind
            self.adjusted += 1
        return observation, float(reward), terminated, truncated, info


def _called_all_in_early(history: Sequence[ActionRecord]) -> bool:
    """Whether the hand's last action is a call made before the river (a call that ends a hand is all-in)."""
    if not history:
        return False
    last = history[-1]
    return bool(last.kind == ActionKind.CALL and last.street < Street.RIVER)
