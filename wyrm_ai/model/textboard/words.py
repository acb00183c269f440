"""Plain-English words for cards and steps, the list of actions' groups and rows (the screen
shows these beside the notation). An action's own words are wyrm_ai/model/action_words.py's (every
front end shares them); they are imported here for the terminal's modules."""
from __future__ import annotations

import textwrap

from wyrm_ai import _core
from wyrm_ai.model.action_words import (  # noqa: F401  (the terminal's modules import them from here)
    BOT_CHANCE_WORDS, STEP_WORDS, VAGABOND_WORDS, card_cost, card_effect, cost_words, explain, record_words,
    short_effect, step_words, turn_title)
from wyrm_ai.model import action_words
from wyrm_ai.model.actions import decode
from wyrm_ai.model.cards import CARDS, ITEM_NAMES, card_name  # noqa: F401
from wyrm_ai.model.factions import CRAFTING, TITLES, TWO_SEATS
from wyrm_ai.model.state_fields import scalar

LINE = 80                    # the terminal width these words are cut to fit
SUIT_SHORT = {"fox": "F", "rabbit": "R", "mouse": "M", "bird": "B"}

# the group heading of each action kind in the list of legal actions, in the order shown
GROUPS = [
    ("Choose a faction (the draft)", ("draft_pick",)),
    ("Homeland", ("homeland",)),
    ("Setup", ("keep", "build_setup", "pawn_setup", "roost_setup", "character", "vb_forest", "lz_corner", "rf_setup",
               "dc_corner", "cv_setup", "lh_corner", "ki_setup")),
    ("The Outcast", ("outcast",)),
    ("Keep 3: return a card to the deck", ("put_back",)),
    ("Buy the Riverfolk's services", ("buy_card", "riverboats", "mercenaries")),
    ("Exhaust items to pay the Riverfolk", ("service_item",)),
    ("Refresh", ("refresh",)),
    ("Slip", ("slip",)),
    ("Leader", ("leader",)),
    ("Add to the Decree", ("decree",)),
    ("A New Roost", ("roost",)),
    ("Decree: Recruit", ("e_recruit",)),
    ("Decree: Move", ("e_move",)),
    ("Decree: Battle", ("e_battle",)),
    ("Decree: Build", ("e_build",)),
    ("Revolt", ("revolt",)),
    ("Spread Sympathy", ("spread",)),
    ("Pay supporters", ("pay_supporter",)),
    ("Crusade (acolytes)", ("crusade",)),
    ("Convert (acolytes)", ("convert",)),
    ("Sanctify (acolytes)", ("sanctify",)),
    ("Ritual: Build a garden", ("lz_build",)),
    ("Ritual: Recruit", ("lz_recruit",)),
    ("Ritual: Score", ("lz_score",)),
    ("Ritual: Sacrifice", ("sacrifice",)),
    ("Craft", ("craft",)),
    ("Export (a craftable card for a warrior in Payments)", ("export",)),
    ("Establish a trade post", ("trade_post",)),
    ("Build a citadel or market", ("dc_build",)),
    ("Reveal a card", ("reveal",)),
    ("Dig a tunnel (spend a card)", ("dig",)),
    ("Dig: take up a tunnel first", ("tunnel_off",)),
    ("Dig: warriors up from the Burrow", ("dig_up",)),
    ("Move to or from the Burrow", ("burrow",)),
    ("Parliament: a minister's action", ("minister",)),
    ("Banker: spend a card for 1 VP", ("bank",)),
    ("Sway a minister", ("sway",)),
    ("The Price of Failure: the minister lost", ("failure",)),
    ("The Price of Failure: the card discarded", ("fail_card",)),
    ("Flip a plot face up", ("flip",)),
    ("Plot: a plot face down (warriors removed)", ("plot",)),
    ("Trick: swap two plots", ("trick",)),
    ("Exert: one more action, no draw this Evening", ("exert",)),
    ("Exposure: guess a face-down plot", ("expose",)),
    ("Exposure: the card shown and the type named", ("guess",)),
    ("Anoint the warlord", ("anoint",)),
    ("Choose Mood", ("mood",)),
    ("Lavish: a Hoard item out for 2 warriors at the warlord", ("lavish",)),
    ("The Hoard's track full: an item out (1 VP)", ("hoard_out",)),
    ("Contempt for Trade: the item or its VP", ("contempt",)),
    ("Looters: declare a loot (no rolled hits)", ("loot_declare",)),
    ("Looters: the item taken into the Hoard", ("loot",)),
    ("Bitter: mobs become warriors at the warlord", ("bitter",)),
    ("Build a stronghold (spend a card)", ("lh_build",)),
    ("Advance the Warlord: move it", ("advance_move",)),
    ("Advance the Warlord: battle at it", ("advance_battle",)),
    ("Incite: a mob (spend a card)", ("incite",)),
    ("Jubilant: roll the mob die again", ("jubilant",)),
    ("A mob spreads (the die's suit, next to a mob)", ("mob",)),
    ("The mob die", ("mob_die",)),
    ("A razed ruin's item", ("ruin_item",)),
    ("A setup relic, face down in a forest", ("ki_relic",)),
    ("Encamp: a waystation for a warrior", ("encamp",)),
    ("Decamp: a warrior for a waystation", ("decamp",)),
    ("Recruit at a waystation (spend a card)", ("ki_recruit",)),
    ("The Retinue's Move column: move", ("ki_move",)),
    ("The Retinue's Battle then Delve column: battle", ("ki_battle",)),
    ("The Retinue's Battle then Delve column: delve (no battle)", ("delve_at",)),
    ("The Retinue's Move or Recover column: move", ("ki_move_recover",)),
    ("The Retinue's Move or Recover column: recover a relic", ("recover",)),
    ("Delve: a relic from a forest beside the clearing", ("delve",)),
    ("Recover: another relic here", ("recover_more",)),
    ("A delved relic's value", ("relic_value",)),
    ("Devout Knights: a relic goes along", ("carry",)),
    ("Prized Trophies: a forest for the relic you removed", ("trophy",)),
    ("Gather Retinue: add a card to a column", ("retinue_add",)),
    ("Gather Retinue: shift one card", ("retinue_shift",)),
    ("Whose fund to use", ("fund",)),
    ("Trade Disruption: whose fund is lost", ("disrupt_fund",)),
    ("Mobilize", ("mobilize",)),
    ("Train", ("train",)),
    ("Move", ("move", "vb_move")),
    ("Battle", ("battle", "vb_battle")),
    ("Explore", ("explore",)),
    ("Take a ruin's item", ("ruin_take",)),
    ("Aid", ("aid",)),
    ("Take an item", ("take",)),
    ("Quest", ("quest",)),
    ("Strike", ("strike",)),
    ("Repair", ("repair", "hideout_repair")),
    ("Special action", ("steal_from", "day_labor", "hideout", "scorch", "glide", "instigate")),
    ("Quest, improvising", ("improvise",)),
    ("Swift Strike", ("swift_strike",)),
    ("Enlist the Arbiter", ("enlist",)),
    ("Coalition", ("coalition",)),
    ("Build", ("build",)),
    ("Recruit", ("recruit", "place_warrior", "rf_recruit", "dc_recruit", "cv_recruit")),
    ("Draw a card", ("rf_draw",)),
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
    ("Recruit at a base", ("a_recruit",)),
    ("Organize", ("organize",)),
    ("Outrage", ("outrage",)),
    ("Card abilities", ("use", "tax", "codebreak", "target", "sabotage", "informants", "propaganda",
                        "false_orders", "league")),
    ("Swap Meet: give a card back", ("give",)),
    ("Open a closed path (the Mountain)", ("open_path",)),
    ("Dominance", ("activate", "swap")),
    ("Ambush", ("ambush",)),
    ("Take a hit", ("remove", "lair", "forest", "damage")),
    ("Over the item limit", ("drop",)),
    ("Field Hospitals", ("hospital",)),
    ("Pay wood", ("pay_wood",)),
    ("Discard", ("discard",)),
    ("Discard supporters", ("trim_supporter", "supporter")),
    ("Set the service prices", ("price",)),
    ("Pass / end", ("pass",)),
]


