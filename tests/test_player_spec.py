"""Player specs (issue 15): `kind[:key=value,...]`, every key and value checked."""
import pytest
from click.testing import CliRunner

from wyrm_ai import _core
from wyrm_ai.cli import main
from wyrm_ai.errors import ConfigError
from wyrm_ai.player_spec import (EVALUATIONS, KINDS, NORMALIZE, OPTIONS, TREE_SEATS, PlayerSpec, canonical,
                                  parse)
from wyrm_ai.players import PLAYERS, HeuristicPlayer, MCTSPlayer, make_player


def test_kinds_and_tree_seats_follow_the_players_and_the_core():
    assert KINDS == tuple(PLAYERS)
    assert TREE_SEATS == tuple(_core.TREE_SEATS)
    assert EVALUATIONS == tuple(_core.EVALUATIONS)
    assert NORMALIZE == tuple(_core.NORMALIZE)


def test_parse_reads_kind_and_typed_options_in_order():
    s = parse(" MCTS:sims=1000, c_uct=0.5 ,rollout_turns=2,tree_seats=all")
    assert s == PlayerSpec("mcts", (("sims", 1000), ("c_uct", 0.5), ("rollout_turns", 2),
                                    ("tree_seats", "all")))
    assert s.text == "mcts:sims=1000,c_uct=0.5,rollout_turns=2,tree_seats=all"
    assert parse(s.text) == s and parse(s) is s
    assert parse("heuristic") == PlayerSpec("heuristic") and canonical("heuristic") == "heuristic"
    assert parse("mcts:seconds=0.25").options == (("seconds", 0.25),)
    assert canonical("mcts:c_uct=0.1234567891") == "mcts:c_uct=0.1234567891"


@pytest.mark.parametrize("text, words", [
    ("genius", ["no player kind 'genius'", "random, heuristic, mcts"]),
    ("mcts:sim=5", ["no option 'sim'", "sims, seconds, turn_seconds, tree_seats, threads, c_uct"]),
    ("random:sims=5", ["no option 'sims' for a random player", "takes no options"]),
    ("mcts:sims=0", ["sims='0'", "whole number >= 1"]),
    ("mcts:sims=1.5", ["sims='1.5'", "whole number"]),
    ("mcts:rollout_turns=-1", ["rollout_turns='-1'", ">= 0"]),
    ("mcts:seconds=inf", ["seconds='inf'", "positive finite"]),
    ("mcts:c_uct=x", ["c_uct='x'", "0..1e6"]),
    ("mcts:tree_seats=some", ["tree_seats='some'", "observer, all"]),
    ("mcts:threads=-1", ["threads='-1'", "or 0 or auto"]),
    ("mcts:evaluation=neural", ["evaluation='neural'", "hand, learned"]),
    ("mcts:normalize=yes", ["normalize='yes'", "none, minmax"]),
    ("mcts:normalize=MinMax", ["normalize='MinMax'", "none, minmax"]),
    ("mcts:tree_turns=0", ["tree_turns='0'", "a whole number >= 1"]),
    ("mcts:tree_turns=two", ["tree_turns='two'", "a whole number >= 1"]),
    ("mcts:sims", ["'sims'", "not key=value"]),
    ("mcts:", ["nothing after the ':'"]),
    ("mcts:sims=5,sims=6", ["'sims' is given twice"]),
])
def test_bad_specs_name_what_is_wrong(text, words):
    with pytest.raises(ConfigError) as e:
        parse(text)
    for w in words:
        assert w in str(e.value)


def test_every_mcts_option_reaches_the_player():
    p = make_player("mcts:sims=30,c_uct=0.5,rollout_turns=2,rollout_candidates=4,"
                    "max_rollout_decisions=50,max_nodes=500,tree_seats=all,threads=2", 1)
    assert isinstance(p, MCTSPlayer)
    assert (p.budget.sims, p.budget.seconds, p.budget.tree_seats, p.budget.threads) == (30, None, "all", 2)
    assert make_player("mcts:threads=auto", 1).budget.threads == "auto"
    assert p.options == {"c_uct": 0.5, "rollout_turns": 2, "rollout_candidates": 4,
                         "max_rollout_decisions": 50, "max_nodes": 500}
    assert set(OPTIONS["mcts"]) == {"sims", "seconds", "turn_seconds", "tree_seats", "threads", "c_uct", "rollout_turns",
                                    "rollout_candidates", "max_rollout_decisions", "max_nodes", "evaluation",
                                    "normalize", "tree_turns"}
    h = make_player("heuristic:samples=2", 1)
    assert isinstance(h, HeuristicPlayer) and h.samples == 2 and h.evaluation == "hand"
    assert make_player("heuristic:evaluation=learned", 1).evaluation == "learned"
    assert make_player("mcts:evaluation=learned", 1).options == {"evaluation": "learned"}
    assert make_player("mcts:normalize=minmax,tree_turns=2", 1).options == {"normalize": "minmax",
                                                                          "tree_turns": 2}


def test_a_spec_budget_replaces_the_default_budget_whole():
    p = make_player("mcts:seconds=0.5", 1, sims=1000, seconds=None)
    assert (p.budget.sims, p.budget.seconds) == (None, 0.5)
    p = make_player("mcts:c_uct=0.2", 1, sims=77, seconds=None)
    assert (p.budget.sims, p.budget.seconds, p.options) == (77, None, {"c_uct": 0.2})
    p = make_player("mcts:sims=40,turn_seconds=2", 1, sims=1000, seconds=3.0)
    assert (p.budget.sims, p.budget.seconds, p.budget.turn_seconds) == (40, None, 2.0)


def test_arena_ai_takes_specs_with_their_commas():
    out = CliRunner().invoke(main, ["arena", "--factions", "marquise,wyrm", "--ai",
                                    "wyrm=mcts:sims=8,c_uct=0.5,marquise=heuristic:samples=2",
                                    "--games", "2", "--jobs", "1"])
    assert out.exit_code == 0, out.output
    assert "mcts:sims=8,c_uct=0.5" in out.output and "heuristic:samples=2" in out.output
    bad = CliRunner().invoke(main, ["arena", "--ai", "wyrm=mcts:sims=8,c_utc=0.5", "--games", "2"])
    assert bad.exit_code != 0 and "no option 'c_utc'" in bad.output and "c_uct" in bad.output
    bad = CliRunner().invoke(main, ["arena", "--ai", "wyrm=mcts,marquize=heuristic", "--games", "2"])
    assert bad.exit_code != 0 and "marquize" in bad.output
