"""One screen of `wyrm play` on a terminal, redrawn in place at each decision: the board, what
happened lately (the AI's last turn), a page of the legal actions and a message, fitted to
the terminal's columns and rows. Where the terminal is wide enough the recent events are a side
panel beside the board instead of rows under it.

Colour is off when NO_COLOR is set (https://no-color.org), when TERM is `dumb` or unset, or when
the output is not a terminal (a pipe, a file, a test runner); `--color/--no-color` overrides
(color_wanted). The palette is --palette, else WYRM_PALETTE, else `default` (palette_wanted)."""
from __future__ import annotations

import os
import re
import shutil
import textwrap
from dataclasses import dataclass, field

from wyrm_ai.terminal.lineedit import is_tty
from wyrm_ai.model.textboard.board import full_height, wrap_parts
from wyrm_ai.model.errors import ConfigError
from wyrm_ai.model.textboard.style import PALETTES, Style, clip, pad, strip, visible_len

HOME_CLEAR = "\x1b[H\x1b[J"       # cursor to the top left, clear to the end of the screen
PANEL_MIN = 36                    # the narrowest side panel worth showing
MIN_CHOICE_ROWS = 5               # rows kept for the actions (a heading, 3 rows, the pager line)
MIN_RECENT_ROWS = 4               # and for what happened lately (its title, 3 lines)
SENTENCE_INDENTS = (0, 3, 20)     # where an action row, a chance row and a narrated sentence start
HEADER = re.compile(r"(Round \d+ - |Setup)")   # a turn's header (words.turn_title), kept with its turn


@dataclass
class Screen:
    board: list[str]              # the board's lines always shown (already at most board_width wide)
    board_width: int
    recent_title: str
    recent: list[str]             # what happened lately, oldest first
    groups: list[list[str]]       # the legal actions: each group's heading, then its rows
    # the compact screen's faction panels: (lines, tag, whole) each (panel_rows), whole for the
    # seat to move's and the one `seat FACTION` asks for; then your hand and the item supply
    panels: list = field(default_factory=list)
    hand: list[str] = field(default_factory=list)
    recent_page: int | None = -1  # the page of `recent` shown (-1: the last)
    reading: bool = False         # `more`: the recent events take the rows of the actions
    recent_pages: int = 1         # set by compose: how many pages `recent` had
    recent_from: int | None = None  # show the page holding this line of `recent` (recent_page is then set)
    # `seat FACTION` / `seat next`: the index in `panels` of the panel asked for; where it cannot be
    # whole beside the actions (five and six seats at 80x24) it takes their rows, as `more` does
    read_panel: int | None = None
    panel_read: bool = False      # set by compose: the panel asked for took the rows of the actions


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


def board_width(columns: int, rows: int, seats: int = 2) -> int:
    """The board's width on a terminal of columns x rows: the boxed map when it fits (99
    columns, full_height(seats) rows), else the compact one at up to 80 columns."""
    return 99 if columns >= 99 and rows >= full_height(seats) else min(columns, 80)


def boxed_fits(board: list[str], columns: int, rows: int, actions: int, message: str = "") -> bool:
    """Whether the boxed board's lines leave room on a terminal of columns x rows for a page of
    the actions (actions: their rows, headings included; MIN_CHOICE_ROWS of them at least), what
    happened lately (MIN_RECENT_ROWS, unless it is a side panel), the message and the prompt.
    full_height(seats) is what a usual hand needs; a longer hand, or panels longer than usual,
    take more, and the screen is then the compact one (compose never cuts the boxed map)."""
    side = columns - 99 - 1 >= PANEL_MIN
    said = [x for m in (message.splitlines() if message else []) for x in fold(m, 99 if side else columns)]
    need = len(board) + min(actions, MIN_CHOICE_ROWS) + (0 if side else MIN_RECENT_ROWS) + len(said) + 1
    return need <= rows


def pages(groups: list[list[str]], rows: int) -> list[list[str]]:
    """The groups, in order (so the numbers run in order), cut into pages of at most rows lines,
    each page filled: a group goes on in the room left on a page; a group cut in two repeats its
    heading."""
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
    """A line as it is if it fits, else wrapped at its spaces (as plain text), the rest indented
    two columns more than the line."""
    if visible_len(line) <= width:
        return [line]
    plain = strip(line)
    lead = " " * (len(plain) - len(plain.lstrip(" ")))
    return textwrap.wrap(plain.lstrip(" "), width, initial_indent=lead, subsequent_indent=lead + "  ") or [""]


def starts(line: str) -> bool:
    """Whether a line of the recent events starts an action, a chance or a sentence (a page may
    begin there), rather than going on with the line above it (wrapped): by its indent, or as
    rows() marked it."""
    if isinstance(line, Row):
        return line.start
    plain = strip(line)
    return len(plain) - len(plain.lstrip(" ")) in SENTENCE_INDENTS


class Row(str):
    """A line of the recent events as shown, marked whether it starts an action or a sentence."""
    start = False


