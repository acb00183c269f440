"""The Underground Duchy (LoR 12) at every front end: its warriors, citadels, markets and tunnels on
the boxed and compact boards, the Burrow drawn and named beside the map, its panel (the Burrow and
its tunnels, the ministers swayed and unswayed, the crowns on the board and lost, the citadels and
markets with their recruits and draws, the cards revealed, this turn's Assembly and Parliament),
its colour, its actions' groups; the engine protocol 2.17 (the state JSON's `duchy` object, the
clearings' pieces and flat fields, the supplies, the revealed cards in every view, the schema);
the web server's options, its page's code (the Burrow drawn, the panel) and its click targets;
`--factions`, `--ai`, `rules duchy`.
"""
from __future__ import annotations

import json
import re

import pytest

from duchy_front_positions import (DC_KINDS, DC_STEPS, KIND, MINISTERS, TABLE, duchy_seat, hand_written, played,
                                   snapshots, texts_known, tokens)
from wyrm_ai import _core
from wyrm_ai.model import duchy_facts, factions
from wyrm_ai.model.actions import decode
from wyrm_ai.model.game import Game
from wyrm_ai.model.narration import plural
from wyrm_ai.model.redaction import PUBLIC, REFEREE, observe
from wyrm_ai.model.textboard import board as boxed
from wyrm_ai.model.textboard.boardview import board_text, render_board
from wyrm_ai.model.textboard.compact import clearing_row, screen_parts
from wyrm_ai.model.textboard.style import PALETTES, Style, strip, visible_len
from wyrm_ai.model.textboard.words import GROUPS, group_of
from wyrm_ai.protocol.views import PROTOCOL_VERSION, state_view, views_of

from test_protocol import _schema

DC = _core.DUCHY_TABLE
NCL = _core.NUM_CLEARINGS




def views_writable(g: Game) -> list[str]:
    """The views of g whose state JSON can be written: all of them once the notation knows the
    Duchy's actions; before, those that list no Duchy action (the Duchy's and the referee's while
    the Duchy are to move list their legal actions' texts)."""
    if texts_known(g):
        return list(views_of(g))
    return [v for v in views_of(g) if v not in ("duchy", REFEREE)]


# ---- the facts every front end shows --------------------------------------------------------------

def test_duchy_facts_read_the_cores_board():
    """LoR 12.2.3, 12.4, 12.5.3, 12.6.3, C12: each rank's 3 crowns are on the board, on swayed
    ministers or lost; the citadels and markets placed and on their tracks make 3 each and give the
    core's recruits and draws; the tunnels are the clearings with one; the ministers are the core's
    bits."""
    seen_lost = seen_swayed = seen_used = False
    for g in snapshots(seed=4, every=13, limit=1200):
        d = observe(g.state, PUBLIC)
        c = duchy_facts.crowns(d)
        for k, rank in enumerate(duchy_facts.RANKS):
            assert c[rank]["board"] == d["crowns"][k] and c[rank]["lost"] >= 0
            assert c[rank]["board"] + c[rank]["swayed"] + c[rank]["lost"] == DC["crowns"]
            seen_lost |= c[rank]["lost"] > 0
        for kind in duchy_facts.BUILDINGS:
            b = duchy_facts.buildings(d)[kind]
            assert b["on_map"] == sum(d[kind]) and b["on_map"] + b["track"] == DC[kind]
            assert b["clearings"] == [i + 1 for i in range(NCL) for _ in range(d[kind][i])]
        assert duchy_facts.recruits(d) == DC["burrow_recruits"][sum(d["citadels"])]
        assert duchy_facts.draws(d) == DC["market_draws"][sum(d["markets"])]
        if d["turn_number"] > 0 and g.faction_ids[d["turn"]] != factions.DUCHY:
            assert duchy_facts.draws(d) == d["evening_draws"][duchy_seat(g)]
        assert duchy_facts.tunnels(d) == [i + 1 for i in range(NCL) if d["tunnels"][i]]
        assert len(duchy_facts.tunnels(d)) + d["tunnel_supply"] == DC["tunnels"]
        swayed = duchy_facts.swayed(d)
        assert swayed == [m for k, m in enumerate(MINISTERS) if (d["swayed"] >> k) & 1]
        assert sorted(swayed + duchy_facts.unswayed(d)) == sorted(MINISTERS)
        assert sum(duchy_facts.crafting(d).values()) == sum(d["citadels"]) + sum(d["markets"])
        seen_swayed |= bool(swayed)
        seen_used |= bool(duchy_facts.used(d))
    assert seen_lost and seen_swayed and seen_used


