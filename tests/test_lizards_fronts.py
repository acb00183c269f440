"""The Lizard Cult (LoR 10) at every front end: its warriors and gardens on the boxed and compact
boards and its panel (the Outcast and its side, gardens per suit with the Score value and the draw
bonus, acolytes and what the conspiracies cost, the cards revealed this Daylight, the Lost Souls
pile by suit), its colour, its actions' groups; the engine protocol 2.15 (`new` seats `lizards`,
the state JSON's `lizards` and `lost_souls`, the schema, nothing of its hand in another view);
the web server's options, a web game with the Cult and its page's code; `wyrm play --as lizards`,
`rules lizards`, watch, arena and match with the Cult."""
from __future__ import annotations

import json
import re

import numpy as np
import pytest
from click.testing import CliRunner

from wyrm_ai import _core
from wyrm_ai.ai.players import make_player
from wyrm_ai.cli import main
from wyrm_ai.model import factions, lizard_facts
from wyrm_ai.model.actions import KINDS, decode
from wyrm_ai.model.cards import CARDS
from wyrm_ai.model.game import Game
from wyrm_ai.model.redaction import PUBLIC, REFEREE, observe
from wyrm_ai.model.textboard import board as boxed
from wyrm_ai.model.textboard.boardview import board_text, render_board
from wyrm_ai.model.textboard.compact import screen_parts
from wyrm_ai.model.textboard.style import PALETTES, Style, strip, visible_len
from wyrm_ai.model.textboard.words import GROUPS, group_of
from wyrm_ai.protocol.views import PROTOCOL_VERSION, state_view, views_of

from test_protocol import Harness, _schema
from hand_twins import hidden_twin

TABLE = ("marquise", "lizards", "wyrm")
TABLES = (TABLE, ("lizards", "wyrm"), ("marquise", "eyrie", "alliance", "lizards", "wyrm"))
SUITS = ("fox", "rabbit", "mouse")
LZ_KINDS = ("lz_corner", "outcast", "convert", "sanctify", "lz_build", "lz_recruit", "lz_score", "sacrifice")


def played(table=TABLE, seed: int = 1, limit: int = 1500, stop=None) -> Game:
    """A seeded game of heuristic players; stop(g): a condition to stop at (else the end)."""
    g = Game(table[0], factions=table)
    rng = np.random.default_rng(seed)
    players = [make_player("heuristic", seed + s) for s in range(len(table))]
    while not g.is_terminal() and len(g.record) < limit and not (stop and stop(g)):
        p = g.current_player
        g.apply(g.sample_chance(rng) if p == _core.CHANCE else players[p].choose(g))
    return g


def snapshots(table=TABLE, seed: int = 1, every: int = 23, limit: int = 1500):
    """Games of the table at points every `every` actions of one seeded game (to its end or
    `limit` actions: the greedy players can stall a game), and its last point."""
    g = Game(table[0], factions=table)
    rng = np.random.default_rng(seed)
    players = [make_player("heuristic", seed + s) for s in range(len(table))]
    while not g.is_terminal() and len(g.record) < limit:
        p = g.current_player
        g.apply(g.sample_chance(rng) if p == _core.CHANCE else players[p].choose(g))
        if len(g.record) % every == 0:
            yield g
    yield g


def cult_seat(g: Game) -> int:
    return g.faction_ids.index(factions.LIZARDS)


# ---- the facts every front end shows -------------------------------------------------------------

def test_lizard_facts_read_the_cores_table_and_public_facts():
    """LoR 10.5.3, 10.6.3, 10.4.3: a suit's Score value is LIZARD_TABLE score_vp[gardens on the
    map], its draw bonus from draw_bonus_from gardens, a conspiracy one acolyte cheaper on the Hated
    side; the Evening draw the core derives (public fact evening_draws) is 1 + the bonuses shown."""
    t = _core.LIZARD_TABLE
    assert [lizard_facts.score_value(n) for n in range(6)] == list(t["score_vp"])
    assert [lizard_facts.draw_bonus(n) for n in range(6)] == [n >= t["draw_bonus_from"] for n in range(6)]
    seen_hated = seen_bonus = False
    for g in snapshots(seed=2):
        d = observe(g.state, PUBLIC)
        seat = cult_seat(g)
        gardens = lizard_facts.gardens(d)
        for k, suit in enumerate(SUITS):
            assert gardens[suit]["on_map"] == sum(d["gardens"][k])
            assert gardens[suit]["supply"] == t["gardens_per_suit"] - gardens[suit]["on_map"]
        bonus = sum(g["draw_bonus"] for g in gardens.values())
        assert d["evening_draws"][seat] == 1 + bonus
        costs = lizard_facts.conspiracy_costs(d)
        assert costs == {k: t[k] - (1 if d["hated"] else 0) for k in ("crusade", "convert", "sanctify")}
        assert lizard_facts.outcast_suit(d) == (SUITS[d["outcast"]] if d["outcast"] >= 0 else None)
        seen_hated |= bool(d["hated"])
        seen_bonus |= bonus > 0
    assert seen_hated and seen_bonus


