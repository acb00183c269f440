"""The engine's events in words: who attacked whom where, ambushes, the roll, the hits each side
dealt and took, what was removed, hits Ravenous ignored, the pawn fleeing, every VP and why; the
Mechanical Marquise's turn step by step (each step in one sentence with what it did).

narrate() reads only the events it is given: pass events redacted for the viewer
(redaction.events_seen), so the words never name a card the viewer cannot know."""
from __future__ import annotations

import textwrap

from wyrm_ai.model.cards import CARDS, ITEM_NAMES, SUIT_NAMES, card_name
from wyrm_ai.model.events import KINDS, Event, VP_REASONS
from wyrm_ai.model.actions import HIRELING_SIDE
from wyrm_ai.model.factions import (HUNDREDS, KEEPERS, MARQUISE, TITLES, VAGABOND, VAGABOND2, VAGABONDS, WYRM,
                                    hirelings_of)
from wyrm_ai import _core

# a piece's words: (one, many); wood is counted as tokens
PIECE_WORDS = {
    "warrior": ("a warrior", "warriors"), "sawmill": ("a sawmill", "sawmills"),
    "workshop": ("a workshop", "workshops"), "recruiter": ("a recruiter", "recruiters"),
    "wood": ("a wood token", "wood tokens"), "keep": ("the Keep", "Keeps"),
    "wyrmling": ("a wyrmling", "wyrmlings"), "pawn": ("the Wyrm pawn", "pawns"),
    "fear": ("a fear token", "fear tokens"),
    "bird": ("an Eyrie warrior", "Eyrie warriors"), "roost": ("a roost", "roosts"),
    "rebel": ("an Alliance warrior", "Alliance warriors"), "base": ("a base", "bases"),
    "sympathy": ("a sympathy token", "sympathy tokens"),
    "lizard": ("a Cult warrior", "Cult warriors"), "garden": ("a garden", "gardens"),
    "otter": ("a Riverfolk warrior", "Riverfolk warriors"), "trade_post": ("a trade post", "trade posts"),
    "mole": ("a Duchy warrior", "Duchy warriors"), "citadel": ("a citadel", "citadels"),
    "market": ("a market", "markets"), "tunnel": ("a tunnel", "tunnels"),
    "corvid": ("a Corvid warrior", "Corvid warriors"), "plot": ("a plot", "plots"),
    "hundred": ("a Hundreds warrior", "Hundreds warriors"), "stronghold": ("a stronghold", "strongholds"),
    "mob": ("a mob", "mobs"),
    "keeper": ("a Keeper warrior", "Keeper warriors"), "waystation": ("a waystation", "waystations"),
    "relic": ("a relic", "relics"),
    "hireling": ("a hireling warrior", "hireling warriors"), "vault": ("a vault", "vaults"),
}
assert set(PIECE_WORDS) == set(_core.PIECE_NAMES)
# a seat's pawn by its faction (P_PAWN is the Wyrm's pawn and the Hundreds' warlord, LoR 14.2.2)
PAWN_WORDS = {WYRM: ("the Wyrm pawn", "pawns"), HUNDREDS: ("the warlord", "warlords")}
# what caps a die (LoR 4.3.2), by faction; the pawn fights as three (W-MON-1)
FIGHTERS = {MARQUISE: "warriors", WYRM: "fighters", VAGABOND: "undamaged swords", VAGABOND2: "undamaged swords"}
CAUSE_WORDS = {"hit": "", "favor": " (Favor)", "tax": " (Tax Collector)", "revolt": " (Revolt)",
               "organize": " (Organize)", "strike": " (Strike)",
               "propaganda": " (Propaganda Bureau)", "scorched": " (Scorched Earth)",
               "convert": " (Convert)", "sanctify": " (Sanctify)", "tunnel": " (taken up to dig another)",
               "bomb": " (a bomb)", "expose": " (Exposed)", "raze": " (Raze)",
               "bitter": " (Bitter: the mob becomes a warrior at the warlord)",
               "live_off_land": " (Live Off the Land)"}
assert set(CAUSE_WORDS) == set(_core.REMOVE_CAUSES)


def _plot(t) -> str:
    """A plot type's name (a face-down plot's hidden type: "plot")."""
    return _core.PLOT_NAMES[t] if t is not None and t >= 0 else "hidden"


def _faction(e) -> int | None:
    """The faction of an event's seat, or None."""
    return e.factions[e.seat] if 0 <= e.seat < len(e.factions) else None


def verb(who: str, base: str) -> str:
    """A verb agreeing with its subject's name: "roll" after "the Corvids", "rolls" after "the Wyrm"
    ("reaches" for a verb ending in -ch)."""
    return base if who.endswith("s") else base + ("es" if base.endswith("ch") else "s")


def possessive(name: str) -> str:
    """"the Marquise's", "the Corvids'"."""
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def mood_name(m) -> str:
    """A mood's name as printed (LoR 14.7): "Stubborn"."""
    return _core.MOOD_NAMES[m].capitalize()


def where(c: int) -> str:
    return f"clearing {c + 1}"


def plural(n: int, one: str, many: str | None = None) -> str:
    return f"{n} {one if n == 1 else (many or one + 's')}"


def pieces(piece: int, n: int, faction: int | None = None) -> str:
    """n pieces of a kind in words; a pawn by its faction's words where the faction is known
    (PAWN_WORDS: the Wyrm's pawn, the Hundreds' warlord)."""
    one, many = PAWN_WORDS.get(faction, PIECE_WORDS["pawn"]) if _core.PIECE_NAMES[piece] == "pawn" \
        else PIECE_WORDS[_core.PIECE_NAMES[piece]]
    return one if n == 1 else f"{n} {many}"


