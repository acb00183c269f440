"""Seating at 3 seats: any faction in any seat, any first player, setup always in faction letter
order with the Wyrm last (LoR 5.1.1, 5.1.7, 1.4.1; W-MP-1; root-factions.md §7 trap 22: engines
that fix the seat order)."""
from __future__ import annotations

import itertools

import numpy as np
import pytest

from wyrm_ai.model.game import Game

TABLE = ("marquise", "eyrie", "wyrm")
SETUP_STEPS = {"marquise_keep": "marquise", "marquise_setup_build": "marquise",
               "eyrie_setup": "eyrie", "eyrie_leader": "eyrie", "wyrm_setup": "wyrm"}


def setup_order(g: Game, rng) -> list[str]:
    """The factions that take setup decisions, in order, until the first turn begins."""
    order = []
    while True:
        if g.is_chance_node():
            g.apply(g.sample_chance(rng))
            continue
        owner = SETUP_STEPS.get(g.step)
        if owner is None:
            return order
        assert g.factions[g.current_player] == owner, (g.step, g.factions, g.current_player)
        if not order or order[-1] != owner:
            order.append(owner)
        legal = g.legal_actions()
        g.apply(legal[int(rng.integers(len(legal)))])


@pytest.mark.parametrize("seats", list(itertools.permutations(TABLE)))
@pytest.mark.parametrize("first", range(3))
def test_trap_22_any_seating_and_first_player_sets_up_by_letter_and_plays_clockwise(seats, first):
    """Whatever the seating and first player (§7 trap 22), setup goes Marquise, Eyrie, Wyrm
    (LoR 5.1.7, W-MP-1), the first turn is the first player's, and turns pass clockwise
    through every seat (LoR 1.4.1)."""
    g = Game(first=seats[first], factions=seats)
    rng = np.random.default_rng(first * 10 + len(seats))
    assert setup_order(g, rng) == ["marquise", "eyrie", "wyrm"]
    assert g.state.turn == first and g.state.turn_number == 1
    turns = [g.state.turn]
    while len(turns) < 7 and not g.is_terminal():
        legal = g.legal_actions()
        g.apply(g.sample_chance(rng) if g.is_chance_node() else legal[int(rng.integers(len(legal)))])
        if g.state.turn != turns[-1]:
            turns.append(g.state.turn)
    assert turns[:len(turns)] == [(first + i) % 3 for i in range(len(turns))]
