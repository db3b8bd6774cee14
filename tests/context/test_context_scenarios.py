"""Every one of the sixty action-line scenarios, built through the engine.

Seat 0 is the button (in position after the flop). ``r250 c`` makes the
button the preflop raiser in a single-raised pot; ``r250 r900 c`` makes the
big blind the 3-bettor.
"""

from __future__ import annotations

import pytest
from context_helpers import actor_view

from pokergym.context import PotType, Role, Scenario, analyze
from pokergym.context.line import read_line

SRP = "r250 c |"
BB3 = "r250 r900 c |"

CASES: list[tuple[str, str]] = [
    (SRP + " k", "F-A1"),
    (BB3, "F-A2"),
    (SRP + " r200", "F-A3"),
    (BB3 + " k", "F-D1"),
    (BB3 + " r500", "F-D2"),
    (SRP, "F-D3"),
    (SRP + " k r300", "F-D4"),
    (SRP + " k r300 r1000", "F-R2"),
    (SRP + " k r300 r1000 r2500", "F-R3"),
    (SRP + " k r200 c | k", "T-A1"),
    (BB3 + " r500 c |", "T-A2"),
    (SRP + " k r200 c | r400", "T-A3"),
    (SRP + " k k | k", "T-N1"),
    (SRP + " k k |", "T-N2"),
    (SRP + " k k | r300", "T-N3"),
    (BB3 + " r500 c | k", "T-D1"),
    (BB3 + " r500 c | r1000", "T-D2"),
    (SRP + " k r200 c |", "T-D3"),
    (SRP + " k r200 c | k r400", "T-D4"),
    (SRP + " k r200 r600 c |", "T-CR1"),
    (SRP + " r200 r600 c | k", "T-CR2"),
    (SRP + " k r200 r600 c | k r800", "T-CR3"),
    (SRP + " k r200 r600 c | k", "T-VR1"),
    (SRP + " k r200 r600 c | r800", "T-VR2"),
    (SRP + " r200 r600 c |", "T-VR3"),
    (SRP + " r200 r600 c | k r800", "T-VR4"),
    (SRP + " k r200 r600 r1500 c |", "T-3B1"),
    (SRP + " k k | k r300 r900 r2400", "T-TR1"),
    (SRP + " k k | k r300 r900", "T-TR2"),
    (SRP + " k k | r300 r900 r2400", "T-TR3"),
    (SRP + " k r200 c | k r400 c | k", "R-AA1"),
    (BB3 + " r500 c | r1000 c |", "R-AA2"),
    (SRP + " k r200 c | k r400 c | r800", "R-AA3"),
    (SRP + " k r200 c | k k | k", "R-BC1"),
    (BB3 + " r500 c | k k |", "R-BC2"),
    (SRP + " k r200 c | k k | r300", "R-BC3"),
    (SRP + " k k | k r300 c | k", "R-CB1"),
    (SRP + " k k | r300 c |", "R-CB2"),
    (SRP + " k k | k r300 c | r600", "R-CB3"),
    (SRP + " k k | k k | k", "R-NN1"),
    (SRP + " k k | k k |", "R-NN2"),
    (SRP + " k k | k k | r300", "R-NN3"),
    (BB3 + " r500 c | r1000 c | k", "R-DD1"),
    (BB3 + " r500 c | r1000 c | r2000", "R-DD2"),
    (SRP + " k r200 c | k r400 c |", "R-DD3"),
    (SRP + " k r200 c | k r400 c | k r800", "R-DD4"),
    (BB3 + " r500 c | k k | k", "R-DM1"),
    (SRP + " k r200 c | k k |", "R-DM2"),
    (SRP + " k r200 c | k k | k r400", "R-DM3"),
    (SRP + " k r200 r600 c | r800 c |", "R-CR1"),
    (SRP + " k r200 r600 c | r800 c | k r1500", "R-CR2"),
    (SRP + " k r200 r600 c | k k |", "R-CR3"),
    (SRP + " k r200 r600 c | k k | k r1000", "R-CR4"),
    (SRP + " k r200 r600 c | k k | k", "R-VCR1"),
    (SRP + " r200 r600 c | k k |", "R-VCR2"),
    (SRP + " k r200 r600 c | k k | r1000", "R-VCR3"),
    (SRP + " k r200 r600 r1500 c | k k |", "R-3B1"),
    (SRP + " k k | k r300 r900 c |", "R-TR1"),
    (SRP + " k k | k r300 r900 c | k", "R-TR2"),
    (SRP + " k k | k r300 r900 c | r1500", "R-TR3"),
]


def test_every_scenario_is_covered_once() -> None:
    assert sorted(s for _, s in CASES) == sorted(s.value for s in Scenario)


@pytest.mark.parametrize(("actions", "expected"), CASES, ids=[s for _, s in CASES])
def test_scenario(actions: str, expected: str) -> None:
    view = actor_view(actions)
    ctx = analyze(view)
    assert ctx.scenario == Scenario(expected)
    assert ctx.scenario.street == view.street
    assert ctx.viable, "the seat to act always has options"
    for option in ctx.viable:
        action = option.to_action(view)
        assert action.kind.name in {"FOLD", "CHECK", "CALL", "RAISE", "BET"}


@pytest.mark.parametrize(
    ("actions", "pot_type", "role", "initiative"),
    [
        ("c", PotType.LIMP, Role.DEFENDER, None),
        ("c k |", PotType.LIMP, Role.DEFENDER, 0),
        ("r250 c |", PotType.SRP, Role.DEFENDER, 0),
        ("r250 r900 c |", PotType.THREE_BET, Role.AGGRESSOR, 1),
        ("r250 r900 r2400 c |", PotType.FOUR_BET, Role.DEFENDER, 0),
        ("r250 r900 r2400 r6000 c |", PotType.FIVE_BET_PLUS, Role.AGGRESSOR, 1),
        ("r250 c | k k |", PotType.SRP, Role.NORMAL, 0),
        ("r250 c | k k | r300 c |", PotType.SRP, Role.AGGRESSOR, 1),
        ("r250 c | k r200 c |", PotType.SRP, Role.DEFENDER, 0),
    ],
)
def test_pot_type_role_initiative(actions: str, pot_type: PotType, role: Role, initiative: int | None) -> None:
    line = read_line(actor_view(actions))
    assert (line.pot_type, line.role, line.initiative) == (pot_type, role, initiative)


def test_weights_and_river_check_raise() -> None:
    # flop: 200 into 500 (40% -> 0.65, the first threshold above 40 is 45); turn: 450 into 900 (50% -> 0.75)
    line = read_line(actor_view("r250 c | k r200 c | k r450 c |"))
    assert line.weights == (0.65, 0.75)
    assert line.weighted_total == pytest.approx(1.4) and line.weighted_hero == 0.0
    # river check-raise: bet 600 into 1800 (33% -> 0.55), raise to 1800: 1200/3000 = 40% -> 0.65 x 1.5
    line = read_line(actor_view("r250 c | k r200 c | k r450 c | k r600 r1800"))
    assert line.weights[-2:] == (0.55, pytest.approx(0.975))
    assert line.facing_pct == pytest.approx(40.0) and line.facing_raise
