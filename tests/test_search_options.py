"""The search options of issue 15 item 3: value normalisation (normalize), the tree reaching into
the searcher's next turn (tree_turns) and the root's heuristic prior (prior, c_puct, prior_temp).
All default off: the recorded planner cases
(tests/test_planner_nseat.py) hold the default search bit for bit."""
import numpy as np
import pytest

from wyrm_ai import _core
from wyrm_ai.model import actions
from wyrm_ai.model.errors import ConfigError
from wyrm_ai.model.game import Game
from wyrm_ai.ai.planner import Budget, search
from wyrm_ai.ai.players import HeuristicPlayer, make_player, play

from test_planner import wyrm_decision
from wyrm_positions import WYRM, act, cat_day

MARQUISE = 0


def root_share(tree) -> float:
    """The most visited root action's share of the root's visits."""
    kids = tree.children()
    return kids[0][1] / sum(v for _, v, _, _ in kids)


def test_the_options_default_to_todays_search():
    g = wyrm_decision(seed=5)
    plain = _core.Search(g.state, seed=4)
    named = _core.Search(g.state, seed=4, normalize="none", tree_turns=1)
    assert (plain.normalize, plain.tree_turns, plain.tree_last_turn) == ("none", 1, g.state.turn_number)
    plain.run(300)
    named.run(300)
    assert plain.children() == named.children()
    assert plain.principal_path() == named.principal_path()


@pytest.mark.parametrize("options, words", [
    ({"normalize": "MinMax"}, "normalize must be one of none, minmax, not 'MinMax'"),
    ({"normalize": ""}, "normalize must be one of none, minmax"),
    ({"tree_turns": 0}, "tree_turns must be >= 1, not 0"),
    ({"tree_turns": -3}, "tree_turns must be >= 1, not -3"),
    ({"prior": "policy"}, "prior must be one of none, heuristic, learned, not 'policy'"),
    ({"c_puct": -1.0}, "c_puct must be a number in 0..1e6, not -1.0"),
    ({"prior_temp": 0.0}, "prior_temp must be a number in 0.01..100, not 0.0"),
])
def test_bad_option_values_name_what_is_wrong(options, words):
    g = wyrm_decision(seed=5)
    with pytest.raises(ConfigError, match=words):
        _core.Search(g.state, seed=1, **options)


# seed 5's position (since issue 29 item 5 added the hand prompts to the game that reaches it) has
# two actions valued 0.454 and 0.453, which rightly share the visits; seed 9 stands in for it
@pytest.mark.parametrize("seed", [3, 7, 9])
def test_minmax_concentrates_the_visits_on_the_best_valued_action(seed):
    """The root's value gaps are a few hundredths while the exploration term is a few tenths, so
    plain UCB1 spreads the visits almost evenly; rescaled to the spread of values at the node, the
    best action takes most of them (and is the best valued of the visited ones)."""
    g = wyrm_decision(seed=seed, min_legal=8)
    flat = _core.Search(g.state, seed=1)
    norm = _core.Search(g.state, seed=1, normalize="minmax")
    flat.run(1000)
    norm.run(1000)
    assert norm.normalize == "minmax"
    assert root_share(flat) < 0.15
    assert root_share(norm) > 0.4 and root_share(norm) > 3 * root_share(flat)
    best = norm.children()[0]
    assert best[2] == max(m for _, v, m, _ in norm.children() if v >= 20)


@pytest.mark.parametrize("options", [{"normalize": "minmax"}, {"prior": "heuristic"}])
def test_the_options_are_deterministic_per_seed_and_differ_with_it(options):
    g = wyrm_decision(seed=7)
    runs = []
    for seed in (2, 2, 3):
        t = _core.Search(g.state, seed=seed, **options)
        t.run(400)
        runs.append((t.root_priors(), t.children(), t.principal_path()))
    assert runs[0] == runs[1] != runs[2]


