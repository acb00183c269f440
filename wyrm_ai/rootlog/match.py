"""What a Rootlog clause means, as atoms that compare: Rootlog's defaults applied (an omitted
faction is the player on turn, an omitted count 1, a card's omitted start the draw pile...), a
Move split into one atom per thing and destination (so `(2w+b_s)5->` and `2w5->/b_s5->` mean
the same), abbreviations expanded. Replay (replay.py) and the writer's check (writer.py) match
the clauses an engine action writes against a record's clauses through these atoms only.

A record atom `covers` an action's atom when it says the same or less: `#->C` (a card not named)
covers `F#anvil->C`. A battle's ambushes and roll are kept beside its atom (`Battle.extra`):
the engine takes them as later entries (`writer.Amend`)."""
from __future__ import annotations

from dataclasses import replace
from functools import lru_cache
from typing import NamedTuple

from wyrm_ai.rootlog.clauses import read_clause
from wyrm_ai.rootlog.tree import (Battle, Board, Card, Craft, Decision, Item, Move, Piece, Relationship,
                                  Score, Unknown)


class Atom(NamedTuple):
    key: tuple              # what it means
    extra: tuple = ()       # a battle's (ambushes, rolls) as written


def _board(loc, turn):
    if isinstance(loc, Board) and loc.faction is None:
        return Board(turn, loc.slot)
    return loc


def _thing(t, turn):
    """A thing's meaning, one of it: a count of n is n atoms (`2#->C` is two draws)."""
    if isinstance(t, Piece) and t.kind == "f":
        # the Lake's Ferry is no faction's and goes where the move goes: `(3w+f)11->1` and
        # `w1+f->11` (the spec's two forms) both mean it reached 11
        return ("piece", None, "f", 1, None)
    if isinstance(t, Piece):
        return ("piece", t.faction or turn, t.code, 1, _board(t.at, turn))
    if isinstance(t, Card):
        return ("card", t.suit, t.card, 1, _board(t.at, turn))
    if isinstance(t, Item):
        return ("item", t.kind, 1, _board(t.at if t.at is not None else Board(turn), turn))
    raise TypeError(t)


def atoms_of(clause, turn: str) -> tuple[Atom, ...]:
    """The atoms of one clause (a tree node) read on `turn`'s turn."""
    if isinstance(clause, Move):
        dests = tuple(_board(d, turn) for d in clause.dest) or (None,)
        return tuple(Atom(("move", _thing(t, turn), d)) for t in clause.things for d in dests
                     for _ in range(t.count or 1))
    if isinstance(clause, Battle):
        return (Atom(("battle", clause.attacker or turn, clause.defender, clause.clearing),
                     (clause.ambushes, clause.rolls)),)
    if isinstance(clause, Score):          # one atom a point: `++2` is two VP scored one by one
        step = 1 if clause.points > 0 else -1
        return tuple(Atom(("score", clause.faction or turn, step)) for _ in range(abs(clause.points)))
    if isinstance(clause, Craft):
        t = clause.thing
        return (Atom(("craft", "item", t.kind) if isinstance(t, Item) else ("craft", "card", t.suit, t.card)),)
    if isinstance(clause, Decision):
        return (Atom(("decision", clause.action.lower())),)
    if isinstance(clause, Relationship):
        return (Atom(("clause", replace(clause, vagabond=clause.vagabond or turn))),)
    if isinstance(clause, Unknown):
        raise clause.error
    return (Atom(("clause", _filled(clause, turn))),)


def _filled(clause, turn):
    f = getattr(clause, "faction", "-")
    return replace(clause, faction=turn) if f is None else clause


@lru_cache(maxsize=65536)
def text_atoms(text: str, turn: str) -> tuple[Atom, ...]:
    """The atoms of a clause as our writer writes it (cached: the writer's texts repeat)."""
    return atoms_of(read_clause(text, faction=turn), turn)


def covers(record: tuple, action: tuple) -> bool:
    """The record's atom key says what the action's does, or less (a card left unnamed)."""
    if record == action:
        return True
    if record[0] != "move" or action[0] != "move" or record[2] != action[2]:
        return False
    r, a = record[1], action[1]
    if r[0] != "card" or a[0] != "card" or r[3:] != a[3:]:
        return False
    return (r[1] is None or r[1] == a[1]) and (r[2] is None or r[2] == a[2])
