"""The Vagabond's Evening (LoR 9.6, §7 traps 8, 10, 11), Hostility and Infamy (LoR 9.2.9.III,
§7 trap 12, W-MP-7), Lone Wanderer against Revolts and Favors (LoR 9.2.2.I), Ravenous (W-MP-4) and
Guerrilla War (LoR 8.2.2) against him."""
from __future__ import annotations

import pytest

from wyrm_ai import _core
from wyrm_ai.model.cards import card

from vb_positions import (CAT, HOSTILE, INDIFFERENT, ITEM, NV, VB, WYRM, act, battle, board,
                          day_of, item_action, items_of, of_kind, rel_of, st, vb, vb_day,
                          vb_started)

from positions import modify

from wyrm_ai.model.cards import CARDS as _ALL_CARDS
NCT = len(_ALL_CARDS)   # card types of both decks (the standard deck and E&P)


def roll(high: int, low: int) -> int:
    return act("dice", high * 4 + low)


def _draw_all(g):
    while g.step in ("evening_draw", "card_draw"):
        g.apply(g.chance_outcomes()[0][0])
    return g


def score(g, seat=VB) -> int:
    return st(g)["score"][seat]


# ---- Evening (LoR 9.6) --------------------------------------------------------------------

def test_rest_in_a_forest_repairs_damaged_items_face_up_not_exhausted_ones_trap_10():
    """LoR 9.6.1, §7 trap 10: resting in a forest, every damaged item is repaired, turned face
    up; items only exhausted stay exhausted."""
    items = {"boots": (0, 1, 0, 1), "sword": (0, 0, 1, 0), "tea": (0, 0, 0, 1), "torch": (0, 1, 0, 0)}
    g = vb_day(vb(board(vb_started(), pawn=9), at="1_2_5_10", items=items))
    g.apply(0)
    assert items_of(g) == {"boots": [1, 1, 0, 0], "sword": [1, 0, 0, 0], "tea": [1, 0, 0, 0],
                           "torch": [0, 1, 0, 0]}


def test_no_rest_in_a_clearing_LoR_9_6_1():
    """LoR 9.6.1: in a clearing, nothing is repaired at Evening."""
    items = {"boots": (0, 1, 0, 1), "sword": (0, 0, 1, 0)}
    g = vb_day(vb(board(vb_started(), pawn=9), at=1, items=items))
    g.apply(0)
    assert items_of(g) == {"boots": [0, 1, 0, 1], "sword": [0, 0, 1, 0]}


def test_evening_draws_one_plus_face_up_coins_on_the_track_trap_8():
    """LoR 9.6.2, §7 trap 8: he draws 1 + 1 per face-up coin on the coin track; an exhausted coin
    (in the Satchel) adds nothing."""
    for coins, draws in (((2, 0, 0, 0), 3), ((1, 1, 0, 0), 2), ((0, 2, 0, 0), 1)):
        g = vb_day(vb(board(vb_started(), pawn=9), at=1, items={"coins": coins}))
        g.apply(0)
        assert g.step == "evening_draw" and st(g)["to_draw"][VB] == draws, coins
        _draw_all(g)
        assert st(g)["hand_size"][VB] == draws


def test_item_limit_six_plus_two_per_face_up_bag_track_items_excluded_trap_11():
    """LoR 9.6.4, §7 trap 11: at the end of Evening the Satchel and the Damaged box (here 9: an
    exhausted tea and bag count, the face-up teas, coins and bag on their tracks do not) may hold
    6 + 2 x (face-up bags on the track) = 8; he removes one item of his choice (none from a track)
    and it leaves the game for good."""
    items = {"bag": (1, 1, 0, 0), "tea": (2, 1, 0, 0), "coins": (2, 0, 0, 0), "boots": 2,
             "sword": (1, 0, 1, 0), "hammer": 1, "crossbow": 1, "torch": 1}
    g = vb_day(vb(board(vb_started(), pawn=9), at=1, items=items))
    supply = st(g)["item_supply"]
    g.apply(0)
    _draw_all(g)
    assert g.step == "vagabond_drop" and g.current_player == VB
    offered = set(of_kind(g, "drop"))
    assert offered == {NV * s + ITEM[k] for s, k in ((0, "boots"), (0, "sword"), (2, "sword"),
                                                     (0, "hammer"), (0, "crossbow"), (0, "torch"),
                                                     (1, "tea"), (1, "bag"))}
    out = st(g)["vb_out"][ITEM["boots"]]
    g.apply(item_action("drop", "boots"))
    d = st(g)
    assert items_of(g)["boots"] == [1, 0, 0, 0] and d["vb_out"][ITEM["boots"]] == out + 1
    assert d["item_supply"] == supply and d["turn"] != VB


