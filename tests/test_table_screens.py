"""Every table's screen (issue 28, item 2 and the panel texts of item 3): `wyrm play` redrawn in
place at 80x24 and at 120x40 for two, three and four seats keeps its header, the twelve
clearings, the seat to move's panel and the prompt on screen, with no line wider than the
terminal; "Since your last turn" is paged by whole sentences and holds your own actions; the
action pager fills its pages in number order; the labels say what they are. The screens are read
with pyte, a terminal emulator, from a Session driven in-process."""
from __future__ import annotations

import re

import pytest

from wyrm_ai.model.cards import BY_TOKEN
from wyrm_ai.model.game import Game
from wyrm_ai.model.textboard.boardview import render_board
from wyrm_ai.terminal.input import HELP, Choice, choice_groups
from wyrm_ai.ai.opponent import Opponent, ai_seats, opponents
from wyrm_ai.terminal.screen import Screen, compose, pages
from wyrm_ai.terminal.session import Quit, Session, scores_text
from wyrm_ai.model.textboard.board import seat_labels
from wyrm_ai.model.textboard.style import Style, strip
from positions import edit

pyte = pytest.importorskip("pyte")

TABLES = {
    "two": ("marquise", "wyrm"),
    "three": ("marquise", "eyrie", "wyrm"),
    "four": ("marquise", "eyrie", "alliance", "wyrm"),
    "vagabond": ("marquise", "eyrie", "vagabond", "wyrm"),
}
SIZES = ((80, 24), (120, 40))
PROMPT = re.compile(r" - .* > ?$")


class Term:
    """A pyte screen of columns x rows fed what the session writes (a terminal's \\n is \\r\\n);
    shots: the screen at each prompt."""

    def __init__(self, columns: int, rows: int):
        self.columns = columns
        self.screen = pyte.Screen(columns, rows)
        self.stream = pyte.Stream(self.screen)
        self.shots: list[list[str]] = []

    def out(self, text: str, nl: bool = True) -> None:
        self.stream.feed((text + ("\n" if nl else "")).replace("\n", "\r\n"))

    def lines(self) -> list[str]:
        return [line.rstrip() for line in self.screen.display]


def played(factions, typed, columns=80, rows=24, seed=3, human=0, tmp_path=None):
    """A game of `wyrm play` on a redrawn screen of columns x rows, the person typing `typed`
    (then quitting): the session and the terminal with a shot of the screen at each prompt."""
    g = Game(factions=factions)
    t = Term(columns, rows)
    feed = iter(typed)

    def read(prompt):
        t.out(prompt, nl=False)
        t.shots.append(t.lines())
        try:
            return next(feed)
        except StopIteration:
            raise EOFError from None

    ais = ai_seats(g, human)
    record = str(tmp_path / "game.json") if tmp_path else None
    s = Session(g, human, Opponent("easy", seed), seed,
                settings={"seed": seed, "human": factions[human], "level": "easy", "think": None,
                          "first": factions[0]},
                record_path=record, out=t.out, read=read, screen=lambda: (columns, rows),
                columns=columns, live=True, opponents=opponents(ais, "easy", seed, None, {}, 1))
    s.write_record = lambda: None             # nothing to save: the screens are the subject
    try:
        s.play()
    except Quit:
        pass
    return s, t


def starts(line: str) -> bool:
    """A line of the recent events that begins an action, a chance or a sentence (not a wrapped
    line's rest): indented 0, 3 or 20 columns (screen.SENTENCE_INDENTS)."""
    return len(line) - len(line.lstrip(" ")) in (0, 3, 20)


def screen_parts(*args):
    from wyrm_ai.model.textboard.compact import screen_parts as parts     # issue 28's screen parts
    return parts(*args)


def clearings_shown(text: str) -> set[int]:
    """The clearing numbers a compact map on screen shows ('12F W R#.' rows)."""
    return {int(n) for n in re.findall(r"(?:^|\s)(\d{1,2})[FRM] [A-Z-] ", text, re.M)}


