"""Counter-based dealing: the cards of hand ``n`` are a pure function of a key and ``n``.

The environments deal from a :class:`Dealer` rather than from a numpy
generator. A deal needs one 64-bit draw, so computing it costs about as much
as numpy's ``permutation(52)`` call, and seeding costs one hash of the seed
instead of building a generator (``numpy.random.SeedSequence`` alone takes
several microseconds). Because hand ``n`` depends only on ``(key, n)``, a
batched kernel can deal any table's next hand without per-table generator
objects and still give exactly the hands of a single environment.

**The scheme** (a reimplementation must follow it bit for bit):

* ``mix(z)`` is SplitMix64's output function on 64-bit words:
  ``z ^= z >> 30; z *= 0xBF58476D1CE4E5B9; z ^= z >> 27; z *= 0x94D049BB133111EB; z ^= z >> 31``
  (products taken modulo ``2**64``).
* The key of a seed ``0 <= s < 2**64`` is ``(s ^ SEED_XOR) * SEED_MULT mod 2**64``;
  a larger seed folds its 64-bit words, lowest first, into ``k = 0``:
  ``k = mix((k ^ word) + GOLDEN)`` with ``GOLDEN = 0x9E3779B97F4A7C15``.
* Hand ``n`` draws ``z = mix(key + (n + 1) * GOLDEN)``; while
  ``z >= LIMIT`` (probability below ``2 * 10**-4``) it redraws
  ``z = mix(z + GOLDEN)``. ``N = 52 * 51 * ... * 44`` is the number of
  ordered 9-card deals and ``LIMIT = 13816 * N``, the largest even multiple
  of ``N`` below ``2**64``, so ``r = z % N`` is exactly uniform and the
  quotient ``z // N`` is exactly as often even as odd, independently of ``r``.
* Starting from the deck ``0, 1, ..., 51``, for ``i = 0..8``: ``j = i + r % (52 - i)``,
  ``r //= 52 - i``, swap positions ``i`` and ``j``. The first nine positions
  are the deal: the button's hole cards, the big blind's, then the board.
* The button bit of hand ``n`` (for environments that draw the button) is
  the parity of the quotient, ``(z // N) & 1``.

Example:
    >>> dealer = Dealer.from_seed(7)
    >>> cards, button = dealer.deal()
    >>> len(cards), len(set(cards)), dealer.count
    (9, 9, 1)
    >>> Dealer.from_seed(7).deal() == (cards, button) == deal(seed_key(7), 0)
    True
"""

from __future__ import annotations

import secrets

__all__ = ["DEALS", "GOLDEN", "LIMIT", "SEED_MULT", "SEED_XOR", "Dealer", "deal", "mix64", "seed_key"]

_MASK64 = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15
"""SplitMix64's increment (the golden ratio in 64-bit fixed point)."""
DEALS = 52 * 51 * 50 * 49 * 48 * 47 * 46 * 45 * 44
"""The number of ordered deals of 9 cards from 52."""
LIMIT = ((1 << 64) // DEALS) // 2 * 2 * DEALS
"""Draws at or above this are redrawn: ``draw % DEALS`` is then uniform and ``draw // DEALS`` fairly even or odd."""
SEED_XOR = 0x243F6A8885A308D3
"""XORed into a one-word seed before :data:`SEED_MULT` (the fractional digits of pi)."""
SEED_MULT = 0xD1342543DE82EF95
"""The odd multiplier of one-word seeds (an LCG multiplier with good spectral figures)."""
_FULL_DECK = list(range(52))


def mix64(z: int) -> int:
    """SplitMix64's output function on a 64-bit word.

    Example:
        >>> hex(mix64(0)), hex(mix64(GOLDEN))  # SplitMix64 seeded with 0 starts with the second
        ('0x0', '0xe220a8397b1dcdaf')
    """
    z = (z ^ z >> 30) * 0xBF58476D1CE4E5B9 & _MASK64
    z = (z ^ z >> 27) * 0x94D049BB133111EB & _MASK64
    return z ^ z >> 31


def seed_key(seed: int) -> int:
    """The 64-bit dealing key of a non-negative integer seed.

    One odd multiplication (a bijection on 64-bit words) is enough: every
    draw passes ``key + (n + 1) * GOLDEN`` through :func:`mix64`, so the key
    itself needs no mixing, only to keep nearby seeds' streams far apart.

    Raises:
        ValueError: ``seed`` is negative or not an integer.

    Example:
        >>> seed_key(0) != seed_key(1), seed_key(2**64) != seed_key(0)
        (True, True)
        >>> seed_key(5) == (5 ^ SEED_XOR) * SEED_MULT % 2**64
        True
    """
    if type(seed) is int and 0 <= seed <= _MASK64:  # one word: the common case
        return (seed ^ SEED_XOR) * SEED_MULT & _MASK64
    if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
        raise ValueError(f"a seed must be a non-negative int, got {seed!r}")
    key = 0
    while True:
        key = mix64(((key ^ (seed & _MASK64)) + GOLDEN) & _MASK64)
        seed >>= 64
        if not seed:
            return key


def deal(key: int, count: int) -> tuple[tuple[int, ...], int]:
    """The 9 cards of hand ``count`` under ``key`` (button hole, big-blind hole, board) and its button bit.

    Example:
        >>> cards, bit = deal(seed_key(3), 5)
        >>> len(set(cards)), all(0 <= c < 52 for c in cards), bit in (0, 1)
        (9, True, True)
    """
    z = mix64((key + (count + 1) * GOLDEN) & _MASK64)
    while z >= LIMIT:
        z = mix64((z + GOLDEN) & _MASK64)
    quotient, r = divmod(z, DEALS)
    deck = _FULL_DECK[:]
    for i in range(9):
        r, offset = divmod(r, 52 - i)
        j = i + offset
        deck[i], deck[j] = deck[j], deck[i]
    return tuple(deck[:9]), quotient & 1


class Dealer:
    """A dealing key and the number of hands dealt under it.

    Attributes:
        key: the 64-bit key (see the module docstring).
        count: hands dealt so far; the next deal is hand ``count``.

    Example:
        >>> dealer = Dealer(key=12345)
        >>> dealer.deal() == deal(12345, 0), dealer.deal() == deal(12345, 1)
        (True, True)
    """

    __slots__ = ("count", "key")

    def __init__(self, key: int | None = None) -> None:
        """Start at hand 0 under ``key`` (default: 64 bits from the operating system's entropy)."""
        self.key = secrets.randbits(64) if key is None else key & _MASK64
        self.count = 0

    @classmethod
    def from_seed(cls, seed: int) -> Dealer:
        """A dealer at hand 0 under :func:`seed_key` of ``seed``."""
        return cls(seed_key(seed))

    def reseed(self, key: int) -> None:
        """Go back to hand 0 under a new key."""
        self.key = key & _MASK64
        self.count = 0

    def deal(self) -> tuple[tuple[int, ...], int]:
        """The next hand's 9 cards and button bit (see :func:`deal`); advances the count."""
        count = self.count
        self.count = count + 1
        return deal(self.key, count)

    def __repr__(self) -> str:
        """The key and count."""
        return f"Dealer(key={self.key:#018x}, count={self.count})"
