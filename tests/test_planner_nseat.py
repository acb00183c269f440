"""The planner at N seats (issue 11 part 5): per-seat values (evaluate_all), max^n selection and
backup, the tree_seats option ("observer", "all") in the core, the planner's Budget and the
engine protocol, fairness under both options, and the two-seat planner unchanged by default
(tests/data/planner_two_seat_cases.json, recorded from main by tools/record_planner_cases.py)."""
from __future__ import annotations

import copy
import json
import pathlib

import numpy as np
import pytest

from wyrm_ai import _core
from wyrm_ai.ai import calibration
from wyrm_ai.model.errors import ConfigError
from wyrm_ai.model.factions import EYRIE, MARQUISE as F_MARQUISE, TWO_SEATS, WYRM as F_WYRM, names
from wyrm_ai.model.game import Game
from wyrm_ai.ai.planner import Budget, SearchReport, search
from wyrm_ai.ai.players import MCTSPlayer, make_player, play

from positions import traded_with_deck
from test_planner import wyrm_decision, with_hidden_swapped
from wyrm_positions import MARQUISE, WYRM, act, wyrm_day

# every table the core can seat today: the Marquise-Wyrm game, and Marquise-Eyrie-Wyrm once the
# Eyrie is playable (issue 11)
TABLES = [TWO_SEATS] + ([(F_MARQUISE, EYRIE, F_WYRM)] if EYRIE in _core.PLAYABLE_FACTIONS else [])
SEATS = [(table, seat) for table in TABLES for seat in range(len(table))]
CASES = json.loads((pathlib.Path(__file__).parent / "data" / "planner_two_seat_cases.json").read_text())["cases"]


def replayed(case) -> Game:
    g = Game(first=case["first"])
    for line in case["record"]:
        g.apply(line)
    return g


def fuzzed_positions(n=40, seed=0):
    """Positions met in random two-seat games (chance and terminal ones included)."""
    rng = np.random.default_rng(seed)
    out = []
    for k in range(4):
        g = Game(first=("marquise", "wyrm")[k % 2])
        while not g.is_terminal() and len(out) < (k + 1) * n // 4:
            if rng.random() < 0.05:
                out.append(g.clone())
            legal = g.legal_actions()
            g.apply(g.sample_chance(rng) if g.is_chance_node() else legal[rng.integers(len(legal))])
        out.append(g.clone())
    return out


# ------------------------------------------------------------------ per-seat values

def test_evaluate_all_is_each_seats_evaluation():
    """evaluations(state)[seat] == evaluate_state(state, seat) for every seat, exactly: one
    computation of the worths, the same logistic of each seat's gap to the best other seat."""
    for g in fuzzed_positions():
        vals = _core.evaluations(g.state)
        assert len(vals) == g.num_seats
        assert vals == [_core.evaluate_state(g.state, s) for s in range(g.num_seats)]
        assert all(0.0 <= v <= 1.0 for v in vals)


def test_evaluate_all_scores_a_finished_game_one_for_the_winner():
    """A finished game: 1 for the winner, 0 for every other seat (LoR 3.1: the first to 30 VP wins)."""
    rng = np.random.default_rng(4)
    g = Game()
    while not g.is_terminal():
        legal = g.legal_actions()
        g.apply(g.sample_chance(rng) if g.is_chance_node() else legal[rng.integers(len(legal))])
    vals = _core.evaluations(g.state)
    assert vals[g.winner] == 1.0 and sum(vals) == 1.0


# ------------------------------------------------------------------ max^n

def battle_for_the_wood():
    """The Wyrm's Daylight; the Marquise has a sawmill, a workshop and a wood in clearing 5 and
    no warrior, the Wyrm one wyrmling there. After "XC5" and the roll the Marquise chooses which
    of her pieces each hit removes (LoR 4.3.4: the owner chooses among buildings and tokens once
    no warrior is left; 4.3.3: the defenseless take an extra hit)."""
    return wyrm_day(pawn=3, wyrmlings={5: 1}, sawmills={5: 1}, workshops={5: 1}, wood={5: 1})


def child(tree, node, text, g, seat):
    return next(k for k in tree.children(node) if g.describe(k[0], seat) == text)


