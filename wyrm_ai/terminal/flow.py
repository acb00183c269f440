"""The flow around the person's decisions in `wyrm play`: which record entries were real
decisions (forced ones played for them are not), the default wood payment for a build, and the
answer to `card NAME`. Nothing here changes a game."""
from __future__ import annotations

import textwrap

from wyrm_ai.model.actions import decode
from wyrm_ai.model.errors import ConfigError, WyrmError
from wyrm_ai.model.factions import TWO_SEATS, faction_id
from wyrm_ai.model.game import Game
from wyrm_ai.model.textboard.words import card_about, cards_named, names_starting

FORCED_NOTE = "  (played for you: the only choice)"


def decisions(game: Game, seat: int, auto: bool) -> list[int]:
    """Record positions where `seat` decided; with auto on, the forced ones (a single legal
    action, played for the person) are not decisions."""
    seats = game.record_seats
    every = [i for i, s in enumerate(seats) if s == seat]
    if not auto:
        return every
    replay, mine = game.start(), []
    try:
        for i, (a, s) in enumerate(zip(game.record, seats)):
            if s == seat and len(replay.legal_actions()) > 1:
                mine.append(i)
            replay.apply(a)
    except WyrmError:           # a game arranged without a replayable record: every decision
        return every
    return mine


def default_payment(game: Game, seat: int, choose) -> list[int]:
    """The wood `choose(game)` (the easy AI) would pay for the build being paid, one action a
    wood; [] when the game is not waiting for seat to pay."""
    g, pay = game.clone(), []
    while g.step == "marquise_pay_wood" and g.current_player == seat:
        a = choose(g)
        pay.append(a)
        g.apply(a)
    return pay


def payment_words(pay: list[int]) -> str:
    """'2 wood from clearing 5, 1 wood from clearing 2'."""
    where: dict[int, int] = {}
    for a in pay:
        clearing = decode(a)[1][1] + 1
        where[clearing] = where.get(clearing, 0) + 1
    return ", ".join(f"{n} wood from clearing {c}" for c, n in where.items())


def is_faction(name: str) -> bool:
    try:
        faction_id(name)
    except ConfigError:
        return False
    return True


def card_answer(name: str, factions: tuple[int, ...] = TWO_SEATS) -> tuple[bool, str]:
    """(found, text) for `card NAME` at a table seating factions: the cards' explanations
    wrapped to 78 columns, or why none."""
    found = cards_named(name)
    if not found and is_faction(name):             # issue 28: `card wyrm` -> its rules
        return False, f"no card {name[:40]!r}: a faction's rules are `rules {name.strip().lower()}`"
    if not found:
        close = names_starting(name)
        if close:
            return False, f"which card: {', '.join(close)}?"
        return False, (f"no card {name[:40]!r}: type its name (card armorers) or its token "
                       "(card B#armorers)")
    return True, "\n".join(textwrap.fill(card_about(t, factions), 78, subsequent_indent="  ") for t in found)
