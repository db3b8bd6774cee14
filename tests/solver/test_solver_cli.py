from pathlib import Path

import pytest

from pokergym.cli import main
from pokergym.solver import Solution

SPOT = [
    "solve",
    "spot",
    "--board",
    "Td9d6h2c",
    "--pot",
    "1000",
    "--stack",
    "3000",
    "--oop",
    "TT,99,AdKd,QJ",
    "--ip",
    "JJ,AT,87s",
    "--sizes",
    "50,a",
    "--raises",
    "a",
    "--raise-cap",
    "1",
]


def test_solve_spot_prints_progress_and_the_root_strategy(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "spot.npz"
    assert main([*SPOT, "--target", "1", "--out", str(out)]) == 0
    text = capsys.readouterr().out
    assert "iteration 25: exploitability" in text
    assert "OOP at the root (check, bet 500, bet 3000)" in text
    assert "  TT " in text
    assert Solution.load(out).exploitability_pct <= 1.0


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (("--oop", "TT,9x"), "bad range token '9x'"),
        (("--board", "Td9d"), "3, 4 or 5 cards"),
        (("--stack", "50"), "below one big blind"),
        (("--sizes", "0"), "bad size '0'"),
    ],
)
def test_solve_spot_reports_bad_input_in_one_line(
    change: tuple[str, str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = list(SPOT)
    argv[argv.index(change[0]) + 1] = change[1]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


def test_isomorphism_is_on_unless_switched_off(capsys: pytest.CaptureFixture[str]) -> None:
    flop = [*SPOT[:3], "Td9d6h", *SPOT[4:9], "99+,AQs+", "--ip", "TT+,AKs", "--sizes", "75", *SPOT[-4:]]
    sizes = []
    for extra in ([], ["--no-isomorphism"]):
        assert main([*flop, *extra, "--iterations", "2", "--quiet"]) == 0
        head = capsys.readouterr().out.splitlines()[0]
        sizes.append(int(head.split("; ")[1].split(" nodes")[0].replace(",", "")))
        assert head.endswith("(suits alike: cs)" if not extra else "(suits alike: none)")
    assert sizes[0] < 0.8 * sizes[1]
