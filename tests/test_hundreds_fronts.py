"""The Lord of the Hundreds (LoR 14) at every front end: their warriors, the warlord, strongholds and
mobs on the boxed and compact boards (all public: LoR 14 hides nothing new, docs/hundreds-keepers.md
§5), their panel (the mood, the warlord, the Evening draws, the Hoard by track with the Command and
Prowess it gives, this Daylight's Command actions or Advances left, the supply), their colour, their
actions' groups, the status line, the setup's owner; the web server's options, its page's code (the
pieces drawn, the panel), its click targets and a game's updates beside and as the Hundreds;
`--factions`, `--as`, `--ai`, `rules hundreds`, `watch`, `arena`, `match`.

Every board reads the observation it is given (redaction.observe), never the state."""
from __future__ import annotations

import itertools
import re

import pytest

from duchy_front_positions import played, snapshots
from hundreds_front_positions import (KIND, LH_KINDS, LH_STEPS, MOODS, SIX_BASE, TABLE, TABLES, hand_written_game,
                                      hundreds_seat, table_id)
from wyrm_ai import _core
from wyrm_ai.model import factions
from wyrm_ai.model.actions import decode
from wyrm_ai.model.game import Game
from wyrm_ai.model.narration import plural
from wyrm_ai.model.redaction import PUBLIC, REFEREE, observe
from wyrm_ai.model.textboard import board as boxed
from wyrm_ai.model.textboard.boardview import board_text, render_board
from wyrm_ai.model.textboard.compact import clearing_row, screen_parts
from wyrm_ai.model.textboard.style import PALETTES, Style, strip, visible_len
from wyrm_ai.model.textboard.words import GROUPS, advancing, group_of
from wyrm_ai.protocol.views import state_view

NCL = _core.NUM_CLEARINGS
LHT = _core.HUNDREDS_TABLE
STEP = {name: i for i, name in enumerate(_core.STEP_NAMES)}


def panel(text: str) -> str:
    """The Hundreds' panel of a boxed board's text, its rows joined flat."""
    return " ".join(text.split("THE HUNDREDS", 1)[1].split("\nTHE ", 1)[0].split("\n\n", 1)[0].split())


def panel_rows(text: str) -> list[str]:
    return ("THE HUNDREDS" + text.split("THE HUNDREDS", 1)[1].split("\nTHE ", 1)[0].split("\n\n", 1)[0]).split("\n")


def cell(d: dict, c: int) -> list[str]:
    """The words of the Hundreds' line in clearing c's box (no line: [])."""
    box = boxed._cell(d, c + 1, Style(False))
    line = [x for x in box if "| H " in x]
    return line[0].strip("| ").split()[1:] if line else []


def slots(d: dict, c: int) -> str:
    """The building slots' row of clearing c's box."""
    return boxed._cell(d, c + 1, Style(False))[1].strip("| ")


def level(n: int) -> int:
    """Command or Prowess of n items on a track (LoR 14.2.4.II: 0 -> 1, 1-2 -> 2, 3 -> 3, 4 -> 4)."""
    return (1, 2, 2, 3, 4)[min(n, 4)]


def track_items(d: dict, track: int) -> int:
    return sum(n for n, t in zip(d["hoard"], LHT["hoard_track"]) if t == track)


# ---- the terminal boards -------------------------------------------------------------------------

def test_the_boxed_board_draws_the_warlord_warriors_strongholds_and_mobs():
    """Each clearing box (LoR 14.2.1-2, 14.4.1): `H 3w WARLORD` (warriors and the warlord, a warrior
    of its own), `H 2w mob`, `H mob` (a mob alone), a stronghold `[H]` in a building slot; the legend
    says so; the same for every viewer (nothing of theirs is hidden); every line fits 99 columns."""
    g = hand_written_game()
    for viewer in (0, 1, 2, PUBLIC, REFEREE):
        d = observe(g.state, viewer)
        text = render_board(d, 99, Style(False))
        assert all(visible_len(line) <= 99 for line in text.split("\n"))
        assert "H Hundreds: w, WARLORD, mob, [H] stronghold" in text
        assert cell(d, 2) == ["3w", "WARLORD"] and cell(d, 6) == ["2w", "mob"] and cell(d, 10) == ["mob"]
        assert cell(d, 3) == ["1w"] and cell(d, 0) == []
        assert slots(d, 2).startswith("[H]") and slots(d, 3).startswith("[H]") and "[H]" not in slots(d, 6)
        assert text.count("WARLORD") == 2 and "| H 3w WARLORD" in text          # the legend's and clearing 3's


