"""The Lord of the Hundreds' rules (LoR 14), clause by clause: docs/hundreds-keepers.md §2 (H-1..H-32),
the digest's traps (shared/reference/root-factions-corvid-marauder.md §3.5: H-T1..H-T13), the Wyrm's
rulings with the Hundreds (W-MP-30..34) and the contract's readings H-C1..H-C23. Each test names its
clause(s) and Law number. Where the core departs from the contract, the test keeps the contract's
expectation and is marked xfail(strict=True) with what the core does.

Seats: most positions are at the table (Marquise, Hundreds, Wyrm): CAT 0, LH 1, WY 2. The Marquise's
Keep is in clearing 1 with one warrior; the Wyrm's pawn and one wyrmling stand in clearing 2 unless a
test says otherwise. Autumn: fox 1 6 8 12, rabbit 3 4 5 10, mouse 2 7 9 11; 5's neighbours are 1 and
2; ruins in 6 10 11 12."""
from __future__ import annotations

import functools

import numpy as np
import pytest

from wyrm_ai import _core

from duchy_positions import drive_battle, remove
from hundreds_positions import (CAUSE, HUNDREDS, ITEM, JUBILANT, LOOT, MARQUISE, NCL, PASS, TABLE, VAGABOND, WYRM,
                                action, advance_move, anoint, battles_of, bitter, cid, contempt, ep_table, events_of,
                                hoard_of, hoard_out, hundreds_at, incite, kinds, lh_advance, lh_build, lh_day, lh_eve,
                                lh_position, lh_turn, loot, mob, mob_die, mobs_of, mood, mood_of, moods_of, moves_of,
                                played, ruin_item, st, table, three_table, vagabond_table, warlord_of)
from lizard_positions import battle, craft, move
from riverfolk_positions import dice

CAT, LH, WY = 0, 1, 2
FOX, RABBIT, MOUSE = 0, 1, 2
BASE = dict(keep=1, warriors={1: 1}, wyrmlings={2: 1}, pawn=2)


def _base(kw):
    for k, v in BASE.items():
        kw.setdefault(k, v)
    return kw


def turn(**kw):
    """The Hundreds' turn begun from its Birdsong."""
    return lh_turn(three_table(), LH, **_base(kw))


def day(**kw):
    return lh_day(three_table(), LH, **_base(kw))


def adv(**kw):
    return lh_advance(three_table(), LH, **_base(kw))


def eve(**kw):
    return lh_eve(three_table(), LH, **_base(kw))


def cat_day(**kw):
    """The Marquise's Daylight (her turn begun from Birdsong), the Hundreds at the table."""
    return lh_position(three_table(), turn_of=CAT, **_base(kw))


# ---- H-8, H-9, H-10, H-11: setup (LoR 14.3) -----------------------------------------------------

def test_H8_H9_H11_setup_warlord_four_warriors_a_stronghold_in_the_free_corner_and_stubborn():
    """H-8 (LoR 14.3.1), H-9 (14.3.2), H-11 (14.3.4): 20 warriors, 6 strongholds, 5 mobs; the warlord,
    4 warriors and a stronghold in the corner diagonally opposite the Keep's (3, the Keep in 1);
    the starting mood is Stubborn, the Hoard empty."""
    d = st(three_table())
    assert d["keep"] == 0
    assert hundreds_at(d) == {3: 4} and warlord_of(d) == 3
    assert {c + 1: n for c, n in enumerate(d["strongholds"]) if n} == {3: 1}
    assert d["hundred_supply"] == 16 and TABLE["warriors"] == 20 and TABLE["strongholds"] == 6
    assert d["mob_supply"] == 5 == TABLE["mobs"] and sum(d["mobs"]) == 0
    assert mood_of(d) == "stubborn" and hoard_of(d) == {}


def test_H9_any_free_corner_first_and_the_opposite_corner_after_a_keep():
    """H-9 (LoR 14.3.2): setting up with no starting corner taken, any corner; with the Keep in 2,
    the diagonally opposite corner 4."""
    s = _core.State(0, factions=(VAGABOND, HUNDREDS, WYRM))
    rng = np.random.default_rng(0)
    while s.step != "hundreds_setup":
        s.apply(s.sample_chance(int(rng.integers(1 << 62))) if s.is_chance_node() else s.legal_actions()[0])
    assert {x + 1 for x in kinds(s, "lh_corner")} == {1, 2, 3, 4}

    def keep_in_2(s):
        return action("keep", 1) if s.step == "marquise_keep" else None
    d = st(table((MARQUISE, HUNDREDS, WYRM), choose=keep_in_2))
    assert d["keep"] == 1 and warlord_of(d) == 4 and hundreds_at(d) == {4: 4}


def test_H10_the_four_R_items_lie_under_the_ruins_without_a_vagabond():
    """H-10 (LoR 14.3.3, 9.3.4): with no Vagabond the ruins still hold the bag, boots, hammer and
    sword."""
    d = st(three_table())
    assert d["ruin_items"][ITEM["bag"]] == d["ruin_items"][ITEM["boots"]] == 1
    assert d["ruin_items"][ITEM["hammer"]] == d["ruin_items"][ITEM["sword"]] == 1
    assert sum(d["ruin_items"]) == 4


# ---- H-4, H-6 (trap H-T1): Command and Prowess (LoR 14.2.4) --------------------------------------

COMMAND_ITEMS = ["boots", "bag", "boots", "bag"]
PROWESS_ITEMS = ["sword", "tea", "sword", "tea"]


def _items(names):
    out = {}
    for n in names:
        out[n] = out.get(n, 0) + 1
    return out


@pytest.mark.parametrize("n, lvl", [(0, 1), (1, 2), (2, 2), (3, 3), (4, 4)])
def test_H6_trapT1_command_and_prowess_from_the_items_on_each_track(n, lvl):
    """H-4, H-6 (LoR 14.2.4.II; trap H-T1): Command and Prowess are 0 -> 1, 1 -> 2, 2 -> 2, 3 -> 3,
    4 -> 4 items on their track, not the item count: the Daylight's Command actions and Advances,
    and Recruit's warriors at the warlord (H-15)."""
    assert TABLE["hoard_level"] == (1, 2, 2, 3, 4)
    hoard = _items(COMMAND_ITEMS[:n] + PROWESS_ITEMS[:n])
    s = turn(hundreds={}, warlord=5, strongholds={}, hoard=hoard, mood="stubborn")
    d = st(s)
    assert hundreds_at(d) == {5: lvl}                          # Recruit: Prowess at the warlord
    played(s, mood("rowdy"))
    d = st(s)
    assert s.step == "hundreds_daylight"
    assert d["command_left"] == lvl and d["advance_left"] == lvl


# ---- H-3 (trap H-T3): Contempt for Trade (LoR 14.2.3) --------------------------------------------

def _anvil_day():
    return day(hundreds={8: 1}, warlord=8, strongholds={8: 1}, hands={LH: ["F#anvil"]}, mood="rowdy")


def test_H1_the_hundreds_craft_in_daylight_with_strongholds_before_commanding():
    """H-1 (LoR 14.2.1, 14.5.1): a stronghold crafts a card of its clearing's suit in Daylight, first;
    once a Command action is taken, crafting is over."""
    s = _anvil_day()
    assert craft("F#anvil") in s.legal_actions()
    played(s, move(8, 4, 1))
    assert craft("F#anvil") not in s.legal_actions()


def test_H3_trapT3_contempt_take_the_item_for_no_vp():
    """H-3 (LoR 14.2.3; trap H-T3): a crafted item taken goes into the Hoard (H-5) and scores none of
    the card's VP."""
    s = _anvil_day()
    before = st(s)["score"][LH]
    played(s, craft("F#anvil"))
    assert s.step == "contempt" and s.current_player == LH
    assert set(kinds(s, "contempt")) == {0, 1}
    played(s, contempt(False))
    d = st(s)
    assert d["score"][LH] == before and hoard_of(d) == {"hammer": 1}
    assert d["items_lost"][ITEM["hammer"]] == 0 and d["item_supply"][ITEM["hammer"]] == 0
    assert s.step == "hundreds_daylight"


