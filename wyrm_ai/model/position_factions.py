"""Each faction's part of a position (issue 29 item 4): one reader per faction, in a table keyed by
faction id (READERS), as the protocol's pieces come from one table (protocol/pieces.py). A reader
answers only for its own pieces and board: the names it owns in a clearing (the 2.7 flat names
and its row of the 2.8 `pieces` object), the top-level fields and the object of the state JSON
that are its own (`keep`; `pawn`, `growth`; `eyrie`, `alliance`, `vagabond`,
`mechanical-marquise`), and the core fields they fill, its supplies being what a new game's
leave. The shared part (wyrm_ai/model/position.py) reads what every faction shares: the turn, scores,
hands, play areas, discard, items, known, and checks the clearings' names.

A reader's `read(ctx)` fills ctx.d (the core's State.to_dict() form) and returns the cards its
board holds (the Decree, the Supporters stack), which the deck then lacks; `absent(ctx)` checks
that a position says nothing of a faction that is not at the table. Nothing here decides a
rule: the core checks the result (State.from_dict)."""
from __future__ import annotations

from wyrm_ai import _core
from wyrm_ai.model import factions, maps
from wyrm_ai.model.bot_options import BotOptions
from wyrm_ai.model.errors import ConfigError, PositionError
from wyrm_ai.model.notation import TRACKS, quest_token

NCL = _core.NUM_CLEARINGS
FEAR_SIDES = (None, "scared", "cowed")     # the core's FEAR_NONE, FEAR_SCARED, FEAR_COWED
BUILDINGS = tuple(name + "s" for name in _core.BUILDING_NAMES)      # sawmills, workshops, recruiters
VITEMS = tuple(_core.VITEM_NAMES)
ITEM_STATES = ("up", "exhausted", "damaged", "damaged_exhausted")   # the core's vb_items rows
RELATIONS = ("hostile", "indifferent", "1", "2", "allied")          # vb_rel -1..3
QUEST_TOKENS = tuple(quest_token(q) for q in range(len(_core.QUESTS)))
QUEST_INDEX = {t.lower(): q for q, t in enumerate(QUEST_TOKENS)}
ALL_QUESTS = (1 << len(QUEST_TOKENS)) - 1


# ---- small readers of values, each naming what was wrong ---------------------------------------

def count(value, what: str, hi: int = 255) -> int:
    if type(value) is not int or not 0 <= value <= hi:
        raise PositionError(f"{what} must be a whole number from 0 to {hi}, not {value!r}")
    return value


def obj(value, what: str, keys) -> dict:
    if not isinstance(value, dict):
        raise PositionError(f"{what} must be a JSON object")
    unknown = set(value) - set(keys)
    if unknown:
        raise PositionError(f"{what} has no field {sorted(unknown)[0]!r} (fields: {', '.join(keys)})")
    return value


def location(value, what: str, forests: tuple = ()) -> int:
    """A clearing 1-12 (or, for a pawn, a forest of the map by name) as the core's index; null is
    -1."""
    if value is None:
        return -1
    if type(value) is int and 1 <= value <= NCL:
        return value - 1
    if forests and value in forests:
        return NCL + forests.index(value)
    raise PositionError(f"{what} must be a clearing 1-{NCL}{', a forest name' if forests else ''} or null, "
                        f"not {value!r}")


def name_of(value, names, what: str, null: bool = True) -> int:
    """The index of a name in names; null is -1 where allowed."""
    if value is None and null:
        return -1
    if value not in names:
        raise PositionError(f"{what} must be {' or '.join(repr(n) for n in names)}"
                            f"{' or null' if null else ''}, not {value!r}")
    return names.index(value)


def take(have: int, used: int, what: str) -> int:
    """What a new game's supply of have pieces has left once used of them are placed."""
    if used > have:
        raise PositionError(f"{used} {what}, but the game has only {have}")
    return have - used


def kinds(value, what: str, hi: int = 4) -> list[int]:
    """Counts by Vagabond item kind ({"boots": 1, ...}; a kind left out is 0)."""
    value = obj({} if value is None else value, what, VITEMS)
    return [count(value.get(k, 0), f"{what}.{k}", hi) for k in VITEMS]


class Context:
    """What the readers share while a position is read: the position p, the core dict d being
    filled, a new game's dict fresh (its supplies), the seat table, each clearing's row and each
    seated faction's pieces per clearing (pieces[f][i]: piece name -> count, merged from the 2.8
    `pieces` object and the 2.7 flat names), and `said[f][i]`: how the position wrote each piece,
    for errors."""

    def __init__(self, p, d, fresh, table, rows, pieces, said, cards):
        self.p, self.d, self.fresh, self.table, self.rows = p, d, fresh, table, rows
        self.pieces, self.said, self.cards = pieces, said, cards
        self.seats = factions.names(table)
        self.map = maps.data(d["map"])          # the game's map: its forests, ruins (docs/maps.md)
        self.forests = self.map["forest_names"]

    def board(self, reader, required: bool) -> dict:
        """The faction's own object of the position (the state JSON's), its fields checked."""
        key = reader.board
        if key not in self.p:
            if required:
                raise PositionError(f"the position has no {key!r} object ({factions.TITLES[reader.faction]} "
                                    f"at the table: {', '.join(reader.board_read)})")
            return {}
        return obj(self.p[key], key, reader.board_read + reader.board_derived)

    def agree(self, f: int, piece: str, where: int, what: str):
        """Each clearing's flag `piece` of faction f (keep, pawn) agrees with its location."""
        for i in range(NCL):
            here = self.pieces[f][i].get(piece)
            if here is not None and here != int(where == i):
                raise PositionError(f"clearing {i + 1} says {self.said[f][i][piece]}, but the position says "
                                    f"{what} {_shown(where, self.forests)}")


def _shown(loc: int, forests) -> str:
    if loc < 0:
        return "null"
    return str(loc + 1) if loc < NCL else forests[loc - NCL]


