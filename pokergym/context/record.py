"""Labels and records produced by the context engine.

Every label is a :class:`~enum.StrEnum`, so it compares equal to its text
(``MadeClass.TOP_PAIR == "top_pair"``) and prints without decoration. The
records are immutable: :class:`ViableOption` is a frozen dataclass, the
others are named tuples (the engine builds several per decision, and a
named tuple costs a fraction of a frozen dataclass to build). A
:class:`Context` is a value that can be hashed, compared and cached.

Example:
    >>> MadeClass.TOP_PAIR == "top_pair", DrawClass.STRONG_DRAW.rank
    (True, 0)
    >>> Scenario("R-BC2").street.name
    'RIVER'
    >>> len(Scenario), len(MadeClass), len(DrawClass) - 1
    (60, 15, 8)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import NamedTuple

from pokergym.engine.actions import Action, Street
from pokergym.engine.view import PlayerView

from .sizing import option_action

__all__ = [
    "UNLIMITED",
    "BoardInfo",
    "BoardOverride",
    "Budget",
    "Context",
    "DrawClass",
    "HandInfo",
    "MadeClass",
    "OptionKind",
    "Position",
    "PotType",
    "Role",
    "Scenario",
    "SlowPlay",
    "ViableOption",
]

UNLIMITED = 99.0
"""Budget value standing for "no limit" (the nuts and their equivalents)."""

new_record = tuple.__new__
"""Build a named-tuple record from every field in order: ``new_record(Budget, (1.0, ...))``.

The engine's hot paths use it: it skips the record's own ``__new__``, a
Python-level function.
"""


class MadeClass(StrEnum):
    """The fifteen made-hand classes, strongest first."""

    NUTS = "nuts"
    FLUSH = "flush"
    STRAIGHT = "straight"
    SET = "set"
    TRIPS = "trips"
    TWO_PAIR = "two_pair"
    OVERPAIR = "overpair"
    TOP_PAIR = "top_pair"
    SECOND_PAIR = "second_pair"
    THIRD_PAIR = "third_pair"
    FOURTH_FIFTH_PAIR = "fourth_fifth_pair"
    NUTS_HIGH = "nuts_high"
    SECOND_HIGH = "second_high"
    WEAK_SHOWDOWN = "weak_showdown"
    TRASH = "trash"


class DrawClass(StrEnum):
    """The eight draw classes in the release's order of strength, then ``no_draw``."""

    STRONG_DRAW = "strong_draw"
    MEDIUM_STRONG_DRAW = "medium_strong_draw"
    MEDIUM_DRAW = "medium_draw"
    MEDIUM_WEAK_DRAW = "medium_weak_draw"
    STRONG_OVERCARD_DRAW = "strong_overcard_draw"
    WEAK_DRAW = "weak_draw"
    MEDIUM_OVERCARD_DRAW = "medium_overcard_draw"
    WEAK_OVERCARD_DRAW = "weak_overcard_draw"
    NO_DRAW = "no_draw"

    @property
    def rank(self) -> int:
        """Position in the strength order (0 = strongest, 8 = no draw)."""
        return _DRAW_ORDER[self]

    @property
    def is_overcard(self) -> bool:
        """Whether the class is one of the three overcard draws."""
        return self in _OVERCARD_DRAWS


_DRAW_ORDER = {d: i for i, d in enumerate(DrawClass)}
_OVERCARD_DRAWS = frozenset(
    {DrawClass.STRONG_OVERCARD_DRAW, DrawClass.MEDIUM_OVERCARD_DRAW, DrawClass.WEAK_OVERCARD_DRAW}
)


class PotType(StrEnum):
    """Pot type from the number of preflop bets and raises."""

    LIMP = "limp"
    SRP = "srp"
    THREE_BET = "3bp"
    FOUR_BET = "4bp"
    FIVE_BET_PLUS = "5bp+"

    @property
    def value_shift(self) -> float:
        """How much thinner (positive) or thicker (negative) value bets may be."""
        return _VALUE_SHIFT[self]