def test_H3_trapT3_contempt_score_the_card_and_the_item_leaves_the_game():
    """H-3 (LoR 14.2.3; trap H-T3; H-C5): scoring, the Hundreds take the card's VP and the item is
    removed permanently (not back to the supply, not into the Hoard)."""
    s = _anvil_day()
    before = st(s)["score"][LH]
    played(s, craft("F#anvil"))
    played(s, contempt(True))
    d = st(s)
    assert d["score"][LH] - before == 2 and hoard_of(d) == {}
    assert d["items_lost"][ITEM["hammer"]] == 1 and d["item_supply"][ITEM["hammer"]] == 0


# ---- H-5 (trap H-T9, H-C4): overflow of a full track (LoR 14.2.4.I) --------------------------------

def test_H5_trapT9_H_C4_an_overflow_removes_one_item_for_good_and_scores_1_vp():
    """H-5 (LoR 14.2.4.I; trap H-T9; H-C4): a fifth Command item (here boots crafted and taken) asks
    which of the five leaves the game, the gained one included; +1 VP."""
    hoard = {"boots": 1, "bag": 2, "coins": 1}
    s = day(hundreds={10: 1}, warlord=10, strongholds={10: 1}, hands={LH: ["R#avisittofriends"]}, hoard=hoard,
            mood="stubborn")
    before = st(s)["score"][LH]
    played(s, craft("R#avisittofriends"))
    played(s, contempt(False))
    assert s.step == "hoard_overflow" and s.current_player == LH
    assert {x for x in kinds(s, "hoard_out")} == {ITEM["boots"], ITEM["bag"], ITEM["coins"]}
    played(s, hoard_out("coins"))
    d = st(s)
    assert hoard_of(d) == {"boots": 2, "bag": 2}
    assert d["items_lost"][ITEM["coins"]] == 1 and d["score"][LH] - before == 1
    assert s.step == "hundreds_daylight"


def test_H5_H_C4_the_gained_item_itself_may_go():
    """H-5 (LoR 14.2.4.I; H-C4): the gained item may be the one removed; the track keeps its four."""
    hoard = {"boots": 1, "bag": 2, "coins": 1}
    s = day(hundreds={10: 1}, warlord=10, strongholds={10: 1}, hands={LH: ["R#avisittofriends"]}, hoard=hoard)
    played(s, craft("R#avisittofriends"))
    played(s, contempt(False))
    played(s, hoard_out("boots"))
    d = st(s)
    assert hoard_of(d) == hoard and d["items_lost"][ITEM["boots"]] == 1


def test_H3_master_engravers_score_either_way():
    """H-3 (LoR 14.2.3: other crafting VP score either way): with Master Engravers in play, taking the
    item scores its 1 VP; scoring the card adds it to the card's VP."""
    for score, vp in ((False, 1), (True, 2 + 1)):
        s = lh_day(ep_table(), LH, **_base(dict(hundreds={8: 1}, warlord=8, strongholds={8: 1}, mood="rowdy",
                                                hands={LH: ["F#anvil"]}, in_play={LH: ["M#masterengravers"]})))
        before = st(s)["score"][LH]
        played(s, craft("F#anvil"))
        played(s, contempt(score))
        assert st(s)["score"][LH] - before == vp


# ---- H-7 (trap H-T4, H-C6, H-C12, W-MP-30): Looters (LoR 14.2.5) ------------------------------------

def _loot_day(**kw):
    kw.setdefault("hundreds", {5: 3})
    kw.setdefault("warlord", 5)
    kw.setdefault("warriors", {1: 1, 5: 1})
    kw.setdefault("boxes", {CAT: {"boots": 1}})
    kw.setdefault("mood", "rowdy")
    return day(**kw)


def test_H7_looters_are_declared_at_the_start_of_an_attack_on_a_box_with_an_item():
    """H-7 (LoR 14.2.5; H-C6): attacking a defender whose Crafted Items box holds an item, the
    Hundreds decide at the battle's start (before any ambush) whether to loot; no item, no choice."""
    s = _loot_day()
    played(s, battle(5, CAT))
    assert s.step == "loot_declare" and s.current_player == LH
    assert set(s.legal_actions()) == {PASS, LOOT}
    s2 = _loot_day(boxes={})
    played(s2, battle(5, CAT))
    assert s2.step != "loot_declare"


def test_H7_trapT4_a_loot_deals_no_rolled_hits_and_takes_an_item_ruling_at_the_end():
    """H-7 (LoR 14.2.5; trap H-T4; H-C6): looting, the Hundreds' rolled hits are not dealt (the
    defender's are); ruling the clearing at the battle's end, they choose an item of the
    defender's box, which goes into the Hoard."""
    s = _loot_day(boxes={CAT: {"boots": 1, "coins": 1}})
    played(s, battle(5, CAT))
    played(s, LOOT)
    drive_battle(s, "loot", roll=(3, 1), hits=(remove("hundred", 5),))
    d = st(s)
    assert d["warriors"][4] == 1                               # no rolled hit on the cat
    assert hundreds_at(d)[5] == 2                              # the cat's rolled hit was dealt
    assert s.current_player == LH and set(kinds(s, "loot")) == {1 + ITEM["boots"], 1 + ITEM["coins"]}
    played(s, loot("coins"))
    d = st(s)
    assert hoard_of(d) == {"coins": 1} and d["items"][CAT][ITEM["coins"]] == 0 and d["items"][CAT][ITEM["boots"]] == 1
    assert s.step == "hundreds_daylight"


def test_H7_H5_a_looted_item_onto_a_full_track_overflows_then_the_battle_ends():
    """H-7, H-5 (LoR 14.2.5, 14.2.4.I): the looted boots onto a full Command track: one of the five
    leaves the game for 1 VP, then the Daylight goes on."""
    s = _loot_day(hoard={"boots": 1, "bag": 2, "coins": 1})
    before = st(s)["score"][LH]
    played(s, battle(5, CAT))
    played(s, LOOT)
    drive_battle(s, "loot", roll=(0, 0))
    played(s, loot("boots"))
    assert s.step == "hoard_overflow"
    played(s, hoard_out("bag"))
    d = st(s)
    assert hoard_of(d) == {"boots": 2, "bag": 1, "coins": 1} and d["score"][LH] - before == 1
    assert s.step == "hundreds_daylight" and d["items"][CAT][ITEM["boots"]] == 0


def test_H7_without_a_loot_the_rolled_hits_are_dealt():
    """H-7 (LoR 14.2.5): declining the loot, the battle is an ordinary one."""
    s = _loot_day()
    played(s, battle(5, CAT))
    played(s, PASS)
    drive_battle(s, "hundreds_daylight", roll=(3, 0))
    d = st(s)
    assert d["warriors"][4] == 0 and d["items"][CAT][ITEM["boots"]] == 1 and hoard_of(d) == {}


def test_H7_trapT4_no_item_without_rule_at_the_end():
    """H-7 (LoR 14.2.5; trap H-T4): the Hundreds not ruling the clearing when the battle ends take
    nothing."""
    s = _loot_day(hundreds={5: 1}, warriors={1: 1, 5: 4})
    played(s, battle(5, CAT))
    played(s, LOOT)
    drive_battle(s, "hundreds_daylight", roll=(0, 0))
    d = st(s)
    assert d["items"][CAT][ITEM["boots"]] == 1 and hoard_of(d) == {}


