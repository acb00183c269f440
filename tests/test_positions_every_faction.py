"""Positions for every faction (issue 29 item 4): Game.from_position and the protocol's
setposition read every faction at any table the core seats, through one reader per faction
(wyrm_ai/model/position_factions.py); a `state referee` reply of every table reads back as the position
of its board; bad input is a PositionError naming what was wrong; the state dict's fields are
documented in docs/api.md as a versioned schema."""
from __future__ import annotations

import copy
import json
import re
from pathlib import Path

import pytest

from mixes import PLAYABLE_BOT_MIXES, PLAYABLE_MIXES, mix_id, random_positions
from test_protocol import Harness
from wyrm_ai import _core
from wyrm_ai.model.actions import decode
from wyrm_ai.model.errors import PositionError
from wyrm_ai.model.game import Game
from wyrm_ai.model.position import STATE_DICT_VERSION, core_dict
from wyrm_ai.model.position_factions import READERS
from wyrm_ai.protocol.views import state_view

ROOT = Path(__file__).resolve().parent.parent

# the core fields a position carries: shared, then each faction's (an absent faction's keep their
# new-game values on both sides)
SHARED = ("first", "turn", "score", "deck", "deck_size", "hand", "hand_size", "discard", "play_area", "out_of_game",
          "available", "items", "item_supply", "items_lost", "growth_caps")
OWN = {
    "marquise": ("warriors", "buildings", "wood", "keep", "warrior_supply", "wood_supply"),
    "eyrie": ("birds", "roosts", "bird_supply", "roost_supply", "leader", "leaders_down", "decree"),
    "alliance": ("rebels", "sympathy", "base_at", "rebel_supply", "officers", "sympathy_supply", "supporters",
                 "supporters_size"),
    "vagabond": ("vb_at", "vb_char", "vb_items", "vb_out", "vb_rel", "quest_deck", "quest_up", "quest_done",
                 "explored", "ruin_items", "coalition"),
    "wyrm": ("wyrmlings", "pawn", "fear", "wyrmling_supply", "fear_supply", "treasure_supply", "growth"),
    "mechanical-marquise": ("mm_warriors", "mm_buildings", "mm_keep", "mm_warrior_supply", "mm_variant", "mm_level",
                            "mm_traits"),
    "lizards": ("lizards", "gardens", "lizard_supply", "acolytes", "outcast", "hated", "lost_souls", "revealed"),
    "riverfolk": ("otters", "trade_posts", "otter_supply", "payments", "funds", "committed", "posts_left",
                  "track_used", "prices"),
    "duchy": ("moles", "citadels", "markets", "tunnels", "mole_supply", "tunnel_supply", "burrow", "swayed", "crowns",
              "duchy_revealed"),
    "corvids": ("corvids", "plots", "corvid_supply", "plot_supply", "plot_types", "plots_up", "plot_not"),
    "hundreds": ("hundreds", "warlord", "strongholds", "mobs", "hundred_supply", "mob_supply", "hoard", "mood"),
    # (the Retinue apart: a position lists it by column, so its slots' order is not kept: retinue_cards)
    "keepers": ("keepers", "waystations", "relics", "keeper_supply", "relic_at", "relic_value", "way_at", "way_face"),
}
FIELDS = SHARED + tuple(k for keys in OWN.values() for k in keys)
# the factions whose pieces the state JSON gives by faction only (`pieces`, protocol 2.15 and 2.16),
# with no 2.7 flat name in a clearing: a position of the flat names alone has none of theirs
PIECES_ONLY = ("lizards", "riverfolk")
FLAT_FIELDS = SHARED + tuple(k for f, keys in OWN.items() if f not in PIECES_ONLY for k in keys)
FLAT = tuple(k for r in READERS.values() for k in r.flat)      # the 2.7 per-clearing names


def only_pieces(view: dict) -> dict:
    """The position with each clearing's pieces in the 2.8 `pieces` object only."""
    p = copy.deepcopy(view)
    for row in p["clearings"]:
        for key in FLAT:
            row.pop(key, None)
    return p


def only_flat(view: dict) -> dict:
    """The position with each clearing's pieces in the 2.7 flat names only."""
    p = copy.deepcopy(view)
    for row in p["clearings"]:
        row.pop("pieces")
    return p


