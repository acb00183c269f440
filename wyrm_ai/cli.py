"""The `wyrm` command line."""
from __future__ import annotations

import math
import sys

import click
import numpy as np

from wyrm_ai.model.errors import WyrmError
from wyrm_ai.model import factions
from wyrm_ai.ai import player_spec
from wyrm_ai.model import growth_caps as _caps
from wyrm_ai.model import maps
from wyrm_ai.model.hirelings import titles_text
from wyrm_ai.model.game import Game
from wyrm_ai.ai.planner import LEVELS
from wyrm_ai.ai.players import BOT_DRIVER
from wyrm_ai.model.seeds import MAX_SEED, derive_seed
from wyrm_ai.seat_options import (bot_for, bot_option_flags, character_flag, deck_flag, draft_flags, draft_seat,
                                  draft_table, driver_reader, growth_caps_flag, hirelings_flag,
                                  map_flags, read_factions, seat_kinds, seated_drivers, setup_flag, threads_option)
from wyrm_ai.ai.opponent import MIN_THINK
from wyrm_ai.model.textboard.board import FULL_HEIGHT
from wyrm_ai.terminal.lineedit import is_tty
from wyrm_ai.terminal.screen import board_width, color_wanted, output_columns, palette_wanted
from wyrm_ai.model.textboard.style import Style
from wyrm_ai.terminal.saves import save_rootlog

MAX_WATCH_SECONDS = 3600.0     # the most --think and --delay take


@click.group()
@click.version_option(package_name="wyrm-ai")
def main():
    """wyrm-ai: play Root against the Voracious Wyrm."""


@main.command()
@click.option("--seed", type=click.IntRange(0, MAX_SEED), default=None,
              help="Seed for dice, draws and the players, 0 to 2**64-1 (random if omitted).")
@click.option("--factions", "table", callback=read_factions, default=None, metavar="A,B,...",
              help="The factions in seat order (default: marquise,wyrm).")
@click.option("--first", default="random", show_default=True,
              help="Which faction takes the first turn (a seated faction, or random).")
@click.option("--marquise", "marquise_kind", default="normal", show_default=True, help="Marquise driver.")
@click.option("--wyrm", "wyrm_kind", default="normal", show_default=True, help="Wyrm driver.")
@click.option("--ai", "drivers", callback=driver_reader(also=tuple(LEVELS)), default=None,
              metavar="FACTION=DRIVER,...", help="Drivers per faction, e.g. wyrm=mcts,marquise=heuristic; "
              "a driver is a level (easy, normal, hard: the AI of wyrm play at that level) or a player "
              "spec, e.g. wyrm=mcts:sims=500, random; a faction not named plays at the normal level.")
@click.option("--sims", type=click.IntRange(1, 10_000_000), default=None, metavar="N",
              help="Simulations per decision for mcts drivers (default 1,000) and the levels' planner "
              "(default: the level's).")
@click.option("--think", type=click.FloatRange(min=MIN_THINK, max=MAX_WATCH_SECONDS), default=None,
              metavar="SECONDS", help=f"Seconds per decision for mcts drivers and the levels' planner, "
              f"instead of --sims (a finite number from {MIN_THINK:g} to {MAX_WATCH_SECONDS:g}).")
@threads_option("1", "mcts drivers and the levels' planner")
@click.option("--every", type=click.IntRange(0, 100_000), default=1, show_default=True, metavar="N",
              help="Show the board after every N turns (0: only the final board).")
@click.option("--delay", type=click.FloatRange(min=0, max=MAX_WATCH_SECONDS), default=0.0,
              metavar="SECONDS", help="Pause after each turn (a finite number of seconds, default 0).")
@click.option("--notation", is_flag=True,
              help="Print only the game record (one action a line) and the result, for scripts.")
@click.option("--save", "save_path", type=click.Path(dir_okay=False), default=None,
              help="Write the finished game (state and record) to this file.")
@click.option("--save-rootlog", "rootlog_path", type=click.Path(dir_okay=False), default=None, metavar="FILE",
              help="Write the finished game as a Rootlog file (the referee's record; docs/rootlog.md).")
