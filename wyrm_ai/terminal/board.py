"""The screen: the Autumn map as a grid of clearings, both factions' boards, scores, phase and
hands. render_board(observation, width) returns the board in at most width columns (the boxed
map needs 99; narrower terminals get terminal/compact.py's); render(game, seat) is the seat's."""
from __future__ import annotations

import textwrap

from wyrm_ai import _core
from wyrm_ai.cards import CARDS, ITEM_NAMES
from wyrm_ai.factions import EYRIE, LETTERS, MARQUISE, NAMES, TITLES, WYRM, seat_factions
from wyrm_ai.game import DAYLIGHT_STEPS
from wyrm_ai.narration import plural
from wyrm_ai.notation import FORESTS
from wyrm_ai.terminal.style import Style, pad, strip, visible_len
from wyrm_ai.terminal.words import card_line, step_words, turn_title

NCL = _core.NUM_CLEARINGS
SUITS = [_core.SUIT_NAMES[s] for s in _core._SUITS]          # per clearing: fox / rabbit / mouse
SLOTS = list(_core._SLOTS)
RUINS = list(_core._RUINS)
ADJ = {c: sorted({b for a, b in _core.PATHS if a == c} | {a for a, b in _core.PATHS if b == c})
       for c in range(1, NCL + 1)}
CAPS = _core.WYRM_TABLE["lair_caps"]
GROWTH = _core.WYRM_TABLE["growth_markers"]
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


def _cell(d: dict, n: int, st: Style) -> list[str]:
    c = n - 1
    suit = SUITS[c]
    rule = d["rulers"][c]
    title = f" {n} {st.paint(suit, suit)} "
    tag = ""
    if rule >= 0:
        ruler = seat_factions(d)[rule]
        tag = " " + st.paint(LETTERS[ruler] + " rules", NAMES[ruler]) + " "
    top = "+-" + title + "-" * max(1, INNER - 1 - len(f" {n} {suit} ") - (len(tag) and 9)) + tag + "+"
    # slots: buildings first, then the ruin, then empty
    slots = []
    for t, letter in enumerate("SWR"):
        slots += [st.paint(f"[{letter}]", "marquise")] * d["buildings"][t][c]
    slots += [st.paint("[E]", "eyrie")] * d["roosts"][c]
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
    if d["birds"][c]:                                # the Eyrie's warriors share the line
        line2 += " " + st.paint(f"E {d['birds'][c]}w", "eyrie")
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
# with the Eyrie at the table: their roost and letter too
LEGEND_EYRIE = [LEGEND[0] + " [E] roost"] + LEGEND[1:4] + [LEGEND[4] + "; E Eyrie"]


def map_lines(d: dict, st: Style) -> list[str]:
    rows = []
    for r, row in enumerate(GRID):
        cells = [_cell(d, n, st) if n else [" " * CELL] * 5 for n in row]
        if r == 2:                                   # the empty space right of 12: the legend
            lines = LEGEND_EYRIE if EYRIE in seat_factions(d) else LEGEND
            legend = [pad(st.paint(x, "dim"), 2 * CELL + 1) for x in lines]
            cells[2], cells[3] = legend, [""] * 5
        for i in range(5):
            rows.append(" ".join(cell[i] for cell in cells).rstrip())
    return rows


def pawn_place(d: dict) -> str:
    p = d["pawn"]
    if p < 0:
        return "not placed yet"
    if p < NCL:
        return f"clearing {p + 1}"
    return f"the forest {FORESTS[p - NCL]}"


def items_text(counts) -> str:
    names = [ITEM_NAMES[i] for i, k in enumerate(counts) for _ in range(k)]
    return ", ".join(names) if names else "none"


def hand_cards(counts, tokens: bool = False) -> str:
    """Cards by count per type: their names ('none' if no card), or their tokens (F#anvil)."""
    if tokens:
        return " ".join(CARDS[t].token for t, k in enumerate(counts) for _ in range(k))
    names = [CARDS[t].name for t, k in enumerate(counts) for _ in range(k)]
    return ", ".join(names) if names else "none"


