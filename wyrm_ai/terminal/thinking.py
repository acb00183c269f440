"""Thinking on screen: a search with a live progress line (simulations so far, elapsed, the best
action so far and the seat's calibrated win chance), and Ctrl-C that stops the search and keeps
the best action found so far."""
from __future__ import annotations

import signal
import threading
import time
from dataclasses import dataclass

from wyrm_ai.ai import calibration
from wyrm_ai.ai.planner import Budget, SearchReport, search
from wyrm_ai.model.redaction import knowledge_of, shown_text


@dataclass
class Thought:
    report: SearchReport
    interrupted: bool = False


class _Interrupt:
    """While active, Ctrl-C (SIGINT) sets a flag instead of raising; the search polls it."""

    def __init__(self):
        self.flag = False
        self._old = None

    def __enter__(self):
        if threading.current_thread() is threading.main_thread():
            try:
                self._old = signal.signal(signal.SIGINT, self._handle)
            except (ValueError, OSError):
                self._old = None
        return self

    def _handle(self, signum, frame):
        self.flag = True

    def __exit__(self, *exc):
        if self._old is not None:
            signal.signal(signal.SIGINT, self._old)
        return False


def think(game, budget: Budget, seed: int, *, turn_spent: float = 0.0, show=None,
          fallback=None, viewer: int | None = None, options: dict | None = None,
          reveal: bool = False) -> Thought:
    """Search the position for the seat to move. show(text) receives progress lines (about ten a
    second) for viewer (default: the seat to move): its best action so far redacted for viewer
    and the calibrated win chance of the seat to move (its value, labelled uncalibrated, at a
    table the calibration was not fitted for);
    Ctrl-C, a KeyboardInterrupt raised inside the search (e.g. by show) or the flag of the SIGINT
    handler all end it with the best action so far (fallback(game) if none yet). The returned
    report is not redacted: show it through redaction.report_view. options go to planner.search
    (the level's search options, e.g. tree_turns). Another seat's search (viewer not the seat to
    move) shows only that it thinks, how long and how far, never its best action or value, which
    come from its hand (issue 29 item 6), unless reveal (--reveal-ai)."""
    last = {"best": None, "sims": 0, "seconds": 0.0, "value": 0.0, "shown": -1.0}
    seat = game.current_player
    round_ = game.round
    whose = "your" if viewer in (None, seat) else f"{game.title(seat)}'s"
    know = knowledge_of(game, seat if viewer is None else viewer)
    calibrated = calibration.calibrated(game.faction_ids, seat)

    def standing(value) -> str:
        if not calibrated:
            return f"{whose} value {value:.2f} (uncalibrated)"
        chance = calibration.win_chance(value, seat, round_, game.faction_ids)
        return f"{whose} win chance {calibration.percent(chance)}"

    own = viewer in (None, seat) or reveal

    def progress(sims, seconds, best, value):
        last.update(best=best, sims=sims, seconds=seconds, value=value)
        if show is not None and seconds - last["shown"] >= 0.1:
            last["shown"] = seconds
            if own:
                show(f"thinking: {sims:,} sims, {seconds:.1f} s, best so far "
                     f"{shown_text(best, seat, know)}, {standing(value)} (Ctrl-C plays it)")
            else:
                show(f"the {game.title(seat)} is thinking: {sims:,} sims, {seconds:.1f} s "
                     "(Ctrl-C plays its best action so far)")

    start = time.perf_counter()
    with _Interrupt() as intr:
        try:
            report = search(game, budget, seed=seed, turn_spent=turn_spent, progress=progress,
                            stop=lambda: intr.flag, **(options or {}))
            return Thought(report, intr.flag)
        except KeyboardInterrupt:
            pass
    best = last["best"]
    if best is None:
        best = fallback(game) if fallback is not None else game.legal_actions()[0]
    report = SearchReport(seat, best, [(best, game.describe(best, seat), last["sims"], last["value"])],
                          simulations=last["sims"], seconds=time.perf_counter() - start, round=round_,
                          factions=game.faction_ids)
    return Thought(report, True)
