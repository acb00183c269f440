"""Arena: seeded games between a driver per faction (a player spec), in parallel processes or on
Ray (wyrm_ai/lab/executor.py), with win rates and 95% confidence intervals per faction. Game i uses
derive_seed(seed, i) for its dice and draws and for its players, and the seating i modulo the
number of seatings: every cyclic rotation of the turn order (so each faction takes each place in
it equally often in a whole number of cycles), or every permutation when asked. The two-seat
default (Marquise, Wyrm) alternates who goes first, as it always has. Runs are reproducible."""
from __future__ import annotations

import itertools
import json
import math
import time
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from wyrm_ai.model import (cards as _cards, characters as _characters, growth_caps as _growth_caps,
                           hirelings as _hirelings, maps as _maps, setups as _setups)
from wyrm_ai.model.bot_options import BotOptions
from wyrm_ai.model.errors import ConfigError
from wyrm_ai.lab.executor import executor
from wyrm_ai.model.files import write_atomic
from wyrm_ai.model.game import Game
from wyrm_ai.model import factions as _factions
from wyrm_ai.ai import player_spec
from wyrm_ai.ai.players import BOT_DRIVER, make_player, play
from wyrm_ai.model.seeds import derive_seed

# the seats of an arena game: run_arena's marquise and wyrm drivers, in seat order
from wyrm_ai.model.seeds import derive_seed
SEATS = _factions.names(_factions.TWO_SEATS)


@dataclass
class GameResult:
    index: int
    first: int
    winner: int | None
    scores: tuple
    actions: int
    turns: int
    record: list = field(default_factory=list)
    factions: tuple = SEATS     # the faction name of each seat of this game
    winners: tuple | None = None    # every seat that won (a Vagabond shares his coalition partner's
                                    # win, LoR 9.2.8); None: just the winner
    rootlog: str | None = None      # the game as Rootlog (the referee's), when the run writes them
    map: str = "autumn"             # the map (docs/maps.md)
    suits: tuple | None = None      # each clearing's suit (0 fox, 1 rabbit, 2 mouse) on a map that prints none
    deck: str = "standard"          # the shared deck (cards.DECK_NAMES)
    setup: str = "standard"         # the setup (setups.SETUP_NAMES)
    character: str | None = None    # the Vagabond's character as a game option (None: his choice)
    hirelings: tuple | None = None  # the hirelings in play (their sides' names; None: none)

    @property
    def winner_faction(self) -> str | None:
        return None if self.winner is None else self.factions[self.winner]

    def won(self, faction: str) -> bool:
        """The faction won this game (alone, or in a coalition)."""
        return any(self.factions[seat] == faction for seat in self.winning_seats)

    def won_seat(self, seat: int) -> bool:
        """The seat (an index) won this game (alone, or in a coalition)."""
        return seat in self.winning_seats

    @property
    def winning_seats(self) -> tuple:
        """Every seat that won (its index)."""
        return self.winners if self.winners is not None else (() if self.winner is None else (self.winner,))

    def score_of(self, faction: str) -> int | None:
        """The faction's score; None where it did not play (a draft: not chosen)."""
        return self.scores[self.factions.index(faction)] if faction in self.factions else None


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval of a win rate."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def mean_interval(values, z: float = 1.96) -> tuple[float, float, float]:
    """(mean, low, high): the mean and its normal-approximation 95% interval (zero width for
    fewer than two values)."""
    n = len(values)
    if n == 0:
        return (0.0, 0.0, 0.0)
    m = float(np.mean(values))
    half = z * float(np.std(values, ddof=1)) / math.sqrt(n) if n > 1 else 0.0
    return (m, m - half, m + half)


def seatings(table: tuple[str, ...], every: bool = False) -> list[tuple[tuple[str, ...], int]]:
    """The (seat table, first seat) of each seating an arena cycles through: every cyclic rotation
    of the turn order of `table` (the table as given, each seat first in turn), or with every=True
    every permutation of the turn order, each seated round the table from table[0]'s faction."""
    orders = (itertools.permutations(table) if every else
              (table[r:] + table[:r] for r in range(len(table))))
    out = []
    for order in orders:
        k = order.index(table[0])
        out.append((tuple(order[k:] + order[:k]), (len(order) - k) % len(order)))
    return out