SIDE_INDENTS = {3: 1, 8: 4, 20: 2, 22: 4}     # a narrow side panel's indents for the usual ones


def rows(recent: list[str], width: int, narrow: bool = False) -> list[Row]:
    """The recent lines folded to width, each marked where it starts an action or a sentence;
    narrow (a side panel): the usual indents made smaller (SIDE_INDENTS), for room."""
    out = []
    for line in recent:
        first = starts(line)
        if narrow:
            n = len(line) - len(line.lstrip(" "))
            line = " " * SIDE_INDENTS.get(n, n) + line[n:]
        for k, piece in enumerate(fold(line, width)):
            row = Row(piece)
            row.start = first and k == 0
            out.append(row)
    return out


def recent_pages(recent: list[str], rows: int) -> list[list[str]]:
    """The recent lines cut into pages of at most rows lines, each page beginning where an action
    or a sentence begins (never in the middle of one) when one begins in its room."""
    rows = max(1, rows)
    out, i = [], 0
    while i < len(recent):
        end = min(len(recent), i + rows)
        if end < len(recent):                      # at a start, not right after a turn's header
            cuts = [j for j in range(i + 1, end + 1) if starts(recent[j])]
            end = max([j for j in cuts if not HEADER.match(strip(recent[j - 1]))] or cuts or [end])
        out.append(recent[i:end])
        i = end
    return out or [[]]


def recent_block(title: str, recent: list[str], rows: int, st: Style, page: int = 0,
                 more: str = "'more' reads on", at: int | None = None,
                 width: int | None = None) -> tuple[list[str], int, int]:
    """The title and one page of the recent lines in rows rows, with a pager line when they take
    more than one page; the number of pages and the page shown. page -1 is the last; at (a line
    of recent), when given, chooses the page holding it."""
    if not recent or rows < 1:
        return [], 1, 0
    if len(recent) + 1 <= rows:
        return [st.paint(title, "title")] + recent, 1, 0
    if rows < 2:                                  # no room for a page: say how to read them
        return [st.paint(title, "title") + st.paint(f" {len(recent)} lines; 'more' reads them", "dim")], 1, 0
    book = recent_pages(recent, rows - 1)
    n = len(book)
    if at is not None:
        ends = [sum(len(p) for p in book[:k + 1]) for k in range(n)]
        page = next((k for k, end in enumerate(ends) if at < end), n - 1)
    if page is None or page < 0:                  # the last page: the latest lines that fill it
        page = n - 1
        tail = len(recent) - (rows - 1)
        first = next((j for j in range(tail, len(recent)) if starts(recent[j])), tail)
        book[page] = recent[first:]
    page %= n
    head = st.paint(title.rstrip(":"), "title") + st.paint(f", page {page + 1} of {n} ({more}):", "dim")
    if width is not None and visible_len(head) > width:       # a side panel: the short form
        head = st.paint(title.rstrip(":"), "title") + st.paint(f" {page + 1}/{n}:", "dim")
    return [head] + book[page], n, page


def panel_levels(panels: list, room: int, width: int, tight: int | None = None) -> tuple[list[str], bool]:
    """The faction panels, (lines, tag, whole) each, in room rows: every panel whole when they
    fit; else those marked whole (the seat to move's, the one `seat` asks for) whole and each
    other's first line; else, in tight rows (room less what the recent events may give up), the
    others' tags ('EYRIE (AI) 5 VP, hand 3') on a line or two; else the whole ones' first lines
    too. The last is taken when nothing fits. With the rows, whether the panels marked whole are
    whole in them."""
    tags = wrap_parts([tag for _, tag, whole in panels if not whole], width)
    tight = room if tight is None else tight
    levels = (([line for lines, _, _ in panels for line in lines], room),
              ([line for lines, _, whole in panels for line in (lines if whole else lines[:1])], room),
              ([line for lines, _, whole in panels if whole for line in lines] + tags, tight),
              ([line for lines, _, whole in panels if whole for line in lines[:1]] + tags, tight))
    level = next((k for k, (rows, fits) in enumerate(levels) if len(rows) <= fits), len(levels) - 1)
    return levels[level][0], level < len(levels) - 1


def panel_rows(panels: list, room: int, width: int, tight: int | None = None) -> list[str]:
    """The faction panels' rows in room rows (panel_levels)."""
    return panel_levels(panels, room, width, tight)[0]


PANEL_PAGER = "-- 'seat next': the next faction's panel; Enter: your actions --"


def read_panel_rows(panels: list, asked: int, hand: list[str], room: int, width: int) -> tuple[list[str], list[str]]:
    """`seat FACTION` where that panel cannot be whole beside the actions: its whole panel, then
    your hand and the other factions' tags, each while room rows are left (room: the rows for
    them all, the pager line's taken out); the panel and the hand shown."""
    whole = panels[asked][0][:max(1, room)]
    left = room - len(whole)
    hand = list(hand) if len(hand) <= left else []
    left -= len(hand)
    tags = wrap_parts([tag for k, (_, tag, _) in enumerate(panels) if k != asked], width)
    return whole + (tags if len(tags) <= left else []), hand


