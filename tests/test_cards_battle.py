"""Battle cards: Armorers, Sappers, Brutal Tactics (used in the battle_effects step after the
roll, attacker first) and Scouting Party; with the Wyrm's Ravenous (W-RAV-1/2) and Pythonic
(W-PY-1..4)."""
import pytest

from card_positions import (MARQUISE, WYRM, act, blank, board, c, cid, daylight, forest,
                                  give, legal, play_area, put, state, total_cards)

TREASURE, SWORD = 7, 4


def fight(g, attacker, clearing):
    """Declare a battle from the attacker's Daylight."""
    other = "W" if attacker == MARQUISE else "C"
    return act(g, f"X{other}{clearing}")


def marquise_attacks(marquise_cards=(), wyrm_cards=(), **pieces):
    g = board(blank(), **pieces)
    g = put(g, MARQUISE, *marquise_cards)
    g = put(g, WYRM, *wyrm_cards)
    return daylight(g, MARQUISE)


def wyrm_attacks(marquise_cards=(), wyrm_cards=(), **pieces):
    g = board(blank(), **pieces)
    g = put(g, MARQUISE, *marquise_cards)
    g = put(g, WYRM, *wyrm_cards)
    return daylight(g, WYRM)


# ---- Armorers ---------------------------------------------------------------------------

def test_armorers_attacker_ignores_rolled_hits_and_is_discarded():
    g = marquise_attacks(["B#armorers"], warriors={5: 3}, wyrmlings={5: 3}, pawn=12)
    fight(g, MARQUISE, 5)
    act(g, "roll 2,2")
    assert g.step == "battle_effects" and g.current_player == MARQUISE
    assert legal(g) == {"pass", "use B#armorers"}
    act(g, "use B#armorers")
    d = state(g)
    assert d["play_area"][MARQUISE][cid("B#armorers")] == 0
    assert d["discard"][cid("B#armorers")] == 1
    # the Wyrm's 2 rolled hits are cancelled: they land on nothing, so Ravenous ignores nothing
    assert d["warriors"][c(5)] == 3
    assert d["wyrmlings"][c(5)] == 1
    assert g.step == "marquise_daylight"
    assert total_cards(d) == 50


def test_armorers_defender_wyrm_ignores_rolled_hits():
    """The Wyrm uses Armorers when the Marquise attacks it."""
    g = marquise_attacks(wyrm_cards=["B#armorers"], warriors={5: 3}, wyrmlings={5: 3}, pawn=12)
    fight(g, MARQUISE, 5)
    act(g, "roll 3,2")
    assert g.step == "battle_effects" and g.current_player == WYRM
    act(g, "use B#armorers")
    d = state(g)
    assert d["wyrmlings"][c(5)] == 3                  # 3 rolled hits ignored
    assert d["warriors"][c(5)] == 1                   # the Wyrm's 2 rolled hits land
    assert d["discard"][cid("B#armorers")] == 1 and d["play_area"][WYRM][cid("B#armorers")] == 0
    assert g.scores == (0, 0)


def test_armorers_wyrm_attacker_then_ravenous_ignores_sappers_hit():
    """Armorers against Ravenous (the Wyrm uses Armorers): the Marquise's rolled hits are
    cancelled; the Sappers extra hit is not rolled, so Armorers does not cancel it, but the Wyrm's
    2 rolled hits land on Marquise warriors, so Ravenous ignores it (W-RAV-2)."""
    g = wyrm_attacks(["B#sappers"], ["B#armorers"], warriors={5: 3}, wyrmlings={5: 2}, pawn=12)
    fight(g, WYRM, 5)
    act(g, "roll 2,2")
    assert g.current_player == WYRM and legal(g) == {"pass", "use B#armorers"}
    act(g, "use B#armorers")
    assert g.current_player == MARQUISE and legal(g) == {"pass", "use B#sappers"}
    act(g, "use B#sappers")
    d = state(g)
    assert d["wyrmlings"][c(5)] == 2
    assert d["warriors"][c(5)] == 1
    assert g.step == "wyrm_daylight"
    assert d["discard"][cid("B#armorers")] == 1 and d["discard"][cid("B#sappers")] == 1


