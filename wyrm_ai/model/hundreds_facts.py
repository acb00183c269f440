"""The Lord of the Hundreds' board as the front ends show it (LoR 14; docs/hundreds-keepers.md §2, §5),
read from an observation (redaction.observe) or a state dict: the warlord's clearing, the warriors,
strongholds and mobs by clearing, the Hoard by item and by track, Command and Prowess (LoR 14.2.4),
the mood in force and the moods open to the next Choose Mood (LoR 14.4.4, 14.7), the phase of their
turn and its bookkeeping -- the Birdsong's stage, the razed ruins whose item is still to come, the
mob die's suit while its mob is to be placed, the Daylight's Command and Advances left, Jubilant's
rolls, a Contempt for Trade or an overflow to decide --, what Oppress scores as the board stands,
the Evening's draws, the strongholds per suit (their crafting pieces) and the supply.

Everything here is public (docs/hundreds-keepers.md §5 "Hidden information": the mood, the Hoard
and the mobs lie face up); a ruin's item is no fact until a Raze takes it (the chance `ruin_item`),
and then it is in the Hoard. The numbers are the core's table (`_core.HUNDREDS_TABLE`)."""
from __future__ import annotations

from wyrm_ai import _core
from wyrm_ai.model.cards import CARDS
from wyrm_ai.model.factions import HUNDREDS, on_turn_of, seat_in

TABLE = _core.HUNDREDS_TABLE
MOODS = tuple(_core.MOOD_NAMES)                 # bitter ... wrathful: the core's order (LoR 14.7)
ITEMS = tuple(_core.VITEM_NAMES)                # boots, bag, crossbow, hammer, sword, tea, coins, torch
TRACKS = ("command", "prowess")                 # HOARD_TRACK 0 and 1 (LoR 14.2.4)
SUITS = ("fox", "rabbit", "mouse")
NCL = _core.NUM_CLEARINGS
STEPS = _core.STEP_NAMES
# the Birdsong stages (lh_stage), LoR 14.4: Raze (its ruins' items), a mob to place, Anoint, Choose
# Mood, Lavish's items, Recruit short of warriors (the strongholds that get the last ones)
BIRDSONG_STAGES = ("raze", "mob", "anoint", "mood", "lavish", "recruit")
BLOCKS = ("command", "advance")                 # lh_block: Command the Hundreds, Advance the Warlord
ADVANCE_STEPS = {0: None, 1: "moved", 3: "relentless"}   # `advance`: an Advance under way (LoR 14.5.3, 14.7.5)
BIRDSONG, DAYLIGHT, EVENING = "birdsong", "daylight", "evening"
_PHASE_OF_STEP = {"hundreds_birdsong": BIRDSONG, "raze_ruin": BIRDSONG, "birdsong_cards": BIRDSONG,
                  "hundreds_daylight": DAYLIGHT, "command_warren": DAYLIGHT,
                  "hundreds_evening": EVENING, "cobbler": EVENING, "evening_draw": EVENING, "discard": EVENING}
# steps that go back to the step their field names when done (the mob die in Birdsong or, for
# Jubilant, in Evening; an overflow; Contempt for Trade)
_RESUMES = {"mob_die": "mob_resume", "hoard_overflow": "hoard_resume", "contempt": "contempt_resume"}


def seated(d: dict) -> bool:
    """The Hundreds sit at the table of d (an observation or a state dict)."""
    return HUNDREDS in d["seat_faction"]


def seat(d: dict) -> int:
    """The Hundreds' seat (-1 when they do not sit)."""
    return seat_in(d, HUNDREDS)


def on_turn(d: dict) -> bool:
    """It is the Hundreds' turn (past the setup): the turn's bookkeeping below means this turn."""
    return on_turn_of(d, HUNDREDS)


# ---- the map ------------------------------------------------------------------------------------

def warlord(d: dict) -> int | None:
    """The warlord's clearing (1-12), None off the map (removed in battle: Anointed next Birdsong,
    LoR 14.2.2, 14.4.3)."""
    return d["warlord"] + 1 if d["warlord"] >= 0 else None


def warriors(d: dict) -> dict[int, int]:
    """{clearing (1-12): Hundreds warriors there}, the warlord apart."""
    return {i + 1: n for i, n in enumerate(d["hundreds"]) if n}


def strongholds(d: dict) -> dict[int, int]:
    """{clearing (1-12): strongholds there} (LoR 14.1; six in all)."""
    return {i + 1: n for i, n in enumerate(d["strongholds"]) if n}


def mobs(d: dict) -> list[int]:
    """The clearings (1-12) holding a mob (one a clearing, LoR 14.4.1, 14.6.1)."""
    return [i + 1 for i in range(NCL) if d["mobs"][i]]


