"""The web board's words: the same as the terminal's (wyrm_ai/terminal/words.py: actions, steps,
turn headers, card texts), so a player reads one language in both front ends.

A small adapter: wyrm_ai.web imports these from wyrm_ai.terminal (a layering wart, noted in
docs/web.md: both front ends sit above the words, which belong below them in wyrm_ai/). When the
words move down, only the imports here change."""
from __future__ import annotations

from functools import cache

from wyrm_ai import _core
from wyrm_ai.cards import CARDS, ITEM_NAMES
from wyrm_ai.factions import TITLES
from wyrm_ai.redaction import record_seen
from wyrm_ai.terminal.board import ruin_stands
from wyrm_ai.terminal.words import card_effect, cost_words, explain, step_words, turn_title

__all__ = ["explain", "step_words", "turn_title", "card_catalog", "StepTrail", "entry_words",
           "table_words", "board_extras"]

GROWTH = _core.WYRM_TABLE["growth_markers"]          # Growth markers the Wyrm has (on the track and off)


@cache
def card_catalog() -> dict:
    """Every card by its token: its name, suit, kind, crafting cost and what it does, in the
    terminal's words (`card NAME`), for the page to show a card by name with its text."""
    out = {}
    for c in CARDS:
        craft = c.kind in ("item", "persistent", "favor")
        out[c.token] = {"name": c.name, "suit": c.suit, "kind": c.kind, "count": c.count,
                        "cost": cost_words(c.id) if craft else None,
                        "item": ITEM_NAMES[c.item] if c.kind == "item" else None,
                        "vp": c.vp if c.kind == "item" else None,
                        "text": card_effect(c.id)}
    return out


class StepTrail:
    """The step (the decision) each record entry answered, for the words of a past action
    (explain needs it: a `remove` while paying wood is a payment). Kept by replaying the record
    on a shadow game from the game's start, one entry at a time as the record grows; an undo (a
    record that no longer extends the shadow's) replays it again."""

    def __init__(self):
        self.shadow = None
        self.steps: list[str] = []

    def of(self, game) -> list[str]:
        record = game.record
        n = len(self.steps)
        if self.shadow is None or n > len(record) or self.shadow.record != record[:n]:
            self.shadow, self.steps = game.start(), []
        while len(self.steps) < len(record):
            self.steps.append(self.shadow.step)
            self.shadow.apply(record[len(self.steps) - 1])
        return self.steps


def entry_words(game, view: str, trail: StepTrail, indices) -> dict[int, str]:
    """The words of record entries (1-based indices, as `events` numbers them) as view sees them
    (redaction.record_seen: a card the view may not know stays unnamed), headed by who took
    each: 'Wyrm: the Wyrm and 2 wyrmlings move from clearing 3 to clearing 7'."""
    indices = list(indices)
    if not indices:
        return {}
    seen, steps = record_seen(game, view), trail.of(game)
    table = game.faction_ids
    out = {}
    for i in indices:
        e = seen[i - 1]
        words = explain(e.action, e.seat, steps[i - 1], table)
        out[i] = f"{TITLES[table[e.seat]]}: {words}" if e.seat >= 0 else words
    return out


def table_words(game, state: dict) -> dict:
    """The turn and the step in words (the terminal's status line): {turn: 'Round 2 - Wyrm' or
    'Setup', step: 'Daylight: Terrorize', titles: {faction: title}}."""
    table = game.faction_ids
    turn = state["factions"].index(state["turn"])
    return {"turn": turn_title(state["turn_number"], turn, table),
            "step": step_words(state["step"]),
            "titles": {name: TITLES[f] for name, f in zip(state["factions"], table)}}


def board_extras(game, view: str) -> dict:
    """What the board draws that the protocol's state JSON leaves out, read from the view's
    observation (redaction.observe, as the terminal's board reads it): the ruins standing on the
    map at every table (the core's map has them; the Vagabond's exploring removes them, LoR
    9.5.3), and the Wyrm's tracks as the terminal shows them (its limits this turn from the core's
    public facts: Bite = battles a turn, Height = moves a turn, Might = wyrmlings per Intimidate;
    the Growth markers on the track)."""
    d = game.observation(view)
    ruins = [c + 1 for c in range(_core.NUM_CLEARINGS) if ruin_stands(d, c)]
    out = {"ruins": ruins, "wyrm": None}
    if "wyrm" in game.factions:
        lim = d["wyrm_limits"]
        out["wyrm"] = {"bite": lim["battles"], "height": lim["moves"], "might": lim["might"],
                       "growth_on_track": d["growth_on_track"], "growth_markers": GROWTH,
                       "placed": d["pawn"] >= 0}
    return out
