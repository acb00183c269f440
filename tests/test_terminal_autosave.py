"""Nothing is lost when the terminal dies (issue 29 item 8): `wyrm play` saves the game to its
record file as it goes (at the start, at each of the person's decisions, at the end of each turn
the person does not play); SIGTERM and SIGHUP save it and exit (143, 129), also while the AI
thinks; a closed terminal (a hangup, EIO on the terminal) saves it without a traceback; after a
kill -9 the record file holds every decision up to the last one made, and the next start removes
the temporary files (`.tmp-*.part`) a save cut short left behind. `--load` of that file resumes at
the same point and plays on exactly as the game would have."""
from __future__ import annotations

import errno
import fcntl
import os
import re
import select
import signal
import sys
import time

import pytest
from click.testing import CliRunner

import wyrm_ai.model.files as files
from wyrm_ai.cli import main
from wyrm_ai.model.game import Game
from wyrm_ai.terminal.leaving import Leave, Leaving
from wyrm_ai.ai.opponent import Opponent
from wyrm_ai.terminal.session import Session
from test_terminal_layout import CMD, Pty

SEED = "7"
ARGS = ["play", "--seed", SEED, "--level", "easy"]
DECISIONS = ["t_k->1", "b_s->1", "b_w->5", "b_r->9", "1", "1", "1"]
RECORD = f"wyrm-game-{SEED}.json"


def reference(tmp_path, monkeypatch, typed) -> list[int]:
    """The record of the same game played in-process (a pipe) with the same decisions, then quit."""
    folder = tmp_path / f"reference-{len(typed)}"
    folder.mkdir()
    monkeypatch.chdir(folder)
    r = CliRunner().invoke(main, ARGS, input="".join(f"{t}\n" for t in typed) + "quit\n",
                           catch_exceptions=False)
    monkeypatch.chdir(tmp_path)
    assert r.exit_code == 0, r.output
    return Game.load(folder / RECORD).record


def started(tmp_path, args=ARGS, **kw) -> Pty:
    t = Pty(args, tmp_path, stderr=open(tmp_path / "stderr.txt", "wb"), **kw)
    assert t.read_until_prompt()
    return t


def play_decisions(t: Pty) -> str:
    """Make the decisions at the prompts; the prompt line after the last one."""
    for typed in DECISIONS:
        t.send(typed)
    return t.raw.decode("utf-8", "replace").rsplit("\n", 1)[-1]


def ended(t: Pty, guard=60.0) -> int:
    """The exit status of the process (the pty read to its end: a hang guard, not a timing)."""
    start = time.monotonic()
    while t.p.poll() is None and time.monotonic() - start < guard:
        try:
            t.read_until_prompt(guard=1.0)
        except AssertionError:
            pass
    return t.p.wait(timeout=30)


def stderr_of(tmp_path) -> str:
    return (tmp_path / "stderr.txt").read_text(errors="replace")


def prompt_of(raw: bytes) -> str:
    return re.sub(r"\x1b\[[0-9;]*[A-Za-z]", "", raw.decode("utf-8", "replace")).rsplit("\n", 1)[-1]


def assert_resumes(tmp_path, monkeypatch, prompt: str) -> None:
    """`wyrm play --load` of the record file shows the same prompt, and plays on as the game
    would have: one more decision, then quit, gives the reference game's record."""
    t = started(tmp_path, ["play", "--load", RECORD])
    try:
        assert prompt_of(t.raw) == prompt_of(prompt.encode())
        t.send("1")
        t.type("quit")
        assert ended(t) == 0
    finally:
        t.close()
    assert Game.load(tmp_path / RECORD).record == reference(tmp_path, monkeypatch, [*DECISIONS, "1"])


