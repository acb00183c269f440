"""The Corvid Conspiracy (LoR 13) at every front end: its warriors and plots on the boxed and compact
boards (a face-up plot by its type for every viewer; a face-down plot as a plot whose type only the
Corvids' own view and the referee's name, LoR 13.2.2.I), its panel (the plots, what a flip scores,
the Evening draws, this turn's actions left, plots placed and Exert, the supply with its plots by
type in the Corvids' own view only), its colour, its actions' groups, the status line; the web
server's options, its page's code (the plots drawn, the panel), its click targets and a game's
updates; `--factions`, `--as`, `--ai`, `rules corvids`, `watch`, `arena`, `match`.

Every board reads the observation it is given (redaction.observe), never the state: the tests
below check that a non-Corvid view names no face-down plot's type even where its observation
would still hold one, and that a board follows its observation where it differs from the state.
The state JSON's `corvids` object (protocol 2.18), the redaction of the types and the position
reader's `corvids.plots` are the Corvids' views' (tests/test_corvids_redaction.py); the tests
here that read the state JSON wait for it, and those that type or list the Corvids' actions for
their notation (skipped until each is merged)."""
from __future__ import annotations

import re

import pytest

from corvid_front_positions import (CV_KINDS, CV_STEPS, KIND, PLOTS, SIX_BASE, TABLE, TABLES, cli_imports, corvid_seat,
                                    hand_written_game, notation_knows_corvids, table_id)
from duchy_front_positions import played, snapshots, texts_known
from wyrm_ai import _core
from wyrm_ai.model import corvids_facts, factions
from wyrm_ai.model.game import Game
from wyrm_ai.model.narration import plural
from wyrm_ai.model.redaction import PUBLIC, REFEREE, observe
from wyrm_ai.model.textboard import board as boxed
from wyrm_ai.model.textboard.boardview import board_text, render_board
from wyrm_ai.model.textboard.compact import clearing_row, screen_parts
from wyrm_ai.model.textboard.style import PALETTES, Style, strip, visible_len
from wyrm_ai.model.textboard.words import GROUPS, group_of
from wyrm_ai.protocol.views import state_view, views_of

NCL = _core.NUM_CLEARINGS
CV = _core.CORVID_TABLE
needs_notation = pytest.mark.skipif(not notation_knows_corvids(),
                                    reason="the Corvids' notation is not merged: their actions have no text yet")
needs_cli = pytest.mark.skipif(not (notation_knows_corvids() and cli_imports()),
                               reason="wyrm_ai.cli needs the Corvids' notation and Rootlog letter (not merged)")
HIDDEN_TYPE = re.compile(r"plot:(bomb|snare|extortion|raid)")       # a face-down plot's type, boxed board
HIDDEN_LETTER = re.compile(r"(?<![\w:])p:[bser]\b")                 # the compact board's
STATE_JSON = "corvids" in state_view(Game(0, factions=TABLE), "public")
needs_views = pytest.mark.skipif(not STATE_JSON, reason="the state JSON's corvids object (the Corvids' views) "
                                                        "is not merged")


def views_writable(g: Game) -> list[str]:
    """The views of g whose state JSON can be written: all of them once the notation knows the
    Corvids' actions; before, those that list no legal action (the seat to move's and the
    referee's list their texts)."""
    if texts_known(g):
        return list(views_of(g))
    mover = g.factions[g.current_player] if g.current_player >= 0 else None
    return [v for v in views_of(g) if v not in (mover, REFEREE)]


def face_down(d: dict) -> list[int]:
    """The clearings (0-11) with a face-down plot."""
    return [c for c in range(NCL) if d["plots"][c] and not (d["plots_up"] >> c) & 1]


def others(g: Game) -> list:
    """Every viewer but the Corvids and the referee: the other seats and the public."""
    return [s for s in range(g.num_seats) if s != corvid_seat(g)] + [PUBLIC]


def panel(text: str) -> str:
    """The Corvids' panel of a boxed board's text."""
    return text.split("THE CORVIDS", 1)[1].split("\nTHE ", 1)[0].split("\n\n", 1)[0]


def cell(d: dict, c: int) -> list[str]:
    """The words of the Corvids' line in clearing c's box (no line: [])."""
    box = boxed._cell(d, c + 1, Style(False))
    line = [x for x in box if "| P " in x]
    return line[0].strip("| ").split()[1:] if line else []


