"""The general bot rules as the Mechanical Marquise 2.0 plays them (MM2 digest §2: §2.1 taking hits,
§2.2 Poor Manual Dexterity, Hates Surprises and the setup effects with bots; §3 the Keep; §9
Fortified and Hospitals; §12 card effects that target it)."""
from __future__ import annotations

import pytest

from wyrm_ai import _core
from wyrm_ai.model.factions import faction_id

from mm_positions import (A, FOX, MOUSE, NCL, P_SAWMILL, RABBIT, STEP, bot_state, battles, built, card_id, deck_with,
                          edit, eyrie_attacks, eyrie_column, finish, of_kind, order, position, roll, warriors)

from wyrm_ai.model.cards import CARDS as _ALL_CARDS
NCT = len(_ALL_CARDS)   # card types of both decks (the standard deck and E&P)


def hit_on_two_types(variant=0, traits=0):
    """The bot battles the Eyrie in clearing 2 (mouse, 2 slots) with 1 warrior beside its Keep, a
    sawmill and a workshop; the Eyrie's 3 birds roll 3 hits: the warrior, the Keep, then a building
    of a type drawn at random."""
    s = position(bot_state(variant=variant, traits=traits), mm={2: 1}, buildings=[(0, 2), (1, 2)], keep=2,
                 birds={2: 3})
    assert battles(order(s, MOUSE)) == [(2, 1)]
    roll(s, 3, 3)
    return s


def test_mm2_2_1_hits_warriors_then_the_keep_then_a_random_building_type():
    """MM2 §2.1 (§1.2.1 Taking hits): warriors first, then all its tokens (the Keep), then
    buildings; with two types in the clearing the type is a chance step, uniform over the types
    there (PROPOSED); the remover scores 1 VP for the Keep and for each building (§2.1, §3)."""
    s = hit_on_two_types()
    d = s.to_dict()
    assert d["mm_warriors"][1] == 0 and d["mm_keep"] == -1      # the warrior, then the Keep
    assert d["score"] == [0, 1]                                 # the Keep scored its remover 1 VP
    assert s.step == "battle_hits" and s.is_chance_node() and s.current_player == _core.CHANCE
    outcomes = s.chance_outcomes()
    assert outcomes == [(A["remove"] + (P_SAWMILL + b) * NCL + 1, 0.5) for b in (0, 1)]
    s.apply(A["remove"] + (P_SAWMILL + 1) * NCL + 1)           # the workshop
    d = s.to_dict()
    assert built(s) == [(0, 2)] and d["score"] == [0, 2]


def test_mm2_3_the_keep_leaves_the_game_for_good():
    """MM2 §3 (§4.2.1): a removed Keep leaves the game: it stays off the map through the bot's
    next turns, and nothing of the bot is ever placed for it (Hospitals needs the Keep, §9)."""
    s = hit_on_two_types(traits=4)
    s.apply(s.chance_outcomes()[0][0])
    finish(s)
    for _ in range(3):
        finish(s, until=lambda st: st.step == "mechanical_order" or st.is_terminal())
        assert s.to_dict()["mm_keep"] == -1
        s = deck_with(s, FOX)
        order(s, FOX)
        finish(s)
    assert s.to_dict()["mm_keep"] == -1


