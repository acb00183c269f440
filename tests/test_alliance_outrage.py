"""Outrage (root-factions.md §3.3, LoR 8.2.6; ruling §10.8; W-MP-2, W-MP-3; §7 traps 2, 3)
and what each seat knows after a payment (§5.1)."""
from __future__ import annotations

from wyrm_ai import _core
from wyrm_ai.model.cards import card

from alliance_positions import (alliance_day, alliance_started, board, hand_of, st, stack,
                                texts, turn_of)
from positions import modify

from wyrm_ai.model.cards import CARDS as _ALL_CARDS
NCT = len(_ALL_CARDS)   # card types of both decks (the standard deck and E&P)

CAT, ALLY, WYRM = 0, 1, 2          # alliance_started seats Marquise, Alliance, Wyrm in that order


def _cat_day(**pieces):
    """The Marquise at her Daylight (3 actions), pieces set by board()."""
    g = turn_of(board(alliance_started(), **pieces), CAT)
    assert g.step == "marquise_daylight"
    return g


def _id(tok):
    return card(tok).id


def _asked(g, seat, tok):
    """Issue 29 item 5: a payer whose hand could hold a matching card as far as the others know
    is asked, even with a single matching kind (being asked tells no more than the rule, that it
    holds one: LoR 8.2.6); it pays tok, its only choice."""
    assert g.step == "outrage" and g.current_player == seat
    assert texts(g) == {f"{tok}->A$"}
    g.apply(f"{tok}->A$")


def test_lor_8_2_6_mover_into_sympathy_pays_a_matching_card_of_its_choice():
    """LoR 8.2.6 (§3.3): the Marquise moving warriors into sympathetic rabbit 5 moves one card
    matching the clearing (a bird acceptable) from her hand onto the stack, choosing which; a
    fox card is no payment. The game then goes on with her march."""
    g = _cat_day(warriors={1: 3}, sympathy=[5], hands={CAT: ["F#ambush", "B#ambush", "R#cobbler"]})
    g.apply("3w1->5")
    assert g.step == "outrage" and g.current_player == CAT
    assert texts(g) == {"B#ambush->A$", "R#cobbler->A$"}
    g.apply("R#cobbler->A$")
    assert stack(g) == ["R#cobbler"]
    assert hand_of(g, CAT) == ["B#ambush", "F#ambush"]
    assert g.step == "marquise_march"


def test_ruling_10_8_one_card_per_sympathetic_clearing_entered():
    """Ruling §10.8: one card for each sympathetic clearing entered -- three warriors into 5 cost
    one card, the march's second move on into sympathetic mouse 2 another (only the bird
    matches: asked with that one card, issue 29 item 5)."""
    g = _cat_day(warriors={1: 3}, sympathy=[5, 2], hands={CAT: ["F#ambush", "B#ambush", "R#cobbler"]})
    g.apply("3w1->5")
    g.apply("R#cobbler->A$")
    g.apply("3w5->2")
    _asked(g, CAT, "B#ambush")
    assert st(g)["supporters_size"] == 2 and stack(g) == ["B#ambush", "R#cobbler"]
    assert hand_of(g, CAT) == ["F#ambush"]
    assert st(g)["outrage"] == [[0, 0, 0]] * 3


def test_lor_8_2_6_no_outrage_for_placing_pieces():
    """§3.3 (FAQ): placing pieces in a sympathetic clearing is no trigger -- the Marquise
    recruiting at her recruiter in sympathetic 5 pays nothing."""
    g = _cat_day(buildings={5: (0, 0, 1)}, sympathy=[5], hands={CAT: ["R#cobbler"]})
    g.apply("recruit")
    d = st(g)
    assert d["warriors"][4] == 1
    assert d["supporters_size"] == 0 and hand_of(g, CAT) == ["R#cobbler"]


def test_trap_2_no_matching_card_hand_shown_and_a_blind_deck_draw():
    """LoR 8.2.6 / §7 trap 2: a payer with no matching card (birds included) shows its whole hand
    to the Alliance -- known[alliance][payer] equals the hand -- and the Alliance draw the top
    deck card (a chance event over the deck only), never a card from the payer's hand; the payer
    did not see that card."""
    g = _cat_day(warriors={1: 2}, sympathy=[5], hands={CAT: ["F#ambush", "M#sword"]},
                 deck_only=["R#roottea", "F#anvil"])
    g.apply("2w1->5")
    assert g.step == "supporter_draw" and g.is_chance_node()
    d = st(g)
    assert d["known"][ALLY][CAT] == d["hand"][CAT]
    assert sorted(texts(g)) == ["draw F#anvil", "draw R#roottea"]
    g.apply("draw F#anvil")
    d = st(g)
    assert stack(g) == ["F#anvil"] and hand_of(g, CAT) == ["F#ambush", "M#sword"]
    assert d["known_sup"][CAT] == [0] * NCT
    assert g.step == "marquise_march" and g.current_player == CAT


