"""Rootlog V2.8 clauses read into the syntax tree they say. Each test names the spec section
(shared/reference/rootlog/vagabottos-rootlog/Rootlog_V2.md.spec) whose syntax and examples it
reads."""
from __future__ import annotations

import pytest

from wyrm_ai.rootlog import RootlogError, read_clause
from wyrm_ai.rootlog.tree import (Battle, Board, Card, Clearing, Craft, Decision, DiscardBoard, DiscardPile, Expose, Flip,
                                  Forest, Group, Hand, Hire, Item, ItemSlot, Move, Path, Piece, PlaceLandmark, Quests,
                                  Relationship, RemovePath, Reveal, Score, SetFunds, SetOutcast, SetPrices, Trick,
                                  VictoryMarker)


def read(text, faction=None):
    notes = []
    node = read_clause(text, faction=faction, notes=notes)
    return node, notes


def tree(text, faction=None):
    node, notes = read(text, faction)
    assert notes == [], notes
    return node


# ---- General Syntax: Move, with its examples ----------------------------------------------------

@pytest.mark.parametrize("text, parts, dest", [
    ("2Dw3->5", (Piece("w", None, "D", 2, Clearing(3)),), (Clearing(5),)),
    ("4w10->4", (Piece("w", count=4, at=Clearing(10)),), (Clearing(4),)),
    ("b->3", (Piece("b"),), (Clearing(3),)),
    ("p->12", (Piece("p"),), (Clearing(12),)),
    ("At5->", (Piece("t", faction="A", at=Clearing(5)),), ()),
    ("F#domO->C", (Card("F", "dom", at=Hand("O")),), (Hand("C"),)),
    ("M#E->P", (Card("M", at=Hand("E")),), (Hand("P"),)),
    ("#V->C", (Card(at=Hand("V")),), (Hand("C"),)),
    ("F#C->", (Card("F", at=Hand("C")),), ()),
    ("#->C", (Card(),), (Hand("C"),)),
    ("3#A->$", (Card(count=3, at=Hand("A")),), (Board(),)),
    ("3F#$->", (Card("F", count=3, at=Board()),), ()),
    ("#E->A$", (Card(at=Hand("E")),), (Board("A"),)),
    ("%sO$->V$", (Item("s", at=Board("O")),), (Board("V"),)),
    ("%s12->$", (Item("s", at=Clearing(12)),), (Board(),)),
    ("%s->e", (Item("s"),), (ItemSlot(None, "e"),)),
    ("%fe->", (Item("f", at=ItemSlot(None, "e")),), ()),
])
def test_move_examples(text, parts, dest):
    """Spec: Move (and its Move Examples)."""
    assert tree(text, "C") == Move(parts, dest)


def test_discard_pile_start():
    """Spec: Discard Pile Start Location (`*`, only a start)."""
    assert tree("F#@*->P") == Move((Card("F", "@", at=DiscardPile()),), (Hand("P"),))
    assert tree("M#favor*->V").things[0].card == "favor"
    with pytest.raises(RootlogError) as e:
        read_clause("F#->*")
    assert e.value.col == 5


def test_combining_sides():
    """Spec: Combine Multiple Pieces, Cards, Items, or Clearings: each destination gets the count."""
    assert tree("w->3+11") == Move((Piece("w"),), (Clearing(3), Clearing(11)))
    assert tree("t1+t2+t5->") == Move(tuple(Piece("t", at=Clearing(n)) for n in (1, 2, 5)), ())
    assert tree("w+t_r->10", "O") == Move((Piece("w"), Piece("t", "r")), (Clearing(10),))
    assert tree("%h+%c+%s->r").dest == (ItemSlot(None, "r"),)
    # a part names its own start, the others theirs (the Duchy's tunnels: `t+4w0->9`)
    assert tree("t+4w0->9").things == (Piece("t"), Piece("w", count=4, at=Clearing(0)))


def test_groups():
    """Spec: Group Combined Pieces, Cards, or Items: the start after `)` is the group's."""
    m = tree("(w+2Cw+Cb_s)3->", "A")
    assert m.parts == (Group((Piece("w"), Piece("w", None, "C", 2), Piece("b", "s", "C")), Clearing(3)),)
    assert m.things == (Piece("w", at=Clearing(3)), Piece("w", None, "C", 2, Clearing(3)),
                        Piece("b", "s", "C", None, Clearing(3)))
    # suits grouped in front of `#`: one card group
    assert tree("(2R+B)#A$->").things == (Card("R", count=2, at=Board("A")), Card("B", at=Board("A")))
    assert tree("(2%c+%h)V$->d").things == (Item("c", 2, Board("V")), Item("h", None, Board("V")))
    # a part's own start wins over the group's: `(t+w0)->5`
    assert tree("(t+w0)->5").things == (Piece("t"), Piece("w", at=Clearing(0)))
    assert tree("(2R#+2w)$->", "D").things == (Card("R", count=2, at=Board()), Piece("w", count=2, at=Board()))


