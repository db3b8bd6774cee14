"""The slow-play look-ahead in plain Python: every next card analysed and re-budgeted by the Python engine.

``tests/context/test_slow_play.py`` checks the compiled look-ahead's
verdict against :func:`verdict` here on thousands of seeded random hands.
"""

from __future__ import annotations

from budget_reference import _ATTACK_CAP, _made_budget

from pokergym.context.board import analyze_board
from pokergym.context.hand import made_hand
from pokergym.context.record import PotType, SlowPlay


def next_card_attacks(
    hole: tuple[int, ...], board: tuple[int, ...], pot_type: PotType
) -> tuple[tuple[float, int], ...]:
    """``(attack capped at 6, number of cards)`` for the unseen next cards, grouped by rank and relevant suit."""
    seen = set(hole) | set(board)
    suit_counts = [0, 0, 0, 0]
    for c in board:
        suit_counts[c & 3] += 1
    plain = [s for s in range(4) if suit_counts[s] <= 1]
    attacks: list[tuple[float, int]] = []
    mods: list[str] = []
    for rank in range(13):
        groups = [[c] for s in range(4) if (c := rank * 4 + s) not in seen and s not in plain]
        rest = [c for s in plain if (c := rank * 4 + s) not in seen]
        if rest:
            groups.append(rest)
        for group in groups:
            nxt = (*board, group[0])
            info = analyze_board(nxt)
            hand = made_hand(hole, nxt, info, pot_type)
            attack = _made_budget(hand, info, pot_type, mods)[2]
            mods.clear()
            attacks.append((min(attack, _ATTACK_CAP), len(group)))
    return tuple(attacks)


def verdict(hole: tuple[int, ...], board: tuple[int, ...], pot_type: PotType, weighted_total: float) -> SlowPlay:
    """The verdict from the share of next cards after which the capped attack no longer covers a bet a street."""
    streets_left = 5 - len(board)
    if _ATTACK_CAP - weighted_total < streets_left:
        return SlowPlay.NO_SLOW_PLAY
    attacks = next_card_attacks(hole, board, pot_type)
    unseen = sum(count for _, count in attacks)
    unwanted = sum(count for attack, count in attacks if attack - weighted_total < streets_left)
    share = unwanted / unseen
    if share < 0.10:
        return SlowPlay.TRAP
    if share < 0.15:
        return SlowPlay.LEAN_SLOW_PLAY
    if share < 0.255:
        return SlowPlay.LEAN_FAST_PLAY
    return SlowPlay.NO_SLOW_PLAY
