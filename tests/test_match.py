"""`wyrm match` (issue 15): paired games of two player specs in one seat, margins, SPRT."""
import json

import pytest
from click.testing import CliRunner

from wyrm_ai.lab.arena import play_one, seatings
from wyrm_ai.cli import main
from wyrm_ai.model.errors import ConfigError
from wyrm_ai.lab.match import Pair, margin, run_match
from wyrm_ai.lab.sprt import H0, H1, INCONCLUSIVE, Sprt


def test_a_spec_against_itself_differs_by_exactly_zero_in_every_pair():
    r = run_match("mcts:sims=20", "mcts:sims=20", "wyrm", games=3, seed=2)
    assert len(r.pairs) == 3
    for p in r.pairs:
        assert p.candidate.record == p.baseline.record       # the same game twice
        assert p.difference == 0 and p.outcome in ("both", "neither")
    s = r.summary()
    assert s["difference"] == {"mean": 0.0, "ci95": [0.0, 0.0]}
    assert s["candidate"]["mean_margin"] == s["baseline"]["mean_margin"]


def test_pairs_share_seed_and_seating_and_differ_only_in_the_seat():
    table = ("marquise", "eyrie", "wyrm")
    r = run_match("heuristic", "random", "eyrie", factions=table, games=4, seed=9)
    order = seatings(table)
    for i, p in enumerate(r.pairs):
        assert p.index == i and p.candidate.factions == p.baseline.factions == order[i % len(order)][0]
        assert p.candidate.first == p.baseline.first == order[i % len(order)][1]
        # the candidate's game is the arena's game i with the candidate in the seat
        kinds = ("heuristic", "heuristic", "heuristic")
        assert p.candidate.record == play_one((i, 9, kinds, 1000, None, order)).record
        kinds = ("heuristic", "random", "heuristic")
        assert p.baseline.record == play_one((i, 9, kinds, 1000, None, order)).record


def test_margin_is_vp_over_the_best_other_seat():
    g = play_one((0, 3, ("heuristic", "heuristic"), 1, None))
    assert g.scores == (14, 31)          # the seeded game since issue 29 item 5's hand prompts
    assert margin(g, "wyrm") == 17 and margin(g, "marquise") == -17
    p = Pair(0, g, g, "wyrm")
    assert p.difference == 0 and p.outcome == "both" and p.won("candidate")


def test_margin_counts_vp_even_below_30():
    from wyrm_ai.lab.arena import GameResult
    g = GameResult(0, 0, 2, (12, 20, 9), 100, 10, factions=("marquise", "eyrie", "wyrm"))   # a dominance win
    assert margin(g, "wyrm") == 9 - 20 and g.won("wyrm")
    lost = GameResult(0, 0, 1, (12, 20, 19), 100, 10, factions=("marquise", "eyrie", "wyrm"))
    p = Pair(0, g, lost, "wyrm")
    assert p.difference == -11 - (19 - 20) == -10 and p.outcome == "candidate"


def test_sprt_stop_point_does_not_depend_on_jobs():
    kw = dict(seat="wyrm", games=12, seed=3, sprt=Sprt(0.0, 10.0, min_pairs=2))
    one = run_match("heuristic", "random", jobs=1, **kw)
    two = run_match("heuristic", "random", jobs=2, **kw)
    assert one.verdict == two.verdict == H1
    assert len(one.pairs) == len(two.pairs) < 12
    assert [p.record() for p in one.pairs] == [p.record() for p in two.pairs]
    diffs = [p.difference for p in one.pairs]
    assert one.llr == pytest.approx(Sprt(0.0, 10.0).llr(diffs)) and one.llr >= Sprt().upper
    assert Sprt(0.0, 10.0).verdict(Sprt(0.0, 10.0).llr(diffs[:-1])) is None     # not one pair earlier
    late = run_match("heuristic", "random", jobs=1, **dict(kw, sprt=Sprt(0.0, 10.0, min_pairs=9)))
    assert late.verdict == H1 and len(late.pairs) == 9      # the same evidence, held until min_pairs
    worse = run_match("random", "heuristic", jobs=1, **kw)
    assert worse.verdict == H0 and worse.llr <= Sprt().lower


