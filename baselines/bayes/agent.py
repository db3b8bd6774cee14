"""The HaRDBot-style Bayesian agent: a corpus prior, Bayes' rule per action, an expert system.

For every hand the agent keeps a weight per possible opponent hand (1326,
those touching its own cards or the board at zero). Each opponent action
updates the weights:

* preflop, per 169-class, with the corpus counts of that betting history;
* after the flop, the opponent's possible hands are vectorised on the board
  (:mod:`~baselines.bayes.vectorise`), clustered into K = 5 buckets
  (:mod:`~baselines.bayes.buckets`, seeded by the board; features and
  buckets depend on the board only, so they are computed once per board and
  shared by every agent and seat of the process), and each bucket's
  likelihood of the action comes from the corpus by distance weighting
  (:mod:`~baselines.bayes.model`); when the full history key has fewer than
  :data:`MIN_EXAMPLES` examples the street key is used, and with none the
  action is not used.

Likelihoods are tilted by the online :class:`~baselines.bayes.model.OpponentModel`,
which learns the opponent's action frequencies over the match, blended
with those frequencies as far as they differ from the corpus'
(:func:`~baselines.bayes.model.distrust`), and mixed with them once more by
the model's trust, learned from the hands he shows down: how far his bets
and raises, and his other actions, follow his cards the way the corpus says.
When the agent is to act it measures its showdown equity against the
weighted range (:func:`~pokergym.evaluator.equity_vs_range`: exact on the
turn and river, Monte Carlo preflop and on the flop, seeded by the spot
rather than drawn from the hand's generator) and lets
:mod:`~baselines.bayes.expert` decide, with the trust in his raises, the
cards still to come, the pot and stakes, and the model's rates of his folds
to a river bet and of his bets when nothing is to call (against a player
who hardly folds, the expert system weighs all-ins and calls by their
expected value). The expert system's choice is a known distribution,
reported by :meth:`BayesAgent.action_probabilities` and sampled by
:meth:`BayesAgent.act`.

The agent reads only its :class:`~pokergym.engine.PlayerView` and the
events; within a hand it never looks at the opponent's cards, and it learns
from them only when a showdown makes them public (the ``HandEnd`` event).
The hand is also followed from the views alone (a driver that sends no
events loses only the online model's learning).

**Corpus.** ``db`` is a path or ``sqlite:///`` URL of a corpus built with
``pokergym corpus build``; it is opened read-only. Without it the agent uses
the shipped ``baselines/bayes/data/default_corpus.sqlite`` (hands among the
simple bots), or, if that file is missing, builds one on the fly
(:func:`~baselines.bayes.corpus.default_corpus`).

Example:
    >>> import numpy as np
    >>> from pokergym.agents import CallAgent, play_hand
    >>> from pokergym.engine import HandState
    >>> agent = BayesAgent()
    >>> state = play_hand(HandState.new(rng=np.random.default_rng(4)), [agent, CallAgent()],
    ...                   [np.random.default_rng(1), np.random.default_rng(2)])
    >>> state.terminal
    True
"""

from __future__ import annotations

import functools
import zlib

import numpy as np
import numpy.typing as npt

from baselines.bayes.buckets import DEFAULT_K, kmeans
from baselines.bayes.corpus import ACTIONS, Corpus, Decision, LineTracker, default_corpus
from baselines.bayes.expert import Situation, choose, distribution
from baselines.bayes.model import (
    DEFAULT_BANDWIDTH,
    PRIOR_OBSERVATIONS,
    OpponentModel,
    action_likelihood,
    distrust,
    preflop_likelihood,
    tilt,
    update_weights,
)
from baselines.bayes.vectorise import DEFAULT_MAX_NEXT, BoardFeatures, board_features
from baselines.policy import ActionDistribution
from pokergym.agents import BaseAgent
from pokergym.engine import Action, ActionTaken, Event, GameConfig, HandEnd, HandStart, PlayerView
from pokergym.evaluator import COMBO_CARDS, N_COMBOS, class_index_169, combo_array, combo_index, equity_vs_range

__all__ = ["MIN_EXAMPLES", "BayesAgent"]

MIN_EXAMPLES = 10
"""Fewest corpus examples of a history key for it to be used."""

_CLASS_OF_COMBO = np.array([class_index_169(cards) for cards in COMBO_CARDS], dtype=np.int64)
_COMBO_MASKS = (np.int64(1) << combo_array()[:, 0]) | (np.int64(1) << combo_array()[:, 1])
_FIRST_RAISE = ACTIONS.index("r")
"""Actions from this index on are bets and raises."""
_STREET_CACHE = 256
"""Boards whose features and buckets are kept (about 100 kB each); a duplicate match replays every board."""