def test_armorers_wyrm_with_armorers_takes_sappers_hit_when_its_rolled_hits_find_nothing():
    """The Wyrm rolls 0: nothing for Ravenous to ignore, so the Sappers hit lands."""
    g = wyrm_attacks(["B#sappers"], ["B#armorers"], warriors={5: 3}, wyrmlings={5: 2}, pawn=12)
    fight(g, WYRM, 5)
    act(g, "roll 0,0", "use B#armorers", "use B#sappers")
    d = state(g)
    assert d["wyrmlings"][c(5)] == 1
    assert d["warriors"][c(5)] == 3


def test_armorers_marquise_defender_against_ravenous():
    """The Marquise uses Armorers against the attacking Wyrm: the Wyrm's rolled hits are
    cancelled, land on nothing, so Ravenous ignores none of the Marquise's hits (W-RAV-1)."""
    g = wyrm_attacks(["B#armorers"], warriors={5: 3}, wyrmlings={5: 3}, pawn=12)
    fight(g, WYRM, 5)
    act(g, "roll 2,2")
    assert g.step == "battle_effects" and g.current_player == MARQUISE
    act(g, "use B#armorers")
    d = state(g)
    assert d["warriors"][c(5)] == 3
    assert d["wyrmlings"][c(5)] == 1
    assert d["discard"][cid("B#armorers")] == 1


def test_armorers_marquise_declines_so_ravenous_ignores_her_hits():
    """Control for the test above: without Armorers the Wyrm's 2 landed hits cancel her 2."""
    g = wyrm_attacks(["B#armorers"], warriors={5: 3}, wyrmlings={5: 3}, pawn=12)
    fight(g, WYRM, 5)
    act(g, "roll 2,2", "pass")
    d = state(g)
    assert d["warriors"][c(5)] == 1
    assert d["wyrmlings"][c(5)] == 3
    assert d["play_area"][MARQUISE][cid("B#armorers")] == 1


def test_armorers_marquise_attacker_against_wyrm_defender_ravenous():
    """The Marquise attacks with Armorers: the defending Wyrm's rolled hits are cancelled and
    so Ravenous does not reduce the hits she deals."""
    g = marquise_attacks(["B#armorers"], warriors={5: 4}, wyrmlings={5: 1}, pawn=5, treasure=0)
    fight(g, MARQUISE, 5)
    act(g, "roll 3,3", "use B#armorers")
    # 3 hits on the Wyrm: the wyrmling or the pawn (W-PY-1); the Wyrm chooses
    assert g.step == "battle_hits" and g.current_player == WYRM
    assert state(g)["battle"]["alloc_left"] == 3
    act(g, "w5->")                  # the next hit must go to the pawn: with an empty Lair it
    # flees (clearing 5 touches one forest only); the third hit finds nothing
    d = state(g)
    assert forest(g) == "1_2_5_10"
    assert d["warriors"][c(5)] == 4
    assert g.step == "marquise_daylight"


def test_armorers_does_not_cancel_the_defenseless_extra_hit():
    """Only rolled hits are ignored: a defenseless Marquise still takes the extra hit."""
    g = wyrm_attacks(["B#armorers"], wyrmlings={5: 3}, pawn=12, sawmill={5: 1}, wood={5: 1})
    fight(g, WYRM, 5)
    act(g, "roll 3,0", "use B#armorers")
    assert g.step == "battle_hits" and g.current_player == MARQUISE
    assert legal(g) == {"b_s5->", "t5->"}
    act(g, "t5->")
    d = state(g)
    assert d["buildings"][0][c(5)] == 1 and d["wood"][c(5)] == 0
    assert g.scores == (0, 1)


def test_armorers_does_not_cancel_ambush_hits():
    g = marquise_attacks(["B#armorers"], warriors={5: 3}, wyrmlings={5: 3}, pawn=12)
    g = give(g, WYRM, "R#ambush")
    fight(g, MARQUISE, 5)
    act(g, "R#ambush@")            # 2 hits before the roll, the Marquise has no foil
    assert state(g)["warriors"][c(5)] == 1
    act(g, "roll 1,1", "use B#armorers")
    d = state(g)
    assert d["warriors"][c(5)] == 1
    assert d["wyrmlings"][c(5)] == 2


# ---- Sappers ----------------------------------------------------------------------------

