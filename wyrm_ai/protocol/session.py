"""One engine session: the game, the options, the engine's own dice and deck (a seeded numpy
Generator), the running search, and the loop that reads commands and writes replies."""
from __future__ import annotations

import threading
from dataclasses import dataclass

import numpy as np

from wyrm_ai import _core
from wyrm_ai.model import growth_caps
from wyrm_ai.model.bot_options import BotOptions, traits_text
from wyrm_ai.model.errors import WyrmError
from wyrm_ai.model.game import Game
from wyrm_ai.ai.planner import LEVELS  # easy: the heuristic; normal, hard: simulations per go
from wyrm_ai.protocol.commands import dispatch
from wyrm_ai.protocol.io import LineReader, ProtocolError, Writer, id_of_raw, parse_line
from wyrm_ai.protocol.views import apply_with_event, status_line
from wyrm_ai.model.redaction import PUBLIC



@dataclass
class Options:
    level: str = "normal"
    budget_sims: int | None = LEVELS["normal"].sims   # go without limits: this many simulations ...
    budget_ms: int | None = None           # ... or this many milliseconds
    level_budget: bool = True              # the budget is the level's (its own search at each table)
    threads: int = 1
    seed: int = 0
    chance: str = "internal"               # internal: the engine rolls and draws; external: `chance`
    max_nodes: int = _core.DEFAULT_MAX_NODES   # the node cap of a search tree
    tree_seats: str = "observer"           # whose decisions the tree holds (_core.TREE_SEATS)
    bot: BotOptions = BotOptions()         # the Mechanical Marquise's options of the next `new`
    growth_caps: tuple = growth_caps.DEFAULT    # the Wyrm's Growth-track caps of the next `new`
    map: str = "autumn"                    # the map of the next `new` (docs/maps.md)
    suits: str = "random"                  # its suits: a layout (maps.LAYOUTS) or F1,M2,... (Autumn: printed)
    deck: str = "standard"                 # the shared deck of the next `new` (cards.DECK_NAMES)
    setup: str = "standard"                # the setup of the next `new` (setups.SETUP_NAMES)
    character: str = "any"                 # the Vagabond's character in the next `new` that seats him
    draft: str = "off"                     # the faction draft of the next `new`: off, or its cards (2.14)
    hirelings: str = "none"                # the hirelings of the next `new`: none, or three sides (2.21)

    def lines(self) -> list[str]:
        budget = ("heuristic" if self.budget_sims is None and self.budget_ms is None
                  else f"{self.budget_ms}ms" if self.budget_ms is not None else str(self.budget_sims))
        return [f"level {self.level}", f"budget {budget}", f"threads {self.threads}",
                f"seed {self.seed}", f"chance {self.chance}", f"max_nodes {self.max_nodes}",
                f"tree_seats {self.tree_seats}", f"map {self.map}", f"suits {self.suits}",
                f"deck {self.deck}", f"setup {self.setup}", f"draft {self.draft}", f"character {self.character}",
                f"hirelings {self.hirelings}",
                f"growth_caps {growth_caps.text(self.growth_caps)}",
                f"bot_variant {self.bot.variant_name}", f"difficulty {self.bot.difficulty}",
                f"traits {traits_text(self.bot.traits)}"]


class Session:
    """The engine's state between commands. handle(raw) answers one line; the `go` worker writes
    its own reply later. Every rejected command leaves the game as it was."""

    def __init__(self, out: Writer, seed: int | None = None):
        self.out = out
        self.lock = threading.Lock()
        self.job = None
        self.quitting = False
        self.options = Options()
        if seed is None:
            seed = int(np.random.SeedSequence().entropy % 2**63)
        self.reseed(seed)
        self.searches = 0
        self.game = Game(first="marquise")
        self.settle()

    # ---- helpers used by the commands ----
    def reseed(self, seed: int) -> None:
        self.options.seed = seed
        self.rng = np.random.default_rng(seed)

    @property
    def searching(self) -> bool:
        with self.lock:
            return self.job is not None

    def settle(self, game: Game | None = None) -> list[str]:
        """With the engine owning chance, resolve chance events until a seat decides or the game
        ends; the event lines (other seats' draws hidden)."""
        game = game or self.game
        events = []
        while self.options.chance == "internal" and game.is_chance_node():
            events.append(apply_with_event(game, game.sample_chance(self.rng), PUBLIC))
        return events

    def report(self, events: list[str]) -> str:
        return "\n".join(events + [status_line(self.game)])

    def replace_game(self, game: Game) -> str:
        """Make game the session's game (already validated), settle chance, report."""
        self.game = game
        return self.report(self.settle())

    def stop_search(self) -> None:
        with self.lock:
            job = self.job
        if job is not None:
            job.stop()
            job.join()

    # ---- the loop ----
    def handle(self, raw: bytes, too_long: bool = False) -> None:
        cid = id_of_raw(raw)
        try:
            if too_long:
                raise ProtocolError("input", "the line is longer than 65536 bytes")
            cmd = parse_line(raw)
            if cmd is None:
                return
            cid = cmd.id
            result = dispatch(self, cmd)
        except ProtocolError as e:
            self.out.reply(False, cid, str(e))
            return
        except WyrmError as e:                  # a rule or notation error not mapped by a command
            self.out.reply(False, cid, f"illegal: {e}")
            return
        except Exception as e:                  # a bug: answer, keep running
            self.out.reply(False, cid, f"internal: {e.__class__.__name__}: {e}")
            return
        if result is not None:                  # None: the reply comes later (go)
            self.out.reply(True, cid, result)


def serve(stdin, stdout, seed: int | None = None) -> int:
    """Run the protocol on binary streams until `quit` or end of input; returns the exit code."""
    out = Writer(stdout)
    session = Session(out, seed)
    reader = LineReader(stdin)
    try:
        while not session.quitting and not out.closed:
            item = reader.next()
            if item is None:
                break
            session.handle(*item)
    except KeyboardInterrupt:
        pass
    finally:
        session.stop_search()
    return 0
