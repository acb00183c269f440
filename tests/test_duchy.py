"""The Underground Duchy's rules (LoR 12), clause by clause: docs/duchy-corvids.md §2 (D-1..D-20), the
digest's traps (shared/reference/root-factions-riverfolk-underworld.md §4.8, "trap N" = D-TN) and the
contract's readings C1..C12 (§3). Each test names its clause(s) and Law number in its name and
docstring. The Wyrm's rulings with the Duchy (W-MP-21..23) are in tests/test_wyrm_mp_duchy.py.

The Duchy's actions have no notation yet: positions and actions go through the core's State API and
action ints (tests/duchy_positions.py). The last tests play seeded random games at tables seating the
Duchy and the Wyrm with three to six seats, on Autumn and the Lake, and check invariants after every
action.

Seats: most positions are at the table (Marquise, Duchy, Wyrm): CAT 0, DC 1, WY 2. The Marquise's
Keep is in clearing 1 with one warrior; the Wyrm's pawn and one wyrmling stand in clearing 2 (out of
the way) unless a test says otherwise. Autumn: fox 1 6 8 12, rabbit 3 4 5 10, mouse 2 7 9 11."""
from __future__ import annotations

import numpy as np
import pytest

from wyrm_ai import _core

from duchy_positions import (ALLIANCE, DC_RECRUIT, DUCHY, EYRIE, LIZARDS, MARQUISE, MINISTERS, NCL, PASS, RIVERFOLK,
                             TABLE, VAGABOND, WYRM, action, bank, battle, battles_of, builds_of, burrow, burrow_moves,
                             cards_of, cid, counts, craft, dc_build, dc_corner, dc_day, dc_position, dc_turn, dig,
                             digs_of, drive_battle, duchy_problems, fail_card, failure, four_table, kind_of, kinds,
                             minister, moves_of, named, remove, reveal, st, sway, swayed_names, table, three_table,
                             tunnel_off, warriors_conserved)

CAT, DC, WY = 0, 1, 2
BASE = dict(keep=1, warriors={1: 1}, wyrmlings={2: 1}, pawn=2)


def pos(**kw):
    """A position at (Marquise, Duchy, Wyrm): the Keep and a cat in 1, the Wyrm in 2."""
    for k, v in BASE.items():
        kw.setdefault(k, v)
    return dc_position(three_table(), **kw)


def day(**kw):
    """pos at the Duchy's Daylight (the Assembly: two actions left unless told)."""
    for k, v in BASE.items():
        kw.setdefault(k, v)
    return dc_day(three_table(), DC, **kw)


def turn(**kw):
    """pos with the Duchy's turn begun from its Birdsong."""
    for k, v in BASE.items():
        kw.setdefault(k, v)
    return dc_turn(three_table(), DC, **kw)


def to_parliament(p):
    """End the Assembly (pass): Parliament if a minister can act, else Sway, else Evening."""
    assert p.step == "duchy_daylight"
    p.apply(PASS)
    return p


def played(p, a):
    assert a in p.legal_actions(), (kind_of(a), [kind_of(x) for x in p.legal_actions()][:40])
    p.apply(a)
    return p


# ---- D-5, D-7 pieces and board (LoR 12.3.1-2, 12.3.4-6) ----------------------------------------

def test_D5_D7_pieces_twenty_warriors_three_tunnels_three_citadels_markets_nine_crowns():
    """D-5 (LoR 12.3.1-2), D-7 (LoR 12.3.4-6): the Duchy's supply is 20 warriors and 3 tunnels, the
    Burrow empty; 3 citadels and 3 markets on the tracks (none on the map before setup); the nine
    ministers unswayed; 3 crowns on the board per rank (squire, noble, lord); the ranks are three
    squires (Foremole, Captain, Marshal), three nobles (Brigadier, Banker, Mayor: trap 9) and three
    lords."""
    s = _core.State(0, factions=(MARQUISE, DUCHY, WYRM))
    d = st(s)
    assert sum(d["moles"]) + d["mole_supply"] + d["burrow"] == 20 and d["burrow"] == 0
    assert sum(d["tunnels"]) + d["tunnel_supply"] == 3
    assert d["swayed"] == 0 and d["crowns"] == [3, 3, 3]
    assert TABLE["citadels"] == 3 and TABLE["markets"] == 3
    assert [TABLE["ranks"][MINISTERS[m]] for m in ("foremole", "captain", "marshal")] == [0, 0, 0]
    assert [TABLE["ranks"][MINISTERS[m]] for m in ("brigadier", "banker", "mayor")] == [1, 1, 1]
    assert [TABLE["ranks"][MINISTERS[m]] for m in ("duchess_of_mud", "baron_of_dirt", "earl_of_stone")] == [2, 2, 2]


# ---- D-6 setup (LoR 12.3.3) -------------------------------------------------------------------

def test_D6_setup_opposite_the_keep_two_warriors_a_tunnel_and_two_in_each_adjacent_clearing():
    """D-6 (LoR 12.3.3): with the Keep in corner 1 the Duchy's corner is forced to 3 (diagonally
    opposite; no choice asked): 2 warriors and a tunnel there, 2 warriors in each adjacent clearing
    (6, 7, 11), nothing in the Burrow: 8 on the map, 12 in supply, 2 tunnels in supply; no citadel,
    market or minister."""
    d = st(three_table())
    assert d["keep"] == 0
    assert d["tunnels"] == [1 if c == 3 else 0 for c in range(1, 13)]
    assert {c + 1: n for c, n in enumerate(d["moles"]) if n} == {3: 2, 6: 2, 7: 2, 11: 2}
    assert d["mole_supply"] == 12 and d["tunnel_supply"] == 2 and d["burrow"] == 0
    assert sum(d["citadels"]) == sum(d["markets"]) == 0 and d["swayed"] == 0


def test_D6_setup_corner_choice_never_another_players_corner():
    """D-6 (LoR 12.3.3): Marquise (Keep in 1) and Eyrie (corner 3, opposite) set up first: neither
    1 nor 3 is offered; the Duchy choose between 2 and 4 (neither is opposite a free corner), and
    corner 4 gets its 2 warriors and tunnel, 2 warriors in each of 8, 9, 12."""
    s = _core.State(0, factions=(MARQUISE, EYRIE, DUCHY, WYRM))
    rng = np.random.default_rng(3)
    while s.step != "duchy_corner":
        assert s.turn_number == 0
        if s.is_chance_node():
            s.apply(s.sample_chance(int(rng.integers(1 << 62))))
        else:
            s.apply(s.legal_actions()[0])
    d = st(s)
    assert d["keep"] == 0 and d["roosts"][2] == 1
    assert s.current_player == 2
    assert {x + 1 for x in kinds(s, "dc_corner")} == {2, 4}
    s.apply(dc_corner(4))
    d = st(s)
    assert {c + 1: n for c, n in enumerate(d["moles"]) if n} == {4: 2, 8: 2, 9: 2, 12: 2}
    assert d["tunnels"][3] == 1 and sum(d["tunnels"]) == 1 and d["burrow"] == 0


# ---- D-8 Birdsong (LoR 12.4), trap 6 -----------------------------------------------------------

@pytest.mark.parametrize("n,want", [(0, 1), (1, 2), (2, 4), (3, 6)])
def test_D8_trap6_birdsong_recruits_one_two_four_six_into_the_burrow(n, want):
    """D-8 (LoR 12.4), D-T6: one warrior plus one per warrior icon showing: 1/2/4/6 for 0..3 citadels
    on the map, all into the Burrow (the map unchanged)."""
    cits = dict(list({8: 1, 9: 1, 5: 1}.items())[:n])
    p = turn(moles={3: 2, 8: 1, 9: 1, 5: 1}, citadels=cits, tunnels=(3,))
    d = st(p)
    assert p.step == "duchy_daylight"
    assert d["burrow"] == want and d["moles"] == st(pos(moles={3: 2, 8: 1, 9: 1, 5: 1}))["moles"]
    assert d["mole_supply"] == 20 - 5 - want


def test_D8_birdsong_recruit_limited_by_the_supply():
    """D-8 (LoR 12.4; LoR 1.5.4 place the most possible): 3 citadels would place 6, the supply holds 2:
    the Burrow gets 2."""
    p = turn(moles={3: 8, 8: 5, 9: 4, 5: 1}, citadels={8: 1, 9: 1, 5: 1}, tunnels=(3,))
    d = st(p)
    assert d["burrow"] == 2 and d["mole_supply"] == 0


# ---- D-9 the Assembly (LoR 12.5.1), trap 5 -----------------------------------------------------

def _assembly_kinds(p) -> set[str]:
    return {kind_of(a)[0] for a in p.legal_actions()} - {"pass"}


def test_D9_trap5_assembly_two_actions_in_all_in_any_mix():
    """D-9 (LoR 12.5.1), D-T5: two actions in all, repeats allowed: Recruit then Recruit, after which
    no Build, Recruit, Move, Battle or Dig is offered (only pass)."""
    p = day(moles={3: 2, 7: 2}, tunnels=(3,), warriors={1: 1, 7: 1}, hands={DC: ["M#sword", "F#anvil"]})
    assert {"dc_build", "dc_recruit", "move", "burrow", "battle", "dig"} <= _assembly_kinds(p)
    played(p, DC_RECRUIT)
    assert st(p)["assembly_left"] == 1 and p.step == "duchy_daylight"
    played(p, DC_RECRUIT)
    assert st(p)["assembly_left"] == 0 and p.step == "duchy_daylight"
    assert _assembly_kinds(p) == set()
    assert st(p)["burrow"] == 2


