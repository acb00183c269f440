"""The Eyrie's abilities and how the other factions meet them: Lords of the Forest, Disdain for
Trade, the leaders in battle, hits and Favors on roosts, the Evening (root-factions.md §2.2,
§2.5, §2.7; LoR 7.2, 7.6, 7.8; §7 traps 1, 19, 24; W-MP-2, W-MP-3, W-MP-5)."""
from __future__ import annotations

import pytest

from wyrm_ai import _core
from wyrm_ai.model.cards import card
from wyrm_ai.model.game import Game

from eyrie_positions import STEP, eseat, eyrie_day, eyrie_started, put
from positions import give, modify


def st(g):
    return g.state.to_dict()


def set_score(g, seat, vp):
    return modify(g, lambda d: d["score"].__setitem__(seat, vp))


def finish_battle(g, roll):
    """Pass ambushes and effects, roll `roll`, take the first choice of every allocation."""
    back = g.step if g.step.endswith("daylight") else None
    while g.step not in ("eyrie_daylight", "marquise_daylight", "wyrm_daylight", "terminal"):
        if g.step == "battle_roll":
            g.apply(f"roll {roll}")
        elif "pass" in g.legal_texts():
            g.apply("pass")
        else:
            g.apply(g.legal_actions()[0])
    return g


# ---- Lords of the Forest (LoR 7.2.2) ------------------------------------------------------

def test_lor_7_2_2_the_eyrie_win_a_tie_for_most_with_the_marquise():
    g = eyrie_started(factions=("marquise", "eyrie", "wyrm"))
    def fn(d):
        put(d, warriors={9: 2, 10: 1}, birds={9: 1, 10: 1, 3: 1}, roosts={9: 1})
    g = modify(g, fn)
    assert _core.ruler_of(g.state, 8) == eseat(g)           # 2 warriors vs 1 warrior + roost
    assert _core.ruler_of(g.state, 9) == eseat(g)           # 1 vs 1
    assert g.rules(10) == eseat(g)


def test_lor_7_2_2_lords_of_the_forest_against_the_wyrm_pawns_three():
    """§6 / W-MON-1: the pawn counts three toward the tie; any Eyrie piece then wins it."""
    g = eyrie_started(factions=("eyrie", "wyrm"))
    g = modify(g, lambda d: put(d, birds={5: 3, 9: 2}, roosts={1: 1}, wyrmlings={9: 1}, pawn=5))
    assert _core.ruler_of(g.state, 4) == eseat(g)
    g = modify(g, lambda d: put(d, birds={5: 2, 9: 2}, roosts={1: 1}, wyrmlings={}, pawn=5))
    assert _core.ruler_of(g.state, 4) == g.seat_of("wyrm")


def test_lor_7_2_2_a_tie_without_the_eyrie_rules_for_nobody():
    g = eyrie_started(factions=("marquise", "eyrie", "wyrm"))
    def fn(d):
        put(d, warriors={9: 2}, birds={9: 1, 3: 1}, wyrmlings={9: 2}, roosts={3: 1})
    g = modify(g, fn)
    assert _core.ruler_of(g.state, 8) == -1


# ---- Disdain for Trade, the Builder (LoR 7.2.3, 7.8.1; trap 24) ----------------------------

@pytest.mark.parametrize("leader,vp", [("despot", 1), ("builder", 2)])
def test_lor_7_2_3_disdain_for_trade_items_score_1_unless_the_builder(leader, vp):
    g = eyrie_started(factions=("eyrie", "wyrm"), leader=leader)
    g = eyrie_day(g, leader=leader, birds={1: 6}, roosts={1: 1}, wyrmlings={12: 2}, pawn=12)
    me = eseat(g)
    g = set_score(give(g, me, "F#anvil"), me, 0)           # an item worth 2 printed VP
    g.apply("ZF#anvil")
    assert st(g)["score"][me] == vp
    assert st(g)["items"][me][_core.ITEM_NAMES.index("hammer")] == 1


def test_trap_24_disdain_leaves_non_item_crafts_alone():
    """§7 trap 24: a persistent card crafted by the Eyrie scores nothing, as for anyone."""
    g = eyrie_started(factions=("eyrie", "wyrm"), leader="despot")
    g = eyrie_day(g, leader="despot", birds={1: 6}, roosts={1: 1, 2: 1}, wyrmlings={12: 2}, pawn=12)
    me = eseat(g)
    g = set_score(give(g, me, "M#codebreakers"), me, 0)
    g.apply("ZM#codebreakers")
    assert st(g)["score"][me] == 0 and st(g)["play_area"][me][card("M#codebreakers").id] == 1


