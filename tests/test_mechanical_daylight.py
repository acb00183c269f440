"""The Mechanical Marquise 2.0's Birdsong and Daylight with a fox, rabbit or mouse order (MM2 digest §5
order and craft, §6: §4.5.1 Battle, §4.5.2 Recruit, §4.5.3 Build, §4.5.4 Move, §4.5.5 Expand;
§1 priority = clearing number on Autumn). Every position is built by hand (mm_positions.position)
and the bot's turn driven by the order card the test reveals; battles roll 0-0 unless said."""
from __future__ import annotations

import pytest

from wyrm_ai import _core
from wyrm_ai.model.cards import card

from mm_positions import (A, FOX, MOUSE, RABBIT, RECRUITER, SAWMILL, WORKSHOP, bot_state, battles, built, card_id,
                          deck_with, edit, finish, of_kind, order, placed, position, vp_for, warriors)

ANVIL = "F#anvil"               # a fox item card: the hammer, printed 2 VP


def test_mm2_5_order_is_the_top_card_of_the_shared_deck():
    """MM2 §5.1: Birdsong reveals the top card of the shared deck as the order: a chance step over
    the deck's cards by their counts; the card is off the deck and face up as the order."""
    s = bot_state()
    before = s.to_dict()
    assert s.step == "mechanical_order" and s.is_chance_node()
    assert s.chance_outcomes() == [(A["draw"] + t, pytest.approx(n / before["deck_size"]))
                                   for t, n in enumerate(before["deck"]) if n]
    s = position(s, keep=-1)
    order(s, RABBIT)
    # (the turn ran to its end: nothing to do; the order card went to the discard pile in Evening)
    d = s.to_dict()
    assert d["deck_size"] == before["deck_size"] - 1 and d["deck"][card_id(RABBIT)] == 0
    assert d["discard"][card_id(RABBIT)] == 1 and d["mm_order"] == -1


def test_mm2_5_craft_the_orders_item_for_exactly_1_vp_and_keep_the_card_as_the_order():
    """MM2 §5.2 (§1.1.1-1.1.2): an item order whose item is in the supply: the bot takes the item
    (no crafting pieces) and scores exactly 1 VP though the card prints 2; the card stays face up as
    its order through Daylight (here: at its battle) and is discarded in Evening."""
    s = position(bot_state(), mm={1: 1}, birds={1: 1}, keep=-1)
    hammer = card(ANVIL).item
    supply = s.to_dict()["item_supply"][hammer]
    ev = order(s, ANVIL)
    d = s.to_dict()
    assert d["items"][0][hammer] == 1 and d["item_supply"][hammer] == supply - 1
    assert vp_for(ev, "craft") == 1 and d["score"][0] == 1
    assert s.step == "battle_roll" and d["mm_order"] == card_id(ANVIL)
    finish(s)
    d = s.to_dict()
    assert d["mm_order"] == -1 and d["discard"][card_id(ANVIL)] == 1


def test_mm2_5_no_craft_when_the_item_is_not_in_the_supply():
    """MM2 §5.2: an item order whose item is gone from the supply crafts nothing (no VP)."""
    hammer = card(ANVIL).item

    def gone(d):
        d["item_supply"][hammer] = 0
        d["items"][1][hammer] = 1
    s = edit(position(bot_state(), keep=-1), gone)
    ev = order(s, ANVIL)
    assert vp_for(ev, "craft") == 0 and s.to_dict()["items"][0][hammer] == 0


def test_mm2_4_5_5_no_craft_on_an_expand_draw():
    """MM2 §5 / §4.5.5 step 2: the order an Expand reveals crafts nothing (only Daylight repeats)."""
    s = deck_with(position(bot_state(), keep=-1), ANVIL)
    order(s, FOX)                 # nothing to build anywhere: Expand draws again
    assert s.step == "mechanical_order" and s.to_dict()["mm_repeats"] == 1
    ev = order(s, ANVIL)
    assert vp_for(ev, "craft") == 0 and s.to_dict()["items"][0][card(ANVIL).item] == 0


# ---- §4.5.1 Battle --------------------------------------------------------------------------------

