"""The Corvid Conspiracy in notation (issue 34 item 4; docs/notation.md, "Corvid Conspiracy";
docs/duchy-corvids.md §5-6): every legal action and chance outcome of random games seating the
Corvids has one text that reads back as itself for the seat to move, records replay from their text,
the Corvids' forms are the documented ones (Rootlog V2.8's where it has a form: setup `w->3`, a plot
by its token `t_b->3`, Trick `t3<->t7`, the face-down plot Exposed `?Pt3`; ours where it has none:
the flip `t3^`, `recruit F#anvil`, `recruit B#armorers R`, `guess F#anvil t_e`), a plot whose type the
viewer may not know is `t->3` and a masked card `#?`, neither read back, and other factions name the
Corvids' pieces with their letter P."""
from __future__ import annotations

import pytest

from test_duchy_notation import mid, options, play, reads_back
from wyrm_ai import _core
from wyrm_ai.model import notation
from wyrm_ai.model.actions import KINDS, Action, decode, encode
from wyrm_ai.model.cards import CARDS, card
from wyrm_ai.model.errors import NotationError
from wyrm_ai.model.factions import CORVIDS, LIZARDS, MARQUISE, VAGABOND, WYRM

# tables seating the Corvids: with the Marquise and the Wyrm, at two seats with the Wyrm, beside the
# Eyrie, the Alliance and the Vagabond, and with the other Underworld and Riverfolk factions
CORVID_MIXES = (("corvids", "marquise", "wyrm"), ("corvids", "wyrm"), ("eyrie", "corvids", "alliance", "vagabond"),
                ("corvids", "duchy", "riverfolk", "lizards"))
CORVID_KINDS = {"cv_setup", "flip", "cv_recruit", "plot", "trick", "expose", "guess"}
CORVID_STEPS = {"corvids_setup", "corvids_birdsong", "corvids_daylight", "corvids_evening", "exposure", "extortion"}
PCW = (CORVIDS, MARQUISE, WYRM)
ANVIL, ARMORERS = card("F#anvil").id, card("B#armorers").id
CORVID, PLOT = (_core.PIECE_NAMES.index(p) for p in ("corvid", "plot"))
BOMB, SNARE, EXTORTION, RAID = range(4)
FOX, RABBIT, MOUSE = range(3)


@pytest.mark.parametrize("board", ("autumn", "lake"))
@pytest.mark.parametrize("mix", CORVID_MIXES, ids=mid)
def test_lor_13_every_legal_action_at_a_corvid_table_reads_back(mix, board):
    """LoR 13 (the Corvids' steps and Exposure, docs/duchy-corvids.md §5): at every decision and
    chance event of a seeded random game, each legal action (each outcome) formats to a text, bare
    and as a record line, that parses back to it for the seat to move; the record replays from its
    text to the same state."""
    steps = reads_back(mix, board)
    assert {"corvids_setup", "corvids_birdsong", "corvids_daylight", "corvids_evening"} <= steps, steps


def test_lor_13_every_corvid_kind_occurs_and_reads_back():
    """Over seeded games every action kind of the Corvids (LoR 13.3.2 setup, 13.4.2 Flip, 13.4.3
    Recruit, 13.5.2 Plot, 13.5.4 Trick) and of Exposure (13.2.4: the plot, then the card and the
    guess), and every Corvid step (the extortion's chance, 13.7.3, among them) is met; each action
    reads back, a Trick in either order, and the extortion's outcome is chance's `steal`."""
    kinds, steps, extortions = set(), set(), 0

    def check(g):
        nonlocal extortions
        seat = g.current_player
        steps.add(g.step)
        for a in options(g):
            act = decode(a)
            if act.kind in CORVID_KINDS:
                kinds.add(act.kind)
                text = notation.action_text(a, seat, g.faction_ids, g.board)
                assert notation.parse(text, seat, g.faction_ids, g.board) == a, text
            if act.kind == "trick":
                c, j = act.args
                assert notation.parse(f"t{j + 1}<->t{c + 1}", seat, g.faction_ids, g.board) == a
            if g.step == "extortion":
                assert act.kind == "steal" and notation.parse(f"steal {CARDS[act.args[0]].token}", -1, g.faction_ids) == a
                extortions += 1

    for mix in (("corvids", "marquise", "wyrm"), ("eyrie", "corvids", "alliance", "vagabond")):
        for seed in range(6):
            play(mix, seed, visit=check)
            if kinds == CORVID_KINDS and CORVID_STEPS <= steps and extortions:
                break
        if kinds == CORVID_KINDS and CORVID_STEPS <= steps and extortions:
            break
    assert kinds == CORVID_KINDS, CORVID_KINDS - kinds
    assert CORVID_STEPS <= steps, CORVID_STEPS - steps
    assert extortions > 0


