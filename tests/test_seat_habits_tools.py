"""The seat-habit tools of issue 31 item 3 (tools/marquise_habits.py): they read the game as the
rules have it. Their numbers are measurements (docs/strength.md), not asserted here."""
from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest


def tool(name: str):
    path = Path(__file__).parents[1] / "tools" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("text,kind", [
    ("b_s->5", "build"), ("b_r->12", "build"), ("recruit", "recruit"), ("w->5", "recruit"),
    ("2w1->5", "move"), ("w3->7", "move"), ("XW5", "battle"), ("XE12", "battle"),
    ("overwork 5 F#anvil", "overwork"), ("pass", "other"), ("b_s5->", "other")])
def test_marquise_actions_are_read_by_their_notation(text, kind):
    """docs/notation.md's Marquise forms: build b_X->N, recruit, moves, battles X, overwork."""
    assert tool("marquise_habits").kind_of(text) == kind


def test_marquise_habits_follows_her_pieces_through_a_game():
    """One heuristic game: her buildings at the start of each round's turn never exceed the
    Marquise's 6 of each type (LoR 6.1) nor her warriors her 25, and in round 1 she has her setup's
one of each."""
    habits = tool("marquise_habits")
    r = habits.play_one(((0, 1, 4), 3, "easy", "easy", 150))[0]
    assert r["at_round"] and min(r["at_round"]) == 1 and sum(r["kinds"].values()) > 0
    for saw, shop, rec, warriors, vp in r["at_round"].values():
        assert 0 <= saw <= 6 and 0 <= shop <= 6 and 0 <= rec <= 6 and 0 <= warriors <= 25
    assert r["at_round"][1][:3] == (1, 1, 1)               # setup: one of each (LoR 6.3.3)