def test_H7_H_C12_a_loot_keeps_the_extra_hits_wrathful():
    """H-7 (LoR 14.2.5: the Hundreds' extra hits still count; H-C12, 14.7.8): Wrathful's extra hit is
    dealt while looting."""
    s = _loot_day(mood="wrathful", warriors={1: 1, 5: 2})
    played(s, battle(5, CAT))
    played(s, LOOT)
    drive_battle(s, "loot", roll=(3, 0))
    assert st(s)["warriors"][4] == 1


def test_H7_never_from_the_vagabond():
    """H-7 (LoR 14.2.5: "never the Vagabond"; H-T12): the Vagabond has no Crafted Items box; no loot
    is offered against him, whatever he carries."""
    s = lh_day(vagabond_table(), LH, hundreds={5: 3}, warlord=5, vb_at=5, vb_items={"boots": 2, "sword": 1},
               keep=1, warriors={1: 1}, wyrmlings={2: 1}, pawn=2, mood="rowdy")
    vb = st(s)["faction_seat"][VAGABOND]
    played(s, battle(5, vb))
    assert s.step != "loot_declare"


def _wyrm_lair(items, treasures):
    def edit(d):
        for name, n in items.items():
            d["items"][WY][ITEM[name]] += n
            d["item_supply"][ITEM[name]] -= n
        d["items"][WY][7] += treasures
        d["treasure_supply"] -= treasures
    return edit


def test_W_MP_30_no_loot_of_a_lair_holding_only_treasures():
    """W-MP-30 (LoR 14.2.5): the Lair is the Wyrm's Crafted Items box, but a treasure fits no Hoard
    track: a Lair of treasures alone offers no loot."""
    s = _loot_day(boxes={}, warriors={1: 1}, wyrmlings={5: 1}, pawn=2, lh_edit=_wyrm_lair({}, 2))
    played(s, battle(5, WY))
    assert s.step != "loot_declare"


def test_W_MP_30_a_loot_of_the_lair_takes_a_crafted_item_never_a_treasure():
    """W-MP-30 (LoR 14.2.5): with a crafted item beside treasures the loot may be declared; only the
    crafted item is taken."""
    s = _loot_day(boxes={}, warriors={1: 1}, wyrmlings={5: 1}, pawn=2, lh_edit=_wyrm_lair({"sword": 1}, 2))
    played(s, battle(5, WY))
    assert s.step == "loot_declare"
    played(s, LOOT)
    for _ in range(30):
        if s.step == "loot" or s.step == "hundreds_daylight":
            break
        la = s.legal_actions()
        if s.step == "battle_roll":
            s.apply(dice(0, 0))
        else:
            s.apply(PASS if PASS in la else la[0])
    assert s.step == "loot" and set(kinds(s, "loot")) == {1 + ITEM["sword"]}
    played(s, loot("sword"))
    d = st(s)
    assert hoard_of(d) == {"sword": 1} and d["items"][WY][7] == 2


# ---- H-13, H-T5, H-T11, W-MP-32: the Raze (LoR 14.4.1) ---------------------------------------------

def test_H13_trapT5_W_MP_32_raze_removes_enemy_buildings_and_tokens_only():
    """H-13 (LoR 14.4.1; trap H-T5; W-MP-32): in a clearing with a mob every enemy building and token
    goes, 1 VP each (3.2.1): the sawmill, the wood, the Wyrm's fear token; the cats' warriors, the
    wyrmling and the Wyrm's pawn stay."""
    s = turn(hundreds={3: 2}, warlord=3, strongholds={3: 1}, mobs=(5,), warriors={1: 1, 5: 2},
             buildings={5: (1, 0, 0)}, wood={5: 1}, wyrmlings={5: 1}, pawn=5, fear={5: 1})
    d = st(s)
    assert d["buildings"][0][4] == 0 and d["wood"][4] == 0 and d["fear"][4] == 0
    assert d["warriors"][4] == 2 and d["wyrmlings"][4] == 1 and d["pawn"] == 4
    assert d["score"][LH] == 3
    assert mobs_of(d) == {5}


def test_H13_raze_removes_the_keep():
    """H-13 (LoR 14.4.1; H-T5: "the keep"): a mob in the Keep's clearing razes the Keep (1 VP)."""
    def mob_at_keep(d):
        d["mobs"][0] = 1
        d["mob_supply"] -= 1
    s = turn(hundreds={3: 2}, warlord=3, warriors={1: 1}, lh_edit=mob_at_keep)
    d = st(s)
    assert d["keep"] == -1 and d["warriors"][0] == 1 and d["score"][LH] == 1


def test_H13_trapT11_the_ruins_item_goes_into_the_hoard_for_no_vp():
    """H-13 (LoR 14.4.1; trap H-T11; H-C7): a mob at a ruin takes one item from it (a chance draw of
    the unseen "R" items) into the Hoard, scoring nothing; the ruin is gone."""
    s = turn(hundreds={3: 2}, warlord=3, mobs=(10,))
    assert s.step == "raze_ruin" and s.is_chance_node()
    assert {x for x in kinds(s, "ruin_item")} == {ITEM[n] for n in ("boots", "bag", "hammer", "sword")}
    before = st(s)["score"][LH]
    s.apply(ruin_item("hammer"))
    d = st(s)
    assert hoard_of(d) == {"hammer": 1} and d["score"][LH] == before
    assert (d["explored"] >> 9) & 1 and d["ruin_items"][ITEM["hammer"]] == 0


def test_H13_H5_a_ruin_item_onto_a_full_track_overflows():
    """H-13, H-5 (LoR 14.4.1, 14.2.4.I): the ruin's boots onto a full Command track: one of the five
    leaves the game for 1 VP, then Birdsong goes on."""
    s = turn(hundreds={3: 2}, warlord=3, mobs=(10,), hoard={"boots": 1, "bag": 1, "coins": 2})
    s.apply(ruin_item("boots"))
    assert s.step == "hoard_overflow"
    played(s, hoard_out("bag"))
    d = st(s)
    assert hoard_of(d) == {"boots": 2, "coins": 2} and d["score"][LH] == 1 and d["items_lost"][ITEM["bag"]] == 1
    assert s.step in ("hundreds_birdsong", "mob_die")


# ---- H-14 (trap H-T6, H-C8): the mob die (LoR 14.4.1) -----------------------------------------------

def test_H14_trapT6_one_roll_of_the_mob_die_and_a_mob_next_to_a_mob():
    """H-14 (LoR 14.4.1; trap H-T6; H-C8): after the Raze the mob die is rolled once (a chance node:
    fox, rabbit, mouse), whatever the number of mobs; the mob goes to a clearing of the rolled suit
    with no mob, adjacent to a mob (mouse: 5's neighbour 2, the only one); then Recruit, no second
    roll."""
    s = turn(hundreds={3: 2}, warlord=3, strongholds={3: 1}, mobs=(5, 9))
    assert s.step == "mob_die" and s.is_chance_node()
    assert set(kinds(s, "mob_die")) == {FOX, RABBIT, MOUSE}
    ev = s.apply_logged(mob_die(MOUSE))
    d = st(s)
    assert len(events_of(ev, "mob_die")) == 1
    assert mobs_of(d) == {2, 5, 9} and d["mob_supply"] == 2
    assert not s.is_chance_node() and s.step == "hundreds_birdsong" and moods_of(s)
    assert hundreds_at(d) == {3: 2 + 1 + 1}                    # then Recruit


def test_H14_H_C8_the_hundreds_choose_among_the_rolled_suits_clearings():
    """H-14 (LoR 14.4.1; H-C8): several clearings of the rolled suit next to mobs (mouse: 2 next to
    5, 7 next to 8): the Hundreds choose one; a clearing with a mob is never one (9 next to 12)."""
    s = turn(hundreds={3: 2}, warlord=3, mobs=(5, 8))
    s.apply(mob_die(MOUSE))
    assert s.step == "hundreds_birdsong"
    assert {x + 1 for x in kinds(s, "mob")} == {2, 7}
    played(s, mob(7))
    d = st(s)
    assert mobs_of(d) == {5, 7, 8} and d["mob_supply"] == 2
    assert kinds(s, "mob") == [] and not s.is_chance_node() and moods_of(s)


