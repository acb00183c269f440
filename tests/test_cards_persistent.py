"""Persistent cards are crafted into the crafter's play area (no duplicates, LoR 4.1.4); dominance
cards stay out of two-seat games."""
import pytest

from wyrm_ai.model.cards import CARDS, card, deck_counts
from wyrm_ai.model.game import Game

from card_positions import (MARQUISE, WYRM, act, blank, board, cid, daylight, give, legal,
                                  play_area, put, state, total_cards)

# persistent card types with two copies in the deck (Royal Claim has one)
PERSISTENT = [k.token for k in CARDS if k.kind == "persistent" and k.count >= 2 and "standard" in k.decks]


def test_armorers_crafted_into_marquise_play_area():
    g = board(blank(), workshop={8: 1})
    g = daylight(give(g, MARQUISE, "B#armorers"), MARQUISE)
    before = state(g)
    act(g, "ZB#armorers")
    d = state(g)
    t = cid("B#armorers")
    assert d["play_area"][MARQUISE][t] == 1 and d["hand"][MARQUISE][t] == 0
    assert d["hand_size"][MARQUISE] == before["hand_size"][MARQUISE] - 1
    assert d["discard"][t] == 0
    assert d["items"] == before["items"] and d["item_supply"] == before["item_supply"]
    assert g.scores == (0, 0)
    assert d["activated"][7] == 1
    assert total_cards(d) == 50


def test_armorers_second_copy_not_craftable():
    g = board(blank(), workshop={8: 2, 9: 1})
    g = put(g, MARQUISE, "B#armorers")
    g = daylight(give(g, MARQUISE, "B#armorers", "B#sappers"), MARQUISE)
    assert "ZB#armorers" not in legal(g)
    assert "ZB#sappers" in legal(g)


def test_armorers_other_seat_may_hold_the_same_card():
    g = board(blank(), workshop={8: 1})
    g = put(g, WYRM, "B#armorers")
    g = daylight(give(g, MARQUISE, "B#armorers"), MARQUISE)
    act(g, "ZB#armorers")
    assert play_area(g, MARQUISE, "B#armorers") == 1 and play_area(g, WYRM, "B#armorers") == 1


# clearings with a free building slot, by suit (fox, rabbit, mouse), one entry per slot
SLOTS_BY_SUIT = ((8, 8, 6, 12), (5, 5, 3, 4, 10), (2, 2, 7, 7, 9, 9, 11, 11))


def workshops_for_two(token):
    """Workshops enough to pay for two copies of the card (at most 6: the Marquise has 6)."""
    spec = {}
    for suit, cost in enumerate(card(token).cost[:3]):
        for n in SLOTS_BY_SUIT[suit][:2 * cost]:
            spec[n] = spec.get(n, 0) + 1
    assert sum(spec.values()) <= 6
    return spec


@pytest.mark.parametrize("token", PERSISTENT)
def test_persistent_card_no_duplicate_in_play_area(token):
    """Every persistent card type: with crafting pieces enough for two copies, the first copy is
    craftable and the second is not."""
    g = board(blank(), workshop=workshops_for_two(token))
    g = daylight(give(g, MARQUISE, token, token), MARQUISE)
    assert "Z" + token in legal(g)
    act(g, "Z" + token)
    assert play_area(g, MARQUISE, token) == 1
    assert "Z" + token not in legal(g)


def test_royal_claim_costs_any_four():
    g = board(blank(), workshop={8: 1, 5: 1, 7: 1})
    g = daylight(give(g, MARQUISE, "B#royalclaim"), MARQUISE)
    assert "ZB#royalclaim" not in legal(g)
    g = daylight(board(g, workshop={9: 1}), MARQUISE)
    act(g, "ZB#royalclaim")
    assert play_area(g, MARQUISE, "B#royalclaim") == 1


def test_codebreakers_wyrm_crafts_persistent_into_play_area_not_lair():
    g = board(blank(), fear={7: 2}, pawn=7)
    g = daylight(give(g, WYRM, "M#codebreakers"), WYRM)
    act(g, "ZM#codebreakers")
    d = state(g)
    assert d["play_area"][WYRM][cid("M#codebreakers")] == 1
    assert sum(d["items"][WYRM]) == 0
    assert d["hand"][WYRM][cid("M#codebreakers")] == 0
    assert "codebreakers" in legal(g)              # usable in the same Daylight


def test_tax_collector_persistent_card_stays_in_play_after_the_turn():
    g = board(blank(), warriors={5: 1})
    g = daylight(put(g, MARQUISE, "F#taxcollector"), MARQUISE)
    act(g, "pass")
    while state(g)["turn"] == MARQUISE and not g.is_terminal():
        act(g, g.legal_texts()[0])
    assert play_area(g, MARQUISE, "F#taxcollector") == 1


def test_dominance_cards_out_of_two_seat_game():
    g = Game(first="marquise")
    d = state(g)
    dominance = [k.id for k in CARDS if k.kind == "dominance"]
    assert len(dominance) == 4
    counts = deck_counts("standard")
    for k in CARDS:
        assert d["out_of_game"][k.id] == (counts[k.id] if k.kind == "dominance" else 0)
        assert d["deck"][k.id] == (0 if k.kind == "dominance" else counts[k.id])
    assert d["deck_size"] == 50 == sum(d["deck"]) == total_cards(d)
    outcomes = {g.describe(a) for a, _ in g.chance_outcomes()}
    assert not any("dominance" in o for o in outcomes)


def test_dominance_not_dealt_after_setup():
    g = blank()
    d = state(g)
    assert total_cards(d) == 50 and sum(d["out_of_game"]) == 4