def crafting(d: dict) -> dict[str, int]:
    """{suit: strongholds}: each stronghold crafts as its clearing's suit, in Daylight (LoR 14.2.1)."""
    out = dict.fromkeys(SUITS, 0)
    for i in range(NCL):
        if d["strongholds"][i] and 0 <= d["suit"][i] < len(SUITS):
            out[SUITS[d["suit"][i]]] += d["strongholds"][i]
    return out


# ---- the Hoard (LoR 14.2.4) ------------------------------------------------------------------------

def hoard(d: dict) -> dict[str, int]:
    """{item: count} of the Hoard, kinds it holds none of left out."""
    return {name: n for name, n in zip(ITEMS, d["hoard"]) if n}


def track_items(d: dict, track: int) -> int:
    """Items on a Hoard track (0 Command: boots, bags, coins; 1 Prowess: crossbows, hammers, swords,
    teas; four spaces each, LoR 14.2.4)."""
    return sum(n for n, t in zip(d["hoard"], TABLE["hoard_track"]) if t == track)


def tracks(d: dict) -> dict[str, list[str]]:
    """{"command": [...], "prowess": [...]}: each track's items by name, one entry per item."""
    return {name: [item for item, n, t in zip(ITEMS, d["hoard"], TABLE["hoard_track"]) if t == k for _ in range(n)]
            for k, name in enumerate(TRACKS)}


def level(items: int) -> int:
    """Command or Prowess for that many items on its track: 0 -> 1, 1-2 -> 2, 3 -> 3, 4 -> 4
    (LoR 14.2.4.II; trap H-T1)."""
    return TABLE["hoard_level"][min(items, TABLE["track"])]


def command(d: dict) -> int:
    """Command: the actions of Command the Hundreds (LoR 14.5.2)."""
    return level(track_items(d, 0))


def prowess(d: dict) -> int:
    """Prowess: the Advances of the Warlord and the warriors Recruit places with him (LoR 14.4.2, 14.5.3)."""
    return level(track_items(d, 1))


# ---- moods (LoR 14.7) --------------------------------------------------------------------------------

def mood(d: dict) -> str:
    """The mood in force: from the Choose Mood that set it to the next one, through the other
    players' turns (H-32, H-C3); Stubborn at setup (LoR 14.3.4)."""
    return MOODS[d["mood"]]


def mood_item(name: str) -> str | None:
    """The item a mood card shows (Lavish none): a mood whose item is in the Hoard cannot be chosen."""
    k = TABLE["mood_items"][MOODS.index(name)]
    return ITEMS[k] if k >= 0 else None


def moods_open(d: dict) -> list[str]:
    """The moods Choose Mood may take as the Hoard stands (now at that stage, else at the next
    Birdsong's, the Hoard unchanged): a different mood whose item is not in the Hoard (LoR 14.4.4,
    H-17; trap H-T7). Empty: the mood stays (only Lavish can, with every other mood's item held)."""
    now = d["mood"]
    return [name for m, name in enumerate(MOODS)
            if m != now and (TABLE["mood_items"][m] < 0 or d["hoard"][TABLE["mood_items"][m]] == 0)]


# ---- the turn ------------------------------------------------------------------------------------------

def _step_phase(d: dict, step: str) -> str | None:
    """The phase a step of the Hundreds' turn belongs to (following the steps that go back to
    another: the mob die, an overflow, Contempt for Trade), None where the step does not tell."""
    for _ in range(len(_RESUMES) + 1):
        if step in _PHASE_OF_STEP:
            return _PHASE_OF_STEP[step]
        if step not in _RESUMES:
            return None
        step = STEPS[d[_RESUMES[step]]]
    return None


def phase(d: dict) -> str | None:
    """The part of the Hundreds' turn under way: "birdsong", "daylight", "evening"; None off their
    turn. A step that is not their own is read from what it returns to: a battle's is Daylight
    (their battles are fought there: Command, the Advance), a reaction's (an Outrage, a Supporters
    draw ...) the step it resumes (a Raze's in Birdsong); else from the Daylight blocks done."""
    if not on_turn(d):
        return None
    step = STEPS[d["step"]]
    known = _step_phase(d, step)
    if known is not None:
        return known
    if d["battle"]["clearing"] >= 0 and step.startswith(("battle", "field_hospitals", "loot", "bitter")):
        return DAYLIGHT
    resume = d["react_resume"]
    back = _step_phase(d, STEPS[resume]) if 0 <= resume < len(STEPS) else None
    if back is not None:
        return back
    return DAYLIGHT if d["blocks_done"] < 2 else None


def birdsong_stage(d: dict) -> str | None:
    """The Birdsong's stage while it is under way (BIRDSONG_STAGES: raze, mob, anoint, mood, lavish,
    recruit), else None."""
    if phase(d) != BIRDSONG:
        return None
    return BIRDSONG_STAGES[d["lh_stage"]] if 0 <= d["lh_stage"] < len(BIRDSONG_STAGES) else None


