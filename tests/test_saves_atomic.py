"""Saves never cost the copy already on disk (issue 9): every writer (Game.save, `wyrm play`,
the engine's `save`, `watch --save`) writes a temporary file in the same folder, fsyncs it and
renames it over the old one; a failed write leaves the old file and no temporary file. Default
names of `wyrm play` never replace another game. Loading refuses what is not a small regular
file and checks every field."""
from __future__ import annotations

import errno
import json
import os
import subprocess
import sys
import textwrap
import threading
from fnmatch import fnmatch
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

import wyrm_ai.model.files as files
from wyrm_ai.cli import main
from wyrm_ai.model.errors import SaveError
from wyrm_ai.model.game import MAX_SAVE_BYTES, SAVE_VERSION, Game, write_save
from wyrm_ai.ai.players import make_player, play as play_game
from wyrm_ai.terminal.saves import load_game
from test_protocol import Harness

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def midgame():
    g = Game(first="marquise")
    rng = np.random.default_rng(3)
    players = {0: make_player("random", 1), 1: make_player("random", 2)}
    for _ in range(60):
        a = g.sample_chance(rng) if g.is_chance_node() else players[g.current_player].choose(g)
        g.apply(a)
    return g


@pytest.fixture
def failing_fsync(monkeypatch):
    def fsync(fd):
        raise OSError(errno.ENOSPC, "No space left on device")
    monkeypatch.setattr(files.os, "fsync", fsync)


def _only(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


# ---- atomic writes --------------------------------------------------------------------------

def test_a_failed_save_keeps_the_old_file_and_leaves_no_temporary(midgame, tmp_path, failing_fsync):
    path = tmp_path / "g.json"
    path.write_text("the old save")
    with pytest.raises(SaveError, match="cannot save to .*g.json: No space left"):
        midgame.save(path)
    assert path.read_text() == "the old save"
    assert _only(tmp_path) == ["g.json"]


def test_a_save_replaces_the_old_file_whole_and_keeps_its_permissions(midgame, tmp_path):
    path = tmp_path / "g.json"
    path.write_text("x" * 100_000)
    path.chmod(0o640)
    midgame.save(path)
    assert Game.load(path).record == midgame.record
    assert (path.stat().st_mode & 0o777) == 0o640
    assert _only(tmp_path) == ["g.json"]


def test_a_file_size_limit_leaves_the_old_save_whole(midgame, tmp_path):
    # `ulimit -f`: the write fails with EFBIG (SIGXFSZ ignored); the old, smaller save survives
    old = tmp_path / "g.json"
    Game().save(old)
    before = old.read_bytes()
    new = tmp_path / "mid.json"
    midgame.save(new)
    limit = (len(before) + len(new.read_bytes())) // 2      # the old save fits, the new one not
    assert len(before) + 512 < limit < len(new.read_bytes()) - 512
    script = textwrap.dedent(f"""
        import resource, signal, sys
        from wyrm_ai.model.game import Game
        from wyrm_ai.model.errors import SaveError
        g = Game.load({str(new)!r})
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, ({limit}, {limit}))
        try:
            g.save({str(old)!r})
        except SaveError as e:
            print("SaveError:", e)
            sys.exit(3)
    """)
    p = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60)
    assert p.returncode == 3, (p.stdout, p.stderr)
    assert "File too large" in p.stdout
    assert old.read_bytes() == before
    assert _only(tmp_path) == ["g.json", "mid.json"]


def test_saves_are_standard_json_no_nan_or_infinity(tmp_path):
    with pytest.raises(SaveError, match="cannot save"):
        write_save(tmp_path / "x.json", {"think": float("nan")})
    assert not (tmp_path / "x.json").exists()


