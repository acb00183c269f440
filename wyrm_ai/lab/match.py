"""`wyrm match`: an A/B test of two player specs in one seat, in paired games.

Pair i is two games with the same game seed (derive_seed(seed, i): the same dice and draws), the
same seating (the arena's seating i modulo the number of seatings) and the same seeds for every
other seat's driver: one with CANDIDATE in the seat, one with BASELINE. So a spec against itself
plays the same game twice, and what differs between the two games of a pair is the spec.

Each game gives the seat's margin: its VP minus the best other seat's VP (a win below 30 VP, e.g.
by dominance, still counts by VP; the win and the turns are recorded beside it). A pair gives the
difference of the margins (candidate - baseline) and its win outcome (the candidate won alone,
both or neither won, the baseline won alone). With an Sprt (wyrm_ai.lab.sprt) the test runs after
every finished pair, in pair order, so a seed stops at the same pair whatever the jobs or
executor; the games still pending then are cancelled and never counted.

With the faction draft (LoR 16.1.8; match_draft.py) the specs go by seat number, since a seat has
no faction until its player picks: the seat is a number from 1 ("2"), the margins and wins are
that seat's, the seats keep their drivers and the first player rotates (pair i: seat i modulo
the seats), and the two games of a pair may draft different factions."""
from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from pathlib import Path

from wyrm_ai.model import (cards as _cards, characters as _characters, factions as _factions,
                           hirelings as _hirelings, maps as _maps, setups as _setups)
from wyrm_ai.ai import player_spec
from wyrm_ai.lab.arena import (GameResult, budget_for, changed_options, check_drivers, duration, game_suits, map_text,
                               mean_interval, option_rows, play_one, seatings, wilson)
from wyrm_ai.model.bot_options import BotOptions
from wyrm_ai.model.errors import ConfigError
from wyrm_ai.lab.executor import executor
from wyrm_ai.lab.match_draft import (draft_run, draft_seats, drafted, drafted_rows, is_seat_number, resumed_draft,
                                     seat_index, seat_keys, seat_name)
from wyrm_ai.model.files import write_atomic
from wyrm_ai.model.game import Game
from wyrm_ai.ai.players import BOT_DRIVER, make_player
from wyrm_ai.lab.sprt import INCONCLUSIVE, Sprt

ROLES = ("candidate", "baseline")


def margin(game: GameResult, seat: str) -> int:
    """The seat's VP minus the best other seat's VP in a finished game; seat: a faction, or in a
    draft (LoR 16.1.8) a seat number from 1 ("2")."""
    i = seat_index(game.factions, seat)
    return game.scores[i] - max(s for j, s in enumerate(game.scores) if j != i)


@dataclass
class Pair:
    """One pair: the game with the candidate in the seat and the game with the baseline. seat: a
    faction, or in a draft (LoR 16.1.8) a seat number from 1, whose faction each game drafts."""
    index: int
    candidate: GameResult
    baseline: GameResult
    seat: str

    def margin(self, role: str) -> int:
        return margin(getattr(self, role), self.seat)

    def won(self, role: str) -> bool:
        game = getattr(self, role)
        return game.won_seat(seat_index(game.factions, self.seat))

    @property
    def difference(self) -> int:
        """The candidate's margin minus the baseline's."""
        return self.margin("candidate") - self.margin("baseline")

    @property
    def outcome(self) -> str:
        """'candidate' (won alone), 'both', 'neither' or 'baseline' (won alone)."""
        c, b = self.won("candidate"), self.won("baseline")
        return "both" if c and b else "neither" if not (c or b) else "candidate" if c else "baseline"

    def record(self) -> dict:
        """The pair as JSON; in a draft "first" is a seat number and each game names the factions
        it drafted (its "factions", in seat order)."""
        c, drafting = self.candidate, is_seat_number(self.seat)
        out = ({"pair": self.index, "first": c.first + 1} if drafting else
               {"pair": self.index, "seating": list(c.factions), "first": c.factions[c.first]})
        out.update(difference=self.difference, outcome=self.outcome)
        for role in ROLES:
            g = getattr(self, role)
            out[role] = {"margin": self.margin(role), "won": self.won(role), "turns": g.turns,
                         "scores": list(g.scores), **({"factions": list(g.factions)} if drafting else {})}
        return out

    @classmethod
    def from_record(cls, rec: dict, seat: str) -> "Pair":
        """A pair back from its record (a --json file's pair_records): what the summary and the
        test use -- the seat's margin and win, the turns and scores -- not the games' actions."""
        games = []
        for role in ROLES:
            g = rec[role]
            table = tuple(rec["seating"] if "seating" in rec else g["factions"])
            first = table.index(rec["first"]) if "seating" in rec else int(rec["first"]) - 1
            won = (seat_index(table, seat),) if g["won"] else ()
            games.append(GameResult(rec["pair"], first, None, tuple(g["scores"]), 0, g["turns"], [], table, won))
        return cls(rec["pair"], games[0], games[1], seat)


