"""The terminal at five and six seats (issue 32 item 3: "the terminal and web boards at six (80x24
included: the layout may page the faction panels)"; LoR 5.2 counts tables of two to six players).
Seeded random games of the five- and six-seat tables (tests/mixes.py FIVE_SIX_MIXES) are played
forward with random legal moves; at many of their positions `wyrm play`'s screen, driven
in-process, is drawn at 80x24 (and wider), and every screen drawn fits (no line wider than the
terminal, the lines and the prompt within its rows, the status line on top), `seat FACTION` shows
each faction's whole panel, `seat next` pages through every faction's panel in seat order and
Enter brings the actions back. The boxed map (99 columns and more) is drawn when the terminal has
full_height(seats) rows and is replaced by the compact board where a long hand would not leave it
room. `wyrm watch` and `wyrm play` seat the five and six. The screens are read with pyte."""
from __future__ import annotations

import re

import numpy as np
import pytest
from click.testing import CliRunner

from wyrm_ai import _core
from wyrm_ai.ai.opponent import Opponent, ai_seats, opponents
from wyrm_ai.cli import main
from wyrm_ai.model.factions import TITLES, faction_id, is_bot
from wyrm_ai.model.textboard.board import full_height, seat_labels
from wyrm_ai.model.textboard.compact import screen_parts
from wyrm_ai.model.textboard.style import Style, strip, visible_len
from wyrm_ai.terminal.screen import HOME_CLEAR, PANEL_PAGER, board_width
from wyrm_ai.terminal.session import Quit, Session

from mixes import FIVE_SIX_MIXES, mix_id, new_game, players_for
from positions import modify

pyte = pytest.importorskip("pyte")

SIX = FIVE_SIX_MIXES[1]
NUMBERED = re.compile(r"^ +\d+\) ")                 # an action's row in the list on screen


class Screens:
    """A pyte terminal of columns x rows fed what the session writes, keeping each screen as
    drawn (its lines, before the prompt) and, at each prompt, the screen as the person sees it
    with the game's observation for the seat there."""

    def __init__(self, columns: int, rows: int):
        self.columns, self.rows = columns, rows
        self.screen = pyte.Screen(columns, rows)
        self.stream = pyte.Stream(self.screen)
        self.drawn: list[list[str]] = []
        self.shots: list[tuple[list[str], str, dict]] = []   # (screen, prompt, observation)

    def out(self, text: str, nl: bool = True) -> None:
        if text.startswith(HOME_CLEAR):
            self.drawn.append(text[len(HOME_CLEAR):].split("\n"))
        self.stream.feed((text + ("\n" if nl else "")).replace("\n", "\r\n"))

    def lines(self) -> list[str]:
        return [line.rstrip() for line in self.screen.display]


def positions(mix, seed: int, every: int, limit: int):
    """Clones of a seeded random game of mix (random legal moves, the bot by its rules; the
    E&P deck at odd seeds), every `every` actions or so, where a seat a person may play decides."""
    g = new_game(mix, seed % len(mix), seed, deck="ep" if seed % 2 else "standard")
    rng, players = np.random.default_rng(seed), players_for(mix, seed)
    out, due = [], every
    while not g.is_terminal() and len(out) < limit:
        seat = g.current_player
        if len(g.record) >= due and seat != _core.CHANCE and not is_bot(mix[seat]):
            out.append(g.clone())
            due = len(g.record) + every
        g.apply(g.sample_chance(rng) if seat == _core.CHANCE else players[seat].choose(g))
    return out


