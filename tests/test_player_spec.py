"""Player specs (issue 15): `kind[:key=value,...]`, every key and value checked."""
import pytest
from click.testing import CliRunner

from wyrm_ai import _core
from wyrm_ai.cli import main
from wyrm_ai.model.errors import ConfigError
from wyrm_ai.ai.player_spec import (EVALUATIONS, KINDS, NORMALIZE, OPTIONS, PRIOR, TREE_SEATS, PlayerSpec, canonical,
                                    parse)
from wyrm_ai.ai.players import PLAYERS, HeuristicPlayer, MCTSPlayer, make_player


def test_kinds_and_tree_seats_follow_the_players_and_the_core():
    assert KINDS == tuple(PLAYERS)
    assert TREE_SEATS == tuple(_core.TREE_SEATS)
    assert EVALUATIONS == tuple(_core.EVALUATIONS)
    assert NORMALIZE == tuple(_core.NORMALIZE)
    assert PRIOR == tuple(_core.PRIOR)


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
    ("mcts:prior=policy", ["prior='policy'", "none, heuristic"]),
    ("mcts:c_puct=-2", ["c_puct='-2'", "0..1e6"]),
    ("mcts:prior_temp=0", ["prior_temp='0'", "0.01..100"]),
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
                                    "normalize", "tree_turns", "prior", "c_puct", "prior_temp", "decree_plan"}
    h = make_player("heuristic:samples=2", 1)
    assert isinstance(h, HeuristicPlayer) and h.samples == 2 and h.evaluation == "hand"
    assert make_player("heuristic:evaluation=learned", 1).evaluation == "learned"
    assert make_player("mcts:evaluation=learned", 1).options == {"evaluation": "learned"}
    assert make_player("mcts:normalize=minmax,tree_turns=2", 1).options == {"normalize": "minmax",
                                                                          "tree_turns": 2}
    assert make_player("mcts:prior=heuristic,c_puct=3,prior_temp=0.5", 1).options == {
        "prior": "heuristic", "c_puct": 3.0, "prior_temp": 0.5}


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


# evaluation weights (w.NAME) and parameters files (params=)

def test_weights_are_spec_keys_and_reach_the_players():
    s = parse("mcts:sims=30,w.pawn_exposed=-0.5,W.VP=2")
    assert s.options == (("sims", 30), ("w.pawn_exposed", -0.5), ("w.vp", 2.0))
    assert s.text == "mcts:sims=30,w.pawn_exposed=-0.5,w.vp=2.0" and parse(s.text) == s
    assert s.weights == {"pawn_exposed": -0.5, "vp": 2.0}
    p = make_player(s, 1)
    assert p.options == {"weights": {"pawn_exposed": -0.5, "vp": 2.0}}
    h = make_player("heuristic:samples=2,w.card=1.5", 1)
    assert isinstance(h, HeuristicPlayer) and h.weights == {"card": 1.5}
    assert make_player("mcts", 1).options == {} and make_player("heuristic", 1).weights == {}


def test_a_heuristic_player_chooses_by_its_own_weights():
    import numpy as np
    from wyrm_ai.model.game import Game
    g = Game(first=0)
    rng = np.random.default_rng(4)
    while g.current_player == _core.CHANCE or len(g.legal_actions()) < 8:
        g.apply(g.sample_chance(rng) if g.current_player == _core.CHANCE else g.legal_actions()[0])
    weights = {"vp": 0.0, "card": 5.0, "warrior": -3.0}
    seed = int(np.random.default_rng(9).integers(2**63))
    expect = _core.heuristic_choice(g.state, seed, 0, 4, "hand", weights)
    assert HeuristicPlayer(9, weights=weights).choose(g) == expect
    assert HeuristicPlayer(9).choose(g) == _core.heuristic_choice(g.state, seed, 0, 4)


def test_an_mcts_player_searches_with_its_own_weights():
    import numpy as np
    from wyrm_ai.model.game import Game
    from wyrm_ai.ai.planner import Budget, search
    from wyrm_ai.model.seeds import derive_seed
    g = Game(first=0)
    rng = np.random.default_rng(4)
    while g.current_player == _core.CHANCE or len(g.legal_actions()) < 8:
        g.apply(g.sample_chance(rng) if g.current_player == _core.CHANCE else g.legal_actions()[0])
    weights = {"vp": 3.0, "scale": 2.0}
    p = make_player("mcts:sims=200,w.vp=3,w.scale=2", 5)
    p.choose(g)
    own = search(g, Budget(sims=200), seed=derive_seed(5, 1), weights=weights)
    default = search(g, Budget(sims=200), seed=derive_seed(5, 1))
    assert p.last_report.top == own.top and own.top != default.top


