"""The boxed board: the map as a grid of clearings (laid out as the Autumn board; each clearing's
suit, slots, ruin and paths are the game's own map's), the seated factions' boards, scores, phase
and hands, in 99 columns (boxed_board), and the words for each part of it that compact.py shares.
boardview.render_board chooses this board or the compact one for a width."""
from __future__ import annotations

import textwrap

from wyrm_ai import _core
from wyrm_ai.model import maps
from wyrm_ai.model.cards import CARDS, ITEM_NAMES, SUIT_NAMES as SUIT_ORDER
from wyrm_ai.model import corvids_facts, duchy_facts, hirelings, lizard_facts, riverfolk_facts
from wyrm_ai.model.factions import (ALLIANCE, BOTS, CORVIDS, DAYLIGHT_STEPS, DUCHY, HUNDREDS, EYRIE, KEEPERS, LETTERS, LIZARDS, MARQUISE,
                                    MECHANICAL, NAMES,
                                    RIVERFOLK, TITLES, VAGABOND, VAGABOND2, VAGABONDS, WYRM, as_vagabond,
                                    vagabond_fields, seat_factions)
from wyrm_ai.model.narration import COLUMN_TITLES, plural
from wyrm_ai.model.notation import RELIC_LETTERS, quest_token
from wyrm_ai.model.redaction import REFEREE
from wyrm_ai.model.setups import draft_words, drafting, seat_words
from wyrm_ai.model.textboard.style import Style, pad, strip, visible_len
from wyrm_ai.model.textboard.words import card_line, step_words, turn_title

NCL = _core.NUM_CLEARINGS


def suit_of(d: dict, c: int) -> str:
    """Clearing c's suit in this game (fox / rabbit / mouse: printed on Autumn, the suit markers'
    on the other maps)."""
    return _core.SUIT_NAMES[d["suit"][c]]


def slots_of(d: dict, c: int) -> int:
    return maps.data(d["map"])["slots"][c]


def neighbours(d: dict, n: int) -> list[int]:
    """The clearings an open path joins to clearing n (1-12), on this game's map."""
    return [b + 1 for b in range(NCL) if (d["adj"][n - 1] >> b) & 1]


def forest_name(d: dict, f: int) -> str:
    """Forest f of this game's map by its clearings (Rootlog's name, e.g. 1_2_5_10)."""
    return maps.data(d["map"])["forest_names"][f]


GROWTH = _core.WYRM_TABLE["growth_markers"]
MT = _core.MARQUISE_TABLE
MM = NAMES[MECHANICAL]       # the Mechanical Marquise's name, its colour's name in style.py
LZ = NAMES[LIZARDS]          # the Lizard Cult's name, its colour's name
RF = NAMES[RIVERFOLK]        # the Riverfolk Company's name, its colour's name
DC = NAMES[DUCHY]            # the Underground Duchy's name, its colour's name
CV = NAMES[CORVIDS]          # the Corvid Conspiracy's name, its colour's name
LH = NAMES[HUNDREDS]         # the Lord of the Hundreds' name, its colour's name
LHT = _core.HUNDREDS_TABLE
KI = NAMES[KEEPERS]          # the Keepers in Iron's name, its colour's name
KIT = _core.KEEPERS_TABLE
# the Duchy's citadel and market in a building slot (each a crafting piece of its clearing's suit,
# LoR 12.2.1), lower case beside the Marquise's [S][W][R]
DC_SLOTS = ("[c]", "[m]")
# its buildings are the Marquise's, in its own brackets (and colour) so the two tell apart
MM_SLOTS = ("<S>", "<W>", "<R>")

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


def _slots(d: dict, c: int, st: Style) -> str:
    """A clearing's building slots: the Marquise's buildings, the Mechanical Marquise's, a roost,
    a base, the Lizard Cult's gardens (each of the clearing's suit, LoR 10.3), the ruin, then
    empty."""
    slots = []
    for t, letter in enumerate("SWR"):
        slots += [st.paint(f"[{letter}]", "marquise")] * d["buildings"][t][c]
    for t, glyph in enumerate(MM_SLOTS):
        slots += [st.paint(glyph, MM)] * d["mm_buildings"][t][c]
    slots += [st.paint("[E]", "eyrie")] * d["roosts"][c]
    slots += [st.paint("[A]", "alliance")] * has_base(d, c)
    slots += [st.paint("[L]", LZ)] * gardens_in(d, c)
    for kind, glyph in zip(duchy_facts.BUILDINGS, DC_SLOTS):
        slots += [st.paint(glyph, DC)] * duchy_in(d, c, kind)
    slots += [st.paint("[H]", LH)] * strongholds_in(d, c)
    slots += [st.paint(f"[K{RELIC_LETTERS[way_up(d, w)]}]", KI) for w in waystations_in(d, c)]
    slots += ["[#]"] * ruin_stands(d, c)
    slots += ["[ ]"] * (slots_of(d, c) - len(slots))
    return " " + "".join(slots)


def _marquise_cell(d: dict, c: int, st: Style) -> str:
    cat = []
    if d["warriors"][c]:
        cat.append(f"{d['warriors'][c]}w")
    if d["wood"][c]:
        cat.append(f"{d['wood'][c]}wood")
    if d["keep"] == c:
        cat.append("KEEP")
    return " " + st.paint("C " + " ".join(cat), "marquise") if cat else ""


def _mechanical_cell(d: dict, c: int, st: Style) -> str:
    """The Mechanical Marquise's line: its warriors and Keep, as the Marquise's, tagged M."""
    bot = ([f"{d['mm_warriors'][c]}w"] if d["mm_warriors"][c] else []) + (["KEEP"] if d["mm_keep"] == c else [])
    return " " + st.paint("M " + " ".join(bot), MM) if bot else ""


def _eyrie_cell(d: dict, c: int, st: Style) -> str:
    birds = d["birds"][c]
    return " " + st.paint(f"E {birds}w", "eyrie") if birds else ""


def has_base(d: dict, c: int) -> bool:
    """The Alliance's base stands in c (base_at: the clearing of each suit's base, -1 off the map)."""
    return c in d["base_at"]


def _alliance_cell(d: dict, c: int, st: Style) -> str:
    parts = ([f"{d['rebels'][c]}w"] if d["rebels"][c] else []) + (["sympathy"] if d["sympathy"][c] else [])
    return " " + st.paint("A " + " ".join(parts), "alliance") if parts else ""


def ruin_stands(d: dict, c: int) -> bool:
    """A ruin stands in c: the map has one there and the Vagabond has not explored it (LoR 9.5.3)."""
    return bool(maps.data(d["map"])["ruins"][c]) and not (d["explored"] >> c) & 1


def _vagabond_cell(d: dict, c: int, st: Style) -> str:
    return " " + st.paint("V VAGABOND", "vagabond", "bold") if d["vb_at"] == c else ""


def _vagabond2_cell(d: dict, c: int, st: Style) -> str:
    """The second Vagabond's pawn (LoR 9.7), letter G."""
    return " " + st.paint("G VAGABOND2", "vagabond2", "bold") if vagabond_fields(d, VAGABOND2)["vb_at"] == c else ""


def gardens_in(d: dict, c: int) -> int:
    """The Lizard Cult's gardens in c (0 where the Cult does not sit)."""
    return sum(row[c] for row in d["gardens"]) if LIZARDS in d["seat_faction"] else 0


def _lizards_cell(d: dict, c: int, st: Style) -> str:
    """The Lizard Cult's warriors (its gardens stand in the slots)."""
    return " " + st.paint(f"L {d['lizards'][c]}w", LZ) if d["lizards"][c] else ""


def _riverfolk_cell(d: dict, c: int, st: Style) -> str:
    """The Riverfolk's warriors and trade post (a token of the clearing's suit, one a clearing:
    LoR 11.5.6; it takes no building slot)."""
    parts = ([f"{d['otters'][c]}w"] if d["otters"][c] else []) + (["post"] if d["trade_posts"][c] else [])
    return " " + st.paint("O " + " ".join(parts), RF) if parts else ""


def duchy_in(d: dict, c: int, kind: str) -> int:
    """The Duchy's citadels or markets in c (0 where the Duchy do not sit)."""
    return d[kind][c] if DUCHY in d["seat_faction"] else 0


def _duchy_cell(d: dict, c: int, st: Style) -> str:
    """The Duchy's warriors and tunnel (a token: no building slot; the Burrow lies beside the map,
    LoR 12.2.2); its citadels and markets stand in the slots."""
    parts = ([f"{d['moles'][c]}w"] if d["moles"][c] else []) + (["tunnel"] if d["tunnels"][c] else [])
    return " " + st.paint("D " + " ".join(parts), DC) if parts else ""


def plot_in(d: dict, c: int) -> bool:
    """A Corvid plot lies in c (False where the Corvids do not sit)."""
    return corvids_facts.seated(d) and bool(d["plots"][c])


def sees_plot_types(d: dict) -> bool:
    """The viewer of observation d may see the types of face-down plots (LoR 13.2.2.I): the Corvids'
    own view and the referee's. Redaction hides them from every other view; the board asks the
    observation's viewer as well, so it never names one there."""
    viewer, table = d.get("seat"), seat_factions(d)
    return viewer == REFEREE or (isinstance(viewer, int) and 0 <= viewer < len(table) and table[viewer] == CORVIDS)


def seen_type(d: dict, c: int) -> str | None:
    """The type of the plot in c as the viewer of observation d sees it (never the state's): face up,
    every viewer; face down, the Corvids and the referee, where the observation holds it; else None."""
    if not plot_in(d, c) or not (corvids_facts.face_up_at(d, c) or sees_plot_types(d)):
        return None
    return corvids_facts.type_at(d, c)


def plot_word(d: dict, c: int, short: bool = False) -> str:
    """The plot in c as the viewer sees it (seen_type): face up `BOMB` (its type, public); face down
    `plot` (its type hidden, LoR 13.2.2.I), or `plot:bomb` in the Corvids' own view (and the
    referee's); '' where none lies. short (the compact board): `B`, `p`, `p:b`."""
    if not plot_in(d, c):
        return ""
    t = seen_type(d, c)
    if corvids_facts.face_up_at(d, c):
        return (t[0] if short else t).upper() if t else ("P" if short else "PLOT")
    if t is None:
        return "p" if short else "plot"
    return f"p:{t[0]}" if short else f"plot:{t}"


def _corvids_cell(d: dict, c: int, st: Style) -> str:
    """The Corvids' warriors and plot (a token: no building slot; one a clearing, LoR 13.2.2.II)."""
    parts = ([f"{d['corvids'][c]}w"] if d["corvids"][c] else []) + ([plot_word(d, c)] if plot_word(d, c) else [])
    return " " + st.paint("P " + " ".join(parts), CV) if parts else ""


def hundreds_seated(d: dict) -> bool:
    return HUNDREDS in seat_factions(d)


def strongholds_in(d: dict, c: int) -> int:
    """The Hundreds' strongholds in c (building slots, LoR 14.2.1); 0 where they do not sit."""
    return d["strongholds"][c] if hundreds_seated(d) else 0


