"""The command line's seat table and drivers: `--factions marquise,eyrie,wyrm` (the factions in
seat order), `--ai eyrie=mcts,marquise=heuristic` (a driver per faction) and the Mechanical
Marquise's options (`--bot-variant`, `--difficulty`, `--traits`), read into names for
`wyrm play`, `wyrm watch` and `wyrm arena`, the map (`--map`, `--suits`), the shared deck
(`--deck`), the setup (`--setup`), the Vagabond's character (`--character`), the hirelings
(`--hirelings`) and the planner's `--threads`. A bad value is a click.BadParameter naming the option and what was wrong."""
from __future__ import annotations

import click

from wyrm_ai import _core
from wyrm_ai.model import cards, characters, growth_caps, hirelings, maps, setups
from wyrm_ai.ai import player_spec
from wyrm_ai.model import factions as _factions
from wyrm_ai.model.bot_options import DIFFICULTIES, TRAITS, VARIANTS, BotOptions, traits_of
from wyrm_ai.model.errors import ConfigError
from wyrm_ai.ai.planner import cores, thread_count
from wyrm_ai.ai.players import BOT_DRIVER


def _items(value: str) -> list[str]:
    return [w.strip() for w in value.split(",")]


def read_factions(ctx, param, value):
    """click callback: a comma-separated seat table -> faction names in seat order (None if not
    given). The factions must be 2-6, different, and ones the core can seat."""
    if value is None:
        return None
    try:
        table = _factions.table_of(_items(value))
    except ConfigError as e:
        raise click.BadParameter(str(e), ctx, param) from None
    unseated = [f for f in table if f not in _core.PLAYABLE_FACTIONS and f != _factions.UNDRAFTED]
    if unseated:
        raise click.BadParameter(f"the {_factions.NAMES[unseated[0]]} cannot be seated yet (seatable: "
                                 f"{', '.join(_factions.names(_core.PLAYABLE_FACTIONS))})", ctx, param)
    return tuple(_factions.DRAFT_SEAT if f == _factions.UNDRAFTED else n     # a player of a draft (--draft)
                 for f, n in zip(table, _factions.names(table)))


def driver_reader(kinds=None, also=()):
    """A click callback reading `faction=driver,...` -> {name: driver} ({} if not given). With
    kinds, a driver is one of them; without, a driver is a player spec (wyrm_ai.ai.player_spec),
    whose own options continue after commas: `wyrm=mcts:sims=500,c_uct=0.5,marquise=heuristic`
    (an item that does not start with a faction name continues the spec before it), or one of
    the names in also (e.g. the levels, for `wyrm watch`)."""
    def read(ctx, param, value):
        if not value:
            return {}
        out = {}
        for item in _grouped(_items(value)) if kinds is None else _items(value):
            name, eq, kind = item.partition("=")
            if not eq or not name.strip() or not kind.strip():
                raise click.BadParameter(f"{item!r} is not faction=driver (e.g. wyrm=mcts)", ctx, param)
            try:
                faction = name.strip() if name.strip().isdigit() else _factions.NAMES[_factions.faction_id(name)]
            except ConfigError as e:       # a seat number (from 1): a player of a draft (--draft)
                raise click.BadParameter(f"{e} (or a seat number, from 1)", ctx, param) from None
            if faction in out:
                raise click.BadParameter(f"the {faction} is given a driver twice", ctx, param)
            base = kind.partition(":")[0].strip().lower() if kinds is None else kind.strip().lower()
            if base not in (kinds or (*also, *player_spec.KINDS)):
                raise click.BadParameter(f"no driver {base!r} for the {faction}: choose from "
                                         f"{', '.join(kinds or (*also, *player_spec.KINDS))}", ctx, param)
            if kinds is None and base in also:
                kind = base
            elif kinds is None:
                try:
                    kind = player_spec.canonical(kind)
                except ConfigError as e:
                    raise click.BadParameter(f"the {faction}'s driver: {e}", ctx, param) from None
            else:
                kind = base
            out[faction] = kind
        return out
    return read


