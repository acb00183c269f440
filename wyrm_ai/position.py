"""Positions: a game set up from the documented position JSON (docs/protocol.md, "Positions";
Game.from_position). A position is the board, the cards and the scores at the start of a
faction's turn. Supplies and the deck are what the pieces and cards of a new game leave; the core
then checks the position (State.from_dict) and starts the turn from its Birdsong (start_turn)."""
from __future__ import annotations

import copy
import json

from wyrm_ai import _core, factions, growth_caps
from wyrm_ai.cards import BY_TOKEN, ITEM_NAMES
from wyrm_ai.errors import PositionError, WyrmError
from wyrm_ai.notation import FORESTS, TRACKS

NCL = _core.NUM_CLEARINGS
# a position seats the Marquise and the Wyrm (in seats 0 and 1 by default), and may seat the
# Woodland Alliance with them (`factions`, in seat order); tables with the Eyrie or the Vagabond
# are not read yet (a state with the Vagabond is read only as a full dict: State.from_dict)
SEATS = factions.names(factions.TWO_SEATS)
TABLES = (factions.TWO_SEATS, (factions.MARQUISE, factions.ALLIANCE, factions.WYRM))
FEAR_SIDES = (None, "scared", "cowed")     # the core's FEAR_NONE, FEAR_SCARED, FEAR_COWED
BUILDINGS = ("sawmills", "workshops", "recruiters")
CLEARING_COUNTS = ("warriors",) + BUILDINGS + ("wood", "wyrmlings")
REQUIRED = ("turn", "clearings", "keep", "pawn", "growth", "hands")
OPTIONAL = ("first", "turn_number", "scores", "items", "play_areas", "discard", "available", "known",
            "factions", "alliance", "growth_caps")
# fields of the state JSON a position may hold and the reader does not need, so that a `state
# referee` reply reads as the position of its board (a clearing's keep, pawn and fear must agree)
IGNORED = ("protocol", "view", "to_move", "step", "winner", "battle", "supply", "hand_sizes",
           "deck_size", "record_length", "legal", "deck", "core", "turn_actions", "lair_cap", "evening_draws",
           "chance", "supplies")
CLEARING_FLAGS = ("keep", "pawn", "fear")
ALLIANCE_CLEARING = ("rebels", "base", "sympathy")     # per clearing, with the Alliance at the table
# the state JSON's `alliance` object: a position reads officers and the Supporters stack; the rest
# is derived from the board
ALLIANCE_READ = ("officers", "supporters")
ALLIANCE_DERIVED = ("sympathy", "next_sympathy", "bases", "operations_used", "supporters_size", "stack_cap",
                    "you_gave", "martial_law", "supply")


def _table(value) -> tuple[int, ...]:
    """The seat table of a position: `factions` in seat order, marquise and wyrm by default."""
    if value is None:
        return factions.TWO_SEATS
    if not isinstance(value, list) or not all(isinstance(f, str) for f in value):
        raise PositionError("factions must be a list of faction names in seat order, e.g. "
                            "[\"marquise\", \"alliance\", \"wyrm\"]")
    table = tuple(factions.NAMES.index(f) if f in factions.NAMES else -1 for f in value)
    if table not in TABLES:
        raise PositionError(f"factions {value!r}: a position seats " + " or ".join(
            json.dumps(list(factions.names(t))) for t in TABLES))
    return table


def _faction(value, what: str, seats=SEATS) -> int:
    if value not in seats:
        raise PositionError(f"{what} must be {' or '.join(repr(f) for f in seats)}, not {value!r}")
    return seats.index(value)


def _count(value, what: str, hi: int = 255) -> int:
    if type(value) is not int or not 0 <= value <= hi:
        raise PositionError(f"{what} must be a whole number from 0 to {hi}, not {value!r}")
    return value


def _object(value, what: str, keys) -> dict:
    if not isinstance(value, dict):
        raise PositionError(f"{what} must be a JSON object")
    unknown = set(value) - set(keys)
    if unknown:
        raise PositionError(f"{what} has no field {sorted(unknown)[0]!r} (fields: {', '.join(keys)})")
    return value


def _cards(value, what: str) -> list[int]:
    if not isinstance(value, list):
        raise PositionError(f"{what} must be a list of cards like 'F#anvil'")
    out = []
    for token in value:
        c = BY_TOKEN.get(token.lower()) if isinstance(token, str) else None
        if c is None:
            raise PositionError(f"{what}: no card {token!r} (cards are written like 'F#anvil')")
        out.append(c.id)
    return out


def _per_faction(value, what: str, read, seats=SEATS) -> list:
    value = _object(value, what, seats)
    return [read(value.get(f), f"{what}.{f}") for f in seats]


def _location(value, what: str, forests: bool) -> int:
    if value is None:
        return -1
    if type(value) is int and 1 <= value <= NCL:
        return value - 1
    if forests and value in FORESTS:
        return NCL + FORESTS.index(value)
    raise PositionError(f"{what} must be a clearing 1-{NCL}{', a forest name' if forests else ''} or null, not {value!r}")