def test_scored_suits_show_on_the_cults_turn_only():
    """LoR 10.5.3: the Score mark of a suit lasts the Cult's turn (the core clears it at its next
    Birdsong): on another player's turn none is shown."""
    g = played(seed=7, stop=lambda g: g.step == "lizards_daylight"
               and g.state.to_dict()["scored"] and g.current_player == cult_seat(g))
    d = observe(g.state, PUBLIC)
    assert lizard_facts.scored_suits(d) == [s for k, s in enumerate(SUITS) if d["scored"] >> k & 1] != []
    other = dict(d, turn=(d["turn"] + 1) % len(d["seat_faction"]))
    assert lizard_facts.scored_suits(other) == []


# ---- the terminal boards ---------------------------------------------------------------------------

def test_the_boxed_board_draws_the_cults_warriors_and_gardens_where_the_core_has_them():
    """Each clearing box: `L 3w` for the Cult's warriors, an `[L]` slot per garden (LoR 10.3: a
    garden is of its clearing's suit); the legend names them; every line fits 99 columns."""
    st = Style(False)
    checked = 0
    for g in snapshots(seed=1, every=31):
        d = observe(g.state, PUBLIC)
        text = render_board(d, 99, st)
        assert all(visible_len(line) <= 99 for line in text.split("\n"))
        assert "L Lizard Cult: w warriors, [L] garden" in text
        for c in range(_core.NUM_CLEARINGS):
            box = "\n".join(boxed._cell(d, c + 1, st))
            assert box.count("[L]") == sum(row[c] for row in d["gardens"]), c
            assert (f"L {d['lizards'][c]}w" in box) == (d["lizards"][c] > 0), c
        checked += 1
    assert checked >= 5


def panel(text: str) -> str:
    """The Cult's panel of a boxed board's text."""
    return text.split("THE LIZARD CULT", 1)[1].split("\nTHE ", 1)[0].split("\n\n", 1)[0]


def test_the_cult_panel_says_outcast_gardens_scores_draws_acolytes_and_lost_souls():
    """The boxed board's Cult panel (LoR 10): the Outcast and its side, each suit's gardens of 5
    with the VP a Score ritual gives now and the draw bonus, the Evening draws, the acolytes and
    the conspiracies' costs, the Lost Souls pile by suit (its size, each suit's count, the cards)."""
    seen = set()
    for g in snapshots(seed=4, every=17):
        d = observe(g.state, PUBLIC)
        seat = cult_seat(g)
        p = panel(render_board(d, 99))
        suit = lizard_facts.outcast_suit(d)
        if suit is None:
            assert "Outcast: not chosen yet" in p
        else:
            assert f"Outcast: {suit}" in p and ("Hated side" in p) == bool(d["hated"])
        for s, gd in lizard_facts.gardens(d).items():
            words = f"{s} {gd['on_map']}/5: Score {gd['score']} VP"
            assert words in p, (words, p)
            assert (f"{words}, +1 draw" in p) == gd["draw_bonus"]
        assert f"Evening draws {d['evening_draws'][seat]}" in p
        costs = lizard_facts.conspiracy_costs(d)
        assert f"acolytes {d['acolytes']} (Crusade {costs['crusade']}, Convert {costs['convert']}, " \
               f"Sanctify {costs['sanctify']})" in p
        n = sum(d["lost_souls"])
        if n:
            by = lizard_facts.pile_by_suit(d["lost_souls"])
            assert f"Lost Souls {n}: " + ", ".join(f"{k} {v}" for k, v in by.items() if v) in p
            assert all(CARDS[t].token in p for t, k in enumerate(d["lost_souls"]) if k)
            seen.add("pile")
        else:
            assert "Lost Souls: empty" in p
        assert f"supply: {d['lizard_supply']} warriors" in p
        seen.add("hated" if d["hated"] else "outcast")
    assert seen >= {"pile", "hated", "outcast"}


