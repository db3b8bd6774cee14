"""The rule-only PokerSkill agent: the paper's ablation with no language model.

The PokerSkill paper measures how much of its agents' strength comes from the
skill library alone by replacing the language model with the simplest
possible decision maker: at every postflop decision it plays the first
option of the context engine's viable list (the list is ordered best first).
Before the flop the skill agents never reason anyway; they draw from the
range tables of :mod:`pokergym.context.preflop`, and so does this agent.

:class:`RuleSkillAgent` reproduces that ablation. Two situations are outside
what the paper describes and get a documented fallback:

* a preflop spot with no range table (``deep_default``: a 6-bet, or a
  non-all-in 5-bet of a limped pot, with chips still behind);
* a postflop decision where no listed option turns into a legal action (the
  context engine promises a non-empty list of legal options, so this only
  guards against a change there).

Example:
    >>> import numpy as np
    >>> from pokergym.agents import CallAgent, play_hand
    >>> from pokergym.engine import HandState
    >>> agents = [RuleSkillAgent(), CallAgent()]
    >>> rngs = [np.random.default_rng(1), np.random.default_rng(2)]
    >>> state = play_hand(HandState.new(rng=np.random.default_rng(3)), agents, rngs)
    >>> state.terminal, agents[0].fallbacks.total()
    (True, 0)
"""

from __future__ import annotations

from collections import Counter
from typing import Final

from baselines.policy import ActionDistribution, legal_of, pot_raise_to, probability_option
from baselines.simple import view_equity
from pokergym.agents import Action, ActionKind, BaseAgent, LegalActions, PlayerView, Street
from pokergym.context import analyze
from pokergym.context.preflop import NoPreflopTableError, preflop_decision, preflop_probabilities
from pokergym.errors import ConfigError

__all__ = ["FALLBACKS", "RuleSkillAgent"]

FALLBACKS: Final = ("equity", "check_fold")
"""The fallback rules :class:`RuleSkillAgent` accepts (see its docstring)."""

_FLOP_SAMPLES: Final = 1000
"""Monte Carlo deals behind a flop equity (turn, river and preflop are exact)."""


def _is_legal(action: Action, legal: LegalActions) -> bool:
    """Whether ``action`` is a concrete legal action (the ``ALL_IN`` shortcut is not concrete)."""
    kind = action.kind
    if kind in (ActionKind.BET, ActionKind.RAISE):
        return legal.can_raise and legal.min_raise_to <= action.amount <= legal.max_raise_to
    if kind == ActionKind.FOLD:
        return legal.can_fold
    if kind == ActionKind.CHECK:
        return legal.can_check
    return kind == ActionKind.CALL and legal.can_call