@click.option("--quiet", is_flag=True, help="Print only the result line.")
@click.option("--color/--no-color", default=None,
              help="Force colour on or off (default: colour on a terminal, unless NO_COLOR is set).")
@bot_option_flags
@growth_caps_flag
@map_flags
@deck_flag
@setup_flag
@draft_flags
@character_flag
@hirelings_flag
@click.pass_context
def watch(ctx, seed, table, first, marquise_kind, wyrm_kind, drivers, sims, think, threads, every,
          delay, notation, save_path, rootlog_path, quiet, color, bot_variant, bot_difficulty, bot_traits,
          growth_caps, board, suits, deck, setup, draft, players, character, hirelings):
    """Watch a whole game between drivers, one per faction (by default the AI of `wyrm play`
    at the normal level for every seat; or easy, hard, random, heuristic, mcts), turn by turn: a
    header for each turn, each action with its words, the board after every turn (--every N)
    with every hand and the seat to move, and the result."""
    from wyrm_ai.terminal.watch import DEFAULT_DRIVER, Watcher, driver_player, searches_kind, watch_game
    seed = int(np.random.SeedSequence().entropy % 2**63) if seed is None else seed
    table = draft_table(table, draft, players, setup)
    table = factions.names(factions.TWO_SEATS) if table is None else table
    named = legacy_drivers(ctx, table, seated_drivers(drivers, table),
                           {"marquise": ("marquise_kind", marquise_kind), "wyrm": ("wyrm_kind", wyrm_kind)})
    kinds = seat_kinds(table, named, DEFAULT_DRIVER)
    bot = bot_for(table, bot_variant, bot_difficulty, bot_traits)
    first = first.strip().lower()
    if first != "random" and first in factions.ALIASES:
        first = factions.NAMES[factions.ALIASES[first]]
    if draft is not None and first != "random":          # a draft's seats have no faction: by number
        first = draft_seat(Game(0, table, setup=setup, draft=draft), first, "--first")
    elif first != "random" and first not in table:
        raise click.BadParameter(f"{first!r} is not seated: use random or one of {', '.join(table)}",
                                 param_hint="'--first'")
    if not math.isfinite(delay):
        raise click.UsageError(f"--delay must be a finite number of seconds, not {delay}")
    if (sims is not None or think is not None or threads != 1) and not any(map(searches_kind, kinds)):
        who = "neither driver" if len(kinds) == 2 else "no driver"
        how = "--marquise mcts or --wyrm mcts" if table == factions.names(factions.TWO_SEATS) else "--ai FACTION=mcts"
        raise click.UsageError(f"--sims, --think and --threads set the planner's budget: {who} is mcts ({how})")
    if sims is not None and think is not None:
        raise click.UsageError("give --sims or --think, not both")
    rng = np.random.default_rng(seed)
    if first == "random":
        first = int(rng.integers(len(table)))
    try:
        game = Game(first=first, factions=table, bot=bot, growth_caps=growth_caps, map=board,
                    suits=maps.suits_for(board, suits, np.random.default_rng(derive_seed(seed, 2))), deck=deck,
                    setup=setup, character=character, draft=draft, hirelings=hirelings)
        budget = {"sims": None, "seconds": think} if think is not None else {"sims": sims or 1000}
        budget["threads"] = threads
        given = {"sims": sims, "seconds": think, "threads": threads}     # a level's budget but these
        players = {seat: driver_player(kind, game.faction_ids, seat, derive_seed(seed, seat + 1, scale=1),
                                       given if kind in LEVELS else budget)
                   for seat, kind in enumerate(kinds) if kind != BOT_DRIVER}
    except WyrmError as e:
        raise click.UsageError(str(e))
    watcher = None
    if not (quiet or notation):
        try:
            style = Style(color_wanted(sys.stdout) if color is None else color, palette_wanted())
        except WyrmError as e:
            raise click.UsageError(str(e))
        width = board_width(output_columns(sys.stdout), FULL_HEIGHT)

        def out(text):
            click.echo(text, color=style.color)
            if delay:
                sys.stdout.flush()          # the turn is on the screen before the pause

        watcher = Watcher(out, every=every, delay=delay, style=style, kinds=kinds, width=width)
        if BOT_DRIVER in kinds:
            out(f"The Mechanical Marquise is a bot (the rules play it): {game.bot}.")
        if growth_caps is not None and "wyrm" in table:
            out(f"The Wyrm's Growth track prints the Lair caps {_caps.text(game.growth_caps)}.")
        if game.hirelings:
            out(f"The hirelings in play (--hirelings): {titles_text(game.hirelings)}.")
    watch_game(game, players, rng, watcher)
    if notation:
        for line in game.record_lines():
            click.echo(line)
    won = [game.factions[w] for w in game.winners]
    who = f"{' and '.join(won)} win" if len(won) > 1 else f"{won[0] if won else 'nobody'} wins"
    scores = " - ".join(f"{name} {vp}" for name, vp in zip(game.factions, game.scores))
    click.echo(f"seed {seed}: {who}, {scores}, {len(game.record)} actions")
    if save_path:
        save_game(game, save_path)
    if rootlog_path:
        save_rootlog(game, rootlog_path)


