"""The solver agent: a preflop by seat, then a range-vs-range re-solve of the current street at every decision.

Preflop, by default (``preflop="mixed"``), :class:`SolverAgent` plays a solved preflop abstraction in the big
blind (:mod:`baselines.solver.solved_preflop`) and the project's 169-class range tables on the button;
with ``preflop="tables"`` it plays the tables in both seats
(:func:`~pokergym.context.preflop.preflop_probabilities`; spots without a
table get the rule agent's equity fallback), continuing against a raise with
at least the share of its range that keeps the raise from winning at once
with any two cards (the minimum defence, :mod:`baselines.solver.preflop`); with ``preflop="solved"`` it
plays the solved preflop abstraction instead (:mod:`baselines.solver.solved_preflop`: the opponent's
sizes inserted into its tree, both ranges at the flop from its strategy) in both seats. The big blind's
defence then falls with the open's size, where the tables defend 69% against any open: LBR won most from
the tables there, and most from the abstraction on the button (see ``preflop``). After the flop it keeps both
players' ranges (:mod:`baselines.solver.ranges`) and, at each decision,
solves the current street from its start with :func:`pokergym.solver.solve`:
the pot and effective stack at the street's start, both ranges, the street
menu below, and every bet or raise already made on the street inserted at
its real size (an off-menu size becomes an extra action of the tree, never
a nearby menu size). It then plays the current node's strategy for its hand
(with ``defend="flop"``, ``"turn"`` or ``"river"``, its folds facing a bet cut to
the minimum defence of its range at that node on those streets,
:mod:`baselines.solver.defence`).

Ranges follow Bayes' rule through the solves: when a street is over, each
player's range is multiplied by the probability of the actions it took, read
from the solve of that street with every action of the street in the tree
(the last solve the agent made there): the opponent's by the equilibrium
strategy mixed with uniformly random play (``tremble``, 0.3 by default, so
that no hand the opponent may hold drops out), its own by its own. Cards on the board are removed, and the range
renormalised to sum 1. Everything is derived from the view's public history,
so :meth:`SolverAgent.action_probabilities` depends on the view only (what
LBR and AIVAT need) and one solve per public state serves every holding; the
solver removes the card conflicts between each pair of hands itself, so the
spot gets the opponent's range without blocking the agent's own cards.

The river (and the turn, where the flop's solve played the turn card, see
``flop_turns``) is re-solved safely (``safe=True``, the default): the
opponent's range is only a model (its strategy is the opponent's own, not the
solve's), so the re-solve gets a :class:`~pokergym.solver.Gadget` with the
opponent's expected values per hand at this street's start in the last solve
of the street before, and keeps every opponent hand at most near its value
there, whatever the modelled weights. The re-solve is then no more
exploitable than the street before's solve, where an unsafe one
(``safe=False``) can be exploited by an opponent whose range is not the
modelled one. The flop's street before is preflop. After the range tables (no
values per hand) the flop is re-solved unsafely, or, with ``flop_gadget=True``, safely
against the opponent's off-menu sizes only: the gadget holds the opponent's
values in the flop's solve without them (nested safe re-solving,
:meth:`SolverAgent._flop_gadget`). After the solved preflop (``preflop="solved"``)
the flop is re-solved safely against the abstraction's values: the opponent's
range in the flop's solve is every live hand, each held to its share of the pot
in the abstraction's model (:func:`~baselines.solver.solved_preflop.flop_shares`),
as DeepStack re-solves from counterfactual values rather than a range (with ``flop_shares=False``: unsafely,
with both ranges from the abstraction's strategy, as after the tables; the shares give the opponent's weak
hands more than a betting game leaves them, and the safe big blind folds 37% to 57% of its range to a
quarter-pot continuation bet on the three flops of ``benchmarks/solver_folds.py --line open``, 19% to 33%
unsafely; not the default, as no match has shown it gaining). With ``flop_values="board"`` each opponent hand
is held to its equity on this flop, realised as the model says, not to its preflop class's average over every
flop: 23% to 30% there (not the default: four seeds against rule and four against LBR with its default sizes,
two with a quarter-pot size added, no difference from the default shown; see ``flop_values``). A turn
after a flop solve that did not deal its card (or checked the turn down) is re-solved unsafely (see
:meth:`SolverAgent._gadget`).

Street settings (``_STREETS``): the flop's solve is depth-limited, with bets of
33% or 75% pot and one raise: by default (``flop_turns=6``) it plays the
turn's betting too on a fixed sample of 6 turn cards (75% pot bets, 100 combos
of each range, 10/3 times ``iterations``) and checks down the river; with
``flop_turns=0`` it checks the board down after the flop (300 combos,
``iterations``). The turn is solved to the end of the hand: turn bets of half
pot or pot, river bets of 75% pot, one raise a street, 150 combos, 4/3 times
``iterations``; so a turn call is priced against the river bets that follow
it, where a checked-down leaf would count its equity as if no more chips went
in. The river is solved to the end, every combo, 4 times ``iterations``, with
bets of 50% or 100% pot and two raises. Raises are 2.5 times the bet, and a
size that would put in 67% of the stack goes all-in (``deep_menus``, the
default). Where the effective stack is at most 3 pots at the street's start,
or with ``deep_menus=False``, every street's menu has all-in bets and all-in
raises instead (the river's raises 60% pot or all-in). Raises of all-in only
at 20 to 40 pots deep leave the player facing a bet nothing but a call, which
a solve rewards by leading out of position with most of its range: after an
open and a call the big blind's flop solve led 46% to 65% of its range on three
flops with all-in raises, 5% to 17% with raises of 2.5 times the bet
(``benchmarks/solver_leads.py``, f713a24).
Combos below ``trim`` times the heaviest combo are left out of every solve. A
range with more combos than the street's cap goes into the solve as that many
representatives spread over its strengths on the board, each carrying the
weight of the combos it stands for (:func:`~baselines.solver.ranges.representatives`;
before 2026-11-27 the cap kept the heaviest combos, which among the range
tables' equal weights were the combos of lowest index: a flop range of no
jack, queen, king or ace).
A combo left out (or outside the modelled range) plays like the solved combo
nearest to it in hand strength on the spot's board, for its own decisions
and for the Bayes updates alike (:func:`_proxies`). With ``order="runout"`` the
representatives and the proxies follow the strength over every run-out on the
flop and the turn instead (a flush draw beside the made hands it wins as often
as, not beside the ace-high hands of its high card).

Fallbacks (counted in :attr:`SolverAgent.fallbacks` by reason, each decision
once): ``"deep_preflop"`` (a preflop spot without a table: the rule agent's
equity rule), ``"no_solve"`` (the solver refuses the spot, e.g. less than
one big blind behind), ``"no_strategy"`` (the strategy gives the hand no
action with positive probability) and ``"no_node"`` (the history does not
lead to a node of the tree where the agent acts). Every postflop fallback checks when free,
calls when its exact equity against the opponent's range reaches the pot
odds, and folds otherwise. A street whose actions leave a range empty (an
action its strategy never takes) keeps that range unchanged for the street;
:attr:`SolverAgent.range_resets` counts those.

Example:
    >>> import numpy as np
    >>> from pokergym.agents import CallAgent, play_hand
    >>> from pokergym.engine import HandState
    >>> agents = [SolverAgent(iterations=5), CallAgent()]
    >>> state = play_hand(HandState.new(rng=np.random.default_rng(3)), agents,
    ...                   [np.random.default_rng(1), np.random.default_rng(2)])
    >>> state.terminal
    True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Final

import numpy as np
import numpy.typing as npt

from baselines.policy import ActionDistribution, legal_of, merge, sample_action
from baselines.rule_skill import RuleSkillAgent
from baselines.solver.defence import defend_street
from baselines.solver.preflop import defended_probabilities, preflop_ranges
from baselines.solver.ranges import (
    block,
    nearest_columns,
    representatives,
    street_start,
    strength_order,
    tree_path,
)
from baselines.solver.solved_preflop import (
    FLOP_VALUES,
    PREFLOP_MODELS,
    flop_values,
    solved_probabilities,
    solved_ranges,
)
from pokergym.agents import Action, BaseAgent, LegalActions, PlayerView, Street
from pokergym.engine.actions import ActionRecord
from pokergym.engine.config import GameConfig
from pokergym.errors import ConfigError, PokerGymError
from pokergym.evaluator import equity_vs_range
from pokergym.evaluator.combos import N_COMBOS, combo_index
from pokergym.solver import Gadget, Menu, Range, Solution, Spot, solve
from pokergym.solver.tree import CHANCE, DECISION

__all__ = ["SolverAgent"]

Weights = npt.NDArray[np.float64]


@dataclass(frozen=True)
class _StreetSettings:
    menu: Menu
    betting_streets: int | None
    iterations_factor: float
    max_combos: int
    deep: Menu
    deal_sample: int | None = None


_DEFENDED: Final = ("none", "preflop", "flop", "turn", "river")
"""Values of ``defend``: the minimum defence holds on every street up to the one named."""

_PREFLOPS: Final = ("tables", "solved", "mixed")
"""Values of ``preflop``: the range tables with the minimum defence, or the solved abstraction."""

_ORDERS: Final = ("made", "runout")
"""Values of ``order``: the strength order of the combo cap and the proxies."""

_DEEP_SPR: Final = 3.0
"""A spot whose effective stack is more than this many pots plays the street's ``deep`` menu (no all-in)."""

