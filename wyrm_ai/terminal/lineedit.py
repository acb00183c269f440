"""Reading a line at the prompt: with GNU readline (the standard library's `readline`) when stdin
is a terminal, so the arrows edit the line, Up/Down walk the history and Tab completes commands
and the legal actions' notation; plain input() otherwise (a pipe, a test runner), which reads
exactly what was sent."""
from __future__ import annotations

import sys


class LineReader:
    """read(prompt) -> the line typed (EOFError at the end of input, KeyboardInterrupt on Ctrl-C).

    words() gives the completions for the current prompt; it is asked afresh at each Tab."""

    def __init__(self, words=lambda: [], stdin=None):
        self.words = words
        stdin = stdin or sys.stdin
        self.readline = load_readline() if is_tty(stdin) else None
        if self.readline is not None:
            self.readline.set_completer(self.complete)
            self.readline.set_completer_delims(" \t")
            binding = "bind ^I rl_complete" if "libedit" in (self.readline.__doc__ or "") else "tab: complete"
            self.readline.parse_and_bind(binding)
        self._matches: list[str] = []

    def __call__(self, prompt: str) -> str:
        return input(prompt)

    def complete(self, text: str, state: int) -> str | None:
        """readline's completer: the state-th word starting with text (case-insensitive)."""
        if state == 0:
            low = text.lower()
            self._matches = sorted({w for w in self.words() if w.lower().startswith(low)})
        return self._matches[state] if state < len(self._matches) else None


def is_tty(stream) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError, OSError):
        return False


def load_readline():
    """The readline module (it hooks into input() when imported), or None where there is none
    (Windows without pyreadline): the prompt then reads plain lines."""
    try:
        import readline
    except ImportError:
        return None
    return readline
