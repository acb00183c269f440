"""`wyrm play`: the click command that sets up a Session."""
from __future__ import annotations

import os
import shutil
import sys

import click
import numpy as np

from wyrm_ai.model import growth_caps as _caps
from wyrm_ai.model import maps
from wyrm_ai.model.hirelings import read as read_hirelings, text as hirelings_text_of
from wyrm_ai.model.bot_options import traits_text
from wyrm_ai.model.errors import WyrmError
from wyrm_ai.model.files import remove_stale_temporaries
from wyrm_ai.model.game import Game
from wyrm_ai.ai.planner import LEVELS
from wyrm_ai.model.seeds import MAX_SEED
from wyrm_ai.model import factions
from wyrm_ai.model.seeds import derive_seed
from wyrm_ai.seat_options import (bot_for, bot_option_flags, character_flag, deck_flag, draft_flags, draft_seat,
                                  hirelings_flag,
                                  draft_table, driver_reader, driver_seat, growth_caps_flag,
                                  map_flags, read_factions, seated_drivers, setup_flag, threads_option)
from wyrm_ai.ai.opponent import DRIVER_LEVELS, MIN_THINK, Opponent, ai_level, ai_seats, opponents
from wyrm_ai.terminal.saves import load_game, record_view, save_rootlog
from wyrm_ai.terminal.leaving import silence_output
from wyrm_ai.terminal.lineedit import LineReader, is_tty
from wyrm_ai.terminal.screen import color_wanted, output_columns, palette_wanted, redraw_wanted
from wyrm_ai.terminal.session import Session
from wyrm_ai.model.textboard.style import PALETTES, Style

LEVEL_HELP = "; ".join(f"{name}: {lv.about}" for name, lv in LEVELS.items())


@click.command("play", epilog="Levels - " + LEVEL_HELP + ". At the prompt type 'help'. "
               "See docs/play.md.")
@click.option("--factions", "table", callback=read_factions, default=None, metavar="A,B,...",
              help="The factions at the table in seat order, e.g. marquise,wyrm (the default).")
@click.option("--as", "side", default=None, metavar="FACTION",
              help="Your faction (default: the Marquise if seated, else the first of --factions); "
                   "the AI plays the others.")
@click.option("--ai", "drivers", callback=driver_reader((*LEVELS, *DRIVER_LEVELS)), default=None,
              metavar="FACTION=LEVEL,...", help="The AI of each named seat: easy, normal, hard, "
              "heuristic (easy) or mcts (--level if it searches, else normal); seats not named "
              "play at --level.")
@click.option("--level", type=click.Choice(list(LEVELS)), default=None,
              help="The AI's strength (default: normal). easy = the heuristic player, normal = "
                   "2,000 simulations / 1 s per turn, hard = 8,000 simulations / 4 s per turn.")
@click.option("--seed", type=click.IntRange(0, MAX_SEED), default=None, metavar="N",
              help="Seed for dice, draws and the AI, 0 to 2**64-1 (random if omitted; shown at "
                   "the start).")
@click.option("--think", type=click.FloatRange(min=MIN_THINK), default=None, metavar="SECONDS",
              help="The AI's thinking time per turn, instead of the level's budget (normal, hard).")
@threads_option("1", "the AI (normal, hard) and hints")
@click.option("--load", "load_path", type=click.Path(dir_okay=False), default=None,
              help="Resume a game saved with 'save FILE' (or left with 'quit').")
@click.option("--first", default=None, metavar="FACTION",
              help="Who takes the first turn in a new game: a seated faction or random (default: "
                   "marquise in the Marquise-Wyrm game, else chosen by chance from the seed).")
@click.option("--record", "record_path", type=click.Path(dir_okay=False), default=None,
              help="Where the game is saved as it goes and when you leave (default: the --load file, "
                   "else the first free name of wyrm-game-SEED.json, wyrm-game-SEED-2.json, ... here).")
@click.option("--save-rootlog", "rootlog_path", type=click.Path(dir_okay=False), default=None, metavar="FILE",
              help="Write the game as a Rootlog file when you leave (docs/rootlog.md): as your seat sees it "
                   "(the other hands' draws unnamed) while the game goes on, the referee's record once it "
                   "is over.")
@click.option("--color/--no-color", default=None,
              help="Force colour on or off (default: colour on a terminal, unless NO_COLOR is set "
                   "or TERM is dumb).")
@click.option("--palette", type=click.Choice(list(PALETTES)), default=None,
              help="Colours: default, cb (colour-blind safe) or basic (16 colours); default: "
                   "$WYRM_PALETTE, else default.")