def test_D9_D12_assembly_mix_move_then_battle():
    """D-9, D-12 (LoR 12.5.1, 12.5.1.III-IV: the shared move and battle): a map move (ruled origin 3)
    then a battle are the two actions; the battle returns to the Assembly with none left."""
    p = day(moles={3: 2, 7: 2}, tunnels=(3,), warriors={1: 1, 7: 1})
    played(p, action("move", (((3 - 1) * NCL + (6 - 1)) * 2) * 26 + 1))
    assert st(p)["assembly_left"] == 1
    played(p, battle(7, CAT))
    drive_battle(p, "duchy_daylight", roll=(1, 0))
    assert st(p)["assembly_left"] == 0 and _assembly_kinds(p) == set()


def test_D9_trap5_ministers_use_no_assembly_action():
    """D-9, D-14 (LoR 12.5.1-2), D-T5: with both Assembly actions taken, Parliament still gives the
    swayed Marshal his move (one more action), and the Assembly's count is not touched by it."""
    p = day(moles={3: 2, 7: 2}, tunnels=(3,), swayed=("marshal",))
    played(p, DC_RECRUIT)
    played(p, DC_RECRUIT)
    to_parliament(p)
    assert p.step == "duchy_parliament" and named(p, "minister") == {"marshal"}
    played(p, minister("marshal"))
    assert p.step == "duchy_minister"
    played(p, action("move", (((7 - 1) * NCL + (8 - 1)) * 2) * 26 + 2))
    assert st(p)["moles"][7] == 2


# ---- D-10 Build (LoR 12.5.1.I), trap 7, trap 10 -------------------------------------------------

def test_D10_build_needs_a_ruled_clearing_a_free_slot_and_a_matching_card():
    """D-10 (LoR 12.5.1.I; LoR 2.2.3 slots): with only a fox card, Build is offered in the ruled fox
    clearing 8 (both kinds), not in ruled mouse 7, not in fox 1 (the Marquise rule it), not in 6
    (fox, no Duchy piece: not ruled), not in ruled fox 12 whose one free slot holds a market."""
    p = day(moles={7: 2, 8: 2, 12: 1, 3: 1}, markets={12: 1}, tunnels=(3,), warriors={1: 3}, hands={DC: ["F#anvil"]})
    assert builds_of(p) == {("citadel", 8), ("market", 8)}


def test_D10_a_bird_card_matches_any_clearing_and_a_full_slot_blocks():
    """D-10 (LoR 12.5.1.I, LoR 2.1.1 birds are wild): a bird card backs a Build in every ruled
    clearing with a free slot; clearing 3 (one slot) with a citadel already in it is full."""
    p = day(moles={7: 2, 8: 2, 3: 1}, citadels={3: 1}, tunnels=(3,), hands={DC: ["B#armorers"]})
    assert builds_of(p) == {("citadel", 8), ("market", 8), ("citadel", 7), ("market", 7)}


def test_D10_trap7_trap10_build_reveals_the_card_places_the_building_scores_nothing():
    """D-10 (LoR 12.5.1.I), D-T7, D-T10: Build a market in 8: the card chosen next is only a card
    matching fox (birds too); it is revealed (public, out of the hand, not discarded), the market is
    on the map, and nobody scores."""
    p = day(moles={8: 2, 3: 1}, tunnels=(3,), hands={DC: ["F#anvil", "R#cobbler", "B#armorers"]})
    played(p, dc_build("market", 8))
    assert p.step == "duchy_reveal" and p.current_player == DC
    assert cards_of(p, "reveal") == {"F#anvil", "B#armorers"}
    played(p, reveal("F#anvil"))
    d = st(p)
    assert p.step == "duchy_daylight" and d["assembly_left"] == 1
    assert d["markets"][7] == 1 and d["duchy_revealed"] == counts(["F#anvil"])
    assert d["hand"][DC] == counts(["R#cobbler", "B#armorers"]) and d["hand_size"][DC] == 2
    assert d["discard"][cid("F#anvil")] == st(day(moles={8: 2, 3: 1}, tunnels=(3,)))["discard"][cid("F#anvil")]
    assert d["score"] == [0, 0, 0]


# ---- D-11 Recruit (LoR 12.5.1.II), trap 6 -------------------------------------------------------

def test_D11_trap6_recruit_places_one_warrior_in_the_burrow():
    """D-11 (LoR 12.5.1.II), D-T6: Recruit puts one warrior from the supply into the Burrow, none on
    the map; with an empty supply it is not offered."""
    p = day(moles={3: 2}, tunnels=(3,), burrow=1)
    before = st(p)
    played(p, DC_RECRUIT)
    d = st(p)
    assert d["burrow"] == 2 and d["moles"] == before["moles"] and d["mole_supply"] == before["mole_supply"] - 1
    q = day(moles={3: 10}, tunnels=(3,), burrow=10)
    assert DC_RECRUIT not in q.legal_actions()


# ---- D-2, D-T3, C1, C2 the Burrow (LoR 12.2.2) -----------------------------------------------

def test_D2_C1_burrow_moves_only_through_tunnels_in_either_direction():
    """D-2 (LoR 12.2.2, 4.2), C1: moves between the Burrow and the map are offered only at the tunnel
    clearings (3 and 7), up (1..all the Burrow's warriors) and down (1..all the warriors there); none
    at 8 (Duchy warriors, no tunnel)."""
    p = day(moles={3: 1, 7: 2, 8: 2}, tunnels=(3, 7), burrow=2)
    assert burrow_moves(p) == {(3, "up", 1), (3, "up", 2), (7, "up", 1), (7, "up", 2),
                               (3, "down", 1), (7, "down", 1), (7, "down", 2)}


def test_D2_C2_burrow_moves_need_no_rule_the_duchy_always_rule_it():
    """D-2 (LoR 12.2.2 the Duchy always rule the Burrow; LoR 4.2.1 rule at either end), C2: the
    Marquise rule tunnel clearing 3 (three cats against one mole): the Duchy may still move up into it
    and down out of it; a map move out of 3 to 7 (ruled by nobody) is not offered."""
    p = day(moles={3: 1}, tunnels=(3,), burrow=2, warriors={1: 1, 3: 3})
    assert _core.ruler_of(p, 2) == CAT
    assert {(3, "up", 1), (3, "up", 2), (3, "down", 1)} <= burrow_moves(p)
    assert not any(a == 3 for a, _b, _n in moves_of(p))
    played(p, burrow(3, 0, 2))
    d = st(p)
    assert d["burrow"] == 0 and d["moles"][2] == 3


def test_D2_C1_burrow_warriors_move_down_and_up_as_an_assembly_move():
    """D-2, D-9 (LoR 12.2.2, 12.5.1.III), C1: a move down into the Burrow is a move (one Assembly
    action): warriors leave 3 for the Burrow."""
    p = day(moles={3: 3}, tunnels=(3,))
    played(p, burrow(3, 1, 2))
    d = st(p)
    assert d["burrow"] == 2 and d["moles"][2] == 1 and d["assembly_left"] == 1


def test_D2_trapD3_no_other_faction_moves_into_the_burrow():
    """D-2, D-T3 (LoR 12.2.2: no non-Duchy piece is placed in or moved into the Burrow): the
    Marquise's warriors in tunnel clearing 3 are offered no Burrow move (no action of kind burrow)."""
    p = pos(moles={3: 1}, tunnels=(3,), burrow=4, warriors={1: 1, 3: 4}, at=(CAT, "marquise_daylight"))
    assert kinds(p, "burrow") == []
    assert any(a == 3 for a, _b, _n in moves_of(p))


def test_D2_trapD3_a_removed_tunnel_cuts_the_link_the_burrow_keeps_its_warriors():
    """D-2 (LoR 12.2.2), D-T3 (digest 4.3: losing a tunnel cuts that link; warriors inside stay):
    the Marquise battle 7 and remove its tunnel (1 VP); the Burrow keeps its 3 warriors and offers
    moves only at 3 afterwards."""
    p = pos(moles={3: 1}, tunnels=(3, 7), burrow=3, warriors={1: 1, 7: 2}, at=(CAT, "marquise_daylight"))
    played(p, battle(7, DC))
    drive_battle(p, "marquise_daylight", roll=(1, 0))
    d = st(p)
    assert d["tunnels"][6] == 0 and d["tunnel_supply"] == 2 and d["burrow"] == 3 and d["score"][CAT] == 1
    q = day(moles={3: 1}, tunnels=(3,), burrow=3)
    assert {c for c, _w, _n in burrow_moves(q)} == {3}


# ---- D-T4 the Burrow has no suit (LoR 12.2.2) -------------------------------------------------

def test_trapD4_the_burrow_backs_no_sway_no_build_no_dig():
    """D-T4 (LoR 12.2.2 unsuited; 12.5.3.II): 12 warriors in the Burrow and only one map piece (the
    tunnel and a warrior in 3, rabbit): no squire can be swayed with two rabbit cards; no Build or Dig
    targets anything but map clearings (the action ranges have no Burrow)."""
    p = pos(moles={3: 1}, tunnels=(3,), burrow=12, hands={DC: ["R#cobbler", "R#bakesale"]}, at=(DC, "duchy_sway"))
    assert named(p, "sway") == set()
    q = day(moles={3: 1}, tunnels=(3,), burrow=12, hands={DC: ["R#cobbler", "B#armorers"]})
    assert builds_of(q) == {("citadel", 3), ("market", 3)}
    assert all(1 <= c <= 12 for c, _t in digs_of(q))


