"""The screen of `wyrm play` at 80x24 and wider (issue 10): the compact board, round numbers and
status wording, the redrawn screen keeping the AI's last turn, the paged action list, line
editing, palettes. The end-to-end test drives a real process on a pseudo-terminal of 80x24 and
reads the final screen with pyte, a terminal emulator."""
from __future__ import annotations

import fcntl
import os
import re
import select
import signal
import shutil
import struct
import subprocess
import sys
import termios
import time

import pytest

from wyrm_ai.model.game import Game
from wyrm_ai.model.textboard.boardview import render, render_board
from wyrm_ai.model.textboard.compact import map_table
from wyrm_ai.terminal.input import choice_groups, numbered_actions
from wyrm_ai.terminal.lineedit import LineReader
from wyrm_ai.terminal.screen import Screen, compose, pages
from wyrm_ai.model.textboard.style import PALETTES, Style, clip, strip, visible_len
from wyrm_ai.terminal.screen import palette_wanted
from wyrm_ai.model.errors import ConfigError
from wyrm_ai.model.redaction import observe
from positions import edit, started

EXE = shutil.which("wyrm")
CMD = [EXE] if EXE else [sys.executable, "-m", "wyrm_ai.cli"]


# ---- the board at any width ---------------------------------------------------------------------

@pytest.mark.parametrize("width", [80, 60, 99, 140])
def test_the_board_fits_the_width_and_shows_every_clearing(width):
    g = started(hands=(("F#anvil",), ()), wyrm_at=None)
    text = render(g, 0, Style(False), width=width)
    assert max(len(l) for l in text.splitlines()) <= width
    if width < 99:
        for n in range(1, 13):
            assert re.search(rf"^ ?{n}[FRM] [CW-] ", text, re.M) or re.search(rf" {n:>2}[FRM] [CW-] ", text), n
        assert "K" in text and " P " in text and "Fs" in text           # Keep, pawn, fear
        assert "your hand: F#taxcollector F#taxcollector F#anvil" in text
    else:
        assert "+- 1 fox" in text


def test_at_80_columns_the_map_is_two_tables_of_six_and_the_board_fits_13_rows():
    g = started()
    d = g.observation(0)
    table = map_table(d, 80, Style(False))
    assert len(table) == 7 and all(len(l) <= 80 for l in table)
    assert table[1].startswith(" 1F") and " 7M" in table[1]            # 1 beside 7, 6 beside 12
    assert table[6].startswith(" 6F") and "12F" in table[6]
    assert "4 7 9 10 11" in table[6]                                    # clearing 12's paths
    assert len(render(g, 0, Style(False), width=80).splitlines()) <= 13


def test_a_clearing_row_with_many_pieces_still_fits_or_falls_to_one_table():
    g = edit(started(), warriors=[12] + [1] * 10 + [3], warrior_supply=0, wood=[3] + [0] * 11,
             wood_supply=5, wyrmlings=[0] * 11 + [8], wyrmling_supply=0, fear=[0] * 11 + [2], pawn=11)
    for width in (80, 60):
        lines = render(g, 0, Style(False), width=width).splitlines()
        assert max(len(l) for l in lines) <= width
        text = "\n".join(lines)
        assert "12w 3wd K" in text and "8w P Fc" in text


def test_render_board_takes_any_view_and_hides_the_hands():
    g = started(hands=(("F#anvil",), ()))
    public = render_board(observe(g.state, "public"), 80)
    assert "your hand" not in public and "anvil" not in public.lower()
    assert "MARQUISE 0 VP" in public                                    # no you/AI label
    wide = render_board(observe(g.state, "public"), 99)
    assert "YOUR HAND" not in wide and "+- 1 fox" in wide


def test_colour_changes_no_visible_text_in_the_compact_board():
    g = started()
    for palette in PALETTES:
        coloured = render(g, 0, Style(True, palette), width=80)
        assert "\x1b[" in coloured and strip(coloured) == render(g, 0, Style(False), width=80)


# ---- round numbers and wording --------------------------------------------------------------------

def status(g, seat=0):
    """The status lines of the 80-column board, joined (they come before the map's header)."""
    lines = strip(render(g, seat, Style(False), width=80)).splitlines()
    return " | ".join(lines[:next(i for i, l in enumerate(lines) if l.startswith("cl "))])