def test_maxn_the_defender_chooses_by_its_own_value_lor_4_3_4():
    """max^n (LoR 4.3.4 hit allocation by the owner): with tree_seats "all" the Marquise's hit
    choices under the Wyrm's "XC5" are nodes of the Marquise (child_seat 0) chosen by her own
    value: losing the wood first is best for her (a building is worth more and keeps her a
    share of rule) and worst for the Wyrm, and the tree prefers it, with the best mean of her
    choices. With "observer" the tree holds the Wyrm's decisions only."""
    g = battle_for_the_wood()
    # the position's values one hit later, for both seats
    after = {}
    for text in ("t5->", "b_s5->", "b_w5->"):
        h = g.clone()
        act(h, "XC5", "roll 0,0", text)        # a 0 roll: the defenseless extra hit only
        after[text] = _core.evaluations(h.state)
    assert max(after, key=lambda t: after[t][MARQUISE]) == "t5->"
    assert min(after, key=lambda t: after[t][WYRM]) == "t5->"

    tree = _core.Search(g.state, seed=1, tree_seats="all", max_rollout_decisions=0)
    tree.run(3000)
    assert tree.tree_seats == "all"
    _, visits, _, xc5 = child(tree, 0, "XC5", g, WYRM)
    assert tree.child_seat(xc5) == WYRM and visits > 300
    hits = tree.children(xc5)
    assert {tree.child_seat(k[3]) for k in hits} == {MARQUISE}
    assert sorted(g.describe(k[0], MARQUISE) for k in hits) == ["b_s5->", "b_w5->", "t5->"]
    most = hits[0]
    assert g.describe(most[0], MARQUISE) == "t5->"
    assert most[2] == max(k[2] for k in hits)          # her mean, the best of her choices

    observer = _core.Search(g.state, seed=1, max_rollout_decisions=0)
    observer.run(3000)
    assert observer.tree_seats == "observer"
    _, _, _, xc5 = child(observer, 0, "XC5", g, WYRM)
    assert {observer.child_seat(k[3]) for k in observer.children(xc5)} == {WYRM}


def test_maxn_a_node_backs_up_the_value_of_the_seat_that_chose_it():
    """max^n backup: a node adds the value of the seat that chose it. Away from the end the two
    seats' values sum to 1 (the logistic of the gap and of its negative), and every simulation
    through the Wyrm's "XC5" but its first (the expansion) goes on to a hit choice of the
    Marquise (LoR 4.3.4, three pieces to choose from): so the Wyrm's total at "XC5" is, within
    that one first value, the sum over the Marquise's children of their visits minus her total."""
    g = battle_for_the_wood()
    tree = _core.Search(g.state, seed=2, tree_seats="all", max_rollout_decisions=0)
    tree.run(2000)
    _, visits, mean, xc5 = child(tree, 0, "XC5", g, WYRM)
    hers = tree.children(xc5)
    assert {tree.child_seat(k[3]) for k in hers} == {MARQUISE}
    assert visits == 1 + sum(v for _, v, _, _ in hers) and visits > 300
    wyrm_total = mean * visits
    as_the_wyrm = sum(v - m * v for _, v, m, _ in hers)
    assert 0.0 - 1e-6 <= wyrm_total - as_the_wyrm <= 1.0 + 1e-6
    # and not the Marquise's own totals (what a backup of one seat's value would give)
    assert abs(wyrm_total - sum(m * v for _, v, m, _ in hers)) > 10


# ------------------------------------------------------------------ tree_seats option

def test_tree_seats_is_checked_everywhere():
    g = wyrm_decision()
    with pytest.raises(ConfigError, match="tree_seats"):
        _core.Search(g.state, tree_seats="both")
    with pytest.raises(ConfigError, match="tree_seats"):
        Budget(sims=10, tree_seats="everyone")
    with pytest.raises(ConfigError, match="Budget"):
        search(g, Budget(sims=10), tree_seats="all")
    assert _core.TREE_SEATS == ("observer", "all") and Budget().tree_seats == "observer"


@pytest.mark.parametrize("tree_seats", _core.TREE_SEATS)
def test_both_options_return_a_legal_root_action(tree_seats):
    for seed in (3, 5, 7):
        g = wyrm_decision(seed=seed)
        r = search(g, Budget(sims=300, tree_seats=tree_seats), seed=seed)
        assert r.best in g.legal_actions()
        assert sum(v for _, _, v, _ in r.top) == 300
        assert len(r.line_seats) == len(r.line) and r.line_seats[0] == r.seat