def test_only_the_corvids_and_the_referee_see_a_face_down_type():
    """LoR 13.2.2.I (K-3): the boards name a face-down plot's type to the Corvids' own view and the
    referee's only (board.seen_type), a face-up plot's type to every view. They ask the
    observation's viewer: a Corvid observation relabelled as another seat's names none, even with
    the types still in it; a state dict, which has no viewer, none either."""
    g = hand_written_game()
    own, ref = observe(g.state, 1), observe(g.state, REFEREE)
    assert [boxed.seen_type(own, c) for c in (2, 9, 10)] == ["snare", "bomb", "extortion"]
    assert [boxed.seen_type(ref, c) for c in (2, 9, 10)] == ["snare", "bomb", "extortion"]
    assert boxed.sees_plot_types(own) and boxed.sees_plot_types(ref)
    for viewer in (0, 2, PUBLIC):
        d = observe(g.state, viewer)
        assert [boxed.seen_type(d, c) for c in (2, 9, 10)] == ["snare", None, None], viewer
        assert not boxed.sees_plot_types(d)
    relabelled = dict(own, seat=0)
    assert [boxed.seen_type(relabelled, c) for c in (2, 9, 10)] == ["snare", None, None]
    assert boxed.seen_type(g.state.to_dict(), 9) is None


# ---- the terminal boards -------------------------------------------------------------------------

def test_the_boxed_board_draws_the_corvids_warriors_and_plots():
    """Each clearing box: `P 3w SNARE` a face-up plot by its type, `P 1w plot` a face-down one (its
    type hidden) in every view but the Corvids', where it reads `plot:bomb`; the legend says which;
    every line fits 99 columns."""
    st = Style(False)
    checked = 0
    for g in snapshots(TABLE, seed=1, every=29, limit=1200):
        me = corvid_seat(g)
        for viewer in (me, 0, PUBLIC):
            d = observe(g.state, viewer)
            text = render_board(d, 99, st)
            assert all(visible_len(line) <= 99 for line in text.split("\n"))
            mine = viewer == me
            assert ("P Corvids: w, plot:bomb face down, BOMB up" if mine else
                    "P Corvids: w warriors, plot face down, BOMB up") in text
            full = g.state.to_dict()
            for c in range(NCL):
                want = [f"{d['corvids'][c]}w"] if d["corvids"][c] else []
                if full["plots"][c]:
                    t = PLOTS[full["plot_types"][c]]
                    up = (full["plots_up"] >> c) & 1
                    want.append(t.upper() if up else f"plot:{t}" if mine else "plot")
                assert cell(d, c) == want, (viewer, c)
            if not mine:
                assert not HIDDEN_TYPE.search(text), viewer
        checked += 1
    assert checked >= 5


def test_the_corvid_panel_names_plots_flip_draws_turn_and_supply():
    """The boxed board's Corvid panel (LoR 13): `N plots on the map, K face up (a flip scores K+1)`,
    `Plots: 3 SNARE, 10 plot:bomb (not raid), ...` (the type of a face-down plot in the Corvids' own
    view only, the types ruled out for all), `Evening draws N` (one plus one per face-up extortion,
    LoR 13.6.2), this turn's actions left, plots placed and Exert (their turn only), the supply:
    warriors and plots, by type in their own view only (two of each type in all, LoR 13.2.2)."""
    seen = set()
    for g in snapshots(TABLE, seed=4, every=13, limit=1500):
        me = corvid_seat(g)
        full = g.state.to_dict()
        for viewer in (me, PUBLIC):
            d = observe(g.state, viewer)
            if d["turn_number"] == 0:
                continue
            flat = " ".join(panel(render_board(d, 99)).split())
            n, up = sum(full["plots"]), sum(1 for c in range(NCL) if full["plots"][c] and (full["plots_up"] >> c) & 1)
            assert f"{plural(n, 'plot')} on the map, {up} face up (a flip scores {up + 1})" in flat
            assert f"Evening draws {corvids_facts.draws(d)}" in flat
            supply = f"supply: {plural(full['corvid_supply'], 'warrior')}, {plural(full['plot_supply'], 'plot')}"
            assert supply in flat
            if viewer == me:
                on_map = [PLOTS[full["plot_types"][c]] for c in range(NCL) if full["plots"][c]]
                by = ", ".join(f"{t} {CV['plots_per_type'] - on_map.count(t)}" for t in PLOTS)
                assert f"{supply} ({by})" in flat
            else:
                assert f"{supply} (" not in flat
            if corvids_facts.on_turn(d):
                left = corvids_facts.actions_left(d)
                assert f"This turn: {plural(left, 'action')} left; {plural(d['plotted'], 'plot')} placed" in flat
                seen |= {"turn"} | ({"exerted"} if d["exerted"] else set())
            else:
                assert "This turn:" not in flat
            seen |= {"plots"} if n else set()
    assert seen >= {"plots", "turn"}, seen


