"""A postflop spot: board, pot, stacks, both ranges and the bet-size menu.

Player 0 is out of position (OOP, first to act on every postflop street),
player 1 in position (IP). Amounts are chips. The pot is what lies in the
middle when the spot's street begins; both players then have ``stack`` chips
behind (the effective stack: chips beyond it can never be won or lost).

Sizes are written as solvers write them, comma-separated:

* ``33`` or ``33%``: a bet of 33% of the pot; as a raise, a raise *by* 33% of
  the pot after calling;
* ``2.5x``: (raises only) a raise to 2.5 times the bet faced;
* ``e``: the geometric size that puts the stacks in by the river with equal
  pot fractions on each street left;
* ``a``: all-in.

The engine's rules apply: a bet is at least one big blind, a raise at least
the last full bet or raise on the street; a player with less may go all-in
(a spot itself starts with at least one big blind behind).

Example:
    >>> from pokergym.cards import parse_cards
    >>> spot = Spot(board=parse_cards("Td9d6h"), pot=1000, stack=9000,
    ...             ranges=(Range.parse("AA,KK,T9s"), Range.parse("QQ,JJ,87s")), menu=Menu.uniform("33,75,a"))
    >>> spot.street.name, spot.n_hands
    ('FLOP', (15, 16))
    >>> Sizes.parse("33%,2.5x,e,a")
    Sizes(fractions=(0.33,), multiples=(2.5,), geometric=True, allin=True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property

import numpy as np

from pokergym.cards import validate_cards
from pokergym.engine.actions import Street
from pokergym.errors import RangeError, SolverError
from pokergym.solver.isomorphism import DealClasses, board_swaps, deal_classes, symmetric_swaps
from pokergym.solver.ranges import Range

__all__ = ["Menu", "Sizes", "Spot", "TreeAction"]

TreeAction = tuple[str, int]
"""An edge of the game tree: ``(kind, to_amount)`` with kind ``fold``, ``check``, ``call``, ``bet`` or ``raise``;
the amount is the actor's chips on the current street after the action (0 for fold and check)."""


@dataclass(frozen=True)
class Sizes:
    """One list of sizes (see the module docstring for the notation).

    Attributes:
        fractions: pot fractions (0.33 = 33% of the pot).
        multiples: raise-to multiples of the bet faced (ignored for bets).
        geometric: include the geometric size.
        allin: include all-in.
    """

    fractions: tuple[float, ...] = ()
    multiples: tuple[float, ...] = ()
    geometric: bool = False
    allin: bool = False

    @classmethod
    def parse(cls, text: str) -> Sizes:
        """Read sizes such as ``"33,75,2.5x,e,a"``; an empty string means no bet or raise.

        Raises:
            SolverError: on a token that is not a positive percentage, a multiple above 1, ``e`` or ``a``.
        """
        if not isinstance(text, str):
            raise SolverError(f"sizes are text such as '33,75,a', got {type(text).__name__}")
        fractions: list[float] = []
        multiples: list[float] = []
        geometric = allin = False
        for raw in (t.strip().lower() for t in text.split(",")):
            if not raw:
                continue
            if raw == "a":
                allin = True
            elif raw == "e":
                geometric = True
            elif raw.endswith("x"):
                multiples.append(_number(raw[:-1], raw, minimum=1.0))
            else:
                fractions.append(_number(raw.removesuffix("%"), raw, minimum=0.0) / 100.0)
        return cls(tuple(fractions), tuple(multiples), geometric, allin)

    def __str__(self) -> str:
        parts = [f"{f * 100:g}" for f in self.fractions] + [f"{m:g}x" for m in self.multiples]
        return ",".join(parts + ["e"] * self.geometric + ["a"] * self.allin)


def _number(text: str, token: str, *, minimum: float) -> float:
    try:
        value = float(text)
    except ValueError:
        raise SolverError(f"bad size {token!r}: expected a percentage (75), a multiple (2.5x), 'e' or 'a'") from None
    if not np.isfinite(value) or value <= minimum:
        raise SolverError(f"bad size {token!r}: must be a finite number above {minimum:g}")
    return value


def _check_extra_actions(extras: object) -> None:
    """Raise a :class:`SolverError` unless ``extras`` is a tuple of ``(path, to_amount)`` as :class:`Spot` says."""
    if not isinstance(extras, tuple):
        raise SolverError(f"extra_actions must be a tuple of (path, to_amount), got {extras!r}")
    for extra in extras:
        ok = isinstance(extra, tuple) and len(extra) == 2 and isinstance(extra[0], tuple)
        ok = ok and isinstance(extra[1], int | np.integer) and not isinstance(extra[1], bool)
        ok = ok and all(isinstance(step, tuple) and len(step) == 2 and isinstance(step[0], str) for step in extra[0])
        if not ok:
            raise SolverError(f"an extra action is (path of (action, amount) steps, to_amount), got {extra!r}")


def _sizes(value: Sizes | str) -> Sizes:
    return value if isinstance(value, Sizes) else Sizes.parse(value)


