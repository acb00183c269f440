"""Every action in words, for any seat and any front end (the terminal's action list and `log`,
`wyrm watch`, the engine protocol's `events`, the web board): explain() gives what an action does
(short, plain English) from the action, its seat, the step it answers and the table's factions;
record_words() gives each record entry as a viewer sees it, its record line with its words
(issue 28: no action is left in notation only). Pure words: no rule is decided here."""
from __future__ import annotations

from wyrm_ai import _core
from wyrm_ai.model.actions import HIRELING_SIDE, Action, decode, encode
from wyrm_ai.model.card_texts import card_text
from wyrm_ai.model.cards import CARDS, ITEM_NAMES, SUIT_NAMES, card_name
from wyrm_ai.model.factions import (ALLIANCE, CORVIDS, DUCHY, EYRIE, HUNDREDS, KEEPERS, MARQUISE, MECHANICAL, NAMES,
                                    RIVERFOLK, TITLES,
                                    TWO_SEATS, VAGABONDS, WYRM, board_of, hirelings_of, round_of, seat_factions,
                                    vagabond_fields)
from wyrm_ai.model.narration import (COLUMN_TITLES, hireling_title, minister_name, plural, relic_name, retinue_card,
                                     vitem)
from wyrm_ai.model.notation import TRACKS
from wyrm_ai.model.redaction import record_seen, seen_text
from wyrm_ai.model.state_fields import scalar

def card_cost(t: int) -> str:
    """Crafting cost like 'F', 'RR', '4 any'; '-' for cards that are not crafted."""
    c = CARDS[t]
    f, r, m, any_ = c.cost
    if not (f or r or m or any_):
        return "-"
    return "F" * f + "R" * r + "M" * m + (f"{any_} any" if any_ else "")


def cost_words(t: int) -> str:
    """A crafting cost in words: '1 fox', '2 rabbit', '1 fox, 1 rabbit and 1 mouse', '4 of any suit'."""
    f, r, m, any_ = CARDS[t].cost
    parts = [f"{n} {suit}" for n, suit in ((f, "fox"), (r, "rabbit"), (m, "mouse")) if n]
    if any_:
        parts.append(f"{any_} of any suit")
    if not parts:
        return "nothing"
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def card_effect(t: int, seats: int = 2) -> str:
    """What the card does at a table of that many seats (card_texts.card_text; an item card:
    the item and its VP)."""
    c = CARDS[t]
    if c.kind == "item":
        return f"crafted: take the {ITEM_NAMES[c.item]} and score {c.vp} VP"
    return card_text(c.token, seats)


def short_effect(t: int, width: int = 48) -> str:
    """The card's effect cut to `width` characters ('card NAME' gives all of it)."""
    text = card_effect(t)
    return text if len(text) <= width else text[:width - 3].rstrip(" ,;") + "..."