# why VP were scored, in words, by reason: f(event, " in clearing N" or "")
VP_WORDS = {
    "craft": lambda e, at: f"crafting {card_name(e.detail)}",
    "build": lambda e, at: f"building a {_core.BUILDING_NAMES[e.detail]}{at}",
    "remove": lambda e, at: f"removing {pieces(e.detail, 1)}{at}",
    "treasure": lambda e, at: f"a treasure lost from the defending Wyrm's Lair{at}",
    "favor": lambda e, at: f"the Favor of the {FAVOR_OF[SUIT_NAMES[e.detail]]} removing buildings and tokens{at}",
    "lair": lambda e, at: f"the Lair ({plural(e.detail, 'item')}"
                          + (f", capped at {e.amount} by the Growth track)" if e.amount < e.detail else ")"),
    "brutal_tactics": lambda e, at: "the attacker's Brutal Tactics",
    "royal_claim": lambda e, at: f"Royal Claim ({plural(e.detail, 'clearing')} ruled)",
    "steal": lambda e, at: f"losing {card_name(e.detail)} to Stand and Deliver!",
    "roosts": lambda e, at: f"the Roosts track ({plural(e.detail, 'roost')} on the map)",
    "humiliate": lambda e, at: f"humiliated in Turmoil ({plural(e.detail, 'bird')} in the Decree)",
    "despot": lambda e, at: f"the Despot removing a building or token{at}",
    "revolt": lambda e, at: f"the Revolt removing buildings and tokens{at}",
    "sympathy": lambda e, at: f"sympathy token {e.detail} placed{at}",
    "explore": lambda e, at: f"exploring the ruin{at}",
    "aid": lambda e, at: f"aiding the {_core.FACTION_NAMES[e.detail].capitalize()}",
    "quest": lambda e, at: f"the quest {quest_name(e.detail)} ({plural(e.amount, 'completed quest')} of its suit)",
    "infamy": lambda e, at: f"Infamy: removing {pieces(e.detail, 1)} of a Hostile faction{at}",
    "strike": lambda e, at: f"striking {pieces(e.detail, 1)}{at}",
    "mm_evening": lambda e, at: track_words(e.detail),
    "mm_bonus": lambda e, at: "the Nightmare difficulty's Evening bonus",
    "mm_short": lambda e, at: f"{plural(e.detail, 'warrior')} its supply could not give to Recruit",
    "gift": lambda e, at: f"{card_name(e.detail)} given to it (a bot discards it)",
    "path": lambda e, at: f"opening a closed path{at} with {card_name(e.detail)}",
    "tower": lambda e, at: f"ruling the Pass{at} at the end of its Evening",
    "ferry": lambda e, at: f"riding the Ferry{at} (a bot scores instead of drawing)",
    "engravers": lambda e, at: f"Master Engravers (crafting {card_name(e.detail)})",
    "charm": lambda e, at: "another player's Charm Offensive",
    "coffin": lambda e, at: f"Coffin Makers ({e.detail} warriors on it)",
    "protector": lambda e, at: f"Protector: enlisted by the defender{at}",
    "scorched_earth": lambda e, at: f"Scorched Earth removing {pieces(e.detail, 1)}{at}",
    "sanctify": lambda e, at: f"Sanctify replacing {pieces(e.detail, 1)}{at}",
    "ritual": lambda e, at: f"the Score ritual with {card_name(e.detail)}",
    "dividends": lambda e, at: f"Dividends on {plural(e.detail, 'fund')}",
    "trade_post": lambda e, at: f"a {SUIT_NAMES[e.detail]} trade post placed{at}",
    "crown": lambda e, at: f"the crown of the {minister_name(e.detail)}",
    "minister": lambda e, at: f"the {minister_name(e.detail)}",
    "banker": lambda e, at: f"the Banker spending {card_name(e.detail)}",
    "flip": lambda e, at: f"flipping a {_plot(e.detail)}{at}",
    "bomb": lambda e, at: f"the bomb removing buildings and tokens{at}",
    "hoard": lambda e, at: f"a full Hoard track: {vitem(e.detail)} out of the game",
    "raze": lambda e, at: f"the Raze removing buildings and tokens{at}",
    "oppress": lambda e, at: f"Oppress ({plural(e.detail, 'clearing')} ruled with no enemy piece)",
    "recover": lambda e, at: f"recovering a {relic_name(e.detail)}{at}",
    "relic_set": lambda e, at: f"filling Relics column {e.detail + 1}",
    "trophy": lambda e, at: f"Prized Trophies: removing a {relic_name(e.detail)}",
    "nobles": lambda e, at: f"Bluebird Nobles ({plural(e.detail, 'ruled clearing')})",
}
assert set(VP_WORDS) == set(VP_REASONS)


def track_words(suit: int) -> str:
    """The building track the Mechanical Marquise's Evening scores for an order of suit (MM2 §11):
    the track of the suit's building (fox sawmills, rabbit workshops, mouse recruiters), or with a
    bird order its best track."""
    if suit == SUIT_NAMES.index("bird"):
        return "its best building track (a bird order)"
    return f"its {_core.BUILDING_NAMES[suit]} track ({SUIT_NAMES[suit]} order)"


def quest_name(q: int) -> str:
    """'Errand (fox)': a quest card's name and suit."""
    name, suit = _core.QUESTS[q][0], _core.QUESTS[q][1]
    return f"{name} ({SUIT_NAMES[suit]})"


def vitem(k: int, n: int = 1) -> str:
    """The Vagabond's items of kind k: 'a sword', '2 swords', 'a torch'."""
    name = _core.VITEM_NAMES[k]
    if n != 1:
        return f"{n} {name}" if name.endswith("s") else f"{n} {name}{'es' if name.endswith('ch') else 's'}"
    return ("" if name.endswith("s") else "an " if name[0] in "aeiou" else "a ") + name


