"""Train MaskablePPO (sb3-contrib) on HUNL-v0 against a baseline and plot its learning curve.

The learner plays ``--num-envs`` tables at once through
:class:`pokergym.vector.HUNLVectorEnv` (behind SB3's ``VecEnv`` interface,
illegal actions masked). Every ``--eval-every`` steps (and before training)
the current policy plays ``--eval-pairs`` duplicate pairs against a fresh copy
of the opponent through :func:`pokergym.arena.match` (``SB3Agent``, the same
match seed at every checkpoint, so checkpoints see the same cards). The script
writes, under ``--out``: one model per run (``<opponent>_<features>_seed<k>.zip``),
``curves.json`` (every checkpoint's mbb/hand and 95% CI, all-in adjusted and raw) and ``learning_curve.png``
(mbb/hand vs training steps; one line per feature set, the mean over seeds with a
95% t-interval across seeds, or the match's own CI with one seed).

Quick look (a few minutes on one core):

    python examples/train_ppo.py --opponent call --features none --steps 50000 --eval-pairs 200

Does PokerSkill help? The ablation of ``benchmarks/RESULTS.md`` ("RL"), 8 seeds x 4 feature sets
per opponent, 8 processes (the same command with ``--opponent rule`` beside it: about 6 minutes on
a 16-core machine; hours on 2 cores):

    python examples/train_ppo.py --opponent honest --features none pokerskill equity both \
        --seeds 0 1 2 3 4 5 6 7 --jobs 8 --steps 100000 --eval-every 50000 --eval-pairs 500 \
        --final-pairs 1000 --out runs/abl/honest

It prints each feature set's final mbb/hand (mean over seeds, Student t interval) and each set
against ``none``: the difference with Welch's interval and a permutation p-value over seeds
(:mod:`pokergym.arena.seeds`). Every finished run is also written to ``<out>/runs/``, so runs from
separate processes or machines pool with ``--merge`` (same ``--opponent`` and pairs for the labels):

    python examples/train_ppo.py --opponent honest --eval-pairs 500 --final-pairs 1000 \
        --out runs/abl/merged --merge runs/abl/honest/runs/*.json
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import numpy as np

import baselines
from baselines.sb3_agent import SB3Agent
from pokergym.arena import match
from pokergym.arena.seeds import compare_seeds, t_interval
from pokergym.arena.variance import adjusted_match
from pokergym.vector import HUNLVectorEnv
from pokergym.wrappers import EquityObservation, PokerSkillObservation
from pokergym.wrappers._base import ViewFeature
from pokergym.wrappers.equity import EquityFeature
from pokergym.wrappers.pokerskill import PokerSkillFeature

FEATURE_SETS = ("none", "pokerskill", "equity", "both")


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--opponent", default="call", help="baseline spec, e.g. call, honest, honest:samples=200")
    parser.add_argument("--features", nargs="+", choices=FEATURE_SETS, default=["none"], help="feature sets to train")
    parser.add_argument("--steps", type=int, default=100_000, help="learner decisions per run")
    parser.add_argument("--seed", type=int, default=0, help="seed of a single run (ignored with --seeds)")
    parser.add_argument("--seeds", type=int, nargs="+", help="several seeds: one run per seed and feature set")
    parser.add_argument("--eval-pairs", type=int, default=500, help="duplicate pairs per evaluation")
    parser.add_argument(
        "--final-pairs", type=int, help="duplicate pairs of the final evaluation (default --eval-pairs)"
    )
    parser.add_argument("--eval-every", type=int, default=0, help="steps between evaluations (default steps / 10)")
    parser.add_argument("--eval-seed", type=int, default=12345, help="match seed of every evaluation")
    parser.add_argument("--num-envs", type=int, default=8, help="tables stepped together")
    parser.add_argument("--n-steps", type=int, default=256, help="rollout length per table")
    parser.add_argument("--batch-size", type=int, default=256)
    parser.add_argument("--n-epochs", type=int, default=4)
    parser.add_argument("--learning-rate", type=float, default=3e-4)
    parser.add_argument("--ent-coef", type=float, default=0.01)
    parser.add_argument("--net-arch", type=int, nargs="+", default=[128, 128], help="hidden layer sizes")
    parser.add_argument("--equity-samples", type=int, default=200, help="Monte Carlo deals of the equity feature")
    parser.add_argument("--threads", type=int, default=1, help="torch threads")
    parser.add_argument("--jobs", type=int, default=1, help="runs trained at once, one process each")
    parser.add_argument("--out", type=Path, default=Path("runs/ppo"), help="output folder")
    parser.add_argument("--quiet", action="store_true", help="no progress lines")
    parser.add_argument(
        "--merge", type=Path, nargs="+", help="no training: pool the runs of these curves.json files and plot them"
    )
    return parser.parse_args(argv)


def feature_list(features: str, equity_samples: int) -> list[ViewFeature]:
    """The observation entries a feature set adds, in wrapper order."""
    out: list[ViewFeature] = []
    if features in ("pokerskill", "both"):
        out.append(PokerSkillFeature())
    if features in ("equity", "both"):
        out.append(EquityFeature(equity_samples))
    return out


def make_wrap(features: str, equity_samples: int) -> Any:
    """The per-table wrapper of a feature set (``None`` for none)."""
    if features == "none":
        return None

    def wrap(env: Any) -> Any:
        if features in ("pokerskill", "both"):
            env = PokerSkillObservation(env)
        if features in ("equity", "both"):
            env = EquityObservation(env, samples=equity_samples)
        return env

    return wrap


def evaluate(model: Any, args: argparse.Namespace, features: str, pairs: int) -> dict[str, float]:
    """mbb/hand and its 95% CI of the current policy against a fresh opponent, all-in adjusted and raw.

    The all-in adjustment (:mod:`pokergym.arena.variance`) replaces the board luck of hands that
    went all-in before the river by its exact expectation: the same mean, and a much narrower
    interval for policies that shove often, as untrained ones do.
    """
    # The arena deep-copies agents: hand it a fresh copy of the weights and the spaces only, not the
    # model (its training tables, optimizer state and cached tensors do not deep-copy).
    live = model.policy
    policy = type(live)(**live._get_constructor_parameters())
    policy.load_state_dict(live.state_dict())
    policy.set_training_mode(False)
    snapshot = SimpleNamespace(
        policy=policy, observation_space=model.observation_space, action_space=model.action_space
    )
    agent = SB3Agent(snapshot, features=feature_list(features, args.equity_samples), name="ppo")
    with tempfile.TemporaryDirectory() as folder:
        histories = Path(folder) / "evaluation.jsonl"
        match(agent, baselines.make(args.opponent), pairs=pairs, seed=args.eval_seed, histories=histories)
        scored = adjusted_match(histories)
    return {
        "mbb_per_hand": scored.allin.mbb_per_hand,
        "ci95": scored.allin.ci95,
        "raw_mbb_per_hand": scored.raw.mbb_per_hand,
        "raw_ci95": scored.raw.ci95,
    }


def train_one(args: argparse.Namespace, features: str, seed: int) -> dict[str, Any]:
    """Train one run, evaluating along the way; returns its curve."""
    import torch

    torch.set_num_threads(args.threads)
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.callbacks import BaseCallback

    from pokergym.vector.sb3 import SB3VecEnv

    venv = HUNLVectorEnv(
        args.num_envs, opponent=lambda: baselines.make(args.opponent), wrap=make_wrap(features, args.equity_samples)
    )
    env = SB3VecEnv(venv)
    env.seed(seed)
    model = MaskablePPO(
        "MultiInputPolicy",
        env,
        n_steps=args.n_steps,
        batch_size=args.batch_size,
        n_epochs=args.n_epochs,
        learning_rate=args.learning_rate,
        ent_coef=args.ent_coef,
        policy_kwargs={"net_arch": list(args.net_arch)},
        seed=seed,
        device="cpu",
    )
    every = args.eval_every or max(1, args.steps // 10)
    curve: list[dict[str, float]] = []
    label = f"{args.opponent} {features} seed {seed}"

    evaluation_seconds = [0.0]

    def checkpoint(steps: int, pairs: int) -> None:
        clock = time.perf_counter()
        scores = evaluate(model, args, features, pairs)
        evaluation_seconds[0] += time.perf_counter() - clock
        curve.append({"steps": steps, "updates": int(model._n_updates), "pairs": pairs, **scores})
        if not args.quiet:
            print(
                f"[{label}] {steps:>9} steps, {pairs} pairs: {scores['mbb_per_hand']:9.1f} +- {scores['ci95']:.1f} "
                "mbb/hand "
                f"all-in adjusted (raw {scores['raw_mbb_per_hand']:.1f} +- {scores['raw_ci95']:.1f})",
                flush=True,
            )

    class Evaluator(BaseCallback):
        """Evaluates at the start of a rollout: the update of the steps counted so far is done by then.

        (During a rollout, ``num_timesteps`` already counts steps the policy has not been trained on.)
        The last evaluation, with ``--final-pairs``, comes after ``learn`` returns.
        """

        def __init__(self) -> None:
            super().__init__()
            self.next_eval = every

        def _on_rollout_start(self) -> None:
            if self.next_eval <= self.num_timesteps < args.steps:
                checkpoint(self.num_timesteps, args.eval_pairs)
                self.next_eval = (self.num_timesteps // every + 1) * every

        def _on_step(self) -> bool:
            return True

    checkpoint(0, args.eval_pairs)
    started, evaluation_seconds[0] = time.perf_counter(), 0.0
    model.learn(args.steps, callback=Evaluator())
    seconds = time.perf_counter() - started - evaluation_seconds[0]  # training alone
    checkpoint(model.num_timesteps, args.final_pairs or args.eval_pairs)
    (args.out / "runs").mkdir(parents=True, exist_ok=True)
    path = args.out / f"{args.opponent.replace(':', '_')}_{features}_seed{seed}.zip"
    model.save(path)
    env.close()
    run = {"features": features, "seed": seed, "model": str(path), "train_seconds": seconds, "curve": curve}
    (args.out / "runs" / f"{features}_seed{seed}.json").write_text(json.dumps(run, indent=1), encoding="utf-8")
    return run


def summarize(runs: list[dict[str, Any]]) -> dict[str, dict[str, list[float]]]:
    """Per feature set: steps, mean mbb/hand over seeds and its 95% half-width at each checkpoint.

    The half-width is Student's t over seeds (:func:`pokergym.arena.seeds.t_interval`), or the
    match's own interval when the set has one seed.
    """
    out: dict[str, dict[str, list[float]]] = {}
    for features in dict.fromkeys(run["features"] for run in runs):
        group = [run["curve"] for run in runs if run["features"] == features]
        length = min(len(curve) for curve in group)
        steps, means, halves = [], [], []
        for k in range(length):
            values = [curve[k]["mbb_per_hand"] for curve in group]
            steps.append(float(group[0][k]["steps"]))
            if len(values) > 1:
                mean, half = t_interval(values)
            else:
                mean, half = values[0], group[0][k]["ci95"]
            means.append(mean)
            halves.append(half)
        out[features] = {"steps": steps, "mean": means, "ci95": halves}
    return out


def compare_finals(runs: list[dict[str, Any]], baseline: str = "none") -> dict[str, dict[str, Any]]:
    """Each feature set's final mbb/hand per seed against ``baseline``'s: Welch's interval, permutation p.

    Sets with fewer than two seeds, and everything when ``baseline`` was not trained, are left out.
    """
    finals: dict[str, list[float]] = {}
    for run in sorted(runs, key=lambda run: run["seed"]):
        finals.setdefault(run["features"], []).append(run["curve"][-1]["mbb_per_hand"])
    out: dict[str, dict[str, Any]] = {}
    if len(finals.get(baseline, [])) < 2:
        return out
    for features, values in finals.items():
        if features == baseline or len(values) < 2:
            continue
        result = compare_seeds(finals[baseline], values)
        out[features] = {"against": baseline, **asdict(result)}
    return out


def plot(summary: dict[str, dict[str, list[float]]], runs: list[dict[str, Any]], args: argparse.Namespace) -> Path:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 4.5))
    for features, line in summary.items():
        steps, mean, half = (np.array(line[key]) for key in ("steps", "mean", "ci95"))
        (handle,) = ax.plot(
            steps, mean, marker="o", label=f"{features} (n={sum(r['features'] == features for r in runs)})"
        )
        ax.fill_between(steps, mean - half, mean + half, color=handle.get_color(), alpha=0.2)
        for run in runs:
            if run["features"] == features:
                curve = run["curve"]
                ax.plot(
                    [c["steps"] for c in curve],
                    [c["mbb_per_hand"] for c in curve],
                    color=handle.get_color(),
                    alpha=0.3,
                    linewidth=0.8,
                )
    ax.axhline(0.0, color="grey", linewidth=0.8)
    ax.set_xlabel("training steps (learner decisions)")
    pairs = f"{args.eval_pairs} duplicate pairs" + (f", the last {args.final_pairs}" if args.final_pairs else "")
    ax.set_yscale("symlog", linthresh=1000)
    ax.set_ylabel("mbb/hand, all-in adjusted")
    ax.set_title(f"MaskablePPO on HUNL-v0 vs {args.opponent} ({pairs})", fontsize=10)
    ax.legend()
    fig.tight_layout()
    path: Path = args.out / "learning_curve.png"
    fig.savefig(path, dpi=120)
    plt.close(fig)
    return path


def train_all(args: argparse.Namespace, runs: list[tuple[str, int]]) -> list[dict[str, Any]]:
    """Train every (feature set, seed), ``--jobs`` at a time, seed-major (a cut-short sweep stays balanced).

    Each finished run is also written to ``<out>/runs/<features>_seed<k>.json`` (``--merge`` reads those).
    """
    if args.jobs <= 1:
        done = [train_one(args, features, seed) for features, seed in runs]
    else:
        with ProcessPoolExecutor(args.jobs, mp_context=multiprocessing.get_context("spawn")) as pool:
            done = [future.result() for future in [pool.submit(train_one, args, f, s) for f, s in runs]]
    order = {features: k for k, features in enumerate(args.features)}
    return sorted(done, key=lambda run: (order[run["features"]], run["seed"]))


def merge(paths: list[Path]) -> list[dict[str, Any]]:
    """The runs of ``curves.json`` files and of single-run files (``<out>/runs/*.json``), in feature order."""
    runs: list[dict[str, Any]] = []
    for path in paths:
        data = json.loads(path.read_text(encoding="utf-8"))
        runs.extend(data.get("runs", [data]))
    order = {features: k for k, features in enumerate(FEATURE_SETS)}
    return sorted(runs, key=lambda run: (order[run["features"]], run["seed"]))


def main(argv: list[str] | None = None) -> dict[str, Any]:
    args = parse_args(argv)
    import torch

    torch.set_num_threads(args.threads)
    args.out.mkdir(parents=True, exist_ok=True)
    if args.merge:
        runs = merge(args.merge)
    else:
        seeds = args.seeds if args.seeds else [args.seed]
        runs = train_all(args, [(features, seed) for seed in seeds for features in args.features])
    summary = summarize(runs)
    comparisons = compare_finals(runs)
    report = {
        "args": vars(args),
        "runs": runs,
        "summary": summary,
        "comparisons": comparisons,
    }
    (args.out / "curves.json").write_text(json.dumps(report, indent=2, default=str), encoding="utf-8")
    figure = plot(summary, runs, args)
    if not args.quiet:
        for features, line in summary.items():
            print(f"{features:>10}: final {line['mean'][-1]:.1f} +- {line['ci95'][-1]:.1f} mbb/hand")
        for features, row in comparisons.items():
            print(
                f"{features:>10} - {row['against']}: {row['difference']:+.1f} +- {row['ci95']:.1f} mbb/hand "
                f"(Welch, {row['n_b']} vs {row['n_a']} seeds), permutation p = {row['p_value']:.4f}"
            )
        print(f"wrote {figure} and {args.out / 'curves.json'}")
    return report


if __name__ == "__main__":
    main(sys.argv[1:])
