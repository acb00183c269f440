"""The Keepers in Iron's board as the front ends show it (LoR 15; docs/hundreds-keepers.md §3, §7),
read from an observation (redaction.observe) or a state dict: the waystations (their clearing and the
relic type each shows face up), the twelve relics (type, place -- a clearing, a forest, the Relics
track or waiting as a trophy for its remover to place it -- and value, None face down), the Retinue by
column with the cards used this Daylight, the Relics track (recovered per type, columns filled), the
crafting pieces per suit, the supply, the Evening's draws, and the turn under way: its phase, the
Birdsong's stage and the clearings Encamp and Decamp have used, the Daylight's column and the action
under way (its clearing and card, a delve's forest and relic), Gather Retinue's choice; the
reactions owed (relics to carry along a move, trophies to place) on any turn; and the numbers the
checks compare a relic's value with (the core's public fact `relic_checks`: ruled clearings around each
forest and of each suit, the relics a Recover could take now, the values still face down per type).

Everything here is public (docs/hundreds-keepers.md I-C1, I-C8): a face-down relic has no value in
the state at all (the chance `relic_value` draws it at the delve's flip), so no view can show one;
the Retinue lies face up. Nothing here decides a rule: the fields are the core's (State.to_dict),
the checks' numbers its public facts (`_core.public_facts`), the numbers its table
(`_core.KEEPERS_TABLE`)."""
from __future__ import annotations

from wyrm_ai import _core
from wyrm_ai.model import maps
from wyrm_ai.model.cards import CARDS
from wyrm_ai.model.factions import KEEPERS, NAMES, on_turn_of, seat_in

TABLE = _core.KEEPERS_TABLE
TYPES = tuple(_core.RELIC_TYPE_NAMES)           # figure, tablet, jewelry: relic i is of type i // 4 (I-1)
FACES = TABLE["waystation_faces"]               # waystation w shows TYPES[FACES[w][way_face[w]]] (I-3)
COLUMNS = tuple(_core.RETINUE_COLUMNS)          # move, battle_delve, move_recover (LoR 15.5.2)
SUITS = ("fox", "rabbit", "mouse")
NCL = _core.NUM_CLEARINGS
NRELIC = _core.NUM_RELICS
RETAINER = "retainer"                           # a Faithful Retainer in the Retinue (I-C7)
RECOVERED, TROPHY = "recovered", "trophy"       # a relic on the Relics track; one waiting for its remover
AT_TROPHY, AT_RECOVERED = _core.RELIC_AT_TROPHY, _core.RELIC_AT_RECOVERED
# the Birdsong's stages (ki_stage 4..6, LoR 15.4); 7 the Daylight's columns and the Evening's Gather
BIRDSONG_STAGES = {4: "encamp", 5: "decamp", 6: "recruit"}
GATHER_STAGE = 7
GATHER = ("open", "added", "shifted")           # eve_mode: Gather Retinue adds any number or shifts one (I-30)
BIRDSONG, DAYLIGHT, EVENING = "birdsong", "daylight", "evening"
_PHASE_OF_STEP = {"keepers_birdsong": BIRDSONG, "birdsong_cards": BIRDSONG,
                  "keepers_daylight": DAYLIGHT, "delve": DAYLIGHT, "relic_value": DAYLIGHT, "recover": DAYLIGHT,
                  "command_warren": DAYLIGHT,
                  "keepers_evening": EVENING, "cobbler": EVENING, "evening_draw": EVENING, "discard": EVENING}
STEPS = _core.STEP_NAMES


def seated(d: dict) -> bool:
    """The Keepers sit at the table of d (an observation or a state dict)."""
    return KEEPERS in d["seat_faction"]


def seat(d: dict) -> int:
    """The Keepers' seat (-1 when they do not sit)."""
    return seat_in(d, KEEPERS)


def on_turn(d: dict) -> bool:
    """It is the Keepers' turn (past the setup): the turn's bookkeeping below means this turn."""
    return on_turn_of(d, KEEPERS)


def _forests(d: dict) -> tuple:
    return tuple(maps.data(d["map"])["forest_names"])


