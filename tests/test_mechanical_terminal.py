"""The Mechanical Marquise at the terminal (issue 14, item 1): its warriors, buildings and Keep on
the boxed map (99 columns) and the compact one (80 and less), told apart from the Marquise's by
its letter M and its own glyphs and colour; its panel (options, order card during its turn,
building tracks with their Evening VP, supply, Keep, priority markers); words for its chance
outcomes and steps; `wyrm play` and `wyrm watch` telling its turn step by step."""
from __future__ import annotations

import numpy as np
import pytest
from click.testing import CliRunner

from wyrm_ai import _core
from wyrm_ai.model.actions import encode, piece
from wyrm_ai.model.cards import CARDS, card
from wyrm_ai.cli import main
from wyrm_ai.model.game import Game
from wyrm_ai.model.redaction import observe
from wyrm_ai.model.textboard.board import turn_words
from wyrm_ai.model.textboard.boardview import render_board
from wyrm_ai.model.textboard.boardview import board_text
from wyrm_ai.model.textboard.style import PALETTES, Style, strip, visible_len
from wyrm_ai.model.textboard.words import STEP_WORDS, explain, step_words

from positions import edit
from test_mechanical_notation import random_bot_game

M3 = ("marquise", "mechanical-marquise", "wyrm")
ANVIL = card("F#anvil").id
MM_STEPS = ("mechanical_keep", "mechanical_setup_build", "mechanical_order", "mechanical_daylight")


def set_up(keep=1, sawmill=5, workshop=9, recruiter=10) -> Game:
    """A Marquise-bot-Wyrm game after setup: the Marquise's Keep in 3 (buildings in 3, 7, 6), the
    bot's Keep and starting buildings as given (MM2 §4), the Wyrm placed; at the first Birdsong."""
    g = Game(first=0, factions=M3)
    rng = np.random.default_rng(0)
    while g.step == "deal":
        g.apply(g.sample_chance(rng))
    for text in ("t_k->3", "b_s->7", "b_w->6", "b_r->3", f"Mt_k->{keep}", f"Mb_s->{sawmill}",
                 f"Mb_w->{workshop}", f"Mb_r->{recruiter}"):
        g.apply(text)
    g.apply(g.legal_actions()[0])                    # the Wyrm's pawn
    return g


def box(text: str, n: int) -> list[str]:
    """The lines inside clearing n's box on the boxed map (its column of the grid)."""
    rows = text.split("\n")
    for i, row in enumerate(rows):
        at = row.find(f"+- {n} ")
        if at >= 0:
            out = []
            for below in rows[i + 1:]:
                cell = below[at:at + 24]
                if cell.startswith("+-"):
                    return out
                out.append(cell.strip("|").strip())
    raise AssertionError(f"no box for clearing {n}")


# ---- the boxed map and the panel ------------------------------------------------------------------

def test_mm2_3_the_bot_is_a_marquise_told_apart_on_the_boxed_map():
    """MM2 §3, §4: its Keep and garrison (`M 2w KEEP` in the Keep's box), its buildings as `<S>`
    `<W>` `<R>` (the Marquise's `[S]` `[W]` `[R]`), its line tagged M beside the Marquise's C in a
    clearing both hold, and the legend says so."""
    g = set_up()
    text = render_board(observe(g.state, 0), 99)
    assert "M 2w KEEP" in box(text, 1) and "<S>" in box(text, 5)[0]
    assert "<W>" in box(text, 9)[0] and "<R>" in box(text, 10)[0]
    assert "C 1w KEEP" in box(text, 3) and "[R]" in box(text, 3)[0] and "<" not in box(text, 3)[0]
    both = box(text, 7)                               # the Marquise's sawmill and garrison, the bot's warrior
    assert "[S]" in both[0] and any(x.startswith("C 1w") for x in both) and "M 1w" in both
    assert "M Mech. Marquise: w warriors, KEEP, <S><W><R>" in text
    assert "M rules" in text