def test_the_boxed_board_follows_seeded_games():
    """At points of a seeded game the boxed board's H line of every clearing says the state's
    warriors, warlord and mob there, and its slots as many [H] as strongholds (LoR 14.2.2: one
    warlord, in one clearing or off the map)."""
    checked = 0
    for g in snapshots(TABLE, seed=1, every=37, limit=1500):
        d = observe(g.state, PUBLIC)
        full = g.state.to_dict()
        for c in range(NCL):
            want = ([f"{full['hundreds'][c]}w"] if full["hundreds"][c] else []) + (
                ["WARLORD"] if full["warlord"] == c else []) + (["mob"] if full["mobs"][c] else [])
            assert cell(d, c) == want, c
            assert slots(d, c).count("[H]") == full["strongholds"][c], c
        checked += full["warlord"] >= 0 and any(full["mobs"])
    assert checked >= 3


def test_the_hundreds_panel_names_mood_warlord_hoard_draws_and_supply():
    """The boxed board's Hundreds panel: the mood in force (LoR 14.7), the warlord's clearing, the
    Evening draws (LoR 14.6.3), the Hoard by track with Command and Prowess (LoR 14.2.4: boots on
    Command, swords on Prowess; one item 2, two items 2), the supply (20 warriors, 6 strongholds,
    5 mobs less those on the map: LoR 14.3.1, H-8); two rows off their turn."""
    g = hand_written_game()
    for viewer in ("hundreds", "marquise", PUBLIC):
        text = board_text(g, viewer, 99)
        flat = panel(text)
        assert "mood Wrathful" in flat and "warlord: clearing 3" in flat and "Evening draws 1" in flat
        assert "Hoard: Command 2 (boots) | Prowess 2 (sword, sword)" in flat
        assert "supply: 14 warriors, 4 strongholds, 3 mobs" in flat and "This turn" not in flat
        assert len(panel_rows(text)) == 2, panel_rows(text)
    assert "THE HUNDREDS (you)" in board_text(g, "hundreds", 99)
    assert "THE HUNDREDS (AI)" in board_text(g, "marquise", 99)


def test_the_warlord_off_the_map_is_said_so():
    """LoR 14.2.2, 14.4.3: a warlord removed in battle is off the map until the next Anoint; the boards
    say so and draw no WARLORD."""
    from positions import modify

    def off(d):
        d["warlord"] = -1
    g = modify(hand_written_game(), off)
    text = board_text(g, PUBLIC, 99)
    assert "warlord: off the map (Anoint)" in panel(text) and text.count("WARLORD") == 1       # the legend's
    compact = board_text(g, PUBLIC, 80)
    assert "warlord off" in compact and " W " not in clearing_row(observe(g.state, PUBLIC), 3, Style(False)) + " "


