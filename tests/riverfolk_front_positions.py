"""Helpers for the Riverfolk Company's front-end and position tests (LoR 11; docs/api.md, "The
position format"): positions written the documented way (the JSON a front end sends to
`setposition` or Game.from_position), the position of a game's board read from its state JSON, and
seeded games of heuristic players stopped where a test wants them.

(The rules tests' helper, building core states through the State API, is tests/riverfolk_positions.py
on the rules branch; this one speaks only the documented position format, so the two stay apart.)

- `hand_written(turn, **riverfolk)`: a position at the Marquise, Riverfolk, Wyrm table with
  otters, two trade posts (rabbit 4, mouse 7), a fox post lost, warriors of three owners in the
  boxes, prices and a crafting space used; `changed`, `with_rows` edit it.
- `position_of(g)`: the board of a game as a position, from its `state referee` JSON;
- `played(table, seed, stop)`, `snapshots(table, seed, every)`: seeded games of heuristic players;

The Autumn map: fox 1 6 8 12, rabbit 3 4 5 10, mouse 2 7 9 11; the river clearings 4 5 7 10 11."""
from __future__ import annotations

import copy
import json

import numpy as np

from wyrm_ai import _core
from wyrm_ai.ai.players import make_player
from wyrm_ai.model import factions
from wyrm_ai.model.cards import CARDS
from wyrm_ai.model.game import Game

TABLE = ("marquise", "riverfolk", "wyrm")
SUITS = ("fox", "rabbit", "mouse")
SERVICES = tuple(_core.SERVICE_NAMES)
KIND = {name: (start, size) for name, start, size in _core.ACTION_KINDS}
RF_KINDS = ("buy_card", "riverboats", "mercenaries", "service_item", "fund", "export", "rf_draw", "rf_recruit",
            "trade_post", "price")
RF_STEPS = ("riverfolk_setup", "riverfolk_prices", "riverfolk_daylight", "riverfolk_fund", "trade_disruption",
            "services", "service_items")
# the core fields a Riverfolk position carries (the turn's own bookkeeping aside: buyer, services
# left, Riverboats and Mercenaries bought, funds owed, the prices repriced this Evening)
RF_FIELDS = ("otters", "trade_posts", "otter_supply", "payments", "funds", "committed", "posts_left", "track_used",
             "prices")


def tokens(counts) -> list[str]:
    return [CARDS[t].token for t, n in enumerate(counts) for _ in range(n)]


def hand_written(turn: str = "marquise", **riverfolk) -> dict:
    """A position at the Marquise, Riverfolk, Wyrm table (LoR 11): otters in 4, 7 and 10, trade
    posts in rabbit 4 and mouse 7, a fox post lost (out of the game), the Marquise's 2 warriors in
    Payments, the Wyrm's 3 and the Riverfolk's 2 in Funds, one committed, a fox crafting space used;
    riverfolk: fields of the `riverfolk` object replaced."""
    rows = [{"clearing": n} for n in range(1, 13)]
    rows[0]["pieces"] = {"marquise": {"warriors": 2, "keep": 1, "sawmills": 1}}
    rows[3]["pieces"] = {"riverfolk": {"warriors": 2, "trade_posts": 1}}
    rows[6]["pieces"] = {"riverfolk": {"warriors": 1, "trade_posts": 1}, "marquise": {"warriors": 1}}
    rows[9]["pieces"] = {"riverfolk": {"warriors": 1}}
    rows[4]["pieces"] = {"wyrm": {"pawn": 1, "warriors": 1}}
    board = {"prices": {"hand_card": 2, "riverboats": 1, "mercenaries": 3},
             "payments": {"marquise": 2}, "funds": {"wyrm": 3, "riverfolk": 2}, "committed": {"riverfolk": 1},
             "posts": {"fox": {"lost": 1}, "rabbit": {"track": 2}}, "crafting": {"fox": {"used": 1}}}
    board.update(riverfolk)
    return {"factions": list(TABLE), "turn": turn, "first": "marquise",
            "keep": 1, "pawn": 5, "growth": {"bite": 2, "height": 2, "might": 2}, "clearings": rows,
            "hands": {"marquise": ["F#anvil"], "riverfolk": ["M#roottea", "B#armorers"], "wyrm": ["R#ambush"]},
            "riverfolk": board}


def with_rows(edit, position: dict | None = None) -> dict:
    p = copy.deepcopy(position or hand_written())
    edit(p["clearings"])
    return p


def position_of(g: Game) -> dict:
    """g's board as a position: its `state referee` JSON."""
    from wyrm_ai.protocol.views import state_view
    return json.loads(json.dumps(state_view(g, "referee")))


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


def river_seat(g: Game) -> int:
    return g.faction_ids.index(factions.RIVERFOLK)


def changed_board(**riverfolk) -> dict:
    """hand_written() with fields of its `riverfolk` object replaced."""
    return hand_written(**riverfolk)
