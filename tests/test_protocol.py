"""The engine protocol in process (wyrm_ai.protocol): framing, every command's replies and
errors, positions, chance modes, undo, hidden information and the state JSON against the schema
in docs/protocol.md. The subprocess tests are test_protocol_conformance.py and _fuzz.py."""
from __future__ import annotations

import io
import os
import json
import re
from pathlib import Path

import pytest

from wyrm_ai.model.game import Game
from wyrm_ai.protocol import Session
from wyrm_ai.protocol.commands import COMMANDS, parse_position
from wyrm_ai.protocol.io import MAX_LINE, LineReader, ProtocolError, Writer, format_reply, parse_line
from wyrm_ai.protocol.views import state_view, views_of

DOC = Path(__file__).resolve().parent.parent / "docs" / "protocol.md"


class Harness:
    def __init__(self, seed=1):
        self.buf = io.BytesIO()
        self.session = Session(Writer(self.buf), seed=seed)

    def send(self, line) -> str:
        start = self.buf.tell()
        self.session.handle(line if isinstance(line, bytes) else line.encode())
        with self.session.lock:          # a job clears itself and writes its reply under this lock
            job = self.session.job
        if job is not None:
            job.join(30)
        self.buf.seek(start)
        out = self.buf.read().decode()
        return out

    def ok(self, line) -> list[str]:
        out = self.send(line)
        assert strip_info(out).startswith("="), (line, out)
        return reply_lines(out)

    def err(self, line) -> str:
        out = self.send(line)
        assert strip_info(out).startswith("?"), (line, out)
        return reply_lines(out)[0]


def strip_info(out: str) -> str:
    return "\n".join(l for l in out.split("\n") if not l.startswith("info "))


def reply_lines(out: str) -> list[str]:
    out = strip_info(out)
    assert out.endswith("\n\n")
    head, *rest = out[:-2].split("\n")
    first = head.partition(" ")[2]
    return ([first] if first else []) + rest


@pytest.fixture
def h():
    return Harness()


def test_framing():
    assert parse_line(b"") is None and parse_line(b"   ") is None
    c = parse_line(b"007 play  hoard 5 F#anvil ")
    assert (c.id, c.name, c.args) == ("7", "play", "hoard 5 F#anvil")
    assert parse_line(b"name\r".rstrip(b"\r")).name == "name"
    assert parse_line(b"play\tpass").args == "pass"
    for bad, code in ((b"\xff", "input"), (b"na\x00me", "input"), (b"12", "syntax"), (b"1" * 19 + b" name", "syntax")):
        with pytest.raises(ProtocolError) as e:
            parse_line(bad)
        assert e.value.code == code
    assert format_reply(True, None) == "=\n\n"
    assert format_reply(True, "3", "a\nb") == "=3 a\nb\n\n"
    assert format_reply(False, None, "syntax: x") == "? syntax: x\n\n"


def test_line_reader_caps_long_lines():
    data = b"name\n" + b"y" * (MAX_LINE + 10) + b"\nversion\n" + b"z" * MAX_LINE + b"\nlast"
    r = LineReader(io.BytesIO(data))
    assert r.next() == (b"name", False)
    line, too_long = r.next()
    assert too_long and len(line) <= 64
    assert r.next() == (b"version", False)
    assert r.next() == (b"z" * MAX_LINE, False)
    assert r.next() == (b"last", False)
    assert r.next() is None


def test_every_command_is_documented():
    doc = DOC.read_text()
    for name in COMMANDS:
        assert f"`{name}" in doc, name


def test_identity_commands(h):
    assert h.ok("protocol_version") == ["2.21"]
    assert h.ok("name") == ["wyrm-ai"]
    assert h.ok("list_commands") == list(COMMANDS)
    assert h.ok("known_command play") == ["true"]
    assert h.ok("known_command Play") == ["false"]
    assert h.err("known_command").startswith("syntax")
    assert h.err("name now").startswith("syntax")
    assert h.err("fly").startswith("unknown_command")
    assert h.send("5 name") == "=5 wyrm-ai\n\n"
    assert h.send("6 fly").startswith("?6 unknown_command")


def test_new_accepts_both_factions_in_turn_order(h):
    lines = h.ok("new wyrm marquise 4")
    assert lines[-1] == "to_move marquise marquise_keep"
    assert lines[:-1] == ["?: draw (wyrm)"] * 3 + ["?: draw (marquise)"] * 3   # the first seat is dealt first
    assert h.session.game.first == 1 and h.session.options.seed == 4
    for bad in ("new", "new marquise", "new marquise marquise", "new vagabnd wyrm", "new marquise wyrm x",
                "new marquise wyrm -1", "new marquise wyrm 1 2", "new vagabond marquise marquise"):
        before = h.session.game.state.state_bytes()
        assert h.err(bad).startswith("syntax"), bad
        assert h.session.game.state.state_bytes() == before
    # the same seed deals the same cards
    a = Harness(seed=9); b = Harness(seed=123)
    a.ok("new marquise wyrm 77"); b.ok("new marquise wyrm 77")
    assert a.session.game.state.state_bytes() == b.session.game.state.state_bytes()