_STREETS: Final = {
    Street.FLOP: _StreetSettings(
        Menu.uniform("33,75", "a", raise_cap=1), 1, 1.0, 300, Menu.uniform("33,75", "2.5x", raise_cap=1)
    ),
    Street.TURN: _StreetSettings(
        Menu.per_street(("33,75", "a"), ("50,100,a", "a"), ("75", "a"), raise_cap=1),
        None,
        4.0 / 3.0,
        150,
        Menu.per_street(("33,75", "2.5x"), ("50,100", "2.5x"), ("75", "2.5x"), raise_cap=1),
    ),
    Street.RIVER: _StreetSettings(
        Menu.uniform("50,100,a", "60,a", raise_cap=2), None, 4.0, 1326, Menu.uniform("50,100", "2.5x", raise_cap=2)
    ),
}
"""Menu (``menu``: with all-in; ``deep``: raises of 2.5 times the bet), depth limit, iteration multiple, combo cap.

Measured on one core of the 2-core machine (2026-11-27), deep menus, the spot after an open to 250 and a
call (turn: and a flop bet of 165 called), three boards: the flop with the turn's betting on 6 sampled cards,
100 combos, 100 iterations, 0.8 s CPU with two matches running, 0.7% to 1.4% of the pot exploitable in its
own game (``benchmarks/solver_leads.py``, f713a24); the turn to the river, 150 combos, 40 iterations,
1.1 s, 0.9% to 1.8% (300 combos, 60 iterations: 1.5 s, 0.4% to 0.8%; all-in menus: 1.0 s, 1.9% to 3.3%).
Median decisions (``benchmarks/bench_agents.py solver --states 150 --by-street``, quiet): flop 376 ms, turn
577 ms, river 32 ms.
"""

