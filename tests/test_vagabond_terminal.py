"""The Vagabond at the terminal (issue 13, item 6): his panel (character, pawn in a clearing or
a forest, items by state: tracks, Satchel, Damaged, exhausted marked; relationships; quests face
up and completed; the quest deck's size) on the boxed board (99 columns) and the compact one (80),
his pawn on both maps, words for his actions and steps, `wyrm play` in his seat and in another,
`wyrm engine` playing a Vagabond game and `wyrm arena` at a four-seat table with him."""
from __future__ import annotations

import numpy as np
import pytest
from click.testing import CliRunner

from wyrm_ai import _core
from wyrm_ai.model.actions import KINDS
from wyrm_ai.lab.arena import run_arena
from wyrm_ai.cli import main
from wyrm_ai.model.game import Game
from wyrm_ai.model.redaction import observe
from wyrm_ai.model.textboard.boardview import render_board
from wyrm_ai.model.textboard.style import Style, visible_len
from wyrm_ai.model.textboard.words import GROUPS, STEP_WORDS, explain, group_of, step_words

from vagabond_tables import random_game

MIX = ("marquise", "eyrie", "vagabond", "wyrm")
VB_KINDS = ("character", "refresh", "slip", "vb_move", "explore", "aid", "take", "quest", "strike", "repair",
            "steal_from", "day_labor", "hideout", "damage", "drop", "coalition")
VB_STEPS = ("vagabond_character", "vagabond_setup", "quest_draw", "vagabond_refresh", "vagabond_slip",
            "vagabond_daylight", "ruin", "vagabond_take", "vagabond_steal", "vagabond_repair", "vagabond_damage",
            "vagabond_drop")


