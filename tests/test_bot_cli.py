"""The Mechanical Marquise on the command line (issue 14): --bot-variant, --difficulty and --traits
on `wyrm play`, `wyrm watch` and `wyrm arena`; the bot's seat is driven by "bot" (MM2 §2.2: its
order card drives its turn), so no --ai driver, no person and no AI opponent takes it."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from wyrm_ai.lab.arena import run_arena
from wyrm_ai.model.bot_options import BotOptions
from wyrm_ai.cli import main
from wyrm_ai.model.errors import ConfigError
from wyrm_ai.model.game import Game

BOT = "mechanical-marquise"


def run(*args, input=None):
    return CliRunner().invoke(main, list(args), input=input, catch_exceptions=False)


def test_mm2_2_2_arena_rows_name_the_bot_driver_and_its_options(tmp_path):
    """The bot's row says `bot`; the report and each record name its options."""
    records = tmp_path / "runs.jsonl"
    r = run("arena", "--factions", "mechanical-marquise,wyrm", "--ai", "wyrm=heuristic", "--games", "2",
            "--jobs", "1", "--difficulty", "nightmare", "--traits", "blitz,fortified", "--bot-variant", "dc",
            "--records", str(records))
    assert r.exit_code == 0, r.output
    lines = r.output.splitlines()
    assert "  the Mechanical Marquise plays dc rules, nightmare difficulty, blitz, fortified" in lines
    row = next(line for line in lines if line.strip().startswith(BOT))
    assert row.split()[1] == "bot"
    games = [json.loads(x) for x in records.read_text().splitlines()]
    assert len(games) == 2
    assert all(g["bot"] == {"variant": "dc", "difficulty": "nightmare", "traits": ["blitz", "fortified"]}
               for g in games)


def test_arena_replays_its_games_with_the_options(tmp_path):
    """Each arena game is played with the options: its record replays to the same end only with
    them (Nightmare's VP and recruits differ from the default bot's)."""
    res = run_arena(factions=(BOT, "wyrm"), drivers={"wyrm": "heuristic"}, games=1, jobs=1,
                    bot={"difficulty": "nightmare"})
    assert res.kinds == ("bot", "heuristic")
    g = res.games[0]
    table = g.factions
    replayed = Game.replay(g.first, [line.split(": ", 1)[1] for line in g.record], table,
                           {"difficulty": "nightmare"})
    assert list(replayed.scores) == list(g.scores) and replayed.is_terminal()


@pytest.mark.parametrize("args,option,words", [
    (("--ai", "wyrm=heuristic,mm=mcts"), "--ai", "the mechanical-marquise is a bot: its order card drives its "
                                                  "turn (MM2 §2.2) and it makes no decision, so it takes no driver"),
    (("--difficulty", "hard"), "--difficulty", "'hard' is not one of"),
    (("--traits", "blitz,sneaky"), "--traits", "no trait 'sneaky'"),
    (("--bot-variant", "new"), "--bot-variant", "'new' is not one of"),
])
def test_bad_bot_options_name_the_option(args, option, words):
    r = run("arena", "--factions", "mechanical-marquise,wyrm", "--games", "1", "--jobs", "1", *args)
    assert r.exit_code == 2 and f"'{option}'" in r.output and words in r.output, r.output


@pytest.mark.parametrize("command", ["arena", "watch", "play"])
def test_bot_options_without_the_bot_seated_are_an_error(command):
    """They would change nothing: the error names the flag and how to seat the bot."""
    r = run(command, "--factions", "marquise,wyrm", "--difficulty", "easy", input="quit\n")
    assert r.exit_code == 2, r.output
    assert "'--difficulty': it sets the Mechanical Marquise's options, and it is not seated" in r.output


def test_run_arena_refuses_a_driver_for_the_bot():
    with pytest.raises(ConfigError, match="a driver for the mechanical-marquise, a bot"):
        run_arena(factions=(BOT, "wyrm"), drivers={BOT: "heuristic"}, games=1, jobs=1)


