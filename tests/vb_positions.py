"""Helpers that build Vagabond positions for rules tests (root-factions.md §1.8-1.11, §4, LoR 9).

`vb_started()` plays a real game's deal and setup with the Vagabond at the table (Marquise,
Vagabond, Wyrm by default: seats CAT, VB, WYRM) and a chosen character and forest; `alliance_positions.board()`
empties the map and sets pieces and hands; `vb()` then sets the Vagabond's own fields (pawn, items by
state, relationships, quests, score), keeping the 23 items conserved through his removed items and the
supply; `vb_day()` puts him at the start of his Daylight and `vb_turn()` starts his turn from Birdsong.
Actions are built by kind from _core.ACTION_KINDS (`act(kind, offset)`). Positions pass through
State.from_dict, which checks conservation. Clearings are map numbers (1..12) in every argument.

The Autumn map: fox 1 6 8 12, rabbit 3 4 5 10, mouse 2 7 9 11; ruins in 6, 10, 11, 12; forests
_core.FOREST_NAMES name the clearings they touch."""
from __future__ import annotations

from wyrm_ai import _core
from wyrm_ai.model.game import Game

from alliance_positions import STEP, board, hand_of, st, tokens_of  # noqa: F401 (re-exported)
from positions import modify, take_card

from wyrm_ai.model.cards import CARDS as _ALL_CARDS
NCT = len(_ALL_CARDS)   # card types of both decks (the standard deck and E&P)

SEATS = _core.MAX_NUM_SEATS    # seat indices in action numbers run to the core's seats

CAT, VB, WYRM = 0, 1, 2
KINDS = {name: start for name, start, _size in _core.ACTION_KINDS}
ITEM = {name: k for k, name in enumerate(_core.VITEM_NAMES)}
NV = len(_core.VITEM_NAMES)
UP, DOWN, DMG_UP, DMG_DOWN = 0, 1, 2, 3
HOSTILE, INDIFFERENT, ALLIED = -1, 0, 3
FORESTS = _core.FOREST_NAMES
NCL = 12
QUEST = {}
for _q, (_name, _suit, _a, _b) in enumerate(_core.QUESTS):
    QUEST.setdefault((_name, _core.SUIT_NAMES[_suit]), _q)


def act(kind: str, offset: int = 0) -> int:
    return KINDS[kind] + offset


def forest(name: str) -> int:
    """A forest's location value (12 + f) for vb_at / slip."""
    return NCL + FORESTS.index(name)


def item_action(kind: str, name: str, state: int = 0) -> int:
    """refresh / damage / repair / drop actions: (state or damaged/face-down flag) * 8 + kind."""
    return act(kind, state * NV + ITEM[name])


def vb_started(factions=("marquise", "vagabond", "wyrm"), char="thief", at="1_2_5_10",
               first=0) -> Game:
    """A game after the deal and every faction's setup with the Vagabond as `char` in forest `at`
    (every other setup choice the first legal one; the quests as drawn by the first outcomes)."""
    g = Game(first=first, factions=factions)
    while g.state.turn_number == 0:
        if g.step == "vagabond_character":
            g.apply(act("character", _core.CHARACTER_NAMES.index(char)))
        elif g.step == "vagabond_setup":
            g.apply(act("forest", FORESTS.index(at)))
        elif g.is_chance_node():
            g.apply(g.chance_outcomes()[0][0])
        else:
            g.apply(g.legal_actions()[0])
    return g


def vbseat(g: Game) -> int:
    return g.seat_of("vagabond")


