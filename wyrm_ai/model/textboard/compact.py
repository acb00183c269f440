"""The board in 80 columns or fewer: the map as a table of clearings (two tables side by side
when they fit; each clearing's suit, slots and paths are the game's map's), the map's own rules
as they stand (the Lake's Ferry, the Mountain's closed paths and Pass), each faction's board in a
line or two, the status and your hand.

A clearing row reads `12F W R#. 3w 2wd K  2w P Fc  4 7 9 10 11`: number and suit (F fox,
R rabbit, M mouse), who rules it (C, E, W or -), its building slots (S sawmill, W workshop,
R recruiter, E roost, A base, L the Lizard Cult's garden, c the Duchy's citadel, m its market,
H the Hundreds' stronghold, K the Keepers' waystation, # ruin, . free; the Mechanical
Marquise's buildings in lower case, s w r), then a column per seated faction: the Marquise's
warriors, wood and Keep, the Mechanical Marquise's warriors and Keep (K), the Eyrie's warriors,
the Alliance's warriors and sympathy token (sym), the Vagabond's pawn (V; in a forest, his board
says which), the Lizard Cult's warriors, the Riverfolk's warriors and trade post (tp), the Duchy's
warriors and tunnel (T), the Corvids' warriors and plot (p face down, its type hidden; p:b in the
Corvids' own view, b s e r a bomb, snare, extortion or raid; B S E R face up), the Hundreds'
warriors, warlord (W) and mob (m), the Keepers' warriors and relics (f2 a figure of value 2: t a
tablet, j jewelry; the waystations' faces and the forests' relics are in their summary), the Wyrm's
wyrmlings, pawn (P) and fear token (Fs scared, Fc cowed); and the clearings its paths lead to.
With the Duchy at the table a row under the map names the Burrow (their clearing beside the map,
LoR 12.2.2): its warriors and the tunnels it links to."""
from __future__ import annotations

import textwrap

from wyrm_ai.model.textboard.board import (LZ, MM, MT, NCL, map_rules_line, PRIORITY_WORDS, base_words, crafted_cards, neighbours, slots_of,
                                           RF, DC, CV, LH, LHT, hoard_words, hundreds_draws, hundreds_turn_words, strongholds_in, boxes_words, corvid_turn_words, plot_count_words,
                                           KI, forest_relic_words, keepers_draws, keepers_turn_words, relic_track_words, relics_at,
                                           relics_short, retinue_words, waystation_words, waystations_in,
                                           plot_in, plot_map_words, plot_supply_words, plot_word, burrow_words, crown_words, duchy_in,
                                           duchy_revealed_words, duchy_turn_words, minister_words, track_words, crafting_space_words, post_words, price_words,
                                           public_hand_words, service_turn_words,
                                           acolyte_words, garden_words, gardens_in, lost_souls_words, revealed_words,
                                           suit_of, decree_columns, has_base, hand_cards, item_supply_words, score_words,
                                           items_text, leader_words, martial_words,
                                           mm_keep_words, mm_options_words, mm_order_words, mm_track_words,
                                           pawn_place, possessive, quest_words, the_seat, relation_words, roost_words, ruin_stands,
                                           status_lines, supporter_words, sympathy_words, vb_items_words,
                                           vb_place, wrap_parts, GROWTH, hireling_pieces_in, hireling_words,
                                           hirelings_with_pieces)
from wyrm_ai.model.textboard.style import Style, pad, visible_len
from wyrm_ai.model.narration import plural
from wyrm_ai.model.growth_caps import is_default, text as caps_text
from wyrm_ai.model.setups import draft_words, drafting, seat_words
from wyrm_ai import _core
from wyrm_ai.model import corvids_facts, duchy_facts, lizard_facts
from wyrm_ai.model.factions import (ALLIANCE, BOTS, CORVIDS, DUCHY, EYRIE, HUNDREDS, KEEPERS, LETTERS, LIZARDS, MARQUISE, MECHANICAL, NAMES, RIVERFOLK, TITLES,
                                    VAGABOND, VAGABOND2, WYRM, as_vagabond, seat_factions, vagabond_fields)

