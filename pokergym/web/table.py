"""A person against an agent, one decision per request: the state behind ``pokergym serve``'s play page.

The hand runs in the arena's step-by-step generator
(:func:`pokergym.arena.hands.guarded_hand`), which pauses at every decision.
The agent's turns are answered at once; at the person's turn the table stops
and waits for :meth:`HumanTable.act`. The person's action is first checked by
the engine (:meth:`~pokergym.engine.state.HandState.verify`): an illegal one
raises the engine's :class:`~pokergym.errors.IllegalActionError`, which the
page shows, and the person acts again. The text log is the one ``pokergym
play`` prints (its :class:`~pokergym.arena.human.HumanAgent` observes the
hand), and every finished hand is appended to a JSON-lines file of
:class:`~pokergym.engine.history.HandHistory` records, like the arena's.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

import numpy as np

from pokergym.agents.base import Agent
from pokergym.arena.hands import HandFailure, Steps, Turn, drive, guarded_hand
from pokergym.arena.human import HumanAgent, describe_options
from pokergym.cards import format_cards
from pokergym.engine.actions import Action, LegalActions, Street
from pokergym.engine.config import DEFAULT_CONFIG, GameConfig
from pokergym.engine.history import HandHistory
from pokergym.engine.state import HandState
from pokergym.errors import AgentError, HandOverError, IllegalActionError, WebRequestError, brief

__all__ = ["HumanTable", "append_history", "parse_action", "watch_hand"]

_KINDS = ("fold", "check", "call", "raise", "all_in")


def parse_action(kind: object, amount: object = None) -> Action:
    """The action a page's button sends: ``kind`` is fold, check, call, raise (with ``amount``) or all_in.

    Raises:
        IllegalActionError: an unknown kind, or a raise without a whole number of chips.

    Example:
        >>> str(parse_action("raise", "300")), str(parse_action("call"))
        ('raise to 300', 'call')
        >>> parse_action("raise", "3.5")
        Traceback (most recent call last):
        ...
        pokergym.errors.IllegalActionError: a bet or raise needs a whole number of chips to raise to, got '3.5'
    """
    if kind not in _KINDS:
        raise IllegalActionError(f"unknown action {brief(kind)}; expected one of {', '.join(_KINDS)}")
    if kind != "raise":
        return {"fold": Action.fold, "check": Action.check, "call": Action.call, "all_in": Action.all_in}[str(kind)]()
    text = str(amount).strip() if isinstance(amount, int | str) and not isinstance(amount, bool) else ""
    if not text.lstrip("-").isdigit():
        raise IllegalActionError(f"a bet or raise needs a whole number of chips to raise to, got {brief(amount)}")
    return Action.raise_to(int(text))


def _send(
    steps: Steps[HandFailure | None], answer: object, error: Exception | None = None
) -> Turn | HandFailure | None:
    """Send ``answer`` into the hand (or raise ``error`` in it): the next turn, or the hand's result once it ends."""
    try:
        return steps.send(answer) if error is None else steps.throw(error)
    except StopIteration as stop:
        result: HandFailure | None = stop.value
        return result


def append_history(path: Path | None, history: HandHistory) -> None:
    """Append ``history`` as one JSON line to ``path`` (nothing when ``path`` is ``None``)."""
    if path is not None:
        path.parent.mkdir(parents=True, exist_ok=True)
        with open(path, "a", encoding="utf-8") as out:
            out.write(history.to_json() + "\n")


