"""Train the league agent (MaskablePPO + PokerSkill features against baselines and its own snapshots).

The run writes, under ``--out``: ``ppo_league.npz`` (the exported numpy policy
that ``baselines.make("ppo:weights=...")`` plays), ``checkpoint/`` (resume with
``--resume``), ``league_curve.json`` and ``league_curve.png`` (the learner's
running mbb/hand against each league member over training steps: training
hands, not a duplicate evaluation; measure the result with ``pokergym match``).

Quick look (about a minute on one core):

    python examples/train_league.py --steps 20000 --out runs/league_smoke

The shipped policy (see ``benchmarks/RESULTS.md``, section "PPO league agent", for the
exact command, its steps per hour and the figures):

    python examples/train_league.py --steps 3000000 --seed 0 --out runs/league
    cp runs/league/ppo_league.npz baselines/ppo/data/ppo_league.npz

The shipped agent plays that policy before the flop and, from the flop on, the same policy trained on with the
league tilted towards rule (section "A league tilted towards rule"):

    python examples/train_league.py --init-weights baselines/ppo/data/ppo_league.npz --steps 20000000 --workers 2 \
        --num-envs 16 --n-steps 128 --batch-size 1024 --learning-rate 1e-4 --time-limit 2700 --log-every 100000 \
        --snapshot-every 300000 --max-snapshots 2 --temperature 0.5 --critic-warmup 100000 \
        --checkpoint-every 1000000 --threads 1 --out runs/league-rule
    cp runs/league-rule/ppo_league.npz baselines/ppo/data/ppo_postflop.npz

(its time limit stopped it at 5,190,128 learner steps on a 2-core machine).

Training on from the shipped policy (``--init-weights``, with ``--critic-warmup`` steps that train only the
critic), with the league's priority sharpened (``--temperature``) or a local best responder to the learner's
latest snapshot among the members (``--exploiter-share``, the newest ``--exploiters-kept`` of them at once), or the
learner's called all-ins before the river paid at their equity (``--allin-reward``): the same section, "A league
tilted towards rule", "An LBR exploiter in the league" and "All-in luck out of the training reward".
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from baselines.ppo.train import DEFAULT_OPPONENTS, LeagueConfig, train_league


def parse_args(argv: list[str] | None) -> LeagueConfig:
    defaults = LeagueConfig()
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--steps", type=int, default=defaults.steps, help="learner decisions in total")
    parser.add_argument("--seed", type=int, default=defaults.seed)
    parser.add_argument("--out", type=Path, default=defaults.out)
    parser.add_argument("--opponents", nargs="+", default=list(DEFAULT_OPPONENTS), help="baseline specs")
    parser.add_argument("--num-envs", type=int, default=defaults.num_envs)
    parser.add_argument("--workers", type=int, default=0, help="processes for the tables (0: all in this one)")
    parser.add_argument("--n-steps", type=int, default=defaults.n_steps)
    parser.add_argument("--batch-size", type=int, default=defaults.batch_size)
    parser.add_argument("--learning-rate", type=float, default=defaults.learning_rate)
    parser.add_argument("--ent-coef", type=float, default=defaults.ent_coef)
    parser.add_argument("--net-arch", type=int, nargs="+", default=list(defaults.net_arch))
    parser.add_argument("--snapshot-every", type=int, default=defaults.snapshot_every)
    parser.add_argument("--max-snapshots", type=int, default=defaults.max_snapshots)
    parser.add_argument(
        "--temperature",
        type=float,
        default=defaults.temperature,
        help="big blinds per hand that change a member's drawing weight by a factor e (lower: more hands against "
        "the members the learner beats least)",
    )
    parser.add_argument("--log-every", type=int, default=defaults.log_every)
    parser.add_argument("--checkpoint-every", type=int, default=defaults.checkpoint_every)
    parser.add_argument("--threads", type=int, default=1, help="torch threads")
    parser.add_argument("--time-limit", type=float, help="stop and save after this many seconds of training")
    parser.add_argument("--resume", action="store_true", help="continue from --out's checkpoint")
    parser.add_argument(
        "--init-weights", type=Path, help="start the actor from this exported network (e.g. the shipped ppo's .npz)"
    )
    parser.add_argument(
        "--exploiter-share",
        type=float,
        default=defaults.exploiter_share,
        help="largest share of hands against LBR to the learner's latest snapshot (0: none)",
    )
    parser.add_argument(
        "--exploiter-samples",
        type=int,
        default=defaults.exploiter_samples,
        help="holdings on which the exploiter tracks the learner's range",
    )
    parser.add_argument(
        "--exploiters-kept",
        type=int,
        default=defaults.exploiters_kept,
        help="exploiters in the league at once, the oldest retired at each renewal (1: the newest only)",
    )
    parser.add_argument(
        "--critic-warmup",
        type=int,
        default=defaults.critic_warmup,
        help="learner steps at the start that train the critic only (for --init-weights)",
    )
    parser.add_argument(
        "--allin-reward",
        action="store_true",
        help="pay the learner's called all-ins before the river at their equity, without the run-out's luck",
    )
    parser.add_argument("--quiet", action="store_true")
    args = parser.parse_args(argv)
    import torch

    torch.set_num_threads(args.threads)
    return LeagueConfig(
        steps=args.steps,
        seed=args.seed,
        out=args.out,
        opponents=tuple(args.opponents),
        num_envs=args.num_envs,
        workers=args.workers,
        n_steps=args.n_steps,
        batch_size=args.batch_size,
        learning_rate=args.learning_rate,
        ent_coef=args.ent_coef,
        net_arch=tuple(args.net_arch),
        snapshot_every=args.snapshot_every,
        max_snapshots=args.max_snapshots,
        temperature=args.temperature,
        log_every=args.log_every,
        checkpoint_every=args.checkpoint_every,
        time_limit_s=args.time_limit,
        resume=args.resume,
        init_weights=args.init_weights,
        exploiter_share=args.exploiter_share,
        exploiter_samples=args.exploiter_samples,
        exploiters_kept=args.exploiters_kept,
        critic_warmup=args.critic_warmup,
        allin_reward=args.allin_reward,
        quiet=args.quiet,
    )


def plot(curve_file: Path) -> Path:
    """Plot the learner's running mbb/hand against each member over steps."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    curve: list[dict[str, Any]] = json.loads(curve_file.read_text(encoding="utf-8"))["curve"]
    names = list(dict.fromkeys(name for point in curve for name in point["members"]))
    fig, ax = plt.subplots(figsize=(8, 4.8))
    for name in names:
        points = [(p["steps"], p["members"][name]["mbb_per_hand"]) for p in curve if name in p["members"]]
        snapshot = name.startswith("self@")
        style = {"linestyle": "--", "linewidth": 0.8, "alpha": 0.7} if snapshot else {"marker": "."}
        ax.plot([s for s, _ in points], [v for _, v in points], label=name, **style)
    ax.axhline(0.0, color="grey", linewidth=0.8)
    ax.set_yscale("symlog", linthresh=1000)
    ax.set_xlabel("learner steps")
    ax.set_ylabel("learner mbb/hand (moving average of training hands)")
    ax.set_title("League training: result against each member")
    ax.legend(fontsize=7, ncol=2)
    fig.tight_layout()
    path = curve_file.with_suffix(".png")
    fig.savefig(path, dpi=120)
    plt.close(fig)
    return path


def main(argv: list[str] | None = None) -> Path:
    config = parse_args(argv)
    policy = train_league(config)
    figure = plot(config.out / "league_curve.json")
    if not config.quiet:
        print(f"wrote {policy} and {figure}")
    return policy


if __name__ == "__main__":
    main(sys.argv[1:])
