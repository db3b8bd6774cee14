"""Reseed numpy PCG64 generators in place, without building new ones.

Building ``np.random.default_rng(seed)`` costs tens of microseconds, more
than dealing a hand. The opponent's generator, which only needs to be
reproducible from the same seed, is kept for life: :func:`key_generator`
puts it in a state derived from a 64-bit dealing key (see
:mod:`pokergym.engine.dealer`).

Example:
    >>> import numpy as np
    >>> rng = np.random.default_rng(0)
    >>> key_generator(rng, 5).random() == key_generator(np.random.default_rng(1), 5).random()
    True
"""

from __future__ import annotations

import numpy as np

from pokergym.engine.dealer import mix64

__all__ = ["key_generator"]

# Words XORed into a dealing key to derive the four 64-bit halves of a PCG64 state and increment.
_KEY_TWEAKS = (0x6A09E667F3BCC908, 0xBB67AE8584CAA73B, 0x3C6EF372FE94F82B, 0xA54FF53A5F1D36F1)


def _set_pcg64(rng: np.random.Generator, state: int, inc: int) -> None:
    bits = rng.bit_generator
    if not isinstance(bits, np.random.PCG64):
        raise TypeError(f"expected a generator on PCG64, got one on {type(bits).__name__}")
    bits.state = {"bit_generator": "PCG64", "state": {"state": state, "inc": inc}, "has_uint32": 0, "uinteger": 0}


def key_generator(rng: np.random.Generator, key: int) -> np.random.Generator:
    """Put the PCG64 generator ``rng`` in a state derived from the 64-bit ``key``, in place; return it.

    The 128-bit state and odd increment are four SplitMix64 outputs of the
    key, so different keys give unrelated streams.

    Raises:
        TypeError: ``rng`` does not run on PCG64.

    Example:
        >>> a = key_generator(np.random.default_rng(), 1).integers(1 << 30)
        >>> b = key_generator(np.random.default_rng(), 2).integers(1 << 30)
        >>> a != b, a == key_generator(np.random.default_rng(), 1).integers(1 << 30)
        (np.True_, np.True_)
    """
    t0, t1, t2, t3 = _KEY_TWEAKS
    state = mix64(key ^ t0) << 64 | mix64(key ^ t1)
    inc = (mix64(key ^ t2) << 64 | mix64(key ^ t3)) | 1
    _set_pcg64(rng, state, inc)
    return rng
