"""The planner: information-set MCTS in the core (ext/wyrm_ai/mcts.pxi), with budgets and search
reports, for any seat at any table. The search sees only what its seat can see: every simulation
redeals the cards hidden from it (ext/wyrm_ai/determinize.pxi)."""
from __future__ import annotations

import math
import time
from dataclasses import dataclass, field

from wyrm_ai import _core, calibration, notation
from wyrm_ai.errors import ConfigError
from wyrm_ai.factions import TITLES, TWO_SEATS, seat_factions
from wyrm_ai.game import Game, round_of

CHUNK = 128          # simulations between clock checks and progress callbacks


@dataclass(frozen=True)
class Level:
    """A playing strength, shared by `wyrm play` and `wyrm engine`."""
    name: str
    planner: bool                       # False: the greedy heuristic player, no search
    sims: int | None = None             # simulations per decision (at most)
    turn_seconds: float | None = None   # seconds per turn, shared out over its decisions (at most)
    about: str = ""


LEVELS = {
    "easy": Level("easy", False, about="the greedy heuristic player: weighs each action one ply "
                  "deep, answers at once"),
    "normal": Level("normal", True, 2000, 1.0, about="the planner: up to 2,000 simulations per "
                    "decision and at most 1 s per turn"),
    "hard": Level("hard", True, 8000, 4.0, about="the planner: up to 8,000 simulations per "
                  "decision and at most 4 s per turn"),
}


@dataclass
class Budget:
    """How long to think: a number of simulations, or seconds per decision, or seconds per turn
    shared out across that turn's decisions (at least min_sims each); and how wide: tree_seats
    "observer" (the tree holds the searching seat's decisions of the turn, the others' are played
    by their heuristic) or "all" (every seat's decisions of the turn, each chosen by its own value;
    _core.TREE_SEATS)."""
    sims: int | None = 1000
    seconds: float | None = None
    turn_seconds: float | None = None
    min_sims: int = 64
    expected_decisions: int = 4      # decisions a turn still holds, for splitting turn_seconds
    tree_seats: str = "observer"

    def __post_init__(self):
        if self.tree_seats not in _core.TREE_SEATS:
            raise ConfigError(f"budget tree_seats must be one of {', '.join(_core.TREE_SEATS)}, "
                              f"not {self.tree_seats!r}")
        if self.sims is None and self.seconds is None and self.turn_seconds is None:
            raise ConfigError("a budget needs sims, seconds or turn_seconds")
        for name in ("sims", "seconds", "turn_seconds"):
            v = getattr(self, name)
            if v is not None and not (math.isfinite(v) and v > 0):
                raise ConfigError(f"budget {name} must be a positive finite number, not {v}")


@dataclass
class SearchReport:
    """What a search found: the chosen action, the top root actions with visits and mean values,
    and the principal line (the most visited path; line_seats says whose decision each step is,
    other seats' too with tree_seats "all"). It holds the searching seat's cards: show it to
    another viewer only through redaction.report_view. A mean value ranks actions but is not a
    probability: at the table the calibration was fitted for (calibration.calibrated) chance()
    turns it into the seat's win chance, elsewhere it is None and rows show the uncalibrated
    value, labelled so; share() turns visits into a share of the root's visits."""
    seat: int
    best: int
    top: list = field(default_factory=list)        # [(action, text, visits, mean value)]
    line: list = field(default_factory=list)       # [text]
    line_actions: list = field(default_factory=list)   # [action] of the line
    line_seats: list = field(default_factory=list)     # [seat whose action it is]; empty: all report.seat's
    simulations: int = 0
    seconds: float = 0.0
    tree_size: int = 0
    at_cap: bool = False        # the tree reached its node cap (max_nodes) and stopped growing
    round: int = 0              # the round of the searched position (game.round_of)
    factions: tuple = TWO_SEATS     # the seat table of the searched game (faction ids in seat order)

    @property
    def calibrated(self) -> bool:
        """Whether this search's values have a calibrated win chance (the fitted table)."""
        return calibration.calibrated(self.factions)

    def chance(self, mean: float) -> float | None:
        """The searching seat's calibrated win chance for a mean value of this search; None at a
        table the calibration was not fitted for."""
        if not self.calibrated:
            return None
        return calibration.win_chance(mean, self.seat, self.round)

    def share(self, visits: int) -> float:
        """Visits as a share (0-1) of all the root's visits."""
        total = sum(v for _, _, v, _ in self.top)
        return visits / total if total else 0.0

    def row_numbers(self, visits: int, mean: float) -> str:
        """'31% of visits, win chance 4%': how players read a root action's numbers ('value 0.43
        (uncalibrated)' at a table without a calibration)."""
        if not self.calibrated:
            return f"{100 * self.share(visits):>3.0f}% of visits, value {mean:.2f} (uncalibrated)"
        return (f"{100 * self.share(visits):>3.0f}% of visits, "
                f"win chance {calibration.percent(self.chance(mean))}")

    def format(self, n: int = 5) -> str:
        cap = f" (tree at its cap of {self.tree_size} nodes)" if self.at_cap else ""
        whose = TITLES[self.factions[self.seat]]
        rows = [f"{self.simulations:,} simulations in {self.seconds:.2f}s{cap}; "
                + (f"win chances are the {whose}'s" if self.calibrated else
                   f"values are the {whose}'s evaluation, uncalibrated at this table")]
        for a, text, visits, mean in self.top[:n]:
            rows.append(f"  {text:<24} {self.row_numbers(visits, mean)}")
        if self.line:
            rows.append("  line: " + " / ".join(self.line))
        return "\n".join(rows)