def test_the_panel_follows_seeded_games():
    """At points of seeded games the panel's numbers are the state's: the mood, the Hoard's Command
    and Prowess (LoR 14.2.4.II, H-6 and trap H-T1: 0 -> 1, 1-2 -> 2, 3 -> 3, 4 -> 4 items), the
    Evening draws of the public facts (Rowdy's more, LoR 14.7.6), the supply; `This turn:` names the
    block of their Daylight under way (LoR 14.5.2-3: Command actions or Advances left) and shows at
    no other step."""
    seen = set()
    for seed in (2, 3):
        for g in snapshots(TABLE, seed=seed, every=11, limit=1500):
            d = observe(g.state, PUBLIC)
            if d["turn_number"] == 0:
                continue
            full = g.state.to_dict()
            flat = panel(render_board(d, 99))
            mood = MOODS[full["mood"]]
            assert f"mood {mood.capitalize()}" in flat
            c, p = level(track_items(full, 0)), level(track_items(full, 1))
            assert f"Hoard: Command {c} (" in flat and f"| Prowess {p} (" in flat
            draws = d["evening_draws"][hundreds_seat(g)]
            assert f"Evening draws {draws}" in flat
            seen |= {"rowdy"} if draws > 1 else set()
            supply = (f"supply: {plural(full['hundred_supply'], 'warrior')}, "
                      f"{plural(6 - sum(full['strongholds']), 'stronghold')}, {plural(full['mob_supply'], 'mob')}")
            assert supply in flat
            if g.step == "hundreds_daylight":
                if full["lh_block"] == 1:
                    assert f"This turn: Advance the Warlord: {plural(full['advance_left'], 'Advance')} left" in flat
                    seen.add("advance")
                else:
                    assert f"This turn: Command the Hundreds: {plural(full['command_left'], 'action')} left" in flat
                    seen.add("command")
            else:
                assert "This turn:" not in flat
            seen |= {"hoard"} if any(full["hoard"]) else set()
    assert seen >= {"advance", "command", "hoard"}, seen


def test_the_status_line_says_what_is_left_of_the_hundreds_turn():
    """LoR 14.5.2-3: in the Hundreds' Daylight the status line says the Command actions (Command the
    Hundreds) or the Advances (Advance the Warlord) left; LoR 14.4.4: at Choose Mood the mood that
    must change; LoR 14.6: in Evening the mobs left to Incite and the draws."""
    said = set()
    for g in snapshots(TABLE, seed=5, every=3, limit=1200):
        d = observe(g.state, PUBLIC)
        status = " ".join(" ".join(boxed.status_lines(d, Style(False))).split())
        full = g.state.to_dict()
        if g.step == "hundreds_daylight":
            if full["lh_block"] == 1:
                assert f"Advance the Warlord: {plural(full['advance_left'], 'Advance')} left" in status
                said.add("advance")
            else:
                assert f"Command the Hundreds: {plural(full['command_left'], 'action')} left" in status
                said.add("command")
        elif g.step == "hundreds_evening":
            assert f"{plural(full['mob_supply'], 'mob')} to Incite, Evening draws " in status
            said.add("evening")
        elif g.step == "hundreds_birdsong" and full["lh_stage"] == 3:
            assert f"the mood now {MOODS[full['mood']].capitalize()}" in status
            said.add("mood")
    assert said >= {"advance", "command", "evening", "mood"}, said


def test_the_compact_board_has_the_hundreds_column_slots_and_summary():
    """80 columns and less: a `Hundreds` column with `3w W` (the warlord), `2w m` (a mob), `m`;
    strongholds `H` in the slots column; a HUNDREDS summary (mood, warlord, draws, the Hoard
    `C2 boots P2 sword,sword`, supply `14w 4b 3m`); every row fits the width."""
    g = hand_written_game()
    st = Style(False)
    d = observe(g.state, 0)
    for width in (80, 60):
        text = render_board(d, width, st)
        assert all(visible_len(line) <= width for line in text.split("\n")), width
        flat = " ".join(text.split())
        assert "HUNDREDS (AI) 0 VP" in flat and "mood wrathful" in flat and "warlord 3" in flat
        assert "C2 boots P2 sword,sword" in flat and "supply 14w 4b 3m" in flat and "draws 1" in flat
    assert re.search(r"Marquise +Hundreds +Wyrm", render_board(d, 80, st))
    for n, want in ((3, "3w W"), (7, "2w m"), (11, "m")):
        assert f" {want} " in clearing_row(d, n, st) + " ", n
    assert re.match(r" ?3R H H\b", clearing_row(d, 3, st)) and re.match(r" ?4R H H\b", clearing_row(d, 4, st))
    parts = screen_parts(d, 80, st, boxed.seat_labels(d))
    assert any(tag.startswith("HUNDREDS (") for _, _, tag in parts["panels"])


