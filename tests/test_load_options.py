"""`wyrm play --load` keeps the save's game options: a game option named on the command line that
differs from the save's (--map, --deck, --setup, --character) is said to be ignored, as
--growth-caps and the bot's options are (docs/play.md); a default left alone says nothing."""
from __future__ import annotations

from click.testing import CliRunner

from wyrm_ai.cli import main
from wyrm_ai.model.game import Game


def run(*args, input=None):
    return CliRunner().invoke(main, list(args), input=input)


def test_play_load_says_which_game_options_it_ignores(tmp_path):
    rec = tmp_path / "g.json"
    r = run("play", "--seed", "5", "--level", "easy", "--factions", "marquise,vagabond,wyrm",
            "--deck", "ep", "--setup", "advanced", "--character", "ronin", "--record", str(rec),
            input="quit\n")
    assert r.exit_code == 0, r.output
    g = Game.load(rec)
    assert (g.deck, g.setup, g.character) == ("ep", "advanced", "ronin")
    r = run("play", "--load", str(rec), "--deck", "standard", "--setup", "advanced", "--character", "harrier",
            "--map", "winter", input="quit\n")
    assert r.exit_code == 0, r.output
    for flag, given, saved in (("--deck", "standard", "ep"), ("--character", "harrier", "ronin"),
                               ("--map", "winter", "autumn")):
        assert (f"warning: {flag} {given} is ignored: the save was played with {flag} {saved}") in r.output
    assert "--setup advanced is ignored" not in r.output            # the same as the save's
    r = run("play", "--load", str(rec), input="quit\n")
    assert "is ignored" not in r.output                             # defaults say nothing
    assert (Game.load(rec).deck, Game.load(rec).character) == ("ep", "ronin")
