"""Self-play data for the learned policy (wyrm_ai/lab/policydata.py; docs/policy.md): seeded
games at every table, each decision's policy features and root visits, as a compressed npz. Keep
the data out of git (a path under /tmp); tools/fit_policy.py fits runs of several seeds as one.

    python tools/policy_data.py --games 200 --jobs 2 --out /tmp/policy.npz
"""
from __future__ import annotations

import argparse
import pathlib
import sys
import time

import click

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))

from wyrm_ai.lab import policydata  # noqa: E402


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--driver", default="normal", help="a planner level (normal, hard) or an mcts spec")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--ray", default=None, help="'local' or a Ray address (the distributed extra)")
    ap.add_argument("--out", required=True)
    a = ap.parse_args(argv)
    start = time.perf_counter()
    with click.progressbar(length=a.games, label="games", file=sys.stderr) as bar:
        data = policydata.generate(a.games, a.seed, a.driver, a.jobs, a.ray, progress=bar.update)
    policydata.save(a.out, data)
    print(f"{a.games} games, {len(data['game'])} decisions in {time.perf_counter() - start:.0f} s -> {a.out}")


if __name__ == "__main__":
    main()