def _grouped(items: list[str]) -> list[str]:
    """Comma-split `faction=spec` items with a spec's own `key=value` items joined back to it."""
    out = []
    for item in items:
        if out and ":" in out[-1] and not _is_faction(item.partition("=")[0]):
            out[-1] += "," + item
        else:
            out.append(item)
    return out


def _is_faction(name: str) -> bool:
    if name.strip().isdigit():           # a seat number
        return True
    try:
        _factions.faction_id(name)
    except ConfigError:
        return False
    return True


def seated_drivers(drivers: dict, table, option: str = "--ai") -> dict:
    """drivers, checked to name only factions of table that decide: a UsageError naming the
    option otherwise (a bot's seat takes no driver: the rules play it)."""
    for name in drivers:
        if name.isdigit():                 # a seat by number (from 1): how a draft's seats are named
            if not 1 <= int(name) <= len(table) or _factions.is_bot(table[int(name) - 1]):
                raise click.BadParameter(f"no player's seat {name}: the seats are 1-{len(table)}"
                                         + (" (a bot's takes no driver)" if any(map(_factions.is_bot, table)) else ""),
                                         param_hint=f"'{option}'")
            continue
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
    return tuple(BOT_DRIVER if _factions.is_bot(name) else drivers.get(str(seat + 1), drivers.get(name, default))
                 for seat, name in enumerate(table))


def driver_seat(game, name: str) -> int:
    """The seat a driver's key names: a seat number from 1, or a faction seated in game."""
    return int(name) - 1 if name.isdigit() else game.seat_of(name)


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
    """The three click options of the Mechanical Marquise's game options (wyrm_ai/model/bot_options.py),
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
    """The click option --growth-caps (the Wyrm's Growth-track caps, wyrm_ai/model/growth_caps.py) for
    `wyrm play`, `wyrm watch` and `wyrm arena`: read into six ints, None when not given."""
    return click.option("--growth-caps", "growth_caps", callback=_read_growth_caps, default=None,
                        metavar="C,C,C,C,C,C",
                        help="The Lair caps printed on the Wyrm's Growth track, left to right, six ints "
                             f"0-9 that never fall (default {growth_caps.text(growth_caps.DEFAULT)}, "
                             "W-EVE-2). They count only where the Wyrm sits.")(f)


def _read_suits(ctx, param, value):
    if value is None or value.strip().lower() in maps.LAYOUTS:
        return None if value is None else value.strip().lower()
    try:
        return maps.read_suits(value)
    except ConfigError as e:
        raise click.BadParameter(str(e), ctx, param) from None


def map_flags(f):
    """The click options --map and --suits (docs/maps.md) for `wyrm play`, `wyrm watch`, `wyrm
    arena` and `wyrm match`: the map's name, and its suits: a layout word or twelve suits as
    Rootlog writes them (in the arena and match, a word's layout is drawn from each game's seed)."""
    f = click.option("--suits", "suits", callback=_read_suits, default=None, metavar="LAYOUT|F1,M2,...",
                     help="The clearings' suits on a map that prints none: random (the suit markers, "
                          "four of each, shuffled by the seed: LoR 16.1.1; default), balanced (no path "
                          "joins two clearings of one suit), suggested (the Lake's and Mountain's "
                          "community layout), or twelve suits as Rootlog writes them (F1,M2,R3,...).")(f)
    return click.option("--map", "board", type=click.Choice(maps.NAMES, case_sensitive=False), default="autumn",
                        show_default=True, help="The map: its paths, forests and corners; the Lake's "
                                                "Ferry; the Mountain's closed paths and Pass.")(f)


def _named(name_of, read):
    """A click callback reading a game option's name through read (its id, or a ConfigError
    naming the choices) into its name, name_of(id); an option not given stays None."""
    def callback(ctx, param, value):
        if value is None:
            return None
        try:
            return name_of(read(value))
        except ConfigError as e:
            raise click.BadParameter(str(e), ctx, param) from None
    return callback


_read_deck = _named(cards.DECK_NAMES.__getitem__, cards.read_deck)
_read_setup = _named(setups.SETUP_NAMES.__getitem__, setups.read_setup)
_read_character = _named(characters.character_of, characters.read_character)


def deck_flag(f):
    """The click option --deck (the shared deck, LoR 16.1.2; docs/ep-deck.md) for `wyrm play`,
    `wyrm watch`, `wyrm arena` and `wyrm match`: a deck's name (any case; `e&p` is ep), read into
    one of cards.DECK_NAMES."""
    return click.option("--deck", "deck", callback=_read_deck, default="standard", show_default=True,
                        metavar="|".join(cards.DECK_NAMES),
                        help="The shared deck: standard, or ep (Exiles & Partisans, also e&p), which "
                             "replaces it whole (LoR 16.1.2).")(f)


def setup_flag(f):
    """The click option --setup (the Standard or the Advanced Setup, LoR 5.1 and 16.1;
    docs/advanced-setup.md) for `wyrm play`, `wyrm watch`, `wyrm arena` and `wyrm match`: a
    setup's name (any case), read into one of setups.SETUP_NAMES."""
    return click.option("--setup", "setup", callback=_read_setup, default="standard", show_default=True,
                        metavar="|".join(setups.SETUP_NAMES),
                        help="The setup: standard, or advanced (each player is dealt five cards and, once "
                             "every faction has set up, keeps three: LoR 16.1.7, 16.1.10).")(f)