def test_sappers_marquise_defender_deals_extra_hit():
    g = wyrm_attacks(["B#sappers"], warriors={5: 2}, wyrmlings={5: 2}, pawn=12)
    fight(g, WYRM, 5)
    act(g, "roll 0,0")
    assert g.step == "battle_effects" and g.current_player == MARQUISE
    assert legal(g) == {"pass", "use B#sappers"}
    act(g, "use B#sappers")
    d = state(g)
    assert d["wyrmlings"][c(5)] == 1
    assert d["warriors"][c(5)] == 2
    assert d["discard"][cid("B#sappers")] == 1 and d["play_area"][MARQUISE][cid("B#sappers")] == 0
    assert g.scores == (0, 0)


def test_sappers_wyrm_defender_deals_extra_hit():
    g = marquise_attacks(wyrm_cards=["B#sappers"], warriors={5: 3}, wyrmlings={5: 2}, pawn=12)
    fight(g, MARQUISE, 5)
    act(g, "roll 1,1", "use B#sappers")
    d = state(g)
    assert d["warriors"][c(5)] == 1            # 1 rolled + 1 Sappers
    assert d["wyrmlings"][c(5)] == 2           # her 1 hit is ignored: the Wyrm's rolled hit landed


def test_sappers_is_not_an_attackers_card():
    g = marquise_attacks(["B#sappers"], warriors={5: 3}, wyrmlings={5: 2}, pawn=12)
    fight(g, MARQUISE, 5)
    act(g, "roll 1,0")
    assert g.step != "battle_effects"
    assert play_area(g, MARQUISE, "B#sappers") == 1


def test_sappers_ravenous_ignores_extra_hit():
    """W-RAV-2: the Sappers hit dealt to the Wyrm is ignorable like a rolled one."""
    g = wyrm_attacks(["B#sappers"], warriors={5: 3}, wyrmlings={5: 3}, pawn=12)
    fight(g, WYRM, 5)
    act(g, "roll 2,1", "use B#sappers")
    d = state(g)
    assert d["wyrmlings"][c(5)] == 3
    assert d["warriors"][c(5)] == 1


def test_sappers_pythonic_treasure_lost_as_attacker_scores_nothing():
    """W-PY-2/3: a Sappers hit on the attacking Wyrm's pawn removes a treasure to the supply;
    the Wyrm was attacking, so nobody scores."""
    g = wyrm_attacks(["B#sappers"], warriors={5: 2}, pawn=5, treasure=2)
    fight(g, WYRM, 5)
    act(g, "roll 0,0", "use B#sappers")
    d = state(g)
    assert d["items"][WYRM][TREASURE] == 1 and d["treasure_supply"] == 2
    assert d["pawn"] == c(5)
    assert g.scores == (0, 0)


def test_sappers_pythonic_item_choice_and_loss():
    """A Lair with a treasure and a sword: the Wyrm picks the item; the sword leaves the game."""
    g = wyrm_attacks(["B#sappers"], warriors={5: 2}, pawn=5, treasure=1, items={"sword": 1})
    fight(g, WYRM, 5)
    act(g, "roll 0,0", "use B#sappers")
    assert g.step == "battle_lair" and g.current_player == WYRM
    assert legal(g) == {"%g->", "%s->"}
    act(g, "%s->")
    d = state(g)
    assert d["items"][WYRM][SWORD] == 0 and d["items_lost"][SWORD] == 1
    assert d["items"][WYRM][TREASURE] == 1
    assert g.scores == (0, 0)


def test_sappers_pythonic_empty_lair_pawn_flees_to_chosen_forest():
    g = wyrm_attacks(["B#sappers"], warriors={9: 2}, pawn=9, treasure=0)
    fight(g, WYRM, 9)
    act(g, "roll 0,0", "use B#sappers")
    assert g.step == "battle_forest" and g.current_player == WYRM
    assert legal(g) == {"p->1_9_10_12", "p->4_9_12"}
    act(g, "p->4_9_12")
    assert forest(g) == "4_9_12"
    assert g.step == "wyrm_daylight"


# ---- Brutal Tactics ---------------------------------------------------------------------

