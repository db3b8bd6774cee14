import copy
import dataclasses
import pickle
from pathlib import Path

import numpy as np
import pytest

from baselines.bayes.agent import BayesAgent
from baselines.bayes.buckets import kmeans
from baselines.bayes.corpus import (
    ACTIONS,
    Corpus,
    CorpusFormatError,
    corpus_main,
    default_corpus,
    simulate,
)
from baselines.bayes.expert import (
    Situation,
    call_value,
    called_equity,
    choose,
    distribution,
    rule_distribution,
    shove_gain,
    value_threshold,
)
from baselines.bayes.model import OpponentModel, action_likelihood, bayes_update, bucket_posterior, update_weights
from baselines.bayes.vectorise import board_features
from baselines.simple import CallBot, HonestBot, ManiacBot, RandomBot
from pokergym.agents import play_hand
from pokergym.arena import match
from pokergym.cards import parse_cards
from pokergym.engine import Action, ActionTaken, GameConfig, HandEnd, HandState
from pokergym.evaluator import equity_vs_range

RAISE = ACTIONS.index("r")


@pytest.fixture(scope="module")
def histories(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    return simulate(tmp_path_factory.mktemp("hands"), hands=60, seed=3)


def _totals(corpus: Corpus) -> tuple[int, ...]:
    cells = corpus._run("SELECT COALESCE(SUM(n), 0) FROM cells").fetchone()[0]
    pre = corpus._run("SELECT COALESCE(SUM(n), 0) FROM preflop").fetchone()[0]
    return corpus.hand_count(), corpus.decision_count(), cells, pre


# ------------------------------------------------------------------ model
def test_bayes_update_sums_to_one_and_moves_towards_betting_buckets() -> None:
    corpus = default_corpus()
    table = corpus.cells("~1:")  # first action on the flop
    assert table.total > 500
    feats = board_features(parse_cards("Kh8d3c"))
    centres, labels = kmeans(feats.vectors[feats.valid], seed=0)
    likelihood = action_likelihood(table, centres)
    assert np.allclose(likelihood.sum(axis=1), 1.0)
    prior = np.full(5, 0.2)
    posterior = bayes_update(prior, likelihood[:, RAISE])
    assert posterior.sum() == pytest.approx(1.0)
    # the corpus bets strong hands more often: a bet moves mass from the weakest to the strongest bucket
    assert likelihood[-1, RAISE] > likelihood[0, RAISE]
    assert posterior[-1] > prior[-1] and posterior[0] < prior[0]
    gained = posterior > prior
    assert np.array_equal(gained, likelihood[:, RAISE] > prior @ likelihood[:, RAISE])
    # the same update on hand weights: the bucket masses follow the bucket posterior
    weights = np.zeros(1326)
    weights[feats.valid] = 1.0
    full_labels = np.zeros(1326, dtype=np.int64)
    full_labels[feats.valid] = labels
    before = bucket_posterior(weights, full_labels, 5)
    after_w = update_weights(weights, likelihood[full_labels, RAISE])
    assert after_w.sum() == pytest.approx(1.0)
    assert np.allclose(bucket_posterior(after_w, full_labels, 5), bayes_update(before, likelihood[:, RAISE]))


def test_opponent_model_converges_to_true_frequencies() -> None:
    truth = np.array([0.1, 0.0, 0.6, 0.3, 0.0])
    corpus = np.array([0.4, 0.0, 0.4, 0.1, 0.1])
    model = OpponentModel()
    assert np.allclose(model.frequencies(2, True, corpus), corpus)
    rng = np.random.default_rng(0)
    errors = []
    for n in (100, 1000, 5000):
        while model.counts.get((2, True), np.zeros(5)).sum() < n:
            model.observe(2, True, int(rng.choice(5, p=truth)))
        errors.append(np.abs(model.frequencies(2, True, corpus) - truth).max())
    assert errors[-1] < 0.02 and errors[0] > errors[-1]


# ----------------------------------------------------------------- corpus
def test_corpus_build_is_idempotent(histories: list[Path], tmp_path: Path) -> None:
    with Corpus.open(f"sqlite:///{tmp_path / 'c.db'}") as corpus:
        report = corpus.build(histories)
        assert report.added == 60 and report.skipped == 0
        first = _totals(corpus)
        again = corpus.build(histories)
        assert again.added == 0 and again.skipped == 60
        assert _totals(corpus) == first


def test_malformed_history_is_rejected_and_nothing_is_lost(histories: list[Path], tmp_path: Path) -> None:
    db = tmp_path / "c.db"
    with Corpus.open(db) as corpus:
        corpus.add_file(histories[0])
        before = _totals(corpus)
        lines = histories[1].read_text().splitlines()
        bad = tmp_path / "bad.jsonl"
        broken = lines[3].replace('"payoffs":[', '"payoffs":[1', 1)
        bad.write_text("\n".join([*lines[:3], broken, *lines[4:]]) + "\n")
        with pytest.raises(CorpusFormatError, match=r"bad\.jsonl:4: "):
            corpus.add_file(bad)
        assert _totals(corpus) == before
        (tmp_path / "junk.jsonl").write_text("{not json\n")
        with pytest.raises(CorpusFormatError, match=r"junk\.jsonl:1: a hand history must be JSON"):
            corpus.add_file(tmp_path / "junk.jsonl")
        assert _totals(corpus) == before


def test_corpus_cli(histories: list[Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = histories[0].parent
    db = tmp_path / "cli.db"
    assert corpus_main(["build", "--from", str(folder), "--db", str(db)]) == 0
    assert "60 hands added" in capsys.readouterr().out
    assert corpus_main(["build", "--from", str(folder), "--db", str(db)]) == 0
    assert "0 hands added, 60 already stored" in capsys.readouterr().out
    (tmp_path / "bad").mkdir()
    (tmp_path / "bad" / "x.jsonl").write_text("[1]\n")
    assert corpus_main(["build", "--from", str(tmp_path / "bad"), "--db", str(db)]) == 1
    assert "x.jsonl:1" in capsys.readouterr().err


def test_agent_with_its_own_corpus_pickles_and_shares_on_copy(histories: list[Path], tmp_path: Path) -> None:
    db = tmp_path / "own.db"
    with Corpus.open(db) as corpus:
        corpus.build(histories)
    agent = BayesAgent(db=str(db))
    assert agent.corpus.hand_count() == 60 and agent.corpus.read_only
    assert copy.deepcopy(agent).corpus is agent.corpus
    clone = pickle.loads(pickle.dumps(agent))
    assert clone.corpus.hand_count() == 60
    result = match(agent, CallBot(), pairs=3, seed=1)
    assert not result.voided


# ------------------------------------------------------------------ agent
@pytest.mark.parametrize("stacks", [(100, 20000), (20000, 150), (20000, 20000), (2500, 900)])
def test_only_legal_actions_over_random_states(stacks: tuple[int, int]) -> None:
    config = GameConfig(stacks=stacks)
    rng = np.random.default_rng(sum(stacks))
    agent = BayesAgent()
    for hand in range(30):
        state = HandState.new(config, button=hand % 2, rng=rng)
        seat = int(rng.integers(2))
        opponent = RandomBot() if hand % 3 else ManiacBot()
        agents = [agent, opponent] if seat == 0 else [opponent, agent]
        play_hand(state, agents, [np.random.default_rng(hand), np.random.default_rng(hand + 99)])  # raises if illegal
        assert state.terminal


def test_reproducible_under_a_seed() -> None:
    first = match(BayesAgent(), ManiacBot(), pairs=8, seed=11)
    second = match(BayesAgent(), ManiacBot(), pairs=8, seed=11)
    assert first.pair_chips == second.pair_chips
    assert not first.voided


class _Recorder(BayesAgent):
    def __init__(self) -> None:
        super().__init__()
        self.log: list[object] = []

    def observe(self, event: object) -> None:
        if isinstance(event, ActionTaken) and event.record.seat == self.seat:
            self.log.append(event.record)
        if isinstance(event, HandEnd):
            self.log.append("end")
        super().observe(event)  # type: ignore[arg-type]


def test_decisions_do_not_depend_on_hidden_cards() -> None:
    # same own cards, board and generators; only the opponent's hole cards differ. The agent may learn from
    # cards shown at a showdown, so each hand starts a fresh agent: within a hand nothing else may differ
    hero, board = parse_cards("AhQd"), parse_cards("Ks7c2h9dJs")
    others = [parse_cards(c) for c in ("3c3d", "KdKc", "8s6s", "AcAs")]
    logs = []
    for villain in others:
        log: list[object] = []
        for hand in range(4):
            agent = _Recorder()
            state = HandState.new(deck=(*villain, *hero, *board), button=1)  # button (seat 1) gets the first two
            rngs = [np.random.default_rng(hand), np.random.default_rng(7)]
            play_hand(state, [agent, ManiacBot(aggression=0.4)], rngs)
            log.extend(entry for entry in agent.log if entry != "end")
        logs.append(log)
    assert all(log == logs[0] for log in logs[1:])


def test_trust_is_learned_from_shown_hands_only() -> None:
    aggressive = []
    for seed in (2, 3, 4):  # one sequence of 80 hands shows few of his bets: compare the average over three
        agents = {"maniac": BayesAgent(), "honest": BayesAgent()}
        opponents = {"maniac": ManiacBot(), "honest": HonestBot()}
        rng = np.random.default_rng(seed)
        for hand in range(80):
            deck = rng.permutation(52)[:9]
            for name, agent in agents.items():
                before = agent.opponent.log_trust.copy()
                state = HandState.new(deck=tuple(int(c) for c in deck), button=hand % 2)
                rngs = [np.random.default_rng(hand), np.random.default_rng(-~hand)]
                play_hand(state, [agent, opponents[name]], rngs)
                assert state.showdown or np.array_equal(agent.opponent.log_trust, before)
        # nothing the maniac does follows his cards; what the honest bot does follows them as the corpus says
        maniac, honest = agents["maniac"].opponent, agents["honest"].opponent
        assert maniac.trust(False) < 0.2 and honest.trust(False) > 0.8
        aggressive.append((maniac.trust(True), honest.trust(True)))
    maniac_mean, honest_mean = np.mean(aggressive, axis=0)
    assert maniac_mean < honest_mean


@pytest.fixture(scope="module")
def tight_corpus(tmp_path_factory: pytest.TempPathFactory) -> str:
    """A corpus of honest bots only: their bets come from strong hands."""
    folder = tmp_path_factory.mktemp("tight")
    match(HonestBot(), HonestBot(), pairs=150, seed=2, histories=folder / "honest.jsonl")
    with Corpus.open(folder / "tight.sqlite") as corpus:
        corpus.build([folder / "honest.jsonl"])
    return str(folder / "tight.sqlite")


def _trusting(db: str, trust: bool) -> BayesAgent:
    agent = BayesAgent(db=db)
    for _ in range(40):  # shown hands whose bets followed the cards as the corpus says, or did not at all
        agent.opponent.observe_shown(True, *((0.9, 0.3) if trust else (0.2, 0.8)))
    return agent


def test_bets_that_do_not_follow_the_cards_leave_the_range_wide(tight_corpus: str) -> None:
    # the villain (button) raises preflop and bets flop, turn and river; the hero holds a small pair
    deck = (*parse_cards("AcAd"), *parse_cards("3c3d"), *parse_cards("Ks9d7c5h2s"))
    state = HandState.new(deck=deck, button=0)
    state.raise_to(250), state.call(), state.check(), state.raise_to(375), state.call()
    state.check(), state.raise_to(1125), state.call(), state.check(), state.raise_to(3000)
    view = state.view(1)
    tight, loose = _trusting(tight_corpus, True), _trusting(tight_corpus, False)
    assert tight.opponent.trust(True) > 0.95 and loose.opponent.trust(True) < 0.05
    assert [str(a) for a, _ in tight.action_probabilities(view)] == ["fold"]
    assert [str(a) for a, _ in loose.action_probabilities(view)] == ["call"]
    # against the bets that say nothing, his range stays (nearly) every hand
    wide = equity_vs_range(view.hole, view.board, np.ones(1326)).equity
    assert loose._situation(view).equity == pytest.approx(wide, abs=0.02)
    assert tight._situation(view).equity < wide - 0.2


# ------------------------------------------------------ expert and policy
def test_distribution_is_what_choose_samples() -> None:
    view = HandState.new(deck=tuple(range(9))).view(0)
    situation = Situation(equity=0.85, pot_odds=0.33, fold_rate=0.2, raise_rate=0.2)
    dist = dict(distribution(view, situation))
    assert sum(dist.values()) == pytest.approx(1.0)
    rng = np.random.default_rng(5)
    draws = [choose(view, situation, rng)[0] for _ in range(4000)]
    for action, probability in dist.items():
        assert draws.count(action) / len(draws) == pytest.approx(probability, abs=0.03)
    assert set(draws) <= set(dist)


def test_medium_hands_call_instead_of_raising_against_a_raiser() -> None:
    view = HandState.new(deck=tuple(range(9))).view(0)  # small blind facing the big blind
    medium = {"equity": 0.66, "pot_odds": 0.33, "fold_rate": 0.15}
    usual = {rule for _, _, rule in rule_distribution(view, Situation(**medium, raise_rate=0.15))}
    raiser = {rule for _, _, rule in rule_distribution(view, Situation(**medium, raise_rate=0.8))}
    assert "value" in usual and "value" not in raiser and "call" in raiser
    strong = Situation(equity=0.9, pot_odds=0.33, fold_rate=0.0, raise_rate=0.8)
    assert "big" in {rule for _, _, rule in rule_distribution(view, strong)}


def test_raises_that_do_not_follow_the_cards_hurt_only_while_cards_are_to_come() -> None:
    view = HandState.new(deck=tuple(range(9))).view(0)
    medium = {"equity": 0.66, "pot_odds": 0.33, "fold_rate": 0.0, "raise_rate": 0.8}

    def rules(trust: float, unseen: int) -> set[str]:
        return {rule for _, _, rule in rule_distribution(view, Situation(**medium, trust=trust, unseen=unseen))}

    assert "value" not in rules(1.0, 0)  # his raises show strength: call, even on the river
    assert "value" not in rules(0.0, 5)  # they do not, but five cards are to come: see them first
    assert "value" in rules(0.0, 0) and "value" in rules(0.0, 1)  # they do not, and little is left to see
    assert value_threshold(Situation(**medium, trust=0.0, unseen=2)) < value_threshold(Situation(**medium, unseen=2))
    # a marginal call needs a margin over the price only when his bets follow his cards
    marginal = {"equity": 0.34, "pot_odds": 0.33}
    assert [str(a) for a, _ in distribution(view, Situation(**marginal, trust=1.0))] == ["fold"]
    assert [str(a) for a, _ in distribution(view, Situation(**marginal, trust=0.0))] == ["call"]


def test_action_probabilities_agree_with_act_and_ignore_the_generator() -> None:
    agent = BayesAgent()
    rng = np.random.default_rng(8)
    checked = 0
    for hand in range(12):
        state = HandState.new(button=hand % 2, rng=rng)
        opponent = ManiacBot()
        agents = [agent, opponent]
        for seat, player in enumerate(agents):
            player.reset(seat, np.random.default_rng([hand, seat]))
        while not state.terminal:
            view = state.view(state.actor)
            if state.actor == 0:
                dist = agent.action_probabilities(view)
                assert sum(p for _, p in dist) == pytest.approx(1.0) and min(p for _, p in dist) > 0
                agent.rng = np.random.default_rng(999)  # another generator: same distribution
                assert agent.action_probabilities(view) == dist
                assert agent.act(view) in {action for action, _ in dist}
                checked += 1
                action = agent.act(view)
            else:
                action = opponent.act(view)
            state.apply(action)
    assert checked > 20


def test_board_buckets_are_shared_and_do_not_depend_on_the_hero() -> None:
    board = parse_cards("Kh8d3c")
    first, second = BayesAgent(), BayesAgent()
    first._start_hand(0, 0, parse_cards("AsAd"), GameConfig())
    second._start_hand(1, 0, parse_cards("7c7d"), GameConfig())
    assert first._street(1, board) is second._street(1, board)


# --------------------------------------------- against a player who stays
def _river_and_flop(hero: str, board: str) -> tuple[HandState, HandState]:
    """The same hand checked down to the flop and to the river, the hero (big blind) first to act on both."""
    deck = (*parse_cards("7c2d"), *parse_cards(hero), *parse_cards(board))
    flop = HandState.new(deck=deck, button=0)
    flop.call(), flop.check()
    river = HandState.new(deck=deck, button=0)
    river.call(), river.check()
    for _ in range(2):
        river.check(), river.check()
    return flop, river


def _staying(folds: int, calls: int) -> BayesAgent:
    """An agent whose model has seen the opponent answer river bets with ``folds`` folds and ``calls`` calls."""
    agent = BayesAgent()
    for action, count in (("f", folds), ("c", calls)):
        for _ in range(count):
            agent.opponent.observe(3, True, ACTIONS.index(action))
    return agent


def test_all_in_on_the_river_only_against_a_player_who_stays() -> None:
    flop, river = _river_and_flop("AsAh", "AdKc7h2s9d")
    stayer, folder = _staying(0, 60), _staying(30, 30)
    assert stayer._situation(river.view(1)).river_fold_rate < 0.05
    shove = stayer.action_probabilities(river.view(1))
    assert shove == [(Action.raise_to(river.legal_actions().max_raise_to), 1.0)]
    assert folder._situation(river.view(1)).river_fold_rate > 0.4
    assert sum(p for _, p in folder.action_probabilities(river.view(1))) == pytest.approx(1.0)
    assert Action.raise_to(river.legal_actions().max_raise_to) not in dict(folder.action_probabilities(river.view(1)))
    # before the river the chips wait for it against the stayer; the folder is bet into at once
    assert [str(a) for a, _ in stayer.action_probabilities(flop.view(1))] == ["check"]
    assert {rule for _, _, rule in rule_distribution(flop.view(1), folder._situation(flop.view(1)))} == {"big"}


def test_shove_gain_is_the_edge_over_his_range_when_he_never_folds() -> None:
    river = {"fold_rate": 0.0, "river_fold_rate": 0.0, "unseen": 0, "pot": 2000.0, "stake": 19000.0}
    assert shove_gain(Situation(equity=0.55, **river)) == pytest.approx(0.1 * 19000)
    assert shove_gain(Situation(equity=0.45, **river)) < 0
    view = _river_and_flop("AsAh", "AdKc7h2s9d")[1].view(1)
    ahead = rule_distribution(view, Situation(equity=0.55, **river))
    assert [rule for _, _, rule in ahead] == ["shove"] and ahead[0][1] == 1.0
    assert "shove" not in {rule for _, _, rule in rule_distribution(view, Situation(equity=0.45, **river))}
    # if he folds, his calling range is assumed to hold the hands the hero beat: a medium hand checks
    folding = {**river, "fold_rate": 0.3, "river_fold_rate": 0.3}
    assert called_equity(Situation(equity=0.55, **folding)) < 0.5
    assert "shove" not in {rule for _, _, rule in rule_distribution(view, Situation(equity=0.9, **folding))}
    dist = distribution(view, Situation(equity=0.55, **river))
    assert sum(p for _, p in dist) == pytest.approx(1.0)


def test_calls_before_the_river_count_the_bets_to_come_and_the_chips_behind() -> None:
    stays = {"river_fold_rate": 0.0, "stake": 19000.0}
    # deep preflop: a hand below the price calls, paid by the all-in it may win on the river
    preflop = Situation(equity=0.33, pot_odds=0.4, unseen=5, pot=600, to_call=400, aggression=0.8, **stays)
    assert call_value(preflop) > 0
    assert not _calls(dataclasses.replace(preflop, river_fold_rate=0.3))
    assert _calls(preflop)
    # a weak hand just above the price folds on the turn to a frequent bettor, not to a passive one
    turn = Situation(equity=0.15, pot_odds=0.143, unseen=1, pot=3000, to_call=500, aggression=0.8, **stays)
    assert call_value(turn) < 0 < call_value(dataclasses.replace(turn, aggression=0.0))
    assert not _calls(turn) and _calls(dataclasses.replace(turn, aggression=0.0))
    assert _calls(dataclasses.replace(turn, river_fold_rate=0.3, trust=0.0))  # by the price alone


def _calls(situation: Situation) -> bool:
    view = HandState.new(deck=tuple(range(9))).view(0)
    return "call" in {rule for _, _, rule in rule_distribution(view, situation)}


def test_acts_after_a_min_raise_war_of_300_actions() -> None:
    state = HandState.new(GameConfig(small_blind=1, big_blind=2, stacks=(5000, 5000)), deck=tuple(range(9)), button=0)
    while len(state.history) < 300:  # the Monte Carlo seed held the history's length in one byte
        state.raise_to(state.legal_actions().min_raise_to)
    view = state.view(state.actor)
    agent = BayesAgent()
    agent.reset(view.seat, np.random.default_rng(0))
    state.copy().apply(agent.act(view), state.actor)  # legal, or the engine raises
