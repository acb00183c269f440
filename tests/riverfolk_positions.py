"""Helpers that build Riverfolk Company positions for rules tests (LoR 11; docs/riverfolk-lizards.md §2.1).

The Riverfolk's actions have no text notation yet, so everything here speaks the core's State API and
action ints, computed from `_core.ACTION_KINDS` ((name, start, size) tuples), as
tests/lizard_positions.py does for the Cult (whose `table` and `position` this module builds on):

- `table(factions)` plays a real game's deal and setup (every setup choice the first legal one,
  chance from a seed), up to the first player's first decision;
- `rf_position(s, ...)` is lizard_positions.position (every seated faction's pieces set from the
  arguments, hands, piles) plus the Riverfolk's pieces and board: otters {clearing: n}, trade
  posts (clearing numbers; each of its clearing's suit), posts lost (removed from the game, per
  suit), the Payments, Funds and Committed boxes ({faction id: warriors}; each owner's supply
  gives them up), the crafting spaces used this turn, the prices, the Riverboats/Mercenaries
  buyer; and the Vagabond's pawn and items. It goes through State.from_dict, which checks that
  pieces and cards are conserved.

The Autumn map: fox 1 6 8 12, rabbit 3 4 5 10, mouse 2 7 9 11; corners 1-3 and 2-4 are opposite;
paths 1-5 1-9 1-10 2-5 2-6 2-10 3-6 3-7 3-11 4-8 4-9 4-12 6-11 7-8 7-12 9-12 10-12 11-12; rivers
(never paths) 4-7 5-10 7-11 10-11; the river clearings 4 5 7 10 11; free building slots 1:1 2:2
3:1 4:1 5:2 6:1 7:2 8:2 9:2 10:1 11:2 12:1."""
from __future__ import annotations

from wyrm_ai import _core

import lizard_positions as lp
from lizard_positions import (ALLIANCE, BIRD, EYRIE, FOX, KIND, LIZARDS, MARQUISE, MAX_SEATS, MOUSE, NCL, NCT, PASS,
                              RABBIT, STEP, SUIT, VAGABOND, WYRM, action, battle, cid, counts, craft, discard, kind_of,
                              kinds, move, st, table)

__all__ = ["ALLIANCE", "BIRD", "EYRIE", "FOX", "KIND", "LIZARDS", "MARQUISE", "MAX_SEATS", "MOUSE", "NCL", "NCT", "PASS",
           "RABBIT", "STEP", "SUIT", "VAGABOND", "WYRM", "action", "battle", "cid", "counts", "craft", "discard",
           "kind_of", "kinds", "move", "st", "table",
           "RIVERFOLK", "MECHANICAL", "VAGABOND2", "HAND_CARD", "RIVERBOATS", "MERCENARIES", "RIVER_CLEARINGS",
           "VITEM", "FACTION_DAYLIGHT", "SUPPLY_FIELD", "MAP_FIELD", "PRINTED_WARRIORS", "buy_card", "RIVERBOATS_A",
           "MERCENARIES_A", "RF_DRAW", "service_item", "fund", "export", "rf_recruit", "trade_post", "price", "dice",
           "remove", "settle", "rf_position", "rf_turn", "warriors_conserved", "pass_to"]

RIVERFOLK = 8
MECHANICAL = 5
VAGABOND2 = 6
HAND_CARD, RIVERBOATS, MERCENARIES = 0, 1, 2
RIVER_CLEARINGS = {"autumn": (4, 5, 7, 10, 11), "winter": (7, 10, 11, 12), "lake": (1, 10, 11, 12),
                   "mountain": (2, 4, 10)}
VITEM = {name: k for k, name in enumerate(_core.VITEM_NAMES)}
FACTION_DAYLIGHT = {MARQUISE: "marquise_daylight", EYRIE: "eyrie_daylight", ALLIANCE: "alliance_daylight",
                    VAGABOND: "vagabond_daylight", WYRM: "wyrm_daylight", LIZARDS: "lizards_daylight",
                    RIVERFOLK: "riverfolk_daylight"}