def explain(a: int | Action, seat: int, step: str | None = None,
            factions: tuple[int, ...] = TWO_SEATS, state=None) -> str:
    """What action a by seat (at a table seating factions, Game.faction_ids) does, in words
    (short); a may be a redacted Action. `step` is the decision it answers, when known: a
    `remove` while paying for a build is a payment. `state`, the core State a is legal in when
    known (an action to choose), lets the words give what the core will take (the Vagabond's
    boots for a move)."""
    kind, args = a if isinstance(a, Action) else decode(a)
    if kind == "vb_move":
        return _vb_move(args, step, factions, state)      # (its args encode the action: none is hidden)
    cl = lambda i: f"clearing {i + 1}"  # noqa: E731
    if seat < 0 and (kind in BOT_CHANCE_WORDS or step == "mechanical_order"):
        return BOT_CHANCE_WORDS.get(kind, BOT_CHANCE_WORDS["order"])(args)
    if step == "corvids_evening" and kind != "pass":
        # LoR 13.6.1: any Daylight action at the Corvids' Evening step is the Exert (K-C7)
        return f"Exert: {explain(a, seat, 'corvids_daylight', factions, state)} (then no Evening draw)"
    if kind == "pass" and step == "ruin_pick":
        return "take neither item (no VP; they stay in the ruin)"
    if kind == "pass" and step in HUNDREDS_PASS:
        return HUNDREDS_PASS[step](state)
    if kind == "pass" and step in KEEPERS_PASS:
        return KEEPERS_PASS[step](state)
    if kind == "pass" and step in PASS_WORDS:
        return PASS_WORDS[step]
    if kind == "pass":
        return "pass / end this step"
    if kind == "discard":
        return f"discard {card_name(args[0])}"
    if kind == "craft":
        if args[0] is None:
            return f"craft {card_name(None)}"
        c = CARDS[args[0]]
        gives = f"the {ITEM_NAMES[c.item]}, {c.vp} VP" if c.kind == "item" else short_effect(c.id, 36)
        if step == "riverfolk_daylight":         # funds onto the Trade Posts' crafting spaces (LoR 11.2.1)
            return f"craft {c.name} (commits {plural_funds(sum(c.cost))}: {cost_words(c.id)}): {gives}"
        return f"craft {c.name} (cost {cost_words(c.id)}): {gives}"
    if kind == "ambush":
        return f"play {card_name(args[0])}" + (f" ({CARDS[args[0]].suit})" if args[0] is not None else "")
    if kind in ("move", "battle") and step == "rat_smugglers":      # the discarded item card's (HIRE, E-41)
        return explain(a, seat, None, factions) + " (Rat Smugglers)"
    if kind in ("move", "battle") and step == "keepers_daylight":   # a Retinue card's action (LoR 15.5.2)
        return _ki_day_words(kind, args, factions, state)
    if kind == "battle" and step == "lizards_birdsong":      # a battle at the conspiracies is a Crusade
        return f"Crusade (spends acolytes): battle the {_side_title(factions, args[1])} in {cl(args[0])}"
    if kind == "battle" and step == "lizards_crusade":
        return f"the Crusade's battle: battle the {_side_title(factions, args[1])} in {cl(args[0])}"
    if kind == "battle":
        return f"battle the {_side_title(factions, args[1])} in {cl(args[0])}" + COMMITS.get(step, "")
    if kind == "remove" and step == "marquise_pay_wood":
        return f"pay 1 wood from {cl(args[1])}"
    if kind == "remove" and _core.PIECE_NAMES[args[0]] == "otter" and seat >= 0 and factions[seat] != RIVERFOLK:
        return f"a hit removes a mercenary (a Riverfolk warrior) in {cl(args[1])}"
    if kind == "remove":
        name = _core.PIECE_NAMES[args[0]]
        if name == "pawn" and seat >= 0 and factions[seat] == HUNDREDS:
            return f"a hit removes the warlord in {cl(args[1])} (Anointed again next Birdsong)"
        if name == "relic":                  # which relic: the lowest value there (I-C17); LoR 15.2.5
            return (f"a hit removes a relic in {cl(args[1])} (the lowest value there; its remover places it "
                    "face up in a forest)")
        return f"a hit removes the {PIECE_WORDS.get(name, name)} in {cl(args[1])}"
    if kind == "lair":
        return f"a hit removes the {ITEM_NAMES[args[0]]} from the Lair"
    if kind == "forest" and (step == "vagabond_setup" or (seat >= 0 and factions[seat] in VAGABONDS)):
        who = TITLES[factions[seat]] if seat >= 0 and factions[seat] in VAGABONDS else "Vagabond"
        return f"the {who} starts in the forest {forests_of(factions)[args[0]]}"
    if kind == "forest":
        return f"the Wyrm flees to the forest {forests_of(factions)[args[0]]}"
    if kind == "keep":
        return f"place the Keep in {cl(args[0])}"
    if kind == "build":
        return f"build a {_core.BUILDING_NAMES[args[0]]} in {cl(args[1])}"
    if kind == "recruit":
        return "recruit: a warrior at each recruiter"
    if kind == "place_warrior" and step == "hundreds_birdsong":     # Recruit short of warriors (H-C1)
        return f"Recruit: one of the last warriors at the stronghold in {cl(args[0])}"
    if kind == "place_warrior":
        return f"recruit a warrior in {cl(args[0])}"
    if kind == "place_wood":
        return f"place wood in {cl(args[0])}"
    if kind == "overwork":
        return f"overwork at {cl(args[0])}, spending {card_name(args[1])}"
    if kind == "extra":
        return f"spend {card_name(args[0])} for an extra action"
    if kind == "hospital" and seat >= 0 and factions[seat] != MARQUISE:    # Feline Physicians' controller (E-26)
        return f"Feline Physicians: spend {card_name(args[0])} to return the removed warriors (Field Hospitals)"
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
        # W-ACT-TERROR: the Wyrm forces a player to move one of its own warriors (the Wyrm's are
        # wyrmlings), to a clearing the Wyrm picks
        who = "a wyrmling" if factions[args[2]] == WYRM else f"a {TITLES[factions[args[2]]]} warrior"
        if args[1] == args[0]:          # into the Duchy's Burrow from a tunnel's clearing (W-MP-21)
            return f"Terrorize: move {who} from {cl(args[0])} down into the Burrow"
        return f"Terrorize: move {who} from {cl(args[0])} to {cl(args[1])}"
    if kind == "eat":
        return f"Eat {card_name(args[0])}: a Growth marker from {TRACKS[args[1]].capitalize()} to the track"
    if kind == "hoard":
        return f"Hoard at {cl(args[0])} with {card_name(args[1])}: a treasure to the Lair"
    if kind == "draw":
        return f"draws {card_name(args[0])}"
    if kind == "dice":
        return f"dice roll {args[0]} and {args[1]}"
    if kind == "use" and card_name(args[0]) == "Charm Offensive":
        return "Charm Offensive: draw a card, and another player scores 1 VP"
    if kind == "use":
        return f"use {card_name(args[0])}"
    if kind == "tax":
        return f"Tax Collector: remove a warrior in {cl(args[0])} to draw"
    if kind == "codebreak":
        return "Codebreakers: look at the other hand"
    if kind == "steal" and step == "extortion":             # LoR 13.7.3
        return f"an extortion takes {suited(args[0])} at random"
    if kind == "steal" and step == "vagabond_steal":
        return f"the Thief steals {card_name(args[0])}"
    if kind == "steal" and step == "brigand_card":          # the Brigand (HIRE, E-38)
        return _brigand_card_words(args, factions, state)
    if kind == "ruin_item" and step == "brigand_item":      # the Brigand (HIRE, E-37)
        return _brigand_item_words(args, factions, state)
    if kind == "ruin_item":                                 # a Raze (LoR 14.4.1; two Vagabonds: H-C17)
        two = sum(f in VAGABONDS for f in factions) > 1
        return f"the razed ruin holds {_item_or_hidden(args[0])}" + ("" if two else ": it goes into the Hoard")
    if kind == "steal":
        return f"Stand and Deliver! takes {card_name(args[0])}"
    if kind == "activate":
        return f"activate {card_name(args[0])} ({CARDS[args[0]].suit}): your score leaves the track"
    if kind == "swap":
        return f"take the available {SUIT_NAMES[args[0]]} Dominance card, spending {card_name(args[1])}"
    if kind == "target":
        return f"choose the {TITLES[factions[args[0]]]}"
    if kind == "roost":
        return (f"a roost and 6 warriors in {cl(args[0])}" if step == "eyrie_setup"
                else f"A New Roost: a roost and 3 warriors in {cl(args[0])}")
    if kind == "leader":
        return f"lead with the {_core.LEADER_NAMES[args[0]].capitalize()}"
    if kind == "decree":
        return f"add {card_name(args[1])} to the Decree's {_core.DECREE_NAMES[args[0]].capitalize()} column"
    if kind in ("e_recruit", "e_build", "e_battle", "e_move"):
        card_used = "a bird card" if args[-2 if kind == "e_move" else -1] else "a card of the clearing's suit"
        if kind == "e_recruit":
            what = f"recruit in {cl(args[0])}"
        elif kind == "e_build":
            what = f"build a roost in {cl(args[0])}"
        elif kind == "e_battle":
            what = f"battle the {TITLES[factions[args[1]]]} in {cl(args[0])}"
        else:
            what = f"move {args[3]} warrior{'s' if args[3] != 1 else ''} from {args[0] + 1} to {args[1] + 1}"
        return f"{what} ({card_used} of the Decree)"
    if kind == "revolt":
        return f"Revolt in {cl(args[0])}: remove every enemy piece there, place a base, warriors and an officer"
    if kind == "spread":
        return f"Spread Sympathy to {cl(args[0])}"
    if kind == "organize":
        return f"Organize: an Alliance warrior in {cl(args[0])} becomes a sympathy token"
    if kind == "a_recruit":
        return f"recruit a warrior at the base in {cl(args[0])}"
    if kind == "supporter":
        if step == "alliance_trim":
            return f"discard the supporter {card_name(args[0])} (no base: the stack holds 5)"
        if step == "alliance_pay":
            return f"spend the supporter {card_name(args[0])}"
        return f"the supporter {card_name(args[0])} leaves the stack"
    if kind == "mobilize":
        return f"Mobilize: {suited(args[0])} to the Supporters stack"
    if kind == "train":
        return f"Train an officer, spending {suited(args[0])}"
    if kind == "outrage":
        return f"Outrage: give {suited(args[0])} to the Alliance's Supporters stack"
    if kind in VAGABOND_WORDS:
        return VAGABOND_WORDS[kind](args, step, factions)
    if kind == "informants":
        return f"Informants: take {suited(args[0])} from the discard pile instead of drawing"
    if kind == "sabotage":
        return f"Saboteurs: discard it and the {TITLES[factions[args[0]]]}'s {card_name(args[1])}"
    if kind == "propaganda":
        return (f"Propaganda Bureau: spend {suited(args[2])} to remove a {TITLES[factions[args[1]]]} warrior "
                f"from {args[0] + 1} and place one of yours")
    if kind == "false_orders":
        return (f"False Orders: discard it and move half the {TITLES[factions[args[0]]]} warriors from "
                f"{args[1] + 1} to {args[2] + 1}")
    if kind == "give":
        return f"Swap Meet: give {suited(args[0])}"
    if kind == "put_back":
        return f"return {suited(args[0])} face down to the deck (the Advanced Setup: keep 3)"
    if kind == "draft_card":                         # the faction draft (LoR 16.1.8.1)
        return f"the {TITLES[args[0]]} card is dealt face up to the draft"
    if kind == "draft_character":                    # LoR 16.1.8.1.3
        return f"the {_core.CHARACTER_NAMES[args[0]].capitalize()} is dealt face up beside the Vagabond card"
    if kind == "draft_pick":                         # LoR 16.1.8.2: set up at once
        return f"choose the {TITLES[args[0]]} from the draft and set it up"
    if kind == "homeland":                           # the Marquise's setup card (LoR 16.1.8.2.1)
        return f"choose clearing {args[0] + 1} as a homeland of the Marquise"
    if kind == "league":
        return f"League of Adventurous Mice: exhaust the {ITEM_NAMES[args[0]]} for a move or a battle"
    if kind == "open_path":                          # the Mountain (LoR 16.2.3.3)
        lo, hi = _core.MAPS[_core.MAP_NAMES[board_of(factions)[0]]]["closed_paths"][args[0]]
        return f"open the closed path between clearings {lo} and {hi}, spending {card_name(args[1])}: 1 VP"
    if kind in LIZARD_WORDS:
        return LIZARD_WORDS[kind](args, step, factions)
    if kind in RIVERFOLK_WORDS:
        return RIVERFOLK_WORDS[kind](args, step, factions, state)
    if kind in DUCHY_WORDS:
        return DUCHY_WORDS[kind](args, step, factions, state)
    if kind in CORVID_WORDS:
        return CORVID_WORDS[kind](args, step, factions, state)
    if kind in HUNDREDS_WORDS:
        return HUNDREDS_WORDS[kind](args, step, factions, state)
    if kind in KEEPERS_WORDS:
        return KEEPERS_WORDS[kind](args, step, factions, state)
    if kind == "brigand_ruin":                       # the Brigand (HIRE, E-37): the actor's box
        return (f"the Brigand: take the item of the ruin in clearing {args[0] + 1} into your "
                f"{_box(factions, state, seat)} (no VP; the ruin leaves the map)")
    if kind in HIRELING_WORDS:
        return HIRELING_WORDS[kind](args, step, factions, state)

    if kind == "ruin_take" and seat >= 0 and factions[seat] == HUNDREDS:    # a razed ruin's two (H-C17)
        return f"take the {VITEMS[args[0]]} from the razed ruin into the Hoard (the other item stays there)"
    if kind == "move" and args[2] and seat >= 0 and factions[seat] == HUNDREDS:
        frm, to, _, n = args                       # the warlord is the Hundreds' pawn (LoR 14.2.2)
        with_ = f" with {plural_warriors(n)}" if n else ""
        advance = " (Advance the Warlord)" if advancing(state) else ""
        return f"move the warlord{with_} from {frm + 1} to {to + 1}{advance}"
    if kind == "move" and step == "lizards_birdsong":         # a move at the conspiracies is a Crusade
        frm, to, _, n = args
        return (f"Crusade (spends acolytes): move {n} warrior{'s' if n != 1 else ''} from {frm + 1} to {to + 1}, "
                "then battle there if you wish")
    if kind == "move":
        frm, to, pawn, n = args
        if not pawn:
            unit = "wyrmling" if seat >= 0 and factions[seat] == WYRM else "warrior"
            return f"move {n} {unit}{'s' if n != 1 else ''} from {frm + 1} to {to + 1}" + COMMITS.get(step, "")
        with_ = f" with {n} wyrmling{'s' if n != 1 else ''}" if n else ""
        return f"move the Wyrm{with_} from {frm + 1} to {to + 1}"
    return kind


# a piece a hit removes, where its core name does not say it plainly
PIECE_WORDS = {"lizard": "Cult warrior", "otter": "Riverfolk warrior", "trade_post": "trade post",
               "mole": "Duchy warrior", "corvid": "Corvid warrior", "hundred": "Hundreds warrior",
               "keeper": "Keeper warrior", "hireling": "hireling warrior"}
# what a Riverfolk action costs at the step it is taken (LoR 11.5: a move or a battle commits a fund)
COMMITS = {"riverfolk_daylight": " (commits a fund)", "duchy_daylight": " (an Assembly action)"}
# a building of each faction by kind, as Sanctify names the one it replaces (LoR 10.4.3.III)
_BUILDINGS_BY_KIND = {EYRIE: ("roost",), ALLIANCE: ("fox base", "rabbit base", "mouse base"),
                      DUCHY: ("citadel", "market")}


def _building(faction: int, kind: int) -> str:
    return _BUILDINGS_BY_KIND.get(faction, _core.BUILDING_NAMES)[kind]


def _garden_suit(c: int, factions) -> str:
    return SUIT_NAMES[board_of(factions)[1][c]]


