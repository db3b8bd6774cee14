"""pokerkit as a reference oracle for the rules engine (test helper).

:class:`PokerkitHand` drives one pokerkit ``NoLimitTexasHoldem`` hand with the
same blinds, stacks, button and cards as a pokergym :class:`HandState`, and
reports every decision and the result in **pokergym seat numbers**.

Seat mapping. In heads-up pokerkit, player 0 posts the big blind and player 1
is the button (posts the small blind, acts first preflop). pokergym lets the
caller choose the button seat, so::

    pokerkit index = 1 if seat == button else 0
    seat           = button if index == 1 else 1 - button

Cards. pokergym's deck order is button hole (2), big-blind hole (2), board
(5). The board is dealt to pokerkit only when pokerkit asks for it, so the
number of board cards it holds at the end is the number the hand really used.
pokerkit's deck is cut down to the hand's 9 cards plus 3 burn cards taken
from outside them, and the burns are made by hand: pokerkit's automatic burn
draws at random and may burn a board card, which then warns when dealt.

Speed. Two harness changes keep 20,000 hands well under a minute, without
touching pokerkit's rules: the small deck above, and a faster (memoised,
otherwise identical) best-hand search; ``test_fast_hand_ranking_matches_pokerkit``
checks the latter against pokerkit's own.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations

from pokerkit import Automation, Card, CardsLike, Folding, Hand, NoLimitTexasHoldem, StandardHighHand, State

from pokergym.cards import CARD_STRINGS, RANKS, SUITS
from pokergym.engine import Action, ActionKind, GameConfig, HandState

__all__ = [
    "AUTOMATIONS",
    "Decision",
    "PokerkitHand",
    "card_code",
    "engine_decision",
    "engine_seat",
    "fast_from_game",
    "pk_index",
]

AUTOMATIONS: tuple[Automation, ...] = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
    Automation.HAND_KILLING,
    Automation.CHIPS_PUSHING,
    Automation.CHIPS_PULLING,
    Automation.RUNOUT_COUNT_SELECTION,
)
"""Everything but dealing and burning (those are driven by :class:`PokerkitHand`)."""


class _FastStandardHighHand(StandardHighHand):
    """pokerkit's standard high hand with a leaner, memoised ``from_game``.

    pokerkit's own ``from_game`` builds a ``Hand`` for each of the 21
    five-card subsets and compares them, recomputing each lookup key three
    times, and pokerkit evaluates the same 7 cards several times per showdown
    (hand killing, showing or mucking, chip pushing). That was most of the
    differential test's run time. This version ranks the subsets with
    pokerkit's own lookup table (``lookup.get_entry_or_none``: exactly what
    ``Hand.__lt__`` compares for a high hand), keeps the first best one like
    pokerkit, and caches the result on the cards. Same answers, ~5x faster.
    """

    @classmethod
    def from_game(cls, hole_cards: CardsLike, board_cards: CardsLike = ()) -> Hand:
        """The best five-card high hand from the hole and board cards."""
        return fast_from_game(hole_cards, board_cards)


def fast_from_game(hole_cards: CardsLike, board_cards: CardsLike = ()) -> Hand:
    """``StandardHighHand.from_game`` computed the lean way (see :class:`_FastStandardHighHand`)."""
    return _best_hand(tuple(Card.clean(hole_cards)), tuple(Card.clean(board_cards)))


@lru_cache(maxsize=1 << 14)
def _best_hand(hole: tuple[Card, ...], board: tuple[Card, ...]) -> Hand:
    lookup = _FastStandardHighHand.lookup
    best: tuple[Card, ...] | None = None
    best_entry = None
    for combination in combinations(hole + board, _FastStandardHighHand.card_count):
        entry = lookup.get_entry_or_none(combination)
        if entry is not None and (best_entry is None or entry > best_entry):
            best, best_entry = combination, entry
    if best is None:
        raise ValueError("no valid StandardHighHand can be formed from the hole and board cards")
    return _FastStandardHighHand(best)


class _OracleHoldem(NoLimitTexasHoldem):
    """pokerkit's ``NoLimitTexasHoldem`` with the memoised hand type (same rules)."""

    hand_types = (_FastStandardHighHand,)


_PK_CARDS: tuple[Card, ...] = tuple(next(iter(Card.parse(name))) for name in CARD_STRINGS)
"""pokerkit's ``Card`` for each pokergym card code."""
_BURNS = 3
"""Burn cards in a hand (before the flop, turn and river)."""


def pk_index(seat: int, button: int) -> int:
    """pokerkit player index of a pokergym seat (1 = button, 0 = big blind)."""
    return 1 if seat == button else 0


def engine_seat(index: int, button: int) -> int:
    """pokergym seat of a pokerkit player index."""
    return button if index == 1 else 1 - button


def card_code(card: Card) -> int:
    """pokergym card code of a pokerkit card."""
    return RANKS.index(str(card.rank.value)) * 4 + SUITS.index(str(card.suit.value))


@dataclass(frozen=True, slots=True)
class Decision:
    """A decision point, in pokergym seat numbers.

    ``min_raise_to``/``max_raise_to`` are ``None`` when no bet or raise is legal.
    """

    street: int
    actor: int
    stacks: tuple[int, int]
    bets: tuple[int, int]
    can_fold: bool
    can_check_or_call: bool
    call_amount: int
    min_raise_to: int | None
    max_raise_to: int | None

    @property
    def can_raise(self) -> bool:
        """Whether a bet or raise is legal."""
        return self.min_raise_to is not None


