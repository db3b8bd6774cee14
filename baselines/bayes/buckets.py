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

import numpy as np
import numpy.typing as npt

__all__ = ["DEFAULT_K", "kmeans"]

DEFAULT_K = 5
"""Buckets per board."""


def kmeans(
    points: npt.NDArray[np.float64], k: int = DEFAULT_K, *, seed: int = 0, iterations: int = 30
) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.int64]]:
    """Cluster ``points`` into ``k`` groups with k-means++ seeding and Lloyd iterations.

    The result depends only on ``points``, ``k`` and ``seed``. A cluster that
    empties is restarted at the point farthest from its centre. With fewer
    distinct points than ``k`` some centres coincide (and stay empty).

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
    data = np.asarray(points, dtype=np.float64)
    if data.ndim != 2 or len(data) == 0 or k < 1:
        raise ValueError(f"kmeans needs a non-empty (n, d) array and k >= 1, got shape {data.shape} and k={k}")
    rng = np.random.default_rng(seed)
    centres = _plus_plus(data, k, rng)
    labels = np.full(len(data), -1, dtype=np.int64)
    for _ in range(iterations):
        distances = _squared_distances(data, centres)
        new = distances.argmin(axis=1)
        if np.array_equal(new, labels):
            break
        labels = new
        sizes = np.bincount(labels, minlength=k)
        for column in range(data.shape[1]):
            sums = np.bincount(labels, weights=data[:, column], minlength=k)
            centres[:, column] = np.where(sizes > 0, sums / np.maximum(sizes, 1), centres[:, column])
        for j in np.flatnonzero(sizes == 0).tolist():
            centres[j] = data[int(distances[np.arange(len(data)), labels].argmax())]
    order = np.argsort(centres[:, 0], kind="stable")
    relabel = np.empty(k, dtype=np.int64)
    relabel[order] = np.arange(k)
    return centres[order], relabel[_squared_distances(data, centres).argmin(axis=1)]


def _squared_distances(data: npt.NDArray[np.float64], centres: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
    """``(n, k)`` squared distances (|x|^2 - 2 x.c + |c|^2, clipped at zero)."""
    cross = data @ centres.T
    result: npt.NDArray[np.float64] = np.maximum(
        (data**2).sum(axis=1)[:, None] - 2 * cross + (centres**2).sum(axis=1)[None, :], 0.0
    )
    return result


def _plus_plus(data: npt.NDArray[np.float64], k: int, rng: np.random.Generator) -> npt.NDArray[np.float64]:
    """k-means++ starting centres: each next centre drawn with probability proportional to squared distance."""
    centres = np.empty((k, data.shape[1]))
    centres[0] = data[rng.integers(len(data))]
    nearest = ((data - centres[0]) ** 2).sum(axis=1)
    for j in range(1, k):
        total = nearest.sum()
        index = int(rng.choice(len(data), p=nearest / total)) if total > 0 else int(rng.integers(len(data)))
        centres[j] = data[index]
        nearest = np.minimum(nearest, ((data - centres[j]) ** 2).sum(axis=1))
    return centres
