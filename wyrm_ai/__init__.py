from wyrm_ai._core import State, CHANCE, TERMINAL
from wyrm_ai.game import Game  # noqa: E402  (the facade: wyrm_ai.Game)
