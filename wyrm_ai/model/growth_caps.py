"""The Growth-track caps, a game option (W-EVE-1: the Lair scores at most the cap printed on the
rightmost covered space of the Wyrm's Growth track; W-EVE-2, an assumption, gives the default
1, 2, 2, 3, 4, 5). A player whose faction board prints other numbers sets them here. The core
keeps them in every game (`growth_caps`, six ints, left to right; _core.check_growth_caps says
what is allowed: each 0..9, never falling left to right); they count where the Wyrm sits. This
module reads and writes them, with a ConfigError naming what was wrong.

>>> read("2,3,3,4,5,6")
(2, 3, 3, 4, 5, 6)
>>> text(DEFAULT)
'1,2,2,3,4,5'
"""
from __future__ import annotations

from wyrm_ai import _core
from wyrm_ai.model.errors import ConfigError

DEFAULT = tuple(_core.WYRM_TABLE["growth_caps"])     # W-EVE-2 (assumed)
OPTION_NAME = "growth_caps"                           # the core's field, the engine's setoption


def parse(given: str) -> tuple[int, ...]:
    """The caps from their text: six ints, comma-separated, left to right ("1,2,2,3,4,5")."""
    if not isinstance(given, str):
        raise ConfigError(f"growth caps are written as six comma-separated ints, not {given!r}")
    items = [w.strip() for w in given.split(",")]
    if not all(w.isdigit() for w in items):
        raise ConfigError(f"growth caps are six comma-separated ints 0..9 (e.g. {text(DEFAULT)}), "
                          f"not {given!r}")
    return _core.check_growth_caps([int(w) for w in items])


def read(given) -> tuple[int, ...]:
    """The caps as given: None (the default, W-EVE-2), their text, or a sequence of six ints."""
    if given is None:
        return DEFAULT
    if isinstance(given, str):
        return parse(given)
    return _core.check_growth_caps(given)


def of_state(state) -> tuple[int, ...]:
    """The caps a core State (or its to_dict()) holds; a dict without the field (a save from
    before it) holds the default."""
    d = state if isinstance(state, dict) else state.to_dict()
    return read(d.get(OPTION_NAME, DEFAULT))


def text(caps) -> str:
    """The caps as the options write them: "1,2,2,3,4,5"."""
    return ",".join(str(c) for c in caps)


def is_default(caps) -> bool:
    return tuple(caps) == DEFAULT