@pytest.mark.parametrize("tree_seats", _core.TREE_SEATS)
def test_fairness_hidden_cards_do_not_change_either_search(tree_seats):
    """Both options search only the observer's determinization: two states differing only in
    the Marquise's hidden hand (and the deck) give the same result for the same seed, even when
    the tree holds the Marquise's own decisions."""
    for seed in (3, 5):
        g = wyrm_decision(seed=seed)
        h = with_hidden_swapped(g)
        assert g.observation(WYRM) == h.observation(WYRM)
        r1 = search(g, Budget(sims=400, tree_seats=tree_seats), seed=11)
        r2 = search(h, Budget(sims=400, tree_seats=tree_seats), seed=11)
        assert (r1.best, r1.top, r1.line, r1.line_seats, r1.tree_size) == \
            (r2.best, r2.top, r2.line, r2.line_seats, r2.tree_size)


def test_all_seats_lines_name_other_seats_decisions():
    """With tree_seats "all" the principal line can pass through the other seat's mid-turn
    decisions (here the Marquise's hits, LoR 4.3.4), each written in its own seat's notation."""
    g = battle_for_the_wood()
    tree = _core.Search(g.state, seed=1, tree_seats="all", max_rollout_decisions=0)
    tree.run(3000)
    path = tree.principal_path()
    assert path[0][1] == WYRM and [a for a, _ in path] == tree.principal_line()
    r = search(g, Budget(sims=3000, tree_seats="all"), seed=1, max_rollout_decisions=0)
    assert r.line == [g.describe(a, s) for a, s in zip(r.line_actions, r.line_seats)]


# ------------------------------------------------------------------ two seats unchanged

@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c['first']}-{c['seed']}")
def test_two_seat_default_search_is_unchanged(case):
    """With the default options the two-seat planner finds what main found before the N-seat
    planner (same seed and budget: the same best action, root visits and means, line)."""
    g = replayed(case)
    r = search(g, Budget(sims=case["sims"]), seed=case["seed"])
    assert g.describe(r.best) == case["best"]
    assert [[text, v, m] for _, text, v, m in r.top] == case["top"]
    assert r.line == case["line"]


# ------------------------------------------------------------------ reports and players

def test_calibration_only_where_it_was_found_calibrated():
    """A win chance is shown only for a seat and table whose model was found calibrated (today
    the two-seat Marquise, Eyrie and Wyrm, refitted on the levels' games, issue 31 item 4; the
    two-seat Vagabond and every seat at three are hidden); elsewhere a report gives no chance and
    labels its values uncalibrated."""
    assert calibration.calibrated(TWO_SEATS, 1) and calibration.calibrated(TWO_SEATS, 0)
    other = (F_MARQUISE, EYRIE, F_WYRM)
    assert not any(calibration.calibrated(other, s) for s in range(3))
    assert not calibration.calibrated((3, F_WYRM), 0)           # the two-seat Vagabond
    two = SearchReport(1, 0, top=[(0, "pass", 10, 0.6)], factions=TWO_SEATS)
    three = SearchReport(2, 0, top=[(0, "pass", 10, 0.6)], factions=other)
    assert 0.0 <= two.chance(0.6) <= 1.0 and "win chance" in two.row_numbers(10, 0.6)
    assert three.chance(0.6) is None
    assert three.row_numbers(10, 0.6) == "100% of visits, value 0.60 (uncalibrated)"
    assert "uncalibrated" in three.format() and "win chance" not in three.format()


def test_mcts_player_passes_tree_seats():
    p = make_player("mcts", seed=1, sims=50, tree_seats="all")
    assert isinstance(p, MCTSPlayer) and p.budget.tree_seats == "all"
    g = wyrm_decision()
    assert p.choose(g) in g.legal_actions() and p.last_report.simulations == 50
    with pytest.raises(ConfigError):
        make_player("mcts", seed=1, tree_seats="some")


# ------------------------------------------------------------------ the engine protocol

def test_engine_setoption_tree_seats():
    from test_protocol import Harness
    h = Harness()
    assert "tree_seats observer" in h.ok("options")
    h.ok("setoption tree_seats all")
    assert "tree_seats all" in h.ok("options")
    assert h.err("setoption tree_seats everyone").startswith("syntax")
    assert "tree_seats all" in h.ok("options")
    h.ok("setoption budget 40")
    assert h.ok("go")[0].startswith("bestmove ")


# ------------------------------------------------------------------ every seat of every table

