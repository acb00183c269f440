"""Positions: a game set up from the documented position JSON (docs/api.md, "The position
format"; docs/protocol.md, "Positions"; Game.from_position). A position is the board, the cards
and the scores at the start of a faction's turn, at any table of 2-6 factions. The shared part
(turn, scores, hands, play areas, discard, items, known) is read here; each faction's pieces and
board by its reader (wyrm_ai/model/position_factions.py, one per faction id). Supplies and the deck are
what the pieces and cards of a new game leave; the core then checks the position
(State.from_dict, turn_start: the turn begins from its Birdsong)."""
from __future__ import annotations

import copy
import json

from wyrm_ai import _core
from wyrm_ai.model import factions, growth_caps, maps
from wyrm_ai.model.cards import BY_TOKEN, DECK_NAMES, ITEM_NAMES, read_deck
from wyrm_ai.model.characters import ANY, CHARACTER_NAMES, for_table, read_character
from wyrm_ai.model.errors import ConfigError, PositionError, WyrmError
from wyrm_ai.model.position_factions import (ALWAYS_IN_CLEARINGS, FEAR_SIDES, READERS, Context, count as _count,
                                             obj as _object, tally as _tally, take as _take)
from wyrm_ai.model.setups import SETUP_NAMES, read_setup

__all__ = ["FEAR_SIDES", "core_dict", "normalized", "position_state", "STATE_DICT_VERSION"]

NCL = _core.NUM_CLEARINGS
# a position seats any table of 2-6 factions the core can seat (`factions`, in seat order; the
# Marquise and the Wyrm by default); each faction's part is read by its reader
# (wyrm_ai/model/position_factions.py, READERS), the shared part here (issue 29 item 4)
SEATS = factions.names(factions.TWO_SEATS)
# the version of the state dict's schema (the core's State.to_dict()/from_dict() fields, documented
# in docs/api.md, "The state dict"): it grows whenever a field of _core.STATE_FIELDS is added,
# removed, renamed or reshaped (tests/test_positions_every_faction.py pins the documented table)
STATE_DICT_VERSION = 17      # 17: a hireling attacking, Forest Patrol's card (battle.card_kept); 16: hireling pieces (LoR 16.4.3); 15: hirelings (LoR 16.4); 14: the Keepers in Iron (LoR 15); 13: the Lord of the Hundreds (LoR 14); 12: the Corvid Conspiracy (LoR 13); 11: the Underground Duchy (LoR 12); 10: the Riverfolk Company (LoR 11); 9: the Lizard Cult (LoR 10); 8: the faction draft (LoR 16.1.8); 7: the two Vagabonds
REQUIRED = ("turn", "clearings", "hands")            # at every table; each seated faction adds its own
OPTIONAL = ("first", "turn_number", "scores", "items", "play_areas", "discard", "available", "lost_souls", "known",
            "factions", "growth_caps", "supply", "map", "suits", "paths", "ferry", "deck", "deck_name", "setup",
            "setup_name", "character_option", "hirelings")
# what the seated factions' readers may read: their top-level fields and objects
FACTION_FIELDS = tuple(dict.fromkeys(k for r in READERS.values() for k in r.top + ((r.board,) if r.board else ())))
# fields of the state JSON a position may hold and the reader does not need, so that a `state
# referee` reply reads as the position of its board
IGNORED = ("protocol", "view", "to_move", "step", "winner", "winners", "battle", "hand_sizes",
           "deck_size", "record_length", "legal", "deck", "core", "turn_actions", "lair_cap", "evening_draws", "draft",
           "chance", "supplies", "tower", "closed_paths")
# a clearing's fields every table shares: its number; its ruler, derived; its ruin (the
# Vagabond's reader reads it); the 2.8 pieces by faction
CLEARING_SHARED = ("clearing", "ruler", "ruin", "pieces", "suit")
# the state JSON's `supply`: the items left on the map's supply are read; the 2.7 piece counts
# are derived (each faction's supply is what a new game's leaves)
SUPPLY_READ = ("items",)
SUPPLY_DERIVED = ("warriors", "wood", "wyrmlings", "fear", "treasure")


