"""Tests of local best response (pokergym.arena.lbr)."""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pytest

from baselines import make
from baselines.simple import CallBot, FoldBot, RandomBot
from pokergym.agents import RandomAgent
from pokergym.agents.base import BaseAgent
from pokergym.arena.lbr import _Responder, _Settings, _Strategy, exploit_main, lbr
from pokergym.arena.stats import Z95
from pokergym.arena.variance import adjust_hand
from pokergym.cards import format_cards, parse_cards, rank_of
from pokergym.engine import DEFAULT_CONFIG, HandHistory, HandState
from pokergym.engine.actions import Action
from pokergym.engine.view import PlayerView
from pokergym.evaluator import CLASS_NAMES_169, COMBO_CARDS, class_index_169, combos_in_class, equity_vs_random

# LBR against the calling station, derived independently of pokergym.arena.lbr.
#
# The station never folds and never raises, and its actions do not depend on its
# cards, so the responder's range stays uniform and every bet is called: a bet to X
# is worth (2e - 1) X, checking or calling (2e - 1) x the big blind, e its equity
# against a random hand on the current board. At each decision the responder thus
# moves all-in if e > 1/2 and otherwise checks or calls (folding the small blind,
# -1/2 big blind, never beats calling: every hand has e > 0.32 > 1/4). Both seats
# play the same line: on the button it acts first preflop and the station checks
# to it afterwards; in the big blind the station limps first and it acts first
# after the flop. A hand holding h therefore shoves at the first street whose
# equity exceeds 1/2 (exact expectation over the opponent's hand and the rest of
# the board: (2e - 1) x stack) or checks down for (2e - 1) x big blind on the
# river. Per hand, in chips: A x stack + B x big blind.
#
# _STATION = _station_reference(120, seed=2026) (12 minutes on a loaded 2-core machine);
# at 200 big blinds: 34,099 +- 550 mbb/hand.
_STATION = (0.171337, 0.001403, -0.168196, 0.002157)  # (A, standard error of A, B, standard error of B)
_STATION_HANDS = 120
RNG = np.random.default_rng(0)


def _station_reference(paths_per_class: int, seed: int) -> tuple[float, float, float, float]:
    """``(A, se, B, se)`` above: exact for the classes that shove preflop, Monte Carlo boards for the others.

    The 89 classes with preflop equity above 1/2 (the evaluator's exact 169-class
    table) shove at once. For each other class, ``paths_per_class`` random boards
    are walked street by street with exact equities against a random hand.
    """
    rng = np.random.default_rng(seed)
    a = b = a_var = b_var = 0.0
    for index in range(len(CLASS_NAMES_169)):
        share = combos_in_class(index) / len(COMBO_CARDS)
        hole = next(c for c in COMBO_CARDS if class_index_169(c) == index)
        equity = equity_vs_random(hole).equity
        if equity > 0.5:
            a += share * (2 * equity - 1)
            continue
        deck = np.array([c for c in range(52) if c not in hole])
        shoves, showdowns = np.zeros(paths_per_class), np.zeros(paths_per_class)
        for k in range(paths_per_class):
            board = tuple(int(c) for c in rng.choice(deck, 5, replace=False))
            for street in (3, 4, 5):
                equity = equity_vs_random(hole, board[:street]).equity
                if equity > 0.5:
                    shoves[k] = 2 * equity - 1
                    break
            else:
                showdowns[k] = 2 * equity - 1
        a += share * shoves.mean()
        b += share * showdowns.mean()
        a_var += share**2 * shoves.var(ddof=1) / paths_per_class
        b_var += share**2 * showdowns.var(ddof=1) / paths_per_class
    return a, math.sqrt(a_var), b, math.sqrt(b_var)


def test_always_fold_loses_its_blinds() -> None:
    # As small blind it folds (+50 for LBR); as big blind LBR raises and it folds (+100).
    result = lbr(FoldBot(), hands=10, seed=2)
    assert (result.mbb_per_hand, result.ci95, result.hands) == (750.0, 0.0, 10)


def test_call_until_turn_variant_against_fold() -> None:
    # LBR limps and checks to the turn, then bets and FoldBot folds its big blind anyway.
    result = lbr(FoldBot(), hands=6, seed=2, variant="call_until_turn")
    assert (result.mbb_per_hand, result.ci95) == (750.0, 0.0)