def crafting_words(factions: tuple[int, ...]) -> str:
    """The crafting pieces of the factions at a table, by faction (factions.CRAFTING): "the
    Marquise's workshops, the Wyrm's fear tokens (either side)"."""
    return ", ".join(CRAFTING[f] for f in factions if CRAFTING[f])


def card_about(t: int, factions: tuple[int, ...] = TWO_SEATS) -> str:
    """The full explanation `card NAME` prints at a table seating factions: name, suit, count,
    kind, cost (with the crafting pieces of the factions at the table) and effect."""
    c = CARDS[t]
    rows = [f"{c.name} ({c.token}): {c.suit}, {c.kind}, {c.count} in the deck."]
    if c.kind in ("item", "persistent", "favor"):
        rows.append(f"Cost {cost_words(t)}: crafting it uses that many of your crafting pieces "
                    f"({crafting_words(factions)}) in clearings of the suits "
                    "named, each piece once a turn.")
    if c.kind == "persistent":
        rows.append("Crafted, it stays in your play area (never two alike) and lasts.")
    rows.append(f"Effect: {card_effect(t, len(factions))}.")
    rows.append(f"It can also be spent or discarded as a {c.suit} card" + (" (birds are wild)." if c.suit == "bird" else "."))
    return " ".join(rows)


