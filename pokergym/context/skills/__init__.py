"""The PokerSkill skill library: strategy fragments chosen by context labels.

The library has five layers, as in the PokerSkill paper (section 3.3); each
fragment is a text file under ``pokergym/context/skills/data`` whose name
starts with its layer:

======  ==============================  =========================================================
layer   files                           selected when
======  ==============================  =========================================================
P1      ``p1_system``                   always (the system message)
P2      ``p2_<preflop spot>``           before the flop, by the spot of
                                        :func:`~pokergym.context.preflop.detect_scenario`
P3      ``p3_principles``               every postflop decision
P4      ``p4_hand_<made class>``        the made-hand class (not for ``trash`` holding a draw,
                                        and not on a special board)
P4      ``p4_draw_<draw class>``        the draw class, unless ``no_draw``
P4      ``p4_special_<board kind>``     a special board set the budget (the override label's
                                        prefix: ``trips_board``, ``double_paired``, ...)
P4      ``p4_pot_<pot type>``           the pot type (``5bp+`` reads ``p4_pot_5bp``)
P4      ``p4_board_<...>``              each texture label of the street (see :data:`BOARD_LABELS`);
                                        a monotone flop takes only ``monotone``, not ``wet``
P4      ``p4_line_<family>``            the scenario family (``T-A2`` -> ``p4_line_t_a``); the
                                        file's ``ID: text`` lines describe each scenario
P4      ``p4_position_<...>``           position and whether a bet is faced
P4      ``p4_low_spr``                  a low-SPR raise threshold applies
P4      ``p4_slow_play``                a slow-play verdict was computed
P5      ``p5_blockers``                 river decisions only
======  ==============================  =========================================================

Every fragment is written for pokergym (facts from the paper and the
reference, wording our own). Files are read once, on first use.

Example:
    >>> fragment("p1_system").layer
    'P1'
    >>> label_index()["made:top_pair"], label_index()["scenario:T-A2"]
    ('p4_hand_top_pair', 'p4_line_t_a')
    >>> scenario_description(Scenario.F_A2)
    'You raised preflop and are out of position, first to act on the flop.'
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources
from types import MappingProxyType

from pokergym.context.preflop import PreflopScenario
from pokergym.context.record import (
    BoardInfo,
    Context,
    DrawClass,
    HandInfo,
    MadeClass,
    Position,
    PotType,
    Scenario,
)
from pokergym.engine.actions import Street
from pokergym.errors import ContextError

__all__ = [
    "BOARD_LABELS",
    "SPECIAL_BOARDS",
    "Fragment",
    "Selection",
    "board_fragments",
    "fragment",
    "fragment_names",
    "hand_fragments",
    "label_index",
    "line_fragment",
    "position_fragment",
    "scenario_description",
    "select",
]

_CHANGES = (
    "paired",
    "scare_high",
    "scare_wet",
    "double_paired",
    "trips_board",
    "quads_board",
    "one_card_straight_oe",
    "one_card_straight_gs",
)
"""The labels a turn and a river share: what the new card did, the board's pairing, its one-card straights."""
BOARD_LABELS: Mapping[Street, tuple[str, ...]] = MappingProxyType(
    {
        Street.FLOP: ("dry", "wet", "monotone", "high", "paired", "trips_board"),
        Street.TURN: ("very_wet", "wet", "neutral", "very_dry", *_CHANGES),
        Street.RIVER: ("very_wet", "slightly_wet", "dry", *_CHANGES, "fh_board", "board_straight", "board_flush"),
    }
)
"""Every texture label :func:`~pokergym.context.board.analyze_board` can give, by street."""

SPECIAL_BOARDS = ("trips_board", "double_paired", "full_house_board", "quads_board", "flush_board", "straight_board")
"""Prefixes of the special-board override labels (``BoardOverride.label``)."""

_BASE_LABELS = {
    Street.FLOP: frozenset({"dry", "wet", "monotone", "high", "paired"}),
    Street.TURN: frozenset({"very_wet", "wet", "neutral", "very_dry"}),
    Street.RIVER: frozenset({"very_wet", "slightly_wet", "dry"}),
}
_STREET_WORD = {Street.FLOP: "flop", Street.TURN: "turn", Street.RIVER: "river"}  # faster than Street.name
_DESCRIPTION = re.compile(r"^([FTR]-[0-9A-Z]+): (.+)$")
_DATA = "data"


def _board_name(street: Street, label: str) -> str:
    if label in _BASE_LABELS[street]:
        return f"p4_board_{_STREET_WORD[street]}_{label}"
    if label == "paired":
        return "p4_board_pairing_card"
    return f"p4_board_{label}"


def _position_key(position: Position, facing: bool) -> str:
    if position == Position.IP:
        return "ip_facing" if facing else "ip_checked_to"
    return "oop_facing" if facing else "oop_first"


