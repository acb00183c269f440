"""The web board's words: the same as the terminal's and the protocol's (wyrm_ai/model/action_words.py:
actions, steps, turn headers, card texts), so a player reads one language in every front end."""
from __future__ import annotations

from functools import cache

from wyrm_ai import _core
from wyrm_ai.model.cards import CARDS, ITEM_NAMES
from wyrm_ai.model import setups
from wyrm_ai.model.factions import TITLES, UNDRAFTED
from wyrm_ai.model.action_words import card_effect, cost_words, explain, step_words, turn_title

__all__ = ["explain", "step_words", "turn_title", "card_catalog", "entry_words", "table_words",
           "board_extras"]

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


def entry_words(events: list[dict], titles: dict) -> None:
    """Heads each `events` entry's words (the protocol's: action_words, as the view may know the
    action) with who took it: 'Wyrm: the Wyrm and 2 wyrmlings move from clearing 3 to clearing 7'."""
    for e in events:
        if e["by"] in titles:
            e["words"] = f"{titles[e['by']]}: {e['words']}"


def table_words(game, state: dict) -> dict:
    """The turn and the step in words (the terminal's status line): {turn: 'Round 2 - Wyrm' or
    'Setup', step: 'Daylight: Terrorize', titles: {faction: title}}."""
    table = game.faction_ids
    turn = state["factions"].index(state["turn"])
    return {"turn": turn_title(state["turn_number"], turn, table),
            "step": step_words(state["step"]),
            "titles": {name: _title(s, f) for s, (name, f) in enumerate(zip(state["factions"], table))}}


def _title(seat: int, f: int) -> str:
    """A seat's title: its faction's, or `Player 2` while a player of the draft has none."""
    return f"Player {seat + 1}" if f == UNDRAFTED else TITLES[f]


def board_extras(game, view: str) -> dict:
    """What the board draws that the protocol's state JSON leaves out, read from the view's
    observation (redaction.observe, as the terminal's board reads it): the Wyrm's tracks as the
    terminal shows them (its limits this turn from the core's public facts: Bite = battles a turn,
    Height = moves a turn, Might = wyrmlings per Intimidate; the Growth markers on the track) and
    the faction draft in words (the text board's lines: setups.draft_words, [] without one)."""
    d = game.observation(view)
    out = {"wyrm": None, "draft": setups.draft_words(d)}
    if "wyrm" in game.factions:
        lim = d["wyrm_limits"]
        out["wyrm"] = {"bite": lim["battles"], "height": lim["moves"], "might": lim["might"],
                       "growth_on_track": d["growth_on_track"], "growth_markers": GROWTH,
                       "placed": d["pawn"] >= 0}
    return out