_VALUE_SHIFT = {
    PotType.LIMP: 0.5,
    PotType.SRP: 0.0,
    PotType.THREE_BET: -0.5,
    PotType.FOUR_BET: -1.0,
    PotType.FIVE_BET_PLUS: -1.5,
}


class Role(StrEnum):
    """Who drives the betting from the hero's point of view."""

    AGGRESSOR = "aggressor"
    DEFENDER = "defender"
    NORMAL = "normal"


class Position(StrEnum):
    """Postflop position: the button is in position."""

    IP = "ip"
    OOP = "oop"


class SlowPlay(StrEnum):
    """Verdict on checking or calling a strong hand to trap."""

    TRAP = "trap"
    LEAN_SLOW_PLAY = "lean_slow_play"
    LEAN_FAST_PLAY = "lean_fast_play"
    NO_SLOW_PLAY = "no_slow_play"


class OptionKind(StrEnum):
    """The engine action a viable option turns into."""

    CHECK = "check"
    CALL = "call"
    FOLD = "fold"
    BET = "bet"
    RAISE = "raise"
    ALL_IN = "all_in"


class Scenario(StrEnum):
    """The sixty postflop action-line scenarios (flop 9, turn 21, river 30)."""

    F_A1 = "F-A1"
    F_A2 = "F-A2"
    F_A3 = "F-A3"
    F_D1 = "F-D1"
    F_D2 = "F-D2"
    F_D3 = "F-D3"
    F_D4 = "F-D4"
    F_R2 = "F-R2"
    F_R3 = "F-R3"
    T_A1 = "T-A1"
    T_A2 = "T-A2"
    T_A3 = "T-A3"
    T_N1 = "T-N1"
    T_N2 = "T-N2"
    T_N3 = "T-N3"
    T_D1 = "T-D1"
    T_D2 = "T-D2"
    T_D3 = "T-D3"
    T_D4 = "T-D4"
    T_CR1 = "T-CR1"
    T_CR2 = "T-CR2"
    T_CR3 = "T-CR3"
    T_VR1 = "T-VR1"
    T_VR2 = "T-VR2"
    T_VR3 = "T-VR3"
    T_VR4 = "T-VR4"
    T_3B1 = "T-3B1"
    T_TR1 = "T-TR1"
    T_TR2 = "T-TR2"
    T_TR3 = "T-TR3"
    R_AA1 = "R-AA1"
    R_AA2 = "R-AA2"
    R_AA3 = "R-AA3"
    R_BC1 = "R-BC1"
    R_BC2 = "R-BC2"
    R_BC3 = "R-BC3"
    R_CB1 = "R-CB1"
    R_CB2 = "R-CB2"
    R_CB3 = "R-CB3"
    R_NN1 = "R-NN1"
    R_NN2 = "R-NN2"
    R_NN3 = "R-NN3"
    R_DD1 = "R-DD1"
    R_DD2 = "R-DD2"
    R_DD3 = "R-DD3"
    R_DD4 = "R-DD4"
    R_DM1 = "R-DM1"
    R_DM2 = "R-DM2"
    R_DM3 = "R-DM3"
    R_CR1 = "R-CR1"
    R_CR2 = "R-CR2"
    R_CR3 = "R-CR3"
    R_CR4 = "R-CR4"
    R_VCR1 = "R-VCR1"
    R_VCR2 = "R-VCR2"
    R_VCR3 = "R-VCR3"
    R_3B1 = "R-3B1"
    R_TR1 = "R-TR1"
    R_TR2 = "R-TR2"
    R_TR3 = "R-TR3"

    @property
    def street(self) -> Street:
        """The street the scenario belongs to."""
        return _SCENARIO_STREET[self.value[0]]


_SCENARIO_STREET = {"F": Street.FLOP, "T": Street.TURN, "R": Street.RIVER}


