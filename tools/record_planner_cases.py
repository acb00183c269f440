"""Record the planner's two-seat regression cases (tests/data/planner_two_seat_cases.json).

Each case is a Marquise-vs-Wyrm position reached from a new game by seeded heuristic play,
stored as its record in notation, and what the planner found there with its default options for
a fixed seed and budget: the best action, the root actions' visits and mean values, the
principal line, all as text. tests/test_planner_nseat.py replays them: with the default
tree_seats ("observer") the search must find exactly the same. Recorded from main at 4b11517,
before the planner was made N-seat (issue 11 part 5); re-recorded when issue 29 item 5 made the
hand prompts asked whenever a hand could hold the card (new decisions in the records and the
trees). Regenerate only for a deliberate change of
the planner's two-seat behaviour, and say which in the commit:

    python tools/record_planner_cases.py > tests/data/planner_two_seat_cases.json
"""
from __future__ import annotations

import json
import sys

import numpy as np

from wyrm_ai.model.game import Game
from wyrm_ai.ai.planner import Budget, search
from wyrm_ai.ai.players import HeuristicPlayer

SIMS = 300
# (first player, driver seed, the seat whose decision is searched, earliest turn, step)
CASES = [("marquise", 3, "wyrm", 6, None), ("marquise", 5, "wyrm", 8, None),
         ("wyrm", 7, "wyrm", 4, None), ("marquise", 11, "marquise", 5, None),
         ("wyrm", 13, "marquise", 9, None), ("marquise", 17, "marquise", 3, "marquise_daylight")]


def position(first: str, seed: int, seat_name: str, turn: int, step: str | None) -> Game:
    """The first decision of seat_name at or after turn with several choices (at step, if given)."""
    rng = np.random.default_rng(seed)
    g = Game(first=first)
    seat = g.seat_of(seat_name)
    players = {s: HeuristicPlayer(seed + s) for s in range(g.num_seats)}
    while True:
        if (not g.is_chance_node() and g.current_player == seat and g.state.turn_number >= turn
                and len(g.legal_actions()) >= 4 and (step is None or g.step == step)):
            return g
        if g.is_terminal():
            raise RuntimeError(f"case {first} {seed} ended before a decision of {seat_name}")
        g.apply(g.sample_chance(rng) if g.is_chance_node() else players[g.current_player].choose(g))


def case(first, seed, seat_name, turn, step) -> dict:
    g = position(first, seed, seat_name, turn, step)
    r = search(g, Budget(sims=SIMS), seed=seed)
    return {"first": first, "record": g.record_lines(), "seed": seed, "sims": SIMS,
            "best": g.describe(r.best), "top": [[text, visits, mean] for _, text, visits, mean in r.top],
            "line": r.line}


def main() -> None:
    json.dump({"cases": [case(*c) for c in CASES]}, sys.stdout, indent=1)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
