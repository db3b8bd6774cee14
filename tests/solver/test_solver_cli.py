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


def test_solve_preflop_prints_the_model_and_a_curve_folds_more_buttons(capsys: pytest.CaptureFixture[str]) -> None:
    def button_folds(*options: str) -> tuple[str, float]:
        assert main(["solve", "preflop", "--iterations", "100", *options]) == 0
        lines = capsys.readouterr().out.splitlines()
        share = lines[2].split("fold ")[1].split("%")[0]
        return lines[0], float(share)

    linear_header, linear = button_folds()
    curved_header, curved = button_folds("--curve", "2", "--realization", "0.9", "--raiser-realization", "0.9")
    assert "S-curve" not in linear_header and "S-curve of exponent 2.0" in curved_header
    assert linear < 10.0 < curved  # the linear model's button plays almost every hand
    assert main(["solve", "preflop", "--curve", "0"]) == 2
    assert "curve must be a positive exponent" in capsys.readouterr().err