def budget_for(kind, sims, seconds, threads=1):
    """The run's budget for a driver spec (an mcts spec's own budget replaces it) and its search
    threads (a spec's own threads=... replaces those)."""
    if player_spec.kind_of(kind) != "mcts":
        return {}
    return {"sims": sims if seconds is None else None, "seconds": seconds, "threads": threads}


def rootlog_name(index: int) -> str:
    """The Rootlog file of game `index` (0-based) of a run: game-0001.rootlog for the first."""
    return f"game-{index + 1:04d}.rootlog"


def game_suits(board: str, suits, game_seed: int):
    """The suits of a game on board (suits: None, a layout word, or twelve suits: maps.suits_for):
    a word's layout drawn from the game's own seed, so a game and its pair share it."""
    return _maps.suits_for(board, suits, np.random.default_rng(derive_seed(game_seed, 7, scale=11)))


def play_one(args) -> GameResult:
    """Game `index` of a run: args (index, seed, kinds, sims, seconds[, seatings[, bot[, threads[,
    caps[, rootlog[, map[, suits[, deck[, setup[, character]]]]]]]]]]), kinds the drivers of the
    factions of the first seating's table (default: the two-seat seatings; a bot's seat, driven by
    "bot", gets no player), bot the Mechanical Marquise's options, threads the mcts drivers' search
    threads (default 1), caps the Wyrm's Growth-track caps (default W-EVE-2's), rootlog: write the
    game as Rootlog, map the map (default autumn), suits its suits (a layout word, drawn from the
    game's seed: game_suits; or twelve suits), deck the shared deck and setup the setup (default
    standard both), character the Vagabond's (default None: his choice), draft the faction draft's
    cards (default None), hirelings the hirelings in play (names; default None: none)."""
    index, seed, kinds, sims, seconds, *rest = args
    order = rest[0] if rest else seatings(SEATS)
    bot = rest[1] if len(rest) > 1 else None
    threads = rest[2] if len(rest) > 2 else 1
    caps = rest[3] if len(rest) > 3 else None
    rootlog = rest[4] if len(rest) > 4 else False
    board = rest[5] if len(rest) > 5 else "autumn"
    suits = rest[6] if len(rest) > 6 else None
    deck = rest[7] if len(rest) > 7 else "standard"
    setup = rest[8] if len(rest) > 8 else "standard"
    character = rest[9] if len(rest) > 9 else None
    draft = rest[10] if len(rest) > 10 else None        # the faction draft's cards: drivers go by seat
    hirelings = rest[11] if len(rest) > 11 else None
    game_seed = derive_seed(seed, index)
    table, first = order[index % len(order)]
    if draft is None:
        drivers = dict(zip(order[0][0], kinds))
        kinds = [drivers[name] for name in table]
    players = {seat: make_player(kinds[seat], derive_seed(game_seed, seat + 1, scale=4),
                                 **budget_for(kinds[seat], sims, seconds, threads))
               for seat in range(len(table)) if kinds[seat] != BOT_DRIVER}
    game = play(Game(first=first, factions=table, bot=bot, growth_caps=caps, map=board,
                     suits=game_suits(board, suits, game_seed), deck=deck, setup=setup, character=character,
                     draft=draft, hirelings=hirelings), players,
                np.random.default_rng(game_seed))
    if rootlog:
        from wyrm_ai.rootlog.writer import write
        rootlog = write(game)
    return GameResult(index, first, game.winner, game.scores, len(game.record),
                      game.state.turn_number, game.record_lines(), tuple(game.factions), game.state.winners,
                      rootlog or None, game.map, None if _maps.data(game.map)["printed_suits"] else tuple(game.suits),
                      game.deck, game.setup, game.character, game.hirelings)


