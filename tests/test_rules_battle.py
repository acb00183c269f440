"""Battle rules of the base game (Law of Root 4.3: 4.3.1 ambush, 4.3.2 roll, 4.3.3 defenseless,
4.3.4 dealing hits) and removal VP (LoR 3.2.1), see root-base-rules.md §3.

The opponent is the Voracious Wyrm. To keep its own battle abilities out of these checks, the Wyrm
pawn stays away from the clearing of battle (W-MON/W-PY) and, where the Marquise attacks, the low
die is 0 or the Wyrm's ignored hits (Ravenous, W-RAV-1) are accounted for explicitly."""
import pytest

from rules_positions import MARQUISE, WYRM, act, c, card_id, cat_day, hand, state, wyrm_day


# ------------------------------------------------------------------ 4.3.1 ambush

def test_lor_4_3_1_defender_may_ambush_with_matching_suit():
    """LoR 4.3.1: in a rabbit clearing (5) the defender may play a rabbit ambush, or decline."""
    g = cat_day(warriors={5: 3}, wyrmlings={5: 1}, wyrm_hand=("R#ambush", "F#ambush"))
    act(g, "XW5")
    assert g.step == "battle_ambush" and g.current_player == WYRM
    assert g.legal_texts() == ["pass", "R#ambush@"]


def test_lor_4_3_1_non_matching_ambush_cannot_be_played():
    """LoR 4.3.1: a fox or mouse ambush does not fit a rabbit clearing: the defender may only
    pass. It is asked all the same (issue 29 item 5): a prompt only when it holds a fitting card
    would tell the attacker that it does."""
    g = cat_day(warriors={5: 3}, wyrmlings={5: 1}, wyrm_hand=("F#ambush", "M#ambush"))
    g.apply("XW5")
    assert g.step == "battle_ambush" and g.current_player == WYRM
    assert g.legal_texts() == ["pass"]
    g.apply("pass")
    assert g.step == "battle_roll"


@pytest.mark.parametrize("clearing", [1, 2, 5])
def test_lor_4_3_1_bird_ambush_fits_any_clearing(clearing):
    """LoR 4.3.1 / 2.1.1: a bird ambush can be played in a clearing of any suit."""
    g = cat_day(warriors={clearing: 3}, wyrmlings={clearing: 1}, wyrm_hand=("B#ambush",))
    act(g, f"XW{clearing}")
    assert g.step == "battle_ambush"
    assert g.legal_texts() == ["pass", "B#ambush@"]


def test_lor_4_3_1_ambush_deals_two_hits_before_roll_not_capped():
    """LoR 4.3.1: the ambush deals 2 hits at once, before the roll, even though the defender has
    no warriors in the clearing (only a fear token); the card is discarded."""
    g = cat_day(warriors={5: 3}, fear={5: 2}, wyrm_hand=("R#ambush",))
    act(g, "XW5", "R#ambush@")
    d = state(g)
    assert d["warriors"][c(5)] == 1
    assert d["discard"][card_id("R#ambush")] == 1 and d["hand_size"][WYRM] == 0
    assert g.step == "battle_roll"


def test_lor_4_3_1_ambush_then_roll_capped_by_remaining_warriors():
    """LoR 4.3.1 + 4.3.2: after an ambush removed 2 of 3 attackers, the roll's hits are capped by
    the 1 warrior left: a 3,0 roll removes only 1 of 3 wyrmlings."""
    g = cat_day(warriors={5: 3}, wyrmlings={5: 3}, wyrm_hand=("R#ambush",))
    act(g, "XW5", "R#ambush@", "roll 3,0")
    d = state(g)
    assert d["warriors"][c(5)] == 1 and d["wyrmlings"][c(5)] == 2
    assert g.step == "marquise_daylight"


