"""The Marquise de Cat (Law of Root 6; root-base-rules.md §4): setup (6.3), Birdsong wood (6.4),
Daylight actions (6.5: battle, march, recruit, build, overwork, extra actions), the Keep (6.2.2),
Field Hospitals (6.2.3) and Evening draws (6.6)."""
import pytest

from wyrm_ai.model.errors import IllegalActionError
from wyrm_ai.model.game import Game
from rules_positions import (BUILD_VP, MARQUISE, RECRUITER, SAWMILL, WOOD_COST, WORKSHOP, WYRM, act,
                             c, card_id, cat_birdsong, cat_day, starting, state, wyrm_day)
from positions import modify

LETTER = {SAWMILL: "s", WORKSHOP: "w", RECRUITER: "r"}


def dealt(first="marquise"):
    g = Game(first=first)
    while g.step == "deal":
        g.apply(g.legal_actions()[0])
    return g


def builds(g):
    return [t for t in g.legal_texts() if t.startswith("b_")]


# ------------------------------------------------------------------ 6.3 setup

def test_lor_6_3_keep_in_any_corner():
    """LoR 6.3: the Keep goes in a corner (1-4), nowhere else; the Marquise sets up first."""
    g = dealt()
    assert g.step == "marquise_keep" and g.current_player == MARQUISE
    assert g.legal_texts() == ["t_k->1", "t_k->2", "t_k->3", "t_k->4"]
    with pytest.raises(IllegalActionError):
        g.apply("t_k->5")


@pytest.mark.parametrize("keep,opposite", [(1, 3), (2, 4), (3, 1), (4, 2)])
def test_lor_6_3_warrior_everywhere_but_opposite_corner(keep, opposite):
    """LoR 6.3: one warrior in every clearing except the corner diagonally opposite the Keep."""
    g = dealt()
    act(g, f"t_k->{keep}")
    d = state(g)
    assert d["keep"] == c(keep)
    assert d["warriors"] == [0 if n == opposite else 1 for n in range(1, 13)]
    assert d["warrior_supply"] == 25 - 11
    assert g.step == "marquise_setup_build"


def test_lor_6_3_starting_buildings_in_or_next_to_keep():
    """LoR 6.3: the sawmill, workshop and recruiter go in the Keep's clearing or next to it
    (Keep 1: clearings 1, 5, 9, 10), any mix, slots permitting."""
    g = dealt()
    act(g, "t_k->1")
    want = {f"b_{b}->{n}" for b in "swr" for n in (1, 5, 9, 10)}
    assert set(g.legal_texts()) == want
    act(g, "b_r->1")                  # clearing 1 has one slot: now full
    assert set(g.legal_texts()) == {f"b_{b}->{n}" for b in "sw" for n in (5, 9, 10)}
    act(g, "b_s->10")                 # 10 has 2 slots, one under a ruin: now full
    assert set(g.legal_texts()) == {"b_w->5", "b_w->9"}
    act(g, "b_w->5")
    d = state(g)
    assert d["buildings"] == [[1 if n == 10 else 0 for n in range(1, 13)],
                              [1 if n == 5 else 0 for n in range(1, 13)],
                              [1 if n == 1 else 0 for n in range(1, 13)]]
    assert g.scores == (0, 0)          # the first column of each track scores nothing
    assert g.step == "wyrm_setup"


def test_lor_6_3_starting_buildings_same_clearing_allowed():
    """LoR 6.3: two starting buildings may share a clearing with two slots."""
    g = dealt()
    act(g, "t_k->3", "b_s->7", "b_w->7")
    assert set(g.legal_texts()) == {"b_r->3", "b_r->6", "b_r->11"}


def test_lor_6_3_setup_then_first_birdsong_wood():
    """LoR 6.3 + 6.4: after setup the Marquise (first player) gets one wood at her sawmill in
    Birdsong and starts Daylight with 3 actions."""
    g = starting("marquise")
    d = state(g)
    assert d["wood"][c(1)] == 1 and sum(d["wood"]) == 1 and d["wood_supply"] == 7
    assert g.step == "marquise_daylight" and d["actions_left"] == 3


