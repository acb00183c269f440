"""Helpers that build Woodland Alliance positions for rules tests (root-factions.md §3, LoR 8).

`alliance_started()` plays a real game's deal and setup (Marquise, Alliance, Wyrm by default);
`board()` empties the map and sets the pieces, the Alliance's stack and hands; `turn_of()` then
starts a seat's turn from its Birdsong (as the turn machine does) and `alliance_day()` puts the
Alliance at the start of their Daylight. Positions pass through State.from_dict, which checks that
pieces and cards are conserved. Clearings are map numbers (1..12) in every argument.

The Autumn map: fox 1 6 8 12, rabbit 3 4 5 10, mouse 2 7 9 11; corners 1-3 and 2-4 are opposite."""
from __future__ import annotations

from wyrm_ai import _core
from wyrm_ai.model.cards import CARDS, card
from wyrm_ai.model.factions import ALLIANCE, EYRIE, MARQUISE, VAGABOND, WYRM
from wyrm_ai.model.game import Game

from positions import modify, take_card

STEP = {name: i for i, name in enumerate(_core.STEP_NAMES)}
DAYLIGHT = {MARQUISE: "marquise_daylight", EYRIE: "eyrie_daylight", ALLIANCE: "alliance_daylight",
            VAGABOND: "vagabond_daylight", WYRM: "wyrm_daylight"}
NCL, NCT = 12, len(_core.CARDS)
FORESTS = _core.FOREST_NAMES

__all__ = ["STEP", "FORESTS", "alliance_started", "aseat", "board", "turn_of", "alliance_day",
           "texts", "st", "tokens_of", "stack", "hand_of"]


def alliance_started(factions=("marquise", "alliance", "wyrm"), first="alliance", keep=1) -> Game:
    """A game after the deal and every faction's setup (the Keep in corner `keep`; every other
    setup choice the first legal one), at the first player's first decision."""
    g = Game(first=first, factions=factions)
    while g.state.turn_number == 0:
        if g.step == "marquise_keep":
            g.apply(f"t_k->{keep}")
        else:
            g.apply(g.legal_actions()[0])
    return g


def aseat(g: Game) -> int:
    return g.seat_of("alliance")


def st(g: Game) -> dict:
    return g.state.to_dict()


def _cards(tokens) -> list[int]:
    return [card(tok).id for tok in tokens]


def _return_cards(d: dict, counts: list[int]) -> None:
    for t, n in enumerate(counts):
        d["deck"][t] += n
        d["deck_size"] += n
        counts[t] = 0


def _map(mapping) -> list[int]:
    arr = [0] * NCL
    for n, v in (mapping or {}).items():
        arr[n - 1] = v
    return arr


def set_marquise(d, warriors=None, buildings=None, wood=None, keep=None) -> None:
    """The Marquise's pieces in a state dict set from the arguments (dicts {clearing: count},
    buildings {clearing: (sawmills, workshops, recruiters)}, keep a clearing or -1), supplies following."""
    d["warriors"] = _map(warriors)
    d["warrior_supply"] = 25 - sum(d["warriors"])
    blds = [[0] * NCL for _ in range(3)]
    for n, trio in (buildings or {}).items():
        for b in range(3):
            blds[b][n - 1] = trio[b]
    d["buildings"] = blds
    d["wood"] = _map(wood)
    d["wood_supply"] = 8 - sum(d["wood"])
    if keep is not None:
        d["keep"] = -1 if keep == -1 else keep - 1