def test_the_status_counts_rounds_not_turns_and_says_actions_left_in_words():
    g = started()                                        # turn 1: the Marquise's Daylight
    assert status(g).startswith("Round 1 - Marquise | Daylight | 3 actions left")
    g = edit(g, actions_left=1)
    assert "| 1 action left |" in status(g)
    g = edit(g, turn_number=9)                          # the ninth turn is the first seat's, round 5
    assert status(g).startswith("Round 5 - Marquise")
    g = edit(g, turn_number=10, turn=1, step=14)        # wyrm_daylight in the tenth turn
    assert status(g).startswith("Round 5 - Wyrm | Daylight")


def test_the_wyrm_status_says_moves_and_battles_left_not_used_over_total():
    g0 = started()
    growth = g0.state.to_dict()["growth"]
    g = edit(g0, turn=1, turn_number=2, step=14, moves_used=1, battles_used=0,
             growth=[growth[0] - 1, growth[1], growth[2]], used_fear=1, used_eat=0, used_terror=0,
             used_hoard=1)
    line = status(g, 1)                                  # Height 1: one move; Bite 2: two battles
    assert "| left: 0 moves, 2 battles, Terrorize, Eat |" in line
    assert "/" not in line.split("|")[2]


def test_the_human_wyrm_setup_names_the_wyrm():
    g = Game()
    while g.step != "wyrm_setup":
        g.apply(g.legal_actions()[0])
    assert status(g, 1).startswith("Setup - the Wyrm | setup: place the Wyrm")
    assert "Marquise" not in status(g, 1).split("|")[0]


# ---- palettes ------------------------------------------------------------------------------------

def test_rabbit_and_the_marquise_differ_in_every_palette():
    for name, theme in PALETTES.items():
        colours = [theme[k] for k in ("marquise", "wyrm", "fox", "rabbit", "mouse")]
        assert len(set(colours)) == len(colours), name


def test_the_palette_comes_from_the_option_then_the_environment():
    assert palette_wanted(None, {}) == "default"
    assert palette_wanted(None, {"WYRM_PALETTE": "cb"}) == "cb"
    assert palette_wanted("basic", {"WYRM_PALETTE": "cb"}) == "basic"
    with pytest.raises(ConfigError, match="no palette 'pink'"):
        palette_wanted(None, {"WYRM_PALETTE": "pink"})


def test_an_unknown_palette_in_the_environment_is_a_usage_error(tmp_path, monkeypatch):
    from click.testing import CliRunner
    from wyrm_ai.cli import main
    monkeypatch.chdir(tmp_path)
    r = CliRunner().invoke(main, ["play", "--seed", "1"], input="quit\n", env={"WYRM_PALETTE": "pink"})
    assert r.exit_code == 2 and "no palette 'pink'" in r.output


def test_clip_cuts_visible_columns_and_keeps_colour_closed():
    st = Style(True)
    text = "ab" + st.paint("cdef", "bold") + "gh"
    assert visible_len(clip(text, 4)) == 4 and strip(clip(text, 4)) == "abcd"
    assert clip(text, 4).endswith("\x1b[0m") and clip("plain", 3) == "pla"


# ---- the screen ----------------------------------------------------------------------------------

def groups_of(n_groups, per_group):
    return [[f"G{g}:"] + [f"  {g}.{i}" for i in range(per_group)] for g in range(n_groups)]


def test_pages_hold_at_most_the_rows_and_repeat_a_cut_groups_heading():
    book = pages(groups_of(2, 7), 5)
    assert all(len(p) <= 5 for p in book)
    assert sum(len([l for l in p if l.startswith("  ")]) for p in book) == 14   # every action once
    assert book[1][0] == "G0: (continued)"


