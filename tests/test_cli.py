"""The `wyrm` command line: `wyrm play`."""
from __future__ import annotations

import re
import shutil
import subprocess
import sys

import pytest
from click.testing import CliRunner

from wyrm_ai.cli import main
from wyrm_ai.model.game import Game

RESULT = re.compile(r"^seed (\d+): (marquise|wyrm|nobody) wins, marquise (\d+) - wyrm (\d+), (\d+) actions$")


def run(*args):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


def result_line(output: str) -> re.Match:
    lines = [l for l in output.splitlines() if l.startswith("seed ")]
    assert len(lines) == 1, output
    m = RESULT.match(lines[0])
    assert m, lines[0]
    return m


def test_play_quiet_prints_a_result_line():
    r = run("watch", "--seed", "3", "--quiet")
    assert r.exit_code == 0, r.output
    assert len(r.output.splitlines()) == 1
    m = result_line(r.output)
    seed, winner, cat, wyrm, n = m.groups()
    assert seed == "3" and winner in ("marquise", "wyrm")
    assert max(int(cat), int(wyrm)) >= 30 and int(n) > 50
    assert int(cat if winner == "marquise" else wyrm) >= 30


def test_same_seed_same_output():
    a = run("watch", "--seed", "3", "--quiet")
    b = run("watch", "--seed", "3", "--quiet")
    assert a.exit_code == b.exit_code == 0 and a.output == b.output
    c = run("watch", "--seed", "3")
    d = run("watch", "--seed", "3")
    assert c.output == d.output


def test_different_seeds_differ():
    outs = {run("watch", "--seed", str(s), "--quiet", "--marquise", "random", "--wyrm", "random").output.split(":", 1)[1]
            for s in range(6)}
    assert len(outs) > 1


def test_notation_output_is_the_record():
    r = run("watch", "--seed", "4", "--first", "wyrm", "--notation")
    assert r.exit_code == 0
    lines = r.output.splitlines()
    m = result_line(r.output)
    record = lines[:-1]
    assert len(record) == int(m.group(5))
    assert all(re.match(r"^[CW?]: \S", l) for l in record), record[:5]
    # the record is a replayable game with the printed result
    g = Game(first="wyrm")
    for line in record:
        g.apply(line)
    assert g.is_terminal() and g.scores == (int(m.group(3)), int(m.group(4)))


@pytest.mark.parametrize("first", ["marquise", "wyrm"])
def test_save_writes_a_loadable_game(first, tmp_path):
    path = tmp_path / "game.json"
    r = run("watch", "--seed", "5", "--quiet", "--first", first, "--save", str(path))
    assert r.exit_code == 0, r.output
    assert f"saved to {path}" in r.output
    m = result_line(r.output)
    g = Game.load(path)
    assert g.is_terminal() and g.first == (0 if first == "marquise" else 1)
    assert g.scores == (int(m.group(3)), int(m.group(4))) and len(g.record) == int(m.group(5))
    assert {0: "marquise", 1: "wyrm"}[g.winner] == m.group(2)


@pytest.mark.parametrize("args,words", [
    (["--marquise", "foo"], ["foo"]),
    (["--wyrm", "genius"], ["genius"]),
    (["--first", "eyrie"], ["eyrie"]),
    (["--seed", "-1"], ["seed"]),
    (["--seed", "abc"], ["abc"]),
    (["--bogus-option"], ["bogus"]),
])
def test_bad_options_exit_non_zero_with_a_message(args, words):
    r = CliRunner().invoke(main, ["watch", "--seed", "1", "--quiet", *args])
    assert r.exit_code != 0
    assert r.exception is None or isinstance(r.exception, SystemExit), repr(r.exception)
    for w in words:
        assert w in r.output, r.output
    assert "Traceback" not in r.output and "wins" not in r.output


def test_save_to_an_unwritable_path_fails_cleanly(tmp_path):
    """A bad --save path is a usage error with a message, like a bad option, not a traceback."""
    bad = tmp_path / "no" / "such" / "dir" / "g.json"
    r = CliRunner().invoke(main, ["watch", "--seed", "1", "--quiet", "--save", str(bad)])
    assert r.exit_code != 0
    assert r.exception is None or isinstance(r.exception, SystemExit), repr(r.exception)
    assert "g.json" in r.output


def test_help_and_version():
    r = run("--help")
    assert r.exit_code == 0 and "watch" in r.output
    r = run("watch", "--help")
    assert r.exit_code == 0 and "--seed" in r.output and "--save" in r.output
    r = run("--version")
    assert r.exit_code == 0 and "0.1.0" in r.output


def test_console_script():
    exe = shutil.which("wyrm")
    cmd = [exe] if exe else [sys.executable, "-m", "wyrm_ai.cli"]
    p = subprocess.run([*cmd, "watch", "--seed", "1", "--quiet"], capture_output=True, text=True,
                       timeout=120)
    assert p.returncode == 0, p.stderr
    m = result_line(p.stdout)
    assert m.group(1) == "1"
    # the same game as through CliRunner
    assert p.stdout == run("watch", "--seed", "1", "--quiet").output