@dataclass
class ArenaResult:
    kinds: tuple                # the driver of each faction, in the order of `factions`
    games: list
    seconds: float
    factions: tuple = SEATS     # the factions, in the order given
    score_intervals: bool = False   # the report gives each mean score its 95% interval
    bot: BotOptions | None = None   # the Mechanical Marquise's options, where it sits
    growth_caps: tuple | None = None    # the Wyrm's Growth-track caps, where they are not W-EVE-2's
    map: str = "autumn"                 # the map every game is played on
    suits: object = None                # its suits as asked (a layout word, twelve suits, None: default)
    deck: str = "standard"              # the shared deck every game plays (cards.DECK_NAMES)
    setup: str = "standard"             # how every game is set up (setups.SETUP_NAMES)
    character: str | None = None        # the Vagabond's character in every game (None: his choice)
    draft: tuple | None = None          # the faction draft's cards (then factions are those, kinds "drafted")
    seat_kinds: tuple = ()              # with a draft: the driver of each seat
    hirelings: tuple | None = None      # the hirelings in every game (their sides' names; None: none)

    def summary(self) -> dict:
        n = len(self.games)
        out = {"games": n, "seconds": round(self.seconds, 1),
               "mean_turns": float(np.mean([g.turns for g in self.games])) if n else 0.0,
               "mean_actions": float(np.mean([g.actions for g in self.games])) if n else 0.0,
               "map": self.map, "deck": self.deck, "setup": self.setup, "character": self.character,
               "hirelings": list(self.hirelings) if self.hirelings else None}
        for i, name in enumerate(self.factions):
            wins = sum(1 for g in self.games if g.won(name))
            lo, hi = wilson(wins, n)
            played = [g.score_of(name) for g in self.games if g.score_of(name) is not None]
            mean, mlo, mhi = mean_interval(played) if played else (0.0, 0.0, 0.0)
            mlo = max(0.0, mlo)                 # a score is never negative
            out[name] = {"driver": self.kinds[i], "wins": wins, "rate": wins / n if n else 0.0,
                         "ci95": (lo, hi), "mean_score": mean, "score_ci95": (mlo, mhi)}
            if self.draft is not None:          # how often it was chosen (LoR 16.1.8.2)
                out[name]["drafted"] = len(played)
        if self.draft is not None:              # the drivers by seat: each seat's wins
            out["seats"] = [{"seat": s + 1, "driver": kind,
                             "wins": sum(1 for g in self.games if g.won_seat(s))}
                            for s, kind in enumerate(self.seat_kinds)]
        return out

    def format(self) -> str:
        s = self.summary()
        rows = [f"{s['games']} games in {s['seconds']}s; mean length {s['mean_turns']:.1f} turns, "
                f"{s['mean_actions']:.0f} actions"]
        if self.map != "autumn" or self.suits is not None:
            rows.append(f"  played on the {map_text(self.map, self.suits)}")
        rows += option_rows(self.deck, self.setup, self.character, self.hirelings)
        if self.bot is not None:
            rows.append(f"  the Mechanical Marquise plays {self.bot}")
        if self.growth_caps is not None:
            rows.append(f"  the Wyrm's Growth track prints the caps {_growth_caps.text(self.growth_caps)}")
        width = name_width(self.factions)
        if self.draft is not None:
            rows.append(f"  drafted from {', '.join(self.draft)} (LoR 16.1.8); each seat's driver: "
                        + ", ".join(f"{d['seat']} {d['driver']} wins {d['wins']}" for d in s["seats"]))
        for name in self.factions:
            d = s[name]
            score = (f" (95% CI {d['score_ci95'][0]:.1f}-{d['score_ci95'][1]:.1f})"
                     if self.score_intervals else "")
            rows.append(f"  {name:<{width}} {d['driver']:<10} wins {d['wins']:>4} ({100 * d['rate']:.1f}%, "
                        f"95% CI {100 * d['ci95'][0]:.1f}-{100 * d['ci95'][1]:.1f}%)  "
                        f"mean score {d['mean_score']:.1f}{score}"
                        + (f", drafted {d['drafted']}" if self.draft is not None else ""))
        return "\n".join(rows)


