"""Fitting and judging the learned evaluation (tools/fit_eval.py, docs/evaluation.md): an L2
logistic regression by Newton's method (numpy), and the scores of a probability forecast (Brier,
log-loss, AUC, a reliability table)."""
from __future__ import annotations

import numpy as np


def fit_logistic(X, y, l2: float = 1.0, signs=None, iters: int = 50, tol: float = 1e-10) -> np.ndarray:
    """Coefficients w minimising sum(log-loss of sigmoid(X w) against y) + l2/2 |w[1:]|^2 (column 0,
    the bias, unpenalised). The columns are standardised for the fit (a constant column other
    than the bias gets 0) and the coefficients returned for the raw columns. signs, if given (one
    of +1, -1, 0 per column), bounds each coefficient's sign (0: free): a coefficient fitted with
    the wrong sign is fixed at 0 and the rest refitted, until none is (an active-set fit)."""
    X = np.asarray(X, dtype=float)
    y = np.asarray(y, dtype=float)
    signs = np.zeros(X.shape[1]) if signs is None else np.asarray(signs, dtype=float)
    mean = X.mean(axis=0)
    std = X.std(axis=0)
    live = std > 1e-12
    live[0] = True
    mean[0], std[0] = 0.0, 1.0
    while True:
        w = _newton((X[:, live] - mean[live]) / std[live], y, l2, iters, tol)
        wrong = np.flatnonzero(live)[w * signs[live] < 0]
        if len(wrong) == 0:
            break
        live[wrong] = False
    raw = np.zeros(X.shape[1])
    raw[live] = w / std[live]
    raw[0] = w[0] - np.sum(w[1:] * mean[live][1:] / std[live][1:])
    return raw


def _newton(Z, y, l2, iters, tol) -> np.ndarray:
    """The L2 logistic fit on standardised columns Z (column 0 is replaced by the bias)."""
    Z[:, 0] = 1.0
    pen = np.full(Z.shape[1], float(l2))
    pen[0] = 0.0
    w = np.zeros(Z.shape[1])
    for _ in range(iters):
        p = 1.0 / (1.0 + np.exp(-(Z @ w)))
        grad = Z.T @ (p - y) + pen * w
        H = (Z * (p * (1 - p))[:, None]).T @ Z + np.diag(pen + 1e-9)
        step = np.linalg.solve(H, grad)
        w -= step
        if np.max(np.abs(step)) < tol:
            break
    return w


def brier(p, y) -> float:
    return float(np.mean((np.asarray(p, dtype=float) - np.asarray(y, dtype=float)) ** 2))


def log_loss(p, y, clip: float = 1e-6) -> float:
    p = np.clip(np.asarray(p, dtype=float), clip, 1 - clip)
    y = np.asarray(y, dtype=float)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def auc(p, y) -> float:
    """The area under the ROC curve: the chance that a won row scores above a lost one (ties
    count half), by ranks (Mann-Whitney)."""
    p = np.asarray(p, dtype=float)
    y = np.asarray(y).astype(bool)
    npos, nneg = int(y.sum()), int((~y).sum())
    if npos == 0 or nneg == 0:
        return float("nan")
    sorted_p = np.sort(p)
    ranks = (np.searchsorted(sorted_p, p, "left") + np.searchsorted(sorted_p, p, "right") + 1) / 2
    return float((ranks[y].sum() - npos * (npos + 1) / 2) / (npos * nneg))


def reliability(p, y, bins: int = 10) -> list[tuple[float, float, float, int]]:
    """(bin low, mean predicted, observed win rate, rows) for each decile of predicted value
    (bins of equal width on [0, 1]) that holds rows."""
    p = np.asarray(p, dtype=float)
    y = np.asarray(y, dtype=float)
    idx = np.minimum((p * bins).astype(int), bins - 1)
    return [(b / bins, float(p[idx == b].mean()), float(y[idx == b].mean()), int((idx == b).sum()))
            for b in range(bins) if np.any(idx == b)]
