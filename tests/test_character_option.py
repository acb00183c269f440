"""The Vagabond's character as an option on every front end (issue 32 item 4; LoR 16.3;
docs/characters.md): `Game(character=)`, `--character NAME` on `wyrm play`, `watch`, `arena` and
`match` (their records and JSON name it, `--resume` keeps it), the terminal's words and its `new`,
the engine's `setoption character` and the state JSON's `character_option`, the web form's and
API's `character`, saves, Rootlog and a position's `character_option`. With the option the
Vagabond's only choice at setup is that character, and he plays it; without it he picks any. A bad
name is refused naming the characters, and changes nothing; a character named at a table without
the Vagabond is refused by the model and the command line (the engine's session keeps it for the
next table that seats him). The characters' own rules: tests/test_characters.py."""
from __future__ import annotations

import json

import numpy as np
import pytest
from click.testing import CliRunner

from mixes import players_for
from test_protocol import Harness, _schema
from option_fronts import (client, needs_web, refuses_changing_nothing,  # noqa: F401  (client: the fixture)
                           web_game, web_state)
from wyrm_ai import _core
from wyrm_ai.cli import main
from wyrm_ai.lab.arena import play_one, run_arena, seatings
from wyrm_ai.lab.match import run_match, setup
from wyrm_ai.model.errors import ConfigError, PositionError, SaveError
from wyrm_ai.model.game import Game
from wyrm_ai.protocol.views import state_view, views_of
from wyrm_ai.rootlog import read_text
from wyrm_ai.rootlog.replay import replay
from wyrm_ai.rootlog.writer import write
from wyrm_ai.terminal.command import new_game

CHARACTERS = _core.CHARACTER_NAMES
CHARACTERS_NAMED = "the characters are " + ", ".join(CHARACTERS)   # every refusal of a bad name names them
NO_VAGABOND = "no Vagabond at this table"
DUO = ("marquise", "vagabond")
TABLES = (DUO, ("vagabond", "wyrm"), ("marquise", "eyrie", "vagabond"), ("eyrie", "alliance", "vagabond", "wyrm"),
          ("marquise", "eyrie", "alliance", "vagabond", "wyrm"))


def vb_char(g: Game) -> str | None:
    """The character the game's Vagabond plays (None before he has one)."""
    i = g.state.to_dict()["vb_char"]
    return CHARACTERS[i] if i >= 0 else None


def past_setup(g: Game, seed: int = 3, players=None) -> Game:
    """Play g with seeded random players (chance by its odds) to its first turn; at the character
    step the legal actions must be the option's one character (or all nine without it)."""
    rng, players = np.random.default_rng(seed), players or players_for(g.factions, seed)
    while g.state.turn_number == 0 and not g.is_terminal():
        if g.step == "vagabond_character":
            offered = [t.strip("#").split("->")[0] for t in g.legal_texts()]
            assert offered == ([g.character] if g.character else list(CHARACTERS)), offered
        seat = g.current_player
        g.apply(g.sample_chance(rng) if seat == _core.CHANCE else players[seat].choose(g))
    return g


def vb_record(g: Game) -> list[str]:
    """The record's character choices (`V: #ronin->$`)."""
    return [line for line in g.record_lines() if line.startswith("V: #") and line.endswith("->$")]


# ---- the model (LoR 16.3) ----
@pytest.mark.parametrize("name", CHARACTERS)
def test_lor_16_3_the_option_is_the_vagabonds_only_choice_and_he_plays_it(name):
    """LoR 16.3 (issue 32 item 4): Game(character=NAME) offers that character alone at the setup
    step vagabond_character, at every table size; the seeded game's Vagabond then plays it."""
    table = TABLES[CHARACTERS.index(name) % len(TABLES)]
    g = past_setup(Game(first=CHARACTERS.index(name) % len(table), factions=table, character=name.upper()))
    assert g.character == name and vb_char(g) == name and g.state.character_option == CHARACTERS.index(name)
    assert vb_record(g) == [f"V: #{name}->$"]


@pytest.mark.parametrize("given", [None, "any", "Any", -1])
def test_without_the_option_the_vagabond_picks_any_character(given):
    """LoR 9.3.1: with no option (None, any) he picks among all nine."""
    g = past_setup(Game(factions=DUO, character=given), seed=4)
    assert g.character is None and vb_char(g) in CHARACTERS


@pytest.mark.parametrize("bad", ["rogue", "", "ronin ranger", 9, 2.0, True])
def test_a_bad_character_is_a_config_error_naming_the_characters(bad):
    with pytest.raises(ConfigError, match=CHARACTERS_NAMED):
        Game(factions=DUO, character=bad)