def _table(value) -> tuple[int, ...]:
    """The seat table of a position: `factions` in seat order, marquise and wyrm by default; any
    2-6 distinct factions the core can seat (issue 29 item 4)."""
    if value is None:
        return factions.TWO_SEATS
    if not isinstance(value, list) or not all(isinstance(f, str) for f in value):
        raise PositionError("factions must be a list of faction names in seat order, e.g. "
                            "[\"marquise\", \"alliance\", \"wyrm\"]")
    unknown = [f for f in value if f not in factions.NAMES]
    if unknown:
        raise PositionError(f"factions: no faction {unknown[0]!r} (the factions are {', '.join(factions.NAMES)})")
    table = tuple(factions.NAMES.index(f) for f in value)
    if not 2 <= len(table) <= factions.MAX_SEATS or len(set(table)) != len(table):
        raise PositionError(f"factions {value!r}: a position seats 2 to {factions.MAX_SEATS} factions, each at most once")
    for f in table:
        if f not in _core.PLAYABLE_FACTIONS:
            raise PositionError(f"factions: the core cannot seat the {factions.NAMES[f]} yet")
    return table


def _faction(value, what: str, seats=SEATS) -> int:
    if value not in seats:
        raise PositionError(f"{what} must be {' or '.join(repr(f) for f in seats)}, not {value!r}")
    return seats.index(value)


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


def _pieces(rows, table):
    """Each seated faction's pieces per clearing (pieces[f][i]: piece name -> count) from the 2.8
    `pieces` object and the 2.7 flat names, which must agree where both are given; and how the
    position wrote each (said[f][i][piece], for errors). A clearing's fields are those every table
    shares, and each seated faction's (and the Marquise's and the Wyrm's 2.7 names, which the state
    JSON gives at every table: empty where they are absent, as their readers check)."""
    if not isinstance(rows, list) or len(rows) != NCL:
        raise PositionError(f"clearings must be a list of {NCL} objects, clearing 1 first")
    keys = CLEARING_SHARED + tuple(k for f in dict.fromkeys(table + ALWAYS_IN_CLEARINGS)
                                   for k in READERS[f].clearing_fields)
    seated = factions.names(table)
    pieces = {f: [{} for _ in range(NCL)] for f in table}
    said = {f: [{} for _ in range(NCL)] for f in table}
    for i, row in enumerate(rows):
        row = _object(row, f"clearing {i + 1}", keys)
        if row.get("clearing", i + 1) != i + 1:
            raise PositionError(f"clearings[{i}] is clearing {row.get('clearing')!r}, expected {i + 1}")
        by_faction = _object(row.get("pieces", {}), f"clearing {i + 1} pieces", seated)
        for f in table:
            r, mine, words = READERS[f], pieces[f][i], said[f][i]
            for flat, piece in r.flat.items():
                if flat not in row:
                    continue
                value = row[flat]
                if flat in r.flags:
                    if type(value) is not bool:
                        raise PositionError(f"clearing {i + 1} {flat} must be true or false, not {value!r}")
                    value = int(value)
                else:
                    value = _count(value, f"clearing {i + 1} {flat}", r.hi.get(piece, 255))
                mine[piece], words[piece] = value, f"{flat} {json.dumps(row[flat])}"
            name = factions.NAMES[f]
            given = _object(by_faction.get(name, {}), f"clearing {i + 1} pieces.{name}", r.pieces)
            for piece, value in given.items():
                value = _count(value, f"clearing {i + 1} pieces.{name}.{piece}", r.hi.get(piece, 255))
                if piece in mine and mine[piece] != value:
                    raise PositionError(f"clearing {i + 1} pieces.{name}.{piece} is {value}, but the clearing "
                                        f"says {words[piece]} (the 2.7 name): they must agree")
                mine[piece], words[piece] = value, f"pieces.{name}.{piece} {value}"
    return pieces, said


