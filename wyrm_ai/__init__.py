"""wyrm-ai: a Root engine and AI built around the Voracious Wyrm, at tables of 2 to 6 of the
Marquise de Cat, the Eyrie Dynasties, the Woodland Alliance, the Vagabond, the Wyrm and the
Mechanical Marquise bot.

The package by layer (docs/architecture.md; tests/test_layers.py keeps every import going down):
_core (the compiled Cython core: the rules), model/ (the game model: Game, notation, positions,
views and words, the board as text), ai/ (players, the planner, calibration, the learned
evaluation), rootlog/ (the community's notation: records read, written and replayed), lab/
(arena, match, SPRT, tune, the executor), the front ends terminal/ (`wyrm play`, `wyrm watch`),
protocol/ (`wyrm engine`) and web/ (`wyrm serve`), and cli.py, which wires every command.

Game is the facade (docs/api.md: wyrm_ai.Game is wyrm_ai.model.game.Game); __version__ is the
installed package's version (pyproject)."""
from importlib import metadata as _metadata

from wyrm_ai._core import State, CHANCE, TERMINAL
from wyrm_ai.model.game import Game  # noqa: E402  (the facade: wyrm_ai.Game)
from wyrm_ai.ai import evalmodel as _evalmodel, policymodel as _policymodel

_evalmodel.load_default()   # the learned evaluation's model (eval_model.json): evaluation="learned"
_policymodel.load_default()     # the learned policy's model (policy_model.json): prior="learned"

try:
    __version__ = _metadata.version("wyrm-ai")
except _metadata.PackageNotFoundError:      # run from a source tree that was never installed
    __version__ = "unknown"
