"""A person at the keyboard as an agent: the ``pokergym play`` command.

The human types one short command per decision:

=============  ==================================================
``f``          fold (only when facing a bet)
``k``          check (only when there is nothing to call)
``c``          call; checks when there is nothing to call
``r N``        bet or raise **to** N chips on this street (``b N`` too)
``a``          all-in
=============  ==================================================

The options name a bet as "bet" when nothing is to be called on the street
and "raise" otherwise. At a showdown both hands are named ("two pair, kings
and sevens"). Anything else, or an action that is not legal now, is
explained and asked again. The end of the input (Ctrl-D) or Ctrl-C ends the
session with the summary of the hands finished.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence

import numpy as np

from pokergym.agents.base import Agent, BaseAgent
from pokergym.agents.play import play_hand
from pokergym.cards import format_cards, rank_of, suit_of
from pokergym.engine.actions import Action, ActionKind, Street
from pokergym.engine.config import DEFAULT_CONFIG, GameConfig
from pokergym.engine.events import ActionTaken, Event, HandEnd, HandStart, StreetStart
from pokergym.engine.state import HandState, LegalActions
from pokergym.engine.view import PlayerView
from pokergym.evaluator import CLASS_NAMES, evaluate, hand_class

__all__ = ["HumanAgent", "describe_hand", "describe_options", "parse_command", "play_session"]

_RANK_WORDS = ("two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack", "queen", "king", "ace")

_WORDS = {
    "f": "fold", "fold": "fold",
    "k": "check", "check": "check", "x": "check",
    "c": "call", "call": "call",
    "r": "raise", "raise": "raise", "b": "raise", "bet": "raise",
    "a": "all-in", "all-in": "all-in", "allin": "all-in", "shove": "all-in",
}  # fmt: skip


def describe_options(legal: LegalActions, street: Street = Street.PREFLOP) -> str:
    """The commands legal now, e.g. ``f (fold), c (call 50), r N (raise to 200..20000), a (all-in)``.

    After the preflop, a first bet on a street (nothing to call) is offered as
    ``r N (bet N..M)``; preflop the blinds are the first bet, so it is a raise.

    Example:
        >>> state = HandState.new(deck=tuple(range(9)))
        >>> describe_options(state.legal_actions())
        'f (fold), c (call 50), r N (raise to 200..20000), a (all-in)'
        >>> state.call(); state.check()  # on to the flop
        >>> describe_options(state.legal_actions(), Street.FLOP)
        'k (check), r N (bet 100..19900), a (all-in)'
    """
    verb = "bet" if legal.can_check and street != Street.PREFLOP else "raise to"
    options = legal.passive_words("f (fold)", "k (check)", f"c (call {legal.call_amount})")
    if legal.can_raise and legal.min_raise_to < legal.max_raise_to:
        options.append(f"r N ({verb} {legal.min_raise_to}..{legal.max_raise_to})")
    if legal.can_raise or legal.can_call:
        options.append("a (all-in)")
    return ", ".join(options)


def describe_hand(hole: Sequence[int], board: Sequence[int]) -> str:
    """Name the best five-card hand of ``hole`` and a full ``board``, e.g. ``two pair, kings and sevens``.

    Example:
        >>> from pokergym.cards import parse_cards
        >>> describe_hand(parse_cards("Kh7d"), parse_cards("Ks7c2d9hJs"))
        'two pair, kings and sevens'
        >>> describe_hand(parse_cards("Ah2h"), parse_cards("3c4d5hKsKd"))
        'straight, five high'
        >>> describe_hand(parse_cards("QsQd"), parse_cards("Qh9c9d2s3h"))
        'full house, queens full of nines'
    """
    cards = [*hole, *board]
    kind = hand_class(evaluate(cards))
    counts = Counter(rank_of(card) for card in cards)
    by_count = sorted(counts, key=lambda rank: (counts[rank], rank), reverse=True)
    top = by_count[0]
    if kind in (0, 4):
        high = _straight_high(cards if kind == 4 else _flush_cards(cards))
        return "royal flush" if kind == 0 and high == 12 else f"{CLASS_NAMES[kind].lower()}, {_RANK_WORDS[high]} high"
    if kind == 3:
        return f"flush, {_RANK_WORDS[max(rank_of(card) for card in _flush_cards(cards))]} high"
    if kind == 2:
        pair = max(rank for rank in counts if rank != top and counts[rank] >= 2)
        return f"full house, {_plural(top)} full of {_plural(pair)}"
    if kind == 6:
        return f"two pair, {_plural(top)} and {_plural(by_count[1])}"
    names = {1: "four of a kind, ", 5: "three of a kind, ", 7: "a pair of "}
    if kind in names:
        return names[kind] + _plural(top)
    return f"{_RANK_WORDS[max(counts)]} high"


def _plural(rank: int) -> str:
    word = _RANK_WORDS[rank]
    return word + ("es" if word.endswith("x") else "s")


def _flush_cards(cards: Sequence[int]) -> list[int]:
    suit, _ = Counter(suit_of(card) for card in cards).most_common(1)[0]
    return [card for card in cards if suit_of(card) == suit]


def _straight_high(cards: Sequence[int]) -> int:
    """Rank of the top card of the highest straight in ``cards`` (3 for the wheel, A-2-3-4-5)."""
    ranks = {rank_of(card) for card in cards}
    ranks |= {-1} if 12 in ranks else set()
    return max(high for high in range(3, 13) if all(high - step in ranks for step in range(5)))


def parse_command(text: str, legal: LegalActions) -> Action:
    """Turn a typed command into a legal action.

    Raises:
        ValueError: if the command is unknown or not legal now; the message
            says why and lists the legal commands.

    Example:
        >>> legal = HandState.new(deck=tuple(range(9))).legal_actions()
        >>> str(parse_command("r 300", legal)), str(parse_command("c", legal))
        ('raise to 300', 'call')
        >>> parse_command("k", legal)  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        ValueError: you cannot check: 50 chips to call; legal: f (fold), c (call 50), ...
    """
    parts = text.strip().lower().split()
    word = _WORDS.get(parts[0]) if parts else None
    if word is None:
        problem = f"unknown command {text.strip()!r}" if parts else "type a command"
    elif word != "raise" and len(parts) > 1:
        problem = f"{parts[0]!r} takes no amount"
    elif word == "fold":
        if legal.can_fold:
            return Action.fold()
        problem = "there is nothing to call, so there is nothing to fold"
    elif word == "check":
        if legal.can_check:
            return Action.check()
        problem = f"you cannot check: {legal.call_amount} chips to call"
    elif word == "call":
        return Action.call() if legal.can_call else Action.check()
    elif word == "all-in":
        if legal.can_raise or legal.can_call:
            return Action.all_in()
        problem = "you cannot put in more chips now"
    else:
        problem = _raise_problem(parts, legal)
        if not problem:
            return Action.raise_to(int(parts[1]))
    raise ValueError(f"{problem}; legal: {describe_options(legal)}")


def _raise_problem(parts: list[str], legal: LegalActions) -> str:
    """Why ``r N`` is not legal, or ``""`` when it is."""
    if not legal.can_raise:
        return "you cannot bet or raise now"
    if len(parts) != 2 or not parts[1].isdigit():
        return "write the amount to raise to, e.g. 'r 300'"
    amount = int(parts[1])
    if not legal.min_raise_to <= amount <= legal.max_raise_to:
        return f"a raise must be to {legal.min_raise_to}..{legal.max_raise_to} chips, not {amount}"
    return ""


class HumanAgent(BaseAgent):
    """Shows the hand as text and reads each decision from ``read``.

    Args:
        read: asks for a line (default :func:`input`); raising ``EOFError`` ends the session.
        write: shows a line (default :func:`print`).
        name: display name.

    Example:
        >>> answers = iter(["x 300", "r 300"])
        >>> shown = []
        >>> human = HumanAgent(read=lambda prompt: next(answers), write=shown.append)
        >>> human.reset(0, np.random.default_rng(0))
        >>> str(human.act(HandState.new(deck=tuple(range(9))).view(0)))
        'raise to 300'
        >>> shown[-1]
        "'x' takes no amount; legal: f (fold), c (call 50), r N (raise to 200..20000), a (all-in)"
    """

    def __init__(
        self, read: Callable[[str], str] = input, write: Callable[[str], None] = print, name: str = "you"
    ) -> None:
        super().__init__(name)
        self.read = read
        self.write = write
        self._hole: tuple[int, int] = (0, 0)

    def act(self, view: PlayerView) -> Action:
        """Show the situation and ask until the command is legal."""
        legal = view.legal
        if legal is None:
            raise ValueError(f"seat {view.seat} is asked to act but it is not its turn")
        board = format_cards(view.board, sep=" ") or "-"
        self.write(
            f"[{view.street.name.lower()}] board {board} | you {format_cards(view.hole, sep=' ')} | "
            f"pot {view.pot} | stacks you {view.stacks[view.seat]}, them {view.stacks[view.opponent]}"
        )
        self.write(f"options: {describe_options(legal, view.street)}")
        while True:
            try:
                return parse_command(self.read("> "), legal)
            except ValueError as error:
                self.write(str(error))

    def observe(self, event: Event) -> None:
        """Report the opponent's actions, new cards and the end of the hand."""
        if isinstance(event, ActionTaken) and event.record.seat != self.seat:
            record = event.record
            amount = f" {record.added}" if record.kind == ActionKind.CALL else ""
            amount = f" to {record.to}" if record.kind in (ActionKind.BET, ActionKind.RAISE) else amount
            all_in = " (all-in)" if record.all_in else ""
            self.write(f"opponent {record.kind.name.lower()}s{amount}{all_in}")
        elif isinstance(event, StreetStart):
            self.write(f"{event.street.name.lower()}: {format_cards(event.board, sep=' ')}")
        elif isinstance(event, HandStart):
            self._hole = event.hole
        elif isinstance(event, HandEnd):
            theirs = event.shown[1 - self.seat]
            if event.showdown and theirs is not None and len(event.board) == 5:
                self.write(f"showdown: you have {describe_hand(self._hole, event.board)}")
                self.write(
                    f"showdown: opponent shows {format_cards(theirs, sep=' ')}, {describe_hand(theirs, event.board)}"
                )
            elif theirs is not None:
                self.write(f"showdown: opponent shows {format_cards(theirs, sep=' ')}")
            won = event.payoffs[self.seat]
            self.write(f"you {'win' if won > 0 else 'lose' if won < 0 else 'split'} {abs(won)} chips")


