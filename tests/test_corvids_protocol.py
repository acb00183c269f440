"""The Corvid Conspiracy (LoR 13) in the engine protocol 2.18 (docs/protocol.md): the state JSON's
`corvids` object (corvids_facts) -- the plots by clearing with their facing, a face-down plot's type
in the Corvids' and the referee's views only (LoR 13.2.2.I), the types a wrong Exposure ruled out,
what the next flip scores, the snares, the draws, the crafting pieces, the turn's plots, actions and
Exert, the supply -- a clearing's pieces and flat fields, the supplies, the schema through whole
games, `new` and `setposition` seating the Corvids, and the events' words."""
from __future__ import annotations

import json
from itertools import chain

import pytest

from corvid_views import PLOT_TYPES, TABLE, face_down, hand_written, random_game, with_numbers
from mixes import random_positions
from test_protocol import Harness, _schema
from wyrm_ai import _core
from wyrm_ai.model import corvids_facts
from wyrm_ai.model.actions import decode, encode
from wyrm_ai.model.events import fields
from wyrm_ai.model.game import Game
from wyrm_ai.model.narration import sentence
from wyrm_ai.model.redaction import PUBLIC, REFEREE, events_seen, observe
from wyrm_ai.protocol.views import PROTOCOL_VERSION, state_view, views_of

CV = _core.CORVID_TABLE
NCL = _core.NUM_CLEARINGS


def test_the_protocol_version_is_2_21():
    assert PROTOCOL_VERSION == "2.21"


def test_corvids_facts_read_the_board_of_a_position():
    """LoR 13.2.1, 13.4.2, 13.6.2, 13.7.2: the hand-written position's plots (a face-down bomb in 3,
    a face-up snare in 7, a face-down extortion in 9 with a raid ruled out): one face up, two face
    down; the next flip scores 2 (the face-up plots, the flipped one included); the snare in 7; one
    Evening draw (no face-up extortion); the plots as crafting pieces of their clearings' suits; the
    supply's warriors and plots; the types left in the supply (two of each, LoR 13.2.2) to the
    Corvids alone."""
    g = Game.from_position(hand_written())
    mine, theirs = observe(g.state, 1), observe(g.state, 0)
    assert corvids_facts.plots(mine) == {3: {"type": "bomb", "face_up": False, "ruled_out": []},
                                         7: {"type": "snare", "face_up": True, "ruled_out": []},
                                         9: {"type": "extortion", "face_up": False, "ruled_out": ["raid"]}}
    assert corvids_facts.plots(theirs) == {3: {"type": None, "face_up": False, "ruled_out": []},
                                           7: {"type": "snare", "face_up": True, "ruled_out": []},
                                           9: {"type": None, "face_up": False, "ruled_out": ["raid"]}}
    for d in (mine, theirs):
        assert (corvids_facts.face_up(d), corvids_facts.face_down(d), corvids_facts.flip_vp(d)) == (1, 2, 2)
        assert corvids_facts.snares(d) == [7] and corvids_facts.draws(d) == CV["evening_draw"]
        assert corvids_facts.crafting(d) == {"fox": 0, "rabbit": 1, "mouse": 2}
        assert corvids_facts.supply(d) == {"warriors": CV["warriors"] - 6, "plots": CV["plots"] - 3}
        assert (corvids_facts.plots_placed(d), corvids_facts.plot_cost(d), corvids_facts.actions_left(d)) == (0, 1, 0)
        assert corvids_facts.exposing(d) is None and not corvids_facts.exerted(d)
    assert corvids_facts.supply_types(mine) == {"bomb": 1, "snare": 1, "extortion": 1, "raid": 2}
    assert corvids_facts.supply_types(theirs) is None


def test_the_corvids_turn_bookkeeping_is_theirs_alone():
    """LoR 13.5, 13.5.2: at the Corvids' turn begun from a position (its Birdsong), no Daylight
    action is counted yet; at their Daylight three are, and each plot placed raises the next one's
    cost by one warrior (trap K-T1); another seat's turn shows none of it."""
    g = Game.from_position(hand_written("corvids"))
    assert g.step == "corvids_birdsong"
    assert corvids_facts.actions_left(observe(g.state, 0)) == 0
    g.apply(encode("pass"))                         # no craft, flip or recruit: Birdsong is done
    assert g.step == "corvids_daylight"
    d = observe(g.state, 0)
    assert corvids_facts.actions_left(d) == CV["actions"] and corvids_facts.plot_cost(d) == 1
    g.apply(next(a for a in g.legal_actions() if decode(a).kind == "plot"))
    d = observe(g.state, 0)
    assert corvids_facts.plots_placed(d) == 1 and corvids_facts.plot_cost(d) == 2
    assert corvids_facts.actions_left(d) == CV["actions"] - 1
    d["turn"] = 0
    assert corvids_facts.plots_placed(d) == 0 and corvids_facts.actions_left(d) == 0