def test_H14_no_clearing_of_the_rolled_suit_no_mob():
    """H-14 (LoR 14.4.1): the rolled suit has no candidate (fox: 5's fox neighbour is the Keep's 1,
    where the Hundreds may not place): no mob."""
    s = turn(hundreds={3: 2}, warlord=3, mobs=(5,))
    s.apply(mob_die(FOX))
    assert mobs_of(st(s)) == {5} and st(s)["mob_supply"] == 4


# ---- H-15 (H-C1): Recruit (LoR 14.4.2) -------------------------------------------------------------

def test_H15_recruit_prowess_at_the_warlord_and_one_per_stronghold():
    """H-15 (LoR 14.4.2): Prowess warriors (three items: 3) into the warlord's clearing, then one
    warrior per stronghold (two in 8: two)."""
    s = turn(hundreds={}, warlord=5, strongholds={3: 1, 8: 2}, hoard={"sword": 2, "tea": 1})
    assert hundreds_at(st(s)) == {5: 3, 3: 1, 8: 2}


def test_H15_H_C1_no_warlord_no_prowess_warriors():
    """H-15 (LoR 14.4.2; H-C1): with the warlord off the map only the strongholds recruit; Anoint
    follows."""
    s = turn(hundreds={}, warlord=None, strongholds={3: 1}, hoard={"sword": 2, "tea": 1})
    d = st(s)
    assert hundreds_at(d) == {3: 1}
    assert s.step == "hundreds_birdsong" and {x + 1 for x in kinds(s, "anoint")} == {3}


def test_H15_H_C1_a_short_supply_the_hundreds_choose_which_strongholds_recruit():
    """H-15 (LoR 14.4.2, 1.5.4; H-C1): one warrior left in the supply for strongholds in 3 and 8 (the
    warlord off the map): the Hundreds choose which stronghold gets it; 8 must be reachable."""
    s = turn(hundreds={4: 19}, warlord=None, strongholds={3: 1, 8: 1})
    outcomes = set()
    for a in s.legal_actions():
        s2 = _core.State.from_dict(st(s))
        s2.apply(a)
        outcomes.add(tuple(st(s2)["hundreds"]))
    outcomes.add(tuple(st(s)["hundreds"]))
    assert any(h[7] == 1 for h in outcomes)


# ---- H-16 (H-C15): Anoint (LoR 14.4.3) -------------------------------------------------------------

def test_H16_anoint_replaces_a_warrior_on_the_map():
    """H-16 (LoR 14.4.3): the warlord off the map must replace a Hundreds warrior (any of theirs);
    the warrior goes to the supply."""
    s = turn(hundreds={3: 1, 9: 2}, warlord=None)
    assert {x + 1 for x in kinds(s, "anoint")} == {3, 9}
    assert PASS not in s.legal_actions()
    supply = st(s)["hundred_supply"]
    played(s, anoint(9))
    d = st(s)
    assert warlord_of(d) == 9 and hundreds_at(d) == {3: 1, 9: 1} and d["hundred_supply"] == supply + 1
    assert moods_of(s)                                         # then Choose Mood


def test_H16_no_warrior_on_the_map_any_clearing():
    """H-16 (LoR 14.4.3; H-C15): no Hundreds warrior to replace: the warlord is placed in any
    clearing it may be placed in (not the Keep's)."""
    s = turn(hundreds={}, warlord=None)
    assert {x + 1 for x in kinds(s, "anoint")} == set(range(2, 13))


def test_H16_H_C15_anoint_obeys_placement_limits():
    """H-16 (LoR 14.4.3; H-C15): the Anoint is a placement and obeys its limits: a Hundreds warrior in
    the Keep's clearing cannot be replaced there (LoR 6.2.2)."""
    s = turn(hundreds={1: 1, 9: 1}, warlord=None)
    assert 1 - 1 not in kinds(s, "anoint") and 9 - 1 in kinds(s, "anoint")


# ---- H-17 (trap H-T7): Choose Mood (LoR 14.4.4) -----------------------------------------------------

def test_H17_trapT7_the_mood_must_change_and_not_to_one_whose_item_is_in_the_hoard():
    """H-17 (LoR 14.4.4; trap H-T7): the mood card must be replaced by a different one showing no
    item in the Hoard (a hammer: not Bitter; coins: not Rowdy); no pass."""
    assert dict(zip(TABLE["moods"], TABLE["mood_items"])) == {
        "bitter": ITEM["hammer"], "grandiose": ITEM["tea"], "jubilant": ITEM["boots"], "lavish": -1,
        "relentless": ITEM["bag"], "rowdy": ITEM["coins"], "stubborn": ITEM["crossbow"], "wrathful": ITEM["sword"]}
    s = turn(hundreds={3: 2}, warlord=3, hoard={"hammer": 1, "coins": 1}, mood="stubborn")
    assert moods_of(s) == {"grandiose", "jubilant", "lavish", "relentless", "wrathful"}
    assert PASS not in s.legal_actions()
    played(s, mood("wrathful"))
    assert mood_of(st(s)) == "wrathful" and s.step == "hundreds_daylight"


def test_H17_lavish_stays_when_no_other_mood_is_allowed():
    """H-17 (LoR 14.4.4): Lavish with every other mood's item in the Hoard stays Lavish."""
    hoard = {"hammer": 1, "tea": 1, "boots": 1, "bag": 1, "coins": 1, "crossbow": 1, "sword": 1}
    s = turn(hundreds={3: 2}, warlord=3, hoard=hoard, mood="lavish")
    assert kinds(s, "mood") == [] and s.legal_actions() == [PASS]
    played(s, PASS)
    assert mood_of(st(s)) == "lavish"


# ---- H-27 (H-C2, trap H-T13): Lavish (LoR 14.7.4) ---------------------------------------------------

def test_H27_lavish_two_warriors_for_each_item_given_up():
    """H-27 (LoR 14.7.4; H-C2): Lavish chosen, at the end of Birdsong any number of Hoard items leave
    the game, two warriors in the warlord's clearing for each."""
    s = turn(hundreds={3: 2}, warlord=3, hoard={"sword": 1, "boots": 1}, mood="stubborn")
    w = hundreds_at(st(s))[3]
    played(s, mood("lavish"))
    assert s.step == "hundreds_birdsong" and set(kinds(s, "hoard_out")) == {ITEM["sword"], ITEM["boots"]}
    played(s, hoard_out("sword"))
    d = st(s)
    assert hundreds_at(d)[3] == w + 2 and hoard_of(d) == {"boots": 1} and d["items_lost"][ITEM["sword"]] == 1
    played(s, PASS)
    assert s.step == "hundreds_daylight" and hoard_of(st(s)) == {"boots": 1}


def test_H27_trapT13_a_lavish_card_replaced_does_not_act():
    """H-27 (LoR 14.7.4; trap H-T13; H-C2): Lavish replaced at Choose Mood gives no warriors: the
    mood after Choose Mood decides."""
    s = turn(hundreds={3: 2}, warlord=3, hoard={"sword": 1}, mood="lavish")
    played(s, mood("rowdy"))
    assert s.step == "hundreds_daylight" and kinds(s, "hoard_out") == []


# ---- H-12, H-18, H-25: the order of the turn (LoR 14.4, 14.5, 14.7.2) ------------------------------