def save_game(game, path) -> None:
    """Write the engine save of game (Game.save), saying so; a failure is the command's error."""
    try:
        game.save(path)
    except WyrmError as e:
        raise click.ClickException(str(e))
    click.echo(f"saved to {path}")


def legacy_drivers(ctx, table, drivers: dict, options: dict) -> dict:
    """--marquise/--wyrm given on the command line beside --factions: drivers of those factions."""
    out = dict(drivers)
    for name, (param, value) in options.items():
        if ctx.get_parameter_source(param) == click.core.ParameterSource.COMMANDLINE:
            if name not in table:
                raise click.BadParameter(f"the {name} is not seated (the factions are {', '.join(table)})",
                                         param_hint=f"'--{name}'")
            if out.setdefault(name, value) != value:
                raise click.BadParameter(f"--{name} {value} and --ai {name}={out[name]} disagree",
                                         param_hint="'--ai'")
    return out


# wyrm arena and wyrm match: where the games run (wyrm_ai/lab/executor.py)
ray_option = click.option(
    "--ray", "ray", is_flag=False, flag_value="local", default=None, metavar="[ADDRESS]",
    help="Run the games on Ray: --ray alone starts a local Ray of --jobs CPUs, --ray ADDRESS joins "
         "a cluster (needs the distributed extra: pip install -e \".[distributed]\").")


@main.command()
@click.option("--wyrm", "wyrm_kind", default="mcts", show_default=True, help="Wyrm driver: random, heuristic, mcts.")
@click.option("--marquise", "marquise_kind", default="heuristic", show_default=True, help="Marquise driver.")
@click.option("--factions", "table", callback=read_factions, default=None, metavar="A,B,...",
              help="The factions in seat order (default: marquise,wyrm); each faction's driver is "
                   "heuristic unless --ai names it.")
@click.option("--ai", "drivers", callback=driver_reader(), default=None,
              metavar="FACTION=DRIVER,...", help="Drivers per faction, e.g. eyrie=mcts,wyrm=mcts; a "
              "driver is a player spec, e.g. wyrm=mcts:sims=500,c_uct=0.5 (see docs/api.md).")
@click.option("--every-seating", is_flag=True,
              help="Cycle through every permutation of the turn order, not only its rotations.")
@click.option("--games", type=click.IntRange(1, 100_000), default=200, show_default=True)
@click.option("--seed", type=click.IntRange(0, MAX_SEED), default=1, show_default=True,
              help="Seed of the run, 0 to 2**64-1: the same seed plays the same games.")
@click.option("--jobs", type=click.IntRange(1, 64), default=2, show_default=True, help="Processes in parallel.")
@click.option("--sims", type=click.IntRange(1, 10_000_000), default=1000, show_default=True,
              help="Simulations per decision for mcts drivers.")
@click.option("--seconds", type=click.FloatRange(min=0.001), default=None,
              help="Seconds per decision for mcts drivers (instead of --sims).")
@threads_option("1", "each mcts driver (a run asks for --jobs times as many cores)")
@click.option("--records", type=click.Path(dir_okay=False), default=None,
              help="Write every game's record to this JSON-lines file.")
