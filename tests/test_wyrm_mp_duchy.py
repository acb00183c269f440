"""The Voracious Wyrm at a table with the Underground Duchy: the rulings W-MP-21..W-MP-23
(shared/reference/root-factions-riverfolk-underworld.md §6; docs/duchy-corvids.md §2 "The Wyrm and the
Duchy") and the reading C11, one test or more per ruling, each naming its id and the Law's numbers
(LoR 12 the Duchy; the Wyrm's W-… clauses).

Positions and actions go through the core's State API and action ints (tests/duchy_positions.py).
Seats: the table (Marquise, Duchy, Wyrm): CAT 0, DC 1, WY 2, the Keep in 1; at (Marquise, Duchy,
Alliance, Wyrm): CAT 0, DC 1, AL 2, WY 3. Terrorize is the A_TERROR action (from, to, seat); into the
Burrow it names its own clearing as the destination (Rootlog `t9->0`)."""
from __future__ import annotations

import numpy as np

from wyrm_ai import _core

from duchy_positions import (DUCHY, MARQUISE, MAX_SEATS, NCL, PASS, WYRM, battle, battles_of, burrow_moves, dc_day,
                             dc_position, dc_turn, drive_battle, fail_card, four_table, kind_of, kinds, minister, st,
                             swayed_names, terror, three_table)

CAT, DC, WY = 0, 1, 2