@dataclass(frozen=True, slots=True)
class Fragment:
    """One text fragment of the library.

    Attributes:
        name: the file name without ``.md`` (e.g. ``"p4_hand_top_pair"``).
        layer: ``"P1"`` .. ``"P5"``.
        text: the text inserted into prompts (for a line family, its guidance
            without the per-scenario description lines).
    """

    name: str
    layer: str
    text: str


@dataclass(frozen=True, slots=True)
class _Library:
    fragments: Mapping[str, Fragment]
    descriptions: Mapping[Scenario, str]


@cache
def _library() -> _Library:
    folder = resources.files(__name__).joinpath(_DATA)
    fragments: dict[str, Fragment] = {}
    descriptions: dict[Scenario, str] = {}
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        if not entry.name.endswith(".md"):
            continue
        name = entry.name[:-3]
        text = entry.read_text(encoding="utf-8").strip()
        if name.startswith("p4_line_"):
            head, _, text = text.partition("\n\n")
            for line in head.splitlines():
                match = _DESCRIPTION.match(line)
                if match is None:
                    raise ContextError(f"skill file {entry.name}: expected 'ID: description', got {line!r}")
                descriptions[Scenario(match.group(1))] = match.group(2)
            text = text.strip()
        fragments[name] = Fragment(name=name, layer=name[:2].upper(), text=text)
    return _Library(MappingProxyType(fragments), MappingProxyType(descriptions))


def fragment(name: str) -> Fragment:
    """The fragment called ``name``.

    Raises:
        ContextError: if the library has no such fragment.

    Example:
        >>> fragment("p5_blockers").text.startswith("River reference")
        True
    """
    try:
        return _library().fragments[name]
    except KeyError:
        raise ContextError(f"no skill fragment named {name!r}") from None


def fragment_names() -> tuple[str, ...]:
    """Names of every fragment file, sorted.

    Example:
        >>> names = fragment_names()
        >>> names[0], "p3_principles" in names
        ('p1_system', True)
    """
    return tuple(_library().fragments)


def scenario_description(scenario: Scenario) -> str:
    """One sentence describing an action-line scenario (from its family file).

    Raises:
        ContextError: if the family file does not describe it.

    Example:
        >>> scenario_description(Scenario.R_DD2).startswith("The opponent bet flop and turn")
        True
    """
    try:
        return _library().descriptions[scenario]
    except KeyError:
        raise ContextError(f"the skill library does not describe scenario {scenario.value}") from None


@cache
def label_index() -> Mapping[str, str]:
    """Every label that selects a fragment, as ``"kind:label" -> fragment name``.

    Kinds: ``layer`` (system, principles, blockers), ``preflop``, ``made``,
    ``draw``, ``special``, ``pot``, ``board:<street>``, ``scenario``,
    ``position`` and ``note``.

    Example:
        >>> index = label_index()
        >>> index["board:flop:paired"], index["board:turn:paired"], index["pot:5bp+"]
        ('p4_board_flop_paired', 'p4_board_pairing_card', 'p4_pot_5bp')
    """
    index: dict[str, str] = {
        "layer:system": "p1_system",
        "layer:principles": "p3_principles",
        "layer:blockers": "p5_blockers",
        "note:low_spr": "p4_low_spr",
        "note:slow_play": "p4_slow_play",
    }
    index.update({f"preflop:{s.value}": f"p2_{s.value}" for s in PreflopScenario})
    index.update({f"made:{m.value}": f"p4_hand_{m.value}" for m in MadeClass})
    index.update({f"draw:{d.value}": f"p4_draw_{d.value}" for d in DrawClass if d != DrawClass.NO_DRAW})
    index.update({f"special:{s}": f"p4_special_{s}" for s in SPECIAL_BOARDS})
    index.update({f"pot:{p.value}": f"p4_pot_{p.value.rstrip('+')}" for p in PotType})
    for street, labels in BOARD_LABELS.items():
        index.update({f"board:{_STREET_WORD[street]}:{label}": _board_name(street, label) for label in labels})
    index.update({f"scenario:{s.value}": line_fragment(s) for s in Scenario})
    positions = [(position, facing) for position in Position for facing in (False, True)]
    index.update({f"position:{_position_key(*p)}": position_fragment(*p) for p in positions})
    return MappingProxyType(index)