def test_within_the_item_limit_nothing_is_removed_LoR_9_6_4():
    """LoR 9.6.4: 8 items in the Satchel with one face-up bag on its track (limit 8): no removal."""
    items = {"bag": 1, "boots": 2, "sword": 2, "hammer": 1, "crossbow": 1, "torch": 1, "tea": (0, 1, 0, 0)}
    g = vb_day(vb(board(vb_started(), pawn=9), at=1, items=items))
    g.apply(0)
    _draw_all(g)
    assert st(g)["turn"] != VB and sum(map(sum, items_of(g).values())) == 9


# ---- Hostility (LoR 9.2.9.III) ------------------------------------------------------------

def test_defending_removal_of_a_warrior_makes_them_hostile_without_infamy_LoR_9_2_9_III():
    """LoR 9.2.9.III and III.a: a warrior he removes as the defender, on the Marquise's turn, makes
    them Hostile; a second one scores no Infamy (not his turn)."""
    g = vb(board(vb_started(), warriors={1: 3}, pawn=9), at=1, items={"sword": 2, "boots": 2})
    g = day_of(g, CAT, "marquise_daylight")
    g.apply(battle(1, VB))
    g.apply(roll(2, 2))
    while g.step == "battle_hits":
        g.apply(g.legal_actions()[0])
    assert st(g)["warriors"][0] == 1 and rel_of(g, CAT) == HOSTILE and score(g) == 0


def test_a_favor_he_crafted_makes_its_victims_hostile_LoR_9_2_9_III():
    """LoR 9.2.9.III, §1.12: warriors removed by a Favor he crafted (three fox hammers in fox 1)
    make their faction Hostile; a faction losing only buildings stays Indifferent."""
    base = board(vb_started(), warriors={8: 1}, buildings={6: (1, 0, 0)}, pawn=9,
                 hands={VB: ["F#favorofthefoxes"]})

    def fn(d):                     # the third hammer came from the ruin of 12
        d["ruin_items"][ITEM["hammer"]] -= 1
        d["explored"] |= 1 << 11
        d["vb_items"][0][ITEM["hammer"]] += 1
    g = vb_day(modify(vb(base, at=1, items={"hammer": 2}), fn))
    g.apply(act("craft", card("F#favorofthefoxes").id))
    while g.current_player == CAT:            # Field Hospitals: no card, nothing to decide
        g.apply(g.legal_actions()[0])
    d = st(g)
    assert d["warriors"][7] == 0 and d["buildings"][0][5] == 0
    assert rel_of(g, CAT) == HOSTILE and rel_of(g, WYRM) == INDIFFERENT


def test_removing_only_buildings_in_battle_never_makes_them_hostile_FAQ():
    """LoR 9.2.9.III (FAQ): a battle removing only a building of an Indifferent faction leaves
    them Indifferent (1 VP for the building, no Infamy)."""
    g = vb_day(vb(board(vb_started(), buildings={5: (1, 0, 0)}, pawn=9), at=5, items={"sword": 1}))
    g.apply(battle(5, CAT))
    g.apply(roll(1, 0))
    assert st(g)["buildings"][0][4] == 0 and rel_of(g, CAT) == INDIFFERENT and score(g) == 1