def _fox_dominance(d):
    t = cid("F#dominance")
    d["deck"][t] -= 1
    d["deck_size"] -= 1
    d["play_area"][DC][t] += 1


@pytest.mark.parametrize("fox,wins", [((8, 12), False), ((6, 8, 12), True)])
def test_trapD4_the_burrow_counts_for_no_suit_dominance(fox, wins):
    """D-T4 (LoR 12.2.2 unsuited; LoR 3.3.1.I "rule three clearings of the suit"): with fox dominance
    activated, ruling fox 8 and 12 and the Burrow (full) wins nothing at the Duchy's Birdsong; ruling a
    third fox clearing wins."""
    p = turn(moles={3: 1, **{c: 1 for c in fox}}, tunnels=(3,), burrow=5, dc_edit=_fox_dominance)
    assert (p.winner == DC) == wins and p.is_terminal() == wins


# ---- D-13 Dig (LoR 12.5.1.V, 12.2.4), C3, C4, trap 7 -----------------------------------------

def test_D13_dig_spends_the_card_places_a_tunnel_in_a_matching_clearing_without_one():
    """D-13 (LoR 12.5.1.V), D-T7: Dig with the fox card is offered in fox clearings without a tunnel
    (6, 8, 12; not 1, the Keep's); the card is spent to the discard pile (not revealed), the tunnel
    placed; then 0..4 warriors come up (C3) from a Burrow of 6."""
    p = day(moles={3: 1}, tunnels=(3,), burrow=6, hands={DC: ["F#anvil"]})
    assert {c for c, t in digs_of(p) if t == "F#anvil"} == {6, 8, 12}
    before = st(p)["discard"][cid("F#anvil")]
    played(p, dig(8, "F#anvil"))
    d = st(p)
    assert p.step == "duchy_dig" and d["tunnels"][7] == 1 and d["tunnel_supply"] == 1
    assert d["discard"][cid("F#anvil")] == before + 1 and d["hand_size"][DC] == 0 and sum(d["duchy_revealed"]) == 0
    assert burrow_moves(p) == {(8, "up", n) for n in range(5)}
    played(p, burrow(8, 0, 4))
    d = st(p)
    assert p.step == "duchy_daylight" and d["moles"][7] == 4 and d["burrow"] == 2 and d["assembly_left"] == 1


def test_D13_C3_dig_may_bring_up_none_and_an_empty_burrow_asks_nothing():
    """D-13 (LoR 12.5.1.V "up to four"), C3: zero warriors may come up; with an empty Burrow the Dig
    ends at once (no duchy_dig step)."""
    p = day(moles={3: 1}, tunnels=(3,), burrow=2, hands={DC: ["F#anvil", "R#cobbler"]})
    played(p, dig(8, "F#anvil"))
    assert burrow_moves(p) == {(8, "up", 0), (8, "up", 1), (8, "up", 2)}
    played(p, burrow(8, 0, 0))
    assert st(p)["moles"][7] == 0 and st(p)["burrow"] == 2
    q = day(moles={3: 1}, tunnels=(3,), burrow=0, hands={DC: ["F#anvil"]})
    played(q, dig(8, "F#anvil"))
    assert q.step == "duchy_daylight" and st(q)["tunnels"][7] == 1


def test_D13_dig_birds_wild_and_no_clearing_with_a_tunnel():
    """D-13 (LoR 12.5.1.V; LoR 2.1.1): a bird card digs in any clearing without a tunnel but the
    Keep's (no tunnel where one already is: 3)."""
    p = day(moles={3: 1}, tunnels=(3,), burrow=1, hands={DC: ["B#armorers"]})
    assert {c for c, _t in digs_of(p)} == set(range(2, 13)) - {3}


def test_D4_D13_C4_all_three_out_the_duchy_remove_one_first():
    """D-4 (LoR 12.2.4), D-13, C4: with all three tunnels on the map a Dig asks which tunnel comes
    off first (any of the three: its warriors stay, no VP, no Price of Failure), then the new tunnel
    is placed."""
    p = day(moles={3: 1, 7: 1, 8: 1}, tunnels=(3, 7, 8), burrow=0, swayed=("captain",),
            hands={DC: ["M#sword"]})
    played(p, dig(11, "M#sword"))
    assert p.step == "duchy_tunnel" and p.current_player == DC
    assert {x + 1 for x in kinds(p, "tunnel_off")} == {3, 7, 8}
    played(p, tunnel_off(7))
    d = st(p)
    assert d["tunnels"][6] == 0 and d["tunnels"][10] == 1 and sum(d["tunnels"]) == 3 and d["tunnel_supply"] == 0
    assert d["moles"][6] == 1 and d["score"] == [0, 0, 0] and swayed_names(d) == {"captain"}


def test_D13_dig_up_into_sympathy_pays_outrage():
    """D-13 (LoR 12.5.1.V: "move up to four warriors"), LoR 8.2.6 Outrage: at (Marquise, Duchy,
    Alliance, Wyrm) warriors coming up into a sympathetic clearing make the Duchy owe Outrage (a card
    of the suit to the Alliance's supporters)."""
    s = four_table()
    p = dc_position(s, keep=1, warriors={1: 1}, wyrmlings={2: 1}, pawn=2, moles={3: 1}, tunnels=(3,), burrow=2,
                    sympathy=(8,), hands={1: ["F#anvil", "F#foxfolksteel"]}, at=(1, "duchy_daylight"), assembly_left=2)
    played(p, dig(8, "F#anvil"))
    played(p, burrow(8, 0, 1))
    assert p.step == "outrage" and p.current_player == 1
    assert cards_of(p, "outrage") == {"F#foxfolksteel"}
    played(p, action("outrage", cid("F#foxfolksteel")))
    d = st(p)
    assert d["supporters"][cid("F#foxfolksteel")] == 1 and d["hand_size"][1] == 0 and p.step == "duchy_daylight"


# ---- D-14 Parliament (LoR 12.5.2) ----------------------------------------------------------------

def test_D14_parliament_each_swayed_minister_once_only_the_swayed():
    """D-14 (LoR 12.5.2): Parliament offers the swayed Marshal and Captain (not the unswayed
    Brigadier); once the Marshal has moved he is not offered again; pass goes on to Sway."""
    p = day(moles={3: 2, 7: 2}, tunnels=(3,), warriors={1: 1, 7: 1}, swayed=("marshal", "captain"), assembly_left=0)
    to_parliament(p)
    assert named(p, "minister") == {"marshal", "captain"}
    played(p, minister("marshal"))
    played(p, action("move", (((3 - 1) * NCL + (6 - 1)) * 2) * 26 + 1))
    assert p.step == "duchy_parliament" and named(p, "minister") == {"captain"}
    assert st(p)["ministers_used"] == 1 << MINISTERS["marshal"]


def _captain_loses_his_citadel():
    p = day(moles={3: 1, 8: 1}, citadels={8: 1}, tunnels=(3,), warriors={1: 1, 8: 2}, swayed=("captain", "marshal"),
            assembly_left=0, hands={DC: ["F#anvil"]})
    to_parliament(p)
    played(p, minister("captain"))
    played(p, battle(8, CAT))
    drive_battle(p, "price_of_failure", roll=(2, 2))
    return p


def test_D3_D14_the_price_of_failure_on_the_duchys_own_turn_inside_parliament():
    """D-3, D-14 (LoR 12.2.3, 12.5.2; LoR 4.3.4 the defender's hits): the Captain battles in 8 and the
    Marquise's two hits remove the Duchy's warrior and citadel (1 VP to the Marquise): the Duchy choose
    between their two squires, lose the Captain and a random card, and go on in Parliament with the
    Marshal."""
    p = _captain_loses_his_citadel()
    assert p.current_player == DC and named(p, "failure") == {"captain", "marshal"}
    played(p, failure("captain"))
    played(p, fail_card("F#anvil"))
    d = st(p)
    assert p.step == "duchy_parliament" and named(p, "minister") == {"marshal"}
    assert swayed_names(d) == {"marshal"} and d["score"][CAT] == 1 and d["hand_size"][DC] == 0


def test_D14_a_minister_lost_during_parliament_round_trips():
    """D-14, D-3 (LoR 12.5.2, 12.2.3): the Captain battles in 8, where the Marquise's two hits remove the
    Duchy's warrior and citadel: the Price of Failure takes the Captain (the Duchy's choice between two
    squires) during his own action; back in Parliament the Marshal is still offered, and the state
    (the Captain used, now unswayed) survives to_dict / from_dict."""
    p = _captain_loses_his_citadel()
    played(p, failure("captain"))
    played(p, fail_card("F#anvil"))
    assert p.step == "duchy_parliament"
    _round_trip(p)


# ---- D-15 the ministers (LoR 12.5.2), C5, C6, trap 9 ---------------------------------------------

