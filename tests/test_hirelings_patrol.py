"""Forest Patrol, the first promoted hireling (HIRE: E-23..E-25; readings E-C6..E-C8, E-C29 in
docs/hundreds-keepers.md §8), and a hireling's own moves and battles (LoR 16.4.3.4, E-18; E-C7): the
hireling side `_core.HIRELING_SIDE + i` as the attacker.

Table: Forest Patrol, Street Band, Badger Bodyguards (index 0, 1, 2) at (Wyrm 0, Eyrie 1, Alliance 2).
Autumn: fox 1 6 8 12, rabbit 3 4 5 10, mouse 2 7 9 11; paths 1-5 1-9 1-10 2-5 2-6 2-10 3-6 3-7 3-11
4-8 4-9 4-12 6-11 7-8 7-12 9-12 10-12 11-12."""
from __future__ import annotations

import pytest

from wyrm_ai import _core
from wyrm_ai.model import notation
from wyrm_ai.model.game import Game
from wyrm_ai.model.narration import narrate
from wyrm_ai.model.events import events as named_events
from wyrm_ai.model.factions import seat_factions

from hireling_positions import (ALLIANCE, EYRIE, WYRM, action, events_of, hire_table, hr_battle, hr_battles, hr_move,
                                hr_moves, hr_position, kinds, played, random_side_games, st, vp_events)
from riverfolk_positions import dice

WY, EY, AL = 0, 1, 2
PBB = ("forest-patrol", "street-band", "bodyguards")
PATROL = 0                                   # Forest Patrol's index at this table
SIDE = _core.HIRELING_SIDE + PATROL          # ... and its side
BAND_SIDE = _core.HIRELING_SIDE + 1
NCL = _core.NUM_CLEARINGS
MAX_SEATS = 6                                # the seats of a terror action (its layout)
PATROL_MOVE = NCL                            # the `patrol` offset of its move-then-battle
CARD_WHY = _core.PLACE_WHYS.index("patrol")


def table():
    return hire_table((WYRM, EYRIE, ALLIANCE), PBB)


BASE = dict(wyrmlings={2: 1}, pawn=2, birds={3: 1}, roosts={3: 1}, rebels={}, sympathy=(), bases=())


def patrol_at(placed: dict, card: int = 0):
    """An hr_edit: Forest Patrol's warriors {clearing number: n} on the map, card on its card (the rest of
    the twelve in the box)."""
    def edit(d):
        d["hr_warriors"][PATROL] = [placed.get(c + 1, 0) for c in range(NCL)]
        d["hr_warrior_supply"][PATROL] = card
    return edit


def position(seat, step, patrol=None, card=0, **kw):
    for k, v in BASE.items():
        kw.setdefault(k, v)
    if patrol is not None:
        kw["hr_edit"] = patrol_at(patrol, card)
    return hr_position(table(), at=(seat, step), **kw)


def wyrm_day(**kw):
    kw.setdefault("hired", {"forest-patrol": (WY, 2, 0)})
    return position(WY, "wyrm_daylight", **kw)


def patrol_options(s) -> set:
    """The `patrol` offsets offered: clearing indices (its card's warriors there) and PATROL_MOVE."""
    return set(kinds(s, "patrol"))


# ---- E-23: setup (HIRE; LoR 16.1.6.3) ---------------------------------------------------------------

def test_E23_forest_patrol_sets_up_one_warrior_in_each_clearing():
    """E-23 (HIRE, Forest Patrol: "Setup: place one Patrol warrior in each clearing"; E-4, LoR 16.1.6.3;
    E-C14: before every faction's setup): a new game with Forest Patrol has one of its twelve warriors in
    every clearing and none on its card."""
    g = Game(0, ("wyrm", "eyrie", "alliance"), hirelings="forest-patrol,street-band,bodyguards")
    d = g.state.to_dict()
    assert d["hr_warriors"][PATROL] == [1] * NCL and d["hr_warrior_supply"][PATROL] == 0
    assert d["hr_warriors"][1] == [0] * NCL and d["hr_warrior_supply"][1] == 5      # Street Band: none placed


def test_E23_forest_patrol_keeps_the_marquise_out():
    """E-6 (LoR 16.1.6.5; E-C15): Forest Patrol's card keeps the Marquise (and the Mechanical Marquise) out."""
    with pytest.raises(Exception, match="(?i)forest-patrol"):
        Game(0, ("marquise", "eyrie", "wyrm"), hirelings="forest-patrol,street-band,bodyguards")