def test_without_a_decision_the_match_runs_to_its_cap():
    r = run_match("heuristic", "heuristic", "wyrm", games=3, seed=1, sprt=Sprt())
    assert len(r.pairs) == 3 and r.verdict == INCONCLUSIVE and r.llr == 0.0
    assert "inconclusive at the cap of 3 pairs" in r.format()


def test_bad_seats_and_drivers():
    with pytest.raises(ConfigError, match="not at the table"):
        run_match("heuristic", "random", "eyrie", games=1)
    with pytest.raises(ConfigError, match="a bot"):
        run_match("heuristic", "random", "mechanical-marquise", factions=("mechanical-marquise", "wyrm"), games=1)
    with pytest.raises(ConfigError, match="the seat the two specs take"):
        run_match("heuristic", "random", "wyrm", drivers={"wyrm": "mcts"}, games=1)
    with pytest.raises(ConfigError, match="no option 'simz'"):
        run_match("mcts:simz=3", "random", "wyrm", games=1)


def test_match_command_reports_and_writes_json(tmp_path):
    path = tmp_path / "m.json"
    out = CliRunner().invoke(main, ["match", "heuristic", "random", "--seat", "marquise", "--games", "6",
                                    "--seed", "3", "--jobs", "1", "--sprt", "--margin1", "2",
                                    "--min-pairs", "2", "--json", str(path)])
    assert out.exit_code == 0, out.output
    for words in ("marquise: heuristic (candidate) against random (baseline)", "paired margin difference",
                  "mean margin", "95% CI", "SPRT H0 +0 VP vs H1 +2 VP", "LLR", "H1 accepted after"):
        assert words in out.stdout
    data = json.loads(path.read_text())
    assert data["sprt"]["verdict"] == H1 and data["pairs"] == len(data["pair_records"]) < 6
    assert data["candidate"]["spec"] == "heuristic" and data["drivers"] == {"marquise": "*", "wyrm": "heuristic"}
    rec = data["pair_records"][0]
    assert rec["difference"] == rec["candidate"]["margin"] - rec["baseline"]["margin"]
    assert "1/6 pairs: candidate wins" in out.stderr and "LLR" in out.stderr    # progress


def test_match_command_errors_name_the_bad_input():
    bad = CliRunner().invoke(main, ["match", "mcts:sims=x", "heuristic", "--games", "1"])
    assert bad.exit_code != 0 and "CANDIDATE" in bad.output and "sims='x'" in bad.output
    bad = CliRunner().invoke(main, ["match", "heuristic", "heuristic", "--seat", "eyrie", "--games", "1"])
    assert bad.exit_code != 0 and "not at the table" in bad.output
    bad = CliRunner().invoke(main, ["match", "heuristic", "heuristic", "--sprt", "--margin1", "-1", "--games", "1"])
    assert bad.exit_code != 0 and "below margin1" in bad.output


def test_a_resumed_match_plays_on_from_its_json_and_equals_one_run(tmp_path):
    """wyrm match --resume: pairs 0..k-1 come from the earlier run's --json, pairs k.. are played;
    the result (pairs, SPRT) is the one a single run of all the pairs gives."""
    path = tmp_path / "m.json"
    args = ["match", "heuristic", "random", "--seat", "marquise", "--seed", "3", "--jobs", "1"]
    first = CliRunner().invoke(main, args + ["--games", "2", "--json", str(path)])
    assert first.exit_code == 0, first.output
    assert json.loads(path.read_text())["run"] == {"sims": 1000, "seconds": None, "every_seating": False,
                                                   "bot": None}
    on = CliRunner().invoke(main, args + ["--games", "4", "--resume", str(path), "--json", str(path)])
    assert on.exit_code == 0, on.output
    assert "3/4 pairs" in on.stderr and "1/4 pairs" not in on.stderr      # only pairs 2 and 3 played
    whole = run_match("heuristic", "random", "marquise", games=4, seed=3, jobs=1)
    data = json.loads(path.read_text())
    assert data["pair_records"] == [p.record() for p in whole.pairs]
    assert data["difference"] == whole.summary()["difference"]


