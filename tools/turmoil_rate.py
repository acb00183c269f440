"""How often the Eyrie falls into Turmoil (LoR 7.7), as the levels play it (issue 31 item 3).

    python tools/turmoil_rate.py --games 60                          # Marquise, Eyrie, Wyrm
    python tools/turmoil_rate.py --table marquise,eyrie,alliance,wyrm --games 40 --whole

Seeded games (seed i, the first seat rotating): the Eyrie at --level (default normal, as `wyrm
play` plays it: the level's simulations there, not its clock, so a seed replays the same game;
or a player spec), every other seat at --others (default easy: the heuristic player, which is
quick; the Eyrie's first turns hardly depend on it). Each game is played until the Eyrie has finished --turns of
its turns (default 3), or to its end with --whole. Prints the share of games with a Turmoil in
the Eyrie's first --turns turns, with a Wilson 95% interval, and with --whole the Turmoils per
game. The issue's target: at most 5% in the first three turns at `normal`.
"""
from __future__ import annotations

import argparse
import math
import pathlib
import sys
import time

import numpy as np

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))

from wyrm_ai import _core  # noqa: E402
from wyrm_ai.model.factions import faction_id  # noqa: E402
from wyrm_ai.model.game import Game  # noqa: E402
from wyrm_ai.terminal.watch import driver_player  # noqa: E402


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of k successes in n trials."""
    if n == 0:
        return 0.0, 1.0
    p = k / n
    mid = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, mid - half), min(1.0, mid + half)


def play_one(table: tuple[int, ...], seed: int, level: str, others: str, turns: int, whole: bool) -> dict:
    """One seeded game: the Eyrie's Turmoils, by its turn (1 = its first)."""
    eyrie = faction_id("eyrie")
    first = seed % len(table)
    g = Game(first=first, factions=table)
    seat = table.index(eyrie)
    players = {s: driver_player(level if f == eyrie else others, table, s, seed * 31 + s, {})
               for s, f in enumerate(table) if f in _core.PLAYABLE_FACTIONS}
    rng = np.random.default_rng(seed)
    eyrie_turns, last_turn, out = 0, None, []
    while not g.is_terminal():
        if g.state.turn == seat and g.state.turn_number != last_turn and g.state.turn_number > 0:
            last_turn = g.state.turn_number
            eyrie_turns += 1
            if eyrie_turns > turns and not whole:
                break
        p = g.current_player
        g.apply(g.sample_chance(rng) if p == _core.CHANCE else players[p].choose(g))
        for e in g.last_events:
            if e.kind == "turmoil" and e.seat == seat:
                out.append(eyrie_turns)
    return {"turmoils": out, "eyrie_turns": eyrie_turns, "ended": g.is_terminal(),
            "score": g.scores[seat], "won": seat in g.winners}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--table", default="marquise,eyrie,wyrm")
    ap.add_argument("--games", type=int, default=60)
    ap.add_argument("--level", default="normal", help="the Eyrie's level or player spec (mcts:sims=2000,...)")
    ap.add_argument("--others", default="easy", help="the other seats' level or player spec")
    ap.add_argument("--turns", type=int, default=3)
    ap.add_argument("--whole", action="store_true", help="play every game to its end (Turmoils per game)")
    ap.add_argument("--seed", type=int, default=0, help="the first game's seed")
    a = ap.parse_args()
    table = tuple(faction_id(f.strip()) for f in a.table.split(","))
    start = time.monotonic()
    early = total = wins = 0
    scores = []
    for i in range(a.games):
        r = play_one(table, a.seed + i, a.level, a.others, a.turns, a.whole)
        early += any(t <= a.turns for t in r["turmoils"])
        total += len(r["turmoils"])
        wins += r["won"]
        scores.append(r["score"])
        print(f"game {a.seed + i}: Turmoil in Eyrie turns {r['turmoils'] or '-'}"
              + (f"; the Eyrie {r['score']} VP{', won' if r['won'] else ''}" if a.whole else ""), flush=True)
    lo, hi = wilson(early, a.games)
    print(f"{a.table}, the Eyrie at {a.level}, the others at {a.others}: {a.games} games, "
          f"{time.monotonic() - start:.0f} s")
    print(f"a Turmoil in its first {a.turns} turns: {early}/{a.games} = {early / a.games:.1%} "
          f"(95% {lo:.1%}-{hi:.1%})")
    if a.whole:
        print(f"Turmoils per game: {total / a.games:.2f}; the Eyrie won {wins}, {np.mean(scores):.1f} VP a game")


if __name__ == "__main__":
    main()
