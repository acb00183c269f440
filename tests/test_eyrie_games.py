"""Random games with the Eyrie: {Marquise, Eyrie}, {Eyrie, Wyrm} and {Marquise, Eyrie, Wyrm} in
several seat orders, played to the end (LoR 3.1: 30 VP wins at once; at 3 seats also a dominance card, LoR 3.3.1). Every position passes the
conservation check (State.from_dict(state.to_dict()), serialize.pxi position_problem), every
decision belongs to a seat at the table, and every action's text reads back as the action
(docs/notation.md). Setup in letter order with the Wyrm last (LoR 5.1.7, W-MP-1)."""
from __future__ import annotations

import random

import numpy as np
import pytest

from wyrm_ai import _core
from wyrm_ai.model import notation
from wyrm_ai.model.factions import faction_id
from wyrm_ai.model.game import Game
from mixes import won

TABLES = [("marquise", "eyrie"), ("eyrie", "marquise"), ("eyrie", "wyrm"), ("wyrm", "eyrie"),
          ("marquise", "eyrie", "wyrm"), ("eyrie", "wyrm", "marquise"), ("wyrm", "marquise", "eyrie"),
          ("marquise", "wyrm", "eyrie")]


def random_game(table, first, seed):
    rng = random.Random(seed)
    s = _core.State(first=first, factions=tuple(faction_id(f) for f in table))
    decisions = 0
    while not s.is_terminal():
        if s.is_chance_node():
            outs = s.chance_outcomes()
            a = rng.choices([o for o, _ in outs], [p for _, p in outs])[0]
        else:
            assert 0 <= s.current_player < len(table)
            a = rng.choice(s.legal_actions())
            decisions += 1
        s.apply(a)
        assert _core.State.from_dict(s.to_dict()) == s
        assert decisions < 5000
    return s


@pytest.mark.parametrize("table", TABLES, ids="-".join)
def test_lor_3_1_random_games_with_the_eyrie_end_with_a_winner_and_conserve_everything(table):
    for seed in range(len(table)):     # each seat first once (tests/test_fuzz.py plays the tables at length)
        s = random_game(table, seed % len(table), seed)
        assert won(s)
        assert all(0 <= v for v in s.scores)                      # ruling §10.3


@pytest.mark.parametrize("table", TABLES, ids="-".join)
def test_lor_3_1_core_random_playouts_with_the_eyrie_finish(table):
    for seed in range(40):
        s = _core.State(first=seed % len(table), factions=tuple(faction_id(f) for f in table))
        s.random_playout(seed)
        assert s.is_terminal() and won(s)


@pytest.mark.parametrize("table", [("marquise", "eyrie", "wyrm"), ("eyrie", "wyrm")], ids="-".join)
def test_every_eyrie_game_action_has_text_that_reads_back(table):
    for seed in range(2):
        g = Game(first=seed, factions=table)
        rng, nrng = random.Random(seed), np.random.default_rng(seed)
        while not g.is_terminal():
            if g.is_chance_node():
                g.apply(g.sample_chance(nrng))
                continue
            seat = g.current_player
            for a in g.legal_actions():
                assert notation.parse(notation.action_text(a, seat, g.faction_ids), seat, g.faction_ids) == a
            g.apply(rng.choice(g.legal_actions()))
        assert Game.from_json(g.to_json()).record_lines() == g.record_lines()