def terrors(s) -> set[tuple[int, int, int]]:
    """Legal Terrorize moves as (from, to, seat whose warrior moves), clearing numbers."""
    out = set()
    for x in kinds(s, "terror"):
        f, x = x % MAX_SEATS, x // MAX_SEATS
        out.add((x // NCL + 1, x % NCL + 1, f))
    return out


def wyrm_day(**kw):
    """(Marquise, Duchy, Wyrm) at the Wyrm's Daylight: the Keep and a cat in 1 unless told."""
    kw.setdefault("keep", 1)
    kw.setdefault("warriors", {1: 1})
    return dc_position(three_table(), at=(WY, "wyrm_daylight"), **kw)


# ---- W-MP-21 Terrorize into the Burrow (LoR 12.2.2; W-ACT-TERROR) --------------------------------

def test_W_MP_21_terrorize_pushes_a_duchy_warrior_into_the_burrow_from_a_tunnel_clearing():
    """W-MP-21 (LoR 12.2.2: the Burrow is adjacent to each tunnel clearing; the ban is on non-Duchy
    pieces; W-ACT-TERROR): fear in tunnel clearing 3 holding Duchy, Marquise and Wyrm warriors: the
    Wyrm may send a Duchy warrior into the Burrow (3 -> 3), never a cat or a wyrmling; the warrior
    leaves 3 for the Burrow."""
    p = wyrm_day(moles={3: 2}, tunnels=(3,), warriors={1: 1, 3: 1}, wyrmlings={3: 1}, pawn=2, fear={3: 1})
    ts = terrors(p)
    assert (3, 3, DC) in ts and (3, 3, CAT) not in ts and (3, 3, WY) not in ts
    assert {(3, d, DC) for d in (6, 7, 11)} <= ts
    p.apply(terror(3, 3, DC))
    d = st(p)
    assert d["burrow"] == 1 and d["moles"][2] == 1 and d["warriors"][2] == 1 and d["wyrmlings"][2] == 1


def test_W_MP_21_no_burrow_without_a_tunnel_in_the_fear_clearing():
    """W-MP-21 (LoR 12.2.2): fear in 7 with Duchy warriors but no tunnel there (the tunnel is in 3):
    Terrorize offers only map clearings adjacent to 7 for the Duchy warrior, not the Burrow."""
    p = wyrm_day(moles={7: 2, 3: 1}, tunnels=(3,), wyrmlings={2: 1}, pawn=2, fear={7: 1})
    ts = terrors(p)
    assert {(a, b) for a, b, f in ts if f == DC} == {(7, 3), (7, 8), (7, 12)}


def test_C11_W_MP_21_a_warrior_terrorized_into_the_burrow_costs_no_outrage():
    """C11, W-MP-21, W-MP-3 (LoR 8.2.6: Outrage for moving into a sympathetic clearing): at (Marquise,
    Duchy, Alliance, Wyrm) a Duchy warrior pushed from sympathetic tunnel clearing 3 into the Burrow
    sets off no Outrage (nothing to pay for: the Burrow holds no sympathy), for the Wyrm or the
    Duchy."""
    s = four_table()
    sf = st(s)["seat_faction"]
    wy = sf.index(WYRM)
    p = dc_position(s, keep=1, warriors={1: 1}, wyrmlings={2: 1}, pawn=2, moles={3: 2}, tunnels=(3,), sympathy=(3,),
                    fear={3: 1}, hands={wy: ["R#cobbler"], sf.index(DUCHY): ["R#bakesale"]}, at=(wy, "wyrm_daylight"))
    p.apply(terror(3, 3, sf.index(DUCHY)))
    d = st(p)
    assert d["burrow"] == 1 and p.step in ("wyrm_daylight", "wyrm_terrorize")
    assert d["hand_size"][wy] == 1 and d["hand_size"][sf.index(DUCHY)] == 1 and sum(d["supporters"]) == 0


# ---- W-MP-22 the Wyrm never uses the Burrow (LoR 12.2.2) -----------------------------------------

def test_W_MP_22_the_wyrm_is_offered_no_burrow_move():
    """W-MP-22 (LoR 12.2.2 "non-Duchy pieces cannot be ... moved into the Burrow"): the pawn and
    wyrmlings in tunnel clearing 3 (full of Duchy warriors in the Burrow): the Wyrm's Daylight offers
    no move of the Burrow's kind, and every move it offers ends in a map clearing."""
    p = wyrm_day(moles={7: 1}, tunnels=(3, 7), burrow=5, wyrmlings={3: 2}, pawn=3)
    assert kinds(p, "burrow") == [] and burrow_moves(p) == set()
    assert kinds(p, "move")


def test_W_MP_22_terrorize_never_starts_in_the_burrow():
    """W-MP-22 (LoR 12.2.2; no fear token can be placed in the Burrow): 6 Duchy warriors in the Burrow,
    none on the map, fear only in tunnel clearing 3 with no warriors: no Terrorize at all."""
    p = wyrm_day(moles={}, tunnels=(3,), burrow=6, wyrmlings={2: 1}, pawn=2, fear={3: 1})
    assert terrors(p) == set()


def test_W_MP_22_intimidate_places_only_on_the_map():
    """W-MP-22 (LoR 12.2.2; W-BIRD-1 Intimidate): the Wyrm's Birdsong with fear in tunnel clearing 3
    and warriors in the Burrow: every Intimidate choice names a map clearing (3 or 7, its fear)."""
    p = dc_turn(three_table(), WY, keep=1, warriors={1: 1}, moles={3: 2}, tunnels=(3,), burrow=5, wyrmlings={3: 1},
                pawn=3, fear={3: 1, 7: 2})
    assert p.step == "wyrm_intimidate"
    assert {x // 4 + 1 for x in kinds(p, "intimidate")} <= {3, 7}
    assert kinds(p, "burrow") == []


def test_W_MP_9_W_MP_22_wyrm_setup_counts_tunnels_and_never_the_burrow():
    """W-MP-9, W-MP-22 (W-SET-2 counts every other faction's map pieces, tunnels included; LoR 12.2.2):
    at (Marquise, Duchy, Wyrm) the Wyrm's pawn goes to a map clearing (the Burrow is never offered)
    where the fewest opponents' pieces stand, counting the Duchy's tunnel."""
    s = _core.State(0, factions=(MARQUISE, DUCHY, WYRM))
    rng = np.random.default_rng(0)
    while s.step != "wyrm_setup":
        if s.is_chance_node():
            s.apply(s.sample_chance(int(rng.integers(1 << 62))))
        else:
            s.apply(s.legal_actions()[0])
    d = st(s)
    offered = {x + 1 for x in kinds(s, "pawn_to")}
    assert offered and all(1 <= c <= NCL for c in offered)

    def pieces(c):
        return (d["warriors"][c] + sum(b[c] for b in d["buildings"]) + (d["keep"] == c) + d["wood"][c]
                + d["moles"][c] + d["tunnels"][c] + d["citadels"][c] + d["markets"][c])
    count = {c + 1: pieces(c) for c in range(NCL) if c != d["keep"]}
    least = min(count.values())
    assert offered == {c for c, n in count.items() if n == least}
    assert d["tunnels"][2] == 1 and 3 not in offered


# ---- W-MP-23 ministers and the pawn; the Price of Failure from the Wyrm (LoR 12.5.2, 12.2.3) -------

def test_W_MP_23_a_captains_battle_moves_the_pawn_only_by_hits():
    """W-MP-23 (LoR 12.5.2 Captain "initiate a battle"; W-PY-4, W-FOREST-1): the Captain battles the
    lone pawn in 2: no minister step offers a removal; the pawn, hit (defenseless, no Lair item),
    goes to a forest the Wyrm picks (battle_forest); the Duchy score nothing for it."""
    p = dc_day(three_table(), DC, keep=1, warriors={1: 1}, moles={2: 3, 3: 1}, tunnels=(3,), wyrmlings={}, pawn=2,
               swayed=("captain",), assembly_left=0)
    p.apply(PASS)
    p.apply(minister("captain"))
    assert p.step == "duchy_minister" and battles_of(p) == {(2, WY)}
    assert not {kind_of(a)[0] for a in p.legal_actions()} & {"remove", "strike", "tunnel_off"}
    p.apply(battle(2, WY))
    drive_battle(p, "battle_forest", roll=(3, 0))
    assert p.current_player == WY and kinds(p, "forest")
    p.apply(p.legal_actions()[0])
    d = st(p)
    assert d["pawn"] >= NCL and d["score"] == [0, 0, 0]


def test_W_MP_23_the_wyrm_removing_a_citadel_and_a_tunnel_scores_two_and_one_price_of_failure():
    """W-MP-23 (LoR 12.2.3; LoR 3.2.1 1 VP per building or token), D-T1: the Wyrm (pawn and a
    wyrmling) battles the Duchy's citadel and tunnel in 8: 2 VP for the Wyrm; the Price of Failure
    once (the building), not for the tunnel: the Duchy's noble returns, the squire stays, one random
    card."""
    p = wyrm_day(moles={3: 1}, citadels={8: 1}, tunnels=(3, 8), wyrmlings={8: 1}, pawn=8, swayed=("marshal", "banker"),
                 hands={DC: ["F#anvil", "R#cobbler"]})
    p.apply(battle(8, DC))
    drive_battle(p, "failure_discard", roll=(2, 0))
    d = st(p)
    assert d["score"][WY] == 2 and d["tunnels"][7] == 0 and d["citadels"][7] == 0
    assert swayed_names(d) == {"marshal"}
    p.apply(fail_card("R#cobbler"))
    d = st(p)
    assert p.step == "wyrm_daylight" and d["hand_size"][DC] == 1 and swayed_names(d) == {"marshal"}


def test_W_MP_23_the_wyrm_removing_only_a_tunnel_sets_off_no_price_of_failure():
    """W-MP-23, D-T1 (LoR 12.2.3 buildings only): the Wyrm removes the lone tunnel in 8 (1 VP); the
    Duchy keep their minister and their cards."""
    p = wyrm_day(moles={3: 1}, tunnels=(3, 8), wyrmlings={8: 1}, pawn=8, swayed=("earl_of_stone",),
                 hands={DC: ["F#anvil"]})
    p.apply(battle(8, DC))
    drive_battle(p, "wyrm_daylight", roll=(1, 0))
    d = st(p)
    assert d["score"][WY] == 1 and swayed_names(d) == {"earl_of_stone"} and d["hand_size"][DC] == 1