def test_lor_8_2_6_removing_a_token_in_battle_the_remover_pays():
    """LoR 8.2.6: the Marquise's hits remove the token in rabbit 5: she scores 1 VP, pays one card,
    and the Alliance lose no VP (§7 trap 1)."""
    g = _cat_day(warriors={5: 2}, sympathy=[5], hands={CAT: ["R#cobbler"]}, score=[0, 3, 0])
    g.apply("XA5")
    g.apply("roll 1,1")                  # she deals the low 1, +1 the defenseless Alliance
    _asked(g, CAT, "R#cobbler")
    d = st(g)
    assert d["sympathy"][4] == 0 and d["sympathy_supply"] == 10
    assert d["score"] == [1, 3, 0]
    assert stack(g) == ["R#cobbler"] and hand_of(g, CAT) == []


def test_lor_8_2_6_off_turn_a_defenders_hits_removing_sympathy():
    """§3.3: payment happens in the middle of another's turn -- the Alliance attack the Marquise
    in sympathetic 5; her two hits remove their warrior, then the token, and she picks her card
    (step outrage, her decision during the Alliance's Evening)."""
    g = board(alliance_started(), rebels={5: 1}, warriors={5: 2}, sympathy=[5], officers=1,
              hands={CAT: ["R#cobbler", "B#ambush"]})
    g = alliance_day(g)
    g.apply("pass")
    g.apply("XC5")
    g.apply("pass")                      # no ambush
    g.apply("roll 2,2")
    assert g.step == "field_hospitals"   # the Alliance's one hit took a warrior of hers
    g.apply("pass")
    assert g.step == "outrage" and g.current_player == CAT and st(g)["turn"] == ALLY
    g.apply("B#ambush->A$")
    d = st(g)
    assert stack(g) == ["B#ambush"] and d["sympathy"][4] == 0 and d["rebels"][4] == 0
    assert d["known_sup"][CAT][_id("B#ambush")] == 1
    assert g.state.turn == ALLY and g.current_player == ALLY


def test_ruling_10_8_a_favor_costs_one_card_per_token_removed():
    """§1.12 / ruling §10.8: the Marquise's Favor of the Foxes removes the tokens in fox 6 and 8:
    she scores 1 VP each and owes two cards, choosing each."""
    g = _cat_day(buildings={6: (0, 1, 0), 8: (0, 1, 0), 12: (0, 1, 0)}, sympathy=[6, 8, 5],
                 hands={CAT: ["F#favorofthefoxes", "F#ambush", "B#ambush", "F#anvil"]})
    g.apply("ZF#favorofthefoxes")
    assert g.step == "outrage" and texts(g) == {"F#ambush->A$", "B#ambush->A$", "F#anvil->A$"}
    g.apply("F#anvil->A$")
    assert g.step == "outrage"
    g.apply("B#ambush->A$")
    d = st(g)
    assert d["sympathy"] == [0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0]
    assert d["score"][CAT] == 2 and d["score"][ALLY] == 0
    assert stack(g) == ["B#ambush", "F#anvil"] and hand_of(g, CAT) == ["F#ambush"]
    assert g.step == "marquise_daylight"


def _wyrm_day(**pieces):
    g = turn_of(board(alliance_started(), **pieces), WYRM)
    assert g.step == "wyrm_daylight"
    return g


def test_w_mp_2_the_pawn_alone_into_sympathy_triggers_no_outrage():
    """W-MP-2, §7 trap 3: the Wyrm pawn is no warrior -- moving it alone into sympathetic fox 6
    costs nothing; moving it with a wyrmling costs one card."""
    g = _wyrm_day(pawn=3, wyrmlings={3: 1}, sympathy=[6], hands={WYRM: ["F#ambush"]})
    alone = g.clone()
    alone.apply("p3->6")
    assert st(alone)["supporters_size"] == 0 and hand_of(alone, WYRM) == ["F#ambush"]
    assert alone.step == "wyrm_daylight"
    g.apply("(p+w)3->6")
    _asked(g, WYRM, "F#ambush")
    assert stack(g) == ["F#ambush"] and hand_of(g, WYRM) == []


def test_w_mp_3_terrorize_the_wyrm_pays_for_a_marquise_warrior():
    """W-MP-3: Terrorize moving a Marquise warrior into sympathetic fox 6 makes the Wyrm the
    mover: the Wyrm pays, the Marquise keep their hand."""
    g = _wyrm_day(pawn=3, fear={3: 2}, warriors={3: 1}, sympathy=[6],
                  hands={WYRM: ["F#ambush"], CAT: ["F#anvil"]})
    g.apply("terror Cw3->6")
    _asked(g, WYRM, "F#ambush")
    assert st(g)["warriors"][5] == 1
    assert stack(g) == ["F#ambush"] and hand_of(g, WYRM) == [] and hand_of(g, CAT) == ["F#anvil"]
    assert st(g)["known_sup"][WYRM][_id("F#ambush")] == 1