FEAR_SHORT = {1: "Fs", 2: "Fc"}
SUIT_LETTER = {"fox": "F", "rabbit": "R", "mouse": "M"}


def _marquise(d: dict, c: int, st: Style) -> str:
    cat = [f"{d['warriors'][c]}w"] if d["warriors"][c] else []
    cat += [f"{d['wood'][c]}wd"] if d["wood"][c] else []
    cat += ["K"] if d["keep"] == c else []
    return st.paint(" ".join(cat), "marquise")


def _mechanical(d: dict, c: int, st: Style) -> str:
    bot = [f"{d['mm_warriors'][c]}w"] if d["mm_warriors"][c] else []
    bot += ["K"] if d["mm_keep"] == c else []
    return st.paint(" ".join(bot), MM)


def _eyrie(d: dict, c: int, st: Style) -> str:
    return st.paint(f"{d['birds'][c]}w", "eyrie") if d["birds"][c] else ""


def _alliance(d: dict, c: int, st: Style) -> str:
    parts = ([f"{d['rebels'][c]}w"] if d["rebels"][c] else []) + (["sym"] if d["sympathy"][c] else [])
    return st.paint(" ".join(parts), "alliance")


def _wyrm(d: dict, c: int, st: Style) -> str:
    wyrm = [f"{d['wyrmlings'][c]}w"] if d["wyrmlings"][c] else []
    wyrm += [st.paint("P", "wyrm", "bold")] if d["pawn"] == c else []
    wyrm += [FEAR_SHORT[d["fear"][c]]] if d["fear"][c] else []
    return st.paint(" ".join(wyrm), "wyrm")


def _lizards(d: dict, c: int, st: Style) -> str:
    """The Lizard Cult's warriors (its gardens are in the slots, L)."""
    return st.paint(f"{d['lizards'][c]}w", LZ) if d["lizards"][c] else ""


def _riverfolk(d: dict, c: int, st: Style) -> str:
    """The Riverfolk's warriors and trade post (tp: a token, no building slot; LoR 11.5.6)."""
    parts = ([f"{d['otters'][c]}w"] if d["otters"][c] else []) + (["tp"] if d["trade_posts"][c] else [])
    return st.paint(" ".join(parts), RF)


def _duchy(d: dict, c: int, st: Style) -> str:
    """The Duchy's warriors and tunnel (T: a token, no building slot; LoR 12.2.4); citadels (c) and
    markets (m) stand in the slots."""
    parts = ([f"{d['moles'][c]}w"] if d["moles"][c] else []) + (["T"] if d["tunnels"][c] else [])
    return st.paint(" ".join(parts), DC)


def _corvids(d: dict, c: int, st: Style) -> str:
    """The Corvids' warriors and plot (a token, one a clearing: p face down, p:b the type the viewer
    may see, B face up; board.plot_word)."""
    parts = ([f"{d['corvids'][c]}w"] if d["corvids"][c] else []) + ([plot_word(d, c, short=True)]
                                                                    if plot_in(d, c) else [])
    return st.paint(" ".join(parts), CV)


def _hundreds(d: dict, c: int, st: Style) -> str:
    """The Hundreds' warriors, warlord (W) and mob (m); strongholds are in the slots column (H)."""
    parts = (([f"{d['hundreds'][c]}w"] if d["hundreds"][c] else []) + (["W"] if d["warlord"] == c else [])
             + (["m"] if d["mobs"][c] else []))
    return st.paint(" ".join(parts), LH)


def _keepers(d: dict, c: int, st: Style) -> str:
    """The Keepers' warriors and relics (face up: f2 a figure of value 2, LoR 15.5.2.II.a); their
    waystations are in the slots column (K)."""
    parts = ([f"{d['keepers'][c]}w"] if d["keepers"][c] else []) + ([relics_short(d, c)] if relics_at(d, c) else [])
    return st.paint(" ".join(parts), KI)