# the Vagabond's items changing hands or state, by how (ITEM_HOWS): f(event, "the Vagabond")
ITEM_WORDS = {
    "start": lambda e, who: f"The {who} starts with {vitem(e.arg, e.amount)}.",
    "ruin": lambda e, who: f"The {who} takes {vitem(e.arg, e.amount)} from the ruin, face up.",
    "craft": lambda e, who: f"The {who} crafts {vitem(e.arg, e.amount)} into his Satchel.",
    "take": lambda e, who: f"The {who} takes {vitem(e.arg, e.amount)} from the Crafted Items of the player he aided.",
    "damage": lambda e, who: f"A hit damages the {who}'s {_core.VITEM_NAMES[e.arg]}"
                             + (f" ({e.amount})." if e.amount != 1 else "."),
    "repair": lambda e, who: f"The {who} repairs {vitem(e.arg, e.amount)}.",
    "drop": lambda e, who: f"The {who} removes {vitem(e.arg, e.amount)} from the game (over his item limit).",
    "rest": lambda e, who: f"The {who} rests in the forest and repairs {vitem(e.arg, e.amount)}.",
}
assert set(ITEM_WORDS) == set(_core.ITEM_HOWS)
RELATION_WORDS = ("Hostile", "Indifferent", "1 step toward Allied", "2 steps toward Allied", "Allied")


def relation_words(e: Event, who: str) -> str:
    other = _core.FACTION_NAMES[e.arg].capitalize()
    return f"The {who}'s relationship with the {other} is now {RELATION_WORDS[e.amount + 1]}."


def vp_reason(e: Event) -> str:
    """Why the VP of a vp event were scored."""
    return VP_WORDS[VP_REASONS[e.arg]](e, f" in {where(e.clearing)}" if e.clearing >= 0 else "")


def title(e: Event, seat: int) -> str:
    """The display name of a seat's faction at the event's table ("Marquise"), or of a hireling
    side ("Street Band": hireling i is side HIRELING_SIDE + i of the table's hirelings)."""
    if seat >= HIRELING_SIDE:
        return hireling_title(hirelings_of(e.factions)[seat - HIRELING_SIDE])
    return TITLES[e.factions[seat]]


def other_side(e: Event) -> str:
    """The display name of the other side of the battle an event of seat tells, by faction at
    every table (Event.against: the battle's sides, issue 28); "other side" only for an event
    built without its battle."""
    return title(e, e.against) if e.against >= 0 else "other side"


def hits_words(e: Event, who: str) -> str:
    source = "The ambush deals" if e.arg == 1 else f"The {who} deals"
    fighters = FIGHTERS.get(_faction(e), "warriors")
    cap = f" (capped at {e.detail} by its {fighters} there)" if e.detail >= 0 else ""
    return f"{source} {plural(e.amount, 'hit') if e.amount else 'no hit'} to the {other_side(e)}{cap}."


def dominance_goal(t: int) -> str:
    """What a dominance card asks to win (LoR 3.3.1)."""
    suit = CARDS[t].suit
    return "both corners of an opposite pair" if suit == "bird" else f"3 {suit} clearings"


SUPPORTER_WORDS = {"outrage": "paid through Outrage", "mobilize": "mobilized", "drawn": "drawn from the deck",
                   "spent": "spent", "discarded": "discarded", "overflow": "discarded (the stack is full)"}


def supporter_words(e: Event, who: str) -> str:
    how = _core.SUPPORTER_HOWS[e.detail]
    if how == "overflow":
        return f"{card_name(e.arg)} cannot join the {who}'s full stack (5, no base) and is discarded."
    if e.amount > 0:
        return f"A supporter joins the {who}'s stack: {card_name(e.arg)}, {SUPPORTER_WORDS[how]}."
    verb = "spend" if how == "spent" else "discard"
    return f"The {who} {verb} their supporter {card_name(e.arg)}."


def ritual_words(e: Event, who: str) -> str:
    """The Cult's rituals (LoR 10.5): a revealed card and what it does."""
    name = _core.RITUAL_NAMES[e.arg]
    if name == "build":
        return f"The {who} reveal {card_name(e.detail)} to build a garden in {where(e.clearing)}."
    if name == "recruit":
        return f"The {who} reveal {card_name(e.detail)} to recruit in {where(e.clearing)}."
    if name == "score":
        return f"The {who} spend {card_name(e.detail)} to score."
    return f"The {who} reveal {card_name(e.detail)} to sacrifice a warrior to the acolytes."


