"""Where an agent's chips went in a saved match: net BB by the street a hand ended on and how it ended.

Reads a ``histories.jsonl`` written by ``pokergym match --out DIR`` and prints, for the named agent,
hands and net big blinds per (street, ending) — the agent folded, the opponent folded, or a showdown —
and, for river showdowns, per river line: checked down, the opponent bet and the agent called, or the
agent bet or raised and was called, and what the agent's closing calls netted beyond folding in their
place (a river leak of bluff-catching shows there as a negative figure). Last, each duplicate pair's net
goes to the first decision where the two hands of the pair differ: the same cards in the same seat were
played by the agent in one hand and by the opponent in the other, so a pair whose actions match nets zero
and every other pair's net follows from the first place the agent chose otherwise (or the opponent did,
holding the agent's cards).
With ``--preflop N``, also the N preflop lines (the agent's seat, then each action and its size) where the
agent's net was furthest from zero. The hands of ``pokergym exploit AGENT --histories FILE`` read the same
way (the responder is named ``LBR``), but for the first-difference table: an LBR pair deals each seat the
same cards in both hands and moves the button, so its two hands are not a duplicate pair.

Each first difference's pairs come with their mean and its normal 95% interval (``mean_ci``): a bucket of a few hundred
pairs moves by several big blinds a pair from one seed to the next. Several files are pooled (pairs stay
within their file).

Usage (from the repository root):
    PYTHONPATH=. python benchmarks/breakdown.py runs/solver-rule-s7/histories.jsonl solver
    PYTHONPATH=. python benchmarks/breakdown.py runs/cfr-s7/histories.jsonl runs/cfr-s8/histories.jsonl solver
"""

from __future__ import annotations

import argparse
import json
from collections import defaultdict
from collections.abc import Iterable, Iterator
from typing import Any

from pokergym.arena.stats import mean_ci
from pokergym.engine import HandHistory

_RAISES = ("bet", "raise")


def seat_of(hand: dict[str, Any], name: str) -> int:
    """The seat of the player ``name`` in ``hand``.

    Its exact name, else the one spec ``name:options``: ``solver`` finds ``solver:preflop=mixed``, so matches
    saved under both spellings pool.

    Raises:
        ValueError: naming the hand's players, if none or both match.

    Example:
        >>> seat_of({"hand_id": 0, "names": ["rule", "solver:preflop=mixed"]}, "solver")
        1
    """
    names = hand["names"]
    if name in names:
        return int(names.index(name))
    found = [seat for seat, player in enumerate(names) if player.startswith(f"{name}:")]
    if len(found) != 1:
        raise ValueError(f"no single player named {name!r} in hand {hand['hand_id']}: {names}")
    return found[0]


def ending(hand: dict[str, Any], seat: int) -> tuple[str, str]:
    """``(street, how)`` of the hand's end: ``how`` is showdown, "agent folds" or "opponent folds"."""
    last = hand["actions"][-1]
    if hand["showdown"]:
        return last["street"], "showdown"
    return last["street"], "agent folds" if last["kind"] == "fold" and last["seat"] == seat else "opponent folds"


def river_line(hand: dict[str, Any], seat: int) -> str:
    """The river betting of a showdown: checked down, or who made the last bet or raise."""
    aggression = [a for a in hand["actions"] if a["street"] == "river" and a["kind"] in _RAISES]
    if not aggression:
        return "checked down"
    return "agent bet or raised, called" if aggression[-1]["seat"] == seat else "opponent bet or raised, agent called"


def last_call(hand: dict[str, Any], seat: int) -> float:
    """Chips ``seat``'s last action won beyond folding in its place, the hand replayed by the engine.

    Meant for a hand that ends with the agent calling (a river bet it bluff-caught).

    Example:
        >>> from pokergym.cards import parse_cards
        >>> from pokergym.engine import HandHistory, HandState
        >>> state = HandState.new(deck=parse_cards("AsAh7c2dKsQdJh9c4s"), button=0)
        >>> state.raise_to(250); state.call(); state.check(); state.check(); state.check(); state.check()
        >>> state.raise_to(300); state.call()  # the big blind bets the river, the button calls and wins
        >>> last_call(HandHistory.from_state(state).to_dict(), 0)  # won 550 where a fold loses the 250 in
        800.0
    """
    saved = {key: value for key, value in hand.items() if key != "source"}  # :func:`_hands`' tag is not a field
    state = HandHistory.from_dict(saved).state_before(len(hand["actions"]) - 1)
    state.fold()
    assert state.payoffs is not None
    return float(hand["payoffs"][seat] - state.payoffs[seat])


def tally(
    hands: Iterable[dict[str, Any]], name: str
) -> tuple[dict[tuple[str, str], list[float]], dict[str, list[float]]]:
    """Per ending: ``[hands, net BB, hands won]``; per river-showdown line the same and the last calls' net.

    For agent ``name``. The fourth entry of a river line's row sums :func:`last_call` in BB over its hands
    where the agent made the last action, a call: what folding there every time would have changed, negated.
    """
    endings: dict[tuple[str, str], list[float]] = defaultdict(lambda: [0, 0.0, 0])
    rivers: dict[str, list[float]] = defaultdict(lambda: [0, 0.0, 0, 0.0])
    for hand in hands:
        seat = seat_of(hand, name)
        big_blind = hand["config"]["big_blind"]
        result = hand["payoffs"][seat] / big_blind
        key = ending(hand, seat)
        rows = [endings[key]]
        if key == ("river", "showdown"):
            rows.append(rivers[river_line(hand, seat)])
            last = hand["actions"][-1]
            if last["seat"] == seat and last["kind"] == "call":
                rows[-1][3] += last_call(hand, seat) / big_blind
        for row in rows:
            row[0] += 1
            row[1] += result
            row[2] += result > 0
    return endings, rivers