# ---- the leaders in battle (LoR 7.8.3, 7.8.4) -------------------------------------------

def test_lor_7_8_3_the_commander_deals_an_extra_hit_as_attacker():
    g = eyrie_started(factions=("eyrie", "wyrm"), leader="commander")
    g = eyrie_day(g, leader="commander", birds={1: 6, 12: 3}, roosts={1: 1}, wyrmlings={12: 4}, pawn=5)
    g.apply("w1->5 [B]")                    # the Move Vizier
    g.apply("XW12 [B]")
    finish_battle(g, "1,0")
    assert st(g)["wyrmlings"][11] == 4 - 2   # 1 rolled + 1 Commander


def test_lor_7_8_3_no_commander_no_extra_hit():
    g = eyrie_started(factions=("eyrie", "wyrm"), leader="charismatic")
    g = eyrie_day(g, leader="charismatic", birds={1: 6, 12: 3}, roosts={1: 1}, wyrmlings={12: 4}, pawn=5)
    g.apply("w->1 [B]")                     # the Recruit Vizier
    g.apply("XW12 [B]")
    finish_battle(g, "1,0")
    assert st(g)["wyrmlings"][11] == 4 - 1


def _despot_battle(leader):
    g = eyrie_started(factions=("marquise", "eyrie"), leader=leader, keep=1)
    def fn(d):
        put(d, warriors={}, birds={3: 4, 5: 3}, roosts={3: 1})
        d["buildings"] = [[0] * 12 for _ in range(3)]
        d["buildings"][0][4] = 1                             # a sawmill and a workshop in 5
        d["buildings"][1][4] = 1
        d["wood_supply"] += sum(d["wood"])
        d["wood"] = [0] * 12
    g = eyrie_day(modify(g, fn), leader=leader, decree=[("battle", "R#bakesale")])
    me = eseat(g)
    g = set_score(g, me, 0)
    for t in ("w3->7 [B]", "w->3 [B]"):       # the first Vizier column
        if t in g.legal_texts():
            g.apply(t)
            break
    g.apply("XC5 [R]")
    finish_battle(g, "3,0")
    return g, me


def test_lor_7_8_4_despot_scores_one_extra_once_per_battle_trap_19():
    """§7 trap 19: 2 buildings removed in one battle -> 2 VP + 1 Despot VP, not 2 Despot VP."""
    g, me = _despot_battle("despot")
    assert sum(map(sum, st(g)["buildings"])) == 0
    assert st(g)["score"][me] == 3


def test_lor_7_8_4_without_the_despot_one_vp_per_building():
    g, me = _despot_battle("commander")
    assert sum(map(sum, st(g)["buildings"])) == 0
    assert st(g)["score"][me] == 2


# ---- hits and Favors on the Eyrie (LoR 4.3.4, 3.2.1; trap 1; W-MP-5) ----------------------

def test_lor_4_3_4_hits_take_eyrie_warriors_then_the_roost_trap_1():
    """Warriors first, then the roost; the remover scores 1 VP; the Eyrie lose no VP (trap 1)."""
    g = eyrie_started(factions=("marquise", "eyrie"), keep=1)
    cat, me = g.seat_of("marquise"), eseat(g)
    def fn(d):
        put(d, warriors={3: 3, 1: 1}, birds={3: 1, 9: 1}, roosts={3: 1})
        d["step"] = STEP["marquise_daylight"]
        d["turn"] = cat
        d["actions_left"] = 3
        d["crafting_open"] = 0
        d["score"] = [0, 7]
    g = modify(g, fn)
    g.apply("XE3")
    finish_battle(g, "3,0")
    d = st(g)
    assert d["birds"][2] == 0 and d["roosts"][2] == 0 and d["roost_supply"] == 7
    assert d["score"][cat] == 1 and d["score"][me] == 7


