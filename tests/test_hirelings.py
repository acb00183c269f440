"""Hirelings (LoR 16.1.6, 16.4; the printed appendix E), clause by clause: docs/hundreds-keepers.md §4
(E-1..E-49), the digest's traps (E-T1..E-T7), the Wyrm's rulings (W-MP-38..44), the contract's
readings E-C1..E-C20 (§4) and E-C21, E-C22 (§8, as built). Each test names its clause(s) and Law
number (LoR 16.1.6.x / 16.4.1.x for the general rules, HIRE for the printed hireling cards). Built so
far (`_core.HIRELING_BUILT`): the demoted sides Feline Physicians, Bluebird Nobles, Rabbit Scouts and
Badger Bodyguards (hireling pieces, E-15..E-22, E-T4, E-T5, E-T7, and Street Band: tests/test_hirelings_band.py). Where
the core departs from the contract, the test keeps the contract's expectation and is marked
xfail(strict=True) with what the core does.

The control die's faces are data (`_core.CONTROL_DIE`, UNCONFIRMED: E-C19, E-C20): every test reads
them, none hard-codes a face.

Tables (seat numbers in brackets):
- NSB: Bluebird Nobles, Rabbit Scouts, Badger Bodyguards at (Marquise 0, Hundreds 1, Wyrm 2);
- PSB: Feline Physicians, Rabbit Scouts, Badger Bodyguards at (Hundreds 0, Lizards 1, Wyrm 2), and where
  a test says so at (Eyrie 0, Hundreds 1, Wyrm 2), (Hundreds 0, Corvids 1, Wyrm 2), (Hundreds 0,
  Duchy 1, Wyrm 2).
The Brigand and Rat Smugglers (built after this file was written) have no tests here yet.
Autumn: fox 1 6 8 12, rabbit 3 4 5 10, mouse 2 7 9 11; paths 1-5 1-9 1-10 2-5 2-6 2-10 3-6 3-7 3-11
4-8 4-9 4-12 6-11 7-8 7-12 9-12 10-12 11-12."""
from __future__ import annotations

import copy
import os

import numpy as np
import pytest

from wyrm_ai import _core
from wyrm_ai.model.errors import ConfigError
from wyrm_ai.model.game import Game

from duchy_positions import drive_battle
from hireling_positions import (ALLIANCE, BODYGUARDS, CORVIDS, DUCHY, EYRIE, HUNDREDS, KEEPERS, LIZARDS, MARQUISE,
                                drive_logged,
                                MECHANICAL, NAMES, NOBLES, PASS, PHYSICIANS, RIVERFOLK, SCOUTS, SIDE, SPACES, VAGABOND,
                                WYRM, control, events_of, faces, hire_give, hire_table, hire_take, hospital,
                                hr_position, kind_of, kinds, known_to_all, markers_of, physicians, played, scouts,
                                round_trips_and_plays_on, side, st, to_turn_end, vp_events)
from lizard_positions import battle, cid, craft
from riverfolk_positions import dice, remove

CAT, LH, WY = 0, 1, 2                       # the NSB table
NSB = ("nobles", "scouts", "bodyguards")
PSB = ("physicians", "scouts", "bodyguards")
BUILT = tuple(_core.HIRELING_BUILT)
ADVANCED = _core.SETUP_NAMES.index("advanced")


def nsb():
    return hire_table((MARQUISE, HUNDREDS, WYRM), NSB)


BASE = dict(keep=1, warriors={1: 1}, wyrmlings={2: 1}, pawn=2, hundreds={9: 1}, warlord=None, strongholds={},
            mood="rowdy")


def _base(kw):
    for k, v in BASE.items():
        kw.setdefault(k, v)
    return kw


def cat_day(**kw):
    """The Marquise's Daylight at the NSB table (crafting open, no action taken)."""
    return hr_position(nsb(), at=(CAT, "marquise_daylight"), **_base(kw))


def lh_day(**kw):
    """The Hundreds' Daylight at the NSB table, the Command block with three Commands."""
    kw.setdefault("command_left", 3)
    return hr_position(nsb(), at=(LH, "hundreds_daylight"), **_base(kw))


def hired(s) -> dict:
    """{side name: (controller, control markers, turn gained)} of the hirelings not in the supply."""
    d = st(s)
    return {NAMES[k]: (d["hr_owner"][i], d["hr_control"][i], d["hr_gained"][i])
            for i, k in enumerate(d["hr_kind"]) if d["hr_owner"][i] >= 0}


def chance_faces(s) -> dict:
    """{face: probability} of the control die."""
    assert s.step == "control_die" and s.is_chance_node()
    return {kind_of(a)[1]: p for a, p in s.chance_outcomes()}


# ---- E-1, E-6, E-C15, E-C21: the game option (LoR 16.1.6, 16.1.6.5) --------------------------------

def test_E1_the_option_plays_exactly_three_hirelings():
    """E-1 (LoR 16.1.6): a game with hirelings plays exactly three: two or four are refused with a
    ConfigError naming the rule; three built sides of three cards are accepted."""
    table = (MARQUISE, HUNDREDS, WYRM)
    for given in ((NOBLES, SCOUTS), (NOBLES, SCOUTS, BODYGUARDS, PHYSICIANS), (NOBLES,)):
        with pytest.raises(ConfigError, match="exactly 3"):
            _core.State(0, factions=(EYRIE, HUNDREDS, WYRM) if PHYSICIANS in given else table, hirelings=given)
    s = _core.State(0, factions=table, hirelings=(NOBLES, SCOUTS, BODYGUARDS))
    assert s.hirelings == (NOBLES, SCOUTS, BODYGUARDS)


def test_E1_LoR_16_1_6_2_each_card_on_one_side():
    """E-1 (LoR 16.1.6, 16.1.6.2): the three are three different cards, each on one side: a side named
    twice is refused (two sides of one card)."""
    with pytest.raises(ConfigError, match="two sides of one hireling card"):
        _core.State(0, factions=(MARQUISE, HUNDREDS, WYRM), hirelings=(NOBLES, NOBLES, SCOUTS))
    with pytest.raises(ConfigError, match="two sides of one hireling card"):
        Game(0, ("marquise", "hundreds", "wyrm"), hirelings="scouts,rabbit-scouts,nobles")