def test_the_screen_fits_and_keeps_the_recent_events_and_pages_the_actions():
    g = started()
    st = Style(False)
    board = render(g, 0, st, width=80).splitlines()
    recent = [f"  W: move {i}" for i in range(12)]
    sc = Screen(board, 80, "Since your last turn:", recent, groups_of(3, 10))
    lines, n = compose(sc, 80, 24, 0, "", st)
    assert len(lines) <= 23 and all(len(l) <= 80 for l in lines)         # the prompt is line 24
    text = "\n".join(lines)
    # issue 28: paged ("page N of M", by whole lines), no longer cut to its last lines
    assert "Since your last turn, page" in text and "W: move 11" in text
    assert n > 1 and "actions page 1 of" in text
    last, _ = compose(sc, 80, 24, n - 1, "", st)
    assert "G2" in "\n".join(last)
    wide, n_wide = compose(sc, 130, 24, 0, "", st)                       # a side panel
    assert all(len(l) <= 130 for l in wide) and "W: move 0" in wide[1][81:] and n_wide <= n


def test_tab_completes_commands_and_legal_actions():
    g = started()
    choices = numbered_actions(g)
    texts = [c.text for c in choices]
    reader = LineReader(words=lambda: ["hint", "help", "undo"] + texts, stdin=open(os.devnull))
    assert reader.readline is None                                       # not a terminal
    assert reader.complete("h", 0) == "help" and reader.complete("h", 1) == "hint"
    assert reader.complete("h", 2) is None
    assert reader.complete("B_", 0) and reader.complete("B_", 0).lower().startswith("b_")
    assert choice_groups(choices, Style(False), 80)


# ---- a real game on an 80x24 pseudo-terminal ---------------------------------------------------------