def wyrm_lines(d: dict, st: Style, who: str, seat: int) -> list[str]:
    lim = d["wyrm_limits"]
    on = d["growth_on_track"]
    track = "".join("[o]" if i < on else "[ ]" for i in range(GROWTH))
    caps = " ".join(str(x) for x in CAPS)
    lair = d["items"][seat]
    who = f" ({who})" if who else ""
    head = st.paint("THE WYRM", "wyrm", "bold") + f"{who}  {st.paint(str(d['score'][seat]) + ' VP', 'bold')}" \
        f"  hand {d['hand_size'][seat]}  the pawn: {pawn_place(d)}"
    if d["pawn"] < 0:
        return [head, "  (the Wyrm sets up after the Marquise: its pawn, 2 wyrmlings and a fear token in",
                "  the clearing with the fewest Marquise pieces; Growth markers on Bite, Height, Might)"]
    return [
        head,
        f"  Bite {lim['battles']} (battles a turn)  Height {lim['moves']} (moves a turn)  "
        f"Might {lim['might']} (wyrmlings per Intimidate)",
        f"  Growth track {track}  caps {caps}  -> the Lair scores up to {d['lair_cap']} VP each Evening",
        f"  Lair: {items_text(lair)} ({sum(lair)} item{'s' if sum(lair) != 1 else ''})   supply: {d['wyrmling_supply']} wyrmling{'s' if d['wyrmling_supply'] != 1 else ''}, "
        f"{d['fear_supply']} fear, {d['treasure_supply']} treasure",
    ] + ([f"  crafted: {hand_cards(d['play_area'][seat])}"] if sum(d["play_area"][seat]) else [])


def marquise_lines(d: dict, st: Style, who: str, seat: int) -> list[str]:
    parts = []
    for t, name in enumerate(_core.BUILDING_NAMES):
        placed, n, cost = sum(d["buildings"][t]), MT["buildings_per_type"], d["next_building"][t]
        nxt = f" next {cost[0]} wood +{cost[1]} VP" if cost else " all built"
        parts.append(f"{name}s {placed}/{n}{nxt}")
    who = f" ({who})" if who else ""
    head = st.paint("THE MARQUISE", "marquise", "bold") + f"{who}  " \
        f"{st.paint(str(d['score'][seat]) + ' VP', 'bold')}  hand {d['hand_size'][seat]}"
    rows = [head, "  " + "  ".join(parts),
            f"  supply: {d['warrior_supply']} warriors, {d['wood_supply']} wood   items: {items_text(d['items'][seat])}"]
    if sum(d["play_area"][seat]):
        rows.append(f"  crafted: {hand_cards(d['play_area'][seat])}")
    return rows


def wrap_parts(parts: list[str], width: int = 99, sep: str = " | ") -> list[str]:
    """Join parts with sep into lines no wider than width; a part wider than a line is wrapped
    at its spaces."""
    rows, cur = [], ""
    for p in parts:
        pieces = [p] if visible_len(p) <= width else textwrap.wrap(strip(p), width, subsequent_indent="  ")
        for piece in pieces:
            if cur and visible_len(cur) + len(sep) + visible_len(piece) > width:
                rows.append(cur)
                cur = piece
            else:
                cur = cur + sep + piece if cur else piece
    return rows + ([cur] if cur else [])


# the setup steps and the faction placing at each
SETUP_STEPS = {"deal": None, "marquise_keep": MARQUISE, "marquise_setup_build": MARQUISE, "wyrm_setup": WYRM,
               "eyrie_setup": EYRIE}


def step_name(d: dict) -> str:
    """The name of the step the state d waits at (State.step)."""
    return _core.STEP_NAMES[d["step"]]


def turn_words(d: dict) -> str:
    """'Setup - the Wyrm' or 'Round 5 - Marquise': the round and whose turn it is."""
    step = step_name(d)
    if step in SETUP_STEPS or d["turn_number"] == 0:
        owner = SETUP_STEPS.get(step)
        return "Setup" + (f" - the {TITLES[owner]}" if owner is not None else "")
    return turn_title(d["turn_number"], d["turn"], seat_factions(d))


def left_words(d: dict) -> str:
    """What the faction on turn has left this Daylight ('' outside Daylight)."""
    step, faction = step_name(d), seat_factions(d)[d["turn"]]
    if step not in DAYLIGHT_STEPS.get(faction, ()):
        return ""
    if faction == MARQUISE:
        return f"{plural(d['actions_left'], 'action')} left"
    lim = d["wyrm_limits"]
    words = [plural(lim["moves"] - d["moves_used"], "move"), plural(lim["battles"] - d["battles_used"], "battle")]
    words += [name for key, name in (("used_fear", "Fear"), ("used_terror", "Terrorize"),
                                     ("used_eat", "Eat"), ("used_hoard", "Hoard")) if not d[key]]
    return "left: " + ", ".join(words)


def status_lines(d: dict, st: Style, width: int = 99) -> list[str]:
    """The round, whose turn, the step, what is left of the turn, deck and discard."""
    if step_name(d) == "terminal":
        return [st.paint("Game over", "bold")]
    parts = [turn_words(d), step_words(step_name(d)), left_words(d),
             f"deck {d['deck_size']}, discard {sum(d['discard'])}"]
    return [st.paint(x, "title") for x in wrap_parts([p for p in parts if p], width)]


