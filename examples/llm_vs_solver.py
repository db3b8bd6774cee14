"""The PokerSkill paper's protocol with the solver agent in GTO Wizard's place.

The paper measured its agents against GTO Wizard with duplicate hands and
AIVAT (rule-only PokerSkill -132 +- 19 mbb/hand, GPT-5.5 with skills -57 +- 21).
Here the opponent is pokergym's own re-solving agent (``solver``):

Rule-only PokerSkill against the solver (no key needed):

    python examples/llm_vs_solver.py --player rule --pairs 2000 --seed 0 --backend process --aivat

An LLM with the PokerSkill prompt against the solver; every option of
``examples/llm_vs_rule.py`` (model, server, cache, prices) is accepted after the
ones below:

    OPENAI_API_KEY=... python examples/llm_vs_solver.py --player llm --pairs 200 --model gpt-4o-mini

The script prints the duplicate result from the player's side (mbb/hand with a
95% CI over pairs); with ``--aivat`` the match is scored by AIVAT, with the
action terms of the rule agent's and the solver's strategies as they played
them (logged at each decision, so the solver does not solve the hands again;
the LLM's strategy is not known, so its action terms are left out), and the
raw figure beside it.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

from baselines.registry import make
from pokergym.agents import Agent
from pokergym.arena import match
from pokergym.arena.result import Estimator
from pokergym.arena.runners import Backend
from pokergym.errors import PokerGymError


def parse_args(argv: list[str] | None) -> tuple[argparse.Namespace, list[str]]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--player", choices=("rule", "llm"), default="rule", help="the agent measured")
    parser.add_argument("--solver", default="solver", help="the opponent's spec (default: solver)")
    parser.add_argument("--pairs", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--backend", choices=("local", "process"), default="local", help="rule player only")
    parser.add_argument("--aivat", action="store_true", help="score the match with AIVAT (the raw figure too)")
    parser.add_argument("--histories", default=None, help="JSON-lines file for the hands (default: temporary)")
    return parser.parse_known_args(argv)


def llm_player(rest: list[str], transcript: str) -> Agent:
    """The LLM agent, built from ``examples/llm_vs_rule.py``'s options."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    import llm_vs_rule

    return llm_vs_rule.make_llm(llm_vs_rule.parse_args(rest), transcript)


def run(argv: list[str] | None = None) -> None:
    """Play the match and print the result (AIVAT's with ``--aivat``).

    Raises:
        SystemExit: with status 2 and one line when an agent cannot be made (a bad spec, no API key).
    """
    args, rest = parse_args(argv)
    folder = Path(tempfile.mkdtemp(prefix="pokergym-vs-solver-"))
    histories = Path(args.histories) if args.histories else folder / "histories.jsonl"
    try:
        player = make("rule") if args.player == "rule" else llm_player(rest, str(folder / "transcript.jsonl"))
        opponent = make(args.solver)
    except PokerGymError as error:
        print(f"llm_vs_solver: {error}", file=sys.stderr)
        raise SystemExit(2) from None
    if rest and args.player == "rule":
        print(f"llm_vs_solver: options {rest} are for --player llm", file=sys.stderr)
        raise SystemExit(2)
    backend: Backend = "async" if args.player == "llm" else args.backend
    estimator: Estimator = "aivat" if args.aivat else "raw"
    result = match(
        player, opponent, pairs=args.pairs, seed=args.seed, backend=backend, histories=histories, estimator=estimator
    )
    print(result.summary())
    print(f"hands: {histories}")


if __name__ == "__main__":
    run(sys.argv[1:])
