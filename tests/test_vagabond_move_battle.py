"""The Vagabond's Move (LoR 9.5.1, 9.2.3, §7 trap 7, ruling §10.4) and Battle (LoR 9.2.4, 9.2.6,
9.2.7, 9.5.2, §4.6, §7 traps 13, 14, 15; ruling §10.4)."""
from __future__ import annotations

from wyrm_ai.model.cards import card

from vb_positions import (SEATS, CAT, HOSTILE, ITEM, NV, VB, WYRM, act, battle, board, day_of, in_play,
                          item_action, items_of, of_kind, st, vb, vb_day, vb_move, vb_started,
                          vb_turn)


def _moves(g) -> dict[int, int]:
    """Legal Vagabond moves: destination clearing number -> ally seat (always his own today)."""
    out = {}
    for x in of_kind(g, "vb_move"):
        to, ally = divmod(x // 21, SEATS)
        out[to + 1] = ally
    return out


def _play(g, *actions):
    for a in actions:
        g.apply(a)
    return g


def roll(high: int, low: int) -> int:
    return act("dice", high * 4 + low)


# ---- Move (LoR 9.5.1) ---------------------------------------------------------------------

def test_move_exhausts_one_boots_LoR_9_5_1():
    """LoR 9.5.1: a move to an adjacent clearing exhausts one boots."""
    g = vb_day(vb(board(vb_started()), at=1, items={"boots": 2}))
    assert set(_moves(g)) == {5, 9, 10} and set(_moves(g).values()) == {VB}
    g.apply(vb_move(5, VB))
    assert st(g)["vb_at"] == 4 and items_of(g)["boots"] == [1, 1, 0, 0]


def test_move_into_hostile_warriors_costs_an_extra_boot_trap_7():
    """LoR 9.2.9.III.b, §7 trap 7: entering a clearing with warriors of ANY Hostile faction costs
    2 boots (not the ruler's relationship: the Marquise rule 5 by buildings but are not Hostile);
    with one boots that move is not offered."""
    base = board(vb_started(), warriors={5: 1}, buildings={5: (1, 1, 0)}, wyrmlings={9: 1},
                 pawn=2)
    g = vb_day(vb(base, at=1, items={"boots": 2}, rel={WYRM: HOSTILE}))
    g.apply(vb_move(9, VB))
    assert items_of(g)["boots"] == [0, 2, 0, 0]
    g = vb_day(vb(base, at=1, items={"boots": 1}, rel={WYRM: HOSTILE}))
    assert set(_moves(g)) == {5, 10}
    g.apply(vb_move(5, VB))                     # Marquise warriors, not Hostile: 1 boots
    assert items_of(g)["boots"] == [0, 1, 0, 0]
    g = vb_day(vb(base, at=1, items={"boots": 1}, rel={CAT: HOSTILE}))
    assert 5 not in _moves(g) and 9 in _moves(g)


def test_move_never_into_a_forest_and_from_a_forest_to_a_touching_clearing_LoR_9_5_1():
    """LoR 9.5.1 (§4.3, §4.4): moves go only to clearings; from a forest, to a clearing it
    touches (forest 2_6_10_11_12)."""
    g = vb_day(vb(board(vb_started()), at="2_6_10_11_12", items={"boots": 1}))
    assert set(_moves(g)) == {2, 6, 10, 11, 12}
    assert all(a < 16783 or a >= 16802 for a in g.legal_actions()), "a slip offered in Daylight"


def test_nimble_moves_ignore_rule_LoR_9_2_3():
    """LoR 9.2.3 Nimble: he moves between two clearings neither of which he rules (the Marquise
    rule both)."""
    base = board(vb_started(), warriors={1: 3, 5: 3}, pawn=9)
    g = vb_day(vb(base, at=1, items={"boots": 1}))
    assert 5 in _moves(g)


def test_cobbler_needs_a_face_up_boots_ruling_10_4():
    """Ruling §10.4 (Cobbler, LoR card text): the move at the start of Evening still exhausts
    boots: with a face-up boots it is offered, with only exhausted boots his Evening goes on."""
    def fn(boots):
        g2 = vb_day(in_play(vb(board(vb_started(), pawn=9), at=1, items={"boots": boots}), VB, "R#cobbler"))
        g2.apply(0)                       # Daylight ends
        return g2
    g = fn((1, 0, 0, 0))
    assert g.step == "cobbler" and set(_moves(g)) == {5, 9, 10}
    g.apply(vb_move(10, VB))
    assert items_of(g)["boots"] == [0, 1, 0, 0] and st(g)["vb_at"] == 9
    assert fn((0, 1, 0, 0)).step != "cobbler"


# ---- Battle (LoR 9.5.2, 9.2.6, 9.2.7, §4.6) ----------------------------------------------------

def test_battle_exhausts_a_sword_and_needs_a_face_up_one_LoR_9_5_2():
    """LoR 9.5.2: battle exhausts one sword; with only exhausted swords none is offered."""
    base = board(vb_started(), warriors={1: 2}, pawn=9)
    g = vb_day(vb(base, at=1, items={"sword": (0, 1, 0, 0)}))
    assert battle(1, CAT) not in g.legal_actions()
    g = vb_day(vb(base, at=1, items={"sword": 1}))
    g.apply(battle(1, CAT))
    assert items_of(g)["sword"] == [0, 1, 0, 0] and g.step == "battle_roll"


def test_rolled_hits_capped_by_undamaged_swords_face_up_or_down_LoR_9_2_6():
    """LoR 9.2.6 (§4.6): his rolled hits are capped by undamaged swords, face up or down (the one
    exhausted to start the battle counts); a damaged sword does not."""
    base = board(vb_started(), warriors={1: 4}, pawn=9)
    g = vb_day(vb(base, at=1, items={"sword": (1, 1, 1, 0), "boots": 1}))
    _play(g, battle(1, CAT), roll(3, 0))
    assert st(g)["warriors"][0] == 2             # 3 rolled, capped at 2 swords


def test_defenseless_only_without_an_undamaged_sword_LoR_9_2_4():
    """LoR 9.2.4, §7 trap 15: attacked with no undamaged sword he is defenseless (+1 hit on top of
    the rolled hits); an exhausted undamaged sword keeps him from it."""
    def hits_taken(sword):
        g = vb(board(vb_started(), warriors={1: 3}, pawn=9), at=1,
               items={"sword": sword, "boots": 2, "tea": 2, "torch": 1, "bag": 2})
        g2 = day_of(g, CAT, "marquise_daylight")
        g2.apply(battle(1, VB))
        g2.apply(roll(1, 0))
        while g2.step == "battle_hits":
            g2.apply(g2.legal_actions()[0])
        its = items_of(g2)
        return sum(v[2] + v[3] for v in its.values()) - sword[2]
    assert hits_taken((0, 0, 1, 0)) == 2          # 1 rolled + 1 defenseless
    assert hits_taken((0, 1, 0, 0)) == 1


def test_hits_damage_items_of_his_choice_face_up_or_down_LoR_9_2_7_trap_14():
    """LoR 9.2.7, §7 trap 14: each hit he takes damages an undamaged item he picks, face up or
    exhausted, keeping its face (damage + face down * 8 + kind)."""
    base = board(vb_started(), warriors={1: 3}, pawn=9)
    g = vb_day(vb(base, at=1, items={"sword": (2, 0, 0, 0), "boots": (0, 1, 0, 0), "torch": 1}))
    _play(g, battle(1, CAT), roll(2, 2))
    assert g.step == "battle_hits" and g.current_player == VB
    assert set(of_kind(g, "damage")) == {ITEM["sword"], NV + ITEM["sword"], NV + ITEM["boots"],
                                        ITEM["torch"]}
    _play(g, item_action("damage", "boots", 1), item_action("damage", "torch"))
    assert items_of(g) == {"sword": [1, 1, 0, 0], "boots": [0, 0, 0, 1], "torch": [0, 0, 1, 0]}


def test_leftover_hits_are_lost_when_nothing_undamaged_is_left_LoR_9_2_7():
    """LoR 9.2.7: hits beyond his undamaged items are ignored; the pawn never leaves."""
    base = board(vb_started(), warriors={1: 3}, pawn=9)
    g = vb_day(vb(base, at=1, items={"sword": 1}))
    _play(g, battle(1, CAT), roll(3, 3))
    assert items_of(g) == {"sword": [0, 0, 0, 1]} and st(g)["vb_at"] == 0
    assert g.step == "vagabond_daylight" and st(g)["warriors"][0] == 2


def test_ambush_damages_two_items_and_the_battle_goes_on_trap_13():
    """LoR 4.3.1.II, §7 trap 13: an ambush against him damages 2 items (his pick) and, his pawn
    still there, the battle goes on to the roll."""
    base = board(vb_started(), warriors={1: 2}, pawn=9, hands={CAT: ["F#ambush"]})
    g = vb_day(vb(base, at=1, items={"sword": 2, "boots": 1, "torch": 1}))
    g.apply(battle(1, CAT))
    assert g.step == "battle_ambush" and g.current_player == CAT
    g.apply(act("ambush", card("F#ambush").id))
    assert g.step == "battle_hits" and g.current_player == VB
    _play(g, item_action("damage", "boots"), item_action("damage", "torch"))
    assert g.step == "battle_roll"
    g.apply(roll(2, 0))
    assert st(g)["warriors"][0] == 0 and items_of(g)["boots"] == [0, 0, 1, 0]


def test_command_warren_needs_a_face_up_sword_ruling_10_4():
    """Ruling §10.4 (Command Warren): its battle at the start of Daylight still exhausts a sword:
    with no face-up undamaged sword (only a damaged one) it is not offered."""
    def start(sword):
        g = vb(board(vb_started(), warriors={1: 2}, pawn=9), at=1, items={"sword": sword, "boots": 1})
        return vb_turn(in_play(g, VB, "R#commandwarren"))
    g = start((1, 0, 0, 0))
    while g.step != "command_warren":
        g.apply(0)
    g.apply(battle(1, CAT))
    assert items_of(g)["sword"] == [0, 1, 0, 0]
    g = start((0, 0, 1, 0))
    while g.step in ("vagabond_slip", "vagabond_refresh"):
        g.apply(0)
    assert g.step == "vagabond_daylight"
