"""`wyrm play` as a real process: scripted input through a pipe (plain output), a real Ctrl-C
(SIGINT) while the AI thinks, and colour on a pseudo-terminal unless NO_COLOR or TERM=dumb."""
from __future__ import annotations

import os
import re
import select
import shutil
import signal
import subprocess
import sys
import time

import pytest

from wyrm_ai.model.game import Game

ANSI = re.compile(r"\x1b\[")
EXE = shutil.which("wyrm")
CMD = [EXE] if EXE else [sys.executable, "-m", "wyrm_ai.cli"]


def env(**extra):
    e = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR",)}
    e.update({"PYTHONUNBUFFERED": "1", "TERM": "xterm-256color", **extra})
    return e


def test_a_scripted_game_through_a_pipe_is_plain_text(tmp_path):
    p = subprocess.run([*CMD, "play", "--seed", "12", "--level", "easy"], input="hint\n" + "1\n" * 3000,
                       capture_output=True, text=True, timeout=120, cwd=tmp_path, env=env())
    assert p.returncode == 0, p.stderr
    out = p.stdout
    assert not ANSI.search(out) and "\r" not in out               # a pipe: no colour, no live line
    assert "Marquise - setup: place the Keep > hint" in out       # typed lines are echoed
    m = re.search(r"The (Marquise|Wyrm) wins .*: Marquise (\d+) VP, Wyrm (\d+) VP", out)
    assert m, out[-1500:]
    g = Game.load(tmp_path / "wyrm-game-12.json")
    assert g.is_terminal() and g.scores == (int(m.group(2)), int(m.group(3)))


def test_ctrl_c_while_the_ai_thinks_plays_its_best_so_far(tmp_path):
    # the AI is the Marquise and places the Keep first: a 1-second share of a 4-second turn,
    # cut short by SIGINT
    p = subprocess.Popen([*CMD, "play", "--seed", "2", "--as", "wyrm", "--think", "4"],
                         stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         text=True, cwd=tmp_path, env=env(),
                         preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        seen, start = "", time.monotonic()
        while "is thinking" not in seen:
            assert time.monotonic() - start < 30, seen
            seen += p.stdout.readline()
        time.sleep(0.3)
        p.send_signal(signal.SIGINT)
        out, err = p.communicate("save c.json\nquit\n", timeout=60)
    finally:
        if p.poll() is None:
            p.kill()
    out = seen + out
    assert p.returncode == 0, err
    assert re.search(r"C: t_k->[1-4] [^\n]*(\r?\n {8,})?\([^)\n]*stopped by Ctrl-C\)", out), out[-2000:]
    g = Game.load(tmp_path / "c.json")
    assert g.record_lines()[6].startswith("C: t_k->")


def _run_on_a_pty(args, cwd, **extra):
    pty = pytest.importorskip("pty")
    master, slave = pty.openpty()
    p = subprocess.Popen([*CMD, *args], stdin=slave, stdout=slave, stderr=slave, cwd=cwd,
                         env=env(**extra), close_fds=True)
    os.close(slave)
    os.write(master, b"quit\n")
    chunks, start = [], time.monotonic()
    while time.monotonic() - start < 60:
        r, _, _ = select.select([master], [], [], 0.5)
        if r:
            try:
                data = os.read(master, 65536)
            except OSError:
                break
            if not data:
                break
            chunks.append(data)
        elif p.poll() is not None:
            break
    p.wait(timeout=30)
    os.close(master)
    return b"".join(chunks).decode("utf-8", "replace")


def test_colour_on_a_terminal_and_not_with_no_color_or_a_dumb_terminal(tmp_path):
    args = ["play", "--seed", "1", "--level", "easy"]
    assert ANSI.search(_run_on_a_pty(args, tmp_path))
    assert not ANSI.search(_run_on_a_pty(args, tmp_path, NO_COLOR="1"))
    assert not ANSI.search(_run_on_a_pty(args, tmp_path, TERM="dumb"))


def printed_blocks(out: str, starts) -> list[str]:
    """The lines printed after each typed command in starts (up to the next prompt) and after
    each 'Since your last decision:' (the AI's turn in words)."""
    rows, taking = [], False
    for line in out.splitlines():
        if " > " in line:                          # a prompt, with the typed line echoed
            taking = line.rsplit(" > ", 1)[1].strip() in starts
            continue
        if line.startswith("Since your last decision:"):
            taking = True
        elif line.startswith(("YOUR HAND", "Round ", "Setup")) or line.startswith(("+-", "|")):
            taking = False                         # the board (99 columns in a pipe) begins
        if taking:
            rows.append(line)
    return rows


def test_printed_hints_summaries_and_watch_fit_80_columns(tmp_path):
    # issue 10: sequential output fits 80 columns: hint rows (explanations trimmed), why, the AI's
    # turn summary (wrapped) and a whole `wyrm watch` game, boards included
    script = "".join("1\n" if i % 12 else "hint\nwhy\n" for i in range(1, 400)) + "quit\n"
    p = subprocess.run([*CMD, "play", "--seed", "5", "--as", "wyrm", "--level", "easy"], input=script,
                       capture_output=True, text=True, timeout=300, cwd=tmp_path, env=env())
    assert p.returncode == 0, p.stderr
    rows = printed_blocks(p.stdout, ("hint", "why"))
    hints = [r for r in rows if r.startswith("hint:")]
    assert len(hints) >= 5 and any(r.endswith("...") for r in hints)     # a long one was trimmed
    assert sum(r.startswith(("  C: ", "  W: ")) for r in rows) > 20
    assert [r for r in rows if len(r) > 80] == []
    w = subprocess.run([*CMD, "watch", "--seed", "3", "--marquise", "heuristic", "--wyrm", "heuristic"],
                       capture_output=True, text=True, timeout=300, cwd=tmp_path, env=env())
    assert w.returncode == 0, w.stderr
    lines = w.stdout.splitlines()
    assert len(lines) > 300 and any(l.startswith("Round ") for l in lines)
    assert [l for l in lines if len(l) > 80] == []
