"""Hireling pieces on the map (LoR 16.4.3: E-15..E-22, traps E-T4, E-T5) and Street Band, the first
hireling side with pieces (HIRE: E-46, E-48; readings E-C5, E-C7, E-C10, E-C26..E-C28 in
docs/hundreds-keepers.md §8). Hireling i's pieces are the side `_core.HIRELING_SIDE + i` of battles,
removals and events.

Table: Street Band, Rabbit Scouts, Badger Bodyguards (index 0, 1, 2) at (Marquise 0, Hundreds 1, Wyrm 2).
Autumn: fox 1 6 8 12, rabbit 3 4 5 10, mouse 2 7 9 11; paths 1-5 1-9 1-10 2-5 2-6 2-10 3-6 3-7 3-11
4-8 4-9 4-12 6-11 7-8 7-12 9-12 10-12 11-12."""
from __future__ import annotations

import json

import pytest

from wyrm_ai import _core
from wyrm_ai.model import notation
from wyrm_ai.model.errors import WyrmError
from wyrm_ai.model.game import Game
from wyrm_ai.model.narration import narrate
from wyrm_ai.model.events import events as named_events

from duchy_positions import drive_battle
from hireling_positions import (HUNDREDS, LIZARDS, MARQUISE, WYRM, action, drive_logged, events_of, hire_table,
                                hr_position, kinds, played, random_side_games, st, vp_events)
from lizard_positions import battle, craft, move

CAT, LH, WY = 0, 1, 2
SBB = ("street-band", "scouts", "bodyguards")
BAND = 0                                     # Street Band's index at this table
SIDE = _core.HIRELING_SIDE + BAND            # ... and its side
PLACE_WHY = _core.PLACE_WHYS.index("band")


def table():
    return hire_table((MARQUISE, HUNDREDS, WYRM), SBB)


BASE = dict(keep=1, warriors={1: 1}, wyrmlings={2: 1}, pawn=2, hundreds={9: 1}, warlord=None, strongholds={},
            mood="rowdy")


def band_at(placed: dict):
    """An hr_edit: Street Band's warriors {clearing number: n} on the map, the rest on its card."""
    def edit(d):
        d["hr_warriors"][BAND] = [placed.get(c + 1, 0) for c in range(12)]
        d["hr_warrior_supply"][BAND] = 5 - sum(placed.values())
    return edit


def position(seat, step, band=None, **kw):
    for k, v in BASE.items():
        kw.setdefault(k, v)
    if band:
        kw["hr_edit"] = band_at(band)
    return hr_position(table(), at=(seat, step), **kw)


def cat_day(**kw):
    return position(CAT, "marquise_daylight", **kw)


def lh_day(**kw):
    kw.setdefault("command_left", 3)
    return position(LH, "hundreds_daylight", **kw)


def band_places(s) -> set:
    """The clearing numbers Street Band's Daylight action is offered for."""
    return {x + 1 for x in kinds(s, "band")}


