"""The Lizard Cult's board as the front ends show it (LoR 10; docs/riverfolk-lizards.md), read
from an observation (redaction.observe) or a state dict: the Outcast and its side, the acolytes
and what each conspiracy costs them, the gardens of each suit on the map with the VP a Score
ritual of that suit gives now and whether its draw bonus is uncovered, the cards revealed for
rituals this Daylight, the suits scored this turn, and the shared Lost Souls pile by suit.

Everything here is public: the Cult's hand is never read. The numbers are the core's table
(`_core.LIZARD_TABLE`): a suit's Score value is `score_vp[gardens of the suit on the map]` (the
VP above the rightmost empty space of its track, LoR 10.5.3: gardens leave the track leftmost
first and come back rightmost first, so the count decides it), a suit with `draw_bonus_from`
gardens or more uncovers its draw bonus (LoR 10.6.3), and a conspiracy costs its acolytes one
fewer on the Hated side (LoR 10.4.3). The Evening draw itself is the core's public fact
`evening_draws`."""
from __future__ import annotations

from wyrm_ai import _core
from wyrm_ai.model.cards import CARDS
from wyrm_ai.model.factions import LIZARDS

TABLE = _core.LIZARD_TABLE
SUITS = ("fox", "rabbit", "mouse")              # the gardens' tracks, in the core's suit order
PILE_SUITS = ("fox", "rabbit", "mouse", "bird")
CONSPIRACIES = ("crusade", "convert", "sanctify")


def seated(d: dict) -> bool:
    """The Cult sits at the table of d (an observation or a state dict)."""
    return LIZARDS in d["seat_faction"]


def score_value(on_map: int) -> int:
    """The VP a Score ritual of a suit gives with that many of its gardens on the map (0 with none
    out: the ritual is still allowed, its card goes to Lost Souls; choice C19)."""
    return TABLE["score_vp"][on_map]


def draw_bonus(on_map: int) -> bool:
    """That suit's draw bonus is uncovered (one card more each Evening)."""
    return on_map >= TABLE["draw_bonus_from"]


def outcast_suit(d: dict) -> str | None:
    """The Outcast's suit, None before the Cult's setup chooses it."""
    return SUITS[d["outcast"]] if d["outcast"] >= 0 else None


def pile_by_suit(counts) -> dict[str, int]:
    """Card counts (one per card type) as {suit: cards}, every suit listed (bird too)."""
    out = dict.fromkeys(PILE_SUITS, 0)
    for t, n in enumerate(counts):
        if n:
            out[CARDS[t].suit] += n
    return out


def conspiracy_costs(d: dict) -> dict[str, int]:
    """Acolytes each conspiracy spends now: the table's, one fewer on the Hated side."""
    less = 1 if d["hated"] else 0
    return {name: TABLE[name] - less for name in CONSPIRACIES}


def gardens(d: dict) -> dict[str, dict]:
    """{suit: {on_map, supply, score, draw_bonus}} for the three suits."""
    per_suit = TABLE["gardens_per_suit"]
    out = {}
    for k, suit in enumerate(SUITS):
        n = sum(d["gardens"][k])
        out[suit] = {"on_map": n, "supply": per_suit - n, "score": score_value(n), "draw_bonus": draw_bonus(n)}
    return out


def scored_suits(d: dict) -> list[str]:
    """The suits the Cult has used a Score ritual of this turn (once each, LoR 10.5.3); none on
    another player's turn (the core clears its marks at the Cult's next Birdsong)."""
    if LIZARDS not in d["seat_faction"] or d["turn"] != list(d["seat_faction"]).index(LIZARDS):
        return []
    return [suit for k, suit in enumerate(SUITS) if d["scored"] >> k & 1]