@dataclass
class MatchResult:
    candidate: str              # the specs (canonical text)
    baseline: str
    seat: str                   # the faction the two specs take in turn (in a draft its number from 1)
    factions: tuple             # the seat table (in a draft "draft" a player)
    kinds: tuple                # the driver of each seat of the table; the seat's is "*"
    pairs: list = field(default_factory=list)
    seconds: float = 0.0
    cap: int = 0                # the most pairs the run would play
    seed: int = 1
    sprt: Sprt | None = None
    run: dict = field(default_factory=dict)     # the budget, seatings and bot: what --resume checks
    llr: float | None = None    # the LLR after the last pair (with an Sprt)
    verdict: str | None = None  # sprt.H1, sprt.H0 or sprt.INCONCLUSIVE (with an Sprt)
    bot: BotOptions | None = None
    map: str = "autumn"         # every game's map (docs/maps.md)
    suits: object = None        # its suits as asked (a layout word, twelve suits, None: the default)
    deck: str = "standard"      # every game's shared deck (cards.DECK_NAMES)
    setup: str = "standard"     # how every game is set up (setups.SETUP_NAMES)
    character: str | None = None    # the Vagabond's character in every game (None: his choice)
    draft: tuple | None = None      # the faction draft's cards (LoR 16.1.8); None: no draft
    hirelings: tuple | None = None  # the hirelings in every game (their sides' names; None: none)

    def drivers(self) -> dict:
        """The driver of each seat, keyed by faction (in a draft by seat number); the seat's "*"."""
        return dict(zip(seat_keys(self.factions, self.draft), self.kinds))

    def summary(self) -> dict:
        n = len(self.pairs)
        out = {"pairs": n, "games": 2 * n, "cap": self.cap, "seed": self.seed, "map": self.map, "deck": self.deck,
               "setup": self.setup, "character": self.character,
               "hirelings": list(self.hirelings) if self.hirelings else None,
               "seconds": round(self.seconds, 1), "seat": self.seat,
               "factions": list(self.factions), "drivers": self.drivers()}
        if self.draft is not None:      # each faction as drafted (LoR 16.1.8.2)
            out.update(draft_run(self.factions, self.draft))
            out["drafted"] = drafted([(role, getattr(p, role)) for p in self.pairs for role in ROLES],
                                     self.factions, self.draft, self.seat, ROLES)
        for role in ROLES:
            wins = sum(p.won(role) for p in self.pairs)
            lo, hi = wilson(wins, n)
            m, mlo, mhi = mean_interval([p.margin(role) for p in self.pairs])
            t, _, _ = mean_interval([getattr(p, role).turns for p in self.pairs])
            out[role] = {"spec": getattr(self, role), "wins": wins, "rate": wins / n if n else 0.0,
                         "ci95": [lo, hi], "mean_margin": m, "margin_ci95": [mlo, mhi], "mean_turns": t}
        d, dlo, dhi = mean_interval([p.difference for p in self.pairs])
        out["difference"] = {"mean": d, "ci95": [dlo, dhi]}
        out["outcomes"] = {k: sum(p.outcome == k for p in self.pairs)
                           for k in ("candidate", "both", "neither", "baseline")}
        if self.sprt is not None:
            s = self.sprt
            out["sprt"] = {"margin0": s.margin0, "margin1": s.margin1, "alpha": s.alpha, "beta": s.beta,
                           "llr": self.llr, "lower": s.lower, "upper": s.upper, "verdict": self.verdict}
        return out

    def format(self) -> str:
        s = self.summary()
        others = ", ".join(f"{seat_name(f)} {k}" for f, k in self.drivers().items() if f != self.seat)
        rows = [f"{seat_name(self.seat)}: {self.candidate} (candidate) against {self.baseline} (baseline); "
                f"the others: {others}",
                f"{s['pairs']} pairs ({s['games']} games) in {s['seconds']}s, seed {self.seed}"]
        if self.bot is not None:
            rows.append(f"  the Mechanical Marquise plays {self.bot}")
        if self.map != "autumn" or self.suits is not None:
            rows.append(f"  played on the {map_text(self.map, self.suits, 'each pair its own')}")
        rows += option_rows(self.deck, self.setup, self.character, self.hirelings)
        if self.draft is not None:
            rows += drafted_rows(s, ROLES)
        for role in ROLES:
            r = s[role]
            rows.append(f"  {role:<9}  wins {r['wins']:>4} ({100 * r['rate']:.1f}%, 95% CI "
                        f"{100 * r['ci95'][0]:.1f}-{100 * r['ci95'][1]:.1f}%)  mean margin "
                        f"{r['mean_margin']:+.2f} VP (95% CI {r['margin_ci95'][0]:+.2f} to "
                        f"{r['margin_ci95'][1]:+.2f})  mean {r['mean_turns']:.1f} turns")
        d = s["difference"]
        rows.append(f"  paired margin difference (candidate - baseline) {d['mean']:+.2f} VP "
                    f"(95% CI {d['ci95'][0]:+.2f} to {d['ci95'][1]:+.2f})")
        o = s["outcomes"]
        rows.append(f"  pairs: candidate won alone {o['candidate']}, both won {o['both']}, "
                    f"neither {o['neither']}, baseline won alone {o['baseline']}")
        if self.sprt is not None:
            t = s["sprt"]
            verdict = (f"inconclusive at the cap of {self.cap} pairs" if self.verdict == INCONCLUSIVE
                       else f"{self.verdict} after {s['pairs']} pairs")
            rows.append(f"  SPRT H0 {t['margin0']:+g} VP vs H1 {t['margin1']:+g} VP (alpha {t['alpha']:g}, "
                        f"beta {t['beta']:g}): LLR {t['llr']:.3f} (bounds {t['lower']:.3f}, "
                        f"{t['upper']:.3f}): {verdict}")
        return "\n".join(rows)

    def write_json(self, path) -> None:
        """The summary and every pair, as one JSON document."""
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(path, json.dumps({**self.summary(), "run": self.run,
                                       "pair_records": [p.record() for p in self.pairs]}, indent=1) + "\n")