def test_the_ministers_ranks_and_titles():
    """LoR 12.5.2-3: three squires (Foremole, Captain, Marshal), three nobles (Brigadier, Banker,
    Mayor), three lords (Duchess of Mud, Baron of Dirt, Earl of Stone); a Sway reveals 2/3/4 cards
    and its crown scores 1/2/3 VP."""
    rows = duchy_facts.ministers(Game(0, factions=TABLE).state.to_dict())
    assert [m["rank"] for m in rows] == ["squire"] * 3 + ["noble"] * 3 + ["lord"] * 3
    assert [duchy_facts.title(m["name"]) for m in rows] == list(duchy_facts.MINISTER_TITLES)
    assert {(m["rank"], m["sway_cards"], m["crown_vp"]) for m in rows} == {("squire", 2, 1), ("noble", 3, 2),
                                                                            ("lord", 4, 3)}
    assert not any(m["swayed"] or m["used"] for m in rows)


# ---- the terminal boards -----------------------------------------------------------------------

def panel(text: str) -> str:
    """The Duchy's panel of a boxed board's text."""
    return text.split("THE DUCHY", 1)[1].split("\nTHE ", 1)[0].split("\n\n", 1)[0]


def test_the_boxed_board_draws_the_duchys_pieces_and_the_burrow():
    """Each clearing box: `D 3w tunnel` for the Duchy's warriors and tunnel, `[c]` a citadel and
    `[m]` a market in the building slots; the Burrow is a box of its own left of clearing 12, named
    `Burrow`, with its warriors and the clearings of the tunnels; the legend names them; every line
    fits 99 columns."""
    st = Style(False)
    checked = 0
    for g in snapshots(seed=1, every=31, limit=1200):
        d = observe(g.state, PUBLIC)
        text = render_board(d, 99, st)
        assert all(visible_len(line) <= 99 for line in text.split("\n"))
        assert "D Duchy: w warriors, tunnel, [c]itadel [m]arket" in text
        for c in range(NCL):
            box = "\n".join(boxed._cell(d, c + 1, st))
            line = [x for x in box.split("\n") if "| D " in x]
            want = ([f"{d['moles'][c]}w"] if d["moles"][c] else []) + (["tunnel"] if d["tunnels"][c] else [])
            assert (line[0].strip("| ").split()[1:] if line else []) == want, (c, box)
            slots = box.split("\n")[1]
            assert slots.count("[c]") == d["citadels"][c] and slots.count("[m]") == d["markets"][c]
        lines = text.split("\n")
        top = [i for i, line in enumerate(lines) if line.startswith("+- Burrow")]
        assert len(top) == 1, text
        burrow = [line[:24] for line in lines[top[0]:top[0] + 3 + len(boxed.cell_lines(d))]]
        assert "D rules" in burrow[0] and burrow[-1].startswith("+-")
        links = " ".join(str(c) for c in duchy_facts.tunnels(d))
        assert any(row.startswith(f"+- tunnels to {links} ") for row in burrow) if links else \
            any(row.startswith("+- no tunnel") for row in burrow)
        assert burrow[1].startswith(f"| D {d['burrow']}w " if d["burrow"] else "| (no warriors)")
        checked += 1
    assert checked >= 5


