"""The levels' search at each table and seat (issue 15, docs/search.md): where a paired match at
equal wall time in a seat accepted a search change (planner.LEVEL_SEARCH: the Wyrm's seat, with
min-max normalised UCB and c_uct 1.5 at two seats and a tree into its next turn at three and
four; the Marquise's at two seats, scoring at the end of her own turn), a planner level searches
that way for that faction, its simulations divided by the measured cost of such a simulation so
it thinks as long; every other seat and table searches as before. The same Level serves `wyrm play` (ai/opponent.py) and
`wyrm engine` (`go` on the level's budget, for the seat to move)."""
from __future__ import annotations

import pytest

from wyrm_ai.ai import planner
from wyrm_ai.ai.planner import LEVEL_SEARCH, LEVELS, SeatSearch
from wyrm_ai.protocol import search as protocol_search
from wyrm_ai.ai.opponent import Opponent
from test_protocol import Harness

NORMALISED = {"normalize": "minmax", "c_uct": 1.5}


@pytest.mark.parametrize("nseats", [3, 4])
def test_the_wyrm_searches_into_its_next_turn_at_three_and_four_seats_with_equal_time(nseats):
    deep = LEVEL_SEARCH[(nseats, "wyrm")]
    assert deep.options == (("tree_turns", 2),) and deep.cost > 1
    for name in ("normal", "hard"):
        lv = LEVELS[name]
        assert lv.options(nseats, "wyrm") == {"tree_turns": 2}
        assert lv.sims_at(nseats, "wyrm") == round(lv.sims / deep.cost) < lv.sims
        b = lv.budget(nseats, "wyrm", threads=2)
        assert (b.sims, b.turn_seconds, b.threads) == (lv.sims_at(nseats, "wyrm"), lv.turn_seconds, 2)
        assert "into its next turn" in lv.describe(nseats, "wyrm")
    easy = LEVELS["easy"]
    assert easy.options(nseats, "wyrm") == {} and easy.search_at(nseats, "wyrm") is None
    assert easy.describe(nseats, "wyrm") == "the heuristic player"


def test_the_wyrm_normalises_its_values_at_two_seats_at_the_same_simulations():
    for name in ("normal", "hard"):
        lv = LEVELS[name]
        assert lv.options(2, "wyrm") == NORMALISED
        assert lv.sims_at(2, "wyrm") == lv.sims                 # the same cost per simulation
        assert lv.describe(2, "wyrm") == f"the planner, {lv.sims:,} simulations / {lv.turn_seconds:g} s a turn"


def test_the_marquise_scores_at_the_end_of_her_turn_at_two_seats_with_equal_time():
    """rollout_turns 0: her simulations end with her own turn (no heuristic Wyrm turn played
    out), so each costs about a third of a plain one and the level gives her that many more."""
    two = LEVEL_SEARCH[(2, "marquise")]
    assert two.options == (("rollout_turns", 0),) and 0 < two.cost < 1
    for name in ("normal", "hard"):
        lv = LEVELS[name]
        assert lv.options(2, "marquise") == {"rollout_turns": 0}
        assert lv.sims_at(2, "marquise") == round(lv.sims / two.cost) > 3 * lv.sims
        assert lv.describe(2, "marquise") == (f"the planner, {lv.sims_at(2, 'marquise'):,} simulations to "
                                              f"the end of its turn / {lv.turn_seconds:g} s a turn")
    assert LEVELS["easy"].options(2, "marquise") == {}


@pytest.mark.parametrize("nseats, faction", [(3, "marquise"), (4, "eyrie"), (4, "alliance"), (4, "marquise"),
                                             (2, "eyrie")])
def test_other_seats_and_tables_search_as_before(nseats, faction):
    assert (nseats, faction) not in LEVEL_SEARCH
    for name in ("normal", "hard"):
        lv = LEVELS[name]
        assert lv.options(nseats, faction) == {} and lv.sims_at(nseats, faction) == lv.sims


def test_the_terminal_opponent_takes_the_levels_search_for_its_seat():
    ai = Opponent("normal", 1)
    assert ai.budget(3, "wyrm").sims == LEVELS["normal"].sims_at(3, "wyrm") and ai.options(3, "wyrm") == {"tree_turns": 2}
    assert ai.budget(2, "wyrm").sims == 2000 and ai.options(2, "wyrm") == NORMALISED
    assert ai.budget(3, "marquise").sims == 2000 and ai.options(3, "marquise") == {}
    assert "into its next turn" in ai.describe_short(3, "wyrm")
    assert "2,000 simulations" in ai.describe_short(2, "wyrm") == ai.describe_short(3, "marquise")
    timed = Opponent("normal", 1, 0.5)      # --think: wall time, the same at every depth
    assert timed.budget(3, "wyrm").turn_seconds == 0.5 and timed.budget(3, "wyrm").sims is None
    assert timed.options(3, "wyrm") == {"tree_turns": 2}


