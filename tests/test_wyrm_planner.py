"""Voracious Wyrm: "What the planner decides on the Wyrm's turn" (voracious-wyrm.md, last
section). Each choice must be a decision point of the Wyrm with its own actions, and different
actions must lead to different positions."""
from wyrm_positions import (COWED, SCARED, WYRM, act, c, cat_day, forest_loc, moves, state,
                            texts_starting, wyrm_birdsong, wyrm_day)


def _outcomes(g, texts, key):
    """key(state) after applying each text to a clone of g."""
    out = []
    for t in texts:
        h = g.clone()
        act(h, t)
        out.append(key(state(h)))
    return out


def test_planner_intimidate_placement_when_short():
    """Planner (W-MIGHT-1 ruling): Intimidate placement when the supply is short is the Wyrm's
    decision, clearing by clearing, with one action per count."""
    g = wyrm_birdsong(fear={6: SCARED, 8: SCARED}, growth=(2, 2, 1), wyrmlings={3: 7})
    assert g.step == "wyrm_intimidate" and g.current_player == WYRM
    assert g.legal_texts() == ["0w->6", "1w->6"]
    res = []
    for first in ("0w->6", "1w->6"):
        h = g.clone()
        act(h, first)
        if h.step == "wyrm_intimidate":
            assert h.legal_texts() == ["0w->8", "1w->8"]
            act(h, "1w->8")
        d = state(h)
        res.append((d["wyrmlings"][c(6)], d["wyrmlings"][c(8)]))
    assert res == [(0, 1), (1, 0)]


def test_planner_which_forest_to_flee_to():
    """Planner (W-FOREST-1): which forest the pawn flees to: one action per adjacent forest."""
    g = cat_day(pawn=11, warriors={11: 3})
    act(g, "XW11", "roll 1,0")
    assert g.step == "battle_forest" and g.current_player == WYRM
    assert g.legal_texts() == ["p->2_6_10_11_12", "p->3_7_11_12", "p->3_6_11"]
    assert _outcomes(g, g.legal_texts(), lambda d: d["pawn"]) == [
        forest_loc("2_6_10_11_12"), forest_loc("3_7_11_12"), forest_loc("3_6_11")]


def test_planner_where_to_return_growth():
    """Planner (W-BIRD-2): where a Growth marker returns: one action per track with room."""
    g = wyrm_birdsong(pawn="4_7_8_12", growth=(1, 0, 1))
    assert g.step == "wyrm_return_growth" and g.current_player == WYRM
    assert g.legal_texts() == ["return bite", "return height", "return might"]
    assert _outcomes(g, g.legal_texts(), lambda d: d["growth"]) == [
        [2, 0, 1], [1, 1, 1], [1, 0, 2]]


def test_planner_where_to_emerge():
    """Planner (W-BIRD-2): the clearing the pawn emerges into: one action per adjacent clearing."""
    g = wyrm_birdsong(pawn="4_7_8_12", growth=(2, 2, 2))
    assert g.step == "wyrm_emerge" and g.current_player == WYRM
    assert g.legal_texts() == ["p->4", "p->7", "p->8", "p->12"]
    assert _outcomes(g, g.legal_texts(), lambda d: d["pawn"]) == [c(4), c(7), c(8), c(12)]


def test_planner_which_cards_to_craft():
    """Planner (W-CRAFT-1): which card the fear tokens craft: one fox token, two fox cards - the
    Wyrm picks, and the other card can then no longer be crafted."""
    g = wyrm_day(fear={12: COWED}, wyrm_hand=("F#anvil", "B#crossbow"))
    assert texts_starting(g, "Z") == ["ZB#crossbow", "ZF#anvil"]
    assert _outcomes(g, ["ZB#crossbow", "ZF#anvil"],
                     lambda d: (d["items"][WYRM][2], d["items"][WYRM][3], d["score"][WYRM])) == [
        (1, 0, 1), (0, 1, 2)]
    h = g.clone()
    act(h, "ZB#crossbow")
    assert texts_starting(h, "Z") == []


def test_planner_which_fear_token_pays():
    """Planner (W-CRAFT-1): with fear tokens of two suits each card is paid by the token of its
    cost's suit; a fox token cannot be spent on a mouse cost."""
    g = wyrm_day(fear={6: SCARED, 7: COWED}, wyrm_hand=("F#anvil", "F#roottea"))
    assert texts_starting(g, "Z") == ["ZF#anvil", "ZF#roottea"]
    act(g, "ZF#roottea")                       # mouse cost: the token in 7 (mouse)
    assert state(g)["activated"] == [0] * 6 + [1] + [0] * 5
    assert texts_starting(g, "Z") == ["ZF#anvil"]
    act(g, "ZF#anvil")
    assert state(g)["activated"][c(6)] == 1