def card_line(t: int) -> str:
    """One line about a card: token, name, what crafting it gives."""
    c = CARDS[t]
    if c.kind == "item":
        gives = f"craft {card_cost(t)}: {ITEM_NAMES[c.item]}, {c.vp} VP"
    elif c.kind == "persistent":
        gives = f"craft {card_cost(t)}: "
        gives += short_effect(t, LINE - 4 - len(f"{c.token:<22} {c.name} ({c.suit}) - {gives}"))
    elif c.kind == "favor":
        gives = f"craft {card_cost(t)}: remove enemy pieces in {c.suit} clearings"
    elif c.kind == "ambush":
        gives = "ambush in a battle (defender)"
    else:
        gives = c.kind
    line = f"{c.token:<22} {c.name} ({c.suit}) - {gives}"
    # a long one (a Favor of a long suit: 107 columns) cut as the persistent cards' are, to fit LINE
    # under the hand's indent
    return line if len(line) <= LINE - 2 else line[:LINE - 5].rstrip() + "..."


def advancing(state, step: str) -> bool:
    """The Hundreds' Daylight is in its Advance the Warlord block (LoR 14.5.3): its moves and battles
    are the warlord's Advances (group_of's advancing; action_words.advancing reads the block)."""
    return step == "hundreds_daylight" and action_words.advancing(state)


def retinue_column(state, step: str) -> int | None:
    """The Retinue's column acting in the Keepers' Daylight (LoR 15.5.2: 0 Move, 1 Battle then Delve,
    2 Move or Recover), None at any other step (group_of's column)."""
    return scalar(state, "ki_column") if step == "keepers_daylight" and state is not None else None