def _take(have: int, used: int, what: str) -> int:
    """What a new game's supply of have pieces has left once used of them are placed."""
    if used > have:
        raise PositionError(f"{used} {what}, but the game has only {have}")
    return have - used


def core_dict(position) -> dict:
    """The core's State.to_dict() form of a position, at its turn's Daylight step with nothing of
    the turn done, turn_number one less (start_turn begins the turn)."""
    p = _object(position, "the position", REQUIRED + OPTIONAL + IGNORED)
    for key in REQUIRED:
        if key not in p:
            raise PositionError(f"the position has no {key!r}")
    table = _table(p.get("factions"))
    seats, n_seats = factions.names(table), len(table)
    per_faction = lambda value, what, read: _per_faction(value, what, read, seats)   # noqa: E731
    turn = _faction(p["turn"], "turn", seats)
    first = _faction(p.get("first", p["turn"]), "first", seats)
    try:
        caps = growth_caps.read(p.get("growth_caps"))      # the game option (W-EVE-1), W-EVE-2's if absent
    except WyrmError as e:
        raise PositionError(f"growth_caps: {e}") from None
    d = factions.new_state(table, first, {"growth_caps": caps}).to_dict()
    fresh = copy.deepcopy(d)
    d["turn"] = turn
    order = (turn - first) % n_seats          # turns of the seat order-th after first: order + 1, + n, ...
    number = _count(p.get("turn_number", order + 1), "turn_number", 30000)
    if number < 1 or (number - 1) % n_seats != order:
        raise PositionError(f"turn {number} is not a turn of the {seats[turn]} (the {seats[first]} "
                            f"takes turns 1, {1 + n_seats}, ...; the {seats[turn]} turns {order + 1}, "
                            f"{order + 1 + n_seats}, ...)")
    d["turn_number"] = number - 1
    d["step"] = _core.STEP_NAMES.index(f"{seats[turn]}_daylight")
    d["to_draw"] = [0] * n_seats
    d["score"] = per_faction(p.get("scores", {}), "scores", lambda v, w: _count(0 if v is None else v, w, 29))
    growth = _object(p["growth"], "growth", TRACKS)
    d["growth"] = [_count(growth.get(t), f"growth.{t}", 2) for t in TRACKS]
    # the board
    rows = p["clearings"]
    if not isinstance(rows, list) or len(rows) != NCL:
        raise PositionError(f"clearings must be a list of {NCL} objects, clearing 1 first")
    alliance = factions.ALLIANCE in table
    # a clearing's ruler, fear side, ruin and 2.8 `pieces` (the same pieces by faction) are derived
    keys = ("clearing",) + CLEARING_COUNTS + ("fear_side", "ruler", "ruin", "pieces") + CLEARING_FLAGS + (ALLIANCE_CLEARING if alliance else ())
    for i, row in enumerate(rows):
        row = _object(row, f"clearing {i + 1}", keys)
        if row.get("clearing", i + 1) != i + 1:
            raise PositionError(f"clearings[{i}] is clearing {row.get('clearing')!r}, expected {i + 1}")
        n = {k: _count(row.get(k, 0), f"clearing {i + 1} {k}") for k in CLEARING_COUNTS}
        d["warriors"][i], d["wood"][i], d["wyrmlings"][i] = n["warriors"], n["wood"], n["wyrmlings"]
        for b, key in enumerate(BUILDINGS):
            d["buildings"][b][i] = n[key]
        side = row.get("fear_side")
        if side not in FEAR_SIDES:
            raise PositionError(f"clearing {i + 1} fear_side must be 'scared', 'cowed' or null, not {side!r}")
        d["fear"][i] = FEAR_SIDES.index(side)
    d["keep"] = _location(p["keep"], "keep", False)
    d["pawn"] = _location(p["pawn"], "pawn", True)
    for i, row in enumerate(rows):
        flags = {"keep": d["keep"] == i, "pawn": d["pawn"] == i, "fear": int(d["fear"][i] > 0)}
        for key in CLEARING_FLAGS:
            if key in row and row[key] != flags[key]:
                raise PositionError(f"clearing {i + 1} says {key} {json.dumps(row[key])}, but the position "
                                    f"says {json.dumps(flags[key])} (keep, pawn and fear_side)")
    d["warrior_supply"] = _take(fresh["warrior_supply"], sum(d["warriors"]), "Marquise warriors on the map")
    d["wood_supply"] = _take(fresh["wood_supply"], sum(d["wood"]), "wood on the map")
    d["wyrmling_supply"] = _take(fresh["wyrmling_supply"], sum(d["wyrmlings"]), "wyrmlings on the map")
    d["fear_supply"] = _take(fresh["fear_supply"], sum(x > 0 for x in d["fear"]), "fear tokens on the map")
    stack = _alliance(p, d, fresh, rows) if alliance else []
    if not alliance and "alliance" in p:
        raise PositionError("the position has an 'alliance' object, but the Alliance is not in its factions")
    # items: the crafted items and the Lair
    items = per_faction(p.get("items", {}), "items",
                        lambda v, w: _object(v or {}, w, ITEM_NAMES))
    d["items"] = [[_count(items[s].get(k, 0), f"items.{seats[s]}.{k}") for k in ITEM_NAMES] for s in range(n_seats)]
    wyrm = table.index(factions.WYRM)
    d["treasure_supply"] = _take(fresh["treasure_supply"], d["items"][wyrm][-1], "treasure in the Lair")
    d["item_supply"] = [_take(have, sum(d["items"][s][k] for s in range(n_seats)), f"{ITEM_NAMES[k]} items crafted")
                        for k, have in enumerate(fresh["item_supply"])]
    # cards: the deck is every card of a new game's deck that is not somewhere else
    hands = per_faction(p["hands"], "hands", _cards)
    areas = per_faction(p.get("play_areas", {}), "play_areas", lambda v, w: _cards(v or [], w))
    discard = _cards(p.get("discard", []), "discard")
    d["hand"] = [_tally(h) for h in hands]
    d["play_area"] = [_tally(a) for a in areas]
    d["discard"] = _tally(discard)
    d["available"] = _tally(_cards(p.get("available", []), "available"))   # dominance (LoR 3.3.3)
    d["supporters"] = _tally(stack)
    d["supporters_size"] = len(stack)
    placed = [sum(counts) for counts in zip(*d["hand"], *d["play_area"], d["discard"], d["available"],
                                            d["supporters"])]
    for t, n in enumerate(placed):
        if n > fresh["deck"][t]:
            name = _core.CARDS[t][0]
            raise PositionError(f"{n} copies of card {name!r} in hands, play areas, discard, available and supporters; "
                                f"the deck has {fresh['deck'][t]}")
    d["deck"] = [fresh["deck"][t] - placed[t] for t in range(len(placed))]
    d["deck_size"] = sum(d["deck"])
    d["hand_size"] = [len(h) for h in hands]
    # known: what a faction saw of the other hand (Codebreakers); at more seats the state JSON's
    # `known` sums what it saw of every other hand, which does not say whose: not read there
    known = per_faction(p.get("known", {}), "known", lambda v, w: _cards(v or [], w))
    d["known"] = [[_tally(known[v]) if n_seats == 2 and h == 1 - v else [0] * len(_core.CARDS)
                   for h in range(n_seats)] for v in range(n_seats)]
    return d