def test_D15_foremole_reveals_any_card_to_build_in_any_ruled_clearing():
    """D-15 Foremole (LoR 12.5.2 "any card ... any clearing (matching or not) you rule"): with only a
    rabbit card, the Foremole builds in ruled fox 8 and mouse 7; the card is revealed, not spent; no
    VP (D-T10)."""
    p = day(moles={7: 2, 8: 2, 3: 1}, citadels={3: 1}, tunnels=(3,), swayed=("foremole", "marshal"), assembly_left=0,
            hands={DC: ["R#cobbler"]})
    to_parliament(p)
    played(p, minister("foremole"))
    assert builds_of(p) == {("citadel", 8), ("market", 8), ("citadel", 7), ("market", 7)}
    played(p, dc_build("citadel", 8))
    assert cards_of(p, "reveal") == {"R#cobbler"}
    played(p, reveal("R#cobbler"))
    d = st(p)
    assert d["citadels"][7] == 1 and d["duchy_revealed"] == counts(["R#cobbler"]) and d["score"] == [0, 0, 0]
    assert d["hand_size"][DC] == 0 and p.step == "duchy_parliament" and named(p, "minister") == {"marshal"}


def test_D15_captain_one_battle():
    """D-15 Captain (LoR 12.5.2 "initiate a battle"): one battle, then the Captain is done: back in
    Parliament with no second battle of his."""
    p = day(moles={3: 2, 7: 3}, tunnels=(3,), warriors={1: 1, 7: 1, 3: 1}, swayed=("captain",), assembly_left=0)
    to_parliament(p)
    played(p, minister("captain"))
    assert p.step == "duchy_minister" and kinds(p, "move") == [] and battles_of(p) == {(3, CAT), (7, CAT)}
    played(p, battle(7, CAT))
    drive_battle(p, "duchy_sway", roll=(0, 0))
    assert "captain" not in named(p, "minister")


def test_D15_marshal_one_move():
    """D-15 Marshal (LoR 12.5.2 "take a move"): moves only (the Burrow's too), no battle; one."""
    p = day(moles={3: 2, 7: 3}, tunnels=(3,), warriors={1: 1, 7: 1}, burrow=1, swayed=("marshal",),
            assembly_left=0)
    to_parliament(p)
    played(p, minister("marshal"))
    assert kinds(p, "battle") == [] and kinds(p, "move") and kinds(p, "burrow")
    played(p, burrow(3, 0, 1))
    assert p.step not in ("duchy_minister", "duchy_parliament") and st(p)["moles"][2] == 3


def test_D15_C6_brigadier_two_moves_not_mixed_with_battles():
    """D-15 Brigadier (LoR 12.5.2 "up to two moves or ... up to two battles"), C6: his first move
    fixes moves: the second choice offers moves (and pass), no battle; after two he is done."""
    p = day(moles={3: 3, 7: 3}, tunnels=(3,), warriors={1: 1, 7: 1}, swayed=("brigadier",), assembly_left=0)
    to_parliament(p)
    played(p, minister("brigadier"))
    assert kinds(p, "move") and kinds(p, "battle")
    played(p, action("move", (((3 - 1) * NCL + (6 - 1)) * 2) * 26 + 1))
    assert p.step == "duchy_minister" and kinds(p, "battle") == [] and kinds(p, "move")
    played(p, action("move", (((3 - 1) * NCL + (6 - 1)) * 2) * 26 + 1))
    assert p.step == "duchy_sway" or p.step == "duchy_evening" or p.step.startswith("evening") or \
        p.step == "duchy_parliament"
    assert st(p)["moles"][5] == 2


def test_D15_C6_brigadier_two_battles_not_mixed_with_moves():
    """D-15 Brigadier (LoR 12.5.2), C6: his first battle fixes battles: after it, a second battle is
    offered (no move)."""
    p = day(moles={3: 3, 7: 3}, tunnels=(3,), warriors={1: 1, 7: 2, 3: 1}, swayed=("brigadier",),
            assembly_left=0)
    to_parliament(p)
    played(p, minister("brigadier"))
    played(p, battle(7, CAT))
    drive_battle(p, "duchy_minister", roll=(1, 0))
    assert kinds(p, "move") == [] and kinds(p, "burrow") == [] and battles_of(p) == {(3, CAT), (7, CAT)}
    played(p, battle(3, CAT))
    drive_battle(p, "duchy_sway", roll=(1, 0))


def test_D15_C6_banker_one_suit_birds_wild_one_vp_a_card():
    """D-15 Banker (LoR 12.5.2 "any number of cards of the same suit", LoR 2.1.1 birds wild), C6: the
    first card a bird leaves every suit open; the first fox fixes fox: then only fox and birds; each
    card spent (to the discard pile) scores 1 VP."""
    hand = ["B#armorers", "F#anvil", "F#foxfolksteel", "R#cobbler", "M#sword"]
    p = day(moles={3: 2}, tunnels=(3,), swayed=("banker",), assembly_left=0, hands={DC: hand})
    to_parliament(p)
    played(p, minister("banker"))
    assert cards_of(p, "bank") == set(hand)
    played(p, bank("B#armorers"))
    assert cards_of(p, "bank") == {"F#anvil", "F#foxfolksteel", "R#cobbler", "M#sword"}
    played(p, bank("F#anvil"))
    assert cards_of(p, "bank") == {"F#foxfolksteel"}
    played(p, bank("F#foxfolksteel"))
    d = st(p)
    assert d["score"][DC] == 3 and d["hand"][DC] == counts(["R#cobbler", "M#sword"])
    assert d["discard"][cid("F#anvil")] >= 1 and d["discard"][cid("B#armorers")] >= 1


def test_D15_C5_trap9_mayor_copies_swayed_nobles_and_squires_not_lords_not_itself_a_used_one_too():
    """D-15 Mayor (LoR 12.5.2 "the action of any swayed noble or squire"), D-T9, C5: swayed Mayor,
    Marshal, Banker and Earl of Stone (a citadel on the map): after the Marshal's own move, the Mayor
    offers Marshal (already used: C5) and Banker, never the Earl (a lord) or the Mayor; acting as the
    Marshal he takes one move."""
    p = day(moles={3: 3, 7: 2}, citadels={7: 1}, tunnels=(3,), swayed=("mayor", "marshal", "banker", "earl_of_stone"),
            assembly_left=0, hands={DC: ["F#anvil"]})
    to_parliament(p)
    played(p, minister("marshal"))
    played(p, action("move", (((3 - 1) * NCL + (6 - 1)) * 2) * 26 + 1))
    played(p, minister("mayor"))
    assert p.step == "duchy_minister" and named(p, "minister") == {"marshal", "banker"}
    played(p, minister("marshal"))
    played(p, action("move", (((3 - 1) * NCL + (6 - 1)) * 2) * 26 + 1))
    assert st(p)["moles"][5] == 2 and p.step == "duchy_parliament"
    assert named(p, "minister") == {"banker", "earl_of_stone"}


def test_trap9_mayor_alone_with_lords_has_nothing_to_copy():
    """D-T9 (LoR 12.5.2): a Mayor whose only other swayed ministers are lords copies nothing: he is not
    offered in Parliament."""
    p = day(moles={3: 3}, citadels={3: 1}, tunnels=(3,), swayed=("mayor", "earl_of_stone"), assembly_left=0)
    to_parliament(p)
    assert named(p, "minister") == {"earl_of_stone"}


# ---- D-16 the lords (LoR 12.5.2) -----------------------------------------------------------------

@pytest.mark.parametrize("name,kw,vp", [
    ("duchess_of_mud", dict(tunnels=(3, 7, 8)), 2),
    ("baron_of_dirt", dict(tunnels=(3,), markets={7: 1, 8: 1}), 2),
    ("earl_of_stone", dict(tunnels=(3,), citadels={7: 1, 8: 1, 9: 1}), 3),
])
def test_D16_lords_score(name, kw, vp):
    """D-16 (LoR 12.5.2): the Duchess of Mud 2 VP with all three tunnels on the map; the Baron of Dirt
    1 VP per market on the map; the Earl of Stone 1 VP per citadel on the map."""
    p = day(moles={3: 1, 7: 1, 8: 1, 9: 1}, swayed=(name,), assembly_left=0, **kw)
    to_parliament(p)
    played(p, minister(name))
    assert st(p)["score"][DC] == vp


def test_D16_duchess_scores_nothing_with_two_tunnels():
    """D-16 (LoR 12.5.2 "if all three tunnels are on the map"): with two tunnels out the Duchess is not
    offered (she would score 0)."""
    p = day(moles={3: 1, 7: 1}, tunnels=(3, 7), swayed=("duchess_of_mud",), assembly_left=0)
    to_parliament(p)
    assert p.step != "duchy_parliament" or "duchess_of_mud" not in named(p, "minister")
    assert st(p)["score"][DC] == 0


# ---- D-17 Sway (LoR 12.5.3), trap 8, C9 ------------------------------------------------------------

SWAY_HAND = ["F#anvil", "F#foxfolksteel", "R#cobbler", "R#bakesale", "M#sword", "M#roottea", "B#armorers"]


@pytest.mark.parametrize("name,cards,vp", [("marshal", 2, 1), ("banker", 3, 2), ("baron_of_dirt", 4, 3)])
def test_D17_sway_reveals_two_three_four_cards_and_scores_one_two_three(name, cards, vp):
    """D-17 (LoR 12.5.3): a squire takes 2 cards, a noble 3, a lord 4, each revealed (public, out of the
    hand); the minister is swayed with a crown of its rank off the board; the crown's space scores
    1/2/3 VP; then Evening (one Sway a turn)."""
    p = pos(moles={3: 1, 4: 1, 8: 1, 12: 1, 7: 1, 9: 1}, tunnels=(3,), hands={DC: SWAY_HAND}, at=(DC, "duchy_sway"))
    played(p, sway(name))
    picked = []
    while p.step == "duchy_reveal":
        d = st(p)
        assert sum(d["duchy_revealed"]) == len(picked) and d["hand_size"][DC] == len(SWAY_HAND) - len(picked)
        assert name not in swayed_names(d) and d["score"][DC] == 0
        t = sorted(cards_of(p, "reveal"))[0]
        picked.append(t)
        played(p, reveal(t))
    d = st(p)
    assert len(picked) == cards and p.step not in ("duchy_sway", "duchy_reveal")
    assert name in swayed_names(d) and d["score"][DC] == vp
    r = TABLE["ranks"][MINISTERS[name]]
    assert d["crowns"][r] == 2 and d["swayed_now"] == 1


