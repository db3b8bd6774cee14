from __future__ import annotations

import numpy as np
import pytest

from baselines.cfr.abstraction import BUCKETS, LIVEGTO, TEXTURES, bucket_of, texture_of
from pokergym.cards import parse_cards


@pytest.mark.parametrize(
    ("flop", "texture"),
    [
        ("As Ks 2s", "monotone"),
        ("9h 9d 9c", "paired"),
        ("Ah Kh Kd", "paired"),  # two-tone and paired: paired is tested first
        ("Ts 9s 7h", "wet"),
        ("Js 9s 6h", "low_dry"),  # gap of 3: not connected; one card T+
        ("Qs Jh 4c", "high_dry"),
        ("Ts 5h 2c", "low_dry"),
        ("8s 7h 6c", "low_dry"),  # connected but rainbow
    ],
)
def test_textures(flop: str, texture: str) -> None:
    assert TEXTURES[texture_of(parse_cards(flop))] == texture


def test_texture_reads_only_the_flop() -> None:
    assert texture_of(parse_cards("Ts 5h 2c 5d 5s")) == texture_of(parse_cards("Ts 5h 2c"))
    with pytest.raises(ValueError, match="three flop cards"):
        texture_of(parse_cards("As Kd"))


@pytest.mark.parametrize(
    ("hole", "board", "bucket"),
    [
        ("Th Td", "Ts 7h 2c", "premium"),  # top set, dry
        ("Th Td", "Ts 9s 8h", "nut"),  # top set, wet
        ("7d 7s", "Ts 7h 2c", "nut"),  # lower set
        ("7d 7s", "Ts 7s 2s", "strong"),  # lower set, monotone
        ("As 3s", "Ks 8s 2s", "premium"),  # ace-high flush
        ("Qs 3s", "Ks 8s 2s", "nut"),
        ("6s 3s", "Ks 8s 2s", "strong"),
        ("7c 3d", "Ks 8s 2s 5s 4s", "good"),  # the board plays a flush
        ("Ad Kd", "Qs Jh Tc 2h 3c", "nut"),  # two-card straight
        ("Ad Kd", "Qs Js Ts 2h 3c", "strong"),  # the same on a monotone flop
        ("Ad 5c", "Qh Jd Tc 2h Kc", "strong"),  # one-card straight
        ("Kd Qd", "Kc 8h 2s", "good"),  # top pair, queen kicker
        ("Ad Kd", "Kc 8h 2s", "strong"),
        ("Kd 4c", "Kc 8h 2s", "medium"),
        ("Kd 8c", "Kc 8h 2s", "nut"),  # top two pair
        ("8d 2d", "Kc 8h 2s", "strong"),  # bottom two pair
        ("Qd Qc", "Jc 8h 2s", "strong"),  # overpair QQ+
        ("Jd Jc", "Tc 8h 2s", "good"),
        ("9d 9c", "8c 7h 2s", "medium"),
        ("5d 5c", "Kc 4h 2s", "medium"),  # underpair above the second card
        ("3d 3c", "Kc 4h 2s", "weak_made"),
        ("2d Ac", "Kc 8h 2s", "weak_made"),  # bottom pair
        ("8d 3c", "Kc 8h 2s", "medium"),  # middle pair
        ("Ad Qd", "Kd 8d 2s", "draw"),  # flush draw
        ("9d Td", "Jd 8d 2s", "nut"),  # flush draw + open-ender
        ("9c Tc", "Jd 8h 2s", "draw"),  # open-ender
        ("9c Qc", "Jd 8h 2s", "weak_draw"),  # gutshot
        ("9c 5c", "Jd 8h 2s", "air"),
        ("Ac 3c", "Kd 8h 2s", "weak_draw"),  # an ace above the board
        ("9c 5c", "Jc 8h 2s", "weak_draw"),  # backdoor flush draw
        ("7c 3d", "Kd 9h 2s", "air"),
        ("7c 3d", "Kd Kh 2s", "air"),  # the board's pair does not count
        ("Kc 3d", "Kd Kh 2s", "strong"),  # trips
        ("5c 5d", "Kd Kh 2s", "medium"),  # a pocket pair on a paired board is an underpair
        ("7c 3d", "Qd Jh 9s Tc 8h", "good"),  # the board plays a straight
    ],
)
def test_bucket_rules(hole: str, board: str, bucket: str) -> None:
    assert BUCKETS[bucket_of(parse_cards(hole), parse_cards(board))] == bucket


def test_every_deal_gets_a_bucket() -> None:
    rng = np.random.default_rng(0)
    seen = set()
    for _ in range(3000):
        cards = rng.permutation(52)[:7].tolist()
        for size in (3, 4, 5):
            texture, bucket = LIVEGTO.classify(cards[:2], cards[2 : 2 + size])
            assert 0 <= texture < len(TEXTURES) and 0 <= bucket < len(BUCKETS)
            seen.add(bucket)
    assert seen == set(range(len(BUCKETS)))


def test_no_draws_on_the_river() -> None:
    hole, board = parse_cards("Ad Qd"), parse_cards("Kd 8d 2s 3c 4h")
    assert BUCKETS[bucket_of(hole, board)] == "weak_draw"  # the ace overcard only