def play_session(
    opponent: Agent,
    *,
    hands: int = 10,
    seed: int | None = None,
    config: GameConfig = DEFAULT_CONFIG,
    read: Callable[[str], str] = input,
    write: Callable[[str], None] = print,
) -> int:
    """Let a person (seat 0) play ``hands`` hands against ``opponent``; the button alternates.

    Every hand starts with fresh stacks from ``config``. The session ends
    early when ``read`` raises ``EOFError`` (end of input); on
    ``KeyboardInterrupt`` (Ctrl-C) the summary is written too and the
    interrupt is raised again for the caller (``pokergym play`` then exits
    with status 130).

    Returns:
        The person's total chips won over the finished hands.

    Example:
        >>> from pokergym.agents import CallAgent
        >>> answers = iter(["c", "k", "k", "k"])
        >>> lines = []
        >>> play_session(CallAgent(), hands=1, seed=3, read=lambda p: next(answers), write=lines.append)
        100
        >>> lines[-1]
        'after 1 hands: you +100 chips (+1.0 bb)'
    """
    root = np.random.SeedSequence(seed)
    decks, human_seed, opponent_seed = (np.random.default_rng(s) for s in root.spawn(3))
    human = HumanAgent(read, write)
    total = played = 0
    try:
        for number in range(hands):
            state = HandState.new(config, button=number % 2, rng=decks)
            role = "the button (small blind)" if number % 2 == 0 else "the big blind"
            write(f"--- hand {number + 1} of {hands}: you are {role}; opponent {opponent.name} ---")
            play_hand(state, [human, opponent], [human_seed, opponent_seed])
            assert state.payoffs is not None
            total += state.payoffs[0]
            played += 1
    except EOFError:
        write("")
    except KeyboardInterrupt:
        write("")
        raise
    finally:
        write(f"after {played} hands: you {total:+d} chips ({total / config.big_blind:+.1f} bb)")
    return total
