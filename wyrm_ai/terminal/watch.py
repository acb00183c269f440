"""`wyrm watch`: a whole game between drivers, shown turn by turn: a header for each turn
("Round 3 - Wyrm"), each action as its record line with words beside it and what it did below
(battles, hits, removals, every VP: narration.py from the engine's events), the board after every
N turns (model/textboard/boardview.render_board) with every seat's hand, the seat to move named, and an
optional pause between turns, all in the output's columns (80 in a pipe). A game between programs
is the referee's view (docs/architecture.md, "Information"): draws are named.

Each seat is driven by the levels' AI by default (level_player: the `normal` level as `wyrm
play` plays it, its simulations and search options for that seat at that table, planner.LEVELS), or
by a driver named for it (a level, or a player spec: random, heuristic, mcts:...)."""
from __future__ import annotations

import textwrap
import time

import numpy as np

from wyrm_ai.model.factions import BOTS, NAMES, TITLES
from wyrm_ai.model.game import Game
from wyrm_ai.model.narration import narrated_lines
from wyrm_ai.model.redaction import REFEREE, events_seen, observe
from wyrm_ai.model.notation import record_text
from wyrm_ai.ai.planner import LEVELS
from wyrm_ai.ai.players import HeuristicPlayer, MCTSPlayer, Player, make_player, play
from wyrm_ai.model.textboard.board import hand_cards
from wyrm_ai.model.textboard.boardview import render_board
from wyrm_ai.model.textboard.style import Style
from wyrm_ai.model.textboard.words import action_rows, explain, turn_title

DEFAULT_DRIVER = "normal"       # every seat's driver unless named: the levels' AI, as `wyrm play`


def level_player(level: str, factions: tuple[int, ...], seat: int, seed: int, budget: dict | None = None) -> Player:
    """The player of a level (planner.LEVELS: easy is the heuristic player, normal and hard the
    planner) for a seat of a table, as `wyrm play` plays it there: the level's simulations per
    decision and its search options for that faction at that table (Level.sims_at,
    Level.options), but not its seconds a turn, so the same seed always plays the same game on
    any machine; budget (--sims, --think, --threads) replaces the level's where given."""
    lv = LEVELS[level]
    if not lv.planner:
        return HeuristicPlayer(seed)
    nseats, name = len(factions), NAMES[factions[seat]]
    given = {k: v for k, v in (budget or {}).items() if v is not None}
    if "sims" in given or "seconds" in given:
        base = {"sims": given.get("sims"), "seconds": given.get("seconds")}
    else:       # the level's simulations there, not its clock: a seed replays the same game
        base = {"sims": lv.sims_at(nseats, name)}
    return MCTSPlayer(seed, **base, threads=given.get("threads", 1), **lv.options(nseats, name))


def driver_player(kind: str, factions: tuple[int, ...], seat: int, seed: int, budget: dict) -> Player:
    """A seat's player from its driver: a level name (level_player), else a player spec, the
    budget (--sims, --think, --threads) going to a planner spec."""
    if kind in LEVELS:
        return level_player(kind, factions, seat, seed, budget)
    return make_player(kind, seed, **(budget if searches_kind(kind) else {}))


def searches_kind(kind: str) -> bool:
    """The driver searches (a planner level, or an mcts spec): --sims, --think and --threads
    apply to it."""
    return LEVELS[kind].planner if kind in LEVELS else kind.partition(":")[0].strip().lower() == "mcts"


def hands_lines(d: dict, to_move: int, width: int) -> list[str]:
    """Every seat's hand in the referee's observation d, the seat to move (to_move; -1: none)
    named first (a game between programs has no "your hand")."""
    table = tuple(d["seat_faction"])
    seats = [s for s in range(len(table)) if s == to_move] + [s for s in range(len(table)) if s != to_move]
    out = []
    for s in seats:
        if table[s] in BOTS or d["hand"][s] is None:       # a bot has no hand (MM2 §2.2)
            continue
        n = sum(d["hand"][s])
        head = f"The {TITLES[table[s]]}'s hand" + (" (to move)" if s == to_move else "")
        text = f"{head}, {n} card{'s' if n != 1 else ''}: {hand_cards(d['hand'][s], tokens=True) or 'none'}"
        out += textwrap.wrap(text, max(width, 40), subsequent_indent="  ")
    return out



class Watcher:
    """Prints a game as it is played (players.play calls it before each action).

    every: show the board after every `every` turns (0: only at the end); delay: seconds to sleep
    after each turn, through `sleep` (injected by tests); kinds: the drivers, named on the board;
    width: the board's columns (the boxed map at 99, the compact one below)."""

    def __init__(self, out, *, every: int = 1, delay: float = 0.0, sleep=None, style: Style | None = None,
                 kinds=("", ""), width: int = 99):
        self.out, self.every, self.delay = out, every, delay
        self.width = width          # the board's columns (boardview.render_board)
        self.sleep = sleep or time.sleep
        self.st = style or Style(False)
        self.kinds = kinds
        self.turn = None            # (turn_number, seat) of the turn being shown
        self.turns_done = 0
        self.telling = False        # an action was shown whose events are still to be told

    def __call__(self, game: Game, a: int, seat: int) -> None:
        self.tell(game)
        n = game.state.turn_number
        key = (n, game.state.turn if n else game.first)      # setup is one part, whoever places
        if key != self.turn:
            if self.turn is not None:
                self.end_turn(game)
            self.turn = key
            self.out("")
            self.out(self.st.paint(turn_title(*key, game.faction_ids), "title"))
        table = game.faction_ids
        for row in action_rows(f"{record_text(a, seat, table):<22}", explain(a, seat, game.step, table, game.state),
                               self.width - 2):
            self.out("  " + row)
        self.telling = True

    def tell(self, game: Game) -> None:
        """What the last action did, in words from the engine's events (narration.py): battles,
        rolls, hits, removals, Ravenous, every VP and why. The referee's view: nothing is hidden
        in a game between two programs."""
        if self.telling:
            self.telling = False
            for line in narrated_lines(events_seen(game.last_events, REFEREE, game.faction_ids), self.width, 6):
                self.out(line)

    def end_turn(self, game: Game) -> None:
        self.turns_done += 1
        if self.every and self.turns_done % self.every == 0:
            self.board(game)
        if self.delay:
            self.sleep(self.delay)

    def board(self, game: Game) -> None:
        """The referee's board, each seat labelled with its driver, then every hand, the seat
        whose turn it now is named first (none once the game is over)."""
        to_move = -1 if game.is_terminal() else game.state.turn
        labels = (tuple("bot" if game.faction_ids[s] in BOTS else kind for s, kind in enumerate(self.kinds))
                  if any(self.kinds) else None)
        d = observe(game.state, REFEREE)           # a game between programs: the referee's board
        self.out("")
        self.out(render_board(d, self.width, self.st, labels=labels))
        for line in hands_lines(d, to_move, self.width):
            self.out(line)

    def finish(self, game: Game) -> None:
        """After the last action: what it did and the final board (unless every is 0)."""
        self.tell(game)
        if self.turn is not None and self.every:
            self.board(game)


def watch_game(game: Game, players: dict, rng: np.random.Generator, watcher: Watcher | None) -> Game:
    play(game, players, rng, before=watcher)
    if watcher is not None:
        watcher.finish(game)
    return game
