"""Fit the learned evaluation (wyrm_ai/ai/eval_model.json) on self-play data (tools/selfplay_data.py).

Per faction, an L2 logistic regression (wyrm_ai/lab/evalfit.py) of the seat's win on its inputs
(_core.INPUT_NAMES: its features, the elementwise best of its enemies' features, the enemy
factions and the table size, the VP lead times the round, the squared VPs). Games whose index %
--holdout-every == 0 are held out (whole games: a game's index fixes its seed); on them the tool
prints, as Markdown, the Brier score, log-loss and AUC of the learned and of the hand evaluation,
per faction and overall, and their reliability tables (docs/evaluation.md).

    PYTHONPATH=$PWD python tools/fit_eval.py --data /tmp/evaldata.npz --out wyrm_ai/ai/eval_model.json

--policy-data F [F ...] fits on the levels' own games instead (tools/policy_data.py: each
searched decision's mover, its inputs and hand value, whether it won; issue 31 item 2).
"""
from __future__ import annotations

import argparse
import json
import sys

import numpy as np

from wyrm_ai import _core
from wyrm_ai.lab import evaldata, policydata
from wyrm_ai.ai import evalmodel
from wyrm_ai.lab.evalfit import auc, brier, fit_logistic, log_loss, reliability
from wyrm_ai.model.files import write_atomic


def input_signs() -> np.ndarray:
    """The sign each input's coefficient must have in a monotone fit: a feature the hand
    evaluation weighs as good (EVAL_WEIGHTS > 0) is good for the seat (+1) and bad in its best
    enemy's (-1), and the other way round for one weighed as bad; own VP squared +1, the enemy's
    -1; every other input (bias, round, the table, the lead times the round) free (0)."""
    signs = np.zeros(len(_core.INPUT_NAMES))
    for i, name in enumerate(_core.INPUT_NAMES):
        for prefix, side in (("own_", 1), ("enemy_max_", -1)):
            feature = name[len(prefix):]
            if name.startswith(prefix) and feature in _core.EVAL_WEIGHTS:
                signs[i] = side * np.sign(_core.EVAL_WEIGHTS[feature])
    signs[_core.INPUT_NAMES.index("own_vp_sq")] = 1
    signs[_core.INPUT_NAMES.index("enemy_vp_sq")] = -1
    return signs


# the input sets a fit may use: every input, or a recalibration of the hand evaluation (its gap,
# with the game's progress, the table and the VP, so that within a position the hand evaluation's
# ranking of moves mostly stands while the level is fitted to the outcomes)
INPUT_SETS = {
    "all": _core.INPUT_NAMES,
    "recalibrate": ("bias", "hand_gap", "own_round", "own_vp", "enemy_max_vp", "own_vp_sq",
                    "enemy_vp_sq", "vp_lead_x_round", "seats3", "seats4")
                   + tuple(n for n in _core.INPUT_NAMES if n.startswith("enemy_is_")),
}


def fit(data: dict, holdout_every: int = 5, l2: float = 100.0, margin_weight: float = 0.05,
        margin_scale: float = 5.0, monotone: bool = False, inputs: str = "recalibrate") -> dict:
    """The model (a model file's dict) fitted on the data's training games, on the inputs of
    INPUT_SETS[inputs] (the others get 0)."""
    train = data["game"] % holdout_every != 0
    signs = input_signs() if monotone else None
    used = np.isin(np.array(_core.INPUT_NAMES), INPUT_SETS[inputs])
    coefficients = {}
    for f, name in enumerate(_core.FACTION_NAMES):
        rows = train & (data["faction"] == f)
        coef = np.zeros(len(_core.INPUT_NAMES))
        if rows.sum() > 0 and 0 < data["won"][rows].mean() < 1:
            coef = fit_logistic(data["inputs"][rows] * used, data["won"][rows], l2, signs)
        coefficients[name] = [round(float(c), 10) for c in coef]
    return {"format": 1, "input_names": list(_core.INPUT_NAMES),
            "feature_names": list(_core.FEATURE_NAMES), "coefficients": coefficients,
            "margin_weight": margin_weight, "margin_scale": margin_scale,
            "data": {"seed": int(data["seed"]), "games": int(data["games"]),
                     "every": int(data["every"]), "driver": str(data["driver"]),
                     "rows": int(len(data["game"]))},
            "fit": {"l2": l2, "holdout_every": holdout_every, "train_rows": int(train.sum()),
                    "standardised": True, "monotone": monotone, "inputs": inputs,
                    "method": "Newton (IRLS), numpy"}}


def heldout_values(data: dict, model: dict, holdout_every: int):
    """The held-out rows' mask, the learned value (with the margin term) and win chance."""
    test = data["game"] % holdout_every == 0
    value = np.zeros(len(test))
    chance = np.zeros(len(test))
    for f, name in enumerate(_core.FACTION_NAMES):
        rows = data["faction"] == f
        value[rows] = evalmodel.value(model, name, data["inputs"][rows])
        chance[rows] = evalmodel.win_chance(model["coefficients"][name], data["inputs"][rows])
    return test, value, chance


