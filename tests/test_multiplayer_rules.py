"""The base rules that change with 3+ seats (root-factions.md §1.1, §1.6, §1.7, §1.12; ruling
§10.3, §10.9; W-MP-8): dominance cards, the player a card names, ties at 30 VP, the score floor.

Dominance cards are out of a two-seat game (LoR 5.1.3). The rules of dominance read only the
cards where they lie, so most tests here lay them out in a Marquise-Wyrm position with
State.from_dict (taken from the cards out of the game); the tests of a three-seat table are at
the end."""
import pytest

from wyrm_ai import Game, _core
from wyrm_ai.model.actions import encode
from wyrm_ai.model.errors import WyrmError

from card_positions import (MARQUISE, WYRM, act, blank, board, cid, daylight, finish_turn, give,
                            legal, modify, put, state)
from positions import empty_hand, hand_to_deck

DOMINANCE = {suit: cid(f"{suit[0].upper()}#dominance") for suit in ("fox", "rabbit", "mouse", "bird")}


def dominance_to(g, seat=None, *tokens):
    """A copy of g with the named dominance cards moved from out of the game (or the deck) into
    seat's hand, or beside the map as available with seat=None."""
    def fn(d):
        for tok in tokens:
            t = cid(tok)
            src = "out_of_game" if d["out_of_game"][t] else "deck"
            assert d[src][t] > 0, f"{tok} is in nobody's reach"
            d[src][t] -= 1
            if src == "deck":
                d["deck_size"] -= 1
            if seat is None:
                d["available"][t] += 1
            else:
                d["hand"][seat][t] += 1
                d["hand_size"][seat] += 1
    return modify(g, fn)


def scores(g, *values):
    return modify(g, lambda d: d.__setitem__("score", list(values)))


def kinds(g):
    return [e.kind for e in g.last_events]


# ---- the deck -----------------------------------------------------------------------------

def test_two_seats_take_the_dominance_cards_out_LoR_5_1_3():
    """LoR 5.1.3 / root-factions.md §1.1: at two seats the 4 dominance cards are out of the game
    and the deck has 50 cards; no hand is ever dealt one."""
    g = Game()
    d = state(g)
    assert all(d["out_of_game"][t] == 1 for t in DOMINANCE.values())
    assert sum(d["out_of_game"]) == 4 and d["deck_size"] == 50
    assert all(d["deck"][t] == 0 for t in DOMINANCE.values())
    assert all(d["available"][t] == 0 for t in range(len(d["available"])))


# ---- spent or discarded: available, never the discard pile (LoR 3.3.3) ------------------------

def test_spent_dominance_becomes_available_LoR_3_3_3():
    """LoR 3.3.3: a dominance card spent (here for the Marquise's extra action, a bird) lies
    beside the map as available, not in the discard pile."""
    g = dominance_to(daylight(blank(), MARQUISE), MARQUISE, "B#dominance")
    act(g, "extra B#dominance")
    d = state(g)
    assert d["available"][DOMINANCE["bird"]] == 1
    assert d["discard"][DOMINANCE["bird"]] == 0
    assert d["hand"][MARQUISE][DOMINANCE["bird"]] == 0 and d["actions_left"] == 4
    assert "available" in kinds(g)


def test_discarded_dominance_becomes_available_LoR_3_3_3():
    """LoR 3.3.3: discarding to the hand limit puts a dominance card with the available ones."""
    g = dominance_to(daylight(blank(), WYRM), WYRM, "F#dominance")
    g = give(g, WYRM, "R#cobbler", "R#cobbler", "M#codebreakers", "F#taxcollector", "F#taxcollector")
    act(g, "pass")
    while g.step == "evening_draw":
        act(g, "draw F#taxcollector")
    assert g.step == "discard"
    act(g, "F#dominance->")
    d = state(g)
    assert d["available"][DOMINANCE["fox"]] == 1 and d["discard"][DOMINANCE["fox"]] == 0


