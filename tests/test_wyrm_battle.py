"""Voracious Wyrm in battle (voracious-wyrm.md W-MON-1, W-MON-3, W-PY-*, W-FOREST-1, W-RAV-*),
on top of the base battle (root-base-rules.md §3: ambush, roll high/low, caps, defenseless)."""
from wyrm_positions import (COWED, MARQUISE, SCARED, WYRM, act, c, cat_day, forest_loc, lair,
                            state, wyrm_day)


# ---------------------------------------------------------------- Monstrous

def test_w_mon_1_pawn_deals_hits_as_three_warriors_attacking():
    """W-MON-1: the pawn alone caps the Wyrm's rolled hits at 3 (roll 3,0: 3 of 5 warriors die);
    one wyrmling alone caps them at 1."""
    g = wyrm_day(pawn=5, warriors={5: 5})
    act(g, "XC5", "roll 3,0")
    assert state(g)["warriors"][c(5)] == 2
    assert g.step == "wyrm_daylight"
    g = wyrm_day(pawn=3, wyrmlings={5: 1}, warriors={5: 5})
    act(g, "XC5", "roll 3,0")
    assert state(g)["warriors"][c(5)] == 4


def test_w_mon_1_pawn_deals_hits_as_three_warriors_defending():
    """W-MON-1 / W-RAV-1: the pawn alone defends with up to 3 hits: the Marquise attacks with 5,
    roll 3,3: the Wyrm deals 3 (2 warriors left) and Ravenous ignores all 3 hits it took."""
    g = cat_day(pawn=5, warriors={5: 5}, lair={"treasure": 3})
    act(g, "XW5", "roll 3,3")
    d = state(g)
    assert d["warriors"][c(5)] == 2
    assert d["pawn"] == c(5) and d["items"][WYRM][7] == 3
    assert g.scores == (0, 0)
    assert g.step == "marquise_daylight"


def test_w_mon_3_pawn_alone_is_not_defenseless():
    """W-MON-3 (ruling): with the pawn (no wyrmlings) the Wyrm is not defenseless: a 0,0 roll
    deals no hit (no extra hit on the Lair)."""
    g = cat_day(pawn=5, warriors={5: 2}, lair={"treasure": 3})
    act(g, "XW5", "roll 0,0")
    d = state(g)
    assert d["items"][WYRM][7] == 3 and d["treasure_supply"] == 0
    assert g.scores == (0, 0)


def test_w_mon_3_defenseless_without_wyrmlings_and_pawn():
    """W-MON-3: with neither wyrmlings nor the pawn in the clearing the Wyrm is defenseless: a 0,0
    roll still deals the extra hit, which removes the fear token (1 VP to the Marquise)."""
    g = cat_day(pawn=3, warriors={5: 2}, fear={5: COWED})
    act(g, "XW5", "roll 0,0")
    d = state(g)
    assert d["fear"][c(5)] == 0 and d["fear_supply"] == 8
    assert g.scores == (1, 0)


def test_defenseless_marquise_takes_extra_hit_from_wyrm():
    """W-ACT-BATTLE with LoR 4.3.3: the Wyrm attacking a clearing with only Marquise buildings
    deals its rolled hit plus the defenseless extra hit; each building scores 1 VP for it."""
    g = wyrm_day(pawn=3, wyrmlings={5: 1}, sawmills={5: 1}, workshops={5: 1})
    act(g, "XC5", "roll 1,0")
    assert g.current_player == MARQUISE and g.legal_texts() == ["b_s5->", "b_w5->"]
    act(g, "b_w5->")
    d = state(g)
    assert d["buildings"][0][c(5)] == 0 and d["buildings"][1][c(5)] == 0
    assert g.scores == (0, 2)


# ---------------------------------------------------------------- Pythonic

def test_w_py_1_hits_to_wyrmling_or_pawn_wyrm_orders():
    """W-PY-1 / planner: in the pawn's clearing each hit goes to a wyrmling or the pawn, the Wyrm
    choosing one hit at a time (here: pawn, wyrmling, pawn; the Lair pays for the pawn hits)."""
    g = cat_day(pawn=5, wyrmlings={5: 2}, warriors={5: 3}, lair={"treasure": 3})
    act(g, "XW5", "roll 3,0")
    assert g.step == "battle_hits" and g.current_player == WYRM
    assert g.legal_texts() == ["w5->", "p5->"]
    act(g, "p5->")
    assert lair(g)[7] == 2
    assert g.legal_texts() == ["w5->", "p5->"]
    act(g, "w5->")
    assert state(g)["wyrmlings"][c(5)] == 1
    act(g, "p5->")
    d = state(g)
    assert d["wyrmlings"][c(5)] == 1 and d["items"][WYRM][7] == 1 and d["pawn"] == c(5)
    assert d["treasure_supply"] == 2
    assert g.step == "marquise_daylight"


