"""Last Dynasty, a promoted hireling (HIRE: E-27, E-28; readings E-C14, E-C17, E-C29, E-C31 in
docs/hundreds-keepers.md §8), and the hirelings' setup by the players (LoR 16.1.6.3, E-4: "Starting with
the last player in turn order and going counterclockwise, players set up one dealt hireling each as
described on its hireling card").

Table: Last Dynasty, Street Band, Badger Bodyguards (index 0, 1, 2) at (Wyrm 0, Marquise 1, Alliance 2).
Autumn: fox 1 6 8 12, rabbit 3 4 5 10, mouse 2 7 9 11; the map's edge 1 5 2 6 3 7 8 4 9 (not 10, 11, 12);
paths 1-5 1-9 1-10 2-5 2-6 2-10 3-6 3-7 3-11 4-8 4-9 4-12 6-11 7-8 7-12 9-12 10-12 11-12."""
from __future__ import annotations

import pytest

from wyrm_ai import _core
from wyrm_ai.model import notation
from wyrm_ai.model.events import events as named_events
from wyrm_ai.model.factions import seat_factions
from wyrm_ai.model.game import Game
from wyrm_ai.model.narration import narrate

from hireling_positions import (ALLIANCE, MARQUISE, PASS, WYRM, action, events_of, hire_table, hr_battle, hr_battles,
                                hr_move, hr_moves, hr_position, kinds, played, random_side_games, st, vp_events)
from riverfolk_positions import dice

WY, MA, AL = 0, 1, 2
DSB = ("last-dynasty", "street-band", "bodyguards")
DYNASTY = 0                                  # Last Dynasty's index at this table
SIDE = _core.HIRELING_SIDE + DYNASTY         # ... and its side
NCL = _core.NUM_CLEARINGS
EDGE = {1, 5, 2, 6, 3, 7, 8, 4, 9}           # Autumn's map-edge clearings (LoR 16.6.15)
MOVE, TWICE = NCL, NCL + 1                   # the `dynasty` offsets of its move and its two battles
WHY = _core.PLACE_WHYS.index("dynasty")
HRU_DYNASTY, HRU_AGAIN = 16, 32


def table():
    return hire_table((WYRM, MARQUISE, ALLIANCE), DSB)


BASE = dict(wyrmlings={}, pawn=2, warriors={}, buildings={}, wood={}, keep=1, rebels={}, sympathy=(), bases=())


def dynasty_at(placed: dict):
    """An hr_edit: Last Dynasty's warriors {clearing number: n} on the map, the rest of the five on its card."""
    def edit(d):
        d["hr_warriors"][DYNASTY] = [placed.get(c + 1, 0) for c in range(NCL)]
        d["hr_warrior_supply"][DYNASTY] = 5 - sum(placed.values())
    return edit


def position(seat, step, dynasty=None, **kw):
    for k, v in BASE.items():
        kw.setdefault(k, v)
    kw["hr_edit"] = dynasty_at(dynasty or {})
    return hr_position(table(), at=(seat, step), **kw)


def wyrm_day(**kw):
    kw.setdefault("hired", {"last-dynasty": (WY, 2, 0)})
    return position(WY, "wyrm_daylight", **kw)


def options(s) -> set:
    return set(kinds(s, "dynasty"))


def fight(s, rolls, back: str):
    """Drive a battle on with the rolls given (attacker, defender) and each decision's first action, until
    the step `back`; the events told."""
    ev = []
    while s.is_chance_node() or s.step != back:
        ev += played(s, dice(*rolls) if s.is_chance_node() else s.legal_actions()[0])
    return ev


# ---- E-4, E-27: the hirelings' setup (LoR 16.1.6.3) ------------------------------------------------

