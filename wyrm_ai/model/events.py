"""The engine's events, named: what the rules did while applying one action (a battle, the roll,
hits dealt, pieces removed, the pawn fleeing, every VP and its reason...).

The core tells them from the rule functions where they happen (ext/wyrm_ai/events.pxi) as int
tuples; State.apply_logged returns them and Game.apply keeps them per record entry
(Game.events). Here they become Event tuples, and `fields` gives each kind's fields by name
(the same table serves the protocol's `events` JSON and the words of wyrm_ai/model/narration.py).

A card a viewer may not know (another seat's draw) is None: show events to a seat only through
wyrm_ai/model/redaction.py (events_seen)."""
from __future__ import annotations

from typing import NamedTuple

from wyrm_ai import _core
from wyrm_ai.model.cards import CARDS, ITEM_NAMES, SUIT_NAMES
from wyrm_ai.model.factions import NAMES, TWO_SEATS
from wyrm_ai.model.notation import FORESTS, MASK

KINDS = _core.EVENT_KINDS
VP_REASONS = _core.VP_REASONS
REMOVE_CAUSES = _core.REMOVE_CAUSES


class Event(NamedTuple):
    """One event: kind (KINDS), seat (-1 none), clearing (0-11; -1 none), arg and detail
    (per kind, see FIELDS; a card the viewer may not know is None), amount, the game's seat
    table (faction ids in seat order), which names the seats, and for an event of a battle
    (SIDED) the battle's (attacker, defender) seats, read from the battle event that began it
    (named(): () when not known), and the names of the map's forests."""
    kind: str
    seat: int
    clearing: int
    arg: int | None
    amount: int
    detail: int | None
    factions: tuple = TWO_SEATS
    sides: tuple = ()
    forests: tuple = FORESTS       # the map's forests by name (a flight names its forest)

    @property
    def against(self) -> int:
        """The seat on the other side of the battle from this event's seat (-1 when not known):
        from the battle's sides, else the other seat at a two-seat table."""
        if len(self.sides) == 2 and self.seat in self.sides:
            return self.sides[1] if self.seat == self.sides[0] else self.sides[0]
        others = [s for s in range(len(self.factions)) if s != self.seat]
        return others[0] if len(others) == 1 else -1


# the events told within a battle, after its `battle` event: they name one side (their seat), and
# the words and fields name the other from the battle's sides (issue 28: never "the opponent")
SIDED = ("ambush", "foil", "roll", "hits", "defenseless", "ravenous", "armorers", "no_target")
BATTLE = KINDS.index("battle")


def event(raw: tuple, factions: tuple[int, ...] = TWO_SEATS, sides: tuple = (), forests: tuple = FORESTS) -> Event:
    kind, seat, clearing, arg, amount, detail = raw
    name = KINDS[kind]
    return Event(name, seat, clearing, arg, amount, detail, factions, sides if name in SIDED else (), forests)


def events(raws, factions: tuple[int, ...] = TWO_SEATS, sides: tuple = (), forests: tuple = FORESTS) -> tuple[Event, ...]:
    """The raw events of one entry, named; sides: the (attacker, defender) of the battle under
    way when the entry began (a battle event within the entry starts a new one)."""
    out = []
    for r in raws:
        if r[0] == BATTLE:
            sides = (r[1], r[3])
        out.append(event(r, factions, sides, forests))
    return tuple(out)


def sides_before(told: list, i: int) -> tuple:
    """The (attacker, defender) of the last battle begun in the raw entries before entry i, or
    ()."""
    for j in range(i - 1, -1, -1):
        for r in reversed(told[j]):
            if r[0] == BATTLE:
                return (r[1], r[3])
    return ()


def named(told: list, factions: tuple[int, ...], start: int = 0, forests: tuple = FORESTS) -> list[tuple[Event, ...]]:
    """The raw events of entries start.. of a record (told: one list of raw tuples per entry),
    named, every battle's events with the battle's sides (forests: the map's, by name)."""
    needs = any(KINDS[r[0]] in SIDED for raws in told[start:] for r in raws)
    sides = sides_before(told, start) if needs else ()
    out = []
    for raws in told[start:]:
        evs = events(raws, factions, sides, forests)
        for r in raws:
            if r[0] == BATTLE:
                sides = (r[1], r[3])
        out.append(evs)
    return out


