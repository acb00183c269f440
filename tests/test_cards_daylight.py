"""Daylight and Evening cards: Tax Collector, Codebreakers (and what observations show), Command
Warren (start of Daylight) and Cobbler (start of Evening)."""
from card_positions import (MARQUISE, WYRM, act, blank, board, c, cid, daylight,
                                  finish_turn, give, legal, put, state, total_cards)


# ---- Tax Collector ----------------------------------------------------------------------

def test_tax_collector_marquise_removes_warrior_and_draws():
    g = board(blank(keep=None), warriors={5: 2, 9: 1})
    g = daylight(put(g, MARQUISE, "F#taxcollector"), MARQUISE)
    assert {"tax 5", "tax 9"} <= legal(g)
    supply = state(g)["warrior_supply"]
    act(g, "tax 5")
    assert g.step == "card_draw" and g.is_chance_node()
    act(g, "draw F#anvil")
    d = state(g)
    assert d["warriors"][c(5)] == 1 and d["warrior_supply"] == supply + 1
    assert d["hand"][MARQUISE][cid("F#anvil")] == 1
    assert g.step == "marquise_daylight"
    assert d["actions_left"] == 3                       # not a Marquise action
    assert not any(t.startswith("tax") for t in legal(g))   # once per Daylight
    assert d["play_area"][MARQUISE][cid("F#taxcollector")] == 1
    assert total_cards(d) == 50


def test_tax_collector_marquise_field_hospitals_first():
    g = board(blank(keep=1), warriors={5: 2})
    g = give(put(g, MARQUISE, "F#taxcollector"), MARQUISE, "R#roottea", "M#sword")
    g = daylight(g, MARQUISE)
    act(g, "tax 5")
    assert g.step == "field_hospitals" and g.current_player == MARQUISE
    assert legal(g) == {"pass", "hospital R#roottea"}      # clearing 5 is a rabbit clearing
    act(g, "hospital R#roottea")
    d = state(g)
    assert d["warriors"][c(1)] == 1 and d["warriors"][c(5)] == 1
    assert d["discard"][cid("R#roottea")] == 1
    assert g.step == "card_draw"
    act(g, "draw F#anvil")
    assert g.step == "marquise_daylight"
    assert state(g)["hand"][MARQUISE][cid("F#anvil")] == 1


def test_tax_collector_marquise_declines_field_hospitals():
    g = board(blank(keep=1), warriors={5: 2})
    g = give(put(g, MARQUISE, "F#taxcollector"), MARQUISE, "R#roottea")
    g = daylight(g, MARQUISE)
    act(g, "tax 5", "pass")
    assert g.step == "card_draw"
    d = state(g)
    assert d["warriors"][c(1)] == 0 and d["hand"][MARQUISE][cid("R#roottea")] == 1


def test_tax_collector_wyrm_removes_wyrmling_not_pawn():
    g = board(blank(), wyrmlings={5: 2}, pawn=7)
    g = daylight(put(g, WYRM, "F#taxcollector"), WYRM)
    assert {t for t in legal(g) if t.startswith("tax")} == {"tax 5"}
    act(g, "tax 5")
    assert g.step == "card_draw"
    act(g, "draw F#anvil")
    d = state(g)
    assert d["wyrmlings"][c(5)] == 1 and d["pawn"] == c(7)
    assert d["hand"][WYRM][cid("F#anvil")] == 1
    assert g.step == "wyrm_daylight"
    assert not any(t.startswith("tax") for t in legal(g))


def test_tax_collector_needs_a_warrior():
    g = daylight(put(board(blank(), pawn=7), MARQUISE, "F#taxcollector"), MARQUISE)
    assert not any(t.startswith("tax") for t in legal(g))


# ---- Codebreakers -----------------------------------------------------------------------