def test_E27_the_last_player_sets_last_dynasty_up_in_a_map_edge_clearing():
    """E-27 (HIRE, Last Dynasty: "Setup: place all five Dynasty warriors in one clearing on the map's edge")
    and E-4 (LoR 16.1.6.3: the last player in turn order sets up first): a new game with Last Dynasty dealt
    first begins at its setup, asked of the last player in turn order (first 0 at three seats: seat 2), among
    the nine edge clearings of Autumn; its five warriors go there, then the opening hands are dealt."""
    g = Game(0, ("wyrm", "marquise", "alliance"), hirelings="last-dynasty,street-band,bodyguards")
    s = g.state
    assert s.step == "hireling_setup" and s.current_player == AL and not s.is_chance_node()
    offered = {x % NCL + 1 for x in kinds(s, "hr_setup")}
    assert offered == EDGE and {x // NCL for x in kinds(s, "hr_setup")} == {DYNASTY}
    ev = played(s, action("hr_setup", DYNASTY * NCL + 5 - 1))
    d = st(s)
    assert d["hr_warriors"][DYNASTY][4] == 5 and d["hr_warrior_supply"][DYNASTY] == 0
    assert [(e[1], e[2] + 1, e[4]) for e in events_of(ev, "place")] == [(SIDE, 5, 5)]
    assert s.step == "deal" and s.is_chance_node() and d["hr_now"] == -1


@pytest.mark.parametrize("first, order, setter", [
    (0, "street-band,last-dynasty,bodyguards", 1),       # the second hireling: the next player counterclockwise
    (1, "street-band,bodyguards,last-dynasty", 1),       # the third, first seat 1: 0, 2, then 1
    (2, "last-dynasty,street-band,bodyguards", 1),       # the first, first seat 2: the last player is seat 1
])
def test_E4_the_hirelings_are_set_up_counterclockwise_from_the_last_player(first, order, setter):
    """E-4 (LoR 16.1.6.3) with E-C31's reading (the hirelings set up in the order they are dealt, one each,
    the first by the last player in turn order): the player asked to set up Last Dynasty is the one whose
    place counterclockwise from the last player matches the Dynasty's place among the three."""
    s = Game(first, ("wyrm", "marquise", "alliance"), hirelings=order).state
    assert s.step == "hireling_setup" and s.current_player == setter


def test_E_C14_a_game_with_hirelings_to_set_up_and_none_to_choose_starts_at_the_deal():
    """E-C14: hirelings with nothing to choose are set up at once (Forest Patrol's warrior in every clearing,
    none for a demoted side): such a game begins at the deal as always."""
    s = Game(0, ("wyrm", "eyrie", "alliance"), hirelings="forest-patrol,street-band,bodyguards").state
    assert s.step == "deal" and s.is_chance_node()


def test_a_position_at_the_hireling_setup_round_trips_and_refuses_dealt_hands():
    """The state dict keeps the hireling setup under way (step hireling_setup, hr_now); a position with hands
    already dealt there is refused (LoR 16.1.6 precedes the deal, 16.1.7)."""
    s = Game(0, ("wyrm", "marquise", "alliance"), hirelings="last-dynasty,street-band,bodyguards").state
    d = st(s)
    assert _core.STEP_NAMES[d["step"]] == "hireling_setup" and d["hr_now"] == DYNASTY
    assert _core.State.from_dict(d).to_dict() == d
    d["hand"][0][0] += 1
    d["hand_size"][0] += 1
    d["deck"][0] -= 1
    d["deck_size"] -= 1
    with pytest.raises(Exception, match="hands dealt before the hirelings"):
        _core.State.from_dict(d)


# ---- E-28: its Daylight action (HIRE; E-14, LoR 16.4.2.4) ---------------------------------------------

def test_E28_with_none_on_the_map_its_warriors_go_to_an_edge_clearing_and_battle_there():
    """E-28 (HIRE, Last Dynasty: "if there are no Dynasty warriors on the map, place all five in any clearing
    on the map's edge and battle there"): with all five on its card, the controller is offered every edge
    clearing (never the Marquise's Keep, 1: may_place) and nothing else; placing them in 5, where the
    Marquise has a warrior, makes the battle there the only choice (E-C31: no pass)."""
    s = wyrm_day(warriors={5: 1}, keep=1)
    assert options(s) == {c - 1 for c in EDGE - {1}}
    ev = played(s, action("dynasty", 5 - 1))
    assert [(e[1], e[2] + 1, e[3], e[4]) for e in events_of(ev, "place")] == [(SIDE, 5, WHY, 5)]
    assert s.step == "hireling_battle" and set(s.legal_actions()) == {hr_battle(DYNASTY, 5, MA)}
    played(s, hr_battle(DYNASTY, 5, MA))
    fight(s, (2, 0), "wyrm_daylight")
    d = st(s)
    assert d["warriors"][4] == 0 and d["hr_warriors"][DYNASTY][4] == 5 and d["hr_now"] == -1
    assert d["hr_used"] & HRU_DYNASTY and options(s) == set()


def test_E28_placed_where_no_enemy_is_the_daylight_goes_on():
    """E-28: "and battle there" -- with no enemy in the clearing there is no battle to take."""
    s = wyrm_day()
    played(s, action("dynasty", 9 - 1))
    assert s.step == "wyrm_daylight" and st(s)["hr_warriors"][DYNASTY][8] == 5


def test_E28_ruling_their_clearing_they_move_all_together_then_battle():
    """E-28 ("if you rule the Dynasty's clearing, move all Dynasty warriors, then battle with them if able")
    and E-C6: the Wyrm rules 5 with the Dynasty's five warriors there, so the move is offered (and not the two
    battles); the move takes all five (5 to 1 or 2, never fewer), then the battle in 2 against the Alliance's
    base is the only choice (E-C31)."""
    s = wyrm_day(dynasty={5: 5}, bases=(2,))
    assert options(s) == {MOVE}
    played(s, action("dynasty", MOVE))
    assert s.step == "hireling_move" and hr_moves(s) == {(5, 1, 5), (5, 2, 5)}
    played(s, hr_move(DYNASTY, 5, 2, 5))
    assert s.step == "hireling_battle" and hr_battles(s) == {(2, AL)} and PASS not in s.legal_actions()


def test_E28_not_ruling_their_clearing_they_battle_there_twice():
    """E-28 ("if you do not rule the Dynasty's clearing, battle there twice") and E-C17 (two battles, each its
    own): the Marquise's four warriors outrule the Dynasty's two in 5, so the two battles are offered (not the
    move). The first battle (rolls 1-0) returns to the Dynasty's battle step, the second (1-0) to the Daylight;
    two Marquise warriors are removed and the Wyrm scores nothing (E-20)."""
    s = wyrm_day(dynasty={5: 2}, warriors={5: 4})
    before = st(s)["score"][:]
    assert options(s) == {TWICE}
    played(s, action("dynasty", TWICE))
    assert s.step == "hireling_battle" and hr_battles(s) == {(5, MA)}
    ev = played(s, hr_battle(DYNASTY, 5, MA))
    ev += fight(s, (1, 0), "hireling_battle")
    assert st(s)["warriors"][4] == 3 and st(s)["hr_now"] == DYNASTY
    assert hr_battles(s) == {(5, MA)} and PASS not in s.legal_actions()
    ev += played(s, hr_battle(DYNASTY, 5, MA))
    ev += fight(s, (1, 0), "wyrm_daylight")
    d = st(s)
    assert d["warriors"][4] == 2 and d["hr_now"] == -1 and not d["hr_used"] & HRU_AGAIN
    assert [(e[1], e[3]) for e in events_of(ev, "battle")] == [(SIDE, MA), (SIDE, MA)]
    assert d["score"] == before and vp_events(ev, "remove") == []


def test_E_C17_the_second_battle_needs_warriors_left():
    """E-C17: when the first battle removes the Dynasty's warriors there, the second is passed (the only
    choice at its step)."""
    s = wyrm_day(dynasty={5: 1}, warriors={5: 3})
    played(s, action("dynasty", TWICE))
    played(s, hr_battle(DYNASTY, 5, MA))
    fight(s, (1, 1), "hireling_battle")
    assert sum(st(s)["hr_warriors"][DYNASTY]) == 0 and s.legal_actions() == [PASS]
    played(s, PASS)
    assert s.step == "wyrm_daylight" and st(s)["hr_warrior_supply"][DYNASTY] == 5


def test_E28_once_a_daylight_and_only_for_its_controller():
    """E-14 (once per Daylight) and E-28: after its action none is offered again; the Alliance, not its
    controller, is offered none in its Daylight."""
    s = wyrm_day()
    played(s, action("dynasty", 9 - 1))
    assert options(s) == set()
    other = position(AL, "alliance_daylight", hired={"last-dynasty": (WY, 2, 0)})
    assert options(other) == set()


def test_positions_between_the_dynastys_two_battles_round_trip():
    """The state dict keeps Last Dynasty acting (hr_now, HRU_AGAIN) at its battle step, in its first battle
    (which returns to hireling_battle) and back at the step before the second; from_dict reads each back."""
    s = wyrm_day(dynasty={5: 2}, warriors={5: 4})
    played(s, action("dynasty", TWICE))
    assert st(s)["hr_used"] & HRU_AGAIN
    assert _core.State.from_dict(st(s)).to_dict() == st(s)
    played(s, hr_battle(DYNASTY, 5, MA))
    d = st(s)
    assert d["battle"]["attacker"] == SIDE and d["hr_now"] == DYNASTY
    assert _core.State.from_dict(d).to_dict() == d
    fight(s, (1, 0), "hireling_battle")
    assert _core.State.from_dict(st(s)).to_dict() == st(s)


def test_notation_names_the_dynastys_actions():
    """docs/notation.md: `dynasty 5`, `dynasty move`, `dynasty battle`, its setup as the Rootlog header writes
    it (`5h_Ew->3`), its move `5h_Ew5->1` and battle `h_EXC5`; each parses back."""
    g = Game(0, ("wyrm", "marquise", "alliance"), hirelings="last-dynasty,street-band,bodyguards")
    f = g.faction_ids
    for a, seat, text in ((action("dynasty", 4), WY, "dynasty 5"), (action("dynasty", MOVE), WY, "dynasty move"),
                          (action("dynasty", TWICE), WY, "dynasty battle"),
                          (action("hr_setup", DYNASTY * NCL + 2), AL, "5h_Ew->3"),
                          (hr_move(DYNASTY, 5, 1, 5), WY, "5h_Ew5->1"), (hr_battle(DYNASTY, 5, MA), WY, "h_EXC5")):
        assert notation.action_text(a, seat, f) == text
        assert notation.parse(text, seat, f) == a


def test_narration_tells_the_dynastys_return_and_battle():
    s = wyrm_day(warriors={5: 1})
    ev = played(s, action("dynasty", 5 - 1))
    ev += played(s, hr_battle(DYNASTY, 5, MA))
    words = " ".join(narrate(named_events(ev, seat_factions(s))))
    assert "The Last Dynasty return to the map's edge" in words and "Last Dynasty attacks the Marquise" in words


# ---- fuzz: Last Dynasty at three to six seats ------------------------------------------------------------

DYNASTY_TABLES = (
    (("wyrm", "marquise", "alliance"), "last-dynasty,street-band,bodyguards"),
    (("marquise", "lizards", "hundreds", "wyrm"), "last-dynasty,scouts,street-band"),
    (("alliance", "vagabond", "riverfolk", "keepers", "wyrm"), "forest-patrol,last-dynasty,smugglers"),
    (("marquise", "vagabond", "lizards", "duchy", "corvids", "wyrm"), "street-band,scouts,last-dynasty"),
)


@pytest.mark.parametrize("mix, hs", DYNASTY_TABLES, ids=["-".join(m) for m, _ in DYNASTY_TABLES])
def test_random_games_with_last_dynasty(mix, hs):
    """E-27, E-28 together: seeded random games with Last Dynasty (hireling_positions.random_side_games): its
    five warriors are on the map and its card, in one clearing at most (they are placed and move together),
    the state dict loads back at every Dynasty event, every game ends with a winner; over the games the
    Dynasty is placed, moves and battles."""
    i = [h.strip() for h in hs.split(",")].index("last-dynasty")
    side, seen = _core.HIRELING_SIDE + i, set()
    for seed, k, g, sided in random_side_games(mix, hs, side):
        d = g.state.to_dict()
        on = [n for n in d["hr_warriors"][i] if n]
        assert sum(on) + d["hr_warrior_supply"][i] == 5 and len(on) <= 1, (mix, seed, k)
        seen |= {e.kind if e.seat == side else "battled" for e in sided}
    assert {"place", "move", "battle"} <= seen, (mix, seen)