def test_a_hand_written_position_on_every_board():
    """The position of tests/corvid_front_positions.py: a face-up snare in 3, a face-down bomb in 10
    (raid ruled out), a face-down extortion in 11: the Corvids' own board names both face-down
    types and their supply by type; every other board shows them as plots."""
    g = hand_written_game()
    own = board_text(g, "corvids", 99)
    flat = " ".join(panel(own).split())
    assert "| P 2w SNARE" in own and "| P 1w plot:bomb" in own and "| P plot:extortion" in own
    assert "THE CORVIDS (you)" in own and "3 plots on the map, 1 face up (a flip scores 2)" in flat
    assert "Plots: 3 SNARE, 10 plot:bomb (not raid), 11 plot:extortion" in flat
    assert "supply: 12 warriors, 5 plots (bomb 1, snare 1, extortion 1, raid 2)" in flat
    for viewer in ("marquise", "wyrm", PUBLIC):
        text = board_text(g, viewer, 99)
        flat = " ".join(panel(text).split())
        assert "| P 2w SNARE" in text and "| P 1w plot " in text and "| P plot " in text, viewer
        assert "Plots: 3 SNARE, 10 plot (not raid), 11 plot" in flat and "supply: 12 warriors, 5 plots " in flat
        assert not HIDDEN_TYPE.search(text) and "bomb 1" not in text, viewer
        compact = board_text(g, viewer, 80)
        assert "Plots: 3 SNARE, 10 plot (not raid), 11 plot" in " ".join(compact.split())
        assert not HIDDEN_LETTER.search(compact) and not HIDDEN_TYPE.search(compact), viewer
    compact = " ".join(board_text(g, "corvids", 80).split())
    assert "10 plot:bomb (not raid)" in compact and "supply 12w 5p (b1 s1 e1 r2)" in compact
    referee = board_text(g, REFEREE, 99)
    assert "| P 1w plot:bomb" in referee and "| P plot:extortion" in referee


def test_no_non_corvid_board_names_a_face_down_type():
    """LoR 13.2.2.I (K-3): at points of seeded games with face-down plots on the map, every view but
    the Corvids' and the referee's -- each other seat's, the public's -- draws them as plots on the
    boxed and compact boards (99, 80 and 60 columns) and in the state JSON (type null, no supply by
    type), never naming a type; even an observation that still held the types (a redaction that
    forgot them) is drawn so, as the boards ask the observation's viewer."""
    met = 0
    for table in (TABLE, TABLES[4]):
        for g in snapshots(table, seed=3, every=17, limit=1200):
            full = g.state.to_dict()
            down = face_down(full)
            if not down:
                continue
            for viewer in others(g):
                d = observe(g.state, viewer)
                leaky = dict(d, plot_types=list(full["plot_types"]))     # the state's types, kept by mistake
                for obs in (d, leaky):
                    for width in (99, 80, 60):
                        text = render_board(obs, width)
                        assert not HIDDEN_TYPE.search(text) and not HIDDEN_LETTER.search(text), (viewer, width, text)
                    assert all(boxed.seen_type(obs, c) is None for c in down)
                for c in down:
                    assert cell(leaky, c)[-1] == "plot"
            for view in views_writable(g) if STATE_JSON else ():
                if view in ("corvids", REFEREE):
                    continue
                z = state_view(g, view)["corvids"]
                assert all(z["plots"][str(c + 1)]["type"] is None for c in down), view
                assert z["supply_types"] is None
            met += 1
    assert met >= 8


