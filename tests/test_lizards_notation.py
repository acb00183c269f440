"""The Lizard Cult in notation (issue 33; docs/notation.md, "Lizard Cult"): every legal action and
chance outcome of random games seating the Cult has one text that reads back as itself for the seat
to move, records replay from their text, the Cult's forms are the documented ones (Rootlog V2.8's
where it has a form), and other factions name the Cult's pieces with its letter L."""
from __future__ import annotations

import numpy as np
import pytest

from wyrm_ai import _core
from wyrm_ai.model import notation
from wyrm_ai.model.actions import KINDS, decode, encode
from wyrm_ai.model.cards import card
from wyrm_ai.model.errors import IllegalActionError, NotationError
from wyrm_ai.model.factions import ALLIANCE, EYRIE, LIZARDS, MARQUISE, VAGABOND, WYRM, faction_id
from wyrm_ai.model.game import Game

from mixes import new_game, players_for

# tables seating the Cult: beside each other faction, at 2 to 6 seats, on Autumn and the Lake
LIZARD_TABLES = (
    ("marquise", "lizards", "wyrm"),
    ("lizards", "alliance"),
    ("eyrie", "lizards", "alliance", "wyrm"),
    ("lizards", "vagabond", "mechanical-marquise"),
    ("marquise", "eyrie", "alliance", "vagabond", "lizards", "wyrm"),
)
LIZARD_KINDS = {"lz_corner", "outcast", "convert", "sanctify", "lz_build", "lz_recruit", "lz_score", "sacrifice",
                "faithful"}


def table_id(mix) -> str:
    return "".join(notation.faction_letter(faction_id(f)) for f in mix)


def play(mix, seed: int, board: str = "autumn", visit=None) -> Game:
    """A seeded random game of mix on board, visit(g) called at every position."""
    g = new_game(mix, seed % len(mix), seed, board=board)
    rng, players = np.random.default_rng(seed), players_for(mix, seed)
    while not g.is_terminal():
        if visit:
            visit(g)
        seat = g.current_player
        g.apply(g.sample_chance(rng) if seat == _core.CHANCE else players[seat].choose(g))
    return g


@pytest.mark.parametrize("board", ("autumn", "lake"))
@pytest.mark.parametrize("mix", LIZARD_TABLES, ids=table_id)
def test_lor_10_every_legal_action_at_a_cult_table_reads_back(mix, board):
    """LoR 10: at every decision and chance event of seeded random games, each legal action (each
    outcome) formats to a text, bare and as a record line, that parses back to it for the seat to
    move; the record replays from its text to the same state."""
    kinds = set()

    def check(g):
        seat, table, where = g.current_player, g.faction_ids, g.board
        options = [a for a, _ in g.chance_outcomes()] if g.is_chance_node() else g.legal_actions()
        for a in options:
            text = notation.action_text(a, seat, table, where)
            assert notation.parse(text, seat, table, where) == a, (g.step, text, decode(a))
            assert notation.parse(notation.record_text(a, seat, table, where), seat, table, where) == a
            kinds.add(decode(a).kind)

    g = play(mix, 3, board, check)
    texts = [line.split(": ", 1)[1] for line in g.record_lines()]
    again = Game(g.first, g.factions, **g.options)
    for text in texts:
        again.apply(text)
    assert again.state == g.state
    assert {"outcast", "lz_recruit"} <= kinds, kinds


def test_lor_10_every_cult_kind_occurs_and_reads_back():
    """Over seeded games every action kind of the Cult (and Fear of the Faithful's chance) is met."""
    kinds = set()

    def check(g):
        options = [a for a, _ in g.chance_outcomes()] if g.is_chance_node() else g.legal_actions()
        kinds.update(decode(a).kind for a in options)

    for seed in range(3):
        play(("marquise", "lizards", "wyrm"), seed, visit=check)
        play(("eyrie", "lizards", "alliance", "wyrm"), seed, visit=check)
        play(("lizards", "alliance"), seed, visit=check)          # no start taken: the Cult choose a corner
    assert LIZARD_KINDS <= kinds, LIZARD_KINDS - kinds


