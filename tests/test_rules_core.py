"""Base-game rules outside battle (root-base-rules.md §2-3): rule (LoR 2.5), moving (LoR 4.2),
crafting (LoR 4.1), cards and the deck (LoR 2.1, 5.1.3), the hand limit, and victory (LoR 3.1).

Rule is probed through the Marquise's Build action: with no building of a type on the map, the next
one costs 0 wood, so `b_s->N` is legal exactly when she rules clearing N and it has an open slot."""
import re

import pytest

from wyrm_ai.model.cards import CARDS
from wyrm_ai.model.game import Game
from rules_positions import (ITEM, MARQUISE, WYRM, act, c, card_id, cat_day, discard, piles,
                             state, wyrm_day)


def rules(g, n) -> bool:
    return f"b_s->{n}" in g.legal_texts()


# ------------------------------------------------------------------ 2.5 rule

def test_lor_2_5_most_warriors_rules():
    """LoR 2.5: 2 Marquise warriors against 1 wyrmling: she rules."""
    assert rules(cat_day(warriors={5: 2}, wyrmlings={5: 1}), 5)


def test_lor_2_5_tie_rules_for_nobody():
    """LoR 2.5: a tie (2 against 2) rules for nobody: she cannot build there."""
    assert not rules(cat_day(warriors={5: 2}, wyrmlings={5: 2}), 5)


def test_lor_2_5_fewer_does_not_rule():
    assert not rules(cat_day(warriors={5: 1}, wyrmlings={5: 2}), 5)


def test_lor_2_5_buildings_count():
    """LoR 2.5: buildings count with warriors: 1 warrior + a workshop beat 1 wyrmling, tie 2."""
    assert rules(cat_day(warriors={5: 1}, workshops={5: 1}, wyrmlings={5: 1}), 5)
    assert not rules(cat_day(warriors={5: 1}, workshops={5: 1}, wyrmlings={5: 2}), 5)


def test_lor_2_5_buildings_alone_rule_empty_clearing():
    """LoR 2.5: a lone building rules a clearing with no enemy pieces."""
    assert rules(cat_day(workshops={5: 1}), 5)


def test_lor_2_5_tokens_do_not_count():
    """LoR 2.5: tokens don't count for rule: 1 warrior + 3 wood (+ the Keep) against 1 wyrmling is
    a tie, and the Wyrm's fear token doesn't break it the other way either."""
    assert not rules(cat_day(warriors={5: 1}, wood={5: 3}, wyrmlings={5: 1}), 5)
    g = cat_day(warriors={1: 1}, wyrmlings={1: 1}, keep=1, workshops={5: 1})
    # probe rule of clearing 1 through a move from it to empty 9 (ruled by nobody)
    assert "w1->9" not in g.legal_texts()
    g = cat_day(warriors={5: 2}, wyrmlings={5: 1}, fear={5: 2})
    assert rules(g, 5)


def test_lor_2_5_empty_clearing_rules_for_nobody():
    """LoR 2.5: a clearing with no warriors or buildings is ruled by nobody."""
    assert not rules(cat_day(wood={5: 2}), 5)


# ------------------------------------------------------------------ 4.2 move

def test_lor_4_2_move_needs_rule_of_origin_or_destination():
    """LoR 4.2: from 5, where the Wyrm rules (1 vs 2), the Marquise may move to 2 (she rules it)
    but not to 1 (ruled by nobody)."""
    g = cat_day(warriors={5: 1, 2: 1}, wyrmlings={5: 2})
    texts = g.legal_texts()
    assert "w5->2" in texts
    assert "w5->1" not in texts


def test_lor_4_2_move_out_of_ruled_clearing_into_enemy_clearing():
    """LoR 4.2: ruling the origin is enough: from 5 (ruled) into 1, where the Wyrm rules."""
    g = cat_day(warriors={5: 3}, wyrmlings={1: 3}, keep=None)
    texts = g.legal_texts()
    assert {"w5->1", "2w5->1", "3w5->1"} <= set(texts)


def test_lor_4_2_adjacent_clearings_only():
    """LoR 4.2 / 1.2: moves follow paths only: from 5 only to 1 and 2 (5-10 is a river)."""
    g = cat_day(warriors={5: 2})
    dests = {t.split("->")[1] for t in g.legal_texts() if re.match(r"^\d*w5->\d+$", t)}
    assert dests == {"1", "2"}
    for t in ("w5->10", "w5->3", "w5->9"):
        assert t not in g.legal_texts()


