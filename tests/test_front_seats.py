"""`wyrm play` and `wyrm watch` at any seat table (issue 11 part 6): --factions in seat order,
--as / --first any seated faction, --ai a driver per faction; bad values name the option. The
two-seat default is tested unchanged by test_terminal.py, test_cli.py and test_watch.py."""
from __future__ import annotations

import json
import re

import pytest
from click.testing import CliRunner

from wyrm_ai.cli import main
from wyrm_ai.model.game import Game, round_of
from wyrm_ai.ai.opponent import ai_level
from wyrm_ai.model.textboard.words import turn_title


def run(*args, input=""):
    return CliRunner().invoke(main, list(args), input=input)


@pytest.fixture(autouse=True)
def in_tmp(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_rounds_hold_one_turn_of_each_seat():
    """LoR 5 (turn order): a round is one turn of each seat, whatever their number."""
    assert [round_of(t, 3) for t in range(0, 8)] == [0, 1, 1, 1, 2, 2, 2, 3]
    assert [round_of(t) for t in range(0, 5)] == [0, 1, 1, 2, 2]
    assert turn_title(4, 2, (0, 1, 4)) == "Round 2 - Wyrm"


def test_play_seats_the_table_given_with_you_at_the_seat_named(in_tmp):
    r = run("play", "--factions", "wyrm,marquise", "--as", "wyrm", "--first", "marquise",
            "--level", "easy", "--seed", "4", "--record", "t.json", input="quit\n")
    assert r.exit_code == 0, r.output
    assert r.output.startswith("You are the Wyrm; the Marquise is the AI, easy")
    g, saved = Game.load("t.json"), json.loads((in_tmp / "t.json").read_text())
    assert g.factions == ("wyrm", "marquise") and g.factions[g.first] == "marquise"
    assert saved["play"]["human"] == "wyrm" and "ai" not in saved["play"]
    assert "THE WYRM (you)" in r.output and "THE MARQUISE (AI)" in r.output
    assert "The Marquise's hand:" in r.output


def test_play_defaults_you_to_the_marquise_and_the_first_seat_to_the_seed(in_tmp):
    firsts = set()
    for seed in range(6):
        r = run("play", "--factions", "wyrm,marquise", "--level", "easy", "--seed", str(seed),
                "--record", f"{seed}.json", input="quit\n")
        assert r.exit_code == 0 and r.output.startswith("You are the Marquise"), r.output
        firsts.add(Game.load(f"{seed}.json").first)
        again = run("play", "--factions", "wyrm,marquise", "--level", "easy", "--seed", str(seed),
                    "--record", f"again{seed}.json", input="quit\n")
        assert Game.load(f"again{seed}.json").first == Game.load(f"{seed}.json").first   # seeded
    assert firsts == {0, 1}                                       # by chance, both happen


def test_play_ai_levels_per_seat_are_saved_and_reloaded(in_tmp):
    r = run("play", "--ai", "wyrm=heuristic", "--seed", "2", "--record", "a.json", input="quit\n")
    assert r.exit_code == 0, r.output
    assert "the Wyrm is the AI, easy" in r.output                 # heuristic is the easy level
    assert json.loads((in_tmp / "a.json").read_text())["play"]["ai"] == {"wyrm": "easy"}
    back = run("play", "--load", "a.json", input="quit\n")
    assert back.exit_code == 0 and "warning" not in back.output, back.output
    assert ai_level("mcts", "easy") == "normal" and ai_level("mcts", "hard") == "hard"


def test_a_bad_ai_setting_in_a_save_is_named(in_tmp):
    run("play", "--level", "easy", "--seed", "2", "--record", "b.json", input="quit\n")
    data = json.loads((in_tmp / "b.json").read_text())
    data["play"]["ai"] = {"eyrie": "easy"}
    (in_tmp / "b.json").write_text(json.dumps(data))
    r = run("play", "--load", "b.json", input="quit\n")
    assert r.exit_code != 0 and "play.ai" in r.output, r.output


@pytest.mark.parametrize("args, option, words", [
    (["--as", "eyrie"], "--as", "'eyrie' is not seated"),
    (["--first", "vagabond"], "--first", "'vagabond' is not seated"),
    (["--factions", "marquise"], "--factions", "2-6 factions"),
    (["--ai", "wyrm=genius"], "--ai", "no driver 'genius'"),
    (["--ai", "marquise=easy"], "--ai", "your seat"),
    (["--ai", "vagabond=easy"], "--ai", "not seated"),
])
def test_play_bad_seat_options_name_the_option(args, option, words):
    r = run("play", "--seed", "1", *args, input="quit\n")
    assert r.exit_code == 2 and f"'{option}'" in r.output and words in r.output, r.output
    assert "Traceback" not in r.output


def test_play_refuses_a_faction_the_core_cannot_seat(monkeypatch):
    """A faction whose rules the core does not hold is named at --factions (every base faction
    sits since issue 13: the Vagabond is made unseatable here to reach the check)."""
    from wyrm_ai import _core
    monkeypatch.setattr(_core, "PLAYABLE_FACTIONS", (0, 1, 2, 4))
    r = run("play", "--seed", "1", "--factions", "marquise,vagabond", input="quit\n")
    assert r.exit_code == 2 and "'--factions'" in r.output and "cannot be seated" in r.output, r.output


def test_play_seats_the_vagabond():
    """Issue 13: `wyrm play --factions marquise,vagabond` seats him (his setup asks for a character)."""
    r = run("play", "--seed", "1", "--factions", "marquise,vagabond", "--as", "vagabond", input="quit\n")
    assert r.exit_code == 0 and "Traceback" not in r.output, r.output
    assert "VAGABOND" in r.output


def test_watch_seats_the_table_with_a_driver_per_faction(in_tmp):
    r = run("watch", "--factions", "wyrm,marquise", "--ai", "wyrm=heuristic,marquise=random", "--first", "wyrm",
            "--seed", "3", "--every", "500", "--no-color", "--save", "w.json")
    assert r.exit_code == 0, r.output
    g = Game.load("w.json")
    assert g.factions == ("wyrm", "marquise") and g.first == 0 and g.is_terminal()
    assert re.search(r"seed 3: \w+ wins, wyrm \d+ - marquise \d+, \d+ actions", r.output)
    assert "WYRM (heuristic)" in r.output and "MARQUISE (random)" in r.output   # labels per seat
    headers = re.findall(r"^Round (\d+) - (\w+)$", r.output, re.M)
    assert headers[:2] == [("1", "Wyrm"), ("1", "Marquise")]


def test_watch_legacy_driver_options_name_their_faction():
    same = run("watch", "--factions", "wyrm,marquise", "--wyrm", "heuristic", "--seed", "3", "--quiet")
    ai = run("watch", "--factions", "wyrm,marquise", "--ai", "wyrm=heuristic", "--seed", "3", "--quiet")
    assert same.exit_code == 0 and same.output == ai.output
    clash = run("watch", "--wyrm", "heuristic", "--ai", "wyrm=mcts", "--factions", "marquise,wyrm", "--quiet")
    assert clash.exit_code == 2 and "disagree" in clash.output


@pytest.mark.parametrize("args, option, words", [
    (["--first", "eyrie"], "--first", "'eyrie' is not seated"),
    (["--factions", "wyrm,cat,wyrm"], "--factions", "at most once"),
    (["--ai", "marquise:mcts"], "--ai", "faction=driver"),
    (["--ai", "eyrie=mcts"], "--ai", "not seated"),
])
def test_watch_bad_seat_options_name_the_option(args, option, words):
    r = run("watch", "--seed", "1", "--quiet", *args)
    assert r.exit_code == 2 and f"'{option}'" in r.output and words in r.output, r.output


def test_watch_three_seats_in_turn_order_with_the_eyrie_board(in_tmp):
    """LoR 5: turns go round the table; a round is a turn of each of the three seats."""
    r = run("watch", "--factions", "marquise,eyrie,wyrm", "--ai", "marquise=heuristic,eyrie=heuristic,wyrm=heuristic",
            "--first", "eyrie", "--seed", "4", "--every", "3", "--no-color", "--save", "w3.json")
    assert r.exit_code == 0, r.output
    g = Game.load("w3.json")
    assert g.factions == ("marquise", "eyrie", "wyrm") and g.first == 1 and g.is_terminal()
    headers = re.findall(r"^Round (\d+) - (\w+)$", r.output, re.M)
    assert headers[:4] == [("1", "Eyrie"), ("1", "Wyrm"), ("1", "Marquise"), ("2", "Eyrie")]
    assert "EYRIE (heuristic)" in r.output and "leader:" in r.output and "Decree" in r.output
    assert re.search(r"seed 4: \w+ wins, marquise \d+ - eyrie \d+ - wyrm \d+", r.output)


def test_play_as_the_eyrie_against_two_ai_seats_shown_turn_by_turn(in_tmp):
    """Two AI seats: each AI turn has its header among what happened since your decision."""
    r = run("play", "--factions", "marquise,eyrie,wyrm", "--as", "eyrie", "--ai", "wyrm=heuristic",
            "--level", "easy", "--seed", "5", "--record", "p3.json", input="1\n" * 3000)
    assert r.exit_code == 0, r.output
    assert r.output.startswith("You are the Eyrie; the Marquise and the Wyrm are the AI, easy")
    g = Game.load("p3.json")
    assert g.is_terminal() and json.loads((in_tmp / "p3.json").read_text())["play"]["ai"] == {"wyrm": "easy"}
    since = r.output.split("Since your last decision:")
    headed = [part for part in since if "Round 1 - Wyrm" in part]
    assert headed and "W: " in headed[0].split("Round 1 - Wyrm")[1]
    assert re.search(r"Round 2 - Marquise\n  C: ", r.output)
    assert "THE EYRIE (you)" in r.output and "The Marquise's hand:" in r.output and "The Wyrm's hand:" in r.output


def test_play_ai_levels_differ_per_seat_in_the_introduction():
    r = run("play", "--factions", "marquise,eyrie,wyrm", "--ai", "eyrie=easy", "--level", "hard",
            "--seed", "1", "--record", "x.json", input="quit\n")
    assert r.exit_code == 0, r.output
    first = r.output.splitlines()[0]
    assert first.startswith("You are the Marquise; the Eyrie and the Wyrm are the AI: the Eyrie easy")
    assert "the Wyrm hard" in first