# ------------------------------------------------------------------ 6.4 Birdsong

def test_lor_6_4_one_wood_per_sawmill():
    """LoR 6.4: one wood in each clearing per sawmill there (two sawmills in 5: two wood)."""
    g = cat_birdsong(sawmills={5: 2, 9: 1}, warriors={5: 1, 9: 1}, wood={2: 1})
    d = state(g)
    assert d["wood"][c(5)] == 2 and d["wood"][c(9)] == 1 and d["wood"][c(2)] == 1
    assert d["wood_supply"] == 8 - 4
    assert g.step == "marquise_daylight"


def test_lor_6_4_short_wood_supply_marquise_chooses():
    """LoR 6.4 / 1.5.4: 3 sawmills but 2 wood in the supply: she picks where the 2 go."""
    g = cat_birdsong(sawmills={1: 1, 5: 1, 9: 1}, wood={12: 6})
    assert g.step == "marquise_wood" and g.current_player == MARQUISE
    assert g.legal_texts() == ["t->1", "t->5", "t->9"]
    act(g, "t->9")
    assert g.legal_texts() == ["t->1", "t->5"]
    act(g, "t->5")
    d = state(g)
    assert d["wood"][c(9)] == 1 and d["wood"][c(5)] == 1 and d["wood"][c(1)] == 0
    assert d["wood_supply"] == 0
    assert g.step == "marquise_daylight"


def test_lor_6_4_no_wood_in_supply_no_placement():
    g = cat_birdsong(sawmills={1: 1, 5: 1}, wood={12: 8})
    assert g.step == "marquise_daylight"
    assert state(g)["wood"][c(1)] == 0 and state(g)["wood"][c(5)] == 0


# ------------------------------------------------------------------ 6.5 actions

def test_lor_6_5_three_actions():
    """LoR 6.5: up to 3 actions; after 3 only ending Daylight is left."""
    g = cat_day(warriors={5: 2}, recruiters={9: 1})
    assert state(g)["actions_left"] == 3
    act(g, "recruit")
    act(g, "w5->2", "pass")
    assert state(g)["actions_left"] == 1
    act(g, "w2->5", "pass")
    assert state(g)["actions_left"] == 0
    assert g.legal_texts() == ["pass"]


def test_lor_6_5_extra_action_per_bird_card():
    """LoR 6.5: each bird card spent gives one more action (only birds; also with 0 left)."""
    g = cat_day(warriors={5: 2}, cat_hand=("B#armorers", "B#crossbow", "F#anvil"))
    texts = g.legal_texts()
    assert "extra B#armorers" in texts and "extra B#crossbow" in texts
    assert "extra F#anvil" not in texts
    with pytest.raises(IllegalActionError):
        g.apply("extra F#anvil")
    act(g, "w5->2", "pass", "w2->5", "pass", "w5->2", "pass")
    assert state(g)["actions_left"] == 0
    assert set(g.legal_texts()) == {"pass", "extra B#armorers", "extra B#crossbow"}
    act(g, "extra B#armorers")
    d = state(g)
    assert d["actions_left"] == 1
    assert d["discard"][card_id("B#armorers")] == 1 and d["hand_size"][MARQUISE] == 2
    assert "w2->5" in g.legal_texts()
    act(g, "extra B#crossbow")
    assert state(g)["actions_left"] == 2


def test_lor_6_5_1_battle_is_an_action():
    g = cat_day(warriors={5: 2}, wyrmlings={5: 1})
    act(g, "XW5", "roll 1,0")
    assert state(g)["actions_left"] == 2


def test_lor_6_5_2_march_is_up_to_two_moves():
    """LoR 6.5.2: a march is up to two moves for one action; the same warriors may move twice."""
    g = cat_day(warriors={5: 2})
    act(g, "2w5->1")
    assert g.step == "marquise_march" and state(g)["actions_left"] == 2
    assert "pass" in g.legal_texts()
    act(g, "w1->9")
    d = state(g)
    assert d["warriors"][c(5)] == 0 and d["warriors"][c(1)] == 1 and d["warriors"][c(9)] == 1
    assert g.step == "marquise_daylight" and d["actions_left"] == 2


