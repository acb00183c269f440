"""Helpers for the Underground Duchy's front-end and position tests (LoR 12; docs/api.md, "The
position format"): positions written the documented way (the JSON a front end sends to
`setposition` or Game.from_position), the position of a game's board read from its state JSON, and
seeded games of heuristic players stopped where a test wants them.

- `hand_written(turn, **duchy)`: a position at the Marquise, Duchy, Wyrm table with moles in 4, 8
  and 9, tunnels in 4 and 9, a citadel in 8 and a market in 9, 4 warriors in the Burrow, the
  Foremole and the Mayor swayed, a lord's crown lost (no card revealed: that is the Duchy's
  Daylight's); `changed_board`, `with_rows` edit it.
- `position_of(g)`: the board of a game as a position, from its `state referee` JSON;
- `played(table, seed, stop)`, `snapshots(table, seed, every)`: seeded games of heuristic players;
- `texts_known(g)`: the legal actions of g have texts (False while the Duchy's notation is not
  merged and the Duchy are to move: a view with `legal` cannot be written then).

The Autumn map: fox 1 6 8 12, rabbit 3 4 5 10, mouse 2 7 9 11; the corners 1 2 3 4."""
from __future__ import annotations

import copy
import json

import numpy as np

from wyrm_ai import _core
from wyrm_ai.ai.players import make_player
from wyrm_ai.model import factions
from wyrm_ai.model.cards import CARDS
from wyrm_ai.model.game import Game

TABLE = ("marquise", "duchy", "wyrm")
MINISTERS = tuple(_core.DUCHY_TABLE["ministers"])
KIND = {name: (start, size) for name, start, size in _core.ACTION_KINDS}
DC_KINDS = ("burrow", "dc_corner", "dc_build", "reveal", "dc_recruit", "dig", "tunnel_off", "minister", "sway",
            "bank", "failure")
DC_STEPS = ("duchy_corner", "duchy_daylight", "duchy_reveal", "duchy_dig", "duchy_tunnel", "duchy_parliament",
            "duchy_minister", "duchy_sway", "duchy_evening", "price_of_failure", "failure_discard")
# the core fields a Duchy position carries (the turn's own bookkeeping aside: the Assembly's actions
# left, the ministers used, the minister acting, a reveal, Dig or Price of Failure under way)
DC_FIELDS = ("moles", "citadels", "markets", "tunnels", "mole_supply", "tunnel_supply", "burrow", "swayed", "crowns",
             "duchy_revealed")


def tokens(counts) -> list[str]:
    return [CARDS[t].token for t, n in enumerate(counts) for _ in range(n)]


def hand_written(turn: str = "marquise", **duchy) -> dict:
    """A position at the Marquise, Duchy, Wyrm table (LoR 12): moles 3 in rabbit 4 (a tunnel), 2 in
    fox 8 (a citadel), 1 in mouse 9 (a tunnel and a market), 4 in the Burrow; the Foremole (squire)
    and the Mayor (noble) swayed, a lord's crown lost to the Price of Failure; duchy: fields of
    the `duchy` object replaced."""
    rows = [{"clearing": n} for n in range(1, 13)]
    rows[0]["pieces"] = {"marquise": {"warriors": 2, "keep": 1, "sawmills": 1}}
    rows[3]["pieces"] = {"duchy": {"warriors": 3, "tunnel": 1}}
    rows[7]["pieces"] = {"duchy": {"warriors": 2, "citadels": 1}}
    rows[8]["pieces"] = {"duchy": {"warriors": 1, "tunnel": 1, "markets": 1}, "marquise": {"warriors": 1}}
    rows[4]["pieces"] = {"wyrm": {"pawn": 1, "warriors": 1}}
    board = {"burrow": 4, "swayed": ["foremole", "mayor"], "crowns_lost": {"lord": 1}}
    board.update(duchy)
    return {"factions": list(TABLE), "turn": turn, "first": "marquise",
            "keep": 1, "pawn": 5, "growth": {"bite": 2, "height": 2, "might": 2}, "clearings": rows,
            "hands": {"marquise": ["F#anvil"], "duchy": ["B#armorers", "R#cobbler"], "wyrm": ["R#ambush"]},
            "duchy": board}


def changed_board(**duchy) -> dict:
    """hand_written() with fields of its `duchy` object replaced."""
    return hand_written(**duchy)


def with_rows(edit, position: dict | None = None) -> dict:
    p = copy.deepcopy(position or hand_written())
    edit(p["clearings"])
    return p


def position_of(g: Game) -> dict:
    """g's board as a position: its `state referee` JSON."""
    from wyrm_ai.protocol.views import state_view
    return json.loads(json.dumps(state_view(g, "referee")))


def texts_known(g: Game) -> bool:
    """Whether g's legal actions have texts (the notation knows them): False where the Duchy are to
    move while their notation is not merged (model/notation.py has no words for their kinds yet)."""
    try:
        g.legal_texts()
    except (AssertionError, KeyError, ValueError, IndexError):
        return False
    return True


def _players(table, seed):
    return [make_player("heuristic", seed + s) for s in range(len(table))]


def played(table=TABLE, seed: int = 1, limit: int = 1500, stop=None) -> Game:
    """A seeded game of heuristic players; stop(g): where to stop (else its end or `limit` actions)."""
    g = Game(table[0], factions=table)
    rng = np.random.default_rng(seed)
    players = _players(table, seed)
    while not g.is_terminal() and len(g.record) < limit and not (stop and stop(g)):
        p = g.current_player
        g.apply(g.sample_chance(rng) if p == _core.CHANCE else players[p].choose(g))
    return g


def snapshots(table=TABLE, seed: int = 1, every: int = 23, limit: int = 1500):
    """The game of `played` at every `every` actions, and its last point."""
    g = Game(table[0], factions=table)
    rng = np.random.default_rng(seed)
    players = _players(table, seed)
    while not g.is_terminal() and len(g.record) < limit:
        p = g.current_player
        g.apply(g.sample_chance(rng) if p == _core.CHANCE else players[p].choose(g))
        if len(g.record) % every == 0:
            yield g
    yield g


def duchy_seat(g: Game) -> int:
    return g.faction_ids.index(factions.DUCHY)
