"""The seat tables the N-seat tests run over (issue 11): every mix of factions the issue names, in
several seat orders. A mix runs once the core can seat all of its factions
(_core.PLAYABLE_FACTIONS); until then its tests are not generated, so adding a faction to the
core turns its mixes on everywhere at once."""
from __future__ import annotations

import numpy as np

from wyrm_ai import _core
from wyrm_ai.factions import faction_id
from wyrm_ai.game import Game
from wyrm_ai.players import RandomPlayer

MIXES = (
    ("marquise", "wyrm"), ("wyrm", "marquise"),
    ("marquise", "eyrie"), ("eyrie", "marquise"),
    ("eyrie", "wyrm"), ("wyrm", "eyrie"),
    ("marquise", "eyrie", "wyrm"), ("wyrm", "marquise", "eyrie"), ("eyrie", "wyrm", "marquise"),
)


def playable(mix) -> bool:
    return all(faction_id(f) in _core.PLAYABLE_FACTIONS for f in mix)


PLAYABLE_MIXES = tuple(m for m in MIXES if playable(m))


def mix_id(mix) -> str:
    """A short test id: the Rootlog letters in seat order (CW, WCE, ...)."""
    return "".join("CEAVW"[faction_id(f)] for f in mix)


def ids_of(mix) -> tuple[int, ...]:
    return tuple(faction_id(f) for f in mix)


def players_for(mix, seed: int) -> dict:
    """A seeded RandomPlayer per seat."""
    n = len(mix)
    return {seat: RandomPlayer(seed * n + seat + 1) for seat in range(n)}


def random_positions(mix, n_games: int, every: int, seed0: int):
    """Clones of positions along seeded random games of this mix (first seat seed % seats), every
    few actions after the deal."""
    for seed in range(seed0, seed0 + n_games):
        g = Game(first=seed % len(mix), factions=mix)
        rng = np.random.default_rng(seed)
        players = players_for(mix, seed)
        while not g.is_terminal():
            if len(g.record) % every == 0 and g.step != "deal":
                yield g.clone()
            seat = g.current_player
            g.apply(g.sample_chance(rng) if seat == _core.CHANCE else players[seat].choose(g))
