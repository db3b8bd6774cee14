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
``big``    equity >= 0.80                                  raise 1.0 pot (1.5  1
                                                           if he folds < 25%)
``value``  equity >= :func:`value_threshold`               raise 0.6 pot       1
``bluff``  nothing to call, equity < 0.35, he folds        bet 0.6 pot         0.30
           to a bet >= 45% of the time
``call``   something to call, equity >= pot odds           call                1
           + 0.02 x t
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

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from baselines.policy import ActionDistribution, legal_of, merge, pot_raise_to
from pokergym.engine import Action, PlayerView

__all__ = ["DEFAULT_RULES", "Rule", "Situation", "choose", "distribution", "rule_distribution", "value_threshold"]


@dataclass(frozen=True, slots=True)
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
    """

    equity: float
    pot_odds: float = 0.0
    fold_rate: float = 0.3
    raise_rate: float = 0.15
    trust: float = 1.0
    unseen: int = 5


@dataclass(frozen=True, slots=True)
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


DEFAULT_RULES: tuple[Rule, ...] = (
    Rule("big", lambda s, facing: s.equity >= 0.80, lambda s: 1.5 if s.fold_rate < 0.25 else 1.0, 1.0),
    Rule("value", lambda s, facing: s.equity >= value_threshold(s), lambda s: 0.6, 1.0),
    Rule("bluff", lambda s, facing: not facing and s.equity < 0.35 and s.fold_rate >= 0.45, lambda s: 0.6, 0.30),
    Rule("call", lambda s, facing: facing and s.equity >= s.pot_odds + 0.02 * s.trust, None, 1.0),
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