def test_move_kind_names_what_moves():
    """Spec: Move ("Piece, Card, or Item"): the kind counted by `wyrm rootlog check`."""
    assert tree("2#->O").kind == "Move(cards)"
    assert tree("w->1").kind == "Move(pieces)"
    assert tree("%_d->s+r").kind == "Move(items)"
    assert tree("(2R#+2w)$->", "D").kind == "Move(cards+pieces)"


def test_pieces_and_factions():
    """Spec: Pieces (`[Faction]<type>[_<letter>]`), Factions, Forest, Faction Boards."""
    assert tree("t_k->2", "C").things == (Piece("t", "k"),)
    assert tree("p->8_9_11_12", "V").dest == (Forest((8, 9, 11, 12)),)
    assert tree("2Ew$->", "O").things == (Piece("w", None, "E", 2, Board()),)
    assert tree("w_w->12", "H").things == (Piece("w", "w"),)
    assert tree("Kt_f9->2_3_7_12", "V").dest == (Forest((2, 3, 7, 12)),)
    assert tree("t_t7_10_11->10", "K").things == (Piece("t", "t", at=Forest((7, 10, 11))),)
    assert tree("t_3_f5->$", "K").things == (Piece("t", "3_f", at=Clearing(5)),)
    assert tree("w->0", "D").dest == (Clearing(0),)       # the Burrow


def test_cards_suits_and_abbreviations():
    """Spec: Cards, Card Name Abbreviations."""
    c = tree("B#domO->E").things[0]
    assert (c.suit, c.name, c.card, c.at) == ("B", "dom", "dominance", Hand("O"))
    assert tree("#sap$->").things[0].card == "sappers"
    assert tree("#saboO->A").things[0].card == "saboteurs"
    assert tree("#gentlyusedknapsackO->D").things[0].card == "gentlyusedknapsack"    # full names stay
    assert tree("M#Q->$").things == (Card("M", at=Quests()),)
    assert tree("#faith$_2->", "K").things == (Card(None, "faith", at=Board(None, "2")),)


def test_items_and_item_locations():
    """Spec: Items, Item States, Vagabond Board Areas and Item Locations."""
    assert tree("%sde->r").things == (Item("s", at=ItemSlot("d", "e")),)
    assert tree("(%r+%t+%s)d->s").things[0].at == ItemSlot("d")
    assert tree("%ct->s").things == (Item("c", at=ItemSlot("t")),)
    assert tree("%_d->s+r") == Move((Item("_", at=ItemSlot("d")),), (ItemSlot("s"), ItemSlot(None, "r")))
    assert tree("%_V$->d").things == (Item("_", at=Board("V")),)
    assert tree("%uh_V$->").things == (Item("u", at=Board("h_V")),)


def test_battle():
    """Spec: Battles (ambushes: the defender's then the attacker's; rolls are optional)."""
    assert tree("XE3") == Battle("E", 3)
    assert tree("XA7B@") == Battle("A", 7, None, ("B",))
    assert tree("XE10B@M@") == Battle("E", 10, None, ("B", "M"))
    assert tree("XC3(2,0)") == Battle("C", 3, None, (), (2, 0))
    assert tree("CXO12") == Battle("O", 12, "C")
    assert tree("h_OXD4") == Battle("D", 4, "h_O")


def test_reveal():
    """Spec: Reveal and its examples."""
    assert tree("^A") == Reveal((), None, "A")
    assert tree("F#^P") == Reveal((Card("F"),), None, "P")
    assert tree("2M#^") == Reveal((Card("M", count=2),), None, None)
    assert tree("V^O") == Reveal((), "V", "O")
    assert tree("F#+2M#^") == Reveal((Card("F"), Card("M", count=2)), None, None)
    assert tree("(M+2F)#^").cards == (Group((Card("M"), Card("F", count=2))),)


def test_craft():
    """Spec: Craft (`Z<Item>`, `Z<card name>`; a suited card's suit in front: `Zfpart`)."""
    assert tree("Z%h") == Craft(Item("h"))
    assert tree("Zmurine") == Craft(Card(None, "murine"))
    assert tree("Zrpart") == Craft(Card("R", "part"))
    assert tree("Zffavor") == Craft(Card("F", "favor"))