def test_w_mp_5_a_favor_removes_eyrie_warriors_and_roosts_scoring_each_roost():
    g = eyrie_started(factions=("eyrie", "wyrm"))
    wy, me = g.seat_of("wyrm"), eseat(g)
    def fn(d):
        put(d, birds={3: 3, 10: 2, 1: 1}, roosts={3: 1, 1: 1}, wyrmlings={4: 1}, pawn=4)
        d["fear"] = [0] * 12
        for c in (4, 5, 10):
            d["fear"][c - 1] = 2
        d["fear_supply"] = 8 - 3
        d["step"] = STEP["wyrm_daylight"]
        d["turn"] = wy
        d["crafting_open"] = 1
        d["score"] = [0, 0] if wy == 1 else [0, 0]
    g = give(modify(g, fn), wy, "R#favoroftherabbits")
    g.apply("ZR#favoroftherabbits")
    d = st(g)
    assert d["birds"][2] == 0 and d["birds"][9] == 0 and d["roosts"][2] == 0
    assert d["birds"][0] == 1 and d["roosts"][0] == 1         # a fox clearing: untouched
    assert d["score"][wy] == 1 and d["bird_supply"] == 19


# ---- Terrorize moves Eyrie warriors (W-MP-3) ------------------------------------------------

def test_w_mp_3_terrorize_moves_an_eyrie_warrior():
    g = eyrie_started(factions=("eyrie", "wyrm"))
    wy = g.seat_of("wyrm")
    def fn(d):
        put(d, birds={5: 2, 1: 1}, roosts={1: 1}, wyrmlings={}, pawn=12)
        d["fear"] = [0] * 12
        d["fear"][4] = 1
        d["fear_supply"] = 7
        d["step"] = STEP["wyrm_daylight"]
        d["turn"] = wy
    g = modify(g, fn)
    assert {"terror Ew5->1", "terror Ew5->2"} <= set(g.legal_texts())
    g.apply("terror Ew5->2")
    assert st(g)["birds"][4] == 1 and st(g)["birds"][1] == 1


# ---- Evening (LoR 7.6) ------------------------------------------------------------------

@pytest.mark.parametrize("roosts,vp,draws", [(1, 0, 1), (2, 1, 1), (3, 2, 2), (4, 3, 2), (5, 4, 2),
                                             (6, 4, 3), (7, 5, 3)])
def test_lor_7_6_roost_vp_and_draws(roosts, vp, draws):
    """LoR 7.6.1-2 / §2.5: the Roosts track's VP and draws by roosts on the map."""
    g = eyrie_started(factions=("eyrie", "wyrm"), leader="despot")
    where = (1, 2, 3, 4, 5, 7, 8)[:roosts]
    g = eyrie_day(g, leader="despot", birds={1: 1}, roosts={c: 1 for c in where}, wyrmlings={}, pawn=12)
    me = eseat(g)
    g = set_score(g, me, 0)
    facts = _core.public_facts(g.state)["roost_track"]
    assert facts == {"vp": vp, "draws": draws}
    assert _core.evening_draws_of(g.state, me) == draws
    g = modify(g, lambda d: d.update(decree_done=[[0] * 4, [0, 0, 0, 1], [0] * 4, [0, 0, 0, 1]]))
    g.apply("pass")                          # the Decree is done: Evening
    d = st(g)
    assert d["score"][me] == vp
    assert g.step == "evening_draw" and d["to_draw"][me] == draws


def test_public_facts_have_no_roosts_without_the_eyrie():
    g = eyrie_started(factions=("marquise", "wyrm"), first="marquise")
    assert _core.public_facts(g.state)["roost_track"] is None


# ---- information: the Decree is public (root-factions.md §5.1) -------------------------------

def test_section_5_1_the_decree_is_public_so_determinizing_keeps_it():
    """§5.1: Decree cards are public; redealing hidden cards for another seat's search leaves
    the Decree as it is and conserves every card (the result passes from_dict)."""
    g = eyrie_started(factions=("marquise", "eyrie", "wyrm"), leader="despot")
    g = eyrie_day(g, leader="despot", decree=[("recruit", "R#bakesale"), ("battle", "B#crossbow")],
                  birds={3: 6}, roosts={3: 1})
    for observer in (g.seat_of("marquise"), g.seat_of("wyrm")):
        for seed in range(5):
            d = _core.determinized(g.state, observer, seed).to_dict()
            assert d["decree"] == st(g)["decree"]
            _core.State.from_dict(d)


def test_w_mp_1_the_wyrm_sets_up_after_the_eyrie_counting_their_pieces():
    """W-MP-1 / W-SET-2: the Wyrm sets up last, in a clearing with the fewest opponents' pieces,
    the Eyrie's corner counted."""
    g = Game(first=0, factions=("eyrie", "wyrm"))
    while g.step != "wyrm_setup":
        g.apply(g.legal_actions()[0] if g.step != "eyrie_setup" else "b+w->1")
    assert "p->1" not in g.legal_texts() and "p->2" in g.legal_texts()