# Each kind's fields: (name, Event field, type). Types: seat, clearing (1-12), card, piece, item,
# forest, count, reason (VP_REASONS), cause (REMOVE_CAUSES), hit (rolled / ambush), and
# "detail" for a VP, whose detail depends on its reason (DETAIL_OF_REASON).
FIELDS = {
    "battle": (("attacker", "seat", "seat"), ("clearing", "clearing", "clearing"), ("defender", "arg", "seat")),
    "ambush": (("defender", "seat", "seat"), ("clearing", "clearing", "clearing"), ("card", "arg", "card")),
    "foil": (("attacker", "seat", "seat"), ("clearing", "clearing", "clearing"), ("card", "arg", "card")),
    "roll": (("attacker", "seat", "seat"), ("clearing", "clearing", "clearing"),
             ("attacker_die", "arg", "count"), ("defender_die", "amount", "count"), ("defender", "against", "seat")),
    "hits": (("dealer", "seat", "seat"), ("clearing", "clearing", "clearing"), ("hits", "amount", "count"),
             ("source", "arg", "hit"), ("capped_by", "detail", "count"), ("to", "against", "seat")),
    "ravenous": (("seat", "seat", "seat"), ("clearing", "clearing", "clearing"), ("ignored", "amount", "count")),
    "armorers": (("seat", "seat", "seat"), ("clearing", "clearing", "clearing"), ("cancelled", "amount", "count")),
    "remove": (("owner", "seat", "seat"), ("clearing", "clearing", "clearing"), ("piece", "arg", "piece"),
               ("count", "amount", "count"), ("cause", "detail", "cause")),
    "no_target": (("seat", "seat", "seat"), ("clearing", "clearing", "clearing"), ("hits", "amount", "count")),
    "lair": (("seat", "seat", "seat"), ("clearing", "clearing", "clearing"), ("item", "arg", "item")),
    "flee": (("seat", "seat", "seat"), ("clearing", "clearing", "clearing"), ("forest", "arg", "forest")),
    "vp": (("seat", "seat", "seat"), ("vp", "amount", "count"), ("reason", "arg", "reason"),
           ("clearing", "clearing", "clearing"), ("detail", "detail", "detail")),
    "hospital": (("seat", "seat", "seat"), ("clearing", "clearing", "clearing"), ("warriors", "amount", "count")),
    "draw": (("seat", "seat", "seat"), ("card", "arg", "card")),
    "reshuffle": (("cards", "amount", "count"),),
    "win": (("seat", "seat", "seat"), ("vp", "amount", "count"), ("dominance", "arg", "card"),
            ("with", "detail", "seat")),         # the coalition partner who wins with it (LoR 9.2.8)
    "defenseless": (("seat", "seat", "seat"), ("clearing", "clearing", "clearing"), ("extra_hits", "amount", "count")),
    "turmoil": (("seat", "seat", "seat"), ("deposed", "arg", "leader"), ("purged", "amount", "count")),
    "leader": (("seat", "seat", "seat"), ("leader", "arg", "leader"), ("new_clutch", "amount", "count")),
    "dominance": (("seat", "seat", "seat"), ("card", "arg", "card"), ("vp", "amount", "count")),
    "swap": (("seat", "seat", "seat"), ("card", "arg", "card"), ("spent", "detail", "card")),
    "available": (("seat", "seat", "seat"), ("card", "arg", "card")),
    "outrage": (("payer", "seat", "seat"), ("card", "arg", "card"), ("suit", "amount", "suit"),
                ("shown", "detail", "count")),
    "supporter": (("seat", "seat", "seat"), ("card", "arg", "card"), ("change", "amount", "count"),
                  ("how", "detail", "supporter_how")),
    "revolt": (("seat", "seat", "seat"), ("clearing", "clearing", "clearing"), ("suit", "arg", "suit"),
               ("warriors", "amount", "count")),
    "sympathy": (("seat", "seat", "seat"), ("clearing", "clearing", "clearing"), ("organize", "arg", "count"),
                 ("token", "amount", "count")),
    "base_lost": (("seat", "seat", "seat"), ("clearing", "clearing", "clearing"), ("officers_lost", "arg", "count"),
                  ("supporters_discarded", "amount", "count")),
    "officer": (("seat", "seat", "seat"), ("card", "arg", "card"), ("officers", "amount", "count")),
    "item": (("seat", "seat", "seat"), ("clearing", "clearing", "clearing"), ("item", "arg", "vitem"),
             ("count", "amount", "count"), ("how", "detail", "item_how")),
    "relation": (("seat", "seat", "seat"), ("faction", "arg", "faction"), ("level", "amount", "relation")),
    "quest": (("seat", "seat", "seat"), ("clearing", "clearing", "clearing"), ("quest", "arg", "quest"),
              ("reward", "amount", "reward")),
    "aid": (("seat", "seat", "seat"), ("clearing", "clearing", "clearing"), ("aided", "arg", "seat"),
            ("card", "detail", "card")),
    "coalition": (("seat", "seat", "seat"), ("partner", "arg", "seat"), ("vp", "amount", "count"),
                  ("card", "detail", "card")),
    "explore": (("seat", "seat", "seat"), ("clearing", "clearing", "clearing"), ("item", "arg", "vitem")),
    "order": (("seat", "seat", "seat"), ("card", "arg", "card"), ("expand", "amount", "count")),
    "mm_step": (("seat", "seat", "seat"), ("step", "arg", "mm_step"), ("escalated", "amount", "count")),
    "place": (("seat", "seat", "seat"), ("clearing", "clearing", "clearing"), ("warriors", "amount", "count"),
              ("why", "arg", "place_why")),
    "build": (("seat", "seat", "seat"), ("clearing", "clearing", "clearing"), ("building", "arg", "building")),
    "move": (("seat", "seat", "seat"), ("from", "clearing", "clearing"), ("to", "arg", "clearing"),
             ("warriors", "amount", "count")),
    "fortified": (("seat", "seat", "seat"), ("clearing", "clearing", "clearing"), ("piece", "arg", "piece")),
    "scorched": (("seat", "seat", "seat"), ("clearing", "clearing", "clearing")),
    "glide": (("seat", "seat", "seat"), ("clearing", "clearing", "clearing")),
    "improvise": (("seat", "seat", "seat"), ("clearing", "clearing", "clearing"), ("item", "arg", "vitem"),
                  ("stands_for", "amount", "vitem")),
    "swift_strike": (("seat", "seat", "seat"), ("clearing", "clearing", "clearing"), ("extra_hits", "amount", "count")),
    "enlist": (("defender", "seat", "seat"), ("clearing", "clearing", "clearing"), ("arbiter", "arg", "seat"),
               ("swords", "amount", "count")),
    "instigate": (("seat", "seat", "seat"), ("clearing", "clearing", "clearing"), ("attacker", "arg", "seat"),
                  ("defender", "amount", "seat")),
    "outcast": (("seat", "seat", "seat"), ("suit", "arg", "suit"), ("hated", "amount", "count")),
    "lost_souls": (("seat", "seat", "seat"), ("cards", "amount", "count")),
    "ritual": (("seat", "seat", "seat"), ("clearing", "clearing", "clearing"), ("ritual", "arg", "ritual"),
               ("card", "detail", "card")),
    "conspiracy": (("seat", "seat", "seat"), ("clearing", "clearing", "clearing"),
                   ("conspiracy", "arg", "conspiracy"), ("acolytes", "amount", "count")),
    "acolytes": (("seat", "seat", "seat"), ("clearing", "clearing", "clearing"), ("sacrifice", "arg", "count"),
                 ("warriors", "amount", "count")),
    "faithful": (("seat", "seat", "seat"), ("card", "arg", "card")),
    "service": (("seat", "seat", "seat"), ("service", "arg", "service"), ("price", "amount", "count"),
                ("card", "detail", "card")),
    "funds": (("seat", "seat", "seat"), ("how", "arg", "fund_how"), ("warriors", "amount", "count"),
              ("owner", "detail", "seat")),
    "trade_post": (("seat", "seat", "seat"), ("clearing", "clearing", "clearing"), ("suit", "arg", "suit"),
                   ("warriors", "amount", "count"), ("paid_by", "detail", "seat")),
    "price": (("seat", "seat", "seat"), ("service", "arg", "service"), ("price", "amount", "count")),
    "burrow": (("seat", "seat", "seat"), ("clearing", "clearing", "clearing"), ("down", "arg", "count"),
               ("warriors", "amount", "count")),
    "dc_build": (("seat", "seat", "seat"), ("clearing", "clearing", "clearing"), ("building", "arg", "dc_building"),
                 ("card", "detail", "card")),
    "tunnel": (("seat", "seat", "seat"), ("clearing", "clearing", "clearing"), ("card", "arg", "card")),
    "minister": (("seat", "seat", "seat"), ("minister", "arg", "minister")),
    "sway": (("seat", "seat", "seat"), ("minister", "arg", "minister"), ("vp", "amount", "count")),
    "failure": (("seat", "seat", "seat"), ("minister", "arg", "minister")),
    "fail_discard": (("seat", "seat", "seat"), ("card", "arg", "card")),
    "reveal": (("seat", "seat", "seat"), ("clearing", "clearing", "clearing"), ("card", "arg", "card"),
               ("for", "amount", "reveal_why")),
    "plot": (("seat", "seat", "seat"), ("clearing", "clearing", "clearing"), ("plot", "arg", "plot"),
             ("warriors", "amount", "count")),
    "flip": (("seat", "seat", "seat"), ("clearing", "clearing", "clearing"), ("plot", "arg", "plot"),
             ("vp", "amount", "count")),
    "trick": (("seat", "seat", "seat"), ("clearing", "clearing", "clearing"), ("other", "arg", "clearing")),
    "expose": (("seat", "seat", "seat"), ("clearing", "clearing", "clearing"), ("plot", "arg", "plot"),
               ("right", "amount", "count"), ("card", "detail", "card")),
    "raid": (("seat", "seat", "seat"), ("clearing", "clearing", "clearing"), ("warriors", "amount", "count")),
    "extort": (("seat", "seat", "seat"), ("victim", "arg", "seat"), ("card", "detail", "card")),
    "hoard": (("seat", "seat", "seat"), ("item", "arg", "vitem"), ("gained", "amount", "count"),
              ("why_out", "detail", "count")),
    "contempt": (("seat", "seat", "seat"), ("item", "arg", "vitem"), ("scored", "amount", "count"),
                 ("card", "detail", "card")),
    "loot": (("seat", "seat", "seat"), ("clearing", "clearing", "clearing"), ("item", "arg", "vitem"),
             ("taken", "amount", "count"), ("defender", "detail", "seat")),
    "mob_die": (("seat", "seat", "seat"), ("suit", "arg", "suit"), ("clearings", "amount", "count")),
    "mob": (("seat", "seat", "seat"), ("clearing", "clearing", "clearing"), ("incite", "arg", "count"),
            ("card", "detail", "card")),
    "anoint": (("seat", "seat", "seat"), ("clearing", "clearing", "clearing")),
    "mood": (("seat", "seat", "seat"), ("mood", "arg", "mood")),
    "lh_build": (("seat", "seat", "seat"), ("clearing", "clearing", "clearing"), ("card", "detail", "card")),
    "ignored": (("seat", "seat", "seat"), ("clearing", "clearing", "clearing"), ("hits", "amount", "count"),
                ("why", "arg", "ignore_why")),
    "raze_item": (("seat", "seat", "seat"), ("clearing", "clearing", "clearing"), ("item", "arg", "vitem")),
    "relic": (("seat", "seat", "seat"), ("relic", "arg", "relic"), ("forest", "detail", "forest")),
    "delve": (("seat", "seat", "seat"), ("clearing", "clearing", "clearing"), ("relic", "arg", "relic"),
              ("value", "amount", "count"), ("forest", "detail", "forest")),
    "relic_value": (("seat", "seat", "seat"), ("clearing", "clearing", "clearing"), ("relic", "arg", "relic"),
                    ("value", "amount", "count")),
    "recover": (("seat", "seat", "seat"), ("clearing", "clearing", "clearing"), ("relic", "arg", "relic"),
                ("value", "amount", "count")),
    "carry": (("seat", "seat", "seat"), ("clearing", "clearing", "clearing"), ("relic", "arg", "relic"),
              ("from", "detail", "clearing")),
    "trophy": (("seat", "seat", "seat"), ("relic", "arg", "relic"), ("forest", "detail", "forest")),
    "encamp": (("seat", "seat", "seat"), ("clearing", "clearing", "clearing"), ("waystation", "arg", "count"),
               ("face", "amount", "count"), ("with_warrior", "detail", "count")),
    "decamp": (("seat", "seat", "seat"), ("clearing", "clearing", "clearing"), ("waystation", "arg", "count")),
    "retinue": (("seat", "seat", "seat"), ("column", "clearing", "column"), ("card", "arg", "retinue_card"),
                ("how", "amount", "count"), ("from", "detail", "column")),
    "hireling_marker": (("seat", "seat", "seat"), ("space", "arg", "count")),
    "hire": (("seat", "seat", "seat"), ("hireling", "arg", "hireling"), ("from", "detail", "seat")),
    "control": (("seat", "seat", "seat"), ("hireling", "arg", "hireling"), ("markers", "amount", "count"),
                ("face", "detail", "count")),
    "control_off": (("seat", "seat", "seat"), ("hireling", "arg", "hireling"), ("left", "amount", "count")),
    "scouts": (("seat", "seat", "seat"), ("clearing", "clearing", "clearing"), ("card", "arg", "card")),
    "smuggle": (("seat", "seat", "seat"), ("card", "arg", "card")),
    "brigand_ruin": (("seat", "seat", "seat"), ("clearing", "clearing", "clearing"), ("item", "arg", "vitem")),
    "brigand_steal": (("seat", "seat", "seat"), ("from", "arg", "seat"), ("item", "detail", "item")),
    "hireling_card": (("seat", "seat", "seat"), ("clearing", "clearing", "clearing"), ("warriors", "amount", "count")),
}
# what a VP event's detail holds, by reason
DETAIL_OF_REASON = {"craft": "card", "build": "building", "remove": "piece", "treasure": "item",
                    "favor": "suit", "lair": "count", "royal_claim": "count", "steal": "card",
                    "roosts": "count", "humiliate": "count", "despot": "none", "revolt": "suit",
                    "sympathy": "count", "explore": "vitem", "aid": "faction", "quest": "quest",
                    "infamy": "piece", "strike": "piece", "mm_evening": "suit", "mm_bonus": "none",
                    "mm_short": "count", "gift": "card", "path": "card", "tower": "none", "ferry": "none",
                    "engravers": "card", "charm": "none", "coffin": "count", "protector": "none",
                    "scorched_earth": "piece", "sanctify": "piece", "ritual": "card", "dividends": "count",
                    "trade_post": "suit", "crown": "minister", "minister": "minister", "banker": "card",
                    "flip": "plot", "bomb": "suit", "hoard": "vitem", "raze": "suit", "oppress": "count",
                    "recover": "relic", "relic_set": "count", "trophy": "relic", "nobles": "count"}
