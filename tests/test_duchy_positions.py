"""Positions seating the Underground Duchy (issue 34; docs/api.md, "The position format"): the
Duchy's reader (wyrm_ai/model/position_factions.py) reads its warriors, citadels, markets and
tunnel per clearing and its `duchy` object (the warriors in the Burrow, the swayed ministers, the
crowns lost, the cards revealed this turn); a state of a Duchy game reads back as its position; bad
input is a PositionError naming what was wrong."""
from __future__ import annotations

import copy

import pytest

from duchy_front_positions import (DC_FIELDS, TABLE, changed_board, hand_written, position_of, texts_known,
                                   with_rows)
from mixes import random_positions
from read_back import read_back
from wyrm_ai import _core
from wyrm_ai.model.errors import PositionError
from wyrm_ai.model.game import Game
from wyrm_ai.model.position import core_dict

MARQUISE, WYRM, DUCHY = 0, 4, 9
DC = _core.DUCHY_TABLE


@pytest.mark.parametrize("mix", [("marquise", "duchy", "wyrm"), ("eyrie", "duchy", "alliance", "vagabond"),
                                 ("duchy", "riverfolk", "lizards")], ids=("CDW", "EDAV", "DOL"))
def test_a_state_of_a_duchy_game_reads_back_as_its_position(mix):
    """LoR 12.2.2-4, 12.5.3, C12: at points of seeded games, the Duchy's pieces and board and the
    shared cards read back from the state JSON as a position: moles, citadels, markets and tunnels,
    the Burrow, the swayed ministers, each rank's crowns on the board (those lost out of the game),
    the revealed cards, the supplies; and the game it sets up starts that turn. (Points where the
    Duchy are to move are passed over until their notation is merged: the referee's view lists the
    legal actions' texts.)"""
    checked, started = read_back((g for g in random_positions(mix, 8, 29, 401) if texts_known(g)), DC_FIELDS)
    assert checked >= 8 and started >= 6


def test_every_point_of_a_duchy_game_reads_back_where_the_duchy_move_too(monkeypatch):
    """The round trip at every point, the Duchy's own steps included (their Assembly, a reveal, Dig,
    Parliament, a minister's action, Sway, the Price of Failure): the referee's state JSON read back
    as a position holds the same Duchy fields, and sets up a game. The legal actions' texts are no
    part of a position: left out here (the Duchy's notation is not merged yet)."""
    monkeypatch.setattr(Game, "legal_texts", lambda self: [])
    steps, checked = set(), 0
    for g in random_positions(("marquise", "duchy", "wyrm"), 3, 13, 501):
        d = g.state.to_dict()
        if g.is_terminal() or d["turn_number"] == 0:
            continue
        position = position_of(g)
        got = core_dict(copy.deepcopy(position))
        assert {k: got[k] for k in DC_FIELDS} == {k: d[k] for k in DC_FIELDS}, g.step
        assert Game.from_position(position).factions == g.factions
        steps.add(g.step)
        checked += 1
        if checked >= 60 and {"duchy_daylight", "duchy_parliament"} <= steps:
            break
    assert checked >= 40 and {"duchy_daylight", "duchy_parliament"} <= steps, steps


def test_a_hand_written_position_with_the_duchy():
    """LoR 12: moles, citadels, markets and tunnels from the clearings; the Burrow's warriors out of
    the supply; the Foremole and the Mayor swayed (their crowns off the board), a lord's crown lost
    (C12: 3 a rank); the tracks' citadels and markets those not on the map."""
    d = core_dict(hand_written())
    assert d["moles"][3] == 3 and d["moles"][7] == 2 and d["moles"][8] == 1 and d["burrow"] == 4
    assert [i + 1 for i, n in enumerate(d["tunnels"]) if n] == [4, 9] and d["tunnel_supply"] == DC["tunnels"] - 2
    assert d["citadels"][7] == 1 and d["markets"][8] == 1 and sum(d["citadels"]) == sum(d["markets"]) == 1
    assert d["swayed"] == (1 << DC["ministers"].index("foremole")) | (1 << DC["ministers"].index("mayor"))
    assert d["crowns"] == [2, 2, 2]                 # a squire and a noble swayed, a lord lost
    assert d["mole_supply"] == DC["warriors"] - 6 - 4
    assert sum(d["duchy_revealed"]) == 0
    g = Game.from_position(hand_written())
    assert g.factions == TABLE and g.step == "marquise_daylight"


def test_a_position_at_the_duchys_turn_runs_its_birdsong():
    """LoR 12.4: the turn starts at its Birdsong: one warrior into the Burrow plus one per citadel's
    icon (1 citadel on the map: 2 in all); then the Assembly's two actions (LoR 12.5.1)."""
    g = Game.from_position(hand_written("duchy"))
    d = g.state.to_dict()
    assert g.step == "duchy_daylight" and d["burrow"] == 4 + DC["burrow_recruits"][1]
    assert d["assembly_left"] == DC["assembly"]


