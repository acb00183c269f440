"""The Exiles & Partisans cards that their owner uses, and those that change the board for it
(issue 32 item 1; root-maps-and-decks.md §3, the card texts in wyrm_ai/model/card_texts.py; the
readings taken: docs/ep-deck.md): Fox, Rabbit and Mouse Partisans, Propaganda Bureau, False
Orders, Swap Meet, Eyrie Emigre, League of Adventurous Mice, Boat Builders, Tunnels and Coffin
Makers. Two seats, the Marquise (seat 0) and the Wyrm (seat 1), on Autumn: clearings 1, 6, 8, 12
fox; 3, 4, 5, 10 rabbit; 2, 7, 9, 11 mouse."""
from __future__ import annotations

from wyrm_ai import _core
from wyrm_ai.model.cards import card
from wyrm_ai.model.redaction import PUBLIC, record_seen, seen_text

from card_positions import (ITEM, MARQUISE, WYRM, act, blank, board, cid, daylight, give, legal, modify,
                            play_area, put, state)
from positions import empty_hand
from test_ep_deck import _next_birdsong, ep

SUPPLY = {MARQUISE: "warrior_supply", WYRM: "wyrmling_supply"}


def _fight(g, *rolls_then):
    """Play a battle on from its roll: the dice given (e.g. "roll 1,0"), then each action named,
    taking the first legal action wherever only chance or a forced hit is asked."""
    for t in rolls_then:
        while t not in legal(g) and g.current_player == -1:
            g.apply(g.legal_actions()[0])
        act(g, t)
    return g


def _finish_battle(g):
    while g.step.startswith("battle") or g.step == "field_hospitals":
        g.apply("pass" if "pass" in legal(g) else g.legal_actions()[0])
    return g


# ---- Partisans -------------------------------------------------------------------------------

def _partisans_battle(clearing, suit_card="F#foxpartisans"):
    g = ep(board(blank(), warriors={clearing: 3}, wyrmlings={clearing: 2}))
    g = give(put(g, MARQUISE, suit_card), MARQUISE, "F#anvil", "R#bakesale", "B#crossbow")
    g = daylight(g, MARQUISE)
    return act(g, f"XW{clearing}")


def test_partisans_deal_an_extra_hit_then_discard_every_other_suit_birds_too():
    """Fox Partisans: in a battle in a fox clearing you may deal an extra hit; then discard every
    card in hand that is not a fox card -- birds too (docs/ep-deck.md, digest §5.9)."""
    g = _fight(_partisans_battle(8), "roll 1,0")
    assert g.step == "battle_effects" and legal(g) == {"pass", "use F#foxpartisans"}
    act(g, "use F#foxpartisans")
    d = state(g)
    assert d["hand"][MARQUISE][cid("F#anvil")] == 1 and d["hand_size"][MARQUISE] == 1
    assert d["discard"][cid("R#bakesale")] == 1 and d["discard"][cid("B#crossbow")] == 1
    assert play_area(g, MARQUISE, "F#foxpartisans") == 1          # it stays in play
    _finish_battle(g)
    assert state(g)["wyrmlings"][7] == 0                          # the rolled hit and the extra one


def test_partisans_may_be_declined_and_keep_the_hand():
    g = _fight(_partisans_battle(8), "roll 1,0", "pass")
    _finish_battle(g)
    d = state(g)
    assert d["hand_size"][MARQUISE] == 3 and d["wyrmlings"][7] == 1


def test_partisans_act_only_in_a_clearing_of_their_suit():
    """A fox Partisans card in a rabbit clearing (4) is no battle effect: no effects step."""
    g = _fight(_partisans_battle(4), "roll 1,0")
    assert g.step != "battle_effects"
    assert state(g)["hand_size"][MARQUISE] == 3


def test_partisans_serve_the_defender_too():
    """Mouse Partisans in the Wyrm's play area: defending in mouse clearing 7 it deals 1 extra hit
    to the attacker, then keeps only its mouse cards."""
    g = ep(board(blank(), warriors={7: 3}, wyrmlings={7: 2}))
    g = give(put(g, WYRM, "M#mousepartisans"), WYRM, "M#mouseinasack", "F#anvil")
    g = act(daylight(g, MARQUISE), "XW7")
    _fight(g, "roll 1,1")
    assert g.step == "battle_effects" and g.current_player == WYRM
    act(g, "use M#mousepartisans")
    d = state(g)
    assert d["hand"][WYRM][cid("M#mouseinasack")] == 1 and d["hand_size"][WYRM] == 1
    _finish_battle(g)
    assert state(g)["warriors"][6] == 1                            # 1 rolled hit + 1 extra