class Reader:
    """A faction's reader. faction: its id; flat: its 2.7 per-clearing names -> its piece names
    (flags: those that are true/false); pieces: its piece names in a clearing's 2.8 `pieces`
    (hi: the most of each in a clearing); extra: other per-clearing fields it reads; top: the
    top-level fields it owns (required: those it needs); board: its object's key, board_read the
    fields it reads there and board_derived those the engine derives (ignored)."""
    faction = -1
    flat: dict = {}
    flags: frozenset = frozenset()
    pieces: tuple = ()
    hi: dict = {}
    extra: tuple = ()
    top: tuple = ()
    required: tuple = ()
    board = None
    board_required = False
    board_read: tuple = ()
    board_derived: tuple = ()
    daylight = ""          # the core's step where a turn of the faction starts (start_turn)
    warrior_supply = None  # the state dict's field of its warriors in supply (None: it has no warriors)
    holds_cards = True     # a bot holds no hand, play area or known cards

    @property
    def clearing_fields(self) -> tuple:
        return tuple(self.flat) + self.extra

    def options(self, p: dict) -> dict:
        """Game options of the faction (keyword arguments of the core's State)."""
        return {}

    def read(self, c: Context) -> list[int]:
        raise NotImplementedError

    def absent(self, c: Context):
        """Nothing of the faction is given when it is not at the table (the state JSON's flat
        fields of the Marquise and the Wyrm are always there, empty: those are allowed)."""
        title = factions.TITLES[self.faction]
        for key in self.top:
            value = c.p.get(key)
            if value is not None and value != self.empty_top(c, key):
                raise PositionError(f"{key} is {value!r}, but the {title} is not at the table")
        if self.board is not None and self.board in c.p:
            raise PositionError(f"the position has a {self.board!r} object, but the {title} is not in its factions")
        for i, row in enumerate(c.rows):
            for key in self.clearing_fields:
                if key in row and row[key] not in (0, False, None):
                    raise PositionError(f"clearing {i + 1} {key} is {row[key]!r}, but the {title} is not at the table")

    def empty_top(self, c: Context, key):
        return None


class Marquise(Reader):
    """The Marquise de Cat (LoR 6): warriors, buildings by type and wood per clearing, the Keep."""
    faction = factions.MARQUISE
    flat = {"warriors": "warriors", **{b: b for b in BUILDINGS}, "wood": "wood", "keep": "keep"}
    flags = frozenset({"keep"})
    pieces = ("warriors",) + BUILDINGS + ("wood", "keep")
    top = required = ("keep",)
    daylight = "marquise_daylight"
    warrior_supply = "warrior_supply"

    def read(self, c):
        d = c.d
        for i, pc in enumerate(c.pieces[self.faction]):
            d["warriors"][i], d["wood"][i] = pc.get("warriors", 0), pc.get("wood", 0)
            for b, key in enumerate(BUILDINGS):
                d["buildings"][b][i] = pc.get(key, 0)
        d["keep"] = location(c.p["keep"], "keep")
        c.agree(self.faction, "keep", d["keep"], "keep")
        d["warrior_supply"] = take(c.fresh["warrior_supply"], sum(d["warriors"]), "Marquise warriors on the map")
        d["wood_supply"] = take(c.fresh["wood_supply"], sum(d["wood"]), "wood on the map")
        return []


class Eyrie(Reader):
    """The Eyrie Dynasties (LoR 7): warriors and roosts per clearing; the `eyrie` object's leader,
    deposed leaders and Decree columns (the Viziers follow from the leader)."""
    faction = factions.EYRIE
    flat = {"birds": "warriors", "roost": "roosts"}
    flags = frozenset({"roost"})
    pieces = ("warriors", "roosts")
    hi = {"roosts": 1}
    board, board_required = "eyrie", True
    board_read = ("leader", "deposed", "decree")
    board_derived = ("viziers", "resolved", "roosts", "supply")
    daylight = "eyrie_daylight"
    warrior_supply = "bird_supply"

    def read(self, c):
        d, e = c.d, c.board(self, True)
        leaders = tuple(_core.LEADER_NAMES)
        for i, pc in enumerate(c.pieces[self.faction]):
            d["birds"][i], d["roosts"][i] = pc.get("warriors", 0), pc.get("roosts", 0)
        if "leader" not in e:
            raise PositionError("the eyrie object has no 'leader' (the Eyrie's current leader, LoR 7.8)")
        d["leader"] = name_of(e["leader"], leaders, "eyrie.leader")
        deposed = e.get("deposed", [])
        if not isinstance(deposed, list):
            raise PositionError("eyrie.deposed must be a list of leader names")
        d["leaders_down"] = 0
        for name in deposed:
            bit = 1 << name_of(name, leaders, "eyrie.deposed", null=False)
            if d["leaders_down"] & bit:
                raise PositionError(f"eyrie.deposed names {name!r} twice")
            d["leaders_down"] |= bit
        decree = obj(e.get("decree", {}), "eyrie.decree", _core.DECREE_NAMES)
        held = []
        for k, column in enumerate(_core.DECREE_NAMES):
            ids = c.cards(decree.get(column) or [], f"eyrie.decree.{column}")
            d["decree"][k] = tally(ids)
            held += ids
        d["bird_supply"] = take(c.fresh["bird_supply"], sum(d["birds"]), "Eyrie warriors on the map")
        d["roost_supply"] = take(c.fresh["roost_supply"], sum(d["roosts"]), "roosts on the map")
        return held


class Alliance(Reader):
    """The Woodland Alliance (LoR 8): warriors, a base and a sympathy token per clearing; the
    `alliance` object's officers and Supporters stack (its other fields are derived). A base is
    of its clearing's suit (LoR 8.2.4)."""
    faction = factions.ALLIANCE
    flat = {"rebels": "warriors", "base": "bases", "sympathy": "sympathy"}
    flags = frozenset({"base", "sympathy"})
    pieces = ("warriors", "bases", "sympathy")
    hi = {"bases": 1, "sympathy": 1}
    board = "alliance"
    board_read = ("officers", "supporters")
    board_derived = ("sympathy", "next_sympathy", "bases", "operations_used", "supporters_size", "stack_cap",
                     "you_gave", "martial_law", "supply")
    daylight = "alliance_daylight"
    warrior_supply = "rebel_supply"

    def read(self, c):
        d, a = c.d, c.board(self, False)
        d["base_at"] = [-1, -1, -1]
        for i, pc in enumerate(c.pieces[self.faction]):
            d["rebels"][i], d["sympathy"][i] = pc.get("warriors", 0), pc.get("sympathy", 0)
            if pc.get("bases", 0):
                suit = d["suit"][i]
                if d["base_at"][suit] >= 0:
                    raise PositionError(f"two {_core.SUIT_NAMES[suit]} bases (clearings {d['base_at'][suit] + 1} "
                                        f"and {i + 1}): the Alliance have one base of each suit")
                d["base_at"][suit] = i
        d["officers"] = count(a.get("officers", 0), "alliance.officers")
        d["rebel_supply"] = take(c.fresh["rebel_supply"], sum(d["rebels"]) + d["officers"],
                                 "Alliance warriors on the map and officers")
        d["sympathy_supply"] = take(c.fresh["sympathy_supply"], sum(d["sympathy"]), "sympathy tokens on the map")
        stack = c.cards(a.get("supporters", []) or [], "alliance.supporters")
        d["supporters"] = tally(stack)
        d["supporters_size"] = len(stack)
        return stack


