"""The engine traps about the Alliance (root-factions.md §7 traps 1, 2, 3, 4, 5, 6, 25), each
checked from a side the topic files do not already cover."""
from __future__ import annotations

from wyrm_ai import _core

from alliance_positions import (alliance_day, alliance_started, board, hand_of, st, stack,
                                texts, turn_of)

from wyrm_ai.model.cards import CARDS as _ALL_CARDS
NCT = len(_ALL_CARDS)   # card types of both decks (the standard deck and E&P)

CAT, ALLY, WYRM = 0, 1, 2


def test_trap_1_a_removed_token_costs_no_vp_and_its_space_pays_again():
    """§7 trap 1 (FAQ, G.22): the Marquise remove the token in 10 of three on the map; the
    Alliance keep their VP, the token goes back to the rightmost empty space, and the next spread
    costs and scores that third space again (1 supporter, 1 VP)."""
    g = turn_of(board(alliance_started(), sympathy=[2, 5, 10], warriors={10: 1}, score=[0, 2, 0],
                      hands={CAT: ["R#cobbler"]}, stack=["F#ambush"]), CAT)
    g.apply("XA10")
    g.apply("roll 0,0")
    assert g.step == "outrage" and g.legal_texts() == ["R#cobbler->A$"]   # asked (issue 29 item 5)
    g.apply("R#cobbler->A$")
    d = st(g)
    assert d["sympathy"][9] == 0 and d["score"] == [1, 2, 0]
    facts = _core.public_facts(g.state)["sympathy_track"]
    assert (facts["next_cost"], facts["next_vp"]) == (1, 1)
    g = turn_of(g, ALLY)
    g.apply("t->6")                       # fox 6: next to sympathetic 2 (path 2-6)
    assert g.step == "alliance_pay" and g.legal_texts() == ["F#ambush$->"]   # (issue 29 item 5)
    g.apply("F#ambush$->")
    d = st(g)
    assert d["score"][ALLY] == 3 and d["supporters_size"] == 1     # R#cobbler came by Outrage


def test_trap_2_a_defender_without_a_match_never_gives_a_card_from_hand():
    """§7 trap 2: the Wyrm, with only fox cards, removes the token in rabbit 5 by battle: its hand
    is shown to the Alliance and the stack's new card is drawn blind from the deck -- the Wyrm's
    hand keeps both cards."""
    g = turn_of(board(alliance_started(), sympathy=[5], wyrmlings={5: 1}, pawn=9,
                      hands={WYRM: ["F#ambush", "F#anvil"]}, deck_only=["M#sword"]), WYRM)
    g.apply("XA5")
    g.apply("roll 1,0")
    assert g.step == "supporter_draw" and texts(g) == {"draw M#sword"}
    assert st(g)["known"][ALLY][WYRM] == st(g)["hand"][WYRM]
    g.apply("draw M#sword")
    assert stack(g) == ["M#sword"] and hand_of(g, WYRM) == ["F#ambush", "F#anvil"]


def test_trap_3_the_wyrm_pawn_never_triggers_outrage():
    """§7 trap 3 with W-MP-2: the pawn alone entering sympathetic fox 6 owes nothing -- not even
    the showing of a hand without a fox card, nor a blind draw."""
    g = turn_of(board(alliance_started(), pawn=3, sympathy=[6], hands={WYRM: ["M#sword"]}), WYRM)
    g.apply("p3->6")
    d = st(g)
    assert d["pawn"] == 5 and d["supporters_size"] == 0 and d["outrage"] == [[0, 0, 0]] * 3
    assert d["known"][ALLY][WYRM] == [0] * NCT and g.step == "wyrm_daylight"


def test_trap_4_the_first_token_is_not_free():
    """§7 trap 4: the first token costs one supporter: with an empty stack no spread is offered
    (Birdsong ends at once); with one bird, it is spent."""
    g = turn_of(board(alliance_started()), ALLY)
    assert g.step == "alliance_daylight"
    g = turn_of(board(alliance_started(), stack=["B#ambush"]), ALLY)
    g.apply("t->7")
    assert st(g)["supporters_size"] == 0 and st(g)["sympathy"][6] == 1


def test_trap_5_martial_law_counts_one_player_at_four_seats():
    """§7 trap 5 at four seats: 2 Eyrie + 2 Marquise warriors in 7 (4 in all) give no Martial Law;
    3 Eyrie warriors do."""
    g = alliance_started(factions=("marquise", "eyrie", "alliance", "wyrm"))
    two_two = board(g, birds={7: 2}, warriors={7: 2})
    assert _core.public_facts(two_two.state)["sympathy_track"]["martial_law"] == []
    three = board(g, birds={7: 3}, warriors={7: 2})
    assert _core.public_facts(three.state)["sympathy_track"]["martial_law"] == [6]


def test_trap_6_base_loss_takes_officers_and_trims_the_stack():
    """§7 trap 6: losing the only base takes half the officers rounded up (3 -> 1 left) AND
    forces the trim of the six fox supporters left to 5, the Alliance choosing."""
    seven = ["F#ambush", "F#anvil", "F#roottea", "F#travelgear", "F#foxfolksteel",
             "F#gentlyusedknapsack", "R#cobbler"]
    g = turn_of(board(alliance_started(), bases=[10], officers=3, warriors={10: 1}, stack=seven),
                CAT)
    g.apply("XA10")
    g.apply("roll 0,0")
    d = st(g)
    assert d["officers"] == 1 and d["rebel_supply"] == 9
    assert g.step == "alliance_trim" and g.current_player == ALLY
    g.apply("F#travelgear$->")
    assert st(g)["supporters_size"] == 5 and g.step == "marquise_daylight"


def test_trap_25_nothing_of_the_alliance_is_placed_in_the_keeps_clearing():
    """§7 trap 25 (LoR 6.2.2): with the Keep in mouse 2, next to sympathetic 5, no spread to 2;
    an Alliance warrior standing in 2 cannot Organize there."""
    g = turn_of(board(alliance_started(), keep=2, sympathy=[5], stack=["B#ambush"]), ALLY)
    assert "t->2" not in texts(g)
    g = alliance_day(board(alliance_started(), keep=2, rebels={2: 1}, officers=1, pawn=9))
    g.apply("pass")
    assert "organize 2" not in texts(g)