def screens(game, typed: list[str], columns: int = 80, rows: int = 24) -> Screens:
    """`wyrm play`'s redrawn screen of columns x rows for the seat deciding in game (the others
    the easy AI's), the person typing `typed`, then leaving."""
    human = game.current_player
    t = Screens(columns, rows)
    feed = iter(typed)
    held = {}

    def read(prompt):
        t.out(prompt, nl=False)
        t.shots.append((t.lines(), prompt, held["session"].game.observation(human)))
        try:
            return next(feed)
        except StopIteration:
            raise EOFError from None

    seed = 3
    ais = ai_seats(game, human)
    s = Session(game, human, Opponent("easy", seed), seed,
                settings={"seed": seed, "human": game.factions[human], "level": "easy", "think": None,
                          "first": game.factions[game.first]},
                record_path=None, out=t.out, read=read, screen=lambda: (columns, rows), columns=columns,
                live=True, auto=False, opponents=opponents(ais, "easy", seed, None, {}, 1))
    held["session"] = s
    s.write_record = lambda: None             # nothing to save: the screens are the subject
    try:
        s.play()
    except Quit:
        pass
    return t


def assert_fits(t: Screens) -> None:
    """Every screen drawn has no line wider than the terminal and leaves the prompt's row; every
    prompt fits the width; the top line stays on top (nothing scrolled off): the status line, or
    the boxed map's clearing 1."""
    assert t.drawn
    for lines in t.drawn:
        assert len(lines) <= t.rows - 1, "\n".join(lines)
        assert all(visible_len(x) <= t.columns for x in lines), [x for x in lines if visible_len(x) > t.columns]
    for shot, prompt, _ in t.shots:
        assert visible_len(prompt) <= t.columns, prompt
        assert shot[0].startswith(("Round ", "Setup", "+- 1 ")), "\n".join(shot)


def panel_lines(d: dict, seat: int, width: int = 80) -> list[str]:
    """The lines of a seat's whole panel on the compact screen (compact.screen_parts), plain."""
    parts = screen_parts(d, width, Style(False), seat_labels(d))
    return next([strip(x).rstrip() for x in lines] for s, lines, _ in parts["panels"] if s == seat)


def shows_whole(shot: list[str], lines: list[str]) -> bool:
    """Whether the screen holds these lines one under another."""
    k = len(lines)
    return any(shot[i:i + k] == lines for i in range(len(shot) - k + 1))


def reading_typed(mix) -> list[str]:
    """`seat` each faction by name, `seat` (yours only), `seat next` once round the table from
    yours, Enter (the actions), `more`, Enter (the actions), Enter (their next page)."""
    return [f"seat {f}" for f in mix] + ["seat"] + ["seat next"] * len(mix) + ["", "more", "", ""]


# ---- 80x24: every screen fits, every panel is reached -------------------------------------------

@pytest.mark.parametrize("mix", FIVE_SIX_MIXES, ids=mix_id)
def test_every_screen_fits_80x24_and_seat_reaches_every_panel(mix):
    """issue 32 item 3 at 80x24: at positions along seeded random games of five and six seats,
    every screen fits (lines, rows, prompt; the status on top), the seat to move's panel is on
    screen (at least its first line), `seat FACTION` shows that faction's whole panel, yours too,
    for every faction seated (in the rows of the actions where nothing else leaves room for it),
    `seat next` pages through every faction's whole panel in seat order from yours, and Enter
    brings the actions back."""
    typed = reading_typed(mix)
    n, paged, tried = len(mix), 0, 0
    for seed in (11, 12, 13):
        for g in positions(mix, seed, every=37, limit=10):
            human = g.current_player
            t = screens(g, typed)
            assert_fits(t)
            assert len(t.shots) == len(typed) + 1, [p for _, p, _ in t.shots]
            shot, _, d = t.shots[0]
            assert panel_lines(d, human)[0] in shot, "\n".join(shot)
            assert any(NUMBERED.match(x) for x in shot), "\n".join(shot)
            for j, word in enumerate(typed):
                shot, _, d = t.shots[j + 1]
                text = "\n".join(shot)
                if word == "seat next":
                    seat = (human + j - n) % n                      # the (j - n)-th `seat next`
                    assert shows_whole(shot, panel_lines(d, seat)), (mix[seat], text)
                elif word.startswith("seat "):
                    seat = mix.index(word[5:])
                    assert shows_whole(shot, panel_lines(d, seat)), (mix[seat], text)
                elif word == "seat":                                # yours only: the actions again
                    assert PANEL_PAGER not in text and any(NUMBERED.match(x) for x in shot), text
                paged += PANEL_PAGER in text
            back = t.shots[2 * n + 2][0]                # Enter after `seat next`: the actions again
            assert PANEL_PAGER not in "\n".join(back) and any(NUMBERED.match(x) for x in back), "\n".join(back)
            tried += 1
    assert tried >= 25
    assert paged > 0                 # the rows are short: some panel took the rows of the actions