def recent_lines(shot: list[str]) -> list[str]:
    """The lines under the 'Since your last turn' title, up to the actions (or the pager line)."""
    for i, line in enumerate(shot):
        if line.startswith("Since your last turn"):
            out = []
            for x in shot[i + 1:]:
                if not x.strip() or x.startswith("--") or re.match(r"^[A-Z][A-Za-z ]*:( \(continued\))?$", x):
                    break
                out.append(x)
            return out
    return []


# ---- every table at 80x24 and 120x40 ------------------------------------------------------------

@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("table", list(TABLES))
def test_every_table_keeps_the_header_the_map_and_the_prompt_on_screen(table, size):
    """issue 28: at 80x24 a four-seat game scrolled its header and clearings 1-3 (with the
    Vagabond 1-5) off the screen. At every table size and both screen sizes, every screen shows
    the status line on top, all twelve clearings, the seat to move's panel and the prompt,
    and no line is wider than the terminal."""
    columns, rows = size
    s, t = played(TABLES[table], ["1"] * 30, columns, rows)
    assert len(t.shots) >= 20
    for shot in t.shots:
        text = "\n".join(shot)
        assert shot[0].startswith(("Round ", "Setup")), text                    # the header
        assert clearings_shown(text) == set(range(1, 13)), text                 # the map
        assert "MARQUISE (you)" in text, text                                    # the seat to move
        assert any(PROMPT.search(line) and line.startswith("Marquise - ") for line in shot), text
        assert all(len(line) <= columns for line in shot), text


def test_a_four_seat_map_at_80_columns_is_two_tables_of_six():
    """issue 28: the four-seat clearing table no longer falls to 13 rows at 80 columns on the
    screen: its columns are headed by the factions' letters, as wide as their cells."""
    s, t = played(TABLES["four"], ["1"] * 12)
    d = s.game.observation(0)
    top = screen_parts(d, 80, Style(False), seat_labels(d))["top"]
    table = [line for line in top if re.match(r"^( ?\d{1,2}[FRM] |cl )", line)]
    assert len(table) == 7 and table[0].startswith("cl  R bld C") and " A " in table[0]
    assert table[1].startswith(" 1") and " 7M " in table[1]


@pytest.mark.parametrize("table", ["four", "vagabond"])
def test_the_vagabond_or_alliance_human_seat_keeps_its_whole_panel_at_80x24(table):
    """issue 28: the seat to move's panel stays whole (the others shrink to their tags) at 80x24,
    with the Alliance or the Vagabond (the longest panel) as the person's seat."""
    human = 2
    s, t = played(TABLES[table], ["1"] * 25, human=human)
    name = TABLES[table][human].upper()
    for shot in t.shots[-5:]:
        text = "\n".join(shot)
        assert shot[0].startswith(("Round ", "Setup")) and clearings_shown(text) == set(range(1, 13)), text
        assert f"{name} (you)" in text and all(len(line) <= 80 for line in shot), text
        assert ("relationships:" in text) == (table == "vagabond") or "no character yet" in text, text


# ---- "Since your last turn" ---------------------------------------------------------------------

def test_since_your_last_turn_is_paged_at_sentence_starts_not_cut_mid_sentence():
    """issue 28: "Since your last turn" showed the last lines of a long turn, once starting in
    the middle of a sentence. Each page begins where an action or a sentence begins."""
    sentence = ["W: p->3             the Wyrm goes to clearing 3",
                "                    The Wyrm eats in clearing 3: it removes 2 Marquise",
                "                      warriors and scores 2 VP for the buildings it took",
                "                      there, and the Lair grows by one treasure."] * 5
    board = ["Round 4 - Marquise | Daylight"] + [f" {n}F - .  5 9" for n in range(1, 13)]
    groups = [["Move:"] + [f"  {i}) w1->{i}" for i in range(1, 4)]]
    for page in (0, 1, 2, -1):
        sc = Screen(board, 80, "Since your last turn:", sentence, groups, recent_page=page)
        lines, _ = compose(sc, 80, 24, 0, "", Style(False))
        shown = recent_lines(lines)
        assert shown and starts(shown[0]), lines
        assert sc.recent_pages > 1
    every = []
    for page in range(sc.recent_pages):                # the pages hold every line once, in order
        sc = Screen(board, 80, "Since your last turn:", sentence, groups, recent_page=page)
        lines, _ = compose(sc, 80, 24, 0, "", Style(False))
        every += recent_lines(lines)
    assert every == sentence