class Vagabond(Reader):
    """The Vagabond (LoR 9): his pawn (a clearing or a forest), character, items by state,
    relationships, coalition partner, quests face up and completed, from the `vagabond` object;
    the ruins still standing from each clearing's `ruin`. The quest deck is the quests neither
    face up nor completed; the items under the ruins are the `ruin_items` pool (a new game's
    while no ruin is explored, none once all are), his removed items `removed_items` (default:
    the starting items his character does not use)."""
    faction = factions.VAGABOND
    flat = {"vagabond": "pawn"}
    flags = frozenset({"vagabond"})
    pieces = ("pawn",)
    hi = {"pawn": 1}
    board, board_required = "vagabond", True
    board_read = ("character", "pawn", "items", "relationships", "coalition", "quests", "completed",
                  "ruin_items", "removed_items")
    board_derived = ("tracks", "item_load", "item_limit", "refresh", "aids_this_turn", "quest_deck")
    daylight = "vagabond_daylight"

    def read(self, c):
        d, v = c.d, c.board(self, True)
        table = _core.VAGABOND_TABLE
        for key in ("character", "pawn"):
            if key not in v:
                raise PositionError(f"the vagabond object has no {key!r}")
        d["vb_char"] = name_of(v["character"], tuple(_core.CHARACTER_NAMES), "vagabond.character")
        d["vb_at"] = location(v["pawn"], "vagabond.pawn", c.forests)
        c.agree(self.faction, "pawn", d["vb_at"], "vagabond.pawn")
        items = obj(v.get("items", {}) or {}, "vagabond.items", ITEM_STATES)
        d["vb_items"] = [kinds(items.get(s), f"vagabond.items.{s}") for s in ITEM_STATES]
        unused = ([a - b for a, b in zip(factions.s_items(d["vb_char"]), table["start_items"][d["vb_char"]])]
                  if d["vb_char"] >= 0 else [0] * len(VITEMS))
        d["vb_out"] = kinds(v["removed_items"], "vagabond.removed_items") if "removed_items" in v else unused
        # relationships with each other seated faction, and the coalition partner
        others = [f for f in c.table if f != self.faction]
        rel = obj(v.get("relationships", {}) or {}, "vagabond.relationships", factions.names(others))
        d["vb_rel"] = [0] * len(factions.NAMES)
        for f in others:
            name = factions.NAMES[f]
            d["vb_rel"][f] = name_of(rel.get(name, "indifferent"), RELATIONS, f"vagabond.relationships.{name}",
                                     null=False) - 1
        partner = v.get("coalition")
        d["coalition"] = -1 if partner is None else c.table.index(
            others[name_of(partner, factions.names(others), "vagabond.coalition", null=False)])
        # quests
        masks = []
        for key in ("quests", "completed"):
            tokens = v.get(key, []) or []
            if not isinstance(tokens, list):
                raise PositionError(f"vagabond.{key} must be a list of quests like 'F#errand'")
            mask = 0
            for token in tokens:
                q = QUEST_INDEX.get(token.lower()) if isinstance(token, str) else None
                if q is None:
                    raise PositionError(f"vagabond.{key}: no quest {token!r} (quests are written like "
                                        f"'F#errand': {', '.join(QUEST_TOKENS)})")
                if (mask | (masks[0] if masks else 0)) >> q & 1:
                    raise PositionError(f"vagabond.{key}: the quest {token!r} is named twice")
                mask |= 1 << q
            masks.append(mask)
        d["quest_up"], d["quest_done"] = masks
        d["quest_deck"] = ALL_QUESTS & ~(masks[0] | masks[1])
        # the ruins: explored where a ruin clearing says `ruin: false`
        d["explored"] = explored(c.rows, c.map["ruins"])
        ruins = sum(1 for r in c.map["ruins"] if r)
        standing = ruins - bin(d["explored"]).count("1")
        if "ruin_items" in v:
            d["ruin_items"] = kinds(v["ruin_items"], "vagabond.ruin_items", 1)
        elif standing in (0, ruins):
            d["ruin_items"] = list(c.fresh["ruin_items"]) if standing else [0] * len(VITEMS)
        else:
            raise PositionError(f"{ruins - standing} of the {ruins} ruins are explored: vagabond.ruin_items must "
                                f"say which items are still under the other {standing}")
        return []

    def absent(self, c):
        super().absent(c)
        if explored(c.rows, c.map["ruins"]) and factions.HUNDREDS not in c.table:     # (the Hundreds raze them)
            i = min(i for i in range(NCL) if explored(c.rows, c.map["ruins"]) >> i & 1)
            raise PositionError(f"clearing {i + 1} says ruin false (explored), but only the Vagabond explores "
                                f"ruins (and the Hundreds raze them) and neither is at the table")


def explored(rows, ruins) -> int:
    """The ruins explored: a ruin clearing (of the map's ruins) whose `ruin` is false (a clearing
    without a ruin says false or nothing)."""
    mask = 0
    for i, row in enumerate(rows):
        if "ruin" not in row:
            continue
        if type(row["ruin"]) is not bool:
            raise PositionError(f"clearing {i + 1} ruin must be true or false, not {row['ruin']!r}")
        if row["ruin"] and not ruins[i]:
            raise PositionError(f"clearing {i + 1} says ruin true, but the map has no ruin there")
        if ruins[i] and not row["ruin"]:
            mask |= 1 << i
    return mask


