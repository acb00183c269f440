"""The faction draft (LoR 16.1.8) on every front end built so far: words, the text board, views,
`wyrm play`/`watch`/`arena --draft`, the engine's `setoption draft` and its state JSON."""
from __future__ import annotations

import json

import numpy as np
import pytest
from click.testing import CliRunner

from mixes import random_draft
from wyrm_ai import Game
from wyrm_ai.cli import main
from wyrm_ai.model import action_words, chance_words, redaction, setups
from wyrm_ai.model.textboard import boardview
from wyrm_ai.protocol.views import state_view

from test_protocol import Harness


def walk(n=4, seed=1, cards=True, stop="keep_three", each=None) -> Game:
    """A draft game of n players played at random up to the step `stop`, each(g) at every step."""
    return random_draft(n, seed, 0, cards, until=lambda g: g.step == stop, each=each)


def test_the_draft_steps_are_said_in_words():
    """LoR 16.1.8.1 (the deal, the character beside a Vagabond card), 16.1.8.2 (a pick sets the
    faction up), 16.1.8.2.1 (the Marquise's homelands): every action of the draft has its words."""
    g = walk(stop="draft_deal")
    assert "militant" in chance_words.question(g)
    words = []
    rng = np.random.default_rng(2)
    while g.step != "marquise_homeland":
        a = g.sample_chance(rng) if g.is_chance_node() else g.legal_actions()[0]
        if g.step == "draft_character":
            assert "beside the Vagabond card" in chance_words.question(g)
        words.append(action_words.explain(a, g.current_player, g.step, g.faction_ids))
        g.apply(a)
    assert any(w.endswith("is dealt face up to the draft") for w in words)
    assert "choose the Marquise from the draft and set it up" in words
    a = g.legal_actions()[0]
    assert action_words.explain(a, g.current_player, g.step, g.faction_ids).startswith("choose clearing")


def test_every_view_of_a_draft_renders_and_fits_80_columns():
    """LoR 16.1.8: everything of the draft lies face up. Every viewer's board, observation and
    record words work at every step with seats that have not chosen, and the compact board fits
    80 columns."""
    seen = []

    def each(g):
        for viewer in ("public", "referee", 0):
            text = boardview.board_text(g, viewer, 80)
            assert viewer == "referee" or max(map(len, text.splitlines())) <= 80   # (the referee's hands: 99)
            assert "UNDRAFTED" not in boardview.board_text(g, viewer, 99)
            redaction.observe(g.state, viewer)
            state_view(g, "public")
        action_words.record_words(g, 1)
        if g.step == "draft_pick":
            seen.append(boardview.board_text(g, 0, 80))
    walk(n=3, each=each)
    assert seen and "draft pool:" in seen[0] and "Player 1 (you) - choosing" in seen[0]


def test_the_draft_view_names_the_pool_lock_characters_and_homelands():
    """LoR 16.1.8.1: players + 1 cards face up, the lock (16.1.8.1.2), a character beside each
    Vagabond card (16.1.8.1.3); 16.1.8.2.1: homelands. Every seat sees the same draft."""
    g = walk(n=4, stop="draft_pick")
    v = setups.draft_view(g.state.to_dict())
    assert v["stage"] == "choosing" and len(v["pool"]) == 5
    assert ("vagabond" in v["pool"]) == ("vagabond" in v["characters"])
    views = {json.dumps(state_view(g, k)["draft"]) for k in ("public", "referee", "player1", "player4")}
    assert len(views) == 1
    g = walk(n=3, seed=4)
    homes = setups.draft_view(g.state.to_dict())["homelands"]
    assert homes[g.seat_of("marquise")] if "marquise" in g.factions else True
    assert setups.draft_view(Game(0, ("marquise", "wyrm")).state.to_dict()) is None


