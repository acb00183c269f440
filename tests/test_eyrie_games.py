"""Random games with the Eyrie: {Marquise, Eyrie}, {Eyrie, Wyrm} and {Marquise, Eyrie, Wyrm} in
several seat orders, played to the end (LoR 3.1: 30 VP wins at once; at 3 seats also a dominance card, LoR 3.3.1). Every position passes the
conservation check (State.from_dict(state.to_dict()), serialize.pxi position_problem), every
decision belongs to a seat at the table, and every action's text reads back as the action
(docs/notation.md). Setup in letter order with the Wyrm last (LoR 5.1.7, W-MP-1)."""
from __future__ import annotations

import random

import numpy as np
import pytest

from wyrm_ai import _core, notation
from wyrm_ai.factions import faction_id
from wyrm_ai.game import Game

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


def won(s) -> bool:
    """LoR 3.1 / 3.3.1: the winner reached 30 VP, or (3+ seats) won at the start of its own
    Birdsong by the dominance card it activated: it rules 3 clearings of the card's suit, or both
    corners of an opposite pair for bird."""
    w = s.winner
    if w is None:
        return False
    if s.scores[w] >= 30:
        return True
    d = s.to_dict()
    dom = [t for t, row in enumerate(_core.CARDS) if _core.KIND_NAMES[row[3]] == "dominance" and d["play_area"][w][t]]
    if len(s.factions) < 3 or len(dom) != 1 or d["turn"] != w:
        return False
    rulers, suit = _core.public_facts(s)["rulers"], _core.CARDS[dom[0]][1]
    if _core.SUIT_NAMES[suit] == "bird":
        return any(rulers[a] == w and rulers[b] == w for a, b in ((0, 2), (1, 3)))
    return sum(1 for c in range(12) if _core._SUITS[c] == suit and rulers[c] == w) >= 3


@pytest.mark.parametrize("table", TABLES, ids="-".join)
def test_lor_3_1_random_games_with_the_eyrie_end_with_a_winner_and_conserve_everything(table):
    for seed in range(5):
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
