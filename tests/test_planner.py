"""The planner (issue 4): information-set MCTS, budgets, reports, fairness."""
import copy

import numpy as np
import pytest

from wyrm_ai import _core
from wyrm_ai.model.errors import ConfigError, IllegalActionError
from wyrm_ai.model.game import Game
from wyrm_ai.ai.planner import Budget, search
from wyrm_ai.ai.players import HeuristicPlayer, MCTSPlayer, RandomPlayer, make_player, play

from positions import traded_with_deck

MARQUISE, WYRM = 0, 1


def wyrm_decision(seed=3, min_legal=6):
    """A mid-game position where the Wyrm decides in its Daylight with several choices."""
    rng = np.random.default_rng(seed)
    g = Game(first="marquise")
    players = {0: HeuristicPlayer(seed), 1: HeuristicPlayer(seed + 1)}
    while True:
        if g.current_player == WYRM and g.step == "wyrm_daylight" and g.state.turn_number >= 6 \
                and len(g.legal_actions()) >= min_legal:
            return g
        assert not g.is_terminal()
        a = g.sample_chance(rng) if g.is_chance_node() else players[g.current_player].choose(g)
        g.apply(a)


def with_hidden_swapped(g: Game) -> Game:
    """The same position with a different Marquise hand (same size) and deck: a card of her hand
    traded for a different card of the deck. Nothing the Wyrm can see changes."""
    d = copy.deepcopy(g.state.to_dict())
    hand = d["hand"][0]
    give = next(t for t, n in enumerate(hand) if n > 0)
    take = next(t for t, n in enumerate(d["deck"]) if n > 0 and t != give)
    return traded_with_deck(g, None, d, hand, give, take)


def test_fairness_hidden_cards_do_not_change_the_search():
    """Two states that differ only in what the Wyrm's seat cannot see give the same decision and
    the same search statistics for the same seed and budget."""
    g = wyrm_decision()
    h = with_hidden_swapped(g)
    assert g.observation(WYRM) == h.observation(WYRM)
    r1 = search(g, Budget(sims=400), seed=11)
    r2 = search(h, Budget(sims=400), seed=11)
    assert r1.best == r2.best
    assert r1.top == r2.top
    assert r1.line == r2.line


def test_determinization_reads_only_what_the_seat_sees():
    g = wyrm_decision()
    h = with_hidden_swapped(g)
    a = _core.determinized(g.state, WYRM, 5).to_dict()
    b = _core.determinized(h.state, WYRM, 5).to_dict()
    assert a == b
    # the observer's own hand is kept, the other hand keeps its size
    assert a["hand"][WYRM] == g.state.to_dict()["hand"][WYRM]
    assert a["hand_size"] == g.state.to_dict()["hand_size"]
    assert sum(a["hand"][0]) == a["hand_size"][0]
    assert sum(a["deck"]) == a["deck_size"] == g.state.to_dict()["deck_size"]


def test_determinization_keeps_cards_known_through_codebreakers():
    g = wyrm_decision()
    d = g.state.to_dict()
    known = [0] * len(d["hand"][0])
    t = next(i for i, n in enumerate(d["hand"][0]) if n > 0)
    known[t] = 1
    d["known"][WYRM][MARQUISE] = known
    g.state = _core.State.from_dict(d)
    for seed in range(20):
        assert _core.determinized(g.state, WYRM, seed).to_dict()["hand"][0][t] >= 1


def test_same_seed_same_budget_same_decision():
    g = wyrm_decision(seed=5)
    r1 = search(g, Budget(sims=300), seed=2)
    r2 = search(g, Budget(sims=300), seed=2)
    assert (r1.best, r1.top, r1.line) == (r2.best, r2.top, r2.line)
    assert r1.simulations == 300


def test_planner_returns_a_legal_action_and_reports():
    g = wyrm_decision(seed=7)
    r = search(g, Budget(sims=200), seed=1)
    assert r.best in g.legal_actions()
    assert r.top[0][0] == r.best
    assert sum(v for _, _, v, _ in r.top) == 200
    assert all(0.0 <= m <= 1.0 for *_, m in r.top)
    assert r.line and r.line[0] == r.top[0][1]
    assert "simulations" in r.format()


def test_one_legal_action_is_returned_at_once():
    g = Game()
    while len(g.legal_actions()) != 1 or g.is_chance_node():
        g.apply(g.legal_actions()[0])
    r = search(g, Budget(sims=10_000), seed=0)
    assert r.best == g.legal_actions()[0]
    assert r.simulations == 0


def test_search_refuses_chance_nodes():
    with pytest.raises(IllegalActionError):
        _core.Search(Game().state)


class ChunkClock:
    """A fake clock for search(clock=...): time moves on by `step` seconds per chunk of
    simulations (the progress callback advances it), so budgets are checked by counting. Times
    are binary fractions, so the arithmetic is exact."""

    def __init__(self, step=0.25):
        self.now, self.step = 100.0, step

    def __call__(self):
        return self.now

    def tick(self, *_):
        self.now += self.step


def test_time_budget_stops_and_stop_callback():
    g = wyrm_decision()
    clock = ChunkClock()
    r = search(g, Budget(sims=None, seconds=2.5), seed=1, clock=clock, progress=clock.tick)
    assert r.simulations == 10 * 128 and r.seconds == 2.5     # 10 chunks of 0.25 s
    calls = []
    r = search(g, Budget(sims=100_000), seed=1, stop=lambda: len(calls) >= 2,
               progress=lambda n, t, best, value: calls.append((n, best)))
    assert r.simulations == 2 * 128 and len(calls) == 2
    assert r.best in g.legal_actions()


