"""The levels' search at each table (issue 15, docs/search.md "The tree into the next turn"):
where a paired match at equal wall time accepted tree_turns=2 (planner.DEEPER: three seats), a
planner level grows its tree into its next turn with its simulations divided by the measured cost
of such a simulation, so it thinks as long as elsewhere; at other tables it searches as before.
The same Level serves `wyrm play` (terminal/opponent.py) and `wyrm engine` (`go` on the level's
budget)."""
from __future__ import annotations

import pytest

from wyrm_ai import planner
from wyrm_ai.planner import DEEPER, LEVELS, Deeper
from wyrm_ai.protocol import search as protocol_search
from wyrm_ai.terminal.opponent import Opponent
from test_protocol import Harness


def test_three_seat_levels_search_into_their_next_turn_with_equal_time():
    deeper = DEEPER[3]
    assert deeper.tree_turns == 2 and deeper.cost > 1
    for name in ("normal", "hard"):
        lv = LEVELS[name]
        assert lv.options(3) == {"tree_turns": 2}
        assert lv.sims_at(3) == round(lv.sims / deeper.cost) < lv.sims
        b = lv.budget(3, threads=2)
        assert (b.sims, b.turn_seconds, b.threads) == (lv.sims_at(3), lv.turn_seconds, 2)
        assert "into its next turn" in lv.describe(3)
        for nseats in (2, 4):           # not accepted there (two seats) or not measured (four)
            assert nseats not in DEEPER
            assert lv.options(nseats) == {} and lv.sims_at(nseats) == lv.sims
            assert lv.describe(nseats) == f"the planner, {lv.sims:,} simulations / {lv.turn_seconds:g} s a turn"
    easy = LEVELS["easy"]
    assert easy.options(3) == {} and easy.deeper(3) is None and easy.describe(3) == "the heuristic player"


def test_the_terminal_opponent_takes_the_levels_search_at_its_table():
    ai = Opponent("normal", 1)
    assert ai.budget(3).sims == LEVELS["normal"].sims_at(3) and ai.options(3) == {"tree_turns": 2}
    assert ai.budget(2).sims == 2000 and ai.options(2) == {}
    assert "into its next turn" in ai.describe_short(3) and "2,000 simulations" in ai.describe_short(2)
    timed = Opponent("normal", 1, 0.5)      # --think: wall time, the same at every depth
    assert timed.budget(3).turn_seconds == 0.5 and timed.budget(3).sims is None
    assert timed.options(3) == {"tree_turns": 2}


def test_a_level_with_an_invented_table_entry_follows_it(monkeypatch):
    """DEEPER is data: a table size added there changes every level at that size, nothing else."""
    monkeypatch.setitem(DEEPER, 4, Deeper(tree_turns=3, cost=10.0))
    assert LEVELS["normal"].options(4) == {"tree_turns": 3} and LEVELS["normal"].sims_at(4) == 200
    assert "into its next turns" in LEVELS["normal"].describe(4)


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


def test_engine_go_on_the_level_budget_uses_the_levels_search_at_the_table(searches):
    h = Harness()
    h.ok("new marquise eyrie wyrm 3")
    h.ok("setoption level normal")
    h.ok("go")
    budget, options = searches[-1]
    assert budget.sims == LEVELS["normal"].sims_at(3) and options == {"tree_turns": 2}
    h.ok("setoption budget 300")            # the client's own budget: a plain search of that size
    h.ok("go")
    budget, options = searches[-1]
    assert budget.sims == 300 and options == {}
    h.err("setoption budget lots")           # rejected: changes nothing
    h.ok("go sims 40")                       # go's own limits: plain
    assert searches[-1][0].sims == 40 and searches[-1][1] == {}
    h.ok("setoption level hard")             # the level again: its search at this table
    h.ok("go")
    assert searches[-1][0].sims == LEVELS["hard"].sims_at(3) and searches[-1][1] == {"tree_turns": 2}
    h.ok("new marquise wyrm 3")
    h.ok("go")
    assert searches[-1][0].sims == 8000 and searches[-1][1] == {}