def test_brutal_tactics_marquise_extra_hit_defender_scores_card_stays():
    g = marquise_attacks(["B#brutaltactics"], warriors={5: 3}, wyrmlings={5: 3}, pawn=12)
    fight(g, MARQUISE, 5)
    act(g, "roll 1,0")
    assert legal(g) == {"pass", "use B#brutaltactics"}
    act(g, "use B#brutaltactics")
    d = state(g)
    assert d["wyrmlings"][c(5)] == 1            # 1 rolled + 1 extra; the Wyrm rolled 0: no ignore
    assert g.scores == (0, 1)
    assert d["play_area"][MARQUISE][cid("B#brutaltactics")] == 1
    assert d["discard"][cid("B#brutaltactics")] == 0


def test_brutal_tactics_usable_again_in_the_next_battle():
    g = marquise_attacks(["B#brutaltactics"], warriors={5: 3, 9: 3}, wyrmlings={5: 3, 9: 3}, pawn=12)
    fight(g, MARQUISE, 5)
    act(g, "roll 1,0", "use B#brutaltactics")
    fight(g, MARQUISE, 9)
    act(g, "roll 1,0")
    assert "use B#brutaltactics" in legal(g)
    act(g, "use B#brutaltactics")
    assert g.scores == (0, 2)


def test_brutal_tactics_wyrm_attacker_extra_hit_not_counted_by_ravenous():
    """The Wyrm's Brutal Tactics hit is not rolled: it does not feed Ravenous (W-RAV-1)."""
    g = wyrm_attacks(wyrm_cards=["B#brutaltactics"], warriors={5: 3}, wyrmlings={5: 1}, pawn=12)
    fight(g, WYRM, 5)
    act(g, "roll 2,2")                         # the Wyrm deals 1 (one wyrmling), she deals 2
    act(g, "use B#brutaltactics")
    d = state(g)
    assert g.scores == (1, 0)                  # the defender scores
    assert d["warriors"][c(5)] == 1            # 1 rolled + 1 extra
    assert d["wyrmlings"][c(5)] == 0           # 2 hits, 1 ignored (one rolled hit landed)


def test_brutal_tactics_is_not_a_defenders_card():
    g = wyrm_attacks(["B#brutaltactics"], warriors={5: 3}, wyrmlings={5: 1}, pawn=12)
    fight(g, WYRM, 5)
    act(g, "roll 1,1")
    assert g.step != "battle_effects"


def test_brutal_tactics_pythonic_treasures_score_for_attacker():
    """W-PY-3: treasures the defending Wyrm loses to the rolled and the Brutal Tactics hit score
    1 VP each for the Marquise; Brutal Tactics scores 1 for the Wyrm."""
    g = marquise_attacks(["B#brutaltactics"], warriors={5: 2}, pawn=5, treasure=2)
    fight(g, MARQUISE, 5)
    act(g, "roll 1,0", "use B#brutaltactics")
    d = state(g)
    assert d["items"][WYRM][TREASURE] == 0 and d["treasure_supply"] == 3
    assert d["pawn"] == c(5)
    assert g.scores == (2, 1)
    assert g.step == "marquise_daylight"


def test_brutal_tactics_pythonic_full_lair_mixed_items():
    g = marquise_attacks(["B#brutaltactics"], warriors={5: 2}, pawn=5, treasure=3,
                         items={"sword": 1})
    fight(g, MARQUISE, 5)
    act(g, "roll 1,0", "use B#brutaltactics")
    assert g.step == "battle_lair"
    act(g, "%s->")                   # the sword: removed from the game, no VP; the second hit
    # finds only treasure in the Lair, so it is taken without asking: 1 VP for the attacker
    d = state(g)
    assert d["items"][WYRM][TREASURE] == 2 and d["items_lost"][SWORD] == 1
    assert g.scores == (1, 1)


def test_brutal_tactics_ravenous_ignores_extra_hit_to_wyrm():
    """W-RAV-2: the Brutal Tactics hit dealt to the defending Wyrm can be ignored."""
    g = marquise_attacks(["B#brutaltactics"], warriors={5: 3}, wyrmlings={5: 3}, pawn=12)
    fight(g, MARQUISE, 5)
    act(g, "roll 2,2", "use B#brutaltactics")
    d = state(g)
    assert d["wyrmlings"][c(5)] == 2           # 3 hits, 2 ignored
    assert d["warriors"][c(5)] == 1
    assert g.scores == (0, 1)


# ---- order of effects -------------------------------------------------------------------

