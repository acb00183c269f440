"""The Underground Duchy's board as the front ends show it (LoR 12; docs/duchy-corvids.md), read
from an observation (redaction.observe) or a state dict: the warriors in the Burrow (a clearing of
the Duchy's own beside the map, LoR 12.2.2) and the tunnels that link it to the map, the ministers
of Parliament swayed and unswayed with their ranks, the crowns of each rank on the board, on
swayed ministers and lost to the Price of Failure, the citadels and markets on the map and what
their tracks give now and with one more placed, the cards revealed this turn, and the turn's
Assembly actions left and ministers used.

Everything here is public: the Duchy's board is face up and its revealed cards lie face up until
Evening (LoR 12.5). The numbers are the core's table (`_core.DUCHY_TABLE`): 3 crowns a rank, the
Birdsong recruits 1/2/4/6 for 0..3 citadels on the map (LoR 12.4), the Evening draws 1..4 for
0..3 markets (LoR 12.6.3); a crown leaves the game with the Price of Failure (LoR 12.2.3), so of a
rank's 3 crowns, those neither on the board nor on a swayed minister are lost (choice C12)."""
from __future__ import annotations

from wyrm_ai import _core
from wyrm_ai.model.factions import DUCHY, on_turn_of, seat_in

TABLE = _core.DUCHY_TABLE
MINISTERS = tuple(TABLE["ministers"])          # foremole ... earl_of_stone, the core's order (a bit each)
MINISTER_TITLES = ("Foremole", "Captain", "Marshal", "Brigadier", "Banker", "Mayor", "Duchess of Mud",
                   "Baron of Dirt", "Earl of Stone")
RANKS = ("squire", "noble", "lord")            # LoR 12.5.3: 2, 3, 4 cards to sway; crowns 1, 2, 3 VP
RANK_OF = dict(zip(MINISTERS, (RANKS[r] for r in TABLE["ranks"])))
BUILDINGS = ("citadels", "markets")            # building kinds 0 and 1 (LoR 12.3.4-5)
SUITS = ("fox", "rabbit", "mouse")
NCL = _core.NUM_CLEARINGS
assert len(MINISTER_TITLES) == len(MINISTERS)


def seated(d: dict) -> bool:
    """The Duchy sit at the table of d (an observation or a state dict)."""
    return DUCHY in d["seat_faction"]


def seat(d: dict) -> int:
    """The Duchy's seat (-1 when they do not sit)."""
    return seat_in(d, DUCHY)


def title(name: str) -> str:
    """A minister's name as printed ('duchess_of_mud' -> 'Duchess of Mud')."""
    return MINISTER_TITLES[MINISTERS.index(name)]


def burrow(d: dict) -> int:
    """The Duchy's warriors in the Burrow (LoR 12.2.2)."""
    return d["burrow"]


def tunnels(d: dict) -> list[int]:
    """The clearings (1-12) with a tunnel: those the Burrow is adjacent to (LoR 12.2.2, 12.2.4)."""
    return [i + 1 for i in range(NCL) if d["tunnels"][i]]


def _bits(mask: int) -> list[str]:
    return [m for k, m in enumerate(MINISTERS) if (mask >> k) & 1]


def swayed(d: dict) -> list[str]:
    """The swayed ministers (a crown of their rank on each; LoR 12.5.3), in the core's order."""
    return _bits(d["swayed"])


def unswayed(d: dict) -> list[str]:
    return [m for m in MINISTERS if m not in swayed(d)]


def on_turn(d: dict) -> bool:
    """It is the Duchy's turn (past the setup): the turn's bookkeeping below means this turn. The
    core keeps it on its board until the Duchy's next Daylight resets it, so another seat's turn
    shows none of it."""
    return on_turn_of(d, DUCHY)


def used(d: dict) -> list[str]:
    """The ministers whose action Parliament took this turn (LoR 12.5.2: each once); none outside
    the Duchy's turn."""
    return _bits(d["ministers_used"]) if on_turn(d) else []


def assembly_left(d: dict) -> int:
    """The Assembly's actions left this Daylight (LoR 12.5.1: two); 0 outside the Duchy's turn."""
    return d["assembly_left"] if on_turn(d) else 0


def swayed_now(d: dict) -> bool:
    """A minister was swayed this turn (LoR 12.5.3: one a turn); False outside the Duchy's turn."""
    return bool(d["swayed_now"]) and on_turn(d)


