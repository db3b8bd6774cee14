"""The slow-play look-ahead's attacks as computed before its memo: every next card analysed and re-budgeted in full.

``tests/context/test_slow_play.py`` checks the engine's memoised
``_next_card_attacks`` against :func:`next_card_attacks` here on thousands
of seeded random hands; the verdict is a function of these attacks alone.
"""

from __future__ import annotations

from pokergym.context.board import analyze_board
from pokergym.context.budget import _ATTACK_CAP, _made_budget
from pokergym.context.hand import made_hand
from pokergym.context.record import PotType


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
