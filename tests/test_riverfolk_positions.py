"""Positions seating the Riverfolk Company (issue 33; docs/api.md, "The position format"): the
Riverfolk's reader (wyrm_ai/model/position_factions.py) reads its warriors and trade posts per
clearing and its `riverfolk` object (the prices, the Payments, Funds and Committed boxes by owner,
each suit's posts on the track or lost, the crafting spaces used); a state of a Riverfolk game
reads back as its position; bad input is a PositionError naming what was wrong."""
from __future__ import annotations

import copy

import pytest

from mixes import random_positions
from read_back import read_back
from riverfolk_front_positions import RF_FIELDS, TABLE, changed_board, hand_written, position_of, with_rows
from wyrm_ai import _core
from wyrm_ai.model.errors import PositionError
from wyrm_ai.model.game import Game
from wyrm_ai.model.position import core_dict

MARQUISE, WYRM, RIVERFOLK = 0, 4, 8


@pytest.mark.parametrize("mix", [("marquise", "riverfolk", "wyrm"), ("eyrie", "riverfolk", "alliance", "vagabond"),
                                 ("riverfolk", "lizards", "wyrm")], ids=("CRW", "EOAV", "OLW"))
def test_a_state_of_a_riverfolk_game_reads_back_as_its_position(mix):
    """LoR 11.2.4, 11.2.5.I, W-MP-18: at points of seeded games, the Riverfolk's pieces and board and
    the shared cards read back from the state JSON as a position: otters and trade posts, the
    boxes by owner (every owner's supply without them), the posts left on each track (those lost
    out of the game), the crafting spaces used, the prices; and the game it sets up starts that
    turn."""
    checked, started = read_back(random_positions(mix, 6, 29, 301), RF_FIELDS)
    assert checked >= 8 and started >= 6


def test_a_hand_written_position_with_the_riverfolk():
    """LoR 11: otters and trade posts from the clearings (a post of its clearing's suit), a fox post
    lost (removed from the game, 11.2.5.I), the rabbit track given; the boxes by owner, each
    owner's supply without its warriors there (W-MP-18); the prices; a fox crafting space used."""
    d = core_dict(hand_written())
    assert d["otters"][3] == 2 and d["otters"][6] == 1 and d["otters"][9] == 1
    assert [i + 1 for i, n in enumerate(d["trade_posts"]) if n] == [4, 7]
    assert d["posts_left"] == [2, 2, 2]            # fox: 1 lost; rabbit: 1 on the map; mouse: 1 on the map
    assert d["track_used"] == [1, 0, 0] and d["prices"] == [2, 1, 3]
    assert d["payments"][MARQUISE] == 2 and d["funds"][WYRM] == 3 and d["funds"][RIVERFOLK] == 2
    assert d["committed"][RIVERFOLK] == 1 and sum(d["committed"]) == 1
    assert d["otter_supply"] == _core.RIVERFOLK_TABLE["warriors"] - 4 - 3
    assert d["warrior_supply"] == 25 - 3 - 2 and d["wyrmling_supply"] == 8 - 1 - 3
    g = Game.from_position(hand_written())
    assert g.factions == TABLE and g.step == "services"        # the Marquise may buy (LoR 11.2.6)
    assert g.state.to_dict()["funds"] == d["funds"]


def test_a_position_at_the_riverfolks_turn_runs_its_birdsong():
    """LoR 11.4: the turn starts at its Birdsong: Payments not empty, so no Protectionism (11.4.1);
    Dividends score one VP per two funds with a post on the map (11.4.2: 5 funds, 2 VP); Gather
    moves Payments and Committed to Funds (11.4.3)."""
    g = Game.from_position(hand_written("riverfolk"))
    d = g.state.to_dict()
    assert g.step == "riverfolk_daylight" and g.scores == (0, 2, 0)
    assert d["funds"][MARQUISE] == 2 and d["funds"][WYRM] == 3 and d["funds"][RIVERFOLK] == 3
    assert sum(d["payments"]) == 0 and sum(d["committed"]) == 0 and d["track_used"] == [0, 0, 0]
    empty = hand_written("riverfolk", payments={}, committed={}, posts={"fox": {"lost": 1}, "rabbit": {"track": 2}})
    g = Game.from_position(empty)         # Protectionism places two of their own (11.4.1)
    assert g.state.to_dict()["funds"][RIVERFOLK] == 2 + 2 + 0


def test_a_position_reads_back_from_its_own_state_json():
    """The state JSON of a game set up from a position is that position again (its derived fields
    read past: hand, funds_total, dividends, services, supply, each suit's on_map, next_vp,
    spaces, free)."""
    g = Game.from_position(hand_written())
    back = core_dict(position_of(g))
    d = g.state.to_dict()
    assert {k: back[k] for k in RF_FIELDS} == {k: d[k] for k in RF_FIELDS}