def test_H12_birdsong_raze_recruit_anoint_choose_mood_in_order():
    """H-12 (LoR 14.4): Raze (the mob's clearing), the mob die, Recruit, Anoint, Choose Mood, in that
    order: the Anoint comes after Recruit placed the strongholds' warriors (the warlord can
    replace one of them)."""
    s = turn(hundreds={}, warlord=None, strongholds={8: 1}, mobs=(5,), warriors={1: 1}, wood={5: 1})
    assert st(s)["score"][LH] == 1 and s.step == "mob_die"
    s.apply(mob_die(RABBIT))                                   # no rabbit clearing next to 5
    assert hundreds_at(st(s)) == {8: 1}
    assert {x + 1 for x in kinds(s, "anoint")} == {8}
    played(s, anoint(8))
    assert moods_of(s)


def test_H18_H25_grandiose_advance_first_then_command():
    """H-18 (LoR 14.5), H-25 (14.7.2): in Daylight Command comes before the Advance; Grandiose (tea)
    reverses them: the first block offers only the warlord's moves, then Command."""
    s = turn(hundreds={5: 2, 9: 2}, warlord=5, mood="stubborn")
    played(s, mood("grandiose"))
    d = st(s)
    assert s.step == "hundreds_daylight" and d["lh_block"] == 1
    assert moves_of(s) and all(pawn == 1 and a == 5 for a, b, n, pawn in moves_of(s))
    played(s, PASS)
    d = st(s)
    assert d["lh_block"] == 0 and any(a == 9 for a, b, n, pawn in moves_of(s))
    s2 = turn(hundreds={5: 2, 9: 2}, warlord=5, mood="stubborn")
    played(s2, mood("rowdy"))
    assert st(s2)["lh_block"] == 0 and any(a == 9 for a, b, n, pawn in moves_of(s2))


# ---- H-19: Command the Hundreds (LoR 14.5.2) --------------------------------------------------------

def test_H19_command_move_battle_build_up_to_command_times():
    """H-19 (LoR 14.5.2): up to Command actions (one item: 2) in any mix; then only pass."""
    s = day(hundreds={5: 3, 9: 2}, warlord=5, warriors={1: 1, 9: 1}, hoard={"boots": 1}, mood="rowdy")
    assert st(s)["command_left"] == 2
    assert (9, CAT) in battles_of(s)
    played(s, move(5, 2, 1))
    played(s, battle(9, CAT))
    drive_battle(s, "hundreds_daylight", roll=(0, 0))
    assert kinds(s, "move") == [] and kinds(s, "battle") == [] and kinds(s, "lh_build") == []
    assert PASS in s.legal_actions()


