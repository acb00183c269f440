"""The Riverfolk Company in notation (issue 33; docs/notation.md, "Riverfolk Company"): every legal
action and chance outcome of random games seating the Riverfolk has one text that reads back as
itself for the seat to move, records replay from their text, the Riverfolk's forms are the
documented ones (Rootlog V2.8's where it has a form: `w->5`, `t_r+w->5`, `$_h->3`, `#->O`,
`#bankO->/w->$`, `B#armorersO->C`), and other factions name the Riverfolk's pieces with its letter O."""
from __future__ import annotations

import numpy as np
import pytest

from wyrm_ai import _core
from wyrm_ai.model import notation
from wyrm_ai.model.actions import KINDS, Action, decode, encode
from wyrm_ai.model.cards import card
from wyrm_ai.model.errors import IllegalActionError, NotationError
from wyrm_ai.model.factions import (ALLIANCE, EYRIE, LIZARDS, MARQUISE, RIVERFOLK, VAGABOND, WYRM, faction_id)
from wyrm_ai.model.game import Game

from mixes import RIVERFOLK_MIXES, mix_id, new_game, players_for

RIVERFOLK_KINDS = {"rf_recruit", "trade_post", "price", "rf_draw", "export", "fund", "buy_card", "riverboats",
                   "mercenaries", "service_item"}
# the Riverfolk's own steps and the services every other player buys at the start of its Birdsong
RIVERFOLK_STEPS = {"riverfolk_setup", "riverfolk_prices", "riverfolk_daylight", "riverfolk_fund", "trade_disruption",
                   "services", "service_items"}


def play(mix, seed: int, board: str = "autumn", visit=None, deck: str = "standard") -> Game:
    """A seeded random game of mix on board, visit(g) called at every position."""
    g = new_game(mix, seed % len(mix), seed, board=board, deck=deck)
    rng, players = np.random.default_rng(seed), players_for(mix, seed)
    while not g.is_terminal():
        if visit:
            visit(g)
        seat = g.current_player
        g.apply(g.sample_chance(rng) if seat == _core.CHANCE else players[seat].choose(g))
    return g


def options(g: Game) -> list[int]:
    return [a for a, _ in g.chance_outcomes()] if g.is_chance_node() else g.legal_actions()


@pytest.mark.parametrize("board", ("autumn", "lake"))
@pytest.mark.parametrize("mix", RIVERFOLK_MIXES, ids=mix_id)
def test_lor_11_every_legal_action_at_a_riverfolk_table_reads_back(mix, board):
    """LoR 11 (the Riverfolk's steps and every other seat's services, LoR 11.2.6): at every decision
    and chance event of a seeded random game, each legal action (each outcome) formats to a text,
    bare and as a record line, that parses back to it for the seat to move; the record replays from
    its text to the same state."""
    steps = set()

    def check(g):
        seat, table, where = g.current_player, g.faction_ids, g.board
        for a in options(g):
            text = notation.action_text(a, seat, table, where)
            assert notation.parse(text, seat, table, where) == a, (g.step, text, decode(a))
            assert notation.parse(notation.record_text(a, seat, table, where), seat, table, where) == a
        steps.add(g.step)

    g = play(mix, 3, board, check)
    texts = [line.split(": ", 1)[1] for line in g.record_lines()]
    again = Game(g.first, g.factions, **g.options)
    for text in texts:
        again.apply(text)
    assert again.state == g.state
    assert {"riverfolk_setup", "riverfolk_prices", "riverfolk_daylight"} <= steps, steps


def test_lor_11_every_riverfolk_kind_occurs_and_reads_back():
    """Over seeded games every action kind of the Riverfolk and of their buyers is met at its step
    (Hand Card, Riverboats, Mercenaries, a Vagabond's item paid: LoR 11.2.6-7; whose fund: C8;
    Trade Disruption: LoR 11.2.5.I) and each reads back."""
    kinds, at = set(), set()

    def check(g):
        for a in options(g):
            kind = decode(a).kind
            if kind in RIVERFOLK_KINDS:
                kinds.add(kind)
                at.add(g.step)
                text = notation.action_text(a, g.current_player, g.faction_ids, g.board)
                assert notation.parse(text, g.current_player, g.faction_ids, g.board) == a

    for seed in range(2):
        for mix in RIVERFOLK_MIXES[:3]:
            play(mix, seed, visit=check)
    assert kinds == RIVERFOLK_KINDS, RIVERFOLK_KINDS - kinds
    assert at <= RIVERFOLK_STEPS and {"services", "service_items", "trade_disruption", "riverfolk_fund"} <= at, at


