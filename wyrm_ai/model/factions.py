"""The table of factions: each faction's id, name, Rootlog letter and display name, and which
faction sits in which seat of a game. Every other module asks here (or asks the game, whose
`factions` come from here) instead of assuming a seat's faction.

A faction is an int inside (its id, the core's numbering) and a name at the edges."""
from __future__ import annotations

import numpy as np

from wyrm_ai import _core
from wyrm_ai.model.errors import ConfigError

MAX_SEATS = _core.MAX_NUM_SEATS     # the seats the core holds (six: LoR 5.2 has reach totals up to 6 players)

NAMES = ("marquise", "eyrie", "alliance", "vagabond", "wyrm", "mechanical-marquise", "vagabond2",
         "lizards", "riverfolk", "duchy", "corvids", "hundreds", "keepers")   # ids 0..12
# Rootlog: C = Marquise de Cat, ..., G = the second Vagabond; W = the Wyrm and M = the Mechanical
# Marquise (ours)
LETTERS = ("C", "E", "A", "V", "W", "M", "G", "L", "O", "D", "P", "H", "K")
TITLES = ("Marquise", "Eyrie", "Alliance", "Vagabond", "Wyrm", "Mechanical Marquise",
          "Second Vagabond", "Lizard Cult", "Riverfolk", "Duchy", "Corvids", "Hundreds",
          "Keepers")                                  # how a sentence names it
(MARQUISE, EYRIE, ALLIANCE, VAGABOND, WYRM, MECHANICAL, VAGABOND2, LIZARDS, RIVERFOLK, DUCHY, CORVIDS,
 HUNDREDS, KEEPERS) = range(len(NAMES))
VAGABONDS = (VAGABOND, VAGABOND2)        # the Vagabond and a second one (LoR 9.7): the same rules
TWIN_OF = {VAGABOND2: VAGABOND}          # a faction playing another's rules at its own seat
# what each faction crafts with, in words (the core's crafting_pieces: LoR 6.2.1, 7.2.1, 8.2.1,
# 9.2.1, W-CRAFT-1); None: it does not craft (a bot, MM2)
CRAFTING = ("the Marquise's workshops", "the Eyrie's roosts", "the Alliance's sympathy tokens",
            "the Vagabond's face-up hammers in his clearing", "the Wyrm's fear tokens of either side", None,
            "the second Vagabond's face-up hammers in his clearing",
            "the Lizard Cult's gardens of the Outcast suit, in Evening",
            "the Riverfolk's funds, one on each empty crafting space of their Trade Posts tracks",
            "the Duchy's citadels and markets, in Evening",
            "the Corvids' plots, face up or down, in Birdsong",
            "the Hundreds' strongholds, in Daylight",
            "the Keepers' waystations of either face, in Daylight")
ALIASES = {"cat": MARQUISE, "birds": EYRIE, "woodland": ALLIANCE, "vb": VAGABOND, "vb2": VAGABOND2,
           "second-vagabond": VAGABOND2, "mechanical": MECHANICAL,
           "mm": MECHANICAL, "mm2": MECHANICAL, "bot": MECHANICAL, "lizard": LIZARDS, "cult": LIZARDS,
           "lizard-cult": LIZARDS, "otters": RIVERFOLK, "river": RIVERFOLK, "riverfolk-company": RIVERFOLK,
           "moles": DUCHY, "underground-duchy": DUCHY, "crows": CORVIDS, "corvid": CORVIDS,
           "corvid-conspiracy": CORVIDS, "conspiracy": CORVIDS, "lord-of-the-hundreds": HUNDREDS,
           "warlord": HUNDREDS, "rats": HUNDREDS, "keepers-in-iron": KEEPERS, "badgers": KEEPERS,
           "iron": KEEPERS}
BOTS = (MECHANICAL,)                     # factions the rules play by themselves (no decisions)
# the faction draft (LoR 16.1.8; docs/advanced-setup.md): a player of the draft sits with no faction
# until it chooses one (the core's UNDRAFTED); a table names such a seat "draft"
UNDRAFTED = _core.UNDRAFTED
DRAFT_SEAT = "draft"
UNDRAFTED_NAME, UNDRAFTED_TITLE = "undrafted", "Undrafted player"
# a record line's letter for such a player ("U: pick W"), no faction's (it was "D" before the
# Underground Duchy took that letter: wyrm_ai/rootlog/reader.py still reads such old drafts)
UNDRAFTED_LETTER = "U"
LEGACY_UNDRAFTED_LETTER = "D"
DRAFTABLE = (MARQUISE, EYRIE, ALLIANCE, VAGABOND, WYRM, VAGABOND2, LIZARDS, RIVERFOLK, DUCHY, CORVIDS, HUNDREDS,
             KEEPERS)   # a faction card each (not a bot's)