def scores(p, y) -> str:
    return f"{brier(p, y):.4f} | {log_loss(p, y):.4f} | {auc(p, y):.3f}"


def report(data: dict, model: dict, holdout_every: int) -> str:
    test, value, chance = heldout_values(data, model, holdout_every)
    y = data["won"]
    mw = (test & (data["faction"] == 4) & (data["nseats"] == 2)
          & np.any(data["table"] == 0, axis=1))       # the Wyrm at the two-seat table with the Marquise
    out = [f"Held-out games: {len(np.unique(data['game'][test]))} ({int(test.sum())} rows); "
           f"training rows: {model['fit']['train_rows']}.", "",
           "| rows | n | learned value: Brier | log-loss | AUC | learned win chance: Brier | "
           "log-loss | AUC | hand: Brier | log-loss | AUC |",
           "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    groups = [("all", test)] + [(name, test & (data["faction"] == f))
                                for f, name in enumerate(_core.FACTION_NAMES)]
    groups += [("2 seats", test & (data["nseats"] == 2)), ("3 seats", test & (data["nseats"] == 3)),
               ("4 seats", test & (data["nseats"] == 4)),
               ("rounds 1-2", test & (data["round"] <= 2)),
               ("wyrm, rounds 1-2", test & (data["round"] <= 2) & (data["faction"] == 4)),
               ("wyrm against the marquise (2 seats), rounds 1-2", mw & (data["round"] <= 2))]
    for label, rows in groups:
        if rows.sum() == 0:
            continue
        out.append(f"| {label} | {int(rows.sum())} | {scores(value[rows], y[rows])} | "
                   f"{scores(chance[rows], y[rows])} | {scores(data['hand_value'][rows], y[rows])} |")
    wr = test & (data["round"] <= 2) & (data["faction"] == 4)
    for label, rows in (("Wyrm, rounds 1-2, every table", wr),
                        ("Wyrm against the Marquise, rounds 1-2", mw & (data["round"] <= 2))):
        if rows.any():
            out += ["", f"{label}: observed win rate {y[rows].mean():.3f}; mean learned value "
                        f"{value[rows].mean():.3f}; mean hand value {data['hand_value'][rows].mean():.3f}."]
    for label, p in (("learned value", value), ("hand evaluation", data["hand_value"])):
        out += ["", f"Reliability of the {label} (held-out rows, deciles of the prediction):", "",
                "| predicted | mean predicted | observed win rate | rows |", "|---|---:|---:|---:|"]
        for lo, mp, obs, n in reliability(p[test], y[test]):
            out.append(f"| {lo:.1f}-{lo + 0.1:.1f} | {mp:.3f} | {obs:.3f} | {n} |")
    return "\n".join(out)


def levels_data(paths) -> dict:
    """Policy data files (the levels' games, one row per searched decision: the mover's) as the
    columns the fit and the report read."""
    parts = [policydata.load(p) for p in paths]
    data = policydata.merge(parts, renumber=True, seed=int(parts[0]["seed"]),
                            games=sum(int(p["games"]) for p in parts),
                            driver=f"{parts[0]['driver']} (the levels' games: {', '.join(paths)})")
    if "hand_value" not in data or "inputs" not in data:
        sys.exit("these policy data files predate the hand_value and inputs columns: record them again")
    data["every"] = np.int64(1)
    return data


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    source = ap.add_mutually_exclusive_group(required=True)
    source.add_argument("--data", help="a tools/selfplay_data.py file")
    source.add_argument("--policy-data", nargs="+", help="tools/policy_data.py files (the levels' games)")
    ap.add_argument("--out", default=str(evalmodel.MODEL_FILE))
    ap.add_argument("--holdout-every", type=int, default=5)
    ap.add_argument("--l2", type=float, default=100.0)
    ap.add_argument("--monotone", action="store_true",
                    help="bound each feature's sign to the hand evaluation's direction")
    ap.add_argument("--inputs", choices=sorted(INPUT_SETS), default="recalibrate")
    ap.add_argument("--margin-weight", type=float, default=0.05)
    ap.add_argument("--margin-scale", type=float, default=5.0)
    a = ap.parse_args(argv)
    data = evaldata.load(a.data) if a.data else levels_data(a.policy_data)
    model = fit(data, a.holdout_every, a.l2, a.margin_weight, a.margin_scale, a.monotone, a.inputs)
    text = report(data, model, a.holdout_every)
    test, value, _ = heldout_values(data, model, a.holdout_every)
    model["heldout"] = {"rows": int(test.sum()),
                        "learned": {"brier": brier(value[test], data["won"][test]),
                                    "log_loss": log_loss(value[test], data["won"][test]),
                                    "auc": auc(value[test], data["won"][test])},
                        "hand": {"brier": brier(data["hand_value"][test], data["won"][test]),
                                 "log_loss": log_loss(data["hand_value"][test], data["won"][test]),
                                 "auc": auc(data["hand_value"][test], data["won"][test])}}
    write_atomic(a.out, json.dumps(model, indent=1) + "\n")
    print(text)
    print(f"\nwrote {a.out}", file=sys.stderr)


if __name__ == "__main__":
    main()
