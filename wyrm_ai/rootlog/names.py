"""The letters and names Rootlog V2.8 defines (Rootlog_V2.md, sections Factions, Hirelings, Suits,
Piece Types, Item Types, Card Name Abbreviations and Special Faction Syntax), and the older forms
the reader still accepts. Letters stay letters in the syntax tree; these tables name them."""
from __future__ import annotations

from wyrm_ai.model import factions as _ours
from wyrm_ai.model import hirelings as _hirelings

FACTIONS = {"C": "Marquise de Cat", "E": "Eyrie Dynasties", "A": "Woodland Alliance", "V": "Vagabond",
            "G": "2nd Vagabond", "L": "Lizard Cult", "O": "Riverfolk Company", "D": "Underground Duchy",
            "P": "Corvid Conspiracy", "H": "Lord of the Hundreds", "K": "Keepers in Iron"}
# our proposed extension (docs/notation.md, "Rootlog extension"): the Voracious Wyrm and the
# Mechanical Marquise 2.0, whose letter in our own notation (M) is the Mouse suit's in Rootlog
EXTENSION_FACTIONS = {"W": "Voracious Wyrm", "N": "Mechanical Marquise"}
FACTIONS.update(EXTENSION_FACTIONS)
VAGABONDS = ("V", "G")
HIRELINGS = {"C": "Forest Patrol/Feline Physicians", "E": "Last Dynasty/Bluebird Nobles",
             "A": "Spring Uprising/Rabbit Scouts", "V": "The Outcast/The Brigand",
             "L": "Warm Sun Prophets/Lizard Envoys", "O": "Riverfolk Flotilla/Otter Divers",
             "D": "Sunward Expedition/Mole Artisans", "P": "Corvid Spies/Raven Guards",
             "H": "Flame Bearers/Rat Ravagers", "K": "Vault Keepers/Badger Bodyguards",
             "T": "Highway Bandits/Bandit Guilds", "S": "Furious Protector/Stoic Protector",
             "J": "Woodland Band/Traveling Band"}
# hireling letters that are no faction's: the spec's own example `Sp->9` writes one without `h_`
BARE_HIRELINGS = tuple(h for h in HIRELINGS if h not in FACTIONS)
# the Rootlog type letter of each of our hireling cards (the core's HIRELING_NAMES: card i's promoted
# side 2i, its demoted side 2i + 1), the letter of the faction whose card it mirrors: Forest Patrol C,
# Last Dynasty E, Spring Uprising A, The Exile V, Flame Bearers H, Vault Keepers K, Popular Band J (the
# spec, written before the Marauder was printed, names three of them by their prototypes' names:
# "The Outcast", "Rat Ravagers", "Woodland Band/Traveling Band"; the letters are the same cards)
HIRELING_LETTERS = _hirelings.LETTERS
DEMOTED = "d"                       # `h_Ed`: the hireling's demoted side (spec "Hirelings")


def hireling_token(side: int, demoted_mark: bool = False) -> str:
    """Our hireling side (an index of the core's HIRELING_NAMES) as Rootlog writes it: `h_E`, and with
    demoted_mark the demoted side's `d` (`h_Ed`: the `Hirelings:` header line; the spec's `d` "can be
    omitted after the setup step", so a clause writes `h_E`)."""
    return f"h_{HIRELING_LETTERS[side // 2]}" + (DEMOTED if demoted_mark and side & 1 else "")


def hireling_side(token: str) -> int | None:
    """Our hireling side of a header's `h_<type>[d]` (`h_Ed`: Bluebird Nobles), None for a type that
    is no card of ours (the spec's L O D P T S: hirelings of other boxes)."""
    letter, demoted = token[2:3], token[3:] == DEMOTED
    if letter not in HIRELING_LETTERS or not token.startswith("h_"):
        return None
    return 2 * HIRELING_LETTERS.index(letter) + demoted


# ours: a player of a faction draft who has not chosen yet (a record written while the draft lasts,
# LoR 16.1.8.2; factions.UNDRAFTED_LETTER). Files written before the Underground Duchy took `D`
# name such a player `D`: the reader reads them (reader.legacy_undrafted)
UNDRAFTED = {_ours.UNDRAFTED_LETTER: "Undrafted player"}
FACTIONS.update(UNDRAFTED)

SUITS = {"B": "bird", "F": "fox", "M": "mouse", "R": "rabbit"}
PIECE_TYPES = {"w": "warrior", "p": "pawn", "b": "building", "t": "token", "f": "ferry"}
OLDER_PIECE_TYPES = {"r": "raft (the ferry before V2.8)"}
ITEMS = {"s": "sword", "b": "bag", "c": "coin", "x": "crossbow", "h": "hammer", "t": "tea", "r": "torch",
         "f": "boot", "u": "club",
         "g": "treasure"}                   # the extension: the Wyrm's treasure