@pytest.mark.parametrize("text, words", [
    ("mcts:w.nope=1", ["no evaluation weight 'nope'", "the weights (w.NAME) are vp, card"]),
    ("mcts:w.vp=x", ["w.vp='x'", "a finite number"]),
    ("mcts:w.vp=1e9", ["w.vp='1e9'", "a finite number"]),
    ("mcts:w.scale=0", ["w.scale='0'", "a finite number > 0"]),
    ("mcts:w.vp=1,w.vp=2", ["'w.vp' is given twice"]),
    ("random:w.vp=1", ["no option 'w.vp' for a random player", "takes no options"]),
    ("random:params=x", ["no option 'params' for a random player"]),
    ("mcts:nope=1", ["params and w.NAME (evaluation weights)"]),
    ("mcts:params=no-such-tune", ["no parameters file named 'no-such-tune'", "or give a path"]),
    ("mcts:params=/no/such/file.json", ["cannot read the parameters file /no/such/file.json"]),
    ("mcts:params=a,params=b", ["'params' is given twice"]),
])
def test_bad_weights_and_params_name_what_is_wrong(text, words):
    with pytest.raises(ConfigError) as e:
        parse(text)
    for w in words:
        assert w in str(e.value)


def params(tmp_path, data, name="p.json"):
    import json
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data))
    return str(path)


def test_a_params_file_gives_options_and_weights_and_the_spec_overrides_them(tmp_path):
    path = params(tmp_path, {"format": "wyrm-params/1", "kind": "mcts", "about": "x",
                             "options": {"c_uct": 0.5, "rollout_turns": 2},
                             "weights": {"keep": 2.5, "vp": 1.25}, "tune": {"seed": 1}})
    s = parse(f"mcts:sims=40,params={path},c_uct=0.3")
    assert s.options == (("rollout_turns", 2), ("w.keep", 2.5), ("w.vp", 1.25), ("sims", 40), ("c_uct", 0.3))
    assert "params" not in s.text and parse(s.text) == s       # the text holds the values
    assert make_player(s, 1).options == {"rollout_turns": 2, "c_uct": 0.3, "weights": {"keep": 2.5, "vp": 1.25}}
    h = parse(f"heuristic:params={params(tmp_path, {'format': 'wyrm-params/1', 'weights': {'card': 1}}, 'h.json')}")
    assert h.options == (("w.card", 1.0),)


def test_shipped_params_files_load_by_name(tmp_path, monkeypatch):
    from wyrm_ai.ai import player_spec
    for name in player_spec.params_names():       # every shipped file loads into an mcts player
        make_player(f"mcts:params={name}", 1)
    monkeypatch.setattr(player_spec, "PARAMS_DIR", tmp_path)
    params(tmp_path, {"format": "wyrm-params/1", "options": {"c_uct": 0.45}}, "mine.json")
    assert player_spec.params_names() == ("mine",)
    assert parse("mcts:params=mine").options == (("c_uct", 0.45),)
    with pytest.raises(ConfigError, match="the shipped ones are mine"):
        parse("mcts:params=yours")


@pytest.mark.parametrize("data, words", [
    ("{not json", "is not a JSON parameters file"),
    ([1, 2], "needs \"format\": \"wyrm-params/1\""),
    ({"options": {}}, "needs \"format\""),
    ({"format": "wyrm-params/1", "extra": 1}, "unknown fields ['extra']"),
    ({"format": "wyrm-params/1", "kind": "heuristic"}, "is for a heuristic player, not a mcts one"),
    ({"format": "wyrm-params/1", "options": []}, "options in the parameters file"),
    ({"format": "wyrm-params/1", "options": {"c_utc": 1}}, "no option 'c_utc' for a mcts player (in the parameters file"),
    ({"format": "wyrm-params/1", "options": {"sims": 0}}, "mcts option sims='0' (in the parameters file"),
    ({"format": "wyrm-params/1", "options": {"params": "x"}}, "'params' cannot be an option of a parameters file"),
    ({"format": "wyrm-params/1", "options": {"c_uct": True}}, "c_uct must be a number or a name"),
    ({"format": "wyrm-params/1", "weights": {"nope": 1}}, "no evaluation weight 'nope' (in the parameters file"),
    ({"format": "wyrm-params/1", "weights": {"scale": -1}}, "w.scale='-1' (in the parameters file"),
])
def test_bad_params_files_name_the_file_and_what_is_wrong(tmp_path, data, words):
    path = params(tmp_path, data)
    with pytest.raises(ConfigError) as e:
        parse(f"mcts:params={path}")
    assert words in str(e.value) and str(tmp_path) in str(e.value)


def test_arena_ai_takes_weights_after_commas():
    out = CliRunner().invoke(main, ["arena", "--factions", "marquise,wyrm", "--ai",
                                    "wyrm=mcts:sims=8,w.pawn_exposed=-1,marquise=heuristic:w.keep=2",
                                    "--games", "2", "--jobs", "1"])
    assert out.exit_code == 0, out.output
    assert "mcts:sims=8,w.pawn_exposed=-1.0" in out.output and "heuristic:w.keep=2.0" in out.output
