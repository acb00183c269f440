"""Self-play data for the learned policy (docs/policy.md; issue 31 item 1, expert iteration):
seeded games at the tables of evaldata.TABLES (each in its seatings), every seat that decides
played by the levels' planner (a level name: its simulations and search options for that faction
at that table, not its clock, so a seed replays the same game; or one player spec for every
seat), and for each decision a search made with two or more legal actions, the decision's row:
who decided, and for every legal action its policy features (_core.policy_features_of, from the
mover's own view) and the root visits the search gave it; and the search's value (the mean
value of its most visited action), the hand evaluation of the position for the mover, its
learned-evaluation inputs (_core.INPUT_NAMES), the table, and once the game ends whether the
mover won and its VP margin over its best enemy: what a win-chance calibration and a value refit
on the levels' own games need (issue 31 items 2 and 4), from the same games. The fit
(lab/policyfit.py) makes the policy's softmax match what the searches did. Game i uses
derive_seed(seed, i) as the arena does."""
from __future__ import annotations

import numpy as np

from wyrm_ai import _core
from wyrm_ai.ai.planner import LEVELS
from wyrm_ai.ai.players import MCTSPlayer, make_player, play
from wyrm_ai.lab.evaldata import TABLES, table_of
from wyrm_ai.lab.executor import executor
from wyrm_ai.model import factions as _factions
from wyrm_ai.model.errors import ConfigError
from wyrm_ai.model.game import Game
from wyrm_ai.model.seeds import derive_seed

# per decision (one row each); the actions' rows are features / visits / actions, decision d
# owning rows start[d]:start[d + 1]
DECISION_COLUMNS = ("game", "seat", "faction", "nseats", "round", "start", "table", "value",
                    "hand_value", "won", "margin")


def seat_player(driver: str, table_names, seat: int, seed: int):
    """The player of a seat: a planner level's (LEVELS; its simulations and options there) or
    a player spec's."""
    if driver in LEVELS:
        lv = LEVELS[driver]
        if not lv.planner:
            raise ConfigError(f"level {driver!r} does not search: the policy learns from searches")
        nseats, name = len(table_names), table_names[seat]
        return MCTSPlayer(seed, sims=lv.sims_at(nseats, name), **lv.options(nseats, name))
    player = make_player(driver, seed)
    if not isinstance(player, MCTSPlayer):
        raise ConfigError(f"driver {driver!r} does not search: the policy learns from searches")
    return player


def game_rows(index: int, seed: int, driver: str = "normal", tables=TABLES) -> dict:
    """The decisions of game `index` of a run: DECISION_COLUMNS and the actions' rows."""
    table_names, first = table_of(index, tables)
    game_seed = derive_seed(seed, index)
    players = {s: seat_player(driver, table_names, s, derive_seed(game_seed, s + 1, scale=4))
               for s, name in enumerate(table_names) if not _factions.is_bot(name)}
    game = Game(first=first, factions=table_names)
    rows = {k: [] for k in DECISION_COLUMNS}
    feats, visits, actions, inputs = [], [], [], []
    seen = {s: None for s in players}

    def record(g, action, seat):
        if seat not in players:
            return
        report = players[seat].last_report
        if report is None or report is seen[seat] or report.simulations == 0 or len(report.top) < 2:
            return
        seen[seat] = report
        legal, f = _core.policy_features_of(g.state, seed=derive_seed(game_seed, len(g.record), scale=7))
        by_action = {a: v for a, _, v, _ in report.top}
        rows["game"].append(index)
        rows["seat"].append(seat)
        rows["faction"].append(_factions.faction_id(table_names[seat]))
        rows["nseats"].append(len(table_names))
        rows["round"].append(g.round)
        rows["table"].append([_factions.faction_id(n) for n in table_names]
                             + [-1] * (_core.MAX_NUM_SEATS - len(table_names)))
        rows["value"].append(report.top[0][3])
        rows["hand_value"].append(_core.evaluate_state(g.state, seat))
        inputs.append(_core.learned_inputs_of(g.state, seat).astype(np.float32))
        rows["start"].append(sum(len(a) for a in actions))
        feats.append(f.astype(np.float32))
        visits.append(np.array([by_action.get(a, 0) for a in legal], dtype=np.int32))
        actions.append(np.array(legal, dtype=np.int32))

    play(game, players, np.random.default_rng(game_seed), before=record)
    scores = list(game.scores)
    winners = set(game.state.winners or (() if game.winner is None else (game.winner,)))
    rows["won"] = [s in winners for s in rows["seat"]]
    rows["margin"] = [scores[s] - max(scores[o] for o in range(len(scores)) if o != s)
                      for s in rows["seat"]]
    width = len(_core.POLICY_FEATURE_NAMES)
    out = {k: np.asarray(v, dtype=np.float64 if k in ("value", "hand_value") else np.int32)
           for k, v in rows.items()}
    if not rows["table"]:
        out["table"] = np.zeros((0, _core.MAX_NUM_SEATS), np.int32)
    out["features"] = np.concatenate(feats) if feats else np.zeros((0, width), np.float32)
    out["visits"] = np.concatenate(visits) if visits else np.zeros(0, np.int32)
    out["actions"] = np.concatenate(actions) if actions else np.zeros(0, np.int32)
    out["inputs"] = (np.stack(inputs) if inputs else
                     np.zeros((0, len(_core.INPUT_NAMES)), np.float32))
    return out


def _game_task(args):
    return game_rows(*args)


def generate(games: int, seed: int = 1, driver: str = "normal", jobs: int = 1, ray=None,
             progress=None) -> dict:
    """The decisions of `games` games (in game order, starts made global) and the run's settings;
    progress(n) is called as each game is done."""
    if games < 1 or jobs < 1:
        raise ConfigError(f"games and jobs must be >= 1, not {games}, {jobs}")
    seat_player(driver, ("marquise", "wyrm"), 0, 0)        # fail early on a bad driver
    parts = []
    with executor(jobs, ray) as ex:
        for part in ex.map(_game_task, [(i, seed, driver) for i in range(games)]):
            parts.append(part)
            if progress is not None:
                progress(1)
    return merge(parts, seed=seed, games=games, driver=driver)


def merge(parts, renumber: bool = False, **settings) -> dict:
    """One data set of several games' (or runs') rows: the starts offset to the joined rows;
    renumber (joining runs): each run's games numbered after the earlier runs' (a game's number
    stays unique, so a held-out share by number mixes the tables)."""
    out, offset, first_game = {}, 0, 0
    starts, games = [], []
    for p in parts:
        n = len(p["game"])
        starts.append(p["start"][:n] + offset)
        offset += len(p["actions"])
        games.append(p["game"] + first_game)
        if renumber and n:
            first_game += int(p["game"].max()) + 1
    for k in DECISION_COLUMNS + ("features", "visits", "actions", "inputs"):
        if all(k in p for p in parts):      # (a run recorded before a column was added lacks it)
            out[k] = np.concatenate([p[k] for p in parts]) if parts else np.zeros(0)
    out["game"] = np.concatenate(games) if parts else np.zeros(0, np.int32)
    out["start"] = np.concatenate(starts + [np.array([offset])]).astype(np.int64)
    out["feature_names"] = np.array(_core.POLICY_FEATURE_NAMES)
    out["input_names"] = np.array(_core.INPUT_NAMES)
    out.update({k: np.array(v) for k, v in settings.items()})
    return out


def save(path, data: dict) -> None:
    np.savez_compressed(path, **data)


def load(path) -> dict:
    with np.load(path, allow_pickle=False) as f:
        return {k: f[k] for k in f.files}
