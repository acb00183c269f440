"""Files are only ever regular files (issue 29 item 9).

Every save path -- wyrm play's `save FILE`, its record file and --save-rootlog, the engine's
`save`, the web's saves, `wyrm watch --save/--save-rootlog`, `wyrm rootlog replay --save` --
refuses a target that is a FIFO, a device, a link to a device or a directory, with an error that
says which, and leaves the target as it was: one check (files.check_target) made before anything
is opened. Every read path -- the same ones and `wyrm rootlog check/replay` -- refuses those kinds
without blocking or reading them and caps the size (files.read_regular). The Rootlog reader is
linear in the lines, and a replay says so when the record goes on after the game's end.

The device targets are nodes made in tmp_path (os.mknod, as root) or links in tmp_path to
/dev/null: a test never hands a real device to a write path, so even a regression changes
nothing outside tmp_path."""
from __future__ import annotations

import os
import re
import stat
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from click.testing import CliRunner

import wyrm_ai.model.files as files
from wyrm_ai.cli import main
from wyrm_ai.model.errors import SaveError
from wyrm_ai.model.files import MAX_READ_BYTES, FileRefused
from wyrm_ai.model.game import Game
from wyrm_ai.rootlog import reader as rootlog_reader
from wyrm_ai.rootlog.reader import read_file, read_text
from wyrm_ai.rootlog.replay import Replay, ReplayError
from wyrm_ai.rootlog.tree import RootlogError
from wyrm_ai.rootlog.writer import write
from wyrm_ai.terminal.saves import save_game
from test_protocol import Harness
from test_rootlog_roundtrip import played

ROOT = Path(__file__).resolve().parent.parent
KINDS = ["fifo", "device", "link to a device", "directory"]
SAID = {"fifo": "not a regular file (a FIFO)", "device": "not a regular file (a character device)",
        "link to a device": "not a regular file (a character device)",
        "directory": "not a regular file (a directory)"}


def make_node(path: Path, kind: str) -> Path:
    """A file of that kind at path (skips where the system cannot make one)."""
    if kind == "fifo":
        if not hasattr(os, "mkfifo"):
            pytest.skip("needs FIFOs")
        os.mkfifo(path)
    elif kind == "device":                  # /dev/null's numbers, in tmp_path
        try:
            os.mknod(path, stat.S_IFCHR | 0o666, os.makedev(1, 3))
        except (OSError, AttributeError):
            pytest.skip("cannot make a device node here (not root)")
    elif kind == "link to a device":
        if not os.path.exists("/dev/null"):
            pytest.skip("no /dev/null")
        os.symlink("/dev/null", path)
    else:
        path.mkdir()
    return path


def unchanged(path: Path, kind: str) -> bool:
    """The node is still what make_node made (never replaced by a regular file)."""
    mode = os.lstat(path).st_mode
    return {"fifo": stat.S_ISFIFO, "device": stat.S_ISCHR, "link to a device": stat.S_ISLNK,
            "directory": stat.S_ISDIR}[kind](mode)


def no_leftovers(folder: Path) -> bool:
    return not any(p.name.startswith(".tmp-") for p in folder.iterdir())


@pytest.fixture(scope="module")
def finished():
    """A finished two-seat game and its referee's Rootlog text."""
    g = played(("marquise", "wyrm"), 3)
    return g, write(g)


def run_cli(args, cwd=None, timeout=60):
    """`wyrm ARGS` in a child with a 2 GB address-space cap and a timeout: a regression that blocks
    on a FIFO or reads a device without end fails the test instead of hanging or eating memory."""
    script = textwrap.dedent(f"""
        import resource, sys
        resource.setrlimit(resource.RLIMIT_AS, (2 * 2**30, 2 * 2**30))
        from wyrm_ai.cli import main
        main({list(args)!r})
    """)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
    return subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=timeout,
                          cwd=cwd, env=env, stdin=subprocess.DEVNULL)


# ---- the shared check ------------------------------------------------------------------------

@pytest.mark.parametrize("kind", KINDS)
def test_a_write_over_a_file_that_is_not_regular_is_refused_before_anything_is_opened(kind, tmp_path,
                                                                                      monkeypatch):
    """issue 29 item 9: write_atomic refuses the target by stat alone: no temporary file is made,
    nothing is opened, and the node stays what it was."""
    target = make_node(tmp_path / "t", kind)

    def no_open(*a, **k):
        raise AssertionError("opened a file before refusing the target")

    monkeypatch.setattr(files.tempfile, "mkstemp", no_open)
    monkeypatch.setattr(files.os, "open", no_open)
    with pytest.raises(FileRefused) as e:
        files.write_atomic(target, "text")
    assert e.value.strerror == SAID[kind] and e.value.filename == str(target)
    assert isinstance(e.value, OSError)
    assert unchanged(target, kind) and no_leftovers(tmp_path)


