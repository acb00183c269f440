"""The command line's seat table and drivers: `--factions marquise,eyrie,wyrm` (the factions in
seat order), `--ai eyrie=mcts,marquise=heuristic` (a driver per faction) and the Mechanical
Marquise's options (`--bot-variant`, `--difficulty`, `--traits`), read into names for
`wyrm play`, `wyrm watch` and `wyrm arena`. A bad value is a click.BadParameter naming the
option and what was wrong."""
from __future__ import annotations

import click

from wyrm_ai import _core, growth_caps
from wyrm_ai import factions as _factions
from wyrm_ai.bot_options import DIFFICULTIES, TRAITS, VARIANTS, BotOptions, traits_of
from wyrm_ai.errors import ConfigError
from wyrm_ai.players import BOT_DRIVER


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
    """drivers, checked to name only factions of table that decide: a UsageError naming the
    option otherwise (a bot's seat takes no driver: the rules play it)."""
    for name in drivers:
        if name not in table:
            raise click.BadParameter(f"the {name} is not seated (the factions are {', '.join(table)})",
                                     param_hint=f"'{option}'")
        if _factions.is_bot(name):
            raise click.BadParameter(f"the {name} is a bot: its order card drives its turn (MM2 §2.2) "
                                     f"and it makes no decision, so it takes no driver", param_hint=f"'{option}'")
    return drivers


def seat_kinds(table, drivers: dict, default: str) -> tuple[str, ...]:
    """The driver of each seat of table: drivers' (faction -> driver), else `default`; a bot's
    seat is always driven by "bot" (players.BOT_DRIVER)."""
    return tuple(BOT_DRIVER if _factions.is_bot(name) else drivers.get(name, default) for name in table)


# ---- the Mechanical Marquise's options: --bot-variant, --difficulty, --traits ----

def _read_traits(ctx, param, value):
    if value is None:
        return None
    try:
        traits_of(value)
    except ConfigError as e:
        raise click.BadParameter(str(e), ctx, param) from None
    return value


def bot_option_flags(f):
    """The three click options of the Mechanical Marquise's game options (wyrm_ai/bot_options.py),
    for `wyrm play`, `wyrm watch` and `wyrm arena`: names, read into a BotOptions by bot_for."""
    f = click.option("--traits", "bot_traits", callback=_read_traits, default=None, metavar="T,T,...",
                     help=f"The Mechanical Marquise's traits, comma-separated: {', '.join(TRAITS)} "
                          "(empty: none, the default).")(f)
    f = click.option("--difficulty", "bot_difficulty", type=click.Choice(DIFFICULTIES, case_sensitive=False),
                     default=None, help="The Mechanical Marquise's difficulty (default: normal).")(f)
    f = click.option("--bot-variant", "bot_variant", type=click.Choice(VARIANTS, case_sensitive=False),
                     default=None, help="The Mechanical Marquise's rules: original (the Law of "
                                        "Rootbotics) or dc (the Director's Cut); default original.")(f)
    return f


def _read_growth_caps(ctx, param, value):
    if value is None:
        return None
    try:
        return growth_caps.parse(value)
    except ConfigError as e:
        raise click.BadParameter(str(e), ctx, param) from None


def growth_caps_flag(f):
    """The click option --growth-caps (the Wyrm's Growth-track caps, wyrm_ai/growth_caps.py) for
    `wyrm play`, `wyrm watch` and `wyrm arena`: read into six ints, None when not given."""
    return click.option("--growth-caps", "growth_caps", callback=_read_growth_caps, default=None,
                        metavar="C,C,C,C,C,C",
                        help="The Lair caps printed on the Wyrm's Growth track, left to right, six ints "
                             f"0-9 that never fall (default {growth_caps.text(growth_caps.DEFAULT)}, "
                             "W-EVE-2). They count only where the Wyrm sits.")(f)


def bot_for(table, variant, difficulty, traits) -> BotOptions:
    """The bot's options from the flags (None: not given). Given at a table without the
    Mechanical Marquise, a BadParameter naming the flag: they would change nothing."""
    given = {"--bot-variant": variant, "--difficulty": difficulty, "--traits": traits}
    named = [flag for flag, value in given.items() if value is not None]
    if named and table is not None and not any(_factions.is_bot(name) for name in table):
        raise click.BadParameter(f"it sets the Mechanical Marquise's options, and it is not seated "
                                 f"(the factions are {', '.join(table)}; seat it with --factions, e.g. "
                                 f"--factions mechanical-marquise,wyrm)", param_hint=f"'{named[0]}'")
    try:
        return BotOptions.parse(variant, difficulty, traits)
    except ConfigError as e:
        raise click.BadParameter(str(e), param_hint=f"'{named[0]}'") from None