@pytest.mark.parametrize("signum, code", [(signal.SIGTERM, 143), (signal.SIGHUP, 129)], ids=["SIGTERM", "SIGHUP"])
def test_a_signal_at_the_prompt_saves_every_decision_and_load_resumes_there(tmp_path, monkeypatch, signum, code):
    """issue 29 item 8: SIGTERM and SIGHUP save the game and exit with 128 + the signal."""
    t = started(tmp_path)
    try:
        prompt = play_decisions(t)
        t.p.send_signal(signum)
        assert ended(t) == code
        assert f"Game saved to {RECORD} ({signum.name}); resume it with" in t.raw.decode("utf-8", "replace")
    finally:
        t.close()
    assert stderr_of(tmp_path) == ""                                      # no traceback
    assert Game.load(tmp_path / RECORD).record == reference(tmp_path, monkeypatch, DECISIONS)
    assert_resumes(tmp_path, monkeypatch, prompt)


def _close_terminal(t: Pty) -> None:
    os.close(t.master)
    t.master = os.open(os.devnull, os.O_RDONLY)          # what Pty.close closes


def test_closing_the_terminal_saves_the_game(tmp_path, monkeypatch):
    """issue 29 item 8: a closed window or tmux hangs the terminal up: SIGHUP, then EIO on it."""
    t = started(tmp_path)
    try:
        prompt = play_decisions(t)
        _close_terminal(t)
        assert t.p.wait(timeout=60) == 129
    finally:
        t.close()
    assert stderr_of(tmp_path) == ""
    assert Game.load(tmp_path / RECORD).record == reference(tmp_path, monkeypatch, DECISIONS)
    assert_resumes(tmp_path, monkeypatch, prompt)


def test_a_closed_terminal_with_sighup_ignored_saves_the_game_without_a_traceback(tmp_path, monkeypatch):
    """issue 29 item 8: under nohup (SIGHUP ignored) a closed terminal is the end of input and
    EIO on output: the game is saved, nothing is printed to the dead terminal, status 0."""
    nohup = [sys.executable, "-c", "import os, signal, sys; signal.signal(signal.SIGHUP, signal.SIG_IGN); "
             "os.execvp(sys.argv[1], sys.argv[1:])", *CMD]
    t = started(tmp_path, cmd=nohup)
    try:
        prompt = play_decisions(t)
        _close_terminal(t)
        assert t.p.wait(timeout=60) == 0
    finally:
        t.close()
    assert stderr_of(tmp_path) == ""
    assert Game.load(tmp_path / RECORD).record == reference(tmp_path, monkeypatch, DECISIONS)
    assert_resumes(tmp_path, monkeypatch, prompt)


def test_kill_9_keeps_every_decision_made_and_the_next_start_removes_stale_temporaries(tmp_path, monkeypatch):
    """issue 29 item 8: the record file is saved at each decision, so kill -9 loses none; a
    temporary file of a save cut short (.tmp-XXXXXXXX.part) goes at the next start, and only a
    stale one of our own naming."""
    t = started(tmp_path)
    try:
        prompt = play_decisions(t)
        t.p.send_signal(signal.SIGKILL)
        assert t.p.wait(timeout=30) == -signal.SIGKILL
    finally:
        t.close()
    assert Game.load(tmp_path / RECORD).record == reference(tmp_path, monkeypatch, DECISIONS)
    old = time.time() - 3600
    for name in (".tmp-ab_cd012.part", ".tmp-young123.part", ".tmp-ABCDEFGH.part", ".tmp-ab_cd012.part.bak",
                 "tmp-ab_cd012.part"):
        (tmp_path / name).write_text("{")
        when = time.time() + 3600 if name == ".tmp-young123.part" else old   # young however slow the start
        os.utime(tmp_path / name, (when, when))
    assert_resumes(tmp_path, monkeypatch, prompt)
    assert not (tmp_path / ".tmp-ab_cd012.part").exists()                # stale and ours: removed
    for kept in (".tmp-young123.part", ".tmp-ABCDEFGH.part", ".tmp-ab_cd012.part.bak", "tmp-ab_cd012.part"):
        assert (tmp_path / kept).exists(), kept