def group_of(a: int, step: str, advancing: bool = False, column: int | None = None) -> str:
    """The group heading of action a in the list of legal actions (advancing: the Hundreds' Daylight
    is in its Advance the Warlord block, words.advancing; column: the Keepers' Retinue column acting
    in their Daylight, words.retinue_column)."""
    kind, _ = decode(a)
    if step in ("marquise_setup_build",) and kind == "build":
        kind = "build_setup"
    if step == "wyrm_setup" and kind == "pawn_to":
        kind = "pawn_setup"
    if step == "vagabond_setup" and kind == "forest":
        kind = "vb_forest"
    if step == "vagabond_repair" and kind == "repair":
        kind = "hideout_repair"
    if step == "eyrie_setup" and kind == "roost":
        kind = "roost_setup"
    if step == "marquise_pay_wood" and kind == "remove":
        kind = "pay_wood"
    if step == "alliance_pay" and kind == "supporter":
        kind = "pay_supporter"
    if step == "alliance_trim" and kind == "supporter":
        kind = "trim_supporter"
    if step in ("lizards_birdsong", "lizards_crusade") and kind in ("move", "battle"):     # LoR 10.4.3.I
        kind = "crusade"
    if step == "riverfolk_setup" and kind == "rf_recruit":       # LoR 11.3.2
        kind = "rf_setup"
    if step == "trade_disruption" and kind == "fund":            # LoR 11.2.5.I
        kind = "disrupt_fund"
    if step == "duchy_dig" and kind == "burrow":                  # LoR 12.5.1.V: up to four come up
        kind = "dig_up"
    if step == "corvids_evening" and kind != "pass":               # LoR 13.6.1: any action there is the Exert
        kind = "exert"
    if step == "hundreds_birdsong" and kind == "hoard_out":        # LoR 14.7.4: Lavish, at the end of Birdsong
        kind = "lavish"
    if step == "loot_declare" and kind == "loot":                  # LoR 14.2.5: declared at the battle's start
        kind = "loot_declare"
    if advancing and step == "hundreds_daylight" and kind in ("move", "battle"):     # LoR 14.5.3
        kind = "advance_" + kind
    if step == "keepers_daylight" and kind == "battle":             # LoR 15.5.2.II: Battle then Delve
        kind = "ki_battle"
    if step == "keepers_daylight" and kind == "move":               # LoR 15.5.2.I, III: the column acting
        kind = "ki_move_recover" if column == 2 else "ki_move"
    if step == "recover" and kind == "recover":                     # LoR 15.5.2.III.c: another relic there
        kind = "recover_more"
    for title, kinds in GROUPS:
        if kind in kinds:
            return title
    return kind.capitalize()




ROW_INDENT = 8          # where an action row's words go on when they wrap


def action_rows(head: str, words: str, width: int, note: str = "", paint=None) -> list[str]:
    """An action's row, 'W: eat M#x might  Eat Investments: ...' (head: its notation, padded to
    its column), in lines of at most width columns: the words wrap at their spaces, indented; a
    note (a plain text, painted by paint) ends the last line or takes a line of its own."""
    rows = textwrap.wrap(f"{head} {words}", width, subsequent_indent=" " * ROW_INDENT) or [head]
    if note:
        shown = paint(note) if paint else note
        if len(rows[-1]) + 1 + len(note) <= width:
            rows[-1] += " " + shown
        else:
            rows.append(" " * ROW_INDENT + shown)
    return rows


def _key(text: str) -> str:
    return "".join(ch for ch in text.lower() if ch.isalnum())


def cards_named(text: str) -> list[int]:
    """The card ids a typed name stands for: a token (F#anvil, one card), a name (root tea: one
    per suit) or the start of a name when only one name starts so (arm -> Armorers)."""
    typed = text.strip().lower()
    exact = [c.id for c in CARDS if c.token.lower() == typed]
    if exact:
        return exact
    key = _key(text)
    if not key:
        return []
    named = [c.id for c in CARDS if _key(c.name) == key]
    if named:
        return named
    starts = names_starting(text)
    return [c.id for c in CARDS if c.name in starts] if len(starts) == 1 else []


def names_starting(text: str) -> list[str]:
    """The card names that start with the typed text (case, spaces and punctuation aside)."""
    key = _key(text)
    return sorted({c.name for c in CARDS if key and _key(c.name).startswith(key)})
