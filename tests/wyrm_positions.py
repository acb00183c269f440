"""Positions for the Voracious Wyrm rules tests (voracious-wyrm.md), built on tests/positions.py.

Clearings are map numbers (1..12) everywhere in this module's arguments; the state dict itself
is 0-based (use c(n)). A forest is named as in the notation, e.g. "3_6_11"."""
from __future__ import annotations

import re

from positions import MARQUISE, WYRM, act, c, clear_board, empty_hand, give, modify, started, state

FORESTS = ("1_2_5_10", "1_9_10_12", "2_6_10_11_12", "4_9_12", "4_7_8_12", "3_7_11_12", "3_6_11")
FOREST_CLEARINGS = tuple(tuple(int(x) for x in f.split("_")) for f in FORESTS)
ITEM_INDEX = {"boots": 0, "bag": 1, "crossbow": 2, "hammer": 3, "sword": 4, "tea": 5, "coins": 6,
              "treasure": 7}
SCARED, COWED = 1, 2
NCL = 12

__all__ = ["MARQUISE", "WYRM", "act", "c", "state", "FORESTS", "FOREST_CLEARINGS", "ITEM_INDEX",
           "SCARED", "COWED", "forest_loc", "setup_board", "wyrm_day", "cat_day", "wyrm_birdsong",
           "at_wyrm_setup", "lair", "texts_starting", "moves"]


def forest_loc(name: str) -> int:
    """The state's pawn value for a pawn in the named forest."""
    return NCL + FORESTS.index(name)


def setup_board(g, *, warriors=None, wyrmlings=None, pawn=None, fear=None, sawmills=None,
                workshops=None, recruiters=None, wood=None, keep=None, growth=None, lair=None,
                wyrm_hand=None, cat_hand=None, score=None):
    """A copy of g with the given pieces set (dicts keyed by map clearing number). Supplies are
    recomputed so that every piece is either on the map or in its supply."""
    if wyrm_hand is not None:
        g = give(empty_hand(g, WYRM), WYRM, *wyrm_hand)
    if cat_hand is not None:
        g = give(empty_hand(g, MARQUISE), MARQUISE, *cat_hand)

    def fn(d):
        def put(field, mapping):
            arr = [0] * NCL
            for n, v in (mapping or {}).items():
                arr[c(n)] = v
            d[field] = arr
        if warriors is not None:
            put("warriors", warriors)
            d["warrior_supply"] = 25 - sum(d["warriors"])
        if wyrmlings is not None:
            put("wyrmlings", wyrmlings)
        d["wyrmling_supply"] = 8 - sum(d["wyrmlings"])
        if fear is not None:
            put("fear", fear)
        d["fear_supply"] = 8 - sum(1 for x in d["fear"] if x)
        for b, m in enumerate((sawmills, workshops, recruiters)):
            if m is not None:
                arr = [0] * NCL
                for n, v in m.items():
                    arr[c(n)] = v
                d["buildings"][b] = arr
        if wood is not None:
            put("wood", wood)
            d["wood_supply"] = 8 - sum(d["wood"])
        if keep is not None:
            d["keep"] = -1 if keep == -1 else c(keep)
        if pawn is not None:
            d["pawn"] = forest_loc(pawn) if isinstance(pawn, str) else c(pawn)
        if growth is not None:
            d["growth"] = list(growth)
        if lair is not None:
            items = [0] * 8
            for name, n in lair.items():
                items[ITEM_INDEX[name]] = n
            d["items"][WYRM] = items
            for name, n in lair.items():
                if name != "treasure":
                    d["item_supply"][ITEM_INDEX[name]] -= n
            d["treasure_supply"] = 3 - items[7]
        if score is not None:
            d["score"] = list(score)
    return modify(g, fn)


def _base(first):
    return started(first=first, sawmill=1, workshop=5, recruiter=9)


def wyrm_day(**board):
    """The Wyrm's first Daylight (crafting still open, nothing used yet), on an emptied map: the
    Keep stays in clearing 1 and the pawn in clearing 3 unless board says otherwise; both hands
    are emptied unless given."""
    g = _base("wyrm")
    act(g, "0w->3")
    assert g.step == "wyrm_daylight"
    g = clear_board(g)
    board.setdefault("wyrm_hand", ())
    board.setdefault("cat_hand", ())
    board.setdefault("wyrmlings", {})
    board.setdefault("fear", {})
    return setup_board(g, **board)


def cat_day(**board):
    """The Marquise's first Daylight (3 actions) on an emptied map (Keep in 1, pawn in 3 unless
    board says otherwise); both hands emptied unless given."""
    g = _base("marquise")
    assert g.step == "marquise_daylight"
    g = clear_board(g)
    board.setdefault("wyrm_hand", ())
    board.setdefault("cat_hand", ())
    board.setdefault("wyrmlings", {})
    board.setdefault("fear", {})
    return setup_board(g, **board)


def wyrm_birdsong(**board):
    """The start of the Wyrm's turn: the Marquise (with no buildings unless given) ends her first
    Daylight, draws her one card, and the Wyrm's Birdsong runs up to its first decision."""
    board.setdefault("recruiters", {})
    board.setdefault("sawmills", {})
    board.setdefault("workshops", {})
    g = cat_day(**board)
    act(g, "pass")
    assert g.step == "evening_draw"
    g.apply(g.legal_actions()[0])
    assert state(g)["turn"] == WYRM
    return g


def at_wyrm_setup(keep=1, sawmill=1, workshop=5, recruiter=9):
    """A game stopped at the Wyrm's setup decision (W-SET-2), after the Marquise set up."""
    from wyrm_ai.model.game import Game
    g = Game(first="marquise")
    while g.step == "deal":
        g.apply(g.legal_actions()[0])
    act(g, f"t_k->{keep}", f"b_s->{sawmill}", f"b_w->{workshop}", f"b_r->{recruiter}")
    assert g.step == "wyrm_setup"
    return g


def lair(g) -> list:
    return state(g)["items"][WYRM]


def texts_starting(g, prefix: str) -> list:
    return [t for t in g.legal_texts() if t.startswith(prefix)]


_MOVE = re.compile(r"^(\d*w|p|\(p\+\d*w\))\d+->\d+$")


def moves(g) -> list:
    """The legal Wyrm moves (W-MON-2) among g's legal texts."""
    return [t for t in g.legal_texts() if _MOVE.match(t)]
