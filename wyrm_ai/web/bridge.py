"""One engine protocol session driven in-process: a protocol command line in, its reply out.

The web board holds no rule and builds no view of its own: every move, undo, search and view goes
through the same `Session` and command handlers as `wyrm engine` (wyrm_ai/protocol), whose Writer
here collects replies instead of writing them to a pipe."""
from __future__ import annotations

import itertools
import json
import threading

from wyrm_ai.protocol.io import ProtocolError, Writer, format_reply
from wyrm_ai.protocol.session import Session


class _Replies(Writer):
    """A Writer that keeps each reply by command id (and the info lines of searches) for the
    thread waiting on it."""

    def __init__(self):
        super().__init__(None)
        self.cond = threading.Condition()
        self.replies: dict[str, tuple[bool, str]] = {}
        self.infos: list[str] = []

    def write(self, text: str) -> None:          # nothing goes to a stream
        pass

    def reply(self, ok: bool, cid, text: str = "") -> None:
        head, *rest = format_reply(ok, cid, text).rstrip("\n").split("\n")
        first = head[1 + len(cid or ""):].lstrip(" ")
        with self.cond:
            self.replies[cid] = (ok, "\n".join([first] + rest) if first else "\n".join(rest))
            self.cond.notify_all()

    def info(self, text: str) -> None:
        with self.cond:
            self.infos.append(text)

    def take(self, cid: str, timeout: float | None = None) -> tuple[bool, str]:
        with self.cond:
            if not self.cond.wait_for(lambda: cid in self.replies, timeout):
                raise TimeoutError(f"no reply to command {cid}")
            return self.replies.pop(cid)


class EngineBridge:
    """Sends protocol commands to one Session and returns their replies. ask() raises the
    engine's own ProtocolError (its code and message) for a `?` reply; a rejected command changes
    nothing, as the protocol promises. Not thread-safe by itself: table.Table serialises calls."""

    def __init__(self, seed: int | None = None):
        self.out = _Replies()
        self.session = Session(self.out, seed)
        self._ids = itertools.count(1)

    def _send(self, line: str) -> str:
        if "\n" in line or "\r" in line:
            raise ProtocolError("input", "a command is one line")
        cid = str(next(self._ids))
        self.session.handle(f"{cid} {line}".encode("utf-8"))
        return cid

    def ask(self, line: str) -> str:
        """The reply text of one command (searches: see go)."""
        ok, text = self.out.take(self._send(line), timeout=600)
        if not ok:
            code, _, message = text.partition(": ")
            raise ProtocolError(code, message)
        return text

    def go(self, args: str = "") -> tuple[str, dict]:
        """Run `go args` to its end: the best action and the fields of its last info line
        (sims, value, score: the calibrated win chance in per mille, where the engine gives one)."""
        with self.out.cond:
            self.out.infos.clear()
        reply = self.ask(f"go {args}".strip())
        with self.out.cond:
            last = self.out.infos[-1] if self.out.infos else ""
        return reply.removeprefix("bestmove "), info_fields(last)

    def state(self, view: str) -> dict:
        return json.loads(self.ask(f"state {view}"))

    def events(self, n: int, view: str) -> list[dict]:
        if n <= 0:
            return []
        return [json.loads(line) for line in self.ask(f"events {n} {view}").split("\n") if line]

    @property
    def game(self):
        """The session's Game, to read (never to change: changes go through commands)."""
        return self.session.game


def info_fields(line: str) -> dict:
    """`sims 10 elapsed 3 value 0.51 score 480 best XW5` -> {'sims': 10, ..., 'best': 'XW5'}."""
    words = line.split(" ")
    out: dict = {}
    i = 0
    while i < len(words) - 1:
        key = words[i]
        if key == "best":
            out["best"] = " ".join(words[i + 1:])
            break
        if key == "tree":                  # `tree full`: the one key without a value
            i += 2
            continue
        value = words[i + 1]
        try:
            out[key] = float(value) if "." in value else int(value)
        except ValueError:
            out[key] = value
        i += 2
    return out
