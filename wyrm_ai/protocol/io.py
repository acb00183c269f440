"""Framing of the engine protocol (docs/protocol.md): reading command lines as bytes with a
length cap, decoding them, splitting off the optional id, and writing whole replies atomically."""
from __future__ import annotations

import re
import threading

MAX_LINE = 64 * 1024            # bytes in one command line, newline excluded
MAX_ID_DIGITS = 18
_ID_PREFIX = re.compile(rb"^[ \t]*([0-9]{1,18})(?:[ \t]|$)")
_CONTROL = re.compile(r"[\x00-\x08\x0a-\x1f\x7f]")
# characters str.splitlines() breaks at besides LF: escaped in replies so a reply line stays one line
_LINE_BREAKS = {c: f"\\u{c:04x}" for c in (0x0b, 0x0c, 0x0d, 0x1c, 0x1d, 0x1e, 0x85, 0x2028, 0x2029)}


class ProtocolError(Exception):
    """A command that is answered with `?`: code is one of the error codes of docs/protocol.md."""

    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code, self.message = code, message

    def __str__(self):
        return f"{self.code}: {self.message}"


class Command:
    """One parsed command line: the optional id, the command name, the argument text."""
    __slots__ = ("id", "name", "args")

    def __init__(self, id, name, args):
        self.id, self.name, self.args = id, name, args

    def __repr__(self):
        return f"Command({self.id!r}, {self.name!r}, {self.args!r})"


class LineReader:
    """Reads raw lines from a binary stream. next() returns (bytes, too_long) or None at EOF;
    a line longer than MAX_LINE is skipped up to its newline and comes back with too_long=True
    and only its first bytes."""

    def __init__(self, stream, max_line: int = MAX_LINE):
        self.stream, self.max_line = stream, max_line

    def next(self):
        line = self.stream.readline(self.max_line + 1)
        if not line:
            return None
        if len(line) <= self.max_line or line.endswith(b"\n"):
            return line.rstrip(b"\r\n"), False
        head = line[:64]
        while True:                               # swallow the rest of the over-long line
            more = self.stream.readline(self.max_line + 1)
            if not more or more.endswith(b"\n"):
                return head, True


def id_of_raw(raw: bytes):
    """The id at the front of a line that cannot be parsed (too long, not UTF-8), normalised as
    parse_line does (leading zeros dropped), so every `?` reply carries the same id."""
    m = _ID_PREFIX.match(raw)
    return str(int(m.group(1))) if m else None


def words(text: str) -> list[str]:
    """The words of a command's text: only spaces and tabs separate them; every other character,
    Unicode whitespace such as U+00A0 or U+2028 included, is part of a word (docs/protocol.md)."""
    return [w for w in text.replace("\t", " ").split(" ") if w]


def _first_word(text: str) -> tuple[str, str]:
    first, _, rest = text.strip(" ").partition(" ")
    return first, rest.strip(" ")


def parse_line(raw: bytes) -> Command | None:
    """A Command from one raw line; None for a line of only spaces and tabs (ignored, no reply).
    Raises ProtocolError('input', ...) for non-UTF-8 bytes or control characters."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise ProtocolError("input", "the line is not valid UTF-8") from None
    text = text.replace("\t", " ")
    if _CONTROL.search(text):
        raise ProtocolError("input", "the line holds control characters")
    name, args = _first_word(text)
    if not name:
        return None
    cid = None
    if name.isascii() and name.isdigit():
        if len(name) > MAX_ID_DIGITS:
            raise ProtocolError("syntax", f"an id has at most {MAX_ID_DIGITS} digits")
        cid = str(int(name))
        name, args = _first_word(args)
        if not name:
            raise ProtocolError("syntax", "a command must follow the id")
    return Command(cid, name, args)


def format_reply(ok: bool, cid, text: str = "") -> str:
    """`=[id] result` or `?[id] message`, ended by a blank line. Result lines are never empty and
    hold no line break but their LF (others are written as \\uXXXX escapes)."""
    text = text.translate(_LINE_BREAKS)
    lines = [line for line in text.split("\n") if line.strip()] if text else []
    head = ("=" if ok else "?") + (cid or "")
    if lines:
        head += " " + lines[0]
    return "\n".join([head] + lines[1:]) + "\n\n"


class Writer:
    """Writes whole replies and info lines to a binary stream under one lock, flushing each.
    A closed pipe marks the writer closed instead of raising."""

    def __init__(self, stream):
        self.stream = stream
        self.lock = threading.Lock()
        self.closed = False

    def write(self, text: str) -> None:
        with self.lock:
            if self.closed:
                return
            try:
                self.stream.write(text.encode("utf-8"))
                self.stream.flush()
            except (OSError, ValueError):
                self.closed = True

    def reply(self, ok: bool, cid, text: str = "") -> None:
        self.write(format_reply(ok, cid, text))

    def info(self, text: str) -> None:
        self.write("info " + text + "\n")
