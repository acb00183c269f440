"""wyrm tune (issue 15 item 4): CMA-ES over a player's c_uct and evaluation weights, scored by
paired games against a baseline; its files, its reproducibility, the parameters file it writes."""
import json

import pytest
from click.testing import CliRunner

from wyrm_ai import _core
from wyrm_ai.ai import player_spec
from wyrm_ai.cli import main
from wyrm_ai.model.errors import ConfigError
from wyrm_ai.lab.match import run_match
from wyrm_ai.ai.players import MCTSPlayer, make_player
from wyrm_ai.lab.tune import default_keys, read_parameters, run_tune

TINY = dict(seat="marquise", drivers={"wyrm": "heuristic"}, baseline="mcts", params="c_uct,w.keep,w.vp",
            generations=2, population=4, pairs=2, sims=20, seed=7)


def read_lines(path):
    return [json.loads(line) for line in path.read_text().splitlines()]


@pytest.fixture(scope="module")
def tiny(tmp_path_factory):
    out = tmp_path_factory.mktemp("tune") / "a"
    lines = []
    result = run_tune(out, progress=lines.append, **TINY)
    return out, result, lines


def test_a_tiny_tune_writes_every_generation_and_a_params_file(tiny):
    out, result, lines = tiny
    run, *gens = read_lines(out / "results.jsonl")
    assert run["run"]["baseline"] == "mcts" and run["run"]["seat"] == "marquise"
    assert [p["key"] for p in run["run"]["parameters"]] == ["c_uct", "w.keep", "w.vp"]
    assert run["run"]["start"] == {"c_uct": 0.7, "w.keep": _core.EVAL_WEIGHTS["keep"], "w.vp": 1.0}
    assert [g["generation"] for g in gens] == [0, 1] and len(lines) == 2
    assert gens[0]["seed"] != gens[1]["seed"]                   # new games each generation
    for g in gens:
        assert len(g["candidates"]) == 4 and g["sigma"] > 0
        for c in g["candidates"]:
            assert set(c["values"]) == {"c_uct", "w.keep", "w.vp"} and len(c["differences"]) == 2
            assert c["score"] == sum(c["differences"]) / 2
            assert c["spec"] == player_spec.canonical(c["spec"]).replace(" ", "")
            assert player_spec.parse(c["spec"]).weights == {"keep": c["values"]["w.keep"],
                                                             "vp": c["values"]["w.vp"]}
        assert len({json.dumps(c["values"]) for c in g["candidates"]}) == 4
    params = json.loads((out / "params.json").read_text())
    assert params["format"] == player_spec.PARAMS_FORMAT and params["kind"] == "mcts"
    assert params["options"] == {"c_uct": gens[-1]["mean"]["c_uct"]}
    assert params["weights"] == {"keep": gens[-1]["mean"]["w.keep"], "vp": gens[-1]["mean"]["w.vp"]}
    assert "generation 2/2" in lines[-1] and "sigma" in lines[-1]


def test_the_params_file_loads_into_a_player(tiny):
    out, result, _ = tiny
    path = str(out / "params.json")
    spec = player_spec.parse(f"mcts:params={path},sims=30")
    mean = result.generations[-1].mean
    assert dict(spec.options) == {**mean, "sims": 30}
    p = make_player(spec, 1)
    assert isinstance(p, MCTSPlayer) and p.options["c_uct"] == mean["c_uct"]
    assert p.options["weights"] == {"keep": mean["w.keep"], "vp": mean["w.vp"]}
    # a key of the spec overrides the file's
    assert dict(player_spec.parse(f"mcts:c_uct=0.25,params={path}").options)["c_uct"] == 0.25


def test_the_same_seed_and_options_write_the_same_files(tiny, tmp_path):
    out, _, _ = tiny
    run_tune(tmp_path / "b", **TINY)
    for name in ("results.jsonl", "params.json"):
        assert (tmp_path / "b" / name).read_bytes() == (out / name).read_bytes()
    run_tune(tmp_path / "c", **{**TINY, "seed": 8})
    assert (tmp_path / "c" / "results.jsonl").read_bytes() != (out / "results.jsonl").read_bytes()


