import importlib
import importlib.util
import json
import sys
from pathlib import Path

import pytest

pytest.importorskip("sb3_contrib")
pytest.importorskip("matplotlib")

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "train_ppo.py"


def _load():
    spec = importlib.util.spec_from_file_location("train_ppo_example", EXAMPLE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_train_ppo_runs_end_to_end(tmp_path, monkeypatch):
    # imported by name (not _load) so that --jobs' spawned workers can import it too
    monkeypatch.syspath_prepend(str(EXAMPLE.parent))
    monkeypatch.delitem(sys.modules, "train_ppo", raising=False)
    example = importlib.import_module("train_ppo")
    argv = ["--opponent", "call", "--features", "pokerskill", "--steps", "2048", "--seeds", "3", "4",
            "--num-envs", "4", "--n-steps", "128", "--batch-size", "128", "--n-epochs", "1", "--net-arch", "16",
            "--eval-pairs", "10", "--final-pairs", "12", "--eval-every", "1024", "--jobs", "2",
            "--out", str(tmp_path), "--quiet"]  # fmt: skip
    report = example.main(argv)
    assert [run["seed"] for run in report["runs"]] == [3, 4]
    for run in report["runs"]:
        assert [point["steps"] for point in run["curve"]] == [0, 1024, 2048]
        assert [point["pairs"] for point in run["curve"]] == [10, 10, 12]
        # each checkpoint is evaluated after the update of the steps it counts (2 rollouts of 512 per 1024)
        assert [point["updates"] for point in run["curve"]] == [0, 2, 4]
        assert Path(run["model"]).is_file()
        assert (tmp_path / "runs" / f"pokerskill_seed{run['seed']}.json").is_file()
    # a run trained in a worker process equals the same run trained here
    args = example.parse_args([*argv[:-3], "--out", str(tmp_path / "again")])
    again = example.train_one(args, "pokerskill", 4)
    assert again["curve"] == report["runs"][1]["curve"]
    assert (tmp_path / "learning_curve.png").stat().st_size > 0
    saved = json.loads((tmp_path / "curves.json").read_text())
    assert len(saved["summary"]["pokerskill"]["mean"]) == 3
    merged = example.main(["--merge", str(tmp_path / "curves.json"), str(tmp_path / "curves.json"),
                           "--out", str(tmp_path / "merged"), "--quiet"])  # fmt: skip
    assert len(merged["runs"]) == 4 and (tmp_path / "merged" / "learning_curve.png").is_file()
    # the saved model plays in the arena
    from baselines.sb3_agent import SB3Agent

    agent = SB3Agent.load(report["runs"][0]["model"], features=example.feature_list("pokerskill", 10))
    from pokergym.agents import CallAgent
    from pokergym.arena import match

    assert match(agent, CallAgent(), pairs=5, seed=0).hands == 10


def test_summary_over_seeds_uses_a_t_interval():
    example = _load()
    runs = [
        {"features": "none", "curve": [{"steps": 0, "mbb_per_hand": v, "ci95": 9.0}]} for v in (10.0, 20.0, 30.0)
    ] + [{"features": "pokerskill", "curve": [{"steps": 0, "mbb_per_hand": 5.0, "ci95": 7.0}]}]
    summary = example.summarize(runs)
    assert summary["none"]["mean"] == [20.0]
    # Student t with 2 degrees of freedom (4.303; pokergym.arena.seeds' expansion is within 1% there)
    assert summary["none"]["ci95"][0] == pytest.approx(4.303 * 10.0 / 3**0.5, rel=0.01)
    assert summary["pokerskill"]["ci95"] == [7.0]  # one seed: the match's own interval


def test_final_points_are_compared_with_the_featureless_arm_over_seeds():
    example = _load()

    def run(features, seed, final):
        return {"features": features, "seed": seed, "curve": [{"steps": 0, "mbb_per_hand": final, "ci95": 1.0}]}

    runs = [run("none", k, v) for k, v in enumerate((1.0, 2.0, 3.0, 2.0))]
    runs += [run("pokerskill", k, v) for k, v in enumerate((9.0, 10.0, 11.0, 10.0))]
    runs += [run("equity", 0, 5.0)]  # one seed: not compared
    comparisons = example.compare_finals(runs)
    assert list(comparisons) == ["pokerskill"]
    row = comparisons["pokerskill"]
    assert row["against"] == "none" and row["difference"] == 8.0 and row["n_a"] == row["n_b"] == 4
    assert row["exact"] and row["p_value"] == pytest.approx(2 / 70)
    assert example.compare_finals([r for r in runs if r["features"] != "none"]) == {}


def test_sb3_vec_env_masks_and_terminal_observation():
    import numpy as np

    from pokergym.vector import HUNLVectorEnv
    from pokergym.vector.sb3 import SB3VecEnv

    env = SB3VecEnv(HUNLVectorEnv(3))
    env.seed(4)
    obs = env.reset()
    assert obs["observation"].shape == (3, 318)
    masks = np.stack(env.env_method("action_masks"))
    assert masks.shape == (3, 9) and masks.dtype == np.bool_
    assert env.has_attr("action_masks")
    done_seen = False
    for _ in range(30):
        actions = np.array([np.flatnonzero(m)[0] if not m[1] else 1 for m in env.env_method("action_masks")])
        obs, rewards, dones, infos = env.step(actions)
        assert rewards.dtype == np.float32
        for i in np.flatnonzero(dones):
            done_seen = True
            assert infos[i]["terminal_observation"]["action_mask"].sum() == 0
    assert done_seen
