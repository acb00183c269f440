"""Fit the win-chance calibration (wyrm_ai/ai/calibration.py) on seeded arena games.

Plays games between the arena's drivers (heuristic and low-budget mcts for each seat, both
first-player orders), and at every `--probe-every`-th decision of either seat runs the planner's
own search for the seat to move (as `hint`, `go` and `wyrm play` do) and records its value (the mean
result of its best action), the seat, the round and, once the game ends, whether that seat won.
Games whose index % --holdout-every == 0 are held out; a logistic regression (numpy IRLS, small L2)
on the others gives the coefficients written to wyrm_ai/ai/calibration.json; the held-out games
give the Brier scores and reliability tables printed as Markdown (docs/calibration.md).

    PYTHONPATH=$PWD python tools/fit_calibration.py --jobs 2
"""
from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import sys
import time
from pathlib import Path

import numpy as np

from wyrm_ai import _core
from wyrm_ai.ai import calibration
from wyrm_ai.model.files import write_atomic
from wyrm_ai.model.game import Game
from wyrm_ai.model.factions import TWO_SEATS, names
from wyrm_ai.ai.planner import Budget, search
from wyrm_ai.ai.players import Player, make_player, play
from wyrm_ai.model.seeds import derive_seed

CONFIGS = (("heuristic", "heuristic"), ("heuristic", "mcts"), ("mcts", "heuristic"), ("mcts", "mcts"))
PROBE_SIMS = (250, 1000, 2000)      # probe budgets, one per decision in turn


