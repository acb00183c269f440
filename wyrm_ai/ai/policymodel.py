"""The learned policy's model file (docs/policy.md): per-faction weights on the core's policy
features (_core.POLICY_FEATURE_NAMES); an action's logit is weights . its features, and the root
prior of a search with prior="learned" is their softmax over the legal actions. load() sets a
model in the core; the package loads policy_model.json, next to this module, when it is imported
(load_default: a missing file or one that does not fit the core leaves no model, and
prior="learned" is a ConfigError naming that). priors() is the core's formula in numpy, for the
fit and the tests."""
from __future__ import annotations

from pathlib import Path

import numpy as np

from wyrm_ai import _core
from wyrm_ai.ai import modelfile

MODEL_FILE = Path(__file__).with_name("policy_model.json")


def read(path=None) -> dict:
    """A model file as a dict, its weights in the core's feature order (ConfigError naming the
    file if it is not a policy model for this core)."""
    path = Path(path) if path is not None else MODEL_FILE
    model = modelfile.read_json(path, "policy model", ("feature_names", "weights"))
    return aligned(model, path)


def aligned(model: dict, path) -> dict:
    """The model with its weights in the core's feature order (_core.POLICY_FEATURE_NAMES): a
    feature the file does not name (added since it was fitted) weighs 0; a feature it names that
    the core has not is a ConfigError."""
    weights = modelfile.aligned_table(model["feature_names"], model["weights"],
                                      _core.POLICY_FEATURE_NAMES, path, "feature")
    return dict(model, feature_names=list(_core.POLICY_FEATURE_NAMES), weights=weights)


def load(path=None) -> dict:
    """Set the model of a file (default policy_model.json) as the core's learned policy."""
    model = read(path)
    _core.set_policy_model(model["feature_names"], model["weights"])
    return model


def load_default() -> str | None:
    """Load policy_model.json if there is one and it fits this core; None, or why it did not."""
    return modelfile.load_default(load)


def priors(weights, features) -> np.ndarray:
    """The learned prior of one decision's actions: the softmax of features @ weights (features:
    one row an action, _core.POLICY_FEATURE_NAMES)."""
    z = np.asarray(features, dtype=float) @ np.asarray(weights, dtype=float)
    z = np.exp(z - z.max())
    return z / z.sum()
