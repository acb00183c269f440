"""The Keepers in Iron's rules (LoR 15), clause by clause: docs/hundreds-keepers.md §3 (I-1..I-31), the
digest's traps (shared/reference/root-factions-corvid-marauder.md §4.5: I-T1..I-T13), the Wyrm's
rulings with the Keepers (W-MP-34..37) and the contract's readings I-C1..I-C16 (§3) and I-C17..I-C19
(§7, as built). Each test names its clause(s) and Law number. Where the core departs from the
contract, the test keeps the contract's expectation and is marked xfail(strict=True) with what the
core does.

Seats: most positions are at the table (Marquise, Keepers, Wyrm): CAT 0, KI 1, WY 2. The Marquise's
Keep is in clearing 1 with one warrior; the Wyrm's pawn and one wyrmling stand in clearing 2; every
relic not named lies face down in forest 6 (3_6_11) unless a test says otherwise. Autumn: fox 1 6 8
12, rabbit 3 4 5 10, mouse 2 7 9 11; forests 0 1_2_5_10, 1 1_9_10_12, 2 2_6_10_11_12, 3 4_9_12,
4 4_7_8_12, 5 3_7_11_12, 6 3_6_11; the map edge 1 5 2 6 3 7 8 4 9. Relics 0-3 are figures, 4-7
tablets, 8-11 jewelry; waystation 0 shows figure/tablet, 1 tablet/jewelry, 2 jewelry/figure."""
from __future__ import annotations

import functools

import numpy as np
import pytest

from wyrm_ai import _core

from duchy_positions import drive_battle, terror
from keepers_positions import (CAUSE, EDGE, FACES, FOREST_CLEARINGS, FORESTS, KEEPERS, MARQUISE, NCL, NCT, PASS,
                               RETAINER, TABLE, VAGABOND, WYRM, action, battles_of, carry, cid, decamp, delve,
                               delve_at, encamp, evening_from_day, events_of, keepers_at, ki_day, ki_eve, ki_position,
                               ki_recruit, ki_relic, ki_setup, ki_turn, kind_of, kinds, moves_of, played, recover,
                               relic_value, relics_at, relics_of, retinue_add, retinue_of, retinue_shift, st,
                               three_table, trophy, vagabond_table, waystations_of)
from lizard_positions import battle, craft, move
from riverfolk_positions import remove

CAT, KI, WY = 0, 1, 2
FIGURE, TABLET, JEWELRY = 0, 1, 2
BASE = dict(keep=1, warriors={1: 1}, wyrmlings={2: 1}, pawn=2, rest="3_6_11")
VP = {name: k for k, name in enumerate(_core.VP_REASONS)}


def _base(kw):
    for k, v in BASE.items():
        kw.setdefault(k, v)
    return kw


def turn(**kw):
    """The Keepers' turn begun from its Birdsong."""
    return ki_turn(three_table(), KI, **_base(kw))


def day(column=0, **kw):
    """The Keepers' Daylight, `column` acting."""
    return ki_day(three_table(), KI, column=column, **_base(kw))


def eve(**kw):
    """The Keepers' Evening, Gather Retinue."""
    return ki_eve(three_table(), KI, **_base(kw))


def cat_day(**kw):
    """The Marquise's Daylight (her turn begun from Birdsong), the Keepers at the table."""
    return ki_position(three_table(), turn_of=CAT, **_base(kw))


def wyrm_day(**kw):
    """The Wyrm's Daylight."""
    return ki_position(three_table(), at=(WY, "wyrm_daylight"), **_base(kw))


def settle(s, *outcomes):
    """Apply the named chance outcomes while s is at a chance node (then the first outcome)."""
    left = list(outcomes)
    while s.is_chance_node():
        s.apply(left.pop(0) if left else s.chance_outcomes()[0][0])
    assert not left
    return s


def outcomes(s) -> dict:
    """{(kind, offset): probability} of a chance node."""
    return {kind_of(a): p for a, p in s.chance_outcomes()}


def values_drawn(s) -> dict:
    """{value: probability} at a delve's flip."""
    assert s.step == "relic_value" and s.is_chance_node()
    return {x + 1: pytest.approx(p) for (k, x), p in outcomes(s).items() if k == "relic_value"}


def to_recruit(s):
    """Pass Encamp and Decamp."""
    while kinds(s, "encamp") or kinds(s, "decamp"):
        played(s, PASS)
    return s


def used_slots(d) -> set:
    return {i for i in range(10) if (d["retinue_used"] >> i) & 1}


# ---- I-1, I-2, I-3, I-9, I-12, I-13 (traps I-T1): the pieces (LoR 15.2, 15.3) ---------------------

def test_I1_I3_I9_the_table_twelve_relics_valued_1_2_3_3_a_type_15_warriors_three_waystations():
    """I-1 (LoR 15.2.1), I-3 (15.2.2), I-9 (15.3.2): twelve relics of three types, four of each,
    valued 1, 2, 3 and 3 (27 VP in all; relic i's type is i // 4); three waystations with the faces
    figure/tablet, tablet/jewelry, jewelry/figure; 15 warriors (after setup: 4 + 4 on the map, 7 in
    supply)."""
    assert TABLE["relic_values"] == (1, 2, 3, 3) and 3 * sum(TABLE["relic_values"]) == 27
    assert _core.NUM_RELICS == 12 and _core.RELIC_TYPE_NAMES == ("figure", "tablet", "jewelry")
    assert FACES == ((FIGURE, TABLET), (TABLET, JEWELRY), (JEWELRY, FIGURE))
    d = st(three_table())
    assert TABLE["warriors"] == 15 and sum(d["keepers"]) == 8 and d["keeper_supply"] == 7


def test_I1_a_types_values_are_among_1_2_3_3():
    """I-1 (LoR 15.2.1): a position with two face-up figures of value 1 is impossible."""
    with pytest.raises(Exception, match="impossible position"):
        day(keepers={5: 1}, relics={0: (5, 1), 1: (5, 1)})
    day(keepers={5: 1}, relics={0: (5, 3), 1: (5, 3), 2: (5, 2), 3: (5, 1)})   # the whole type


def test_I2_I8_trapT1_I_C1_setup_relics_face_down_with_no_value_in_the_state():
    """I-2 (LoR 15.2.1, 15.3.1; trap I-T1; I-C1), I-8 (15.3.1): after setup every relic lies face down
    in a forest and no value exists in the state (relic_value 0 for all, the Keepers included); the
    public facts name every type's values still face down (1, 2, 3, 3)."""
    d = st(three_table())
    assert all(place in FORESTS for place, _ in relics_of(d).values())
    assert d["relic_value"] == [0] * 12
    facts = _core.public_facts(three_table())["relic_checks"]
    assert [sorted(v) for v in facts["face_down_values"]] == [[1, 2, 3, 3]] * 3


def test_I2_trapT1_I_C1_determinizing_for_the_keepers_changes_no_relic():
    """I-2 (LoR 15.3.1; trap I-T1; I-C1): nothing about a relic is hidden state: a determinization for
    any seat, the Keepers included, keeps every relic's place and (absent) value."""
    s = three_table()
    for seat in (CAT, KI, WY):
        for seed in range(3):
            d = st(_core.determinized(s, seat, seed))
            assert d["relic_at"] == st(s)["relic_at"] and d["relic_value"] == [0] * 12


def test_I12_I_C7_a_faithful_retainer_in_each_column_outside_the_deck():
    """I-12 (LoR 15.3.5; I-C7): setup puts one Faithful Retainer in each Retinue column; they are no
    cards of the deck (the card count holds with them: State.from_dict checks it)."""
    d = st(three_table())
    assert retinue_of(d) == [["retainer"], ["retainer"], ["retainer"]]
    assert d["retinue"][:3] == [RETAINER] * 3 and d["retinue"][3:] == [-1] * 7
    assert _core.State.from_dict(d) == three_table()


def test_I13_I31_the_waystations_start_on_the_board_one_card_drawn():
    """I-13 (LoR 15.3.6), I-31 (15.6.3): after setup the three waystations are on the faction board
    (none on the map): the Keepers' Evening draws one card."""
    s = three_table()
    d = st(s)
    assert d["way_at"] == [-1, -1, -1] and sum(d["waystations"]) == 0
    assert _core.evening_draws_of(s, KI) == 1


# ---- I-8, I-10, I-11 (I-C10): setup (LoR 15.3) -------------------------------------------------------