_FLOP_WITH_TURN: Final = _StreetSettings(
    Menu.per_street(("33,75", "a"), ("75", "a"), ("75", "a"), raise_cap=1),
    2,
    10.0 / 3.0,
    100,
    Menu.per_street(("33,75", "2.5x"), ("75", "2.5x"), ("75", "2.5x"), raise_cap=1),
)
"""The flop's settings with ``flop_turns``: the turn's betting as well (75% pot), 100 combos, 10/3 x iterations."""


_CACHE_LIMIT: Final = 64
"""Public states whose solves and ranges are kept; the caches are emptied when they grow past it."""

_Key = tuple[GameConfig, int, int, tuple[int, ...], tuple[ActionRecord, ...], tuple[object, ...]]
"""Config, own seat, button, board, the actions of earlier streets, the opponent's sizes on this street."""


@dataclass(frozen=True)
class _Plan:
    """What one public decision point needs: the solve, the node, and the ranges at the street start."""

    solution: Solution | None
    node: int
    path: tuple[tuple[str, int], ...]
    ranges: tuple[Weights, Weights]
    reason: str


class SolverAgent(BaseAgent):
    """A preflop by seat; after the flop, re-solves the current street at each decision (see the module).

    Args:
        budget_ms: time per solve in milliseconds, solving towards 0.5% of the pot exploitability
            (results then depend on the machine's speed); ``None`` (the default): a fixed number of
            iterations, reproducible for a seed.
        iterations: Discounted CFR iterations per solve in the fixed mode, times the street's multiple
            (flop 1, or 10/3 with ``flop_turns``; turn 4/3; river 4).
        trim: combos below this share of the heaviest combo's weight are left out of a solve.
        safe: re-solve safely where the street before's solve played this street (a
            :class:`~pokergym.solver.Gadget` with the opponent's values there; see the module);
            ``False``: always trust the opponent's modelled range (unsafe re-solving).
        flop_gadget: with ``safe``, also re-solve the flop safely against the opponent's off-menu sizes (a
            gadget with its values in the flop's solve without them, :meth:`_flop_gadget`); off by default: it
            changed the big blind's continuing share by under 1% of its range in the spots measured and costs
            a second flop solve.
        flop_shares: with ``safe`` (the default), re-solve the flop after the solved preflop safely against the
            abstraction's shares of the pot (see the module); ``False``: as after the tables, with both ranges
            from the abstraction's strategy (and ``flop_gadget`` against off-menu sizes).
        flop_values: the values per opponent hand in that safe flop's gadget: ``"classes"`` (the default), the
            abstraction's shares of its preflop class (the button taking the rest of each matchup's pot);
            ``"proportional"``, the same with the button's share one factor times its class's equity; ``"board"``,
            each hand's equity on this flop against the other range (:func:`~baselines.solver.ranges.runout_equity`),
            realised as the abstraction's model says (:func:`~baselines.solver.solved_preflop.board_shares`).
        flop_turns: 1 to 49 (default 6): the flop's solve plays the turn's betting too (75% pot bets, 100
            combos a side, 10/3 times ``iterations``) on this many turn cards, a fixed sample per board
            (:attr:`~pokergym.solver.Spot.deal_sample`), and checks down the river; 0: it checks the hand
            down after the flop's betting (300 combos a side), which values a flop call at its full equity.
        deep_menus: (the default) in a spot whose effective stack is more than 3 pots, bet and raise without
            all-in (raises 2.5 times the bet; a size that would put in 67% of the stack still goes all-in);
            ``False``: all-in bets and raises on every street's menu, which at 20 to 40 pots deep leaves a
            raise no size but all-in (see the module).
        tremble: in the Bayes update of the opponent's range, the share of the opponent's play taken as
            uniformly random over the node's actions (default 0.3; 0: the solve's strategy only). A range
            modelled by the equilibrium alone can rule out the hands an opponent really holds: in 40 river
            decisions replayed from a match against rule (``benchmarks/range_calibration.py``), rule's real
            hand had under 1% of the heaviest combo's weight in half of them with 0, in none with 0.3.
        threads: threads per solve (:mod:`pokergym.solver.parallel`): the same decisions, sooner where cores
            are free (one match process on a many-core machine); 1 by default, as the arena's process and Ray
            backends already keep every core busy.
        defend: the last street on which the agent, facing a bet or raise, continues with at least the
            minimum defence of its range (``1 - r / P``): ``"preflop"`` (the default), ``"flop"``, ``"turn"``,
            ``"river"`` (every street) or ``"none"`` (the range tables and the solves as they are, the agent
            before 2026-11-28); preflop by :mod:`baselines.solver.preflop`, after it by
            :mod:`baselines.solver.defence` (which measured no gain against LBR; see there). ``True`` and
            ``False`` are ``"preflop"`` and ``"none"``.
        preflop: ``"mixed"`` (the default since 2026-11-29; the tables before): the solved abstraction in the
            big blind (where it defends by the open's size, the tables 69% against any) and the tables on the
            button (where LBR won more from the abstraction's calls of its 3-bets), each hand's flop as after
            that preflop; ``"tables"``: the range tables with the minimum defence (``defend``) for its
            play and both ranges at the flop; ``"solved"``: the solved preflop abstraction
            (:mod:`baselines.solver.solved_preflop`), the opponent's off-menu sizes inserted into its tree, and
            with ``safe`` the flop re-solved safely against its values (see the module).
        preflop_model: the realisation model of the solved preflop abstraction
            (:data:`~baselines.solver.solved_preflop.PREFLOP_MODELS`): ``"linear"`` (the default) or
            ``"curved"`` (each matchup's equity through an S-curve first: the button folds its weakest hands,
            the big blind 3-bets and answers 4-bets tighter) or ``"typed"`` (a bonus by hand group and seat on
            top of the linear model: pairs and suited connectors win more after the flop, other offsuit hands
            less). ``"curved"`` does not go with ``flop_values="board"``, which prices hands by a linear model;
            ``"typed"`` goes with ``flop_values="classes"`` only.
        preflop_tremble: the opponent's range at the flop with each of its preflop actions' probabilities
            mixed with uniformly random play over the spot's actions (0, the default: the tables' or the
            solve's probabilities alone).
        order: the strength order that picks a street's representative combos under its cap and the solved
            hand a left-out combo plays like: ``"made"`` (the default), the made hand on the board, or
            ``"runout"``, on the flop and the turn its mean strength over every run-out
            (:func:`~baselines.solver.ranges.runout_strength`: draws beside the made hands they win as often
            as). Locked into the full game on the benchmark's flop-to-river spot, the flop's solve by
            ``"made"`` is exploitable for 14.0% of the pot, by ``"runout"`` for 6.8% (every combo: 6.4%);
            the turn's 5.0% and 2.1% (``benchmarks/street_cost.py``).
        name: display name.

    Attributes:
        fallbacks: fallback decisions by reason (see the module docstring).
        decisions: decisions taken by :meth:`act`.
        range_resets: streets where an action left a range empty, so the range was kept unchanged.
    """

    name = "solver"
    memoryless = True

    def __init__(
        self,
        *,
        budget_ms: int | None = None,
        iterations: int = 30,
        trim: float = 1e-3,
        safe: bool = True,
        flop_gadget: bool = False,
        flop_shares: bool = True,
        flop_values: str = "classes",
        flop_turns: int = 6,
        deep_menus: bool = True,
        tremble: float = 0.3,
        threads: int = 1,
        defend: str | bool = "preflop",
        preflop: str = "mixed",
        preflop_model: str = "linear",
        preflop_tremble: float = 0.0,
        order: str = "made",
        name: str | None = None,
    ) -> None:
        super().__init__(name)
        if budget_ms is not None and (not isinstance(budget_ms, int) or budget_ms < 1):
            raise ConfigError(f"budget_ms must be a positive number of milliseconds or None, got {budget_ms!r}")
        if not isinstance(iterations, int) or iterations < 1:
            raise ConfigError(f"iterations must be a positive integer, got {iterations!r}")
        if not 0.0 <= trim < 1.0:
            raise ConfigError(f"trim must be in [0, 1), got {trim!r}")
        self.budget_ms = budget_ms
        self.iterations = iterations
        self.trim = float(trim)
        if not isinstance(safe, bool):
            raise ConfigError(f"safe must be True or False, got {safe!r}")
        self.safe = safe
        if not isinstance(flop_gadget, bool):
            raise ConfigError(f"flop_gadget must be True or False, got {flop_gadget!r}")
        self.flop_gadget = flop_gadget
        if not isinstance(flop_shares, bool):
            raise ConfigError(f"flop_shares must be True or False, got {flop_shares!r}")
        self.flop_shares = flop_shares
        if flop_values not in FLOP_VALUES:
            raise ConfigError(f"flop_values must be one of {', '.join(FLOP_VALUES)}, got {flop_values!r}")
        self.flop_values = flop_values
        if not isinstance(flop_turns, int) or isinstance(flop_turns, bool) or not 0 <= flop_turns <= 49:
            raise ConfigError(f"flop_turns must be a number of turn cards from 0 to 49, got {flop_turns!r}")
        self.flop_turns = flop_turns
        if not isinstance(deep_menus, bool):
            raise ConfigError(f"deep_menus must be True or False, got {deep_menus!r}")
        self.deep_menus = deep_menus
        if isinstance(tremble, bool) or not isinstance(tremble, int | float) or not 0.0 <= tremble < 1.0:
            raise ConfigError(f"tremble must be a probability in [0, 1), got {tremble!r}")
        self.tremble = float(tremble)
        if not isinstance(threads, int) or isinstance(threads, bool) or threads < 1:
            raise ConfigError(f"threads must be a positive integer, got {threads!r}")
        self.threads = threads
        if defend is True or defend is False:  # the switch of the preflop defence alone, as it was
            defend = "preflop" if defend else "none"
        if defend not in _DEFENDED:
            raise ConfigError(f"defend must be one of {', '.join(_DEFENDED)}, got {defend!r}")
        self.defended_streets = frozenset(Street(s) for s in range(_DEFENDED.index(defend)))
        if preflop not in _PREFLOPS:
            raise ConfigError(f"preflop must be one of {', '.join(_PREFLOPS)}, got {preflop!r}")
        self.preflop = preflop
        if preflop_model not in PREFLOP_MODELS:
            raise ConfigError(f"preflop_model must be one of {', '.join(PREFLOP_MODELS)}, got {preflop_model!r}")
        self.preflop_menu = PREFLOP_MODELS[preflop_model]
        if self.preflop_menu.curve != 1.0 and flop_values == "board":
            raise ConfigError('flop_values="board" prices hands by a linear model: it does not go with a curved one')
        if self.preflop_menu.typed and flop_values != "classes":
            raise ConfigError(f'flop_values={flop_values!r} does not go with bonuses by hand group: use "classes"')
        if (
            isinstance(preflop_tremble, bool)
            or not isinstance(preflop_tremble, int | float)
            or not 0.0 <= preflop_tremble < 1.0
        ):
            raise ConfigError(f"preflop_tremble must be a probability in [0, 1), got {preflop_tremble!r}")
        self.preflop_tremble = float(preflop_tremble)
        if order not in _ORDERS:
            raise ConfigError(f"order must be one of {', '.join(_ORDERS)}, got {order!r}")
        self.runout_order = order == "runout"
        self.reproducible = budget_ms is None
        self.fallbacks: Counter[str] = Counter()
        self.range_resets = 0
        self.decisions = 0
        self._preflop = RuleSkillAgent(fallback="equity")
        self._solves: dict[_Key, Solution | None] = {}
        self._starts: dict[_Key, tuple[Weights, Weights]] = {}

    def _solved_preflop(self, seat: int, button: int) -> bool:
        """Whether ``seat`` plays the solved preflop here: ``"solved"``, or ``"mixed"`` in the big blind."""
        return self.preflop == "solved" or (self.preflop == "mixed" and seat != button)

    def _safe_flop(self, seat: int, button: int) -> bool:
        """Whether the flop is re-solved safely against the solved preflop's shares (``safe`` and ``flop_shares``)."""
        return self.safe and self.flop_shares and self._solved_preflop(seat, button)

    @property
    def defend(self) -> bool:
        """Whether the preflop minimum defence is on (``defend`` is not ``"none"``)."""
        return Street.PREFLOP in self.defended_streets

    # ------------------------------------------------------------ the protocol
    def act(self, view: PlayerView) -> Action:
        """Sample :meth:`action_probabilities` with the hand's generator; count fallbacks.

        Raises:
            AgentError: if it is not this seat's turn.
        """
        self.decisions += 1
        distribution, reason = self._decide(view)
        if reason:
            self.fallbacks[reason] += 1
        return sample_action(distribution, self.rng)

    def action_probabilities(self, view: PlayerView) -> ActionDistribution:
        """The distribution :meth:`act` samples for ``view`` (a function of the view only; counts nothing).

        Raises:
            AgentError: if it is not this seat's turn.
        """
        return self._decide(view)[0]

    def ranges(self, view: PlayerView) -> tuple[Weights, Weights]:
        """``(own, opponent)`` ranges at the start of ``view``'s street (postflop), each summing to 1.

        Combos holding a board card have weight 0 in both; the opponent's also has 0 on the
        agent's own cards.
        """
        if view.street == Street.PREFLOP:
            raise ConfigError("ranges are tracked from the flop on")
        ranges = self._start(view.config, view.seat, view.button, view.board, view.history, view.street)
        own = ranges[view.seat]
        opponent = block(ranges[1 - view.seat], view.hole)
        total = opponent.sum()
        return own, opponent / total if total > 0.0 else opponent

    # ------------------------------------------------------------ decisions
    def _decide(self, view: PlayerView) -> tuple[ActionDistribution, str]:
        """The action distribution and the fallback reason (``""`` when none applied)."""
        legal = legal_of(view)
        if view.street == Street.PREFLOP:
            if self._solved_preflop(view.seat, view.button):
                return solved_probabilities(view, self.preflop_menu), ""
            distribution = defended_probabilities(view, defend=self.defend)
            if distribution is None:
                return self._preflop.action_probabilities(view), "deep_preflop"
            return distribution, ""
        plan = self._plan(view)
        if plan.solution is not None:
            distribution = self._from_solution(view, legal, plan)
            if distribution:
                return distribution, ""
        reason = plan.reason or "no_strategy"
        return [(self._fallback_action(view, legal, plan.ranges[1 - view.seat]), 1.0)], reason

    def _plan(self, view: PlayerView) -> _Plan:
        """The solve of the current street with its actions so far, and the node reached."""
        ranges = self._start(view.config, view.seat, view.button, view.board, view.history, view.street)
        before = tuple(r for r in view.history if r.street < view.street)
        solution = self._solve(view.config, view.seat, view.button, view.board, before, view.street_history, ranges)
        if solution is None:
            return _Plan(None, -1, (), ranges, "no_solve")
        path = tree_path(view.street_history, solution.spot.stack)
        walked = _walk(solution, path)
        player = _player(view.seat, view.button)
        tree = solution.tree
        if walked is None or tree.kind[walked[0]] != DECISION or int(tree.player[walked[0]]) != player:
            return _Plan(None, -1, path, ranges, "no_node")
        return _Plan(solution, walked[0], path, ranges, "")

    def _from_solution(self, view: PlayerView, legal: LegalActions, plan: _Plan) -> ActionDistribution:
        """The node's strategy for the agent's hand (or its proxy), as legal engine actions."""
        solution = plan.solution
        assert solution is not None
        player = _player(view.seat, view.button)
        column = int(_proxies(solution, player, self.runout_order)[combo_index(*view.hole)])
        if column < 0:
            return []
        probabilities = solution.strategy(plan.node)[:, column]
        labels = [solution.tree.label(c) for c in solution.tree.children_of(plan.node)]
        weighted = [(_engine_action(label, legal), float(p)) for label, p in zip(labels, probabilities, strict=True)]
        distribution = merge(weighted)
        total = sum(p for _, p in distribution)
        return [(a, p / total) for a, p in distribution] if total > 0.0 else []

    def _fallback_action(self, view: PlayerView, legal: LegalActions, opponent: Weights) -> Action:
        """Check when free; call when the equity against ``opponent`` reaches the pot odds; else fold."""
        if legal.can_check:
            return Action.check()
        weights = block(opponent, (*view.hole, *view.board))
        if weights.sum() <= 0.0:
            weights = np.ones_like(weights)
        equity = equity_vs_range(view.hole, view.board, weights).equity
        pot_odds = legal.call_amount / (view.pot + legal.call_amount)
        return Action.call() if equity >= pot_odds else Action.fold()

    # ---------------------------------------------------------- ranges, solves
    def _start(
        self,
        config: GameConfig,
        seat: int,
        button: int,
        board: tuple[int, ...],
        history: Sequence[ActionRecord],
        street: Street,
    ) -> tuple[Weights, Weights]:
        """Both seats' ranges at the start of ``street`` (board-blocked, summing to 1), cached."""
        cards = board[: int(street) + 2]
        before = tuple(r for r in history if r.street < street)
        key: _Key = (config, seat, button, cards, before, ())
        known = self._starts.get(key)
        if known is not None:
            return known
        if street == Street.FLOP:
            previous = self._preflop_ranges(config, seat, button, before)
        else:
            last = Street(int(street) - 1)
            previous = self._start(config, seat, button, board, before, last)
            earlier = tuple(r for r in before if r.street < last)
            records = tuple(r for r in before if r.street == last)
            solution = self._solve(config, seat, button, board[: int(last) + 2], earlier, records, previous)
            previous = self._advance(previous, solution, records, seat, button)
        ranges = (_normalised(block(previous[0], cards)), _normalised(block(previous[1], cards)))
        self._remember(self._starts, key, ranges)
        return ranges

    def _preflop_ranges(
        self, config: GameConfig, seat: int, button: int, before: tuple[ActionRecord, ...]
    ) -> tuple[Weights, Weights]:
        """Both seats' ranges after the preflop: its own exactly, the opponent's with ``preflop_tremble``."""

        def ranges(tremble: float) -> tuple[Weights, Weights]:
            if self._solved_preflop(seat, button):
                return solved_ranges(config, button, before, tremble, self.preflop_menu)
            return preflop_ranges(config, button, before, defend=self.defend, tremble=tremble)

        exact = ranges(0.0)
        if not self.preflop_tremble:
            return exact
        trembled = ranges(self.preflop_tremble)
        return (exact[0], trembled[1]) if seat == 0 else (trembled[0], exact[1])

    def _advance(
        self,
        ranges: tuple[Weights, Weights],
        solution: Solution | None,
        records: Sequence[ActionRecord],
        seat: int,
        button: int,
    ) -> tuple[Weights, Weights]:
        """Each seat's range times the probability of its actions in ``records`` under ``solution``.

        The opponent of ``seat`` trembles (``self.tremble``); the agent's own actions are its strategy's.
        """
        if solution is None:
            return ranges
        tremble = [0.0, 0.0]
        tremble[_player(1 - seat, button)] = self.tremble
        walked = _walk(solution, tree_path(records, solution.spot.stack), (tremble[0], tremble[1]))
        if walked is None:
            self.range_resets += 1
            return ranges
        out = []
        for seat in (0, 1):
            player = _player(seat, button)
            proxy = _proxies(solution, player, self.runout_order)
            likelihood = np.where(proxy >= 0, walked[1][player][np.maximum(proxy, 0)], 0.0)
            weights = ranges[seat] * likelihood
            if weights.sum() <= 0.0:
                self.range_resets += 1
                weights = ranges[seat]
            out.append(weights)
        return out[0], out[1]

    def _solve(
        self,
        config: GameConfig,
        seat: int,
        button: int,
        board: tuple[int, ...],
        before: tuple[ActionRecord, ...],
        records: Sequence[ActionRecord],
        ranges: tuple[Weights, Weights],
    ) -> Solution | None:
        """The solve of the street that ``board`` opens with the opponent's ``records`` in its tree (cached).

        None when the solver refuses the spot. Every bet and raise of the street so far is in the tree at its
        real size (the agent's own are menu sizes in play, but a view may come from elsewhere, as LBR's and the
        benchmarks' do), so the solve of the agent's last decision on a street explains the whole street.
        """
        street = Street(len(board) - 2)
        start = street_start(config, button, before, street)
        path = tree_path(records, start.stack)
        extras = tuple(
            (path[:i], amount)
            for i, (kind, amount) in enumerate(path)
            if kind in ("bet", "raise")  # every size as it was bet; a menu size adds nothing
        )
        key: _Key = (config, seat, button, board, before, extras)
        if key in self._solves:
            return self._solves[key]
        settings = _STREETS[street]
        if street == Street.FLOP and self.flop_turns:
            settings = replace(_FLOP_WITH_TURN, deal_sample=self.flop_turns)
        if street == Street.FLOP and self._safe_flop(
            seat, button
        ):  # any opponent hand: the gadget holds each to its value
            opponent_range = block(np.ones(N_COMBOS), board)
            ranges = (opponent_range, ranges[1]) if seat == 1 else (ranges[0], opponent_range)
        oop = self._trimmed(ranges[1 - button], board, settings.max_combos)
        ip = self._trimmed(ranges[button], board, settings.max_combos)
        solution: Solution | None
        try:
            spot = Spot(
                board,
                start.pot,
                start.stack,
                (Range(oop), Range(ip)),
                settings.deep if self.deep_menus and start.stack > _DEEP_SPR * start.pot else settings.menu,
                config.big_blind,
                extra_actions=extras,
                betting_streets=settings.betting_streets,
                deal_sample=settings.deal_sample,
            )
            gadget = self._gadget(config, seat, button, before, spot) if self.safe else None
            if self.budget_ms is None:
                iterations = max(1, round(self.iterations * settings.iterations_factor))
                solution = solve(spot, iterations=iterations, measure=False, gadget=gadget, threads=self.threads)
            else:
                limit = self.budget_ms / 1000.0
                solution = solve(
                    spot,
                    target_exploitability=0.005,
                    time_limit_s=limit,
                    check_every=5,
                    gadget=gadget,
                    threads=self.threads,
                )
        except (PokerGymError, ValueError):
            solution = None
        if solution is not None and street in self.defended_streets:
            defend_street(solution, _player(seat, button))
        self._remember(self._solves, key, solution)
        return solution

    def _gadget(
        self, config: GameConfig, seat: int, button: int, before: tuple[ActionRecord, ...], spot: Spot
    ) -> Gadget | None:
        """The opponent's values at ``spot``'s start in the solve of the street before, for a safe re-solve.

        On the flop: after the solved preflop, the opponent's share of the pot per hand in the abstraction's model
        (:func:`~baselines.solver.solved_preflop.flop_shares`); after the range tables (no values per hand)
        None, or with ``flop_gadget`` :meth:`_flop_gadget`'s. None also where the last
        street's solve does not reach the spot (refused, or its line is not in that tree). Values are moved
        from the last street's start to this one's (plus the chips each put in on the last street); an opponent
        hand the last solve left out takes the value of its proxy (:func:`_proxies`). Also None where the last
        solve checked the hand down after its street (the depth-limited flop) or dealt a sample of cards without
        this one: its check-down values are not those of a strategy that bets (they overvalue weak hands, which
        then stay out of the gadget's range and make the re-solve fold too much; measured at b6ad239 against
        rule, 4,000 hands of seed 7: the turn's folds cost -1,928 BB over 342 hands, from -1,454 over 232).
        """
        street = spot.street
        if street == Street.FLOP and self._safe_flop(seat, button):
            opponent = _player(1 - seat, button)
            shares = flop_values(config, button, before, 1 - seat, spot.board, self.flop_values, self.preflop_menu)
            return Gadget(opponent, shares[spot.hands(opponent)] * spot.pot)
        if street == Street.FLOP:
            return self._flop_gadget(config, seat, button, before, spot) if self.flop_gadget else None
        last = Street(int(street) - 1)
        earlier = tuple(r for r in before if r.street < last)
        records = tuple(r for r in before if r.street == last)
        ranges = self._start(config, seat, button, spot.board, before, last)
        previous = self._solve(config, seat, button, spot.board[: int(last) + 2], earlier, records, ranges)
        if previous is None:
            return None
        path = tree_path(records, previous.spot.stack)
        walked = _walk(previous, path)
        tree, card = previous.tree, spot.board[-1]
        if walked is None or tree.kind[walked[0]] != CHANCE:  # e.g. a check-down leaf of the depth-limited flop
            return None
        if card not in tree.deals(walked[0]):  # not in the sample dealt
            return None
        opponent = _player(1 - seat, button)
        ev = previous.ev((*path, ("deal", card)), opponent)
        values = np.nan_to_num(ev, nan=0.0) + (spot.pot - previous.spot.pot) / 2.0
        return _gadget_of(previous, values, opponent, spot, self.runout_order)

    def _flop_gadget(
        self, config: GameConfig, seat: int, button: int, before: tuple[ActionRecord, ...], spot: Spot
    ) -> Gadget | None:
        """The opponent's values at the flop's start in the flop's solve without its off-menu sizes.

        None where the opponent bet or raised no size off the menu (the spot's tree is that solve's). Otherwise the
        re-solve with the sizes inserted keeps every opponent hand near its value in the solve without them
        (nested safe re-solving, Brown and Sandholm 2017): a size the menu lacks earns no hand more than the
        menu did, whatever the modelled range, so an opponent betting a size the model gives a strong range
        cannot bet any hand with it for profit.
        """
        opponent = _player(1 - seat, button)
        theirs = [(path, amount) for path, amount in spot.extra_actions if len(path) % 2 == opponent]
        if not theirs:
            return None
        ranges = self._start(config, seat, button, spot.board, before, Street.FLOP)
        blueprint = self._solve(config, seat, button, spot.board, before, (), ranges)
        if blueprint is None or all(_on_menu(blueprint, path, amount) for path, amount in theirs):
            return None
        values = np.nan_to_num(blueprint.ev((), opponent), nan=0.0)
        return _gadget_of(blueprint, values, opponent, spot, self.runout_order)

    def _trimmed(self, weights: Weights, board: tuple[int, ...], max_combos: int) -> Weights:
        """``weights`` without the combos too light, cut to ``max_combos`` representatives, scaled to a maximum of 1."""
        top = float(weights.max()) if weights.size else 0.0
        if top <= 0.0:
            return np.zeros_like(weights)
        out = np.where(weights >= self.trim * top, weights, 0.0)
        out = representatives(out, board, max_combos, strength_order(board, self.runout_order))
        return out / float(out.max())

    @staticmethod
    def _remember(cache: dict[_Key, object] | dict, key: _Key, value: object) -> None:  # type: ignore[type-arg]
        if len(cache) >= _CACHE_LIMIT:
            cache.clear()
        cache[key] = value


