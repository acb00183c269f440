"""The Riverfolk Company (LoR 11) at every front end: its warriors and trade posts on the boxed and
compact boards and its panel (the service prices, the Payments, Funds and Committed boxes by
owner with the Dividends the Funds would score, each suit's trade posts placed, left and lost, the
crafting spaces free, the public hand, the services bought this turn), its colour, its actions'
groups; the engine protocol 2.16 (`new` seats `riverfolk`, the state JSON's `riverfolk` object and
`hands.riverfolk` in every view, the schema, nothing of another hidden hand in the Riverfolk's
view); the web server's options, its page's code and a web game with the Riverfolk; `--factions`,
`rules riverfolk`, and `wyrm play` / watch / arena / match seating it."""
from __future__ import annotations

import json
import re

import pytest
from click.testing import CliRunner

from riverfolk_front_positions import (KIND, RF_KINDS, RF_STEPS, SERVICES, SUITS, TABLE, played,
                                       river_seat, snapshots, tokens)
from wyrm_ai import _core
from wyrm_ai.model import factions, riverfolk_facts
from wyrm_ai.model.actions import decode
from wyrm_ai.model.game import Game
from wyrm_ai.model.narration import plural
from wyrm_ai.model.redaction import PUBLIC, REFEREE, observe
from wyrm_ai.model.riverfolk_facts import with_public_hand
from wyrm_ai.model.textboard import board as boxed
from wyrm_ai.model.textboard.boardview import board_text, render_board
from wyrm_ai.model.textboard.compact import clearing_row, screen_parts
from wyrm_ai.model.textboard.style import PALETTES, Style, strip, visible_len
from wyrm_ai.model.textboard.words import GROUPS, group_of
from wyrm_ai.protocol.views import PROTOCOL_VERSION, state_view, views_of

from test_protocol import Harness, _schema
from hand_twins import hidden_twin

RF = factions.RIVERFOLK
POSTS = _core.RIVERFOLK_TABLE["posts_per_suit"]


def seen(g: Game, viewer) -> dict:
    """The observation a front end draws: redaction's, with the Riverfolk's public hand (LoR 11.2.3)."""
    return with_public_hand(observe(g.state, viewer), g.state)


def views_writable(g: Game) -> list[str]:
    """Every view of g (each writes its state JSON, the legal actions in their text too)."""
    return list(views_of(g))


# ---- the facts every front end shows --------------------------------------------------------------