def hand_fragments(hand: HandInfo) -> tuple[str, ...]:
    """Fragments of the hand: the special board, or the made class and the draw class.

    The ``trash`` entry is left out when the hand has a draw (its advice,
    give up, is wrong for a drawing hand).

    Example:
        >>> from pokergym.context.record import HandInfo
        >>> hand_fragments(HandInfo(MadeClass.TRASH, DrawClass.STRONG_DRAW))
        ('p4_draw_strong_draw',)
    """
    if hand.override is not None:
        prefix = next((p for p in SPECIAL_BOARDS if hand.override.label.startswith(p)), None)
        if prefix is None:
            raise ContextError(f"unknown special-board label {hand.override.label!r}")
        return (f"p4_special_{prefix}",)
    names: list[str] = []
    if hand.made != MadeClass.TRASH or hand.draw == DrawClass.NO_DRAW:
        names.append(f"p4_hand_{hand.made.value}")
    if hand.draw != DrawClass.NO_DRAW:
        names.append(f"p4_draw_{hand.draw.value}")
    return tuple(names)


def board_fragments(board: BoardInfo) -> tuple[str, ...]:
    """Fragments of the board's texture labels, in label order.

    Example:
        >>> from pokergym.cards import parse_cards
        >>> from pokergym.context.board import analyze_board
        >>> board_fragments(analyze_board(parse_cards("7s6hJc6c")))
        ('p4_board_turn_neutral', 'p4_board_pairing_card')
        >>> board_fragments(analyze_board(parse_cards("Ah8h3h")))
        ('p4_board_flop_monotone',)
    """
    street = board.street
    labels = board.labels
    monotone = "monotone" in labels
    return tuple(_board_name(street, label) for label in labels if not (monotone and label == "wet"))


def line_fragment(scenario: Scenario) -> str:
    """The family fragment of an action-line scenario.

    Example:
        >>> line_fragment(Scenario.R_VCR3)
        'p4_line_r_vcr'
    """
    return "p4_line_" + scenario.value[:-1].lower().replace("-", "_")


def position_fragment(position: Position, facing: bool) -> str:
    """The position note for the hero's position, facing a bet or not.

    Example:
        >>> position_fragment(Position.OOP, facing=False)
        'p4_position_oop_first'
    """
    return f"p4_position_{_position_key(position, facing)}"


@dataclass(frozen=True, slots=True)
class Selection:
    """The fragments one decision uses, grouped by where the prompt puts them.

    Attributes:
        system: the P1 fragment.
        preflop: the P2 spot fragment (preflop only).
        principles: the P3 fragment (postflop only).
        hand: P4 hand-class fragments.
        pot: the P4 pot-type fragment (postflop only).
        board: P4 texture fragments.
        line: the P4 action-line family fragment.
        notes: P4 notes (low SPR, slow play).
        position: the P4 position note (postflop decisions only).
        blockers: the P5 fragment (river only).
    """

    system: str
    preflop: str | None = None
    principles: str | None = None
    hand: tuple[str, ...] = ()
    pot: str | None = None
    board: tuple[str, ...] = ()
    line: str | None = None
    notes: tuple[str, ...] = ()
    position: str | None = None
    blockers: str | None = None

    def names(self) -> tuple[str, ...]:
        """All selected fragment names, in prompt order."""
        p4 = (*self.hand, self.pot, *self.board, self.line, *self.notes, self.position)
        names = (self.system, self.preflop, self.principles, *p4, self.blockers)
        return tuple(name for name in names if name is not None)  # the fields left empty are None


def select(ctx: Context) -> Selection:
    """Choose the fragments for a context by the module's table (P2 and the position note only when the hero acts).

    Example:
        >>> from pokergym.cards import parse_cards
        >>> from pokergym.context import analyze
        >>> from pokergym.engine import HandState
        >>> s = HandState.new(deck=parse_cards("Ah9d5c4c7s6hJc6c9h"), button=0)
        >>> s.raise_to(275); s.raise_to(900); s.call()
        >>> for name in select(analyze(s.view(1))).names():
        ...     print(name)
        p1_system
        p3_principles
        p4_draw_strong_draw
        p4_pot_3bp
        p4_board_flop_dry
        p4_line_f_a
        p4_position_oop_first
    """
    if ctx.street == Street.PREFLOP:
        spot = ctx.preflop_scenario
        return Selection(system="p1_system", preflop=None if spot is None else f"p2_{spot}")
    hand, board, scenario = ctx.hand, ctx.board, ctx.scenario
    if hand is None or board is None or scenario is None:
        raise ContextError("a postflop context needs its hand, board and scenario")
    notes = []
    if ctx.low_spr_threshold is not None:
        notes.append("p4_low_spr")
    if ctx.slow_play is not None:
        notes.append("p4_slow_play")
    acting = bool(ctx.viable)
    return Selection(
        system="p1_system",
        principles="p3_principles",
        hand=hand_fragments(hand),
        pot=f"p4_pot_{ctx.pot_type.value.rstrip('+')}",
        board=board_fragments(board),
        line=line_fragment(scenario),
        notes=tuple(notes),
        position=position_fragment(ctx.position, ctx.facing_pct is not None) if acting else None,
        blockers="p5_blockers" if ctx.street == Street.RIVER else None,
    )
