"""The Alliance's setup and Spread Sympathy (root-factions.md §3.1-3.4; LoR 8.3, 8.4.2)."""
from __future__ import annotations

import pytest

from wyrm_ai import _core
from wyrm_ai.model.game import Game

from alliance_positions import alliance_started, aseat, board, st, texts, turn_of

from wyrm_ai.model.cards import CARDS as _ALL_CARDS
NCT = len(_ALL_CARDS)   # card types of both decks (the standard deck and E&P)

# tokens of one suit, enough for the dearest token plus Martial Law
FOX_CARDS = ["F#ambush", "F#anvil", "F#foxfolksteel", "F#roottea", "F#travelgear"]
COST = (1, 1, 1, 2, 2, 2, 3, 3, 3, 3)
VP = (0, 1, 1, 1, 2, 2, 3, 4, 4, 4)


def test_lor_8_3_setup_draws_three_supporters_as_chance_events_and_places_nothing():
    """LoR 8.3.1-4 (root-factions.md §1.3 C): 10 warriors in supply, bases and tokens on the
    board, three deck cards onto the Supporters stack -- each a chance event -- besides the hand
    of 3; nothing goes on the map."""
    g = Game(first="marquise", factions=("marquise", "alliance", "wyrm"))
    draws = 0
    while g.state.turn_number == 0:
        if g.step == "supporter_draw":
            assert g.is_chance_node() and g.current_player == -1
            d = st(g)
            assert sum(1 for n in d["deck"] if n) == len(g.legal_actions())   # any deck card
            draws += 1
        g.apply(g.legal_actions()[0])
    assert draws == 3
    d = st(g)
    me = aseat(g)
    assert d["supporters_size"] == 3 == sum(d["supporters"])
    assert d["hand_size"][me] == 3
    assert d["rebels"] == [0] * 12 and d["sympathy"] == [0] * 12 and d["base_at"] == [-1, -1, -1]
    assert (d["rebel_supply"], d["officers"], d["sympathy_supply"]) == (10, 0, 10)
    assert d["known_sup"] == [[0] * NCT for _ in range(3)]            # nobody else saw them


def test_lor_8_4_2_spread_only_next_to_sympathy():
    """LoR 8.4.2.I: an unsympathetic clearing adjacent to a sympathetic one; with sympathy in 5
    (paths 5-1, 5-2) and a bird to pay, only 2 is offered (1 is the Keep's, §7 trap 25)."""
    g = board(alliance_started(), sympathy=[5], stack=["B#ambush"], keep=1)
    g = turn_of(g, aseat(g))
    assert g.step == "alliance_birdsong"
    assert texts(g) == {"t->2", "pass"}


def test_lor_8_4_2_any_clearing_while_none_is_sympathetic_but_never_the_keep():
    """LoR 8.4.2.I: with no sympathy on the map any clearing will do -- except the Keep's
    (LoR 6.2.2, §7 trap 25)."""
    g = board(alliance_started(), stack=["B#ambush"], keep=2)
    g = turn_of(g, aseat(g))
    assert texts(g) == {"pass"} | {f"t->{n}" for n in range(1, 13) if n != 2}


def test_lor_8_2_3_supporters_pay_only_their_own_suit_or_birds():
    """LoR 8.2.3: a supporter is spent only for its own suit, birds wild: a rabbit supporter
    spreads to rabbit 3 or 4, never to fox 12 or mouse 7; a bird to any of them."""
    g = board(alliance_started(), sympathy=[12], stack=["R#cobbler"], keep=1)
    g = turn_of(g, aseat(g))
    assert texts(g) == {"t->4", "t->10", "pass"}          # rabbit clearings next to 12: 4, 10
    g = board(alliance_started(), sympathy=[12], stack=["B#sappers"], keep=1)
    g = turn_of(g, aseat(g))
    assert texts(g) == {"t->4", "t->7", "t->9", "t->10", "t->11", "pass"}


def _spread(placed_before: int, extra=None):
    """The Alliance spread into fox 12 (next to sympathetic 11) with `placed_before` tokens already
    on the map; a base in mouse 2 lifts the stack's cap. Returns (supporters spent, VP scored)."""
    others = [2, 3, 4, 5, 6, 7, 8, 9, 10][: max(placed_before - 1, 0)]
    sympathy = ([11] + others) if placed_before else []
    g = board(alliance_started(), sympathy=sympathy, bases=[2], stack=FOX_CARDS, keep=1, **(extra or {}))
    g = turn_of(g, aseat(g))
    before = st(g)
    g.apply("t->12")
    while g.step == "alliance_pay":
        g.apply(g.legal_actions()[0])
    after = st(g)
    me = aseat(g)
    assert after["sympathy"][11] == 1 and after["sympathy_supply"] == before["sympathy_supply"] - 1
    return (before["supporters_size"] - after["supporters_size"],
            after["score"][me] - before["score"][me])