@pytest.mark.parametrize("mix", FIVE_SIX_MIXES, ids=mix_id)
def test_the_actions_pages_and_more_fit_80x24(mix):
    """issue 32 item 3: playing on at 80x24 (the first action each time, the AI answering), `more`
    and Enter's pages of the actions keep every screen within the terminal, the actions' numbers
    on each."""
    g = positions(mix, 21, every=40, limit=1)[0]
    t = screens(g, (["1"] * 6 + ["more", "", "", "seat next", ""]) * 4)
    assert_fits(t)
    assert len(t.shots) > 30
    assert sum(any(NUMBERED.match(x) for x in shot) for shot, _, _ in t.shots) > len(t.shots) // 2


def test_a_wide_short_terminal_keeps_the_side_panel_and_pages_the_panels():
    """issue 32 item 3 at 120x30 (the recent events a side panel beside the compact board): every
    screen fits and `seat FACTION` shows each whole panel at six seats."""
    typed = [f"seat {f}" for f in SIX] + [""]
    for g in positions(SIX, 31, every=37, limit=4):
        t = screens(g, typed, 120, 30)
        assert_fits(t)
        for j, f in enumerate(SIX):
            shot, _, d = t.shots[j + 1]
            left = [x[:80].rstrip() for x in shot]
            assert shows_whole(left, panel_lines(d, SIX.index(f))), (f, "\n".join(shot))


# ---- the boxed map at 99 columns and more --------------------------------------------------------

def test_full_height_counts_each_seat_more():
    """The boxed map grows a line per seat in each of its four rows of boxes, a panel and a hand's
    size: full_height grows by that (90 rows at six seats), and a terminal one row shorter gets the
    compact board."""
    assert [full_height(n) for n in range(2, 7)] == [50, 60, 70, 80, 90]
    for n in (5, 6):
        assert board_width(99, full_height(n), n) == 99 and board_width(140, full_height(n), n) == 99
        assert board_width(99, full_height(n) - 1, n) == 80


@pytest.mark.parametrize("mix", FIVE_SIX_MIXES, ids=mix_id)
@pytest.mark.parametrize("columns", [99, 140])
def test_the_boxed_map_at_full_height_fits_five_and_six_seats(mix, columns, request):
    """issue 32 item 3: at full_height(seats) rows the screen is the boxed map with every panel,
    the hand, a page of actions (and the recent events, below it or beside it at 140 columns)
    whenever they fit, which they do with a usual hand; a long hand gives the compact board
    instead, never a screen taller than the terminal."""
    if {"duchy", "vagabond", "alliance"} <= set(mix) and len(mix) == 5 and columns == 99:
        request.applymarker(pytest.mark.xfail(strict=True, reason=(
            "issue 34, left open: at five seats the Duchy's, the Vagabond's and the Alliance's panels together (8.3, "
            "6.0 and 5.7 rows on average, measured at HDVAW; the Riverfolk's at DOVAW 5.6, the Hundreds' at HDVAW 2.9) "
            "make the boxed map taller than full_height(5) rows at 99 columns, so the screen falls back to the compact "
            "board")))
    rows = full_height(len(mix))
    boxed = shown = 0
    for seed in (41, 42):
        for g in positions(mix, seed, every=31, limit=6):
            t = screens(g, ["seat next", ""], columns, rows)
            assert_fits(t)
            for lines in t.drawn:
                shown += 1
                boxed += lines[0].startswith("+- ")         # the boxed map's first clearing
    assert shown >= 24 and boxed >= 0.75 * shown, (boxed, shown)


