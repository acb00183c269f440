"""Positions seating the Lizard Cult (issue 33; docs/api.md, "The position format"): the Cult's
reader (wyrm_ai/model/position_factions.py) reads its warriors and gardens per clearing and its
`lizards` object (the Outcast and its side, the acolytes, the Lost Souls pile, the revealed cards);
a referee state of a Cult game reads back as its position; bad input is a PositionError naming
what was wrong."""
from __future__ import annotations

import copy

import pytest

from mixes import random_positions
from wyrm_ai import _core
from wyrm_ai.model.cards import CARDS
from wyrm_ai.model.errors import PositionError
from wyrm_ai.model.game import Game
from wyrm_ai.model.position import core_dict
from wyrm_ai.protocol.views import state_view

SUITS = ("fox", "rabbit", "mouse")
CULT_FIELDS = ("lizards", "gardens", "lizard_supply", "acolytes", "outcast", "hated", "lost_souls", "revealed")
SHARED = ("turn", "score", "deck", "deck_size", "hand", "hand_size", "discard", "play_area", "available")


def tokens(counts) -> list[str]:
    return [CARDS[t].token for t, n in enumerate(counts) for _ in range(n)]


def cult_object(d: dict) -> dict:
    """The `lizards` object of a state dict, as the position format reads it."""
    return {"outcast": SUITS[d["outcast"]], "hated": bool(d["hated"]), "acolytes": d["acolytes"],
            "lost_souls": tokens(d["lost_souls"]), "revealed": tokens(d["revealed"])}


def position_of(g) -> dict:
    """The `state referee` view of g with the Cult's object (a view that has none yet gets it from
    the state dict; one that has it keeps its own, which must read)."""
    view = state_view(g, "referee")
    view.setdefault("lizards", cult_object(g.state.to_dict()))
    return view


@pytest.mark.parametrize("mix", [("marquise", "lizards", "wyrm"), ("eyrie", "lizards", "alliance", "vagabond")],
                         ids=("CLW", "ELAV"))
def test_a_referee_state_of_a_cult_game_reads_back_as_its_position(mix):
    """At points of seeded games, the Cult's pieces and board and the shared cards read back from
    the position: gardens by their clearing's suit, the supply what the map and the acolytes leave,
    the Lost Souls and revealed cards out of the deck; and the game it sets up starts that turn."""
    checked = started = 0
    for g in random_positions(mix, 6, 29, 301):
        d = g.state.to_dict()
        if g.is_terminal() or d["turn_number"] == 0:
            continue
        got = core_dict(position_of(g))
        assert {k: got[k] for k in CULT_FIELDS + SHARED} == {k: d[k] for k in CULT_FIELDS + SHARED}
        checked += 1
        if (position_of(g).get("eyrie") or {"leader": 1})["leader"] is None:
            continue
        game = Game.from_position(position_of(g))
        assert game.factions == g.factions and game.state.to_dict()["turn"] == d["turn"]
        started += 1
        if checked >= 10:
            break
    assert checked >= 6 and started >= 3


def hand_written() -> dict:
    rows = [{"clearing": n} for n in range(1, 13)]
    rows[0]["pieces"] = {"marquise": {"warriors": 2, "keep": 1, "sawmills": 1}}
    rows[2]["pieces"] = {"lizards": {"warriors": 3, "gardens": 1}}          # rabbit 3
    rows[8]["pieces"] = {"lizards": {"warriors": 1, "gardens": 2}}          # mouse 9
    rows[4]["pieces"] = {"wyrm": {"pawn": 1, "warriors": 1}}
    return {"factions": ["marquise", "lizards", "wyrm"], "turn": "marquise", "first": "marquise", "turn_number": 4,
            "keep": 1, "pawn": 5, "growth": {"bite": 2, "height": 2, "might": 2}, "clearings": rows,
            "hands": {"marquise": ["F#anvil"], "lizards": ["M#roottea", "B#armorers"], "wyrm": ["R#ambush"]},
            "lizards": {"outcast": "mouse", "hated": True, "acolytes": 2, "lost_souls": ["F#roottea", "M#sword"]}}


