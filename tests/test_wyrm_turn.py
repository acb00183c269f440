"""Voracious Wyrm: the turn - Birdsong, Daylight actions, Evening (voracious-wyrm.md W-BIRD-*,
W-MIGHT-1, W-DAY-*, W-ACT-*, W-CRAFT-*, W-MON-1/2, W-HEIGHT-1, W-BITE-1, W-EVE-*)."""
import pytest

from positions import started
from wyrm_positions import (COWED, MARQUISE, SCARED, WYRM, act, c, lair, moves, state,
                            texts_starting, wyrm_birdsong, wyrm_day)


# ---------------------------------------------------------------- Birdsong: Intimidate

def test_w_bird_1_first_turn_flips_and_intimidates():
    """W-BIRD-1: the scared token of setup flips to cowed, and the Wyrm places wyrmlings there
    (W-MIGHT-1: 1 + 0 removed from Might = up to 1)."""
    g = started(first="wyrm", sawmill=1, workshop=5, recruiter=9)
    assert g.step == "wyrm_intimidate" and g.current_player == WYRM
    assert state(g)["fear"][c(3)] == COWED
    assert g.legal_texts() == ["0w->3", "1w->3"]
    act(g, "1w->3")
    d = state(g)
    assert d["wyrmlings"][c(3)] == 3 and d["wyrmling_supply"] == 5
    assert g.step == "wyrm_daylight"


def test_w_bird_1_each_scared_token_intimidates_cowed_ones_do_not():
    """W-BIRD-1: every scared token flips and its clearing gets wyrmlings; a token that was
    already cowed neither flips nor gets wyrmlings."""
    g = wyrm_birdsong(fear={5: SCARED, 6: SCARED, 7: COWED}, pawn=5, wyrmlings={5: 1})
    d = state(g)
    assert [d["fear"][c(n)] for n in (5, 6, 7)] == [COWED, COWED, COWED]
    assert g.legal_texts() == ["0w->5", "1w->5"]
    act(g, "1w->5")
    assert g.legal_texts() == ["0w->6", "1w->6"]
    act(g, "1w->6")
    d = state(g)
    assert g.step == "wyrm_daylight"                # 7 was not asked about
    assert [d["wyrmlings"][c(n)] for n in (5, 6, 7)] == [2, 1, 0]
    assert d["wyrmling_supply"] == 5


@pytest.mark.parametrize("might,most", [(2, 1), (1, 2), (0, 3)])
def test_w_might_1_places_one_plus_removed_from_might(might, most):
    """W-MIGHT-1: Intimidate places 1 + (Growth removed from Might) wyrmlings; the ruling lets the
    Wyrm place fewer, down to none."""
    g = wyrm_birdsong(fear={6: SCARED}, growth=(2, 2, might))
    assert g.legal_texts() == [f"{n}w->6" for n in range(most + 1)]
    h = g.clone()
    act(g, f"{most}w->6")
    assert state(g)["wyrmlings"][c(6)] == most and state(g)["wyrmling_supply"] == 8 - most
    act(h, "0w->6")                                  # (ruling) it may place fewer
    assert state(h)["wyrmlings"][c(6)] == 0 and state(h)["wyrmling_supply"] == 8


def test_w_might_1_limited_by_supply():
    """W-MIGHT-1: limited by the wyrmlings in supply (3 allowed by Might, only 1 in supply)."""
    g = wyrm_birdsong(fear={6: SCARED}, growth=(2, 2, 0), wyrmlings={6: 2, 7: 5})
    assert state(g)["wyrmling_supply"] == 1
    assert g.legal_texts() == ["0w->6", "1w->6"]


def test_w_might_1_no_supply_no_decision():
    """W-MIGHT-1: with no wyrmling in supply nothing is placed; the token still flips."""
    g = wyrm_birdsong(fear={6: SCARED}, wyrmlings={7: 8}, pawn=7)
    assert g.step == "wyrm_daylight"
    assert state(g)["fear"][c(6)] == COWED and state(g)["wyrmlings"][c(6)] == 0