def test_mm2_3_its_panel_options_tracks_supply_keep_and_priority():
    """MM2 §3 (tracks: Evening VP one less than the buildings of the type on the map), §8, §9
    (options), §1 (priority markers): the panel of the bot, with no hand line for it."""
    g = set_up()
    g.state = _core.State.from_dict({**g.state.to_dict(), "mm_variant": 1, "mm_level": 3, "mm_traits": 5})
    d = g.state.to_dict()
    builds = [list(r) for r in d["mm_buildings"]]
    builds[0][10], builds[0][11], builds[0][7] = 1, 1, 1          # 4 sawmills on the map
    g = edit(g, mm_buildings=builds)
    text = render_board(observe(g.state, 0), 99)
    panel = "\n".join(text[text.index("THE MECHANICAL MARQUISE"):].split("\n")[:4])
    assert panel.startswith("THE MECHANICAL MARQUISE (bot)  0 VP")
    assert "dc, nightmare, traits: blitz, hospitals" in panel and "order: none (revealed at its Birdsong)" in panel
    assert "tracks (Evening VP): sawmills 4/6 +3, workshops 1/6 +0, recruiters 1/6 +0   Keep: clearing 1" in panel
    assert "supply: 13 warriors" in panel and "priority: clearing n is marker n (1 first)" in panel
    assert "Mechanical Marquise's hand" not in text and "The Wyrm's hand" in text


def with_order(g: Game, suit: str) -> tuple[Game, int]:
    """g with a card of suit from the deck as the bot's order card (MM2 §5), and that card."""
    d = g.state.to_dict()
    t = next(t for t, n in enumerate(d["deck"]) if n and CARDS[t].suit == suit)
    deck = list(d["deck"])
    deck[t] -= 1
    return edit(g, deck=deck, deck_size=d["deck_size"] - 1, mm_order=t), t


def test_mm2_5_the_order_card_shows_during_its_turn():
    """MM2 §5 (the order card is face up until Evening), §2.2 (a bird order names every clearing),
    §11 (its Evening scores the ordered track): the panel names the card, its suit, the clearings
    and the Evening VP it would score now, to every viewer."""
    builds = [list(r) for r in set_up().state.to_dict()["mm_buildings"]]
    builds[0][7] = 1                                     # 2 sawmills: the fox track scores 1
    g, t = with_order(edit(set_up(), mm_buildings=builds), "fox")
    token, name = CARDS[t].token, CARDS[t].name
    for viewer in (0, 2, "public"):
        text = render_board(observe(g.state, viewer), 99)
        assert f"order: {token} {name} (fox): fox clearings 1 6 8 12 -> Evening +1 VP" in text
    bird, b = with_order(set_up(), "bird")
    assert (f"order: {CARDS[b].token} {CARDS[b].name} (bird): Escalated Daylight, "
            "every clearing -> Evening +0 VP") in render_board(observe(bird.state, 0), 99)
    compact = render_board(observe(g.state, 0), 80)
    assert f"order: {token} (fox): fox clearings 1 6 8 12 -> Evening +1 VP" in compact


def test_mm2_the_keep_removed_for_good_and_before_setup():
    """MM2 §3: a removed Keep leaves the game for good; before its setup there is none yet."""
    g = edit(set_up(), mm_keep=-1)
    assert "Keep: removed (for good)" in render_board(observe(g.state, 0), 99)
    g = Game(first=0, factions=M3)
    assert "Keep: not placed yet" in render_board(observe(g.state, 0), 99)


# ---- the compact board -----------------------------------------------------------------------------

def test_mm2_the_compact_map_has_its_column_and_lower_case_buildings():
    """The compact table: a `Mech` column (`2w K` at its Keep), its buildings in lower case
    (`s`, `w`, `r`) beside the Marquise's upper case, and its summary."""
    g = set_up()
    text = render_board(observe(g.state, 0), 80)
    lines = text.split("\n")
    head = next(line for line in lines if line.startswith("cl "))
    assert "Mech" in head and head.index("Marquise") < head.index("Mech")
    first = next(line for line in lines if line.startswith(" 1F"))
    assert "2w K" in first                                          # its Keep and garrison
    slots = lambda n: next(line for line in lines if line.startswith(f"{n:>2}"))[6:9]   # noqa: E731
    assert slots(5).startswith("s") and slots(9).startswith("w")    # its sawmill and workshop
    assert slots(3).startswith("R")                                 # the Marquise's recruiter
    assert "1w K" in next(line for line in lines if line.startswith(" 3R"))     # and her Keep
    assert "MECHANICAL MARQUISE (bot) 0 VP" in text and "tracks (Evening VP): sawmills 1/6 +0" in text
    assert "Mechanical Marquise:" not in text          # no hand for it on the hand row


