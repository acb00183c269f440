"""The Rootlog round trip measured (issue 16): seeded games of every mix of tests/mixes.py with
random drivers, each written as the referee's Rootlog file (wyrm_ai/rootlog/writer.py) and replayed
(wyrm_ai/rootlog/replay.py); prints per mix the games, engine actions, clauses and decision
clauses, and whether every replay gave the identical record. The same games as
tests/test_rootlog_roundtrip.py with WYRM_ROOTLOG_GAMES=N.

    PYTHONPATH=. python tools/rootlog_roundtrip.py 500
"""
from __future__ import annotations

import collections
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from mixes import mix_id  # noqa: E402
from test_rootlog_roundtrip import CASES, MIXES, played  # noqa: E402  (CASES: WYRM_ROOTLOG_GAMES)
from wyrm_ai.rootlog import read_text  # noqa: E402
from wyrm_ai.rootlog.replay import replay  # noqa: E402
from wyrm_ai.rootlog.tree import Decision  # noqa: E402
from wyrm_ai.rootlog.writer import write  # noqa: E402


def main(n: int) -> int:
    rows = collections.defaultdict(lambda: [0, 0, 0, 0, 0])     # games, actions, clauses, decisions, same
    start = time.perf_counter()
    cases = [(MIXES[k % len(MIXES)], 1000 + k) for k in range(n)]
    for mix, seed in cases:
        g = played(mix, seed)
        record = read_text(write(g), strict=True)
        back = replay(record, bot=g.bot, growth_caps=g.growth_caps, seats=g.factions)
        clauses = list(record.clauses())
        row = rows[mix_id(mix)]
        row[0] += 1
        row[1] += len(g.record)
        row[2] += len(clauses)
        row[3] += sum(isinstance(c, Decision) for c in clauses)
        row[4] += back.record == g.record
    total = [sum(r[i] for r in rows.values()) for i in range(5)]
    print(f"{'mix':6} {'games':>5} {'actions':>8} {'clauses':>8} {'!':>6} {'same':>5}")
    for mix, r in rows.items():
        print(f"{mix:6} {r[0]:5} {r[1]:8} {r[2]:8} {r[3]:6} {r[4]:5}")
    print(f"{'all':6} {total[0]:5} {total[1]:8} {total[2]:8} {total[3]:6} {total[4]:5}")
    print(f"{len(rows)} mixes, {time.perf_counter() - start:.1f} s")
    return 0 if total[4] == total[0] else 1


if __name__ == "__main__":
    sys.exit(main(int(sys.argv[1]) if len(sys.argv) > 1 else len(CASES)))