@click.option("--reveal-ai", is_flag=True, default=False,
              help="Training: show what the AI weighed (why, its thinking line) during the game. Its "
                   "alternatives and values come from its own hand, so by default they are shown only "
                   "once the game is over; the screen says when they are on.")
@click.option("--auto/--no-auto", default=True,
              help="Play your forced decisions (a single legal action) for you and say so in one "
                   "line (default); --no-auto asks for them too. 'set auto on|off' at the prompt.")
@bot_option_flags
@growth_caps_flag
@map_flags
@deck_flag
@setup_flag
@draft_flags
@click.option("--seat", "seat", default=None, metavar="N",
              help="Your seat by its number in turn order, from 1 (as the board says 'Player 3'): how you "
                   "sit at a draft, where you choose your faction at your pick (default: seat 1).")
@character_flag
@hirelings_flag
def play_command(table, side, drivers, level, seed, think, threads, load_path, first, record_path, rootlog_path,
                 color, palette, reveal_ai, auto, bot_variant, bot_difficulty, bot_traits, growth_caps, board, suits,
                 deck, setup, draft, players, seat, character, hirelings):
    """Play Root against the AI: you are the Marquise de Cat, the Wyrm is the planner (or any
    seat of --factions, the AI playing the others).

    Type an action in the notation of docs/notation.md or its number from the list of legal
    actions; 'help' lists the commands (hint, undo, why, log, card, save FILE, new, resign, quit)."""
    settings = {}
    if load_path:
        try:
            game, settings = load_game(load_path)
        except WyrmError as e:
            raise click.ClickException(str(e))
        given = {"human": side, "level": level, "seed": seed, "think": think, "first": first,
                 "ai": drivers or None}
        for warning in conflicts(settings, given):
            click.echo(warning)
        if table is not None and table != game.factions:
            click.echo(f"warning: --factions {','.join(table)} is ignored: the save seats "
                       f"{','.join(game.factions)}")
        for warning in bot_conflicts(game.bot, bot_for(None, bot_variant, bot_difficulty, bot_traits),
                                     {"--bot-variant": bot_variant, "--difficulty": bot_difficulty,
                                      "--traits": bot_traits}):
            click.echo(warning)
        if growth_caps is not None and growth_caps != game.growth_caps:
            click.echo(f"warning: --growth-caps {_caps.text(growth_caps)} is ignored: the save was played "
                       f"with --growth-caps {_caps.text(game.growth_caps)}, and a loaded game keeps its "
                       f"save's settings")
        if draft is not None and tuple(draft) != game.draft:
            click.echo(f"warning: --draft {','.join(draft)} is ignored: the save was played with "
                       + (f"--draft {','.join(game.draft)}" if game.draft else "no draft")
                       + ", and a loaded game keeps its save's settings")
        for warning in option_conflicts(game, {"--map": ("board", board), "--deck": ("deck", deck),
                                               "--setup": ("setup", setup),
                                               "--character": ("character", character),
                                               "--hirelings": ("hirelings", hirelings)}):
            click.echo(warning)
        side, level, seed, think = (settings.get(k, given[k]) if k in settings else given[k]
                                    for k in ("human", "level", "seed", "think"))
        drivers = settings.get("ai", drivers)
    level = level or "normal"
    if seed is None:
        seed = int(np.random.SeedSequence().entropy % 2**31)
    if not load_path:
        table = draft_table(table, draft, players, setup)
        try:
            game = new_game(table, first, int(seed),
                            bot_for(table or factions.names(factions.TWO_SEATS), bot_variant, bot_difficulty, bot_traits),
                            growth_caps, board, suits, deck, setup, character, draft, hirelings)
        except WyrmError as e:
            raise click.UsageError(str(e))
    human = play_seat(game, side, seat)
    if factions.is_bot(game.factions[human]):
        raise click.BadParameter(f"the {game.factions[human]} is a bot: its order card drives its turn "
                                 f"(MM2 §2.2), so nobody takes its seat; play one of "
                                 f"{', '.join(f for f in game.factions if not factions.is_bot(f))}",
                                 param_hint="'--as'")
    try:
        ai = {name: ai_level(driver, level) for name, driver in seated_drivers(drivers, game.factions).items()}
        if game.factions[human] in ai or str(human + 1) in ai:
            raise click.BadParameter(f"the {game.factions[human]} is your seat, not the AI's",
                                     param_hint="'--ai'")
        opponent = Opponent(level, int(seed), think, threads)
        seat_opponents = opponents(ai_seats(game, human), level, int(seed),
                                   think, {driver_seat(game, f): lv for f, lv in ai.items()}, threads)
    except WyrmError as e:
        raise click.UsageError(str(e))
    settings = {**{k: v for k, v in settings.items() if k == "resigned"},
                "seed": int(seed), "human": game.start_factions[human] if game.draft is None else human,
                "level": level, "think": think,
                "first": game.start_factions[game.first] if game.draft is None else game.first,
                **({"ai": ai} if ai else {})}
    record_path = record_path or load_path        # None: saves.save_new_game picks a free name
    tolerate_bad_text()
    out_tty = is_tty(sys.stdout)
    try:
        style = Style(color_wanted(sys.stdout) if color is None else color, palette_wanted(palette))
    except WyrmError as e:
        raise click.UsageError(str(e))

    def out(text, nl=True):
        click.echo(text, nl=nl, color=style.color)
        if not nl:
            sys.stdout.flush()

    reader = LineReader()
    session = Session(game, human, opponent, int(seed), settings=settings, record_path=record_path,
                      opponents=seat_opponents,
                      out=out, read=reader, style=style, live=out_tty,
                      echo_input=not is_tty(sys.stdin), auto=auto, reveal_ai=reveal_ai,
                      screen=terminal_size if redraw_wanted(sys.stdout, sys.stdin) else None,
                      columns=output_columns(sys.stdout))
    reader.words = session.completions
    if load_path:
        out(f"Loaded {load_path}: {len(game.record)} actions, turn {game.state.turn_number}.")
        if game.is_terminal() or "resigned" in settings:
            out("That game is over; here is its record and the final position.")
            out("\n".join(record_view(game, human)))
            session.finish(save=False)
            if rootlog_path:
                play_rootlog(session, rootlog_path)
            return
    stale = remove_stale_temporaries(os.path.dirname(record_path or "") or ".")
    if stale:                                     # left by a save cut short (kill -9): issue 29 item 8
        out(f"removed {len(stale)} temporary file{'s' if len(stale) != 1 else ''} of a save cut short "
            f"({', '.join(stale[:3])}{', ...' if len(stale) > 3 else ''})")
    code = session.run()
    if session.leaving.gone:                      # the terminal is gone: nothing more reaches it
        silence_output()
    if rootlog_path:
        play_rootlog(session, rootlog_path)
    sys.exit(code)


