"""Battles with the Alliance: Guerrilla War and the hits they take (root-factions.md §3.2,
LoR 8.2.2, LoR 4.3.4; §7 trap 1)."""
from __future__ import annotations

from alliance_positions import alliance_day, alliance_started, board, st, stack, texts, turn_of

CAT, ALLY, WYRM = 0, 1, 2


def _cat_attacks(roll, **pieces):
    g = turn_of(board(alliance_started(), **pieces), CAT)
    g.apply("XA5")
    g.apply(roll)
    return g


def test_lor_8_2_2_guerrilla_war_the_defending_alliance_deal_the_higher_die():
    """LoR 8.2.2: the Marquise attack 3 Alliance warriors with 3 of hers and roll 3 and 1: the
    Alliance deal 3, she deals 1."""
    g = _cat_attacks("roll 3,1", warriors={5: 3}, rebels={5: 3})
    d = st(g)
    assert d["warriors"][4] == 0 and d["rebels"][4] == 2


def test_lor_8_2_2_guerrilla_war_caps_still_apply():
    """LoR 8.2.2 with LoR 4.3.2: the higher die is capped by the Alliance's warriors -- one
    warrior deals one hit of a 3."""
    g = _cat_attacks("roll 3,1", warriors={5: 3}, rebels={5: 1})
    d = st(g)
    assert d["warriors"][4] == 2 and d["rebels"][4] == 0


def test_lor_8_2_2_attacking_alliance_deal_the_higher_die_as_usual():
    """LoR 8.2.2: Guerrilla War is for defence only; attacking, the Alliance deal the higher roll
    like anyone (3 warriors each, roll 3 and 1: the Marquise lose 3, the Alliance 1)."""
    g = board(alliance_started(), warriors={5: 3}, rebels={5: 3}, officers=1, pawn=9)
    g = alliance_day(g)
    g.apply("pass")
    g.apply("XC5")
    g.apply("roll 3,1")
    if g.step == "field_hospitals":
        g.apply("pass")
    d = st(g)
    assert d["warriors"][4] == 0 and d["rebels"][4] == 2


def test_lor_4_3_4_warriors_first_then_the_alliance_choose_base_or_token():
    """LoR 4.3.4: hits take the Alliance's warriors first; then the Alliance choose between their
    base and their token. The base scores 1 VP for the remover (LoR 8.2.4), the token 1 VP and
    Outrage; the Alliance lose no VP (§7 trap 1)."""
    g = _cat_attacks("roll 3,3", warriors={5: 3}, rebels={5: 1}, sympathy=[5], bases=[5],
                     hands={CAT: ["R#cobbler"]}, score=[0, 4, 0])
    assert g.step == "battle_hits" and g.current_player == ALLY
    assert texts(g) == {"b5->", "t5->"}
    g.apply("b5->")
    assert g.step == "outrage" and texts(g) == {"R#cobbler->A$"}    # asked (issue 29 item 5)
    g.apply("R#cobbler->A$")
    d = st(g)
    assert d["rebels"][4] == 0 and d["base_at"][1] == -1 and d["sympathy"][4] == 0
    assert d["score"] == [2, 4, 0]
    assert stack(g) == ["R#cobbler"]                      # Outrage for the token


def test_lor_4_3_4_a_lone_token_needs_no_choice():
    """LoR 4.3.4: with no warrior and no base, a hit takes the token at once."""
    g = _cat_attacks("roll 1,0", warriors={5: 1}, sympathy=[5], hands={CAT: ["B#ambush"]})
    assert g.step == "outrage" and texts(g) == {"B#ambush->A$"}     # asked (issue 29 item 5)
    g.apply("B#ambush->A$")
    d = st(g)
    assert d["sympathy"][4] == 0 and d["score"][CAT] == 1 and stack(g) == ["B#ambush"]