@dataclass(frozen=True)
class Menu:
    """Bet and raise sizes per street and player, a raise cap and an all-in threshold.

    Attributes:
        bets: ``bets[street - 1][player]`` for the flop, turn and river.
        raises: same layout, for raises.
        raise_cap: raises allowed on a street after its first bet (2: bet, raise, re-raise).
        allin_threshold: a bet or raise putting in at least this share of the chips behind becomes all-in.
    """

    bets: tuple[tuple[Sizes, Sizes], ...]
    raises: tuple[tuple[Sizes, Sizes], ...]
    raise_cap: int = 2
    allin_threshold: float = 0.67

    def __post_init__(self) -> None:
        """Validate the layout and limits."""
        for name, table in (("bets", self.bets), ("raises", self.raises)):
            if len(table) != 3 or any(len(row) != 2 for row in table):
                raise SolverError(f"menu {name} must have 3 streets x 2 players of sizes")
            if not all(isinstance(sizes, Sizes) for row in table for sizes in row):
                raise SolverError(f"menu {name} must hold Sizes (Sizes.parse('33,75,a')), got {table!r}")
        if not isinstance(self.raise_cap, int) or isinstance(self.raise_cap, bool) or self.raise_cap < 0:
            raise SolverError(f"raise_cap must be a non-negative integer, got {self.raise_cap!r}")
        if not 0.0 < self.allin_threshold <= 1.0:
            raise SolverError(f"allin_threshold must be in (0, 1], got {self.allin_threshold!r}")

    @classmethod
    def uniform(
        cls, bets: Sizes | str, raises: Sizes | str | None = None, *, raise_cap: int = 2, allin_threshold: float = 0.67
    ) -> Menu:
        """The same sizes on every street for both players (raises default to the bet sizes).

        Example:
            >>> str(Menu.uniform("50,a", "3x").raises[2][1])
            '3x'
        """
        bet = _sizes(bets)
        raise_ = bet if raises is None else _sizes(raises)
        return cls(((bet, bet),) * 3, ((raise_, raise_),) * 3, raise_cap, allin_threshold)

    @classmethod
    def per_street(
        cls,
        flop: tuple[Sizes | str, Sizes | str],
        turn: tuple[Sizes | str, Sizes | str],
        river: tuple[Sizes | str, Sizes | str],
        *,
        raise_cap: int = 2,
        allin_threshold: float = 0.67,
    ) -> Menu:
        """``(bets, raises)`` for each street, the same for both players."""
        rows = [(_sizes(b), _sizes(r)) for b, r in (flop, turn, river)]
        return cls(tuple((b, b) for b, _ in rows), tuple((r, r) for _, r in rows), raise_cap, allin_threshold)