def retinue_cards(d: dict) -> list[tuple[int, int]]:
    """The Keepers' Retinue (LoR 15.5.2) as (column, card type or RETAINER_CARD) pairs, sorted."""
    return sorted((col, t) for t, col in zip(d["retinue"], d["retinue_column"]) if t >= 0)


def in_limbo(g) -> bool:
    """A state of the Keepers' no position holds (docs/hundreds-keepers.md §7): a delved relic face
    down in its clearing until its value is drawn, or a removed relic waiting for its remover to
    place it (LoR 15.2.5)."""
    return g.step in ("relic_value", "trophy") or any(
        _core.RELIC_AT_TROPHY <= at < _core.RELIC_AT_RECOVERED for at in g.state.to_dict()["relic_at"])


def expected(g) -> dict:
    """The core fields of a game as a position of its board carries them: the bot's order card,
    drawn in its Birdsong, is back in the deck."""
    want = g.state.to_dict()
    if want["mm_order"] >= 0:
        want["deck"][want["mm_order"]] += 1
        want["deck_size"] += 1
    return want


REFEREE_MIXES = PLAYABLE_MIXES + PLAYABLE_BOT_MIXES


@pytest.mark.parametrize("mix", REFEREE_MIXES, ids=mix_id)
def test_a_referee_state_of_every_table_reads_back_as_its_position(mix):
    """issue 29 item 4: at random points of seeded games of every table, the `state referee`
    reply read as a position gives the core fields of the game's board, pieces, supplies, hands,
    cards, scores, items and each faction's board, whether its pieces come by faction (2.8), by
    the flat names (2.7) or both; and the game it sets up starts that faction's turn (the bot's:
    test_a_position_at_the_bots_own_turn_runs_its_turn). The position a turn cannot start from
    is refused by name: the Eyrie without a leader (during Turmoil). (A state no position holds is
    passed over: the Keepers' relic to flip or trophy to place, in_limbo.)"""
    checked = started = 0
    for g in random_positions(mix, 8, 23, 101):
        if g.is_terminal() or g.state.to_dict()["turn_number"] == 0 or in_limbo(g):
            continue
        if checked >= 8:
            break
        view = state_view(g, "referee")
        want = expected(g)
        for form, fields in ((view, FIELDS), (only_pieces(view), FIELDS), (only_flat(view), FLAT_FIELDS)):
            got = core_dict(form)
            assert {k: got[k] for k in fields} == {k: want[k] for k in fields}
            assert retinue_cards(got) == retinue_cards(want)
            if len(mix) == 2:       # at more seats `known` does not say whose hand: not read
                assert got["known"] == want["known"]
        checked += 1
        if view.get("eyrie", {}).get("leader", "") is None:
            with pytest.raises(PositionError, match="no leader"):
                Game.from_position(view)
            continue
        game = Game.from_position(view)
        assert game.factions == g.factions and game.state.to_dict()["turn"] == want["turn"]
        assert game.state.to_dict()["turn_number"] == g.state.to_dict()["turn_number"]
        started += 1
    assert checked >= 5 and started >= 3


def a_view(mix, seed=5, every=31, not_turn=("mechanical-marquise",)) -> dict:
    """A `state referee` reply of a seeded game of mix, at a turn a position can start."""
    for g in random_positions(mix, 3, every, seed):
        d = g.state.to_dict()
        if (not g.is_terminal() and d["turn_number"] > 4 and g.factions[d["turn"]] not in not_turn
                and (state_view(g, "referee").get("eyrie") or {"leader": 1})["leader"] is not None):
            return state_view(g, "referee")
    raise AssertionError("no position found")


FOUR = ("marquise", "eyrie", "alliance", "vagabond")
BOT4 = ("mechanical-marquise", "eyrie", "alliance", "vagabond")


@pytest.fixture(scope="module")
def four():
    return a_view(FOUR)


@pytest.fixture(scope="module")
def bot4():
    return a_view(BOT4)


def test_keep_pawn_and_growth_are_needed_only_where_their_faction_sits(four):
    """issue 29 item 4: a table without the Marquise needs no `keep`, one without the Wyrm no
    `pawn` or `growth`; where they sit they are still required."""
    p = {k: v for k, v in four.items() if k not in ("pawn", "growth")}
    assert Game.from_position(p).factions == FOUR
    evw = a_view(("eyrie", "vagabond", "wyrm"))
    assert Game.from_position({k: v for k, v in evw.items() if k != "keep"}).factions == ("eyrie", "vagabond", "wyrm")
    mw = a_view(("marquise", "wyrm"))
    for key in ("keep", "pawn", "growth"):
        with pytest.raises(PositionError, match=f"no '{key}'"):
            Game.from_position({k: v for k, v in mw.items() if k != key})