def test_w_might_1_ruling_short_supply_wyrm_chooses_where():
    """W-MIGHT-1 (ruling) / planner: when the supply cannot fill every clearing, the Wyrm chooses
    where they go: with 2 in supply and 2 clearings wanting 2 each, it may put both in the second
    clearing, or split them."""
    board = dict(fear={5: SCARED, 6: SCARED}, growth=(2, 2, 1), wyrmlings={7: 6}, pawn=7)
    g = wyrm_birdsong(**board)
    assert g.current_player == WYRM and g.legal_texts() == ["0w->5", "1w->5", "2w->5"]
    h = g.clone()
    act(g, "0w->5")
    assert g.legal_texts() == ["0w->6", "1w->6", "2w->6"]
    act(g, "2w->6")
    d = state(g)
    assert (d["wyrmlings"][c(5)], d["wyrmlings"][c(6)], d["wyrmling_supply"]) == (0, 2, 0)
    act(h, "1w->5")
    assert h.legal_texts() == ["0w->6", "1w->6"]     # only 1 left in supply
    act(h, "1w->6")
    d = state(h)
    assert (d["wyrmlings"][c(5)], d["wyrmlings"][c(6)], d["wyrmling_supply"]) == (1, 1, 0)


# ---------------------------------------------------------------- Birdsong: the pawn in a forest

def test_w_bird_2_return_growth_emerge_and_skip_daylight():
    """W-BIRD-2: after Intimidate, a pawn in a forest returns one Growth marker from the Growth
    track to a track of the Wyrm's choice, moves to a clearing next to that forest ignoring rule,
    and the turn goes straight to Evening (no Daylight: no craft, no actions)."""
    g = wyrm_birdsong(pawn="3_6_11", growth=(1, 2, 1), fear={6: SCARED}, warriors={6: 5, 3: 2},
                      lair={"treasure": 1}, wyrm_hand=("F#anvil",))
    assert g.step == "wyrm_intimidate"               # Intimidate first
    act(g, "1w->6")
    assert g.step == "wyrm_return_growth" and g.current_player == WYRM
    assert g.legal_texts() == ["return bite", "return might"]
    act(g, "return might")
    assert state(g)["growth"] == [1, 2, 2]
    assert g.step == "wyrm_emerge"
    assert g.legal_texts() == ["p->3", "p->6", "p->11"]
    act(g, "p->6")                                   # the Marquise rules 6 (5 warriors vs 2)
    d = state(g)
    assert d["pawn"] == c(6)
    assert g.step == "evening_draw"                  # Daylight skipped
    assert d["hand"][WYRM][15] == 1                  # F#anvil not crafted (fear in fox clearing 6)
    assert g.scores == (0, 1)                        # Evening: 1 treasure, cap 1 (1 marker on track)
    assert d["to_draw"][WYRM] == 1


def test_w_bird_2_emerge_ignores_rule():
    """W-BIRD-2: the pawn emerges ignoring rule, into a clearing the Marquise rules outright."""
    g = wyrm_birdsong(pawn="4_9_12", growth=(2, 2, 2), warriors={4: 6, 9: 6, 12: 6})
    assert g.step == "wyrm_emerge"                   # nothing on the Growth track: no return
    assert g.legal_texts() == ["p->4", "p->9", "p->12"]
    act(g, "p->12")
    assert state(g)["pawn"] == c(12) and g.step == "evening_draw"


def test_w_bird_2_empty_growth_track_skips_return():
    """W-BIRD-2: "(if any)": with no marker on the Growth track there is no return step."""
    g = wyrm_birdsong(pawn="1_2_5_10", growth=(2, 2, 2))
    assert g.step == "wyrm_emerge"
    assert state(g)["growth"] == [2, 2, 2]
    assert g.legal_texts() == ["p->1", "p->2", "p->5", "p->10"]


def test_w_bird_2_pawn_in_clearing_goes_to_daylight():
    """W-BIRD-2 applies only to a pawn in a forest: a pawn in a clearing goes to Daylight."""
    g = wyrm_birdsong(pawn=6, growth=(1, 1, 1))
    assert g.step == "wyrm_daylight"
    assert state(g)["growth"] == [1, 1, 1]