def test_a_new_corvid_game_has_their_board_in_the_state_json():
    """`new corvids wyrm marquise` seats the Corvids (LoR 13.3: 15 warriors, 8 plots in supply, two
    of each type: every view may count them, none lies on the map); the clearings' pieces and flat
    fields name their warriors and plots; a faction named twice is refused."""
    h = Harness(seed=3)
    assert h.ok("protocol_version") == [PROTOCOL_VERSION] == ["2.21"]
    h.ok("new corvids wyrm marquise 3")
    g = h.session.game
    assert g.factions == TABLE and g.factions[g.first] == "corvids"
    state = json.loads(h.ok("state public")[0])
    z = state["corvids"]
    assert z["plots"] == {} and z["supply"] == {"warriors": CV["warriors"], "plots": CV["plots"]}
    assert z["supply_types"] == dict.fromkeys(PLOT_TYPES, CV["plots_per_type"])
    assert state["supplies"]["corvids"] == {"warriors": CV["warriors"], "plots": CV["plots"]}
    assert all(c["corvids"] == 0 and c["plot"] is False for c in state["clearings"])
    h.ok("new corvids marquise")
    assert h.session.game.factions == ("marquise", "corvids")
    assert h.err("new corvids crows wyrm").startswith("syntax")


def test_setposition_seats_the_corvids_and_hides_their_face_down_types():
    """`setposition` reads the `corvids` object (docs/protocol.md, "Positions"); the state JSON then
    shows the face-down bomb's and extortion's types in the Corvids' and the referee's views only
    (LoR 13.2.2.I), the face-up snare's and the ruled-out raid in every view."""
    h = Harness(seed=4)
    h.ok("new marquise corvids wyrm")
    h.ok("setposition " + json.dumps(hand_written(), separators=(",", ":")))
    for view in ("marquise", "corvids", "wyrm", "public", "referee"):
        plots = json.loads(h.ok(f"state {view}")[0])["corvids"]["plots"]
        sees = view in ("corvids", "referee")
        assert (plots["3"]["type"], plots["9"]["type"]) == (("bomb", "extortion") if sees else (None, None))
        assert plots["7"] == {"type": "snare", "face_up": True, "ruled_out": []}
        assert plots["9"]["ruled_out"] == ["raid"] and not plots["9"]["face_up"]


def test_protocol_views_follow_the_schema_through_whole_games(monkeypatch):
    """protocol 2.18: every view of whole games validates against docs/protocol.md's schema; the
    `corvids` object is the core's board as the view may see it: every plot by clearing, its facing
    and ruled-out types, its type in the Corvids' and the referee's views (a face-up plot's in every
    view, LoR 13.2.2.I), the supply (and its types where no face-down plot is hidden); a clearing's
    pieces.corvids and flat fields are its warriors and plot; supplies.corvids the supply."""
    jsonschema = pytest.importorskip("jsonschema")
    validator = jsonschema.Draft202012Validator(_schema())
    with_numbers(monkeypatch)
    checked = hidden = 0
    four = ("corvids", "riverfolk", "eyrie", "wyrm")
    for g in chain(random_positions(TABLE, 1, 29, 1), random_positions(four, 1, 29, 2)):
        d = g.state.to_dict()
        down = face_down(d)
        for name in views_of(g):
            v = json.loads(json.dumps(state_view(g, name)))
            validator.validate(v)
            z, sees = v["corvids"], name in ("corvids", REFEREE)
            assert set(z["plots"]) == {str(c + 1) for c in range(NCL) if d["plots"][c]}
            for key, row in z["plots"].items():
                c = int(key) - 1
                assert row["face_up"] == (c not in down)
                assert row["type"] == (PLOT_TYPES[d["plot_types"][c]] if sees or c not in down else None)
                assert row["ruled_out"] == [t for k, t in enumerate(PLOT_TYPES) if (d["plot_not"][c] >> k) & 1]
                hidden += row["type"] is None
            assert (z["supply_types"] is None) == (bool(down) and not sees)
            assert z["supply"] == v["supplies"]["corvids"] == {"warriors": d["corvid_supply"],
                                                               "plots": d["plot_supply"]}
            for c in v["clearings"]:
                i = c["clearing"] - 1
                mine = c["pieces"].get("corvids", {})
                assert (mine.get("warriors", 0), mine.get("plots", 0)) == (d["corvids"][i], d["plots"][i])
                assert (c["corvids"], c["plot"]) == (d["corvids"][i], bool(d["plots"][i]))
            checked += 1
    assert checked >= 100 and hidden > 50, (checked, hidden)


def test_a_plot_event_names_its_type_to_the_corvids_alone():
    """LoR 13.5.2: the engine's `events` reply (fields and words) of a Plot names the clearing and the
    warriors to every view, its type to the Corvids and the referee only (the field left out, the
    words "a plot"); a flip names the type to all (LoR 13.4.2)."""
    g = random_game(TABLE, 1)
    told = {"plot": 0, "flip": 0}
    for evs in g.events:
        for view in (0, 1, 2, PUBLIC, REFEREE):
            for e in events_seen(evs, view, g.faction_ids):
                if e.kind not in told:
                    continue
                shown = dict(fields(e), text=sentence(e))
                sees = e.kind == "flip" or view in (1, REFEREE)
                assert ("plot" in shown) == sees and shown["clearing"] == e.clearing + 1
                assert any(t in shown["text"] for t in PLOT_TYPES) == sees, shown["text"]
                told[e.kind] += 1
    assert told["plot"] > 20 and told["flip"] > 5, told
