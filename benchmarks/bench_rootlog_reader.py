"""The Rootlog reader on large records (issue 29 item 9): a real record's turn lines repeated to
1 MB and to the read cap (files.MAX_READ_BYTES, 4 MiB), and the shape that was quadratic (player
lines after many turns). Time per MB should stay flat from 1 MB to 4 MB. Run:
    pytest benchmarks/bench_rootlog_reader.py --benchmark-only
Measured (CPU seconds of the reading process, 2 shared cores, Python 3.11; before = 158f39f,
after = branch files; peak RSS above the interpreter's 36-42 MB):
    real record repeated, 1 MB: 2.1 s, 67 MB before; 1.7 s, 47 MB after
    real record repeated, 4 MB: 9.6 s, 270 MB before; 7.7 s, 189 MB after (1.9 s a MB: linear)
    `C:w->1` x n, `A:w->1`, `A: w->1` x n: n = 8000 took 6.0 s before (n*n looks), 0.23 s after
    50 MB (the attack's size): 108-158 s and 2.6-4.0 GB before; now refused unread (the cap)."""
from __future__ import annotations

from pathlib import Path

import pytest

from wyrm_ai.model.files import MAX_READ_BYTES
from wyrm_ai.rootlog.reader import read_text

CORPUS = (Path(__file__).resolve().parents[2] / "shared" / "reference" / "rootlog" / "vagabottos-rootlog"
          / "2020_11_24_winter_tournament_r2g4.rootlog")
FALLBACK = ["C:t_k->2/b_s->2/b_r->10/b_w->5/w->1+2+3+5+6+7+8+9+10+11+12",
            "C:3w->O$/B#O->C/t->2/Zrpart/b_r->6/++/w->6+10/M#C->/t->2/B#C->/b_s->3/++/#->C",
            "A:3#->$", "O:w->10+11/2w->5/$_->3"]


def repeated(size: int) -> str:
    """A header and a real record's turn lines, repeated to about size bytes."""
    if CORPUS.exists():
        lines = CORPUS.read_text(encoding="utf-8").splitlines()
        turns = [l for l in lines if len(l) > 2 and l[1] == ":" and l[2] != " "]
    else:
        turns = FALLBACK
    out, n, k = ["Map: Fall", "Deck: E&P", "Pool: CDOPA", "A: a", "P: b", "O: c", "C: d"], 0, 0
    while n < size:
        line = turns[k % len(turns)]
        out.append(line)
        n, k = n + len(line) + 1, k + 1
    return "\n".join(out) + "\n"


@pytest.mark.parametrize("size", [2**20, MAX_READ_BYTES - 4096], ids=["1MB", "cap"])
def test_read_a_large_record(benchmark, size):
    text = repeated(size)
    record = benchmark.pedantic(read_text, args=(text,), rounds=1, iterations=1)
    assert not record.errors


def test_player_lines_after_many_turns(benchmark):
    n = 8000
    text = "Map: Fall\nDeck: Standard\nC: a\nE: b\n" + "C:w->1\n" * n + "A:w->1\n" + "A: w->1\n" * n
    record = benchmark.pedantic(read_text, args=(text,), rounds=1, iterations=1)
    assert len(record.turns) == 2 * n + 1
