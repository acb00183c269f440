"""The Alliance's Daylight and Evening: crafting, Mobilize, Train, the officers' operations and
the draws (root-factions.md §3.5; LoR 8.2.1, 8.5, 8.6)."""
from __future__ import annotations

from wyrm_ai.model.cards import card

from alliance_positions import (alliance_day, alliance_started, board, hand_of, st, stack, texts,
                                turn_of)
from positions import modify

from wyrm_ai.model.cards import CARDS as _ALL_CARDS
NCT = len(_ALL_CARDS)   # card types of both decks (the standard deck and E&P)

CAT, ALLY, WYRM = 0, 1, 2


def _day(**pieces):
    return alliance_day(board(alliance_started(), **pieces))


def test_lor_8_2_1_sympathy_tokens_are_the_crafting_pieces():
    """LoR 8.2.1: each sympathy token crafts for its clearing's suit: a token in fox 6 crafts
    Anvil (one fox); without it, no craft."""
    assert "ZF#anvil" in texts(_day(sympathy=[6], hands={ALLY: ["F#anvil"]}))
    assert "ZF#anvil" not in texts(_day(sympathy=[5], hands={ALLY: ["F#anvil"]}))


def test_lor_8_5_2_mobilize_moves_any_hand_card_onto_the_stack_unseen():
    """LoR 8.5.2 (§5.1): Mobilize puts any hand card onto the stack, seen by the Alliance only:
    the others forget what they knew of the Alliance's hand and learn nothing of the stack."""
    g = _day(hands={ALLY: ["R#cobbler", "F#ambush"]})
    g = modify(g, lambda d: d["known"][CAT][ALLY].__setitem__(card("R#cobbler").id, 1))
    assert {"R#cobbler->$", "F#ambush->$"} <= texts(g)
    g.apply("R#cobbler->$")
    d = st(g)
    assert stack(g) == ["R#cobbler"] and hand_of(g, ALLY) == ["F#ambush"]
    assert d["known"][CAT][ALLY] == [0] * NCT and d["known_sup"][CAT] == [0] * NCT
    assert g.step == "alliance_daylight"


def test_lor_8_5_3_train_needs_a_card_of_a_base_on_the_map_birds_wild():
    """LoR 8.5.3: Train spends a card matching a base on the map (mouse base in 2: mouse or bird,
    not fox) to move a supply warrior into the Officers box; no base, no Train."""
    g = _day(bases=[2], hands={ALLY: ["M#sword", "B#ambush", "F#ambush"]})
    trains = {t for t in texts(g) if t.startswith("train")}
    assert trains == {"train M#sword", "train B#ambush"}
    g.apply("train M#sword")
    d = st(g)
    assert d["officers"] == 1 and d["rebel_supply"] == 9 and d["discard"][card("M#sword").id] >= 1
    assert hand_of(g, ALLY) == ["B#ambush", "F#ambush"]
    g = _day(hands={ALLY: ["M#sword", "B#ambush"]})
    assert not any(t.startswith("train") for t in texts(g))


def test_lor_8_5_3_train_needs_a_warrior_in_supply():
    """LoR 8.5.3: the officer comes from the supply: with every warrior on the map or an officer,
    no Train."""
    g = _day(bases=[2], rebels={2: 9}, officers=1, hands={ALLY: ["M#sword"]})
    assert not any(t.startswith("train") for t in texts(g))


def _evening(**pieces):
    g = _day(**pieces)
    g.apply("pass")
    return g


def test_lor_8_6_1_one_operation_per_officer():
    """LoR 8.6.1: up to one military operation per officer -- with 2 officers, after two
    recruits only pass is left."""
    g = _evening(bases=[2], officers=2, pawn=9)
    assert g.step == "alliance_evening"
    g.apply("w->2")
    assert g.step == "alliance_evening" and "w->2" in texts(g)
    g.apply("w->2")
    assert st(g)["rebels"][1] == 2
    assert g.step == "alliance_evening" and texts(g) == {"pass"}


def test_lor_8_6_1_recruit_only_at_a_base():
    """LoR 8.6.1: Recruit places a warrior in a clearing with a base, from the supply."""
    g = _evening(bases=[2, 5], rebels={7: 1}, officers=1, pawn=9)
    assert {t for t in texts(g) if t.startswith("w->")} == {"w->2", "w->5"}
    g = _evening(bases=[2], rebels={7: 8}, officers=2, pawn=9)
    assert not any(t.startswith("w->") for t in texts(g))


def test_lor_8_6_1_organize_not_in_sympathy_not_the_keep_scores_the_token():
    """LoR 8.6.1: Organize turns an Alliance warrior in an unsympathetic clearing into a token,
    scoring the space it uncovers, with no supporters, adjacency or Martial Law -- never in a
    sympathetic clearing nor the Keep's (LoR 6.2.2)."""
    g = _evening(rebels={1: 1, 6: 1, 12: 1, 8: 1}, warriors={8: 3}, sympathy=[12], officers=1,
                 keep=1, pawn=9)
    assert {t for t in texts(g) if t.startswith("organize")} == {"organize 6", "organize 8"}
    g.apply("organize 8")                                   # Martial Law does not matter
    d = st(g)
    assert d["sympathy"][7] == 1 and d["rebels"][7] == 0 and d["rebel_supply"] == 6
    assert d["score"][ALLY] == 1 and d["supporters_size"] == 0


def test_lor_8_6_1_move_and_battle_are_operations():
    """LoR 8.6.1: Move (rule needed as usual) and Battle are operations."""
    g = _evening(rebels={6: 2}, warriors={6: 1}, officers=1, pawn=9)
    assert {"w6->2", "2w6->3", "XC6"} <= texts(g)
    g.apply("2w6->3")
    assert st(g)["rebels"][2] == 2


def test_lor_8_6_2_evening_draws_one_plus_one_per_base():
    """LoR 8.6.2: after the operations the Alliance draw 1 + 1 per base on the map."""
    g = _evening(bases=[2, 5], officers=0, pawn=9)
    assert g.step == "evening_draw" and st(g)["to_draw"][ALLY] == 3
    g = _evening(officers=0, pawn=9)
    assert st(g)["to_draw"][ALLY] == 1


def test_s3_5_operations_count_against_the_officers_left():
    """§3.5 [I]: officers lost part-way through Evening (the base falling in the Alliance's own
    battle) count at once: 2 officers, one battle in which the Marquise's hits take the warrior
    and then the base -- one officer is lost, the one operation used is all there is."""
    g = _evening(bases=[10], rebels={10: 1}, warriors={10: 2}, officers=2, pawn=9)
    g.apply("XC10")
    g.apply("roll 2,2")
    if g.step == "field_hospitals":
        g.apply("pass")
    d = st(g)
    assert d["base_at"][1] == -1 and d["officers"] == 1 and d["ops_used"] == 1
    assert g.step == "alliance_evening" and texts(g) == {"pass"}


def test_lor_8_4_2_and_8_6_1_no_token_left_no_spread_no_organize():
    """LoR 8.4.2, 8.6.1 with LoR 1.5.4: with all 10 tokens on the map neither Spread Sympathy
    nor Organize can place one."""
    g = _day(sympathy=list(range(2, 12)), rebels={12: 1}, officers=1, pawn=9,
             stack=["F#ambush"], bases=[2])
    g.apply("pass")
    assert "organize 12" not in texts(g)
    g = turn_of(g, ALLY)
    assert g.step == "alliance_daylight"             # a supporter for 12, but no token: Birdsong ends