@pytest.mark.parametrize("table", list(TABLES.values()) + [SIX_BASE],
                         ids=[table_id(t) for t in TABLES.values()] + ["CEAVHW"])
def test_three_to_six_seats_fit_every_width_with_the_hundreds_on_the_board(table):
    """Three to six seats with the Hundreds: at points of seeded games with the warlord and a mob on
    the map, the boxed board at 99 columns and the compact one at 80 and 60 keep every row of the
    map and the panels within the width, in colour too, for the Hundreds' view and another's."""
    checked = 0
    for seed in range(1, 7):            # (a random game may end early: the next seed goes on)
        for g in snapshots(table, seed=seed, every=61, limit=1000):
            full = g.state.to_dict()
            if full["warlord"] < 0 or not any(full["mobs"]):
                continue
            me = hundreds_seat(g)
            for viewer in (me, (me + 1) % g.num_seats):
                d = observe(g.state, viewer)
                for width in (99, 80, 60):
                    for colour in (False, True):
                        text = render_board(d, width, Style(colour))
                        assert all(visible_len(line) <= width for line in text.split("\n")), (width, text)
                    assert "HUNDREDS" in text
            checked += 1
        if checked >= 3:
            break
    assert checked >= 3


@pytest.mark.parametrize("table", [TABLES[5], TABLES[6], SIX_BASE], ids=[table_id(TABLES[5]), table_id(TABLES[6]), "CEAVHW"])
def test_five_and_six_seat_screens_with_the_hundreds_fit(table):
    """`wyrm play`'s screen (tests/test_six_seat_screens.py's pyte terminal) at five and six seats with
    the Hundreds, where the Corvids' fit: at full_height(seats) rows and 99 columns the boxed map with
    every panel (three screens in four at least); at 80x24 every screen fits and `seat FACTION` shows
    each faction's whole panel, the Hundreds' too."""
    pytest.importorskip("pyte")
    from test_six_seat_screens import assert_fits, panel_lines, positions, screens, shows_whole
    rows = boxed.full_height(len(table))
    drawn = box = 0
    for seed in (41, 42):
        for g in positions(table, seed, every=31, limit=6):
            t = screens(g, ["seat next", ""], 99, rows)
            assert_fits(t)
            drawn += len(t.drawn)
            box += sum(lines[0].startswith("+- ") for lines in t.drawn)
    assert drawn >= 24 and box >= 0.75 * drawn, (box, drawn)
    typed = [f"seat {f}" for f in table] + [""]
    for g in positions(table, 11, every=37, limit=4):
        t = screens(g, typed)
        assert_fits(t)
        for j, f in enumerate(table):
            shot, _, d = t.shots[j + 1]
            assert shows_whole(shot, panel_lines(d, table.index(f))), (f, "\n".join(shot))
        assert any(x.startswith("HUNDREDS (") for x in panel_lines(t.shots[1][2], hundreds_seat(g)))


def test_without_the_hundreds_no_board_or_state_names_them():
    g = played(("marquise", "wyrm"), seed=1, limit=200)
    for width in (99, 80):
        text = board_text(g, PUBLIC, width)
        assert "Hundreds" not in text and "HUNDREDS" not in text and "WARLORD" not in text and "[H]" not in text
    v = state_view(g, "public")
    assert "hundreds" not in v and "hundreds" not in v["supplies"] and "warlord" not in v["clearings"][0]


def test_the_hundreds_have_their_own_colour_in_every_palette():
    for name, theme in PALETTES.items():
        others_ = [theme[f] for f in factions.NAMES if f != "hundreds" and f in theme]
        assert "hundreds" in theme and theme["hundreds"] not in others_, name
    st = Style(True)
    g = hand_written_game()
    colour = render_board(g.observation(1), 99, st)
    assert st.paint("THE HUNDREDS", "hundreds", "bold") in colour and st.paint("[H]", "hundreds") in colour
    assert strip(colour) == render_board(g.observation(1), 99, Style(False))