def search(state, budget: Budget | None = None, seed: int = 0, *, turn_spent: float = 0.0,
           progress=None, tree_progress=None, stop=None, clock=time.perf_counter,
           **options) -> SearchReport:
    """Search the position for the seat to move. progress(sims, seconds, best, value) is called
    every chunk, value being the mean value of the best root action for the seat to move, and
    tree_progress(nodes, at_cap, path) with the size of the tree and its principal line as
    [(action, seat whose decision it is)];
    stop() returning True ends the search early (the best action so far is kept). clock() gives the time in seconds (tests pass
    their own). options go to _core.Search: max_nodes (the node cap, default
    _core.DEFAULT_MAX_NODES), c_uct, rollout_turns, rollout_candidates, max_rollout_decisions;
    tree_seats is the budget's."""
    budget = budget or Budget()
    if "tree_seats" in options:
        raise ConfigError("tree_seats is a Budget field (Budget(tree_seats=...)), not a search option")
    st = state.state if isinstance(state, Game) else state
    seat, table = st.current_player, seat_factions(st)
    round_ = round_of(st.turn_number)
    legal = st.legal_actions()
    start = clock()
    if len(legal) == 1:
        return SearchReport(seat, legal[0], [(legal[0], notation.action_text(legal[0], seat, table), 0, 0.0)],
                            round=round_, factions=table)
    tree = _core.Search(st, seed=seed, tree_seats=budget.tree_seats, **options)
    deadline = None
    if budget.seconds is not None:
        deadline = start + budget.seconds
    if budget.turn_seconds is not None:
        share = max(0.0, budget.turn_seconds - turn_spent) / max(1, budget.expected_decisions)
        deadline = start + share if deadline is None else min(deadline, start + share)
    while True:
        done = tree.simulations
        if budget.sims is not None and done >= budget.sims:
            break
        if deadline is not None and done >= budget.min_sims and clock() >= deadline:
            break
        if stop is not None and done > 0 and stop():
            break
        n = CHUNK if budget.sims is None else min(CHUNK, budget.sims - done)
        tree.run(n)
        if tree_progress is not None:
            tree_progress(tree.tree_size, tree.at_cap, tree.principal_path())
        if progress is not None:
            kids = tree.children()
            best, value = (kids[0][0], kids[0][2]) if kids else (tree.best_action(), 0.0)
            progress(tree.simulations, clock() - start, best, value)
    kids = tree.children()
    path = tree.principal_path()
    line, line_seats = [a for a, _ in path], [s for _, s in path]
    return SearchReport(
        seat=seat, best=tree.best_action(),
        top=[(a, notation.action_text(a, seat, table), v, m) for a, v, m, _ in kids],
        line=[notation.action_text(a, s, table) for a, s in path], line_actions=line,
        line_seats=line_seats,
        simulations=tree.simulations, seconds=clock() - start, tree_size=tree.tree_size,
        at_cap=tree.at_cap, round=round_, factions=table)