def test_a_hand_written_position_with_the_eyrie_and_the_vagabond():
    """issue 29 item 4: a position written by hand, the 2.8 way (pieces by faction, each
    faction's own object), sets up its table; what it leaves out is a new game's."""
    rows = [{"clearing": n} for n in range(1, 13)]
    rows[0]["pieces"] = {"eyrie": {"warriors": 4, "roosts": 1}}
    rows[2]["pieces"] = {"vagabond": {"pawn": 1}, "marquise": {"warriors": 2}}
    rows[10]["pieces"] = {"marquise": {"warriors": 3, "keep": 1, "sawmills": 1}}
    position = {
        "factions": ["marquise", "eyrie", "vagabond"], "turn": "eyrie", "first": "marquise", "turn_number": 5,
        "keep": 11, "clearings": rows, "scores": {"marquise": 3, "eyrie": 4, "vagabond": 2},
        "hands": {"marquise": ["F#anvil"], "eyrie": ["R#ambush", "B#armorers"], "vagabond": ["M#sword"]},
        "eyrie": {"leader": "despot", "deposed": ["builder"], "decree": {"recruit": ["F#taxcollector"],
                                                                        "move": ["R#cobbler"]}},
        "vagabond": {"character": "ranger", "pawn": 3,
                     "items": {"up": {"boots": 1, "crossbow": 1}, "exhausted": {"sword": 1, "torch": 1}},
                     "relationships": {"marquise": "hostile", "eyrie": "2"},
                     "quests": ["F#errand", "R#bear", "M#escort"], "completed": ["M#guard"]},
    }
    g = Game.from_position(position)
    d = g.state.to_dict()
    assert g.factions == ("marquise", "eyrie", "vagabond") and g.step.startswith("eyrie")
    assert d["birds"][0] == 4 and d["roosts"][0] == 1 and d["bird_supply"] == 16 and d["roost_supply"] == 6
    assert d["leader"] == 3 and d["leaders_down"] == 1
    view = state_view(g, "referee")
    assert view["eyrie"]["decree"]["move"] == ["R#cobbler"] and view["eyrie"]["deposed"] == ["builder"]
    v = view["vagabond"]
    assert v["character"] == "ranger" and v["pawn"] == 3
    assert v["relationships"] == {"marquise": "hostile", "eyrie": "2"}
    assert v["completed"] == ["M#guard"] and v["quest_deck"] == 15 - 4
    assert v["removed_items"] == {"bag": 1, "hammer": 1, "tea": 1}       # the ranger's unused starting items
    assert v["ruin_items"] == {"boots": 1, "bag": 1, "hammer": 1, "sword": 1}
    assert view["scores"] == {"marquise": 3, "eyrie": 4, "vagabond": 2}


def test_the_bots_options_and_pieces_reach_the_state(bot4):
    """issue 29 item 4: the Mechanical Marquise's options (MM2 §8, §9) are read from its object
    into the game's State (BotOptions), its pieces from the clearings."""
    p = copy.deepcopy(bot4)
    p["mechanical-marquise"].update(variant="dc", difficulty="nightmare", traits=["blitz", "iron-will"])
    g = Game.from_position(p)
    assert (g.bot.variant, g.bot.level, g.bot.traits) == (1, 3, 9)
    mm = state_view(g, "public")["mechanical-marquise"]
    assert (mm["variant"], mm["difficulty"], mm["traits"]) == ("dc", "nightmare", ["blitz", "iron-will"])
    assert mm["keep"] == bot4["mechanical-marquise"]["keep"]