def test_a_long_hand_gives_the_compact_board_not_a_screen_too_tall():
    """issue 32 item 3: full_height counts a usual hand; with twelve cards in hand at six seats the
    boxed map, the hand's card texts and a page of actions would run past the terminal's rows, so
    the screen is the compact board (every panel reached with `seat next`), and fits."""
    g = positions(SIX, 51, every=40, limit=1)[0]
    human = g.current_player

    def deal(d):                             # twelve cards from the deck into the person's hand
        for t, k in enumerate(d["deck"]):
            take = min(k, 12 - d["hand_size"][human])
            d["deck"][t] -= take
            d["hand"][human][t] += take
            d["hand_size"][human] += take
        d["deck_size"] = sum(d["deck"])
    g = modify(g, deal)
    assert sum(g.observation(human)["hand"][human]) == 12
    rows = full_height(len(SIX))
    t = screens(g, ["seat next"] * len(SIX) + [""], 99, rows)
    assert_fits(t)
    assert all(lines[0].startswith("Round ") for lines in t.drawn)          # the compact board
    for k in range(1, len(SIX) + 1):
        shot, _, d = t.shots[k]
        assert shows_whole([x[:80].rstrip() for x in shot], panel_lines(d, (human + k) % len(SIX)))


# ---- wyrm play and wyrm watch at five and six seats --------------------------------------------

def test_watch_six_seats_at_80_columns(tmp_path, monkeypatch):
    """`wyrm watch` at six seats in 80 columns (a pipe: COLUMNS=80): every board and every told
    action fits (the bot's introduction and the result line print whole, as a transcript does),
    each faction's panel is printed with its driver, and the game ends in a win (LoR 3.1)."""
    monkeypatch.chdir(tmp_path)
    r = CliRunner().invoke(main, ["watch", "--factions", ",".join(SIX), "--ai",
                                  ",".join(f"{f}=random" for f in SIX if not is_bot(f)),
                                  "--seed", "4", "--every", "12", "--no-color"], env={"COLUMNS": "80"})
    assert r.exit_code == 0, r.output[-3000:]
    lines = [x for x in r.output.splitlines() if not x.startswith(("The Mechanical Marquise is a bot", "seed 4: "))]
    assert len(lines) > 500 and all(len(x) <= 80 for x in lines), [x for x in lines if len(x) > 80]
    for head in ("MARQUISE (random)", "EYRIE (random)", "ALLIANCE (random)", "VAGABOND (random)",
                 "WYRM (random)", "MECHANICAL MARQUISE (bot)"):
        assert head in r.output, head
    assert re.search(r"seed 4: [\w-]+ wins, marquise \d+ - eyrie \d+ - alliance \d+ - vagabond \d+ - wyrm \d+ - "
                     r"mechanical-marquise \d+", r.output)


@pytest.mark.parametrize("mix", FIVE_SIX_MIXES, ids=mix_id)
def test_play_seats_five_and_six_and_shows_every_panel(mix, tmp_path, monkeypatch):
    """`wyrm play --factions` at five and six seats (in a pipe): the introduction names every AI
    seat, the board shows every faction's panel, and the person plays on."""
    monkeypatch.chdir(tmp_path)
    r = CliRunner().invoke(main, ["play", "--factions", ",".join(mix), "--as", "alliance", "--level", "easy",
                                  "--seed", "2", "--record", "g.json"], input="1\n" * 12 + "quit\n")
    assert r.exit_code == 0 and "Traceback" not in r.output, r.output[-3000:]
    assert r.output.startswith("You are the Alliance; the ")
    for f in mix:
        label = "bot" if is_bot(f) else ("you" if f == "alliance" else "AI")
        assert f"THE {TITLES[faction_id(f)].upper()} ({label})" in r.output, f      # its panel, by its title