# each kind of event in words: f(event, the seat's faction name)
SENTENCES = {
    "battle": lambda e, who: f"The {who} attacks the {title(e, e.arg)} in {where(e.clearing)}.",
    "ambush": lambda e, who: f"The {who} ambushes with {card_name(e.arg)} ({CARDS[e.arg].suit}).",
    "foil": lambda e, who: f"The {who} foils the ambush with {card_name(e.arg)} ({CARDS[e.arg].suit}).",
    "roll": lambda e, who: (f"Roll {e.arg},{e.amount}: the {who} (attacker) {e.arg}, "
                            f"the {other_side(e)} {e.amount}."),
    "hits": hits_words,
    "defenseless": lambda e, who: (f"The {who} has no undamaged sword: defenseless in {where(e.clearing)}, "
                                   "he takes 1 extra hit." if _faction(e) in VAGABONDS else
                                   f"The {who} has no warriors in {where(e.clearing)}: defenseless, it takes 1 extra hit."),
    "ravenous": lambda e, who: f"Ravenous: the Wyrm ignores {plural(e.amount, 'hit')} dealt to it.",
    "armorers": lambda e, who: f"Armorers: the {who} ignores {plural(e.amount, 'rolled hit')}.",
    "remove": lambda e, who: (f"The {who} loses {pieces(e.arg, e.amount, _faction(e))} in {where(e.clearing)}"
                              f"{CAUSE_WORDS[_core.REMOVE_CAUSES[e.detail]]}."),
    "no_target": lambda e, who: (f"{plural(e.amount, 'hit')} on the {who} find{'s' if e.amount == 1 else ''} "
                                 "nothing to remove."),
    "lair": lambda e, who: f"A hit on the Wyrm pawn removes the {ITEM_NAMES[e.arg]} from its Lair.",
    "flee": lambda e, who: f"The Wyrm pawn flees {where(e.clearing)} to the forest {e.forests[e.arg]}.",
    "vp": lambda e, who: f"{who} {e.amount:+d} VP: {vp_reason(e)}.",
    "hospital": lambda e, who: (f"Field Hospitals: {plural(e.amount, 'warrior')} return{'s' if e.amount == 1 else ''} "
                                f"to the Keep in {where(e.clearing)}." if _faction(e) == MARQUISE else
                                f"Feline Physicians: {plural(e.amount, 'warrior')} of the {who} return"
                                f"{'s' if e.amount == 1 else ''} to {where(e.clearing)}."),
    "draw": lambda e, who: f"The {who} draws {card_name(e.arg)}.",
    "reshuffle": lambda e, who: f"The discard pile ({plural(e.amount, 'card')}) becomes the new deck.",
    "win": lambda e, who: ((f"The {who} reaches {e.amount} VP and wins" if e.arg < 0 else
                            f"The {who} wins by {dominance_goal(e.arg)} ({card_name(e.arg)}, {CARDS[e.arg].suit})")
                           + (f", and the {title(e, e.detail)} with it (their coalition, LoR 9.2.8)!"
                              if e.detail >= 0 else "!")),
    "dominance": lambda e, who: (f"The {who} activates the {CARDS[e.arg].suit} Dominance card at {e.amount} VP: "
                                 f"its score marker leaves the track; it wins at the start of a Birdsong "
                                 f"in which it rules {dominance_goal(e.arg)}."),
    "swap": lambda e, who: (f"The {who} takes the available {CARDS[e.arg].suit} Dominance card, "
                            f"spending {card_name(e.detail)}."),
    "available": lambda e, who: f"The {CARDS[e.arg].suit} Dominance card is now available beside the map.",
    "turmoil": lambda e, who: (f"Turmoil! The {who} depose the {_core.LEADER_NAMES[e.arg].capitalize()} "
                               f"and purge {plural(e.amount, 'card')} from the Decree."),
    "leader": lambda e, who: (f"A New Clutch: the {who} turn every leader face up." if e.arg < 0
                              else f"The {who} choose the {_core.LEADER_NAMES[e.arg].capitalize()} to lead."),
    "outrage": lambda e, who: (f"Outrage: the {who} add{'s' if who != 'Eyrie' else ''} {card_name(e.arg)} "
                               f"({SUIT_NAMES[e.amount]} or bird) to the Alliance's supporters."
                               if e.arg is None or e.arg >= 0 else
                               f"Outrage: the {who} hold{'s' if who != 'Eyrie' else ''} no {SUIT_NAMES[e.amount]} "
                               f"or bird card and show{'s' if who != 'Eyrie' else ''} "
                               f"{plural(e.detail, 'card')} to the Alliance, who draw a supporter from the deck."),
    "supporter": supporter_words,
    "revolt": lambda e, who: (f"The {who} revolt in {where(e.clearing)}: the {SUIT_NAMES[e.arg]} base, "
                              f"{plural(e.amount, 'warrior')} and an officer."),
    "sympathy": lambda e, who: (f"The {who} {'organize' if e.arg else 'spread sympathy'} in {where(e.clearing)} "
                                f"(token {e.amount})."),
    "base_lost": lambda e, who: (f"The {who} lose their base in {where(e.clearing)}: "
                                 f"{plural(e.amount, 'supporter')} discarded, {plural(e.arg, 'officer')} lost."),
    "officer": lambda e, who: f"The {who} train an officer with {card_name(e.arg)} ({plural(e.amount, 'officer')}).",
    "item": lambda e, who: ITEM_WORDS[_core.ITEM_HOWS[e.detail]](e, who),
    "relation": relation_words,
    "quest": lambda e, who: (f"The {who} completes the quest {quest_name(e.arg)} in {where(e.clearing)} "
                             f"and {'draws two cards' if e.amount else 'scores'}."),
    "aid": lambda e, who: f"The {who} aids the {title(e, e.arg)} in {where(e.clearing)} with {card_name(e.detail)}.",
    "coalition": lambda e, who: (f"The {who} forms a coalition with the {title(e, e.arg)} at {e.amount} VP, "
                                 f"playing {card_name(e.detail)}: he scores no more and wins when they win."),
    "explore": lambda e, who: f"The {who} explores the ruin in {where(e.clearing)} and finds {vitem(e.arg)}.",
    "order": lambda e, who: order_words(e, who),
    "mm_step": lambda e, who: bot_step([e], who),
    "place": lambda e, who: placed([e], who),
    # a build its Build step does not tell is a starting building (MM2 §4)
    "build": lambda e, who: f"The {who} places its starting {_core.BUILDING_NAMES[e.arg]} in {where(e.clearing)}.",
    "move": lambda e, who: f"The {who} {moved([e])}.",
    "fortified": lambda e, who: (f"Fortified: the {who}'s buildings in {where(e.clearing)} shrug off the hit on "
                                 f"{pieces(e.arg, 1)}; its next hit on them removes one."),
    "scorched": lambda e, who: (f"Scorched Earth: the {who} sets his torch in {where(e.clearing)}; every enemy "
                                "piece there is removed, and nothing may be placed in or moved into it again."),
    "glide": lambda e, who: f"The {who} glides to {where(e.clearing)}.",
    "improvise": lambda e, who: (f"The {who} improvises: {vitem(e.arg)} stands in for {vitem(e.amount)}, "
                                 "and is damaged."),
    "swift_strike": lambda e, who: f"Swift Strike: the {who} exhausts a sword for an extra hit.",
    "enlist": lambda e, who: (f"The {who} enlists the {title(e, e.arg)} in {where(e.clearing)}: "
                              f"{plural(e.amount, 'sword')} more to its rolled hits."),
    "instigate": lambda e, who: (f"The {who} instigates a battle in {where(e.clearing)}: the {title(e, e.arg)} "
                                 f"attack the {title(e, e.amount)}."),
    "outcast": lambda e, who: (f"The {who}'s Outcast is {SUIT_NAMES[e.arg]}"
                               + (", on its Hated side." if e.amount else ".")),
    "lost_souls": lambda e, who: f"The Lost Souls ({plural(e.amount, 'card')}) go to the discard pile.",
    "ritual": ritual_words,
    "conspiracy": lambda e, who: (f"The {who} spend {plural(e.amount, 'acolyte')} to "
                                  f"{_core.CONSPIRACY_NAMES[e.arg]} in {where(e.clearing)}."),
    "acolytes": lambda e, who: (f"Revenge: {plural(e.amount, 'Cult warrior')} removed defending in "
                                f"{where(e.clearing)} become{'s' if e.amount == 1 else ''} acolytes."
                                if e.arg == 0 else f"A Cult warrior joins the acolytes."),
    "faithful": lambda e, who: f"Fear of the Faithful: the {who} discard {card_name(e.arg)} at random.",
    "service": lambda e, who: (f"The {who} {verb(who, 'buy')} "
                               + (f"{card_name(e.detail)}{_suit_of(e.detail)} from the Riverfolk's hand" if e.arg == 0
                                  else SERVICE_WORDS[e.arg])
                               + (f", exhausting {plural(e.amount, 'item')}." if _faction(e) in VAGABONDS
                                  else f" for {plural(e.amount, 'warrior')}.")),
    "funds": lambda e, who: FUND_WORDS[_core.FUND_HOWS[e.arg]](e, who),
    "trade_post": lambda e, who: (f"The {who} establish a {SUIT_NAMES[e.arg]} trade post in {where(e.clearing)}"
                                  + (" with a warrior" if e.amount else "")
                                  + f", spending two funds{_owner(e)}."),
    "price": lambda e, who: f"The {who} price {SERVICE_WORDS[e.arg]} at {e.amount}.",
    "burrow": lambda e, who: (f"The {who} move {plural(e.amount, 'warrior')} "
                              + (f"down from {where(e.clearing)} into the Burrow." if e.arg
                                 else f"up from the Burrow into {where(e.clearing)}.")),
    "dc_build": lambda e, who: (f"The {who} build a {('citadel', 'market')[e.arg]} in {where(e.clearing)}, "
                                f"revealing {card_name(e.detail)}."),
    "tunnel": lambda e, who: f"The {who} dig a tunnel into {where(e.clearing)}"
                             + (f", spending {card_name(e.arg)}." if e.arg is not None and e.arg >= 0 else "."),
    "minister": lambda e, who: f"The {who}'s {minister_name(e.arg)} acts.",
    "sway": lambda e, who: f"The {who} sway the {minister_name(e.arg)}.",
    "failure": lambda e, who: (f"The Price of Failure: the {who} lose the {minister_name(e.arg)}, "
                               f"and its crown leaves the game."),
    "fail_discard": lambda e, who: f"The Price of Failure: the {who} discard {card_name(e.arg)} at random.",
    "reveal": lambda e, who: (f"The {who} reveal {card_name(e.arg)} for "
                              + ("a Build" if e.amount == 0 else "the Foremole" if e.amount == 1 else "a Sway") + "."),
    "plot": lambda e, who: (f"The {who} remove {plural(e.amount, 'warrior')} to place a "
                            + (f"{_plot(e.arg)} plot" if e.arg is not None and e.arg >= 0 else "plot")
                            + f" face down in {where(e.clearing)}."),
    "flip": lambda e, who: f"The {who} flip the {_plot(e.arg)} plot in {where(e.clearing)}, scoring {e.amount}.",
    "trick": lambda e, who: f"The {who} swap the plots in {where(e.clearing)} and {where(e.arg)}.",
    "expose": lambda e, who: (f"The {who} {verb(who, 'expose')} the plot in "
                              f"{where(e.clearing)} as a {_plot(e.arg)}"
                              + (f" with {card_name(e.detail)}" if e.detail is not None and e.detail >= 0 else "")
                              + (": right, the plot is removed." if e.amount else
                                 ": wrong, the card goes to the Corvids.")),
    "raid": lambda e, who: f"A raid leaves {where(e.clearing)}: the {who} place {plural(e.amount, 'warrior')} around it.",
    "extort": lambda e, who: (f"An extortion: the {who} take "
                              + (card_name(e.detail) if e.detail is not None and e.detail >= 0 else "a card")
                              + " at random."),
    "hoard": lambda e, who: hoard_words(e, who),
    "contempt": lambda e, who: (f"Contempt for Trade: the {who} "
                                + (f"score {card_name(e.detail)} and remove {vitem(e.arg)} from the game."
                                   if e.amount else f"take {vitem(e.arg)} into their Hoard, scoring nothing.")),
    "loot": lambda e, who: (f"The {who} declare a loot against the {title(e, e.detail)} in {where(e.clearing)}: "
                            "they deal no rolled hits." if e.arg is None or e.arg < 0 else
                            f"The {who} loot {vitem(e.arg)} from the {possessive(title(e, e.detail))} Crafted Items "
                            f"in {where(e.clearing)} into their Hoard."),
    "mob_die": lambda e, who: (f"The mob die shows {SUIT_NAMES[e.arg]}: "
                               + (f"{plural(e.amount, 'clearing')} a mob may spread to." if e.amount
                                  else "no clearing a mob may spread to.")),
    "mob": lambda e, who: (f"The {who} incite a mob in {where(e.clearing)}"
                           + (f", spending {card_name(e.detail)}." if e.detail is not None and e.detail >= 0 else ".")
                           if e.arg else f"The {who}' mob spreads to {where(e.clearing)}."),
    "anoint": lambda e, who: f"The {who} anoint their warlord in {where(e.clearing)}.",
    "mood": lambda e, who: f"The {who} choose the {mood_name(e.arg)} mood.",
    "lh_build": lambda e, who: (f"The {who} build a stronghold in {where(e.clearing)}"
                                + (f", spending {card_name(e.detail)}." if e.detail is not None and e.detail >= 0
                                   else ".")),
    "ignored": lambda e, who: (f"{IGNORED_WHY[e.arg] if e.arg is not None and e.arg >= 0 else 'An ability'}: "
                               f"the {who} {verb(who, 'ignore')} "
                               f"{'the first hit' if e.amount == 1 else plural(e.amount, 'hit')} "
                               f"{'they take' if who.endswith('s') else 'it takes'} in {where(e.clearing)}."),
    "raze_item": lambda e, who: f"The {who} take {vitem(e.arg)} from the ruin they razed in {where(e.clearing)}.",
    "relic": lambda e, who: f"A {relic_name(e.arg)} relic is placed face down in the forest {e.forests[e.detail]}.",
    "delve": lambda e, who: (f"The {who} delve a {relic_name(e.arg)} from the forest {e.forests[e.detail]} into "
                             f"{where(e.clearing)}" + (f" (value {e.amount})." if e.amount else ".")),
    "relic_value": lambda e, who: f"The {relic_name(e.arg)} in {where(e.clearing)} turns face up: value {e.amount}.",
    "recover": lambda e, who: (f"The {who} recover a {relic_name(e.arg)} of value {e.amount} in "
                               f"{where(e.clearing)}."),
    "carry": lambda e, who: (f"Devout Knights: a {relic_name(e.arg)} goes along with {possessive('the ' + who)} warriors from "
                             f"{where(e.detail)} to {where(e.clearing)}."),
    "trophy": lambda e, who: (f"Prized Trophies: the {who} {verb(who, 'place')} the "
                              f"{relic_name(e.arg)} face up in the forest {e.forests[e.detail]}."),
    "encamp": lambda e, who: (f"The {who} encamp: a waystation showing {waystation_up(e.arg, e.amount)} in "
                              f"{where(e.clearing)}" + (", with a warrior." if e.detail == 1 else ".")),
    "decamp": lambda e, who: f"The {who} decamp: a warrior replaces the waystation in {where(e.clearing)}.",
    "retinue": lambda e, who: retinue_words(e, who),
    "hireling_marker": lambda e, who: (f"The {who} {verb(who, 'reach')} {e.arg} VP and "
                                       f"{verb(who, 'take')} the hireling marker there: a "
                                       f"hireling at the end of {'their' if who.endswith('s') else 'its'} turn."),
    "hire": lambda e, who: (f"The {who} {verb(who, 'gain')} {hireling_title(e.arg)}"
                            + (f" from the {TITLES[e.factions[e.detail]]}." if e.detail is not None and e.detail >= 0
                               else " from the supply.")),
    "control": lambda e, who: (f"The {who} {verb(who, 'roll')} the control die for "
                               f"{hireling_title(e.arg)}: {plural(e.amount, 'control marker')}."),
    "control_off": lambda e, who: (f"A control marker comes off {hireling_title(e.arg)} "
                                   f"({e.amount} left)."),
    "brigand_ruin": lambda e, who: (f"The Brigand: the {who} {verb(who, 'take')} "
                                    f"{vitem(e.arg)} from the ruin in {where(e.clearing)}, which leaves the map."),
    "brigand_steal": lambda e, who: (f"The Brigand: the {who} {verb(who, 'exhaust')} "
                                     f"{vitem(e.detail)} to take a random card from the "
                                     f"{title(e, e.arg)}."),
    "smuggle": lambda e, who: (f"Rat Smugglers: the {who} {verb(who, 'discard')} {card_name(e.arg)} "
                               "for a move or a battle."),
    "scouts": lambda e, who: (f"Rabbit Scouts: the {who} {verb(who, 'spend')} {card_name(e.arg)} "
                              f"to deal the higher roll in {where(e.clearing)}."),
    "hireling_card": lambda e, who: (f"One of the {who}'s warriors removed from {where(e.clearing)} goes onto "
                                     "its card, not the supply."),
}
assert set(SENTENCES) == set(KINDS)