def _vagabond(d: dict, c: int, st: Style) -> str:
    return st.paint("V", "vagabond", "bold") if d["vb_at"] == c else ""


def _vagabond2(d: dict, c: int, st: Style) -> str:
    """The second Vagabond's pawn (LoR 9.7): G."""
    return st.paint("G", "vagabond2", "bold") if vagabond_fields(d, VAGABOND2)["vb_at"] == c else ""


# a column of the clearing table per seated faction, in this order: (faction, heading, width, cell)
COLUMNS = ((MARQUISE, "Marquise", 8, _marquise), (MECHANICAL, "Mech", 5, _mechanical), (EYRIE, "Eyrie", 5, _eyrie),
           (ALLIANCE, "Alliance", 8, _alliance), (VAGABOND, "V", 1, _vagabond), (VAGABOND2, "G", 1, _vagabond2),
           (LIZARDS, "Cult", 4, _lizards), (RIVERFOLK, "River", 6, _riverfolk), (DUCHY, "Duchy", 5, _duchy),
           (CORVIDS, "Corvids", 7, _corvids), (HUNDREDS, "Hundreds", 8, _hundreds), (KEEPERS, "Keepers", 7, _keepers),
           (WYRM, "Wyrm", 7, _wyrm))


def _hirelings(d: dict, c: int, st: Style) -> str:
    """The hirelings' pieces (LoR 16.4.3), by their card's type letter: 'C3w J1w'."""
    return st.paint(hireling_pieces_in(d, c), "bold")


# the hirelings' column (no faction's: its key None, its narrow heading h), in a game with hireling pieces
HIRELING_COLUMN = (None, "Hirelings", 9, _hirelings)


def columns(d: dict):
    table = seat_factions(d)
    return [col for col in COLUMNS if col[0] in table] + ([HIRELING_COLUMN] if hirelings_with_pieces(d) else [])


def header(d: dict, cols=None) -> str:
    """'cl  R bld Marquise Wyrm    to': the clearing table's heading for the factions seated
    (cols: the (faction, heading, width, cell) of each column, default COLUMNS')."""
    cols = columns(d) if cols is None else cols
    return "cl  R bld " + " ".join(f"{name:<{w}}" for _, name, w, _ in cols) + " to"


def narrow_columns(d: dict, st: Style, clearings=range(NCL)):
    """The columns headed by the factions' letters (C E A W ...), each as wide as its widest cell
    in those clearings: the clearing table that fits two halves in 80 columns at three seats and
    more."""
    out = []
    for faction, _, _, cell in columns(d):
        w = max([1] + [visible_len(cell(d, c, st)) for c in clearings])
        out.append((faction, "h" if faction is None else LETTERS[faction], w, cell))
    return out


def clearing_row(d: dict, n: int, st: Style, cols=None, paths: bool = True) -> str:
    c = n - 1
    suit = suit_of(d, c)
    rule = d["rulers"][c]
    ruler = seat_factions(d)[rule] if rule >= 0 else None
    who = st.paint(LETTERS[ruler], NAMES[ruler]) if rule >= 0 else "-"
    slots = "".join(st.paint(letter, "marquise") for t, letter in enumerate("SWR")
                    for _ in range(d["buildings"][t][c]))
    slots += "".join(st.paint(letter, MM) for t, letter in enumerate("swr") for _ in range(d["mm_buildings"][t][c]))
    slots += st.paint("E", "eyrie") * d["roosts"][c]
    slots += st.paint("A", "alliance") * has_base(d, c)
    slots += st.paint("L", LZ) * gardens_in(d, c)
    slots += "".join(st.paint(letter, DC) for kind, letter in zip(duchy_facts.BUILDINGS, "cm")
                     for _ in range(duchy_in(d, c, kind)))
    slots += st.paint("H", LH) * strongholds_in(d, c)
    slots += st.paint("K", KI) * len(waystations_in(d, c))
    slots += "#" * ruin_stands(d, c)
    slots += "." * (slots_of(d, c) - visible_len(slots))
    cols = columns(d) if cols is None else cols
    left = f"{n:>2}{st.paint(SUIT_LETTER[suit], suit)} {who} {pad(slots, 3)} " + " ".join(
        pad(cell(d, c, st), w, cut=False) for _, _, w, cell in cols)
    if not paths:
        return left.rstrip()
    return pad(left, 9 + sum(w + 1 for _, _, w, _ in cols), cut=False) + " " + " ".join(str(a) for a in neighbours(d, n))


