"""Plain-English words for actions, cards and steps (the screen shows these beside the notation)."""
from __future__ import annotations

from wyrm_ai import _core
from wyrm_ai.actions import Action, decode
from wyrm_ai.cards import CARDS, ITEM_NAMES, card_name
from wyrm_ai.notation import FORESTS, TRACKS

FACTION = ("Marquise", "Wyrm")
SUIT_SHORT = {"fox": "F", "rabbit": "R", "mouse": "M", "bird": "B"}

# the group heading of each action kind in the list of legal actions, in the order shown
GROUPS = [
    ("Setup", ("keep", "build_setup", "pawn_setup")),
    ("Craft", ("craft",)),
    ("Move", ("move",)),
    ("Battle", ("battle",)),
    ("Build", ("build",)),
    ("Recruit", ("recruit", "place_warrior")),
    ("Wood", ("place_wood",)),
    ("Overwork", ("overwork",)),
    ("Extra action (bird card)", ("extra",)),
    ("Intimidate", ("intimidate",)),
    ("Growth", ("return",)),
    ("Emerge from the forest", ("pawn_to",)),
    ("Fear", ("fear",)),
    ("Terrorize", ("terror",)),
    ("Eat", ("eat",)),
    ("Hoard", ("hoard",)),
    ("Card abilities", ("use", "tax", "codebreak")),
    ("Ambush", ("ambush",)),
    ("Take a hit", ("remove", "lair", "forest")),
    ("Field Hospitals", ("hospital",)),
    ("Pay wood", ("pay_wood",)),
    ("Discard", ("discard",)),
    ("Pass / end", ("pass",)),
]


def card_cost(t: int) -> str:
    """Crafting cost like 'F', 'RR', '4 any'; '-' for cards that are not crafted."""
    c = CARDS[t]
    f, r, m, any_ = c.cost
    if not (f or r or m or any_):
        return "-"
    return "F" * f + "R" * r + "M" * m + (f"{any_} any" if any_ else "")


def card_line(t: int) -> str:
    """One line about a card: token, name, what crafting it gives."""
    c = CARDS[t]
    if c.kind == "item":
        gives = f"craft {card_cost(t)}: {ITEM_NAMES[c.item]}, {c.vp} VP"
    elif c.kind == "persistent":
        gives = f"craft {card_cost(t)}: lasting effect"
    elif c.kind == "favor":
        gives = f"craft {card_cost(t)}: remove enemy pieces in {c.suit} clearings"
    elif c.kind == "ambush":
        gives = "ambush in a battle (defender)"
    else:
        gives = c.kind
    return f"{c.token:<22} {c.name} ({c.suit}) - {gives}"