def map_text(board: str, suits=None, each: str = "each game its own") -> str:
    """'Lake map (suits: balanced, each game its own)': the map of a run and how its suits were set
    (each: what the run says of a layout drawn per game)."""
    name = _maps.NAMES[_maps.read_map(board)]
    if _maps.data(name)["printed_suits"] is not None and (suits is None or isinstance(suits, str)):
        return f"{name.capitalize()} map"
    if suits is None or isinstance(suits, str):
        how = suits or "random"
        per_game = f", {each}" if how in ("random", "balanced") else ""
        return f"{name.capitalize()} map (suits: {how}{per_game})"
    return f"{name.capitalize()} map (suits: {_maps.suits_text(suits)})"


def deck_text(deck: str) -> str:
    """'with the Exiles & Partisans deck': the shared deck of a run, in words."""
    return f"with the {_cards.DECK_TITLES[deck]} deck"


def setup_text(setup: str) -> str:
    """'with the Advanced Setup': how the games of a run are set up, in words."""
    return f"with the {_setups.SETUP_TITLES[setup]}"


def option_rows(deck: str, setup: str, character: str | None, hirelings=None) -> list[str]:
    """The rows of a run's report that name its deck, its setup, the Vagabond's character and the
    hirelings, where they are not the defaults."""
    rows = [f"  played {deck_text(deck)}"] if deck != "standard" else []
    if setup != "standard":
        rows.append(f"  set up {setup_text(setup)}")
    if character is not None:
        rows.append(f"  the Vagabond plays the {character.capitalize()}")
    if hirelings:
        rows.append(f"  with the hirelings {_hirelings.titles_text(hirelings)}")
    return rows


def changed_options(deck: str, setup: str, character: str | None, hirelings=None) -> dict:
    """A run's deck, setup, Vagabond's character and hirelings (their text, "bluebird-nobles,..."),
    by name where they are not the defaults: what arena's records and a match's run (which --resume
    checks) carry, nothing for a default, so the files of earlier runs still resume."""
    return {k: v for k, v in (("deck", deck), ("setup", setup), ("character", character),
                              ("hirelings", _hirelings.text(_hirelings.read(hirelings)) if hirelings else None))
            if v not in ("standard", None)}


def name_width(names) -> int:
    """The width of the faction column of the arena's tables (9, or the longest name)."""
    return max(9, *map(len, names))


def wins_text(results: list, faction: str) -> str:
    """'12 (40.0%, 95% CI 24.6-57.7%)': a faction's wins so far with the Wilson interval."""
    n = len(results)
    wins = sum(1 for r in results if r.won(faction))
    lo, hi = wilson(wins, n)
    return f"{wins} ({100 * wins / n if n else 0:.1f}%, 95% CI {100 * lo:.1f}-{100 * hi:.1f}%)"


def duration(seconds: float) -> str:
    """'42 s', '3 min 05 s', '2 h 07 min'."""
    s = int(round(seconds))
    if s < 60:
        return f"{s} s"
    if s < 3600:
        return f"{s // 60} min {s % 60:02d} s"
    return f"{s // 3600} h {s % 3600 // 60:02d} min"