@pytest.mark.parametrize("table", [("marquise", "wyrm"), ("marquise", "eyrie", "alliance", "wyrm")])
def test_a_character_at_a_table_without_the_vagabond_is_refused(table):
    """The option names the Vagabond's character: at a table without him it would change nothing."""
    with pytest.raises(ConfigError, match=NO_VAGABOND):
        Game(factions=table, character="ronin")
    assert Game(factions=table, character="any").character is None


def test_the_option_is_kept_by_start_clone_undo_replay_and_options():
    g = past_setup(Game(factions=DUO, character="harrier"))
    assert g.options["character"] == "harrier" and Game(first=0, factions=DUO, **g.options).character == "harrier"
    assert g.start().character == "harrier" and g.clone().character == "harrier"
    back = Game.replay(g.first, g.record, g.factions, character="harrier")
    assert back.state.state_bytes() == g.state.state_bytes()
    g.undo(len(g.record))
    assert g.character == "harrier" and g.record == []


def test_a_save_with_the_option_round_trips_and_an_edited_one_is_refused(tmp_path):
    g = past_setup(Game(factions=("marquise", "vagabond", "wyrm"), character="scoundrel"), seed=6)
    g.save(tmp_path / "g.json")
    back = Game.load(tmp_path / "g.json")
    assert back.character == "scoundrel" and vb_char(back) == "scoundrel" and back.record == g.record
    assert back.state.to_dict()["character_option"] == CHARACTERS.index("scoundrel")
    data = g.to_json()
    data["state"]["character_option"] = CHARACTERS.index("ronin")     # another option: the record's choice is illegal
    with pytest.raises(SaveError, match="does not replay"):
        Game.from_json(data)
    data["state"]["character_option"] = 42
    with pytest.raises(SaveError, match=f"bad deck, setup or character: no character 42: {CHARACTERS_NAMED}"):
        Game.from_json(data)


# ---- the command line ----
@pytest.mark.parametrize("given", ["ronin", "Ronin", " RONIN "])
def test_watch_plays_the_character_given_and_saves_and_writes_it(tmp_path, given):
    r = CliRunner().invoke(main, ["watch", "--factions", "marquise,vagabond", "--character", given,
                                  "--ai", "marquise=random,vagabond=random", "--quiet", "--seed", "3",
                                  "--save", str(tmp_path / "w.json"), "--save-rootlog", str(tmp_path / "w.rootlog")])
    assert r.exit_code == 0, r.output
    g = Game.load(tmp_path / "w.json")
    assert g.character == "ronin" and vb_char(g) == "ronin" and vb_record(g) == ["V: #ronin->$"]
    # Rootlog has no option line: replay reads his character from the record's #ronin->V$
    back = replay(read_text((tmp_path / "w.rootlog").read_text()), seats=g.factions)
    assert back.record == g.record and vb_char(back) == "ronin"


