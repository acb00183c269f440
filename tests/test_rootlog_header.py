"""Rootlog header lines (spec: Game Setup; End of Game; Separating Actions and Turns) and the
whole-file reader: comments, blank lines, CRLF, players and the Winner line."""
from __future__ import annotations

import pytest

from wyrm_ai.rootlog import RootlogError, read_text
from wyrm_ai.rootlog.tree import Header, PlaceLandmark, Score, Unknown

GAME = """// a game
Map: Winter
Deck: E&P
Clearings: F1, M2, R3, F4, M5, F6, M7, M8, R9, F10, R11, R12
Pool: CEVOP // the draft
P: phod
E: GuerricS the Wise

E:(6w+b)->3/#charismatic->$
P:w->1+5+9 ; ++2

Winner: E
"""


def test_a_game_reads():
    """Spec: Game Setup (Map, Deck, Clearings, Pool, players in draft order), Start Turn, End of Game."""
    r = read_text(GAME, strict=True)
    assert r.header == Header("Winter", "E&P", tuple("FMRFMFMMRFRR"), pool=tuple("CEVOP"),
                              players=(("P", "phod"), ("E", "GuerricS the Wise")))
    assert [t.faction for t in r.turns] == ["E", "P"]
    assert [c.text for c in r.turns[1].clauses] == ["w->1+5+9", "++2"]     # `;` separates like `/`
    assert isinstance(r.turns[1].clauses[1], Score) and r.turns[1].clauses[1].col == 14
    assert r.winners == ("E",) and r.comments == ((1, "a game"),)
    assert r.turns[0].comment is None and r.notes == ()


def test_turn_comments_empty_turns_and_strangers():
    """Spec: Commentary at the end of a line (`// [Commentary]`); a turn line with no clause."""
    r = read_text("Map: Fall\nDeck: E&P\nC: Edu\nE: Lily\nC:w->1 // first\nE:\nA:w->2\n", strict=True)
    assert r.turns[0].comment == "first"
    assert r.turns[1].clauses == ()
    assert [(n.line, n.col) for n in r.notes] == [(7, 1)] and "not among the players" in r.notes[0].message


def test_crlf_bom_and_trailing_comment():
    r = read_text("\ufeff" + GAME.replace("\n", "\r\n"), strict=True)
    assert r.winners == ("E",) and len(r.turns) == 2


def test_landmarks_and_hirelings():
    """Spec: Landmark Setup, Hirelings (ADSET)."""
    r = read_text("Map: Fall\nDeck: Standard\nLandmarks: treetop->5/city->9\n"
                  "Hirelings: h_C, h_Ed, h_V/h_Cw->3\nC: Anna\nC:w->1\n", strict=True)
    assert r.header.landmarks == (PlaceLandmark("treetop", 5), PlaceLandmark("city", 9))
    assert r.header.hirelings == ("h_C", "h_Ed", "h_V")
    assert r.header.hireling_setup[0].things[0].faction == "h_C"


def test_fall_may_leave_out_clearings_and_others_may_not():
    assert read_text("Map: Fall\nDeck: Standard\n", strict=True).header.clearings is None
    with pytest.raises(RootlogError, match="Clearings"):
        read_text("Map: Lake\nDeck: Standard\n", strict=True)


def test_a_player_line_is_read_once_per_faction_then_turns():
    """`C: name` names a player; a later `C:` line is a turn (ADSET puts one after its player line)."""
    r = read_text("Map: Fall\nDeck: Standard\nC: Edu\nC:t_k->2\nE: Lily\nE:b->3\n", strict=True)
    assert r.header.players == (("C", "Edu"), ("E", "Lily"))
    assert [t.faction for t in r.turns] == ["C", "E"]


@pytest.mark.parametrize("text, line, col, says", [
    ("Map: Autumn\nDeck: Standard\n", 1, 6, "map 'Autumn'"),
    ("Map: Fall\nDeck: Basic\n", 2, 7, "deck 'Basic'"),
    ("Deck: Standard\n", 1, 1, "no `Map:`"),
    ("Map: Fall\nMap: Fall\nDeck: Standard\n", 2, 1, "second `Map:`"),
    ("Deck: Standard\nMap: Fall\n", 2, 1, "out of place"),
    ("Map: Fall\nDeck: Standard\nC:w->1\nPool: CE\n", 4, 1, "out of place"),
    ("Map: Lake\nDeck: E&P\nClearings: F1, M2, X3\n", 3, 20, "clearing 'X3'"),
    ("Map: Lake\nDeck: E&P\nClearings: F1, M2\n", 3, 12, "2 clearings"),
    ("Map: Lake\nDeck: E&P\nClearings: F1, M1\n", 3, 16, "clearing 1"),
    ("Map: Fall\nDeck: E&P\nPool: CEZ\n", 3, 9, "`Z` is no faction"),
    ("Map: Fall\nDeck: E&P\nWinner: C\nC:w->1\n", 4, 1, "after the Winner"),
    ("Map: Fall\nDeck: E&P\nhello\n", 3, 1, "no header line"),
    ("Map: Fall\nDeck: E&P\nX:w->1\n", 3, 1, "no header line"),
    ("Map: Fall\nDeck: E&P\nC:w->1//w->2\nC:w->1/\n", 4, 8, "empty clause"),
    ("Map: Fall\nDeck: E&P\nLandmarks: treetop->5/w->3\n", 3, 23, "no landmark"),
    ("Map: Fall\nDeck: E&P\nHirelings: h_Z\n", 3, 12, "hireling 'h_Z'"),
])
def test_bad_header_and_lines_say_where(text, line, col, says):
    with pytest.raises(RootlogError) as e:
        read_text(text, source="g.rootlog", strict=True)
    assert (e.value.line, e.value.col) == (line, col), str(e.value)
    assert says in str(e.value) and str(e.value).startswith(f"g.rootlog:{line}:{col}:")


def test_a_lenient_read_keeps_going_and_marks_unknown_clauses():
    r = read_text("Map: Fall\nDeck: E&P\nC:w->1/w->13/XA3\nnonsense\nE:b->2\n")
    assert [(e.line, e.col) for e in r.errors] == [(3, 11), (4, 1)]
    kinds = [c.kind for c in r.turns[0].clauses]
    assert kinds == ["Move(pieces)", "Unknown", "Battle"]
    assert isinstance(r.turns[0].clauses[1], Unknown) and r.turns[0].clauses[1].text == "w->13"
    assert len(r.turns) == 2