def controlling_terminal():
    """In the child: a new session whose controlling terminal is the pty (stdin), so Ctrl-C
    typed on it sends SIGINT as on a real terminal, and SIGINT at its default as a shell's
    foreground job has it (a test run started in the background, where the shell ignores SIGINT,
    would hand that on to the game)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    os.setsid()
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


class Pty:
    """wyrm play on a pseudo-terminal of the given size, its output fed to a pyte screen."""

    def __init__(self, args, cwd, columns=80, rows=24, stderr=None, cmd=CMD):
        """stderr: a file for the process's stderr (default: the pty); cmd: the command that
        takes args (default: wyrm)."""
        pyte = pytest.importorskip("pyte")
        import pty
        self.master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
        env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "COLUMNS", "LINES")}
        env.update(TERM="xterm-256color", PYTHONUNBUFFERED="1")
        self.p = subprocess.Popen([*cmd, *args], stdin=slave, stdout=slave,
                                  stderr=slave if stderr is None else stderr, cwd=cwd,
                                  env=env, close_fds=True, preexec_fn=controlling_terminal)
        os.close(slave)
        self.screen = pyte.Screen(columns, rows)
        self.stream = pyte.ByteStream(self.screen)
        self.raw = b""

    def read_until_prompt(self, guard=60.0):
        """Read until the output stops at a prompt (timeout only as a hang guard)."""
        start = time.monotonic()
        while time.monotonic() - start < guard:
            r, _, _ = select.select([self.master], [], [], 0.2)
            if r:
                try:
                    data = os.read(self.master, 65536)
                except OSError:
                    return False
                self.raw += data
                self.stream.feed(data)
                continue
            if self.raw.endswith(b" > ") or self.p.poll() is not None:
                return self.p.poll() is None
        raise AssertionError("no prompt: " + "\n".join(self.screen.display))

    def type(self, text):
        self.raw = b""
        os.write(self.master, text.encode() + b"\r")

    def send(self, text):
        """Type a line and wait for the next prompt."""
        self.type(text)
        assert self.read_until_prompt()

    def shows(self, text) -> bool:
        return any(text in l for l in self.lines())

    def lines(self):
        return [l.rstrip() for l in self.screen.display]

    def close(self):
        if self.p.poll() is None:
            self.p.kill()
        self.p.wait(timeout=30)
        os.close(self.master)


def test_a_few_turns_at_80x24_keep_the_board_and_the_ais_last_turn_on_screen(tmp_path):
    t = Pty(["play", "--seed", "7", "--level", "easy"], tmp_path)
    try:
        assert t.read_until_prompt()
        for typed in ("t_k->1", "b_s->1", "b_w->5", "b_r->9"):
            t.send(typed)
        rounds = 0
        while rounds < 40:                     # the first listed action, until round 3 begins
            screen = "\n".join(t.lines())
            if re.search(r"Round 3 - Marquise", screen):
                break
            t.send("1")
            rounds += 1
        lines = t.lines()
        screen = "\n".join(lines)
        assert lines[0].startswith("Round 3 - Marquise | "), screen          # the status on top
        assert " 1F " in screen and "12F" in screen and "MARQUISE (you)" in screen   # the board
        assert "WYRM (AI)" in screen
        assert re.search(r"Since your last turn(:|, page \d+ of \d+)", screen), screen   # the AI's turn (paged: issue 28)
        assert re.search(r"^\s*W: \S+", screen, re.M), screen                # its actions
        assert re.search(r"\d+\) ", screen)                                   # numbered actions
        assert any(l.startswith("Marquise - Daylight") for l in lines[-3:])   # the prompt
        assert all(len(l) <= 80 for l in lines)
        assert "actions page 1 of" in screen                                 # paged at 24 rows
        t.send("")                                                            # Enter: next page
        assert t.shows("actions page 2 of")
        assert t.lines()[0].startswith("Round 3 - Marquise | ")               # same decision
        t.send("help")                        # help prints below the screen; then Enter
        t.send("")                            # redraws the same page
        assert t.shows("actions page 2 of"), "\n".join(t.lines())
        t.type("quit")
        assert not t.read_until_prompt()
    finally:
        t.close()
    assert Game.load(tmp_path / "wyrm-game-7.json").record_lines()[6] == "C: t_k->1"


def test_arrow_keys_edit_the_line_and_up_recalls_it_on_a_terminal(tmp_path):
    t = Pty(["play", "--seed", "7", "--level", "easy"], tmp_path)
    try:
        assert t.read_until_prompt()
        t.send("t_k->31\x1b[D\x7f")          # Left, then Backspace deletes the 3: t_k->1
        t.send("\x1b[A")                      # Up: t_k->1 again, no longer legal
        assert t.shows("t_k->1 is not legal now"), "\n".join(t.lines())
        t.type("quit")
        assert not t.read_until_prompt()
    finally:
        t.close()
    record = Game.load(tmp_path / "wyrm-game-7.json").record_lines()
    assert record[6:] == ["C: t_k->1"]


def test_ctrl_c_at_the_edited_prompt_saves_and_bad_bytes_are_a_message(tmp_path):
    # issue 9's guarantees hold on a terminal too, with readline reading the line
    t = Pty(["play", "--seed", "7", "--level", "easy"], tmp_path)
    try:
        assert t.read_until_prompt()
        t.send("t_k->1")
        t.raw = b""
        os.write(t.master, b"\xff\xfe\xc3\r")
        assert t.read_until_prompt()
        assert t.shows("cannot read"), "\n".join(t.lines())
        t.raw = b""
        os.write(t.master, b"b_s\x03")                 # Ctrl-C with a half-typed line
        assert not t.read_until_prompt()
        assert t.shows("Game saved to wyrm-game-7.json"), "\n".join(t.lines())
    finally:
        t.close()
    assert t.p.returncode == 0
    assert Game.load(tmp_path / "wyrm-game-7.json").record_lines()[6:] == ["C: t_k->1"]


def test_a_long_hand_wraps_card_by_card_within_the_width():
    d = started().observation(0)                    # render_board reads only the observation
    d["hand"][0] = [1] * len(d["hand"][0])          # one of every card: a very long hand
    for width in (80, 50):
        text = render_board(d, width)
        assert max(len(l) for l in text.splitlines()) <= width
        assert "F#anvil" in text and "M#codebreakers" in text and "Wyrm: 3 cards" in text


def test_wyrm_watch_draws_the_board_at_the_width_it_is_given():
    from wyrm_ai.ai.players import make_player
    from wyrm_ai.terminal.watch import Watcher, watch_game
    import numpy as np
    out = []
    g = Game(first="marquise")
    players = {0: make_player("heuristic", 1), 1: make_player("heuristic", 2)}
    watch_game(g, players, np.random.default_rng(1),
               Watcher(out.append, every=4, kinds=("heuristic", "random"), width=80))
    text = "\n".join(out)
    boards = [l for l in text.splitlines() if not re.match(r"  [CW?]: ", l)]   # not the actions
    assert max(len(l) for l in boards) <= 80
    assert "MARQUISE (heuristic)" in text and "WYRM (random)" in text and " 1F " in text