def test_the_duchy_panel_names_burrow_ministers_crowns_tracks_and_revealed():
    """The boxed board's Duchy panel (LoR 12): `Burrow: N warriors (tunnels to ...)`, the ministers
    swayed (rank, used this turn) and unswayed, the crowns on the board per rank with those lost,
    the citadels and markets placed and on their tracks with the recruits and draws they give now
    and next, the cards revealed, the supply."""
    seen_words = set()
    for g in snapshots(seed=4, every=17, limit=1500):
        d = observe(g.state, PUBLIC)
        if d["turn_number"] == 0:
            continue
        p = panel(render_board(d, 99))
        flat = " ".join(p.split())
        tunnels = " ".join(str(c) for c in duchy_facts.tunnels(d)) or "none"
        assert f"Burrow: {plural(d['burrow'], 'warrior')} (tunnels to {tunnels})" in flat
        rows = duchy_facts.ministers(d)
        swayed = [f"{duchy_facts.title(m['name'])} ({m['rank']}{', used' if m['used'] else ''})" for m in rows if m["swayed"]]
        assert "Swayed: " + (", ".join(swayed) or "none") in flat, flat
        assert "Unswayed: " + (", ".join(f"{duchy_facts.title(m['name'])} ({m['rank']})"
                                          for m in rows if not m["swayed"]) or "none") in flat
        c = duchy_facts.crowns(d)
        assert "Crowns on the board: " + ", ".join(f"{r} {x['board']} ({x['vp']} VP)" for r, x in c.items()) in flat
        if any(x["lost"] for x in c.values()):
            assert "; lost: " in flat
            seen_words.add("lost")
        for kind, what, now in (("citadels", "Birdsong recruits", duchy_facts.recruits(d)),
                                ("markets", "Evening draws", duchy_facts.draws(d))):
            b = duchy_facts.buildings(d)[kind]
            assert f"{kind.capitalize()}: {b['on_map']} placed" in flat and f"{b['track']} on the track; {what} {now}" in flat
        rev = duchy_facts.revealed(d)
        assert f"Revealed: {' '.join(tokens(rev)) or 'none'}" in flat
        seen_words.add("revealed") if sum(rev) else None
        seen_words.add("swayed") if swayed else None
        seen_words.add("used") if duchy_facts.used(d) else None
        assert f"supply: {plural(d['mole_supply'], 'warrior')}, {plural(d['tunnel_supply'], 'tunnel')}" in p
    assert seen_words >= {"swayed", "used", "lost"}, seen_words


def test_the_revealed_cards_are_in_every_view():
    """LoR 12.5: the cards the Duchy reveal lie face up until their Evening: every view's board and
    state JSON names them (duchy.revealed), the public's included."""
    def revealing(g):
        return sum(g.state.to_dict()["duchy_revealed"]) > 0 and g.faction_ids[g.current_player] != factions.DUCHY \
            if g.current_player >= 0 else False
    g = played(seed=3, stop=revealing)
    if not revealing(g):          # the Duchy reveal while they are to move: read the public views there
        g = played(seed=3, stop=lambda g: sum(g.state.to_dict()["duchy_revealed"]) > 0)
    assert sum(g.state.to_dict()["duchy_revealed"]) > 0
    cards = tokens(g.state.to_dict()["duchy_revealed"])
    for viewer in (PUBLIC, 0, 2):
        assert f"Revealed: {' '.join(cards)}" in " ".join(panel(board_text(g, viewer, 99)).split()), viewer
        assert f"revealed {' '.join(cards)}" in " ".join(board_text(g, viewer, 80).split()), viewer
    for view in views_writable(g):
        assert state_view(g, view)["duchy"]["revealed"] == cards, view


def test_the_turns_bookkeeping_shows_only_in_the_duchys_turn():
    """The core keeps the Assembly's actions left, the ministers used and the Sway made on the
    Duchy's board until their next Daylight resets them; the boards and the state JSON say them
    for the Duchy's turn only (another seat's turn shows no minister `used`, no `This turn:`)."""
    met = 0
    for g in snapshots(seed=4, every=7, limit=1500):
        d = observe(g.state, PUBLIC)
        if d["turn_number"] == 0 or d["turn"] == duchy_seat(g) or not (d["ministers_used"] or d["assembly_left"]):
            continue
        p = " ".join(panel(render_board(d, 99)).split())
        assert ", used)" not in p and "This turn:" not in p, p
        v = state_view(g, "public")["duchy"]
        assert v["used"] == [] and v["assembly_left"] == 0 and v["swayed_now"] is False
        met += 1
    assert met >= 3


