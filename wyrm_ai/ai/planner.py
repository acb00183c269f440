"""The planner: information-set MCTS in the core (ext/wyrm_ai/mcts.pxi), with budgets and search
reports, for any seat at any table. The search sees only what its seat can see: every simulation
redeals the cards hidden from it (ext/wyrm_ai/determinize.pxi)."""
from __future__ import annotations

import math
import os
import time
import threading
from concurrent.futures import FIRST_COMPLETED, ThreadPoolExecutor, wait
from dataclasses import dataclass, field

from wyrm_ai import _core
from wyrm_ai.ai import calibration
from wyrm_ai.model import notation
from wyrm_ai.model.errors import ConfigError
from wyrm_ai.model.factions import ALLIANCE, TITLES, TWO_SEATS, seat_factions
from wyrm_ai.model.game import HAND_PROMPTS, Game, round_of
from wyrm_ai.model.seeds import derive_seed

CHUNK = 128          # simulations (per tree) between clock checks and progress callbacks
POLL = 0.01          # seconds between checks while the calling thread waits for the other trees
MAX_THREADS = 256    # the most search trees one search runs in parallel (Budget.threads)
THREAD_SEED_STEP = 0x9E3779B97F4A7C15   # 2**64 / the golden ratio: tree t's seed is t steps away


def thread_count(threads, most: int = MAX_THREADS) -> int:
    """The number of search threads for a threads setting: a whole number from 1 to most, or 0
    or "auto" for every core (os.cpu_count()). Raises ConfigError naming a bad value. The front
    ends (wyrm play / watch / arena, the engine) pass most=os.cpu_count(): more threads than cores
    only share the cores out."""
    if isinstance(threads, str):
        text = threads.strip().lower()
        if text == "auto":
            threads = 0
        elif text.isascii() and text.isdigit() and len(text) <= 6:
            threads = int(text)
    if type(threads) is not int or not 0 <= threads <= most:
        raise ConfigError(f"threads must be a whole number from 1 to {most}, or 0 or 'auto' for "
                          f"every core, not {threads!r}")
    return threads or cores()


def cores() -> int:
    """The machine's cores (os.cpu_count(), 1 if unknown)."""
    return os.cpu_count() or 1


def thread_seed(seed: int, t: int) -> int:
    """The seed of tree t of a search seeded with seed: seed + t * THREAD_SEED_STEP (mod 2**64,
    seeds.derive_seed's rule with the step as the scale). Tree 0 keeps the search's own seed, so
    one thread searches exactly as before; the others land far from the seeds derive_seed gives
    neighbouring decisions and games (seed * 1,000,003 + n)."""
    return derive_seed(t, seed, scale=THREAD_SEED_STEP)


@dataclass(frozen=True)
class Level:
    """A playing strength, shared by `wyrm play` and `wyrm engine`."""
    name: str
    planner: bool                       # False: the greedy heuristic player, no search
    sims: int | None = None             # simulations per decision (at most)
    turn_seconds: float | None = None   # seconds per turn, shared out over its decisions (at most)
    about: str = ""

    def search_at(self, nseats: int, faction: str) -> "SeatSearch | None":
        """How the level's planner searches for `faction` (a name) at a table of nseats
        (LEVEL_SEARCH), or None: the plain search."""
        return LEVEL_SEARCH.get((nseats, faction)) if self.planner else None

    def sims_at(self, nseats: int, faction: str) -> int | None:
        """The level's simulations per decision there: its simulations divided by what one
        simulation of its search there costs against a plain one, so it thinks as long anywhere."""
        how = self.search_at(nseats, faction)
        if self.sims is None or how is None:
            return self.sims
        return max(1, round(self.sims / how.cost))

    def options(self, nseats: int, faction: str) -> dict:
        """The level's search options there (planner.search's **options)."""
        how = self.search_at(nseats, faction)
        return {} if how is None else dict(how.options)

    def budget(self, nseats: int, faction: str, threads: int | str = 1) -> "Budget":
        """The level's Budget there (a planner level only)."""
        return Budget(sims=self.sims_at(nseats, faction), turn_seconds=self.turn_seconds, threads=threads)

    def describe(self, nseats: int, faction: str) -> str:
        """'the planner, 2,000 simulations / 1 s a turn' (and how far it looks there)."""
        if not self.planner:
            return "the heuristic player"
        options = self.options(nseats, faction)
        turns = options.get("tree_turns", 1)
        into = "" if turns == 1 else f" into its next turn{'s' if turns > 2 else ''}"
        if options.get("rollout_turns") == 0:
            into += " to the end of its turn"
        if options.get("evaluation") == "learned":
            into += " judged by the learned evaluation"
        return (f"the planner, {self.sims_at(nseats, faction):,} simulations{into} / "
                f"{self.turn_seconds:g} s a turn")