def test_D17_trap8_one_clearing_backs_one_card():
    """D-17, D-T8 (LoR 12.5.3.II "each such clearing ... only allows you to reveal one matching card"):
    Duchy pieces only in fox 8 and two fox cards: no squire can be swayed; a piece in fox 12 too makes
    every squire swayable."""
    p = pos(moles={8: 1}, tunnels=(8,), hands={DC: ["F#anvil", "F#foxfolksteel"]}, at=(DC, "duchy_sway"))
    assert named(p, "sway") == set()
    q = pos(moles={8: 1, 12: 1}, tunnels=(8,), hands={DC: ["F#anvil", "F#foxfolksteel"]}, at=(DC, "duchy_sway"))
    assert named(q, "sway") == {"foremole", "captain", "marshal"}


def test_D17_C9_birds_wild_and_cards_chosen_so_the_sway_can_finish():
    """D-17 (LoR 12.5.3.II; LoR 2.1.1), C9: pieces in fox 8 and rabbit 3, hand fox, fox, bird: a squire
    is swayable (fox to 8, bird to 3); once a fox is revealed the second fox no longer fits (8 is
    taken) but the bird does."""
    p = pos(moles={8: 1, 3: 1}, tunnels=(3,), hands={DC: ["F#anvil", "F#foxfolksteel", "B#armorers"]},
            at=(DC, "duchy_sway"))
    assert named(p, "sway") == {"foremole", "captain", "marshal"}
    played(p, sway("captain"))
    assert cards_of(p, "reveal") == {"F#anvil", "F#foxfolksteel", "B#armorers"}
    played(p, reveal("F#anvil"))
    assert cards_of(p, "reveal") == {"B#armorers"}
    played(p, reveal("B#armorers"))
    assert "captain" in swayed_names(st(p))


def test_D17_a_tunnel_is_a_duchy_piece_that_backs_a_card():
    """D-17 (LoR 12.5.3.II "at least one Duchy piece in a clearing"): a lone tunnel in fox 12 and a
    warrior in fox 8 back two fox cards."""
    p = pos(moles={8: 1}, tunnels=(12,), hands={DC: ["F#anvil", "F#foxfolksteel"]}, at=(DC, "duchy_sway"))
    assert "captain" in named(p, "sway")


def test_D17_no_crown_of_the_rank_left_no_sway():
    """D-17 (LoR 12.5.3.I "you must have a crown ... matching the rank"), D-T2: with every squire
    crown gone (two lost to the Price of Failure, one on the swayed Captain), no squire can be
    swayed; nobles still can."""
    p = pos(moles={3: 1, 4: 1, 8: 1, 12: 1, 7: 1, 9: 1}, tunnels=(3,), swayed=("captain",), crowns_lost=(2, 0, 0),
            hands={DC: SWAY_HAND}, at=(DC, "duchy_sway"))
    assert st(p)["crowns"] == [0, 3, 3]
    assert named(p, "sway") == {"brigadier", "banker", "mayor", "duchess_of_mud", "baron_of_dirt", "earl_of_stone"}


def test_D17_one_sway_a_turn():
    """D-17 (LoR 12.5.3 "you may sway one minister"): after a Sway the Duchy go on to Evening; with
    swayed_now set no Sway is offered."""
    p = pos(moles={3: 1, 4: 1, 8: 1, 12: 1}, tunnels=(3,), hands={DC: SWAY_HAND}, swayed_now=1, at=(DC, "duchy_sway"))
    assert named(p, "sway") == set()
    q = pos(moles={3: 1, 4: 1, 8: 1, 12: 1}, tunnels=(3,), hands={DC: SWAY_HAND}, at=(DC, "duchy_sway"))
    played(q, sway("captain"))
    played(q, reveal("F#anvil"))
    played(q, reveal("R#cobbler"))
    assert q.step != "duchy_sway" and kinds(q, "sway") == []


# ---- D-18, D-19, D-20 Evening (LoR 12.6), trap 7, trap 11 -------------------------------------------

def test_D18_trap7_evening_discards_revealed_birds_returns_the_rest_known_to_all():
    """D-18 (LoR 12.6.1), D-T7: in Evening the revealed bird goes to the discard pile, the other
    revealed cards back to the hand, and every other seat knows them there."""
    p = pos(moles={3: 1}, tunnels=(3,), revealed=["B#armorers", "F#anvil", "R#cobbler"], hands={DC: ["M#sword"]},
            at=(DC, "duchy_sway"), deck_only=["M#crossbow"] * 0 + ["R#smugglerstrail"])
    disc = st(p)["discard"][cid("B#armorers")]
    played(p, PASS)
    d = st(p)
    assert sum(d["duchy_revealed"]) == 0 and d["discard"][cid("B#armorers")] == disc + 1
    assert d["hand"][DC][cid("F#anvil")] == 1 and d["hand"][DC][cid("R#cobbler")] == 1
    for v in (CAT, WY):
        assert d["known"][v][DC][cid("F#anvil")] == 1 and d["known"][v][DC][cid("R#cobbler")] == 1
        assert d["known"][v][DC][cid("M#sword")] == 0


def test_D1_D19_trap11_crafting_only_in_evening_with_citadels_and_markets_after_cards_return():
    """D-1 (LoR 12.2.1), D-19 (LoR 12.6.2), D-T11: in Daylight no craft is offered (a citadel in fox 8,
    the anvil in hand); in Evening the revealed anvil is back and craftable with the citadel (fox), and
    the Travel Gear (fox card, rabbit cost) with the market in rabbit 3."""
    p = day(moles={3: 1, 8: 1}, citadels={8: 1}, markets={3: 1}, tunnels=(3,), hands={DC: ["F#travelgear"]},
            revealed=["F#anvil"])
    assert kinds(p, "craft") == []
    to_parliament(p)
    if p.step == "duchy_sway":
        played(p, PASS)
    assert p.step == "duchy_evening"
    assert cards_of(p, "craft") == {"F#anvil", "F#travelgear"}
    played(p, craft("F#anvil"))
    assert st(p)["score"][DC] == 2


@pytest.mark.parametrize("n", [0, 1, 2, 3])
def test_D20_evening_draws_one_plus_markets(n):
    """D-20 (LoR 12.6.3): the Evening draw is 1 + the markets on the map (1..4)."""
    mk = dict(list({3: 1, 4: 1, 5: 1}.items())[:n])
    p = pos(moles={3: 1, 4: 1, 5: 1}, markets=mk, tunnels=(3,), at=(DC, "duchy_sway"))
    played(p, PASS)
    assert p.step == "evening_draw" and st(p)["to_draw"][DC] == 1 + n


# ---- D-3, D-T1, D-T2, C8, C12 the Price of Failure (LoR 12.2.3) ------------------------------------

def _cat_attacks(**kw):
    kw.setdefault("warriors", {1: 1, 8: 3})
    return pos(at=(CAT, "marquise_daylight"), **kw)


def test_D3_trapD1_C8_two_buildings_in_one_battle_one_price_of_failure():
    """D-3 (LoR 12.2.3 "whenever any number of Duchy buildings are removed"), D-T1, C8 (one action, one
    Price), LoR 1.5.4 (remove all pieces before triggering effects): the Marquise hit the citadel and
    the market in 8 in one battle (3 hits, tunnel too): the Duchy lose one minister (the Brigadier, the
    only noble; the Captain stays) and one random card; the Marquise score 3."""
    p = _cat_attacks(moles={3: 1}, citadels={8: 1}, markets={8: 1}, tunnels=(3, 8), swayed=("captain", "brigadier"),
                     hands={DC: ["F#anvil", "R#cobbler", "M#sword"]})
    played(p, battle(8, DC))
    drive_battle(p, "marquise_daylight", roll=(3, 0))
    d = st(p)
    assert d["score"][CAT] == 3 and sum(d["citadels"]) == sum(d["markets"]) == 0
    assert swayed_names(d) == {"captain"} and d["hand_size"][DC] == 2


def test_D3_price_of_failure_highest_rank_lost_crown_gone_random_card():
    """D-3 (LoR 12.2.3), D-T2, C12: the Marquise remove the lone citadel in 8: the Duchy's swayed lord
    (Earl) returns unswayed, the lord crowns on the board stay 2 (the Earl's crown leaves the game:
    3 - 2 on the board - 0 held = 1 lost), the squire stays swayed; then a random card of the Duchy's
    hand is discarded: a chance node over its cards with their odds."""
    hand = ["F#anvil", "R#cobbler", "R#cobbler", "M#sword"]
    p = _cat_attacks(moles={3: 1}, citadels={8: 1}, tunnels=(3,), swayed=("captain", "earl_of_stone"),
                     crowns_lost=(0, 0, 0), hands={DC: hand})
    assert st(p)["crowns"] == [2, 3, 2]
    played(p, battle(8, DC))
    drive_battle(p, "failure_discard", roll=(2, 0))
    assert p.is_chance_node()
    outs = dict(p.chance_outcomes())
    assert outs.keys() == {fail_card("F#anvil"), fail_card("R#cobbler"), fail_card("M#sword")}
    assert abs(outs[fail_card("R#cobbler")] - 0.5) < 1e-9 and abs(outs[fail_card("M#sword")] - 0.25) < 1e-9
    d = st(p)
    assert swayed_names(d) == {"captain"} and d["crowns"] == [2, 3, 2] and d["score"][CAT] == 1
    disc = d["discard"][cid("M#sword")]
    played(p, fail_card("M#sword"))
    d = st(p)
    assert p.step == "marquise_daylight" and d["discard"][cid("M#sword")] == disc + 1 and d["hand_size"][DC] == 3