def test_the_compact_board_has_the_duchys_column_burrow_row_and_summary():
    """80 columns and less: a `Duchy` column (or `D` on a short screen) with `3w T`, citadels `c`
    and markets `m` in the slots, a row naming the Burrow under the map, a DUCHY summary (the
    Burrow, swayed ministers, crowns, the tracks, revealed); every row fits the width."""
    g = played(seed=1, limit=300)
    d = g.observation(1)
    st = Style(False)
    for width in (80, 60):
        text = render_board(d, width, st)
        assert all(visible_len(line) <= width for line in text.split("\n")), width
        flat = " ".join(text.split())
        assert "DUCHY (you)" in flat and "Burrow (the Duchy's, beside the map):" in flat
        assert f"Burrow {d['burrow']}w" in flat and "swayed " in flat and "crowns S" in flat
        assert "citadels " in flat and "markets " in flat and "revealed " in flat
    assert re.search(r"Marquise +Duchy +Wyrm", render_board(d, 80, st))
    parts = screen_parts(d, 80, st, boxed.seat_labels(d))
    assert any(tag.startswith("DUCHY (you)") for _, _, tag in parts["panels"])
    assert any("Burrow (the Duchy's" in line for line in parts["top"])
    for c in range(NCL):
        row = clearing_row(d, c + 1, st)
        assert ("T" in row.split()[3:]) == bool(d["tunnels"][c]), row
        assert row.split()[2].count("c") == d["citadels"][c] and row.split()[2].count("m") == d["markets"][c]


@pytest.mark.parametrize("table", [("marquise", "eyrie", "alliance", "vagabond", "duchy", "wyrm"),
                                   ("duchy", "lizards", "riverfolk", "mechanical-marquise", "wyrm")], ids=("CEAVDW", "DLOMW"))
def test_five_and_six_seats_fit_every_width(table):
    """Five and six seats with the Duchy: the boxed board at 99 columns and the compact one at 80 and
    60 (the clearing table headed by letters, and without the paths when even that is too wide)
    keep every row of the map and the panels within the width, in colour too."""
    checked = 0
    for seed in range(1, 6):            # (a random game may end early: the next seed goes on)
        for g in snapshots(table, seed=seed, every=97, limit=1000):
            d = observe(g.state, PUBLIC)
            for width in (99, 80, 60):
                for colour in (False, True):
                    text = render_board(d, width, Style(colour))
                    assert all(visible_len(line) <= width for line in text.split("\n")), (width, text)
                assert "Burrow" in text
            checked += 1
        if checked >= 3:
            break
    assert checked >= 3


def test_a_hand_written_position_draws_its_burrow_and_panel():
    """The position of tests/duchy_front_positions.py on the boards: 4 warriors in the Burrow,
    tunnels to 4 and 9, the Foremole and the Mayor swayed, a lord's crown lost, a citadel in 8 and
    a market in 9: Birdsong recruits 2 (next 4), Evening draws 2 (next 3)."""
    g = Game.from_position(hand_written())
    text = board_text(g, PUBLIC, 99)
    flat = " ".join(panel(text).split())
    assert "+- Burrow ---- D rules +" in text and "| D 4w" in text and "+- tunnels to 4 9 " in text
    assert "Burrow: 4 warriors (tunnels to 4 9)" in flat
    assert "Swayed: Foremole (squire), Mayor (noble)" in flat
    assert "Crowns on the board: squire 2 (1 VP), noble 2 (2 VP), lord 2 (3 VP); lost: lord 1" in flat
    assert "Citadels: 1 placed (8), 2 on the track; Birdsong recruits 2 (next 4)" in flat
    assert "Markets: 1 placed (9), 2 on the track; Evening draws 2 (next 3)" in flat
    compact = " ".join(board_text(g, PUBLIC, 80).split())
    assert "Burrow (the Duchy's, beside the map): 4w; tunnels to 4 9" in compact
    assert "swayed Foremole Mayor" in compact and "crowns S2 N2 L2 lost L1" in compact


def test_without_the_duchy_no_board_or_state_names_them():
    g = played(("marquise", "wyrm"), seed=1, limit=200)
    for width in (99, 80):
        text = board_text(g, PUBLIC, width)
        assert "Duchy" not in text and "DUCHY" not in text and "Burrow" not in text and "[c]" not in text
    v = state_view(g, "public")
    assert "duchy" not in v and "duchy" not in v["supplies"] and "moles" not in v["clearings"][0]