def test_watch_plays_and_saves_with_the_options(tmp_path):
    save = tmp_path / "w.json"
    r = run("watch", "--factions", "mechanical-marquise,wyrm", "--ai", "wyrm=heuristic", "--seed", "4",
            "--quiet", "--difficulty", "challenging", "--traits", "hospitals", "--save", str(save))
    assert r.exit_code == 0, r.output
    game = Game.load(save)
    assert game.bot == BotOptions.parse(difficulty="challenging", traits="hospitals")
    assert game.is_terminal()
    r = run("watch", "--factions", "mechanical-marquise,wyrm", "--ai", "mm=random", "--quiet")
    assert r.exit_code == 2 and "is a bot" in r.output


def test_watch_names_the_bot_and_its_options_first():
    r = run("watch", "--factions", "mechanical-marquise,wyrm", "--ai", "wyrm=heuristic", "--seed", "4",
            "--every", "0", "--no-color", "--bot-variant", "dc", "--traits", "fortified")
    assert r.exit_code == 0, r.output
    assert r.output.splitlines()[0] == ("The Mechanical Marquise is a bot (the rules play it): dc rules, "
                                        "normal difficulty, fortified.")
    quiet = run("watch", "--factions", "mechanical-marquise,wyrm", "--seed", "4", "--quiet")
    assert len(quiet.output.splitlines()) == 1 and quiet.output.startswith("seed 4: ")


def test_play_the_person_may_not_take_the_bots_seat():
    r = run("play", "--factions", "mechanical-marquise,wyrm", "--as", "mm", "--seed", "1", input="quit\n")
    assert r.exit_code == 2
    assert ("'--as': the mechanical-marquise is a bot: its order card drives its turn (MM2 §2.2), so nobody "
            "takes its seat; play one of wyrm") in r.output


def test_play_the_bot_seat_needs_no_ai(tmp_path):
    """Against the bot alone there is no AI: the introduction names the bot and its options, and
    the person plays the game to its end (every decision the first action listed)."""
    r = run("play", "--factions", "marquise,mechanical-marquise", "--seed", "2", "--level", "easy",
            "--difficulty", "easy", "--record", str(tmp_path / "g.json"), input="1\n" * 3000)
    assert r.exit_code == 0, r.output
    out = r.output.splitlines()
    assert out[0] == "You are the Marquise."
    assert out[1] == "The Mechanical Marquise is a bot (the rules play it): original rules, easy difficulty, no traits."
    assert "is thinking" not in r.output
    game = Game.load(tmp_path / "g.json")
    assert game.is_terminal() and game.bot.difficulty == "easy"


def test_play_with_the_ai_and_the_bot_and_load_warns_about_other_options(tmp_path):
    save = tmp_path / "p.json"
    r = run("play", "--factions", "marquise,mm,wyrm", "--seed", "5", "--level", "easy", "--difficulty",
            "nightmare", "--traits", "blitz", "--record", str(save), input="quit\n")
    assert r.exit_code == 0, r.output
    assert r.output.splitlines()[:2] == [
        "You are the Marquise; the Wyrm is the AI, easy (the heuristic player).",
        "The Mechanical Marquise is a bot (the rules play it): original rules, nightmare difficulty, blitz."]
    r = run("play", "--load", str(save), "--difficulty", "easy", "--traits", "", "--bot-variant", "original",
            input="quit\n")
    assert r.exit_code == 0, r.output
    assert ("warning: --difficulty easy is ignored: the save was played with --difficulty nightmare, and a "
            "loaded game keeps its save's settings") in r.output
    assert "warning: --traits none is ignored: the save was played with --traits blitz" in r.output
    assert "--bot-variant original is ignored" not in r.output       # the same as the save's
    assert Game.load(save).bot == BotOptions.parse(difficulty="nightmare", traits="blitz")


def test_play_new_keeps_the_bots_options(tmp_path, monkeypatch):
    """`new` at the prompt starts the next game with the same options (the next seed's file)."""
    monkeypatch.chdir(tmp_path)
    r = run("play", "--factions", "marquise,mm,wyrm", "--seed", "8", "--level", "easy", "--difficulty",
            "challenging", "--bot-variant", "dc", input="new\nquit\n")
    assert r.exit_code == 0, r.output
    first, second = Game.load(tmp_path / "wyrm-game-8.json"), Game.load(tmp_path / "wyrm-game-9.json")
    assert first.bot == second.bot == BotOptions.parse("dc", "challenging")