def test_battle_effects_attacker_first_then_defender_pass_ends_a_side():
    g = marquise_attacks(["B#armorers", "B#brutaltactics"], ["B#armorers", "B#sappers"],
                         warriors={5: 3}, wyrmlings={5: 3}, pawn=12)
    fight(g, MARQUISE, 5)
    act(g, "roll 2,1")
    assert g.current_player == MARQUISE
    assert legal(g) == {"pass", "use B#armorers", "use B#brutaltactics"}
    act(g, "use B#brutaltactics")
    assert g.current_player == MARQUISE and legal(g) == {"pass", "use B#armorers"}
    act(g, "pass")                              # the attacker is done; her Armorers stay
    assert g.step == "battle_effects" and g.current_player == WYRM
    assert legal(g) == {"pass", "use B#armorers", "use B#sappers"}
    act(g, "use B#sappers")
    assert legal(g) == {"pass", "use B#armorers"}
    act(g, "pass")
    assert g.step != "battle_effects"
    assert play_area(g, MARQUISE, "B#armorers") == 1 and play_area(g, WYRM, "B#armorers") == 1
    assert play_area(g, MARQUISE, "B#brutaltactics") == 1 and play_area(g, WYRM, "B#sappers") == 0


def test_battle_effects_no_step_without_cards():
    g = marquise_attacks(warriors={5: 3}, wyrmlings={5: 3}, pawn=12)
    fight(g, MARQUISE, 5)
    act(g, "roll 1,1")
    assert g.step != "battle_effects"


# ---- Scouting Party ---------------------------------------------------------------------

@pytest.mark.parametrize("scouting", [True, False])
def test_scouting_party_marquise_attacker_no_ambush(scouting):
    g = marquise_attacks(["M#scoutingparty"] if scouting else [], warriors={5: 3},
                         wyrmlings={5: 2}, pawn=12)
    g = give(g, WYRM, "B#ambush", "R#ambush")
    fight(g, MARQUISE, 5)
    if scouting:
        assert g.step == "battle_roll"
    else:
        assert g.step == "battle_ambush" and legal(g) == {"pass", "B#ambush@", "R#ambush@"}


def test_scouting_party_wyrm_attacker_no_ambush():
    g = wyrm_attacks(wyrm_cards=["M#scoutingparty"], warriors={5: 3}, wyrmlings={5: 2}, pawn=12)
    g = give(g, MARQUISE, "B#ambush")
    fight(g, WYRM, 5)
    assert g.step == "battle_roll"
    assert state(g)["hand"][MARQUISE][cid("B#ambush")] == 1


def test_scouting_party_does_not_protect_its_owner_as_defender():
    g = wyrm_attacks(["M#scoutingparty"], warriors={5: 3}, wyrmlings={5: 2}, pawn=12)
    g = give(g, MARQUISE, "B#ambush")
    fight(g, WYRM, 5)
    assert g.step == "battle_ambush" and "B#ambush@" in legal(g)


def test_ravenous_cannot_ignore_ambush_hits_then_sappers_hit_is_ignored():
    """W-RAV-2: ambush hits come before the roll and are not ignorable; the Sappers hit after the
    roll is."""
    g = wyrm_attacks(["B#sappers"], warriors={5: 3}, wyrmlings={5: 4}, pawn=12)
    g = give(g, MARQUISE, "R#ambush")
    fight(g, WYRM, 5)
    act(g, "R#ambush@")
    assert state(g)["wyrmlings"][c(5)] == 2
    act(g, "roll 2,1", "use B#sappers")
    d = state(g)
    assert d["wyrmlings"][c(5)] == 2            # 2 hits (1 rolled + Sappers), 2 ignored
    assert d["warriors"][c(5)] == 1


def test_brutal_tactics_defenseless_wyrm_fear_token():
    """Only a fear token: the Wyrm is defenseless (+1) and Brutal Tactics adds 1 more; the token
    goes (1 VP to the Marquise), the extra hits find nothing else; the Wyrm scores 1."""
    g = marquise_attacks(["B#brutaltactics"], warriors={5: 2}, fear={5: 2}, pawn=12)
    fight(g, MARQUISE, 5)
    act(g, "roll 0,0", "use B#brutaltactics")
    d = state(g)
    assert d["fear"][c(5)] == 0
    assert g.scores == (1, 1)
    assert g.step == "marquise_daylight"