def test_the_duchy_have_their_own_colour_in_every_palette():
    for name, theme in PALETTES.items():
        others = [theme[f] for f in factions.NAMES if f != "duchy" and f in theme]
        assert "duchy" in theme and theme["duchy"] not in others, name
    st = Style(True)
    assert st.paint("D 3w", "duchy") != "D 3w" and strip(st.paint("D 3w", "duchy")) == "D 3w"
    colour = render_board(played(seed=1, limit=300).observation(1), 99, st)
    assert Style(True).paint("THE DUCHY", "duchy", "bold") in colour
    assert strip(colour) == render_board(played(seed=1, limit=300).observation(1), 99, Style(False))


def test_every_duchy_action_has_a_group_in_the_action_list():
    """The terminal's action list heads each Duchy action by what it is: setup (the corner, LoR
    12.3.3), Build, Recruit, Dig (its tunnel taken up first, the warriors coming up), a move to or
    from the Burrow, Parliament, the Banker, Sway, a card revealed, the Price of Failure."""
    titles = {title for title, _ in GROUPS}
    for kind in DC_KINDS:
        assert group_of(KIND[kind][0], "duchy_daylight") in titles, kind
    assert group_of(KIND["dc_corner"][0], "duchy_corner") == "Setup"
    assert group_of(KIND["dc_recruit"][0], "duchy_daylight") == "Recruit"
    assert group_of(KIND["burrow"][0], "duchy_daylight") == "Move to or from the Burrow"
    assert group_of(KIND["burrow"][0], "duchy_dig") == "Dig: warriors up from the Burrow"
    met = set()
    for seed in (7, 8):
        g = played(seed=seed, limit=2500)
        replay = g.start()
        for a in g.record:
            if replay.current_player >= 0:
                for b in replay.legal_actions():
                    assert group_of(b, replay.step) in titles, (replay.step, decode(b))
                    met.add(decode(b).kind)
            replay.apply(a)
    assert {"burrow", "dc_build", "dig", "minister", "sway", "reveal"} <= met, met


def test_every_duchy_step_has_words_and_an_owner_on_the_board():
    """The status line names each Duchy step (action_words.STEP_WORDS); its setup reads `Setup - the
    Duchy` (LoR 12.3) and its Daylight counts the Assembly's actions left (LoR 12.5.1)."""
    from wyrm_ai.model.textboard.words import step_words
    for step in DC_STEPS:
        assert step_words(step) != step, step
    g = played(("duchy", "wyrm"), seed=1, stop=lambda g: g.step == "duchy_corner")
    assert g.step == "duchy_corner" and "Setup - the Duchy" in board_text(g, PUBLIC)
    assert {group_of(a, g.step) for a in g.legal_actions()} == {"Setup"}
    g = played(seed=1, stop=lambda g: g.step == "duchy_daylight")
    assert f"{plural(g.state.to_dict()['assembly_left'], 'Assembly action')} left" in board_text(g, PUBLIC)
    g = played(seed=1, stop=lambda g: g.step == "duchy_parliament")
    d = g.state.to_dict()
    left = [duchy_facts.title(m) for m in duchy_facts.swayed(d) if m not in duchy_facts.used(d)]
    assert left and "ministers left: " + ", ".join(left) in board_text(g, PUBLIC)


# ---- the engine protocol -------------------------------------------------------------------------

