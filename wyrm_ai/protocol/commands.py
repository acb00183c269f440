"""Every command of the engine protocol (docs/protocol.md): its handler, its usage and whether
it may run while a search is going on. A handler returns the reply text or raises ProtocolError;
it validates everything before it changes anything. Each handler takes the session `s` (a
session.Session, whose loop calls dispatch: session.py imports this module, not the other way)
and the command's arguments."""
from __future__ import annotations

import json

import wyrm_ai
from wyrm_ai import _core
from wyrm_ai.model.bot_options import BotOptions
from wyrm_ai.model.errors import ConfigError, SaveError, WyrmError
from wyrm_ai.model.files import read_regular
from wyrm_ai.model.game import MAX_SAVE_BYTES, Game
from wyrm_ai.model import cards, characters, factions, growth_caps, hirelings, maps, setups
from wyrm_ai.model.numbers import decimal
from wyrm_ai.protocol.io import Command, ProtocolError, words
from wyrm_ai.protocol.search import Limits, SearchJob
from wyrm_ai.ai.planner import LEVELS, cores, thread_count
from wyrm_ai.model.seeds import MAX_SEED, derive_seed
from wyrm_ai.protocol.views import (PROTOCOL_VERSION, apply_with_event, board_view, events_view, views_of,
                                    record_view, state_view, viewer)
from wyrm_ai.model.redaction import PUBLIC, REFEREE

MAX_SIMS = 10**9
MAX_MOVETIME = 10**9           # milliseconds
MIN_NODES, MAX_NODES = 1_000, 50_000_000   # the node cap option (32 bytes a node)
INFINITE_MS = 10**12

def _int(text: str, what: str, lo: int, hi: int) -> int:
    n = decimal(text, lo, hi)
    if n is None:
        raise ProtocolError("syntax", f"{what} must be a whole number from {lo} to {hi}, not {text[:40]!r}")
    return n


def _no_args(cmd: Command) -> None:
    if cmd.args:
        raise ProtocolError("syntax", f"{cmd.name} takes no arguments")


def _idle(s) -> None:
    if s.searching:
        raise ProtocolError("busy", "a search is running (send stop first)")


def _seat_to_move(s) -> None:
    g = s.game
    if g.is_terminal():
        raise ProtocolError("not_now", "the game is over")
    if g.is_chance_node():
        raise ProtocolError("not_now", "waiting for a chance outcome (send chance <outcome>)")


# ---- identity ----
def cmd_protocol_version(s, cmd):
    _no_args(cmd)
    return PROTOCOL_VERSION


def cmd_name(s, cmd):
    _no_args(cmd)
    return "wyrm-ai"


def cmd_version(s, cmd):
    _no_args(cmd)
    return wyrm_ai.__version__


def cmd_list_commands(s, cmd):
    _no_args(cmd)
    return "\n".join(COMMANDS)


def cmd_known_command(s, cmd):
    if not cmd.args or len(words(cmd.args)) != 1:
        raise ProtocolError("syntax", "usage: known_command <name>")
    return "true" if cmd.args in COMMANDS else "false"


def cmd_isready(s, cmd):
    _no_args(cmd)
    return "readyok"


def cmd_quit(s, cmd):
    _no_args(cmd)
    s.stop_search()
    s.quitting = True
    return ""