def divergences(hands: Iterable[dict[str, Any]], name: str) -> dict[tuple[str, ...], list[float]]:
    """Per first difference between the two hands of a pair: the net BB of each such pair for ``name``.

    The key is ``(street, position of the cards' seat, what the agent did with them, what the opponent did
    with them)``; ``("none",)`` for pairs played alike. Hands pair up by ``extra["pair"]`` (or hand id // 2)
    within each file: give each file's hands a distinct ``"source"`` to pool several matches.
    """
    pairs: dict[object, list[dict[str, Any]]] = defaultdict(list)
    for hand in hands:
        pairs[hand.get("source", 0), hand["extra"].get("pair", hand["hand_id"] // 2)].append(hand)
    out: dict[tuple[str, ...], list[float]] = defaultdict(list)
    for first, second in (pair for pair in pairs.values() if len(pair) == 2):
        seats = [seat_of(hand, name) for hand in (first, second)]
        net = sum(hand["payoffs"][seat] for hand, seat in zip((first, second), seats, strict=True))
        key: tuple[str, ...] = ("none",)
        for one, other in zip(first["actions"], second["actions"], strict=False):
            if (one["kind"], one["to"]) != (other["kind"], other["to"]):
                mine, theirs, hand = (one, other, first) if one["seat"] == seats[0] else (other, one, second)
                position = "button" if hand["button"] == mine["seat"] else "big blind"
                key = (one["street"], position, f"agent {mine['kind']}", f"opponent {theirs['kind']}")
                break
        out[key].append(net / first["config"]["big_blind"])
    return out


def preflop_lines(hands: Iterable[dict[str, Any]], name: str) -> dict[str, list[float]]:
    """Per preflop line, e.g. ``"button: agent raise 250, opponent raise 500, agent fold"``: ``[hands, net BB]``."""
    out: dict[str, list[float]] = defaultdict(lambda: [0, 0.0])
    for hand in hands:
        seat = seat_of(hand, name)
        steps = [
            f"{'agent' if a['seat'] == seat else 'opponent'} {a['kind']}"
            + (f" {a['to']}" if a["kind"] in _RAISES else "")
            for a in hand["actions"]
            if a["street"] == "preflop"
        ]
        position = "button" if hand["button"] == seat else "big blind"
        row = out[f"{position}: {', '.join(steps)}"]
        row[0] += 1
        row[1] += hand["payoffs"][seat] / hand["config"]["big_blind"]
    return out


def _hands(paths: list[str]) -> Iterator[dict[str, Any]]:
    """The hands of every file, each tagged with its file's index (``"source"``) so pairs stay within a file."""
    for index, path in enumerate(paths):
        with open(path, encoding="utf-8") as lines:
            for line in lines:
                yield {**json.loads(line), "source": index}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("histories", nargs="+", help="the histories.jsonl of one match or more (pooled)")
    parser.add_argument("agent", help="the agent's name in the histories")
    parser.add_argument("--preflop", type=int, default=0, metavar="N", help="also the N preflop lines of most net")
    args = parser.parse_args()
    endings, rivers = tally(_hands(args.histories), args.agent)
    total = sum(row[0] for row in endings.values())
    print(f"{int(total)} hands, {args.agent}: {sum(row[1] for row in endings.values()):+,.0f} BB")
    print("| street | ending | hands | net BB | won |\n|---|---|---:|---:|---:|")
    for (street, how), (n, net, won) in sorted(endings.items()):
        print(f"| {street} | {how} | {int(n)} | {net:+,.0f} | {won / n:.0%} |")
    print("\n| river showdown | hands | net BB | won | the agent's closing calls, net BB |\n|---|---:|---:|---:|---:|")
    for line, (n, net, won, calls) in sorted(rivers.items()):
        print(f"| {line} | {int(n)} | {net:+,.0f} | {won / n:.0%} | {calls:+,.0f} |")
    split = divergences(_hands(args.histories), args.agent)
    heading = "first difference in the pair (street, the cards' seat, agent, opponent)"
    print(f"\n| {heading} | pairs | net BB | BB a pair, 95% |")
    print("|---|---:|---:|---:|")
    for key, nets in sorted(split.items(), key=lambda item: sum(item[1])):
        mean, half = mean_ci(nets)
        print(f"| {', '.join(key)} | {len(nets)} | {sum(nets):+,.0f} | {mean:+.2f} +- {half:.2f} |")
    if args.preflop:
        preflop = preflop_lines(_hands(args.histories), args.agent)
        print("\n| preflop line | hands | net BB |\n|---|---:|---:|")
        for line, (n, net) in sorted(preflop.items(), key=lambda item: -abs(item[1][1]))[: args.preflop]:
            print(f"| {line} | {int(n)} | {net:+,.0f} |")


if __name__ == "__main__":
    main()