def test_a_new_file_and_a_regular_one_are_still_written(tmp_path):
    """issue 29 item 9: the check leaves ordinary writes alone: a new file, a regular file, a link
    to a regular file (replaced by the new file, as before) and a dangling link."""
    files.write_atomic(tmp_path / "new", "a")
    (tmp_path / "old").write_text("old")
    files.write_atomic(tmp_path / "old", "b")
    os.symlink(tmp_path / "old", tmp_path / "link")
    files.write_atomic(tmp_path / "link", "c")
    os.symlink(tmp_path / "nowhere", tmp_path / "dangling")
    files.write_atomic(tmp_path / "dangling", "d")
    assert [(tmp_path / n).read_text() for n in ("new", "old", "link", "dangling")] == ["a", "b", "c", "d"]


@pytest.mark.parametrize("kind", KINDS)
def test_a_read_of_a_file_that_is_not_regular_is_refused_unread(kind, tmp_path, monkeypatch):
    """issue 29 item 9: read_regular looks (stat) before it opens: a FIFO or device is never opened."""
    node = make_node(tmp_path / "n", kind)

    def no_open(*a, **k):
        raise AssertionError("opened the file before refusing it")

    monkeypatch.setattr(files.os, "open", no_open)
    with pytest.raises(FileRefused) as e:
        files.read_regular(node, 100)
    assert e.value.strerror == SAID[kind]


# ---- every save path ------------------------------------------------------------------------

@pytest.mark.parametrize("kind", KINDS)
def test_game_save_and_play_save_refuse_a_target_that_is_not_regular(kind, tmp_path):
    """issue 29 item 9: Game.save and wyrm play's saves (terminal.saves.save_game)."""
    target = make_node(tmp_path / "g.json", kind)
    g = Game()
    with pytest.raises(SaveError, match=rf"cannot save to .*g\.json: {re.escape(SAID[kind])}"):
        g.save(target)
    with pytest.raises(SaveError, match="not a regular file"):
        save_game(g, target, {"seed": 1})
    assert unchanged(target, kind) and no_leftovers(tmp_path)


@pytest.mark.parametrize("kind", KINDS)
def test_the_engines_save_refuses_a_target_that_is_not_regular(kind, tmp_path):
    """issue 29 item 9: the engine's `save` is a file error naming the kind; the session goes on."""
    target = make_node(tmp_path / "e.json", kind)
    h = Harness()
    assert h.err(f"save {target}") == f"file: cannot save to {target}: {SAID[kind]}"
    assert unchanged(target, kind) and no_leftovers(tmp_path)
    assert h.ok("isready") == ["readyok"]


@pytest.mark.parametrize("kind", ["fifo", "device", "link to a device"])
def test_wyrm_play_save_record_and_rootlog_refuse_targets_that_are_not_regular(kind, tmp_path, monkeypatch):
    """issue 29 item 9: wyrm play's `save FILE`, its record file (--record, written at every save and
    on leaving) and --save-rootlog each say what is wrong; the targets stay as they were."""
    monkeypatch.chdir(tmp_path)
    save, record, rootlog = (make_node(tmp_path / n, kind) for n in ("s.json", "r.json", "r.rootlog"))
    r = CliRunner().invoke(main, ["play", "--seed", "1", "--level", "easy", "--record", "r.json",
                                  "--save-rootlog", "r.rootlog"],
                           input="save s.json\nquit\n", catch_exceptions=False)
    assert f"cannot save to s.json: {SAID[kind]}" in r.output
    assert f"cannot save to r.json: {SAID[kind]}" in r.output
    assert f"cannot write r.rootlog: {SAID[kind]}" in r.output
    assert "Traceback" not in r.output
    assert all(unchanged(p, kind) for p in (save, record, rootlog)) and no_leftovers(tmp_path)


@pytest.mark.parametrize("kind", ["fifo", "link to a device"])
def test_wyrm_watch_save_and_save_rootlog_refuse_targets_that_are_not_regular(kind, tmp_path):
    """issue 29 item 9: `wyrm watch --save` and `--save-rootlog` (the Rootlog writer's file)."""
    for option, said in (("--save", "cannot save to"), ("--save-rootlog", "cannot write")):
        target = make_node(tmp_path / option.strip("-"), kind)
        r = CliRunner().invoke(main, ["watch", "--seed", "1", "--quiet", "--marquise", "random",
                                      "--wyrm", "random", option, str(target)])
        assert r.exit_code != 0 and f"{said} {target}: {SAID[kind]}" in r.output, r.output
        assert "Traceback" not in r.output and unchanged(target, kind)
    assert no_leftovers(tmp_path)