def test_w_py_1_without_pawn_hits_go_to_wyrmlings():
    """W-PY-1 applies only where the pawn is: elsewhere hits simply remove wyrmlings (no choice
    asked), and removing wyrmlings scores nothing (W-PY-5)."""
    g = cat_day(pawn=3, wyrmlings={5: 3}, warriors={5: 3}, lair={"treasure": 3})
    act(g, "XW5", "roll 2,0")
    d = state(g)
    assert d["wyrmlings"][c(5)] == 1 and d["items"][WYRM][7] == 3
    assert g.step == "marquise_daylight" and g.scores == (0, 0)


def test_w_py_2_wyrm_chooses_lair_item_non_treasure_leaves_game():
    """W-PY-2 / planner: a hit on the pawn with a mixed Lair asks the Wyrm which item goes; a
    removed sword is removed from the game (not back to the item supply), the pawn stays."""
    g = cat_day(pawn=5, warriors={5: 2}, lair={"treasure": 1, "sword": 1})
    sword_supply = state(g)["item_supply"][4]
    act(g, "XW5", "roll 1,0")
    assert g.step == "battle_lair" and g.current_player == WYRM
    assert g.legal_texts() == ["%s->", "%g->"]
    act(g, "%s->")
    d = state(g)
    assert d["items"][WYRM][4] == 0 and d["items"][WYRM][7] == 1
    assert d["items_lost"][4] == 1 and d["item_supply"][4] == sword_supply
    assert d["pawn"] == c(5)
    assert g.scores == (0, 0)          # only treasure scores (W-PY-3)


def test_w_py_2_w_py_3_treasure_returns_to_supply_and_scores_attacker():
    """W-PY-2 / W-PY-3: a removed treasure returns to the treasure supply; removed while the Wyrm
    defends, it scores 1 VP for the attacker."""
    g = cat_day(pawn=5, warriors={5: 2}, lair={"treasure": 1, "sword": 1})
    act(g, "XW5", "roll 1,0", "%g->")
    d = state(g)
    assert d["items"][WYRM][7] == 0 and d["treasure_supply"] == 3
    assert d["items"][WYRM][4] == 1
    assert g.scores == (1, 0)


def test_w_py_3_each_treasure_scores_one():
    """W-PY-3: each treasure lost while defending scores 1 VP (2 hits, 2 treasures: 2 VP)."""
    g = cat_day(pawn=5, warriors={5: 3}, lair={"treasure": 3}, score=(4, 0))
    act(g, "XW5", "roll 2,0")
    d = state(g)
    assert d["items"][WYRM][7] == 1 and d["treasure_supply"] == 2
    assert g.scores == (6, 0)


def test_w_py_3_treasure_lost_as_attacker_scores_nothing():
    """W-PY-3: treasure removed while the Wyrm is the attacker scores for nobody (here the two
    hits of an ambush land on the pawn and take two treasures)."""
    g = wyrm_day(pawn=5, warriors={5: 2}, lair={"treasure": 3}, cat_hand=("B#ambush",))
    act(g, "XC5")
    assert g.step == "battle_ambush" and g.current_player == MARQUISE
    act(g, "B#ambush@")
    d = state(g)
    assert d["items"][WYRM][7] == 1 and d["treasure_supply"] == 2
    assert g.scores == (0, 0)
    assert g.step == "battle_roll"                    # the pawn is still there: the battle goes on


def test_w_py_4_empty_lair_pawn_flees_to_forest():
    """W-PY-4 / W-FOREST-1: a hit on the pawn with an empty Lair puts it in the forest next to its
    clearing (5 touches only forest 1_2_5_10); it scores nothing and never leaves the map."""
    g = cat_day(pawn=5, warriors={5: 2})
    act(g, "XW5", "roll 1,0")
    d = state(g)
    assert d["pawn"] == forest_loc("1_2_5_10")
    assert g.scores == (0, 0)
    assert g.step == "marquise_daylight"