def test_wyrm_play_save_failure_is_a_message_and_the_game_goes_on(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "s.json").write_text("old")
    calls = {"n": 0, "target": None}
    real, real_write = os.fsync, files.write_atomic

    def fsync(fd):                       # the first fsync of a write to s.json fails (the
        if calls["target"] == "s.json":  # autosaves to wyrm-game-1.json work: issue 29 item 8)
            calls["n"] += 1
            if calls["n"] == 1:
                raise OSError(errno.EDQUOT, "Disk quota exceeded")
        return real(fd)

    def write_atomic(path, *args, **kw):
        calls["target"] = os.fspath(path)
        return real_write(path, *args, **kw)

    monkeypatch.setattr(files.os, "fsync", fsync)
    monkeypatch.setattr("wyrm_ai.model.game.write_atomic", write_atomic)
    r = CliRunner().invoke(main, ["play", "--seed", "1", "--level", "easy"],
                           input="save s.json\nt_k->1\nsave s.json\nquit\n", catch_exceptions=False)
    assert r.exit_code == 0, r.output
    assert "cannot save to s.json: Disk quota exceeded" in r.output
    assert Game.load(tmp_path / "s.json").record_lines()[6] == "C: t_k->1"    # the second save worked


def test_engine_save_failure_is_a_file_error_and_keeps_the_old_file(tmp_path, failing_fsync):
    h = Harness()
    path = tmp_path / "e.json"
    path.write_text("old")
    assert h.err(f"4 save {path}").startswith("file: cannot save to")
    assert path.read_text() == "old"
    assert _only(tmp_path) == ["e.json"]
    assert h.ok("isready") == ["readyok"]


def test_watch_save_failure_is_a_message_and_keeps_the_old_file(tmp_path, failing_fsync):
    path = tmp_path / "w.json"
    path.write_text("old")
    r = CliRunner().invoke(main, ["watch", "--seed", "1", "--quiet", "--save", str(path)])
    assert r.exit_code != 0 and "cannot save to" in r.output and "Traceback" not in r.output
    assert path.read_text() == "old"
    assert _only(tmp_path) == ["w.json"]


# ---- default names never replace another game -------------------------------------------------

def test_a_new_game_with_the_same_seed_never_replaces_an_earlier_one(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)

    def run(*args, input):
        r = CliRunner().invoke(main, ["play", *args], input=input, catch_exceptions=False)
        assert r.exit_code == 0, r.output
        return r.output

    out = run("--seed", "7", "--level", "easy", input="1\n" * 3000)             # a finished game
    assert "saved in wyrm-game-7.json" in out
    finished = (tmp_path / "wyrm-game-7.json").read_bytes()
    assert Game.load(tmp_path / "wyrm-game-7.json").is_terminal()
    out = run("--seed", "7", "--level", "easy", input="t_k->2\nquit\n")        # another game
    assert "Game saved to wyrm-game-7-2.json" in out
    assert (tmp_path / "wyrm-game-7.json").read_bytes() == finished
    out = run("--seed", "7", "--level", "easy", input="t_k->3\nquit\n")
    assert "Game saved to wyrm-game-7-3.json" in out
    # the same game resumed updates its own file
    out = run("--load", "wyrm-game-7-2.json", input="b_s->2\nquit\n")
    assert "Game saved to wyrm-game-7-2.json" in out
    assert Game.load(tmp_path / "wyrm-game-7-2.json").record_lines()[6:8] == ["C: t_k->2", "C: b_s->2"]
    assert (tmp_path / "wyrm-game-7.json").read_bytes() == finished
    assert _only(tmp_path) == ["wyrm-game-7-2.json", "wyrm-game-7-3.json", "wyrm-game-7.json"]


def test_gitignore_covers_default_save_names():
    patterns = [l.strip() for l in (ROOT / ".gitignore").read_text().splitlines() if l.strip()]
    for name in ("wyrm-game-7.json", "wyrm-game-18446744073709551615-12.json"):
        assert any(fnmatch(name, p.lstrip("/")) for p in patterns), name


# ---- loading ----------------------------------------------------------------------------------

def _save_with(tmp_path, midgame, **play):
    data = midgame.to_json()
    data["play"] = {"seed": 7, "human": "marquise", "level": "normal", "think": None,
                    "first": "marquise", **play}
    path = tmp_path / "edited.json"
    path.write_text(json.dumps(data))
    return path