@pytest.mark.parametrize("seed", range(6))
def test_calling_station_policy_is_analytic(seed: int) -> None:
    # Against a calling station the range never narrows and no bet folds, so the best
    # check/call EV is (2e - 1) x (chips in): LBR shoves exactly when equity vs random > 1/2.
    state = HandState.new(rng=np.random.default_rng(seed), button=0)
    responder = _Responder(_Strategy(CallBot()), state, _Settings(preflop_samples=500), np.random.default_rng(0))
    action = responder.act(state)
    shove = equity_vs_random(state.hole(0)).equity > 0.5
    assert (str(action) == f"raise to {state.max_raise_to}") == shove


def test_calling_station_only_needs_the_all_in_size() -> None:
    # Against the station a bet to X is worth (2e - 1) X: all-in beats every smaller
    # size when e > 1/2 and checking beats them all when e < 1/2, so dropping the
    # pot-fraction sizes changes no decision (and saves 3 of 4 strategy queries).
    full = lbr(CallBot(), hands=6, seed=1)
    shove_only = lbr(CallBot(), hands=6, seed=1, fractions=())
    assert (full.mbb_per_hand, full.ci95) == (shove_only.mbb_per_hand, shove_only.ci95)


def test_calling_station_value_matches_reference() -> None:
    a, a_se, b, b_se = _STATION
    stack, blind = DEFAULT_CONFIG.effective_stack, DEFAULT_CONFIG.big_blind
    reference = (a * stack + b * blind) * 1000 / blind
    reference_ci = Z95 * math.hypot(a_se * stack, b_se * blind) * 1000 / blind
    result = lbr(CallBot(), hands=_STATION_HANDS, seed=0, fractions=())
    assert abs(result.mbb_per_hand - reference) < math.hypot(result.ci95, reference_ci)


def test_station_reference_is_reproducible() -> None:
    # A fresh, small run of the derivation agrees with the stored constants.
    a, a_se, b, b_se = _station_reference(3, seed=1)
    assert abs(a - _STATION[0]) < 4 * math.hypot(a_se, _STATION[1])
    assert abs(b - _STATION[2]) < 4 * math.hypot(b_se, _STATION[3])


def test_rejects_agent_without_probabilities() -> None:
    with pytest.raises(ValueError, match="action_probabilities"):
        lbr(RandomAgent(), hands=2)


def test_exploit_main(capsys: pytest.CaptureFixture[str]) -> None:
    assert exploit_main(["fold", "--hands", "4", "--seed", "1"]) == 0
    assert "750.0 +- 0.0 mbb/hand" in capsys.readouterr().out
    assert exploit_main(["fold", "--hands", "4", "--range-samples", "10"]) == 0
    assert "750.0 +- 0.0 mbb/hand over 4 hands (AIVAT: 750.0 +- 0.0) (range sampled: 10 holdings, 0 hands" in (
        capsys.readouterr().out
    )


def test_histories_hold_every_hand_and_its_counted_value(tmp_path: Path) -> None:
    out = tmp_path / "lbr" / "hands.jsonl"
    result = lbr(make("rule"), hands=10, seed=4, block_pairs=2, histories=out)
    hands = [HandHistory.from_json(line) for line in out.read_text().splitlines()]
    assert [h.hand_id for h in hands] == list(range(10)) and {h.names for h in hands} == {("LBR", "rule")}
    assert [h.button for h in hands] == [0, 1] * 5
    per_pair = [hands[i].extra["mbb"] + hands[i + 1].extra["mbb"] for i in range(0, 10, 2)]
    assert math.isclose(sum(per_pair) / 10, result.mbb_per_hand)
    for hand in hands:  # the counted value is the payoff, or its all-in expectation before the river
        assert hand.payoffs is not None
        if not (hand.showdown and len(hand.board) == 5 and hand.actions[-1].street < 3):
            assert math.isclose(hand.extra["mbb"], hand.payoffs[0] * 10.0)
    assert exploit_main(["fold", "--hands", "4", "--histories", str(tmp_path / "f.jsonl")]) == 0
    assert len((tmp_path / "f.jsonl").read_text().splitlines()) == 4


