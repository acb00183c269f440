"""The text board's colours: a Style paints text (or leaves it plain), the palettes, and the
widths of coloured text (visible_len, pad, clip).

Whether a stream gets colour is the terminal's choice (terminal/screen.py: color_wanted,
palette_wanted). Colour never carries meaning alone: suits are spelled or lettered, factions tagged C / W.

Palettes (`--palette` or WYRM_PALETTE): `default` (256 colours: the Marquise orange, rabbit
yellow, fox red, mouse magenta, the Wyrm green, the Alliance tan, the Vagabond grey, the Lizard
Cult gold, the Riverfolk teal, the Duchy earth brown, the Corvids purple, the
Hundreds dark red, the Keepers slate (iron) grey), `cb` (colour-blind safe: the Okabe-Ito colours,
told apart by people with any common colour-vision deficiency) and `basic` (the 16 colours every
colour terminal has)."""
from __future__ import annotations

import re


CODES = {
    "bold": "1", "dim": "2", "red": "31", "green": "32", "yellow": "33", "blue": "34",
    "magenta": "35", "cyan": "36", "bright_red": "91", "bright_green": "92",
    "bright_yellow": "93", "bright_blue": "94", "bright_magenta": "95", "bright_cyan": "96", "white": "97",
    "bright_black": "90",
}
ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")



def c256(n: int) -> str:
    """The SGR code of colour n of the 256-colour table."""
    return f"38;5;{n}"


# what each thing on screen is painted with, per palette (a name of CODES or a raw SGR code)
COMMON = {"title": ("bold",), "dim": ("dim",), "error": ("red",), "good": ("green",)}
PALETTES = {
    "default": {
        "marquise": (c256(208),), "wyrm": (c256(40),), "eyrie": (c256(33),),  # orange, green, blue
        "alliance": (c256(180),), "vagabond": (c256(250),),                   # tan, grey
        "vagabond2": (c256(244),),                                           # darker grey (LoR 9.7)
        "mechanical-marquise": (c256(130),),                                 # brown (the bot)
        "lizards": (c256(178),),                                             # gold (the Lizard Cult)
        "riverfolk": (c256(37),),                                            # teal (the Riverfolk Company)
        "duchy": (c256(94),),                                                # earth brown (the Underground Duchy)
        "corvids": (c256(135),),                                             # purple (the Corvid Conspiracy)
        "hundreds": (c256(124),),                                            # dark red (the Lord of the Hundreds)
        "keepers": (c256(103),),                                             # slate grey (the Keepers in Iron)
        "fox": (c256(196),), "rabbit": (c256(226),), "mouse": (c256(201),), "bird": (c256(45),),
        "number": ("cyan",), **COMMON,
    },
    "cb": {                                                               # Okabe-Ito
        "marquise": (c256(214),), "wyrm": (c256(32),), "eyrie": (c256(36),),  # orange, blue, bluish green
        "alliance": (c256(250),), "vagabond": (c256(246),),                   # light grey, grey
        "vagabond2": (c256(242),),                                           # darker grey
        "mechanical-marquise": (c256(137),),                                 # light brown
        "lizards": (c256(142),),                                             # olive
        "riverfolk": (c256(117),),                                           # light sky blue
        "duchy": (c256(95),),                                                # dusky brown
        "corvids": (c256(140),),                                             # light purple
        "hundreds": (c256(131),),                                            # indian red
        "keepers": (c256(60),),                                              # dark slate blue
        "fox": (c256(166),), "rabbit": (c256(227),), "mouse": (c256(175),), "bird": (c256(74),),
        "number": (c256(74),), **COMMON, "error": (c256(166),), "good": (c256(32),),
    },
    "basic": {
        "marquise": ("bright_yellow",), "wyrm": ("bright_green",), "eyrie": ("bright_cyan",),
        "alliance": ("white",), "vagabond": ("white",), "vagabond2": ("white",),
        "mechanical-marquise": ("yellow",), "lizards": ("green",), "riverfolk": ("blue",),
        "duchy": ("magenta",), "corvids": ("bright_blue",), "hundreds": ("red",),
        "keepers": ("bright_black",),
        "fox": ("bright_red",), "rabbit": ("bright_blue",), "mouse": ("bright_magenta",),
        "bird": ("cyan",), "number": ("cyan",), **COMMON,
    },
}




class Style:
    """paint(text, *names) wraps text in ANSI codes when colour is on, else returns it as is."""

    def __init__(self, color: bool = False, palette: str = "default"):
        self.color = color
        self.theme = PALETTES[palette]

    def paint(self, text: str, *names: str) -> str:
        if not self.color or not text:
            return text
        codes = []
        for n in names:
            codes.extend(CODES.get(c, c) for c in self.theme.get(n, (n,)))
        return f"\x1b[{';'.join(codes)}m{text}\x1b[0m" if codes else text


def visible_len(text: str) -> int:
    """Length on screen (ANSI codes take no room)."""
    return len(ANSI.sub("", text))


def pad(text: str, width: int, cut: bool = True) -> str:
    """Pad text to width visible columns; plain text longer than that is cut unless cut=False."""
    n = visible_len(text)
    if cut and n > width and not ANSI.search(text):
        return text[:width]
    return text + " " * max(0, width - n)


def strip(text: str) -> str:
    return ANSI.sub("", text)


def clip(text: str, width: int) -> str:
    """text cut to width visible columns, its colour codes kept (and closed if cut)."""
    if visible_len(text) <= width:
        return text
    out, seen, pos = [], 0, 0
    for m in ANSI.finditer(text):
        chunk = text[pos:m.start()]
        take = chunk[:max(0, width - seen)]
        out.append(take)
        seen += len(take)
        out.append(m.group())
        pos = m.end()
    out.append(text[pos:][:max(0, width - seen)])
    cut = "".join(out)
    return cut + "\x1b[0m" if ANSI.search(cut) else cut


def trimmed(text: str, width: int) -> str:
    """text in at most width visible columns: cut, ending in '...', when longer."""
    return text if visible_len(text) <= width else clip(text, width - 3) + "..."