def test_every_hundreds_action_has_a_group_in_the_action_list():
    """The terminal's action list heads each Hundreds action by what it is (LoR 14): the setup's
    corner (14.3.2), a mob's spread (14.4.1), Anoint (14.4.3), Choose Mood (14.4.4), Lavish's Hoard
    items in Birdsong (14.7.4) apart from a full track's overflow (14.2.4.I), Contempt for Trade
    (14.2.3), Looters' declaration and its item (14.2.5), Bitter (14.7.1), Build (14.5.2), the
    Advance's move and battle (14.5.3: the Daylight's Advance block) apart from Command's, Incite
    (14.6.1), Jubilant (14.7.3)."""
    titles = {title for title, _ in GROUPS}
    start = {k: s for k, (s, _) in KIND.items()}
    for kind in LH_KINDS + ("mob_die", "ruin_item"):
        assert group_of(start[kind], "hundreds_daylight") in titles, kind
    assert group_of(start["lh_corner"] + 2, "hundreds_setup") == "Setup"
    assert group_of(start["mob"] + 4, "hundreds_birdsong") == "A mob spreads (the die's suit, next to a mob)"
    assert group_of(start["mob"] + 4, "hundreds_evening") == "A mob spreads (the die's suit, next to a mob)"
    assert group_of(start["anoint"] + 1, "hundreds_birdsong") == "Anoint the warlord"
    assert group_of(start["mood"] + 3, "hundreds_birdsong") == "Choose Mood"
    assert group_of(start["hoard_out"] + 2, "hundreds_birdsong") == "Lavish: a Hoard item out for 2 warriors at the warlord"
    assert group_of(start["hoard_out"] + 2, "hoard_overflow") == "The Hoard's track full: an item out (1 VP)"
    assert group_of(start["contempt"] + 1, "contempt") == "Contempt for Trade: the item or its VP"
    assert group_of(start["loot"], "loot_declare") == "Looters: declare a loot (no rolled hits)"
    assert group_of(start["loot"] + 3, "loot") == "Looters: the item taken into the Hoard"
    assert group_of(start["bitter"] + 5, "bitter") == "Bitter: mobs become warriors at the warlord"
    assert group_of(start["lh_build"] + 30, "hundreds_daylight") == "Build a stronghold (spend a card)"
    assert group_of(start["incite"] + 30, "hundreds_evening") == "Incite: a mob (spend a card)"
    assert group_of(start["jubilant"], "hundreds_evening") == "Jubilant: roll the mob die again"
    assert group_of(start["place_warrior"] + 3, "hundreds_birdsong") == "Recruit"          # H-C1's choice
    for kind, title in (("move", "Advance the Warlord: move it"), ("battle", "Advance the Warlord: battle at it")):
        assert group_of(start[kind], "hundreds_daylight", advancing=True) == title
        assert group_of(start[kind], "hundreds_daylight") == kind.capitalize()             # Command's
        assert group_of(start[kind], "marquise_daylight", advancing=True) == kind.capitalize()
    order = [title for title, _ in GROUPS]
    assert order.index("Advance the Warlord: move it") < order.index("Move")
    assert group_of(start["pass"], "hundreds_evening") == "Pass / end"


def test_the_terminal_lists_the_advance_as_the_warlords():
    """`wyrm play`'s list of actions (terminal/input.numbered_actions) at points of seeded games in the
    Hundreds' Daylight: in the Advance block (LoR 14.5.3) every move and battle is under the Advance's
    groups, in the Command block (14.5.2) under Move and Battle."""
    from wyrm_ai.terminal.input import numbered_actions
    met = set()
    for g in snapshots(TABLE, seed=4, every=2, limit=900):
        if g.step != "hundreds_daylight":
            continue
        block = g.state.to_dict()["lh_block"]
        assert advancing(g.state, g.step) == (block == 1)
        for c in numbered_actions(g):
            kind = decode(c.action).kind
            if kind in ("move", "battle"):
                assert c.group.startswith("Advance the Warlord") == (block == 1), (c.group, block)
                met.add(block)
    assert met == {0, 1}, met