@pytest.mark.parametrize("kind", ["fifo", "device"])
def test_rootlog_replay_save_refuses_a_target_that_is_not_regular(kind, tmp_path, finished):
    """issue 29 item 9: `wyrm rootlog replay --save`."""
    record = tmp_path / "g.rootlog"
    record.write_text(finished[1])
    target = make_node(tmp_path / "g.json", kind)
    r = CliRunner().invoke(main, ["rootlog", "replay", str(record), "--save", str(target)])
    assert r.exit_code != 0 and f"cannot save to {target}: {SAID[kind]}" in r.output, r.output
    assert unchanged(target, kind) and no_leftovers(tmp_path)


@pytest.mark.parametrize("kind", ["fifo", "device"])
def test_arena_records_and_rootlogs_refuse_targets_that_are_not_regular(kind, tmp_path, monkeypatch):
    """issue 29 item 9: `wyrm arena --records` and `--save-rootlog DIR` (the Rootlog writer, a file a
    game) write through the same check: the error names the file and the kind."""
    monkeypatch.chdir(tmp_path)
    logs = tmp_path / "logs"
    logs.mkdir()
    node = make_node(logs / "game-0001.rootlog", kind)
    args = ["arena", "--games", "1", "--jobs", "1", "--marquise", "random", "--wyrm", "random"]
    r = CliRunner().invoke(main, args + ["--save-rootlog", "logs"])
    assert r.exit_code != 0 and f"cannot write logs/game-0001.rootlog: {SAID[kind]}" in r.output, r.output
    records = make_node(tmp_path / "r.jsonl", kind)
    r = CliRunner().invoke(main, args + ["--records", "r.jsonl"])
    assert r.exit_code != 0 and f"cannot write r.jsonl: {SAID[kind]}" in r.output, r.output
    assert unchanged(node, kind) and unchanged(records, kind) and no_leftovers(logs) and no_leftovers(tmp_path)


def test_the_webs_save_refuses_a_target_that_is_not_regular(tmp_path):
    """issue 29 item 9: a web save over a FIFO in the saves folder is a clear 400 (the engine's
    `save` answers for it). (Loading one is the engine's `load`, refused since issue 9:
    test_saves_atomic.py.)"""
    pytest.importorskip("starlette")
    from starlette.testclient import TestClient
    from wyrm_ai.web.app import create_app
    from wyrm_ai.web.table import Tables
    saves = tmp_path / "saves"
    saves.mkdir()
    app = create_app(Tables(saves=saves, seed=7, hint_sims=40, hint_ms=2000), step_delay=0)
    with TestClient(app) as client:
        r = client.post("/api/games", json={"humans": ["marquise"], "levels": {"wyrm": "easy"}})
        assert r.status_code == 201, r.text
        g = r.json()
        save = lambda: client.post(f"/api/games/{g['game']}/save",   # noqa: E731
                                   json={"token": g["players"][0]["token"], "name": "pipe"})
        assert save().status_code == 200          # the name is this player's (issue 29 item 7) ...
        (saves / "pipe.json").unlink()
        fifo = make_node(saves / "pipe.json", "fifo")     # ... and its file is now a FIFO
        r = save()
        assert r.status_code == 400 and r.json()["code"] == "file", r.text
        assert SAID["fifo"] in r.json()["message"]
    assert unchanged(fifo, "fifo") and no_leftovers(saves)


# ---- the Rootlog read paths ----------------------------------------------------------------

@pytest.mark.parametrize("command", ["check", "replay"])
@pytest.mark.parametrize("kind", KINDS)
def test_wyrm_rootlog_refuses_a_file_that_is_not_regular_without_blocking(command, kind, tmp_path):
    """issue 29 item 9: `wyrm rootlog check/replay` on a FIFO (which blocked), a device node or a
    directory: the error names the kind, at once (in a child with a timeout and a memory cap); the
    reader refuses a directory too (read_file's own test above), the command line before it."""
    node = make_node(tmp_path / "r.rootlog", kind)
    p = run_cli(["rootlog", command, str(node)])
    if kind == "directory":                         # the command line's own check (click.Path) says it
        assert p.returncode == 2 and "is a directory" in p.stderr, (p.stdout, p.stderr)
        return
    assert p.returncode == 1, (p.stdout, p.stderr)
    assert f"{node}: error: cannot read {node}: {SAID[kind]}" in p.stdout + p.stderr
    assert "Traceback" not in p.stderr


