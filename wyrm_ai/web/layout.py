"""The map the board draws: the core's Autumn map (suits, building slots, ruins, paths, forests)
with the drawing positions of autumn.json. The page reads adjacency from here, never from a copy."""
from __future__ import annotations

import json
from functools import cache
from importlib import resources

from wyrm_ai import _core


@cache
def board_map() -> dict:
    pos = json.loads(resources.files("wyrm_ai.web").joinpath("autumn.json").read_text("utf-8"))
    suits = _core.SUIT_NAMES
    return {
        "width": pos["width"], "height": pos["height"],
        "clearings": [{"clearing": i + 1, "suit": suits[_core._SUITS[i]], "slots": _core._SLOTS[i],
                       "ruin": bool(_core._RUINS[i]), "x": pos["clearings"][str(i + 1)][0],
                       "y": pos["clearings"][str(i + 1)][1]} for i in range(_core.NUM_CLEARINGS)],
        "paths": [list(p) for p in _core.PATHS],
        "forests": [{"name": name, "clearings": list(cl), "x": pos["forests"][name][0],
                     "y": pos["forests"][name][1]} for name, cl in zip(_core.FOREST_NAMES, _core.FORESTS)],
        "river": pos["river"],
    }