def test_a_candidates_score_is_wyrm_matchs_paired_margin_difference(tiny):
    """The tune plays a generation's pairs as wyrm match does: a candidate's score is the mean
    paired margin difference run_match gives for the same seed."""
    _, result, _ = tiny
    gen = result.generations[1]
    for c in gen.candidates[:2]:
        m = run_match(c["spec"], "mcts", "marquise", drivers={"wyrm": "heuristic"}, games=2,
                      seed=gen.seed, sims=20)
        assert [p.difference for p in m.pairs] == c["differences"]


def test_tune_on_a_local_ray_gives_the_same_files(tiny, tmp_path):
    pytest.importorskip("ray")
    out, _, _ = tiny
    small = {**TINY, "generations": 1}
    run_tune(tmp_path / "here", **small)
    run_tune(tmp_path / "ray", jobs=2, ray="local", **small)
    for name in ("results.jsonl", "params.json"):
        assert (tmp_path / "ray" / name).read_bytes() == (tmp_path / "here" / name).read_bytes()


def test_the_command_runs_and_reports(tmp_path):
    r = CliRunner().invoke(main, ["tune", "--ai", "wyrm=heuristic", "--params", "c_uct=0.2:1.5",
                                  "--generations", "1", "--population", "2", "--pairs", "1",
                                  "--sims", "10", "--jobs", "1", "--out", str(tmp_path / "o")])
    assert r.exit_code == 0, r.output
    assert "generation 1/1" in r.output and "params.json" in r.output
    run = read_lines(tmp_path / "o" / "results.jsonl")[0]["run"]
    assert run["parameters"] == [{"key": "c_uct", "lower": 0.2, "upper": 1.5, "scale": 0.3}]


def test_default_parameters_are_c_uct_and_the_seats_weights():
    keys = [p.key for p in read_parameters(None, "marquise")]
    assert keys == list(default_keys("marquise"))
    assert keys[0] == "c_uct" and {"w.vp", "w.keep", "w.building", "w.scale"} <= set(keys)
    assert all(p.lower < p.upper and p.scale > 0 for p in read_parameters(None, "wyrm"))
    assert read_parameters(None, "marquise")[keys.index("w.scale")].lower > 0


@pytest.mark.parametrize("kw, words", [
    ({"params": "c_uct,rollout_turns"}, "cannot tune 'rollout_turns'"),
    ({"params": "w.nope"}, "no evaluation weight 'nope' to tune; the weights (w.NAME) are vp"),
    ({"params": "c_uct,c_uct"}, "c_uct is given twice"),
    ({"params": "c_uct=1:0.5"}, "bounds are LO:HI"),
    ({"params": "c_uct=a:b"}, "bounds are LO:HI"),
    ({"params": "w.scale=-1:2"}, "a bound is not a value w.scale may take"),
    ({"params": "c_uct,"}, "an empty parameter"),
    ({"params": "c_uct=0.8:2"}, "the baseline's c_uct=0.7 is outside its bounds"),
    ({"baseline": "random"}, "nothing to tune"),
    ({"baseline": "heuristic", "params": "c_uct"}, "a heuristic player has no c_uct"),
    ({"baseline": "mcts:sims=0"}, "sims='0'"),
    ({"seat": "eyrie"}, "not at the table"),
    ({"generations": 0}, "generations must be a whole number >= 1"),
    ({"population": 1}, "population must be a whole number >= 2"),
    ({"pairs": 0}, "pairs must be"),
    ({"sigma": 0}, "sigma must be"),
])
def test_bad_options_name_what_is_wrong(kw, words, tmp_path):
    with pytest.raises(ConfigError, match=None) as e:
        run_tune(tmp_path / "x", **{**TINY, **kw})
    assert words in str(e.value)
    assert not (tmp_path / "x").exists()


def test_the_command_turns_bad_options_into_usage_errors(tmp_path):
    r = CliRunner().invoke(main, ["tune", "--params", "w.nope", "--out", str(tmp_path / "x")])
    assert r.exit_code == 2 and "no evaluation weight 'nope'" in r.output
    r = CliRunner().invoke(main, ["tune", "--generations", "1"])
    assert r.exit_code == 2 and "--out" in r.output