def test_the_cards_revealed_for_rituals_show_face_up_on_every_board():
    """LoR 10.5: a card revealed for a ritual lies face up until Evening: every view's boxed and
    compact board names it, and the status line says which Score rituals were used this turn."""
    def revealed(g):
        return g.step == "lizards_daylight" and sum(g.state.to_dict()["revealed"]) > 0
    g = played(seed=5, stop=revealed)
    assert revealed(g)
    d = g.state.to_dict()
    tokens = [CARDS[t].token for t, k in enumerate(d["revealed"]) for _ in range(k)]
    for viewer in (PUBLIC, 0, 2, REFEREE):
        obs = observe(g.state, viewer)
        wide, narrow = render_board(obs, 99), render_board(obs, 80)
        assert "revealed: " + " ".join(tokens) in panel(wide)
        assert "revealed " + " ".join(tokens) in narrow


def test_the_compact_board_has_the_cults_column_slots_and_summary():
    """80 columns and less: a `Cult` column (or `L` on a short screen), gardens as `L` in the slots,
    a LIZARD CULT summary (Outcast, gardens per suit with the Score value, draws, acolytes, Lost
    Souls by suit); every row fits the width."""
    g = played(seed=1, limit=300)
    d = g.observation(1)
    st = Style(False)
    for width in (80, 60):
        text = render_board(d, width, st)
        assert all(visible_len(line) <= width for line in text.split("\n")), width
        assert "LIZARD CULT (you)" in text and "acolytes" in text and "draws" in text
    text = render_board(d, 80, st)
    assert re.search(r"Marquise +Cult +Wyrm", text)                 # the clearing table's heading
    parts = screen_parts(d, 80, st, boxed.seat_labels(d))
    tags = [tag for _, _, tag in parts["panels"]]
    assert any(tag.startswith("LIZARD CULT (you)") for tag in tags)
    assert all(visible_len(line) <= 80 for _, lines, _ in parts["panels"] for line in lines)


def test_the_compact_rows_count_the_gardens_in_the_slots():
    """The narrow map's building slots: an `L` per garden, as many as the core has there."""
    g = played(seed=6, limit=400)
    d = observe(g.state, PUBLIC)
    from wyrm_ai.model.textboard.compact import clearing_row
    for c in range(_core.NUM_CLEARINGS):
        row = clearing_row(d, c + 1, Style(False))
        assert row.split()[2].count("L") == sum(r[c] for r in d["gardens"]), (c, row)


def test_without_the_cult_no_board_or_state_names_it():
    g = played(("marquise", "wyrm"), seed=1, limit=200)
    for width in (99, 80):
        text = board_text(g, PUBLIC, width)
        assert "Lizard" not in text and "LIZARD" not in text and "Lost Souls" not in text and "[L]" not in text
    v = state_view(g, "public")
    assert "lizards" not in v and v["lost_souls"] == []
    assert "lizards" not in v["supplies"]


def test_the_cult_has_its_own_colour_in_every_palette():
    for name, theme in PALETTES.items():
        others = [theme[f] for f in ("marquise", "eyrie", "alliance", "vagabond", "vagabond2", "wyrm",
                                     "mechanical-marquise")]
        assert "lizards" in theme and theme["lizards"] not in others, name
    st = Style(True)
    assert st.paint("L 3w", "lizards") != "L 3w" and strip(st.paint("L 3w", "lizards")) == "L 3w"
    g = played(seed=1, limit=300)
    colour = render_board(g.observation(1), 99, st)
    assert Style(True).paint("THE LIZARD CULT", "lizards", "bold") in colour


