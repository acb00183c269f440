"""Framing of `wyrm engine` exactly as docs/protocol.md says (issue 9): only spaces and tabs
separate words, so a line of only Unicode whitespace (U+00A0, U+2028, ...) is a command name and
gets its `?unknown_command` reply; ids are normalised (leading zeros dropped) on every reply,
whichever error it is; replies never hold a line break but their LFs; an internal error is a
`?internal` reply and the engine runs on."""
from __future__ import annotations

import io

import pytest

from wyrm_ai.protocol import commands
from wyrm_ai.protocol.io import LineReader, format_reply, id_of_raw, parse_line, words
from protocol_client import Engine
from test_protocol import Harness, reply_lines, strip_info

UNICODE_SPACES = ["\u00a0", "\u2028", "\u2029", "\u3000", "\u2003", "\u0085", "\u200b", "\u00a0 \u2028"]


def head(out: str) -> str:
    return strip_info(out).split("\n", 1)[0]


@pytest.mark.parametrize("space", UNICODE_SPACES, ids=[f"U+{ord(c[0]):04X}" for c in UNICODE_SPACES])
def test_a_line_of_only_unicode_whitespace_gets_exactly_one_reply(space):
    h = Harness()
    out = h.send(space)
    assert head(out).startswith("? unknown_command: "), out
    assert out.count("\n\n") == 1 and out.endswith("\n\n")
    out = h.send("42 " + space)
    assert head(out).startswith("?42 unknown_command: ")


@pytest.mark.parametrize("line", ["", " ", "   ", "\t", " \t \t "])
def test_a_line_of_only_spaces_and_tabs_gets_no_reply(line):
    h = Harness()
    assert h.send(line) == ""
    assert parse_line(line.encode()) is None


def test_only_spaces_and_tabs_separate_words():
    assert words(" a\tb  c ") == ["a", "b", "c"]
    assert words("a\u00a0b c\u2028d") == ["a\u00a0b", "c\u2028d"]
    c = parse_line("7 setoption\u00a0seed 5".encode())
    assert (c.id, c.name, c.args) == ("7", "setoption\u00a0seed", "5")
    h = Harness()
    assert h.err("go\u00a0sims 5").startswith("unknown_command")
    assert h.err("go sims\u00a05").startswith("syntax")
    assert h.err("new marquise\u00a0wyrm").startswith("syntax")


@pytest.mark.parametrize("raw,code", [
    (b"007 " + b"x" * 70_000, "input"),            # too long
    (b"007 name \xff", "input"),                   # not UTF-8
    (b"007 na\x01me", "input"),                    # a control character
    (b"007", "syntax"),                            # an id and nothing else
    (b"007 nosuchcommand", "unknown_command"),
    (b"007 undo zero", "syntax"),
    (b"007 play nonsense", "illegal"),
    (b"\t007\tname \xff", "input"),
], ids=["too-long", "not-utf8", "control", "id-only", "unknown", "syntax", "illegal", "tabs"])
def test_ids_lose_their_leading_zeros_on_every_reply(raw, code):
    h = Harness()
    reader = LineReader(io.BytesIO(raw + b"\n"))
    line, too_long = reader.next()
    start = h.buf.tell()
    h.session.handle(line, too_long)
    h.buf.seek(start)
    out = h.buf.read().decode()
    assert head(out).startswith(f"?7 {code}: "), out


def test_the_id_of_an_unparsable_line_is_read_like_parse_line_reads_it():
    for raw, want in ((b"0042 x\xff", "42"), (b"000 \xff", "0"), (b"1" * 19 + b" \xff", None),
                      (b"12\xff", None), (b"\xc2\xa012 \xff", None), (b" 12\t\xff", "12")):
        assert id_of_raw(raw) == want, raw


def test_replies_hold_no_line_break_but_lf():
    out = format_reply(False, "3", "file: cannot read save a\u2028b\u0085c\rd\x0be")
    assert out.count("\n") == 2 and out.endswith("\n\n")
    assert len(out[:-2].splitlines()) == 1 and "\\u2028" in out and "\\u0085" in out
    h = Harness()
    out = h.send("load no\u2028such\u2029file.json")
    assert len(strip_info(out)[:-2].splitlines()) == 1, out
    assert head(out).startswith("? file: cannot read save no\\u2028such\\u2029file.json")


def test_an_internal_error_is_a_reply_and_the_engine_runs_on(monkeypatch):
    def broken(s, cmd):
        raise ZeroDivisionError("a bug")
    monkeypatch.setitem(commands.COMMANDS, "legal", (broken, True))
    h = Harness()
    assert h.err("05 legal") == "internal: ZeroDivisionError: a bug"
    assert head(h.send("05 legal")) == "?5 internal: ZeroDivisionError: a bug"
    assert h.ok("isready") == ["readyok"]


def test_the_real_engine_answers_unicode_whitespace_lines_and_keeps_going():
    e = Engine("--seed", "1")
    try:
        for i, space in enumerate(UNICODE_SPACES, start=1):
            r = e.cmd(f"0{i} {space}")
            assert not r.ok and r.id == str(i) and r.text.startswith("unknown_command: "), r
            assert len(r.lines) == 1
        r = e.cmd("\u2028")
        assert not r.ok and r.id is None
        e.send("   ")                               # no reply: the next reply is isready's
        assert e.ok("9 isready").id == "9"
        assert e.cmd("0012 load /dev/null").id == "12"
        assert e.ok("quit").ok
    finally:
        assert e.close() == 0