# the supply field of each faction's warriors (the Vagabond has none)
SUPPLY_FIELD = {MARQUISE: "warrior_supply", EYRIE: "bird_supply", ALLIANCE: "rebel_supply", WYRM: "wyrmling_supply",
                LIZARDS: "lizard_supply", RIVERFOLK: "otter_supply", MECHANICAL: "mm_warrior_supply"}
MAP_FIELD = {MARQUISE: "warriors", EYRIE: "birds", ALLIANCE: "rebels", WYRM: "wyrmlings", LIZARDS: "lizards",
             RIVERFOLK: "otters", MECHANICAL: "mm_warriors"}
PRINTED_WARRIORS = {MARQUISE: 25, EYRIE: 20, ALLIANCE: 10, WYRM: 8, LIZARDS: 25, RIVERFOLK: 15, MECHANICAL: 25}


# ---- action ints -----------------------------------------------------------------------------

def buy_card(tok: str) -> int:
    return action("buy_card", cid(tok))


RIVERBOATS_A = KIND["riverboats"][0]
MERCENARIES_A = KIND["mercenaries"][0]
RF_DRAW = KIND["rf_draw"][0]


def service_item(name: str) -> int:
    return action("service_item", VITEM[name])


def fund(seat: int) -> int:
    return action("fund", seat)


def export(tok: str) -> int:
    return action("export", cid(tok))


def rf_recruit(c: int) -> int:
    return action("rf_recruit", c - 1)


def trade_post(c: int) -> int:
    return action("trade_post", c - 1)


def price(service: int, p: int) -> int:
    return action("price", service * 4 + p - 1)


def dice(high: int, low: int) -> int:
    """The roll: the attacker deals high hits, the defender low (capped by their warriors)."""
    return action("dice", high * 4 + low)


def remove(piece: str, c: int) -> int:
    """A hit allocation: one piece of that kind (PIECE_NAMES) in clearing c."""
    return action("remove", _core.PIECE_NAMES.index(piece) * NCL + c - 1)


def settle(s, *outcomes):
    """Apply the named chance outcomes while s waits at chance nodes, then any further chance
    node's first outcome."""
    left = list(outcomes)
    while s.is_chance_node():
        s.apply(left.pop(0) if left else s.legal_actions()[0])
    assert not left, f"outcomes {left} not used"
    return s


# ---- positions -------------------------------------------------------------------------------

def _sub_supply(d: dict, faction: int, n: int) -> None:
    field = SUPPLY_FIELD[faction]
    assert d[field] >= n, f"{n} warriors of faction {faction} for the boxes, {d[field]} in supply"
    d[field] -= n