COMMANDS = (["watch"], ["arena", "--games", "1"], ["match", "random", "heuristic", "--games", "1"], ["play"])


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: c[0])
def test_every_command_refuses_a_bad_character_naming_them_and_lists_them_in_its_help(command):
    r = CliRunner().invoke(main, [*command, "--factions", "marquise,vagabond", "--character", "rogue"])
    assert r.exit_code == 2 and "Invalid value for '--character': no character 'rogue'" in r.output, r.output
    assert CHARACTERS_NAMED in r.output
    r = CliRunner().invoke(main, [command[0], "--help"])
    helped = " ".join(r.output.split())
    assert r.exit_code == 0 and "--character NAME" in helped and ", ".join(CHARACTERS) in helped


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: c[0])
def test_every_command_refuses_a_character_at_a_table_without_the_vagabond(command, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    r = CliRunner().invoke(main, [*command, "--character", "ronin"])
    assert r.exit_code == 2 and NO_VAGABOND in r.output, r.output
    assert not list(tmp_path.iterdir())                  # no game started, nothing saved


def test_wyrm_play_says_the_character_and_its_new_game_keeps_it(tmp_path, monkeypatch):
    """A person at the Vagabond's seat: his only choice is played for him (a forced decision),
    the start says the option, and `new` keeps it."""
    monkeypatch.chdir(tmp_path)
    r = CliRunner().invoke(main, ["play", "--factions", "marquise,vagabond", "--as", "vagabond", "--character",
                                  "arbiter", "--first", "marquise", "--seed", "3", "--level", "easy", "--no-color"],
                           input="new\nquit\n")
    assert r.exit_code == 0, r.output
    assert r.output.count("The Vagabond plays the Arbiter (--character)") == 2     # the game, and `new`'s
    assert r.output.count("V: #arbiter->$") == 2
    for seed in (3, 4):
        g = Game.load(tmp_path / f"wyrm-game-{seed}.json")
        assert g.character == "arbiter" and vb_char(g) == "arbiter"
    r = CliRunner().invoke(main, ["play", "--factions", "marquise,vagabond", "--seed", "5", "--no-color"],
                           input="quit\n")
    assert r.exit_code == 0 and "--character)" not in r.output
    assert Game.load(tmp_path / "wyrm-game-5.json").character is None


def test_the_terminals_new_game_takes_the_character():
    assert new_game(DUO, None, 5, character="tinker").character == "tinker"
    assert new_game(DUO, "random", 5).character is None
    with pytest.raises(ConfigError, match=NO_VAGABOND):
        new_game(None, None, 5, character="tinker")


# ---- the laboratory ----
def test_arena_plays_every_game_with_the_character_and_its_records_name_it(tmp_path):
    result = run_arena(games=2, seed=4, jobs=1, factions=DUO, drivers={"marquise": "random", "vagabond": "random"},
                       character="Vagrant", records=tmp_path / "r.jsonl")
    assert result.summary()["character"] == "vagrant" and [g.character for g in result.games] == ["vagrant"] * 2
    assert "the Vagabond plays the Vagrant" in result.format()
    lines = [json.loads(line) for line in (tmp_path / "r.jsonl").read_text().splitlines()]
    assert [line["character"] for line in lines] == ["vagrant", "vagrant"]
    assert all("V: #vagrant->$" in line["record"] for line in lines)
    plain = run_arena(games=1, seed=4, jobs=1, factions=DUO, drivers={"marquise": "random", "vagabond": "random"},
                      records=tmp_path / "s.jsonl")
    assert plain.summary()["character"] is None and "character" not in (tmp_path / "s.jsonl").read_text()
    assert "the Vagabond plays" not in plain.format()
    with pytest.raises(ConfigError, match=CHARACTERS_NAMED):
        run_arena(games=1, factions=DUO, character="rogue")
    with pytest.raises(ConfigError, match=NO_VAGABOND):
        run_arena(games=1, character="ronin")


def test_arena_on_the_command_line_says_the_character():
    r = CliRunner().invoke(main, ["arena", "--factions", "marquise,vagabond", "--ai", "marquise=random,vagabond=random",
                                  "--character", "adventurer", "--games", "2", "--jobs", "1"])
    assert r.exit_code == 0, r.output
    assert "the Vagabond plays the Adventurer" in r.output


def test_a_match_plays_its_pairs_with_the_character_and_its_json_records_it_for_resume(tmp_path):
    table = setup("vagabond", factions=DUO, character="tinker")
    game = play_one(table.games("random", 2, 1)[0])
    assert game.character == "tinker" and "V: #tinker->$" in game.record
    with pytest.raises(ConfigError, match=CHARACTERS_NAMED):
        setup("vagabond", factions=DUO, character="rogue")
    with pytest.raises(ConfigError, match=NO_VAGABOND):
        setup("wyrm", character="tinker")
    path = tmp_path / "m.json"
    args = ["match", "random", "heuristic", "--seat", "vagabond", "--factions", "marquise,vagabond",
            "--games", "1", "--jobs", "1"]
    r = CliRunner().invoke(main, [*args, "--character", "tinker", "--json", str(path)])
    assert r.exit_code == 0, r.output
    assert "the Vagabond plays the Tinker" in r.output
    doc = json.loads(path.read_text())
    assert doc["character"] == "tinker" and doc["run"]["character"] == "tinker"
    # --resume keeps the character: the same match goes on, no character is refused naming the run
    r = CliRunner().invoke(main, [*args[:-4], "--games", "2", "--jobs", "1", "--resume", str(path)])
    assert r.exit_code == 2 and "the earlier match has run" in r.output and "'character': 'tinker'" in r.output
    result = run_match("random", "heuristic", "vagabond", factions=DUO, games=2, jobs=1, character="tinker",
                       resume=doc)
    assert len(result.pairs) == 2 and result.summary()["character"] == "tinker"
    plain = run_match("random", "heuristic", "vagabond", factions=DUO, games=1, jobs=1)
    assert plain.summary()["character"] is None and "character" not in plain.run


@pytest.mark.parametrize("driver", ["random", "heuristic", "mcts:sims=40"])
def test_every_driver_plays_the_character_given(driver):
    """The player classes as arena makes them at a three-seat table with the bot: the Vagabond's
    one legal character is played, and the game ends."""
    table = ("mechanical-marquise", "vagabond", "wyrm")
    kinds = ("bot", driver, driver)
    r = play_one((0, 7, kinds, 40, None, seatings(table), None, 1, None, False, "autumn", None, "standard",
                  "standard", "ronin"))
    assert r.character == "ronin" and "V: #ronin->$" in r.record and r.winner is not None


def test_the_levels_of_wyrm_play_play_the_character_in_a_watched_game(tmp_path):
    """`wyrm watch`'s default drivers are the levels of `wyrm play` (easy: the heuristic; normal:
    the planner, here with few simulations)."""
    r = CliRunner().invoke(main, ["watch", "--factions", "marquise,vagabond", "--character", "harrier",
                                  "--ai", "marquise=easy,vagabond=normal", "--sims", "30", "--quiet", "--seed", "5",
                                  "--save", str(tmp_path / "w.json")])
    assert r.exit_code == 0, r.output
    g = Game.load(tmp_path / "w.json")
    assert g.character == "harrier" and vb_char(g) == "harrier" and g.is_terminal()


# ---- the engine protocol ----
def test_setoption_character_sets_the_next_game_with_the_vagabond_and_the_state_names_it():
    h = Harness(seed=5)
    h.ok("new marquise vagabond")
    h.ok("setoption character Ronin")
    assert h.session.game.character is None              # the running game keeps its option
    assert "character ronin" in h.ok("options")
    h.ok("new marquise wyrm")                             # no Vagabond: the option counts for nothing here
    assert h.session.game.character is None and json.loads(h.ok("state public")[0])["character_option"] is None
    h.ok("new marquise vagabond wyrm")
    assert h.session.game.character == "ronin"
    assert json.loads(h.ok("state public")[0])["character_option"] == "ronin"
    while h.session.game.step != "vagabond_character":
        assert h.session.game.state.turn_number == 0
        h.ok("play " + h.ok("legal")[0])
    assert h.ok("legal") == ["#ronin->$"]
    assert h.err("play #thief->$").startswith("illegal")      # any other character is not his to pick
    h.ok("play #ronin->$")
    assert json.loads(h.ok("state referee")[0])["vagabond"]["character"] == "ronin"
    h.ok("setoption name character value any")            # the UCI form
    assert "character any" in h.ok("options")
    h.ok("new marquise vagabond")
    assert h.session.game.character is None


def test_a_bad_character_is_a_syntax_error_naming_the_characters_and_changes_nothing():
    game = refuses_changing_nothing("character", "harrier", "vagabond wyrm", ["rogue", "", "ronin thief"],
                                    f"syntax: character: no character 'rogue': {CHARACTERS_NAMED} "
                                    "(or any: the Vagabond chooses)")
    assert game.character == "harrier"


def test_every_view_of_a_game_with_the_option_follows_the_schema():
    jsonschema = pytest.importorskip("jsonschema")
    validator = jsonschema.Draft202012Validator(_schema())
    g = past_setup(Game(factions=("marquise", "vagabond", "wyrm"), character="ronin"))
    for game in (g, Game(factions=DUO)):
        for v in views_of(game):
            view = json.loads(json.dumps(state_view(game, v)))
            validator.validate(view)
            assert view["character_option"] == game.character


# ---- the web board ----
def vb_web_state(client, body: dict) -> dict:
    """A new web game's state: the Marquise (yours) and the Vagabond (easy) unless body says otherwise."""
    return web_state(client, {"factions": list(DUO), "levels": {"vagabond": "easy"}, **body})


@needs_web
def test_the_web_options_list_any_and_the_nine_characters(client):
    o = client.get("/api/options").json()
    assert [c["name"] for c in o["characters"]] == ["any", *CHARACTERS]
    assert o["characters"][8]["title"] == "Ronin"


@needs_web
def test_a_web_game_takes_its_character_in_the_body_or_in_options(client):
    assert vb_web_state(client, {"character": "ronin"})["character_option"] == "ronin"
    assert vb_web_state(client, {"options": {"character": "Harrier"}})["character_option"] == "harrier"
    assert vb_web_state(client, {"character": "any"})["character_option"] is None
    assert vb_web_state(client, {})["character_option"] is None
    # the form sends it only with the Vagabond seated; given without him it counts for nothing
    assert web_state(client, {"character": "ronin"})["character_option"] is None


@needs_web
def test_a_web_vagabond_is_offered_the_character_alone_and_plays_it(client):
    from test_web_api import until_turn, ws_url
    g = web_game(client, {"factions": list(DUO), "humans": ["vagabond"], "levels": {"marquise": "easy"},
                          "character": "scoundrel"})
    with client.websocket_connect(ws_url(g)) as ws:
        msgs = until_turn(ws, "vagabond")
        while msgs[-1]["state"]["vagabond"]["character"] is None:
            state = msgs[-1]["state"]
            assert state["turn_number"] == 0, "the setup ended with no character"
            if state["step"] == "vagabond_character":
                assert state["legal"] == ["#scoundrel->$"]
            ws.send_json({"type": "play", "action": state["legal"][0]})
            msgs = until_turn(ws, "vagabond")
        assert msgs[-1]["state"]["vagabond"]["character"] == "scoundrel"


@needs_web
@pytest.mark.parametrize("body, words", [
    ({"character": "rogue"}, f"character: no character 'rogue': {CHARACTERS_NAMED}"),
    ({"character": 7}, "character is text: any or one of " + ", ".join(CHARACTERS)),
    ({"character": ""}, "the option character is empty"),
    ({"character": "ronin", "options": {"character": "thief"}}, "character is given twice"),
])
def test_a_bad_web_character_is_refused_naming_the_characters(client, body, words):
    r = client.post("/api/games", json={"factions": list(DUO), **body})
    assert r.status_code == 400, r.text
    assert r.json()["type"] == "error" and words in r.json()["message"], r.json()


def test_the_new_game_form_has_a_character_select_enabled_with_the_vagabond():
    from importlib import resources
    page = resources.files("wyrm_ai.web").joinpath("static/index.html").read_text()
    assert '<select name="character"' in page and '<option value="any">' in page
    assert all(f'<option value="{name}">{name.capitalize()}</option>' in page for name in CHARACTERS)
    script = resources.files("wyrm_ai.web").joinpath("static/board.js").read_text()
    assert "OPTIONS.characters" in script and 'select[name="seat-vagabond"]' in script
    assert "character.disabled ? {} : { character:" in script


# ---- positions ----
def a_vagabond_view() -> dict:
    """A `state referee` reply of a seeded game of the Marquise and the Vagabond, at a turn start."""
    from test_positions_every_faction import a_view
    return a_view(DUO)


def test_a_position_keeps_its_character_option():
    view = a_vagabond_view()
    played = view["vagabond"]["character"]
    assert view["character_option"] is None and Game.from_position(view).character is None
    g = Game.from_position({**view, "character_option": played})
    assert g.character == played and vb_char(g) == played
    back = Game.from_json(json.loads(json.dumps(g.to_json())))     # a save of the position keeps it
    assert back.character == played and back.position["character_option"] == played
    assert state_view(g, "referee")["character_option"] == played
    assert Game.from_position(state_view(g, "referee")).character == played
    assert Game.from_position({**view, "character_option": "any"}).character is None


def test_a_bad_position_character_option_is_refused():
    from test_position_api import doc_position
    view = a_vagabond_view()
    other = next(c for c in CHARACTERS if c != view["vagabond"]["character"])
    with pytest.raises(PositionError, match="another character than the game's options name"):
        Game.from_position({**view, "character_option": other})
    with pytest.raises(PositionError, match=f"character_option: no character 'rogue': {CHARACTERS_NAMED}"):
        Game.from_position({**view, "character_option": "rogue"})
    with pytest.raises(PositionError, match=r"character_option must be a character's name \(thief, "):
        Game.from_position({**view, "character_option": 7})
    with pytest.raises(PositionError, match=f"character_option: character 'ronin': {NO_VAGABOND}"):
        Game.from_position({**doc_position(), "character_option": "ronin"})


# ---- Rootlog ----
def test_the_writer_writes_the_choice_and_replay_reads_the_character_from_it():
    """Rootlog has no line for the option: the record's `#ronin->V$` says the character, and a
    replay (with no option) plays the same record."""
    g = past_setup(Game(first=0, factions=("eyrie", "vagabond", "wyrm"), character="ronin"), seed=8)
    text = write(g)
    assert "#ronin->V$" in text
    back = replay(read_text(text, strict=True), seats=g.factions)
    assert back.record == g.record and vb_char(back) == "ronin" and back.character is None