def core_dict(position) -> dict:
    """The core's State.to_dict() form of a position, at its turn's Daylight step with nothing of
    the turn done, turn_number one less (start_turn begins the turn). The shared part is read
    here; each seated faction's pieces and board by its reader (position_factions.READERS), and
    each absent faction's reader checks the position says nothing of it (issue 29 item 4)."""
    p = _object(position, "the position", REQUIRED + OPTIONAL + FACTION_FIELDS + IGNORED)
    table = _table(p.get("factions"))
    readers = [READERS[f] for f in table]
    for key in REQUIRED + tuple(k for r in readers for k in r.required):
        if key not in p:
            raise PositionError(f"the position has no {key!r}")
    seats, n_seats = factions.names(table), len(table)
    per_faction = lambda value, what, read: _per_faction(value, what, read, seats)   # noqa: E731
    turn = _faction(p["turn"], "turn", seats)
    first = _faction(p.get("first", p["turn"]), "first", seats)
    try:
        caps = growth_caps.read(p.get("growth_caps"))      # the game option (W-EVE-1), W-EVE-2's if absent
    except WyrmError as e:
        raise PositionError(f"growth_caps: {e}") from None
    if p.get("hirelings") is not None:       # the state JSON's hirelings object (2.21): null without them
        raise PositionError("hirelings: a position with hirelings (LoR 16.4) cannot be set up yet; "
                            "play the game from its start (Game(hirelings=...)) or give hirelings null")
    options = {"growth_caps": caps, **_map_options(p), **_deck_option(p), **_setup_option(p),
               **_character_option(p, table)}
    for r in readers:
        options.update(r.options(p))
    d = factions.new_state(table, first, options).to_dict()
    _paths_and_ferry(p, d)
    fresh = copy.deepcopy(d)
    d["turn"] = turn
    order = (turn - first) % n_seats          # turns of the seat order-th after first: order + 1, + n, ...
    number = _count(p.get("turn_number", order + 1), "turn_number", 30000)
    if number < 1 or (number - 1) % n_seats != order:
        raise PositionError(f"turn {number} is not a turn of the {seats[turn]} (the {seats[first]} "
                            f"takes turns 1, {1 + n_seats}, ...; the {seats[turn]} turns {order + 1}, "
                            f"{order + 1 + n_seats}, ...)")
    d["turn_number"] = number - 1
    d["step"] = _core.STEP_NAMES.index(READERS[table[turn]].daylight)
    d["to_draw"] = [0] * n_seats
    d["score"] = per_faction(p.get("scores", {}), "scores", lambda v, w: _count(0 if v is None else v, w, 29))
    # items: the crafted items and the Lair (the Wyrm's reader takes its treasure from supply)
    items = per_faction(p.get("items", {}), "items", lambda v, w: _object(v or {}, w, ITEM_NAMES))
    d["items"] = [[_count(items[s].get(k, 0), f"items.{seats[s]}.{k}") for k in ITEM_NAMES] for s in range(n_seats)]
    # the board: each faction's pieces and its own fields
    rows = p["clearings"]
    pieces, said = _pieces(rows, table)
    ctx = Context(p, d, fresh, table, rows, pieces, said, _cards)
    held = []
    for f, r in READERS.items():
        if f in table:
            held += r.read(ctx)
        else:
            r.absent(ctx)
    _item_supply(p, d, fresh, table)
    # cards: the deck is every card of a new game's deck that is not somewhere else
    hands = per_faction(p["hands"], "hands", lambda v, w: _cards([] if v is None and not _holds(w) else v, w))
    areas = per_faction(p.get("play_areas", {}), "play_areas", lambda v, w: _cards(v or [], w))
    for s, f in enumerate(table):
        if not READERS[f].holds_cards and (hands[s] or areas[s]):
            raise PositionError(f"the {seats[s]} holds cards, but a bot has no hand or play area (MM2 digest §2.2)")
    discard = _cards(p.get("discard", []), "discard")
    d["hand"] = [_tally(h) for h in hands]
    d["play_area"] = [_tally(a) for a in areas]
    d["discard"] = _tally(discard)
    d["available"] = _tally(_cards(p.get("available", []), "available"))   # dominance (LoR 3.3.3)
    # the Lost Souls pile (the Lizard Cult's, LoR 10.2.6): shared and face up, the state JSON's
    # top-level `lost_souls` (protocol 2.15), or the Cult's reader's `lizards.lost_souls` (in held)
    lost = _cards(p.get("lost_souls", []), "lost_souls")
    if lost and factions.LIZARDS not in table:
        raise PositionError("lost_souls holds cards, but only the Lizard Cult's table has a Lost Souls pile (LoR 10.2.6)")
    if lost and sum(d["lost_souls"]):
        raise PositionError("the Lost Souls pile is given twice: in lost_souls and in lizards.lost_souls (give one)")
    if lost:
        d["lost_souls"] = _tally(lost)
    placed = [sum(counts) for counts in zip(*d["hand"], *d["play_area"], d["discard"], d["available"], _tally(lost),
                                            _tally(held))]
    for t, n in enumerate(placed):
        if n > fresh["deck"][t]:
            name = _core.CARDS[t][0]
            raise PositionError(f"{n} copies of card {name!r} in hands, play areas, discard, available, the Decree, "
                                f"the Supporters stack and the Lost Souls; the deck has {fresh['deck'][t]}")
    d["deck"] = [fresh["deck"][t] - placed[t] for t in range(len(placed))]
    d["deck_size"] = sum(d["deck"])
    d["hand_size"] = [len(h) for h in hands]
    # known: what a faction saw of the other hand (Codebreakers); at more seats the state JSON's
    # `known` sums what it saw of every other hand, which does not say whose: not read there
    known = per_faction(p.get("known", {}), "known", lambda v, w: _cards(v or [], w))
    d["known"] = [[_tally(known[v]) if n_seats == 2 and h == 1 - v else [0] * len(_core.CARDS)
                   for h in range(n_seats)] for v in range(n_seats)]
    return d


