"""Helpers for the Corvid Conspiracy's views, protocol and position tests (LoR 13; docs/api.md, "The
position format"; wyrm_ai/model/redaction.py): positions written the documented way, games whose
face-down plots hide their types, and twins that differ only in those types.

- `hand_written(turn, **corvids)`: a position at the Marquise, Corvids, Wyrm table with Corvid
  warriors in 3, 7, 9 and 12, a face-down bomb in rabbit 3, a face-up snare in mouse 7 and a
  face-down extortion in mouse 9 that a wrong Exposure ruled a raid out of; `changed_board` and
  `with_rows` edit it;
- `position_of(g)`: the board of a game as a position, from its `state referee` JSON;
- `random_game(mix, seed)`: a seeded game of random players (they Expose and extort, where the
  heuristic players rarely do), `visit(g)` called before each action;
- `with_numbers(monkeypatch)`: an action the notation cannot write yet (the Corvids', until their
  notation is merged) written as its decoded kind and arguments, so that views listing `legal`,
  search reports and their redacted rows can be made (a masked argument reads None);
- `plot_twins(g)`: twins of g that differ only in the types of face-down plots;
- `retyped(g, i, t)`: g's game replayed with its i-th record entry, a plot, of type t instead.

The Autumn map: fox 1 6 8 12, rabbit 3 4 5 10, mouse 2 7 9 11."""
from __future__ import annotations

import copy
import json

import numpy as np

from duchy_front_positions import position_of
from mixes import new_game, players_for
from wyrm_ai import _core
from wyrm_ai.model import notation, redaction
from wyrm_ai.model.actions import Action, decode, encode
from wyrm_ai.model.game import Game

__all__ = ["TABLE", "PLOT_TYPES", "CV_FIELDS", "NCL", "hand_written", "changed_board", "with_rows", "position_of",
           "random_game", "with_numbers", "plot_twins", "retyped", "face_down", "corvid_seat"]

TABLE = ("marquise", "corvids", "wyrm")
PLOT_TYPES = tuple(_core.PLOT_NAMES)
NCL = _core.NUM_CLEARINGS
# the core fields a Corvid position carries (the turn's own bookkeeping aside: the plots placed,
# the Daylight's actions left, Exert, a bomb, an extortion or an Exposure under way)
CV_FIELDS = ("corvids", "plots", "corvid_supply", "plot_supply", "plot_types", "plots_up", "plot_not")


def hand_written(turn: str = "marquise", **corvids) -> dict:
    """A position at the Marquise, Corvids, Wyrm table (LoR 13): Corvid warriors 2 in rabbit 3 (a
    face-down bomb), 1 in mouse 7 (a face-up snare), 1 in mouse 9 (a face-down extortion, a raid
    ruled out there) and 2 in fox 12; corvids: fields of the `corvids` object replaced."""
    rows = [{"clearing": n} for n in range(1, 13)]
    rows[0]["pieces"] = {"marquise": {"warriors": 2, "keep": 1, "sawmills": 1}}
    rows[2]["pieces"] = {"corvids": {"warriors": 2, "plots": 1}}
    rows[6]["pieces"] = {"corvids": {"warriors": 1, "plots": 1}}
    rows[8]["pieces"] = {"corvids": {"warriors": 1, "plots": 1}, "marquise": {"warriors": 1}}
    rows[11]["pieces"] = {"corvids": {"warriors": 2}}
    rows[4]["pieces"] = {"wyrm": {"pawn": 1, "warriors": 1}}
    board = {"plots": {"3": {"type": "bomb", "face_up": False},
                       "7": {"type": "snare", "face_up": True},
                       "9": {"type": "extortion", "face_up": False, "ruled_out": ["raid"]}}}
    board.update(corvids)
    return {"factions": list(TABLE), "turn": turn, "first": "marquise",
            "keep": 1, "pawn": 5, "growth": {"bite": 2, "height": 2, "might": 2}, "clearings": rows,
            "hands": {"marquise": ["F#anvil"], "corvids": ["B#armorers", "R#cobbler"], "wyrm": ["R#ambush"]},
            "corvids": board}


