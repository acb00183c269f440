"""Helpers that build Underground Duchy positions for rules tests (LoR 12; docs/duchy-corvids.md §2,
D-1..D-20, traps D-T1..D-T12, readings C1..C12).

The Duchy's actions have no text notation yet, so everything here speaks the core's State API and
action ints, computed from `_core.ACTION_KINDS` ((name, start, size) tuples), as
tests/lizard_positions.py and tests/riverfolk_positions.py do (whose `table`, `position` and
`rf_position` this module builds on):

- `table(factions)` plays a real game's deal and setup (every setup choice the first legal one,
  chance from a seed), up to the first player's first decision;
- `dc_position(s, ...)` is riverfolk_positions.rf_position (every seated faction's pieces set from
  the arguments, hands, piles) plus the Duchy's pieces and board: moles {clearing: n}, citadels and
  markets {clearing: n}, tunnels (clearing numbers), the Burrow's warriors, the swayed ministers
  (names), the crowns each rank lost to the Price of Failure, the cards revealed this turn, the
  Assembly's actions left and the ministers used this Parliament. It goes through State.from_dict,
  which checks that pieces and cards are conserved;
- `dc_day(s, ...)`: the position at the Duchy's Daylight (Assembly) with two actions left, as
  `duchy_daylight` leaves it; `dc_turn(s, ...)`: the Duchy's turn begun from its Birdsong.

The Autumn map: fox 1 6 8 12, rabbit 3 4 5 10, mouse 2 7 9 11; corners 1-3 and 2-4 are opposite;
paths 1-5 1-9 1-10 2-5 2-6 2-10 3-6 3-7 3-11 4-8 4-9 4-12 6-11 7-8 7-12 9-12 10-12 11-12; free
building slots 1:1 2:2 3:1 4:1 5:2 6:1 7:2 8:2 9:2 10:1 11:2 12:1 (ruins cover one in 6 10 11 12)."""
from __future__ import annotations

import functools

from wyrm_ai import _core

import lizard_positions as lp
from lizard_positions import (ALLIANCE, BIRD, EYRIE, FOX, KIND, LIZARDS, MARQUISE, MAX_SEATS, MOUSE, NCL, NCT, PASS,
                              RABBIT, STEP, SUIT, VAGABOND, WYRM, action, battle, cid, counts, craft, discard, kind_of,
                              kinds, move, st, table)
from riverfolk_positions import (MAP_FIELD, PRINTED_WARRIORS, RIVERFOLK, SUPPLY_FIELD, dice, remove, rf_position,
                                 settle)

__all__ = ["ALLIANCE", "BIRD", "EYRIE", "FOX", "KIND", "LIZARDS", "MARQUISE", "MAX_SEATS", "MOUSE", "NCL", "NCT",
           "PASS", "RABBIT", "STEP", "SUIT", "VAGABOND", "WYRM", "RIVERFOLK", "DUCHY", "action", "battle", "cid", "counts",
           "craft", "discard", "kind_of", "kinds", "move", "st", "table", "dice", "remove", "settle",
           "MINISTERS", "RANK", "TABLE", "burrow", "dc_corner", "dc_build", "reveal", "DC_RECRUIT", "dig",
           "tunnel_off", "minister", "sway", "bank", "failure", "fail_card", "terror", "dc_position", "dc_day",
           "dc_turn", "burrow_moves", "moves_of", "battles_of", "builds_of", "digs_of", "named", "cards_of",
           "swayed_names", "warriors_conserved", "duchy_problems", "drive_battle", "three_table", "four_table"]

DUCHY = _core.FACTION_NAMES.index("duchy")
TABLE = _core.DUCHY_TABLE
MINISTERS = {name: k for k, name in enumerate(TABLE["ministers"])}
RANK = {name: TABLE["ranks"][k] for name, k in MINISTERS.items()}
PRINTED = {**PRINTED_WARRIORS, DUCHY: TABLE["warriors"]}
SUPPLY = {**SUPPLY_FIELD, DUCHY: "mole_supply"}
MAPF = {**MAP_FIELD, DUCHY: "moles"}


# ---- action ints -----------------------------------------------------------------------------

def burrow(c: int, down: int, n: int) -> int:
    """A move between the Burrow and tunnel clearing c: down=1 into the Burrow, 0 up out of it."""
    return action("burrow", ((c - 1) * 2 + down) * 21 + n)


def dc_corner(c: int) -> int:
    return action("dc_corner", c - 1)


def dc_build(kind: str, c: int) -> int:
    """A Build (or the Foremole's): kind 'citadel' or 'market' in clearing c; the card comes next."""
    return action("dc_build", ("citadel", "market").index(kind) * NCL + c - 1)


def reveal(tok: str) -> int:
    return action("reveal", cid(tok))


DC_RECRUIT = KIND["dc_recruit"][0]


def dig(c: int, tok: str) -> int:
    return action("dig", (c - 1) * NCT + cid(tok))