DEFAULT_DRAFT = (MARQUISE, EYRIE, ALLIANCE, VAGABOND, WYRM)          # every card, one Vagabond (LAW25 A.8.1)
TWO_SEATS = (MARQUISE, WYRM)             # the game the core plays today: seat 0 Marquise, seat 1 Wyrm
# the decision steps of each faction's own Daylight (battles it fights aside), by faction id
DAYLIGHT_STEPS = {
    MARQUISE: frozenset({"marquise_daylight", "marquise_march", "marquise_pay_wood", "marquise_recruit"}),
    WYRM: frozenset({"wyrm_daylight", "wyrm_terrorize", "wyrm_hoard"}),
    VAGABOND: frozenset({"vagabond_daylight", "vagabond_take", "vagabond_repair"}),
}
DAYLIGHT_STEPS[VAGABOND2] = DAYLIGHT_STEPS[VAGABOND]
# a Vagabond's own fields of the state dict (State.to_dict): the first Vagabond's stand at its top
# level, the second's (LoR 9.7) under the key "vagabond2" (the core's twin fields), where an
# observation (redaction.observe) also keeps his public facts (_core.public_facts' "vagabond2")
VB_FIELDS = ("vb_at", "vb_char", "vb_items", "vb_out", "vb_rel", "vb_aids", "quest_done", "coalition",
             "vb_left", "vb_aided", "vb_quest_draws", "vb_improvised", "vb_ritems")
TWIN_KEY = {VAGABOND2: "vagabond2"}

if tuple(getattr(_core, "FACTION_NAMES", NAMES)) != NAMES:     # the core numbers factions; we follow it
    raise ImportError(f"the core's factions {_core.FACTION_NAMES} are not {NAMES}")


def s_items(character: int) -> tuple[int, ...]:
    """The "S" items in a game whose Vagabond plays character (CHARACTER_NAMES' index), by item
    kind: the base box's seven, and more of a kind where his card lists more (the expansions'
    sets: the Arbiter's second sword, the Harrier's coins; LoR 16.3). The core's s_items_of."""
    table = _core.VAGABOND_TABLE
    return tuple(max(a, b) for a, b in zip(table["s_items"], table["start_items"][character]))


def faction_id(name) -> int:
    """A faction id from its name, Rootlog letter, alias (any case) or id 0..6."""
    if isinstance(name, (int, np.integer)) and not isinstance(name, bool) and 0 <= int(name) < len(NAMES):
        return int(name)
    if isinstance(name, str):
        key = name.strip().lower()
        if key in NAMES:
            return NAMES.index(key)
        if key in ALIASES:
            return ALIASES[key]
        if key.upper() in LETTERS and len(key) == 1:
            return LETTERS.index(key.upper())
    raise ConfigError(f"no faction {name!r}: the factions are {', '.join(NAMES)}")


def is_bot(name) -> bool:
    """A faction the rules play by themselves (BOTS): it never decides, so no person or AI takes
    its seat."""
    if _is_draft_seat(name):             # a player of a draft, no faction yet: never a bot
        return False
    return faction_id(name) in BOTS


def seat_in(d: dict, faction: int) -> int:
    """The seat playing faction at the table of d (a state dict or an observation), -1 when it does
    not sit; the faction facts modules (duchy_facts, corvids_facts, ...) answer `seat` with it."""
    table = list(d["seat_faction"])
    return table.index(faction) if faction in table else -1


def on_turn_of(d: dict, faction: int) -> bool:
    """It is faction's turn at d's table, past the setup: a faction board's turn bookkeeping then
    means this turn (the core keeps it until that faction's next turn resets it)."""
    me = seat_in(d, faction)
    return me >= 0 and d["turn"] == me and d["turn_number"] > 0


