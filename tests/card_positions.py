"""Helpers for the card-effect tests (tests/test_cards_*.py), on top of tests/positions.py.

A test usually takes `blank()` (a game after setup with an empty board and empty hands), lays out
pieces with `board()`, hands with `give()`, play areas with `put()`, jumps to a seat's Daylight
with `daylight()` and then applies actions by text with `act()`."""
from __future__ import annotations

from pathlib import Path

import wyrm_ai
from wyrm_ai import _core
from wyrm_ai.model.cards import card

from positions import (MARQUISE, WYRM, act, c, clear_board, empty_hand, give, modify,
                             started, state)

__all__ = ["MARQUISE", "WYRM", "STEP", "act", "blank", "board", "c", "cid", "daylight", "give",
           "put", "state", "total_cards", "lair", "forest", "play_area", "hand", "legal",
           "draw_neutral", "finish_turn", "modify", "NEUTRAL"]

# These tests must run against this checkout's build (PYTHONPATH=<checkout>), not another one.
assert Path(wyrm_ai.__file__).resolve().parents[1] == Path(__file__).resolve().parents[1], (
    f"wyrm_ai imported from {wyrm_ai.__file__}: run with PYTHONPATH set to this checkout")

STEP = {name: i for i, name in enumerate(_core.STEP_NAMES)}
TREASURE = 7
ITEM = {name: i for i, name in enumerate(_core.ITEM_NAMES)}


def cid(token: str) -> int:
    return card(token).id


def blank(first="marquise", keep=1):
    """A game just after setup with every piece back in supply (the Keep stays in `keep`, or is
    gone with keep=None), both hands back in the deck, at the first player's Daylight decision or
    earlier. The Wyrm pawn stays where setup put it unless board() moves it."""
    g = started(first=first, sawmill=5, workshop=9, recruiter=10)
    g = clear_board(g)
    g = empty_hand(empty_hand(g, 0), 1)
    if keep != 1:
        g = modify(g, lambda d: d.__setitem__("keep", -1 if keep is None else keep - 1))
    return g


def board(g, warriors=None, wyrmlings=None, pawn=None, fear=None, sawmill=None, workshop=None,
          recruiter=None, wood=None, keep="same", treasure=None, items=None):
    """A copy of g with pieces placed (dicts clearing-number -> count; fear: clearing -> 1 scared /
    2 cowed; pawn: clearing number, or 'F<forest index>'), taken from their supplies. treasure: the
    Lair's treasure count; items: {item name: count} added to the Wyrm's Lair (out of the supply)."""
    def fn(d):
        for field, supply, spec in (("warriors", "warrior_supply", warriors),
                                    ("wyrmlings", "wyrmling_supply", wyrmlings),
                                    ("wood", "wood_supply", wood)):
            for n, k in (spec or {}).items():
                d[field][c(n)] += k
                d[supply] -= k
        for b, spec in enumerate((sawmill, workshop, recruiter)):
            for n, k in (spec or {}).items():
                d["buildings"][b][c(n)] += k
        for n, side in (fear or {}).items():
            d["fear"][c(n)] = side
            d["fear_supply"] -= 1
        if pawn is not None:
            d["pawn"] = pawn - 1 if isinstance(pawn, int) else 12 + int(pawn[1:])
        if keep != "same":
            d["keep"] = -1 if keep is None else keep - 1
        if treasure is not None:
            d["treasure_supply"] -= treasure - d["items"][WYRM][TREASURE]
            d["items"][WYRM][TREASURE] = treasure
        for name, k in (items or {}).items():
            d["items"][WYRM][ITEM[name]] += k
            d["item_supply"][ITEM[name]] -= k
        assert min(d["warrior_supply"], d["wyrmling_supply"], d["wood_supply"], d["fear_supply"],
                   d["treasure_supply"]) >= 0
    return modify(g, fn)


def put(g, seat, *tokens):
    """Move the named cards from the deck into seat's play area (as if crafted)."""
    def fn(d):
        for tok in tokens:
            t = cid(tok)
            assert d["deck"][t] > 0, f"{tok} is not in the deck"
            d["deck"][t] -= 1
            d["deck_size"] -= 1
            d["play_area"][seat][t] += 1
    return modify(g, fn)


def daylight(g, seat):
    """A copy of g at the start of seat's Daylight decisions (after any start-of-Daylight card),
    with this turn's counters reset."""
    def fn(d):
        d["turn"] = seat
        d["step"] = STEP["marquise_daylight" if seat == MARQUISE else "wyrm_daylight"]
        d["actions_left"] = 3
        d["crafting_open"] = 1
        for k in ("recruited", "used_fear", "used_terror", "used_eat", "used_hoard", "moves_used",
                  "battles_used", "terror_mask", "hoard_mask", "used_tax", "used_codebreak",
                  "used_steal"):
            d[k] = 0
        d["activated"] = [0] * 12
    return modify(g, fn)


def total_cards(d) -> int:
    """Cards in the deck, the discard pile, the hands, the play areas, the available dominance
    cards (LoR 3.3.3), the Lizard Cult's Lost Souls pile and revealed cards (LoR 10.2.6, 10.5), the
    Duchy's revealed cards (LoR 12.5.1, 12.5.3) and the Keepers' Retinue (LoR 15.5.2; a Faithful
    Retainer is no card of the deck, LoR 15.3.5)."""
    return (sum(d["deck"]) + sum(d["discard"]) + sum(map(sum, d["hand"]))
            + sum(map(sum, d["play_area"])) + sum(d.get("available", ()))
            + sum(d.get("lost_souls", ())) + sum(d.get("revealed", ())) + sum(d.get("duchy_revealed", ()))
            + sum(1 for t in d.get("retinue", ()) if 0 <= t < _core.NUM_CARD_TYPES))


def lair(g) -> list:
    return state(g)["items"][WYRM]


def play_area(g, seat, token) -> int:
    return state(g)["play_area"][seat][cid(token)]


def hand(g, seat, token) -> int:
    return state(g)["hand"][seat][cid(token)]


def forest(g) -> str | None:
    """The forest (Rootlog name) the pawn is in, or None when it is in a clearing."""
    p = state(g)["pawn"]
    return _core.FOREST_NAMES[p - 12] if p >= 12 else None


def legal(g) -> set:
    return set(g.legal_texts())



NEUTRAL = ("R#smugglerstrail", "M#mouseinasack", "F#gentlyusedknapsack", "R#avisittofriends",
           "M#investments", "R#bakesale", "F#protectionracket", "M#travelgear", "F#travelgear")


def draw_neutral(g):
    """At a card-draw chance node, draw an item card with no effect (so hands stay harmless)."""
    legal_now = legal(g)
    for tok in NEUTRAL:
        if f"draw {tok}" in legal_now:
            return act(g, f"draw {tok}")
    raise AssertionError("no neutral card left in the deck")


def finish_turn(g):
    """From the seat's Daylight: pass, take the Evening draws (neutral cards) and any discards,
    and stop at the first decision of the next turn."""
    act(g, "pass")
    while g.step in ("evening_draw", "discard"):
        if g.step == "evening_draw":
            draw_neutral(g)
        else:
            act(g, g.legal_texts()[0])
    return g
