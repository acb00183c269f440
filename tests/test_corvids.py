"""The Corvid Conspiracy's rules (LoR 13), clause by clause: docs/duchy-corvids.md §5 (K-1..K-22),
the digest's traps (shared/reference/root-factions-corvid-marauder.md §2.6, "trap N" = K-TN) and the
contract's readings K-C1..K-C10. Each test names its clause(s) and Law number. The Wyrm's rulings
with the Corvids (W-MP-25..29) are in tests/test_wyrm_mp_corvids.py.

Seats: most positions are at the table (Marquise, Corvids, Wyrm): CAT 0, CV 1, WY 2. The Marquise's
Keep is in clearing 1 with one warrior; the Wyrm's pawn and one wyrmling stand in clearing 2 unless a
test says otherwise. Autumn: fox 1 6 8 12, rabbit 3 4 5 10, mouse 2 7 9 11."""
from __future__ import annotations

import numpy as np
import pytest

from wyrm_ai import _core

from corvid_positions import (CORVIDS, MARQUISE, NCL, PASS, PLOT, TABLE, WYRM, action, corvids_at, cv_bird, cv_day,
                              cv_eve, cv_position, cv_recruit, cv_setup, expose, flip, guess, kinds, played, plot,
                              plots_of, st, steal, three_table, trick)
from duchy_positions import drive_battle, remove
from lizard_positions import battle, cid, kind_of, move

CAT, CV, WY = 0, 1, 2
BASE = dict(keep=1, warriors={1: 1}, wyrmlings={2: 1}, pawn=2)
FOX, RABBIT, MOUSE, BIRD = 0, 1, 2, 3


def _base(kw):
    for k, v in BASE.items():
        kw.setdefault(k, v)
    return kw


def bird(**kw):
    return cv_bird(three_table(), CV, **_base(kw))


def day(**kw):
    return cv_day(three_table(), CV, **_base(kw))


def eve(**kw):
    return cv_eve(three_table(), CV, **_base(kw))


def cat_day(**kw):
    """The Marquise's Daylight (her turn begun from Birdsong), the Corvids at the table."""
    return cv_position(three_table(), turn_of=CAT, **_base(kw))


# ---- K-2, K-8: pieces and setup (LoR 13.2.2, 13.3) ----------------------------------------------

def test_K2_K8_fifteen_warriors_eight_plots_two_of_each_type():
    """K-2 (LoR 13.2.2), K-8 (13.3.1): 15 warriors, 8 plots (two each of bomb, snare, extortion,
    raid) in the supply before setup."""
    s = _core.State(0, factions=(MARQUISE, CORVIDS, WYRM))
    d = st(s)
    assert d["corvid_supply"] + sum(d["corvids"]) == 15 == TABLE["warriors"]
    assert d["plot_supply"] == 8 == TABLE["plots"] and TABLE["plots_per_type"] == 2
    assert _core.PLOT_NAMES == ("bomb", "snare", "extortion", "raid")


def test_K8_setup_one_warrior_in_a_clearing_of_each_suit():
    """K-8 (LoR 13.3.2): one warrior in any clearing of each suit, three in all, no plot; each
    placement offers only clearings of a suit not yet given one."""
    s = _core.State(0, factions=(MARQUISE, CORVIDS, WYRM))
    rng = np.random.default_rng(1)
    while s.step != "corvids_setup":
        s.apply(s.sample_chance(int(rng.integers(1 << 62))) if s.is_chance_node() else s.legal_actions()[0])
    suit = st(s)["suit"]
    seen = set()
    while s.step == "corvids_setup":
        opts = [x + 1 for x in kinds(s, "cv_setup")]
        assert opts and all(suit[c - 1] not in seen for c in opts)
        assert {suit[c - 1] for c in opts} == {0, 1, 2} - seen
        c = opts[-1]
        seen.add(suit[c - 1])
        s.apply(cv_setup(c))
    d = st(s)
    assert sum(d["corvids"]) == 3 and sorted(suit[c] for c in range(NCL) if d["corvids"][c]) == [0, 1, 2]
    assert sum(d["plots"]) == 0 and d["plot_supply"] == 8


