"""Helpers that build Lizard Cult positions for rules tests (LoR 10; docs/riverfolk-lizards.md §2.2).

The Cult's actions have no text notation yet, so everything here speaks the core's State API and
action ints, computed from `_core.ACTION_KINDS` ((name, start, size) tuples):

- `table(factions)` plays a real game's deal and setup (every setup choice the first legal one,
  chance from a seed), up to the first player's first decision;
- `position(s, ...)` empties the map of every seated faction and sets the pieces, hands, piles and
  the Cult's board from the arguments (clearings are map numbers 1..12, cards are tokens such as
  "F#anvil"), then rebuilds the state through State.from_dict (which checks that pieces and cards
  are conserved); `at=` puts a seat at one of its steps, `turn_of=` starts a seat's turn from its
  Birdsong (State.from_dict(d, turn_start=True)).

The Autumn map: fox 1 6 8 12, rabbit 3 4 5 10, mouse 2 7 9 11; corners 1-3 and 2-4 are opposite;
paths 1-5 1-9 1-10 2-5 2-6 2-10 3-6 3-7 3-11 4-8 4-9 4-12 6-11 7-8 7-12 9-12 10-12 11-12; free
building slots 1:1 2:2 3:1 4:1 5:2 6:1 7:2 8:2 9:2 10:1 11:2 12:1 (ruins cover one in 6 10 11 12)."""
from __future__ import annotations

import copy

import numpy as np

from wyrm_ai import _core
from wyrm_ai.model.cards import CARDS, card
from wyrm_ai.model.factions import ALLIANCE, EYRIE, LIZARDS, MARQUISE, VAGABOND, WYRM

from alliance_positions import set_marquise

NCL = _core.NUM_CLEARINGS
NCT = len(CARDS)
MAX_SEATS = _core.MAX_NUM_SEATS
NBKIND = 3
STEP = {name: i for i, name in enumerate(_core.STEP_NAMES)}
KIND = {name: (start, size) for name, start, size in _core.ACTION_KINDS}
FOX, RABBIT, MOUSE, BIRD = 0, 1, 2, 3
SUIT = list(_core._SUITS)                     # Autumn: each clearing's suit, by index
DAYLIGHT = {MARQUISE: "marquise_daylight", EYRIE: "eyrie_daylight", ALLIANCE: "alliance_daylight",
            VAGABOND: "vagabond_daylight", WYRM: "wyrm_daylight", LIZARDS: "lizards_daylight"}
PASS = 0


# ---- action ints -----------------------------------------------------------------------------

def action(kind: str, x: int = 0) -> int:
    start, size = KIND[kind]
    assert 0 <= x < size, (kind, x, size)
    return start + x


def kind_of(a: int) -> tuple[str, int]:
    """(kind name, offset in its range) of an action int."""
    for name, start, size in _core.ACTION_KINDS:
        if start <= a < start + size:
            return name, a - start
    raise ValueError(a)


def cid(tok: str) -> int:
    return card(tok).id


def battle(c: int, d: int) -> int:
    return action("battle", (c - 1) * _core.NUM_SIDES + d)     # d: a seat, or a hireling's side


def move(a: int, b: int, n: int, pawn: int = 0) -> int:
    return action("move", (((a - 1) * NCL + (b - 1)) * 2 + pawn) * 26 + n)


def convert(c: int, d: int) -> int:
    return action("convert", (c - 1) * MAX_SEATS + d)


def sanctify(c: int, d: int, kind: int) -> int:
    return action("sanctify", ((c - 1) * MAX_SEATS + d) * NBKIND + kind)


def lz_build(c: int, tok: str) -> int:
    return action("lz_build", (c - 1) * NCT + cid(tok))


def lz_recruit(c: int, tok: str) -> int:
    return action("lz_recruit", (c - 1) * NCT + cid(tok))


def lz_score(tok: str) -> int:
    return action("lz_score", cid(tok))


def sacrifice(tok: str) -> int:
    return action("sacrifice", cid(tok))


def faithful(tok: str) -> int:
    return action("faithful", cid(tok))


def craft(tok: str) -> int:
    return action("craft", cid(tok))


def discard(tok: str) -> int:
    return action("discard", cid(tok))


def lz_corner(c: int) -> int:
    return action("lz_corner", c - 1)


def outcast(suit: int) -> int:
    return action("outcast", suit)


def kinds(s, name: str) -> list[int]:
    """The legal actions of one kind, as offsets in its range."""
    start, size = KIND[name]
    return [a - start for a in s.legal_actions() if start <= a < start + size]


# ---- tables and positions --------------------------------------------------------------------

def table(factions, first: int = 0, seed: int = 0, choose=None, **options):
    """A State of these factions (ids) after the deal and every setup: each setup decision
    choose(s) (default: the first legal action), each chance event drawn from the seed."""
    s = _core.State(first, factions=tuple(factions), **options)
    rng = np.random.default_rng(seed)
    while s.turn_number == 0:
        if s.is_chance_node():
            s.apply(s.sample_chance(int(rng.integers(1 << 62))))
        else:
            s.apply((choose(s) if choose else None) or s.legal_actions()[0])
    return s


def _map(mapping) -> list[int]:
    arr = [0] * NCL
    for n, v in (mapping or {}).items():
        arr[n - 1] = v
    return arr


def _take(d: dict, tok: str) -> int:
    """One copy of the card out of the deck (else the discard pile) of d; its type."""
    t = cid(tok)
    if d["deck"][t] > 0:
        d["deck"][t] -= 1
        d["deck_size"] -= 1
    else:
        assert d["discard"][t] > 0, f"{tok} is in neither the deck nor the discard pile"
        d["discard"][t] -= 1
    return t


