"""`wyrm watch` (issue 10 item 5): turn headers, the board every N turns, --delay through an
injected sleep (no wall clock), --sims / --think for mcts drivers, and --save still atomic."""
from __future__ import annotations

import re

import numpy as np
import pytest
from click.testing import CliRunner

import wyrm_ai.terminal.watch as watch_module
from wyrm_ai.cli import main
from wyrm_ai.model.game import Game
from wyrm_ai.ai.players import make_player
from wyrm_ai.model.game import round_of
from wyrm_ai.model.textboard.words import turn_title
from wyrm_ai.terminal.watch import Watcher, watch_game

BOARD = "MARQUISE ("              # a line of every board the renderer draws (boxed or compact)
HEADER = re.compile(r"^Round (\d+) - (Marquise|Wyrm)$")


RANDOM = ("--marquise", "random", "--wyrm", "random")     # the drivers these tests watch (fast)


def run(*args):
    return CliRunner().invoke(main, ["watch", *args], catch_exceptions=False)


def test_rounds_count_both_seats_turns():
    # one round_of and one header for wyrm play, wyrm watch, showboard (game.round_of, words.turn_title)
    assert [round_of(t) for t in range(1, 7)] == [1, 1, 2, 2, 3, 3]
    assert [round_of(t) for t in (0, 1, 2, 3, 4, 9)] == [0, 1, 1, 2, 2, 5]
    assert turn_title(0, 0) == "Setup"
    assert turn_title(5, 1) == "Round 3 - Wyrm"
    assert Game(first="wyrm").round == 0


