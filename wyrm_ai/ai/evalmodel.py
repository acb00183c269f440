"""The learned evaluation's model file (docs/evaluation.md): per-faction logistic coefficients on
the core's inputs (_core.INPUT_NAMES), and the score-margin term. load() sets a model in the core,
where a search or the heuristic uses it when asked (evaluation="learned"); the package loads
eval_model.json, next to this module, when it is imported (load_default: a file that does not fit
the core leaves no model, so the tools that refit it still run, and "learned" is a ConfigError). value() is the core's formula in numpy,
for the fit and the tests."""
from __future__ import annotations

import json
from pathlib import Path

import numpy as np

from wyrm_ai import _core
from wyrm_ai.model.errors import ConfigError

MODEL_FILE = Path(__file__).with_name("eval_model.json")


def read(path=None) -> dict:
    """A model file as a dict (ConfigError naming the file if it is not one)."""
    path = Path(path) if path is not None else MODEL_FILE
    try:
        model = json.loads(path.read_text())
    except (OSError, ValueError) as e:
        raise ConfigError(f"cannot read the evaluation model {path}: {e}") from None
    for key in ("input_names", "coefficients", "margin_weight", "margin_scale"):
        if key not in model:
            raise ConfigError(f"{path} is not an evaluation model: it has no {key!r}")
    return aligned(model, path)


def aligned(model: dict, path) -> dict:
    """The model with its coefficients in the core's input order (_core.INPUT_NAMES): an input the
    file does not name (a feature added since it was fitted) weighs 0, so the model values every
    position as before; an input it names that the core has not is a ConfigError."""
    names = model["input_names"]
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise ConfigError(f"{path}: input_names must be a list of input names")
    unknown = [n for n in names if n not in _core.INPUT_NAMES]
    if unknown or len(set(names)) != len(names):
        raise ConfigError(f"{path}: the model's inputs are not this core's: unknown "
                          f"{unknown or 'none'}, repeated {len(names) - len(set(names))}")
    if not isinstance(model["coefficients"], dict):
        raise ConfigError(f"{path}: coefficients must map each faction to its numbers")
    where = [_core.INPUT_NAMES.index(n) for n in names]
    coefficients = {}
    for faction, coef in model["coefficients"].items():
        if not isinstance(coef, list) or len(coef) != len(names):
            raise ConfigError(f"{path}: {faction!r} needs {len(names)} coefficients, one per input")
        full = [0.0] * len(_core.INPUT_NAMES)
        for i, c in zip(where, coef):
            full[i] = c
        coefficients[faction] = full
    return dict(model, input_names=list(_core.INPUT_NAMES), coefficients=coefficients)


def load(path=None) -> dict:
    """Set the model of a file (default eval_model.json) as the core's learned evaluation."""
    model = read(path)
    _core.set_eval_model(model["input_names"], model["coefficients"], model["margin_weight"],
                         model["margin_scale"])
    return model


def load_default() -> str | None:
    """Load eval_model.json if it fits this core; None, or why it did not load."""
    try:
        load()
    except ConfigError as e:
        return str(e)
    return None


def win_chance(coef, inputs) -> np.ndarray:
    """The model's win chance: the logistic of coef . inputs (rows of inputs)."""
    return 1.0 / (1.0 + np.exp(-(np.asarray(inputs, dtype=float) @ np.asarray(coef, dtype=float))))


def value(model: dict, faction: str, inputs) -> np.ndarray:
    """The learned evaluation of unfinished positions, as the core computes it:
    (1 - eps) * win_chance + eps * (1 + tanh(margin / k)) / 2, margin = own VP - the best enemy VP."""
    inputs = np.asarray(inputs, dtype=float)
    names = _core.INPUT_NAMES
    margin = inputs[..., names.index("own_vp")] - inputs[..., names.index("enemy_max_vp")]
    eps, k = model["margin_weight"], model["margin_scale"]
    return ((1 - eps) * win_chance(model["coefficients"][faction], inputs)
            + eps * 0.5 * (1 + np.tanh(margin / k)))