def card_name(t: int) -> str | None:
    """A Retinue slot's card as a token (`F#anvil`), RETAINER for a Faithful Retainer, None empty."""
    if t < 0:
        return None
    return RETAINER if t == _core.RETAINER_CARD else CARDS[t].token


# ---- the map ------------------------------------------------------------------------------------

def warriors(d: dict) -> dict[int, int]:
    """{clearing (1-12): Keeper warriors there}."""
    return {i + 1: n for i, n in enumerate(d["keepers"]) if n}


def waystations(d: dict) -> list[dict | None]:
    """The three waystations in WAYSTATION_FACES' order (figure/tablet, tablet/jewelry,
    jewelry/figure; I-3): None on the faction board, else {"clearing": 1-12, "up": the relic type
    it shows face up} -- the position reader's `keepers.waystations`."""
    return [{"clearing": c + 1, "up": TYPES[FACES[w][d["way_face"][w]]]} if c >= 0 else None
            for w, c in enumerate(d["way_at"])]


def waystations_at(d: dict, i: int) -> list[str]:
    """The relic types the waystations in clearing i (0-based) show face up, one entry each."""
    return [TYPES[FACES[w][d["way_face"][w]]] for w, c in enumerate(d["way_at"]) if c == i]


def where(d: dict, r: int, forests: tuple | None = None):
    """Relic r's place: a clearing 1-12, a forest's name, RECOVERED (on the Relics track), TROPHY
    (removed, waiting for its remover to place it in a forest: LoR 15.2.5) or None (before setup)."""
    at = d["relic_at"][r]
    if at < 0:
        return None
    if at < NCL:
        return at + 1
    if at == AT_RECOVERED:
        return RECOVERED
    if at >= AT_TROPHY:
        return TROPHY
    return (forests or _forests(d))[at - NCL]


def value(d: dict, r: int) -> int | None:
    """Relic r's value, None face down (no one knows it: it is drawn at the delve's flip, I-C1)."""
    return d["relic_value"][r] or None


