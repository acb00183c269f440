"""The Exiles & Partisans deck (issue 32 item 1; root-maps-and-decks.md §3, LoR 16.1.2): its
cards, a game that plays it, old states and saves, and the effects of its cards that act without
an action of their own: Master Engravers, Murine Broker, Soup Kitchens, Corvid Planners
(docs/ep-deck.md)."""
from __future__ import annotations

import json

import pytest

from wyrm_ai import _core
from wyrm_ai.model.cards import CARDS, DECK_NAMES, card, deck_counts, read_deck
from wyrm_ai.model.errors import ConfigError, WyrmError
from wyrm_ai.model.game import Game
from wyrm_ai.model.narration import vp_reason

from card_positions import (MARQUISE, WYRM, act, blank, board, cid, daylight, give, legal, modify,
                            play_area, put, state)

EP_OWN = ("Saboteurs", "Soup Kitchens", "Boat Builders", "Corvid Planners", "Eyrie Emigre",
          "Fox Partisans", "Propaganda Bureau", "False Orders", "Informants", "Rabbit Partisans",
          "Tunnels", "Charm Offensive", "Swap Meet", "Coffin Makers", "Mouse Partisans",
          "League of Adventurous Mice", "Murine Broker", "Master Engravers")


def ep(g):
    """g (a two-seat game of the standard deck) playing the E&P deck instead: every card not in
    a hand, play area or the discard pile is in the deck (the dominance cards out of the game)."""
    def fn(d):
        counts = deck_counts("ep")
        d["deck_id"] = DECK_NAMES.index("ep")
        for t in range(len(CARDS)):
            elsewhere = (d["discard"][t] + d["out_of_game"][t] + sum(h[t] for h in d["hand"])
                         + sum(p[t] for p in d["play_area"]))
            d["deck"][t] = counts[t] - elsewhere
        d["deck_size"] = sum(d["deck"])
    return modify(g, fn)


def rulers(g):
    return _core.public_facts(g.state)["rulers"]


# ---- the deck --------------------------------------------------------------------------------

def test_ep_deck_is_54_cards_swapped_suit_for_suit():
    """root-maps-and-decks.md §3: 54 cards, bird 14, fox 14, rabbit 13, mouse 13; the standard
    deck's 29 items, ambushes and dominance cards and 25 of its own in 18 titles, every one a
    persistent card; the standard deck's Favors and persistent cards are not in it."""
    ep_counts, std = deck_counts("ep"), deck_counts("standard")
    assert sum(ep_counts) == sum(std) == 54
    by_suit = {s: sum(n for c, n in zip(CARDS, ep_counts) if c.suit == s) for s in ("bird", "fox", "rabbit", "mouse")}
    assert by_suit == {"bird": 14, "fox": 14, "rabbit": 13, "mouse": 13}
    own = [c for c in CARDS if c.decks == ("ep",)]
    assert [c.name for c in own] == list(EP_OWN)
    assert sum(c.count for c in own) == 25 and all(c.kind == "persistent" for c in own)
    shared = [c for c in CARDS if c.decks == ("standard", "ep")]
    assert sum(c.count for c in shared) == 29
    assert {c.kind for c in shared} == {"item", "ambush", "dominance"}
    assert all(ep_counts[c.id] == 0 for c in CARDS if c.kind == "favor" or c.decks == ("standard",))


@pytest.mark.parametrize("token, cost", [("B#saboteurs", (0, 0, 0, 1)), ("B#soupkitchens", (1, 1, 1, 0)),
                                         ("F#propagandabureau", (0, 0, 0, 3)), ("F#informants", (2, 0, 0, 0)),
                                         ("R#coffinmakers", (0, 2, 0, 0)), ("M#masterengravers", (0, 0, 2, 0))])
def test_ep_card_costs(token, cost):
    """root-maps-and-decks.md §3, the cost column (fox, rabbit, mouse, any suit)."""
    assert card(token).cost == cost


def test_a_game_of_the_ep_deck_deals_from_it():
    """LoR 16.1.2 (Advanced Setup step 2): the group may play the E&P deck instead of the
    standard one, never mixed; two seats: the dominance cards out (LoR 5.1.3)."""
    g = Game(deck="ep")
    assert g.deck == "ep" and g.state.deck_id == 1
    d = state(g)
    ep_counts = deck_counts("ep")
    assert [a + b for a, b in zip(d["deck"], d["out_of_game"])] == list(ep_counts)
    assert d["deck_size"] == 50
    assert all(not name.startswith("draw F#taxcollector") for name in g.legal_texts())
    assert Game().deck == "standard" and Game().state.deck_id == 0
    assert Game(deck="E&P").deck == "ep" and read_deck("standard") == 0