def board(g: Game, *, rebels=None, sympathy=(), bases=(), officers=0, stack=(), hands=None,
          warriors=None, buildings=None, wood=None, keep=None, wyrmlings=None, pawn=None,
          fear=None, birds=None, roosts=None, score=None, deck_only=None) -> Game:
    """A copy of g with the map emptied and set from the arguments (dicts {clearing: count},
    sympathy and bases as clearing lists, buildings as {clearing: (sawmills, workshops,
    recruiters)}, fear as {clearing: 1 scared / 2 cowed}, pawn a clearing or a forest name), the
    Supporters stack set to the card tokens in `stack`, and every hand set to hands {seat:
    tokens} (empty when not named; every seat's knowledge of hands and of the stack forgotten). Supplies follow.
    deck_only: card tokens that stay in the deck, everything else of the deck to the discard
    pile (to make a blind draw's outcomes few)."""
    def fn(d):
        set_marquise(d, warriors, buildings, wood, keep)
        d["wyrmlings"] = _map(wyrmlings)
        d["wyrmling_supply"] = 8 - sum(d["wyrmlings"])
        d["fear"] = _map(fear)
        d["fear_supply"] = 8 - sum(1 for x in d["fear"] if x)
        if pawn is not None:
            d["pawn"] = NCL + FORESTS.index(pawn) if isinstance(pawn, str) else pawn - 1
        if "birds" in d:
            d["birds"] = _map(birds)
            d["bird_supply"] = 20 - sum(d["birds"])
            d["roosts"] = _map(roosts)
            d["roost_supply"] = 7 - sum(d["roosts"])
        d["rebels"] = _map(rebels)
        d["officers"] = officers
        d["rebel_supply"] = 10 - sum(d["rebels"]) - officers
        d["sympathy"] = [1 if n + 1 in sympathy else 0 for n in range(NCL)]
        d["sympathy_supply"] = 10 - len(sympathy)
        d["base_at"] = [-1, -1, -1]
        for n in bases:
            d["base_at"][_core._SUITS[n - 1]] = n - 1
        _return_cards(d, d["supporters"])
        for seat in range(d["nseats"]):
            _return_cards(d, d["hand"][seat])
        for tok in stack:
            d["supporters"][take_card(d, tok)] += 1
        d["supporters_size"] = len(stack)
        d["known_sup"] = [[0] * NCT for _ in d["known_sup"]]
        for seat in range(d["nseats"]):
            toks = (hands or {}).get(seat, ())
            for tok in toks:
                d["hand"][seat][take_card(d, tok)] += 1
            d["hand_size"][seat] = len(toks)
        d["known"] = [[[0] * NCT for _ in d["known"]] for _ in d["known"]]
        if deck_only is not None:
            keep_ids = _cards(deck_only)
            for t in range(NCT):
                k = keep_ids.count(t)
                assert d["deck"][t] >= k, f"{_core.CARDS[t]} is not in the deck"
                d["discard"][t] += d["deck"][t] - k
                d["deck_size"] -= d["deck"][t] - k
                d["deck"][t] = k
        if score is not None:
            d["score"] = list(score)
    return modify(g, fn)


def turn_of(g: Game, seat: int) -> Game:
    """A copy of g at the start of seat's turn: its Birdsong runs (as after the previous seat's
    Evening) up to its first decision."""
    def fn(d):
        d["turn"] = seat
        d["step"] = STEP[DAYLIGHT[d["seat_faction"][seat]]]
        d["crafting_open"] = 1
        d["spread_begun"] = 0
        d["ops_used"] = 0
    out = modify(g, fn)
    _core.start_turn(out.state)
    return out


def alliance_day(g: Game) -> Game:
    """A copy of g with the Alliance at the start of their Daylight (crafting open, nothing used)."""
    def fn(d):
        d["turn"] = aseat(g)
        d["step"] = STEP["alliance_daylight"]
        d["crafting_open"] = 1
        d["activated"] = [0] * NCL
        d["ops_used"] = 0
    return modify(g, fn)


def texts(g: Game) -> set[str]:
    """The legal actions of the seat to move, as text."""
    return {g.describe(a, g.current_player) for a in g.legal_actions()}


def tokens_of(counts) -> list[str]:
    """Card counts (a hand, the stack) as a sorted list of tokens."""
    return sorted(CARDS[t].token for t, n in enumerate(counts) for _ in range(n))


def stack(g: Game) -> list[str]:
    """The Supporters stack's cards (as only the Alliance may see them)."""
    return tokens_of(st(g)["supporters"])


def hand_of(g: Game, seat: int) -> list[str]:
    return tokens_of(st(g)["hand"][seat])