def test_available_dominance_is_never_reshuffled_LoR_3_3_3():
    """root-factions.md §1.5 / LoR 3.3.3: when the deck runs out, the discard pile becomes the
    deck; the available dominance cards are not in it and stay beside the map."""
    g = dominance_to(daylight(blank(), WYRM), None, "M#dominance")
    def one_card_left(d):
        keep = cid("R#smugglerstrail")
        for t, n in enumerate(d["deck"]):
            if t != keep:
                d["discard"][t] += n
                d["deck"][t] = 0
        d["deck"][keep] = 1
        d["deck_size"] = 1
    g = modify(g, one_card_left)
    act(g, "pass")
    act(g, "draw R#smugglerstrail")            # the last card: the discard pile becomes the deck
    d = state(g)
    assert d["available"][DOMINANCE["mouse"]] == 1
    assert d["deck"][DOMINANCE["mouse"]] == 0 and d["deck_size"] > 0


# ---- taking an available one (LoR 3.3.4, §7 trap 18) ---------------------------------------------

def test_swap_birds_are_wild_for_a_suited_dominance_LoR_3_3_4_trap_18():
    """LoR 3.3.4, root-factions.md §7 trap 18: an available fox dominance card is taken by spending
    a fox card or a bird (wild), not a card of another suit."""
    g = dominance_to(daylight(blank(), MARQUISE), None, "F#dominance")
    g = give(g, MARQUISE, "F#anvil", "B#armorers", "R#cobbler")
    swaps = {t for t in legal(g) if t.startswith("swap")}
    assert swaps == {"swap F#dominance F#anvil", "swap F#dominance B#armorers"}


def test_swap_bird_dominance_needs_a_real_bird_LoR_3_3_4_trap_18():
    """LoR 3.3.4, §7 trap 18: the bird dominance card needs a bird card; fox, rabbit and mouse
    cards cannot take it."""
    g = dominance_to(daylight(blank(), WYRM), None, "B#dominance")
    g = give(g, WYRM, "F#anvil", "R#cobbler", "M#codebreakers")
    assert not any(t.startswith("swap") for t in legal(g))
    g = give(g, WYRM, "B#sappers")
    assert {t for t in legal(g) if t.startswith("swap")} == {"swap B#dominance B#sappers"}


def test_swap_takes_the_card_into_hand_any_number_of_times_LoR_3_3_4():
    """LoR 3.3.4 (W-MP-8 for the Wyrm): the spent card goes to the discard pile, the dominance
    card into hand in view of everyone; with two available, both may be taken in one Daylight."""
    g = dominance_to(daylight(blank(), WYRM), None, "F#dominance", "R#dominance")
    g = give(g, WYRM, "B#sappers", "R#cobbler")
    act(g, "swap F#dominance B#sappers")
    d = state(g)
    assert d["hand"][WYRM][DOMINANCE["fox"]] == 1 and d["available"][DOMINANCE["fox"]] == 0
    assert d["discard"][cid("B#sappers")] == 1 and d["hand_size"][WYRM] == 2
    assert d["known"][MARQUISE][WYRM][DOMINANCE["fox"]] == 1      # taken face up
    assert [e for e in g.last_events if e.kind == "swap"][0].detail == cid("B#sappers")
    act(g, "swap R#dominance R#cobbler")
    d = state(g)
    assert d["hand"][WYRM][DOMINANCE["rabbit"]] == 1 and sum(d["available"]) == 0


def test_swap_only_in_own_daylight_LoR_3_3_4():
    """LoR 3.3.4: taking an available dominance card is a Daylight act of the seat on turn; it is
    not offered in Birdsong, in Evening, or to the other seat."""
    g = dominance_to(blank(), None, "F#dominance")
    g = give(give(g, MARQUISE, "F#anvil"), WYRM, "F#foxfolksteel")
    g = put(g, MARQUISE, "F#standanddeliver")
    g = finish_turn(daylight(g, WYRM))          # the Marquise's Birdsong: Stand and Deliver!
    assert g.step == "birdsong_cards"
    assert not any(t.startswith("swap") for t in legal(g))
    act(g, "pass")
    assert g.step == "marquise_daylight"
    assert "swap F#dominance F#anvil" in legal(g)


# ---- activating (LoR 3.3.1) ---------------------------------------------------------------

def test_activate_needs_ten_vp_LoR_3_3_1():
    """LoR 3.3.1: activating needs at least 10 VP."""
    g = dominance_to(daylight(blank(), MARQUISE), MARQUISE, "R#dominance")
    assert "activate R#dominance" not in legal(scores(g, 9, 0))
    assert "activate R#dominance" in legal(scores(g, 10, 0))