def _halves(d: dict, width: int, st: Style, cols, right_cols=None, paths: bool = True) -> list[str] | None:
    """The clearings in two tables of six side by side (1-6 beside 7-12; right_cols: the right
    table's own columns), or None when wider than width."""
    half = NCL // 2
    right_cols = cols if right_cols is None else right_cols
    rows = ([clearing_row(d, n, st, cols, paths) for n in range(1, half + 1)]
            + [clearing_row(d, n, st, right_cols, paths) for n in range(half + 1, NCL + 1)])
    heads = [st.paint(header(d, c) if paths else header(d, c)[:-3].rstrip(), "dim") for c in (cols, right_cols)]
    col = max(visible_len(r) for r in rows[:half] + heads[:1])
    if col + 1 + max(visible_len(r) for r in rows[half:] + heads[1:]) > width:
        return None
    return [pad(heads[0], col) + " " + heads[1]] + [pad(a, col) + " " + b for a, b in zip(rows[:half], rows[half:])]


def map_table(d: dict, width: int, st: Style, short: bool = False) -> list[str]:
    """The clearings in number order: two tables of six side by side when width allows; short
    (a screen with few rows, issue 28): else the columns headed by letters, each no wider than
    its cells in its table, and last without the paths, when that keeps the two tables (7 rows
    instead of 13); else one table."""
    two = _halves(d, width, st, columns(d))
    if not two and short:
        half = NCL // 2
        left, right = narrow_columns(d, st, range(half)), narrow_columns(d, st, range(half, NCL))
        two = _halves(d, width, st, left, right) or _halves(d, width, st, left, right, paths=False)
    if two:
        return two
    rows = [st.paint(header(d), "dim")] + [clearing_row(d, n, st) for n in range(1, NCL + 1)]
    if max(visible_len(r) for r in rows) <= width:
        return rows
    # five or six seats on a narrow screen: the columns headed by letters, as wide as their cells,
    # and last without the paths (each clearing's box on the boxed board names them)
    cols = narrow_columns(d, st)
    for paths in (True, False):
        head = header(d, cols) if paths else header(d, cols)[:-3].rstrip()
        rows = [st.paint(head, "dim")] + [clearing_row(d, n, st, cols, paths) for n in range(1, NCL + 1)]
        if max(visible_len(r) for r in rows) <= width:
            break
    return rows


def faction_head(d: dict, st: Style, who: str, seat: int, faction: str) -> str:
    """A faction's summary head: its name in its colour, who plays it, its score."""
    return (st.paint(faction.replace("-", " ").upper(), faction, "bold") + (f" ({who})" if who else "")
            + f" {score_words(d, seat)}")


def owned_parts(d: dict, seat: int, items: bool) -> list[str]:
    """What a seat owns beside its board: its Crafted Items box (items=False where the panel
    shows it otherwise: the Wyrm's Lair; the Vagabond has none) and its crafted cards."""
    parts = []
    if items and sum(d["items"][seat]):
        parts.append(f"items: {items_text(d['items'][seat])}")
    if crafted_cards(d, seat):
        parts.append("crafted: " + crafted_cards(d, seat))
    return parts