@click.option("--save-rootlog", "rootlog_dir", type=click.Path(file_okay=False), default=None, metavar="DIR",
              help="Write every game as a Rootlog file into this folder: game-0001.rootlog, ... "
                   "(the referee's record; `wyrm rootlog replay` reads it back).")
@ray_option
@bot_option_flags
@growth_caps_flag
@map_flags
@deck_flag
@setup_flag
@draft_flags
@character_flag
@hirelings_flag
@click.pass_context
def arena(ctx, wyrm_kind, marquise_kind, table, drivers, every_seating, games, seed, jobs, sims,
          seconds, threads, records, rootlog_dir, ray, bot_variant, bot_difficulty, bot_traits, growth_caps,
          board, suits, deck, setup, draft, players, character, hirelings):
    """Play seeded games between a driver per faction and report each faction's wins with 95%
    confidence intervals and its mean score.

    The seatings cycle through every rotation of the turn order (--every-seating: every
    permutation), so each faction plays each place equally often in a whole number of cycles.
    Progress goes to stderr: on a terminal a live table (games, wins per faction with 95%
    intervals, elapsed, estimated time left) redrawn in place; into a file or pipe, plain lines."""
    from wyrm_ai.lab.arena import SEATS, Progress, draft_factions, run_arena
    err = sys.stderr

    def write(text):
        err.write(text)
        err.flush()

    table = draft_table(table, draft, players, setup)
    if draft is not None:                   # the drivers go by seat number (--ai 1=mcts)
        seats, kinds = table, seated_drivers(drivers, table)
    elif table is None:
        seats, kinds = SEATS, {"marquise": marquise_kind, "wyrm": wyrm_kind, **seated_drivers(drivers, SEATS)}
    else:
        seats = table
        kinds = legacy_drivers(ctx, seats, seated_drivers(drivers, seats),
                               {"marquise": ("marquise_kind", marquise_kind), "wyrm": ("wyrm_kind", wyrm_kind)})
    bot = bot_for(seats, bot_variant, bot_difficulty, bot_traits)
    shown = draft_factions(seats, draft) if draft is not None else seats
    progress = Progress(write, ("drafted",) * len(shown) if draft is not None else seat_kinds(seats, kinds, "heuristic"),
                        games, live=is_tty(err), factions=shown)
    try:
        result = run_arena(wyrm=kinds.get("wyrm", wyrm_kind), marquise=kinds.get("marquise", marquise_kind),
                           games=games, seed=seed, jobs=jobs, sims=sims, seconds=seconds,
                           records=records, progress=progress, factions=table,
                           drivers=kinds if table is not None else None, every_seating=every_seating, draft=draft,
                           bot=bot, threads=threads, ray=ray, growth_caps=growth_caps, rootlog_dir=rootlog_dir,
                           map=board, suits=suits, deck=deck, setup=setup, character=character,
                           hirelings=hirelings)
    except WyrmError as e:
        raise click.UsageError(str(e))
    except OSError as e:
        raise click.ClickException(f"cannot write {e.filename or records or rootlog_dir}: {e.strerror or e}")
    click.echo(result.format())
    if records:
        click.echo(f"records written to {records}")
    if rootlog_dir:
        click.echo(f"Rootlog files written to {rootlog_dir}")


@main.command()
@click.argument("candidate")
@click.argument("baseline")
@click.option("--seat", default=None, metavar="FACTION|N",
              help="The seat the two specs take in turn: a faction (default wyrm); with --draft a seat "
                   "number from 1 (default 1), since a seat has no faction until its player picks.")
@click.option("--factions", "table", callback=read_factions, default=None, metavar="A,B,...",
              help="The factions in seat order (default: marquise,wyrm).")
@click.option("--ai", "drivers", callback=driver_reader(), default=None, metavar="FACTION=DRIVER,...",
              help="The drivers of the other seats (player specs; heuristic unless named); with --draft "
                   "by seat number, e.g. 2=mcts.")
@click.option("--every-seating", is_flag=True,
              help="Cycle through every permutation of the turn order, not only its rotations.")
@click.option("--games", type=click.IntRange(1, 100_000), default=200, show_default=True,
              help="Pairs of games to play at most (each pair: one game with each spec).")
