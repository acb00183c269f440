"""The learned policy's fit (docs/policy.md): per faction, a softmax over each decision's legal
actions of weights . their policy features, fitted to what the searches that made them did (the
target: their root visit shares, or the action they chose, the most visited), by cross-entropy
with a ridge penalty on standardised features, Newton's method, numpy; and
its report on held-out games: cross-entropy, and how often the policy's first choice is the
search's, against a uniform prior and the heuristic prior (Search prior="heuristic")."""
from __future__ import annotations

import numpy as np

from wyrm_ai import _core
from wyrm_ai.model.errors import ConfigError

HEURISTIC_TEMP = 0.25       # the heuristic prior's temperature (_core.DEFAULT_PRIOR_TEMP)
TARGETS = ("visits", "best")    # what the policy learns: the root visit shares, or the chosen action


def segments(data: dict, mask: np.ndarray, target: str = "visits"):
    """The actions' rows of the decisions in mask: (features, target shares, decision index per
    row, starts of the kept decisions within those rows). target "visits": the root visit shares;
    "best": 1 for the most visited action (the first in the data on a tie), 0 for the others."""
    start = data["start"]
    keep = np.flatnonzero(mask)
    lengths = start[keep + 1] - start[keep]
    rows = np.concatenate([np.arange(start[d], start[d + 1]) for d in keep]) if len(keep) else np.zeros(0, int)
    seg = np.repeat(np.arange(len(keep)), lengths)
    visits = data["visits"][rows].astype(float)
    totals = np.add.reduceat(visits, np.r_[0, np.cumsum(lengths)[:-1]]) if len(keep) else np.zeros(0)
    starts = np.r_[0, np.cumsum(lengths)[:-1]]
    share = visits / np.maximum(totals[seg], 1.0)
    if target == "best" and len(keep):
        share = np.zeros_like(visits)
        top = np.maximum.reduceat(visits, starts)
        first = np.flatnonzero(visits == top[seg])
        share[first[np.r_[True, seg[first][1:] != seg[first][:-1]]]] = 1.0
    return data["features"][rows].astype(float), share, seg, starts


def softmax_rows(z: np.ndarray, seg: np.ndarray, starts: np.ndarray) -> np.ndarray:
    """The softmax of logits z within each decision (seg: its index per row)."""
    top = np.maximum.reduceat(z, starts)
    e = np.exp(z - top[seg])
    return e / np.add.reduceat(e, starts)[seg]


def fit_softmax(x, share, seg, starts, l2: float = 1.0, iters: int = 50) -> np.ndarray:
    """Weights w minimising the mean cross-entropy of softmax(x @ w) against share per decision,
    plus l2 / 2 * |w|^2 (x already standardised), by Newton's method with a step halved until
    the loss falls (a one-hot target can make a full step overshoot)."""
    n_dec, k = len(starts), x.shape[1]

    def loss(w):
        p = softmax_rows(x @ w, seg, starts)
        return cross_entropy(p, share, seg, starts) + 0.5 * l2 * w @ w, p

    w = np.zeros(k)
    f, p = loss(w)
    for _ in range(iters):
        grad = x.T @ (p - share) / n_dec + l2 * w
        gp = np.add.reduceat(x * p[:, None], starts)          # per decision: sum_i p_i x_i
        hess = ((x * p[:, None]).T @ x - gp.T @ gp) / n_dec + l2 * np.eye(k)
        step = np.linalg.solve(hess, grad)
        t = 1.0
        while True:
            f_new, p_new = loss(w - t * step)
            if f_new <= f or t < 1e-4:
                break
            t /= 2
        if f_new > f:
            break
        w, f, p = w - t * step, f_new, p_new
        if np.max(np.abs(t * step)) < 1e-7:
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


def fit(data: dict, holdout_every: int = 5, l2: float = 1e-3, target: str = "visits") -> dict:
    """The model (a model file's dict) fitted on the data's training games (game % holdout_every
    != 0) to the target (TARGETS), with its held-out report against that target."""
    if target not in TARGETS:
        raise ConfigError(f"target must be one of {', '.join(TARGETS)}, not {target!r}")
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
            x, share, seg, starts = segments(data, mine & train, target)
            scale = x.std(axis=0)
            used = scale > 1e-9
            ws = fit_softmax(x[:, used] / scale[used], share, seg, starts, l2)
            w[used] = ws / scale[used]
        weights[faction] = [round(float(c), 8) for c in w]
        held = mine & ~train
        if held.sum() and (mine & train).sum() >= 20:
            x, share, seg, starts = segments(data, held, target)
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
                    "target": target, "method": "Newton, numpy"},
            "report": report}