def _setup_until(factions, stop, choose=None, seed=0):
    s = _core.State(0, factions=factions)
    rng = np.random.default_rng(seed)
    while not stop(s):
        if s.is_chance_node():
            s.apply(s.sample_chance(int(rng.integers(1 << 62))))
        else:
            s.apply((choose(s) if choose else None) or s.legal_actions()[0])
    return s


def _forest_counts(d):
    return [sum(1 for r in range(12) if d["relic_at"][r] == NCL + f) for f in range(len(FORESTS))]


def _unplaced(d, t):
    return sum(1 for r in range(t * 4, t * 4 + 4) if d["relic_at"][r] < 0)


def test_I8_a_relic_of_a_random_type_in_each_forest_in_turn():
    """I-8 (LoR 15.3.1): the setup's first relics go one to each forest, in order, each of a type drawn
    from the relics left (the probability of a type its share of them)."""
    s = _setup_until((MARQUISE, KEEPERS, WYRM), lambda s: s.step == "relic_setup")
    for f in range(len(FORESTS)):
        d = st(s)
        assert _forest_counts(d) == [1] * f + [0] * (len(FORESTS) - f)
        left = 12 - f
        assert outcomes(s) == {("ki_relic", f * 3 + t): pytest.approx(_unplaced(d, t) / left)
                               for t in range(3) if _unplaced(d, t)}
        s.apply(ki_relic(f, f % 3))
    assert s.step == "keepers_setup"


def test_I10_a_corner_free_of_other_starts_and_a_map_edge_clearing_beside_it():
    """I-10 (LoR 15.3.3, as corrected: no "diagonally opposite" clause, unlike the Hundreds' 14.3.2):
    with the Keep in 1 any other corner (2, 3, 4); four warriors there, then four in a map-edge
    clearing adjacent to it: from 3, 6 or 7 (11 is not on the edge)."""
    s = _setup_until((MARQUISE, KEEPERS, WYRM), lambda s: s.step == "keepers_setup")
    assert keepers_at(st(s)) == {} and st(s)["keep"] == 0
    assert {x + 1 for x in kinds(s, "ki_setup")} == {2, 3, 4}
    played(s, ki_setup(3))
    assert keepers_at(st(s)) == {3: 4}
    assert {x + 1 for x in kinds(s, "ki_setup")} == {6, 7}
    played(s, ki_setup(7))
    assert keepers_at(st(s)) == {3: 4, 7: 4} and st(s)["keeper_supply"] == 7


def test_I10_any_free_corner_with_no_starting_corner_taken_then_its_edge_neighbours():
    """I-10 (LoR 15.3.3): at (Vagabond, Keepers, Wyrm) no corner is anyone's: any of the four; from
    corner 1 the map-edge clearings beside it are 5 and 9 (10 is inland)."""
    s = _setup_until((VAGABOND, KEEPERS, WYRM), lambda s: s.step == "keepers_setup")
    assert {x + 1 for x in kinds(s, "ki_setup")} == {1, 2, 3, 4}
    played(s, ki_setup(1))
    assert {x + 1 for x in kinds(s, "ki_setup")} == {5, 9}


def test_I11_I_C10_the_remaining_relics_as_evenly_as_possible_in_forests_away_from_the_keepers():
    """I-11 (LoR 15.3.4; I-C10): the five remaining relics go to forests not adjacent to a clearing
    with Keeper warriors (Keepers in corner 3 and edge 7: forests 4_7_8_12, 3_7_11_12 and 3_6_11
    are out), each to one of the eligible forests holding the fewest so far, uniformly, its type
    drawn from those left: four eligible forests get 2, 2, 2 and 3 relics, the others keep one."""
    def edge7(s):
        if s.step == "keepers_setup":
            return ki_setup(3) if not st(s)["keepers"][2] else ki_setup(7)
        return None
    s = _setup_until((MARQUISE, KEEPERS, WYRM), lambda s: s.step == "relic_setup" and st(s)["keepers"][6] == 4,
                     choose=edge7)
    eligible = [0, 1, 2, 3]
    rng = np.random.default_rng(4)
    for k in range(5):
        d = st(s)
        counts = _forest_counts(d)
        least = min(counts[f] for f in eligible)
        fewest = [f for f in eligible if counts[f] == least]
        left = sum(_unplaced(d, t) for t in range(3))
        assert outcomes(s) == {("ki_relic", f * 3 + t): pytest.approx(_unplaced(d, t) / left / len(fewest))
                               for f in fewest for t in range(3) if _unplaced(d, t)}
        outs = s.chance_outcomes()
        s.apply(outs[rng.integers(len(outs))][0])
    d = st(s)
    assert sorted(_forest_counts(d)[f] for f in eligible) == [2, 2, 2, 3]
    assert [_forest_counts(d)[f] for f in (4, 5, 6)] == [1, 1, 1]
    assert all(_unplaced(d, t) == 0 for t in range(3)) and d["relic_value"] == [0] * 12
    assert s.step != "relic_setup"