@click.option("--seed", type=click.IntRange(0, MAX_SEED), default=1, show_default=True,
              help="Seed of the run, 0 to 2**64-1: the same seed plays the same pairs.")
@click.option("--jobs", type=click.IntRange(1, 64), default=2, show_default=True, help="Processes in parallel.")
@click.option("--sims", type=click.IntRange(1, 10_000_000), default=1000, show_default=True,
              help="Simulations per decision for mcts drivers whose spec gives no budget.")
@click.option("--seconds", type=click.FloatRange(min=0.001), default=None,
              help="Seconds per decision for mcts drivers whose spec gives no budget (instead of --sims).")
@ray_option
@click.option("--json", "json_path", type=click.Path(dir_okay=False), default=None,
              help="Write the summary and every pair to this JSON file (rewritten after every pair, so "
                   "an interrupted run can go on with --resume).")
@click.option("--resume", "resume_path", type=click.Path(dir_okay=False, exists=True), default=None,
              help="Go on from an earlier run of this same match (its --json file): its pairs count, "
                   "and only the pairs after them are played (up to --games in all).")
@click.option("--sprt", is_flag=True, help="Stop when the sequential test decides (see --margin0/--margin1).")
@click.option("--margin0", type=float, default=0.0, show_default=True,
              help="SPRT H0: the mean paired margin difference, VP.")
@click.option("--margin1", type=float, default=1.0, show_default=True,
              help="SPRT H1: the mean paired margin difference, VP.")
@click.option("--alpha", type=float, default=0.05, show_default=True, help="SPRT: the false-H1 rate.")
@click.option("--beta", type=float, default=0.05, show_default=True, help="SPRT: the false-H0 rate.")
@click.option("--min-pairs", type=click.IntRange(1), default=16, show_default=True,
              help="SPRT: pairs before the test may decide.")
@bot_option_flags
@map_flags
@deck_flag
@setup_flag
@draft_flags
@character_flag
@hirelings_flag
def match(candidate, baseline, seat, table, drivers, every_seating, games, seed, jobs, sims,
          seconds, ray, json_path, resume_path, sprt, margin0, margin1, alpha, beta, min_pairs, bot_variant, bot_difficulty,
          bot_traits, board, suits, deck, setup, draft, players, character, hirelings):
    """An A/B test of two player specs (e.g. mcts:sims=1000,c_uct=0.5 against mcts:sims=1000)
    in one seat: pairs of games with the same seeds, seating and opponents, one with CANDIDATE in
    the seat and one with BASELINE. Reports each spec's wins (Wilson 95%) and mean margin (its VP
    minus the best other seat's), the mean paired margin difference with its 95% interval, and
    with --sprt the sequential test's log-likelihood ratio and verdict (it stops the run when it
    decides; pending games are dropped). Progress goes to stderr.

    With --setup advanced --draft [CARDS] [--players N] the players draft their factions (LoR
    16.1.8): --seat and --ai go by seat number, the first player rotates, and the report gives
    each faction's wins as drafted."""
    import json
    from pathlib import Path

    from wyrm_ai.lab.match import MatchProgress, run_match
    from wyrm_ai.lab.sprt import Sprt
    err = sys.stderr

    def write(text):
        err.write(text)
        err.flush()

    table = draft_table(table, draft, players, setup)     # --draft needs --setup advanced, --players --draft
    seats = table or factions.names(factions.TWO_SEATS)
    seat = seat if seat is not None else "1" if draft is not None else "wyrm"
    bot = bot_for(seats, bot_variant, bot_difficulty, bot_traits)
    for given, name in (("CANDIDATE", candidate), ("BASELINE", baseline)):
        try:
            player_spec.parse(name)
        except WyrmError as e:
            raise click.BadParameter(str(e), param_hint=given)
    resume = None
    if resume_path:
        try:
            resume = json.loads(Path(resume_path).read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, ValueError) as e:
            raise click.BadParameter(f"cannot read {resume_path}: {e}", param_hint="--resume")
    shown = MatchProgress(write, games, live=is_tty(err))

    def progress(result):
        shown(result)
        if json_path:
            result.write_json(json_path)     # after every pair: an interrupted run can --resume

    try:
        test = Sprt(margin0, margin1, alpha, beta, min_pairs) if sprt else None
        result = run_match(candidate, baseline, seat, factions=seats, drivers=drivers, games=games,
                           seed=seed, jobs=jobs, ray=ray, sims=sims, seconds=seconds,
                           every_seating=every_seating, bot=bot, sprt=test, resume=resume,
                           progress=progress, map=board, suits=suits, deck=deck, setup=setup,
                           character=character, draft=draft, players=players, hirelings=hirelings)
        if json_path:
            result.write_json(json_path)     # the final summary (the SPRT's verdict at the cap)
    except WyrmError as e:
        raise click.UsageError(str(e))
    except OSError as e:
        raise click.ClickException(f"cannot write {json_path}: {e.strerror or e}")
    click.echo(result.format())
    if json_path:
        click.echo(f"results written to {json_path}")


