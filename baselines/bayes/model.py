"""Bayes' rule over the opponent's hand: corpus likelihoods, an online opponent model, range updates.

**Corpus likelihood.** For a betting-history key the corpus holds examples
``(vector, action)``. The probability that a hand with feature vector ``b``
(a bucket centre) takes action ``a`` is the kernel-weighted share of the
examples that took ``a``::

    P(a | b) = sum_e exp(-|b - v_e|^2 / s^2) [a_e = a] / sum_e exp(-|b - v_e|^2 / s^2)

Close examples count fully, far ones hardly at all. The sum runs over grid
cells of the corpus (:class:`~baselines.bayes.corpus.CellTable`), each at its
mean vector with its counts, so it costs the same for any corpus size. One
pseudo-example at the key's overall action frequencies keeps every
probability positive. Preflop there are no vectors: hands are taken by
169-class (:func:`preflop_likelihood`).

**Opponent model.** :class:`OpponentModel` counts the opponent's actions per
street and "facing a bet", starting from six prior observations spread as
the corpus acts there (generalised Laplace smoothing), so its estimate
starts at the corpus and converges to the opponent's own frequencies.
:func:`tilt` then rescales each bucket's corpus likelihood by how much more
(or less) often this opponent takes each action than the corpus does, and
renormalises per bucket. Against an opponent who raises twice as often as
the corpus, a raise says less about his hand.

Tilting keeps the corpus' ordering of hands: even a maniac's raise still
favours the strong buckets, raise after raise. But the further an opponent's
frequencies are from the corpus', the less the corpus can say about how his
actions depend on his cards. :func:`distrust` therefore treats part of his
play as independent of his hand: with ``d`` the total variation distance
between his frequencies and the corpus' (the smallest share of his actions
that the corpus cannot account for), the likelihood becomes
``(1 - d) * tilted + d * his frequencies``. Against an opponent who plays
like the corpus nothing changes; against one who raises 80% of the time
with any two cards (``d`` about 0.6) a raise moves his range much less.

**Trust, learned at showdowns.** Tilting and distrust only see how often
he takes each action, not with which cards. A maniac who bets four times in
five still looks, to the corpus, like a player whose bets favour strong
hands, and bet after bet his range would narrow to hands he need not hold.
When a hand reaches a showdown his cards are public, and each of his actions
in it can be scored: under trust ``t`` he took action ``a`` with hand ``h``
with probability ``t * L(a | h) + (1 - t) * his(a)``, the model's likelihood
(``L``, tilted and distrusted) mixed with his own frequency of the action
whatever his cards. :class:`OpponentModel` keeps a posterior over ``t`` on
the grid :data:`TRUST_LEVELS` (uniform prior), one for his bets and raises
and one for his other actions, since a player may bet regardless of his
cards yet fold only his weakest hands. Range updates then use the same
mixture with the posterior mean (:meth:`OpponentModel.trust`): against the
maniac the trust in his bets falls towards zero within some tens of
showdowns and his range stays wide; against a player who acts like the
corpus it rises towards one and nothing changes.

**Range update.** :func:`bayes_update` turns a prior over buckets and the
likelihood of the observed action into the posterior; :func:`update_weights`
does the same for the 1326 hand weights (each hand takes its bucket's
likelihood), so ``P(hand | action) = P(bucket | action) / P(bucket) * P(hand)``.

Example:
    >>> prior = np.full(5, 0.2)
    >>> likelihood = np.array([0.05, 0.1, 0.2, 0.5, 0.8])  # P(raise | bucket)
    >>> np.round(bayes_update(prior, likelihood), 3).tolist()
    [0.03, 0.061, 0.121, 0.303, 0.485]
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from baselines.bayes.corpus import N_ACTIONS, CellTable

__all__ = [
    "DEFAULT_BANDWIDTH",
    "PRIOR_OBSERVATIONS",
    "TRUST_LEVELS",
    "OpponentModel",
    "action_likelihood",
    "bayes_update",
    "bucket_posterior",
    "distrust",
    "preflop_likelihood",
    "tilt",
    "update_weights",
]

DEFAULT_BANDWIDTH = 0.15
"""Kernel width ``s`` of the distance weighting, in feature units."""
PRIOR_OBSERVATIONS = 6.0
"""Observations the online model starts with, spread as the corpus acts."""
TRUST_LEVELS = np.linspace(0.0, 1.0, 11)
"""The grid of the trust posterior: how far his actions follow the corpus' dependence on his cards (0 to 1)."""
_TRUST_PRIOR = np.zeros(len(TRUST_LEVELS))
"""Log prior of the trust levels: uniform."""
_PSEUDO_EXAMPLES = 1.0
_PREFLOP_PSEUDO = 3.0