def test_protocol_views_follow_the_schema_through_a_whole_game():
    """protocol 2.17: every view of a whole game validates against docs/protocol.md's schema; the
    `duchy` object is the core's board (the Burrow, tunnels, ministers, crowns, tracks, revealed
    cards, this turn), a clearing's pieces.duchy and flat fields its warriors, citadels, markets and
    tunnel, the supply the warriors, tunnels and the buildings still on their tracks."""
    jsonschema = pytest.importorskip("jsonschema")
    validator = jsonschema.Draft202012Validator(_schema())
    checked = 0
    for g in snapshots(seed=5, every=19, limit=2000):
        d = g.state.to_dict()
        for name in views_writable(g):
            v = json.loads(json.dumps(state_view(g, name)))
            validator.validate(v)
            z = v["duchy"]
            assert z["burrow"] == d["burrow"] and z["tunnels"] == [i + 1 for i in range(NCL) if d["tunnels"][i]]
            assert z["swayed"] == [m for k, m in enumerate(MINISTERS) if (d["swayed"] >> k) & 1]
            assert [z["crowns"][r]["board"] for r in ("squire", "noble", "lord")] == d["crowns"]
            mine = d["turn"] == duchy_seat(g) and d["turn_number"] > 0      # the turn's bookkeeping: the Duchy's turn only
            assert z["used"] == ([m for k, m in enumerate(MINISTERS) if (d["ministers_used"] >> k) & 1] if mine else [])
            assert z["assembly_left"] == (d["assembly_left"] if mine else 0)
            assert z["swayed_now"] == (bool(d["swayed_now"]) and mine)
            assert z["acting"] == (MINISTERS[d["acting"]] if d["acting"] >= 0 else None)
            assert z["revealed"] == tokens(d["duchy_revealed"])
            for c in v["clearings"]:
                mine = c["pieces"].get("duchy", {})
                i = c["clearing"] - 1
                assert (mine.get("warriors", 0), mine.get("citadels", 0), mine.get("markets", 0), mine.get("tunnel", 0)) \
                    == (d["moles"][i], d["citadels"][i], d["markets"][i], d["tunnels"][i])
                assert (c["moles"], c["citadels"], c["markets"], c["tunnel"]) == \
                    (d["moles"][i], d["citadels"][i], d["markets"][i], bool(d["tunnels"][i]))
            assert v["supplies"]["duchy"] == {"warriors": d["mole_supply"], "tunnels": d["tunnel_supply"],
                                              "citadels": 3 - sum(d["citadels"]), "markets": 3 - sum(d["markets"])}
            checked += 1
    assert checked >= 40


def test_the_protocol_version_is_2_21():
    assert PROTOCOL_VERSION == "2.21"


def test_a_new_duchy_game_has_its_board_in_the_state_json():
    """Before any Duchy turn: no warrior in the Burrow, every minister unswayed, 3 crowns a rank on
    the board, the tracks full (Birdsong recruits 1, Evening draws 1); after the setup, 2 warriors
    and a tunnel in a corner (LoR 12.3.3)."""
    g = Game(0, factions=TABLE)
    z = state_view(g, "public")["duchy"]
    assert z["burrow"] == 0 and z["swayed"] == [] and z["unswayed"] == list(MINISTERS)
    assert all(c == {"board": 3, "swayed": 0, "lost": 0, "vp": k + 1} for k, c in enumerate(z["crowns"].values()))
    assert z["citadels"] == {"on_map": 0, "track": 3, "clearings": [], "next": 2} and z["recruits"] == 1
    assert z["markets"] == {"on_map": 0, "track": 3, "clearings": [], "next": 2} and z["draws"] == 1
    g = played(seed=2, stop=lambda g: g.state.to_dict()["turn_number"] > 0)
    z = state_view(g, "public")["duchy"]
    assert len(z["tunnels"]) == 1 and z["tunnels"][0] in (1, 2, 3, 4)
    assert g.state.to_dict()["moles"][z["tunnels"][0] - 1] >= 2


def test_protocol_new_seats_the_duchy():
    """`new duchy wyrm marquise` seats the Duchy (seat order: any turn order); the state JSON holds
    their board, `showboard` draws the Burrow; a faction named twice is refused."""
    from test_protocol import Harness
    h = Harness(seed=3)
    assert h.ok("protocol_version") == [PROTOCOL_VERSION] == ["2.21"]
    h.ok("new duchy wyrm marquise 3")
    g = h.session.game
    assert g.factions == TABLE and g.factions[g.first] == "duchy"
    state = json.loads(h.ok("state public")[0])
    assert state["duchy"]["burrow"] == 0 and state["duchy"]["unswayed"] == list(MINISTERS)
    assert state["supplies"]["duchy"] == {"warriors": DC["warriors"], "tunnels": 3, "citadels": 3, "markets": 3}
    assert any(line.startswith("+- Burrow") for line in h.ok("showboard"))
    h.ok("new duchy marquise")
    assert h.session.game.factions == ("marquise", "duchy")
    assert h.err("new duchy moles wyrm").startswith("syntax")