def test_mm2_4_5_1_battle_in_every_ordered_clearing_in_priority_order():
    """MM2 §4.5.1 (§2.1, §2.4): battle in each clearing of the order's suit where it is legal (its
    warriors and an enemy piece there), highest priority first; other suits are left alone."""
    s = position(bot_state(), mm={12: 1, 1: 1, 2: 1, 6: 1, 8: 1}, birds={12: 1, 1: 1, 2: 1, 6: 1}, keep=-1)
    ev = order(s, FOX) + finish(s)
    assert battles(ev) == [(1, 1), (6, 1), (12, 1)]


def three_seats():
    return bot_state(factions=("mechanical-marquise", "eyrie", "wyrm"))


@pytest.mark.parametrize("birds,wyrmlings,score,defender", [
    (1, 2, (0, 0, 0), 2),          # the most pieces
    (2, 1, (0, 0, 0), 1),
    (2, 2, (0, 3, 5), 2),          # tied: the most VP
    (2, 2, (0, 5, 3), 1),
    (2, 2, (0, 4, 4), 1),          # tied again: setup priority (the Eyrie before the Wyrm, §2.2)
])
def test_mm2_4_5_1_defender_most_pieces_then_vp_then_setup_order(birds, wyrmlings, score, defender):
    """MM2 §4.5.1: the defender is the enemy with the most pieces in the clearing; ties go to the
    most VP, then to setup priority (§2.2: the Eyrie, letter B, before the Wyrm)."""
    s = position(three_seats(), mm={1: 1}, birds={1: birds}, wyrmlings={1: wyrmlings}, score=score, keep=-1)
    assert battles(order(s, FOX)) == [(1, defender)]


# ---- §4.5.2 Recruit -------------------------------------------------------------------------------

@pytest.mark.parametrize("ruled,expected", [
    ((1, 6, 12), {1: 2, 6: 1, 12: 1}),          # 4 in 3: the 4th to the highest priority
    ((6, 12), {6: 2, 12: 2}),                   # 2 + 2
    ((12,), {12: 4}),                           # all 4
    ((1, 6, 8, 12), {1: 1, 6: 1, 8: 1, 12: 1}),   # 1 each
])
def test_mm2_4_5_2_recruit_splits_evenly_extras_to_high_priority(ruled, expected):
    """MM2 §4.5.2: 4 warriors split evenly over the ordered clearings it rules, the remainder one
    each to the highest-priority ones (4 in 3 clearings: 2 + 1 + 1)."""
    s = position(bot_state(), mm={c: 1 for c in ruled}, keep=-1)
    assert placed(order(s, FOX)) == expected


def test_mm2_4_5_2_recruit_only_in_ordered_clearings_it_rules():
    """MM2 §4.5.2: no warriors where it does not rule (the Eyrie's 2 birds beat its 1 warrior in
    clearing 1) nor in clearings of another suit (2, 5)."""
    s = position(bot_state(), mm={1: 1, 2: 1, 5: 1, 6: 1}, birds={1: 2}, keep=-1)
    assert placed(order(s, FOX) + finish(s)) == {6: 4}


def test_mm2_4_5_2_short_supply_goes_round_robin_by_priority():
    """MM2 §4.5.2 (PROPOSED, LoR 1.5.4): with 3 warriors left in its supply for clearings 1 and 6,
    one at a time round the list, highest priority first: 1 gets 2, 6 gets 1."""
    s = position(bot_state(), mm={1: 1, 6: 1, 2: 7, 7: 7, 9: 6}, keep=-1)
    assert s.to_dict()["mm_warrior_supply"] == 3
    assert placed(order(s, FOX)) == {1: 2, 6: 1} and s.to_dict()["mm_warrior_supply"] == 0


# ---- §4.5.3 Build ---------------------------------------------------------------------------------

@pytest.mark.parametrize("token,kind", [(FOX, SAWMILL), (RABBIT, WORKSHOP), (MOUSE, RECRUITER)])
def test_mm2_4_5_3_build_type_by_the_orders_suit(token, kind):
    """MM2 §4.5.3: fox builds a sawmill, rabbit a workshop, mouse a recruiter; no wood, no VP."""
    s = position(bot_state(), mm={8: 2}, keep=-1)
    ev = order(s, token)
    assert built(s) == [(kind, 8)] and vp_for(ev, "build") == 0 and s.to_dict()["score"][0] == 0