# ---- E-25: its Daylight action (HIRE; E-14, LoR 16.4.2.4) ---------------------------------------------

def test_E25_the_controller_is_offered_a_move_or_its_cards_warriors_once_per_daylight():
    """E-25 (HIRE, Forest Patrol: "Daylight: move, then you may battle, or place all Patrol warriors on this
    card in a clearing with Patrol warriors"): with two warriors on its card, the controller is offered the
    move (E-C29: when it has one) and each clearing with Patrol warriors; the other seats nothing."""
    s = wyrm_day(patrol={5: 1, 8: 2}, card=2)
    assert patrol_options(s) == {PATROL_MOVE, 5 - 1, 8 - 1}
    other = position(AL, "alliance_daylight", patrol={5: 1}, card=2, hired={"forest-patrol": (WY, 2, 0)})
    assert patrol_options(other) == set()


def test_E25_all_warriors_on_the_card_go_into_one_clearing():
    """E-25: "place all Patrol warriors on this card" -- every one, into the clearing chosen (E_PLACE by the
    Patrol's side, why "patrol"); the action is used for this Daylight (hr_used)."""
    s = wyrm_day(patrol={5: 1, 8: 2}, card=3)
    ev = played(s, action("patrol", 8 - 1))
    d = st(s)
    assert d["hr_warriors"][PATROL][7] == 5 and d["hr_warrior_supply"][PATROL] == 0
    assert [(e[1], e[2] + 1, e[3], e[4]) for e in events_of(ev, "place")] == [(SIDE, 8, CARD_WHY, 3)]
    assert patrol_options(s) == set() and d["hr_used"] & 8


def test_E25_no_card_placement_with_the_card_empty():
    """E-25: with no warrior on its card only the move is offered."""
    assert patrol_options(wyrm_day(patrol={5: 1}, card=0)) == {PATROL_MOVE}


# ---- E-18, E-C6: a hireling's move (LoR 16.4.3.4, 16.4.3.1, 4.2) --------------------------------------

def test_E18_the_patrol_moves_its_own_warriors_under_its_controllers_rule():
    """E-18 (LoR 16.4.3.4: a hireling's move uses only its pieces) and E-C6 (LoR 16.4.3.1: the controller's
    rule, the hireling's pieces counted as its own): the Patrol's warriors in 5 and 10 rule those clearings
    for the Wyrm, so they may move to any neighbour (5: 1, 2; 10: 1, 2, 12), any number of them."""
    s = wyrm_day(patrol={5: 2, 10: 1})
    played(s, action("patrol", PATROL_MOVE))
    assert s.step == "hireling_move"
    assert hr_moves(s) == {(5, 1, 1), (5, 1, 2), (5, 2, 1), (5, 2, 2), (10, 1, 1), (10, 2, 1), (10, 12, 1)}


def test_E_C6_no_move_where_the_controller_rules_neither_end():
    """E-C6: rule is the controller's. The Eyrie's two birds outrule a lone Patrol warrior in 3 (their roost
    is there), so the Wyrm, ruling neither 3 nor 6, 7, 11, cannot move it; with no other Patrol warrior
    there is no move at all, and Forest Patrol's move is not offered (E-C29)."""
    s = wyrm_day(patrol={3: 1}, birds={3: 2}, roosts={3: 1}, wyrmlings={})
    assert PATROL_MOVE not in patrol_options(s)


def test_E18_after_its_move_the_patrol_may_battle_an_enemy_then_the_daylight_goes_on():
    """E-25 ("move, then you may battle") and E-C7: after the move the controller is asked for the
    Patrol's battle (or a pass): against the Eyrie in 3, where the Patrol's warriors are; never its
    controller's pieces (not its enemy, LoR 16.4.3.2). A pass returns to the Wyrm's Daylight."""
    s = wyrm_day(patrol={5: 2, 3: 1, 2: 0}, wyrmlings={3: 1, 2: 1})
    played(s, action("patrol", PATROL_MOVE))
    played(s, hr_move(PATROL, 5, 1, 2))
    assert st(s)["hr_warriors"][PATROL][0] == 2
    assert s.step == "hireling_battle"
    assert hr_battles(s) == {(3, EY)}
    played(s, action("pass"))
    assert s.step == "wyrm_daylight" and st(s)["hr_now"] == -1


