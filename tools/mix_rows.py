"""mcts against mcts at every table we support (issue 15 item 1): the rows of docs/strength.md.

    python tools/mix_rows.py --list                          # the tables, one a line
    python tools/mix_rows.py --sims 300 --games 60 --jobs 1  # every table (slow)
    python tools/mix_rows.py --mixes CW,CEW --games 100 --json rows.jsonl
    python tools/mix_rows.py --table rows.jsonl              # the Markdown table of saved rows

The tables are the distinct sets of factions of tests/mixes.py (MIXES and BOT_MIXES, the tables
the tests play), each named by its Rootlog letters in the seat order where it first appears there
(C Marquise, E Eyrie, A Alliance, V Vagabond, W Wyrm, M the Mechanical Marquise). Each table is
one `wyrm arena` run with the planner in every seat that decides, at the same budget (--sims, 1
thread); the seatings cycle through the rotations of the turn order, the bot plays its original
rules at normal difficulty with no traits. Reported per table and faction: wins with a Wilson 95%
interval (a coalition's win counts for both partners), mean score, mean margin (the faction's VP
minus the best other seat's, per game, as `wyrm match` scores it) with a 95% interval, and per
table the games, mean turns and wall time."""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from wyrm_ai.model import factions as _factions
from wyrm_ai.lab.arena import mean_interval, run_arena, wilson
from wyrm_ai.lab.match import margin

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from mixes import BOT_MIXES, MIXES, mix_id  # noqa: E402  (the tables the tests play: one list)


def tables() -> dict[str, tuple[str, ...]]:
    """{Rootlog letters: seat table}: one table per distinct set of factions of MIXES and
    BOT_MIXES, in the seat order of its first appearance."""
    seen, out = set(), {}
    for mix in MIXES + BOT_MIXES:
        key = frozenset(mix)
        if key not in seen:
            seen.add(key)
            out[mix_id(mix)] = tuple(mix)
    return out


def run_table(name: str, table: tuple[str, ...], games: int, seed: int, jobs: int, sims: int,
              records: str | None = None) -> dict:
    """One table's row: the arena's games with mcts in every seat that decides."""
    drivers = {f: "mcts" for f in table if not _factions.is_bot(f)}
    result = run_arena(games=games, seed=seed, jobs=jobs, sims=sims, factions=table, drivers=drivers,
                       records=records)
    n = len(result.games)
    s = result.summary()
    seats = []
    for f in table:
        wins = sum(1 for g in result.games if g.won(f))
        lo, hi = wilson(wins, n)
        m, mlo, mhi = mean_interval([margin(g, f) for g in result.games])
        seats.append({"faction": f, "driver": s[f]["driver"], "wins": wins, "rate": wins / n,
                      "ci95": [lo, hi], "mean_score": s[f]["mean_score"],
                      "margin": m, "margin_ci95": [mlo, mhi]})
    return {"table": name, "factions": list(table), "games": n, "sims": sims, "seed": seed,
            "mean_turns": s["mean_turns"], "seconds": s["seconds"], "seats": seats}


def signed(x: float) -> str:
    """'+1.2', '−3.4' (the minus sign of docs/strength.md)."""
    return f"{x:+.1f}".replace("-", "\u2212")


def markdown(rows: list[dict]) -> str:
    out = ["| table | games | faction | wins (95% CI) | mean score | mean margin, VP (95% CI) | mean turns |",
           "|---|---|---|---|---|---|---|"]
    for r in rows:
        for i, d in enumerate(r["seats"]):
            title = _factions.TITLES[_factions.faction_id(d["faction"])]
            if d["driver"] == "bot":
                title += " (bot)"
            head = (f"| {r['table']} | {r['games']} |" if i == 0 else "| | |")
            out.append(f"{head} {title} | {100 * d['rate']:.1f}% ({100 * d['ci95'][0]:.1f}–"
                       f"{100 * d['ci95'][1]:.1f}) | {d['mean_score']:.1f} | {signed(d['margin'])} "
                       f"({signed(d['margin_ci95'][0])} to {signed(d['margin_ci95'][1])}) |"
                       + (f" {r['mean_turns']:.1f} |" if i == 0 else " |"))
    return "\n".join(out)


def main(argv=None) -> int:
    known = tables()
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--mixes", default=",".join(known), help="comma-separated tables (see --list)")
    p.add_argument("--sims", type=int, default=300, help="simulations per decision (default 300)")
    p.add_argument("--games", type=int, default=60, help="games per table (default 60)")
    p.add_argument("--seed", type=int, default=15)
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--json", default=None, help="append each table's numbers to this file (JSON lines)")
    p.add_argument("--records", default=None,
                   help="write each table's game records to this directory (TABLE.jsonl)")
    p.add_argument("--table", default=None, metavar="FILE",
                   help="print the Markdown table of the rows saved in FILE (by --json; a table saved "
                        "twice: its last row), two seats "
                        "first, then three, then four (each in the order of --list), and stop")
    p.add_argument("--list", action="store_true", help="list the tables and stop")
    a = p.parse_args(argv)
    if a.list:
        print("\n".join(f"{k}  {','.join(v)}" for k, v in known.items()))
        return 0
    if a.table:
        saved = list({r["table"]: r for r in (json.loads(line) for line in Path(a.table).read_text().splitlines()
                                              if line.strip())}.values())     # a table run again: its last row
        order = list(known)
        print(markdown(sorted(saved, key=lambda r: (len(r["factions"]),
                                                     order.index(r["table"]) if r["table"] in order else len(order)))))
        return 0
    names = [n.strip() for n in a.mixes.split(",") if n.strip()]
    for name in names:
        if name not in known:
            p.error(f"no table {name!r}: choose from {', '.join(known)}")
    for opt in ("sims", "games", "jobs"):
        if getattr(a, opt) < 1:
            p.error(f"--{opt} must be at least 1")
    rows = []
    for name in names:
        records = str(Path(a.records) / f"{name}.jsonl") if a.records else None
        r = run_table(name, known[name], a.games, a.seed, a.jobs, a.sims, records)
        rows.append(r)
        print(f"{name}: {r['games']} games, {r['mean_turns']:.1f} turns, {r['seconds']} s; "
              + ", ".join(f"{d['faction']} {d['wins']}" for d in r["seats"]), file=sys.stderr, flush=True)
        if a.json:
            with open(a.json, "a") as f:
                f.write(json.dumps(r) + "\n")
    print(markdown(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