def test_the_boards_read_the_observation_not_the_state():
    """The boards draw what their observation says: a Corvid observation whose face-down bomb reads
    raid draws a raid there, whatever the state holds; the same with its seat relabelled the
    Marquise's draws a plot."""
    g = hand_written_game()
    d = observe(g.state, 1)
    d["plot_types"] = list(d["plot_types"])
    d["plot_types"][9] = PLOTS.index("raid")
    text = render_board(d, 99)
    assert "| P 1w plot:raid" in text and "| P 1w plot:bomb" not in text
    assert "10 plot:raid (not raid)" in " ".join(panel(text).split())
    assert "| P 1w plot " in render_board(dict(d, seat=0), 99)


def test_the_turns_bookkeeping_shows_only_in_the_corvids_turn():
    """The core keeps the plots placed, the actions left and Exert on the Corvids' board until their
    next Birdsong or Daylight resets them; the boards and the state JSON say them for the Corvids'
    turn only."""
    met = 0
    for g in snapshots(TABLE, seed=4, every=7, limit=1500):
        d = observe(g.state, PUBLIC)
        if d["turn_number"] == 0 or d["turn"] == corvid_seat(g) or not (d["plotted"] or d["exerted"]):
            continue
        p = " ".join(panel(render_board(d, 99)).split())
        assert "This turn:" not in p, p
        if views_writable(g) and STATE_JSON:
            v = state_view(g, views_writable(g)[-1])["corvids"]
            assert v["plots_placed"] == 0 and v["actions_left"] == 0 and v["exerted"] is False
        met += 1
    assert met >= 3


def test_the_status_line_says_actions_left_and_the_next_plots_cost():
    """LoR 13.5, 13.5.2, 13.4.2: in the Corvids' Daylight the status line says the actions left and
    what the next plot costs; in their Birdsong what a flip scores."""
    said = set()
    for g in snapshots(TABLE, seed=5, every=3, limit=900):
        d = observe(g.state, PUBLIC)
        status = " ".join(" ".join(boxed.status_lines(d, Style(False))).split())
        if g.step == "corvids_daylight":
            n, cost = d["cv_actions_left"], 1 + d["plotted"]
            assert f"{plural(n, 'action')} left, the next plot costs {plural(cost, 'warrior')}" in status
            said.add(g.step)
        elif g.step == "corvids_birdsong":
            assert f"a flip scores {corvids_facts.flip_vp(d)}" in status
            said.add(g.step)
    assert said == {"corvids_daylight", "corvids_birdsong"}


def test_the_compact_board_has_the_corvids_column_and_summary():
    """80 columns and less: a `Corvids` column (or `P` on a short screen) with `2w S` (a face-up
    snare), `1w p` (a face-down plot), `p:b` in the Corvids' own view; a CORVIDS summary (plots,
    flip, draws, supply); every row fits the width."""
    g = hand_written_game()
    st = Style(False)
    for viewer, plots in ((1, ["S", "p:b", "p:e"]), (0, ["S", "p", "p"])):
        d = observe(g.state, viewer)
        for width in (80, 60):
            text = render_board(d, width, st)
            assert all(visible_len(line) <= width for line in text.split("\n")), width
            flat = " ".join(text.split())
            assert "CORVIDS (" in flat and "plots 3 (1 up, flip 2)" in flat and "draws 1" in flat
        assert re.search(r"Marquise +Corvids +Wyrm", render_board(d, 80, st))
        assert [boxed.plot_word(d, c, short=True) for c in (2, 9, 10)] == plots, viewer
        for n, want in zip((3, 10, 11), (f"2w {plots[0]}", f"1w {plots[1]}", plots[2])):
            assert f" {want} " in clearing_row(d, n, st) + " ", (viewer, n)
        parts = screen_parts(d, 80, st, boxed.seat_labels(d))
        assert any(tag.startswith("CORVIDS (") for _, _, tag in parts["panels"])


@pytest.mark.parametrize("table", list(TABLES.values()) + [SIX_BASE], ids=[table_id(t) for t in TABLES.values()] + ["CEAVPW"])
def test_three_to_six_seats_fit_every_width_with_plots_on_the_board(table):
    """Three to six seats with the Corvids: at points of seeded games with plots on the map, the
    boxed board at 99 columns and the compact one at 80 and 60 keep every row of the map and the
    panels within the width, in colour too, for the Corvids' view and another's; the other's names
    no face-down type."""
    checked = 0
    for seed in range(1, 7):            # (a random game may end early: the next seed goes on)
        for g in snapshots(table, seed=seed, every=61, limit=1000):
            if not any(g.state.to_dict()["plots"]):
                continue
            me = corvid_seat(g)
            for viewer in (me, (me + 1) % g.num_seats):
                d = observe(g.state, viewer)
                for width in (99, 80, 60):
                    for colour in (False, True):
                        text = render_board(d, width, Style(colour))
                        assert all(visible_len(line) <= width for line in text.split("\n")), (width, text)
                    assert "CORVIDS" in text
                    if viewer != me:
                        assert not HIDDEN_TYPE.search(text) and not HIDDEN_LETTER.search(text), text
            checked += 1
        if checked >= 3:
            break
    assert checked >= 3