def test_protocol_new_seats_the_duchy_and_plays_a_whole_game():
    """`new marquise duchy wyrm` seats the Duchy; `go` and `play` a whole game, every view valid."""
    from test_protocol import Harness
    jsonschema = pytest.importorskip("jsonschema")
    validator = jsonschema.Draft202012Validator(_schema())
    h = Harness(seed=3)
    h.ok("new duchy wyrm marquise 3")
    assert h.session.game.factions == TABLE
    h.ok("setoption level easy")
    for i in range(2500):
        g = h.session.game
        if g.is_terminal():
            break
        if i % 25 == 0:
            for view in views_of(g):
                validator.validate(json.loads(json.dumps(state_view(g, view))))
        h.ok("play " + h.ok("go")[0][9:])


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


def test_the_web_offers_the_duchy_and_draws_them(client):
    """The new-game form's seats come from /api/options: the Duchy are offered (a player's faction,
    not a bot); the page's script draws their warriors (D chips), citadels and markets in the
    slots, tunnels, the Burrow beside the map (a box with its warriors and dashed links to the
    tunnels' clearings) and the panel (Burrow, ministers, crowns, tracks, revealed)."""
    offered = {f["name"]: f for f in client.get("/api/options").json()["factions"]}
    assert offered["duchy"] == {"name": "duchy", "title": "Duchy", "bot": False}
    js = client.get("/static/board.js").text
    assert 'duchy: "D"' in js and "function drawDuchy" in js and "function drawBurrow" in js
    assert '"Burrow"' in js and "burrow-link" in js and '"tunnel"' in js
    assert "function clickBurrow" in js and "a.burrow" in js          # a click on the Burrow: its moves
    for words in ("swayed ministers", "unswayed ministers", "crowns", "citadels", "markets", "revealed"):
        assert f'"{words}"' in js, words
    css = client.get("/static/board.css").text
    assert ".f-duchy" in css and ".burrow-box" in css and ".burrow-link" in css


def test_web_targets_find_the_duchys_clearings():
    """A Duchy action is clicked on the map where it acts (web/targets.py): the corner of its setup,
    a Build's clearing (a citadel or a market), a Dig's clearing, the tunnel taken up, the tunnel
    clearing a move to or from the Burrow passes (docs/duchy-corvids.md §4's encoding)."""
    from wyrm_ai.web.targets import duchy_clearing
    start = {k: s for k, (s, _) in KIND.items()}
    assert duchy_clearing(start["dc_corner"] + 3) == 4
    assert duchy_clearing(start["dc_build"] + 0 * NCL + 7) == 8            # a citadel in 8
    assert duchy_clearing(start["dc_build"] + 1 * NCL + 8) == 9            # a market in 9
    assert duchy_clearing(start["dig"] + 10 * _core.NUM_CARD_TYPES + 17) == 11
    assert duchy_clearing(start["tunnel_off"] + 5) == 6
    assert duchy_clearing(start["burrow"] + (3 * 2 + 1) * 21 + 2) == 4     # 2 warriors from 4 down
    assert duchy_clearing(start["burrow"] + (8 * 2 + 0) * 21 + 4) == 9     # 4 up into 9
    assert duchy_clearing(start["move"]) is None
    g = played(seed=2, limit=600)
    for a in g.record:
        if decode(a).kind in ("dc_build", "dig", "dc_corner", "burrow"):
            assert 1 <= duchy_clearing(a) <= NCL


def test_a_web_game_beside_the_duchy_holds_their_board(client):
    """A web game seating the person as the Marquise beside an AI Duchy: the first update holds the
    Duchy's board (the Burrow, ministers, crowns, tracks) and the flat and faction pieces."""
    r = client.post("/api/games", json={"factions": list(TABLE), "humans": ["marquise"],
                                        "levels": {"duchy": "easy", "wyrm": "easy"}})
    assert r.status_code == 201, r.text
    game = r.json()
    token = game["players"][0]["token"]
    with client.websocket_connect(f"/api/games/{game['game']}/ws?token={token}") as ws:
        m = ws.receive_json()
        s = m["state"]
        assert m["words"]["titles"]["duchy"] == "Duchy"
        assert set(s["duchy"]) >= {"burrow", "tunnels", "swayed", "crowns", "citadels", "markets", "revealed"}
        assert all("moles" in c and "tunnel" in c for c in s["clearings"])


