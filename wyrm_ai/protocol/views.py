"""What the protocol shows of a game: the `state` JSON for one view, the event lines of replies
and `record` (record lines with the draws the view does not see hidden) and the status line.
Every view goes through wyrm_ai/redaction.py."""
from __future__ import annotations

from wyrm_ai import _core
from wyrm_ai.cards import CARDS, ITEM_NAMES
from wyrm_ai.game import DAYLIGHT_STEPS, Game
from wyrm_ai.notation import FACTION_NAMES, FORESTS, TRACKS
from wyrm_ai.events import fields
from wyrm_ai.narration import merged, sentence
from wyrm_ai.position import FEAR_SIDES
from wyrm_ai.redaction import REFEREE, apply_seen, events_seen, observe, record_seen, seen_text
from wyrm_ai.terminal.boardview import board_text

PROTOCOL_VERSION = "2.1"
VIEWS = ("marquise", "wyrm", "public", "referee")
NCL = _core.NUM_CLEARINGS


def who_moves(game: Game) -> str:
    p = game.current_player
    if p in (0, 1):
        return FACTION_NAMES[p]
    return "chance" if p == _core.CHANCE else "over"


def status_line(game: Game) -> str:
    """`to_move <marquise|wyrm|chance> <step>` or `game_over <winner|none> <marquise> <wyrm>`."""
    if game.is_terminal():
        w = game.winner
        m, y = game.scores
        return f"game_over {FACTION_NAMES[w] if w is not None else 'none'} {m} {y}"
    return f"to_move {who_moves(game)} {game.step}"


def _cards(counts) -> list[str]:
    return [CARDS[t].token for t, n in enumerate(counts) for _ in range(n)]


def _pair(values) -> dict:
    return {FACTION_NAMES[0]: values[0], FACTION_NAMES[1]: values[1]}


def _location(loc: int):
    if loc < 0:
        return None
    return loc + 1 if loc < NCL else FORESTS[loc - NCL]


# with game.DAYLIGHT_STEPS, the steps where turn_actions is set: the battles a faction fights
BATTLE_STEPS = {"battle_ambush", "battle_foil", "battle_roll", "battle_hits", "battle_lair",
                "battle_forest", "battle_effects", "field_hospitals", "command_warren"}


def turn_actions(game: Game, d: dict) -> dict:
    """What the faction on turn has left or has used in its Daylight (null for the other faction,
    and outside Daylight): the Marquise's actions, the Wyrm's moves and battles against the
    limits the core gives (W-HEIGHT-1, W-BITE-1) and its once-a-turn actions."""
    turn = d["turn"]
    out = {"marquise": None, "wyrm": None}
    if game.step not in DAYLIGHT_STEPS[turn] | BATTLE_STEPS or game.is_terminal():
        return out
    if turn == 0:
        out["marquise"] = {"actions_left": d["actions_left"], "crafting_open": bool(d["crafting_open"]),
                           "recruited": bool(d["recruited"])}
    else:
        moves, battles = d["wyrm_limits"]["moves"], d["wyrm_limits"]["battles"]
        out["wyrm"] = {"moves_used": d["moves_used"], "moves_allowed": moves,
                       "battles_used": d["battles_used"], "battles_allowed": battles,
                       "crafting_open": bool(d["crafting_open"]),
                       "fear_used": bool(d["used_fear"]), "terrorize_used": bool(d["used_terror"]),
                       "eat_used": bool(d["used_eat"]), "hoard_used": bool(d["used_hoard"])}
    return out


