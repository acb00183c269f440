"""A quick paired comparison of the evaluations (docs/evaluation.md): one faction's driver choosing
by the hand and then by the learned evaluation, every other seat by its hand driver, on the same
seeds and seatings (game i: derive_seed(seed, i), as the arena). For a real A/B use `wyrm match`
(e.g. `wyrm match heuristic:evaluation=learned heuristic --seat wyrm --games 1000 --seed 5` gives
the same games); this tool is for a model file other than the package's (--model).

    PYTHONPATH=$PWD python tools/eval_ab.py --driver mcts --sims 100 --games 100 --seed 11
    PYTHONPATH=$PWD python tools/eval_ab.py --driver heuristic --games 1000 --seed 5
"""
from __future__ import annotations

import argparse

import numpy as np

from wyrm_ai.ai import evalmodel
from wyrm_ai.model import factions as _factions
from wyrm_ai.lab.arena import seatings, wilson
from wyrm_ai.model.game import Game
from wyrm_ai.ai.players import HeuristicPlayer, MCTSPlayer, play
from wyrm_ai.model.seeds import derive_seed


def game_result(i, seed, table, faction, driver, sims, evaluation):
    """(won, VP margin over the best other seat) of `faction` in game i."""
    order = seatings(table)
    game_seed = derive_seed(seed, i)
    names, first = order[i % len(order)]
    players = {}
    for s, name in enumerate(names):
        if _factions.is_bot(name):
            continue
        ev = evaluation if name == faction else "hand"
        pseed = derive_seed(game_seed, s + 1, scale=4)
        players[s] = (MCTSPlayer(pseed, sims=sims, evaluation=ev) if driver == "mcts"
                      else HeuristicPlayer(pseed, evaluation=ev))
    g = play(Game(first=first, factions=names), players, np.random.default_rng(game_seed))
    w = names.index(faction)
    scores = g.scores
    return (w in (g.state.winners or ()),
            scores[w] - max(scores[o] for o in range(len(names)) if o != w))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--driver", choices=("heuristic", "mcts"), default="mcts")
    ap.add_argument("--sims", type=int, default=100)
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--faction", default="wyrm")
    ap.add_argument("--table", default="marquise,wyrm")
    ap.add_argument("--model", help="a model file (default: the package's eval_model.json)")
    a = ap.parse_args(argv)
    if a.model:
        evalmodel.load(a.model)
    table = tuple(a.table.split(","))
    margins = {}
    for ev in ("hand", "learned"):
        rows = [game_result(i, a.seed, table, a.faction, a.driver, a.sims, ev) for i in range(a.games)]
        wins = sum(w for w, _ in rows)
        margins[ev] = np.array([m for _, m in rows], dtype=float)
        lo, hi = wilson(wins, a.games)
        print(f"{a.faction} by the {ev} evaluation: wins {wins / a.games:.1%} ({lo:.1%}-{hi:.1%}), "
              f"mean VP margin {margins[ev].mean():+.2f}")
    d = margins["learned"] - margins["hand"]
    half = 1.96 * d.std(ddof=1) / np.sqrt(len(d)) if len(d) > 1 else 0.0
    print(f"paired VP margin, learned - hand: {d.mean():+.2f} +- {half:.2f}")


if __name__ == "__main__":
    main()
