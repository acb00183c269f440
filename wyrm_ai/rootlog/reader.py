"""Reading a whole Rootlog record: comments, the header lines, one turn a line
(`<Faction>:clause/clause/...`), the Winner line. `read_text(..., strict=True)` raises the first
RootlogError; the lenient read (the default) keeps going, puts an Unknown clause where a clause
does not read, and lists every error with its line and column in `Record.errors`."""
from __future__ import annotations

import re
from pathlib import Path

from wyrm_ai.model.factions import LEGACY_UNDRAFTED_LETTER, UNDRAFTED_LETTER
from wyrm_ai.model.files import MAX_READ_BYTES, read_regular
from wyrm_ai.rootlog import names
from wyrm_ai.rootlog.clauses import read_clause
from wyrm_ai.rootlog.header import KEY_LINE, KEYS, PLAYER_LINE, HeaderLine, split_clauses
from wyrm_ai.rootlog.tree import Header, Note, Record, RootlogError, Turn, Unknown, shown

TURN_LINE = re.compile(r"([A-Z]):(.*)$")
COMMENT = "//"


class _Errors:
    def __init__(self, strict: bool):
        self.strict, self.errors = strict, []

    def add(self, error: RootlogError):
        if self.strict:
            raise error
        # kept without its traceback, which would hold every parser frame it came through alive
        self.errors.append(error.with_traceback(None))


def read_text(text: str, source: str = "", strict: bool = False) -> Record:
    """The Record of Rootlog text; `source` (a file name) prefixes the errors' positions."""
    errs = _Errors(strict)
    notes: list[Note] = []
    fields: dict = {}
    lines: dict = {}
    players: list[tuple[str, str]] = []
    turns: list[Turn] = []
    played: set[str] = set()            # the factions with a turn line so far (one look a line)
    comments: list[tuple[int, str]] = []
    winners = None
    seen_key = -1
    if text.startswith("\ufeff"):
        text = text[1:]
    text = legacy_undrafted(text)
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.rstrip("\r")
        cut = line.find(COMMENT)
        body, comment = (line, None) if cut < 0 else (line[:cut], line[cut + len(COMMENT):].strip())
        if not body.strip():
            if comment is not None:
                comments.append((number, comment))
            continue
        indent = len(body) - len(body.lstrip())
        body = body.strip()
        col = indent + 1
        try:
            if winners is not None:
                raise RootlogError("a line after the Winner line", number, col, "nothing after `Winner:`", source)
            key = KEY_LINE.match(body)
            player = PLAYER_LINE.match(body)
            turn = TURN_LINE.match(body)
            if key:
                value = key.group(2).strip()
                at = HeaderLine(number, col + key.start(2), source)
                name = key.group(1)
                if name == "Winner":
                    winners = at.factions("Winner", value)
                    continue
                if name in fields:
                    raise RootlogError(f"a second `{name}:` line", number, col, "each header line once", source)
                order = KEYS.index(name)
                if order < seen_key or players or turns:
                    raise RootlogError(f"`{name}:` out of place", number, col,
                                       "the header lines in the order " + ", ".join(KEYS) + ", then the players",
                                       source)
                seen_key = order
                fields[name] = header_value(at, name, value, notes)
                lines[name] = number
            elif player and player.group(1) in names.FACTIONS and (
                    (player.group(1) not in lines and player.group(1) not in played)
                    or undrafted_again(player.group(1), fields, turns)):
                players.append((player.group(1), player.group(2).strip()))
                lines[player.group(1)] = number
            elif turn and turn.group(1) in names.FACTIONS:
                faction = turn.group(1)
                if players and faction not in lines:
                    notes.append(Note(number, col, f"a turn of {faction}, who is not among the players"))
                played.add(faction)
                turns.append(read_turn(faction, turn.group(2), number, col + 2, comment, notes, errs, source))
            else:
                raise RootlogError(f"`{shown(body)}` is no header line, turn line or comment", number, col,
                                   "`<Faction>:` and clauses, a header line (`Map:` ...) or `//`", source)
        except RootlogError as e:
            errs.add(e)
    for key, needed in (("Map", True), ("Deck", True),
                        ("Clearings", fields.get("Map", "Fall") != "Fall")):
        if needed and key not in fields:
            errs.add(RootlogError(f"no `{key}:` line", 1, 1, f"a `{key}:` header line" +
                                  (" (only the Fall map may leave it out)" if key == "Clearings" else ""), source))
    hired, setup = fields.get("Hirelings", ((), ()))
    header = Header(fields.get("Map"), fields.get("Deck"), fields.get("Clearings"), fields.get("Landmarks", ()),
                    hired, setup, fields.get("Pool"), tuple(players), tuple(lines.items()),
                    fields.get("Seats"))
    return Record(header, tuple(turns), winners, tuple(notes), tuple(errs.errors), tuple(comments))


