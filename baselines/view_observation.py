"""The ``HUNL-v0`` observation of a seat, rebuilt from its :class:`~pokergym.agents.PlayerView` alone.

An agent trained on the environment sees, at another table (the arena, the
other seat of an environment), only a :class:`PlayerView`. :class:`ViewObserver`
rebuilds from it exactly the observation dict the environment gave the
learner: the observation vector and the discrete action mask of
:mod:`pokergym.envs`, plus any feature entries (``pokerskill``, ``equity``)
the model was trained with. :func:`public_state` fills the cards the seat
cannot see with unused ones, which the encoders never read for that seat.

Example:
    >>> import numpy as np
    >>> from pokergym.engine import HandState
    >>> from pokergym.wrappers.pokerskill import PokerSkillFeature
    >>> hand = HandState.new(rng=np.random.default_rng(3))
    >>> observer = ViewObserver(features=[PokerSkillFeature()])
    >>> sorted(observer.observation(hand.view(hand.actor)))
    ['action_mask', 'observation', 'pokerskill']
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from baselines.policy import ActionDistribution, legal_of, merge
from pokergym.agents import Action, ActionKind, PlayerView
from pokergym.engine import GameConfig, HandState
from pokergym.envs import DEFAULT_FRACTIONS, DiscreteActions, ObservationLayout, SeatEncoder
from pokergym.wrappers._base import ViewFeature

__all__ = ["ViewObserver", "public_state"]

_RAISES = (ActionKind.BET, ActionKind.RAISE)


def public_state(view: PlayerView) -> HandState:
    """A :class:`HandState` that shows ``view``'s seat exactly what the view shows.

    The seat's hole cards, the visible board, the button, stacks and the whole
    betting history are those of the view; the opponent's hole cards and the
    undealt board cards, which the view does not know, are filled with the
    lowest unused cards. Observation encoders and action codecs, which read a
    ``HandState``, can then work from an information set alone.

    Example:
        >>> import numpy as np
        >>> state = HandState.new(rng=np.random.default_rng(3))
        >>> state.raise_to(300); state.call()
        >>> view = state.view(state.actor)
        >>> copy = public_state(view)
        >>> copy.view(view.seat) == view, copy.hole(1 - view.seat) == state.hole(1 - view.seat)
        (True, False)
    """
    known = {*view.hole, *view.board}
    unused = [card for card in range(52) if card not in known]
    board = (*view.board, *unused[2 : 7 - len(view.board)])
    other = (unused[0], unused[1])
    holes = (view.hole, other) if view.is_button else (other, view.hole)
    state = HandState.new(view.config, button=view.button, deck=(*holes[0], *holes[1], *board))
    for record in view.history:
        state.apply(Action.raise_to(record.to) if record.kind in _RAISES else Action(record.kind))
    return state


class ViewObserver:
    """Builds a seat's ``HUNL-v0`` observation dict from its view.

    Args:
        raise_fractions: the environment's discrete pot fractions.
        history_slots: the environment's action slots per street.
        features: extra entries, in the order the environment's wrappers added them.

    Attributes:
        codec: the discrete action codec (ids to engine actions).
    """

    def __init__(
        self,
        *,
        raise_fractions: Sequence[float] = DEFAULT_FRACTIONS,
        history_slots: int = 6,
        features: Sequence[ViewFeature] = (),
    ) -> None:
        """Set up the codec, the feature list and the per-config encoders."""
        self.codec = DiscreteActions(raise_fractions)
        self.history_slots = history_slots
        self.features = list(features)
        self._encoders: dict[tuple[int, int], SeatEncoder] = {}

    def layout(self, config: GameConfig) -> ObservationLayout:
        """The observation layout of ``config`` (the vector depends on it only through the big blind)."""
        return self._encoder(config, 0).layout

    def observation(self, view: PlayerView) -> dict[str, np.ndarray]:
        """The observation dict for ``view`` (fresh arrays)."""
        return self.observe(view, public_state(view))

    def observe(self, view: PlayerView, state: HandState) -> dict[str, np.ndarray]:
        """The observation dict for ``view``, given its :func:`public_state` ``state``."""
        vector = self._encoder(view.config, view.seat).reset(state).encode(state)
        observation = {"observation": vector, "action_mask": self.codec.mask(state)}
        for feature in self.features:
            observation[feature.key] = feature.value(view)
        return observation

    def distribution(self, weights: np.ndarray, view: PlayerView, state: HandState) -> ActionDistribution:
        """The engine actions of the action ids with positive ``weights`` (all-in as a raise to the whole stack).

        ``weights`` must be zero on the ids the mask of ``state`` rules out.
        """
        legal = legal_of(view)
        sizes = self.codec.sizes(state)
        last = self.codec.all_in_id
        out: list[tuple[Action, float]] = []
        for index in np.flatnonzero(weights > 0.0).tolist():
            if index == 0:
                action = Action.fold()
            elif index == 1:
                action = Action.call() if legal.call_amount else Action.check()
            else:
                action = Action.raise_to(legal.max_raise_to if index == last else sizes[index - 2])
            out.append((action, float(weights[index])))
        return merge(out)

    def _encoder(self, config: GameConfig, seat: int) -> SeatEncoder:
        key = (config.big_blind, seat)
        encoder = self._encoders.get(key)
        if encoder is None:
            encoder = self._encoders[key] = SeatEncoder(ObservationLayout(config, self.history_slots), seat)
        return encoder