def test_aivat_scores_each_hand_with_the_strategy_the_agent_played(tmp_path: Path) -> None:
    # A memoryless agent's recorded distributions are the ones it reports after the match, so the AIVAT value
    # kept with each hand equals variance.adjust_hand's with the agent as the known seat 1; its all-in
    # adjusted figure is LBR's counted value.
    out = tmp_path / "hands.jsonl"
    agent = make("rule")
    result = lbr(agent, hands=12, seed=5, histories=out)
    hands = [HandHistory.from_json(line) for line in out.read_text().splitlines()]
    aivat = 0.0
    for hand in hands:
        values = adjust_hand(hand, (None, agent))
        assert math.isclose(hand.extra["aivat_mbb"], values.aivat * 10.0, abs_tol=1e-9)
        assert math.isclose(hand.extra["mbb"], values.allin * 10.0, abs_tol=1e-9)
        aivat += values.aivat * 10.0
    assert math.isclose(aivat / len(hands), result.aivat_mbb_per_hand)
    assert any(not math.isclose(h.extra["mbb"], h.extra["aivat_mbb"]) for h in hands)


def test_aivat_corrections_have_mean_zero_and_narrow_the_interval() -> None:
    # The random agent mixes at every decision, so the action terms carry most of the chips' spread: AIVAT
    # must agree with the counted figure within the sampling error of their difference, and be narrower.
    result = lbr(RandomBot(), hands=60, seed=8)
    assert result.aivat_ci95 < 0.8 * result.ci95
    assert abs(result.aivat_mbb_per_hand - result.mbb_per_hand) < result.ci95


def test_card_blind_agents_are_asked_once_and_give_the_same_bound() -> None:
    from baselines.simple import ManiacBot

    class Counting(ManiacBot):
        ignores_hole_cards = False

    fast, slow = lbr(ManiacBot(), hands=6, seed=3), lbr(Counting(), hands=6, seed=3)
    assert (fast.mbb_per_hand, fast.ci95) == (slow.mbb_per_hand, slow.ci95)


class _LearningFolder(FoldBot):
    """Always folds, but declares memory and counts what it observes."""

    memoryless = False

    def __init__(self) -> None:
        super().__init__()
        self.events: list[str] = []

    def observe(self, event: object) -> None:
        self.events.append(type(event).__name__)


def test_learning_agents_observe_every_event_on_a_copy() -> None:
    agent = _LearningFolder()
    result = lbr(agent, hands=4, seed=2)
    assert (result.mbb_per_hand, result.ci95) == (750.0, 0.0)
    assert agent.events == []  # LBR played a deep copy: the caller's agent remembers nothing

    seen: list[list[str]] = []

    class Recording(_LearningFolder):
        def __deepcopy__(self, memo: dict[int, object]) -> Recording:
            copy = Recording()
            copy.events = self.events
            seen.append(copy.events)
            return copy

    lbr(Recording(), hands=2, seed=2)
    events = seen[0]
    assert events.count("HandStart") == 2 and events.count("HandEnd") == 2 and "ActionTaken" in events


def test_blocks_give_the_same_bound_wherever_they_run() -> None:
    from pokergym.arena.runners import ProcessRunner

    here = lbr(make("rule"), hands=10, seed=4, block_pairs=2)
    with ProcessRunner(2) as pool:
        pooled = lbr(make("rule"), hands=10, seed=4, block_pairs=2, runner=pool)
    assert here.hands == 10 and (here.mbb_per_hand, here.ci95) == (pooled.mbb_per_hand, pooled.ci95)
    assert lbr(FoldBot(), hands=10, seed=2, block_pairs=3).mbb_per_hand == 750.0  # blocks of 3, 2 pairs left over
    one_stream = lbr(make("rule"), hands=10, seed=4)
    assert one_stream.hands == 10  # the default: one stream of draws, a different sample of the same size