class Progress:
    """The arena's progress, given each finished game (run_arena's progress callback).

    live (a terminal): a small table redrawn in place - games done, each faction's wins with the 95%
    interval, elapsed time and an estimate of the time left. Not live (a file or a pipe): plain
    lines, no carriage returns or escape codes, one after every `every` games and the last."""

    def __init__(self, write, kinds, games: int, *, live: bool, clock=time.monotonic, every=None,
                 factions: tuple = SEATS):
        self.write, self.kinds, self.games, self.live, self.clock = write, kinds, games, live, clock
        self.every = every or max(1, games // 20)
        self.start = clock()
        self.drawn = 0                      # table lines on the screen (live)
        self.factions = factions            # the factions, in the order of kinds

    def times(self, done: int) -> tuple[str, str]:
        elapsed = self.clock() - self.start
        left = elapsed / done * (self.games - done) if done else None
        return duration(elapsed), ("-" if left is None else "about " + duration(left))

    def table(self, results: list) -> list[str]:
        done = len(results)
        elapsed, left = self.times(done)
        rows = [f"games {done}/{self.games}   elapsed {elapsed}   left {left}"]
        width = name_width(self.factions)
        for i, name in enumerate(self.factions):
            rows.append(f"  {name:<{width}} {self.kinds[i]:<10} wins {wins_text(results, name)}")
        return rows

    def line(self, results: list) -> str:
        done = len(results)
        elapsed, left = self.times(done)
        seats = ", ".join(f"{name} {wins_text(results, name)}" for name in self.factions)
        return f"{done}/{self.games} games: {seats}; {elapsed} elapsed, {left} left"

    def __call__(self, results: list) -> None:
        done = len(results)
        if self.live:
            rows = self.table(results)
            up = f"\x1b[{self.drawn}F" if self.drawn else ""
            self.write(up + "".join(f"\x1b[2K{row}\n" for row in rows))
            self.drawn = len(rows)
        elif done % self.every == 0 or done == self.games:
            self.write(self.line(results) + "\n")


def draft_factions(table, draft) -> tuple[str, ...]:
    """The factions an arena of a draft reports: the draft's cards and the bots seated."""
    return tuple(draft) + tuple(name for name in table if _factions.is_bot(name))


def check_drivers(given, table) -> None:
    """ConfigError for a driver given to a faction that is not seated, or to a bot (its order
    card drives its turn, MM2 §2.2)."""
    unknown = sorted(set(given) - set(table))
    if unknown:
        raise ConfigError(f"a driver for {unknown[0]!r}, which is not seated: the factions are "
                          f"{', '.join(table)}")
    bots = sorted(name for name in given if _factions.is_bot(name))
    if bots:
        raise ConfigError(f"a driver for the {bots[0]}, a bot: its order card drives its turn "
                          f"(MM2 §2.2), so it takes no driver")


def run_arena(wyrm="mcts", marquise="heuristic", games=200, seed=1, jobs=2, sims=1000,
              seconds=None, records=None, progress=None, *, factions=None, drivers=None,
              every_seating=False, bot=None, threads=1, ray=None, growth_caps=None,
              rootlog_dir=None, map="autumn", suits=None, deck="standard", setup="standard",
              character=None, draft=None, hirelings=None) -> ArenaResult:
    """Games between a driver per faction. factions: the seat table (names, in seat order; default
    the Marquise and the Wyrm, driven by `marquise` and `wyrm`); drivers: a driver per faction
    name (heuristic for a faction not named; a bot, which the rules play, takes none and is
    driven by "bot"); every_seating: all permutations of the turn order instead of its cyclic
    rotations; bot: the Mechanical Marquise's options (BotOptions or a dict of names); a driver
    is a player spec (wyrm_ai.ai.player_spec, e.g. "mcts:sims=500,c_uct=0.5"), its own budget
    replacing sims/seconds; threads: each mcts driver's search threads (planner.Budget.threads;
    games run `jobs` at a time, so jobs * threads is the cores the run asks for); jobs and ray:
    where the games run (wyrm_ai.lab.executor: this process, `jobs` local processes, or Ray: "local"
    or a cluster's address); growth_caps: the Wyrm's Growth-track caps (six ints or their text;
    None: W-EVE-2's); rootlog_dir: a folder that gets each game as a Rootlog file (the referee's,
    docs/rootlog.md "Writer"), game-0001.rootlog for game 1 ...; map: every game's map (docs/maps.md);
    suits: its suits where it prints none (None or a layout word, drawn from each game's own seed,
    maps.layout; or twelve suits, maps.read_suits); deck: the shared deck (standard or ep,
    cards.read_deck); setup: the setup (standard or advanced, setups.read_setup); character: the
    Vagabond's (a name of characters.CHARACTER_NAMES, LoR 16.3; None: his choice; the table must seat him).
    draft: the faction draft's cards (LoR 16.1.8; factions then seats "draft" players and bots,
    default a player fewer than the cards): drivers are named by seat number from 1 ("1", "2"),
    each game's first player rotates, and the report gives each faction's wins as drafted.
    hirelings: the hirelings in every game (names or their comma-separated text, LoR 16.4; None: none).
    progress(results), if given, is called with the list of finished games after each one."""
    if draft is not None:
        draft = _factions.names(_factions.draft_cards(draft))
        factions = factions or (_factions.DRAFT_SEAT,) * (len(draft) - 1)
    table = SEATS if factions is None else tuple(_factions.DRAFT_SEAT if f == _factions.UNDRAFTED else n for f, n in
                                                 zip(_factions.table_of(factions), _factions.names(_factions.table_of(factions))))
    given = {"marquise": marquise, "wyrm": wyrm} if factions is None else {}
    given.update(drivers or {})
    if draft is None:
        check_drivers(given, table)
    elif set(given) - {str(s + 1) for s, name in enumerate(table) if not _factions.is_bot(name)}:
        raise ConfigError(f"in a draft the drivers go by seat (1-{len(table)}, a player's), not "
                          f"{sorted(set(given) - {str(s + 1) for s in range(len(table))})[0]!r}")
    kinds = tuple(BOT_DRIVER if _factions.is_bot(name) else
                  player_spec.canonical(given.get(str(s + 1) if draft else name, "heuristic"))
                  for s, name in enumerate(table))
    bot = BotOptions.read(bot)
    caps = _growth_caps.read(growth_caps)
    board = _maps.NAMES[_maps.read_map(map)]
    if suits is not None and not isinstance(suits, str):
        suits = tuple(_maps.read_suits(suits))
    deck = _cards.DECK_NAMES[_cards.read_deck(deck)]
    setup = _setups.SETUP_NAMES[_setups.read_setup(setup)]
    character = _characters.character_of(_characters.read_character(character))
    hirelings = _hirelings.names(_hirelings.read(hirelings))
    # fail early on a table the core cannot seat, suits the map cannot take, a character and no Vagabond,
    # hirelings that keep a seated faction out
    Game(first=0, factions=table, bot=bot, growth_caps=caps, map=board, suits=game_suits(board, suits, 0), deck=deck,
         setup=setup, character=character, draft=draft, hirelings=hirelings)
    for k in kinds:
        if k != BOT_DRIVER:
            make_player(k, 0, **budget_for(k, sims, seconds, threads))   # fail early on a bad driver or budget
    # a draft's seats are its players: the first player rotates, the drivers stay in their seats
    order = seatings(table, every_seating) if draft is None else [(table, s) for s in range(len(table))]
    tasks = [(i, seed, kinds, sims, seconds, order, bot, threads, caps, rootlog_dir is not None, board, suits, deck,
              setup, character, draft, hirelings) for i in range(games)]
    start = time.perf_counter()
    results = []
    with executor(jobs, ray) as ex:
        for r in ex.map(play_one, tasks):
            results.append(r)
            if progress:
                progress(results)
    named = draft_factions(table, draft) if draft is not None else table
    out = ArenaResult(kinds if draft is None else tuple("drafted" for _ in named), results,
                      time.perf_counter() - start, named, factions is not None,
                      bot if BOT_DRIVER in kinds else None,
                      None if _growth_caps.is_default(caps) else caps, board, suits, deck, setup, character,
                      draft, kinds if draft is not None else (), hirelings)
    if rootlog_dir is not None:
        folder = Path(rootlog_dir)
        folder.mkdir(parents=True, exist_ok=True)
        for r in results:
            write_atomic(folder / rootlog_name(r.index), r.rootlog)
    if records:
        path = Path(records)
        path.parent.mkdir(parents=True, exist_ok=True)
        bot_names = {"bot": bot.names()} if BOT_DRIVER in kinds else {}    # where the bot sits
        if not _growth_caps.is_default(caps):
            bot_names["growth_caps"] = list(caps)
        if board != "autumn":
            bot_names["map"] = board
        bot_names.update(changed_options(deck, setup, character, hirelings))
        write_atomic(path, "".join(
            json.dumps({"game": r.index, "first": r.factions[r.first], "winner": r.winner_faction,
                        "winners": [f for f in r.factions if r.won(f)],
                        "scores": list(r.scores), "turns": r.turns, "record": r.record,
                        "factions": list(r.factions), **bot_names,
                        **({"suits": _maps.suits_text(r.suits)} if r.suits is not None else {})}) + "\n"
            for r in results))
    return out
