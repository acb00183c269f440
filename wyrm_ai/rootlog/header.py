"""Rootlog's header lines (spec: Game Setup): `Map:`, `Deck:`, `Clearings:`, `Landmarks:`,
`Hirelings:`, `Pool:`, our extension's `Seats:` (docs/rootlog.md "Writer"), the players
`<Faction>: <Player Name>`, and the closing `Winner:`."""
from __future__ import annotations

import re

from wyrm_ai.model.factions import MAX_SEATS as SEATS
from wyrm_ai.rootlog import names
from wyrm_ai.rootlog.clauses import read_clause
from wyrm_ai.rootlog.tree import PlaceLandmark, RootlogError, shown

# in the order the spec requires; `Seats:` (ours, after them) numbers the players' seats
KEYS = ("Map", "Deck", "Clearings", "Landmarks", "Hirelings", "Pool", "Seats")
KEY_LINE = re.compile(r"(Map|Deck|Clearings|Landmarks|Hirelings|Pool|Seats|Winner)[ \t]*:[ \t]*(.*)$")
PLAYER_LINE = re.compile(r"([A-Z]):[ \t]+(\S.*)$")
CLEARING = re.compile(r"([A-Z])([0-9]{1,3})$")
HIRELING = re.compile(r"h_([A-Z])(d?)$")
CLAUSE_SEP = re.compile(r"[/;]")
CLEARINGS = 12


class HeaderLine:
    """Reads one header value; `line` and `col` (of the value) place its errors."""

    def __init__(self, line: int, col: int, source: str = ""):
        self.line, self.col, self.source = line, col, source

    def fail(self, message: str, expected: str = "", offset: int = 0):
        raise RootlogError(message, self.line, self.col + offset, expected, self.source)

    def one_of(self, key: str, value: str, choices) -> str:
        if value not in choices:
            self.fail(f"{key} {shown(value)!r}", " or ".join(choices))
        return value

    def clearings(self, value: str) -> tuple[str, ...]:
        """`<Suit>1, <Suit>2, ... <Suit>12`: the suit of each clearing."""
        suits = {}
        offset = 0
        for entry in value.split(","):
            lead = len(entry) - len(entry.lstrip())
            m = CLEARING.match(entry.strip())
            if not m or m.group(1) not in names.SUITS:
                self.fail(f"clearing {shown(entry.strip())!r}", "a suit (B F M R) and a clearing number: `F1`",
                          offset + lead)
            n = int(m.group(2))
            if not 1 <= n <= CLEARINGS or n in suits:
                self.fail(f"clearing {n}: each of 1-{CLEARINGS} once", offset=offset + lead)
            suits[n] = m.group(1)
            offset += len(entry) + 1
        if len(suits) != CLEARINGS:
            self.fail(f"{len(suits)} clearings", f"the suits of all {CLEARINGS} clearings")
        return tuple(suits[n] for n in range(1, CLEARINGS + 1))

    def factions(self, key: str, value: str) -> tuple[str, ...]:
        """Faction letters, written together (`CEVOP`) or apart (`C, E`)."""
        out = []
        for k, c in enumerate(value):
            if c in " ,+\t":
                continue
            if c not in names.FACTIONS:
                self.fail(f"{key} `{c}` is no faction", "faction letters (" + " ".join(names.FACTIONS) + ")", k)
            if c in out:
                self.fail(f"{key} names `{c}` twice", offset=k)
            out.append(c)
        if not out:
            self.fail(f"{key} names no faction", "faction letters")
        return tuple(out)

    def seats(self, value: str) -> tuple[int, ...]:
        """Our `Seats: 3, 1, 2`: the engine's seat (1-based, as its "Player 3") of each player line,
        in the player lines' order; each seat once."""
        out = []
        offset = 0
        for entry in value.split(","):
            lead = len(entry) - len(entry.lstrip())
            word = entry.strip()
            if not word.isdigit() or not 1 <= int(word) <= SEATS or int(word) in out:
                self.fail(f"seat {shown(word)!r}", f"seat numbers 1-{SEATS}, each once, comma-separated", offset + lead)
            out.append(int(word))
            offset += len(entry) + 1
        return tuple(out)

    def landmarks(self, value: str, notes: list) -> tuple:
        out = []
        for col, text in split_clauses(value, self.col):
            node = read_clause(text, self.line, col, None, notes, self.source)
            if not isinstance(node, PlaceLandmark):
                raise RootlogError(f"`{shown(text)}` is no landmark setup", self.line, col, "`<landmark>-><clearing>`",
                                   self.source)
            out.append(node)
        return tuple(out)

    def hirelings(self, value: str, notes: list) -> tuple[tuple[str, ...], tuple]:
        """`<Hireling>, <Hireling>, <Hireling>[/<setup clause>...]`."""
        listing, _, rest = value.partition("/")
        hired = []
        offset = 0
        for entry in listing.split(","):
            lead = len(entry) - len(entry.lstrip())
            m = HIRELING.match(entry.strip())
            if not m or m.group(1) not in names.HIRELINGS:
                self.fail(f"hireling {shown(entry.strip())!r}",
                          "`h_<type>[d]` (type: " + " ".join(names.HIRELINGS) + ")", offset + lead)
            hired.append(entry.strip())
            offset += len(entry) + 1
        setup = []
        if rest:
            base = self.col + len(listing) + 1
            for col, text in split_clauses(rest, base):
                setup.append(read_clause(text, self.line, col, None, notes, self.source))
        return tuple(hired), tuple(setup)


def split_clauses(body: str, col: int):
    """(column, text) of each clause of a turn body, split at `/` and `;`, spaces trimmed; an
    empty clause keeps its column (the reader reports it)."""
    out = []
    start = 0
    for piece in CLAUSE_SEP.split(body):        # split in C, not a Python step a character
        lead = len(piece) - len(piece.lstrip())
        out.append((col + start + lead, piece.strip()))
        start += len(piece) + 1
    return out