def test_H19_build_needs_rule_a_matching_card_and_an_open_slot():
    """H-19 (LoR 14.5.2): Build spends a card to place a stronghold in a matching clearing the
    Hundreds rule with an open slot (5 rabbit, ruled; not 10, ruled by the cats; not 3, no Hundreds
    there); the warlord counts for rule (4: the warlord alone)."""
    s = day(hundreds={5: 2, 10: 1}, warlord=4, warriors={1: 1, 10: 2}, hands={LH: ["R#bakesale"]}, mood="rowdy")
    builds = {x % NCL + 1 for x in kinds(s, "lh_build") if x // NCL == cid("R#bakesale")}
    assert builds == {4, 5}
    played(s, lh_build("R#bakesale", 5))
    d = st(s)
    assert d["strongholds"][4] == 1 and d["hand_size"][LH] == 0 and d["command_left"] == 0


# ---- H-20, H-T10, H-28: Advance the Warlord (LoR 14.5.3, 14.7.5) ----------------------------------

def _adv(**kw):
    kw.setdefault("hundreds", {5: 2, 9: 3})
    kw.setdefault("warlord", 5)
    kw.setdefault("warriors", {1: 1, 9: 1})
    kw.setdefault("mood", "rowdy")
    return adv(**kw)


def test_H20_trapT10_an_advance_moves_the_warlord_then_battles_only_in_its_clearing():
    """H-20 (LoR 14.5.3; trap H-T10; H-C14): an Advance moves the warlord (with any warriors of its
    clearing) and then may battle in the warlord's clearing only (never in 9, where other warriors
    stand); after the battle the Advance is over."""
    s = _adv(advance_left=1)
    assert moves_of(s) and all(a == 5 and pawn == 1 for a, b, n, pawn in moves_of(s))
    assert battles_of(s) == set()                             # no enemy in 5; 9 is not the warlord's
    played(s, advance_move(5, 1, 2))
    assert warlord_of(st(s)) == 1
    assert battles_of(s) == {(1, CAT)} and kinds(s, "move") == []
    played(s, battle(1, CAT))
    drive_battle(s, "hundreds_daylight", roll=(0, 0))
    assert kinds(s, "move") == [] and kinds(s, "battle") == []


def test_H20_advances_up_to_prowess_times():
    """H-20 (LoR 14.5.3): Prowess (two items: 2) Advances, each a move of the warlord."""
    s = _adv(hoard={"sword": 2})
    assert st(s)["advance_left"] == 2
    played(s, advance_move(5, 1, 2))
    played(s, PASS)                                            # no battle: this Advance is over
    assert moves_of(s) and all(a == 1 and pawn == 1 for a, b, n, pawn in moves_of(s))
    played(s, advance_move(1, 5, 2))
    played(s, PASS)
    assert kinds(s, "move") == []


def test_H20_trapT10_an_advance_needs_rule_to_move():
    """H-20 (LoR 14.5.3, 4.2.1; trap H-T10): an ordinary move: from a clearing the Hundreds do not
    rule to one they do not rule, no Advance move."""
    s = _adv(hundreds={10: 0}, warlord=10, warriors={1: 1, 10: 3, 12: 2}, wyrmlings={2: 2}, pawn=2)
    assert kinds(s, "move") == []
    assert battles_of(s) == {(10, CAT)}


def test_H28_relentless_one_more_move_or_battle_after_moving_and_battling():
    """H-28 (LoR 14.7.5): Relentless (bag): an Advance that moved and battled may then move the
    warlord or battle in its clearing once more."""
    s = _adv(advance_left=1, mood="relentless", warriors={1: 3, 9: 1})
    played(s, advance_move(5, 1, 2))
    played(s, battle(1, CAT))
    drive_battle(s, "hundreds_daylight", roll=(0, 0))
    assert (1, CAT) in battles_of(s) and moves_of(s) and all(a == 1 and pawn == 1 for a, b, n, pawn in moves_of(s))
    played(s, battle(1, CAT))
    drive_battle(s, "hundreds_daylight", roll=(0, 0))
    assert kinds(s, "move") == [] and kinds(s, "battle") == []
    s2 = _adv(advance_left=1, mood="rowdy", warriors={1: 3, 9: 1})
    played(s2, advance_move(5, 1, 2))
    played(s2, battle(1, CAT))
    drive_battle(s2, "hundreds_daylight", roll=(0, 0))
    assert kinds(s2, "move") == [] and kinds(s2, "battle") == []


# ---- H-21, H-26: Incite and Jubilant (LoR 14.6.1, 14.7.3) -----------------------------------------

def test_H21_incite_a_card_for_a_mob_where_a_hundreds_warrior_stands_and_no_mob():
    """H-21 (LoR 14.6.1; H-C20): a card places a mob in a matching clearing with a Hundreds warrior
    (the warlord counts) and no mob; a bird matches any suit."""
    s = eve(hundreds={5: 1, 9: 1, 3: 1}, warlord=4, mobs=(3,), hands={LH: ["R#bakesale", "B#armorers"]})
    bake = {x % NCL + 1 for x in kinds(s, "incite") if x // NCL == cid("R#bakesale")}
    bird = {x % NCL + 1 for x in kinds(s, "incite") if x // NCL == cid("B#armorers")}
    assert bake == {4, 5} and bird == {4, 5, 9}
    played(s, incite("R#bakesale", 5))
    d = st(s)
    assert mobs_of(d) == {3, 5} and d["hand_size"][LH] == 1 and s.step == "hundreds_evening"


def test_H21_the_mob_supply_limits_incite():
    """H-21 (LoR 14.6.1): no mob in the supply, no Incite."""
    s = eve(hundreds={5: 1, 3: 1, 4: 1, 6: 1, 7: 1, 8: 1}, warlord=5, mobs=(3, 4, 6, 7, 8),
            hands={LH: ["R#bakesale"]})
    assert kinds(s, "incite") == []


def test_H26_jubilant_up_to_four_mob_rolls_after_inciting_in_the_warlords_clearing():
    """H-26 (LoR 14.7.3; H-C9): Jubilant (boots): an Incite in the warlord's clearing lets the
    Hundreds roll the mob die up to four times (each optional), a mob next to a mob for each."""
    s = eve(hundreds={5: 1}, warlord=5, mood="jubilant", hands={LH: ["R#bakesale"]})
    played(s, incite("R#bakesale", 5))
    rolls = 0
    while JUBILANT in s.legal_actions():
        assert PASS in s.legal_actions()
        played(s, JUBILANT)
        rolls += 1
        for _ in range(5):
            if s.is_chance_node():
                s.apply(s.legal_actions()[-1])
            elif kinds(s, "mob"):
                s.apply(s.legal_actions()[0])
            else:
                break
        assert rolls <= 4
    assert rolls == 4 and s.step == "hundreds_evening"


def test_H26_no_jubilant_roll_inciting_elsewhere_or_in_another_mood():
    """H-26 (LoR 14.7.3): an Incite away from the warlord, or in another mood, gives no roll."""
    s = eve(hundreds={5: 1, 4: 1}, warlord=5, mood="jubilant", hands={LH: ["R#bakesale"]})
    played(s, incite("R#bakesale", 4))
    assert JUBILANT not in s.legal_actions()
    s2 = eve(hundreds={5: 1}, warlord=5, mood="rowdy", hands={LH: ["R#bakesale"]})
    played(s2, incite("R#bakesale", 5))
    assert JUBILANT not in s2.legal_actions()


# ---- H-22 (trap H-T8, W-MP-33): Oppress (LoR 14.6.2) ------------------------------------------------

OPPRESS_AT = (3, 4, 5, 6, 7, 8, 9)


@pytest.mark.parametrize("n, vp", [(0, 0), (1, 1), (2, 1), (3, 2), (4, 2), (5, 3), (6, 4), (7, 4)])
def test_H22_oppress_vp_by_clearings_ruled_alone(n, vp):
    """H-22 (LoR 14.6.2): clearings the Hundreds rule with no enemy piece score 0, 1-2 -> 1, 3-4 -> 2,
    5 -> 3, 6+ -> 4 VP in Evening."""
    assert TABLE["oppress_vp"] == (0, 1, 1, 2, 2, 3, 4)
    s = eve(hundreds={c: 1 for c in OPPRESS_AT[:n]}, warlord=None)
    before = st(s)["score"][LH]
    played(s, PASS)
    assert st(s)["score"][LH] - before == vp


def test_H22_trapT8_any_enemy_piece_blocks_oppress():
    """H-22 (LoR 14.6.2; trap H-T8): a clearing the Hundreds rule with an enemy piece of any kind
    (a warrior, a wood token) does not count: 3 alone, 4 with a cat, 8 with wood: 1 clearing."""
    s = eve(hundreds={3: 1, 4: 2, 8: 1}, warlord=None, warriors={1: 1, 4: 1}, wood={8: 1})
    before = st(s)["score"][LH]
    played(s, PASS)
    assert st(s)["score"][LH] - before == 1


def test_W_MP_33_the_wyrms_pawn_blocks_oppress_and_counts_once_for_rowdy():
    """W-MP-33 (LoR 14.6.2, 14.7.6): the Wyrm's pawn is one enemy piece: in a clearing the Hundreds
    rule (five warriors against its three) it blocks Oppress; for Rowdy it counts 1 (pawn + a cat:
    two enemy pieces, one card more; pawn + a cat + a wyrmling: three, two more)."""
    s = eve(hundreds={5: 5, 3: 1}, warlord=None, wyrmlings={}, pawn=5)
    before = st(s)["score"][LH]
    played(s, PASS)
    assert st(s)["score"][LH] - before == 1                   # 3 alone
    s2 = eve(hundreds={5: 5}, warlord=5, wyrmlings={}, pawn=5, warriors={1: 1, 5: 1}, mood="rowdy")
    assert _core.evening_draws_of(s2, LH) == 2
    s3 = eve(hundreds={5: 5}, warlord=5, wyrmlings={5: 1}, pawn=5, warriors={1: 1, 5: 1}, mood="rowdy")
    assert _core.evening_draws_of(s3, LH) == 3


# ---- H-23, H-29: the draw and Rowdy (LoR 14.6.3, 14.7.6) -------------------------------------------

def test_H23_H29_evening_draws_one_rowdy_one_more_or_two_more_with_three_enemies():
    """H-23 (LoR 14.6.3), H-29 (14.7.6; H-C13): one card; Rowdy (coins) one more, two more with three
    or more enemy pieces (any mix) in the warlord's clearing."""
    assert _core.evening_draws_of(eve(hundreds={5: 2}, warlord=5, mood="stubborn"), LH) == 1
    assert _core.evening_draws_of(eve(hundreds={5: 2}, warlord=5, mood="rowdy"), LH) == 2
    s = eve(hundreds={5: 4}, warlord=5, mood="rowdy", warriors={1: 1, 5: 1}, wood={5: 1}, wyrmlings={2: 1, 5: 1})
    assert _core.evening_draws_of(s, LH) == 3


# ---- H-24 (H-C10): Bitter (LoR 14.7.1) --------------------------------------------------------------

def test_H24_bitter_mobs_around_the_warlord_become_warriors_before_the_roll():
    """H-24 (LoR 14.7.1; H-C10): in a battle in the warlord's clearing, before the roll, the Hundreds
    may remove mobs from that clearing and adjacent ones (not 9, not adjacent to 5), each becoming a
    warrior in the warlord's clearing."""
    s = day(hundreds={5: 1}, warlord=5, mobs=(5, 2, 9), warriors={1: 1, 5: 2}, mood="bitter")
    played(s, battle(5, CAT))
    assert s.step == "bitter" and s.current_player == LH
    assert {x + 1 for x in kinds(s, "bitter")} == {2, 5} and PASS in s.legal_actions()
    played(s, bitter(2))
    d = st(s)
    assert mobs_of(d) == {5, 9} and hundreds_at(d)[5] == 2
    played(s, PASS)
    assert s.step == "battle_roll"
    assert mobs_of(st(s)) == {5, 9}


def test_H24_H_C3_bitter_defending_on_another_players_turn():
    """H-24 (LoR 14.7.1; H-C3, H-C10): the mood lasts through other turns: attacked by the cats in
    the warlord's clearing, the Hundreds may turn mobs into warriors there."""
    s = cat_day(hundreds={5: 1}, warlord=5, mobs=(5,), warriors={1: 1, 5: 3}, mood="bitter")
    played(s, battle(5, LH))
    assert s.step == "bitter" and s.current_player == LH
    played(s, bitter(5))
    assert hundreds_at(st(s))[5] == 2 and s.step == "battle_roll"


def test_H24_no_bitter_away_from_the_warlord():
    """H-24 (LoR 14.7.1): a battle outside the warlord's clearing offers no Bitter."""
    s = day(hundreds={5: 1, 9: 2}, warlord=5, mobs=(9,), warriors={1: 1, 9: 1}, mood="bitter")
    played(s, battle(9, CAT))
    assert s.step != "bitter"


# ---- H-30, H-31: Stubborn and Wrathful (LoR 14.7.7, 14.7.8) ----------------------------------------

@pytest.mark.parametrize("warlord, lost", [(5, 1), (3, 2)])
def test_H30_stubborn_ignores_the_first_hit_in_the_warlords_clearing(warlord, lost):
    """H-30 (LoR 14.7.7; H-C3, H-C11): Stubborn (crossbow): in the warlord's clearing the first hit
    the Hundreds take is ignored, on the cats' turn too; elsewhere not."""
    s = cat_day(hundreds={5: 3, 3: 1}, warlord=warlord, warriors={1: 1, 5: 3}, mood="stubborn")
    played(s, battle(5, LH))
    drive_battle(s, "marquise_daylight", roll=(2, 0), hits=(remove("hundred", 5),) * 2)
    assert 3 - st(s)["hundreds"][4] == lost


def test_H30_H_C11_stubborn_ignores_the_first_hit_of_an_ambush_and_no_more():
    """H-30 (LoR 14.7.7; H-C11): attacking in the warlord's clearing, ambushed for two hits, the
    Hundreds ignore the first (one warrior lost); the roll's hit then removes another."""
    s = day(hundreds={5: 3}, warlord=5, warriors={1: 1, 5: 2}, hands={CAT: ["B#ambush"]}, mood="stubborn")
    played(s, battle(5, CAT))
    assert s.step == "battle_ambush"
    drive_battle(s, "hundreds_daylight", ambush="B#ambush", roll=(1, 1), hits=(remove("hundred", 5),) * 3)
    assert st(s)["hundreds"][4] == 1


def test_W_MP_34_a_wyrm_hit_stubborn_ignores_does_not_count_for_ravenous():
    """W-MP-34 (LoR 14.7.7; W-RAV-1): the Wyrm attacks the Stubborn Hundreds in the warlord's clearing,
    roll 1-1: its rolled hit is ignored, so Ravenous ignores none of the Hundreds' hit: a
    wyrmling is lost."""
    s = lh_position(three_table(), at=(WY, "wyrm_daylight"), hundreds={5: 3}, warlord=5, keep=1, warriors={1: 1},
                    wyrmlings={5: 2}, pawn=5, mood="stubborn")
    played(s, battle(5, LH))
    drive_battle(s, "wyrm_daylight", roll=(1, 1), hits=(remove("wyrmling", 5),))
    d = st(s)
    assert d["hundreds"][4] == 3 and d["wyrmlings"][4] == 1


@pytest.mark.parametrize("mood_name, lost", [("wrathful", 2), ("rowdy", 1)])
def test_H31_wrathful_one_extra_hit_attacking_in_the_warlords_clearing(mood_name, lost):
    """H-31 (LoR 14.7.8): Wrathful (sword): attacking in the warlord's clearing, one extra hit."""
    s = day(hundreds={5: 3}, warlord=5, warriors={1: 1, 5: 3}, mood=mood_name)
    played(s, battle(5, CAT))
    drive_battle(s, "hundreds_daylight", roll=(1, 0))
    assert 3 - st(s)["warriors"][4] == lost


def test_H31_no_wrathful_hit_defending():
    """H-31 (LoR 14.7.8: "as attacker"): defending, Wrathful adds nothing."""
    s = cat_day(hundreds={5: 3}, warlord=5, warriors={1: 1, 5: 3}, mood="wrathful")
    played(s, battle(5, LH))
    drive_battle(s, "marquise_daylight", roll=(1, 1), hits=(remove("hundred", 5),))
    assert st(s)["warriors"][4] == 2


# ---- H-2 (trap H-T2, H-C16, W-MP-31): the warlord (LoR 14.2.2) -------------------------------------

def test_H2_H_C16_a_hit_removes_the_warlord_to_the_supply_and_anoint_returns_it():
    """H-2 (LoR 14.2.2, 4.3.4; H-C16): the warlord takes hits; the Hundreds may give one to it, which
    removes it to the supply (no VP); their next Birdsong Anoints it again."""
    s = cat_day(hundreds={5: 1}, warlord=5, warriors={1: 1, 5: 3}, mood="rowdy")
    before = st(s)["score"][CAT]
    played(s, battle(5, LH))
    while s.step != "battle_hits":
        la = s.legal_actions()
        s.apply(dice(1, 0) if s.step == "battle_roll" else (PASS if PASS in la else la[0]))
    assert remove("pawn", 5) in s.legal_actions() and remove("hundred", 5) in s.legal_actions()
    ev = played(s, remove("pawn", 5))
    d = st(s)
    assert warlord_of(d) is None and hundreds_at(d) == {5: 1} and d["score"][CAT] == before
    assert [e for e in events_of(ev, "remove") if e[1] == LH and e[5] == CAUSE["hit"]]
    s2 = lh_turn(three_table(), LH, hundreds={5: 1}, warlord=None, keep=1, warriors={1: 1, 5: 3}, wyrmlings={2: 1},
                 pawn=2)
    assert {x + 1 for x in kinds(s2, "anoint")} == {5}
    played(s2, anoint(5))
    assert warlord_of(st(s2)) == 5


def test_H2_trapT2_W_MP_31_a_favor_removes_the_hundreds_pieces_but_not_the_warlord():
    """H-2 (LoR 14.2.2; trap H-T2; W-MP-31): Favor of the Foxes removes the Hundreds' warriors, the
    stronghold and the mob in fox clearings (1 VP each for the building and token), never the
    warlord."""
    s = cat_day(hundreds={12: 2}, warlord=12, strongholds={12: 1}, mobs=(12,), warriors={1: 1},
                buildings={1: (0, 1, 0), 8: (0, 2, 0)}, hands={CAT: ["F#favorofthefoxes"]}, wyrmlings={2: 1},
                pawn=2)
    before = st(s)["score"][CAT]
    played(s, craft("F#favorofthefoxes"))
    d = st(s)
    assert warlord_of(d) == 12
    assert d["hundreds"][11] == 0 and d["strongholds"][11] == 0 and d["mobs"][11] == 0
    assert d["score"][CAT] - before == 2


def test_W_MP_31_terrorize_never_moves_the_warlord():
    """W-MP-31 (LoR 14.2.2; trap H-T2): the Wyrm's Terrorize moves ordinary Hundreds warriors, never
    the warlord (the warlord alone in 5 under fear: no Terrorize of the Hundreds there)."""
    s = lh_position(three_table(), at=(WY, "wyrm_daylight"), hundreds={9: 1}, warlord=5,
                    keep=1, warriors={1: 1}, wyrmlings={5: 1, 9: 1}, pawn=5, fear={5: 1, 9: 1})
    ts = set()
    for x in kinds(s, "terror"):
        f, y = x % 6, x // 6
        ts.add((y // NCL + 1, y % NCL + 1, f))
    assert any(a == 9 and f == LH for a, b, f in ts)
    assert not any(a == 5 and f == LH for a, b, f in ts)


def test_H2_trapT2_a_strike_never_takes_the_warlord():
    """H-2 (LoR 14.2.2, 9.5.6; trap H-T2): the Vagabond's Strike removes a Hundreds warrior, never the
    warlord."""
    t0 = vagabond_table()
    vb = st(t0)["faction_seat"][VAGABOND]
    s = lh_position(t0, at=(vb, "vagabond_daylight"), hundreds={5: 1}, warlord=5, vb_at=5,
                    vb_items={"crossbow": 1, "boots": 1}, keep=1, warriors={1: 1}, wyrmlings={2: 1}, pawn=2)
    npiece = len(_core.PIECE_NAMES)
    opts = {x % npiece for x in kinds(s, "strike") if x // npiece == LH}
    assert opts == {_core.PIECE_NAMES.index("hundred")}


def test_H2_the_warlord_counts_for_rule_and_as_a_warrior():
    """H-2 (LoR 14.2.2): the warlord is a Hundreds warrior: alone it rules an empty clearing (Build
    there) and fights (a battle from its clearing with no other warrior)."""
    s = day(hundreds={}, warlord=5, warriors={1: 1, 5: 0}, hands={LH: ["R#bakesale"]}, mood="rowdy")
    assert lh_build("R#bakesale", 5) in s.legal_actions()
    s2 = day(hundreds={}, warlord=5, warriors={1: 1, 5: 1}, mood="rowdy")
    assert (5, CAT) in battles_of(s2)


# ---- random games: invariants after every action ------------------------------------------------

@pytest.mark.parametrize("factions", [(MARQUISE, HUNDREDS, WYRM), (1, HUNDREDS, 2, WYRM),
                                      (MARQUISE, HUNDREDS, VAGABOND, 10, WYRM)])
def test_random_games_keep_pieces_and_the_hoard_in_bounds(factions):
    """H-4, H-5, H-8 (LoR 14.2.4, 14.3.1): in seeded random games, after every action: 20 warriors
    (the warlord apart), 5 mobs one a clearing at most, 6 strongholds, at most four items a track
    (five while an overflow is chosen), a mood always; the save round trip holds."""
    for seed in range(2):
        s = _core.State(0, factions=factions)
        rng = np.random.default_rng(seed)
        for _ in range(2000):
            if s.is_terminal():
                break
            la = s.legal_actions()
            s.apply(s.sample_chance(int(rng.integers(1 << 62))) if s.is_chance_node() else la[rng.integers(len(la))])
            d = st(s)
            me = d["faction_seat"][HUNDREDS]
            boxes = d["payments"][HUNDREDS] + d["funds"][HUNDREDS] + d["committed"][HUNDREDS]
            assert sum(d["hundreds"]) + d["hundred_supply"] + d["coffin"][me] + boxes == 20
            assert sum(d["mobs"]) + d["mob_supply"] == 5 and max(d["mobs"]) <= 1
            assert sum(d["strongholds"]) <= 6
            for track in (0, 1):
                n = sum(d["hoard"][k] for k in range(len(d["hoard"])) if TABLE["hoard_track"][k] == track)
                assert n <= 4 or (n == 5 and s.step == "hoard_overflow")
            assert 0 <= d["mood"] < 8
        assert _core.State.from_dict(st(s)) == s


# ---- H-C17 (LoR 9.7.3, 14.4.1): two Vagabonds -- a razed ruin of two items ---------------------------

VAGABOND2 = _core.FACTION_NAMES.index("vagabond2")


@functools.lru_cache(maxsize=None)
def _two_vagabonds():
    """(Marquise, Hundreds, Vagabond, second Vagabond, Wyrm) after a real setup."""
    return table((MARQUISE, HUNDREDS, VAGABOND, VAGABOND2, WYRM))


def _raze_two(seen=(), seers=0, half=False, ritems=0):
    """The Hundreds' Birdsong with a mob at the ruin of clearing 10: its items seen before (kinds by
    name), by whom (a seat bitmask), one of its two taken already (half), the "R" kinds they took
    from razed ruins before (ritems, a bitmask)."""
    def edit(d):
        kinds = [ITEM[n] for n in seen] + [-1] * (2 - len(seen))
        for k in kinds:
            if k >= 0:
                d["ruin_items"][k] -= 1
        if half:                          # the item taken: a Vagabond's, off the map's count
            taken = next(k for k in range(len(d["ruin_items"])) if d["ruin_items"][k] > 0)
            d["ruin_items"][taken] -= 1
            d["items"][2][taken] += 1
            d["vb_ritems"] = 1 << taken
            d["ruin_half"] |= 1 << 9
        d["ruin_seen"][9] = kinds
        d["ruin_seers"][9] = seers
        d["lh_ritems"] = ritems
    return lh_turn(_two_vagabonds(), LH, hundreds={3: 2}, warlord=3, mobs=(10,), lh_edit=edit)


def test_HC17_two_vagabonds_the_hundreds_look_at_both_and_choose():
    """H-C17 (LoR 9.7.3, 14.4.1): with two Vagabonds a ruin holds two items; razing it, the Hundreds
    look at both (two chance draws of the unseen items) and take one of their choice into the Hoard,
    no VP; the other stays in the ruin, known to them alone; the raze_item event names the taken one."""
    s = _raze_two()
    assert s.step == "raze_ruin" and s.is_chance_node()
    s.apply(ruin_item("hammer"))
    assert s.step == "raze_ruin" and s.is_chance_node()          # the second item is looked at too
    s.apply(ruin_item("sword"))
    assert s.current_player == LH and set(kinds(s, "ruin_take")) == {ITEM["hammer"], ITEM["sword"]}
    before = st(s)["score"][LH]
    evs = played(s, action("ruin_take", ITEM["sword"]))
    d = st(s)
    assert hoard_of(d) == {"sword": 1} and d["score"][LH] == before
    assert d["ruin_seen"][9] == [ITEM["hammer"], -1] and d["ruin_seers"][9] == 1 << LH
    assert (d["ruin_half"] >> 9) & 1 and not (d["explored"] >> 9) & 1 and d["lh_ritems"] == 1 << ITEM["sword"]
    assert [(e[2], e[3]) for e in events_of(evs, "raze_item")] == [(9, ITEM["sword"])]


def test_HC17_items_a_vagabond_saw_are_seen_without_a_draw():
    """H-C17 (LoR 9.7.3): the two items a Vagabond looked at are looked at again with no chance event;
    the Hundreds join their seers, then choose."""
    s = _raze_two(seen=("boots", "bag"), seers=1 << 2)
    assert s.current_player == LH and not s.is_chance_node()
    assert set(kinds(s, "ruin_take")) == {ITEM["boots"], ITEM["bag"]}
    assert st(s)["ruin_seers"][9] == (1 << 2) | (1 << LH)
    played(s, action("ruin_take", ITEM["bag"]))
    d = st(s)
    assert hoard_of(d) == {"bag": 1} and d["ruin_seen"][9] == [ITEM["boots"], -1]


def test_HC17_the_last_item_of_a_ruin_is_taken_and_the_ruin_goes():
    """H-C17 (LoR 9.7.3, 14.4.1): one item left (a Vagabond took the other): the Hundreds look at it
    and take it, no choice to make; the ruin leaves the map."""
    s = _raze_two(half=True)
    assert s.step == "raze_ruin" and s.is_chance_node()
    k = next(iter(kinds(s, "ruin_item")))
    s.apply(action("ruin_item", k))
    d = st(s)
    assert hoard_of(d) == {_core.VITEM_NAMES[k]: 1}
    assert (d["explored"] >> 9) & 1 and not (d["ruin_half"] >> 9) & 1 and d["ruin_seers"][9] == 0
    assert d["ruin_seen"][9] == [-1, -1]


def test_HC17_no_second_R_item_of_a_kind_taken_from_a_ruin():
    """H-C17 (LoR 9.7.3): they never take an "R" kind they took from a ruin before: of a hammer and
    a sword, with a hammer taken before, the sword goes into the Hoard at once."""
    s = _raze_two(seen=("hammer", "sword"), seers=1 << 3, ritems=1 << ITEM["hammer"])
    d = st(s)
    assert hoard_of(d) == {"sword": 1} and d["ruin_seen"][9] == [ITEM["hammer"], -1]
    assert d["ruin_seers"][9] == (1 << 3) | (1 << LH)


def test_HC17_the_item_seen_is_masked_for_every_other_seat():
    """H-C17 (LoR 9.7.3): the razed ruin's items turn up for the Hundreds alone: the chance
    outcome is masked in every other seat's view of the record (redaction.seen)."""
    from wyrm_ai.model import redaction
    table5 = (MARQUISE, HUNDREDS, VAGABOND, VAGABOND2, WYRM)
    a = ruin_item("hammer")
    for viewer in range(5):
        shown = redaction.seen(a, -1, LH, viewer, table5)
        assert (shown.action.args[0] == ITEM["hammer"]) == (viewer == LH), viewer
