"""A removed base (root-factions.md §3.6, LoR 8.2.4; §7 trap 6) and the stack's capacity
(LoR 8.2.3.I)."""
from __future__ import annotations

import pytest

from wyrm_ai import _core
from wyrm_ai.model.cards import card

from alliance_positions import alliance_day, alliance_started, board, st, stack, texts, turn_of

CAT, ALLY, WYRM = 0, 1, 2
ALLY4 = 2           # the Alliance at the four-seat table (marquise, eyrie, alliance, wyrm)
SEVEN = ["R#cobbler", "R#bakesale", "B#ambush", "F#ambush", "F#anvil", "M#sword", "M#crossbow"]


def _cat_takes_base_10(**pieces):
    """The Marquise's lone warrior attacks the rabbit base alone in 10: the defenceless
    Alliance take the extra hit on the base (roll 0,0)."""
    g = turn_of(board(alliance_started(), warriors={10: 1}, **pieces), CAT)
    g.apply("XA10")
    g.apply("roll 0,0")
    return g


@pytest.mark.parametrize("officers, lost", [(1, 1), (2, 1), (3, 2), (4, 2), (5, 3)])
def test_lor_8_2_4_base_removed_discards_suit_and_birds_and_half_the_officers(officers, lost):
    """LoR 8.2.4 / §7 trap 6: the remover scores 1 VP; the Alliance discard every supporter of
    the base's suit and every bird (face up, to the discard pile) and lose half their officers,
    rounded up, to the supply; with the mouse base left there is no trim."""
    g = _cat_takes_base_10(bases=[10, 2], stack=SEVEN, officers=officers)
    d = st(g)
    assert d["base_at"] == [-1, -1, 1] and d["score"][CAT] == 1
    assert stack(g) == ["F#ambush", "F#anvil", "M#crossbow", "M#sword"]
    for tok in ("R#cobbler", "R#bakesale", "B#ambush"):
        assert d["discard"][card(tok).id] >= 1
    assert d["officers"] == officers - lost and d["rebel_supply"] == 10 - officers + lost
    assert g.step == "marquise_daylight"


def test_lor_8_2_4_no_base_left_the_alliance_trim_to_five_choosing():
    """LoR 8.2.4.III: with no base left and more than 5 supporters, the Alliance discard down
    to 5, choosing which -- their decision in the middle of the Marquise's turn."""
    nine = SEVEN + ["F#roottea", "M#roottea"]
    g = _cat_takes_base_10(bases=[10], stack=nine)
    assert st(g)["supporters_size"] == 6
    assert g.step == "alliance_trim" and g.current_player == ALLY and st(g)["turn"] == CAT
    assert texts(g) == {f"{t}$->" for t in ("F#ambush", "F#anvil", "F#roottea", "M#sword",
                                             "M#crossbow", "M#roottea")}
    g.apply("M#crossbow$->")
    assert stack(g) == ["F#ambush", "F#anvil", "F#roottea", "M#roottea", "M#sword"]
    assert g.step == "marquise_daylight" and g.current_player == CAT


def test_lor_8_6_2_evening_draws_one_plus_bases_drop_with_a_lost_base():
    """LoR 8.6.2 (§1.5): the Alliance draw 1 + 1 per base on the map: 3 with two bases, 2 once
    one is removed."""
    g = board(alliance_started(), warriors={10: 1}, bases=[10, 2])
    assert _core.public_facts(g.state)["evening_draws"][ALLY] == 3
    g = _cat_takes_base_10(bases=[10, 2])
    assert _core.public_facts(g.state)["evening_draws"][ALLY] == 2


def test_lor_8_2_4_a_favor_removing_a_base_scores_it_and_costs_the_alliance():
    """LoR 8.2.4, §1.12: a Favor of the Rabbits removes the base and token in rabbit 10 (1 VP
    each for the crafter; Outrage for the token), the Alliance discard rabbits and birds and lose
    their officer."""
    g = turn_of(board(alliance_started(), buildings={3: (0, 1, 0), 4: (0, 1, 0), 5: (0, 1, 0)},
                      bases=[10], sympathy=[10], rebels={10: 2}, officers=1, pawn=9,
                      stack=["R#cobbler", "B#ambush", "F#ambush"],
                      hands={CAT: ["R#favoroftherabbits", "R#bakesale"]}), CAT)
    g.apply("ZR#favoroftherabbits")
    assert g.step == "outrage" and texts(g) == {"R#bakesale->A$"}   # asked (issue 29 item 5)
    g.apply("R#bakesale->A$")
    d = st(g)
    assert d["base_at"] == [-1, -1, -1] and d["rebels"][9] == 0 and d["sympathy"][9] == 0
    assert d["score"][CAT] == 2
    assert stack(g) == ["F#ambush", "R#bakesale"]         # her Outrage card joined after the discard
    assert d["officers"] == 0 and d["rebel_supply"] == 10


def test_lor_8_2_3_i_without_a_base_a_sixth_supporter_is_discarded():
    """LoR 8.2.3.I: with no base the stack holds 5: Mobilize is still offered at 5 and the card
    is discarded instead (ruling §10.11, issue 29 item 1); with a base the stack grows."""
    five = ["F#ambush", "F#anvil", "F#roottea", "B#ambush", "M#sword"]
    g = alliance_day(board(alliance_started(), stack=five, hands={ALLY: ["R#cobbler"]}))
    assert "R#cobbler->$" in texts(g)
    discard = st(g)["discard"][card("R#cobbler").id]
    g.apply("R#cobbler->$")
    assert st(g)["supporters_size"] == 5 and st(g)["discard"][card("R#cobbler").id] == discard + 1
    assert sorted(stack(g)) == sorted(five)
    g = alliance_day(board(alliance_started(), stack=five, bases=[2], rebels={2: 1},
                           hands={ALLY: ["R#cobbler"]}))
    g.apply("R#cobbler->$")
    assert st(g)["supporters_size"] == 6



def test_ruling_10_11_mobilize_into_a_full_stack_four_seats_a_dominance_card_becomes_available():
    """Ruling §10.11 (issue 29 item 1, the referee's scenario): four seats, the Alliance's
    Daylight, no base on the map, five supporters, a hand of one dominance card: Mobilize is open;
    the card is discarded beyond the cap, and a dominance card so discarded becomes available
    (LoR 3.3.1)."""
    five = ["F#ambush", "F#anvil", "F#roottea", "B#ambush", "M#sword"]
    g = alliance_started(factions=("marquise", "eyrie", "alliance", "wyrm"))
    g = alliance_day(board(g, stack=five, hands={ALLY4: ["F#dominance"]}))
    assert "F#dominance->$" in texts(g)
    g.apply("F#dominance->$")
    d = st(g)
    assert d["available"][card("F#dominance").id] == 1 and d["supporters_size"] == 5
    assert d["hand"][ALLY4][card("F#dominance").id] == 0
