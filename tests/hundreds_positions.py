"""Helpers that build Lord of the Hundreds positions for rules tests (LoR 14; docs/hundreds-keepers.md
§2, H-1..H-32, traps H-T1..H-T13, W-MP-30..34, readings H-C1..H-C23; the engine design §5).

Positions and actions speak the core's State API and action ints (`_core.ACTION_KINDS`), on top of
tests/corvid_positions.py's `cv_position` (itself duchy_positions.dc_position,
riverfolk_positions.rf_position and lizard_positions.position: every seated faction's pieces,
hands and piles):

- `lh_position(s, ...)`: the Hundreds' warriors {clearing: n}, the warlord (a clearing number, or
  None: off the map, in the supply), strongholds {clearing: n}, mobs (clearing numbers), the Hoard
  {item name: n} and other seats' Crafted Items boxes {seat: {item name: n}} (both taken from the
  item supply), the mood (a name) and the turn's bookkeeping (Command and Advances left, the
  Daylight block);
- `lh_turn` (the Hundreds' turn begun from its Birdsong: the Raze, the mob die, Recruit ... run up
  to the first decision), `lh_day` (Daylight, Command block, Command and Prowess from the Hoard
  unless told), `lh_advance` (Daylight, the Advance block), `lh_eve` (Evening: Incite, then Oppress
  and the draw).

The Autumn map: fox 1 6 8 12, rabbit 3 4 5 10, mouse 2 7 9 11; corners 1-3 and 2-4 are opposite;
paths 1-5 1-9 1-10 2-5 2-6 2-10 3-6 3-7 3-11 4-8 4-9 4-12 6-11 7-8 7-12 9-12 10-12 11-12; ruins in
6 10 11 12."""
from __future__ import annotations

import functools

from wyrm_ai import _core

import corvid_positions as cp
import lizard_positions as lp
from lizard_positions import (ALLIANCE, EYRIE, MARQUISE, MAX_SEATS, NCL, NCT, PASS, VAGABOND, WYRM, action, cid,
                              kind_of, kinds, st, table)

HUNDREDS = _core.FACTION_NAMES.index("hundreds")
TABLE = _core.HUNDREDS_TABLE
MOOD = {name: k for k, name in enumerate(_core.MOOD_NAMES)}
ITEM = {name: k for k, name in enumerate(_core.VITEM_NAMES)}
EVENT = {name: k for k, name in enumerate(_core.EVENT_KINDS)}
CAUSE = {name: k for k, name in enumerate(_core.REMOVE_CAUSES)}
PIECE = {name: k for k, name in enumerate(_core.PIECE_NAMES)}
COMMAND, PROWESS = 0, 1


# ---- action ints -----------------------------------------------------------------------------

def lh_corner(c: int) -> int:
    return action("lh_corner", c - 1)


def mob(c: int) -> int:
    return action("mob", c - 1)


def mob_die(suit: int) -> int:
    """The mob die's face (a chance outcome): 0 fox, 1 rabbit, 2 mouse."""
    return action("mob_die", suit)


def ruin_item(name: str) -> int:
    """A razed ruin's item (a chance outcome)."""
    return action("ruin_item", ITEM[name])


def anoint(c: int) -> int:
    return action("anoint", c - 1)


def mood(name: str) -> int:
    return action("mood", MOOD[name])


def hoard_out(name: str) -> int:
    return action("hoard_out", ITEM[name])


def contempt(score: bool) -> int:
    """Contempt for Trade: 0 take the item (no VP), 1 score the card and remove the item."""
    return action("contempt", int(score))


LOOT = action("loot", 0)                      # declare a loot at the battle's start


def loot(name: str) -> int:
    """The item a loot takes at the battle's end."""
    return action("loot", 1 + ITEM[name])


def bitter(c: int) -> int:
    """Bitter: the mob in clearing c becomes a warrior in the warlord's clearing."""
    return action("bitter", c - 1)