def test_turn_budget_is_shared_across_decisions():
    """A turn's seconds are shared out over its expected decisions: 5 s left over 4 decisions is
    1.25 s for this one (5 chunks of 0.25 s on the fake clock)."""
    g = wyrm_decision()
    clock = ChunkClock()
    r = search(g, Budget(sims=None, turn_seconds=40, expected_decisions=4), seed=1, turn_spent=35,
               clock=clock, progress=clock.tick)
    assert r.simulations == 5 * 128 and r.seconds == 1.25


def test_spent_turn_budget_still_runs_min_sims():
    g = wyrm_decision()
    clock = ChunkClock()
    r = search(g, Budget(sims=None, turn_seconds=40, min_sims=64), seed=1, turn_spent=50,
               clock=clock, progress=clock.tick)
    assert r.simulations == 128          # one chunk: at least min_sims, then the deadline holds


def test_bad_budgets():
    with pytest.raises(ConfigError):
        Budget(sims=None)
    with pytest.raises(ConfigError):
        Budget(sims=-5)
    with pytest.raises(ConfigError):
        make_player("alphazero")


@pytest.mark.parametrize("kind", ["random", "heuristic", "mcts"])
def test_every_driver_finishes_a_game_legally(kind):
    opts = {"sims": 30} if kind == "mcts" else {}
    g = play(Game(first="wyrm"), {0: HeuristicPlayer(1), 1: make_player(kind, 2, **opts)},
             np.random.default_rng(4))
    assert g.is_terminal() and max(g.scores) >= 30


def test_mcts_player_is_deterministic():
    def run():
        g = play(Game(), {0: HeuristicPlayer(1), 1: MCTSPlayer(3, sims=40)}, np.random.default_rng(9))
        return g.record
    assert run() == run()


def test_heuristic_prefers_winning_moves():
    """The evaluation is 1 for a won game: a greedy player takes a move that wins at once."""
    g = wyrm_decision()
    d = g.state.to_dict()
    d["score"][WYRM] = 29
    g.state = _core.State.from_dict(d)
    # any action that scores (a craft with VP, a battle removing a building) wins; pass scores the Lair
    best = _core.heuristic_choice(g.state, 0, 0, 4)
    s = g.state.clone()
    s.apply(best)
    assert _core.evaluate_state(s, WYRM) >= _core.evaluate_state(g.state, WYRM)


def test_evaluation_is_symmetric_and_bounded():
    g = wyrm_decision()
    a = _core.evaluate_state(g.state, 0)
    b = _core.evaluate_state(g.state, 1)
    assert 0.0 < a < 1.0 and abs(a + b - 1.0) < 1e-9


def test_eval_weights_can_be_overridden_per_call():
    g = wyrm_decision()
    before = _core.seat_worth_of(g.state, WYRM)
    vp = _core.EVAL_WEIGHTS["vp"]
    assert _core.seat_worth_of(g.state, WYRM, {"vp": vp + 1.0}) == pytest.approx(before + g.scores[WYRM])
    assert _core.seat_worth_of(g.state, WYRM) == before         # the defaults are untouched
    with pytest.raises(TypeError):
        _core.EVAL_WEIGHTS["vp"] = 2.0                          # and read-only
    for bad, words in (({"no_such_weight": 1}, "no evaluation weight 'no_such_weight'; the weights are vp"),
                       ({"vp": "x"}, "evaluation weight vp must be a finite number"),
                       ({"vp": float("inf")}, "evaluation weight vp must be a finite number"),
                       ({"scale": 0}, "evaluation weight scale must be a finite number > 0")):
        for call in (lambda: _core.seat_worth_of(g.state, WYRM, bad),
                     lambda: _core.evaluate_state(g.state, WYRM, weights=bad),
                     lambda: _core.evaluations(g.state, weights=bad),
                     lambda: _core.heuristic_choice(g.state, weights=bad),
                     lambda: _core.Search(g.state, weights=bad)):
            with pytest.raises(ConfigError, match=words):
                call()


def test_a_search_with_the_default_weights_given_is_the_search_without():
    g = wyrm_decision()
    runs = []
    for weights in (None, {}, dict(_core.EVAL_WEIGHTS)):
        s = _core.Search(g.state, seed=3, weights=weights)
        s.run(300)
        runs.append(s.children())
        assert s.weights == dict(_core.EVAL_WEIGHTS)
    assert runs[0] == runs[1] == runs[2]
    other = _core.Search(g.state, seed=3, weights={"vp": 3.0, "scale": 2.0})
    other.run(300)
    assert other.weights["vp"] == 3.0 and other.children() != runs[0]


def test_searches_with_different_weights_in_parallel_threads_are_each_their_own():
    """Each Search owns its weights: two searches with different weights run at once in two
    threads give exactly what each gives alone (no shared table is written)."""
    import threading
    g = wyrm_decision()
    specs = [None, {"vp": 3.0, "pawn_exposed": -1.0}]

    def alone(w):
        s = _core.Search(g.state, seed=5, weights=w)
        s.run(400)
        return s.children()

    expect = [alone(w) for w in specs]
    searches = [_core.Search(g.state, seed=5, weights=w) for w in specs]
    threads = [threading.Thread(target=s.run, args=(400,)) for s in searches]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert [s.children() for s in searches] == expect and expect[0] != expect[1]