def test_minmax_in_a_max_n_tree_reads_each_choosers_own_values():
    """tree_seats all at three seats (reaching the observer's next turn, so every seat decides in
    the tree): each node is normalised over its chooser's own values; the search stays sound and
    reproducible."""
    g = Game(factions=("marquise", "eyrie", "wyrm"))
    rng = np.random.default_rng(2)
    bots = {s: HeuristicPlayer(s) for s in range(3)}
    while g.is_chance_node() or g.state.turn_number < 7 or len(g.legal_actions()) < 6:
        g.apply(g.sample_chance(rng) if g.is_chance_node() else bots[g.current_player].choose(g))
    trees = []
    for _ in range(2):
        t = _core.Search(g.state, seed=3, tree_seats="all", tree_turns=2, normalize="minmax")
        t.run(1500)
        trees.append(t)
    choosers = {seat for _, seat in _below(trees[0], 0)}
    assert g.current_player in choosers and len(choosers) >= 2
    assert trees[0].children() == trees[1].children()
    assert trees[0].best_action() in g.legal_actions()
    assert all(0.0 <= m <= 1.0 for _, _, m, _ in trees[0].children())


def _below(tree, node):
    """[(action, chooser)] of every node below node."""
    out, stack = [], [node]
    while stack:
        for a, _, _, child in tree.children(stack.pop()):
            out.append((a, tree.child_seat(child)))
            stack.append(child)
    return out


def _pass_node(tree):
    return next(n for a, _, _, n in tree.children() if actions.decode(a).kind == "pass")


def test_tree_turns_2_grows_the_searchers_next_turn():
    """With tree_turns 1 the tree ends with the Wyrm's turn: below its Daylight's pass there are
    at most its Evening's discards. With 2 the Marquise's turn is played by her heuristic and the
    tree holds the Wyrm's decisions of its next turn: its Birdsong and Daylight (moves, battles)."""
    g = wyrm_decision(seed=5, min_legal=8)
    assert g.current_player == WYRM and g.step == "wyrm_daylight"
    one = _core.Search(g.state, seed=1)
    two = _core.Search(g.state, seed=1, tree_turns=2)
    one.run(1500)
    two.run(1500)
    assert two.tree_turns == 2 and two.tree_last_turn == g.state.turn_number + 2
    daylight = {"move", "battle", "terror", "eat", "hoard"}
    assert not {actions.decode(a).kind for a, _ in _below(one, _pass_node(one))} & daylight
    next_turn = _below(two, _pass_node(two))
    assert {actions.decode(a).kind for a, _ in next_turn} & daylight
    assert {seat for _, seat in next_turn} == {WYRM}       # the Marquise's turn took no node


def test_tree_turns_2_with_every_seat_holds_the_others_turn_too():
    """With tree_seats all, the Marquise's turn after the Wyrm's pass is grown in the tree (her
    decisions, by her values) with tree_turns 2, and not with 1."""
    g = wyrm_decision(seed=5, min_legal=8)
    seats = []
    for n in (1, 2):
        t = _core.Search(g.state, seed=1, tree_seats="all", tree_turns=n)
        t.run(1500)
        seats.append({seat for _, seat in _below(t, _pass_node(t))})
    assert MARQUISE not in seats[0] and MARQUISE in seats[1]


def test_tree_last_turn_counts_the_observers_own_turns():
    """From a decision of the Wyrm on the Marquise's turn (which forest the pawn flees to, W-FOREST-1)
    the Wyrm's next turn is the very next one; from its own turn it is a round away."""
    g = cat_day(pawn=11, warriors={11: 3})
    act(g, "XW11", "roll 1,0")
    assert g.step == "battle_forest" and g.current_player == WYRM
    t = g.state.turn_number
    assert [_core.Search(g.state, tree_turns=n).tree_last_turn for n in (1, 2, 3)] == [t, t + 1, t + 3]
    g = wyrm_decision(seed=3)
    t = g.state.turn_number
    assert [_core.Search(g.state, tree_turns=n).tree_last_turn for n in (1, 2, 3)] == [t, t + 2, t + 4]
    g3 = Game(factions=("marquise", "eyrie", "wyrm"))
    rng = np.random.default_rng(1)
    while g3.is_chance_node():
        g3.apply(g3.sample_chance(rng))
    t = g3.state.turn_number
    assert _core.Search(g3.state, tree_turns=2).tree_last_turn == t + 3


def test_tree_turns_is_deterministic_and_the_threads_merge():
    g = wyrm_decision(seed=7)
    options = dict(normalize="minmax", tree_turns=2)
    a = search(g, Budget(sims=600, threads=2), seed=5, **options)
    b = search(g, Budget(sims=600, threads=2), seed=5, **options)
    assert (a.best, a.top, a.line) == (b.best, b.top, b.line)
    assert a.simulations == 600 and sum(v for _, _, v, _ in a.top) == 600
    assert a.best in g.legal_actions()