def test_lor_4_3_1_ambush_removing_all_attackers_ends_battle():
    """LoR 4.3.1: if the ambush removes all attacking warriors, the battle ends: no roll."""
    g = cat_day(warriors={5: 2}, wyrmlings={5: 1}, fear={5: 2}, wyrm_hand=("R#ambush",))
    act(g, "XW5", "R#ambush@")
    d = state(g)
    assert d["warriors"][c(5)] == 0
    assert d["wyrmlings"][c(5)] == 1 and d["fear"][c(5)] == 2
    assert g.step == "marquise_daylight" and d["actions_left"] == 2
    assert g.scores == (0, 0)


def test_lor_4_3_1_ambush_excess_hits_go_to_attacker_buildings():
    """LoR 4.3.1 + 4.3.4 + 3.2.1: ambush hits are dealt like any hits: with one attacking warrior
    and a sawmill there, the second hit removes the sawmill (1 VP to the Wyrm), battle over."""
    g = cat_day(warriors={5: 1}, sawmills={5: 1}, wyrmlings={5: 1}, wyrm_hand=("R#ambush",))
    act(g, "XW5", "R#ambush@")
    d = state(g)
    assert d["warriors"][c(5)] == 0 and d["buildings"][0][c(5)] == 0
    assert g.scores == (0, 1)
    assert g.step == "marquise_daylight"


def test_lor_4_3_1_wyrm_attacker_ambushed_by_marquise_battle_ends():
    """LoR 4.3.1 (Marquise defending): her bird ambush removes both attacking wyrmlings, battle
    over before the roll; her warriors are untouched."""
    g = wyrm_day(warriors={7: 2}, wyrmlings={7: 2}, cat_hand=("B#ambush",))
    act(g, "XC7")
    assert g.step == "battle_ambush" and g.current_player == MARQUISE
    act(g, "B#ambush@")
    d = state(g)
    assert d["wyrmlings"][c(7)] == 0 and d["warriors"][c(7)] == 2
    assert g.step == "wyrm_daylight"


def test_lor_4_3_1_foil_cancels_ambush():
    """LoR 4.3.1: the attacker foils with a matching ambush: the defender's ambush is discarded
    with no effect, both cards go to the discard pile, and the battle goes on to the roll."""
    g = cat_day(warriors={5: 3}, wyrmlings={5: 2}, cat_hand=("B#ambush",),
                wyrm_hand=("R#ambush",))
    act(g, "XW5", "R#ambush@")
    assert g.step == "battle_foil" and g.current_player == MARQUISE
    assert g.legal_texts() == ["pass", "B#ambush@"]
    act(g, "B#ambush@")
    d = state(g)
    assert d["warriors"][c(5)] == 3
    assert d["discard"][card_id("R#ambush")] == 1 and d["discard"][card_id("B#ambush")] == 1
    assert g.step == "battle_roll"
    act(g, "roll 2,0")
    assert state(g)["wyrmlings"][c(5)] == 0 and state(g)["warriors"][c(5)] == 3


def test_lor_4_3_1_foil_declined_ambush_hits():
    """LoR 4.3.1: the attacker may keep its ambush and let the defender's ambush hit."""
    g = cat_day(warriors={5: 3}, wyrmlings={5: 2}, cat_hand=("R#ambush",),
                wyrm_hand=("B#ambush",))
    act(g, "XW5", "B#ambush@", "pass")
    assert state(g)["warriors"][c(5)] == 1
    assert hand(g, MARQUISE)[card_id("R#ambush")] == 1


def test_lor_4_3_1_foil_needs_matching_ambush():
    """LoR 4.3.1: a foil must match the clearing too: a fox ambush cannot foil in rabbit 5, so
    the attacker may only pass (asked all the same, issue 29 item 5) and the ambush hits."""
    g = cat_day(warriors={5: 3}, wyrmlings={5: 2}, cat_hand=("F#ambush",),
                wyrm_hand=("R#ambush",))
    act(g, "XW5", "R#ambush@")
    assert g.step == "battle_foil" and g.current_player == MARQUISE
    assert g.legal_texts() == ["pass"]
    g.apply("pass")
    assert g.step == "field_hospitals" and g.legal_texts() == ["pass"]   # no rabbit card either
    g.apply("pass")
    assert g.step == "battle_roll"
    assert state(g)["warriors"][c(5)] == 1
    assert hand(g, MARQUISE)[card_id("F#ambush")] == 1