def test_planner_order_and_targets_of_daylight_actions():
    """Planner (W-DAY-2): Fear, Terrorize, Eat, Hoard, Move and Battle are offered together in
    Daylight, each with its targets, as separate actions of the Wyrm."""
    g = wyrm_day(pawn=5, wyrmlings={5: 2, 10: 2, 6: 1}, warriors={5: 1, 6: 1, 10: 1},
                 fear={10: COWED}, wyrm_hand=("R#cobbler",))
    legal = g.legal_texts()
    assert g.current_player == WYRM
    assert "t->5" in legal
    assert texts_starting(g, "terror") == ["terror Cw10->1", "terror Ww10->1", "terror Cw10->2",
                                           "terror Ww10->2", "terror Cw10->12", "terror Ww10->12"]
    assert texts_starting(g, "eat") == ["eat R#cobbler bite", "eat R#cobbler height",
                                        "eat R#cobbler might"]
    assert texts_starting(g, "hoard") == ["hoard 10 R#cobbler"]
    assert texts_starting(g, "XC") == ["XC5", "XC6", "XC10"]
    assert "(p+2w)5->1" in moves(g) and "2w10->12" in moves(g)
    # Eat and Hoard compete for the one card: the order is the Wyrm's choice.
    h = g.clone()
    act(h, "eat R#cobbler bite")
    assert texts_starting(h, "hoard") == []
    h = g.clone()
    act(h, "hoard 10 R#cobbler")
    assert texts_starting(h, "eat") == []


def test_planner_which_track_to_eat_from():
    """Planner (W-ACT-EAT): which ability track the eaten marker leaves: one action per track."""
    g = wyrm_day(pawn=5, wyrm_hand=("B#crossbow",))
    texts = texts_starting(g, "eat")
    assert texts == ["eat B#crossbow bite", "eat B#crossbow height", "eat B#crossbow might"]
    assert _outcomes(g, texts, lambda d: d["growth"]) == [[1, 2, 2], [2, 1, 2], [2, 2, 1]]


def test_planner_how_to_allocate_hits():
    """Planner (W-PY-1): each hit in the pawn's clearing is the Wyrm's decision: wyrmling or
    pawn, also in the Marquise's turn."""
    g = cat_day(pawn=5, wyrmlings={5: 1}, warriors={5: 2})
    act(g, "XW5", "roll 1,0")
    assert g.step == "battle_hits" and g.current_player == WYRM and state(g)["turn"] == 0
    assert g.legal_texts() == ["w5->", "p5->"]
    assert _outcomes(g, ["w5->", "p5->"], lambda d: (d["wyrmlings"][c(5)], d["pawn"])) == [
        (0, c(5)), (1, forest_loc("1_2_5_10"))]


def test_planner_which_lair_items_to_give_up():
    """Planner (W-PY-2): which Lair item a pawn hit removes: one action per kind held."""
    g = cat_day(pawn=5, warriors={5: 2}, lair={"treasure": 2, "hammer": 1, "tea": 1})
    act(g, "XW5", "roll 1,0")
    assert g.step == "battle_lair" and g.current_player == WYRM
    assert g.legal_texts() == ["%h->", "%t->", "%g->"]
    assert _outcomes(g, g.legal_texts(), lambda d: (d["items"][WYRM], d["score"][0])) == [
        ([0, 0, 0, 0, 0, 1, 0, 2], 0), ([0, 0, 0, 1, 0, 0, 0, 2], 0), ([0, 0, 0, 1, 0, 1, 0, 1], 1)]


def test_planner_which_cards_to_discard():
    """Planner (W-EVE-3): which cards the Wyrm discards in Evening: one action per card held."""
    hand = ("R#cobbler", "M#codebreakers", "F#anvil", "B#crossbow", "F#roottea")
    g = wyrm_day(wyrm_hand=hand)
    act(g, "pass", "draw M#sword")
    assert g.step == "discard" and g.current_player == WYRM
    assert len(g.legal_texts()) == 6
    kept = _outcomes(g, ["M#sword->", "F#anvil->"],
                     lambda d: (d["hand"][WYRM][40], d["hand"][WYRM][15], d["hand_size"][WYRM]))
    assert kept == [(0, 1, 5), (1, 0, 5)]