def test_activate_moves_the_card_to_the_play_area_LoR_3_3_1():
    """LoR 3.3.1-3.3.2: the card goes from hand to the play area; the event tells it; it is never
    swapped for (it is not available) and no second one can be activated."""
    g = dominance_to(scores(daylight(blank(), WYRM), 0, 12), WYRM, "R#dominance", "M#dominance")
    act(g, "activate R#dominance")
    d = state(g)
    assert d["play_area"][WYRM][DOMINANCE["rabbit"]] == 1 and d["hand"][WYRM][DOMINANCE["rabbit"]] == 0
    assert d["hand_size"][WYRM] == 1 and d["available"][DOMINANCE["rabbit"]] == 0
    assert kinds(g) == ["dominance"]
    assert not any(t.startswith("activate") for t in legal(g))


def test_activate_only_in_own_daylight_LoR_3_3_1():
    """LoR 3.3.1: only in your own Daylight: not at the discard step of Evening."""
    g = dominance_to(scores(daylight(blank(), MARQUISE), 15, 0), MARQUISE, "F#dominance")
    g = give(g, MARQUISE, "R#cobbler", "R#cobbler", "M#codebreakers", "F#taxcollector", "F#taxcollector")
    act(g, "pass")
    while g.step == "evening_draw":
        act(g, "draw F#taxcollector")
    assert g.step == "discard"
    assert not any(t.startswith("activate") for t in legal(g))


def test_no_more_vp_after_activation_LoR_3_3_1():
    """LoR 3.3.1: after activating, every effect that would score for the seat does nothing
    (here crafting an item card), and no VP event is told. Activating leaves crafting open."""
    g = dominance_to(scores(daylight(board(blank(), workshop={1: 1}), MARQUISE), 12, 3), MARQUISE,
                     "F#dominance")
    g = give(g, MARQUISE, "F#anvil")
    act(g, "activate F#dominance", "ZF#anvil")
    assert g.scores == (12, 3)
    assert state(g)["items"][MARQUISE][_core.ITEM_NAMES.index("hammer")] == 1
    assert "vp" not in kinds(g)


# ---- the win check at the start of Birdsong (LoR 3.3.1) -------------------------------------

FOX_RULE = dict(warriors={1: 1, 6: 1, 8: 1})                # fox clearings 1, 6, 8
CORNERS_13 = dict(warriors={1: 1, 3: 1})
CORNERS_12 = dict(warriors={1: 1, 2: 1})


def activated(g, seat, token):
    """A copy of g with token activated in seat's play area (taken from out of the game)."""
    def fn(d):
        t = cid(token)
        d["out_of_game"][t] -= 1
        d["play_area"][seat][t] += 1
    return modify(g, fn)


def test_dominance_wins_only_at_the_start_of_own_birdsong_LoR_3_3_1():
    """LoR 3.3.1: ruling 3 fox clearings with the fox dominance activated does not win in the
    seat's Daylight or at the start of another seat's turn; it wins at the very start of its own
    Birdsong, before anything else in it, and the game ends."""
    g = activated(daylight(board(blank(), **FOX_RULE), MARQUISE), MARQUISE, "F#dominance")
    g = scores(g, 14, 0)
    g = finish_turn(g)                          # the Wyrm's turn begins: nobody has won
    assert g.step != "terminal" and g.state.to_dict()["winner"] == -1
    g = finish_turn(daylight(g, WYRM))         # the Marquise's Birdsong begins
    assert g.step == "terminal" and g.state.to_dict()["winner"] == MARQUISE
    win = [e for e in g.last_events if e.kind == "win"]
    assert len(win) == 1 and win[0].seat == MARQUISE and win[0].arg == DOMINANCE["fox"]
    assert "vp" not in kinds(g)


