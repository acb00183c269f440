"""The map is part of the game state (issue 30 item 3): the map id, the clearings' suits and the
open paths live in the state, set at setup (State(map_id=, suits=)); every rule reads them there
(board.pxi), so a game's suits are the game's own (LoR 16.1.1: suit markers on a map that prints
none), and a state from before the maps reads as Autumn's."""
from __future__ import annotations

import pytest

from wyrm_ai import _core
from wyrm_ai.model.errors import ConfigError, WyrmError

FOX, RABBIT, MOUSE = 0, 1, 2
AUTUMN = list(_core._SUITS)


def autumn_paths():
    adj = [0] * 12
    for a, b in _core.PATHS:
        adj[a - 1] |= 1 << (b - 1)
        adj[b - 1] |= 1 << (a - 1)
    return adj


def test_a_new_game_on_autumn_holds_its_printed_suits_and_paths():
    """LoR 2.1 / base digest §1: Autumn prints its suits; its 18 paths are open."""
    d = _core.State(0).to_dict()
    assert d["map"] == 0 and _core.MAP_NAMES[0] == "autumn"
    assert d["suit"] == AUTUMN and d["adj"] == autumn_paths()
    assert sum(bin(m).count("1") for m in d["adj"]) == 2 * 18


def test_suits_given_at_setup_are_the_games_own():
    """LoR 16.1.1: the suit markers, four of each suit, set each clearing's suit at setup. The
    state keeps them, and the rules read them: an Alliance base stands in a clearing of its suit
    (LoR 8.2.6), checked against the game's suits, not Autumn's printed ones."""
    suits = AUTUMN[::-1]
    s = _core.State(0, factions=(0, 2), suits=suits)
    d = s.to_dict()
    assert d["suit"] == suits
    assert _core.State.from_dict(d).to_dict() == d
    c = next(i for i in range(12) if suits[i] != AUTUMN[i])
    d["base_at"][AUTUMN[c]] = c            # a base of the clearing's printed suit: wrong in this game
    with pytest.raises(WyrmError, match="base"):
        _core.State.from_dict(d)


@pytest.mark.parametrize("kwargs,words", [
    ({"suits": [FOX] * 12}, "four of each"),
    ({"suits": [FOX, RABBIT, MOUSE] * 3}, "suits are 12"),
    ({"suits": [FOX, RABBIT, MOUSE] * 3 + [3] * 3}, "suits are 12"),   # a bird is no clearing suit
    ({"map_id": 9}, "map_id must be"),
    ({"map_id": -1}, "map_id must be"),
])
def test_a_bad_map_or_suits_is_refused_by_name(kwargs, words):
    with pytest.raises(ConfigError, match=words):
        _core.State(0, **kwargs)


def test_a_state_from_before_the_maps_reads_as_autumn():
    """Saves and state dicts written before the map entered the state (STATE_DICT_VERSION 1)
    have none of the map's fields (map, suit, adj, ferry, ...): they are Autumn games."""
    d = _core.State(0).to_dict()
    assert {"map", "suit", "adj", "ferry", "ferry_used", "path_opened"} <= set(_core.MAP_FIELDS)
    old = {k: v for k, v in d.items() if k not in _core.MAP_FIELDS}
    assert _core.State.from_dict(old).to_dict() == d


def test_paths_the_map_does_not_have_or_open_one_way_are_impossible():
    d = _core.State(0).to_dict()
    bad = dict(d, adj=list(d["adj"]))
    bad["adj"][0] |= 1 << 2                 # clearing 1 - clearing 3: no such path on Autumn
    bad["adj"][2] |= 1 << 0
    with pytest.raises(WyrmError, match="does not have"):
        _core.State.from_dict(bad)
    one_way = dict(d, adj=list(d["adj"]))
    one_way["adj"][0] &= ~(1 << 4)          # 1 - 5 closed from one end only
    with pytest.raises(WyrmError, match="one way"):
        _core.State.from_dict(one_way)
    closed = dict(d, adj=list(d["adj"]))
    closed["adj"][0] &= ~(1 << 4)
    closed["adj"][4] &= ~(1 << 0)           # Autumn closes no path
    with pytest.raises(WyrmError, match="never closes"):
        _core.State.from_dict(closed)