@dataclass(frozen=True)
class Setup:
    """A match's checked table: the seat the specs take in turn, the table, the other seats'
    drivers, the seatings, the budget, the bot's options, the map, the deck, the setup and the
    Vagabond's character, and the faction draft's cards (LoR 16.1.8: then the seat and the
    others' keys are seat numbers from 1);
    games(spec, seed, pairs) are the executor tasks (arena.play_one) of one spec's side of pairs
    0..pairs-1."""
    seat: str
    table: tuple
    others: dict                # faction (in a draft seat number) -> driver (canonical spec, or BOT_DRIVER)
    order: list                 # arena.seatings
    sims: int | None
    seconds: float | None
    bot: BotOptions | None
    map: str = "autumn"         # the map (docs/maps.md)
    suits: object = None        # None, a layout word (drawn from each game's seed) or twelve suits
    deck: str = "standard"      # the shared deck (cards.DECK_NAMES)
    setup: str = "standard"     # the setup (setups.SETUP_NAMES)
    character: str | None = None    # the Vagabond's character (None: his choice)
    draft: tuple | None = None      # the faction draft's cards (names); None: no draft
    hirelings: tuple | None = None  # the hirelings in play (their sides' names); None: none

    def kinds(self, spec: str) -> tuple:
        """The driver of each seat of the table with spec in the seat."""
        return tuple(spec if key == self.seat else self.others[key] for key in seat_keys(self.table, self.draft))

    def games(self, spec: str, seed: int, pairs: int, start: int = 0) -> list:
        """The tasks of spec's games of pairs start..start+pairs-1 (pair i: game seed
        derive_seed(seed, i), seating i)."""
        if (self.map == "autumn" and self.suits is None and self.draft is None
                and not changed_options(self.deck, self.setup, self.character, self.hirelings)):
            return [(i, seed, self.kinds(spec), self.sims, self.seconds, self.order, self.bot)
                    for i in range(start, start + pairs)]
        return [(i, seed, self.kinds(spec), self.sims, self.seconds, self.order, self.bot, 1, None, False,
                 self.map, self.suits, self.deck, self.setup, self.character, self.draft, self.hirelings)
                for i in range(start, start + pairs)]

    def check(self, spec) -> str:
        """A spec for the seat, checked with the run's budget (ConfigError); its canonical text."""
        spec = player_spec.canonical(spec)
        make_player(spec, 0, **budget_for(spec, self.sims, self.seconds))
        return spec