def test_without_the_corvids_no_board_or_state_names_them():
    g = played(("marquise", "wyrm"), seed=1, limit=200)
    for width in (99, 80):
        text = board_text(g, PUBLIC, width)
        assert "Corvids" not in text and "CORVIDS" not in text and "plot" not in text
    v = state_view(g, "public")
    assert "corvids" not in v and "corvids" not in v["supplies"] and "plot" not in v["clearings"][0]


def test_the_corvids_have_their_own_colour_in_every_palette():
    for name, theme in PALETTES.items():
        others_ = [theme[f] for f in factions.NAMES if f != "corvids" and f in theme]
        assert "corvids" in theme and theme["corvids"] not in others_, name
    st = Style(True)
    g = hand_written_game()
    colour = render_board(g.observation(1), 99, st)
    assert st.paint("THE CORVIDS", "corvids", "bold") in colour
    assert strip(colour) == render_board(g.observation(1), 99, Style(False))


def test_every_corvid_action_has_a_group_in_the_action_list():
    """The terminal's action list heads each Corvid action by what it is: setup (LoR 13.3.2), Flip,
    Recruit, Plot, Trick, Exposure (the clearing, then the card and the type), and any action at the
    Evening step as the Exert (LoR 13.6.1)."""
    titles = {title for title, _ in GROUPS}
    for kind in CV_KINDS:
        assert group_of(KIND[kind][0], "corvids_daylight") in titles, kind
    assert group_of(KIND["cv_setup"][0], "corvids_setup") == "Setup"
    assert group_of(KIND["cv_recruit"][0], "corvids_birdsong") == "Recruit"
    assert group_of(KIND["flip"][0], "corvids_birdsong") == "Flip a plot face up"
    assert group_of(KIND["plot"][0] + 5, "corvids_daylight") == "Plot: a plot face down (warriors removed)"
    assert group_of(KIND["trick"][0] + 3, "corvids_daylight") == "Trick: swap two plots"
    assert group_of(KIND["expose"][0] + 3, "marquise_daylight") == "Exposure: guess a face-down plot"
    assert group_of(KIND["guess"][0] + 3, "exposure") == "Exposure: the card shown and the type named"
    for kind in ("plot", "trick", "move", "battle"):
        assert group_of(KIND[kind][0], "corvids_evening") == "Exert: one more action, no draw this Evening", kind
    assert group_of(KIND["pass"][0], "corvids_evening") == "Pass / end"


def test_every_corvid_step_has_an_owner_on_the_board():
    """The setup step names the Corvids on the status line (Setup - the Corvids)."""
    assert set(CV_STEPS) <= set(_core.STEP_NAMES)
    assert boxed.SETUP_STEPS["corvids_setup"] == factions.CORVIDS
    g = played(TABLE, seed=1, stop=lambda g: g.step == "corvids_setup")
    assert g.step == "corvids_setup"
    assert boxed.turn_words(observe(g.state, PUBLIC)) == "Setup - the Corvids"


def test_protocol_new_seats_the_corvids_and_showboard_draws_them():
    """`new corvids wyrm marquise` seats the Corvids (any turn order); `showboard` (the public's board)
    names their line in the legend, a face-down plot's type never."""
    from test_protocol import Harness
    h = Harness(seed=3)
    h.ok("new corvids wyrm marquise 3")
    g = h.session.game
    assert g.factions == TABLE and g.factions[g.first] == "corvids"
    assert any("P Corvids: w warriors, plot face down" in line for line in h.ok("showboard"))
    for _ in range(300):
        if g.current_player < 0 or not texts_known(g):
            break
        h.ok("play " + g.legal_texts()[0])
    board = "\n".join(h.ok("showboard"))
    assert "THE CORVIDS" in board and not HIDDEN_TYPE.search(board)