def _holds(what: str) -> bool:
    """Whether the faction of a per-faction field (`hands.<faction>`) holds cards (a bot does not)."""
    return READERS[factions.NAMES.index(what.split(".", 1)[1])].holds_cards


def _item_supply(p: dict, d: dict, fresh: dict, table) -> None:
    """The items on the map's supply (`supply.items`) and those removed from the game: of each
    kind the game has what a new game holds (the Vagabond's starting items once he has a
    character); what is not crafted, the Vagabond's, under a ruin or removed by him lies on the
    supply (default) or, given `supply.items`, was lost from the Lair (W-PY-2)."""
    supply = _object(p.get("supply", {}) or {}, "supply", SUPPLY_READ + SUPPLY_DERIVED)
    given = None
    if supply.get("items") is not None:
        given = _object(supply["items"], "supply.items", ITEM_NAMES)
    starting = factions.VAGABOND in table and d["vb_char"] >= 0      # his starting items are in the game
    extra = factions.s_items(d["vb_char"]) if starting else [0] * len(ITEM_NAMES)
    d["item_supply"], d["items_lost"] = [], []
    for k, name in enumerate(ITEM_NAMES[:len(fresh["item_supply"])]):
        have = fresh["item_supply"][k] + fresh["items_lost"][k] + fresh["ruin_items"][k] + fresh["vb_out"][k] + extra[k]
        used = (sum(row[k] for row in d["items"]) + sum(row[k] for row in d["vb_items"]) + d["ruin_items"][k]
                + d["vb_out"][k] + d["hoard"][k])          # the Hundreds' Hoard (LoR 14.2.4; 0 without them)
        left = _take(have, used, f"{name} items crafted, the Vagabond's, in the Hoard, under the ruins and removed")
        on_supply = left if given is None else _count(given.get(name, 0), f"supply.items.{name}")
        if on_supply > left:
            raise PositionError(f"supply.items.{name} is {on_supply}, but only {left} {name} items are not "
                                f"crafted, the Vagabond's, in the Hoard, under the ruins or removed")
        d["item_supply"].append(on_supply)
        d["items_lost"].append(left - on_supply)


def _map_options(p) -> dict:
    """The map (`map`, Autumn if absent) and its suits (`suits`: a suit name per clearing, or
    Rootlog's `F1, M2, ...`; a map that prints none needs them), as the State takes them; each
    clearing row's `suit`, where given, must agree (docs/maps.md)."""
    try:
        m = maps.read_map(p.get("map", "autumn"))
        given = p.get("suits")
        if given is None and maps.data(m)["printed_suits"] is None:
            raise PositionError(f"suits: the {maps.NAMES[m]} map prints no suits: give each clearing's "
                                "suit (`suits`, e.g. [\"fox\", \"mouse\", ...])")
        suits = maps.read_suits(given) if given is not None else list(maps.data(m)["printed_suits"])
    except ConfigError as e:
        raise PositionError(f"map: {e}") from None
    for i, row in enumerate(p.get("clearings") or []):
        if isinstance(row, dict) and "suit" in row and row["suit"] != _core.SUIT_NAMES[suits[i]]:
            raise PositionError(f"clearing {i + 1} says suit {str(row['suit'])[:20]!r}, but the game's suits "
                                f"make it {_core.SUIT_NAMES[suits[i]]}")
    return {"map_id": m, "suits": suits}