class Probe(Player):
    """Wraps a seat's driver: before it chooses, every `every`-th decision is searched for the
    seat to move and the value recorded; the driver's choice is what is played."""

    def __init__(self, inner, rows, every, seed):
        self.inner, self.rows, self.every, self.seed, self.n = inner, rows, every, seed, 0

    def choose(self, game):
        self.n += 1
        if self.n % self.every == 0 and len(game.legal_actions()) > 1:
            sims = PROBE_SIMS[(self.n // self.every) % len(PROBE_SIMS)]
            r = search(game, Budget(sims=sims), seed=derive_seed(self.seed, self.n))
            value = next(m for a, _, _, m in r.top if a == r.best)
            seat = game.current_player
            self.rows.append((seat, game.round, value,
                              _core.evaluate_state(game.state, seat), sims))
        return self.inner.choose(game)

    def observe(self, game, action, seat):
        self.inner.observe(game, action, seat)


def play_game(task):
    """One game: (index, seed, config, driver sims, probe every) -> (rows, winner, config)."""
    index, seed, config, sims, every = task
    kinds = CONFIGS[config]
    game_seed = derive_seed(seed, index)
    rows = []
    players = {}
    for seat in (0, 1):
        opts = {"sims": sims} if kinds[seat] == "mcts" else {}
        inner = make_player(kinds[seat], derive_seed(game_seed, seat + 1, scale=4), **opts)
        players[seat] = Probe(inner, rows, every, derive_seed(game_seed, seat + 11, scale=4))
    game = play(Game(first=index % 2), players, np.random.default_rng(game_seed))
    return rows, game.winner, config


def generate(games, seed, jobs, sims, every):
    """Rows [game, config, seat, round, value, static evaluation, probe sims, won] of all games."""
    tasks = [(i, seed, i % len(CONFIGS), sims, every) for i in range(games)]
    out = []
    start = time.perf_counter()

    def take(i, res):
        rows, winner, config = res
        out.extend((i, config, s, r, v, e, ps, float(s == winner)) for s, r, v, e, ps in rows)
        print(f"\r{i + 1}/{games} games, {time.perf_counter() - start:.0f} s", end="", file=sys.stderr)

    if jobs > 1:
        with mp.get_context("spawn").Pool(jobs) as pool:
            for i, res in enumerate(pool.imap(play_game, tasks)):
                take(i, res)
    else:
        for i, t in enumerate(tasks):
            take(i, play_game(t))
    print(file=sys.stderr)
    return np.array(out, dtype=float)


def fit_logistic(X, y, l2=1e-3, iters=50):
    """Logistic regression by Newton's method (IRLS) with a small L2 penalty (not on the bias)."""
    coef = np.zeros(X.shape[1])
    pen = np.full(X.shape[1], l2)
    pen[0] = 0.0
    for _ in range(iters):
        p = 1 / (1 + np.exp(-(X @ coef)))
        grad = X.T @ (p - y) + pen * coef
        hess = (X * (p * (1 - p))[:, None]).T @ X + np.diag(pen)
        step = np.linalg.solve(hess, grad)
        coef -= step
        if np.max(np.abs(step)) < 1e-9:
            break
    return coef


def brier(p, y):
    return float(np.mean((p - y) ** 2))


def reliability(p, y, bins=10):
    """Rows (bin, n, mean predicted, observed) by decile of the predicted chance."""
    idx = np.minimum((p * bins).astype(int), bins - 1)
    return [(b, int(np.sum(idx == b)), float(np.mean(p[idx == b])), float(np.mean(y[idx == b])))
            for b in range(bins) if np.any(idx == b)]


def report(data, coef, holdout_every, cmd):
    game, seat, rnd, value, y = data[:, 0], data[:, 2], data[:, 3], data[:, 4], data[:, 7]
    test = game % holdout_every == 0
    cal = calibration.predict(coef, value[test], seat[test], rnd[test])
    raw = value[test]
    yt = y[test]
    train_rate = {s: float(np.mean(y[~test & (seat == s)])) for s in (0, 1)}
    base = np.where(seat[test] == 1, train_rate[1], train_rate[0])
    lines = [f"Command: `{cmd}`", "",
             f"Decisions recorded: {len(data)} from {int(game.max()) + 1} games; held out: "
             f"{int(test.sum())} decisions from the games with index % {holdout_every} == 0.", "",
             "| on the held-out decisions | Brier score |", "|---|---|",
             f"| raw value (what hint/go showed before) | {brier(raw, yt):.4f} |",
             f"| seat's base rate only (training win rate of the seat) | {brier(base, yt):.4f} |",
             f"| calibrated win chance | {brier(cal, yt):.4f} |", ""]
    opponent = np.array([CONFIGS[int(c)][1 - int(s)] for c, s in zip(data[test, 1], seat[test])])
    lines += ["By seat and the driver of the other seat (held-out decisions):", "",
              "| seat | other seat's driver | decisions | mean win chance | observed win rate "
              "| Brier calibrated | Brier raw |", "|---|---|---|---|---|---|---|"]
    for s, name in enumerate(names(TWO_SEATS)):
        for kind in ("heuristic", "mcts"):
            m = (seat[test] == s) & (opponent == kind)
            lines.append(f"| {name} | {kind} | {int(m.sum())} | {np.mean(cal[m]):.3f} | {np.mean(yt[m]):.3f} "
                         f"| {brier(cal[m], yt[m]):.4f} | {brier(raw[m], yt[m]):.4f} |")
    lines.append("")
    for name, p in (("calibrated win chance", cal), ("raw value", raw)):
        lines += [f"Reliability of the {name} (held-out decisions, by decile of the prediction):", "",
                  "| predicted | decisions | mean predicted | observed win rate |", "|---|---|---|---|"]
        lines += [f"| {b / 10:.1f}–{(b + 1) / 10:.1f} | {n} | {mp_:.3f} | {ob:.3f} |"
                  for b, n, mp_, ob in reliability(p, yt)]
        lines.append("")
    return "\n".join(lines)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=400, help="games in all, spread over the 4 driver pairs")
    ap.add_argument("--seed", type=int, default=2024)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--sims", type=int, default=200, help="simulations per decision of mcts drivers")
    ap.add_argument("--probe-every", type=int, default=3, help="probe every Nth decision of a seat")
    ap.add_argument("--holdout-every", type=int, default=5)
    ap.add_argument("--data", help="cache of the recorded decisions (.npy): read if it exists, else written")
    ap.add_argument("--out", default=str(calibration.PARAMS_FILE))
    ap.add_argument("--report", help="write the Markdown report here too")
    a = ap.parse_args(argv)
    if a.data and Path(a.data).exists():
        data = np.load(a.data)
    else:
        data = generate(a.games, a.seed, a.jobs, a.sims, a.probe_every)
        if a.data:
            np.save(a.data, data)
    train = data[:, 0] % a.holdout_every != 0
    X = calibration.features(data[train, 4], data[train, 2], data[train, 3])
    coef = fit_logistic(X, data[train, 7])
    slopes = (coef[calibration.FEATURES.index("logit")],
              coef[calibration.FEATURES.index("logit")] + coef[calibration.FEATURES.index("logit_wyrm")])
    if min(slopes) <= 0:
        sys.exit(f"the fit is not monotone in the value (slopes {slopes}): not written")
    cmd = ("PYTHONPATH=$PWD python tools/fit_calibration.py " +
           f"--games {a.games} --seed {a.seed} --jobs {a.jobs} --sims {a.sims} "
           f"--probe-every {a.probe_every} --holdout-every {a.holdout_every}")
    params = {"features": list(calibration.FEATURES), "coef": [round(float(c), 6) for c in coef],
              "fitted": {"command": cmd, "games": a.games, "seed": a.seed,
                         "driver_pairs": [list(c) for c in CONFIGS], "driver_sims": a.sims,
                         "probe_sims": list(PROBE_SIMS), "decisions": int(train.sum())}}
    write_atomic(Path(a.out), json.dumps(params, indent=1) + "\n")
    text = report(data, coef, a.holdout_every, cmd)
    print(text)
    if a.report:
        write_atomic(Path(a.report), text + "\n")


if __name__ == "__main__":
    main()
