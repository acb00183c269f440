"""Record the two-seat regression corpus (tests/data/two_seat_games.json).

Each game is played from a seed by a pair of drivers (random or the greedy heuristic, both first
players), and stored as its record in notation plus a digest of every decision point on the way:
the legal actions as text (and, at chance nodes, each outcome's probability). Replaying the
record must meet the same decision points, legal actions and final scores.

The corpus freezes the rules of the Marquise-vs-Wyrm game before the core is made N-seat
(issue 11, shared/design/n-seats.md). Regenerate it only for a deliberate rules change, and say
which change in the commit:

    python tools/record_corpus.py > tests/data/two_seat_games.json
"""
from __future__ import annotations

import hashlib
import json
import sys

import numpy as np

from wyrm_ai import _core
from wyrm_ai.model.game import Game
from wyrm_ai.model.factions import TWO_SEATS, names

DRIVERS = ("random", "heuristic")
GAMES = 48


def decision_text(game: Game) -> str:
    """One decision point in text: the seat, the step, the legal actions (with probabilities at
    a chance node), independent of the core's action ints."""
    if game.is_chance_node():
        opts = sorted(f"{game.describe(a)}={p:.9f}" for a, p in game.chance_outcomes())
    else:
        opts = sorted(game.describe(a) for a in game.legal_actions())
    return f"{game.current_player}|{game.step}|{' '.join(opts)}"


def digest(game: Game, lines: list[str]) -> str:
    """sha256 over every decision point met while lines are applied to game."""
    h = hashlib.sha256()
    for line in lines:
        h.update(decision_text(game).encode())
        h.update(b"\n")
        game.apply(line)
    h.update(decision_text(game).encode())
    return h.hexdigest()


def play(n: int) -> dict:
    first = names(TWO_SEATS)[n % 2]
    drivers = (DRIVERS[(n // 2) % 2], DRIVERS[(n // 4) % 2])      # marquise, wyrm
    rng = np.random.default_rng(n)
    g = Game(first)
    while not g.is_terminal():
        if g.is_chance_node():
            g.apply(g.sample_chance(rng))
        elif drivers[g.current_player] == "random":
            legal = g.legal_actions()
            g.apply(legal[int(rng.integers(len(legal)))])
        else:
            g.apply(_core.heuristic_choice(g.state, int(rng.integers(2**63))))
    lines = g.record_lines()
    return {"seed": n, "first": first, "drivers": {"marquise": drivers[0], "wyrm": drivers[1]},
            "record": lines, "scores": list(g.scores), "winner": g.factions[g.winner],
            "digest": digest(Game(first), lines)}


def main() -> None:
    games = [play(n) for n in range(GAMES)]
    json.dump({"about": __doc__.strip().splitlines()[0], "games": games}, sys.stdout, indent=0)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