def rf_position(s, *, otters=None, posts=(), lost=(0, 0, 0), payments=None, funds=None, committed=None,
                track_used=(0, 0, 0), prices=None, boats=-1, hired=-1, mercs_on=0,
                vb_at=None, vb_items=None, vb_rel=None, in_play=None, rf_edit=None, **kw):
    """lizard_positions.position(s, **kw) with the Riverfolk's part set: otters {clearing: n}; posts
    clearing numbers holding a trade post; lost (fox, rabbit, mouse) posts out of the game; the
    boxes {faction id: warriors} (taken from that faction's supply, the Riverfolk's own too);
    track_used per suit; prices (hand card, riverboats, mercenaries); boats/hired the seats that
    bought Riverboats/Mercenaries (mercs_on: they serve now); vb_at a clearing number (the
    Vagabond's pawn); vb_items {name: n ready} or {name: (ready, exhausted, damaged ready, damaged
    exhausted)}; vb_rel {faction id: level}; in_play {seat: tokens} persistent cards in play areas
    (from the deck). rf_edit(d): a last change."""
    user_edit = kw.pop("edit", None)

    def edit(d):
        rf = d["faction_seat"][RIVERFOLK]
        if rf >= 0:
            d["otters"] = lp._map(otters)
            d["trade_posts"] = [1 if n + 1 in posts else 0 for n in range(NCL)]
            on_map = [0, 0, 0]
            for n in posts:
                on_map[d["suit"][n - 1]] += 1
            d["posts_left"] = [3 - on_map[k] - lost[k] for k in range(3)]
            assert min(d["posts_left"]) >= 0
            boxes = {"payments": payments or {}, "funds": funds or {}, "committed": committed or {}}
            d["otter_supply"] = 15 - sum(d["otters"])
            for name, by in boxes.items():
                d[name] = [0] * len(d[name])
                for f, n in by.items():
                    d[name][f] = n
                    _sub_supply(d, f, n)
            d["track_used"] = list(track_used)
            if prices is not None:
                d["prices"] = list(prices)
            d["riverboats_for"] = boats
            d["mercenaries_for"] = hired
            d["mercenaries_on"] = mercs_on
            if d["step"] not in (STEP["services"], STEP["service_items"]):
                d["buyer"] = -1
                d["services_left"] = 0
            d["fund_owed"] = 0
            d["disrupt_owed"] = 0
            d["fund_pending"] = -1
        if d["faction_seat"][VAGABOND] >= 0:
            if vb_at is not None:
                d["vb_at"] = vb_at - 1
            if vb_items is not None:
                for k in range(len(_core.VITEM_NAMES)):
                    want = vb_items.get(_core.VITEM_NAMES[k], 0)
                    want = (want, 0, 0, 0) if isinstance(want, int) else tuple(want)
                    delta = sum(want) - sum(d["vb_items"][x][k] for x in range(4))
                    for x in range(4):
                        d["vb_items"][x][k] = want[x]
                    if delta <= 0:
                        d["vb_out"][k] -= delta
                    else:
                        take = min(delta, d["vb_out"][k])
                        d["vb_out"][k] -= take
                        d["item_supply"][k] -= delta - take
                        assert d["item_supply"][k] >= 0
            if vb_rel is not None:
                for f, r in vb_rel.items():
                    d["vb_rel"][f] = r
        for seat, toks in (in_play or {}).items():
            for tok in toks:
                d["play_area"][seat][lp._take(d, tok)] += 1
        if user_edit is not None:
            user_edit(d)
        if rf_edit is not None:
            rf_edit(d)
    return lp.position(s, edit=edit, **kw)


def rf_turn(s, seat: int, **kw):
    """rf_position with seat's turn begun from its Birdsong (State.from_dict turn_start): the
    services (if offered) or its faction's Birdsong run up to the first decision."""
    sf = st(s)["seat_faction"]
    return rf_position(s, turn_of=seat, at=(seat, FACTION_DAYLIGHT[sf[seat]]), **kw)


def warriors_conserved(d: dict) -> list[str]:
    """Each seated warrior faction's printed count = map + supply + the Riverfolk's boxes by owner
    (+ Coffin Makers, the Cult's Acolytes, the Alliance's officers); a list of what fails."""
    problems = []
    for seat, f in enumerate(d["seat_faction"]):
        if f not in PRINTED_WARRIORS:
            continue
        n = sum(d[MAP_FIELD[f]]) + d[SUPPLY_FIELD[f]] + d["coffin"][seat]
        n += d["payments"][f] + d["funds"][f] + d["committed"][f]
        if f == LIZARDS:
            n += d["acolytes"]
        if f == ALLIANCE:
            n += d["officers"]
        if n != PRINTED_WARRIORS[f]:
            problems.append(f"faction {f}: {n} warriors instead of {PRINTED_WARRIORS[f]}")
    for f in range(len(d["payments"])):
        if f not in d["seat_faction"] and (d["payments"][f] or d["funds"][f] or d["committed"][f]):
            problems.append(f"boxes hold warriors of absent faction {f}")
    return problems


def pass_to(s, step: str, limit: int = 50):
    """Apply `pass` (else the first legal action; chance: the first outcome) until s reaches step."""
    for _ in range(limit):
        if s.step == step:
            return s
        la = s.legal_actions()
        s.apply(PASS if PASS in la else la[0])
    raise AssertionError(f"{step} not reached (at {s.step})")
