"""Positions seating the Corvid Conspiracy (issue 34; docs/api.md, "The position format"): the
Corvids' reader (wyrm_ai/model/position_factions.py) reads their warriors and plot per clearing and
the `corvids` object's plots (each one's type, facing and the types a wrong Exposure ruled out); a
state of a Corvid game reads back as its position (the referee's: a seat's view hides the face-down
types, LoR 13.2.2.I); bad input is a PositionError naming what was wrong."""
from __future__ import annotations

import copy
import json

import pytest

from corvid_views import (CV_FIELDS, PLOT_TYPES, TABLE, changed_board, hand_written, position_of, random_game,
                          with_numbers, with_rows)
from mixes import CORVID_MIXES, mix_id, random_positions
from read_back import read_back
from wyrm_ai import _core
from wyrm_ai.model.actions import decode
from wyrm_ai.model.errors import PositionError
from wyrm_ai.model.game import Game
from wyrm_ai.model.position import core_dict
from wyrm_ai.protocol.views import state_view

CV = _core.CORVID_TABLE


@pytest.fixture(autouse=True)
def _texts(monkeypatch):
    """The referee's view lists the legal actions' texts: numbers until the Corvids' notation is
    merged (corvid_views.with_numbers); no part of a position."""
    with_numbers(monkeypatch)


@pytest.mark.parametrize("mix", CORVID_MIXES, ids=mix_id)
def test_a_state_of_a_corvid_game_reads_back_as_its_position(mix):
    """LoR 13.2.2, 13.2.4: at points of seeded games, the Corvids' pieces and plots (types, facing,
    ruled-out types) and the shared cards read back from the referee's state JSON as a position,
    the supplies too; and the game it sets up starts that turn."""
    checked, started = read_back(random_positions(mix, 6, 31, 401), CV_FIELDS)
    assert checked >= 8 and started >= 6


def test_every_point_of_a_corvid_game_reads_back_where_the_corvids_move_too():
    """The round trip at every point, the Corvids' own steps included (Birdsong, Daylight, Evening's
    Exert, another seat's Exposure): the referee's state JSON read back as a position holds the same
    Corvid fields, and sets up a game at that turn's start."""
    steps, checked = set(), 0

    def visit(g):
        nonlocal checked
        d = g.state.to_dict()
        if d["turn_number"] == 0 or len(g.record) % 4:
            return
        position = position_of(g)
        got = core_dict(copy.deepcopy(position))
        assert {k: got[k] for k in CV_FIELDS} == {k: d[k] for k in CV_FIELDS}, g.step
        assert Game.from_position(position).factions == g.factions
        steps.add(g.step)
        checked += 1

    random_game(TABLE, 5, visit=visit, limit=700)
    assert checked >= 80 and {"corvids_birdsong", "corvids_daylight", "corvids_evening", "exposure"} <= steps, steps


def test_a_hand_written_position_with_the_corvids():
    """LoR 13.2.2: warriors and plots from the clearings; each plot's type and facing, the raid ruled
    out in 9; the supply the warriors and plots not on the map; the game starts at the Marquise's
    Daylight."""
    d = core_dict(hand_written())
    assert [d["corvids"][i] for i in (2, 6, 8, 11)] == [2, 1, 1, 2] and sum(d["corvids"]) == 6
    assert [i + 1 for i in range(12) if d["plots"][i]] == [3, 7, 9]
    assert [d["plot_types"][i] for i in (2, 6, 8)] == [PLOT_TYPES.index(t) for t in ("bomb", "snare", "extortion")]
    assert d["plots_up"] == 1 << 6 and d["plot_not"][8] == 1 << PLOT_TYPES.index("raid")
    assert sum(d["plot_not"]) == d["plot_not"][8]
    assert d["corvid_supply"] == CV["warriors"] - 6 and d["plot_supply"] == CV["plots"] - 3
    g = Game.from_position(hand_written())
    assert g.factions == TABLE and g.step == "marquise_daylight"


def test_a_position_at_the_corvids_turn_runs_its_birdsong():
    """LoR 13.4: the turn starts at its Birdsong: crafting first (LoR 13.4.1), the face-down plots
    with a Corvid warrior may be flipped (LoR 13.4.2: the bomb in 3, the extortion in 9), no plot
    placed yet this turn."""
    g = Game.from_position(hand_written("corvids"))
    d = g.state.to_dict()
    assert g.step == "corvids_birdsong" and d["plotted"] == 0 and d["cv_stage"] == 0
    flips = {decode(a).args[0] + 1 for a in g.legal_actions() if decode(a).kind == "flip"}
    assert flips == {3, 9}


def test_a_position_reads_back_from_its_own_state_json():
    """The referee's state JSON of a game set up from a position is that position again (its
    derived fields read past: face_up, face_down, flip_vp, snares, draws, crafting, plots_placed,
    plot_cost, actions_left, exerted, exposing, supply, supply_types)."""
    g = Game.from_position(hand_written())
    back = core_dict(position_of(g))
    d = g.state.to_dict()
    assert {k: back[k] for k in CV_FIELDS} == {k: d[k] for k in CV_FIELDS}
    assert position_of(g)["corvids"]["plots"]["9"] == {"type": "extortion", "face_up": False, "ruled_out": ["raid"]}