def test_mm2_3_only_the_bot_places_in_its_keeps_clearing():
    """MM2 §3 (§4.2.1): only the bot may place pieces in its Keep's clearing. The Eyrie rule the
    Keep's clearing 1 and clearing 8 (both fox, a free slot each): their build offers a roost in
    8 only."""
    s = position(bot_state(), mm={5: 1}, birds={1: 3, 8: 3}, roosts=[12], keep=1)

    def builds(st):
        return sorted((a - A["e_build"]) // 2 + 1 for a in st.legal_actions() if A["e_build"] <= a < A["e_build"] + 24)
    s = eyrie_column(s, 3, 8, builds)
    assert 1 not in builds(s) and 8 in builds(s)
    assert s.to_dict()["birds"][0] > 0 and s.to_dict()["mm_keep"] == 0


def test_mm2_2_1_a_single_building_type_needs_no_draw():
    """MM2 §2.1: with one building type in the clearing the hit removes it with no chance step."""
    s = position(bot_state(), mm={2: 1}, buildings=[(2, 2)], keep=1, birds={2: 3})
    order(s, MOUSE)
    roll(s, 3, 3)
    assert s.step != "battle_hits"
    assert built(s) == [] and s.to_dict()["score"] == [0, 1]


def test_mm2_2_1_core_playouts_draw_the_bots_chance_steps_from_their_outcomes():
    """MM2 §2.1, §4 chance steps in the core's own playouts (MCTS, the heuristic's rollouts): the
    Keep's corner, the starting buildings and the building a hit removes are drawn from their
    outcomes (a core bug drew a card there, writing a card number into the Keep's corner)."""
    s = _core.State(0, factions=(faction_id("mechanical-marquise"), faction_id("eyrie")))
    while s.step != "mechanical_keep":
        s.apply(s.chance_outcomes()[0][0])
    for st in (s, hit_on_two_types()):
        for seed in range(40):
            assert st.sample_chance(seed) in [a for a, _ in st.chance_outcomes()]
    for seed in range(20):
        t = s.clone()
        t.random_playout(seed, 40)
        assert t.to_dict()["mm_keep"] in (-1, 0, 1, 2, 3)
        assert _core.State.from_dict(t.to_dict()) == t


def test_mm2_2_1_a_save_at_the_bots_building_draw_loads():
    """MM2 §2.1: the state at the chance step of a hit on the bot's buildings round-trips through
    to_dict / State.from_dict (a core bug refused it: 'belongs to a faction that is not at the
    table')."""
    s = hit_on_two_types()
    assert _core.State.from_dict(s.to_dict()) == s


@pytest.mark.parametrize("attacker", ("bot", "eyrie"))
def test_mm2_2_2_hates_surprises_no_ambush_step(attacker):
    """MM2 §2.2 Hates Surprises: no ambush in a battle the bot fights, attacking or defending,
    though the Eyrie hold an ambush card of the clearing's suit: the battle goes straight to
    the dice."""
    def ambush_in_hand(d):
        t = card_id("M#ambush")
        d["deck"][t] -= 1
        d["deck_size"] -= 1
        d["hand"][1][t] += 1
        d["hand_size"][1] += 1
    s = edit(position(bot_state(), mm={2: 2}, keep=1, birds={2: 3}, roosts=[8]), ambush_in_hand)
    if attacker == "bot":
        order(s, MOUSE)
        assert s.to_dict()["battle"]["attacker"] == 0
    else:
        s = eyrie_attacks(s, 2)
        assert s.to_dict()["battle"]["defender"] == 0
    assert s.to_dict()["hand"][1][card_id("M#ambush")] == 1
    assert s.step == "battle_roll"


def test_mm2_2_2_poor_manual_dexterity_no_hand_no_draws():
    """MM2 §2.2 Poor Manual Dexterity / §11: the bot has no hand, draws nothing in Evening and
    never discards: after its turn its hand is empty and no draw is owed to it."""
    s = position(bot_state(), mm={2: 4}, keep=2)
    order(s, MOUSE)
    finish(s)
    d = s.to_dict()
    assert d["hand_size"][0] == 0 and not any(d["hand"][0]) and d["to_draw"][0] == 0
    assert not any(d["play_area"][0])


@pytest.mark.parametrize("factions,dominance_in", [
    (("mechanical-marquise", "eyrie"), False),
    (("marquise", "mechanical-marquise", "wyrm"), False),
    (("mechanical-marquise", "eyrie", "vagabond", "wyrm"), True),
    (("marquise", "eyrie", "wyrm"), True),
])
def test_mm2_2_2_dominance_cards_stay_with_three_players_that_are_not_bots(factions, dominance_in):
    """MM2 §2.2 (setup effects with bots, RT §3.4): the 4 dominance cards stay in the deck only
    when 3 or more players are not bots; with one or two they are out of the game."""
    s = _core.State(0, factions=tuple(faction_id(f) for f in factions))
    d = s.to_dict()
    dom = [t for t, row in enumerate(_core.CARDS) if _core.KIND_NAMES[row[3]] == "dominance"]
    assert all((d["deck"][t] == 1) == dominance_in and (d["out_of_game"][t] == 1) != dominance_in for t in dom)


# ---- §12: card effects and other factions that target it ---------------------------------------

def in_play(s, seat, *tokens):
    """s with these persistent cards (from the deck) in seat's play area."""
    def fn(d):
        for tok in tokens:
            t = card_id(tok)
            d["deck"][t] -= 1
            d["deck_size"] -= 1
            d["play_area"][seat][t] = 1
    return edit(s, fn)


def eyrie_turn(s):
    """s at the start of the Eyrie's turn (seat 1): its Birdsong run up to its first decision."""
    s = edit(s, lambda d: d.update(turn=1, step=STEP["eyrie_daylight"]))
    _core.start_turn(s)
    return s


def test_mm2_12_stand_and_deliver_takes_the_decks_top_card_and_the_bot_scores():
    """MM2 §12 / §2.2 Poor Manual Dexterity: Stand and Deliver! against the bot draws the top card
    of the deck instead (a chance step over the deck's cards, by their counts), and the bot still
    scores the card's 1 VP (PROPOSED); its hand stays empty."""
    s = eyrie_turn(in_play(position(bot_state(), mm={2: 2}, keep=1, birds={8: 2}, roosts=[8]),
                           1, "F#standanddeliver"))
    use = A["use"] + card_id("F#standanddeliver")
    assert use in s.legal_actions()
    before = s.to_dict()
    s.apply(use)
    assert s.step == "steal" and s.is_chance_node()
    outcomes = s.chance_outcomes()
    deck = before["deck"]
    assert outcomes == [(A["steal"] + t, pytest.approx(n / before["deck_size"])) for t, n in enumerate(deck) if n]
    t = card_id(FOX)
    s.apply(A["steal"] + t)
    d = s.to_dict()
    assert d["hand"][1][t] == before["hand"][1][t] + 1 and d["hand_size"][1] == before["hand_size"][1] + 1
    assert d["deck"][t] == deck[t] - 1 and d["deck_size"] == before["deck_size"] - 1
    assert d["hand_size"][0] == 0 and d["score"][0] == before["score"][0] + 1


def test_mm2_12_better_burrow_bank_the_bot_draws_nothing():
    """MM2 §12 (PROPOSED): Better Burrow Bank makes its owner draw a card and another player
    draw one; the bot draws nothing (it has no hand), the owner's own draw still happens."""
    s = in_play(position(bot_state(), mm={2: 2}, keep=1, birds={8: 2}, roosts=[8]), 1, "R#betterburrowbank")
    s = edit(s, lambda d: d.update(turn=1, step=STEP["eyrie_daylight"]))
    hand = s.to_dict()["hand_size"]
    _core.start_turn(s)
    assert s.step == "card_draw"
    assert s.to_dict()["to_draw"][:2] == [0, 1]
    s.apply(s.chance_outcomes()[0][0])
    assert s.step == "eyrie_decree"
    assert s.to_dict()["hand_size"] == [0, hand[1] + 1]


def test_mm2_12_codebreakers_never_names_the_bot():
    """MM2 §12: Codebreakers looks at another player's hand; the bot has none, so it is never
    the target: at two seats with the bot there is no Codebreakers action; at three seats only
    the other player may be named."""
    s = in_play(eyrie_turn(position(bot_state(), mm={2: 2}, keep=1, birds={8: 2}, roosts=[8])), 1, "M#codebreakers")
    s.apply(A["decree"] + 0 * NCT + next(t for t, n in enumerate(s.to_dict()["hand"][1]) if n))
    finish(s, until=lambda st: st.step == "eyrie_daylight")
    assert s.step == "eyrie_daylight" and A["codebreak"] not in s.legal_actions()
    three = bot_state(factions=("mechanical-marquise", "eyrie", "vagabond"))
    three = in_play(edit(three, lambda d: d.update(turn=1, step=STEP["eyrie_daylight"])), 1, "M#codebreakers")
    assert A["codebreak"] in three.legal_actions()
    three.apply(A["codebreak"])
    assert three.step == "choose_player"
    assert three.legal_actions() == [A["target"] + 2]


def thief_by_the_bot():
    """The Thief in clearing 2 beside the bot's warriors, at his Daylight with a torch."""
    from vb_positions import vb, vb_day, vb_started
    g = vb_started(factions=("mechanical-marquise", "vagabond"), char="thief")
    g.state = position(g.state, mm={2: 2}, keep=1)
    g = vb_day(vb(g, at=2, items={"torch": 1, "boots": 1, "sword": 1, "tea": 1}))
    return g.state


def test_mm2_12_the_thiefs_steal_takes_the_decks_top_card():
    """MM2 §12 / §2.2 Poor Manual Dexterity: the Thief's Steal from the bot draws the top card of
    the deck (a chance step over the deck by counts); the bot scores nothing for it; the state at
    that chance step round-trips through State.from_dict (a core bug refused it: the bot's hand is
    empty)."""
    s = thief_by_the_bot()
    steal = A["steal_from"] + 0
    assert steal in s.legal_actions()
    before = s.to_dict()
    s.apply(steal)
    assert s.step == "vagabond_steal" and s.is_chance_node()
    assert _core.State.from_dict(s.to_dict()) == s
    assert s.chance_outcomes() == [(A["steal"] + t, pytest.approx(n / before["deck_size"]))
                                   for t, n in enumerate(before["deck"]) if n]
    t = card_id(RABBIT)
    s.apply(A["steal"] + t)
    d = s.to_dict()
    assert d["hand"][1][t] == before["hand"][1][t] + 1 and d["deck_size"] == before["deck_size"] - 1
    assert d["hand_size"][0] == 0 and d["score"][0] == before["score"][0]


def test_mm2_12_aid_to_the_bot_discards_the_card_and_scores_it():
    """MM2 §12 / §2.2 Poor Manual Dexterity: a card the Vagabond gives the bot by Aid is discarded
    and the bot scores 1 VP; the bot's hand stays empty."""
    s = thief_by_the_bot()
    aids = [a for a in s.legal_actions() if A["aid"] <= a < A["aid"] + 1344]
    assert aids
    a = aids[0]
    i = a - A["aid"]
    seat, t = i // 8 // NCT, (i // 8) % NCT
    assert seat == 0
    before = s.to_dict()
    s.apply(a)
    d = s.to_dict()
    assert d["score"][0] == before["score"][0] + 1
    assert d["hand_size"][0] == 0 and d["discard"][t] == before["discard"][t] + 1
    assert d["hand"][1][t] == before["hand"][1][t] - 1


def test_mm2_12_outrage_from_the_bot_draws_the_alliance_a_deck_card():
    """MM2 §12 (RT, the Rootbotics example): the bot moving into a sympathetic clearing owes
    Outrage; it has no hand, so the Alliance draw the deck's top card onto their Supporters (a
    chance step), and the bot's turn goes on."""
    s = position(bot_state(factions=("mechanical-marquise", "alliance")), mm={1: 6}, keep=-1)

    def sympathy(d):
        d["sympathy"][8] = 1
        d["sympathy_supply"] -= 1
    s = edit(s, sympathy)
    before = s.to_dict()
    ev = order(s, FOX)             # 10 warriors in 1 after Recruit: 7 move to 9 (the token)
    assert of_kind(ev, "outrage") and warriors(s) == {1: 3, 9: 7}
    assert s.step == "supporter_draw" and s.is_chance_node()
    assert [a for a, _ in s.chance_outcomes()] == [A["draw"] + t for t, n in enumerate(s.to_dict()["deck"]) if n]
    s.apply(s.chance_outcomes()[0][0])
    d = s.to_dict()
    assert d["supporters_size"] == before["supporters_size"] + 1 and d["hand_size"][0] == 0
    assert s.turn == 1