def tunnel_off(c: int) -> int:
    return action("tunnel_off", c - 1)


def minister(name: str) -> int:
    return action("minister", MINISTERS[name])


def sway(name: str) -> int:
    return action("sway", MINISTERS[name])


def bank(tok: str) -> int:
    return action("bank", cid(tok))


def failure(name: str) -> int:
    return action("failure", MINISTERS[name])


def fail_card(tok: str) -> int:
    return action("fail_card", cid(tok))


def terror(c: int, d: int, seat: int) -> int:
    """The Wyrm's Terrorize: seat's warrior from c to d (d == c: down into the Burrow, W-MP-21)."""
    return action("terror", ((c - 1) * NCL + (d - 1)) * MAX_SEATS + seat)


# ---- reading the legal actions ----------------------------------------------------------------

def named(s, kind: str) -> set:
    """The legal actions of a kind keyed by name: ministers' names for minister/sway/failure, card
    tokens for reveal/bank/fail_card/craft."""
    from wyrm_ai.model.cards import CARDS
    xs = kinds(s, kind)
    if kind in ("minister", "sway", "failure"):
        return {TABLE["ministers"][x] for x in xs}
    return {CARDS[x].token for x in xs}


def cards_of(s, kind: str) -> set[str]:
    from wyrm_ai.model.cards import CARDS
    return {CARDS[x].token for x in kinds(s, kind)}