def test_every_hundreds_step_has_an_owner_on_the_board():
    """The setup step names the Hundreds on the status line (Setup - the Hundreds; LoR 14.3.2)."""
    assert set(LH_STEPS) <= set(_core.STEP_NAMES)
    assert boxed.SETUP_STEPS["hundreds_setup"] == factions.HUNDREDS
    g = played(("marquise", "hundreds", "eyrie", "wyrm"), seed=1, stop=lambda g: g.step == "hundreds_setup")
    assert g.step == "hundreds_setup"
    assert boxed.turn_words(observe(g.state, PUBLIC)) == "Setup - the Hundreds"


def test_protocol_new_seats_the_hundreds_and_showboard_draws_them():
    """`new hundreds wyrm marquise` seats the Hundreds (any turn order); `showboard` names their line
    in the legend and, once they set up, their panel and the warlord (LoR 14.3.2)."""
    from test_protocol import Harness
    h = Harness(seed=3)
    h.ok("new hundreds wyrm marquise 3")
    g = h.session.game
    assert g.factions == TABLE and g.factions[g.first] == "hundreds"
    assert any("H Hundreds: w, WARLORD, mob, [H] stronghold" in line for line in h.ok("showboard"))
    for _ in range(300):
        if g.current_player < 0:
            break
        h.ok("play " + g.legal_texts()[0])
    board = "\n".join(h.ok("showboard"))
    assert "THE HUNDREDS" in board and "WARLORD" in board


# a table where the Hundreds' setup is a choice (four corners, none another's start: LoR 14.3.2)
SETUP_TABLE = ("hundreds", "alliance", "wyrm")


# ---- the web server ------------------------------------------------------------------------------

starlette = pytest.importorskip("starlette")
# the web server's client, the command line's runner, a temporary folder and the answers typed: the Duchy's
from test_duchy_fronts import ANSWERS, client, in_tmp, run  # noqa: E402,F401  (client, in_tmp: fixtures)


def test_the_web_offers_the_hundreds_and_draws_them(client):
    """The new-game form's seats come from /api/options: the Hundreds are offered (a player's faction,
    not a bot), thirteen factions in all (the Keepers since); the page's script draws their warriors (H chips), the warlord
    (its own chip), strongholds in the slots and mobs, and their panel (mood, warlord, the Hoard's
    Command and Prowess, this turn, supply; the Evening draws are every panel's), reading the keys the state JSON may lack yet
    defensively; the style sheet colours them."""
    offered = {f["name"]: f for f in client.get("/api/options").json()["factions"]}
    assert offered["hundreds"] == {"name": "hundreds", "title": "Hundreds", "bot": False} and len(offered) == 13
    js = client.get("/static/board.js").text
    assert 'hundreds: "H"' in js and "function drawHundreds" in js and "cl.pieces.hundreds" in js
    assert '"warlord"' in js and '"mob"' in js and 'push(rats.strongholds || 0, "hundreds", "H")' in js
    assert "s.hundreds" in js and "z.moods_open" in js and "z.daylight" in js and '"warlord" in z' in js
    for words in ("mood", "moods open", "warlord", "Command", "Prowess", "this turn", "supply"):
        assert f'"{words}"' in js, words
    css = client.get("/static/board.css").text
    assert ".f-hundreds" in css and ".chip.warlord" in css and ".chip.mob" in css