def test_since_your_last_turn_pages_with_more_and_holds_your_own_actions():
    """issue 28: your own latest actions were missing from "Since your last turn" (a move that
    told no event was left out). On the screen your actions are there, in words, marked (you);
    `more` pages the recent events in the room of the actions, each page starting a sentence,
    and Enter brings the actions back."""
    s, t = played(TABLES["four"], ["1"] * 14 + ["more", "more", "more", ""])
    mine = [x for shot in t.shots for x in recent_lines(shot) if x.endswith("(you)")]
    assert any(x.startswith("C: ") and "move" in x for x in mine), mine
    reading = [shot for shot in t.shots if any("Enter: actions" in x for x in shot)]
    assert len(reading) == 3
    for shot in reading:
        shown = recent_lines(shot)
        assert len(shown) >= 5 and starts(shown[0]), shot
        assert any(x.startswith("-- your actions: Enter shows them --") for x in shot)
    last = "\n".join(t.shots[-1])
    assert re.search(r"\d+\) ", last) and "Enter: actions" not in last


def test_your_turn_opens_on_the_page_where_the_others_turns_begin():
    """issue 28: "Since your last turn" showed the last lines of 29-40, so the AI's turns were
    out of sight. At the first decision of your turn the screen shows the page where the other
    factions' turns begin (a turn's header or another faction's action is on it)."""
    s, t = played(TABLES["four"], ["t_k->1", "b_s->1", "b_w->5", "b_r->9"] + ["1"] * 40, seed=5)
    starts_of_turn = [shot for shot in t.shots
                      if re.match(r"Round [2-9] - Marquise \| Daylight \| 3 actions left", shot[0])]
    assert len(starts_of_turn) >= 3
    for shot in starts_of_turn:
        shown = recent_lines(shot)
        assert any(re.match(r"^(Round \d+ - (Eyrie|Alliance|Wyrm)$|[EAW]: )", x) for x in shown), shot


# ---- the action pager ---------------------------------------------------------------------------

def numbers(page: list[str]) -> list[int]:
    return [int(n) for line in page for n in re.findall(r"(\d+)\) ", line)]


def test_the_pager_keeps_the_number_order_and_fills_each_page():
    """issue 28: the pager sorted the groups by size, so four Field Hospitals choices (1-4) went
    on pages after a first page holding only `pass` (5): numbers out of order, pages part
    empty. Pages follow the numbers and each but the last is full (or one row short where a
    heading would end it with no action under it)."""
    groups = [["Field Hospitals:"] + [f"  {i}) hospital {i}" for i in range(1, 5)], ["Pass:", "  5) pass"]]
    board = ["Round 4 - Wyrm | Daylight"] + [f" {n}F - .  5 9" for n in range(1, 8)]
    sc = Screen(board, 80, "Since your last turn:", [], groups)
    shown = []
    for page in range(3):
        lines, n = compose(sc, 80, 14, page, "", Style(False))     # 5 rows for the actions
        assert len(lines) <= 13
        if page < n:
            shown.append(numbers(lines))
    assert [x for p in shown for x in p] == [1, 2, 3, 4, 5] and shown[0] == [1, 2, 3]
    groups.append(["Move:"] + [f"  {i}) w1->{i}" for i in range(6, 20)])
    book = pages(groups, 6)
    assert [n for p in book for n in numbers(p)] == list(range(1, 20))
    assert all(len(p) >= 5 for p in book[:-1]) and len(book) == 5


