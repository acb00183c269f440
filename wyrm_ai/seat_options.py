"""The command line's seat table and drivers: `--factions marquise,eyrie,wyrm` (the factions in
seat order) and `--ai eyrie=mcts,marquise=heuristic` (a driver per faction), read into names
for `wyrm play`, `wyrm watch` and `wyrm arena`. A bad value is a click.BadParameter naming the
option and what was wrong."""
from __future__ import annotations

import click

from wyrm_ai import _core
from wyrm_ai import factions as _factions
from wyrm_ai.errors import ConfigError


def _items(value: str) -> list[str]:
    return [w.strip() for w in value.split(",")]


def read_factions(ctx, param, value):
    """click callback: a comma-separated seat table -> faction names in seat order (None if not
    given). The factions must be 2-4, different, and ones the core can seat."""
    if value is None:
        return None
    try:
        table = _factions.table_of(_items(value))
    except ConfigError as e:
        raise click.BadParameter(str(e), ctx, param) from None
    unseated = [f for f in table if f not in _core.PLAYABLE_FACTIONS]
    if unseated:
        raise click.BadParameter(f"the {_factions.NAMES[unseated[0]]} cannot be seated yet (seatable: "
                                 f"{', '.join(_factions.names(_core.PLAYABLE_FACTIONS))})", ctx, param)
    return _factions.names(table)


def driver_reader(kinds):
    """A click callback reading `faction=driver,...` with drivers among kinds -> {name: driver}
    ({} if not given)."""
    def read(ctx, param, value):
        if not value:
            return {}
        out = {}
        for item in _items(value):
            name, eq, kind = item.partition("=")
            if not eq or not name.strip() or not kind.strip():
                raise click.BadParameter(f"{item!r} is not faction=driver (e.g. wyrm=mcts)", ctx, param)
            try:
                faction = _factions.NAMES[_factions.faction_id(name)]
            except ConfigError as e:
                raise click.BadParameter(str(e), ctx, param) from None
            if faction in out:
                raise click.BadParameter(f"the {faction} is given a driver twice", ctx, param)
            kind = kind.strip().lower()
            if kind not in kinds:
                raise click.BadParameter(f"no driver {kind!r} for the {faction}: choose from "
                                         f"{', '.join(kinds)}", ctx, param)
            out[faction] = kind
        return out
    return read


def seated_drivers(drivers: dict, table, option: str = "--ai") -> dict:
    """drivers, checked to name only factions of table: a UsageError naming the option otherwise."""
    for name in drivers:
        if name not in table:
            raise click.BadParameter(f"the {name} is not seated (the factions are {', '.join(table)})",
                                     param_hint=f"'{option}'")
    return drivers