# ---------------------------------------------------------------- Daylight: crafting

def test_w_craft_1_fear_tokens_craft_either_side():
    """W-CRAFT-1: a fear token, scared or cowed, is a crafting piece of its clearing's suit;
    no fear token of the suit, no craft."""
    for side in (SCARED, COWED):
        g = wyrm_day(fear={6: side}, wyrm_hand=("F#anvil", "R#bakesale"))
        assert texts_starting(g, "Z") == ["ZF#anvil"]       # fox 6; Bake Sale needs 2 rabbit
    g = wyrm_day(fear={5: SCARED}, wyrm_hand=("F#anvil",))  # a rabbit token cannot pay fox
    assert texts_starting(g, "Z") == []
    g = wyrm_day(fear={5: SCARED, 10: COWED}, wyrm_hand=("R#bakesale",))
    assert texts_starting(g, "Z") == ["ZR#bakesale"]        # two rabbit tokens pay rabbit+rabbit


def test_w_craft_1_each_token_once_per_turn():
    """W-CRAFT-1: each fear token can be activated once per turn: one fox token crafts one of two
    fox-cost cards; two fox tokens pay both (or one 2-fox card)."""
    g = wyrm_day(fear={6: SCARED}, wyrm_hand=("F#anvil", "M#crossbow", "M#sword"))
    assert texts_starting(g, "Z") == ["ZF#anvil", "ZM#crossbow"]
    act(g, "ZF#anvil")
    assert texts_starting(g, "Z") == []
    assert state(g)["activated"][c(6)] == 1
    g = wyrm_day(fear={6: SCARED, 8: COWED}, wyrm_hand=("F#anvil", "M#crossbow", "M#sword"))
    assert texts_starting(g, "Z") == ["ZF#anvil", "ZM#crossbow", "ZM#sword"]
    act(g, "ZF#anvil", "ZM#crossbow")
    assert texts_starting(g, "Z") == []


def test_w_craft_1_activation_resets_next_turn():
    """W-CRAFT-1: "once per turn" - a token used this turn crafts again next turn."""
    g = wyrm_day(fear={6: COWED}, wyrm_hand=("F#anvil", "M#crossbow"), cat_hand=())
    act(g, "ZF#anvil")
    assert texts_starting(g, "Z") == []
    act(g, "pass")
    while g.step == "evening_draw":
        g.apply("draw R#cobbler" if "draw R#cobbler" in g.legal_texts() else g.legal_actions()[0])
    assert state(g)["turn"] == MARQUISE
    act(g, "pass")                                   # the Marquise does nothing
    while g.step == "evening_draw":
        g.apply(g.legal_actions()[0])
    assert state(g)["turn"] == WYRM and g.step == "wyrm_daylight"
    assert "ZM#crossbow" in g.legal_texts()


def test_w_craft_2_item_goes_to_lair_and_scores():
    """W-CRAFT-2 (ruling): the crafted item leaves the item supply for the Lair; the card's VP
    score (Anvil: hammer, 2 VP); the card is discarded."""
    g = wyrm_day(fear={6: SCARED}, wyrm_hand=("F#anvil",))
    before = state(g)
    act(g, "ZF#anvil")
    d = state(g)
    assert d["items"][WYRM][3] == 1 and sum(d["items"][WYRM]) == 1
    assert d["item_supply"][3] == before["item_supply"][3] - 1
    assert d["items"][MARQUISE] == [0] * 8
    assert g.scores == (0, 2)
    assert d["hand"][WYRM][15] == 0 and d["discard"][15] == 1