def test_wyrm_play_drafts_with_a_seat_number(tmp_path, monkeypatch):
    """LoR 16.1.8.2: a person sits by seat and chooses a faction at its pick; the AI seats pick
    too, and the draft is saved and loads again."""
    monkeypatch.chdir(tmp_path)
    r = CliRunner().invoke(main, ["play", "--setup", "advanced", "--draft", "--seat", "2", "--seed", "3",
                                  "--level", "easy", "--no-color", "--record", "g.json"], input="1\n" * 6 + "quit\n")
    assert r.exit_code == 0, r.output
    assert "You are Player 2" in r.output and "draft pool:" in r.output and "Player 2 (you) - choosing" in r.output
    game = Game.load(tmp_path / "g.json")
    assert game.draft == ("marquise", "eyrie", "alliance", "vagabond", "wyrm")
    assert game.factions[1] != "undrafted"          # the person picked
    r = CliRunner().invoke(main, ["play", "--load", "g.json", "--no-color"], input="quit\n")
    assert r.exit_code == 0 and "Loaded g.json" in r.output, r.output


@pytest.mark.parametrize("args, words", [
    (["play", "--draft"], "add --setup advanced"),
    (["play", "--setup", "advanced", "--draft", "marquise,elk"], "no faction 'elk'"),
    (["play", "--setup", "advanced", "--draft", "--as", "eyrie"], "take a seat with --seat N"),
    (["play", "--setup", "advanced", "--draft", "--seat", "9"], "the seats are 1-4"),
    (["play", "--players", "3"], "give --draft too"),
    (["watch", "--draft", "--quiet"], "add --setup advanced"),
])
def test_bad_draft_options_say_what_is_wrong(args, words):
    """LoR 16.1.8: the draft is part of the Advanced Setup; its cards are factions' cards."""
    r = CliRunner().invoke(main, args, input="quit\n")
    assert r.exit_code == 2 and words in r.output, r.output


def test_watch_and_arena_play_drafts_and_the_arena_reports_factions_drafted():
    """LoR 16.1.8.2: every driver picks; the arena counts each faction's wins as drafted."""
    r = CliRunner().invoke(main, ["watch", "--setup", "advanced", "--draft", "eyrie,wyrm,marquise", "--ai",
                                  "1=random,2=heuristic", "--quiet", "--seed", "2"])
    assert r.exit_code == 0 and "wins" in r.output, r.output
    r = CliRunner().invoke(main, ["arena", "--setup", "advanced", "--draft", "--games", "2", "--jobs", "1",
                                  "--ai", "1=random,2=random,3=random,4=heuristic", "--seed", "2"])
    assert r.exit_code == 0, r.output
    assert "drafted from marquise, eyrie, alliance, vagabond, wyrm" in r.output
    assert "1 random wins" in r.output and "4 heuristic wins" in r.output
    assert sum(int(line.split("drafted ")[-1]) for line in r.output.splitlines()
               if line.strip().split(" ")[0] in ("marquise", "eyrie", "alliance", "vagabond", "wyrm")) == 8


def test_the_engine_drafts_with_setoption_draft():
    """LoR 16.1.8: `setoption draft` before `new`, players seated `draft`, their views `playerN`
    until they choose; a bad option names what is wrong."""
    h = Harness(3)
    assert "no faction 'elk'" in h.err("setoption draft marquise,elk")
    h.ok("setoption setup advanced")
    h.ok("setoption draft eyrie,marquise,wyrm,alliance")
    assert "seat the players of the draft as `draft`" in h.err("new marquise wyrm")
    h.ok("new draft draft draft 5")
    state = json.loads(h.ok("state public")[0])
    assert state["factions"] == ["player1", "player2", "player3"] and state["protocol"] == "2.21"
    assert state["draft"]["cards"] == ["marquise", "eyrie", "alliance", "wyrm"]
    for _ in range(40):
        if json.loads(h.ok("state public")[0])["step"] == "draft_pick":
            break
        h.send("play")
    state = json.loads(h.ok("state public")[0])
    assert state["step"] == "draft_pick" and state["draft"]["stage"] == "choosing"
    legal = json.loads(h.ok(f"state {state['to_move']}")[0])["legal"]
    assert all(text.startswith("pick ") for text in legal)