# ---- games ----
def cmd_new(s, cmd):
    """`new <faction> <faction> [<faction> [<faction>]] [seed]`: the factions in turn order."""
    given = words(cmd.args)
    seed = None
    if len(given) > 2 and given[-1].lower() not in (*factions.NAMES, factions.DRAFT_SEAT):
        seed = _int(given.pop(), "the seed", 0, MAX_SEED)
    names = [w.lower() for w in given]
    drafting = s.options.draft != "off"
    playable = factions.names(_core.PLAYABLE_FACTIONS) + ((factions.DRAFT_SEAT,) if drafting else ())
    usage = (f"usage: new <faction> <faction> ... [seed]: 2-{factions.MAX_SEATS} different factions in turn order "
             f"(this engine seats {', '.join(playable)})")
    unseated = [w for w in names if w not in playable]
    if unseated:
        raise ProtocolError("syntax", f"this engine cannot seat {unseated[0][:40]!r}; {usage}")
    # `vagabond` may be named twice: the later one is the second Vagabond (LoR 9.7, factions.table_of)
    twice = [w for w in set(names) if w != factions.DRAFT_SEAT and names.count(w) > (2 if w == "vagabond" else 1)
             or (w == "vagabond" and names.count(w) == 2 and "vagabond2" in names)]
    if not 2 <= len(names) <= factions.MAX_SEATS or twice:
        raise ProtocolError("syntax", f"{len(names)} factions{' (one named twice)' if twice else ''}; {usage}")
    try:
        table, first = factions.seating(names)
    except ConfigError as e:
        raise ProtocolError("syntax", f"{e}; {usage}") from None
    if seed is not None:
        s.reseed(seed)
    try:        # the suit markers are shuffled with the engine's own generator (LoR 16.1.1)
        suits = maps.suits_for(s.options.map, s.options.suits, s.rng)
    except ConfigError as e:
        raise ProtocolError("syntax", f"suits: {e}") from None
    character = s.options.character if factions.VAGABOND in table else None    # his, where he sits
    if drafting and factions.DRAFT_SEAT not in names:
        raise ProtocolError("syntax", f"with setoption draft, seat the players of the draft as `draft` "
                                      f"(new draft draft draft [seed]; a bot may sit named); {usage}")
    try:
        game = Game(first=first, factions=table, bot=s.options.bot, growth_caps=s.options.growth_caps,
                    map=s.options.map, suits=suits, deck=s.options.deck, setup=s.options.setup, character=character,
                    draft=s.options.draft.split(",") if drafting else None, hirelings=s.options.hirelings)
    except ConfigError as e:
        if s.options.hirelings != "none" and "hireling" in str(e):   # the table and the hirelings (LoR 16.1.6.5)
            raise ProtocolError("syntax", f"hirelings: {e} (setoption hirelings none for a game without "
                                          f"them)") from None
        raise ProtocolError("syntax", f"{e}; {usage}") from None
    return s.replace_game(game)


def draft_option(value: str) -> str:
    """`setoption draft off|on|<cards>`: off (no draft), on (every faction's card) or the cards,
    comma-separated faction names (vagabond twice: both his cards) -> the option's text ("off",
    or the cards); a syntax error names what is wrong."""
    key = value.strip().lower()
    if key == "off":
        return "off"
    try:
        cards = factions.draft_cards(True if key == "on" else [w.strip() for w in key.split(",")])
    except ConfigError as e:
        raise ProtocolError("syntax", f"draft: {e} (or off, on)") from None
    return ",".join(factions.names(cards))


def parse_position(args: str) -> tuple[str, list[str]]:
    """`[startpos] [first=<faction>] [moves <action>; <action>; ...]` -> (first, action texts)."""
    head, sep, tail = args.partition("moves")
    if sep and head and head[-1] != " ":
        raise ProtocolError("syntax", "usage: position [startpos] [first=<faction>] [moves a; b; ...]")
    first = "marquise"
    for word in words(head):
        w = word.lower()
        if w == "startpos":
            continue
        if w.startswith("first="):
            first = w[6:]
            if first not in factions.names(factions.TWO_SEATS):
                raise ProtocolError("syntax", f"first= takes marquise or wyrm, not {word[6:][:40]!r}")
            continue
        raise ProtocolError("syntax", f"unexpected {word[:40]!r}: usage: position [startpos] "
                                      "[first=<faction>] [moves a; b; ...]")
    actions = [a.strip(" ") for a in tail.split(";")] if sep else []
    return first, [a for a in actions if a]


def cmd_position(s, cmd):
    first, actions = parse_position(cmd.args)
    game = Game(first=first)
    for i, text in enumerate(actions):
        try:
            game.apply(text)
        except WyrmError as e:
            raise ProtocolError("illegal", f"move {i + 1} ({text[:60]!r}): {e}") from None
    return s.replace_game(game)


def read_position(args: str):
    """`setposition <json>` (one line) or `setposition <file>` holding the JSON."""
    text = args
    if not args.startswith("{"):
        try:
            text = read_regular(args, MAX_SAVE_BYTES).decode("utf-8")
        except (OSError, ValueError) as e:          # files.FileRefused: not regular, too large; not UTF-8
            raise ProtocolError("file", f"cannot read position {args}: {getattr(e, 'strerror', None) or e}") from None
    try:
        return json.loads(text)
    except (ValueError, RecursionError) as e:
        raise ProtocolError("syntax", f"the position is not valid JSON: {e}") from None