def option_conflicts(game, options: dict) -> list[str]:
    """A warning for each game option given on the command line (not its default) that differs
    from the loaded save's: a loaded game keeps its save's settings. options: flag -> (click
    parameter name, its value)."""
    ctx = click.get_current_context()
    saved = {"--map": game.map, "--deck": game.deck, "--setup": game.setup, "--character": game.character,
             "--hirelings": hirelings_text(game.hirelings)}
    out = []
    for flag, (param, value) in options.items():
        if ctx.get_parameter_source(param) is not click.core.ParameterSource.COMMANDLINE:
            continue
        value = hirelings_text(value) if flag == "--hirelings" else value
        if str(value).lower() != str(saved[flag]).lower():
            out.append(f"warning: {flag} {value} is ignored: the save was played with {flag} {saved[flag]}, "
                       f"and a loaded game keeps its save's settings")
    return out


def hirelings_text(value) -> str:
    """The hirelings option as text ("bluebird-nobles,..." or "none"), for comparing and saying it."""
    return hirelings_text_of(read_hirelings(value))


def play_rootlog(session, path) -> None:
    """The game on the table when the person leaves, as Rootlog: the referee's record once it is
    over (or resigned), else as the person's seat sees it."""
    g = session.game
    over = g.is_terminal() or "resigned" in session.settings
    if g.position is not None:
        click.echo("no Rootlog written: a game set up from a position has no deal to start from")
        return
    save_rootlog(g, path, None if over else session.human)


def play_seat(game: Game, side, seat) -> int:
    """The person's seat: --seat N (from 1), or --as FACTION (default: the Marquise if seated, else
    the first seat that is not a bot's). In a draft a seat has no faction until its player
    chooses one, so --as names a seat by number only."""
    if seat is not None and side is not None:
        raise click.BadParameter("give your seat once: --seat N or --as FACTION", param_hint="'--seat'")
    drafting = game.draft is not None
    if seat is not None or (side is not None and str(side).strip().isdigit()) or (drafting and isinstance(side, int)):
        human = side if isinstance(side, int) else draft_seat(game, seat if seat is not None else side,
                                                                 "--seat" if seat is not None else "--as")
    elif drafting and side is not None:
        raise click.BadParameter(f"in a draft you choose your faction at your pick (LoR 16.1.8.2): take a "
                                 f"seat with --seat N (1-{game.num_seats}), not --as {side}", param_hint="'--as'")
    else:
        side = side or ("marquise" if "marquise" in game.factions else
                        next(name for name in game.factions if not factions.is_bot(name)))
        human = seat_option(game, side, "--as")
    if factions.is_bot(game.factions[human]):
        raise click.BadParameter(f"the {game.factions[human]} is a bot: its order card drives its turn "
                                 f"(MM2 §2.2), so nobody takes its seat; play one of "
                                 f"{', '.join(f for f in game.factions if not factions.is_bot(f))}",
                                 param_hint="'--as'" if seat is None else "'--seat'")
    return human