def lh_build(tok: str, c: int) -> int:
    return action("lh_build", cid(tok) * NCL + c - 1)


def incite(tok: str, c: int) -> int:
    return action("incite", cid(tok) * NCL + c - 1)


JUBILANT = action("jubilant", 0)


def advance_move(a: int, b: int, n: int) -> int:
    """A move carrying the warlord (the move's pawn flag) with n Hundreds warriors."""
    return lp.move(a, b, n, pawn=1)


# ---- reading a position ------------------------------------------------------------------------

def hundreds_at(d: dict) -> dict:
    """{clearing: n} of the Hundreds' warriors (the warlord apart)."""
    return {c + 1: n for c, n in enumerate(d["hundreds"]) if n}


def warlord_of(d: dict):
    """The warlord's clearing number, None off the map."""
    return None if d["warlord"] < 0 else d["warlord"] + 1


def mobs_of(d: dict) -> set:
    return {c + 1 for c in range(NCL) if d["mobs"][c]}


def hoard_of(d: dict) -> dict:
    return {name: d["hoard"][k] for name, k in ITEM.items() if d["hoard"][k]}


def mood_of(d: dict) -> str:
    return _core.MOOD_NAMES[d["mood"]]


def events_of(events, kind: str) -> list:
    """The (kind, seat, clearing, arg, amount, detail) events of a kind name."""
    return [e for e in events if e[0] == EVENT[kind]]


