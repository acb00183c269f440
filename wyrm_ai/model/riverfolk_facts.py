"""The Riverfolk Company's board as the front ends show it (LoR 11; docs/riverfolk-lizards.md), read
from an observation (redaction.observe) or a state dict: the warriors of every owner in the
Payments, Funds and Committed boxes, the service prices, the trade posts of each suit (on the map,
still on the Trade Posts track, removed from the game) with the VP of the next space uncovered,
the crafting spaces those posts uncovered and how many this turn's funds fill, what Dividends
would score now, the services bought this turn, and the Riverfolk's public hand.

Everything here is public (LoR 11.2.3, 11.2.4: the hand and the boxes are face up). The numbers
are the core's table (`_core.RIVERFOLK_TABLE`): 3 posts a suit, each uncovering a crafting space
and scoring `post_vp[space]`; a removed post leaves the game (LoR 11.2.5.I), so of each suit's 3
posts, those neither on the map nor on the track are lost. The boxes are indexed by faction id in
a state dict (its fields `payments`, `funds`, `committed`); `committed` holds the funds on the
crafting spaces too (both go back to Funds at the next Gather, LoR 11.4.3)."""
from __future__ import annotations

from wyrm_ai import _core
from wyrm_ai.model.factions import LETTERS, NAMES, RIVERFOLK, TITLES, seat_in

TABLE = _core.RIVERFOLK_TABLE
SUITS = ("fox", "rabbit", "mouse")                    # the Trade Posts tracks, in the core's suit order
SERVICES = tuple(_core.SERVICE_NAMES)                 # hand_card, riverboats, mercenaries (LoR 11.2.7)
SERVICE_TITLES = ("Hand Card", "Riverboats", "Mercenaries")
BOXES = ("payments", "funds", "committed")            # LoR 11.1 (the faction board's three boxes)
POSTS = TABLE["posts_per_suit"]


def seated(d: dict) -> bool:
    """The Riverfolk sit at the table of d (an observation or a state dict)."""
    return RIVERFOLK in d["seat_faction"]


def seat(d: dict) -> int:
    """The Riverfolk's seat (-1 when they do not sit)."""
    return seat_in(d, RIVERFOLK)


def public_hand(d: dict) -> list[int] | None:
    """The Riverfolk's hand, face up for every player (LoR 11.2.3), as counts per card type: the
    view's hand entry (redaction shows it to every viewer), None when the Riverfolk do not sit or
    the observation lacks it."""
    me = seat(d)
    if me < 0:
        return None
    hand = d["hand"][me]
    return list(hand) if hand is not None else None


def with_public_hand(d: dict, state) -> dict:
    """d (an observation of state) with the Riverfolk's public hand (LoR 11.2.3) in its hand
    entry, where the observation left it out: every view shows it."""
    me = seat(d)
    if me >= 0 and d["hand"][me] is None:
        d["hand"] = list(d["hand"])
        d["hand"][me] = list(state.to_dict()["hand"][me])
    return d


def owners(d: dict, box: str) -> dict[int, int]:
    """{faction id: warriors} of a box (payments, funds, committed), the owners with any there, in
    faction-id order."""
    return {f: n for f, n in enumerate(d[box]) if n}


def box_total(d: dict, box: str) -> int:
    return sum(d[box])


def box_words(d: dict, box: str, short: bool = False) -> str:
    """'Marquise 2, Riverfolk 1' ('C2 O1' short), or 'none' ('-')."""
    by = owners(d, box)
    if not by:
        return "-" if short else "none"
    return (" ".join(f"{LETTERS[f]}{n}" for f, n in by.items()) if short
            else ", ".join(f"{TITLES[f]} {n}" for f, n in by.items()))


def dividends(d: dict) -> int:
    """The VP Dividends would score at the Riverfolk's next Birdsong if the Funds box stood as now:
    one per two funds, while a trade post is on the map (LoR 11.4.2; Payments and Committed reach
    Funds only at the Gather after it)."""
    return box_total(d, "funds") // 2 if sum(d["trade_posts"]) else 0


def posts_on_map(d: dict, suit: int) -> int:
    return sum(1 for c, n in enumerate(d["trade_posts"]) if n and d["suit"][c] == suit)


def posts(d: dict) -> dict[str, dict]:
    """{suit: {on_map, track, lost, next_vp}}: each suit's trade posts on the map, still on its
    track, and removed from the game for good (LoR 11.2.5.I); next_vp what placing the next one
    scores (the space it uncovers, LoR 11.5.6.III), null once the track is empty."""
    out = {}
    for k, suit in enumerate(SUITS):
        on, track = posts_on_map(d, k), d["posts_left"][k]
        out[suit] = {"on_map": on, "track": track, "lost": POSTS - track - on,
                     "next_vp": TABLE["post_vp"][POSTS - track] if track else None}
    return out


def crafting(d: dict) -> dict[str, dict]:
    """{suit: {spaces, used, free}}: the crafting spaces each suit's placed posts uncovered (a
    removed post's space stays, LoR 11.2.1), those funds fill this turn, and those left (LoR
    11.2.1: one fund on each empty space of the cost's suits)."""
    out = {}
    for k, suit in enumerate(SUITS):
        spaces = POSTS - d["posts_left"][k]
        out[suit] = {"spaces": spaces, "used": d["track_used"][k], "free": spaces - d["track_used"][k]}
    return out


def prices(d: dict) -> dict[str, int | None]:
    """{service: its price 1-4}, null before the Riverfolk's setup sets it (LoR 11.3.5, 11.6.2)."""
    return {name: (p or None) for name, p in zip(SERVICES, d["prices"])}


def _faction_of(d: dict, s: int):
    return NAMES[d["seat_faction"][s]] if s >= 0 and d["seat_faction"][s] >= 0 else None


def services(d: dict) -> dict:
    """The services of the turn under way (LoR 11.2.6-7): the seat buying now (`buyer`, its faction's
    name, and `left` its purchases still allowed, while it buys at the start of its Birdsong), who
    bought Riverboats and Mercenaries this turn, and whether the Mercenaries serve now (its
    Daylight and Evening); null and false outside."""
    buying = d["buyer"] >= 0
    return {"buyer": _faction_of(d, d["buyer"]), "left": d["services_left"] if buying else None,
            "riverboats": _faction_of(d, d["riverboats_for"]), "mercenaries": _faction_of(d, d["mercenaries_for"]),
            "mercenaries_serving": bool(d["mercenaries_on"])}
