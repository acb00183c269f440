"""Self-play data for the learned evaluation (docs/evaluation.md): seeded games between arena
drivers (heuristic by default) at the tables of TABLES, each table's seatings in turn, and for
every `every`-th decision every seat's row: its features (_core.FEATURE_NAMES), the learned
model's inputs (_core.INPUT_NAMES), today's hand evaluation, and, once the game ends, whether the
seat won and its final VP margin over its best enemy. Game i uses derive_seed(seed, i) for its
dice, draws and players, as the arena does; the rows of a run are reproducible from its seed."""
from __future__ import annotations

import numpy as np

from wyrm_ai import _core
from wyrm_ai.model import factions as _factions
from wyrm_ai.lab.arena import budget_for, seatings
from wyrm_ai.model.errors import ConfigError
from wyrm_ai.lab.executor import executor
from wyrm_ai.model.game import Game
from wyrm_ai.ai.players import BOT_DRIVER, make_player, play

# the tables games are played at (each in its cyclic seatings): every mix the core plays, so
from wyrm_ai.model.seeds import derive_seed
# every faction gets a model (the N-seat tests' mixes, tests/mixes.py)
TABLES = (
    ("marquise", "wyrm"), ("eyrie", "wyrm"), ("alliance", "wyrm"), ("vagabond", "wyrm"),
    ("mechanical-marquise", "wyrm"), ("marquise", "eyrie"), ("marquise", "vagabond"),
    ("marquise", "eyrie", "wyrm"), ("marquise", "alliance", "wyrm"), ("eyrie", "alliance", "wyrm"),
    ("eyrie", "vagabond", "wyrm"), ("alliance", "vagabond", "wyrm"),
    ("marquise", "mechanical-marquise", "wyrm"),
    ("marquise", "eyrie", "alliance", "wyrm"), ("marquise", "eyrie", "alliance", "vagabond"),
    ("mechanical-marquise", "eyrie", "alliance", "vagabond"),
)

# the columns of a data file, one row per (recorded position, seat) (docs/evaluation.md)
COLUMNS = ("game", "decision", "seat", "faction", "nseats", "table", "round", "features", "inputs",
           "hand_value", "won", "margin")


def game_rows(index: int, seed: int, every: int = 4, driver: str = "heuristic", sims: int = 100):
    """The rows of game `index` of a run (a dict of COLUMNS, numpy arrays)."""
    table_names, first = table_of(index)
    game_seed = derive_seed(seed, index)
    players = {seat: make_player(driver, derive_seed(game_seed, seat + 1, scale=4),
                                 **budget_for(driver, sims, None))
               for seat, name in enumerate(table_names) if not _factions.is_bot(name)}
    game = Game(first=first, factions=table_names)
    nseats = len(table_names)
    rows = {k: [] for k in COLUMNS if k not in ("won", "margin")}
    decisions = [0]

    def record(g, action, seat):
        if seat == _core.CHANCE:
            return
        decisions[0] += 1
        if decisions[0] % every:
            return
        values = _core.evaluations(g.state)
        for s in range(nseats):
            rows["game"].append(index)
            rows["decision"].append(decisions[0])
            rows["seat"].append(s)
            rows["faction"].append(_factions.faction_id(table_names[s]))
            rows["nseats"].append(nseats)
            rows["table"].append([_factions.faction_id(n) for n in table_names]
                                 + [-1] * (_core.MAX_NUM_SEATS - nseats))
            rows["round"].append(g.round)
            rows["features"].append(_core.features(g.state, s))
            rows["inputs"].append(_core.learned_inputs_of(g.state, s))
            rows["hand_value"].append(values[s])

    play(game, players, np.random.default_rng(game_seed), before=record)
    scores = list(game.scores)
    winners = set(game.state.winners or (() if game.winner is None else (game.winner,)))
    out = _arrays(rows)
    seats = out["seat"]
    out["won"] = np.array([s in winners for s in seats], dtype=np.int8)
    out["margin"] = np.array([scores[s] - max(scores[o] for o in range(nseats) if o != s)
                              for s in seats], dtype=np.int16)
    return out


def table_of(index: int, tables=TABLES):
    """The seat table and first seat of game `index`: the tables in turn, each in its seatings."""
    table = tables[index % len(tables)]
    order = seatings(table)
    names, first = order[(index // len(tables)) % len(order)]
    return names, first


def _arrays(rows) -> dict:
    kinds = {"game": np.int32, "decision": np.int32, "seat": np.int8, "faction": np.int8,
             "nseats": np.int8, "table": np.int8, "round": np.int16, "features": np.float32,
             "inputs": np.float32, "hand_value": np.float64}
    width = {"features": len(_core.FEATURE_NAMES), "inputs": len(_core.INPUT_NAMES),
             "table": _core.MAX_NUM_SEATS}
    return {k: (np.asarray(v, dtype=kinds[k]) if v else
                np.zeros((0, width[k]) if k in width else 0, dtype=kinds[k]))
            for k, v in rows.items()}


def _game_task(args):
    return game_rows(*args)


def generate(games: int, seed: int = 1, every: int = 4, jobs: int = 1, driver: str = "heuristic",
             sims: int = 100) -> dict:
    """The rows of `games` games (COLUMNS, in game order) and the run's settings."""
    if games < 1 or every < 1 or jobs < 1:
        raise ConfigError(f"games, every and jobs must be >= 1, not {games}, {every}, {jobs}")
    if driver == BOT_DRIVER:
        raise ConfigError("the bot is not a driver: its seats are played by the rules")
    make_player(driver, 0, **budget_for(driver, sims, None))     # fail early on a bad driver
    tasks = [(i, seed, every, driver, sims) for i in range(games)]
    with executor(jobs) as ex:
        parts = list(ex.map(_game_task, tasks))
    data = {k: np.concatenate([p[k] for p in parts]) for k in COLUMNS}
    data.update(feature_names=np.array(_core.FEATURE_NAMES), input_names=np.array(_core.INPUT_NAMES),
                seed=np.int64(seed), games=np.int64(games), every=np.int64(every),
                driver=np.array(driver), sims=np.int64(sims))
    return data


def save(path, data: dict) -> None:
    np.savez_compressed(path, **data)


def load(path) -> dict:
    """A data file as a dict; ConfigError if its inputs are not this core's."""
    with np.load(path) as f:
        data = {k: f[k] for k in f.files}
    if tuple(data["input_names"]) != _core.INPUT_NAMES:
        raise ConfigError(f"{path}: recorded with other model inputs than this core's: regenerate it")
    return data