def wyrm_parts(d: dict, st: Style, who: str, seat: int) -> list[str]:
    lim = d["wyrm_limits"]
    head = faction_head(d, st, who, seat, "wyrm")
    if d["pawn"] < 0:
        return [head, f"hand {d['hand_size'][seat]}", "not placed yet"]
    lair = d["items"][seat]
    parts = [head, f"hand {d['hand_size'][seat]}", f"pawn: {pawn_place(d)}",
             f"Bite {lim['battles']} Height {lim['moves']} Might {lim['might']}",
             f"Growth {d['growth_on_track']}/{GROWTH}" + ("" if is_default(d["growth_caps"]) else
                                                          f" (caps {caps_text(d['growth_caps'])})"),
             f"Lair (scores up to {d['lair_cap']} VP): {items_text(lair)}",
             f"supply {d['wyrmling_supply']}w {d['fear_supply']} fear {d['treasure_supply']} treasure"]
    return parts + owned_parts(d, seat, items=False)


def eyrie_parts(d: dict, st: Style, who: str, seat: int) -> list[str]:
    head = faction_head(d, st, who, seat, "eyrie")
    parts = [head, f"hand {d['hand_size'][seat]}", leader_words(d),
             "Decree " + " ".join(f"{letter}:{''.join(cards) or '-'}" for letter, (_, cards)
                                  in zip(_core.DECREE_LETTERS, decree_columns(d, tokens=False))),
             roost_words(d, short=True), f"supply {d['bird_supply']}w {d['roost_supply']} roosts"]
    return parts + owned_parts(d, seat, items=True)


def alliance_parts(d: dict, st: Style, who: str, seat: int) -> list[str]:
    head = faction_head(d, st, who, seat, "alliance")
    parts = [head, f"hand {d['hand_size'][seat]}", f"officers {d['officers']}", sympathy_words(d, short=True),
             base_words(d), supporter_words(d, seat, tokens=True), martial_words(d),
             f"supply {d['rebel_supply']}w"]
    return parts + owned_parts(d, seat, items=True)


def vagabond_parts(d: dict, st: Style, who: str, seat: int) -> list[str]:
    """The Vagabond's summary, or the second Vagabond's (LoR 9.7: SECOND VAGABOND, his own fields)."""
    faction = seat_factions(d)[seat]
    d = as_vagabond(d, faction)
    head = (st.paint(TITLES[faction].upper(), NAMES[faction], "bold") + (f" ({who})" if who else "")
            + f" {score_words(d, seat)}")
    char = _core.CHARACTER_NAMES[d["vb_char"]].capitalize() if d["vb_char"] >= 0 else "no character yet"
    fact = d["vagabond"]
    track, satchel, damaged = vb_items_words(d)
    parts = [head, f"hand {d['hand_size'][seat]}", char, f"pawn: {vb_place(d)}", f"tracks {track}",
             f"items {fact['item_load']}/{fact['item_limit']}", f"Refresh {fact['refresh']}",
             f"Satchel (* exhausted): {satchel}", f"Damaged: {damaged}", relation_words(d, seat),
             quest_words(d, short=True)]
    return parts + owned_parts(d, seat, items=False)


def lizards_parts(d: dict, st: Style, who: str, seat: int) -> list[str]:
    """The Lizard Cult's summary: the Outcast and its side, gardens per suit with the Score value
    and draw bonus, the Evening draw, acolytes, the cards revealed this Daylight, the suits scored
    this turn, the Lost Souls pile by suit, supply."""
    head = (st.paint("LIZARD CULT", LZ, "bold") + (f" ({who})" if who else "") + f" {score_words(d, seat)}")
    suit = lizard_facts.outcast_suit(d)
    outcast = f"Outcast {suit}" + (" (Hated)" if d["hated"] else "") if suit else "Outcast: not chosen yet"
    parts = [head, f"hand {d['hand_size'][seat]}", outcast,
             "gardens " + " ".join(garden_words(d, short=True)), f"draws {d['evening_draws'][seat]}",
             acolyte_words(d, short=True)]
    if revealed_words(d):
        parts.append(f"revealed {revealed_words(d)}")
    scored = lizard_facts.scored_suits(d)
    if scored:
        parts.append(f"scored {' '.join(scored)}")
    parts += [lost_souls_words(d, short=True), f"supply {d['lizard_supply']}w"]
    return parts + owned_parts(d, seat, items=True)