def test_lor_4_2_move_any_number_of_warriors():
    """LoR 4.2: a move takes 1 or more of the warriors in the origin."""
    g = cat_day(warriors={12: 3})
    texts = g.legal_texts()
    for n in (4, 7, 9, 10, 11):
        assert {f"w12->{n}", f"2w12->{n}", f"3w12->{n}"} <= set(texts)
        assert f"4w12->{n}" not in texts


def test_lor_4_2_move_illegal_text_raises_and_changes_nothing():
    from wyrm_ai.model.errors import IllegalActionError
    g = cat_day(warriors={5: 1}, wyrmlings={5: 2})
    before = state(g)
    with pytest.raises(IllegalActionError):
        g.apply("w5->1")
    assert state(g) == before


# ------------------------------------------------------------------ 4.1 crafting

def test_lor_4_1_craft_needs_workshop_of_card_suit():
    """LoR 4.1 / 6.2.1: Anvil costs fox: a workshop in rabbit 5 cannot craft it, one in fox 8 can;
    Root Tea (mouse) needs a mouse workshop."""
    g = cat_day(workshops={5: 1}, cat_hand=("F#anvil", "F#roottea"))
    assert not any(t.startswith("Z") for t in g.legal_texts())
    g = cat_day(workshops={8: 1}, cat_hand=("F#anvil", "F#roottea"))
    assert [t for t in g.legal_texts() if t.startswith("Z")] == ["ZF#anvil"]
    g = cat_day(workshops={8: 1, 7: 1}, cat_hand=("F#anvil", "F#roottea"))
    assert sorted(t for t in g.legal_texts() if t.startswith("Z")) == ["ZF#anvil", "ZF#roottea"]


def test_lor_4_1_two_suit_cost_needs_two_workshops():
    """LoR 4.1: the Sword costs fox+fox: one fox workshop is not enough, two are."""
    g = cat_day(workshops={8: 1}, cat_hand=("M#sword",))
    assert "ZM#sword" not in g.legal_texts()
    g = cat_day(workshops={8: 1, 12: 1}, cat_hand=("M#sword",))
    assert "ZM#sword" in g.legal_texts()
    g = cat_day(workshops={8: 2}, cat_hand=("M#sword",))
    assert "ZM#sword" in g.legal_texts()


def test_lor_4_1_each_workshop_once_per_turn():
    """LoR 4.1: each crafting piece is activated once per turn: one fox workshop crafts the Anvil,
    then the fox Crossbow is no longer craftable."""
    g = cat_day(workshops={8: 1}, cat_hand=("F#anvil", "B#crossbow"))
    assert {"ZF#anvil", "ZB#crossbow"} <= set(g.legal_texts())
    act(g, "ZF#anvil")
    assert "ZB#crossbow" not in g.legal_texts()
    assert state(g)["activated"][c(8)] == 1


def test_lor_4_1_two_workshops_two_crafts():
    g = cat_day(workshops={8: 1, 12: 1}, cat_hand=("F#anvil", "B#crossbow"))
    act(g, "ZF#anvil", "ZB#crossbow")
    assert g.scores == (3, 0)


def test_lor_4_1_craft_item_from_supply_scores_and_discards():
    """LoR 4.1 / 3.2.2: crafting the Anvil takes the hammer from the supply into her Crafted Items,
    scores 2 VP and discards the card; it does not use an action."""
    g = cat_day(workshops={8: 1}, cat_hand=("F#anvil",))
    act(g, "ZF#anvil")
    d = state(g)
    assert d["item_supply"][ITEM["hammer"]] == 0
    assert d["items"][MARQUISE][ITEM["hammer"]] == 1
    assert g.scores == (2, 0)
    assert d["hand"][MARQUISE][card_id("F#anvil")] == 0 and d["hand_size"][MARQUISE] == 0
    assert d["discard"][card_id("F#anvil")] == 1
    assert d["actions_left"] == 3


def test_lor_4_1_2_no_craft_when_item_gone():
    """LoR 4.1.2: with no hammer left in the supply the Anvil cannot be crafted."""
    g = cat_day(workshops={8: 1}, cat_hand=("F#anvil",), item_supply=[2, 2, 1, 0, 2, 2, 2],
                items_lost=[0, 0, 0, 1, 0, 0, 0])     # the one hammer is out of the game
    assert "ZF#anvil" not in g.legal_texts()


def test_lor_4_1_2_second_copy_blocked_when_last_item_crafted():
    """LoR 4.1.2: one crossbow in the supply: after crafting the bird Crossbow, the mouse Crossbow
    cannot be crafted even with a fresh fox workshop."""
    g = cat_day(workshops={8: 1, 12: 1}, cat_hand=("B#crossbow", "M#crossbow"))
    act(g, "ZB#crossbow")
    assert "ZM#crossbow" not in g.legal_texts()


