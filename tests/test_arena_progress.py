"""Arena progress (issue 10 item 5): a live table redrawn in place on a terminal (games, wins per
seat with the 95% interval, elapsed, time left), and plain one-line progress into a file or pipe
(no carriage returns, no escape codes). Time comes from an injected clock: no wall-clock checks."""
from __future__ import annotations

import re
import subprocess

from click.testing import CliRunner

from wyrm_ai.lab.arena import GameResult, Progress, duration, wilson
from wyrm_ai.cli import main
from test_terminal_subprocess import CMD, _run_on_a_pty, env


class Clock:
    def __init__(self):
        self.t = 100.0

    def __call__(self):
        return self.t


def results(winners):
    return [GameResult(i, i % 2, w, (0, 0), 10, 2) for i, w in enumerate(winners)]


def test_plain_lines_with_wins_intervals_and_times():
    clock, out = Clock(), []
    p = Progress(out.append, ("heuristic", "mcts"), 4, live=False, clock=clock)
    winners = [1, 1, 0, 1]
    for n in range(1, 5):
        clock.t += 30                    # 30 s a game
        p(results(winners[:n]))
    assert len(out) == 4 and all(l.endswith("\n") and l.count("\n") == 1 for l in out)
    assert not any("\r" in l or "\x1b" in l for l in out)
    assert out[1] == ("2/4 games: marquise 0 (0.0%, 95% CI 0.0-65.8%), wyrm 2 (100.0%, 95% CI "
                      "34.2-100.0%); 1 min 00 s elapsed, about 1 min 00 s left\n")
    assert f"marquise 1 (25.0%, 95% CI {100 * wilson(1, 4)[0]:.1f}-{100 * wilson(1, 4)[1]:.1f}%)" in out[3]
    assert out[3].endswith("2 min 00 s elapsed, about 0 s left\n")


def test_plain_lines_are_thinned_for_long_runs():
    out = []
    p = Progress(out.append, ("a", "b"), 200, live=False, clock=Clock())
    for n in range(1, 201):
        p(results([1] * n))
    assert len(out) == 20 and out[-1].startswith("200/200 games")


def test_live_table_is_redrawn_in_place():
    clock, out = Clock(), []
    p = Progress(out.append, ("heuristic", "mcts"), 3, live=True, clock=clock)
    for n in range(1, 4):
        clock.t += 10
        p(results([0, 1, 1][:n]))
    assert not out[0].startswith("\x1b[3F")              # the first draw moves nothing
    assert all(o.startswith("\x1b[3F") for o in out[1:])  # then back up over its 3 lines
    rows = out[2].split("\n")[:-1]
    assert len(rows) == 3 and all(r.startswith("\x1b[3F\x1b[2K") or r.startswith("\x1b[2K") for r in rows)
    text = re.sub(r"\x1b\[\d*[A-Za-z]", "", out[2])
    assert "games 3/3   elapsed 30 s   left about 0 s" in text
    assert "  marquise  heuristic  wins 1 (33.3%" in text and "  wyrm      mcts       wins 2 (66.7%" in text
    assert "\r" not in "".join(out)


def test_durations():
    assert [duration(s) for s in (0, 59.4, 61, 3599, 3600, 7325)] == \
        ["0 s", "59 s", "1 min 01 s", "59 min 59 s", "1 h 00 min", "2 h 02 min"]


def test_arena_into_a_pipe_writes_clean_lines():
    p = subprocess.run([*CMD, "arena", "--games", "3", "--jobs", "1", "--wyrm", "heuristic"],
                       capture_output=True, text=True, env=env(), timeout=120)
    assert p.returncode == 0, p.stderr
    lines = p.stderr.splitlines()
    assert "\r" not in p.stderr and "\x1b" not in p.stderr
    assert [l.split(":")[0] for l in lines] == ["1/3 games", "2/3 games", "3/3 games"]
    assert p.stdout.startswith("3 games in ")


def test_arena_with_click_runner_is_not_live():
    r = CliRunner().invoke(main, ["arena", "--games", "2", "--jobs", "1", "--wyrm", "random",
                                  "--marquise", "random"])
    assert r.exit_code == 0 and "\r" not in r.output and "\x1b" not in r.output
    assert "2/2 games: marquise" in r.output


def test_arena_on_a_terminal_draws_the_live_table(tmp_path):
    text = _run_on_a_pty(["arena", "--games", "2", "--jobs", "1", "--wyrm", "heuristic"], tmp_path)
    assert "\x1b[3F" in text and "games 2/2" in text
    assert "2/2 games:" not in text                        # no plain lines on a terminal