@pytest.mark.parametrize("position, words", [
    ({k: v for k, v in hand_written().items() if k != "riverfolk"}, "no 'riverfolk' object"),
    (changed_board(prices={"hand_card": 2, "riverboats": 1}), "no 'mercenaries'"),
    (changed_board(prices={"hand_card": 5, "riverboats": 1, "mercenaries": 1}), "prices.hand_card must be"),
    (changed_board(prices={"hand_card": True, "riverboats": 1, "mercenaries": 1}), "prices.hand_card must be"),
    (changed_board(prices={"hand_card": 1, "riverboats": 1, "mercenaries": 1, "ferry": 1}), "no field 'ferry'"),
    (changed_board(posts={"rabbit": {"track": 3}}), "a suit has 3 trade posts"),
    (changed_board(posts={"mouse": {"track": 1, "lost": 0}}), "a suit has 3 trade posts"),
    (changed_board(posts={"mouse": {"lost": 3}}), "a suit has 3 trade posts"),
    (changed_board(posts={"mouse": {"on_map": 2}}), "posts.mouse.on_map is 2"),
    (changed_board(posts={"bird": {"lost": 1}}), "no field 'bird'"),
    (changed_board(crafting={"rabbit": {"used": 2}}), "crafting.rabbit.used is 2"),
    (changed_board(funds={"vagabond": 1}), "riverfolk.funds has no field 'vagabond'"),
    (changed_board(payments={"marquise": 23}), "Marquise warriors in the Riverfolk's boxes"),
    (changed_board(funds={"wyrm": 8}), "Wyrm warriors in the Riverfolk's boxes"),
    (changed_board(funds={"riverfolk": 12}), "Riverfolk warriors on the map and in their boxes"),
    (changed_board(committed={"wyrm": -1}), "riverfolk.committed.wyrm must be a whole number"),
    (changed_board(colour="teal"), "riverfolk has no field 'colour'"),
    (with_rows(lambda rows: rows[3].update(pieces={"riverfolk": {"trade_posts": 2}})), "trade_posts must be a whole number from 0 to 1"),
    (with_rows(lambda rows: rows[3].update(pieces={"riverfolk": {"boats": 1}})), "pieces.riverfolk has no field 'boats'"),
    (with_rows(lambda rows: rows[3].update(otters=3)), "must agree"),       # the flat name against `pieces`
])
def test_bad_riverfolk_positions_are_refused_by_name(position, words):
    with pytest.raises(PositionError, match=words):
        Game.from_position(copy.deepcopy(position))


def test_the_vagabond_has_no_warriors_in_the_boxes():
    """LoR 11.2.6.III: the Vagabond pays with items and the Riverfolk place their own warriors, so
    no box holds his."""
    p = hand_written(payments={"vagabond": 1})
    p["factions"] = ["marquise", "vagabond", "riverfolk", "wyrm"]
    p["hands"]["vagabond"] = []
    p["vagabond"] = {"character": "thief", "pawn": 3}
    with pytest.raises(PositionError, match="the Vagabond has no warriors"):
        core_dict(p)
    p["riverfolk"]["payments"] = {"marquise": 2}
    assert core_dict(p)["payments"][MARQUISE] == 2


def test_a_riverfolk_object_or_pieces_without_the_riverfolk_are_refused():
    p = hand_written()
    p["factions"] = ["marquise", "wyrm"]
    p["hands"] = {"marquise": ["F#anvil"], "wyrm": ["R#ambush"]}
    for n in (3, 6, 9):
        p["clearings"][n]["pieces"].pop("riverfolk")
    with pytest.raises(PositionError, match="'riverfolk' object, but the Riverfolk is not in its factions"):
        Game.from_position(copy.deepcopy(p))
    p.pop("riverfolk")
    assert Game.from_position(copy.deepcopy(p)).factions == ("marquise", "wyrm")
    p["clearings"][3]["trade_post"] = True
    with pytest.raises(PositionError, match="clearing 4 has no field 'trade_post'"):
        Game.from_position(p)


def test_the_flat_names_read_as_the_pieces_do():
    """The 2.7 flat names of the Riverfolk's pieces: `otters` (a count), `trade_post` (true/false)."""
    def flat(rows):
        for row in rows:
            mine = row.get("pieces", {}).pop("riverfolk", None)
            if mine:
                row.update(otters=mine.get("warriors", 0), trade_post=bool(mine.get("trade_posts", 0)))
    got, want = core_dict(with_rows(flat)), core_dict(hand_written())
    assert {k: got[k] for k in RF_FIELDS} == {k: want[k] for k in RF_FIELDS}