def vagabond_fields(d: dict, faction: int = VAGABOND) -> dict:
    """The fields of the Vagabond playing `faction` (VAGABOND or VAGABOND2, LoR 9.7) in a state dict or
    an observation, named as the first Vagabond's are at its top level (vb_at, vb_items, quest_done,
    coalition, ...), with his public facts where the dict has them (tracks, item_load,
    item_limit, refresh, hostile: `_core.public_facts`' "vagabond" / "vagabond2")."""
    if faction == VAGABOND2:
        own = d["vagabond2"]
        facts = own if "tracks" in own else None
    else:
        own = {k: d[k] for k in VB_FIELDS if k in d}
        facts = d.get("vagabond")
    out = {k: own[k] for k in VB_FIELDS if k in own}
    if isinstance(facts, dict):
        out.update((k, v) for k, v in facts.items() if k not in VB_FIELDS)
    return out


def as_vagabond(d: dict, faction: int) -> dict:
    """d (a state dict or an observation) as the Vagabond playing `faction` reads it: its top-level
    Vagabond fields (vb_at, vb_items, ...) and "vagabond" (his public facts) are his. The first
    Vagabond's d is itself; the second's (LoR 9.7) is a copy, so one reader serves both."""
    if faction != VAGABOND2:
        return d
    v = vagabond_fields(d, faction)
    out = dict(d)
    out.update((k, v[k]) for k in VB_FIELDS)
    out["vagabond"] = {k: x for k, x in v.items() if k not in VB_FIELDS}
    return out


def seated_vagabonds(table) -> tuple[int, ...]:
    """The Vagabonds (faction ids) seated at a seat table, first the Vagabond, then the second."""
    return tuple(f for f in VAGABONDS if f in table)


def table_of(factions) -> tuple[int, ...]:
    """A seat table (faction ids in seat order) from names or ids: 2-6 seats (MAX_SEATS), no faction
    twice; `vagabond` named twice seats the Vagabond and, at the later seat, the second Vagabond
    (LoR 9.7)."""
    if isinstance(factions, (str, bytes)) or not hasattr(factions, "__iter__"):
        raise ConfigError(f"factions must be a list of faction names in seat order, not {factions!r}")
    table = tuple(UNDRAFTED if _is_draft_seat(f) else faction_id(f) for f in factions)
    if table.count(VAGABOND) == 2 and VAGABOND2 not in table:
        later = len(table) - 1 - table[::-1].index(VAGABOND)
        table = table[:later] + (VAGABOND2,) + table[later + 1:]
    if VAGABOND2 in table and VAGABOND not in table:
        raise ConfigError("a second Vagabond needs a first at the table (LoR 9.7): name vagabond twice")
    if not 2 <= len(table) <= MAX_SEATS:
        raise ConfigError(f"a game seats 2-{MAX_SEATS} factions, not {len(table)}")
    named = [f for f in table if f != UNDRAFTED]
    if len(set(named)) != len(named):
        raise ConfigError(f"a faction sits at most once: {', '.join(names(table))}")
    return table


def _is_draft_seat(f) -> bool:
    return (isinstance(f, str) and f.strip().lower() in (DRAFT_SEAT, UNDRAFTED_NAME)) or (
        isinstance(f, (int, np.integer)) and not isinstance(f, bool) and int(f) == UNDRAFTED)


def draft_cards(cards) -> tuple[int, ...]:
    """The faction cards of a draft (LAW25 A.8.1) from names or ids: True for every faction's
    (DEFAULT_DRAFT, one Vagabond card); `vagabond` named twice is both Vagabond cards (LoR 9.7).
    ConfigError names a faction that has no card (a bot) or a card named twice."""
    if cards is True:
        return DEFAULT_DRAFT
    if isinstance(cards, str):
        cards = [c for c in cards.split(",") if c.strip()]
    if isinstance(cards, (bytes, bool)) or not hasattr(cards, "__iter__"):
        raise ConfigError(f"the draft's cards are a list of faction names, not {cards!r}")
    ids = [faction_id(c) for c in cards]
    if ids.count(VAGABOND) == 2 and VAGABOND2 not in ids:
        ids[len(ids) - 1 - ids[::-1].index(VAGABOND)] = VAGABOND2
    for f in ids:
        if f not in DRAFTABLE:
            raise ConfigError(f"the {NAMES[f]} has no card in the draft (only players draft: "
                              f"{', '.join(NAMES[g] for g in DEFAULT_DRAFT)}, a second vagabond)")
    if len(set(ids)) != len(ids):
        raise ConfigError(f"a faction card is in the draft once: {', '.join(NAMES[f] for f in ids)}")
    return tuple(sorted(ids))