@pytest.mark.parametrize("mm,where", [
    ({2: 3, 9: 3}, 2),       # tied for the most warriors: the higher priority
    ({2: 3, 9: 4}, 9),       # the most warriors
])
def test_mm2_4_5_3_build_where_it_rules_with_most_warriors_any_suit(mm, where):
    """MM2 §4.5.3: the clearing it rules with a free slot and the most of its warriors, ties to
    the highest priority; it need not be ordered (a rabbit order builds in mouse clearings)."""
    s = position(bot_state(), mm=mm, keep=-1)
    order(s, RABBIT)
    assert built(s) == [(WORKSHOP, where)]


def test_mm2_4_5_3_build_in_the_keeps_clearing():
    """MM2 §4.5.3: the Keep's clearing is allowed."""
    s = position(bot_state(), mm={2: 3, 9: 2}, keep=2)
    order(s, RABBIT)
    assert built(s) == [(WORKSHOP, 2)]


def test_mm2_4_5_3_build_skips_a_full_clearing_and_unruled_ones():
    """MM2 §4.5.3: a clearing with no free slot (clearing 1 holds its sawmill) or that it does not
    rule (8: the Eyrie's 5 birds) is passed over for the next candidate."""
    s = position(bot_state(), mm={1: 6, 8: 4, 9: 2}, buildings=[(SAWMILL, 1)], birds={8: 5}, keep=-1)
    order(s, RABBIT)
    assert (WORKSHOP, 9) in built(s) and len(built(s)) == 2


def test_mm2_4_5_3_build_fails_when_the_type_is_used_up():
    """MM2 §4.5.3: with all 6 workshops on the map a rabbit order builds nothing (and with 6
    buildings there is no Expand, §4.5.5): its turn ends."""
    six = [(WORKSHOP, c) for c in (2, 5, 7, 8, 9, 11)]
    s = position(bot_state(), mm={c: 1 for c in (2, 5, 7, 8, 9, 11)}, buildings=six, keep=-1)
    order(s, RABBIT)
    assert built(s) == sorted(six)
    assert s.turn == 1 and s.to_dict()["mm_built"] == 0


# ---- §4.5.4 Move ----------------------------------------------------------------------------------
# (On Autumn no two clearings of a suit are adjacent, so a suited Move never brings warriors into a
# later origin: ORIGINAL's re-move and the DC's "each warrior once" part only in Escalated Daylight,
# tests/test_mechanical_escalated.py.)

def test_mm2_4_5_4_move_all_but_three_to_the_neighbour_with_most_enemy_pieces():
    """MM2 §4.5.4: from an ordered clearing with 4+ of its warriors (here 10 after Recruit) all but
    three go to the adjacent clearing with the most enemy pieces (9: 2 birds, over 10: 1)."""
    s = position(bot_state(), mm={1: 6}, birds={9: 2, 10: 1}, keep=-1)
    order(s, FOX)
    assert warriors(s)[1] == 3 and warriors(s)[9] == 7


def test_mm2_4_5_4_destination_ties_go_to_priority():
    """MM2 §4.5.4: neighbours tied for the most enemy pieces: the highest priority (9 before 10);
    all tied at none: the warriors still move, to the highest-priority neighbour (5)."""
    s = position(bot_state(), mm={1: 6}, birds={9: 1, 10: 1}, keep=-1)
    order(s, FOX)
    assert warriors(s) == {1: 3, 9: 7}
    s = position(bot_state(), mm={1: 6}, keep=-1)
    order(s, FOX)
    assert warriors(s) == {1: 3, 5: 7}


def test_mm2_4_5_4_illegal_destination_walks_down_the_list():
    """MM2 §4.5.4 (§2.3, LoR 4.2.1): it rules neither clearing 1 (the Eyrie's 6 birds) nor 9 (3
    birds), so the move to 9 is illegal; the next candidate, 10 (1 bird, its 2 warriors rule
    there), takes the 2 warriors (5 - 3)."""
    s = position(bot_state(), mm={1: 5, 10: 2}, birds={1: 6, 9: 3, 10: 1}, keep=-1)
    order(s, FOX)
    finish(s)
    assert warriors(s) == {1: 3, 10: 4}


