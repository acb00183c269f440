"""The Mechanical Marquise 2.0's options (MM2 digest §8 difficulties, §9 traits, both variants; the
State constructor's checks)."""
from __future__ import annotations

import pytest

from wyrm_ai import _core
from wyrm_ai.model.errors import ConfigError
from wyrm_ai.model.factions import faction_id

from mm_positions import (BIRD, FOX, MOUSE, NCL, P_SAWMILL, RABBIT, SAWMILL, WORKSHOP, A, bot_state, battles, built,
                          eyrie_attacks, finish, of_kind, order, placed, position, roll, vp_for, warriors)

BLITZ, FORTIFIED, HOSPITALS, IRON_WILL = 1, 2, 4, 8
BATTLE_STEPS = ("battle_roll", "battle_hits", "battle_effects")


def test_mm2_8_options_are_checked():
    """MM2 §8-9: the variant (original, dc), level (easy..nightmare) and traits (4 bits) out of
    range are a ConfigError naming the option."""
    table = (faction_id("mechanical-marquise"), faction_id("wyrm"))
    for name, bad in (("mm_variant", 2), ("mm_level", 4), ("mm_traits", 16), ("mm_level", -1)):
        with pytest.raises(ConfigError, match=name):
            _core.State(0, factions=table, **{name: bad})
    assert _core.MM_VARIANT_NAMES == ("original", "dc")
    assert _core.MM_LEVEL_NAMES == ("easy", "normal", "challenging", "nightmare")
    assert _core.MM_TRAIT_NAMES == ("blitz", "fortified", "hospitals", "iron-will")


# ---- §8 difficulties ---------------------------------------------------------------------------

@pytest.mark.parametrize("variant,level,n,bonus", [
    (0, 0, 2, 0), (0, 1, 4, 0), (0, 2, 4, 2), (0, 3, 4, 2),     # ORIGINAL: Easy 2; Challenging/Nightmare +2
    (1, 0, 3, 0), (1, 1, 4, 0), (1, 2, 5, 0), (1, 3, 5, 0),     # DC: Beginner 3, Expert 4, Master 5, Boss 5
])
def test_mm2_8_recruit_amount_by_difficulty(variant, level, n, bonus):
    """MM2 §8: the warriors a Recruit places: ORIGINAL Easy 2, Normal 4, Challenging and Nightmare
    4 then 2 more in the highest-priority ordered clearing it rules; DC 3 / 4 / 5 / 5."""
    s = position(bot_state(variant=variant, level=level), mm={12: 1}, keep=-1)
    ev = order(s, FOX)
    assert placed(ev) == {12: n}
    assert placed(ev, "bonus") == ({12: bonus} if bonus else {})


def test_mm2_8_easy_split_evenly_extras_to_high_priority():
    """MM2 §8 Easy (ORIGINAL): 2 warriors over 3 ordered ruled clearings: one each to the two of
    highest priority; with a bird order 1 + 1 in the two lowest-priority ruled clearings."""
    s = position(bot_state(level=0), mm={1: 1, 6: 1, 12: 1}, keep=-1)
    assert placed(order(s, FOX)) == {1: 1, 6: 1}
    s = position(bot_state(level=0), mm={1: 1, 6: 1, 12: 1}, keep=-1)
    assert placed(order(s, BIRD)) == {6: 1, 12: 1}


@pytest.mark.parametrize("token,mm,where", [
    (FOX, {12: 1, 6: 1, 2: 1}, 6),        # the highest-priority ordered (fox) clearing it rules
    (BIRD, {12: 1, 6: 1, 2: 1}, 2),       # a bird order: every clearing counts as ordered (§2.2)
    (MOUSE, {12: 1, 6: 1}, None),         # no ordered clearing ruled: no bonus
])
def test_mm2_8_challenging_bonus_in_the_highest_priority_ordered_clearing(token, mm, where):
    """MM2 §8 Challenging (ORIGINAL): after every Recruit, 2 more warriors in the ordered clearing
    it rules of highest priority (PROPOSED for a bird order: every clearing is ordered), none if
    it rules no such clearing."""
    s = position(bot_state(level=2), mm=mm, keep=-1)
    assert placed(order(s, token), "bonus") == ({where: 2} if where else {})