def seating(turn_order) -> tuple[tuple[int, ...], int]:
    """(seat table, first seat) from factions in turn order (names or ids; the first plays
    first): the seats are numbered round the table from the faction with the lowest id, so
    ("wyrm", "marquise") is the two-seat table (Marquise, Wyrm) with the Wyrm first and
    ("eyrie", "wyrm", "marquise") the table (Marquise, Eyrie, Wyrm) with the Eyrie first."""
    turn = table_of(turn_order)
    k = turn.index(min(turn))
    return turn[k:] + turn[:k], (len(turn) - k) % len(turn)


AUTUMN_BOARD = (0, tuple(_core.MAPS["autumn"]["printed_suits"]))   # (map id, each clearing's suit)


class SeatTable(tuple):
    """The faction id of each seat, in seat order (a plain tuple of ints), the board the game is
    played on: (map id, each clearing's suit), which notation and words read for the map's
    forests, closed paths and suits (docs/maps.md), and the hirelings in play (the core's sides,
    hireling i's pieces the battle side HIRELING_SIDE + i: LoR 16.4). A plain tuple of ids means
    Autumn and no hirelings."""

    def __new__(cls, ids, board=AUTUMN_BOARD, hirelings=()):
        table = super().__new__(cls, ids)
        table.board = (int(board[0]), tuple(int(s) for s in board[1]))
        table.hirelings = tuple(int(h) for h in hirelings)
        return table

    def __reduce__(self):
        return (SeatTable, (tuple(self), self.board, self.hirelings))


def board_of(table) -> tuple:
    """The board of a seat table (Autumn for a plain tuple)."""
    return getattr(table, "board", AUTUMN_BOARD)


def hirelings_of(table) -> tuple[int, ...]:
    """The hireling sides in play at a seat table, by index (() for a plain tuple)."""
    return getattr(table, "hirelings", ())


def seat_factions(source) -> SeatTable:
    """The faction id of each seat of a core State, or of its to_dict() (an observation), with the
    board its game is played on."""
    if isinstance(source, dict):
        board = (source["map"], source["suit"]) if "map" in source else AUTUMN_BOARD
        kinds = source.get("hr_kind") or ()
        return SeatTable((int(f) for f in source["seat_faction"]), board,
                         kinds if kinds and kinds[0] >= 0 else ())
    return SeatTable(source.factions, getattr(source, "board", AUTUMN_BOARD), getattr(source, "hirelings", ()))


def new_state(table: tuple[int, ...], first: int, options: dict | None = None):
    """A new core State for a seat table (faction ids) with seat `first` to play first; options:
    more keyword arguments of the State (the bot's, bot_options.BotOptions.core())."""
    return _core.State(factions=table, first=first, **(options or {}))


def names(table) -> tuple[str, ...]:
    """The faction name of each seat of a seat table ("undrafted" for a player of a draft who has
    not chosen yet)."""
    return tuple(NAMES[f] if f >= 0 else UNDRAFTED_NAME for f in table)


def letter(f: int) -> str:
    """A faction's Rootlog letter (LETTERS), UNDRAFTED_LETTER for a player of a draft who has
    not chosen yet."""
    return LETTERS[f] if f >= 0 else UNDRAFTED_LETTER


def titles(table) -> tuple[str, ...]:
    """The display name of each seat of a seat table ("Marquise", "Wyrm"; "Undrafted player")."""
    return tuple(TITLES[f] if f >= 0 else UNDRAFTED_TITLE for f in table)


def seat_named(table, name) -> int:
    """The seat of a faction (name, letter, alias or id) in a seat table, or a seat index given
    as an int; ConfigError naming the seated factions when it sits nowhere."""
    if isinstance(name, (int, np.integer)) and not isinstance(name, bool) and 0 <= int(name) < len(table):
        return int(name)
    if isinstance(name, str):
        try:
            f = faction_id(name)
        except ConfigError:
            f = None
        if f in table:
            return table.index(f)
    choices = " or ".join(f"{s}/{n!r}" for s, n in enumerate(names(table)))
    raise ConfigError(f"no seat {name!r}: use {choices}")


def round_of(turn_number: int, seats: int = 2) -> int:
    """The round of a turn: turn_number counts each seat's turn (1 = the first player's first
    turn, 0 = setup); a round holds one turn of each seat, so with two seats turns 1 and 2 are
    round 1, with three turns 1-3."""
    return (max(0, int(turn_number)) + seats - 1) // seats
