"""The Vagabond's setup (LoR 9.3, root-factions.md §1.9-1.11) and Birdsong: Refresh and Slip
(LoR 9.4, §4.3, ruling §10.6, §7 trap 3)."""
from __future__ import annotations

import pytest

from wyrm_ai import _core
from wyrm_ai.model.game import Game

from vb_positions import (DOWN, FORESTS, HOSTILE, ITEM, NV, VB, act,
                          board, forest, item_action, items_of, of_kind, st, vb, vb_started,
                          vb_turn)

S_ITEMS = {"boots": 1, "bag": 1, "crossbow": 1, "hammer": 1, "sword": 1, "tea": 1, "torch": 1}
CHARACTER_ITEMS = {          # root-factions.md §1.11 (LoR D.1-D.3)
    "thief": {"boots", "torch", "tea", "sword"},
    "tinker": {"boots", "torch", "bag", "hammer"},
    "ranger": {"boots", "torch", "crossbow", "sword"},
}
R_ITEMS = [0] * NV
for _name in ("boots", "bag", "hammer", "sword"):      # §1.9: one "R" item under each ruin
    R_ITEMS[ITEM[_name]] = 1


def _touches(f: int) -> set[int]:
    """The clearings (0..11) a forest touches, from its name."""
    return {int(x) - 1 for x in FORESTS[f].split("_")}


def _adjacent(c: int) -> set[int]:
    return {b - 1 for a, b in _core.PATHS if a - 1 == c} | {a - 1 for a, b in _core.PATHS if b - 1 == c}


def _forest_neighbours(f: int) -> set[int]:
    """Forests on the other side of one path (base digest §1.3): both ends of the path touch both."""
    out = set()
    for g in range(len(FORESTS)):
        if g != f and any({a - 1, b - 1} <= _touches(f) and {a - 1, b - 1} <= _touches(g)
                          for a, b in _core.PATHS):
            out.add(g)
    return out


@pytest.mark.parametrize("char", ["thief", "tinker", "ranger"])
def test_setup_character_items_face_up_and_unused_s_items_removed_LoR_9_3(char):
    """LoR 9.3 / D.1-D.3 (§1.11): his character's starting items face up (tea, bag on their
    tracks), the other "S" items out of the game; relationships all Indifferent (LoR 9.3.3)."""
    g = vb_started(char=char)
    d = st(g)
    assert set(items_of(g)) == CHARACTER_ITEMS[char]
    assert all(v == [1, 0, 0, 0] for v in items_of(g).values())
    for name, k in ITEM.items():
        assert d["vb_out"][k] == S_ITEMS.get(name, 0) - (name in CHARACTER_ITEMS[char]), name
    assert d["vb_char"] == _core.CHARACTER_NAMES.index(char)
    assert d["vb_rel"] == d["vb_aids"] == [0] * len(_core.FACTION_NAMES) and d["coalition"] == -1


def test_setup_pawn_to_any_forest_LoR_9_3_2():
    """LoR 9.3.2: the pawn goes to a forest of his choice (all seven offered; none a clearing)."""
    g = Game(first=0, factions=("marquise", "vagabond", "wyrm"))
    while g.step != "vagabond_setup":
        g.apply(g.chance_outcomes()[0][0] if g.is_chance_node() else g.legal_actions()[0])
    assert sorted(g.legal_actions()) == [act("forest", f) for f in range(len(FORESTS))]
    g.apply(act("forest", 3))
    assert st(g)["vb_at"] == forest(FORESTS[3])


def test_setup_three_quests_drawn_as_chance_events_LoR_9_3_5():
    """LoR 9.3.5, §5.1: the quest deck is shuffled and three quests turn face up, each a chance
    event over the cards left in the deck (uniform)."""
    g = Game(first=0, factions=("marquise", "vagabond", "wyrm"))
    while g.step != "quest_draw":
        g.apply(g.chance_outcomes()[0][0] if g.is_chance_node() else g.legal_actions()[0])
    for left in (15, 14, 13):
        assert g.is_chance_node() and g.step == "quest_draw"
        outs = g.chance_outcomes()
        assert len(outs) == left and all(p == pytest.approx(1 / left) for _a, p in outs)
        g.apply(outs[-1][0])
    d = st(g)
    assert bin(d["quest_up"]).count("1") == 3 and bin(d["quest_deck"]).count("1") == 12
    assert d["quest_done"] == 0 and g.step != "quest_draw"


@pytest.mark.parametrize("factions", [("marquise", "wyrm"), ("marquise", "vagabond", "wyrm")])
def test_ruins_hold_one_r_item_each_even_without_the_vagabond_LoR_5_1_5(factions):
    """LoR 5.1.5, §1.9: the four ruins (clearings 6, 10, 11, 12) each hold one "R" item (boots, bag,
    hammer, sword), whether or not the Vagabond plays; nothing is explored."""
    g = Game(first=0, factions=factions)
    d = st(g)
    assert d["ruin_items"] == R_ITEMS and d["explored"] == 0
    assert [n for n in range(1, 13) if _core._RUINS[n - 1]] == [6, 10, 11, 12]


# ---- Refresh (LoR 9.4.1, §4.3) -------------------------------------------------------------