def riverfolk_parts(d: dict, st: Style, who: str, seat: int) -> list[str]:
    """The Riverfolk's summary: the prices, the Payments, Funds and Committed boxes by owner's
    letter (with the Dividends the Funds would score now), posts per suit placed/left/lost, the
    crafting spaces free, the public hand, this turn's services, supply."""
    head = st.paint("RIVERFOLK", RF, "bold") + (f" ({who})" if who else "") + f" {score_words(d, seat)}"
    parts = [head, f"hand {d['hand_size'][seat]}", price_words(d, short=True)] + boxes_words(d, short=True)
    parts += ["posts " + " ".join(post_words(d, short=True)) + " (placed/left/lost)", crafting_space_words(d, short=True),
              f"public hand: {public_hand_words(d)}"]
    if service_turn_words(d, short=True):
        parts.append(service_turn_words(d, short=True))
    parts.append(f"supply {d['otter_supply']}w {sum(d['posts_left'])} posts")
    return parts + owned_parts(d, seat, items=True)


def duchy_parts(d: dict, st: Style, who: str, seat: int) -> list[str]:
    """The Duchy's summary: the Burrow and its tunnels, the ministers swayed (* used this turn), the
    crowns on the board and lost, the citadels and markets with their recruits and draws, the cards
    revealed, this turn's Assembly and Parliament, supply."""
    head = st.paint("DUCHY", DC, "bold") + (f" ({who})" if who else "") + f" {score_words(d, seat)}"
    parts = [head, f"hand {d['hand_size'][seat]}", burrow_words(d, short=True)] + minister_words(d, short=True)
    parts += [crown_words(d, short=True)] + track_words(d, short=True) + [f"revealed {duchy_revealed_words(d)}"]
    if duchy_turn_words(d, short=True):
        parts.append(duchy_turn_words(d, short=True))
    sup = duchy_facts.supply(d)
    parts.append(f"supply {sup['warriors']}w {sup['tunnels']} tunnels")
    return parts + owned_parts(d, seat, items=True)


def corvids_parts(d: dict, st: Style, who: str, seat: int) -> list[str]:
    """The Corvids' summary: the plots on the map (face up by type, face down as plots: the type in
    their own view only) and what a flip scores, the Evening draws, this turn's actions left, plots
    placed and Exert, supply (the plots by type in their own view, their number for others)."""
    head = st.paint("CORVIDS", CV, "bold") + (f" ({who})" if who else "") + f" {score_words(d, seat)}"
    parts = [head, f"hand {d['hand_size'][seat]}", plot_count_words(d, short=True), plot_map_words(d),
             f"draws {corvids_facts.draws(d)}"]
    if corvid_turn_words(d, short=True):
        parts.append(corvid_turn_words(d, short=True))
    parts.append(f"supply {corvids_facts.supply(d)['warriors']}w {plot_supply_words(d, short=True)}")
    return parts + owned_parts(d, seat, items=True)


def hundreds_parts(d: dict, st: Style, who: str, seat: int) -> list[str]:
    """The Hundreds' summary: mood, warlord, the Evening draws, the Hoard with Command and Prowess,
    this Daylight's Command actions or Advances left, supply."""
    head = st.paint("HUNDREDS", LH, "bold") + (f" ({who})" if who else "") + f" {score_words(d, seat)}"
    warlord = f"warlord {d['warlord'] + 1}" if d["warlord"] >= 0 else "warlord off"
    parts = [head, f"hand {d['hand_size'][seat]}", f"mood {_core.MOOD_NAMES[d['mood']]}", warlord,
             f"draws {hundreds_draws(d)}", hoard_words(d, short=True)]
    if hundreds_turn_words(d, short=True):
        parts.append(hundreds_turn_words(d, short=True))
    parts.append(f"supply {d['hundred_supply']}w {LHT['strongholds'] - sum(d['strongholds'])}b {d['mob_supply']}m")
    return parts + owned_parts(d, seat, items=True)


