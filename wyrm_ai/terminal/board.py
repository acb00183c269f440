"""The screen: the Autumn map as a grid of clearings, both factions' boards, scores, phase and
hands. render(game, seat, style) returns text at most 99 columns wide."""
from __future__ import annotations

from wyrm_ai import _core
from wyrm_ai.cards import CARDS, ITEM_NAMES
from wyrm_ai.notation import FORESTS
from wyrm_ai.terminal.style import Style, pad
from wyrm_ai.terminal.words import card_line, step_words

NCL = _core.NUM_CLEARINGS
SUITS = [_core.SUIT_NAMES[s] for s in _core._SUITS]          # per clearing: fox / rabbit / mouse
SLOTS = list(_core._SLOTS)
RUINS = list(_core._RUINS)
ADJ = {c: sorted({b for a, b in _core.PATHS if a == c} | {a for a, b in _core.PATHS if b == c})
       for c in range(1, NCL + 1)}
CAPS = _core.WYRM_TABLE["lair_caps"]
GROWTH = _core.WYRM_TABLE["growth_markers"]
SPACES = _core.WYRM_TABLE["track_spaces"]
MT = _core.MARQUISE_TABLE

# the Autumn map as a 4x4 grid (clearing numbers; 0 = no clearing), after the printed board
GRID = [
    [1, 0, 5, 2],
    [9, 10, 11, 6],
    [0, 12, 0, 0],
    [4, 8, 7, 3],
]
CELL = 24            # box width; 4 boxes and 3 gaps make 99 columns
INNER = CELL - 2
FEAR_WORDS = {1: "fear:scared", 2: "fear:cowed"}


def ruler(d: dict, c: int) -> int:
    """The seat that rules clearing c (0-based): warriors plus buildings; the Wyrm pawn counts
    as three (W-MON-1); ties rule for nobody (LoR 2.5)."""
    cat = d["warriors"][c] + sum(d["buildings"][t][c] for t in range(3))
    wyrm = d["wyrmlings"][c] + (3 if d["pawn"] == c else 0)
    return 0 if cat > wyrm else 1 if wyrm > cat else -1


def _cell(d: dict, n: int, st: Style) -> list[str]:
    c = n - 1
    suit = SUITS[c]
    rule = ruler(d, c)
    title = f" {n} {st.paint(suit, suit)} "
    tag = ""
    if rule >= 0:
        tag = " " + st.paint("CW"[rule] + " rules", ("marquise", "wyrm")[rule]) + " "
    top = "+-" + title + "-" * max(1, INNER - 1 - len(f" {n} {suit} ") - (len(tag) and 9)) + tag + "+"
    # slots: buildings first, then the ruin, then empty
    slots = []
    for t, letter in enumerate("SWR"):
        slots += [st.paint(f"[{letter}]", "marquise")] * d["buildings"][t][c]
    slots += ["[#]"] * RUINS[c]
    slots += ["[ ]"] * (SLOTS[c] - len(slots))
    line1 = " " + "".join(slots)
    cat = []
    if d["warriors"][c]:
        cat.append(f"{d['warriors'][c]}w")
    if d["wood"][c]:
        cat.append(f"{d['wood'][c]}wood")
    if d["keep"] == c:
        cat.append("KEEP")
    line2 = " " + st.paint("C " + " ".join(cat), "marquise") if cat else ""
    wy = []
    if d["wyrmlings"][c]:
        wy.append(f"{d['wyrmlings'][c]}w")
    if d["pawn"] == c:
        wy.append(st.paint("WYRM", "wyrm", "bold"))
    if d["fear"][c]:
        wy.append(FEAR_WORDS[d["fear"][c]])
    line3 = " " + st.paint("W ", "wyrm") + st.paint(" ".join(wy), "wyrm") if wy else ""
    paths = " to " + " ".join(str(a) for a in ADJ[n]) + " "
    bottom = "+-" + paths + "-" * (INNER - 1 - len(paths)) + "+"
    return [top] + ["|" + pad(x, INNER) + "|" for x in (line1, line2, line3)] + [bottom]


LEGEND = [
    "[S] sawmill [W] workshop [R] recruiter",
    "[#] ruin  [ ] empty building slot",
    "C Marquise: w warriors, wood, KEEP",
    "W Wyrm: w wyrmlings, WYRM the pawn, fear",
    "'to 5 9' paths; 'C rules' who rules",
]


def map_lines(d: dict, st: Style) -> list[str]:
    rows = []
    for r, row in enumerate(GRID):
        cells = [_cell(d, n, st) if n else [" " * CELL] * 5 for n in row]
        if r == 2:                                   # the empty space right of 12: the legend
            legend = [pad(st.paint(x, "dim"), 2 * CELL + 1) for x in LEGEND]
            cells[2], cells[3] = legend, [""] * 5
        for i in range(5):
            rows.append(" ".join(cell[i] for cell in cells).rstrip())
    return rows


def growth_on_track(d: dict) -> int:
    return GROWTH - sum(d["growth"])


def lair_cap(d: dict) -> int:
    n = growth_on_track(d)
    return CAPS[n - 1] if n > 0 else 0


def pawn_place(d: dict) -> str:
    p = d["pawn"]
    if p < 0:
        return "not placed yet"
    if p < NCL:
        return f"clearing {p + 1}"
    return f"the forest {FORESTS[p - NCL]}"


def _items(counts) -> str:
    names = [ITEM_NAMES[i] for i, k in enumerate(counts) for _ in range(k)]
    return ", ".join(names) if names else "none"