@pytest.mark.parametrize("width", [99, 80, 50])
def test_mm2_boards_fit_their_width_in_games_with_the_bot(width):
    """At 99 (boxed), 80 and 50 columns, over seeded three- and four-seat games with the bot:
    every line fits, the bot's panel is there, and colour changes no visible text."""
    for seed, table in enumerate((M3, ("mechanical-marquise", "eyrie", "alliance", "vagabond"),
                                  ("marquise", "mechanical-marquise", "eyrie", "wyrm"))):
        g = random_bot_game(table, seed, max_actions=300 + 100 * seed, mm_traits=15)
        d = observe(g.state, "referee")
        text = render_board(d, width, Style(False))
        assert all(visible_len(line) <= width for line in text.split("\n")), text
        assert "MECHANICAL MARQUISE" in text and "tracks (Evening VP)" in text
        for palette in PALETTES:
            assert strip(render_board(d, width, Style(True, palette))) == text


def test_the_two_marquises_have_different_colours_in_every_palette():
    """Colour helps tell the Marquise and the bot apart (their letters C and M always do)."""
    for name, theme in PALETTES.items():
        assert theme["mechanical-marquise"] != theme["marquise"], name


def test_board_text_for_public_and_referee_views_with_the_bot():
    """boardview (showboard, str(Game)): the public and referee boards draw the bot with no
    hand for it."""
    g = set_up()
    for viewer in ("public", "referee"):
        text = board_text(g, viewer)
        assert "THE MECHANICAL MARQUISE (mechanical-marquise)" in text and "M 2w KEEP" in text
        assert "MECHANICAL-MARQUISE HAND" not in text or viewer == "referee"


# ---- words -------------------------------------------------------------------------------------------

def test_mm2_words_for_its_steps_and_chance_outcomes():
    """MM2 §4, §5, §2.1: each of its steps has status words and a setup owner; its chance outcomes
    say whose they are and that chance picked them."""
    for st in MM_STEPS:
        assert st in STEP_WORDS and "_" not in step_words(st)
    table = (0, 5, 4)
    assert explain(encode("keep", 0), -1, "mechanical_keep", table) == \
        "the Mechanical Marquise's Keep goes to corner clearing 1 (at random)"
    assert explain(encode("build", 1, 8), -1, "mechanical_setup_build", table) == \
        "the Mechanical Marquise's starting workshop goes to clearing 9 (at random)"
    assert explain(encode("remove", piece("recruiter"), 4), -1, "battle_hits", table) == \
        "the hit removes the Mechanical Marquise's recruiter in clearing 5 (at random)"
    assert explain(encode("draw", ANVIL), -1, "mechanical_order", table) == \
        "the Mechanical Marquise reveals Anvil from the deck as its order card"
    assert explain(encode("keep", 0), 0, "marquise_keep", table) == "place the Keep in clearing 1"
    g = Game(first=0, factions=M3)
    while g.step != "mechanical_keep":
        g.apply(g.legal_actions()[0] if not g.is_chance_node() else g.chance_outcomes()[0][0])
    assert turn_words(observe(g.state, 0)) == "Setup - the Mechanical Marquise"


# ---- wyrm play and wyrm watch -----------------------------------------------------------------------

