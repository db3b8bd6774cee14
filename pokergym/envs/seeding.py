"""Reseed numpy PCG64 generators in place, without building new ones.

Building ``np.random.default_rng(seed)`` costs tens of microseconds, more
than dealing a hand. The environments keep their generators for life and
put them in a new state when seeded:

* :func:`seed_generator` gives the state of ``np.random.default_rng(seed)``
  (Gymnasium's ``np_random`` contract);
* :func:`key_generator` gives a state derived from a 64-bit dealing key (see
  :mod:`pokergym.engine.dealer`), for generators that only need to be
  reproducible from the same seed (the opponent's).

Example:
    >>> import numpy as np
    >>> rng = np.random.default_rng(0)
    >>> key_generator(rng, 5).random() == key_generator(np.random.default_rng(1), 5).random()
    True
"""

from __future__ import annotations

import numpy as np

from pokergym.engine.dealer import mix64

__all__ = ["key_generator", "seed_generator"]

# numpy's PCG64 seeding, in Python ints: SeedSequence.generate_state's hash constants (word i is
# ``(pool[i % 4] ^ _STATE_XOR[i]) * _STATE_MULT[i]``) and the LCG multiplier.
_MASK32 = (1 << 32) - 1
_MASK128 = (1 << 128) - 1
_PCG_MULT = 0x2360ED051FC65DA44385DF649FCCF645
# Words XORed into a dealing key to derive the four 64-bit halves of a PCG64 state and increment.
_KEY_TWEAKS = (0x6A09E667F3BCC908, 0xBB67AE8584CAA73B, 0x3C6EF372FE94F82B, 0xA54FF53A5F1D36F1)


def _hash_constants() -> tuple[tuple[int, ...], tuple[int, ...]]:
    xors, mults = [], []
    hash_const = 0x8B51F9DD
    for _ in range(8):
        xors.append(hash_const)
        hash_const = hash_const * 0x58F38DED & _MASK32
        mults.append(hash_const)
    return tuple(xors), tuple(mults)


_STATE_XOR, _STATE_MULT = _hash_constants()


def _set_pcg64(rng: np.random.Generator, state: int, inc: int) -> None:
    bits = rng.bit_generator
    if not isinstance(bits, np.random.PCG64):
        raise TypeError(f"expected a generator on PCG64, got one on {type(bits).__name__}")
    bits.state = {"bit_generator": "PCG64", "state": {"state": state, "inc": inc}, "has_uint32": 0, "uinteger": 0}


def seed_generator(rng: np.random.Generator, seed: int) -> None:
    """Put the PCG64 generator ``rng`` in the state of ``np.random.default_rng(seed)``, in place.

    Several times cheaper than building that generator: only numpy's
    ``SeedSequence`` hashing remains; its ``generate_state`` and PCG64's
    seeding run as a few Python integer operations.

    Raises:
        TypeError: ``rng`` does not run on PCG64.

    Example:
        >>> rng = np.random.default_rng(0)
        >>> seed_generator(rng, 42)
        >>> rng.bit_generator.state == np.random.default_rng(42).bit_generator.state
        True
    """
    sequence = np.random.SeedSequence(seed)
    p0, p1, p2, p3 = sequence.pool.tolist()
    x0, x1, x2, x3, x4, x5, x6, x7 = _STATE_XOR
    m0, m1, m2, m3, m4, m5, m6, m7 = _STATE_MULT
    # generate_state(4, np.uint64), unrolled: eight hashed 32-bit words, paired little-end first.
    a, b, c, d = (p0 ^ x0) * m0 & _MASK32, (p1 ^ x1) * m1 & _MASK32, (p2 ^ x2) * m2 & _MASK32, (p3 ^ x3) * m3 & _MASK32
    e, f, g, h = (p0 ^ x4) * m4 & _MASK32, (p1 ^ x5) * m5 & _MASK32, (p2 ^ x6) * m6 & _MASK32, (p3 ^ x7) * m7 & _MASK32
    initial = (b ^ b >> 16) << 96 | (a ^ a >> 16) << 64 | (d ^ d >> 16) << 32 | (c ^ c >> 16)
    inc = ((f ^ f >> 16) << 96 | (e ^ e >> 16) << 64 | (h ^ h >> 16) << 32 | (g ^ g >> 16)) << 1 & _MASK128 | 1
    _set_pcg64(rng, (inc + initial) * _PCG_MULT + inc & _MASK128, inc)  # PCG64 seeding: two LCG steps


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