def test_every_cult_action_has_a_group_in_the_action_list():
    """The terminal's action list heads each Cult action by what it is: setup, the Outcast, a
    conspiracy (a Crusade's move or battle in its Birdsong too), a ritual."""
    titles = {title for title, _ in GROUPS}
    for kind in LZ_KINDS:
        assert any(kind in kinds for _, kinds in GROUPS), kind
        assert group_of(KINDS[kind][0], "lizards_birdsong") in titles
    assert group_of(KINDS["move"][0], "lizards_birdsong") == "Crusade (acolytes)"
    assert group_of(KINDS["battle"][0], "lizards_crusade") == "Crusade (acolytes)"
    assert group_of(KINDS["battle"][0], "marquise_daylight") == "Battle"
    g = played(seed=7, limit=3000)
    met = set()
    replay = g.start()
    for a in g.record:
        if replay.current_player == cult_seat(g):
            for b in replay.legal_actions():
                assert group_of(b, replay.step) in titles, (replay.step, decode(b))
                met.add(decode(b).kind)
        replay.apply(a)
    assert {"lz_recruit", "lz_score", "outcast"} <= met


# ---- the engine protocol --------------------------------------------------------------------------

def test_protocol_new_seats_the_cult_and_every_view_follows_the_schema():
    """protocol 2.15: `new marquise lizards wyrm` seats the Cult (any turn order); every view of a
    whole game validates against docs/protocol.md's schema; the `lizards` object is the core's
    board (Outcast, side, acolytes, gardens per suit, revealed cards), `lost_souls` the pile, a
    clearing's pieces.lizards its warriors and gardens; the Cult's hand is in its own view and the
    referee's only."""
    jsonschema = pytest.importorskip("jsonschema")
    validator = jsonschema.Draft202012Validator(_schema())
    h = Harness(seed=3)
    assert h.ok("protocol_version") == [PROTOCOL_VERSION] == ["2.21"]
    h.ok("new lizards wyrm marquise 3")
    g = h.session.game
    assert g.factions == TABLE and g.factions[g.first] == "lizards"
    h.ok("setoption level easy")
    checked = 0
    for i in range(3000):
        g = h.session.game
        if g.is_terminal():
            break
        if i % 15 == 0:
            d = g.state.to_dict()
            views = {v: json.loads(json.dumps(state_view(g, v))) for v in views_of(g)}
            for name, v in views.items():
                validator.validate(v)
                z = v["lizards"]
                assert z["outcast"] == (SUITS[d["outcast"]] if d["outcast"] >= 0 else None)
                assert z["hated"] == bool(d["hated"]) and z["acolytes"] == d["acolytes"]
                assert z["supply"] == {"warriors": d["lizard_supply"]}
                for k, s in enumerate(SUITS):
                    assert z["gardens"][s]["on_map"] == sum(d["gardens"][k])
                    assert z["gardens"][s]["score"] == _core.LIZARD_TABLE["score_vp"][sum(d["gardens"][k])]
                assert sorted(z["revealed"]) == sorted(CARDS[t].token for t, n in enumerate(d["revealed"]) for _ in range(n))
                assert sorted(v["lost_souls"]) == sorted(CARDS[t].token for t, n in enumerate(d["lost_souls"]) for _ in range(n))
                for c in v["clearings"]:
                    mine = c["pieces"].get("lizards", {})
                    assert mine.get("warriors", 0) == d["lizards"][c["clearing"] - 1]
                    assert mine.get("gardens", 0) == sum(row[c["clearing"] - 1] for row in d["gardens"])
                assert v["supplies"]["lizards"] == {"warriors": d["lizard_supply"],
                                                    "gardens": 15 - sum(map(sum, d["gardens"]))}
                sees = name in ("lizards", "referee")
                assert (v["hands"]["lizards"] is not None) == sees, name
            checked += 1
        h.ok("play " + h.ok("go")[0][9:])
    assert checked >= 10


def test_protocol_new_with_the_cult_at_two_and_five_seats_and_bad_names():
    h = Harness(seed=1)
    h.ok("new lizards marquise")
    assert h.session.game.factions == ("marquise", "lizards")
    h.ok("new marquise eyrie alliance lizards wyrm 4")
    assert h.session.game.factions == TABLES[2]
    assert h.err("new lizards lizards wyrm").startswith("syntax")
    assert h.session.game.factions == TABLES[2]                      # a refused `new` changes nothing
    status = h.ok("state public")[0]
    assert json.loads(status)["lizards"]["outcast"] is None        # before its setup