ANVIL, ARMORERS, ROOTTEA = card("F#anvil").id, card("B#armorers").id, card("M#roottea").id
RABBIT = card("R#smugglerstrail").id
CLW = (MARQUISE, LIZARDS, WYRM)            # the Cult at seat 1
ELAW = (EYRIE, LIZARDS, ALLIANCE, WYRM)


@pytest.mark.parametrize("text, seat, table, action", [
    ("4w+b_f->1", 1, CLW, encode("lz_corner", 0)),              # setup: 4 warriors and a fox garden in 1
    ("4w+b_r->3", 1, CLW, encode("lz_corner", 2)),              # ... a rabbit corner (Autumn's 3)
    ("$_o->M", 1, CLW, encode("outcast", 2)),                   # Rootlog: set the Outcast
    ("$_o->F", 1, CLW, encode("outcast", 0)),
    ("Cw5->/w->5", 1, CLW, encode("convert", 4, 0)),           # Convert a Marquise warrior in 5
    ("Ww9->/w->9", 1, CLW, encode("convert", 8, 2)),           # ... a wyrmling (W-MP-19)
    ("Cb_s6->/b_f->6", 1, CLW, encode("sanctify", 5, 0, 0)),   # Sanctify a sawmill in fox 6
    ("Cb_r9->/b_m->9", 1, CLW, encode("sanctify", 8, 0, 2)),   # ... a recruiter in mouse 9
    ("Eb2->/b_m->2", 1, ELAW, encode("sanctify", 1, 0, 0)),    # ... an Eyrie roost
    ("Ab_f1->/b_f->1", 1, ELAW, encode("sanctify", 0, 2, 0)),  # ... the Alliance's fox base
    ("F#anvil^/b_f->1", 1, CLW, encode("lz_build", 0, ANVIL)),    # Build: reveal, a fox garden in 1
    ("F#anvil^/w->8", 1, CLW, encode("lz_recruit", 7, ANVIL)),    # Recruit: reveal, a warrior in fox 8
    ("M#roottea^/w->2", 1, CLW, encode("lz_recruit", 1, ROOTTEA)),
    ("score F#anvil", 1, CLW, encode("lz_score", ANVIL)),          # Score: spend the card
    ("B#armorers^/w->$", 1, CLW, encode("sacrifice", ARMORERS)),   # Sacrifice: a warrior to the Acolytes
    ("faithful F#anvil", -1, CLW, encode("faithful", ANVIL)),     # chance: Fear of the Faithful's card
    ("w5->", 1, CLW, encode("remove", _core.PIECE_NAMES.index("lizard"), 4)),   # a hit on the Cult's warrior
    ("b_r5->", 1, CLW, encode("remove", _core.PIECE_NAMES.index("garden"), 4)),  # ... its garden in rabbit 5
    ("XC5", 1, CLW, encode("battle", 4, 0)),                    # a battle (a Crusade at the conspiracies)
    ("2w1->5", 1, CLW, encode("move", 0, 4, 0, 2)),            # a move (a Crusade's at the conspiracies)
    ("XL5", 0, CLW, encode("battle", 4, 1)),                    # the Marquise battle the Cult
    ("terror Lw5->1", 2, CLW, encode("terror", 4, 0, 1)),      # the Wyrm terrorizes a Cult warrior
    ("strike Lw", 1, (MARQUISE, VAGABOND, LIZARDS), encode("strike", 2, _core.PIECE_NAMES.index("lizard"))),
    ("strike Lb", 1, (MARQUISE, VAGABOND, LIZARDS), encode("strike", 2, _core.PIECE_NAMES.index("garden"))),
])
def test_lor_10_the_cults_forms(text, seat, table, action):
    """The documented forms (docs/notation.md, "Lizard Cult") read as the action and are its text."""
    assert notation.parse(text, seat, table) == action
    assert notation.action_text(action, seat, table) == text