def test_a_hand_written_position_with_the_cult():
    """LoR 10: the Cult's warriors and gardens, the Outcast on its Hated side, two acolytes, the
    Lost Souls pile: the core fields, the supplies what the map leaves, the pile out of the deck."""
    d = core_dict(hand_written())
    assert d["lizards"][2] == 3 and d["lizards"][8] == 1
    assert [row[2] for row in d["gardens"]] == [0, 1, 0] and [row[8] for row in d["gardens"]] == [0, 0, 2]
    assert d["outcast"] == 2 and d["hated"] == 1 and d["acolytes"] == 2
    assert d["lizard_supply"] == _core.LIZARD_TABLE["warriors"] - 4 - 2
    assert sum(d["lost_souls"]) == 2 and not any(d["revealed"])
    fresh = Game(0, ("marquise", "lizards", "wyrm")).state.to_dict()
    assert d["deck_size"] == sum(fresh["deck"]) - 4 - 2
    g = Game.from_position(hand_written())
    assert g.factions == ("marquise", "lizards", "wyrm") and g.state.to_dict()["lizards"][2] == 3


def changed(**lizards) -> dict:
    p = hand_written()
    p["lizards"] = {**p["lizards"], **lizards}
    return p


def with_rows(edit) -> dict:
    p = hand_written()
    edit(p["clearings"])
    return p


@pytest.mark.parametrize("position, words", [
    ({k: v for k, v in hand_written().items() if k != "lizards"}, "no 'lizards' object"),
    (changed(outcast="bird"), "lizards.outcast must be"),
    (changed(outcast=None), "no 'outcast'"),
    ({**hand_written(), "lizards": {"hated": True}}, "no 'outcast'"),
    (changed(hated="yes"), "lizards.hated must be true"),
    (changed(acolytes=-1), "lizards.acolytes must be a whole number"),
    (changed(acolytes=23), "Cult warriors on the map and acolytes"),
    (changed(lost_souls=["F#nothing"]), "lizards.lost_souls"),
    (changed(lost_souls=["F#anvil", "F#anvil"]), "copies of card"),       # with the Marquise's Anvil: 3 > 2
    ({**hand_written(), "lost_souls": ["M#sword"]}, "given twice"),
    (changed(colour="green"), "lizards has no field 'colour'"),
    (with_rows(lambda rows: rows[2].update(pieces={"lizards": {"gardens": 6}})), "rabbit gardens on the map"),
    (with_rows(lambda rows: rows[2].update(pieces={"lizards": {"acolytes": 1}})), "pieces.lizards"),
    (with_rows(lambda rows: rows[2].update(gardens=2)), "must agree"),     # the 2.7 name against `pieces`
])
def test_bad_cult_positions_are_refused_by_name(position, words):
    with pytest.raises(PositionError, match=words):
        Game.from_position(copy.deepcopy(position))


def test_the_lost_souls_pile_may_stand_at_the_top():
    """The state JSON gives the pile at its top level (`lost_souls`, every table: empty without
    the Cult), which reads as `lizards.lost_souls` does."""
    p = hand_written()
    pile = p["lizards"].pop("lost_souls")
    assert core_dict({**p, "lost_souls": pile})["lost_souls"] == core_dict(hand_written())["lost_souls"]
    q = hand_written()
    q["factions"], q["turn_number"] = ["marquise", "wyrm"], 3
    q["hands"] = {"marquise": ["F#anvil"], "wyrm": ["R#ambush"]}
    for row in q["clearings"]:
        row.get("pieces", {}).pop("lizards", None)
    q.pop("lizards")
    assert not any(core_dict({**q, "lost_souls": []})["lost_souls"])
    with pytest.raises(PositionError, match="only the Lizard Cult's table has a Lost Souls pile"):
        core_dict({**q, "lost_souls": ["M#sword"]})


def test_a_cult_object_or_pieces_without_the_cult_are_refused():
    p = hand_written()
    p["factions"], p["turn_number"] = ["marquise", "wyrm"], 3
    p["hands"] = {"marquise": ["F#anvil"], "wyrm": ["R#ambush"]}
    p["clearings"][2].pop("pieces")
    p["clearings"][8].pop("pieces")
    with pytest.raises(PositionError, match="'lizards' object, but the Lizard Cult is not in its factions"):
        Game.from_position(copy.deepcopy(p))
    p.pop("lizards")
    p["clearings"][2]["gardens"] = 1
    with pytest.raises(PositionError, match="clearing 3 has no field 'gardens'"):
        Game.from_position(p)
