"""The setup as an option on every front end (issue 32 item 2; docs/advanced-setup.md): `--setup
standard|advanced` on `wyrm play`, `watch`, `arena` and `match` (their records and JSON name a
non-standard setup, `--resume` keeps it), the terminal's words, its `new` and the step keep_three
played at its prompt, the engine's `setoption setup` and the state JSON's `setup_name`, the web
form's and API's `setup`, Rootlog replay reading the Advanced Setup from the record, and a
position's `setup`. In an advanced game the step keep_three happens; every driver plays it. A bad
name is refused naming the setups, and changes nothing. The setup's own rules:
tests/test_advanced_setup.py."""
from __future__ import annotations

import json
import re

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
from wyrm_ai.model.actions import decode
from wyrm_ai.model.errors import ConfigError, PositionError
from wyrm_ai.model.game import Game
from wyrm_ai.protocol.views import state_view, views_of
from wyrm_ai.rootlog import read_file, read_text
from wyrm_ai.rootlog.replay import replay, setup_of
from wyrm_ai.rootlog.writer import write
from wyrm_ai.terminal.command import new_game

SETUPS_NAMED = "the setups are standard, advanced"       # every refusal of a bad setup names them


def returns(g: Game, seat: int | None = None) -> int:
    """How many cards the record returns to the deck (keep_three's put_back), by seat (None: all)."""
    return sum(1 for a, s in zip(g.record, g.record_seats)
               if decode(a).kind == "put_back" and seat in (None, s))


def played(mix=("marquise", "eyrie", "wyrm"), seed: int = 3, players=None, actions: int = 100_000) -> Game:
    """A seeded advanced game (random players unless given) to its end, or `actions` record entries."""
    g = Game(first=seed % len(mix), factions=mix, setup="advanced")
    rng = np.random.default_rng(seed)
    players = players or players_for(mix, seed)
    while not g.is_terminal() and len(g.record) < actions:
        seat = g.current_player
        g.apply(g.sample_chance(rng) if seat == _core.CHANCE else players[seat].choose(g))
    return g


def kept_three(g: Game) -> bool:
    """Every player returned two of its five cards (a bot holds none)."""
    holding = [s for s, f in enumerate(g.factions) if f != "mechanical-marquise"]
    return all(returns(g, s) == 2 for s in holding) and returns(g) == 2 * len(holding)


# ---- the command line ----
@pytest.mark.parametrize("given", ["advanced", "Advanced", " ADVANCED "])
def test_watch_plays_the_setup_given_and_saves_it(tmp_path, given):
    r = CliRunner().invoke(main, ["watch", "--setup", given, "--ai", "marquise=random,wyrm=random", "--quiet",
                                  "--seed", "3", "--save", str(tmp_path / "w.json"),
                                  "--save-rootlog", str(tmp_path / "w.rootlog")])
    assert r.exit_code == 0, r.output
    g = Game.load(tmp_path / "w.json")
    assert g.setup == "advanced" and g.is_terminal() and kept_three(g)
    back = replay(read_file(tmp_path / "w.rootlog"), seats=g.factions)
    assert back.setup == "advanced" and back.record == g.record


def test_the_setup_defaults_to_standard_and_a_bad_one_names_the_setups(tmp_path):
    r = CliRunner().invoke(main, ["watch", "--ai", "marquise=random,wyrm=random", "--quiet", "--seed", "3",
                                  "--save", str(tmp_path / "w.json")])
    assert r.exit_code == 0, r.output
    g = Game.load(tmp_path / "w.json")
    assert g.setup == "standard" and returns(g) == 0
    for command in (["watch"], ["arena", "--games", "1"], ["match", "random", "heuristic", "--games", "1"],
                    ["play"]):
        r = CliRunner().invoke(main, [*command, "--setup", "draft"])
        assert r.exit_code == 2 and "Invalid value for '--setup': no setup 'draft'" in r.output, (command, r.output)
        assert SETUPS_NAMED in r.output


