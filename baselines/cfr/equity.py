"""Bucket-pair weights and equities per street and texture, by seeded Monte Carlo.

For every texture the sampler draws flops of that texture (rejection sampling
on uniformly random flops), completes the board to the river, deals ``hands``
disjoint two-card hands from the rest of the deck and plays every pair of
those hands against each other (``hands x (hands - 1) / 2`` matchups per
deal, each counted in both seat orders). A hand is bucketed three times, on
the flop, the turn and the river board; the showdown is always on the river
(evaluated with :func:`pokergym.evaluator.evaluate_batch`). So the flop table
answers "a flop bucket ``i`` against a flop bucket ``j``: how often does ``i``
win when the cards are run out".

Two tables per (street, texture) come out of the count:

* ``weights[i, j]``: the probability that the two players hold buckets ``i``
  and ``j`` (the joint law, with card removal between the two hands), summing
  to one. Its row sums are the bucket probabilities.
* ``equity[i, j]``: the share of the pot bucket ``i`` wins against ``j`` (ties
  count one half); ``equity[i, j] + equity[j, i] == 1``, and ``0.5`` for a
  pair never observed (its weight is zero, so the value never matters).

Unlike the LiveGTO code, the solver uses the joint ``weights`` as its chance
distribution, so an empty cell needs no guessed equity, and both tables come
from the same deals. Each texture draws from its own child of
``numpy.random.SeedSequence(seed)``, so one texture can be regenerated alone
and comes out identical to its part of a full run.

Example:
    >>> tables = bucket_tables(seed=1, deals=20, textures=(4,))
    >>> tables.weights.shape, round(float(tables.weights[2, 4].sum()), 9)
    ((3, 5, 9, 9), 1.0)
    >>> bool(np.allclose(tables.equity + tables.equity.transpose(0, 1, 3, 2), 1.0))
    True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

import numpy as np
import numpy.typing as npt

from baselines.cfr.abstraction import LIVEGTO, Abstraction
from pokergym.evaluator import evaluate_batch

__all__ = ["DEFAULT_DEALS", "DEFAULT_HANDS", "STREETS", "BucketTables", "bucket_tables"]

STREETS: Final = ("flop", "turn", "river")
"""Street names, indexed like the first axis of :class:`BucketTables` arrays."""

DEFAULT_DEALS: Final = 3000
"""Boards drawn per texture by default."""

DEFAULT_HANDS: Final = 8
"""Hands dealt per board by default (28 matchups per board)."""

_BOARD_SIZES: Final = (3, 4, 5)

FloatArray = npt.NDArray[np.float64]


@dataclass(frozen=True, slots=True)
class BucketTables:
    """Bucket-pair counts, weights and equities.

    Attributes:
        pairs: ``(street, texture, i, j)`` number of matchups counted (both orders).
        wins: same shape, pots won by bucket ``i`` (ties count one half).
        weights: ``pairs`` normalised to sum to one per (street, texture);
            zero for a texture that was not sampled.
        equity: ``wins / pairs``, ``0.5`` where ``pairs`` is zero.
        flop_share: ``(texture,)`` share of uniformly random flops of each
            texture, estimated from the rejection sampling.
    """

    pairs: npt.NDArray[np.int64]
    wins: FloatArray
    weights: FloatArray
    equity: FloatArray
    flop_share: FloatArray

    def bucket_probabilities(self, street: int, texture: int) -> FloatArray:
        """Probability of each bucket on a street and texture.

        Example:
            >>> tables = bucket_tables(seed=1, deals=10, textures=(0,))
            >>> round(float(tables.bucket_probabilities(0, 0).sum()), 9)
            1.0
        """
        return np.asarray(self.weights[street, texture].sum(axis=1), dtype=np.float64)


def _draw_texture_deals(
    rng: np.random.Generator, abstraction: Abstraction, texture: int, deals: int, hands: int
) -> tuple[npt.NDArray[np.int64], int]:
    """``deals`` rows of 5 board cards then ``2 * hands`` hole cards, with a flop of ``texture``.

    Returns the rows and the number of flops tried.
    """
    rows = np.empty((deals, 5 + 2 * hands), dtype=np.int64)
    tried = 0
    filled = 0
    while filled < deals:
        tried += 1
        cards = rng.permutation(52)
        if abstraction.texture(cards[:3].tolist()) == texture:
            rows[filled] = cards[: 5 + 2 * hands]
            filled += 1
    return rows, tried


def _texture_counts(
    rows: npt.NDArray[np.int64], abstraction: Abstraction, texture: int, hands: int
) -> tuple[npt.NDArray[np.int64], FloatArray]:
    """Matchup counts and wins ``(street, i, j)`` of one texture's deals."""
    n = len(abstraction.buckets)
    deals = len(rows)
    boards = rows[:, :5]
    holes = rows[:, 5:].reshape(deals, hands, 2)
    seven = np.concatenate([holes, np.repeat(boards[:, None, :], hands, axis=1)], axis=2)
    ranks = evaluate_batch(np.ascontiguousarray(seven.reshape(-1, 7), dtype=np.uint8), check=False)
    ranks = ranks.reshape(deals, hands)
    buckets = np.empty((len(_BOARD_SIZES), deals, hands), dtype=np.int64)
    for d in range(deals):
        board = rows[d, :5].tolist()
        for h in range(hands):
            hole = holes[d, h].tolist()
            for s, size in enumerate(_BOARD_SIZES):
                buckets[s, d, h] = abstraction.bucket(hole, board[:size], texture)
    first, second = np.triu_indices(hands, k=1)
    diff = ranks[:, second] - ranks[:, first]  # positive: the first hand wins (lower rank is better)
    first_share = (np.sign(diff).astype(np.float64) + 1.0) / 2.0
    pairs = np.zeros((len(_BOARD_SIZES), n, n), dtype=np.int64)
    wins = np.zeros((len(_BOARD_SIZES), n, n), dtype=np.float64)
    for s in range(len(_BOARD_SIZES)):
        b1 = buckets[s][:, first].ravel()
        b2 = buckets[s][:, second].ravel()
        share = first_share.ravel()
        np.add.at(pairs[s], (b1, b2), 1)
        np.add.at(pairs[s], (b2, b1), 1)
        np.add.at(wins[s], (b1, b2), share)
        np.add.at(wins[s], (b2, b1), 1.0 - share)
    return pairs, wins