def test_web_targets_find_the_hundreds_clearings():
    """A Hundreds action is clicked on the map where it acts (web/targets.py): the setup's corner, a
    mob's spread, the Anoint, a mob removed for Bitter, a Build's stronghold and an Incite's mob
    (card * 12 + clearing); nothing for a choice of mood, Hoard item, Contempt or loot."""
    from wyrm_ai.web.targets import hundreds_clearing, legal_targets
    start = {k: s for k, (s, _) in KIND.items()}
    assert hundreds_clearing(start["lh_corner"] + 3) == 4
    assert hundreds_clearing(start["mob"] + 9) == 10
    assert hundreds_clearing(start["anoint"] + 0) == 1
    assert hundreds_clearing(start["bitter"] + 6) == 7
    assert hundreds_clearing(start["lh_build"] + 5 * NCL + 7) == 8
    assert hundreds_clearing(start["incite"] + 40 * NCL + 11) == 12
    for kind in ("mood", "hoard_out", "contempt", "loot", "jubilant", "move"):
        assert hundreds_clearing(start[kind]) is None, kind
    met = set()
    # (snapshots yields its one game as it goes: chained, not listed)
    for g in itertools.chain(snapshots(TABLE, seed=2, every=1, limit=700), snapshots(SETUP_TABLE, seed=1, every=1,
                                                                                      limit=100)):
        if g.current_player != hundreds_seat(g) or g.step not in ("hundreds_setup", "hundreds_evening",
                                                                   "hundreds_daylight", "hundreds_birdsong"):
            continue
        for entry, a in zip(legal_targets(g, g.legal_texts()), g.legal_actions()):
            kind = decode(a).kind
            if kind in ("lh_corner", "mob", "anoint", "lh_build", "incite"):
                assert entry["at"] == hundreds_clearing(a) and 1 <= entry["at"] <= NCL, entry
                met.add(kind)
            if kind == "move":
                assert entry["at"] is not None and entry["to"] is not None, entry
    assert {"lh_corner", "lh_build", "incite"} <= met, met


def test_a_web_game_beside_the_hundreds_holds_their_board(client):
    """A web game seating the person as the Marquise beside AI Hundreds: the first update holds the
    Hundreds' board (the Hoard, mood, Command, Prowess, supply) and their flat and faction pieces in
    every clearing."""
    r = client.post("/api/games", json={"factions": list(TABLE), "humans": ["marquise"],
                                        "levels": {"hundreds": "easy", "wyrm": "easy"}})
    assert r.status_code == 201, r.text
    game = r.json()
    token = game["players"][0]["token"]
    with client.websocket_connect(f"/api/games/{game['game']}/ws?token={token}") as ws:
        m = ws.receive_json()
        s = m["state"]
        assert m["words"]["titles"]["hundreds"] == "Hundreds"
        assert set(s["hundreds"]) >= {"hoard", "mood", "command", "prowess", "supply"}
        assert s["hundreds"]["mood"] in MOODS and set(s["hundreds"]["supply"]) == {"warriors", "mobs", "strongholds"}
        assert all({"hundreds", "warlord", "strongholds", "mob"} <= set(c) for c in s["clearings"])
        assert sum(c["warlord"] for c in s["clearings"]) <= 1


def test_a_web_game_as_the_hundreds(client):
    """A web game seating the person as the Hundreds beside the Alliance and the Wyrm (their setup a
    choice of four corners, LoR 14.3.2: beside the Marquise it is forced): every update holds their
    board; their own actions with words; their setup's corner clicked on the map, and more."""
    r = client.post("/api/games", json={"factions": list(SETUP_TABLE), "humans": ["hundreds"],
                                        "levels": {"alliance": "easy", "wyrm": "easy"}})
    assert r.status_code == 201, r.text
    game = r.json()
    token = game["players"][0]["token"]
    steps, at = set(), set()
    with client.websocket_connect(f"/api/games/{game['game']}/ws?token={token}") as ws:
        m = ws.receive_json()
        while m["state"]["turn_number"] <= 6 and m["state"]["to_move"] != "over":
            s = m["state"]
            assert m["view"] == "hundreds" and s["hands"]["alliance"] is None
            assert set(s["hundreds"]) >= {"hoard", "mood", "command", "prowess", "supply"}
            if s["to_move"] == "hundreds":
                steps.add(s["step"])
                assert {a["text"] for a in m["actions"]} == set(s["legal"])
                assert all(a["words"] for a in m["actions"])
                if s["step"] == "hundreds_setup":
                    assert all(a["at"] is not None for a in m["actions"]), m["actions"]
                at |= {a["at"] is not None for a in m["actions"]}
                ws.send_json({"type": "play", "action": m["actions"][-1]["text"]})
            m = ws.receive_json()
            assert m["type"] == "update", m
    assert {"hundreds_setup", "hundreds_daylight"} <= steps and True in at, steps


# ---- the command line ----------------------------------------------------------------------------