@dataclass(frozen=True)
class SeatSearch:
    """How the planner levels search for one faction at one table size, where a paired match at
    equal wall time in that seat (`wyrm match --sprt`) accepted it over the plain search: search
    options (planner.search's **options; docs/search.md) and what one such simulation costs
    against a plain one (measured), which divides the level's simulations so it thinks as long."""
    options: tuple          # ((name, value), ...)
    cost: float = 1.0


# (table size, faction) -> its search; the rest search plainly. Measured (docs/search.md), the
# Wyrm's seat: at two seats min-max normalised UCB with c_uct 1.5 beat the plain search at the
# same simulations (it costs the same) by +1.17 VP (SPRT H1 after 435 pairs); at three seats a
# tree into the next turn (500 sims) beat 1,780 plain ones (the cost ratio 0.281) by +7.15 VP (H1
# after 108 pairs), where it did not at two seats (H0 after 264 pairs), and at four seats 500 beat
# 2,270 plain ones (the cost ratio 0.221) by +5.07 VP (H1 after 175 pairs). The Marquise's seat gained
# nothing measurable from those two; at two seats she scores her simulations at the end of her own
# turn (rollout_turns 0: no heuristic Wyrm turn played out), 3,100 of them against 1,000 plain ones
# (the cost ratio 0.322) +2.34 VP (H1 after 191 pairs), where it lost for the Wyrm (H0 after 58).
# The Eyrie's seat at three seats judges positions by the learned evaluation refitted on the
# levels' own games (issue 31 item 2): 2,000 such simulations against 3,100 plain ones (the cost
# ratio 1.56) +4.97 VP (H1 after 193 pairs); with the other seats at their levels' searches +1.72 VP
# (-0.76 to +4.21) after 116 pairs: no worse by 1 VP there (the confirmation, docs/evaluation.md).
LEVEL_SEARCH = {
    (2, "wyrm"): SeatSearch((("normalize", "minmax"), ("c_uct", 1.5))),
    (3, "wyrm"): SeatSearch((("tree_turns", 2),), cost=3.56),
    (4, "wyrm"): SeatSearch((("tree_turns", 2),), cost=4.52),
    (2, "marquise"): SeatSearch((("rollout_turns", 0),), cost=0.322),
    (3, "eyrie"): SeatSearch((("evaluation", "learned"),), cost=1.56),
}

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
    _core.TREE_SEATS). threads: how many independent trees search the root in parallel, one a
    thread (1 to MAX_THREADS, or 0 or "auto" for every core; see search()); sims and min_sims
    count the simulations of all of them, seconds and turn_seconds are wall time as with one."""
    sims: int | None = 1000
    seconds: float | None = None
    turn_seconds: float | None = None
    min_sims: int = 64
    expected_decisions: int = 4      # decisions a turn still holds, for splitting turn_seconds
    tree_seats: str = "observer"
    threads: int | str = 1

    def __post_init__(self):
        self.n_threads
        if self.tree_seats not in _core.TREE_SEATS:
            raise ConfigError(f"budget tree_seats must be one of {', '.join(_core.TREE_SEATS)}, "
                              f"not {self.tree_seats!r}")
        if self.sims is None and self.seconds is None and self.turn_seconds is None:
            raise ConfigError("a budget needs sims, seconds or turn_seconds")
        for name in ("sims", "seconds", "turn_seconds"):
            v = getattr(self, name)
            if v is not None and not (math.isfinite(v) and v > 0):
                raise ConfigError(f"budget {name} must be a positive finite number, not {v}")

    @property
    def n_threads(self) -> int:
        """The number of search threads (threads, with 0 and "auto" read as os.cpu_count())."""
        return thread_count(self.threads)


@dataclass
class SearchReport:
    """What a search found: the chosen action, the top root actions with visits and mean values,
    and the principal line (the most visited path; line_seats says whose decision each step is,
    other seats' too with tree_seats "all"). It holds the searching seat's cards: show it to
    another viewer only through redaction.report_view. A mean value ranks actions but is not a
    probability: for a seat and table found calibrated (calibration.calibrated) chance()
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
        """Whether this search's values have a calibrated win chance (its seat at its table)."""
        return calibration.calibrated(self.factions, self.seat)

    def chance(self, mean: float) -> float | None:
        """The searching seat's calibrated win chance for a mean value of this search; None where
        its seat's chances are not calibrated at its table."""
        if not self.calibrated:
            return None
        return calibration.win_chance(mean, self.seat, self.round, self.factions)

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

    def chosen_first(self) -> tuple:
        """(the row of the chosen action, or None, and the other rows by visits): the chosen
        action is read by its text, so a report shown through redaction.report_view (whose rows
        hold Actions, merged where masked) finds it too (issue 28: `why` lists it first, with
        its own numbers, whatever its share of the visits)."""
        text = notation.action_text(self.best, self.seat, self.factions)
        chosen = next((r for r in self.top if r[1] == text), None)
        return chosen, sorted((r for r in self.top if r is not chosen), key=lambda r: -r[2])

    def format(self, n: int = 5) -> str:
        """The report in lines: the search's size and whose numbers, the chosen action first with
        its own numbers, then up to n - 1 others by visits, and the principal line."""
        cap = f" (tree at its cap of {self.tree_size} nodes)" if self.at_cap else ""
        whose = TITLES[self.factions[self.seat]] if self.factions[self.seat] >= 0 else f"Player {self.seat + 1}"
        rows = [f"{self.simulations:,} simulations in {self.seconds:.2f}s{cap}; "
                + (f"win chances are the {whose}'s" if self.calibrated else
                   f"values are the {whose}'s evaluation, uncalibrated at this table")]
        chosen, others = self.chosen_first()
        if chosen is None:
            rows.append(f"  {notation.action_text(self.best, self.seat, self.factions):<24} chosen "
                        "(not among the searched root actions)")
        else:
            rows.append(f"  {chosen[1]:<24} {self.row_numbers(chosen[2], chosen[3])}")
        for a, text, visits, mean in others[:n - 1]:
            rows.append(f"  {text:<24} {self.row_numbers(visits, mean)}")
        if self.line:
            rows.append("  line: " + " / ".join(self.line))
        return "\n".join(rows)



# the steps whose legal actions read the deciding seat's hand (or the Alliance's stack): the hand
# prompts, and each faction's Daylight (cards to craft, spend or swap); setup, hits, moves and
# the like read only the board
CARD_STEPS = HAND_PROMPTS | {"marquise_daylight", "wyrm_daylight", "eyrie_daylight",
                             "alliance_daylight", "vagabond_daylight", "discard"}


def hides_its_choice(state) -> bool:
    """Whether the seat to move, at a step whose legal actions read its cards (CARD_STEPS), holds
    cards hidden from the others (a hand; the Alliance's Supporters stack), so that how many legal
    actions it has may tell what it holds -- an ambush
    it may answer with pass only (issue 29 item 5). Such a decision is thought over like any
    other, one legal action or many, so the time it takes and the report it leaves are the same
    whatever the seat holds; a seat holding nothing hidden answers a forced decision at once."""
    st = state.state if isinstance(state, Game) else state
    seat = st.current_player
    if seat < 0 or st.step not in CARD_STEPS:
        return False
    d = st.to_dict()
    return d["hand_size"][seat] > 0 or (d["seat_faction"][seat] == ALLIANCE and d["supporters_size"] > 0)

def search(state, budget: Budget | None = None, seed: int = 0, *, turn_spent: float = 0.0,
           progress=None, tree_progress=None, stop=None, clock=time.perf_counter,
           **options) -> SearchReport:
    """Search the position for the seat to move. progress(sims, seconds, best, value) is called
    every chunk, value being the mean value of the best root action for the seat to move, and
    tree_progress(nodes, at_cap, path) with the size of the tree and its principal line as
    [(action, seat whose decision it is)];
    stop() returning True ends the search early (the best action so far is kept). clock() gives
    the time in seconds (tests pass their own). options go to _core.Search: max_nodes (the node
    cap, default _core.DEFAULT_MAX_NODES), c_uct, rollout_turns, rollout_candidates,
    max_rollout_decisions, evaluation, normalize, tree_turns (docs/search.md); tree_seats is the
    budget's.

    Root parallelism: with budget.threads k > 1, k independent trees search the same root, tree t
    seeded thread_seed(seed, t) (tree 0 is the one-thread search's), each in its own thread in
    chunks of CHUNK simulations (the core releases the GIL): tree 0 in the calling thread, which
    between its chunks checks the clock and stop() and calls progress / tree_progress (from the
    other trees' last chunk, the line from tree 0; once more at the end with the report's
    numbers), the others free-running in worker threads until their share is done or the
    calling thread ends the search. The sims budget is
    split between the trees (tree t runs sims // k, one more for t < sims % k) and so is
    max_nodes (max_nodes // k each, so memory stays bounded); seconds and turn_seconds are wall
    time as with one tree. The trees' root statistics are merged: per root action the visits
    summed and the mean value the visit-weighted mean, sorted as one tree sorts its children
    (visits, then value, then the action number); the best action is the first. The report's
    top, simulations and tree_size are the merged ones (at_cap: any tree at its cap); its line
    is the most visited line, below the best action, of the tree that visits the best action
    most (the lowest t on a tie). A search budgeted by sims is reproducible from its seed and k
    (each tree runs its own share whatever the threads' timing); k = 1 is the plain search."""
    budget = budget or Budget()
    if "tree_seats" in options:
        raise ConfigError("tree_seats is a Budget field (Budget(tree_seats=...)), not a search option")
    st = state.state if isinstance(state, Game) else state
    seat, table = st.current_player, seat_factions(st)
    round_ = round_of(st.turn_number)
    legal = st.legal_actions()
    start = clock()
    if len(legal) == 1 and not hides_its_choice(st):
        return SearchReport(seat, legal[0], [(legal[0], notation.action_text(legal[0], seat, table), 0, 0.0)],
                            round=round_, factions=table)
    k = budget.n_threads
    if k > 1:
        cap = options.get("max_nodes", _core.DEFAULT_MAX_NODES)
        options["max_nodes"] = max(1, cap // k) if type(cap) is int and cap > 0 else cap
    trees = [_core.Search(st, seed=thread_seed(seed, t), tree_seats=budget.tree_seats, **options)
             for t in range(k)]
    quota = (None if budget.sims is None else
             [budget.sims // k + (t < budget.sims % k) for t in range(k)])
    deadline = None
    if budget.seconds is not None:
        deadline = start + budget.seconds
    if budget.turn_seconds is not None:
        share = max(0.0, budget.turn_seconds - turn_spent) / max(1, budget.expected_decisions)
        deadline = start + share if deadline is None else min(deadline, start + share)
    halt = threading.Event()              # set: the other trees stop after their chunk
    snaps = [None] * k                    # (root children, size, at_cap) of the other trees
    pool = ThreadPoolExecutor(k - 1, thread_name_prefix="wyrm-search") if k > 1 else None
    watched = progress is not None or tree_progress is not None
    workers = [pool.submit(_run_tree, trees[t], None if quota is None else quota[t], halt,
                           snaps if watched else None, t) for t in range(1, k)]

    def report_progress():
        """The callbacks, merged: the trees still running are read from their last snapshot,
        the principal line from tree 0 (the others can be read only once they are done)."""
        if tree_progress is None and progress is None:
            return
        if all(w.done() for w in workers):
            roots = [(t.children(), t.tree_size, t.at_cap) for t in trees]
            readable = trees
        else:
            roots = [(trees[0].children(), trees[0].tree_size, trees[0].at_cap)]
            roots += [snap for snap in snaps[1:] if snap is not None]
            readable = trees[:1]
        kids = merge_roots(r[0] for r in roots)
        if tree_progress is not None:
            tree_progress(sum(r[1] for r in roots), any(r[2] for r in roots),
                          best_line(readable, kids[0][0] if kids else None))
        if progress is not None:
            best, value = (kids[0][0], kids[0][2]) if kids else (trees[0].best_action(), 0.0)
            progress(sum(t.simulations for t in trees), clock() - start, best, value)

    try:
        while True:
            done = sum(tree.simulations for tree in trees)
            n = CHUNK if quota is None else min(CHUNK, quota[0] - trees[0].simulations)
            if n == 0 and all(w.done() for w in workers):
                break
            if deadline is not None and done >= budget.min_sims and clock() >= deadline:
                break
            if stop is not None and done > 0 and stop():
                break
            if n:
                trees[0].run(n)            # the calling thread runs tree 0 itself
            else:                          # tree 0 has done its share: wait for the others
                wait([w for w in workers if not w.done()], timeout=POLL, return_when=FIRST_COMPLETED)
            report_progress()
    finally:
        halt.set()
        for w in workers:
            w.result()                     # no tree is left running; a tree's error is raised
        if pool is not None:
            pool.shutdown()
    kids = merged_children(trees)
    if workers:                            # the merged numbers of the finished trees
        report_progress()
    best = kids[0][0] if kids else trees[0].best_action()
    path = best_line(trees, best)
    return SearchReport(
        seat=seat, best=best,
        top=[(a, notation.action_text(a, seat, table), v, m) for a, v, m in kids],
        line=[notation.action_text(a, s, table) for a, s in path], line_actions=[a for a, _ in path],
        line_seats=[s for _, s in path],
        simulations=sum(t.simulations for t in trees), seconds=clock() - start,
        tree_size=sum(t.tree_size for t in trees), at_cap=any(t.at_cap for t in trees),
        round=round_, factions=table)


def _run_tree(tree, quota, halt, snaps, t) -> None:
    """A worker thread: run tree t in chunks (without the GIL) until its quota (None: no limit)
    is done or halt is set, leaving (root children, tree size, at_cap) in snaps[t] after each
    (snaps None: nobody watches)."""
    while not halt.is_set():
        n = CHUNK if quota is None else min(CHUNK, quota - tree.simulations)
        if n <= 0:
            break
        tree.run(n)
        if snaps is not None:
            snaps[t] = (tree.children(), tree.tree_size, tree.at_cap)


def merge_roots(roots) -> list:
    """Merge the root statistics of several trees, each [(action, visits, mean value)]: per action
    the visits summed and the visit-weighted mean value; [(action, visits, mean)] sorted as
    _core.Search.children sorts (most visits, then highest mean, then lowest action)."""
    roots = [list(kids) for kids in roots]
    if len(roots) == 1:                  # one tree: its own numbers, untouched by the arithmetic
        return [(a, v, m) for a, v, m, *_ in roots[0]]
    visits, values = {}, {}
    for kids in roots:
        for a, v, m, *_ in kids:
            visits[a] = visits.get(a, 0) + v
            values[a] = values.get(a, 0.0) + m * v
    out = [(a, v, values[a] / v if v else 0.0) for a, v in visits.items()]
    out.sort(key=lambda x: (-x[1], -x[2], x[0]))
    return out


def merged_children(trees) -> list:
    """The merged root statistics of the trees (merge_roots)."""
    return merge_roots(tree.children() for tree in trees)


def best_line(trees, action, max_len: int = 20) -> list:
    """[(action, seat)]: the most visited line from the root through action in the tree that
    visits action most (the first such tree on a tie); the plain principal path with one tree."""
    if len(trees) == 1 or action is None:
        return trees[0].principal_path(max_len)
    found = []
    for t, tree in enumerate(trees):
        for a, v, _, node in tree.children():
            if a == action:
                found.append((-v, t, node))
    if not found or max_len == 0:
        return []
    _, t, node = min(found)
    tree = trees[t]
    line = [(action, tree.child_seat(node))]
    while len(line) < max_len:
        kids = tree.children(node)
        if not kids or kids[0][1] == 0:
            break
        node = kids[0][3]
        line.append((kids[0][0], tree.child_seat(node)))
    return line