def test_the_eyrie_judges_by_the_learned_evaluation_at_three_seats_with_equal_time():
    """issue 31 item 2: at three seats the Eyrie's level searches with the learned evaluation
    refitted on the levels' games (wyrm_ai/ai/eval_model.json), its simulations divided by that
    evaluation's cost (1.56 times a hand-evaluated simulation at the Eyrie's decisions) so it
    thinks as long; a search with the level's options runs and chooses a legal action."""
    from test_planner_nseat import decision_of
    three = LEVEL_SEARCH[(3, "eyrie")]
    assert three.options == (("evaluation", "learned"),) and three.cost > 1
    for name in ("normal", "hard"):
        lv = LEVELS[name]
        assert lv.options(3, "eyrie") == {"evaluation": "learned"}
        assert lv.sims_at(3, "eyrie") == round(lv.sims / three.cost) < lv.sims
        assert lv.describe(3, "eyrie") == (f"the planner, {lv.sims_at(3, 'eyrie'):,} simulations judged by "
                                           f"the learned evaluation / {lv.turn_seconds:g} s a turn")
    g = decision_of((0, 1, 4), 1, seed=5)
    r = planner.search(g, planner.Budget(sims=60), seed=2, **LEVELS["normal"].options(3, "eyrie"))
    assert r.best in g.legal_actions() and r.simulations == 60
    again = planner.search(g, planner.Budget(sims=60), seed=2, **LEVELS["normal"].options(3, "eyrie"))
    assert (again.best, again.top) == (r.best, r.top)          # deterministic from its seed
    assert LEVELS["normal"].options(2, "eyrie") == {} and LEVELS["easy"].options(3, "eyrie") == {}


def test_an_invented_table_entry_changes_that_seat_only(monkeypatch):
    """LEVEL_SEARCH is data: an entry added there changes every level for that seat and table."""
    monkeypatch.setitem(LEVEL_SEARCH, (4, "eyrie"), SeatSearch((("tree_turns", 3),), cost=10.0))
    assert LEVELS["normal"].options(4, "eyrie") == {"tree_turns": 3} and LEVELS["normal"].sims_at(4, "eyrie") == 200
    assert "into its next turns" in LEVELS["normal"].describe(4, "eyrie")
    assert LEVELS["normal"].options(4, "alliance") == {}


@pytest.fixture
def searches(monkeypatch):
    """The searches `go` starts: (budget, options) of each."""
    seen = []
    real = planner.search

    def spy(game, budget, **kw):
        seen.append((budget, {k: v for k, v in kw.items() if k not in ("seed", "progress", "tree_progress",
                                                                       "stop", "max_nodes")}))
        return real(game, budget, **kw)
    monkeypatch.setattr(protocol_search, "search", spy)
    return seen


def test_engine_go_on_the_level_budget_uses_the_levels_search_for_the_seat_to_move(searches):
    h = Harness()
    h.ok("new marquise eyrie wyrm 3")
    h.ok("setoption level normal")
    h.ok("go")                               # the Marquise's setup: a plain search
    assert searches[-1][0].sims == 2000 and searches[-1][1] == {}
    g = h.session.game
    while g.factions[g.current_player] != "wyrm":   # the Wyrm sets up last (W-MP-1)
        h.ok(f"play {g.legal_texts()[0]}")
    h.ok("go")
    budget, options = searches[-1]
    assert budget.sims == LEVELS["normal"].sims_at(3, "wyrm") and options == {"tree_turns": 2}
    h.ok("setoption budget 300")            # the client's own budget: a plain search of that size
    h.ok("go")
    assert searches[-1][0].sims == 300 and searches[-1][1] == {}
    h.err("setoption budget lots")           # rejected: changes nothing
    h.ok("go sims 40")                       # go's own limits: plain
    assert searches[-1][0].sims == 40 and searches[-1][1] == {}
    h.ok("setoption level hard")             # the level again: its search for this seat here
    h.ok("go")
    assert searches[-1][0].sims == LEVELS["hard"].sims_at(3, "wyrm") and searches[-1][1] == {"tree_turns": 2}
    h.ok("new wyrm marquise 3")              # two seats
    h.ok("setoption level normal")
    h.ok("go")                               # the Marquise's setup: her two-seat search
    assert searches[-1][0].sims == LEVELS["normal"].sims_at(2, "marquise") and searches[-1][1] == {"rollout_turns": 0}
    g = h.session.game
    while g.factions[g.current_player] != "wyrm":   # the Wyrm sets up last (W-MP-1)
        h.ok(f"play {g.legal_texts()[0]}")
    h.ok("go")
    assert searches[-1][0].sims == 2000 and searches[-1][1] == NORMALISED
