"""Fuzzing: many seeded random games of every seat table the core can play (tests/mixes.py: the
Marquise de Cat, the Eyrie Dynasties, the Woodland Alliance, the Vagabond and the Voracious Wyrm,
two to four at a table, in several seat orders; and the tables with the Mechanical Marquise 2.0
bot, its variant, difficulty and traits changing with the seed, mixes.bot_options).

Every game is played through the Game facade by a RandomPlayer per seat, chance drawn from a
seeded numpy Generator, and after EVERY action the state is checked for conservation of every
seated faction's pieces, of the 54 cards and of the items, and for the other invariants below.
The checks are written here in plain Python from the state's field values; they never call a
rules helper of the core.

How many: WYRM_FUZZ_GAMES games per seat table (default 40, in chunks of 100, so 80-120 per mix
of factions over its seat orders; the issue's run is `WYRM_FUZZ_GAMES=1000 pytest
tests/test_fuzz.py`), of which WYRM_FUZZ_SAVE_GAMES (default 2; 50 in the 1,000-game run) also round-trip through saves and State.from_dict after every action.

Speed: State.to_dict() costs ~0.35 ms, which over ~300,000 actions would take minutes, so the
per-action checks read the fields from state_bytes() with a struct layout built from the core's
field table (STATE_FIELDS, the same table to_dict uses). That decoding is itself checked against
to_dict() (and State.from_dict) at sampled points and at the end of every game, so the checks are
"from the dict". A save at every action of the save games is checked at the cost of one action
each (check_save: one replay carried along, and the full Game.from_json at sampled points and at
the end) rather than by replaying the whole record at every action, which made a four-seat game
of 1,700 actions cost ~17 s.
"""
from __future__ import annotations

import functools
import json
import os
import struct

import numpy as np
import pytest

from wyrm_ai import _core
from wyrm_ai.model import cards, maps, notation
from wyrm_ai.model.actions import decode
from wyrm_ai.model.cards import CARDS, card
from wyrm_ai.model.bot_options import BotOptions
from wyrm_ai.model.events import Event
from wyrm_ai.model.factions import faction_id, vagabond_fields
from wyrm_ai.model.game import Game

from mixes import (PLAYABLE_BOT_MIXES, PLAYABLE_LIZARD_MIXES, PLAYABLE_MIXES, RIVERFOLK_MIXES, TWO_VAGABOND_MIXES,
                   ep_cards_dealt, ids_of,
                   mix_id, new_game, new_state, players_for, won)

# (mixes.py: the tables with the bot apart; the Lizard Cult's and the Riverfolk's tables, issue 33)
FUZZ_MIXES = (PLAYABLE_MIXES + PLAYABLE_BOT_MIXES + TWO_VAGABOND_MIXES[:1] + PLAYABLE_LIZARD_MIXES
              + tuple(m for m in RIVERFOLK_MIXES if m not in PLAYABLE_MIXES))
