"""Readable text for every action, after the community notation Rootlog where it has a form
(clearings 1-12, `4w10->4` moves, `X` battles, `Z` crafts, `#` cards). See docs/notation.md.
Text depends only on the action and the seat that takes it, so parsing is a table lookup."""
from __future__ import annotations

from functools import lru_cache

from wyrm_ai import _core
from wyrm_ai.actions import Action, decode
from wyrm_ai.cards import CARDS, ITEM_LETTERS
from wyrm_ai.errors import IllegalActionError, NotationError

FACTION_LETTERS = ("C", "W")                  # Rootlog: C = Marquise de Cat; W = the Wyrm (ours)
FACTION_NAMES = ("marquise", "wyrm")
CHANCE_LETTER = "?"
MASK = "#?"                                   # a card the viewer cannot know (wyrm_ai/redaction.py)
TRACKS = _core.TRACK_NAMES
FORESTS = _core.FOREST_NAMES                  # Rootlog forest names, e.g. 1_2_5_10
_CAT_PIECES = {"warrior": "w", "sawmill": "b_s", "workshop": "b_w", "recruiter": "b_r",
               "wood": "t", "keep": "t_k"}
_WYRM_PIECES = {"wyrmling": "w", "pawn": "p", "fear": "t"}


def _seat_letter(seat: int) -> str:
    return FACTION_LETTERS[seat] if seat < len(FACTION_LETTERS) else f"[seat {seat}]"


def _card(t: int | None) -> str:
    return MASK if t is None else CARDS[t].token


def action_text(a: int | Action, seat: int) -> str:
    """The text of action a taken by seat (0 Marquise, 1 Wyrm, -1 chance); a is an int or a
    decoded Action, whose card may be None (masked, written #?)."""
    kind, args = a if isinstance(a, Action) else decode(a)
    if kind == "pass":
        return "pass"
    if kind == "discard":
        return f"{_card(args[0])}->"
    if kind == "craft":
        return f"Z{_card(args[0])}"
    if kind == "ambush":
        return f"{_card(args[0])}@"
    if kind == "battle":
        return f"X{_seat_letter(args[1])}{args[0] + 1}"
    if kind == "remove":
        piece = _core.PIECE_NAMES[args[0]]
        letter = _CAT_PIECES.get(piece) if seat == 0 else _WYRM_PIECES.get(piece)
        if letter is None:   # another seat's piece: name its faction
            letter = FACTION_LETTERS[0 if piece in _CAT_PIECES else 1] + (
                _CAT_PIECES.get(piece) or _WYRM_PIECES[piece])
        return f"{letter}{args[1] + 1}->"
    if kind == "lair":
        return f"%{ITEM_LETTERS[args[0]]}->"
    if kind == "forest":
        return f"p->{FORESTS[args[0]]}"
    if kind == "keep":
        return f"t_k->{args[0] + 1}"
    if kind == "build":
        return f"b_{'swr'[args[0]]}->{args[1] + 1}"
    if kind == "recruit":
        return "recruit"
    if kind == "place_warrior":
        return f"w->{args[0] + 1}"
    if kind in ("place_wood", "fear"):
        return f"t->{args[0] + 1}"
    if kind == "overwork":
        return f"overwork {args[0] + 1} {_card(args[1])}"
    if kind == "extra":
        return f"extra {_card(args[0])}"
    if kind == "hospital":
        return f"hospital {_card(args[0])}"
    if kind == "pawn_to":
        return f"p->{args[0] + 1}"
    if kind == "intimidate":
        return f"{args[1]}w->{args[0] + 1}"
    if kind == "return":
        return f"return {TRACKS[args[0]]}"
    if kind == "terror":
        return f"terror {_seat_letter(args[2])}w{args[0] + 1}->{args[1] + 1}"
    if kind == "eat":
        return f"eat {_card(args[0])} {TRACKS[args[1]]}"
    if kind == "hoard":
        return f"hoard {args[0] + 1} {_card(args[1])}"
    if kind == "draw":
        return f"draw {_card(args[0])}"
    if kind == "dice":
        return f"roll {args[0]},{args[1]}"
    if kind == "use":
        return f"use {_card(args[0])}"
    if kind == "tax":
        return f"tax {args[0] + 1}"
    if kind == "codebreak":
        return "codebreakers"
    if kind == "steal":
        return f"steal {_card(args[0])}"
    if kind == "move":
        frm, to, pawn, n = args
        if not pawn:
            return f"{n if n > 1 else ''}w{frm + 1}->{to + 1}"
        if n == 0:
            return f"p{frm + 1}->{to + 1}"
        return f"(p+{n if n > 1 else ''}w){frm + 1}->{to + 1}"
    raise AssertionError(kind)


