"""Seat drivers. Every driver has choose(game) -> action and is told of every applied action,
so a human, a heuristic bot, the planner or a protocol client plug into the same loop."""
from __future__ import annotations

import numpy as np

from wyrm_ai.game import Game


class Player:
    """Interface: choose an action for the seat to move; observe every action applied."""

    def choose(self, game: Game) -> int:
        raise NotImplementedError

    def observe(self, game: Game, action: int, seat: int) -> None:
        pass


class RandomPlayer(Player):
    """Uniformly random among the legal actions, from a seeded numpy Generator."""

    def __init__(self, seed=None):
        self.rng = np.random.default_rng(seed)

    def choose(self, game: Game) -> int:
        legal = game.legal_actions()
        return legal[self.rng.integers(len(legal))]


PLAYERS = {"random": RandomPlayer}


def make_player(kind: str, seed=None) -> Player:
    if kind not in PLAYERS:
        from wyrm_ai.errors import ConfigError
        raise ConfigError(f"no player kind {kind!r}; choose from {', '.join(PLAYERS)}")
    return PLAYERS[kind](seed)


def play(game: Game, players: dict, rng: np.random.Generator, max_actions: int = 100_000) -> Game:
    """Drive a game to its end: players choose for their seats, rng supplies chance outcomes."""
    for _ in range(max_actions):
        if game.is_terminal():
            break
        seat = game.current_player
        a = game.sample_chance(rng) if seat == -1 else players[seat].choose(game)
        game.apply(a)
        for p in players.values():
            p.observe(game, a, seat)
    return game