def action_likelihood(
    table: CellTable, centres: npt.NDArray[np.float64], bandwidth: float = DEFAULT_BANDWIDTH
) -> npt.NDArray[np.float64]:
    """``(K, 5)`` action probabilities of hands at ``centres`` from a key's corpus examples.

    With no examples every action is equally likely (no update).

    Example:
        >>> table = CellTable(np.array([[0, 0, 9, 1, 0], [0, 0, 1, 9, 0.0]]), np.array([[0.2] * 4, [0.9] * 4]))
        >>> lik = action_likelihood(table, np.array([[0.2] * 4, [0.9] * 4]))
        >>> bool(lik[1, 3] > lik[0, 3]), np.allclose(lik.sum(axis=1), 1)
        (True, True)
    """
    if table.total == 0:
        return np.full((len(centres), N_ACTIONS), 1.0 / N_ACTIONS)
    distance = ((centres[:, None, :] - table.means[None, :, :]) ** 2).sum(axis=2)
    kernel = np.exp(-distance / bandwidth**2)
    soft = kernel @ table.counts
    marginal = table.counts.sum(axis=0) / table.total
    result: npt.NDArray[np.float64] = (soft + _PSEUDO_EXAMPLES * marginal) / (
        soft.sum(axis=1, keepdims=True) + _PSEUDO_EXAMPLES
    )
    return result