def hand_lines(d: dict, human: int) -> list[str]:
    hand = d["hand"][human]
    cards = [t for t, k in enumerate(hand) for _ in range(k)]
    rows = [f"YOUR HAND ({len(cards)}):"] + [f"  {card_line(t)}" for t in cards]
    table = seat_factions(d)
    for other in range(len(table)):
        if other != human:
            n = d["hand_size"][other]
            rows.append(f"The {TITLES[table[other]]}'s hand: {n} card{'s' if n != 1 else ''}")
            known = d["known"][human][other]
            if known and sum(known):
                rows[-1] += f" (you know of: {hand_cards(known)})"
    return rows


def seat_labels(d: dict) -> tuple[str, ...]:
    """How the board names each seat's player for the viewer: you / AI, or no label."""
    seat, seats = d.get("seat"), range(len(seat_factions(d)))
    if seat in seats:
        return tuple("you" if s == seat else "AI" for s in seats)
    return ("",) * len(seats)


# the faction boards the screen draws, in screen order, and how it draws each (given the label
# of the faction's player and its seat)
def eyrie_lines(d: dict, st: Style, who: str, seat: int) -> list[str]:
    """The Eyrie's board: leader, the Decree column by column (Viziers as V), the Roosts track."""
    who = f" ({who})" if who else ""
    lead = d["leader"]
    down = [LEADERS[i].capitalize() for i in range(len(LEADERS)) if d["leaders_down"] >> i & 1]
    head = st.paint("THE EYRIE", "eyrie", "bold") + f"{who}  {st.paint(str(d['score'][seat]) + ' VP', 'bold')}" \
        f"  hand {d['hand_size'][seat]}  leader: {LEADERS[lead].capitalize() if lead >= 0 else 'to choose'}" \
        + (f"  (face down: {', '.join(down)})" if down else "")
    cols = []
    for col, name in enumerate(_core.DECREE_NAMES):
        cards = [CARDS[t].token for t, k in enumerate(d["decree"][col]) for _ in range(k)]
        cards += ["V"] * (VIZIERS[lead].count(col) if lead >= 0 else 0)
        cols.append(f"{name.capitalize()}: {' '.join(cards) or '-'}")
    on = 7 - d["roost_supply"]
    facts = d.get("roost_track") or {"vp": "?", "draws": "?"}
    return [head, "  Decree  " + "  |  ".join(cols),
            f"  roosts {on}/7 on the map -> {facts['vp']} VP and {facts['draws']} card(s) each Evening"
            f"   supply: {d['bird_supply']} warriors   items: {items_text(d['items'][seat])}"] \
        + ([f"  crafted: {hand_cards(d['play_area'][seat])}"] if sum(d["play_area"][seat]) else [])


LEADERS = _core.LEADER_NAMES
VIZIERS = _core.EYRIE_TABLE["viziers"]
FACTION_BOARDS = ((WYRM, wyrm_lines), (MARQUISE, marquise_lines), (EYRIE, eyrie_lines))


def render_board(d: dict, width: int = 99, st: Style | None = None, height: int | None = None,
                 labels: tuple[str, ...] | None = None) -> str:
    """The board of an observation d (wyrm_ai/redaction.py: a seat's, `public` or the referee's)
    in at most width columns: the boxed Autumn map at 99 columns and more (when height, if given,
    leaves room for it), else the compact one of terminal/compact.py. labels names each
    seat's player (default: you / AI for a seat's view)."""
    from wyrm_ai.terminal.compact import compact_board
    st = st or Style(False)
    labels = labels or seat_labels(d)
    if width < 99 or (height is not None and height < FULL_HEIGHT):
        return "\n".join(compact_board(d, width, st, labels))
    rows = map_lines(d, st)
    rows.append("")
    table = seat_factions(d)
    for faction, lines in FACTION_BOARDS:
        if faction in table:
            seat = table.index(faction)
            rows += lines(d, st, labels[seat], seat)
    rows.append("")
    rows += status_lines(d, st)
    if d.get("seat") in range(len(table)) and d["hand"][d["seat"]] is not None:
        rows += hand_lines(d, d["seat"])
    return "\n".join(rows)


FULL_HEIGHT = 50        # rows the boxed map needs with the boards, the actions and the prompt


def render(game, human: int, st: Style | None = None, width: int = 99, height: int | None = None) -> str:
    """The whole screen for the human seat: map, boards, status and hand."""
    return render_board(game.observation(human), width, st, height)