def bucket_tables(
    seed: int,
    deals: int = DEFAULT_DEALS,
    hands: int = DEFAULT_HANDS,
    abstraction: Abstraction = LIVEGTO,
    textures: Sequence[int] | None = None,
) -> BucketTables:
    """Sample the bucket-pair weights and equities of every street and texture.

    Args:
        seed: root seed; texture ``t`` draws from ``SeedSequence(seed).spawn(T)[t]``.
        deals: boards drawn per texture.
        hands: hands dealt per board (at least 2, at most 23).
        abstraction: the card abstraction.
        textures: texture indices to sample (default all); the others stay zero.

    Raises:
        ValueError: for fewer than one deal or a hand count outside ``2..23``.

    Example:
        >>> tables = bucket_tables(seed=3, deals=10, hands=2, textures=(1,))
        >>> int(tables.pairs[0, 1].sum()), int(tables.pairs[0, 0].sum())
        (20, 0)
    """
    if deals < 1 or not 2 <= hands <= 23:
        raise ValueError(f"need deals >= 1 and 2 <= hands <= 23, got deals={deals}, hands={hands}")
    n_textures = len(abstraction.textures)
    n = len(abstraction.buckets)
    chosen = range(n_textures) if textures is None else textures
    pairs = np.zeros((len(_BOARD_SIZES), n_textures, n, n), dtype=np.int64)
    wins = np.zeros(pairs.shape, dtype=np.float64)
    share = np.zeros(n_textures, dtype=np.float64)
    streams = np.random.SeedSequence(seed).spawn(n_textures)
    for texture in chosen:
        rng = np.random.default_rng(streams[texture])
        rows, tried = _draw_texture_deals(rng, abstraction, texture, deals, hands)
        share[texture] = deals / tried
        pairs[:, texture], wins[:, texture] = _texture_counts(rows, abstraction, texture, hands)
    totals = pairs.sum(axis=(2, 3), keepdims=True)
    weights = np.divide(pairs, totals, out=np.zeros(pairs.shape), where=totals > 0)
    equity = np.divide(wins, pairs, out=np.full(pairs.shape, 0.5), where=pairs > 0)
    return BucketTables(pairs, wins, weights, equity, share)