@pytest.mark.parametrize("h", [h for h in range(len(NAMES)) if h not in _core.HIRELING_BUILT], ids=lambda h: NAMES[h])
def test_E1_a_side_not_built_is_refused_by_name(h):
    """E-1 (LoR 16.1.6; docs/hundreds-keepers.md §8): a side not built yet is refused with a
    ConfigError naming it and the sides a game may use."""
    others = [b for b in (NOBLES, SCOUTS, BODYGUARDS, PHYSICIANS) if b // 2 != h // 2][:2]
    with pytest.raises(ConfigError, match=f"{NAMES[h]} is not built yet") as e:
        _core.State(0, factions=(VAGABOND, HUNDREDS, WYRM), hirelings=(h, *others))
    assert all(NAMES[b] in str(e.value) for b in BUILT)


def test_E1_ids_out_of_range_and_bad_values_are_refused():
    """E-1 (LoR 16.1.6): a side id past the fourteen, or something that is no sequence of ids."""
    with pytest.raises(ConfigError, match="no hireling 14"):
        _core.State(0, factions=(MARQUISE, HUNDREDS, WYRM), hirelings=(NOBLES, SCOUTS, 14))
    with pytest.raises(ConfigError, match="sequence"):
        _core.State(0, factions=(MARQUISE, HUNDREDS, WYRM), hirelings=3)
    with pytest.raises(ConfigError, match="no hireling"):
        Game(0, ("marquise", "hundreds", "wyrm"), hirelings="nobles,scouts,ogres")


KEPT_OUT = [("nobles", EYRIE), ("scouts", ALLIANCE), ("bodyguards", KEEPERS), ("physicians", MARQUISE),
            ("physicians", MECHANICAL)]


def _three_with(h):
    """Three built sides of three cards, h among them."""
    out = [side(h)]
    for b in (NOBLES, SCOUTS, BODYGUARDS, PHYSICIANS):
        if len(out) < 3 and b // 2 not in {x // 2 for x in out}:
            out.append(b)
    return tuple(out)


@pytest.mark.parametrize("h, f", KEPT_OUT, ids=[f"{h}-{_core.FACTION_NAMES[f]}" for h, f in KEPT_OUT])
def test_E6_E_C15_a_faction_beside_its_hireling_card_is_refused(h, f):
    """E-6 (LoR 16.1.6.5; trap E-T6), E-C15: a faction whose hireling card is in play (by color and
    icon) cannot be played: Bluebird Nobles keep the Eyrie out, Rabbit Scouts the Alliance, Badger
    Bodyguards the Keepers, Feline Physicians the Marquise and the Mechanical Marquise (her color and
    icon). The ConfigError names the side and the faction; HIRELING_EXCLUDES holds it for the card."""
    hs = _three_with(h)
    with pytest.raises(ConfigError, match=f"{NAMES[side(h)]} keeps {_core.FACTION_NAMES[f]} out"):
        _core.State(0, factions=(f, HUNDREDS, WYRM), hirelings=hs)
    assert f in _core.HIRELING_EXCLUDES[side(h) // 2]


@pytest.mark.parametrize("h, f", KEPT_OUT[:4], ids=[f"{h}-{_core.FACTION_NAMES[f]}" for h, f in KEPT_OUT[:4]])
def test_E6_E_C15_a_kept_out_faction_is_kept_out_of_the_draft_too(h, f):
    """E-6 (LoR 16.1.6.5, 16.1.8), E-C15: with the Advanced Setup's draft the kept-out faction may not be
    among the draft's faction cards; the same draft without it is accepted."""
    hs = _three_with(h)
    pool = [x for x in (VAGABOND, HUNDREDS, WYRM, LIZARDS, RIVERFOLK) if x != f]
    with pytest.raises(ConfigError, match=f"keeps {_core.FACTION_NAMES[f]} out"):
        _core.State(0, factions=(-1, -1, -1), setup_mode=ADVANCED, draft=(f, *pool[:3]), hirelings=hs)
    s = _core.State(0, factions=(-1, -1, -1), setup_mode=ADVANCED, draft=tuple(pool[:4]), hirelings=hs)
    assert s.hirelings == hs


def test_E_C21_a_bot_at_the_table_refuses_the_option():
    """E-C21 (docs/hundreds-keepers.md §8): the Mechanical Marquise plays a printed program with no
    hireling step: a table with her refuses hirelings that do not keep her out anyway."""
    with pytest.raises(ConfigError, match="without a bot"):
        _core.State(0, factions=(MECHANICAL, HUNDREDS, WYRM), hirelings=(NOBLES, SCOUTS, BODYGUARDS))
    _core.State(0, factions=(MECHANICAL, HUNDREDS, WYRM))          # without hirelings: fine


def test_E1_the_game_facade_names_aliases_and_options():
    """E-1 (LoR 16.1.6): Game(hirelings=) takes names or their last words (any case, spaces for
    hyphens); Game.hirelings names the sides in the option's order; Game.options carries them, so a
    new game from them plays the same hirelings."""
    g = Game(0, ("marquise", "hundreds", "wyrm"), hirelings="Nobles, rabbit scouts,badger-bodyguards")
    assert g.hirelings == ("bluebird-nobles", "rabbit-scouts", "badger-bodyguards")
    assert g.state.hirelings == (NOBLES, SCOUTS, BODYGUARDS)
    assert g.options["hirelings"] == g.hirelings
    again = Game(g.first, g.start_factions, **g.options)
    assert again.hirelings == g.hirelings


def test_E1_without_the_option_nothing_changes():
    """E-1 (LoR 16.1.6: optional): a game without hirelings has none (None, ()), every hireling field
    empty and the same state as before the option existed (hirelings=() is the default)."""
    g = Game(0, ("marquise", "hundreds", "wyrm"))
    assert g.hirelings is None and g.options["hirelings"] is None and g.state.hirelings == ()
    d = st(g.state)
    assert d["hr_kind"] == [-1] * 3 and d["hr_owner"] == [-1] * 3 and d["hr_markers"] == 0
    assert d["hr_control"] == [0] * 3 and not any(d["hr_owed"]) and d["hr_stage"] == 0
    assert d["hr_now"] == -1 and d["hr_roller"] == -1 and d["battle"]["scouts"] == 0
    a = _core.State(1, factions=(MARQUISE, HUNDREDS, WYRM))
    b = _core.State(1, factions=(MARQUISE, HUNDREDS, WYRM), hirelings=())
    assert a == b and a.to_dict() == b.to_dict()


def test_E1_a_game_without_hirelings_never_reaches_a_hireling_step():
    """E-1 (LoR 16.1.6): seeded random games without the option never ask a hireling question nor
    tell a hireling event, and keep the hireling fields empty."""
    hire_steps = {"hireling_give", "hireling_take", "control_die", "rabbit_scouts", "feline_physicians",
                  "rat_smugglers", "brigand_item", "brigand_card"} & set(_core.STEP_NAMES)
    hire_events = {_core.EVENT_KINDS.index(k) for k in ("hireling_marker", "hire", "control", "control_off",
                                                         "scouts")}
    for seed in range(2):
        s = _core.State(seed % 3, factions=(MARQUISE, HUNDREDS, WYRM))
        rng = np.random.default_rng(seed)
        for _ in range(3000):
            if s.is_terminal():
                break
            assert s.step not in hire_steps
            if s.is_chance_node():
                ev = s.apply_logged(s.sample_chance(int(rng.integers(1 << 62))))
            else:
                la = s.legal_actions()
                ev = s.apply_logged(la[int(rng.integers(len(la)))])
            assert not {e[0] for e in ev} & hire_events
        d = st(s)
        assert d["hr_kind"] == [-1] * 3 and d["hr_markers"] == 0 and not any(d["hr_owed"])


# ---- E-5, E-7, E-C1, E-C2: hireling markers and gaining (LoR 16.1.6.4, 16.4.1.1) --------------------

def test_E5_markers_on_4_8_12_all_hirelings_in_the_supply():
    """E-5 (LoR 16.1.6.4): after setup the three hireling markers stand on spaces 4, 8 and 12 of the
    score track; every hireling is in the supply with no control marker."""
    d = st(nsb())
    assert markers_of(d) == SPACES == (4, 8, 12)
    assert d["hr_kind"] == [NOBLES, SCOUTS, BODYGUARDS]
    assert d["hr_owner"] == [-1] * 3 and d["hr_control"] == [0] * 3 and not any(d["hr_owed"])


def test_E7_E_C1_scoring_3_to_5_enters_space_4_and_takes_its_marker():
    """E-7 (LoR 16.4.1.1), E-C1: the Marquise crafts Anvil (2 VP) from 3: her score marker enters 4
    on its way to 5, so she takes the marker of space 4 (below her Evening: owed), 8 and 12 stay."""
    s = cat_day(buildings={1: (0, 1, 0)}, hands={CAT: ["F#anvil"]}, score=[3, 0, 0])
    ev = played(s, craft("F#anvil"))
    assert [e[3] for e in events_of(ev, "hireling_marker")] == [4]
    assert events_of(ev, "hireling_marker")[0][1] == CAT
    d = st(s)
    assert d["score"][CAT] == 5 and markers_of(d) == (8, 12) and d["hr_owed"] == [1, 0, 0]
    assert hired(s) == {}                            # not yet: at the end of her turn


@pytest.mark.parametrize("before, vp, taken", [(3, 1, (4,)), (2, 1, ()), (7, 2, (8,)), (11, 1, (12,))])
def test_E7_E_C1_landing_on_a_marker_space_takes_it_stopping_short_does_not(before, vp, taken):
    """E-7 (LoR 16.4.1.1: "enters"), E-C1: landing exactly on 4 (or 8, 12) takes that marker; scoring
    to a space short of it takes none."""
    tok = {1: "F#travelgear", 2: "F#anvil"}[vp]
    bld = {1: (0, 1, 0)} if vp == 2 else {3: (0, 1, 0)}    # Anvil: a fox workshop (1); Travel Gear: rabbit (3)
    s = cat_day(buildings=bld, hands={CAT: [tok]}, score=[before, 0, 0])
    ev = played(s, craft(tok))
    assert tuple(e[3] for e in events_of(ev, "hireling_marker")) == taken
    d = st(s)
    assert d["hr_owed"][CAT] == len(taken)
    assert not set(taken) & set(markers_of(d))


def test_E7_E_C1_a_jump_over_two_marker_spaces_takes_both_and_two_hirelings_follow():
    """E-7 (LoR 16.4.1.1), E-C1: the Eyrie score 5 VP for seven roosts from 3: their marker passes 4
    and lands on 8, taking both markers; at the end of their turn they take two supply hirelings,
    each rolled for at once (a choice of three, then of two)."""
    s0 = hire_table((EYRIE, HUNDREDS, WYRM), PSB)
    roosts = {c: 1 for c in range(1, 8)}
    s = hr_position(s0, birds={1: 3, 2: 1, 3: 1, 4: 1, 5: 1, 6: 1, 7: 1}, roosts=roosts, hundreds={9: 1},
                    warlord=None, strongholds={}, wyrmlings={11: 1}, pawn=11, score=[3, 0, 0], at=(0, "eyrie_daylight"))
    ev = to_turn_end(s)
    assert [e[3] for e in events_of(ev, "hireling_marker")] == [4, 8]
    assert vp_events(ev, "roosts")[0][4] == 5
    d = st(s)
    assert d["score"][0] == 8 and markers_of(d) == (12,) and d["hr_owed"][0] == 2
    assert s.step == "hireling_take" and s.current_player == 0
    assert set(kinds(s, "hire_take")) == {PHYSICIANS, SCOUTS, BODYGUARDS}
    played(s, hire_take("scouts"))
    assert s.step == "control_die"
    s.apply(control(0))
    assert s.step == "hireling_take" and set(kinds(s, "hire_take")) == {PHYSICIANS, BODYGUARDS}
    played(s, hire_take("physicians"))
    s.apply(control(0))
    assert set(hired(s)) == {"rabbit-scouts", "feline-physicians"} and st(s)["hr_owed"][0] == 0
    assert s.turn == 1


def test_E7_a_marker_taken_on_ones_own_turn_gives_a_hireling_at_its_end():
    """E-7 (LoR 16.4.1.1): at the end of the Marquise's turn (Evening done) her owed marker takes a
    supply hireling of her choice (any of the three: hire + side), then the control die is rolled
    at once (chance, each face alike) and the next turn begins after."""
    s = cat_day(buildings={1: (0, 1, 0)}, hands={CAT: ["F#anvil"]}, score=[3, 0, 0])
    played(s, craft("F#anvil"))
    to_turn_end(s)
    assert s.step == "hireling_take" and s.turn == CAT and s.current_player == CAT
    assert set(kinds(s, "hire_take")) == {NOBLES, SCOUTS, BODYGUARDS}
    ev = played(s, hire_take("bodyguards"))
    assert [(e[1], e[3], e[5]) for e in events_of(ev, "hire")] == [(CAT, BODYGUARDS, -1)]
    assert s.step == "control_die" and s.current_player == -1
    assert chance_faces(s) == {f: pytest.approx(1 / len(_core.CONTROL_DIE)) for f in range(len(_core.CONTROL_DIE))}
    face = len(_core.CONTROL_DIE) - 1
    ev = s.apply_logged(control(face))
    n = faces(gold=True)[face]                       # she leads (5 VP): gold pips
    assert [(e[1], e[3], e[4], e[5]) for e in events_of(ev, "control")] == [(CAT, BODYGUARDS, n, face)]
    assert hired(s) == {"badger-bodyguards": (CAT, n, st(s)["turn_number"] - 1)}
    assert s.turn == LH and st(s)["hr_owed"] == [0, 0, 0]


def test_E_C2_a_marker_taken_off_turn_waits_for_the_takers_own_turn_end():
    """E-C2 (LoR 16.4.1.1: "below their Evening", "at the end of their turn"): the Hundreds attack the
    Marquise (3 VP) in 9 beside their stronghold; her two hits take their warrior and the stronghold,
    1 VP: 4, the marker of 4 is hers off her turn. The Hundreds' turn ends and the Wyrm's turn ends
    without a hireling step for her; at the end of her own next turn she takes one."""
    s = lh_day(hundreds={9: 1}, strongholds={9: 1}, warriors={1: 1, 9: 2}, score=[3, 0, 0])
    played(s, battle(9, CAT))
    drive_battle(s, "hundreds_daylight", roll=(2, 2))
    d = st(s)
    assert d["score"][CAT] == 4 and d["strongholds"][8] == 0
    assert d["hr_owed"] == [1, 0, 0] and markers_of(d) == (8, 12)
    to_turn_end(s)
    assert s.turn == WY and st(s)["hr_owed"] == [1, 0, 0] and hired(s) == {}
    to_turn_end(s)
    assert s.turn == CAT and st(s)["hr_owed"] == [1, 0, 0] and hired(s) == {}
    ev = to_turn_end(s)
    assert s.step == "hireling_take" and s.turn == CAT
    played(s, hire_take("nobles"))
    s.apply(control(0))
    assert hired(s)["bluebird-nobles"][0] == CAT and s.turn == LH


def test_E7_E_C2_the_supply_never_runs_dry_for_an_owed_marker():
    """E-7 (LoR 16.4.1.1), E-C2 ("with the supply empty then, nothing"): three markers and three
    hirelings, and a hireling never goes back to the supply (16.4.1.3 hands it to another player), so a
    marker owed while all three are controlled is no reachable position: State.from_dict refuses it.
    (The core's branch that flips a marker with nothing is therefore unreachable.)"""
    with pytest.raises(Exception, match="more hirelings gained or owed than hireling markers"):
        cat_day(hired={"nobles": (LH, 1, 0), "scouts": (WY, 1, 0), "bodyguards": (LH, 1, 0)}, owed={CAT: 1},
                markers=(), score=[13, 0, 0])


def test_E7_one_hireling_left_in_the_supply_is_taken_at_once():
    """E-7 (LoR 16.4.1.1; docs/hundreds-keepers.md §8): with one hireling left in the supply the owed
    marker takes it without a question: the control die is rolled straight away."""
    s = cat_day(hired={"nobles": (CAT, 2, 0), "scouts": (LH, 1, 0)}, owed={CAT: 1}, score=[9, 0, 0])
    ev = to_turn_end(s)
    assert s.step == "control_die" and st(s)["hr_roller"] == CAT
    assert [(e[1], e[3], e[5]) for e in events_of(ev, "hire")] == [(CAT, BODYGUARDS, -1)]
    s.apply(control(0))
    assert hired(s)["badger-bodyguards"][0] == CAT and st(s)["hr_owed"][CAT] == 0 and s.turn == LH


# ---- E-8, E-T1: rolling for control (LoR 16.4.1.2) ---------------------------------------------------

LEADS = {"leads": ([6, 2, 0], True), "tied": ([6, 6, 0], True), "behind": ([6, 9, 0], False)}


@pytest.mark.parametrize("face", range(len(_core.CONTROL_DIE)))
@pytest.mark.parametrize("case", LEADS)
def test_E8_trapT1_gold_pips_only_for_the_leader_or_tied_all_pips_otherwise(case, face):
    """E-8 (LoR 16.4.1.2; trap E-T1): the Marquise takes a hireling at her turn's end and rolls: leading
    or tied for the most VP she places the face's gold pips as control markers, behind she places all
    its pips (faces read from _core.CONTROL_DIE)."""
    score, gold = LEADS[case]
    s = cat_day(owed={CAT: 1}, score=score)
    to_turn_end(s)
    played(s, hire_take("nobles"))
    ev = s.apply_logged(control(face))
    n = faces(gold)[face]
    assert events_of(ev, "control")[0][4] == n
    assert hired(s)["bluebird-nobles"][:2] == (CAT, n)


def test_E8_the_die_has_faces_where_gold_and_all_pips_differ():
    """E-8 (LoR 16.4.1.2), E-C19/E-C20: the control die's data hold, for each face, gold pips no more
    than its pips (both 0..4: a hireling holds at most four control markers in the state), and the
    leader test matters on some face (else E-8's gold/all distinction would test nothing)."""
    die = _core.CONTROL_DIE
    assert len(die) == 6 and all(0 <= g <= n <= 4 for n, g in die)
    assert any(g != n for n, g in die)


@pytest.mark.parametrize("who", ["roller", "other"])
def test_E8_an_activated_dominance_card_counts_all_pips(who):
    """E-8 (LoR 16.4.1.2: "a player with an activated dominance card counts all pips"; docs §8): a
    roller that has activated a dominance card counts all pips though it has the most VP; a leader
    that has activated one is left out of the leader test, so the roller behind it counts gold pips."""
    face = next(f for f, (n, g) in enumerate(_core.CONTROL_DIE) if n != g)
    dom = CAT if who == "roller" else LH

    def edit(d):
        from lizard_positions import _take
        d["play_area"][dom][_take(d, "F#dominance")] += 1
    if who == "roller":                   # she leads with 11, but counts all pips
        s = cat_day(owed={CAT: 1}, score=[11, 0, 0], edit=edit, markers=(12,))
    else:                                 # the Hundreds' 20 VP are left out: she (5) leads the rest
        s = cat_day(owed={CAT: 1}, score=[5, 20, 0], edit=edit, markers=(),
                    hired={"scouts": (LH, 1, 0), "bodyguards": (WY, 1, 0)})
    to_turn_end(s)
    if s.step == "hireling_take":
        played(s, hire_take("nobles"))
    ev = s.apply_logged(control(face))
    assert events_of(ev, "control")[0][4] == faces(gold=(who == "other"))[face]


# ---- E-9, E-T2, E-T3, E-C3, E-C4: losing control (LoR 16.4.1.3) --------------------------------------

def test_E9_trapT3_a_marker_comes_off_only_hirelings_gained_on_previous_turns():
    """E-9 (LoR 16.4.1.3; trap E-T3): at the end of the Marquise's turn one control marker comes off
    Nobles, gained on an earlier turn (2 -> 1), and none off Scouts, gained this turn (2 stays); the
    Hundreds' Bodyguards lose none at her turn's end."""
    tn = st(cat_day())["turn_number"]
    s = cat_day(hired={"nobles": (CAT, 2, tn - 1), "scouts": (CAT, 2, tn), "bodyguards": (LH, 2, tn - 1)},
                score=[9, 0, 0], markers=())
    ev = to_turn_end(s)
    assert [(e[1], e[3], e[4]) for e in events_of(ev, "control_off")] == [(CAT, NOBLES, 1)]
    h = hired(s)
    assert h["bluebird-nobles"][1] == 1 and h["rabbit-scouts"][1] == 2 and h["badger-bodyguards"][1] == 2
    assert s.turn == LH


def test_E9_E_C3_end_of_turn_order_markers_off_then_give_away_then_take():
    """E-9 (LoR 16.4.1.3), E-C3: at the end of the Marquise's turn, in order: (a) the marker comes off
    Nobles (1 -> 0); (b) she gives Nobles away (any other player: the Hundreds or the Wyrm), who rolls
    at once; (c) her owed marker takes the one supply hireling left (Bodyguards) and she rolls."""
    tn = st(cat_day())["turn_number"]
    s = cat_day(hired={"nobles": (CAT, 1, tn - 1), "scouts": (CAT, 2, tn)}, owed={CAT: 1}, score=[9, 0, 0],
                markers=())
    ev = to_turn_end(s)
    assert [e[3] for e in events_of(ev, "control_off")] == [NOBLES]
    assert s.step == "hireling_give" and s.current_player == CAT
    assert set(kinds(s, "hire_give")) == {LH, WY}
    ev = played(s, hire_give(WY))
    assert [(e[1], e[3], e[5]) for e in events_of(ev, "hire")] == [(WY, NOBLES, CAT)]
    assert s.step == "control_die" and st(s)["hr_roller"] == WY
    ev = s.apply_logged(control(0))
    assert [(e[1], e[3], e[5]) for e in events_of(ev, "hire")] == [(CAT, BODYGUARDS, -1)]
    assert s.step == "control_die" and st(s)["hr_roller"] == CAT
    s.apply(control(0))
    h = hired(s)
    assert h["bluebird-nobles"][0] == WY and h["badger-bodyguards"][0] == CAT and h["rabbit-scouts"] == (CAT, 2, tn)
    assert s.turn == LH


@pytest.mark.parametrize("to", [LH, WY])
def test_E9_trapT2_E_C4_the_giver_picks_any_other_player_even_the_leader(to):
    """E-9 (LoR 16.4.1.3; trap E-T2), E-C4: a hireling with no control marker left is given to any
    other player the giver picks -- here the Hundreds lead with 20 VP and may be picked as well as
    the Wyrm; the receiver rolls at once, the leader counting gold pips (E-8 at that moment)."""
    face = next(f for f, (n, g) in enumerate(_core.CONTROL_DIE) if n != g)
    tn = st(cat_day())["turn_number"]
    s = cat_day(hired={"scouts": (CAT, 1, tn - 1)}, score=[3, 20, 0], markers=())
    to_turn_end(s)
    assert s.step == "hireling_give" and set(kinds(s, "hire_give")) == {LH, WY}
    assert CAT not in kinds(s, "hire_give")
    played(s, hire_give(to))
    ev = s.apply_logged(control(face))
    n = faces(gold=(to == LH))[face]
    assert [(e[1], e[3], e[4]) for e in events_of(ev, "control")] == [(to, SCOUTS, n)]
    assert hired(s)["rabbit-scouts"] == (to, n, tn)



def test_E9_trapT3_a_received_hireling_loses_a_marker_at_the_receivers_own_turn_end():
    """E-9 (LoR 16.4.1.3; trap E-T3), E-C4: Scouts given by the Marquise to the Hundreds at the end of her
    turn (rolled there, on her turn) count as gained on a previous turn at the end of the Hundreds' own
    turn: one control marker comes off then (a face with pips read from CONTROL_DIE)."""
    face = max(range(len(_core.CONTROL_DIE)), key=lambda f: faces(gold=False)[f])
    tn = st(cat_day())["turn_number"]
    s = cat_day(hired={"scouts": (CAT, 1, tn - 1)}, score=[3, 0, 9], markers=())
    to_turn_end(s)
    played(s, hire_give(LH))
    s.apply(control(face))
    n = faces(gold=False)[face]                      # the Hundreds (0 VP) trail the Wyrm: all pips
    assert hired(s)["rabbit-scouts"] == (LH, n, tn) and s.turn == LH and n > 0
    ev = to_turn_end(s)
    assert [(e[1], e[3], e[4]) for e in events_of(ev, "control_off")] == [(LH, SCOUTS, n - 1)]


def test_E9_trapT2_the_give_lists_every_other_seat_at_four_seats():
    """E-9 (LoR 16.4.1.3; trap E-T2): at a four-seat table the giver may pick each of the three others
    (not only the last player or the one with the fewest VP)."""
    s0 = hire_table((MARQUISE, HUNDREDS, WYRM, VAGABOND), NSB)
    tn = st(s0)["turn_number"]
    s = hr_position(s0, hired={"bodyguards": (0, 1, tn - 1)}, score=[9, 1, 0, 4], markers=(12,),
                    at=(0, "marquise_daylight"), **_base({}))
    to_turn_end(s)
    assert s.step == "hireling_give" and set(kinds(s, "hire_give")) == {1, 2, 3}


def test_E_C3_a_hireling_rolled_to_zero_stays_until_its_controllers_next_turn_end():
    """E-C3 (LoR 16.4.1.2-3): a hireling gained with no control marker (this turn) is not given away at
    once: the Marquise keeps it through the others' turns; gained on an earlier turn, at her turn's end
    it goes (the give step)."""
    tn = st(cat_day())["turn_number"]
    s = cat_day(hired={"nobles": (CAT, 0, tn)}, score=[9, 0, 0], markers=(12,))
    ev = to_turn_end(s)
    assert s.turn == LH and hired(s)["bluebird-nobles"] == (CAT, 0, tn) and not events_of(ev, "hire")
    to_turn_end(s)
    assert s.turn == WY and hired(s)["bluebird-nobles"] == (CAT, 0, tn)
    s = cat_day(hired={"nobles": (CAT, 0, tn - 1)}, score=[9, 0, 0], markers=(12,))
    ev = to_turn_end(s)
    assert s.step == "hireling_give" and not events_of(ev, "control_off")    # no marker to take off


def test_E_C3_a_roll_of_zero_then_the_next_turn_end_gives_it_away():
    """E-C3 (LoR 16.4.1.2-3), played through: the Marquise (leading) takes Nobles and rolls a face whose
    count is 0 for her; the Hundreds' and the Wyrm's turns pass with Nobles hers; at the end of her
    next turn she gives them away. (Skipped if no face counts 0 for a leader.)"""
    zero = [f for f, n in faces(gold=True).items() if n == 0]
    if not zero:
        pytest.skip("no control die face counts 0 for a leader (CONTROL_DIE)")
    s = cat_day(owed={CAT: 1}, score=[9, 0, 0], markers=(12,))
    to_turn_end(s)
    played(s, hire_take("nobles"))
    s.apply(control(zero[0]))
    assert hired(s)["bluebird-nobles"][:2] == (CAT, 0) and s.turn == LH
    for seat in (LH, WY):
        to_turn_end(s)
        assert hired(s)["bluebird-nobles"][:2] == (CAT, 0)
    assert s.turn == CAT
    to_turn_end(s)
    assert s.step == "hireling_give" and s.turn == CAT


# ---- E-29, W-MP-39: Bluebird Nobles (HIRE) ---------------------------------------------------------

def rulers(s) -> dict:
    """{clearing number: ruling seat} of the clearings someone rules."""
    return {c + 1: r for c in range(12) if (r := _core.ruler_of(s, c)) >= 0}


@pytest.mark.parametrize("owner", [CAT, LH])
def test_E29_the_nobles_controller_rules_where_it_ties_with_a_piece_there(owner):
    """E-29 (HIRE, Bluebird Nobles: "rules clearings where tied", as Lords of the Forest, LoR 7.2.2):
    one Marquise warrior and one Hundreds warrior in 5, in 6 a Hundreds warrior and a wyrmling: the
    Nobles' controller rules 5; in 6 the Marquise has no piece, so with her as controller nobody rules
    it (ties need the controller's piece there), with the Hundreds they rule it; an empty clearing (7)
    is no tie at 0."""
    s = cat_day(warriors={1: 1, 5: 1}, hundreds={5: 1, 6: 1}, wyrmlings={6: 1, 2: 1}, hired={"nobles": (owner, 2, 0)})
    r = rulers(s)
    assert r[5] == owner
    assert r.get(6, -1) == (LH if owner == LH else -1)
    assert 7 not in r


def test_E29_without_a_controller_the_nobles_decide_no_tie():
    """E-29 (HIRE): Bluebird Nobles in the supply: a tie of rule stays a tie (nobody rules)."""
    s = cat_day(warriors={1: 1, 5: 1}, hundreds={5: 1})
    assert 5 not in rulers(s) and rulers(s)[1] == CAT


@pytest.mark.parametrize("ruled", [2, 3, 5, 6, 8, 9])
def test_E29_start_of_birdsong_one_vp_per_three_ruled_clearings(ruled):
    """E-29 (HIRE, Bluebird Nobles; E-13, LoR 16.4.2.3): at the start of her Birdsong the Nobles'
    controller scores 1 VP per three clearings she rules, rounded down (the Keep's clearing 1 and
    ruled-clearings-1 more with a warrior each; 2 the Wyrm's, 9 the Hundreds')."""
    more = [c for c in (3, 4, 5, 6, 7, 8, 10, 11, 12)][:ruled - 1]
    warriors = {1: 1, **{c: 1 for c in more}}
    s = hr_position(nsb(), turn_of=CAT, hired={"nobles": (CAT, 2, 0)},
                    **_base(dict(warriors=warriors)))
    assert sum(1 for r in rulers(s).values() if r == CAT) == ruled
    assert st(s)["score"][CAT] == ruled // 3


def test_E29_the_nobles_vp_event_names_the_clearings_counted():
    """E-29 (HIRE): the VP event of reason `nobles` (seat, amount, detail: the ruled clearings counted,
    a multiple of three) comes at the start of the controller's Birdsong, once the Wyrm's turn ends: seven
    ruled clearings count six, 2 VP."""
    s = hr_position(nsb(), at=(WY, "wyrm_daylight"), hired={"nobles": (CAT, 2, 0)},
                    **_base(dict(warriors={1: 1, 3: 1, 4: 1, 5: 1, 6: 1, 7: 1, 8: 1})))
    ev = to_turn_end(s)
    assert s.turn == CAT
    assert [(e[1], e[4], e[5]) for e in vp_events(ev, "nobles")] == [(CAT, 2, 6)]


def test_E29_no_nobles_vp_for_a_seat_not_controlling_them():
    """E-29 (HIRE): the Marquise rules seven clearings but the Hundreds control the Nobles: at the start
    of her Birdsong she scores nothing for them."""
    s = hr_position(nsb(), turn_of=CAT, hired={"nobles": (LH, 2, 0)},
                    **_base(dict(warriors={1: 1, 3: 1, 4: 1, 5: 1, 6: 1, 7: 1, 8: 1}, score=[0, 1, 0])))
    assert st(s)["score"][CAT] == 0


def test_W_MP_39_E29_the_wyrms_nobles_vp_come_before_intimidate():
    """W-MP-39, E-29 (HIRE; E-13, LoR 16.4.2.3): the Wyrm controls the Nobles and rules five clearings
    (the pawn in 2, wyrmlings in 3 4 5 6) with a scared fear token in 7: at the start of its Birdsong it
    scores 1 VP (five ruled) before Intimidate places wyrmlings in 7 (a sixth would have made 2)."""
    s = hr_position(nsb(), turn_of=WY, hired={"nobles": (WY, 2, 0)},
                    **_base(dict(wyrmlings={3: 1, 4: 1, 5: 1, 6: 1}, pawn=2, fear={7: 1}, score=[1, 0, 0])))
    assert s.step == "wyrm_intimidate"
    assert st(s)["score"][WY] == 1
    la = s.legal_actions()
    s.apply(max(la))                                 # the most wyrmlings into 7
    assert rulers(s)[7] == WY and sum(1 for r in rulers(s).values() if r == WY) == 6
    assert st(s)["score"][WY] == 1


# ---- E-33: Rabbit Scouts (HIRE) -----------------------------------------------------------------------

def scouts_battle(owner=LH, hand=("R#bakesale", "B#crossbow", "F#anvil"), known=False, **kw):
    """The Marquise's Daylight: three Marquise warriors and three Hundreds warriors in 5 (rabbit), the
    Scouts controlled by owner, the Hundreds holding hand; she attacks the Hundreds there."""
    edit = (lambda d: known_to_all(d, LH)) if known else None
    s = cat_day(warriors={1: 1, 5: 3}, hundreds={5: 3}, hands={LH: list(hand)}, hired={"scouts": (owner, 2, 0)},
                edit=edit, **kw)
    played(s, battle(5, LH))
    return s


def test_E33_the_defender_controlling_the_scouts_is_asked_before_the_roll():
    """E-33 (HIRE, Rabbit Scouts: "defending, before the roll"): the Hundreds, attacked in 5 (rabbit),
    are asked after the ambush and before the roll: pass, or a card matching the clearing -- the
    rabbit card or the bird card (birds match any clearing), never the fox card."""
    s = scouts_battle()
    drive_battle(s, "rabbit_scouts")
    assert s.current_player == LH and not s.is_chance_node()
    assert PASS in s.legal_actions()
    assert set(kinds(s, "scouts")) == {cid("R#bakesale"), cid("B#crossbow")}


@pytest.mark.parametrize("tok", ["R#bakesale", "B#crossbow"])
def test_E33_spending_a_matching_card_the_defender_deals_the_higher_roll(tok):
    """E-33 (HIRE, Rabbit Scouts: "take the higher roll and give the attacker the lower", as Guerrilla
    War): the Hundreds spend the card (to the discard pile; event `scouts`); the roll 2-1 then deals 2
    hits to the Marquise and 1 to the Hundreds: three Marquise warriors -> 1, three Hundreds -> 2."""
    s = scouts_battle()
    drive_battle(s, "rabbit_scouts")
    ev = played(s, scouts(tok))
    assert [(e[1], e[2] + 1, e[3]) for e in events_of(ev, "scouts")] == [(LH, 5, cid(tok))]
    d = st(s)
    assert d["battle"]["scouts"] == 1 and d["hand"][LH][cid(tok)] == 0 and d["discard"][cid(tok)] >= 1
    drive_battle(s, "marquise_daylight", roll=(2, 1))
    d = st(s)
    assert d["warriors"][4] == 1 and d["hundreds"][4] == 2


def test_E33_a_pass_keeps_the_normal_roll():
    """E-33 (HIRE): the Hundreds pass: the attacker deals the higher roll as usual (2-1: the Hundreds 3
    -> 1, the Marquise 3 -> 2) and the cards stay in hand."""
    s = scouts_battle()
    drive_battle(s, "rabbit_scouts")
    played(s, PASS)
    assert st(s)["battle"]["scouts"] == 2
    drive_battle(s, "marquise_daylight", roll=(2, 1))
    d = st(s)
    assert d["warriors"][4] == 2 and d["hundreds"][4] == 1 and d["hand_size"][LH] == 3


def test_E33_not_asked_without_a_matching_card_when_the_hand_is_known_to_all():
    """E-33 (HIRE; issue 29 item 5): holding only a fox card, known to every other player, the Hundreds
    are not asked (everyone can tell they cannot pay); the same hand unknown to the others is asked
    (pass the only answer), so the question reveals nothing."""
    s = scouts_battle(hand=("F#anvil",), known=True)
    drive_battle(s, "battle_roll")
    assert st(s)["battle"]["scouts"] == 0
    s = scouts_battle(hand=("F#anvil",), known=False)
    drive_battle(s, "rabbit_scouts")
    assert s.legal_actions() == [PASS]


def test_E33_not_asked_with_an_empty_hand():
    """E-33 (HIRE): a defender with no card has nothing to spend: no question."""
    s = scouts_battle(hand=())
    drive_battle(s, "battle_roll")
    assert st(s)["battle"]["scouts"] == 0


@pytest.mark.parametrize("owner", [CAT, WY, None])
def test_E33_only_the_defender_controlling_the_scouts_is_asked(owner):
    """E-33 (HIRE: "Controller, defending"): the Scouts controlled by the attacker (the Marquise), by a
    third player (the Wyrm) or by nobody: the defending Hundreds, holding matching cards, are not
    asked."""
    if owner is None:
        s = cat_day(warriors={1: 1, 5: 3}, hundreds={5: 3}, hands={LH: ["R#bakesale"]})
        played(s, battle(5, LH))
    else:
        s = scouts_battle(owner=owner, hand=("R#bakesale",))
    drive_battle(s, "battle_roll")
    assert st(s)["battle"]["scouts"] == 0


def test_E33_the_controller_attacking_is_not_asked():
    """E-33 (HIRE: "defending"): the Hundreds control the Scouts and attack the Marquise in 5: no
    question for either side; the roll 2-1 deals the higher to the Marquise as usual."""
    s = lh_day(warriors={1: 1, 5: 3}, hundreds={5: 3}, hands={LH: ["R#bakesale"], CAT: ["R#roottea"]},
               hired={"scouts": (LH, 2, 0)})
    played(s, battle(5, CAT))
    drive_battle(s, "battle_roll")
    assert st(s)["battle"]["scouts"] == 0
    drive_battle(s, "hundreds_daylight", roll=(2, 1))
    d = st(s)
    assert d["warriors"][4] == 1 and d["hundreds"][4] == 2


@pytest.mark.parametrize("use", [True, False], ids=["bitter", "pass"])
def test_E33_H24_after_bitter_before_the_roll(use):
    """E-33 (HIRE: "before the roll"; docs §8: after Bitter, before the Arbiter), H-24 (LoR 14.7.1): the
    Hundreds, Bitter with the warlord and a mob in 5, control the Scouts and are attacked there: first
    Bitter (the mob becomes a warrior, or a pass), then the Scouts' question, then the roll."""
    from hundreds_positions import bitter
    s = cat_day(warriors={1: 1, 5: 3}, hundreds={5: 1}, warlord=5, mobs=(5,), mood="bitter",
                hands={LH: ["R#bakesale"]}, hired={"scouts": (LH, 2, 0)})
    played(s, battle(5, LH))
    drive_battle(s, "bitter")                        # (the ambush question passed)
    assert s.current_player == LH
    played(s, bitter(5) if use else PASS)
    assert st(s)["hundreds"][4] == (2 if use else 1)
    assert s.step == "rabbit_scouts" and s.current_player == LH
    played(s, scouts("R#bakesale"))
    assert s.step == "battle_roll"


def test_E33_asked_in_the_warlords_clearing_without_bitter():
    """E-33 (HIRE): the same battle with the Hundreds Rowdy (no Bitter): the Scouts' question comes
    before the roll (so the xfail above is Bitter's hand-over alone)."""
    s = cat_day(warriors={1: 1, 5: 3}, hundreds={5: 1}, warlord=5, mobs=(5,), mood="rowdy",
                hands={LH: ["R#bakesale"]}, hired={"scouts": (LH, 2, 0)})
    played(s, battle(5, LH))
    drive_battle(s, "rabbit_scouts")
    assert s.current_player == LH


# ---- E-44: Badger Bodyguards (HIRE) -------------------------------------------------------------------

def ignored_of(ev) -> list:
    """(seat, clearing number, hits, why name) of the `ignored` events."""
    return [(e[1], e[2] + 1, e[4], _core.IGNORE_WHYS[e[3]]) for e in events_of(ev, "ignored")]


@pytest.mark.parametrize("rolled, left", [(1, 3), (2, 2), (3, 1)])
def test_E44_the_controller_ignores_the_first_hit_it_takes_in_a_battle(rolled, left):
    """E-44 (HIRE, Badger Bodyguards): the Marquise controls them; the Hundreds attack her three
    warriors in 5 and roll `rolled` hits: the first is ignored (event `ignored`, why
    badger_bodyguards), only once in the battle."""
    s = lh_day(warriors={1: 1, 5: 3}, hundreds={5: 3}, hired={"bodyguards": (CAT, 2, 0)})
    played(s, battle(5, CAT))
    ev = drive_logged(s, "hundreds_daylight", roll=(rolled, 0))
    assert st(s)["warriors"][4] == left
    assert ignored_of(ev) == [(CAT, 5, 1, "badger_bodyguards")]


def test_E44_attacking_too():
    """E-44 (HIRE: "the first hit it takes in battle", attacking or defending): the Marquise attacks
    the Hundreds in 5, roll 2-1: the Hundreds' one hit on her is ignored (3 warriors stay)."""
    s = cat_day(warriors={1: 1, 5: 3}, hundreds={5: 3}, hired={"bodyguards": (CAT, 2, 0)})
    played(s, battle(5, LH))
    ev = drive_logged(s, "marquise_daylight", roll=(2, 1))
    d = st(s)
    assert d["warriors"][4] == 3 and d["hundreds"][4] == 1
    assert ignored_of(ev) == [(CAT, 5, 1, "badger_bodyguards")]



def test_E44_an_ambushs_hits_are_the_first_taken():
    """E-44 (HIRE: "the first hit it takes in battle"), as I-C6 reads Devout Knights: the Marquise, with
    the Bodyguards, attacks the Hundreds in 5 with three warriors; the Hundreds ambush (two hits): one
    is ignored, one warrior falls; the roll's hit then takes another (one left)."""
    s = cat_day(warriors={1: 1, 5: 3}, hundreds={5: 2}, hands={LH: ["R#ambush"]}, hired={"bodyguards": (CAT, 2, 0)})
    played(s, battle(5, LH))
    assert s.step == "battle_ambush"
    ev = drive_logged(s, "marquise_daylight", ambush="R#ambush", roll=(1, 1))
    assert st(s)["warriors"][4] == 1
    assert ignored_of(ev) == [(CAT, 5, 1, "badger_bodyguards")]


@pytest.mark.parametrize("owner", [WY, None])
def test_E44_only_for_their_controller(owner):
    """E-44 (HIRE: "Controller"): the Bodyguards controlled by the Wyrm, or by nobody: the Marquise
    loses a warrior for each of the Hundreds' two hits, nothing ignored."""
    h = {"bodyguards": (owner, 2, 0)} if owner is not None else None
    s = lh_day(warriors={1: 1, 5: 3}, hundreds={5: 3}, hired=h)
    played(s, battle(5, CAT))
    ev = drive_logged(s, "hundreds_daylight", roll=(2, 0))
    assert st(s)["warriors"][4] == 1 and ignored_of(ev) == []


def test_E44_H30_does_not_combine_with_stubborn_one_hit_ignored():
    """E-44 (HIRE: "does not combine"), H-30 (LoR 14.7.7: Stubborn "does not combine with other
    abilities that ignore the first hit"): the Hundreds, Stubborn, control the Bodyguards; the Marquise
    attacks three Hundreds warriors and the warlord in 5, roll 3-0: one hit is ignored (Stubborn's), two
    warriors fall; one `ignored` event."""
    s = cat_day(warriors={1: 1, 5: 3}, hundreds={5: 3}, warlord=5, mood="stubborn", hired={"bodyguards": (LH, 2, 0)})
    played(s, battle(5, LH))
    ev = drive_logged(s, "marquise_daylight", roll=(3, 0), hits=(remove("hundred", 5), remove("hundred", 5)))
    d = st(s)
    assert d["hundreds"][4] == 1 and d["warlord"] == 4
    assert ignored_of(ev) == [(LH, 5, 1, "stubborn")]


def test_E44_stubborn_elsewhere_the_bodyguards_ignore():
    """E-44 (HIRE), H-30 (LoR 14.7.7: Stubborn only in the warlord's clearing): the Hundreds are
    Stubborn but the warlord is in 9; attacked in 5, roll 2-0, the Bodyguards ignore the first hit
    (why badger_bodyguards): one of three warriors falls."""
    s = cat_day(warriors={1: 1, 5: 3}, hundreds={5: 3, 9: 1}, warlord=9, mood="stubborn",
                hired={"bodyguards": (LH, 2, 0)})
    played(s, battle(5, LH))
    ev = drive_logged(s, "marquise_daylight", roll=(2, 0))
    assert st(s)["hundreds"][4] == 2
    assert ignored_of(ev) == [(LH, 5, 1, "badger_bodyguards")]


def test_E44_E6_devout_knights_never_meet_the_bodyguards():
    """E-44 (HIRE: "does not combine" with Devout Knights, LoR 15.2.4), E-6 (LoR 16.1.6.5): Badger
    Bodyguards are the Vault Keepers' card, which keeps the Keepers out: no game has both (the option
    refuses the table, State.from_dict a state that has them)."""
    with pytest.raises(ConfigError, match="keeps keepers out"):
        _core.State(0, factions=(MARQUISE, KEEPERS, WYRM), hirelings=(NOBLES, SCOUTS, BODYGUARDS))
    import keepers_positions as kp
    d = st(kp.three_table())
    d.update(hr_kind=[NOBLES, SCOUTS, BODYGUARDS], hr_markers=7)
    with pytest.raises(Exception, match="keepers beside badger-bodyguards"):
        _core.State.from_dict(d)


# ---- E-26, W-MP-42, E-C22: Feline Physicians (HIRE) -----------------------------------------------------

LH0, LZ, WY2 = 0, 1, 2                      # the PSB table (Hundreds, Lizards, Wyrm)


def psb():
    return hire_table((HUNDREDS, LIZARDS, WYRM), PSB)


PSB_BASE = dict(warlord=None, strongholds={}, mood="rowdy", pawn=2, wyrmlings={}, lizards={12: 1}, gardens={})


def psb_pos(**kw):
    for k, v in PSB_BASE.items():
        kw.setdefault(k, v)
    return hr_position(psb(), **kw)


def lh0_attacks_wyrm(owner=LH0, hand=("R#bakesale", "F#anvil", "B#crossbow"), **kw):
    """The Hundreds (seat 0) attack two wyrmlings in 5 (rabbit) with three warriors (more in 9 and 3),
    the Physicians controlled by owner; the roll 2-2 takes two Hundreds warriors."""
    kw.setdefault("hundreds", {5: 3, 9: 1, 3: 1})
    kw.setdefault("wyrmlings", {5: 2})
    s = psb_pos(at=(LH0, "hundreds_daylight"), command_left=3, hands={LH0: list(hand)},
                hired={"physicians": (owner, 2, 0)} if owner is not None else None, **kw)
    played(s, battle(5, WY2))
    return s


def test_E26_the_controllers_removed_warriors_saved_for_a_matching_card_into_a_clearing_of_its_pieces():
    """E-26 (HIRE, Feline Physicians: as Field Hospitals, LoR 6.2.3): the Hundreds control them and lose
    two warriors in 5 (rabbit): they are asked (field_hospitals, their own decision) to spend a card
    matching 5 -- the rabbit or the bird card, not the fox -- then pick a clearing with Hundreds pieces
    (3, 5 or 9); the two warriors come back from the supply into 9 (event `hospital` names it)."""
    s = lh0_attacks_wyrm()
    drive_battle(s, "field_hospitals", roll=(2, 2))
    assert s.current_player == LH0
    assert PASS in s.legal_actions() and set(kinds(s, "hospital")) == {cid("R#bakesale"), cid("B#crossbow")}
    supply = st(s)["hundred_supply"]
    played(s, hospital("R#bakesale"))
    assert s.step == "feline_physicians" and s.current_player == LH0
    assert {c + 1 for c in kinds(s, "physicians")} == {3, 5, 9}
    ev = played(s, physicians(9))
    assert [(e[1], e[2] + 1, e[4]) for e in events_of(ev, "hospital")] == [(LH0, 9, 2)]
    d = st(s)
    assert d["hundreds"][8] == 3 and d["hundreds"][4] == 1 and d["hundred_supply"] == supply - 2
    assert d["hand"][LH0][cid("R#bakesale")] == 0 and s.step == "hundreds_daylight"


def test_E26_a_pass_leaves_them_in_the_supply():
    """E-26 (HIRE: "may spend"): passing, the two warriors stay in the supply and the card in hand."""
    s = lh0_attacks_wyrm()
    drive_battle(s, "field_hospitals", roll=(2, 2))
    played(s, PASS)
    d = st(s)
    assert s.step == "hundreds_daylight" and d["hundreds"][4] == 1 and d["hand"][LH0][cid("R#bakesale")] == 1


def test_E26_one_clearing_possible_the_warriors_go_there_at_once():
    """E-26 (HIRE; docs §8): with Hundreds pieces left only in 5 after the battle, the card brings the
    warriors straight back there (no clearing question)."""
    s = lh0_attacks_wyrm(hundreds={5: 3})
    drive_battle(s, "field_hospitals", roll=(2, 2))
    ev = played(s, hospital("B#crossbow"))
    assert s.step == "hundreds_daylight"
    assert [(e[2] + 1, e[4]) for e in events_of(ev, "hospital")] == [(5, 2)]
    assert st(s)["hundreds"][4] == 3



def test_E26_LoR_12_2_3_the_price_of_failure_waits_for_the_battle_to_end():
    """E-26 (HIRE, as Field Hospitals), LoR 12.2.3 (the Price of Failure after the battle: a battle's
    hits are one removal, LoR 4.3.4, as duchy.pxi reads it for Field Hospitals): the Duchy control the
    Physicians and defend in 5 (a mole and a citadel) against three Hundreds warriors; the roll 2-1 takes
    the mole and the citadel. The Duchy save the mole (a rabbit card, then the clearing: 3 or 10); then
    the Hundreds take their hit; only then, the battle over, the Duchy lose their minister and a card."""
    from duchy_positions import MINISTERS
    s0 = hire_table((HUNDREDS, DUCHY, WYRM), PSB)
    s = hr_position(s0, at=(0, "hundreds_daylight"), command_left=3, hundreds={5: 3}, warlord=None, strongholds={},
                    mood="rowdy", moles={5: 1, 3: 1, 10: 1}, citadels={5: 1}, swayed=(list(MINISTERS)[0],),
                    wyrmlings={7: 1}, pawn=7, hands={1: ["R#bakesale", "F#anvil"]}, hired={"physicians": (1, 2, 0)})
    played(s, battle(5, 1))
    order = []
    for _ in range(30):
        if s.step == "hundreds_daylight":
            break
        if s.step == "battle_roll":
            a = dice(2, 1)
        elif s.step == "field_hospitals":
            a = hospital("R#bakesale")
        elif s.step == "feline_physicians":
            a = physicians(3)
        else:
            a = s.chance_outcomes()[0][0] if s.is_chance_node() else s.legal_actions()[0]
        for e in s.apply_logged(a):
            name = _core.EVENT_KINDS[e[0]]
            if name == "hospital" or name == "failure" or (name == "remove" and e[1] == 0):
                order.append(name)
    assert order == ["hospital", "remove", "failure"]


@pytest.mark.parametrize("owner", [WY2, LZ, None])
def test_E26_only_the_controllers_warriors(owner):
    """E-26 (HIRE: "Controller: whenever your warriors are removed"): the Physicians controlled by the
    Wyrm (the other side of this battle), by the Lizards or by nobody: the Hundreds' two lost warriors
    are not asked about."""
    s = lh0_attacks_wyrm(owner=owner)
    drive_battle(s, "hundreds_daylight", roll=(2, 2))
    assert st(s)["hundreds"][4] == 1


def test_E26_not_asked_without_a_matching_card_when_the_hand_is_known_to_all():
    """E-26 (HIRE), as Field Hospitals (issue 29 item 5): holding only a fox card known to everyone, the
    Hundreds are not asked about warriors lost in rabbit 5."""
    s0 = lh0_attacks_wyrm(hand=("F#anvil",))
    d = st(s0)
    known_to_all(d, LH0)
    s = _core.State.from_dict(d)
    drive_battle(s, "hundreds_daylight", roll=(2, 2))
    assert st(s)["hundreds"][4] == 1 and st(s)["hand"][LH0][cid("F#anvil")] == 1


def test_E26_never_where_the_controller_may_not_place():
    """E-26 (HIRE: "in a clearing with your faction pieces"; LoR 13.7.2): Hundreds warriors in 9 under
    a face-up Corvid snare: the Physicians may not place them there; 3 and 5 remain."""
    s0 = hire_table((HUNDREDS, CORVIDS, WYRM), PSB)
    s = hr_position(s0, at=(0, "hundreds_daylight"), command_left=3, hundreds={5: 3, 9: 1, 3: 1}, warlord=None,
                    strongholds={}, mood="rowdy", wyrmlings={5: 2}, pawn=2, corvids={9: 1},
                    plots={9: ("snare", True)}, hands={0: ["R#bakesale"]}, hired={"physicians": (0, 2, 0)})
    played(s, battle(5, 2))
    drive_battle(s, "field_hospitals", roll=(2, 2))
    played(s, hospital("R#bakesale"))
    assert s.step == "feline_physicians"
    assert {c + 1 for c in kinds(s, "physicians")} == {3, 5}


def test_W_MP_42_the_wyrm_saves_wyrmlings_into_a_clearing_with_its_pieces():
    """W-MP-42, E-26 (HIRE): the Wyrm controls the Physicians; the Hundreds attack its two wyrmlings in 5
    and take both (roll 2-0): the Wyrm (asked at its opponent's turn) spends a rabbit card and places
    them in a clearing with Wyrm pieces: the pawn's 2 or the fear token's 7 (5 holds none now)."""
    s = psb_pos(at=(LH0, "hundreds_daylight"), command_left=3, hundreds={5: 3}, wyrmlings={5: 2}, pawn=2,
                fear={7: 2}, hands={WY2: ["R#bakesale"]}, hired={"physicians": (WY2, 2, 0)})
    played(s, battle(5, WY2))
    drive_battle(s, "field_hospitals", roll=(2, 0))
    assert s.current_player == WY2
    played(s, hospital("R#bakesale"))
    assert s.step == "feline_physicians" and s.current_player == WY2
    assert {c + 1 for c in kinds(s, "physicians")} == {2, 7}
    played(s, physicians(7))
    d = st(s)
    assert d["wyrmlings"][6] == 2 and d["wyrmlings"][4] == 0 and s.step == "hundreds_daylight"


def test_W_MP_42_never_the_pawn():
    """W-MP-42 (the Physicians save wyrmlings, never the pawn): the Hundreds hit the Wyrm's pawn alone
    in 5 (an empty Lair: it flees to a forest): no field_hospitals question for the Wyrm."""
    s = psb_pos(at=(LH0, "hundreds_daylight"), command_left=3, hundreds={5: 3}, wyrmlings={7: 1}, pawn=5,
                hands={WY2: ["R#bakesale", "B#crossbow"]}, hired={"physicians": (WY2, 2, 0)})
    played(s, battle(5, WY2))
    for _ in range(20):
        if s.step == "hundreds_daylight":
            break
        assert s.step != "field_hospitals"
        if s.step == "battle_roll":
            s.apply(dice(1, 0))
        else:
            s.apply(s.legal_actions()[0])
    assert s.step == "hundreds_daylight" and st(s)["hand_size"][WY2] == 2


def test_W_MP_42_the_keeps_clearing_is_out_of_reach():
    """W-MP-42 ("never the Keep's clearing"): Feline Physicians keep the Marquise and the Mechanical
    Marquise out (E-6, E-C15), so no Keep stands beside them and this part cannot be reached."""
    with pytest.raises(ConfigError):
        _core.State(0, factions=(MARQUISE, HUNDREDS, WYRM), hirelings=(PHYSICIANS, SCOUTS, BODYGUARDS))
    pytest.skip("no Keep beside Feline Physicians (E-6): W-MP-42's Keep clause is unreachable")


def favor_of_the_mice():
    """The Wyrm's Daylight: it crafts Favor of the Mice (mouse 2 7 9 11) with three mouse fear tokens;
    the Hundreds, controlling the Physicians, have two warriors in 9, one in 11, one each in 3 and 5,
    and two mouse cards."""
    s = psb_pos(at=(WY2, "wyrm_daylight"), hundreds={9: 2, 11: 1, 3: 1, 5: 1}, fear={2: 2, 7: 2, 11: 2},
                pawn=4, hands={WY2: ["M#favorofthemice"], LH0: ["M#roottea", "M#sword"]},
                hired={"physicians": (LH0, 2, 0)})
    played(s, craft("M#favorofthemice"))
    return s


def test_E26_a_favor_removing_the_controllers_warriors_asks_too():
    """E-26 (HIRE: "whenever"; docs §8): the Wyrm's Favor of the Mice removes the Hundreds' two warriors in
    9 and one in 11: the Hundreds (controlling the Physicians) are asked for each clearing, here saving
    the two of 9 into 3 with a mouse card and passing for the one of 11."""
    s = favor_of_the_mice()
    assert s.step == "field_hospitals" and s.current_player == LH0
    assert set(kinds(s, "hospital")) == {cid("M#roottea"), cid("M#sword")}
    played(s, hospital("M#roottea"))
    assert s.step == "feline_physicians" and {3, 5} <= {c + 1 for c in kinds(s, "physicians")}
    played(s, physicians(3))
    assert s.step == "field_hospitals"               # then the warrior of 11
    played(s, PASS)
    d = st(s)
    assert s.step == "wyrm_daylight" and d["hundreds"][2] == 3 and d["hundreds"][8] == 0 and d["hundreds"][10] == 0


def test_E26_a_favors_saved_warriors_never_go_to_a_clearing_the_same_favor_clears():
    """E-26 (HIRE: "a clearing with your faction pieces"), LoR 4.1 Favors ("remove all enemy pieces in
    clearings of the suit", at once; as tests/test_cards_favors.py reads it for the Keep): when the
    Hundreds save their warriors of 9, the Hundreds' warrior in 11 is removed by the same Favor, so 11
    holds no Hundreds piece any more: only 3 and 5 may receive them."""
    s = favor_of_the_mice()
    played(s, hospital("M#roottea"))
    assert {c + 1 for c in kinds(s, "physicians")} == {3, 5}


def test_E_C22_lizard_warriors_going_to_the_acolytes_are_not_saved():
    """E-C22 (LoR 10.2.3 Revenge; HIRE, Feline Physicians): the Lizards control the Physicians and defend
    in 5 against the Hundreds, roll 2-0: their two warriors go to the Acolytes box, not the supply, so
    the Physicians are not asked though the Lizards hold a rabbit card."""
    s = psb_pos(at=(LH0, "hundreds_daylight"), command_left=3, hundreds={5: 3}, lizards={5: 2, 12: 1},
                hands={LZ: ["R#bakesale"]}, hired={"physicians": (LZ, 2, 0)})
    acolytes = st(s)["acolytes"]
    played(s, battle(5, LZ))
    for _ in range(20):
        if s.step == "hundreds_daylight":
            break
        assert s.step != "field_hospitals"
        s.apply(dice(2, 0) if s.step == "battle_roll" else s.legal_actions()[0])
    d = st(s)
    assert d["lizards"][4] == 0 and d["acolytes"] == acolytes + 2 and d["hand"][LZ][cid("R#bakesale")] == 1


def test_E_C22_lizard_warriors_removed_by_a_favor_are_saved():
    """E-C22 (LoR 10.2.3: Revenge only when defending in battle), E-26: the Wyrm's Favor of the Rabbits
    removes the Lizards' warriors in 5 to the supply: the Lizards, controlling the Physicians, are
    asked (a rabbit card)."""
    s = psb_pos(at=(WY2, "wyrm_daylight"), hundreds={9: 1}, lizards={5: 2, 12: 1}, fear={3: 2, 4: 2, 10: 2}, pawn=7,
                hands={WY2: ["R#favoroftherabbits"], LZ: ["R#bakesale"]}, hired={"physicians": (LZ, 2, 0)})
    played(s, craft("R#favoroftherabbits"))
    assert s.step == "field_hospitals" and s.current_player == LZ
    ev = played(s, hospital("R#bakesale"))
    assert [(e[2] + 1, e[4]) for e in events_of(ev, "hospital")] == [(12, 2)]
    assert st(s)["lizards"][11] == 3



# ---- the state dict: impossible hireling states refused, every hireling step round-trips ---------------

def _set(**fields):
    def fn(d):
        for k, v in fields.items():
            if k == "step":
                d["step"] = _core.STEP_NAMES.index(v)
            elif k.startswith("battle."):
                d["battle"][k[7:]] = v
            else:
                d[k] = v
    return fn


def _idx(*pairs):
    """An edit setting d[field][i] = v for each (field, i, v)."""
    def fn(d):
        for k, i, v in pairs:
            d[k][i] = v
    return fn


REFUSED = {
    "same side twice (two sides of one card)": (_set(hr_kind=[NOBLES, NOBLES, SCOUTS]),
                                                "two sides of one hireling card"),
    "a side not built": (_set(hr_kind=[NOBLES, SCOUTS, 6]), "sides of the ones built"),
    "two hirelings, not three": (_set(hr_kind=[NOBLES, SCOUTS, -1]), "sides of the ones built"),
    "a controller past the table": (_idx(("hr_owner", 0, 3)), "past the table"),
    "control markers in the supply": (_idx(("hr_control", 0, 2)), "in the supply with control markers"),
    "a turn gained in the supply": (_idx(("hr_gained", 0, 1)), "in the supply with control markers or a turn gained"),
    "gained on a turn to come": (lambda d: (_idx(("hr_owner", 0, 1), ("hr_gained", 0, d["turn_number"] + 1))(d),
                                            d.__setitem__("hr_markers", 6)), "turn still to come"),
    "a marker owed past the table": (lambda d: d.__setitem__("hr_owed", d["hr_owed"] + [1]), "hr_owed' has shape"),
    "more gained than markers taken": (_idx(("hr_owner", 0, 1)), "more hirelings gained or owed"),
    "more owed than markers taken": (_idx(("hr_owed", 1, 1)), "more hirelings gained or owed"),
    "a marker still on the track behind a score": (_idx(("score", 2, 5)), "space 4 still on the track behind"),
    "the give step outside the end of a turn": (_set(step="hireling_give"), "end of a turn under way at another step"),
    "an end-of-turn stage at another step": (_set(hr_stage=1), "end of a turn under way at another step"),
    "the control die with no roller": (_set(step="control_die", hr_stage=2, hr_now=0, hr_markers=6,
                                            hr_owner=[0, -1, -1]), "control die rolled for no hireling"),
    "the take step with no marker owed": (_set(step="hireling_take", hr_stage=2), "no hireling marker owed"),
    "a roller away from the control die": (_set(hr_roller=1), "roller away from the control die"),
    "a hireling being given away from the steps": (_set(hr_now=1), "given, rolled for, set up or acting away from those steps"),
    "the Scouts asked of a defender without them": (_set(step="rabbit_scouts"), "Rabbit Scouts asked of a defender"),
    "a control count out of range": (_idx(("hr_control", 0, 9)), "hr_control"),
}


@pytest.mark.parametrize("name", REFUSED)
def test_state_dict_refuses_impossible_hireling_states(name):
    """§8 (state): State.from_dict refuses what no game with hirelings reaches (docs §4: E-1 three sides
    of three cards, E-5 markers on the track only ahead of every score, E-7 one hireling per marker,
    E-9/E-C3 the end-of-turn steps in their order, E-33 the Scouts' question only for their
    controller defending); the message names the problem. (The NSB table after setup.)"""
    edit, msg = REFUSED[name]
    d = copy.deepcopy(st(nsb()))
    assert _core.State.from_dict(copy.deepcopy(d)) == nsb()
    edit(d)
    with pytest.raises(Exception, match=msg):
        _core.State.from_dict(d)


@pytest.mark.parametrize("edit, msg", [
    (_set(hr_markers=7), "hireling fields in a game without hirelings"),
    (_idx(("hr_owed", 0, 1)), "hireling fields in a game without hirelings"),
    (_set(hr_stage=2), "hireling fields in a game without hirelings"),
    (_set(step="hireling_take"), "a hireling step"),
    (_set(step="control_die"), "a hireling step"),
    (_set(**{"battle.scouts": 1}), "a hireling step"),
], ids=["markers", "owed", "stage", "take step", "control die", "scouts used"])
def test_state_dict_refuses_hireling_steps_and_fields_without_hirelings(edit, msg):
    """§8 (state), E-1 (LoR 16.1.6: optional): a game without hirelings holds no hireling marker, owed
    marker, stage or step."""
    import hundreds_positions as hp
    d = copy.deepcopy(st(hp.three_table()))
    edit(d)
    with pytest.raises(Exception, match=msg):
        _core.State.from_dict(d)


def test_state_dict_refuses_a_faction_beside_its_hireling_card():
    """E-6 (LoR 16.1.6.5; trap E-T6): a state seating the Eyrie beside Bluebird Nobles is refused."""
    s = table_eyrie = hire_table((EYRIE, HUNDREDS, WYRM), PSB)
    d = copy.deepcopy(st(table_eyrie))
    d["hr_kind"] = [PHYSICIANS, NOBLES, BODYGUARDS]
    with pytest.raises(Exception, match="eyrie beside bluebird-nobles"):
        _core.State.from_dict(d)
    assert s.hirelings == (PHYSICIANS, SCOUTS, BODYGUARDS)


def _at_every_hireling_step():
    """States at each hireling step: take, control die, give, the Scouts' question, the Physicians'
    clearing."""
    out = {}
    s = cat_day(owed={CAT: 1}, score=[5, 0, 0])
    to_turn_end(s)
    out["hireling_take"] = s.clone()
    played(s, hire_take("nobles"))
    out["control_die"] = s.clone()
    tn = st(cat_day())["turn_number"]
    s = cat_day(hired={"scouts": (CAT, 1, tn - 1)}, score=[5, 0, 0])
    to_turn_end(s)
    out["hireling_give"] = s.clone()
    played(s, hire_give(LH))
    out["control_die (given)"] = s.clone()
    s = scouts_battle()
    drive_battle(s, "rabbit_scouts")
    out["rabbit_scouts"] = s.clone()
    s = lh0_attacks_wyrm()
    drive_battle(s, "field_hospitals", roll=(2, 2))
    out["field_hospitals"] = s.clone()
    played(s, hospital("R#bakesale"))
    out["feline_physicians"] = s.clone()
    return out


def test_state_dict_round_trips_at_every_hireling_step():
    """§8 (state): at each hireling step (take, the control die after a take and after a give, give, the
    Scouts' question, Field Hospitals and the Physicians' clearing) the state dict loads back equal,
    and plays on alike."""
    round_trips_and_plays_on(_at_every_hireling_step())


# ---- saves (E-1: the option kept) -----------------------------------------------------------------

def _random_game(mix, hs, seed, max_actions=None, stop=None):
    from wyrm_ai.ai.players import RandomPlayer
    g = Game(seed % len(mix), mix, hirelings=hs)
    rng = np.random.default_rng(seed)
    players = {v: RandomPlayer(seed * 7 + v + 1) for v in range(len(mix))}
    while not g.is_terminal() and (max_actions is None or len(g.record) < max_actions):
        if stop is not None and stop(g):
            break
        seat = g.current_player
        g.apply(g.sample_chance(rng) if seat == -1 else players[seat].choose(g))
    return g


def _some_hired(g) -> bool:
    return any(o >= 0 for o in st(g.state)["hr_owner"])


def test_save_and_load_keep_the_hirelings_and_their_state(tmp_path):
    """E-1 (LoR 16.1.6), §8: a random game with hirelings, saved once a hireling is controlled and once
    finished, loads back the same game (state, record, options: the hirelings), and the loaded game
    plays on alike."""
    mix = ("marquise", "hundreds", "wyrm")
    g = _random_game(mix, "nobles,scouts,bodyguards", 3, stop=_some_hired)
    assert _some_hired(g), "no hireling gained in the game"
    for label, game in (("mid", g), ("end", _random_game(mix, "nobles,scouts,bodyguards", 4))):
        path = tmp_path / f"{label}.json"
        game.save(path)
        loaded = Game.load(path)
        assert loaded.state == game.state and loaded.record == game.record and loaded.first == game.first
        assert loaded.hirelings == game.hirelings == ("bluebird-nobles", "rabbit-scouts", "badger-bodyguards")
        assert loaded.options == game.options
        assert st(loaded.state)["hr_owner"] == st(game.state)["hr_owner"]
    a, b = g.clone(), Game.load(tmp_path / "mid.json")
    rng = np.random.default_rng(0)
    for _ in range(200):
        if a.is_terminal():
            break
        la = a.legal_actions()
        x = a.sample_chance(rng) if a.current_player == -1 else la[len(a.record) % len(la)]
        a.apply(x)
        b.apply(x)
    assert a.state == b.state


def test_an_edited_hireling_field_in_a_save_is_refused(tmp_path):
    """§8: a save whose state's hireling fields were edited (a control marker added) does not match its
    replayed actions: SaveError."""
    import json
    from wyrm_ai.model.errors import SaveError
    mix = ("marquise", "hundreds", "wyrm")
    g = _random_game(mix, "nobles,scouts,bodyguards", 3, stop=_some_hired)
    data = g.to_json()
    i = next(i for i, o in enumerate(data["state"]["hr_owner"]) if o >= 0)
    data["state"]["hr_control"][i] = (data["state"]["hr_control"][i] + 1) % 5
    with pytest.raises(SaveError):
        Game.from_json(json.loads(json.dumps(data)))


# ---- fuzz: random games with hirelings at three to six seats --------------------------------------

# a table at each of three to six seats without the factions its hirelings keep out and without a bot
# (E-6, E-C15, E-C21); each built side at two tables or more
HIRE_TABLES = (
    (("marquise", "hundreds", "wyrm"), "nobles,scouts,bodyguards"),
    (("eyrie", "lizards", "hundreds", "wyrm"), "physicians,scouts,bodyguards"),
    (("alliance", "vagabond", "riverfolk", "corvids", "wyrm"), "physicians,nobles,bodyguards"),
    (("marquise", "vagabond", "lizards", "duchy", "hundreds", "wyrm"), "nobles,scouts,bodyguards"),
)
# games per table (default 2: CI time, a few seconds a table); of them the first WYRM_FUZZ_HIRE_FULL
# (default 1) load the state dict back after every action, the others at every hireling step, every
# DICT_SAMPLE actions and at the end. A long run: WYRM_FUZZ_HIRE_GAMES=200 WYRM_FUZZ_HIRE_FULL=200.
N_HIRE_GAMES = int(os.environ.get("WYRM_FUZZ_HIRE_GAMES", 2))
N_HIRE_FULL = int(os.environ.get("WYRM_FUZZ_HIRE_FULL", 1))
DICT_SAMPLE = 97
MAX_ACTIONS = 20_000
HIRE_STEPS = {"hireling_give", "hireling_take", "control_die", "rabbit_scouts", "feline_physicians", "rat_smugglers",
              "brigand_item", "brigand_card"}


def check_hirelings(d: dict, prev: dict | None, kinds0, where) -> None:
    """The hirelings' invariants, from the state dict: the sides never change (E-1); markers only
    leave the track, and only once a score has reached their space (E-5, E-7); one hireling gained or
    owed per marker taken (E-7); a hireling once gained never returns to the supply (E-9); control
    markers 0..4, none on a supply hireling (E-8)."""
    assert d["hr_kind"] == kinds0, where
    on = [(d["hr_markers"] >> i) & 1 for i in range(3)]
    for i, sp in enumerate(SPACES):
        if on[i]:
            assert all(d["score"][v] < sp for v in range(d["nseats"])), (where, "a marker behind a score", sp)
    taken = 3 - sum(on)
    owned = sum(1 for o in d["hr_owner"] if o >= 0)
    assert owned + sum(d["hr_owed"]) <= taken, (where, "more hirelings than markers taken")
    for i in range(3):
        o = d["hr_owner"][i]
        assert -1 <= o < d["nseats"], where
        assert 0 <= d["hr_control"][i] <= 4, where
        if o < 0:
            assert d["hr_control"][i] == 0, where
    if prev is not None:
        assert d["hr_markers"] & ~prev["hr_markers"] == 0, (where, "a marker back on the track")
        for i in range(3):
            assert not (prev["hr_owner"][i] >= 0 and d["hr_owner"][i] < 0), (where, "a hireling back in the supply")


def play_hire_game(mix, hs, seed, full: bool, seen: dict):
    """One seeded random game with hirelings through Game + RandomPlayer, checked after every action."""
    from wyrm_ai.ai.players import RandomPlayer
    n = len(mix)
    g = Game(seed % n, mix, hirelings=hs)
    rng = np.random.default_rng(seed)
    players = {v: RandomPlayer(seed * n + v + 1) for v in range(n)}
    kinds0 = st(g.state)["hr_kind"]
    prev = None
    for k in range(MAX_ACTIONS):
        if g.is_terminal():
            break
        seat = g.current_player
        step = g.step
        g.apply(g.sample_chance(rng) if seat == -1 else players[seat].choose(g))
        seen[step] = seen.get(step, 0) + 1
        d = g.state.to_dict()
        where = (mix, seed, k, step, g.step)
        if full or k % DICT_SAMPLE == 0 or step in HIRE_STEPS or g.step in HIRE_STEPS or g.is_terminal():
            assert _core.State.from_dict(d) == g.state, (where, "the state dict does not load back")
        check_hirelings(d, prev, kinds0, where)
        prev = d
    else:
        pytest.fail(f"{mix} seed {seed}: no end after {MAX_ACTIONS} actions (at {g.step})")
    assert g.is_terminal() and g.state.winner is not None, (mix, seed)
    return g


@pytest.mark.parametrize("mix, hs", HIRE_TABLES, ids=["-".join(m) for m, _ in HIRE_TABLES])
def test_random_games_with_hirelings_keep_the_state_dict_and_end(mix, hs):
    """E-1..E-9, E-29, E-33, E-44, E-26 together: seeded random games with hirelings at three to six
    seats (the first seat changing with the seed): the state dict loads back equal (State.from_dict:
    after every action in the first game, at every hireling step and sampled in the others), the
    hirelings' invariants hold after every action (check_hirelings) and every game ends with a winner;
    over the games a hireling is gained and rolled for (the control die). WYRM_FUZZ_HIRE_GAMES and
    WYRM_FUZZ_HIRE_FULL set the games per table."""
    seen = {}
    for seed in range(N_HIRE_GAMES):
        g = play_hire_game(mix, hs, seed, seed < N_HIRE_FULL, seen)
        assert g.hirelings == tuple(_core.HIRELING_NAMES[SIDE[h]] for h in hs.split(","))
    assert seen.get("control_die", 0) > 0, (mix, "no hireling gained in any game")