def _cards_back(d: dict, counts: list) -> None:
    for t, n in enumerate(counts):
        d["deck"][t] += n
        d["deck_size"] += n
        counts[t] = 0


def counts(tokens) -> list[int]:
    arr = [0] * NCT
    for tok in tokens:
        arr[cid(tok)] += 1
    return arr


def position(s, *, lizards=None, gardens=None, acolytes=0, outcast_suit=None, hated=0,
             warriors=None, buildings=None, keep=None, wood=None,
             wyrmlings=None, pawn=None, fear=None,
             birds=None, roosts=None,
             rebels=None, sympathy=(), bases=(), officers=0, stack=(),
             hands=None, lost_souls=(), discard_pile=(), deck_only=None, score=None,
             at=None, turn_of=None, edit=None):
    """A new State: s with every seated faction's pieces off the map and set from the arguments
    (dicts {clearing: count}; gardens {clearing: count} of the clearing's suit; buildings
    {clearing: (sawmills, workshops, recruiters)}; fear {clearing: 1 scared / 2 cowed}; pawn a
    clearing number or a forest name; bases and sympathy clearing lists), every hand set from
    hands {seat: tokens} (others empty; what seats know of hands forgotten), the Lost Souls and
    discard piles from card tokens (taken from the deck), the Cult's board (acolytes, Outcast suit
    and side). deck_only: the tokens left in the deck, the rest of it to the discard pile.
    at=(seat, step name): that seat's turn at that step; turn_of=seat: that seat's turn begun
    from its Birdsong (its faction's Daylight step with turn_start). edit(d): a last change."""
    d = copy.deepcopy(s.to_dict())
    seated = set(d["seat_faction"])
    if MARQUISE in seated:
        set_marquise(d, warriors, buildings, wood, keep)
    if WYRM in seated:
        d["wyrmlings"] = _map(wyrmlings)
        d["wyrmling_supply"] = 8 - sum(d["wyrmlings"])
        d["fear"] = _map(fear)
        d["fear_supply"] = 8 - sum(1 for x in d["fear"] if x)
        if pawn is not None:
            d["pawn"] = NCL + _core.FOREST_NAMES.index(pawn) if isinstance(pawn, str) else pawn - 1
    if EYRIE in seated:
        d["birds"] = _map(birds)
        d["bird_supply"] = 20 - sum(d["birds"])
        d["roosts"] = _map(roosts)
        d["roost_supply"] = 7 - sum(d["roosts"])
    if ALLIANCE in seated:
        d["rebels"] = _map(rebels)
        d["officers"] = officers
        d["rebel_supply"] = 10 - sum(d["rebels"]) - officers
        d["sympathy"] = [1 if n + 1 in sympathy else 0 for n in range(NCL)]
        d["sympathy_supply"] = 10 - len(sympathy)
        d["base_at"] = [-1, -1, -1]
        for n in bases:
            d["base_at"][SUIT[n - 1]] = n - 1
        _cards_back(d, d["supporters"])
        for tok in stack:
            d["supporters"][_take(d, tok)] += 1
        d["supporters_size"] = len(stack)
        d["known_sup"] = [[0] * NCT for _ in d["known_sup"]]
    if LIZARDS in seated:
        d["lizards"] = _map(lizards)
        d["lizard_supply"] = 25 - sum(d["lizards"]) - acolytes
        d["acolytes"] = acolytes
        g = [[0] * NCL for _ in range(3)]
        for n, k in (gardens or {}).items():
            g[SUIT[n - 1]][n - 1] = k
        d["gardens"] = g
        if outcast_suit is not None:
            d["outcast"] = outcast_suit
        d["hated"] = hated
        _cards_back(d, d["revealed"])
        d["scored"] = 0
        d["faithful_owed"] = 0
        d["crusade_at"] = -1
    _cards_back(d, d["lost_souls"])
    for seat in range(d["nseats"]):
        _cards_back(d, d["hand"][seat])
    for tok in lost_souls:
        d["lost_souls"][_take(d, tok)] += 1
    for seat in range(d["nseats"]):
        toks = (hands or {}).get(seat, ())
        for tok in toks:
            d["hand"][seat][_take(d, tok)] += 1
        d["hand_size"][seat] = len(toks)
    d["known"] = [[[0] * NCT for _ in row] for row in d["known"]]
    for tok in discard_pile:
        t = _take(d, tok)
        d["discard"][t] += 1
    if deck_only is not None:
        keep_ids = [cid(tok) for tok in deck_only]
        for t in range(NCT):
            k = keep_ids.count(t)
            assert d["deck"][t] >= k, f"{CARDS[t]} is not in the deck"
            d["discard"][t] += d["deck"][t] - k
            d["deck_size"] -= d["deck"][t] - k
            d["deck"][t] = k
    if score is not None:
        d["score"] = list(score)
    seat = turn_of if turn_of is not None else (at[0] if at is not None else None)
    if seat is not None:
        d["turn"] = seat
        d["step"] = STEP[at[1] if at is not None else DAYLIGHT[d["seat_faction"][seat]]]
        d["crafting_open"] = 1
        d["spread_begun"] = 0
        d["ops_used"] = 0
        d["activated"] = [0] * NCL
    if edit is not None:
        edit(d)
    return _core.State.from_dict(d, turn_start=turn_of is not None)


def st(s) -> dict:
    return s.to_dict()
