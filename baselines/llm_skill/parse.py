"""Turn a model's reply into a legal action, saying how it got there.

A reply arrives either as the arguments of a call to the :data:`ANSWER_TOOL`
function (servers with tool calling) or as free text. Either way it should
hold ``{"action": ..., "amount": ..., "reasoning": ...}`` with ``amount`` in
big blinds, a *to* amount for bets and raises, as the prompt asks.

:func:`parse_reply` follows the reply handling of the PokerSkill release,
in this order:

1. **Extraction.** Tool-call arguments when present; otherwise the *last*
   JSON object in the text that has an ``"action"`` key (code fences and
   surrounding prose are ignored). When no such object decodes, a regular
   expression looks for the last action word in the text: ``all-in``,
   ``fold``, ``raise``/``bet`` (``to N``), ``call`` or ``check``.
2. **Normalisation.** Case, spaces and synonyms (``shove``, ``jam``,
   ``bet to``, ``raise_to`` ...) collapse to fold, check, call, raise or all-in.
3. **Grounding.** An illegal action becomes the nearest legal one: check and
   call swap, fold becomes check when checking is free, a bet or raise that
   is not allowed becomes a call (or check). A bet without an amount
   becomes the minimum raise; a bet whose amount is not a finite,
   non-negative number (``NaN``, ``1e400``, ``-Infinity``, ``-5``) is no
   answer at all and raises :class:`MalformedReplyError`, so that the
   client asks again; an amount outside the legal range is clamped;
   a bet larger than twice the pot (after calling) is cut to twice the pot,
   or three times when the reasoning mentions all-in, unless the model asked
   for all-in itself or for at least its whole stack.
4. **Fallback.** When nothing can be read: check when free, else call, else
   fold.

Every step that changed the model's choice is listed in
:attr:`Decision.repairs`; :attr:`Decision.source` says where the action came
from (``"tool"``, ``"json"``, ``"regex"`` or ``"fallback"``).

Example:
    >>> from pokergym.engine import HandState
    >>> view = HandState.new(deck=tuple(range(9)), button=0).view(0)   # button, 0.5 BB to call
    >>> d = parse_reply('I like it. {"action": "Raise", "amount": 3, "reasoning": "value"}', None, view)
    >>> str(d.action), d.source, d.repairs, d.outcome
    ('raise to 300', 'json', (), 'valid')
    >>> d = parse_reply('{"action": "check"}', None, view)
    >>> str(d.action), d.repairs, d.outcome
    ('call', ('check->call',), 'repaired')
    >>> d = parse_reply("no idea", None, view)
    >>> str(d.action), d.source, d.fallback
    ('call', 'fallback', True)
    >>> parse_reply('{"action": "raise", "amount": NaN}', None, view)
    Traceback (most recent call last):
    ...
    baselines.llm_skill.parse.MalformedReplyError: the bet amount nan is not a finite, non-negative number of big blinds
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass
from typing import Any, Final, Literal

from pokergym.engine.actions import Action
from pokergym.engine.state import LegalActions
from pokergym.engine.view import PlayerView
from pokergym.errors import PokerGymError

__all__ = [
    "ANSWER_TOOL",
    "Decision",
    "MalformedReplyError",
    "Source",
    "conservative_action",
    "find_answer",
    "parse_reply",
]

Source = Literal["tool", "json", "regex", "fallback"]
"""Where a decision came from."""

ANSWER_TOOL: Final[dict[str, Any]] = {
    "type": "function",
    "function": {
        "name": "choose_action",
        "description": "Submit your poker action for the current decision.",
        "parameters": {
            "type": "object",
            "properties": {
                "action": {"type": "string", "enum": ["fold", "check", "call", "bet", "raise"]},
                "amount": {
                    "type": ["number", "null"],
                    "description": "For bet and raise: your total on this street in big blinds; otherwise null.",
                },
                "reasoning": {"type": "string", "description": "One or two sentences."},
            },
            "required": ["action", "amount", "reasoning"],
        },
    },
}
"""The function the model is asked to call (OpenAI ``tools`` format, JSON schema parameters)."""


class MalformedReplyError(PokerGymError):
    """A reply came back but holds no usable answer.

    Raised for a body that is not a chat completion (HTML, broken JSON, no
    choices, no message, neither text nor tool call) and for a bet whose
    amount is not a finite, non-negative number. The client retries such a
    reply like a server error; when every attempt fails, the agent plays its
    conservative fallback and counts it as ``"malformed_reply"``.
    """


_SYNONYMS: Final = {
    "fold": "fold",
    "muck": "fold",
    "check": "check",
    "pass": "check",
    "call": "call",
    "flat": "call",
    "bet": "raise",
    "raise": "raise",
    "betto": "raise",
    "raiseto": "raise",
    "reraise": "raise",
    "3bet": "raise",
    "4bet": "raise",
    "allin": "allin",
    "shove": "allin",
    "jam": "allin",
    "push": "allin",
}
_CAP: Final = 2.0
_CAP_ALL_IN: Final = 3.0
_ALL_IN: Final = r"\ball[\s_-]?in\b|\bshove|\bjam"  # whole words: not "overall in", "pajama"
_ALL_IN_WORDS: Final = re.compile(_ALL_IN, re.IGNORECASE)
_DECIMAL: Final = r"\d+(?:\.\d+)?(?:[eE][-+]?\d+)?"
_NUMBER: Final = re.compile(rf"[-+]?(?:{_DECIMAL}|\b(?:inf(?:inity)?|nan)\b)", re.IGNORECASE)
_WORDS: Final = re.compile(
    rf"(?P<allin>{_ALL_IN})"
    r"|(?P<fold>\bfold)"
    rf"|(?P<raise>\b(?:raise|bet)s?(?:\s+to)?(?:\s+(?P<amount>{_DECIMAL}))?)"
    r"|(?P<call>\bcall)"
    r"|(?P<check>\bcheck)",
    re.IGNORECASE,
)


@dataclass(frozen=True, slots=True)
class Decision:
    """A legal action read from a reply, and how it was read.

    Attributes:
        action: the legal action to play.
        source: ``"tool"``, ``"json"``, ``"regex"`` or ``"fallback"``.
        requested: the model's action as normalised (``"fold"``, ``"check"``,
            ``"call"``, ``"raise"``, ``"allin"``), or ``None`` for a fallback.
        amount_bb: the amount the model gave, in big blinds (``None`` if none).
        reasoning: the model's reasoning text (empty when absent).
        repairs: the grounding steps applied, e.g. ``"check->call"``,
            ``"amount_missing"``, ``"amount_clamped"``, ``"capped_2x_pot"``.
    """

    action: Action
    source: Source
    requested: str | None
    amount_bb: float | None
    reasoning: str
    repairs: tuple[str, ...]

    @property
    def fallback(self) -> bool:
        """Whether nothing usable was read and the conservative action was played."""
        return self.source == "fallback"

    @property
    def outcome(self) -> Literal["valid", "repaired", "fallback"]:
        """``"valid"`` (played as given), ``"repaired"`` (grounded) or ``"fallback"``."""
        if self.fallback:
            return "fallback"
        return "repaired" if self.repairs else "valid"


def conservative_action(legal: LegalActions) -> Action:
    """Check when free, else call, else fold (the release's last resort).

    Example:
        >>> from pokergym.engine import HandState
        >>> str(conservative_action(HandState.new(deck=tuple(range(9))).legal_actions()))
        'call'
    """
    if legal.can_check:
        return Action.check()
    if legal.can_call:
        return Action.call()
    return Action.fold()


def find_answer(text: str) -> dict[str, Any] | None:
    """The last JSON object in ``text`` that has an ``"action"`` key.

    Objects nested inside other objects count too; broken JSON, and JSON
    nested too deeply to decode, is skipped.

    Example:
        >>> find_answer('draft {"action": "call"} final: ```json {"action": "fold", "amount": null} ```')
        {'action': 'fold', 'amount': None}
        >>> find_answer('{"action": "bet", "amount": 3') is None
        True
    """
    decoder = json.JSONDecoder()
    found: dict[str, Any] | None = None
    start = text.find("{")
    while start != -1:
        try:
            value, _ = decoder.raw_decode(text, start)
        except (ValueError, RecursionError):
            value = None
        if isinstance(value, dict) and "action" in value:
            found = value
        start = text.find("{", start + 1)
    return found


def parse_reply(content: str | None, tool_arguments: str | None, view: PlayerView) -> Decision:
    """Read the action of a reply and ground it in ``view``'s legal actions.

    Args:
        content: the reply's text (may be ``None`` or empty).
        tool_arguments: the arguments of its :data:`ANSWER_TOOL` call, a JSON string, if any.
        view: the acting seat's view (``view.legal`` must be set).

    Returns:
        The decision; its action is always legal in ``view``.

    Raises:
        ValueError: if it is not the seat's turn.
        MalformedReplyError: if the reply asks to bet or raise an amount that
            is not a finite, non-negative number (``NaN``, ``Infinity``,
            ``1e400``, a 400-digit integer, ``-5``).

    Example:
        >>> from pokergym.engine import HandState
        >>> view = HandState.new(deck=tuple(range(9)), button=0).view(0)
        >>> str(parse_reply(None, '{"action": "bet", "amount": 500, "reasoning": ""}', view).action)
        'raise to 20000'
        >>> d = parse_reply("I will jam it all in", None, view)
        >>> str(d.action), d.source
        ('raise to 20000', 'regex')
    """
    legal = view.legal
    if legal is None:
        raise ValueError(f"seat {view.seat} is not to act")
    texts = [t for t in (tool_arguments, content) if t]
    for index, text in enumerate(texts):
        answer = find_answer(text)
        if answer is None:
            continue
        requested = _normalise(answer.get("action"))
        if requested is None:
            continue
        source: Source = "tool" if tool_arguments and index == 0 else "json"
        reasoning = answer.get("reasoning")
        return _ground(requested, _number(answer.get("amount")), str(reasoning or ""), source, view, legal)
    for text in texts:
        words = list(_WORDS.finditer(text))
        if words:
            last = words[-1]
            kind = last.lastgroup or "check"
            amount = _number(last.group("amount")) if kind == "raise" else None
            return _ground(kind, amount, text, "regex", view, legal)
    return Decision(conservative_action(legal), "fallback", None, None, "", ())


def _normalise(name: object) -> str | None:
    if not isinstance(name, str):
        return None
    key = re.sub(r"[\s_\-]+", "", name.lower())
    return _SYNONYMS.get(key)


def _number(value: object) -> float | None:
    """The number ``value`` holds (a string's first number), ``None`` if none.

    The result may be ``nan`` or infinite: integers too large for a float
    and strings such as ``"1e400"`` become infinite, never an error.
    """
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        try:
            return float(value)
        except OverflowError:
            return math.inf if value > 0 else -math.inf
    if isinstance(value, float):
        return value
    if isinstance(value, str):
        match = _NUMBER.search(value)
        return float(match.group()) if match else None
    return None


def _checked_amount(requested: str, amount_bb: float | None) -> float | None:
    """``amount_bb`` when usable; an unusable amount of a bet is a malformed reply, of any other action ignored.

    Raises:
        MalformedReplyError: for a bet or raise whose amount is not a finite, non-negative number.
    """
    if amount_bb is None or (math.isfinite(amount_bb) and amount_bb >= 0):
        return amount_bb
    if requested == "raise":
        raise MalformedReplyError(f"the bet amount {amount_bb} is not a finite, non-negative number of big blinds")
    return None


def _ground(
    requested: str,
    amount_bb: float | None,
    reasoning: str,
    source: Source,
    view: PlayerView,
    legal: LegalActions,
) -> Decision:
    amount_bb = _checked_amount(requested, amount_bb)
    repairs: list[str] = []
    action: Action
    if requested == "allin":
        if legal.can_raise:
            action = Action.raise_to(legal.max_raise_to)
        else:
            action = conservative_action(legal) if legal.can_check else Action.call()
            repairs.append(f"allin->{action}")
    elif requested == "raise" and legal.can_raise:
        action = Action.raise_to(_raise_amount(amount_bb, reasoning, view, legal, repairs))
    elif requested == "raise":
        action = Action.call() if legal.can_call else Action.check()
        repairs.append(f"raise->{action}")
    elif requested == "fold" and legal.can_check:
        action = Action.check()
        repairs.append("fold->check")
    elif requested == "fold":
        action = Action.fold()
    elif requested == "check" and not legal.can_check:
        action = Action.call()
        repairs.append("check->call")
    elif requested == "call" and not legal.can_call:
        action = Action.check()
        repairs.append("call->check")
    else:
        action = Action.check() if requested == "check" else Action.call()
    return Decision(action, source, requested, amount_bb, reasoning, tuple(repairs))


def _raise_amount(
    amount_bb: float | None, reasoning: str, view: PlayerView, legal: LegalActions, repairs: list[str]
) -> int:
    """The raise-to chips for a bet of ``amount_bb`` big blinds, after the release's repairs."""
    if amount_bb is None:
        repairs.append("amount_missing")
        return legal.min_raise_to
    # Beyond the stack the amount only matters as "too much": bounding it keeps round() finite.
    chips = round(min(amount_bb * view.config.big_blind, legal.max_raise_to + 1))
    to_call = legal.call_amount
    factor = _CAP_ALL_IN if _ALL_IN_WORDS.search(reasoning) else _CAP
    cap = view.bets[view.seat] + to_call + round(factor * (view.pot + to_call))
    if chips > cap and chips < legal.max_raise_to and cap >= legal.min_raise_to:
        repairs.append(f"capped_{factor:g}x_pot")
        chips = cap
    if not legal.min_raise_to <= chips <= legal.max_raise_to:
        repairs.append("amount_clamped")
        chips = min(max(chips, legal.min_raise_to), legal.max_raise_to)
    return chips