def engine_decision(state: HandState) -> Decision:
    """The pokergym engine's current decision as a :class:`Decision`."""
    legal = state.legal_actions()
    return Decision(
        street=int(state.street),
        actor=state.actor,
        stacks=(state.stacks[0], state.stacks[1]),
        bets=(state.bets[0], state.bets[1]),
        can_fold=legal.can_fold,
        can_check_or_call=legal.can_check or legal.can_call,
        call_amount=legal.call_amount,
        min_raise_to=legal.min_raise_to if legal.can_raise else None,
        max_raise_to=legal.max_raise_to if legal.can_raise else None,
    )


class PokerkitHand:
    """One pokerkit hand mirroring a pokergym hand (same config, button, deck)."""

    __slots__ = ("_burnable", "button", "config", "deck", "state")

    def __init__(self, config: GameConfig, button: int, deck: Sequence[int]) -> None:
        """Create the pokerkit state, post the blinds and deal the hole cards."""
        self.config = config
        self.button = button
        self.deck = tuple(deck)
        used = set(self.deck)
        burns = [c for c in range(52) if c not in used][:_BURNS]
        big = 1 - button
        game = _OracleHoldem(AUTOMATIONS, True, 0, (config.small_blind, config.big_blind), config.big_blind)
        # A 12-card deck (the hand's 9 cards and 3 burn cards) instead of 52:
        # the deck only says which cards pokerkit may deal, and scanning a
        # 52-card deque of Card dataclasses on every deal was a third of the
        # run time.
        game.deck = tuple(_PK_CARDS[c] for c in (*self.deck, *burns))  # type: ignore[misc,assignment]
        self.state: State = game((config.stacks[big], config.stacks[button]), 2)
        self._burnable = burns
        self.state.deal_hole(tuple(_PK_CARDS[c] for c in self.deck[0:2]), 1)
        self.state.deal_hole(tuple(_PK_CARDS[c] for c in self.deck[2:4]), 0)
        self._advance()

    # ----------------------------------------------------------------- driving
    def _advance(self) -> None:
        """Burn and deal board cards until a player must act or the hand is over."""
        state = self.state
        while state.status and state.actor_index is None:
            if state.can_burn_card():
                state.burn_card(_PK_CARDS[self._burnable.pop()])
            elif state.can_deal_board():
                dealt = len(state.board_cards)
                count = 3 if dealt == 0 else 1
                state.deal_board(tuple(_PK_CARDS[c] for c in self.deck[4 + dealt : 4 + dealt + count]))
            else:  # pragma: no cover - would mean the automations are incomplete
                raise AssertionError(f"pokerkit hand stalled: {state.operations[-3:]}")

    def apply(self, action: Action) -> None:
        """Take the same action in pokerkit (``ALL_IN`` is mapped to call or raise-to max)."""
        state = self.state
        kind = action.kind
        if kind == ActionKind.FOLD:
            state.fold()
        elif kind in (ActionKind.CHECK, ActionKind.CALL):
            state.check_or_call()
        elif kind == ActionKind.ALL_IN:
            top = state.max_completion_betting_or_raising_to_amount
            if top is None:
                state.check_or_call()
            else:
                state.complete_bet_or_raise_to(top)
        else:
            state.complete_bet_or_raise_to(action.amount)
        self._advance()

    # ----------------------------------------------------------------- reading
    @property
    def terminal(self) -> bool:
        """Whether the pokerkit hand is over."""
        return not self.state.status

    def decision(self) -> Decision:
        """The current decision, in pokergym seats."""
        state = self.state
        index = state.actor_index
        if index is None:
            raise AssertionError("pokerkit: nobody to act")
        button = self.button
        stacks = state.stacks
        bets = state.bets
        call = state.checking_or_calling_amount
        street = state.street_index
        assert call is not None and street is not None
        return Decision(
            street=street,
            actor=engine_seat(index, button),
            stacks=(stacks[pk_index(0, button)], stacks[pk_index(1, button)]),
            bets=(bets[pk_index(0, button)], bets[pk_index(1, button)]),
            can_fold=state.can_fold(),
            can_check_or_call=state.can_check_or_call(),
            call_amount=call,
            min_raise_to=state.min_completion_betting_or_raising_to_amount,
            max_raise_to=state.max_completion_betting_or_raising_to_amount,
        )

    @property
    def payoffs(self) -> tuple[int, int]:
        """Chips won by pokergym seats 0 and 1 (final minus starting stack)."""
        final = self.state.stacks
        start = self.state.starting_stacks
        button = self.button
        i0, i1 = pk_index(0, button), pk_index(1, button)
        return (final[i0] - start[i0], final[i1] - start[i1])

    @property
    def board(self) -> tuple[int, ...]:
        """The board cards pokerkit was dealt, as pokergym codes."""
        return tuple(card_code(cards[0]) for cards in self.state.board_cards)

    @property
    def ended_by_fold(self) -> bool:
        """Whether a player folded."""
        return any(isinstance(op, Folding) for op in self.state.operations)