class Wyrm(Reader):
    """The Voracious Wyrm: wyrmlings and a fear token (its side: `fear_side`) per clearing, the
    pawn (a clearing or a forest), the Growth markers; its Lair is its `items` (with treasure)."""
    faction = factions.WYRM
    flat = {"wyrmlings": "warriors", "pawn": "pawn", "fear": "fear"}
    flags = frozenset({"pawn"})
    pieces = ("warriors", "pawn", "fear")
    hi = {"pawn": 1, "fear": 1}
    extra = ("fear_side",)
    top = ("pawn", "growth")
    required = ("pawn", "growth")
    daylight = "wyrm_daylight"
    warrior_supply = "wyrmling_supply"

    def read(self, c):
        d, fresh = c.d, c.fresh
        for i, (row, pc) in enumerate(zip(c.rows, c.pieces[self.faction])):
            d["wyrmlings"][i] = pc.get("warriors", 0)
            side = row.get("fear_side")
            if side not in FEAR_SIDES:
                raise PositionError(f"clearing {i + 1} fear_side must be 'scared', 'cowed' or null, not {side!r}")
            d["fear"][i] = FEAR_SIDES.index(side)
        d["pawn"] = location(c.p["pawn"], "pawn", c.forests)
        c.agree(self.faction, "pawn", d["pawn"], "pawn")
        for i, pc in enumerate(c.pieces[self.faction]):
            if pc.get("fear", int(d["fear"][i] > 0)) != int(d["fear"][i] > 0):
                raise PositionError(f"clearing {i + 1} says {c.said[self.faction][i]['fear']}, but the position says "
                                    f"fear_side {FEAR_SIDES[d['fear'][i]]!r}")
        growth = obj(c.p["growth"], "growth", TRACKS)
        d["growth"] = [count(growth.get(t), f"growth.{t}", 2) for t in TRACKS]
        d["wyrmling_supply"] = take(fresh["wyrmling_supply"], sum(d["wyrmlings"]), "wyrmlings on the map")
        d["fear_supply"] = take(fresh["fear_supply"], sum(x > 0 for x in d["fear"]), "fear tokens on the map")
        seat = c.table.index(self.faction)
        d["treasure_supply"] = take(fresh["treasure_supply"], d["items"][seat][-1], "treasure in the Lair")
        return []

    def empty_top(self, c, key):
        # the state JSON of a game without the Wyrm still shows the Growth markers of a new game
        return dict(zip(TRACKS, c.fresh["growth"])) if key == "growth" else None


class Mechanical(Reader):
    """The Mechanical Marquise (MM2), a bot: warriors, buildings by type and its Keep per
    clearing; the `mechanical-marquise` object's Keep and options (`variant`, `difficulty`,
    `traits`: MM2 §8, §9; wyrm_ai/model/bot_options.py). It holds no cards; its order card is drawn
    in its Birdsong."""
    faction = factions.MECHANICAL
    flat = {"mm_warriors": "warriors", **{f"mm_{b}": b for b in BUILDINGS}, "mm_keep": "keep"}
    flags = frozenset({"mm_keep"})
    pieces = ("warriors",) + BUILDINGS + ("keep",)
    hi = {"keep": 1}
    board, board_required = "mechanical-marquise", True
    board_read = ("keep", "variant", "difficulty", "traits")
    board_derived = ("order", "priority", "buildings", "supply")
    daylight = "mechanical_daylight"   # start_turn runs its turn on to the order card (a chance event)
    warrior_supply = "mm_warrior_supply"
    holds_cards = False

    def options(self, p):
        m = p.get(self.board)
        if not isinstance(m, dict):
            return {}       # read() names what is wrong
        try:
            return BotOptions.read({k: m[k] for k in ("variant", "difficulty", "traits") if k in m}).core()
        except ConfigError as e:
            raise PositionError(f"{self.board}: {e}") from None

    def read(self, c):
        d, m = c.d, c.board(self, True)
        if "keep" not in m:
            raise PositionError(f"the {self.board} object has no 'keep' (its Keep's clearing, or null once removed)")
        for i, pc in enumerate(c.pieces[self.faction]):
            d["mm_warriors"][i] = pc.get("warriors", 0)
            for b, key in enumerate(BUILDINGS):
                d["mm_buildings"][b][i] = pc.get(key, 0)
        d["mm_keep"] = location(m["keep"], f"{self.board}.keep")
        c.agree(self.faction, "keep", d["mm_keep"], f"{self.board}.keep")
        d["mm_warrior_supply"] = take(c.fresh["mm_warrior_supply"], sum(d["mm_warriors"]),
                                      "Mechanical Marquise warriors on the map")
        return []


class SecondVagabond(Reader):
    """The second Vagabond (LoR 9.7): a position seating him is not written yet (a game with two
    Vagabonds starts from setup: --factions ...,vagabond,vagabond)."""
    faction = factions.VAGABOND2
    board = "vagabond2"
    daylight = "vagabond_daylight"

    def read(self, c):
        raise PositionError("a position seating a second Vagabond cannot be written yet: start a new game "
                            "with vagabond named twice (LoR 9.7)")


class Lizards(Reader):
    """The Lizard Cult (LoR 10): warriors and gardens per clearing (a garden is of its clearing's
    suit: LoR 10.3.2, 10.4.3.III, 10.5.1); the `lizards` object's Outcast suit and side
    (`outcast`: fox, rabbit or mouse; `hated`: true on the Hated side), the acolytes and the cards
    revealed for rituals this turn; the Lost Souls pile, the state JSON's top-level `lost_souls`
    (or `lizards.lost_souls`, not both; both piles public, LoR 10.2.6, 10.5: the deck lacks them).
    The supply is the warriors neither on the map nor acolytes, the gardens of each suit not on the
    map (back on the track, rightmost first)."""
    faction = factions.LIZARDS
    flat = {"lizards": "warriors", "gardens": "gardens"}
    pieces = ("warriors", "gardens")
    board, board_required = "lizards", True
    board_read = ("outcast", "hated", "acolytes", "lost_souls", "revealed")
    # what a view may show besides, derived from the rest (each suit's gardens, Score value and
    # draw bonus; the supply; the Score rituals used this turn): read past
    board_derived = ("gardens", "score", "draw_bonus", "draws", "scored", "supply", "lost_souls_by_suit",
                     "crafting", "conspiracy_costs", "next_score")
    daylight = "lizards_daylight"
    warrior_supply = "lizard_supply"

    def read(self, c):
        d, z = c.d, c.board(self, True)
        if z.get("outcast") is None:
            raise PositionError("the lizards object has no 'outcast' (the Outcast suit: fox, rabbit or mouse; "
                                "a position is past the Cult's setup)")
        suits = tuple(_core.SUIT_NAMES[:3])
        d["outcast"] = name_of(z["outcast"], suits, "lizards.outcast", null=False)
        hated = z.get("hated", False)
        if type(hated) is not bool:
            raise PositionError(f"lizards.hated must be true (the Hated side) or false, not {hated!r}")
        d["hated"] = int(hated)
        d["acolytes"] = count(z.get("acolytes", 0), "lizards.acolytes", _core.LIZARD_TABLE["warriors"])
        d["gardens"] = [[0] * NCL for _ in range(3)]
        for i, pc in enumerate(c.pieces[self.faction]):
            d["lizards"][i] = pc.get("warriors", 0)
            if pc.get("gardens", 0):
                d["gardens"][d["suit"][i]][i] = pc["gardens"]
        for k in range(3):
            take(_core.LIZARD_TABLE["gardens_per_suit"], sum(d["gardens"][k]), f"{suits[k]} gardens on the map")
        d["lizard_supply"] = take(c.fresh["lizard_supply"], sum(d["lizards"]) + d["acolytes"],
                                  "Cult warriors on the map and acolytes")
        lost = c.cards(z.get("lost_souls", []) or [], "lizards.lost_souls")     # (or the top-level
        # `lost_souls`, the state JSON's, read with the shared cards: position.core_dict)
        revealed = c.cards(z.get("revealed", []) or [], "lizards.revealed")
        d["lost_souls"], d["revealed"] = tally(lost), tally(revealed)
        return lost + revealed