def test_dominance_win_comes_before_better_burrow_bank_LoR_3_3_1():
    """LoR 3.3.1: the check is at the very start of Birdsong, before anything else in it: the game
    ends before Better Burrow Bank draws."""
    g = activated(put(board(blank(), pawn=5, **FOX_RULE), MARQUISE, "R#betterburrowbank"), MARQUISE,
                  "F#dominance")
    g = daylight(g, WYRM)
    act(g, "pass")
    while g.step == "evening_draw":
        act(g, "draw R#smugglerstrail" if "draw R#smugglerstrail" in legal(g) else sorted(legal(g))[0])
    assert g.step == "terminal" and g.state.to_dict()["winner"] == MARQUISE
    assert kinds(g)[-1] == "win"
    assert not any(e.kind == "draw" and e.seat == MARQUISE for e in g.last_events)


def test_one_activated_dominance_card_per_seat_LoR_3_3_1():
    """LoR 3.3.1: activating takes the score marker off the track, so a seat never holds two
    activated dominance cards; a position with two is refused."""
    g = activated(blank(), WYRM, "F#dominance")
    with pytest.raises(WyrmError, match="more than one dominance"):
        activated(g, WYRM, "M#dominance")


@pytest.mark.parametrize("suit,rule,wins", [
    ("fox", FOX_RULE, True),
    ("fox", dict(warriors={1: 1, 6: 1}), False),
    ("rabbit", dict(warriors={3: 1, 4: 1, 10: 1}), True),
    ("mouse", dict(warriors={2: 1, 7: 1, 11: 1}), True),
    ("mouse", dict(warriors={2: 1, 7: 1, 1: 1}), False),
    ("bird", CORNERS_13, True),
    ("bird", dict(warriors={2: 1, 4: 1}), True),
    ("bird", CORNERS_12, False),
])
def test_dominance_win_per_suit_LoR_3_3_1(suit, rule, wins):
    """LoR 3.3.1.I-II: fox, rabbit, mouse need 3 ruled clearings of the suit; bird needs both
    corners of an opposite pair (1&3 or 2&4), not two neighbouring corners."""
    g = activated(board(blank(), pawn=5, **rule), MARQUISE, f"{suit[0].upper()}#dominance")
    g = finish_turn(daylight(g, WYRM))
    assert (g.step == "terminal") == wins
    if wins:
        assert g.state.to_dict()["winner"] == MARQUISE


def test_dominance_win_needs_rule_not_presence_LoR_3_3_1():
    """LoR 3.3.1 (rule, LoR 2.5): a tie for a clearing rules for nobody, so it does not count."""
    g = board(blank(), warriors={1: 1, 6: 1, 8: 1}, wyrmlings={8: 1})
    g = activated(g, MARQUISE, "F#dominance")
    g = finish_turn(daylight(g, WYRM))
    assert g.step != "terminal"


def test_wyrm_dominance_win_W_MP_8():
    """W-MP-8: the Wyrm activates dominance like any faction (its pawn rules as three)."""
    g = board(blank(), wyrmlings={3: 1, 4: 1}, pawn=10)
    g = activated(g, WYRM, "R#dominance")
    g = finish_turn(daylight(g, MARQUISE))
    assert g.step == "terminal" and g.state.to_dict()["winner"] == WYRM


# ---- the score floor (ruling §10.3) -----------------------------------------------------------

def test_a_score_below_zero_is_refused_ruling_10_3():
    """Ruling §10.3: a score never goes below 0, so no position holds one."""
    g = blank()
    with pytest.raises(WyrmError, match="score"):
        scores(g, -1, 0)


# ---- the Python edges: notation, words, views ---------------------------------------------

def test_dominance_notation_round_trips_LoR_3_3():
    """docs/notation.md (LoR 3.3.1, 3.3.4): `activate F#dominance`, `swap F#dominance B#armorers`
    and `target W` read back as the same actions, for either faction."""
    from wyrm_ai.model import notation
    for seat in (MARQUISE, WYRM):
        for text, a in (("activate F#dominance", encode("activate", DOMINANCE["fox"])),
                        ("swap F#dominance B#armorers", encode("swap", 0, cid("B#armorers"))),
                        ("swap B#dominance B#sappers", encode("swap", 3, cid("B#sappers"))),
                        (f"target {'W' if seat == MARQUISE else 'C'}", encode("target", 1 - seat))):
            assert notation.action_text(a, seat) == text
            assert notation.parse(text, seat) == a
    with pytest.raises(Exception):
        notation.parse("activate F#anvil", MARQUISE)      # only dominance cards are activated
    with pytest.raises(Exception):
        notation.parse("target C", MARQUISE)              # never yourself