N_GAMES = int(os.environ.get("WYRM_FUZZ_GAMES", 40))      # per seat table (CI time: docs/development.md)
CHUNK = 100
N_CHUNKS = -(-N_GAMES // CHUNK)
N_SAVE_GAMES = int(os.environ.get("WYRM_FUZZ_SAVE_GAMES", 50 if N_GAMES >= 1000 else 2))
MAX_ACTIONS = 20_000      # a game that does not end within this many actions is a failure
DICT_SAMPLE = 97          # compare the fast decoding with to_dict() every this many actions
DEFAULT_MIX = ("marquise", "wyrm")

NCL = 12
# Each map's forests, building slots and ruins (a ruin covers a slot): clearings 1..12 (Root base
# rules, §1; root-maps-and-decks.md for the others), by map id
NFOREST = [len(maps.data(m)["forests"]) for m in range(len(maps.NAMES))]
RUINS = [maps.data(m)["ruins"] for m in range(len(maps.NAMES))]
FREE_SLOTS = [[n - r for n, r in zip(maps.data(m)["slots"], RUINS[m])] for m in range(len(maps.NAMES))]
ITEM_TOTALS = (2, 2, 1, 1, 2, 2, 2)   # boots, bag, crossbow, hammer, sword, tea, coins
CARD_COUNTS = [list(cards.deck_counts(d)) for d in range(len(cards.DECK_NAMES))]   # by deck id
DOMINANCE = tuple(i for i, c in enumerate(CARDS) if c.kind == "dominance")
ITEM_TOTALS_L = list(ITEM_TOTALS)
OUT_OF_GAME = [1 if t in DOMINANCE else 0 for t in range(len(CARDS))]
NONE_OUT = [0] * len(CARDS)
NO_CARDS = NONE_OUT         # a row of card counts with none
assert all(sum(counts) == 54 for counts in CARD_COUNTS) and len(DOMINANCE) == 4
STEP_NAMES = _core.STEP_NAMES
PLACING_STEPS = {"marquise_wood", "marquise_recruit", "wyrm_intimidate"}
PLACING_INDEX = {STEP_NAMES.index(name) for name in PLACING_STEPS}
S_TERMINAL = STEP_NAMES.index("terminal")


# ---- a fast, exact view of the state dict --------------------------------------------------

def _nested(index: int, shape) -> str:
    """Source of a nested list of the unpacked fields f[index:...] with this shape."""
    if len(shape) == 1:
        return f"list(f[{index}:{index + shape[0]}])"
    inner = int(np.prod(shape[1:]))
    return "[" + ", ".join(_nested(index + r * inner, shape[1:]) for r in range(shape[0])) + "]"


def _nested_rows(flat, shape) -> str:
    """Source of a nested list of the row expressions flat with this shape (of rows)."""
    if not shape:
        return flat[0]
    if len(shape) == 1:
        return "[" + ", ".join(flat) + "]"
    inner = len(flat) // shape[0]
    return "[" + ", ".join(_nested_rows(flat[r * inner:(r + 1) * inner], shape[1:]) for r in range(shape[0])) + "]"


@functools.lru_cache(maxsize=4096)
def _count_row(lo: int, hi: int) -> tuple:
    return tuple(((lo >> t) & 1) | (((hi >> t) & 1) << 1) for t in range(len(CARDS)))


def _counts(lo: int, hi: int) -> list:
    """The counts of a row of card counts held as two bit-planes."""
    return list(_count_row(lo, hi))


def _decoder(fields, size):
    """A struct layout for a block of size bytes holding fields (name, offset in the block, type,
    shape) and generated code that turns the unpacked tuple into their to_dict() structure (one
    dict display: fast enough to run after every action)."""
    codes = {"i1": "b", "u1": "B", "i2": "h", "u2": "H", "i4": "i", "u4": "I", "u8": "Q"}
    sizes = {"i1": 1, "u1": 1, "i2": 2, "u2": 2, "i4": 4, "u4": 4, "u8": 8}
    fmt, pos, index = "<", 0, 0
    top, battle = [], []
    for name, off, typ, shape in sorted(fields, key=lambda f: f[1]):
        assert off >= pos, "overlapping state fields"
        if off > pos:
            fmt += f"{off - pos}x"
        if name in _core.CARD_COUNT_FIELDS:    # rows of two bit-planes (lo, hi) of a count per card type
            rows = int(np.prod(shape[:-1]))
            fmt += f"{2 * rows}Q"
            flat = [f"_counts(f[{index + 2 * r}], f[{index + 2 * r + 1}])" for r in range(rows)]
            expr = _nested_rows(flat, shape[:-1])
            index += 2 * rows
            pos = off + 16 * rows
            (battle if name.startswith("battle.") else top).append(f"{name!r}: {expr}")
            continue
        count = int(np.prod(shape)) if shape else 1
        fmt += f"{count}{codes[typ]}"
        expr = _nested(index, shape) if shape else f"f[{index}]"
        if name.startswith("battle."):
            battle.append(f"{name[7:]!r}: {expr}")
        else:
            top.append(f"{name!r}: {expr}")
        index += count
        pos = off + count * sizes[typ]
    if size > pos:
        fmt += f"{size - pos}x"
    src = ("def decode(f):\n    return {" + (("'battle': {" + ", ".join(battle) + "}, ") if battle else "")
           + ", ".join(top) + "}\n")
    namespace = {"_counts": _counts}
    exec(src, namespace)
    unpack, decode = struct.Struct(fmt).unpack, namespace["decode"]
    return lambda raw: decode(unpack(raw))


# the state's layout (serialize.pxi): the table, then one Seat block per seat, each holding its
# faction's board; per-seat fields have one entry per seat, board fields are read from the
# faction's seat (or are a new board's when it is not at the table)
_FIELDS = _core.STATE_FIELDS
_TABLE = _decoder([f for f in _FIELDS if f[1] >= 0], _core.SEATS_AT)
_SEAT_NAMES = [name for name, off, typ, shape in _FIELDS if name in _core.SEAT_OFF]
_SEAT = _decoder([(name, _core.SEAT_OFF[name], typ, shape[1:]) for name, off, typ, shape in _FIELDS
                  if name in _core.SEAT_OFF], _core.SEAT_SIZE)
_BOARDS = {f: _decoder([(name, _core.BOARD_IN_SEAT + _core.BOARD_OFF[name][1], typ,
                         (_core.MAX_NUM_SEATS,) if name in _core.BY_FACTION_FIELDS else shape)   # by seat there
                        for name, off, typ, shape in _FIELDS if _core.BOARD_OFF.get(name, (-1,))[0] == f],
                       _core.SEAT_SIZE)
           for f in set(f for f, _ in _core.BOARD_OFF.values())}


# the hirelings' pieces (serialize.pxi HIRE_FIELD): a row per hireling, each in its own Pieces block
_HIRE_FIELDS = [(name, {"u1": "B", "i1": "b"}[typ], shape) for name, off, typ, shape in _FIELDS if name in _core.HIRE_OFF]


def _hire_fields(raw: bytes) -> dict:
    out = {}
    for name, code, shape in _HIRE_FIELDS:
        n = shape[1] if len(shape) > 1 else 1
        rows = [list(struct.unpack_from(f"{n}{code}", raw, _core.HR_AT + i * _core.HR_SIZE + _core.HIRE_OFF[name]))
                for i in range(shape[0])]
        out[name] = rows if len(shape) > 1 else [r[0] for r in rows]
    return out


def _absent_boards() -> dict:
    """Each faction's board fields when it is not at the table (to_dict of a table without it)."""
    out = {}
    for f in _BOARDS:
        table = (faction_id("marquise"), faction_id("eyrie") if f == faction_id("wyrm") else faction_id("wyrm"))
        d = _core.State(0, factions=table).to_dict()
        out[f] = {name: d[name] for name, (g, _) in _core.BOARD_OFF.items() if g == f}
    return out


_ABSENT = _absent_boards()
_ABSENT_TWIN = _core.State(0, factions=(faction_id("marquise"), faction_id("wyrm"))).to_dict()["vagabond2"]
_VB, _VB2 = faction_id("vagabond"), faction_id("vagabond2")
assert _core.TWIN_KEYS == {_VB2: "vagabond2"} and _core.TWIN_OF.get(_VB2) == _VB


def _pawn_in_seat() -> int:
    """Where a seat's pawn (Pieces.pawn, state.pxi: the Vagabond's vb_at, the Wyrm's pawn) lies in
    its Seat block: the one offset where, in probe states of two-Vagabond tables played on, every
    pawn-holding seat's byte is the pawn to_dict gives (the second Vagabond's "vagabond2" vb_at
    among them). The twin's vb_at is read there; fast_dict stays checked against to_dict."""
    at, size = _core.SEATS_AT, _core.SEAT_SIZE
    candidates = set(range(size))
    for mix in TWO_VAGABOND_MIXES:
        table = tuple(faction_id(f) for f in mix)
        for seed in range(6):
            s = _core.State(seed % len(table), factions=table)
            s.random_playout(seed, 150 + 40 * seed)
            raw, d = s.state_bytes(), s.to_dict()
            pawns = {table.index(_VB2): d["vagabond2"]["vb_at"], table.index(_VB): d["vb_at"]}
            if WYRM_ID in table:
                pawns[table.index(WYRM_ID)] = d["pawn"]
            for seat, pawn in pawns.items():
                candidates = {o for o in candidates
                              if struct.unpack_from("b", raw, at + seat * size + o)[0] == pawn}
    assert len(candidates) == 1, candidates
    return candidates.pop()


WYRM_ID = faction_id("wyrm")
_PAWN = _pawn_in_seat()
_TWIN_BY_FACTION = tuple(name for name, off, typ, shape in _core.TWIN_FIELDS if name in _core.BY_FACTION_FIELDS)
_TWIN_PIECES = tuple(name for name, off, typ, shape in _core.TWIN_FIELDS if name in _core.PIECE_SLOTS)
_TWIN_BOARD = tuple(name for name, off, typ, shape in _core.TWIN_FIELDS if name not in _core.PIECE_SLOTS)
assert all(_core.PIECE_SLOTS[name] == (_VB, "pawn") for name in _TWIN_PIECES)
assert all(_core.BOARD_OFF[name][0] == _VB for name in _TWIN_BOARD)


def _twin_dict(block: bytes, faction_seat) -> dict:
    """to_dict's "vagabond2" of a table seating him, from his Seat block: the Vagabond's board
    fields read at his seat (the Vagabond's own layout, as to_dict reads them: the by-faction
    fields by faction), his pawn at _PAWN."""
    board = _BOARDS[_VB](block)
    out = {name: board[name] for name in _TWIN_BOARD}
    for name in _TWIN_BY_FACTION:
        row = out[name]
        out[name] = [row[s] if s >= 0 else 0 for s in faction_seat]
    for name in _TWIN_PIECES:
        out[name] = struct.unpack_from("b", block, _PAWN)[0]
    return out


def fast_dict(state) -> dict:
    """The same dict as state.to_dict(), decoded from state_bytes() (checked against to_dict):
    per-seat fields keep the seats at the table (_core.SEAT_DIMS)."""
    raw = state.state_bytes()
    at, size = _core.SEATS_AT, _core.SEAT_SIZE
    d = _TABLE(raw[:at])
    d.update(_hire_fields(raw))
    n = d["nseats"]
    blocks = [raw[at + v * size:at + (v + 1) * size] for v in range(n)]
    seats = [_SEAT(b) for b in blocks]
    for name in _SEAT_NAMES:
        d[name] = [x[name] for x in seats]
    for f, decode in _BOARDS.items():
        seat = d["faction_seat"][f]
        d.update(decode(blocks[seat]) if seat >= 0 else _ABSENT[f])
    for name in _core.BY_FACTION_FIELDS:     # held by seat, written by faction
        seat = d["faction_seat"][_core.BOARD_OFF[name][0]]
        if seat >= 0:
            d[name] = [d[name][s] if s >= 0 else 0 for s in d["faction_seat"]]
    d.update(state.pieces_dict())
    for name, dims in _core.SEAT_DIMS.items():
        d[name] = d[name][:n] if dims == 1 else [row[:n] for row in d[name][:n]]
    # the second Vagabond's own fields (LoR 9.7; to_dict's "vagabond2"): their new-game values
    # without him, else decoded from his seat's block as to_dict reads them (_twin_dict)
    twin = d["faction_seat"][_VB2]
    d["vagabond2"] = _twin_dict(blocks[twin], d["faction_seat"]) if twin >= 0 else _ABSENT_TWIN
    return d


@pytest.mark.parametrize("mix", FUZZ_MIXES, ids=mix_id)
def test_fast_dict_matches_to_dict(mix):
    for seed in range(20):
        s = _core.State(seed % len(mix), factions=ids_of(mix))
        s.random_playout(seed, 40 + 7 * seed)
        assert fast_dict(s) == s.to_dict()


# ---- invariants ---------------------------------------------------------------------------

def _sum4(a, b, c, e):
    return a + b + c + e


BBB = card("R#betterburrowbank").id
MURINE = card("M#murinebroker").id
COFFIN = card("R#coffinmakers").id
MARQUISE_F, EYRIE_F, WYRM_F = faction_id("marquise"), faction_id("eyrie"), faction_id("wyrm")
ALLIANCE_F = faction_id("alliance")
SCORE_CAN_DROP = {EYRIE_F}      # LoR 7.7.2 Turmoil: the Eyrie loses VP


class Tracker:
    """What must hold between consecutive states of one game."""

    def __init__(self, every_action: bool = True):
        self.every_action = every_action   # consecutive checks are one action apart
        self.scores = None        # per seat, learnt at the first check
        self.keep = None          # the Keep's corner once placed; -1 once removed
        self.mm_keep = None       # the same for the Mechanical Marquise's Keep
        self.first = None
        self.turn_number = 0
        self.brokers = set()      # seats with Murine Broker in play since their last turn
        self.cv_prev = None       # the last state the Corvids' checks saw (check_snares compares)
        self.lh_prev = None       # the last state the Hundreds' checks saw (mood, warlord, Raze compare)
        self.ki_prev = None       # the last state the Keepers' checks saw (relics, Retinue, Live Off the Land)
        self.cv_extra = 0         # cards a wrong Exposure gave the Corvids since their last turn
        self.game, self.game_n = None, 0   # the game being played and its record length at the last check


def check_marquise(d: dict, seat: int, tr: Tracker, ctx, setup_done: bool) -> None:
    """Marquise de Cat (LoR 6, Law's piece counts): 25 warriors, 8 wood, 6 of each building, the
    Keep; she holds no Wyrm treasure."""
    assert sum(d["warriors"]) + d["warrior_supply"] + held(d, seat) == 25, ctx
    assert sum(d["wood"]) + d["wood_supply"] == 8, ctx
    for b in range(3):
        assert sum(d["buildings"][b]) <= 6, (ctx, b, d["buildings"][b])
    keep = d["keep"]
    # a corner, or removed / not yet placed; in a faction draft one of her homelands (LoR 16.1.8.2)
    assert keep in (-1, 0, 1, 2, 3) or (d["draft_stage"] and (d["homeland"][seat] >> keep) & 1), (ctx, keep)
    if tr.keep is not None:     # once placed it stays, or is removed for good
        assert keep in (tr.keep, -1), (ctx, "the Keep moved or came back", tr.keep, keep)
    if setup_done:
        if tr.keep is None and tr.every_action:     # (sampled checks may miss its removal)
            assert keep >= 0, (ctx, "setup ended without the Keep")
        tr.keep = keep
    assert d["items"][seat][7] == 0, (ctx, "the Marquise holds treasure")


def check_wyrm(d: dict, seat: int, tr: Tracker, ctx, setup_done: bool) -> None:
    """Voracious Wyrm (W-MP-1..8): 8 wyrmlings, 8 fear tokens, 3 treasure, Growth markers, the pawn
    on the map once set up."""
    assert sum(d["wyrmlings"]) + d["wyrmling_supply"] + held(d, seat) == 8, ctx
    assert max(d["fear"]) <= 2, (ctx, d["fear"])        # none, scared, cowed
    assert 12 - d["fear"].count(0) + d["fear_supply"] == 8, ctx
    assert d["items"][seat][7] + d["treasure_supply"] == 3, ctx
    assert max(d["growth"]) <= 2, (ctx, d["growth"])    # two spaces per track (unsigned)
    if setup_done:
        assert 0 <= d["pawn"] < NCL + NFOREST[d["map"]], (ctx, "pawn off the map", d["pawn"])


def check_eyrie(d: dict, seat: int, tr: Tracker, ctx, setup_done: bool) -> None:
    """Eyrie Dynasties (LoR 7.3, root-factions.md §2.1): 20 warriors, 7 roosts, at most one roost a
    clearing; a leader (L_*) or none while one is chosen; no Wyrm treasure."""
    assert sum(d["birds"]) + d["bird_supply"] + held(d, seat) == 20, ctx
    assert sum(d["roosts"]) + d["roost_supply"] == 7, ctx
    assert max(d["roosts"]) <= 1, (ctx, "two roosts in a clearing", d["roosts"])
    assert -1 <= d["leader"] < 4 and d["leaders_down"] < 16, (ctx, d["leader"], d["leaders_down"])
    if d["leader"] >= 0:
        assert not d["leaders_down"] & (1 << d["leader"]), (ctx, "a deposed leader leads")
    assert d["items"][seat][7] == 0, (ctx, "the Eyrie holds treasure")


# (the Duchy's Price of Failure and its random discard, LoR 12.2.3: reactions, on any turn; Fear of
# the Faithful's discards, LoR 10.2.5, settled first of all: the core's react_continue, so the others
# may be owed while its chance step waits -- a Favor removing the Cult's warriors and the Duchy's
# buildings at once, the six-seat table with both; the Keepers' relics carried along a move of their
# warriors and a removed relic placed as a trophy, LoR 15.2.4-5, before Outrage and the trim)
REACTION_STEPS = {"outrage", "supporter_draw", "alliance_trim", "trade_disruption", "price_of_failure",
                  "failure_discard", "faithful", "carry", "trophy"}
# the steps of a battle under way: the Price of Failure waits for its end (its hits are one
# removal, LoR 4.3.4 step 4, 1.5.4; docs/duchy-corvids.md C14)
BATTLE_UNDER_WAY = {"battle_ambush", "battle_foil", "battle_roll", "battle_hits", "battle_lair", "battle_effects",
                    "battle_enlist", "battle_forest", "field_hospitals"}


def check_alliance(d: dict, seat: int, tr: Tracker, ctx, setup_done: bool) -> None:
    """Woodland Alliance (LoR 8, root-factions.md §3): 10 warriors with the officers among them,
    10 sympathy tokens (at most one a clearing), 3 bases each in a clearing of its suit, the
    Supporters stack (LoR 8.2.3) capped at 5 while no base is on the map (LoR 8.2.4) except while
    the Alliance trim it; no Wyrm treasure."""
    step = STEP_NAMES[d["step"]]
    assert sum(d["rebels"]) + d["rebel_supply"] + d["officers"] + held(d, seat) == 10, (ctx, "Alliance warriors")
    assert sum(d["sympathy"]) + d["sympathy_supply"] == 10, (ctx, "sympathy tokens")
    assert max(d["sympathy"]) <= 1, (ctx, "two sympathy tokens in a clearing", d["sympathy"])
    for suit, c in enumerate(d["base_at"]):
        assert c == -1 or (0 <= c < NCL and d["suit"][c] == suit), (ctx, "base", suit, c)
    assert d["supporters_size"] == sum(d["supporters"]), (ctx, "supporters_size", d["supporters_size"])
    for v in range(d["nseats"]):     # (a row of zeros, the usual, is within any stack: counts are 0..3)
        assert d["known_sup"][v] == NO_CARDS or all(map(int.__le__, d["known_sup"][v], d["supporters"])), \
            (ctx, "known_sup", v)
    assert not any(d["known_sup"][seat]), (ctx, "the Alliance 'know' of their own stack")
    # (a win ends the game at once, LoR 3.1: the trim owed for the last base is never made when
    # the hit that removed it scored the winning VP)
    if max(d["base_at"]) < 0 and step not in REACTION_STEPS and step != "terminal":
        assert d["supporters_size"] <= 5, (ctx, "over 5 supporters without a base", d["supporters_size"])
    assert d["items"][seat][7] == 0, (ctx, "the Alliance hold treasure")


def check_reactions(d: dict, ctx) -> None:
    """Reactions (Outrage, LoR 8.2.6 and ruling §10.8; the stack's draws and trim) are settled
    before any other decision: none is owed at a decision point of another kind."""
    step = STEP_NAMES[d["step"]]
    if step == "terminal":
        return
    owed = sum(map(sum, d["outrage"]))
    # (settled in order: Fear of the Faithful's discards, Trade Disruption, the Price of Failure,
    # then the rest)
    if step not in ("outrage", "supporter_draw", "faithful", "trade_disruption", "price_of_failure",
                    "failure_discard", "carry", "trophy"):
        assert owed == 0, (ctx, "Outrage owed at", step, d["outrage"])
        assert d["sup_to_draw"] == 0, (ctx, "a supporter draw pending at", step)
    if step not in REACTION_STEPS:
        assert d["trim_owed"] == 0, (ctx, "a trim pending at", step)
    if step == "outrage":
        v = d["react_seat"]
        assert 0 <= v < d["nseats"] and any(d["outrage"][v]), (ctx, "an Outrage step with nothing owed")


def absent_alliance(d: dict, ctx) -> None:
    assert not any(d["rebels"]) and not any(d["sympathy"]), (ctx, "Alliance pieces at their absence")
    assert d["base_at"] == [-1, -1, -1] and d["supporters_size"] == 0, (ctx, "Alliance at their absence")
    assert not any(map(any, d["outrage"])) and d["sup_to_draw"] == 0, (ctx, "Outrage at their absence")
    assert d["officers"] == 0, (ctx, "officers at the Alliance's absence")


def absent_eyrie(d: dict, ctx) -> None:
    assert not any(d["birds"]) and not any(d["roosts"]), (ctx, "Eyrie pieces at their absence")
    assert not any(map(any, d["decree"])), (ctx, "a Decree at the Eyrie's absence")


def absent_marquise(d: dict, ctx) -> None:
    assert not any(d["warriors"]) and not any(d["wood"]), (ctx, "Marquise pieces at her absence")
    assert not any(map(any, d["buildings"])), (ctx, "Marquise buildings at her absence")


def absent_wyrm(d: dict, ctx) -> None:
    assert not any(d["wyrmlings"]) and not any(d["fear"]), (ctx, "Wyrm pieces at its absence")


VAGABOND_F = faction_id("vagabond")
# the 23 items of the box by kind (root-factions.md §1.9): crafted supply, "R" under ruins, "S" starting
VB_ITEMS = _core.VITEM_NAMES                    # boots, bag, crossbow, hammer, sword, tea, coins, torch
R_ITEMS = (1, 1, 0, 1, 1, 0, 0, 0)
S_ITEMS = (1, 1, 1, 1, 1, 1, 0, 1)       # the base box's; a character listing more takes the rest
BOX_ITEMS = tuple(a + b + c for a, b, c in zip(ITEM_TOTALS + (0,), R_ITEMS, S_ITEMS))  # from the expansions'


def s_items(char: int) -> tuple[int, ...]:
    """The "S" items in a game whose Vagabond plays char (LoR 16.3): the base box's seven, and
    more of a kind where his card lists more (the Arbiter's second sword, the Harrier's coins)."""
    return tuple(max(a, b) for a, b in zip(S_ITEMS, _core.VAGABOND_TABLE["start_items"][char]))


@functools.lru_cache(maxsize=None)
def _box(char: int) -> tuple[int, ...]:
    """The items of the box by kind in a game whose Vagabond plays char."""
    return tuple(b - s + t for b, s, t in zip(BOX_ITEMS, S_ITEMS, s_items(char)))


ALL_QUESTS = (1 << len(_core.QUESTS)) - 1
SCOUNDREL = _core.CHARACTER_NAMES.index("scoundrel")
RUIN_BITS = [sum(1 << c for c in range(NCL) if ruins[c]) for ruins in RUINS]


VAGABOND2_F = faction_id("vagabond2")
VAGABONDS_F = (VAGABOND_F, VAGABOND2_F)


def check_vagabond(d: dict, seat: int, tr: Tracker, ctx, setup_done: bool) -> None:
    """Vagabond (LoR 9, root-factions.md §1.9-1.11, §4): the 23 items conserved across the supply,
    the ruins, his items in every state, the Crafted Items boxes (the Wyrm's Lair), the lost and
    the removed ones, no count below zero (the fields are unsigned: a wrap shows as a huge count);
    quests partitioned between deck, face-up row (3 at most) and completed; ruins explored exactly
    where their items left; the pawn in a clearing or forest once set up; relationships -1..3 and
    Hostile for good but through a coalition (LoR 9.2.9.III); no score after a coalition (LoR 9.2.8).
    With two Vagabonds (LoR 9.7) the items, ruins and quests are checked for both at once
    (check_two_vagabonds), and each Vagabond's own fields here."""
    if VAGABOND2_F in d["seat_faction"]:
        check_two_vagabonds(d, ctx, setup_done)
    else:
        started = d["vb_char"] >= 0
        assert not d["scorched"] or (started and d["vb_char"] == SCOUNDREL), (ctx, "a scorched clearing, no Scoundrel")
        box = _box(d["vb_char"]) if started else BOX_ITEMS
        held_by_kind = list(map(sum, zip(*d["vb_items"][:4])))               # his items in every state
        crafted = list(map(sum, zip(*d["items"][:d["nseats"]])))            # the seats' crafted items
        lh_held = hoard_held(d)          # the Hundreds' Hoard (LoR 14.2.4; zeros without them)
        for k, name in enumerate(VB_ITEMS):
            held = held_by_kind[k]
            n = held + d["vb_out"][k] + d["ruin_items"][k]
            if k < len(ITEM_TOTALS):
                n += d["item_supply"][k] + d["items_lost"][k] + crafted[k] + lh_held[k]
            expected = box[k] if started else box[k] - S_ITEMS[k]
            assert n == expected, (ctx, "Vagabond items", name, n, expected)
            assert held <= box[k] and d["vb_out"][k] <= box[k], (ctx, "item count wrapped", name)
            assert d["ruin_items"][k] <= R_ITEMS[k], (ctx, "ruin items", name)
        explored = d["explored"]
        assert explored & ~RUIN_BITS[d["map"]] == 0, (ctx, "an explored clearing with no ruin", explored)
        assert bin(explored).count("1") + sum(d["ruin_items"]) == 4, (ctx, "ruins and explored")
        assert d["ruin_half"] == 0 and not any(d["ruin_seers"]), (ctx, "a ruin half taken with one Vagabond")
        deck, up, done = d["quest_deck"], d["quest_up"], d["quest_done"]
        assert not (deck & up or deck & done or up & done), (ctx, "a quest in two places")
        assert (deck | up | done) == (ALL_QUESTS if started else (deck | up | done) and ALL_QUESTS), \
            (ctx, "quests missing (all 15 from his setup on)", deck, up, done)
        assert bin(up).count("1") <= 3, (ctx, "more than three quests face up")
        if setup_done:
            assert bin(up).count("1") == 3 or deck == 0 or STEP_NAMES[d["step"]] in ("quest_draw", "terminal"), \
                (ctx, "a face-up quest missing while the deck has more")
    check_one_vagabond(d, seat, tr, ctx, setup_done)


def check_one_vagabond(d: dict, seat: int, tr: Tracker, ctx, setup_done: bool) -> None:
    """What holds of each Vagabond's own fields (the second's read from d["vagabond2"]: LoR 9.7):
    the pawn once set up, relationships -1..3 with the non-Vagabond factions only and Hostile for
    good but through a coalition, a coalition partner another seat, no score in a coalition."""
    v = vagabond_fields(d, d["seat_faction"][seat])
    if setup_done:
        assert v["vb_char"] >= 0 and 0 <= v["vb_at"] < NCL + NFOREST[d["map"]], (ctx, "Vagabond pawn", v["vb_at"])
    rel = v["vb_rel"]
    assert all(-1 <= r <= 3 for r in rel) and rel[VAGABOND_F] == rel[VAGABOND2_F] == 0, (ctx, "relationships", rel)
    assert all(a < 3 for a in v["vb_aids"]), (ctx, "aids toward a step", v["vb_aids"])
    partner = v["coalition"]
    assert partner == -1 or (d["nseats"] >= 4 and 0 <= partner < d["nseats"] and partner != seat), (ctx, "coalition")
    mine = tr.vb.setdefault(seat, {}) if hasattr(tr, "vb") else None
    if mine is None:
        tr.vb = {}
        mine = tr.vb.setdefault(seat, {})
    before = mine.get("rel")
    if before is not None and tr.every_action:
        for f, r in enumerate(before):
            if r == -1 and rel[f] != -1:      # Hostile is for good, but a coalition with it
                assert partner >= 0 and d["seat_faction"][partner] == f and rel[f] == 0, (ctx, "Hostility undone")
    if partner >= 0 and mine.get("partner", -1) >= 0:
        assert d["score"][seat] == mine["score"], (ctx, "the Vagabond scored in a coalition")
    mine.update(rel=list(rel), partner=partner, score=d["score"][seat])


def check_two_vagabonds(d: dict, ctx, setup_done: bool) -> None:
    """Two Vagabonds (LoR 9.7, root-maps-and-decks.md "Second Vagabond"): both "R" sets, two items
    under each ruin (8), each Vagabond his own character's starting items; every item conserved
    across the supply, the pool under the ruins, the items a ruin was seen to hold (ruin_seen),
    both Vagabonds' items and the removed ones; a ruin leaves the map when both its items are
    taken (explored), holds one after the first (ruin_half); the seen items known to Vagabonds
    only; the two characters differ; quests shared (one deck, three face up), each completed once."""
    table = d["seat_faction"]
    vbs = [(table.index(f), vagabond_fields(d, f)) for f in VAGABONDS_F]
    chars = [v["vb_char"] for _, v in vbs if v["vb_char"] >= 0]
    assert len(set(chars)) == len(chars), (ctx, "two Vagabonds playing one character", chars)
    assert not d["scorched"] or _core.CHARACTER_NAMES.index("scoundrel") in chars, (ctx, "a scorched clearing, no Scoundrel")
    seen = [0] * len(VB_ITEMS)
    for pair in d["ruin_seen"]:
        assert pair[0] >= 0 or pair[1] < 0, (ctx, "a ruin's second seen item without a first", pair)
        for k in pair:
            if k >= 0:
                seen[k] += 1
    for k, name in enumerate(VB_ITEMS):
        n = d["ruin_items"][k] + seen[k]
        expected = 2 * R_ITEMS[k] + sum(_core.VAGABOND_TABLE["start_items"][v["vb_char"]][k]
                                        for _, v in vbs if v["vb_char"] >= 0)
        for _, v in vbs:
            n += sum(v["vb_items"][x][k] for x in range(4)) + v["vb_out"][k]
        if k < len(ITEM_TOTALS):
            n += d["item_supply"][k] + d["items_lost"][k] + sum(d["items"][s][k] for s in range(d["nseats"]))
            n += hoard_held(d)[k]        # the Hundreds' Hoard (LoR 14.2.4)
            expected += ITEM_TOTALS[k]
        assert n == expected, (ctx, "two Vagabonds' items", name, n, expected)
        assert d["ruin_items"][k] <= 2 * R_ITEMS[k], (ctx, "ruin items", name)
    explored, half = d["explored"], d["ruin_half"]
    assert (explored | half) & ~RUIN_BITS[d["map"]] == 0 and not explored & half, (ctx, "ruins", explored, half)
    left = 2 * (4 - bin(explored).count("1")) - bin(half).count("1")
    assert sum(d["ruin_items"]) + sum(seen) == left, (ctx, "items under the ruins", left)
    vb_seats = sum(1 << s for s, _ in vbs)
    looking = STEP_NAMES[d["step"]] == "ruin"     # the explorer is a seer before the first item turns up
    for c, (pair, seers) in enumerate(zip(d["ruin_seen"], d["ruin_seers"])):
        assert ((pair[0] >= 0) == (seers != 0) or (looking and seers)) and not seers & ~vb_seats, \
            (ctx, "ruin seers", c, pair, seers)
    deck, up = d["quest_deck"], d["quest_up"]
    done = [v["quest_done"] for _, v in vbs]
    assert not (deck & up or deck & done[0] or deck & done[1] or up & done[0] or up & done[1] or done[0] & done[1]), \
        (ctx, "a quest in two places")
    started = bool(chars)
    allq = deck | up | done[0] | done[1]
    assert allq == (ALL_QUESTS if started else allq and ALL_QUESTS), (ctx, "quests missing", deck, up, done)
    assert bin(up).count("1") <= 3, (ctx, "more than three quests face up (shared, LoR 9.7)")
    if setup_done:
        assert bin(up).count("1") == 3 or deck == 0 or STEP_NAMES[d["step"]] in ("quest_draw", "terminal"), \
            (ctx, "a face-up quest missing while the deck has more")


def absent_vagabond(d: dict, ctx) -> None:
    assert d["vb_at"] == -1 and d["vb_char"] == -1 and d["coalition"] == -1, (ctx, "Vagabond at his absence")
    assert not any(map(any, d["vb_items"])) and not any(d["vb_out"]), (ctx, "Vagabond items at his absence")
    assert d["quest_deck"] == d["quest_up"] == d["quest_done"] == 0, (ctx, "quests")
    assert not any(d["vb_rel"]), (ctx, "relationships")
    # the ruins hold their "R" items (LoR 14.3.3) until the Hundreds' Raze takes them, one a ruin,
    # and the ruin leaves the map (LoR 14.4.1, H-13); none is explored without them
    explored = d["explored"]
    if HUNDREDS_F in d["seat_faction"]:
        assert explored & ~RUIN_BITS[d["map"]] == 0, (ctx, "a razed clearing with no ruin", explored)
        assert bin(explored).count("1") + sum(d["ruin_items"]) == 4, (ctx, "ruins and razed ruins")
        assert all(0 <= n <= r for n, r in zip(d["ruin_items"], R_ITEMS)), (ctx, "ruin items", d["ruin_items"])
    else:
        assert explored == 0 and list(d["ruin_items"]) == list(R_ITEMS), (ctx, "ruins", explored, d["ruin_items"])
    assert d["ruin_half"] == 0 and not any(d["ruin_seers"]), (ctx, "ruins looked at without a Vagabond")


def absent_vagabond2(d: dict, ctx) -> None:
    """No second Vagabond (LoR 9.7): his fields (d["vagabond2"]) keep their new-game values."""
    v = vagabond_fields(d, VAGABOND2_F)
    assert v["vb_at"] == -1 and v["vb_char"] == -1 and v["coalition"] == -1, (ctx, "second Vagabond at his absence")
    assert not any(map(any, v["vb_items"])) and not any(v["vb_out"]) and not v["vb_ritems"], \
        (ctx, "second Vagabond items at his absence")
    assert v["quest_done"] == 0 and not any(v["vb_rel"]), (ctx, "second Vagabond quests or relationships")
    assert all(pair == [-1, -1] for pair in d["ruin_seen"]), (ctx, "a ruin's items seen with one Vagabond")


MECHANICAL_F = faction_id("mechanical-marquise")
S_MM_DAY = STEP_NAMES.index("mechanical_daylight")
AMBUSH_STEPS = {STEP_NAMES.index("battle_ambush"), STEP_NAMES.index("battle_foil")}
# the steps of a battle under way (the battle's fields are stale after it)
BATTLE_STEPS = AMBUSH_STEPS | {STEP_NAMES.index(name) for name in (
    "battle_roll", "battle_hits", "battle_lair", "battle_forest", "battle_effects")}


def check_mechanical(d: dict, seat: int, tr: Tracker, ctx, setup_done: bool) -> None:
    """Mechanical Marquise 2.0 (MM2 digest §2-3): 25 warriors, at most 6 buildings of each type,
    the Keep in a corner until it leaves the game for good (§3); Poor Manual Dexterity: no hand,
    no cards known of it, no draws, no play area (§2.2); its order card face up only during its
    own turn (§5, §11); it never decides, so the game never waits at mechanical_daylight; Hates
    Surprises: no ambush step in a battle it fights (§2.2)."""
    assert sum(d["mm_warriors"]) + d["mm_warrior_supply"] + held(d, seat) == 25, (ctx, "MM2 warriors")
    for b in range(3):
        assert sum(d["mm_buildings"][b]) <= 6, (ctx, "MM2 buildings", b, d["mm_buildings"][b])
    keep = d["mm_keep"]
    assert keep in (-1, 0, 1, 2, 3), (ctx, "MM2 Keep", keep)
    before = getattr(tr, "mm_keep", None)
    if before is not None:
        assert keep in (before, -1), (ctx, "the MM2 Keep moved or came back", before, keep)
    if setup_done:
        if before is None and tr.every_action:
            assert keep >= 0, (ctx, "setup ended without the MM2 Keep")
        tr.mm_keep = keep
    assert d["hand_size"][seat] == 0 and not any(d["hand"][seat]), (ctx, "the bot holds cards")
    assert not any(d["play_area"][seat]), (ctx, "the bot has cards in play")
    assert d["to_draw"][seat] == 0, (ctx, "a draw owed to the bot")
    assert not any(any(d["known"][v][seat]) for v in range(d["nseats"])), (ctx, "cards known of the bot")
    assert d["items"][seat][7] == 0, (ctx, "the bot holds treasure")
    if d["mm_order"] >= 0:
        assert d["turn"] == seat, (ctx, "an order card outside the bot's turn", d["mm_order"])
    step = d["step"]
    assert step != S_MM_DAY, (ctx, "the game waits at mechanical_daylight")
    bt = d["battle"]
    if step in BATTLE_STEPS and seat in (bt["attacker"], bt["defender"]):
        assert step not in AMBUSH_STEPS and bt["ambush"] == -1, (ctx, "an ambush in the bot's battle")


def absent_mechanical(d: dict, ctx) -> None:
    assert not any(d["mm_warriors"]) and not any(map(any, d["mm_buildings"])), (ctx, "MM2 pieces at its absence")
    assert d["mm_keep"] == -1 and d["mm_order"] == -1, (ctx, "MM2 Keep or order at its absence")
    assert d["mm_warrior_supply"] == 25, (ctx, "MM2 supply at its absence")


LIZARDS_F = faction_id("lizards")
S_FAITHFUL = STEP_NAMES.index("faithful")
RIVERFOLK_F = faction_id("riverfolk")
DUCHY_F = faction_id("duchy")


def held(d: dict, seat: int) -> int:
    """seat's warriors off the map and out of its supply: on Coffin Makers (E&P), in the
    Riverfolk's Payments, Funds and Committed boxes (LoR 11.2.6, W-MP-18; by faction id), and the
    Duchy's in the Burrow (LoR 12.2.2: a clearing of their own, off the map; docs/duchy-corvids.md C1)."""
    f = d["seat_faction"][seat]
    return (d["coffin"][seat] + d["payments"][f] + d["funds"][f] + d["committed"][f]
            + (d["burrow"] if f == DUCHY_F else 0))


DC = _core.DUCHY_TABLE
MINISTER_RANK = DC["ranks"]
DUCHY_TURN_STEPS = {"duchy_daylight", "duchy_reveal", "duchy_dig", "duchy_tunnel", "duchy_parliament",
                    "duchy_minister", "duchy_sway", "duchy_evening"}
# the Burrow is one count on the Duchy's board, the only place of it in the state (no clearing of
# the map, no other faction's field): nothing but the Duchy's warriors can be there (LoR 12.2.2)
assert _core.BOARD_OFF["burrow"][0] == DUCHY_F and "burrow" not in _core.SEAT_OFF
assert [name for name, *_ in _core.STATE_FIELDS if "burrow" in name] == ["burrow"]


def check_duchy(d: dict, seat: int, tr: Tracker, ctx, setup_done: bool) -> None:
    """The Underground Duchy (LoR 12, docs/duchy-corvids.md D-1..D-20): 20 warriors among the map,
    the Burrow, the supply and Coffin Makers; 3 tunnels on the map (one a clearing at most) or in
    the supply; 3 citadels and 3 markets at most on the map; 3 crowns a rank on the board or on
    swayed ministers at most (a crown lost leaves the game, D-T2); a Parliament's used ministers
    swayed; revealed cards only during the Duchy's own turn (back in Evening, D-18); their Daylight
    steps on their own turn; the Price of Failure owed only while reactions are settled."""
    step = STEP_NAMES[d["step"]]
    assert sum(d["moles"]) + d["mole_supply"] + held(d, seat) == DC["warriors"], (ctx, "Duchy warriors")
    assert 0 <= d["burrow"] <= DC["warriors"], (ctx, "the Burrow", d["burrow"])
    assert sum(d["tunnels"]) + d["tunnel_supply"] == DC["tunnels"], (ctx, "Duchy tunnels")
    assert max(d["tunnels"]) <= 1, (ctx, "two tunnels in a clearing", d["tunnels"])
    assert sum(d["citadels"]) <= DC["citadels"] and sum(d["markets"]) <= DC["markets"], (ctx, "Duchy buildings")
    for k in range(3):
        swayed = sum(1 for m, r in enumerate(MINISTER_RANK) if r == k and (d["swayed"] >> m) & 1)
        assert swayed + d["crowns"][k] <= DC["crowns"], (ctx, "crowns of rank", k, d["crowns"], d["swayed"])
    if step in ("duchy_parliament", "duchy_minister"):
        assert not d["ministers_used"] & ~d["swayed"], (ctx, "an unswayed minister used", d["ministers_used"])
    if step in DUCHY_TURN_STEPS:
        assert d["turn"] == seat, (ctx, f"the Duchy's {step} on another seat's turn")
    if step == "price_of_failure":
        assert d["swayed"], (ctx, "the Price of Failure with no swayed minister")
    if any(d["duchy_revealed"]):
        assert d["turn"] == seat or step == "terminal", (ctx, "revealed cards outside the Duchy's turn")
    if d["fail_discard"] or (d["failure_owed"] and step not in BATTLE_UNDER_WAY):
        assert step in REACTION_STEPS or step == "terminal", (ctx, "the Price of Failure owed at", step)
    assert d["items"][seat][7] == 0, (ctx, "the Duchy hold treasure")


def absent_duchy(d: dict, ctx) -> None:
    assert not any(d["moles"]) and not any(d["tunnels"]), (ctx, "Duchy pieces at their absence")
    assert not any(d["citadels"]) and not any(d["markets"]), (ctx, "Duchy buildings at their absence")
    assert d["burrow"] == 0 and d["swayed"] == 0 and not any(d["duchy_revealed"]), (ctx, "Duchy board at their absence")
    assert d["failure_owed"] == 0 and d["fail_discard"] == 0, (ctx, "the Price of Failure at their absence")


def check_riverfolk(d: dict, seat: int, tr: Tracker, ctx, setup_done: bool) -> None:
    """The Riverfolk Company (LoR 11, docs/riverfolk-lizards.md R-1..R-21): 15 warriors among the
    map, the supply, their own boxes and Coffin Makers; a post a clearing at most, 3 a suit on the
    map and the track (LoR 11.3.1); funds only on crafting spaces a post uncovered (11.2.1); prices
    1..4 once set (11.3.5); services and mercenaries only on the buyer's own turn (11.2.6-7), never
    for the Riverfolk or a bot; Trade Disruption owed only while it is settled."""
    step = STEP_NAMES[d["step"]]
    assert sum(d["otters"]) + d["otter_supply"] + held(d, seat) == 15, (ctx, "Riverfolk warriors")
    assert max(d["trade_posts"]) <= 1, (ctx, "two trade posts in a clearing")
    for k in range(3):
        on_map = sum(d["trade_posts"][c] for c in range(NCL) if d["suit"][c] == k)
        assert on_map + d["posts_left"][k] <= 3, (ctx, "trade posts of a suit", k)
        assert d["track_used"][k] <= 3 - d["posts_left"][k], (ctx, "funds on a covered crafting space", k)
    if setup_done:
        assert all(1 <= p <= 4 for p in d["prices"]), (ctx, "prices", d["prices"])
    if step in ("services", "service_items"):
        assert d["turn"] != seat and d["buyer"] == d["turn"], (ctx, "services for", d["turn"])
        assert d["seat_faction"][d["turn"]] != MECHANICAL_F, (ctx, "services for a bot")
    for name in ("riverboats_for", "mercenaries_for"):
        assert d[name] in (-1, d["turn"]), (ctx, name, d[name])
    assert not d["mercenaries_on"] or d["mercenaries_for"] == d["turn"], (ctx, "mercenaries on")
    if d["disrupt_owed"]:
        assert step in REACTION_STEPS or step == "terminal", (ctx, "Trade Disruption owed at", step)
    assert d["items"][seat][7] == 0, (ctx, "the Riverfolk hold treasure")


def absent_riverfolk(d: dict, ctx) -> None:
    assert not any(d["otters"]) and not any(d["trade_posts"]), (ctx, "Riverfolk pieces at their absence")
    assert not any(d["payments"]) and not any(d["funds"]) and not any(d["committed"]), (ctx, "Riverfolk boxes")
    assert d["mercenaries_for"] == -1 and d["riverboats_for"] == -1 and d["disrupt_owed"] == 0, (ctx, "services")


def check_lizards(d: dict, seat: int, tr: Tracker, ctx, setup_done: bool) -> None:
    """The Lizard Cult (LoR 10, docs/riverfolk-lizards.md L-1..L-22): 25 warriors among the map,
    the supply, the Acolytes box and Coffin Makers; 5 gardens a suit, each in a clearing of its
    suit (setup, Build, Sanctify), at most the track's five on the map; the Outcast one of the three
    suits from setup on, its Hated side 0/1; revealed cards only during the Cult's own turn (back to
    the hand in Evening, L-21); Fear of the Faithful's discards owed only while they are settled."""
    step = STEP_NAMES[d["step"]]
    assert sum(d["lizards"]) + d["lizard_supply"] + d["acolytes"] + held(d, seat) == 25, (ctx, "Cult warriors")
    for k in range(3):
        assert sum(d["gardens"][k]) <= 5, (ctx, "gardens of a suit", k, d["gardens"][k])
        for c in range(NCL):
            assert not d["gardens"][k][c] or d["suit"][c] == k, (ctx, "a garden off its suit", k, c)
    assert -1 <= d["outcast"] <= 2 and d["hated"] in (0, 1), (ctx, "Outcast", d["outcast"], d["hated"])
    if setup_done:
        assert d["outcast"] >= 0, (ctx, "no Outcast after setup")
    if any(d["revealed"]):
        assert d["turn"] == seat or step == "terminal", (ctx, "revealed cards outside the Cult's turn")
    if d["faithful_owed"]:
        assert d["step"] == S_FAITHFUL or step in REACTION_STEPS or step == "terminal", \
            (ctx, "Fear of the Faithful owed at", step)
    assert d["items"][seat][7] == 0, (ctx, "the Cult hold treasure")


def absent_lizards(d: dict, ctx) -> None:
    assert not any(d["lizards"]) and not any(map(any, d["gardens"])), (ctx, "Cult pieces at their absence")
    assert not any(d["lost_souls"]) and not any(d["revealed"]), (ctx, "Lost Souls or revealed cards without the Cult")
    assert d["acolytes"] == 0 and d["outcast"] == -1 and d["faithful_owed"] == 0, (ctx, "Cult board at their absence")


CORVIDS_F = faction_id("corvids")
PLOT_BOMB, PLOT_SNARE = _core.PLOT_NAMES.index("bomb"), _core.PLOT_NAMES.index("snare")
# the Law's counts (LoR 13.1, 13.2.2; docs/duchy-corvids.md K-2, K-8, K-12): 15 warriors, 8 plots,
# two of each of the four types, three Daylight actions
CV_WARRIORS, CV_PLOTS, CV_PER_TYPE, CV_ACTIONS = 15, 8, 2, 3
assert _core.CORVID_TABLE == {"warriors": CV_WARRIORS, "plots": CV_PLOTS, "plots_per_type": CV_PER_TYPE,
                              "actions": CV_ACTIONS, "evening_draw": 1}
CORVID_TURN_STEPS = {"corvids_birdsong", "corvids_daylight", "corvids_evening", "extortion"}


def _enemy_pieces(d: dict, f: int):
    """An enemy of the Corvids' warriors by clearing, its other pieces by clearing that only a
    placement brings into a clearing (buildings and tokens; a pawn moves, so none here), and its
    warriors off the map that a move reaches (the Duchy's Burrow: LoR 12.2.2). None for a faction
    with no such pieces (the Vagabonds)."""
    if f == MARQUISE_F:
        keep = d["keep"]
        return d["warriors"], [w + b0 + b1 + b2 + (c == keep) for c, (w, b0, b1, b2) in
                               enumerate(zip(d["wood"], *d["buildings"]))], 0
    if f == EYRIE_F:
        return d["birds"], d["roosts"], 0
    if f == ALLIANCE_F:
        return d["rebels"], [t + (c in d["base_at"]) for c, t in enumerate(d["sympathy"])], 0
    if f == WYRM_F:                      # a fear token (scared or cowed: one token, LoR W-MP-1..8)
        return d["wyrmlings"], [1 if x else 0 for x in d["fear"]], 0
    if f == MECHANICAL_F:
        keep = d["mm_keep"]
        return d["mm_warriors"], [b0 + b1 + b2 + (c == keep) for c, (b0, b1, b2) in
                                  enumerate(zip(*d["mm_buildings"]))], 0
    if f == LIZARDS_F:
        return d["lizards"], list(map(sum, zip(*d["gardens"]))), 0
    if f == RIVERFOLK_F:
        return d["otters"], d["trade_posts"], 0
    if f == DUCHY_F:
        return d["moles"], list(map(sum, zip(d["tunnels"], d["citadels"], d["markets"]))), d["burrow"]
    if f == HUNDREDS_F:               # the warlord is a warrior (LoR 14.2.2): Anoint places it
        w = d["warlord"]
        return ([n + (c == w) for c, n in enumerate(d["hundreds"])],
                [a + b for a, b in zip(d["strongholds"], d["mobs"])], 0)
    if f == KEEPERS_F:                # waystations; relics move (carried, delved: LoR 15.2.4, 15.5.2.II)
        return d["keepers"], d["waystations"], 0
    return None


def _corvid_enemies(d: dict, cv: int) -> list[int]:
    """The seats that are enemies of the Corvids (LoR 9.2.8: a Vagabond's coalition partner is not
    his enemy, nor he theirs)."""
    out = []
    for v, f in enumerate(d["seat_faction"]):
        if v == cv or f < 0:
            continue
        if f in VAGABONDS_F and vagabond_fields(d, f)["coalition"] == cv:
            continue
        out.append(v)
    return out


def _snares(d: dict) -> set[int]:
    """The clearings with a face-up snare (LoR 13.7.2)."""
    up, types = d["plots_up"], d["plot_types"]
    return {c for c, p in enumerate(d["plots"]) if p and (up >> c) & 1 and types[c] == PLOT_SNARE}


def check_snares(b: dict, d: dict, cv: int, tr: Tracker, ctx) -> None:
    """LoR 13.7.2 (K-20, trap K-T8; W-MP-28, W-MP-29) between two consecutive states b and d, over
    the clearings with a face-up snare in both: no piece of an enemy of the Corvids is placed there
    (more of its warriors only as far as warriors left other clearings or the Burrow in the same
    action: a move in is allowed; more of its buildings or tokens never), and none of its warriors
    moves out (fewer there while its warriors on the map and in the Burrow stay as many: a move;
    the bot's moves and placements, which one action may mix with battles, by its events)."""
    snared = _snares(b) & _snares(d)
    if not snared:
        return
    for v in _corvid_enemies(d, cv):
        f = d["seat_faction"][v]
        before, after = _enemy_pieces(b, f), _enemy_pieces(d, f)
        if before is None:
            continue
        (w0, o0, burrow0), (w1, o1, burrow1) = before, after
        left = [max(0, x - y) for x, y in zip(w0, w1)]
        for c in snared:
            assert o1[c] <= o0[c], (ctx, "an enemy building or token placed in a face-up snare's clearing",
                                    v, c, o0[c], o1[c])
            came = w1[c] - w0[c]
            if came > 0:
                elsewhere = sum(left) - left[c] + max(0, burrow0 - burrow1)
                assert came <= elsewhere, (ctx, "enemy warriors placed in a face-up snare's clearing", v, c,
                                           w0[c], w1[c])
            elif came < 0 and f not in _core.BOT_FACTIONS:
                assert sum(w0) + burrow0 != sum(w1) + burrow1, (
                    ctx, "enemy warriors moved out of a face-up snare's clearing", v, c, w0[c], w1[c])
    g = getattr(tr, "game", None)
    if g is not None and len(g.record) == tr.game_n + 1:       # the events of this very action
        enemies = set(_corvid_enemies(d, cv))
        for e in g.last_events:
            if e.seat in enemies and e.amount > 0:
                assert not (e.kind == "place" and e.clearing in snared), (
                    ctx, "a placement in a face-up snare's clearing", e)
                assert not (e.kind == "move" and e.clearing in snared), (ctx, "a move out of a face-up snare", e)


def check_corvids(d: dict, seat: int, tr: Tracker, ctx, setup_done: bool) -> None:
    """The Corvid Conspiracy (LoR 13, docs/duchy-corvids.md K-1..K-22): 15 warriors among the map,
    the supply and Coffin Makers; 8 plots on the map (one a clearing at most, K-4) or in the
    supply, at most two of each type on the map (K-2: the supply's plots have no type until
    placed); a plot's type, facing and ruled-out types only where a plot lies, never ruling out
    its own type (a wrong Exposure rules out a wrong guess, K-C3), none on a face-up plot; a bomb
    under way face up where it lies; the Corvids' steps on their own turn, an Exposure on an
    enemy's (K-6, K-T6); no enemy placement in, and no enemy warrior moving out of, a face-up snare's
    clearing (K-20: check_snares, consecutive states)."""
    step = STEP_NAMES[d["step"]]
    plots, types, up, ruled = d["plots"], d["plot_types"], d["plots_up"], d["plot_not"]
    assert sum(d["corvids"]) + d["corvid_supply"] + held(d, seat) == CV_WARRIORS, (ctx, "Corvid warriors")
    assert sum(plots) + d["plot_supply"] == CV_PLOTS, (ctx, "plots", plots, d["plot_supply"])
    assert max(plots) <= 1, (ctx, "two plots in a clearing", plots)
    for t in range(len(_core.PLOT_NAMES)):
        on_map = sum(1 for c in range(NCL) if plots[c] and types[c] == t)
        assert on_map <= CV_PER_TYPE, (ctx, "plots of a type on the map", _core.PLOT_NAMES[t], on_map)
    assert up >> NCL == 0, (ctx, "plots_up off the map", up)
    for c in range(NCL):
        if not plots[c]:
            assert not (up >> c) & 1 and types[c] == 0 and ruled[c] == 0, (
                ctx, "a plot's type, facing or ruled-out types where no plot lies", c, types[c], up, ruled[c])
            continue
        assert ruled[c] < 16 and not (ruled[c] >> types[c]) & 1, (
            ctx, "a plot's own type ruled out", c, _core.PLOT_NAMES[types[c]], ruled[c])
        if (up >> c) & 1:
            assert ruled[c] == 0, (ctx, "types ruled out of a face-up plot", c, ruled[c])
    if d["bomb_at"] >= 0:
        c = d["bomb_at"]
        assert plots[c] and (up >> c) & 1 and types[c] == PLOT_BOMB, (ctx, "a bomb under way, not face up", c)
    assert d["cv_actions_left"] <= CV_ACTIONS and d["exerted"] in (0, 1), (ctx, d["cv_actions_left"], d["exerted"])
    if step in CORVID_TURN_STEPS:
        assert d["turn"] == seat, (ctx, f"the Corvids' {step} on another seat's turn")
    if step == "exposure":
        c = d["expose_at"]
        assert d["turn"] != seat and 0 <= c < NCL and plots[c] and not (up >> c) & 1, (
            ctx, "an Exposure not on an enemy's turn or of no face-down plot", c)
    else:
        assert d["expose_at"] == -1 or step == "terminal", (ctx, "an Exposure under way at", step)
    if d["extort_left"]:
        assert step in ("extortion", "terminal"), (ctx, "an extortion owed at", step)
    assert d["items"][seat][7] == 0, (ctx, "the Corvids hold treasure")
    # a wrong Exposure hands its card to the Corvids on another seat's turn (LoR 13.2.4): their
    # hand may pass five by as many cards until their own turn (check_state's hand limit)
    if d["turn"] == seat:
        tr.cv_extra = 0
    elif tr.every_action and tr.cv_prev is not None and STEP_NAMES[tr.cv_prev["step"]] == "exposure":
        tr.cv_extra += max(0, d["hand_size"][seat] - tr.cv_prev["hand_size"][seat])
    if tr.every_action and tr.cv_prev is not None:
        check_snares(tr.cv_prev, d, seat, tr, ctx)
    tr.cv_prev = d


def absent_corvids(d: dict, ctx) -> None:
    assert not any(d["corvids"]) and not any(d["plots"]), (ctx, "Corvid pieces at their absence")
    assert d["corvid_supply"] == CV_WARRIORS and d["plot_supply"] == CV_PLOTS, (ctx, "Corvid supply at their absence")
    assert not any(d["plot_types"]) and d["plots_up"] == 0 and not any(d["plot_not"]), (ctx, "plots at their absence")
    assert d["bomb_at"] == -1 and d["expose_at"] == -1 and d["extort_left"] == 0, (ctx, "Corvid board at their absence")


HUNDREDS_F = faction_id("hundreds")
LH = _core.HUNDREDS_TABLE
# the Law's counts (LoR 14.3.1, 14.2.4; docs/hundreds-keepers.md H-4..H-8, §6.3-4): 20 warriors and
# the warlord apart, 6 strongholds, 5 mobs; a Hoard track of four spaces (Command: boots, bags,
# coins; Prowess: crossbows, hammers, swords, teas; no track takes a torch); Command and Prowess
# 0 -> 1, 1 -> 2, 2 -> 2, 3 -> 3, 4 -> 4; Jubilant's four rolls
LH_WARRIORS, LH_STRONGHOLDS, LH_MOBS, LH_TRACK = 20, 6, 5, 4
LH_HOARD_TRACK = (0, 0, 1, 1, 1, 1, 0, -1)      # by item kind, _core.VITEM_NAMES order
assert (LH["warriors"], LH["strongholds"], LH["mobs"], LH["track"]) == (LH_WARRIORS, LH_STRONGHOLDS, LH_MOBS, LH_TRACK)
assert LH["hoard_track"] == LH_HOARD_TRACK and LH["hoard_level"] == (1, 2, 2, 3, 4) and LH["jubilant_rolls"] == 4
assert _core.VITEM_NAMES == ("boots", "bag", "crossbow", "hammer", "sword", "tea", "coins", "torch")
MOODS = _core.MOOD_NAMES
assert MOODS == ("bitter", "grandiose", "jubilant", "lavish", "relentless", "rowdy", "stubborn", "wrathful")
# each mood's item (LoR 14.4.4: Bitter hammer, Grandiose tea, Jubilant boots, Lavish none, Relentless
# bag, Rowdy coins, Stubborn crossbow, Wrathful sword), by item kind
MOOD_ITEM = tuple(-1 if i is None else _core.VITEM_NAMES.index(i) for i in (
    "hammer", "tea", "boots", None, "bag", "coins", "crossbow", "sword"))
assert LH["mood_items"] == MOOD_ITEM
MOOD_STUBBORN, MOOD_BITTER = MOODS.index("stubborn"), MOODS.index("bitter")
# their own turn's steps (LoR 14.4-14.6; a crafted item's Contempt for Trade, a full track's
# overflow and Looters all come on it: they craft in their Daylight and loot only attacking, H-3,
# H-5, H-7); Bitter is a battle's, attacking or defending, on any turn (H-C3, H-C10)
HUNDREDS_TURN_STEPS = {"hundreds_birdsong", "mob_die", "raze_ruin", "hundreds_daylight", "hundreds_evening",
                       "contempt", "hoard_overflow", "loot_declare", "loot"}
LH_BIRDSONG_STEPS = {"hundreds_birdsong", "mob_die", "raze_ruin"}
S_LH_BIRD = STEP_NAMES.index("hundreds_birdsong")
LH_RECRUIT_STAGE = 5      # hundreds.pxi LH_RECRUIT: Recruit short of warriors, place_left the strongholds'
P_PAWN = _core.PIECE_NAMES.index("pawn")
CAUSE_RAZE, CAUSE_HIT = _core.REMOVE_CAUSES.index("raze"), _core.REMOVE_CAUSES.index("hit")
# every faction's warriors by clearing and its pawn (a Vagabond's, the Wyrm's, the warlord), by
# faction id: a Raze takes neither (H-13, trap H-T5)
WARRIOR_FIELDS = {f: name for name, (f, slot) in _core.PIECE_SLOTS.items() if slot == "warriors"}
PAWN_FIELDS = {f: name for name, (f, slot) in _core.PIECE_SLOTS.items() if slot == "pawn"}
assert WARRIOR_FIELDS[HUNDREDS_F] == "hundreds" and PAWN_FIELDS[HUNDREDS_F] == "warlord"


def hoard_held(d: dict) -> list[int]:
    """The items the Hundreds hold outside the item supply, by kind: the Hoard (LoR 14.2.4) and a
    crafted item whose Contempt for Trade is being chosen (out of the supply, not yet taken or
    removed: H-3)."""
    out = list(d["hoard"])
    if d["contempt_card"] >= 0:
        out[CARDS[d["contempt_card"]].item] += 1
    return out


def _this_actions_events(tr: Tracker):
    """The events of the action just checked (None for sampled checks or outside a game)."""
    g = tr.game
    if g is None or not tr.every_action or len(g.record) != tr.game_n + 1:
        return None
    return g.last_events


def _pieces_of(d: dict, f: int):
    """Faction f's warriors by clearing, its pawn (-1 none or off the map) and its buildings and
    tokens by clearing (the Marquise's Keep among them; the Wyrm's fear: one token), or None for
    a faction with none of these fields (the second Vagabond's pawn is read apart)."""
    warriors = d[WARRIOR_FIELDS[f]] if f in WARRIOR_FIELDS else [0] * NCL
    pawn = vagabond_fields(d, f)["vb_at"] if f in VAGABONDS_F else (d[PAWN_FIELDS[f]] if f in PAWN_FIELDS else -1)
    if f == CORVIDS_F:
        others = list(d["plots"])
    elif f == HUNDREDS_F:
        others = [a + b for a, b in zip(d["strongholds"], d["mobs"])]
    elif f == KEEPERS_F:             # waystations and relics (a building and tokens, LoR 15.1)
        others = [a + b for a, b in zip(d["waystations"], d["relics"])]
    elif f in VAGABONDS_F:
        others = [0] * NCL
    else:
        others = _enemy_pieces(d, f)[1]
    return warriors, pawn, others


def check_raze(b: dict, d: dict, lh: int, events, ctx) -> None:
    """H-13 (LoR 14.4.1; traps H-T5, W-MP-32) over an action with a Raze (the removals it caused):
    in every clearing that held a mob before it, no building or token of an enemy of the
    Hundreds is left (a win may end the Raze half way), and no seat's warriors there are fewer
    nor any pawn gone or moved (a raid's warriors may come: LoR 13.7.4)."""
    if not any(e.kind == "remove" and e.detail == CAUSE_RAZE for e in events):
        return
    mobbed = [c for c in range(NCL) if b["mobs"][c]]
    for e in events:
        if e.kind == "remove" and e.detail == CAUSE_RAZE:
            assert e.clearing in mobbed and e.seat != lh, (ctx, "a Raze where no mob was, or of their own", e)
    for v, f in enumerate(d["seat_faction"]):
        if v == lh or f < 0 or f in _core.BOT_FACTIONS:
            continue
        (w0, pawn0, _), (w1, pawn1, o1) = _pieces_of(b, f), _pieces_of(d, f)
        assert pawn1 == pawn0, (ctx, "a Raze moved or removed a pawn", v, pawn0, pawn1)
        for c in mobbed:
            assert w1[c] >= w0[c], (ctx, "a Raze removed warriors", v, c, w0[c], w1[c])
            enemy = not (f in VAGABONDS_F and vagabond_fields(d, f)["coalition"] == lh)
            if enemy and STEP_NAMES[d["step"]] != "terminal":
                assert o1[c] == 0, (ctx, "an enemy building or token left in a razed clearing", v, c, o1[c])


def _matches(t: int, suit: int) -> bool:
    """Card t may be spent for a clearing of suit (LoR 2.1.1: birds are wild)."""
    return CARDS[t].suit in ("bird", _core.SUIT_NAMES[suit])


def check_lh_placements(b: dict, d: dict, lh: int, events, tr: Tracker, ctx) -> None:
    """The Hundreds' placements in one action, by its events: an Incite's mob in a clearing of its
    card's suit (birds wild) that held no mob and holds a Hundreds warrior or the warlord (LoR
    14.6.1, H-21); a spread's mob in a clearing with no mob before, of the suit the mob die rolled,
    adjacent to a mob (LoR 14.4.1, 14.7.3; H-14, H-26); a Build's stronghold in a clearing of its
    card's suit that they rule (LoR 14.5.2, H-19: rule only grows with the stronghold, so it is
    read after the action)."""
    rolled = [e.arg for e in events if e.kind == "mob_die"]
    suit = d["suit"]
    for e in events:
        if e.seat != lh or e.kind not in ("mob", "lh_build"):
            continue
        c = e.clearing
        if e.kind == "lh_build":
            assert _matches(e.detail, suit[c]), (ctx, "a stronghold built with a card of another suit", c, e.detail)
            assert d["strongholds"][c] > b["strongholds"][c], (ctx, "a Build placed no stronghold", c)
            assert _core.ruler_of(tr.game.state, c) == lh, (ctx, "a stronghold built where they do not rule", c)
            continue
        assert not b["mobs"][c], (ctx, "a mob placed where one was", c)
        if e.arg:                                        # an Incite
            assert _matches(e.detail, suit[c]), (ctx, "a mob Incited with a card of another suit", c, e.detail)
            assert d["hundreds"][c] or d["warlord"] == c, (ctx, "a mob Incited with no Hundreds warrior there", c)
        else:                                            # the mob die's spread
            die = rolled[-1] if rolled else b["mob_suit"]
            assert suit[c] == die, (ctx, "a mob spread to a clearing of another suit than the die's", c, die)
            # (the state's paths, `adj`: the Mountain's closed paths and the one opened this turn)
            assert any(d["mobs"][j] and (d["adj"][c] >> j) & 1 for j in range(NCL)), (
                ctx, "a mob spread to no clearing beside a mob", c)


def check_hundreds(d: dict, seat: int, tr: Tracker, ctx, setup_done: bool) -> None:
    """The Lord of the Hundreds (LoR 14, docs/hundreds-keepers.md H-1..H-32): 20 warriors among the
    map, the supply and Coffin Makers, the warlord apart from them (H-2, H-8: one clearing or off
    the map, never a forest); 6 strongholds (each takes a slot: buildings_in), 5 mobs, one a
    clearing (H-21), neither in the Keep's clearing while it stands (LoR 6.2.2: only the Marquise
    place there); the Hoard never the seat's Crafted Items box (H-4, H-T12), each kind within the
    box's items, no torch, each track at most four but while its overflow is chosen (H-5); the
    mood one of the eight (H-17); Command, Advances and Jubilant's rolls within their numbers
    (H-6, H-26); a Contempt for Trade's card, an overflow, the mob die's suit and the razed ruins
    only where their steps are under way; their turn's steps on their own turn, Bitter in their
    battle in the warlord's clearing (H-24). Between consecutive states: once their Birdsong is
    over, the warlord on the map (Anoint, H-16); the mood changes only at their Choose Mood, to
    another whose item is not in the Hoard (H-17); the warlord moves only on their turn, leaves the
    map only to a hit, and comes back only by Anoint (H-2, H-16, H-T2); a Raze (check_raze, H-13);
    their Incites, mob spreads and Builds (check_lh_placements, H-14, H-19, H-21)."""
    step = STEP_NAMES[d["step"]]
    assert sum(d["hundreds"]) + d["hundred_supply"] + held(d, seat) == LH_WARRIORS, (ctx, "Hundreds warriors")
    w = d["warlord"]
    assert -1 <= w < NCL, (ctx, "the warlord off the clearings", w)
    assert sum(d["strongholds"]) <= LH_STRONGHOLDS, (ctx, "strongholds", d["strongholds"])
    assert sum(d["mobs"]) + d["mob_supply"] == LH_MOBS, (ctx, "mobs", d["mobs"], d["mob_supply"])
    assert max(d["mobs"]) <= 1, (ctx, "two mobs in a clearing", d["mobs"])
    for keep in (d["keep"], d["mm_keep"]):
        if keep >= 0:
            assert not d["strongholds"][keep] and not d["mobs"][keep], (ctx, "a stronghold or mob in the Keep's clearing")
    assert not any(d["items"][seat]), (ctx, "items in the Hundreds' Crafted Items box", d["items"][seat])
    hoard = d["hoard"]
    for k, name in enumerate(VB_ITEMS):
        assert hoard[k] <= BOX_ITEMS[k], (ctx, "Hoard items over the box's", name, hoard[k])
    assert hoard[VB_ITEMS.index("torch")] == 0, (ctx, "a torch in the Hoard")
    for track in (0, 1):
        on = sum(n for k, n in enumerate(hoard) if LH_HOARD_TRACK[k] == track)
        over = d["overflow"] == track + 1 and step in ("hoard_overflow", "terminal")
        assert on <= LH_TRACK + over, (ctx, "a Hoard track over four", track, hoard)
        if over and step == "hoard_overflow":
            assert on == LH_TRACK + 1, (ctx, "an overflow of a track not over", track, hoard)
    assert d["overflow"] in (0, 1, 2) and (d["overflow"] != 0) == (step == "hoard_overflow") or step == "terminal", \
        (ctx, "an overflow at", step, d["overflow"])
    assert 0 <= d["mood"] < len(MOODS), (ctx, "mood", d["mood"])
    if not setup_done:
        assert d["mood"] == MOOD_STUBBORN, (ctx, "a starting mood not Stubborn (LoR 14.3.4)", MOODS[d["mood"]])
    assert d["command_left"] <= LH_TRACK and d["advance_left"] <= LH_TRACK, (ctx, d["command_left"], d["advance_left"])
    assert d["jubilant_left"] <= LH["jubilant_rolls"] and d["advance"] in (0, 1, 3), (ctx, d["jubilant_left"], d["advance"])
    assert -1 <= d["mob_suit"] <= 2, (ctx, "the mob die's suit", d["mob_suit"])
    assert (d["contempt_card"] >= 0) == (step == "contempt") or step in ("hoard_overflow", "terminal"), \
        (ctx, "a Contempt for Trade's card at", step, d["contempt_card"])
    if d["contempt_card"] >= 0:
        assert CARDS[d["contempt_card"]].item >= 0, (ctx, "Contempt for Trade of a card with no item")
    assert d["raze_left"] & ~RUIN_BITS[d["map"]] == 0 and not d["raze_left"] & d["explored"], \
        (ctx, "a razed ruin where none is left", d["raze_left"])
    if d["raze_left"]:
        # (a Raze's removals answered first: Outrage, the Price of Failure, ... H-C7)
        assert step in ("hundreds_birdsong", "raze_ruin", "hoard_overflow", "terminal") or step in REACTION_STEPS, \
            (ctx, "razed ruins at", step)
    if setup_done and step in HUNDREDS_TURN_STEPS:
        assert d["turn"] == seat, (ctx, f"the Hundreds' {step} on another seat's turn")
    bt = d["battle"]
    if step in ("loot_declare", "loot"):
        assert bt["attacker"] == seat, (ctx, "a loot not attacking (LoR 14.2.5)")
    if step == "bitter":
        assert seat in (bt["attacker"], bt["defender"]) and bt["clearing"] == w and d["mood"] == MOOD_BITTER, \
            (ctx, "Bitter out of a battle of theirs in the warlord's clearing (LoR 14.7.1)")
    if d["step"] in BATTLE_STEPS and bt["loot"]:
        assert bt["attacker"] == seat, (ctx, "a loot declared by a defender")
    assert d["items"][seat][7] == 0, (ctx, "the Hundreds hold treasure")
    b = getattr(tr, "lh_prev", None)
    events = _this_actions_events(tr)
    if b is not None and events is not None:
        if d["mood"] != b["mood"]:
            assert STEP_NAMES[b["step"]] == "hundreds_birdsong" and b["turn"] == seat, (ctx, "the mood changed off Choose Mood")
            m = MOOD_ITEM[d["mood"]]
            assert m < 0 or b["hoard"][m] == 0, (ctx, "a mood chosen whose item is in the Hoard", MOODS[d["mood"]])
        w0 = b["warlord"]
        if w0 != w and w0 >= 0:
            if w >= 0:
                assert d["turn"] == seat, (ctx, "the warlord moved off the Hundreds' turn", w0, w)
            else:
                assert any(e.kind == "remove" and e.seat == seat and e.arg == P_PAWN and e.detail == CAUSE_HIT
                           for e in events), (ctx, "the warlord left the map but to a hit (LoR 14.2.2)")
        if STEP_NAMES[b["step"]] in LH_BIRDSONG_STEPS and step not in LH_BIRDSONG_STEPS and step != "terminal":
            assert w >= 0, (ctx, "the warlord not Anointed by the end of their Birdsong (LoR 14.4.3)", step)
        if w0 < 0 <= w and setup_done and b["turn_number"] > 0:
            assert any(e.kind == "anoint" and e.clearing == w for e in events), (ctx, "the warlord placed but by Anoint")
        check_raze(b, d, seat, events, ctx)
        check_lh_placements(b, d, seat, events, tr, ctx)
    tr.lh_prev = d


def absent_hundreds(d: dict, ctx) -> None:
    """Without the Hundreds their fields keep their new-game values (_core._absent_hundreds: no
    pieces, a full supply, an empty Hoard, the Stubborn mood their setup starts with)."""
    assert not any(d["hundreds"]) and d["warlord"] == -1, (ctx, "Hundreds warriors or warlord at their absence")
    assert not any(d["strongholds"]) and not any(d["mobs"]), (ctx, "Hundreds strongholds or mobs at their absence")
    assert d["hundred_supply"] == LH_WARRIORS and d["mob_supply"] == LH_MOBS, (ctx, "Hundreds supply at their absence")
    assert not any(d["hoard"]) and d["mood"] == MOOD_STUBBORN, (ctx, "a Hoard or mood at their absence")
    assert d["raze_left"] == 0 and d["mob_suit"] == -1 and d["contempt_card"] == -1 and d["overflow"] == 0, \
        (ctx, "the Hundreds' board at their absence")
    assert d["command_left"] == d["advance_left"] == d["jubilant_left"] == 0, (ctx, "Hundreds actions at their absence")
    assert d["battle"]["loot"] == 0 and d["battle"]["bitter"] == 0, (ctx, "a loot or Bitter at their absence")


KEEPERS_F = faction_id("keepers")
KI = _core.KEEPERS_TABLE
# the Law's counts (LoR 15.2-15.3; docs/hundreds-keepers.md I-1, I-3, I-9, I-12, I-30): 15 warriors,
# 3 waystations (figure/tablet, tablet/jewelry, jewelry/figure), twelve relics, four of each type
# valued 1, 2, 3 and 3; a Retinue of ten cards at most, three Faithful Retainers at setup
KI_WARRIORS, KI_WAYSTATIONS, KI_RELICS, KI_RETINUE, KI_RETAINERS = 15, 3, 12, 10, 3
KI_VALUES = (1, 2, 3, 3)
assert (KI["warriors"], KI["waystations"], KI["relic_values"], KI["retinue"]) == (KI_WARRIORS, KI_WAYSTATIONS,
                                                                                  KI_VALUES, KI_RETINUE)
assert _core.NUM_RELICS == KI_RELICS and _core.NUM_RETINUE == KI_RETINUE
assert KI["waystation_faces"] == ((0, 1), (1, 2), (2, 0)) and KI["live_off_land"] == 4 and KI["set_vp"] == 2
assert _core.RELIC_TYPE_NAMES == ("figure", "tablet", "jewelry")
RELIC_TROPHY, RELIC_RECOVERED, RETAINER = _core.RELIC_AT_TROPHY, _core.RELIC_AT_RECOVERED, _core.RETAINER_CARD
NCT = len(CARDS)
# their own turn's steps (LoR 15.4-15.6): Birdsong, Daylight and its delve, a delved relic's value
# (chance), Recover, Evening; `carry` (Devout Knights, a reaction of the Keepers after any move of
# their warriors, W-MP-36) and `trophy` (Prized Trophies, the remover's reaction) come on any turn
KEEPERS_TURN_STEPS = {"keepers_birdsong", "keepers_daylight", "delve", "relic_value", "recover", "keepers_evening"}
KI_DAYLIGHT_STEPS = {"keepers_daylight", "delve", "relic_value", "recover"}
KI_FOREST_ADJ = [[{c - 1 for c in clearings} for clearings in maps.data(m)["forests"]] for m in range(len(maps.NAMES))]
CAUSE_LIVE_OFF = _core.REMOVE_CAUSES.index("live_off_land")
S_KI_EVE = STEP_NAMES.index("keepers_evening")
VP_TROPHY = _core.VP_REASONS.index("trophy")


def relic_place(d: dict, at: int) -> str:
    """Where a relic_at value lies: setup (not placed yet), clearing, forest, trophy (removed, its
    remover to place it), recovered (the Relics track), or bad."""
    if at == -1:
        return "setup"
    if 0 <= at < NCL:
        return "clearing"
    if NCL <= at < NCL + NFOREST[d["map"]]:
        return "forest"
    if RELIC_TROPHY <= at < RELIC_TROPHY + d["nseats"]:
        return "trophy"
    return "recovered" if at == RELIC_RECOVERED else "bad"


def relic_sets(d: dict) -> int:
    """Full Relics columns: one relic of each type recovered (LoR 15.5.2.III.b)."""
    return min(sum(1 for r in range(t * 4, t * 4 + 4) if d["relic_at"][r] == RELIC_RECOVERED) for t in range(3))


def _dominant(d: dict, v: int) -> bool:
    """Seat v activated a dominance card: it scores no more (LoR 3.3.1)."""
    return any(d["play_area"][v][t] for t in DOMINANCE)


def _keepers_enemy(d: dict, v: int, ki: int) -> bool:
    """v is an enemy of the Keepers (LoR 9.2.8: not a Vagabond in coalition with them)."""
    f = d["seat_faction"][v]
    return v != ki and not (f in VAGABONDS_F and vagabond_fields(d, f)["coalition"] == ki)


def check_relic_moves(b: dict, d: dict, ki: int, events, ctx) -> None:
    """Each relic's place between two consecutive states (I-C2, docs/hundreds-keepers.md §7): placed
    at setup only into a forest; from a forest only by a delve into the clearing delved, beside
    that forest (LoR 15.5.2.II.a, I-22); from clearing to clearing only carried with the Keepers'
    warriors (I-6: the carry step's clearings); off a clearing by a removal (a trophy, I-7) or a
    Recover (I-25: only to the track, whence none leaves); a trophy only to a forest; a bot's
    removal placed at once in the first forest (I-C19). A face-up value never changes (I-1), and
    the Keepers' VP for a Recover are its values and 2 a filled column (I-26)."""
    bs, step = STEP_NAMES[b["step"]], STEP_NAMES[d["step"]]
    bot = any(f in _core.BOT_FACTIONS for f in d["seat_faction"])
    recovered = []
    for r in range(KI_RELICS):
        a0, a1 = b["relic_at"][r], d["relic_at"][r]
        v0, v1 = b["relic_value"][r], d["relic_value"][r]
        if v0:
            assert v1 == v0, (ctx, "a face-up relic's value changed", r, v0, v1)
        if a0 == a1:
            continue
        p0, p1 = relic_place(b, a0), relic_place(d, a1)
        if p0 == "setup":
            assert p1 == "forest" and b["turn_number"] == 0, (ctx, "a relic placed but at setup into a forest", r, a1)
        elif p0 == "forest":
            assert p1 == "clearing" and bs == "delve" and a1 == b["act_at"], (
                ctx, "a relic left a forest but by a delve", r, a0, a1)
            assert a1 in KI_FOREST_ADJ[d["map"]][a0 - NCL], (
                ctx, "a relic delved from a forest not beside the clearing", r, a0, a1)
            assert v1 or (step == "relic_value" and d["delve_relic"] == r), (ctx, "a delved relic not flipped", r)
        elif p0 == "clearing":
            if p1 == "clearing":
                assert bs == "carry" and (a0, a1) == (b["carry_from"], b["carry_to"]), (
                    ctx, "a relic moved but carried", r, a0, a1)
            elif p1 == "recovered":
                assert bs in ("keepers_daylight", "recover"), (
                    ctx, "a relic recovered off the Retinue's Recover", r, bs)
                recovered.append(r)
            else:
                assert p1 == "trophy" or (p1 == "forest" and a1 == NCL and bot), (
                    ctx, "a relic left a clearing", r, a0, a1)
        elif p0 == "trophy":
            assert p1 == "forest", (ctx, "a trophy placed but in a forest", r, a1)
            v = a0 - RELIC_TROPHY
            scored = [e for e in events if e.kind == "vp" and e.arg == VP_TROPHY and e.seat == v and e.detail == r]
            enemy = _keepers_enemy(d, v, ki) and not _dominant(b, v)
            assert len(scored) == enemy and all(e.amount == 1 for e in scored), (
                ctx, "Prized Trophies' VP (one, an enemy's; LoR 15.2.5)", v, r, scored)
        else:                       # (the track: a recovered relic stays there, LoR 15.5.2.III.a)
            assert False, (ctx, f"a relic left {p0} for {p1}", r, a0, a1)
    if recovered and not _dominant(b, ki):
        gain = d["score"][ki] - b["score"][ki]
        want = sum(d["relic_value"][r] for r in recovered) + KI["set_vp"] * (relic_sets(d) - relic_sets(b))
        assert gain == want or (step == "terminal" and gain <= want and d["score"][ki] >= 30), (
            ctx, "a Recover's VP: its values and 2 a full column (LoR 15.5.2.III.b)", gain, want)


def check_keepers(d: dict, seat: int, tr: Tracker, ctx, setup_done: bool) -> None:
    """The Keepers in Iron (LoR 15, docs/hundreds-keepers.md I-1..I-31): 15 warriors among the map,
    the supply and Coffin Makers (I-9); 3 waystations, each in one clearing or on the faction board,
    a face of its two (I-3) and the clearings' counts (`waystations`) theirs; twelve relics, each
    in a clearing, a forest, the Relics track or waiting for its remover (I-1, I-7), the clearings'
    counts (`relics`) theirs; a value only on a face-up relic (every relic in a clearing, on the
    track or removed is face up, I-C2; a delved one flips at once, I-C1), the values of a type a
    sub-multiset of 1, 2, 3, 3 (I-1); a Retinue of ten cards at most (I-30), three Faithful
    Retainers at most and no more than setup's (I-12, I-C7), each card in a column, the used marks
    on cards; their turn's steps on their turn, a carry only of relics where warriors moved
    (I-6), a trophy waiting only while reactions are settled (I-7). Between consecutive states:
    the relics' moves (check_relic_moves: delve, carry, removal, Recover and its VP, Prized
    Trophies' VP); Retainers never come back; the Retinue grows only at their Evening, adding or
    shifting one but not both (I-30, I-T8); Live Off the Land at the start of their Evening takes
    one warrior from each clearing of four or more (I-29, I-T9); an Encamp replaces a warrior (I-15,
    I-T10)."""
    step = STEP_NAMES[d["step"]]
    assert sum(d["keepers"]) + d["keeper_supply"] + held(d, seat) == KI_WARRIORS, (ctx, "Keepers warriors")
    ways = [0] * NCL
    for w in range(KI_WAYSTATIONS):
        c = d["way_at"][w]
        assert -1 <= c < NCL and d["way_face"][w] in (0, 1), (ctx, "a waystation off the clearings", w, c)
        if c >= 0:
            ways[c] += 1
        else:
            assert d["way_face"][w] == 0, (ctx, "a face of a waystation on the faction board", w)
    assert d["waystations"] == ways, (ctx, "waystations not where way_at says", d["waystations"], d["way_at"])
    places = [relic_place(d, a) for a in d["relic_at"]]
    assert "bad" not in places, (ctx, "a relic off every place", d["relic_at"])
    if setup_done:
        assert "setup" not in places, (ctx, "a relic unplaced after setup", d["relic_at"])
    assert d["relics"] == [d["relic_at"].count(c) for c in range(NCL)], (ctx, "relics not where relic_at says",
                                                                          d["relics"], d["relic_at"])
    for t in range(3):
        values = sorted(v for v in d["relic_value"][t * 4:t * 4 + 4] if v)
        left = list(KI_VALUES)
        for v in values:
            assert v in left, (ctx, "relic values of a type not of 1, 2, 3, 3", _core.RELIC_TYPE_NAMES[t], values)
            left.remove(v)
    for r, (p, v) in enumerate(zip(places, d["relic_value"])):
        if p in ("clearing", "recovered", "trophy") and not v:
            assert p == "clearing" and step == "relic_value" and d["delve_relic"] == r, (
                ctx, "a face-down relic out of the forests", r, p)
        if p == "setup":
            assert not v, (ctx, "a value on a relic not yet placed", r)
    if d["delve_relic"] >= 0 or step == "relic_value":
        assert step in ("relic_value", "terminal") and places[d["delve_relic"]] == "clearing", (
            ctx, "a relic to flip off its step", d["delve_relic"])
    retinue, cols = d["retinue"], d["retinue_column"]
    held_slots = [i for i, t in enumerate(retinue) if t >= 0]
    assert all(0 <= retinue[i] < NCT or retinue[i] == RETAINER for i in held_slots), (ctx, "a Retinue card", retinue)
    assert all(t == -1 for t in retinue if t < 0) and len(held_slots) <= KI_RETINUE, (ctx, "Retinue", retinue)
    assert all(0 <= cols[i] < 3 for i in held_slots), (ctx, "a Retinue card off the columns", cols)
    retainers = retinue.count(RETAINER)
    assert retainers <= KI_RETAINERS, (ctx, "more than three Faithful Retainers", retinue)
    assert d["retinue_used"] & ~sum(1 << i for i in held_slots) == 0, (ctx, "a used mark on an empty slot",
                                                                         d["retinue_used"], retinue)
    assert 0 <= d["ki_column"] <= 3 and d["eve_mode"] in (0, 1, 2), (ctx, d["ki_column"], d["eve_mode"])
    assert d["encamped"] >> NCL == 0 and d["decamped"] >> NCL == 0, (ctx, d["encamped"], d["decamped"])
    if setup_done and step in KEEPERS_TURN_STEPS:
        assert d["turn"] == seat, (ctx, f"the Keepers' {step} on another seat's turn")
    if d["carry_left"]:
        a, to = d["carry_from"], d["carry_to"]
        assert step in ("carry", "terminal"), (ctx, "relics to carry at", step)
        assert 0 <= a < NCL and 0 <= to < NCL and a != to and d["relics"][a], (ctx, "a carry of no relic", a, to)
        # (one warrior moved there may have gone to Live Off the Land since: a Cobbler's move at the start
        # of Evening, its carry settled after the action)
        assert d["carry_left"] <= d["keepers"][to] + (d["react_resume"] == S_KI_EVE), (
            ctx, "more relics to carry than warriors moved (LoR 15.2.4)", d["carry_left"], d["keepers"][to])
    else:
        assert step != "carry", (ctx, "a carry step with nothing to carry")
    if "trophy" in places:
        assert step in REACTION_STEPS or step == "terminal", (ctx, "a removed relic waiting at", step)
    else:
        assert step != "trophy", (ctx, "a trophy step with no relic removed")
    assert d["items"][seat][7] == 0, (ctx, "the Keepers hold treasure")
    b = getattr(tr, "ki_prev", None)
    events = _this_actions_events(tr)
    if b is not None and events is not None:
        check_relic_moves(b, d, seat, events, ctx)
        bs = STEP_NAMES[b["step"]]
        was = {i: (b["retinue"][i], b["retinue_column"][i]) for i in range(KI_RETINUE) if b["retinue"][i] >= 0}
        now = {i: (retinue[i], cols[i]) for i in held_slots}
        if b["turn_number"] > 0:
            assert retainers <= b["retinue"].count(RETAINER), (ctx, "a Faithful Retainer came back (I-C7)")
        added = [i for i in now if i not in was]
        gone = [i for i in was if i not in now]
        shifted = [i for i in now if i in was and now[i] != was[i]]
        assert all(now[i][0] == was[i][0] for i in shifted), (ctx, "a Retinue slot changed its card")
        if (added or shifted) and b["turn_number"] > 0:      # (setup's Faithful Retainers, LoR 15.3.5)
            assert bs == "keepers_evening" and b["turn"] == seat, (ctx, "the Retinue gathered off their Evening")
            assert len(added) + len(shifted) == 1, (ctx, "more than one card gathered in one action", added, shifted)
            if added:
                assert b["eve_mode"] != 2, (ctx, "cards added after a shift (LoR 15.6.2, I-T8)")
            else:
                assert b["eve_mode"] == 0, (ctx, "a second shift or a shift after adding (LoR 15.6.2, I-T8)")
        if gone:
            assert bs in KI_DAYLIGHT_STEPS and b["turn"] == seat and len(gone) == 1, (
                ctx, "a Retinue card discarded but by a failed check (LoR 15.5.2.II.b, III.c)", gone, bs)
        # (read after the action: a Cobbler's move at the start of Evening comes before it, and the
        # Evening's draws after; a relic carried along that move, after it: keepers_evening)
        lol = [e.clearing for e in events if e.kind == "remove" and e.seat == seat and e.detail == CAUSE_LIVE_OFF]
        began = b["turn"] == seat and bs in KI_DAYLIGHT_STEPS and (
            step in ("keepers_evening", "evening_draw") or (step == "carry" and d["react_resume"] == S_KI_EVE))
        if (lol or began) and d["turn"] == b["turn"]:
            assert len(set(lol)) == len(lol) and all(d["keepers"][c] >= KI["live_off_land"] - 1 for c in lol), (
                ctx, "Live Off the Land: one warrior off a clearing of four or more (LoR 15.6.1, I-T9)", lol)
            crowded = [c for c in range(NCL) if c not in lol and d["keepers"][c] >= KI["live_off_land"]]
            assert not crowded, (ctx, "Live Off the Land left four warriors in a clearing (LoR 15.6.1)", crowded)
        for e in events:
            if e.kind == "encamp" and e.seat == seat:
                c = e.clearing
                if e.detail:        # no Keepers on the map: a waystation and a warrior (I-T10)
                    assert not any(b["keepers"]) and not any(b["waystations"]) and d["keepers"][c] <= 1, (
                        ctx, "the Encamp of no Keepers on the map with Keepers there", c)
                else:
                    assert b["keepers"][c] >= 1 and d["keepers"][c] == b["keepers"][c] - 1, (
                        ctx, "an Encamp that replaced no warrior (LoR 15.4.1)", c)
    tr.ki_prev = d


def absent_keepers(d: dict, ctx) -> None:
    """Without the Keepers their fields keep their new-game values (no pieces, a full supply, no
    relic placed, an empty Retinue)."""
    assert not any(d["keepers"]) and not any(d["waystations"]) and not any(d["relics"]), (
        ctx, "Keepers pieces at their absence")
    assert d["keeper_supply"] == KI_WARRIORS, (ctx, "Keepers supply at their absence")
    assert d["relic_at"] == [-1] * KI_RELICS and not any(d["relic_value"]), (ctx, "relics at their absence")
    assert d["way_at"] == [-1] * 3 and d["retinue"] == [-1] * KI_RETINUE, (ctx, "the Keepers' board at their absence")
    assert d["carry_left"] == 0 and d["delve_relic"] == -1, (ctx, "a carry or a delve at their absence")


# per faction: its pieces at the table, and what must hold of its fields when it is not seated
CHECKS = {MARQUISE_F: (check_marquise, absent_marquise), EYRIE_F: (check_eyrie, absent_eyrie),
          ALLIANCE_F: (check_alliance, absent_alliance), WYRM_F: (check_wyrm, absent_wyrm),
          VAGABOND_F: (check_vagabond, absent_vagabond), MECHANICAL_F: (check_mechanical, absent_mechanical),
          VAGABOND2_F: (check_one_vagabond, absent_vagabond2),    # (the Vagabond's check covers both's items)
          LIZARDS_F: (check_lizards, absent_lizards), RIVERFOLK_F: (check_riverfolk, absent_riverfolk),
          DUCHY_F: (check_duchy, absent_duchy), CORVIDS_F: (check_corvids, absent_corvids),
          HUNDREDS_F: (check_hundreds, absent_hundreds), KEEPERS_F: (check_keepers, absent_keepers)}


NO_SLOTS = [0] * NCL


def buildings_in(d: dict) -> list[int]:
    """Buildings per clearing, of every faction: the Marquise's three kinds and the Mechanical
    Marquise's, the Eyrie's roosts and the Alliance's bases (each takes a slot, LoR 2.8)."""
    used = list(map(_sum4, *d["buildings"], d["roosts"]))
    used = list(map(_sum4, used, *d["mm_buildings"]))
    used = list(map(_sum4, used, *d["gardens"]))         # the Lizard Cult's gardens (LoR 10)
    used = list(map(_sum4, used, d["citadels"], d["markets"], d["strongholds"]))   # the Duchy's (LoR 12.1),
    # the Hundreds' strongholds (LoR 14.5.2: an open slot, 2.2.3)
    used = list(map(int.__add__, used, d["waystations"]))     # the Keepers' waystations (LoR 15.4.1)
    for c in d["base_at"]:
        if c >= 0:
            used[c] += 1
    return used


def _hundreds_daylight(seed: int = 3) -> Game:
    """A Hundreds, Marquise, Wyrm game (seeded random players) at the Hundreds' second Daylight."""
    mix = ("hundreds", "marquise", "wyrm")
    g, rng, players = new_game(mix, 0, seed), np.random.default_rng(seed), players_for(mix, seed)
    while not (g.step == "hundreds_daylight" and g.state.turn_number >= 4):
        seat = g.current_player
        g.apply(g.sample_chance(rng) if seat == _core.CHANCE else players[seat].choose(g))
    return g


class _Told:
    """A stand-in for the game whose last action told `events` (the checks read record and last_events)."""

    def __init__(self, g: Game, events):
        self.record, self.last_events, self.state = [0], tuple(events), g.state


def test_the_hundreds_checks_refuse_what_the_law_forbids():
    """The fuzz's Hundreds checks are no formality: a state (or two in a row) breaking LoR 14 fails
    them -- a warlord in a forest (H-2), two mobs in a clearing (H-21), a fifth item on a Hoard track
    with no overflow (H-5), a torch in the Hoard, an item in their Crafted Items box (H-T12), 21
    warriors (H-8), their Daylight on another seat's turn; the mood changed off Choose Mood (H-17),
    the warlord gone with no hit (H-2), a Raze removing a warrior (H-13, H-T5), an Incite where no
    Hundreds warrior stands (H-21) -- while the true states pass."""
    g = _hundreds_daylight()
    d = fast_dict(g.state)
    lh, ctx = 0, "probe"
    check_hundreds(d, lh, Tracker(), ctx, True)                    # the true state passes
    names = _core.VITEM_NAMES
    c = next(c for c in range(NCL) if d["mobs"][c])
    five = list(d["hoard"])
    for k, n in (("boots", 2), ("bag", 2), ("coins", 1)):         # five on the Command track
        five[names.index(k)] = n
    items = [list(row) for row in d["items"]]
    items[lh][names.index("sword")] += 1
    for change, why in (({"warlord": NCL}, "the warlord off the clearings"),
                        ({"mobs": [2 if j == c else m for j, m in enumerate(d["mobs"])],
                          "mob_supply": d["mob_supply"] - 1}, "two mobs"),
                        ({"hoard": five}, "a Hoard track over four"),
                        ({"hoard": [int(k == names.index("torch")) for k in range(8)]}, "a torch"),
                        ({"items": items}, "Crafted Items box"), ({"hundred_supply": d["hundred_supply"] + 1}, "Hundreds warriors"),
                        ({"turn": 1}, "on another seat's turn")):
        with pytest.raises(AssertionError, match=why):
            check_hundreds(dict(d, **change), lh, Tracker(), ctx, True)

    def in_a_row(after: dict, events=()) -> None:
        tr = Tracker()
        tr.lh_prev, tr.game, tr.game_n = d, _Told(g, events), 0
        check_hundreds(after, lh, tr, ctx, True)

    in_a_row(d)                                                    # nothing happened: passes
    with pytest.raises(AssertionError, match="the mood changed off Choose Mood"):
        in_a_row(dict(d, mood=(d["mood"] + 1) % 8))
    with pytest.raises(AssertionError, match="the warlord left the map but to a hit"):
        in_a_row(dict(d, warlord=-1, hundred_supply=d["hundred_supply"]))
    hit = Event("remove", lh, d["warlord"], P_PAWN, 1, CAUSE_HIT)
    in_a_row(dict(d, warlord=-1), [hit])                           # ... to a hit: passes
    cats = [1 if j == c else n for j, n in enumerate(d["warriors"])]
    before = dict(d, warriors=cats, warrior_supply=d["warrior_supply"] - cats[c] + d["warriors"][c])
    razed = Event("remove", 1, c, _core.PIECE_NAMES.index("wood"), 1, CAUSE_RAZE)
    tr = Tracker()
    tr.lh_prev, tr.game, tr.game_n = before, _Told(g, [razed]), 0
    with pytest.raises(AssertionError, match="a Raze removed warriors"):
        check_hundreds(dict(d, warriors=[0 if j == c else n for j, n in enumerate(cats)]), lh, tr, ctx, True)
    empty = next(j for j in range(NCL) if not d["mobs"][j] and not d["hundreds"][j] and j not in (d["warlord"], d["keep"]))
    incite = Event("mob", lh, empty, 1, 1, next(t for t, k in enumerate(CARDS) if k.suit == "bird"))
    with pytest.raises(AssertionError, match="a mob Incited with no Hundreds warrior there"):
        in_a_row(dict(d, mobs=[1 if j == empty else m for j, m in enumerate(d["mobs"])],
                      mob_supply=d["mob_supply"] - 1), [incite])


def _keepers_daylight(seed: int = 0) -> Game:
    """A Keepers, Marquise, Wyrm game (seeded random players) at the Keepers' Daylight, turn 10 or
    later, its first column to act, with a face-up relic in a clearing, a waystation on the map and
    four Retinue cards (seed 0: turn 16, relic 0 of value 3 in clearing 11)."""
    mix = ("keepers", "marquise", "wyrm")
    g, rng, players = new_game(mix, 0, seed), np.random.default_rng(seed), players_for(mix, seed)
    while True:
        if g.step == "keepers_daylight" and g.state.turn_number >= 10:
            d = g.state.to_dict()
            if (d["ki_column"] == 0 and any(d["waystations"]) and sum(t >= 0 for t in d["retinue"]) >= 4
                    and any(0 <= a < NCL and v for a, v in zip(d["relic_at"], d["relic_value"]))):
                return g
        seat = g.current_player
        g.apply(g.sample_chance(rng) if seat == _core.CHANCE else players[seat].choose(g))


def test_the_keepers_checks_refuse_what_the_law_forbids():
    """The fuzz's Keepers checks are no formality: a state (or two in a row) breaking LoR 15 fails
    them -- 16 warriors (I-9), a waystation off the clearings or not where the clearings' counts
    say (I-3), a relic not where `relics` says, relic values of a type past 1, 2, 3, 3 (I-1), a
    face-down relic in a clearing (I-C1, I-C2), eleven Retinue cards (I-30), a fourth Faithful
    Retainer (I-12), a used mark on an empty slot, their Daylight on another seat's turn, a
    Retinue card also in the hand (the cards' conservation); a face-up value changed (I-1), a
    recovered relic off the track (I-25), a relic moved with no carry (I-6), a delve from a forest
    not beside the clearing (I-22), a Recover's VP not its value (I-26), a trophy with no VP for
    its enemy remover (I-7), a Retainer back (I-C7), the Retinue gathered off their Evening or
    added to after a shift (I-30, I-T8), Live Off the Land leaving four warriors (I-29, I-T9), an
    Encamp replacing no warrior (I-15) -- while the true states pass."""
    g = _keepers_daylight()
    d = fast_dict(g.state)
    ki, ctx = 0, "probe"
    check_keepers(d, ki, Tracker(), ctx, True)                     # the true state passes
    r = next(r for r in range(KI_RELICS) if 0 <= d["relic_at"][r] < NCL and d["relic_value"][r])
    c = d["relic_at"][r]
    down = next(q for q in range(KI_RELICS) if relic_place(d, d["relic_at"][q]) == "forest" and not d["relic_value"][q])
    w = next(w for w in range(3) if d["way_at"][w] >= 0)
    other = next(j for j in range(NCL) if j != d["way_at"][w])

    def changed(name, i, value):
        row = list(d[name])
        row[i] = value
        return {name: row}

    t = r // 4
    values = [0] * KI_RELICS
    values[t * 4:t * 4 + 3] = [3, 3, 3]
    slot = next(i for i in range(KI_RETINUE) if d["retinue"][i] < 0)
    empty = next(i for i in range(KI_RETINUE) if d["retinue"][i] < 0)
    held_card = next(x for x in d["retinue"] if 0 <= x < NCT)
    eleven = [x if x >= 0 else held_card for x in d["retinue"]] + [held_card]
    for change, why in (({"keeper_supply": d["keeper_supply"] + 1}, "Keepers warriors"),
                        (changed("way_at", w, NCL), "a waystation off the clearings"),
                        (dict(changed("way_at", w, other)), "waystations not where way_at says"),
                        (changed("relic_at", r, (c + 1) % NCL), "relics not where relic_at says"),
                        ({"relic_value": values}, "relic values of a type not of 1, 2, 3, 3"),
                        (dict(changed("relic_at", down, c), relics=[n + (j == c) for j, n in enumerate(d["relics"])]),
                         "a face-down relic out of the forests"),
                        ({"retinue": eleven, "retinue_column": d["retinue_column"] + [0]}, "Retinue"),
                        (changed("retinue", slot, RETAINER), "more than three Faithful Retainers"),
                        ({"retinue_used": 1 << empty}, "a used mark on an empty slot"),
                        ({"turn": 1}, "on another seat's turn")):
        with pytest.raises(AssertionError, match=why):
            check_keepers(dict(d, **change), ki, Tracker(), ctx, True)
    hand = [list(h) for h in d["hand"]]
    hand[ki][held_card] += 1
    with pytest.raises(pytest.fail.Exception, match="card counts wrong"):
        check_state(dict(d, hand=hand, hand_size=[sum(h) for h in hand]), Tracker(), ctx)

    def in_a_row(before: dict, after: dict, events=()) -> None:
        tr = Tracker()
        tr.ki_prev, tr.game, tr.game_n = before, _Told(g, events), 0
        check_keepers(after, ki, tr, ctx, True)

    in_a_row(d, d)                                                  # nothing happened: passes
    with pytest.raises(AssertionError, match="a face-up relic's value changed"):
        in_a_row(dict(d, **changed("relic_value", r, 1)), d)
    track = dict(d, **changed("relic_at", r, RELIC_RECOVERED), relics=[n - (j == c) for j, n in enumerate(d["relics"])])
    with pytest.raises(AssertionError, match="a relic left recovered for clearing"):
        in_a_row(track, d)
    moved = dict(d, **changed("relic_at", r, (c + 1) % NCL),
                 relics=[n - (j == c) + (j == (c + 1) % NCL) for j, n in enumerate(d["relics"])])
    with pytest.raises(AssertionError, match="a relic moved but carried"):
        in_a_row(d, moved)
    in_a_row(dict(d, step=STEP_NAMES.index("carry"), carry_from=c, carry_to=(c + 1) % NCL, carry_left=1), moved)
    forest = d["relic_at"][down] - NCL
    far = next(j for j in range(NCL) if j not in KI_FOREST_ADJ[d["map"]][forest])
    delved = dict(d, **changed("relic_at", down, far), relics=[n + (j == far) for j, n in enumerate(d["relics"])],
                  step=STEP_NAMES.index("relic_value"), delve_relic=down)
    with pytest.raises(AssertionError, match="a relic delved from a forest not beside the clearing"):
        in_a_row(dict(d, step=STEP_NAMES.index("delve"), act_at=far), delved)
    score = list(d["score"])
    score[ki] += d["relic_value"][r] + 1
    with pytest.raises(AssertionError, match="a Recover's VP"):
        in_a_row(d, dict(track, score=score))
    in_a_row(d, dict(track, score=[s + (v == ki) * d["relic_value"][r] for v, s in enumerate(d["score"])]))
    trophy = dict(track, **changed("relic_at", r, RELIC_TROPHY + 1))
    placed = dict(track, **changed("relic_at", r, NCL), step=d["step"])
    with pytest.raises(AssertionError, match="Prized Trophies' VP"):
        in_a_row(dict(trophy, step=STEP_NAMES.index("trophy")), placed)
    in_a_row(dict(trophy, step=STEP_NAMES.index("trophy")), placed, [Event("vp", 1, -1, VP_TROPHY, 1, r)])
    retainer = next(i for i in range(KI_RETINUE) if d["retinue"][i] == RETAINER)
    with pytest.raises(AssertionError, match="a Faithful Retainer came back"):
        in_a_row(dict(d, **changed("retinue", retainer, -1)), d)
    gathered = dict(d, **changed("retinue", slot, held_card))
    with pytest.raises(AssertionError, match="the Retinue gathered off their Evening"):
        in_a_row(d, gathered)
    evening = dict(d, step=S_KI_EVE)
    in_a_row(dict(evening, eve_mode=1), dict(gathered, step=S_KI_EVE))
    with pytest.raises(AssertionError, match="cards added after a shift"):
        in_a_row(dict(evening, eve_mode=2), dict(gathered, step=S_KI_EVE))
    k = max(range(NCL), key=d["keepers"].__getitem__)             # four there, Live Off the Land due
    crowded = dict(evening, **changed("keepers", k, 4), keeper_supply=d["keeper_supply"] + d["keepers"][k] - 4)
    with pytest.raises(AssertionError, match="Live Off the Land left four warriors"):
        in_a_row(d, crowded)
    lol = Event("remove", ki, k, _core.PIECE_NAMES.index("keeper"), 1, CAUSE_LIVE_OFF)
    in_a_row(d, dict(crowded, **changed("keepers", k, 3), keeper_supply=crowded["keeper_supply"] + 1), [lol])
    camp = next(j for j in range(NCL) if not d["keepers"][j])
    with pytest.raises(AssertionError, match="an Encamp that replaced no warrior"):
        in_a_row(d, d, [Event("encamp", ki, camp, 0, 0, 0)])


def test_every_playable_faction_has_its_fuzz_checks():
    """A faction the core can seat has piece-conservation checks here (and a faction added to the
    core turns on its mixes in tests/mixes.py)."""
    assert set(_core.PLAYABLE_FACTIONS) <= CHECKS.keys()
    assert PLAYABLE_MIXES


def check_state(d: dict, tr: Tracker, where) -> None:
    """Conservation and bounds, from the state dict alone, for any seat table."""
    ctx = where
    step = STEP_NAMES[d["step"]]
    setup_done = d["turn_number"] > 0       # turn 1 begins when every faction is set up
    n = d["nseats"]
    seats = range(n)
    table = d["seat_faction"]
    # a player of a faction draft under way has no faction yet (-1; LoR 16.1.8.2: it chooses one)
    seated = [f for f in table if f >= 0]
    assert 2 <= n <= 6 and len(set(seated)) == len(seated), (ctx, table)   # LoR 5.2: two to six players
    assert len(seated) == n or (d["draft_stage"] in (1, 2) and d["turn_number"] == 0), (ctx, "a seat with no faction", table)
    assert all(d["faction_seat"][f] == s for s, f in enumerate(table) if f >= 0), (ctx, d["faction_seat"])
    assert sum(1 for x in d["faction_seat"] if x >= 0) == len(seated), (ctx, d["faction_seat"])

    for f, (seated, absent) in CHECKS.items():
        if f in table:
            seated(d, table.index(f), tr, ctx, setup_done)
        else:
            absent(d, ctx)
    check_reactions(d, ctx)
    used = buildings_in(d)
    free = FREE_SLOTS[d["map"]]
    if d["explored"]:
        free = [n + ((d["explored"] >> c) & 1) for c, n in enumerate(free)]
    assert all(map(int.__le__, used, free)), (ctx, "buildings over slots (an explored ruin opens one)", used)

    # items: supply + every seat's crafted items + removed from the game = 12, per kind; and the
    # Hundreds' Hoard, whose items come from the supply, the boxes and the ruins (LoR 14.2.4,
    # 14.4.1): with them, supply + boxes + removed + Hoard + under the ruins = 12 + the "R" items
    per_item = list(d["item_supply"])
    for s in seats:
        per_item = [a + b for a, b in zip(per_item, d["items"][s])]
    per_item = [a + b for a, b in zip(per_item, d["items_lost"])]
    if not set(VAGABONDS_F) & set(table):    # with him, items also move to and from him (check_vagabond)
        if HUNDREDS_F in table:
            per_item = [a + b + r - k for a, b, r, k in zip(per_item, hoard_held(d), d["ruin_items"], R_ITEMS)]
        assert per_item == ITEM_TOTALS_L, (ctx, "items", per_item)

    # cards: all 54 of the game's deck in the deck, the discard pile, the hands, the play areas, the Decree, the
    # available dominance cards (LoR 3.3.3), out of the game, the Alliance's Supporters stack, the
    # Mechanical Marquise's face-up order card (MM2 §5)
    hands, play = d["hand"], d["play_area"]
    # (the Alliance's stack; the Eyrie's Decree, LoR 7.4.2; one sum per card type over every place)
    # (and the Lizard Cult's Lost Souls pile and revealed cards, LoR 10.2.6, 10.5, and the
    # Duchy's revealed cards, LoR 12.5.1, 12.5.3)
    per_card = list(map(sum, zip(d["deck"], d["discard"], d["out_of_game"], d["available"],
                                 d["supporters"], *hands[:n], *play[:n], *d["decree"], d["lost_souls"],
                                 d["revealed"], d["duchy_revealed"])))
    if d["mm_order"] >= 0:                 # the Mechanical Marquise's order card (MM2 digest §5)
        per_card[d["mm_order"]] += 1
    for t in d["retinue"]:                 # the Keepers' Retinue (LoR 15.5.2; a Faithful Retainer is no deck card)
        if 0 <= t < len(CARDS):
            per_card[t] += 1
    counts = CARD_COUNTS[d["deck_id"]]
    if per_card != counts:
        bad = [CARDS[t].token for t in range(len(CARDS)) if per_card[t] != counts[t]]
        pytest.fail(f"{ctx}: card counts wrong for {bad} ({sum(per_card)} cards)")
    # the 4 dominance cards are out of a two-seat game, in the deck at three seats (LoR 5.1.3);
    # with a bot, only while three players or more are not bots (MM2 digest §2.2, setup effects)
    players = n - (MECHANICAL_F in table)    # (a player of the draft holds a hand: LoR 16.1.7)
    assert d["out_of_game"] == (OUT_OF_GAME if players <= 2 else NONE_OUT), (ctx, "out of game")
    assert d["deck_size"] == sum(d["deck"]), ctx
    assert d["hand_size"] == [sum(h) for h in hands], (ctx, "hand sizes", d["hand_size"])
    assert max(map(max, play)) <= 1, (ctx, "a persistent card twice in a play area")
    # what a seat knows of another's hand (Codebreakers, a stolen card) is in that hand
    # (a row of zeros, the usual, is within any hand: card counts are 0..3, two bit-planes)
    for v in seats:
        known = d["known"][v]
        for h in seats:
            if v != h and known[h] != NO_CARDS:
                assert all(map(int.__le__, known[h], hands[h])), (ctx, "known", v, h)
    if setup_done and step != "terminal":
        # every turn ends at the hand limit; until a seat's next turn its hand grows only by the
        # other seats' Better Burrow Bank draws (card text), one each a turn, or shrinks -- or by
        # the cards the Vagabond gives by Aid (LoR 9.5.4), as many as he likes, or its own Murine
        # Broker's draws (E&P: one for every item another seat crafts), or the Corvids' by the cards
        # wrong Exposures hand them on other seats' turns (LoR 13.2.4; tr.cv_extra, check_corvids)
        # (a Broker's draws stay in the hand until the seat's own turn, Saboteurs or not)
        tr.brokers = {s for s in tr.brokers if s != d["turn"]} | {s for s in seats if play[s][MURINE]}
        aided = bool(set(VAGABONDS_F) & set(table))
        for s in seats:
            if s != d["turn"] and not (aided and table[s] not in VAGABONDS_F) and s not in tr.brokers:
                if table[s] == CORVIDS_F and not tr.every_action:
                    continue        # (wrong Exposures hand them cards: counted only action by action)
                bbb = sum(1 for o in seats if o != s and play[o][BBB])
                exposed = tr.cv_extra if table[s] == CORVIDS_F else 0     # (check_corvids)
                assert d["hand_size"][s] <= 5 + bbb + exposed, (ctx, "hand limit", d["hand_size"])

    # an empty deck is refilled from the discard pile at once (LoR 2.1)
    if d["deck_size"] == 0:
        assert sum(d["discard"]) == 0, (ctx, "empty deck but cards in the discard pile")

    # turns: the seat to play is at the table, the first seat never changes, turns count up by one
    assert d["turn"] in seats and d["first"] in seats, ctx
    if tr.first is None:
        tr.first = d["first"]
    assert d["first"] == tr.first, ctx
    assert tr.turn_number <= d["turn_number"], (ctx, "turn count went down")
    if tr.every_action:
        assert d["turn_number"] <= tr.turn_number + 1, (ctx, "turn count jumped")
        if step == "terminal":      # the winning action ends the game within its own turn;
            # a dominance win is checked as the winner's turn begins (LoR 3.3.1), and Coffin
            # Makers scores there (E&P), as do the Riverfolk's Dividends (LoR 11.4.2) and the
            # Hundreds' Raze, the first thing of their Birdsong (LoR 14.4.1)
            by_dominance = d["score"][d["winner"]] < 30
            at_start = (by_dominance or d["play_area"][d["winner"]][COFFIN]
                        or d["seat_faction"][d["winner"]] in (RIVERFOLK_F, HUNDREDS_F))
            assert d["turn_number"] in (tr.turn_number + by_dominance, tr.turn_number + at_start), (
                ctx, "a turn began after the win")
    tr.turn_number = d["turn_number"]
    # pending placements exist only while the game asks where to place, or while Stand and
    # Deliver! or Swap Meet used at such a point takes its card (it goes back there)
    # -- or while the reactions to False Orders used there are settled (E&P: Outrage)
    placing = step in PLACING_STEPS or (step in ("steal", "choose_player", "swap_meet_give")
                                        and d["resume_step"] in PLACING_INDEX) or (
        step in REACTION_STEPS and d["react_resume"] in PLACING_INDEX) or (
        (step == "hundreds_birdsong" or (step in REACTION_STEPS and d["react_resume"] == S_LH_BIRD))
        and d["lh_stage"] == LH_RECRUIT_STAGE)    # (the Hundreds' Recruit short of warriors: LoR 14.4.2, 1.5.4)
    if not placing:
        assert not any(d["place_left"]), (ctx, "stale place_left", d["place_left"])
    assert -1 <= d["favor_seat"] < n, (ctx, d["favor_seat"])

    # victory points: never negative; they never go down but for a faction that loses VP
    score = d["score"]
    assert min(score) >= 0, (ctx, "negative score", score)
    if tr.scores is not None:
        for s in seats:
            if table[s] not in SCORE_CAN_DROP:
                assert score[s] >= tr.scores[s], (ctx, "score went down", tr.scores, score)
    tr.scores = list(score)

    if step == "terminal":
        w = d["winner"]
        assert w in seats, ctx
        # 30 VP, or a dominance card activated (the board's check: mixes.won, LoR 3.3.1)
        assert score[w] >= 30 or any(play[w][t] for t in DOMINANCE), ctx
        # a win ends the game at once (LoR 3.1): nobody scored after it, nothing is left pending
        assert all(score[s] < 30 for s in seats if s != w), (ctx, "two seats at 30", score)
        assert not any(d["to_draw"]), (ctx, "draws pending after the win", d["to_draw"])
        assert d["battle"]["alloc_left"] == 0, (ctx, "hits pending after the win")
        assert d["fh_count"] == 0, (ctx, "Field Hospitals pending after the win")
        assert d["favor_seat"] == -1 and not any(d["favor_mask"]), (ctx, "a Favor pending")
        assert d["wood_owed"] == 0, (ctx, "a build's wood pending after the win")
    else:
        assert d["winner"] == -1, (ctx, "a winner but the game goes on")


def check_step(g: Game, d: dict, where) -> None:
    """The OpenSpiel-style view agrees with the state."""
    cp = g.current_player
    if g.is_terminal():
        assert cp == _core.TERMINAL and g.legal_actions() == [] and g.chance_outcomes() == []
    elif cp == _core.CHANCE:
        assert g.legal_actions(), where
    else:
        assert cp in range(d["nseats"]), where
        assert d["seat_faction"][cp] not in _core.BOT_FACTIONS, (where, "a bot decides")
        assert g.legal_actions(), (where, "a decision with no legal action")


class Where:
    """Names the position in a failure message; built only when a check fails."""

    def __init__(self, g: Game, seed: int, first: int):
        self.g, self.seed, self.first, self.n = g, seed, first, len(g.record)

    def __repr__(self):
        line = self.g.record_lines()[self.n - 1] if self.n else "-"
        return (f"factions {'/'.join(self.g.factions)} seed {self.seed} first {self.first} "
                f"action {self.n} ({line}) at {self.g.step}")

    __str__ = __repr__


def play_checked(seed: int, first: int, saves: bool = False, mix=DEFAULT_MIX) -> Game:
    """One random game of a seat table through Game + RandomPlayer, every state checked (a table
    with the bot: its options by the seed, mixes.bot_options)."""
    g = new_game(mix, first, seed)
    rng = np.random.default_rng(seed)
    tr = Tracker()
    check_state(fast_dict(g.state), tr, f"factions {mix} seed {seed} start")
    return play_on_checked(g, rng, players_for(mix, seed), tr, seed, first, saves)


def every_seat_activated_dominance(d: dict) -> bool:
    """Every seat has activated a dominance card (LoR 3.3.1; a Vagabond in a coalition, 9.2.8): no
    seat scores again, and the game ends only when one holds its card's goal at its Birdsong."""
    return all(any(d["play_area"][s][t] for t in DOMINANCE) for s in range(d["nseats"]))


def play_on_checked(g: Game, rng, players, tr: Tracker, seed: int, first: int,
                    saves: bool = False, stall_ok: bool = False) -> Game:
    """Play g to its end, every state checked against the invariants; the state dict round-trips
    through State.from_dict at sampled points (at every action with saves). stall_ok: return
    early, unfinished, once every seat has activated dominance (random players seldom reach a
    dominance goal: such a game may never end)."""
    replay = None       # with saves: the game Game.from_json rebuilds from the last save
    bot = any(f in _core.BOT_FACTIONS for f in g.faction_ids)
    tr.game = g         # (the Corvids' snare checks read the bot's events of each action)
    for n in range(MAX_ACTIONS):
        if g.is_terminal():
            break
        seat = g.current_player
        a = g.sample_chance(rng) if seat == _core.CHANCE else players[seat].choose(g)
        tr.game_n = len(g.record)
        g.apply(a)
        where = Where(g, seed, first)
        d = fast_dict(g.state)
        check_state(d, tr, where)
        check_step(g, d, where)
        if saves or n % DICT_SAMPLE == 0:
            check_dict_round_trip(g, d, where)
        elif bot:       # the bot's turn program lives in the state: it loads back at every action
            assert _core.State.from_dict(d) == g.state, (where, "the state does not load back")
        if saves:
            replay = check_save(g, d, replay, where, full=n % DICT_SAMPLE == 0 or g.is_terminal())
            check_clone(g, where)
        if stall_ok and not g.is_terminal() and every_seat_activated_dominance(d):
            return g
    else:
        pytest.fail(f"seed {seed}: no end after {MAX_ACTIONS} actions (at {g.step})")
    check_dict_round_trip(g, fast_dict(g.state), Where(g, seed, first))
    return g


def check_dict_round_trip(g: Game, d: dict, where) -> None:
    """to_dict() is the fast decoding, and State.from_dict(to_dict()) is the same state."""
    full = g.state.to_dict()
    assert d == full, where
    assert _core.State.from_dict(full) == g.state, where


def check_save(g: Game, d: dict, replay: Game | None, where, full: bool) -> Game:
    """A save of g (through JSON) round-trips to an equal game; returns the game Game.from_json
    rebuilds from it. d: g's state dict (checked against to_dict() just before).

    Game.from_json starts a new game of the save's factions and first seat, replays the saved
    actions and refuses the save unless the replayed state's dict is the saved one and the
    replayed record text the saved text. Replays are deterministic, so the replay of the first n
    actions is the replay of the first n - 1 followed by action n: with full=False, replay (the
    game rebuilt from the previous save) takes the save's new action, read back through JSON, and
    is compared as from_json compares (the saved state dict, the new record line; the lines
    before it are unchanged in the save) and then as a full round trip is. full=True (sampled
    actions and the game's end) runs the whole Game.from_json."""
    if full or replay is None:
        replay = Game.from_json(json.loads(json.dumps(g.to_json())))   # also checks the record text
    else:
        a = json.loads(json.dumps(g.record[-1]))
        line = json.loads(json.dumps(notation.record_text(g.record[-1], g.record_seats[-1], g.faction_ids)))
        saved = json.loads(json.dumps(d))
        try:
            replay.apply(a)
        except _core.IllegalActionError as e:       # a replay that went another way may not even allow it
            raise AssertionError((where, f"the saved action does not replay: {e}")) from e
        # equal states have equal dicts, so from_json's check reads: the state dict survives JSON
        assert replay.state == g.state and saved == d, (where, "the saved state does not replay")
        assert notation.record_text(replay.record[-1], replay.record_seats[-1], replay.faction_ids) == line, where
    assert replay.state == g.state and replay.record == g.record and replay.first == g.first, where
    assert replay.factions == g.factions, where
    return replay


def test_check_save_between_full_round_trips_is_the_full_round_trip():
    """check_save with full=False rebuilds at every action the game Game.from_json rebuilds from
    that action's save, and fails on a replay that went another way."""
    mix = ("marquise", "eyrie", "alliance", "wyrm")
    g, rng, players = Game(first=1, factions=mix), np.random.default_rng(3), players_for(mix, 3)
    replay = None
    for n in range(300):
        seat = g.current_player
        g.apply(g.sample_chance(rng) if seat == _core.CHANCE else players[seat].choose(g))
        replay = check_save(g, g.state.to_dict(), replay, n, full=n == 0)
        assert Game.from_json(json.loads(json.dumps(g.to_json()))).state == replay.state
    other = replay.clone()
    other.undo()
    other.apply(next(a for a in (other.legal_actions() or [o for o, _ in other.chance_outcomes()])
                     if a != g.record[-1]))
    g.apply(g.sample_chance(rng) if g.current_player == _core.CHANCE else players[g.current_player].choose(g))
    with pytest.raises(AssertionError):
        check_save(g, g.state.to_dict(), other, "diverged", full=False)


def check_clone(g: Game, where) -> None:
    """A clone is independent of its original."""
    if g.is_terminal():
        return
    before = g.state.state_bytes()
    c = g.clone()
    if g.current_player == _core.CHANCE:
        a = g.chance_outcomes()[-1][0]
    else:
        a = g.legal_actions()[-1]
    c.apply(a)
    assert g.state.state_bytes() == before, where
    assert len(g.record) == len(c.record) - 1, where
    s = g.state.clone()
    s.apply(a)
    assert g.state.state_bytes() == before and s == c.state, where


# ---- the games ----------------------------------------------------------------------------

def _run_chunk(mix, chunk: int) -> list[Game]:
    games = []
    n = len(mix)
    for seed in range(chunk * CHUNK, min((chunk + 1) * CHUNK, N_GAMES)):
        first = seed % n                  # each seat opens its share of the games
        g = play_checked(seed, first, saves=seed < N_SAVE_GAMES, mix=mix)
        assert g.is_terminal() and g.winner in range(n), seed
        assert won(g.state), (seed, g.scores)
        games.append(g)
    return games


def check_save_file(g: Game, folder) -> None:
    """Game.save / Game.load through a file give the same game, seat table and record."""
    path = folder / f"{'-'.join(g.factions)}.json"
    g.save(path)
    g2 = Game.load(path)
    assert (g2.state, g2.record, g2.factions, g2.first) == (g.state, g.record, g.factions, g.first)


@pytest.mark.parametrize("chunk", range(N_CHUNKS))
@pytest.mark.parametrize("mix", FUZZ_MIXES, ids=mix_id)
def test_random_games_keep_invariants(mix, chunk, tmp_path):
    """LoR 3.1 (a win ends the game), LoR 2.1 (the deck refills), piece and card conservation
    (the Law's component counts, W-MP-1..8): seeded random games of every seat table, checked
    after every action (WYRM_FUZZ_GAMES sets the games per table; 1,000 for the issue's run)."""
    games = _run_chunk(mix, chunk)
    for g in games[:3]:
        check_save_file(g, tmp_path)
    assert len(games) == min(CHUNK, N_GAMES - chunk * CHUNK)
    assert {g.first for g in games} == set(range(len(mix)))
    assert all(g.factions == mix for g in games)
    assert _core._nobody_pristine()      # what an absent faction has: never written


# per map other than Autumn, at four seats (the tables below in turn); 1,000 for the issue's full run
N_MAP_GAMES = int(os.environ.get("WYRM_FUZZ_MAP_GAMES", 4))
MAP_TABLES = (("marquise", "eyrie", "alliance", "wyrm"), ("mechanical", "eyrie", "vagabond", "wyrm"),
              ("eyrie", "alliance", "vagabond", "wyrm"), ("marquise", "alliance", "vagabond", "wyrm"))


@pytest.mark.parametrize("board", ["winter", "lake", "mountain"])
def test_random_games_on_every_map_keep_invariants(board):
    """Issue 30: the same invariants after every action (piece and card conservation, the
    Law's component counts, slots and ruins and forests of the game's own map) in seeded random
    four-seat games on the Winter, Lake and Mountain maps, their suits drawn by seed (LoR 16.1.1);
    each ends in a win (LoR 3.1, 3.3.1 with the map's corners). WYRM_FUZZ_MAP_GAMES sets the games
    per map (1,000 for the issue's full run: docs/maps.md)."""
    for seed in range(N_MAP_GAMES):
        mix = MAP_TABLES[seed % len(MAP_TABLES)]
        first = seed % len(mix)
        g = new_game(mix, first, seed, board=board)
        assert g.map == board
        tr = Tracker()
        check_state(fast_dict(g.state), tr, f"{board} factions {mix} seed {seed} start")
        g = play_on_checked(g, np.random.default_rng(seed), players_for(mix, seed), tr, seed, first)
        assert g.is_terminal() and won(g.state), (board, seed, g.scores)


LIZARD_MAP_TABLES = (("marquise", "lizards", "wyrm"), ("eyrie", "lizards", "alliance", "vagabond"))
RIVERFOLK_MAP_TABLES = (("marquise", "riverfolk", "wyrm"), ("eyrie", "riverfolk", "alliance", "vagabond"))
DUCHY_MAP_TABLES = (("marquise", "duchy", "wyrm"), ("eyrie", "duchy", "alliance", "vagabond"))
HUNDREDS_MAP_TABLES = (("marquise", "hundreds", "wyrm"), ("eyrie", "hundreds", "alliance", "vagabond"))
KEEPERS_MAP_TABLES = (("marquise", "keepers", "wyrm"), ("eyrie", "keepers", "alliance", "vagabond"))


@pytest.mark.parametrize("tables", [LIZARD_MAP_TABLES, RIVERFOLK_MAP_TABLES, DUCHY_MAP_TABLES, HUNDREDS_MAP_TABLES,
                                    KEEPERS_MAP_TABLES], ids=["lizards", "riverfolk", "duchy", "hundreds", "keepers"])
@pytest.mark.parametrize("board", ["lake", "mountain"])
def test_random_expansion_faction_games_on_other_maps_keep_invariants(board, tables, tmp_path):
    """Issue 33 on the Lake and the Mountain: the Lizard Cult (its gardens of each map's suits, the
    Ferry's and closed paths' moves in a Crusade) and the Riverfolk Company (the Lake's coast is its
    rivers, LoR 16.2.2: Swimmers, Riverboats and the Riverfolk's setup and Recruit); issue 34's
    Underground Duchy (its corner beside the Eyrie's and the Marquise's on each map's corners, LoR
    12.3.3; tunnels and Dig in the map's suits; the Burrow with the Ferry and closed paths); issue 35's
    Lord of the Hundreds (their corner, LoR 14.3.2; mobs spread by the map's suits and paths, its ruins
    razed, LoR 14.4.1) and the Keepers in Iron (a relic in each of the map's forests and the rest
    spread, LoR 15.3.1, 15.3.4; their corner and the map-edge clearing beside it, 15.3.3; delves from
    the forests beside a clearing, 15.5.2.II). The invariants
    after every action, the first game's save round-tripped at every action, and every action's
    text (gardens named by the game's own suits) read back."""
    for seed in range(max(2, N_MAP_GAMES // 2)):
        mix = tables[seed % len(tables)]
        first = seed % len(mix)
        g = new_game(mix, first, seed, board=board)
        tr = Tracker()
        check_state(fast_dict(g.state), tr, f"{board} factions {mix} seed {seed} start")
        g = play_on_checked(g, np.random.default_rng(seed), players_for(mix, seed), tr, seed, first,
                            saves=seed == 0)
        assert g.is_terminal() and won(g.state), (board, seed, g.scores)
        if seed == 0:
            check_save_file(g, tmp_path)
        for a, seat in zip(g.record, g.record_seats):
            text = notation.action_text(a, seat, g.faction_ids, g.board)
            assert notation.parse(text, seat, g.faction_ids, g.board) == a, (board, seed, text)


# the Exiles & Partisans deck (issue 32): games per seat table; 1,000 for the issue's full run
N_EP_GAMES = int(os.environ.get("WYRM_FUZZ_EP_GAMES", 4))


@pytest.mark.parametrize("mix", FUZZ_MIXES, ids=mix_id)
def test_random_games_with_the_ep_deck_keep_invariants(mix, tmp_path):
    """Issue 32, the Exiles & Partisans deck (root-maps-and-decks.md §3; docs/ep-deck.md): the
    same invariants after every action -- its 54 cards conserved, every warrior on the map, in a
    supply or on Coffin Makers -- in seeded random games of every seat table: the first played as
    dealt (its save round-tripped at every action, the new actions' notation included), the others
    with the deck's persistent cards dealt into the play areas; every second game with the
    Advanced Setup's hands (LoR 16.1.7, 16.1.10: five dealt, three kept). Every action of those
    reads back from its text. WYRM_FUZZ_EP_GAMES sets the games per table."""
    for seed in range(N_EP_GAMES):
        first = seed % len(mix)
        g = new_game(mix, first, seed, deck="ep", setup="advanced" if seed % 2 else "standard")
        assert g.deck == "ep"
        rng = np.random.default_rng(seed)
        if seed > 0:
            g = ep_cards_dealt(g, rng)
        tr = Tracker()
        check_state(fast_dict(g.state), tr, f"E&P factions {mix} seed {seed} start")
        g = play_on_checked(g, rng, players_for(mix, seed), tr, seed, first, saves=seed == 0)
        assert g.is_terminal() and won(g.state), (mix, seed, g.scores)
        if seed == 0:
            check_save_file(g, tmp_path)
        for a, seat in zip(g.record, g.record_seats):
            assert notation.parse(notation.action_text(a, seat, g.faction_ids, g.board), seat, g.faction_ids,
                                  g.board) == a, (mix, seed, notation.action_text(a, seat, g.faction_ids, g.board))


# the faction draft (LoR 16.1.8; issue 32 item 2): the table of drafting seats ("draft"), a bot
# where it sits, and the faction cards; games per table (1,000 for the issue's full run)
DRAFT_TABLES = (
    (("draft",) * 2, True),
    (("draft",) * 3, True),
    (("draft",) * 4, True),
    (("draft", "mechanical-marquise", "draft", "draft"), ("marquise", "eyrie", "alliance", "vagabond", "wyrm")),
    (("draft",) * 5, ("marquise", "eyrie", "alliance", "vagabond", "vagabond", "wyrm")),
    (("draft",) * 4, ("eyrie", "alliance", "vagabond", "vagabond", "wyrm")),
)
N_DRAFT_GAMES = int(os.environ.get("WYRM_FUZZ_DRAFT_GAMES", 4))


@pytest.mark.parametrize("table, cards", DRAFT_TABLES, ids=("2", "3", "4", "4-bot", "5-two-V", "4-two-V"))
def test_random_games_with_the_draft_keep_invariants(table, cards):
    """Issue 32 item 2, the faction draft (LoR 16.1.8; docs/advanced-setup.md): the same
    invariants after every action, players with no faction until they choose included, in seeded
    random games (every map in turn, the first player by seed) from the deal of the pool to the
    end; the first game's save round-trips at every action, and every action reads back from its
    text. WYRM_FUZZ_DRAFT_GAMES sets the games per table."""
    for seed in range(N_DRAFT_GAMES):
        first = seed % len(table)
        board = ("autumn", "winter", "lake", "mountain")[seed % 4]
        suits = None if board == "autumn" else maps.suits_for(board, None, np.random.default_rng(seed))
        g = Game(first, table, setup="advanced", draft=cards, map=board, suits=suits)
        assert set(g.factions) <= {"undrafted", "mechanical-marquise"}
        rng = np.random.default_rng(seed)
        tr = Tracker()
        check_state(fast_dict(g.state), tr, f"draft {table} seed {seed} start")
        g = play_on_checked(g, rng, players_for(table, seed), tr, seed, first, saves=seed == 0)
        assert g.is_terminal() and won(g.state), (table, seed, g.scores)
        assert "undrafted" not in g.factions and g.start_factions == tuple(table)
        for a, seat in zip(g.record, g.record_seats):
            factions = _record_table(g, a, seat)
            assert notation.parse(notation.action_text(a, seat, factions, g.board), seat, factions,
                                  g.board) == a, (table, seed, notation.action_text(a, seat, factions, g.board))


def _record_table(g: Game, a: int, seat: int) -> tuple:
    """The seat table an action of a draft game was taken at, as far as notation reads it: a pick
    was taken by a player with no faction yet (every other action by a seated faction, or chance)."""
    if seat >= 0 and decode(a)[0] == "draft_pick":
        return tuple(-1 if v == seat else f for v, f in enumerate(g.faction_ids))
    return g.faction_ids


@pytest.mark.parametrize("mix", FUZZ_MIXES, ids=mix_id)
def test_random_games_reach_real_lengths(mix):
    """Sanity: the fuzz games are not trivially short (games reach real lengths)."""
    lengths = []
    for seed in range(30):
        g = new_game(mix, seed % len(mix), seed)
        rng = np.random.default_rng(10_000 + seed)
        p = players_for(mix, seed)
        while not g.is_terminal():
            seat = g.current_player
            g.apply(g.sample_chance(rng) if seat == -1 else p[seat].choose(g))
        lengths.append(len(g.record))
    assert min(lengths) > 50


# ---- endgames: every way to reach 30 VP ends the game at once --------------------------------

N_ENDGAMES = 240          # per seat table (a roll wins in 3 of 400 Eyrie-Marquise endgames: 120 once sufficed, before the Eyrie could take up Turmoil by choice, ruling §10.10)
PERSISTENT = tuple(i for i, c in enumerate(CARDS) if c.kind == "persistent")


def near_the_end(seed: int, mix=DEFAULT_MIX):
    """A random game played into a random turn, then every score raised to 26..29 and some
    persistent cards (Royal Claim, Stand and Deliver!, Brutal Tactics, ...) put from the deck into
    play, so the game ends within a few actions, in many ways."""
    rng = np.random.default_rng(seed)
    g = new_game(mix, seed % len(mix), seed)
    players = players_for(mix, seed)
    stop = int(rng.integers(2, 12))
    while g.state.turn_number < stop or g.is_chance_node():
        if g.is_terminal():
            return None
        seat = g.current_player
        g.apply(g.sample_chance(rng) if seat == _core.CHANCE else players[seat].choose(g))
    d = g.state.to_dict()
    d["score"] = [max(s, int(rng.integers(26, 30))) for s in d["score"]]
    holders = [s for s, f in enumerate(ids_of(mix)) if f not in _core.BOT_FACTIONS]   # a bot plays no card
    for t in PERSISTENT:
        seat = holders[int(rng.integers(len(holders)))]
        if d["deck"][t] and not d["play_area"][seat][t] and rng.random() < 0.4:
            d["deck"][t] -= 1
            d["deck_size"] -= 1
            d["play_area"][seat][t] += 1
    g.state = _core.State.from_dict(d)
    if d["deck_size"] == 0 and sum(d["discard"]):   # keep LoR 2.1: an empty deck is refilled
        return None
    return g, rng, players


# the winning actions each faction's endgames must show (besides crafting, rolls, Royal Claim or
# Brutal Tactics (use) and Stand and Deliver! (steal)): the Marquise's builds and the hits she
# chooses, the Wyrm's Lair in its Evening (after a Daylight pass), the Vagabond's Aid and Explore
# (the Mechanical Marquise scores by itself after the chance outcome its turn waited for: its order
# card's draw above all)
WIN_KINDS = {MARQUISE_F: {"build", "remove"}, WYRM_F: {"pass"}, VAGABOND_F: {"aid", "ruin"},
             MECHANICAL_F: {"draw"}}


@pytest.mark.parametrize("mix", FUZZ_MIXES, ids=mix_id)
def test_endgames_end_at_the_winning_score(mix):
    """LoR 3.1: the first to 30 VP wins at once. Games started near 30 VP end through battles,
    crafting, Favors, the Lair, Royal Claim, Stand and Deliver! and more; each must stop at the
    winning score with every invariant intact (check_state's terminal checks)."""
    wins = {}
    for seed in range(N_ENDGAMES):
        start = near_the_end(seed, mix)
        if start is None:
            continue
        g, rng, players = start
        tr = Tracker(every_action=False)       # the first check learns the turn and scores
        tr.keep = g.state.to_dict()["keep"] if MARQUISE_F in g.faction_ids else None
        check_state(fast_dict(g.state), tr, f"endgame {seed} start")
        tr.every_action = True
        play_on_checked(g, rng, players, tr, seed, g.first, stall_ok=True)
        if not g.is_terminal():         # every seat activated dominance: no VP win left to check
            continue
        assert won(g.state), seed
        kind = decode(g.record[-1]).kind
        wins[kind] = wins.get(kind, 0) + 1
    assert sum(wins.values()) > N_ENDGAMES * 0.9
    expected = {"craft", "dice", "use", "steal"}.union(*(WIN_KINDS.get(f, set()) for f in ids_of(mix)))
    if len(mix) == 2 and VAGABOND_F in ids_of(mix):
        # hits on his items score nothing, and his own rolled hits score only on buildings and
        # tokens, which his one opponent seldom leaves without warriors: no roll need win
        expected.discard("dice")
    if VAGABOND2_F in ids_of(mix):     # two Vagabonds: Explore scores when he takes an item (LoR 9.7.3)
        expected = (expected - {"ruin"}) | {"ruin_take"}
    assert expected <= wins.keys(), wins


# ---- core playouts: conservation at the end and at sampled points ------------------------

@pytest.mark.parametrize("mix", FUZZ_MIXES, ids=mix_id)
def test_core_playouts_conserve_pieces(mix):
    """The core's own playouts (no Python between decisions) keep every invariant (LoR 3.1, the
    Law's component counts), checked every 25 decisions and at the end."""
    n = len(mix)
    for seed in range(150):
        s = new_state(mix, seed % n, seed)
        tr = Tracker(every_action=False)
        while not s.is_terminal():
            made = s.random_playout(seed * 1_000_003 + s.turn_number, 25)
            assert made >= 0, seed                  # -1: a decision with no legal action
            check_state(fast_dict(s), tr, f"{mix} core seed {seed} turn {s.turn_number}")
            if s.turn_number > 5000:
                pytest.fail(f"{mix} core playout seed {seed} does not end")
        d = s.to_dict()
        check_state(d, tr, f"{mix} core seed {seed} end")
        assert s.winner in range(n) and won(s)


# ---- determinism --------------------------------------------------------------------------

def _record(seed: int, first: int = 0, mix=DEFAULT_MIX) -> list[int]:
    g = new_game(mix, first, seed)
    rng = np.random.default_rng(seed)
    players = players_for(mix, seed)
    while not g.is_terminal():
        seat = g.current_player
        g.apply(g.sample_chance(rng) if seat == -1 else players[seat].choose(g))
    return g.record


@pytest.mark.parametrize("mix", FUZZ_MIXES, ids=mix_id)
def test_same_seed_same_record(mix):
    for seed in (0, 1, 12345):
        for first in range(len(mix)):
            assert _record(seed, first, mix) == _record(seed, first, mix)


@pytest.mark.parametrize("mix", FUZZ_MIXES, ids=mix_id)
def test_different_seeds_different_records(mix):
    records = [tuple(_record(seed, seed % len(mix), mix)) for seed in range(20)]
    assert len(set(records)) == len(records)


@pytest.mark.parametrize("mix", FUZZ_MIXES, ids=mix_id)
def test_core_random_playout_is_deterministic(mix):
    table = ids_of(mix)
    for seed in (0, 1, 2, 99, 2**63 - 1, 2**64 - 1):
        for first in range(len(mix)):
            a, b = _core.State(first, factions=table), _core.State(first, factions=table)
            na, nb = a.random_playout(seed), b.random_playout(seed)
            assert na == nb and a.state_bytes() == b.state_bytes()
            assert a == b and hash(a) == hash(b)
    # different seeds give different games
    finals = set()
    for seed in range(20):
        s = _core.State(0, factions=table)
        s.random_playout(seed)
        finals.add(s.state_bytes())
    assert len(finals) == 20


@pytest.mark.parametrize("mix", FUZZ_MIXES, ids=mix_id)
def test_random_playout_partial_then_rest_is_a_legal_game(mix):
    """A playout stopped after some decisions leaves a state the facade can keep playing."""
    s = _core.State(1, factions=ids_of(mix))
    made = s.random_playout(7, 50)
    assert made == 50 and not s.is_terminal()
    rest = s.clone()
    more = rest.random_playout(8)
    assert more > 0 and rest.is_terminal()
    assert s.state_bytes() != rest.state_bytes()


def test_sample_chance_is_deterministic_and_legal():
    s = _core.State(0)
    outs = dict(s.chance_outcomes())
    for seed in range(200):
        a = s.sample_chance(seed)
        assert a == s.sample_chance(seed) and a in outs


@pytest.mark.parametrize("mix", PLAYABLE_BOT_MIXES, ids=mix_id)
def test_random_bot_games_keep_invariants(mix):
    """MM2 §3, §8, §9 (issue 14): seeded random games seating the Mechanical Marquise under every
    rule set, difficulty and trait, checked after every action (its pieces conserved, no hand),
    the first of each table saved and replayed with its options at every action."""
    for seed in range(8):
        bot = BotOptions(seed % 2, seed % 4, (seed * 5) % 16)
        g = Game(first=seed % len(mix), factions=mix, bot=bot)
        tr = Tracker()
        check_state(fast_dict(g.state), tr, f"factions {mix} seed {seed} start")
        g = play_on_checked(g, np.random.default_rng(seed), players_for(mix, seed), tr, seed, seed % len(mix),
                            saves=seed == 0)
        assert g.is_terminal() and won(g.state) and g.bot == bot, (seed, g.scores)



# ---- the Underground Duchy's core bugs the fuzz found (issue 34) ------------------------------

def _game_to(mix, seed: int, until):
    """A seeded random game of mix played (Game.sample_chance, as the fuzz does) until until(g)."""
    g = new_game(mix, seed % len(mix), seed)
    rng, players = np.random.default_rng(seed), players_for(mix, seed)
    while not g.is_terminal() and not until(g):
        seat = g.current_player
        g.apply(g.sample_chance(rng) if seat == _core.CHANCE else players[seat].choose(g))
    return g


def test_the_core_samples_the_price_of_failures_discard_from_the_duchys_hand():
    """LoR 12.2.3: the Price of Failure discards a random card of the Duchy's hand. The core's own
    sampler (State.sample_chance, and random_playout's chance inside the search's playouts) must
    draw one of the outcomes chance_outcomes lists, and playouts from there keep the 54 cards."""
    mix = ("marquise", "duchy", "wyrm")
    nodes = 0
    for seed in range(4):
        g = _game_to(mix, seed, lambda g: g.step == "failure_discard")
        if g.is_terminal():
            continue
        nodes += 1
        outcomes = {a for a, _ in g.chance_outcomes()}
        assert all(g.state.sample_chance(k) in outcomes for k in range(20)), seed
        for k in range(5):
            s = g.state.clone()
            s.random_playout(k)
            _core.State.from_dict(s.to_dict())       # refuses a state whose cards are not the deck's
    assert nodes >= 2


def test_a_minister_lost_in_its_own_action_leaves_a_loadable_state():
    """LoR 12.2.3 with 12.5.2: the Price of Failure may take the very minister whose action is
    under way (its battle lost the Duchy a building). Whatever follows, every state must be one
    State.from_dict loads (the core's duchy_problem: no unswayed minister's action this Parliament)."""
    mix = ("marquise", "duchy", "wyrm")
    g, seed = new_game(mix, 8 % 3, 8), 8          # seed 8: the Brigadier, lost at action 526
    rng, players = np.random.default_rng(seed), players_for(mix, seed)
    lost = 0
    while not g.is_terminal():
        before = g.state.to_dict()
        seat = g.current_player
        g.apply(g.sample_chance(rng) if seat == _core.CHANCE else players[seat].choose(g))
        d = g.state.to_dict()
        m = before["acting"]
        if m >= 0 and (before["swayed"] >> m) & 1 and not (d["swayed"] >> m) & 1:
            lost += 1
        _core.State.from_dict(d)
    assert lost, "no minister lost in its own action: pick another seed"


# ---- the Corvid Conspiracy: a face-up snare against each faction's own placements (issue 34) ----

def _with_snare(g: Game, c: int) -> Game:
    """g with a face-up snare in clearing c (LoR 13.7.2), as if flipped there: a plot from the
    supply, loaded through State.from_dict (which checks the Corvids' board)."""
    d = g.state.to_dict()
    assert not d["plots"][c] and d["plot_supply"] > 0
    assert sum(1 for x in range(NCL) if d["plots"][x] and d["plot_types"][x] == PLOT_SNARE) < CV_PER_TYPE
    d["plots"][c] = 1
    d["plot_supply"] -= 1
    d["plot_types"][c] = PLOT_SNARE
    d["plots_up"] |= 1 << c
    out = g.clone()
    out.state = _core.State.from_dict(d)
    return out


def _snare_breaches(g: Game) -> list[str]:
    """The actions (chance outcomes at a chance node) from g after which check_snares fails -- an
    enemy of the Corvids' piece placed in a face-up snare's clearing or its warrior moved out --
    with, after an action that reaches a chance node (an Evening's draw), each of its outcomes; by
    their decoded kinds and arguments."""
    cv = g.faction_ids.index(CORVIDS_F)
    out = []

    def breaches(h: Game, a: int) -> bool:
        before, tr = fast_dict(h.state), Tracker()
        tr.game, tr.game_n = h, len(h.record)
        h.apply(a)
        try:
            check_snares(before, fast_dict(h.state), cv, tr, "")
        except AssertionError:
            return True
        return False

    for a in (g.legal_actions() if not g.is_chance_node() else [o for o, _ in g.chance_outcomes()]):
        h = g.clone()
        if breaches(h, a) or (h.is_chance_node() and any(breaches(h.clone(), o) for o, _ in h.chance_outcomes())):
            out.append(decode(a))          # (not its text: no notation asked)
    return out


# where each placement the snare must stop lands (LoR 13.7.2: "enemy pieces cannot be placed in");
# the clearing argument of the action kinds that name one
_PLACED_AT = {"build": 1, "overwork": 0, "e_recruit": 0, "a_recruit": 0}


def _snare_target(g: Game, kind: str) -> int | None:
    """A clearing with no plot where the seat to decide at g places by `kind` now (or, "wood", where
    the Marquise's Birdsong places wood after this Corvid Evening: her sawmills, LoR 6.4), or None."""
    if g.is_terminal() or g.is_chance_node():
        return None
    d = g.state.to_dict()
    if kind == "wood":          # (at these tables the Marquise sits after the Corvids)
        spots = [c for c in range(NCL) if d["buildings"][0][c]] if g.step == "corvids_evening" else []
    elif kind == "recruit":     # a warrior at each recruiter (LoR 6.5.4)
        legal = any(decode(a).kind == "recruit" for a in g.legal_actions())
        spots = [c for c in range(NCL) if d["buildings"][2][c]] if legal else []
    else:
        spots = [decode(a).args[_PLACED_AT[kind]] for a in g.legal_actions() if decode(a).kind == kind]
    spots = [c for c in spots if not d["plots"][c]]
    return spots[0] if spots else None


def _before_any_snare(mix, seed: int, kind: str):
    """The first position of a seeded game (from its third turn) where `kind` places in a clearing
    with no plot, no snare having been face up before (so the game that leads there does not depend
    on what snares stop); and that clearing."""
    seen = []

    def until(g):
        if _snares(g.state.to_dict()):
            seen.append(len(g.record))
        return not seen and g.state.turn_number >= 3 and _snare_target(g, kind) is not None

    g = _game_to(mix, seed, until)
    assert not seen and not g.is_terminal(), (mix, seed, kind, "no such position: pick another seed")
    return g, _snare_target(g, kind)


PCW, PEAW = ("corvids", "marquise", "wyrm"), ("corvids", "eyrie", "alliance", "wyrm")


@pytest.mark.parametrize("mix, kind, seed", [
    pytest.param(PCW, "wood", 0, id="marquise-birdsong-wood"),      # the fuzz: PCW seed 0, action 200
    pytest.param(PCW, "build", 0, id="marquise-build"),             # PCW seed 7, action 938 (C: b_s->2)
    pytest.param(PCW, "overwork", 0, id="marquise-overwork"),       # PCW seed 0, action 264
    pytest.param(PCW, "recruit", 0, id="marquise-recruit"),         # PCW seed 23, action 658
    pytest.param(PEAW, "e_recruit", 0, id="eyrie-decree-recruit"),  # PEAW seed 8, action 307
    pytest.param(PEAW, "a_recruit", 0, id="alliance-evening-recruit"),   # PEAW seed 5, action 298
])
def test_a_face_up_snare_stops_every_enemy_placement_there(mix, kind, seed):
    """K-20, LoR 13.7.2 (trap K-T8): no piece of an enemy of the Corvids is placed in a face-up
    snare's clearing -- the Marquise's Birdsong wood at a sawmill (LoR 6.4), her Build and Overwork
    (6.5.2, 6.5.5) and her Recruit at a recruiter (6.5.4), the Eyrie's Decree Recruit at a roost
    (7.5.1), the Alliance's Evening recruit at a base (8.6.1). A seeded game's first position
    where the placement lands in a clearing with no plot gets a face-up snare there; no action from
    it places there (check_snares)."""
    g, c = _before_any_snare(mix, seed, kind)
    assert _snare_breaches(_with_snare(g, c)) == []