assert set(FIELDS) == set(KINDS)


def value(kind: str, x, factions: tuple[int, ...] = TWO_SEATS, forests: tuple = FORESTS):
    """A raw field value as shown: names for seats (their factions' at a table seating
    factions), pieces, cards...; clearings 1-12."""
    if x is None:
        return MASK if kind == "card" else None
    if x < 0 and not (kind == "relation" and x == -1):   # the core's "does not apply" (-1 hostile is a level)
        return None
    return {
        "seat": lambda: NAMES[factions[x]],
        "clearing": lambda: x + 1,
        "card": lambda: CARDS[x].token,
        "piece": lambda: _core.PIECE_NAMES[x],
        "item": lambda: ITEM_NAMES[x],
        "forest": lambda: forests[x],
        "reason": lambda: VP_REASONS[x],
        "cause": lambda: REMOVE_CAUSES[x],
        "hit": lambda: ("rolled", "ambush")[x],
        "building": lambda: _core.BUILDING_NAMES[x],
        "suit": lambda: SUIT_NAMES[x],
        "leader": lambda: _core.LEADER_NAMES[x],
        "supporter_how": lambda: _core.SUPPORTER_HOWS[x],
        "vitem": lambda: _core.VITEM_NAMES[x],
        "item_how": lambda: _core.ITEM_HOWS[x],
        "faction": lambda: _core.FACTION_NAMES[x],
        "relation": lambda: ("hostile", "indifferent", "1", "2", "allied")[x + 1],
        "quest": lambda: _core.QUESTS[x][0],
        "reward": lambda: ("vp", "cards")[x],
        "mm_step": lambda: _core.MM_STEP_NAMES[x],
        "place_why": lambda: _core.PLACE_WHYS[x],
        "ritual": lambda: _core.RITUAL_NAMES[x],
        "conspiracy": lambda: _core.CONSPIRACY_NAMES[x],
        "service": lambda: _core.SERVICE_NAMES[x],
        "fund_how": lambda: _core.FUND_HOWS[x],
        "minister": lambda: _core.MINISTER_NAMES[x],
        "dc_building": lambda: ("citadel", "market")[x],
        "reveal_why": lambda: _core.REVEAL_WHYS[x],
        "plot": lambda: _core.PLOT_NAMES[x] if x >= 0 else None,
        "mood": lambda: _core.MOOD_NAMES[x],
        "relic": lambda: _core.RELIC_TYPE_NAMES[x // 4],
        "column": lambda: _core.RETINUE_COLUMNS[x],
        "retinue_card": lambda: "retainer" if x == _core.NUM_CARD_TYPES else CARDS[x].token,
        "hireling": lambda: _core.HIRELING_NAMES[x],
        "ignore_why": lambda: _core.IGNORE_WHYS[x],
    }.get(kind, lambda: x)()


def fields(e: Event) -> dict:
    """The event's fields by name, with readable values (`{"kind": "vp", "seat": "wyrm", ...}`);
    fields that do not apply (None) are left out."""
    out = {"kind": e.kind}
    for name, attr, kind in FIELDS[e.kind]:
        if kind == "detail":
            kind = DETAIL_OF_REASON.get(VP_REASONS[e.arg], "count")
        v = value(kind, getattr(e, attr), e.factions, e.forests)
        if v is not None:
            out[name] = v
    return out