def test_a_position_reads_back_from_its_own_state_json():
    """The state JSON of a game set up from a position is that position again (its derived fields
    read past: ministers, unswayed, crowns, tunnels, citadels, markets, recruits, draws, crafting,
    used, assembly_left, swayed_now, acting, supply)."""
    g = Game.from_position(hand_written())
    back = core_dict(position_of(g))
    d = g.state.to_dict()
    assert {k: back[k] for k in DC_FIELDS} == {k: d[k] for k in DC_FIELDS}
    assert position_of(g)["duchy"]["crowns_lost"] == {"squire": 0, "noble": 0, "lord": 1}


def test_revealed_cards_read_at_the_duchys_turn():
    """The cards revealed this turn are public (LoR 12.5) and read where it is the Duchy's turn;
    the deck lacks them."""
    d = core_dict(hand_written("duchy", revealed=["M#roottea"]))
    t = [k for k, n in enumerate(d["duchy_revealed"]) if n]
    assert len(t) == 1 and _core.CARDS[t[0]][0].lower().replace(" ", "") == "roottea"
    fresh = core_dict(hand_written("duchy"))
    assert d["deck"][t[0]] == fresh["deck"][t[0]] - 1


@pytest.mark.parametrize("position, words", [
    ({k: v for k, v in hand_written().items() if k != "duchy"}, "no 'duchy' object"),
    (changed_board(revealed=["M#roottea"]), "duchy.revealed holds cards, but it is the marquise's turn"),
    (changed_board(burrow=21), "duchy.burrow must be a whole number from 0 to 20"),
    (changed_board(burrow=-1), "duchy.burrow must be a whole number"),
    (changed_board(burrow=True), "duchy.burrow must be a whole number"),
    (changed_board(burrow=15), "21 Duchy warriors on the map and in the Burrow, but the game has only 20"),
    (changed_board(swayed=["duke"]), "duchy.swayed must be 'foremole' or"),
    (changed_board(swayed="foremole"), "duchy.swayed must be a list of minister names"),
    (changed_board(crowns_lost={"squire": 4}), "duchy.crowns_lost.squire must be a whole number from 0 to 3"),
    (changed_board(swayed=["duchess_of_mud", "baron_of_dirt", "earl_of_stone"], crowns_lost={"lord": 1}),
     "3 swayed lords and 1 lord crowns lost: a rank has 3 crowns"),
    (changed_board(crowns_lost={"duke": 1}), "duchy.crowns_lost has no field 'duke'"),
    (changed_board(colour="brown"), "duchy has no field 'colour'"),
    (with_rows(lambda rows: rows[3].update(pieces={"duchy": {"warriors": 3, "tunnel": 2}})),
     "pieces.duchy.tunnel must be a whole number from 0 to 1"),
    (with_rows(lambda rows: [rows[i].update(pieces={"duchy": {"tunnel": 1}}) for i in (1, 2)]),
     "4 tunnels on the map, but the game has only 3"),
    (with_rows(lambda rows: [rows[i].update(pieces={"duchy": {"warriors": 1, "citadels": 1}}) for i in (1, 2, 5)]),
     "4 citadels on the map, but the game has only 3"),
    (with_rows(lambda rows: rows[7].update(pieces={"duchy": {"warriors": 2, "citadels": 1, "markets": 2}})),
     "clearing 8 holds more buildings than it has free slots"),
    (with_rows(lambda rows: rows[7].update(pieces={"duchy": {"moles": 1}})), "pieces.duchy has no field 'moles'"),
    (with_rows(lambda rows: rows[3].update(moles=2)), "must agree"),       # the flat name against `pieces`
])
def test_bad_duchy_positions_are_refused_by_name(position, words):
    with pytest.raises(PositionError, match=words):
        Game.from_position(copy.deepcopy(position))


def test_a_duchy_object_or_pieces_without_the_duchy_are_refused():
    p = hand_written()
    p["factions"] = ["marquise", "wyrm"]
    p["hands"] = {"marquise": ["F#anvil"], "wyrm": ["R#ambush"]}
    for n in (3, 7, 8):
        p["clearings"][n]["pieces"].pop("duchy")
    with pytest.raises(PositionError, match="'duchy' object, but the Duchy is not in its factions"):
        Game.from_position(copy.deepcopy(p))
    p.pop("duchy")
    assert Game.from_position(copy.deepcopy(p)).factions == ("marquise", "wyrm")
    p["clearings"][3]["tunnel"] = True
    with pytest.raises(PositionError, match="clearing 4 has no field 'tunnel'"):
        Game.from_position(p)


def test_the_flat_names_read_as_the_pieces_do():
    """The 2.7 flat names of the Duchy's pieces: `moles`, `citadels`, `markets` (counts), `tunnel`
    (true/false)."""
    def flat(rows):
        for row in rows:
            mine = row.get("pieces", {}).pop("duchy", None)
            if mine:
                row.update(moles=mine.get("warriors", 0), citadels=mine.get("citadels", 0),
                           markets=mine.get("markets", 0), tunnel=bool(mine.get("tunnel", 0)))
    got, want = core_dict(with_rows(flat)), core_dict(hand_written())
    assert {k: got[k] for k in DC_FIELDS} == {k: want[k] for k in DC_FIELDS}