def setup(seat="wyrm", *, factions=None, drivers=None, sims=1000, seconds=None, every_seating=False,
          bot=None, map="autumn", suits=None, deck="standard", setup="standard", character=None, draft=None,
          players=None, hirelings=None) -> Setup:
    """The checked table of a match (or a tune): every error before a game starts. setup: the
    games' setup (standard or advanced, setups.read_setup); character: the Vagabond's (None: his
    choice; the table must seat him); draft: the faction draft's cards (LoR 16.1.8, with the
    Advanced Setup; factions then seats "draft" players and bots, default `players` of them, a
    player fewer than the cards) -- the seat and the drivers' keys are then seat numbers from 1;
    hirelings: the hirelings in play (names or their text, LoR 16.4; None: none)."""
    setup = _setups.SETUP_NAMES[_setups.read_setup(setup)]
    if draft is not None or players is not None:
        if every_seating:
            raise ConfigError("in a draft the seats keep their drivers and the first player rotates "
                              "(LoR 16.1.8): there are no seatings to cycle through (--every-seating)")
        seat, table, others, draft = draft_seats(seat, factions, drivers, draft, players, setup)
        order = [(table, s) for s in range(len(table))]     # the first player rotates, as arena.run_arena's
    else:
        seat, table, others = faction_seats(seat, factions, drivers)
        order = seatings(table, every_seating)
    bot = BotOptions.read(bot)
    board = _maps.NAMES[_maps.read_map(map)]
    if suits is not None and not isinstance(suits, str):
        suits = tuple(_maps.read_suits(suits))
    deck = _cards.DECK_NAMES[_cards.read_deck(deck)]
    character = _characters.character_of(_characters.read_character(character))
    hirelings = _hirelings.names(_hirelings.read(hirelings))
    # fail early on a table the core cannot seat, suits the map cannot take, a character and no Vagabond,
    # hirelings that keep a seated faction out
    Game(first=0, factions=table, bot=bot, map=board, suits=game_suits(board, suits, 0), deck=deck, setup=setup,
         character=character, draft=draft, hirelings=hirelings)
    out = Setup(seat, table, others, order, sims, seconds, bot, board, suits, deck, setup, character, draft,
                hirelings)
    for k in set(others.values()) - {BOT_DRIVER}:
        out.check(k)                            # fail early on a bad budget
    return out


def faction_seats(seat, factions, drivers):
    """A match's checked seats without a draft: (seat, table, others) -- the faction the specs
    take in turn, the table (default marquise,wyrm) and the other factions' drivers (heuristic
    unless named; a bot's BOT_DRIVER)."""
    table = _factions.names(_factions.table_of(factions if factions is not None else ("marquise", "wyrm")))
    seat = _factions.NAMES[_factions.faction_id(seat)]
    if seat not in table:
        raise ConfigError(f"the seat {seat!r} is not at the table ({', '.join(table)})")
    if _factions.is_bot(seat):
        raise ConfigError(f"the seat {seat!r} is a bot: its order card drives its turn (MM2 §2.2), "
                          f"so no spec can take it")
    drivers = {_factions.NAMES[_factions.faction_id(k)]: v for k, v in (drivers or {}).items()}
    if seat in drivers:
        raise ConfigError(f"a driver for the {seat}, the seat the two specs take in turn")
    check_drivers(drivers, table)
    return seat, table, {name: BOT_DRIVER if _factions.is_bot(name) else
                         player_spec.canonical(drivers.get(name, "heuristic")) for name in table if name != seat}