def changed_board(**corvids) -> dict:
    """hand_written() with fields of its `corvids` object replaced."""
    return hand_written(**corvids)


def with_rows(edit, position: dict | None = None) -> dict:
    p = copy.deepcopy(position or hand_written())
    edit(p["clearings"])
    return p


def random_game(mix=TABLE, seed: int = 1, visit=None, limit: int = 4000) -> Game:
    """A seeded game of random players (first seat seed % seats), visit(g) before each action."""
    g = new_game(mix, seed % len(mix), seed)
    rng, players = np.random.default_rng(seed), players_for(mix, seed)
    while not g.is_terminal() and len(g.record) < limit:
        if visit:
            visit(g)
        seat = g.current_player
        g.apply(g.sample_chance(rng) if seat == _core.CHANCE else players[seat].choose(g))
    return g


def with_numbers(monkeypatch) -> None:
    """notation.action_text (Game.legal_texts, the planner's reports, redaction's rows) writing an
    action it cannot write yet -- the Corvids', until their notation is merged -- as its decoded
    kind and arguments (`Action(kind='plot', args=(2, None))` once masked)."""
    text = notation.action_text

    def action_text(a, *args, **kw):
        try:
            return text(a, *args, **kw)
        except (AssertionError, KeyError, ValueError, IndexError, TypeError):
            return repr(a if isinstance(a, Action) else decode(a))
    monkeypatch.setattr(notation, "action_text", action_text)
    monkeypatch.setattr(redaction, "action_text", action_text)


def corvid_seat(g: Game) -> int:
    return g.factions.index("corvids")


def face_down(d: dict) -> list[int]:
    """The clearings (0-based) of face-down plots."""
    return [c for c in range(NCL) if d["plots"][c] and not (d["plots_up"] >> c) & 1]


def _twin(g: Game, d: dict, edit) -> Game | None:
    e = json.loads(json.dumps(d))
    edit(e)
    twin = g.clone()
    try:
        twin.state = _core.State.from_dict(e)
    except _core.WyrmError:
        return None
    return twin


def plot_twins(g: Game) -> list[Game]:
    """Twins of g that differ only in the types of face-down plots (LoR 13.2.2.I), each clearing
    keeping out the types a wrong Exposure ruled out there (public): a face-down plot's type
    traded for one still in the supply (two of each, LoR 13.2.2), and two face-down plots of
    different types swapped."""
    d = g.state.to_dict()
    down, types, ruled = face_down(d), d["plot_types"], d["plot_not"]
    on_map = [sum(1 for c in range(NCL) if d["plots"][c] and types[c] == t) for t in range(len(PLOT_TYPES))]
    out = []
    trades = [(c, t) for c in down for t in range(len(PLOT_TYPES))
              if t != types[c] and on_map[t] < 2 and not (ruled[c] >> t) & 1]
    if trades:
        c, t = trades[len(g.record) % len(trades)]
        out.append(_twin(g, d, lambda e: e["plot_types"].__setitem__(c, t)))
    swaps = [(a, b) for a in down for b in down if a < b and types[a] != types[b]
             and not (ruled[a] >> types[b]) & 1 and not (ruled[b] >> types[a]) & 1]
    if swaps:
        a, b = swaps[len(g.record) % len(swaps)]

        def swap(e):
            e["plot_types"][a], e["plot_types"][b] = types[b], types[a]
        out.append(_twin(g, d, swap))
    return [t for t in out if t is not None]


def retyped(g: Game, i: int, t: int) -> Game | None:
    """g's game up to and with its i-th record entry, a plot (LoR 13.5.2), placed as type t
    instead (None where t is not legal there: both of that type on the map)."""
    act = decode(g.record[i])
    assert act.kind == "plot"
    h = g.start()
    for a in g.record[:i]:
        h.apply(a)
    other = encode("plot", act.args[0], t)
    if other not in h.legal_actions():
        return None
    h.apply(other)
    return h
