"""A test driver for `wyrm engine` in a subprocess: every read has a timeout, so a hung engine
fails a test instead of hanging it. Replies are parsed as docs/protocol.md defines them."""
from __future__ import annotations

import os
import queue
import subprocess
import sys
import threading
import time
from pathlib import Path

ENGINE = [sys.executable, "-m", "wyrm_ai.cli", "engine"]
TIMEOUT = 20.0
ROOT = Path(__file__).resolve().parent.parent


class Reply:
    def __init__(self, ok: bool, id: str | None, lines: list[str]):
        self.ok, self.id, self.lines = ok, id, lines

    @property
    def text(self) -> str:
        return "\n".join(self.lines)

    def __repr__(self):
        return f"Reply({'=' if self.ok else '?'}{self.id or ''} {self.lines!r})"


class Engine:
    def __init__(self, *args: str, cwd: Path | None = None):
        """The engine with args; in cwd when given (with this checkout on its PYTHONPATH)."""
        env = None
        if cwd is not None:
            env = dict(os.environ)
            env["PYTHONPATH"] = str(ROOT) + (":" + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
        self.proc = subprocess.Popen(ENGINE + list(args), cwd=cwd, env=env, stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        self.lines: queue.Queue = queue.Queue()
        self.infos: list[str] = []
        threading.Thread(target=self._pump, daemon=True).start()

    def _pump(self):
        for raw in self.proc.stdout:
            self.lines.put(raw.decode("utf-8").rstrip("\n"))
        self.lines.put(None)

    def send(self, line) -> None:
        data = line if isinstance(line, bytes) else line.encode("utf-8")
        self.proc.stdin.write(data + b"\n")
        self.proc.stdin.flush()

    def readline(self, timeout: float = TIMEOUT):
        try:
            return self.lines.get(timeout=timeout)
        except queue.Empty:
            raise AssertionError(f"engine sent nothing for {timeout}s") from None

    def reply(self, timeout: float = TIMEOUT) -> Reply:
        """The next reply; info lines before it are kept in self.infos."""
        deadline = time.monotonic() + timeout
        while True:
            line = self.readline(max(0.01, deadline - time.monotonic()))
            if line is None:
                raise EOFError("engine closed its output")
            if line.startswith("info "):
                self.infos.append(line)
                continue
            assert line[:1] in ("=", "?"), f"unexpected line outside a reply: {line!r}"
            head, _, first = line.partition(" ")
            lines = [first] if first else []
            while True:
                more = self.readline(max(0.01, deadline - time.monotonic()))
                assert more is not None, "reply not ended by a blank line"
                if more == "":
                    break
                lines.append(more)
            return Reply(head[0] == "=", head[1:] or None, lines)

    def cmd(self, line, timeout: float = TIMEOUT) -> Reply:
        self.send(line)
        return self.reply(timeout)

    def ok(self, line, timeout: float = TIMEOUT) -> Reply:
        r = self.cmd(line, timeout)
        assert r.ok, (line, r)
        return r

    def close(self, timeout: float = 10.0) -> int:
        try:
            if self.proc.poll() is None:
                try:
                    self.proc.stdin.close()
                except OSError:
                    pass
            return self.proc.wait(timeout)
        finally:
            if self.proc.poll() is None:
                self.proc.kill()
                self.proc.wait()