# the Lizard Cult's actions in words: f(args, step, factions) (LoR 10)
LIZARD_WORDS = {
    "lz_corner": lambda a, st, f: (f"set up in clearing {a[0] + 1}: 4 warriors and a {_garden_suit(a[0], f)} "
                                   "garden there, a warrior in each adjacent clearing"),
    "outcast": lambda a, st, f: f"set the Outcast to {SUIT_NAMES[a[0]]} (Outcast side up)",
    "convert": lambda a, st, f: (f"Convert (spends acolytes): a {TITLES[f[a[1]]]} warrior in clearing {a[0] + 1} "
                                 "becomes a Cult warrior"),
    "sanctify": lambda a, st, f: (f"Sanctify (spends acolytes): the {TITLES[f[a[1]]]}'s {_building(f[a[1]], a[2])} in "
                                  f"clearing {a[0] + 1} becomes a {_garden_suit(a[0], f)} garden, 1 VP"),
    "lz_build": lambda a, st, f: f"Build: reveal {card_name(a[1])}, a garden in clearing {a[0] + 1}",
    "lz_recruit": lambda a, st, f: f"Recruit: reveal {card_name(a[1])}, a warrior in clearing {a[0] + 1}",
    "lz_score": lambda a, st, f: (f"Score: spend {suited(a[0])}, scoring its suit's gardens "
                                  "(the VP over the rightmost empty space of its track)"),
    "sacrifice": lambda a, st, f: f"Sacrifice: reveal {card_name(a[0])}, a warrior to the Acolytes",
    "faithful": lambda a, st, f: f"Fear of the Faithful: the Lizard Cult discard {suited(a[0])} at random",
}


def plural_funds(n: int) -> str:
    return f"{n} fund{'s' if n != 1 else ''}"


SERVICES = ("Hand Card", "Riverboats", "Mercenaries")      # the Riverfolk's services (LoR 11.2.7)


def _price(state, service: int) -> str:
    """A service's price as the buyer pays it, when the state is known: ' (pays 3 warriors)'."""
    if state is None:
        return ""
    d = state.to_dict()
    n = d["prices"][service]
    unit = "item" if seat_factions(state)[d["turn"]] in VAGABONDS else "warrior"
    return f" (pays {n} {unit}{'s' if n != 1 else ''})"


def _fund_words(a, st, f, state) -> str:
    """Whose fund (LoR 11.5: committed or spent; 11.2.5.I: lost to Trade Disruption)."""
    if st == "trade_disruption":
        return f"Trade Disruption: a fund of the {TITLES[f[a[0]]]} is removed (back to its supply)"
    how = "commit or spend" if state is None else ("commit", "spend")[state.to_dict()["fund_mode"]]
    return f"{how} a fund of the {TITLES[f[a[0]]]}"


# the Riverfolk Company's actions in words, and the services every other player buys: f(args, step,
# factions, state) (LoR 11)
RIVERFOLK_WORDS = {
    "rf_recruit": lambda a, st, f, state: (f"place a warrior in river clearing {a[0] + 1}" if st == "riverfolk_setup"
                                           else f"Recruit (spends a fund): a warrior in river clearing {a[0] + 1}"),
    "trade_post": lambda a, st, f, state: (f"Establish a {_garden_suit(a[0], f)} trade post with a warrior in "
                                           f"clearing {a[0] + 1}, spending two funds of its ruler (VP)"),
    "price": lambda a, st, f, state: f"price {SERVICES[a[0]]} at {a[1] + 1}",
    "rf_draw": lambda a, st, f, state: "Draw a card (commits a fund)",
    "export": lambda a, st, f, state: (f"Export {suited(a[0])} (commits its cost): discard it, a warrior into "
                                       "Payments"),
    "fund": _fund_words,
    "buy_card": lambda a, st, f, state: f"Hand Card: take {suited(a[0])} from the Riverfolk's hand" + _price(state, 0),
    "riverboats": lambda a, st, f, state: "Riverboats: rivers are paths for you this turn" + _price(state, 1),
    "mercenaries": lambda a, st, f, state: ("Mercenaries: the Riverfolk's warriors count as yours for rule and battle "
                                            "in your Daylight and Evening" + _price(state, 2)),
    "service_item": lambda a, st, f, state: f"exhaust the {VITEMS[a[0]]} toward the Riverfolk's price",
}


def plural_warriors(n: int) -> str:
    return f"{n} warrior{'s' if n != 1 else ''}"


def _burrow_words(a, st, f, state) -> str:
    """A move between the Burrow and a tunnel's clearing (LoR 12.2.2); a Dig's warriors coming up
    (LoR 12.5.1, up to four: choice C3)."""
    c, down, n = a
    if st == "duchy_dig":
        return (f"Dig: no warriors come up into clearing {c + 1}" if n == 0 else
                f"Dig: {plural_warriors(n)} come up from the Burrow into clearing {c + 1}")
    way = f"down from clearing {c + 1} into the Burrow" if down else f"up from the Burrow into clearing {c + 1}"
    return f"move {plural_warriors(n)} {way}" + COMMITS.get(st, "")


DC_BUILDINGS = ("citadel", "market")
# what each minister does when it acts in Parliament (LoR 12.5.2)
MINISTER_ACTS = ("build a citadel or market in a clearing you rule, revealing any card",
                 "a battle", "a move", "up to two moves or up to two battles",
                 "spend cards of one suit for 1 VP each", "take the action of another swayed noble or squire",
                 "2 VP if all three tunnels are on the map", "1 VP per market on the map",
                 "1 VP per citadel on the map")
RANKS = ("squire", "noble", "lord")
REVEAL_FOR = ("for a Build", "for the Foremole", "for a Sway")


def _dc_build_words(a, st, f, state) -> str:
    kind, c = a
    if st == "duchy_minister":
        return f"the Foremole: build a {DC_BUILDINGS[kind]} in clearing {c + 1} (reveal any card next)"
    return (f"Build a {DC_BUILDINGS[kind]} in clearing {c + 1} (reveal a card of its suit next; an Assembly "
            "action)")


def _reveal_words(a, st, f, state) -> str:
    """A card revealed (LoR 12.5.1 Build, 12.5.2 the Foremole, 12.5.3 Sway): face up until Evening,
    then back to the hand (a bird is discarded, LoR 12.6.1)."""
    why = ""
    if state is not None:
        r = state.to_dict()["reveal_for"]
        why = f" {REVEAL_FOR[r]}" if 0 <= r < len(REVEAL_FOR) else ""
    back = "discarded in Evening" if a[0] is not None and CARDS[a[0]].suit == "bird" else "back to the hand in Evening"
    return f"reveal {suited(a[0])}{why} (face up, {back})"


def _minister_words(a, st, f, state) -> str:
    m = a[0]
    if st == "duchy_minister":             # the Mayor's copy (LoR 12.5.2)
        return f"the Mayor acts as the {minister_name(m)}: {MINISTER_ACTS[m]}"
    return f"the {minister_name(m)}: {MINISTER_ACTS[m]}"


def _sway_words(a, st, f, state) -> str:
    rank = _core.DUCHY_TABLE["ranks"][a[0]]
    need, vp = _core.DUCHY_TABLE["sway_cards"][rank], _core.DUCHY_TABLE["crown_vp"][rank]
    return (f"Sway the {minister_name(a[0])} (a {RANKS[rank]}): reveal {need} cards, each matching a different "
            f"clearing with your pieces; a crown, {vp} VP")


# the Underground Duchy's actions in words: f(args, step, factions, state) (LoR 12)
DUCHY_WORDS = {
    "burrow": _burrow_words,
    "dc_corner": lambda a, st, f, state: (f"start in corner clearing {a[0] + 1}: a tunnel and 2 warriors, and 2 "
                                          "warriors in each adjacent clearing"),
    "dc_build": _dc_build_words,
    "reveal": _reveal_words,
    "dc_recruit": lambda a, st, f, state: "Recruit: a warrior into the Burrow (an Assembly action)",
    "dig": lambda a, st, f, state: (f"Dig: spend {suited(a[1])} to place a tunnel in clearing {a[0] + 1}, then "
                                    "up to four warriors come up from the Burrow (an Assembly action)"),
    "tunnel_off": lambda a, st, f, state: (f"Dig: first take up the tunnel in clearing {a[0] + 1} (all three are "
                                           "on the map)"),
    "minister": _minister_words,
    "sway": _sway_words,
    "bank": lambda a, st, f, state: f"the Banker: spend {suited(a[0])} for 1 VP",
    "failure": lambda a, st, f, state: (f"the Price of Failure: lose the {minister_name(a[0])} (unswayed; its crown "
                                        "leaves the game)"),
    "fail_card": lambda a, st, f, state: f"the Price of Failure discards {suited(a[0])} from the Duchy's hand at random",
}


PLOT_NAMES = _core.PLOT_NAMES       # bomb, snare, extortion, raid (LoR 13.2.2)
# what a plot does, by type (LoR 13.7)
PLOT_EFFECTS = ("flipped, it removes every enemy piece in its clearing, then itself",
                "face up, no enemy piece is placed in or moved out of its clearing",
                "flipped, it takes a random card from each enemy there; face up, one more Evening draw",
                "removed, a Corvid warrior goes into each adjacent clearing")


def _plot_name(t: int | None) -> str:
    """'a bomb', 'an extortion'; 'a plot' where the viewer may not know its type (redaction)."""
    if t is None:
        return "a plot"
    return f"{'an' if PLOT_NAMES[t][0] in 'aeiou' else 'a'} {PLOT_NAMES[t]}"


def _face_up(state) -> int | None:
    """Face-up plots on the map of a core State (public), None without one."""
    if state is None:
        return None
    d = state.to_dict()
    return sum(1 for c, n in enumerate(d["plots"]) if n and (d["plots_up"] >> c) & 1)


