"""The maps by name (docs/maps.md): Autumn, Winter, Lake and Mountain, their data as the core holds
it (`_core.MAPS`), and the clearings' suits of a new game: printed on Autumn; on the other maps
the suit markers, four of each suit, shuffled onto the clearings at setup (LoR 16.1.1), or a
balanced or the suggested layout (community options, root-maps-and-decks.md §1.5), or given as
Rootlog writes them (`Clearings: F1, M2, ...`).

>>> read_map("Lake")
2
>>> suits_text(layout("autumn"))
'F1, M2, R3, R4, R5, F6, M7, F8, M9, R10, M11, F12'
>>> import numpy as np
>>> s = layout("mountain", "balanced", np.random.default_rng(1))
>>> sorted(s) == [0] * 4 + [1] * 4 + [2] * 4 and clashes("mountain", s) == 0
True
"""
from __future__ import annotations

import numpy as np

from wyrm_ai import _core
from wyrm_ai.model.errors import ConfigError

NAMES = tuple(_core.MAP_NAMES)            # the map id is the index
SUIT_LETTERS = "FRM"                      # fox, rabbit, mouse (the core's FOX, RABBIT, MOUSE)
LAYOUTS = ("random", "balanced", "suggested", "printed")
NCL = _core.NUM_CLEARINGS


def read_map(name) -> int:
    """A map id from its name (any case) or id; ConfigError naming the maps otherwise."""
    if isinstance(name, (int, np.integer)) and not isinstance(name, bool) and 0 <= int(name) < len(NAMES):
        return int(name)
    if isinstance(name, str) and name.strip().lower() in NAMES:
        return NAMES.index(name.strip().lower())
    raise ConfigError(f"no map {str(name)[:40]!r}: the maps are {', '.join(NAMES)}")


def data(m) -> dict:
    """The map's data (maps.pxi): slots, ruins, paths, closed paths, forests, corners, ..."""
    return _core.MAPS[NAMES[read_map(m)]]


def paths(m, closed: bool = True) -> list[tuple[int, int]]:
    """The map's paths (1-based clearing pairs), its closed ones too unless closed=False."""
    d = data(m)
    return sorted(d["paths"] + (d["closed_paths"] if closed else ()))


def clashes(m, suits) -> int:
    """Paths (closed ones too) joining two clearings of the same suit."""
    return sum(1 for a, b in paths(m) if suits[a - 1] == suits[b - 1])


def layout(m, how: str = "random", rng: np.random.Generator | None = None) -> list[int]:
    """The clearings' suits of a new game on map m: "printed" (Autumn's), "random" (the suit
    markers shuffled, LoR 16.1.1), "balanced" (random, and no path joins two clearings of one
    suit: the closed paths count) or "suggested" (the Lake's and the Mountain's community
    layout). On Autumn every word gives the printed suits (the Law gives suit markers to the
    variant maps only)."""
    d = data(m)
    if how not in LAYOUTS:
        raise ConfigError(f"suits are {', '.join(LAYOUTS)} or a list such as F1, M2, ..., not {str(how)[:40]!r}")
    if d["printed_suits"] is not None:
        return list(d["printed_suits"])
    if how == "printed":
        raise ConfigError(f"the {d['name']} map prints no suits: random, balanced or suggested")
    if how == "suggested":
        if d["default_suits"] is None:
            raise ConfigError(f"the {d['name']} map has no suggested layout: random or balanced")
        return list(d["default_suits"])
    rng = rng if rng is not None else np.random.default_rng()
    markers = [0, 1, 2] * (NCL // 3)
    while True:
        suits = [int(x) for x in rng.permutation(markers)]
        if how == "random" or clashes(m, suits) == 0:
            return suits


def read_suits(text) -> list[int]:
    """Suits as Rootlog's `Clearings:` line writes them ("F1, M2, R3, ..."), or a list of twelve
    suit letters, names or ints in clearing order; four of each suit (LoR 16.1.1)."""
    if isinstance(text, str):
        items = [x.strip() for x in text.replace(" ", ",").split(",") if x.strip()]
        out = [None] * NCL
        for item in items:
            letter, number = item[:1].upper(), item[1:]
            if letter not in SUIT_LETTERS or not number.isdigit() or not 1 <= int(number) <= NCL:
                raise ConfigError(f"cannot read {item!r} as a clearing's suit: write F, R or M and "
                                  f"the clearing, e.g. F1, M2, R3")
            if out[int(number) - 1] is not None:
                raise ConfigError(f"clearing {int(number)} has two suits")
            out[int(number) - 1] = SUIT_LETTERS.index(letter)
        if None in out:
            raise ConfigError(f"no suit for clearing {out.index(None) + 1}: give all {NCL}")
        suits = out
    else:
        names = [n.lower() for n in _core.SUIT_NAMES[:3]]
        suits = []
        for x in list(text):
            if isinstance(x, str) and x.lower() in names:
                suits.append(names.index(x.lower()))
            elif isinstance(x, str) and x.upper() in SUIT_LETTERS and len(x) == 1:
                suits.append(SUIT_LETTERS.index(x.upper()))
            elif isinstance(x, (int, np.integer)) and not isinstance(x, bool) and 0 <= x <= 2:
                suits.append(int(x))
            else:
                raise ConfigError(f"{str(x)[:20]!r} is no clearing suit (fox, rabbit, mouse)")
        if len(suits) != NCL:
            raise ConfigError(f"{len(suits)} suits: a map has {NCL} clearings")
    if sorted(suits) != [0] * 4 + [1] * 4 + [2] * 4:
        raise ConfigError("the suit markers are four of each suit (LoR 16.1.1)")
    return suits


def suits_text(suits) -> str:
    """Rootlog's `Clearings:` form: 'F1, M2, R3, ...'."""
    return ", ".join(f"{SUIT_LETTERS[s]}{c + 1}" for c, s in enumerate(suits))


def suits_for(m, suits=None, rng: np.random.Generator | None = None) -> list[int] | None:
    """What a new game on map m is given: None for Autumn's printed suits; on another map the
    layout a word names (random when none is given), or suits given as a Rootlog `Clearings:`
    text or a list (on any map)."""
    if suits is None or (isinstance(suits, str) and suits.strip().lower() in LAYOUTS):
        if data(m)["printed_suits"] is not None:
            return None
        return layout(m, "random" if suits is None else suits.strip().lower(), rng)
    return read_suits(suits)
