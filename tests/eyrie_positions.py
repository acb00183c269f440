"""Helpers that build Eyrie positions for rules tests: a game just after setup (`eyrie_started`),
the Eyrie at the start of their Daylight with a given Decree and board (`eyrie_day`), and the
small edits those need (warriors, roosts, cards into the Decree). Positions pass through
State.from_dict, so every edit keeps pieces and cards conserved."""
from __future__ import annotations

from wyrm_ai import _core
from wyrm_ai.model.game import Game

from positions import modify, take_card

COLUMNS = {name: i for i, name in enumerate(_core.DECREE_NAMES)}
LEADERS = _core.LEADER_NAMES
STEP = {name: i for i, name in enumerate(_core.STEP_NAMES)}


def eyrie_started(factions=("marquise", "eyrie", "wyrm"), first="eyrie", leader="commander",
                  corner=1, keep=1) -> Game:
    """A game after the deal and every faction's setup: the Keep in corner `keep`, the Eyrie in
    `corner` (their only choice without the Marquise), `leader` leading."""
    g = Game(first=first, factions=factions)
    while g.state.turn_number == 0:
        step = g.step
        if g.is_chance_node():
            g.apply(g.legal_actions()[0])
        elif step == "marquise_keep":
            g.apply(f"t_k->{keep}")
        elif step == "eyrie_setup":
            g.apply(f"b+w->{corner}")
        elif step == "eyrie_leader":
            g.apply(f"#{leader}->$")
        else:
            g.apply(g.legal_actions()[0])
    return g


def eseat(g: Game) -> int:
    return g.seat_of("eyrie")


def put(d: dict, *, birds=None, roosts=None, warriors=None, wyrmlings=None, pawn=None) -> None:
    """Set pieces on the map from {clearing number: count}, the supplies following; every other
    clearing of a given kind is emptied."""
    for field, supply, given in (("birds", "bird_supply", birds), ("roosts", "roost_supply", roosts),
                                 ("warriors", "warrior_supply", warriors),
                                 ("wyrmlings", "wyrmling_supply", wyrmlings)):
        if given is None:
            continue
        d[supply] += sum(d[field])
        d[field] = [given.get(c + 1, 0) for c in range(12)]
        d[supply] -= sum(d[field])
    if pawn is not None:
        d["pawn"] = pawn - 1


def to_decree(d: dict, column: str, *tokens: str) -> None:
    """Move cards from the deck (or the discard pile) into a Decree column."""
    for tok in tokens:
        d["decree"][COLUMNS[column]][take_card(d, tok)] += 1


def clear_decree(d: dict) -> None:
    for col in range(4):
        for t in range(len(d["decree"][col])):
            d["discard"][t] += d["decree"][col][t]
            d["decree"][col][t] = 0


def eyrie_day(g: Game, decree=(), leader=None, **pieces) -> Game:
    """The Eyrie at the start of their Daylight (crafting open, nothing resolved), with the
    Decree holding `decree` [(column, card token), ...] besides the Viziers and pieces set by put()."""
    def fn(d):
        d["step"] = STEP["eyrie_daylight"]
        d["turn"] = g.seat_of("eyrie")
        d["crafting_open"] = 1
        d["place_left"] = [0] * 12
        d["decree_done"] = [[0] * 4 for _ in range(4)]
        if leader is not None:
            d["leader"] = LEADERS.index(leader)
        clear_decree(d)
        for column, tok in decree:
            to_decree(d, column, tok)
        put(d, **pieces)
    return modify(g, fn)


def texts(g: Game) -> set[str]:
    """The legal actions of the seat to move, as text."""
    return {g.describe(a, g.current_player) for a in g.legal_actions()}