def decision_of(table, seat, seed, min_turn=4):
    """A decision of seat with several choices at or after min_turn, in a game between heuristic
    players at the table."""
    from wyrm_ai.ai.players import HeuristicPlayer
    rng = np.random.default_rng(seed)
    g = Game(first=names(table)[0], factions=names(table))
    players = {s: HeuristicPlayer(seed + s) for s in range(len(table))}
    while True:
        assert not g.is_terminal(), (table, seat, seed)
        if (not g.is_chance_node() and g.current_player == seat and g.state.turn_number >= min_turn
                and len(g.legal_actions()) >= 3):
            return g
        g.apply(g.sample_chance(rng) if g.is_chance_node() else players[g.current_player].choose(g))


def hidden_changed(g: Game, observer: int) -> Game:
    """The same position with one card the observer cannot see traded between another seat's
    hand and the deck: nothing in the observer's observation changes."""
    d = copy.deepcopy(g.state.to_dict())
    for h in range(g.num_seats):
        if h == observer:
            continue
        known = d["known"][observer][h]
        give = next((t for t, n in enumerate(d["hand"][h]) if n > known[t]), None)
        take = next((t for t, n in enumerate(d["deck"]) if n > 0 and t != give), None)
        if give is not None and take is not None:
            return traded_with_deck(g, observer, d, d["hand"][h], give, take)
    raise AssertionError("no hidden card to change")


@pytest.mark.parametrize("tree_seats", _core.TREE_SEATS)
@pytest.mark.parametrize("table,seat", SEATS, ids=lambda x: "-".join(names(x)) if isinstance(x, tuple) else str(x))
def test_every_seat_of_every_table_searches_fairly(table, seat, tree_seats):
    """The planner decides for each seat of each table the core seats, with either tree: a legal
    action, the seat's own report (calibrated only where found so), and the same result
    when a card hidden from the seat is different (determinization for that seat only)."""
    g = decision_of(table, seat, seed=20 + seat)
    r = search(g, Budget(sims=300, tree_seats=tree_seats), seed=9)
    assert r.seat == seat and r.factions == table and r.best in g.legal_actions()
    assert sum(v for _, _, v, _ in r.top) == 300
    assert r.calibrated == calibration.calibrated(table, seat) == (table == TWO_SEATS)
    assert (r.chance(r.top[0][3]) is None) == (not r.calibrated)
    h = hidden_changed(g, seat)
    r2 = search(h, Budget(sims=300, tree_seats=tree_seats), seed=9)
    assert (r.best, r.top, r.line, r.line_seats) == (r2.best, r2.top, r2.line, r2.line_seats)


@pytest.mark.parametrize("table", TABLES, ids=lambda t: "-".join(names(t)))
def test_every_player_kind_plays_every_seat(table):
    """Random, heuristic and planner players take turns in every seat: each game stretch is
    played to its end or a long way with only legal actions (Game.apply checks each)."""
    n = len(table)
    kinds = ("random", "heuristic", "mcts")
    for shift in range(len(kinds)):
        g = Game(first=names(table)[0], factions=names(table))
        players = {s: make_player(kinds[(s + shift) % len(kinds)], seed=s, **(
            {"sims": 30, "tree_seats": _core.TREE_SEATS[shift % 2]} if kinds[(s + shift) % len(kinds)] == "mcts" else {}))
            for s in range(n)}
        seats_seen = set()
        play(g, players, np.random.default_rng(shift), max_actions=400,
             before=lambda game, a, seat: seats_seen.add(seat))
        assert set(range(n)) <= seats_seen
        assert g.is_terminal() or len(g.record) == 400


def test_a_line_through_another_seats_decision_is_redacted_for_that_seats_hand():
    """report_view masks a card another seat spends in the line (a decision of "all") unless the
    viewer knows that card in that seat's hand: the searching Wyrm does not know the Marquise's
    ambush card, so the line shows it as #? (the card came from the Wyrm's own determinization),
    while the Wyrm's own card in the same line stays named."""
    from wyrm_ai.model import notation
    from wyrm_ai.model.actions import decode
    from wyrm_ai.model.redaction import hand_card, knowledge_of, report_view
    g = wyrm_decision()
    ambush = notation.parse("B#ambush@", MARQUISE, TWO_SEATS)
    know = knowledge_of(g, WYRM)
    assert know.copies[MARQUISE][hand_card(decode(ambush))] == 0
    own = next(a for a in g.legal_actions() if hand_card(decode(a)) is not None)
    report = SearchReport(WYRM, own, [(own, g.describe(own), 1, 0.5)], line_actions=[own, ambush],
                          line_seats=[WYRM, MARQUISE], factions=TWO_SEATS)
    seen = report_view(report, know)
    assert seen.line == [g.describe(own), "#?@"]
    assert seen.line_seats == [] and seen.line_actions == []