def test_nothing_of_the_cults_hidden_hand_reaches_another_view():
    """Redaction: twins that differ only in a card of the Cult's hand no other seat knows give the
    other seats and the public the same state JSON and the same text board (boxed and compact);
    the Cult's own view tells them apart."""
    twins = 0
    for seed in (1, 8):
        for g in snapshots(seed=seed, every=29):
            if g.is_terminal() or g.current_player == cult_seat(g):
                continue
            twin = hidden_twin(g, cult_seat(g))
            if twin is None:
                continue
            for view in views_of(g):
                if view in ("lizards", "referee"):
                    continue
                assert state_view(g, view) == state_view(twin, view), view
                viewer = PUBLIC if view == "public" else g.seat_of(view)
                for width in (99, 80):
                    assert board_text(g, viewer, width) == board_text(twin, viewer, width), (view, width)
            assert state_view(g, "lizards")["hands"] != state_view(twin, "lizards")["hands"]
            twins += 1
    assert twins >= 5


# ---- the web server ------------------------------------------------------------------------------

starlette = pytest.importorskip("starlette")


@pytest.fixture
def client(tmp_path):
    from starlette.testclient import TestClient
    from wyrm_ai.web.app import create_app
    from wyrm_ai.web.table import Tables
    app = create_app(Tables(saves=tmp_path / "saves", seed=7, hint_sims=40, hint_ms=2000), step_delay=0)
    with TestClient(app) as c:
        yield c


def test_the_web_offers_the_cult_and_plays_a_game_with_it(client):
    """The new-game form's seats come from /api/options: the Cult is offered (a player's faction,
    not a bot) as the Lizard Cult; a game seating it as the person's shows its board in every
    update (its Outcast, gardens with their Score values, acolytes), lost_souls, its warriors and
    gardens as pieces, the other hands hidden, and its own actions with words; the page's script
    draws its pieces and panel."""
    offered = {f["name"]: f for f in client.get("/api/options").json()["factions"]}
    assert offered["lizards"] == {"name": "lizards", "title": "Lizard Cult", "bot": False}
    r = client.post("/api/games", json={"factions": list(TABLE), "humans": ["lizards"],
                                        "levels": {"marquise": "easy", "wyrm": "easy"}})
    assert r.status_code == 201, r.text
    game = r.json()
    assert game["seats"] == {"marquise": "easy", "lizards": "human", "wyrm": "easy"}
    token = game["players"][0]["token"]
    steps = set()
    with client.websocket_connect(f"/api/games/{game['game']}/ws?token={token}") as ws:
        m = ws.receive_json()
        while m["state"]["turn_number"] <= 4 and m["state"]["to_move"] != "over":
            s = m["state"]
            assert m["view"] == "lizards" and set(m["words"]["titles"]) == set(TABLE)
            assert m["words"]["titles"]["lizards"] == "Lizard Cult"
            assert s["hands"]["marquise"] is None and s["hands"]["wyrm"] is None
            assert isinstance(s["lost_souls"], list) and set(s["lizards"]["gardens"]) == set(SUITS)
            if s["to_move"] == "lizards":
                steps.add(s["step"])
                assert {a["text"] for a in m["actions"]} == set(s["legal"])
                assert all(a["words"] for a in m["actions"])
                ws.send_json({"type": "play", "action": m["actions"][0]["text"]})
            m = ws.receive_json()
            assert m["type"] == "update", m
    assert {"lizards_outcast", "lizards_daylight"} <= steps, steps
    pieces = [c["pieces"].get("lizards", {}) for c in m["state"]["clearings"]]
    assert sum(p.get("warriors", 0) for p in pieces) > 0 and sum(p.get("gardens", 0) for p in pieces) >= 1
    js = client.get("/static/board.js").text
    assert 'lizards: "L"' in js and "function drawCult" in js and "lost_souls" in js
    assert ".f-lizards" in client.get("/static/board.css").text


# ---- the command line ----------------------------------------------------------------------------

def run(*args, input=""):
    return CliRunner().invoke(main, list(args), input=input)