def character_flag(f):
    """The click option --character (the Vagabond's character, issue 32 item 4; LoR 16.3;
    docs/characters.md) for `wyrm play`, `wyrm watch`, `wyrm arena` and `wyrm match`: a character's
    name (any case), read into one of characters.CHARACTER_NAMES; not given (or `any`): None, the
    Vagabond's own choice at setup. The game refuses it at a table without the Vagabond."""
    return click.option("--character", "character", callback=_read_character, default=None,
                        metavar="NAME",
                        help=f"The Vagabond's character, his only choice at setup: "
                             f"{', '.join(characters.CHARACTER_NAMES)} (LoR 16.3); default: he chooses. "
                             f"Needs the Vagabond at the table.")(f)


def _read_hirelings(ctx, param, value):
    if value is None:
        return None
    try:
        return hirelings.names(hirelings.checked(value))
    except ConfigError as e:
        raise click.BadParameter(str(e), ctx, param) from None


def hirelings_flag(f):
    """The click option --hirelings (the Marauder expansion's hirelings, LoR 16.4; docs/hundreds-
    keepers.md §4) for `wyrm play`, `wyrm watch`, `wyrm arena` and `wyrm match`: three hireling
    sides, comma-separated (any case; an alias such as `nobles` for `bluebird-nobles`), read into
    their names and checked as far as no table matters (three, built, three cards); not given or
    `none`: None, no hirelings. The game refuses a side whose card keeps a seated faction out, and
    a table with a bot."""
    return click.option("--hirelings", "hirelings", callback=_read_hirelings, default=None, metavar="A,B,C",
                        help="The three hirelings in play, each named by the side it is played on (LoR 16.4), "
                             "comma-separated, e.g. nobles,scouts,bodyguards; chosen by the group until the "
                             f"Law's random deal (LoR 16.1.6) comes. Built so far: {', '.join(hirelings.BUILT)}; "
                             "a card keeps its own faction out, and a table with a bot takes none. "
                             "Default: none.")(f)


# ---- the faction draft (LoR 16.1.8; docs/advanced-setup.md): --draft [CARDS], --players N ----

ALL_CARDS = "all"     # --draft alone: every faction's card (factions.DEFAULT_DRAFT)


def _read_draft(ctx, param, value):
    if value is None:
        return None
    try:
        return _factions.names(_factions.draft_cards(True if value.strip().lower() == ALL_CARDS else _items(value)))
    except ConfigError as e:
        raise click.BadParameter(str(e), ctx, param) from None