ARMORERS, ANVIL, BANK = card("B#armorers").id, card("F#anvil").id, card("R#betterburrowbank").id
CRW = (MARQUISE, RIVERFOLK, WYRM)            # the Riverfolk at seat 1
VRW = (VAGABOND, RIVERFOLK, WYRM)
OLEW = (RIVERFOLK, LIZARDS, EYRIE, WYRM)     # the Riverfolk at seat 0
OTTER, POST = _core.PIECE_NAMES.index("otter"), _core.PIECE_NAMES.index("trade_post")


@pytest.mark.parametrize("text, seat, table, action", [
    ("w->5", 1, CRW, encode("rf_recruit", 4)),              # setup (LoR 11.3.2) and Recruit (11.5.5)
    ("w->11", 1, CRW, encode("rf_recruit", 10)),
    ("t_r+w->5", 1, CRW, encode("trade_post", 4)),          # Establish Trade Post, rabbit 5 (LoR 11.5.6)
    ("t_f+w->1", 1, CRW, encode("trade_post", 0)),          # ... fox 1
    ("t_m+w->2", 1, CRW, encode("trade_post", 1)),          # ... mouse 2
    ("$_h->3", 1, CRW, encode("price", 0, 2)),              # Rootlog's Set Prices (LoR 11.3.5, 11.6.2)
    ("$_r->1", 1, CRW, encode("price", 1, 0)),
    ("$_m->4", 1, CRW, encode("price", 2, 3)),
    ("#->O", 1, CRW, encode("rf_draw")),                    # Draw (LoR 11.5.4; Rootlog's `#->O`)
    ("F#anvilO->/w->$", 1, CRW, encode("export", ANVIL)),   # Export (LoR 11.5.3.I; the spec's `#bankO->/w->$`)
    ("R#betterburrowbankO->/w->$", 1, CRW, encode("export", BANK)),
    ("fund C", 1, CRW, encode("fund", 0)),                  # whose fund (C8; Trade Disruption LoR 11.2.5.I)
    ("fund O", 1, CRW, encode("fund", 1)),
    ("fund W", 1, CRW, encode("fund", 2)),
    ("ZF#anvil", 1, CRW, encode("craft", ANVIL)),           # craft with funds (LoR 11.2.1)
    ("2w1->5", 1, CRW, encode("move", 0, 4, 0, 2)),         # a move (Swimmers, LoR 11.2.2)
    ("XC5", 1, CRW, encode("battle", 4, 0)),
    ("w5->", 1, CRW, encode("remove", OTTER, 4)),           # a hit on an otter
    ("t_r5->", 1, CRW, encode("remove", POST, 4)),          # ... on the trade post in rabbit 5
    ("B#armorersO->C", 0, CRW, encode("buy_card", ARMORERS)),   # Hand Card (LoR 11.2.7.I): the Marquise buy
    ("F#anvilO->W", 2, CRW, encode("buy_card", ANVIL)),         # ... the Wyrm
    ("riverboats", 0, CRW, encode("riverboats")),           # LoR 11.2.7.II
    ("mercenaries", 2, CRW, encode("mercenaries")),         # LoR 11.2.7.III
    ("B#armorersO->V", 0, VRW, encode("buy_card", ARMORERS)),   # the Vagabond buy too
    ("pay %t", 0, VRW, encode("service_item", _core.VITEM_NAMES.index("tea"))),   # ... in items (LoR 11.2.6.III)
    ("pay %s", 0, VRW, encode("service_item", _core.VITEM_NAMES.index("sword"))),
    ("Ow5->", 0, CRW, encode("remove", OTTER, 4)),          # a buyer's hit on a mercenary (LoR 11.2.7.III.a)
    ("XO5", 0, CRW, encode("battle", 4, 1)),                # the Marquise battle the Riverfolk
    ("terror Ow5->1", 2, CRW, encode("terror", 4, 0, 1)),   # the Wyrm terrorizes an otter
    ("Ow5->/w->5", 1, OLEW, encode("convert", 4, 0)),       # the Cult convert an otter (LoR 10.4.3.II)
    ("strike Ow", 0, VRW, encode("strike", 1, OTTER)),      # the Vagabond strike an otter
    ("strike Ot", 0, VRW, encode("strike", 1, POST)),       # ... a trade post (its clearing is his)
])
def test_lor_11_the_riverfolks_forms(text, seat, table, action):
    """The documented forms (docs/notation.md, "Riverfolk Company") read as the action and are its
    text: Rootlog V2.8's forms (spec "Riverfolk Company", "Example Actions"), our words where Rootlog
    has no clause (Riverboats, Mercenaries, whose fund, a Vagabond's item paid)."""
    assert notation.parse(text, seat, table) == action
    assert notation.action_text(action, seat, table) == text