@pytest.mark.parametrize("mm,placed_n,vp", [
    ({12: 1, 2: 23}, 1, 1),       # 1 warrior left in supply: 3 not placed -> 1 VP
    ({2: 1}, 0, 2),               # no ordered clearing ruled: 4 not placed -> 2 VP
    ({12: 1}, 4, 0),
])
def test_mm2_8_dc_scores_1_vp_per_2_warriors_it_could_not_recruit(mm, placed_n, vp):
    """MM2 §8 (DC): at every Recruit, 1 VP for every 2 warriors it could not place, rounded down
    (PROPOSED: missing for any reason, empty supply or no clearing)."""
    s = position(bot_state(variant=1), mm=mm, keep=-1)
    ev = order(s, FOX)
    assert sum(placed(ev).values()) == placed_n and vp_for(ev, "mm_short") == vp


def test_mm2_8_original_scores_nothing_for_warriors_not_placed():
    """MM2 §4.5.2 / §8: ORIGINAL gives no compensation for a short Recruit."""
    s = position(bot_state(variant=0), mm={2: 1}, keep=-1)
    assert vp_for(order(s, FOX), "mm_short") == 0


# ---- §9 traits ------------------------------------------------------------------------------------

@pytest.mark.parametrize("level,traits,expected,bonus", [
    (1, IRON_WILL, {9: 4, 12: 4}, {}),           # 4 + 4
    (0, IRON_WILL, {9: 2, 12: 2}, {}),           # Easy: 2 + 2
    (2, IRON_WILL, {9: 4, 12: 4}, {2: 2}),       # Challenging's bonus is not doubled (PROPOSED)
    (1, 0, {9: 2, 12: 2}, {}),
])
def test_mm2_9_iron_will_original_doubles_the_escalated_recruit(level, traits, expected, bonus):
    """MM2 §9 Iron Will (ORIGINAL): every Recruit in Escalated Daylight places double."""
    s = position(bot_state(level=level, traits=traits), mm={2: 1, 9: 1, 12: 1}, keep=-1)
    ev = order(s, BIRD)
    assert placed(ev) == expected and placed(ev, "bonus") == bonus


def test_mm2_9_iron_will_original_does_not_double_a_suited_recruit():
    """MM2 §9 Iron Will (ORIGINAL): only the Escalated Recruit doubles."""
    s = position(bot_state(traits=IRON_WILL), mm={12: 1}, keep=-1)
    assert placed(order(s, FOX)) == {12: 4}


def test_mm2_9_iron_will_dc_does_not_double_the_recruit():
    """MM2 §9 Iron Will (DC) changes Expand (twice a turn, tests/test_mechanical_evening.py), not
    the Recruit."""
    s = position(bot_state(variant=1, traits=IRON_WILL), mm={2: 1, 9: 1, 12: 1}, keep=-1)
    assert placed(order(s, BIRD)) == {9: 2, 12: 2}


@pytest.mark.parametrize("variant", (0, 1))
def test_mm2_9_blitz_moves_all_but_one_out_of_a_quiet_clearing_and_battles(variant):
    """MM2 §9 Blitz (both variants): after Move, from the highest-priority clearing it rules with
    no enemy piece (2, its 3 warriors), all but one move to the neighbour with the most enemy
    pieces (6: 1 bird), then battle there."""
    s = position(bot_state(variant=variant, traits=BLITZ), mm={2: 3}, birds={6: 1}, keep=-1)
    ev = order(s, FOX)
    assert warriors(s) == {2: 1, 6: 2}
    assert battles(ev) == [(6, 1)]


def test_mm2_9_blitz_skips_a_clearing_with_one_warrior_and_needs_the_trait():
    """MM2 §9 Blitz (PROPOSED): a clearing with a single warrior cannot move (skipped for the
    next: 9); without the trait nothing moves."""
    s = position(bot_state(traits=BLITZ), mm={2: 1, 9: 2}, birds={12: 1}, keep=-1)
    order(s, RABBIT)
    assert warriors(s) == {2: 1, 9: 1, 12: 1}
    s = position(bot_state(), mm={2: 1, 9: 2}, birds={12: 1}, keep=-1)
    order(s, RABBIT)
    assert warriors(s) == {2: 1, 9: 2}