def test_lor_6_5_2_march_second_move_may_be_skipped():
    g = cat_day(warriors={5: 2})
    act(g, "w5->1", "pass")
    assert g.step == "marquise_daylight" and state(g)["actions_left"] == 2


def test_lor_6_5_2_march_second_move_needs_rule_too():
    """LoR 6.5.2 + 4.2: the second move of a march follows the rule requirement again."""
    g = cat_day(warriors={5: 1}, wyrmlings={9: 2, 1: 1}, keep=None)
    act(g, "w5->1")                  # 5 is hers: fine; in 1 she now ties the wyrmling
    assert "w1->9" not in g.legal_texts() and "w1->10" not in g.legal_texts()
    assert "w1->5" not in g.legal_texts()     # 5 is now empty, 1 tied: nobody rules either


def test_lor_6_5_3_recruit_one_per_recruiter():
    """LoR 6.5.3: one warrior at each recruiter (two recruiters in 5: two warriors)."""
    g = cat_day(recruiters={5: 2, 9: 1})
    act(g, "recruit")
    d = state(g)
    assert d["warriors"][c(5)] == 2 and d["warriors"][c(9)] == 1
    assert d["warrior_supply"] == 22 and d["actions_left"] == 2


def test_lor_6_5_3_recruit_once_per_turn():
    g = cat_day(recruiters={5: 1}, cat_hand=("B#armorers",))
    assert "recruit" in g.legal_texts()
    act(g, "recruit")
    assert state(g)["actions_left"] == 2
    assert "recruit" not in g.legal_texts()
    act(g, "extra B#armorers")
    assert "recruit" not in g.legal_texts()


def test_lor_6_5_3_recruit_short_supply_marquise_chooses():
    """LoR 6.5.3 / 1.5.4: 2 recruiters but 1 warrior in supply: she picks the recruiter."""
    g = cat_day(recruiters={5: 1, 9: 1}, warriors={12: 24})
    assert state(g)["warrior_supply"] == 1
    act(g, "recruit")
    assert g.step == "marquise_recruit" and g.legal_texts() == ["w->5", "w->9"]
    act(g, "w->9")
    d = state(g)
    assert d["warriors"][c(9)] == 1 and d["warriors"][c(5)] == 0 and d["warrior_supply"] == 0
    assert g.step == "marquise_daylight"


def test_lor_6_5_3_no_recruit_without_recruiters():
    assert "recruit" not in cat_day(warriors={5: 1}).legal_texts()


# ------------------------------------------------------------------ 6.5.4 build

OTHER = (2, 7, 8, 11, 12)     # clearings holding the buildings already on the map


@pytest.mark.parametrize("btype", [SAWMILL, WORKSHOP, RECRUITER])
@pytest.mark.parametrize("placed", range(6))
def test_lor_6_5_4_build_cost_and_vp_track(btype, placed):
    """LoR 6.5.4: the k-th building of a type costs 0,1,2,3,3,4 wood and scores sawmill
    0,1,2,3,4,5 / workshop 0,2,2,3,4,5 / recruiter 0,1,2,3,3,4 VP."""
    on_map = {n: 1 for n in OTHER[:placed]}
    kinds = {SAWMILL: "sawmills", WORKSHOP: "workshops", RECRUITER: "recruiters"}
    g = cat_day(warriors={5: 1}, wood={5: 5}, **{kinds[btype]: on_map})
    act(g, f"b_{LETTER[btype]}->5")
    d = state(g)
    assert d["buildings"][btype][c(5)] == 1
    assert 5 - d["wood"][c(5)] == WOOD_COST[placed]
    assert d["wood_supply"] == 3 + WOOD_COST[placed]
    assert g.scores == (BUILD_VP[btype][placed], 0)
    assert d["actions_left"] == 2 and g.step == "marquise_daylight"


