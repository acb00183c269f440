"""Hirelings (LoR 16.4, the printed appendix E; docs/hirelings.md): a game option naming the three
hireling cards in play, each on the side it is played on, and their public facts for views.

The core holds their rules (ext/wyrm_ai/hirelings.pxi): control markers, gaining at the score
track's hireling markers, giving away, and each side's ability. Every side has a name
(`bluebird-nobles`) and short aliases (`nobles`); `BUILT` are the sides a game may use so far."""
from __future__ import annotations

from wyrm_ai import _core
from wyrm_ai.model import factions
from wyrm_ai.model.errors import ConfigError

NAMES = _core.HIRELING_NAMES            # the 14 sides: card i's promoted side 2i, demoted 2i + 1
BUILT = tuple(NAMES[i] for i in _core.HIRELING_BUILT)
CONTROL_DIE = _core.CONTROL_DIE         # each face's (pips, gold pips): UNCONFIRMED (docs/hirelings.md)
MARKER_SPACES = (4, 8, 12)              # the hireling markers' spaces of the score track (LoR 16.1.6.4)
# each card's type letter in Rootlog (spec "Hirelings": `h_E`), which our notation names its pieces by:
# the letter of the faction whose card it mirrors (Forest Patrol C ... Popular Band J)
LETTERS = "CEAVHKJ"
# short names: the last word ("nobles"), and each name without its article ("exile")
ALIASES = {**{n.split("-")[-1]: n for n in NAMES}, **{n[4:]: n for n in NAMES if n.startswith("the-")}}


def side_id(name: int | str) -> int:
    """A side's id from its name or alias (any case, spaces for hyphens) or id; ConfigError otherwise."""
    if type(name) is int and 0 <= name < len(NAMES):
        return name
    key = "-".join(name.strip().lower().split()) if isinstance(name, str) else None
    key = ALIASES.get(key, key)
    if key in NAMES:
        return NAMES.index(key)
    raise ConfigError(f"no hireling {name!r}: the hirelings are {', '.join(NAMES)}")


def read(hirelings) -> tuple[int, ...]:
    """The game option's sides: None, "" or "none" for no hirelings; else three names (a comma-
    separated text or a sequence of names or ids). The core checks the rest (three, built, two
    sides of one card, a faction kept out: LoR 16.1.6)."""
    if hirelings is None or hirelings is False:
        return ()
    if isinstance(hirelings, str):
        if hirelings.strip().lower() in ("", "none"):
            return ()
        hirelings = [h for h in hirelings.split(",")]
    try:
        return tuple(side_id(h) for h in hirelings)
    except TypeError:
        raise ConfigError(f"hirelings must be names, not {hirelings!r}") from None


def token(side: int) -> str:
    """A side's pieces as notation names them (Rootlog's `h_<type>`): `h_J` for Street Band's."""
    return "h_" + LETTERS[side // 2]


def title(side: int) -> str:
    """A side's printed name: "Bluebird Nobles", "the Exile"."""
    return NAMES[side].replace("-", " ").title().replace("The ", "the ")


def keeps_out(side: int) -> tuple[str, ...]:
    """The factions (names) the side's card keeps out of the game (LoR 16.1.6.5)."""
    return tuple(_core.FACTION_NAMES[f] for f in _core.HIRELING_EXCLUDES[side // 2])


def checked(hirelings) -> tuple[int, ...]:
    """The option read (read) and checked as far as no table matters, by the core's own rules:
    three sides, each built, of three cards (LoR 16.1.6). A ConfigError says what is wrong; the
    factions a card keeps out and a bot are checked when a game seats its table."""
    sides = read(hirelings)
    if sides:
        factions.new_state(_free_table(), 0, {"hirelings": sides})
    return sides


def _free_table() -> tuple[int, int]:
    """Two factions no hireling card keeps out, neither a bot."""
    out = [f for f in _core.PLAYABLE_FACTIONS
           if not factions.is_bot(f) and not any(f in kept for kept in _core.HIRELING_EXCLUDES)]
    return tuple(out[:2])


def titles_text(sides) -> str:
    """The hirelings in words: "Bluebird Nobles, Rabbit Scouts and Badger Bodyguards" (sides by id
    or name); "no hirelings" for none."""
    out = [title(side_id(h)) for h in sides or ()]
    return "no hirelings" if not out else out[0] if len(out) == 1 else ", ".join(out[:-1]) + " and " + out[-1]


def names(sides) -> tuple[str, ...] | None:
    """The sides' names, None for a game without hirelings (the option's value)."""
    return tuple(NAMES[h] for h in sides) if sides else None


def text(sides) -> str:
    """The option as text: "bluebird-nobles,rabbit-scouts,badger-bodyguards", or "none"."""
    return ",".join(NAMES[h] for h in sides) if sides else "none"


STAGES = (None, "give", "take")      # hr_stage: where the end of a turn is (E-C3)


def facts(d: dict, faction_names) -> dict | None:
    """The hirelings of a state dict (or observation) as a view shows them, all public (LoR 16.4):
    each card's side (and its printed title), controller (a faction name, None in the supply),
    control markers and the turn it was gained; the hireling markers still on the score track; the
    markers each faction has taken and not flipped; and the end of a turn under way (E-C3): its
    stage (give, take or None), the hireling being given away or rolled for (`now`) and the player
    rolling the control die (`roller`); each card's pieces (LoR 16.4.3): `warriors` and `vaults` by
    clearing number on the map, and `supply` the warriors and vaults still on the card (sides with
    pieces only: Street Band's five warriors ...). None in a game without hirelings."""
    kinds = d.get("hr_kind", [-1])
    if not kinds or kinds[0] < 0:
        return None
    cards = []
    for i, k in enumerate(kinds):
        owner = d["hr_owner"][i]
        card = {"hireling": NAMES[k], "title": title(k), "demoted": bool(k & 1),
                "controller": faction_names[owner] if owner >= 0 else None,
                "control": int(d["hr_control"][i]), "gained_turn": int(d["hr_gained"][i]) if owner >= 0 else None}
        if "hr_warriors" in d and any(_core.HIRELING_PIECES[k]):
            card["warriors"] = {c + 1: int(n) for c, n in enumerate(d["hr_warriors"][i]) if n}
            card["vaults"] = {c + 1: int(n) for c, n in enumerate(d["hr_vaults"][i]) if n}
            card["supply"] = {"warriors": int(d["hr_warrior_supply"][i]), "vaults": int(d["hr_vault_supply"][i])}
        cards.append(card)
    owed = {faction_names[v]: int(n) for v, n in enumerate(d["hr_owed"]) if n}
    now, roller = d.get("hr_now", -1), d.get("hr_roller", -1)
    return {"cards": cards, "markers": [s for i, s in enumerate(MARKER_SPACES) if (d["hr_markers"] >> i) & 1],
            "owed": owed, "stage": STAGES[d.get("hr_stage", 0)],
            "now": NAMES[kinds[now]] if now >= 0 else None,
            "roller": faction_names[roller] if roller >= 0 else None}
