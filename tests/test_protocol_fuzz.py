"""Fuzz: thousands of random and malformed lines sent to `wyrm engine` between legal commands.
The engine must answer every one, stay alive, never report an internal error, and a rejected
line must leave the game (the referee state) and the options exactly as they were."""
from __future__ import annotations

import random

from protocol_client import Engine   # tests/protocol_client.py
from wyrm_ai.protocol.io import MAX_LINE, ProtocolError, parse_line

N_LINES = 2200
WORDS = ["play", "chance", "undo", "new", "position", "setoption", "state", "legal", "record",
         "known_command", "name", "version", "stop", "isready", "options", "list_commands",
         "protocol_version", "go", "load", "save", "marquise", "wyrm", "moves", "startpos",
         "first=", "sims", "movetime", "level", "budget", "seed", "threads", "chance", "external",
         "referee", "public", "pass", "XW5", "t_k->1", "b_s->3", "roll 3,1", "draw F#anvil",
         "hoard 5 F#anvil", "p5->1", "(p+2w)5->1", "F#ambush@", "-1", "0", "999999999999",
         "1e9", "ms", ";", "=", "?", "#", "\u00e9", "\u2603", "\U0001F409", "C:", "W:", "?:"]
CRAFTED = [b"go sims", b"go sims 0", b"go sims -5", b"go movetime x", b"go bogus 3", b"go sims 5 sims",
           b"load /nonexistent/wyrm/save.json", b"load", b"save", b"save /nonexistent/dir/x.json",
           b"quit now", b"stop 3", b"undo 0", b"undo 100000", b"undo x", b"new", b"new marquise",
           b"new marquise marquise", b"new eyrie wyrm", b"new marquise wyrm -1", b"new marquise wyrm x y",
           b"position startpos first=eyrie", b"position junk", b"position moves XW99",
           b"position first=wyrm moves pass; pass", b"setoption", b"setoption level godlike",
           b"setoption threads 8", b"setoption budget 0", b"setoption budget -3ms", b"setoption seed x",
           b"setoption chance maybe", b"setoption colour blue", b"state nobody", b"legal now",
           b"record all", b"chance roll 3,1", b"chance draw F#anvil", b"play", b"play XW99",
           b"play roll 3,1", b"1234567890123456789012 name", b"42", b"\xff\xfe\xfd", b"play \xc3\x28",
           b"\x00", b"name\x07", b"\x1b[31m", "\u2603 play".encode()]


def random_line(rnd: random.Random, legal: list[str]) -> bytes:
    kind = rnd.randrange(10)
    if kind == 0:
        return bytes(rnd.randrange(256) for _ in range(rnd.randrange(1, 80))).replace(b"\n", b"")
    if kind == 1:
        return "".join(chr(rnd.randrange(32, 127)) for _ in range(rnd.randrange(1, 60))).encode()
    if kind == 2:
        return rnd.choice(CRAFTED)
    if kind == 3 and legal:                             # a legal action, garbled
        text = list(rnd.choice(legal))
        for _ in range(rnd.randrange(1, 3)):
            text[rnd.randrange(len(text))] = rnd.choice("0123456789XWCtpbw_->#%@ ;")
        return ("play " + "".join(text)).encode()
    if kind == 4 and legal:                             # a legal action under the wrong command
        return rnd.choice(["chance ", "undo ", "go ", "setoption ", "new "]).encode() + rnd.choice(legal).encode()
    if kind == 5:
        return b"x" * (MAX_LINE + rnd.randrange(1, 5000)) if rnd.random() < 0.05 else b"play " + b"Z" * 3000
    if kind == 6:                                      # an id in front of junk
        return f"{rnd.randrange(10**6)} ".encode() + random_line(rnd, legal)
    words = [rnd.choice(WORDS) for _ in range(rnd.randrange(1, 6))]
    return " ".join(words).encode("utf-8", "surrogatepass")


def acceptable(line: bytes) -> bool:
    """Lines that get a reply and cannot end the session, start a long search or touch files."""
    if len(line) > MAX_LINE:
        return True
    try:
        cmd = parse_line(line)
    except ProtocolError:
        return True
    if cmd is None:
        return False                                   # blank: no reply (tested elsewhere)
    if cmd.name in ("quit", "go", "save", "load", "setoption"):
        return line in CRAFTED
    return True


def test_engine_survives_malformed_lines_and_they_change_nothing():
    rnd = random.Random(20240607)
    e = Engine("--seed", "9")
    try:
        e.ok("setoption budget 4")
        sent = rejected = 0

        def snapshot():
            return e.ok("state referee").text, e.ok("options").text

        reference = snapshot()
        legal = e.ok("legal").lines
        while sent < N_LINES:
            if sent % 8 == 0:                          # a legal step between the malformed lines
                state = e.ok("state public").text
                if '"to_move":"over"' in state:
                    e.ok(f"new marquise wyrm {sent}")
                else:
                    e.ok("play " + rnd.choice(legal))
                reference = snapshot()
                legal = e.ok("legal").lines
            line = random_line(rnd, legal)
            if not acceptable(line):
                continue
            r = e.cmd(line)
            sent += 1
            assert not r.text.startswith("internal"), (line, r)
            if r.ok:
                reference = snapshot()
                legal = e.ok("legal").lines
            else:
                rejected += 1
                assert snapshot() == reference, line
        assert rejected > N_LINES * 0.8
        assert e.ok("name").lines == ["wyrm-ai"]
        e.ok("quit")
        assert e.close() == 0
        assert e.proc.stderr.read() == b""
    finally:
        e.close()
