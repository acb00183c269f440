"""Helpers that build Keepers in Iron positions for rules tests (LoR 15; docs/hundreds-keepers.md §3,
I-1..I-31, traps I-T1..I-T13, W-MP-34..37, readings I-C1..I-C19; the engine design as built §7).

Positions and actions speak the core's State API and action ints (`_core.ACTION_KINDS`), on top of
tests/hundreds_positions.py's `lh_position` (itself corvid_positions.cv_position, ...,
lizard_positions.position: every seated faction's pieces, hands and piles):

- `ki_position(s, ...)`: the Keepers' warriors {clearing: n} (`keepers=`: lizard_positions'
  `warriors=` is the Marquise's), waystations {w: (clearing, face)} (face 0/1 or a relic type
  name), relics {relic id: (place, value)} (place a clearing number, a forest name such as
  "1_2_5_10", "recovered" or ("trophy", seat); value 0 or None face down), the relics not named
  left where the table put them or all sent face down to the forest `rest`, the Retinue as
  [(card token or "retainer", column), ...] (the cards taken from the deck) and the turn's
  bookkeeping (the column acting, the cards used, Encamp's and Decamp's clearings, the stage);
- `ki_turn` (the Keepers' turn begun from its Birdsong: Encamp, Decamp, Recruit run up to the
  first decision), `ki_day` (Daylight, a given column, crafting open only in the first unless
  told), `ki_eve` (Evening: Live Off the Land at once, then Gather Retinue, then the draw).

Relic i's type is i // 4 (figure 0-3, tablet 4-7, jewelry 8-11); waystation w shows
`WAYSTATION_FACES[w][face]` (0 figure/tablet, 1 tablet/jewelry, 2 jewelry/figure).

The Autumn map: fox 1 6 8 12, rabbit 3 4 5 10, mouse 2 7 9 11; corners 1-3 and 2-4 are opposite;
paths 1-5 1-9 1-10 2-5 2-6 2-10 3-6 3-7 3-11 4-8 4-9 4-12 6-11 7-8 7-12 9-12 10-12 11-12; the map
edge 1 5 2 6 3 7 8 4 9; forests 0 1_2_5_10, 1 1_9_10_12, 2 2_6_10_11_12, 3 4_9_12, 4 4_7_8_12,
5 3_7_11_12, 6 3_6_11."""
from __future__ import annotations

import functools

from wyrm_ai import _core

import hundreds_positions as hp
import lizard_positions as lp
from lizard_positions import (ALLIANCE, EYRIE, MARQUISE, MAX_SEATS, NCL, NCT, PASS, VAGABOND, WYRM, action, cid,
                              kind_of, kinds, st, table)

KEEPERS = _core.FACTION_NAMES.index("keepers")
TABLE = _core.KEEPERS_TABLE
FORESTS = tuple(_core.FOREST_NAMES)                   # Autumn's, by forest index
FOREST_CLEARINGS = tuple(tuple(int(c) for c in f.split("_")) for f in FORESTS)
RELIC_TYPE = {name: k for k, name in enumerate(_core.RELIC_TYPE_NAMES)}
FIGURE, TABLET, JEWELRY = 0, 1, 2
FACES = TABLE["waystation_faces"]
COLUMNS = _core.RETINUE_COLUMNS                         # move, battle_delve, move_recover
RETAINER = _core.RETAINER_CARD
TROPHY = _core.RELIC_AT_TROPHY
RECOVERED = _core.RELIC_AT_RECOVERED
NRELIC = _core.NUM_RELICS
NRETINUE = _core.NUM_RETINUE
EDGE = (1, 5, 2, 6, 3, 7, 8, 4, 9)
EVENT = {name: k for k, name in enumerate(_core.EVENT_KINDS)}
CAUSE = {name: k for k, name in enumerate(_core.REMOVE_CAUSES)}
PIECE = {name: k for k, name in enumerate(_core.PIECE_NAMES)}


def forest(place) -> int:
    """A forest's index from its name ("1_2_5_10") or index."""
    return place if isinstance(place, int) else FORESTS.index(place)


def relics_of_type(t: int) -> range:
    return range(t * 4, t * 4 + 4)


# ---- action ints -----------------------------------------------------------------------------

def ki_setup(c: int) -> int:
    return action("ki_setup", c - 1)


def ki_relic(f, t: int) -> int:
    """A setup relic of type t into forest f (a chance outcome)."""
    return action("ki_relic", forest(f) * 3 + t)


def encamp(c: int, w: int, face: int) -> int:
    return action("encamp", ((c - 1) * 3 + w) * 2 + face)


def decamp(c: int, w: int) -> int:
    return action("decamp", (c - 1) * 3 + w)


def ki_recruit(tok: str, c: int) -> int:
    return action("ki_recruit", cid(tok) * NCL + c - 1)


def delve_at(c: int) -> int:
    """Battle then Delve's delve in clearing c (no battle due there, I-C4)."""
    return action("delve_at", c - 1)


def delve(r: int) -> int:
    return action("delve", r)