def test_position_parsing():
    assert parse_position("") == ("marquise", [])
    assert parse_position("startpos first=wyrm") == ("wyrm", [])
    assert parse_position("moves draw F#anvil; ?: roll 3,1 ;; hoard 5 F#anvil;") == (
        "marquise", ["draw F#anvil", "?: roll 3,1", "hoard 5 F#anvil"])
    for bad in ("first=eyrie", "junk", "startposmoves x", "first wyrm"):
        with pytest.raises(ProtocolError):
            parse_position(bad)


def test_position_replays_a_record_and_rejects_a_bad_one(h):
    h.ok("new marquise wyrm 5")
    for _ in range(12):
        h.ok("play " + h.ok("legal")[0])
    record = h.ok("record referee")
    assert record == h.session.game.record_lines()
    state = h.session.game.state.state_bytes()
    h.ok("new wyrm marquise 6")
    h.ok("position startpos first=marquise moves " + "; ".join(record))
    assert h.session.game.state.state_bytes() == state
    before = h.session.game.state.state_bytes()
    msg = h.err("position moves " + "; ".join(record[:3] + ["XW5"]))
    assert msg.startswith("illegal: move 4")
    assert h.session.game.state.state_bytes() == before
    # a record that stops at a chance event is completed by the engine's own draws
    lines = h.ok("position moves draw F#anvil")
    assert lines[-1] == "to_move marquise marquise_keep" and len(lines) == 6
    assert h.ok("position startpos")[-1] == "to_move marquise marquise_keep"


def test_play_reports_events_and_rejects_bad_actions(h):
    lines = h.ok("play C: t_k->1")
    assert lines == ["C: t_k->1", "to_move marquise marquise_setup_build"]
    before = h.session.game.state.state_bytes()
    assert h.err("play XW5").startswith("illegal")
    assert h.err("play W: b_s->1").startswith("illegal")      # wrong seat prefix
    assert h.err("play roll 3,1").startswith("illegal")
    assert h.err("play").startswith("syntax")
    assert h.err("chance roll 3,1").startswith("not_now")
    assert h.session.game.state.state_bytes() == before
    assert h.ok("play B_S -> 1")[0] == "C: b_s->1"                # case and spaces do not matter


def test_external_chance(h):
    assert h.ok("setoption chance external") == ["to_move marquise marquise_keep"]
    assert h.ok("new marquise wyrm") == ["to_move chance deal"]
    assert h.err("play t_k->1").startswith("not_now")
    assert h.err("go").startswith("not_now")
    outcomes = h.ok("legal")
    assert "draw F#anvil" in outcomes and all(o.startswith("draw ") for o in outcomes)
    assert h.err("chance roll 3,1").startswith("illegal")
    assert h.ok("chance F#anvil") == ["?: draw F#anvil", "to_move chance deal"]
    assert h.ok("undo") == ["to_move chance deal"] and h.session.game.record == []
    assert h.err("undo").startswith("not_now")
    h.ok("chance draw F#anvil")
    lines = h.ok("setoption chance internal")                   # resolves the rest of the deal
    assert len(lines) == 6 and lines[-1] == "to_move marquise marquise_keep"
    assert all(l.startswith("?: draw (") for l in lines[:-1])


def test_undo_takes_back_decisions_with_their_chance_events(h):
    h.ok("new marquise wyrm 3")
    start = h.session.game.state.state_bytes()
    n0 = len(h.session.game.record)
    played = []
    for _ in range(30):
        a = h.ok("legal")[-1]
        played.append(a)
        h.ok("play " + a)
    seats = h.session.game.record_seats
    assert h.ok("undo 30")[-1] == "to_move marquise marquise_keep"
    assert h.session.game.state.state_bytes() == start and len(h.session.game.record) == n0
    assert h.err("undo").startswith("not_now")
    assert h.err("undo 0").startswith("syntax") and h.err("undo x").startswith("syntax")
    assert len(seats) >= 30


def test_setoption(h):
    h.ok("setoption level easy")
    assert "budget heuristic" in h.ok("options")
    assert h.ok("go")[0].startswith("bestmove t_k->")
    h.ok("setoption name budget value 50ms")
    assert "budget 50ms" in h.ok("options")
    h.ok("setoption budget 40")
    h.ok("setoption threads 1")
    h.ok("setoption seed 12")
    assert h.ok("options") == ["level easy", "budget 40", "threads 1", "seed 12", "chance internal",
                               "max_nodes 4000000", "tree_seats observer", "map autumn", "suits random",
                               "deck standard", "setup standard", "draft off", "character any", "hirelings none",
                               "growth_caps 1,2,2,3,4,5",
                               "bot_variant original",
                               "difficulty normal", "traits none"]
    for bad in ("setoption", "setoption level godlike", f"setoption threads {os.cpu_count() + 1}", "setoption budget 0",
                "setoption budget xms", "setoption seed -1", "setoption chance maybe", "setoption colour red",
                "setoption level easy hard", "setoption max_nodes 999", "setoption max_nodes 50000001"):
        assert h.err(bad).startswith("syntax"), bad
    assert h.ok("options") == ["level easy", "budget 40", "threads 1", "seed 12", "chance internal",
                               "max_nodes 4000000", "tree_seats observer", "map autumn", "suits random",
                               "deck standard", "setup standard", "draft off", "character any", "hirelings none",
                               "growth_caps 1,2,2,3,4,5",
                               "bot_variant original",
                               "difficulty normal", "traits none"]
    h.ok("setoption level hard")
    assert "budget 8000" in h.ok("options")


