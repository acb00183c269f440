"""Calibrated win chances. The planner's value is a logistic of an evaluation gap (worth of the
seat minus worth of the other, ext/wyrm_ai/heuristics.pxi), averaged over simulations: it ranks
actions but is not a probability (0.87 for a Marquise who loses nearly every game). win_chance
maps it, with the seat and the round, to the chance that the seat wins, by a logistic regression
fitted on arena games (tools/fit_calibration.py; how, on which games and how well:
docs/calibration.md). The parameters are in calibration.json, next to this module."""
from __future__ import annotations

import json
import math
from functools import lru_cache
from pathlib import Path

import numpy as np

from wyrm_ai.model.factions import TWO_SEATS

FITTED_TABLE = TWO_SEATS    # the only table the model was fitted on: seat 0 Marquise, seat 1 Wyrm
PARAMS_FILE = Path(__file__).with_name("calibration.json")
FEATURES = ("bias", "wyrm", "logit", "logit_wyrm", "round", "round_wyrm", "early", "early_wyrm")
CLIP = 1e-3              # values are clipped to [CLIP, 1 - CLIP] before their logit
MAX_ROUND = 30           # later rounds count as this one


def features(value, seat, round_) -> np.ndarray:
    """The model's inputs (one row per value, FEATURES in order): the logit of the clipped value,
    the round / 10 (capped at MAX_ROUND), 1 in setup and the first round (when the value says
    little), each also times 1 for the Wyrm so each seat has its own weights, and a Wyrm intercept.
    The value enters only through its logit, once per seat: the chance grows with the value
    wherever the logit's weights are positive. Arrays broadcast."""
    v = np.clip(np.asarray(value, dtype=float), CLIP, 1 - CLIP)
    x = np.log(v / (1 - v))
    w = (np.asarray(seat) == 1).astype(float)
    rounds = np.asarray(round_, dtype=float)
    r = np.minimum(rounds, MAX_ROUND) / 10
    e = (rounds <= 1).astype(float)
    x, w, r, e = np.broadcast_arrays(x, w, r, e)
    return np.stack([np.ones_like(x), w, x, x * w, r, r * w, e, e * w], axis=-1)


def predict(coef, value, seat, round_) -> np.ndarray:
    """Win chances from coefficients (FEATURES in order)."""
    z = features(value, seat, round_) @ np.asarray(coef, dtype=float)
    return 1 / (1 + np.exp(-z))


@lru_cache(maxsize=1)
def params() -> dict:
    """The fitted parameters: {"features": [...], "coef": [...], "fitted": {how}}."""
    p = json.loads(PARAMS_FILE.read_text())
    if tuple(p["features"]) != FEATURES or len(p["coef"]) != len(FEATURES):
        raise ValueError(f"{PARAMS_FILE} does not hold coefficients for {FEATURES}")
    if not all(math.isfinite(c) for c in p["coef"]):
        raise ValueError(f"{PARAMS_FILE} holds a coefficient that is not a finite number")
    return p


def calibrated(factions) -> bool:
    """Whether values at this table (faction ids in seat order) have a calibrated win chance."""
    return tuple(factions) == FITTED_TABLE


def numbers_words(factions) -> str:
    """What a search's numbers are at this table, for a footer under them: win chances at the
    fitted table, else the evaluation's values (issue 28: never "calibrated" above uncalibrated
    rows)."""
    if calibrated(factions):
        return "win chances calibrated on AI-vs-AI games"
    return "values are the evaluation's, not win chances: no calibration at this table"


def win_chance(value: float, seat: int, round_: int) -> float:
    """The calibrated chance that seat wins, given the planner's value for it at this round, in
    the game the model was fitted for (FITTED_TABLE; ask calibrated() first at another table)."""
    return float(predict(params()["coef"], value, seat, round_))


def percent(p: float) -> str:
    """A chance as players read it: whole percent, '<1%' and '>99%' at the ends."""
    if p < 0.005:
        return "<1%"
    if p > 0.995:
        return ">99%"
    return f"{100 * p:.0f}%"
