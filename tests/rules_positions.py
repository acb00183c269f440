"""Positions for the base-game and Marquise de Cat rules tests (root-base-rules.md §1-4, §6),
built on tests/positions.py. Arguments use map clearing numbers (1..12); the state dict is
0-based (use c(n)).

`board(g, ...)` replaces the whole board: any piece kind not given is emptied, and every supply is
recomputed so each piece is either on the map or in its supply. The Wyrm pawn defaults to clearing
3 and the Keep to clearing 1 (pass keep=None to remove it)."""
from __future__ import annotations

from positions import MARQUISE, WYRM, act, c, empty_hand, give, modify, started, state

NCL = 12
ITEM = {"boots": 0, "bag": 1, "crossbow": 2, "hammer": 3, "sword": 4, "tea": 5, "coins": 6}
SAWMILL, WORKSHOP, RECRUITER = 0, 1, 2
WOOD_COST = (0, 1, 2, 3, 3, 4)
BUILD_VP = ((0, 1, 2, 3, 4, 5), (0, 2, 2, 3, 4, 5), (0, 1, 2, 3, 3, 4))

__all__ = ["MARQUISE", "WYRM", "act", "c", "state", "board", "cat_day", "wyrm_day",
           "cat_birdsong", "ITEM", "SAWMILL", "WORKSHOP", "RECRUITER", "WOOD_COST", "BUILD_VP",
           "hand", "discard", "card_id", "starting", "piles"]


def card_id(token: str) -> int:
    from wyrm_ai.model.cards import card
    return card(token).id


def hand(g, seat) -> list:
    return state(g)["hand"][seat]


def discard(g) -> list:
    return state(g)["discard"]


def _arr(mapping):
    arr = [0] * NCL
    for n, v in (mapping or {}).items():
        arr[c(n)] = v
    return arr


def board(g, *, warriors=None, wyrmlings=None, fear=None, sawmills=None, workshops=None,
          recruiters=None, wood=None, keep=1, pawn=3, cat_hand=(), wyrm_hand=(), score=(0, 0), **raw):
    """A copy of g with exactly the given pieces on the map and the given hands (card tokens)."""
    if cat_hand is not None:
        g = give(empty_hand(g, MARQUISE), MARQUISE, *cat_hand)
    if wyrm_hand is not None:
        g = give(empty_hand(g, WYRM), WYRM, *wyrm_hand)

    def fn(d):
        d["warriors"] = _arr(warriors)
        d["warrior_supply"] = 25 - sum(d["warriors"])
        d["wyrmlings"] = _arr(wyrmlings)
        d["wyrmling_supply"] = 8 - sum(d["wyrmlings"])
        d["fear"] = _arr(fear)
        d["fear_supply"] = 8 - sum(1 for x in d["fear"] if x)
        d["buildings"] = [_arr(sawmills), _arr(workshops), _arr(recruiters)]
        d["wood"] = _arr(wood)
        d["wood_supply"] = 8 - sum(d["wood"])
        d["keep"] = -1 if keep is None else c(keep)
        d["pawn"] = c(pawn) if isinstance(pawn, int) and pawn >= 1 else pawn
        d["score"] = list(score)
        for k, v in raw.items():
            d[k] = v
    return modify(g, fn)


def piles(d, deck=(), discard=()):
    """Make the deck and the discard pile hold exactly the given card tokens (in place on a state
    dict): their other cards are set aside out of the game, so every card is still accounted for."""
    for pile in ("deck", "discard"):
        for t, n in enumerate(d[pile]):
            d["out_of_game"][t] += n
        d[pile] = [0] * len(d[pile])
    for pile, tokens in (("deck", deck), ("discard", discard)):
        for tok in tokens:
            t = card_id(tok)
            assert d["out_of_game"][t] > 0, f"{tok} is in a hand or play area"
            d["out_of_game"][t] -= 1
            d[pile][t] += 1
    d["deck_size"] = sum(d["deck"])


def starting(first="marquise"):
    """A game right after both setups (Keep in 1, sawmill 1, workshop 5, recruiter 9)."""
    return started(first=first, sawmill=1, workshop=5, recruiter=9)


def cat_day(**kw):
    """The Marquise's first Daylight (3 actions, crafting open) with the given board."""
    g = starting("marquise")
    assert g.step == "marquise_daylight"
    return board(g, **kw)


def wyrm_day(**kw):
    """The Wyrm's first Daylight (it went first; it placed no wyrmling in Birdsong), given board."""
    g = starting("wyrm")
    act(g, "0w->3")
    assert g.step == "wyrm_daylight"
    return board(g, **kw)


def cat_birdsong(**kw):
    """The Wyrm ends its first Daylight on the given board and draws a filler card; the
    Marquise's turn then starts (her Birdsong runs up to her first decision)."""
    g = wyrm_day(**kw)
    act(g, "pass")
    assert g.step == "evening_draw"
    act(g, "draw F#taxcollector")
    assert state(g)["turn"] == MARQUISE
    return g
