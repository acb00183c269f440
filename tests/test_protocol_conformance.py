"""Conformance: `wyrm engine` as a subprocess, driven only through the protocol as
docs/protocol.md defines it: whole games, search and stop, chance owned by the front end,
bad input and the ways a session ends."""
from __future__ import annotations

import json
import random

import pytest

from protocol_client import Engine   # tests/protocol_client.py


@pytest.fixture
def engine():
    e = Engine("--seed", "5")
    yield e
    e.close()


def status(reply) -> list[str]:
    return reply.lines[-1].split()


def test_handshake(engine):
    assert engine.ok("protocol_version").lines == ["2.21"]
    assert engine.ok("7 name").id == "7"
    assert engine.ok("name").lines == ["wyrm-ai"]
    assert engine.ok("version").lines
    commands = engine.ok("list_commands").lines
    for c in ("protocol_version", "name", "version", "list_commands", "known_command", "quit", "new",
              "load", "save", "position", "play", "chance", "legal", "state", "go", "stop", "undo",
              "setoption"):
        assert c in commands
        assert engine.ok(f"known_command {c}").lines == ["true"]
    assert engine.ok("known_command fly").lines == ["false"]
    assert engine.ok("isready").lines == ["readyok"]


def test_whole_game_engine_against_itself(engine):
    """Both seats play by `go`; the engine owns dice and deck. Every reply ends with a status line."""
    engine.ok("setoption budget 8")
    r = engine.ok("new wyrm marquise 11")
    assert status(r)[0] == "to_move"                   # setup: the Marquise places first anyway
    assert json.loads(engine.ok("state public").text)["first"] == "wyrm"
    for n in range(2000):
        words = status(r)
        if words[0] == "game_over":
            break
        assert words[0] == "to_move" and words[1] in ("marquise", "wyrm")
        legal = engine.ok("legal").lines
        assert legal
        best = engine.ok(f"{n} go")
        assert best.id == str(n) and best.lines[0].startswith("bestmove ")
        action = best.lines[0][len("bestmove "):]
        assert action in legal
        r = engine.ok(f"play {action}")
        assert r.lines[0].endswith(action)
    else:
        pytest.fail("no game over after 2000 decisions")
    winner, m, w = words[1], int(words[2]), int(words[3])
    assert winner in ("marquise", "wyrm") and max(m, w) >= 30
    state = json.loads(engine.ok("state public").text)
    assert state["to_move"] == "over" and state["winner"] == winner
    assert state["scores"] == {"marquise": m, "wyrm": w}
    assert not engine.cmd("play pass").ok
    assert not engine.cmd("go").ok
    assert engine.ok("legal").lines == []
    record = engine.ok("record referee").lines
    # the record replays to the same final position
    engine.ok("position startpos first=wyrm moves " + "; ".join(record))
    assert json.loads(engine.ok("state public").text) == state


def test_front_end_owns_the_dice_and_deck(engine):
    """chance external: the engine waits at every chance event; the front end picks outcomes from
    `legal`, and seats choose at random among legal actions; a whole game."""
    rnd = random.Random(3)
    engine.ok("setoption chance external")
    r = engine.ok("new marquise wyrm")
    assert status(r) == ["to_move", "chance", "deal"]
    assert not engine.cmd("play pass").ok               # a seat cannot act at a chance event
    assert not engine.cmd("go").ok
    for _ in range(5000):
        words = status(r)
        if words[0] == "game_over":
            break
        legal = engine.ok("legal").lines
        choice = rnd.choice(legal)
        r = engine.ok(("chance " if words[1] == "chance" else "play ") + choice)
    else:
        pytest.fail("no game over")
    assert words[1] in ("marquise", "wyrm", "none")


def test_stop_ends_a_long_search(engine):
    engine.send("3 go infinite")
    line = engine.readline()
    assert line.startswith("info ")
    busy = engine.cmd("go sims 5")                     # a go while searching
    assert not busy.ok and busy.lines[0].startswith("busy")
    assert not engine.cmd("play t_k->1").ok
    assert engine.ok("isready").lines == ["readyok"]   # still answering while it thinks
    engine.send("4 stop")
    best = engine.reply()
    assert best.id == "3" and best.lines[0].startswith("bestmove t_k->")
    assert engine.reply().id == "4"                    # stop's own reply follows go's
    info = engine.infos[-1].split()
    assert info[0] == "info" and info[1] == "sims" and int(info[2]) > 0
    assert engine.ok("stop").lines == []               # stop with nothing to stop


def test_quit_during_a_search_and_input_after_quit(engine):
    engine.send("go infinite")
    engine.send("9 quit")
    engine.send("name")                                # never read
    assert engine.reply().lines[0].startswith("bestmove")
    assert engine.reply().id == "9"
    assert engine.readline() is None
    assert engine.close() == 0


def test_eof_ends_cleanly(engine):
    engine.send("go infinite")
    assert engine.readline().startswith("info ")
    engine.proc.stdin.close()
    assert engine.reply().lines[0].startswith("bestmove")
    assert engine.readline() is None
    assert engine.close() == 0


def test_bad_bytes_long_lines_and_blank_lines(engine):
    before = engine.ok("state referee").text
    r = engine.cmd(b"12 play \xff\xfe")
    assert not r.ok and r.id == "12" and r.lines[0].startswith("input")
    r = engine.cmd(b"13 " + b"x" * 200_000)
    assert not r.ok and r.id == "13" and r.lines[0].startswith("input")
    r = engine.cmd(b"play \x00 pass")
    assert not r.ok and r.lines[0].startswith("input")
    engine.send("")                                     # ignored: no reply
    engine.send("   ")
    assert engine.ok("14 name").id == "14"
    assert engine.ok("state referee").text == before


def test_save_and_load_round_trip(engine, tmp_path):
    engine.ok("new marquise wyrm 2")
    engine.ok("play t_k->1")
    path = tmp_path / "game.json"
    engine.ok(f"save {path}")
    referee = engine.ok("state referee").text
    engine.ok("new wyrm marquise 3")
    assert engine.ok(f"load {path}").lines[-1] == "to_move marquise marquise_setup_build"
    assert engine.ok("state referee").text == referee
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    r = engine.cmd(f"load {bad}")
    assert not r.ok and r.lines[0].startswith("file")
    assert not engine.cmd(f"load {tmp_path / 'missing.json'}").ok
    assert not engine.cmd(f"save {tmp_path / 'no' / 'dir' / 'x.json'}").ok
    assert engine.ok("state referee").text == referee
