"""The learned evaluation's model file (docs/evaluation.md): per-faction logistic coefficients on
the core's inputs (_core.INPUT_NAMES), and the score-margin term. load() sets a model in the core,
where a search or the heuristic uses it when asked (evaluation="learned"); the package loads
eval_model.json, next to this module, when it is imported (load_default: a file that does not fit
the core leaves no model, so the tools that refit it still run, and "learned" is a ConfigError). value() is the core's formula in numpy,
for the fit and the tests."""
from __future__ import annotations

from pathlib import Path

import numpy as np

from wyrm_ai import _core
from wyrm_ai.ai import modelfile

MODEL_FILE = Path(__file__).with_name("eval_model.json")


def read(path=None) -> dict:
    """A model file as a dict (ConfigError naming the file if it is not one)."""
    path = Path(path) if path is not None else MODEL_FILE
    model = modelfile.read_json(path, "evaluation model",
                                ("input_names", "coefficients", "margin_weight", "margin_scale"))
    return aligned(model, path)


def aligned(model: dict, path) -> dict:
    """The model with its coefficients in the core's input order (_core.INPUT_NAMES): an input the
    file does not name (a feature added since it was fitted) weighs 0, so the model values every
    position as before; an input it names that the core has not is a ConfigError."""
    coefficients = modelfile.aligned_table(model["input_names"], model["coefficients"],
                                           _core.INPUT_NAMES, path, "input")
    return dict(model, input_names=list(_core.INPUT_NAMES), coefficients=coefficients)


def load(path=None) -> dict:
    """Set the model of a file (default eval_model.json) as the core's learned evaluation."""
    model = read(path)
    _core.set_eval_model(model["input_names"], model["coefficients"], model["margin_weight"],
                         model["margin_scale"])
    return model


def load_default() -> str | None:
    """Load eval_model.json if it fits this core; None, or why it did not load."""
    return modelfile.load_default(load)


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