def test_lor_8_2_6_the_alliance_never_owe_themselves_outrage():
    """LoR 8.2.6: only a player other than the Alliance pays -- their own move into their own
    sympathy (an Evening operation) costs nothing."""
    g = board(alliance_started(), rebels={3: 1}, sympathy=[6], officers=1, pawn=9,
              hands={ALLY: ["F#ambush"]})
    g = alliance_day(g)
    g.apply("pass")
    g.apply("w3->6")
    d = st(g)
    assert d["rebels"][5] == 1 and d["supporters_size"] == 0 and d["outrage"] == [[0, 0, 0]] * 3


def test_lor_8_2_3_i_outrage_beyond_the_cap_is_discarded_dominance_becomes_available():
    """§3.3 / LoR 8.2.3.I: with no base and 5 supporters the paid card is discarded instead; a
    dominance card becomes available (LoR 3.3.3)."""
    five = ["F#ambush", "F#anvil", "F#roottea", "B#ambush", "M#sword"]
    g = _cat_day(warriors={1: 1}, sympathy=[5], stack=five, hands={CAT: ["R#dominance"]})
    g.apply("w1->5")
    _asked(g, CAT, "R#dominance")
    d = st(g)
    assert d["supporters_size"] == 5 and stack(g) == sorted(five)
    assert d["hand_size"][CAT] == 0 and d["available"][_id("R#dominance")] == 1


def test_s5_1_after_payment_payer_and_alliance_know_third_seat_forgets():
    """§5.1: a card paid through Outrage is known to the payer (known_sup) and the Alliance; a
    third seat that knew the payer's hand can no longer tell which card went and forgets it."""
    g = _cat_day(warriors={1: 1}, sympathy=[5], hands={CAT: ["R#cobbler", "B#ambush"]})
    cob = _id("R#cobbler")

    def knows(d):
        d["known"][WYRM][CAT][cob] = 1
        d["known"][WYRM][CAT][_id("B#ambush")] = 1
        d["known"][ALLY][CAT][cob] = 1
    g = modify(g, knows)
    g.apply("w1->5")
    g.apply("R#cobbler->A$")
    d = st(g)
    assert d["known_sup"][CAT][cob] == 1
    assert d["known_sup"][WYRM] == [0] * NCT and d["known_sup"][ALLY] == [0] * NCT
    assert d["known"][WYRM][CAT] == [0] * NCT
    assert d["known"][ALLY][CAT][cob] == 0


def test_s5_1_stack_size_public_contents_redealt_known_cards_kept():
    """§5.1: the stack's size is public, its contents hidden: a determinization for the Marquise
    keeps the card she paid in the stack and redeals the rest (same size); for the Alliance the
    stack is what it is."""
    g = _cat_day(warriors={1: 1}, sympathy=[5], stack=["F#anvil", "M#sword", "B#armorers"],
                 hands={CAT: ["R#cobbler", "B#ambush"]})
    g.apply("w1->5")
    g.apply("R#cobbler->A$")
    real = st(g)["supporters"]
    differs = False
    for seed in range(20):
        mine = _core.determinized(g.state, CAT, seed).to_dict()
        assert mine["supporters_size"] == 4 and sum(mine["supporters"]) == 4
        assert mine["supporters"][_id("R#cobbler")] >= 1
        differs |= mine["supporters"] != real
        ally = _core.determinized(g.state, ALLY, seed).to_dict()
        assert ally["supporters"] == real
        wyrm = _core.determinized(g.state, WYRM, seed).to_dict()
        assert sum(wyrm["supporters"]) == 4
    assert differs


def test_ruling_10_8_two_tokens_no_match_two_blind_draws():
    """Ruling §10.8 with §7 trap 2: a Favor removing two tokens from a crafter with no matching
    card left costs two blind deck draws onto the stack (each a chance event)."""
    g = _cat_day(buildings={6: (0, 1, 0), 8: (0, 1, 0), 12: (0, 1, 0)}, sympathy=[6, 8],
                 hands={CAT: ["F#favorofthefoxes", "M#sword"]}, deck_only=["R#roottea", "R#bakesale"])
    g.apply("ZF#favorofthefoxes")
    assert g.step == "supporter_draw"
    g.apply("draw R#roottea")
    assert g.step == "supporter_draw" and texts(g) == {"draw R#bakesale"}
    g.apply("draw R#bakesale")
    assert stack(g) == ["R#bakesale", "R#roottea"] and hand_of(g, CAT) == ["M#sword"]
    assert st(g)["known"][ALLY][CAT][_id("M#sword")] == 1
    assert g.step == "marquise_daylight"