def test_hostility_is_permanent_LoR_9_2_9_III():
    """LoR 9.2.9.III: once Hostile, Aid never moves the marker back (only a coalition does)."""
    g = vb_day(vb(board(vb_started(), warriors={1: 1}, pawn=9, hands={VB: ["F#anvil", "F#ambush"]}),
                  at=1, items={"boots": 2}, rel={CAT: HOSTILE}))
    g.apply(act("aid", (CAT * NCT + card("F#anvil").id) * NV + ITEM["boots"]))
    g.apply(act("aid", (CAT * NCT + card("F#ambush").id) * NV + ITEM["boots"]))
    assert rel_of(g, CAT) == HOSTILE


def test_removing_a_wyrmling_makes_the_wyrm_hostile_W_MP_7():
    """W-MP-7: a wyrmling he removes in battle makes the Wyrm Hostile."""
    g = vb_day(vb(board(vb_started(), wyrmlings={1: 2}, pawn=9), at=1, items={"sword": 1, "boots": 2}))
    g.apply(battle(1, WYRM))
    g.apply(roll(1, 0))
    assert st(g)["wyrmlings"][0] == 1 and rel_of(g, WYRM) == HOSTILE


@pytest.mark.parametrize("lair", [{"coins": 1}, {}])
def test_sending_the_wyrm_pawn_to_a_forest_or_taking_lair_items_is_no_hostility_W_MP_7(lair):
    """W-MP-7: his hit on the lone Wyrm pawn (it gives up a Lair item, or with an empty Lair goes
    to a forest) removes no warrior: the Wyrm stays Indifferent."""
    g = vb(board(vb_started(), pawn=1), at=1, items={"sword": 2, "boots": 2, "torch": 1, "tea": 1},
           lair={WYRM: lair})
    g = vb_day(g)
    g.apply(battle(1, WYRM))
    g.apply(roll(1, 0))
    while g.step != "vagabond_daylight":
        g.apply(g.legal_actions()[0])
    d = st(g)
    if lair:
        assert d["items_lost"][ITEM["coins"]] == 1 and d["pawn"] == 0
    else:
        assert d["pawn"] >= 12
    assert rel_of(g, WYRM) == INDIFFERENT and score(g) == 0


# ---- Infamy (LoR 9.2.9.III.a, §7 trap 12) ----------------------------------------------------

def test_infamy_every_hostile_warrior_but_the_one_that_made_them_hostile_trap_12():
    """§7 trap 12: attacking the Indifferent Marquise on his turn and removing 2 warriors: the
    first makes them Hostile (no VP), the second scores 1 Infamy."""
    g = vb_day(vb(board(vb_started(), warriors={1: 3}, pawn=9), at=1, items={"sword": 2, "boots": 2}))
    g.apply(battle(1, CAT))
    g.apply(roll(2, 0))
    assert st(g)["warriors"][0] == 1 and rel_of(g, CAT) == HOSTILE and score(g) == 1


def test_infamy_buildings_and_tokens_of_a_hostile_faction_score_one_plus_one_trap_12():
    """§7 trap 12 (LoR 9.2.9.III.a): against the Hostile Marquise, a warrior scores 1 and a wood
    token 1 + 1 (removal and Infamy): 3 VP."""
    g = vb_day(vb(board(vb_started(), warriors={5: 1}, wood={5: 1}, pawn=9), at=5,
                  items={"sword": 2, "boots": 2}, rel={CAT: HOSTILE}))
    g.apply(battle(5, CAT))
    g.apply(roll(2, 0))
    d = st(g)
    assert d["warriors"][4] == 0 and d["wood"][4] == 0 and score(g) == 3


def test_no_infamy_when_defending_trap_12():
    """§7 trap 12: Hostile warriors he removes while defending score nothing."""
    g = vb(board(vb_started(), warriors={1: 3}, pawn=9), at=1, items={"sword": 2, "boots": 2},
           rel={CAT: HOSTILE})
    g = day_of(g, CAT, "marquise_daylight")
    g.apply(battle(1, VB))
    g.apply(roll(2, 2))
    while g.step == "battle_hits":
        g.apply(g.legal_actions()[0])
    assert st(g)["warriors"][0] == 1 and score(g) == 0