def test_lor_11_trade_posts_are_named_by_their_clearings_suit_on_any_map():
    """LoR 11.5.6.II: a trade post is the post of its clearing's suit (t_f, t_r, t_m, as Rootlog names
    them) on the board the game plays on: the Lake's suits are the game's own."""
    g = Game(0, ("marquise", "riverfolk", "wyrm"), map="lake",
             suits="R1, F2, M3, F4, R5, M6, F7, R8, M9, F10, R11, M12")
    for c in range(12):
        suit = "frm"[g.suits[c]]
        post = encode("trade_post", c)
        assert notation.action_text(post, 1, g.faction_ids, g.board) == f"t_{suit}+w->{c + 1}"
        assert notation.parse(f"t_{suit}+w->{c + 1}", 1, g.faction_ids, g.board) == post
        hit = encode("remove", POST, c)
        assert notation.parse(f"t_{suit}{c + 1}->", 1, g.faction_ids, g.board) == hit


@pytest.mark.parametrize("text, seat, table", [
    ("w->5", 2, CRW),                  # the Wyrm places no warrior so (its Intimidate is `1w->5`)
    ("$_h->5", 1, CRW),                # prices are 1-4 (LoR 11.3.5; Rootlog: New Price 1-4)
    ("$_h->0", 1, CRW),
    ("$_x->3", 1, CRW),                # no such service
    ("t_f+w->5", 1, CRW),              # 5 is a rabbit clearing: its post is t_r
    ("t_r->5", 1, CRW),                # the garrison is part of the action's text
    ("fund E", 1, CRW),                # no Eyrie at this table
    ("fund C", 0, CRW),                # whose fund is the Riverfolk's choice
    ("#->O", 0, CRW),                  # only the Riverfolk draw so
    ("B#armorersO->O", 1, CRW),        # the Riverfolk buy nothing of themselves
    ("B#armorersO->W", 0, CRW),        # a Hand Card goes to the buyer (the seat to move)
    ("mercenaries", 1, CRW),           # ... nor their own mercenaries
    ("mercenaries", 0, VRW),           # never the Vagabond (LoR 11.2.7.III.b)
    ("pay %t", 0, CRW),                # only the Vagabond pays in items
    ("Ow5->", 1, CRW),                 # the Riverfolk's own warrior carries no letter
    ("Ot_r5->", 1, CRW),
    ("export F#anvil", 1, CRW),        # Export is the spec's form
])
def test_malformed_riverfolk_text_is_a_notation_error_naming_the_text(text, seat, table):
    """Bad input: a NotationError that quotes the text; never a wrong action."""
    with pytest.raises(NotationError) as e:
        notation.parse(text, seat, table)
    assert text in str(e.value)


def test_a_record_line_names_the_riverfolk_with_o():
    """Rootlog V2.8's letter for the Riverfolk Company is O; a record line of theirs carries it and
    another seat's letter is refused."""
    a = encode("price", 1, 1)
    assert notation.record_text(a, 1, CRW) == "O: $_r->2"
    assert notation.parse("O: $_r->2", 1, CRW) == a
    with pytest.raises(IllegalActionError):
        notation.parse("C: $_r->2", 1, CRW)
    assert notation.record_text(encode("riverboats"), 0, CRW) == "C: riverboats"


def test_every_riverfolk_action_number_decodes_and_encodes_back():
    """actions.decode/encode are inverse over the Riverfolk's kinds; a price is (service, price - 1),
    the service order Hand Card, Riverboats, Mercenaries (LoR 11.2.7)."""
    for kind in RIVERFOLK_KINDS:
        start, size = KINDS[kind]
        for a in range(start, start + size):
            d = decode(a)
            assert d.kind == kind and encode(kind, *d.args) == a
    assert decode(encode("price", 2, 3)).args == (2, 3)
    assert decode(encode("riverboats")).args == () and decode(encode("rf_draw")).args == ()
    assert decode(encode("fund", 5)).args == (5,)


def test_masked_riverfolk_cards_read_as_hidden():
    """A card the viewer may not know is written #? (never one of the Riverfolk's public hand,
    LoR 11.2.3, but the forms still take one)."""
    assert notation.action_text(Action("export", (None,)), 1, CRW) == "#?O->/w->$"
    assert notation.action_text(Action("buy_card", (None,)), 0, CRW) == "#?O->C"


def test_the_riverfolk_in_the_factions_table():
    """LoR 11: faction id 8, name riverfolk, Rootlog letter O."""
    assert faction_id("riverfolk") == RIVERFOLK == 8
    assert notation.faction_letter(RIVERFOLK) == "O"
    assert notation.PIECES[RIVERFOLK] == {"otter": "w", "trade_post": "t"}
    assert ALLIANCE in notation._FACTION_KINDS and "buy_card" in notation._FACTION_KINDS[ALLIANCE]