def test_bad_blocks_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    from pokergym.arena.runners import LocalRunner

    with pytest.raises(ValueError, match="block_pairs"):
        lbr(FoldBot(), hands=4, block_pairs=0)
    with pytest.raises(ValueError, match="needs block_pairs"):
        lbr(FoldBot(), hands=4, runner=LocalRunner())
    with pytest.raises(SystemExit):
        exploit_main(["fold", "--hands", "4", "--backend", "process"])
    assert "needs --block-pairs" in capsys.readouterr().err
    assert exploit_main(["fold", "--hands", "4", "--block-pairs", "1", "--backend", "process", "--workers", "2"]) == 0
    assert "750.0 +- 0.0 mbb/hand" in capsys.readouterr().out


class _PureAgent(BaseAgent):
    """A memoryless agent that plays the one action its :meth:`action_probabilities` gives probability 1."""

    memoryless = True

    def action_probabilities(self, view: PlayerView) -> list[tuple[Action, float]]:
        raise NotImplementedError

    def act(self, view: PlayerView) -> Action:
        return self.action_probabilities(view)[0][0]


class _SmallBetFolder(_PureAgent):
    """Folds to a bet of at most a third of the pot before it, calls a larger one, checks otherwise."""

    name = "small-bet-folder"

    def action_probabilities(self, view: PlayerView) -> list[tuple[Action, float]]:
        if not view.to_call:
            return [(Action.check(), 1.0)]
        small = 3 * view.to_call <= view.pot - view.to_call
        return [(Action.fold() if small else Action.call(), 1.0)]


def test_a_leak_at_a_small_size_is_found_only_with_that_size_tried(capsys: pytest.CaptureFixture[str]) -> None:
    # Flop, pot 2,000, the responder first with seven-high: the agent folds to a quarter-pot bet (500) and
    # calls half the pot. Only a responder that tries the quarter takes the pot; the default checks.
    state = HandState.new(deck=parse_cards("AsAh7c2dKsQdJh9c4s"), button=1)
    state.raise_to(1000)
    state.call()
    assert state.actor == 0 and state.pot == 2000 and format_cards(state.hole(0)) == "7c2d"
    acts = {
        fractions: str(_Responder(_Strategy(_SmallBetFolder()), state, _Settings(fractions=fractions), RNG).act(state))
        for fractions in ((0.5, 1.0, 2.0), (0.25, 0.5, 1.0, 2.0))
    }
    assert acts == {(0.5, 1.0, 2.0): "check", (0.25, 0.5, 1.0, 2.0): "raise to 500"}
    small = lbr(_SmallBetFolder(), hands=4, seed=4, fractions=(0.25, 0.5, 1.0, 2.0))
    assert small.fractions == (0.25, 0.5, 1.0, 2.0) and "(sizes 0.25/0.5/1/2 of the pot and all-in)" in str(small)
    assert "sizes" not in str(lbr(_SmallBetFolder(), hands=4, seed=4))
    assert exploit_main(["fold", "--hands", "4", "--fractions", "0.25", "1"]) == 0
    assert capsys.readouterr().out.strip().endswith("(sizes 0.25/1 of the pot and all-in)")


@pytest.mark.parametrize("fractions", [(0.0,), (0.5, -1.0), (math.nan,), (math.inf,), (True,)])
def test_sizes_that_are_not_positive_pot_fractions_are_refused(fractions: tuple[float, ...]) -> None:
    with pytest.raises(ValueError, match="bet sizes must be positive pot fractions"):
        lbr(FoldBot(), hands=2, fractions=fractions)


class _AceRaiser(_PureAgent):
    """Raises to 3 big blinds with an ace, folds (or checks) otherwise; memoryless and card-aware."""

    name = "ace-raiser"

    def action_probabilities(self, view: PlayerView) -> list[tuple[Action, float]]:
        legal = view.legal
        assert legal is not None
        if any(rank_of(card) == 12 for card in view.hole) and legal.can_raise:
            return [(Action.raise_to(max(legal.min_raise_to, 300)), 1.0)]
        return [(Action.fold() if legal.can_fold else Action.check(), 1.0)]