def test_sigterm_while_the_ai_thinks_stops_it_and_saves_the_position_before_its_decision(tmp_path):
    """issue 29 item 8: SIGTERM stops the search (as Ctrl-C does), its choice is not played, and
    the save holds the position where the AI was to decide: --load thinks again from there."""
    t = Pty(["play", "--seed", "2", "--as", "wyrm", "--think", "4"], tmp_path,
            stderr=open(tmp_path / "stderr.txt", "wb"))
    try:
        start = time.monotonic()
        while b"thinking:" not in t.raw:                  # the Marquise (AI) places the Keep
            assert time.monotonic() - start < 60, t.raw[-2000:]
            _read_some(t)
        t.p.send_signal(signal.SIGTERM)
        assert ended(t) == 143
    finally:
        t.close()
    assert stderr_of(tmp_path) == ""
    assert b"stopped by Ctrl-C" not in t.raw
    g = Game.load(tmp_path / "wyrm-game-2.json")
    assert g.factions[g.current_player] == "marquise"
    assert not any(line.startswith("C: ") for line in g.record_lines()), g.record_lines()


def _read_some(t: Pty) -> None:
    r, _, _ = select.select([t.master], [], [], 0.2)
    if r:
        try:
            t.raw += os.read(t.master, 65536)
        except OSError:
            pass


# ---- in-process ------------------------------------------------------------------------------

def test_the_record_file_holds_the_game_at_every_prompt(tmp_path):
    """issue 29 item 8: whenever the person is asked, the record file already holds the game as
    it stands (the AI's turns included), so a dying terminal loses nothing."""
    path = tmp_path / "g.json"
    g = Game(first="marquise")
    typed = iter(["t_k->1", "b_s->1", "b_w->5", "b_r->9"] + ["1"] * 40)
    checked = []

    def read(prompt):
        assert Game.load(path).record == s.game.record
        checked.append(len(s.game.record))
        try:
            return next(typed)
        except StopIteration:
            raise EOFError from None

    s = Session(g, 0, Opponent("easy", 3), 3, settings={"seed": 3, "human": "marquise", "level": "easy",
                "think": None, "first": "marquise"}, record_path=str(path), out=lambda *a, **k: None, read=read)
    assert s.run() == 0
    assert len(checked) == 45 and checked == sorted(checked)
    assert any(line.startswith("W: ") for line in Game.load(path).record_lines())   # the AI's turns


def test_a_failed_autosave_is_said_once_and_the_game_goes_on(tmp_path, monkeypatch):
    """issue 29 item 8: a full disk does not stop the game; the message comes once, not at every
    decision, and the next save that works writes the whole game."""
    monkeypatch.chdir(tmp_path)
    real, failing = os.fsync, {"on": True}

    def fsync(fd):
        if failing["on"]:
            raise OSError(errno.ENOSPC, "No space left on device")
        return real(fd)

    monkeypatch.setattr(files.os, "fsync", fsync)
    typed = iter(["t_k->1", "b_s->1", "b_w->5", "b_r->9", "1", "1"])
    lines = []

    def read(prompt):
        line = next(typed, None)
        if line is None:
            failing["on"] = False
            raise EOFError
        return line

    s = Session(Game(first="marquise"), 0, Opponent("easy", 3), 3, settings={"seed": 3, "human": "marquise",
                "level": "easy", "think": None, "first": "marquise"}, record_path=None,
                out=lambda text, nl=True: lines.append(text), read=read)
    assert s.run() == 0
    text = " ".join(" ".join(lines).split())       # the message wraps at 80 columns
    assert text.count("could not save the game") == 1, lines
    assert "could not save the game: cannot save to wyrm-game-3.json: No space left on device" in text
    assert Game.load(tmp_path / "wyrm-game-3.json").record == s.game.record