def legacy_undrafted(text: str) -> str:
    """A file written while a draft lasted, before the Underground Duchy took the letter `D`, names
    each player who had not chosen yet `D` (now `U`, factions.UNDRAFTED_LETTER). Such a file has a
    `Pool:` without `D` (the Duchy could not be drafted then) and a `D: <name>` player line before any
    turn; in it every `D` outside comments and player names is that letter, read as `U`. Any other
    text is returned as it is."""
    d, u = LEGACY_UNDRAFTED_LETTER, UNDRAFTED_LETTER
    rows = text.splitlines(keepends=True)
    pool, legacy = None, False
    for raw in rows:
        body = raw.split(COMMENT, 1)[0].strip()
        key = KEY_LINE.match(body)
        if key and key.group(1) == "Pool":
            pool = key.group(2)
        elif key:
            continue
        elif PLAYER_LINE.match(body) and body.startswith(d + ":"):
            legacy = pool is not None and d not in pool
            break
        elif TURN_LINE.match(body):
            break
    if not legacy:
        return text
    out, turned = [], False
    for raw in rows:
        cut = raw.find(COMMENT)
        body, rest = (raw, "") if cut < 0 else (raw[:cut], raw[cut:])
        stripped = body.strip()
        if KEY_LINE.match(stripped) or not TURN_LINE.match(stripped):
            out.append(raw)
        elif not turned and PLAYER_LINE.match(stripped):      # a player line: its name kept
            out.append(body.replace(d, u, 1) + rest if stripped.startswith(d) else raw)
        else:
            turned = True
            out.append(body.replace(d, u) + rest)
    return "".join(out)


def undrafted_again(letter: str, fields: dict, turns: list) -> bool:
    """A second player line `U: <name>` before any turn of a draft whose pool holds no `U`: our
    writer's file written while the draft lasts names every player who has not chosen yet `U`
    (factions.UNDRAFTED_LETTER; LoR 16.1.8.2), so several players may share it."""
    return (letter == UNDRAFTED_LETTER and not turns and fields.get("Pool") is not None
            and UNDRAFTED_LETTER not in fields["Pool"])


def header_value(at: HeaderLine, name: str, value: str, notes: list):
    if name == "Map":
        return at.one_of("map", value, names.MAPS)
    if name == "Deck":
        return at.one_of("deck", value, names.DECKS)
    if name == "Clearings":
        return at.clearings(value)
    if name == "Pool":
        return at.factions("Pool", value)
    if name == "Seats":
        return at.seats(value)
    if name == "Landmarks":
        return at.landmarks(value, notes)
    return at.hirelings(value, notes)


def read_turn(faction: str, body: str, line: int, col: int, comment: str | None, notes: list, errs: _Errors,
              source: str) -> Turn:
    """A turn line's clauses (`<Faction>:` alone is a turn where nothing was recorded)."""
    clauses = []
    for c, text in (split_clauses(body, col) if body.strip() else ()):
        try:
            clauses.append(read_clause(text, line, c, faction, notes, source))
        except RootlogError as e:
            errs.add(e)
            clauses.append(Unknown(e, line=line, col=c, text=text))
    return Turn(faction, tuple(clauses), line, comment)


def read_file(path, strict: bool = False) -> Record:
    """The Record of a Rootlog file (UTF-8); RootlogError when it cannot be read as text. Only a
    regular file of at most files.MAX_READ_BYTES is read, as a save is (issue 29 item 9): a FIFO,
    device or directory is refused without blocking or reading it."""
    p = Path(path)
    try:
        text = read_regular(p, MAX_READ_BYTES).decode("utf-8")
    except OSError as e:
        raise RootlogError(f"cannot read {p}: {e.strerror or e}") from None
    except UnicodeDecodeError as e:
        raise RootlogError(f"{p} is not UTF-8 text (byte {e.start})") from None
    return read_text(text, str(p), strict)