def test_the_screen_gives_the_actions_whole_pages_beside_a_long_recent():
    """issue 28: `actions page 1 of 14` with one action per page beside a long recent. At 80x24
    with 60 recent lines the actions' pages hold at least three rows of actions, in order."""
    board = ["Round 4 - Marquise | Daylight"] + [f" {n}F - .  5 9" for n in range(1, 8)]
    recent = [f"W: move {i}" for i in range(60)]
    groups = [["Field Hospitals:"] + [f"  {i}) hospital {i}" for i in range(1, 5)], ["Pass:", "  5) pass"]]
    sc = Screen(board, 80, "Since your last turn:", recent, groups)
    lines, n = compose(sc, 80, 24, 0, "", Style(False))
    assert len(lines) <= 23 and n == 1 and numbers(lines) == [1, 2, 3, 4, 5]
    many = [["Move:"] + [f"  {i}) w1->{i}" for i in range(1, 40)]]
    sc = Screen(board, 80, "Since your last turn:", recent, many)
    seen = []
    for page in range(10):
        lines, n = compose(sc, 80, 24, page, "", Style(False))
        if page < n:
            assert len(numbers(lines)) >= 3
            seen += numbers(lines)
    assert seen == list(range(1, 40))


# ---- no line over the width ---------------------------------------------------------------------

def test_help_the_intro_and_the_prompt_fit_a_narrow_terminal():
    """issue 28: on a terminal the intro and `help` ran past 80 columns and wrapped mid-word.
    On a 60-column terminal every line printed fits, wrapped at its spaces."""
    s, t = played(TABLES["four"], ["help"], columns=60, rows=40)
    out = []
    s.out = lambda text, nl=True: out.extend(text.split("\n"))
    s.introduce()
    s.say_lines(HELP)
    assert out and all(len(strip(x)) <= 60 for x in out), [x for x in out if len(strip(x)) > 60]
    joined = " ".join(x.strip() for x in out)
    assert "the Eyrie and the Alliance and the Wyrm are the AI" in joined
    assert "seat NAME" in joined and "more" in joined
    assert len(s.prompt()) <= 60


def test_a_long_action_row_is_cut_on_the_screen_and_wrapped_in_the_list():
    """issue 28: the Vagabond's Aid rows ran past the width. On the screen a row's words end in
    '...' within the width; the printed list wraps them at their spaces."""
    long = Choice(1, 0, "aid E B#foxfolksteel crossbow", "Aid",
                  "Aid the Eyrie: give Foxfolk Steel, exhaust the crossbow, then take an item")
    rows = choice_groups([long, Choice(2, 1, "pass", "Aid", "pass")], Style(False), 60)[0]
    assert all(len(r) <= 60 for r in rows) and rows[1].endswith("...")
    wrapped = choice_groups([long], Style(False), 60, "wrap")[0]
    assert all(len(r) <= 60 for r in wrapped) and "take an item" in " ".join(wrapped)


def test_the_wood_payment_message_wraps_instead_of_losing_its_end():
    """issue 28: the wood-payment line lost its end at 80 columns. The message wraps at its
    spaces under the actions, its last words on screen."""
    message = ("Enter pays 1 wood from clearing 5 and 1 wood from clearing 9 (the default); or "
               "choose one wood at a time from the list.")
    board = ["Round 4 - Marquise | Daylight"] + [f" {n}F - .  5 9" for n in range(1, 8)]
    sc = Screen(board, 80, "Since your last turn:", [], [["Pay wood:", "  1) t5->", "  2) t9->"]])
    lines, _ = compose(sc, 80, 24, 0, message, Style(False))
    assert all(len(x) <= 80 for x in lines) and lines[-1].endswith("from the list.")


# ---- the panels' texts --------------------------------------------------------------------------

def four_seat_game(decisions=30) -> Game:
    s, _ = played(TABLES["four"], ["1"] * decisions)
    return s.game