def test_riverfolk_facts_read_the_cores_board():
    """LoR 11.2.1, 11.2.5.I, 11.4.2: each suit's 3 trade posts are on the map, on the track or lost;
    its crafting spaces are those the posts off the track uncovered, less those used; Dividends
    score half the Funds box, rounded down, while a post is on the map; the boxes by owner hold the
    core's counts; the prices are 1-4 once set up."""
    seen_lost = seen_div = seen_used = False
    for g in snapshots(seed=6, every=13):
        d = observe(g.state, PUBLIC)
        posts, crafting = riverfolk_facts.posts(d), riverfolk_facts.crafting(d)
        for k, suit in enumerate(SUITS):
            on = sum(n for c, n in enumerate(d["trade_posts"]) if d["suit"][c] == k)
            p = posts[suit]
            assert (p["on_map"], p["track"]) == (on, d["posts_left"][k]) and p["lost"] >= 0
            assert p["on_map"] + p["track"] + p["lost"] == POSTS
            assert p["next_vp"] == (_core.RIVERFOLK_TABLE["post_vp"][POSTS - p["track"]] if p["track"] else None)
            c = crafting[suit]
            assert c["spaces"] == POSTS - d["posts_left"][k] and c["used"] == d["track_used"][k]
            assert 0 <= c["free"] == c["spaces"] - c["used"]
            seen_lost |= p["lost"] > 0
            seen_used |= c["used"] > 0
        funds = sum(d["funds"])
        assert riverfolk_facts.dividends(d) == (funds // 2 if any(d["trade_posts"]) else 0)
        seen_div |= riverfolk_facts.dividends(d) > 0
        for box in riverfolk_facts.BOXES:
            assert riverfolk_facts.owners(d, box) == {f: n for f, n in enumerate(d[box]) if n}
        if d["turn_number"] > 0:
            assert all(p in (1, 2, 3, 4) for p in riverfolk_facts.prices(d).values())
    assert seen_lost and seen_div and seen_used


def test_prices_are_unset_until_the_setup_sets_them():
    """LoR 11.3.5: the service markers go on their tracks at setup: null before."""
    g = Game(0, factions=TABLE)
    assert riverfolk_facts.prices(g.state.to_dict()) == dict.fromkeys(SERVICES)
    assert "prices: Hand Card -, Riverboats -, Mercenaries -" in board_text(g, PUBLIC)


# ---- the terminal boards -----------------------------------------------------------------------

def panel(text: str) -> str:
    """The Riverfolk's panel of a boxed board's text."""
    return text.split("THE RIVERFOLK", 1)[1].split("\nTHE ", 1)[0].split("\n\n", 1)[0]


def test_the_boxed_board_draws_the_riverfolks_warriors_and_trade_posts():
    """Each clearing box: `O 3w` for the Riverfolk's warriors, `post` for a trade post (a token of
    the clearing's suit, LoR 11.5.6: it takes no building slot); the legend names them; every line
    fits 99 columns."""
    st = Style(False)
    checked = 0
    for g in snapshots(seed=1, every=31):
        d = seen(g, PUBLIC)
        text = render_board(d, 99, st)
        assert all(visible_len(line) <= 99 for line in text.split("\n"))
        assert "O Riverfolk: w warriors, post (trade post)" in text
        for c in range(_core.NUM_CLEARINGS):
            box = "\n".join(boxed._cell(d, c + 1, st))
            line = [x for x in box.split("\n") if "| O " in x]
            want = ([f"{d['otters'][c]}w"] if d["otters"][c] else []) + (["post"] if d["trade_posts"][c] else [])
            assert (line[0].strip("| ").split()[1:] if line else []) == want, (c, box)
        checked += 1
    assert checked >= 5


def test_the_riverfolk_panel_says_prices_boxes_posts_spaces_and_hand():
    """The boxed board's Riverfolk panel (LoR 11): the three prices, Payments, Funds (with the
    Dividends they would score) and Committed by owner, each suit's posts placed, left and lost,
    the crafting spaces free, the public hand, the supply."""
    seen_words = set()
    for g in snapshots(seed=4, every=17):
        d = seen(g, PUBLIC)
        if d["turn_number"] == 0:
            continue
        p = panel(render_board(d, 99))
        prices = riverfolk_facts.prices(d)
        assert (f"prices: Hand Card {prices['hand_card']}, Riverboats {prices['riverboats']}, "
                f"Mercenaries {prices['mercenaries']}") in p
        for box in riverfolk_facts.BOXES:
            owners = riverfolk_facts.owners(d, box)
            words = ", ".join(f"{factions.TITLES[f]} {n}" for f, n in owners.items()) or "none"
            assert f"{box.capitalize()}: {words}" in p, (box, p)
            seen_words.add(box) if owners else None
        if riverfolk_facts.dividends(d):
            assert f"(Dividends {riverfolk_facts.dividends(d)} VP)" in p
            seen_words.add("dividends")
        flat = " ".join(p.split())
        # (one row: each suit's posts placed/left/lost, then the crafting spaces free of those uncovered)
        assert "trade posts placed/left/lost: " + " ".join(
            f"{suit[0].upper()}{x['on_map']}/{x['track']}/{x['lost']}" for suit, x in riverfolk_facts.posts(d).items()) in p
        assert "free spaces " + " ".join(f"{s[0].upper()}{c['free']}/{c['spaces']}"
                                         for s, c in riverfolk_facts.crafting(d).items()) in p
        hand = riverfolk_facts.public_hand(d)
        assert f"Public hand: {' '.join(tokens(hand)) or 'none'}" in flat
        seen_words.add("hand") if sum(hand) else None
        assert f"supply: {plural(d['otter_supply'], 'warrior')}, {plural(sum(d['posts_left']), 'trade post')}" in p
    assert seen_words >= {"payments", "funds", "committed", "dividends", "hand"}, seen_words


def test_the_public_hand_is_in_every_view():
    """LoR 11.2.3, Public Hand: the Riverfolk's hand is face up: the public board, each other
    seat's and the referee's name its cards (the panel, and under a seat's own hand `face up`), and
    every state JSON holds it in hands.riverfolk and riverfolk.hand."""
    def holds_cards(g):
        return g.state.to_dict()["turn_number"] > 2 and sum(g.state.to_dict()["hand"][river_seat(g)]) >= 2
    g = played(seed=3, stop=holds_cards)
    assert holds_cards(g)
    hand = tokens(g.state.to_dict()["hand"][river_seat(g)])
    for viewer in (PUBLIC, 0, 1, 2, REFEREE):
        wide, narrow = board_text(g, viewer, 99), board_text(g, viewer, 80)
        assert f"Public hand: {' '.join(hand)}" in " ".join(panel(wide).split()), viewer
        assert f"public hand: {' '.join(hand)}" in " ".join(narrow.split()), viewer
        if viewer in (0, 2):
            assert f"The Riverfolk's hand: {len(hand)} cards, face up: {' '.join(hand)}" in wide
    for view in views_writable(g):
        v = state_view(g, view)
        assert v["hands"]["riverfolk"] == hand and v["riverfolk"]["hand"] == hand, view
        assert (v["hands"]["marquise"] is not None) == (view in ("marquise", REFEREE)), view


def test_the_services_bought_this_turn_show_on_the_boards():
    """LoR 11.2.6-7: while a seat buys, the status line counts its purchases left; once it bought
    Riverboats or Mercenaries, the Riverfolk's panel says so until its turn ends (the Mercenaries
    `serving` in its Daylight and Evening)."""
    def bought(g):
        d = g.state.to_dict()
        return d["mercenaries_on"] == 1 or d["riverboats_for"] >= 0
    g = played(seed=2, stop=bought)
    assert bought(g)
    d = g.state.to_dict()
    p = " ".join(panel(board_text(g, PUBLIC)).split())
    for key, name in (("riverboats_for", "Riverboats"), ("mercenaries_for", "Mercenaries")):
        if d[key] >= 0:
            words = f"{name} bought by the {factions.TITLES[d['seat_faction'][d[key]]]}"
            assert words in p, p
    if d["mercenaries_on"]:
        assert "(serving)" in p
    g = played(seed=2, stop=lambda g: g.step == "services")
    left = g.state.to_dict()["services_left"]
    assert f"{left} purchase{'s' if left != 1 else ''} left" in board_text(g, PUBLIC)
    assert "buying," in " ".join(panel(board_text(g, PUBLIC)).split())


def test_the_compact_board_has_the_riverfolks_column_and_summary():
    """80 columns and less: a `River` column (or `O` on a short screen) with `3w tp`, a RIVERFOLK
    summary (prices, the boxes by owner letter, posts placed/left/lost, free spaces, the public
    hand); no trade post in the building slots; every row fits the width."""
    g = played(seed=1, limit=300)
    d = g.observation(1)
    st = Style(False)
    for width in (80, 60):
        text = render_board(d, width, st)
        assert all(visible_len(line) <= width for line in text.split("\n")), width
        flat = " ".join(text.split())
        assert "RIVERFOLK (you)" in flat and "prices card" in flat and "(placed/left/lost)" in flat
        assert "public hand:" in flat and "free spaces" in flat
    assert re.search(r"Marquise +River +Wyrm", render_board(d, 80, st))
    parts = screen_parts(d, 80, st, boxed.seat_labels(d))
    assert any(tag.startswith("RIVERFOLK (you)") for _, _, tag in parts["panels"])
    assert all(visible_len(line) <= 80 for _, lines, _ in parts["panels"] for line in lines)
    for c in range(_core.NUM_CLEARINGS):
        row = clearing_row(d, c + 1, st)
        assert ("tp" in row.split()) == bool(d["trade_posts"][c]), row
        assert "tp" not in row.split()[2]                      # a token: no building slot


def test_without_the_riverfolk_no_board_or_state_names_them():
    g = played(("marquise", "wyrm"), seed=1, limit=200)
    for width in (99, 80):
        text = board_text(g, PUBLIC, width)
        assert "Riverfolk" not in text and "RIVERFOLK" not in text and "post" not in text
    v = state_view(g, "public")
    assert "riverfolk" not in v and "riverfolk" not in v["supplies"]


def test_the_riverfolk_have_their_own_colour_in_every_palette():
    for name, theme in PALETTES.items():
        others = [theme[f] for f in factions.NAMES if f != "riverfolk" and f in theme]
        assert "riverfolk" in theme and theme["riverfolk"] not in others, name
    st = Style(True)
    assert st.paint("O 3w", "riverfolk") != "O 3w" and strip(st.paint("O 3w", "riverfolk")) == "O 3w"
    colour = render_board(played(seed=1, limit=300).observation(1), 99, st)
    assert Style(True).paint("THE RIVERFOLK", "riverfolk", "bold") in colour


def test_every_riverfolk_action_has_a_group_in_the_action_list():
    """The terminal's action list heads each Riverfolk action by what it is: setup (a warrior on
    the river, LoR 11.3.2), buying services (11.2.6), the Vagabond's items, whose fund (C8), Trade
    Disruption (11.2.5.I), Export (11.5.3.I), a trade post (11.5.6), Draw and Recruit (11.5.4-5),
    the prices (11.6.2)."""
    titles = {title for title, _ in GROUPS}
    for kind in RF_KINDS:
        assert group_of(KIND[kind][0], "riverfolk_daylight") in titles, kind
    assert group_of(KIND["rf_recruit"][0], "riverfolk_setup") == "Setup"
    assert group_of(KIND["rf_recruit"][0], "riverfolk_daylight") == "Recruit"
    assert group_of(KIND["fund"][0], "riverfolk_fund") == "Whose fund to use"
    assert group_of(KIND["fund"][0], "trade_disruption") == "Trade Disruption: whose fund is lost"
    assert group_of(KIND["buy_card"][0], "services") == "Buy the Riverfolk's services"
    g = played(seed=7, limit=2500)
    met, replay = set(), g.start()
    for a in g.record:
        if replay.current_player >= 0:
            for b in replay.legal_actions():
                assert group_of(b, replay.step) in titles, (replay.step, decode(b))
                met.add(decode(b).kind)
        replay.apply(a)
    assert {"buy_card", "rf_draw", "trade_post", "price", "fund"} <= met, met


# ---- the engine protocol -------------------------------------------------------------------------

def test_protocol_views_follow_the_schema_through_a_whole_game():
    """protocol 2.16: every view of a whole game validates against docs/protocol.md's schema; the
    `riverfolk` object is the core's board (boxes by owner, prices, posts per suit, crafting
    spaces, services), a clearing's pieces.riverfolk its warriors and trade post, the supply the
    warriors and the posts left on the tracks."""
    jsonschema = pytest.importorskip("jsonschema")
    validator = jsonschema.Draft202012Validator(_schema())
    checked = 0
    for g in snapshots(seed=5, every=11, limit=2000):
        d = g.state.to_dict()
        for name in views_writable(g):
            v = json.loads(json.dumps(state_view(g, name)))
            validator.validate(v)
            r = v["riverfolk"]
            for box in riverfolk_facts.BOXES:
                assert r[box] == {factions.NAMES[f]: n for f, n in enumerate(d[box]) if n}
            assert r["funds_total"] == sum(d["funds"])
            assert r["prices"] == {s: (p or None) for s, p in zip(SERVICES, d["prices"])}
            for k, suit in enumerate(SUITS):
                assert r["posts"][suit]["track"] == d["posts_left"][k]
                assert r["crafting"][suit]["used"] == d["track_used"][k]
            svc = r["services"]
            assert svc["mercenaries"] == (g.factions[d["mercenaries_for"]] if d["mercenaries_for"] >= 0 else None)
            assert svc["mercenaries_serving"] == bool(d["mercenaries_on"])
            for c in v["clearings"]:
                mine = c["pieces"].get("riverfolk", {})
                i = c["clearing"] - 1
                assert mine.get("warriors", 0) == d["otters"][i] and mine.get("trade_posts", 0) == d["trade_posts"][i]
            assert v["supplies"]["riverfolk"] == {"warriors": d["otter_supply"], "trade_posts": sum(d["posts_left"])}
            checked += 1
    assert checked >= 40


def test_protocol_new_seats_the_riverfolk():
    """`new marquise riverfolk wyrm` seats the Riverfolk (any turn order); two seats and five;
    before their setup no price is set and every post is on its track."""
    h = Harness(seed=3)
    assert h.ok("protocol_version") == [PROTOCOL_VERSION] == ["2.21"]
    h.ok("new riverfolk wyrm marquise 3")
    g = h.session.game
    assert g.factions == TABLE and g.factions[g.first] == "riverfolk"
    state = json.loads(h.ok("state public")[0])
    assert state["riverfolk"]["prices"] == dict.fromkeys(SERVICES)
    assert all(p == {"on_map": 0, "track": 3, "lost": 0, "next_vp": 2} for p in state["riverfolk"]["posts"].values())
    h.ok("new riverfolk marquise")
    assert h.session.game.factions == ("marquise", "riverfolk")
    h.ok("new marquise eyrie alliance riverfolk wyrm 4")
    assert h.session.game.factions == ("marquise", "eyrie", "alliance", "riverfolk", "wyrm")
    assert h.err("new riverfolk riverfolk wyrm").startswith("syntax")


def test_protocol_plays_a_whole_game_with_the_riverfolk():
    """Through the protocol's text: `go` and `play` a whole game at the Riverfolk's table, every
    view (the seat to move's with its legal actions) valid."""
    jsonschema = pytest.importorskip("jsonschema")
    validator = jsonschema.Draft202012Validator(_schema())
    h = Harness(seed=3)
    h.ok("new marquise riverfolk wyrm 3")
    h.ok("setoption level easy")
    for i in range(2500):
        g = h.session.game
        if g.is_terminal():
            break
        if i % 25 == 0:
            for view in views_of(g):
                validator.validate(json.loads(json.dumps(state_view(g, view))))
        h.ok("play " + h.ok("go")[0][9:])


def test_hidden_hands_stay_hidden_and_the_riverfolks_does_not():
    """Redaction (LoR 1.2, 11.2.3): twins that differ only in a card of the Marquise's hand no other
    seat knows give the Riverfolk, the Wyrm and the public the same state JSON and boards; twins
    that differ in a card of the Riverfolk's hand differ in every view."""
    twins = public = 0
    for g in snapshots(seed=8, every=29, limit=1200):
        if g.is_terminal():
            continue
        twin = hidden_twin(g, 0)
        if twin is not None and g.current_player != 0:
            for view in views_writable(g):
                if view in ("marquise", REFEREE):
                    continue
                assert state_view(g, view) == state_view(twin, view), view
                viewer = PUBLIC if view == "public" else g.seat_of(view)
                for width in (99, 80):
                    assert board_text(g, viewer, width) == board_text(twin, viewer, width), (view, width)
            twins += 1
        twin = hidden_twin(g, river_seat(g))
        if twin is not None:
            assert state_view(g, "public")["hands"] != state_view(twin, "public")["hands"]
            assert board_text(g, PUBLIC) != board_text(twin, PUBLIC)
            public += 1
    assert twins >= 4 and public >= 2


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


def test_the_web_offers_the_riverfolk_and_draws_them(client):
    """The new-game form's seats come from /api/options: the Riverfolk are offered (a player's
    faction, not a bot); the page's script draws their warriors (O chips), trade posts and panel
    (prices, the boxes by owner, posts, crafting spaces, the public hand, this turn's services)."""
    offered = {f["name"]: f for f in client.get("/api/options").json()["factions"]}
    assert offered["riverfolk"] == {"name": "riverfolk", "title": "Riverfolk", "bot": False}
    js = client.get("/static/board.js").text
    assert 'riverfolk: "O"' in js and "function drawRiverfolk" in js and "trade-post" in js
    for words in ("Payments", "Funds", "Committed", "trade posts", "crafting spaces free", "public hand"):
        assert f'"{words}"' in js, words
    assert ".f-riverfolk" in client.get("/static/board.css").text


def test_a_web_game_as_the_riverfolk(client):
    """A web game seating the person as the Riverfolk: every update holds their board (prices,
    boxes, posts), the other hands hidden but the Riverfolk's; its own actions with words, its
    setup's warriors placed by a click on a river clearing."""
    r = client.post("/api/games", json={"factions": list(TABLE), "humans": ["riverfolk"],
                                        "levels": {"marquise": "easy", "wyrm": "easy"}})
    assert r.status_code == 201, r.text
    game = r.json()
    token = game["players"][0]["token"]
    steps = set()
    with client.websocket_connect(f"/api/games/{game['game']}/ws?token={token}") as ws:
        m = ws.receive_json()
        while m["state"]["turn_number"] <= 4 and m["state"]["to_move"] != "over":
            s = m["state"]
            assert m["view"] == "riverfolk" and m["words"]["titles"]["riverfolk"] == "Riverfolk"
            assert s["hands"]["marquise"] is None and isinstance(s["hands"]["riverfolk"], list)
            assert set(s["riverfolk"]["posts"]) == set(SUITS)
            if s["to_move"] == "riverfolk":
                steps.add(s["step"])
                assert {a["text"] for a in m["actions"]} == set(s["legal"])
                assert all(a["words"] for a in m["actions"])
                if s["step"] == "riverfolk_setup":      # a warrior on the river, clicked on the map (LoR 11.3.2)
                    assert all(a["at"] in (4, 5, 7, 10, 11) for a in m["actions"]), m["actions"]
                ws.send_json({"type": "play", "action": m["actions"][0]["text"]})
            m = ws.receive_json()
            assert m["type"] == "update", m
    assert {"riverfolk_setup", "riverfolk_prices", "riverfolk_daylight"} <= steps, steps


# ---- the command line ----------------------------------------------------------------------------

def run(*args, input=""):
    from wyrm_ai.cli import main          # imports Rootlog, which knows the Riverfolk once merged
    return CliRunner().invoke(main, list(args), input=input)


@pytest.fixture
def in_tmp(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return tmp_path


ANSWERS = "".join(f"{1 + i % 3}\n" for i in range(6000))


def test_play_as_the_riverfolk_with_its_rules_and_panel(in_tmp):
    """`wyrm play --factions marquise,riverfolk,wyrm --as riverfolk`: a whole game with the person in
    the Riverfolk's seat; `rules` shows its rules (LoR 11); its panel is on screen; it decides its
    setup, its Daylight and its prices."""
    r = run("play", "--factions", ",".join(TABLE), "--as", "riverfolk", "--level", "easy", "--seed", "11",
            "--no-color", "--record", "o.json", input="rules\nrules otters\n" + ANSWERS)
    assert r.exit_code == 0, r.output[-3000:]
    assert r.output.startswith("You are the Riverfolk")
    assert r.output.count("The Riverfolk's rules") == 2 and "LoR 11.2.7.III" in r.output
    assert "THE RIVERFOLK (you)" in r.output and "trade posts placed/left/lost" in r.output and "Public hand" in r.output
    g = Game.load("o.json")
    human, replay, steps = g.seat_of("riverfolk"), g.start(), set()
    for a in g.record:
        if replay.current_player == human:
            steps.add(replay.step)
        replay.apply(a)
    assert {"riverfolk_setup", "riverfolk_prices", "riverfolk_daylight"} <= steps, steps


def test_play_beside_an_ai_riverfolk(in_tmp):
    """`--ai riverfolk=heuristic` with the person the Marquise, who may buy the Riverfolk's services
    at the start of each Birdsong (LoR 11.2.6): the AI's actions show as `O:` lines."""
    r = run("play", "--factions", ",".join(TABLE), "--ai", "riverfolk=heuristic,wyrm=heuristic", "--seed", "2",
            "--no-color", "--record", "m.json", input=ANSWERS[:400])
    assert r.exit_code == 0, r.output[-3000:]
    assert "  O: " in r.output and "THE RIVERFOLK (AI)" in r.output
    assert Game.load("m.json").round >= 3


def test_watch_arena_and_match_seat_the_riverfolk(in_tmp):
    ai = "marquise=heuristic,riverfolk=heuristic,wyrm=random"
    r = run("watch", "--seed", "3", "--factions", ",".join(TABLE), "--ai", ai, "--no-color", "--every", "50")
    assert r.exit_code == 0, r.output[-3000:]
    assert "RIVERFOLK (heuristic)" in r.output and "  O: " in r.output
    r = run("arena", "--games", "2", "--jobs", "1", "--factions", ",".join(TABLE), "--ai", ai)
    assert r.exit_code == 0, r.output[-3000:]
    assert re.search(r"riverfolk\s+heuristic\s+wins", r.output)
    r = run("match", "random", "heuristic", "--seat", "riverfolk", "--factions", ",".join(TABLE), "--games", "2",
            "--jobs", "1", "--seed", "2")
    assert r.exit_code == 0, r.output[-3000:]
    assert "riverfolk: random (candidate) against heuristic (baseline)" in r.output


def test_every_riverfolk_step_has_words_and_an_owner_on_the_board():
    """The status line names each Riverfolk step (action_words.STEP_WORDS) and its setup steps read
    `Setup - the Riverfolk` (LoR 11.3)."""
    from wyrm_ai.model.textboard.words import step_words
    for step in RF_STEPS:
        assert step_words(step) != step, step
    g = played(seed=1, stop=lambda g: g.step == "riverfolk_setup")
    assert "Setup - the Riverfolk" in board_text(g, PUBLIC)
