"""Birdsong cards: Better Burrow Bank (start of Birdsong), Royal Claim and Stand and Deliver!
(step birdsong_cards)."""
import pytest

from wyrm_ai.cards import CARDS

from card_positions import (MARQUISE, WYRM, act, blank, board, cid, daylight,
                                  finish_turn, give, legal, modify, play_area, put,
                                  state, total_cards)


def wyrm_birdsong(marquise_cards=(), wyrm_cards=(), marquise_hand=(), wyrm_hand=(), **pieces):
    """Play the Marquise's turn out so that the Wyrm's turn begins (its Birdsong)."""
    g = board(blank(), **pieces)
    g = put(put(g, MARQUISE, *marquise_cards), WYRM, *wyrm_cards)
    g = give(give(g, MARQUISE, *marquise_hand), WYRM, *wyrm_hand)
    return finish_turn(daylight(g, MARQUISE))


def marquise_birdsong(marquise_cards=(), wyrm_cards=(), marquise_hand=(), wyrm_hand=(), **pieces):
    g = board(blank(), **pieces)
    g = put(put(g, MARQUISE, *marquise_cards), WYRM, *wyrm_cards)
    g = give(give(g, MARQUISE, *marquise_hand), WYRM, *wyrm_hand)
    return finish_turn(daylight(g, WYRM))


# ---- Royal Claim ------------------------------------------------------------------------

RULE = dict(wyrmlings={5: 1, 7: 1, 9: 1, 11: 1}, warriors={9: 2, 2: 1, 11: 1}, pawn=3)
# the Wyrm rules 3 (pawn), 5 and 7; the Marquise rules 9 and 2; 11 is tied


def test_royal_claim_wyrm_scores_ruled_clearings_and_discards():
    g = wyrm_birdsong(wyrm_cards=["B#royalclaim"], **RULE)
    assert g.step == "birdsong_cards" and g.current_player == WYRM
    assert legal(g) == {"pass", "use B#royalclaim"}
    before = g.scores
    act(g, "use B#royalclaim")
    d = state(g)
    assert g.scores == (before[0], before[1] + 3)
    assert d["play_area"][WYRM][cid("B#royalclaim")] == 0
    assert d["discard"][cid("B#royalclaim")] == 1
    assert g.step != "birdsong_cards"
    assert total_cards(d) == 50


def test_royal_claim_marquise_scores_ruled_clearings():
    g = marquise_birdsong(marquise_cards=["B#royalclaim"], **RULE)
    assert g.step == "birdsong_cards" and g.current_player == MARQUISE
    act(g, "use B#royalclaim")
    assert g.scores == (2, 0)
    assert state(g)["discard"][cid("B#royalclaim")] == 1


def test_royal_claim_pass_keeps_it():
    g = wyrm_birdsong(wyrm_cards=["B#royalclaim"], **RULE)
    act(g, "pass")
    assert g.scores == (0, 0)
    assert play_area(g, WYRM, "B#royalclaim") == 1
    assert g.step in ("wyrm_intimidate", "wyrm_daylight")


def test_royal_claim_not_asked_of_the_other_seat():
    g = wyrm_birdsong(marquise_cards=["B#royalclaim"], **RULE)
    assert g.step != "birdsong_cards"


# ---- Stand and Deliver! -----------------------------------------------------------------

def test_stand_and_deliver_chance_weighted_by_count():
    g = wyrm_birdsong(wyrm_cards=["F#standanddeliver"],
                      marquise_hand=["F#taxcollector", "F#taxcollector", "M#roottea"])
    hand = state(g)["hand"][MARQUISE]
    assert g.step == "birdsong_cards" and legal(g) == {"pass", "use F#standanddeliver"}
    act(g, "use F#standanddeliver")
    assert g.step == "steal" and g.is_chance_node()
    outcomes = {g.describe(a): p for a, p in g.chance_outcomes()}
    n = sum(hand)
    expect = {f"steal {CARDS[t].token}": k / n for t, k in enumerate(hand) if k}
    assert outcomes.keys() == expect.keys()
    for k, p in expect.items():
        assert outcomes[k] == pytest.approx(p)
    assert outcomes["steal F#taxcollector"] == pytest.approx(2 * outcomes["steal M#roottea"])


def test_stand_and_deliver_card_moves_victim_scores_and_knows():
    g = wyrm_birdsong(wyrm_cards=["F#standanddeliver"], marquise_hand=["M#roottea", "F#anvil"])
    d0 = state(g)
    act(g, "use F#standanddeliver", "steal M#roottea")
    d = state(g)
    t = cid("M#roottea")
    assert d["hand"][MARQUISE][t] == d0["hand"][MARQUISE][t] - 1
    assert d["hand"][WYRM][t] == d0["hand"][WYRM][t] + 1
    assert d["hand_size"] == [d0["hand_size"][0] - 1, d0["hand_size"][1] + 1]
    assert g.scores == (d0["score"][0] + 1, d0["score"][1])
    assert d["known"][MARQUISE][t] == 1             # the victim saw the card it lost
    assert d["play_area"][WYRM][cid("F#standanddeliver")] == 1
    assert total_cards(d) == 50


