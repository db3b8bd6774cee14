"""The expert system: turn the opponent's hand distribution into an action distribution.

Rules are tried from the most to the least aggressive. Each has a condition
on the :class:`Situation` (the hero's equity against the opponent's current
hand distribution, the pot odds, and what the online model says about the
opponent) and a probability; the first rule whose condition holds and whose
draw succeeds is played. When none is taken the hero checks if that is free
and folds otherwise. Since the draws are independent, the choice is a known
distribution: a rule that holds is taken with its probability times the
chance that every earlier rule that held was not drawn
(:func:`distribution`); :func:`choose` samples it with one uniform draw.

Default rules (:data:`DEFAULT_RULES`), fractions of the pot after calling:

=========  ==============================================  ==================  ===========
rule       condition                                       action              probability
=========  ==============================================  ==================  ===========
``shove``  on the river, he folds to a bet <= 10% of the   all-in              1
           time, :func:`shove_gain` > 0
``big``    equity >= 0.80, unless before the river he      raise 1.0 pot (1.5  1
           :func:`stays`                                   if he folds < 25%)
``value``  equity >= :func:`value_threshold`, unless       raise 0.6 pot       1
           before the river he :func:`stays`
``bluff``  nothing to call, equity < 0.35, he folds        bet 0.6 pot         0.30
           to a bet >= 45% of the time
``call``   something to call; before the river, if he      call                1
           :func:`stays`, :func:`call_value` > 0; else
           equity >= pot odds + 0.02 x t
=========  ==============================================  ==================  ===========

The equity is the hero's showdown equity against the opponent's weighted
hands, so everything the model learned about him enters through it: against
an opponent whose bets the model has learned to ignore (his trust is low,
see :mod:`~baselines.bayes.model`) the range stays wide, and the hero calls
and raises with what beats a wide range.

**The value threshold** is ``0.52 + 0.15 x f + 0.35 x r x (t + (1 - t) x u / 5)``
with ``f`` and ``r`` the online model's fold and raise rates facing a bet,
``t`` the trust in his raises and ``u`` the board cards still to come. A
value raise earns when worse hands call it. The hands that fold to it would
have paid nothing more, so the more he folds, the stronger the hand must be.
His re-raises cost a medium hand for two reasons: when they follow his cards
they show strength (weight ``t``), and even when they do not they force a
decision before the rest of the board is seen, which matters in proportion
to the cards still to come (weight ``(1 - t) u / 5``). So against a raiser
whose raises follow his cards, medium hands call and let him bet his weaker
hands into them on every street; against one whose raises say nothing about
his cards, the penalty shrinks street by street and vanishes on the river,
where a medium hand re-raises him for value. With the corpus' own fold and
raise rates (about 0.3 and 0.15) the threshold is about 0.62.

**The call's margin** over the pot odds is ``0.02 x t``: when his bets follow
his cards, the bets still to come will mostly be made with hands that beat a
marginal call, so it needs a little more than the price; when they do not,
his later bets pay the hero as often as they cost him, and the price is enough.

**Against a player who hardly folds** (the online model's fold rate facing a
bet on the river at most :data:`STAYING_FOLD_RATE`) three rules change, all
by expected value. His range is then about as wide facing an all-in as it
is now, so the hero's equity against it prices the all-in. On the river the
hero goes all-in whenever that earns more than calling or checking
(:func:`shove_gain`): against a player who never folds, whenever he is ahead
of the range. Before the river he does not raise: the all-in on the river
stays open and pays at least as much on average (:func:`stays`). And a call
before the river is worth its price plus the rest of the hand
(:func:`call_value`): his bets still to come cost a weak hand, the chips
behind pay a hand that may end ahead, so the hero calls more hands than the
pot odds say when deep, and fewer weak ones when the opponent keeps betting.
Against a player who folds his weak hands, as the model learns from his
folds, none of this applies.

A raising rule is skipped when raising is not legal; sizes are clamped to the
legal range (so with a short stack a raise may be all-in).

Example:
    >>> import numpy as np
    >>> from pokergym.engine import HandState
    >>> view = HandState.new(deck=tuple(range(9))).view(0)
    >>> [(str(a), p) for a, p in distribution(view, Situation(equity=0.9, fold_rate=0.5))]
    [('raise to 300', 1.0)]
    >>> flop = HandState.new(deck=tuple(range(9)))
    >>> flop.call(); flop.check()
    >>> [(str(a), p) for a, p in distribution(flop.view(flop.actor), Situation(equity=0.2, fold_rate=0.5))]
    [('raise to 120', 0.3), ('check', 0.7)]
    >>> action, rule = choose(view, Situation(equity=0.9, fold_rate=0.5), np.random.default_rng(0))
    >>> str(action), rule
    ('raise to 300', 'big')
    >>> str(choose(view, Situation(equity=0.1, pot_odds=0.25), np.random.default_rng(0))[0])
    'fold'
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable, Sequence

import numpy as np

from baselines.policy import ActionDistribution, legal_of, merge, pot_raise_to
from pokergym.engine import Action, PlayerView

__all__ = [
    "ALL_IN",
    "CARD_SPREAD",
    "DEFAULT_RULES",
    "STAYING_FOLD_RATE",
    "Rule",
    "Situation",
    "call_value",
    "called_equity",
    "choose",
    "distribution",
    "rule_distribution",
    "shove_gain",
    "stays",
    "value_threshold",
]


@dataclasses.dataclass(frozen=True, slots=True)
class Situation:
    """What the rules look at.

    Attributes:
        equity: the hero's chance against the opponent's weighted hand distribution.
        pot_odds: ``to_call / (pot + to_call)``, 0 when checking is free.
        fold_rate: the online model's probability that the opponent folds to a bet here.
        raise_rate: the online model's probability that the opponent raises a bet here.
        trust: how far his raises follow his cards, learned at showdowns
            (:meth:`~baselines.bayes.model.OpponentModel.trust`): 1 as the corpus' raises, 0 not at all.
        unseen: board cards still to come (5 preflop, 2 on the flop, 1 on the turn, 0 on the river).
        pot: chips in the pot, this street's bets included.
        to_call: chips the hero must add to call (0 when checking is free).
        stake: the most chips the hero can add and see covered: his own stack or the opponent's plus
            ``to_call``, whichever is smaller (``to_call`` included).
        river_fold_rate: the online model's probability that he folds to a bet on the river.
        aggression: the online model's probability that he bets or raises here when nothing is to call.
    """

    equity: float
    pot_odds: float = 0.0
    fold_rate: float = 0.3
    raise_rate: float = 0.15
    trust: float = 1.0
    unseen: int = 5
    pot: float = 0.0
    to_call: float = 0.0
    stake: float = 0.0
    river_fold_rate: float = 0.3
    aggression: float = 0.3


@dataclasses.dataclass(frozen=True, slots=True)
class Rule:
    """One line of the expert system.

    Attributes:
        name: short label, reported with the action.
        condition: when the rule may fire, given the situation and whether a bet is faced.
        size: pot fraction to bet or raise, as a function of the situation; ``None`` to call.
        probability: chance of taking the rule when its condition holds.
    """

    name: str
    condition: Callable[[Situation, bool], bool]
    size: Callable[[Situation], float] | None
    probability: float


def value_threshold(situation: Situation) -> float:
    """Equity from which the ``value`` rule raises: higher when he folds, or raises in a way that hurts.

    Example:
        >>> round(value_threshold(Situation(equity=0.6, fold_rate=0.0, raise_rate=0.8, unseen=0)), 2)
        0.8
        >>> round(value_threshold(Situation(equity=0.6, fold_rate=0.0, raise_rate=0.8, trust=0.0, unseen=0)), 2)
        0.52
    """
    s = situation
    hurt = s.trust + (1.0 - s.trust) * s.unseen / 5
    return 0.52 + 0.15 * s.fold_rate + 0.35 * s.raise_rate * hurt


STAYING_FOLD_RATE = 0.1
"""Fold rate facing a bet on the river up to which he is expected to stay and call an all-in there."""
ALL_IN = 1e6
"""A pot fraction that every legal range clamps to the all-in amount."""


def called_equity(situation: Situation) -> float:
    """The hero's least equity against the hands that call a bet.

    A share ``f`` (his fold rate) of his hands fold to the bet. In the worst
    case they are all hands the hero beats, and the equity ``e`` against his
    range becomes ``(e - f) / (1 - f)`` against the hands that call. This
    needs nothing of how far his folds follow his cards, and costs little
    when he hardly folds.

    Example:
        >>> round(called_equity(Situation(equity=0.6, fold_rate=0.1)), 3)
        0.556
    """
    f = situation.fold_rate
    return max(situation.equity - f, 0.0) / (1.0 - f) if f < 1.0 else 0.0


def shove_gain(situation: Situation) -> float:
    """Chips that going all-in earns over the better of calling (checking when free) and folding.

    With fold rate ``f``, equity ``e``, pot ``P``, price ``c`` and stake
    ``S``: folding is worth 0 from here, calling ``e (P + c) - c`` (the
    showdown value of the pot as it would stand), and all-in
    ``f P + (1 - f) (e' (P + 2 S - c) - S)``: he folds and the pot is won,
    or he covers the stake and the final pot is shared by the equity ``e'``
    against the hands that call (:func:`called_equity`). His fold rate is
    the one the model learned for bets of any size, so the rule that uses
    this asks him to fold rarely (:func:`stays`). Against a
    player who never folds it is ``(2 e - 1) (S - c)``: positive exactly
    when the hero is ahead of his range.

    Example:
        >>> round(shove_gain(Situation(equity=0.6, fold_rate=0.0, pot=1000, stake=9000)))
        1800
        >>> shove_gain(Situation(equity=0.45, fold_rate=0.0, pot=1000, stake=9000)) < 0
        True
    """
    s = situation
    final = called_equity(s) * (s.pot + 2.0 * s.stake - s.to_call) - s.stake
    shove = s.fold_rate * s.pot + (1.0 - s.fold_rate) * final
    return shove - max(s.equity * (s.pot + s.to_call) - s.to_call, 0.0)


def stays(situation: Situation) -> bool:
    """Whether he is expected to reach the river and call an all-in there with about the range he holds now.

    True when the online model says he hardly folds to a bet on the river
    (:data:`STAYING_FOLD_RATE`); if he rarely folds, not folding says little
    about his cards, whatever they are. Against such a player the hero's
    chips are best kept back until the board is complete: an all-in on the
    river earns ``2 e - 1`` per chip with the final equity ``e``, which on
    average is at least as much as the same chips earn with today's equity
    (the equity is an average of the final one, and the hero stakes only
    when ahead), so a raise before the river gives up that choice for
    nothing.
    """
    return situation.river_fold_rate <= STAYING_FOLD_RATE


CARD_SPREAD = {5: 0.195, 2: 0.12, 1: 0.16}
"""Standard deviation of the change of equity against a uniform range when the next board cards are dealt.

Keyed by the board cards still to come before the deal: the flop, the
turn, the river. Measured over random hands and boards, the final
equity's deviation is 0.28 preflop, 0.2 on the flop and 0.16 on the turn;
the steps are the square roots of the differences of their squares.
"""
_NEXT_STREET = {5: 2, 2: 1, 1: 0}
"""Board cards still to come after the next deal."""
_NODES = ((0.0, 2.0 / 3.0), (math.sqrt(3.0), 1.0 / 6.0), (-math.sqrt(3.0), 1.0 / 6.0))
"""Three-point Gauss-Hermite rule: offsets in standard deviations and their weights."""


def _round_value(equity: float, pot: float, rest: float, unseen: int, aggression: float) -> float:
    """What the hero expects from a betting round on, pot and stakes included, against a player who stays.

    On the river he goes all-in when ahead, and otherwise checks and, when
    the opponent bets (with probability ``aggression``, a pot), calls if
    the price is right. Before the river the opponent bets a pot with
    probability ``aggression`` and the hero calls or folds, whichever is
    worth more once the next cards are dealt.
    """
    bet = min(pot, rest)
    if unseen == 0:
        if equity > 0.5:
            return equity * (pot + 2.0 * rest) - rest
        called = max(equity * (pot + 2.0 * bet) - bet, 0.0)
        return (1.0 - aggression) * equity * pot + aggression * called
    checked = _deal_value(equity, pot, rest, unseen, aggression)
    called = _deal_value(equity, pot + 2.0 * bet, rest - bet, unseen, aggression) - bet
    return (1.0 - aggression) * checked + aggression * max(called, 0.0)


def _deal_value(equity: float, pot: float, rest: float, unseen: int, aggression: float) -> float:
    """:func:`_round_value` of the next street, averaged over the equity the next cards bring."""
    spread = CARD_SPREAD[unseen]
    return sum(
        weight * _round_value(min(max(equity + offset * spread, 0.0), 1.0), pot, rest, _NEXT_STREET[unseen], aggression)
        for offset, weight in _NODES
    )


def call_value(situation: Situation) -> float:
    """Chips a call before the river earns against a player who :func:`stays`, folding being worth 0.

    The hand is played out on a small model of the streets to come: the
    next cards move the hero's equity by the spread :data:`CARD_SPREAD`
    (averaged with a three-point rule), the opponent bets a pot on each
    later round with his ``aggression`` (the model does not learn sizes)
    and the hero calls or folds by the same reckoning, and on the river the
    hero goes all-in when ahead. A weak hand thus pays for the bets still
    to come unless it improves, while a hand with a fair chance to end
    ahead is paid by the chips behind.

    Example:
        >>> weak = Situation(equity=0.2, aggression=0.8, unseen=2, pot=1000, to_call=500, stake=20000)
        >>> call_value(weak) < 0 < call_value(dataclasses.replace(weak, equity=0.45))
        True
    """
    s = situation
    rest = max(s.stake - s.to_call, 0.0)
    return _deal_value(s.equity, s.pot + s.to_call, rest, s.unseen, s.aggression) - s.to_call


def _waits(situation: Situation) -> bool:
    """Whether cards are still to come and he :func:`stays`: the hero then keeps his chips for the river."""
    return situation.unseen > 0 and stays(situation)


def _worth_calling(situation: Situation) -> bool:
    """The call rule: by :func:`call_value` while the hero waits for the river, else by the price.

    The price alone needs the equity to reach the pot odds, with a margin of
    ``0.02 x t`` (see the module notes).
    """
    s = situation
    if _waits(s):
        return call_value(s) > 0.0
    return s.equity >= s.pot_odds + 0.02 * s.trust


DEFAULT_RULES: tuple[Rule, ...] = (
    Rule(
        "shove",
        lambda s, facing: s.unseen == 0 and stays(s) and shove_gain(s) > 0.0,
        lambda s: ALL_IN,
        1.0,
    ),
    Rule(
        "big",
        lambda s, facing: s.equity >= 0.80 and not _waits(s),
        lambda s: 1.5 if s.fold_rate < 0.25 else 1.0,
        1.0,
    ),
    Rule(
        "value",
        lambda s, facing: s.equity >= value_threshold(s) and not _waits(s),
        lambda s: 0.6,
        1.0,
    ),
    Rule("bluff", lambda s, facing: not facing and s.equity < 0.35 and s.fold_rate >= 0.45, lambda s: 0.6, 0.30),
    Rule("call", lambda s, facing: facing and _worth_calling(s), None, 1.0),
)
"""The rules of the table above, most aggressive first."""


def rule_distribution(
    view: PlayerView, situation: Situation, rules: Sequence[Rule] = DEFAULT_RULES
) -> list[tuple[Action, float, str]]:
    """Every rule that may be played for ``view``, with its action and probability, then the default.

    Returns:
        ``(action, probability, rule name)`` in rule order, the last entry
        ``"check"`` or ``"fold"`` with the chance that no rule was drawn;
        entries of probability zero are left out, and the probabilities sum to one.
    """
    legal = legal_of(view)
    facing = legal.can_call
    entries: list[tuple[Action, float, str]] = []
    left = 1.0
    for rule in rules:
        if not rule.condition(situation, facing) or (rule.size is not None and not legal.can_raise):
            continue
        action = Action.call() if rule.size is None else Action.raise_to(pot_raise_to(view, rule.size(situation)))
        entries.append((action, left * rule.probability, rule.name))
        left *= 1.0 - rule.probability
    entries.append((Action.check(), left, "check") if legal.can_check else (Action.fold(), left, "fold"))
    return [entry for entry in entries if entry[1] > 0.0]


def distribution(view: PlayerView, situation: Situation, rules: Sequence[Rule] = DEFAULT_RULES) -> ActionDistribution:
    """The expert system's action distribution for ``view`` (equal actions of different rules merged)."""
    return merge((action, probability) for action, probability, _ in rule_distribution(view, situation, rules))


def choose(
    view: PlayerView, situation: Situation, rng: np.random.Generator, rules: Sequence[Rule] = DEFAULT_RULES
) -> tuple[Action, str]:
    """Sample :func:`rule_distribution` with one uniform draw of ``rng`` (none when one entry has all the mass).

    Returns:
        The action and the name of the rule that chose it (``"check"`` or
        ``"fold"`` when none did).
    """
    entries = rule_distribution(view, situation, rules)
    if len(entries) == 1:
        return entries[0][0], entries[0][2]
    draw = rng.random() * sum(probability for _, probability, _ in entries)
    for action, probability, name in entries:
        draw -= probability
        if draw < 0.0:
            return action, name
    return entries[-1][0], entries[-1][2]