def _flip_words(a, st, f, state) -> str:
    """Flip (LoR 13.4.2): one VP per face-up plot on the map, this one included (trap K-T2)."""
    up = _face_up(state)
    vp = "1 VP per face-up plot, this one too" if up is None else f"{up + 1} VP: one per face-up plot, this one too"
    return f"flip the plot in clearing {a[0] + 1} face up ({vp}), then a bomb or an extortion acts"


def _cv_recruit_words(a, st, f, state) -> str:
    t, suit = a
    return f"Recruit: spend {suited(t)}, a warrior in every {SUIT_NAMES[suit]} clearing"


def _plot_words(a, st, f, state) -> str:
    """Plot (LoR 13.5.2): the n-th plot of a turn removes n warriors (trap K-T1)."""
    c, t = a
    notes = ([] if state is None else [f"removes {plural_warriors(1 + state.to_dict()['plotted'])}"]) + (
        [] if t is None else [PLOT_EFFECTS[t]])
    return f"Plot: {_plot_name(t)} face down in clearing {c + 1}" + (f" ({'; '.join(notes)})" if notes else "")


def _guess_words(a, st, f, state) -> str:
    """Exposure's guess (LoR 13.2.4): right, the plot is removed (1 VP) and the card kept; wrong, the
    Corvids take the card."""
    t, p = a
    return (f"show {suited(t)} and name {_plot_name(p)}: right, you remove the plot (1 VP) and keep the card; "
            "wrong, the Corvids take it")


# the Corvid Conspiracy's actions in words, and Exposure, which every other player takes: f(args,
# step, factions, state) (LoR 13)
CORVID_WORDS = {
    "cv_setup": lambda a, st, f, state: f"place a warrior in clearing {a[0] + 1} (setup: one in a clearing of each suit)",
    "flip": _flip_words,
    "cv_recruit": _cv_recruit_words,
    "plot": _plot_words,
    "trick": lambda a, st, f, state: f"Trick: swap the plots in clearings {a[0] + 1} and {a[1] + 1}",
    "expose": lambda a, st, f, state: (f"Exposure: guess the face-down plot in clearing {a[0] + 1} (show a "
                                       "matching card and name its type next)"),
    "guess": _guess_words,
}


MOODS = _core.MOOD_NAMES                # the Hundreds' moods (LoR 14.7)
# what each mood does (LoR 14.7.1-8)
MOOD_EFFECTS = ("before the roll of a battle at the warlord, mobs there or next to it may become warriors there",
                "Advance the Warlord before Command the Hundreds",
                "after an Incite at the warlord, up to four more mob die rolls",
                "at the end of Birdsong, Hoard items may go for 2 warriors each at the warlord",
                "an Advance that moved and battled may move or battle once more",
                "draw one more card in Evening (two more with 3+ enemy pieces at the warlord)",
                "in a battle at the warlord, the first hit you take is ignored",
                "attacking at the warlord, one extra hit")
# the Hoard's track of each item kind (LoR 14.2.4): Command (boots, bags, coins) or Prowess
TRACK_OF = {0: "Command", 1: "Prowess"}


def _hoard_track(k: int) -> str:
    return TRACK_OF.get(_core.HUNDREDS_TABLE["hoard_track"][k], "no")


def advancing(state) -> bool:
    """The Hundreds' Daylight is in its Advance the Warlord block (LoR 14.5.3; state known): read from
    the state's bytes (state_fields), not a whole to_dict, as every legal action's words may ask."""
    return state is not None and scalar(state, "lh_block") == 1


def _lh_corner_words(a, st, f, state) -> str:
    n = _core.HUNDREDS_TABLE["start_warriors"]
    return f"setup: the warlord, {plural_warriors(n)} and a stronghold in corner clearing {a[0] + 1}"


def _hoard_out_words(a, st, f, state) -> str:
    """A Hoard item out of the game: an overflow's 1 VP (LoR 14.2.4.I) or Lavish's 2 warriors (14.7.4)."""
    item = vitem(a[0])
    if st == "hoard_overflow":
        return f"a full {_hoard_track(a[0])} track: remove {item} from the game (1 VP)"
    return (f"Lavish: remove {item} from your Hoard for good, "
            f"{plural_warriors(_core.HUNDREDS_TABLE['lavish_warriors'])} at the warlord")


def _mood_words(a, st, f, state) -> str:
    return f"Choose Mood: {MOODS[a[0]].capitalize()} ({MOOD_EFFECTS[a[0]]})"


def _loot_words(a, st, f, state) -> str:
    """Looters (LoR 14.2.5): declared at the battle's start (no rolled hits), an item at its end."""
    if a[0] == 0:
        return ("Looters: declare a loot (you deal no rolled hits; ruling the clearing at the end, "
                "take an item of the defender's Crafted Items)")
    return f"loot {vitem(a[0] - 1)} into your Hoard ({_hoard_track(a[0] - 1)} track)"


# the Lord of the Hundreds' actions in words: f(args, step, factions, state) (LoR 14)
HUNDREDS_WORDS = {
    "lh_corner": _lh_corner_words,
    "mob": lambda a, st, f, state: f"a mob spreads to clearing {a[0] + 1} (of the suit the die showed, next to a mob)",
    "anoint": lambda a, st, f, state: (f"Anoint: the warlord into clearing {a[0] + 1} (replacing a warrior there, "
                                       "if any)"),
    "mood": _mood_words,
    "hoard_out": _hoard_out_words,
    "contempt": lambda a, st, f, state: ("Contempt for Trade: score the card's VP and remove the item from the game"
                                         if a[0] else "Contempt for Trade: take the item into your Hoard, no VP"),
    "loot": _loot_words,
    "bitter": lambda a, st, f, state: (f"Bitter: remove the mob in clearing {a[0] + 1} for a warrior at the "
                                       "warlord (before the roll)"),
    "lh_build": lambda a, st, f, state: (f"Build: a stronghold in clearing {a[1] + 1}, spending {suited(a[0])} "
                                         "(a Command action)"),
    "incite": lambda a, st, f, state: f"Incite: a mob in clearing {a[1] + 1}, spending {suited(a[0])}",
    "jubilant": lambda a, st, f, state: "Jubilant: roll the mob die again (a mob where it shows, next to a mob)",
}


def _lh_bird_pass(state) -> str:
    if state is not None and state.to_dict()["lh_stage"] == 3:          # LH_MOOD: no other mood allowed
        return "keep Lavish (no other mood is allowed)"
    return "give up no more Hoard items (Birdsong ends)"


def _lh_day_pass(state) -> str:
    if state is None:
        return "end this Advance, or this part of Daylight"
    d = state.to_dict()
    if d["lh_block"] == 1 and d["advance"]:
        return "end this Advance"
    block = ("Advance the Warlord", "Command the Hundreds")
    last = d["blocks_done"] >= 1
    return f"end {block[d['lh_block'] == 0]}" + (" (Evening)" if last else
                                                 f" (on to {block[d['lh_block'] == 1]})")


def _lh_eve_pass(state) -> str:
    if state is not None and state.to_dict()["jubilant_left"] > 0:
        return "roll no more (Jubilant)"
    return "Incite no more: Oppress, then draw"


# what `pass` ends at the Hundreds' steps, by what the step is doing (the state, where known)
HUNDREDS_PASS = {"hundreds_birdsong": _lh_bird_pass, "hundreds_daylight": _lh_day_pass,
                 "hundreds_evening": _lh_eve_pass}


# ---- the Keepers in Iron (LoR 15) ------------------------------------------------------------------

RELIC_TYPES = _core.RELIC_TYPE_NAMES             # figure, tablet, jewelry (relic r's type is r // 4)
WAYSTATION_FACES = _core.KEEPERS_TABLE["waystation_faces"]
KI_RETAINER = _core.RETAINER_CARD                # a Faithful Retainer in the state's retinue
_KI_LAST: list = [None, None]                    # the last state's bytes and its dict


def _ki(state) -> dict | None:
    """The state's dict, built once for a state every legal action's words ask about (the Keepers'
    relics, waystations and Retinue are arrays: state_fields reads scalars only)."""
    if state is None:
        return None
    key = state.state_bytes()
    if _KI_LAST[0] != key:
        _KI_LAST[0], _KI_LAST[1] = key, state.to_dict()
    return _KI_LAST[1]


def column_title(col: int) -> str:
    """A Retinue column's name as printed (LoR 15.5.2): Move, Battle then Delve, Move or Recover."""
    return COLUMN_TITLES[col]


def waystation_words(w: int, face: int | None = None) -> str:
    """A waystation by its two faces (LoR 15.2.2), and the face up where known: 'the figure/tablet
    waystation', 'a waystation showing tablet (figure on its back)'."""
    a, b = WAYSTATION_FACES[w]
    if face is None:
        return f"the {RELIC_TYPES[a]}/{RELIC_TYPES[b]} waystation"
    up, down = WAYSTATION_FACES[w][face], WAYSTATION_FACES[w][1 - face]
    return f"a waystation showing {RELIC_TYPES[up]} ({RELIC_TYPES[down]} on its back)"


def relic_words(d: dict | None, r: int, table=()) -> str:
    """A relic by its type, face and place (LoR 15.2.1: a face-down relic's value is no one's):
    'the face-down figure in the forest 1_2_5_10', 'the tablet of value 3 in clearing 5'."""
    if d is None:
        return f"a {relic_name(r)}"
    v, at = d["relic_value"][r], d["relic_at"][r]
    face = f"the {relic_name(r)} of value {v}" if v else f"the face-down {relic_name(r)}"
    return f"{face} {relic_place(at, table)}"


