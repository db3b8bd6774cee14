"""Group hands that should play alike: seeded k-means on their feature vectors.

The opponent's possible hands on a board are clustered into ``K = 5``
buckets (:data:`DEFAULT_K`) by their :mod:`~baselines.bayes.vectorise`
vectors. The corpus then only needs to answer "how does a hand like this
bucket's centre act here?" five times per decision instead of 1326 times.

Buckets are numbered from weakest to strongest (by the first coordinate, E),
so bucket 0 holds the weakest hands and bucket ``K - 1`` the strongest.

Example:
    >>> points = np.array([[0.1], [0.12], [0.5], [0.52], [0.9]])
    >>> centres, labels = kmeans(points, k=3, seed=0)
    >>> labels.tolist(), np.round(centres[:, 0], 2).tolist()
    ([0, 0, 1, 1, 2], [0.11, 0.51, 0.9])
"""

from __future__ import annotations

import numba
import numpy as np
import numpy.typing as npt

__all__ = ["DEFAULT_K", "kmeans"]

DEFAULT_K = 5
"""Buckets per board."""


def kmeans(
    points: npt.NDArray[np.float64], k: int = DEFAULT_K, *, seed: int = 0, iterations: int = 30
) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.int64]]:
    """Cluster ``points`` into ``k`` groups with k-means++ seeding and Lloyd iterations.

    The result depends only on ``points``, ``k`` and ``seed``: the ``k``
    uniform draws of the seeding come from a generator seeded by ``seed``
    and the rest is deterministic (a compiled kernel, about 0.1 ms for a
    flop's 1176 hands). A cluster that empties is restarted at the point
    farthest from its centre. With fewer distinct points than ``k`` some
    centres coincide (and stay empty).

    Args:
        points: ``(n, d)`` array, ``n >= 1``.
        k: number of clusters.
        seed: seed of the k-means++ draws.
        iterations: most Lloyd iterations (stops earlier when labels settle).

    Returns:
        ``(centres, labels)``: ``(k, d)`` centres sorted by their first
        coordinate and the ``(n,)`` cluster of every point.

    Raises:
        ValueError: if there are no points or ``k < 1``.

    Example:
        >>> c, labels = kmeans(np.zeros((4, 2)), k=2)
        >>> labels.tolist(), c.shape
        ([0, 0, 0, 0], (2, 2))
    """
    data = np.ascontiguousarray(points, dtype=np.float64)
    if data.ndim != 2 or len(data) == 0 or k < 1:
        raise ValueError(f"kmeans needs a non-empty (n, d) array and k >= 1, got shape {data.shape} and k={k}")
    draws = np.random.default_rng(seed).random(k)
    centres = np.empty((k, data.shape[1]))
    labels = np.empty(len(data), dtype=np.int64)
    _kmeans_kernel(data, draws, iterations, centres, labels)
    return centres, labels


@numba.njit(cache=True, nogil=True)
def _squared(data: npt.NDArray[np.float64], i: int, centres: npt.NDArray[np.float64], j: int) -> float:
    """Squared distance between point ``i`` and centre ``j``."""
    total = 0.0
    for c in range(data.shape[1]):
        diff = data[i, c] - centres[j, c]
        total += diff * diff
    return total


@numba.njit(cache=True, nogil=True)
def _nearest(data: npt.NDArray[np.float64], centres: npt.NDArray[np.float64], labels: npt.NDArray[np.int64]) -> bool:
    """Assign every point its nearest centre (first on ties) in ``labels``; whether any label changed."""
    changed = False
    for i in range(data.shape[0]):
        best, best_j = np.inf, 0
        for j in range(centres.shape[0]):
            dist = _squared(data, i, centres, j)
            if dist < best:
                best, best_j = dist, j
        if labels[i] != best_j:
            labels[i] = best_j
            changed = True
    return changed


@numba.njit(cache=True, nogil=True)
def _kmeans_kernel(
    data: npt.NDArray[np.float64],
    draws: npt.NDArray[np.float64],
    iterations: int,
    centres: npt.NDArray[np.float64],
    labels: npt.NDArray[np.int64],
) -> None:
    """k-means++ from the uniform ``draws``, then Lloyd; fills ``centres`` (sorted by column 0) and ``labels``."""
    n, d = data.shape
    k = centres.shape[0]
    # k-means++: the first centre uniformly, each next one with probability proportional to squared distance
    centres[0] = data[min(int(draws[0] * n), n - 1)]
    nearest = np.empty(n)
    for i in range(n):
        nearest[i] = _squared(data, i, centres, 0)
    for j in range(1, k):
        total = nearest.sum()
        index = min(int(draws[j] * n), n - 1)
        if total > 0:
            target, running = draws[j] * total, 0.0
            for i in range(n):
                running += nearest[i]
                if running > target:
                    index = i
                    break
        centres[j] = data[index]
        for i in range(n):
            nearest[i] = min(nearest[i], _squared(data, i, centres, j))
    # Lloyd iterations
    labels[:] = -1
    sums = np.empty((k, d))
    sizes = np.empty(k, dtype=np.int64)
    for _ in range(iterations):
        if not _nearest(data, centres, labels):
            break
        sums[:] = 0.0
        sizes[:] = 0
        for i in range(n):
            sizes[labels[i]] += 1
            for c in range(d):
                sums[labels[i], c] += data[i, c]
        for j in range(k):
            if sizes[j] > 0:
                for c in range(d):
                    centres[j, c] = sums[j, c] / sizes[j]
            else:  # restart an empty cluster at the point farthest from its own centre
                far, far_i = -1.0, 0
                for i in range(n):
                    dist = _squared(data, i, centres, labels[i])
                    if dist > far:
                        far, far_i = dist, i
                centres[j] = data[far_i]
    # number the clusters by their first coordinate, weakest first, and relabel against the final centres
    order = np.argsort(centres[:, 0], kind="mergesort")
    centres[:] = centres[order].copy()
    labels[:] = -1
    _nearest(data, centres, labels)