class BoardInfo(NamedTuple):
    """Texture and structure of the visible board.

    Attributes:
        street: the street the board belongs to (flop, turn or river).
        labels: texture labels of the street (e.g. ``("wet", "monotone")``).
        descriptors: short upper-case descriptions for prompts.
        suit_max: the largest number of board cards sharing a suit.
        flush_suit: the suit with three or more board cards, else ``None``.
        pair_ranks: ranks that appear exactly twice on the board.
        trips_rank: a rank that appears three times, else ``None``.
        quads_rank: a rank that appears four times, else ``None``.
        straight_combos: distinct two-card holdings (by rank) that make a straight.
        straight_potential: three or more board ranks fit in one straight window.
        one_card_ranks: ranks that make a straight with a single hole card.
        one_card_straight: ``"oe"`` (two or more such ranks), ``"gs"`` (one) or ``None``.
        straight_on_board: the five board cards form a straight.
        nut_straight_top: top rank of the best straight any hand can make, else ``None``.
        top_rank: the highest board rank.
    """

    street: Street
    labels: tuple[str, ...]
    descriptors: tuple[str, ...]
    suit_max: int
    flush_suit: int | None
    pair_ranks: tuple[int, ...]
    trips_rank: int | None
    quads_rank: int | None
    straight_combos: int
    straight_potential: bool
    one_card_ranks: tuple[int, ...]
    one_card_straight: str | None
    straight_on_board: bool
    nut_straight_top: int | None
    top_rank: int

    @property
    def paired(self) -> bool:
        """Whether any rank appears more than once."""
        return bool(self.pair_ranks) or self.trips_rank is not None or self.quads_rank is not None

    @property
    def double_paired(self) -> bool:
        """Whether two ranks appear exactly twice each."""
        return len(self.pair_ranks) >= 2

    @property
    def full_house(self) -> bool:
        """Whether the board itself holds a full house."""
        return self.trips_rank is not None and bool(self.pair_ranks)

    @property
    def one_card_flush(self) -> bool:
        """Whether a single hole card makes a flush (four or more of a suit)."""
        return self.suit_max >= 4


class BoardOverride(NamedTuple):
    """Budget set by a special board (double-paired, trips, full house, quads, straight, flush).

    Attributes:
        label: what the hero holds on that board, e.g. ``"trips_board_nut_kicker"``.
        attack: the attack budget the board allows.
        defense: the defense budget the board allows.
    """

    label: str
    attack: float
    defense: float


class HandInfo(NamedTuple):
    """The hero's hand against the board.

    Attributes:
        made: the made-hand class.
        draw: the draw class after the pot-type downgrade of overcard draws.
        kicker_position: 1 + ranks above the kicker (the paired or high rank left
            out); ``None`` for pocket pairs and hands without a kicker.
        kicker_rank: rank of the kicker card (the hole card beside the pair, trips
            or high card), or ``None``.
        pair_level: unpaired board ranks above the hero's pair, or ``None``.
        pair_rank: rank of the hero's pair, or ``None``.
        pocket_pair: whether the hole cards are a pair.
        flush_rank: ``N`` of an "Nth nut flush" (1 = the nut flush), or ``None``.
        flush_high_rank: the hero's highest hole card in the flush suit, or ``None``.
        straight_cards: hole cards the straight uses (1 or 2), or ``None``.
        nut_straight: whether the straight is the best possible one, or ``None``.
        set_level: ``"top"``, ``"middle"`` or ``"bottom"`` for a set, else ``None``.
        two_pair_rank: index of the two pair among the board-rank pairs (1 = top two).
        override: the special-board budget, or ``None`` on ordinary boards.
        features: draw components found (``"flush_draw"``, ``"oesd"``, ``"bdfd"``, ...).
    """

    made: MadeClass
    draw: DrawClass
    kicker_position: int | None = None
    kicker_rank: int | None = None
    pair_level: int | None = None
    pair_rank: int | None = None
    pocket_pair: bool = False
    flush_rank: int | None = None
    flush_high_rank: int | None = None
    straight_cards: int | None = None
    nut_straight: bool | None = None
    set_level: str | None = None
    two_pair_rank: int | None = None
    override: BoardOverride | None = None
    features: tuple[str, ...] = ()


