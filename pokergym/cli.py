"""The ``pokergym`` command line.

Subcommands (each has ``--help``):

* ``pokergym arena``: a round-robin tournament, by default of every built-in
  agent that needs no API key and decides in milliseconds (the solver joins by
  name); prints the crosstable and ranking and saves results, hand histories
  and plots under ``--out``.
* ``pokergym match A B``: one duplicate match between two agent specs.
* ``pokergym ladder --agents A B C``: a round robin that plays each pairing
  until its 95% interval is within ``--target-ci`` (or the budget is spent),
  with LBR per agent under ``--exploit``.
* ``pokergym play AGENT``: play against an agent in the terminal.
* ``pokergym export --phh|--acpc FILE.jsonl``: convert saved hand histories.
* ``pokergym warmup``: compile every numba kernel ahead (once per install).
* ``pokergym report RUN_DIR``: one offline HTML page of a run (crosstable, charts, hand replayer).
* ``pokergym serve``: a local web app: play against an agent, watch two agents, open reports.

Agents are named by registry specs such as ``honest`` or
``maniac:aggression=0.6,name=m1`` (see :mod:`baselines.registry`); the
registry is imported only when a command needs it.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from pokergym.engine.config import GameConfig
from pokergym.errors import ConfigError, PokerGymError

if TYPE_CHECKING:
    from pokergym.agents.base import Agent
    from pokergym.arena.run_options import RunnerOptions

__all__ = ["build_parser", "keyless_agents", "main"]

DEFAULT_ARENA_TOTAL_PAIRS = 12000
"""Pairs the default ``pokergym arena`` shares among its matches (10 agents: 45 matches of 267 pairs,
about 55 s on 2 idle cores)."""


def keyless_agents() -> list[str]:
    """The default arena: registered agents that play offline and quickly.

    Agents that call a model endpoint are registered with ``service=True``,
    agents whose decisions take up to a second (the solver) with ``slow=True``
    (``baselines.registry``); both join an arena by name (``--agents``). Every
    other agent joins the default arena without a change here.

    Example:
        >>> keyless_agents()[:3]
        ['random', 'fold', 'call']
        >>> "llm" in keyless_agents(), "solver" in keyless_agents()
        (False, False)
    """
    from baselines.registry import describe, names

    return [name for name in names() if not describe(name).service and not describe(name).slow]


def _at_least(low: int) -> Callable[[str], int]:
    """An argparse type: an integer of at least ``low`` (0 no longer stands for a default), else the one-line error."""

    def parse(text: str) -> int:
        value = int(text)
        if value < low:
            raise argparse.ArgumentTypeError(f"expected an integer of at least {low}, got {text}")
        return value

    return parse


_count = _at_least(1)
_hands = _at_least(2)  # what LBR can score


def _positive(text: str) -> float:
    """An argparse type: a positive finite number."""
    value = float(text)
    if not 0.0 < value < math.inf:
        raise argparse.ArgumentTypeError(f"expected a positive finite number, got {text}")
    return value


def _config(args: argparse.Namespace) -> GameConfig:
    return GameConfig.from_big_blinds(args.stack_bb)


def _add_common(parser: argparse.ArgumentParser, *, runner: bool = True) -> None:
    parser.add_argument("--seed", type=int, default=0, help="root seed: the same seed, the same result (default 0)")
    parser.add_argument("--stack-bb", type=_positive, default=200.0, help="starting stacks in big blinds (default 200)")
    if not runner:
        return
    parser.add_argument(
        "--backend",
        choices=("local", "process", "ray", "async"),
        default="process",
        help="where blocks run: this process, a process pool, Ray, or many blocks at once in one event loop "
        "for agents that wait on a model endpoint (default process)",
    )
    parser.add_argument("--workers", type=_count, default=None, help="pool processes or Ray CPUs (default: all cores)")
    parser.add_argument("--address", default=None, help="Ray cluster address, e.g. 'auto' (ray backend only)")
    parser.add_argument(
        "--concurrency",
        type=_count,
        default=8,
        help="blocks in flight at once (async backend only; use blocks of at most pairs/concurrency; default 8)",
    )
    parser.add_argument(
        "--block-size", type=_count, default=None, help="pairs per block; agent memory lasts one block (default 100)"
    )
    parser.add_argument(
        "--no-progress", action="store_true", help="do not draw the progress bar (drawn only on a terminal)"
    )
    parser.add_argument("--no-plots", action="store_true", help="do not draw PNG plots")
    parser.add_argument("--no-histories", action="store_true", help="do not save hand histories")


_COMMANDS: dict[str, tuple[str, str]] = {
    "arena": (
        "round-robin tournament of duplicate matches",
        "Play every pairing of the agents once (duplicate matches, same deals for every pairing), "
        "print the crosstable and ranking, and save results.json, hand histories and plots.",
    ),
    "match": (
        "one duplicate match between two agents",
        "Play a duplicate match and report agent A's winnings in mbb/hand with a 95% CI over pairs.",
    ),
    "play": (
        "play against an agent in the terminal",
        "You are seat 0; the button alternates. Commands: f fold, k check, c call (or check), "
        "r N bet/raise to N, a all-in. End of input (Ctrl-D) or Ctrl-C stops and prints the summary of the "
        "hands played (exit status 0 for Ctrl-D, 130 for Ctrl-C).",
    ),
    "export": (
        "convert a hand-history JSON-lines file to PHH or an ACPC log",
        "Convert the JSON-lines hand histories written by 'arena' or 'match'.",
    ),
    "pool": (
        "pool matches of the same two agents on different seeds into one estimate",
        "Read the result.json of each 'match --out' folder and print each match's and the pooled mean with a "
        "95% CI over all their pairs, for every estimator the matches share (raw always; all-in adjusted and "
        "AIVAT where every match has them). A match of B against A counts from A's side.",
    ),
    "warmup": (
        "compile every numba kernel now, so that later runs load them from the cache",
        "Compile (or load from numba's disk cache) the kernels of the environments, the vector "
        "environment, the PokerSkill features and the evaluator, and print how long each took.",
    ),
    "ladder": (
        "round robin that plays each pairing until its 95%% CI is within a target",
        "Play every pairing in blocks of duplicate pairs, adding blocks to the pairings whose 95% "
        "CI half-width is above --target-ci (--order: widest or cheapest first) until all are within it or "
        "--budget-pairs is spent; "
        "print and save the crosstable, the ranking, the pairs each pairing needed and the unresolved ones.",
    ),
    "report": (
        "one self-contained HTML page of an arena, ladder or match folder",
        "Write a page that opens offline: ranking, crosstable with CIs, style statistics, "
        "cumulative-winnings charts and a replayer for every saved hand history.",
    ),
    "serve": (
        "local web app: play against an agent, watch two agents, open reports",
        "Serve the pages on http://HOST:PORT (needs the 'web' extra). Hands played and watched "
        "are saved as hand histories (JSON lines) under --out.",
    ),
    "solve": (
        "solve a postflop spot ('solve spot --board Td9d6h ...'), the preflop abstraction ('solve preflop') or "
        "compute a baseline's strategy ('solve cfr')",
        "Run a solver; the options after its name are its own "
        "(see 'pokergym solve spot --help', 'pokergym solve preflop --help', 'pokergym solve cfr --help').",
    ),
    "corpus": (
        "build the Bayes agent's hand corpus from hand histories ('corpus build --from DIR --db PATH')",
        "Manage the SQLite hand corpus of the Bayes agent (see 'pokergym corpus build --help').",
    ),
    "exploit": (
        "local best response (LBR) lower bound on an agent's exploitability ('exploit AGENT --hands N')",
        "Measure how much a local best responder wins from an agent (see 'pokergym exploit --help').",
    ),
}
"""Each command's help line (in ``pokergym --help``) and description (in ``pokergym COMMAND --help``)."""

