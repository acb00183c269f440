"""How a game is set up (docs/advanced-setup.md): the Standard Setup (LoR 5.1) or the Advanced
Setup (LoR 16.1), a game option kept in the state (`setup_mode`). The core plays the Advanced
Setup's hands: five cards dealt (16.1.7), three kept once every faction has set up, the others
returned to the deck (16.1.10, step `keep_three`). Its map and deck are the options of their own
(docs/maps.md, docs/ep-deck.md); seating and the faction draft are chosen before the game."""
from __future__ import annotations

from wyrm_ai import _core
from wyrm_ai.model import factions
from wyrm_ai.model.errors import ConfigError

SETUP_NAMES = _core.SETUP_NAMES           # standard, advanced
SETUP_TITLES = dict(zip(SETUP_NAMES, ("Standard Setup", "Advanced Setup")))

# Reach (LoR 5.2; docs/advanced-setup.md §2): each faction's, and the least total recommended for a
# table of 2..6 players. The Wyrm's is W-MP-48's 8; the bot counts as the Marquise's 10 (choice C3);
# a second Vagabond counts 2 (LoR 5.2). Reach is advice (choice C1): a table below it still plays.
REACH = {"marquise": 10, "eyrie": 7, "alliance": 3, "vagabond": 5, "wyrm": 8, "mechanical-marquise": 10}
SECOND_VAGABOND_REACH = 2
MIN_REACH = {2: 17, 3: 18, 4: 21, 5: 25, 6: 28}


def read_setup(setup: int | str) -> int:
    """The id of a setup given by name ("standard", "advanced") or id: a ConfigError names the
    setups otherwise."""
    if type(setup) is int and 0 <= setup < len(SETUP_NAMES):
        return setup
    key = setup.strip().lower() if isinstance(setup, str) else None
    if key in SETUP_NAMES:
        return SETUP_NAMES.index(key)
    raise ConfigError(f"no setup {setup!r}: the setups are {', '.join(SETUP_NAMES)}")


def reach(table) -> int:
    """A table's total reach (LoR 5.2): its factions' (names or ids) summed, a second Vagabond 2."""
    names = tuple(factions.NAMES[factions.faction_id(f)] for f in table)
    total = sum(REACH[n] for n in names)
    return total - (REACH["vagabond"] - SECOND_VAGABOND_REACH) * max(0, names.count("vagabond") - 1)


def reach_advice(table) -> str:
    """The reach of a table in words, and whether it meets LoR 5.2's recommendation for its
    number of players ("reach 18 (at least 18 is recommended at 3 players)"): advice, never a
    refusal (docs/advanced-setup.md, C1)."""
    total, least = reach(table), MIN_REACH[len(table)]
    if total >= least:
        return f"reach {total} (at least {least} is recommended at {len(table)} players)"
    return (f"reach {total}, below the {least} recommended at {len(table)} players (LoR 5.2): "
            "the factions may not hold the map between them, but the game plays")