def test_codebreakers_marquise_knows_wyrm_hand_in_observation():
    g = board(blank(), warriors={5: 2}, wyrmlings={5: 1})
    g = put(g, MARQUISE, "M#codebreakers")
    g = give(g, WYRM, "M#roottea", "B#ambush", "F#anvil")
    g = daylight(g, MARQUISE)
    obs = g.observation(MARQUISE)
    assert obs["hand"][WYRM] is None and "deck" not in obs
    assert sum(obs["known"][MARQUISE][WYRM]) == 0
    assert "codebreakers" in legal(g)
    act(g, "codebreakers")
    d = state(g)
    assert d["known"][MARQUISE][WYRM] == d["hand"][WYRM]
    obs = g.observation(MARQUISE)
    assert obs["known"][MARQUISE][WYRM] == d["hand"][WYRM]
    assert obs["hand"][WYRM] is None and "deck" not in obs
    assert obs["hand"][MARQUISE] == d["hand"][MARQUISE]
    assert "codebreakers" not in legal(g)                   # once per Daylight
    assert g.step == "marquise_daylight" and d["actions_left"] == 3


def test_codebreakers_known_card_spent_as_ambush_is_forgotten():
    g = board(blank(), warriors={5: 3}, wyrmlings={5: 1})
    g = put(g, MARQUISE, "M#codebreakers")
    g = give(g, WYRM, "B#ambush", "M#roottea")
    g = daylight(g, MARQUISE)
    act(g, "codebreakers", "XW5", "B#ambush@")
    d = state(g)
    assert d["known"][MARQUISE][WYRM][cid("B#ambush")] == 0
    assert d["known"][MARQUISE][WYRM][cid("M#roottea")] == 1
    assert g.observation(MARQUISE)["known"][MARQUISE] == d["known"][MARQUISE]


def test_codebreakers_wyrm_knows_marquise_hand_and_forgets_crafted_card():
    g = board(blank(), warriors={5: 3}, wyrmlings={5: 1}, workshop={7: 1})
    g = put(g, WYRM, "M#codebreakers")
    g = give(g, MARQUISE, "M#roottea", "M#scoutingparty")
    g = daylight(g, WYRM)
    act(g, "codebreakers")
    d = state(g)
    assert d["known"][WYRM][MARQUISE] == d["hand"][MARQUISE]
    obs = g.observation(WYRM)
    assert obs["known"][WYRM][MARQUISE] == d["hand"][MARQUISE] and obs["hand"][MARQUISE] is None
    # later the Marquise crafts one known card (an item) and draws new ones: only the crafted card
    # leaves the knowledge
    g = finish_turn(g)
    while g.step != "marquise_daylight":
        act(g, g.legal_texts()[0])
    act(g, "ZM#roottea")
    d = state(g)
    assert d["known"][WYRM][MARQUISE][cid("M#roottea")] == 0
    assert d["known"][WYRM][MARQUISE][cid("M#scoutingparty")] == 1


def test_codebreakers_known_card_crafted_into_play_area_is_forgotten():
    g = board(blank(), workshop={7: 2})
    g = put(g, WYRM, "M#codebreakers")
    g = give(g, MARQUISE, "M#scoutingparty")
    g = daylight(g, WYRM)
    act(g, "codebreakers")
    g = daylight(g, MARQUISE)
    act(g, "ZM#scoutingparty")
    d = state(g)
    assert d["play_area"][MARQUISE][cid("M#scoutingparty")] == 1
    assert d["known"][WYRM][MARQUISE][cid("M#scoutingparty")] == 0


def test_codebreakers_not_offered_without_card():
    g = daylight(board(blank()), MARQUISE)
    assert "codebreakers" not in legal(g)


# ---- Command Warren ---------------------------------------------------------------------

def test_command_warren_marquise_free_battle_at_start_of_daylight():
    g = board(blank(), warriors={5: 3}, wyrmlings={5: 2}, pawn=12)
    g = put(g, MARQUISE, "R#commandwarren")
    g = finish_turn(daylight(g, WYRM))
    assert g.step == "command_warren" and g.current_player == MARQUISE
    assert legal(g) == {"pass", "XW5"}
    act(g, "XW5")
    assert g.step == "battle_ambush" and legal(g) == {"pass"}   # asked all the same (issue 29 item 5)
    act(g, "pass")
    assert g.step == "battle_roll"
    act(g, "roll 2,1")
    d = state(g)
    assert d["wyrmlings"][c(5)] == 1               # 2 hits, 1 ignored by Ravenous
    assert d["warriors"][c(5)] == 2
    assert g.step == "marquise_daylight"
    assert d["actions_left"] == 3                  # the Warren battle cost no action


