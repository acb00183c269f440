"""The learned policy's fit (docs/policy.md): per faction, a softmax over each decision's legal
actions of weights . their policy features, fitted to the root visit shares of the searches that
made them (cross-entropy, a ridge penalty on standardised features, Newton's method, numpy), and
its report on held-out games: cross-entropy, and how often the policy's first choice is the
search's, against a uniform prior and the heuristic prior (Search prior="heuristic")."""
from __future__ import annotations

import numpy as np

from wyrm_ai import _core
from wyrm_ai.model.errors import ConfigError

HEURISTIC_TEMP = 0.25       # the heuristic prior's temperature (_core.DEFAULT_PRIOR_TEMP)


def segments(data: dict, mask: np.ndarray):
    """The actions' rows of the decisions in mask: (features, visit shares, decision index per
    row, starts of the kept decisions within those rows)."""
    start = data["start"]
    keep = np.flatnonzero(mask)
    lengths = start[keep + 1] - start[keep]
    rows = np.concatenate([np.arange(start[d], start[d + 1]) for d in keep]) if len(keep) else np.zeros(0, int)
    seg = np.repeat(np.arange(len(keep)), lengths)
    visits = data["visits"][rows].astype(float)
    totals = np.add.reduceat(visits, np.r_[0, np.cumsum(lengths)[:-1]]) if len(keep) else np.zeros(0)
    share = visits / np.maximum(totals[seg], 1.0)
    return data["features"][rows].astype(float), share, seg, np.r_[0, np.cumsum(lengths)[:-1]]


def softmax_rows(z: np.ndarray, seg: np.ndarray, starts: np.ndarray) -> np.ndarray:
    """The softmax of logits z within each decision (seg: its index per row)."""
    top = np.maximum.reduceat(z, starts)
    e = np.exp(z - top[seg])
    return e / np.add.reduceat(e, starts)[seg]


def fit_softmax(x, share, seg, starts, l2: float = 1.0, iters: int = 30) -> np.ndarray:
    """Weights w minimising the mean cross-entropy of softmax(x @ w) against share per decision,
    plus l2 / 2 * |w|^2 (x already standardised), by Newton's method."""
    n_dec, k = len(starts), x.shape[1]
    w = np.zeros(k)
    for _ in range(iters):
        p = softmax_rows(x @ w, seg, starts)
        grad = x.T @ (p - share) / n_dec + l2 * w
        gp = np.add.reduceat(x * p[:, None], starts)          # per decision: sum_i p_i x_i
        hess = ((x * p[:, None]).T @ x - gp.T @ gp) / n_dec + l2 * np.eye(k)
        step = np.linalg.solve(hess, grad)
        w -= step
        if np.max(np.abs(step)) < 1e-7:
            break
    return w


def cross_entropy(p, share, seg, starts) -> float:
    """The mean over decisions of -sum share * log p."""
    return float(-np.add.reduceat(share * np.log(np.maximum(p, 1e-300)), starts).mean())


def agreement(p, share, seg, starts) -> float:
    """How often the prior's first action is the search's most visited one."""
    hits = 0
    bounds = np.r_[starts, len(p)]
    for d in range(len(starts)):
        a, b = bounds[d], bounds[d + 1]
        hits += np.argmax(p[a:b]) == np.argmax(share[a:b])
    return hits / max(1, len(starts))


def fit(data: dict, holdout_every: int = 5, l2: float = 1e-3) -> dict:
    """The model (a model file's dict) fitted on the data's training games (game % holdout_every
    != 0), with its held-out report."""
    names = list(_core.POLICY_FEATURE_NAMES)
    if list(data["feature_names"]) != names:
        raise ConfigError("the data's policy features are not this core's: record it again")
    decisions = len(data["game"])
    train = data["game"] % holdout_every != 0
    weights, report = {}, {}
    value = names.index("heuristic_value")
    for f, faction in enumerate(_core.FACTION_NAMES):
        w = np.zeros(len(names))
        mine = data["faction"][:decisions] == f
        if (mine & train).sum() >= 20:
            x, share, seg, starts = segments(data, mine & train)
            scale = x.std(axis=0)
            used = scale > 1e-9
            ws = fit_softmax(x[:, used] / scale[used], share, seg, starts, l2)
            w[used] = ws / scale[used]
        weights[faction] = [round(float(c), 8) for c in w]
        held = mine & ~train
        if held.sum() and (mine & train).sum() >= 20:
            x, share, seg, starts = segments(data, held)
            n = np.bincount(seg).astype(float)
            priors = {"uniform": 1.0 / n[seg],
                      "heuristic": softmax_rows((x[:, value] - 1.0) / HEURISTIC_TEMP, seg, starts),
                      "learned": softmax_rows(x @ w, seg, starts)}
            report[faction] = {"decisions": int(held.sum()), "train_decisions": int((mine & train).sum()),
                               "actions_mean": float(n.mean()),
                               **{k: {"cross_entropy": round(cross_entropy(p, share, seg, starts), 4),
                                      "agreement": round(agreement(p, share, seg, starts), 4)}
                                  for k, p in priors.items()}}
    return {"format": 1, "feature_names": names, "weights": weights,
            "data": {"decisions": decisions, **{k: np.asarray(data[k]).tolist()
                                                for k in ("seed", "games", "driver") if k in data}},
            "fit": {"l2": l2, "holdout_every": holdout_every, "standardised": True,
                    "target": "root visit shares", "method": "Newton, numpy"},
            "report": report}