def test_lor_4_1_non_item_cards_not_craftable_here():
    """Ambush cards are never craftable (LoR 2.1.2)."""
    g = cat_day(workshops={8: 1, 5: 1, 7: 1}, cat_hand=("F#ambush", "B#ambush"))
    assert not any(t.startswith("Z") for t in g.legal_texts())


def test_lor_6_5_crafting_only_at_start_of_daylight():
    """LoR 6.5 (4.1 for the Marquise): she crafts first in Daylight; after an action crafting is
    closed for the turn."""
    g = cat_day(workshops={8: 1}, warriors={8: 1}, recruiters={9: 1}, cat_hand=("F#anvil",))
    assert "ZF#anvil" in g.legal_texts()
    act(g, "recruit")
    assert "ZF#anvil" not in g.legal_texts()
    assert state(g)["crafting_open"] == 0
    g = cat_day(workshops={8: 1}, warriors={8: 1}, cat_hand=("F#anvil",))
    act(g, "w8->4", "pass")
    assert "ZF#anvil" not in g.legal_texts()


# ------------------------------------------------------------------ 2.1 cards / 5.1.3 deck

def test_lor_5_1_3_two_player_deck_has_no_dominance():
    """LoR 5.1.3: with two players the 4 dominance cards are removed: a 50-card deck."""
    g = Game(first="marquise")
    d = state(g)
    assert d["deck_size"] == 50 and sum(d["deck"]) == 50
    dom = [cd.id for cd in CARDS if cd.kind == "dominance"]
    assert len(dom) == 4
    assert all(d["deck"][t] == 0 for t in dom)
    assert sum(d["out_of_game"]) == 4 and all(d["out_of_game"][t] == 1 for t in dom)
    assert not any("Dominance" in t or "dominance" in t for t in g.legal_texts())


def test_lor_5_1_3_starting_hands_of_three():
    """LoR 5.1.3: 3 cards to each player, then setup."""
    g = Game(first="marquise")
    while g.step == "deal":
        g.apply(g.legal_actions()[0])
    d = state(g)
    assert d["hand_size"] == [3, 3] and d["deck_size"] == 44
    assert g.step == "marquise_keep"


def test_lor_2_1_reshuffle_when_deck_empties():
    """LoR 2.1: when the deck runs out, the discard pile at once becomes the new deck: the
    Marquise draws the last deck card in Evening and the 4 discarded cards form the deck."""
    g = cat_day(warriors={5: 1})
    t_last = card_id("R#bakesale")
    from positions import modify
    g = modify(g, lambda d: piles(d, deck=["R#bakesale"],
                                  discard=["F#anvil", "M#sword", "B#armorers", "B#armorers"]))
    act(g, "pass")
    assert g.step == "evening_draw"
    act(g, "draw R#bakesale")
    d = state(g)
    assert d["hand"][MARQUISE][t_last] == 1
    assert d["deck_size"] == 4 and sum(d["discard"]) == 0
    assert d["deck"][card_id("B#armorers")] == 2 and d["deck"][card_id("F#anvil")] == 1


def test_lor_2_1_reshuffle_mid_draw_continues_drawing():
    """LoR 2.1: the reshuffle is immediate, so a multi-card draw continues from the new deck:
    with 3 recruiters (2 draws) and one card in the deck, she draws it, then a reshuffled one."""
    from positions import modify
    g = cat_day(recruiters={5: 1, 9: 1, 2: 1})
    g = modify(g, lambda d: piles(d, deck=["R#bakesale"], discard=["B#armorers", "B#armorers"]))
    act(g, "pass", "draw R#bakesale")
    assert g.step == "evening_draw"
    assert g.legal_texts() == ["draw B#armorers"]
    act(g, "draw B#armorers")
    d = state(g)
    assert d["hand_size"][MARQUISE] == 2 and d["deck_size"] == 1


def test_lor_2_1_discarded_card_goes_to_discard_pile():
    """LoR 2.1: spent cards go to the shared discard pile (here: an overwork)."""
    g = cat_day(sawmills={8: 1}, cat_hand=("F#anvil",))
    act(g, "overwork 8 F#anvil")
    assert discard(g)[card_id("F#anvil")] == 1


def test_lor_6_6_hand_limit_five_at_end_of_evening():
    """LoR 6.6 (hand limit): with 5 cards in hand the Evening draw makes 6: the Marquise picks one
    to discard, then the Wyrm's turn begins."""
    g = cat_day(cat_hand=("F#anvil", "M#sword", "R#bakesale", "B#armorers", "F#roottea"))
    act(g, "pass", "draw B#crossbow")
    assert g.step == "discard" and g.current_player == MARQUISE
    assert sorted(g.legal_texts()) == sorted(
        ["F#anvil->", "M#sword->", "R#bakesale->", "B#armorers->", "F#roottea->", "B#crossbow->"])
    act(g, "M#sword->")
    d = state(g)
    assert d["hand_size"][MARQUISE] == 5 and d["hand"][MARQUISE][card_id("M#sword")] == 0
    assert d["discard"][card_id("M#sword")] == 1
    assert d["turn"] == WYRM


