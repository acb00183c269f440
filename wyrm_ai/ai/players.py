"""Seat drivers. Every driver has choose(game) -> action and is told of every applied action,
so a human, a heuristic bot, the planner or a protocol client plug into the same loop."""
from __future__ import annotations

import numpy as np

from wyrm_ai import _core
from wyrm_ai.ai import player_spec
from wyrm_ai.ai.planner import Budget, search
from wyrm_ai.model.seeds import derive_seed
from wyrm_ai.model.errors import ConfigError
from wyrm_ai.model.game import Game

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


class HeuristicPlayer(Player):
    """Greedy: weighs every legal action one ply deep with the evaluation (wyrm_ai.heuristics),
    battles settled by sampled dice. It reads only the state after its own action, and the
    evaluation reads only public fields and its own hand (hand sizes, not contents, of the others)."""

    def __init__(self, seed=None, samples: int = 4, evaluation: str = "hand", weights=None):
        if evaluation not in _core.EVALUATIONS:
            raise ConfigError(f"no evaluation {evaluation!r}; choose from {', '.join(_core.EVALUATIONS)}")
        self.rng = np.random.default_rng(seed)
        self.samples = samples
        self.evaluation = evaluation        # "hand" or "learned" (docs/evaluation.md)
        self.weights = dict(weights or {})  # overrides of _core.EVAL_WEIGHTS, this player's own
        _core.eval_weights(self.weights)     # a bad weight fails here, not at the first choice

    def choose(self, game: Game) -> int:
        return _core.heuristic_choice(game.state, int(self.rng.integers(2**63)), 0, self.samples,
                                      self.evaluation, self.weights or None)


class MCTSPlayer(Player):
    """The information-set MCTS planner (wyrm_ai.ai.planner), for any seat at any table; tree_seats,
    threads (search trees in parallel, 0 or "auto" for every core) and the budget's fields go to
    planner.Budget, other options (weights: overrides of _core.EVAL_WEIGHTS) to _core.Search."""

    def __init__(self, seed=None, sims: int | None = 1000, seconds: float | None = None,
                 turn_seconds: float | None = None, tree_seats: str = "observer",
                 threads: int | str = 1, **options):
        self.seed = 0 if seed is None else int(seed)
        self.budget = Budget(sims=sims, seconds=seconds, turn_seconds=turn_seconds,
                             tree_seats=tree_seats, threads=threads)
        _core.eval_weights(options.get("weights"))     # a bad weight fails here
        self.options = options
        self.decisions = 0
        self.last_report = None
        self._turn = None
        self._turn_spent = 0.0

    def choose(self, game: Game) -> int:
        turn = (game.state.turn_number, game.state.turn)
        if turn != self._turn:
            self._turn, self._turn_spent = turn, 0.0
        self.decisions += 1
        report = search(game, self.budget, seed=derive_seed(self.seed, self.decisions),
                        turn_spent=self._turn_spent, **self.options)
        self._turn_spent += report.seconds
        self.last_report = report
        return report.best


PLAYERS = {"random": RandomPlayer, "heuristic": HeuristicPlayer, "mcts": MCTSPlayer}
BOT_DRIVER = "bot"      # the driver of a bot's seat (factions.BOTS): the rules play it, no Player


def make_player(kind, seed=None, **options) -> Player:
    """A player from a spec (wyrm_ai.ai.player_spec: 'heuristic', 'mcts:sims=500,c_uct=0.5', ...);
    `options` are defaults under the spec's own (a spec's budget replaces theirs whole)."""
    spec = player_spec.parse(kind)
    return PLAYERS[spec.kind](seed, **spec.player_options(options))


def play(game: Game, players: dict, rng: np.random.Generator, max_actions: int = 100_000,
         before=None) -> Game:
    """Drive a game to its end: players choose for their seats, rng supplies chance outcomes.
    before(game, action, seat), if given, sees each action just before it is applied."""
    for _ in range(max_actions):
        if game.is_terminal():
            break
        seat = game.current_player
        a = game.sample_chance(rng) if seat == _core.CHANCE else players[seat].choose(game)
        if before is not None:
            before(game, a, seat)
        game.apply(a)
        for p in players.values():
            p.observe(game, a, seat)
    return game
