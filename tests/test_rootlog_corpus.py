"""The Rootlog corpus (shared/reference/rootlog/, SOURCES.md there: eight real games in V2.8 and
three older-dialect copies) reads in full: every line of every file, zero unknown clauses, and
every `/`-separated clause of every turn line is in the tree."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from wyrm_ai.rootlog import RootlogError, read_clause, read_file, read_text
from wyrm_ai.rootlog.check import clause_counts
from wyrm_ai.rootlog.tree import Flip, Move, Piece

REPO = Path(__file__).resolve().parents[1]
CORPUS = REPO.parent / "shared" / "reference" / "rootlog"
FILES = sorted(CORPUS.rglob("*.rootlog")) if CORPUS.is_dir() else []
V28 = [f for f in FILES if f.parent.name == "vagabottos-rootlog"]
OLDER = [f for f in FILES if f.name.startswith("rootlogparser-test-")]

pytestmark = pytest.mark.skipif(not FILES, reason=f"the Rootlog corpus is not at {CORPUS} (see issue 16)")


def test_the_corpus_is_all_there():
    assert len(V28) == 8 and len(OLDER) == 3


def turn_lines(path: Path):
    """(line number, clause texts) of each turn line, split by hand: the count the reader must keep."""
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        body = line.split("//")[0].strip()
        m = re.match(r"([CEAVGLODPHK]):(\S.*)$", body)
        if m:
            yield n, [c.strip() for c in re.split(r"[/;]", m.group(2))]


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_every_line_reads(path):
    record = read_file(path, strict=True)           # raises at the first thing that does not read
    assert record.errors == ()
    counts = clause_counts(record)
    assert counts["Unknown"] == 0
    assert record.header.map in ("Fall", "Winter", "Lake", "Mountain")
    assert record.header.deck in ("Standard", "E&P")
    assert len(record.header.players) == 4 and record.winners
    by_line = {t.line: t for t in record.turns}
    expected = list(turn_lines(path))
    assert [n for n, _ in expected] == sorted(by_line)
    for n, texts in expected:
        assert [c.text for c in by_line[n].clauses] == texts
        assert all(c.line == n and c.col >= 3 for c in by_line[n].clauses)


@pytest.mark.parametrize("path", V28, ids=lambda p: p.stem)
def test_the_v28_games_need_no_older_form(path):
    """Only one slip in the V2.8 games is read as an older form: r2g3's `r_b+w->7` (an Alliance
    base, `b_r`, written backwards), which reads as the older raft piece `r` with a note."""
    record = read_file(path)
    if path.stem == "2020_11_25_winter_tournament_r2g3":
        assert {(n.line, n.col) for n in record.notes} == {(46, 20)}
    else:
        assert record.notes == ()


def test_the_older_copies_note_their_older_forms():
    notes = {p.stem: read_file(p).notes for p in OLDER}
    said = {k: " | ".join(n.message for n in v) for k, v in notes.items()}
    assert "before V2.3" in said["rootlogparser-test-testString"]           # `XP8Ba`
    assert "ferry" in said["rootlogparser-test-test2String"]                # `(5w+r)1->12`
    assert "%_d->" in said["rootlogparser-test-test2String"]                # `$_d->s+r`
    assert "Riverfolk" in said["rootlogparser-test-afterDarkSpecial"]       # `b_f` trade posts
    assert "t3^" in said["rootlogparser-test-afterDarkSpecial"]             # `t^3->t_s`


def test_a_turn_reads_into_named_clauses():
    """The Marquise's setup turn of the r2g4 game: the Keep, three buildings, a warrior each."""
    record = read_file(CORPUS / "vagabottos-rootlog" / "2020_11_24_winter_tournament_r2g4.rootlog")
    setup = record.turns[0]
    assert setup.faction == "C" and setup.line == 15
    keep, sawmill = setup.clauses[0], setup.clauses[1]
    assert isinstance(keep, Move) and keep.things == (Piece("t", "k"),) and keep.dest[0].number == 2
    assert sawmill.things == (Piece("b", "s"),)
    assert len(setup.clauses[-1].dest) == 11
    assert record.header.pool == tuple("CDOPA") and record.header.clearings is None
    assert any(isinstance(c, Flip) for c in record.clauses())
    assert record.winners == ("C",)


SPEC = CORPUS / "vagabottos-rootlog" / "Rootlog_V2.md.spec"
TEMPLATE = re.compile(r"[<\[]")          # `$_f-><Number>`: syntax, not an example


def spec_examples() -> list[str]:
    """Every backticked example in the spec that does something (a move, reveal or score)."""
    text = SPEC.read_text(encoding="utf-8")
    found = set(re.findall(r"`([^`\s]*(?:->|\^|\+\+|--)[^`\s]*)`", text))
    return sorted(e for e in found if not TEMPLATE.search(e) and e not in ("->", "<->", "CB#->"))


def test_the_spec_examples_read():
    """Spec: Examples (Example Actions, Example Sequences) and every example in the sections."""
    examples = spec_examples()
    assert len(examples) > 70
    for example in examples:
        for clause in re.split(r"[/;]", example):
            read_clause(clause, faction="C")


def test_the_spec_example_game_reads():
    """Spec: Example Turns: its one note is the example's `Zh` (the syntax is `Z%h`)."""
    block = re.search(r"```rootlog\n(.*?)```", SPEC.read_text(encoding="utf-8"), re.S).group(1)
    record = read_text(block, strict=True)
    assert len(record.turns) == 8 and [p for p, _ in record.header.players] == list("APOC")
    assert [n.message.split(" ")[0] for n in record.notes] == ["`Zh`"]


def test_the_spec_wrong_example_is_wrong():
    """Spec: Common Questions: `CB#->` means nothing (a card is no faction's piece)."""
    with pytest.raises(RootlogError) as e:
        read_clause("CB#->")
    assert e.value.col == 2
