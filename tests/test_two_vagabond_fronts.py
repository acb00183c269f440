"""Two Vagabonds at every front end (LoR 9.7, "Playing with Two Vagabonds"): `vagabond` named twice
seats the Vagabond and, at the later seat, the second Vagabond (faction `vagabond2`, Rootlog letter
G). Seeded games play to the end through the Game facade at four, five and six seats with their
saves round-tripping; `wyrm watch`, `wyrm arena` and the protocol's `new` seat them; a ruin's two
items, looked at by the exploring Vagabond (LoR 9.7.3), are hidden from every other view; the
terminal board draws a panel for each Vagabond."""
from __future__ import annotations

import random

import numpy as np
import pytest
from click.testing import CliRunner

from wyrm_ai.cli import main
from wyrm_ai.model import factions, notation, redaction
from wyrm_ai.model.actions import decode
from wyrm_ai.model.action_words import explain, record_words
from wyrm_ai.model.game import Game
from wyrm_ai.model.textboard.boardview import board_text
from wyrm_ai.protocol import Session
from wyrm_ai.protocol.views import state_view
from wyrm_ai.rootlog import replay, writer

from test_protocol import Harness

TABLES = (("marquise", "vagabond", "vagabond", "wyrm"),
          ("eyrie", "vagabond", "alliance", "vagabond", "wyrm"),
          ("marquise", "eyrie", "vagabond", "alliance", "vagabond", "wyrm"))


def play(names, seed: int, limit: int = 6000, prefer=("explore", "ruin_take")) -> Game:
    """A seeded random game of the table (faction names in seat order), leaning towards Explore
    and taking a ruin's item so the ruins of two Vagabonds are looked at."""
    g = Game(names[0], factions=names)
    rng, r = np.random.default_rng(seed), random.Random(seed)
    while not g.is_terminal() and len(g.record) < limit:
        if g.is_chance_node():
            g.apply(g.sample_chance(rng))
            continue
        legal = g.legal_actions()
        liked = [a for a in legal if decode(a).kind in prefer]
        g.apply(r.choice(liked) if liked and r.random() < 0.8 else r.choice(legal))
    return g


def test_vagabond_named_twice_seats_the_second_vagabond():
    """LoR 9.7: the later `vagabond` is the second Vagabond, faction vagabond2, letter G."""
    assert factions.table_of(("marquise", "vagabond", "vagabond", "wyrm")) == (
        factions.MARQUISE, factions.VAGABOND, factions.VAGABOND2, factions.WYRM)
    assert factions.LETTERS[factions.VAGABOND2] == "G" and factions.TITLES[factions.VAGABOND2] == "Second Vagabond"
    g = Game("marquise", factions=TABLES[0])
    assert g.factions == ("marquise", "vagabond", "vagabond2", "wyrm")
    d = g.state.to_dict()
    assert set(factions.vagabond_fields(d, factions.VAGABOND2)) >= set(factions.VB_FIELDS)
    assert factions.vagabond_fields(d, factions.VAGABOND)["vb_at"] == d["vb_at"]


