"""Allied factions (LoR 9.2.9.II.b-d, root-factions.md §4.5; ruling §10.5): their warriors move
with him and fight as his own; more hits on them than on his items turns them Hostile."""
from __future__ import annotations

from vb_positions import (SEATS, ALLIED, CAT, HOSTILE, NV, VB, WYRM, act, battle, board, hand_of,
                          item_action, items_of, of_kind, rel_of, st, vb, vb_day, vb_started)


def move_with(to: int, ally: int, n: int) -> int:
    return act("vb_move", ((to - 1) * SEATS + ally) * 21 + n)


def ally_battle(defender: int, ally: int) -> int:
    return act("vb_battle", defender * SEATS + ally)


def roll(high: int, low: int) -> int:
    return act("dice", high * 4 + low)


ALLY_HIT = act("damage", 2 * NV)


def test_allied_warriors_move_with_him_LoR_9_2_9_II_b():
    """LoR 9.2.9.II.b (ruling §10.5): moving to an adjacent clearing he may take any number of one
    Allied faction's warriors from his clearing along (1 boots in all); not a faction only at 2."""
    base = board(vb_started(), warriors={1: 2}, wyrmlings={1: 1}, pawn=9)
    g = vb_day(vb(base, at=1, items={"boots": 1}, rel={CAT: ALLIED, WYRM: 2}))
    offered = set(of_kind(g, "vb_move"))
    assert {((5 - 1) * SEATS + CAT) * 21 + n for n in (1, 2)} <= offered
    assert not any(x // 21 % SEATS == WYRM for x in offered)
    g.apply(move_with(5, CAT, 2))
    d = st(g)
    assert d["warriors"][0] == 0 and d["warriors"][4] == 2 and d["vb_at"] == 4
    assert items_of(g)["boots"] == [0, 1, 0, 0]


def test_no_allied_warriors_along_from_a_forest_LoR_9_2_9_II_b():
    """LoR 9.2.9.II.b: warriors go from his origin clearing; from a forest he moves alone."""
    base = board(vb_started(), warriors={1: 2}, pawn=9)
    g = vb_day(vb(base, at="1_2_5_10", items={"boots": 1}, rel={CAT: ALLIED}))
    assert all(x % 21 == 0 for x in of_kind(g, "vb_move"))


def test_allied_marquise_warriors_into_sympathy_he_pays_the_outrage_ruling_10_5():
    """Ruling §10.5: Allied Marquise warriors he moves into a sympathetic clearing are his move:
    he pays the Outrage (his rabbit card to the Supporters stack)."""
    four = ("marquise", "alliance", "vagabond", "wyrm")
    v = 2
    g = board(vb_started(factions=four), warriors={1: 1}, sympathy=[5], pawn=9,
              hands={v: ["R#cobbler"]})
    g = vb_day(vb(g, at=1, items={"boots": 1}, rel={CAT: ALLIED}))
    g.apply(move_with(5, CAT, 1))
    while g.step == "outrage":
        g.apply(g.legal_actions()[0])
    d = st(g)
    assert d["warriors"][4] == 1 and d["supporters_size"] == 1 and hand_of(g, v) == []


def test_allied_warriors_fight_as_his_own_and_raise_the_cap_LoR_9_2_9_II_c():
    """LoR 9.2.9.II.c: attacking the Marquise with the Allied Wyrm's two wyrmlings, his rolled-hit
    cap is 1 sword + 2 warriors: roll 3,0 removes 3 (1 turned them Hostile, 2 Infamy)."""
    base = board(vb_started(), warriors={1: 4}, wyrmlings={1: 2}, pawn=9)
    g = vb_day(vb(base, at=1, items={"sword": 1, "boots": 1}, rel={WYRM: ALLIED}))
    assert ally_battle(CAT, WYRM) in g.legal_actions()
    assert ally_battle(WYRM, WYRM) not in g.legal_actions()      # never against that faction
    g.apply(ally_battle(CAT, WYRM))
    g.apply(roll(3, 0))
    d = st(g)
    assert d["warriors"][0] == 1 and d["score"][VB] == 2 and rel_of(g, CAT) == HOSTILE


def test_more_hits_on_allied_warriors_than_items_turns_them_hostile_LoR_9_2_9_II_d():
    """LoR 9.2.9.II.d: he may take hits on the Allied warriors fighting for him; with more hits on
    them than on his items the faction turns Hostile when the battle ends; one and one does not."""
    def fight(choices):
        base = board(vb_started(), warriors={1: 3}, wyrmlings={1: 2}, pawn=9)
        g = vb_day(vb(base, at=1, items={"sword": 1, "boots": 1}, rel={WYRM: ALLIED}))
        g.apply(ally_battle(CAT, WYRM))
        g.apply(roll(2, 2))
        for a in choices:
            assert g.step == "battle_hits" and g.current_player == VB
            g.apply(a)
        assert g.step == "vagabond_daylight"
        return g
    g = fight([ALLY_HIT, ALLY_HIT])
    assert st(g)["wyrmlings"][0] == 0 and rel_of(g, WYRM) == HOSTILE
    g = fight([ALLY_HIT, item_action("damage", "boots")])
    assert st(g)["wyrmlings"][0] == 1 and rel_of(g, WYRM) == ALLIED
    assert items_of(g)["boots"] == [0, 0, 1, 0]


def test_plain_battle_beside_allied_warriors_uses_his_swords_only_LoR_9_2_9_II_c():
    """LoR 9.2.9.II.c is his choice: the plain battle beside Allied warriors is capped by his one
    sword (roll 3,0 removes 1)."""
    base = board(vb_started(), warriors={1: 4}, wyrmlings={1: 2}, pawn=9)
    g = vb_day(vb(base, at=1, items={"sword": 1, "boots": 1}, rel={WYRM: ALLIED}))
    g.apply(battle(1, CAT))
    g.apply(roll(3, 0))
    assert st(g)["warriors"][0] == 3
