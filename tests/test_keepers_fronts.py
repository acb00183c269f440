"""The Keepers in Iron (LoR 15) at every front end: their warriors, waystations (the face up) and relics
on the boxed and compact boards, the relics in the forests (face down: type only, LoR 15.2.1; all
public: docs/hundreds-keepers.md I-C1, I-C8), their panel (waystations, relics in clearings, the Relics
track, the Retinue's columns with the cards used, the Evening draws, supply, this turn), their colour,
their actions' groups, the status line, the setup's owner; the web server's options, its page's code
(the pieces drawn, the panel), its click targets and a game's updates beside and as the Keepers;
`--factions`, `--as`, `--ai`, `rules keepers`, `watch`, `arena`, `match`, the draft.

Every board reads the observation it is given (redaction.observe), never the state."""
from __future__ import annotations

import itertools
import re

import pytest

from duchy_front_positions import played, snapshots
from keepers_front_positions import (KI_KINDS, KI_STEPS, KIND, SIX_BASE, TABLE, TABLES, hand_written_game,
                                     keepers_seat, table_id)
from wyrm_ai import _core
from wyrm_ai.model import factions
from wyrm_ai.model.actions import decode
from wyrm_ai.model.game import Game
from wyrm_ai.model.narration import COLUMN_TITLES, plural
from wyrm_ai.model.notation import RELIC_LETTERS
from wyrm_ai.model.redaction import PUBLIC, REFEREE, observe
from wyrm_ai.model.textboard import board as boxed
from wyrm_ai.model.textboard.boardview import board_text, render_board
from wyrm_ai.model.textboard.compact import clearing_row, screen_parts
from wyrm_ai.model.textboard.style import PALETTES, Style, strip, visible_len
from wyrm_ai.model.textboard.words import GROUPS, group_of, retinue_column
from wyrm_ai.protocol.views import state_view

NCL = _core.NUM_CLEARINGS
KIT = _core.KEEPERS_TABLE
TYPES = _core.RELIC_TYPE_NAMES
FACES = KIT["waystation_faces"]


def panel(text: str) -> str:
    """The Keepers' panel of a boxed board's text, its rows joined flat."""
    return " ".join(text.split("THE KEEPERS", 1)[1].split("\nTHE ", 1)[0].split("\n\n", 1)[0].split())


def panel_rows(text: str) -> list[str]:
    return ("THE KEEPERS" + text.split("THE KEEPERS", 1)[1].split("\nTHE ", 1)[0].split("\n\n", 1)[0]).split("\n")


def cell(d: dict, c: int) -> list[str]:
    """The words of the Keepers' line in clearing c's box (no line: [])."""
    box = boxed._cell(d, c + 1, Style(False))
    line = [x for x in box if "| K " in x]
    return line[0].strip("| ").split()[1:] if line else []


def slots(d: dict, c: int) -> str:
    """The building slots' row of clearing c's box."""
    return boxed._cell(d, c + 1, Style(False))[1].strip("| ")


