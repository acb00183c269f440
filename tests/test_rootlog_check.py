"""`wyrm rootlog check FILE...`: the header, the clauses read by kind, notes and errors at
file:line:col, and the exit code (1 when any file has an error)."""
from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from wyrm_ai.cli import main

REPO = Path(__file__).resolve().parents[1]
CORPUS = REPO.parent / "shared" / "reference" / "rootlog"

GOOD = """Map: Fall
Deck: Standard
C: Edu
E: Lily
C:t_k->2/w->1+2+3/b_s->2
E:b+6w->3/#despot->$ // Eyrie set up
C:XE3(2,1)/(w+Ew)3->/++/#->C
Winner: C
"""


def check(*paths):
    return CliRunner().invoke(main, ["rootlog", "check", *map(str, paths)], catch_exceptions=False)


def test_a_good_file(tmp_path):
    p = tmp_path / "good.rootlog"
    p.write_text(GOOD)
    r = check(p)
    assert r.exit_code == 0, r.output
    lines = r.output.splitlines()
    assert lines[0] == f"{p}: Map Fall, Deck Standard; players C Edu, E Lily; winner C"
    assert lines[1] == "  3 turns, 9 clauses read: Move(pieces) 5, Move(cards) 2, Battle 1, Score 1"
    assert len(lines) == 2


def test_errors_name_file_line_column_and_exit_1(tmp_path):
    p = tmp_path / "bad.rootlog"
    p.write_text(GOOD.replace("w->1+2+3", "w->1+2+13").replace("XE3(2,1)", "XE3(2,7)"))
    r = check(p)
    assert r.exit_code == 1
    assert f"  {p}:5:17: error: clearing 13: clearings are 0-12" in r.output, r.output
    assert f"  {p}:7:9: error: roll 7 (expected a die roll 0-3)" in r.output
    assert "7 clauses read, 2 unknown" in r.output


def test_notes_do_not_fail(tmp_path):
    p = tmp_path / "old.rootlog"
    p.write_text("Map: Fall\nDeck: E&P\nA:XP8Ba\n")
    r = check(p)
    assert r.exit_code == 0
    assert f"  {p}:3:6: note: ambush written `a` (before V2.3; V2.8 writes `@`)" in r.output


def test_several_files_and_a_missing_one(tmp_path):
    good, bad = tmp_path / "good.rootlog", tmp_path / "missing.rootlog"
    good.write_text(GOOD)
    r = check(good, bad)
    assert r.exit_code == 1
    assert f"{bad}: error: cannot read {bad}" in r.output
    assert r.output.splitlines()[-1] == "1 of 2 files read without errors"


def test_no_file_is_a_usage_error():
    r = CliRunner().invoke(main, ["rootlog", "check"])
    assert r.exit_code == 2 and "FILES" in r.output


@pytest.mark.skipif(not CORPUS.is_dir(), reason=f"the Rootlog corpus is not at {CORPUS} (see issue 16)")
def test_the_corpus_checks_clean():
    files = sorted(CORPUS.rglob("*.rootlog"))
    r = check(*files)
    assert r.exit_code == 0, r.output
    assert r.output.splitlines()[-1] == f"{len(files)} of {len(files)} files read without errors"
    assert " unknown:" not in r.output and ": error:" not in r.output