def test_a_deck_that_does_not_exist_is_refused_by_name():
    with pytest.raises(ConfigError, match="no deck 'mixed': the decks are standard, ep"):
        Game(deck="mixed")
    with pytest.raises(WyrmError, match="deck_id must be 0..1"):
        _core.State(deck_id=2)


def test_a_save_keeps_its_deck_and_replays():
    g = Game(deck="ep")
    for _ in range(8):
        g.apply(g.legal_actions()[0])
    back = Game.from_json(json.loads(json.dumps(g.to_json())))
    assert back.deck == "ep" and back.state.to_dict() == g.state.to_dict()
    assert back.start().deck == "ep"


def test_a_state_dict_from_before_the_ep_deck_reads_as_the_standard_deck():
    """docs/api.md, the state dict's version 3: no deck_id, card rows of the standard deck's 42
    types (_core.upgraded_state)."""
    d = Game().state.to_dict()
    old = {k: v for k, v in d.items() if k != "deck_id"}
    for name in _core.CARD_COUNT_FIELDS:
        if name in old:
            old[name] = json.loads(json.dumps(old[name]).replace(", 0" * 18 + "]", "]"))
    assert len(old["deck"]) == 42 and len(old["hand"][0]) == 42
    assert _core.State.from_dict(old).to_dict() == d


def test_the_position_checker_counts_the_games_own_deck():
    """A Favor in a game of the E&P deck is a card that deck does not hold."""
    g = ep(blank())
    def add_favor(d):
        d["hand"][MARQUISE][cid("F#favorofthefoxes")] = 1
        d["hand_size"][MARQUISE] += 1
    with pytest.raises(WyrmError, match="Favor of the Foxes.*the ep deck"):
        modify(g, add_favor)


# ---- Master Engravers and Murine Broker: crafting an item ---------------------------------

def _marquise_crafts(owner, owned, crafted, workshops=2):
    """A game of the E&P deck where seat owner has the card owned in play and the Marquise (with
    workshops in clearing 8) has just crafted the card crafted in her Daylight."""
    g = ep(board(blank(), workshop={8: workshops}))
    g = daylight(give(put(g, owner, owned), MARQUISE, crafted), MARQUISE)
    act(g, "Z" + crafted)
    return g


def test_master_engravers_scores_one_more_for_an_item():
    """Master Engravers (E&P): whenever you craft an item, score one extra point."""
    g = _marquise_crafts(MARQUISE, "M#masterengravers", "F#foxfolksteel")
    assert g.scores == (3, 0)            # the Sword's 2 and Master Engravers' 1
    vp = [e for e in g.last_events if e.kind == "vp"]
    assert [e.amount for e in vp] == [2, 1]
    assert vp_reason(vp[-1]) == "Master Engravers (crafting Foxfolk Steel)"


def test_master_engravers_does_nothing_for_the_other_player():
    assert _marquise_crafts(WYRM, "M#masterengravers", "F#foxfolksteel").scores == (2, 0)


def test_murine_broker_draws_when_another_player_crafts_an_item():
    """Murine Broker (E&P): whenever another player crafts an item, draw a card; then the
    crafter's Daylight goes on."""
    g = _marquise_crafts(WYRM, "M#murinebroker", "F#foxfolksteel")
    before = state(g)["hand_size"][WYRM]
    assert g.step == "card_draw" and g.current_player == _core.CHANCE
    g.apply(g.legal_actions()[0])
    assert state(g)["hand_size"][WYRM] == before + 1
    assert g.step == "marquise_daylight" and g.scores == (2, 0)
    assert not any(state(g)["known"][MARQUISE][WYRM])   # a draw: hidden from the other player
    assert g.observation(MARQUISE)["hand"][WYRM] is None


@pytest.mark.parametrize("owner, crafted", [(MARQUISE, "F#foxfolksteel"), (WYRM, "F#foxpartisans")])
def test_murine_broker_draws_nothing_for_its_owner_or_a_persistent_card(owner, crafted):
    g = _marquise_crafts(owner, "M#murinebroker", crafted)
    assert g.step == "marquise_daylight"


# ---- Soup Kitchens: tokens toward rule ------------------------------------------------------

