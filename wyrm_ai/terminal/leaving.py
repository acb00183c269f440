"""When `wyrm play` is told to end (SIGTERM), its terminal hangs up (SIGHUP, a closed window or
tmux) or its output is gone (EIO, a broken pipe): the game is saved and the process exits
cleanly (issue 29 item 8). Ctrl-C (SIGINT) is thinking.py's; these are the others.

A signal never interrupts the game in the middle of a change: the handler raises Leave only while
the session waits for the person or writes to the terminal (Leaving.window: the game is whole
there, and a blocked read or write must end), and otherwise notes the signal, which the session
raises at its next safe point (Leaving.check: each step of the game loop, and before the AI's
chosen action is played). While the AI thinks, the handler also sets the flag of thinking.py's
SIGINT deferral (the same flag Ctrl-C sets), so the search stops at once; the session then leaves
without playing what it found, and the save holds the position before that decision."""
from __future__ import annotations

import contextlib
import errno
import os
import signal
import sys
import threading

from wyrm_ai.terminal.thinking import _Interrupt as SigintDeferral

LEAVE_SIGNALS = tuple(getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name))
GONE_ERRNOS = {errno.EIO, errno.EPIPE, errno.ENXIO, errno.EBADF}     # the terminal is gone


class Leave(BaseException):
    """The process must end: signum (SIGTERM, SIGHUP), or None when the terminal is gone. Not an
    Exception, so no `except Exception` on the way swallows it."""

    def __init__(self, signum: int | None = None):
        super().__init__(signum)
        self.signum = signum

    @property
    def name(self) -> str:
        return signal.Signals(self.signum).name if self.signum else "the terminal closed"

    def exit_code(self, saved: bool) -> int:
        """128 + the signal's number (143 SIGTERM, 129 SIGHUP) as for a process that signal ended;
        0 when the terminal went away (as at the end of input); 1 if the game could not be saved."""
        if not saved:
            return 1
        return 128 + self.signum if self.signum else 0


def terminal_gone(error: BaseException) -> bool:
    """Whether an error of reading or writing the terminal means it is gone (EIO after a hangup,
    a broken pipe)."""
    return isinstance(error, BrokenPipeError) or (isinstance(error, OSError) and error.errno in GONE_ERRNOS)


def deferring() -> SigintDeferral | None:
    """The SIGINT deferral in force (thinking.py: the AI thinks, or the game is being saved), if any."""
    handler = signal.getsignal(signal.SIGINT)
    owner = getattr(handler, "__self__", None)
    return owner if isinstance(owner, SigintDeferral) else None


class Leaving:
    """SIGTERM and SIGHUP handlers for the time of a game (`with leaving:`; nothing is installed
    outside the main thread, and a signal ignored when the game starts, as under nohup, stays
    ignored). pending: the Leave due and not yet raised; gone: the terminal is gone."""

    def __init__(self):
        self.pending: Leave | None = None
        self.gone = False
        self._open = 0
        self._old: dict = {}

    def __enter__(self):
        if threading.current_thread() is threading.main_thread():
            for signum in LEAVE_SIGNALS:
                try:
                    if signal.getsignal(signum) is not signal.SIG_IGN:
                        self._old[signum] = signal.signal(signum, self._handle)
                except (ValueError, OSError):
                    pass
        return self

    def __exit__(self, *exc):
        for signum, old in self._old.items():
            signal.signal(signum, old)
        self._old = {}
        return False

    def _handle(self, signum, frame):
        self._due(Leave(signum))

    def _due(self, leave: Leave) -> None:
        """Leave now if the game is whole (a window open, no deferral), else at the next check."""
        if self.pending is None:
            self.pending = leave
        deferral = deferring()
        if deferral is not None:
            deferral.flag = True            # the search stops; the session leaves after it
        elif self._open:
            raise self.pending

    def check(self) -> None:
        """A safe point: leave now if a signal came or the terminal went (not while the SIGINT
        deferral is in force)."""
        if self.pending is not None and deferring() is None:
            raise self.pending

    @contextlib.contextmanager
    def window(self):
        """Reading or writing the terminal: a signal raises Leave at once (the game is whole here)."""
        self.check()
        self._open += 1
        try:
            yield
        finally:
            self._open -= 1

    def writer(self, out):
        """out(text, nl=True) made safe: a signal while it writes leaves; once the terminal is gone
        (an error saying so) nothing more is written and the session leaves at once, or after the
        search or the save in progress."""
        def write(text, nl=True):
            if self.gone:
                self.check()
                return
            with self.window():
                try:
                    out(text) if nl is True else out(text, nl=nl)
                except OSError as e:
                    if not terminal_gone(e):
                        raise
                    self.lost()
        return write

    def reader(self, read):
        """read(prompt) made safe: a signal while it waits leaves, and so does a terminal gone."""
        def call(prompt):
            if self.gone:
                self.lost()
                raise EOFError
            with self.window():
                try:
                    return read(prompt)
                except OSError as e:
                    if not terminal_gone(e):
                        raise
                    self.lost()
            raise EOFError                  # gone while a search or a save goes on: no more input
        return call

    def lost(self) -> None:
        """The terminal is gone: write no more, and leave (Leave(None)) as soon as the game is whole."""
        self.gone = True
        self._open += 1                     # called where the game is whole: leave unless deferred
        try:
            self._due(Leave(None))
        finally:
            self._open -= 1


def silence_output() -> None:
    """Point stdout and stderr at /dev/null once the terminal is gone, so nothing written later
    (nor the flush at exit) fails: for the process (command.py) when its session is over."""
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(Exception):
            fd = stream.fileno()
            null = os.open(os.devnull, os.O_WRONLY)
            os.dup2(null, fd)
            os.close(null)