@pytest.mark.parametrize("command", ["check", "replay"])
def test_wyrm_rootlog_refuses_dev_zero_unread(command):
    """issue 29 item 9: /dev/zero was read until 5.9 GB; now refused by its kind (read-only: reading
    a device changes nothing, and the child's memory is capped)."""
    if not os.path.exists("/dev/zero"):
        pytest.skip("no /dev/zero")
    p = run_cli(["rootlog", command, "/dev/zero"])
    assert p.returncode == 1 and "not a regular file (a character device)" in p.stdout + p.stderr, p


def test_a_rootlog_file_above_the_size_cap_is_refused_unread(tmp_path):
    """issue 29 item 9: the saves' cap (files.MAX_READ_BYTES) holds for Rootlog records too."""
    big = tmp_path / "big.rootlog"
    with big.open("wb") as f:
        f.truncate(MAX_READ_BYTES + 1)              # sparse: costs no disk
    with pytest.raises(RootlogError, match=rf"cannot read .*big\.rootlog: larger than {MAX_READ_BYTES:,} bytes"):
        read_file(big)
    r = CliRunner().invoke(main, ["rootlog", "check", str(big)])
    assert r.exit_code == 1 and "larger than" in r.output
    head = "Map: Fall\nDeck: Standard\nC: a\nW: b\nC:w->1\n// "
    ok = tmp_path / "ok.rootlog"
    ok.write_text(head + "x" * (MAX_READ_BYTES - len(head) - 1) + "\n")
    assert ok.stat().st_size == MAX_READ_BYTES
    assert len(read_file(ok).turns) == 1                # a file of just the cap reads


def test_a_player_line_after_many_turns_looks_at_no_turn(monkeypatch):
    """issue 29 item 9 (linear time): a line like `A: w->1` (a player line's shape) after n turns
    looked at every turn read so far to see whether A had played: n lines of it after n turns made
    n*n looks (a 4 MB record of them: hours). The reader now keeps the factions that played in a
    set, so the turns are never looked at while reading."""
    looks = [0]

    class Counted:
        def __init__(self, turn):
            self._turn = turn

        @property
        def faction(self):
            looks[0] += 1
            return self._turn.faction

    real = rootlog_reader.read_turn
    monkeypatch.setattr(rootlog_reader, "read_turn", lambda *a, **k: Counted(real(*a, **k)))
    n = 400
    record = read_text("Map: Fall\nDeck: Standard\nC: a\nE: b\n" + "C:w->1\n" * n + "A:w->1\n"
                       + "A: w->1\n" * n)
    assert len(record.turns) == 2 * n + 1
    assert looks[0] <= 2 * n + 1                    # at most one look a line (it is 0); was n*n


def test_lenient_errors_are_kept_without_their_tracebacks():
    """issue 29 item 9 (memory): each error the lenient reader keeps held its traceback, and so every
    parser frame it came through; a record of bad lines grew far beyond its size."""
    record = read_text("Map: Fall\nDeck: Standard\nC: a\n" + "C:qq\n" * 50 + "junk\n" * 50)
    assert len(record.errors) == 100
    assert all(e.__traceback__ is None for e in record.errors)
    assert all(c.error.__traceback__ is None for c in record.clauses() if c.kind == "Unknown")


# ---- a record that goes on after the game's end ----------------------------------------------

def past_the_end(text: str) -> tuple[str, int]:
    """The record with one more turn line after the last (the Winner line after it): its text and
    the added line's number."""
    lines = text.splitlines()
    last = max(i for i, l in enumerate(lines) if l[:2] in ("C:", "W:"))
    lines.insert(last + 1, lines[last][:2] + "w->1")
    return "\n".join(lines) + "\n", last + 2


def test_replay_says_when_the_record_goes_on_after_the_games_end(finished, tmp_path):
    """issue 29 item 9: the clauses after the game's end were ignored silently; now a ReplayError at
    the first of them names it, from the API and from `wyrm rootlog replay` (exit code 1)."""
    g, text = finished
    longer, line = past_the_end(text)
    rep = Replay(read_text(longer), "g.rootlog", seats=g.factions)
    with pytest.raises(ReplayError) as e:
        rep.run()
    assert str(e.value).startswith(f"g.rootlog:{line}:3: `w->1`: the record goes on after the game's end")
    assert e.value.line == line and rep.game.is_terminal() and rep.game.record == g.record
    path = tmp_path / "g.rootlog"
    path.write_text(longer)
    r = CliRunner().invoke(main, ["rootlog", "replay", str(path)])
    assert r.exit_code == 1 and f"{path}:{line}:3: error: `w->1`: the record goes on after the game's end" in r.output
    path.write_text(text)                           # the record as written replays, to the end
    r = CliRunner().invoke(main, ["rootlog", "replay", str(path)])
    assert r.exit_code == 0 and "the game is over" in r.output
