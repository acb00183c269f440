"""How the Marquise builds and recruits (issue 31 item 3): her buildings and warriors on the map
round by round, what her Daylight actions are, her VP and her wins, over seeded games.

    python tools/marquise_habits.py --games 24                       # Marquise, Eyrie, Wyrm at normal
    python tools/marquise_habits.py --games 24 --marquise easy        # the greedy heuristic in her seat
    python tools/marquise_habits.py --table marquise,mechanical-marquise,wyrm --others easy   # and the bot

Seeded whole games (seed i, the first seat rotating) with the Marquise at --marquise and the other
seats at --others: levels or player specs (levels play as `wyrm play` plays them: the level's
simulations there, not its clock, so a seed replays the same game). The Mechanical Marquise 2.0
plays by its own rules; each Marquise at the table is reported. Prints, per round at the start of her turn, the
mean number of her sawmills, workshops and recruiters and of her warriors on the map, and her VP;
the share of her Daylight actions that build, recruit, move, battle, overwork or do anything else
(the Marquise only: the bot makes no decisions); her final VP, margin and wins (95% Wilson).
"""
from __future__ import annotations

import argparse
import multiprocessing
import pathlib
import re
import sys
import time

import numpy as np

HERE = pathlib.Path(__file__).resolve().parent
sys.path[:0] = [str(HERE.parent), str(HERE)]          # this checkout, and turmoil_rate beside it

from wyrm_ai import _core  # noqa: E402
from wyrm_ai.model.factions import NAMES, faction_id  # noqa: E402
from wyrm_ai.model.game import Game  # noqa: E402
from wyrm_ai.terminal.watch import driver_player  # noqa: E402

from turmoil_rate import wilson  # noqa: E402

ROUNDS = (2, 3, 4, 5, 6, 8)
KINDS = (("build", re.compile(r"^b_[swr]->\d+$")), ("recruit", re.compile(r"^(recruit|w->\d+)$")),
         ("move", re.compile(r"^\d*w\d+->\d+")), ("battle", re.compile(r"^X")),
         ("overwork", re.compile(r"^overwork ")))
MARQUISES = (faction_id("marquise"), faction_id("mechanical-marquise"))


def kind_of(text: str) -> str:
    return next((k for k, pattern in KINDS if pattern.match(text)), "other")


def pieces(d: dict, seat: int, bot: bool) -> tuple[int, int, int, int]:
    """Her sawmills, workshops, recruiters and warriors on the map (state dict d)."""
    b = np.array(d["mm_buildings" if bot else "buildings"])
    return (*(int(n) for n in b.sum(axis=1)), int(np.sum(d["mm_warriors" if bot else "warriors"])))


def play_one(args) -> dict:
    """One seeded game: for each Marquise seat (the Marquise, the bot), her pieces and VP at the
    start of her turn in each round, her Daylight actions by kind, her VP, margin and win."""
    table, seed, marquise, others, max_turns = args
    seats = [s for s, f in enumerate(table) if f in MARQUISES]
    g = Game(first=seed % len(table), factions=table)
    players = {s: driver_player(marquise if s in seats else others, table, s, seed * 31 + s, {})
               for s, f in enumerate(table) if f in _core.PLAYABLE_FACTIONS}
    rng = np.random.default_rng(seed)
    at_round = {s: {} for s in seats}
    kinds = {s: {} for s in seats}
    seen_turn = -1
    while not g.is_terminal() and g.state.turn_number <= max_turns:
        p = g.current_player
        if g.state.turn in seats and g.state.turn_number != seen_turn and g.round >= 1:
            seen_turn, seat = g.state.turn_number, g.state.turn
            at_round[seat].setdefault(g.round, (*pieces(g.state.to_dict(), seat, table[seat] != MARQUISES[0]),
                                                int(g.state.scores[seat])))
        if p == _core.CHANCE:
            g.apply(g.sample_chance(rng))
            continue
        action = players[p].choose(g)
        if p in seats and g.round >= 1 and g.step in ("marquise_daylight", "marquise_march"):
            k = kind_of(g.describe(action))
            kinds[p][k] = kinds[p].get(k, 0) + 1
        g.apply(action)
    score = [int(v) for v in g.state.scores]
    return {s: {"at_round": at_round[s], "kinds": kinds[s], "vp": score[s],
                "margin": score[s] - max(v for o, v in enumerate(score) if o != s),
                "won": g.is_terminal() and s in g.winners, "rounds": g.round} for s in seats}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--table", default="marquise,eyrie,wyrm")
    ap.add_argument("--games", type=int, default=24)
    ap.add_argument("--marquise", default="normal", help="the Marquise's level or player spec")
    ap.add_argument("--others", default="normal", help="the other seats' level or player spec")
    ap.add_argument("--max-turns", type=int, default=150)
    ap.add_argument("--seed", type=int, default=0, help="the first game's seed")
    ap.add_argument("--jobs", type=int, default=1)
    a = ap.parse_args()
    table = tuple(faction_id(f.strip()) for f in a.table.split(","))
    if not any(f in MARQUISES for f in table):
        ap.error("the table seats no Marquise")
    start = time.monotonic()
    jobs = [(table, a.seed + i, a.marquise, a.others, a.max_turns) for i in range(a.games)]
    if a.jobs > 1:
        with multiprocessing.Pool(a.jobs) as pool:
            results = pool.map(play_one, jobs, chunksize=1)
    else:
        results = list(map(play_one, jobs))
    print(f"{a.table}: the Marquise at {a.marquise}, the others at {a.others}; {a.games} games "
          f"(seeds {a.seed}-{a.seed + a.games - 1}), {time.monotonic() - start:.0f} s")
    for seat in results[0]:
        report(NAMES[table[seat]], [r[seat] for r in results])


def report(name: str, results: list) -> None:
    print(f"\n{name}:\n")
    print("| at the start of her turn in round | games | sawmills | workshops | recruiters | warriors | VP |")
    print("|---|---|---|---|---|---|---|")
    for r in ROUNDS:
        rows = np.array([res["at_round"][r] for res in results if r in res["at_round"]])
        if len(rows):
            m = rows.mean(axis=0)
            print(f"| {r} | {len(rows)} | {m[0]:.2f} | {m[1]:.2f} | {m[2]:.2f} | {m[3]:.1f} | {m[4]:.1f} |")
    total = {}
    for res in results:
        for k, n in res["kinds"].items():
            total[k] = total.get(k, 0) + n
    if total:
        n = sum(total.values())
        names = [k for k, _ in KINDS] + ["other"]
        print(f"\nHer Daylight actions ({n}): "
              + ", ".join(f"{k} {100 * total.get(k, 0) / n:.0f}%" for k in names))
    wins, games = sum(res["won"] for res in results), len(results)
    lo, hi = wilson(wins, games)
    print(f"\nFinal VP {np.mean([res['vp'] for res in results]):.1f}, margin "
          f"{np.mean([res['margin'] for res in results]):+.1f}, rounds "
          f"{np.mean([res['rounds'] for res in results]):.1f}; won {wins} of {games} "
          f"({wins / games:.0%}, 95% {lo:.0%}-{hi:.0%})")


if __name__ == "__main__":
    main()