@main.group()
def rootlog():
    """Rootlog, the community's notation for Root game records (spec V2.8; docs/rootlog.md)."""


@rootlog.command("check")
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=False))
def rootlog_check(files):
    """Read Rootlog FILES and report, per file, the header, the clauses read by kind, the forms
    read beyond V2.8 (notes) and every clause that does not read, at file:line:col. The exit code
    is 1 when any file has an error."""
    from wyrm_ai.rootlog import read_file
    from wyrm_ai.rootlog.check import error_text, report
    from wyrm_ai.rootlog.tree import RootlogError
    failed = 0
    for path in files:
        try:
            record = read_file(path)
        except RootlogError as e:
            click.echo(error_text(e, path))
            failed += 1
            continue
        for line in report(record, path):
            click.echo(line)
        failed += bool(record.errors)
    if len(files) > 1:
        click.echo(f"{len(files) - failed} of {len(files)} files read without errors")
    if failed:
        sys.exit(1)


@rootlog.command("replay")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--seed", type=click.IntRange(0, MAX_SEED), default=None,
              help="Sample the chance outcomes the record does not give (a draw written `#`, a battle "
                   "without its roll) from this seed; default: ask on a terminal, else stop with an error.")
@click.option("--save", "save_path", type=click.Path(dir_okay=False), default=None,
              help="Write the replayed game as an engine save (wyrm play --load resumes it).")
@bot_option_flags
@growth_caps_flag
def rootlog_replay(file, seed, save_path, bot_variant, bot_difficulty, bot_traits, growth_caps):
    """Replay a Rootlog FILE into the engine: print the final position and how many engine actions
    the record made. The record must be a game the engine holds (Map: Fall, Winter, Lake or
    Mountain with its `Clearings:` suits; Deck: Standard or E&P; factions C E A V and the extension's W
    and N; the Advanced Setup read from its deal). Where the record leaves a decision open, the
    legal completions are listed at the clause's file:line:col; exit code 1 for a record that does
    not replay."""
    from wyrm_ai.rootlog import read_file
    from wyrm_ai.rootlog.check import error_text
    from wyrm_ai.rootlog.replay import Replay
    from wyrm_ai.rootlog.tree import RootlogError
    bot = bot_for(None, bot_variant, bot_difficulty, bot_traits)
    chance = np.random.default_rng(seed) if seed is not None else (_ask_chance if is_tty(sys.stdin) else None)
    try:
        record = read_file(file)
        for e in record.errors:
            click.echo(error_text(e, file), err=True)
        if record.errors:
            sys.exit(1)
        rep = Replay(record, file, chance=chance, bot=bot, growth_caps=growth_caps)
        rep.run()
    except RootlogError as e:                 # a replay error or ambiguity too (its subclasses)
        click.echo(error_text(e, file), err=True)
        sys.exit(1)
    except WyrmError as e:
        raise click.ClickException(str(e))
    game = rep.game
    click.echo(str(game))
    ended = "the game is over" if game.is_terminal() else f"the record ends here ({game.step})"
    click.echo(f"{file}: {len(game.record)} engine actions replayed; {ended}")
    if save_path:
        save_game(game, save_path)