def _key(text: str) -> str:
    return "".join(text.split()).lower()


# which action kinds each seat can ever take (keeps the tables unambiguous)
_SEAT_KINDS = {
    0: {"pass", "discard", "craft", "ambush", "battle", "remove", "keep", "build", "recruit",
        "place_warrior", "place_wood", "overwork", "extra", "hospital", "move", "use", "tax",
        "codebreak"},
    1: {"pass", "discard", "craft", "ambush", "battle", "remove", "lair", "forest", "pawn_to",
        "intimidate", "return", "fear", "terror", "eat", "hoard", "move", "use", "tax", "codebreak"},
    -1: {"draw", "dice", "steal"},
}


@lru_cache(maxsize=None)
def _table(seat: int) -> dict:
    table = {}
    for a in range(_core.NUM_ACTIONS):
        kind, args = decode(a)
        if kind not in _SEAT_KINDS[seat]:
            continue
        if kind == "battle" and args[1] == seat:
            continue
        if kind == "move" and (args[0] == args[1] or (seat == 0 and args[2]) or args[2] + args[3] == 0):
            continue
        if kind == "remove" and (_core.PIECE_NAMES[args[0]] in _CAT_PIECES) != (seat == 0):
            continue
        if kind == "move" and not args[2] and args[3] == 1:
            table[_key(f"1{action_text(a, seat)}")] = a
        if kind == "move" and args[2] and args[3] == 1:
            table[_key(f"(p+1w){args[0] + 1}->{args[1] + 1}")] = a
        if kind == "draw":
            table[_key(_card(args[0]))] = a
        key = _key(action_text(a, seat))
        assert key not in table, f"ambiguous notation {key!r}"
        table[key] = a
    return table


def parse(text: str, seat: int) -> int:
    """The action int for text typed by seat; NotationError if it reads as no action of that seat.
    A leading 'C:' or 'W:' names the seat and must match."""
    if not isinstance(text, str):
        raise NotationError(f"an action must be text, not {type(text).__name__}")
    body = "".join(text.split())
    if len(body) >= 2 and body[1] == ":" and body[0].upper() in FACTION_LETTERS + (CHANCE_LETTER,):
        named = {"C": 0, "W": 1, "?": -1}[body[0].upper()]
        if named != seat:
            who = FACTION_NAMES[seat] if seat >= 0 else "chance"
            raise IllegalActionError(f"{text.strip()!r} names {body[0].upper()}, but it is {who}'s decision")
        body = body[2:]
    a = _table(seat).get(_key(body))
    if a is None:
        who = FACTION_NAMES[seat] + "'s" if seat >= 0 else "a chance"
        raise NotationError(f"cannot read {text.strip()!r} as {who} action (see docs/notation.md)")
    return a


def record_text(a: int | Action, seat: int) -> str:
    """Text for a game record line: the seat's letter, a colon, the action."""
    letter = FACTION_LETTERS[seat] if seat >= 0 else CHANCE_LETTER
    return f"{letter}: {action_text(a, seat)}"
