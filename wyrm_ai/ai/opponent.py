"""The AI across the table: the levels and their budgets, and per-position seeds so a reloaded
game plays on exactly as it would have."""
from __future__ import annotations

import math
from dataclasses import replace

from wyrm_ai import _core
from wyrm_ai.model.errors import ConfigError
from wyrm_ai.model.factions import BOTS
from wyrm_ai.ai.planner import LEVELS, Budget
from wyrm_ai.model.seeds import derive_seed

HINT_BUDGET = Budget(sims=2000, turn_seconds=None, seconds=1.0)
MIN_THINK = 0.05            # seconds: the least --think


def position_seed(seed: int, n: int, salt: int = 0) -> int:
    """A seed for the decision or chance event at record position n of a game started with seed:
    the same position always gets the same seed, so saves, reloads and undos replay exactly."""
    return derive_seed(seed, n * 7919 + salt * 104_729)


# what `wyrm play --ai FACTION=DRIVER` accepts: a level, or a driver name standing for one
DRIVER_LEVELS = {"heuristic": "easy", "mcts": None}     # mcts: --level's planner, else normal


def ai_level(driver: str, level: str) -> str:
    """The level of an AI seat given `driver` (a level, heuristic or mcts) and the --level."""
    if driver in LEVELS:
        return driver
    if driver not in DRIVER_LEVELS:
        raise ConfigError(f"no AI {driver!r}; choose from {', '.join([*LEVELS, *DRIVER_LEVELS])}")
    return DRIVER_LEVELS[driver] or (level if LEVELS[level].planner else "normal")


def ai_seats(game, human: int) -> list[int]:
    """The seats of a Game the AI plays: all but the person's and the bots' (factions.BOTS: the
    rules play those)."""
    return [s for s, f in enumerate(game.faction_ids) if s != human and f not in BOTS]


def opponents(seats, level: str, seed: int, think: float | None, levels: dict | None = None,
              threads: int = 1) -> dict:
    """An Opponent for each AI seat: its level from levels (seat -> level), else `level`;
    --think (seconds per turn) applies to the seats that search, and so do threads."""
    out = {}
    for seat in seats:
        lv = (levels or {}).get(seat, level)
        out[seat] = Opponent(lv, seed, think if LEVELS[lv].planner or lv == level else None, threads)
    return out


def think_ok(think) -> bool:
    """None (the level's budget) or a finite number of seconds of at least MIN_THINK."""
    return think is None or (type(think) in (int, float) and math.isfinite(think) and think >= MIN_THINK)


class Opponent:
    """Chooses for the AI seat with a level (or --think seconds per turn), its searches run on
    `threads` threads (planner.Budget.threads)."""

    def __init__(self, level: str = "normal", seed: int = 0, think: float | None = None,
                 threads: int | str = 1):
        if level not in LEVELS:
            raise ConfigError(f"no level {level!r}; choose from {', '.join(LEVELS)}")
        self.level = LEVELS[level]
        self.seed = seed
        self.think = think
        if think is not None and not self.level.planner:
            raise ConfigError("--think sets the planner's time; the easy level does not search "
                              "(use --level normal or hard)")
        if not think_ok(think):
            raise ConfigError(f"--think must be a finite number of seconds, at least {MIN_THINK}, "
                              f"not {think}")
        self.threads = threads
        Budget(threads=threads)          # a bad thread count fails here, not at the first search
        self._turn = None
        self.turn_spent = 0.0

    @property
    def searches(self) -> bool:
        return self.level.planner

    def budget(self, nseats: int, faction: str) -> Budget:
        """The budget of faction's search at a table of nseats (the level's there, or --think's)."""
        if self.think is not None:
            return Budget(sims=None, turn_seconds=self.think, threads=self.threads)
        return self.level.budget(nseats, faction, self.threads)

    def options(self, nseats: int, faction: str) -> dict:
        """faction's search options at a table of nseats: the level's (planner.LEVEL_SEARCH)."""
        return self.level.options(nseats, faction)

    def hint_budget(self) -> Budget:
        """The budget of a hint for the person (HINT_BUDGET on this opponent's threads)."""
        return replace(HINT_BUDGET, threads=self.threads)

    def describe(self) -> str:
        if self.think is not None:
            return f"{self.level.name}, thinking {self.think:g} s per turn"
        return f"{self.level.name} ({self.level.about})"

    def describe_short(self, nseats: int, faction: str) -> str:
        if self.think is not None:
            return f"{self.level.name}, thinking {self.think:g} s per turn"
        return f"{self.level.name} ({self.level.describe(nseats, faction)})"

    def start_decision(self, game) -> float:
        """Seconds already spent on this turn (a new turn starts the count again)."""
        turn = (game.state.turn_number, game.state.turn)
        if turn != self._turn:
            self._turn, self.turn_spent = turn, 0.0
        return self.turn_spent

    def heuristic(self, game) -> int:
        return _core.heuristic_choice(game.state, position_seed(self.seed, len(game.record), 1), 0, 4)