def test_play_as_the_hundreds_with_their_rules_and_panel(in_tmp):
    """`wyrm play --factions marquise,hundreds,wyrm --as hundreds`: a game with the person in the
    Hundreds' seat; `rules` shows their rules (LoR 14); their panel is on screen, their Daylight's
    Command and Advance (LoR 14.5) among the decisions played."""
    r = run("play", "--factions", ",".join(TABLE), "--as", "hundreds", "--level", "easy", "--seed", "11",
            "--no-color", "--record", "p.json", input="rules\nrules rats\n" + ANSWERS[:1600] + "quit\n")
    assert r.exit_code == 0, r.output[-3000:]
    assert r.output.startswith("You are the Hundreds")
    assert r.output.count("The Hundreds' rules") == 2 and "LoR 14.5.3" in r.output
    assert "THE HUNDREDS (you)" in r.output and "Advance the Warlord: move it:" in r.output
    g = Game.load("p.json")
    human, replay, steps = g.seat_of("hundreds"), g.start(), set()
    for a in g.record:
        if replay.current_player == human:
            steps.add(replay.step)
        replay.apply(a)
    assert {"hundreds_daylight", "hundreds_birdsong"} <= steps, steps


def test_play_beside_ai_hundreds_and_watch_arena_match(in_tmp):
    """`--ai hundreds=heuristic` with the person the Marquise; watch, arena and match seat the
    Hundreds."""
    r = run("play", "--factions", ",".join(TABLE), "--ai", "hundreds=heuristic,wyrm=heuristic", "--seed", "2",
            "--no-color", "--record", "m.json", input=ANSWERS[:400] + "quit\n")
    assert r.exit_code == 0, r.output[-3000:]
    assert "THE HUNDREDS (AI)" in r.output and "| H " in r.output
    ai = "marquise=heuristic,hundreds=heuristic,wyrm=random"
    r = run("watch", "--seed", "3", "--factions", ",".join(TABLE), "--ai", ai, "--no-color", "--every", "50")
    assert r.exit_code == 0, r.output[-3000:]
    assert "HUNDREDS (heuristic)" in r.output
    r = run("arena", "--games", "2", "--jobs", "1", "--factions", ",".join(TABLE), "--ai", ai)
    assert r.exit_code == 0, r.output[-3000:]
    r = run("match", "random", "heuristic", "--seat", "hundreds", "--factions", ",".join(TABLE), "--games", "2",
            "--jobs", "1", "--seed", "2")
    assert r.exit_code == 0, r.output[-3000:]
    assert "hundreds: random (candidate) against heuristic (baseline)" in r.output


# ---- the faction draft (LoR 16.1.8; H-C21) -------------------------------------------------------

def test_the_hundreds_card_is_drafted_and_set_up(in_tmp):
    """H-C21 (LoR 16.1.8): the Hundreds' card is a militant's in the draft: named in `--draft`'s
    help, dealt to the pool when named, and a player who takes it sets them up in a corner (the
    warlord, four warriors and a stronghold, LoR 14.3.2) before the first turn."""
    import numpy as np
    from wyrm_ai.ai.players import RandomPlayer
    r = run("play", "--help")
    assert r.exit_code == 0 and "corvids, hundreds or keepers" in " ".join(r.output.split())
    cards = ("marquise", "hundreds", "alliance", "vagabond", "wyrm")
    drafted = 0
    for seed in range(8):
        g = Game(seed % 4, ("draft",) * 4, setup="advanced", draft=cards)
        rng = np.random.default_rng(seed)
        players = {s: RandomPlayer(seed * 7 + s) for s in range(4)}
        while not g.is_terminal() and g.state.to_dict()["turn_number"] == 0:
            g.apply(g.sample_chance(rng) if g.is_chance_node() else players[g.current_player].choose(g))
        d = g.state.to_dict()
        if factions.HUNDREDS in d["seat_faction"]:
            drafted += 1
            assert d["warlord"] >= 0 and sum(d["hundreds"]) == 4 and sum(d["strongholds"]) == 1
            assert d["hundreds"][d["warlord"]] == 4 and d["strongholds"][d["warlord"]] == 1
    assert drafted >= 2, drafted