def test_E18_a_move_with_no_battle_after_it_returns_to_the_daylight():
    """E-25: with no enemy piece beside a Patrol warrior after the move, no battle is asked."""
    s = wyrm_day(patrol={5: 1}, birds={}, roosts={}, wyrmlings={})
    played(s, action("patrol", PATROL_MOVE))
    ev = played(s, hr_move(PATROL, 5, 2, 1))
    assert s.step == "wyrm_daylight"
    assert [(e[1], e[2] + 1, e[3] + 1, e[4]) for e in events_of(ev, "move")] == [(SIDE, 5, 2, 1)]


# ---- E-C7, E-20: a hireling's battle (LoR 4.3, 16.4.3.5-6) ---------------------------------------------

def test_E_C7_the_patrol_attacks_and_its_controller_scores_nothing():
    """E-C7 (a hireling's battle: the hireling attacks with its warriors there, rolls capped by them) and
    E-20 (LoR 16.4.3.6: "the controller scores nothing when its hireling removes enemy pieces"): the Patrol's
    three warriors in 3 attack the Eyrie's lone roost there; the roll 3-0 removes the roost (defenseless: one
    more hit), and nobody scores its VP. The battle returns to the Wyrm's Daylight."""
    s = wyrm_day(patrol={5: 1, 3: 3}, birds={}, roosts={3: 1})
    before = st(s)["score"][:]
    played(s, action("patrol", PATROL_MOVE))
    played(s, hr_move(PATROL, 5, 1, 1))
    ev = played(s, hr_battle(PATROL, 3, EY))
    assert [(e[1], e[2] + 1, e[3]) for e in events_of(ev, "battle")] == [(SIDE, 3, EY)]
    while s.is_chance_node() or s.step != "wyrm_daylight":
        ev += played(s, dice(3, 0) if s.is_chance_node() else s.legal_actions()[0])
    d = st(s)
    assert d["roosts"][2] == 0
    assert d["score"] == before and vp_events(ev, "remove") == []


def test_E_C7_the_defender_may_ambush_a_hireling_and_its_hits_go_back_to_the_patrols_card():
    """E-C7 (the defender may ambush a hireling) and E-24/E-C8 (HIRE: "whenever Patrol warriors are removed,
    place one of them on this card"; one a removal): the Eyrie's ambush deals two hits to the Patrol's
    three attackers -- one of the two goes onto its card, the other to the box (eleven left in the game)."""
    s = wyrm_day(patrol={5: 1, 3: 3}, birds={3: 1}, roosts={3: 1}, hands={EY: ("B#ambush",)})
    played(s, action("patrol", PATROL_MOVE))
    played(s, hr_move(PATROL, 5, 1, 1))
    played(s, hr_battle(PATROL, 3, EY))
    assert s.step == "battle_ambush"
    ev = played(s, s.legal_actions()[1])        # the ambush
    d = st(s)
    assert d["hr_warriors"][PATROL][2] == 1 and d["hr_warrior_supply"][PATROL] == 1
    assert sum(d["hr_warriors"][PATROL]) + d["hr_warrior_supply"][PATROL] == 2 + 1   # two in 1 and 3, one on the card
    assert [(e[1], e[2] + 1, e[4]) for e in events_of(ev, "hireling_card")] == [(SIDE, 3, 1)]


def test_E24_each_removal_keeps_one_warrior_on_the_card():
    """E-24, E-C8: a battle's rolled hits on one side are one removal. The Patrol's three warriors in 3
    attack the Eyrie's three birds there; the roll 3-3 deals three hits each way: all three Patrol warriors
    are removed, one goes onto its card (E_HR_CARD), two to the box."""
    s = wyrm_day(patrol={5: 1, 3: 3}, birds={3: 3}, roosts={})
    played(s, action("patrol", PATROL_MOVE))
    played(s, hr_move(PATROL, 5, 1, 1))
    ev = played(s, hr_battle(PATROL, 3, EY))
    while s.is_chance_node() or s.step != "wyrm_daylight":
        ev += played(s, dice(3, 3) if s.is_chance_node() else s.legal_actions()[0])
    d = st(s)
    assert d["hr_warriors"][PATROL][2] == 0 and d["birds"][2] == 0
    assert d["hr_warrior_supply"][PATROL] == 1 and sum(d["hr_warriors"][PATROL]) == 1
    assert [(e[1], e[2] + 1, e[4]) for e in events_of(ev, "hireling_card")] == [(SIDE, 3, 1)]


# ---- E-21: Outrage (LoR 16.4.3.7, 8.2.6) ----------------------------------------------------------------