def test_a_web_game_as_the_duchy(client):
    """A web game seating the person as the Duchy: every update holds their board; its own actions
    with words; its corner clicked on the map; a Build, a Dig and a move to or from the Burrow at a
    clearing."""
    r = client.post("/api/games", json={"factions": list(TABLE), "humans": ["duchy"],
                                        "levels": {"marquise": "easy", "wyrm": "easy"}})
    assert r.status_code == 201, r.text
    game = r.json()
    token = game["players"][0]["token"]
    steps, kinds_at, burrow_moves = set(), set(), set()
    with client.websocket_connect(f"/api/games/{game['game']}/ws?token={token}") as ws:
        m = ws.receive_json()
        while m["state"]["turn_number"] <= 6 and m["state"]["to_move"] != "over":
            s = m["state"]
            assert m["view"] == "duchy" and s["hands"]["marquise"] is None and "burrow" in s["duchy"]
            if s["to_move"] == "duchy":
                steps.add(s["step"])
                assert {a["text"] for a in m["actions"]} == set(s["legal"])
                assert all(a["words"] for a in m["actions"])
                if s["step"] == "duchy_corner":
                    assert all(a["at"] in (1, 2, 3, 4) for a in m["actions"]), m["actions"]
                kinds_at |= {a["at"] is not None for a in m["actions"]}
                burrow_moves |= {a["burrow"] for a in m["actions"]}
                ws.send_json({"type": "play", "action": m["actions"][0]["text"]})
            m = ws.receive_json()
            assert m["type"] == "update", m
    assert "duchy_daylight" in steps and True in kinds_at and True in burrow_moves, steps


# ---- the command line ----------------------------------------------------------------------------

def run(*args, input=""):
    from click.testing import CliRunner
    from wyrm_ai.cli import main          # imports Rootlog, which knows the Duchy once merged
    return CliRunner().invoke(main, list(args), input=input)


@pytest.fixture
def in_tmp(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return tmp_path


ANSWERS = "".join(f"{1 + i % 3}\n" for i in range(6000))


def test_play_as_the_duchy_with_its_rules_and_panel(in_tmp):
    """`wyrm play --factions marquise,duchy,wyrm --as duchy`: a whole game with the person in the
    Duchy's seat; `rules` shows its rules (LoR 12); its panel and the Burrow are on screen."""
    r = run("play", "--factions", ",".join(TABLE), "--as", "duchy", "--level", "easy", "--seed", "11",
            "--no-color", "--record", "d.json", input="rules\nrules moles\n" + ANSWERS)
    assert r.exit_code == 0, r.output[-3000:]
    assert r.output.startswith("You are the Duchy")
    assert r.output.count("The Duchy's rules") == 2 and "LoR 12.5.3" in r.output
    assert "THE DUCHY (you)" in r.output and "+- Burrow" in r.output and "Swayed:" in r.output
    g = Game.load("d.json")
    human, replay, steps = g.seat_of("duchy"), g.start(), set()
    for a in g.record:
        if replay.current_player == human:
            steps.add(replay.step)
        replay.apply(a)
    assert "duchy_daylight" in steps, steps


def test_play_beside_an_ai_duchy_and_watch_arena_match(in_tmp):
    """`--ai duchy=heuristic` with the person the Marquise; watch, arena and match seat the Duchy."""
    r = run("play", "--factions", ",".join(TABLE), "--ai", "duchy=heuristic,wyrm=heuristic", "--seed", "2",
            "--no-color", "--record", "m.json", input=ANSWERS[:400])
    assert r.exit_code == 0, r.output[-3000:]
    assert "  D: " in r.output and "THE DUCHY (AI)" in r.output
    ai = "marquise=heuristic,duchy=heuristic,wyrm=random"
    r = run("watch", "--seed", "3", "--factions", ",".join(TABLE), "--ai", ai, "--no-color", "--every", "50")
    assert r.exit_code == 0, r.output[-3000:]
    assert "DUCHY (heuristic)" in r.output
    r = run("arena", "--games", "2", "--jobs", "1", "--factions", ",".join(TABLE), "--ai", ai)
    assert r.exit_code == 0, r.output[-3000:]
    r = run("match", "random", "heuristic", "--seat", "duchy", "--factions", ",".join(TABLE), "--games", "2",
            "--jobs", "1", "--seed", "2")
    assert r.exit_code == 0, r.output[-3000:]
    assert "duchy: random (candidate) against heuristic (baseline)" in r.output
