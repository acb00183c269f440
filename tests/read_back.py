"""A game's board read back as a position (docs/api.md, "The position format"): the round trip the
faction position tests share (tests/test_riverfolk_positions.py, test_duchy_positions.py,
test_corvids_positions.py). `read_back(games, fields)` reads the `state referee` JSON of each
position along games as a position and checks that the core fields come back the same, the shared
cards and every seated faction's warriors in supply with them, and that the game it sets up starts
that turn."""
from __future__ import annotations

import copy

from duchy_front_positions import position_of
from wyrm_ai.model.game import Game
from wyrm_ai.model.position import core_dict
from wyrm_ai.model.position_factions import READERS

SHARED = ("turn", "score", "deck", "deck_size", "hand", "hand_size", "discard", "play_area", "available")


def supplies(d: dict, table) -> dict:
    """Each seated faction's warriors in supply (the Riverfolk's boxes take them out of it)."""
    return {f: d[READERS[f].warrior_supply] for f in table if READERS[f].warrior_supply}


def read_back(games, fields: tuple, most: int = 12) -> tuple[int, int]:
    """Each position of games past the setup (up to `most`) read back as a position: the core
    fields (fields and SHARED) and the supplies are the game's, and the game it sets up (unless the
    Eyrie has no leader, in Turmoil) is at the same turn. Returns (positions read, games set up)."""
    checked = started = 0
    for g in games:
        d = g.state.to_dict()
        if g.is_terminal() or d["turn_number"] == 0:
            continue
        position = position_of(g)
        got = core_dict(copy.deepcopy(position))
        assert {k: got[k] for k in fields + SHARED} == {k: d[k] for k in fields + SHARED}, g.step
        assert supplies(got, g.faction_ids) == supplies(d, g.faction_ids)
        checked += 1
        if (position.get("eyrie") or {"leader": 1})["leader"] is not None:
            game = Game.from_position(position)
            assert game.factions == g.factions and game.state.to_dict()["turn"] == d["turn"]
            started += 1
        if checked >= most:
            break
    return checked, started
