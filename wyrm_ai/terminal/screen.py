"""One screen of `wyrm play` on a terminal, redrawn in place at each decision: the board, what
happened lately (the AI's last turn), a page of the legal actions and a message, fitted to
the terminal's columns and rows. Where the terminal is wide enough the recent events are a side
panel beside the board instead of rows under it."""
from __future__ import annotations

import os
import shutil
import textwrap
from dataclasses import dataclass

from wyrm_ai.terminal.lineedit import is_tty
from wyrm_ai.terminal.board import FULL_HEIGHT
from wyrm_ai.terminal.style import Style, clip, pad, strip, visible_len

HOME_CLEAR = "\x1b[H\x1b[J"       # cursor to the top left, clear to the end of the screen
PANEL_MIN = 36                    # the narrowest side panel worth showing
MIN_CHOICE_ROWS = 4               # rows kept for the actions when the recent events are long


@dataclass
class Screen:
    board: list[str]              # the board's lines (already at most board_width wide)
    board_width: int
    recent_title: str
    recent: list[str]             # what happened lately, oldest first
    groups: list[list[str]]       # the legal actions: each group's heading, then its rows


def output_columns(stream) -> int:
    """The columns printed output may fill: a terminal's width; in a pipe or a file the COLUMNS
    variable when set, else 80, so sequential output fits 80 columns (wyrm play, wyrm watch)."""
    if is_tty(stream):
        return max(40, shutil.get_terminal_size().columns)
    try:
        n = int(os.environ.get("COLUMNS", ""))
    except ValueError:
        n = 0
    return max(40, n) if n > 0 else 80


def board_width(columns: int, rows: int) -> int:
    """The board's width on a terminal of columns x rows: the boxed map when it fits (99
    columns, FULL_HEIGHT rows), else the compact one at up to 80 columns."""
    return 99 if columns >= 99 and rows >= FULL_HEIGHT else min(columns, 80)


def pages(groups: list[list[str]], rows: int) -> list[list[str]]:
    """The groups cut into pages of at most rows lines; a group cut in two repeats its heading."""
    rows = max(2, rows)
    out, page = [], []
    for group in groups:
        head, items = group[0], group[1:]
        if page and len(page) + 2 > rows:          # no room for a heading and one row
            out.append(page)
            page = []
        page.append(head)
        for item in items:
            if len(page) >= rows:
                out.append(page)
                page = [head + " (continued)"]
            page.append(item)
    return out + ([page] if page else [])


def fold(line: str, width: int) -> list[str]:
    """A line as it is if it fits, else wrapped (as plain text) with the rest indented."""
    if visible_len(line) <= width:
        return [line]
    return textwrap.wrap(strip(line), width, subsequent_indent="    ") or [""]


def recent_block(title: str, recent: list[str], rows: int, st: Style) -> list[str]:
    """The title and the last rows-1 recent lines (saying how many are left out)."""
    if not recent or rows < 2:
        return []
    shown = recent[-(rows - 1):]
    more = len(recent) - len(shown)
    head = title + (f" (last {len(shown)} of {len(recent)} lines; 'log' has all)" if more else "")
    return [st.paint(head, "title")] + shown


def compose(sc: Screen, columns: int, lines: int, page: int, message: str, st: Style) -> tuple[list[str], int]:
    """The screen's lines (the prompt goes on the line after them) and the number of pages of
    actions; page is taken modulo that number. With PANEL_MIN columns to spare beside the
    board, the recent events are a side panel the height of the screen."""
    below = 2 if message else 1                              # the message line, the prompt
    avail = max(4, lines - below - len(sc.board))
    total = sum(len(g) for g in sc.groups)
    side = columns - sc.board_width - 1
    recent_rows = (len(sc.recent) + 1) if sc.recent and side < PANEL_MIN else 0
    if recent_rows + total > avail:                          # the actions page, the recent cut
        recent_rows = avail - max(min(total, MIN_CHOICE_ROWS), avail - recent_rows)
    choice_rows = avail - recent_rows
    # paged: the small groups first, so the first page names most kinds of action
    book = ([sum(sc.groups, [])] if total <= choice_rows else
            pages(sorted(sc.groups, key=len), choice_rows - 1))
    n = len(book)
    page %= n
    left = sc.board_width if side >= PANEL_MIN else columns
    body = list(book[page]) if book else []
    if n > 1:
        body.append(st.paint(f"-- actions page {page + 1} of {n}: Enter shows the next page, 'list' "
                             "shows all --", "dim"))
    out = list(sc.board) + recent_block(sc.recent_title, sc.recent, recent_rows, st) + body
    out = [clip(x, left) for x in out + ([message] if message else [])]
    if side >= PANEL_MIN:
        panel = recent_block(sc.recent_title, [w for r in sc.recent for w in fold(r, side)], lines - 1, st)
        out += [""] * (len(panel) - len(out))
        out = [pad(x, left) + " " + p if p else x for x, p in zip(out, panel + [""] * len(out))]
    return out, n


def draw(out, lines: list[str]) -> None:
    """Write the screen in place: home, clear, the lines (the prompt follows)."""
    out(HOME_CLEAR + "\n".join(lines))


def redraw_wanted(stdout, stdin, env=None) -> bool:
    """Redraw in place only on a terminal that can (both ends a terminal, TERM set and not
    dumb); otherwise the session prints plain sequential text."""
    env = os.environ if env is None else env
    return is_tty(stdout) and is_tty(stdin) and env.get("TERM", "dumb") not in ("", "dumb")