def test_lor_6_5_4_build_needs_enough_wood():
    """LoR 6.5.4: the second sawmill costs 1 wood: with none in reach she cannot build it."""
    g = cat_day(warriors={5: 1}, sawmills={8: 1})
    assert "b_s->5" not in g.legal_texts()
    assert "b_w->5" in g.legal_texts()        # first workshop: free


def test_lor_6_5_4_no_seventh_building():
    g = cat_day(warriors={5: 1}, wood={5: 8}, sawmills={2: 2, 7: 2, 8: 2})
    assert "b_s->5" not in g.legal_texts()
    assert "b_w->5" in g.legal_texts()


def test_lor_6_5_4_build_needs_rule_and_open_slot():
    """LoR 6.5.4 / 2.2.3: build in a ruled clearing with an open slot (ruins take one)."""
    g = cat_day(warriors={5: 1, 6: 1, 1: 1, 9: 1}, workshops={6: 1}, wyrmlings={9: 1})
    texts = g.legal_texts()
    assert "b_s->5" in texts
    assert "b_s->6" not in texts     # 2 slots: a ruin and the workshop
    assert "b_s->1" in texts         # 1 slot; the Keep is a token and takes no slot
    assert "b_s->9" not in texts     # tie: not ruled
    g = cat_day(warriors={1: 1}, workshops={1: 1})
    assert "b_s->1" not in g.legal_texts()   # its one slot is now built on


def test_lor_6_5_4_wood_from_connected_ruled_clearings():
    """LoR 6.5.4: wood may come from clearings linked to the build clearing through clearings
    she rules: 5-2-6, wood only in 6."""
    g = cat_day(warriors={5: 1, 2: 1, 6: 1}, sawmills={8: 1}, wood={6: 2})
    assert "b_s->5" in g.legal_texts()
    act(g, "b_s->5")
    assert state(g)["wood"][c(6)] == 1 and g.scores == (1, 0)


def test_lor_6_5_4_wood_not_through_unruled_clearing():
    """LoR 6.5.4: the chain breaks at a clearing she does not rule (2 is a tie): the wood in 6 is
    out of reach."""
    g = cat_day(warriors={5: 1, 2: 1, 6: 1}, wyrmlings={2: 1}, sawmills={8: 1}, wood={6: 2})
    assert "b_s->5" not in g.legal_texts()


def test_lor_6_5_4_wood_not_from_unruled_neighbour():
    """LoR 6.5.4: wood lying in an adjacent clearing she does not rule can't be used (clearing 1
    holds only the Keep and wood, so nobody rules it; clearing 2 is the Wyrm's)."""
    g = cat_day(warriors={5: 1}, wyrmlings={2: 2}, sawmills={8: 1}, wood={1: 2, 2: 2})
    assert "b_s->5" not in g.legal_texts()


def test_lor_6_5_4_choose_which_wood_when_real_choice():
    """LoR 6.5.4: with wood in 5 and in 2 and one to pay, the Marquise chooses."""
    g = cat_day(warriors={5: 1, 2: 1}, sawmills={8: 1}, wood={5: 1, 2: 1})
    act(g, "b_s->5")
    assert g.step == "marquise_pay_wood" and g.current_player == MARQUISE
    assert g.legal_texts() == ["t2->", "t5->"]
    assert state(g)["buildings"][0][c(5)] == 0   # placed once paid
    act(g, "t2->")
    d = state(g)
    assert d["wood"][c(2)] == 0 and d["wood"][c(5)] == 1
    assert d["buildings"][0][c(5)] == 1 and g.scores == (1, 0)
    assert g.step == "marquise_daylight"


def test_lor_6_5_4_choose_wood_several_times():
    g = cat_day(warriors={5: 1, 2: 1}, sawmills={8: 1, 7: 1}, wood={5: 2, 2: 1})
    act(g, "b_s->5", "t5->")
    assert g.step == "marquise_pay_wood" and g.legal_texts() == ["t2->", "t5->"]
    act(g, "t5->")
    d = state(g)
    assert d["wood"][c(5)] == 0 and d["wood"][c(2)] == 1 and g.scores == (2, 0)