@pytest.mark.parametrize("placed", range(10))
def test_lor_8_4_2_cost_and_vp_track(placed):
    """LoR 8.4.2.II-III (root-factions.md §3.4 table): the n-th token costs 1,1,1,2,2,2,3,3,3,3
    supporters and scores 0,1,1,1,2,2,3,4,4,4 VP; the first one is not free (§7 trap 4)."""
    assert _spread(placed) == (COST[placed], VP[placed])


def test_lor_8_4_2_ii_a_martial_law_three_warriors_of_one_player():
    """LoR 8.4.2.II.a: +1 supporter where 3 or more warriors of ONE other player stand (3
    Marquise warriors); never the total of several players (2 Marquise + 2 wyrmlings: §7 trap 5)."""
    assert _spread(0, {"warriors": {12: 3}}) == (2, 0)
    assert _spread(0, {"warriors": {12: 2}, "wyrmlings": {12: 2}}) == (1, 0)


def test_w_mp_2_martial_law_counts_wyrmlings_not_the_pawn():
    """W-MP-2: wyrmlings are warriors for Martial Law (3 wyrmlings: +1); the Wyrm pawn is not (the
    pawn and 2 wyrmlings: no Martial Law)."""
    assert _spread(0, {"wyrmlings": {12: 3}, "pawn": 3}) == (2, 0)
    assert _spread(0, {"wyrmlings": {12: 2}, "pawn": 12}) == (1, 0)
    g = board(alliance_started(), wyrmlings={12: 2}, pawn=12, warriors={8: 3})
    assert _core.public_facts(g.state)["sympathy_track"]["martial_law"] == [7]


def test_lor_8_4_2_martial_law_makes_an_unaffordable_spread_illegal():
    """LoR 8.4.2.II.a: the first token costs 2 under Martial Law, so one fox supporter cannot
    place it in fox 12 holding 3 Marquise warriors, but can in fox 8 next door."""
    g = board(alliance_started(), warriors={12: 3}, stack=["F#ambush"], keep=1)
    g = turn_of(g, aseat(g))
    assert "t->12" not in texts(g) and "t->8" in texts(g) and "t->6" in texts(g)


def test_lor_8_4_2_iii_tokens_come_off_the_track_left_to_right():
    """LoR 8.4.2.III: each spread places the leftmost token; public_facts shows the next cost and
    VP from the track (tokens on the map: 3 -> the 4th costs 2 and scores 1)."""
    g = board(alliance_started(), sympathy=[2, 5, 10], keep=1)
    facts = _core.public_facts(g.state)["sympathy_track"]
    assert (facts["next_cost"], facts["next_vp"]) == (2, 1)


def test_lor_8_4_2_the_alliance_choose_which_supporters_to_spend():
    """LoR 8.4.2.II: the Alliance spend supporters of their choice: a fox and a bird can pay for
    fox 12, and the Alliance pick (step alliance_pay); the other stays."""
    g = board(alliance_started(), stack=["F#ambush", "B#ambush"], keep=1)
    g = turn_of(g, aseat(g))
    g.apply("t->12")
    assert g.step == "alliance_pay" and texts(g) == {"F#ambush$->", "B#ambush$->"}
    g.apply("F#ambush$->")
    d = st(g)
    assert d["sympathy"][11] == 1 and d["supporters"][0] == 1 and d["supporters_size"] == 1


def test_lor_8_3_two_seats_alliance_and_wyrm_set_up_in_letter_order():
    """LoR 5.1.7, W-MP-1: at {Alliance, Wyrm} the Alliance set up (three supporter draws) before
    the Wyrm, from the 50-card two-seat deck (no dominance card can become a supporter)."""
    g = Game(first="wyrm", factions=("alliance", "wyrm"))
    steps = []
    while g.state.turn_number == 0:
        if g.step not in steps:
            steps.append(g.step)
        if g.step == "supporter_draw":
            assert not any("dominance" in t for t in texts(g))
        g.apply(g.legal_actions()[0])
    assert steps == ["deal", "supporter_draw", "wyrm_setup"]
    d = st(g)
    assert d["supporters_size"] == 3 and d["deck_size"] == 50 - 6 - 3