# ---- Propaganda Bureau ---------------------------------------------------------------------

def test_propaganda_bureau_trades_an_enemy_warrior_for_ones_own_in_a_clearing_of_the_card():
    """Propaganda Bureau: once in Daylight, spend a card to remove an enemy warrior from a
    clearing of its suit and place one of yours there."""
    g = ep(board(blank(), wyrmlings={8: 1, 4: 1, 7: 1}))
    g = daylight(give(put(g, MARQUISE, "F#propagandabureau"), MARQUISE, "F#anvil", "R#bakesale"), MARQUISE)
    offered = {t for t in legal(g) if t.startswith("propaganda")}
    assert offered == {"propaganda F#anvil Ww8", "propaganda R#bakesale Ww4"}   # not mouse clearing 7
    supply = state(g)["warrior_supply"]
    act(g, "propaganda F#anvil Ww8")
    d = state(g)
    assert d["wyrmlings"][7] == 0 and d["warriors"][7] == 1 and d["warrior_supply"] == supply - 1
    assert d["discard"][cid("F#anvil")] == 1
    assert not any(t.startswith("propaganda") for t in legal(g))   # once per Daylight
    assert g.step == "marquise_daylight" and d["actions_left"] == 3


def test_propaganda_bureau_removes_even_where_it_cannot_place():
    """In the Keep's clearing no other faction may place (LoR 6.2.2): the Wyrm's Propaganda
    Bureau still removes the Marquise warrior there (LoR 1.5.4: do as much as you can)."""
    g = ep(board(blank(), warriors={1: 2}))
    g = daylight(give(put(g, WYRM, "F#propagandabureau"), WYRM, "F#anvil"), WYRM)
    act(g, "propaganda F#anvil Cw1")
    d = state(g)
    assert d["warriors"][0] == 1 and d["wyrmlings"][0] == 0


# ---- False Orders -----------------------------------------------------------------------------

def test_false_orders_moves_half_an_enemys_warriors_rounded_up_ignoring_rule():
    """False Orders: in Birdsong, discard it to move half (rounded up) of an enemy's warriors in
    one clearing, as that player, ignoring rule."""
    g = ep(board(blank(), wyrmlings={8: 5}, warriors={12: 3}))
    g = _next_birdsong(put(g, MARQUISE, "F#falseorders"), MARQUISE)
    assert g.step == "birdsong_cards"
    assert {"false Ww8->4", "false Ww8->7"} <= legal(g)
    act(g, "false Ww8->7")
    d = state(g)
    assert d["wyrmlings"][7] == 2 and d["wyrmlings"][6] == 3
    assert play_area(g, MARQUISE, "F#falseorders") == 0 and d["discard"][cid("F#falseorders")] == 1


# ---- Swap Meet --------------------------------------------------------------------------------

def test_swap_meet_takes_a_random_card_then_gives_one_back():
    """Swap Meet: once in Birdsong, take a random card from another player's hand, then give that
    player a card (it may be the one taken). No VP (unlike Stand and Deliver!)."""
    g = ep(blank())
    g = give(give(put(g, MARQUISE, "R#swapmeet"), MARQUISE, "F#anvil"), WYRM, "M#mouseinasack")
    g = _next_birdsong(g, MARQUISE)
    sizes = state(g)["hand_size"]
    act(g, "use R#swapmeet")
    assert g.step == "steal" and g.current_player == -1
    act(g, "steal M#mouseinasack")
    assert g.step == "swap_meet_give" and g.current_player == MARQUISE
    assert legal(g) == {"give F#anvil", "give M#mouseinasack"}
    act(g, "give F#anvil")
    d = state(g)
    assert d["hand"][MARQUISE][cid("M#mouseinasack")] == 1 and d["hand"][WYRM][cid("F#anvil")] == 1
    assert d["hand_size"] == sizes and g.scores == (0, 0)
    assert d["known"][MARQUISE][WYRM][cid("F#anvil")] == 1        # the giver knows what it gave
    assert "use R#swapmeet" not in legal(g)                        # once per Birdsong