def moves_of(s) -> set:
    """The legal map moves as (from, to, warriors, pawn flag), clearing numbers."""
    out = set()
    for x in kinds(s, "move"):
        n, y = x % 26, x // 26
        pawn, y = y % 2, y // 2
        out.add((y // NCL + 1, y % NCL + 1, n, pawn))
    return out


def battles_of(s) -> set:
    return {(x // _core.NUM_SIDES + 1, x % _core.NUM_SIDES) for x in kinds(s, "battle")}


def moods_of(s) -> set:
    return {_core.MOOD_NAMES[x] for x in kinds(s, "mood")}


# ---- positions -------------------------------------------------------------------------------

def lh_position(s, *, hundreds=None, warlord=None, strongholds=None, mobs=(), hoard=None, boxes=None,
                mood="stubborn", command_left=0, advance_left=0, block=0, blocks_done=0, lh_edit=None, **kw):
    """cv_position(s, **kw) with the Hundreds' part: hundreds {clearing: n} warriors; warlord a
    clearing number or None (off the map); strongholds {clearing: n}; mobs clearing numbers; hoard
    {item name: n}; boxes {seat: {item name: n}} in other seats' Crafted Items boxes (items from
    the supply); mood a name; command_left, advance_left, block (0 Command, 1 Advance),
    blocks_done: the Daylight's bookkeeping. lh_edit(d): a last change."""
    user_edit = kw.pop("edit", None)

    def edit(d):
        if d["faction_seat"][HUNDREDS] >= 0:
            d["hundreds"] = lp._map(hundreds)
            d["hundred_supply"] = TABLE["warriors"] - sum(d["hundreds"])
            d["warlord"] = -1 if warlord is None else warlord - 1
            d["strongholds"] = lp._map(strongholds)
            d["mobs"] = [1 if c + 1 in mobs else 0 for c in range(NCL)]
            d["mob_supply"] = TABLE["mobs"] - len(mobs)
            d["hoard"] = [0] * len(d["hoard"])
            for name, n in (hoard or {}).items():
                d["hoard"][ITEM[name]] = n
                d["item_supply"][ITEM[name]] -= n
                assert d["item_supply"][ITEM[name]] >= 0, name
            d["mood"] = MOOD[mood]
            d["lh_stage"], d["raze_left"], d["mob_suit"] = 0, 0, -1
            d["command_left"], d["advance_left"], d["advance"] = command_left, advance_left, 0
            d["lh_block"], d["blocks_done"], d["jubilant_left"] = block, blocks_done, 0
            d["contempt_card"], d["overflow"] = -1, 0
        for seat, items in (boxes or {}).items():
            for name, n in items.items():
                d["items"][seat][ITEM[name]] += n
                d["item_supply"][ITEM[name]] -= n
                assert d["item_supply"][ITEM[name]] >= 0, name
        if user_edit is not None:
            user_edit(d)
        if lh_edit is not None:
            lh_edit(d)
    return cp.cv_position(s, edit=edit, **kw)


def level(n: int) -> int:
    """Command or Prowess for n items on a track (LoR 14.2.4.II)."""
    return TABLE["hoard_level"][n]


def _track(hoard, track: int) -> int:
    return sum(n for name, n in (hoard or {}).items() if TABLE["hoard_track"][ITEM[name]] == track)


def lh_turn(s, seat: int, **kw):
    """lh_position with the Hundreds' turn begun from its Birdsong (State.from_dict turn_start)."""
    return lh_position(s, turn_of=seat, at=(seat, "hundreds_daylight"), **kw)


def lh_day(s, seat: int, **kw):
    """lh_position at the Hundreds' Daylight, the Command block, Command and Prowess (Advances)
    from the Hoard unless told (as hundreds_daylight leaves it)."""
    kw.setdefault("command_left", level(_track(kw.get("hoard"), COMMAND)))
    kw.setdefault("advance_left", level(_track(kw.get("hoard"), PROWESS)))
    return lh_position(s, at=(seat, "hundreds_daylight"), **kw)


def lh_advance(s, seat: int, **kw):
    """lh_day in the Advance block (the Command block done unless told)."""
    kw.setdefault("block", 1)
    kw.setdefault("blocks_done", 1)
    return lh_day(s, seat, **kw)


def lh_eve(s, seat: int, **kw):
    """lh_position at the Hundreds' Evening (Incite; pass: Oppress and the draw)."""
    return lh_position(s, at=(seat, "hundreds_evening"), **kw)


@functools.lru_cache(maxsize=None)
def three_table():
    """(Marquise, Hundreds, Wyrm) after a real setup (never changed: positions copy it)."""
    return table((MARQUISE, HUNDREDS, WYRM))


@functools.lru_cache(maxsize=None)
def ep_table():
    """(Marquise, Hundreds, Wyrm) with the Exiles & Partisans deck, after a real setup."""
    return table((MARQUISE, HUNDREDS, WYRM), deck_id=_core.DECK_NAMES.index("ep"))


@functools.lru_cache(maxsize=None)
def vagabond_table():
    """(Marquise, Hundreds, Vagabond, Wyrm) after a real setup."""
    return table((MARQUISE, HUNDREDS, VAGABOND, WYRM))


def played(s, a):
    """Apply a, asserting it is legal; the events told."""
    assert a in s.legal_actions(), (kind_of(a), s.step, sorted({kind_of(x)[0] for x in s.legal_actions()}))
    return s.apply_logged(a)


__all__ = ["HUNDREDS", "TABLE", "MOOD", "ITEM", "EVENT", "CAUSE", "PIECE", "COMMAND", "PROWESS", "MARQUISE", "EYRIE",
           "ALLIANCE", "VAGABOND", "WYRM", "NCL", "NCT", "PASS", "MAX_SEATS", "action", "cid", "kinds", "kind_of",
           "st", "table", "lh_corner", "mob", "mob_die", "ruin_item", "anoint", "mood", "hoard_out", "contempt",
           "LOOT", "loot", "bitter", "lh_build", "incite", "JUBILANT", "advance_move", "hundreds_at", "warlord_of",
           "mobs_of", "hoard_of", "mood_of", "events_of", "moves_of", "battles_of", "moods_of", "lh_position",
           "level", "lh_turn", "lh_day", "lh_advance", "lh_eve", "three_table", "ep_table", "vagabond_table",
           "played"]