def test_lor_8_2_6_an_ambush_removing_the_token_costs_the_ambusher_off_turn():
    """LoR 8.2.6 with LoR 4.3.1: the Marquise's ambush hits take the attacking Alliance's warrior
    and then their token; she scores it and owes Outrage on the Alliance's turn (no rabbit card
    left: her hand is shown and the Alliance draw blind)."""
    g = alliance_day(board(alliance_started(), warriors={5: 2}, rebels={5: 1}, sympathy=[5],
                           officers=1, pawn=9, hands={CAT: ["R#ambush", "M#sword"]},
                           deck_only=["F#anvil"]))
    g.apply("pass")
    g.apply("XC5")
    g.apply("R#ambush@")
    d = st(g)
    assert d["rebels"][4] == 0 and d["sympathy"][4] == 0 and d["score"][CAT] == 1
    assert g.step == "supporter_draw" and d["known"][ALLY][CAT] == d["hand"][CAT]
    g.apply("draw F#anvil")
    assert stack(g) == ["F#anvil"] and g.step == "alliance_evening"


def test_lor_8_2_6_outrage_is_paid_as_the_token_falls_before_field_hospitals():
    """LoR 8.2.6 with LoR 4.3.4 [reading]: in the Marquise's battle the defending Alliance remove
    pieces first -- their token, so her Outrage is due before the Alliance's hit takes her
    warrior. Her one rabbit card pays the Outrage; Field Hospitals then has no card to spend, so
    it is not offered (no decision with nothing to decide) and the battle ends."""
    g = turn_of(board(alliance_started(), warriors={5: 2}, rebels={5: 1}, sympathy=[5],
                      hands={CAT: ["R#cobbler"]}), CAT)
    g.apply("XA5")
    g.apply("roll 2,2")
    _asked(g, CAT, "R#cobbler")
    d = st(g)
    assert stack(g) == ["R#cobbler"] and d["hand_size"][CAT] == 0
    assert d["warriors"][4] == 1 and d["warriors"][0] == 0 and d["warrior_supply"] == 24
    assert g.step == "marquise_daylight" and g.current_player == CAT


def test_lor_8_2_6_with_two_rabbit_cards_she_pays_one_and_may_save_with_the_other():
    """As above with two rabbit cards: she picks the Outrage card first, then Field Hospitals
    is offered with the other."""
    g = turn_of(board(alliance_started(), warriors={5: 2}, rebels={5: 1}, sympathy=[5],
                      hands={CAT: ["R#cobbler", "R#bakesale"]}), CAT)
    g.apply("XA5")
    g.apply("roll 2,2")
    assert g.step == "outrage" and texts(g) == {"R#cobbler->A$", "R#bakesale->A$"}
    g.apply("R#cobbler->A$")
    assert g.step == "field_hospitals" and texts(g) == {"pass", "hospital R#bakesale"}
    g.apply("hospital R#bakesale")
    assert st(g)["warriors"][0] == 1 and g.step == "marquise_daylight"


def test_lor_8_2_6_an_eyrie_decree_move_into_sympathy_costs_the_eyrie():
    """LoR 8.2.6: any other faction moving warriors into sympathy pays -- the Eyrie resolving a
    Move card into sympathetic fox 6 choose their card (a fox or a bird)."""
    from eyrie_positions import eyrie_day, eyrie_started
    g = eyrie_started(factions=("eyrie", "alliance", "wyrm"), first="eyrie")
    g = board(g, birds={3: 2}, roosts={9: 1}, sympathy=[6], pawn=12,
              hands={0: ["F#ambush", "B#ambush", "M#sword"]})
    g = eyrie_day(g, decree=[("move", "R#cobbler")])
    g.apply("2w3->6 [R]")
    assert g.step == "outrage" and g.current_player == 0
    assert texts(g) == {"F#ambush->A$", "B#ambush->A$"}
    g.apply("B#ambush->A$")
    assert stack(g) == ["B#ambush"] and g.step == "eyrie_daylight"


def test_w_mp_3_terrorizing_an_alliance_warrior_into_their_own_sympathy_costs_the_wyrm():
    """W-MP-3: the Wyrm is the mover even of an Alliance warrior -- Terrorize moving it into
    sympathetic fox 6 costs the Wyrm a card."""
    g = _wyrm_day(pawn=3, fear={3: 2}, rebels={3: 1}, sympathy=[6], hands={WYRM: ["B#ambush"]})
    g.apply("terror Aw3->6")
    _asked(g, WYRM, "B#ambush")
    assert st(g)["rebels"][5] == 1
    assert stack(g) == ["B#ambush"] and hand_of(g, WYRM) == []
