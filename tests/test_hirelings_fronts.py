"""Hirelings (the Marauder expansion, LoR 16.4; docs/hundreds-keepers.md §4) at every front end, as
the Vagabond's character and the Keepers are: `--hirelings A,B,C` on `wyrm play`, `watch`, `arena` and
`match` (refused with a clear message, bad values and tables alike; the start's words, `new`, saves,
records, the match's JSON and --resume), the engine's `setoption hirelings` (the running game kept, a
bad value refused changing nothing), the state JSON's public `hirelings` object (every view alike,
the schema), the web form and API (a game posted with hirelings and read back), the terminal's
boxed and compact boards (the HIRELINGS line and panel), the words of every hireling action and
chance outcome (Rat Smugglers' move or battle, the Brigand's ruin item and stolen card too), the control
die's and the Brigand's questions and every hireling event's sentence. The hirelings' rules:
tests/test_hirelings.py; what each seat sees of them (the Brigand's stolen card):
tests/test_hirelings_redaction.py."""
from __future__ import annotations

import functools
import json

import numpy as np
import pytest
from click.testing import CliRunner

from option_fronts import client, needs_web, refuses_changing_nothing, web_game, web_state  # noqa: F401
from test_protocol import Harness, _schema
from wyrm_ai import _core
from wyrm_ai.cli import main
from wyrm_ai.lab.arena import run_arena
from wyrm_ai.lab.match import run_match
from wyrm_ai.model import action_words, chance_words, hirelings
from wyrm_ai.model.actions import decode, encode
from wyrm_ai.model.cards import card_name
from wyrm_ai.model.errors import ConfigError, PositionError
from wyrm_ai.model.events import Event
from wyrm_ai.model.factions import EYRIE, HUNDREDS, MARQUISE, WYRM
from wyrm_ai.model.game import Game
from wyrm_ai.model.narration import sentence
from wyrm_ai.model.redaction import HAND_CARD_ARG, PUBLIC, REFEREE, observe
from wyrm_ai.model.textboard.boardview import board_text
from wyrm_ai.model.textboard.compact import HIRELINGS_PANEL, compact_board, screen_parts
from wyrm_ai.model.textboard.style import Style, strip, visible_len
from wyrm_ai.protocol.views import PROTOCOL_VERSION, state_view, views_of
from wyrm_ai.terminal.command import new_game

TRIO = "nobles,scouts,bodyguards"
SIDES = ("bluebird-nobles", "rabbit-scouts", "badger-bodyguards")
DUO = ("marquise", "wyrm")
HR_FIELDS = ("hr_kind", "hr_owner", "hr_control", "hr_gained", "hr_markers", "hr_owed", "hr_stage", "hr_now",
             "hr_roller", "hr_used", "hr_at")
# a bad value of the option and the words of its refusal (every front end says the same: the core's)
BAD = [("nobles,scouts", "a game with hirelings plays exactly 3 (LoR 16.1.6), not 2"),
       ("nobles,scouts,exile", "the-exile is not built yet: the hirelings a game may use are "
                                + ", ".join(hirelings.BUILT)),
       ("nobles,scouts,rogue", "no hireling 'rogue': the hirelings are " + ", ".join(hirelings.NAMES)),
       ("nobles,nobles,scouts", "two sides of one hireling card")]
# the commands that take game options, each with what keeps it short (drivers, games)
COMMANDS = {"play": ["play", "--no-color", "--level", "easy"],
            "watch": ["watch", "--ai", "marquise=random,wyrm=random", "--quiet"],
            "arena": ["arena", "--games", "1", "--jobs", "1"],
            "match": ["match", "random", "random", "--seat", "wyrm", "--games", "1", "--jobs", "1"]}


def played(table=DUO, hired=TRIO, seed=1, until=None, most=3000) -> Game:
    """A seeded game with hirelings between random players (chance by its odds), to `until` or its end."""
    g = Game(first=0, factions=table, hirelings=hired)
    rng = np.random.default_rng(seed)
    for _ in range(most):
        if g.is_terminal() or (until is not None and until(g)):
            break
        g.apply(g.sample_chance(rng) if g.is_chance_node() else int(rng.choice(g.legal_actions())))
    return g