def test_command_warren_wyrm_battle_costs_no_bite():
    g = board(blank(keep=None), warriors={5: 3}, wyrmlings={5: 2}, pawn=12)
    g = put(g, WYRM, "R#commandwarren")
    g = finish_turn(daylight(g, MARQUISE))
    while g.step == "wyrm_intimidate":
        act(g, g.legal_texts()[0])
    assert g.step == "command_warren" and g.current_player == WYRM
    assert legal(g) == {"pass", "XC5"}
    act(g, "XC5", "roll 1,0")
    d = state(g)
    assert g.step == "wyrm_daylight"
    assert d["battles_used"] == 0
    assert "XC5" in legal(g)                        # its one Bite battle is still there


def test_command_warren_pass():
    g = board(blank(), warriors={5: 3}, wyrmlings={5: 2}, pawn=12)
    g = put(g, MARQUISE, "R#commandwarren")
    g = finish_turn(daylight(g, WYRM))
    act(g, "pass")
    assert g.step == "marquise_daylight"
    assert state(g)["wyrmlings"][c(5)] == 2


def test_command_warren_not_asked_without_a_battle():
    g = board(blank(), warriors={5: 3}, wyrmlings={9: 2}, pawn=12)
    g = put(g, MARQUISE, "R#commandwarren")
    g = finish_turn(daylight(g, WYRM))
    assert g.step == "marquise_daylight"


# ---- Cobbler ----------------------------------------------------------------------------

def test_cobbler_marquise_moves_at_start_of_evening():
    g = board(blank(), warriors={5: 2})
    g = daylight(put(g, MARQUISE, "R#cobbler"), MARQUISE)
    act(g, "pass")
    assert g.step == "cobbler" and g.current_player == MARQUISE
    assert {"pass", "w5->1", "2w5->1", "w5->2"} <= legal(g)
    act(g, "2w5->2")
    d = state(g)
    assert d["warriors"][c(5)] == 0 and d["warriors"][c(2)] == 2
    assert g.step == "evening_draw"


def test_cobbler_wyrm_moves_pawn_and_wyrmlings():
    g = board(blank(), wyrmlings={5: 2}, pawn=5)
    g = daylight(put(g, WYRM, "R#cobbler"), WYRM)
    act(g, "pass")
    assert g.step == "cobbler" and g.current_player == WYRM
    act(g, "(p+w)5->2")
    d = state(g)
    assert d["pawn"] == c(2) and d["wyrmlings"][c(2)] == 1 and d["wyrmlings"][c(5)] == 1
    assert g.step == "evening_draw"


def test_cobbler_pass_declines():
    g = board(blank(), warriors={5: 2})
    g = daylight(put(g, MARQUISE, "R#cobbler"), MARQUISE)
    act(g, "pass", "pass")
    assert state(g)["warriors"][c(5)] == 2
    assert g.step == "evening_draw"


def test_cobbler_not_asked_of_the_other_seat():
    g = board(blank(), warriors={5: 2}, wyrmlings={9: 1})
    g = daylight(put(g, WYRM, "R#cobbler"), MARQUISE)
    act(g, "pass")
    assert g.step == "evening_draw"


# ---- the Wyrm skips Daylight after leaving a forest (W-BIRD-2) ---------------------------

def test_command_warren_skipped_with_daylight_then_cobbler_at_evening():
    g = board(blank(), warriors={5: 3}, wyrmlings={5: 2}, pawn="F0")     # forest 1_2_5_10
    g = put(g, WYRM, "R#commandwarren", "R#cobbler")
    g = finish_turn(daylight(g, MARQUISE))
    assert g.step == "wyrm_emerge"
    act(g, "p->5")
    assert g.step == "cobbler" and g.current_player == WYRM       # no command_warren
    act(g, "(p+2w)5->1")
    assert state(g)["pawn"] == 0
    assert g.step == "evening_draw"