def test_w_forest_1_wyrm_chooses_forest():
    """W-FOREST-1 / planner: from clearing 6 (two forests) the Wyrm chooses where the pawn goes,
    even in the Marquise's turn; the remaining hits then go on (W-PY-5): the wyrmling dies, the
    third hit finds nothing."""
    g = cat_day(pawn=6, wyrmlings={6: 1}, warriors={6: 3})
    act(g, "XW6", "roll 3,0")
    assert g.legal_texts() == ["w6->", "p6->"]
    act(g, "p6->")
    assert g.step == "battle_forest" and g.current_player == WYRM
    assert g.legal_texts() == ["p->2_6_10_11_12", "p->3_6_11"]
    act(g, "p->3_6_11")
    d = state(g)
    assert d["pawn"] == forest_loc("3_6_11")
    assert d["wyrmlings"][c(6)] == 0 and d["wyrmling_supply"] == 8
    assert g.scores == (0, 0)
    assert g.step == "marquise_daylight"


def test_w_forest_1_other_forest_choice():
    """W-FOREST-1: the other forest next to 6 is as good a choice."""
    g = cat_day(pawn=6, warriors={6: 3})
    act(g, "XW6", "roll 1,0", "p->2_6_10_11_12")
    assert state(g)["pawn"] == forest_loc("2_6_10_11_12")


def test_w_forest_1_ambushed_attacking_pawn_flees_and_battle_ends():
    """W-FOREST-1 / LoR 4.3.1: an ambush that sends the attacking pawn (empty Lair, no
    wyrmlings) to a forest leaves the Wyrm with no attacker: the battle ends, no roll."""
    g = wyrm_day(pawn=5, warriors={5: 2}, cat_hand=("R#ambush",))
    act(g, "XC5", "R#ambush@")
    d = state(g)
    assert d["pawn"] == forest_loc("1_2_5_10")
    assert d["warriors"][c(5)] == 2
    assert g.step == "wyrm_daylight" and d["battles_used"] == 1


def test_w_py_5_fear_token_only_after_wyrmlings_and_pawn():
    """W-PY-5: a fear token takes hits only once no wyrmling and no pawn is left; its removal
    scores 1 VP for the remover, the pawn and the wyrmling score nothing."""
    g = cat_day(pawn=5, wyrmlings={5: 1}, warriors={5: 4}, fear={5: COWED})
    act(g, "XW5", "roll 3,0")
    assert g.legal_texts() == ["w5->", "p5->"]            # not the fear token
    act(g, "w5->")                                        # then the pawn (forced), then the token
    d = state(g)
    assert d["wyrmlings"][c(5)] == 0
    assert d["pawn"] == forest_loc("1_2_5_10")
    assert d["fear"][c(5)] == 0 and d["fear_supply"] == 8
    assert g.scores == (1, 0)


def test_w_py_5_pawn_with_lair_shields_fear_token():
    """W-PY-5 with W-PY-2: a hit on the pawn that takes a Lair item leaves the pawn in place, so
    the fear token still cannot take hits: 3 hits take 3 treasures (3 VP), the token stays."""
    g = cat_day(pawn=5, warriors={5: 3}, fear={5: SCARED}, lair={"treasure": 3})
    act(g, "XW5", "roll 3,0")
    d = state(g)
    assert d["fear"][c(5)] == SCARED and d["items"][WYRM][7] == 0 and d["pawn"] == c(5)
    assert g.scores == (3, 0)


def test_w_py_5_wyrm_scores_for_marquise_tokens_and_buildings():
    """W-PY-5 ("like any token"): the Wyrm removing Marquise wood scores 1 VP; warriors score
    nothing and go first."""
    g = wyrm_day(pawn=3, wyrmlings={5: 3}, warriors={5: 1}, wood={5: 1})
    act(g, "XC5", "roll 2,0")
    d = state(g)
    assert d["warriors"][c(5)] == 0 and d["wood"][c(5)] == 0
    assert g.scores == (0, 1)


# ---------------------------------------------------------------- Ravenous

def test_w_rav_1_wyrm_attacker_ignores_hits_per_rolled_hit():
    """W-RAV-1 (ruling: the faction, no pawn here): 3 wyrmlings attack 3 warriors, roll 2,2: the
    Wyrm deals 2 rolled hits, so it ignores both hits dealt to it."""
    g = wyrm_day(pawn=3, wyrmlings={6: 3}, warriors={6: 3})
    act(g, "XC6", "roll 2,2")
    d = state(g)
    assert d["warriors"][c(6)] == 1 and d["wyrmlings"][c(6)] == 3


def test_w_rav_1_only_hits_actually_dealt_count():
    """W-RAV-1: a rolled hit the Wyrm could not deal (capped by its one wyrmling) lets it ignore
    nothing: roll 2,2, the Wyrm deals 1 and ignores 1 of the 2 hits; its wyrmling dies."""
    g = wyrm_day(pawn=3, wyrmlings={6: 1}, warriors={6: 3})
    act(g, "XC6", "roll 2,2")
    d = state(g)
    assert d["warriors"][c(6)] == 2 and d["wyrmlings"][c(6)] == 0