def ministers(d: dict) -> list[dict]:
    """Each of the nine ministers: its name, rank, whether swayed, whether its action was taken
    this turn, the cards a Sway reveals for it and the VP its crown's space scores."""
    on, done = set(swayed(d)), set(used(d))
    return [{"name": m, "rank": RANK_OF[m], "swayed": m in on, "used": m in done,
             "sway_cards": TABLE["sway_cards"][RANKS.index(RANK_OF[m])],
             "crown_vp": TABLE["crown_vp"][RANKS.index(RANK_OF[m])]} for m in MINISTERS]


def crowns(d: dict) -> dict[str, dict]:
    """{rank: {board, swayed, lost, vp}}: each rank's crowns still on the Duchy's board (a minister of
    that rank may be swayed while one is: LoR 12.5.3), on swayed ministers, and removed from the game
    by the Price of Failure (LoR 12.2.3; C12: the rest of the 3); vp what the next Sway of that rank
    scores (the space its crown uncovers)."""
    out = {}
    held = swayed(d)
    for k, rank in enumerate(RANKS):
        board = d["crowns"][k]
        on = sum(1 for m in held if RANK_OF[m] == rank)
        out[rank] = {"board": board, "swayed": on, "lost": TABLE["crowns"] - board - on,
                     "vp": TABLE["crown_vp"][k]}
    return out


def crowns_lost(d: dict) -> dict[str, int]:
    return {rank: c["lost"] for rank, c in crowns(d).items()}


def on_map(d: dict, kind: str) -> int:
    """Citadels or markets on the map: the spaces uncovered on their track."""
    return sum(d[kind])


def where(d: dict, kind: str) -> list[int]:
    """The clearings (1-12) holding a citadel or a market, once per building."""
    return [i + 1 for i in range(NCL) for _ in range(d[kind][i])]


def recruits(d: dict) -> int:
    """The warriors Birdsong places in the Burrow now: 1 plus the warrior icons the citadels
    uncovered (LoR 12.4: 1/2/4/6 for 0..3 citadels on the map)."""
    return TABLE["burrow_recruits"][min(on_map(d, "citadels"), TABLE["citadels"])]


def draws(d: dict) -> int:
    """The cards Evening draws now: 1 plus the card icons the markets uncovered (LoR 12.6.3: 1..4)."""
    return TABLE["market_draws"][min(on_map(d, "markets"), TABLE["markets"])]


def buildings(d: dict) -> dict[str, dict]:
    """{citadels|markets: {on_map, track, clearings, next}}: those placed (and where), those still on
    their track, and what the track gives once the next is placed (the recruits of LoR 12.4 for a
    citadel, the draws of LoR 12.6.3 for a market; null once the track is empty)."""
    out = {}
    for kind, row in (("citadels", "burrow_recruits"), ("markets", "market_draws")):
        n, total = on_map(d, kind), TABLE[kind]
        out[kind] = {"on_map": n, "track": total - n, "clearings": where(d, kind),
                     "next": TABLE[row][n + 1] if n < total else None}
    return out


def crafting(d: dict) -> dict[str, int]:
    """{suit: crafting pieces}: the citadels and markets of each suit's clearings (LoR 12.2.1: each
    a crafting piece of its clearing's suit; they craft in Evening, LoR 12.6.2)."""
    out = dict.fromkeys(SUITS, 0)
    for i in range(NCL):
        n = d["citadels"][i] + d["markets"][i]
        if n and 0 <= d["suit"][i] < len(SUITS):
            out[SUITS[d["suit"][i]]] += n
    return out


def revealed(d: dict) -> list[int]:
    """The cards revealed this turn (Build, the Foremole, Sway; LoR 12.5), face up for everyone, as
    counts per card type: the birds go to the discard in Evening, the rest back to the hand."""
    return list(d["duchy_revealed"])


def acting(d: dict) -> str | None:
    """The minister whose action is under way (the Mayor's copy names the copied one), or None."""
    return MINISTERS[d["acting"]] if d["acting"] >= 0 else None


def supply(d: dict) -> dict[str, int]:
    """The Duchy's supply: warriors neither on the map nor in the Burrow, tunnels not on the map
    (a removed one comes back), citadels and markets still on their tracks."""
    return {"warriors": d["mole_supply"], "tunnels": d["tunnel_supply"],
            "citadels": TABLE["citadels"] - on_map(d, "citadels"), "markets": TABLE["markets"] - on_map(d, "markets")}