@pytest.fixture
def in_tmp(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return tmp_path


ANSWERS = "".join(f"{1 + i % 3}\n" for i in range(6000))


def test_play_as_the_cult_with_its_rules_and_panel(in_tmp):
    """`wyrm play --factions marquise,lizards,wyrm --as lizards`: a whole game with the person in
    the Cult's seat; `rules` shows its rules (LoR 10); its panel is on screen; it decides its
    setup, Birdsong conspiracies, Daylight rituals."""
    r = run("play", "--factions", ",".join(TABLE), "--as", "lizards", "--level", "easy", "--seed", "11",
            "--no-color", "--record", "z.json", input="rules\nrules cult\n" + ANSWERS)
    assert r.exit_code == 0, r.output[-3000:]
    assert r.output.startswith("You are the Lizard Cult")
    assert r.output.count("The Lizard Cult's rules") == 2 and "LoR 10.4.3" in r.output
    assert "THE LIZARD CULT (you)" in r.output and "Gardens fox" in r.output and "Lost Souls" in r.output
    data = json.loads(open("z.json").read())
    g = Game.load("z.json")
    assert g.is_terminal() and data["play"]["human"] == "lizards"
    human, replay, steps = g.seat_of("lizards"), g.start(), set()
    for a in g.record:
        if replay.current_player == human:
            steps.add(replay.step)
        replay.apply(a)
    assert {"lizards_outcast", "lizards_daylight"} <= steps, steps


def test_play_beside_an_ai_cult(in_tmp):
    """`--ai lizards=heuristic` with the person the Marquise: the AI plays the Cult, whose
    actions show as `L:` lines; the input's end leaves the game saved."""
    r = run("play", "--factions", ",".join(TABLE), "--ai", "lizards=heuristic,wyrm=heuristic", "--seed", "2",
            "--no-color", "--record", "m.json", input=ANSWERS[:400])
    assert r.exit_code == 0, r.output[-3000:]
    assert "  L: " in r.output and "THE LIZARD CULT (AI)" in r.output
    g = Game.load("m.json")
    assert g.round >= 3 and any(decode(a).kind == "lz_recruit" for a in g.record)


def test_watch_arena_and_match_seat_the_cult(in_tmp):
    ai = "marquise=heuristic,lizards=heuristic,wyrm=random"
    r = run("watch", "--seed", "3", "--factions", ",".join(TABLE), "--ai", ai, "--no-color", "--every", "50")
    assert r.exit_code == 0, r.output[-3000:]
    assert "LIZARD CULT (heuristic)" in r.output and "  L: " in r.output and "lizards" in r.output.split("\n")[-2]
    r = run("arena", "--games", "2", "--jobs", "1", "--factions", ",".join(TABLE), "--ai", ai)
    assert r.exit_code == 0, r.output[-3000:]
    assert re.search(r"lizards\s+heuristic\s+wins", r.output)
    r = run("match", "random", "heuristic", "--seat", "lizards", "--factions", ",".join(TABLE), "--games", "2",
            "--jobs", "1", "--seed", "2")
    assert r.exit_code == 0, r.output[-3000:]
    assert "lizards: random (candidate) against heuristic (baseline)" in r.output


def test_a_referee_state_of_a_cult_game_reads_back_as_its_position():
    """setposition / Game.from_position: the `state referee` JSON of a Cult game (its `lizards`
    object, the top-level `lost_souls`) is a position of its board: the pile, the Outcast, the
    acolytes, the gardens and the deck come back; the pile given twice, or at a table without the
    Cult, is refused."""
    from wyrm_ai.model.errors import PositionError
    read = 0
    for g in snapshots(seed=2, every=41, limit=900):
        d = g.state.to_dict()
        if g.step not in ("marquise_daylight", "wyrm_daylight") or not sum(d["lost_souls"]):
            continue
        v = json.loads(json.dumps(state_view(g, "referee")))
        back = Game.from_position(v).state.to_dict()
        for key in ("lost_souls", "outcast", "hated", "acolytes", "gardens", "lizards", "lizard_supply", "deck"):
            assert back[key] == d[key], key
        twice = dict(v, lizards=dict(v["lizards"], lost_souls=v["lost_souls"]))
        with pytest.raises(PositionError, match="given twice"):
            Game.from_position(twice)
        read += 1
    assert read >= 2
    v = json.loads(json.dumps(state_view(played(("marquise", "wyrm"), seed=1, limit=60), "referee")))
    Game.from_position(v)
    with pytest.raises(PositionError, match="only the Lizard Cult"):
        Game.from_position(dict(v, lost_souls=["F#anvil"]))