def relic_words(full: dict, at: int) -> list[str]:
    """The relics at a place as the boards write them: type letter and, face up, value ('t2', 'f')."""
    rs = sorted((r for r in range(len(full["relic_at"])) if full["relic_at"][r] == at),
                key=lambda r: (r // 4, full["relic_value"][r]))
    return [RELIC_LETTERS[r // 4] + (str(full["relic_value"][r]) if full["relic_value"][r] else "") for r in rs]


# ---- the terminal boards -------------------------------------------------------------------------

def test_the_boxed_board_draws_warriors_waystations_and_relics():
    """Each clearing box: `K 3w t2` (Keeper warriors and a relic, face up in a clearing: its type and
    value, LoR 15.5.2.II.a, I-C2), a waystation `[Kt]` in a building slot showing its face up (LoR
    15.2.2, I-3); under the map the relics in the forests, face down by type only (LoR 15.2.1, I-T1)
    and a trophy face up with its value (LoR 15.2.5); the legend says so; the same for every viewer
    (nothing of theirs is hidden); every line fits 99 columns."""
    g = hand_written_game()
    for viewer in (0, 1, 2, PUBLIC, REFEREE):
        d = observe(g.state, viewer)
        text = render_board(d, 99, Style(False))
        assert all(visible_len(line) <= 99 for line in text.split("\n"))
        assert "K Keepers: w, relic t3, [Kf] waystation f up" in text
        assert cell(d, 2) == ["3w", "t2"] and cell(d, 6) == ["2w", "f3"] and cell(d, 0) == []
        assert slots(d, 2).startswith("[Kt]") and slots(d, 6).startswith("[Kj]") and "[K" not in slots(d, 0)
        flat = " ".join(text.split())
        assert "Relics in the forests" in flat and "1_2_5_10 f j;" in flat and "3_6_11 j1" in flat
        assert "1_9_10_12 t;" in flat and "2" not in flat.split("1_9_10_12 ")[1].split(";")[0]


def test_the_boxed_board_follows_seeded_games():
    """At points of a seeded game the boxed board's K line of every clearing says the state's Keeper
    warriors and relics there, its slots one [K.] per waystation with the letter of its face up, and
    the row under the map every forest's relics (LoR 15.2.1-2)."""
    checked = 0
    for g in snapshots(TABLE, seed=1, every=37, limit=1500):
        d = observe(g.state, PUBLIC)
        full = g.state.to_dict()
        for c in range(NCL):
            want = ([f"{full['keepers'][c]}w"] if full["keepers"][c] else []) + relic_words(full, c)
            assert cell(d, c) == want, c
            ups = sorted(RELIC_LETTERS[FACES[w][full["way_face"][w]]] for w in range(3) if full["way_at"][w] == c)
            assert sorted(re.findall(r"\[K(.)\]", slots(d, c))) == ups, c
        text = " ".join(render_board(d, 99, Style(False)).split())
        for f, name in enumerate(_core.MAPS["autumn"]["forest_names"]):
            here = relic_words(full, NCL + f)
            if here:
                assert f"{name} {' '.join(here)}" in text, name
        checked += any(full["relics"]) and any(full["waystations"])
    assert checked >= 3


def test_the_keepers_panel_names_waystations_relics_track_retinue_draws_and_supply():
    """The boxed board's Keepers panel: the Evening draws (one and one per waystation on the map, LoR
    15.6.3: 3), the supply (15 warriors less the 5 on the map, LoR 15.3.2), the waystations with
    their face up and one off the map (LoR 15.2.2), the relics in clearings (face up), the Relics
    track by type (LoR 15.5.2.III), the Retinue's three columns with their cards (LoR 15.5.2: a
    Faithful Retainer in each, I-12); the same for every viewer."""
    g = hand_written_game()
    for viewer in ("keepers", "marquise", PUBLIC):
        text = board_text(g, viewer, 99)
        flat = panel(text)
        assert "Evening draws 3" in flat and "supply: 10 warriors" in flat
        assert "waystations: 3 tablet up, 7 jewelry up (1 off the map)" in flat
        assert "relics in clearings: 3 t2, 7 f3" in flat
        assert "Relics track: figure 1, tablet 1, jewelry 0" in flat
        assert ("Retinue: Move: Retainer, Anvil F | Battle then Delve: Retainer | Move or Recover: Retainer, Sword M"
                in flat)
        assert "This turn" not in flat and "(* used)" not in flat
        assert len(panel_rows(text)) <= 5, panel_rows(text)
    assert "THE KEEPERS (you)" in board_text(g, "keepers", 99)
    assert "THE KEEPERS (AI)" in board_text(g, "marquise", 99)


def test_the_panel_follows_seeded_games():
    """At points of seeded games the panel's numbers are the state's: the Evening draws of the public
    facts (LoR 15.6.3), the supply, the Relics track; the Retinue's cards used this Daylight marked
    `*` (LoR 15.5.2: each card's action once); `This turn:` names Birdsong's stage (LoR 15.4), the
    column acting with its cards left (15.5.2) or Gather Retinue (15.6.2), and shows at no other step."""
    seen = set()
    for seed in (2, 3):
        for g in snapshots(TABLE, seed=seed, every=7, limit=1500):
            d = observe(g.state, PUBLIC)
            if d["turn_number"] == 0:
                continue
            full = g.state.to_dict()
            flat = panel(render_board(d, 99))
            assert f"Evening draws {d['evening_draws'][keepers_seat(g)]}" in flat
            assert f"supply: {plural(full['keeper_supply'], 'warrior')}" in flat
            track = [sum(full["relic_at"][r] == _core.RELIC_AT_RECOVERED for r in range(t * 4, t * 4 + 4))
                     for t in range(3)]
            assert "Relics track: " + ", ".join(f"{TYPES[t]} {n}" for t, n in enumerate(track)) in flat
            assert ("(* used)" in flat) == bool(full["retinue_used"])
            assert flat.count("*") - flat.count("(* used)") == bin(full["retinue_used"]).count("1")
            if g.step == "keepers_daylight" and full["ki_column"] < 3:
                left = sum(1 for i, t in enumerate(full["retinue"]) if t >= 0 and full["retinue_column"][i]
                           == full["ki_column"] and not (full["retinue_used"] >> i) & 1)
                assert (f"This turn: the {COLUMN_TITLES[full['ki_column']]} column acting: {plural(left, 'card')} left"
                        in flat)
                seen.add(f"column {full['ki_column']}")
            elif g.step == "keepers_birdsong":
                assert f"This turn: now {('Encamp', 'Decamp', 'Recruit')[full['ki_stage'] - 4]}" in flat
                seen.add("birdsong")
            elif g.step == "keepers_evening":
                assert "This turn: Gather Retinue (" in flat
                seen.add("evening")
            elif g.step not in ("delve", "recover"):
                assert "This turn:" not in flat, g.step
            seen |= {"used"} if full["retinue_used"] else set()
    assert seen >= {"column 0", "column 2", "birdsong", "evening", "used"}, seen


def test_the_status_line_says_what_is_left_of_the_keepers_turn():
    """LoR 15.4: in Birdsong the status line names the stage (Encamp, Decamp, Recruit); 15.5.2: in
    Daylight the Retinue's column acting and its cards left; 15.6.2-3: in Evening Gather Retinue's
    cards and the draws; 15.2.4: a carry, the relics that may go along (on any turn)."""
    said = set()
    for g in snapshots(TABLE, seed=5, every=3, limit=1200):
        d = observe(g.state, PUBLIC)
        status = " ".join(" ".join(boxed.status_lines(d, Style(False))).split())
        full = g.state.to_dict()
        if g.step == "keepers_daylight" and full["ki_column"] < 3:
            assert f"the {COLUMN_TITLES[full['ki_column']]} column acting: " in status
            said.add("daylight")
        elif g.step == "keepers_birdsong":
            assert f"now {('Encamp', 'Decamp', 'Recruit')[full['ki_stage'] - 4]}" in status
            said.add("birdsong")
        elif g.step == "keepers_evening":
            assert (f"Gather Retinue (" in status and f"of {KIT['retinue']} cards, Evening draws "
                    f"{d['evening_draws'][keepers_seat(g)]}" in status)
            said.add("evening")
        elif g.step == "carry":
            assert f"may go along to clearing {full['carry_to'] + 1}" in status
            said.add("carry")
    assert said >= {"daylight", "birdsong", "evening"}, said


def test_the_compact_board_has_the_keepers_column_slots_and_summary():
    """80 columns and less: a `Keepers` column with `3w t2`, `2w f3`; waystations `K` in the slots
    column; a KEEPERS summary (the draws, the waystations by clearing and face `ways 3t 7j`, the
    forests' relics, the Relics track `track f1 t1 j0`, the Retinue's columns, supply `10w`); every
    row fits the width."""
    g = hand_written_game()
    st = Style(False)
    d = observe(g.state, 0)
    for width in (80, 60):
        text = render_board(d, width, st)
        assert all(visible_len(line) <= width for line in text.split("\n")), width
        flat = " ".join(text.split())
        assert "KEEPERS (AI) 0 VP" in flat and "draws 3" in flat and "ways 3t 7j" in flat
        assert "forests 1_2_5_10 f j, 1_9_10_12 t" in flat and "3_6_11 j1" in flat and "track f1 t1 j0" in flat
        assert "Move: B#retainer, F#anvil" in flat and "Battle/Delve: B#retainer" in flat
        assert "Move/Recover: B#retainer, M#sword" in flat and "supply 10w" in flat
    assert re.search(r"Marquise +Keepers +Wyrm", render_board(d, 80, st))
    for n, want in ((3, "3w t2"), (7, "2w f3")):
        assert f" {want} " in clearing_row(d, n, st) + " ", n
    assert re.match(r" ?3R K K\b", clearing_row(d, 3, st)) and re.match(r" ?7M K K", clearing_row(d, 7, st))
    parts = screen_parts(d, 80, st, boxed.seat_labels(d))
    assert any(tag.startswith("KEEPERS (") for _, _, tag in parts["panels"])


@pytest.mark.parametrize("table", list(TABLES.values()) + [SIX_BASE],
                         ids=[table_id(t) for t in TABLES.values()] + ["CEAVKW"])
def test_three_to_six_seats_fit_every_width_with_the_keepers_on_the_board(table):
    """Three to six seats with the Keepers: at points of seeded games with a waystation and a relic in
    a clearing, the boxed board at 99 columns and the compact one at 80 and 60 keep every row of the
    map and the panels within the width, in colour too, for the Keepers' view and another's."""
    checked = 0
    for seed in range(1, 7):            # (a random game may end early: the next seed goes on)
        for g in snapshots(table, seed=seed, every=61, limit=1000):
            full = g.state.to_dict()
            if not any(full["waystations"]) or not any(full["relics"]):
                continue
            me = keepers_seat(g)
            for viewer in (me, (me + 1) % g.num_seats):
                d = observe(g.state, viewer)
                for width in (99, 80, 60):
                    for colour in (False, True):
                        text = render_board(d, width, Style(colour))
                        assert all(visible_len(line) <= width for line in text.split("\n")), (width, text)
                    assert "KEEPERS" in text
            checked += 1
        if checked >= 3:
            break
    assert checked >= 3


@pytest.mark.parametrize("table", [TABLES[5], TABLES[6], SIX_BASE], ids=[table_id(TABLES[5]), table_id(TABLES[6]), "CEAVKW"])
def test_five_and_six_seat_screens_with_the_keepers_fit(table):
    """`wyrm play`'s screen (tests/test_six_seat_screens.py's pyte terminal) at five and six seats with
    the Keepers: every screen fits 80x24, and `seat FACTION` shows each faction's whole panel, the
    Keepers' too; at full_height(seats) rows and 99 columns every screen fits."""
    pytest.importorskip("pyte")
    from test_six_seat_screens import assert_fits, panel_lines, positions, screens, shows_whole
    rows = boxed.full_height(len(table))
    for seed in (41, 42):
        for g in positions(table, seed, every=31, limit=6):
            assert_fits(screens(g, ["seat next", ""], 99, rows))
    typed = [f"seat {f}" for f in table] + [""]
    for g in positions(table, 11, every=37, limit=4):
        t = screens(g, typed)
        assert_fits(t)
        for j, f in enumerate(table):
            shot, _, d = t.shots[j + 1]
            assert shows_whole(shot, panel_lines(d, table.index(f))), (f, "\n".join(shot))
        assert any(x.startswith("KEEPERS (") for x in panel_lines(t.shots[1][2], keepers_seat(g)))


def test_without_the_keepers_no_board_or_state_names_them():
    g = played(("marquise", "wyrm"), seed=1, limit=200)
    for width in (99, 80):
        text = board_text(g, PUBLIC, width)
        assert "Keepers" not in text and "KEEPERS" not in text and "[K" not in text and "Relics" not in text
    v = state_view(g, "public")
    assert "keepers" not in v and "keepers" not in v["supplies"] and "waystations" not in v["clearings"][0]


def test_the_keepers_have_their_own_colour_in_every_palette():
    for name, theme in PALETTES.items():
        others_ = [theme[f] for f in factions.NAMES if f != "keepers" and f in theme]
        assert "keepers" in theme and theme["keepers"] not in others_, name
    st = Style(True)
    g = hand_written_game()
    colour = render_board(g.observation(1), 99, st)
    assert st.paint("THE KEEPERS", "keepers", "bold") in colour and st.paint("[Kt]", "keepers") in colour
    assert strip(colour) == render_board(g.observation(1), 99, Style(False))


def test_every_keepers_action_has_a_group_in_the_action_list():
    """The terminal's action list heads each Keepers action by what it is (LoR 15): the setup (15.3.3),
    a setup relic (15.3.1), Encamp, Decamp, Recruit (15.4.1-3), the Retinue's columns (15.5.2: the Move
    column's moves apart from Move or Recover's, Battle then Delve's battle and its delve with no
    battle, a recovery), a delve's relic (15.5.2.II.a), another recovery (15.5.2.III.c), a flip's
    value, a carry (15.2.4), a trophy (15.2.5), Gather Retinue's add and shift (15.6.2)."""
    titles = {title for title, _ in GROUPS}
    start = {k: s for k, (s, _) in KIND.items()}
    for kind in KI_KINDS + ("ki_relic", "relic_value", "trophy"):
        assert group_of(start[kind], "keepers_daylight") in titles, kind
    assert group_of(start["ki_setup"] + 2, "keepers_setup") == "Setup"
    assert group_of(start["ki_relic"] + 5, "relic_setup") == "A setup relic, face down in a forest"
    assert group_of(start["encamp"] + 7, "keepers_birdsong") == "Encamp: a waystation for a warrior"
    assert group_of(start["decamp"] + 7, "keepers_birdsong") == "Decamp: a warrior for a waystation"
    assert group_of(start["ki_recruit"] + 30, "keepers_birdsong") == "Recruit at a waystation (spend a card)"
    assert group_of(start["move"] + 60, "keepers_daylight", column=0) == "The Retinue's Move column: move"
    assert group_of(start["move"] + 60, "keepers_daylight", column=2) == "The Retinue's Move or Recover column: move"
    assert group_of(start["battle"] + 6, "keepers_daylight", column=1) == "The Retinue's Battle then Delve column: battle"
    assert group_of(start["delve_at"] + 3, "keepers_daylight") == "The Retinue's Battle then Delve column: delve (no battle)"
    assert group_of(start["recover"] + 3, "keepers_daylight") == "The Retinue's Move or Recover column: recover a relic"
    assert group_of(start["recover"] + 3, "recover") == "Recover: another relic here"
    assert group_of(start["delve"] + 3, "delve") == "Delve: a relic from a forest beside the clearing"
    assert group_of(start["relic_value"] + 1, "relic_value") == "A delved relic's value"
    assert group_of(start["carry"] + 1, "carry") == "Devout Knights: a relic goes along"
    assert group_of(start["trophy"] + 1, "trophy") == "Prized Trophies: a forest for the relic you removed"
    assert group_of(start["retinue_add"] + 4, "keepers_evening") == "Gather Retinue: add a card to a column"
    assert group_of(start["retinue_shift"] + 70, "keepers_evening") == "Gather Retinue: shift one card"
    assert group_of(start["move"] + 60, "marquise_daylight", column=2) == "Move"        # another faction's
    assert group_of(start["pass"], "keepers_evening") == "Pass / end"


def test_the_terminal_lists_the_retinue_columns_moves_apart():
    """`wyrm play`'s list of actions (terminal/input.numbered_actions) at points of seeded games in the
    Keepers' Daylight: a move is under the column acting (LoR 15.5.2.I: Move; III: Move or Recover), a
    battle under Battle then Delve (15.5.2.II), and each move's and battle's words name the card it
    uses (I-C18)."""
    from wyrm_ai.terminal.input import numbered_actions
    met = set()
    for g in snapshots(TABLE, seed=4, every=2, limit=900):
        if g.step != "keepers_daylight":
            continue
        col = g.state.to_dict()["ki_column"]
        assert retinue_column(g.state, g.step) == col
        for c in numbered_actions(g):
            kind = decode(c.action).kind
            if kind == "move":
                assert c.group == ("The Retinue's Move or Recover column: move" if col == 2
                                   else "The Retinue's Move column: move"), (c.group, col)
                assert f"from the {COLUMN_TITLES[col]} column" in c.words, c.words
                met.add(col)
            if kind == "battle":
                assert c.group == "The Retinue's Battle then Delve column: battle" and "Battle then Delve" in c.words
                met.add(1)
    assert {0, 2} <= met, met


def test_every_keepers_step_has_an_owner_on_the_board():
    """The setup steps name the Keepers on the status line (Setup - the Keepers; LoR 15.3)."""
    assert set(KI_STEPS) <= set(_core.STEP_NAMES)
    assert boxed.SETUP_STEPS["keepers_setup"] == factions.KEEPERS
    g = played(("keepers", "alliance", "eyrie", "wyrm"), seed=1, stop=lambda g: g.step == "keepers_setup")
    assert g.step == "keepers_setup"
    assert boxed.turn_words(observe(g.state, PUBLIC)) == "Setup - the Keepers"


def test_protocol_new_seats_the_keepers_and_showboard_draws_them():
    """`new keepers wyrm marquise` seats the Keepers (any turn order); `showboard` names their line in
    the legend and, once they set up, their panel and the relics in the forests (LoR 15.3)."""
    from test_protocol import Harness
    h = Harness(seed=3)
    h.ok("new keepers wyrm marquise 3")
    g = h.session.game
    assert g.factions == TABLE and g.factions[g.first] == "keepers"
    assert any("K Keepers: w, relic t3, [Kf] waystation f up" in line for line in h.ok("showboard"))
    for _ in range(300):
        if g.current_player < 0 and not g.is_chance_node():
            break
        if g.state.to_dict()["turn_number"] > 0:
            break
        h.ok("play " + g.legal_texts()[0])
    board = "\n".join(h.ok("showboard"))
    assert "THE KEEPERS" in board and "Relics in the forests" in board


# ---- the web server ------------------------------------------------------------------------------

starlette = pytest.importorskip("starlette")
# the web server's client, the command line's runner, a temporary folder and the answers typed: the Duchy's
from test_duchy_fronts import ANSWERS, client, in_tmp, run  # noqa: E402,F401  (client, in_tmp: fixtures)


def test_the_web_offers_the_keepers_and_draws_them(client):
    """The new-game form's seats come from /api/options: the Keepers are offered (a player's faction,
    not a bot), thirteen factions in all; the page's script draws their warriors (K chips), waystations
    in the slots by their face up, relics in clearings and forests, and their panel (waystations,
    relics, the Relics track, the Retinue's columns with the cards used, this turn, supply; the Evening
    draws are every panel's),
    reading the state JSON's keepers object defensively; the style sheet colours them."""
    offered = {f["name"]: f for f in client.get("/api/options").json()["factions"]}
    assert offered["keepers"] == {"name": "keepers", "title": "Keepers", "bot": False} and len(offered) == 13
    js = client.get("/static/board.js").text
    assert 'keepers: "K"' in js and "function drawKeepers" in js and "cl.pieces.keepers" in js
    assert "keepersHere" in js and "forestRelics" in js and '"relic"' in js and "z.retinue_used" in js
    for words in ("waystations", "relics in clearings", "relics in forests", "Relics track", "this turn", "supply"):
        assert f'"{words}"' in js, words
    css = client.get("/static/board.css").text
    assert ".f-keepers" in css and ".chip.relic" in css and ".draft-card.f-keepers" in css


def test_web_targets_find_the_keepers_clearings_and_forests():
    """A Keepers action is clicked on the map where it acts (web/targets.py): the setup's clearings, an
    Encamp's and a Decamp's clearing, a Recruit's waystation (card * 12 + clearing), Battle then Delve
    with no battle; a delve at the forest its relic lies in, a recovery at its relic's clearing, a carry
    at the clearing the relic goes to, a trophy at its forest (keepers_place, the state's relics)."""
    from wyrm_ai.web.targets import keepers_clearing, keepers_place, legal_targets
    start = {k: s for k, (s, _) in KIND.items()}
    assert keepers_clearing(start["ki_setup"] + 3) == 4
    assert keepers_clearing(start["encamp"] + (9 * 3 + 1) * 2 + 1) == 10
    assert keepers_clearing(start["decamp"] + 4 * 3 + 2) == 5
    assert keepers_clearing(start["ki_recruit"] + 40 * NCL + 11) == 12
    assert keepers_clearing(start["delve_at"] + 6) == 7
    for kind in ("retinue_add", "retinue_shift", "delve", "move"):
        assert keepers_clearing(start[kind]) is None, kind
    d = hand_written_game().state.to_dict()
    forests = _core.MAPS["autumn"]["forest_names"]
    assert keepers_place(start["delve"] + 1, d, forests) == (None, "1_2_5_10")
    assert keepers_place(start["recover"] + 4, d, forests) == (3, None)
    assert keepers_place(start["trophy"] + 6, d, forests) == (None, "3_6_11")
    met = set()
    for g in snapshots(TABLE, seed=2, every=1, limit=900):
        if g.current_player < 0:
            continue
        for entry, a in zip(legal_targets(g, g.legal_texts()), g.legal_actions()):
            kind = decode(a).kind
            if kind in ("ki_setup", "encamp", "decamp", "ki_recruit", "delve_at"):
                assert entry["at"] == keepers_clearing(a) and 1 <= entry["at"] <= NCL, entry
                met.add(kind)
            if kind in ("delve", "trophy"):
                assert entry["forest"] in forests, entry
                met.add(kind)
            if kind in ("recover", "carry"):
                assert entry["at"] is not None and 1 <= entry["at"] <= NCL, entry
                met.add(kind)
    assert {"encamp", "ki_recruit", "delve", "recover"} <= met, met


def test_a_web_game_beside_the_keepers_holds_their_board(client):
    """A web game seating the person as the Marquise beside AI Keepers: the first update holds the
    Keepers' board (waystations, relics, Retinue, supply) and their flat and faction pieces in every
    clearing."""
    r = client.post("/api/games", json={"factions": list(TABLE), "humans": ["marquise"],
                                        "levels": {"keepers": "easy", "wyrm": "easy"}})
    assert r.status_code == 201, r.text
    game = r.json()
    token = game["players"][0]["token"]
    with client.websocket_connect(f"/api/games/{game['game']}/ws?token={token}") as ws:
        m = ws.receive_json()
        s = m["state"]
        assert m["words"]["titles"]["keepers"] == "Keepers"
        assert set(s["keepers"]) >= {"waystations", "relics", "retinue", "supply"}
        assert len(s["keepers"]["relics"]) == _core.NUM_RELICS and len(s["keepers"]["waystations"]) == 3
        assert all({"keepers", "waystations", "relics"} <= set(c) for c in s["clearings"])


def test_a_web_game_as_the_keepers(client):
    """A web game seating the person as the Keepers beside the Alliance and the Wyrm (their setup a
    choice of corners, then a map-edge clearing beside it, LoR 15.3.3): every update holds their board;
    their own actions with words; their setup's clearings clicked on the map, and more."""
    r = client.post("/api/games", json={"factions": ["keepers", "alliance", "wyrm"], "humans": ["keepers"],
                                        "levels": {"alliance": "easy", "wyrm": "easy"}})
    assert r.status_code == 201, r.text
    game = r.json()
    token = game["players"][0]["token"]
    steps, at = set(), set()
    with client.websocket_connect(f"/api/games/{game['game']}/ws?token={token}") as ws:
        m = ws.receive_json()
        while m["state"]["turn_number"] <= 6 and m["state"]["to_move"] != "over":
            s = m["state"]
            assert m["view"] == "keepers" and s["hands"]["alliance"] is None
            assert set(s["keepers"]) >= {"waystations", "relics", "retinue", "supply"}
            if s["to_move"] == "keepers":
                steps.add(s["step"])
                assert {a["text"] for a in m["actions"]} == set(s["legal"])
                assert all(a["words"] for a in m["actions"])
                if s["step"] == "keepers_setup":
                    assert all(a["at"] is not None for a in m["actions"]), m["actions"]
                at |= {a["at"] is not None for a in m["actions"]}
                ws.send_json({"type": "play", "action": m["actions"][-1]["text"]})
            m = ws.receive_json()
            assert m["type"] == "update", m
    assert {"keepers_setup", "keepers_daylight"} <= steps and True in at, steps


# ---- the command line ----------------------------------------------------------------------------

def test_play_as_the_keepers_with_their_rules_and_panel(in_tmp):
    """`wyrm play --factions marquise,keepers,wyrm --as keepers`: a game with the person in the
    Keepers' seat; `rules` shows their rules (LoR 15); their panel is on screen, their Birdsong and
    Daylight (LoR 15.4-15.5) among the decisions played, the Retinue's columns in the list."""
    r = run("play", "--factions", ",".join(TABLE), "--as", "keepers", "--level", "easy", "--seed", "11",
            "--no-color", "--record", "p.json", input="rules\nrules badgers\n" + ANSWERS[:1600] + "quit\n")
    assert r.exit_code == 0, r.output[-3000:]
    assert r.output.startswith("You are the Keepers")
    assert r.output.count("The Keepers' rules") == 2 and "LoR 15.5.2" in r.output
    assert "THE KEEPERS (you)" in r.output and "The Retinue's Move column: move:" in r.output
    g = Game.load("p.json")
    human, replay, steps = g.seat_of("keepers"), g.start(), set()
    for a in g.record:
        if replay.current_player == human:
            steps.add(replay.step)
        replay.apply(a)
    assert {"keepers_daylight", "keepers_birdsong"} <= steps, steps


def test_play_beside_ai_keepers_and_watch_arena_match(in_tmp):
    """`--ai keepers=heuristic` with the person the Marquise; watch, arena and match seat the Keepers."""
    r = run("play", "--factions", ",".join(TABLE), "--ai", "keepers=heuristic,wyrm=heuristic", "--seed", "2",
            "--no-color", "--record", "m.json", input=ANSWERS[:400] + "quit\n")
    assert r.exit_code == 0, r.output[-3000:]
    assert "THE KEEPERS (AI)" in r.output and "| K " in r.output
    ai = "marquise=heuristic,keepers=heuristic,wyrm=random"
    r = run("watch", "--seed", "3", "--factions", ",".join(TABLE), "--ai", ai, "--no-color", "--every", "50")
    assert r.exit_code == 0, r.output[-3000:]
    assert "KEEPERS (heuristic)" in r.output
    r = run("arena", "--games", "2", "--jobs", "1", "--factions", ",".join(TABLE), "--ai", ai)
    assert r.exit_code == 0, r.output[-3000:]
    r = run("match", "random", "heuristic", "--seat", "keepers", "--factions", ",".join(TABLE), "--games", "2",
            "--jobs", "1", "--seed", "2")
    assert r.exit_code == 0, r.output[-3000:]
    assert "keepers: random (candidate) against heuristic (baseline)" in r.output


# ---- the faction draft (LoR 16.1.8; I-C13) --------------------------------------------------------

def test_the_keepers_card_is_drafted_and_set_up(in_tmp):
    """I-C13 (LoR 16.1.8): the Keepers' card is a militant's in the draft (reach 8): named in
    `--draft`'s help, dealt to the pool when named, and a player who takes it sets them up (four
    warriors in a corner, four in a map-edge clearing beside it, LoR 15.3.3; the relics in the
    forests, 15.3.1; a Faithful Retainer in each Retinue column, 15.3.5) before the first turn."""
    import numpy as np
    from wyrm_ai.ai.players import RandomPlayer
    r = run("play", "--help")
    assert r.exit_code == 0 and "hundreds or keepers" in " ".join(r.output.split())
    assert factions.KEEPERS in _core.DRAFT_TABLE["militant"]
    cards = ("marquise", "keepers", "alliance", "vagabond", "wyrm")
    drafted = 0
    for seed in range(8):
        g = Game(seed % 4, ("draft",) * 4, setup="advanced", draft=cards)
        rng = np.random.default_rng(seed)
        players = {s: RandomPlayer(seed * 7 + s) for s in range(4)}
        while not g.is_terminal() and g.state.to_dict()["turn_number"] == 0:
            g.apply(g.sample_chance(rng) if g.is_chance_node() else players[g.current_player].choose(g))
        d = g.state.to_dict()
        if factions.KEEPERS in d["seat_faction"]:
            drafted += 1
            assert sum(d["keepers"]) == 8 and sorted(n for n in d["keepers"] if n) == [4, 4]
            assert all(at >= NCL for at in d["relic_at"]), d["relic_at"]          # every relic in a forest
            assert sorted(t for t in d["retinue"] if t >= 0) == [_core.RETAINER_CARD] * 3
            assert sorted(d["retinue_column"][:3]) == [0, 1, 2]
    assert drafted >= 2, drafted
