"""The shared deck as an option on every front end (issue 32 item 1; docs/ep-deck.md): `--deck
standard|ep` on `wyrm play`, `watch`, `arena` and `match` (their records and JSON name it,
`--resume` keeps it), the terminal's words and its `new`, the engine's `setoption deck` and the
state JSON's `deck_name`, the web form's and API's `deck`, Rootlog's `Deck:` line written and
replayed, and a position's `deck`. A bad name is refused naming the decks, and changes nothing.
The deck's own cards: tests/test_ep_deck.py."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

from mixes import players_for
from test_protocol import Harness, _schema
from option_fronts import (client, needs_web, refuses_changing_nothing,  # noqa: F401  (client: the fixture)
                           web_state)
from wyrm_ai import _core
from wyrm_ai.cli import main
from wyrm_ai.lab.arena import play_one, run_arena
from wyrm_ai.lab.match import run_match, setup
from wyrm_ai.model.cards import CARDS
from wyrm_ai.model.errors import ConfigError, PositionError
from wyrm_ai.model.game import Game
from wyrm_ai.protocol.views import state_view, views_of
from wyrm_ai.rootlog import read_file, read_text
from wyrm_ai.rootlog.replay import Replay, ReplayError, replay
from wyrm_ai.rootlog.writer import write
from wyrm_ai.terminal.command import new_game

DECKS_NAMED = "the decks are standard, ep"          # every refusal of a bad deck names them
EP_ONLY = {c.token for c in CARDS if c.decks == ("ep",)}       # the E&P deck's own cards
CORPUS = Path(__file__).resolve().parents[2] / "shared" / "reference" / "rootlog"


def played(deck: str, mix=("marquise", "wyrm"), seed: int = 3, actions: int = 10_000) -> Game:
    """A seeded game with random players on deck (to its end, or `actions` record entries)."""
    g = Game(first=seed % len(mix), factions=mix, deck=deck)
    rng, players = np.random.default_rng(seed), players_for(mix, seed)
    while not g.is_terminal() and len(g.record) < actions:
        seat = g.current_player
        g.apply(g.sample_chance(rng) if seat == _core.CHANCE else players[seat].choose(g))
    return g


def cards_seen(view: dict) -> set:
    """Every card token a referee view names in hands, play areas, the discard pile and the deck."""
    out = set(view["discard"]) | set(view["deck"])
    for cards in (*view["hands"].values(), *view["play_areas"].values()):
        out |= set(cards or ())
    return out


# ---- the command line ----
@pytest.mark.parametrize("given", ["ep", "EP", "e&p", "E&P"])
def test_watch_plays_the_deck_given_and_saves_and_writes_it(tmp_path, given):
    r = CliRunner().invoke(main, ["watch", "--deck", given, "--ai", "marquise=random,wyrm=random", "--quiet",
                                  "--seed", "3", "--save", str(tmp_path / "w.json"),
                                  "--save-rootlog", str(tmp_path / "w.rootlog")])
    assert r.exit_code == 0, r.output
    assert Game.load(tmp_path / "w.json").deck == "ep"
    assert (tmp_path / "w.rootlog").read_text().splitlines()[:2] == ["Map: Fall", "Deck: E&P"]


def test_the_deck_defaults_to_standard_and_a_bad_one_names_the_decks(tmp_path):
    r = CliRunner().invoke(main, ["watch", "--ai", "marquise=random,wyrm=random", "--quiet", "--seed", "3",
                                  "--save", str(tmp_path / "w.json")])
    assert r.exit_code == 0, r.output
    assert Game.load(tmp_path / "w.json").deck == "standard"
    for command in (["watch"], ["arena", "--games", "1"], ["match", "random", "heuristic", "--games", "1"],
                    ["play"]):
        r = CliRunner().invoke(main, [*command, "--deck", "basic"])
        assert r.exit_code == 2 and "Invalid value for '--deck': no deck 'basic'" in r.output, (command, r.output)
        assert DECKS_NAMED in r.output


def test_wyrm_play_says_the_deck_and_its_new_game_keeps_it(tmp_path):
    out = subprocess.run([sys.executable, "-m", "wyrm_ai.cli", "play", "--deck", "ep", "--seed", "3", "--no-color"],
                         input="new\nquit\n", capture_output=True, text=True, cwd=tmp_path, timeout=120)
    assert out.returncode == 0, out.stderr
    said = "The shared deck is Exiles & Partisans (--deck): 'card NAME' tells what a card does."
    assert out.stdout.count(said) == 2                   # the game, and the one `new` started
    assert [Game.load(tmp_path / f"wyrm-game-{s}.json").deck for s in (3, 4)] == ["ep", "ep"]
    plain = subprocess.run([sys.executable, "-m", "wyrm_ai.cli", "play", "--seed", "5", "--no-color"],
                           input="quit\n", capture_output=True, text=True, cwd=tmp_path, timeout=120)
    assert plain.returncode == 0 and "The shared deck is" not in plain.stdout
    assert Game.load(tmp_path / "wyrm-game-5.json").deck == "standard"


def test_the_terminals_new_game_takes_the_deck():
    assert new_game(None, None, 5, deck="ep").deck == "ep"
    assert new_game(("marquise", "eyrie", "wyrm"), "random", 5).deck == "standard"
    with pytest.raises(ConfigError, match=DECKS_NAMED):
        new_game(None, None, 5, deck="basic")


# ---- the laboratory ----
def test_arena_plays_every_game_on_the_deck_and_its_records_name_it(tmp_path):
    result = run_arena(wyrm="random", marquise="random", games=2, seed=4, jobs=1, deck="E&P",
                       records=tmp_path / "r.jsonl", rootlog_dir=tmp_path / "logs")
    assert result.summary()["deck"] == "ep" and [g.deck for g in result.games] == ["ep", "ep"]
    assert "played with the Exiles & Partisans deck" in result.format()
    lines = [json.loads(line) for line in (tmp_path / "r.jsonl").read_text().splitlines()]
    assert [line["deck"] for line in lines] == ["ep", "ep"]
    for path in sorted((tmp_path / "logs").iterdir()):
        assert read_file(path).header.deck == "E&P"
    plain = run_arena(wyrm="random", marquise="random", games=1, seed=4, jobs=1, records=tmp_path / "s.jsonl")
    assert plain.summary()["deck"] == "standard" and "deck" not in (tmp_path / "s.jsonl").read_text()
    with pytest.raises(ConfigError, match=DECKS_NAMED):
        run_arena(games=1, deck="basic")


def test_arena_on_the_command_line_says_the_deck():
    r = CliRunner().invoke(main, ["arena", "--deck", "ep", "--games", "2", "--jobs", "1", "--wyrm", "random",
                                  "--marquise", "random"])
    assert r.exit_code == 0, r.output
    assert "played with the Exiles & Partisans deck" in r.output


def test_a_match_plays_its_pairs_on_the_deck_and_its_json_records_it_for_resume(tmp_path):
    table = setup("wyrm", deck="ep")
    tasks = table.games("random", 2, 1)
    assert play_one(tasks[0]).deck == "ep"
    path = tmp_path / "m.json"
    r = CliRunner().invoke(main, ["match", "random", "heuristic", "--deck", "ep", "--games", "1", "--jobs", "1",
                                  "--json", str(path)])
    assert r.exit_code == 0, r.output
    assert "played with the Exiles & Partisans deck" in r.output
    doc = json.loads(path.read_text())
    assert doc["deck"] == "ep" and doc["run"]["deck"] == "ep"
    # --resume keeps the deck: the same match goes on, another deck is refused naming the run
    r = CliRunner().invoke(main, ["match", "random", "heuristic", "--games", "2", "--jobs", "1",
                                  "--resume", str(path)])
    assert r.exit_code == 2 and "the earlier match has run" in r.output and "'deck': 'ep'" in r.output
    result = run_match("random", "heuristic", games=2, jobs=1, deck="ep", resume=doc)
    assert len(result.pairs) == 2 and result.summary()["deck"] == "ep"
    assert run_match("random", "heuristic", games=1, jobs=1).summary()["deck"] == "standard"


# ---- the engine protocol ----
def test_setoption_deck_sets_up_the_next_game_and_the_state_names_it():
    h = Harness(seed=5)
    h.ok("new marquise wyrm")
    h.ok("setoption deck ep")
    assert h.session.game.deck == "standard"              # the running game keeps its deck
    assert "deck ep" in h.ok("options")
    h.ok("new marquise eyrie wyrm")
    assert h.session.game.deck == "ep"
    assert json.loads(h.ok("state public")[0])["deck_name"] == "ep"
    h.ok("setoption name deck value E&P")                  # the UCI form, Rootlog's spelling
    h.ok("setoption deck Standard")
    h.ok("new marquise wyrm")
    assert h.session.game.deck == "standard" and json.loads(h.ok("state wyrm")[0])["deck_name"] == "standard"


def test_a_bad_deck_is_a_syntax_error_naming_the_decks_and_changes_nothing():
    game = refuses_changing_nothing("deck", "ep", "marquise wyrm", ["basic", "", "ep standard"],
                                    f"syntax: deck: no deck 'basic': {DECKS_NAMED} (ep: Exiles & Partisans)")
    assert game.deck == "ep"


def test_every_view_of_an_ep_game_follows_the_schema():
    jsonschema = pytest.importorskip("jsonschema")
    validator = jsonschema.Draft202012Validator(_schema())
    g = played("ep", ("marquise", "eyrie", "wyrm"), seed=2, actions=600)
    for v in views_of(g):
        view = json.loads(json.dumps(state_view(g, v)))
        validator.validate(view)
        assert view["deck_name"] == "ep"


# ---- the web board ----
@needs_web
def test_the_web_options_list_the_decks(client):
    o = client.get("/api/options").json()
    assert o["decks"] == [{"name": "standard", "title": "Standard"}, {"name": "ep", "title": "Exiles & Partisans"}]


@needs_web
def test_a_web_game_takes_its_deck_in_the_body_or_in_options(client):
    assert web_state(client, {"deck": "ep"})["deck_name"] == "ep"
    assert web_state(client, {"options": {"deck": "E&P"}})["deck_name"] == "ep"
    assert web_state(client, {})["deck_name"] == "standard"


@needs_web
@pytest.mark.parametrize("body, words", [
    ({"deck": "basic"}, f"deck: no deck 'basic': {DECKS_NAMED}"),
    ({"deck": 1}, "deck is text: one of standard, ep"),
    ({"deck": ""}, "the option deck is empty"),
    ({"deck": "ep", "options": {"deck": "standard"}}, "deck is given twice"),
])
def test_a_bad_web_deck_is_refused_naming_the_decks(client, body, words):
    r = client.post("/api/games", json={"factions": ["marquise", "wyrm"], **body})
    assert r.status_code == 400, r.text
    assert r.json()["type"] == "error" and words in r.json()["message"], r.json()


def test_the_new_game_form_has_a_deck_select():
    from importlib import resources
    page = resources.files("wyrm_ai.web").joinpath("static/index.html").read_text()
    assert '<select name="deck"' in page and "Exiles &amp; Partisans" in page
    script = resources.files("wyrm_ai.web").joinpath("static/board.js").read_text()
    assert "OPTIONS.decks" in script and "deck: document.querySelector('select[name=\"deck\"]')" in script


# ---- Rootlog ----
@pytest.mark.parametrize("deck, line", [("standard", "Deck: Standard"), ("ep", "Deck: E&P")])
def test_the_writer_writes_the_deck_and_the_record_replays_on_it(deck, line):
    g = played(deck)
    text = write(g)
    assert text.splitlines()[1] == line
    record = read_text(text, strict=True)
    assert record.header.deck == line.split(": ")[1]
    back = replay(text, seats=g.factions)
    assert back.deck == deck and back.record == g.record
    assert write(g, "public").splitlines()[1] == line


def test_an_ep_game_deals_ep_cards_and_its_rootlog_names_them():
    g = played("ep", ("marquise", "eyrie", "wyrm"), seed=2, actions=600)
    named = cards_seen(state_view(g, "referee"))
    assert named & EP_ONLY and not named - {c.token for c in CARDS if "ep" in c.decks}


@pytest.mark.skipif(not CORPUS.is_dir(), reason=f"the Rootlog corpus is not at {CORPUS}")
@pytest.mark.parametrize("path", sorted(CORPUS.rglob("*.rootlog")) if CORPUS.is_dir() else [],
                         ids=lambda p: p.stem)
def test_the_real_games_get_past_their_deck_and_stop_at_a_faction(path):
    """Every corpus game's `Deck:` (E&P, or the Mountain game's Standard) is the engine's now; each
    stops at its first player line of a faction the engine lacks, or, its factions all ours (the
    second Vagabond, LoR 9.7; the Lizard Cult, issue 33), starts its replay with that deck (its
    `Pool:` read as the players' choices: docs/rootlog.md)."""
    record = read_file(path)
    try:
        r = Replay(record, str(path))
    except ReplayError as e:
        err = e
    else:
        assert r.game.deck == record.header.deck.lower().replace("&", "")
        return
    e = pytest.ExceptionInfo.from_exc_info((type(err), err, err.__traceback__))
    lacks = str(e.value).split("; it holds")[0]
    assert "deck" not in lacks and (("player line" in lacks and "the engine does not hold the faction" in lacks)
                                    or "the engine does not hold a faction draft" in lacks)
    line = path.read_text(encoding="utf-8").splitlines()[e.value.line - 1]
    assert line[1] == ":" or line.startswith("Pool:")
    assert "the decks Standard, E&P" in str(e.value)


# ---- positions ----
def test_a_position_names_its_deck():
    from test_position_api import doc_position
    p = doc_position()
    assert Game.from_position(p).deck == "standard"
    p["hands"] = {"marquise": ["B#saboteurs", "R#charmoffensive"], "wyrm": ["F#anvil", "M#crossbow"]}
    with pytest.raises(PositionError, match="the deck has 0"):
        Game.from_position(p)                            # not in the standard deck
    g = Game.from_position({**p, "deck": "ep"})
    hand = g.state.to_dict()["hand"][g.seat_of("marquise")]
    assert g.deck == "ep" and sorted(CARDS[t].token for t, n in enumerate(hand) if n) == ["B#saboteurs", "R#charmoffensive"]
    back = Game.from_json(g.to_json())                   # a save of the position keeps its deck
    assert back.deck == "ep" and back.position["deck"] == "ep"


@pytest.mark.parametrize("deck, words", [("basic", f"deck: no deck 'basic': {DECKS_NAMED}"),
                                         (1, "deck must be a deck's name (standard, ep), not 1")])
def test_a_bad_position_deck_is_refused_naming_the_decks(deck, words):
    from test_position_api import doc_position
    with pytest.raises(PositionError, match=words.replace("(", r"\(").replace(")", r"\)")):
        Game.from_position({**doc_position(), "deck": deck})


def test_a_referee_state_of_an_ep_game_reads_back_as_its_position_on_its_deck():
    g = played("ep", ("marquise", "eyrie", "wyrm"), seed=2, actions=500)
    view = state_view(g, "referee")
    assert cards_seen(view) & EP_ONLY
    back = Game.from_position(view)                     # `deck_name` read, the referee's `deck` list derived
    assert back.deck == "ep"
    d, want = back.state.to_dict(), g.state.to_dict()
    for key in ("hand", "discard", "play_area", "deck_id"):
        assert d[key] == want[key], key
    assert "deck" not in back.position and back.position["deck_name"] == "ep"
    with pytest.raises(PositionError, match="name two decks"):
        Game.from_position({**view, "deck": "standard"})
    no_name = {k: v for k, v in view.items() if k != "deck_name"}
    with pytest.raises(PositionError, match="the deck has 0"):
        Game.from_position(no_name)                     # read as the standard deck, whose cards they are not