def test_lor_6_6_hand_limit_discards_several():
    """Hand limit: 6 cards + 2 drawn (3 recruiters) means discarding three, one at a time."""
    g = cat_day(recruiters={5: 1, 9: 1, 2: 1},
                cat_hand=("F#anvil", "M#sword", "R#bakesale", "B#armorers", "F#roottea",
                          "B#crossbow"))
    act(g, "pass", "draw R#cobbler", "draw R#cobbler")
    assert state(g)["hand_size"][MARQUISE] == 8
    act(g, "R#cobbler->", "R#cobbler->")
    assert g.step == "discard"
    act(g, "F#anvil->")
    assert state(g)["hand_size"][MARQUISE] == 5 and state(g)["turn"] == WYRM


def test_lor_6_6_no_discard_at_five():
    g = cat_day(cat_hand=("F#anvil", "M#sword", "R#bakesale", "B#armorers"))
    act(g, "pass", "draw B#crossbow")
    assert state(g)["hand_size"][MARQUISE] == 5 and state(g)["turn"] == WYRM


# ------------------------------------------------------------------ 3.1 victory

def test_lor_3_1_thirty_vp_wins_at_once_by_crafting():
    """LoR 3.1: reaching 30 VP ends the game at once, mid-Daylight with actions left."""
    g = cat_day(workshops={8: 1}, cat_hand=("F#anvil",), score=(28, 0))
    act(g, "ZF#anvil")
    assert g.is_terminal() and g.step == "terminal"
    assert g.winner == MARQUISE and g.scores == (30, 0)
    assert g.legal_actions() == []


def test_lor_3_1_thirty_vp_wins_by_building():
    g = cat_day(warriors={5: 1}, sawmills={8: 1}, wood={5: 1}, score=(29, 0))
    act(g, "b_s->5")
    assert g.is_terminal() and g.winner == MARQUISE


def test_lor_3_1_wyrm_wins_mid_battle():
    """LoR 3.1 + 3.2.1: the Wyrm at 29 removes a Marquise building in battle and wins at once."""
    g = wyrm_day(sawmills={7: 1}, workshops={7: 1}, wyrmlings={7: 2}, score=(0, 29))
    act(g, "XC7", "roll 2,0", "b_s7->")
    assert g.is_terminal() and g.winner == WYRM


def test_lor_3_1_below_thirty_plays_on():
    g = cat_day(workshops={8: 1}, cat_hand=("F#anvil",), score=(27, 0))
    act(g, "ZF#anvil")
    assert not g.is_terminal() and g.winner is None and g.scores == (29, 0)


def test_lor_3_1_win_on_the_opponents_turn():
    """LoR 3.1: the win is immediate whoever's turn it is: the Marquise at 29 defends against one
    wyrmling in 7 (3,3 roll: she deals 3, of which the Wyrm ignores 1 by Ravenous, W-RAV-1), her
    second hit removes the fear token: 30 VP, game over in the Wyrm's Daylight."""
    g = wyrm_day(warriors={7: 3}, wyrmlings={7: 1}, fear={7: 2}, score=(29, 0))
    act(g, "XC7", "roll 3,3")
    assert g.is_terminal() and g.winner == MARQUISE and g.scores == (30, 0)


def test_lor_2_5_enemy_token_alone_does_not_rule():
    """LoR 2.5: a lone fear token rules nothing: one Marquise warrior rules that clearing."""
    assert rules(cat_day(warriors={5: 1}, fear={5: 2}), 5)
    assert not rules(cat_day(warriors={5: 1}, wyrmlings={5: 1}, fear={5: 2}), 5)


def test_lor_2_1_hand_limit_applies_to_the_wyrm_too():
    """LoR 2.1 hand limit (root-base-rules.md §3: every faction ends Evening at 5 cards): the
    Wyrm with 5 cards draws 1 in Evening and must discard one of its own choice."""
    g = wyrm_day(wyrm_hand=("F#anvil", "M#sword", "R#bakesale", "B#armorers", "F#roottea"))
    act(g, "pass", "draw R#cobbler")
    assert g.step == "discard" and g.current_player == WYRM
    assert len(g.legal_texts()) == 6
    act(g, "R#cobbler->")
    assert state(g)["hand_size"][WYRM] == 5 and state(g)["turn"] == MARQUISE