def hireling_title(side: int) -> str:
    """A hireling side's printed name ("Bluebird Nobles")."""
    return _core.HIRELING_NAMES[side].replace("-", " ").title().replace("The ", "the ")


# the ability that ignores the first hit a seat takes in a battle (an ignored event's arg: IGNORE_WHYS)
IGNORED_WHY = ("Stubborn", "Devout Knights", "Badger Bodyguards")


def relic_name(r) -> str:
    """A relic by its type (relic r's type is r // 4: its id is the core's, never shown)."""
    return _core.RELIC_TYPE_NAMES[r // 4] if r is not None and r >= 0 else "relic"


def waystation_up(w: int, face: int) -> str:
    return _core.RELIC_TYPE_NAMES[_core.KEEPERS_TABLE["waystation_faces"][w][face]]


def retinue_card(t: int) -> str:
    return "a Faithful Retainer" if t == _core.NUM_CARD_TYPES else card_name(t)


# the Retinue's columns as printed (LoR 15.5.2), in the core's order (RETINUE_COLUMNS)
COLUMN_TITLES = ("Move", "Battle then Delve", "Move or Recover")
assert len(COLUMN_TITLES) == len(_core.RETINUE_COLUMNS)


def retinue_words(e, who: str) -> str:
    """A card added to the Retinue (amount 1), shifted (0, detail the column it left) or discarded by
    a failed check (-1: a Faithful Retainer leaves the game, I-C7, I-T13)."""
    column = COLUMN_TITLES[e.clearing]
    if e.amount == 1:
        return f"The {who} add {retinue_card(e.arg)} to their Retinue's {column} column."
    if e.amount == 0:
        return (f"The {who} shift {retinue_card(e.arg)} from their Retinue's "
                f"{COLUMN_TITLES[e.detail]} column to its {column} column.")
    gone = " (removed from the game)" if e.arg == _core.NUM_CARD_TYPES else ""
    return f"A failed check: the {who} discard {retinue_card(e.arg)}{gone} from their Retinue's {column} column."


def hoard_words(e: Event, who: str) -> str:
    """An item into the Hoard, or out of the game (an overflow's 1 VP, Lavish's warriors; LoR
    14.2.4, 14.7.4)."""
    if e.amount > 0:
        item = vitem(e.arg)
        return f"{item[0].upper()}{item[1:]} go{'' if item.endswith('s') else 'es'} onto the {who}' Hoard."
    if e.detail == 1:
        return f"Lavish: the {who} remove {vitem(e.arg)} from their Hoard for warriors at the warlord."
    return f"A full Hoard track: the {who} remove {vitem(e.arg)} from the game."


SERVICE_WORDS = ("a Hand Card", "Riverboats", "Mercenaries")     # the Riverfolk's services (LoR 11.2.7)
FAVOR_OF = {"fox": "Foxes", "rabbit": "Rabbits", "mouse": "Mice"}    # the Favor cards' names (Favor of the Mice)


def minister_name(m: int) -> str:
    """A Duchy minister's name as printed (LoR 12.5.2): "Duchess of Mud"."""
    return " ".join(w if w == "of" else w.capitalize() for w in _core.MINISTER_NAMES[m].split("_"))


def _suit_of(t) -> str:
    """' (fox)' after a card's name (two Dominance cards read apart); nothing for a hidden card."""
    return "" if t is None or t < 0 else f" ({CARDS[t].suit})"


def _owner(e: Event) -> str:
    """Whose funds: ' of the Marquise', ' of their own' (the Riverfolk's own warriors)."""
    if e.detail is None or e.detail < 0:
        return ""
    return " of their own" if e.detail == e.seat else f" of the {title(e, e.detail)}"


# what moved between the Riverfolk's boxes (FUND_HOWS): f(event, "Riverfolk")
FUND_WORDS = {
    "protectionism": lambda e, who: f"Protectionism: the {who} put {plural(e.amount, 'warrior')} in Payments.",
    "gather": lambda e, who: f"The {who} gather every warrior on their board into Funds ({e.amount} funds).",
    "commit": lambda e, who: f"The {who} commit {plural(e.amount, 'fund')}{_owner(e)}.",
    "spend": lambda e, who: f"The {who} spend {plural(e.amount, 'fund')}{_owner(e)}.",
    "disrupt": lambda e, who: f"Trade Disruption: the {who} lose {plural(e.amount, 'fund')}{_owner(e)}.",
    "export": lambda e, who: f"The {who} export: a warrior into Payments.",
    "payment": lambda e, who: (f"The {title(e, e.detail)} {verb(title(e, e.detail), 'pay')} "
                               f"{plural(e.amount, 'warrior')} into the {who}'s Payments."),
}
assert set(FUND_WORDS) == set(_core.FUND_HOWS)


def sentence(e: Event) -> str:
    """One event in words."""
    return SENTENCES[e.kind](e, who_of(e))


def who_of(e: Event) -> str:
    return title(e, e.seat) if 0 <= e.seat < len(e.factions) or is_hireling_side(e) else ""


def is_hireling_side(e: Event) -> bool:
    """The event's seat is a hireling side of its table (its pieces: LoR 16.4.3)."""
    return 0 <= e.seat - HIRELING_SIDE < len(hirelings_of(e.factions))


# ---- the Mechanical Marquise's turn (MM2 §5-§11): its steps, each told with what it did ----


def order_words(e: Event, who: str) -> str:
    """Its order card (MM2 §5; a new one after an Expand, §4.5.5 and §10) and what the suit asks."""
    if e.arg is None:
        return f"The {who} reveals an order card."
    suit = CARDS[e.arg].suit
    does = ("Escalated Daylight, in every clearing (a bird order)" if CARDS[e.arg].suit == "bird"
            else f"it acts in the {suit} clearings")
    return f"The {who}'s {'new ' if e.amount else ''}order is {card_name(e.arg)} ({suit}): {does}."


def listing(parts: list[str]) -> str:
    """'a', 'a and b', 'a, b and c'."""
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def placed_where(run: list[Event]) -> str:
    """Warriors placed in clearings, alike amounts together: '2 warriors in each of clearings 1
    and 6', '2 warriors in clearing 1 and a warrior in each of clearings 2, 4 and 5'."""
    by: dict[int, list[int]] = {}
    for e in run:
        by.setdefault(e.amount, []).append(e.clearing)
    parts = []
    for n, cs in by.items():
        unit = "a warrior" if n == 1 else f"{n} warriors"
        parts.append(f"{unit} in {where(cs[0]) if cs[0] >= 0 else 'the Burrow'}" if len(cs) == 1 else
                     f"{unit} in each of clearings {listing([str(c + 1) for c in cs])}")
    return listing(parts)


# why warriors were placed (PLACE_WHYS): the sentence telling a run of them
PLACE_OPENINGS = {"garrison": "The {who} garrisons the map: {where}.",
                  "recruit": "The {who} places {where}.",
                  "bonus": "Its difficulty's bonus: the {who} places {where}.",
                  "hospitals": "Hospitals: the {who} places {where} at its Keep.",
                  "propaganda": "Propaganda Bureau: the {who} places {where}.",
                  "anoint": "Anoint: the {who} place {where}.",
                  "bitter": "Bitter: the {who} place {where} at their warlord, from mobs.",
                  "lavish": "Lavish: the {who} place {where} at their warlord.",
                  "band": "The {who} take a warrior from their card: {where}.",
                  "patrol": "The {who} bring every warrior on their card to the map: {where}.",
                  "dynasty": "The {who} return to the map's edge: {where}.",
                  "hireling_setup": "The {who} set up: {where}."}
assert set(PLACE_OPENINGS) == set(_core.PLACE_WHYS)


def placed(run: list[Event], who: str) -> str:
    """Warriors placed for one reason (a run of place events): the Mechanical Marquise's, the
    Duchy's into the Burrow (clearing -1: their Birdsong's or Recruit's, LoR 12.4, 12.5.1)."""
    why = _core.PLACE_WHYS[run[0].arg]
    return PLACE_OPENINGS[why].format(who=who, where=placed_where(run))


def moved(run: list[Event]) -> str:
    """'moves 3 warriors from clearing 1 to clearing 5 and 2 from clearing 3 to clearing 7'."""
    parts = [f"{plural(e.amount, 'warrior') if i == 0 else e.amount} from {where(e.clearing)} to {where(e.arg)}"
             for i, e in enumerate(run)]
    return "moves " + listing(parts)


def bot_step(group: list[Event], who: str) -> str:
    """One step of its turn (an mm_step event) with what it did: the events of the step that
    follow it in group (MM2 §6, §7 Escalated, §9 Blitz, §4.5.5 and §10 Expand, §11 Evening)."""
    step, rest = group[0], group[1:]
    name = _core.MM_STEP_NAMES[step.arg]
    head = ("Escalated " if step.amount and name in ESCALATED else "") + name.capitalize()
    first = rest[0] if rest else None
    if name == "battle":
        return (f"{head}: the {who} attacks the {title(first, first.arg)} in {where(first.clearing)}." if first
                else f"{head}: the {who} has no battle to fight.")
    if name == "recruit":
        return f"{head}: the {who} places {placed_where(rest)}." if rest else f"{head}: the {who} places no warrior."
    if name == "build":
        return (f"{head}: the {who} builds a {_core.BUILDING_NAMES[first.arg]} in {where(first.clearing)}."
                if first else f"{head}: the {who} builds nothing.")
    if name in ("move", "blitz"):
        return f"{head}: the {who} {moved(rest)}." if rest else f"{head}: the {who} moves no warrior."
    if name == "expand":
        again = f" ({step.amount} Expands this turn)" if step.amount > 1 else ""
        return (f"{head}: the {who} built nothing this Daylight, so it discards its order card to reveal "
                f"another and take Daylight again{again}.")
    if first:                                                   # evening: its score
        return f"{head}: {who} {first.amount:+d} VP: {vp_reason(first)}."
    return f"{head}: the {who} scores nothing."


ESCALATED = ("battle", "recruit", "build", "move")     # the steps Escalated Daylight changes (MM2 §7)
# what each of its steps takes in from the events that follow: (their kind, at most how many (None:
# the whole run), a test each passes)
STEP_TAKES = {
    "battle": ("battle", 1, lambda e: True),
    "recruit": ("place", None, lambda e: _core.PLACE_WHYS[e.arg] == "recruit"),
    "build": ("build", 1, lambda e: True),
    "move": ("move", None, lambda e: True),
    "blitz": ("move", 1, lambda e: True),
    "expand": (None, 0, lambda e: False),
    "evening": ("vp", 1, lambda e: VP_REASONS[e.arg] == "mm_evening"),
}
assert set(STEP_TAKES) == set(_core.MM_STEP_NAMES)


def taken(evs: list[Event], i: int, kind: str | None, most: int | None, test) -> int:
    """How many events from i on are a run of `kind` by evs[i - 1]'s seat passing test (at most
    `most`)."""
    seat, n = evs[i - 1].seat, 0
    while (i + n < len(evs) and (most is None or n < most) and evs[i + n].kind == kind
           and evs[i + n].seat == seat and test(evs[i + n])):
        n += 1
    return n


def told(evs: list[Event]) -> list[str]:
    """The events in words: one sentence each, but a step of the Mechanical Marquise's turn is
    told in one sentence with what it did, and its warriors placed for one reason, or moved, in
    a row, in one."""
    out, i = [], 0
    while i < len(evs):
        e = evs[i]
        if e.kind == "mm_step":
            kind, most, test = STEP_TAKES[_core.MM_STEP_NAMES[e.arg]]
            n = taken(evs, i + 1, kind, most, test)
            out.append(bot_step(evs[i:i + 1 + n], who_of(e)))
            i += 1 + n
        elif e.kind in ("place", "move"):
            test = (lambda x: x.arg == e.arg) if e.kind == "place" else (lambda x: True)
            n = 1 + taken(evs, i + 1, e.kind, None, test)
            out.append(placed(evs[i:i + n], who_of(e)) if e.kind == "place"
                       else f"The {who_of(e)} {moved(evs[i:i + n])}.")
            i += n
        else:
            out.append(sentence(e))
            i += 1
    return out


def merged(evs) -> list[Event]:
    """Consecutive removals of the same pieces in one clearing for one cause, as one event."""
    out: list[Event] = []
    for e in evs:
        last = out[-1] if out else None
        if (last is not None and e.kind == "remove" and last.kind == "remove"
                and (e.seat, e.clearing, e.arg, e.detail) == (last.seat, last.clearing, last.arg, last.detail)):
            out[-1] = last._replace(amount=last.amount + e.amount)
        else:
            out.append(e)
    return out


def narrate(evs, skip: tuple[str, ...] = ()) -> list[str]:
    """The events (already redacted for the viewer) in words, one sentence each; kinds in skip
    are left out (e.g. draws a screen already shows)."""
    return told(merged(e for e in evs if e.kind not in skip))


def narrated_lines(evs, width: int, indent: int, skip: tuple[str, ...] = ("draw",)) -> list[str]:
    """narrate(evs, skip) wrapped at spaces to lines of at most width columns, indent spaces in
    (two more on a sentence's later lines). Draws are skipped by default: their own record line
    tells them."""
    pad = " " * indent
    return [line for s in narrate(evs, skip)
            for line in textwrap.wrap(s, width, initial_indent=pad, subsequent_indent=pad + "  ")]
