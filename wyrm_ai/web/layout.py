"""The maps the board draws (docs/maps.md): each map's data as the core holds it (`_core.MAPS`:
building slots, ruins, the paths at setup and the Mountain's closed ones, forests, the Lake's
coastal clearings and Ferry, the Mountain's Tower) with the drawing positions of its JSON file
(autumn.json, winter.json, lake.json, mountain.json: clearing and forest centres and scenery, the
river and the Lake's lake). What a game changes is in its state, which the page reads with every
update: the clearings' suits, the open paths, the paths still closed, the Ferry's clearing. The
page reads adjacency from the server (the state's `paths`), never from a copy."""
from __future__ import annotations

import json
from functools import cache
from importlib import resources

from wyrm_ai import _core

MAPS = tuple(_core.MAP_NAMES)             # the maps by name, in the core's order (the map id)


class MapError(ValueError):
    """A map name the board does not know (its message names the maps)."""


def map_name(name) -> str:
    """The map's name from any case of it, MapError naming the maps otherwise."""
    if isinstance(name, str) and name.strip().lower() in MAPS:
        return name.strip().lower()
    raise MapError(f"no map {str(name)[:40]!r}: the maps are {', '.join(MAPS)}")


@cache
def board_map(name: str = "autumn") -> dict:
    """The drawing of a map: {map, width, height, clearings: [{clearing, suit (the printed suit
    on Autumn, null where suit markers are shuffled at setup: the state's `suits`), slots, ruin,
    coastal, x, y}], paths (open at setup), closed_paths (closed at setup), forests: [{name,
    clearings, x, y}], river: [[x, y]], lake: [[x, y]] or null, ferry (its clearing at setup) or
    null, tower or null}."""
    name = map_name(name)
    d = _core.MAPS[name]
    pos = json.loads(resources.files("wyrm_ai.web").joinpath(f"{name}.json").read_text("utf-8"))
    suits, printed = _core.SUIT_NAMES, d["printed_suits"]
    return {
        "map": name, "width": pos["width"], "height": pos["height"],
        "clearings": [{"clearing": i + 1, "suit": suits[printed[i]] if printed is not None else None,
                       "slots": d["slots"][i], "ruin": bool(d["ruins"][i]), "coastal": i + 1 in d["coastal"],
                       "x": pos["clearings"][str(i + 1)][0], "y": pos["clearings"][str(i + 1)][1]}
                      for i in range(_core.NUM_CLEARINGS)],
        "paths": [list(p) for p in d["paths"]],
        "closed_paths": [list(p) for p in d["closed_paths"]],
        "forests": [{"name": f, "clearings": list(cl), "x": pos["forests"][f][0], "y": pos["forests"][f][1]}
                    for f, cl in zip(d["forest_names"], d["forests"])],
        "river": pos["river"],
        "lake": pos.get("lake"),
        "ferry": d["ferry"],
        "tower": d["tower"],
    }


def map_choices() -> list[dict]:
    """The maps a new game may be played on, for the new-game form: {name, title, printed (its
    suits printed: Autumn), suggested (a suggested suit layout: the Lake, the Mountain)}."""
    return [{"name": m, "title": m.capitalize(), "printed": _core.MAPS[m]["printed_suits"] is not None,
             "suggested": _core.MAPS[m]["default_suits"] is not None} for m in MAPS]