def burrow_moves(s) -> set[tuple[int, str, int]]:
    """The legal Burrow moves as (clearing, 'down' or 'up', warriors)."""
    out = set()
    for x in kinds(s, "burrow"):
        n, y = x % 21, x // 21
        out.add((y // 2 + 1, "down" if y % 2 else "up", n))
    return out


def moves_of(s) -> set[tuple[int, int, int]]:
    """The legal map moves as (from, to, warriors), clearing numbers (pawn moves left out)."""
    out = set()
    for x in kinds(s, "move"):
        n, x = x % 26, x // 26
        if x % 2 == 0:
            x //= 2
            out.add((x // NCL + 1, x % NCL + 1, n))
    return out


def battles_of(s) -> set[tuple[int, int]]:
    return {(x // _core.NUM_SIDES + 1, x % _core.NUM_SIDES) for x in kinds(s, "battle")}


def builds_of(s) -> set[tuple[str, int]]:
    return {(("citadel", "market")[x // NCL], x % NCL + 1) for x in kinds(s, "dc_build")}


def digs_of(s) -> set[tuple[int, str]]:
    from wyrm_ai.model.cards import CARDS
    return {(x // NCT + 1, CARDS[x % NCT].token) for x in kinds(s, "dig")}


def swayed_names(d: dict) -> set[str]:
    return {name for name, k in MINISTERS.items() if (d["swayed"] >> k) & 1}


# ---- positions -------------------------------------------------------------------------------

def dc_position(s, *, moles=None, citadels=None, markets=None, tunnels=(), burrow=0, swayed=(),
                crowns_lost=(0, 0, 0), revealed=(), assembly_left=None, used=(), swayed_now=0, dc_edit=None, **kw):
    """rf_position(s, **kw) with the Duchy's part set: moles {clearing: n} on the map; citadels and
    markets {clearing: n}; tunnels clearing numbers; burrow the warriors in the Burrow (all from the
    supply); swayed minister names (each with a crown of its rank); crowns_lost (squire, noble, lord)
    crowns removed from the game; revealed card tokens in the play area (taken from the deck);
    assembly_left, used (minister names), swayed_now: the Daylight's bookkeeping. dc_edit(d): a last
    change."""
    user_edit = kw.pop("edit", None)

    def edit(d):
        if d["faction_seat"][DUCHY] >= 0:
            d["moles"] = lp._map(moles)
            d["burrow"] = burrow
            d["mole_supply"] = TABLE["warriors"] - sum(d["moles"]) - burrow
            assert d["mole_supply"] >= 0
            d["citadels"] = lp._map(citadels)
            d["markets"] = lp._map(markets)
            assert sum(d["citadels"]) <= 3 and sum(d["markets"]) <= 3
            d["tunnels"] = [1 if n + 1 in tunnels else 0 for n in range(NCL)]
            d["tunnel_supply"] = TABLE["tunnels"] - len(tunnels)
            mask = 0
            for name in swayed:
                mask |= 1 << MINISTERS[name]
            d["swayed"] = mask
            held = [0, 0, 0]
            for name in swayed:
                held[RANK[name]] += 1
            d["crowns"] = [TABLE["crowns"] - held[r] - crowns_lost[r] for r in range(3)]
            assert min(d["crowns"]) >= 0
            lp._cards_back(d, d["duchy_revealed"])
            for tok in revealed:
                d["duchy_revealed"][lp._take(d, tok)] += 1
            u = 0
            for name in used:
                u |= 1 << MINISTERS[name]
            d["ministers_used"] = u
            if assembly_left is not None:
                d["assembly_left"] = assembly_left
            d["swayed_now"] = swayed_now
            for k in ("acting", "bank_suit", "reveal_for", "reveal_at", "reveal_kind", "sway_minister", "dig_at",
                      "dig_card"):
                d[k] = -1
            for k in ("acts_left", "banked", "sway_need", "failure_owed", "fail_discard"):
                d[k] = 0
            d["act_kind"] = -1
            d["sway_suits"] = [0, 0, 0, 0]
        if user_edit is not None:
            user_edit(d)
        if dc_edit is not None:
            dc_edit(d)
    return rf_position(s, edit=edit, **kw)


def dc_day(s, seat: int, **kw):
    """dc_position at the Duchy's Daylight (the Assembly), two actions left unless told."""
    kw.setdefault("assembly_left", TABLE["assembly"])
    return dc_position(s, at=(seat, "duchy_daylight"), **kw)


def dc_turn(s, seat: int, **kw):
    """dc_position with seat's turn begun from its Birdsong (State.from_dict turn_start)."""
    sf = st(s)["seat_faction"]
    return dc_position(s, turn_of=seat, at=(seat, _core.STEP_NAMES[_day_step(sf[seat])]), **kw)


def _day_step(f: int) -> int:
    return STEP[{MARQUISE: "marquise_daylight", EYRIE: "eyrie_daylight", ALLIANCE: "alliance_daylight",
                 VAGABOND: "vagabond_daylight", WYRM: "wyrm_daylight", LIZARDS: "lizards_daylight",
                 RIVERFOLK: "riverfolk_daylight", DUCHY: "duchy_daylight"}[f]]


@functools.lru_cache(maxsize=None)
def three_table():
    """(Marquise, Duchy, Wyrm) after a real setup (never changed: positions copy it)."""
    return table((MARQUISE, DUCHY, WYRM))


@functools.lru_cache(maxsize=None)
def four_table():
    """(Marquise, Duchy, Alliance, Wyrm) after a real setup."""
    return table((MARQUISE, DUCHY, ALLIANCE, WYRM))


# ---- checks ----------------------------------------------------------------------------------

def warriors_conserved(d: dict) -> list[str]:
    """Each seated warrior faction's printed count = map + supply + the Riverfolk's boxes by owner +
    Coffin Makers (+ the Cult's Acolytes, the Alliance's officers, the Duchy's Burrow)."""
    problems = []
    for seat, f in enumerate(d["seat_faction"]):
        if f not in PRINTED:
            continue
        n = sum(d[MAPF[f]]) + d[SUPPLY[f]] + d["coffin"][seat]
        n += d["payments"][f] + d["funds"][f] + d["committed"][f]
        if f == LIZARDS:
            n += d["acolytes"]
        if f == ALLIANCE:
            n += d["officers"]
        if f == DUCHY:
            n += d["burrow"]
        if n != PRINTED[f]:
            problems.append(f"faction {f}: {n} warriors instead of {PRINTED[f]}")
    return problems


def duchy_problems(d: dict) -> list[str]:
    """The Duchy's piece invariants: 20 warriors (map + Burrow + supply + boxes + coffin), 3 tunnels
    (map + supply), at most one tunnel a clearing, 0..3 citadels and markets on the map (+ track =
    3 each)."""
    problems = [p for p in warriors_conserved(d) if p.startswith(f"faction {DUCHY}:")]
    if sum(d["tunnels"]) + d["tunnel_supply"] != TABLE["tunnels"]:
        problems.append(f"{sum(d['tunnels'])} tunnels on the map + {d['tunnel_supply']} in supply")
    if max(d["tunnels"]) > 1:
        problems.append(f"two tunnels in a clearing: {d['tunnels']}")
    for k in ("citadels", "markets"):
        if not 0 <= sum(d[k]) <= 3:
            problems.append(f"{sum(d[k])} {k} on the map")
    return problems


def drive_battle(s, back: str, roll=None, ambush=None, effect=None, hits=()):
    """Play the battle under way until s.step == back: an ambush card (or pass), the roll, a battle
    effect card (or pass), hit allocations from `hits` (remove actions, in order) when asked, the
    first option at every other decision (chance: the first outcome)."""
    left = list(hits)
    for _ in range(60):
        if s.step == back:
            return s
        la = s.legal_actions()
        if s.step == "battle_ambush":
            s.apply(action("ambush", cid(ambush)) if ambush else PASS)
        elif s.step == "battle_roll":
            s.apply(dice(*roll))
        elif s.step == "battle_effects":
            a = action("use", cid(effect)) if effect else PASS
            s.apply(a if a in la else PASS)
        elif left and left[0] in la:
            s.apply(left.pop(0))
        else:
            s.apply(la[0])
    raise AssertionError(f"{back} not reached (at {s.step})")