def test_dominance_events_in_words_LoR_3_3():
    """LoR 3.3.1-3.3.4: activating, swapping, a card becoming available and a dominance win are
    told in words (narration), with the suit's goal."""
    from wyrm_ai.model.narration import narrate
    g = dominance_to(scores(daylight(blank(), MARQUISE), 11, 0), MARQUISE, "M#dominance", "B#dominance")
    g = dominance_to(g, None, "R#dominance")
    g = give(g, MARQUISE, "R#cobbler")
    act(g, "activate M#dominance")
    assert narrate(g.last_events) == [
        "The Marquise activates the mouse Dominance card at 11 VP: its score marker leaves the "
        "track; it wins at the start of a Birdsong in which it rules 3 mouse clearings."]
    act(g, "swap R#dominance R#cobbler")
    assert narrate(g.last_events) == ["The Marquise takes the available rabbit Dominance card, spending Cobbler."]
    act(g, "extra B#dominance")
    assert narrate(g.last_events) == ["The bird Dominance card is now available beside the map."]
    w = activated(board(blank(), pawn=5, **CORNERS_13), MARQUISE, "B#dominance")
    w = finish_turn(daylight(w, WYRM))
    assert narrate(w.last_events)[-1] == "The Marquise wins by both corners of an opposite pair (Dominance, bird)!"


def test_available_and_activated_dominance_are_public_LoR_3_3():
    """LoR 3.3.2-3.3.3: the available dominance cards and an activated one lie face up: every
    viewer's observation shows them."""
    from wyrm_ai.model.redaction import PUBLIC, observe
    g = dominance_to(activated(blank(), WYRM, "F#dominance"), None, "M#dominance")
    for viewer in (MARQUISE, WYRM, PUBLIC):
        obs = observe(g.state, viewer)
        assert obs["available"][DOMINANCE["mouse"]] == 1
        assert obs["play_area"][WYRM][DOMINANCE["fox"]] == 1


# ---- the player a card names (root-factions.md §1.12) -----------------------------------------

def test_two_seats_ask_no_player_for_codebreakers_section_1_12():
    """root-factions.md §1.1/§1.12: at two seats Codebreakers names the only other player: no
    choose_player step, the look is at once."""
    g = give(put(daylight(blank(), MARQUISE), MARQUISE, "M#codebreakers"), WYRM, "F#anvil")
    act(g, "codebreakers")
    assert g.step == "marquise_daylight"
    assert state(g)["known"][MARQUISE][WYRM][cid("F#anvil")] == 1
    assert "choose_player" in _core.STEP_NAMES      # the step exists for 3+ seats only


# ---- three seats (the Marquise, the Eyrie and the Wyrm) ----------------------------------------

three_seats = pytest.mark.skipif(_core.FACTION_NAMES.index("eyrie") not in _core.PLAYABLE_FACTIONS,
                                 reason="the Eyrie is not playable yet (branch eyrie)")
M3, E3, W3 = 0, 1, 2


def table3():
    """A three-seat game (Marquise, Eyrie, Wyrm in seat order, the Marquise first) at her first
    Daylight, every setup choice the first legal one, with every hand back in the deck."""
    g = Game(first=0, factions=("marquise", "eyrie", "wyrm"))
    while g.step != "marquise_daylight":
        if g.is_chance_node():
            g.apply(g.chance_outcomes()[0][0])
        else:
            g.apply(g.legal_actions()[0])
    def fn(d):
        for seat in range(3):
            hand_to_deck(d, seat)
    return modify(g, fn)


@three_seats
def test_three_seats_keep_the_dominance_cards_in_the_deck_LoR_5_1_3():
    """LoR 5.1.3 / root-factions.md §1.1: at 3+ seats all 54 cards are shuffled, dominance in."""
    g = Game(first=0, factions=("marquise", "eyrie", "wyrm"))
    d = state(g)
    assert sum(d["out_of_game"]) == 0 and d["deck_size"] == 54
    assert all(d["deck"][t] == 1 for t in DOMINANCE.values())