def _hundreds_cell(d: dict, c: int, st: Style) -> str:
    """The Hundreds' warriors, warlord (LoR 14.2.2) and mob (a token, one a clearing, LoR 14.4.1)."""
    parts = (([f"{d['hundreds'][c]}w"] if d["hundreds"][c] else []) + (["WARLORD"] if d["warlord"] == c else [])
             + (["mob"] if d["mobs"][c] else []))
    return " " + st.paint("H " + " ".join(parts), LH) if parts else ""


def hoard_track_items(d: dict, track: int) -> int:
    """Items on a Hoard track (0 Command, 1 Prowess; LoR 14.2.4)."""
    return sum(n for n, t in zip(d["hoard"], LHT["hoard_track"]) if t == track)


def hoard_level(d: dict, track: int) -> int:
    """Command (track 0) or Prowess (1) from its items (LoR 14.2.4.II: 0 -> 1, 1-2 -> 2, 3 -> 3, 4 -> 4)."""
    return LHT["hoard_level"][min(hoard_track_items(d, track), LHT["track"])]


def hoard_words(d: dict, short: bool = False) -> str:
    """'Hoard: Command boots, bag (2) | Prowess sword (2)'; short 'C2 boots,bag P2 sword'."""
    parts = []
    for track, name in enumerate(("Command", "Prowess")):
        items = [VITEMS[k] for k, n in enumerate(d["hoard"]) if LHT["hoard_track"][k] == track for _ in range(n)]
        if short:
            parts.append(f"{name[0]}{hoard_level(d, track)} {','.join(items) or '-'}")
        else:
            parts.append(f"{name} {hoard_level(d, track)} ({', '.join(items) or 'no item'})")
    return " ".join(parts) if short else "Hoard: " + " | ".join(parts)


def hundreds_turn_words(d: dict, short: bool = False) -> str:
    """The Hundreds' Daylight under way (LoR 14.5): the block they are in, Command the Hundreds (its
    Command actions left, 14.5.2) or Advance the Warlord (its Advances left, 14.5.3; an Advance
    that moved may battle next, Relentless's one more move or battle, 14.7.5); '' at any other
    step (the core keeps the counts on the board until their next Daylight)."""
    if step_name(d) != "hundreds_daylight":
        return ""
    advancing = d["lh_block"] == 1
    if short:
        return f"advance {d['advance_left']} left" if advancing else f"command {d['command_left']} left"
    if not advancing:
        return f"Command the Hundreds: {plural(d['command_left'], 'action')} left"
    words = f"Advance the Warlord: {plural(d['advance_left'], 'Advance')} left"
    if d["advance"] == 1:
        words += " (this one moved: a battle at the warlord may follow)"
    elif d["advance"] == 3:
        words += " (Relentless: one more move or battle)"
    return words


def hundreds_draws(d: dict) -> int:
    """The Hundreds' Evening draws as the rules derive them (one, Rowdy more: LoR 14.6.3, 14.7.6;
    the observation's public facts), 1 where a state dict has none."""
    draws = d.get("evening_draws")
    return draws[seat_factions(d).index(HUNDREDS)] if draws else LHT["evening_draw"]


def keepers_seated(d: dict) -> bool:
    return KEEPERS in seat_factions(d)


def waystations_in(d: dict, c: int) -> list[int]:
    """The Keepers' waystations in c (building slots, LoR 15.2.2), by their id; [] where they do not sit."""
    return [w for w, at in enumerate(d["way_at"]) if at == c] if keepers_seated(d) else []


def way_up(d: dict, w: int) -> int:
    """The relic type waystation w shows face up (LoR 15.2.2: its two faces, KEEPERS_TABLE)."""
    return KIT["waystation_faces"][w][d["way_face"][w]]


def relics_at(d: dict, at: int) -> list[int]:
    """The relics lying at `at` (a clearing 0..11, or NCL + a forest), by id (their type is id // 4)."""
    return [r for r, x in enumerate(d["relic_at"]) if x == at] if keepers_seated(d) else []


