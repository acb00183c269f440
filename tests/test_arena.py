"""The arena (issue 4): seeded parallel games, win rates with 95% intervals, records."""
import json

import pytest
from click.testing import CliRunner

from wyrm_ai.lab.arena import play_one, run_arena, wilson
from wyrm_ai.cli import main


def test_wilson_interval():
    lo, hi = wilson(150, 200)
    assert lo == pytest.approx(0.6856, abs=1e-3) and hi == pytest.approx(0.8049, abs=1e-3)
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0


def test_arena_is_reproducible_and_parallel_matches_serial(tmp_path):
    a = run_arena("heuristic", "random", games=6, seed=3, jobs=1)
    b = run_arena("heuristic", "random", games=6, seed=3, jobs=2, records=tmp_path / "r.jsonl")
    assert [(g.winner, g.scores, g.record) for g in a.games] == [(g.winner, g.scores, g.record) for g in b.games]
    s = a.summary()
    assert s["games"] == 6
    assert s["marquise"]["wins"] + s["wyrm"]["wins"] == 6
    assert [g.first for g in a.games] == [0, 1, 0, 1, 0, 1]
    lines = (tmp_path / "r.jsonl").read_text().splitlines()
    assert len(lines) == 6
    rec = json.loads(lines[0])
    assert rec["record"] and rec["winner"] in ("marquise", "wyrm")


def test_arena_mcts_game_finishes():
    r = play_one((0, 1, ("heuristic", "mcts"), 20, None))
    assert r.winner in (0, 1) and max(r.scores) >= 30


def test_arena_command():
    out = CliRunner().invoke(main, ["arena", "--wyrm", "heuristic", "--marquise", "random",
                                    "--games", "4", "--jobs", "1", "--seed", "2"])
    assert out.exit_code == 0, out.output
    assert "wyrm" in out.output and "95% CI" in out.output
    bad = CliRunner().invoke(main, ["arena", "--wyrm", "nobody", "--games", "2"])
    assert bad.exit_code != 0 and "no player kind" in bad.output