def test_swap_meet_needs_a_hand_to_take_from():
    """(Nor is a bot, which holds no hand, ever named: ep_cards.pxi swap_partner.)"""
    g = ep(blank())
    g = _next_birdsong(give(put(g, MARQUISE, "R#swapmeet"), MARQUISE, "F#anvil"), MARQUISE)
    assert "use R#swapmeet" in legal(g)
    assert "use R#swapmeet" not in legal(empty_hand(g, WYRM))


# ---- Eyrie Emigre ---------------------------------------------------------------------------

def _emigre(**pieces):
    g = ep(board(blank(), **pieces))
    return _next_birdsong(put(g, MARQUISE, "B#eyrieemigre"), MARQUISE)


def test_eyrie_emigre_moves_then_battles_in_the_clearing_moved_into():
    """Eyrie Emigre: at the end of Birdsong take a move, then start a battle in the clearing you
    moved into; the card stays when both are taken."""
    g = _emigre(warriors={8: 3}, wyrmlings={7: 1})
    assert g.step == "eyrie_emigre_move" and "pass" in legal(g)
    act(g, "3w8->7")
    assert g.step == "eyrie_emigre_battle" and legal(g) == {"pass", "XW7"}
    act(g, "XW7")
    _finish_battle(g)
    assert g.step == "marquise_daylight"
    assert play_area(g, MARQUISE, "B#eyrieemigre") == 1


def test_eyrie_emigre_is_discarded_when_its_move_or_battle_is_not_taken():
    g = _emigre(warriors={8: 3}, wyrmlings={7: 1})
    act(g, "pass")
    assert g.step == "marquise_daylight" and play_area(g, MARQUISE, "B#eyrieemigre") == 0
    g = _emigre(warriors={8: 3}, wyrmlings={7: 1})
    act(g, "3w8->4")                            # no enemy in 4: no battle to start
    assert legal(g) == {"pass"}
    act(g, "pass")
    assert play_area(g, MARQUISE, "B#eyrieemigre") == 0 and state(g)["discard"][cid("B#eyrieemigre")] == 1


# ---- League of Adventurous Mice ---------------------------------------------------------------

def _with_item(g, seat, item):
    def fn(d):
        d["items"][seat][ITEM[item]] += 1
        d["item_supply"][ITEM[item]] -= 1
    return modify(g, fn)


def test_league_exhausts_a_crafted_item_for_a_move_or_a_battle():
    """League of Adventurous Mice: once in Daylight, exhaust an item in your Crafted Items box to
    take a move or start a battle (not one of the Marquise's actions)."""
    g = ep(board(blank(), warriors={8: 2}, wyrmlings={8: 1}))
    g = daylight(_with_item(put(g, MARQUISE, "M#leagueofadventurousmice"), MARQUISE, "boots"), MARQUISE)
    assert "league %f" in legal(g)
    act(g, "league %f")
    assert g.step == "league" and {"XW8", "w8->4"} <= legal(g) and "pass" not in legal(g)
    act(g, "w8->4")
    d = state(g)
    assert g.step == "marquise_daylight" and d["actions_left"] == 3 and d["warriors"][3] == 1
    assert d["items_exhausted"][MARQUISE][ITEM["boots"]] == 1
    assert not any(t.startswith("league") for t in legal(g))


def test_league_items_stay_exhausted_and_the_wyrms_treasure_never_serves():
    """Nothing refreshes a Crafted Items box; the Lair's treasure is no item of a card (W-MP-6)."""
    g = ep(board(blank(), wyrmlings={8: 2}, warriors={8: 1}, treasure=1))
    g = _with_item(put(g, WYRM, "M#leagueofadventurousmice"), WYRM, "boots")
    g = modify(g, lambda d: d["items_exhausted"][WYRM].__setitem__(ITEM["boots"], 1))
    g = daylight(g, WYRM)
    assert not any(t.startswith("league") for t in legal(g))


# ---- Boat Builders, Tunnels -------------------------------------------------------------------

def test_boat_builders_treat_rivers_as_paths():
    """Boat Builders: you treat rivers as paths (Autumn's river joins 5 and 10; no path does)."""
    g = ep(board(blank(), warriors={5: 2}))
    assert "w5->10" not in legal(daylight(g, MARQUISE))
    assert "w5->10" in legal(daylight(put(g, MARQUISE, "B#boatbuilders"), MARQUISE))