class Riverfolk(Reader):
    """The Riverfolk Company (LoR 11): warriors and a trade post per clearing (a post is of its
    clearing's suit, one a clearing: LoR 11.5.6); the `riverfolk` object's service prices
    (`prices`: hand_card, riverboats, mercenaries, 1-4 each; LoR 11.3.5, 11.6.2), the warriors of
    each owner in the Payments, Funds and Committed boxes (`payments`, `funds`, `committed`: by
    faction name; Committed holds the funds on crafting spaces too), each suit's posts still on
    its track (`posts.<suit>.track`) or removed from the game (`posts.<suit>.lost`; LoR
    11.2.5.I: the rest of the 3 are on the map) and the crafting spaces this turn's funds fill
    (`crafting.<suit>.used`). The supply is the warriors neither on the map nor in the boxes; a
    warrior of another faction in the boxes is out of that faction's supply (W-MP-18). The
    Riverfolk's hand is public (LoR 11.2.3), read with every hand (`hands`)."""
    faction = factions.RIVERFOLK
    flat = {"otters": "warriors", "trade_post": "trade_posts"}
    flags = frozenset({"trade_post"})
    pieces = ("warriors", "trade_posts")
    hi = {"trade_posts": 1}
    board, board_required = "riverfolk", True
    board_read = ("prices", "payments", "funds", "committed", "posts", "crafting")
    # what a view shows besides, derived from the rest or of the turn under way: read past
    board_derived = ("hand", "funds_total", "dividends", "services", "supply")
    daylight = "riverfolk_daylight"
    warrior_supply = "otter_supply"

    def read(self, c):
        d, z = c.d, c.board(self, True)
        suits = tuple(_core.SUIT_NAMES[:3])
        table = _core.RIVERFOLK_TABLE
        services = tuple(_core.SERVICE_NAMES)
        for i, pc in enumerate(c.pieces[self.faction]):
            d["otters"][i], d["trade_posts"][i] = pc.get("warriors", 0), pc.get("trade_posts", 0)
        # prices (LoR 11.3.5: set at setup, so a position past it has all three)
        prices = obj(z.get("prices", {}) or {}, "riverfolk.prices", services)
        for name in services:
            if prices.get(name) is None:
                raise PositionError(f"riverfolk.prices has no {name!r} (each service's price 1-{max(table['prices'])}: "
                                    f"{', '.join(services)})")
            if type(prices[name]) is not int or prices[name] not in table["prices"]:
                raise PositionError(f"riverfolk.prices.{name} must be a whole number from {min(table['prices'])} to "
                                    f"{max(table['prices'])}, not {prices[name]!r}")
        d["prices"] = [prices[name] for name in services]
        d["priced"] = (1 << len(services)) - 1
        # trade posts: on the map (the clearings), on the tracks, removed from the game
        per_suit, given = table["posts_per_suit"], obj(z.get("posts", {}) or {}, "riverfolk.posts", suits)
        d["posts_left"] = []
        for k, suit in enumerate(suits):
            on = sum(1 for i in range(NCL) if d["trade_posts"][i] and d["suit"][i] == k)
            row = obj(given.get(suit, {}) or {}, f"riverfolk.posts.{suit}", ("on_map", "track", "lost", "next_vp"))
            what = f"riverfolk.posts.{suit}"
            if row.get("on_map") is not None and row["on_map"] != on:
                raise PositionError(f"{what}.on_map is {row['on_map']!r}, but the clearings hold {on} {suit} trade posts")
            track = None if row.get("track") is None else count(row["track"], f"{what}.track", per_suit)
            lost = None if row.get("lost") is None else count(row["lost"], f"{what}.lost", per_suit)
            if track is None:
                track = per_suit - on - (lost or 0)          # by default none lost
            if track < 0 or on + track + (lost or 0) > per_suit or (lost is not None and on + track + lost != per_suit):
                raise PositionError(f"{what}: {on} on the map, {track if track >= 0 else '?'} on the track"
                                    + ("" if lost is None else f" and {lost} lost")
                                    + f": a suit has {per_suit} trade posts (LoR 11.3.1)")
            d["posts_left"].append(track)
        crafting = obj(z.get("crafting", {}) or {}, "riverfolk.crafting", suits)
        d["track_used"] = []
        for k, suit in enumerate(suits):
            row = obj(crafting.get(suit, {}) or {}, f"riverfolk.crafting.{suit}", ("spaces", "used", "free"))
            used = count(row.get("used", 0), f"riverfolk.crafting.{suit}.used", per_suit)
            if used > per_suit - d["posts_left"][k]:
                raise PositionError(f"riverfolk.crafting.{suit}.used is {used}, but only {per_suit - d['posts_left'][k]} "
                                    f"{suit} crafting spaces are uncovered (one under each post off its track, LoR 11.2.1)")
            d["track_used"].append(used)
        # the boxes, by owner (LoR 11.2.4, 11.2.6.I); the owners' supplies lack them (W-MP-18): read
        # after every other faction's reader has set its supply (READERS puts the Riverfolk last)
        seated = factions.names(c.table)
        held = [0] * len(factions.NAMES)
        for box in ("payments", "funds", "committed"):
            by = obj(z.get(box, {}) or {}, f"riverfolk.{box}", seated)
            d[box] = [0] * len(factions.NAMES)
            for name, n in by.items():
                f = factions.NAMES.index(name)
                d[box][f] = count(n, f"riverfolk.{box}.{name}", 255)
                if d[box][f] and READERS[f].warrior_supply is None:
                    raise PositionError(f"riverfolk.{box}.{name} is {n}, but the {factions.TITLES[f]} has no warriors "
                                        f"(a Vagabond pays with items, and the Riverfolk place their own: LoR 11.2.6.III)")
                held[f] += d[box][f]
        d["otter_supply"] = take(c.fresh["otter_supply"], sum(d["otters"]) + held[self.faction],
                                 "Riverfolk warriors on the map and in their boxes")
        for f in c.table:
            key = READERS[f].warrior_supply
            if f != self.faction and held[f]:
                if held[f] > d[key]:
                    raise PositionError(f"{held[f]} {factions.TITLES[f]} warriors in the Riverfolk's boxes, but only "
                                        f"{d[key]} are neither on the map nor elsewhere off the supply")
                d[key] -= held[f]
        return []


