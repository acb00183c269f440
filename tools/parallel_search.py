"""Root-parallel search (issue 15 item 3), measured: its speed-up and its agreement.

    python tools/parallel_search.py speed                  # sims per wall-second, 1 vs 2 threads
    python tools/parallel_search.py speed --threads 4 --sims 20000 --rounds 5
    python tools/parallel_search.py agree                  # two searches agree how often?
    python tools/parallel_search.py agree --positions 60 --sims 1000 --threads 2
    python tools/parallel_search.py agree --source games --positions 600 --threads 1
    python tools/parallel_search.py agree --source games --threads 1 --options normalize=minmax,c_uct=1.5
    python tools/parallel_search.py agree --source games --threads 1 --options levels

speed: at a 2-seat (Marquise, Wyrm) and a 4-seat (Marquise, Eyrie, Alliance, Wyrm) mid-game Wyrm
Daylight decision, the simulations per wall-second of planner.search with 1 thread and with
--threads, alternating them for --rounds rounds (the median of each), and their ratio (the
issue's target: >= 1.8 with 2 threads on 2 idle cores). A busy machine gives a low ratio.

agree: at --positions seeded decisions with 10+ legal actions, two searches of --sims simulations
with different seeds, with 1 thread and with --threads (--threads 1: one thread only): how often
the two pick the same action, overall and per faction, with Wilson 95% intervals (the issue's
target: two 1,000-sim searches agree >= 60% of the time at 10+ legal actions; parallel searches
should agree no less often than single-thread ones of the same total budget). The positions:
  --source playouts (default)  Wyrm decisions from seeded random core playouts, alternating the
                               --tables (default 2-seat, 4-seat)
  --source games               decisions of every seat that decides, reached in seeded games
                               between the planner at --game-sims in every seat, as `wyrm arena`
                               plays them (seatings rotated), --positions split evenly over the
                               --tables (default 2-seat, 3-seat): per game at most --per-seat
                               decisions of each seat, drawn at random from its 10+-action ones
--options OPTIONS gives every search an mcts spec's search options; --options levels gives each
position the options the planner levels use for its seat to move at its table
(planner.LEVEL_SEARCH; the simulations stay --sims). Every number is reproducible from --seed
(sims budgets), but the speed's timings."""
from __future__ import annotations

import argparse
import statistics
import sys
import time

import numpy as np

from wyrm_ai import _core
from wyrm_ai.ai import player_spec
from wyrm_ai.lab.arena import seatings, wilson
from wyrm_ai.model.factions import NAMES, TITLES, faction_id
from wyrm_ai.model.game import Game
from wyrm_ai.ai.planner import LEVELS, Budget, search, thread_count
from wyrm_ai.ai.players import make_player, play
from wyrm_ai.model.seeds import derive_seed

TABLES = {"2-seat": ("marquise", "wyrm"), "3-seat": ("marquise", "eyrie", "wyrm"),
          "4-seat": ("marquise", "eyrie", "alliance", "wyrm")}


def decision(names, seed: int, min_legal: int = 6, step: str | None = "wyrm_daylight") -> _core.State:
    """A mid-game State where the Wyrm decides (in `step`, any step if None) among min_legal+
    actions, from seeded core playouts (from the Wyrm's third turn on)."""
    table = tuple(faction_id(f) for f in names)
    wyrm = names.index("wyrm")
    n = len(table)
    for k in range(500):
        s = _core.State(k % n, factions=table)
        for i in range(3000):
            if s.is_terminal():
                break
            if (s.current_player == wyrm and (step is None or s.step == step)
                    and s.turn_number >= 3 * n and s.num_legal_actions() >= min_legal):
                return s
            s.random_playout(derive_seed(seed, k) + i, 1)
    raise RuntimeError(f"no {n}-seat Wyrm decision with {min_legal}+ actions from seed {seed}")


def rate(state, threads: int, sims: int) -> float:
    start = time.perf_counter()
    r = search(state, Budget(sims=sims, threads=threads), seed=1)
    return r.simulations / (time.perf_counter() - start)


def speed(args) -> None:
    print(f"simulations per wall-second, {args.sims:,} sims a search, median of {args.rounds} "
          f"alternating rounds")
    for name in ("2-seat", "4-seat"):
        state = decision(TABLES[name], 3)
        rates = {1: [], args.threads: []}
        for _ in range(args.rounds):
            for k in rates:
                rates[k].append(rate(state, k, args.sims))
        one, many = statistics.median(rates[1]), statistics.median(rates[args.threads])
        print(f"  {name}: 1 thread {one:,.0f}/s, {args.threads} threads {many:,.0f}/s, "
              f"ratio {many / one:.2f}")


def played_decisions(names, game_sims: int, per_seat: int, seed: int, wanted: int) -> list:
    """At least `wanted` core States where a seat decides among 10+ legal actions, from seeded
    games of the table `names` with the planner (game_sims, 1 thread) in every seat: game g is
    seeded derive_seed(seed, g), seated as the arena's game g (rotations), its players seeded as
    the arena seeds them; of each game, at most per_seat decisions of each seat, drawn at random
    (seeded) from its decisions with 10+ legal actions, taken seat by seat in turn (so
    cutting the last game's short keeps the seats even)."""
    order = seatings(tuple(names))
    out = []
    g = 0
    while len(out) < wanted:
        game_seed = derive_seed(seed, g)
        table, first = order[g % len(order)]
        players = {s: make_player("mcts", derive_seed(game_seed, s + 1, scale=4), sims=game_sims)
                   for s in range(len(table))}
        seen = {s: [] for s in range(len(table))}

        def keep(game, action, seat):
            if seat >= 0 and game.state.num_legal_actions() >= 10:
                seen[seat].append(game.state.clone())

        play(Game(first=first, factions=table), players, np.random.default_rng(game_seed), before=keep)
        rng = np.random.default_rng(derive_seed(seed, g, scale=7))
        picks = {s: sorted(rng.choice(len(seen[s]), min(per_seat, len(seen[s])), replace=False))
                 for s in seen}
        out += [seen[s][picks[s][j]] for j in range(per_seat) for s in seen if j < len(picks[s])]
        g += 1
    return out[:wanted]


