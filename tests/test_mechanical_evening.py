"""The Mechanical Marquise 2.0's Evening (MM2 digest §11: the ordered track, a bird order's best
track, the order discarded, Nightmare / Boss Mode; §10 the DC's Expand at the start of Evening;
§3 track values max(0, on the map - 1))."""
from __future__ import annotations

import pytest

from mm_positions import (BIRD, FOX, MOUSE, RABBIT, RECRUITER, SAWMILL, WORKSHOP, bot_state, built, card_id,
                          deck_with, order, position, vp_for)


@pytest.mark.parametrize("token,have,vp", [
    (FOX, [(SAWMILL, 1), (SAWMILL, 3), (SAWMILL, 4), (WORKSHOP, 6)], 3),      # 4 sawmills after the build
    (RABBIT, [(WORKSHOP, 1), (WORKSHOP, 3), (SAWMILL, 4), (SAWMILL, 6)], 2),  # 3 workshops
    (MOUSE, [(RECRUITER, c) for c in (1, 3, 4, 6, 10)], 5),                   # 6 recruiters
    (MOUSE, [(SAWMILL, 1), (SAWMILL, 3), (SAWMILL, 4)], 0),                   # 1 recruiter: the first space
])
def test_mm2_11_score_the_ordered_track(token, have, vp):
    """MM2 §11.2, §3: a fox, rabbit or mouse order scores the sawmill, workshop or recruiter track:
    0, 1, .., 5 VP for 1..6 of that type on the map (this turn's build included)."""
    s = position(bot_state(), mm={8: 2}, buildings=have, keep=-1)
    ev = order(s, token)
    assert vp_for(ev, "mm_evening") == vp and s.to_dict()["score"][0] == vp


def test_mm2_11_bird_order_scores_the_best_track():
    """MM2 §11.2: a bird order scores the largest of the three tracks (4 workshops after the
    Escalated build of the type it has most of, 5 on the map: 4 VP; sawmills 2 -> 1)."""
    have = [(SAWMILL, 1), (SAWMILL, 3), (WORKSHOP, 4), (WORKSHOP, 6), (WORKSHOP, 10), (WORKSHOP, 12),
            (RECRUITER, 2)]
    s = position(bot_state(), mm={8: 3}, buildings=have, keep=-1)
    ev = order(s, BIRD)
    assert (WORKSHOP, 8) in built(s)
    assert vp_for(ev, "mm_evening") == 4


def test_mm2_11_3_the_order_is_discarded_and_the_turn_passes():
    """MM2 §11.3: the order card goes to the shared discard pile; it draws no card (§2.2); the
    next player's turn begins."""
    s = position(bot_state(), mm={8: 2}, keep=-1)
    order(s, MOUSE)
    d = s.to_dict()
    assert d["mm_order"] == -1 and d["discard"][card_id(MOUSE)] == 1 and d["hand_size"][0] == 0
    assert s.turn == 1 and s.step == "eyrie_decree"


def test_mm2_11_4_nightmare_scores_1_more_each_evening():
    """MM2 §11.4 / §8 Nightmare (ORIGINAL): 1 VP at the end of each of its Evenings."""
    s = position(bot_state(level=3), mm={8: 2}, keep=-1)
    ev = order(s, MOUSE)
    assert vp_for(ev, "mm_bonus") == 1 and vp_for(ev, "mm_evening") == 0
    assert s.to_dict()["score"][0] == 1


@pytest.mark.parametrize("level", (0, 1, 2))
def test_mm2_11_4_no_evening_bonus_below_nightmare(level):
    """MM2 §8: Easy, Normal and Challenging score nothing more in Evening."""
    s = position(bot_state(level=level), mm={8: 2}, keep=-1)
    assert vp_for(order(s, MOUSE), "mm_bonus") == 0


@pytest.mark.parametrize("factions,bonus", [
    (("mechanical-marquise", "eyrie"), 1),                               # 1 player: ceil(1/2)
    (("mechanical-marquise", "eyrie", "wyrm"), 1),                       # 2: 1
    (("mechanical-marquise", "eyrie", "alliance", "vagabond"), 2),       # 3: 2
])
def test_mm2_11_4_boss_mode_scores_half_the_players_rounded_up(factions, bonus):
    """MM2 §11.4 / §8 Boss Mode (DC Nightmare, PROPOSED: players who are not bots): at the end
    of each Evening, 1 VP per two players, rounded up."""
    s = position(bot_state(factions=factions, variant=1, level=3), mm={8: 2}, keep=-1)
    assert vp_for(order(s, MOUSE), "mm_bonus") == bonus


# ---- §10: the DC's Expand, at the start of Evening ---------------------------------------------------

FULL = [(WORKSHOP, 3), (RECRUITER, 4)]      # rabbit clearings of one slot: where it rules, all full

def test_mm2_10_dc_expand_when_nothing_built_and_the_score_would_be_below_3():
    """MM2 §10 (DC): at the start of Evening, no building this turn and an Evening score below 3:
    the order card is discarded and another revealed (no craft), Daylight again; then Evening
    once more, with no second Expand (once a turn)."""
    s = deck_with(position(bot_state(variant=1), buildings=FULL, keep=-1), MOUSE)
    ev = order(s, FOX)               # no sawmill can go anywhere: sawmill track 0
    d = s.to_dict()
    assert s.step == "mechanical_order" and d["mm_repeats"] == 1 and d["discard"][card_id(FOX)] == 1
    assert vp_for(ev, "mm_evening") == 0
    ev = order(s, MOUSE)             # still nothing built, score 0: but only one Expand a turn
    assert s.turn == 1 and s.to_dict()["mm_repeats"] == 1 and vp_for(ev, "mm_evening") == 0


def test_mm2_10_dc_iron_will_expands_twice():
    """MM2 §9-10 Iron Will (DC): Expand may happen twice a turn."""
    s = deck_with(position(bot_state(variant=1, traits=8), buildings=FULL, keep=-1), MOUSE, RABBIT)
    order(s, FOX)
    assert s.step == "mechanical_order"
    order(s, MOUSE)
    assert s.step == "mechanical_order" and s.to_dict()["mm_repeats"] == 2
    order(s, RABBIT)
    assert s.turn == 1


def test_mm2_10_dc_no_expand_after_a_build():
    """MM2 §10 (DC): a building placed this turn: no Expand, though the score is below 3."""
    s = position(bot_state(variant=1), mm={8: 2}, keep=-1)
    ev = order(s, MOUSE)
    assert s.turn == 1 and vp_for(ev, "mm_evening") == 0 and s.to_dict()["mm_repeats"] == 0


def test_mm2_10_dc_expand_checks_after_a_bird_order_too():
    """MM2 §10 (DC): the Expand check comes at the start of Evening whatever the order suit (an
    Escalated Daylight that built nothing, with no clearing to build in)."""
    s = position(bot_state(variant=1), buildings=FULL, keep=-1)
    order(s, BIRD)
    assert s.step == "mechanical_order" and s.to_dict()["mm_repeats"] == 1