def relic_place(at: int, table=()) -> str:
    """Where relic_at puts a relic: a clearing, a forest, the Relics track, or its remover's hand."""
    n = _core.NUM_CLEARINGS
    if 0 <= at < n:
        return f"in clearing {at + 1}"
    if n <= at < _core.RELIC_AT_TROPHY:
        return f"in the forest {forests_of(table)[at - n]}"
    if at == _core.RELIC_AT_RECOVERED:
        return "on the Relics track"
    return "removed (its remover places it)" if at >= _core.RELIC_AT_TROPHY else "not yet placed"


def slot_used(state, a: int) -> int | None:
    """The Retinue slot whose card action a uses (LoR 15.5.2: the core picks it, I-C18), asked of the
    core: a applied to a copy of the state, the slot it marks used (or, a failed check having
    discarded the card at once, the slot it empties); None when a is not legal there."""
    if not state.is_legal(a):
        return None
    after = state.clone()
    after.apply(a)
    new = scalar(after, "retinue_used") & ~scalar(state, "retinue_used")
    if new:
        return new.bit_length() - 1
    before, now = _ki(state)["retinue"], after.to_dict()["retinue"]
    gone = [i for i, t in enumerate(before) if t >= 0 and now[i] < 0]
    return gone[0] if gone else None


def retinue_card_words(t: int) -> str:
    """A Retinue card: 'Anvil (fox)', 'a Faithful Retainer' (the state's 127 or the events' NCT)."""
    return retinue_card(_core.NUM_CARD_TYPES) if t in (KI_RETAINER, _core.NUM_CARD_TYPES) else suited(t)


def _card_used(state, col: int, kind: str, args: tuple) -> str:
    """'uses Anvil (fox) from the Move column': the card a Retinue action uses (LoR 15.5.2: a card of
    the clearing's suit; I-C18: else a Faithful Retainer, else a bird card), the core's choice."""
    slot = slot_used(state, encode(kind, *args)) if state is not None else None
    if slot is None:
        where = f"a {column_title(col)} card" if col is not None else "a Retinue card"
        return f"uses {where} of the clearing's suit, a Faithful Retainer or a bird"
    return f"uses {retinue_card_words(_ki(state)['retinue'][slot])} from the {column_title(col)} column"


def _ki_day_words(kind: str, args: tuple, factions, state) -> str:
    """A move or battle of the Keepers' Daylight: a Retinue card's action in a clearing of its suit
    (LoR 15.5.2.I-III), the card it uses named (chosen by rule, I-C18)."""
    if kind == "battle":
        return (f"Battle then Delve: battle the {TITLES[factions[args[1]]]} in clearing {args[0] + 1} "
                f"({_card_used(state, 1, kind, args)}), then delve if you rule it with a warrior there")
    frm, to, _, n = args
    col = scalar(state, "ki_column") if state is not None else None      # (a record's line: not known)
    col = col if col in (0, 2, None) else 0
    return f"move {plural_warriors(n)} from {frm + 1} to {to + 1} ({_card_used(state, col, kind, args)})"


def _ki_setup_words(a, st, f, state) -> str:
    n = _core.KEEPERS_TABLE["start_warriors"]
    stage = _ki(state)["ki_stage"] if state is not None else None
    if stage == 1:
        return f"setup: {plural_warriors(n)} in corner clearing {a[0] + 1}"
    if stage == 2:
        return f"setup: {plural_warriors(n)} in map-edge clearing {a[0] + 1}, beside your corner"
    return f"setup: {plural_warriors(n)} in clearing {a[0] + 1} (the corner, then a map-edge clearing beside it)"


def _no_keepers(d: dict) -> bool:
    return not any(d["keepers"]) and not any(d["waystations"])


def _encamp_words(a, st, f, state) -> str:
    """Encamp (LoR 15.4.1): a warrior replaced by a waystation, either face up; with no Keeper warrior
    and no waystation on the map, a waystation and a warrior in a map-edge clearing (I-T10)."""
    c, w, face = a
    d = _ki(state)
    if d is not None and _no_keepers(d):
        return (f"Encamp (none of yours on the map): {waystation_words(w, face)} and a warrior in map-edge "
                f"clearing {c + 1}")
    return f"Encamp: {waystation_words(w, face)} replaces a warrior in clearing {c + 1}"


def _decamp_words(a, st, f, state) -> str:
    c, w = a
    d = _ki(state)
    up = f" ({RELIC_TYPES[WAYSTATION_FACES[w][d['way_face'][w]]]} up)" if d is not None else ""
    return f"Decamp: a warrior replaces {waystation_words(w)}{up} in clearing {c + 1}"


def _ki_recruit_words(a, st, f, state) -> str:
    t, c = a
    d = _ki(state)
    n = _core.KEEPERS_TABLE["recruit"] if d is None else min(_core.KEEPERS_TABLE["recruit"], d["keeper_supply"])
    return f"Recruit: {plural_warriors(n)} at the waystation in clearing {c + 1}, spending {suited(t)}"


def _delve_at_words(a, st, f, state) -> str:
    c = a[0]
    return (f"Battle then Delve in clearing {c + 1}, no battle there: delve a relic from a forest beside it "
            f"({_card_used(state, 1, 'delve_at', a)})")


def _relic_facts(state) -> dict | None:
    """The core's public facts of the relics (ruled_around_forest, ruled_of_suit), where it gives them."""
    return _core.public_facts(state).get("relic_checks") if state is not None else None


def _delve_words(a, st, f, state) -> str:
    """Delve (LoR 15.5.2.II.a-b): the relic from its forest into the clearing, face up; then the check:
    fewer ruled clearings around that forest than its value discards the card used (I-T2)."""
    r = a[0]
    d = _ki(state)
    if d is None:
        return f"Delve: a {relic_name(r)} into the clearing, face up (the check: ruled clearings around its forest)"
    at, into = d["relic_at"][r], d["act_at"]
    facts = _relic_facts(state)
    forest = at - _core.NUM_CLEARINGS
    ruled = (f"you rule {plural(facts['ruled_around_forest'][forest], 'clearing')} around that forest"
             if facts and 0 <= forest < len(facts["ruled_around_forest"]) else "ruling fewer clearings around it")
    flip = ", face up" if not d["relic_value"][r] else ""
    return f"Delve: {relic_words(d, r, f)} into clearing {into + 1}{flip} ({ruled}: a higher value discards the card)"


def _recover_words(a, st, f, state) -> str:
    """Recover (LoR 15.5.2.III.a-c): the relic to the Relics track, its value in VP and 2 more for a
    full column; then the check by the clearing's suit (I-T3)."""
    r = a[0]
    d = _ki(state)
    if d is None:
        return f"Recover a {relic_name(r)} at a waystation showing its type: its value in VP"
    c, v, t = d["relic_at"][r], d["relic_value"][r], r // 4
    held = [sum(d["relic_at"][q] == _core.RELIC_AT_RECOVERED for q in range(k * 4, k * 4 + 4)) for k in range(3)]
    full = all(held[k] > held[t] for k in range(3) if k != t)
    vp = f"{v} VP" + (f" and {_core.KEEPERS_TABLE['set_vp']} more for a full Relics column" if full else "")
    card = f"; {_card_used(state, 2, 'recover', a)}" if st == "keepers_daylight" else ""
    suit = SUIT_NAMES[d["suit"][c]]
    facts = _relic_facts(state)
    ruled = (f"you rule {plural(facts['ruled_of_suit'][d['suit'][c]], suit + ' clearing')}" if facts
             else f"ruling fewer {suit} clearings")
    return f"Recover {relic_words(d, r, f)}: {vp} ({ruled}: fewer than {v} discards the card{card})"


def _carry_words(a, st, f, state) -> str:
    r = a[0]
    d = _ki(state)
    if d is None:
        return f"Devout Knights: a {relic_name(r)} goes along with the moving warriors"
    return (f"Devout Knights: {relic_words(d, r, f)} goes along to clearing {d['carry_to'] + 1} "
            f"(one a warrior moved: {d['carry_left']} may go)")


def _trophy_words(a, st, f, state) -> str:
    """Prized Trophies (LoR 15.2.5): the remover places the relic face up in any forest; an enemy of
    the Keepers scores 1 VP more (I-7)."""
    forest = forests_of(f)[a[0]]
    d = _ki(state)
    waiting = [r for r, at in enumerate(d["relic_at"]) if at >= _core.RELIC_AT_TROPHY
               and at != _core.RELIC_AT_RECOVERED] if d is not None else []
    what = f"the {relic_name(waiting[0])}" if waiting else "the relic"
    remover = (d["relic_at"][waiting[0]] - _core.RELIC_AT_TROPHY) if waiting else -1
    vp = ("no VP: your own" if 0 <= remover < len(f) and f[remover] == KEEPERS
          else f"{_core.KEEPERS_TABLE['trophy_vp']} VP more")
    return f"Prized Trophies: {what} you removed, face up in the forest {forest} ({vp})"


def _retinue_add_words(a, st, f, state) -> str:
    t, col = a
    return f"Gather Retinue: add {suited(t)} to the {column_title(col)} column (then no shift this Evening)"


def _retinue_shift_words(a, st, f, state) -> str:
    frm, to, t = a
    return (f"Gather Retinue: shift {retinue_card_words(t)} from the {column_title(frm)} column to the "
            f"{column_title(to)} column (your one change this Evening)")