def moves_from(s, c: int) -> set:
    """The clearing numbers the moves offered out of clearing number c go to."""
    return {x // 52 % 12 + 1 for x in kinds(s, "move") if x // 52 // 12 == c - 1}


def battles(s) -> set:
    """(clearing number, defender side) of the battles offered."""
    return {(x // _core.NUM_SIDES + 1, x % _core.NUM_SIDES) for x in kinds(s, "battle")}


# ---- E-48: Street Band's Daylight (HIRE) ------------------------------------------------------------

def test_E48_the_controller_places_a_band_warrior_in_any_clearing_once_per_daylight():
    """E-48 (HIRE, Street Band: "Daylight: place a Band warrior in any clearing"; E-14, LoR 16.4.2.4: once
    in the controller's Daylight): every clearing but the Keep's (LoR 6.2.2) is offered; placing one
    moves it from the card to the map (E_PLACE by the Band's side, why "band"); it is not offered again
    this Daylight."""
    s = cat_day(hired={"street-band": (CAT, 2, 0)})
    assert band_places(s) == set(range(2, 13))           # the Keep is in 1
    ev = played(s, action("band", 5 - 1))
    d = st(s)
    assert d["hr_warriors"][BAND][4] == 1 and d["hr_warrior_supply"][BAND] == 4
    assert [(e[1], e[2] + 1, e[3], e[4]) for e in events_of(ev, "place")] == [(SIDE, 5, PLACE_WHY, 1)]
    assert band_places(s) == set() and d["hr_used"] & 4


def test_E48_only_for_its_controller_and_never_with_the_card_empty():
    """E-48: the Hundreds (not controlling the Band) are offered nothing; the controller with all five
    Band warriors on the map neither (HIRELING_PIECES: five)."""
    assert band_places(lh_day(hired={"street-band": (CAT, 2, 0)})) == set()
    s = cat_day(hired={"street-band": (CAT, 2, 0)}, band={3: 2, 4: 3})
    assert band_places(s) == set()


def test_E48_the_next_turn_offers_it_again():
    """E-14 (LoR 16.4.2.4): once per Daylight, so the next turn's Daylight offers it again (hr_used is
    cleared at each turn's start)."""
    s = cat_day(hired={"street-band": (CAT, 3, 0)})
    played(s, action("band", 4 - 1))
    d = st(s)
    d["hr_used"] = 0                                     # as a new turn begins it
    assert band_places(_core.State.from_dict(d)) == set(range(2, 13))


# ---- E-15, E-22: rule (LoR 16.4.3.1) ---------------------------------------------------------------

def test_E15_band_warriors_count_for_their_controllers_rule():
    """E-15 (LoR 16.4.3.1): the controller treats hireling pieces as its own for rule: the Marquise's
    warrior and two Band warriors in 9 outrule the Hundreds' two warriors there."""
    s = cat_day(warriors={1: 1, 9: 1}, hundreds={9: 2}, band={9: 2}, hired={"street-band": (CAT, 2, 0)})
    assert _core.ruler_of(s, 9 - 1) == CAT


def test_E15_rule_with_hireling_pieces_alone():
    """E-15 (LoR 16.4.3.1: "even if the controller has no pieces there"): the Band's one warrior in 6,
    nobody else there: the Marquise rules 6, and her move reads that rule (LoR 4.2): her warrior in 2
    may move to 6 though she rules neither 2 (the Wyrm's wyrmling and pawn) nor had anything in 6."""
    s = cat_day(warriors={1: 1, 2: 1}, band={6: 1}, hired={"street-band": (CAT, 2, 0)})
    assert _core.ruler_of(s, 6 - 1) == CAT and _core.ruler_of(s, 2 - 1) != CAT
    assert move(2, 6, 1) in s.legal_actions()


def test_E22_an_uncontrolled_hireling_rules_as_a_player():
    """E-22 (LoR 16.4.3.1: uncontrolled hirelings rule as if they were players): two Band warriors in
    9 in the supply outrule the Hundreds' one warrior there: no seat rules 9, so the Hundreds may not
    move 9 -> 12 where nobody rules (LoR 4.2: rule of the origin or the destination)."""
    s = lh_day(hundreds={9: 1}, band={9: 2})
    assert _core.ruler_of(s, 9 - 1) == -1
    assert move(9, 12, 1) not in s.legal_actions()


def test_E22_a_tie_with_an_uncontrolled_hireling_rules_for_nobody():
    """E-22, LoR 2.5: the Hundreds' two warriors and the Band's two in 9 tie: nobody rules."""
    s = lh_day(hundreds={9: 2}, band={9: 2})
    assert _core.ruler_of(s, 9 - 1) == -1


# ---- E-16, E-20, E-C7: battles against hireling pieces ---------------------------------------------

def test_E16_a_seat_battles_enemy_hireling_pieces_not_its_own():
    """E-16 (LoR 16.4.3.2): the Band is the enemy of every seat but its controller: the Hundreds (3
    warriors in 5 with two Band warriors, the Marquise controlling it) may battle the Band's side there;
    the Marquise in 7 with a Band warrior may not battle her own hireling."""
    s = lh_day(warriors={1: 1, 7: 1}, hundreds={5: 3}, band={5: 2, 7: 1}, hired={"street-band": (CAT, 2, 0)})
    assert (5, SIDE) in battles(s)
    c = cat_day(warriors={1: 1, 7: 1}, band={5: 2, 7: 1}, hired={"street-band": (CAT, 2, 0)})
    assert (7, SIDE) not in battles(c)


def test_E16_a_supply_hireling_is_everyones_enemy():
    """E-16 (16.6.8): a hireling in the supply is the enemy of every player: the Marquise may battle
    the uncontrolled Band in 7."""
    s = cat_day(warriors={1: 1, 7: 1}, band={7: 1})
    assert (7, SIDE) in battles(s)


def test_E16_E20_hits_remove_band_warriors_to_their_card_and_score_nothing():
    """E-16, E-20 (LoR 16.4.3.6: nobody scores for hireling warriors): the Hundreds attack the Band's
    two warriors in 5 with three, roll 2-1: both Band warriors go back onto its card, one Hundreds
    warrior is removed, and no VP is scored; the events name the Band's side."""
    s = lh_day(hundreds={5: 3}, band={5: 2}, hired={"street-band": (CAT, 2, 0)})
    ev = played(s, battle(5, SIDE))
    log = drive_logged(s, "hundreds_daylight", roll=(2, 1))
    d = st(s)
    assert d["hr_warriors"][BAND][4] == 0 and d["hr_warrior_supply"][BAND] == 5
    assert d["hundreds"][4] == 2
    assert vp_events(ev + log, "remove") == [] and events_of(ev + log, "vp") == []
    removed = [(e[1], e[3], e[4]) for e in events_of(log, "remove")]
    assert (SIDE, _core.PIECE_NAMES.index("hireling"), 1) in removed
    assert [(e[1], e[3]) for e in events_of(ev, "battle")] == [(LH, SIDE)]


def test_E_C7_a_hireling_defends_without_ambush_and_deals_its_roll():
    """E-C7, E-19 (LoR 16.4.3.5: no ambush cards): a battle against the Band asks no ambush; the Band
    deals the lower roll capped by its warriors: roll 2-2 against its two warriors deals 2 hits (and
    takes two)."""
    s = lh_day(hundreds={5: 3}, band={5: 2}, hired={"street-band": (CAT, 2, 0)})
    played(s, battle(5, SIDE))
    assert s.step == "battle_roll"
    drive_battle(s, "hundreds_daylight", roll=(2, 2))
    assert st(s)["hundreds"][4] == 1 and st(s)["hr_warriors"][BAND][4] == 0


def test_E20_trapT5_a_hirelings_hits_on_buildings_score_nobody():
    """E-20, trap E-T5 (LoR 16.4.3.6): the controller scores nothing for its hireling's removals: the
    Band (the Hundreds control it) defends in 5 against the Marquise's warrior beside her sawmill and
    deals two hits (roll 2-2): the warrior and the sawmill go, and no VP is scored."""
    s = cat_day(warriors={1: 1, 5: 1}, buildings={5: (1, 0, 0)}, band={5: 2},
                hired={"street-band": (LH, 2, 0)})
    played(s, battle(5, SIDE))
    log = drive_logged(s, "marquise_daylight", roll=(2, 2))
    assert events_of(log, "vp") == []
    assert st(s)["warriors"][4] == 0 and st(s)["buildings"][0][4] == 0


# ---- E-16: removals outside battle ------------------------------------------------------------------

@pytest.mark.parametrize("owner, removed", [(CAT, True), (-1, True), (WY, False)])
def test_E16_E20_a_favor_removes_enemy_band_warriors_for_no_vp(owner, removed):
    """E-16, E-20 (LoR 4.1 Favors: "remove all enemy pieces"): the Wyrm crafts Favor of the Mice
    (mouse 2 7 9 11) with three mouse fear tokens: the Band's two warriors in 9 go back onto its card
    when the Band is the Wyrm's enemy (the Marquise's, or in the supply), for no VP; its warrior in 5
    (rabbit) stays; controlled by the Wyrm, the Band keeps them (not its enemy)."""
    s = position(WY, "wyrm_daylight", band={9: 2, 5: 1}, fear={2: 2, 7: 2, 11: 2}, pawn=4,
                 hands={WY: ["M#favorofthemice"]}, hired={"street-band": (owner, 2, 0)} if owner >= 0 else {})
    ev = played(s, craft("M#favorofthemice"))
    d = st(s)
    assert d["hr_warriors"][BAND][8] == (0 if removed else 2) and d["hr_warriors"][BAND][4] == 1
    assert d["hr_warrior_supply"][BAND] == (4 if removed else 2)
    assert [e for e in events_of(ev, "vp") if e[3] != _core.VP_REASONS.index("craft")] == []
    if removed:
        assert (SIDE, 9 - 1, _core.PIECE_NAMES.index("hireling"), 2) in [e[1:5] for e in events_of(ev, "remove")]


def test_E_T4_hireling_warriors_are_not_the_controllers_faction_warriors():
    """Trap E-T4 (LoR 16.4.3.1, 16.4.3.3: rule only): the Hundreds control Street Band and Feline
    Physicians; the Wyrm's Favor of the Mice removes two Band warriors in 9 and nothing of the
    Hundreds': the Physicians (their faction warriors only, E-26) are never asked."""
    s = hr_position(hire_table((HUNDREDS, LIZARDS, WYRM), ("street-band", "physicians", "scouts")),
                    at=(2, "wyrm_daylight"), warlord=None, strongholds={}, mood="rowdy", wyrmlings={}, gardens={},
                    lizards={12: 1}, hundreds={3: 1}, fear={2: 2, 7: 2, 11: 2}, pawn=4,
                    hands={2: ["M#favorofthemice"], 0: ["M#roottea", "M#sword"]},
                    hired={"street-band": (0, 2, 0), "physicians": (0, 2, 0)}, hr_edit=band_at({9: 2}))
    played(s, craft("M#favorofthemice"))
    assert s.step == "wyrm_daylight" and st(s)["hr_warriors"][BAND][8] == 0


def test_E_T7_an_uncontrolled_band_takes_no_action():
    """Trap E-T7 (E-C5: its actions are a controller's): Street Band in the supply: no seat is offered
    its Daylight placement."""
    assert band_places(cat_day()) == set() and band_places(lh_day()) == set()


# ---- E-46: the Band's ban (HIRE; E-C10) ----------------------------------------------------------------

def test_E46_pieces_that_moved_in_may_not_move_out_this_turn():
    """E-46 (HIRE: "enemies cannot move out of a clearing with a Band warrior on the turn they moved
    into it"), E-C28 (the owner's pieces, as a snare's W-MP-29): the Hundreds move 2 warriors 9 -> 12, where a Band warrior stands (the Marquise controls
    it): no move out of 12 is offered this turn; a move from 9 (not entered) still is."""
    s = lh_day(hundreds={9: 4}, band={12: 1}, hired={"street-band": (CAT, 2, 0)})
    assert moves_from(s, 12) == set()
    played(s, move(9, 12, 2))
    assert moves_from(s, 12) == set() and moves_from(s, 9) == {1, 4, 12}


def test_E46_the_controller_is_not_held():
    """E-46, E-C28: the Band holds enemies only: the Hundreds controlling it may move on out of 12."""
    s = lh_day(hundreds={9: 4}, band={12: 1}, hired={"street-band": (LH, 2, 0)})
    played(s, move(9, 12, 2))
    assert moves_from(s, 12) >= {9, 4}


def test_E46_a_clearing_without_a_band_warrior_holds_nobody():
    """E-46: a clearing entered with no Band warrior does not hold (12 here, the Band in 7)."""
    s = lh_day(hundreds={9: 4}, band={7: 1}, hired={"street-band": (CAT, 2, 0)})
    played(s, move(9, 12, 2))
    assert moves_from(s, 12) >= {9, 4}


# ---- the plain data, notation, words -------------------------------------------------------------------

def test_hireling_pieces_round_trip_and_impossible_counts_are_refused():
    """The state dict holds each hireling's pieces (hr_warriors ... hr_vault_supply) and the turn's
    moves in (hr_entered); Street Band's warriors on the map and on its card always make five
    (HIRELING_PIECES); another side with warriors on the map is refused."""
    s = cat_day(band={3: 2}, hired={"street-band": (CAT, 2, 0)})
    d = st(s)
    assert _core.State.from_dict(d) == s
    bad = json.loads(json.dumps(d))
    bad["hr_warrior_supply"][BAND] = 4
    with pytest.raises(WyrmError, match="other pieces than its card"):
        _core.State.from_dict(bad)
    bad = json.loads(json.dumps(d))
    bad["hr_warriors"][1][3] = 1                  # Rabbit Scouts: no pieces
    with pytest.raises(WyrmError, match="other pieces than its card|warriors on the map"):
        _core.State.from_dict(bad)


def test_a_schema_15_dict_reads_with_every_hirelings_pieces_on_its_card():
    """upgraded_state: a state dict from before hireling pieces (schema 15) reads with each hireling's
    pieces in its card's supply (Street Band: five warriors) and no moves this turn."""
    s = cat_day(hired={"street-band": (CAT, 2, 0)})
    d = st(s)
    old = {k: v for k, v in d.items() if not k.startswith(("hr_warriors", "hr_vaults", "hr_pawn", "hr_warrior_supply",
                                                            "hr_vault_supply", "hr_entered"))}
    back = _core.State.from_dict(old)
    assert back == s and st(back)["hr_warrior_supply"] == [5, 0, 0]


def test_notation_names_a_battle_against_a_hireling_by_its_rootlog_letter():
    """Notation (docs/notation.md): a battle names its defender; a hireling's pieces are Rootlog's
    `h_<type>` (Popular Band / Street Band `h_J`): `Xh_J5`, read back to the same action."""
    g = Game(factions=("marquise", "hundreds", "wyrm"), hirelings=",".join(SBB))
    t = g.faction_ids
    a = battle(5, SIDE)
    assert notation.action_text(a, LH, t) == "Xh_J5"
    assert notation.parse("Xh_J5", LH, t) == a


def test_views_show_the_bands_warriors():
    """The views (all public, LoR 16.4): the `hirelings` object of the state JSON (hirelings.facts) gives
    Street Band's warriors by clearing number and what is left on its card; the board's HIRELINGS line
    says them."""
    from wyrm_ai.model import hirelings
    from wyrm_ai.model.textboard.board import hireling_words
    d = st(cat_day(band={5: 2, 9: 1}, hired={"street-band": (CAT, 2, 0)}))
    card = hirelings.facts(d, ["Marquise", "Hundreds", "Wyrm"])["cards"][BAND]
    assert card["warriors"] == {5: 2, 9: 1} and card["supply"] == {"warriors": 2, "vaults": 0}
    assert "vaults" not in hirelings.facts(d, ["Marquise", "Hundreds", "Wyrm"])["cards"][1]   # Scouts: none
    assert any("warriors 5x2 9, 2 on the card" in w for w in hireling_words(d))


def test_narration_names_the_hireling_side():
    """The battle's words name the Street Band as the defender."""
    g = Game(factions=("marquise", "hundreds", "wyrm"), hirelings=",".join(SBB))
    raw = [(_core.EVENT_KINDS.index("battle"), LH, 4, SIDE, -1, -1)]
    words = " ".join(narrate(named_events(raw, g.faction_ids)))
    assert "Street Band" in words and "clearing 5" in words


# ---- fuzz: random games with Street Band at three to six seats ---------------------------------------

BAND_TABLES = (
    (("marquise", "hundreds", "wyrm"), "street-band,scouts,bodyguards"),
    (("eyrie", "lizards", "hundreds", "wyrm"), "street-band,physicians,scouts"),
    (("alliance", "vagabond", "riverfolk", "corvids", "wyrm"), "street-band,nobles,bodyguards"),
    (("marquise", "vagabond", "lizards", "duchy", "hundreds", "wyrm"), "street-band,nobles,scouts"),
)


@pytest.mark.parametrize("mix, hs", BAND_TABLES, ids=["-".join(m) for m, _ in BAND_TABLES])
def test_random_games_with_street_band(mix, hs):
    """E-15..E-22, E-46, E-48 together: seeded random games with Street Band (Game + RandomPlayer): the
    Band's five warriors are always on the map or its card (HIRELING_PIECES), the state dict loads back
    at every Band event and at the end, every entry's record line and events read in words (notation,
    narration), and every game ends with a winner; over the games the Band is placed and battled."""
    placed = battled = 0
    for seed, k, g, sided in random_side_games(mix, hs, SIDE):
        d = g.state.to_dict()
        assert sum(d["hr_warriors"][BAND]) + d["hr_warrior_supply"][BAND] == 5, (mix, seed, k)
        placed += any(e.kind == "place" for e in sided)
        battled += any(e.kind == "battle" for e in sided)
    assert placed > 0, (mix, "the Band never placed")