# ------------------------------------------------------------------ 4.3.2 roll

def test_lor_4_3_2_attacker_deals_high_die_marquise_attacking():
    """LoR 4.3.2: the attacker deals the higher die: Marquise attacks with 3, roll 2,0: two of
    three wyrmlings removed, the defender's 0 hits remove nothing."""
    g = cat_day(warriors={5: 3}, wyrmlings={5: 3})
    act(g, "XW5", "roll 2,0")
    d = state(g)
    assert d["wyrmlings"][c(5)] == 1 and d["warriors"][c(5)] == 3


def test_lor_4_3_2_attacker_deals_high_die_wyrm_attacking():
    """LoR 4.3.2: the Wyrm attacking takes the high die: roll 3,1 removes all 3 Marquise
    warriors (the Marquise deals the low 1)."""
    g = wyrm_day(warriors={7: 3}, wyrmlings={7: 3})
    act(g, "XC7", "roll 3,1")
    assert state(g)["warriors"][c(7)] == 0


def test_lor_4_3_2_attacker_hits_capped_by_its_warriors():
    """LoR 4.3.2: rolled hits are capped by the dealer's warriors in the clearing: 2 Marquise
    warriors roll 3,0 and remove only 2 of 5 wyrmlings (her buildings don't raise the cap)."""
    g = cat_day(warriors={5: 2}, sawmills={5: 1}, workshops={5: 1}, wyrmlings={5: 5})
    act(g, "XW5", "roll 3,0")
    assert state(g)["wyrmlings"][c(5)] == 3


def test_lor_4_3_2_defender_hits_capped_by_its_warriors():
    """LoR 4.3.2: the defender's rolled hits are capped by its warriors too: one wyrmling
    defending on a 3,3 roll removes only 1 of 4 attacking Marquise warriors."""
    g = cat_day(warriors={5: 4}, wyrmlings={5: 1})
    act(g, "XW5", "roll 3,3")
    assert state(g)["warriors"][c(5)] == 3


def test_lor_4_3_2_wyrm_attacker_capped_by_wyrmlings():
    """LoR 4.3.2: one attacking wyrmling (no pawn) deals at most 1 hit on a 3,0 roll."""
    g = wyrm_day(warriors={7: 3}, wyrmlings={7: 1})
    act(g, "XC7", "roll 3,0")
    assert state(g)["warriors"][c(7)] == 2


def test_lor_4_3_2_roll_outcomes_are_high_low_pairs():
    """LoR 4.3.2: two dice 0-3, read as (high, low): 10 outcomes, probabilities summing to 1."""
    g = cat_day(warriors={5: 1}, wyrmlings={5: 1})
    act(g, "XW5")
    outs = g.chance_outcomes()
    assert len(outs) == 10
    assert abs(sum(p for _, p in outs) - 1.0) < 1e-9
    assert "roll 0,3" not in g.legal_texts() and "roll 3,0" in g.legal_texts()


# ------------------------------------------------------------------ 4.3.3 defenseless

def test_lor_4_3_3_defenseless_extra_hit_on_zero_roll():
    """LoR 4.3.3: a defender with no warriors in the clearing takes 1 extra hit: the Wyrm with
    only a fear token there loses it on a 0,0 roll (1 VP to the Marquise, LoR 3.2.1)."""
    g = cat_day(warriors={5: 1}, fear={5: 2})
    act(g, "XW5", "roll 0,0")
    d = state(g)
    assert d["fear"][c(5)] == 0
    assert g.scores == (1, 0)


def test_lor_4_3_3_defenseless_extra_hit_not_capped():
    """LoR 4.3.3: the extra hit is not capped by the attacker's warriors: one wyrmling attacking
    Marquise buildings (no warriors) on a 3,0 roll deals 1 rolled + 1 extra = 2 hits."""
    g = wyrm_day(wyrmlings={7: 1}, sawmills={7: 1}, workshops={7: 1}, wood={7: 1})
    act(g, "XC7", "roll 3,0")
    assert g.current_player == MARQUISE
    act(g, "b_s7->")
    assert g.legal_texts() == ["b_w7->", "t7->"]
    act(g, "t7->")
    d = state(g)
    assert d["buildings"][0][c(7)] == 0 and d["wood"][c(7)] == 0
    assert d["buildings"][1][c(7)] == 1
    assert g.scores == (0, 2)
    assert g.step == "wyrm_daylight"