def controlled(g: Game) -> bool:
    """A hireling has a controller and the game is at a player's decision."""
    return any(o >= 0 for o in g.state.to_dict()["hr_owner"]) and not g.is_chance_node()


@functools.lru_cache(maxsize=None)
def hired_game() -> Game:
    """A game of the Marquise and the Wyrm with hirelings, where one has a controller."""
    g = played(until=controlled)
    assert controlled(g)
    return g


# ---- the command line ----
@pytest.mark.parametrize("value, words", BAD, ids=[v for v, _ in BAD])
@pytest.mark.parametrize("command", COMMANDS, ids=str)
def test_every_command_refuses_a_bad_hirelings_value_naming_what_is_wrong(command, value, words, tmp_path,
                                                                          monkeypatch):
    monkeypatch.chdir(tmp_path)
    r = CliRunner().invoke(main, [*COMMANDS[command], "--hirelings", value])
    assert r.exit_code == 2, r.output
    assert f"Invalid value for '--hirelings': {words}" in " ".join(r.output.split()), r.output
    assert not list(tmp_path.iterdir())                      # no game started, nothing saved


@pytest.mark.parametrize("table, words", [("eyrie,wyrm", "bluebird-nobles keeps eyrie out of the game"),
                                          ("alliance,wyrm", "rabbit-scouts keeps alliance out of the game"),
                                          ("mechanical-marquise,wyrm", "hirelings need a table without a bot")],
                         ids=["nobles-eyrie", "scouts-alliance", "bot"])
@pytest.mark.parametrize("command", COMMANDS, ids=str)
def test_every_command_refuses_a_table_the_hirelings_keep_out(command, table, words, tmp_path, monkeypatch):
    """LoR 16.1.6.5: a faction whose hireling card is in play is not played; a bot takes no hirelings
    (E-C21): the game refuses the table, and the command says why."""
    monkeypatch.chdir(tmp_path)
    args = list(COMMANDS[command])
    if command == "watch":                                   # the seated factions' drivers (a bot takes none)
        args[args.index("--ai") + 1] = ",".join(f"{f}=random" for f in table.split(",") if "mechanical" not in f)
    r = CliRunner().invoke(main, [*args, "--factions", table, "--hirelings", TRIO])
    assert r.exit_code == 2 and words in " ".join(r.output.split()), r.output
    assert not list(tmp_path.iterdir())


@pytest.mark.parametrize("command", COMMANDS, ids=str)
def test_every_commands_help_names_the_sides_built_and_who_chooses(command):
    r = CliRunner().invoke(main, [command, "--help"])
    flat, bare = " ".join(r.output.split()), "".join(r.output.split())
    assert r.exit_code == 0 and "--hirelings A,B,C" in flat
    assert ",".join(hirelings.BUILT) in bare.replace(";", ",")       # (the help wraps at hyphens)
    assert "chosen by the group until the Law's random deal" in flat


def test_wyrm_watch_plays_a_game_with_hirelings_and_its_save_keeps_them(tmp_path):
    r = CliRunner().invoke(main, ["watch", "--ai", "marquise=random,wyrm=random", "--hirelings", "Nobles, Scouts,BODYGUARDS",
                                  "--seed", "3", "--every", "6", "--no-color", "--save", str(tmp_path / "w.json")])
    assert r.exit_code == 0, r.output
    assert "The hirelings in play (--hirelings): Bluebird Nobles, Rabbit Scouts and Badger Bodyguards." in r.output
    assert "HIRELINGS | " in r.output                        # the boards
    g = Game.load(tmp_path / "w.json")                       # a save replays with its hirelings
    assert g.hirelings == SIDES and g.is_terminal()
    assert any(line.split(": ", 1)[-1].startswith("control ") for line in g.record_lines())