def _player(seat: int, button: int) -> int:
    """The solver's player of ``seat``: 0 out of position (the big blind), 1 the button."""
    return 1 if seat == button else 0


def _normalised(weights: Weights) -> Weights:
    total = float(weights.sum())
    return weights / total if total > 0.0 else weights


def _walk(
    solution: Solution, path: Sequence[tuple[str, int]], tremble: tuple[float, float] = (0.0, 0.0)
) -> tuple[int, tuple[Weights, Weights]] | None:
    """The node ``path`` leads to and, per player and hand, the probability of its actions on the path.

    None if a step is not in the tree. With ``tremble[p]`` above 0, player ``p`` takes each action with
    probability ``(1 - tremble[p])`` times its strategy's plus ``tremble[p]`` over the node's action count.

    Calls match by kind (a short all-in call puts in less than the bet); other steps by kind and amount.
    """
    tree = solution.tree
    spot = solution.spot
    reach = [np.ones(len(spot.hands(p))) for p in (0, 1)]
    node = tree.root
    for kind, amount in path:
        if tree.kind[node] != DECISION:
            return None
        children = list(tree.children_of(node))
        labels = [tree.label(c) for c in children]
        index = next((i for i, (k, a) in enumerate(labels) if k == kind and (kind == "call" or a == amount)), None)
        if index is None:
            return None
        actor = int(tree.player[node])
        probability = solution.strategy(node)[index]
        if tremble[actor] > 0.0:
            probability = (1.0 - tremble[actor]) * probability + tremble[actor] / len(children)
        reach[actor] = reach[actor] * probability
        node = children[index]
    return node, (reach[0], reach[1])