def test_w_rav_1_wyrm_defender_ignores_too():
    """W-RAV-1: as defender too: 3 warriors attack 3 wyrmlings, roll 3,2: the Wyrm takes 3 - 2 =
    1 hit and deals 2."""
    g = cat_day(pawn=3, wyrmlings={5: 3}, warriors={5: 3})
    act(g, "XW5", "roll 3,2")
    d = state(g)
    assert d["wyrmlings"][c(5)] == 2 and d["warriors"][c(5)] == 1


def test_w_rav_1_ignored_hits_spare_the_lair():
    """W-RAV-1 with W-PY-2: ignored hits never reach the pawn, so the Lair keeps its treasure:
    pawn + 1 wyrmling defend against 4 warriors, roll 3,1: 2 hits taken, not 3."""
    g = cat_day(pawn=5, wyrmlings={5: 1}, warriors={5: 4}, lair={"treasure": 3})
    act(g, "XW5", "roll 3,1")
    assert g.legal_texts() == ["w5->", "p5->"]
    act(g, "p5->", "p5->")
    d = state(g)
    assert d["items"][WYRM][7] == 1 and d["wyrmlings"][c(5)] == 1 and d["warriors"][c(5)] == 3
    assert g.scores == (2, 0)
    assert g.step == "marquise_daylight"


def test_w_rav_2_ambush_hits_not_ignored():
    """W-RAV-2: the ambush's 2 hits come before the roll and cannot be ignored: 4 wyrmlings
    attack 3 warriors in fox clearing 6; F#ambush kills 2; then roll 2,1: the 1 rolled hit on the
    Wyrm is ignored (2 dealt)."""
    g = wyrm_day(pawn=3, wyrmlings={6: 4}, warriors={6: 3}, cat_hand=("F#ambush",))
    act(g, "XC6")
    assert g.legal_texts() == ["pass", "F#ambush@"]
    act(g, "F#ambush@")
    assert state(g)["wyrmlings"][c(6)] == 2
    assert g.step == "battle_roll"
    act(g, "roll 2,1")
    d = state(g)
    assert d["wyrmlings"][c(6)] == 2 and d["warriors"][c(6)] == 1
    assert d["hand"][MARQUISE][10] == 0 and d["discard"][10] == 1


def test_w_rav_2_wyrm_may_foil_ambush():
    """W-RAV-2 context (LoR 4.3.1): the Wyrm as attacker may foil with a bird ambush; then no
    ambush hits, only the roll."""
    g = wyrm_day(pawn=3, wyrmlings={6: 4}, warriors={6: 3}, cat_hand=("F#ambush",),
                 wyrm_hand=("B#ambush",))
    act(g, "XC6", "F#ambush@")
    assert g.step == "battle_foil" and g.current_player == WYRM
    assert g.legal_texts() == ["pass", "B#ambush@"]
    act(g, "B#ambush@", "roll 1,1")
    d = state(g)
    assert d["wyrmlings"][c(6)] == 4 and d["warriors"][c(6)] == 2


def test_w_rav_2_wyrm_ambush_as_defender_hits_attacker():
    """W-RAV-2 context: the Wyrm defending may ambush (bird ambush, any clearing): 2 hits on the
    attacking warriors, before the roll."""
    g = cat_day(pawn=3, wyrmlings={5: 2}, warriors={5: 3}, wyrm_hand=("B#ambush",))
    act(g, "XW5")
    assert g.step == "battle_ambush" and g.current_player == WYRM
    act(g, "B#ambush@")
    assert state(g)["warriors"][c(5)] == 1
    act(g, "roll 1,1")            # 1 hit each; the Wyrm's rolled hit lands: the cat's is ignored
    d = state(g)
    assert d["warriors"][c(5)] == 0 and d["wyrmlings"][c(5)] == 2


def test_w_forest_1_pawn_never_leaves_the_map():
    """W-FOREST-1 / W-BIRD-2: the pawn that fled stays on the map, in its forest, and comes back
    to a clearing next to that forest at the Wyrm's next Birdsong."""
    g = cat_day(pawn=8, warriors={8: 2})
    act(g, "XW8", "roll 1,0")
    assert state(g)["pawn"] == forest_loc("4_7_8_12")
    act(g, "pass")
    while g.step == "evening_draw":
        g.apply(g.legal_actions()[0])
    assert state(g)["turn"] == WYRM and g.step == "wyrm_emerge"
    assert g.legal_texts() == ["p->4", "p->7", "p->8", "p->12"]
    act(g, "p->8")
    assert state(g)["pawn"] == c(8) and g.step == "evening_draw"
