"""Birdsong cards: Better Burrow Bank (start of Birdsong), Royal Claim and Stand and Deliver!
("in Birdsong": at every decision point of the owner's Birdsong and at the step birdsong_cards,
the end of Birdsong before Daylight, or Evening for a Wyrm leaving a forest)."""
import pytest

from wyrm_ai.model.cards import CARDS
from wyrm_ai.model.errors import IllegalActionError

from card_positions import (MARQUISE, WYRM, act, blank, board, cid, daylight,
                                  finish_turn, give, hand, legal, modify, play_area, put,
                                  state, total_cards)

from wyrm_ai.model.cards import CARDS as _ALL_CARDS
NCT = len(_ALL_CARDS)   # card types of both decks (the standard deck and E&P)


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


# Royal Claim is usable at any point of its owner's Birdsong (card text, root-base-rules.md §2.1:
# "in Birdsong, discard it to score 1 VP per clearing you rule"), so after Intimidate (W-BIRD-1)
# or the forest return (W-BIRD-2) have changed what the Wyrm rules.

INTIMIDATE = dict(wyrmlings={7: 1}, warriors={7: 1}, pawn=3, fear={7: 1})
# the Wyrm rules 3 (pawn); 7 is tied until Intimidate places a wyrmling there


def test_royal_claim_after_intimidate_scores_the_new_rule():
    g = wyrm_birdsong(wyrm_cards=["B#royalclaim"], **INTIMIDATE)
    assert g.step == "wyrm_intimidate"
    assert legal(g) == {"0w->7", "1w->7", "use B#royalclaim"}
    before = g.clone()
    act(before, "use B#royalclaim")                 # claimed before placing: 3 only
    assert before.scores == (0, 1) and before.step == "wyrm_intimidate"
    assert legal(before) == {"0w->7", "1w->7"}     # discarded: no second claim
    act(g, "1w->7")                                 # Intimidate: now the Wyrm rules 7 too
    assert g.step == "birdsong_cards" and legal(g) == {"pass", "use B#royalclaim"}
    act(g, "use B#royalclaim")
    assert g.scores == (0, 2)
    assert g.step == "wyrm_daylight" and "use B#royalclaim" not in legal(g)
    assert state(g)["discard"][cid("B#royalclaim")] == 1


def test_royal_claim_at_each_intimidate_point():
    g = wyrm_birdsong(wyrm_cards=["B#royalclaim"], wyrmlings={7: 1, 9: 1}, warriors={7: 1, 9: 1},
                      pawn=3, fear={7: 1, 9: 1})
    act(g, "1w->7")
    assert g.step == "wyrm_intimidate" and "use B#royalclaim" in legal(g)
    act(g, "use B#royalclaim")                      # between the two placements: 3 and 7
    assert g.scores == (0, 2) and g.step == "wyrm_intimidate"
    act(g, "1w->9")
    assert g.step == "wyrm_daylight"                # nothing left to use: no end point


def test_royal_claim_after_leaving_a_forest_then_evening():
    """W-BIRD-2: the pawn leaves its forest, then Daylight is skipped. The claim made after the
    pawn moved counts the clearing it entered, and Evening follows, not Daylight."""
    g = wyrm_birdsong(wyrm_cards=["B#royalclaim"], pawn="F0")
    assert g.step == "wyrm_emerge" and "use B#royalclaim" in legal(g)
    act(g, "p->5")
    assert g.step == "birdsong_cards" and legal(g) == {"pass", "use B#royalclaim"}
    act(g, "use B#royalclaim")
    assert g.scores == (0, 1)
    assert g.step in ("evening_draw", "discard") and state(g)["turn"] == WYRM


def test_royal_claim_end_of_birdsong_pass_skips_daylight_after_a_forest():
    g = wyrm_birdsong(wyrm_cards=["B#royalclaim"], pawn="F0")
    act(g, "p->5", "pass")
    assert g.step in ("evening_draw", "discard")
    assert play_area(g, WYRM, "B#royalclaim") == 1


