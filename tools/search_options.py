"""Search options (issue 15 item 3: normalize, tree_turns, ...) against today's search, measured
away from games: how often two searches agree, and what a simulation costs.

    python tools/search_options.py agree normalize=minmax            # two 1,000-sim searches agree?
    python tools/search_options.py agree normalize=minmax,c_uct=1.5 --positions 60
    python tools/search_options.py speed tree_turns=2                # sims per second, and the ratio

The OPTIONS are an mcts player spec's search options (wyrm_ai/ai/player_spec.py, e.g.
normalize=minmax,tree_turns=2); the baseline is the plain search (or --baseline OPTIONS).

agree: at --positions seeded Wyrm decisions with 10+ legal actions (half at 2 seats, half at 4:
tools/parallel_search.py's positions; --table 2-seat, 3-seat or 4-seat for one table), two one-thread searches of --sims simulations with
different seeds, for the baseline and for OPTIONS: how often the two pick the same action, each
with its Wilson 95% interval (the issue's target: >= 60% at 1,000 sims).

speed: at the same kind of positions, the simulations per second of the baseline and of
OPTIONS, alternating them for --rounds rounds (each a search of --sims at every position), the
median of each and their ratio: the extra simulations a baseline gets in a match at equal wall
time. Every number but the timings is reproducible from --seed."""
from __future__ import annotations

import argparse
import statistics
import sys
import time

from parallel_search import TABLES, decision

from wyrm_ai.ai import player_spec
from wyrm_ai.lab.arena import wilson
from wyrm_ai.ai.planner import Budget, search
from wyrm_ai.model.seeds import derive_seed


def search_options(text: str) -> dict:
    """The search options of an mcts spec's option text ('' for none); budget keys are refused."""
    if not text:
        return {}
    options = dict(player_spec.parse("mcts:" + text).options)
    budget = [k for k in options if k in player_spec.BUDGET_KEYS + ("threads", "tree_seats")]
    if budget:
        raise SystemExit(f"{', '.join(budget)}: budget keys, not search options (use --sims)")
    return options


TABLE_CHOICES = {"both": list(TABLES.values()), "2-seat": [TABLES["2-seat"]],
                 "3-seat": [("marquise", "eyrie", "wyrm")], "4-seat": [TABLES["4-seat"]]}


def positions(n: int, seed: int, table: str = "both") -> list:
    """n Wyrm decisions with 10+ legal actions, alternating over the tables of --table."""
    tables = TABLE_CHOICES[table]
    return [decision(tables[i % len(tables)], derive_seed(seed, i), min_legal=10, step=None)
            for i in range(n)]


def agree(args, runs) -> None:
    states = positions(args.positions, args.seed, args.table)
    print(f"{len(states)} Wyrm decisions with 10+ legal actions (mean "
          f"{statistics.mean(p.num_legal_actions() for p in states):.1f}), two searches of "
          f"{args.sims:,} sims each with different seeds:")
    for name, options in runs:
        same = 0
        for i, p in enumerate(states):
            a = search(p, Budget(sims=args.sims), seed=derive_seed(args.seed, 2 * i + 1), **options).best
            b = search(p, Budget(sims=args.sims), seed=derive_seed(args.seed, 2 * i + 2), **options).best
            same += a == b
        lo, hi = wilson(same, len(states))
        print(f"  {name}: agree at {same} of {len(states)} ({100 * same / len(states):.0f}%, "
              f"95% CI {100 * lo:.0f}-{100 * hi:.0f}%)")


def speed(args, runs) -> None:
    states = positions(args.positions, args.seed, args.table)
    rates = {name: [] for name, _ in runs}
    for _ in range(args.rounds):
        for name, options in runs:
            sims, start = 0, time.perf_counter()
            for i, p in enumerate(states):
                sims += search(p, Budget(sims=args.sims), seed=derive_seed(args.seed, i), **options).simulations
            rates[name].append(sims / (time.perf_counter() - start))
    (base, _), (new, _) = runs
    one, two = statistics.median(rates[base]), statistics.median(rates[new])
    print(f"simulations per second at {len(states)} positions ({args.table}), {args.sims:,} sims a search, median "
          f"of {args.rounds} alternating rounds: {base} {one:,.0f}/s, {new} {two:,.0f}/s, "
          f"ratio {two / one:.3f} (per-round ratios "
          f"{', '.join(f'{b / a:.3f}' for a, b in zip(rates[base], rates[new]))})")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("what", choices=("agree", "speed"))
    ap.add_argument("options", help="the search options to measure, e.g. normalize=minmax")
    ap.add_argument("--baseline", default="", help="the baseline's search options (default: none)")
    ap.add_argument("--sims", type=int, default=1000, help="simulations a search (default 1000)")
    ap.add_argument("--positions", type=int, default=40, help="decisions (default 40)")
    ap.add_argument("--rounds", type=int, default=3, help="speed: alternating rounds (default 3)")
    ap.add_argument("--seed", type=int, default=15, help="seed of the positions and searches")
    ap.add_argument("--table", choices=tuple(TABLE_CHOICES), default="both",
                    help="the positions' tables: both (2 and 4 seats, the default) or one")
    args = ap.parse_args(argv)
    for name in ("sims", "rounds", "positions"):
        if getattr(args, name) < 1:
            ap.error(f"--{name} must be at least 1")
    runs = [(args.baseline or "baseline", search_options(args.baseline)),
            (args.options, search_options(args.options))]
    (agree if args.what == "agree" else speed)(args, runs)
    return 0


if __name__ == "__main__":
    sys.exit(main())