def _alliance(p: dict, d: dict, fresh: dict, rows: list) -> list[int]:
    """The Alliance's pieces (per clearing `rebels`, `base`, `sympathy`), officers and Supporters
    stack (the `alliance` object) into d; returns the stack's cards. Supplies are what a new
    game's leave; the base in a clearing is of that clearing's suit (LoR 8.2.4)."""
    a = _object(p.get("alliance", {}), "alliance", ALLIANCE_READ + ALLIANCE_DERIVED)
    d["base_at"] = [-1, -1, -1]
    for i, row in enumerate(rows):
        d["rebels"][i] = _count(row.get("rebels", 0), f"clearing {i + 1} rebels")
        for key in ("base", "sympathy"):
            if type(row.get(key, False)) is not bool:
                raise PositionError(f"clearing {i + 1} {key} must be true or false, not {row[key]!r}")
        d["sympathy"][i] = int(row.get("sympathy", False))
        if row.get("base", False):
            suit = _core._SUITS[i]
            if d["base_at"][suit] >= 0:
                raise PositionError(f"two {_core.SUIT_NAMES[suit]} bases (clearings {d['base_at'][suit] + 1} "
                                    f"and {i + 1}): the Alliance have one base of each suit")
            d["base_at"][suit] = i
    d["officers"] = _count(a.get("officers", 0), "alliance.officers")
    d["rebel_supply"] = _take(fresh["rebel_supply"], sum(d["rebels"]) + d["officers"],
                              "Alliance warriors on the map and officers")
    d["sympathy_supply"] = _take(fresh["sympathy_supply"], sum(d["sympathy"]), "sympathy tokens on the map")
    return _cards(a.get("supporters", []) or [], "alliance.supporters")


def _tally(ids) -> list[int]:
    out = [0] * _core.NUM_CARD_TYPES
    for t in ids:
        out[t] += 1
    return out



def normalized(position) -> dict:
    """The position's own fields (those the reader reads), for saves."""
    return {k: copy.deepcopy(position[k]) for k in REQUIRED + OPTIONAL if k in position}


def position_state(position) -> _core.State:
    """A core State at the first decision of the position's turn, or PositionError naming what is
    wrong (the core's own check of an impossible position included)."""
    d = core_dict(position)
    try:
        state = _core.State.from_dict(d)
        _core.start_turn(state)
    except WyrmError as e:
        raise PositionError(str(e)) from None
    return state
