"""The policy network's forward pass, mask and softmax as one compiled call.

:meth:`PolicyNetwork.probabilities` runs through :func:`masked_probabilities`:
the first layer reads only the rows of its transposed weight where the input
is not zero (an observation is mostly one-hot zeros), the other layers are
dense (float32, as trained and as torch computes them), and the logits of
illegal ids are dropped before a float64 softmax. One call replaces about a
dozen numpy calls and their per-call overhead. The later layers travel packed
in one flat array (:func:`pack`): numba checks the type of every element of a
tuple argument on each call, which cost more than the whole pass.

Example:
    >>> import numpy as np
    >>> rows = np.eye(2, 3, dtype=np.float32)   # first layer, transposed: 2 inputs -> 3 units
    >>> bias = np.zeros(3, np.float32)
    >>> later, shapes = pack([(np.eye(2, 3, dtype=np.float32), np.zeros(2, np.float32))])  # head: 3 -> 2
    >>> out = np.zeros(2)
    >>> x = np.array([0.0, 2.0], np.float32)   # hidden: tanh([0, 2, 0]); logits [0, tanh(2)]
    >>> masked_probabilities(x, np.array([1, 1], np.int8), rows, bias, later, shapes, False, out)
    >>> [round(float(p), 4) for p in out]
    [0.2761, 0.7239]
    >>> masked_probabilities(x, np.array([1, 0], np.int8), rows, bias, later, shapes, False, out)
    >>> out.tolist()
    [1.0, 0.0]
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numba
import numpy as np
import numpy.typing as npt

Floats = npt.NDArray[np.float32]
Ints = npt.NDArray[np.int64]

__all__ = ["masked_probabilities", "pack"]


def pack(layers: Sequence[tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]]) -> tuple[Floats, Ints]:
    """Layers ``(weight (out, in), bias)`` packed for :func:`masked_probabilities`.

    Returns:
        One flat float32 array (each weight transposed, then its bias) and the layers' ``(in, out)`` shapes.
    """
    flat = [np.concatenate([np.ascontiguousarray(w.T).ravel(), b]) for w, b in layers]
    shapes = np.array([(w.shape[1], w.shape[0]) for w, _ in layers], np.int64).reshape(-1, 2)
    return np.concatenate([np.zeros(0, np.float32), *flat]).astype(np.float32), shapes


_TANH_EDGE = 7.99881172180175781
"""Beyond this the rational form below is clamped: float32 tanh rounds to +-1 within 2 ulp there."""


@numba.njit(cache=True, nogil=True, fastmath=True)
def _tanh(x: float) -> float:
    """Hyperbolic tangent as a 13/6 rational function, within 2.2e-7 of the exact value (2 float32 ulp near 1).

    One call of libm's tanh costs about 25 ns, most of a forward pass; this form has no branch or call, so the
    activation loop vectorises. The coefficients are the minimax fit Eigen uses for float tanh.
    """
    c = min(max(x, -_TANH_EDGE), _TANH_EDGE)
    s = c * c
    p = 4.89352455891786e-03 + s * (
        6.37261928875436e-04
        + s
        * (
            1.48572235717979e-05
            + s
            * (
                5.12229709037114e-08
                + s * (-8.60467152213735e-11 + s * (2.00018790482477e-13 + s * -2.76076847742355e-16))
            )
        )
    )
    q = 4.89352518554385e-03 + s * (2.26843463243900e-03 + s * (1.18534705686654e-04 + s * 1.19825839466702e-06))
    return c * p / q  # fmt: skip


@numba.njit(cache=True, nogil=True, fastmath=True)
def _activate(values: Floats, relu: bool) -> None:
    if relu:
        for k in range(values.shape[0]):
            values[k] = max(values[k], 0.0)
    else:
        for k in range(values.shape[0]):
            values[k] = _tanh(np.float64(values[k]))


@numba.njit(cache=True, nogil=True, fastmath=True)
def _add_rows(target: Floats, scales: Floats, rows: Floats) -> None:
    """``target += scales @ rows``, four rows a pass (a quarter of the loads and stores of ``target``)."""
    n = rows.shape[0]
    i = 0
    while i + 4 <= n:
        a, b, c, d = scales[i], scales[i + 1], scales[i + 2], scales[i + 3]
        for k in range(target.shape[0]):
            target[k] += a * rows[i, k] + b * rows[i + 1, k] + c * rows[i + 2, k] + d * rows[i + 3, k]
        i += 4
    for j in range(i, n):
        _add_row(target, scales[j], rows[j])


@numba.njit(cache=True, nogil=True, fastmath=True)
def _add_row(target: Floats, scale: np.float32, row: Floats) -> None:
    for k in range(target.shape[0]):
        target[k] += scale * row[k]


@numba.njit(cache=True, nogil=True)
def masked_probabilities(
    x: Floats,
    mask: npt.NDArray[np.int8],
    first_rows: Floats,
    first_bias: Floats,
    later: Floats,
    shapes: Ints,
    relu: bool,
    out: npt.NDArray[np.float64],
) -> None:
    """Write the action probabilities of input ``x`` under ``mask`` into ``out`` (illegal ids exactly 0).

    Args:
        x: the flat observation.
        mask: non-zero on the legal action ids (at least one).
        first_rows: the first layer's weight transposed, ``(inputs, units)``.
        first_bias: the first layer's bias.
        later: the later layers packed by :func:`pack`, the action head last.
        shapes: their ``(in, out)`` shapes.
        relu: ReLU hidden activations (else tanh); every layer but the last is hidden.
        out: the probabilities, one per action id.
    """
    hidden = first_bias.copy()
    for i in range(x.shape[0]):
        if x[i] != 0.0:
            _add_row(hidden, x[i], first_rows[i])
    at = 0
    for layer in range(shapes.shape[0]):
        inputs, units = shapes[layer, 0], shapes[layer, 1]
        _activate(hidden, relu)
        weight = later[at : at + inputs * units].reshape((inputs, units))
        result = later[at + inputs * units : at + inputs * units + units].copy()
        at += inputs * units + units
        _add_rows(result, hidden, weight)
        hidden = result
    top = -np.inf
    for j in range(out.shape[0]):
        if mask[j] != 0 and hidden[j] > top:
            top = hidden[j]
    total = 0.0
    for j in range(out.shape[0]):
        out[j] = math.exp(np.float64(hidden[j]) - top) if mask[j] != 0 else 0.0
        total += out[j]
    for j in range(out.shape[0]):
        out[j] /= total