def test_lor_4_3_3_not_defenseless_with_a_warrior():
    """LoR 4.3.3: one defending warrior means no extra hit: a 0,0 roll removes nothing."""
    g = wyrm_day(warriors={7: 1}, sawmills={7: 1}, wyrmlings={7: 2})
    act(g, "XC7", "roll 0,0")
    d = state(g)
    assert d["warriors"][c(7)] == 1 and d["buildings"][0][c(7)] == 1


# ------------------------------------------------------------------ 4.3.4 hits

def test_lor_4_3_4_warriors_before_buildings_and_tokens():
    """LoR 4.3.4: the side taking hits must remove all its warriors before any building or
    token: with 1 warrior, a sawmill, a workshop and wood, the first hit takes the warrior."""
    g = wyrm_day(warriors={7: 1}, sawmills={7: 1}, workshops={7: 1}, wood={7: 1},
                 wyrmlings={7: 3})
    act(g, "XC7", "roll 2,0")
    d = state(g)
    assert d["warriors"][c(7)] == 0
    assert g.step == "battle_hits" and g.current_player == MARQUISE
    assert g.legal_texts() == ["b_s7->", "b_w7->", "t7->"]


def test_lor_4_3_4_warriors_first_no_building_choice_while_warriors_remain():
    """LoR 4.3.4: two hits on 2 warriors + buildings take both warriors, never a building."""
    g = wyrm_day(warriors={7: 2}, sawmills={7: 1}, workshops={7: 1}, wyrmlings={7: 3})
    act(g, "XC7", "roll 2,0")
    d = state(g)
    assert d["warriors"][c(7)] == 0
    assert d["buildings"][0][c(7)] == 1 and d["buildings"][1][c(7)] == 1
    assert g.step == "wyrm_daylight" and g.scores == (0, 0)


def test_lor_4_3_4_owner_chooses_which_building_or_token():
    """LoR 4.3.4: the owner (the Marquise) picks which building or token each hit removes; each
    scores 1 VP for the Wyrm (LoR 3.2.1)."""
    g = wyrm_day(warriors={7: 1}, sawmills={7: 1}, recruiters={7: 1}, wood={7: 2},
                 wyrmlings={7: 3})
    act(g, "XC7", "roll 3,0")
    assert g.legal_texts() == ["b_s7->", "b_r7->", "t7->"]
    act(g, "t7->")
    assert g.legal_texts() == ["b_s7->", "b_r7->", "t7->"]
    act(g, "b_r7->")
    d = state(g)
    assert d["buildings"][0][c(7)] == 1 and d["buildings"][2][c(7)] == 0 and d["wood"][c(7)] == 1
    assert g.scores == (0, 2)


def test_lor_4_3_4_excess_hits_are_lost():
    """LoR 4.3.4: hits beyond the defender's pieces are lost: 3 hits against a lone wyrmling."""
    g = cat_day(warriors={5: 3}, wyrmlings={5: 1})
    act(g, "XW5", "roll 3,0")
    assert state(g)["wyrmlings"][c(5)] == 0
    assert g.step == "marquise_daylight"


def test_lor_4_3_4_keep_can_be_hit():
    """LoR 4.3.4 + 6.2.2 + 3.2.1: the Keep is a token: a hit may remove it (1 VP to the remover);
    it is gone for good."""
    g = wyrm_day(wyrmlings={1: 2}, keep=1)
    act(g, "XC1", "roll 1,0")
    d = state(g)
    assert d["keep"] == -1
    assert g.scores == (0, 1)


# ------------------------------------------------------------------ 3.2.1 removal VP

