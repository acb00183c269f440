"""`wyrm match --draft`: a match of the Advanced Setup's faction draft (LoR 16.1.8).

A seat of a draft has no faction until its player picks (16.1.8.2), and the two games of a pair
may draft different factions, so the specs go by seat number (from 1, "2"), not by faction: the
seat the candidate and the baseline take in turn, and the other seats' drivers. As in the
arena's draft (arena.run_arena) the seats keep their drivers and the first player rotates: pair
i's first player is seat i modulo the seats. The report gives each faction's wins as drafted.
These are match.py's draft parts: its seats checked, its run data and its report."""
from __future__ import annotations

from wyrm_ai.ai import player_spec
from wyrm_ai.ai.players import BOT_DRIVER
from wyrm_ai.lab.arena import draft_factions
from wyrm_ai.model import factions as _factions, setups as _setups
from wyrm_ai.model.errors import ConfigError


def is_seat_number(seat) -> bool:
    """A seat named by its number from 1 ("2"), as a draft's seats are; not a faction."""
    return isinstance(seat, str) and seat.strip().isdigit()


def seat_index(factions: tuple, seat: str) -> int:
    """The index of a game's seat: a seat number from 1 ("2", a draft's) or a faction seated."""
    return int(seat) - 1 if is_seat_number(seat) else factions.index(seat)


def seat_name(seat: str) -> str:
    """'seat 2' for a seat number, the faction's name for a faction."""
    return f"seat {seat}" if is_seat_number(seat) else seat


def seat_keys(table: tuple, draft) -> tuple[str, ...]:
    """How a match names the seats of its table: by number in a draft ("1", "2", ...), else by faction."""
    return tuple(str(s + 1) for s in range(len(table))) if draft is not None else tuple(table)


def draft_seats(seat, factions, drivers, draft, players, setup: str):
    """A draft match's checked seats (LoR 16.1.8): (seat, table, others, cards) -- the seat the
    specs take in turn (a number from 1), the table ("draft" a player, a bot seated by name), the
    other seats' drivers by seat number (heuristic unless named; a bot's BOT_DRIVER) and the
    draft's cards (names). A ConfigError names what is wrong: players without a draft, a draft
    without the Advanced Setup, a faction named at the table, for the seat or for a driver."""
    if draft is None:
        raise ConfigError("players counts the players of a faction draft: give the draft too (--draft)")
    if setup != _setups.SETUP_NAMES[1]:
        raise ConfigError("the faction draft is part of the Advanced Setup (LoR 16.1.8): set up advanced "
                          "(--setup advanced)")
    cards = _factions.names(_factions.draft_cards(draft))
    if factions is None:
        table = (_factions.DRAFT_SEAT,) * (players or len(cards) - 1)
    else:
        table = tuple(_factions.DRAFT_SEAT if f == _factions.UNDRAFTED else n for f, n in
                      zip(_factions.table_of(factions), _factions.names(_factions.table_of(factions))))
        named = [n for n in table if n != _factions.DRAFT_SEAT and not _factions.is_bot(n)]
        if named:
            raise ConfigError(f"in a draft the players choose their factions: seat them as 'draft' "
                              f"(a bot may sit named), not the {named[0]}")
        if players is not None and players != table.count(_factions.DRAFT_SEAT):
            raise ConfigError(f"the table seats {table.count(_factions.DRAFT_SEAT)} players of the draft, "
                              f"not {players}")
    open_seats = [str(s + 1) for s, n in enumerate(table) if not _factions.is_bot(n)]
    where = f"a player's seat number: {', '.join(open_seats)}"
    seat = str(seat).strip()
    if seat not in open_seats:
        what = "a seat has no faction until its player picks" if not seat.isdigit() else "no player's seat"
        raise ConfigError(f"in a draft the specs go by seat number (LoR 16.1.8), not {seat!r} ({what}): "
                          f"the seat is {where}")
    drivers = dict(drivers or {})
    wrong = sorted(set(drivers) - set(open_seats))
    if wrong:
        raise ConfigError(f"in a draft the drivers go by seat number (LoR 16.1.8), not {wrong[0]!r}: "
                          f"a driver's key is {where}")
    if seat in drivers:
        raise ConfigError(f"a driver for seat {seat}, the seat the two specs take in turn")
    others = {str(s + 1): BOT_DRIVER if _factions.is_bot(n) else
              player_spec.canonical(drivers.get(str(s + 1), "heuristic"))
              for s, n in enumerate(table) if str(s + 1) != seat}
    return seat, table, others, cards


def draft_run(table: tuple, cards) -> dict:
    """The draft in a match's `run` (what --resume checks): its cards and players; nothing
    without a draft, so the files of earlier runs still resume."""
    if cards is None:
        return {}
    return {"draft": list(cards), "players": table.count(_factions.DRAFT_SEAT)}


def resumed_draft(earlier_run: dict, run: dict) -> None:
    """A ConfigError when an earlier match (its `run`) drafted otherwise than this one: --resume
    goes on only with the same draft and players."""
    for key in ("draft", "players"):
        theirs, mine = earlier_run.get(key), run.get(key)
        if theirs != mine:
            raise ConfigError(f"the earlier match has {key} {_value(theirs)}, this one {_value(mine)}: "
                              f"--resume goes on with the same --draft and --players")


def _value(v) -> str:
    return "none" if v is None else ",".join(v) if isinstance(v, list) else repr(v)


def drafted(games: list, table: tuple, cards, seat: str, roles) -> dict:
    """Each faction of a draft match as drafted (LoR 16.1.8.2), from games as (role, GameResult):
    in how many games it was chosen, its wins there, and how often each role's seat chose it."""
    out = {}
    for name in draft_factions(table, cards):
        chosen = [(role, g) for role, g in games if name in g.factions]
        row = {"drafted": len(chosen), "wins": sum(1 for _, g in chosen if g.won(name))}
        for role in roles:
            row[role] = sum(1 for r, g in chosen if r == role and g.factions[seat_index(g.factions, seat)] == name)
        out[name] = row
    return out


def drafted_rows(summary: dict, roles) -> list[str]:
    """The report's rows of a draft match: the draft, then each faction's wins as drafted."""
    seat, rows = summary["seat"], summary["drafted"]
    out = [f"  drafted from {', '.join(summary['draft'])} by {summary['players']} players (LoR 16.1.8), "
           f"the first player rotating"]
    width = max(9, *map(len, rows))
    for name, r in rows.items():
        took = ", ".join(f"{role} {r[role]}" for role in roles)
        out.append(f"    {name:<{width}} drafted {r['drafted']:>4}  wins {r['wins']:>4}  by seat {seat}: {took}")
    return out