def test_soup_kitchens_counts_each_token_twice_toward_rule():
    """Soup Kitchens (E&P): your tokens count toward rule, each counting twice (LoR 2.5 counts
    none): without it the lone wyrmling rules beside the wood; with it the wood's 2 beat it, and
    tie two wyrmlings."""
    g = ep(board(blank(keep=None), wood={6: 1}, wyrmlings={6: 1}))
    assert rulers(g)[5] == WYRM
    g = put(g, MARQUISE, "B#soupkitchens")
    assert rulers(g)[5] == MARQUISE                # 2 against 1
    g2 = board(g, wyrmlings={6: 1})
    assert rulers(g2)[5] == -1                     # 2 against 2: a tie rules for nobody


def test_soup_kitchens_counts_the_keep_and_the_wyrms_fear():
    g = ep(board(blank(keep=1), wyrmlings={1: 1}))
    assert rulers(g)[0] == WYRM
    assert rulers(put(g, MARQUISE, "B#soupkitchens"))[0] == MARQUISE
    h = ep(board(blank(keep=None), warriors={6: 2}, fear={6: 1}))
    assert rulers(h)[5] == MARQUISE
    assert rulers(put(h, WYRM, "B#soupkitchens"))[5] == -1   # the fear token's 2 ties her 2


# ---- Corvid Planners: moves ignore rule --------------------------------------------------

def test_corvid_planners_moves_ignore_rule():
    """Corvid Planners (E&P): while moving you ignore rule (LoR 4.2.1 lifted)."""
    g = ep(board(blank(keep=None), warriors={5: 1}, wyrmlings={5: 2, 1: 2}))
    g = daylight(g, MARQUISE)
    assert not any(t.startswith("w5->") for t in legal(g))
    g = daylight(put(g, MARQUISE, "B#corvidplanners"), MARQUISE)
    assert "w5->1" in legal(g)


# ---- Charm Offensive: the start of Evening ------------------------------------------------

def _evening(g, seat):
    """g at seat's Daylight, passed to its Evening."""
    g = daylight(g, seat)
    act(g, "pass")
    return g


def test_charm_offensive_draws_and_the_other_player_scores():
    """Charm Offensive (E&P): at the start of Evening you may draw a card and choose another
    player to score 1 VP; then the Evening goes on (its draws)."""
    g = ep(blank())
    g = _evening(put(g, MARQUISE, "R#charmoffensive"), MARQUISE)
    assert g.step == "charm_offensive" and g.current_player == MARQUISE
    assert set(legal(g)) == {"pass", "use R#charmoffensive"}
    hand = state(g)["hand_size"][MARQUISE]
    act(g, "use R#charmoffensive")
    assert g.scores == (0, 1)
    assert g.step == "card_draw"
    g.apply(g.legal_actions()[0])
    assert state(g)["hand_size"][MARQUISE] == hand + 1
    assert g.step == "evening_draw"                  # then her Evening's own draw (LoR 6.7.2)
    assert not any(state(g)["known"][WYRM][MARQUISE]) and g.observation(WYRM)["hand"][MARQUISE] is None


def test_charm_offensive_may_be_declined():
    g = ep(blank())
    g = _evening(put(g, MARQUISE, "R#charmoffensive"), MARQUISE)
    act(g, "pass")
    assert g.scores == (0, 0) and g.step == "evening_draw"


def test_charm_offensive_at_three_seats_names_the_player_who_scores():
    """At three seats its owner chooses which other player scores (S_TARGET)."""
    g = Game(factions=("marquise", "eyrie", "wyrm"), deck="ep")
    while g.step != "marquise_daylight" and g.step != "eyrie_daylight" and g.step != "wyrm_daylight":
        g.apply(g.legal_actions()[0])
    seat = g.current_player
    def fn(d):
        t = cid("R#charmoffensive")
        where = "deck" if d["deck"][t] else None
        if where is None:                            # dealt to a hand: take it from there
            h = next(v for v in range(3) if d["hand"][v][t])
            d["hand"][h][t] -= 1
            d["hand_size"][h] -= 1
        else:
            d["deck"][t] -= 1
            d["deck_size"] -= 1
        d["play_area"][seat][t] = 1
    g = modify(g, fn)
    while g.step != "charm_offensive":
        g.apply("pass" if "pass" in g.legal_texts() else g.legal_actions()[0])
    act(g, "use R#charmoffensive")
    assert g.step == "choose_player" and g.current_player == seat
    others = [v for v in range(3) if v != seat]
    assert len(g.legal_actions()) == len(others)
    before = g.scores
    g.apply(g.legal_actions()[1])                    # the second of the other players
    assert [b - a for a, b in zip(before, g.scores)] == [1 if v == others[1] else 0 for v in range(3)]
    assert g.step == "card_draw"