def test_lor_13_the_corvids_forms():
    """The Corvids' texts, Rootlog V2.8's where it has them (spec "Corvid Conspiracy": `t_b`, `t_s`,
    `t_e`, `t_r`, `t` a face-down plot; Trick `t12<->t4`; Exposure `?P<plot token><Clearing>`; the
    corpus's setup `w->2+4+9`), ours where it has none (the flip, Recruit, the guess)."""
    text = lambda a, seat=0, table=PCW: notation.action_text(a, seat, table)   # noqa: E731
    assert text(encode("cv_setup", 2)) == "w->3"                                # LoR 13.3.2
    assert text(encode("flip", 2)) == "t3^"                                     # LoR 13.4.2
    assert text(encode("cv_recruit", ANVIL, FOX)) == "recruit F#anvil"          # LoR 13.4.3
    assert text(encode("cv_recruit", ARMORERS, RABBIT)) == "recruit B#armorers R"   # K-C5: the suit named
    assert [text(encode("plot", 2, t)) for t in range(4)] == ["t_b->3", "t_s->3", "t_e->3", "t_r->3"]   # LoR 13.5.2
    assert text(encode("trick", 2, 6)) == "t3<->t7"                             # LoR 13.5.4
    assert text(encode("expose", 2), 1) == "?Pt3"                               # LoR 13.2.4
    assert text(encode("guess", ANVIL, EXTORTION), 1) == "guess F#anvil t_e"
    assert text(encode("steal", ANVIL), -1) == "steal F#anvil"                  # an extortion's card (chance)
    assert text(encode("remove", CORVID, 4)) == "w5->"                          # a hit on their own pieces
    assert text(encode("remove", PLOT, 4)) == "t5->"
    assert text(encode("move", 0, 4, 0, 2)) == "2w1->5"
    assert text(encode("battle", 4, 1)) == "XC5"
    # the Corvids' letter and pieces seen from another seat
    assert notation.record_text(encode("plot", 2, BOMB), 0, PCW) == "P: t_b->3"
    assert text(encode("battle", 4, 0), 1) == "XP5"
    assert text(encode("terror", 4, 0, 0), 2) == "terror Pw5->1"
    assert notation.action_text(encode("convert", 4, 1), 0, (LIZARDS, CORVIDS, WYRM)) == "Pw5->/w->5"
    assert notation.action_text(encode("strike", 1, PLOT), 0, (VAGABOND, CORVIDS)) == "strike Pt"


def test_lor_13_the_corvids_texts_parse():
    """Parsing takes spacing and case freely, the leading `P:`, a Trick in either order; a form of
    another faction, a card recruiting off its suit, a Trick of one clearing, or the Corvids
    exposing their own plot, reads as nothing."""
    parse = lambda t, seat=0: notation.parse(t, seat, PCW)   # noqa: E731
    assert parse("P: T_B->3") == encode("plot", 2, BOMB)
    assert parse("t7 <-> t3") == parse("t3<->t7") == encode("trick", 2, 6)
    assert parse("Recruit  F#Anvil") == encode("cv_recruit", ANVIL, FOX)
    assert parse("recruit B#armorers m") == encode("cv_recruit", ARMORERS, MOUSE)
    assert parse("?pt12", 1) == encode("expose", 11)
    assert parse("C: guess F#anvil T_R", 1) == encode("guess", ANVIL, RAID)
    for bad in ("recruit F#anvil R", "t3<->t3", "t_x->3", "?Pt3", "guess F#anvil t_e", "w->0", "t->3"):
        with pytest.raises(NotationError):
            parse(bad)


def test_lor_13_the_corvids_in_actions_decode():
    """actions.py: the Corvids' kinds of two arguments decode to them (Recruit's card and suit, Plot's
    clearing and type, Trick's two clearings, a guess's card and type) and encode back."""
    for kind, args in (("cv_recruit", (ANVIL, FOX)), ("cv_recruit", (ARMORERS, MOUSE)), ("plot", (11, RAID)),
                       ("plot", (0, BOMB)), ("trick", (2, 9)), ("guess", (ANVIL, SNARE)), ("cv_setup", (5,)),
                       ("flip", (7,)), ("expose", (3,))):
        a = encode(kind, *args)
        assert decode(a) == Action(kind, args)
        assert KINDS[kind][0] <= a < KINDS[kind][0] + KINDS[kind][1]


def test_lor_13_hidden_plots_and_cards():
    """LoR 13.2.2.I and K-C3 (redaction's masks: notation has no viewer of its own, it writes what
    the redacted action leaves): a plot whose type the viewer may not know is Rootlog's face-down
    plot `t->3`; the card an Exposure shows, or an extortion takes, `#?`; none reads back."""
    assert notation.action_text(Action("plot", (2, None)), 0, PCW) == "t->3"
    assert notation.action_text(Action("guess", (None, EXTORTION)), 1, PCW) == "guess #? t_e"
    assert notation.action_text(Action("cv_recruit", (None, MOUSE)), 0, PCW) == "recruit #? M"
    assert notation.action_text(Action("steal", (None,)), -1, PCW) == "steal #?"
    assert notation.record_text(Action("plot", (2, None)), 0, PCW) == "P: t->3"
    for masked, seat in (("t->3", 0), ("guess #? t_e", 1), ("recruit #? M", 0)):
        with pytest.raises(NotationError):
            notation.parse(masked, seat, PCW)