@three_seats
def test_codebreakers_names_the_chosen_player_section_1_12():
    """root-factions.md §1.12: at 3+ seats the owner of Codebreakers picks whose hand to see;
    only that hand becomes known; then Daylight goes on."""
    g = give(give(put(daylight(table3(), M3), M3, "M#codebreakers"), E3, "F#anvil"), W3, "R#bakesale")
    act(g, "codebreakers")
    assert g.step == "choose_player" and g.current_player == M3
    assert legal(g) == {"target E", "target W"}
    act(g, "target W")
    d = state(g)
    assert g.step == "marquise_daylight"
    assert d["known"][M3][W3][cid("R#bakesale")] == 1
    assert sum(d["known"][M3][E3]) == 0
    assert "codebreakers" not in legal(g)


@three_seats
def test_stand_and_deliver_names_a_player_with_cards_section_1_12():
    """root-factions.md §1.12: Stand and Deliver! takes a random card from the player its owner
    picks (only a player with a card can be picked); that player scores 1 VP."""
    g = give(put(table3(), M3, "F#standanddeliver"), E3, "F#anvil")
    g = modify(g, lambda d: d.update(turn=W3))
    g = finish_turn(daylight(g, W3))             # the Marquise's Birdsong begins
    g = empty_hand(g, W3)                         # the Wyrm's Evening draws go back
    assert g.current_player == M3 and "use F#standanddeliver" in legal(g)
    act(g, "use F#standanddeliver")
    assert g.step == "choose_player" and legal(g) == {"target E"}
    before = g.scores[E3]
    act(g, "target E")
    assert g.step == "steal" and [a for a, _ in g.chance_outcomes()] == [encode("steal", cid("F#anvil"))]
    act(g, "steal F#anvil")
    d = state(g)
    assert d["hand"][M3][cid("F#anvil")] == 1 and d["hand"][E3][cid("F#anvil")] == 0
    assert g.scores[E3] == before + 1


@three_seats
def test_better_burrow_bank_names_the_chosen_player_section_1_12():
    """root-factions.md §1.12: at the start of its owner's Birdsong, Better Burrow Bank draws a
    card for the owner and one for the player it picks, and none for the third."""
    g = put(table3(), M3, "R#betterburrowbank")
    g = modify(g, lambda d: d.update(turn=W3))
    g = daylight(g, W3)
    act(g, "pass")
    while g.step in ("evening_draw", "discard"):
        act(g, g.legal_texts()[0])
    assert g.step == "choose_player" and g.current_player == M3
    assert legal(g) == {"target E", "target W"}
    sizes = state(g)["hand_size"]
    act(g, "target E")
    while g.step == "card_draw":
        act(g, g.legal_texts()[0])
    after = state(g)["hand_size"]
    assert (after[M3] - sizes[M3], after[E3] - sizes[E3], after[W3] - sizes[W3]) == (1, 1, 0)


@three_seats
def test_tie_at_30_goes_to_the_player_on_turn_ruling_10_9():
    """Ruling §10.9 (root-factions.md §1.7): a battle's rolled hits land at once, so both sides
    can reach 30 together; the tied player nearest clockwise from the player whose turn it is,
    counting that player first, wins -- the attacking Eyrie, not the defending Marquise. Here the
    Eyrie (Commander: +1 hit) and the Marquise (Sappers: +1 hit) each remove the other's two
    warriors and a building with the same roll."""
    from eyrie_positions import eyrie_day, eyrie_started, put as put_pieces
    g = eyrie_started(factions=("marquise", "eyrie", "wyrm"), first="eyrie", leader="commander", keep=1)
    def fn(d):
        put_pieces(d, warriors={5: 2}, birds={3: 4, 5: 2}, roosts={3: 1, 5: 1}, wyrmlings={}, pawn=12)
        d["buildings"] = [[0] * 12 for _ in range(3)]
        d["buildings"][0][4] = 1                          # a sawmill in 5
        d["wood_supply"] += sum(d["wood"])
        d["wood"] = [0] * 12
        d["score"] = [29, 29, 0]
        t = cid("B#sappers")                              # into the Marquise's play area
        for seat, hand in enumerate(d["hand"]):
            if hand[t] and not d["deck"][t]:
                hand[t] -= 1
                d["hand_size"][seat] -= 1
                d["deck"][t] += 1
                d["deck_size"] += 1
        d["deck"][t] -= 1
        d["deck_size"] -= 1
        d["play_area"][0][t] += 1
    g = eyrie_day(modify(g, fn), leader="commander", decree=[("battle", "R#bakesale")])
    for t in ("w3->7 [B]", "w->3 [B]"):                   # the first Vizier column
        if t in g.legal_texts():
            g.apply(t)
            break
    g.apply("XC5 [R]")
    while g.step != "terminal":
        texts = g.legal_texts()
        if g.step == "battle_roll":
            g.apply("roll 3,3")
        elif "use B#sappers" in texts:
            g.apply("use B#sappers")
        elif "pass" in texts:
            g.apply("pass")
        else:
            g.apply(g.legal_actions()[0])
    d = state(g)
    assert d["winner"] == g.seat_of("eyrie") and g.scores == (29, 30, 0)
    assert d["warriors"][4] == 0 and d["buildings"][0][4] == 0      # the Marquise took her hits
    assert d["birds"][4] == 2 and d["roosts"][4] == 1               # the game ended before hers