def vb(g: Game, *, at=None, items=None, rel=None, quests_up=None, quests_done=None, score=None,
       lair=None, crafted=None, explored=None, coalition=None, hands=None) -> Game:
    """A copy of g with the Vagabond's fields set: at a clearing number or forest name; items
    {name: n face up} or {name: (up, down, damaged up, damaged down)} (kinds not named: none);
    rel {seat: level}; quests_up / quests_done lists of (name, suit); score a list; lair and crafted
    {seat: {item: n}} Crafted Items boxes (the Wyrm's is its Lair); explored clearing numbers whose
    ruins are gone (their items into his removed ones). Items come from (or go back to) his removed
    items first, then the supply; hands {seat: tokens} replace those hands (other hands kept)."""
    def fn(d):
        v = d["faction_seat"][3]
        if at is not None:
            d["vb_at"] = forest(at) if isinstance(at, str) else at - 1
        if explored is not None:
            for n in explored:
                d["explored"] |= 1 << (n - 1)
                k = next(k for k in range(NV) if d["ruin_items"][k])
                d["ruin_items"][k] -= 1
                d["vb_out"][k] += 1
        boxes = {}
        for src in (lair, crafted):
            for seat, its in (src or {}).items():
                boxes[seat] = its
        for seat, its in boxes.items():
            for name, n in its.items():
                k = ITEM[name]
                delta = n - d["items"][seat][k]
                d["items"][seat][k] = n
                _balance(d, k, delta)
        if items is not None:
            for k in range(NV):
                want = items.get(_core.VITEM_NAMES[k], 0)
                want = (want, 0, 0, 0) if isinstance(want, int) else tuple(want)
                delta = sum(want) - sum(d["vb_items"][s][k] for s in range(4))
                for s in range(4):
                    d["vb_items"][s][k] = want[s]
                _balance(d, k, delta)
        if rel is not None:
            for seat, r in rel.items():
                d["vb_rel"][d["seat_faction"][seat]] = r
        if quests_up is not None or quests_done is not None:
            up = _mask(quests_up) if quests_up is not None else d["quest_up"]
            done = _mask(quests_done) if quests_done is not None else d["quest_done"]
            d["quest_up"], d["quest_done"] = up, done
            d["quest_deck"] = ((1 << 15) - 1) & ~up & ~done
        if score is not None:
            d["score"] = list(score)
        if coalition is not None:
            d["coalition"] = coalition
        if hands is not None:
            for seat, toks in hands.items():
                for t, n in enumerate(d["hand"][seat]):
                    d["deck"][t] += n
                    d["deck_size"] += n
                    d["hand"][seat][t] = 0
                for tok in toks:
                    d["hand"][seat][take_card(d, tok)] += 1
                d["hand_size"][seat] = len(toks)
            d["known"] = [[[0] * NCT for _ in d["known"]] for _ in d["known"]]
        assert v >= 0
    return modify(g, fn)


def _mask(quests) -> int:
    m = 0
    for q in quests:
        m |= 1 << (QUEST[q] if isinstance(q, tuple) else q)
    return m


def _balance(d: dict, k: int, delta: int) -> None:
    """delta more items of kind k held somewhere: taken from the removed items, then the supply
    (or, when fewer, returned to the removed items)."""
    if delta <= 0:
        d["vb_out"][k] -= delta
        return
    take = min(delta, d["vb_out"][k])
    d["vb_out"][k] -= take
    delta -= take
    if delta:
        assert k < 7 and d["item_supply"][k] >= delta, f"not enough {_core.VITEM_NAMES[k]} items"
        d["item_supply"][k] -= delta


def vb_day(g: Game) -> Game:
    """A copy of g at the start of the Vagabond's Daylight (crafting open, aids reset)."""
    def fn(d):
        d["turn"] = d["faction_seat"][3]
        d["step"] = STEP["vagabond_daylight"]
        d["crafting_open"] = 1
        d["vb_aids"] = [0] * len(d["vb_aids"])
        d["vb_left"] = 0
    return modify(g, fn)


def vb_turn(g: Game) -> Game:
    """A copy of g at the start of the Vagabond's turn: his Birdsong runs (Refresh) up to his first
    decision."""
    out = vb_day(g)
    _core.start_turn(out.state)
    return out


def items_of(g: Game) -> dict:
    """His items: {name: [up, down, damaged up, damaged down]} for kinds he holds."""
    d = st(g)
    return {name: [d["vb_items"][s][k] for s in range(4)] for k, name in enumerate(_core.VITEM_NAMES)
            if any(d["vb_items"][s][k] for s in range(4))}


def legal(g: Game) -> set[int]:
    return set(g.legal_actions())


def of_kind(g: Game, kind: str) -> list[int]:
    """Legal actions of one kind, as offsets into it."""
    start = KINDS[kind]
    size = next(n for name, s, n in _core.ACTION_KINDS if name == kind)
    return sorted(a - start for a in g.legal_actions() if start <= a < start + size)


def vb_move(to: int, seat: int) -> int:
    """vb_move action: alone to clearing number `to` (ally_seat = his own seat, no warriors)."""
    return act("vb_move", ((to - 1) * SEATS + seat) * 21)


def battle(n: int, defender: int) -> int:
    return act("battle", (n - 1) * _core.NUM_SIDES + defender)


def rel_of(g: Game, seat: int) -> int:
    d = st(g)
    return d["vb_rel"][d["seat_faction"][seat]]


def day_of(g: Game, seat: int, step: str) -> Game:
    """A copy of g in seat's Daylight (step: its Daylight step's name), crafting open, nothing used."""
    def fn(d):
        d["turn"] = seat
        d["step"] = STEP[step]
        d["crafting_open"] = 1
        d["activated"] = [0] * NCL
        d["ops_used"] = 0
    return modify(g, fn)


def in_play(g: Game, seat: int, tok: str) -> Game:
    """A copy of g with the card tok (from the deck) in seat's play area (a crafted persistent
    card, or an activated dominance card)."""
    from wyrm_ai.model.cards import card

    def fn(d):
        t = card(tok).id
        assert d["deck"][t] > 0, f"{tok} is not in the deck"
        d["deck"][t] -= 1
        d["deck_size"] -= 1
        d["play_area"][seat][t] += 1
    return modify(g, fn)