def test_a_position_at_the_bots_own_turn_runs_its_turn(bot4):
    """issue 29 item 4: a position whose turn is the Mechanical Marquise's starts its turn at its
    Birdsong order card (MM2 §5: the top card of the deck, a chance event), and its turn runs on
    by itself from there, through Game.from_position and the protocol's setposition alike
    (refused before: the core had no step to start a bot's turn from)."""
    p = copy.deepcopy(bot4)
    p["turn"], p["first"] = "mechanical-marquise", "mechanical-marquise"
    p.pop("turn_number", None)
    g = Game.from_position(p)
    assert g.is_chance_node() and g.step == "mechanical_order" and g.state.to_dict()["turn"] == 0
    assert g.state.to_dict()["turn_number"] == 1
    order = g.chance_outcomes()[0][0]
    g.apply(order)                                   # the order card: its turn walks on by itself
    assert g.state.to_dict()["mm_order"] == decode(order).args[0]
    assert g.is_terminal() or g.is_chance_node() or g.current_player != 0   # never waits at its Daylight
    h = Harness(seed=4)
    h.ok("new mechanical-marquise eyrie alliance vagabond")
    reply = h.ok("setposition " + json.dumps(p, separators=(",", ":")))
    assert reply[-1].startswith("to_move ") and not reply[-1].startswith("to_move mechanical-marquise")
    assert reply[0].startswith("?: draw ") and reply[-1].startswith("to_move eyrie "), reply   # its order card


def _set(p, path, value):
    p = copy.deepcopy(p)
    *head, last = path
    node = p
    for key in head:
        node = node[key]
    if value is KeyError:
        del node[last]
    else:
        node[last] = value
    return p


def _ruin_clearing():
    return next(i for i, r in enumerate(_core._RUINS) if r)


def _no_ruin_clearing():
    return next(i for i, r in enumerate(_core._RUINS) if not r)


def _first_with(p, faction):
    return next(i for i, row in enumerate(p["clearings"]) if faction in row["pieces"])


@pytest.mark.parametrize("table,change,words", [
    ("four", lambda p: _set(p, ("eyrie",), KeyError), "no 'eyrie' object"),
    ("four", lambda p: _set(p, ("eyrie", "leader"), "emperor"), "eyrie.leader must be"),
    ("four", lambda p: _set(p, ("eyrie", "deposed"), ["despot", "despot"]), "despot"),
    ("four", lambda p: _set(p, ("eyrie", "decree", "dance"), []), "eyrie.decree has no field 'dance'"),
    ("four", lambda p: _set(p, ("vagabond", "character"), KeyError), "no 'character'"),
    ("four", lambda p: _set(p, ("vagabond", "character"), "bard"), "vagabond.character must be"),
    ("four", lambda p: _set(p, ("vagabond", "pawn"), "5_6"), "vagabond.pawn must be"),
    ("four", lambda p: _set(p, ("vagabond", "quests"), ["F#dragon"]), "no quest 'F#dragon'"),
    ("four", lambda p: _set(p, ("vagabond", "relationships"), {"wyrm": "allied"}), "no field 'wyrm'"),
    ("four", lambda p: _set(p, ("vagabond", "relationships", "eyrie"), "friendly"), "relationships.eyrie"),
    ("four", lambda p: _set(p, ("vagabond", "items", "up", "boots"), 9), "vagabond.items.up.boots"),
    ("four", lambda p: _set(p, ("vagabond", "coalition"), "vagabond"), "vagabond.coalition must be"),
    ("four", lambda p: _set(p, ("clearings", _no_ruin_clearing(), "ruin"), True), "no ruin there"),
    ("four", lambda p: _set(p, ("clearings", 0, "pieces", "wyrm"), {"warriors": 1}), "pieces has no field 'wyrm'"),
    ("four", lambda p: _set(p, ("clearings", 0, "pieces", "eyrie"), {"roosts": 2}),
     "roosts must be a whole number from 0 to 1"),
    ("four", lambda p: _set(p, ("clearings", 0, "pieces", "eyrie"), {"nests": 1}), "no field 'nests'"),
    ("four", lambda p: _set(p, ("clearings", 0, "pieces", "eyrie"), {"warriors": p["clearings"][0]["birds"] + 1}),
     "must agree"),
    ("four", lambda p: _set(p, ("clearings", 0, "wyrmlings"), 2), "the Wyrm is not at the table"),
    ("four", lambda p: _set(p, ("pawn",), 3), "pawn is 3, but the Wyrm is not at the table"),
    ("four", lambda p: _set(p, ("growth",), {"bite": 1, "height": 1, "might": 1}), "the Wyrm is not at the table"),
    ("four", lambda p: _set(p, ("mechanical-marquise",), {"keep": 1}), "not in its factions"),
    ("four", lambda p: _set(p, ("supply", "items", "boots"), 9), "supply.items.boots"),
    ("four", lambda p: _set(p, ("factions",), ["marquise", "eyrie", "alliance", "dragon"]), "no faction 'dragon'"),
    ("four", lambda p: _set(p, ("factions",), ["marquise", "marquise"]), "each at most once"),
    ("bot4", lambda p: _set(p, ("mechanical-marquise", "difficulty"), "hard"), "no difficulty 'hard'"),
    ("bot4", lambda p: _set(p, ("mechanical-marquise", "keep"), KeyError), "has no 'keep'"),
    ("bot4", lambda p: _set(p, ("hands", "mechanical-marquise"), ["F#anvil"]), "a bot has no hand"),
])
def test_bad_positions_of_every_faction_are_refused_by_name(request, table, change, words):
    """issue 29 item 4: a malformed or impossible part of any faction is a PositionError naming
    what was wrong."""
    with pytest.raises(PositionError, match=re.escape(words)):
        Game.from_position(change(request.getfixturevalue(table)))


