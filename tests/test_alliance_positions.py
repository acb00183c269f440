"""Positions with the Woodland Alliance (Game.from_position, docs/protocol.md "Positions"): the
table `factions` (the Marquise, the Alliance and the Wyrm), the Alliance's pieces per clearing,
its officers and Supporters stack; supplies derived (LoR 8.2); bad positions refused naming what
is wrong; a `state referee` reply of such a game reads back as a position of its board."""
from __future__ import annotations

import json

import numpy as np
import pytest

from wyrm_ai import _core
from wyrm_ai.model.errors import PositionError
from wyrm_ai.model.game import Game
from wyrm_ai.protocol.views import state_view

from mixes import players_for

TABLE = ["marquise", "alliance", "wyrm"]


def position(**changes) -> dict:
    board = [{"clearing": c} for c in range(1, 13)]
    board[0].update(warriors=3, sawmills=1)
    board[2].update(wyrmlings=2, fear_side="cowed")
    board[5].update(rebels=2, base=True, sympathy=True)          # clearing 6, fox
    board[10].update(sympathy=True)                              # clearing 11, mouse
    p = {"factions": TABLE, "turn": "alliance", "first": "marquise", "turn_number": 5, "keep": 1, "pawn": 3,
         "clearings": board, "growth": {"bite": 2, "height": 2, "might": 2},
         "hands": {"marquise": ["F#anvil"], "alliance": ["R#cobbler", "M#sword"], "wyrm": []},
         "scores": {"marquise": 3, "alliance": 4, "wyrm": 2},
         "alliance": {"officers": 2, "supporters": ["F#taxcollector", "B#armorers", "M#crossbow"]}}
    p.update(changes)
    return p


def test_lor_8_2_an_alliance_position_sets_up_its_pieces_and_stack():
    """LoR 8.2: rebels, the fox base in 6 (a fox clearing), two sympathy tokens, two officers and
    three supporters; supplies are what a new game leaves (10 warriors, 10 tokens)."""
    g = Game.from_position(position())
    d = g.state.to_dict()
    assert g.factions == tuple(TABLE) and d["turn"] == 1 and d["turn_number"] == 5
    assert d["rebels"][5] == 2 and d["base_at"] == [5, -1, -1] and d["sympathy"][5] == d["sympathy"][10] == 1
    assert d["officers"] == 2 and d["rebel_supply"] == _core.ALLIANCE_TABLE["warriors"] - 4
    assert d["sympathy_supply"] == _core.ALLIANCE_TABLE["sympathy"] - 2 and d["supporters_size"] == 3
    assert g.step.startswith("alliance_") and g.scores == (3, 4, 2)
    assert g.observation("wyrm")["supporters"] is None


@pytest.mark.parametrize("change,named", [
    (lambda p: p["clearings"][0].update(base=True), "two fox bases"),
    # issue 29 item 4: every table is read now; one the position does not fit is refused by name
    (lambda p: p.update(factions=["marquise", "eyrie", "wyrm"]), "turn must be 'marquise' or 'eyrie' or 'wyrm'"),
    (lambda p: p.update(factions=["marquise", "eyrie", "wyrm"], turn="eyrie"), "scores has no field 'alliance'"),
    (lambda p: p.update(factions=["marquise", "dragon", "wyrm"]), "no faction 'dragon'"),
    (lambda p: p.update(factions=["marquise", "alliance", "alliance"]), "each at most once"),
    (lambda p: p.update(factions="marquise,alliance,wyrm"), "factions must be a list"),
    (lambda p: p.update(turn_number=4), "turn 4 is not a turn of the alliance"),
    (lambda p: p["clearings"][3].update(rebels=11), "Alliance warriors on the map and officers"),
    (lambda p: p["clearings"][3].update(sympathy=1), "sympathy must be true or false"),
    (lambda p: p["alliance"].update(supporters=["F#nothing"]), "no card 'F#nothing'"),
    (lambda p: p["alliance"].update(lieutenants=1), "alliance has no field 'lieutenants'"),
    (lambda p: p.update(factions=None) or p.pop("factions"), "must be 'marquise' or 'wyrm'"),
])
def test_bad_alliance_positions_are_refused_naming_the_problem(change, named):
    p = position()
    change(p)
    with pytest.raises(PositionError, match=named):
        Game.from_position(p)


def test_the_referee_state_of_an_alliance_game_reads_as_a_position():
    """docs/protocol.md: a `state referee` reply is a position of its board (2.3: with `factions`
    and the `alliance` object), at any table a position seats."""
    mix = tuple(TABLE)
    g = Game(first=0, factions=mix)
    rng = np.random.default_rng(5)
    players = players_for(mix, 5)
    read = 0
    while not g.is_terminal() and len(g.record) < 600:
        seat = g.current_player
        g.apply(g.sample_chance(rng) if seat == _core.CHANCE else players[seat].choose(g))
        if len(g.record) % 50 == 0 and g.state.to_dict()["turn_number"] > 0:
            view = json.loads(json.dumps(state_view(g, "referee")))
            h = Game.from_position(view)
            a, b = g.state.to_dict(), h.state.to_dict()
            for key in ("rebels", "sympathy", "base_at", "officers", "supporters", "hand", "score"):
                assert a[key] == b[key], key
            read += 1
    assert read >= 5