def _relic_value_words(a, st, f, state) -> str:
    d = _ki(state)
    what = relic_name(d["delve_relic"]) if d is not None and d["delve_relic"] >= 0 else "relic"
    return f"the delved {what} turns face up: value {a[0] + 1}"


# the Keepers in Iron's actions in words: f(args, step, factions, state) (LoR 15; their moves and
# battles in Daylight: _ki_day_words)
KEEPERS_WORDS = {
    "ki_setup": _ki_setup_words,
    "ki_relic": lambda a, st, f, state: (f"a {RELIC_TYPES[a[1]]} relic is placed face down in the forest "
                                         f"{forests_of(f)[a[0]]}"),
    "encamp": _encamp_words,
    "decamp": _decamp_words,
    "ki_recruit": _ki_recruit_words,
    "delve_at": _delve_at_words,
    "delve": _delve_words,
    "relic_value": _relic_value_words,
    "recover": _recover_words,
    "carry": _carry_words,
    "trophy": _trophy_words,
    "retinue_add": _retinue_add_words,
    "retinue_shift": _retinue_shift_words,
}

KI_BIRD_STAGES = {4: ("Encamp", "Decamp"), 5: ("Decamp", "Recruit"), 6: ("Recruit", None)}


def _ki_bird_pass(state) -> str:
    d = _ki(state)
    if d is None or d["ki_stage"] not in KI_BIRD_STAGES:
        return "end this step of Birdsong (Encamp, Decamp, Recruit in order)"
    now, then = KI_BIRD_STAGES[d["ki_stage"]]
    return f"end {now}" + (f" (on to {then})" if then else " (Birdsong ends: on to Daylight)")


def _ki_day_pass(state) -> str:
    d = _ki(state)
    if d is None:
        return "end this Retinue column (the next one acts; after the last, Evening)"
    col = d["ki_column"]
    if col > 2:
        return "end Daylight"
    left = sum(1 for i, t in enumerate(d["retinue"]) if t >= 0 and d["retinue_column"][i] == col
               and not (d["retinue_used"] >> i) & 1)
    craft = "crafting and " if d["crafting_open"] else ""
    unused = f", {plural(left, 'card')} unused" if left else ""
    then = (f"on to {column_title(col + 1)}" if col < 2 else "Evening: Live Off the Land, Gather Retinue")
    return f"end {craft}the {column_title(col)} column{unused} ({then})"


def _ki_eve_pass(state) -> str:
    d = _ki(state)
    draws = f"draw {plural(_core.KEEPERS_TABLE['evening_draw'] + sum(w >= 0 for w in d['way_at']), 'card')}" \
        if d is not None else "draw"
    if d is not None and d["eve_mode"] == 1:
        return f"add no more cards: {draws}"
    if d is not None and d["eve_mode"] == 2:
        return draws
    return f"leave the Retinue as it is: {draws}"


# what `pass` ends at the Keepers' steps, by what the step is doing (the state, where known)
KEEPERS_PASS = {"keepers_birdsong": _ki_bird_pass, "keepers_daylight": _ki_day_pass,
                "keepers_evening": _ki_eve_pass,
                "delve": lambda state: "delve nothing (the Battle then Delve action ends; the card stays)",
                "recover": lambda state: "recover no more here (the card stays)",
                "carry": lambda state: "no more relics go along"}


# ---- hirelings (LoR 16.4; docs/hundreds-keepers.md §4): any faction's, and the control die ----

def _hireling_now(state) -> str:
    """The hireling the end of the turn is giving away or rolling for (hr_now), by its title."""
    if state is None:
        return "the hireling"
    i = scalar(state, "hr_now")
    return hireling_title(state.hirelings[i]) if 0 <= i < len(state.hirelings) else "the hireling"


def _hire_give_words(a, st, f, state) -> str:
    return (f"give {_hireling_now(state)} (no control markers left) to the {TITLES[f[a[0]]]}, who rolls the "
            "control die for it at once")


def _control_words(a, st, f, state) -> str:
    pips, gold = _core.CONTROL_DIE[a[0]]
    who = "" if state is None or scalar(state, "hr_roller") < 0 else f" for the {TITLES[f[scalar(state, 'hr_roller')]]}"
    return (f"the control die{who} shows {plural(pips, 'pip')}, {gold} of them gold (a player with the most VP "
            f"counts only the gold): control markers on {_hireling_now(state)}")


# the hirelings' actions in words: f(args, step, factions, state)
HIRELING_WORDS = {
    "hire_give": _hire_give_words,
    "hire_take": lambda a, st, f, state: (f"take {hireling_title(a[0])} from the supply for your hireling marker "
                                          "(then roll the control die for it)"),
    "control_die": _control_words,
    "scouts": lambda a, st, f, state: (f"Rabbit Scouts: spend {card_name(a[0])}, matching the clearing, to deal the "
                                       "higher roll"),
    "physicians": lambda a, st, f, state: f"Feline Physicians: the saved warriors return to clearing {a[0] + 1}",
    "smuggle": lambda a, st, f, state: (f"Rat Smugglers: discard {card_name(a[0])} (an item card) for a move or a "
                                        "battle"),
    "brigand_steal": lambda a, st, f, state: (f"the Brigand: exhaust your {ITEM_NAMES[a[1]]} to take a random card "
                                              f"from the {TITLES[f[a[0]]]}"),
    "band": lambda a, st, f, state: f"Street Band: place a Band warrior from its card in clearing {a[0] + 1}",
    "patrol": lambda a, st, f, state: ("Forest Patrol: move its warriors, then it may battle"
                                       if a[0] == _core.NUM_CLEARINGS
                                       else f"Forest Patrol: every warrior on its card into clearing {a[0] + 1}"),
    "hr_move": lambda a, st, f, state: (f"{_hireling_of(f, a[0])}: move {plural(a[3], 'warrior')} from clearing "
                                        f"{a[1] + 1} to clearing {a[2] + 1}"),
    "hr_battle": lambda a, st, f, state: (f"{_hireling_of(f, a[0])}: battle the {_side_title(f, a[2])} in "
                                          f"clearing {a[1] + 1}"),
    "dynasty": lambda a, st, f, state: ("Last Dynasty: move all their warriors, then battle with them"
                                        if a[0] == _core.NUM_CLEARINGS else
                                        "Last Dynasty: battle in their clearing twice"
                                        if a[0] == _core.NUM_CLEARINGS + 1 else
                                        f"Last Dynasty: all their warriors into clearing {a[0] + 1}, on the map's "
                                        "edge, and battle there"),
    "hr_setup": lambda a, st, f, state: f"set up {_hireling_of(f, a[0])} in clearing {a[1] + 1}",
}


def _hireling_of(f, i: int) -> str:
    """The printed name of the table's hireling i ("Forest Patrol")."""
    return hireling_title(hirelings_of(f)[i])


def _side_title(f, side: int) -> str:
    """A battle's defender: a seat's faction title, or a hireling's name."""
    return _hireling_of(f, side - HIRELING_SIDE) if side >= HIRELING_SIDE else TITLES[f[side]]


def _box(f, state, seat: int | None = None) -> str:
    """Where the Brigand's ruin item goes for seat (None: the player on turn, when the state is known):
    its Crafted Items box, the Hundreds' Hoard, the Wyrm's Lair (W-MP-41)."""
    if seat is None:
        seat = scalar(state, "turn") if state is not None else -1
    faction = f[seat] if 0 <= seat < len(f) else None
    return {HUNDREDS: "Hoard", WYRM: "Lair"}.get(faction, "Crafted Items box")


def _item_or_hidden(k) -> str:
    return "a hidden item" if k is None else vitem(k)


def _brigand_item_words(a, f, state) -> str:
    """The chance `ruin_item` at brigand_item: the item the ruin (hr_at) held, to the player on turn."""
    if state is None:
        return f"the ruin the Brigand searched holds {_item_or_hidden(a[0])}"
    at, seat = scalar(state, "hr_at"), scalar(state, "turn")
    where = f" in clearing {at + 1}" if at >= 0 else ""
    return (f"the ruin{where} holds {_item_or_hidden(a[0])}: it goes to the {TITLES[f[seat]]}'s "
            f"{_box(f, state, seat)} (the Brigand)")


def _brigand_card_words(a, f, state) -> str:
    """The chance `steal` at brigand_card: the card the Brigand's controller (the player on turn) takes
    at random from the victim's hand (the state's target)."""
    if state is None:
        return f"the Brigand takes {card_name(a[0])} at random"
    seat, victim = scalar(state, "turn"), scalar(state, "target")
    frm = f" from the {TITLES[f[victim]]}" if 0 <= victim < len(f) else ""
    who = TITLES[f[seat]]
    return f"the Brigand: the {who} take{'' if who.endswith('s') else 's'} {card_name(a[0])} at random{frm}"


# what `pass` ends at a step, where it says more than "end this step"
PASS_WORDS = {"lizards_birdsong": "end the conspiracies (Birdsong ends)",
              "lizards_crusade": "no battle: the Crusade ends",
              "lizards_daylight": "end Daylight's rituals",
              "lizards_evening": "craft no more (draw for Evening)",
              "riverfolk_daylight": "end Daylight (Evening: discard down to five, then the prices)",
              "riverfolk_prices": "keep the other prices (the turn ends)",
              "services": "buy no more services (Birdsong goes on)",
              "duchy_daylight": "end the Assembly (on to Parliament)",
              "duchy_parliament": "no more ministers act (on to Sway)",
              "duchy_minister": "end this minister's action",
              "duchy_sway": "sway no minister (Evening)",
              "duchy_evening": "craft no more (draw for Evening)",
              "corvids_birdsong": "end Birdsong (on to Daylight)",
              "corvids_daylight": "end Daylight (Evening: Exert or draw)",
              "corvids_evening": "no Exert: draw for Evening (one card, one more per face-up extortion)",
              "bitter": "no Bitter: on to the roll",
              "rabbit_scouts": "no Rabbit Scouts: keep the dice as they roll",
              "loot_declare": "no loot: deal rolled hits as usual"}