def test_wyrm_play_says_the_hirelings_its_new_game_keeps_them_and_a_load_warns(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    r = CliRunner().invoke(main, [*COMMANDS["play"], "--hirelings", TRIO, "--seed", "3"], input="new\nquit\n")
    assert r.exit_code == 0, r.output
    assert r.output.count("The hirelings in play (--hirelings, LoR 16.4): Bluebird Nobles, Rabbit Scouts and "
                          "Badger Bodyguards.") == 2        # the game, and `new`'s
    assert r.output.count("HIRELINGS | Bluebird Nobles: supply") >= 2
    for seed in (3, 4):
        assert Game.load(tmp_path / f"wyrm-game-{seed}.json").hirelings == SIDES
    r = CliRunner().invoke(main, [*COMMANDS["play"], "--load", "wyrm-game-3.json", "--hirelings", "none"],
                           input="quit\n")
    assert r.exit_code == 0, r.output
    assert ("warning: --hirelings none is ignored: the save was played with --hirelings "
            "bluebird-nobles,rabbit-scouts,badger-bodyguards") in r.output
    r = CliRunner().invoke(main, [*COMMANDS["play"], "--seed", "5"], input="quit\n")
    assert r.exit_code == 0 and "hirelings" not in r.output.lower()
    assert Game.load(tmp_path / "wyrm-game-5.json").hirelings is None


def test_the_terminals_new_game_takes_the_hirelings():
    assert new_game(None, None, 5, hirelings=TRIO).hirelings == SIDES
    assert new_game(None, None, 5).hirelings is None
    with pytest.raises(ConfigError, match="keeps eyrie out"):
        new_game(("eyrie", "wyrm"), None, 5, hirelings=TRIO)


def test_arena_plays_every_game_with_the_hirelings_and_its_records_name_them(tmp_path):
    drivers = {"marquise": "random", "wyrm": "random"}
    result = run_arena(games=2, seed=4, jobs=1, factions=DUO, drivers=drivers, hirelings=TRIO,
                       records=tmp_path / "r.jsonl")
    assert result.summary()["hirelings"] == list(SIDES) and [g.hirelings for g in result.games] == [SIDES] * 2
    assert "with the hirelings Bluebird Nobles, Rabbit Scouts and Badger Bodyguards" in result.format()
    lines = [json.loads(line) for line in (tmp_path / "r.jsonl").read_text().splitlines()]
    assert [line["hirelings"] for line in lines] == [",".join(SIDES)] * 2
    plain = run_arena(games=1, seed=4, jobs=1, factions=DUO, drivers=drivers, records=tmp_path / "s.jsonl")
    assert plain.summary()["hirelings"] is None and "hirelings" not in (tmp_path / "s.jsonl").read_text()
    with pytest.raises(ConfigError, match="keeps eyrie out"):
        run_arena(games=1, factions=("eyrie", "wyrm"), hirelings=TRIO)


def test_a_match_records_the_hirelings_and_resume_checks_them(tmp_path):
    path = tmp_path / "m.json"
    args = ["match", "random", "heuristic", "--seat", "wyrm", "--games", "1", "--jobs", "1"]
    r = CliRunner().invoke(main, [*args, "--hirelings", TRIO, "--json", str(path)])
    assert r.exit_code == 0, r.output
    assert "with the hirelings Bluebird Nobles, Rabbit Scouts and Badger Bodyguards" in r.output
    doc = json.loads(path.read_text())
    assert doc["hirelings"] == list(SIDES) and doc["run"]["hirelings"] == ",".join(SIDES)
    r = CliRunner().invoke(main, [*args[:-4], "--games", "2", "--jobs", "1", "--resume", str(path)])
    assert r.exit_code == 2 and "the earlier match has run" in r.output and ",".join(SIDES) in r.output
    result = run_match("random", "heuristic", "wyrm", games=2, jobs=1, hirelings=list(SIDES), resume=doc)
    assert len(result.pairs) == 2 and result.summary()["hirelings"] == list(SIDES)


# ---- the engine protocol ----
def test_setoption_hirelings_sets_the_next_game_and_the_state_shows_them():
    h = Harness(seed=5)
    assert h.ok("protocol_version") == [PROTOCOL_VERSION] == ["2.21"]
    assert "hirelings none" in h.ok("options")
    h.ok("new marquise wyrm")
    h.ok("setoption hirelings Nobles,SCOUTS,bodyguards")
    assert h.session.game.hirelings is None                  # the running game keeps its option
    assert "hirelings bluebird-nobles,rabbit-scouts,badger-bodyguards" in h.ok("options")
    assert json.loads(h.ok("state public")[0])["hirelings"] is None
    h.ok("new marquise wyrm")
    assert h.session.game.hirelings == SIDES
    state = json.loads(h.ok("state public")[0])
    assert [c["hireling"] for c in state["hirelings"]["cards"]] == list(SIDES)
    assert state["hirelings"]["markers"] == list(hirelings.MARKER_SPACES)
    h.ok("setoption name hirelings value none")              # the UCI form
    assert "hirelings none" in h.ok("options")
    h.ok("new marquise wyrm")
    assert h.session.game.hirelings is None


def test_a_bad_hirelings_value_is_a_syntax_error_and_changes_nothing():
    game = refuses_changing_nothing("hirelings", TRIO, "marquise wyrm", [v for v, _ in BAD] + [""],
                                    f"syntax: hirelings: {BAD[0][1]}")
    assert game.hirelings == SIDES


def test_new_refuses_a_table_the_hirelings_keep_out_and_changes_nothing():
    h = Harness(seed=5)
    h.ok("new marquise wyrm")
    before = h.session.game.state.state_bytes()
    h.ok(f"setoption hirelings {TRIO}")
    assert h.err("new eyrie wyrm") == ("syntax: hirelings: bluebird-nobles keeps eyrie out of the game: a faction "
                                       "whose hireling is in play cannot be played (LoR 16.1.6.5) (setoption "
                                       "hirelings none for a game without them)")
    assert h.err("new mechanical-marquise wyrm").startswith("syntax: hirelings: hirelings need a table without a bot")
    assert h.session.game.state.state_bytes() == before and h.session.game.hirelings is None


def test_every_view_shows_the_same_public_hirelings_and_follows_the_schema():
    """Nothing of the hirelings is hidden (LoR 16.4): every view's observation keeps the core's hr_*
    fields, and the state JSON's hirelings object is the same in every view; every view validates."""
    jsonschema = pytest.importorskip("jsonschema")
    validator = jsonschema.Draft202012Validator(_schema())
    g = hired_game()
    full = g.state.to_dict()
    objects = []
    for v in views_of(g):
        seen = observe(g.state, g.seat_of(v) if v not in (PUBLIC, REFEREE) else v)
        assert {k: seen[k] for k in HR_FIELDS} == {k: full[k] for k in HR_FIELDS}, v
        view = json.loads(json.dumps(state_view(g, v)))
        validator.validate(view)
        objects.append(view["hirelings"])
    assert all(o == objects[0] for o in objects)
    cards = objects[0]["cards"]
    for i, c in enumerate(cards):
        owner = full["hr_owner"][i]
        assert c["hireling"] == _core.HIRELING_NAMES[full["hr_kind"][i]] and c["control"] == full["hr_control"][i]
        assert c["controller"] == (g.factions[owner] if owner >= 0 else None)
    assert any(c["controller"] is not None for c in cards)
    for view in (state_view(Game(factions=DUO), "referee"), state_view(Game(factions=DUO), "marquise")):
        validator.validate(json.loads(json.dumps(view)))
        assert view["hirelings"] is None


def test_the_rabbit_scouts_card_is_a_hand_card_and_a_position_with_hirelings_is_refused():
    assert HAND_CARD_ARG["scouts"] == 0                      # public once played, hidden among alternatives
    view = state_view(hired_game(), "referee")
    with pytest.raises(PositionError, match="hirelings: a position with hirelings"):
        Game.from_position(view)


# ---- the web board ----
@needs_web
def test_the_web_options_list_the_hirelings_built(client):
    o = client.get("/api/options").json()
    assert [h["name"] for h in o["hirelings"]] == list(hirelings.BUILT)
    nobles = next(h for h in o["hirelings"] if h["name"] == "bluebird-nobles")
    assert nobles == {"name": "bluebird-nobles", "title": "Bluebird Nobles", "keeps_out": ["eyrie"]}


@needs_web
@pytest.mark.parametrize("body", [{"hirelings": TRIO}, {"hirelings": "nobles, rabbit scouts, bodyguards"},
                                  {"hirelings": list(SIDES)}, {"options": {"hirelings": TRIO}}],
                         ids=["text", "spaced", "list", "options"])
def test_a_web_game_takes_its_hirelings_and_reads_them_back(client, body):
    state = web_state(client, body)
    assert [c["hireling"] for c in state["hirelings"]["cards"]] == list(SIDES)
    assert state["hirelings"]["markers"] == [4, 8, 12] and state["protocol"] == "2.21"


@needs_web
def test_a_web_game_without_hirelings_has_none(client):
    assert web_state(client, {})["hirelings"] is None
    assert web_state(client, {"hirelings": "none"})["hirelings"] is None


@needs_web
@pytest.mark.parametrize("body, words", [
    ({"hirelings": "nobles,scouts"}, f"hirelings: {BAD[0][1]}"),
    ({"hirelings": "nobles,scouts,exile"}, "the-exile is not built yet"),
    ({"hirelings": 7}, "hirelings is text: none, or three of " + ", ".join(hirelings.BUILT)),
    ({"hirelings": TRIO, "options": {"hirelings": "none"}}, "hirelings is given twice"),
    ({"hirelings": TRIO, "factions": ["eyrie", "wyrm"], "levels": {"wyrm": "easy"}},
     "hirelings: bluebird-nobles keeps eyrie out of the game"),
], ids=["two", "not-built", "not-text", "twice", "kept-out"])
def test_a_bad_web_hirelings_value_is_refused_naming_what_is_wrong(client, body, words):
    r = client.post("/api/games", json={"factions": list(DUO), **body})
    assert r.status_code == 400, r.text
    assert r.json()["type"] == "error" and words in r.json()["message"], r.json()


def test_the_new_game_form_has_the_hirelings_and_the_board_their_panel():
    from importlib import resources
    page = resources.files("wyrm_ai.web").joinpath("static/index.html").read_text()
    assert '<fieldset id="hireling-box">' in page and "until the Law's random deal comes" in page
    assert '<span id="hireling-rows"' in page            # a checkbox a side built, from /api/options
    script = resources.files("wyrm_ai.web").joinpath("static/board.js").read_text()
    assert "for (const h of OPTIONS.hirelings)" in script and 'name: "hireling", type: "checkbox"' in script
    assert "function drawHirelings" in script
    assert "if (c.warriors)" in script and "on the card`" in script      # a hireling's warriors (Street Band)
    assert "hirelings: formHirelings().join" in script and "markers on the score track" in script


# ---- the terminal ----
def test_the_boards_show_the_hirelings_their_controllers_and_the_markers():
    g = hired_game()
    full = g.state.to_dict()
    text = strip(board_text(g, "referee"))
    line = " ".join(text.split("HIRELINGS", 1)[1].split("\n\n", 1)[0].split())
    for i, side in enumerate(full["hr_kind"]):
        owner = full["hr_owner"][i]
        title = hirelings.title(side)
        said = (f"{title}: supply" if owner < 0 else
                f"{title}: the {g.title(owner)}, {full['hr_control'][i]} control")
        assert said in line, line
    markers = " ".join(str(s) for k, s in enumerate(hirelings.MARKER_SPACES) if (full["hr_markers"] >> k) & 1)
    assert f"hireling markers on the score track: {markers or 'none'}" in line
    d = g.observation(0)
    compact = "\n".join(strip(x) for x in compact_board(d, 80, Style(False), ("you", "AI")))
    assert "HIRELINGS | " in compact and all(hirelings.title(s) in compact for s in full["hr_kind"])
    panels = screen_parts(d, 80, Style(False), ("you", "AI"))["panels"]
    assert panels[-1][0] == HIRELINGS_PANEL and strip(panels[-1][2]).startswith("HIRELINGS")
    assert all(visible_len(x) <= 99 for x in board_text(g, "referee").split("\n"))
    for width in (40, 60, 80):                               # the compact board fits every width
        assert all(visible_len(x) <= width for x in compact_board(d, width, Style(True), ("you", "AI")))
    plain = Game(factions=DUO)
    assert "HIRELINGS" not in board_text(plain, "referee")
    assert all(seat != HIRELINGS_PANEL for seat, _, _ in screen_parts(plain.observation(0), 80, Style(False),
                                                                         ("you", "AI"))["panels"])


# ---- words ----
MW = (MARQUISE, WYRM)
EW = (EYRIE, WYRM)


def _anvil() -> int:
    return _card("F#anvil")


def _card(token: str) -> int:
    from wyrm_ai.model.notation import CARDS
    return next(c.id for c in CARDS if c.token == token)


def _arg(a):
    """A table's argument: "anvil" or a card token ("M#sword") is that card's id."""
    return _anvil() if a == "anvil" else _card(a) if isinstance(a, str) and "#" in a else a


WORDS = [  # (kind, args, seat, step, table, the words' beginning)
    ("hire_give", (1,), 0, "hireling_give", MW, "give the hireling (no control markers left) to the Wyrm, who rolls"),
    ("hire_take", (3,), 0, "hireling_take", MW, "take Bluebird Nobles from the supply for your hireling marker"),
    ("hire_take", (11,), 1, "hireling_take", MW, "take Badger Bodyguards from the supply"),
    ("control_die", (0,), _core.CHANCE, "control_die", MW, "the control die shows "),
    ("scouts", ("anvil",), 1, "rabbit_scouts", MW, "Rabbit Scouts: spend Anvil, matching the clearing, to deal the "
                                                    "higher roll"),
    ("scouts", (None,), 1, "rabbit_scouts", MW, "Rabbit Scouts: spend a hidden card"),
    ("physicians", (4,), 0, "feline_physicians", EW, "Feline Physicians: the saved warriors return to clearing 5"),
    ("hospital", ("anvil",), 0, "field_hospitals", EW, "Feline Physicians: spend Anvil to return the removed warriors"),
    ("hospital", ("anvil",), 0, "field_hospitals", MW, "Field Hospitals with Anvil"),
    ("pass", (), 1, "rabbit_scouts", MW, "no Rabbit Scouts: keep the dice as they roll"),
    # Rat Smugglers (E-41): the item card, then the move or battle it buys (plain, as League of Adventurous
    # Mice's, naming the hireling)
    ("smuggle", ("M#sword",), 0, "marquise_daylight", MW, "Rat Smugglers: discard Sword (an item card) for a move "
                                                           "or a battle"),
    ("smuggle", (None,), 0, "marquise_daylight", MW, "Rat Smugglers: discard a hidden card (an item card)"),
    ("move", (6, 2, 0, 2), 0, "rat_smugglers", MW, "move 2 warriors from 7 to 3 (Rat Smugglers)"),
    ("move", (6, 2, 1, 2), 1, "rat_smugglers", MW, "move the Wyrm with 2 wyrmlings from 7 to 3 (Rat Smugglers)"),
    ("battle", (1, 1), 0, "rat_smugglers", MW, "battle the Wyrm in clearing 2 (Rat Smugglers)"),
    # the Brigand (E-37, E-38): a ruin's item into the actor's box; a random card for an exhausted item
    ("brigand_ruin", (5,), 0, "marquise_daylight", MW, "the Brigand: take the item of the ruin in clearing 6 into "
                                                        "your Crafted Items box (no VP; the ruin leaves the map)"),
    ("brigand_ruin", (5,), 1, "wyrm_daylight", MW, "the Brigand: take the item of the ruin in clearing 6 into your "
                                                    "Lair"),
    ("brigand_ruin", (5,), 0, "hundreds_daylight", (HUNDREDS, WYRM), "the Brigand: take the item of the ruin in "
                                                                      "clearing 6 into your Hoard"),
    ("brigand_steal", (1, 4), 0, "marquise_daylight", MW, "the Brigand: exhaust your sword to take a random card "
                                                           "from the Wyrm"),
    ("ruin_item", (4,), _core.CHANCE, "brigand_item", MW, "the ruin the Brigand searched holds a sword"),
    ("ruin_item", (None,), _core.CHANCE, "brigand_item", MW, "the ruin the Brigand searched holds a hidden item"),
    ("steal", ("anvil",), _core.CHANCE, "brigand_card", MW, "the Brigand takes Anvil at random"),
    ("steal", (None,), _core.CHANCE, "brigand_card", MW, "the Brigand takes a hidden card at random"),
]


@pytest.mark.parametrize("kind, args, seat, step, table, words", WORDS,
                         ids=[f"{w[0]}-{w[3]}-{i}" for i, w in enumerate(WORDS)])
def test_every_hireling_action_has_words_of_its_own(kind, args, seat, step, table, words):
    from wyrm_ai.model.actions import Action
    args = tuple(_arg(a) for a in args)
    act = Action(kind, args) if None in args else encode(kind, *args)
    said = action_words.explain(act, seat, step, table)
    assert said.startswith(words) and said != kind, said


@pytest.mark.parametrize("face", range(len(hirelings.CONTROL_DIE)))
def test_the_control_die_words_and_question_read_the_dies_table(face):
    """The faces are the core's table (UNCONFIRMED, E-C19/E-C20): the words read it, never a copy."""
    pips, gold = hirelings.CONTROL_DIE[face]
    said = action_words.explain(encode("control_die", face), _core.CHANCE, "control_die", MW)
    assert f" shows {pips} pip{'s' if pips != 1 else ''}, {gold} of them gold" in said


def test_the_control_dies_question_and_the_words_in_a_game_name_the_roller_and_the_hireling():
    g = played(until=lambda g: g.step == "control_die")
    assert g.step == "control_die"
    d = g.state.to_dict()
    roller, side = g.title(d["hr_roller"]), hirelings.title(d["hr_kind"][d["hr_now"]])
    ask = chance_words.question(g)
    assert ask.startswith(f"The {roller} rolls the control die for {side} (LoR 16.4.1.2)"), ask
    faces = ", ".join(f"{n} {p} pip{'s' if p != 1 else ''} ({gold} gold)"
                      for n, (p, gold) in enumerate(hirelings.CONTROL_DIE, 1))
    assert f"(faces: {faces})" in ask and "'control 3'" in ask
    outcomes = [action_words.explain(a, _core.CHANCE, g.step, g.faction_ids, g.state) for a, _ in g.chance_outcomes()]
    assert all(f"the control die for the {roller} shows" in w and w.endswith(side) for w in outcomes), outcomes


@pytest.mark.parametrize("step", ["hireling_give", "hireling_take", "control_die", "rabbit_scouts",
                                  "feline_physicians", "rat_smugglers", "brigand_item", "brigand_card"])
def test_every_hireling_step_has_words(step):
    assert action_words.step_words(step) != step.replace("_", " ")


SENTENCES = [  # (kind, seat, clearing, arg, amount, detail, table, the sentence)
    ("hireling_marker", 0, -1, 4, 1, -1, MW, "The Marquise reaches 4 VP and takes the hireling marker there: a "
                                             "hireling at the end of its turn."),
    ("hire", 1, -1, 3, 1, -1, MW, "The Wyrm gains Bluebird Nobles from the supply."),
    ("hire", 1, -1, 5, 1, 0, MW, "The Wyrm gains Rabbit Scouts from the Marquise."),
    ("control", 0, -1, 11, 2, 3, MW, "The Marquise rolls the control die for Badger Bodyguards: 2 control markers."),
    ("control_off", 0, -1, 11, 1, -1, MW, "A control marker comes off Badger Bodyguards (1 left)."),
    ("scouts", 0, 4, "anvil", 1, -1, MW, "Rabbit Scouts: the Marquise spends Anvil to deal the higher roll in "
                                         "clearing 5"),
    ("hospital", 0, 6, 1, 2, -1, EW, "Feline Physicians: 2 warriors of the Eyrie return to clearing 7"),
    ("ignored", 1, 2, 2, 1, -1, MW, "Badger Bodyguards: the Wyrm ignores the first hit it takes in clearing 3"),
    ("smuggle", 0, -1, "M#sword", 1, -1, MW, "Rat Smugglers: the Marquise discards Sword for a move or a battle."),
    ("brigand_ruin", 1, 10, 4, 1, -1, MW, "The Brigand: the Wyrm takes a sword from the ruin in clearing 11, which "
                                          "leaves the map."),
    ("brigand_ruin", 0, 5, 0, 1, -1, (HUNDREDS, WYRM), "The Brigand: the Hundreds take boots from the ruin in "
                                                       "clearing 6"),
    ("brigand_steal", 0, -1, 1, 1, 5, MW, "The Brigand: the Marquise exhausts a tea to take a random card from the "
                                          "Wyrm."),
    ("brigand_steal", 0, -1, 1, 1, 4, (HUNDREDS, WYRM), "The Brigand: the Hundreds exhaust a sword to take a random "
                                                        "card from the Wyrm."),
]


@pytest.mark.parametrize("kind, seat, clearing, arg, amount, detail, table, words", SENTENCES,
                         ids=[f"{s[0]}-{i}" for i, s in enumerate(SENTENCES)])
def test_every_hireling_event_has_its_sentence(kind, seat, clearing, arg, amount, detail, table, words):
    arg = _arg(arg)
    said = sentence(Event(kind, seat, clearing, arg, amount, detail, table))
    assert said.startswith(words), said


BRIGAND = (("marquise", "eyrie", "wyrm"), "brigand,smugglers,bodyguards")
# the Brigand's chance steps: their question's beginning, read from the state (taker, victim, ruin) and the
# words of every outcome, with the state (the table: marquise, eyrie, wyrm)
CHANCE_STEPS = [
    ("brigand_item", lambda g, d: (f"The Brigand (E-37): the {g.title(d['turn'])} takes the item of the ruin in "
                                   f"clearing {d['hr_at'] + 1}, which leaves the map. Which item lies under it ("),
     lambda g, d, a: f"the ruin in clearing {d['hr_at'] + 1} holds "),
    ("brigand_card", lambda g, d: (f"The Brigand (E-38): the {g.title(d['turn'])} takes a random card from the "
                                   f"{g.title(d['target'])}'s hand, seen by the two of them only. Which card is "
                                   "it? 'steal F#anvil'"),
     lambda g, d, a: (f"the Brigand: the {g.title(d['turn'])} takes {card_name(decode(a).args[0])} at random from "
                      f"the {g.title(d['target'])}")),
]


@pytest.mark.parametrize("step, ask, words", CHANCE_STEPS, ids=[c[0] for c in CHANCE_STEPS])
def test_the_brigands_chance_steps_ask_in_words_and_their_outcomes_are_explained(step, ask, words):
    """The question a person supplying chance is asked names the taker, the ruin or the victim, never a
    card of the victim's hand (the stolen card is hidden from every other seat: E-38); the ruin's item
    lists the items still under the ruins; every outcome has the words of its own step."""
    g = next(g for seed in range(6) if (g := played(*BRIGAND, seed=seed, until=lambda g: g.step == step)).step == step)
    d = g.state.to_dict()
    said = chance_words.question(g)
    assert said.startswith(ask(g, d)), said
    outs = [a for a, _ in g.chance_outcomes()]
    if step == "brigand_item":
        assert all(_core.VITEM_NAMES[decode(a).args[0]] in said for a in outs)
        assert "'raze %s' for a sword" in said
    else:
        assert not any(card_name(decode(a).args[0]) in said for a in outs)
    for a in outs:
        explained = action_words.explain(a, _core.CHANCE, step, g.faction_ids, g.state)
        assert explained.startswith(words(g, d, a)), explained


def test_the_events_of_seeded_games_with_hirelings_are_told_and_their_actions_explained():
    """Over seeded games with each built side, every hireling action legal on the way has words of its
    own (no kind name left bare), and so has every action and outcome of a hireling's own step; every
    event has a sentence; the hireling events are all met."""
    kinds, events, steps = set(), set(), set()
    mine = {"hire_give", "hire_take", "control_die", "scouts", "physicians", "smuggle", "brigand_ruin",
            "brigand_steal"}
    own = {"rat_smugglers", "brigand_item", "brigand_card"}

    def visit(g):
        acts = [a for a, _ in g.chance_outcomes()] if g.is_chance_node() else g.legal_actions()
        for a in acts:
            kind = decode(a).kind
            if kind in mine or g.step in own:
                kinds.add(kind)
                steps.add(g.step)
                said = action_words.explain(a, g.current_player, g.step, g.faction_ids, g.state)
                assert said and said != kind and "_" not in said, (kind, said)

    for seed in range(3):
        for table, hired in ((("eyrie", "wyrm", "vagabond"), "physicians,scouts,bodyguards"),
                             (("marquise", "wyrm", "vagabond"), TRIO), BRIGAND):
            g = Game(first=0, factions=table, hirelings=hired)
            rng = np.random.default_rng(seed)
            while not g.is_terminal():
                visit(g)
                g.apply(g.sample_chance(rng) if g.is_chance_node() else int(rng.choice(g.legal_actions())))
            for evs in g.events:
                for e in evs:
                    assert sentence(e), e
                    events.add(e.kind)
    assert mine <= kinds and own <= steps, (mine - kinds, own - steps)
    assert {"hireling_marker", "hire", "control", "control_off", "scouts", "ignored", "hospital", "smuggle",
            "brigand_ruin", "brigand_steal"} <= events