def test_a_sampled_range_is_reproducible_and_whole_when_it_covers_the_range() -> None:
    sampled = lbr(make("rule"), hands=6, seed=3, range_samples=24)
    again = lbr(make("rule"), hands=6, seed=3, range_samples=24)
    assert (sampled.mbb_per_hand, sampled.ci95, sampled.fallbacks) == (again.mbb_per_hand, again.ci95, again.fallbacks)
    assert sampled.range_samples == 24 and "24 holdings" in str(sampled)
    whole, covering = lbr(make("rule"), hands=6, seed=3), lbr(make("rule"), hands=6, seed=3, range_samples=1225)
    assert (whole.mbb_per_hand, whole.ci95) == (covering.mbb_per_hand, covering.ci95)  # 1225 holdings: all there are
    assert covering.fallbacks == 0 and whole.range_samples is None
    assert lbr(FoldBot(), hands=10, seed=1, range_samples=5).mbb_per_hand == 750.0
    with pytest.raises(ValueError, match="range_samples"):
        lbr(FoldBot(), hands=4, range_samples=0)


def test_a_range_sample_holds_every_strength_band_its_share() -> None:
    from pokergym.arena.lbr import _preflop_strength, _spread_sample

    strength = _preflop_strength()
    live = np.flatnonzero(~np.isin(COMBO_CARDS, (12, 40)).any(axis=1))  # a responder holding 5c Kc
    edges = np.quantile(strength[live], np.linspace(0, 1, 11))
    for seed in range(20):
        sample = _spread_sample(live, 100, np.random.default_rng(seed))
        assert len(set(sample.tolist())) == 100 and set(sample.tolist()) <= set(live.tolist())
        per_decile = np.histogram(strength[sample], edges)[0]
        assert per_decile.min() >= 8 and per_decile.max() <= 12, per_decile  # simple random samples: 3 to 18


def test_a_sample_the_agent_rules_out_falls_back_to_the_whole_range() -> None:
    state = HandState.new(DEFAULT_CONFIG, button=1, deck=(48, 0, 20, 21, 2, 7, 13, 30, 40))  # agent Ac 2c, 7c 7d
    assert state.actor == 1 and state.hole(1) == (48, 0)  # the agent is on the button and acts first preflop
    strategy, settings = _Strategy(_AceRaiser()), _Settings(range_samples=1)
    for draw in range(50):  # a one-holding sample without an ace: the agent's raise rules it out
        sampler = np.random.default_rng(draw)
        sampled = _Responder(strategy, state, settings, np.random.default_rng(0), sampler)
        if not any(rank_of(card) == 12 for card in COMBO_CARDS[int(np.flatnonzero(sampled.weights)[0])]):
            break
    whole = _Responder(strategy, state, _Settings(), np.random.default_rng(0))
    raise_to = Action.raise_to(300)
    sampled.observe(state, raise_to)
    whole.observe(state, raise_to)
    assert sampled.fell_back and not whole.fell_back
    np.testing.assert_array_equal(sampled.weights, whole.weights)
    aces = [i for i, combo in enumerate(COMBO_CARDS) if any(rank_of(card) == 12 for card in combo)]
    assert set(np.flatnonzero(whole.weights)) == set(aces) - {i for i in aces if {20, 21} & set(COMBO_CARDS[i])}
    result = lbr(_AceRaiser(), hands=40, seed=0, range_samples=1)
    assert result.fallbacks > 0 and math.isfinite(result.mbb_per_hand)


def test_the_exact_preflop_responder_reads_the_matchup_table() -> None:
    """With ``preflop_samples=None`` the responder's preflop equity against a shaped range is the exact one."""
    from pokergym.evaluator import equity_vs_range

    state = HandState.new(rng=np.random.default_rng(3), button=0)
    weights = np.zeros(1326)
    weights[:600] = 1.0  # a shaped range: the lower combos only
    hole = (state.hole(0)[0], state.hole(0)[1])
    exact = _Responder(_Strategy(CallBot()), state, _Settings(preflop_samples=None), np.random.default_rng(0))
    sampled = _Responder(_Strategy(CallBot()), state, _Settings(preflop_samples=500), np.random.default_rng(0))
    expected = equity_vs_range(hole, (), weights).equity
    assert exact._compute_equity(hole, (), weights) == expected
    assert sampled._compute_equity(hole, (), weights) != expected
    assert exploit_main(["call", "--hands", "4", "--seed", "1", "--exact-preflop"]) == 0
