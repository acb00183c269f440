"""Helpers for the Lord of the Hundreds' views, protocol and redaction tests (LoR 14; docs/api.md, "The
position format"; wyrm_ai/model/hundreds_facts.py, redaction.py):

- `hand_written(turn, **hundreds)`: a position at the Marquise, Hundreds, Wyrm table written the
  documented way: the warlord with 3 warriors, a stronghold and a mob in rabbit 3, a warrior, a
  stronghold and a mob in mouse 7, 2 warriors beside a Marquise warrior in mouse 11; a Hoard of two
  boots and a coin (Command track) and a sword (Prowess track), the mood Relentless;
- `HD_MIXES`: tables with the Hundreds at three to six seats (mixes.HUNDREDS_MIXES);
- `games(mix, seeds, visit)`: seeded games of random players, visit(g) before each action;
- `HD_FIELDS`: the core fields a Hundreds position carries (the turn's own bookkeeping aside).

The Autumn map: fox 1 6 8 12, rabbit 3 4 5 10, mouse 2 7 9 11; ruins in 6 10 11 12."""
from __future__ import annotations

import numpy as np

from mixes import HUNDREDS_MIXES, new_game, players_for
from wyrm_ai import _core
from wyrm_ai.model.game import Game

__all__ = ["TABLE", "HD_MIXES", "HD_FIELDS", "LH", "NCL", "hand_written", "games", "hundreds_seat"]

TABLE = ("marquise", "hundreds", "wyrm")
LH = _core.HUNDREDS_TABLE
NCL = _core.NUM_CLEARINGS
# three to six seats: the shared tables with the Hundreds (tests/mixes.py HUNDREDS_MIXES: beside the
# Marquise and the Wyrm; the Corvids and the Alliance; the Duchy and the Vagabond at five; the Cult,
# the Riverfolk and the Eyrie at six)
HD_MIXES = HUNDREDS_MIXES
HD_FIELDS = ("hundreds", "warlord", "strongholds", "mobs", "hoard", "mood", "hundred_supply", "mob_supply",
             "item_supply")


def hand_written(turn: str = "marquise", **hundreds) -> dict:
    """A position at the Marquise, Hundreds, Wyrm table (LoR 14): hundreds: fields of the `hundreds`
    object replaced."""
    rows = [{"clearing": n} for n in range(1, 13)]
    rows[0]["pieces"] = {"marquise": {"warriors": 2, "keep": 1, "sawmills": 1}}
    rows[2]["pieces"] = {"hundreds": {"warriors": 3, "warlord": 1, "strongholds": 1, "mob": 1}}
    rows[6]["pieces"] = {"hundreds": {"warriors": 1, "strongholds": 1, "mob": 1}}
    rows[10]["pieces"] = {"hundreds": {"warriors": 2}, "marquise": {"warriors": 1}}
    rows[4]["pieces"] = {"wyrm": {"pawn": 1, "warriors": 1}}
    board = {"hoard": {"boots": 2, "coins": 1, "sword": 1}, "mood": "relentless"}
    board.update(hundreds)
    return {"factions": list(TABLE), "turn": turn, "first": "marquise",
            "keep": 1, "pawn": 5, "growth": {"bite": 2, "height": 2, "might": 2}, "clearings": rows,
            "hands": {"marquise": ["F#anvil"], "hundreds": ["B#armorers", "R#cobbler"], "wyrm": ["R#ambush"]},
            "hundreds": board}


def games(mix, seeds, visit=None, limit: int = 4000):
    """Seeded games of random players (first seat seed % seats), visit(g) before each action; each
    game is yielded once over."""
    for seed in seeds:
        g = new_game(mix, seed % len(mix), seed)
        rng, players = np.random.default_rng(seed), players_for(mix, seed)
        while not g.is_terminal() and len(g.record) < limit:
            if visit:
                visit(g)
            seat = g.current_player
            g.apply(g.sample_chance(rng) if seat == _core.CHANCE else players[seat].choose(g))
        yield g


def hundreds_seat(g: Game) -> int:
    return g.factions.index("hundreds")