def _cards(counts) -> str:
    names = [CARDS[t].name for t, k in enumerate(counts) for _ in range(k)]
    return ", ".join(names) if names else "none"


def wyrm_lines(d: dict, st: Style, who: str) -> list[str]:
    g = d["growth"]
    level = [1 + SPACES - g[i] for i in range(3)]
    on = growth_on_track(d)
    track = "".join("[o]" if i < on else "[ ]" for i in range(GROWTH))
    caps = " ".join(str(x) for x in CAPS)
    lair = d["items"][1]
    head = st.paint("THE WYRM", "wyrm", "bold") + f" ({who})  {st.paint(str(d['score'][1]) + ' VP', 'bold')}" \
        f"  hand {d['hand_size'][1]}  the pawn: {pawn_place(d)}"
    if d["pawn"] < 0:
        return [head, "  (the Wyrm sets up after the Marquise: its pawn, 2 wyrmlings and a fear token in",
                "  the clearing with the fewest Marquise pieces; Growth markers on Bite, Height, Might)"]
    return [
        head,
        f"  Bite {level[0]} (battles a turn)  Height {level[1]} (moves a turn)  "
        f"Might {level[2]} (wyrmlings per Intimidate)",
        f"  Growth track {track}  caps {caps}  -> the Lair scores up to {lair_cap(d)} VP each Evening",
        f"  Lair: {_items(lair)} ({sum(lair)} item{'s' if sum(lair) != 1 else ''})   supply: {d['wyrmling_supply']} wyrmling{'s' if d['wyrmling_supply'] != 1 else ''}, "
        f"{d['fear_supply']} fear, {d['treasure_supply']} treasure",
    ] + ([f"  crafted: {_cards(d['play_area'][1])}"] if sum(d["play_area"][1]) else [])


def marquise_lines(d: dict, st: Style, who: str) -> list[str]:
    parts = []
    for t, name in enumerate(_core.BUILDING_NAMES):
        placed = sum(d["buildings"][t])
        n = MT["buildings_per_type"]
        nxt = f" next {MT['wood_cost'][placed]} wood +{MT['vp'][t][placed]} VP" if placed < n else " all built"
        parts.append(f"{name}s {placed}/{n}{nxt}")
    head = st.paint("THE MARQUISE", "marquise", "bold") + f" ({who})  " \
        f"{st.paint(str(d['score'][0]) + ' VP', 'bold')}  hand {d['hand_size'][0]}"
    rows = [head, "  " + "  ".join(parts),
            f"  supply: {d['warrior_supply']} warriors, {d['wood_supply']} wood   items: {_items(d['items'][0])}"]
    if sum(d["play_area"][0]):
        rows.append(f"  crafted: {_cards(d['play_area'][0])}")
    return rows


def wrap_parts(parts: list[str], width: int = 99, sep: str = " | ") -> list[str]:
    """Join parts with sep into lines no wider than width."""
    rows, cur = [], ""
    for p in parts:
        if cur and len(cur) + len(sep) + len(p) > width:
            rows.append(cur)
            cur = p
        else:
            cur = cur + sep + p if cur else p
    return rows + ([cur] if cur else [])


def status_lines(game, d: dict, human: int, st: Style) -> list[str]:
    names = ("the Marquise", "the Wyrm")
    if game.is_terminal():
        return [st.paint("Game over", "bold")]
    turn = d["turn"]
    parts = [f"Turn {d['turn_number']}", f"{names[turn]}'s turn", step_words(game.step)]
    if d["turn_number"] == 0 or game.step in ("marquise_keep", "marquise_setup_build", "wyrm_setup"):
        parts[0] = "Setup"
    if game.step in ("marquise_daylight", "marquise_march", "marquise_pay_wood", "marquise_recruit"):
        parts.append(f"{d['actions_left']} actions left")
    if turn == 1 and game.step.startswith("wyrm_daylight"):
        level = [1 + SPACES - x for x in d["growth"]]
        left = [f"moves {d['moves_used']}/{level[1]}", f"battles {d['battles_used']}/{level[0]}"]
        for key, name in (("used_fear", "Fear"), ("used_terror", "Terrorize"), ("used_eat", "Eat"),
                          ("used_hoard", "Hoard")):
            if not d[key]:
                left.append(name)
        parts.append("left: " + ", ".join(left))
    parts.append(f"deck {d['deck_size']}, discard {sum(d['discard'])}")
    return [st.paint(x, "title") for x in wrap_parts(parts)]


def hand_lines(d: dict, human: int) -> list[str]:
    hand = d["hand"][human]
    cards = [t for t, k in enumerate(hand) for _ in range(k)]
    rows = [f"YOUR HAND ({len(cards)}):"] + [f"  {card_line(t)}" for t in cards]
    other = 1 - human
    n = d["hand_size"][other]
    rows.append(f"The {('Marquise', 'Wyrm')[other]}'s hand: {n} card{'s' if n != 1 else ''}")
    known = d.get("known", [[], []])[human]
    if known and sum(known):
        rows[-1] += f" (you know of: {_cards(known)})"
    return rows


def render(game, human: int, st: Style | None = None) -> str:
    """The whole screen for the human seat: map, boards, status and hand."""
    st = st or Style(False)
    d = game.observation(human)
    who = ("you", "AI") if human == 0 else ("AI", "you")
    rows = map_lines(d, st)
    rows.append("")
    rows += wyrm_lines(d, st, who[1])
    rows += marquise_lines(d, st, who[0])
    rows.append("")
    rows += status_lines(game, d, human, st)
    rows += hand_lines(d, human)
    return "\n".join(rows)