def test_stand_and_deliver_once_per_turn():
    g = wyrm_birdsong(wyrm_cards=["F#standanddeliver", "B#royalclaim"],
                      marquise_hand=["M#roottea", "F#anvil"])
    act(g, "use F#standanddeliver", "steal F#anvil")
    assert g.step == "birdsong_cards"               # Royal Claim is still to decide
    assert legal(g) == {"pass", "use B#royalclaim"}


def deck_to_wyrm(d):
    """The whole deck into the Wyrm's hand (the discard pile is empty): nobody can draw."""
    for t, n in enumerate(d["deck"]):
        d["hand"][WYRM][t] += n
        d["hand_size"][WYRM] += n
    d["deck"] = [0] * 42
    d["deck_size"] = 0
    assert sum(d["discard"]) == 0


def test_stand_and_deliver_not_offered_against_empty_hand():
    g = put(board(blank()), WYRM, "F#standanddeliver", "B#royalclaim")
    g = modify(daylight(g, MARQUISE), deck_to_wyrm)
    act(g, "pass")
    assert state(g)["hand_size"][MARQUISE] == 0
    assert g.step == "birdsong_cards" and legal(g) == {"pass", "use B#royalclaim"}


def test_stand_and_deliver_taker_forgets_known_card():
    """The Wyrm knew (Codebreakers) the Marquise held M#roottea; once it takes it, it no longer
    counts as a known card in her hand."""
    g = board(blank())
    g = put(g, WYRM, "F#standanddeliver")
    g = give(g, MARQUISE, "M#roottea", "F#anvil")
    g = modify(g, lambda d: d["known"][WYRM].__setitem__(cid("M#roottea"), 1))
    g = finish_turn(daylight(g, MARQUISE))
    act(g, "use F#standanddeliver", "steal M#roottea")
    d = state(g)
    assert d["known"][WYRM][cid("M#roottea")] == 0
    assert d["known"][MARQUISE][cid("M#roottea")] == 1


def test_stand_and_deliver_marquise_steals_from_wyrm():
    g = marquise_birdsong(marquise_cards=["F#standanddeliver"], wyrm_hand=["B#ambush"])
    assert g.step == "birdsong_cards" and g.current_player == MARQUISE
    act(g, "use F#standanddeliver")
    assert g.step == "steal"
    act(g, "steal B#ambush")
    d = state(g)
    assert d["hand"][MARQUISE][cid("B#ambush")] == 1
    assert g.scores == (0, 1)
    assert d["known"][WYRM][cid("B#ambush")] == 1


# ---- Better Burrow Bank -----------------------------------------------------------------

def test_better_burrow_bank_owner_then_other_draw():
    g = wyrm_birdsong(wyrm_cards=["R#betterburrowbank"])
    assert g.step == "card_draw" and g.is_chance_node()
    sizes = state(g)["hand_size"]
    act(g, "draw M#sword")
    d = state(g)
    assert d["hand"][WYRM][cid("M#sword")] == 1
    assert d["hand_size"] == [sizes[0], sizes[1] + 1]
    assert g.step == "card_draw"
    act(g, "draw F#anvil")
    d = state(g)
    assert d["hand"][MARQUISE][cid("F#anvil")] == 1
    assert d["hand_size"] == [sizes[0] + 1, sizes[1] + 1]
    assert g.step in ("wyrm_intimidate", "wyrm_daylight")
    assert total_cards(d) == 50


def test_better_burrow_bank_marquise_owner_draws_first():
    g = marquise_birdsong(marquise_cards=["R#betterburrowbank"])
    assert g.step == "card_draw"
    sizes = state(g)["hand_size"]
    act(g, "draw M#sword")
    assert state(g)["hand_size"] == [sizes[0] + 1, sizes[1]]
    act(g, "draw F#anvil")
    assert state(g)["hand"][WYRM][cid("F#anvil")] == 1
    assert g.step == "marquise_daylight"


def test_better_burrow_bank_then_royal_claim_in_the_same_birdsong():
    g = wyrm_birdsong(wyrm_cards=["R#betterburrowbank", "B#royalclaim"], pawn=3)
    act(g, "draw M#sword", "draw F#anvil")
    assert g.step == "birdsong_cards" and "use B#royalclaim" in legal(g)


def test_better_burrow_bank_empty_deck_draws_nothing():
    g = board(blank())
    g = put(g, WYRM, "R#betterburrowbank")
    g = modify(daylight(g, MARQUISE), deck_to_wyrm)
    sizes = state(g)["hand_size"]
    act(g, "pass")                         # no Evening draw either
    assert g.step != "card_draw"
    assert state(g)["hand_size"] == sizes
    assert state(g)["turn"] == WYRM


def test_stand_and_deliver_observation_shows_victim_knowledge():
    g = wyrm_birdsong(wyrm_cards=["F#standanddeliver"], marquise_hand=["M#roottea"])
    act(g, "use F#standanddeliver", "steal M#roottea")
    obs = g.observation(MARQUISE)
    assert obs["hand"][WYRM] is None and "deck" not in obs
    assert obs["known"][MARQUISE][cid("M#roottea")] == 1
