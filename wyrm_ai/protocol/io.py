"""Framing of the engine protocol (docs/protocol.md): reading command lines as bytes with a
length cap, decoding them, splitting off the optional id, and writing whole replies atomically."""
from __future__ import annotations

import re
import threading

MAX_LINE = 64 * 1024            # bytes in one command line, newline excluded
MAX_ID_DIGITS = 18
_ID_PREFIX = re.compile(rb"^\s*(\d{1,18})(?:\s|$)")
_CONTROL = re.compile(r"[\x00-\x08\x0a-\x1f\x7f]")


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
    """The id at the front of a line that cannot be decoded, so its `?` reply can carry it."""
    m = _ID_PREFIX.match(raw)
    return m.group(1).decode() if m else None


def parse_line(raw: bytes) -> Command | None:
    """A Command from one raw line; None for an empty line (ignored, no reply).
    Raises ProtocolError('input', ...) for non-UTF-8 bytes or control characters."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise ProtocolError("input", "the line is not valid UTF-8") from None
    text = text.replace("\t", " ")
    if _CONTROL.search(text):
        raise ProtocolError("input", "the line holds control characters")
    parts = text.split(None, 1)
    if not parts:
        return None
    cid = None
    if parts[0].isascii() and parts[0].isdigit():
        if len(parts[0]) > MAX_ID_DIGITS:
            raise ProtocolError("syntax", f"an id has at most {MAX_ID_DIGITS} digits")
        cid = str(int(parts[0]))
        parts = parts[1].split(None, 1) if len(parts) > 1 else []
        if not parts:
            raise ProtocolError("syntax", "a command must follow the id")
    name = parts[0]
    args = parts[1].strip() if len(parts) > 1 else ""
    return Command(cid, name, args)


def format_reply(ok: bool, cid, text: str = "") -> str:
    """`=[id] result` or `?[id] message`, ended by a blank line. Result lines are never empty."""
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