def compose(sc: Screen, columns: int, lines: int, page: int, message: str, st: Style) -> tuple[list[str], int]:
    """The screen's lines (the prompt goes on the line after them) and the number of pages of
    actions; page is taken modulo that number. The board's top (status, map), the panels of the
    seat to move and the prompt are always there; the other panels shrink to one line each when
    rows are short; what happened lately and the actions share the rest, each paged. With
    PANEL_MIN columns to spare beside the board, the recent events are a side panel the height
    of the screen. No line is wider than columns: the message wraps at its spaces."""
    side = columns - sc.board_width - 1
    left = sc.board_width if side >= PANEL_MIN else columns
    said = [x for m in (message.splitlines() if message else []) for x in fold(m, left)]
    below = len(said) + 1                                    # the message lines, the prompt
    total = sum(len(g) for g in sc.groups)
    folds = [rows([r], left if side < PANEL_MIN else side, side >= PANEL_MIN) for r in sc.recent]
    at = None if sc.recent_from is None else sum(len(f) for f in folds[:sc.recent_from])
    recent = [w for f in folds for w in f] if side < PANEL_MIN else []
    want_recent = len(recent) + 1 if recent else 0
    room = lines - below - len(sc.board) - len(sc.hand)
    want = min(total, MIN_CHOICE_ROWS) + min(want_recent, MIN_RECENT_ROWS)
    hand = list(sc.hand)
    if sc.reading and recent:               # `more`: the panels as small as they go, yours whole
        shown_panels = panel_rows(sc.panels, 0, left, max(0, room - MIN_RECENT_ROWS - 1))
        whole = True
    else:
        shown_panels, whole = panel_levels(sc.panels, max(0, room - want), left,
                                           max(0, room - min(total, MIN_CHOICE_ROWS - 1) - min(want_recent, 1)))
    # `seat FACTION` asked for a panel the rows beside the actions cannot hold whole: it takes theirs
    sc.panel_read = sc.read_panel is not None and not (sc.reading and recent) and not whole
    if sc.panel_read:
        shown_panels, hand = read_panel_rows(sc.panels, sc.read_panel, sc.hand,
                                             lines - below - len(sc.board) - 1, left)
        room = lines - below - len(sc.board) - len(hand)
    avail = max(3, room - len(shown_panels)) if not sc.panel_read else max(1, room - len(shown_panels))
    if sc.panel_read:                       # the pager line; the recent their title, if a row is left
        recent_rows = min(1, avail - 1)
    elif sc.reading and recent:                             # `more`: the recent take the rows
        recent_rows = avail - 1
    elif want_recent + total <= avail:
        recent_rows = want_recent
    else:                   # both paged: the actions keep half the rows (at least a few), the rest is the recent's
        choice = max(min(total, MIN_CHOICE_ROWS), min(total, (avail + 1) // 2), avail - want_recent)
        recent_rows = avail - min(choice, avail - min(want_recent, 1))   # the recent keep a line
    choice_rows = avail - recent_rows
    block = []
    if recent:
        block, sc.recent_pages, sc.recent_page = recent_block(
            sc.recent_title, recent, recent_rows, st, sc.recent_page,
            "'more': next page; 'log': all" if not sc.reading else "'more': next page; Enter: actions", at)
    book = [sum(sc.groups, [])] if total <= choice_rows else pages(sc.groups, choice_rows - 1)
    n = len(book)
    page %= n
    if sc.panel_read:
        body = [st.paint(PANEL_PAGER, "dim")]
    elif sc.reading and recent:
        body = [st.paint("-- your actions: Enter shows them --", "dim")]
    else:
        body = list(book[page]) if book else []
        if n > 1:
            body.append(st.paint(f"-- actions page {page + 1} of {n}: Enter shows the next page, 'list' "
                                 "shows all --", "dim"))
    out = list(sc.board) + shown_panels + hand + block + body
    out = [clip(x, left) for x in out + said]
    if side >= PANEL_MIN:
        folded = [w for f in folds for w in f]
        panel, sc.recent_pages, sc.recent_page = recent_block(sc.recent_title, folded, lines - 1, st,
                                                              sc.recent_page, "'more'", at=at, width=side)
        panel = [clip(p, side) for p in panel]
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


def palette_wanted(name: str | None = None, env=None) -> str:
    """The palette to use: name if given, else WYRM_PALETTE, else `default`; ConfigError for an
    unknown name."""
    env = os.environ if env is None else env
    name = name or env.get("WYRM_PALETTE", "") or "default"
    if name not in PALETTES:
        raise ConfigError(f"no palette {name!r}; choose from {', '.join(PALETTES)}")
    return name


def color_wanted(stream, env=None) -> bool:
    """Whether to write colour to stream: a terminal that is not dumb, and no NO_COLOR."""
    env = os.environ if env is None else env
    if env.get("NO_COLOR", "") != "":
        return False
    if env.get("TERM", "dumb") == "dumb":
        return False
    return is_tty(stream)
