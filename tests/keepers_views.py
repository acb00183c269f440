"""Helpers for the Keepers in Iron's views, protocol and redaction tests (LoR 15; docs/hundreds-keepers.md
§3, §7; docs/api.md, "The position format"; wyrm_ai/model/keepers_facts.py, redaction.py):

- `hand_written(turn, **keepers)`: a position at the Marquise, Keepers, Wyrm table written the
  documented way: three Keeper warriors and the figure/tablet waystation (figure up) in mouse 2,
  two warriors and the tablet/jewelry waystation (jewelry up) in fox 6, a warrior in rabbit 10; a
  figure of value 3 in 2 (recoverable there), a tablet of value 2 and a jewelry of value 3 in 6 (the
  jewelry recoverable, the tablet not: the waystation shows jewelry), one relic of each type on the
  Relics track (a column filled), the other six face down in forests; a Retinue of a Faithful
  Retainer in each column, a mouse card in Move and a fox card in Move or Recover;
- `KI_MIXES`: tables with the Keepers at three to six seats (mixes.KEEPERS_MIXES);
- `games(mix, seeds, visit)`: seeded games of random players, visit(g) before each action;
- `KI_FIELDS`: the core fields a Keepers position carries (the turn's own bookkeeping aside), and
  `retinue_cards(d)`: the Retinue as (column, card) pairs, sorted (a position lists it by column, so
  its slots' order is not kept);
- `keepers_seat(g)`, `in_limbo(g)`: a state no position can hold (a delved relic's value still to
  draw, a removed relic waiting for its remover).

The Autumn map: fox 1 6 8 12, rabbit 3 4 5 10, mouse 2 7 9 11; forests 1_2_5_10, 1_9_10_12,
2_6_10_11_12, 4_9_12, 4_7_8_12, 3_7_11_12, 3_6_11."""
from __future__ import annotations

import numpy as np

import mixes
from mixes import new_game, players_for
from wyrm_ai import _core
from wyrm_ai.model.game import Game

__all__ = ["TABLE", "KI_MIXES", "KI_FIELDS", "KT", "NCL", "hand_written", "games", "keepers_seat", "retinue_cards",
           "in_limbo", "RELICS"]

TABLE = ("marquise", "keepers", "wyrm")
KT = _core.KEEPERS_TABLE
NCL = _core.NUM_CLEARINGS
# three to six seats: the shared tables with the Keepers (tests/mixes.py KEEPERS_MIXES: beside the
# Marquise and the Wyrm; with the Hundreds; the Corvids and the Vagabond at five; the Duchy and the
# Hundreds at six)
KI_MIXES = getattr(mixes, "KEEPERS_MIXES", None) or (
    ("keepers", "marquise", "wyrm"), ("hundreds", "keepers", "marquise", "wyrm"),
    ("keepers", "corvids", "vagabond", "alliance", "wyrm"), ("duchy", "keepers", "hundreds", "marquise", "alliance", "wyrm"))
KI_FIELDS = ("keepers", "waystations", "relics", "keeper_supply", "relic_at", "relic_value", "way_at", "way_face")
# the hand-written position's relics, by id (figures 0-3, tablets 4-7, jewelry 8-11)
RELICS = [{"type": "figure", "at": 2, "value": 3}, {"type": "figure", "at": "recovered", "value": 1},
          {"type": "figure", "at": "1_2_5_10", "value": None}, {"type": "figure", "at": "3_6_11", "value": None},
          {"type": "tablet", "at": 6, "value": 2}, {"type": "tablet", "at": "recovered", "value": 3},
          {"type": "tablet", "at": "4_9_12", "value": None}, {"type": "tablet", "at": "4_7_8_12", "value": None},
          {"type": "jewelry", "at": 6, "value": 3}, {"type": "jewelry", "at": "recovered", "value": 2},
          {"type": "jewelry", "at": "1_9_10_12", "value": None}, {"type": "jewelry", "at": "3_7_11_12", "value": None}]


def hand_written(turn: str = "marquise", **keepers) -> dict:
    """A position at the Marquise, Keepers, Wyrm table (LoR 15): keepers: fields of the `keepers`
    object replaced."""
    rows = [{"clearing": n} for n in range(1, 13)]
    rows[0]["pieces"] = {"marquise": {"warriors": 2, "keep": 1, "sawmills": 1}}
    rows[1]["pieces"] = {"keepers": {"warriors": 3, "waystations": 1, "relics": 1}}
    rows[5]["pieces"] = {"keepers": {"warriors": 2, "waystations": 1, "relics": 2}}
    rows[9]["pieces"] = {"keepers": {"warriors": 1}}
    rows[4]["pieces"] = {"wyrm": {"pawn": 1, "warriors": 1}}
    board = {"waystations": [{"clearing": 2, "up": "figure"}, {"clearing": 6, "up": "jewelry"}, None],
             "relics": [dict(r) for r in RELICS],
             "retinue": {"move": ["retainer", "M#sword"], "battle_delve": ["retainer"],
                         "move_recover": ["retainer", "F#anvil"]}}
    board.update(keepers)
    return {"factions": list(TABLE), "turn": turn, "first": "marquise",
            "keep": 1, "pawn": 5, "growth": {"bite": 2, "height": 2, "might": 2}, "clearings": rows,
            "hands": {"marquise": ["F#taxcollector"], "keepers": ["B#armorers", "R#cobbler"], "wyrm": ["R#ambush"]},
            "keepers": board}


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


def keepers_seat(g: Game) -> int:
    return g.factions.index("keepers")


def retinue_cards(d: dict) -> list[tuple[int, int]]:
    """The Retinue as (column, card type or RETAINER_CARD) pairs, sorted."""
    return sorted((col, t) for t, col in zip(d["retinue"], d["retinue_column"]) if t >= 0)


def in_limbo(g: Game) -> bool:
    """A state between the Keepers' rules no position holds: a delved relic face down in its clearing
    until the flip (step relic_value), or a removed relic waiting for its remover (step trophy)."""
    d = g.state.to_dict()
    return g.step in ("relic_value", "trophy") or any(
        _core.RELIC_AT_TROPHY <= at < _core.RELIC_AT_RECOVERED for at in d["relic_at"])