def test_w_day_1_craft_only_at_start_of_daylight():
    """W-DAY-1 (ruling): crafting happens at the start of Daylight: once the Wyrm takes any other
    action, no more crafting that turn."""
    g = wyrm_day(fear={6: SCARED, 8: SCARED}, pawn=6, wyrm_hand=("F#anvil", "M#crossbow"))
    act(g, "ZF#anvil")
    assert "ZM#crossbow" in g.legal_texts()           # crafting may go on
    act(g, "p6->2")
    assert texts_starting(g, "Z") == []
    g = wyrm_day(fear={6: SCARED}, pawn=5, wyrm_hand=("F#anvil",))
    act(g, "t->5")                                    # Fear first
    assert texts_starting(g, "Z") == []


# ---------------------------------------------------------------- Daylight: the actions

def test_w_act_fear_places_scared_token_once():
    """W-ACT-FEAR: a scared token from supply in the pawn's clearing, if it has none; once per
    turn."""
    g = wyrm_day(pawn=5, wyrmlings={5: 1, 6: 1})
    assert texts_starting(g, "t->") == ["t->5"]
    act(g, "t->5")
    d = state(g)
    assert d["fear"][c(5)] == SCARED and d["fear_supply"] == 7 and d["used_fear"] == 1
    act(g, "(p+w)5->2")                               # a clearing with no token
    assert texts_starting(g, "t->") == []             # used this turn


def test_w_act_fear_needs_empty_clearing_and_supply():
    """W-ACT-FEAR: not where a token (either side) already is, nor with an empty supply."""
    for side in (SCARED, COWED):
        g = wyrm_day(pawn=5, fear={5: side})
        assert texts_starting(g, "t->") == []
    g = wyrm_day(pawn=5, fear={n: SCARED for n in (1, 2, 3, 4, 6, 7, 8, 9)})   # all 8 on the map
    assert texts_starting(g, "t->") == []


def test_w_act_fear_not_with_pawn_in_forest():
    """W-ACT-FEAR: a pawn in a forest has no clearing to scare (and no Daylight normally)."""
    g = wyrm_day(pawn="3_6_11", wyrmlings={6: 2})
    assert texts_starting(g, "t->") == []


def test_w_act_terror_options():
    """W-ACT-TERROR: in a fear clearing the Wyrm may move one warrior of either player (itself
    included) to an adjacent clearing of its choice; the pawn never moves this way."""
    g = wyrm_day(pawn=5, wyrmlings={5: 1}, warriors={5: 2}, fear={5: COWED})
    assert texts_starting(g, "terror") == ["terror Cw5->1", "terror Ww5->1", "terror Cw5->2",
                                           "terror Ww5->2"]
    act(g, "terror Cw5->2")
    d = state(g)
    assert d["warriors"][c(5)] == 1 and d["warriors"][c(2)] == 1
    assert d["pawn"] == c(5)
    assert g.step == "wyrm_daylight"                  # no other fear clearing to terrorize
    assert texts_starting(g, "terror") == []          # once per turn, once per clearing


def test_w_act_terror_each_fear_clearing_once_ignoring_rule():
    """W-ACT-TERROR: each fear clearing once, as one action; rule is ignored (the Marquise rules
    both 5 and 2, the Wyrm moves her warrior anyway); clearings without warriors offer nothing."""
    g = wyrm_day(pawn=3, warriors={5: 3, 2: 4, 10: 1}, fear={5: SCARED, 10: COWED, 12: SCARED},
                 wyrmlings={10: 1})
    assert texts_starting(g, "terror") == [
        "terror Cw5->1", "terror Cw5->2", "terror Cw10->1", "terror Ww10->1", "terror Cw10->2",
        "terror Ww10->2", "terror Cw10->12", "terror Ww10->12"]
    act(g, "terror Cw5->2")
    assert g.step == "wyrm_terrorize" and g.current_player == WYRM
    assert g.legal_texts() == ["pass", "terror Cw10->1", "terror Ww10->1", "terror Cw10->2",
                               "terror Ww10->2", "terror Cw10->12", "terror Ww10->12"]
    act(g, "terror Cw10->1")
    d = state(g)
    assert d["warriors"][c(5)] == 2 and d["warriors"][c(2)] == 5
    assert d["warriors"][c(10)] == 0 and d["warriors"][c(1)] == 1 and d["wyrmlings"][c(10)] == 1
    assert g.step == "wyrm_daylight"
    assert texts_starting(g, "terror") == []