def fortified_battle(high, low, traits=FORTIFIED, variant=0):
    """The bot (1 warrior, a sawmill and a workshop in clearing 2, no Keep) battles the Eyrie's 3
    birds there; the dice as given."""
    s = position(bot_state(variant=variant, traits=traits), mm={2: 1}, buildings=[(SAWMILL, 2), (WORKSHOP, 2)], birds={2: 3},
                 keep=-1)
    order(s, MOUSE)
    ev = roll(s, high, low)
    return s, ev


@pytest.mark.parametrize("variant", (0, 1))
def test_mm2_9_fortified_a_building_takes_two_hits(variant):
    """MM2 §9 Fortified (both variants): each of its buildings needs 2 hits; after its warrior, 2
    hits remove one building (its type drawn at random, §2.1) and score the Eyrie 1 VP."""
    s, ev = fortified_battle(3, 3, variant=variant)
    assert of_kind(ev, "fortified")
    assert s.step == "battle_hits" and s.is_chance_node()
    assert [a for a, _ in s.chance_outcomes()] == [A["remove"] + (P_SAWMILL + b) * NCL + 1 for b in (0, 1)]
    s.apply(s.chance_outcomes()[0][0])
    assert built(s) == [(WORKSHOP, 2)] and s.to_dict()["score"][1] == 1


@pytest.mark.parametrize("variant", (0, 1))
def test_mm2_9_fortified_a_single_hit_on_a_building_does_nothing(variant):
    """MM2 §9 Fortified (PROPOSED): an odd hit left over on a building is lost: after the warrior,
    1 hit removes nothing and scores nothing."""
    s, ev = fortified_battle(2, 2, variant=variant)
    assert s.step != "battle_hits"
    assert built(s) == [(SAWMILL, 2), (WORKSHOP, 2)] and s.to_dict()["score"][1] == 0


def test_mm2_9_without_fortified_one_hit_removes_a_building():
    """MM2 §2.1: without Fortified the second hit already removes a building."""
    s, ev = fortified_battle(2, 2, traits=0)
    assert s.step == "battle_hits" and s.is_chance_node()


@pytest.mark.parametrize("variant,traits,defenders,lost,back", [
    (0, HOSPITALS, 3, 3, 2),     # ORIGINAL: 2 warriors to the Keep's clearing
    (1, HOSPITALS, 3, 3, 1),     # DC: 1
    (0, HOSPITALS, 3, 1, 0),     # fewer than 2 removed: nothing
    (0, 0, 3, 3, 0),             # no trait: nothing
])
def test_mm2_9_hospitals_after_defending_with_2_or_more_lost(variant, traits, defenders, lost, back):
    """MM2 §9 Hospitals: at the end of a battle it defended in which 2 or more of its warriors
    were removed, 2 (DC: 1) warriors from its supply go to the Keep's clearing (1)."""
    s = position(bot_state(variant=variant, traits=traits), mm={2: defenders, 1: 1}, birds={2: 4},
                 roosts=[8], keep=1)
    s = eyrie_attacks(s, 2)
    assert s.step == "battle_roll"
    before = warriors(s)
    roll(s, lost, 0)
    ev = finish(s, until=lambda st: st.step not in BATTLE_STEPS)
    after = warriors(s)
    assert placed(ev, "hospitals") == ({1: back} if back else {})
    assert after.get(2, 0) == defenders - lost
    assert after[1] - before[1] == back


def test_mm2_9_hospitals_not_when_it_attacks():
    """MM2 §9 Hospitals: only a battle it defended: attacking with 3 and losing all 3, nothing."""
    s = position(bot_state(traits=HOSPITALS), mm={2: 3}, birds={2: 3}, keep=1)
    order(s, MOUSE)
    ev = roll(s, 3, 3) + finish(s)
    assert warriors(s).get(2, 0) == 0
    assert placed(ev, "hospitals") == {}
