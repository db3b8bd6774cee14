from __future__ import annotations

import json

import numpy as np
import pytest

from baselines.cfr.cli import EXPLOITABILITY_TARGET, solve_main
from baselines.cfr.equity import bucket_tables
from baselines.cfr.export import DEFAULT_PATH, FORMAT, VERSION, dumps, load, solve, strategy_arrays
from baselines.cfr.solver import CFRPlusSolver

SHIPPED = load()


def test_shipped_file_header() -> None:
    assert SHIPPED["format"] == FORMAT and SHIPPED["version"] == VERSION
    assert SHIPPED["sampling"]["seed"] == 0
    assert set(SHIPPED["streets"]) == {"flop", "turn", "river"}
    assert all(len(s) == 5 for s in SHIPPED["streets"].values())


@pytest.mark.parametrize("street", ["flop", "turn", "river"])
def test_shipped_strategies_are_below_the_exploitability_target(street: str) -> None:
    for texture, section in SHIPPED["streets"][street].items():
        game, strategy = strategy_arrays(SHIPPED, street, texture)
        exploitability = float(CFRPlusSolver(game).exploitability(strategy)[0])
        assert exploitability < EXPLOITABILITY_TARGET, (street, texture)
        assert exploitability == pytest.approx(section["exploitability"], abs=2e-4)


def test_one_texture_regenerates_bit_for_bit() -> None:
    meta = SHIPPED["sampling"]
    fresh = solve(meta["seed"], SHIPPED["solver"]["iterations"], meta["deals"], meta["hands"], textures=(4,))
    shipped_text = json.loads(DEFAULT_PATH.read_text())
    for street in ("flop", "turn", "river"):
        assert dumps(fresh["streets"][street]["low_dry"]) == dumps(shipped_text["streets"][street]["low_dry"])
    assert {k: v for k, v in fresh.items() if k != "streets"} == {k: v for k, v in SHIPPED.items() if k != "streets"}


def test_tables_are_reproducible_and_texture_independent() -> None:
    a = bucket_tables(seed=9, deals=40, textures=(1, 2))
    b = bucket_tables(seed=9, deals=40, textures=(2,))
    assert np.array_equal(a.pairs[:, 2], b.pairs[:, 2]) and np.array_equal(a.wins[:, 2], b.wins[:, 2])
    assert not a.pairs[:, 0].any()
    c = bucket_tables(seed=10, deals=40, textures=(2,))
    assert not np.array_equal(b.pairs, c.pairs)
    assert np.allclose(a.equity + a.equity.transpose(0, 1, 3, 2), 1.0)
    assert np.array_equal(a.pairs, a.pairs.transpose(0, 1, 3, 2))


def test_solve_main_writes_the_same_bytes_twice(
    tmp_path: pytest.TempPathFactory, capsys: pytest.CaptureFixture[str]
) -> None:
    first, second = tmp_path / "a.json", tmp_path / "b.json"  # type: ignore[operator]
    args = ["--seed", "3", "--iterations", "300", "--deals", "30", "--texture", "wet"]
    assert solve_main([*args, "--out", str(first)]) == 0
    assert solve_main([*args, "--out", str(second)]) == 0
    assert first.read_bytes() == second.read_bytes()
    assert "worst exploitability" in capsys.readouterr().out


def test_load_rejects_other_files(tmp_path: pytest.TempPathFactory) -> None:
    path = tmp_path / "x.json"  # type: ignore[operator]
    path.write_text('{"format": "other", "version": 1}')
    with pytest.raises(ValueError, match="not a"):
        load(path)