def test_w_act_terror_pass_ends_it():
    """W-ACT-TERROR: the Wyrm may stop after some clearings; Terrorize is then used up."""
    g = wyrm_day(pawn=3, warriors={5: 3, 10: 1}, fear={5: SCARED, 10: COWED})
    act(g, "terror Cw5->1", "pass")
    assert g.step == "wyrm_daylight"
    assert texts_starting(g, "terror") == []
    assert state(g)["warriors"][c(10)] == 1


def test_w_act_eat_moves_growth_to_track():
    """W-ACT-EAT / W-DAY-3: ruling the pawn's clearing (rabbit 5), spend a rabbit or bird card to
    move a Growth marker from Bite, Might or Height to the Growth track; once per turn."""
    g = wyrm_day(pawn=5, wyrmlings={5: 1}, warriors={5: 3},
                 wyrm_hand=("R#cobbler", "F#anvil", "B#crossbow"))
    assert texts_starting(g, "eat") == [
        "eat B#crossbow bite", "eat B#crossbow height", "eat B#crossbow might",
        "eat R#cobbler bite", "eat R#cobbler height", "eat R#cobbler might"]
    act(g, "eat R#cobbler height")
    d = state(g)
    assert d["growth"] == [2, 1, 2]
    assert d["hand"][WYRM][25] == 0 and d["discard"][25] == 1 and d["hand_size"][WYRM] == 2
    assert texts_starting(g, "eat") == []
    # the marker now on the Growth track: a second move is allowed (Height 1 + 1 removed)
    act(g, "(p+w)5->1")
    act(g, "(p+w)1->5")
    assert moves(g) == []


def test_w_act_eat_needs_rule_of_pawn_clearing():
    """W-ACT-EAT / W-MON-1: pawn alone (3) vs 3 warriors is a tie - nobody rules, no Eat; vs 2
    warriors the Wyrm rules and may eat."""
    g = wyrm_day(pawn=5, warriors={5: 3}, wyrm_hand=("R#cobbler",))
    assert texts_starting(g, "eat") == []
    g = wyrm_day(pawn=5, warriors={5: 2}, wyrm_hand=("R#cobbler",))
    assert texts_starting(g, "eat") == ["eat R#cobbler bite", "eat R#cobbler height",
                                        "eat R#cobbler might"]


def test_w_act_eat_only_from_tracks_with_markers():
    """W-ACT-EAT: a marker can only come from a track that still holds one; with all six on the
    Growth track there is nothing to eat."""
    g = wyrm_day(pawn=5, growth=(0, 1, 2), wyrm_hand=("R#cobbler",))
    assert texts_starting(g, "eat") == ["eat R#cobbler height", "eat R#cobbler might"]
    g = wyrm_day(pawn=5, growth=(0, 0, 0), wyrm_hand=("R#cobbler",))
    assert texts_starting(g, "eat") == []


def test_w_act_hoard_treasure_per_cowed_ruled_clearing():
    """W-ACT-HOARD / W-DAY-3: for each ruled clearing with a cowed token, one matching card (bird
    wild) buys one treasure into the Lair. Scared tokens and unruled clearings do not count."""
    g = wyrm_day(pawn=3, wyrmlings={5: 1, 10: 1, 4: 1, 6: 1}, warriors={6: 2},
                 fear={5: COWED, 10: COWED, 4: SCARED, 6: COWED},
                 wyrm_hand=("R#cobbler", "F#anvil", "B#crossbow"))
    assert texts_starting(g, "hoard") == [
        "hoard 5 B#crossbow", "hoard 5 R#cobbler", "hoard 10 B#crossbow", "hoard 10 R#cobbler"]
    act(g, "hoard 5 R#cobbler")
    d = state(g)
    assert d["items"][WYRM][7] == 1 and d["treasure_supply"] == 2
    assert g.step == "wyrm_hoard"
    assert g.legal_texts() == ["pass", "hoard 10 B#crossbow"]
    act(g, "hoard 10 B#crossbow")
    d = state(g)
    assert d["items"][WYRM][7] == 2 and d["treasure_supply"] == 1
    assert d["hand"][WYRM][15] == 1 and d["hand_size"][WYRM] == 1
    assert g.step == "wyrm_daylight" and texts_starting(g, "hoard") == []