class RuleSkillAgent(BaseAgent):
    """PokerSkill without the language model: table preflop, first viable option after.

    Preflop, the agent finds its spot and draws from that spot's range table
    with the hand's generator (:func:`~pokergym.context.preflop.preflop_decision`,
    exactly one uniform draw per decision), so any skill agent that samples
    its preflop the same way makes the same preflop choices from the same
    generator, which keeps comparisons with the LLM agent paired. After the flop it runs
    :func:`~pokergym.context.analyze` on its view and plays the first viable
    option that :meth:`~pokergym.context.ViableOption.to_action` turns into a
    legal action; postflop play is therefore a deterministic function of the
    view and uses no randomness.

    When no rule applies (a preflop spot without a table, or no usable
    postflop option), the ``fallback`` rule decides, deterministically:

    * ``"equity"``: the hand's equity against one uniformly random hand (the
      evaluator's exact preflop table, exact enumeration on the turn and
      river, a card-seeded Monte Carlo estimate on the flop; see
      :func:`~baselines.simple.view_equity`). With at least ``value_equity``
      it bets or raises the pot (measured after calling), or calls or checks
      when raising is not legal; otherwise it checks when that is free, calls
      when the equity reaches the pot odds ``to_call / (pot + to_call)``, and
      folds when it does not. Deep preflop spots arise mostly against
      aggressive opponents whose raises say little about their cards, which is
      where equity against a random hand is a fair guide.
    * ``"check_fold"``: checks when free, else folds.

    Every decision is counted in :attr:`decisions` and every fallback in
    :attr:`fallbacks`, by reason: ``"deep_preflop"`` (no preflop table),
    ``"empty_options"`` (no viable option listed) and ``"illegal_options"``
    (options listed, none mapped to a legal action). The counts cover the
    agent's lifetime; :meth:`reset` (a new hand) keeps them.

    Args:
        fallback: the rule for decisions no table or option covers:
            ``"equity"`` or ``"check_fold"``.
        value_equity: equity against a random hand from which the ``"equity"``
            fallback bets or raises the pot (0.8 covers AA, KK and QQ preflop).
        name: display name.

    Attributes:
        fallbacks: fallback decisions by reason.
        decisions: decisions taken by :meth:`act`.

    Example:
        >>> import numpy as np
        >>> from pokergym.cards import parse_cards
        >>> from pokergym.engine import HandState
        >>> state = HandState.new(deck=parse_cards("AsAh7c2d2s5h9dKc3h"), button=0)
        >>> agent = RuleSkillAgent(); agent.reset(0, np.random.default_rng(0))
        >>> [(str(a), p) for a, p in agent.action_probabilities(state.view(0))]
        [('raise to 250', 1.0)]
        >>> state.raise_to(250); state.call()          # flop 2s 5h 9d: an overpair
        >>> state.check()                              # the big blind checks to the raiser
        >>> [str(o) for o in analyze(state.view(0)).viable]
        ['C-BET (65% pot)', 'CHECK']
        >>> str(agent.act(state.view(0))), agent.decisions, agent.fallbacks.total()
        ('raise to 325', 1, 0)
    """

    name = "rule"
    memoryless = True

    def __init__(self, *, fallback: str = "equity", value_equity: float = 0.8, name: str | None = None) -> None:
        super().__init__(name)
        if fallback not in FALLBACKS:
            raise ConfigError(f"fallback must be one of {', '.join(FALLBACKS)}; got {fallback!r}")
        self.fallback = fallback
        self.value_equity = probability_option(value_equity, "value_equity")
        self.fallbacks: Counter[str] = Counter()
        self.decisions = 0

    def action_probabilities(self, view: PlayerView) -> ActionDistribution:
        """The distribution :meth:`act` samples from for ``view``.

        Preflop in a spot with a table: the table's mix (fold, check, call,
        raise order, see :func:`~pokergym.context.preflop.preflop_probabilities`);
        anywhere else the one action of the postflop rule or the fallback,
        with probability 1. Calling this counts nothing.

        Raises:
            AgentError: if it is not this seat's turn.
        """
        legal = legal_of(view)
        if view.street == Street.PREFLOP:
            try:
                return preflop_probabilities(view)
            except NoPreflopTableError:
                return [(self._fallback_action(view, legal), 1.0)]
        return [(self._postflop(view, legal)[0], 1.0)]

    def act(self, view: PlayerView) -> Action:
        """Draw from the preflop table, or play the first usable viable option, or fall back.

        Raises:
            AgentError: if it is not this seat's turn.
        """
        legal = legal_of(view)
        self.decisions += 1
        if view.street == Street.PREFLOP:
            try:
                return preflop_decision(view, self.rng)
            except NoPreflopTableError:
                self.fallbacks["deep_preflop"] += 1
                return self._fallback_action(view, legal)
        action, reason = self._postflop(view, legal)
        if reason:
            self.fallbacks[reason] += 1
        return action

    def _postflop(self, view: PlayerView, legal: LegalActions) -> tuple[Action, str]:
        """The first viable option's action and ``""``, or the fallback's action and its reason."""
        options = analyze(view).viable
        for option in options:
            action = option.to_action(view)
            if _is_legal(action, legal):
                return action, ""
        return self._fallback_action(view, legal), "illegal_options" if options else "empty_options"

    def _fallback_action(self, view: PlayerView, legal: LegalActions) -> Action:
        """The action of the configured fallback rule (see the class docstring)."""
        if self.fallback == "check_fold":
            return Action.check() if legal.can_check else Action.fold()
        equity = view_equity(view, _FLOP_SAMPLES)
        if equity >= self.value_equity:
            if legal.can_raise:
                return Action.raise_to(pot_raise_to(view, 1.0))
            return Action.check() if legal.can_check else Action.call()
        if legal.can_check:
            return Action.check()
        pot_odds = legal.call_amount / (view.pot + legal.call_amount)
        return Action.call() if equity >= pot_odds else Action.fold()