ITEM_STATES = {"r": "refreshed", "e": "exhausted"}
BOARD_AREAS = {"s": "satchel", "d": "damaged", "t": "track"}
MAPS = ("Fall", "Winter", "Lake", "Mountain")
# our maps (wyrm_ai/maps.py, docs/maps.md) by Rootlog's names: Autumn is Rootlog's "Fall"
ROOTLOG_MAP = {"autumn": "Fall", "winter": "Winter", "lake": "Lake", "mountain": "Mountain"}
OUR_MAP = {v: k for k, v in ROOTLOG_MAP.items()}
DECKS = ("Standard", "E&P")
# our decks (wyrm_ai/model/cards.py, DECK_NAMES) by Rootlog's names
ROOTLOG_DECK = {"standard": "Standard", "ep": "E&P"}
OUR_DECK = {v: k for k, v in ROOTLOG_DECK.items()}
LANDMARKS = {"treetop": "Elder Treetop", "city": "Lost City", "market": "Black Market",
             "forge": "Legendary Forge", "ferry": "Ferry", "f": "Ferry", "tower": "Tower"}

DECREE_COLUMNS = {"r": "recruit", "m": "move", "x": "battle", "b": "build"}
PRICES = {"h": "hand card", "r": "riverboats", "m": "mercenaries"}
RELATIONSHIP = {"h": "hostile", "0": "indifferent", "1": "one right of indifferent",
                "2": "one left of allied", "a": "allied"}
OUTCAST = {"o": "outcast", "ho": "hated outcast"}
FUNDS = "f"

# lettered pieces per faction (Special Faction Syntax); a faction not here has no lettered piece
_SUIT_LETTERS = ("f", "r", "m")
PIECE_LETTERS = {
    "C": {"b_s", "b_w", "b_r", "t_k"},
    "A": {f"b_{s}" for s in _SUIT_LETTERS},
    "L": {f"b_{s}" for s in _SUIT_LETTERS},
    "O": {f"t_{s}" for s in _SUIT_LETTERS},
    "D": {"b_c", "b_m"},
    "P": {"t_b", "t_s", "t_r", "t_e"},
    "H": {"w_w"},
    # the extension: the Wyrm's Growth marker (on its board's Bite, Height and Might rows
    # `W$_b`, `W$_h`, `W$_m`); the Mechanical Marquise's buildings are the Marquise's
    "W": {"t_g"},
    "N": {"b_s", "b_w", "b_r", "t_k"},
    "K": ({f"t_{r}" for r in "ftj"} | {f"t_{n}_{r}" for n in "123" for r in "ftj"} | {f"b_{r}" for r in "ftj"}
          | {f"b_{a}_{b}" for a in "ftj" for b in "ftj" if a != b}),
}
PLOTS = PIECE_LETTERS["P"] | {"t"}

CARD_ABBREVIATIONS = {
    "@": "ambush", "dom": "dominance",
    # Standard deck
    "armor": "armorers", "bank": "betterburrowbank", "brutal": "brutaltactics", "command": "commandwarren",
    "cob": "cobbler", "codeb": "codebreakers", "favor": "favor", "royal": "royalclaim", "sap": "sappers",
    "scout": "scoutingparty", "stand": "standanddeliver", "tax": "taxcollector",
    # Exiles & Partisans deck
    "boat": "boatbuilders", "charm": "charmoffensive", "coffin": "coffinmakers", "cplans": "corvidplanners",
    "emi": "eyrieemigre", "false": "falseorders", "part": "partisans", "inform": "informants",
    "league": "leagueofadventurousmice", "engrave": "masterengravers", "murine": "murinebroker",
    "prop": "propagandabureau", "sabo": "saboteurs", "soup": "soupkitchens", "swap": "swapmeet", "tun": "tunnels",
    # quest cards
    "errand": "errand", "bandits": "expelbandits", "bear": "fendoffabear", "escort": "escort",
    "funds": "fundraising", "speech": "giveaspeech", "guard": "guardduty", "logs": "logistics", "shed": "repairashed",
}
# crafting names a suited card with its suit's lower-case letter in front: `Zfpart`, `Zrfavor`
SUITED_CARDS = ("favor", "part", "partisans")

# the Rootlog letter of each of our faction ids (wyrm_ai.model.factions), the extension's W and N included,
# and our faction id of each such letter
# G: the second Vagabond (LoR 9.7); L: the Lizard Cult, O: the Riverfolk Company, D: the Underground Duchy (V2.8)
LETTER_OF = ("C", "E", "A", "V", "W", "N", "G", "L", "O", "D", "P", "H", "K")
assert len(LETTER_OF) == len(_ours.NAMES)
OUR_FACTION = {letter: i for i, letter in enumerate(LETTER_OF)}


def letter_of(f: int) -> str:
    """The Rootlog letter of our faction id f; `U` (factions.UNDRAFTED_LETTER) for a player of the
    faction draft who has not chosen (a record written while the draft lasts)."""
    return LETTER_OF[f] if f >= 0 else _ours.UNDRAFTED_LETTER


GROWTH_ROWS = {"b": "bite", "h": "height", "m": "might"}     # the extension: `W$_<row>`


def card_name(name: str | None) -> str | None:
    """The full card name (lower case, no spaces) of a name or abbreviation as written."""
    return None if name is None else CARD_ABBREVIATIONS.get(name, name)


def faction_name(letter: str) -> str:
    """A faction letter, or a hireling `h_<type>`, in words."""
    if letter.startswith("h_"):
        return f"hireling {HIRELINGS.get(letter[2:3], letter)}"
    return FACTIONS.get(letter, letter)