@three_seats
def test_turmoil_purges_dominance_to_available_and_stops_at_zero_LoR_3_3_3_ruling_10_3():
    """LoR 3.3.3: a dominance card purged from the Eyrie's Decree in Turmoil becomes available,
    not discarded; ruling §10.3: humiliation (2 Viziers: -2 VP) stops the score at 0."""
    from eyrie_positions import eyrie_day, eyrie_started
    g = eyrie_started(leader="despot", corner=3, keep=1)
    g = eyrie_day(g, leader="despot", decree=[("recruit", "R#bakesale"), ("recruit", "F#dominance")],
                  birds={3: 6}, roosts={3: 1})
    me = g.seat_of("eyrie")
    g = modify(g, lambda d: d["score"].__setitem__(me, 1))
    g.apply("w->3 [R]")
    g.apply("pass")                        # no fox roost: the fox dominance card cannot be done: Turmoil
    d = state(g)
    assert g.step == "eyrie_leader" and d["score"][me] == 0
    assert d["available"][DOMINANCE["fox"]] == 1 and d["discard"][DOMINANCE["fox"]] == 0
    assert d["discard"][cid("R#bakesale")] >= 1
    assert "available" in kinds(g)


@three_seats
def test_the_eyrie_daylight_offers_dominance_LoR_3_3_1_3_3_4():
    """LoR 3.3.1 / 3.3.4: the Eyrie's Daylight, like every faction's, offers taking an available
    dominance card and activating one with 10 VP; neither closes crafting."""
    from eyrie_positions import eyrie_day, eyrie_started
    g = eyrie_started(leader="despot", corner=3, keep=1)
    me = g.seat_of("eyrie")
    def fn(d):
        for tok in ("M#dominance", "B#dominance"):
            t = cid(tok)
            holder = next((s for s, h in enumerate(d["hand"]) if h[t]), None)
            if holder is not None:                 # dealt: back to the deck first
                d["hand"][holder][t] -= 1
                d["hand_size"][holder] -= 1
                d["deck"][t] += 1
                d["deck_size"] += 1
        d["score"][me] = 10
    g = eyrie_day(modify(g, fn), leader="despot", birds={3: 6}, roosts={3: 1})
    g = dominance_to(dominance_to(g, me, "B#dominance"), None, "M#dominance")
    g = give(g, me, "M#codebreakers")
    texts = legal(g)
    assert {"swap M#dominance M#codebreakers", "swap M#dominance B#dominance", "activate B#dominance"} <= texts
    act(g, "activate B#dominance")
    assert g.step == "eyrie_daylight" and state(g)["crafting_open"] == 1
    assert state(g)["play_area"][me][DOMINANCE["bird"]] == 1


def test_the_board_shows_the_available_dominance_cards_LoR_3_3_3():
    """LoR 3.3.3: the available dominance cards lie face up beside the map: the terminal board's
    status line names them (and says nothing of them when there are none)."""
    from wyrm_ai.model.textboard.boardview import board_text
    g = daylight(blank(), MARQUISE)
    assert "available" not in board_text(g, MARQUISE)
    g = dominance_to(g, None, "B#dominance")
    assert "available B#dominance" in board_text(g, WYRM)
