"""The Corvid Conspiracy's board as the front ends show it (LoR 13; docs/duchy-corvids.md §5), read
from an observation (redaction.observe) or a state dict: the plots on the map with their facing and,
where the viewer may see it, their type, the types a wrong Exposure ruled out, what the next flip
scores, the face-up snares, the Evening's draws, the crafting pieces per suit, the turn's plots
placed, Daylight actions left and Exert, an Exposure under way and the supply.

A face-down plot's type is the Corvids' secret (LoR 13.2.2.I): an observation of any other viewer
holds redaction.HIDDEN_PLOT there, and these facts say None; so do the types left in the supply
(each type has two plots, LoR 13.2.2, so the supply tells what the face-down plots are). Everything
else here is public: the plots' facing, a face-up plot's type, the types a wrong Exposure ruled out
(the Corvids said no, docs/duchy-corvids.md K-C3). The numbers are the core's table
(`_core.CORVID_TABLE`)."""
from __future__ import annotations

from wyrm_ai import _core
from wyrm_ai.model.factions import CORVIDS, on_turn_of, seat_in

TABLE = _core.CORVID_TABLE
PLOT_TYPES = tuple(_core.PLOT_NAMES)            # bomb, snare, extortion, raid: the core's order
SUITS = ("fox", "rabbit", "mouse")
NCL = _core.NUM_CLEARINGS
BIRDSONG_STEPS = ("corvids_birdsong", "extortion")   # their Birdsong: the Daylight's count not yet set


def seated(d: dict) -> bool:
    """The Corvids sit at the table of d (an observation or a state dict)."""
    return CORVIDS in d["seat_faction"]


def seat(d: dict) -> int:
    """The Corvids' seat (-1 when they do not sit)."""
    return seat_in(d, CORVIDS)


def on_turn(d: dict) -> bool:
    """It is the Corvids' turn (past the setup): the turn's bookkeeping below means this turn."""
    return on_turn_of(d, CORVIDS)


def face_up_at(d: dict, i: int) -> bool:
    """Clearing i (0-based) holds a face-up plot."""
    return bool(d["plots"][i]) and bool((d["plots_up"] >> i) & 1)


def type_at(d: dict, i: int) -> str | None:
    """The type of clearing i's plot, None where it is hidden from the viewer (or no plot lies)."""
    t = d["plot_types"][i]
    return PLOT_TYPES[t] if d["plots"][i] and 0 <= t < len(PLOT_TYPES) else None


def ruled_out(d: dict, i: int) -> list[str]:
    """The types a wrong Exposure named for clearing i's face-down plot (public; they travel with
    a Trick, LoR 13.5.4)."""
    return [name for t, name in enumerate(PLOT_TYPES) if (d["plot_not"][i] >> t) & 1]


def plots(d: dict) -> dict[int, dict]:
    """{clearing (1-12): {type, face_up, ruled_out}} for every plot on the map: its type (None
    where the viewer may not see it: face down, to any viewer but the Corvids and the referee)."""
    return {i + 1: {"type": type_at(d, i), "face_up": face_up_at(d, i), "ruled_out": ruled_out(d, i)}
            for i in range(NCL) if d["plots"][i]}


def face_up(d: dict) -> int:
    """Face-up plots on the map: the VP a flip scores, less the one flipped (LoR 13.4.2)."""
    return sum(1 for i in range(NCL) if face_up_at(d, i))


def face_down(d: dict) -> int:
    return sum(d["plots"]) - face_up(d)


def flip_vp(d: dict) -> int:
    """The VP the next flip scores: one per face-up plot on the map, the flipped one included
    (LoR 13.4.2)."""
    return face_up(d) + 1


def of_type(d: dict, name: str) -> list[int]:
    """The clearings (1-12) of the face-up plots of a type (a face-down one's type is no fact)."""
    return [i + 1 for i in range(NCL) if face_up_at(d, i) and type_at(d, i) == name]


def snares(d: dict) -> list[int]:
    """The clearings of face-up snares: no enemy piece is placed there or moves out (LoR 13.7.2)."""
    return of_type(d, "snare")


def exerted(d: dict) -> bool:
    """The Corvids took Exert this Evening (LoR 13.6.1: no draw); False outside their turn."""
    return bool(d["exerted"]) and on_turn(d)


def draws(d: dict) -> int:
    """The cards the Corvids' Evening draws as the board stands: one plus one per face-up
    extortion (LoR 13.6.2, 13.7.3); none after Exert (LoR 13.6.1)."""
    return 0 if exerted(d) else TABLE["evening_draw"] + len(of_type(d, "extortion"))


def crafting(d: dict) -> dict[str, int]:
    """{suit: plots}: each plot, face up or down, crafts as its clearing's suit (LoR 13.2.1; they
    craft in Birdsong)."""
    out = dict.fromkeys(SUITS, 0)
    for i in range(NCL):
        if d["plots"][i] and 0 <= d["suit"][i] < len(SUITS):
            out[SUITS[d["suit"][i]]] += 1
    return out


def plots_placed(d: dict) -> int:
    """Plots placed this turn (LoR 13.5.2: the next costs one warrior more); 0 outside their turn."""
    return d["plotted"] if on_turn(d) else 0


def plot_cost(d: dict) -> int:
    """The warriors the Corvids' next plot removes: one plus one per plot placed this turn."""
    return plots_placed(d) + 1


def actions_left(d: dict) -> int:
    """Daylight actions left (LoR 13.5: three); 0 outside their Daylight and Evening."""
    steps = _core.STEP_NAMES
    if not on_turn(d) or steps[d["step"]] in BIRDSONG_STEPS:
        return 0
    return d["cv_actions_left"]


def exposing(d: dict) -> int | None:
    """The clearing (1-12) of an Exposure under way (LoR 13.2.4), or None."""
    return d["expose_at"] + 1 if d["expose_at"] >= 0 else None


def supply(d: dict) -> dict[str, int]:
    """The Corvids' warriors and plots not on the map (the plots face down, LoR 13.2.2.I)."""
    return {"warriors": d["corvid_supply"], "plots": d["plot_supply"]}


def supply_types(d: dict) -> dict[str, int] | None:
    """{type: plots of it in the supply}: what is not on the map of each type's two (LoR 13.2.2);
    None where a face-down plot on the map is hidden from the viewer (the supply would tell it)."""
    on_map = [type_at(d, i) for i in range(NCL) if d["plots"][i]]
    if None in on_map:
        return None
    return {name: TABLE["plots_per_type"] - on_map.count(name) for name in PLOT_TYPES}
