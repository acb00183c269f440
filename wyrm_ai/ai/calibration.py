"""Calibrated win chances. The planner's value is a logistic of an evaluation gap (worth of the
seat minus worth of the best other, ext/wyrm_ai/heuristics.pxi), averaged over simulations: it
ranks actions but is not a probability (0.87 for a Marquise who loses nearly every game).
win_chance maps it, with the round, to the chance that the seat wins, by a logistic regression
per table size and faction of the seat (a model "N:faction"; one may be restricted to some
tables), fitted on games whose outcome is known (tools/fit_calibration.py; how, on which games
and how well: docs/calibration.md). A model is shown only where it was found calibrated (its
"shown" flag, with the reason in "why"): calibrated(factions, seat) says whether a seat's
numbers are win chances; elsewhere they are the evaluation's values, labelled so. The parameters
are in calibration.json, next to this module."""
from __future__ import annotations

import json
import math
from functools import lru_cache
from pathlib import Path

import numpy as np

from wyrm_ai.model.factions import NAMES, TWO_SEATS

PARAMS_FILE = Path(__file__).with_name("calibration.json")
FORMAT = 2
FEATURES = ("bias", "logit", "round", "early")
CLIP = 1e-3              # values are clipped to [CLIP, 1 - CLIP] before their logit
MAX_ROUND = 30           # later rounds count as this one


def features(value, round_) -> np.ndarray:
    """A model's inputs (one row per value, FEATURES in order): 1, the logit of the clipped
    value, the round / 10 (capped at MAX_ROUND), and 1 in setup and the first round (when the
    value says little). The value enters only through its logit: the chance grows with the value
    wherever the logit's weight is positive. Arrays broadcast."""
    v = np.clip(np.asarray(value, dtype=float), CLIP, 1 - CLIP)
    x = np.log(v / (1 - v))
    rounds = np.asarray(round_, dtype=float)
    r = np.minimum(rounds, MAX_ROUND) / 10
    e = (rounds <= 1).astype(float)
    x, r, e = np.broadcast_arrays(x, r, e)
    return np.stack([np.ones_like(x), x, r, e], axis=-1)


def predict(coef, value, round_) -> np.ndarray:
    """Win chances from a model's coefficients (FEATURES in order)."""
    z = features(value, round_) @ np.asarray(coef, dtype=float)
    return 1 / (1 + np.exp(-z))


def model_key(nseats: int, faction: str) -> str:
    """The key of a table size's model for a faction: "3:eyrie"."""
    return f"{nseats}:{faction}"


@lru_cache(maxsize=1)
def params() -> dict:
    """The fitted parameters: {"format", "features", "models": {key: {"coef", "shown", "why",
    "tables" (null: any table of that size; else the tables, each its factions sorted), "fitted"}}}."""
    p = json.loads(PARAMS_FILE.read_text())
    if p.get("format") != FORMAT or tuple(p.get("features", ())) != FEATURES:
        raise ValueError(f"{PARAMS_FILE} does not hold format-{FORMAT} models on {FEATURES}")
    for key, m in p.get("models", {}).items():
        n, _, faction = key.partition(":")
        if not n.isdigit() or faction not in NAMES:
            raise ValueError(f"{PARAMS_FILE}: {key!r} is not a model key (table size:faction)")
        if len(m.get("coef", ())) != len(FEATURES) or not all(math.isfinite(c) for c in m["coef"]):
            raise ValueError(f"{PARAMS_FILE}: {key} does not hold {len(FEATURES)} finite coefficients")
        if not isinstance(m.get("shown"), bool):
            raise ValueError(f"{PARAMS_FILE}: {key} does not say whether it is shown")
    return p


def model_of(factions, seat: int) -> dict | None:
    """The model for seat at this table (faction ids in seat order), shown or not; None if none
    was fitted for it."""
    names = [NAMES[f] if f >= 0 else None for f in factions]       # None: a player of a draft, no faction yet
    m = params()["models"].get(model_key(len(names), names[seat]))
    if m is None or (m.get("tables") is not None and sorted(names) not in m["tables"]):
        return None
    return m


def calibrated(factions, seat: int) -> bool:
    """Whether seat's values at this table (faction ids in seat order) have a win chance shown."""
    m = model_of(factions, seat)
    return m is not None and m["shown"]


def numbers_words(factions, seat: int) -> str:
    """What a search's numbers are for seat at this table, for a footer under them: win chances
    where they are calibrated, else the evaluation's values (issue 28: never "calibrated" above
    uncalibrated rows)."""
    if calibrated(factions, seat):
        return "win chances calibrated on AI-vs-AI games"
    return "values are the evaluation's, not win chances: not calibrated for this seat at this table"


def win_chance(value: float, seat: int, round_: int, factions=TWO_SEATS) -> float:
    """The calibrated chance that seat wins at this table, given the planner's value for it at
    this round (ask calibrated() first: a model that is not shown is computed all the same;
    ValueError where none was fitted)."""
    m = model_of(factions, seat)
    if m is None:
        raise ValueError(f"no win-chance model for seat {seat} at the table {list(factions)}")
    return float(predict(m["coef"], value, round_))


def percent(p: float) -> str:
    """A chance as players read it: whole percent, '<1%' and '>99%' at the ends."""
    if p < 0.005:
        return "<1%"
    if p > 0.995:
        return ">99%"
    return f"{100 * p:.0f}%"
