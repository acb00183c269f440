"""The engine's events in words: who attacked whom where, ambushes, the roll, the hits each side
dealt and took, what was removed, hits Ravenous ignored, the pawn fleeing, every VP and why.

narrate() reads only the events it is given: pass events redacted for the viewer
(redaction.events_seen), so the words never name a card the viewer cannot know."""
from __future__ import annotations

from wyrm_ai.cards import CARDS, ITEM_NAMES
from wyrm_ai.events import Event, SUITS, VP_REASONS
from wyrm_ai.notation import FORESTS
from wyrm_ai import _core

FACTION = ("Marquise", "Wyrm")
# a piece's words: (one, many); wood is counted as tokens
PIECE_WORDS = {
    "warrior": ("a warrior", "warriors"), "sawmill": ("a sawmill", "sawmills"),
    "workshop": ("a workshop", "workshops"), "recruiter": ("a recruiter", "recruiters"),
    "wood": ("a wood token", "wood tokens"), "keep": ("the Keep", "Keeps"),
    "wyrmling": ("a wyrmling", "wyrmlings"), "pawn": ("the Wyrm pawn", "pawns"),
    "fear": ("a fear token", "fear tokens"),
}
CAUSE_WORDS = {"hit": "", "favor": " (Favor)", "tax": " (Tax Collector)"}


def card_words(t: int | None) -> str:
    return "a hidden card" if t is None else CARDS[t].name


def where(c: int) -> str:
    return f"clearing {c + 1}"


def plural(n: int, one: str, many: str | None = None) -> str:
    return f"{n} {one if n == 1 else (many or one + 's')}"


def pieces(piece: int, n: int) -> str:
    one, many = PIECE_WORDS[_core.PIECE_NAMES[piece]]
    return one if n == 1 else f"{n} {many}"


def vp_reason(e: Event) -> str:
    """Why the VP of a vp event were scored."""
    reason, d = VP_REASONS[e.arg], e.detail
    at = f" in {where(e.clearing)}" if e.clearing >= 0 else ""
    if reason == "craft":
        return f"crafting {card_words(d)}"
    if reason == "build":
        return f"building a {_core.BUILDING_NAMES[d]}{at}"
    if reason == "remove":
        return f"removing {pieces(d, 1)}{at}"
    if reason == "treasure":
        return f"a treasure lost from the defending Wyrm's Lair{at}"
    if reason == "favor":
        return f"the Favor of the {SUITS[d].capitalize()}s removing buildings and tokens{at}"
    if reason == "lair":
        capped = f", capped at {e.amount} by the Growth track" if e.amount < d else ""
        return f"the Lair ({plural(d, 'item')}{capped})"
    if reason == "brutal_tactics":
        return "the attacker's Brutal Tactics"
    if reason == "royal_claim":
        return f"Royal Claim ({plural(d, 'clearing')} ruled)"
    if reason == "steal":
        return f"losing {card_words(d)} to Stand and Deliver!"
    return reason


def sentence(e: Event) -> str:
    """One event in words."""
    who = FACTION[e.seat] if e.seat in (0, 1) else ""
    k = e.kind
    if k == "battle":
        return f"The {who} attacks the {FACTION[e.arg]} in {where(e.clearing)}."
    if k == "ambush":
        return f"The {who} ambushes with {card_words(e.arg)} ({CARDS[e.arg].suit})."
    if k == "foil":
        return f"The {who} foils the ambush with {card_words(e.arg)} ({CARDS[e.arg].suit})."
    if k == "roll":
        return f"Roll {e.arg},{e.amount}: the {who} (attacker) {e.arg}, the {FACTION[1 - e.seat]} {e.amount}."
    if k == "hits":
        source = "The ambush deals" if e.arg == 1 else f"The {who} deals"
        return f"{source} {plural(e.amount, 'hit') if e.amount else 'no hit'} to the {FACTION[1 - e.seat]}."
    if k == "ravenous":
        return f"Ravenous: the Wyrm ignores {plural(e.amount, 'hit')} dealt to it."
    if k == "armorers":
        return f"Armorers: the {who} ignores {plural(e.amount, 'rolled hit')}."
    if k == "remove":
        return (f"The {who} loses {pieces(e.arg, e.amount)} in {where(e.clearing)}"
                f"{CAUSE_WORDS[_core.REMOVE_CAUSES[e.detail]]}.")
    if k == "no_target":
        return f"{plural(e.amount, 'hit')} on the {who} find{'s' if e.amount == 1 else ''} nothing to remove."
    if k == "lair":
        return f"A hit on the Wyrm pawn removes the {ITEM_NAMES[e.arg]} from its Lair."
    if k == "flee":
        return f"The Wyrm pawn flees {where(e.clearing)} to the forest {FORESTS[e.arg]}."
    if k == "vp":
        return f"{who} +{e.amount} VP: {vp_reason(e)}."
    if k == "hospital":
        return f"Field Hospitals: {plural(e.amount, 'warrior')} return to the Keep in {where(e.clearing)}."
    if k == "draw":
        return f"The {who} draws {card_words(e.arg)}."
    if k == "reshuffle":
        return f"The discard pile ({plural(e.amount, 'card')}) becomes the new deck."
    if k == "win":
        return f"The {who} reaches {e.amount} VP and wins!"
    return k


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
    return [sentence(e) for e in merged(e for e in evs if e.kind not in skip)]