def test_I11_I_C10_no_eligible_forest_then_every_forest():
    """I-11 (LoR 15.3.4; I-C10): with Keeper warriors beside every forest (a position at the setup's
    last relics: Keepers in 1, 3 and 12), the remaining relics may go to any forest (those with the
    fewest first)."""
    s = _setup_until((MARQUISE, KEEPERS, WYRM), lambda s: s.step == "relic_setup" and sum(st(s)["keepers"]) == 8)
    d = st(s)
    d["keepers"] = [0] * NCL
    d["keepers"][0], d["keepers"][2], d["keepers"][11] = 4, 4, 4
    d["keeper_supply"] = 3
    s2 = _core.State.from_dict(d)
    assert {x // 3 for k, x in outcomes(s2) if k == "ki_relic"} == set(range(len(FORESTS)))


# ---- I-14..I-17 (traps I-T10, I-C9, I-C11): Birdsong (LoR 15.4) ---------------------------------------

def test_I14_birdsong_in_order_encamp_decamp_recruit():
    """I-14 (LoR 15.4): Encamp first (only Encamps offered), then Decamp, then Recruit, then Daylight."""
    s = turn(keepers={9: 1}, waystations={0: (5, 0)}, hands={KI: ["R#bakesale"]})
    assert s.step == "keepers_birdsong"
    assert {kind_of(a)[0] for a in s.legal_actions()} == {"pass", "encamp"}
    played(s, PASS)
    assert {kind_of(a)[0] for a in s.legal_actions()} == {"pass", "decamp"}
    played(s, PASS)
    assert {kind_of(a)[0] for a in s.legal_actions()} == {"pass", "ki_recruit"}
    played(s, PASS)
    assert s.step == "keepers_daylight"


def test_I15_I_C9_encamp_replaces_a_warrior_once_per_clearing_any_waystation_either_face():
    """I-15 (LoR 15.4.1; I-C9): each clearing with a Keeper warrior and an open slot may Encamp once:
    any waystation from the board, either face up; the warrior goes to the supply. A second Encamp in
    the same clearing is not offered (a warrior and a slot left), one in another clearing is."""
    s = turn(keepers={5: 2, 9: 1})
    offered = {(x // 6 + 1, x // 2 % 3, x % 2) for x in kinds(s, "encamp")}
    assert offered == {(c, w, f) for c in (5, 9) for w in range(3) for f in range(2)}
    ev = played(s, encamp(5, 1, 1))
    d = st(s)
    assert keepers_at(d) == {5: 1, 9: 1} and d["keeper_supply"] == 13
    assert waystations_of(d) == {1: (5, JEWELRY)} and d["waystations"][4] == 1
    assert [(e[2], e[3], e[4]) for e in events_of(ev, "encamp")] == [(4, 1, 1)]
    offered = {(x // 6 + 1, x // 2 % 3, x % 2) for x in kinds(s, "encamp")}
    assert {c for c, _, _ in offered} == {9} and {w for _, w, _ in offered} == {0, 2}


def test_I15_encamp_needs_an_open_slot_and_a_keeper_warrior():
    """I-15 (LoR 15.4.1): no Encamp where every slot is taken (a sawmill fills 4's one slot) nor where
    no Keeper warrior stands."""
    s = turn(keepers={4: 2, 8: 1}, buildings={4: (1, 0, 0)})
    assert {x // 6 + 1 for x in kinds(s, "encamp")} == {8}


def test_I15_trapT10_no_keepers_on_the_map_one_waystation_and_one_warrior_on_the_map_edge():
    """I-15 (LoR 15.4.1; trap I-T10): with no Keeper warrior and no waystation on the map, Encamp
    instead places one waystation and ONE warrior in a map-edge clearing with an open slot (not
    inland 10, 11, 12; not the Keep's 1); once, then Decamp."""
    s = turn(keepers={})
    offered = {x // 6 + 1 for x in kinds(s, "encamp")}
    assert offered == set(EDGE) - {1}
    ev = played(s, encamp(9, 2, 0))
    d = st(s)
    assert keepers_at(d) == {9: 1} and d["keeper_supply"] == 14
    assert waystations_of(d) == {2: (9, JEWELRY)}
    assert [e[5] for e in events_of(ev, "encamp")] == [1]
    assert not kinds(s, "encamp")


def test_I15_a_waystation_alone_is_no_reinforcement():
    """I-15 (LoR 15.4.1): a waystation on the map (no warrior): no reinforcement and no Encamp."""
    s = turn(keepers={}, waystations={0: (5, 0)}, hands={KI: ["R#bakesale"]})
    assert not kinds(s, "encamp")


def test_I16_decamp_replaces_a_waystation_with_a_warrior_once_per_clearing():
    """I-16 (LoR 15.4.2): Decamp offers each waystation on the map; the waystation returns to the
    board and a warrior takes its place; a second waystation in that clearing may not Decamp."""
    s = turn(keepers={}, waystations={0: (5, 0), 1: (5, 1)})
    assert s.step == "keepers_birdsong" and not kinds(s, "encamp")
    assert {(x // 3 + 1, x % 3) for x in kinds(s, "decamp")} == {(5, 0), (5, 1)}
    played(s, decamp(5, 1))
    d = st(s)
    assert waystations_of(d) == {0: (5, FIGURE)} and keepers_at(d) == {5: 1} and d["keeper_supply"] == 14
    assert not kinds(s, "decamp")


def test_I_C9_an_encamp_and_a_decamp_in_one_clearing():
    """I-C9 (LoR 15.4.1-2): once per clearing for Encamp and once for Decamp, each step on its own:
    the waystation just placed in 9 may Decamp."""
    s = turn(keepers={9: 2})
    played(s, encamp(9, 0, 0))
    assert kinds(s, "decamp") == [(9 - 1) * 3 + 0]          # no other Encamp: on to Decamp
    played(s, decamp(9, 0))
    assert keepers_at(st(s)) == {9: 2} and waystations_of(st(s)) == {}


def test_I17_I_C11_recruit_two_warriors_at_a_waystation_of_the_cards_suit_any_number_of_times():
    """I-17 (LoR 15.4.3; I-C11): spend a card to place two warriors at a waystation in a matching
    clearing (a bird card: any), any number of times; a mouse card matches no rabbit waystation."""
    s = to_recruit(turn(keepers={}, waystations={0: (5, 0)}, hands={KI: ["R#bakesale", "M#sword", "B#crossbow"]}))
    assert s.step == "keepers_birdsong"
    assert set(kinds(s, "ki_recruit")) == {cid("R#bakesale") * NCL + 4, cid("B#crossbow") * NCL + 4}
    played(s, ki_recruit("R#bakesale", 5))
    assert keepers_at(st(s)) == {5: 2} and st(s)["hand_size"][KI] == 2
    played(s, ki_recruit("B#crossbow", 5))
    d = st(s)
    assert keepers_at(d) == {5: 4} and d["discard"][cid("R#bakesale")] == 1 and d["hand_size"][KI] == 1


def test_I_C11_recruit_short_of_warriors_places_the_most_possible():
    """I-C11 (LoR 15.4.3, 1.5.4): one warrior left in the supply: a Recruit places it."""
    s = to_recruit(turn(keepers={9: 14}, waystations={0: (5, 0)}, hands={KI: ["R#bakesale"]}))
    played(s, ki_recruit("R#bakesale", 5))
    d = st(s)
    assert keepers_at(d)[5] == 1 and d["keeper_supply"] == 0


# ---- I-4, I-18, I-19 (I-C12, I-C18, trap I-T12): Daylight and the Retinue (LoR 15.5) ---------------

def test_I4_I18_craft_in_daylight_with_waystations_of_either_face_before_the_retinue():
    """I-4 (LoR 15.2.3), I-18 (15.5): the Keepers craft in Daylight by activating waystations, either
    face up (Anvil needs a fox: a waystation in 8); not in Birdsong; once a Retinue action is taken,
    crafting is over."""
    for face in (0, 1):
        s = day(keepers={8: 2}, waystations={0: (8, face)}, hands={KI: ["F#anvil"]},
                retinue=[("F#roottea", 0)])
        assert craft("F#anvil") in s.legal_actions()
    s = day(keepers={8: 2}, waystations={0: (9, 0)}, hands={KI: ["F#anvil"]}, retinue=[("F#roottea", 0)])
    assert craft("F#anvil") not in s.legal_actions()          # no waystation in a fox clearing
    s = day(keepers={8: 2}, waystations={0: (8, 0)}, hands={KI: ["F#anvil"]}, retinue=[("F#roottea", 0)])
    played(s, move(8, 4, 1))
    assert craft("F#anvil") not in s.legal_actions()
    b = turn(keepers={8: 2, 9: 1}, waystations={0: (8, 0)}, hands={KI: ["F#anvil"]})
    assert b.step == "keepers_birdsong" and craft("F#anvil") not in b.legal_actions()


def test_I19_I20_a_move_card_moves_from_a_clearing_of_its_suit_once():
    """I-19 (LoR 15.5.2), I-20 (15.5.2.I): a fox card in the Move column moves from a fox clearing
    (8), not from rabbit 4; once: afterwards no move is offered; pass goes on to the next column."""
    s = day(keepers={8: 2, 4: 2}, retinue=[("F#roottea", 0)])
    assert {a for a, _, _ in moves_of(s)} == {8}
    played(s, move(8, 7, 1))
    assert not moves_of(s) and st(s)["ki_column"] == 0
    played(s, PASS)
    assert st(s)["ki_column"] == 1


def test_I19_a_bird_card_or_retainer_acts_in_any_clearing_each_card_once():
    """I-19 (LoR 15.5.2; I-C7): a bird card or a Faithful Retainer (a bird card) picks any clearing;
    two cards in the column: two moves, then none."""
    s = day(keepers={8: 2, 4: 2}, retinue=[("B#crossbow", 0), ("retainer", 0)])
    assert {a for a, _, _ in moves_of(s)} == {4, 8}
    played(s, move(4, 9, 1))
    played(s, move(8, 7, 1))
    assert not moves_of(s) and used_slots(st(s)) == {0, 1}


def test_I20_the_move_needs_rule_at_either_end():
    """I-20 (LoR 15.5.2.I, 4.2.1): from 8, where the Marquise rules, to 7 and 4, which she rules too:
    no move; with the Keepers ruling 4 the move 8 -> 4 is offered."""
    s = day(keepers={8: 1}, warriors={1: 1, 8: 2, 4: 2, 7: 2}, retinue=[("F#roottea", 0)])
    assert not moves_of(s)
    s = day(keepers={8: 1, 4: 3}, warriors={1: 1, 8: 2, 4: 2, 7: 2}, retinue=[("F#roottea", 0)])
    assert {(a, b) for a, b, _ in moves_of(s)} == {(8, 4)}


def test_I_C18_the_card_used_is_chosen_by_rule_suit_then_retainer_then_bird():
    """I-C18 (LoR 15.5.2; §7 as built): the action names the clearing; the card it uses is one of the
    clearing's suit, else a Faithful Retainer, else a bird card: a fox move uses the fox card (slot 1),
    then a rabbit move the Retainer (slot 2), then the bird (slot 0)."""
    s = day(keepers={8: 3, 4: 3}, retinue=[("B#crossbow", 0), ("F#roottea", 0), ("retainer", 0)])
    played(s, move(4, 9, 1))
    assert used_slots(st(s)) == {2}
    played(s, move(8, 7, 1))
    assert used_slots(st(s)) == {1, 2}
    played(s, move(4, 9, 1))
    assert used_slots(st(s)) == {0, 1, 2}
    assert not moves_of(s)


def test_I28_trapT12_the_retinue_is_no_decree_each_action_optional_cards_stay():
    """I-28 (LoR 15.5.2; trap I-T12): a card whose action the Keepers skip (or cannot take: no warrior
    in a fox clearing) stays in its column: no Turmoil, nothing discarded; the columns end by pass."""
    s = day(keepers={4: 2}, retinue=[("F#roottea", 0), ("R#bakesale", 1), ("M#sword", 2)],
            hands={KI: []})
    before = retinue_of(st(s))
    for col in range(3):
        assert st(s)["ki_column"] == col
        played(s, PASS)
    d = st(s)
    assert retinue_of(d) == before and sum(d["discard"]) == sum(st(three_table())["discard"])


def test_I_C12_a_card_discarded_by_a_check_leaves_at_once():
    """I-C12 (LoR 15.5.2): a rabbit card whose delve check fails leaves the Retinue at once; the other
    rabbit card of the column may still act (another delve)."""
    s = day(1, keepers={4: 2}, relics={0: ("4_9_12", 3), 4: ("4_9_12", 1)},
            retinue=[("R#bakesale", 1), ("R#roottea", 1)])
    played(s, delve_at(4))
    played(s, delve(0))
    d = st(s)
    assert s.step == "keepers_daylight" and retinue_of(d)[1] == ["R#roottea"]
    assert d["discard"][cid("R#bakesale")] == 1
    assert delve_at(4) in s.legal_actions()


# ---- I-21..I-23 (traps I-T2, I-T5; I-C4, I-C5): Battle then Delve (LoR 15.5.2.II) -----------------------

def test_I21_I_C4_battle_due_where_an_enemy_is_no_delve_without_it():
    """I-21 (LoR 15.5.2.II; I-C4, I-C5): in the Battle then Delve column a rabbit card offers a battle
    in 4 (a Marquise warrior and a Keeper warrior there: the battle is due, no delve instead), a
    delve in 5 (no enemy there); none in 3, where the enemy stands with no Keeper warrior."""
    s = day(1, keepers={4: 3, 5: 1}, warriors={1: 1, 4: 1, 3: 1}, relics={0: ("4_9_12", 1), 4: ("1_2_5_10", 1)},
            retinue=[("R#bakesale", 1)])
    assert battles_of(s) == {(4, CAT)}
    assert set(kinds(s, "delve_at")) == {5 - 1}


def test_I21_trapT5_I_C5_no_rule_needed_to_battle_the_defender_picked():
    """I-21 (LoR 15.5.2.II; trap I-T5; I-C5): one Keeper warrior against three Marquise warriors and a
    wyrmling in 5, which the Keepers do not rule: a battle is offered, against either enemy."""
    s = day(1, keepers={5: 1}, warriors={1: 1, 5: 3}, wyrmlings={2: 1, 5: 1}, retinue=[("R#bakesale", 1)])
    assert battles_of(s) == {(5, CAT), (5, WY)}
    assert not kinds(s, "delve_at")


def test_I21_I22_after_the_battle_a_delve_if_they_rule_with_a_warrior():
    """I-21 (LoR 15.5.2.II), I-22 (15.5.2.II.a): the battle won (the Marquise's warrior in 4 removed),
    the Keepers rule 4 with warriors there: they may delve a relic of a forest beside 4, face up into
    4; lost (their warriors gone), no delve."""
    s = day(1, keepers={4: 3, 9: 1}, warriors={1: 1, 4: 1}, relics={0: ("4_9_12", 2)},
            retinue=[("R#bakesale", 1)])
    played(s, battle(4, CAT))
    drive_battle(s, "delve", roll=(1, 0))
    assert set(kinds(s, "delve")) == {0} and PASS in s.legal_actions()
    played(s, delve(0))
    d = st(s)
    assert relics_of(d)[0] == (4, 2) and d["relics"][3] == 1
    s = day(1, keepers={4: 1}, warriors={1: 1, 4: 3}, relics={0: ("4_9_12", 2)}, retinue=[("R#bakesale", 1)])
    played(s, battle(4, CAT))
    drive_battle(s, "keepers_daylight", roll=(2, 1))
    assert st(s)["keepers"][3] == 0 and relics_of(st(s))[0] == ("4_9_12", 2)


def test_I22_the_delve_offers_relics_of_the_forests_beside_the_clearing():
    """I-22 (LoR 15.5.2.II.a): from 4 the relics of forests 4_9_12 and 4_7_8_12 (one action for
    identical face-down relics of a type in a forest), not those of 1_2_5_10."""
    s = day(1, keepers={4: 2}, rest="1_2_5_10",
            relics={0: ("4_9_12", 0), 1: ("4_9_12", 0), 4: ("4_7_8_12", 0), 8: ("4_7_8_12", 3)},
            retinue=[("R#bakesale", 1)])
    played(s, delve_at(4))
    assert s.step == "delve" and set(kinds(s, "delve")) == {0, 4, 8}


def test_I22_I_C1_a_face_down_relic_is_flipped_its_value_drawn_from_its_types_values_not_up():
    """I-22 (LoR 15.5.2.II.a; I-C1, I-T1): a face-down figure delved into 4 is flipped: a chance step
    draws its value uniformly from the figures' values not face up nor recovered, each copy equally
    likely (none: 1, 2, 3, 3 -> 1/4, 1/4, 1/2; the 2 up: 1/3, 0, 2/3; a 3 up (a trophy in a forest)
    and the 1 recovered: 2 or 3, 1/2 each; 1, 2 and a 3 up: 3 surely)."""
    cases = [({}, {1: 0.25, 2: 0.25, 3: 0.5}),
             ({3: (9, 2)}, {1: 1 / 3, 3: 2 / 3}),
             ({1: ("1_2_5_10", 3), 2: ("recovered", 1)}, {2: 0.5, 3: 0.5}),
             ({1: (9, 1), 2: ("recovered", 2), 3: ("3_6_11", 3)}, {3: 1.0})]
    for extra, want in cases:
        s = day(1, keepers={4: 2}, relics={0: ("4_9_12", 0), **extra}, retinue=[("R#bakesale", 1)])
        played(s, delve_at(4))
        ev = played(s, delve(0))
        assert s.step == "relic_value" and s.current_player == _core.CHANCE
        assert relics_of(st(s))[0] == (4, 0)
        assert values_drawn(s) == want
        assert [(e[2], e[3]) for e in events_of(ev, "delve")] == [(3, 0)]
        v = max(want)
        ev = s.apply_logged(relic_value(v))
        assert relics_of(st(s))[0] == (4, v) and [e[4] for e in events_of(ev, "relic_value")] == [v]


@pytest.mark.parametrize("ruled, value, kept", [({4: 2}, 1, True), ({4: 2}, 2, False), ({4: 2, 9: 1}, 2, True),
                                                ({4: 2, 9: 1}, 3, False), ({4: 2, 9: 1, 12: 1}, 3, True)])
def test_I23_the_delve_check_counts_ruled_clearings_around_the_forest(ruled, value, kept):
    """I-23 (LoR 15.5.2.II.b): a relic of value v delved from 4_9_12: the card used is discarded when
    the Keepers rule fewer than v of 4, 9 and 12."""
    s = day(1, keepers=ruled, relics={0: ("4_9_12", value)}, retinue=[("R#bakesale", 1)])
    played(s, delve_at(4))
    played(s, delve(0))
    assert relics_of(st(s))[0] == (4, value)
    assert (retinue_of(st(s))[1] == ["R#bakesale"]) == kept


def test_I23_trapT2_the_delve_check_is_by_the_forest_not_the_suit():
    """I-23 (LoR 15.5.2.II.b; trap I-T2): ruling the rabbit clearings 3, 4, 5 and 10 does not pass the
    check of a 2 delved into 4 from 4_9_12 (only 4 is beside it); ruling 4 and mouse 9 does. The
    public facts give the number the check compares (ruled clearings around each forest)."""
    s = day(1, keepers={3: 1, 4: 2, 5: 1, 10: 1}, relics={0: ("4_9_12", 2)}, retinue=[("R#bakesale", 1)])
    facts = _core.public_facts(s)["relic_checks"]
    assert facts["ruled_around_forest"][FORESTS.index("4_9_12")] == 1 and facts["ruled_of_suit"][1] == 4
    played(s, delve_at(4))
    played(s, delve(0))
    assert retinue_of(st(s))[1] == []
    s = day(1, keepers={4: 2, 9: 1}, relics={0: ("4_9_12", 2)}, retinue=[("R#bakesale", 1)])
    played(s, delve_at(4))
    played(s, delve(0))
    assert retinue_of(st(s))[1] == ["R#bakesale"]


def test_I23_the_check_after_a_drawn_value():
    """I-23 (LoR 15.5.2.II.b; I-C1): a face-down relic's check uses the value drawn at the flip: a 3
    with two ruled clearings around the forest discards the card, a 2 keeps it."""
    for v, kept in ((3, False), (2, True)):
        s = day(1, keepers={4: 2, 9: 1}, relics={0: ("4_9_12", 0)}, retinue=[("R#bakesale", 1)])
        played(s, delve_at(4))
        played(s, delve(0))
        s.apply(relic_value(v))
        assert s.step == "keepers_daylight" and (retinue_of(st(s))[1] == ["R#bakesale"]) == kept


def test_I_C7_trapT13_a_retainer_discarded_leaves_the_game():
    """I-C7 (LoR 15.5.2.II.b; trap I-T13): a Faithful Retainer discarded by a failed check is removed
    from the game: no card enters the discard pile and the card count holds (from_dict)."""
    s = day(1, keepers={4: 2}, relics={0: ("4_9_12", 3)}, retinue=[("retainer", 1)])
    before = list(st(s)["discard"])
    played(s, delve_at(4))
    ev = played(s, delve(0))
    d = st(s)
    assert retinue_of(d) == [[], [], []] and d["discard"] == before
    assert [(e[3], e[4]) for e in events_of(ev, "retinue")] == [(NCT, -1)]
    assert _core.State.from_dict(d) == s


# ---- I-24..I-27 (traps I-T3, I-T4, I-T11; I-C15): Move or Recover (LoR 15.5.2.III) ---------------------

def _recover_day(**kw):
    kw.setdefault("retinue", [("R#bakesale", 2)])
    return day(2, **kw)


def test_I24_move_or_recover_offers_moves_and_recoveries():
    """I-24 (LoR 15.5.2.III): the third column's rabbit card may move from a rabbit clearing (5, not
    fox 8) or recover there; a move uses the card (no recovery after it)."""
    s = _recover_day(keepers={5: 2, 8: 2}, waystations={0: (5, 0)}, relics={0: (5, 1)})
    assert {a for a, _, _ in moves_of(s)} == {5} and set(kinds(s, "recover")) == {0}
    played(s, move(5, 1, 1))
    assert not kinds(s, "recover") and not moves_of(s)


def test_I25_trapT4_recover_only_a_relic_matching_a_waystations_face_up_side():
    """I-25 (LoR 15.5.2.III.a; trap I-T4): waystation 0 showing tablet in 5: the tablet there may be
    recovered, the figure not; face up figure: the figure."""
    s = _recover_day(keepers={5: 2}, waystations={0: (5, "tablet")}, relics={0: (5, 1), 4: (5, 1)})
    assert set(kinds(s, "recover")) == {4}
    s = _recover_day(keepers={5: 2}, waystations={0: (5, "figure")}, relics={0: (5, 1), 4: (5, 1)})
    assert set(kinds(s, "recover")) == {0}
    s = _recover_day(keepers={5: 2, 9: 1}, waystations={0: (9, "figure")}, relics={0: (5, 1)})
    assert not kinds(s, "recover")


def test_I25_trapT11_recover_needs_neither_rule_nor_a_warrior():
    """I-25 (LoR 15.5.2.III; trap I-T11): a waystation and a relic in 5, where the Marquise rules
    with three warriors and no Keeper warrior stands: the recovery is offered."""
    s = _recover_day(keepers={4: 1}, warriors={1: 1, 5: 3}, waystations={0: (5, 0)}, relics={0: (5, 1)})
    assert set(kinds(s, "recover")) == {0}


def test_I25_I26_recover_to_the_track_scoring_its_value():
    """I-25 (LoR 15.5.2.III.a), I-26 (III.b): the relic goes to the Relics track and the Keepers score
    its value (no column filled: no bonus)."""
    s = _recover_day(keepers={5: 2, 4: 1}, waystations={0: (5, 0)}, relics={0: (5, 2)})
    before = st(s)["score"][KI]
    ev = played(s, recover(0))
    d = st(s)
    assert relics_of(d)[0] == ("recovered", 2) and d["relics"][4] == 0
    assert d["score"][KI] - before == 2
    assert [e[4] for e in events_of(ev, "vp") if e[1] == KI] == [2]


def test_I26_filling_a_relics_column_scores_two_more():
    """I-26 (LoR 15.5.2.III.b): a tablet and a jewelry recovered, the first figure fills the first
    column: its value + 2 VP; a second figure with one tablet and one jewelry fills none."""
    s = _recover_day(keepers={5: 2, 4: 1}, waystations={0: (5, 0)},
                     relics={0: (5, 1), 4: ("recovered", 1), 8: ("recovered", 2)})
    before = st(s)["score"][KI]
    ev = played(s, recover(0))
    assert st(s)["score"][KI] - before == 1 + 2
    assert [(e[3], e[4]) for e in events_of(ev, "vp") if e[1] == KI] == [(VP["recover"], 1), (VP["relic_set"], 2)]
    s = _recover_day(keepers={5: 2, 4: 1}, waystations={0: (5, 0)},
                     relics={0: (5, 1), 1: ("recovered", 2), 4: ("recovered", 1), 8: ("recovered", 2)})
    before = st(s)["score"][KI]
    played(s, recover(0))
    assert st(s)["score"][KI] - before == 1


def test_I27_trapT3_the_recovery_check_by_the_clearings_suit_then_another_relic():
    """I-27 (LoR 15.5.2.III.c; trap I-T3): a 2 recovered in rabbit 5 with the Keepers ruling rabbit 4
    too: the check passes, another figure there may follow (or stop); the card stays."""
    s = _recover_day(keepers={5: 2, 4: 1}, waystations={0: (5, 0)}, relics={0: (5, 2), 1: (5, 1)})
    played(s, recover(0))
    assert s.step == "recover" and set(kinds(s, "recover")) == {1} and PASS in s.legal_actions()
    played(s, recover(1))
    d = st(s)
    assert s.step == "keepers_daylight" and retinue_of(d)[2] == ["R#bakesale"]
    assert relics_of(d)[1] == ("recovered", 1)


def test_I27_trapT3_a_failed_recovery_check_ends_it_and_discards_the_card():
    """I-27 (LoR 15.5.2.III.c; trap I-T3): a 2 recovered in rabbit 5 with 5 the only rabbit clearing
    the Keepers rule (they rule mouse 2 too: two ruled clearings around forest 1_2_5_10, which does
    not count): the Recover ends, the card is discarded, the other figure stays; the 2 scored."""
    s = _recover_day(keepers={5: 2, 2: 4}, wyrmlings={}, pawn="3_6_11", waystations={0: (5, 0)},
                     relics={0: (5, 2), 1: (5, 1)})
    facts = _core.public_facts(s)["relic_checks"]
    assert facts["ruled_of_suit"][1] == 1 and facts["ruled_around_forest"][0] == 2
    assert sorted(facts["recoverable"]) == [[0, 4], [1, 4]]
    before = st(s)["score"][KI]
    played(s, recover(0))
    d = st(s)
    assert s.step == "keepers_daylight" and retinue_of(d)[2] == [] and d["discard"][cid("R#bakesale")] == 1
    assert relics_of(d)[1] == (5, 1) and not kinds(s, "recover") and d["score"][KI] - before == 2


def test_I_C15_recovering_is_no_removal_no_prized_trophies():
    """I-C15 (LoR 15.2.5): a recovery takes the relic to the track: no trophy step, nobody else
    scores."""
    s = _recover_day(keepers={5: 2, 4: 1}, waystations={0: (5, 0)}, relics={0: (5, 1)})
    others = [st(s)["score"][CAT], st(s)["score"][WY]]
    played(s, recover(0))
    assert s.step in ("recover", "keepers_daylight")
    assert [st(s)["score"][CAT], st(s)["score"][WY]] == others and relics_of(st(s))[0][0] == "recovered"


# ---- I-5 (trap I-T6, I-C6, W-MP-34): Devout Knights in battle (LoR 15.2.4) -------------------------

@pytest.mark.parametrize("relic, left", [(True, 1), (False, 0)])
def test_I5_trapT6_defending_with_a_relic_and_a_warrior_the_first_hit_ignored(relic, left):
    """I-5 (LoR 15.2.4; trap I-T6): the Marquise attacks two Keeper warriors in 5 and rolls two hits:
    with a relic there the first is ignored (one warrior left), without it both warriors fall."""
    relics = {0: (5, 1)} if relic else {}
    s = cat_day(keepers={5: 2}, warriors={1: 1, 5: 3}, relics=relics)
    played(s, battle(5, KI))
    drive_battle(s, "marquise_daylight", roll=(2, 0))
    d = st(s)
    assert d["keepers"][4] == left
    if relic:
        assert relics_of(d)[0] == (5, 1)


@pytest.mark.parametrize("relic, left", [(True, 3), (False, 2)])
def test_I5_attacking_the_first_hit_ignored(relic, left):
    """I-5 (LoR 15.2.4: "attacking or defending"): the Keepers attack three Marquise warriors in 4 with
    three warriors, roll 1-1: with a relic in 4 the Marquise's hit is ignored."""
    relics = {0: (4, 1)} if relic else {}
    s = day(1, keepers={4: 3}, warriors={1: 1, 4: 3}, relics=relics, retinue=[("R#bakesale", 1)])
    played(s, battle(4, CAT))
    drive_battle(s, "keepers_daylight", roll=(1, 1))
    assert st(s)["keepers"][3] == left


def test_I5_trapT6_only_the_first_hit():
    """I-5 (LoR 15.2.4; trap I-T6): three hits on three Keeper warriors beside a relic: one ignored,
    two warriors lost."""
    s = cat_day(keepers={5: 3}, warriors={1: 1, 5: 3}, relics={0: (5, 1)})
    played(s, battle(5, KI))
    drive_battle(s, "marquise_daylight", roll=(3, 0))
    assert st(s)["keepers"][4] == 1


def test_I5_trapT6_a_relic_without_a_keeper_warrior_ignores_nothing():
    """I-5 (LoR 15.2.4; trap I-T6): a waystation and a relic in 5 but no Keeper warrior: two hits (one
    rolled, one for the defenseless Keepers) take both (the Marquise scores 1 VP each and 1 more for
    the relic), no hit ignored."""
    s = cat_day(keepers={}, warriors={1: 1, 5: 3}, waystations={0: (5, 0)}, relics={0: (5, 1)})
    before = st(s)["score"][CAT]
    played(s, battle(5, KI))
    drive_battle(s, "trophy", roll=(1, 0))
    played(s, trophy(0))
    d = st(s)
    assert waystations_of(d) == {} and d["relics"][4] == 0 and d["score"][CAT] - before == 3


def test_I5_I_C6_ambushed_one_of_the_ambushs_hits_ignored_and_no_more():
    """I-5 (LoR 15.2.4; I-C6): the Keepers attack in 4 with three warriors beside a relic; the
    Marquise ambushes (two hits): one is ignored, one warrior lost; the roll's hit then takes another
    (one left)."""
    s = day(1, keepers={4: 3}, warriors={1: 1, 4: 2}, relics={0: (4, 1)}, hands={CAT: ["B#ambush"]},
            retinue=[("R#bakesale", 1)])
    played(s, battle(4, CAT))
    assert s.step == "battle_ambush"
    drive_battle(s, "keepers_daylight", ambush="B#ambush", roll=(1, 1))
    assert st(s)["keepers"][3] == 1


def test_W_MP_34_a_wyrm_hit_devout_knights_ignore_does_not_count_for_ravenous():
    """W-MP-34 (LoR 15.2.4; W-RAV-1): the Wyrm attacks two Keeper warriors beside a relic in 5, roll
    1-1: its rolled hit is ignored, so Ravenous ignores none of the Keepers' hit: a wyrmling is lost;
    without the relic its hit lands and Ravenous cancels the Keepers' hit."""
    for relic, wyrmlings, keepers in ((True, 1, 2), (False, 2, 1)):
        s = wyrm_day(keepers={5: 2}, relics={0: (5, 1)} if relic else {}, wyrmlings={5: 2}, pawn=5)
        played(s, battle(5, KI))
        drive_battle(s, "wyrm_daylight", roll=(1, 1), hits=(remove("wyrmling", 5),))
        d = st(s)
        assert (d["wyrmlings"][4], d["keepers"][4]) == (wyrmlings, keepers), relic


# ---- I-6 (I-C3, W-MP-36): relics moving with warriors (LoR 15.2.4) ---------------------------------------

def test_I6_I_C3_one_relic_with_each_moving_warrior_the_keepers_choose():
    """I-6 (LoR 15.2.4; I-C3): after a move of one Keeper warrior from 4 to 9 (a bird card), the
    Keepers may take one relic of 4 along (a reaction): any of the three, or none."""
    s = day(keepers={4: 2}, relics={0: (4, 1), 4: (4, 2), 8: (4, 3)}, retinue=[("B#crossbow", 0)])
    ev = played(s, move(4, 9, 1))
    assert s.step == "carry" and s.current_player == KI
    assert set(kinds(s, "carry")) == {0, 4, 8} and PASS in s.legal_actions()
    ev = played(s, carry(4))
    d = st(s)
    assert s.step == "keepers_daylight" and relics_of(d)[4] == (9, 2)
    assert d["relics"][3] == 2 and d["relics"][8] == 1
    assert [(e[2], e[3], e[5]) for e in events_of(ev, "carry")] == [(8, 4, 3)]


def test_I6_two_warriors_two_relics_pass_keeps_them():
    """I-6 (LoR 15.2.4): two warriors moved: up to two relics go along; pass leaves the rest."""
    s = day(keepers={4: 3}, relics={0: (4, 1), 4: (4, 2), 8: (4, 3)}, retinue=[("B#crossbow", 0)])
    played(s, move(4, 9, 2))
    played(s, carry(0))
    assert s.step == "carry"
    played(s, carry(8))
    assert s.step == "keepers_daylight" and relics_at(st(s), 9) == {0, 8} and relics_at(st(s), 4) == {4}
    s = day(keepers={4: 3}, relics={0: (4, 1)}, retinue=[("B#crossbow", 0)])
    played(s, move(4, 9, 2))
    played(s, PASS)
    assert s.step == "keepers_daylight" and relics_at(st(s), 4) == {0}


def test_I6_no_relic_where_the_warriors_leave_no_question():
    """I-6 (LoR 15.2.4): a move from a clearing without relics asks nothing."""
    s = day(keepers={4: 3, 8: 1}, relics={0: (8, 1)}, retinue=[("B#crossbow", 0)])
    played(s, move(4, 9, 2))
    assert s.step == "keepers_daylight" and relics_at(st(s), 8) == {0}


def test_I_C3_no_carry_with_other_factions_warriors():
    """I-C3 (LoR 15.2.4): the Marquise moving out of 5, where relics lie, carries none and asks the
    Keepers nothing."""
    s = cat_day(keepers={}, warriors={1: 1, 5: 3}, waystations={0: (5, 0)}, relics={0: (5, 1)})
    played(s, move(5, 1, 2))
    assert s.step != "carry" and s.current_player == CAT and relics_at(st(s), 5) == {0}


def test_W_MP_36_terrorize_moves_a_keeper_warrior_a_relic_may_go_along():
    """W-MP-36 (LoR 15.2.4, 1.5.5; W-ACT-TERROR, W-MP-3): the Wyrm Terrorizes a Keeper warrior from 5
    (scared) to 1, its choice of destination; the Keepers, off their turn, may carry a relic along
    (they choose which), then the Wyrm's turn goes on."""
    s = wyrm_day(keepers={5: 1}, relics={0: (5, 1), 4: (5, 3)}, fear={5: 1}, wyrmlings={5: 1}, pawn=5)
    assert terror(5, 1, KI) in s.legal_actions() and terror(5, 2, KI) in s.legal_actions()
    played(s, terror(5, 1, KI))
    assert s.step == "carry" and s.current_player == KI and set(kinds(s, "carry")) == {0, 4}
    played(s, carry(4))
    d = st(s)
    assert s.step == "wyrm_daylight" and s.current_player == WY
    assert keepers_at(d) == {1: 1} and relics_of(d)[4] == (1, 3) and relics_at(d, 5) == {0}


# ---- I-7 (trap I-T7, I-C2, I-C17, I-C19, W-MP-35): Prized Trophies (LoR 15.2.5) ---------------------------

def test_I7_trapT7_I_C17_a_removed_relic_face_up_to_the_removers_forest_one_more_vp():
    """I-7 (LoR 15.2.5, 3.2.1; trap I-T7; I-C17): the Marquise's three hits on one Keeper warrior and
    two relics in 5: the first ignored (Devout Knights), the warrior, then the relic of lowest value
    (the 1, not the 3); she places it face up in a forest of her choice and scores 1 + 1 VP."""
    s = cat_day(keepers={5: 1}, warriors={1: 1, 5: 3}, relics={0: (5, 3), 4: (5, 1)})
    before = st(s)["score"][CAT]
    played(s, battle(5, KI))
    drive_battle(s, "trophy", roll=(3, 0))
    assert s.current_player == CAT and set(kinds(s, "trophy")) == set(range(len(FORESTS)))
    assert relics_of(st(s))[4] == (("trophy", CAT), 1)
    ev = played(s, trophy("4_9_12"))
    d = st(s)
    assert relics_of(d)[4] == ("4_9_12", 1) and relics_of(d)[0] == (5, 3)
    assert d["score"][CAT] - before == 2
    assert [e[3] for e in events_of(ev, "vp") if e[1] == CAT] == [VP["trophy"]]


def test_I7_a_defender_removing_a_relic_on_the_keepers_turn_places_it():
    """I-7 (LoR 15.2.5: "whenever"): the Keepers attack three Marquise warriors in 4 with one warrior
    beside a relic; her three hits (roll 3-3) take the ignored first, the warrior, then the relic: she
    picks its forest on the Keepers' turn and scores 1 + 1 VP; then the Keepers' Daylight goes on."""
    s = day(1, keepers={4: 1}, warriors={1: 1, 4: 3}, relics={0: (4, 2)}, retinue=[("R#bakesale", 1)])
    before = st(s)["score"][CAT]
    played(s, battle(4, CAT))
    drive_battle(s, "trophy", roll=(3, 3))
    assert s.current_player == CAT and st(s)["turn"] == KI
    played(s, trophy("4_7_8_12"))
    d = st(s)
    assert s.step == "keepers_daylight" and relics_of(d)[0] == ("4_7_8_12", 2) and d["score"][CAT] - before == 2


def test_I7_the_wyrm_removing_a_relic_places_it_and_scores():
    """I-7 (LoR 15.2.5), W-MP-35: the Wyrm, an enemy, removes the relic beside no Keeper warrior in 5
    (one hit, the defenseless extra one): it places the relic in any forest and scores 2 VP."""
    s = wyrm_day(keepers={}, relics={0: (5, 3)}, waystations={0: (9, 0)}, wyrmlings={5: 2}, pawn=5)
    before = st(s)["score"][WY]
    played(s, battle(5, KI))
    drive_battle(s, "trophy", roll=(0, 0))
    assert s.current_player == WY
    played(s, trophy(6))
    assert relics_of(st(s))[0] == (FORESTS[6], 3) and st(s)["score"][WY] - before == 2


def test_I7_trapT7_a_vagabond_strike_on_a_relic_makes_it_his_trophy():
    """I-7 (LoR 15.2.5, 9.5.6; trap I-T7): the Vagabond's Strike in 5, where a relic lies with no Keeper
    warrior, removes the relic (no supply: it waits for him), he places it face up in a forest and
    scores 1 + 1 VP."""
    t0 = vagabond_table()
    vb = st(t0)["faction_seat"][VAGABOND]
    s = ki_position(t0, at=(vb, "vagabond_daylight"), keepers={}, relics={0: (5, 2)}, waystations={0: (9, 0)},
                    vb_at=5, vb_items={"crossbow": 1, "boots": 1}, **_base({}))
    npiece = len(_core.PIECE_NAMES)
    strikes = [x for x in kinds(s, "strike") if x // npiece == KI]
    assert [_core.PIECE_NAMES[x % npiece] for x in strikes] == ["relic"]
    before = st(s)["score"][vb]
    played(s, action("strike", strikes[0]))
    assert s.step == "trophy" and s.current_player == vb and relics_of(st(s))[0] == (("trophy", vb), 2)
    played(s, trophy(2))
    d = st(s)
    assert relics_of(d)[0] == (FORESTS[2], 2) and d["score"][vb] - before == 2 and s.step == "vagabond_daylight"


def test_I_C17_the_removal_takes_the_lowest_valued_relic():
    """I-C17 (§7 as built): of a 2, a 3 and a 1 (tablet) in 5 with no Keeper warrior, one hit (the
    defenseless Keepers': roll 0-0) takes the tablet of value 1."""
    s = cat_day(keepers={}, warriors={1: 1, 5: 3}, relics={0: (5, 2), 1: (5, 3), 4: (5, 1)})
    played(s, battle(5, KI))
    drive_battle(s, "trophy", roll=(0, 0))
    assert relics_of(st(s))[4] == (("trophy", CAT), 1) and relics_at(st(s), 5) == {0, 1}


def test_I7_a_favor_removes_relics_each_a_trophy():
    """I-7 (LoR 15.2.5, 3.2.1): Favor of the Rabbits removes the Keepers' warriors and both relics in
    rabbit 5: 1 VP each relic and 1 more each for Prized Trophies; each placed face up by the
    Marquise."""
    s = cat_day(keepers={5: 1}, warriors={1: 1}, relics={0: (5, 2), 4: (5, 1)},
                buildings={3: (0, 1, 0), 4: (0, 1, 0), 10: (0, 1, 0)}, hands={CAT: ["R#favoroftherabbits"]})
    before = st(s)["score"][CAT]
    played(s, craft("R#favoroftherabbits"))
    assert s.step == "trophy"
    played(s, trophy(0))
    assert s.step == "trophy"
    played(s, trophy(1))
    d = st(s)
    assert d["score"][CAT] - before == 4 and d["keepers"][4] == 0 and d["relics"][4] == 0
    assert {relics_of(d)[0][0], relics_of(d)[4][0]} == {FORESTS[0], FORESTS[1]}
    assert (relics_of(d)[0][1], relics_of(d)[4][1]) == (2, 1)


def test_W_MP_35_the_pawns_forest_takes_a_trophy_and_does_not_block_a_delve():
    """W-MP-35: the Wyrm's pawn in forest 4_9_12 beside a relic: the Keepers may still delve it into
    4; and a relic removed may be placed in the pawn's forest."""
    s = day(1, keepers={4: 2}, pawn="4_9_12", wyrmlings={}, relics={0: ("4_9_12", 1)},
            retinue=[("R#bakesale", 1)])
    played(s, delve_at(4))
    assert set(kinds(s, "delve")) == {0}
    played(s, delve(0))
    assert relics_of(st(s))[0] == (4, 1)
    s = cat_day(keepers={}, warriors={1: 1, 5: 3}, relics={0: (5, 1)}, pawn="4_9_12", wyrmlings={})
    played(s, battle(5, KI))
    drive_battle(s, "trophy", roll=(1, 0))
    played(s, trophy("4_9_12"))
    assert relics_of(st(s))[0] == ("4_9_12", 1)


def test_I_C2_a_face_down_relic_never_in_a_clearing():
    """I-C2 (LoR 15.2.5, 15.5.2.II.a): only a delve brings a relic into a clearing, face up: a
    position with a face-down relic in a clearing is impossible (so no removal ever takes one)."""
    with pytest.raises(Exception, match="impossible position"):
        day(keepers={5: 1}, relics={0: (5, 0)})


MECHANICAL = _core.FACTION_NAMES.index("mechanical-marquise")


@functools.lru_cache(maxsize=None)
def _mm_table():
    """(Mechanical Marquise, Keepers, Wyrm) after a real setup."""
    from lizard_positions import table
    return table((MECHANICAL, KEEPERS, WYRM))


def test_I_C19_a_bot_removing_a_relic_places_it_in_the_first_forest():
    """I-C19 (§7 as built; LoR 15.2.5): the Keepers attack the Mechanical Marquise (a bot: it never
    decides) in 5 with one warrior beside a relic; its three hits take the ignored first, the
    warrior, then the relic, which goes face up to the map's first forest (1_2_5_10) with no
    question asked; the bot scores 1 + 1 VP."""
    t = _mm_table()

    def mm(d):
        d["mm_warrior_supply"] += sum(d["mm_warriors"]) - 3
        d["mm_warriors"] = [0] * NCL
        d["mm_warriors"][4] = 3
    s = ki_day(t, KI, column=1, keepers={5: 1}, relics={0: (5, 2)}, retinue=[("R#bakesale", 1)], wyrmlings={2: 1},
               pawn=2, rest="3_6_11", edit=mm)
    before = st(s)["score"][0]
    played(s, battle(5, 0))
    drive_battle(s, "keepers_daylight", roll=(3, 3))
    d = st(s)
    assert relics_of(d)[0] == (FORESTS[0], 2) and d["keepers"][4] == 0
    assert d["score"][0] - before == 2


# ---- I-29..I-31 (traps I-T8, I-T9): Evening (LoR 15.6) --------------------------------------------------

def test_I29_trapT9_live_off_the_land_at_four_or_more():
    """I-29 (LoR 15.6.1; trap I-T9): at the Evening one warrior leaves each clearing with four or more
    (5 holds 4 -> 3, 4 holds 6 -> 5); three stay three (9)."""
    s = evening_from_day(three_table(), KI, **_base(dict(keepers={5: 4, 4: 6, 9: 3}, hands={KI: []},
                                                          retinue=[])))
    ev = played(s, PASS)
    d = st(s)
    assert keepers_at(d) == {5: 3, 4: 5, 9: 3}
    assert sorted(e[2] + 1 for e in events_of(ev, "remove") if e[5] == CAUSE["live_off_land"]) == [4, 5]


def test_I30_trapT8_add_any_number_of_cards_to_any_columns():
    """I-30 (LoR 15.6.2; trap I-T8): Gather Retinue offers every hand card for every column, and every
    card's shift; after an add, more adds but no shift."""
    s = eve(keepers={5: 1}, hands={KI: ["F#roottea", "R#bakesale", "M#sword"]})
    assert set(kinds(s, "retinue_add")) == {cid(t) * 3 + c for t in ("F#roottea", "R#bakesale", "M#sword")
                                            for c in range(3)}
    assert kinds(s, "retinue_shift")
    played(s, retinue_add("F#roottea", 2))
    assert not kinds(s, "retinue_shift") and kinds(s, "retinue_add")
    played(s, retinue_add("M#sword", 0))
    d = st(s)
    assert retinue_of(d) == [["retainer", "M#sword"], ["retainer"], ["retainer", "F#roottea"]]
    assert d["hand_size"][KI] == 1


def test_I30_trapT8_or_shift_one_card_then_nothing_more():
    """I-30 (LoR 15.6.2; trap I-T8): one shift (a Retainer from Move to Battle then Delve) and the
    Gather Retinue is over: no add, no second shift (the draw follows)."""
    s = eve(keepers={5: 1}, hands={KI: ["F#roottea"]})
    assert retinue_shift("retainer", 0, 1) in s.legal_actions()
    played(s, retinue_shift("retainer", 0, 1))
    d = st(s)
    assert retinue_of(d) == [[], ["retainer", "retainer"], ["retainer"]]
    assert s.step != "keepers_evening" and d["hand_size"][KI] == 1     # straight on to the draw


def test_I30_never_more_than_ten_cards():
    """I-30 (LoR 15.6.2): nine cards in the Retinue: one add, then none (a shift still offered with
    ten)."""
    nine = [("retainer", 0), ("retainer", 1), ("retainer", 2), ("F#roottea", 0), ("F#anvil", 0),
            ("R#bakesale", 1), ("R#roottea", 1), ("M#sword", 2), ("M#roottea", 2)]
    s = eve(keepers={5: 1}, retinue=nine, hands={KI: ["B#crossbow", "F#travelgear"]})
    played(s, retinue_add("B#crossbow", 1))
    assert not kinds(s, "retinue_add") and sum(1 for x in st(s)["retinue"] if x >= 0) == 10
    s = eve(keepers={5: 1}, retinue=nine + [("B#crossbow", 1)], hands={KI: ["F#travelgear"]})
    assert not kinds(s, "retinue_add") and kinds(s, "retinue_shift")


def test_I31_the_evening_draws_one_plus_one_per_waystation_on_the_map():
    """I-31 (LoR 15.6.3): two waystations on the map: the Keepers draw three cards."""
    s = evening_from_day(three_table(), KI, **_base(dict(keepers={5: 1}, waystations={0: (5, 0), 1: (9, 0)},
                                                          hands={KI: []}, retinue=[])))
    assert _core.evening_draws_of(s, KI) == 3
    played(s, PASS)
    settle(s)
    assert st(s)["hand_size"][KI] == 3


# ---- I-C8, I-C13, I-C14, I-C16, W-MP-37 --------------------------------------------------------------

def test_I_C8_the_retinue_is_public():
    """I-C8 (LoR 15.5.2): the Retinue is face up: every seat's determinization keeps its cards, while
    the Keepers' hand is redealt for the others."""
    s = day(keepers={5: 1}, retinue=[("F#roottea", 0), ("R#bakesale", 1)], hands={KI: ["M#sword", "M#roottea"]})
    hands = set()
    for seat in (CAT, WY):
        for seed in range(4):
            d = st(_core.determinized(s, seat, seed))
            assert retinue_of(d) == retinue_of(st(s))
            hands.add(tuple(d["hand"][KI]))
    assert len(hands) > 1


def test_I_C13_the_keepers_are_a_militant_draft_card_set_up_in_their_homeland_corner():
    """I-C13 (LoR 16.1.8, 15.3.3): the Keepers' card is a militant's; drafted, they set up four warriors
    in a corner (their homeland) and four in a map-edge clearing beside it."""
    assert KEEPERS in _core.DRAFT_MILITANT_FACTIONS
    drafted = 0
    for seed in range(6):
        s = _core.State(seed % 3, factions=(-1, -1, -1), setup_mode=_core.SETUP_NAMES.index("advanced"),
                        draft=(MARQUISE, KEEPERS, 2, WYRM))
        rng = np.random.default_rng(seed)
        while s.turn_number == 0:
            la = s.legal_actions()
            s.apply(s.sample_chance(int(rng.integers(1 << 62))) if s.is_chance_node() else la[rng.integers(len(la))])
        d = st(s)
        if KEEPERS in d["seat_faction"]:
            drafted += 1
            seat = d["seat_faction"].index(KEEPERS)
            at = keepers_at(d)
            corner = [c for c in (1, 2, 3, 4) if (d["homeland"][seat] >> (c - 1)) & 1]
            assert len(at) == 2 and set(at.values()) == {4} and len(corner) == 1 and corner[0] in at
            (edge,) = set(at) - {corner[0]}
            assert edge in EDGE
    assert drafted >= 2


@pytest.mark.skip(reason="I-C14: hirelings are not built (docs/hundreds-keepers.md §4)")
def test_I_C14_prized_trophies_by_a_hireling_nobody_scores():
    """I-C14 (LoR 15.2.5, 16.4.3.6): a relic a hireling removes goes face up to a forest its controller
    picks; nobody scores. Hirelings are not in the core yet."""


def test_I_C16_the_keepers_set_up_after_the_hundreds_the_wyrm_last():
    """I-C16 (LoR 5.1.7; DIGEST-M §8.1): at (Keepers, Hundreds, Wyrm) the Hundreds set up first, then
    the Keepers (relics, corner), then the Wyrm."""
    hundreds = _core.FACTION_NAMES.index("hundreds")
    s = _core.State(0, factions=(KEEPERS, hundreds, WYRM))
    order = []
    rng = np.random.default_rng(1)
    while s.turn_number == 0:
        if s.step not in order:
            order.append(s.step)
        s.apply(s.sample_chance(int(rng.integers(1 << 62))) if s.is_chance_node() else s.legal_actions()[0])
    mine = [x for x in order if x.startswith(("hundreds", "relic", "keepers", "wyrm"))]
    assert mine.index("hundreds_setup") < mine.index("relic_setup") < mine.index("wyrm_setup")
    assert mine.index("keepers_setup") < mine.index("wyrm_setup")


def _opponents_pieces(d, c):
    return (d["warriors"][c] + sum(b[c] for b in d["buildings"]) + (d["keep"] == c) + d["wood"][c]
            + d["keepers"][c] + d["waystations"][c] + d["relics"][c])


def test_W_MP_37_wyrm_setup_counts_pieces_in_clearings_never_relics_in_forests():
    """W-MP-37 (W-SET-2, W-MP-1): the Wyrm sets up after the Keepers, its pawn where the fewest
    opponents' pieces stand in a clearing (the Keepers' warriors counted; the relics in the forests
    around a clearing counted for none), never the Keep's. (Counting the forests' relics for the
    clearings around them would offer other clearings here.)"""
    s = _setup_until((MARQUISE, KEEPERS, WYRM), lambda s: s.step == "wyrm_setup")
    d = st(s)
    assert sum(d["keepers"]) == 8 and all(p in FORESTS for p, _ in relics_of(d).values())
    count = {c + 1: _opponents_pieces(d, c) for c in range(NCL) if c != d["keep"]}
    least = min(count.values())
    offered = {x + 1 for x in kinds(s, "pawn_to")}
    assert offered == {c for c, n in count.items() if n == least}
    around = [FOREST_CLEARINGS[at - NCL] for at in d["relic_at"]]
    wrong = {c: n + sum(1 for cs in around if c in cs) for c, n in count.items()}
    assert offered != {c for c, n in wrong.items() if n == min(wrong.values())}