def agree(args) -> None:
    tables = [t.strip() for t in args.tables.split(",")]
    positions = []
    if args.source == "games":
        for k, name in enumerate(tables):
            share = args.positions // len(tables) + (k < args.positions % len(tables))
            positions += played_decisions(TABLES[name], args.game_sims, args.per_seat,
                                          derive_seed(args.seed, k), share)
        where = (f"decisions with 10+ legal actions in seeded games of the planner ({args.game_sims:,} "
                 f"sims) in every seat at {', '.join(tables)}")
    else:
        for i in range(args.positions):
            names = TABLES[tables[i % len(tables)]]
            positions.append(decision(names, derive_seed(args.seed, i), min_legal=10, step=None))
        where = f"Wyrm decisions with 10+ legal actions from random playouts at {', '.join(tables)}"
    print(f"{len(positions)} {where} (mean {statistics.mean(p.num_legal_actions() for p in positions):.1f} "
          f"legal actions), two searches of {args.sims:,} sims each with different seeds:")
    levels = args.options == "levels"
    options = {} if levels else search_options(args.options)
    if args.options:
        print("  searches with " + ("the levels' options for each seat and table" if levels else args.options))
    for k in sorted({1, args.threads}):
        same = {}
        for i, p in enumerate(positions):
            name = NAMES[p.factions[p.current_player]]
            if levels:
                options = LEVELS["normal"].options(p.num_seats, name)
            a = search(p, Budget(sims=args.sims, threads=k), seed=derive_seed(args.seed, 2 * i + 1), **options).best
            b = search(p, Budget(sims=args.sims, threads=k), seed=derive_seed(args.seed, 2 * i + 2), **options).best
            same.setdefault(name, []).append(a == b)
        print(f"  {k} thread{'s' if k > 1 else ''}: {agreement(sum(map(sum, same.values())), len(positions))}")
        for name in sorted(same, key=NAMES.index):
            print(f"    {TITLES[NAMES.index(name)]:<9} {agreement(sum(same[name]), len(same[name]))}")


def search_options(text: str | None) -> dict:
    """planner.search's options from a spec's options text ("normalize=minmax,c_uct=1.5": read
    as `mcts:` + text, so every mcts spec option but the budget's, checked there)."""
    if not text:
        return {}
    out = player_spec.parse("mcts:" + text).player_options()
    for key in (*player_spec.BUDGET_KEYS, "threads", "tree_seats"):
        if key in out:
            raise SystemExit(f"--options sets the search, not its budget: drop {key}")
    return out


def agreement(same: int, n: int) -> str:
    """'the two agree at 64 of 100 (64.0%, 95% CI 54.2-72.7%)'."""
    lo, hi = wilson(same, n)
    return f"the two agree at {same} of {n} ({100 * same / n:.1f}%, 95% CI {100 * lo:.1f}-{100 * hi:.1f}%)"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="what", required=True)
    sp = sub.add_parser("speed", help="simulations per wall-second with 1 and N threads")
    sp.add_argument("--threads", default="2", help="threads to compare with one (default 2; auto: every core)")
    sp.add_argument("--sims", type=int, default=8000, help="simulations a search (default 8000)")
    sp.add_argument("--rounds", type=int, default=5, help="alternating rounds (default 5)")
    ag = sub.add_parser("agree", help="how often two searches pick the same action")
    ag.add_argument("--threads", default="2", help="threads to compare with one (default 2)")
    ag.add_argument("--sims", type=int, default=1000, help="simulations a search (default 1000)")
    ag.add_argument("--positions", type=int, default=40, help="decisions (default 40)")
    ag.add_argument("--seed", type=int, default=15, help="seed of the positions and searches")
    ag.add_argument("--source", choices=("playouts", "games"), default="playouts",
                    help="where the positions come from (default playouts; see above)")
    ag.add_argument("--tables", default=None,
                    help=f"comma-separated tables of {', '.join(TABLES)} (default: 2-seat,4-seat "
                         "for playouts, 2-seat,3-seat for games)")
    ag.add_argument("--game-sims", type=int, default=300,
                    help="the planner's simulations in the games (--source games; default 300)")
    ag.add_argument("--options", default=None,
                    help="the searches' options as in an mcts spec, e.g. normalize=minmax,c_uct=1.5, "
                         "or levels: the planner levels' options for each position's seat and table")
    ag.add_argument("--per-seat", type=int, default=2,
                    help="decisions of each seat taken per game (--source games; default 2)")
    args = ap.parse_args(argv)
    args.threads = thread_count(args.threads)
    for name in ("sims", "rounds", "positions", "game_sims", "per_seat"):
        if getattr(args, name, 1) < 1:
            ap.error(f"--{name.replace('_', '-')} must be at least 1")
    if args.what == "agree":
        if args.tables is None:
            args.tables = "2-seat,3-seat" if args.source == "games" else "2-seat,4-seat"
        bad = [t for t in args.tables.split(",") if t.strip() not in TABLES]
        if bad:
            ap.error(f"no table {bad[0]!r}: choose from {', '.join(TABLES)}")
    (speed if args.what == "speed" else agree)(args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