def test_w_act_hoard_once_and_limited_by_treasure():
    """W-ACT-HOARD: one Hoard action per turn (passing ends it), and no treasure in supply, no
    Hoard."""
    g = wyrm_day(pawn=3, wyrmlings={5: 1, 10: 1}, fear={5: COWED, 10: COWED},
                 wyrm_hand=("R#cobbler", "R#commandwarren"))
    act(g, "hoard 5 R#cobbler", "pass")
    assert g.step == "wyrm_daylight" and texts_starting(g, "hoard") == []
    g = wyrm_day(pawn=3, wyrmlings={5: 1, 10: 1}, fear={5: COWED, 10: COWED},
                 wyrm_hand=("R#cobbler", "R#commandwarren"), lair={"treasure": 2})   # 1 left
    act(g, "hoard 5 R#cobbler")
    assert g.step == "wyrm_daylight" and texts_starting(g, "hoard") == []
    assert state(g)["treasure_supply"] == 0 and lair(g)[7] == 3     # the last one went to the Lair


def test_w_mon_1_pawn_counts_three_for_rule():
    """W-MON-1: the pawn counts as three warriors for rule: pawn vs 2 warriors rules (it may move
    out of 5 into Marquise-ruled 1); pawn vs 3 warriors ties (no rule, no move to 1)."""
    g = wyrm_day(pawn=5, warriors={5: 2, 1: 1, 2: 1})
    assert "p5->1" in g.legal_texts()
    g = wyrm_day(pawn=5, warriors={5: 3, 1: 1, 2: 1})
    assert moves(g) == []
    g = wyrm_day(pawn=5, wyrmlings={5: 1}, warriors={5: 3, 1: 1, 2: 1})
    assert "(p+w)5->1" in g.legal_texts()


def test_w_mon_2_pawn_moves_with_any_number_of_wyrmlings():
    """W-MON-2: a move takes any number of wyrmlings and/or the pawn from one clearing to one
    adjacent clearing; it is one move."""
    g = wyrm_day(pawn=5, wyrmlings={5: 2})
    assert [t for t in moves(g) if t.endswith("5->2")] == [
        "w5->2", "2w5->2", "p5->2", "(p+w)5->2", "(p+2w)5->2"]
    act(g, "(p+w)5->2")
    d = state(g)
    assert d["pawn"] == c(2) and d["wyrmlings"][c(2)] == 1 and d["wyrmlings"][c(5)] == 1
    assert d["moves_used"] == 1


def test_w_mon_2_move_needs_rule():
    """W-MON-2 / W-ACT-MOVE: the usual rule requirement: no move from a clearing the Wyrm does
    not rule into one it does not rule."""
    g = wyrm_day(pawn=3, wyrmlings={5: 1}, warriors={5: 2, 1: 1})
    assert [t for t in g.legal_texts() if t.startswith("w5")] == []
    g = wyrm_day(pawn=3, wyrmlings={5: 1}, warriors={5: 1, 1: 1})
    assert [t for t in g.legal_texts() if t.startswith("w5")] == []      # tie: no rule
    g = wyrm_day(pawn=3, wyrmlings={5: 2}, warriors={5: 1, 1: 1})
    assert [t for t in g.legal_texts() if t.startswith(("w5", "2w5"))] == [
        "w5->1", "2w5->1", "w5->2", "2w5->2"]


@pytest.mark.parametrize("height,moves", [(2, 1), (1, 2), (0, 3)])
def test_w_height_1_moves_per_turn(height, moves):
    """W-HEIGHT-1 / W-ACT-MOVE: 1 + (Growth removed from Height) moves per turn."""
    g = wyrm_day(pawn=5, wyrmlings={5: 1}, growth=(2, height, 2))
    n = 0
    while True:
        pawn = state(g)["pawn"] + 1
        mv = [t for t in g.legal_texts() if t.startswith(f"(p+w){pawn}->")]
        if not mv:
            break
        act(g, mv[0])
        n += 1
        assert n <= 5
    assert n == moves
    assert state(g)["moves_used"] == moves