class HumanTable:
    """Hands between the person (seat 0) and ``opponent``; the button alternates, stacks reset each hand.

    Args:
        opponent: the agent in seat 1.
        seed: root seed of the decks and the agents' generators (as ``pokergym play``).
        config: blinds and stacks.
        save: JSON-lines file that receives every finished hand (``None``: keep none).

    Example:
        >>> from pokergym.agents import CallAgent
        >>> table = HumanTable(CallAgent(), seed=3)
        >>> table.new_hand()
        >>> table.act("call")  # the button limps; the call station checks behind
        >>> table.snapshot()["street"], table.snapshot()["pot"]
        ('flop', 200)
        >>> table.act("fold")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        pokergym.errors.IllegalActionError: illegal action 'fold' by seat 0 on the flop: ...
        >>> for _ in range(3):
        ...     table.act("check")
        >>> table.snapshot()["payoffs"]
        [100, -100]
    """

    def __init__(
        self, opponent: Agent, *, seed: int | None = 0, config: GameConfig = DEFAULT_CONFIG, save: Path | None = None
    ) -> None:
        self.opponent = opponent
        self.config = config
        self.save = save
        root = np.random.SeedSequence(seed)
        self._decks, *agent_seeds = (np.random.default_rng(s) for s in root.spawn(3))
        self._rngs = agent_seeds
        self.log: list[str] = []
        self._human = HumanAgent(read=self._never_asked, write=self.log.append)
        self.dealt = 0
        self.hands_played = 0
        self.total = 0
        self.state: HandState | None = None
        self._steps: Steps[HandFailure | None] | None = None
        self._turn: Turn | None = None
        self.failure: HandFailure | None = None

    @staticmethod
    def _never_asked(prompt: str) -> str:
        raise AgentError("the page answers the person's turns; nothing should read from a terminal")

    def new_hand(self) -> None:
        """Deal the next hand and play the agent's turns up to the person's first decision.

        Raises:
            WebRequestError: the current hand is not over (it is played out, not thrown away).
        """
        if self.state is not None and self.state.payoffs is None and self.failure is None:
            raise WebRequestError("the current hand is not over: finish it (folding ends it) before the next")
        number = self.dealt
        self.dealt += 1
        self.log.clear()
        self.state = HandState.new(self.config, button=number % 2, rng=self._decks)
        role = "the button (small blind)" if number % 2 == 0 else "the big blind"
        self.log.append(f"hand {number + 1}: you are {role}; opponent {self.opponent.name}")
        self.failure = None
        self._steps = guarded_hand(self.state, [self._human, self.opponent], self._rngs)
        self._run(None)

    def act(self, kind: object, amount: object = None) -> None:
        """Take the person's action and play the agent's answers up to the next decision or the end.

        Raises:
            HandOverError: no hand is waiting for the person.
            IllegalActionError: the action is malformed or illegal now (the engine's message).
        """
        if self.state is None or self._turn is None:
            raise HandOverError("no hand is waiting for your action: deal a new hand")
        action = parse_action(kind, amount)
        self.state.verify(action, 0)
        self.log.append(f"you {action}")
        self._run(action)

    def _run(self, answer: object) -> None:
        """Send ``answer`` into the hand, answer the agent's turns, and stop at the person's or at the end."""
        assert self._steps is not None and self.state is not None
        step = _send(self._steps, answer)
        while isinstance(step, Turn) and step.agent is not self._human:
            try:
                reply: object = step.agent.act(step.view)
            except Exception as error:
                step = _send(self._steps, None, error)
            else:
                step = _send(self._steps, reply)
        self._turn = step if isinstance(step, Turn) else None
        if self._turn is None:
            self._finish(step if isinstance(step, HandFailure) else None)

    def _finish(self, failure: HandFailure | None) -> None:
        state = self.state
        assert state is not None
        self.failure = failure
        if failure is not None:
            reason = failure.detail.strip().splitlines()[-1]
            self.log.append(f"hand void: the {'opponent' if failure.seat else 'page'} failed ({reason})")
            return
        assert state.payoffs is not None
        self.hands_played += 1
        self.total += state.payoffs[0]
        names = ("you", self.opponent.name)
        append_history(self.save, HandHistory.from_state(state, hand_id=self.hands_played - 1, names=names))

    def snapshot(self) -> dict[str, Any]:
        """What the page draws: the person's cards, the board, pot, stacks, legal actions, the log."""
        state = self.state
        if state is None:
            return {"hand": None, "log": [], "total": self.total, "hands_played": self.hands_played}
        over = state.terminal
        legal = state.legal_actions() if self._turn is not None else None
        shown = over and state.showdown
        return {
            "hand": self.dealt,
            "names": ["you", self.opponent.name],
            "button": state.button,
            "hole": format_cards(state.hole(0), sep=" "),
            "opponent_hole": format_cards(state.hole(1), sep=" ") if shown else None,
            "board": format_cards(state.board, sep=" "),
            "street": state.street.name.lower(),
            "pot": state.pot,
            "stacks": list(state.stacks),
            "bets": list(state.bets),
            "legal": _legal_dict(legal, state) if legal is not None else None,
            "finished": over or self.failure is not None,
            "payoffs": list(state.payoffs) if state.payoffs is not None else None,
            "history": HandHistory.from_state(state, names=("you", self.opponent.name)).to_dict() if over else None,
            "log": list(self.log),
            "total": self.total,
            "hands_played": self.hands_played,
        }


def _legal_dict(legal: LegalActions, state: HandState) -> Mapping[str, Any]:
    return {
        "fold": legal.can_fold,
        "check": legal.can_check,
        "call": legal.can_call,
        "call_amount": legal.call_amount,
        "raise": legal.can_raise and legal.min_raise_to < legal.max_raise_to,
        "all_in": legal.can_raise or legal.can_call,
        "min": legal.min_raise_to,
        "max": legal.max_raise_to,
        "verb": "bet" if legal.can_check and state.street != Street.PREFLOP else "raise to",
        "describe": describe_options(legal, state.street),
    }


def watch_hand(
    agents: tuple[Agent, Agent], *, number: int, seed: int | None = 0, config: GameConfig = DEFAULT_CONFIG
) -> tuple[HandHistory, HandFailure | None]:
    """Deal hand ``number`` of ``seed`` and let ``agents`` play it (the button alternates with ``number``).

    Returns:
        The hand's history (unfinished if an agent failed) and the failure, if any.

    Example:
        >>> from pokergym.agents import CallAgent, RandomAgent
        >>> history, failure = watch_hand((RandomAgent(), CallAgent()), number=0, seed=1)
        >>> history.finished, failure, history.names
        (True, None, ('random', 'call'))
    """
    sequence = np.random.SeedSequence([seed if seed is not None else 0, number])
    deck, first, second = (np.random.default_rng(s) for s in sequence.spawn(3))
    state = HandState.new(config, button=number % 2, rng=deck)
    failure = drive(guarded_hand(state, list(agents), [first, second]))
    names = (agents[0].name, agents[1].name)
    return HandHistory.from_state(state, hand_id=number, names=names, seed=seed), failure
