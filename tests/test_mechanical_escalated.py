"""The Mechanical Marquise 2.0's Escalated Daylight with a bird order (MM2 digest §7: battle everywhere,
recruit in the two lowest-priority clearings it rules, build the type it has most of, move from
every clearing then battle where it moved; no Expand after it, §4.5.5 / §10)."""
from __future__ import annotations

import pytest

from mm_positions import (BIRD, RECRUITER, SAWMILL, WORKSHOP, bot_state, battles, built, finish, order, placed,
                          position, warriors)


def test_mm2_7_1_battle_in_every_clearing_in_priority_order():
    """MM2 §7.1: with a bird order it battles wherever it is legal, whatever the suit (1 fox,
    2 mouse, 3 rabbit), highest priority first."""
    s = position(bot_state(), mm={3: 1, 1: 1, 2: 1}, birds={1: 1, 2: 1, 3: 1}, keep=-1)
    ev = order(s, BIRD) + finish(s)
    assert battles(ev) == [(1, 1), (2, 1), (3, 1)]


def test_mm2_7_2_recruit_in_the_two_lowest_priority_clearings_it_rules():
    """MM2 §7.2: n/2 = 2 in each of the two ruled clearings of lowest priority (largest numbers),
    any suit."""
    s = position(bot_state(), mm={1: 1, 5: 1, 9: 1, 12: 1}, keep=-1)
    assert placed(order(s, BIRD)) == {9: 2, 12: 2}


def test_mm2_7_2_recruit_all_in_a_sole_ruled_clearing_none_without():
    """MM2 §7.2: ruling one clearing, all 4 go there; ruling none, nothing is placed."""
    s = position(bot_state(), mm={5: 1}, keep=-1)
    assert placed(order(s, BIRD)) == {5: 4}
    s = position(bot_state(), mm={5: 1}, birds={5: 1}, keep=-1)
    assert placed(order(s, BIRD) + finish(s)) == {}


@pytest.mark.parametrize("variant,level,expected", [
    (1, 0, {9: 2, 12: 1}),       # DC Beginner: 3, the odd warrior to the higher priority (9)
    (1, 2, {9: 3, 12: 2}),       # DC Master: 5
    (1, 1, {9: 2, 12: 2}),
])
def test_mm2_7_2_dc_odd_warrior_to_the_higher_priority_clearing(variant, level, expected):
    """MM2 §7.2 (PROPOSED): when n is odd (DC Beginner 3, Master 5) the extra warrior goes to the
    higher-priority (smaller number) of the two clearings."""
    s = position(bot_state(variant=variant, level=level), mm={1: 1, 9: 1, 12: 1}, keep=-1)
    assert placed(order(s, BIRD)) == expected


@pytest.mark.parametrize("variant,have,kind", [
    (0, [(WORKSHOP, 1), (WORKSHOP, 3), (SAWMILL, 4)], WORKSHOP),          # the most on the map
    (0, [(WORKSHOP, 1), (SAWMILL, 3), (RECRUITER, 4)], SAWMILL),          # tied with sawmills: sawmill
    (1, [(WORKSHOP, 1), (SAWMILL, 3), (RECRUITER, 4)], SAWMILL),
    (0, [(WORKSHOP, 1), (RECRUITER, 4)], RECRUITER),                      # workshop = recruiter: ORIGINAL
    (1, [(WORKSHOP, 1), (RECRUITER, 4)], WORKSHOP),                       # DC
    (0, [], SAWMILL),                                                     # none at all: all tied
])
def test_mm2_7_3_build_the_type_it_has_most_of_with_the_variants_tie_break(variant, have, kind):
    """MM2 §7.3: the type it has most of on the map; ties: sawmill if among them; workshop against
    recruiter: recruiter in ORIGINAL, workshop in DC. Where: as §4.5.3 (8: the most warriors)."""
    s = position(bot_state(variant=variant), mm={8: 3}, buildings=have, keep=-1)
    order(s, BIRD)
    assert built(s) == sorted(have + [(kind, 8)])


@pytest.mark.parametrize("variant,kind", [(0, RECRUITER), (1, WORKSHOP)])
def test_mm2_7_3_a_used_up_type_falls_back_to_the_next(variant, kind):
    """MM2 §7.3 (PROPOSED): with all 6 sawmills on the map (the most), the next type by the same
    ordering that has one left: workshop and recruiter tie at none, so ORIGINAL recruiter, DC
    workshop."""
    saws = [(SAWMILL, c) for c in (2, 5, 7, 9, 11, 12)]
    s = position(bot_state(variant=variant), mm={8: 3}, buildings=saws, keep=-1)
    order(s, BIRD)
    assert built(s) == sorted(saws + [(kind, 8)])


@pytest.mark.parametrize("variant,after,fights", [
    (0, {1: 3, 5: 3, 2: 5}, [(2, 1), (5, 1)]),    # ORIGINAL: 5 is a later origin, its 8 move on
    (1, {1: 3, 5: 8}, [(5, 1)]),                  # DC: each warrior moves at most once
])
def test_mm2_7_4_move_from_every_clearing_then_battle_where_it_moved(variant, after, fights):
    """MM2 §7.4 and §4.5.4: from every clearing with 4+ warriors, in origin priority order, all but
    three move to the neighbour with the most enemy pieces (1: 7 + 4 recruited, 8 move to 5, 1
    bird); ORIGINAL (PROPOSED): 5 is a later origin and all but three of its 8 move on to 2 (2
    birds); DC: the 8 that moved in may not move again. Then it battles once in each clearing it
    moved into, in priority order, where legal."""
    s = position(bot_state(variant=variant), mm={1: 7}, birds={5: 1, 2: 2}, keep=-1)
    ev = order(s, BIRD)
    ev += finish(s)
    assert warriors(s) == after
    assert battles(ev) == fights


def test_mm2_7_no_expand_after_escalated_daylight():
    """MM2 §7 / §4.5.5: ORIGINAL Escalated Daylight has no Expand step: nothing built, no
    buildings on the map, and still the turn goes on to Evening."""
    s = position(bot_state(), keep=-1)
    order(s, BIRD)
    assert s.turn == 1 and s.to_dict()["mm_repeats"] == 0
