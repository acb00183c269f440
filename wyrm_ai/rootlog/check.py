"""The report of `wyrm rootlog check`: per file the header in one line, the clauses read by kind,
the notes (forms beyond V2.8 that were read) and the errors, each at file:line:col."""
from __future__ import annotations

from collections import Counter

from wyrm_ai.rootlog.tree import Record, RootlogError


def clause_counts(record: Record) -> Counter:
    """How many clauses of each kind the record's turns hold (Unknown: those that did not read)."""
    return Counter(c.kind for c in record.clauses())


def header_line(record: Record) -> str:
    h = record.header
    parts = [f"Map {h.map or '?'}", f"Deck {h.deck or '?'}"]
    if h.clearings:
        parts.append("Clearings " + " ".join(f"{s}{n}" for n, s in enumerate(h.clearings, start=1)))
    if h.landmarks:
        parts.append("Landmarks " + " ".join(f"{l.landmark}->{l.clearing}" for l in h.landmarks))
    if h.hirelings:
        parts.append("Hirelings " + " ".join(h.hirelings))
    if h.pool:
        parts.append("Pool " + "".join(h.pool))
    if h.seats:
        parts.append("Seats " + " ".join(map(str, h.seats)))
    text = ", ".join(parts)
    if h.players:
        text += "; players " + ", ".join(f"{f} {name}" for f, name in h.players)
    text += "; winner " + ("".join(record.winners) if record.winners else "not recorded")
    return text


def report(record: Record, source: str) -> list[str]:
    counts = clause_counts(record)
    read = sum(n for k, n in counts.items() if k != "Unknown")
    lines = [f"{source}: {header_line(record)}",
             f"  {plural(len(record.turns), 'turn')}, {plural(read, 'clause')} read"
             + (f", {counts['Unknown']} unknown" if counts["Unknown"] else "") + ": "
             + ", ".join(f"{k} {n}" for k, n in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
                         if k != "Unknown")]
    for n in record.notes:
        lines.append(f"  {source}:{n.line}:{n.col}: note: {n.message}")
    for e in record.errors:
        lines.append(f"  {error_text(e, source)}")
    return lines


def error_text(e: RootlogError, source: str) -> str:
    where = f"{source}:{e.line}:{e.col}" if e.line else source
    return f"{where}: error: {e.message}" + (f" (expected {e.expected})" if e.expected else "")


def plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")