SIX_DOWN = {"boots": (0, 2, 0, 0), "sword": (0, 2, 0, 0), "hammer": (0, 1, 0, 0), "crossbow": (0, 1, 0, 0)}


@pytest.mark.parametrize("tea, refreshed", [((0, 0, 0, 0), 3), ((1, 0, 0, 0), 5), ((0, 1, 0, 0), 3)])
def test_refresh_three_plus_two_per_face_up_tea_on_the_track_LoR_9_4_1(tea, refreshed):
    """LoR 9.4.1 (§4.3): Refresh turns 3 + 2 x (face-up teas on the tea track) exhausted items face
    up, his choice; an exhausted tea is in the Satchel and adds nothing."""
    g = vb_turn(vb(board(vb_started()), at=1, items=dict(SIX_DOWN, tea=tea, torch=(1, 0, 0, 0))))
    while g.step == "vagabond_refresh":
        g.apply(g.legal_actions()[0])
    assert g.step == "vagabond_slip"
    down = sum(v[DOWN] for v in items_of(g).values())
    assert down == 6 + tea[DOWN] - refreshed


def test_refresh_every_exhausted_item_when_fewer_and_his_choice_otherwise_LoR_9_4_1():
    """LoR 9.4.1: with no more exhausted items than the count, all turn up with no decision; with
    more, he picks each (every exhausted kind offered)."""
    g = vb_turn(vb(board(vb_started()), at=1, items={"boots": (0, 2, 0, 0), "sword": (0, 1, 0, 0)}))
    assert g.step == "vagabond_slip" and items_of(g) == {"boots": [2, 0, 0, 0], "sword": [1, 0, 0, 0]}
    g = vb_turn(vb(board(vb_started()), at=1, items=SIX_DOWN))
    assert g.step == "vagabond_refresh"
    assert set(of_kind(g, "refresh")) == {ITEM[k] for k in SIX_DOWN}
    g.apply(item_action("refresh", "crossbow"))
    g.apply(item_action("refresh", "hammer"))
    g.apply(item_action("refresh", "sword"))
    assert items_of(g) == {"boots": [0, 2, 0, 0], "sword": [1, 1, 0, 0], "hammer": [1, 0, 0, 0],
                           "crossbow": [1, 0, 0, 0]}


def test_refresh_may_turn_a_damaged_face_down_item_face_up_ruling_10_6():
    """Ruling §10.6: Refresh may turn any exhausted item face up, damaged or not (it stays
    damaged); it is offered beside the undamaged ones."""
    items = dict(SIX_DOWN, sword=(0, 2, 0, 1))
    g = vb_turn(vb(board(vb_started()), at=1, items=items))
    assert NV + ITEM["sword"] in of_kind(g, "refresh")
    g.apply(item_action("refresh", "sword", 1))
    assert items_of(g)["sword"] == [0, 2, 1, 0]


# ---- Slip (LoR 9.4.2, §4.3) ----------------------------------------------------------------

def _slips(g) -> set[int]:
    return set(of_kind(g, "slip"))


@pytest.mark.parametrize("n", [1, 5, 11])
def test_slip_to_an_adjacent_clearing_or_a_forest_it_touches_LoR_9_4_2(n):
    """LoR 9.4.2: from a clearing, Slip reaches the adjacent clearings and the forests touching it
    (or he stays: pass)."""
    g = vb_turn(vb(board(vb_started()), at=n, items={"boots": 1}))
    assert g.step == "vagabond_slip" and 0 in g.legal_actions()
    want = _adjacent(n - 1) | {12 + f for f in range(len(FORESTS)) if n - 1 in _touches(f)}
    assert _slips(g) == want


@pytest.mark.parametrize("f", range(7))
def test_slip_from_a_forest_reaches_touching_clearings_and_forests_across_one_path_LoR_9_4_2(f):
    """LoR 9.4.2 with the base digest §1.3: from a forest, the clearings it touches and the
    forests on the other side of exactly one path."""
    g = vb_turn(vb(board(vb_started()), at=FORESTS[f], items={"boots": 1}))
    want = _touches(f) | {12 + x for x in _forest_neighbours(f)}
    assert _slips(g) == want and 12 + f not in _slips(g)
    assert _forest_neighbours(f)          # every base-map forest has a neighbour


def test_slip_into_sympathy_and_hostile_warriors_costs_nothing_and_no_outrage_trap_3_and_7():
    """§7 trap 3 and trap 7 (LoR 9.4.2): Slip into a sympathetic clearing holding Hostile
    Alliance warriors exhausts no boots and triggers no Outrage."""
    g = vb_started(factions=("alliance", "vagabond", "wyrm"))
    g = board(g, rebels={5: 2}, sympathy=[5], pawn=9, hands={VB: ["F#ambush"]})
    g = vb_turn(vb(g, at=1, items={"boots": 1, "torch": 1}, rel={0: HOSTILE}))
    g.apply(act("slip", 4))
    d = st(g)
    assert d["vb_at"] == 4 and items_of(g)["boots"] == [1, 0, 0, 0]
    assert d["outrage"] == [[0, 0, 0]] * 3 and d["supporters_size"] == 0
    assert d["hand_size"][VB] == 1 and g.step == "vagabond_daylight"