_PASSTHROUGH = {
    "solve": "options passed to the solver",
    "corpus": "'build --from DIR --db PATH'",
    "exploit": "'AGENT --hands N --seed S --variant V'",
}
"""The commands whose options go to their own parsers, with the help of those options."""


def _command(
    commands: argparse._SubParsersAction[argparse.ArgumentParser], name: str, *, add_help: bool = True
) -> argparse.ArgumentParser:
    """Add the command ``name`` with its help and description from :data:`_COMMANDS`."""
    summary, description = _COMMANDS[name]
    return commands.add_parser(name, help=summary, description=description, add_help=add_help)


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``pokergym`` command."""
    parser = argparse.ArgumentParser(prog="pokergym", description="Heads-up no-limit hold'em research tools.")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    _add_arena(commands)
    _add_ladder(commands)
    _add_match_and_play(commands)
    _add_file_tools(commands)
    _add_passthrough_commands(commands)
    _add_web_commands(commands)
    return parser


def _add_arena(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    arena = _command(commands, "arena")
    arena.add_argument(
        "--agents",
        nargs="+",
        metavar="SPEC",
        help="agent specs (default: every registered agent that needs no API key, but the slow solver)",
    )
    arena.add_argument(
        "--pairs",
        type=_count,
        default=None,
        help=f"duplicate pairs per match (default: {DEFAULT_ARENA_TOTAL_PAIRS} pairs shared by all the matches)",
    )
    arena.add_argument("--out", type=Path, default=None, help="output folder (default runs/arena-<timestamp>)")
    _add_common(arena)
    arena.set_defaults(run=_run_arena)


# pokergym.arena.result.ESTIMATORS, written out so that building the parser imports no arena module
# (tests/test_cli.py checks that the two agree).
_ESTIMATORS = ("raw", "allin", "aivat")


def _add_estimator(parser: argparse.ArgumentParser, what: str, default: str = "raw") -> None:
    parser.add_argument(
        "--estimator",
        choices=_ESTIMATORS,
        default=default,
        help=f"what {what} are computed from: the chips, the all-in adjusted chips (all-in run-outs "
        f"replaced by their expectation), or AIVAT (chance terms, and the action terms of agents that report "
        f"their strategy, as played); the raw chips are kept in the results (default {default})",
    )


def _add_match_and_play(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    match = _command(commands, "match")
    match.add_argument("agent_a", metavar="A", help="spec of agent A, whose winnings are reported")
    match.add_argument("agent_b", metavar="B", help="spec of agent B")
    match.add_argument("--pairs", type=_count, default=1000, help="duplicate pairs (default 1000)")
    match.add_argument(
        "--out",
        type=Path,
        default=None,
        help="folder for result.json, histories.jsonl and cumulative.png (default: print only)",
    )
    _add_estimator(match, "the mean and CI")
    _add_common(match)
    match.set_defaults(run=_run_match)

    play = _command(commands, "play")
    play.add_argument("agent", metavar="AGENT", help="spec of the opponent, e.g. honest")
    play.add_argument("--hands", type=_count, default=10, help="hands to play (default 10)")
    _add_common(play, runner=False)
    play.set_defaults(run=_run_play)


def _add_file_tools(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """``export`` (hand histories to PHH or ACPC), ``pool`` (matches' results) and ``warmup`` (compile the kernels)."""
    export = _command(commands, "export")
    fmt = export.add_mutually_exclusive_group(required=True)
    fmt.add_argument("--phh", dest="fmt", action="store_const", const="phh", help="pokerkit PHH (.phhs)")
    fmt.add_argument("--acpc", dest="fmt", action="store_const", const="acpc", help="ACPC dealer log (.log)")
    export.add_argument("file", type=Path, metavar="FILE.jsonl", help="the hand histories")
    export.add_argument("-o", "--output", type=Path, default=None, help="output file (default: FILE with new suffix)")
    export.set_defaults(run=_run_export)

    pool = _command(commands, "pool")
    pool.add_argument("runs", nargs="+", type=Path, metavar="RUN", help="'match --out' folders or their result.json")
    pool.set_defaults(run=_run_pool)

    warmup = _command(commands, "warmup")
    warmup.set_defaults(run=_run_warmup)


def _add_passthrough_commands(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """``solve``, ``corpus`` and ``exploit``: the options after the name go to their own parsers."""
    for name, options_help in _PASSTHROUGH.items():
        command = _command(commands, name, add_help=False)
        if name == "solve":
            command.add_argument("solver", choices=("spot", "preflop", "cfr"), help="which solver to run")
        command.add_argument("options", nargs=argparse.REMAINDER, help=options_help)


def _add_ladder(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    from pokergym.arena.ladder import DEFAULT_BUDGET_PAIRS, DEFAULT_ESTIMATOR, DEFAULT_MIN_PAIRS, DEFAULT_TARGET_CI

    ladder = _command(commands, "ladder")
    ladder.add_argument("--agents", nargs="+", required=True, metavar="SPEC", help="agent specs (at least two)")
    ladder.add_argument(
        "--target-ci",
        type=_positive,
        default=DEFAULT_TARGET_CI,
        help=f"95%% half-width to reach per pairing, mbb/hand (default {DEFAULT_TARGET_CI:g})",
    )
    ladder.add_argument(
        "--budget-pairs",
        type=_count,
        default=DEFAULT_BUDGET_PAIRS,
        help=f"duplicate pairs to play at most, all pairings together (default {DEFAULT_BUDGET_PAIRS})",
    )
    ladder.add_argument(
        "--min-pairs",
        type=_count,
        default=DEFAULT_MIN_PAIRS,
        help=f"pairs every pairing plays before its CI may stop it (default {DEFAULT_MIN_PAIRS})",
    )
    ladder.add_argument(
        "--exploit",
        type=_hands,
        nargs="?",
        const=200,
        default=0,
        metavar="HANDS",
        help="also measure each agent's LBR over HANDS hands (default 200 when given)",
    )
    ladder.add_argument(
        "--exploit-range-samples",
        type=_count,
        default=None,
        metavar="K",
        help="with --exploit, the responder tracks K holdings drawn per hand, not all 1326 (slow or learning "
        "agents; a weaker responder, still a lower bound) (default: all)",
    )
    ladder.add_argument(
        "--order",
        choices=("widest", "cheapest"),
        default="widest",
        help="open pairings that get the budget first: the widest CI, or the fewest pairs still needed "
        "(a budget too small for all goes to those closest to the target first) (default widest)",
    )
    _add_estimator(ladder, "each pairing's mean and CI (so the allocation and the stopping)", DEFAULT_ESTIMATOR)
    ladder.add_argument("--aivat", action="store_true", help="re-score every pairing with AIVAT (variance ratio)")
    ladder.add_argument("--out", type=Path, default=None, help="output folder (default runs/ladder-<timestamp>)")
    _add_common(ladder)
    ladder.set_defaults(run=_run_ladder)


def _run_ladder(args: argparse.Namespace) -> int:
    from pokergym.arena.ladder import ladder, print_ladder

    agents = _build_agents(args.agents)
    out = args.out or Path("runs") / f"ladder-{time.strftime('%Y%m%d-%H%M%S')}"
    print(
        f"ladder: {len(agents)} agents, target ±{args.target_ci:g} mbb/hand ({args.estimator} chips), "
        f"budget {args.budget_pairs} pairs"
    )
    result = ladder(
        agents,
        target_ci=args.target_ci,
        budget_pairs=args.budget_pairs,
        min_pairs=args.min_pairs,
        seed=args.seed,
        config=_config(args),
        exploit_hands=args.exploit,
        exploit_range_samples=args.exploit_range_samples,
        aivat=args.aivat,
        out_dir=out,
        plots=not args.no_plots,
        log=None if args.no_progress else sys.stderr,
        order=args.order,
        runner_options=_runner_options(args),
        estimator=args.estimator,
    )
    print_ladder(result)
    print(f"\nsaved to {out}")
    return 0


def _runner_options(args: argparse.Namespace) -> RunnerOptions:
    from pokergym.arena.run_options import DEFAULT_BLOCK_SIZE, RunnerOptions

    return RunnerOptions(
        backend=args.backend,
        workers=args.workers,
        address=args.address,
        concurrency=args.concurrency,
        block_size=DEFAULT_BLOCK_SIZE if args.block_size is None else args.block_size,
        progress=not args.no_progress and sys.stderr.isatty(),
    )


def _run_arena(args: argparse.Namespace) -> int:
    from pokergym.arena.stats import format_style
    from pokergym.arena.tournament import tournament

    specs = args.agents or keyless_agents()
    agents = _build_agents(specs)
    matches = len(specs) * (len(specs) - 1) // 2
    pairs = -(-DEFAULT_ARENA_TOTAL_PAIRS // max(1, matches)) if args.pairs is None else args.pairs
    out = args.out or Path("runs") / f"arena-{time.strftime('%Y%m%d-%H%M%S')}"
    print(f"arena: {len(specs)} agents, {pairs} pairs per match, seed {args.seed}")
    result = tournament(
        agents,
        pairs=pairs,
        out_dir=out,
        histories=not args.no_histories,
        plots=not args.no_plots,
        seed=args.seed,
        config=_config(args),
        runner_options=_runner_options(args),
    )
    print(result.format_crosstable(), "", result.format_ranking(), "", format_style(result.style()), sep="\n")
    if result.not_reproducible:
        print(
            f"not reproducible: {', '.join(result.not_reproducible)} may play differently with the same seed "
            "(recorded in results.json)",
            file=sys.stderr,
        )
    print(f"\nsaved to {out}")
    return 0


def _run_match(args: argparse.Namespace) -> int:
    from pokergym.arena.artifacts import save_match
    from pokergym.arena.match import match
    from pokergym.arena.stats import format_style

    agent_a, agent_b = _build_agents([args.agent_a, args.agent_b])
    if args.out is not None:
        from pokergym.arena.artifacts import clear_run

        clear_run(args.out)  # the folder holds this run only
    histories = args.out / "histories.jsonl" if args.out is not None and not args.no_histories else None
    result = match(
        agent_a,
        agent_b,
        pairs=args.pairs,
        seed=args.seed,
        config=_config(args),
        histories=histories,
        estimator=args.estimator,
        runner_options=_runner_options(args),
    )
    style = {f"A {result.agents[0]}": result.stats[0], f"B {result.agents[1]}": result.stats[1]}
    print(result.summary(), "", format_style(style), sep="\n")
    if result.voided:
        first = result.voided[0]
        reason = first.detail.strip().splitlines()[-1]
        print(
            f"{len(result.voided)} hands voided by agent failures (all in result.json with --out); "
            f"first: pair {first.pair}, {first.agent}: {reason}",
            file=sys.stderr,
        )
    if args.out is not None:
        save_match(result, args.out, plots=not args.no_plots)
        print(f"saved to {args.out}")
    return 1 if result.voided and not result.pairs else 0


def _build_agents(specs: Sequence[str]) -> list[Agent]:
    """Build the agents of ``specs`` and check that they can play, before any hand is dealt.

    Raises:
        PokerGymError: an unknown spec, a rejected option, or an agent missing what it
            needs (e.g. the API key of a model endpoint).
    """
    from pokergym.arena.specs import check_ready, resolve_agents

    agents = resolve_agents(list(specs))
    check_ready(agents)
    return agents


def _run_play(args: argparse.Namespace) -> int:
    from pokergym.arena.human import play_session

    (opponent,) = _build_agents([args.agent])
    try:
        play_session(opponent, hands=args.hands, seed=args.seed, config=_config(args))
    except KeyboardInterrupt:  # play_session has printed the summary
        return 130
    return 0


def _run_warmup(args: argparse.Namespace) -> int:
    """Run each kernel family once (a first compilation, or a load from the cache) and print its time."""
    import gymnasium as gym
    import numpy as np

    from pokergym.context.compiled import row_skill_features
    from pokergym.envs import HUNLEnv
    from pokergym.errors import ConfigError
    from pokergym.evaluator import equity_hand_vs_hand, equity_vs_random, equity_vs_range, evaluate_batch
    from pokergym.pettingzoo import hunl_v0

    def features() -> None:
        env = HUNLEnv(backend="kernel")  # compiles here ("auto" would compile in the background on a cold cache)
        env.reset(seed=0)
        table = env.compiled
        if table is None:  # the kernel backend always has its table
            raise ConfigError("HUNLEnv(backend='kernel') has no compiled table")
        row_skill_features(table.tables.state[0], table.log[0], 0, True, table.config)

    hands = np.arange(7)[None, :]
    families: dict[str, Callable[[], object]] = {
        "environment (HUNL-v0 and its AEC twin)": lambda: (
            (hunl := gym.make("HUNL-v0", backend="kernel")).reset(seed=0),
            hunl.step(1),
            (aec := hunl_v0.env()).reset(seed=0),
            aec.observe("player_1"),
        ),
        "vector environment": lambda: gym.make_vec(
            "HUNL-v0", num_envs=2, vectorization_mode="vector_entry_point"
        ).reset(seed=0),
        "PokerSkill features": features,
        "evaluator": lambda: (
            [evaluate_batch(hands.astype(dtype)) for dtype in (np.uint8, np.int32, np.int64)],
            equity_vs_random("AsKs", "2c7d9hTh"),
            equity_vs_random("AsKs", samples=100, rng=0),
            equity_vs_range("AsKs", "2c7d9hTh", np.ones(1326)),
            equity_hand_vs_hand("AsKs", "QdQh", "2c7d9hTh"),
        ),
    }
    started = time.perf_counter()
    for family, run in families.items():
        begun = time.perf_counter()
        run()
        print(f"{family}: {time.perf_counter() - begun:.1f} s")
    print(f"every kernel ready in {time.perf_counter() - started:.1f} s")
    return 0


def _run_export(args: argparse.Namespace) -> int:
    from pokergym.arena.artifacts import export_histories

    print(f"wrote {export_histories(args.file, args.fmt, args.output)}")
    return 0


def _run_pool(args: argparse.Namespace) -> int:
    from pokergym.arena.pool import pool, read_result

    print(pool([read_result(run) for run in args.runs]).table())
    return 0


def _add_web_commands(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """``report`` and ``serve``: the browser front end (:mod:`pokergym.web`)."""
    report = _command(commands, "report")
    report.add_argument("run_dir", type=Path, metavar="RUN_DIR", help="the folder 'arena', 'match' or 'ladder' wrote")
    report.add_argument("--out", type=Path, default=None, help="the HTML file (default RUN_DIR/report.html)")
    report.set_defaults(run=_run_report)

    serve = _command(commands, "serve")
    serve.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    serve.add_argument("--host", default="127.0.0.1", help="address to bind (default 127.0.0.1: this machine only)")
    serve.add_argument("--agent", default="rule", metavar="SPEC", help="the opponent offered first (default rule)")
    serve.add_argument("--runs", type=Path, default=Path("runs"), help="folder whose runs are listed (default runs)")
    serve.add_argument("--out", type=Path, default=None, help="folder for the histories (default runs/serve-<time>)")
    _add_common(serve, runner=False)
    serve.set_defaults(run=_run_serve)


def _run_report(args: argparse.Namespace) -> int:
    from pokergym.web.report import write_report

    print(f"wrote {write_report(args.run_dir, args.out)}")
    return 0


def _run_serve(args: argparse.Namespace) -> int:
    try:
        from pokergym.web.app import Settings, serve
    except ImportError as error:
        raise ConfigError(
            f"pokergym serve needs the 'web' extra ({(error.name or 'starlette').split('.')[0]} is missing): "
            "pip install -e '.[web]'"
        ) from error

    _build_agents([args.agent])  # a bad default spec fails here, before the server starts
    out = args.out or Path("runs") / f"serve-{time.strftime('%Y%m%d-%H%M%S')}"
    settings = Settings(
        make_agent=lambda spec: _build_agents([spec])[0],
        agent=args.agent,
        choices=keyless_agents(),
        runs=args.runs,
        out=out,
        seed=args.seed,
        config=_config(args),
    )
    serve(settings, host=args.host, port=args.port)
    return 0


def _solve_main(argv: list[str]) -> int:
    solvers = ("spot", "preflop", "cfr")
    if not argv or argv[0] not in solvers:
        print(f"usage: pokergym solve {{{','.join(solvers)}}} [options]  (e.g. 'pokergym solve spot --help')")
        return 0 if argv[:1] in (["-h"], ["--help"]) else 2
    if argv[0] == "spot":
        from pokergym.solver.cli import main as spot_main

        return spot_main(argv[1:])
    if argv[0] == "preflop":
        from pokergym.solver.preflop_cli import main as preflop_main

        return preflop_main(argv[1:])
    from baselines.cfr import solve_main

    return solve_main(argv[1:])


def _corpus_main(argv: list[str]) -> int:
    from baselines.bayes import corpus_main

    return corpus_main(argv)


def _exploit_main(argv: list[str]) -> int:
    from pokergym.arena.lbr import exploit_main

    return exploit_main(argv)


# Commands whose arguments belong to another module's own parser: handed over unparsed.
_DELEGATED = {"solve": _solve_main, "corpus": _corpus_main, "exploit": _exploit_main}


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``pokergym`` command; returns the exit status.

    Every subcommand reports bad input the same way: one line
    ``pokergym COMMAND: error: ...`` on standard error and status 2, with no
    traceback (argparse usage errors look the same).
    """
    arguments = list(sys.argv[1:] if argv is None else argv)
    command = arguments[0] if arguments else ""
    try:
        if command in _DELEGATED:
            return _DELEGATED[command](arguments[1:])
        args = build_parser().parse_args(arguments)
        status: int = args.run(args)
    except (PokerGymError, ValueError, OSError) as error:
        print(f"pokergym {command}: error: {error}", file=sys.stderr)
        return 2
    return status


if __name__ == "__main__":
    sys.exit(main())