def relic_value(v: int) -> int:
    """A delved face-down relic's value (a chance outcome), 1..3."""
    return action("relic_value", v - 1)


def recover(r: int) -> int:
    return action("recover", r)


def carry(r: int) -> int:
    return action("carry", r)


def trophy(f) -> int:
    return action("trophy", forest(f))


def _card(tok) -> int:
    return NCT if tok in ("retainer", RETAINER, NCT) else cid(tok)


def retinue_add(tok: str, column: int) -> int:
    return action("retinue_add", cid(tok) * 3 + column)


def retinue_shift(tok, frm: int, to: int) -> int:
    """Shift one card (a token, or "retainer") from column frm to column to."""
    return action("retinue_shift", (frm * 3 + to) * (NCT + 1) + _card(tok))


# ---- reading a position ------------------------------------------------------------------------

def _place(at: int):
    if 0 <= at < NCL:
        return at + 1
    if NCL <= at < TROPHY:
        return FORESTS[at - NCL]
    if at == RECOVERED:
        return "recovered"
    if TROPHY <= at < TROPHY + MAX_SEATS:
        return ("trophy", at - TROPHY)
    return None


def relics_of(d: dict) -> dict:
    """{relic id: (place, value)}: place a clearing number, a forest name, "recovered", ("trophy",
    seat) or None (before setup); value 0 face down."""
    return {r: (_place(d["relic_at"][r]), d["relic_value"][r]) for r in range(NRELIC)}


def relics_at(d: dict, place) -> set:
    """The relic ids at one place (a clearing number, a forest name, "recovered" or ("trophy", seat))."""
    return {r for r, (p, _) in relics_of(d).items() if p == place}


def keepers_at(d: dict) -> dict:
    """{clearing: n} of the Keepers' warriors."""
    return {c + 1: n for c, n in enumerate(d["keepers"]) if n}


def waystations_of(d: dict) -> dict:
    """{waystation: (clearing, type shown)} of those on the map."""
    return {w: (d["way_at"][w] + 1, FACES[w][d["way_face"][w]]) for w in range(3) if d["way_at"][w] >= 0}


def retinue_of(d: dict) -> list:
    """[[card tokens or "retainer"] per column], in slot order."""
    from wyrm_ai.model.cards import CARDS
    cols = [[], [], []]
    for i in range(NRETINUE):
        t = d["retinue"][i]
        if t >= 0:
            cols[d["retinue_column"][i]].append("retainer" if t == RETAINER else CARDS[t].token)
    return cols


def events_of(events, kind: str) -> list:
    """The (kind, seat, clearing, arg, amount, detail) events of a kind name."""
    return [e for e in events if e[0] == EVENT[kind]]


