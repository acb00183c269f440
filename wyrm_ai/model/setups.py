"""How a game is set up (docs/advanced-setup.md): the Standard Setup (LoR 5.1) or the Advanced
Setup (LoR 16.1), a game option kept in the state (`setup_mode`). The core plays the Advanced
Setup's hands: five cards dealt (16.1.7), three kept once every faction has set up, the others
returned to the deck (16.1.10, step `keep_three`). Its map and deck are the options of their own
(docs/maps.md, docs/ep-deck.md); seating and the faction draft are chosen before the game."""
from __future__ import annotations

from wyrm_ai import _core
from wyrm_ai.model.errors import ConfigError

SETUP_NAMES = _core.SETUP_NAMES           # standard, advanced
SETUP_TITLES = dict(zip(SETUP_NAMES, ("Standard Setup", "Advanced Setup")))


def read_setup(setup: int | str) -> int:
    """The id of a setup given by name ("standard", "advanced") or id: a ConfigError names the
    setups otherwise."""
    if type(setup) is int and 0 <= setup < len(SETUP_NAMES):
        return setup
    key = setup.strip().lower() if isinstance(setup, str) else None
    if key in SETUP_NAMES:
        return SETUP_NAMES.index(key)
    raise ConfigError(f"no setup {setup!r}: the setups are {', '.join(SETUP_NAMES)}")