def relic_short(d: dict, r: int) -> str:
    """A relic by its type's letter and, face up, its value: 'f2'; face down 'f' (LoR 15.2.1: a
    face-down relic's value is no one's, I-T1)."""
    v = d["relic_value"][r]
    return RELIC_LETTERS[r // 4] + (str(v) if v else "")


def relics_short(d: dict, at: int, most: int = 4) -> str:
    """The relics at a place, 'f2 t3' (a long list counted: '6 relics')."""
    rs = sorted(relics_at(d, at), key=lambda r: (r // 4, d["relic_value"][r]))
    return " ".join(relic_short(d, r) for r in rs) if len(rs) <= most else f"{len(rs)} relics"


def _keepers_cell(d: dict, c: int, st: Style) -> str:
    """The Keepers' warriors and the relics in c (face up: type and value, LoR 15.5.2.II.a)."""
    parts = ([f"{d['keepers'][c]}w"] if d["keepers"][c] else []) + ([relics_short(d, c)] if relics_at(d, c) else [])
    return " " + st.paint("K " + " ".join(parts), KI) if parts else ""


def forest_relic_words(d: dict, short: bool = False) -> str:
    """The relics in the forests (LoR 15.3.1: face down, type only; a trophy face up, LoR 15.2.5):
    '1_2_5_10 f; 3_6_11 t j2' ('' with none)."""
    n = len(maps.data(d["map"])["forest_names"])
    parts = [f"{forest_name(d, f)} {relics_short(d, NCL + f, 6)}" for f in range(n) if relics_at(d, NCL + f)]
    return ("; " if not short else ", ").join(parts)


def recovered_of(d: dict, t: int) -> int:
    """Relics of type t on the Relics track (LoR 15.5.2.III.a)."""
    return sum(1 for r in range(t * 4, t * 4 + 4) if d["relic_at"][r] == _core.RELIC_AT_RECOVERED)


def relic_track_words(d: dict, short: bool = False) -> str:
    """The Relics track by type (a full column of one of each: 2 VP, LoR 15.5.2.III.b): 'Relics
    track: figure 1, tablet 0, jewelry 2'; short 'track f1 t0 j2'."""
    counts = [recovered_of(d, t) for t in range(3)]
    if short:
        return "track " + " ".join(f"{RELIC_LETTERS[t]}{n}" for t, n in enumerate(counts))
    return "Relics track: " + ", ".join(f"{_core.RELIC_TYPE_NAMES[t]} {n}" for t, n in enumerate(counts))


def waystation_words(d: dict, short: bool = False) -> str:
    """The waystations on the map by clearing, each with its face up (LoR 15.2.2): 'waystations: 5
    figure up, 10 tablet up (1 off the map)'; short 'ways 5f 10t'."""
    on = sorted((d["way_at"][w], w) for w in range(len(d["way_at"])) if d["way_at"][w] >= 0)
    if short:
        return "ways " + (" ".join(f"{c + 1}{RELIC_LETTERS[way_up(d, w)]}" for c, w in on) or "-")
    off = len(d["way_at"]) - len(on)
    return ("waystations: " + (", ".join(f"{c + 1} {_core.RELIC_TYPE_NAMES[way_up(d, w)]} up" for c, w in on) or "none")
            + (f" ({off} off the map)" if off and on else ""))


def retinue_card_short(t: int, short: bool = False) -> str:
    """A Retinue card: 'Anvil F' (its name and suit letter), a Faithful Retainer 'Retainer'; short its
    token (F#anvil, B#retainer)."""
    if t == _core.RETAINER_CARD:
        return "B#retainer" if short else "Retainer"
    return CARDS[t].token if short else f"{CARDS[t].name} {CARDS[t].suit[0].upper()}"


# the Retinue's columns in a summary (compact board)
COLUMN_SHORT = ("Move", "Battle/Delve", "Move/Recover")


def retinue_words(d: dict, short: bool = False) -> list[str]:
    """The Retinue's three columns (LoR 15.5.2; public, I-C8), their cards left to right, one used
    this Daylight marked '*': ['Move: Anvil F, Retainer*', ...]."""
    out = []
    for col, title in enumerate(COLUMN_SHORT if short else COLUMN_TITLES):
        cards = [retinue_card_short(t, short) + ("*" if (d["retinue_used"] >> i) & 1 else "")
                 for i, t in enumerate(d["retinue"]) if t >= 0 and d["retinue_column"][i] == col]
        out.append(f"{title}: {', '.join(cards) or '-'}")
    return out


def retinue_size(d: dict) -> int:
    return sum(t >= 0 for t in d["retinue"])


def keepers_draws(d: dict) -> int:
    """The Keepers' Evening draws: one, and one per waystation on the map (LoR 15.6.3), the public
    facts' where the observation has them."""
    draws = d.get("evening_draws")
    if draws:
        return draws[seat_factions(d).index(KEEPERS)]
    return KIT["evening_draw"] + sum(at >= 0 for at in d["way_at"])


KI_STAGES = {4: "Encamp", 5: "Decamp", 6: "Recruit"}      # Birdsong's stages (keepers.pxi)


def keepers_turn_words(d: dict, short: bool = False) -> str:
    """The Keepers' turn under way: Birdsong's stage (LoR 15.4), the Retinue's column acting and its
    cards left (15.5.2), Gather Retinue's cards (15.6.2); '' at any other step."""
    step = step_name(d)
    if step == "keepers_birdsong" and d["ki_stage"] in KI_STAGES:
        return KI_STAGES[d["ki_stage"]] if short else f"now {KI_STAGES[d['ki_stage']]}"
    if step in ("keepers_daylight", "delve", "recover") and d["ki_column"] < 3:
        col = d["ki_column"]
        left = sum(1 for i, t in enumerate(d["retinue"]) if t >= 0 and d["retinue_column"][i] == col
                   and not (d["retinue_used"] >> i) & 1)
        if short:
            return f"{COLUMN_SHORT[col]} acting, {left} left"
        return f"the {COLUMN_TITLES[col]} column acting: {plural(left, 'card')} left"
    if step == "keepers_evening":
        mode = ("add or shift", "adding cards", "one shift made")[min(d["eve_mode"], 2)]
        return (f"gather {retinue_size(d)}/{KIT['retinue']}" if short
                else f"Gather Retinue ({mode}): {retinue_size(d)} of {KIT['retinue']} cards")
    return ""


def keepers_lines(d: dict, st: Style, who: str, seat: int) -> list[str]:
    """The Keepers in Iron's panel: score, hand, the Evening draws (LoR 15.6.3), supply; the
    waystations with their face up (15.2.2), the relics in clearings (face up: type and value) and
    on the Relics track by type (15.5.2.III); the Retinue's three columns with their cards, those
    used this Daylight marked (15.5.2); this turn's stage or column; crafted cards. The relics in the
    forests (face down: type only, I-T1) are under the map (map_lines)."""
    rows = head_rows(d, st, "KEEPERS", KI, who, seat,
                     f"Evening draws {keepers_draws(d)}  supply: {plural(d['keeper_supply'], 'warrior')}")
    on_map = [f"{c + 1} {relics_short(d, c)}" for c in range(NCL) if relics_at(d, c)]
    turn = keepers_turn_words(d)
    used = " (* used)" if d["retinue_used"] else ""
    parts = [waystation_words(d), "relics in clearings: " + (", ".join(on_map) or "none"), relic_track_words(d),
             "Retinue: " + " | ".join(retinue_words(d)) + used]
    rows += ["  " + row for row in wrap_parts(parts + ([f"This turn: {turn}"] if turn else []), 97, "   ")]
    if crafted_cards(d, seat):
        rows.append(f"  crafted: {crafted_cards(d, seat)}")
    return rows


def _wyrm_cell(d: dict, c: int, st: Style) -> str:
    wy = []
    if d["wyrmlings"][c]:
        wy.append(f"{d['wyrmlings'][c]}w")
    if d["pawn"] == c:
        wy.append(st.paint("WYRM", "wyrm", "bold"))
    if d["fear"][c]:
        wy.append(FEAR_WORDS[d["fear"][c]])
    return " " + st.paint("W ", "wyrm") + st.paint(" ".join(wy), "wyrm") if wy else ""


# a line in each clearing box per seated faction, in this order, with its line of the legend
CELL_LINES = (
    (MARQUISE, _marquise_cell, "C Marquise: w warriors, wood, KEEP"),
    (MECHANICAL, _mechanical_cell, "M Mech. Marquise: w warriors, KEEP, <S><W><R>"),
    (EYRIE, _eyrie_cell, "E Eyrie: w warriors, [E] roost"),
    (ALLIANCE, _alliance_cell, "A Alliance: w warriors, [A] base, sympathy"),
    (VAGABOND, _vagabond_cell, "V VAGABOND the Vagabond's pawn"),
    (VAGABOND2, _vagabond2_cell, "G VAGABOND2 the second Vagabond's"),
    (LIZARDS, _lizards_cell, "L Lizard Cult: w warriors, [L] garden"),
    (RIVERFOLK, _riverfolk_cell, "O Riverfolk: w warriors, post (trade post)"),
    (DUCHY, _duchy_cell, "D Duchy: w warriors, tunnel, [c]itadel [m]arket"),
    (CORVIDS, _corvids_cell, "P Corvids: w warriors, plot face down, BOMB up"),
    (HUNDREDS, _hundreds_cell, "H Hundreds: w, WARLORD, mob, [H] stronghold"),
    (KEEPERS, _keepers_cell, "K Keepers: w, relic t3, [Kf] waystation f up"),
    (WYRM, _wyrm_cell, "W Wyrm: w wyrmlings, WYRM the pawn, fear"),
)


def hirelings_with_pieces(d: dict) -> list[int]:
    """The indices of the game's hirelings whose side has pieces (LoR 16.4.3: Forest Patrol's twelve
    warriors, Street Band's five ...); [] without hirelings."""
    kinds = d.get("hr_kind") or [-1]
    if kinds[0] < 0 or "hr_warriors" not in d:
        return []
    return [i for i, k in enumerate(kinds) if any(_core.HIRELING_PIECES[k])]


def hireling_pieces_in(d: dict, c: int) -> str:
    """The hirelings' pieces in clearing c, each by its card's Rootlog type letter (`h_C`: C): 'C3w J1w',
    a vault 'K1w1v'; '' for none."""
    parts = []
    for i in hirelings_with_pieces(d):
        w, v = d["hr_warriors"][i][c], d["hr_vaults"][i][c]
        if w or v:
            parts.append(hirelings.LETTERS[d["hr_kind"][i] // 2] + (f"{w}w" if w else "") + (f"{v}v" if v else ""))
    return " ".join(parts)


def _hireling_cell(d: dict, c: int, st: Style) -> str:
    text = hireling_pieces_in(d, c)
    return " " + st.paint("h " + text, "bold") if text else ""


def hireling_legend(d: dict) -> str:
    """The legend's line for the hirelings' pieces: 'h C Forest Patrol, J Street Band: w, v vault'."""
    names = [f"{hirelings.LETTERS[d['hr_kind'][i] // 2]} {hirelings.title(d['hr_kind'][i])}"
             for i in hirelings_with_pieces(d)]
    return "h " + ", ".join(names) + ": w, v vault"


def cell_lines(d: dict):
    """The CELL_LINES of the factions seated in d; then, in a game with hireling pieces, a line for
    them (LoR 16.4.3)."""
    table = seat_factions(d)
    out = [entry for entry in CELL_LINES if entry[0] in table]
    if hirelings_with_pieces(d):
        out.append((None, _hireling_cell, hireling_legend(d)))
    return out


def _cell(d: dict, n: int, st: Style) -> list[str]:
    c = n - 1
    suit = suit_of(d, c)
    rule = d["rulers"][c]
    title = f" {n} {st.paint(suit, suit)} "
    tag = ""
    if rule >= 0:
        ruler = seat_factions(d)[rule]
        tag = " " + st.paint(LETTERS[ruler] + " rules", NAMES[ruler]) + " "
    top = "+-" + title + "-" * max(1, INNER - 1 - len(f" {n} {suit} ") - (len(tag) and 9)) + tag + "+"
    lines = [_slots(d, c, st)] + [line(d, c, st) for _, line, _ in cell_lines(d)]
    paths = " to " + " ".join(str(a) for a in neighbours(d, n)) + " "
    bottom = "+-" + paths + "-" * (INNER - 1 - len(paths)) + "+"
    return [top] + ["|" + pad(x, INNER) + "|" for x in lines] + [bottom]


# the Corvids' line of the legend in their own view (and the referee's): a face-down plot's type shown
CV_OWN_LEGEND = "P Corvids: w, plot:bomb face down, BOMB up"


def legend(d: dict) -> list[str]:
    """The map's legend: the slots, a line per seated faction, the paths and rulers."""
    return (["[S] sawmill [W] workshop [R] recruiter", "[#] ruin  [ ] empty building slot"]
            + [CV_OWN_LEGEND if f == CORVIDS and sees_plot_types(d) else words
               for f, _, words in cell_lines(d)] + ["'to 5 9' paths; 'C rules' who rules"])


def map_rules_line(d: dict) -> str:
    """The map's own rules as they stand (docs/maps.md): the Lake's Ferry, the Mountain's closed
    paths and the Pass; '' on Autumn and Winter."""
    m = maps.data(d["map"])
    parts = []
    if d["ferry"] >= 0:
        parts.append(f"the Ferry is at clearing {d['ferry'] + 1}"
                     + (" (used this turn)" if d["ferry_used"] else " (once a turn, to another coastal clearing "
                                                                     f"{'/'.join(str(c) for c in m['coastal'])}; the mover draws)"))
    closed = [f"{a}-{b}" for a, b in m["closed_paths"] if not (d["adj"][a - 1] >> (b - 1)) & 1]
    if m["closed_paths"]:
        parts.append(f"closed paths {' '.join(closed)}" if closed else "every closed path is open")
    if m["tower"] is not None:
        parts.append(f"the Pass (clearing {m['tower']}) scores 1 VP to its ruler after Evening")
    return f"The {m['name'].capitalize()} map: " + "; ".join(parts) + "." if parts else ""


def map_lines(d: dict, st: Style) -> list[str]:
    rows = []
    height = 3 + len(cell_lines(d))                 # top, slots, a line per faction, bottom
    for r, row in enumerate(GRID):
        cells = [_cell(d, n, st) if n else [" " * CELL] * height for n in row]
        if r == 2 and DUCHY in seat_factions(d):     # the empty space left of 12: the Burrow (LoR 12.2.2)
            cells[0] = burrow_box(d, st, height)
        if r == 2:                                   # the empty space right of 12: the legend
            cells[2] = [pad(st.paint(x, "dim"), 2 * CELL + 1) for x in legend(d)]
            cells[3] = [""] * height
        for i in range(height):
            rows.append(" ".join(cell[i] for cell in cells).rstrip())
    for f, pawn in ((VAGABOND, "V VAGABOND"), (VAGABOND2, "G VAGABOND2")):
        at = vagabond_fields(d, f)["vb_at"] if f in seat_factions(d) else -1
        if at >= NCL:                                            # a pawn off the clearings
            rows.append(st.paint(f"In the forest {forest_name(d, at - NCL)}: ", "dim")
                        + st.paint(pawn, NAMES[f], "bold"))
    if keepers_seated(d) and forest_relic_words(d):             # relics in forests (LoR 15.3.1, 15.2.5)
        rows += [st.paint(x, KI) for x in textwrap.wrap(
            "Relics in the forests (f figure, t tablet, j jewelry; face down: type only, t3 face up): "
            + forest_relic_words(d), 4 * CELL + 3, subsequent_indent="  ")]
    rules = map_rules_line(d)
    if rules:
        rows += [st.paint(x, "dim") for x in textwrap.wrap(rules, 4 * CELL + 3)]
    return rows


def burrow_box(d: dict, st: Style, height: int) -> list[str]:
    """The Burrow drawn beside the map as a box of its own (LoR 12.2.2: a clearing of the Duchy's,
    with no suit and no slot, adjacent to each clearing with a tunnel; the Duchy always rule it):
    its warriors and the tunnels it links to, height lines like a clearing's box."""
    title = " Burrow "
    tag = " " + st.paint("D rules", DC) + " "
    top = "+-" + st.paint(title, DC, "bold") + "-" * (INNER - 1 - len(title) - 9) + tag + "+"
    links = duchy_facts.tunnels(d)
    lines = [" " + st.paint(f"D {duchy_facts.burrow(d)}w", DC) if duchy_facts.burrow(d) else " (no warriors)",
             " no suit, no slot"]
    bottom_words = (" tunnels to " + " ".join(str(c) for c in links) + " ") if links else " no tunnel "
    bottom = "+-" + bottom_words + "-" * max(0, INNER - 1 - len(bottom_words)) + "+"
    body = ["|" + pad(x, INNER) + "|" for x in lines][:height - 2]
    body += ["|" + " " * INNER + "|"] * (height - 2 - len(body))
    return [top] + body + [bottom]


def pawn_place(d: dict) -> str:
    p = d["pawn"]
    if p < 0:
        return "not placed yet"
    if p < NCL:
        return f"clearing {p + 1}"
    return f"the forest {forest_name(d, p - NCL)}"


def items_text(counts) -> str:
    names = [ITEM_NAMES[i] for i, k in enumerate(counts) for _ in range(k)]
    return ", ".join(names) if names else "none"


def dominance_suit(d: dict, seat: int) -> str | None:
    """The suit of the dominance card seat has activated (it lies in its play area, LoR 3.3.1),
    or None."""
    for t, k in enumerate(d["play_area"][seat]):
        if k and CARDS[t].kind == "dominance":
            return CARDS[t].suit
    return None


def score_words(d: dict, seat: int) -> str:
    """'12 VP', or 'dominance (fox) activated': an activated dominance card takes the score
    marker off the track (LoR 3.3.1), so no score is shown for it (issue 28); the Vagabond's
    dominance card forms a coalition instead (LoR 9.2.8): 'in a coalition with the Marquise'."""
    suit = dominance_suit(d, seat)
    faction = d["seat_faction"][seat]
    partner = as_vagabond(d, faction).get("coalition", -1) if faction in VAGABONDS else -1
    if suit and partner >= 0:
        return f"in a coalition with the {TITLES[d['seat_faction'][partner]]}"
    return f"dominance ({suit}) activated" if suit else f"{d['score'][seat]} VP"


def crafted_cards(d: dict, seat: int, tokens: bool = False) -> str:
    """The seat's crafted (persistent) cards in its play area, its activated dominance card
    left out (score_words tells it): '' when there are none."""
    area = [0 if CARDS[t].kind == "dominance" else k for t, k in enumerate(d["play_area"][seat])]
    return hand_cards(area, tokens) if sum(area) else ""


def item_supply_words(d: dict) -> str:
    """The items still in the supply, to be crafted (LoR 4.1: an item not there cannot be
    crafted); issue 28: the supply was never shown."""
    supply = d.get("item_supply")
    if supply is None:
        return ""
    return "items to craft: " + (", ".join(f"{ITEM_NAMES[k]} {n}" for k, n in enumerate(supply) if n) or "none")


def hand_cards(counts, tokens: bool = False) -> str:
    """Cards by count per type: their names ('none' if no card), or their tokens (F#anvil)."""
    if tokens:
        return " ".join(CARDS[t].token for t, k in enumerate(counts) for _ in range(k))
    names = [CARDS[t].name for t, k in enumerate(counts) for _ in range(k)]
    return ", ".join(names) if names else "none"


def head_rows(d: dict, st: Style, title: str, colour: str, who: str, seat: int, extra: str) -> list[str]:
    """A panel's head, 'THE DUCHY (AI)  3 VP  hand 4', with extra words beside it, or on a row of
    their own when the two would pass 99 columns (a long head: dominance, a coalition)."""
    who = f" ({who})" if who else ""
    head = st.paint(f"THE {title}", colour, "bold") + f"{who}  {st.paint(score_words(d, seat), 'bold')}" \
        f"  hand {d['hand_size'][seat]}"
    return [head + f"  {extra}"] if visible_len(head) + 2 + visible_len(extra) <= 99 else [head, f"  {extra}"]


def wyrm_lines(d: dict, st: Style, who: str, seat: int) -> list[str]:
    lim = d["wyrm_limits"]
    on = d["growth_on_track"]
    track = "".join("[o]" if i < on else "[ ]" for i in range(GROWTH))
    caps = " ".join(str(x) for x in d["growth_caps"])      # the game's (W-EVE-1), W-EVE-2's by default
    lair = d["items"][seat]
    who = f" ({who})" if who else ""
    head = st.paint("THE WYRM", "wyrm", "bold") + f"{who}  {st.paint(score_words(d, seat), 'bold')}" \
        f"  hand {d['hand_size'][seat]}  the pawn: {pawn_place(d)}"
    if d["pawn"] < 0:
        return [head, "  (the Wyrm sets up after the Marquise: its pawn, 2 wyrmlings and a fear token in",
                "  the clearing with the fewest Marquise pieces; Growth markers on Bite, Height, Might)"]
    return [
        head,
        f"  Bite {lim['battles']} (battles a turn)  Height {lim['moves']} (moves a turn)  "
        f"Might {lim['might']} (wyrmlings per Intimidate)",
        f"  Growth track {track}  caps {caps}  -> the Lair scores up to {d['lair_cap']} VP each Evening",
    ] + ["  " + row for row in wrap_parts(      # a full Lair and supply: two rows (99 columns)
        [f"Lair: {items_text(lair)} ({sum(lair)} item{'s' if sum(lair) != 1 else ''})",
         f"supply: {d['wyrmling_supply']} wyrmling{'s' if d['wyrmling_supply'] != 1 else ''}, "
         f"{d['fear_supply']} fear, {d['treasure_supply']} treasure"], 97, "   ")] \
        + ([f"  crafted: {crafted_cards(d, seat)}"] if crafted_cards(d, seat) else [])


def leader_words(d: dict) -> str:
    """'leader: Commander (deposed: Builder)': the Eyrie's leader and the ones face down."""
    names = [x.capitalize() for x in _core.LEADER_NAMES]
    down = [names[i] for i in range(len(names)) if d["leaders_down"] >> i & 1]
    now = names[d["leader"]] if d["leader"] >= 0 else "to be chosen"
    return f"leader: {now}" + (f" (deposed: {', '.join(down)})" if down else "")


def decree_columns(d: dict, tokens: bool = True) -> list[tuple[str, list[str]]]:
    """(column, its cards) of the Decree: V per Vizier (the leader's), then each card's token
    (or with tokens=False its suit letter, F R M B); a card resolved this turn is marked * (the
    Viziers count as birds)."""
    viziers = _core.EYRIE_TABLE["viziers"][d["leader"]] if d["leader"] >= 0 else ()
    bird = SUIT_ORDER.index("bird")
    out = []
    for k, name in enumerate(_core.DECREE_NAMES):
        items = [(bird, "V")] * viziers.count(k) + [
            (SUIT_ORDER.index(CARDS[t].suit), CARDS[t].token if tokens else CARDS[t].token[0])
            for t, n in enumerate(d["decree"][k]) for _ in range(n)]
        done, shown = list(d["decree_done"][k]), []
        for suit, text in items:
            shown.append(text + "*" if done[suit] else text)
            done[suit] = max(0, done[suit] - 1)
        out.append((name, shown))
    return out


def roost_words(d: dict, short: bool = False) -> str:
    """The roost track: roosts on the map and what they score and draw each Evening (the core's
    public fact roost_track)."""
    total = _core.EYRIE_TABLE["roosts"]
    on, fact = total - d["roost_supply"], d["roost_track"]
    if short:
        return f"roosts {on}/{total} (+{fact['vp']} VP, draw {fact['draws']})"
    track = "".join("[E]" if i < on else "[ ]" for i in range(total))
    return (f"Roosts {track} {on}/{total} on the map -> +{fact['vp']} VP and "
            f"{plural(fact['draws'], 'card')} each Evening")


def eyrie_lines(d: dict, st: Style, who: str, seat: int) -> list[str]:
    who = f" ({who})" if who else ""
    head = st.paint("THE EYRIE", "eyrie", "bold") + f"{who}  {st.paint(score_words(d, seat), 'bold')}" \
        f"  hand {d['hand_size'][seat]}"
    leader = leader_words(d)
    fits = visible_len(head) + 2 + len(leader) <= 99     # a long one (dominance, three deposed) on its own row
    columns = [f"{name.capitalize()}: {' '.join(cards) or '-'}" for name, cards in decree_columns(d)]
    rows = [head + f"  {leader}" if fits else head] + ([] if fits else [f"  {leader}"]) + ["  " + row for row in wrap_parts(["Decree (V Vizier, * resolved)"] + columns, 97, "  |  ")]
    rows += [f"  {roost_words(d)}",
             f"  supply: {d['bird_supply']} warriors, {d['roost_supply']} roosts   items: {items_text(d['items'][seat])}"]
    if crafted_cards(d, seat):
        rows.append(f"  crafted: {crafted_cards(d, seat)}")
    return rows


def sympathy_words(d: dict, short: bool = False) -> str:
    """The sympathy track: tokens on the map and what the next one costs and scores (the core's
    public fact sympathy_track, LoR 8.4.2)."""
    total = _core.ALLIANCE_TABLE["sympathy"]
    on, fact = total - d["sympathy_supply"], d["sympathy_track"]
    nxt = (f"next {fact['next_cost']} supporter{'s' if fact['next_cost'] != 1 else ''} +{fact['next_vp']} VP"
           if fact["next_cost"] is not None else "all placed")
    if short:
        return f"sympathy {on}/{total} ({nxt})"
    track = "".join("[t]" if i < on else "[ ]" for i in range(total))
    return f"Sympathy {track} {on}/{total} on the map -> {nxt}"


def base_words(d: dict) -> str:
    """'bases: fox in 1, rabbit -, mouse in 6' (LoR 8.2.4: a base off the map waits on the board)."""
    return "bases: " + ", ".join(f"{SUIT_ORDER[k]} {'in ' + str(c + 1) if c >= 0 else '-'}"
                                 for k, c in enumerate(d["base_at"]))


def supporter_words(d: dict, seat: int, tokens: bool = False) -> str:
    """The Supporters stack: its size (public), its cap with no base on the map (LoR 8.2.3.I) and,
    for a viewer that may see it (the Alliance, the referee), its cards; with the viewer's own
    Outrage payments it still knows there."""
    cap = d["sympathy_track"]["stack_cap"]
    words = f"supporters {d['supporters_size']}" + (f"/{cap}" if cap is not None else "")
    if d.get("supporters") is not None:
        words += f": {hand_cards(d['supporters'], tokens) or 'none'}"
    else:
        me = d.get("seat")
        mine = d["known_sup"][me] if me in range(len(d["known_sup"])) else None
        if mine and sum(mine):
            words += f" (you gave: {hand_cards(mine, tokens)})"
    return words


def martial_words(d: dict) -> str:
    """The clearings under Martial Law and what it does there (LoR 8.4.2.II.a: +1 supporter to
    spread sympathy there); issue 28: the bare 'Martial Law: 8' did not say."""
    law = d["sympathy_track"]["martial_law"]
    if not law:
        return "Martial Law: none"
    return (f"Martial Law: {' '.join(str(c + 1) for c in law)} (sympathy there costs +1 "
            "supporter)")


def alliance_lines(d: dict, st: Style, who: str, seat: int) -> list[str]:
    who = f" ({who})" if who else ""
    head = st.paint("THE ALLIANCE", "alliance", "bold") + f"{who}  {st.paint(score_words(d, seat), 'bold')}" \
        f"  hand {d['hand_size'][seat]}  officers {d['officers']}"
    rows = [head, f"  {sympathy_words(d)}"]
    rows += ["  " + row for row in wrap_parts([base_words(d), martial_words(d)], 97)]
    rows += ["  " + row for row in wrap_parts([supporter_words(d, seat, tokens=True)], 97)]
    rows.append(f"  supply: {d['rebel_supply']} warriors   items: {items_text(d['items'][seat])}")
    if crafted_cards(d, seat):
        rows.append(f"  crafted: {crafted_cards(d, seat)}")
    return rows


def outcast_words(d: dict) -> str:
    """'Outcast: fox, Hated side (conspiracies cost 1 acolyte less)' (LoR 10.4.1, 10.4.3), or
    not chosen yet (before the Cult's setup)."""
    suit = lizard_facts.outcast_suit(d)
    if suit is None:
        return "Outcast: not chosen yet"
    return f"Outcast: {suit}" + (", Hated side (conspiracies cost 1 acolyte less)" if d["hated"] else " (Outcast side)")


def garden_words(d: dict, short: bool = False) -> list[str]:
    """Each suit's gardens on the map of its track's 5, the VP a Score ritual of the suit gives now
    and its draw bonus once uncovered (LoR 10.5.3, 10.6.3): 'fox 2/5: Score 2 VP, +1 draw'; short:
    'F2 (2 VP, +draw)', 'M0 (0 VP)'."""
    per_suit, out = lizard_facts.TABLE["gardens_per_suit"], []
    for suit, g in lizard_facts.gardens(d).items():
        if short:
            out.append(f"{suit[0].upper()}{g['on_map']} ({g['score']} VP" + (", +draw)" if g["draw_bonus"] else ")"))
        else:
            out.append(f"{suit} {g['on_map']}/{per_suit}: Score {g['score']} VP" + (", +1 draw" if g["draw_bonus"] else ""))
    return out


def acolyte_words(d: dict, short: bool = False) -> str:
    """'acolytes 3 (Crusade 2, Convert 2, Sanctify 3)': the Acolytes box and what each conspiracy
    spends of it now (LoR 10.4.3; one fewer on the Hated side)."""
    costs = lizard_facts.conspiracy_costs(d)
    sep = " " if short else ", "
    return f"acolytes {d['acolytes']} (" + sep.join(f"{k.capitalize()} {n}" for k, n in costs.items()) + ")"


def pile_words(counts, tokens: bool = False) -> str:
    """A pile by suit, 'fox 2, bird 1' ('F2 B1' with tokens), 'empty' when it holds none."""
    by = {k: n for k, n in lizard_facts.pile_by_suit(counts).items() if n}
    if not by:
        return "empty"
    return (" ".join(f"{k[0].upper()}{n}" for k, n in by.items()) if tokens
            else ", ".join(f"{k} {n}" for k, n in by.items()))


def lost_souls_words(d: dict, short: bool = False) -> str:
    """The Lost Souls pile (public; every card spent or discarded while the Cult sits, LoR 10.2.6,
    until the Cult's Birdsong): its size and cards by suit, and the cards themselves unless short."""
    pile = d["lost_souls"]
    n = sum(pile)
    words = f"Lost Souls {n}: {pile_words(pile, short)}" if n else "Lost Souls: empty"
    if n and not short:
        words += f" ({hand_cards(pile, tokens=True)})"
    return words


def revealed_words(d: dict, tokens: bool = True) -> str:
    """The cards the Cult revealed for rituals this Daylight (face up, LoR 10.5), '' when none."""
    return hand_cards(d["revealed"], tokens) if sum(d["revealed"]) else ""


def lizards_lines(d: dict, st: Style, who: str, seat: int) -> list[str]:
    """The Lizard Cult's panel: score, hand, the Outcast and its side, gardens per suit with their
    Score value and draw bonus, the Evening draw, acolytes and what the conspiracies cost, the
    cards revealed this Daylight and the suits scored this turn, the Lost Souls pile by suit,
    supply and crafted cards."""
    rows = head_rows(d, st, "LIZARD CULT", LZ, who, seat, outcast_words(d))
    suits = garden_words(d)
    rows += ["  " + row for row in wrap_parts(["Gardens " + suits[0]] + suits[1:], 97)]    # breaks between suits
    this_turn = [f"Evening draws {d['evening_draws'][seat]}", acolyte_words(d)]
    if revealed_words(d):
        this_turn.append(f"revealed: {revealed_words(d)}")
    scored = lizard_facts.scored_suits(d)
    if scored:
        this_turn.append(f"Score used this turn: {', '.join(scored)}")
    rows += ["  " + row for row in wrap_parts(this_turn, 97, "   ")]
    rows += ["  " + row for row in wrap_parts([lost_souls_words(d)], 97)]
    rows.append(f"  supply: {d['lizard_supply']} warriors, gardens "
                + " ".join(f"{s} {g['supply']}" for s, g in lizard_facts.gardens(d).items())
                + f"   items: {items_text(d['items'][seat])}")
    if crafted_cards(d, seat):
        rows.append(f"  crafted: {crafted_cards(d, seat)}")
    return rows


def price_words(d: dict, short: bool = False) -> str:
    """'prices: Hand Card 2, Riverboats 1, Mercenaries 3' (LoR 11.2.7; set at setup and each
    Evening, LoR 11.3.5, 11.6.2); short: 'prices card 2 boats 1 mercs 3'; a price not set yet: '-'."""
    names = ("card", "boats", "mercs") if short else riverfolk_facts.SERVICE_TITLES
    values = [p if p is not None else "-" for p in riverfolk_facts.prices(d).values()]
    return "prices" + (" " if short else ": ") + (" " if short else ", ").join(f"{n} {p}" for n, p in zip(names, values))


def boxes_words(d: dict, short: bool = False) -> list[str]:
    """The Payments, Funds and Committed boxes by owner (LoR 11.2.4; Committed with the funds on
    crafting spaces), Funds with what Dividends would score now (LoR 11.4.2): 'Payments: Marquise
    2', 'Funds: Wyrm 3, Riverfolk 1 (Dividends 2 VP)', 'Committed: none'; short 'Payments C2'."""
    out = []
    for box in riverfolk_facts.BOXES:
        words = f"{box.capitalize()}{' ' if short else ': '}{riverfolk_facts.box_words(d, box, short)}"
        if box == "funds" and riverfolk_facts.dividends(d):
            words += f" (Dividends {riverfolk_facts.dividends(d)}" + (")" if short else " VP)")
        out.append(words)
    return out


def post_words(d: dict, short: bool = False) -> list[str]:
    """Each suit's trade posts placed on the map, left on its track and lost (removed from the game,
    LoR 11.2.5.I), with the VP the next scores (LoR 11.5.6.III): 'fox 1 placed, 2 left, 0 lost
    (next +2 VP)'; short 'F1/2/0'."""
    out = []
    for suit, p in riverfolk_facts.posts(d).items():
        if short:
            out.append(f"{suit[0].upper()}{p['on_map']}/{p['track']}/{p['lost']}")
        else:
            out.append(f"{suit} {p['on_map']} placed, {p['track']} left, {p['lost']} lost"
                       + (f" (next +{p['next_vp']} VP)" if p["next_vp"] is not None else ""))
    return out


def crafting_space_words(d: dict, short: bool = False) -> str:
    """The crafting spaces free this turn of those each suit's posts uncovered (LoR 11.2.1): 'Crafting
    spaces free: fox 1 of 2, rabbit 0 of 0, mouse 1 of 1'; short 'free spaces F1/2 R0/0 M1/1'."""
    rows = riverfolk_facts.crafting(d).items()
    if short:
        return "free spaces " + " ".join(f"{s[0].upper()}{c['free']}/{c['spaces']}" for s, c in rows)
    return "Crafting spaces free: " + ", ".join(f"{s} {c['free']} of {c['spaces']}" for s, c in rows)


def public_hand_words(d: dict, tokens: bool = True) -> str:
    """The Riverfolk's hand, face up for everyone (LoR 11.2.3): its cards, 'none', or '?' where the
    observation does not hold it."""
    hand = riverfolk_facts.public_hand(d)
    if hand is None:
        return "?"
    return hand_cards(hand, tokens) if sum(hand) else "none"


def service_turn_words(d: dict, short: bool = False) -> str:
    """The services of the turn under way (LoR 11.2.6-7): who buys now and how many purchases it has
    left, who bought Riverboats and Mercenaries and whether these serve now; '' when none."""
    svc = riverfolk_facts.services(d)
    title = (lambda name: LETTERS[NAMES.index(name)]) if short else (lambda name: TITLES[NAMES.index(name)])
    parts = []
    if svc["buyer"]:
        parts.append(f"{title(svc['buyer'])} buying, {plural(svc['left'], 'purchase')} left" if not short
                     else f"buying {title(svc['buyer'])} ({svc['left']} left)")
    for key, name in (("riverboats", "Riverboats"), ("mercenaries", "Mercenaries")):
        if svc[key]:
            serving = " (serving)" if key == "mercenaries" and svc["mercenaries_serving"] else ""
            parts.append(f"{name} {title(svc[key])}{serving}" if short else f"{name} bought by the {title(svc[key])}{serving}")
    return ("; " if not short else ", ").join(parts)


def riverfolk_lines(d: dict, st: Style, who: str, seat: int) -> list[str]:
    """The Riverfolk Company's panel: score, hand size, the service prices, the Payments, Funds and
    Committed boxes by owner (with the Dividends the Funds would score now), each suit's trade
    posts placed, left and lost, the crafting spaces free, the public hand, the services of this
    turn, supply and crafted cards."""
    rows = head_rows(d, st, "RIVERFOLK", RF, who, seat, price_words(d))
    rows += ["  " + row for row in wrap_parts(boxes_words(d), 97)]
    suits = post_words(d, short=True)        # (six seats share the screen: the posts in one row)
    nxt = sorted({p["next_vp"] for p in riverfolk_facts.posts(d).values() if p["next_vp"] is not None})
    rows.append("  trade posts placed/left/lost: " + " ".join(suits)
                + (f" (next +{'/'.join(map(str, nxt))} VP)" if nxt else "") + f"   {crafting_space_words(d, short=True)}")
    turn = service_turn_words(d)
    rows += ["  " + row for row in wrap_parts([f"Public hand: {public_hand_words(d)}"]
                                              + ([f"  This turn: {turn}"] if turn else []), 97)]
    rows.append(f"  supply: {plural(d['otter_supply'], 'warrior')}, {plural(sum(d['posts_left']), 'trade post')}"
                f"   items: {items_text(d['items'][seat])}")
    if crafted_cards(d, seat):
        rows.append(f"  crafted: {crafted_cards(d, seat)}")
    return rows


def burrow_words(d: dict, short: bool = False) -> str:
    """'Burrow: 6 warriors (tunnels to 4 8)' (LoR 12.2.2); short 'Burrow 6w (tunnels 4 8)'."""
    links = " ".join(str(c) for c in duchy_facts.tunnels(d)) or "none"
    if short:
        return f"Burrow {duchy_facts.burrow(d)}w (tunnels {links})"
    return f"Burrow: {plural(duchy_facts.burrow(d), 'warrior')} (tunnels to {links})"


def minister_words(d: dict, short: bool = False) -> list[str]:
    """The ministers swayed (each with its rank, `used` once its action was taken this turn) and
    unswayed (LoR 12.5.2-3): ['Swayed: Foremole (squire, used), Mayor (noble)', 'Unswayed: ...'];
    short ['swayed Foremole* Mayor', ...] (* used)."""
    rows = duchy_facts.ministers(d)
    on = [m for m in rows if m["swayed"]]
    off = [m for m in rows if not m["swayed"]]
    if short:
        return ["swayed " + (" ".join(duchy_facts.title(m["name"]).split()[0] + ("*" if m["used"] else "")
                                      for m in on) or "none")]
    said = lambda m: f"{duchy_facts.title(m['name'])} ({m['rank']}{', used' if m['used'] else ''})"   # noqa: E731
    return ["Swayed: " + (", ".join(said(m) for m in on) or "none"),
            "Unswayed: " + (", ".join(f"{duchy_facts.title(m['name'])} ({m['rank']})" for m in off) or "none")]


def crown_words(d: dict, short: bool = False) -> str:
    """Each rank's crowns on the board (a minister of that rank may be swayed while one is; its
    Sway scores the crown's VP) and those lost to the Price of Failure (LoR 12.2.3, 12.5.3): 'Crowns
    on the board: squire 1 (1 VP), noble 2 (2 VP), lord 2 (3 VP); lost: lord 1'; short 'crowns S1
    N2 L2 lost L1'."""
    c = duchy_facts.crowns(d)
    lost = [(rank, x["lost"]) for rank, x in c.items() if x["lost"]]
    if short:
        return ("crowns " + " ".join(f"{r[0].upper()}{x['board']}" for r, x in c.items())
                + (" lost " + " ".join(f"{r[0].upper()}{n}" for r, n in lost) if lost else ""))
    return ("Crowns on the board: " + ", ".join(f"{r} {x['board']} ({x['vp']} VP)" for r, x in c.items())
            + ("; lost: " + ", ".join(f"{r} {n}" for r, n in lost) if lost else ""))


def track_words(d: dict, short: bool = False) -> list[str]:
    """The citadels and markets placed (where) and on their tracks, with what they give now and
    the next would (LoR 12.4: Birdsong's recruits into the Burrow; 12.6.3: Evening's draws):
    'Citadels: 1 placed (8), 2 on the track; Birdsong recruits 2 (next 4)'; short 'citadels 1/3 rec 2>4'."""
    b = duchy_facts.buildings(d)
    now = {"citadels": duchy_facts.recruits(d), "markets": duchy_facts.draws(d)}
    what = {"citadels": "Birdsong recruits", "markets": "Evening draws"}
    out = []
    for kind in duchy_facts.BUILDINGS:
        x = b[kind]
        nxt = f" (next {x['next']})" if x["next"] is not None else " (track empty)"
        if short:
            out.append(f"{kind} {x['on_map']}/{x['on_map'] + x['track']} {'rec' if kind == 'citadels' else 'draw'} "
                       f"{now[kind]}" + (f">{x['next']}" if x["next"] is not None else ""))
        else:
            where = f" ({' '.join(str(c) for c in x['clearings'])})" if x["clearings"] else ""
            out.append(f"{kind.capitalize()}: {x['on_map']} placed{where}, {x['track']} on the track; "
                       f"{what[kind]} {now[kind]}{nxt}")
    return out


def duchy_revealed_words(d: dict, tokens: bool = True) -> str:
    """The cards the Duchy revealed this turn (face up, LoR 12.5), 'none' when none."""
    rev = duchy_facts.revealed(d)
    return hand_cards(rev, tokens) if sum(rev) else "none"


def duchy_turn_words(d: dict, short: bool = False) -> str:
    """The turn under way (the Duchy's): the Assembly's actions left, the ministers used, a Sway
    made, the minister acting; '' outside the Duchy's Daylight."""
    if not duchy_facts.on_turn(d):
        return ""
    left = duchy_facts.assembly_left(d)
    parts = [f"Assembly {left} left" if short else f"Assembly: {plural(left, 'action')} left"]
    if duchy_facts.used(d):
        parts.append(("used " if short else "ministers used: ")
                     + ", ".join(duchy_facts.title(m) for m in duchy_facts.used(d)))
    if duchy_facts.acting(d):
        parts.append(("acting " if short else "acting: the ") + duchy_facts.title(duchy_facts.acting(d)))
    if duchy_facts.swayed_now(d):
        parts.append("swayed" if short else "a minister swayed this turn")
    return ("; " if not short else ", ").join(parts)


def duchy_lines(d: dict, st: Style, who: str, seat: int) -> list[str]:
    """The Underground Duchy's panel: score, hand, the Burrow with its warriors and the tunnels it
    links to, the ministers swayed and unswayed, the crowns, the citadels and markets with their
    tracks' recruits and draws, the cards revealed this turn, the Assembly and Parliament of this
    turn, supply and crafted cards."""
    rows = head_rows(d, st, "DUCHY", DC, who, seat, burrow_words(d))
    rows += ["  " + row for row in wrap_parts(minister_words(d), 97)]
    rows += ["  " + row for row in wrap_parts([crown_words(d)], 97)]
    rows += ["  " + row for row in wrap_parts(track_words(d), 97)]
    this_turn = [f"Revealed: {duchy_revealed_words(d)}"] + ([f"This turn: {duchy_turn_words(d)}"] if duchy_turn_words(d) else [])
    sup = duchy_facts.supply(d)
    # (six seats share the screen: the supply beside them where it fits)
    rows += ["  " + row for row in wrap_parts(this_turn + [
        f"supply: {plural(sup['warriors'], 'warrior')}, {plural(sup['tunnels'], 'tunnel')}",
        f"items: {items_text(d['items'][seat])}"], 97, "   ")]
    if crafted_cards(d, seat):
        rows.append(f"  crafted: {crafted_cards(d, seat)}")
    return rows


def plot_map_words(d: dict) -> str:
    """The plots on the map as the viewer sees them (plot_word), with the types a wrong Exposure
    ruled out (public, K-C3): 'Plots: 3 SNARE, 10 plot:bomb, 11 plot (not bomb, raid)'; 'Plots: none'."""
    rows = [f"{c} {plot_word(d, c - 1)}" + (f" (not {', '.join(p['ruled_out'])})" if p["ruled_out"] else "")
            for c, p in corvids_facts.plots(d).items()]
    return "Plots: " + (", ".join(rows) or "none")


def plot_count_words(d: dict, short: bool = False) -> str:
    """'4 plots on the map, 1 face up (a flip scores 2)' (LoR 13.4.2: one VP per face-up plot, the
    flipped one included); short 'plots 4 (1 up, flip 2)'."""
    n, up, vp = len(corvids_facts.plots(d)), corvids_facts.face_up(d), corvids_facts.flip_vp(d)
    if short:
        return f"plots {n} ({up} up, flip {vp})"
    return f"{plural(n, 'plot')} on the map, {up} face up (a flip scores {vp})"


def plot_supply_words(d: dict, short: bool = False) -> str:
    """The plots in the supply: by type in the Corvids' own view (and the referee's), their number
    for every other viewer (face down: LoR 13.2.2.I): '5 plots (bomb 1, snare 1, extortion 2, raid
    1)' or '5 plots'; short '5p (b1 s1 e2 r1)'."""
    n = corvids_facts.supply(d)["plots"]
    by = corvids_facts.supply_types(d) if sees_plot_types(d) else None
    if short:
        return f"{n}p" + (" (" + " ".join(f"{t[0]}{k}" for t, k in by.items()) + ")" if by else "")
    return plural(n, "plot") + (" (" + ", ".join(f"{t} {k}" for t, k in by.items()) + ")" if by else "")


def corvid_turn_words(d: dict, short: bool = False) -> str:
    """The turn under way (the Corvids'): the Daylight actions left, the plots placed and what the
    next costs (LoR 13.5.2: the n-th plot of a turn costs n warriors), an Exert taken (LoR 13.6.1);
    '' outside their turn."""
    if not corvids_facts.on_turn(d):
        return ""
    left, placed, cost = corvids_facts.actions_left(d), corvids_facts.plots_placed(d), corvids_facts.plot_cost(d)
    if short:
        parts = [f"actions {left} left", f"plotted {placed} (next {cost}w)"] + (["exerted"] if corvids_facts.exerted(d) else [])
        return ", ".join(parts)
    parts = [f"{plural(left, 'action')} left", f"{plural(placed, 'plot')} placed (the next costs "
                                                f"{plural(cost, 'warrior')})"]
    if corvids_facts.exerted(d):
        parts.append("exerted (no draw this Evening)")
    return "; ".join(parts)


def corvids_lines(d: dict, st: Style, who: str, seat: int) -> list[str]:
    """The Corvid Conspiracy's panel: score, hand, the plots on the map (face up by type, face down
    as plots: their type in the Corvids' own view only, with the types ruled out) and what a flip
    scores, the Evening draws, this turn's actions left, plots placed and Exert, supply (the plots by
    type in the Corvids' own view, their number for others) and crafted cards. It reads the viewer's
    observation only (corvids_facts, seen_type)."""
    rows = head_rows(d, st, "CORVIDS", CV, who, seat, plot_count_words(d))
    turn = corvid_turn_words(d)
    # (six seats share the screen: the rest packed into as few rows as fit, two as a rule)
    rows += ["  " + row for row in wrap_parts(
        [plot_map_words(d), f"Evening draws {corvids_facts.draws(d)}"] + ([f"This turn: {turn}"] if turn else [])
        + [f"supply: {plural(corvids_facts.supply(d)['warriors'], 'warrior')}, {plot_supply_words(d)}",
           f"items: {items_text(d['items'][seat])}"], 97, "   ")]
    if crafted_cards(d, seat):
        rows.append(f"  crafted: {crafted_cards(d, seat)}")
    return rows


def hundreds_lines(d: dict, st: Style, who: str, seat: int) -> list[str]:
    """The Lord of the Hundreds' panel: score, hand, the mood in force (LoR 14.7), the warlord, the
    Evening draws (LoR 14.6.3, Rowdy's more), the Hoard by track with Command and Prowess (LoR 14.2.4), the Daylight's Command and Advances left,
    supply (warriors, strongholds, mobs) and crafted cards (their items go to the Hoard, never to a
    Crafted Items box: LoR 14.2.4)."""
    warlord = f"clearing {d['warlord'] + 1}" if d["warlord"] >= 0 else "off the map (Anoint)"
    rows = head_rows(d, st, "HUNDREDS", LH, who, seat,
                     f"mood {_core.MOOD_NAMES[d['mood']].capitalize()}  warlord: {warlord}  "
                     f"Evening draws {hundreds_draws(d)}")
    turn = hundreds_turn_words(d)
    supply = (f"supply: {plural(d['hundred_supply'], 'warrior')}, "
              f"{plural(LHT['strongholds'] - sum(d['strongholds']), 'stronghold')}, {plural(d['mob_supply'], 'mob')}")
    rows += ["  " + row for row in wrap_parts([hoard_words(d)] + ([f"This turn: {turn}"] if turn else []) + [supply],
                                              97, "   ")]
    if crafted_cards(d, seat):
        rows.append(f"  crafted: {crafted_cards(d, seat)}")
    return rows


VS_UP, VS_DOWN, VS_DMG_UP, VS_DMG_DOWN = range(4)     # the core's item states (vb_items rows)
VITEMS = _core.VITEM_NAMES
# the relationship track (LoR 9.2.9): Hostile, then Indifferent -> 1 -> 2 -> Allied; the two middle
# spaces named by their place on the Allied track (issue 28: 'Marquise 1' did not say what 1 was)
RELATIONS = ("Hostile", "Indifferent", "1 step to Allied", "2 steps to Allied", "Allied")


def vb_place(d: dict) -> str:
    """Where the Vagabond's pawn stands: a clearing, a forest, or not yet."""
    at = d["vb_at"]
    if at < 0:
        return "not placed yet"
    return f"clearing {at + 1}" if at < NCL else f"the forest {forest_name(d, at - NCL)}"


def vb_items_words(d: dict) -> tuple[str, str, str]:
    """(tracks, Satchel, Damaged): the Vagabond's items by state (LoR 9.2.5), an exhausted one
    marked *; face-up tea, coins and bags on their tracks (the core's public fact, 3 each at most)."""
    items, tracks = d["vb_items"], d["vagabond"]["tracks"]
    on = {VITEMS.index(k): n for k, n in tracks.items()}
    track = " ".join(f"{k} {n}/3" for k, n in tracks.items())
    satchel = [VITEMS[k] for k in range(len(VITEMS)) for _ in range(items[VS_UP][k] - on.get(k, 0))]
    satchel += [VITEMS[k] + "*" for k in range(len(VITEMS)) for _ in range(items[VS_DOWN][k])]
    damaged = [VITEMS[k] for k in range(len(VITEMS)) for _ in range(items[VS_DMG_UP][k])]
    damaged += [VITEMS[k] + "*" for k in range(len(VITEMS)) for _ in range(items[VS_DMG_DOWN][k])]
    return track, ", ".join(satchel) or "empty", ", ".join(damaged) or "none"


def relation_words(d: dict, seat: int) -> str:
    """The Vagabond's relationship with each other faction seated (LoR 9.2.9), with the aids
    counted this turn toward its next step, and his coalition partner. d is his (as_vagabond);
    with two Vagabonds, the other is no relationship of his (LoR 9.7: plain enemies)."""
    table = seat_factions(d)
    parts = []
    for s, f in enumerate(table):
        if s == seat or f in VAGABONDS:
            continue
        words = f"{TITLES[f]}: {RELATIONS[d['vb_rel'][f] + 1]}"
        if d["vb_aids"][f]:
            words += f" (+{plural(d['vb_aids'][f], 'aid')} this turn)"
        parts.append(words)
    text = "relationships: " + "; ".join(parts)
    if d["coalition"] >= 0:
        text += f"; coalition with the {TITLES[table[d['coalition']]]}"
    return text


def quest_list(mask: int, with_items: bool = True) -> list[str]:
    out = []
    for q in range(len(_core.QUESTS)):
        if mask >> q & 1:
            _, _, a, b = _core.QUESTS[q]
            out.append(quest_token(q) + (f" ({VITEMS[a]}+{VITEMS[b]})" if with_items else ""))
    return out


def quest_parts(d: dict, short: bool = False) -> list[str]:
    """The quests face up (with the two items each asks), those completed and the deck's size:
    the parts quest_words joins (a long line breaks between them)."""
    up = quest_list(d["quest_up"], not short)
    done = quest_list(d["quest_done"], False)
    deck = bin(d["quest_deck"]).count("1")
    return [f"quests: {', '.join(up) or 'none'}"] + ([f"done: {' '.join(done)}"] if done else []) + [f"deck {deck}"]


def quest_words(d: dict, short: bool = False) -> str:
    """quest_parts on one line."""
    return "; ".join(quest_parts(d, short))


def vagabond_lines(d: dict, st: Style, who: str, seat: int) -> list[str]:
    """The board of the Vagabond at seat: the Vagabond's, or the second Vagabond's (LoR 9.7),
    titled THE SECOND VAGABOND and read from his own fields (as_vagabond)."""
    faction = seat_factions(d)[seat]
    d = as_vagabond(d, faction)
    who = f" ({who})" if who else ""
    char = _core.CHARACTER_NAMES[d["vb_char"]].capitalize() if d["vb_char"] >= 0 else "character to be chosen"
    head = st.paint(f"THE {TITLES[faction].upper()}", NAMES[faction], "bold") + f"{who}  {st.paint(score_words(d, seat), 'bold')}" \
        f"  hand {d['hand_size'][seat]}  {char}  the pawn: {vb_place(d)}"
    fact = d["vagabond"]
    track, satchel, damaged = vb_items_words(d)
    rows = [head, f"  tracks: {track}   items {fact['item_load']}/{fact['item_limit']}   "
                  f"Refresh {fact['refresh']}   Evening draws {d['evening_draws'][seat]}"]
    rows += ["  " + row for row in wrap_parts([f"Satchel (* exhausted): {satchel}", f"Damaged: {damaged}"], 97, "   ")]
    rows += ["  " + row for row in wrap_parts([relation_words(d, seat)], 97)]
    rows += ["  " + row for row in wrap_parts(quest_parts(d), 97, "; ")]
    if crafted_cards(d, seat):
        rows.append(f"  crafted: {crafted_cards(d, seat)}")
    return rows


def marquise_lines(d: dict, st: Style, who: str, seat: int) -> list[str]:
    parts = []
    for t, name in enumerate(_core.BUILDING_NAMES):
        placed, n, cost = sum(d["buildings"][t]), MT["buildings_per_type"], d["next_building"][t]
        nxt = f" next {cost[0]} wood +{cost[1]} VP" if cost else " all built"
        parts.append(f"{name}s {placed}/{n}{nxt}")
    who = f" ({who})" if who else ""
    head = st.paint("THE MARQUISE", "marquise", "bold") + f"{who}  " \
        f"{st.paint(score_words(d, seat), 'bold')}  hand {d['hand_size'][seat]}"
    rows = [head, "  " + "  ".join(parts),
            f"  supply: {d['warrior_supply']} warriors, {d['wood_supply']} wood   items: {items_text(d['items'][seat])}"]
    if crafted_cards(d, seat):
        rows.append(f"  crafted: {crafted_cards(d, seat)}")
    return rows


def mm_options_words(d: dict) -> str:
    """'original, normal, traits: blitz, fortified': the bot's variant, difficulty and traits
    (MM2 §8, §9), by the core's names."""
    traits = [name for i, name in enumerate(_core.MM_TRAIT_NAMES) if d["mm_traits"] >> i & 1]
    return (f"{_core.MM_VARIANT_NAMES[d['mm_variant']]}, {_core.MM_LEVEL_NAMES[d['mm_level']]}, "
            + (f"traits: {', '.join(traits)}" if traits else "no traits"))


def mm_order_words(d: dict, tokens: bool = True) -> str:
    """Its order card (public, MM2 §5) while it has one, the clearings it names and what its
    Evening would score now (the core's public fact `mechanical`)."""
    t, fact = d["mm_order"], d["mechanical"]
    if t < 0:
        return "order: none (revealed at its Birdsong)"
    c = CARDS[t]
    card = f"{c.token} {c.name}" if tokens else c.token
    where = ("Escalated Daylight, every clearing" if c.suit == "bird"
             else f"{c.suit} clearings {' '.join(str(x + 1) for x in fact['ordered'])}")
    return f"order: {card} ({c.suit}): {where} -> Evening +{fact['evening_vp']} VP"


def mm_track_words(d: dict) -> list[str]:
    """Each building track: on the map of 6, and the Evening VP it scores (MM2 §3), the first
    one labelled: 'tracks (Evening VP): sawmills 3/6 +2', 'workshops 1/6 +0', ..."""
    fact = d["mechanical"]
    return [f"{'tracks (Evening VP): ' if t == 0 else ''}{name}s {fact['on_map'][t]}/"
            f"{_core.MM_TABLE['buildings_per_type']} +{fact['track_vp'][t]}"
            for t, name in enumerate(_core.BUILDING_NAMES)]


def mm_keep_words(d: dict) -> str:
    """Where its Keep stands: a clearing, not yet placed (setup), or removed for good (MM2 §3)."""
    if d["mm_keep"] >= 0:
        return f"clearing {d['mm_keep'] + 1}"
    return "removed (for good)" if sum(d["mm_warriors"]) or d["turn_number"] else "not placed yet"


PRIORITY_WORDS = "priority: clearing n is marker n (1 first)"   # MM2 §1: the Fall chart on Autumn


def mechanical_lines(d: dict, st: Style, who: str, seat: int) -> list[str]:
    """The Mechanical Marquise's panel: options, order card, building tracks with their Evening
    VP, supply, Keep and the priority markers. It has no hand (MM2 §2.2)."""
    who = f" ({who})" if who else ""
    head = st.paint("THE MECHANICAL MARQUISE", MM, "bold") + f"{who}  {st.paint(score_words(d, seat), 'bold')}"
    rows = [head] + ["  " + row for row in wrap_parts(
        [mm_options_words(d), mm_order_words(d), ", ".join(mm_track_words(d)), f"Keep: {mm_keep_words(d)}",
         f"supply: {d['mm_warrior_supply']} warriors", f"items: {items_text(d['items'][seat])}", PRIORITY_WORDS],
        97, "   ")]
    if crafted_cards(d, seat):
        rows.append(f"  crafted: {crafted_cards(d, seat)}")
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
SETUP_STEPS = {"deal": None, "marquise_homeland": MARQUISE, "marquise_keep": MARQUISE, "marquise_setup_build": MARQUISE, "wyrm_setup": WYRM,
               "eyrie_setup": EYRIE, "vagabond_character": VAGABOND, "vagabond_setup": VAGABOND,
               "mechanical_keep": MECHANICAL, "mechanical_setup_build": MECHANICAL,
               "lizards_corner": LIZARDS, "lizards_outcast": LIZARDS, "riverfolk_setup": RIVERFOLK,
               "duchy_corner": DUCHY, "corvids_setup": CORVIDS, "hundreds_setup": HUNDREDS,
               "keepers_setup": KEEPERS, "relic_setup": KEEPERS}
SETUP_ONLY_AT = {"supporter_draw": ALLIANCE,   # steps that belong to setup only while turn_number is 0
                 "quest_draw": VAGABOND, "riverfolk_prices": RIVERFOLK}


def step_name(d: dict) -> str:
    """The name of the step the state d waits at (State.step)."""
    return _core.STEP_NAMES[d["step"]]


def turn_words(d: dict) -> str:
    """'Setup - the Wyrm' or 'Round 5 - Marquise': the round and whose turn it is."""
    step = step_name(d)
    if step in SETUP_STEPS or d["turn_number"] == 0:
        owner = SETUP_STEPS.get(step, SETUP_ONLY_AT.get(step))
        if owner == VAGABOND and d.get("vb_acting", -1) >= 0:    # either Vagabond's setup (LoR 9.7)
            owner = seat_factions(d)[d["vb_acting"]]
        return "Setup" + (f" - the {TITLES[owner]}" if owner is not None else "")
    return turn_title(d["turn_number"], d["turn"], seat_factions(d))


def left_words(d: dict) -> str:
    """What the faction on turn has left this Daylight ('' outside Daylight)."""
    step, faction = step_name(d), seat_factions(d)[d["turn"]]
    if faction == MECHANICAL:               # what its turn does: its order (MM2 §5), in every step of it
        return f"order {CARDS[d['mm_order']].token} ({CARDS[d['mm_order']].suit})" if d["mm_order"] >= 0 else ""
    if faction == ALLIANCE and step == "alliance_evening":      # one operation per officer (LoR 8.6.1)
        return f"{plural(max(0, d['officers'] - d['ops_used']), 'operation')} left"
    if faction == LIZARDS and step in ("lizards_birdsong", "lizards_crusade"):   # the conspiracies' purse
        return plural(d["acolytes"], "acolyte")
    if faction == LIZARDS and step == "lizards_daylight":      # one Score a suit a turn (LoR 10.5.3)
        scored = lizard_facts.scored_suits(d)
        return f"Score used: {', '.join(scored)}" if scored else ""
    if step == "services":                  # the buyer's purchases (LoR 11.2.6.II)
        return f"{plural(d['services_left'], 'purchase')} left"
    if faction == RIVERFOLK and step in ("riverfolk_daylight", "riverfolk_fund"):   # what its actions spend (LoR 11.5)
        return f"{plural(riverfolk_facts.box_total(d, 'funds'), 'fund')}"
    if faction == DUCHY and step == "duchy_daylight":           # the Assembly's two actions (LoR 12.5.1)
        return f"{plural(d['assembly_left'], 'Assembly action')} left"
    if faction == DUCHY and step == "duchy_parliament":         # each swayed minister once (LoR 12.5.2)
        left = [duchy_facts.title(m) for m in duchy_facts.swayed(d) if m not in duchy_facts.used(d)]
        return "ministers left: " + (", ".join(left) or "none")
    if faction == CORVIDS and step == "corvids_daylight":         # three actions; the n-th plot costs n (LoR 13.5)
        return (f"{plural(d['cv_actions_left'], 'action')} left, the next plot costs "
                f"{plural(corvids_facts.plot_cost(d), 'warrior')}")
    if faction == CORVIDS and step == "corvids_birdsong":         # LoR 13.4.2: every face-up plot scores
        return f"a flip scores {corvids_facts.flip_vp(d)}"
    if faction == HUNDREDS and step == "hundreds_daylight":       # Command, then Advance (LoR 14.5.2-3)
        return hundreds_turn_words(d)
    if faction == HUNDREDS and step == "hundreds_birdsong" and d["lh_stage"] == 3:     # LoR 14.4.4: it must change
        return f"the mood now {_core.MOOD_NAMES[d['mood']].capitalize()}"
    if faction == HUNDREDS and step == "hundreds_evening":        # Incite, then Oppress and draw (LoR 14.6)
        return f"{plural(d['mob_supply'], 'mob')} to Incite, Evening draws {hundreds_draws(d)}"
    if faction == KEEPERS and step in ("keepers_birdsong", "keepers_daylight", "delve", "recover"):
        return keepers_turn_words(d)                               # Birdsong's stage; the column acting (LoR 15.4, 15.5.2)
    if faction == KEEPERS and step == "keepers_evening":          # Gather Retinue, then draw (LoR 15.6.2-3)
        return f"{keepers_turn_words(d)}, Evening draws {keepers_draws(d)}"
    if step == "carry" and keepers_seated(d):                      # Devout Knights (LoR 15.2.4): any turn
        return f"{plural(d['carry_left'], 'relic')} may go along to clearing {d['carry_to'] + 1}"
    if step not in DAYLIGHT_STEPS.get(faction, ()):
        return ""
    if faction == MARQUISE:
        return f"{plural(d['actions_left'], 'action')} left"
    if faction in VAGABONDS:                # what he can still exhaust (LoR 9.2.5)
        ready = [VITEMS[k] for k, n in enumerate(as_vagabond(d, faction)["vb_items"][VS_UP]) for _ in range(n)]
        return "ready: " + (", ".join(ready) or "no item")
    lim = d["wyrm_limits"]
    words = [plural(lim["moves"] - d["moves_used"], "move"), plural(lim["battles"] - d["battles_used"], "battle")]
    words += [name for key, name in (("used_fear", "Fear"), ("used_terror", "Terrorize"),
                                     ("used_eat", "Eat"), ("used_hoard", "Hoard")) if not d[key]]
    return "left: " + ", ".join(words)


def status_lines(d: dict, st: Style, width: int = 99) -> list[str]:
    """The round, whose turn, the step, what is left of the turn, deck and discard, and the
    dominance cards available beside the map (3+ seats, LoR 3.3.3) when there are any."""
    if step_name(d) == "terminal":
        return [st.paint("Game over", "bold")]
    available = hand_cards(d["available"], tokens=True)
    parts = [turn_words(d), step_words(step_name(d)), left_words(d),
             f"deck {d['deck_size']}, discard {sum(d['discard'])}"
             + (f", available {available}" if available else "")]
    rows = wrap_parts([p for p in parts if p], width)
    if len(rows) > 2:          # a long step's words (the Vagabond's Daylight): wrapped at spaces, 2 rows
        rows = textwrap.wrap(" | ".join(p for p in parts if p), width, subsequent_indent="  ")
    return [st.paint(x, "title") for x in rows]


def hand_lines(d: dict, human: int) -> list[str]:
    hand = d["hand"][human]
    cards = [t for t, k in enumerate(hand) for _ in range(k)]
    rows = [f"YOUR HAND ({len(cards)}):"] + [f"  {card_line(t)}" for t in cards]
    table = seat_factions(d)
    for other in range(len(table)):
        if other != human and table[other] not in BOTS:       # a bot has no hand (MM2 §2.2)
            n = d["hand_size"][other]
            rows.append(f"{possessive(the_seat(table, other))} hand: {n} card{'s' if n != 1 else ''}")
            if d["hand"][other] is not None:             # face up (the Riverfolk's, LoR 11.2.3)
                rows[-1] += f", face up: {hand_cards(d['hand'][other], tokens=True) or 'none'}"
                continue
            known = d["known"][human][other]
            if known and sum(known):
                rows[-1] += f" (you know it holds {hand_cards(known)})"
    # (a long line, a hand known to hold three cards with long names, wraps at 99 columns)
    return [row for line in rows for row in (textwrap.wrap(line, 99, subsequent_indent="  ") or [line])]


def possessive(name: str) -> str:
    """"The Eyrie's", "The Corvids'" (a plural name takes the apostrophe alone)."""
    return name + ("'" if name.endswith("s") else "'s")


def the_seat(table, seat: int) -> str:
    """'The Eyrie', or 'Player 3' for a player of the draft who has not chosen a faction."""
    return f"The {TITLES[table[seat]]}" if table[seat] >= 0 else f"Player {seat + 1}"


def draft_lines(d: dict, labels: tuple[str, ...], width: int = 99) -> list[str]:
    """While the faction draft is under way (LoR 16.1.8), the seats' panels give way to it: the
    pool, the locked card, the characters, the homelands, then each seat's line ('Player 3
    (you) - choosing'); the factions' boards come back once every player has chosen."""
    seats = [seat_words(d, s, labels[s]) for s in range(len(seat_factions(d)))]
    return wrap_parts(draft_words(d), width) + wrap_parts(seats, width)


def seat_labels(d: dict) -> tuple[str, ...]:
    """How the board names each seat's player for the viewer: you / AI / bot (a faction that
    plays by its own rules), or no label."""
    table = seat_factions(d)
    seat, seats = d.get("seat"), range(len(table))
    if seat in seats:
        return tuple("you" if s == seat else "bot" if table[s] in BOTS else "AI" for s in seats)
    return ("",) * len(seats)


# the faction boards the screen draws, in screen order, and how it draws each (given the label
# of the faction's player and its seat)
FACTION_BOARDS = ((WYRM, wyrm_lines), (EYRIE, eyrie_lines), (ALLIANCE, alliance_lines),
                  (VAGABOND, vagabond_lines), (VAGABOND2, vagabond_lines), (LIZARDS, lizards_lines),
                  (RIVERFOLK, riverfolk_lines), (DUCHY, duchy_lines), (CORVIDS, corvids_lines),
                  (HUNDREDS, hundreds_lines), (KEEPERS, keepers_lines), (MARQUISE, marquise_lines),
                  (MECHANICAL, mechanical_lines))


def boxed_board(d: dict, st: Style, labels: tuple[str, ...]) -> str:
    """The boxed Autumn map of an observation d (99 columns), the seated factions' boards, the
    status and the viewer's hand; boardview.render_board chooses it or the compact board."""
    rows = map_lines(d, st)
    rows.append("")
    table = seat_factions(d)
    if drafting(d):
        rows += draft_lines(d, labels)
    for faction, lines in (() if drafting(d) else FACTION_BOARDS):
        if faction in table:
            seat = table.index(faction)
            rows += lines(d, st, labels[seat], seat)
    rows += hireling_lines(d, st)
    rows.append("")
    rows += status_lines(d, st)
    if item_supply_words(d):
        rows.append(item_supply_words(d))
    if d.get("seat") in range(len(table)) and d["hand"][d["seat"]] is not None:
        rows += hand_lines(d, d["seat"])
    return "\n".join(rows)


def seat_titles(d: dict) -> list[str]:
    """Each seat's faction title (the Marquise ...), or 'Player 3' for a player of the draft."""
    return [TITLES[f] if f >= 0 else f"Player {s + 1}" for s, f in enumerate(seat_factions(d))]


def hireling_words(d: dict, short: bool = False) -> list[str]:
    """The hirelings (LoR 16.4; hirelings.facts), all public: each card by its side, its controller
    (or the supply) and its control markers ('Bluebird Nobles: the Eyrie, 2 control'); the hireling
    markers left on the score track and the ones taken and not yet flipped; the end of a turn under
    way (a hireling being given away or rolled for). [] in a game without hirelings."""
    f = hirelings.facts(d, seat_titles(d))
    if f is None:
        return []
    out = []
    for c in f["cards"]:
        who = "supply" if c["controller"] is None else (c["controller"] if short else f"the {c['controller']}")
        out.append(f"{c['title']}: {who}" + ("" if c["controller"] is None else f", {c['control']} control")
                   + _hireling_pieces(c, short))
    marks = " ".join(str(m) for m in f["markers"]) or "none"
    out.append(f"{'markers' if short else 'hireling markers on the score track'}: {marks}")
    if f["owed"]:
        out.append(("owed " if short else "markers taken, a hireling at their turn's end: ")
                   + ", ".join(f"{k} {n}" for k, n in f["owed"].items()))
    if f["now"] is not None:
        doing = f"the {f['roller']} roll{'' if f['roller'].endswith('s') else 's'} for" if f["roller"] else "giving away"
        out.append(f"{doing} {hirelings.title(hirelings.NAMES.index(f['now']))}")
    return out


def _hireling_pieces(card: dict, short: bool) -> str:
    """A hireling card's pieces (LoR 16.4.3) for its words: '; warriors 5x2 9, 3 on the card'."""
    if "warriors" not in card:
        return ""
    on = " ".join(f"{c}x{n}" if n > 1 else f"{c}" for c, n in card["warriors"].items()) or "none"
    return f"; warriors {on}, {card['supply']['warriors']} {'left' if short else 'on the card'}"


def hireling_lines(d: dict, st: Style, width: int = 99) -> list[str]:
    """The HIRELINGS line(s) of the board (hireling_words), wrapped to width; [] without them."""
    words = hireling_words(d)
    if not words:
        return []
    return wrap_parts([st.paint("HIRELINGS", "bold")] + words, width)


FULL_HEIGHT = 50        # rows the boxed map needs with the boards, the actions and the prompt
# and a seat more: its line in each of the four rows of boxes (map_lines), its panel (4 or 5 lines
# as a rule, the Vagabond's 5 or 6, the Marquise's 3) and its hand's size under yours
SEAT_ROWS = 10


def full_height(seats: int) -> int:
    """Rows the boxed map usually needs with this many seats (FULL_HEIGHT at two: 90 at six):
    the map, every panel, the status, a hand of about five cards, a page of the actions, what
    happened lately and the prompt. A longer hand takes more; the terminal's screen then draws
    the compact board (terminal/screen.py, boxed_fits)."""
    return FULL_HEIGHT + SEAT_ROWS * (seats - 2)