def test_tunnels_join_the_clearings_holding_your_crafting_pieces():
    """Tunnels: clearings holding any of your crafting pieces (the Marquise's workshops, LoR
    6.2.1) are adjacent for you: 3 and 11 hold workshops, 3 and 9 are joined by no path."""
    g = ep(board(blank(), warriors={3: 2}, workshop={3: 1, 9: 1}))
    assert "w3->9" not in legal(daylight(g, MARQUISE))
    g = daylight(put(g, MARQUISE, "R#tunnels"), MARQUISE)
    assert "w3->9" in legal(g)
    assert "w3->12" not in legal(g)                     # no workshop there


# ---- Coffin Makers --------------------------------------------------------------------------

def test_coffin_makers_keeps_the_warriors_a_battle_removes():
    """Coffin Makers: warriors that would return to a supply are placed on it instead."""
    g = ep(board(blank(), warriors={8: 3}, wyrmlings={8: 2}))
    g = put(g, WYRM, "R#coffinmakers")
    supply = state(g)["wyrmling_supply"]
    g = act(daylight(g, MARQUISE), "XW8")
    _finish_battle(_fight(g, "roll 2,0"))
    d = state(g)
    assert d["wyrmlings"][7] == 0 and d["coffin"][WYRM] == 2 and d["wyrmling_supply"] == supply


def test_coffin_makers_scores_per_five_then_returns_every_warrior():
    """At the start of its owner's Birdsong: 1 VP per five warriors on it, then all go back to
    their supplies."""
    def fn(d):
        d["coffin"][MARQUISE], d["warrior_supply"] = 4, d["warrior_supply"] - 4
        d["coffin"][WYRM], d["wyrmling_supply"] = 3, d["wyrmling_supply"] - 3
    g = modify(put(ep(blank()), WYRM, "R#coffinmakers"), fn)
    before = state(g)
    g = _next_birdsong(g, WYRM)
    d = state(g)
    assert g.scores == (0, 1)                           # 7 warriors: one five
    assert d["coffin"] == [0, 0]
    assert d["warrior_supply"] == before["warrior_supply"] + 4
    assert d["wyrmling_supply"] == before["wyrmling_supply"] + 3


def test_saboteurs_discarding_coffin_makers_frees_its_warriors():
    def fn(d):
        d["coffin"][MARQUISE], d["warrior_supply"] = 2, d["warrior_supply"] - 2
    g = modify(put(put(ep(blank()), WYRM, "R#coffinmakers"), MARQUISE, "B#saboteurs"), fn)
    supply = state(g)["warrior_supply"]
    g = _next_birdsong(g, MARQUISE)
    act(g, "sabotage W R#coffinmakers")
    d = state(g)
    assert d["coffin"] == [0, 0] and d["warrior_supply"] == supply + 2


# ---- the state dict --------------------------------------------------------------------------

def test_a_schema_4_state_dict_reads_with_the_cards_own_fields_empty():
    """docs/api.md, the state dict: schema 5 adds Coffin Makers' warriors, exhausted crafted
    items, the cards used this turn and Partisans in a battle; a schema 4 dict has none."""
    d = ep(blank()).state.to_dict()
    for key in ("coffin", "items_exhausted", "used_ep", "ep_card", "ep_clearing"):
        d.pop(key)
    d["battle"].pop("partisans")
    s = _core.State.from_dict(d)
    again = s.to_dict()
    assert again["coffin"] == [0, 0] and again["ep_card"] == -1 and again["battle"]["partisans"] == 0
    assert card("R#coffinmakers").decks == ("ep",)


def test_swap_meets_cards_are_seen_by_the_two_players_only():
    """LoR 1.2 (hands are hidden): the card Swap Meet takes and the card given back are seen by
    the two players; a spectator's record names neither (docs/notation.md: `#?`)."""
    g = ep(blank())
    g = give(give(put(g, MARQUISE, "R#swapmeet"), MARQUISE, "F#anvil"), WYRM, "M#mouseinasack")
    g = _next_birdsong(g, MARQUISE)
    n = len(g.record)
    act(g, "use R#swapmeet", "steal M#mouseinasack", "give F#anvil")
    texts = {v: [seen_text(e) for e in record_seen(g, v)[n:]] for v in (MARQUISE, WYRM, PUBLIC)}
    assert texts[MARQUISE] == texts[WYRM]
    assert "steal M#mouseinasack" in " ".join(texts[WYRM]) and "give F#anvil" in " ".join(texts[MARQUISE])
    public = " ".join(texts[PUBLIC])
    assert "mouseinasack" not in public and "anvil" not in public