def raze_ruins(d: dict) -> list[int]:
    """The clearings (1-12) razed this Birdsong whose ruin still gives an item (chance `ruin_item`,
    LoR 14.4.1); empty off their Birdsong."""
    if phase(d) != BIRDSONG:
        return []
    return [i + 1 for i in range(NCL) if (d["raze_left"] >> i) & 1]


def mob_suit(d: dict) -> str | None:
    """The suit the mob die showed while its mob is still to be placed (the Raze's spread or a
    Jubilant roll, LoR 14.4.1, 14.7.3), else None."""
    return SUITS[d["mob_suit"]] if on_turn(d) and 0 <= d["mob_suit"] < len(SUITS) else None


def daylight(d: dict) -> dict | None:
    """The Daylight's bookkeeping while it is under way, else None: `command_left` (LoR 14.5.2),
    `advance_left` (LoR 14.5.3), `block` ("command" or "advance": the one under way; Grandiose takes
    the Advance first, LoR 14.7.2), `advance` (an Advance under way: None, "moved" -- its battle may
    follow --, or "relentless": Relentless's one more move or battle, LoR 14.7.5)."""
    if phase(d) != DAYLIGHT:
        return None
    return {"command_left": d["command_left"], "advance_left": d["advance_left"],
            "block": BLOCKS[d["lh_block"]] if 0 <= d["lh_block"] < len(BLOCKS) else None,
            "advance": ADVANCE_STEPS.get(d["advance"])}


def jubilant_left(d: dict) -> int:
    """Jubilant's mob die rolls left after an Incite in the warlord's clearing (LoR 14.7.3); 0
    outside their Evening."""
    return d["jubilant_left"] if phase(d) == EVENING else 0


def contempt(d: dict) -> str | None:
    """The card just crafted whose item awaits Contempt for Trade (take it for no VP, or score and
    remove it: LoR 14.2.3), as a token, else None."""
    return CARDS[d["contempt_card"]].token if d["contempt_card"] >= 0 else None


def overflow(d: dict) -> str | None:
    """The full Hoard track an item is to leave (a fifth item: LoR 14.2.4.I), "command" or
    "prowess", else None."""
    return TRACKS[d["overflow"] - 1] if 0 < d["overflow"] <= len(TRACKS) else None


# ---- Oppress and the Evening draw ----------------------------------------------------------------------

def _facts(d: dict) -> dict:
    """The core's public facts: an observation holds them (redaction.observe); for a bare state dict
    the core derives them, so no rule is computed here."""
    if "rulers" in d and "evening_draws" in d:
        return d
    return _core.public_facts(_core.State.from_dict(d))


def oppressed(d: dict) -> list[int]:
    """The clearings (1-12) Oppress counts as the board stands: ruled by the Hundreds, with a
    Hundreds piece (a mob counts) and no enemy piece of any kind (LoR 14.6.2; trap H-T8): the core's
    public fact `oppress`."""
    facts = _facts(d).get("oppress") if seated(d) else None
    return [c + 1 for c in facts["clearings"]] if facts else []


def oppress_vp(d: dict) -> int:
    """The VP Oppress scores as the board stands: 0, 1-2 -> 1, 3-4 -> 2, 5 -> 3, 6+ -> 4 (LoR 14.6.2)."""
    facts = _facts(d).get("oppress") if seated(d) else None
    return facts["vp"] if facts else 0


def draws(d: dict) -> int:
    """The cards the Hundreds' Evening draws as the board stands: one; Rowdy one more, two more with
    three or more enemy pieces in the warlord's clearing (LoR 14.6.3, 14.7.6; H-C13): the core's
    public fact `evening_draws`."""
    return _facts(d)["evening_draws"][seat(d)]


def ruin_items(d: dict) -> dict[str, int]:
    """{item: count} still under the ruins, as one pool: what a Raze may take (LoR 14.3.3, 14.4.1);
    which ruin holds which is no one's knowledge (the chance `ruin_item` draws from the pool). With
    two Vagabonds, the items a Vagabond looked at are his (redaction.hide_ruins puts them back in
    the pool of every other viewer's observation)."""
    return {name: n for name, n in zip(ITEMS, d["ruin_items"]) if n}


def supply(d: dict) -> dict[str, int]:
    """The Hundreds' warriors, mobs and strongholds not on the map (the warlord off the map is
    Anointed, never counted in a supply: LoR 14.4.3)."""
    return {"warriors": d["hundred_supply"], "mobs": d["mob_supply"],
            "strongholds": TABLE["strongholds"] - sum(d["strongholds"])}
