"""`wyrm watch`: a whole game between two drivers, shown turn by turn: a header for each turn
("Round 3 - Wyrm"), each action as its record line with words beside it and what it did below
(battles, hits, removals, every VP: narration.py from the engine's events), the board after every
N turns (terminal/board.render_board), and an optional pause between turns, all in the output's
columns (80 in a pipe). A game between two programs is the referee's view (docs/architecture.md,
"Information"): draws are named."""
from __future__ import annotations

import time

import numpy as np

from wyrm_ai.factions import BOTS
from wyrm_ai.game import Game
from wyrm_ai.narration import narrated_lines
from wyrm_ai.redaction import REFEREE, events_seen
from wyrm_ai.notation import record_text
from wyrm_ai.players import play
from wyrm_ai.terminal.board import render_board
from wyrm_ai.terminal.style import Style
from wyrm_ai.terminal.words import action_rows, explain, turn_title



class Watcher:
    """Prints a game as it is played (players.play calls it before each action).

    every: show the board after every `every` turns (0: only at the end); delay: seconds to sleep
    after each turn, through `sleep` (injected by tests); kinds: the drivers, named on the board;
    width: the board's columns (the boxed map at 99, the compact one below)."""

    def __init__(self, out, *, every: int = 1, delay: float = 0.0, sleep=None, style: Style | None = None,
                 kinds=("", ""), width: int = 99):
        self.out, self.every, self.delay = out, every, delay
        self.width = width          # the board's columns (board.render_board)
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
        seat = self.turn[1] if self.turn else 0
        labels = (tuple("bot" if game.faction_ids[s] in BOTS else kind for s, kind in enumerate(self.kinds))
                  if self.kinds[seat] else None)                  # else "you" / "AI" / "bot"
        self.out("")
        self.out(render_board(game.observation(seat), self.width, self.st, labels=labels))

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