def test_explored_ruins_need_their_items_and_the_vagabond(four):
    """issue 29 item 4: a ruin said explored (`ruin: false` in a ruin clearing) is the Vagabond's;
    with some ruins explored and some not, the items still under them must be given."""
    i = _ruin_clearing()
    p = _set(four, ("clearings", i, "ruin"), False)
    p["vagabond"].pop("ruin_items")
    standing = sum(1 for k, r in enumerate(_core._RUINS) if r and p["clearings"][k]["ruin"])
    if 0 < standing < sum(map(bool, _core._RUINS)):
        with pytest.raises(PositionError, match="vagabond.ruin_items must say"):
            Game.from_position(p)
    mw = a_view(("marquise", "wyrm"))
    with pytest.raises(PositionError, match="only the Vagabond explores"):
        Game.from_position(_set(mw, ("clearings", i, "ruin"), False))


# ---- the state dict's schema (docs/api.md, "The state dict") ------------------------------------

def documented_fields() -> dict:
    """{field: shape text} of the table in docs/api.md's "The state dict"."""
    text = (ROOT / "docs" / "api.md").read_text().split("## The state dict", 1)[1].split("\n## ", 1)[0]
    rows = re.findall(r"^\| `([a-z_.]+)` \| ([^|]+) \|", text, re.M)
    return {name: shape.strip() for name, shape in rows}, text


def shape_text(name, shape) -> str:
    """A field's shape as the doc writes it: `int`, or the dimensions (`seats`, `factions`,
    `cards`, `clearings` ...) of its lists."""
    dims = _core.SEAT_DIMS.get(name, 0)
    words = {_core.NUM_CARD_TYPES: "cards", _core.NUM_CLEARINGS: "clearings"}
    if name in ("relic_at", "relic_value"):     # the Keepers' twelve relics, one entry each (not clearings)
        words = {_core.NUM_RELICS: "relics"}
    out = []
    for i, n in enumerate(shape):
        by_faction = name in _core.FACTION_DIM_FIELDS or name in _core.BY_FACTION_FIELDS   # the Riverfolk's boxes too
        out.append("seats" if i < dims else ("factions" if by_faction else words.get(n, str(n))))
    return "int" if not out else " × ".join(out)


def test_the_state_dict_schema_documents_every_core_field():
    """issue 29 item 4: docs/api.md documents every field of State.to_dict() (the core's
    STATE_FIELDS: name and shape) under the schema version STATE_DICT_VERSION; a field added,
    removed or reshaped in the core fails here until the table (and the version) say so."""
    fields, text = documented_fields()
    core = {name: shape_text(name, shape) for name, _, _, shape in _core.STATE_FIELDS}
    assert fields == core
    assert f"version {STATE_DICT_VERSION}" in text and "STATE_DICT_VERSION" in text


def test_a_save_of_a_four_seat_position_replays_from_it(four, bot4):
    """issue 29 item 4: a game set up from a position of any table saves its position (each
    faction's object with it) and loads back to the same state."""
    for view in (four, bot4):
        g = Game.from_position(view)
        for _ in range(6):
            if g.is_terminal():
                break
            g.apply(g.legal_actions()[0])
        data = g.to_json()
        assert set(data["position"]) >= {"vagabond", "eyrie"} and "core" not in data["position"]
        back = Game.from_json(data)
        assert back.state == g.state and back.factions == g.factions