def _gadget_of(previous: Solution, values: Weights, opponent: int, spot: Spot, runout: bool) -> Gadget:
    """A gadget for ``spot`` from ``values`` per hand of ``opponent`` in ``previous`` (a hand it lacks by its proxy)."""
    return Gadget(opponent, values[_proxies(previous, opponent, runout)[spot.hands(opponent)]])


def _on_menu(solution: Solution, path: tuple[tuple[str, int], ...], amount: int) -> bool:
    """Whether the tree of ``solution`` has a bet or raise to ``amount`` after ``path`` (False if off the tree)."""
    walked = _walk(solution, path)
    if walked is None or solution.tree.kind[walked[0]] != DECISION:
        return False
    labels = (solution.tree.label(c) for c in solution.tree.children_of(walked[0]))
    return any(kind in ("bet", "raise") and to == amount for kind, to in labels)


@lru_cache(maxsize=_CACHE_LIMIT)
def _proxies(solution: Solution, player: int, runout: bool) -> npt.NDArray[np.intp]:
    """For each of the 1326 combos, the column of ``player``'s solved hand it plays like (-1: blocked by the board).

    A combo in the solve plays its own column; any other (left out by ``trim`` or the street's combo cap,
    or outside the modelled range) plays the solved hand nearest to it in strength on the spot's board
    (:func:`~baselines.solver.ranges.strength_order`, run-out strength with ``runout``).
    """
    return nearest_columns(strength_order(solution.spot.board, runout), solution.spot.hands(player))


def _engine_action(label: tuple[str, int], legal: LegalActions) -> Action:
    """The legal engine action of a tree edge (a size outside the legal range is clamped into it)."""
    kind, amount = label
    if kind in ("bet", "raise") and legal.can_raise:
        return Action.raise_to(min(max(amount, legal.min_raise_to), legal.max_raise_to))
    if kind == "fold" and legal.can_fold:
        return Action.fold()
    return Action.call() if legal.can_call else Action.check()