def test_an_activated_dominance_card_shows_its_suit_and_no_score():
    """issue 28: an activated dominance card showed as "crafted: Dominance" with no suit, and
    the panel and the end line still showed the score that left the track (LoR 3.3.1)."""
    g = four_seat_game()
    d = g.state.to_dict()
    fox = BY_TOKEN["f#dominance"].id
    for pile in ("hand", "discard"):
        d[pile] = [list(x) for x in d[pile]] if pile == "hand" else list(d[pile])
    d["deck"] = list(d["deck"])
    if d["deck"][fox]:
        d["deck"][fox] -= 1
    elif d["discard"][fox]:
        d["discard"][fox] -= 1
    elif d["available"][fox]:                  # lying beside the map: taken from there below
        pass
    else:
        holder = next(s for s in range(4) if d["hand"][s][fox])
        d["hand"][holder][fox] -= 1
        d["hand_size"] = [sum(h) for h in d["hand"]]
    d["available"] = [0 if i == fox else k for i, k in enumerate(d["available"])]
    eyrie = g.seat_of("eyrie")
    d["play_area"] = [list(x) for x in d["play_area"]]
    d["play_area"][eyrie][fox] = 1
    d["score"] = [12 if s == eyrie else v for s, v in enumerate(d["score"])]
    g = edit(g, **{k: d[k] for k in ("deck", "discard", "hand", "hand_size", "available", "play_area", "score")})
    for width in (80, 99):
        text = render_board(g.observation(0), width)
        assert "dominance (fox) activated" in text
        assert "crafted: Dominance" not in text and "12 VP" not in text
    end = scores_text(g, " VP")
    assert "Eyrie: dominance (fox) activated" in end and "Eyrie 12" not in end


def test_the_labels_say_what_they_are():
    """issue 28: `Martial Law: 8` did not say what it does; `you know of:` read as another
    seat's card; `Marquise 1` for a Vagabond relationship; the item supply was never shown."""
    g = four_seat_game()
    d = g.observation(0)
    d["sympathy_track"] = dict(d["sympathy_track"], martial_law=[7])
    d["known"][0][1] = [0] * len(d["known"][0][1])
    d["known"][0][1][BY_TOKEN["f#anvil"].id] = 1
    text = render_board(d, 80)
    assert "Martial Law: 8 (sympathy there costs +1 supporter)" in text
    assert "you know the Eyrie's hand holds F#anvil" in text and "you know of:" not in text
    assert re.search(r"^items to craft: boots \d", text, re.M) is None     # the static board: none
    parts = screen_parts(d, 80, Style(False), seat_labels(d))
    assert any(x.startswith("items to craft: ") or "| items to craft: " in x for x in parts["hand"])
    assert "items to craft: boots" in render_board(d, 99)
    vb = played(TABLES["vagabond"], ["1"] * 40)[0].game.observation(0)
    vb["vb_rel"] = [2, 1, 0, 0, -1, 0][:len(vb["vb_rel"])]
    vtext = " ".join(render_board(vb, 80).split())          # the panel's lines, wrapped at spaces
    assert "Marquise: 2 steps to Allied" in vtext and "Eyrie: 1 step to Allied" in vtext
    assert "Wyrm: Hostile" in vtext and "Marquise 1" not in vtext


def test_seat_shows_a_factions_whole_panel_and_panels_prints_them_all():
    """issue 28: the other factions' panels shrink to a line each at 80x24; `seat FACTION` puts
    that faction's whole panel on the screen (`seat` alone: back), `panels` prints the whole
    board below it."""
    s, t = played(TABLES["four"], ["1"] * 12 + ["seat alliance", "seat", "panels", "seat nobody"])
    alliance = t.shots[-4:]                 # after: seat alliance, seat, panels, seat nobody
    text = "\n".join(alliance[0])
    assert "ALLIANCE (AI)" in text and "Martial Law" in text and "supporters" in text, text
    assert "Martial Law" not in "\n".join(alliance[1])
    assert all(len(x) <= 80 for shot in alliance for x in shot)
    assert any("no faction 'nobody' at this table" in x for x in t.lines())


def test_a_refused_craft_shows_the_item_supply():
    """issue 28: the item supply was never shown, so a craft refused for want of the item went
    unexplained. The refusal (the core's: the action is not legal) shows the items to craft."""
    from positions import started
    from wyrm_ai.model.errors import WyrmError
    from wyrm_ai.terminal.input import numbered_actions, read_command, resolve
    g = edit(started(hands=(("F#anvil",), ())), item_supply=[2, 2, 1, 0, 2, 2, 2], items_lost=[0, 0, 0, 1, 0, 0, 0])
    with pytest.raises(WyrmError) as refused:
        resolve(read_command("ZF#anvil"), g, numbered_actions(g))
    assert "is not legal now" in str(refused.value)
    assert "items to craft: boots 2, bag 2, crossbow 1, sword 2, tea 2, coins 2" in str(refused.value)
