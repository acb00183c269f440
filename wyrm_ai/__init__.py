"""wyrm-ai: a Root engine and AI opponent for the Marquise de Cat against the Voracious Wyrm.
Game is the facade (docs/api.md); __version__ is the installed package's version (pyproject)."""
from importlib import metadata as _metadata

from wyrm_ai._core import State, CHANCE, TERMINAL
from wyrm_ai.game import Game  # noqa: E402  (the facade: wyrm_ai.Game)
from wyrm_ai import evalmodel as _evalmodel

_evalmodel.load_default()   # the learned evaluation's model (eval_model.json): evaluation="learned"

try:
    __version__ = _metadata.version("wyrm-ai")
except _metadata.PackageNotFoundError:      # run from a source tree that was never installed
    __version__ = "unknown"