def _named_option(p, keys, read, what: str, names) -> int | None:
    """The id a position's game option names under keys (each a name: the position's field, then
    the state JSON's; read gives its id, or a ConfigError), None where none is given; two given
    must agree."""
    ids = {}
    for k in keys:
        if k not in p:
            continue
        if not isinstance(p[k], str):
            raise PositionError(f"{k} must be a {what}'s name ({', '.join(names)}), not {p[k]!r}")
        try:
            ids[k] = read(p[k])
        except ConfigError as e:
            raise PositionError(f"{k}: {e}") from None
    if len(set(ids.values())) > 1:
        raise PositionError(" and ".join(f"{k} {p[k]!r}" for k in ids) + f" name two {what}s")
    return next(iter(ids.values()), None)


def _deck_option(p) -> dict:
    """The shared deck (`deck`: a deck's name, standard if absent; or the state JSON's `deck_name`,
    so a `state referee` reply reads on its deck), as the State takes it. A `deck` that is a list is
    the referee's cards in the deck: derived, as every position's deck is."""
    given = {k: p[k] for k in ("deck", "deck_name") if k in p and not (k == "deck" and isinstance(p[k], list))}
    return {"deck_id": _named_option(given, ("deck", "deck_name"), read_deck, "deck", DECK_NAMES) or 0}


def _setup_option(p) -> dict:
    """How the game was set up (`setup`: standard, if absent, or advanced; or the state JSON's
    `setup_name`), as the State takes it. A position is past the setup, so this changes no rule of
    its play: the game keeps it, as its saves do."""
    return {"setup_mode": _named_option(p, ("setup", "setup_name"), read_setup, "setup", SETUP_NAMES) or 0}


def _character_option(p, table) -> dict:
    """The Vagabond's character as a game option (`character_option`, as the state JSON names it:
    a character's name; null, "any" or absent: his choice; LoR 16.3), as the State takes it. A
    position is past the setup: his character (`vagabond.character`) must be the one it names, and
    a table without him takes none."""
    given = {} if p.get("character_option") is None else {"character_option": p["character_option"]}
    option = _named_option(given, ("character_option",), read_character, "character", (*CHARACTER_NAMES, ANY))
    try:
        return {"character": for_table(option, table)}
    except ConfigError as e:
        raise PositionError(f"character_option: {e}") from None


def _paths_and_ferry(p, d) -> None:
    """The open paths (`paths`: pairs of clearings; the Mountain's closed paths opened so far among
    them) and the Ferry's clearing (`ferry`, the Lake), where the position gives them; the core
    checks them against the map."""
    if "paths" in p:
        pairs = p["paths"]
        if not isinstance(pairs, list) or not all(isinstance(x, list) and len(x) == 2 for x in pairs):
            raise PositionError("paths must be a list of [clearing, clearing] pairs")
        adj = [0] * NCL
        for a, b in pairs:
            a, b = _count(a, "paths", NCL), _count(b, "paths", NCL)
            if not (1 <= a <= NCL and 1 <= b <= NCL) or a == b:
                raise PositionError(f"paths: [{a}, {b}] joins no two clearings 1-{NCL}")
            adj[a - 1] |= 1 << (b - 1)
            adj[b - 1] |= 1 << (a - 1)
        d["adj"] = adj
    if "ferry" in p:
        f = p["ferry"]
        d["ferry"] = -1 if f is None else _count(f, "ferry", NCL) - 1


def normalized(position) -> dict:
    """The position's own fields (those the reader reads), for saves."""
    out = {k: copy.deepcopy(position[k]) for k in REQUIRED + OPTIONAL + FACTION_FIELDS if k in position}
    if isinstance(out.get("supply"), dict):
        out["supply"] = {k: v for k, v in out["supply"].items() if k in SUPPLY_READ}
    if isinstance(out.get("deck"), list):           # the referee's cards in the deck: derived
        del out["deck"]
    return out


def position_state(position) -> _core.State:
    """A core State at the first decision of the position's turn, or PositionError naming what is
    wrong (the core's own check of an impossible position included)."""
    d = core_dict(position)
    try:
        state = _core.State.from_dict(d, turn_start=True)
    except WyrmError as e:
        raise PositionError(str(e)) from None
    return state