class _Street:
    """A board's features and the buckets of all hands that avoid it.

    The buckets describe the board, not the hero's cards: the hands that
    touch them are clustered too, and simply carry no weight.
    """

    __slots__ = ("centres", "features", "labels")

    def __init__(self, features: BoardFeatures, k: int) -> None:
        self.features = features
        centres, labels = kmeans(features.vectors[features.valid], k, seed=zlib.crc32(bytes(sorted(features.board))))
        self.centres = centres
        self.labels = np.zeros(N_COMBOS, dtype=np.int64)
        self.labels[features.valid] = labels


@functools.lru_cache(maxsize=_STREET_CACHE)
def _street_of(board: tuple[int, ...], max_next: int, k: int) -> _Street:
    """The features and buckets of ``board``, computed once per board for every agent and seat."""
    return _Street(board_features(board, max_next), k)


class BayesAgent(BaseAgent):
    """Bayesian opponent modelling over a corpus of played hands, acting through an expert system.

    Args:
        db: corpus database path or ``sqlite:///`` URL (read-only); ``None`` for the shipped default.
        bandwidth: kernel width of the corpus distance weighting.
        prior_observations: corpus observations the opponent model starts with.
        buckets: number of k-means buckets per board.
        max_next: next cards sampled for the flop and turn features.
        preflop_samples: Monte Carlo deals for the preflop equity against the range.
        flop_samples: Monte Carlo deals for the flop equity (the turn and river are exact).
        name: display name.
    """

    name = "bayes"
    memoryless = False  # its opponent model learns over the match: action_probabilities change with it

    def __init__(
        self,
        *,
        db: str | None = None,
        bandwidth: float = DEFAULT_BANDWIDTH,
        prior_observations: float = PRIOR_OBSERVATIONS,
        buckets: int = DEFAULT_K,
        max_next: int = DEFAULT_MAX_NEXT,
        preflop_samples: int = 300,
        flop_samples: int = 1000,
        name: str | None = None,
    ) -> None:
        super().__init__(name)
        if not bandwidth > 0 or min(buckets, max_next, preflop_samples, flop_samples) < 1:
            raise ValueError("bandwidth, buckets, max_next and the sample counts must be positive")
        self.db = db
        self.corpus: Corpus = default_corpus() if db is None else Corpus.open(db, read_only=True)
        self.bandwidth = float(bandwidth)
        self.buckets = int(buckets)
        self.max_next = int(max_next)
        self.preflop_samples = int(preflop_samples)
        self.flop_samples = int(flop_samples)
        self.opponent = OpponentModel(prior_observations)
        self._config: GameConfig | None = None
        self._start_hand(0, 0, (0, 1), GameConfig())

    # ------------------------------------------------------------ events
    def observe(self, event: Event) -> None:
        """Track the hand; count the opponent's actions in the online model; learn from his shown cards."""
        if isinstance(event, HandStart):
            config = self._config or GameConfig(stacks=event.stacks)
            self._start_hand(event.seat, event.button, event.hole, config)
        elif isinstance(event, ActionTaken):
            decision = self._line.push(event.record)
            self._decisions.append(decision)
            if decision.seat != self.seat:
                self.opponent.observe(decision.street, decision.facing, decision.action)
        elif isinstance(event, HandEnd):
            shown = event.shown[1 - self.seat]
            if shown is not None:
                self._learn(shown, event.board)

    def _learn(self, hole: tuple[int, int], board: tuple[int, ...]) -> None:
        """Score the trust levels with his actions of the hand, now that his cards are known."""
        combo = combo_index(*hole)
        for decision in self._decisions:
            if decision.seat == self.seat:
                continue
            found = self._likelihood(decision.street, decision.history, decision.street_key, decision.facing, board)
            if found is not None:
                likelihood, labels, his = found
                aggressive = decision.action >= _FIRST_RAISE
                corpus_like = float(likelihood[labels[combo], decision.action])
                self.opponent.observe_shown(aggressive, corpus_like, float(his[decision.action]))

    def _start_hand(self, seat: int, button: int, hole: tuple[int, int], config: GameConfig) -> None:
        self.seat = seat
        self._button = button
        self._hole = hole
        self._line = LineTracker(config, button)
        self._decisions: list[Decision] = []
        self._applied = 0
        self._seen_streets: set[int] = set()
        self.weights: npt.NDArray[np.float64] = ((_COMBO_MASKS & _COMBO_MASKS[combo_index(*hole)]) == 0).astype(
            np.float64
        )
        self.weights /= self.weights.sum()

    # --------------------------------------------------------------- act
    def act(self, view: PlayerView) -> Action:
        """Update the opponent's range with his new actions, then sample the expert system's choice."""
        action, _ = choose(view, self._situation(view), self.rng)
        return action

    def action_probabilities(self, view: PlayerView) -> ActionDistribution:
        """The distribution :meth:`act` samples for ``view``: the expert system's rules and their probabilities.

        Like :meth:`act` it first applies the opponent's new actions to his
        range (once: a second call with the same view changes nothing), so
        the two agree; the result uses no draw of the hand's generator.
        """
        return distribution(view, self._situation(view))

    def _situation(self, view: PlayerView) -> Situation:
        """Bring the hand up to ``view`` (the events may be missing), apply Bayes' rule, measure the spot."""
        if view.config != self._config or view.hole != self._hole or len(view.history) < len(self._decisions):
            self._config = view.config
            self._start_hand(view.seat, view.button, view.hole, view.config)
        for record in view.history[len(self._decisions) :]:
            self._decisions.append(self._line.push(record))
        for decision in self._decisions[self._applied :]:
            if decision.seat != self.seat:
                self._update(decision, view.board)
        self._applied = len(self._decisions)
        facing = self._frequencies(int(view.street), True)
        free = self._frequencies(int(view.street), False)
        mine, his = view.stacks[view.seat], view.stacks[view.opponent]
        return Situation(
            equity=self._equity(view),
            pot_odds=view.to_call / (view.pot + view.to_call),
            fold_rate=float(facing[0]),
            raise_rate=float(facing[3] + facing[4]),
            trust=self.opponent.trust(True),
            unseen=5 - len(view.board),
            pot=view.pot,
            to_call=view.to_call,
            stake=min(mine, his + view.to_call),
            river_fold_rate=float(self._frequencies(3, True)[0]),
            aggression=float(free[_FIRST_RAISE:].sum()),
        )

    def _frequencies(self, street: int, facing: bool) -> npt.NDArray[np.float64]:
        return self.opponent.frequencies(street, facing, self.corpus.context_counts(street, facing))

    def _street(self, street: int, board: tuple[int, ...]) -> _Street:
        known = _street_of(tuple(board[: street + 2]), self.max_next, self.buckets)
        if street not in self._seen_streets:
            self._seen_streets.add(street)
            self.weights = np.where(known.features.valid, self.weights, 0.0)
        return known

    def _update(self, decision: Decision, board: tuple[int, ...]) -> None:
        """Bayes' rule on the hand weights for one opponent decision."""
        found = self._likelihood(decision.street, decision.history, decision.street_key, decision.facing, board)
        if found is not None:
            self.weights = update_weights(self.weights, self._trusted(found, decision.action))

    def _trusted(
        self,
        found: tuple[npt.NDArray[np.float64], npt.NDArray[np.int64], npt.NDArray[np.float64]],
        action: int,
    ) -> npt.NDArray[np.float64]:
        """Each hand's probability of ``action``: the model's with the learned trust, his frequency for the rest."""
        likelihood, labels, his = found
        trust = self.opponent.trust(action >= _FIRST_RAISE)
        column: npt.NDArray[np.float64] = trust * likelihood[labels, action] + (1.0 - trust) * his[action]
        return column

    def _likelihood(
        self, street: int, history: str, street_key: str, facing: bool, board: tuple[int, ...]
    ) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.int64], npt.NDArray[np.float64]] | None:
        """His action probabilities per group of hands at a decision, adapted to him, and every hand's group.

        Returns:
            ``(likelihood, labels, his)``: ``likelihood[g, a]`` is the chance
            that a hand of group ``g`` (preflop class or board bucket) takes
            action ``a`` (tilted and distrusted, before the trust), ``labels``
            the group of each of the 1326 hands and ``his`` his frequencies
            there; ``None`` when the corpus has too few examples of the situation.
        """
        corpus = self.corpus
        if street == 0:
            counts = corpus.preflop(history)
            if counts.sum() < MIN_EXAMPLES:
                return None
            likelihood = preflop_likelihood(counts)
            labels = _CLASS_OF_COMBO
        else:
            known = self._street(street, board)
            table = corpus.cells(history)
            if table.total < MIN_EXAMPLES:
                table = corpus.cells(street_key)
                if table.total < MIN_EXAMPLES:
                    return None
            likelihood = action_likelihood(table, known.centres, self.bandwidth)
            labels = known.labels
        counts_here = corpus.context_counts(street, facing)
        corpus_mix = counts_here / max(counts_here.sum(), 1.0)
        his = self._frequencies(street, facing)
        return distrust(tilt(likelihood, his, corpus_mix), his, corpus_mix), labels, his

    def _equity(self, view: PlayerView) -> float:
        """The hero's showdown equity against his weighted hands: exact from the turn, seeded Monte Carlo before."""
        # common random numbers: the Monte Carlo deals depend on the spot, not on the hand's generator
        samples = (self.preflop_samples, self.flop_samples, None, None)[int(view.street)]
        length = len(view.history)  # one byte below 256 actions (the seeds as before), more beyond
        seed = zlib.crc32(bytes([*view.hole, *view.board]) + length.to_bytes(max(1, (length.bit_length() + 7) // 8)))
        return equity_vs_range(view.hole, view.board, self.weights, samples=samples, rng=seed).equity
