"""How the levels use dominance (LoR 3.3; issue 31 item 3): who activates a Dominance card, at
how many VP and in which round, how often that wins, and how many games stall; and the
Vagabond's coalitions (LoR 9.2.8): how often he forms one, in which round, and wins in it.

    python tools/dominance_rate.py --games 20                                    # M, E, A, W at normal
    python tools/dominance_rate.py --table marquise,eyrie,wyrm --games 40 --level easy

Seeded whole games (seed i, the first seat rotating) with every seat at --level (a level or a
player spec; default normal, as `wyrm play` plays it: the level's simulations there, not its
clock, so a seed replays the same game). A game still going after --max-turns turns counts as
stalled (a seat that activated dominance scores no more VP, LoR 3.3.1, and a table of such
seats may never end). Prints, per faction: games, activations (the share of games, 95% Wilson
interval), the mean VP and round at activation, wins by dominance and wins in all; with the
Vagabond, his coalitions formed and the wins he shared in them.
"""
from __future__ import annotations

import argparse
import pathlib
import sys
import time

import numpy as np

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))

from wyrm_ai import _core  # noqa: E402
from wyrm_ai.model.factions import NAMES, faction_id  # noqa: E402
from wyrm_ai.model.game import Game  # noqa: E402
from wyrm_ai.terminal.watch import driver_player  # noqa: E402

from turmoil_rate import wilson  # noqa: E402


def play_one(table: tuple[int, ...], seed: int, level: str, max_turns: int) -> dict:
    """One seeded game: each seat's activation (VP, round) if any, the winners, and whether it
    stalled."""
    g = Game(first=seed % len(table), factions=table)
    players = {s: driver_player(level, table, s, seed * 31 + s, {})
               for s, f in enumerate(table) if f in _core.PLAYABLE_FACTIONS}
    rng = np.random.default_rng(seed)
    activated, coalition = {}, None
    while not g.is_terminal() and g.state.turn_number <= max_turns:
        p = g.current_player
        g.apply(g.sample_chance(rng) if p == _core.CHANCE else players[p].choose(g))
        for e in g.last_events:
            if e.kind == "dominance" and e.seat not in activated:
                activated[e.seat] = (e.amount, g.round)
            if e.kind == "coalition" and coalition is None:
                coalition = (e.seat, g.round)
    won = set(g.winners) if g.is_terminal() else set()
    by_dominance = g.is_terminal() and any(e.kind == "win" and e.arg >= 0 for es in g.events for e in es)
    return {"activated": activated, "won": won, "by_dominance": by_dominance, "stalled": not g.is_terminal(),
            "turns": g.state.turn_number, "coalition": coalition}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--table", default="marquise,eyrie,alliance,wyrm")
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--level", default="normal", help="every seat's level or player spec")
    ap.add_argument("--max-turns", type=int, default=150, help="a game past this many turns has stalled")
    ap.add_argument("--seed", type=int, default=0, help="the first game's seed")
    a = ap.parse_args()
    table = tuple(faction_id(f.strip()) for f in a.table.split(","))
    start = time.monotonic()
    rows = {s: {"act": 0, "vp": [], "round": [], "dom_wins": 0, "wins": 0} for s in range(len(table))}
    stalled = 0
    turns = []
    coalitions = []          # (round formed, won in it) of each game's Vagabond coalition
    for i in range(a.games):
        r = play_one(table, a.seed + i, a.level, a.max_turns)
        stalled += r["stalled"]
        turns.append(r["turns"])
        for s, (vp, rnd) in r["activated"].items():
            rows[s]["act"] += 1
            rows[s]["vp"].append(vp)
            rows[s]["round"].append(rnd)
            rows[s]["dom_wins"] += s in r["won"] and r["by_dominance"]
        for s in r["won"]:
            rows[s]["wins"] += 1
        if r["coalition"] is not None:
            coalitions.append((r["coalition"][1], r["coalition"][0] in r["won"]))
        acts = ", ".join(f"{NAMES[table[s]]} at {vp} VP (round {rnd})" for s, (vp, rnd) in r["activated"].items())
        print(f"game {a.seed + i}: {r['turns']} turns{' (stalled)' if r['stalled'] else ''}; "
              f"activated: {acts or '-'}; won: {', '.join(NAMES[table[s]] for s in sorted(r['won'])) or '-'}",
              flush=True)
    print(f"{a.table}, every seat at {a.level}: {a.games} games, {time.monotonic() - start:.0f} s; "
          f"stalled {stalled} (past {a.max_turns} turns); mean {np.mean(turns):.1f} turns")
    for s, row in rows.items():
        lo, hi = wilson(row["act"], a.games)
        at = (f"; at {np.mean(row['vp']):.1f} VP, round {np.mean(row['round']):.1f} on average"
              if row["act"] else "")
        print(f"  {NAMES[table[s]]:9s} activated in {row['act']}/{a.games} ({row['act'] / a.games:.0%}, "
              f"95% {lo:.0%}-{hi:.0%}){at}; won by dominance {row['dom_wins']}, won {row['wins']}")
    if faction_id("vagabond") in table:
        lo, hi = wilson(len(coalitions), a.games)
        at = f", in round {np.mean([c[0] for c in coalitions]):.1f} on average" if coalitions else ""
        print(f"  the Vagabond formed a coalition in {len(coalitions)}/{a.games} ({len(coalitions) / a.games:.0%}, "
              f"95% {lo:.0%}-{hi:.0%}){at}; won in it {sum(c[1] for c in coalitions)}")


if __name__ == "__main__":
    main()