def test_E21_patrol_warriors_moving_into_sympathy_cost_the_controller_outrage():
    """E-21 (LoR 16.4.3.7: hireling warriors moved into a sympathetic clearing trigger Outrage; the
    controller pays): the Patrol moving into the Alliance's sympathetic 1 asks the Wyrm for a fox card."""
    s = wyrm_day(patrol={5: 1}, sympathy=(1,), hands={WY: ("F#anvil",)})
    played(s, action("patrol", PATROL_MOVE))
    played(s, hr_move(PATROL, 5, 1, 1))
    assert s.step == "outrage" and s.current_player == WY


# ---- serialization, notation, narration ---------------------------------------------------------------

def test_positions_mid_patrol_action_round_trip():
    """The state dict (schema 17) keeps a hireling acting (hr_now) at its move and its battle, and a battle
    whose attacker is a hireling side; from_dict reads each back."""
    s = wyrm_day(patrol={5: 1, 3: 3}, birds={3: 1}, roosts={3: 1}, hands={EY: ("B#ambush",)})
    played(s, action("patrol", PATROL_MOVE))
    assert _core.State.from_dict(st(s)).to_dict() == st(s)
    played(s, hr_move(PATROL, 5, 1, 1))
    assert _core.State.from_dict(st(s)).to_dict() == st(s)
    played(s, hr_battle(PATROL, 3, EY))
    d = st(s)
    assert d["battle"]["attacker"] == SIDE
    assert _core.State.from_dict(d).to_dict() == d


def test_a_schema_16_battle_reads_with_no_card_kept():
    d = st(wyrm_day(patrol={5: 1}))
    del d["battle"]["card_kept"]
    assert _core.State.from_dict(d).to_dict()["battle"]["card_kept"] == 0


def test_notation_names_the_patrols_actions_as_rootlog_does():
    """docs/notation.md: `patrol move`, `patrol 8`, a hireling's move `2h_Cw5->1` and battle `h_CXE3`
    (Rootlog's `h_<type>` as a faction, the attacker before the X); each parses back."""
    g = Game(0, ("wyrm", "eyrie", "alliance"), hirelings="forest-patrol,street-band,bodyguards")
    f = g.faction_ids
    for a, text in ((action("patrol", PATROL_MOVE), "patrol move"), (action("patrol", 7), "patrol 8"),
                    (hr_move(PATROL, 5, 1, 2), "2h_Cw5->1"), (hr_battle(PATROL, 3, EY), "h_CXE3"),
                    (hr_battle(PATROL, 3, BAND_SIDE), "h_CXh_J3")):
        assert notation.action_text(a, WY, f) == text
        assert notation.parse(text, WY, f) == a


def test_narration_tells_the_patrols_move_battle_and_card():
    """The events of a Patrol's move, battle and the ambush's hits read in words naming Forest Patrol, and
    the warrior kept on its card (E-24)."""
    s = wyrm_day(patrol={5: 1, 3: 3}, birds={3: 1}, roosts={3: 1}, hands={EY: ("B#ambush",)})
    played(s, action("patrol", PATROL_MOVE))
    ev = played(s, hr_move(PATROL, 5, 1, 1))
    ev += played(s, hr_battle(PATROL, 3, EY))
    ev += played(s, s.legal_actions()[1])
    words = " ".join(narrate(named_events(ev, seat_factions(s))))
    assert "The Forest Patrol moves" in words or "The Forest Patrol move" in words
    assert "Forest Patrol attacks the Eyrie" in words and "onto its card" in words


# ---- fuzz: Forest Patrol at three to six seats ----------------------------------------------------------

PATROL_TABLES = (
    (("wyrm", "eyrie", "alliance"), "forest-patrol,street-band,bodyguards"),
    (("eyrie", "lizards", "hundreds", "wyrm"), "forest-patrol,scouts,street-band"),
    (("alliance", "vagabond", "riverfolk", "keepers", "wyrm"), "forest-patrol,street-band,smugglers"),
    (("eyrie", "vagabond", "lizards", "duchy", "corvids", "wyrm"), "forest-patrol,street-band,scouts"),
)