def keepers_parts(d: dict, st: Style, who: str, seat: int) -> list[str]:
    """The Keepers' summary: the Evening draws, the waystations with their face up, the relics in
    the forests (face down: type only) and on the Relics track, the Retinue's columns (used cards
    marked *), this turn's stage or column, supply."""
    head = st.paint("KEEPERS", KI, "bold") + (f" ({who})" if who else "") + f" {score_words(d, seat)}"
    parts = [head, f"hand {d['hand_size'][seat]}", f"draws {keepers_draws(d)}", waystation_words(d, short=True),
             "forests " + (forest_relic_words(d, short=True) or "-"), relic_track_words(d, short=True)]
    parts += retinue_words(d, short=True)
    if keepers_turn_words(d, short=True):
        parts.append(keepers_turn_words(d, short=True))
    parts.append(f"supply {d['keeper_supply']}w")
    return parts + owned_parts(d, seat, items=True)


def burrow_rows(d: dict, width: int, st: Style) -> list[str]:
    """The Burrow under the map table, where the Duchy sit (LoR 12.2.2: their clearing beside the
    map, linked to each tunnel's clearing): 'Burrow (the Duchy's, beside the map): 6w; tunnels to 4 8'."""
    if DUCHY not in seat_factions(d):
        return []
    links = " ".join(str(c) for c in duchy_facts.tunnels(d)) or "none"
    text = f"Burrow (the Duchy's, beside the map): {duchy_facts.burrow(d)}w; tunnels to {links}"
    return [st.paint(x, DC) for x in textwrap.wrap(text, width)]


def marquise_parts(d: dict, st: Style, who: str, seat: int) -> list[str]:
    head = faction_head(d, st, who, seat, "marquise")
    parts = [head, f"hand {d['hand_size'][seat]}"]
    for t, name in enumerate(_core.BUILDING_NAMES):
        placed, cost = sum(d["buildings"][t]), d["next_building"][t]
        nxt = f" next {cost[0]}wd +{cost[1]}" if cost else ""
        parts.append(f"{name}s {placed}/{MT['buildings_per_type']}{nxt}")
    parts.append(f"supply {d['warrior_supply']}w {d['wood_supply']}wd")
    return parts + owned_parts(d, seat, items=True)


def mechanical_parts(d: dict, st: Style, who: str, seat: int) -> list[str]:
    """The Mechanical Marquise's summary: no hand (MM2 §2.2); options, order, tracks with their
    Evening VP, supply, Keep, the priority markers."""
    head = faction_head(d, st, who, seat, MM)
    parts = [head, mm_options_words(d), mm_order_words(d, tokens=False)] + mm_track_words(d)
    parts += [f"supply {d['mm_warrior_supply']}w", f"Keep: {mm_keep_words(d)}", PRIORITY_WORDS]
    return parts + owned_parts(d, seat, items=True)


def hand_row(d: dict, width: int, sizes: bool = True, more: tuple[str, ...] = ()) -> list[str]:
    """'your hand: ...', each other hand's size (sizes=False: not, the panels say it) and the cards
    the viewer knows to be in it (Codebreakers, Stand and Deliver!), said as the viewer's; then
    the parts in more."""
    seat, table = d.get("seat"), seat_factions(d)
    if seat not in range(len(table)) or d["hand"][seat] is None:
        return []
    parts = [f"your hand: {hand_cards(d['hand'][seat], tokens=True) or 'empty'}"]
    for other, f in enumerate(table):
        if other != seat and f not in BOTS:          # a bot has no hand (MM2 §2.2)
            known = d["known"][seat][other]
            knows = f"you know {possessive(the_seat(table, other)[0].lower() + the_seat(table, other)[1:])} hand holds {hand_cards(known, tokens=True)}" \
                if known and sum(known) else ""
            if sizes:
                parts.append(f"{the_seat(table, other).removeprefix('The ')}: {plural(d['hand_size'][other], 'card')}"
                             + (f" ({knows})" if knows else ""))
            elif knows:
                parts.append(knows)
    return wrap_parts(parts + list(more), width)