# ---- the web server ------------------------------------------------------------------------------

starlette = pytest.importorskip("starlette")
# the web server's client, the command line's runner, a temporary folder and the answers typed: the Duchy's
from test_duchy_fronts import ANSWERS, client, in_tmp, run  # noqa: E402,F401  (client, in_tmp: fixtures)


def test_the_web_offers_the_corvids_and_draws_them(client):
    """The new-game form's seats come from /api/options: the Corvids are offered (a player's faction,
    not a bot); the page's script draws their warriors (P chips) and plots (a face-down plot a
    generic token `?`, its type's letter only where the state JSON names it: the Corvids' own view)
    and their panel (plots, flip, draws, this turn, supply)."""
    offered = {f["name"]: f for f in client.get("/api/options").json()["factions"]}
    assert offered["corvids"] == {"name": "corvids", "title": "Corvids", "bot": False}
    js = client.get("/static/board.js").text
    assert 'corvids: "P"' in js and "function drawCorvids" in js and "const plotLabel" in js
    assert "cl.pieces.corvids" in js and "state.corvids.plots" in js and '"?"' in js
    for words in ("plots", "flip", "Evening draws", "this turn", "supply"):
        assert f'"{words}"' in js, words
    css = client.get("/static/board.css").text
    assert ".f-corvids" in css and ".chip.plot.face-down" in css and ".chip.plot.face-up" in css


def test_web_targets_find_the_corvids_clearings():
    """A Corvid action is clicked on the map where it acts (web/targets.py): a setup warrior's
    clearing, a Flip's, a Plot's, an Exposure's, a Trick's two plots (the first, then the other)."""
    from wyrm_ai.web.targets import corvid_clearing, trick_other
    start = {k: s for k, (s, _) in KIND.items()}
    assert corvid_clearing(start["cv_setup"] + 3) == 4
    assert corvid_clearing(start["flip"] + 9) == 10
    assert corvid_clearing(start["plot"] + 7 * 4 + 2) == 8                 # an extortion in 8
    assert corvid_clearing(start["expose"] + 10) == 11
    assert (corvid_clearing(start["trick"] + 2 * NCL + 9), trick_other(start["trick"] + 2 * NCL + 9)) == (3, 10)
    assert corvid_clearing(start["cv_recruit"] + 5) is None and corvid_clearing(start["move"]) is None
    assert trick_other(start["plot"]) is None
    g = played(TABLE, seed=2, limit=600)
    for a in g.record:
        kind = _core.ACTION_KINDS
        name = next(n for n, s, size in kind if s <= a < s + size)
        if name in ("cv_setup", "flip", "plot", "trick", "expose"):
            assert 1 <= corvid_clearing(a) <= NCL


@needs_views
def test_a_web_game_beside_the_corvids_holds_their_board(client):
    """A web game seating the person as the Marquise beside AI Corvids: the first update holds the
    Corvids' board as the Marquise's view (no face-down type) and the flat and faction pieces."""
    r = client.post("/api/games", json={"factions": list(TABLE), "humans": ["marquise"],
                                        "levels": {"corvids": "easy", "wyrm": "easy"}})
    assert r.status_code == 201, r.text
    game = r.json()
    token = game["players"][0]["token"]
    with client.websocket_connect(f"/api/games/{game['game']}/ws?token={token}") as ws:
        m = ws.receive_json()
        s = m["state"]
        assert m["words"]["titles"]["corvids"] == "Corvids"
        assert set(s["corvids"]) >= {"plots", "face_up", "flip_vp", "draws", "plots_placed", "plot_cost",
                                     "actions_left", "exerted", "supply", "supply_types"}
        if any(not p["face_up"] for p in s["corvids"]["plots"].values()):      # their types are the supply's
            assert s["corvids"]["supply_types"] is None
        assert all("corvids" in c and "plot" in c for c in s["clearings"])