def test_D3_trapD2_the_lost_ministers_rank_has_one_crown_fewer_for_good():
    """D-3, D-T2 (LoR 12.2.3 "removes its crown from the game permanently"), C12: the only lord crown
    left is on the swayed Earl; after the Price of Failure the Earl is unswayed and no lord crown is on
    the board: no lord can be swayed again."""
    p = _cat_attacks(moles={3: 1, 4: 1, 7: 1, 9: 1, 12: 1}, citadels={8: 1}, tunnels=(3,), swayed=("earl_of_stone",),
                     crowns_lost=(0, 0, 2), hands={DC: SWAY_HAND + ["B#sappers"]})
    played(p, battle(8, DC))
    drive_battle(p, "failure_discard", roll=(2, 0))
    played(p, fail_card("B#sappers"))
    d = st(p)
    assert swayed_names(d) == set() and d["crowns"][2] == 0
    q = pos(moles={3: 1, 4: 1, 7: 1, 9: 1, 12: 1, 8: 1}, tunnels=(3,), crowns_lost=(0, 0, 3), hands={DC: SWAY_HAND},
            at=(DC, "duchy_sway"))
    assert not named(q, "sway") & {"duchy_of_mud", "baron_of_dirt", "earl_of_stone", "duchess_of_mud"}


def test_D3_the_duchy_choose_among_tied_highest_rank_on_another_players_turn():
    """D-3 (LoR 12.2.3 "if they have multiple swayed ministers of highest rank, the Duchy chooses"),
    digest 4.7: two nobles and a squire swayed: on the Marquise's turn the Duchy are asked which noble
    returns (only the two nobles offered); the other stays."""
    p = _cat_attacks(moles={3: 1}, citadels={8: 1}, tunnels=(3,), swayed=("marshal", "banker", "mayor"),
                     hands={DC: ["F#anvil"]})
    played(p, battle(8, DC))
    drive_battle(p, "price_of_failure", roll=(2, 0))
    assert p.current_player == DC and p.turn == CAT
    assert named(p, "failure") == {"banker", "mayor"}
    played(p, failure("mayor"))
    assert swayed_names(st(p)) == {"marshal", "banker"}
    assert p.step == "failure_discard"


def test_D3_no_minister_only_the_random_discard_empty_hand_nothing():
    """D-3 (LoR 12.2.3), digest 4.3 [I; HRF]: with no swayed minister only the random card goes; with
    no card either nothing more is asked (the Marquise's Daylight goes on)."""
    p = _cat_attacks(moles={3: 1}, citadels={8: 1}, tunnels=(3,), hands={DC: ["F#anvil", "R#cobbler"]})
    played(p, battle(8, DC))
    drive_battle(p, "failure_discard", roll=(2, 0))
    assert p.is_chance_node()
    q = _cat_attacks(moles={3: 1}, citadels={8: 1}, tunnels=(3,))
    played(q, battle(8, DC))
    drive_battle(q, "marquise_daylight", roll=(2, 0))
    assert st(q)["score"][CAT] == 1


def test_D3_trapD1_a_tunnel_alone_sets_off_no_price_of_failure():
    """D-T1 (LoR 12.2.3 buildings only; tunnels are tokens): the Marquise remove the tunnel in 8
    (1 VP, LoR 3.2.1): no minister lost, no card discarded."""
    p = _cat_attacks(moles={3: 1}, tunnels=(3, 8), swayed=("captain",), hands={DC: ["F#anvil"]})
    played(p, battle(8, DC))
    drive_battle(p, "marquise_daylight", roll=(2, 0))
    d = st(p)
    assert d["tunnels"][7] == 0 and d["score"][CAT] == 1 and swayed_names(d) == {"captain"} and d["hand_size"][DC] == 1


@pytest.mark.parametrize("first,price", [("tunnel", False), ("market", True)])
def test_D3_trapD1_digest47_the_duchy_order_their_hits_between_a_market_and_a_tunnel(first, price):
    """D-3, D-T1, digest §4.7 (LoR 4.3.4: the side taking hits orders its buildings and tokens; the
    order decides whether the Price of Failure fires): one hit (defenseless) on 8 with a market and a
    tunnel: the Duchy are asked; the tunnel costs no minister, the market costs the Captain."""
    p = _cat_attacks(moles={3: 1}, markets={8: 1}, tunnels=(3, 8), swayed=("captain",))
    played(p, battle(8, DC))
    drive_battle(p, "battle_hits", roll=(0, 0))
    assert p.current_player == DC
    assert set(p.legal_actions()) == {remove("market", 8), remove("tunnel", 8)}
    played(p, remove(first, 8))
    drive_battle(p, "marquise_daylight")
    d = st(p)
    assert d["score"][CAT] == 1 and (swayed_names(d) == set()) == price


def test_D3_trapD10_removing_duchy_buildings_scores_for_the_remover():
    """D-T10, LoR 3.2.1: the remover scores 1 VP per Duchy building or tunnel removed (the Marquise: a
    market and the tunnel in 8, 2 VP), the Duchy nothing."""
    p = _cat_attacks(moles={3: 1}, markets={8: 1}, tunnels=(3, 8), hands={DC: []})
    played(p, battle(8, DC))
    drive_battle(p, "marquise_daylight", roll=(2, 0))
    d = st(p)
    assert d["score"] == [2, 0, 0] and sum(d["markets"]) == 0 and d["tunnels"][7] == 0


def test_D3_C8_a_favor_clearing_two_clearings_of_buildings_one_price_of_failure():
    """D-3, C8 (one action, one Price: LoR 12.2.3, 1.5.4), LoR 4.1 Favor: the Marquise craft Favor of
    the Foxes; the Duchy's warriors, citadel in 8, market in 12 and tunnel in 8 are removed (3 VP to
    the Marquise, the warriors to supply, none from the Burrow); the Duchy pay the Price of Failure
    once: the Brigadier goes (the Captain stays), one random card."""
    p = pos(warriors={1: 1}, buildings={1: (0, 1, 0), 6: (0, 1, 0), 8: (0, 1, 0)}, keep=1,
            moles={8: 2, 12: 1, 3: 1}, citadels={8: 1}, markets={12: 1}, tunnels=(3, 8), burrow=2,
            swayed=("captain", "brigadier"), hands={CAT: ["F#favorofthefoxes"], DC: ["R#cobbler", "M#sword"]},
            at=(CAT, "marquise_daylight"))
    played(p, craft("F#favorofthefoxes"))
    assert p.step == "failure_discard"
    d = st(p)
    assert swayed_names(d) == {"captain"} and d["score"][CAT] == 3
    assert d["moles"][7] == d["moles"][11] == 0 and d["burrow"] == 2 and d["moles"][2] == 1
    played(p, fail_card("M#sword"))
    d = st(p)
    assert p.step == "marquise_daylight" and d["hand_size"][DC] == 1 and swayed_names(d) == {"captain"}
    assert warriors_conserved(d) == []


def test_D3_digest45_sanctify_on_a_duchy_building_sets_off_the_price_of_failure():
    """D-3 (LoR 12.2.3), digest §4.5 (Lizards: Sanctify on a Duchy building), LoR 10.4.3.III: at
    (Cult, Duchy, Wyrm) the Cult sanctify the Duchy's citadel in fox 8 (Outcast fox): 1 VP to the
    Cult, a fox garden there, and the Duchy lose their swayed Banker and one random card."""
    s = _cult_table()
    p = dc_position(s, lizards={8: 1}, acolytes=3, outcast_suit=0, wyrmlings={2: 1}, pawn=2,
                    moles={3: 1}, citadels={8: 1}, tunnels=(3,), swayed=("banker",),
                    hands={0: ["M#sword"], DC: ["F#anvil"]}, at=(0, "lizards_birdsong"))
    played(p, action("sanctify", ((8 - 1) * _core.MAX_NUM_SEATS + DC) * 3 + 0))
    assert p.step == "failure_discard"
    played(p, fail_card("F#anvil"))
    d = st(p)
    assert d["citadels"][7] == 0 and d["gardens"][0][7] == 1 and d["score"][0] == 1
    assert swayed_names(d) == set() and d["hand_size"][DC] == 0


def _cult_table():
    return _cult_cache.setdefault(0, table((LIZARDS, DUCHY, WYRM)))


_cult_cache: dict = {}


# ---- C1 the Burrow's warriors move wherever the Duchy move, and are off the map ----------------------