def test_royal_claim_no_longer_offered_once_daylight_begins():
    for g, seat in ((wyrm_birdsong(wyrm_cards=["B#royalclaim"], **INTIMIDATE), WYRM),
                    (marquise_birdsong(marquise_cards=["B#royalclaim"], **RULE), MARQUISE)):
        while g.step != ("wyrm_daylight" if seat == WYRM else "marquise_daylight"):
            act(g, "pass" if g.step == "birdsong_cards" else sorted(legal(g))[0])
            assert g.current_player == seat
        assert play_area(g, seat, "B#royalclaim") == 1
        assert not {a for a in legal(g) if a.startswith("use")}
        with pytest.raises(IllegalActionError):
            act(g, "use B#royalclaim")


def test_royal_claim_marquise_during_and_after_short_wood():
    """LoR 6.4: with too little wood the Marquise places it at a decision point of her Birdsong;
    Royal Claim is offered there and at the end of Birdsong."""
    g = marquise_birdsong(marquise_cards=["B#royalclaim"], sawmill={5: 1, 6: 1}, wood={1: 7},
                          warriors={5: 1})
    assert g.step == "marquise_wood" and "use B#royalclaim" in legal(g)
    before = g.clone()
    act(before, "use B#royalclaim")
    assert before.scores == (2, 0) and before.step == "marquise_wood"   # rules 5 and 6
    act(g, "t->5")
    assert g.step == "birdsong_cards"
    act(g, "use B#royalclaim")
    assert g.scores == (2, 0) and g.step == "marquise_daylight"


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
    assert d["known"][MARQUISE][WYRM][t] == 1       # the victim saw the card it lost
    assert d["play_area"][WYRM][cid("F#standanddeliver")] == 1
    assert total_cards(d) == 50


def test_stand_and_deliver_once_per_turn():
    g = wyrm_birdsong(wyrm_cards=["F#standanddeliver", "B#royalclaim"],
                      marquise_hand=["M#roottea", "F#anvil"])
    act(g, "use F#standanddeliver", "steal F#anvil")
    assert g.step == "birdsong_cards"               # Royal Claim is still to decide
    assert legal(g) == {"pass", "use B#royalclaim"}


def test_stand_and_deliver_mid_intimidate_returns_there():
    """Stand and Deliver! is also "in Birdsong": usable at an Intimidate point, after which the
    Wyrm goes on placing where it was."""
    g = wyrm_birdsong(wyrm_cards=["F#standanddeliver"], marquise_hand=["M#roottea"],
                      **INTIMIDATE)
    assert g.step == "wyrm_intimidate" and "use F#standanddeliver" in legal(g)
    act(g, "use F#standanddeliver")
    assert g.step == "steal"
    act(g, "steal M#roottea")
    assert g.step == "wyrm_intimidate" and legal(g) == {"0w->7", "1w->7"}
    assert g.scores == (1, 0) and hand(g, WYRM, "M#roottea") == 1
    act(g, "1w->7")
    assert g.step == "wyrm_daylight"


def deck_to_wyrm(d):
    """The whole deck into the Wyrm's hand (the discard pile is empty): nobody can draw."""
    for t, n in enumerate(d["deck"]):
        d["hand"][WYRM][t] += n
        d["hand_size"][WYRM] += n
    d["deck"] = [0] * NCT
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
    g = modify(g, lambda d: d["known"][WYRM][MARQUISE].__setitem__(cid("M#roottea"), 1))
    g = finish_turn(daylight(g, MARQUISE))
    act(g, "use F#standanddeliver", "steal M#roottea")
    d = state(g)
    assert d["known"][WYRM][MARQUISE][cid("M#roottea")] == 0
    assert d["known"][MARQUISE][WYRM][cid("M#roottea")] == 1


def test_stand_and_deliver_marquise_steals_from_wyrm():
    g = marquise_birdsong(marquise_cards=["F#standanddeliver"], wyrm_hand=["B#ambush"])
    assert g.step == "birdsong_cards" and g.current_player == MARQUISE
    act(g, "use F#standanddeliver")
    assert g.step == "steal"
    act(g, "steal B#ambush")
    d = state(g)
    assert d["hand"][MARQUISE][cid("B#ambush")] == 1
    assert g.scores == (0, 1)
    assert d["known"][WYRM][MARQUISE][cid("B#ambush")] == 1


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
    assert obs["known"][MARQUISE][WYRM][cid("M#roottea")] == 1
