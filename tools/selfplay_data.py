"""Self-play data for the learned evaluation: seeded games at every table (wyrm_ai/lab/evaldata.py),
every --every-th decision's rows for every seat, written as a compressed npz (docs/evaluation.md).
Keep the data out of git (a path under /tmp).

    PYTHONPATH=$PWD python tools/selfplay_data.py --games 4000 --every 4 --jobs 2 --out /tmp/evaldata.npz
"""
from __future__ import annotations

import argparse
import time

from wyrm_ai.lab import evaldata


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=4000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--every", type=int, default=4, help="record every k-th decision")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--driver", default="heuristic", help="the arena driver of every seat that decides")
    ap.add_argument("--sims", type=int, default=100, help="the mcts driver's simulations")
    ap.add_argument("--out", required=True)
    a = ap.parse_args(argv)
    start = time.perf_counter()
    data = evaldata.generate(a.games, a.seed, a.every, a.jobs, a.driver, a.sims)
    evaldata.save(a.out, data)
    print(f"{a.games} games, {len(data['game'])} rows in {time.perf_counter() - start:.1f} s -> {a.out}")


if __name__ == "__main__":
    main()