class Budget(NamedTuple):
    """Attack and defense budgets, in weighted bets.

    Attributes:
        attack_base: attack budget of the hand class and tables, before modifiers.
        defense_base: defense budget before modifiers.
        attack: attack budget after every modifier and the draw floor.
        defense: defense budget after every modifier and the draw combination.
        attack_remaining: ``attack`` less every weighted postflop bet so far.
        defense_remaining: ``defense`` less the weighted bets before the one faced.
        modifiers: what changed the base, in order, e.g. ``("flush possible -1.1",)``.
    """

    attack_base: float
    defense_base: float
    attack: float
    defense: float
    attack_remaining: float
    defense_remaining: float
    modifiers: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class ViableOption:
    """One strategic choice offered to the decision maker.

    Attributes:
        label: the option's name, e.g. ``"C-BET"`` or ``"CALL"``.
        kind: the engine action it becomes.
        fraction: bet size as a fraction of the pot (for a raise: of the pot
            after calling); ``None`` for check, call, fold and all-in.
        note: ``"value"``, ``"bluff"`` or ``""``.
    """

    label: str
    kind: OptionKind
    fraction: float | None = None
    note: str = ""

    def to_action(self, view: PlayerView) -> Action:
        """The legal action this option stands for in ``view``, by :func:`~pokergym.context.sizing.option_action`.

        Raises:
            ContextError: if it is not the hero's turn in ``view``.
        """
        return option_action(view, self.kind.value, self.fraction)

    def __str__(self) -> str:
        """E.g. ``C-BET (25% pot)`` or ``POLARIZED BET (bluff, 75% pot)``."""
        parts = [self.note] if self.note else []
        if self.fraction is not None:
            parts.append(f"{round(self.fraction * 100)}% pot")
        return f"{self.label} ({', '.join(parts)})" if parts else self.label


class Context(NamedTuple):
    """Everything the context engine derives from one :class:`~pokergym.engine.view.PlayerView`.

    Postflop views fill every field; preflop views leave the board, hand,
    scenario and budget fields ``None`` and name the preflop spot instead.

    Attributes:
        street: the current street.
        seat: the hero's seat.
        position: ``ip`` for the button, ``oop`` for the big blind.
        pot_type: limp pot, single-raised, 3-bet, 4-bet or 5-bet-plus pot.
        preflop_raises: bets and raises made before the flop so far.
        initiative: seat holding the betting initiative, ``None`` before any raise.
        role: aggressor, defender or normal.
        pot: chips in the pot at the start of the street.
        total_pot: chips in the pot including this street's bets.
        to_call: chips the hero must add to call.
        effective_stack: the chips that can still be won or lost (call included).
        spr: (effective stack - to call) / (total pot + to call).
        facing_pct: the bet faced as a percentage of the pot, ``None`` when not facing one.
        facing_weight: pressure weight of the bet faced (0 when none).
        weighted_total: weighted postflop bets of both players so far.
        weighted_hero: the hero's share of ``weighted_total``.
        board: board texture, ``None`` preflop.
        hand: hand and draw classes, ``None`` preflop.
        scenario: postflop action-line scenario, ``None`` preflop.
        preflop_scenario: name of the preflop spot (preflop only, when the hero acts).
        budget: attack and defense budgets, ``None`` preflop.
        value_tier: weakest hand tier worth a value bet (1 = third pair+ .. 5 = set+).
        slow_play: verdict on trapping with a strong hand, ``None`` when it does not apply.
        low_spr_threshold: remaining attack needed to raise at low SPR, ``None`` when SPR is high.
        viable: the viable options, best first (empty when the hero does not act).
    """

    street: Street
    seat: int
    position: Position
    pot_type: PotType
    preflop_raises: int
    initiative: int | None
    role: Role
    pot: int
    total_pot: int
    to_call: int
    effective_stack: int
    spr: float
    facing_pct: float | None = None
    facing_weight: float = 0.0
    weighted_total: float = 0.0
    weighted_hero: float = 0.0
    board: BoardInfo | None = None
    hand: HandInfo | None = None
    scenario: Scenario | None = None
    preflop_scenario: str | None = None
    budget: Budget | None = None
    value_tier: int | None = None
    slow_play: SlowPlay | None = None
    low_spr_threshold: float | None = None
    viable: tuple[ViableOption, ...] = ()
