"""Malformed Rootlog gives a RootlogError with the line and column, never another exception: a
seeded fuzz of 2,000 mutations of real corpus lines (characters deleted, inserted, replaced,
spans doubled or cut), read strictly after a valid header."""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from wyrm_ai.rootlog import RootlogError, read_file, read_text
from wyrm_ai.rootlog.check import report
from wyrm_ai.rootlog.tree import Move, Reveal

REPO = Path(__file__).resolve().parents[1]
CORPUS = REPO.parent / "shared" / "reference" / "rootlog"
FILES = sorted(CORPUS.rglob("*.rootlog")) if CORPUS.is_dir() else []
HEADER = "Map: Fall\nDeck: Standard\n"
ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyz" "ABCDEFGHIJKLMNOPQRSTUVWXYZ" "/;+-><()#%$_^@*?,: \t\u00e9"
MUTATIONS = 2000


def corpus_lines() -> list[str]:
    lines = []
    for f in FILES:
        lines += [l for l in f.read_text(encoding="utf-8").splitlines() if l.strip()]
    return lines


def mutate(line: str, rng: random.Random) -> str:
    for _ in range(rng.randint(1, 3)):
        op, i = rng.randrange(5), rng.randrange(len(line) + 1)
        j = rng.randrange(len(line) + 1)
        a, b = sorted((i, j))
        if op == 0:
            line = line[:i] + line[i + 1:]
        elif op == 1:
            line = line[:i] + rng.choice(ALPHABET) + line[i:]
        elif op == 2:
            line = line[:i] + rng.choice(ALPHABET) + line[i + 1:]
        elif op == 3:
            line = line[:a] + line[a:b] * 2 + line[b:]
        else:
            line = line[:a] + line[b:]
    return line


@pytest.mark.skipif(not FILES, reason=f"the Rootlog corpus is not at {CORPUS} (see issue 16)")
def test_mutated_corpus_lines_fail_only_with_a_position():
    rng = random.Random(16)
    lines = [l.rstrip("\r") for l in corpus_lines()]
    failed = read = 0
    for _ in range(MUTATIONS):
        line = mutate(rng.choice(lines), rng)
        try:
            record = read_text(HEADER + line, strict=True)
            read += 1
            report(record, "fuzz")                      # what `wyrm rootlog check` prints of it
            for c in record.clauses():
                _ = c.things if isinstance(c, Move) else c.cards if isinstance(c, Reveal) else c.kind
        except RootlogError as e:
            failed += 1
            assert e.line == 3, (line, str(e))
            assert 1 <= e.col <= len(line) + 1, (line, str(e))
            assert str(e).startswith(f"3:{e.col}: ")
    assert failed > MUTATIONS // 4 and read > MUTATIONS // 20      # the fuzz reaches both sides


@pytest.mark.parametrize("text", ["w->", "(", ")", "((w)", "#", "%", "$", "$_", "X", "?", "t<->t", "^", "->",
                                  "++->", "h_", "2", "1_", "3w1_", "w->0_1", "(2R+B)", "%_d->s+q", "9" * 40 + "w->1",
                                  "w->1" + "+1" * 500, "(" * 2000 + "w" + ")" * 2000 + "->1", "(($_h))->2",
                                  "(($_h)+w)->2", "((R+B)#)->",
                                  "w->S", "(5_9)->", "((2R#+w)3+%s)->", "9" * 5000 + "w->1",
                                  "XA3(" + "1" * 5000 + ",1)", "++" + "9" * 5000, "w->\u0663"])
def test_short_and_odd_clauses_fail_or_read_cleanly(text):
    try:
        report(read_text(HEADER + "C:" + text, strict=True), "odd")
    except RootlogError as e:
        assert e.line == 3 and 3 <= e.col <= len(text) + 3


@pytest.mark.parametrize("line", ["Clearings: F" + "1" * 5000, "Clearings: F\u0661, M2", "Pool: " + "C" * 5000,
                                  "Winner: \u00c9", "C:" + "w->1/" * 2000 + "w->13"])
def test_odd_header_and_turn_lines_fail_with_a_position(line):
    with pytest.raises(RootlogError) as e:
        read_text("Map: Lake\nDeck: E&P\n" + line, strict=True)
    assert e.value.line == 3 and 1 <= e.value.col <= len(line) + 1


def test_a_file_that_is_not_text(tmp_path):
    p = tmp_path / "game.rootlog"
    p.write_bytes(b"Map: Fall\n\xff\xfe\n")
    with pytest.raises(RootlogError, match="not UTF-8"):
        read_file(p)
    with pytest.raises(RootlogError, match="cannot read"):
        read_file(tmp_path / "missing.rootlog")
