"""Seat tables with the Vagabond for the front-end tests (issue 13, item 6) and seeded random
games over them: 2, 3 and 4 seats, the Vagabond in different seats."""
from __future__ import annotations

import numpy as np

from wyrm_ai import _core
from wyrm_ai.model.game import Game

VB_TABLES = (
    ("vagabond", "wyrm"), ("marquise", "vagabond"),
    ("marquise", "vagabond", "wyrm"), ("eyrie", "vagabond", "wyrm"), ("alliance", "vagabond", "wyrm"),
    ("marquise", "eyrie", "vagabond", "wyrm"), ("eyrie", "alliance", "vagabond", "wyrm"),
    ("vagabond", "marquise", "alliance", "wyrm"),
)


def table_id(table) -> str:
    return "".join("CEAVW"[("marquise", "eyrie", "alliance", "vagabond", "wyrm").index(f)] for f in table)


def random_game(table, seed: int, max_actions: int = 3000, visit=None, character: str | None = None) -> Game:
    """A seeded game of uniformly random legal actions (chance by its odds); visit(game), if
    given, is called before each action; character, if given, is the Vagabond's (else random)."""
    rng = np.random.default_rng(seed)
    g = Game(first=seed % len(table), factions=table)
    while not g.is_terminal() and len(g.record) < max_actions:
        if visit is not None:
            visit(g)
        if g.current_player == _core.CHANCE:
            g.apply(g.sample_chance(rng))
        elif character is not None and g.step == "vagabond_character":
            g.apply(g.to_action(f"#{character}->$"))
        else:
            legal = g.legal_actions()
            g.apply(int(legal[rng.integers(len(legal))]))
    return g