checked_table = setup       # run_match's name for setup(): its own `setup` is the games' setup


def run_match(candidate, baseline, seat="wyrm", *, factions=None, drivers=None, games=100, seed=1,
              jobs=1, ray=None, sims=1000, seconds=None, every_seating=False, bot=None,
              sprt: Sprt | None = None, progress=None, resume: dict | None = None, map="autumn",
              suits=None, deck="standard", setup="standard", character=None, draft=None, players=None,
              hirelings=None) -> MatchResult:
    """Up to `games` pairs of candidate against baseline (player specs) in `seat`. factions: the
    seat table (default marquise,wyrm); drivers: the other seats' drivers by faction (heuristic
    unless named); sims/seconds: the budget of an mcts spec that gives none; jobs, ray: where the
    games run (wyrm_ai.lab.executor); sprt: stop when the test decides; progress(result so far) after
    every pair; resume: an earlier run of this same match (its --json document), whose pairs are
    pairs 0..k-1 of this one, so only pairs k.. are played. The module docstring says how pairs
    are made. map, suits: every game's map and its suits (a layout word is drawn from each game's
    seed, so the two games of a pair share the layout); deck: every game's shared deck; setup: how
    every game is set up (standard or advanced); character: the Vagabond's in every game (None: his
    choice). draft: the faction draft's cards (LoR 16.1.8; with setup advanced; True for every
    faction's), players: how many draft (default a player fewer than the cards): then `seat` is a
    seat number from 1 ("1"), `drivers` are keyed by seat number, the first player rotates and the
    report gives each faction's wins as drafted (match_draft.py). hirelings: the hirelings in every
    game (names or their text, LoR 16.4; None: none)."""
    candidate, baseline = player_spec.canonical(candidate), player_spec.canonical(baseline)
    table = checked_table(seat, factions=factions, drivers=drivers, sims=sims, seconds=seconds,
                          every_seating=every_seating, bot=bot, map=map, suits=suits, deck=deck, setup=setup,
                          character=character, draft=draft, players=players, hirelings=hirelings)
    candidate, baseline = table.check(candidate), table.check(baseline)
    seat, others = table.seat, table.others
    bot = table.bot if BOT_DRIVER in others.values() else None
    result = MatchResult(candidate, baseline, seat, table.table, table.kinds("*"),
                         cap=games, seed=seed, sprt=sprt,
                         run={"sims": sims, "seconds": seconds, "every_seating": every_seating,
                              "bot": None if bot is None else str(bot), **map_run(table.map, table.suits),
                              **changed_options(table.deck, table.setup, table.character, table.hirelings),
                              **draft_run(table.table, table.draft)},
                         bot=bot, map=table.map, suits=table.suits, deck=table.deck, setup=table.setup,
                         character=table.character, draft=table.draft, hirelings=table.hirelings)
    if resume is not None:
        result.pairs = resumed_pairs(result, resume)
        result.seconds = float(resume.get("seconds", 0.0))
    done = len(result.pairs)
    diffs = [p.difference for p in result.pairs]
    if sprt is not None and diffs:
        result.llr = sprt.llr(diffs)
        result.verdict = sprt.verdict(result.llr, len(diffs))
    sides = {role: table.games(spec, seed, games - done, start=done)
             for role, spec in zip(ROLES, (candidate, baseline))}
    tasks = [sides[role][i] for i in range(games - done) for role in ROLES] if result.verdict is None else []
    start = time.perf_counter() - result.seconds
    first = None
    with executor(jobs, ray) as ex:
        for game in ex.map(play_one, tasks):
            if first is None:
                first = game
                continue
            result.pairs.append(Pair(first.index, first, game, seat))
            first = None
            diffs.append(result.pairs[-1].difference)
            result.seconds = time.perf_counter() - start
            if sprt is not None:
                result.llr = sprt.llr(diffs)
                result.verdict = sprt.verdict(result.llr, len(diffs))
            if progress:
                progress(result)
            if result.verdict is not None:
                break               # leaving the executor cancels the games still pending
    if sprt is not None and result.verdict is None:
        result.verdict = INCONCLUSIVE
        result.llr = sprt.llr(diffs)
    result.seconds = time.perf_counter() - start
    return result