@needs_notation
@needs_views
def test_a_web_game_as_the_corvids(client):
    """A web game seating the person as the Corvids: every update holds their board with their own
    plots' types; its own actions with words; its setup warriors, flips, plots and tricks clicked on
    the map."""
    r = client.post("/api/games", json={"factions": list(TABLE), "humans": ["corvids"],
                                        "levels": {"marquise": "easy", "wyrm": "easy"}})
    assert r.status_code == 201, r.text
    game = r.json()
    token = game["players"][0]["token"]
    steps, at = set(), set()
    with client.websocket_connect(f"/api/games/{game['game']}/ws?token={token}") as ws:
        m = ws.receive_json()
        while m["state"]["turn_number"] <= 6 and m["state"]["to_move"] != "over":
            s = m["state"]
            assert m["view"] == "corvids" and s["hands"]["marquise"] is None
            assert all(p["type"] is not None for p in s["corvids"]["plots"].values())     # their own view
            assert s["corvids"]["supply_types"] is not None
            if s["to_move"] == "corvids":
                steps.add(s["step"])
                assert {a["text"] for a in m["actions"]} == set(s["legal"])
                assert all(a["words"] for a in m["actions"])
                if s["step"] == "corvids_setup":
                    assert all(a["at"] is not None for a in m["actions"]), m["actions"]
                at |= {a["at"] is not None for a in m["actions"]}
                ws.send_json({"type": "play", "action": m["actions"][-1]["text"]})
            m = ws.receive_json()
            assert m["type"] == "update", m
    assert "corvids_daylight" in steps and True in at, steps


# ---- the command line ----------------------------------------------------------------------------

@needs_cli
def test_play_as_the_corvids_with_their_rules_and_panel(in_tmp):
    """`wyrm play --factions marquise,corvids,wyrm --as corvids`: a whole game with the person in the
    Corvids' seat; `rules` shows their rules (LoR 13); their panel is on screen with their own
    plots' types."""
    r = run("play", "--factions", ",".join(TABLE), "--as", "corvids", "--level", "easy", "--seed", "11",
            "--no-color", "--record", "p.json", input="rules\nrules crows\n" + ANSWERS)
    assert r.exit_code == 0, r.output[-3000:]
    assert r.output.startswith("You are the Corvids")
    assert r.output.count("The Corvids' rules") == 2 and "LoR 13.2.4" in r.output
    assert "THE CORVIDS (you)" in r.output and "P Corvids: w, plot:bomb face down" in r.output
    g = Game.load("p.json")
    human, replay, steps = g.seat_of("corvids"), g.start(), set()
    for a in g.record:
        if replay.current_player == human:
            steps.add(replay.step)
        replay.apply(a)
    assert "corvids_daylight" in steps, steps


@needs_cli
def test_play_beside_ai_corvids_and_watch_arena_match(in_tmp):
    """`--ai corvids=heuristic` with the person the Marquise (no face-down type on their screen);
    watch, arena and match seat the Corvids."""
    r = run("play", "--factions", ",".join(TABLE), "--ai", "corvids=heuristic,wyrm=heuristic", "--seed", "2",
            "--no-color", "--record", "m.json", input=ANSWERS[:400])
    assert r.exit_code == 0, r.output[-3000:]
    assert "  P: " in r.output and "THE CORVIDS (AI)" in r.output and not HIDDEN_TYPE.search(r.output)
    ai = "marquise=heuristic,corvids=heuristic,wyrm=random"
    r = run("watch", "--seed", "3", "--factions", ",".join(TABLE), "--ai", ai, "--no-color", "--every", "50")
    assert r.exit_code == 0, r.output[-3000:]
    assert "CORVIDS (heuristic)" in r.output
    r = run("arena", "--games", "2", "--jobs", "1", "--factions", ",".join(TABLE), "--ai", ai)
    assert r.exit_code == 0, r.output[-3000:]
    r = run("match", "random", "heuristic", "--seat", "corvids", "--factions", ",".join(TABLE), "--games", "2",
            "--jobs", "1", "--seed", "2")
    assert r.exit_code == 0, r.output[-3000:]
    assert "corvids: random (candidate) against heuristic (baseline)" in r.output


@pytest.mark.skipif(not cli_imports(), reason="wyrm_ai.cli needs the Corvids' Rootlog letter (not merged)")
def test_the_drafts_help_names_the_corvids_card(in_tmp):
    """`--draft`'s help names the Corvids' card among those a draft may deal (LoR 16.1.8), and since
    issue 35 the Hundreds' (H-C21) and the Keepers' (I-C13)."""
    r = run("play", "--help")
    assert r.exit_code == 0 and "lizards, riverfolk, duchy, corvids, hundreds or keepers" in " ".join(r.output.split())