def draft_flags(f):
    """The click options --draft [CARDS] (the Advanced Setup's faction draft, LoR 16.1.8) and
    --players N (its players) for `wyrm play`, `wyrm watch`, `wyrm arena` and `wyrm match`:
    --draft alone deals every faction's card, or --draft marquise,eyrie,wyrm,vagabond,vagabond
    (the Vagabond twice: both his cards) the cards named; read into faction names, None without."""
    f = click.option("--players", "players", type=click.IntRange(2, _factions.MAX_SEATS), default=None, metavar="N",
                     help="With --draft: how many players draft (default: one fewer than its cards, "
                          "LoR 16.1.8.1).")(f)
    return click.option("--draft", "draft", callback=_read_draft, is_flag=False, flag_value=ALL_CARDS,
                        default=None, metavar="[CARDS]",
                        help="With --setup advanced: the players draft their factions (LoR 16.1.8): the "
                             "cards of --draft (default every faction's: marquise,eyrie,alliance,vagabond,"
                             "wyrm; name lizards, riverfolk, duchy, corvids, hundreds or keepers for the Lizard Cult's, the "
                             "Riverfolk's, the Duchy's, the Corvids', the Hundreds' or the Keepers' card, vagabond "
                             "twice for both "
                             "his cards) "
                             "are dealt face up, and each player, "
                             "from the last in turn order, takes one and sets it up.")(f)


def draft_table(table, draft, players, setup) -> tuple:
    """The seat table of a draft game (a "draft" seat each player; --factions may seat the
    Mechanical Marquise beside them: `draft,mechanical-marquise,draft`), from --factions,
    --draft and --players; the table unchanged without --draft. A BadParameter says what is
    wrong: --draft without --setup advanced, --players without --draft, a named faction."""
    if draft is None:
        if players is not None:
            raise click.BadParameter("it counts the players of a faction draft: give --draft too",
                                     param_hint="'--players'")
        return table
    if setup != setups.SETUP_NAMES[1]:
        raise click.BadParameter("the faction draft is part of the Advanced Setup (LoR 16.1.8): "
                                 "add --setup advanced", param_hint="'--draft'")
    if table is None:
        return (_factions.DRAFT_SEAT,) * (players or len(draft) - 1)
    named = [f for f in table if f != _factions.DRAFT_SEAT and not _factions.is_bot(f)]
    if named:
        raise click.BadParameter(f"in a draft the players choose their factions: seat them as "
                                 f"'draft' (a bot may sit named), not the {named[0]}", param_hint="'--factions'")
    if players is not None and players != table.count(_factions.DRAFT_SEAT):
        raise click.BadParameter(f"--factions seats {table.count(_factions.DRAFT_SEAT)} players of the draft",
                                 param_hint="'--players'")
    return table


def draft_seat(game, value, option: str = "--seat") -> int:
    """A seat of a game by its number in turn order from 1, as the board names it ('Player 3'):
    a BadParameter naming the seats otherwise."""
    text = str(value).strip()
    if not text.isdigit() or not 1 <= int(text) <= game.num_seats:
        raise click.BadParameter(f"{value!r} is not a seat: the seats are 1-{game.num_seats}",
                                 param_hint=f"'{option}'")
    return int(text) - 1


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


def read_threads(ctx, param, value):
    """click callback: --threads N (1 to the machine's cores) or 0 / auto (every core) -> the
    number of search threads."""
    try:
        return thread_count(value, most=cores())
    except ConfigError as e:
        raise click.BadParameter(str(e), ctx, param) from None


def threads_option(default: str, about: str):
    """The --threads option (planner.Budget.threads) of a command, default `default`."""
    return click.option("--threads", callback=read_threads, default=default, show_default=True,
                        metavar="N|auto", help=f"Search threads for {about}: 1 to the machine's "
                        f"cores, or 0 / auto for all of them (root-parallel search).")