@pytest.fixture
def in_tmp(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_mm2_wyrm_play_tells_the_bots_turn_step_by_step(in_tmp):
    """`wyrm play` at a Marquise-bot-Wyrm table, the person the Wyrm: the bot is introduced as
    playing by its own rules, and its turn comes under its own header: its order card (named:
    it is public), then a line per step and its Evening."""
    answers = "1\n" * 40 + "quit\n"
    r = CliRunner().invoke(main, ["play", "--factions", ",".join(M3), "--as", "wyrm", "--level", "easy",
                                  "--seed", "4", "--record", "g.json"], input=answers, catch_exceptions=False)
    assert r.exit_code == 0, r.output[-3000:]
    out = r.output
    assert "You are the Wyrm; the Marquise is the AI, easy" in out
    assert "The Mechanical Marquise is a bot (the rules play it): original rules, normal difficulty, no traits." in out
    assert "Round 1 - Mechanical Marquise" in out
    assert "?: Mt_k->" in out and "the Mechanical Marquise's Keep goes to corner" in out
    assert "as its order card" in out and "The Mechanical Marquise's order is" in out
    assert "#?" not in out.split("Round 1 - Mechanical Marquise")[1].split("\n")[1]
    for words in ("Recruit: the Mechanical Marquise", "Build: the Mechanical Marquise",
                  "Move: the Mechanical Marquise", "Evening: "):
        assert words in out, words
    assert "THE MECHANICAL MARQUISE (bot)" in out


def test_mm2_wyrm_watch_shows_the_bots_turns(in_tmp):
    """`wyrm watch` seats the bot beside AI seats: its setup, turns under their headers and its
    panel."""
    r = CliRunner().invoke(main, ["watch", "--factions", ",".join(M3), "--ai", "marquise=random,wyrm=random",
                                  "--seed", "4", "--every", "6", "--no-color", "--save", "w.json"])
    assert r.exit_code == 0, r.output[-3000:]
    assert Game.load("w.json").is_terminal()
    out = r.output
    assert "?: Mt_k->" in out and "Round 1 - Mechanical Marquise" in out
    assert "The Mechanical Marquise garrisons the map" in out and "MECHANICAL MARQUISE (bot)" in out
    assert "Evening: " in out


def test_mm2_the_bot_is_nobodys_seat(in_tmp):
    """MM2 §2 (the bot makes no decision): `wyrm play --as` the bot is a usage error naming the
    seats a person may take; with no --as at a table it opens, the person takes the first other
    seat."""
    r = CliRunner().invoke(main, ["play", "--factions", "mechanical-marquise,wyrm", "--as", "mm", "--level", "easy"])
    assert r.exit_code == 2 and "is a bot" in r.output and "play one of wyrm" in r.output
    r = CliRunner().invoke(main, ["play", "--factions", "mechanical-marquise,wyrm", "--level", "easy", "--seed", "2",
                                  "--record", "b.json"], input="quit\n")
    assert r.exit_code == 0 and r.output.startswith("You are the Wyrm.")


def test_mm2_5_the_status_line_names_its_order_during_its_turn():
    """MM2 §5: while the bot's turn waits on someone else (a battle it started: the dice, the
    defender's hits), the status line names its order card; outside its turn nothing."""
    seen = []

    def visit(g):
        d = observe(g.state, 0)
        if not seen and d["turn"] == 1 and g.step == "battle_roll" and d["turn_number"]:
            seen.append(d)

    random_bot_game(M3, 1, visit=visit, max_actions=600)
    d = seen[0]
    first = strip(render_board(d, 80)).split("\n")[0]
    assert first.startswith(f"Round {(d['turn_number'] + 2) // 3} - Mechanical Marquise | battle: rolling | "
                            f"order {CARDS[d['mm_order']].token} ({CARDS[d['mm_order']].suit})"), first
    assert "order " not in strip(render_board(observe(set_up().state, 0), 80)).split("\n")[0]


def test_mm2_3_11_the_public_fact_behind_the_panel():
    """MM2 §3 (each track scores one less than its buildings on the map), §11 (the Evening
    scores the ordered track, a bird order the best one), §2.2 (a bird order names every
    clearing): _core.public_facts' `mechanical`, None without the bot."""
    for seed in range(3):
        g = random_bot_game(M3, seed, max_actions=150 + 50 * seed)
        d = g.state.to_dict()
        fact = _core.public_facts(g.state)["mechanical"]
        on = [sum(row) for row in d["mm_buildings"]]
        assert fact["on_map"] == on and fact["track_vp"] == [max(0, n - 1) for n in on]
        if d["mm_order"] < 0:
            assert fact["evening_vp"] is None and fact["ordered"] == []
    g, t = with_order(set_up(), "bird")
    fact = _core.public_facts(g.state)["mechanical"]
    assert fact["ordered"] == list(range(12)) and fact["evening_vp"] == max(fact["track_vp"])
    g, t = with_order(set_up(), "mouse")
    fact = _core.public_facts(g.state)["mechanical"]
    assert fact["ordered"] == [1, 6, 8, 10] and fact["evening_vp"] == fact["track_vp"][2]
    assert _core.public_facts(Game().state)["mechanical"] is None