@pytest.mark.parametrize("bite,battles", [(2, 1), (1, 2), (0, 3)])
def test_w_bite_1_battles_per_turn(bite, battles):
    """W-BITE-1 / W-ACT-BATTLE: 1 + (Growth removed from Bite) battles per turn, in any
    clearings."""
    g = wyrm_day(pawn=5, wyrmlings={5: 1, 6: 1, 7: 1}, warriors={5: 8, 6: 8, 7: 8},
                 growth=(bite, 2, 2))
    n = 0
    for cl in (5, 6, 7):
        if f"XC{cl}" not in g.legal_texts():
            break
        act(g, f"XC{cl}", "roll 0,0")
        n += 1
    assert n == battles
    assert state(g)["battles_used"] == battles
    assert texts_starting(g, "XC") == []


def test_w_act_battle_needs_fighters_and_enemy():
    """W-ACT-BATTLE: the Wyrm battles where it has wyrmlings or the pawn and the Marquise has
    pieces (a building alone will do); a fear token alone cannot attack."""
    g = wyrm_day(pawn=5, wyrmlings={6: 1}, fear={7: SCARED}, warriors={5: 1, 7: 1, 8: 1},
                 workshops={6: 1})
    assert texts_starting(g, "XC") == ["XC5", "XC6"]


def test_w_day_2_actions_any_order_interleaved():
    """W-DAY-2 / planner: Fear, Terrorize, Eat, Hoard, Move and Battle are all offered at once and
    can be interleaved: move, fear, battle, eat, move again, hoard, terrorize."""
    g = wyrm_day(pawn=5, wyrmlings={5: 2, 10: 3}, warriors={2: 1, 10: 2}, fear={10: COWED},
                 growth=(1, 1, 2), wyrm_hand=("R#cobbler", "R#commandwarren", "M#codebreakers"))
    legal = g.legal_texts()
    for t in ("t->5", "terror Cw10->12", "eat R#cobbler bite", "hoard 10 R#cobbler",
              "(p+2w)5->2", "XC10"):
        assert t in legal
    act(g, "(p+2w)5->2")                    # move 1
    act(g, "t->2")                          # fear in 2
    act(g, "XC2", "roll 1,0")               # battle 1: the warrior in 2 dies
    assert state(g)["warriors"][c(2)] == 0
    act(g, "eat M#codebreakers height")     # mouse clearing 2
    act(g, "(p+2w)2->5")                    # move 2 (Height: now 1 removed)
    act(g, "hoard 10 R#cobbler")
    act(g, "terror Cw10->12")
    d = state(g)
    assert d["pawn"] == c(5) and d["fear"][c(2)] == SCARED and d["growth"] == [1, 0, 2]
    assert d["items"][WYRM][7] == 1 and d["warriors"][c(12)] == 1 and d["warriors"][c(10)] == 1
    assert (d["used_fear"], d["used_terror"], d["used_eat"], d["used_hoard"]) == (1, 1, 1, 1)
    assert (d["moves_used"], d["battles_used"]) == (2, 1)
    assert g.step == "wyrm_daylight"
    assert texts_starting(g, "XC") == ["XC10"]      # Bite 1 removed: a second battle left
    act(g, "XC10", "roll 0,0")
    assert texts_starting(g, "XC") == []


# ---------------------------------------------------------------- Evening

CAPS = {0: 0, 1: 1, 2: 2, 3: 2, 4: 3, 5: 4, 6: 5}