@pytest.mark.parametrize("names", TABLES, ids=lambda t: f"{len(t)}seats")
def test_seeded_games_play_to_the_end_and_saves_round_trip(names):
    """LoR 9.7 at four, five and six seats: a seeded random game plays to its end through the
    Game facade, both Vagabonds set up (chance picks which first, `vagabond_first`), and its save
    (mid-game and at the end) loads back to the same state and record."""
    for seed in range(2):
        g = play(names, seed)
        assert g.is_terminal(), (names, seed, len(g.record))
        kinds = [decode(a).kind for a in g.record]
        assert kinds.count("vagabond_first") == 1
        d = g.state.to_dict()
        assert factions.vagabond_fields(d, factions.VAGABOND)["vb_char"] >= 0
        assert factions.vagabond_fields(d, factions.VAGABOND2)["vb_char"] >= 0
        back = Game.from_json(g.to_json())
        assert back.record == g.record and back.state.state_bytes() == g.state.state_bytes()
        half = Game.replay(names[0], g.record[:len(g.record) // 2], factions=names)
        again = Game.from_json(half.to_json())
        assert again.state.state_bytes() == half.state.state_bytes()
        for seat in range(g.num_seats):          # every seat's record reads, in notation and words
            assert len(record_words(g, seat)) == len(g.record)


def test_notation_reads_back_the_two_vagabonds_actions():
    """docs/notation.md: `first V` / `first G` (chance: which Vagabond sets up first, LoR 9.7),
    `%s->$` (a Vagabond takes the sword of a ruin's two, LoR 9.7.3), `G:` the second's letter."""
    table = factions.table_of(TABLES[0])
    for a in range(notation._core.NUM_ACTIONS):
        kind, args = decode(a)
        if kind == "vagabond_first":
            assert notation.parse(notation.action_text(a, -1, table), -1, table) == a
        elif kind == "ruin_take":
            for seat in (1, 2):
                text = notation.action_text(a, seat, table)
                assert text.endswith("->$") and notation.parse(text, seat, table) == a
    assert notation.record_text(decode(notation.parse("pass", 2, table)), 2, table) == "G: pass"


def first_ruin_look(g: Game) -> int:
    """The index of the first `ruin` entry of g's record (a two-Vagabond ruin looked at)."""
    return next(i for i, a in enumerate(g.record) if decode(a).kind == "ruin")


def test_a_ruin_look_is_hidden_from_every_seat_but_the_explorer():
    """LoR 9.7.3 (digest trap 6: 'only the looker saw it'): with two Vagabonds a ruin's items
    (chance `ruin`) are seen by the exploring Vagabond alone: the record, its words, the Rootlog
    text and the observation hide them from every other seat and the public; the item he takes
    (`ruin_take`) is public."""
    g = play(TABLES[0], 3, limit=900)
    i = first_ruin_look(g)
    explorer = g.record_seats[[j for j in range(i, -1, -1) if decode(g.record[j]).kind == "explore"][0]]
    kind = decode(g.record[i]).args[0]
    for viewer in list(range(g.num_seats)) + [redaction.PUBLIC, redaction.REFEREE]:
        e = redaction.record_seen(g, viewer)[i]
        sees = viewer in (explorer, redaction.REFEREE)
        assert e.action.args[0] == (kind if sees else None), viewer
        line = redaction.seen_text(e)
        assert line == ("?: ruin %?" if not sees else f"?: ruin %{notation.VITEM_LETTERS[kind]}")
        words = record_words(g, viewer)[i][1]
        assert ("only the exploring Vagabond" in words) != sees
    takes = [j for j, a in enumerate(g.record) if decode(g.record[j]).kind == "ruin_take"]
    for j in takes:
        assert all(redaction.record_seen(g, v)[j].action == decode(g.record[j]) for v in range(g.num_seats))
    # the Rootlog of another seat writes no item for the look; the referee's replays the game
    assert writer.write(g, "public") and replay.replay(writer.write(g)).record == g.record
    # an observation: a ruin's seen items only for its seers; the others see them in the pool
    g2 = Game.replay(TABLES[0][0], g.record[:i + 1], factions=TABLES[0])
    while not g2.is_chance_node() and g2.step != "ruin_pick":
        break
    full = g2.state.to_dict()
    c = next(c for c, seers in enumerate(full["ruin_seers"]) if seers)
    for viewer in range(g2.num_seats):
        obs = g2.observation(viewer)
        if (full["ruin_seers"][c] >> viewer) & 1:
            assert obs["ruin_seen"][c] == full["ruin_seen"][c]
        else:
            assert obs["ruin_seen"][c] == [-1, -1]
            assert sum(obs["ruin_items"]) == sum(full["ruin_items"]) + sum(k >= 0 for k in full["ruin_seen"][c])
    # the protocol's state: a Vagabond board's `ruins` names the seen items to the seer only
    seer = next(v for v in range(g2.num_seats) if (full["ruin_seers"][c] >> v) & 1)
    other = next(v for v in range(g2.num_seats) if not (full["ruin_seers"][c] >> v) & 1)
    ruin = lambda view: next(r for r in state_view(g2, view)["vagabond"]["ruins"] if r["clearing"] == c + 1)  # noqa: E731
    assert ruin(g2.factions[seer])["seen"] and not ruin(g2.factions[other])["seen"] and not ruin("public")["seen"]


def test_the_ruin_pick_and_setup_order_in_words():
    """The terminal's and the web's words for the new steps (LoR 9.7, 9.7.3)."""
    table = factions.table_of(TABLES[0])
    assert "sets up first" in explain(decode(notation.parse("first G", -1, table)), -1, "vagabond_order", table)
    assert "stay in the ruin" in explain(decode(notation.parse("pass", 2, table)), 2, "ruin_pick", table)
    assert "from the ruin" in explain(decode(notation.parse("%s->$", 2, table)), 2, "ruin_pick", table)


def test_the_terminal_board_shows_a_panel_for_each_vagabond():
    """LoR 9.7: the boxed and the compact board draw THE VAGABOND's and THE SECOND VAGABOND's
    panels, each with his own items, and the map marks his pawn (V / G)."""
    g = play(TABLES[0], 1, limit=300)
    wide, narrow = board_text(g, redaction.REFEREE, 99), board_text(g, redaction.REFEREE, 80)
    assert "THE VAGABOND" in wide and "THE SECOND VAGABOND" in wide
    assert "G VAGABOND2" in wide
    assert "\nVAGABOND" in narrow and "SECOND VAGABOND" in narrow
    # his relationships leave the other Vagabond out (LoR 9.7: plain enemies, no marker)
    panel = wide.split("THE SECOND VAGABOND", 1)[1].split("THE MARQUISE", 1)[0]
    assert "relationships: Marquise" in panel and "Vagabond:" not in panel


def test_watch_and_arena_run_with_two_vagabonds(tmp_path, monkeypatch):
    """`wyrm watch` and `wyrm arena` with --factions marquise,vagabond,vagabond,wyrm (LoR 9.7)."""
    monkeypatch.chdir(tmp_path)
    ai = "marquise=random,vagabond=random,vagabond2=random,wyrm=random"
    r = CliRunner().invoke(main, ["watch", "--seed", "3", "--factions", "marquise,vagabond,vagabond,wyrm",
                                  "--ai", ai])
    assert r.exit_code == 0, r.output
    assert "SECOND VAGABOND" in r.output and "G:" in r.output and "vagabond2" in r.output
    r = CliRunner().invoke(main, ["arena", "--games", "2", "--jobs", "1", "--factions",
                                  "marquise,vagabond,vagabond,wyrm", "--ai", ai])
    assert r.exit_code == 0, r.output
    assert "vagabond2" in r.output


def test_play_seats_you_as_the_second_vagabond(tmp_path, monkeypatch):
    """`wyrm play --factions marquise,vagabond,vagabond,wyrm --as vagabond2` (LoR 9.7)."""
    monkeypatch.chdir(tmp_path)
    r = CliRunner().invoke(main, ["play", "--factions", "marquise,vagabond,vagabond,wyrm", "--as", "vagabond2",
                                  "--level", "easy", "--seed", "4", "--record", "t.json"], input="quit\n")
    assert r.exit_code == 0, r.output
    assert "THE SECOND VAGABOND (you)" in r.output
    assert Game.load("t.json").factions == ("marquise", "vagabond", "vagabond2", "wyrm")


def test_the_protocol_new_seats_two_vagabonds():
    """The engine's `new marquise vagabond vagabond wyrm` (protocol 2.13): the later `vagabond`
    is vagabond2, with his board in the state JSON and his pawn in each clearing's pieces; a
    third Vagabond is refused."""
    h = Harness()
    h.ok("new marquise vagabond vagabond wyrm 5")
    assert h.session.game.factions == ("marquise", "vagabond", "vagabond2", "wyrm")
    view = state_view(h.session.game, "public")
    assert view["factions"] == ["marquise", "vagabond", "vagabond2", "wyrm"]
    assert "vagabond2" in view and "ruins" in view["vagabond2"] and "vagabond2" in view["clearings"][0]
    h.err("new marquise vagabond vagabond vagabond 5")


def test_the_web_form_offers_the_second_vagabond():
    """The web form's seats come from the factions the engine seats (/api/options): the Second
    Vagabond is one of them, and its board's colour and letter are in the page (LoR 9.7)."""
    from pathlib import Path
    from wyrm_ai.web.table import playable
    assert {"name": "vagabond2", "title": "Second Vagabond", "bot": False} in playable()["factions"]
    static = Path(__file__).resolve().parent.parent / "wyrm_ai" / "web" / "static"
    assert 'vagabond2: "G"' in (static / "board.js").read_text()
    assert ".f-vagabond2" in (static / "board.css").read_text()