def test_lor_6_5_4_no_choice_when_all_wood_needed():
    """No real choice (the cost takes all the wood in reach): paid without asking."""
    g = cat_day(warriors={5: 1, 2: 1}, sawmills={8: 1, 7: 1}, wood={5: 1, 2: 1})
    act(g, "b_s->5")
    assert g.step == "marquise_daylight"
    assert state(g)["wood"][c(5)] == 0 and state(g)["wood"][c(2)] == 0


# ------------------------------------------------------------------ 6.5.5 overwork

def test_lor_6_5_5_overwork_card_matching_sawmill_clearing():
    """LoR 6.5.5: spend a card matching a clearing with a sawmill (fox 8; birds are wild) to place
    a wood there; a rabbit card can't."""
    g = cat_day(sawmills={8: 1}, cat_hand=("F#anvil", "R#bakesale", "B#armorers"))
    ow = [t for t in g.legal_texts() if t.startswith("overwork")]
    assert sorted(ow) == ["overwork 8 B#armorers", "overwork 8 F#anvil"]
    act(g, "overwork 8 F#anvil")
    d = state(g)
    assert d["wood"][c(8)] == 1 and d["wood_supply"] == 7
    assert d["discard"][card_id("F#anvil")] == 1 and d["hand_size"][MARQUISE] == 2
    assert d["actions_left"] == 2


def test_lor_6_5_5_overwork_needs_sawmill_and_wood_in_supply():
    g = cat_day(workshops={8: 1}, cat_hand=("F#anvil",))
    assert not any(t.startswith("overwork") for t in g.legal_texts())
    g = cat_day(sawmills={8: 1}, wood={5: 8}, cat_hand=("F#anvil",))
    assert not any(t.startswith("overwork") for t in g.legal_texts())


# ------------------------------------------------------------------ 6.2.3 Field Hospitals

def test_lor_6_2_3_field_hospitals_matching_card_returns_warriors_to_keep():
    """LoR 6.2.3: two warriors removed in rabbit 5: spending a rabbit (or bird) card puts both in
    the Keep's clearing; a fox card doesn't qualify."""
    g = wyrm_day(warriors={5: 2}, wyrmlings={5: 2}, keep=1,
                 cat_hand=("R#bakesale", "F#anvil", "B#armorers"))
    act(g, "XC5", "roll 2,0")
    assert g.step == "field_hospitals" and g.current_player == MARQUISE
    assert set(g.legal_texts()) == {"pass", "hospital R#bakesale", "hospital B#armorers"}
    act(g, "hospital R#bakesale")
    d = state(g)
    assert d["warriors"][c(5)] == 0 and d["warriors"][c(1)] == 2
    assert d["warrior_supply"] == 23
    assert d["discard"][card_id("R#bakesale")] == 1 and d["hand_size"][MARQUISE] == 2
    assert g.step == "wyrm_daylight"


def test_lor_6_2_3_field_hospitals_declined():
    g = wyrm_day(warriors={5: 2}, wyrmlings={5: 2}, cat_hand=("R#bakesale",))
    act(g, "XC5", "roll 2,0", "pass")
    d = state(g)
    assert d["warriors"][c(1)] == 0 and d["warrior_supply"] == 25
    assert d["hand_size"][MARQUISE] == 1


def test_lor_6_2_3_no_field_hospitals_without_matching_card():
    """LoR 6.2.3: with no card matching the clearing she can only pass; she is asked all the
    same, her hand being hidden (issue 29 item 5)."""
    g = wyrm_day(warriors={5: 2}, wyrmlings={5: 2}, cat_hand=("F#anvil",))
    act(g, "XC5", "roll 2,0")         # (act passes her pass-only ambush prompt)
    assert g.step == "field_hospitals" and g.legal_texts() == ["pass"]
    g.apply("pass")
    assert g.step == "wyrm_daylight"
    assert state(g)["warrior_supply"] == 25