@pytest.mark.parametrize("on_track", range(7))
def test_w_eve_1_w_eve_2_lair_score_capped(on_track):
    """W-EVE-1 / W-EVE-2 (assumed caps 1, 2, 2, 3, 4, 5): the Lair scores 1 VP per item, at most
    the cap under the rightmost covered Growth space; an empty track scores nothing. Lair: 3
    treasure + 2 crafted items = 5 items."""
    growth = [2, 2, 2]
    for i in range(on_track):
        growth[i % 3] -= 1
    g = wyrm_day(growth=growth, lair={"treasure": 3, "hammer": 1, "sword": 1})
    act(g, "pass")
    assert g.scores == (0, min(5, CAPS[on_track]))


def test_w_eve_1_fewer_items_than_cap():
    """W-EVE-1: 1 VP per item when the cap is higher (2 items, cap 5)."""
    g = wyrm_day(growth=(0, 0, 0), lair={"treasure": 1, "tea": 1}, score=(0, 4))
    act(g, "pass")
    assert g.scores == (0, 6)


@pytest.mark.parametrize("on_track,draws", [(0, 1), (1, 1), (2, 2), (3, 2), (4, 3), (5, 3), (6, 4)])
def test_w_eve_3_draws_by_growth_pairs(on_track, draws):
    """W-EVE-3: draw 1 card plus 1 per pair of Growth markers on the Growth track."""
    growth = [2, 2, 2]
    for i in range(on_track):
        growth[i % 3] -= 1
    g = wyrm_day(growth=growth)
    act(g, "pass")
    n = 0
    while g.step == "evening_draw":
        g.apply(g.legal_actions()[0])
        n += 1
    assert n == draws
    assert state(g)["hand_size"][WYRM] == draws
    assert state(g)["turn"] == MARQUISE


def test_w_eve_3_discard_down_to_five_wyrm_chooses():
    """W-EVE-3 / planner: after drawing, discard down to 5 cards; the Wyrm picks which."""
    hand = ("R#cobbler", "R#commandwarren", "M#codebreakers", "F#anvil", "B#crossbow")
    g = wyrm_day(growth=(1, 1, 2), wyrm_hand=hand)          # 2 on the track: draw 2
    act(g, "pass", "draw M#sword", "draw F#roottea")
    assert g.step == "discard" and g.current_player == WYRM
    assert g.legal_texts() == ["B#crossbow->", "F#anvil->", "F#roottea->", "R#cobbler->",
                               "R#commandwarren->", "M#codebreakers->", "M#sword->"]
    act(g, "F#anvil->")
    assert g.step == "discard"
    act(g, "M#sword->")
    d = state(g)
    assert d["hand_size"][WYRM] == 5 and d["hand"][WYRM][15] == 0 and d["discard"][15] == 1
    assert d["turn"] == MARQUISE


def test_w_eve_scores_before_drawing():
    """W-EVE-1 then W-EVE-3: the Lair is scored as Evening starts, before the draw."""
    g = wyrm_day(growth=(2, 2, 1), lair={"treasure": 2})
    act(g, "pass")
    assert g.step == "evening_draw" and g.scores == (0, 1)


def test_w_act_fear_token_intimidates_next_birdsong():
    """W-ACT-FEAR then W-BIRD-1: a token placed scared in Daylight flips at the Wyrm's next
    Birdsong and brings wyrmlings there."""
    g = wyrm_day(pawn=5)
    act(g, "t->5", "pass")
    while g.step == "evening_draw":
        g.apply(g.legal_actions()[0])
    act(g, "pass")                                   # the Marquise's turn: nothing
    while g.step == "evening_draw":
        g.apply(g.legal_actions()[0])
    assert state(g)["turn"] == WYRM and g.step == "wyrm_intimidate"
    assert state(g)["fear"][c(5)] == COWED
    assert g.legal_texts() == ["0w->5", "1w->5"]


def test_w_place_1_lifted_once_keep_is_gone():
    """W-PLACE-1: the limit is the Keep's; with the Keep removed the Wyrm may place a fear token
    in clearing 1."""
    g = wyrm_day(pawn=1, keep=-1)
    assert texts_starting(g, "t->") == ["t->1"]
    g = wyrm_day(pawn=1)
    assert texts_starting(g, "t->") == []