def new_game(table, first, seed: int, bot=None, growth_caps=None, board="autumn", suits=None,
             deck="standard", setup="standard", character=None, draft=None, hirelings=None) -> Game:
    """A new game at the table (default: Marquise and Wyrm, the Marquise first unless --first);
    at a table given with --factions and no --first, the first seat is drawn from the seed; bot:
    the Mechanical Marquise's options (BotOptions, None for the defaults); growth_caps: the
    Wyrm's Growth-track caps (None: W-EVE-2's); board: the map; suits: its suits (a layout word,
    drawn from the seed, or twelve suits; None: printed or random); deck: the shared deck; setup:
    the Standard or the Advanced Setup; character: the Vagabond's (None: his choice); draft: the
    faction draft's cards (None: no draft); hirelings: the hirelings in play (None: none)."""
    if table is None:
        table, first = factions.names(factions.TWO_SEATS), first or "marquise"
    if first is None or first.strip().lower() == "random":
        first = int(np.random.default_rng(derive_seed(seed, 1)).integers(len(table)))
    suits = maps.suits_for(board, suits, np.random.default_rng(derive_seed(seed, 2)))
    game = Game(first=0, factions=table, bot=bot, growth_caps=growth_caps, map=board, suits=suits, deck=deck,
                setup=setup, character=character, draft=draft, hirelings=hirelings)
    if isinstance(first, str) and first.strip().isdigit():       # a seat by number, from 1 (a draft's)
        first = draft_seat(game, first, "--first")
    return Game(first=seat_option(game, first, "--first"), factions=table, **game.options)


def bot_conflicts(saved, given, flags: dict) -> list[str]:
    """One warning per bot option given with --load that differs from the save's: the save's
    options are the game's (MM2 §2.2: difficulty and traits are chosen at setup)."""
    shown = {"--bot-variant": (saved.variant_name, given.variant_name),
             "--difficulty": (saved.difficulty, given.difficulty),
             "--traits": (traits_text(saved.traits), traits_text(given.traits))}
    return [f"warning: {flag} {shown[flag][1]} is ignored: the save was played with {flag} {shown[flag][0]}, "
            f"and a loaded game keeps its save's settings"
            for flag, value in flags.items() if value is not None and shown[flag][0] != shown[flag][1]]


def seat_option(game: Game, name, option: str) -> int:
    """The seat of a faction given to an option; BadParameter naming the option when it is not
    seated."""
    if isinstance(name, int):
        return name
    try:
        return game.seat_of(name.strip())
    except WyrmError:
        raise click.BadParameter(f"{name!r} is not seated: the factions are {', '.join(game.factions)}",
                                 param_hint=f"'{option}'") from None


OPTION_OF = {"human": "--as", "level": "--level", "seed": "--seed", "think": "--think",
             "first": "--first", "ai": "--ai"}


def conflicts(saved: dict, given: dict) -> list[str]:
    """One warning per command-line option that differs from the loaded save's setting: the
    save's settings win, so a game resumes exactly as it was played."""
    out = []
    for key, value in given.items():
        if value is None or key not in saved or value == saved[key]:
            continue
        was = "the level's budget" if saved[key] is None else f"{OPTION_OF[key]} {_shown(saved[key])}"
        out.append(f"warning: {OPTION_OF[key]} {_shown(value)} is ignored: the save was played with "
                   f"{was}, and a loaded game keeps its save's settings")
    return out


def _shown(value) -> str:
    return f"{value:g}" if isinstance(value, float) else str(value)


def tolerate_bad_text() -> None:
    """Bytes that are not text in the terminal's encoding read as U+FFFD (an unreadable action,
    answered with a message) and characters the output cannot encode print as '?': never a crash."""
    for stream in (sys.stdin, sys.stdout):
        try:
            stream.reconfigure(errors="replace")
        except (AttributeError, ValueError, OSError):
            pass


def terminal_size() -> tuple[int, int]:
    """The terminal's (columns, rows), asked at each redraw so a resized window is filled."""
    size = shutil.get_terminal_size()
    return max(40, size.columns), max(12, size.lines)