def suited(t: int | None) -> str:
    """A card's name with its suit, 'Anvil (fox)' (its suit is what the Supporters stack and
    the bases count); a card the viewer may not know: 'a hidden card'."""
    return card_name(t) if t is None else f"{card_name(t)} ({CARDS[t].suit})"


BOT = TITLES[MECHANICAL]
# chance's outcomes at the Mechanical Marquise's steps (it never decides: MM2 §4, §5, §2.1)
BOT_CHANCE_WORDS = {
    "keep": lambda a: f"the {BOT}'s Keep goes to corner {cl_words(a[0])} (at random)",
    "build": lambda a: f"the {BOT}'s starting {_core.BUILDING_NAMES[a[0]]} goes to {cl_words(a[1])} (at random)",
    "remove": lambda a: f"the hit removes the {BOT}'s {_core.PIECE_NAMES[a[0]]} in {cl_words(a[1])} (at random)",
    "order": lambda a: f"the {BOT} reveals {card_name(a[0])} from the deck as its order card",
}


def cl_words(c: int) -> str:
    return f"clearing {c + 1}"


VITEMS = _core.VITEM_NAMES
FACED = ("face up", "exhausted")
STATES = ("face up", "exhausted", "damaged, face up", "damaged, exhausted")


def forests_of(table) -> tuple[str, ...]:
    """The forests by name of the map a seat table plays on (factions.SeatTable's board)."""
    return _core.MAPS[_core.MAP_NAMES[board_of(table)[0]]]["forest_names"]


def _place(loc: int, table=()) -> str:
    n = _core.NUM_CLEARINGS
    return f"clearing {loc + 1}" if loc < n else f"the forest {forests_of(table)[loc - n]}"


def _vb_move(args, step, factions, state=None) -> str:
    """His move, and its cost in boots as the core takes it (boots_spent) when the state is
    given: 1, or 2 into a clearing with warriors of a faction Hostile to him (LoR 9.2.2);
    without a state, only that it exhausts boots (issue 28: never a Hostile cost he does not pay)."""
    to, ally, n = args
    with_ = "" if n == 0 else f" with {n} {TITLES[factions[ally]]} warrior{'s' if n != 1 else ''}"
    boots = boots_spent(state, encode("vb_move", *args)) if state is not None else None
    cost = ("exhausts boots" if boots is None else "exhausts a boot" if boots == 1
            else f"exhausts {boots} boots: Hostile warriors there")
    return f"move{with_} to clearing {to + 1} ({cost})"


def boots_spent(state, a: int) -> int | None:
    """The boots the Vagabond exhausts taking action a, asked of the core: a on a copy of the
    state, his exhausted boots counted before and after (None when a is not legal there)."""
    mover = seat_factions(state)[state.current_player]    # either Vagabond (LoR 9.7): his own items

    def exhausted(d) -> int:
        items = vagabond_fields(d, mover)["vb_items"]   # per state: face up, exhausted, damaged up, damaged exhausted
        return items[1][BOOTS] + items[3][BOOTS]
    if not state.is_legal(a):
        return None
    after = state.clone()
    after.apply(a)
    return exhausted(after.to_dict()) - exhausted(state.to_dict())


BOOTS = _core.VITEM_NAMES.index("boots")


def _quest_words(args, step, factions) -> str:
    q, cards = args
    name, suit, a, b = _core.QUESTS[q]
    gain = "draw 2 cards" if cards else f"score 1 VP per {SUIT_NAMES[suit]} quest you have completed"
    return f"quest {name} ({SUIT_NAMES[suit]}): exhaust {VITEMS[a]} and {VITEMS[b]}, {gain}"


def _improvise_words(args, step, factions) -> str:
    q, cards, slot, item = args
    name, suit, a, b = _core.QUESTS[q]
    real = (a, b)[1 - slot]
    gain = "draw 2 cards" if cards else f"score 1 VP per {SUIT_NAMES[suit]} quest you have completed"
    return (f"quest {name} ({SUIT_NAMES[suit]}), improvising: exhaust {VITEMS[real]} and the {VITEMS[item]} "
            f"for {VITEMS[(a, b)[slot]]} (it is damaged), {gain}")


# the Vagabond's actions in words: f(args, step, factions) (LoR 9; his special actions LoR 16.3)
VAGABOND_WORDS = {
    "character": lambda a, st, f: (f"play the {_core.CHARACTER_NAMES[a[0]].capitalize()} "
                                   f"({', '.join(VITEMS[k] for k, n in enumerate(_core.VAGABOND_TABLE['start_items'][a[0]]) for _ in range(n))})"),
    "quest_draw": lambda a, st, f: f"the quest {_core.QUESTS[a[0]][0]} ({SUIT_NAMES[_core.QUESTS[a[0]][1]]}) turns face up",
    "refresh": lambda a, st, f: f"Refresh: turn {'a damaged ' if a[0] else 'the '}{VITEMS[a[1]]} face up",
    "slip": lambda a, st, f: f"Slip to {_place(a[0], f)}",
    "vb_move": _vb_move,
    "explore": lambda a, st, f: "Explore the ruin here (exhausts a torch): take its item, 1 VP",
    "ruin": lambda a, st, f: ("the ruin holds an item only the exploring Vagabond sees" if a[0] is None
                              else f"the ruin holds {vitem(a[0])}"),
    # two Vagabonds (LoR 9.7): which sets up first; the item taken of the two a ruin holds
    "vagabond_first": lambda a, st, f: (f"the {TITLES[VAGABONDS[a[0]]]} sets up first (LoR 9.7)"),
    "ruin_take": lambda a, st, f: f"take the {VITEMS[a[0]]} from the ruin, 1 VP (the other item stays there)",
    "aid": lambda a, st, f: (f"Aid the {TITLES[f[a[0]]]}: give {card_name(a[1])}, exhaust {VITEMS[a[2]]}"),
    "take": lambda a, st, f: f"take the {VITEMS[a[0]]} from the aided player's Crafted Items",
    "quest": _quest_words,
    "strike": lambda a, st, f: (f"Strike (exhausts a crossbow): remove a {TITLES[f[a[0]]]} "
                                f"{_core.PIECE_NAMES[a[1]]}"),
    "repair": lambda a, st, f: f"repair the {VITEMS[a[1]]} ({FACED[a[0]]})"
                               + ("" if st == "vagabond_repair" else ", exhausting a hammer"),
    "steal_from": lambda a, st, f: f"Steal (exhausts a torch): a random card from the {TITLES[f[a[0]]]}",
    "day_labor": lambda a, st, f: f"Day Labor (exhausts a torch): take {card_name(a[0])} from the discard pile",
    "hideout": lambda a, st, f: "Hideout (exhausts a torch): repair 3 items and end Daylight",
    "damage": lambda a, st, f: ("the hit removes an Allied warrior fighting for him" if a[0] == 2
                                else f"the hit damages the {VITEMS[a[1]]} ({FACED[a[0]]})"),
    "vb_battle": lambda a, st, f: (f"battle the {TITLES[f[a[0]]]} here, the Allied {TITLES[f[a[1]]]}'s "
                                   "warriors fighting as his own"),
    "drop": lambda a, st, f: f"remove the {VITEMS[a[1]]} ({STATES[a[0]]}) from the game",
    "coalition": lambda a, st, f: (f"form a coalition with the {TITLES[f[a[1]]]}, playing "
                                   f"{'a dominance card' if a[0] is None else 'the ' + SUIT_NAMES[a[0]] + ' Dominance card'}"),
    "swift_strike": lambda a, st, f: "Swift Strike: exhaust a sword for an extra hit",
    "enlist": lambda a, st, f: "enlist the Arbiter: his undamaged swords add to your rolled hits, he scores 1 VP",
    "scorch": lambda a, st, f: ("Scorched Earth (places a torch here): remove every enemy piece here; "
                                "nothing may enter this clearing again"),
    "glide": lambda a, st, f: f"Glide (exhausts a torch) to {a[0] + 1}",
    "improvise": _improvise_words,
    "instigate": lambda a, st, f: (f"Instigate (exhausts a torch): the {TITLES[f[a[0]]]} attack the "
                                   f"{TITLES[f[a[1]]]} here; you take their hits and score"),
}


def seen_words(e, step: str | None) -> str:
    """The words of a record entry as a viewer sees it (a redaction.Seen: its card masked where
    the viewer may not know it), the step it answered given: a draw names the seat whose hand
    grew, never the card it could not see."""
    kind, args = e.action
    if kind == "draw" and step == "supporter_draw":             # Outrage with no matching card
        return f"{card_name(args[0]) if args[0] is not None else 'a card'} is drawn for the Alliance's supporters"
    if kind == "draw" and e.receiver >= 0 and step not in ("mechanical_order",):
        taker = (f"the {TITLES[e.factions[e.receiver]]}" if e.factions[e.receiver] >= 0
                 else f"Player {e.receiver + 1}")
        return f"{taker} draws {card_name(args[0]) if args[0] is not None else 'a card'}"
    return explain(e.action, e.seat, step, e.factions)