def test_a_terminal_gone_while_writing_saves_the_game(tmp_path):
    """issue 29 item 8: EIO writing to the terminal (it hung up) ends the game with a save, and
    nothing more is written to it."""
    path = tmp_path / "g.json"
    typed = iter(["t_k->1", "b_s->1"])
    writes = {"n": 0, "after": 0}

    def out(text, nl=True):
        if writes["n"]:
            writes["after"] += 1
            raise OSError(errno.EIO, "Input/output error")

    def read(prompt):
        line = next(typed, None)
        if line is None:
            writes["n"] = 1                   # the terminal goes away
            return "b_w->5"
        return line

    s = Session(Game(first="marquise"), 0, Opponent("easy", 3), 3, settings={"seed": 3, "human": "marquise",
                "level": "easy", "think": None, "first": "marquise"}, record_path=str(path), out=out, read=read)
    assert s.run() == 0
    assert writes["after"] == 1 and s.leaving.gone
    assert "C: b_w->5" in Game.load(path).record_lines()


def test_a_signal_is_raised_only_where_the_game_is_whole():
    """issue 29 item 8: outside a read or a write the signal waits for the next safe point."""
    leaving = Leaving()
    leaving._handle(signal.SIGTERM, None)          # e.g. in the middle of an action: nothing raised
    assert leaving.pending.signum == signal.SIGTERM
    with pytest.raises(Leave) as e:
        leaving.check()
    assert e.value.exit_code(True) == 143 and e.value.exit_code(False) == 1
    fresh = Leaving()
    with pytest.raises(Leave):
        with fresh.window():
            fresh._handle(signal.SIGHUP, None)     # while waiting at the prompt: at once
    assert Leave(None).exit_code(True) == 0


def test_stale_temporaries_of_our_naming_only_are_removed(tmp_path):
    """issue 29 item 8: remove_stale_temporaries removes an old, unlocked .tmp-XXXXXXXX.part file
    and keeps a young one, one a write holds (locked), links, folders and any other name."""
    old = time.time() - 3600
    names = {"stale": ".tmp-abcdefgh.part", "young": ".tmp-young123.part", "locked": ".tmp-locked12.part",
             "other": ".tmp-abc.part", "upper": ".tmp-ABCDEFGH.part", "suffix": ".tmp-abcdefgh.part~"}
    for key, name in names.items():
        (tmp_path / name).write_text("{")
        when = time.time() + 3600 if key == "young" else old
        os.utime(tmp_path / name, (when, when))
    (tmp_path / "target").write_text("keep me")
    os.symlink(tmp_path / "target", tmp_path / ".tmp-link1234.part")
    (tmp_path / ".tmp-folder12.part").mkdir()
    os.utime(tmp_path / ".tmp-folder12.part", (old, old))
    held = os.open(tmp_path / names["locked"], os.O_RDONLY)
    try:
        fcntl.flock(held, fcntl.LOCK_EX)                  # a write in progress (flock: per open file)
        removed = files.remove_stale_temporaries(str(tmp_path))
    finally:
        os.close(held)
    assert removed == [names["stale"]]
    left = {p.name for p in tmp_path.iterdir()}
    assert names["stale"] not in left
    assert {n for k, n in names.items() if k != "stale"} | {"target", ".tmp-link1234.part", ".tmp-folder12.part"} <= left
    assert (tmp_path / "target").read_text() == "keep me"
    assert files.remove_stale_temporaries(str(tmp_path)) == [names["locked"]]   # its lock released


def test_a_write_holds_the_lock_of_its_temporary_file(tmp_path, monkeypatch):
    """issue 29 item 8: while write_atomic writes, its temporary file is locked, so it is never
    taken for a leftover however old it looks."""
    seen = {}
    real = os.fsync

    def fsync(fd):
        for p in tmp_path.iterdir():
            if files.TEMP_NAME.fullmatch(p.name):
                os.utime(p, (0, 0))                       # looks ancient
                seen["removed"] = files.remove_stale_temporaries(str(tmp_path), older_than=0)
        return real(fd)

    monkeypatch.setattr(files.os, "fsync", fsync)
    files.write_atomic(tmp_path / "x.json", "{}")
    assert seen["removed"] == [] and (tmp_path / "x.json").read_text() == "{}"