def test_score_and_victory_marker():
    """Spec: Score or Lose Points; Move VP Token to Faction Board."""
    assert tree("++") == Score(1, None, False)
    assert tree("++3") == Score(3)
    assert tree("A++") == Score(1, "A", False)
    assert tree("--5") == Score(-5)
    assert tree("++->E$") == VictoryMarker(Board("E"))


def test_paths_landmarks_hirelings():
    """Spec: Paths and Closed Paths, Landmark Setup, Hiring a Hireling."""
    assert tree("5_9->") == RemovePath(Path((5, 9)))
    assert tree("treetop->5") == PlaceLandmark("treetop", 5)
    assert tree("h_E->A$4") == Hire("h_E", Board("A"), 4)
    assert tree("h_Op->4").things == (Piece("p", None, "h_O"),)


def test_eyrie_decree_and_leader():
    """Spec: Eyrie Dynasties (Decree columns, discard the Decree, new leader)."""
    assert tree("(R+B)#E->$_r").dest == (Board(None, "r"),)
    assert tree("M#E->$_x+$_m").dest == (Board(None, "x"), Board(None, "m"))
    assert tree("$_->", "E") == DiscardBoard(None)
    assert tree("#commander->$").things == (Card(None, "commander"),)


def test_vagabond_relationships():
    """Spec: Vagabond, Relationship Marker."""
    assert tree("$_E->1") == Relationship(("E",), "1")
    assert tree("V$_E->h") == Relationship(("E",), "h", "V")
    assert tree("$_O+$_C->h") == Relationship(("O", "C"), "h")
    assert tree("G$_C->a") == Relationship(("C",), "a", "G")


def test_riverfolk_prices_and_funds():
    """Spec: Riverfolk Company, Set Prices and Funds."""
    assert tree("$_->3", "O") == SetPrices(3)
    assert tree("$_h->4", "O") == SetPrices(4, ("h",))
    assert tree("($_h+$_m)->2", "O") == SetPrices(2, ("h", "m"))
    assert tree("$_f->2", "O") == SetFunds(2)


def test_lizard_outcast():
    """Spec: Lizard Cult, Set the (Hated) Outcast Suit."""
    assert tree("$_o->M", "L") == SetOutcast("M")
    assert tree("$_ho->F", "L") == SetOutcast("F", hated=True)


def test_corvid_exposure_flip_trick():
    """Spec: Corvid Conspiracy (Exposure, Flip Plot, Trick)."""
    assert tree("?Pt_s3") == Expose("P", Piece("t", "s"), 3)
    assert tree("?Pt3^t_e") == Expose("P", Piece("t", "e"), 3)      # the spec's own example
    assert tree("t4^t_r", "P") == Flip(Piece("t", at=Clearing(4)), Piece("t", "r"))
    assert tree("Pt12^t_r", "O") == Flip(Piece("t", None, "P", at=Clearing(12)), Piece("t", "r"))
    assert tree("t12<->t4") == Trick((12, 4))


def test_keepers_relics_and_waystations():
    """Spec: Keepers in Iron (relic flip, waystations, retinue)."""
    assert tree("t10^t_2_t", "K") == Flip(Piece("t", at=Clearing(10)), Piece("t", "2_t"))
    assert tree("b_j_t->12", "K").things == (Piece("b", "j_t"),)
    assert tree("#faith$_2->", "K").things[0].at == Board(None, "2")


def test_clause_positions_are_kept():
    """Spec: Separating Actions and Turns: each clause keeps where it stood in its line."""
    node = read_clause("XA7", line=4, col=9)
    assert (node.line, node.col, node.text) == (4, 9, "XA7")


# ---- forms beyond V2.8, read with a note ----------------------------------------------------

@pytest.mark.parametrize("text, faction, reads_as, says", [
    ("XP8Ba", "A", Battle("P", 8, None, ("B",)), "before V2.3"),
    ("(5w+r)1->12", "E", Move((Group((Piece("w", count=5), Piece("r")), Clearing(1)),), (Clearing(12),)), "ferry"),
    ("$_d->s+r", "G", Move((Item("_", at=ItemSlot("d")),), (ItemSlot("s"), ItemSlot(None, "r"))), "%_d->"),
    ("t^3->t_s", "P", Flip(Piece("t", at=Clearing(3)), Piece("t", "s")), "t3^"),
    ("b_f+w->12", "O", Move((Piece("b", "f"), Piece("w")), (Clearing(12),)), "Riverfolk Company no such piece"),
    ("Zh", "A", Craft(Item("h")), "`Zh`"),
    ("Sp->9", None, Move((Piece("p", None, "h_S"),), (Clearing(9),)), "without `h_`"),
])
def test_older_forms_read_with_a_note(text, faction, reads_as, says):
    node, notes = read(text, faction)
    assert node == reads_as
    assert notes and any(says in n.message for n in notes), notes
    assert all(n.line == 1 and n.col >= 1 for n in notes)