def test_C1_cobbler_offers_burrow_moves_in_evening():
    """C1 (a Burrow move is offered wherever the Duchy move: Cobbler, LoR card "at start of Evening, you
    may take a move"): with Cobbler in play and warriors in the Burrow, Evening opens with Cobbler's
    move, the Burrow's included."""
    def cobbler(d):
        t = cid("R#cobbler")
        d["deck"][t] -= 1
        d["deck_size"] -= 1
        d["play_area"][DC][t] += 1
    p = pos(moles={3: 1}, tunnels=(3,), burrow=2, at=(DC, "duchy_sway"), dc_edit=cobbler)
    played(p, PASS)
    assert p.step == "cobbler" and p.current_player == DC
    assert {(3, "up", 1), (3, "up", 2), (3, "down", 1)} <= burrow_moves(p)
    played(p, burrow(3, 0, 2))
    assert st(p)["moles"][2] == 3 and st(p)["burrow"] == 0


def test_C1_tax_collector_takes_no_warrior_from_the_burrow():
    """C1 (the Burrow's warriors are not on the map: Tax Collector "remove one of your warriors from
    the map"): with warriors only in the Burrow (and a tunnel on the map) Tax Collector is not offered;
    with one in 3 it is offered there only."""
    def tax(d):
        t = cid("F#taxcollector")
        d["deck"][t] -= 1
        d["deck_size"] -= 1
        d["play_area"][DC][t] += 1
    p = day(moles={}, tunnels=(3,), burrow=4, dc_edit=tax)
    assert kinds(p, "tax") == []
    q = day(moles={3: 1}, tunnels=(3,), burrow=4, dc_edit=tax)
    assert [x + 1 for x in kinds(q, "tax")] == [3]


# ---- digest §4.5 what other seats do with the Duchy --------------------------------------------------

def test_digest45_mercenaries_give_rule_for_build_but_back_no_sway():
    """Digest §4.5 (LoR 11.2.7.III mercenaries count for the buyer's rule; LoR 12.5.3.II "Duchy
    piece"): at (Marquise, Duchy, Riverfolk, Wyrm) with Mercenaries bought by the Duchy, two otters
    make fox 8 (one mole against two cats) and fox 12 (otters alone) Duchy-ruled for Build; but
    otters in 12 back no Sway card: two fox cards and Duchy pieces only in fox 8 sway nothing, a mole
    in 12 too makes the squires swayable."""
    s = _rf_table()
    base = dict(keep=1, wyrmlings={2: 1}, pawn=2, tunnels=(3,), hired=DC, mercs_on=1,
                hands={DC: ["F#anvil", "F#foxfolksteel"]})
    p = dc_position(s, warriors={1: 1, 8: 2}, moles={8: 1, 3: 1}, otters={8: 2, 12: 2}, at=(DC, "duchy_daylight"),
                    assembly_left=2, **base)
    assert {c for _k, c in builds_of(p)} == {8, 12}
    q = dc_position(s, warriors={1: 1}, moles={8: 1, 3: 1}, otters={12: 2}, at=(DC, "duchy_sway"), **base)
    assert named(q, "sway") == set()
    r = dc_position(s, warriors={1: 1}, moles={8: 1, 3: 1, 12: 1}, otters={12: 2}, at=(DC, "duchy_sway"), **base)
    assert named(r, "sway") == {"foremole", "captain", "marshal"}


def _rf_table():
    return _cult_cache.setdefault(1, table((MARQUISE, DUCHY, RIVERFOLK, WYRM)))


def test_digest45_with_the_cult_the_duchys_spent_and_discarded_cards_go_to_lost_souls():
    """LoR 10.2.6 (every card spent or discarded goes to Lost Souls while the Cult plays), D-13, D-18:
    at (Cult, Duchy, Wyrm) the card a Dig spends and the revealed bird discarded in Evening go to Lost
    Souls, not the discard pile."""
    s = _cult_table()
    p = dc_position(s, lizards={5: 1}, outcast_suit=0, wyrmlings={2: 1}, pawn=2, moles={3: 1}, tunnels=(3,),
                    hands={DC: ["F#anvil", "R#cobbler"]}, revealed=["B#armorers"], at=(DC, "duchy_daylight"),
                    assembly_left=2)
    played(p, dig(8, "F#anvil"))
    d = st(p)
    assert d["lost_souls"][cid("F#anvil")] == 1 and d["discard"][cid("F#anvil")] == 0
    for _ in range(5):
        if p.step not in ("duchy_daylight", "duchy_parliament", "duchy_sway", "duchy_evening"):
            break
        played(p, PASS)
    d = st(p)
    assert d["lost_souls"][cid("B#armorers")] == 1 and d["hand"][DC][cid("R#cobbler")] == 1


def test_D18_LoR_3_3_a_revealed_bird_dominance_card_becomes_available_not_discarded():
    """D-18 (LoR 12.6.1 revealed birds discarded), LoR 3.3.4 (a dominance card that would be discarded
    is available instead): a bird dominance card revealed this turn is available after Evening's first
    step, as is a dominance card the Price of Failure discards."""
    p = pos(moles={3: 1}, tunnels=(3,), revealed=["B#dominance"], at=(DC, "duchy_sway"))
    played(p, PASS)
    d = st(p)
    assert d["available"][cid("B#dominance")] == 1 and d["discard"][cid("B#dominance")] == 0
    q = _cat_attacks(moles={3: 1}, citadels={8: 1}, tunnels=(3,), hands={DC: ["F#dominance"]})
    played(q, battle(8, DC))
    drive_battle(q, "failure_discard", roll=(2, 0))
    played(q, fail_card("F#dominance"))
    assert st(q)["available"][cid("F#dominance")] == 1


def test_D3_a_minister_lost_with_an_empty_hand_and_swayable_again_while_crowns_remain():
    """D-3 (LoR 12.2.3: the minister returns to the Unswayed pile; the random card only if there is
    one), D-17: with an empty hand the Price of Failure takes the Brigadier and nothing more; the
    Brigadier is back in the Unswayed pile and, two noble crowns still on the board, can be swayed
    again."""
    p = _cat_attacks(moles={3: 1}, citadels={8: 1}, tunnels=(3,), swayed=("brigadier",))
    played(p, battle(8, DC))
    drive_battle(p, "marquise_daylight", roll=(2, 0))
    d = st(p)
    assert swayed_names(d) == set() and d["crowns"][1] == 2
    q = pos(moles={3: 1, 4: 1, 7: 1, 9: 1, 8: 1, 12: 1}, tunnels=(3,), crowns_lost=(0, 1, 0), hands={DC: SWAY_HAND},
            at=(DC, "duchy_sway"))
    assert "brigadier" in named(q, "sway") and st(q)["crowns"] == [3, 2, 3]


# ---- C10 the draft ---------------------------------------------------------------------------------

def test_C10_the_duchy_is_a_militant_faction_of_the_draft():
    """C10 (LoR 16.1.8; the setup card's red name): the Duchy are dealt among the militant factions."""
    assert DUCHY in _core.DRAFT_MILITANT_FACTIONS and DUCHY not in _core.DRAFT_INSURGENT_FACTIONS


# ---- D-15 "up to": the Brigadier and the Banker may stop early ---------------------------------------

def test_D15_brigadier_may_stop_after_one_move_banker_after_one_card():
    """D-15 (LoR 12.5.2 Brigadier "up to two", Banker "any number of cards (even one)"): pass after the
    Brigadier's first move ends his action; the Banker spends one card (1 VP) and passes."""
    p = day(moles={3: 3}, tunnels=(3,), swayed=("brigadier", "banker"), assembly_left=0,
            hands={DC: ["F#anvil", "F#foxfolksteel"]})
    to_parliament(p)
    played(p, minister("brigadier"))
    played(p, action("move", (((3 - 1) * NCL + (6 - 1)) * 2) * 26 + 1))
    assert p.step == "duchy_minister"
    played(p, PASS)
    assert p.step == "duchy_parliament" and named(p, "minister") == {"banker"}
    played(p, minister("banker"))
    played(p, bank("F#anvil"))
    played(p, PASS)
    d = st(p)
    assert d["score"][DC] == 1 and d["hand"][DC] == counts(["F#foxfolksteel"])


# ---- D-20 the hand limit ------------------------------------------------------------------------------

def test_D20_evening_draw_then_discard_to_five():
    """D-20 (LoR 12.6.3 "then, if you have more than five cards in your hand, discard ... until you
    have five"): 5 cards in hand, a market on the map: two drawn, then the Duchy discard down to 5."""
    hand = ["F#anvil", "F#foxfolksteel", "R#bakesale", "M#sword", "M#roottea"]
    p = pos(moles={3: 1}, markets={3: 1}, tunnels=(3,), hands={DC: hand}, at=(DC, "duchy_sway"))
    played(p, PASS)
    if p.step == "duchy_evening":       # asked (the hand is hidden), nothing to craft with one rabbit
        assert kinds(p, "craft") == []
        played(p, PASS)
    assert p.step == "evening_draw" and st(p)["to_draw"][DC] == 2
    while p.is_chance_node():
        p.apply(p.chance_outcomes()[0][0])
    assert p.step == "discard" and p.current_player == DC and st(p)["hand_size"][DC] == 7
    played(p, action("discard", cid("F#anvil")))
    played(p, action("discard", cid("M#sword")))
    assert st(p)["hand_size"][DC] == 5 and p.turn != DC


