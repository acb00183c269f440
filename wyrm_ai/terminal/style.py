"""Colour where the terminal supports it, plain text where it does not.

Colour is off when NO_COLOR is set (https://no-color.org), when TERM is `dumb` or unset, or when
the output is not a terminal (a pipe, a file, a test runner); `--color/--no-color` overrides."""
from __future__ import annotations

import os
import re

CODES = {
    "bold": "1", "dim": "2", "red": "31", "green": "32", "yellow": "33", "blue": "34",
    "magenta": "35", "cyan": "36", "bright_red": "91", "bright_green": "92",
    "bright_yellow": "93", "bright_magenta": "95", "bright_cyan": "96",
}
ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")

# what each thing on screen is painted with
THEME = {
    "marquise": ("bright_yellow",), "wyrm": ("bright_green",),
    "fox": ("bright_red",), "rabbit": ("yellow",), "mouse": ("bright_magenta",), "bird": ("cyan",),
    "title": ("bold",), "dim": ("dim",), "error": ("red",), "good": ("green",), "number": ("cyan",),
}


def color_wanted(stream, env=None) -> bool:
    """Whether to write colour to stream: a terminal that is not dumb, and no NO_COLOR."""
    env = os.environ if env is None else env
    if env.get("NO_COLOR", "") != "":
        return False
    if env.get("TERM", "dumb") == "dumb":
        return False
    isatty = getattr(stream, "isatty", None)
    try:
        return bool(isatty and isatty())
    except (ValueError, OSError):
        return False


class Style:
    """paint(text, *names) wraps text in ANSI codes when colour is on, else returns it as is."""

    def __init__(self, color: bool = False):
        self.color = color

    def paint(self, text: str, *names: str) -> str:
        if not self.color or not text:
            return text
        codes = []
        for n in names:
            codes.extend(CODES[c] for c in THEME.get(n, (n,)))
        return f"\x1b[{';'.join(codes)}m{text}\x1b[0m" if codes else text


def visible_len(text: str) -> int:
    """Length on screen (ANSI codes take no room)."""
    return len(ANSI.sub("", text))


def pad(text: str, width: int) -> str:
    """Pad (or cut, when plain) text to width visible columns."""
    n = visible_len(text)
    if n > width and not ANSI.search(text):
        return text[:width]
    return text + " " * max(0, width - n)


def strip(text: str) -> str:
    return ANSI.sub("", text)