# ---- what does not read ----------------------------------------------------------------------

@pytest.mark.parametrize("text, col, says", [
    ("", 1, "empty"),
    ("w->13", 4, "clearing 13"),
    ("Xq3", 2, "defender"),
    ("XA", 3, "clearing"),
    ("XA3(4,0)", 5, "roll"),
    ("XA3B@M@F@", 10, "at most two"),
    ("w-3", 2, "`->`"),
    ("%z->", 2, "item"),
    ("w->3+", 6, "after `+`"),
    ("w->$_h+3", 8, "one kind"),
    ("$_q->1", 1, "no marker"),
    ("$_h->9", 6, "price"),
    ("$_C->z", 6, "relationship"),
    ("C$_E->h", 1, "Vagabond's board"),
    ("?Pt_q3", 3, "plot"),
    ("0w->3", 1, "count"),
    ("w->3 4", 5, "unexpected"),
    ("(2R+w)#->", 7, "followed by `#`"),
    ("XA3(1,1", 8, "`)`"),
    ("t3^", 4, "face"),
    ("++0", 3, "at least 1"),
    ("p->3_1_5", 4, "lowest first"),
    ("foo->3", 1, "no piece"),
    ("Z", 2, "after `Z`"),
    ("^h_P", 2, "unexpected"),
])
def test_malformed_clauses_say_where_and_what(text, col, says):
    with pytest.raises(RootlogError) as e:
        read_clause(text, line=7, col=1)
    assert (e.value.line, e.value.col) == (7, col), str(e.value)
    assert says in str(e.value)


def test_rootlog_letters_meet_ours_where_they_coincide():
    """Spec: Factions. C, E, A and V are ours too (wyrm_ai.model.factions); the Wyrm and the Mechanical
    Marquise are our extension's W and N (docs/notation.md "Rootlog extension"): our notation's M
    is the Mouse suit in Rootlog."""
    from wyrm_ai.model import factions
    from wyrm_ai.rootlog import names
    assert {k: factions.NAMES[v] for k, v in names.OUR_FACTION.items()} == {
        "C": "marquise", "E": "eyrie", "A": "alliance", "V": "vagabond", "W": "wyrm", "N": "mechanical-marquise",
        "G": "vagabond2", "L": "lizards", "O": "riverfolk", "D": "duchy", "P": "corvids", "H": "hundreds",
        "K": "keepers"}
    # (Rootlog's 2nd Vagabond (LoR 9.7), the Lizard Cult, the Riverfolk Company, the Underground
    # Duchy, the Corvid Conspiracy, the Lord of the Hundreds and the Keepers in Iron (issue 35) are ours
    # too: every faction letter of the spec; U is ours for a draft's player who has not chosen yet)
    assert names.UNDRAFTED == {"U": "Undrafted player"} and "U" not in names.OUR_FACTION
    assert set(names.FACTIONS) - set(names.UNDRAFTED) == set(names.OUR_FACTION)
    assert "M" in names.SUITS and "M" not in names.FACTIONS
    assert set(names.EXTENSION_FACTIONS) == {"W", "N"} <= set(names.FACTIONS)


@pytest.mark.parametrize("text,node", [
    # docs/notation.md "Rootlog extension"
    ("WXN5", Battle("N", 5, "W")),
    ("2Nw3->5", Move((Piece("w", None, "N", 2, Clearing(3)),), (Clearing(5),))),
    ("t_gW$_b->", Move((Piece("t", "g", None, None, Board("W", "b")),))),
    ("t_g->W$_m", Move((Piece("t", "g"),), (Board("W", "m"),))),
    ("%g5->W$", Move((Item("g", None, Clearing(5)),), (Board("W"),))),
    ("%gW$->", Move((Item("g", None, Board("W")),))),
    ("!terrorww12->10", Decision("terrorww12->10")),
    ("!%t->e|f#anvil->c", Decision("%t->e|f#anvil->c")),
])
def test_the_extension_reads(text, node):
    assert read_clause(text, faction="W") == node


def test_a_decision_clause_has_no_spaces():
    with pytest.raises(RootlogError) as e:
        read_clause("!", faction="W")
    assert e.value.col == 2