@dataclass(frozen=True)
class Spot:
    """A subgame that starts at the beginning of a postflop street.

    Attributes:
        board: 3, 4 or 5 card codes.
        pot: chips in the pot when the street begins.
        stack: effective chips behind for each player.
        ranges: ``(oop, ip)`` ranges; combos blocked by the board are dropped.
        menu: bet-size menu.
        big_blind: the minimum bet.
        extra_actions: off-menu bets or raises to add: ``(path, to_amount)`` where ``path`` is the tuple of
            :data:`TreeAction` from the spot's root (on its first street) to the node that gets the action.
        betting_streets: streets with betting (``None``: every street to the river); after the last one the
            hand is checked down to showdown (a depth limit: cheaper, and an approximation of the real game).
        deal_sample: at most this many cards dealt at each chance node (``None``: every card that can come),
            a fixed sample per board drawn with ``deal_seed``; each card's value then counts ``1 / sample`` of the
            chance node's instead of ``1 / cards``, an unbiased estimate of the full game's values and cheaper
            by the ratio. The solve, its exploitability included, is of the sampled game.
        deal_seed: the seed of that sample.
        isomorphism: at a chance node whose board and ranges are unchanged by swapping two suits, walk one card
            of each such pair and read the other's values off it with the suits swapped
            (:mod:`~pokergym.solver.isomorphism`). The game and its solution are the same; the tree is smaller.
            Applies to every card (not with ``deal_sample``) and only to suits both ranges treat exactly alike.
    """

    board: tuple[int, ...]
    pot: int
    stack: int
    ranges: tuple[Range, Range]
    menu: Menu = field(default_factory=lambda: Menu.uniform("33,75,a"))
    big_blind: int = 100
    extra_actions: tuple[tuple[tuple[TreeAction, ...], int], ...] = ()
    betting_streets: int | None = None
    deal_sample: int | None = None
    deal_seed: int = 0
    isomorphism: bool = True

    def __post_init__(self) -> None:
        """Validate the spot; every problem is a :class:`SolverError` naming it."""
        if isinstance(self.board, str):
            raise SolverError(f"a spot's board is card codes, e.g. parse_cards({self.board!r})")
        board = tuple(int(c) for c in self.board)
        if len(board) not in (3, 4, 5):
            raise SolverError(f"a spot's board has 3, 4 or 5 cards, got {len(board)}")
        validate_cards(board, source=self.board)
        object.__setattr__(self, "board", board)
        for name, value in (("pot", self.pot), ("stack", self.stack), ("big_blind", self.big_blind)):
            if not isinstance(value, int | np.integer) or isinstance(value, bool) or value <= 0:
                raise SolverError(f"{name} must be a positive number of chips, got {value!r}")
        if self.stack < self.big_blind:
            raise SolverError(
                f"stack {self.stack} is below one big blind ({self.big_blind}): a spot needs at least one big blind "
                f"behind (with less, the only bet is all-in)"
            )
        if len(self.ranges) != 2 or not all(isinstance(r, Range) for r in self.ranges):
            raise SolverError("ranges must be a pair (oop, ip) of Range")
        for player, rng in enumerate(self.ranges):
            if rng.without(board).count() <= 0.0:
                raise RangeError(f"the {('OOP', 'IP')[player]} range is empty once the board's cards are removed")
        if self.betting_streets is not None and (
            not isinstance(self.betting_streets, int)
            or isinstance(self.betting_streets, bool)
            or not 1 <= self.betting_streets <= 4 - len(board) + 2
        ):
            raise SolverError(
                f"betting_streets must be None or 1..{4 - len(board) + 2} on a {len(board)}-card board, "
                f"got {self.betting_streets!r}"
            )
        if self.deal_sample is not None and (
            not isinstance(self.deal_sample, int) or isinstance(self.deal_sample, bool) or self.deal_sample < 1
        ):
            raise SolverError(f"deal_sample must be None or a positive number of cards, got {self.deal_sample!r}")
        if not isinstance(self.deal_seed, int) or isinstance(self.deal_seed, bool) or self.deal_seed < 0:
            raise SolverError(f"deal_seed must be a non-negative integer, got {self.deal_seed!r}")
        if not isinstance(self.isomorphism, bool):
            raise SolverError(f"isomorphism must be True or False, got {self.isomorphism!r}")
        if not isinstance(self.menu, Menu):
            raise SolverError(f"menu must be a Menu, got {type(self.menu).__name__}")
        _check_extra_actions(self.extra_actions)

    @property
    def street(self) -> Street:
        """The street the spot starts on."""
        return Street(len(self.board) - 2)

    def hands(self, player: int) -> np.ndarray:
        """Combo indices with positive weight for ``player`` once the board is removed (ascending)."""
        return np.flatnonzero(self.ranges[player].without(self.board).weights > 0.0)

    @property
    def n_hands(self) -> tuple[int, int]:
        """Number of combos in each player's range."""
        return (len(self.hands(0)), len(self.hands(1)))

    def with_extra(self, path: Sequence[TreeAction], to_amount: int) -> Spot:
        """A copy with one more off-menu bet or raise at the node ``path`` leads to."""
        extra = (*self.extra_actions, (tuple((str(k), int(a)) for k, a in path), int(to_amount)))
        return replace(self, extra_actions=extra)

    def dealt_cards(self, board: Sequence[int]) -> tuple[int, ...]:
        """The cards a chance node after ``board`` deals: every card off the board, or the seeded sample.

        Example:
            >>> from pokergym.cards import parse_cards
            >>> spot = Spot(parse_cards("Td9d6h"), 100, 1000, (Range.parse("AA"), Range.parse("KK")))
            >>> len(spot.dealt_cards(spot.board)), len(replace(spot, deal_sample=12).dealt_cards(spot.board))
            (49, 12)
        """
        candidates = [card for card in range(52) if card not in board]
        if self.deal_sample is None or self.deal_sample >= len(candidates):
            return tuple(candidates)
        generator = np.random.default_rng([self.deal_seed, *sorted(int(c) for c in board)])
        return tuple(sorted(int(c) for c in generator.choice(candidates, self.deal_sample, replace=False)))

    @cached_property
    def suit_swaps(self) -> tuple[int, ...]:
        """The suit swaps the solver may use (indices into :data:`~pokergym.solver.isomorphism.SWAPS`).

        Those that leave both ranges and the spot's board unchanged, if :attr:`isomorphism` applies (not with a
        sampled deal). A swap that leaves only a later board unchanged (``6c`` on ``Td9d6h`` makes clubs and
        hearts alike) is not a symmetry of the strategies that led there, so it is never used.
        """
        if not self.isomorphism or self.deal_sample is not None:
            return ()
        return board_swaps(self.board, symmetric_swaps(self.ranges))

    def deal(self, board: Sequence[int]) -> DealClasses:
        """The cards a chance node after ``board`` walks, and the twins each stands for (see :attr:`isomorphism`).

        Example:
            >>> from pokergym.cards import parse_cards
            >>> spot = Spot(parse_cards("Td9d6h"), 100, 1000, (Range.parse("AA"), Range.parse("KK")))
            >>> len(spot.deal(spot.board).cards), len(replace(spot, isomorphism=False).deal(spot.board).cards)
            (36, 49)
        """
        return deal_classes(self.dealt_cards(board), board, self.suit_swaps)

    @property
    def last_betting_street(self) -> Street:
        """The last street with betting; the hand is checked down after it."""
        if self.betting_streets is None:
            return Street.RIVER
        return Street(int(self.street) + self.betting_streets - 1)
