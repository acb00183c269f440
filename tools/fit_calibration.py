"""Fit the win-chance calibration (wyrm_ai/ai/calibration.py) on the levels' own games.

The data are the decisions tools/policy_data.py records from games the levels play at every
table (each search's value, the round, the table, whether the mover won). For each table size and
faction with at least --min-games games: a logistic regression of the win on calibration.FEATURES
(numpy IRLS, a small L2 penalty), its Brier score from cross-validation by game
(--folds folds: each game's decisions predicted by the model fitted on the other folds), the
constant's (the training folds' win rate) and the raw value's. A model is shown where its Brier
is at most --target (the issue's 0.16), no worse than the constant's, and its weight on the value
is positive; its "why" says which. Prints a Markdown report (per model, then reliability tables
per table size, docs/calibration.md); with --write the fitted models replace those of
calibration.json (the others are kept).

    python tools/fit_calibration.py /tmp/pol1.npz /tmp/pol2.npz ...           # the report
    python tools/fit_calibration.py /tmp/pol*.npz --write                       # and the file
"""
from __future__ import annotations

import argparse
import json
import pathlib
import sys

import numpy as np

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))

from wyrm_ai.ai import calibration  # noqa: E402
from wyrm_ai.lab import policydata  # noqa: E402
from wyrm_ai.model.factions import NAMES  # noqa: E402
from wyrm_ai.model.files import write_atomic  # noqa: E402


def fit_logistic(X, y, l2=1e-3, iters=50):
    """Logistic regression by Newton's method (IRLS) with a small L2 penalty (a far smaller one on
    the bias: enough to keep it finite where a seat never won)."""
    coef = np.zeros(X.shape[1])
    pen = np.full(X.shape[1], l2)
    pen[0] = 1e-6
    for _ in range(iters):
        p = 1 / (1 + np.exp(-(X @ coef)))
        grad = X.T @ (p - y) + pen * coef
        hess = (X * (p * (1 - p))[:, None]).T @ X + np.diag(pen)
        step = np.linalg.solve(hess, grad)
        coef -= step
        if np.max(np.abs(step)) < 1e-9:
            break
    return coef


def brier(p, y) -> float:
    return float(np.mean((p - y) ** 2))


def reliability(p, y, bins=10):
    """Rows (bin, n, mean predicted, observed) by decile of the predicted chance."""
    idx = np.minimum((p * bins).astype(int), bins - 1)
    return [(b, int(np.sum(idx == b)), float(np.mean(p[idx == b])), float(np.mean(y[idx == b])))
            for b in range(bins) if np.any(idx == b)]


def fit_cell(value, round_, won, game, folds: int, target: float):
    """One model: (coefficients on all its decisions, cross-validated predictions, the
    constant's, the shown flag and why)."""
    X = calibration.features(value, round_)
    cv, const = np.zeros(len(won)), np.zeros(len(won))
    for k in range(folds):
        test = game % folds == k
        if test.any() and (~test).any():
            cv[test] = 1 / (1 + np.exp(-(X[test] @ fit_logistic(X[~test], won[~test]))))
            const[test] = won[~test].mean()
    coef = fit_logistic(X, won)
    b, b0 = brier(cv, won), brier(const, won)
    slope = coef[calibration.FEATURES.index("logit")]
    shown = b <= target and b <= b0 and slope > 0 and won.min() < won.max()
    games = len(set(game.tolist()))
    why = (f"cross-validated Brier {b:.4f} ({folds} folds by game), the constant's {b0:.4f}: "
           + ("calibrated" if shown else
              f"not shown: it {'won none' if won.max() == 0 else 'won all'} of its {games} games, "
              "nothing to calibrate" if won.min() == won.max() else
              "not shown: " + "; ".join(w for w, bad in (
                  (f"above {target}", b > target), ("worse than the constant", b > b0),
                  ("its weight on the value is not positive", slope <= 0)) if bad)))
    return coef, cv, const, shown, why


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("data", nargs="+", help="tools/policy_data.py files")
    ap.add_argument("--min-games", type=int, default=40, help="the fewest games a model is fitted on")
    ap.add_argument("--folds", type=int, default=5)
    ap.add_argument("--target", type=float, default=0.16, help="the largest Brier score shown")
    ap.add_argument("--write", action="store_true", help="write the models into calibration.json")
    a = ap.parse_args(argv)
    parts = [policydata.load(p) for p in a.data]
    d = policydata.merge(parts, renumber=True)
    won, game = d["won"].astype(float), d["game"]
    params = json.loads(calibration.PARAMS_FILE.read_text())
    lines = [f"Data: {', '.join(a.data)}: {len(won)} decisions of {len(set(game))} games.", "",
             "| model | games | decisions | win rate | Brier raw value | Brier constant | Brier calibrated | shown |",
             "|---|---|---|---|---|---|---|---|"]
    pooled = {}
    for n in sorted(set(d["nseats"].tolist())):
        for f, name in enumerate(NAMES):
            m = (d["nseats"] == n) & (d["faction"] == f)
            games = len(set(game[m].tolist()))
            if games < a.min_games:
                continue
            coef, cv, const, shown, why = fit_cell(d["value"][m], d["round"][m], won[m], game[m],
                                                   a.folds, a.target)
            key = calibration.model_key(n, name)
            lines.append(f"| {key} | {games} | {int(m.sum())} | {won[m].mean():.3f} | "
                         f"{brier(d['value'][m], won[m]):.4f} | {brier(const, won[m]):.4f} | "
                         f"{brier(cv, won[m]):.4f} | {'yes' if shown else 'no'} |")
            pooled.setdefault(n, []).append((cv, won[m]))
            params["models"][key] = {
                "coef": [round(float(c), 6) for c in coef], "tables": None, "shown": bool(shown),
                "why": why, "fitted": {"command": "python tools/fit_calibration.py " + " ".join(a.data),
                                       "games": games, "decisions": int(m.sum())}}
    lines.append("")
    for n, cells in pooled.items():
        p, y = np.concatenate([c[0] for c in cells]), np.concatenate([c[1] for c in cells])
        lines += [f"Reliability at {n} seats (cross-validated predictions, every fitted model):", "",
                  "| predicted | decisions | mean predicted | observed win rate |", "|---|---|---|---|"]
        lines += [f"| {b / 10:.1f}–{(b + 1) / 10:.1f} | {k} | {mp:.3f} | {ob:.3f} |"
                  for b, k, mp, ob in reliability(p, y)]
        lines.append("")
    print("\n".join(lines))
    if a.write:
        write_atomic(calibration.PARAMS_FILE, json.dumps(params, indent=1) + "\n")
        print(f"-> {calibration.PARAMS_FILE}")


if __name__ == "__main__":
    main()