class Duchy(Reader):
    """The Underground Duchy (LoR 12): warriors, citadels, markets and a tunnel per clearing; the
    `duchy` object's warriors in the Burrow (`burrow`), the swayed ministers (`swayed`: names of
    DUCHY_TABLE["ministers"]), the crowns each rank has lost to the Price of Failure (`crowns_lost`:
    {"squire": n, ...}; the rest are on the board or on swayed ministers) and the cards revealed this
    turn (`revealed`, public: LoR 12.5). The supply is the warriors neither on the map nor in the
    Burrow, the tunnels, citadels and markets not on the map."""
    faction = factions.DUCHY
    flat = {"moles": "warriors", "citadels": "citadels", "markets": "markets", "tunnel": "tunnel"}
    flags = frozenset({"tunnel"})
    pieces = ("warriors", "citadels", "markets", "tunnel")
    hi = {"tunnel": 1}
    board, board_required = "duchy", True
    board_read = ("burrow", "swayed", "crowns_lost", "revealed")
    # what a view shows besides (duchy_facts), derived from the rest or of the turn under way: read past
    board_derived = ("crowns", "unswayed", "ministers", "supply", "tunnels", "citadels", "markets", "recruits",
                     "draws", "crafting", "assembly_left", "used", "swayed_now", "acting")
    daylight = "duchy_daylight"
    warrior_supply = "mole_supply"

    def read(self, c):
        d, z = c.d, c.board(self, True)
        table = _core.DUCHY_TABLE
        d["burrow"] = count(z.get("burrow", 0), "duchy.burrow", table["warriors"])
        names = table["ministers"]
        swayed = z.get("swayed", []) or []
        if not isinstance(swayed, list):
            raise PositionError(f"duchy.swayed must be a list of minister names, not {swayed!r}")
        d["swayed"] = 0
        for m in swayed:
            d["swayed"] |= 1 << name_of(m, names, "duchy.swayed", null=False)
        ranks = ("squire", "noble", "lord")
        lost = obj(z.get("crowns_lost", {}) or {}, "duchy.crowns_lost", ranks)
        d["crowns"] = []
        for k, rank in enumerate(ranks):
            held = sum(1 for m in range(len(names)) if (d["swayed"] >> m) & 1 and table["ranks"][m] == k)
            gone = count(lost.get(rank, 0), f"duchy.crowns_lost.{rank}", table["crowns"])
            if held + gone > table["crowns"]:
                raise PositionError(f"{held} swayed {rank}s and {gone} {rank} crowns lost: a rank has "
                                    f"{table['crowns']} crowns (LoR 12.3.6)")
            d["crowns"].append(table["crowns"] - held - gone)
        for i, pc in enumerate(c.pieces[self.faction]):
            d["moles"][i] = pc.get("warriors", 0)
            d["citadels"][i] = pc.get("citadels", 0)
            d["markets"][i] = pc.get("markets", 0)
            d["tunnels"][i] = int(pc.get("tunnel", 0))
        take(table["citadels"], sum(d["citadels"]), "citadels on the map")
        take(table["markets"], sum(d["markets"]), "markets on the map")
        d["tunnel_supply"] = take(c.fresh["tunnel_supply"], sum(d["tunnels"]), "tunnels on the map")
        d["mole_supply"] = take(c.fresh["mole_supply"], sum(d["moles"]) + d["burrow"],
                                "Duchy warriors on the map and in the Burrow")
        revealed = c.cards(z.get("revealed", []) or [], "duchy.revealed")
        if revealed and d["turn"] != c.table.index(self.faction):
            raise PositionError(f"duchy.revealed holds cards, but it is the {c.seats[d['turn']]}'s turn: the Duchy "
                                f"reveal in their own Daylight and take the cards back in their Evening (LoR 12.6.1)")
        d["duchy_revealed"] = tally(revealed)
        return revealed


class Corvids(Reader):
    """The Corvid Conspiracy (LoR 13): warriors and a plot per clearing; the `corvids` object's plots
    by clearing (`plots`: {"3": {"type": "bomb", "face_up": false, "ruled_out": ["snare"]}, ...}):
    every clearing holding a plot, with its type (LoR 13.2.2: two plots of each type), its facing
    (default face down) and the types a wrong Exposure ruled out for it (public, face down only:
    docs/duchy-corvids.md K-C3; default none). A seat's view hides a face-down plot's type (null):
    a position gives every type, as the referee's view does. The supply is the warriors and plots
    not on the map."""
    faction = factions.CORVIDS
    flat = {"corvids": "warriors", "plot": "plots"}
    flags = frozenset({"plot"})
    pieces = ("warriors", "plots")
    hi = {"plots": 1}
    board, board_required = "corvids", False
    board_read = ("plots",)
    # what a view shows besides (corvids_facts), derived from the plots or of the turn under way:
    # read past
    board_derived = ("face_up", "face_down", "flip_vp", "snares", "draws", "crafting", "plots_placed", "plot_cost",
                     "actions_left", "exerted", "exposing", "supply", "supply_types")
    daylight = "corvids_daylight"
    warrior_supply = "corvid_supply"

    def read(self, c):
        d, z = c.d, c.board(self, False)
        names = tuple(_core.PLOT_NAMES)
        for i, pc in enumerate(c.pieces[self.faction]):
            d["corvids"][i] = pc.get("warriors", 0)
            d["plots"][i] = pc.get("plots", 0)
        given = obj(z.get("plots", {}) or {}, "corvids.plots", tuple(str(i + 1) for i in range(NCL)))
        d["plot_types"], d["plots_up"], d["plot_not"] = [0] * NCL, 0, [0] * NCL
        for key, row in given.items():
            i, what = int(key) - 1, f"corvids.plots.{key}"
            if not d["plots"][i]:
                raise PositionError(f"{what}: clearing {key} holds no plot (its pieces.corvids.plots is 0)")
            row = obj(row, what, ("type", "face_up", "ruled_out"))
            if row.get("type") is None:
                raise PositionError(f"{what}.type is null: a position gives every plot's type (a seat's view "
                                    f"hides a face-down plot's, LoR 13.2.2.I: the referee's view holds them)")
            d["plot_types"][i] = name_of(row["type"], names, f"{what}.type", null=False)
            up = row.get("face_up", False)
            if type(up) is not bool:
                raise PositionError(f"{what}.face_up must be true or false, not {up!r}")
            d["plots_up"] |= int(up) << i
            out = row.get("ruled_out", []) or []
            if not isinstance(out, list):
                raise PositionError(f"{what}.ruled_out must be a list of plot types, not {out!r}")
            for name in out:
                d["plot_not"][i] |= 1 << name_of(name, names, f"{what}.ruled_out", null=False)
            if out and up:
                raise PositionError(f"{what}.ruled_out names types, but the plot lies face up: a wrong Exposure "
                                    f"rules types out of a face-down plot (LoR 13.2.4)")
            if row["type"] in out:
                raise PositionError(f"{what}.ruled_out names {row['type']!r}, the plot's own type: a right "
                                    f"Exposure removes the plot (LoR 13.2.4)")
        for i in range(NCL):
            if d["plots"][i] and str(i + 1) not in given:
                raise PositionError(f"clearing {i + 1} holds a plot, but corvids.plots gives no type for it "
                                    f"(LoR 13.2.2: {', '.join(names)})")
        per_type = _core.CORVID_TABLE["plots_per_type"]
        for t, name in enumerate(names):
            n = sum(1 for i in range(NCL) if d["plots"][i] and d["plot_types"][i] == t)
            if n > per_type:
                raise PositionError(f"{n} {name} plots on the map: the Corvids have {per_type} of each (LoR 13.2.2)")
        d["plot_supply"] = take(c.fresh["plot_supply"], sum(d["plots"]), "plots on the map")
        d["corvid_supply"] = take(c.fresh["corvid_supply"], sum(d["corvids"]), "Corvid warriors on the map")
        return []


