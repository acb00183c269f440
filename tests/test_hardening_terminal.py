"""Nothing typed at `wyrm play` crashes it or loses the game (issue 9): odd digits and huge
numbers, a NUL byte in a file name, bytes that are not text, an unexpected exception anywhere
(an emergency save and one line naming it), and Ctrl-C outside the AI's thinking (a save)."""
from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import sys

import pytest
from click.testing import CliRunner

import wyrm_ai.terminal.session as session_mod
from wyrm_ai.cli import main
from wyrm_ai.model.game import Game
from wyrm_ai.model.numbers import decimal

EXE = shutil.which("wyrm")
CMD = [EXE] if EXE else [sys.executable, "-m", "wyrm_ai.cli"]
PROMPT = " > "


def play(*args, input=""):
    return CliRunner().invoke(main, ["play", *args], input=input, catch_exceptions=False)


@pytest.fixture(autouse=True)
def in_tmp(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return tmp_path


def answers(output: str, typed: str) -> str:
    """The line printed right after the prompt where `typed` was entered."""
    lines = output.splitlines()
    i = next(i for i, l in enumerate(lines) if l.endswith(PROMPT + typed))
    return lines[i + 1]


@pytest.mark.parametrize("typed", ["²", "³", "٣", "¹²", "9" * 5000, "0" * 5000 + "1x"],
                         ids=["sup2", "sup3", "arabic3", "sup12", "5000-digits", "zeros-then-text"])
def test_odd_digits_and_huge_numbers_are_a_message_not_a_crash(typed, in_tmp):
    r = play("--seed", "1", "--level", "easy", input=f"{typed}\nt_k->1\nquit\n")
    assert r.exit_code == 0, r.output
    reply = answers(r.output, typed)
    assert "there is no action" in reply or "cannot read" in reply, reply
    assert Game.load(in_tmp / "wyrm-game-1.json").record_lines()[6] == "C: t_k->1"   # played on


def test_a_number_with_leading_zeros_picks_that_action_and_a_long_one_is_named_short(in_tmp):
    r = play("--seed", "1", "--level", "easy", input="0001\n" + "7" * 40 + "\nquit\n")
    assert r.exit_code == 0, r.output
    assert re.search(r"there is no action 777777777\.\.\.: choose 1-\d+", r.output)
    assert len(Game.load(in_tmp / "wyrm-game-1.json").record) == 7


def test_decimal_reads_only_ascii_digits_within_bounds():
    assert decimal("12", 1, 20) == 12 and decimal("0012", 1, 20) == 12
    for bad in ("²", "١", "12 ", "-1", "+1", "", "21", "0", "9" * 5000, "1e3", "１"):
        assert decimal(bad, 1, 20) is None, bad


def test_a_nul_byte_in_a_save_name_is_a_message(in_tmp):
    r = play("--seed", "1", "--level", "easy", input="save a\0b.json\nt_k->1\nquit\n")
    assert r.exit_code == 0, r.output
    assert "cannot save to" in answers(r.output, "save a\0b.json")
    assert len(Game.load(in_tmp / "wyrm-game-1.json").record) == 7


def test_an_unexpected_error_writes_an_emergency_save_and_one_line(in_tmp, monkeypatch):
    calls = {"n": 0}
    real = session_mod.render

    def failing_render(*a, **k):          # the third board shown raises: a bug mid-game
        calls["n"] += 1
        if calls["n"] == 3:
            raise RuntimeError("boom")
        return real(*a, **k)

    monkeypatch.setattr(session_mod, "render", failing_render)
    r = CliRunner().invoke(main, ["play", "--seed", "5", "--level", "easy"], input="t_k->1\nb_s->1\n1\n1\n")
    assert r.exit_code == 1, r.output
    last = r.output.strip().splitlines()[-1]
    assert last == ("wyrm play stopped on an internal error (RuntimeError: boom); the game is saved "
                    "in wyrm-game-5.json (wyrm play --load wyrm-game-5.json)")
    g = Game.load(in_tmp / "wyrm-game-5.json")
    assert g.record_lines()[6:8] == ["C: t_k->1", "C: b_s->1"]
    monkeypatch.setattr(session_mod, "render", real)
    r = play("--load", "wyrm-game-5.json", input="quit\n")
    assert r.exit_code == 0 and "Loaded wyrm-game-5.json" in r.output


def test_an_error_in_the_middle_of_an_action_saves_the_replayed_record(in_tmp, monkeypatch):
    real = Game.apply

    def half_apply(self, action):        # changes the state, then fails before the record
        a = self.to_action(action)
        if len(self.record) == 8:
            self.state.apply(a)
            raise KeyError("half-applied")
        return real(self, action)

    monkeypatch.setattr(Game, "apply", half_apply)
    r = CliRunner().invoke(main, ["play", "--seed", "5", "--level", "easy"], input="t_k->1\nb_s->1\n1\n1\n1\n")
    assert r.exit_code == 1
    assert "internal error (KeyError: 'half-applied'); the game is saved in wyrm-game-5.json" in r.output
    monkeypatch.setattr(Game, "apply", real)
    assert len(Game.load(in_tmp / "wyrm-game-5.json").record) == 8      # loads: state matches record


def test_ctrl_c_between_prompts_saves_the_game(in_tmp, monkeypatch):
    calls = {"n": 0}
    real = session_mod.render

    def interrupted_render(*a, **k):
        calls["n"] += 1
        if calls["n"] == 2:
            raise KeyboardInterrupt
        return real(*a, **k)

    monkeypatch.setattr(session_mod, "render", interrupted_render)
    r = CliRunner().invoke(main, ["play", "--seed", "5", "--level", "easy"], input="t_k->1\n1\n1\n")
    assert r.exit_code == 0, r.output
    assert "Game saved to wyrm-game-5.json; resume it with: wyrm play --load wyrm-game-5.json" in r.output
    assert Game.load(in_tmp / "wyrm-game-5.json").record_lines()[6] == "C: t_k->1"


def test_a_failed_quit_save_exits_non_zero(in_tmp):
    r = play("--seed", "5", "--level", "easy", "--record", "no/such/dir/x.json", input="quit\n")
    assert r.exit_code == 1
    assert "could not save the record" in r.output and "Game saved" not in r.output


# ---- real processes --------------------------------------------------------------------------

def _env(**extra):
    e = {k: v for k, v in os.environ.items() if k not in ("PYTHONIOENCODING", "LC_ALL", "LANG", "NO_COLOR")}
    e.update(PYTHONUNBUFFERED="1", **extra)
    return e


@pytest.mark.parametrize("extra", [{"LC_ALL": "C"}, {"PYTHONIOENCODING": "utf-8"},
                                   {"LC_ALL": "C", "PYTHONUTF8": "0", "PYTHONCOERCECLOCALE": "0"}],
                         ids=["C-locale", "strict-utf8", "C-ascii"])
def test_bytes_that_are_not_text_are_a_message(extra, tmp_path):
    script = b"t_k->1\n\xff\xfe\xc3\n\xc2\xb2\nb_s->1\nquit\n"
    p = subprocess.run([*CMD, "play", "--seed", "3", "--level", "easy"], input=script,
                       capture_output=True, timeout=120, cwd=tmp_path, env=_env(**extra))
    assert p.returncode == 0, p.stderr.decode(errors="replace")[-2000:]
    assert b"Traceback" not in p.stderr
    assert p.stdout.count(b"cannot read") >= 2                   # both odd lines answered
    assert Game.load(tmp_path / "wyrm-game-3.json").record_lines()[6:8] == ["C: t_k->1", "C: b_s->1"]


def default_sigint():
    """In the child: SIGINT at its default, as a shell's foreground job has it (a test run started
    in the background, where the shell ignores SIGINT, would hand that on to the game)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def test_a_real_sigint_at_any_moment_saves_the_game(tmp_path):
    # scripted moves are read as fast as they are played, so the signal lands while the session
    # works (between prompts) or, rarely, at a prompt: both must save the game
    p = subprocess.Popen([*CMD, "play", "--seed", "12", "--level", "easy"], stdin=subprocess.PIPE,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=tmp_path, env=_env(),
                         preexec_fn=default_sigint)
    try:
        p.stdin.write(b"t_k->1\nb_s->1\n" + b"1\n" * 5000)
        p.stdin.flush()
        prompts = 0
        while prompts < 40:
            line = p.stdout.readline()
            assert line, "the game ended before the signal"
            prompts += PROMPT.encode() in line
        p.send_signal(signal.SIGINT)
        out, err = p.communicate(timeout=60)
    finally:
        if p.poll() is None:
            p.kill()
    assert p.returncode == 0, err.decode(errors="replace")[-2000:]
    assert b"Traceback" not in err
    m = re.search(rb"Game saved to (wyrm-game-12\.json); resume it", out)
    assert m, out[-1500:]
    g = Game.load(tmp_path / "wyrm-game-12.json")
    assert g.record_lines()[6:8] == ["C: t_k->1", "C: b_s->1"] and not g.is_terminal()