def _ask_chance(game, outcomes: list[int]) -> int:
    """Ask on the terminal for a chance outcome the record does not give."""
    from wyrm_ai.model.chance_words import question
    texts = {"".join(game.describe(a).split()).lower(): a for a in outcomes}
    click.echo(question(game) or f"A chance event ({game.step}).")
    click.echo("  " + ", ".join(game.describe(a) for a in outcomes))
    while True:
        answer = click.prompt("outcome", default="", show_default=False)
        a = texts.get("".join(answer.split()).lower())
        if a is not None:
            return a
        click.echo(f"{answer!r} is none of these outcomes")


@main.command()
@click.option("--seat", default="marquise", show_default=True, metavar="FACTION",
              help="The seat whose player is tuned.")
@click.option("--factions", "table", callback=read_factions, default=None, metavar="A,B,...",
              help="The factions in seat order (default: marquise,wyrm).")
@click.option("--ai", "drivers", callback=driver_reader(), default=None, metavar="FACTION=DRIVER,...",
              help="The opponents' drivers (player specs; heuristic unless named).")
@click.option("--baseline", default="mcts", show_default=True, metavar="SPEC",
              help="The player tuned (mcts or heuristic spec): candidates are it with other values, "
                   "scored against it.")
@click.option("--params", "params", default=None, metavar="KEY[=LO:HI],...",
              help="What to tune: c_uct and weights w.NAME, optionally with bounds (default: c_uct, "
                   "the shared weights and the seat's faction's; see docs/tuning.md).")
@click.option("--generations", type=click.IntRange(1, 10_000), default=10, show_default=True)
@click.option("--population", type=click.IntRange(2, 1000), default=8, show_default=True,
              help="Candidates per generation.")
@click.option("--pairs", type=click.IntRange(1, 100_000), default=4, show_default=True,
              help="Pairs of games per candidate (the same pairs for every candidate of a generation).")
@click.option("--sigma", type=click.FloatRange(min=0, max=10, min_open=True), default=0.5, show_default=True,
              help="CMA-ES's initial step, in units of each parameter's scale.")
@click.option("--seed", type=click.IntRange(0, MAX_SEED), default=1, show_default=True,
              help="Seed of the run, 0 to 2**64-1: the same seed and options write the same files.")
@click.option("--sims", type=click.IntRange(1, 10_000_000), default=200, show_default=True,
              help="Simulations per decision for mcts drivers whose spec gives no budget.")
@click.option("--jobs", type=click.IntRange(1, 64), default=2, show_default=True, help="Processes in parallel.")
@ray_option
@click.option("--out", "out", type=click.Path(file_okay=False), required=True, metavar="DIR",
              help="The folder for results.jsonl and params.json.")
def tune(seat, table, drivers, baseline, params, generations, population, pairs, sigma, seed, sims,
         jobs, ray, out):
    """Tune a player's c_uct and evaluation weights with CMA-ES: every candidate plays --pairs
    paired games against --baseline (wyrm match's score: the mean paired margin difference).
    Writes DIR/results.jsonl (every generation) and DIR/params.json (load it with
    mcts:params=DIR/params.json). Progress goes to stderr, a line per generation."""
    from wyrm_ai.lab.tune import run_tune

    def write(text):
        click.echo(text, err=True)

    try:
        result = run_tune(out, seat=seat, factions=table, drivers=drivers, baseline=baseline,
                          params=params, generations=generations, population=population, pairs=pairs,
                          sigma=sigma, seed=seed, sims=sims, jobs=jobs, ray=ray, progress=write)
    except WyrmError as e:
        raise click.UsageError(str(e))
    except OSError as e:
        raise click.ClickException(f"cannot write into {out}: {e.strerror or e}")
    final = result.generations[-1]
    click.echo(f"tuned in {result.seconds:.0f}s; the final mean: "
               + ", ".join(f"{k}={v:g}" for k, v in final.mean.items()))
    click.echo(f"results written to {out}/results.jsonl, parameters to {out}/params.json")


# commands that live in their own packages
from wyrm_ai.terminal import play_command  # noqa: E402
from wyrm_ai.protocol import engine_command  # noqa: E402
from wyrm_ai.web.command import serve_command  # noqa: E402

main.add_command(play_command, "play")
main.add_command(engine_command, "engine")
main.add_command(serve_command, "serve")


if __name__ == "__main__":
    sys.exit(main())