def state_view(game: Game, view: str) -> dict:
    """The `state` JSON (schema in docs/protocol.md), built from the view's observation
    (redaction.observe): a seat's view holds its own hand, the other's hand size only, no deck
    contents; `public` shows no hand; `referee` shows all."""
    if view not in VIEWS:
        raise ValueError(view)
    d = observe(game.state, view)
    sees = [d["hand"][s] is not None for s in (0, 1)]
    b = d["buildings"]
    clearings = [{
        "clearing": i + 1,
        "warriors": d["warriors"][i], "sawmills": b[0][i], "workshops": b[1][i],
        "recruiters": b[2][i], "wood": d["wood"][i], "keep": d["keep"] == i,
        "wyrmlings": d["wyrmlings"][i], "pawn": d["pawn"] == i, "fear": int(d["fear"][i] > 0),
        "fear_side": FEAR_SIDES[d["fear"][i]],
        "ruler": FACTION_NAMES[d["rulers"][i]] if d["rulers"][i] >= 0 else None,
    } for i in range(NCL)]
    bt = d["battle"]
    battle = None
    if bt["clearing"] >= 0 and game.step.startswith(("battle", "field_hospitals")):
        battle = {"clearing": bt["clearing"] + 1, "attacker": FACTION_NAMES[bt["attacker"]],
                  "defender": FACTION_NAMES[bt["defender"]],
                  "ambush": CARDS[bt["ambush"]].token if bt["ambush"] >= 0 else None}
    out = {
        "protocol": PROTOCOL_VERSION,
        "view": view,
        "first": FACTION_NAMES[d["first"]],
        "to_move": who_moves(game),
        "step": game.step,
        "turn": FACTION_NAMES[d["turn"]],
        "turn_number": d["turn_number"],
        "scores": _pair(list(game.scores)),
        "winner": FACTION_NAMES[game.winner] if game.winner is not None else None,
        "clearings": clearings,
        "keep": _location(d["keep"]),
        "pawn": _location(d["pawn"]),
        "battle": battle,
        "supply": {"warriors": d["warrior_supply"], "wood": d["wood_supply"],
                   "wyrmlings": d["wyrmling_supply"], "fear": d["fear_supply"],
                   "treasure": d["treasure_supply"],
                   "items": dict(zip(ITEM_NAMES, d["item_supply"]))},
        "items": _pair([dict(zip(ITEM_NAMES, d["items"][s])) for s in (0, 1)]),
        "growth": dict(zip(TRACKS, d["growth"])),
        "lair_cap": d["lair_cap"],
        "evening_draws": _pair(d["evening_draws"]),
        "hand_sizes": _pair(list(d["hand_size"])),
        "hands": _pair([_cards(d["hand"][s]) if sees[s] else None for s in (0, 1)]),
        "known": _pair([_cards(d["known"][s][1 - s]) if sees[s] else None for s in (0, 1)]),
        "play_areas": _pair([_cards(d["play_area"][s]) for s in (0, 1)]),
        "discard": _cards(d["discard"]),
        "deck_size": d["deck_size"],
        "record_length": len(game.record),
        "turn_actions": turn_actions(game, d),
    }
    p = game.current_player
    if p in (0, 1) and sees[p]:
        out["legal"] = game.legal_texts()
    if view == REFEREE:
        out["deck"] = _cards(d["deck"])
        out["core"] = d
    return out


def board_view(game: Game, view: str) -> str:
    """The `showboard` text: the terminal board for view, without colour; lines that would be
    empty (which would end the reply) hold one space."""
    return "\n".join(line or " " for line in board_text(game, view).split("\n"))


def apply_with_event(game: Game, action, view: str) -> str:
    """Apply an action (raises without change if illegal) and return its event line for view."""
    return seen_text(apply_seen(game, action, view))


def record_view(game: Game, view: str) -> list[str]:
    """The whole record as event lines for view (redaction.record_seen)."""
    if view == REFEREE:
        return game.record_lines()
    return [seen_text(e) for e in record_seen(game, view)]


def events_view(game: Game, view: str, n: int) -> list[dict]:
    """The `events` reply: the last n record entries as the view sees them, each with the
    engine's events (fields by name and in words; draws of other seats masked)."""
    lines = record_view(game, view)
    start = max(0, len(lines) - n)
    seats, told = game.record_seats, game.events
    return [{"index": i + 1, "by": FACTION_NAMES[seats[i]] if seats[i] >= 0 else "chance",
             "action": lines[i],
             "events": [dict(fields(e), text=sentence(e)) for e in merged(events_seen(told[i], view))]}
            for i in range(start, len(lines))]
