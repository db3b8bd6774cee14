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

import functools
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from baselines.policy import ActionDistribution, legal_of
from pokergym.agents import Action, ActionKind, PlayerView
from pokergym.engine import GameConfig, HandState
from pokergym.envs import DEFAULT_FRACTIONS, DiscreteActions, ObservationLayout, SeatEncoder
from pokergym.envs.view_encoder import ViewEncoder, public_deck
from pokergym.errors import ConfigError
from pokergym.wrappers._base import TableFeature, ViewFeature

__all__ = ["Encoded", "ViewObserver", "public_state"]

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
    state = HandState.new(view.config, button=view.button, deck=public_deck(view))
    for record in view.history:
        state.apply(Action.raise_to(record.to) if record.kind in _RAISES else Action(record.kind))
    return state


@dataclass(frozen=True)
class Encoded:
    """A view's observation dict and the raise-to amount of each action id.

    Attributes:
        observation: ``observation``, ``action_mask`` and the feature entries, as the environment gives them.
        sizes: the raise-to amounts of ids 2 onwards: the pot fractions (0 where masked), then all-in.
    """

    observation: dict[str, np.ndarray]
    sizes: tuple[int, ...]


_FOLD, _CALL, _CHECK = Action.fold(), Action.call(), Action.check()


@functools.lru_cache(maxsize=4096)
def _raise_to(amount: int) -> Action:
    """The raise to ``amount`` (actions are immutable, so one object serves every decision that raises to it)."""
    return Action(ActionKind.RAISE, amount)


class ViewObserver:
    """Builds a seat's ``HUNL-v0`` observation dict from its view.

    The vector, mask and raise sizes come from the environment's kernels
    (:class:`~pokergym.envs.view_encoder.ViewEncoder`) when they can play the
    view's game (both stacks above the big blind), else from the Python engine
    (:func:`public_state`); the two agree on every view (``tests/envs/test_view_encoder.py``).

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
        self._compiled: dict[GameConfig, ViewEncoder | None] = {}

    def layout(self, config: GameConfig) -> ObservationLayout:
        """The observation layout of ``config`` (the vector depends on it only through the big blind)."""
        return self._encoder(config, 0).layout

    def observation(self, view: PlayerView) -> dict[str, np.ndarray]:
        """The observation dict for ``view`` (fresh arrays)."""
        return self.encode(view).observation

    def encode(self, view: PlayerView) -> Encoded:
        """The observation dict and the action ids' raise sizes for ``view`` (fresh arrays)."""
        compiled = self._compiled_encoder(view.config)
        if compiled is not None:
            vector, mask, amounts = compiled.encode(view)
            sizes = tuple(amounts.tolist())
        else:
            state = public_state(view)
            vector = self._encoder(view.config, view.seat).reset(state).encode(state)
            mask = self.codec.mask(state)
            fractions = [size if legal else 0 for size, legal in zip(self.codec.sizes(state), mask[2:-1], strict=True)]
            sizes = (*fractions, state.legal_actions().max_raise_to)
        observation: dict[str, np.ndarray] = {"observation": vector, "action_mask": mask}
        acting = view.legal is not None
        for feature in self.features:
            if compiled is not None and isinstance(feature, TableFeature):  # read the replayed row
                observation[feature.key] = feature.table_value(compiled, view.seat, acting)
            else:
                observation[feature.key] = feature.value(view)
        return Encoded(observation, sizes)

    def distribution(self, weights: np.ndarray, view: PlayerView, sizes: Sequence[int]) -> ActionDistribution:
        """The engine actions of the action ids with positive ``weights`` (``sizes`` from :meth:`encode`).

        ``weights`` must be zero on the ids the view's mask rules out. The legal raise sizes differ from
        each other and from all-in (the mask rules out repeats), so every action appears once.
        """
        return [
            (self.action_of(index, view, sizes), weight)
            for index, weight in enumerate(weights.tolist())
            if weight > 0.0
        ]

    @staticmethod
    def action_of(index: int, view: PlayerView, sizes: Sequence[int]) -> Action:
        """The engine action of action id ``index`` in ``view`` (``sizes`` from :meth:`encode`).

        Id 0 folds, id 1 checks or calls, the others raise to their size (all-in the last).
        """
        if index == 0:
            return _FOLD
        if index == 1:
            return _CALL if legal_of(view).call_amount else _CHECK
        return _raise_to(int(sizes[index - 2]))

    def _compiled_encoder(self, config: GameConfig) -> ViewEncoder | None:
        if config not in self._compiled:
            try:
                self._compiled[config] = ViewEncoder(config, self.codec.fractions, self.history_slots)
            except ConfigError:  # a game the kernels do not play (a stack at or below the big blind)
                self._compiled[config] = None
        return self._compiled[config]

    def _encoder(self, config: GameConfig, seat: int) -> SeatEncoder:
        key = (config.big_blind, seat)
        encoder = self._encoders.get(key)
        if encoder is None:
            encoder = self._encoders[key] = SeatEncoder(ObservationLayout(config, self.history_slots), seat)
        return encoder
