"""Saves of a terminal game and the record as the player may see it.

A save is an ordinary wyrm-ai save (Game.to_json: the actions, their record text, the state) with
one more key, "play", holding how the game is played: the seed, the human's seat, the level,
--think, who went first, the level of each AI seat given its own (`ai`, only when --ai named
one) and, for a game given up with `resign`, who resigned. Game.from_json ignores that key, so `wyrm watch` tools and
Game.load read these saves too. Chance and the AI's choices take their randomness from the seed
and the position in the record (opponent.position_seed), so the seed and the record are all the
state there is: a reloaded game continues exactly where it stopped.

Saves are written atomically (game.write_save). A new game with no --record file is saved under
the first name of wyrm-game-SEED.json, wyrm-game-SEED-2.json, ... that is free (or holds an
earlier point of the same game): never over another game. save_rootlog writes a game as Rootlog
(`wyrm play --save-rootlog`, `wyrm watch --save-rootlog`)."""
from __future__ import annotations

import click

from wyrm_ai.model.errors import SaveError
from wyrm_ai.model.files import write_atomic
from wyrm_ai.model.game import Game, read_save, write_save
from wyrm_ai.ai.planner import LEVELS
from wyrm_ai.model.seeds import MAX_SEED
from wyrm_ai.model.action_words import seen_line
from wyrm_ai.model.redaction import record_seen
from wyrm_ai.ai.opponent import MIN_THINK, think_ok
from wyrm_ai.rootlog.writer import write as rootlog_text

PLAY_KEY = "play"
MAX_NAME_TRIES = 10_000


def save_game(game: Game, path, settings: dict, *, overwrite: bool = True) -> None:
    """Raises SaveError (the old file untouched); FileExistsError if overwrite=False and path exists."""
    data = game.to_json()
    data[PLAY_KEY] = dict(settings)
    write_save(path, data, overwrite=overwrite)


def default_record_name(seed: int, n: int = 1) -> str:
    return f"wyrm-game-{seed}.json" if n == 1 else f"wyrm-game-{seed}-{n}.json"


def save_new_game(game: Game, settings: dict) -> str:
    """Save a game that has no file yet under the first default name that is free or holds an
    earlier point of this same game (same settings, its actions a prefix of ours); returns that
    name. A file holding any other game is never replaced."""
    for n in range(1, MAX_NAME_TRIES + 1):
        path = default_record_name(settings["seed"], n)
        try:
            save_game(game, path, settings, overwrite=False)
            return path
        except FileExistsError:
            if _holds_earlier_point(path, game, settings):
                save_game(game, path, settings)
                return path
    raise SaveError(f"cannot save: {default_record_name(settings['seed'])} and "
                    f"{MAX_NAME_TRIES - 1:,} numbered names after it are taken (use --record FILE)")


def _holds_earlier_point(path, game: Game, settings: dict) -> bool:
    try:
        data = read_save(path)
    except SaveError:
        return False
    actions = data.get("actions") if isinstance(data, dict) else None
    return (data.get(PLAY_KEY) == settings and isinstance(actions, list)
            and actions == game.record[:len(actions)])


def load_game(path) -> tuple[Game, dict]:
    """The game and its play settings ({} for a save written by something else). Every setting
    present is checked: a SaveError names the field."""
    data = read_save(path)
    game = Game.from_json(data)
    settings = data.get(PLAY_KEY, {})
    if not isinstance(settings, dict):
        raise SaveError(f"save field '{PLAY_KEY}' must be an object")
    for key, value in settings.items():
        if key in SEAT_SETTINGS and game.draft is not None:    # a draft's seat: its number from 0
            if type(value) is not int or value not in range(game.num_seats):
                raise SaveError(f"save field '{PLAY_KEY}.{key}' must be a seat 0-{game.num_seats - 1} of the "
                                f"draft, not {_short(value)}")
            continue
        if key in SEAT_SETTINGS:          # a faction of the saved game
            if value not in game.factions:
                raise SaveError(f"save field '{PLAY_KEY}.{key}' must be {' or '.join(game.factions)}, "
                                f"not {_short(value)}")
            continue
        if key == "ai":                   # the level of each named AI seat
            if not (isinstance(value, dict) and value and all(
                    (f in game.factions or f in [str(s + 1) for s in range(game.num_seats)]) and isinstance(lv, str) and lv in LEVELS for f, lv in value.items())):
                raise SaveError(f"save field '{PLAY_KEY}.ai' must map factions of the game "
                                f"({', '.join(game.factions)}) to levels ({', '.join(LEVELS)}), not {_short(value)}")
            continue
        check = _SETTINGS.get(key)
        if check is None:
            raise SaveError(f"save field '{PLAY_KEY}.{str(key)[:40]}' is not a setting of wyrm play")
        if not check(value):
            raise SaveError(f"save field '{PLAY_KEY}.{key}' must be {_ABOUT[key]}, not {_short(value)}")
    first = game.first if game.draft is not None else game.factions[game.first]
    if settings.get("first", first) != first:
        raise SaveError(f"save field '{PLAY_KEY}.first' does not match the saved game's field 'first'")
    return game, settings


def _is_int(v) -> bool:
    return type(v) is int


SEAT_SETTINGS = ("human", "first", "resigned")     # each names a faction of the saved game
_SETTINGS = {
    "seed": lambda v: _is_int(v) and 0 <= v <= MAX_SEED,
    "level": lambda v: isinstance(v, str) and v in LEVELS,
    "think": think_ok,
}
_ABOUT = {
    "seed": f"a whole number from 0 to {MAX_SEED}",
    "level": ", ".join(LEVELS),
    "think": f"null or a number of seconds of at least {MIN_THINK}",
}


def _short(value) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def record_view(game: Game, human: int) -> list[str]:
    """The record lines as the person sees them (redaction.record_seen: cards drawn into the
    other hand hidden)."""
    return [seen_line(e) for e in record_seen(game, human)]


def save_rootlog(game, path, viewer=None) -> None:
    """Write game as a Rootlog file as viewer sees it (None: the referee), atomically."""
    try:
        write_atomic(path, rootlog_text(game, viewer))
    except (OSError, ValueError) as e:
        raise click.ClickException(f"cannot write {path}: {getattr(e, 'strerror', None) or e}")
    click.echo(f"Rootlog written to {path}")