def cmd_setposition(s, cmd):
    if not cmd.args:
        raise ProtocolError("syntax", "usage: setposition <position JSON> | setposition <file>")
    try:
        game = Game.from_position(read_position(cmd.args))
    except WyrmError as e:
        raise ProtocolError("illegal", str(e)) from None
    return s.replace_game(game)


def cmd_load(s, cmd):
    if not cmd.args:
        raise ProtocolError("syntax", "usage: load <file>")
    try:
        game = Game.load(cmd.args)
    except SaveError as e:
        raise ProtocolError("file", str(e)) from None
    return s.replace_game(game)


def cmd_save(s, cmd):
    if not cmd.args:
        raise ProtocolError("syntax", "usage: save <file>")
    try:
        s.game.save(cmd.args)
    except SaveError as e:
        raise ProtocolError("file", str(e)) from None
    return ""


# ---- moves ----
def cmd_play(s, cmd):
    if not cmd.args:
        raise ProtocolError("syntax", "usage: play <action>")
    _seat_to_move(s)
    return _apply_and_report(s, cmd.args)


def _apply_and_report(s, text):
    """Apply one action or outcome, let the engine resolve its chance, report what happened."""
    try:
        event = apply_with_event(s.game, text, REFEREE)   # the front end sent it: echoed in full
    except WyrmError as e:
        raise ProtocolError("illegal", str(e)) from None
    return s.report([event] + s.settle())


def cmd_chance(s, cmd):
    if not cmd.args:
        raise ProtocolError("syntax", "usage: chance <outcome>")
    if not s.game.is_chance_node():
        why = ("the game is over" if s.game.is_terminal() else
               "no chance event is pending" + (" (the engine owns dice and deck: setoption chance external)"
                                                if s.options.chance == "internal" else ""))
        raise ProtocolError("not_now", why)
    return _apply_and_report(s, cmd.args)


def cmd_undo(s, cmd):
    n = _int(cmd.args, "the count", 1, 10**6) if cmd.args else 1
    seats = s.game.record_seats
    external = s.options.chance == "external"
    cut, found = len(seats), 0
    while cut > 0 and found < n:
        cut -= 1
        if seats[cut] >= 0 or external:
            found += 1
    if found < n:
        raise ProtocolError("not_now", f"cannot undo {n}: only {found} to take back")
    s.game.undo(len(seats) - cut)
    return s.report(s.settle())


def cmd_legal(s, cmd):
    _no_args(cmd)
    g = s.game
    if g.is_terminal():
        return ""
    if g.is_chance_node():
        return "\n".join(g.describe(a, -1) for a, _ in g.chance_outcomes())
    return "\n".join(g.legal_texts())


def cmd_state(s, cmd):
    view = cmd.args.lower() if cmd.args else "public"
    views = views_of(s.game)
    if view not in views:
        raise ProtocolError("syntax", f"usage: state [{'|'.join(views)}]")
    return json.dumps(state_view(s.game, view), separators=(",", ":"))


def cmd_showboard(s, cmd):
    view = cmd.args.lower() if cmd.args else "public"
    views = views_of(s.game)
    if view not in views:
        raise ProtocolError("syntax", f"usage: showboard [{'|'.join(views)}]")
    return board_view(s.game, view)


def cmd_record(s, cmd):
    words = cmd.args.lower().split() if cmd.args else []
    rootlog = bool(words) and words[0] == "rootlog"
    if rootlog:
        words = words[1:]
    view = words[0] if len(words) == 1 else PUBLIC
    views = views_of(s.game)
    if len(words) > 1 or view not in views:
        raise ProtocolError("syntax", f"usage: record [rootlog] [{'|'.join(views)}]")
    view = viewer(s.game, view)             # a player of the draft's `player2`: its seat
    if not rootlog:
        return "\n".join(record_view(s.game, view))
    if s.game.position is not None:
        raise ProtocolError("not_now", "a game set up from a position has no Rootlog record (Rootlog starts "
                                       "from the deal)")
    from wyrm_ai.rootlog.writer import write
    return write(s.game, view).rstrip("\n")


def cmd_events(s, cmd):
    n, view = 1, PUBLIC
    for word in words(cmd.args):
        if word.lower() in views_of(s.game):
            view = word.lower()
        else:
            n = _int(word, "the count", 1, 10**6)
    return "\n".join(json.dumps(entry, separators=(",", ":")) for entry in events_view(s.game, view, n))


