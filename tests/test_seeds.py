"""Seeds and budgets (issue 9): every command takes any seed in 0..2**64-1 and plays the same
game for the same seed; derived seeds go through one helper reduced mod 2**64; --think and the
budget options refuse nan, inf, zero and negatives with a clear message."""
from __future__ import annotations

import math
import subprocess
import sys

import pytest
from click.testing import CliRunner

from wyrm_ai.lab.arena import run_arena
from wyrm_ai.cli import main
from wyrm_ai.model.errors import ConfigError
from wyrm_ai.ai.planner import Budget
from wyrm_ai.model.seeds import MAX_SEED, derive_seed
from wyrm_ai.ai.opponent import Opponent, position_seed
from test_protocol import Harness

BIG = [MAX_SEED, 2**63, 4611700, 2**63 - 1]


def cli(*args, input=None):
    return CliRunner().invoke(main, list(args), input=input)


def test_derived_seeds_are_reduced_mod_2_64_and_unchanged_for_small_seeds():
    assert MAX_SEED == 2**64 - 1
    for seed in BIG + [0, 1]:
        for offset in (0, 1, 10**9):
            assert 0 <= derive_seed(seed, offset) < 2**64
            assert 0 <= derive_seed(seed, offset, scale=4) < 2**64
    assert derive_seed(7, 3) == 7 * 1_000_003 + 3                   # old seeds play as before
    assert position_seed(7, 3, 2) == 7 * 1_000_003 + 3 * 7919 + 2 * 104_729


def test_arena_with_a_large_seed_and_the_planner_plays_the_same_games():
    # was OverflowError: the planner seed seed*1_000_003 + n was not reduced
    runs = [run_arena(wyrm="mcts", marquise="heuristic", games=2, seed=4611700, jobs=1, sims=16)
            for _ in range(2)]
    assert [g.record for g in runs[0].games] == [g.record for g in runs[1].games]
    assert all(len(g.record) > 50 for g in runs[0].games)


@pytest.mark.parametrize("seed", [MAX_SEED, 2**63])
def test_every_command_accepts_seeds_up_to_2_64_minus_1(seed, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    r = cli("arena", "--wyrm", "mcts", "--seed", str(seed), "--games", "1", "--jobs", "1", "--sims", "8")
    assert r.exit_code == 0, r.output
    a = cli("watch", "--wyrm", "mcts", "--marquise", "heuristic", "--seed", str(seed), "--quiet")
    b = cli("watch", "--wyrm", "mcts", "--marquise", "heuristic", "--seed", str(seed), "--quiet")
    assert a.exit_code == 0 and a.output == b.output and f"seed {seed}:" in a.output
    r = cli("play", "--seed", str(seed), "--level", "easy", input="1\n" * 20 + "quit\n")
    assert r.exit_code == 0 and f"Seed {seed}." in r.output, r.output
    assert f"wyrm-game-{seed}.json" in r.output
    r = cli("play", "--load", f"wyrm-game-{seed}.json", input="quit\n")
    assert r.exit_code == 0 and f"Seed {seed}." in r.output
    h = Harness(seed=seed)
    assert h.ok(f"setoption seed {seed}") == []
    assert h.ok(f"new marquise wyrm {seed}")
    assert h.ok("go sims 16")[0].startswith("bestmove ")
    assert h.ok("options")[3] == f"seed {seed}"


def test_the_same_seed_gives_the_same_engine_game():
    def game(seed):
        h = Harness(seed=seed)
        out = h.ok("go sims 16")
        return out + h.ok("record referee")
    assert game(MAX_SEED) == game(MAX_SEED)


@pytest.mark.parametrize("args", [
    ["arena", "--games", "1", "--seed"], ["watch", "--quiet", "--seed"], ["play", "--seed"],
    ["engine", "--seed"],
])
@pytest.mark.parametrize("bad", [str(2**64), "-1"])
def test_out_of_range_seeds_are_a_clear_error(args, bad):
    r = cli(*args, bad)
    assert r.exit_code == 2 and "--seed" in r.output and "18446744073709551615" in r.output, r.output


def test_the_engine_refuses_out_of_range_seeds():
    h = Harness()
    for line in (f"setoption seed {2**64}", f"new marquise wyrm {2**64}", "setoption seed -1",
                 "setoption seed " + "9" * 5000):
        assert h.err(line).startswith("syntax: the seed must be a whole number from 0 to 18446744073709551615")


# ---- budgets --------------------------------------------------------------------------------

@pytest.mark.parametrize("bad", ["nan", "inf", "-inf", "0", "-1", "NaN", "infinity"])
def test_think_refuses_nan_inf_zero_and_negatives(bad, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    r = cli("play", "--think", bad, input="quit\n")
    assert r.exit_code == 2, r.output
    assert "--think" in r.output and "Traceback" not in r.output
    assert list(tmp_path.iterdir()) == []                       # no game started, nothing saved


@pytest.mark.parametrize("bad", ["nan", "inf", "0", "-1"])
def test_arena_seconds_refuses_nan_inf_zero_and_negatives(bad):
    # a child process: before the fix, inf searched forever (the timeout is only a hang guard)
    p = subprocess.run([sys.executable, "-m", "wyrm_ai.cli", "arena", "--games", "1", "--jobs", "1",
                        "--seconds", bad], capture_output=True, text=True, timeout=120)
    assert p.returncode == 2 and "seconds" in p.stderr and "Traceback" not in p.stderr, p.stderr


@pytest.mark.parametrize("field", ["sims", "seconds", "turn_seconds"])
@pytest.mark.parametrize("bad", [math.nan, math.inf, -math.inf, 0, -1])
def test_budget_refuses_nan_inf_zero_and_negatives(field, bad):
    with pytest.raises(ConfigError, match=field):
        Budget(**{"sims": None, field: bad})


def test_opponent_refuses_a_bad_think():
    for bad in (math.nan, math.inf, 0.0, -1.0, 0.01):
        with pytest.raises(ConfigError, match="--think"):
            Opponent("normal", 1, bad)
    assert Opponent("normal", 1, 0.05).budget(2, "wyrm").turn_seconds == 0.05


@pytest.mark.parametrize("line", ["go sims nan", "go sims inf", "go sims 0", "go sims -5",
                                  "go movetime nan", "go movetime inf", "go movetime 0",
                                  "go movetime -1", "go sims 1e3", "go sims ５",
                                  "setoption budget nan", "setoption budget inf",
                                  "setoption budget 0", "setoption budget -3", "setoption budget nanms",
                                  "setoption budget infms", "setoption budget 0ms",
                                  "setoption budget " + "9" * 5000])
def test_engine_budgets_refuse_nan_inf_zero_and_negatives(line):
    h = Harness()
    before = h.ok("options")
    assert h.err(line).startswith("syntax: ")
    assert h.ok("options") == before
