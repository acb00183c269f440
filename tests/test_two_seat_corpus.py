"""The two-seat regression corpus (tests/data/two_seat_games.json, made by
tools/record_corpus.py): 48 seeded Marquise-vs-Wyrm games, random and heuristic drivers, both
first players. Replaying each record in notation must meet the same decision points with the same
legal actions (and chance probabilities) and end with the same scores and winner. It guards the
rules while the core is made N-seat (issue 11; shared/design/n-seats.md: "the same seeds must
give the same records, or the change log must say why")."""
from __future__ import annotations

import json
import pathlib
import sys

import pytest

from wyrm_ai.model.game import Game
from wyrm_ai.model.factions import TWO_SEATS, names

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "tools"))
import record_corpus  # noqa: E402

CORPUS = json.loads((pathlib.Path(__file__).parent / "data" / "two_seat_games.json").read_text())
GAMES = CORPUS["games"]


def test_the_corpus_covers_both_first_players_every_driver_pair_and_both_winners():
    assert len(GAMES) == record_corpus.GAMES
    assert {g["first"] for g in GAMES} == set(names(TWO_SEATS))
    assert {(g["drivers"]["marquise"], g["drivers"]["wyrm"]) for g in GAMES} == {
        (a, b) for a in record_corpus.DRIVERS for b in record_corpus.DRIVERS}
    assert {g["winner"] for g in GAMES} == set(names(TWO_SEATS))


@pytest.mark.parametrize("entry", GAMES, ids=lambda g: f"seed{g['seed']}")
def test_a_recorded_game_replays_to_the_same_decisions_and_end(entry):
    g = Game(entry["first"])
    assert record_corpus.digest(g, entry["record"]) == entry["digest"]
    assert g.is_terminal()
    assert list(g.scores) == entry["scores"]
    assert g.factions[g.winner] == entry["winner"]
    assert g.record_lines() == entry["record"]


def test_a_changed_rule_is_caught():
    entry = GAMES[0]
    g = Game(entry["first"])
    assert record_corpus.digest(g, entry["record"][:-1]) != entry["digest"]    # one action short


def test_the_recorder_reproduces_the_corpus():
    # a random-vs-random game: it depends on the rules only, not on the evaluation's weights
    assert GAMES[1]["drivers"] == {"marquise": "random", "wyrm": "random"}
    assert record_corpus.play(1) == GAMES[1]