@pytest.fixture
def in_tmp(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return tmp_path


def run(*args, input=""):
    return CliRunner().invoke(main, list(args), input=input)


def test_lor_9_words_for_every_vagabond_action_and_step():
    """LoR 9.4-9.6 and D: each Vagabond action kind has words and a group heading, each of his
    steps its status words."""
    for kind in VB_KINDS:
        a = KINDS[kind][0]
        words = explain(a, 2, None, (0, 1, 3, 4))
        assert words != kind and len(words) > 8, (kind, words)
        assert any(kind in kinds for _, kinds in GROUPS), kind
    for step in VB_STEPS:
        assert step in STEP_WORDS and "_" not in step_words(step)
    assert group_of(KINDS["forest"][0], "vagabond_setup") == "Setup"
    assert "Vagabond starts in the forest" in explain(KINDS["forest"][0], 2, "vagabond_setup", (0, 1, 3, 4))


def panel_games():
    """Observations of seeded four-seat games at sampled points, with the pawn in a clearing and
    in a forest among them."""
    out = []
    for seed in range(4):
        rng = np.random.default_rng(seed)
        g = Game(first=seed % 4, factions=MIX)
        while not g.is_terminal() and len(g.record) < 700:
            if len(g.record) % 70 == 69:
                out.append(observe(g.state, "referee"))
            if g.current_player == _core.CHANCE:
                g.apply(g.sample_chance(rng))
            else:
                legal = g.legal_actions()
                g.apply(int(legal[rng.integers(len(legal))]))
    return out


@pytest.mark.parametrize("width", [99, 80])
def test_lor_9_2_the_vagabond_panel_fits_and_tells_his_board(width):
    """At 99 columns (boxed map) and 80 (compact): every line fits; the panel names his
    character, where his pawn is (a forest by its clearings), the item tracks, Satchel and
    Damaged box, his relationships, the quests face up and the deck's size."""
    forest = clearing = 0
    for d in panel_games():
        text = render_board(d, width, Style(False))
        assert all(visible_len(line) <= width for line in text.split("\n")), text
        char = _core.CHARACTER_NAMES[d["vb_char"]].capitalize()
        assert "VAGABOND" in text and char in text
        assert "Satchel (* exhausted)" in text and "Damaged" in text and "relationships:" in text
        assert "quests:" in text and f"deck {bin(d['quest_deck']).count('1')}" in text
        if d["vb_at"] >= _core.NUM_CLEARINGS:
            forest += 1
            assert f"forest {_core.FOREST_NAMES[d['vb_at'] - _core.NUM_CLEARINGS]}" in text
        else:
            clearing += 1
            assert f"clearing {d['vb_at'] + 1}" in text
    assert forest and clearing


def test_the_pawn_is_on_the_map_and_explored_ruins_are_gone():
    """The boxed map draws `V VAGABOND` in his clearing's box (a line under the map in a
    forest); a ruin he explored (LoR 9.5.3) no longer shows `[#]`."""
    explored_seen = False
    for seed in range(8):
        d = observe(random_game(MIX, seed, max_actions=500).state, "referee")
        text = render_board(d, 99, Style(False))
        assert "V VAGABOND" in text                        # in a box, or on the forest line
        explored = bin(d["explored"]).count("1")
        assert text.count("[#]") - 1 == 4 - explored       # the legend's [#] aside
        explored_seen |= explored > 0
    assert explored_seen


def test_play_as_the_vagabond_at_four_seats(in_tmp):
    """`wyrm play --as vagabond`: a whole game with the person in his seat; his panel on screen,
    and his Birdsong and Daylight decisions asked."""
    answers = "".join(f"{1 + i % 3}\n" for i in range(6000))
    r = run("play", "--factions", ",".join(MIX), "--as", "vagabond", "--level", "easy", "--seed", "5",
            "--record", "v.json", input=answers)
    assert r.exit_code == 0, r.output[-3000:]
    assert "THE VAGABOND (you)" in r.output and "Satchel" in r.output
    assert Game.load("v.json").is_terminal()


def test_engine_plays_a_vagabond_game():
    """`wyrm engine`: `new eyrie vagabond wyrm`, then `go`/`play` to the end, every reply well
    formed and the Vagabond's actions among them."""
    from test_protocol import Harness
    h = Harness()
    h.ok("new eyrie vagabond wyrm 5")
    h.ok("setoption level easy")
    for _ in range(3000):
        if h.session.game.is_terminal():
            break
        h.ok("play " + h.ok("go")[0][9:])
    g = h.session.game
    assert g.is_terminal()
    assert any(line.startswith("V: #") for line in g.record_lines())
    assert h.ok("record vagabond")


def test_arena_runs_a_four_seat_table_with_the_vagabond():
    """`wyrm arena` at {Eyrie, Alliance, Vagabond, Wyrm}: games finish, each with a winner or
    none and a score per seat."""
    result = run_arena(games=2, seed=3, jobs=1, factions=("eyrie", "alliance", "vagabond", "wyrm"),
                       drivers={"eyrie": "random", "alliance": "random", "vagabond": "random", "wyrm": "heuristic"})
    assert len(result.games) == 2
    for game in result.games:
        assert game.factions == ("eyrie", "alliance", "vagabond", "wyrm") and len(game.scores) == 4
        assert any(line.startswith("V: ") for line in game.record)
    out = CliRunner().invoke(main, ["arena", "--factions", "eyrie,alliance,vagabond,wyrm", "--games", "1", "--jobs", "1",
                                    "--ai", "vagabond=random,eyrie=random,alliance=random", "--seed", "2"])
    assert out.exit_code == 0 and "vagabond" in out.output, out.output


HUMAN_STEPS = ("vagabond_character", "vagabond_setup", "vagabond_refresh", "vagabond_slip", "vagabond_daylight",
               "vagabond_take", "vagabond_repair", "vagabond_damage", "vagabond_drop")


def test_every_vagabond_decision_a_person_may_face_has_numbered_actions_in_words():
    """His decision steps (LoR 9.3-9.6, D.3; a Revolt or Favor damaging his items, LoR 9.2.2.I):
    met in seeded games, each offers numbered actions in a known group, with words and a text
    that reads back as the same action; the prompt counts the items left to refresh, damage or
    repair."""
    from wyrm_ai.terminal.input import numbered_actions
    from wyrm_ai.terminal.session import VB_LEFT
    groups = {title for title, _ in GROUPS}
    met = set()

    def visit(g):
        if g.step in HUMAN_STEPS and g.step not in met and g.current_player >= 0:
            for c in numbered_actions(g):
                assert c.group in groups and c.words and c.text, (g.step, c)
                assert g.to_action(c.text) == c.action, (g.step, c.text)
            if g.step in VB_LEFT:
                assert g.state.to_dict()["vb_left"] > 0
            met.add(g.step)

    for seed in range(400):
        random_game(MIX if seed % 2 else ("marquise", "vagabond", "wyrm"), seed, visit=visit)
        if met == set(HUMAN_STEPS):
            break
    assert met == set(HUMAN_STEPS), set(HUMAN_STEPS) - met


def test_watch_with_the_vagabond(in_tmp):
    """`wyrm watch` seats him among AI seats and draws his panel."""
    r = run("watch", "--factions", "eyrie,vagabond,wyrm", "--ai", "eyrie=random,vagabond=random,wyrm=random",
            "--seed", "4", "--every", "5", "--no-color", "--save", "w.json")
    assert r.exit_code == 0, r.output[-3000:]
    assert Game.load("w.json").is_terminal()
    assert "VAGABOND (random)" in r.output and "relationships:" in r.output