def test_resume_refuses_another_match_and_names_the_difference(tmp_path):
    path = tmp_path / "m.json"
    run_match("heuristic", "random", "marquise", games=2, seed=3, jobs=1).write_json(path)
    earlier = json.loads(path.read_text())
    with pytest.raises(ConfigError, match="seed 3"):
        run_match("heuristic", "random", "marquise", games=4, seed=4, resume=earlier)
    with pytest.raises(ConfigError, match="baseline 'random'"):
        run_match("heuristic", "heuristic", "marquise", games=4, seed=3, resume=earlier)
    with pytest.raises(ConfigError, match="more than --games 1"):
        run_match("heuristic", "random", "marquise", games=1, seed=3, resume=earlier)
    with pytest.raises(ConfigError, match="not a match file"):
        run_match("heuristic", "random", "marquise", games=4, seed=3, resume={"pairs": 2})
    bad = CliRunner().invoke(main, ["match", "heuristic", "random", "--seat", "marquise", "--seed", "3",
                                    "--games", "4", "--sims", "50", "--resume", str(path)])
    assert bad.exit_code != 0 and "'sims': 1000" in bad.output and "'sims': 50" in bad.output
    path.write_text("{not json")
    bad = CliRunner().invoke(main, ["match", "heuristic", "random", "--resume", str(path)])
    assert bad.exit_code != 0 and "--resume" in bad.output and "cannot read" in bad.output


def test_a_resumed_match_already_decided_plays_no_pair():
    decided = run_match("heuristic", "random", "marquise", games=12, seed=3, jobs=1,
                        sprt=Sprt(0.0, 10.0, min_pairs=2))
    assert decided.verdict == H1
    data = {**decided.summary(), "run": decided.run, "pair_records": [p.record() for p in decided.pairs]}
    again = run_match("heuristic", "random", "marquise", games=12, seed=3, jobs=1,
                      sprt=Sprt(0.0, 10.0, min_pairs=2), resume=data)
    assert again.verdict == H1 and len(again.pairs) == len(decided.pairs) and again.llr == decided.llr


def test_an_interrupted_match_keeps_its_pairs_in_its_json_and_resumes(tmp_path, monkeypatch):
    """--json is rewritten after every pair: a run stopped in its third pair leaves two pairs on
    file, and --resume from it gives what one whole run gives."""
    import wyrm_ai.lab.match as match_module
    path = tmp_path / "m.json"
    played = []

    def stopping(task):
        if len(played) == 4:                 # the third pair's first game
            raise KeyboardInterrupt
        played.append(task)
        return play_one(task)
    monkeypatch.setattr(match_module, "play_one", stopping)
    args = ["match", "heuristic", "random", "--seat", "marquise", "--seed", "3", "--jobs", "1",
            "--games", "4", "--json", str(path)]
    stopped = CliRunner().invoke(main, args)
    assert stopped.exit_code != 0
    kept = json.loads(path.read_text())
    assert kept["pairs"] == 2 and [r["pair"] for r in kept["pair_records"]] == [0, 1]
    monkeypatch.setattr(match_module, "play_one", play_one)
    on = CliRunner().invoke(main, args + ["--resume", str(path)])
    assert on.exit_code == 0, on.output
    whole = run_match("heuristic", "random", "marquise", games=4, seed=3, jobs=1)
    assert json.loads(path.read_text())["pair_records"] == [p.record() for p in whole.pairs]