def relics(d: dict) -> list[dict]:
    """The twelve relics by id (four of each type, I-1): {"type", "at" (where), "value"} -- the
    position reader's `keepers.relics`, in the order it numbers them."""
    forests = _forests(d)
    return [{"type": TYPES[r // 4], "at": where(d, r, forests), "value": value(d, r)} for r in range(NRELIC)]


def relics_at(d: dict) -> dict[int, int]:
    """{clearing (1-12): relics there} (the state's per-clearing count; each face up, I-C2)."""
    return {i + 1: n for i, n in enumerate(d["relics"]) if n}


def trophies(d: dict) -> list[dict]:
    """The removed relics waiting for their remover to place them face up in a forest (Prized
    Trophies, LoR 15.2.5, I-7): [{"relic": id, "type", "by": the remover's faction}]."""
    return [{"relic": r, "type": TYPES[r // 4], "by": NAMES[d["seat_faction"][at - AT_TROPHY]]}
            for r, at in enumerate(d["relic_at"]) if AT_TROPHY <= at < AT_RECOVERED]


def crafting(d: dict) -> dict[str, int]:
    """{suit: waystations}: each waystation crafts as its clearing's suit, either face (LoR 15.2.3, I-4)."""
    out = dict.fromkeys(SUITS, 0)
    for c in d["way_at"]:
        if c >= 0 and 0 <= d["suit"][c] < len(SUITS):
            out[SUITS[d["suit"][c]]] += 1
    return out


def supply(d: dict) -> dict[str, int]:
    """The Keepers' warriors and waystations not on the map (a relic never goes to a supply: a
    removed one is a trophy, LoR 15.2.5)."""
    return {"warriors": d["keeper_supply"], "waystations": TABLE["waystations"] - sum(c >= 0 for c in d["way_at"])}


# ---- the Relics track (LoR 15.5.2.III) ----------------------------------------------------------------

def recovered(d: dict) -> dict[str, int]:
    """{type: relics of that type on the Relics track} (four spaces a type)."""
    return {name: sum(d["relic_at"][r] == AT_RECOVERED for r in range(t * 4, t * 4 + 4))
            for t, name in enumerate(TYPES)}


def columns(d: dict) -> int:
    """The Relics track's columns filled, one relic of each type (2 VP each when filled: I-26)."""
    return min(recovered(d).values())


# ---- the Retinue (LoR 15.5.2, 15.6.2; public, I-C8) ---------------------------------------------------

def retinue(d: dict) -> dict[str, list[str]]:
    """{column: its cards in slot order} (RETAINER for a Faithful Retainer) -- the position reader's
    `keepers.retinue`."""
    out = {name: [] for name in COLUMNS}
    for t, col in zip(d["retinue"], d["retinue_column"]):
        if t >= 0:
            out[COLUMNS[col]].append(card_name(t))
    return out


def retinue_size(d: dict) -> int:
    """Cards in the Retinue (ten at most, LoR 15.6.2)."""
    return sum(t >= 0 for t in d["retinue"])


def retinue_used(d: dict) -> dict[str, list[str]]:
    """{column: the cards whose action was taken this Daylight}; empty outside the Keepers' Daylight
    (the core keeps the mask until their next Daylight resets it)."""
    out = {name: [] for name in COLUMNS}
    if phase(d) != DAYLIGHT:
        return out
    for i, (t, col) in enumerate(zip(d["retinue"], d["retinue_column"])):
        if t >= 0 and (d["retinue_used"] >> i) & 1:
            out[COLUMNS[col]].append(card_name(t))
    return out


# ---- the turn ------------------------------------------------------------------------------------------

def phase(d: dict) -> str | None:
    """The part of the Keepers' turn under way: "birdsong", "daylight", "evening"; None off their turn.
    Their own steps tell it; any other step under way in their turn (a battle, a carry, an Outrage,
    a card's prompt ...) is read from their board: a Birdsong stage (Encamp, Decamp, Recruit), a
    Daylight column (Move, Battle then Delve, Move or Recover), or the Evening's Gather."""
    if not on_turn(d):
        return None
    step = STEPS[d["step"]] if 0 <= d["step"] < len(STEPS) else ""
    if step in _PHASE_OF_STEP:
        return _PHASE_OF_STEP[step]
    if d["ki_stage"] in BIRDSONG_STAGES:
        return BIRDSONG
    if d["ki_stage"] == GATHER_STAGE:
        return DAYLIGHT if d["ki_column"] < len(COLUMNS) else EVENING
    return None


def birdsong_stage(d: dict) -> str | None:
    """The Birdsong's stage while it is under way: "encamp", "decamp", "recruit" (LoR 15.4), else None."""
    return BIRDSONG_STAGES.get(d["ki_stage"]) if phase(d) == BIRDSONG else None


def encamped(d: dict) -> list[int]:
    """The clearings (1-12) Encamp has used this Birdsong (once a clearing, I-15); empty off it."""
    return [i + 1 for i in range(NCL) if (d["encamped"] >> i) & 1] if phase(d) == BIRDSONG else []


def decamped(d: dict) -> list[int]:
    """The clearings (1-12) Decamp has used this Birdsong (once a clearing, I-16); empty off it."""
    return [i + 1 for i in range(NCL) if (d["decamped"] >> i) & 1] if phase(d) == BIRDSONG else []


def column(d: dict) -> str | None:
    """The Retinue column acting (LoR 15.5.2: move, battle_delve, move_recover, left to right) while
    the Daylight is under way, else None."""
    return COLUMNS[d["ki_column"]] if phase(d) == DAYLIGHT and d["ki_column"] < len(COLUMNS) else None


def acting(d: dict) -> dict | None:
    """The Retinue action under way (a Battle then Delve, a Recover: its battle, delve or further
    recoveries to come): {"column", "clearing": 1-12, "card": the card it uses (None once a failed
    check discarded it)}, else None."""
    if phase(d) != DAYLIGHT or d["act_at"] < 0:
        return None
    slot = d["slot_now"]
    return {"column": COLUMNS[d["ki_column"]] if d["ki_column"] < len(COLUMNS) else None,
            "clearing": d["act_at"] + 1,
            "card": card_name(d["retinue"][slot]) if slot >= 0 else None}


def delve(d: dict) -> dict | None:
    """A delve under way (LoR 15.5.2.II.a-b): the relic moved from its forest into the acting clearing
    whose value the flip still draws (the chance `relic_value`), then the check around that forest:
    {"forest", "relic": id, "type", "clearing"}, else None."""
    if d["delve_forest"] < 0:
        return None
    r = d["delve_relic"]
    return {"forest": _forests(d)[d["delve_forest"]], "relic": r if r >= 0 else None,
            "type": TYPES[r // 4] if r >= 0 else None, "clearing": d["act_at"] + 1 if d["act_at"] >= 0 else None}


def carry(d: dict) -> dict | None:
    """Relics that may go along with Keeper warriors just moved (Devout Knights, LoR 15.2.4: one with
    each warrior, I-6, I-C3; on any turn, W-MP-36): {"from", "to": clearings 1-12, "left": relics
    that may still go}, else None."""
    if d["carry_left"] <= 0:
        return None
    return {"from": d["carry_from"] + 1, "to": d["carry_to"] + 1, "left": d["carry_left"]}


def gather(d: dict) -> str | None:
    """Gather Retinue's choice while it is under way (LoR 15.6.2, I-30, trap I-T8): "open" (nothing yet:
    add cards or shift one), "added" (more cards may be added, no shift), "shifted" (done); else None."""
    if not on_turn(d) or STEPS[d["step"]] != "keepers_evening":
        return None
    return GATHER[d["eve_mode"]] if 0 <= d["eve_mode"] < len(GATHER) else None


# ---- the checks' numbers (the core's public facts) --------------------------------------------------------

def _facts(d: dict) -> dict | None:
    """The core's public fact `relic_checks` (None without the Keepers): an observation holds it as
    `relic_checks` (redaction.observe); for a bare
    state dict the core derives it, so no rule is computed here."""
    if not seated(d):
        return None
    if "relic_checks" in d:
        return d["relic_checks"]
    return _core.public_facts(_core.State.from_dict(d))["relic_checks"]


def ruled_around_forest(d: dict) -> dict[str, int]:
    """{forest: clearings the Keepers rule adjacent to it}: what a delve's check compares the relic's
    value with (LoR 15.5.2.II.b; trap I-T2)."""
    facts = _facts(d)
    return dict(zip(_forests(d), facts["ruled_around_forest"])) if facts else {}


def ruled_of_suit(d: dict) -> dict[str, int]:
    """{suit: clearings of that suit the Keepers rule}: what a recovery's check compares the relic's
    value with (LoR 15.5.2.III.c; trap I-T3)."""
    facts = _facts(d)
    return dict(zip(SUITS, facts["ruled_of_suit"])) if facts else dict.fromkeys(SUITS, 0)


def recoverable(d: dict) -> list[dict]:
    """The relics a Recover could take as the board stands: in a clearing with a waystation showing
    their type (LoR 15.5.2.III.a; traps I-T4, I-T11): [{"relic": id, "type", "clearing": 1-12}]."""
    facts = _facts(d)
    return [{"relic": r, "type": TYPES[r // 4], "clearing": c + 1} for r, c in (facts["recoverable"] if facts else ())]


def face_down_values(d: dict) -> dict[str, list[int]]:
    """{type: the values of that type not yet face up}: what a face-down relic of that type may turn
    out to be, each copy equally likely (the values 1, 2, 3, 3 of each type, I-1; I-C1)."""
    facts = _facts(d)
    if not facts:
        return {name: sorted(TABLE["relic_values"]) for name in TYPES}
    return {name: list(values) for name, values in zip(TYPES, facts["face_down_values"])}


def draws(d: dict) -> int:
    """The cards the Keepers' Evening draws as the board stands: one, plus one per waystation on the
    map (LoR 15.6.3, I-31): the core's public fact `evening_draws`."""
    if "evening_draws" in d and "rulers" in d:
        return d["evening_draws"][seat(d)]
    return _core.public_facts(_core.State.from_dict(d))["evening_draws"][seat(d)]