def test_the_spec_keys_reach_the_search():
    g = Game()
    player = make_player("mcts:sims=40,normalize=minmax,tree_turns=2", 3)
    assert player.options == {"normalize": "minmax", "tree_turns": 2}
    play(g, {0: player, 1: HeuristicPlayer(1)}, np.random.default_rng(4), max_actions=60)
    assert player.decisions > 0 and player.last_report.simulations > 0


def test_without_a_prior_the_root_has_none():
    g = wyrm_decision(seed=5)
    t = _core.Search(g.state, seed=4)
    assert (t.prior, t.root_priors(), t.c_puct, t.prior_temp) == ("none", {}, _core.DEFAULT_C_PUCT,
                                                                  _core.DEFAULT_PRIOR_TEMP)


@pytest.mark.parametrize("seed", [3, 7, 9])      # seed 5: two near-equal actions (above)
def test_the_heuristic_prior_ranks_the_root_actions_as_the_heuristic_does(seed):
    """Every legal root action gets a prior, they sum to 1, and the best is the action the
    heuristic itself would choose at the position (its one-ply values, here averaged over
    determinizations: the same action unless two are within the sampling noise)."""
    g = wyrm_decision(seed=seed, min_legal=8)
    t = _core.Search(g.state, seed=1, prior="heuristic")
    pri = t.root_priors()
    assert t.prior == "heuristic"
    assert set(pri) == set(g.legal_actions())
    assert abs(sum(pri.values()) - 1.0) < 1e-9 and min(pri.values()) > 0.0
    top = max(pri, key=pri.get)
    assert pri[top] > 2 * sorted(pri.values())[len(pri) // 2]      # well above the median action
    choices = {_core.heuristic_choice(g.state, seed=k) for k in range(4)}
    assert top in choices or pri[top] - max(pri[c] for c in choices) < 0.05
    # a cooler softmax puts more of the mass on the top action
    hot = _core.Search(g.state, seed=1, prior="heuristic", prior_temp=1.0).root_priors()
    assert max(hot.values()) < pri[top]


@pytest.mark.parametrize("seed", [3, 5, 7])
def test_puct_at_the_root_gathers_the_visits(seed):
    """With the prior the root chooses by PUCT: the visits gather on a few actions (the most
    visited takes far more than under plain UCB1, which spreads them), every root action is
    still tried, and c_puct 0 leaves only the values to choose (after each child's first visit,
    in prior order): a greedy root that keeps to the best valued action."""
    g = wyrm_decision(seed=seed, min_legal=8)
    flat = _core.Search(g.state, seed=1)
    prior = _core.Search(g.state, seed=1, normalize="minmax", prior="heuristic")
    flat.run(1000)
    prior.run(1000)
    assert flat.children()[0][1] < 0.15 * 1000
    assert len(prior.children()) == len(g.legal_actions())
    assert all(v >= 1 for _, v, _, _ in prior.children())
    assert prior.children()[0][1] > 0.4 * 1000
    greedy = _core.Search(g.state, seed=1, normalize="minmax", prior="heuristic", c_puct=0.0)
    greedy.run(1000)
    kids = greedy.children()
    assert kids[0][1] > 0.8 * 1000
    assert kids[0][2] == max(m for _, _, m, _ in kids)


def test_the_prior_merges_over_threads_deterministically():
    g = wyrm_decision(seed=7)
    a = search(g, Budget(sims=600, threads=2), seed=5, prior="heuristic", normalize="minmax")
    b = search(g, Budget(sims=600, threads=2), seed=5, prior="heuristic", normalize="minmax")
    assert (a.best, a.top, a.line) == (b.best, b.top, b.line) and a.best in g.legal_actions()


def test_the_prior_spec_keys_reach_the_search():
    g = Game()
    player = make_player("mcts:sims=40,prior=heuristic,c_puct=1.5,prior_temp=0.5", 3)
    assert player.options == {"prior": "heuristic", "c_puct": 1.5, "prior_temp": 0.5}
    play(g, {0: player, 1: HeuristicPlayer(1)}, np.random.default_rng(4), max_actions=60)
    assert player.decisions > 0 and player.last_report.simulations > 0