def test_go_answers_a_legal_bestmove(h):
    h.ok("setoption budget 30")
    legal = h.ok("legal")
    out = h.send("8 go sims 40 movetime 5000")
    infos = [l for l in out.split("\n") if l.startswith("info ")]
    # a score: the Marquise's chances at two seats are calibrated (issue 31 item 4; test_calibration.py
    # has a seat without one)
    assert infos and re.fullmatch(r"info sims \d+ elapsed \d+ nps \d+ value [\d.]+ score \d+ nodes \d+ pv \S+ best \S.*",
                                  infos[-1])
    best = reply_lines(out)[0]
    assert best.startswith("bestmove ") and best[9:] in legal
    assert "=8 bestmove" in out
    assert h.err("go sims").startswith("syntax") and h.err("go sims 0").startswith("syntax")
    assert h.err("go depth 3").startswith("syntax")
    h.ok("play " + best[9:])


def test_save_and_load(h, tmp_path):
    h.ok("play t_k->2")
    p = tmp_path / "a game.json"
    h.ok(f"save {p}")
    assert Game.load(p).record == h.session.game.record
    h.ok("new wyrm marquise 1")
    assert h.ok(f"load {p}")[-1] == "to_move marquise marquise_setup_build"
    assert h.err("load").startswith("syntax") and h.err("save").startswith("syntax")
    assert h.err(f"load {tmp_path / 'none.json'}").startswith("file")


def _schema():
    text = DOC.read_text()
    block = text.split("<!-- state-schema", 1)[1].split("```json", 1)[1].split("```", 1)[0]
    return json.loads(block)


def _games():
    h = Harness(seed=21)
    h.ok("new marquise wyrm 21")
    h.ok("setoption level easy")
    for i in range(400):
        yield h.session.game
        status = h.ok("state public")
        if '"to_move":"over"' in status[0]:
            break
        h.ok("play " + h.ok("go")[0][9:])


def test_state_views_follow_the_schema_and_hide_what_they_should():
    jsonschema = pytest.importorskip("jsonschema")
    validator = jsonschema.Draft202012Validator(_schema())
    seen_battle = False
    for i, game in enumerate(_games()):
        if i % 5:
            continue
        views = {v: state_view(game, v) for v in views_of(game)}
        for v, d in views.items():
            validator.validate(json.loads(json.dumps(d)))
        hand = views["referee"]["hands"]
        assert views["marquise"]["hands"] == {"marquise": hand["marquise"], "wyrm": None}
        assert views["wyrm"]["hands"] == {"marquise": None, "wyrm": hand["wyrm"]}
        assert views["public"]["hands"] == {"marquise": None, "wyrm": None}
        for v in ("marquise", "wyrm", "public"):
            assert "deck" not in views[v] and "core" not in views[v]
        mover = views["public"]["to_move"]
        for v in ("marquise", "wyrm", "public"):
            assert ("legal" in views[v]) == (v == mover)
        assert len(views["referee"]["deck"]) == views["referee"]["deck_size"]
        assert [len(hand[s]) for s in ("marquise", "wyrm")] == list(views["public"]["hand_sizes"].values())
        seen_battle |= views["public"]["battle"] is not None
    assert seen_battle


def test_state_command(h):
    d = json.loads(h.ok("state")[0])
    assert d["view"] == "public" and d["to_move"] == "marquise"
    assert json.loads(h.ok("state Wyrm")[0])["hands"]["marquise"] is None
    assert h.err("state everyone").startswith("syntax")


def test_record_hides_draws_unless_referee(h):
    h.ok("play t_k->1")
    assert h.ok("record")[:7] == ["?: draw (marquise)"] * 3 + ["?: draw (wyrm)"] * 3 + ["C: t_k->1"]
    assert all(l.startswith("?: draw ") and "#" in l for l in h.ok("record referee")[:6])
    assert h.err("record all").startswith("syntax")


def test_quit_stops_reading():
    out = io.BytesIO()
    from wyrm_ai.protocol import serve
    code = serve(io.BytesIO(b"1 name\n2 quit\n3 name\n"), out, seed=1)
    assert code == 0 and out.getvalue() == b"=1 wyrm-ai\n\n=2\n\n"
    out = io.BytesIO()
    assert serve(io.BytesIO(b"name"), out, seed=1) == 0          # EOF without a newline
    assert out.getvalue() == b"= wyrm-ai\n\n"