def test_D3_C8_a_revolt_removing_a_citadel_a_market_and_a_tunnel_one_price_of_failure():
    """D-3, C8 (one action, one Price: LoR 12.2.3, 1.5.4), LoR 8.4.1 Revolt: at (Marquise, Duchy,
    Alliance, Wyrm) the Alliance revolt in sympathetic fox 8: the Duchy's warrior, citadel, market and
    tunnel there are removed (3 VP to the Alliance); the Duchy pay the Price once: the Banker (the
    only noble) goes, both squires stay, one random card is discarded."""
    s = four_table()
    al = st(s)["seat_faction"].index(ALLIANCE)
    p = dc_position(s, keep=1, warriors={1: 1}, wyrmlings={2: 1}, pawn=2, moles={8: 1, 3: 1}, citadels={8: 1},
                    markets={8: 1}, tunnels=(3, 8), burrow=1, swayed=("captain", "marshal", "banker"), sympathy=[8],
                    stack=["F#anvil", "F#roottea"], hands={DC: ["R#cobbler", "M#sword"]}, turn_of=al)
    played(p, action("revolt", 7))
    assert p.step == "failure_discard"
    played(p, fail_card("M#sword"))
    d = st(p)
    assert d["score"][al] == 3 and d["citadels"][7] == d["markets"][7] == d["tunnels"][7] == d["moles"][7] == 0
    assert swayed_names(d) == {"captain", "marshal"} and d["hand_size"][DC] == 1 and d["burrow"] == 1


# ---- C7, D-T12 Royal Claim counts the Burrow ------------------------------------------------------

def test_C7_trapD12_royal_claim_counts_the_burrow():
    """D-T12, C7 (LoR 12.2.2 "the Duchy always rules the Burrow"): the Duchy rule 3 and 7; Royal Claim
    in their Birdsong scores 3 (the Burrow counted, empty as it is)."""
    def royal_claim(d):
        t = cid("B#royalclaim")
        d["deck"][t] -= 1
        d["deck_size"] -= 1
        d["play_area"][DC][t] += 1
    p = turn(moles={3: 1, 7: 1}, tunnels=(3,), dc_edit=royal_claim)
    use = action("use", cid("B#royalclaim"))
    assert use in p.legal_actions()
    before = p.scores[DC]
    played(p, use)
    assert p.scores[DC] - before == 3


# ---- round trips at the Duchy's steps ------------------------------------------------------------

def _round_trip(p):
    d = p.to_dict()
    assert _core.State.from_dict(d).to_dict() == d


def test_round_trips_at_the_duchys_decisions():
    """The state dict 11's Duchy fields (burrow, swayed, crowns, duchy_revealed, reveal_*, dig_*,
    failure_owed, fail_discard...) survive to_dict / from_dict at duchy_reveal, duchy_dig,
    duchy_tunnel, duchy_minister (the Banker) and price_of_failure / failure_discard."""
    p = day(moles={8: 2, 3: 1}, tunnels=(3,), burrow=3, hands={DC: ["F#anvil", "R#cobbler", "M#sword"]})
    played(p, dc_build("market", 8))
    _round_trip(p)
    played(p, reveal("F#anvil"))
    played(p, dig(4, "R#cobbler"))
    assert p.step == "duchy_dig"
    _round_trip(p)
    q = day(moles={3: 1, 7: 1, 8: 1}, tunnels=(3, 7, 8), burrow=1, hands={DC: ["M#sword"]})
    played(q, dig(11, "M#sword"))
    assert q.step == "duchy_tunnel"
    _round_trip(q)
    r = day(moles={3: 1}, tunnels=(3,), swayed=("banker",), assembly_left=0, hands={DC: ["F#anvil", "F#foxfolksteel"]})
    to_parliament(r)
    played(r, minister("banker"))
    played(r, bank("F#anvil"))
    assert r.step == "duchy_minister"
    _round_trip(r)
    f = _cat_attacks(moles={3: 1}, citadels={8: 1}, tunnels=(3,), swayed=("banker", "mayor"), hands={DC: ["F#anvil"]})
    played(f, battle(8, DC))
    drive_battle(f, "price_of_failure", roll=(2, 0))
    _round_trip(f)
    played(f, failure("banker"))
    _round_trip(f)


# ---- the Price of Failure's chance node in the core's own sampling ------------------------------------

def _at_failure_discard():
    p = _cat_attacks(moles={3: 1}, citadels={8: 1}, tunnels=(3,), hands={DC: ["F#anvil", "R#cobbler"]})
    played(p, battle(8, DC))
    drive_battle(p, "failure_discard", roll=(2, 0))
    assert p.is_chance_node()
    return p


def test_sample_chance_at_the_price_of_failures_discard():
    """D-3 (LoR 12.2.3 "discards a random card"): State.sample_chance at failure_discard returns one of
    chance_outcomes() (a card of the Duchy's hand), for every seed."""
    p = _at_failure_discard()
    outs = {a for a, _pr in p.chance_outcomes()}
    assert outs == {fail_card("F#anvil"), fail_card("R#cobbler")}
    assert all(p.sample_chance(seed) in outs for seed in range(20))


_PLAYOUT = """
import sys
sys.path[:0] = {paths!r}
import test_duchy as T
from wyrm_ai import _core
bad = []
for seed in range(5):
    q = T._at_failure_discard().clone()
    q.random_playout(seed, 1)
    d = q.to_dict()
    if sum(d["hand"][T.DC]) != d["hand_size"][T.DC]:
        bad.append((seed, "hand count", sum(d["hand"][T.DC]), d["hand_size"][T.DC]))
    try:
        _core.State.from_dict(d)
    except _core.WyrmError as e:
        bad.append((seed, str(e)))
print(repr(bad))
"""


def test_random_playout_through_the_price_of_failures_discard_keeps_the_cards():
    """D-3 (LoR 12.2.3): a random playout (the core's, used by the search) passing the Price of
    Failure's discard leaves a legal position: State.from_dict(s.to_dict()) accepts it (every card
    once, hand sizes their hands' counts). Run in a child process: the core writes a card count out
    of range there."""
    import os
    import subprocess
    import sys
    here = os.path.dirname(os.path.abspath(__file__))
    code = _PLAYOUT.format(paths=[os.path.dirname(here), here])
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout.strip() == "[]", out.stdout


# ---- random games: the Duchy's invariants ---------------------------------------------------------

def _new_game(factions, map_name, seed):
    m = _core.MAPS[map_name]
    return _core.State(seed % len(factions), factions=factions, map_id=m["id"],
                       suits=None if m["printed_suits"] else m["default_suits"])


def _chance(s, rng):
    """A chance outcome drawn from s.chance_outcomes() with its odds (not State.sample_chance, which
    draws a deck card at failure_discard: test_sample_chance_at_the_price_of_failures_discard)."""
    outs = s.chance_outcomes()
    u = rng.random()
    for a, pr in outs:
        u -= pr
        if u < 0:
            return a
    return outs[-1][0]


# (factions, map, seed): three to six seats with the Duchy and the Wyrm, on Autumn and the Lake; each
# seed's game ends (30 VP or dominance) in 400..550 actions and reaches every Duchy step but the
# corner choice (forced at these tables) -- the Price of Failure and its discard included -- in about
# 1,800 actions in all (the round trip, ~5 ms an action, is most of the time)
RANDOM_TABLES = (
    ((MARQUISE, DUCHY, WYRM), "autumn", 22),
    ((DUCHY, EYRIE, ALLIANCE, WYRM), "lake", 5),
    ((RIVERFOLK, DUCHY, LIZARDS, MARQUISE, WYRM), "autumn", 1),
    ((MARQUISE, EYRIE, VAGABOND, DUCHY, RIVERFOLK, WYRM), "lake", 7),
)
DUCHY_STEPS = {"duchy_daylight", "duchy_reveal", "duchy_dig", "duchy_parliament", "duchy_minister", "duchy_sway",
               "price_of_failure", "failure_discard"}
MAX_ACTIONS = 3000
KNOWN_USED_BUG = "an unswayed minister's action taken this Parliament"


@pytest.mark.parametrize("factions,map_name,seed", RANDOM_TABLES,
                         ids=["-".join(_core.FACTION_NAMES[f] for f in t) + "-" + m for t, m, _ in RANDOM_TABLES])
def test_random_games_keep_the_duchys_invariants(factions, map_name, seed):
    """D-4, D-5, D-7 after every action of a seeded random game (State API) at 3..6 seats with the
    Duchy and the Wyrm on Autumn and the Lake (up to MAX_ACTIONS actions): every faction's warriors
    conserved (the Duchy's 20: map + Burrow + supply + the Riverfolk's boxes + Coffin Makers), 3
    tunnels (map + supply), at most one tunnel a clearing, 0..3 citadels and markets on the map, and
    State.from_dict(s.to_dict()).to_dict() == s.to_dict()."""
    s = _new_game(factions, map_name, seed)
    rng = np.random.default_rng(seed)
    found = {}
    steps = set()
    for n in range(MAX_ACTIONS):
        if s.is_terminal():
            break
        if s.is_chance_node():
            s.apply(_chance(s, rng))
        else:
            la = s.legal_actions()
            s.apply(la[rng.integers(len(la))])
        steps.add(s.step)
        d = s.to_dict()
        problems = duchy_problems(d) + warriors_conserved(d)
        try:
            if _core.State.from_dict(d).to_dict() != d:
                problems.append("from_dict(to_dict()).to_dict() differs")
        except _core.WyrmError as e:
            problems.append(f"from_dict: {e}")
        for x in problems:
            found.setdefault(x, (n, s.step))
    assert not found, found
    assert s.is_terminal(), f"seed {seed} did not end in {MAX_ACTIONS} actions"
    assert DUCHY_STEPS <= steps, DUCHY_STEPS - steps
