"""The expert system: turn the opponent's hand distribution into an action.

Rules are tried from the most to the least aggressive. Each has a condition
on the :class:`Situation` (the hero's equity against the opponent's current
hand distribution, the pot odds, and what the online model says about the
opponent) and a probability; the first rule whose condition holds and whose
draw succeeds is played. When none is taken the hero checks if that is free
and folds otherwise.

Default rules (:data:`DEFAULT_RULES`), fractions of the pot after calling:

=========  ==============================================  ==================  ===========
rule       condition                                       action              probability
=========  ==============================================  ==================  ===========
``big``    equity >= 0.80                                  raise 1.0 pot (1.5  0.85
                                                           if he folds < 25%)
``value``  equity >= 0.58 + 0.15 x his fold rate           raise 0.6 pot       0.75
``bluff``  nothing to call, equity < 0.35, he folds        bet 0.6 pot         0.30
           to a bet >= 45% of the time
``call``   something to call, equity >= pot odds + 0.02    call                1
=========  ==============================================  ==================  ===========

A raising rule is skipped when raising is not legal; sizes are clamped to the
legal range (so with a short stack a raise may be all-in).

Example:
    >>> import numpy as np
    >>> from pokergym.engine import HandState
    >>> view = HandState.new(deck=tuple(range(9))).view(0)
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

from baselines.policy import legal_of, pot_raise_to
from pokergym.engine import Action, PlayerView

__all__ = ["DEFAULT_RULES", "Rule", "Situation", "choose"]


@dataclass(frozen=True, slots=True)
class Situation:
    """What the rules look at.

    Attributes:
        equity: the hero's chance against the opponent's weighted hand distribution.
        pot_odds: ``to_call / (pot + to_call)``, 0 when checking is free.
        fold_rate: the online model's probability that the opponent folds to a bet here.
    """

    equity: float
    pot_odds: float = 0.0
    fold_rate: float = 0.3


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


DEFAULT_RULES: tuple[Rule, ...] = (
    Rule("big", lambda s, facing: s.equity >= 0.80, lambda s: 1.5 if s.fold_rate < 0.25 else 1.0, 0.85),
    Rule("value", lambda s, facing: s.equity >= 0.58 + 0.15 * s.fold_rate, lambda s: 0.6, 0.75),
    Rule("bluff", lambda s, facing: not facing and s.equity < 0.35 and s.fold_rate >= 0.45, lambda s: 0.6, 0.30),
    Rule("call", lambda s, facing: facing and s.equity >= s.pot_odds + 0.02, None, 1.0),
)
"""The rules of the table above, most aggressive first."""


def choose(
    view: PlayerView, situation: Situation, rng: np.random.Generator, rules: Sequence[Rule] = DEFAULT_RULES
) -> tuple[Action, str]:
    """Pick a legal action for ``view`` by the first rule that holds and is drawn.

    Returns:
        The action and the name of the rule that chose it (``"check"`` or
        ``"fold"`` when none did).
    """
    legal = legal_of(view)
    facing = legal.can_call
    for rule in rules:
        if not rule.condition(situation, facing):
            continue
        if rule.size is not None and not legal.can_raise:
            continue
        if rule.probability < 1.0 and rng.random() >= rule.probability:
            continue
        if rule.size is None:
            return Action.call(), rule.name
        return Action.raise_to(pot_raise_to(view, rule.size(situation))), rule.name
    if legal.can_check:
        return Action.check(), "check"
    return Action.fold(), "fold"
