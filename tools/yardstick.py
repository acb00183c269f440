"""The yardstick of issue 14: our AI against the Mechanical Marquise 2.0, the official bot.

    python tools/yardstick.py                       # every row, 200 games each (slow: hours)
    python tools/yardstick.py --rows wyrm-easy,wyrm-normal --games 200 --jobs 2
    python tools/yardstick.py --list

Each row is `wyrm arena` with the same seed: seatings rotated, the games seeded, so a row is
reproducible from its seed. Rows:
  wyrm-<level>    our Wyrm at a level (easy: the greedy heuristic; normal, hard: the planner at
                  that level's simulations) against the bot, {Mechanical Marquise, Wyrm}
  marquise-<level> our Marquise at a level in {Marquise, Mechanical Marquise, Wyrm}, the Wyrm
                  heuristic (the same table for every bot difficulty)
each at every difficulty of the bot (original rules, no traits unless --variant/--traits say).
Reported: wins of our seat with a Wilson 95% interval, and its mean margin in VP (our score minus
the bot's, per game) with a 95% interval (normal approximation). Output: a Markdown table (and
--json FILE for the numbers)."""
from __future__ import annotations

import argparse
import json
import sys
import time

from wyrm_ai.lab.arena import mean_interval, run_arena, wilson
from wyrm_ai.model.bot_options import DIFFICULTIES
from wyrm_ai.ai.planner import LEVELS

BOT = "mechanical-marquise"
ROWS = {f"{seat}-{level}": (seat, level) for seat in ("wyrm", "marquise") for level in LEVELS}


def driver(level: str) -> tuple[str, int]:
    """(arena driver, simulations) for a level: easy is the heuristic, the others the planner."""
    lv = LEVELS[level]
    return ("mcts", lv.sims) if lv.planner else ("heuristic", 1)


def run_row(name: str, difficulty: str, games: int, seed: int, jobs: int, variant: str, traits: str) -> dict:
    seat, level = ROWS[name]
    kind, sims = driver(level)
    if seat == "wyrm":
        table, drivers = (BOT, "wyrm"), {"wyrm": kind}
    else:
        table, drivers = ("marquise", BOT, "wyrm"), {"marquise": kind, "wyrm": "heuristic"}
    start = time.perf_counter()
    result = run_arena(games=games, seed=seed, jobs=jobs, sims=sims, factions=table, drivers=drivers,
                       bot={"variant": variant, "difficulty": difficulty, "traits": traits})
    n = len(result.games)
    wins = sum(1 for g in result.games if g.won(seat))
    bot_wins = sum(1 for g in result.games if g.won(BOT))
    lo, hi = wilson(wins, n)
    margin, mlo, mhi = mean_interval([g.score_of(seat) - g.score_of(BOT) for g in result.games])
    return {"row": name, "seat": seat, "level": level, "driver": kind, "sims": sims if kind == "mcts" else None,
            "difficulty": difficulty, "variant": variant, "traits": traits, "games": n, "seed": seed,
            "wins": wins, "rate": wins / n, "ci95": [lo, hi], "bot_wins": bot_wins,
            "margin": margin, "margin_ci95": [mlo, mhi], "seconds": round(time.perf_counter() - start, 1)}


def table(rows: list[dict]) -> str:
    out = ["| our seat | level | bot difficulty | games | our wins (95% CI) | bot wins | mean margin, VP (95% CI) |",
           "|---|---|---|---|---|---|---|"]
    for r in rows:
        out.append(f"| {r['seat']} | {r['level']}{' (' + format(r['sims'], ',') + ' sims)' if r['sims'] else ''} "
                   f"| {r['difficulty']} | {r['games']} "
                   f"| {100 * r['rate']:.1f}% ({100 * r['ci95'][0]:.1f}-{100 * r['ci95'][1]:.1f}) "
                   f"| {r['bot_wins']} | {r['margin']:+.1f} ({r['margin_ci95'][0]:+.1f} to {r['margin_ci95'][1]:+.1f}) |")
    return "\n".join(out)


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--rows", default=",".join(ROWS), help="comma-separated rows (see --list)")
    p.add_argument("--difficulties", default=",".join(DIFFICULTIES))
    p.add_argument("--variant", default="original")
    p.add_argument("--traits", default="")
    p.add_argument("--games", type=int, default=200)
    p.add_argument("--seed", type=int, default=14)
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--json", default=None, help="also write the numbers to this file (JSON lines)")
    p.add_argument("--list", action="store_true", help="list the rows and stop")
    a = p.parse_args(argv)
    if a.list:
        print("\n".join(ROWS))
        return 0
    rows = []
    for name in a.rows.split(","):
        if name not in ROWS:
            p.error(f"no row {name!r}: choose from {', '.join(ROWS)}")
        for difficulty in a.difficulties.split(","):
            r = run_row(name, difficulty, a.games, a.seed, a.jobs, a.variant, a.traits)
            rows.append(r)
            print(f"{name} vs {difficulty}: {r['wins']}/{r['games']} wins, margin {r['margin']:+.1f} "
                  f"({r['seconds']} s)", file=sys.stderr, flush=True)
            if a.json:
                with open(a.json, "a") as f:
                    f.write(json.dumps(r) + "\n")
    print(table(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