# ---- search ----
def parse_go(s, args: str) -> Limits:
    given = words(args)
    limits = Limits()
    i = 0
    while i < len(given):
        key = given[i]
        if key == "infinite":
            limits.movetime = INFINITE_MS
            i += 1
            continue
        if key not in ("sims", "movetime") or i + 1 >= len(given):
            raise ProtocolError("syntax", "usage: go [sims N] [movetime MS] [infinite]")
        if key == "sims":
            limits.sims = _int(given[i + 1], "sims", 1, MAX_SIMS)
        else:
            limits.movetime = _int(given[i + 1], "movetime", 1, MAX_MOVETIME)
        i += 2
    if limits.sims is None and limits.movetime is None:
        o = s.options
        if o.budget_sims is None and o.budget_ms is None:
            limits.heuristic = True
        limits.sims, limits.movetime = o.budget_sims, o.budget_ms
        level, g = LEVELS[o.level], s.game
        if o.level_budget and level.planner and g.current_player >= 0:   # the level's search for this seat
            table = (g.num_seats, g.factions[g.current_player])
            limits.sims, limits.options = level.sims_at(*table), level.options(*table)
    limits.max_nodes = s.options.max_nodes
    limits.tree_seats = s.options.tree_seats
    limits.threads = s.options.threads
    return limits


def cmd_go(s, cmd):
    limits = parse_go(s, cmd.args)
    _seat_to_move(s)
    with s.lock:
        if s.job is not None:
            raise ProtocolError("busy", "a search is already running (send stop first)")
        s.searches += 1
        seed = derive_seed(s.options.seed, s.searches)
        s.job = SearchJob(s, cmd.id, s.game.clone(), limits, seed)
        s.job.start()
    return None


def cmd_stop(s, cmd):
    _no_args(cmd)
    s.stop_search()
    return ""


def cmd_setoption(s, cmd):
    given = words(cmd.args)
    if len(given) == 4 and given[0] == "name" and given[2] == "value":   # UCI form
        given = [given[1], given[3]]
    if len(given) != 2:
        raise ProtocolError("syntax", f"usage: setoption <name> <value> ({', '.join(OPTIONS)})")
    name, value = given[0].lower(), given[1].lower()
    o = s.options
    if name == "level":
        if value not in LEVELS:
            raise ProtocolError("syntax", "level is easy, normal or hard")
        o.level, o.budget_sims, o.budget_ms, o.level_budget = value, LEVELS[value].sims, None, True
    elif name == "budget":
        if value.endswith("ms"):
            o.budget_sims, o.budget_ms = None, _int(value[:-2], "budget milliseconds", 1, MAX_MOVETIME)
        else:
            o.budget_sims, o.budget_ms = _int(value, "budget simulations", 1, MAX_SIMS), None
        o.level_budget = False
    elif name == "threads":
        try:
            o.threads = thread_count(value, most=cores())
        except ConfigError:
            raise ProtocolError("syntax", f"threads must be a whole number from 1 to {cores()} (the "
                                f"machine's cores), or 0 or auto for all of them, not {value[:40]!r}") from None
    elif name == "seed":
        s.reseed(_int(value, "the seed", 0, MAX_SEED))
    elif name == "chance":
        if value not in ("internal", "external"):
            raise ProtocolError("syntax", "chance is internal (the engine rolls and draws) or external")
        o.chance = value
        return s.report(s.settle())
    elif name == "max_nodes":
        o.max_nodes = _int(value, "max_nodes", MIN_NODES, MAX_NODES)
    elif name == "tree_seats":
        if value not in _core.TREE_SEATS:
            raise ProtocolError("syntax", "tree_seats is observer (the tree holds the engine's seat's "
                                "decisions) or all (every seat's decisions of the turn)")
        o.tree_seats = value
    elif name in BOT_OPTIONS:
        o.bot = bot_option(s, name, value)
    elif name in NAMED_OPTIONS:                    # the next `new`'s map, deck, setup, character or hirelings
        read, text = NAMED_OPTIONS[name]
        try:
            setattr(o, name, text(read(value)))
        except ConfigError as e:
            raise ProtocolError("syntax", f"{name}: {e}") from None
    elif name == "draft":                          # the next `new`'s faction draft (LoR 16.1.8; 2.14)
        o.draft = draft_option(value)
    elif name == "suits":                          # the next `new`'s suits: a layout or F1,M2,...
        if value not in maps.LAYOUTS:
            try:
                maps.read_suits(value)
            except ConfigError as e:
                raise ProtocolError("syntax", f"suits: {e}") from None
        o.suits = value
    elif name == growth_caps.OPTION_NAME:         # the next `new`'s Growth-track caps (W-EVE-1)
        try:
            o.growth_caps = growth_caps.parse(value)
        except ConfigError as e:
            raise ProtocolError("syntax", f"growth_caps: {e}") from None
    else:
        raise ProtocolError("syntax", f"no option {given[0][:40]!r}: {', '.join(OPTIONS)}")
    return ""