def test_wyrm_play_says_the_setup_and_its_new_game_keeps_it(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    r = CliRunner().invoke(main, ["play", "--setup", "advanced", "--seed", "3", "--no-color"], input="new\nquit\n")
    assert r.exit_code == 0, r.output
    said = "The setup is the Advanced Setup (--setup): each player is dealt five cards"
    assert r.output.count(said) == 2                     # the game, and the one `new` started
    assert [Game.load(tmp_path / f"wyrm-game-{s}.json").setup for s in (3, 4)] == ["advanced", "advanced"]
    r = CliRunner().invoke(main, ["play", "--seed", "5", "--no-color"], input="quit\n")
    assert r.exit_code == 0 and "The setup is" not in r.output
    assert Game.load(tmp_path / "wyrm-game-5.json").setup == "standard"


def test_the_terminals_new_game_takes_the_setup():
    assert new_game(None, None, 5, setup="advanced").setup == "advanced"
    assert new_game(("marquise", "eyrie", "wyrm"), "random", 5).setup == "standard"
    with pytest.raises(ConfigError, match=SETUPS_NAMED):
        new_game(None, None, 5, setup="draft")


def test_a_person_keeps_three_at_the_prompt_and_never_sees_the_ais_returns(tmp_path, monkeypatch):
    """The keep_three step in `wyrm play`: the hand of five, the legal returns listed under their
    own heading, the prompt counting the cards still to return; the AI's returns are `#?->deck`."""
    monkeypatch.chdir(tmp_path)
    r = CliRunner().invoke(main, ["play", "--setup", "advanced", "--seed", "3", "--first", "wyrm", "--level", "easy",
                                  "--no-color"], input="1\n" * 12 + "quit\n")
    assert r.exit_code == 0, r.output
    out = r.output
    assert "YOUR HAND (5):" in out and "Keep 3: return a card to the deck:" in out
    assert re.search(r"1\) [BFMR]#\w+->deck +return .+ face down to the deck", out)
    assert "Marquise - setup: return 2 more cards to the deck, keep 3 > " in out
    assert "Marquise - setup: return 1 more card to the deck, keep 3 > " in out
    assert out.count("W: #?->deck") == 2 and not re.search(r"W: [BFMR]#\w+->deck", out)
    g = Game.load(tmp_path / "wyrm-game-3.json")
    assert g.setup == "advanced" and kept_three(g) and g.state.turn_number >= 1


# ---- the laboratory ----
def test_arena_sets_up_every_game_and_its_records_name_it(tmp_path):
    result = run_arena(wyrm="random", marquise="random", games=2, seed=4, jobs=1, setup="Advanced",
                       records=tmp_path / "r.jsonl", rootlog_dir=tmp_path / "logs")
    assert result.summary()["setup"] == "advanced" and [g.setup for g in result.games] == ["advanced"] * 2
    assert "set up with the Advanced Setup" in result.format()
    lines = [json.loads(line) for line in (tmp_path / "r.jsonl").read_text().splitlines()]
    assert [line["setup"] for line in lines] == ["advanced", "advanced"]
    assert all(sum(entry.endswith("->deck") for entry in line["record"]) == 4 for line in lines)
    for path in sorted((tmp_path / "logs").iterdir()):
        assert setup_of(read_file(path)) == "advanced"
    plain = run_arena(wyrm="random", marquise="random", games=1, seed=4, jobs=1, records=tmp_path / "s.jsonl")
    assert plain.summary()["setup"] == "standard" and "setup" not in (tmp_path / "s.jsonl").read_text()
    assert "set up with" not in plain.format()
    with pytest.raises(ConfigError, match=SETUPS_NAMED):
        run_arena(games=1, setup="draft")


def test_arena_on_the_command_line_says_the_setup():
    r = CliRunner().invoke(main, ["arena", "--setup", "advanced", "--games", "2", "--jobs", "1", "--wyrm", "random",
                                  "--marquise", "random"])
    assert r.exit_code == 0, r.output
    assert "set up with the Advanced Setup" in r.output


def test_a_match_plays_its_pairs_advanced_and_its_json_records_it_for_resume(tmp_path):
    table = setup("wyrm", setup="advanced")
    assert play_one(table.games("random", 2, 1)[0]).setup == "advanced"
    with pytest.raises(ConfigError, match=SETUPS_NAMED):
        setup("wyrm", setup="draft")
    path = tmp_path / "m.json"
    r = CliRunner().invoke(main, ["match", "random", "heuristic", "--setup", "advanced", "--games", "1", "--jobs", "1",
                                  "--json", str(path)])
    assert r.exit_code == 0, r.output
    assert "set up with the Advanced Setup" in r.output
    doc = json.loads(path.read_text())
    assert doc["setup"] == "advanced" and doc["run"]["setup"] == "advanced"
    # --resume keeps the setup: the same match goes on, another setup is refused naming the run
    r = CliRunner().invoke(main, ["match", "random", "heuristic", "--games", "2", "--jobs", "1",
                                  "--resume", str(path)])
    assert r.exit_code == 2 and "the earlier match has run" in r.output and "'setup': 'advanced'" in r.output
    result = run_match("random", "heuristic", games=2, jobs=1, setup="advanced", resume=doc)
    assert len(result.pairs) == 2 and result.summary()["setup"] == "advanced"
    standard = run_match("random", "heuristic", games=1, jobs=1)
    assert standard.summary()["setup"] == "standard" and "setup" not in standard.run


# ---- every driver plays the step ----
@pytest.mark.parametrize("driver", ["random", "heuristic", "mcts:sims=40"])
def test_every_driver_plays_an_advanced_game_to_its_end(driver):
    """The player classes (wyrm_ai/ai/players.py, as arena and watch make them) at every seat of
    a three-seat advanced game with the bot: each holding player keeps three, and the game ends."""
    table = ("mechanical-marquise", "eyrie", "wyrm")
    kinds = ("bot", driver, driver)
    r = play_one((0, 7, kinds, 40, None, seatings(table), None, 1, None, False, "autumn", None, "standard",
                  "advanced"))
    assert r.setup == "advanced" and r.winner is not None
    assert sum(entry.endswith("->deck") for entry in r.record) == 4


def test_the_levels_of_wyrm_play_keep_three_in_a_watched_game(tmp_path):
    """`wyrm watch`'s default drivers are the levels of `wyrm play` (easy: the heuristic; normal:
    the planner, here with few simulations)."""
    r = CliRunner().invoke(main, ["watch", "--setup", "advanced", "--ai", "marquise=easy,wyrm=normal", "--sims", "30",
                                  "--quiet", "--seed", "5", "--save", str(tmp_path / "w.json")])
    assert r.exit_code == 0, r.output
    g = Game.load(tmp_path / "w.json")
    assert g.setup == "advanced" and g.is_terminal() and kept_three(g)


# ---- the engine protocol ----
def to_keep_three(h: Harness) -> list[str]:
    """Play the first legal action until the step keep_three (the engine draws): its legal list."""
    while h.session.game.step != "keep_three":
        assert h.session.game.state.turn_number == 0, "the game began with no keep_three"
        h.ok("play " + h.ok("legal")[0])
    return h.ok("legal")


def test_setoption_setup_sets_up_the_next_game_and_the_state_names_it():
    h = Harness(seed=5)
    h.ok("new marquise wyrm")
    h.ok("setoption setup advanced")
    assert h.session.game.setup == "standard"            # the running game keeps its setup
    assert "setup advanced" in h.ok("options")
    h.ok("new marquise eyrie wyrm")
    assert h.session.game.setup == "advanced"
    assert json.loads(h.ok("state public")[0])["setup_name"] == "advanced"
    legal = to_keep_three(h)
    seat = h.session.game.current_player
    mine = json.loads(h.ok(f"state {h.session.game.factions[seat]}")[0])
    assert mine["step"] == "keep_three" and len(mine["hands"][mine["to_move"]]) == 5
    assert legal and all(t.endswith("->deck") for t in legal)
    h.ok("play " + legal[0])
    assert json.loads(h.ok("state public")[0])["hand_sizes"][mine["to_move"]] == 4
    h.ok("setoption name setup value Standard")          # the UCI form, any case
    h.ok("new marquise wyrm")
    assert h.session.game.setup == "standard" and json.loads(h.ok("state wyrm")[0])["setup_name"] == "standard"


def test_a_bad_setup_is_a_syntax_error_naming_the_setups_and_changes_nothing():
    game = refuses_changing_nothing("setup", "advanced", "marquise wyrm", ["draft", "", "advanced standard"],
                                    f"syntax: setup: no setup 'draft': {SETUPS_NAMED}")
    assert game.setup == "advanced"


def test_every_view_of_an_advanced_game_follows_the_schema():
    jsonschema = pytest.importorskip("jsonschema")
    validator = jsonschema.Draft202012Validator(_schema())
    g = played(seed=2, actions=80)
    assert returns(g) == 6
    at_keep = played(seed=2, actions=next(i for i, a in enumerate(g.record) if decode(a).kind == "put_back") + 1)
    assert at_keep.step == "keep_three"
    for game in (at_keep, g):
        for v in views_of(game):
            view = json.loads(json.dumps(state_view(game, v)))
            validator.validate(view)
            assert view["setup_name"] == "advanced"


# ---- the web board ----
@needs_web
def test_the_web_options_list_the_setups(client):
    o = client.get("/api/options").json()
    assert o["setups"] == [{"name": "standard", "title": "Standard"}, {"name": "advanced", "title": "Advanced"}]


@needs_web
def test_a_web_game_takes_its_setup_in_the_body_or_in_options(client):
    assert web_state(client, {"setup": "advanced"})["setup_name"] == "advanced"
    assert web_state(client, {"options": {"setup": "Advanced"}})["setup_name"] == "advanced"
    assert web_state(client, {})["setup_name"] == "standard"


@needs_web
def test_a_web_player_keeps_three_and_sees_the_ais_returns_masked(client):
    from test_web_api import until_turn, ws_url
    g = web_game(client, {"factions": ["marquise", "wyrm"], "humans": ["wyrm"], "levels": {"marquise": "easy"},
                          "setup": "advanced"})
    with client.websocket_connect(ws_url(g)) as ws:
        msgs = until_turn(ws, "wyrm")
        while msgs[-1]["state"]["step"] != "keep_three":
            assert msgs[-1]["state"]["turn_number"] == 0, "the game began with no keep_three"
            ws.send_json({"type": "play", "action": msgs[-1]["state"]["legal"][0]})
            msgs = until_turn(ws, "wyrm")
        m = msgs[-1]
        assert len(m["state"]["hands"]["wyrm"]) == 5 and all(t.endswith("->deck") for t in m["state"]["legal"])
        assert all(a["at"] is None and "to the deck" in a["words"] for a in m["actions"])
        told = [e["action"] for x in msgs for e in x["events"] if e["action"].endswith("->deck")]
        assert told == ["C: #?->deck", "C: #?->deck"]      # the Marquise kept three first, unseen
        for _ in range(2):
            ws.send_json({"type": "play", "action": msgs[-1]["state"]["legal"][0]})
            msgs = until_turn(ws, "wyrm")
        assert len(msgs[-1]["state"]["hands"]["wyrm"]) >= 3 and msgs[-1]["state"]["turn_number"] >= 1


@needs_web
@pytest.mark.parametrize("body, words", [
    ({"setup": "draft"}, f"setup: no setup 'draft': {SETUPS_NAMED}"),
    ({"setup": 1}, "setup is text: one of standard, advanced"),
    ({"setup": ""}, "the option setup is empty"),
    ({"setup": "advanced", "options": {"setup": "standard"}}, "setup is given twice"),
])
def test_a_bad_web_setup_is_refused_naming_the_setups(client, body, words):
    r = client.post("/api/games", json={"factions": ["marquise", "wyrm"], **body})
    assert r.status_code == 400, r.text
    assert r.json()["type"] == "error" and words in r.json()["message"], r.json()


def test_the_new_game_form_has_a_setup_select():
    from importlib import resources
    page = resources.files("wyrm_ai.web").joinpath("static/index.html").read_text()
    assert '<select name="setup"' in page and '<option value="advanced">Advanced</option>' in page
    script = resources.files("wyrm_ai.web").joinpath("static/board.js").read_text()
    assert "OPTIONS.setups" in script and "setup: document.querySelector('select[name=\"setup\"]')" in script


# ---- Rootlog ----
def test_replay_reads_the_setup_from_the_deal_in_every_view():
    """Rootlog's header has no setup: replay reads the Advanced Setup from the deal (five cards to a
    hand) in the referee's file and every seat's, and from a `!...->deck` decision alone."""
    g = played(actions=150)
    for view in (None, "marquise", "wyrm", "public"):
        assert setup_of(read_text(write(g, view), strict=True)) == "advanced", view
    referee = write(g)
    lines = referee.splitlines()
    first = next(i for i, line in enumerate(lines) if line.startswith(("C:", "E:", "W:")))
    clauses = lines[first].split(":", 1)[1].split("/")
    undealt = "\n".join(lines[:first] + [lines[first][:2] + "/".join(c for c in clauses if "#" not in c or "->deck" in c)]
                        + lines[first + 1:]) + "\n"
    assert setup_of(read_text(undealt, strict=True)) == "advanced"      # the keep_three decisions alone
    standard = Game(first=0, factions=("marquise", "wyrm"))
    rng = np.random.default_rng(1)
    while standard.state.turn_number == 0:
        standard.apply(standard.sample_chance(rng) if standard.current_player == _core.CHANCE
                       else standard.legal_actions()[0])
    assert setup_of(read_text(write(standard), strict=True)) == "standard"


# ---- positions ----
def test_a_position_keeps_its_setup():
    from test_position_api import doc_position
    p = doc_position()
    assert Game.from_position(p).setup == "standard"
    g = Game.from_position({**p, "setup": "Advanced"})
    assert g.setup == "advanced" and g.step != "keep_three"      # a position is past the setup
    back = Game.from_json(json.loads(json.dumps(g.to_json())))   # a save of the position keeps it
    assert back.setup == "advanced" and back.position["setup"] == "Advanced"
    view = state_view(g, "referee")
    assert view["setup_name"] == "advanced" and Game.from_position(view).setup == "advanced"


@pytest.mark.parametrize("extra, words", [
    ({"setup": "draft"}, f"setup: no setup 'draft': {SETUPS_NAMED}"),
    ({"setup": 1}, r"setup must be a setup's name \(standard, advanced\), not 1"),
    ({"setup": "advanced", "setup_name": "standard"}, "name two setups"),
])
def test_a_bad_position_setup_is_refused_naming_the_setups(extra, words):
    from test_position_api import doc_position
    with pytest.raises(PositionError, match=words):
        Game.from_position({**doc_position(), **extra})