def test_mm2_4_5_4_no_legal_destination_no_move():
    """MM2 §4.5.4: with no legal destination (it rules neither end anywhere) the origin stays."""
    s = position(bot_state(), mm={1: 5}, birds={1: 6, 5: 1, 9: 1, 10: 1}, keep=-1)
    order(s, FOX)
    finish(s)
    assert warriors(s) == {1: 5}


# ---- §4.5.5 Expand (ORIGINAL) ------------------------------------------------------------------------

FULL5 = [(SAWMILL, 1), (WORKSHOP, 3), (RECRUITER, 4), (SAWMILL, 2), (WORKSHOP, 2)]


def test_mm2_4_5_5_expand_when_nothing_was_built_and_five_or_fewer_buildings():
    """MM2 §4.5.5 (ORIGINAL): no building placed this turn (every clearing it rules is full) and 5
    buildings on the map: the order card is discarded and a new one revealed, Daylight again."""
    s = position(bot_state(), buildings=FULL5, keep=-1)
    ev = order(s, RABBIT)
    d = s.to_dict()
    assert s.step == "mechanical_order" and d["mm_repeats"] == 1 and d["mm_built"] == 0
    assert d["mm_order"] == -1 and d["discard"][card_id(RABBIT)] == 1
    assert [e for e in of_kind(ev, "mm_step") if e[2] == _core.MM_STEP_NAMES.index("expand")]


def test_mm2_4_5_5_no_expand_with_six_buildings():
    """MM2 §4.5.5: more than five buildings on the map (all types together): no Expand."""
    six = [(SAWMILL, 1), (WORKSHOP, 3), (RECRUITER, 4), (SAWMILL, 6), (WORKSHOP, 10), (RECRUITER, 12)]
    s = position(bot_state(), buildings=six, keep=-1)
    order(s, RABBIT)
    assert s.turn == 1 and s.to_dict()["mm_repeats"] == 0


def test_mm2_4_5_5_no_expand_after_a_build():
    """MM2 §4.5.5: a building placed this turn: no Expand."""
    s = position(bot_state(), mm={8: 2}, keep=-1)
    order(s, RABBIT)
    assert s.turn == 1 and s.to_dict()["mm_repeats"] == 0 and built(s) == [(WORKSHOP, 8)]


def test_mm2_4_5_5_a_built_earlier_pass_stops_later_expands():
    """MM2 §4.5.5: 'no building this turn' counts every pass: the first Daylight builds nothing
    and Expands; the repeat builds (a recruiter in 8, where warriors came meanwhile), so no
    further Expand follows it, though 5 buildings would allow one."""
    full4 = [(SAWMILL, 1), (WORKSHOP, 3), (RECRUITER, 4), (SAWMILL, 6)]     # every slot there taken
    s = deck_with(position(bot_state(), buildings=full4, keep=-1), MOUSE)
    order(s, RABBIT)                       # nothing built: Expand
    assert s.step == "mechanical_order"
    s = edit(s, lambda d: d["mm_warriors"].__setitem__(7, 2) or d.update(mm_warrior_supply=d["mm_warrior_supply"] - 2))
    order(s, MOUSE)                        # the repeat builds a recruiter in 8: 5 buildings, built
    assert s.turn == 1 and (RECRUITER, 8) in built(s) and len(built(s)) == 5
    assert s.to_dict()["mm_repeats"] == 1


def test_mm2_10_dc_has_no_expand_in_daylight():
    """MM2 §10: the DC moves Expand to Evening (with its own condition): a DC Daylight that built
    nothing, 5 buildings on the map and an Evening score of 3+ does not repeat."""
    five = [(SAWMILL, 1), (SAWMILL, 2), (SAWMILL, 3), (SAWMILL, 4), (WORKSHOP, 2)]
    s = position(bot_state(variant=1), buildings=five, keep=-1)
    order(s, FOX)           # sawmill track: 4 on the map -> 3 VP, not below 3
    assert s.turn == 1 and s.to_dict()["mm_repeats"] == 0