# the options of setoption; the game's: the map, its suits, the shared deck, the setup, the faction draft, the
# Vagabond's character, the hirelings, the Wyrm's Growth-track caps (wyrm_ai/model/growth_caps.py) and, last, the Mechanical Marquise's
# three (BotOptions.parse's names)
BOT_OPTIONS = {"bot_variant": "variant", "difficulty": "difficulty", "traits": "traits"}
# the game's options given by a name: (read: the name's id, or a ConfigError naming the choices; the id's text)
NAMED_OPTIONS = {"map": (maps.read_map, maps.NAMES.__getitem__),                       # docs/maps.md
                 "deck": (cards.read_deck, cards.DECK_NAMES.__getitem__),              # docs/ep-deck.md
                 "setup": (setups.read_setup, setups.SETUP_NAMES.__getitem__),         # docs/advanced-setup.md
                 "character": (characters.read_character, characters.character_text),  # docs/characters.md
                 # the hirelings (LoR 16.4; 2.21): none or three sides, checked as far as no table matters
                 "hirelings": (hirelings.checked, hirelings.text)}
OPTIONS = ("level", "budget", "threads", "seed", "chance", "max_nodes", "tree_seats", "map", "suits", "deck",
           "setup", "draft", "character", "hirelings", growth_caps.OPTION_NAME, *BOT_OPTIONS)


def bot_option(s, name: str, value: str) -> BotOptions:
    """The session's bot options with one changed (for the next `new`): a syntax error naming a
    bad value; not_now while the session's game seats the Mechanical Marquise and is not over,
    since its difficulty and traits are chosen at setup (MM2 §2.2) and cannot change in play."""
    try:
        given = BotOptions.parse(**{BOT_OPTIONS[name]: value})
    except ConfigError as e:
        raise ProtocolError("syntax", str(e)) from None
    g = s.game
    if not g.is_terminal() and any(factions.is_bot(f) for f in g.faction_ids):
        raise ProtocolError("not_now", f"the game running seats the Mechanical Marquise, and its options "
                            f"are chosen at setup (MM2 §2.2): they cannot change in play; set {name} "
                            f"before new, or when the game is over")
    old = s.options.bot
    return BotOptions(given.variant if name == "bot_variant" else old.variant,
                      given.level if name == "difficulty" else old.level,
                      given.traits if name == "traits" else old.traits)


def cmd_options(s, cmd):
    _no_args(cmd)
    return "\n".join(s.options.lines())


# name -> (handler, may run while searching)
COMMANDS = {
    "protocol_version": (cmd_protocol_version, True),
    "name": (cmd_name, True),
    "version": (cmd_version, True),
    "list_commands": (cmd_list_commands, True),
    "known_command": (cmd_known_command, True),
    "isready": (cmd_isready, True),
    "quit": (cmd_quit, True),
    "new": (cmd_new, False),
    "position": (cmd_position, False),
    "setposition": (cmd_setposition, False),
    "load": (cmd_load, False),
    "save": (cmd_save, True),
    "play": (cmd_play, False),
    "chance": (cmd_chance, False),
    "undo": (cmd_undo, False),
    "legal": (cmd_legal, True),
    "state": (cmd_state, True),
    "showboard": (cmd_showboard, True),
    "record": (cmd_record, True),
    "events": (cmd_events, True),
    "go": (cmd_go, False),
    "stop": (cmd_stop, True),
    "setoption": (cmd_setoption, False),
    "options": (cmd_options, True),
}


def dispatch(s, cmd: Command):
    entry = COMMANDS.get(cmd.name)
    if entry is None:
        raise ProtocolError("unknown_command", f"unknown command {cmd.name[:60]!r} (see list_commands)")
    handler, while_searching = entry
    if not while_searching:
        _idle(s)
    return handler(s, cmd)