def moves_of(s) -> set:
    """The legal map moves as (from, to, warriors), clearing numbers (pawn moves left out)."""
    out = set()
    for x in kinds(s, "move"):
        n, y = x % 26, x // 26
        pawn, y = y % 2, y // 2
        if not pawn:
            out.add((y // NCL + 1, y % NCL + 1, n))
    return out


def battles_of(s) -> set:
    return {(x // _core.NUM_SIDES + 1, x % _core.NUM_SIDES) for x in kinds(s, "battle")}


def offsets(s, kind: str) -> set:
    return set(kinds(s, kind))


# ---- positions -------------------------------------------------------------------------------

def _at(place) -> int:
    if isinstance(place, int):
        assert 1 <= place <= NCL, place
        return place - 1
    if isinstance(place, tuple):
        assert place[0] == "trophy"
        return TROPHY + place[1]
    if place == "recovered":
        return RECOVERED
    return NCL + FORESTS.index(place)


def ki_position(s, *, keepers=None, waystations=None, relics=None, rest=None, retinue=None, used=(), column=0,
                stage=0, encamped=(), decamped=(), slot_now=-1, act_at=None, eve_mode=0, ki_edit=None, **kw):
    """lh_position(s, **kw) with the Keepers' part: keepers {clearing: n} warriors (the supply the
    rest of 15); waystations {w: (clearing, face)}, face 0/1 or a relic type name (the others on
    the faction board); relics {relic id: (place, value)} (place a clearing number, a forest
    name, "recovered" or ("trophy", seat); value None/0 face down), the relics not named where the
    table put them, or face down in forest `rest` when given; retinue [(card token or "retainer",
    column), ...] in slots 0.. (the cards taken from the deck; None: the table's three Retainers);
    used the slot indices whose action was taken; column the column acting; stage, encamped,
    decamped (clearing numbers), slot_now, act_at (a clearing number), eve_mode: the turn's
    bookkeeping. ki_edit(d): a last change."""
    user_edit = kw.pop("edit", None)

    def edit(d):
        if d["faction_seat"][KEEPERS] >= 0:
            d["keepers"] = lp._map(keepers)
            d["keeper_supply"] = TABLE["warriors"] - sum(d["keepers"])
            assert d["keeper_supply"] >= 0
            d["way_at"], d["way_face"] = [-1, -1, -1], [0, 0, 0]
            d["waystations"] = [0] * NCL
            for w, (c, face) in (waystations or {}).items():
                if isinstance(face, str):
                    face = FACES[w].index(RELIC_TYPE[face])
                d["way_at"][w], d["way_face"][w] = c - 1, face
                d["waystations"][c - 1] += 1
            if rest is not None:
                for r in range(NRELIC):
                    d["relic_at"][r], d["relic_value"][r] = NCL + forest(rest), 0
            for r, (place, value) in (relics or {}).items():
                d["relic_at"][r], d["relic_value"][r] = _at(place), value or 0
            d["relics"] = [sum(1 for r in range(NRELIC) if d["relic_at"][r] == c) for c in range(NCL)]
            if retinue is not None:
                d["retinue"], d["retinue_column"] = [-1] * NRETINUE, [0] * NRETINUE
                for i, (tok, col) in enumerate(retinue):
                    d["retinue"][i] = RETAINER if tok == "retainer" else lp._take(d, tok)
                    d["retinue_column"][i] = col
            mask = 0
            for i in used:
                mask |= 1 << i
            d["retinue_used"] = mask
            d["ki_column"], d["ki_stage"], d["eve_mode"] = column, stage, eve_mode
            d["encamped"] = sum(1 << (c - 1) for c in encamped)
            d["decamped"] = sum(1 << (c - 1) for c in decamped)
            d["slot_now"] = slot_now
            d["act_at"] = -1 if act_at is None else act_at - 1
            d["delve_forest"], d["delve_relic"] = -1, -1
            d["carry_from"], d["carry_to"], d["carry_left"] = -1, -1, 0
        if user_edit is not None:
            user_edit(d)
        if ki_edit is not None:
            ki_edit(d)
    return hp.lh_position(s, edit=edit, **kw)


def ki_turn(s, seat: int, **kw):
    """ki_position with the Keepers' turn begun from its Birdsong (State.from_dict turn_start):
    Encamp, Decamp and Recruit, each skipped with nothing to do, up to the first decision."""
    return ki_position(s, turn_of=seat, at=(seat, "keepers_daylight"), **kw)


def ki_day(s, seat: int, column: int = 0, crafting: bool | None = None, **kw):
    """ki_position at the Keepers' Daylight, column `column` acting (crafting open only in column 0
    unless told)."""
    if crafting is None:
        crafting = column == 0 and not kw.get("used")
    user_edit = kw.pop("edit", None)

    def edit(d):
        d["crafting_open"] = int(crafting)
        if user_edit is not None:
            user_edit(d)
    return ki_position(s, at=(seat, "keepers_daylight"), column=column, edit=edit, **kw)


def ki_eve(s, seat: int, **kw):
    """ki_position at the Keepers' Evening, Gather Retinue (Live Off the Land already done: begin
    from Daylight's last column with `evening_from_day` to see it)."""
    kw.setdefault("stage", 7)
    return ki_position(s, at=(seat, "keepers_evening"), **kw)


def evening_from_day(s, seat: int, **kw):
    """ki_day in the last column with nothing to take: its pass runs Live Off the Land and opens
    Gather Retinue (or draws)."""
    return ki_day(s, seat, column=2, **kw)


@functools.lru_cache(maxsize=None)
def three_table():
    """(Marquise, Keepers, Wyrm) after a real setup (never changed: positions copy it)."""
    return table((MARQUISE, KEEPERS, WYRM))


@functools.lru_cache(maxsize=None)
def vagabond_table():
    """(Marquise, Keepers, Vagabond, Wyrm) after a real setup."""
    return table((MARQUISE, KEEPERS, VAGABOND, WYRM))


def played(s, a):
    """Apply a, asserting it is legal; the events told."""
    assert a in s.legal_actions(), (kind_of(a), s.step, sorted({kind_of(x)[0] for x in s.legal_actions()}))
    return s.apply_logged(a)


__all__ = ["KEEPERS", "TABLE", "FORESTS", "FOREST_CLEARINGS", "RELIC_TYPE", "FIGURE", "TABLET", "JEWELRY", "FACES",
           "COLUMNS", "RETAINER", "TROPHY", "RECOVERED", "NRELIC", "NRETINUE", "EDGE", "EVENT", "CAUSE", "PIECE",
           "MARQUISE", "EYRIE", "ALLIANCE", "VAGABOND", "WYRM", "NCL", "NCT", "PASS", "MAX_SEATS", "action", "cid",
           "kinds", "kind_of", "st", "table", "forest", "relics_of_type", "ki_setup", "ki_relic", "encamp", "decamp",
           "ki_recruit", "delve_at", "delve", "relic_value", "recover", "carry", "trophy", "retinue_add",
           "retinue_shift", "relics_of", "relics_at", "keepers_at", "waystations_of", "retinue_of", "events_of",
           "moves_of", "battles_of", "offsets", "ki_position", "ki_turn", "ki_day", "ki_eve", "evening_from_day",
           "three_table", "vagabond_table", "played"]