@pytest.mark.parametrize("mix, hs", PATROL_TABLES, ids=["-".join(m) for m, _ in PATROL_TABLES])
def test_random_games_with_forest_patrol(mix, hs):
    """E-18, E-23..E-25 together: seeded random games with Forest Patrol (hireling_positions.random_side_games):
    its warriors on the map and on its card are twelve at most and never grow (E-24: the removed go to the box
    but one a removal), the state dict loads back at every Patrol event, the events read in words, every game
    ends with a winner; over the games the Patrol moves, battles and keeps a warrior on its card."""
    seen, total = set(), 12
    for seed, k, g, sided in random_side_games(mix, hs, SIDE):
        d = g.state.to_dict()
        now = sum(d["hr_warriors"][PATROL]) + d["hr_warrior_supply"][PATROL]
        assert now <= (12 if k == 0 else total), (mix, seed, k)
        total = now
        seen |= {e.kind if e.seat == SIDE else "battled" for e in sided}
    assert {"move", "battle", "hireling_card"} <= seen, (mix, seen)


# ---- the Wyrm and a hireling's pieces (W-MP-38, W-MP-40) -----------------------------------------------

def terror_seats_from(s, c: int) -> set:
    """The seats whose warriors Terrorize may move out of clearing number c."""
    out = set()
    for x in kinds(s, "terror"):
        seat, rest = x % MAX_SEATS, x // MAX_SEATS
        if rest // NCL == c - 1:
            out.add(seat)
    return out


@pytest.mark.parametrize("controller", [None, WY, EY], ids=["uncontrolled", "the-wyrms", "the-eyries"])
def test_W_MP_38_terrorize_moves_no_hireling_warrior(controller):
    """W-MP-38 (LoR 16.4.3.4; LAW25 17.6.1.Ic: hirelings cannot be forced to move): fear in 5 with the Eyrie's
    bird and two Patrol warriors: Terrorize may move the bird, never a Patrol warrior, whoever controls the
    Patrol."""
    hired = {} if controller is None else {"forest-patrol": (controller, 2, 0)}
    s = wyrm_day(patrol={5: 2, 1: 1}, birds={5: 1}, roosts={}, wyrmlings={5: 1}, pawn=5, fear={5: 1}, hired=hired)
    assert terror_seats_from(s, 5) - {WY} == {EY}         # (its own wyrmling may go too)
    assert all(x % MAX_SEATS < 3 for x in kinds(s, "terror"))


def test_W_MP_40_a_hirelings_hits_on_the_lairs_treasure_score_nobody():
    """W-MP-40 (E-20, LoR 16.4.3.6; W-PY-3: a treasure lost defending scores the attacker 1 VP): the Eyrie's
    Forest Patrol attacks the Wyrm's pawn alone in 2; the roll 3-0 costs the Lair its treasure, and nobody
    scores it."""
    def lair(d):
        patrol_at({2: 3, 5: 1})(d)
        d["items"][WY] = [0] * len(d["items"][WY])
        d["items"][WY][7] = 1                  # one treasure (card_positions.TREASURE)
        d["treasure_supply"] = 2
    s = position(EY, "eyrie_daylight", hired={"forest-patrol": (EY, 2, 0)}, wyrmlings={}, pawn=2, birds={8: 1},
                 roosts={8: 1}, hr_edit=lair)
    before = st(s)["score"][:]
    played(s, action("patrol", PATROL_MOVE))
    played(s, hr_move(PATROL, 5, 1, 1))
    ev = played(s, hr_battle(PATROL, 2, WY))
    while s.is_chance_node() or s.step not in ("eyrie_daylight",):
        ev += played(s, dice(3, 0) if s.is_chance_node() else s.legal_actions()[0])
    d = st(s)
    assert d["items"][WY][7] == 0 and events_of(ev, "lair")
    assert d["score"] == before and vp_events(ev, "treasure") == []


def test_the_boards_show_hireling_warriors_in_their_clearings():
    """The boards (all public, LoR 16.4): at the start each clearing's box on the boxed board has a line
    `h C1w` (Forest Patrol's warrior, by its card's Rootlog letter) and the legend names the letters;
    the compact board's clearing table has a Hirelings column saying the same. Street Band, all on its
    card, is in no clearing."""
    from wyrm_ai.model.textboard.boardview import board_text
    g = Game(0, ("wyrm", "eyrie", "alliance"), hirelings="forest-patrol,street-band,bodyguards")
    boxed, compact = board_text(g, WY, width=99), board_text(g, WY, width=80)
    assert boxed.count("h C1w") == NCL and "h C Forest Patrol, J Street Band: w, v vault" in boxed
    assert "Hirelings" in compact and compact.count("C1w") == NCL and "J1w" not in boxed + compact