class Hundreds(Reader):
    """The Lord of the Hundreds (LoR 14): warriors, the warlord (a flag: the seat's pawn), strongholds
    and a mob per clearing; the `hundreds` object's Hoard (`hoard`: {"boots": 1, ...}; LoR 14.2.4)
    and mood (`mood`: a name of MOOD_NAMES, default the setup's Stubborn). The supply is the
    warriors, strongholds and mobs not on the map."""
    faction = factions.HUNDREDS
    flat = {"hundreds": "warriors", "warlord": "warlord", "strongholds": "strongholds", "mob": "mob"}
    flags = frozenset({"warlord", "mob"})
    pieces = ("warriors", "warlord", "strongholds", "mob")
    hi = {"warlord": 1, "mob": 1, "strongholds": 3}
    board, board_required = "hundreds", False
    board_read = ("hoard", "mood", "ruin_items")
    # what a view shows besides (hundreds_facts, protocol 2.19), derived from the board or of the
    # turn under way: read past
    board_derived = ("command", "prowess", "supply", "draws", "oppressed", "crafting", "tracks", "moods_open",
                     "warlord", "mobs", "strongholds", "oppress_vp", "phase", "birdsong_stage", "raze_ruins",
                     "mob_suit", "daylight", "jubilant_left", "contempt", "overflow")
    daylight = "hundreds_daylight"
    warrior_supply = "hundred_supply"

    def read(self, c):
        d, z = c.d, c.board(self, False)
        table = _core.HUNDREDS_TABLE
        warlord = -1
        for i, pc in enumerate(c.pieces[self.faction]):
            d["hundreds"][i] = pc.get("warriors", 0)
            d["strongholds"][i] = pc.get("strongholds", 0)
            d["mobs"][i] = int(pc.get("mob", 0))
            if pc.get("warlord"):
                if warlord >= 0:
                    raise PositionError(f"clearings {warlord + 1} and {i + 1} both hold the warlord (LoR 14.2.2: one)")
                warlord = i
        d["warlord"] = warlord
        d["hoard"] = kinds(z.get("hoard"), "hundreds.hoard", table["track"])
        d["mood"] = name_of(z.get("mood", "stubborn"), tuple(_core.MOOD_NAMES), "hundreds.mood", null=False)
        if factions.VAGABOND not in c.table:        # (with him, his reader reads the ruins)
            self.ruins(c, z)
        take(table["strongholds"], sum(d["strongholds"]), "strongholds on the map")
        d["mob_supply"] = take(c.fresh["mob_supply"], sum(d["mobs"]), "mobs on the map")
        d["hundred_supply"] = take(c.fresh["hundred_supply"], sum(d["hundreds"]), "Hundreds warriors on the map")
        return []

    @staticmethod
    def ruins(c, z) -> None:
        """The ruins a Raze took (LoR 14.4.1: a ruin leaves the map once its item is taken), where a ruin
        clearing says `ruin: false`; the items still under the others are `hundreds.ruin_items` (a pool,
        as the Vagabond's `ruin_items`: a new game's while no ruin is razed, none once all are)."""
        d = c.d
        d["explored"] = explored(c.rows, c.map["ruins"])
        ruins = sum(1 for r in c.map["ruins"] if r)
        standing = ruins - bin(d["explored"]).count("1")
        if z.get("ruin_items") is not None:
            d["ruin_items"] = kinds(z["ruin_items"], "hundreds.ruin_items", 1)
        elif standing in (0, ruins):
            d["ruin_items"] = list(c.fresh["ruin_items"]) if standing else [0] * len(VITEMS)
        else:
            raise PositionError(f"{ruins - standing} of the {ruins} ruins are razed: hundreds.ruin_items must "
                                f"say which items are still under the other {standing}")