def map_run(board: str, suits) -> dict:
    """The map and suits in a match's `run` (what --resume checks): nothing for the default
    Autumn map, so the files of earlier runs still resume."""
    if board == "autumn" and suits is None:
        return {}
    return {"map": board, "suits": suits if suits is None or isinstance(suits, str) else _maps.suits_text(suits)}


def resumed_pairs(result: MatchResult, earlier: dict) -> list:
    """The pairs of an earlier run of the same match (its --json document), checked: the same
    specs, seat, table, drivers, seed and run (budget, seatings, bot, the draft and its players), and
    pairs 0..k-1 in order. A ConfigError names what differs."""
    mine = {"candidate": result.candidate, "baseline": result.baseline, "seat": result.seat,
            "factions": list(result.factions), "drivers": result.drivers(), "seed": result.seed, "run": result.run}
    try:
        theirs = {"candidate": earlier["candidate"]["spec"], "baseline": earlier["baseline"]["spec"],
                  "seat": earlier["seat"], "factions": list(earlier["factions"]),
                  "drivers": dict(earlier["drivers"]), "seed": earlier["seed"], "run": dict(earlier["run"])}
    except (KeyError, TypeError, ValueError, AttributeError) as e:
        raise ConfigError(f"not a match file written by wyrm match --json ({type(e).__name__}: {e})") from None
    resumed_draft(theirs["run"], result.run)        # the draft first: it changes what the seat means
    try:
        pairs = [Pair.from_record(rec, result.seat) for rec in earlier["pair_records"]]
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as e:
        raise ConfigError(f"not a match file written by wyrm match --json ({type(e).__name__}: {e})") from None
    for name, value in mine.items():
        if theirs[name] != value:
            raise ConfigError(f"the earlier match has {name} {theirs[name]!r}, this one {value!r}")
    if [p.index for p in pairs] != list(range(len(pairs))):
        raise ConfigError("the earlier match's pairs are not pairs 0, 1, 2, ... in order")
    if len(pairs) > result.cap:
        raise ConfigError(f"the earlier match already has {len(pairs)} pairs, more than --games {result.cap}")
    return pairs


class MatchProgress:
    """A match's progress, given the result so far after each pair: on a terminal one line
    redrawn in place, into a file or pipe a plain line every `every` pairs and at the end."""

    def __init__(self, write, pairs: int, *, live: bool, clock=time.monotonic, every=None):
        self.write, self.pairs, self.live, self.clock = write, pairs, live, clock
        self.every = every or max(1, pairs // 20)
        self.start = clock()

    def line(self, result: MatchResult) -> str:
        s = result.summary()
        done = s["pairs"]
        elapsed = self.clock() - self.start
        left = duration(elapsed / done * (self.pairs - done)) if done else "-"
        c, b, d = s["candidate"], s["baseline"], s["difference"]
        sprt = (f"; LLR {result.llr:.2f} ({result.sprt.lower:.2f}, {result.sprt.upper:.2f})"
                if result.sprt is not None else "")
        return (f"{done}/{self.pairs} pairs: candidate wins {c['wins']} ({100 * c['rate']:.1f}%), "
                f"baseline wins {b['wins']} ({100 * b['rate']:.1f}%), difference {d['mean']:+.2f} VP "
                f"(95% CI {d['ci95'][0]:+.2f} to {d['ci95'][1]:+.2f}){sprt}; {duration(elapsed)} elapsed, "
                f"at most about {left} left")

    def __call__(self, result: MatchResult) -> None:
        done = len(result.pairs)
        if self.live:
            self.write("\r\x1b[2K" + self.line(result) + ("\n" if result.verdict or done == self.pairs else ""))
        elif done % self.every == 0 or done == self.pairs or result.verdict is not None:
            self.write(self.line(result) + "\n")