def test_lor_6_2_3_no_field_hospitals_once_keep_is_gone():
    """LoR 6.2.3: Field Hospitals needs the Keep on the map."""
    g = wyrm_day(warriors={5: 2}, wyrmlings={5: 2}, keep=None, cat_hand=("R#bakesale",))
    act(g, "XC5", "roll 2,0")
    assert g.step == "wyrm_daylight"
    assert state(g)["warrior_supply"] == 25


def test_lor_6_2_3_field_hospitals_when_attacking_ambushed():
    """LoR 6.2.3: warriors removed by an ambush while she attacks can go to the Keep too."""
    g = cat_day(warriors={5: 2}, wyrmlings={5: 1}, cat_hand=("R#bakesale",),
                wyrm_hand=("R#ambush",))
    act(g, "XW5", "R#ambush@")
    assert g.step == "battle_foil" and g.legal_texts() == ["pass"]   # no foil (issue 29 item 5)
    g.apply("pass")
    assert g.step == "field_hospitals"
    act(g, "hospital R#bakesale")
    d = state(g)
    assert d["warriors"][c(1)] == 2 and d["warriors"][c(5)] == 0
    assert g.step == "marquise_daylight"


# ------------------------------------------------------------------ 6.2.2 the Keep

def test_lor_6_2_2_wyrm_setup_cannot_choose_keep_clearing():
    """LoR 6.2.2 (W-PLACE-1): only the Marquise places pieces in the Keep's clearing: the Wyrm's
    start (fewest Marquise pieces) skips clearing 1 even though it holds fewest (the Keep only);
    with the Keep gone, clearing 1 (now empty) is the only choice."""
    g = dealt()
    act(g, "t_k->1", "b_s->5", "b_w->9", "b_r->10")
    assert g.step == "wyrm_setup"

    def fn(d):
        d["warriors"] = [0] + [2] * 11
        d["warrior_supply"] = 25 - sum(d["warriors"])
    h = modify(g, fn)
    assert h.legal_texts() == [f"p->{n}" for n in (2, 3, 4, 6, 7, 8, 11, 12)]

    def fn2(d):
        fn(d)
        d["keep"] = -1
    h = modify(g, fn2)
    assert h.legal_texts() == ["p->1"]


def test_lor_6_2_2_wyrm_cannot_place_fear_in_keep_clearing():
    """LoR 6.2.2: the Wyrm's Fear action can't place a token in the Keep's clearing."""
    g = wyrm_day(pawn=1, keep=1)
    assert "t->1" not in g.legal_texts()
    g = wyrm_day(pawn=1, keep=None)
    assert "t->1" in g.legal_texts()


def test_lor_6_2_2_wyrm_may_move_into_keep_clearing():
    """LoR 6.2.2: others may still move into the Keep's clearing."""
    g = wyrm_day(wyrmlings={5: 2}, keep=1)
    assert "2w5->1" in g.legal_texts()


# ------------------------------------------------------------------ 6.6 Evening

@pytest.mark.parametrize("n,draws", [(0, 1), (1, 1), (2, 1), (3, 2), (4, 2), (5, 3), (6, 3)])
def test_lor_6_6_evening_draws_by_recruiters(n, draws):
    """LoR 6.6: draw 1, +1 at 3 and +1 at 5 recruiters on the map (1/2/3 for 0-2/3-4/5-6)."""
    spots = (2, 7, 8, 11, 12, 6)
    g = cat_day(recruiters={s: 1 for s in spots[:n]})
    act(g, "pass")
    assert g.step == "evening_draw" and state(g)["to_draw"][MARQUISE] == draws
    for _ in range(draws):
        assert g.current_player == -1
        act(g, "draw F#anvil" if _ == 0 else "draw R#cobbler")
    d = state(g)
    assert d["hand_size"][MARQUISE] == draws
    assert d["turn"] == WYRM
