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


# the faction draft's stages (the state dict's draft_stage: docs/advanced-setup.md §10)
DRAFT_STAGES = ("none", "dealing", "choosing", "done")


def drafting(d: dict) -> bool:
    """The faction draft (LoR 16.1.8) is under way in the state dict (or observation) d: its cards
    are being dealt or chosen."""
    return DRAFT_STAGES[d.get("draft_stage", 0)] in ("dealing", "choosing")


def draft_view(d: dict) -> dict | None:
    """The faction draft of a state dict (or observation) d in names (None in a game without one):
    the stage, the pool's face-up cards (faction names, LoR 16.1.8.1), the card locked sideways
    until a militant faction is chosen (16.1.8.1.2; None), the character dealt beside each
    Vagabond card in the pool or chosen (16.1.8.1.3: {"vagabond": "harrier"}), each seat's
    homelands (16.1.8.2.1; clearing numbers from 1) and the cards not dealt yet. Everything of the
    draft lies face up: no view hides any of it."""
    if not d.get("draft_cards"):
        return None
    bits = lambda mask: [f for f in range(len(factions.NAMES)) if (mask >> f) & 1]   # noqa: E731
    characters = {}
    for f, c in zip(factions.VAGABONDS, d["draft_char"]):
        if c >= 0:
            characters[factions.NAMES[f]] = _core.CHARACTER_NAMES[c]
    return {"stage": DRAFT_STAGES[d["draft_stage"]],
            "cards": [factions.NAMES[f] for f in bits(d["draft_cards"])],
            "pool": [factions.NAMES[f] for f in bits(d["draft_pool"])],
            "locked": factions.NAMES[d["draft_locked"]] if d["draft_locked"] >= 0 else None,
            "characters": characters,
            "homelands": [[c + 1 for c in range(_core.NUM_CLEARINGS) if (h >> c) & 1] for h in d["homeland"]],
            "undealt": [factions.NAMES[f] for f in bits(d["draft_deck"])]}


def draft_words(d: dict) -> list[str]:
    """The draft of d in words, a part each (board and status lines): the cards face up, the
    locked one, the characters beside the Vagabond cards; the homelands chosen. [] without a
    draft or once it is done and no seat has a homeland."""
    v = draft_view(d)
    if v is None:
        return []
    table = factions.seat_factions(d)
    parts = []
    if v["stage"] in ("dealing", "choosing"):
        cards = [factions.TITLES[factions.faction_id(n)] + (f" (#{v['characters'][n]})" if n in v["characters"] else "")
                 + (" (locked until a militant is chosen)" if n == v["locked"] else "") for n in v["pool"]]
        parts.append("draft pool: " + (", ".join(cards) or "none yet")
                     + (f"; {len(v['undealt'])} to deal" if v["stage"] == "dealing" else ""))
    homes = [f"{factions.titles(table)[s]} {' '.join(map(str, h))}" for s, h in enumerate(v["homelands"]) if h]
    if homes and v["stage"] != "done":
        parts.append("homelands: " + "; ".join(homes))
    return parts


def seat_words(d: dict, seat: int, label: str = "") -> str:
    """A seat's line while the draft is under way: 'Player 3 (you) - choosing' for a player who
    has not chosen, 'Player 1 (AI) - Eyrie' once it has."""
    f = factions.seat_factions(d)[seat]
    who = f"Player {seat + 1}" + (f" ({label})" if label else "")
    return f"{who} - " + ("choosing" if f == factions.UNDRAFTED else factions.TITLES[f])