@pytest.mark.parametrize("field,value", [
    ("seed", "abc"), ("seed", -1), ("seed", 2**64), ("seed", 1.5), ("seed", True),
    ("level", ["easy"]), ("level", "godlike"), ("think", -1), ("think", 0), ("think", "1"),
    ("think", 0.01), ("human", "eyrie"), ("human", 0), ("first", "wyrm"), ("first", None),
])
def test_hand_edited_play_settings_are_a_save_error_naming_the_field(field, value, midgame, tmp_path):
    path = _save_with(tmp_path, midgame, **{field: value})
    with pytest.raises(SaveError, match=rf"play\.{field}"):
        load_game(path)
    r = CliRunner().invoke(main, ["play", "--load", str(path)])
    assert r.exit_code != 0 and f"play.{field}" in r.output and "Traceback" not in r.output


def test_play_settings_that_are_not_an_object_or_unknown_are_refused(midgame, tmp_path):
    path = _save_with(tmp_path, midgame)
    data = json.loads(path.read_text())
    for play, words in (([1, 2], "'play' must be an object"), ({"nodes": 5}, "play.nodes")):
        data["play"] = play
        path.write_text(json.dumps(data))
        with pytest.raises(SaveError, match=words):
            load_game(path)


def test_nan_and_infinity_in_a_save_are_refused(midgame, tmp_path):
    for bad in ("NaN", "Infinity", "-Infinity"):
        path = _save_with(tmp_path, midgame)
        path.write_text(path.read_text().replace('"think": null', f'"think": {bad}'))
        with pytest.raises(SaveError, match="play.think"):
            load_game(path)


def test_a_5000_digit_integer_is_a_save_error(midgame, tmp_path):
    path = tmp_path / "big.json"
    data = json.dumps(midgame.to_json()).replace(f'"version": {SAVE_VERSION}', '"version": ' + "9" * 5000)
    path.write_text(data)
    with pytest.raises(SaveError, match="not valid JSON"):
        Game.load(path)
    r = CliRunner().invoke(main, ["play", "--load", str(path)])
    assert r.exit_code != 0 and "not valid JSON" in r.output


def test_a_file_above_the_size_cap_is_refused_unread(tmp_path):
    path = tmp_path / "huge.json"
    with path.open("wb") as f:
        f.truncate(MAX_SAVE_BYTES + 1)                 # sparse: costs no disk
    with pytest.raises(SaveError, match="larger than"):
        Game.load(path)


def test_devices_are_refused_without_reading_them():
    # in a child with a 2 GB address-space cap, so a regression fails instead of eating the machine
    script = textwrap.dedent("""
        import os, resource
        resource.setrlimit(resource.RLIMIT_AS, (2 * 2**30, 2 * 2**30))
        from wyrm_ai.model.game import Game
        from wyrm_ai.model.errors import SaveError
        for dev in ("/dev/zero", "/dev/urandom", "/dev/null"):
            if os.path.exists(dev):
                try:
                    Game.load(dev)
                    print(dev, "loaded")
                except SaveError as e:
                    print(dev, e)
    """)
    p = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert p.returncode == 0, p.stderr[-2000:]
    lines = p.stdout.splitlines()
    assert lines and all("cannot read save" in l and "not a regular file" in l for l in lines), lines


def _in_thread(fn):
    """Run fn in a thread; a hang guard, not a timing assertion."""
    box = {}

    def run():
        try:
            box["value"] = fn()
        except BaseException as e:         # noqa: BLE001 - handed back to the test
            box["error"] = e

    t = threading.Thread(target=run, daemon=True)
    t.start()
    t.join(30)
    assert not t.is_alive(), "loading blocked"
    return box


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_a_fifo_is_refused_without_blocking(tmp_path):
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    box = _in_thread(lambda: Game.load(fifo))
    assert isinstance(box.get("error"), SaveError) and "not a regular file" in str(box["error"])
    h = Harness()
    box = _in_thread(lambda: h.err(f"load {fifo}"))
    assert box["value"].startswith("file: cannot read save") and "not a regular file" in box["value"]


def test_the_engine_refuses_to_load_its_own_stdin():
    from protocol_client import Engine
    e = Engine("--seed", "1")
    try:
        r = e.cmd("7 load /dev/stdin")
        assert not r.ok and r.id == "7" and r.text.startswith("file: ")
        assert e.ok("isready").text == "readyok"
    finally:
        e.close()