def explain(a: int | Action, seat: int) -> str:
    """What action a by seat does, in words (short); a may be a redacted Action."""
    kind, args = a if isinstance(a, Action) else decode(a)
    who = FACTION[seat] if seat >= 0 else ""
    cl = lambda i: f"clearing {i + 1}"  # noqa: E731
    if kind == "pass":
        return "pass / end this step"
    if kind == "discard":
        return f"discard {card_name(args[0])}"
    if kind == "craft":
        return f"craft {card_name(args[0])}"
    if kind == "ambush":
        return f"play {card_name(args[0])}" + (f" ({CARDS[args[0]].suit})" if args[0] is not None else "")
    if kind == "battle":
        return f"battle the {FACTION[args[1]]} in {cl(args[0])}"
    if kind == "remove":
        return f"a hit removes the {_core.PIECE_NAMES[args[0]]} in {cl(args[1])}"
    if kind == "lair":
        return f"a hit removes the {ITEM_NAMES[args[0]]} from the Lair"
    if kind == "forest":
        return f"the Wyrm flees to the forest {FORESTS[args[0]]}"
    if kind == "keep":
        return f"place the Keep in {cl(args[0])}"
    if kind == "build":
        return f"build a {_core.BUILDING_NAMES[args[0]]} in {cl(args[1])}"
    if kind == "recruit":
        return "recruit: a warrior at each recruiter"
    if kind == "place_warrior":
        return f"recruit a warrior in {cl(args[0])}"
    if kind == "place_wood":
        return f"place wood in {cl(args[0])}"
    if kind == "overwork":
        return f"overwork at {cl(args[0])}, spending {card_name(args[1])}"
    if kind == "extra":
        return f"spend {card_name(args[0])} for an extra action"
    if kind == "hospital":
        return f"Field Hospitals with {card_name(args[0])}"
    if kind == "pawn_to":
        return f"the Wyrm goes to {cl(args[0])}"
    if kind == "intimidate":
        return f"Intimidate: {args[1]} wyrmling{'s' if args[1] != 1 else ''} to {cl(args[0])}"
    if kind == "return":
        return f"return a Growth marker to {TRACKS[args[0]].capitalize()}"
    if kind == "fear":
        return f"Fear: a scared fear token in {cl(args[0])}"
    if kind == "terror":
        return f"Terrorize: a {FACTION[args[2]]} warrior from {cl(args[0])} to {cl(args[1])}"
    if kind == "eat":
        return f"Eat {card_name(args[0])}: a Growth marker from {TRACKS[args[1]].capitalize()} to the track"
    if kind == "hoard":
        return f"Hoard at {cl(args[0])} with {card_name(args[1])}: a treasure to the Lair"
    if kind == "draw":
        return f"draws {card_name(args[0])}"
    if kind == "dice":
        return f"dice roll {args[0]} and {args[1]}"
    if kind == "use":
        return f"use {card_name(args[0])}"
    if kind == "tax":
        return f"Tax Collector: remove a warrior in {cl(args[0])} to draw"
    if kind == "codebreak":
        return "Codebreakers: look at the other hand"
    if kind == "steal":
        return f"Stand and Deliver! takes {card_name(args[0])}"
    if kind == "move":
        frm, to, pawn, n = args
        if not pawn:
            unit = "wyrmling" if seat == 1 else "warrior"
            return f"move {n} {unit}{'s' if n != 1 else ''} from {frm + 1} to {to + 1}"
        with_ = f" with {n} wyrmling{'s' if n != 1 else ''}" if n else ""
        return f"move the Wyrm{with_} from {frm + 1} to {to + 1}"
    return kind


def group_of(a: int, step: str) -> str:
    """The group heading of action a in the list of legal actions."""
    kind, _ = decode(a)
    if step in ("marquise_setup_build",) and kind == "build":
        kind = "build_setup"
    if step == "wyrm_setup" and kind == "pawn_to":
        kind = "pawn_setup"
    if step == "marquise_pay_wood" and kind == "remove":
        kind = "pay_wood"
    for title, kinds in GROUPS:
        if kind in kinds:
            return title
    return kind.capitalize()


STEP_WORDS = {
    "deal": "dealing", "marquise_keep": "setup: place the Keep",
    "marquise_setup_build": "setup: place the starting buildings", "wyrm_setup": "setup: place the Wyrm",
    "marquise_wood": "Birdsong: place wood", "marquise_daylight": "Daylight",
    "marquise_march": "Daylight: march (second move)", "marquise_pay_wood": "Daylight: pay wood for a build",
    "marquise_recruit": "Daylight: recruit (short supply)", "evening_draw": "Evening: drawing",
    "discard": "Evening: discard down to five", "wyrm_intimidate": "Birdsong: Intimidate",
    "wyrm_return_growth": "Birdsong (in a forest): return a Growth marker",
    "wyrm_emerge": "Birdsong (in a forest): leave the forest", "wyrm_daylight": "Daylight",
    "wyrm_terrorize": "Daylight: Terrorize", "wyrm_hoard": "Daylight: Hoard",
    "battle_ambush": "battle: the defender may ambush", "battle_foil": "battle: the attacker may foil the ambush",
    "battle_roll": "battle: rolling", "battle_hits": "battle: take hits",
    "battle_lair": "battle: which Lair item a hit removes", "battle_forest": "battle: the Wyrm flees to a forest",
    "field_hospitals": "Field Hospitals", "terminal": "game over", "birdsong_cards": "Birdsong: card abilities",
    "steal": "Stand and Deliver!", "card_draw": "drawing", "command_warren": "Command Warren: a free battle",
    "cobbler": "Cobbler: a free move", "battle_effects": "battle: card effects",
}


def step_words(step: str) -> str:
    return STEP_WORDS.get(step, step.replace("_", " "))