def record_words(game, viewer) -> list[tuple[str, str]]:
    """Each entry of game's record as viewer sees it (redaction.record_seen): its record line
    and what it does in words, for the terminal's `log`, `wyrm watch` and the protocol's
    `events` alike (issue 28)."""
    steps = game.record_steps
    return [(seen_line(e), seen_words(e, steps[i])) for i, e in enumerate(record_seen(game, viewer))]


def seen_line(e) -> str:
    """The record line of a redaction.Seen; a draw the viewer does not see names whose hand it
    went to ('?: draw (a card for the eyrie)'), or says it is hidden (issue 28: never 'a card
    for the hidden')."""
    if e.action.kind == "draw" and e.action.args[0] is None:
        return ((f"?: draw (a card for the {NAMES[e.factions[e.receiver]]})" if e.factions[e.receiver] >= 0
                 else f"?: draw (a card for player {e.receiver + 1})") if e.receiver >= 0
                else "?: draw (a hidden card)")
    return seen_text(e)


# the step a game waits for, in words: the status lines of every front end
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
    "steal": "Stand and Deliver! or Swap Meet: a random card", "card_draw": "drawing", "command_warren": "Command Warren: a free battle",
    "cobbler": "Cobbler: a free move", "battle_effects": "battle: card effects",
    "charm_offensive": "Evening: Charm Offensive", "saboteurs": "Birdsong: Saboteurs",
    "informants": "Evening: Informants or the draw",
    "eyrie_emigre_move": "end of Birdsong: Eyrie Emigre's move (or pass and discard it)",
    "eyrie_emigre_battle": "Eyrie Emigre's battle (or pass and discard it)",
    "swap_meet_give": "Swap Meet: the card you give back",
    "league": "League of Adventurous Mice: a move or a battle",
    "keep_three": "setup: keep 3 cards, return the others to the deck",
    "battle_enlist": "battle: the defender may enlist the Arbiter",
    "vagabond_order": "setup: which Vagabond sets up first (random)",
    "ruin_pick": "Explore: take one of the ruin's items, or none",
    "draft_deal": "setup: a faction card dealt to the draft (random)",
    "draft_character": "setup: the character dealt beside a Vagabond card (random)",
    "draft_pick": "setup: choose a faction from the draft",
    "marquise_homeland": "setup: the Marquise chooses a homeland",
    "choose_player": "choose the player your card names",
    "eyrie_setup": "setup: the Eyrie's corner", "eyrie_leader": "choose a leader",
    "eyrie_decree": "Birdsong: add cards to the Decree", "eyrie_new_roost": "Birdsong: A New Roost",
    "eyrie_daylight": "Daylight: craft, then resolve the Decree",
    "alliance_birdsong": "Birdsong: Revolt, then Spread Sympathy",
    "alliance_pay": "Birdsong: which supporters to spend",
    "alliance_daylight": "Daylight: craft, Mobilize, Train",
    "alliance_evening": "Evening: military operations (one per officer)",
    "outrage": "Outrage: give the Alliance a matching card",
    "supporter_draw": "Outrage: a supporter drawn from the deck",
    "alliance_trim": "the Alliance discard supporters down to 5",
    "vagabond_character": "setup: choose the Vagabond's character",
    "vagabond_setup": "setup: the Vagabond's forest",
    "quest_draw": "a quest turns face up",
    "vagabond_refresh": "Birdsong: Refresh (which items turn face up)",
    "vagabond_slip": "Birdsong: Slip (or pass)",
    "vagabond_daylight": "Daylight: move, battle, explore, aid, quest, strike, repair, craft...",
    "ruin": "Explore: the ruin's item",
    "vagabond_take": "Aid: take an item from the aided player (or pass)",
    "vagabond_steal": "Steal: a random card",
    "vagabond_repair": "Hideout: which items to repair",
    "vagabond_damage": "the Vagabond chooses which items are damaged",
    "vagabond_drop": "Evening: remove items down to the item limit",
    "mechanical_keep": "setup: the Mechanical Marquise's Keep corner (random)",
    "mechanical_setup_build": "setup: the Mechanical Marquise's starting buildings (random)",
    "mechanical_order": "Birdsong: the Mechanical Marquise reveals its order card",
    "mechanical_daylight": "the Mechanical Marquise's turn",
    "lizards_corner": "setup: the Lizard Cult's corner",
    "lizards_outcast": "setup: the Lizard Cult's first Outcast",
    "lizards_birdsong": "Birdsong: conspiracies (Crusade, Convert, Sanctify)",
    "lizards_crusade": "Birdsong: the Crusade's battle where it moved (or pass)",
    "lizards_daylight": "Daylight: rituals (Build, Recruit, Score, Sacrifice)",
    "lizards_evening": "Evening: craft with gardens of the Outcast suit",
    "faithful": "Fear of the Faithful: a random card discarded",
    "riverfolk_setup": "setup: the Riverfolk's warriors in river clearings",
    "riverfolk_prices": "the Riverfolk set their service prices",
    "riverfolk_daylight": "Daylight: the Riverfolk's actions (move, battle, draw, craft, recruit, trade post)",
    "riverfolk_fund": "the Riverfolk choose whose fund to commit or spend",
    "trade_disruption": "Trade Disruption: the Riverfolk choose whose fund is lost",
    "services": "Birdsong: buy the Riverfolk's services",
    "service_items": "Birdsong: the items the Vagabond exhausts to pay the Riverfolk",
    "duchy_corner": "setup: the Duchy's starting corner",
    "duchy_daylight": "Daylight: the Duchy's Assembly (build, recruit, move, battle, dig: two actions)",
    "duchy_reveal": "the Duchy reveal a card",
    "duchy_dig": "Dig: the warriors that come up from the Burrow (0 to 4)",
    "duchy_tunnel": "Dig: the tunnel taken up first",
    "duchy_parliament": "Parliament: the swayed ministers' actions",
    "duchy_minister": "a minister's action",
    "duchy_sway": "Sway: a minister to sway",
    "duchy_evening": "Evening: the Duchy craft",
    "price_of_failure": "the Price of Failure: the Duchy choose the minister they lose",
    "failure_discard": "the Price of Failure: a random card discarded",
    "corvids_setup": "setup: a Corvid warrior in a clearing of each suit",
    "corvids_birdsong": "Birdsong: the Corvids craft, flip plots, recruit",
    "corvids_daylight": "Daylight: the Corvids' actions (move, plot, battle, trick: three)",
    "corvids_evening": "Evening: Exert (one more action, no draw) or draw",
    "exposure": "Exposure: the card shown and the plot type named",
    "extortion": "an extortion: a random card taken",
    "hundreds_setup": "setup: the Hundreds' corner (the warlord, 4 warriors, a stronghold)",
    "hundreds_birdsong": "Birdsong: the Hundreds' mob spread, Anoint, Choose Mood, Lavish",
    "mob_die": "the mob die is rolled",
    "raze_ruin": "Raze: the item a razed ruin gives",
    "hundreds_daylight": "Daylight: the Hundreds craft, Command the Hundreds, Advance the Warlord",
    "hundreds_evening": "Evening: Incite (and Jubilant's rolls), then Oppress and draw",
    "contempt": "Contempt for Trade: take the crafted item or score it",
    "hoard_overflow": "a full Hoard track: the item removed from the game",
    "loot": "Looters: the item taken from the defender",
    "loot_declare": "battle: the Hundreds may declare a loot",
    "bitter": "battle: Bitter (mobs become warriors at the warlord)",
    "keepers_setup": "setup: the Keepers' corner, then a map-edge clearing beside it (4 warriors each)",
    "relic_setup": "setup: a relic placed face down in a forest (chance)",
    "keepers_birdsong": "Birdsong: Encamp, Decamp, Recruit",
    "keepers_daylight": "Daylight: craft, then the Retinue's columns (Move; Battle then Delve; Move or Recover)",
    "delve": "Battle then Delve: a relic from a forest beside the clearing",
    "relic_value": "a delved relic turns face up (chance)",
    "recover": "Recover: another relic there, or stop",
    "keepers_evening": "Evening: Gather Retinue (add cards, or shift one), then draw",
    "carry": "Devout Knights: relics going along with the moved Keeper warriors",
    "trophy": "Prized Trophies: the forest the removed relic goes to, face up",
    "hireling_give": "end of turn: the player a hireling with no control markers goes to",
    "hireling_take": "end of turn: the hireling taken from the supply for a hireling marker",
    "control_die": "the control die for a hireling just gained",
    "rabbit_scouts": "battle: the defender may spend a matching card for Rabbit Scouts",
    "feline_physicians": "Feline Physicians: the clearing the saved warriors return to",
    "rat_smugglers": "Rat Smugglers: the move or battle the discarded item card buys",
    "brigand_item": "the Brigand: the item found in the ruin",
    "brigand_card": "the Brigand: the card taken at random",
    "hireling_move": "a hireling's move (Forest Patrol's or Last Dynasty's Daylight action)",
    "hireling_battle": "a hireling's battle after its move or placement, or none",
    "hireling_setup": "setting up a hireling (the last player first, then counterclockwise)",
}
assert set(STEP_WORDS) == set(_core.STEP_NAMES)


def turn_title(turn_number: int, seat: int, factions: tuple[int, ...] = TWO_SEATS) -> str:
    """'Round 5 - Marquise' (game.round_of), or 'Setup': the header of a turn everywhere (wyrm
    play's status line, wyrm watch, showboard). ASCII, so every output encoding shows it."""
    return f"Round {round_of(turn_number, len(factions))} - {TITLES[factions[seat]]}" if turn_number else "Setup"


def step_words(step: str) -> str:
    return STEP_WORDS.get(step, step.replace("_", " "))
