"""Arena: seeded games between two seat drivers, in parallel processes, with win rates and
95% confidence intervals. Game i uses derive_seed(seed, i) for its dice and draws and for its
players, and alternates which faction goes first, so runs are reproducible."""
from __future__ import annotations

import json
import math
import multiprocessing as mp
import time
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from wyrm_ai.files import write_atomic
from wyrm_ai.game import Game
from wyrm_ai.notation import FACTION_NAMES
from wyrm_ai.players import derive_seed, make_player, play


@dataclass
class GameResult:
    index: int
    first: int
    winner: int | None
    scores: tuple
    actions: int
    turns: int
    record: list = field(default_factory=list)


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval of a win rate."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def _player_options(kind, sims, seconds):
    if kind != "mcts":
        return {}
    return {"sims": sims if seconds is None else None, "seconds": seconds}


def play_one(args) -> GameResult:
    index, seed, kinds, sims, seconds = args
    game_seed = derive_seed(seed, index)
    first = index % 2
    players = {seat: make_player(kinds[seat], derive_seed(game_seed, seat + 1, scale=4),
                                 **_player_options(kinds[seat], sims, seconds)) for seat in (0, 1)}
    game = play(Game(first=first), players, np.random.default_rng(game_seed))
    return GameResult(index, first, game.winner, game.scores, len(game.record),
                      game.state.turn_number, game.record_lines())


@dataclass
class ArenaResult:
    kinds: tuple
    games: list
    seconds: float

    def summary(self) -> dict:
        n = len(self.games)
        out = {"games": n, "seconds": round(self.seconds, 1),
               "mean_turns": float(np.mean([g.turns for g in self.games])) if n else 0.0,
               "mean_actions": float(np.mean([g.actions for g in self.games])) if n else 0.0}
        for seat, name in enumerate(FACTION_NAMES):
            wins = sum(1 for g in self.games if g.winner == seat)
            lo, hi = wilson(wins, n)
            out[name] = {"driver": self.kinds[seat], "wins": wins, "rate": wins / n if n else 0.0,
                         "ci95": (lo, hi), "mean_score": float(np.mean([g.scores[seat] for g in self.games])) if n else 0.0}
        return out

    def format(self) -> str:
        s = self.summary()
        rows = [f"{s['games']} games in {s['seconds']}s; mean length {s['mean_turns']:.1f} turns, "
                f"{s['mean_actions']:.0f} actions"]
        for name in FACTION_NAMES:
            d = s[name]
            rows.append(f"  {name:<9} {d['driver']:<10} wins {d['wins']:>4} ({100 * d['rate']:.1f}%, "
                        f"95% CI {100 * d['ci95'][0]:.1f}-{100 * d['ci95'][1]:.1f}%)  "
                        f"mean score {d['mean_score']:.1f}")
        return "\n".join(rows)


def run_arena(wyrm="mcts", marquise="heuristic", games=200, seed=1, jobs=2, sims=1000,
              seconds=None, records=None, progress=None) -> ArenaResult:
    kinds = (marquise, wyrm)
    for k in kinds:
        make_player(k, 0, **_player_options(k, sims, seconds))   # fail early on a bad driver or budget
    tasks = [(i, seed, kinds, sims, seconds) for i in range(games)]
    start = time.perf_counter()
    results = []
    if jobs > 1:
        with mp.get_context("spawn").Pool(jobs) as pool:
            for r in pool.imap(play_one, tasks):
                results.append(r)
                if progress:
                    progress(len(results), games)
    else:
        for t in tasks:
            results.append(play_one(t))
            if progress:
                progress(len(results), games)
    out = ArenaResult(kinds, results, time.perf_counter() - start)
    if records:
        path = Path(records)
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(path, "".join(
            json.dumps({"game": r.index, "first": FACTION_NAMES[r.first],
                        "winner": FACTION_NAMES[r.winner] if r.winner is not None else None,
                        "scores": list(r.scores), "turns": r.turns, "record": r.record}) + "\n"
            for r in results))
    return out