# ---- K-1, K-9, K-10, K-11: Birdsong (LoR 13.4) -----------------------------------------------------

def test_K1_K9_trap4_crafting_with_plots_in_birdsong_before_the_first_flip():
    """K-1, K-9 (LoR 13.2.1, 13.4.1; trap 4): the Corvids craft in Birdsong by activating plots,
    face up or face down; once a plot is flipped, crafting is over; never in Daylight."""
    # a fox plot face down (6) and a fox plot face up (12): Foxfolk Steel costs two foxes
    s = bird(corvids={6: 1, 8: 1}, plots={6: "snare", 12: ("bomb", True)}, hands={CV: ["F#foxfolksteel", "F#anvil"]})
    crafts = set(kinds(s, "craft"))
    assert cid("F#foxfolksteel") in crafts and cid("F#anvil") in crafts
    played(s, flip(6))
    assert kinds(s, "craft") == []
    d = day(corvids={6: 1}, plots={6: "snare"}, hands={CV: ["F#anvil"]})
    assert kinds(d, "craft") == []


def test_K10_trap2_trap3_flip_scores_every_face_up_plot_this_one_included():
    """K-10 (LoR 13.4.2; traps 2, 3): a face-down plot in a clearing with a Corvid warrior flips,
    scoring one VP per face-up plot on the map, the new one included; no warrior, no flip."""
    s = bird(corvids={5: 1, 9: 1}, plots={5: "snare", 9: ("raid", True), 3: ("snare", True), 7: "raid"})
    assert {x + 1 for x in kinds(s, "flip")} == {5}            # 7 has no warrior, 9 and 3 are up
    before = st(s)["score"][CV]
    played(s, flip(5))
    d = st(s)
    assert d["score"][CV] - before == 3 and plots_of(d)[5] == ("snare", True)


def test_K19_trap2_a_bomb_removes_every_enemy_piece_scores_itself_and_leaves():
    """K-19 (LoR 13.7.1; trap 2): a bomb flipped scores one VP per face-up plot (itself
    included), removes every enemy piece in its clearing (buildings and tokens 1 VP each, LoR
    3.2.1), then leaves for the supply."""
    s = bird(corvids={10: 1}, plots={10: "bomb", 3: ("snare", True)},
             warriors={1: 1, 10: 3}, buildings={10: (1, 0, 0)}, wood={10: 1})
    before = st(s)["score"][CV]
    played(s, flip(10))
    d = st(s)
    assert d["warriors"][9] == 0 and d["buildings"][0][9] == 0 and d["wood"][9] == 0
    assert d["score"][CV] - before == 2 + 2                  # two face-up plots, then sawmill and wood
    assert d["plots"][9] == 0 and d["plot_supply"] == 8 - 1
    assert d["corvids"][9] == 1                               # the Corvids' own pieces stay


def test_K21_an_extortion_takes_a_random_card_from_each_enemy_there():
    """K-21 (LoR 13.7.3): an extortion flipped takes a card at random from each enemy with
    faction pieces in its clearing (a chance event per victim); an enemy with none there loses
    nothing."""
    s = bird(corvids={5: 1}, plots={5: "extortion"}, warriors={1: 1, 5: 1}, wyrmlings={2: 1},
             hands={CAT: ["F#anvil", "R#bakesale"], WY: ["M#sword"]})
    played(s, flip(5))
    assert s.step == "extortion" and s.is_chance_node()
    assert set(s.legal_actions()) == {steal("F#anvil"), steal("R#bakesale")}
    s.apply(steal("R#bakesale"))
    d = st(s)
    assert s.step == "corvids_birdsong"
    assert d["hand"][CV][cid("R#bakesale")] == 1 and d["hand_size"][CAT] == 1 and d["hand_size"][WY] == 1