def preflop_likelihood(counts: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
    """``(169, 5)`` action probabilities per preflop class from a key's counts, smoothed towards the key's mix.

    Example:
        >>> counts = np.zeros((169, 5)); counts[0, 3] = 10; counts[168, 0] = 10
        >>> lik = preflop_likelihood(counts)
        >>> bool(lik[0, 3] > lik[168, 3]), np.allclose(lik.sum(axis=1), 1)
        (True, True)
    """
    total = counts.sum()
    if total == 0:
        return np.full(counts.shape, 1.0 / N_ACTIONS)
    marginal = counts.sum(axis=0) / total
    result: npt.NDArray[np.float64] = (counts + _PREFLOP_PSEUDO * marginal) / (
        counts.sum(axis=1, keepdims=True) + _PREFLOP_PSEUDO
    )
    return result


def bayes_update(prior: npt.NDArray[np.float64], likelihood: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
    """Posterior over buckets after an action: ``prior * likelihood``, normalised.

    If the action is impossible under every bucket the prior is returned.

    Example:
        >>> bayes_update(np.array([0.5, 0.5]), np.array([0.0, 0.0])).tolist()
        [0.5, 0.5]
    """
    joint = prior * likelihood
    total = joint.sum()
    result: npt.NDArray[np.float64] = joint / total if total > 0 else prior / prior.sum()
    return result


def update_weights(weights: npt.NDArray[np.float64], likelihood: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
    """Hand weights after an action, each hand scaled by its likelihood (``(1326,)`` each), normalised.

    Example:
        >>> update_weights(np.array([1.0, 1.0, 0.0]), np.array([0.2, 0.6, 0.9])).round(3).tolist()
        [0.25, 0.75, 0.0]
    """
    return bayes_update(weights, likelihood)


def bucket_posterior(
    weights: npt.NDArray[np.float64], labels: npt.NDArray[np.int64], k: int
) -> npt.NDArray[np.float64]:
    """Probability of each of ``k`` buckets under hand weights (``labels[i]`` is hand ``i``'s bucket).

    Example:
        >>> bucket_posterior(np.array([0.1, 0.3, 0.6]), np.array([0, 1, 1]), 2).round(3).tolist()
        [0.1, 0.9]
    """
    mass = np.bincount(labels, weights=weights, minlength=k)
    return mass / mass.sum() if mass.sum() > 0 else np.full(k, 1.0 / k)


def tilt(
    likelihood: npt.NDArray[np.float64], opponent: npt.NDArray[np.float64], corpus: npt.NDArray[np.float64]
) -> npt.NDArray[np.float64]:
    """Rescale corpus likelihoods ``(K, 5)`` by ``opponent / corpus`` action frequencies and renormalise each row.

    Actions the corpus never takes in the context keep factor 0; a row left
    empty keeps its corpus values.

    Example:
        >>> lik = np.array([[0.5, 0.0, 0.4, 0.1, 0.0], [0.1, 0.0, 0.4, 0.5, 0.0]])
        >>> corpus = np.array([0.3, 0.0, 0.4, 0.3, 0.0])
        >>> maniac = np.array([0.05, 0.0, 0.35, 0.6, 0.0])
        >>> out = tilt(lik, maniac, corpus)
        >>> bool(out[1, 3] / out[0, 3] < lik[1, 3] / lik[0, 3])  # his raise tells less
        True
    """
    ratio = np.divide(opponent, corpus, out=np.zeros(N_ACTIONS), where=corpus > 0)
    tilted = likelihood * ratio[None, :]
    total = tilted.sum(axis=1, keepdims=True)
    result: npt.NDArray[np.float64] = np.where(total > 0, tilted / np.where(total > 0, total, 1.0), likelihood)
    return result


def distrust(
    likelihood: npt.NDArray[np.float64], opponent: npt.NDArray[np.float64], corpus: npt.NDArray[np.float64]
) -> npt.NDArray[np.float64]:
    """Blend likelihoods ``(K, 5)`` with the opponent's hand-independent frequencies, by how far he is from the corpus.

    The weight of the blend is the total variation distance
    ``0.5 * sum |opponent - corpus|`` (both normalised), in ``[0, 1]``;
    without corpus counts the likelihoods are returned unchanged.

    Example:
        >>> lik = np.array([[0.3, 0.0, 0.6, 0.1, 0.0], [0.0, 0.0, 0.5, 0.5, 0.0]])
        >>> corpus = np.array([0.15, 0.0, 0.65, 0.2, 0.0])
        >>> bool(np.allclose(distrust(lik, corpus, corpus), lik))
        True
        >>> maniac = np.array([0.0, 0.0, 0.2, 0.8, 0.0])
        >>> out = distrust(lik, maniac, corpus)  # d = 0.6
        >>> out.round(2).tolist()
        [[0.12, 0.0, 0.36, 0.52, 0.0], [0.0, 0.0, 0.32, 0.68, 0.0]]
    """
    if corpus.sum() <= 0:
        return likelihood
    his = opponent / opponent.sum()
    distance = 0.5 * float(np.abs(his - corpus / corpus.sum()).sum())
    result: npt.NDArray[np.float64] = (1.0 - distance) * likelihood + distance * his[None, :]
    return result


class OpponentModel:
    """Smoothed frequencies of one opponent's abstract actions per (street, facing a bet), and his trust.

    Args:
        prior_observations: weight of the corpus prior, in observations.

    Example:
        >>> model = OpponentModel()
        >>> corpus = np.array([0.2, 0.0, 0.5, 0.3, 0.0])
        >>> model.frequencies(1, True, corpus).round(2).tolist()
        [0.2, 0.0, 0.5, 0.3, 0.0]
        >>> for _ in range(6):
        ...     model.observe(1, True, 3)
        >>> model.frequencies(1, True, corpus).round(2).tolist()
        [0.1, 0.0, 0.25, 0.65, 0.0]
        >>> round(model.trust(True), 3)  # no showdown yet: the uniform prior
        0.5
        >>> for _ in range(20):  # he showed weak hands that bet (corpus: 0.2) as often as strong ones
        ...     model.observe_shown(True, 0.2, 0.8)
        >>> model.trust(True) < 0.05, round(model.trust(False), 3)
        (True, 0.5)
    """

    def __init__(self, prior_observations: float = PRIOR_OBSERVATIONS) -> None:
        if not prior_observations > 0:
            raise ValueError(f"prior_observations must be positive, got {prior_observations!r}")
        self.prior_observations = float(prior_observations)
        self.counts: dict[tuple[int, bool], npt.NDArray[np.float64]] = {}
        self.log_trust = np.tile(_TRUST_PRIOR, (2, 1))
        """Log posterior of the trust levels, for his other actions (row 0) and his bets and raises (row 1)."""

    def trust(self, aggressive: bool) -> float:
        """Posterior mean of the trust level of his bets and raises (``aggressive``) or his other actions."""
        row = self.log_trust[int(aggressive)]
        posterior = np.exp(row - row.max())
        return float(posterior @ TRUST_LEVELS / posterior.sum())

    def observe_shown(self, aggressive: bool, corpus: float, his: float) -> None:
        """Weigh the trust levels of his bets and raises (``aggressive``) or other actions by a shown hand's action.

        Under trust ``t`` he takes the action with probability
        ``t * corpus + (1 - t) * his``: ``corpus`` is the model's (tilted,
        distrusted) likelihood of the action for the hand he showed, ``his``
        his own frequency of the action whatever his cards.
        """
        self.log_trust[int(aggressive)] += np.log(np.maximum(TRUST_LEVELS * corpus + (1.0 - TRUST_LEVELS) * his, 1e-12))

    def observe(self, street: int, facing: bool, action: int) -> None:
        """Count one action of the opponent."""
        self.counts.setdefault((street, facing), np.zeros(N_ACTIONS))[action] += 1.0

    def frequencies(self, street: int, facing: bool, corpus: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
        """Estimated action probabilities: ``(counts + m * corpus) / (n + m)``, ``corpus`` normalised first."""
        total = corpus.sum()
        prior = corpus / total if total > 0 else np.full(N_ACTIONS, 1.0 / N_ACTIONS)
        seen = self.counts.get((street, facing), np.zeros(N_ACTIONS))
        m = self.prior_observations
        result: npt.NDArray[np.float64] = (seen + m * prior) / (seen.sum() + m)
        return result