def test_lor_10_gardens_are_named_by_their_clearings_suit_on_any_map():
    """A garden is the piece of its clearing's suit (b_f, b_r, b_m) on the board the game plays on:
    the Lake's suits are the game's own."""
    g = Game(0, ("marquise", "lizards", "wyrm"), map="lake", suits="R1, F2, M3, F4, R5, M6, F7, R8, M9, F10, R11, M12")
    garden = _core.PIECE_NAMES.index("garden")
    for c in range(12):
        suit = "frm"[g.suits[c]]
        a = encode("remove", garden, c)
        assert notation.action_text(a, 1, g.faction_ids, g.board) == f"b_{suit}{c + 1}->"
        assert notation.parse(f"b_{suit}{c + 1}->", 1, g.faction_ids, g.board) == a
        corner = encode("lz_corner", c)
        assert notation.parse(f"4w+b_{suit}->{c + 1}", 1, g.faction_ids, g.board) == corner


@pytest.mark.parametrize("text, seat, table", [
    ("4w+b_f->1", 0, CLW),             # the Marquise has no Cult setup
    ("$_o->B", 1, CLW),                # birds are never the Outcast (three suits)
    ("Lw5->/w->5", 1, CLW),            # the Cult convert no warrior of their own
    ("Vw5->/w->5", 1, (MARQUISE, LIZARDS, VAGABOND)),   # the Vagabond has no warriors
    ("Ab_f5->/b_f->5", 1, CLW),        # no Alliance at this table
    ("Cb_s5->/b_f->5", 1, CLW),        # 5 is a rabbit clearing: the garden would be rabbit
    ("R#smugglerstrail^/b_f->1", 1, CLW),   # a rabbit card builds in a rabbit clearing only
    ("B#armorers^/w->1", 1, CLW),      # Hatred of Birds: no bird for a Recruit (LoR 10.2.2)
    ("score B#armorers", 1, CLW),      # ... nor a Score
    ("F#anvil^/w->$", 1, CLW),         # a Sacrifice needs a bird
    ("faithful F#anvil", 1, CLW),      # Fear of the Faithful's card is chance's
    ("Lb_f1->", 1, CLW),               # the Cult's own garden carries no letter
    ("b_r1->", 1, CLW),                # 1 is a fox clearing: its garden is b_f
    ("score", 1, CLW),                 # a Score names its card
])
def test_malformed_cult_text_is_a_notation_error_naming_the_text(text, seat, table):
    """Bad input: a NotationError that quotes the text; never a wrong action."""
    with pytest.raises(NotationError) as e:
        notation.parse(text, seat, table)
    assert text in str(e.value)


def test_a_record_line_names_the_cult_with_l():
    """A record line of the Cult's carries its letter L; another seat's letter is refused."""
    a = encode("outcast", 1)
    assert notation.record_text(a, 1, CLW) == "L: $_o->R"
    assert notation.parse("L: $_o->R", 1, CLW) == a
    with pytest.raises(IllegalActionError):
        notation.parse("C: $_o->R", 1, CLW)


def test_every_cult_action_number_decodes_and_encodes_back():
    """actions.decode/encode are inverse over the Cult's kinds (their arguments: clearing and seat;
    clearing, seat and building kind; clearing and card)."""
    for kind in LIZARD_KINDS:
        start, size = KINDS[kind]
        for a in range(start, start + size):
            d = decode(a)
            assert d.kind == kind and encode(kind, *d.args) == a
    assert decode(encode("sanctify", 11, 5, 2)).args == (11, 5, 2)
    assert decode(encode("lz_build", 3, ANVIL)).args == (3, ANVIL)


def test_masked_ritual_cards_read_as_hidden():
    """A ritual's card the viewer may not know (an alternative the AI weighed) is written #?."""
    from wyrm_ai.model.actions import Action
    assert notation.action_text(Action("lz_build", (0, None)), 1, CLW) == "#?^/b_f->1"
    assert notation.action_text(Action("lz_score", (None,)), 1, CLW) == "score #?"
    assert notation.action_text(Action("sacrifice", (None,)), 1, CLW) == "#?^/w->$"
    assert notation.action_text(Action("faithful", (None,)), -1, CLW) == "faithful #?"
