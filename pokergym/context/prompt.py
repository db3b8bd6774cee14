"""Prompts for language-model agents: the PokerSkill prompt and the default-prompt ablation.

:func:`prompt` turns a :class:`~pokergym.engine.view.PlayerView` (and its
:class:`~pokergym.context.Context`, computed when not given) into a
:class:`Prompt` with a system and a user message.

``mode="skills"`` follows the order of the PokerSkill prompt (reference,
section 11). The system message is the P1 fragment. The user message, after
the flop, holds:

1. the situation (street, position, pot type, role), the hand with its
   classes, the board with its texture, stacks, pot, SPR and the bet faced;
2. the betting history and the legal actions with the raise range;
3. P3, the general principles, and the P4 entries of the hand's classes;
4. the situation analysis: the pot-type and texture entries, the action-line
   scenario with its family guidance, the weighted bets, the value baseline,
   the ATTACK and DEFENSE lines with their verdicts, the low-SPR and
   slow-play notes, and the viable options with chip amounts;
5. the bet-size reference and the geometric size, the position note, P5 on
   the river, and the answer format.

Before the flop the user message holds the situation, the history and legal
actions, the P2 entry of the preflop spot and the hand's row of the spot's
range table. Only the fragments :func:`~pokergym.context.skills.select`
chooses are included; :attr:`Prompt.fragments` names them.

``mode="default"`` is the paper's default-prompt ablation: a short system
message, then the state (cards, board, stacks, pot, history) and the legal
actions; no analysis and no skill text.

Amounts are in big blinds. Bets and raises are *to* amounts (the player's
total on the street), matching :class:`~pokergym.engine.Action`. The answer
is a JSON object ``{"action": ..., "amount": ..., "reasoning": ...}``.

Example:
    >>> from pokergym.cards import parse_cards
    >>> from pokergym.engine import HandState
    >>> s = HandState.new(deck=parse_cards("Ah9d5c4c7s6hJc6c9h"), button=0)
    >>> s.raise_to(275); s.raise_to(900); s.call()
    >>> p = prompt(s.view(1))
    >>> p.fragments[:3]
    ('p1_system', 'p3_principles', 'p4_draw_strong_draw')
    >>> print(p.user.splitlines()[2])
    - Position: big blind, out of position after the flop
    >>> "Legal actions: check | bet to 1-191 BB" in p.user
    True
    >>> [m["role"] for m in p.messages()]
    ['system', 'user']
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from pokergym.cards import format_cards
from pokergym.context._viable_kernel import _FUZZ, _STAB, _VALUE  # the viable options' thresholds
from pokergym.context.preflop import PreflopError, PreflopScenario, preflop_range, raise_to_size
from pokergym.context.record import UNLIMITED, Budget, Context, HandInfo, MadeClass, Role
from pokergym.context.sizing import _RIVER_MIN, GEOMETRIC_MAX, REFERENCE_FRACTIONS, geometric_fraction
from pokergym.context.skills import Selection, fragment, scenario_description, select
from pokergym.engine.actions import ActionKind, Street
from pokergym.engine.view import PlayerView
from pokergym.errors import ContextError
from pokergym.evaluator import hand_class_169

__all__ = ["ANSWER_FORMAT", "DEFAULT_SYSTEM", "Prompt", "PromptMode", "prompt"]

PromptMode = Literal["skills", "default"]
"""``"skills"``: the PokerSkill prompt; ``"default"``: state and legal actions only."""

ANSWER_FORMAT = (
    "## Your answer\n"
    'Reply with one JSON object: {"action": "fold" | "check" | "call" | "bet" | "raise", '
    '"amount": <for bet and raise, your total on this street in BB; otherwise null>, '
    '"reasoning": "<one or two sentences>"}'
)
"""The closing instruction of every prompt (both modes)."""

DEFAULT_SYSTEM = (
    "You are playing heads-up no-limit Texas hold'em. Each message shows the game state and your legal "
    "actions. Choose one legal action and reply with a single JSON object."
)
"""The system message of the default-prompt ablation."""

_STREET_NAMES = ("PREFLOP", "FLOP", "TURN", "RIVER")
_POT_NAMES = {
    "limp": "limped pot",
    "srp": "single-raised pot",
    "3bp": "3-bet pot",
    "4bp": "4-bet pot",
    "5bp+": "5-bet-plus pot",
}
_ROLE_TEXT = {
    Role.AGGRESSOR: "aggressor: you hold the betting initiative",
    Role.DEFENDER: "defender: the opponent holds the betting initiative",
    Role.NORMAL: "normal: a street was checked through and nobody has bet since",
}
_TIER_TEXT = {
    1: "third pair or better",
    2: "second pair or better",
    3: "top pair or better",
    4: "overpair or two pair or better",
    5: "a set or top two pair or better",
}
_VERBS = {
    ActionKind.FOLD: "folds",
    ActionKind.CHECK: "checks",
    ActionKind.CALL: "calls",
    ActionKind.BET: "bets",
    ActionKind.RAISE: "raises to",
}
_ORDINAL = {1: "st", 2: "nd", 3: "rd"}


@dataclass(frozen=True, slots=True)
class Prompt:
    """A prompt for one decision.

    Attributes:
        system: the system message.
        user: the user message.
        mode: ``"skills"`` or ``"default"``.
        fragments: names of the skill fragments included, in order (empty in default mode).
    """

    system: str
    user: str
    mode: PromptMode
    fragments: tuple[str, ...]

    def messages(self) -> list[dict[str, str]]:
        """The prompt as chat messages: ``[{"role": "system", ...}, {"role": "user", ...}]``."""
        return [{"role": "system", "content": self.system}, {"role": "user", "content": self.user}]

    @property
    def text(self) -> str:
        """System and user message in one string (for text observations and logs)."""
        return f"{self.system}\n\n{self.user}"

    @property
    def approx_tokens(self) -> int:
        """Rough token count: characters / 4, rounded up."""
        return -(-(len(self.system) + len(self.user) + 2) // 4)


def prompt(view: PlayerView, ctx: Context | None = None, *, mode: PromptMode = "skills") -> Prompt:
    """Build the prompt of one seat's decision.

    Args:
        view: the seat's view (any street; for a seat not to act the legal
            actions read "none" and no options or position note are given).
        ctx: the view's context; computed with :func:`~pokergym.context.analyze` when ``None``.
        mode: ``"skills"`` (PokerSkill) or ``"default"`` (state and legal actions only).

    Returns:
        The prompt.

    Raises:
        ContextError: for an unknown mode, or a context that does not belong to the view.

    Example:
        >>> from pokergym.engine import HandState
        >>> s = HandState.new(deck=tuple(range(9)), button=0)
        >>> p = prompt(s.view(0), mode="default")
        >>> p.fragments, "Legal actions: fold | call 0.5 BB | raise to 2-200 BB" in p.user
        ((), True)
    """
    if mode not in ("skills", "default"):
        raise ContextError(f"prompt mode must be 'skills' or 'default', got {mode!r}")
    if mode == "default":
        return Prompt(DEFAULT_SYSTEM, _default_user(view), "default", ())
    if ctx is None:
        from pokergym.context import analyze

        ctx = analyze(view)
    elif ctx.seat != view.seat or ctx.street != view.street:
        raise ContextError(f"the context (seat {ctx.seat}, {ctx.street.name}) does not match the view")
    selection = select(ctx)
    system = fragment(selection.system).text
    if ctx.street == Street.PREFLOP:
        user = _preflop_user(view, ctx, selection.preflop)
    else:
        user = _postflop_user(view, ctx, selection)
    return Prompt(system, user, "skills", selection.names())


# ---------------------------------------------------------------- formatting helpers
def _bb(chips: float, big_blind: int) -> str:
    text = f"{chips / big_blind:.2f}"
    return text.rstrip("0").rstrip(".") if "." in text else text


def _seat_name(view: PlayerView, seat: int) -> str:
    place = "BTN" if seat == view.button else "BB"
    return f"{place} (you)" if seat == view.seat else f"{place} (villain)"


def _position_line(view: PlayerView) -> str:
    if view.is_button:
        return "- Position: button (small blind), in position after the flop"
    return "- Position: big blind, out of position after the flop"


def _history(view: PlayerView) -> list[str]:
    bb = view.config.big_blind
    lines: list[str] = []
    per_street: list[list[str]] = [[], [], [], []]
    for record in view.history:
        verb = _VERBS[record.kind]
        if record.kind in (ActionKind.BET, ActionKind.RAISE):
            verb += f" {_bb(record.to, bb)}"
        elif record.kind == ActionKind.CALL:
            verb += f" {_bb(record.added, bb)}"
        if record.all_in:
            verb += " (all-in)"
        per_street[record.street].append(f"{_seat_name(view, record.seat)} {verb}")
    blinds = (
        f"blinds {_bb(view.config.small_blind, bb)}/{_bb(bb, bb)} BB; "
        f"{_seat_name(view, view.button)} posts the small blind"
    )
    lines.append("## History")
    lines.append(f"- Preflop ({blinds}): " + (", ".join(per_street[0]) or "no action yet"))
    for street in (Street.FLOP, Street.TURN, Street.RIVER):
        if street <= view.street and street > Street.PREFLOP:
            lines.append(
                f"- {_STREET_NAMES[street].capitalize()}: " + (", ".join(per_street[street]) or "no action yet")
            )
    return lines


def _legal_line(view: PlayerView) -> str:
    legal = view.legal
    if legal is None:
        return "- Legal actions: none (it is not your turn, or the hand is over)"
    bb = view.config.big_blind
    parts = legal.passive_words("fold", "check", f"call {_bb(legal.call_amount, bb)} BB")
    if legal.can_raise:
        verb = "bet to" if legal.can_check and view.street > Street.PREFLOP else "raise to"
        if legal.min_raise_to == legal.max_raise_to:
            parts.append(f"{verb} {_bb(legal.max_raise_to, bb)} BB (all-in)")
        else:
            parts.append(f"{verb} {_bb(legal.min_raise_to, bb)}-{_bb(legal.max_raise_to, bb)} BB")
    return "- Legal actions: " + " | ".join(parts)


def _money_lines(view: PlayerView, ctx: Context | None) -> list[str]:
    bb = view.config.big_blind
    seat = view.seat
    if view.street == Street.PREFLOP:
        pot = f"- Pot: {_bb(view.pot, bb)} BB (blinds included)"
    else:
        pot = (
            f"- Pot at the start of the street: {_bb(view.pot_at_street_start, bb)} BB; "
            f"total pot now: {_bb(view.pot, bb)} BB"
        )
    lines = [
        "## Stacks and pot",
        pot,
        f"- Your stack: {_bb(view.stacks[seat], bb)} BB; villain's stack: {_bb(view.stacks[1 - seat], bb)} BB",
    ]
    if ctx is not None:
        lines.append(f"- Effective stack: {_bb(ctx.effective_stack, bb)} BB; SPR: {ctx.spr:.1f}")
    to_call = view.to_call
    if to_call > 0:
        facing = f"- Facing: {_bb(to_call, bb)} BB to call"
        if ctx is not None and ctx.facing_pct is not None:
            facing += f" (a bet of {ctx.facing_pct:.0f}% of the pot, pressure weight {ctx.facing_weight:.2f})"
        lines.append(facing)
    else:
        lines.append("- Facing: no bet")
    return lines


# ---------------------------------------------------------------- default mode
def _default_user(view: PlayerView) -> str:
    lines = [
        "## State",
        f"- Street: {_STREET_NAMES[view.street]}",
        _position_line(view),
        f"- Your cards: {format_cards(view.hole, ' ')}",
        f"- Board: {format_cards(view.board, ' ') or 'none yet'}",
        *_money_lines(view, None),
        *_history(view),
        _legal_line(view),
        "",
        ANSWER_FORMAT,
    ]
    return "\n".join(lines)


# ---------------------------------------------------------------- preflop
def _preflop_user(view: PlayerView, ctx: Context, spot_fragment: str | None) -> str:
    bb = view.config.big_blind
    hand_class = hand_class_169(view.hole)
    lines = [
        "## Situation",
        f"- Street: {_STREET_NAMES[view.street]}",
        _position_line(view),
        f"- Preflop spot: {ctx.preflop_scenario or 'none (you are not to act)'}",
        "## Your hand",
        f"- Cards: {format_cards(view.hole, ' ')} ({hand_class})",
        *_money_lines(view, ctx),
        *_history(view),
        _legal_line(view),
    ]
    if spot_fragment is not None and ctx.preflop_scenario is not None:
        spot = PreflopScenario(ctx.preflop_scenario)
        lines.append("## Preflop range guidance")
        lines.append(fragment(spot_fragment).text)
        if spot.has_table:
            raise_p, call_p, fold_p = preflop_range(spot).frequencies(hand_class)
            if view.legal is not None and view.legal.can_check:  # a free check: the table's non-raise share checks
                row = f"- Range table for {hand_class} here: raise {raise_p:.0%}, check {call_p + fold_p:.0%}"
            else:
                row = f"- Range table for {hand_class} here: raise {raise_p:.0%}, call {call_p:.0%}, fold {fold_p:.0%}"
            try:
                row += f"; the spot's raise: to {_bb(raise_to_size(view, spot), bb)} BB"
            except PreflopError:
                row += "; no raise in this spot"
            lines.append(row)
    lines.append("")
    lines.append(ANSWER_FORMAT)
    return "\n".join(lines)


# ---------------------------------------------------------------- postflop
def _hand_details(hand: HandInfo) -> list[str]:
    details: list[str] = []
    if hand.override is not None:
        details.append(f"special board: {hand.override.label}")
    if hand.flush_rank is not None:
        n = hand.flush_rank
        suffix = "th" if 10 <= n % 100 <= 20 else _ORDINAL.get(n % 10, "th")
        details.append("the nut flush" if n == 1 else f"the {n}{suffix} nut flush")
    if hand.straight_cards is not None:
        kind = "nut" if hand.nut_straight else "non-nut"
        details.append(f"{kind} straight using {hand.straight_cards} hole card{'s' if hand.straight_cards > 1 else ''}")
    if hand.set_level is not None:
        details.append(f"{hand.set_level} set")
    if hand.two_pair_rank is not None:
        details.append(f"two pair rank {hand.two_pair_rank} (1 = top two)")
    if hand.pair_level is not None and hand.made not in (MadeClass.SET, MadeClass.TRIPS):
        details.append(f"{hand.pair_level} unpaired board rank(s) above your pair")
    if hand.pocket_pair and hand.made not in (MadeClass.SET,):
        details.append("pocket pair")
    if hand.kicker_position is not None:
        details.append(f"kicker position {hand.kicker_position} (1 = best)")
    if hand.features:
        details.append("draw parts: " + ", ".join(hand.features))
    return details


def _attack_line(budget: Budget) -> str:
    rem = budget.attack_remaining
    if budget.attack >= UNLIMITED:
        verdict = "unlimited: bet and raise freely"
    elif rem >= _VALUE:
        verdict = "room for a value bet or raise"
    elif rem >= _STAB:
        verdict = "a small bet at most"
    elif rem > 0:
        verdict = "too little for value: check unless bluffing"
    else:
        verdict = "used up: no value bets or raises"
    attack = "unlimited" if budget.attack >= UNLIMITED else f"{budget.attack:g}"
    used = budget.attack - rem
    return (
        f"- ATTACK: base {budget.attack_base:g}, after modifiers {attack}; used {used:.2f}; "
        f"remaining {rem:+.2f} -> {verdict}"
    )


def _defense_line(budget: Budget, ctx: Context) -> str:
    rem = budget.defense_remaining
    defense = "unlimited" if budget.defense >= UNLIMITED else f"{budget.defense:g}"
    head = f"- DEFENSE: base {budget.defense_base:g}, after modifiers {defense}; remaining {rem:+.2f}"
    if ctx.facing_pct is None:
        return f"{head} for bets still to come"
    weight = ctx.facing_weight
    if budget.defense >= UNLIMITED or rem >= weight:
        verdict = "covers the bet faced"
    elif rem >= weight - _FUZZ:
        verdict = "borderline against the bet faced"
    else:
        verdict = "does not cover the bet faced (draws use their size limits instead)"
    return f"{head} against a bet weighing {weight:.2f} -> {verdict}"


def _option_lines(view: PlayerView, ctx: Context) -> list[str]:
    if not ctx.viable or view.legal is None:
        return []
    bb = view.config.big_blind
    texts = []
    for option in ctx.viable:
        action = option.to_action(view)
        if action.kind == ActionKind.RAISE:
            verb = "bet to" if view.legal.can_check else "raise to"
            texts.append(f"{option} = {verb} {_bb(action.amount, bb)} BB")
        else:
            texts.append(str(option))
    return ["- Viable options (best first): " + " / ".join(texts)]


def _sizing_lines(view: PlayerView, ctx: Context) -> list[str]:
    legal = view.legal
    if legal is None or not legal.can_raise:
        return []
    bb = view.config.big_blind
    seat = view.seat
    to_call = legal.call_amount
    base_pot = view.pot + to_call
    start = view.bets[1 - seat] if to_call else view.bets[seat]
    river = view.street == Street.RIVER
    word = "raise to" if to_call else "bet to"
    pot_word = "of the pot after calling" if to_call else "of the pot"
    lines = [f"## Bet sizes (pot {_bb(base_pot, bb)} BB{' after calling' if to_call else ''})"]
    for f in REFERENCE_FRACTIONS:
        if river and f <= _RIVER_MIN:
            continue
        to = start + round(f * base_pot)
        if legal.min_raise_to <= to < legal.max_raise_to:
            lines.append(f"- {f:.0%} {pot_word}: {word} {_bb(to, bb)} BB")
    lines.append(f"- All-in: {word} {_bb(legal.max_raise_to, bb)} BB")
    behind = max(0, ctx.effective_stack - to_call)
    streets_left = 4 - view.street
    if behind > 0 and base_pot > 0:
        g = geometric_fraction(behind, base_pot, streets_left)
        if g <= GEOMETRIC_MAX:
            to = max(legal.min_raise_to, min(legal.max_raise_to, start + round(g * base_pot)))
            lines.append(
                f"- Geometric size: {g:.0%} {pot_word} ({word} {_bb(to, bb)} BB) gets the stacks in "
                f"evenly over {streets_left} street{'s' if streets_left > 1 else ''}; prefer it for multi-street value"
            )
        else:
            lines.append(f"- Geometric size would be {g:.0%} of the pot (over 150%): use the standard sizes")
    return lines


def _postflop_user(view: PlayerView, ctx: Context, selection: Selection) -> str:
    hand, board, scenario, budget = ctx.hand, ctx.board, ctx.scenario, ctx.budget
    if hand is None or board is None or scenario is None or budget is None:
        raise ContextError("a postflop context needs its hand, board, scenario and budget")
    initiative = "nobody" if ctx.initiative is None else "you" if ctx.initiative == view.seat else "villain"
    preflop_aggressor = "you" if ctx.preflop_raises and _preflop_raiser(view) == view.seat else "villain"
    if not ctx.preflop_raises:
        preflop_aggressor = "nobody (limped)"
    made = hand.made.value
    draw = hand.draw.value
    hand_line = f"- Class: {made}" + (f" + {draw}" if hand.draw.value != "no_draw" else "")
    details = _hand_details(hand)
    lines = [
        "## Situation",
        f"- Street: {_STREET_NAMES[view.street]}",
        _position_line(view),
        f"- Pot type: {_POT_NAMES[ctx.pot_type.value]}; preflop aggressor: {preflop_aggressor}",
        f"- Role: {_ROLE_TEXT[ctx.role]} (initiative: {initiative})",
        "## Your hand",
        f"- Cards: {format_cards(view.hole, ' ')} ({hand_class_169(view.hole)})",
        hand_line,
    ]
    if details:
        lines.append("- Details: " + "; ".join(details))
    lines.append("## Board")
    lines.append(f"- Cards: {format_cards(view.board, ' ')}")
    lines.append(f"- Texture: {', '.join(board.labels)} ({', '.join(board.descriptors)})")
    lines.extend(_money_lines(view, ctx))
    lines.extend(_history(view))
    lines.append(_legal_line(view))
    if selection.principles is not None:
        lines.append("## General principles")
        lines.append(fragment(selection.principles).text)
    if selection.hand:
        lines.append("## Your hand class")
        lines.extend(fragment(name).text for name in selection.hand)
    lines.append("## Situation analysis")
    if selection.pot is not None:
        lines.append(fragment(selection.pot).text)
    lines.extend(fragment(name).text for name in selection.board)
    lines.append(f"Action line {scenario.value}: {scenario_description(scenario)}")
    if selection.line is not None:
        lines.append(fragment(selection.line).text)
    lines.append(
        f"- Weighted postflop bets so far: {ctx.weighted_total:.2f} (yours {ctx.weighted_hero:.2f}); "
        f"the next bet would be number {ctx.weighted_total + 1:.2f}"
    )
    if ctx.value_tier is not None:
        lines.append(f"- Value baseline for the next bet: {_TIER_TEXT[ctx.value_tier]} (tier {ctx.value_tier} of 5)")
    lines.append(_attack_line(budget))
    lines.append(_defense_line(budget, ctx))
    if budget.modifiers:
        lines.append("- Budget modifiers: " + "; ".join(budget.modifiers))
    for name in selection.notes:
        if name == "p4_low_spr":
            lines.append(f"- Low-SPR raise threshold: {ctx.low_spr_threshold:.2f} remaining attack")
        else:
            lines.append(f"- Slow-play verdict: {ctx.slow_play}")
        lines.append(fragment(name).text)
    lines.extend(_option_lines(view, ctx))
    lines.extend(_sizing_lines(view, ctx))
    if selection.position is not None:
        lines.append("## Position")
        lines.append(fragment(selection.position).text)
    if selection.blockers is not None:
        lines.append("## River reference")
        lines.append(fragment(selection.blockers).text)
    lines.append("")
    lines.append(ANSWER_FORMAT)
    return "\n".join(lines)


def _preflop_raiser(view: PlayerView) -> int | None:
    raiser = None
    for record in view.history:
        if record.street != Street.PREFLOP:
            break
        if record.kind in (ActionKind.BET, ActionKind.RAISE):
            raiser = record.seat
    return raiser