# ---- Saboteurs: the start of Birdsong --------------------------------------------------------

def _next_birdsong(g, seat):
    """g passed from the other seat's Daylight to the start of seat's turn."""
    other = 1 - seat
    g = daylight(g, other)
    act(g, "pass")
    while g.current_player != seat or g.step in ("evening_draw", "card_draw"):
        g.apply("pass" if "pass" in g.legal_texts() else g.legal_actions()[0])
    return g


def test_saboteurs_discards_an_enemys_crafted_card():
    """Saboteurs (E&P): at the start of Birdsong you may discard it to discard an enemy's
    crafted card (both to the discard pile)."""
    g = ep(blank())
    g = put(put(g, MARQUISE, "B#saboteurs"), WYRM, "B#corvidplanners", "M#murinebroker")
    g = _next_birdsong(g, MARQUISE)
    assert g.step == "saboteurs"
    assert set(legal(g)) == {"pass", "sabotage W B#corvidplanners", "sabotage W M#murinebroker"}
    act(g, "sabotage W B#corvidplanners")
    d = state(g)
    assert d["play_area"][MARQUISE][cid("B#saboteurs")] == 0 and d["play_area"][WYRM][cid("B#corvidplanners")] == 0
    assert d["discard"][cid("B#saboteurs")] == 1 and d["discard"][cid("B#corvidplanners")] == 1
    assert d["play_area"][WYRM][cid("M#murinebroker")] == 1
    assert g.step == "marquise_daylight"             # then her Birdsong (no sawmill: no wood) and Daylight


def test_saboteurs_may_be_kept_and_waits_for_a_target():
    g = ep(blank())
    g = put(g, MARQUISE, "B#saboteurs")
    assert _next_birdsong(g, MARQUISE).step == "marquise_daylight"  # no enemy card: not asked
    g = _next_birdsong(put(g, WYRM, "R#tunnels"), MARQUISE)
    act(g, "pass")
    assert play_area(g, MARQUISE, "B#saboteurs") == 1 and play_area(g, WYRM, "R#tunnels") == 1


def test_saboteurs_never_takes_items_or_its_owners_own_cards():
    g = ep(blank())
    g = put(g, MARQUISE, "B#saboteurs", "R#tunnels")
    g = _next_birdsong(g, MARQUISE)
    assert g.step == "marquise_daylight"


# ---- Informants: the Evening draw -------------------------------------------------------------

def _discard(g, *tokens):
    """The named cards moved from the deck to the discard pile."""
    def fn(d):
        for tok in tokens:
            d["deck"][cid(tok)] -= 1
            d["deck_size"] -= 1
            d["discard"][cid(tok)] += 1
    return modify(g, fn)


def test_informants_takes_an_ambush_from_the_discard_pile_instead_of_drawing():
    """Informants (E&P): in Evening, if you would draw cards, you may instead take one ambush
    card from the discard pile (in view of everyone: the other player knows it is in the hand)."""
    g = ep(_discard(blank(), "F#ambush", "B#ambush", "F#anvil"))
    g = _evening(put(g, MARQUISE, "F#informants"), MARQUISE)
    assert g.step == "informants" and g.current_player == MARQUISE
    assert set(legal(g)) == {"pass", "informants F#ambush", "informants B#ambush"}
    act(g, "informants B#ambush")
    d = state(g)
    assert d["hand"][MARQUISE][cid("B#ambush")] == 1 and d["hand_size"][MARQUISE] == 1
    assert d["discard"][cid("B#ambush")] == 0 and d["discard"][cid("F#ambush")] == 1
    assert d["known"][WYRM][MARQUISE][cid("B#ambush")] == 1
    assert g.current_player == WYRM                  # no draw: the Wyrm's turn


def test_informants_may_be_declined_and_needs_an_ambush_in_the_discard():
    g = ep(_discard(blank(), "F#ambush"))
    g = _evening(put(g, MARQUISE, "F#informants"), MARQUISE)
    act(g, "pass")
    assert g.step == "evening_draw"
    h = ep(_discard(blank(), "F#anvil"))
    h = _evening(put(h, MARQUISE, "F#informants"), MARQUISE)
    assert h.step == "evening_draw"