# the faction boards the compact screen draws, in screen order, and how it draws each
FACTION_PARTS = ((MARQUISE, marquise_parts), (MECHANICAL, mechanical_parts), (EYRIE, eyrie_parts),
                 (ALLIANCE, alliance_parts), (VAGABOND, vagabond_parts), (VAGABOND2, vagabond_parts),
                 (LIZARDS, lizards_parts), (RIVERFOLK, riverfolk_parts), (DUCHY, duchy_parts), (CORVIDS, corvids_parts),
                 (HUNDREDS, hundreds_parts), (KEEPERS, keepers_parts), (WYRM, wyrm_parts))


def panels(d: dict, width: int, st: Style, labels: tuple[str, ...]) -> list[tuple[int, list[str], str]]:
    """(seat, its panel's lines, its tag: the head and the hand, 'EYRIE (AI) 5 VP, hand 3') of
    each seated faction, in screen order; then, in a game with hirelings, their panel (seat
    HIRELINGS_PANEL)."""
    table, out = seat_factions(d), []
    if drafting(d):       # the draft under way (LoR 16.1.8): its pool, then a line a seat (board.draft_lines)
        pool = wrap_parts(draft_words(d), width)
        return [(s, (pool if s == 0 else []) + wrap_parts([seat_words(d, s, labels[s])], width), seat_words(d, s, labels[s]))
                for s in range(len(table))]
    for faction, parts in FACTION_PARTS:
        if faction in table:
            seat = table.index(faction)
            words = parts(d, st, labels[seat], seat)
            out.append((seat, wrap_parts(words, width), ", ".join(words[:2])))
    hired = hireling_words(d, short=True)
    if hired:            # the hirelings (LoR 16.4): a panel of no seat (-1), shrunk to its first line when short of room
        words = [st.paint("HIRELINGS", "bold")] + hired
        out.append((HIRELINGS_PANEL, wrap_parts(words, width), ", ".join(words[:2])))
    return out


HIRELINGS_PANEL = -1     # the hirelings' panel among panels(): no seat's


def map_rules_rows(d: dict, width: int, st: Style) -> list[str]:
    """The map's own rules as they stand (board.map_rules_line: the Lake's Ferry, the Mountain's
    closed paths and the Pass), wrapped to width; none on Autumn and Winter."""
    return [st.paint(x, "dim") for x in textwrap.wrap(map_rules_line(d), width)]


def compact_board(d: dict, width: int, st: Style, labels: tuple[str, ...]) -> list[str]:
    """The board in at most width columns (at least 40): status, map table, the map's own rules,
    boards, hand. labels names each seat's player."""
    rows = status_lines(d, st, width)
    rows += map_table(d, width, st) + burrow_rows(d, width, st) + map_rules_rows(d, width, st)
    for _, lines, _ in panels(d, width, st, labels):
        rows += lines
    return rows + hand_row(d, width)


def screen_parts(d: dict, width: int, st: Style, labels: tuple[str, ...]) -> dict:
    """The compact board in the parts the redrawn screen fits to its rows (terminal/screen.py):
    `top` the status and the map (its two tables of six when they fit in width: map_table
    short), `panels` (seat, its lines, its tag) of each faction (panels), `hand` your hand (the
    other hands' sizes are in their panels) and the item supply."""
    top = (status_lines(d, st, width) + map_table(d, width, st, short=True) + burrow_rows(d, width, st)
           + map_rules_rows(d, width, st))
    boards = panels(d, width, st, labels)
    supply = item_supply_words(d)
    hand = hand_row(d, width, sizes=False, more=(supply,) if supply else ())
    return {"top": top, "panels": boards, "hand": hand}
