"""Saves of a terminal game and the record as the player may see it.

A save is an ordinary wyrm-ai save (Game.to_json: the actions, their record text, the state) with
one more key, "play", holding how the game is played: the seed, the human's seat, the level,
--think and who went first. Game.from_json ignores that key, so `wyrm watch` tools and
Game.load read these saves too. Chance and the AI's choices take their randomness from the seed
and the position in the record (opponent.position_seed), so the seed and the record are all the
state there is: a reloaded game continues exactly where it stopped."""
from __future__ import annotations

import json
from pathlib import Path

from wyrm_ai.errors import SaveError
from wyrm_ai.game import Game
from wyrm_ai.redaction import record_seen, seen_text

PLAY_KEY = "play"
HIDDEN_DRAW = "?: draw (a card for the {})"


def save_game(game: Game, path, settings: dict) -> None:
    data = game.to_json()
    data[PLAY_KEY] = dict(settings)
    try:
        Path(path).write_text(json.dumps(data, indent=1))
    except OSError as e:
        raise SaveError(f"cannot save to {path}: {e.strerror or e}") from None


def load_game(path) -> tuple[Game, dict]:
    """The game and its play settings ({} for a save written by something else)."""
    game = Game.load(path)
    data = json.loads(Path(path).read_text())
    settings = data.get(PLAY_KEY) if isinstance(data.get(PLAY_KEY), dict) else {}
    return game, settings


def record_view(game: Game, human: int) -> list[str]:
    """The record lines as the person sees them (redaction.record_seen: cards drawn into the
    other hand hidden)."""
    return [seen_text(e, HIDDEN_DRAW) for e in record_seen(game, human)]


def seats_of(game: Game) -> list[int]:
    """The seat that took each action of the record."""
    seats = getattr(game, "record_seats", None)
    return list(seats) if seats is not None else list(game._seats)
