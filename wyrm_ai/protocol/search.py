"""`go`: a search in a worker thread that streams `info` lines and ends with the go command's
reply `=[id] bestmove <action>`; `stop` sets its flag, checked every 128 simulations. An info
line's `score` is the seat's calibrated win chance in per mille (wyrm_ai.ai.calibration; only at the
table it was fitted for), its `pv` the principal line redacted for the seat, one token: the
actions without spaces, joined by `;`."""
from __future__ import annotations

import threading
import time
from dataclasses import dataclass, field

from wyrm_ai import _core
from wyrm_ai.ai import calibration
from wyrm_ai.model.game import Game
from wyrm_ai.ai.planner import Budget, SearchReport, search
from wyrm_ai.model.redaction import knowledge_of, report_view, shown_text

INFO_EVERY = 0.1          # seconds between info lines while searching


@dataclass
class Limits:
    """What one `go` may spend: simulations and/or milliseconds; heuristic = no search at all."""
    sims: int | None = None
    movetime: int | None = None
    heuristic: bool = False
    max_nodes: int = _core.DEFAULT_MAX_NODES
    tree_seats: str = "observer"
    threads: int = 1
    options: dict = field(default_factory=dict)     # search options (the level's, at its table)

    def budget(self) -> Budget:
        seconds = None if self.movetime is None else self.movetime / 1000
        return Budget(sims=self.sims, seconds=seconds, min_sims=1, tree_seats=self.tree_seats,
                      threads=self.threads)


class SearchJob(threading.Thread):
    """One `go`. The session's lock guards session.job: the job clears it before writing its
    reply, so a command sent after the reply never finds the engine busy."""

    def __init__(self, session, cid, game: Game, limits: Limits, seed: int):
        super().__init__(name="wyrm-go", daemon=True)
        self.session, self.cid, self.game, self.limits, self.seed = session, cid, game, limits, seed
        self.stop_event = threading.Event()
        self.start_time = time.perf_counter()
        self._last_info = self.start_time
        self.seat = game.current_player       # the seat go serves: its texts are redacted for it
        self.know = knowledge_of(game, self.seat)
        self.round = game.round
        self.calibrated = calibration.calibrated(game.faction_ids, self.seat)
        self._tree = None              # (nodes, at_cap) of the search tree so far
        self._line: list = []          # its principal line (actions) ...
        self._line_seats: list = []    # ... and whose decision each is

    def stop(self) -> None:
        self.stop_event.set()

    def _info(self, sims, seconds, best, value) -> None:
        parts = [f"sims {sims}", f"elapsed {int(seconds * 1000)}"]
        if sims:
            parts.append(f"nps {int(sims / seconds) if seconds > 0 else 0}")
        if value is not None:
            parts.append(f"value {value:.4f}")
            if self.calibrated:
                chance = calibration.win_chance(value, self.seat, self.round, self.game.faction_ids)
                parts.append(f"score {round(1000 * chance)}")
        if self._tree is not None:
            parts.append(f"nodes {self._tree[0]}" + (" tree full" if self._tree[1] else ""))
        if self._line:
            parts.append("pv " + self._pv())
        parts.append("best " + shown_text(best, self.seat, self.know))
        self.session.out.info(" ".join(parts))

    def _pv(self) -> str:
        """The principal line as the seat may see it (report_view), as one token."""
        seen = report_view(SearchReport(self.seat, self._line[0], line_actions=self._line,
                                        line_seats=self._line_seats), self.know)
        return ";".join("".join(text.split()) for text in seen.line)

    def _tree_progress(self, nodes, at_cap, path) -> None:
        self._tree = (nodes, at_cap)
        self._line, self._line_seats = [a for a, _ in path], [s for _, s in path]

    def _progress(self, sims, seconds, best, value) -> None:
        now = time.perf_counter()
        if now - self._last_info >= INFO_EVERY:
            self._last_info = now
            self._info(sims, seconds, best, value)

    def run(self) -> None:
        ok, text = True, ""
        try:
            if self.limits.heuristic:
                best = _core.heuristic_choice(self.game.state, self.seed, 0, 4)
                self._info(0, time.perf_counter() - self.start_time, best, None)
            else:
                report = search(self.game, self.limits.budget(), seed=self.seed,
                                progress=self._progress, tree_progress=self._tree_progress,
                                stop=self.stop_event.is_set, max_nodes=self.limits.max_nodes,
                                **self.limits.options)
                best = report.best
                value = (next((m for a, _, _, m in report.top if a == best), None)
                         if report.simulations else None)      # a forced action: not searched
                self._info(report.simulations, report.seconds, best, value)
            text = "bestmove " + shown_text(best, self.seat, self.know)
        except Exception as e:                     # never let the worker die silently
            ok, text = False, f"internal: search failed: {e.__class__.__name__}: {e}"
        with self.session.lock:
            if self.session.job is self:
                self.session.job = None
            self.session.out.reply(ok, self.cid, text)