class Keepers(Reader):
    """The Keepers in Iron (LoR 15; docs/hundreds-keepers.md §7): warriors per clearing; the `keepers`
    object's waystations (a list of three, in WAYSTATION_FACES' order: null on the faction board, or
    {"clearing": 1-12, "up": a relic type it shows}), relics (a list of twelve, four of each type:
    {"type": "figure", "at": a clearing 1-12, a forest's name or "recovered", "value": 1-3, or null
    face down in a forest}) and Retinue (`retinue`: {"move": [cards], "battle_delve": [...],
    "move_recover": [...]}, a Faithful Retainer named "retainer"). Waystations and relics in a
    clearing follow from them; where a clearing gives them too (`pieces.keepers.waystations`,
    `.relics`, the flat `relics` and `waystations`, the types face up: the state JSON's, protocol
    2.20), they must agree. A relic waiting as a trophy (`"at": "trophy"`) is no position."""
    faction = factions.KEEPERS
    # the state JSON's flat names (2.20): `keepers` (warriors), `relics` (a count) and `waystations`
    # (the relic types they show face up, a list: read against the board's waystations)
    flat = {"keepers": "warriors", "relics": "relics"}
    extra = ("waystations",)
    pieces = ("warriors", "waystations", "relics")
    board, board_required = "keepers", True
    board_read = ("waystations", "relics", "retinue")
    # what a view shows besides (keepers_facts, protocol 2.20), derived or of the turn under way: read past
    board_derived = ("supply", "draws", "recovered", "columns", "phase", "birdsong_stage", "column", "acting",
                     "delve", "carry", "trophies", "crafting", "relics_in_clearings", "retinue_used", "gather",
                     "ruled_around_forest", "ruled_of_suit", "recoverable", "face_down_values", "encamped",
                     "decamped")
    daylight = "keepers_daylight"
    warrior_supply = "keeper_supply"

    def read(self, c):
        d, z = c.d, c.board(self, True)
        types = tuple(_core.RELIC_TYPE_NAMES)
        faces = _core.KEEPERS_TABLE["waystation_faces"]
        for i, pc in enumerate(c.pieces[self.faction]):
            d["keepers"][i] = pc.get("warriors", 0)
        ways = z.get("waystations") or [None, None, None]
        if not isinstance(ways, list) or len(ways) != 3:
            raise PositionError("keepers.waystations must be a list of three (null: on the faction board)")
        d["waystations"] = [0] * NCL
        for w, way in enumerate(ways):
            what = f"keepers.waystations[{w}]"
            if way is None:
                d["way_at"][w], d["way_face"][w] = -1, 0
                continue
            way = obj(way, what, ("clearing", "up"))
            d["way_at"][w] = location(way.get("clearing"), f"{what}.clearing")
            if d["way_at"][w] < 0:
                raise PositionError(f"{what}.clearing must be a clearing 1-{NCL}")
            up = name_of(way.get("up", types[faces[w][0]]), tuple(types[t] for t in faces[w]), f"{what}.up",
                         null=False)
            d["way_face"][w] = up
            d["waystations"][d["way_at"][w]] += 1
        relics = z.get("relics")
        if not isinstance(relics, list) or len(relics) != _core.NUM_RELICS:
            raise PositionError(f"keepers.relics must be a list of {_core.NUM_RELICS} relics (four of each type)")
        seen = [0, 0, 0]
        d["relics"] = [0] * NCL
        for k, relic in enumerate(relics):
            what = f"keepers.relics[{k}]"
            relic = obj(relic, what, ("type", "at", "value"))
            t = name_of(relic.get("type"), types, f"{what}.type", null=False)
            if seen[t] == 4:
                raise PositionError(f"more than four {types[t]} relics (LoR 15.2.1)")
            r = t * 4 + seen[t]
            seen[t] += 1
            at = relic.get("at")
            if at == "trophy":
                raise PositionError(f"{what}.at is \"trophy\": a removed relic waits for its remover to place it "
                                    f"in a forest (LoR 15.2.5); a position gives the forest")
            d["relic_at"][r] = (_core.RELIC_AT_RECOVERED if at == "recovered"
                                else location(at, f"{what}.at", c.forests))
            if d["relic_at"][r] < 0:
                raise PositionError(f"{what}.at must be a clearing, a forest or \"recovered\"")
            value = relic.get("value")
            d["relic_value"][r] = 0 if value is None else count(value, f"{what}.value", 3)
            if d["relic_at"][r] < NCL:
                d["relics"][d["relic_at"][r]] += 1
        self.agree_pieces(c, d, [[types[faces[w][d["way_face"][w]]] for w in range(3) if d["way_at"][w] == i]
                                 for i in range(NCL)])
        retinue = obj(z.get("retinue") or {}, "keepers.retinue", _core.RETINUE_COLUMNS)
        slots, held = [], []
        for col, name in enumerate(_core.RETINUE_COLUMNS):
            cards = retinue.get(name) or []
            if not isinstance(cards, list):
                raise PositionError(f"keepers.retinue.{name} must be a list of cards")
            for card in cards:
                if card == "retainer":
                    slots.append((_core.RETAINER_CARD, col))
                else:
                    ids = c.cards([card], f"keepers.retinue.{name}")
                    held += ids
                    slots.append((ids[0], col))
        if len(slots) > _core.NUM_RETINUE:
            raise PositionError(f"{len(slots)} Retinue cards: the Retinue holds ten at most (LoR 15.6.2)")
        d["retinue"] = [t for t, _ in slots] + [-1] * (_core.NUM_RETINUE - len(slots))
        d["retinue_column"] = [col for _, col in slots] + [0] * (_core.NUM_RETINUE - len(slots))
        d["keeper_supply"] = take(c.fresh["keeper_supply"], sum(d["keepers"]), "Keepers warriors on the map")
        return held

    def agree_pieces(self, c, d, faces) -> None:
        """A clearing's waystations and relics, where given (`pieces.keepers`, the flat `relics` and
        `waystations`), agree with the `keepers` object's (faces[i]: the types clearing i's
        waystations show face up)."""
        for i in range(NCL):
            mine, said = c.pieces[self.faction][i], c.said[self.faction][i]
            for piece, n in (("waystations", d["waystations"][i]), ("relics", d["relics"][i])):
                if piece in mine and mine[piece] != n:
                    raise PositionError(f"clearing {i + 1} says {said[piece]}, but keepers.{piece} puts {n} there")
            flat = c.rows[i].get("waystations")
            if flat is not None and (not isinstance(flat, list) or sorted(map(str, flat)) != sorted(faces[i])):
                raise PositionError(f"clearing {i + 1} waystations is {flat!r}, but keepers.waystations puts "
                                    f"{sorted(faces[i])!r} there (the types they show face up)")


def tally(ids) -> list[int]:
    out = [0] * _core.NUM_CARD_TYPES
    for t in ids:
        out[t] += 1
    return out


# (in this order: the Riverfolk's boxes come off every other faction's supply once each has read its own)
READERS = {r.faction: r for r in (Marquise(), Eyrie(), Alliance(), Vagabond(), Wyrm(), Mechanical(),
                                   SecondVagabond(), Lizards(), Duchy(), Corvids(), Hundreds(), Keepers(),
                                   Riverfolk())}
assert set(READERS) == set(range(len(factions.NAMES)))
# the flat per-clearing fields the state JSON gives at every table (empty where the faction is absent)
ALWAYS_IN_CLEARINGS = (factions.MARQUISE, factions.WYRM)