def test_every_turn_has_a_header_and_a_board():
    r = run("--seed", "3", "--marquise", "heuristic", "--wyrm", "heuristic", "--no-color")
    assert r.exit_code == 0, r.output
    lines = r.output.splitlines()
    headers = [HEADER.match(l) for l in lines if HEADER.match(l)]
    assert lines[1] == "Setup" and len(headers) > 10
    # rounds go up by one every two turns, and the seats alternate
    seats = [h.group(2) for h in headers]
    assert all(a != b for a, b in zip(seats, seats[1:]))
    assert [int(h.group(1)) for h in headers] == [(i + 2) // 2 for i in range(len(headers))]
    # one board after each turn (setup included), and the final one
    assert r.output.count(BOARD) == len(headers) + 1
    assert "(you)" not in r.output and "(AI)" not in r.output      # boards name the drivers
    assert "(heuristic)" in r.output
    # each action is its record line with words
    assert any(re.match(r"^  C: \S+\s+\S", l) for l in lines)
    assert re.match(r"seed 3: (marquise|wyrm|nobody) wins", lines[-1])


def test_every_n_turns_and_zero():
    every3 = run("--seed", "3", "--every", "3", "--no-color", *RANDOM).output
    turns = 1 + sum(1 for l in every3.splitlines() if HEADER.match(l))   # with Setup
    assert every3.count(BOARD) == (turns - 1) // 3 + 1     # after turns 3, 6, ... and the end
    never = run("--seed", "3", "--every", "0", *RANDOM).output
    assert never.count(BOARD) == 0 and sum(1 for l in never.splitlines() if HEADER.match(l)) > 0


def test_delay_sleeps_after_each_turn(monkeypatch):
    slept = []
    monkeypatch.setattr(watch_module.time, "sleep", slept.append)
    r = run("--seed", "2", "--delay", "0.25", "--every", "0", *RANDOM)
    turns = 1 + sum(1 for l in r.output.splitlines() if HEADER.match(l))
    assert slept == [0.25] * (turns - 1)          # between turns, not after the last one


def test_watcher_with_an_injected_sleep():
    slept, out = [], []
    g = Game(first="marquise")
    players = {0: make_player("random", 1), 1: make_player("random", 2)}
    w = Watcher(out.append, every=0, delay=1.5, sleep=slept.append)
    watch_game(g, players, np.random.default_rng(1), w)
    assert g.is_terminal() and slept and set(slept) == {1.5}
    assert len(slept) == w.turns_done


@pytest.mark.parametrize("args,reason", [
    (["--think", "nan"], "finite"),
    (["--think", "inf"], "--think"),
    (["--think", "0"], "--think"),
    (["--think", "-1"], "--think"),
    (["--sims", "0"], "--sims"),
    (["--delay", "nan"], "--delay"),
    (["--delay", "-1"], "--delay"),
    (["--every", "-1"], "--every"),
])
def test_bad_budgets_are_usage_errors(args, reason):
    r = CliRunner().invoke(main, ["watch", "--seed", "1", "--wyrm", "mcts", *args])
    assert r.exit_code == 2 and reason in r.output, r.output
    assert "Traceback" not in r.output


def test_sims_needs_an_mcts_driver():
    r = CliRunner().invoke(main, ["watch", "--seed", "1", "--sims", "50", *RANDOM])
    assert r.exit_code == 2 and "neither driver is mcts" in r.output
    r = CliRunner().invoke(main, ["watch", "--seed", "1", "--wyrm", "mcts", "--sims", "5", "--think", "1"])
    assert r.exit_code == 2 and "not both" in r.output


def test_sims_sets_the_planner_budget(monkeypatch):
    seen = []

    def spy(game, players, rng, before=None):
        seen.append({seat: getattr(p, "budget", None) for seat, p in players.items()})
        return game
    monkeypatch.setattr(watch_module, "play", spy)
    run("--seed", "1", "--wyrm", "mcts", "--marquise", "random", "--sims", "77", "--quiet")
    run("--seed", "1", "--marquise", "mcts", "--wyrm", "random", "--think", "0.5", "--quiet")
    assert seen[0][1].sims == 77 and seen[0][0] is None
    assert seen[1][0].seconds == 0.5 and seen[1][0].sims is None


def test_a_short_mcts_game_with_sims(tmp_path):
    path = tmp_path / "w.json"
    r = run("--seed", "5", "--wyrm", "mcts", "--sims", "8", "--every", "0", "--save", str(path))
    assert r.exit_code == 0, r.output
    g = Game.load(path)
    assert g.is_terminal()
    assert f"{len(g.record)} actions" in r.output.splitlines()[-2]


@pytest.mark.parametrize("seed", [3, 8])
def test_watch_narrates_every_battle_and_every_vp(seed):
    # issue 10: a viewer follows every battle and VP from wyrm watch alone: the engine's events in
    # words (narration.py, the referee's view) under each action; the VP told add up to the score
    out = []
    g = Game(first="marquise")
    players = {0: make_player("heuristic", seed), 1: make_player("heuristic", seed + 1)}
    watch_game(g, players, np.random.default_rng(seed), Watcher(out.append, every=0))
    assert g.is_terminal()
    lines = "\n".join(out).splitlines()
    told = {0: 0, 1: 0}
    for l in lines:
        m = re.match(r"^ {6}(Marquise|Wyrm) \+(\d+) VP: \S", l)
        if m:
            told[("Marquise", "Wyrm").index(m.group(1))] += int(m.group(2))
    assert (told[0], told[1]) == g.scores and sum(told.values()) > 0
    battles = [i for i, l in enumerate(lines) if re.match(r"^  [CW]: X[CW]\d+ ", l)]
    assert battles
    for i in battles:                          # who attacked whom where, then the roll's words
        assert re.match(r"^ {6}The (Marquise|Wyrm) attacks the (Marquise|Wyrm) in clearing \d+", lines[i + 1])
    rolls = [i for i, l in enumerate(lines) if l.startswith("  ?: roll ")]
    assert rolls and all(lines[i + 1].startswith("      Roll ") for i in rolls)
    assert any(re.search(r"loses|removed|ignores", l) for l in lines)