# ---- Revolt and Favor in his clearing (LoR 9.2.2.I) -------------------------------------------

def test_a_favor_in_his_clearing_damages_three_items_of_his_choice_LoR_9_2_2_I():
    """LoR 9.2.2.I: the Marquise's Favor of the Foxes reaches fox 1: the pawn stays, and he
    (off-turn) damages 3 of his 4 undamaged items, his pick."""
    base = board(vb_started(), buildings={1: (0, 1, 0), 6: (0, 1, 0), 8: (0, 1, 0)}, pawn=9,
                 hands={CAT: ["F#favorofthefoxes"]})
    g = vb(base, at=1, items={"sword": 1, "boots": (0, 1, 0, 0), "torch": 1, "tea": 1})
    g = day_of(g, CAT, "marquise_daylight")
    g.apply(act("craft", card("F#favorofthefoxes").id))
    assert g.step == "vagabond_damage" and g.current_player == VB
    for a in (item_action("damage", "boots", 1), item_action("damage", "torch"),
              item_action("damage", "tea")):
        g.apply(a)
    assert items_of(g) == {"sword": [1, 0, 0, 0], "boots": [0, 0, 0, 1], "torch": [0, 0, 1, 0],
                           "tea": [0, 0, 1, 0]}
    assert st(g)["vb_at"] == 0 and g.current_player == CAT


def test_a_revolt_in_his_clearing_damages_three_items_LoR_9_2_2_I():
    """LoR 9.2.2.I with LoR 8.4.1: an Alliance Revolt in his clearing damages 3 items (all he has
    here) and leaves the pawn."""
    from alliance_positions import turn_of as alliance_turn
    g = vb_started(factions=("alliance", "vagabond", "wyrm"))
    g = board(g, sympathy=[5], stack=["R#cobbler", "B#ambush"], pawn=9)
    g = vb(g, at=5, items={"sword": 1, "boots": 1, "torch": 1})
    g = alliance_turn(g, 0)
    g.apply(act("revolt", 4))
    while g.step == "vagabond_damage":
        assert g.current_player == VB
        g.apply(g.legal_actions()[0])
    assert items_of(g) == {"sword": [0, 0, 1, 0], "boots": [0, 0, 1, 0], "torch": [0, 0, 1, 0]}
    assert st(g)["vb_at"] == 4


# ---- Ravenous and Guerrilla War against him ---------------------------------------------------

def test_ravenous_counts_rolled_hits_that_damage_his_items_W_MP_4():
    """W-MP-4 (W-RAV-1): two wyrmlings attack him (two swords) with roll 2,2: both of the Wyrm's
    rolled hits damage his items, so it ignores both hits he deals."""
    g = vb(board(vb_started(), wyrmlings={1: 2}, pawn=9), at=1, items={"sword": 2})
    g = day_of(g, WYRM, "wyrm_daylight")
    g.apply(battle(1, VB))
    g.apply(roll(2, 2))
    assert st(g)["wyrmlings"][0] == 2 and items_of(g) == {"sword": [0, 0, 2, 0]}


def test_guerrilla_war_the_defending_alliance_deal_the_higher_roll_LoR_8_2_2():
    """LoR 8.2.2, §4.6: attacking the Alliance, he deals the lower roll: roll 2,0 leaves both
    rebels and damages two of his items."""
    g = vb_started(factions=("alliance", "vagabond", "wyrm"))
    g = vb_day(vb(board(g, rebels={5: 2}, pawn=9), at=5, items={"sword": 2, "boots": 1}))
    g.apply(battle(5, 0))
    g.apply(roll(2, 0))
    while g.step == "battle_hits":
        g.apply(g.legal_actions()[0])
    assert st(g)["rebels"][4] == 2
    assert sum(v[2] + v[3] for v in items_of(g).values()) == 2
    assert rel_of(g, 0) == INDIFFERENT and _core.STEP_NAMES[st(g)["step"]] == "vagabond_daylight"