def test_lor_3_2_1_one_vp_per_building_or_token_removed():
    """LoR 3.2.1: the Wyrm removes a sawmill, a workshop and a wood: 3 VP; removing warriors
    scores nothing."""
    g = wyrm_day(warriors={7: 1}, sawmills={7: 1}, workshops={7: 1}, wood={7: 1},
                 wyrmlings={7: 3})
    act(g, "XC7", "roll 3,0", "b_s7->", "t7->")
    assert g.scores == (0, 2)
    g = wyrm_day(warriors={7: 1}, sawmills={7: 1}, workshops={7: 1}, wood={7: 1},
                 wyrmlings={7: 3}, score=(0, 5))
    g = act(g, "XC7", "roll 3,0", "b_s7->", "b_w7->")
    assert g.scores == (0, 7)


def test_lor_3_2_1_marquise_scores_for_removed_fear_token():
    """LoR 3.2.1: the Marquise scores 1 VP for a Wyrm token she removes (after its wyrmling)."""
    g = cat_day(warriors={5: 2}, wyrmlings={5: 1}, fear={5: 2})
    act(g, "XW5", "roll 2,0")
    d = state(g)
    assert d["wyrmlings"][c(5)] == 0 and d["fear"][c(5)] == 0
    assert g.scores == (1, 0)


def test_lor_g_1_22_removed_building_returns_to_track_cost_and_vp_step_back():
    """LoR 3.2.1 / G.1.22: a removed sawmill goes back to its track. With 3 sawmills on the map
    the next would cost 3 wood; the Marquise loses one in battle (her attack in 7 goes wrong:
    roll 2,2, the two wyrmlings' hits take her warrior, then the sawmill, 1 VP to the Wyrm), and
    the next sawmill costs 2 wood and scores 2 VP, as the third column did before."""
    g = cat_day(warriors={5: 2, 7: 1}, sawmills={2: 1, 7: 1, 8: 1}, wyrmlings={7: 2},
                wood={5: 3})
    act(g, "XW7", "roll 2,2")
    d = state(g)
    assert d["warriors"][c(7)] == 0 and d["buildings"][0][c(7)] == 0
    assert g.scores == (0, 1) and g.step == "marquise_daylight"
    act(g, "b_s->5")
    d = state(g)
    assert d["wood"][c(5)] == 1
    assert d["buildings"][0][c(5)] == 1
    assert g.scores == (2, 1)


# ------------------------------------------------------------------ 4.3 who may battle

def test_lor_4_3_attacker_needs_warriors_defender_needs_pieces():
    """LoR 4.3: the attacker picks a clearing with its warriors and an enemy with any piece there:
    Marquise buildings alone cannot attack; warriors may attack a lone fear token; no battle in a
    clearing without enemy pieces."""
    g = cat_day(sawmills={5: 1}, workshops={5: 1}, wyrmlings={5: 1})
    assert "XW5" not in g.legal_texts()
    g = cat_day(warriors={5: 1}, fear={5: 2})
    assert "XW5" in g.legal_texts()
    g = cat_day(warriors={5: 3})
    assert not any(t.startswith("X") for t in g.legal_texts())


def test_lor_4_3_1_wyrm_attacker_foils_marquise_ambush():
    """LoR 4.3.1 (roles swapped): the Marquise defends in rabbit 5 with a rabbit ambush; the Wyrm
    foils with a bird ambush: no ambush hits, both cards discarded, on to the roll."""
    g = wyrm_day(warriors={5: 2}, wyrmlings={5: 2}, cat_hand=("R#ambush",),
                 wyrm_hand=("B#ambush",))
    act(g, "XC5", "R#ambush@")
    assert g.step == "battle_foil" and g.current_player == WYRM
    assert g.legal_texts() == ["pass", "B#ambush@"]
    act(g, "B#ambush@")
    d = state(g)
    assert d["wyrmlings"][c(5)] == 2 and g.step == "battle_roll"
    assert d["discard"][card_id("R#ambush")] == 1 and d["discard"][card_id("B#ambush")] == 1
    assert d["hand_size"] == [0, 0]