def test_a_seats_view_is_no_position_it_hides_the_face_down_types():
    """LoR 13.2.2.I: a seat's state JSON holds null for a face-down plot's type; read as a position it
    is refused by name (a position gives every type: the referee's view holds them)."""
    g = Game.from_position(hand_written())
    view = json.loads(json.dumps(state_view(g, "marquise")))
    with pytest.raises(PositionError, match=r"corvids.plots.3.type is null: a position gives every plot's type"):
        core_dict(view)


def _plot(key, **row):
    """hand_written()'s plots with clearing key's row replaced."""
    plots = copy.deepcopy(hand_written()["corvids"]["plots"])
    plots[key] = row
    return changed_board(plots=plots)


@pytest.mark.parametrize("position, words", [
    (changed_board(plots={}), "clearing 3 holds a plot, but corvids.plots gives no type for it"),
    ({k: v for k, v in hand_written().items() if k != "corvids"},
     "clearing 3 holds a plot, but corvids.plots gives no type"),
    (_plot("4", type="raid"), "corvids.plots.4: clearing 4 holds no plot"),
    (_plot("13", type="raid"), "corvids.plots has no field '13'"),
    (_plot("3", type=None), "corvids.plots.3.type is null"),
    (_plot("3", type="mine"), "corvids.plots.3.type must be 'bomb' or 'snare' or 'extortion' or 'raid', not 'mine'"),
    (_plot("3", type="bomb", face_up="yes"), "corvids.plots.3.face_up must be true or false"),
    (_plot("3", type="bomb", hidden=True), "corvids.plots.3 has no field 'hidden'"),
    (_plot("7", type="snare", face_up=True, ruled_out=["raid"]), "ruled_out names types, but the plot lies face up"),
    (_plot("9", type="extortion", ruled_out=["extortion"]), "names 'extortion', the plot's own type"),
    (_plot("9", type="extortion", ruled_out="raid"), "corvids.plots.9.ruled_out must be a list of plot types"),
    (_plot("9", type="extortion", ruled_out=["trap"]), "corvids.plots.9.ruled_out must be 'bomb' or"),
    (changed_board(plots={"3": {"type": "snare"}, "7": {"type": "snare", "face_up": True},
                          "9": {"type": "snare"}}), "3 snare plots on the map: the Corvids have 2 of each"),
    (changed_board(colour="black"), "corvids has no field 'colour'"),
    (with_rows(lambda rows: rows[2].update(pieces={"corvids": {"warriors": 2, "plots": 2}})),
     "pieces.corvids.plots must be a whole number from 0 to 1"),
    (with_rows(lambda rows: rows[2].update(pieces={"corvids": {"warriors": 2, "plot": 1}})),
     "pieces.corvids has no field 'plot'"),
    (with_rows(lambda rows: rows[11].update(pieces={"corvids": {"warriors": 12}})),
     "16 Corvid warriors on the map, but the game has only 15"),
    (with_rows(lambda rows: rows[2].update(corvids=3)), "must agree"),       # the flat name against `pieces`
    (with_rows(lambda rows: rows[2].update(plot=1)), "clearing 3 plot must be true or false"),
])
def test_bad_corvid_positions_are_refused_by_name(position, words):
    with pytest.raises(PositionError, match=words):
        Game.from_position(copy.deepcopy(position))


def test_a_corvids_object_or_pieces_without_the_corvids_are_refused():
    p = hand_written()
    p["factions"] = ["marquise", "wyrm"]
    p["hands"] = {"marquise": ["F#anvil"], "wyrm": ["R#ambush"]}
    for n in (2, 6, 8, 11):
        p["clearings"][n]["pieces"].pop("corvids")
    with pytest.raises(PositionError, match="'corvids' object, but the Corvids is not in its factions"):
        Game.from_position(copy.deepcopy(p))
    p.pop("corvids")
    assert Game.from_position(copy.deepcopy(p)).factions == ("marquise", "wyrm")
    p["clearings"][2]["plot"] = True
    with pytest.raises(PositionError, match="clearing 3 has no field 'plot'"):
        Game.from_position(p)


def test_the_flat_names_read_as_the_pieces_do():
    """The 2.7 flat names of the Corvids' pieces: `corvids` (a count), `plot` (true/false)."""
    def flat(rows):
        for row in rows:
            mine = row.get("pieces", {}).pop("corvids", None)
            if mine:
                row.update(corvids=mine.get("warriors", 0), plot=bool(mine.get("plots", 0)))
    got, want = core_dict(with_rows(flat)), core_dict(hand_written())
    assert {k: got[k] for k in CV_FIELDS} == {k: want[k] for k in CV_FIELDS}