def test_K11_trap9_recruit_places_in_every_clearing_of_the_suit_once():
    """K-11 (LoR 13.4.3; trap 9): spend a card to place a warrior in every clearing of its suit
    (not only near the Corvids; not the Keep's, LoR 6.2.2); a bird names one suit; once, and it
    ends Birdsong."""
    s = bird(corvids={}, hands={CV: ["R#bakesale", "B#armorers"]})
    bird_suits = {x % 3 for x in kinds(s, "cv_recruit") if x // 3 == cid("B#armorers")}
    assert bird_suits == {FOX, RABBIT, MOUSE}
    assert {x % 3 for x in kinds(s, "cv_recruit") if x // 3 == cid("R#bakesale")} == {RABBIT}
    played(s, cv_recruit("B#armorers", FOX))
    d = st(s)
    assert corvids_at(d) == {6: 1, 8: 1, 12: 1}               # fox 1 is the Keep's
    assert s.step != "corvids_birdsong" and kinds(s, "cv_recruit") == []


# ---- K-12..K-16: Daylight (LoR 13.5) ------------------------------------------------------------

def test_K12_trap11_three_actions_in_any_mix_repeats_allowed():
    """K-12 (LoR 13.5; trap 11): three actions, the same one again allowed; then only pass."""
    s = day(corvids={5: 6})
    for _ in range(3):
        played(s, move(5, 1, 1))
    assert s.step == "corvids_daylight" and kinds(s, "move") == [] and kinds(s, "plot") == []
    assert PASS in s.legal_actions()


def test_K5_nimble_moves_regardless_of_rule():
    """K-5 (LoR 13.2.3): the Corvids move from a clearing they do not rule to one they do not rule."""
    s = day(corvids={10: 1}, warriors={1: 1, 10: 3, 12: 3})
    assert move(10, 12, 1) in s.legal_actions()


def test_K14_trap1_the_nth_plot_of_a_turn_costs_n_warriors():
    """K-14 (LoR 13.5.2; trap 1): a plot in a clearing with none, removing one warrior plus one per
    plot placed this turn; any type left in the supply; face down."""
    s = day(corvids={5: 1, 9: 2, 11: 2})
    played(s, plot(5, "bomb"))
    d = st(s)
    assert d["corvids"][4] == 0 and plots_of(d) == {5: ("bomb", False)} and d["plotted"] == 1
    assert plot(11, "raid") in s.legal_actions()
    played(s, plot(9, "snare"))                               # the second costs two
    assert st(s)["corvids"][8] == 0
    assert kinds(s, "plot") == [] or all(x // 4 != 10 for x in kinds(s, "plot"))   # 11 has 2 < 3
    s2 = day(corvids={5: 1}, plots={3: "bomb", 7: "bomb"})
    assert plot(5, "bomb") not in s2.legal_actions() and plot(5, "raid") in s2.legal_actions()


def test_K4_one_plot_a_clearing():
    """K-4 (LoR 13.2.2.II): no plot where one lies, face up or down."""
    s = day(corvids={5: 3, 9: 3}, plots={5: "bomb", 9: ("snare", True)})
    assert all(x // 4 not in (4, 8) for x in kinds(s, "plot"))


def test_K16_trick_swaps_two_plots_of_the_same_facing():
    """K-16 (LoR 13.5.4): swap two plots, both face up or both face down; what a wrong Exposure
    ruled out travels with the plot."""
    s = day(corvids={}, plots={3: "bomb", 7: "raid", 9: ("snare", True), 11: ("extortion", True)},
            not_types={3: ["snare"]})
    tricks = {(x // NCL + 1, x % NCL + 1) for x in kinds(s, "trick")}
    assert tricks == {(3, 7), (9, 11)}
    played(s, trick(3, 7))
    d = st(s)
    assert plots_of(d)[3] == ("raid", False) and plots_of(d)[7] == ("bomb", False)
    assert d["plot_not"][6] == 1 << PLOT["snare"] and d["plot_not"][2] == 0


# ---- K-17, K-18: Evening (LoR 13.6) -------------------------------------------------------------

def test_K17_trap10_exert_takes_one_more_action_and_draws_nothing():
    """K-17 (LoR 13.6.1; trap 10): in Evening one Daylight action more (Exert), then no card is
    drawn; a plot placed then continues the turn's count (trap 1)."""
    s = eve(corvids={5: 2}, plotted=1, plots={9: ("extortion", True)})
    assert plot(5, "raid") in s.legal_actions()
    hand = st(s)["hand_size"][CV]
    played(s, plot(5, "raid"))
    d = st(s)
    assert d["corvids"][4] == 0 and d["plots"][4] == 1
    assert d["turn"] != CV or s.step not in ("corvids_evening",)
    assert d["hand_size"][CV] == hand


def test_K18_evening_draws_one_plus_each_face_up_extortion():
    """K-18, K-21 (LoR 13.6.2, 13.7.3): one card, plus one per face-up extortion on the map."""
    s = eve(corvids={5: 1}, plots={9: ("extortion", True), 11: ("extortion", True), 3: "bomb"})
    assert _core.evening_draws_of(s, CV) == 3
    played(s, PASS)
    assert s.step == "evening_draw"


# ---- K-20: the snare (LoR 13.7.2) --------------------------------------------------------------

def test_K20_trap8_a_face_up_snare_stops_enemy_placing_and_leaving_not_entering():
    """K-20 (LoR 13.7.2; trap 8): enemies place no piece in, and move none out of, a clearing
    with a face-up snare; they may move in; a face-down snare stops nothing."""
    s = cat_day(corvids={5: 1}, plots={5: ("snare", True), 9: "snare"}, warriors={1: 1, 5: 3, 9: 3, 10: 2},
                buildings={10: (0, 0, 1)})
    froms = {(x // 26 // 2) // NCL + 1 for x in kinds(s, "move")}
    tos = {(x // 26 // 2) % NCL + 1 for x in kinds(s, "move")}
    assert 5 not in froms and 9 in froms and 5 in tos


def test_K20_the_snare_does_not_bind_the_corvids():
    """K-20 (trap 8): the Corvids move out of their own face-up snare."""
    s = day(corvids={5: 2}, plots={5: ("snare", True)})
    assert move(5, 1, 1) in s.legal_actions()


# ---- K-22: the raid (LoR 13.7.4) ---------------------------------------------------------------

def test_K22_a_raid_removed_in_battle_places_a_warrior_in_each_adjacent_clearing():
    """K-22 (LoR 13.7.4): a raid removed (here by a hit; face down) places a Corvid warrior in each
    adjacent clearing the Corvids may place in (not the Keep's)."""
    s = cat_day(corvids={}, plots={5: "raid"}, warriors={1: 1, 5: 3})
    played(s, battle(5, CV))
    drive_battle(s, "marquise_daylight", roll=(2, 0), hits=(remove("plot", 5),))
    d = st(s)
    assert d["plots"][4] == 0 and corvids_at(d) == {2: 1}     # 5's neighbours: 1 (Keep) and 2


# ---- K-6, K-C1..K-C4: Exposure (LoR 13.2.4) ----------------------------------------------------

def test_K6_trap6_exposure_is_offered_on_the_enemys_turn_at_its_daylight_step():
    """K-6 (LoR 13.2.4; trap 6; K-C1): an enemy with a piece in a clearing with a face-down plot,
    holding a card of its suit (or a bird), may Expose it at its Daylight step; not a face-up
    plot, not a clearing without its pieces, not without a matching card."""
    s = cat_day(corvids={}, plots={5: "raid", 9: "bomb", 10: ("snare", True)}, warriors={1: 1, 5: 1, 9: 1, 10: 1},
                hands={CAT: ["R#bakesale"]})
    assert s.step == "marquise_daylight"
    assert {x + 1 for x in kinds(s, "expose")} == {5}      # 9 is mouse, 10 face up
    s2 = cat_day(corvids={}, plots={9: "bomb"}, warriors={1: 1, 9: 1}, hands={CAT: ["B#armorers"]})
    assert {x + 1 for x in kinds(s2, "expose")} == {9}     # a bird matches any clearing


def test_K6_trap5_a_right_guess_removes_the_plot_scores_and_keeps_the_card_no_raid():
    """K-6 (LoR 13.2.4; trap 5; K-C4): a right guess removes the plot (1 VP to the guesser), the
    card stays in its hand, a raid's warriors are not placed."""
    s = cat_day(corvids={}, plots={5: "raid"}, warriors={1: 1, 5: 1}, hands={CAT: ["R#bakesale"]})
    before = st(s)["score"][CAT]
    played(s, expose(5))
    assert s.step == "exposure" and s.current_player == CAT
    assert set(kinds(s, "guess")) == {cid("R#bakesale") * 4 + p for p in range(4)}
    played(s, guess("R#bakesale", "raid"))
    d = st(s)
    assert s.step == "marquise_daylight" and d["plots"][4] == 0 and d["score"][CAT] - before == 1
    assert d["hand"][CAT][cid("R#bakesale")] == 1 and sum(d["corvids"]) == 0
    assert d["known"][CV][CAT][cid("R#bakesale")] == 1      # the Corvids saw it


def test_K6_K_C3_a_wrong_guess_gives_the_card_to_the_corvids_and_rules_the_type_out():
    """K-6 (LoR 13.2.4; K-C3): a wrong guess: the card goes to the Corvids, the plot stays, every
    seat knows it is not that type."""
    s = cat_day(corvids={}, plots={5: "raid"}, warriors={1: 1, 5: 1}, hands={CAT: ["R#bakesale"]})
    played(s, expose(5))
    played(s, guess("R#bakesale", "bomb"))
    d = st(s)
    assert d["plots"][4] == 1 and d["plot_not"][4] == 1 << PLOT["bomb"]
    assert d["hand_size"][CAT] == 0 and d["hand"][CV][cid("R#bakesale")] == 1
    assert kinds(s, "expose") == []                          # no card left to show


def test_K6_the_corvids_never_expose_and_a_bot_never_does():
    """K-6 (LoR 13.2.4: an enemy; K-C1: a bot never guesses): no Exposure on the Corvids' turn."""
    s = day(corvids={5: 1}, plots={5: "raid"}, hands={CV: ["R#bakesale"]})
    assert kinds(s, "expose") == []


# ---- K-7: Embedded Agents (LoR 13.2.5) ----------------------------------------------------------

@pytest.mark.parametrize("up, hits", [(False, 2), (True, 1)])
def test_K7_trap7_embedded_agents_one_more_hit_defending_with_a_face_down_plot(up, hits):
    """K-7 (LoR 13.2.5; trap 7): the defending Corvids with a face-down plot in the clearing deal
    one extra hit; not with a face-up plot."""
    s = cat_day(corvids={5: 1}, plots={5: ("bomb", up)}, warriors={1: 1, 5: 4})
    played(s, battle(5, CV))
    drive_battle(s, "marquise_daylight", roll=(1, 1))
    assert 4 - st(s)["warriors"][4] == hits


def test_K7_embedded_agents_even_defenseless():
    """K-7 (LoR 13.2.5: "even defenseless"): a face-down plot alone still deals its hit."""
    s = cat_day(corvids={}, plots={5: "snare"}, warriors={1: 1, 5: 4})
    played(s, battle(5, CV))
    drive_battle(s, "marquise_daylight", roll=(3, 3), hits=(remove("plot", 5),))
    assert st(s)["warriors"][4] == 3


def test_K7_no_embedded_agents_attacking():
    """K-7 (trap 7): attacking, the Corvids deal no extra hit for their plot."""
    s = day(corvids={5: 3}, plots={5: "snare"}, warriors={1: 1, 5: 3})
    played(s, battle(5, CAT))
    drive_battle(s, "corvids_daylight", roll=(0, 0))
    assert st(s)["corvids"][4] == 3 and st(s)["warriors"][4] == 3


# ---- K-3: what others see (LoR 13.2.2.I) --------------------------------------------------------

def test_K3_a_search_deals_face_down_types_again_keeping_face_up_ones_and_ruled_out_types():
    """K-3 (LoR 13.2.2.I; K-C3): a determinization for another seat deals the face-down plots'
    types from those no face-up plot shows, never a type a wrong Exposure ruled out there; the
    Corvids' own determinization keeps them."""
    s = day(corvids={}, plots={3: "bomb", 7: "raid", 9: ("snare", True), 11: ("snare", True)},
            not_types={3: ["raid", "extortion"]})
    seen = set()
    for seed in range(60):
        d = st(_core.determinized(s, CAT, seed))
        p = plots_of(d)
        assert p[9] == ("snare", True) and p[11] == ("snare", True)
        assert p[3][0] == "bomb" and p[7][0] in ("bomb", "extortion", "raid")   # 3: neither raid nor extortion (nor snare)
        seen.add(p[7][0])
        assert plots_of(st(_core.determinized(s, CV, seed))) == plots_of(st(s))
    assert len(seen) >= 2


# ---- random games: invariants after every action ------------------------------------------------

@pytest.mark.parametrize("factions", [(MARQUISE, CORVIDS, WYRM), (1, CORVIDS, 2, WYRM),
                                      (MARQUISE, CORVIDS, 3, 9, WYRM), (7, 8, CORVIDS, 1, 3, WYRM)])
def test_random_games_keep_warriors_and_plots_conserved(factions):
    """K-2, K-4 (LoR 13.2.2): in seeded random games at three to six seats, after every action: 15
    Corvid warriors and 8 plots conserved, one plot a clearing at most, two of a type at most; the
    save round trip holds."""
    for seed in range(3):
        s = _core.State(0, factions=factions)
        rng = np.random.default_rng(seed)
        for _ in range(2500):
            if s.is_terminal():
                break
            la = s.legal_actions()
            s.apply(s.sample_chance(int(rng.integers(1 << 62))) if s.is_chance_node() else la[rng.integers(len(la))])
            d = st(s)
            boxes = d["payments"][CORVIDS] + d["funds"][CORVIDS] + d["committed"][CORVIDS]   # Riverfolk services
            assert sum(d["corvids"]) + d["corvid_supply"] + d["coffin"][d["faction_seat"][CORVIDS]] + boxes == 15
            assert sum(d["plots"]) + d["plot_supply"] == 8 and max(d["plots"]) <= 1
            for t in range(4):
                assert sum(1 for c in range(NCL) if d["plots"][c] and d["plot_types"][c] == t) <= 2
        assert _core.State.from_dict(st(s)) == s


# ---- K-3: the AI guesses from what it can see -------------------------------------------------

@pytest.mark.parametrize("step", ["marquise_daylight", "exposure"])
def test_K3_the_heuristic_chooses_the_same_whatever_the_hidden_types(step):
    """K-3 (LoR 13.2.2.I): two positions that differ only in the face-down plots' types give the
    Marquise's heuristic player (same seed) the same choice, at her Daylight step (whether to
    Expose) and at the Exposure itself (which type to name): it judges a guess in worlds dealt
    again for her, never on the true types."""
    choices = set()
    for types in (("raid", "bomb"), ("bomb", "raid"), ("snare", "extortion")):
        s = cat_day(corvids={}, plots={5: types[0], 10: types[1]}, warriors={1: 1, 5: 2, 10: 2},
                    hands={CAT: ["R#bakesale", "R#cobbler"]})
        if step == "exposure":
            played(s, expose(5))
        choices.add(_core.heuristic_choice(s, 7))
    assert len(choices) == 1
