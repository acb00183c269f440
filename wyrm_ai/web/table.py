"""The games a server holds: who plays each seat (a browser holding one or more seats, the AI at a
level, or the rules for a bot), the AI's turns, undo back to a player's last decision, hints, and
each player's view. Every change goes through the game's EngineBridge (protocol commands); what a
player is shown is the protocol's view of one seat (`state <faction>`, `events N <faction>`), so
the redaction of views (wyrm_ai/model/redaction.py) applies to every message."""
from __future__ import annotations

import hashlib
import json
import re
import secrets
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from wyrm_ai import _core
from wyrm_ai.ai import calibration
from wyrm_ai.model import factions
from wyrm_ai.model.cards import DECK_TITLES
from wyrm_ai.model.setups import SETUP_NAMES
from wyrm_ai.model.characters import ANY, CHARACTER_NAMES
from wyrm_ai.model import hirelings
from wyrm_ai.model.chance_streams import keyed_outcome
from wyrm_ai.model.errors import ConfigError
from wyrm_ai.model.files import write_atomic
from wyrm_ai.ai.planner import LEVELS
from wyrm_ai.protocol.io import ProtocolError
from wyrm_ai.protocol.views import seat_keys, who_moves
from wyrm_ai.ai.opponent import HINT_BUDGET
from wyrm_ai.web.bridge import EngineBridge
from wyrm_ai.web.layout import map_choices
from wyrm_ai.web.targets import legal_targets
from wyrm_ai.web.words import board_extras, entry_words, table_words

HUMAN, BOT = "human", "bot"
GAME_OPTIONS = ("bot_variant", "difficulty", "traits", "growth_caps", "map", "suits", "deck",
                "setup", "character", "hirelings")      # setoption names, given to `new`
BODY_OPTIONS = ("map", "suits", "deck", "setup", "character", "hirelings")    # in the body, or in options
SUIT_LAYOUTS = ("random", "balanced", "suggested")     # `setoption suits`' words (or F1,M2,...: docs/maps.md)
SAVE_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$")
SAVE_SUFFIX, OWNER_SUFFIX = ".json", ".owner"   # NAME.json: the save; NAME.owner: whose it is
MAX_GAMES = 64               # games a server keeps (issue 29 item 7)
PER_CLIENT = 16              # games in play one client address may hold
IDLE_SECONDS = 15 * 60       # a game nobody has touched this long, with no connection, may go
SAVING = threading.Lock()     # one save at a time: a name's owner is checked, then written
FIRST_EVENTS = 12            # record entries a player is told when it (re)connects


class WebError(Exception):
    """A request the server refuses: code (as the protocol's: syntax, illegal, not_now, file, ...
    or the server's own: not_found, not_yours) and a message naming what was wrong."""

    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code, self.message = code, message

    @classmethod
    def of(cls, e: ProtocolError) -> "WebError":
        return cls(e.code, e.message)


@dataclass
class Player:
    """A browser's hold on a game: its secret token and the seats it plays (seat numbers from 0:
    a seat of the faction draft changes its name when it chooses, LoR 16.1.8.2); more than one
    for hot-seat play."""
    token: str
    ids: tuple[int, ...]
    last: int = -1
    shown: str = ""          # the view of its last update

    def seat(self, to_move: int) -> int:
        """The seat whose view the player is shown: the seat to move when it is one of its own
        (hot-seat), else the one it played last."""
        if to_move in self.ids:
            self.last = to_move
        return self.last if self.last >= 0 else self.ids[0]


def _is_bot(name: str) -> bool:
    """Whether a seat's name (a faction's, `player2` in a draft, or anything) is a bot's."""
    try:
        return factions.is_bot(name)
    except ConfigError:
        return False


def _seat_players(names: list[str], humans, levels) -> list[str]:
    """Each seat's player (names: the seats' keys, a faction's name or `player2` for a player of
    the draft): human, a level, or bot, checked."""
    if not isinstance(humans, list) or not all(isinstance(h, str) for h in humans):
        raise WebError("syntax", "humans must be a list of faction names (player1, player2, ... in a draft)")
    if not isinstance(levels, dict):
        raise WebError("syntax", "levels must be an object: faction -> easy, normal or hard")
    humans = [h.strip().lower() for h in humans]
    levels = {str(k).strip().lower(): v for k, v in levels.items()}
    for h in humans + list(levels):
        if h not in names:
            raise WebError("syntax", f"{str(h)[:40]!r} is not seated at this table ({', '.join(names)})")
    out = []
    for name in names:
        if _is_bot(name):
            out.append(BOT)
            if name in humans:
                raise WebError("syntax", f"{name} is a bot: the rules play it, nobody can hold its seat")
        elif name in humans:
            out.append(HUMAN)
        else:
            level = levels.get(name, "normal")
            if not isinstance(level, str) or level not in LEVELS:
                raise WebError("syntax", f"the level of {name} is easy, normal or hard, not {str(level)[:40]!r}")
            out.append(level)
    if HUMAN not in out:
        raise WebError("syntax", "at least one seat must be played in the browser (humans)")
    return out


class Table:
    """One game: its engine session, its seats and players. Every method that talks to the engine
    holds self.lock, so the AI's turns (in a worker thread) and the players' commands take turns."""

    def __init__(self, gid: str, bridge: EngineBridge, who: list[str], hotseat: bool, hint_sims: int,
                 hint_ms: int, seed: int = 0, client: str = "", clock: Callable[[], float] = time.monotonic):
        self.id, self.bridge, self.who = gid, bridge, list(who)     # who plays each seat, by seat number
        self.lock = threading.RLock()
        self.hint_sims, self.hint_ms = hint_sims, hint_ms
        self.seed = seed                 # the chance of the game's decisions is keyed by it (settle)
        self.client, self.clock = client, clock      # the address that made it; the activity clock
        self.last_active = clock()
        self.connections = 0             # open WebSockets (the server counts them)
        humans = tuple(i for i, w in enumerate(self.who) if w == HUMAN)
        groups = [humans] if hotseat else [(h,) for h in humans]
        self.players = {t.token: t for t in (Player(secrets.token_urlsafe(16), g) for g in groups)}

    # ---- reading ----
    def player(self, token) -> Player:
        p = self.players.get(token) if isinstance(token, str) else None
        if p is None:
            raise WebError("not_yours", "this token holds no seat of this game")
        self.touch()
        return p

    def touch(self) -> None:
        """A player did something: the game is active."""
        self.last_active = self.clock()

    def in_play(self, idle: float) -> bool:
        """Whether a player is connected or was active in the last `idle` seconds: such a game is
        never let go to make room (issue 29 item 7)."""
        return self.connections > 0 or self.clock() - self.last_active < idle

    def keys(self) -> tuple[str, ...]:
        """Each seat's name as the engine's views name it: its faction, or `player2` for a player
        of the faction draft who has not chosen yet (protocol 2.14)."""
        return seat_keys(self.bridge.game)

    @property
    def seats(self) -> dict:
        """Seat name -> who plays it (human, a level, bot), in seat order."""
        return dict(zip(self.keys(), self.who))

    def seats_of(self, player: Player) -> list[str]:
        keys = self.keys()
        return [keys[i] for i in player.ids]

    @property
    def to_move(self) -> str:
        return who_moves(self.bridge.game)

    def record_length(self) -> int:
        return len(self.bridge.game.record)

    def ai_to_move(self) -> bool:
        with self.lock:
            p = self.bridge.game.current_player
            return p >= 0 and self.who[p] not in (HUMAN, BOT)

    def snapshot(self, player: Player, seen: int | None) -> tuple[dict | None, int]:
        """The update a player is sent: its seat's state view, the legal actions with their
        clearings when that seat decides, the record entries since `seen` (its seat's view of
        each; all of the last FIRST_EVENTS when seen is None) and who plays each seat. Returns it
        with the record length it brings the player to; None when the player has seen it all
        (the game changes only by the record)."""
        with self.lock:
            n = self.record_length()
            if seen == n:
                return None, n
            seat = player.seat(self.bridge.game.current_player)
            view = self.keys()[seat]
            state = self.bridge.state(view)
            undone = seen is not None and n < seen
            # the log starts again on (re)connecting, after an undo, and when a hot-seat player's
            # view passes to another seat: no seat's screen keeps what another seat was told
            fresh = seen is None or undone or view != player.shown
            player.shown = view
            start = max(0, n - FIRST_EVENTS) if fresh else seen
            game = self.bridge.game
            events = self.bridge.events(n - start, view)
            words = table_words(game, state)
            entry_words(events, words["titles"])  # each action in words, headed by who took it
            msg = {"type": "update", "game": self.id, "view": view, "seats": self.seats_of(player),
                   "players": dict(self.seats), "state": state, "undone": undone, "fresh": fresh,
                   "events": events, "words": words,
                   "board": board_extras(game, seat),
                   "actions": legal_targets(game, state["legal"]) if "legal" in state else [],
                   "calibrated": _calibrated(game, seat)}
            return msg, n

    # ---- changing ----
    def _own_turn(self, player: Player) -> str:
        seat = self.to_move
        if self.bridge.game.current_player not in player.ids:
            who = "the game is over" if seat == "over" else f"it is {seat}'s decision"
            raise WebError("not_now", f"not your turn: {who}")
        return seat

    def play(self, player: Player, action) -> None:
        if not isinstance(action, str) or not action.strip():
            raise WebError("syntax", "play needs an action: one of the legal actions' texts")
        with self.lock:
            self._own_turn(player)
            try:
                self._play(action)
            except ProtocolError as e:
                raise WebError.of(e) from None

    def _play(self, action: str) -> None:
        """Play an action, then supply the chance it brings (the engine's chance is external at
        the web board): each outcome keyed by the game's seed, its stream and how many outcomes of
        that stream came before (chance_streams.py), so undo and the same decision bring the same
        rolls and draws, and another path draws the same next card (issue 29 item 7)."""
        self.bridge.ask(f"play {action}")
        self.settle()

    def settle(self) -> None:
        """Supply every pending chance outcome (after a decision, and once a game is set up)."""
        game = self.bridge.game
        while game.is_chance_node():
            a = keyed_outcome(game, self.seed)
            text = next(t for t, b in game.chance_texts().items() if b == a)
            self.bridge.ask(f"chance {text}")

    def undo(self, player: Player) -> int:
        """Take back the actions since (and including) the player's last decision, the AI's
        replies and the chance outcomes with them (the engine's chance is external here, so
        `undo N` counts every record entry); returns how many entries went back."""
        with self.lock:
            seats, names = self.bridge.game.record_seats, self.keys()
            n = 0                        # record entries to take back, chance outcomes with them
            for s in reversed(seats):
                n += 1
                if s < 0:
                    continue
                if s in player.ids:
                    break
                if self.who[s] == HUMAN:
                    raise WebError("not_now", f"undo would take back {names[s]}'s move, another player's")
            else:
                raise WebError("not_now", "nothing of yours to undo")
            try:
                self.bridge.ask(f"undo {n}")
            except ProtocolError as e:
                raise WebError.of(e) from None
            return n

    def ai_step(self) -> bool:
        """If an AI seat is to move, let the engine choose at its level (`go`) and play it (`play
        bestmove`). False when no AI seat is to move."""
        with self.lock:
            p = self.bridge.game.current_player
            level = self.who[p] if p >= 0 else None
            if level in (None, HUMAN, BOT):
                return False
            self.bridge.ask(f"setoption level {level}")
            best, _ = self.bridge.go()
            self._play(best)
            return True

    def hint(self, player: Player) -> dict:
        """The engine's suggestion for the player's seat to move, with its calibrated win chance
        (per mille, at the table it was fitted for; else the search's value, uncalibrated)."""
        with self.lock:
            seat = self._own_turn(player)
            try:
                best, info = self.bridge.go(f"sims {self.hint_sims} movetime {self.hint_ms}")
            except ProtocolError as e:
                raise WebError.of(e) from None
            score = info.get("score")
            return {"type": "hint", "seat": seat, "best": best, "sims": info.get("sims", 0),
                    "only": len(self.bridge.game.legal_actions()) == 1,
                    "win_chance": score / 1000 if score is not None else None,
                    "win_text": calibration.percent(score / 1000) if score is not None else None,
                    "value": info.get("value"),
                    "calibrated": _calibrated(self.bridge.game, self.bridge.game.current_player)}

    def rootlog(self, player: Player) -> str:
        """The game as a Rootlog file (docs/rootlog.md "Writer") as the player may see it: its
        seat's view while the game goes on (another seat's hidden draws written `#`), the
        referee's once it is over, as `wyrm play --save-rootlog` writes it."""
        with self.lock:
            game = self.bridge.game
            view = "referee" if self.to_move == "over" else self.keys()[player.seat(game.current_player)]
            try:
                return self.bridge.ask(f"record rootlog {view}")
            except ProtocolError as e:
                raise WebError.of(e) from None

    def save(self, player: Player, folder: Path, name) -> str:
        """Save the game as NAME.json in folder, and beside it NAME.owner: whose it is (the hash of
        the saving player's token, its seats, and the seats other browsers held), so only that
        player may list and load it (issue 29 item 7). A name another player's save (or the
        operator's) holds is refused."""
        path = _save_path(folder, name)
        folder.mkdir(parents=True, exist_ok=True)
        with self.lock, SAVING:              # whose the name is, checked and written at once
            if path.exists():
                owner = read_owner(path)
                if owner is None or owner.get("token") != token_hash(player.token):
                    raise WebError("not_yours", f"the save {name!r} is someone else's: choose another name")
            mine = self.seats_of(player)
            others = sorted(f for f, who in self.seats.items() if who == HUMAN and f not in mine)
            try:
                self.bridge.ask(f"save {path}")
            except ProtocolError as e:
                raise WebError.of(e) from None
            write_atomic(owner_path(path), json.dumps(
                {"token": token_hash(player.token), "seats": mine, "others": others}) + "\n")
        return path.name


def _calibrated(game, seat: int) -> bool:
    """Whether a seat's win chances are calibrated at this game's table (never while a seat of
    the faction draft has no faction)."""
    if seat < 0 or factions.UNDRAFTED in game.faction_ids:
        return False
    return calibration.calibrated(game.faction_ids, seat)


def save_name_ok(name) -> bool:
    """A save's name: 1-64 letters, digits, '_', '-' or '.', starting with a letter or digit, not
    ending in .json (the file is NAME.json: a name is listed as it was given, issue 29 item 7)."""
    return isinstance(name, str) and bool(SAVE_NAME.match(name)) and not name.lower().endswith(SAVE_SUFFIX)


def _save_path(folder: Path, name) -> Path:
    if not save_name_ok(name):
        raise WebError("syntax", "a save's name is 1-64 letters, digits, '_', '-' or '.', starting "
                                 "with a letter or digit and not ending in .json, not "
                                 f"{str(name)[:80]!r}")
    return folder / (name + SAVE_SUFFIX)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def owner_path(save: Path) -> Path:
    return save.with_name(save.name[:-len(SAVE_SUFFIX)] + OWNER_SUFFIX)


def read_owner(save: Path) -> dict | None:
    """Whose save it is (Table.save's record), None for a save no browser made (the operator's)."""
    try:
        owner = json.loads(owner_path(save).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not (isinstance(owner, dict) and isinstance(owner.get("token"), str)
            and isinstance(owner.get("seats"), list) and isinstance(owner.get("others", []), list)):
        return None
    return owner


@dataclass
class Tables:
    """The server's games by id, their options (the seed of the first game; the hint's budget),
    the folder of saves, and how many games it holds: at most max_games, per_client of them made
    from one address; a game with a player connected or active in the last `idle` seconds is
    never let go to make room (issue 29 item 7)."""
    saves: Path = Path("wyrm-saves")
    seed: int | None = None
    hint_sims: int = HINT_BUDGET.sims
    hint_ms: int = int(HINT_BUDGET.seconds * 1000)
    games: dict = field(default_factory=dict)
    max_games: int = MAX_GAMES
    per_client: int = PER_CLIENT
    idle: float = IDLE_SECONDS
    clock: Callable[[], float] = time.monotonic

    def __post_init__(self):
        self.saves = Path(self.saves)
        self.lock = threading.Lock()           # games and saves change under it

    def _seed(self) -> int:
        seed, self.seed = self.seed, (None if self.seed is None else (self.seed + 1) % 2**64)
        return secrets.randbits(63) if seed is None else seed     # each game's own, kept for undo

    def get(self, gid) -> Table:
        t = self.games.get(gid) if isinstance(gid, str) else None
        if t is None:
            raise WebError("not_found", f"no game {str(gid)[:40]!r} on this server")
        return t

    def room(self, client: str) -> None:
        """Make room for a game from client, or refuse it: `too_many` when that address already
        holds per_client games in play, `full` when every game is in play. Only a game nobody is
        connected to or has touched for `idle` seconds goes (a finished one first, else the one
        idle longest). Call with self.lock held."""
        mine = sum(1 for t in self.games.values() if t.client == client and t.in_play(self.idle))
        if mine >= self.per_client:
            raise WebError("too_many", f"this address already has {mine} games in play (at most "
                                       f"{self.per_client}): go on with one of them, or wait until "
                                       f"one has been left alone for {self.idle / 60:g} minutes")
        while len(self.games) >= self.max_games:
            idle = [t for t in self.games.values() if not t.in_play(self.idle)]
            if not idle:
                raise WebError("full", f"the server holds {len(self.games)} games, each with a player "
                                       f"connected or active in the last {self.idle / 60:g} minutes: "
                                       "try again later")
            gone = min(idle, key=lambda t: (t.to_move != "over", t.last_active))
            del self.games[gone.id]

    def _add(self, bridge: EngineBridge, seed: int, humans, levels, hotseat, client: str) -> Table:
        seats = _seat_players(list(seat_keys(bridge.game)), humans, levels)
        if not isinstance(hotseat, bool):
            raise WebError("syntax", "hotseat is true or false")
        table = Table(secrets.token_urlsafe(8), bridge, seats, hotseat, self.hint_sims, self.hint_ms,
                      seed, client, self.clock)
        try:                                   # from here on the table supplies the chance
            bridge.ask("setoption chance external")
            table.settle()
        except ProtocolError as e:
            raise WebError.of(e) from None
        with self.lock:
            self.room(client)
            self.games[table.id] = table
        return table

    def new(self, body: dict, client: str = "") -> Table:
        """A new game: body {factions: [names in turn order], humans: [...], levels: {faction:
        level}, hotseat: bool, seed: n, map, suits, deck, setup, character, hirelings, options:
        {bot_variant, difficulty, traits, growth_caps, map, suits, deck, setup, character,
        hirelings}} (the engine's options of a new game: the Mechanical Marquise's and the Wyrm's
        caps, the map and its suits, the shared deck, the setup, the Vagabond's character, which
        counts where he sits, the hirelings: none or three sides, comma-separated text, in the body
        also a list of names; BODY_OPTIONS may be given in the body or in options). The engine checks every value (`setoption`, then
        `new`: a layout the map lacks, such as the Winter map's suggested one, is refused there)."""
        seed = body.get("seed", self._seed())
        if seed is not None and (type(seed) is not int or not 0 <= seed < 2**64):
            raise WebError("syntax", "seed must be a whole number from 0 to 2^64-1")
        options = body.get("options", {})
        if not isinstance(options, dict):
            raise WebError("syntax", f"options is an object of text values, keys among {', '.join(GAME_OPTIONS)}")
        options = dict(options)
        cards, players = draft_options(body, options)
        if not all(k in GAME_OPTIONS and isinstance(v, str) for k, v in options.items()):
            raise WebError("syntax", f"options is an object of text values, keys among {', '.join(GAME_OPTIONS)}"
                                     f" (and draft, players)")
        if cards is not None and players is None:        # one fewer than the cards, or as factions seats them
            given = body.get("factions")
            players = (given.count(factions.DRAFT_SEAT) if isinstance(given, list)
                       else len(cards.split(",")) - 1)
        names = body.get("factions", ["marquise", "wyrm"] if cards is None else [factions.DRAFT_SEAT] * players)
        if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
            raise WebError("syntax", "factions must be a list of faction names in turn order")
        if cards is not None:
            names = draft_seats(names, players, options.get("setup", body.get("setup")))
            options["draft"] = cards
        body = dict(body)
        if isinstance(body.get("hirelings"), list) and all(isinstance(h, str) for h in body["hirelings"]):
            body["hirelings"] = ",".join(body["hirelings"]) or "none"       # a list of sides' names
        for key in BODY_OPTIONS:
            if key not in body:
                continue
            if not isinstance(body[key], str):
                raise WebError("syntax", f"{key} is text: " + {
                    "map": "one of " + ", ".join(m["name"] for m in map_choices()),
                    "suits": f"{', '.join(SUIT_LAYOUTS)} or suits such as F1,M2,R3,...",
                    "deck": "one of " + ", ".join(DECK_TITLES),
                    "setup": "one of " + ", ".join(SETUP_NAMES),
                    "character": f"{ANY} or one of " + ", ".join(CHARACTER_NAMES),
                    "hirelings": "none, or three of " + ", ".join(hirelings.BUILT) + ", comma-separated "
                                 "(or a list of them)"}[key])
            if key in options and options[key] != body[key]:
                raise WebError("syntax", f"{key} is given twice, {body[key][:40]!r} and in options {options[key][:40]!r}")
            options[key] = body[key]
        if "suits" in options:                        # Rootlog writes `F1, M2, ...`: one word for setoption
            options["suits"] = "".join(options["suits"].split())
        if "hirelings" in options:                    # `nobles, rabbit scouts`: one word for setoption
            options["hirelings"] = ",".join("-".join(h.split()) for h in options["hirelings"].split(","))
        blank = [k for k, v in options.items() if not v.strip()]
        if blank:
            raise WebError("syntax", f"the option {blank[0]} is empty: give it a value or leave it out")
        with self.lock:
            self.room(client)                  # refused before the engine does any work
        bridge = EngineBridge(seed)
        try:
            for name, value in options.items():      # the engine checks each value
                bridge.ask(f"setoption {name} {value}")
            bridge.ask("new " + " ".join(n.strip() for n in names))
        except ProtocolError as e:
            raise WebError.of(e) from None
        keys = seat_keys(bridge.game)
        return self._add(bridge, seed, body.get("humans", [keys[0]] if keys else []),
                         body.get("levels", {}), body.get("hotseat", True), client)

    def load(self, body: dict, client: str = "") -> Table:
        """A game from a save in the saves folder: body {name, token, humans, levels, hotseat}.
        The token must be the one of the player who saved it (issue 29 item 7); that player may
        take its own seats and the AI's, never a seat another browser held. The factions are the
        save's, and humans and levels name seats of it (others are ignored, so one form serves
        every save)."""
        path = _save_path(self.saves, body.get("name"))
        owner = read_owner(path)
        token = body.get("token")
        if owner is None or not isinstance(token, str) or owner["token"] != token_hash(token):
            if not path.is_file():
                raise WebError("file", f"no save {body.get('name')!r} on this server")
            raise WebError("not_yours", f"the save {body.get('name')!r} is not yours: loading it needs "
                                        "the token of the player who saved it")
        return self._load(path, body, owner, client)

    def load_file(self, path: Path) -> Table:
        """The operator's load (`wyrm serve --load FILE`): any save, every seat that is not a bot
        played in the browser, hot-seat."""
        return self._load(Path(path), {}, None, "operator")

    def _load(self, path: Path, body: dict, owner: dict | None, client: str) -> Table:
        with self.lock:
            self.room(client)
        seed = self._seed()
        bridge = EngineBridge(seed)
        try:
            bridge.ask(f"load {path}")
        except ProtocolError as e:
            raise WebError.of(e) from None
        names = list(seat_keys(bridge.game))
        mine = [f for f in names if not _is_bot(f)]
        if owner is not None:
            mine = [f for f in mine if f not in owner.get("others", [])]
        default = mine if owner is None else [f for f in owner["seats"] if f in mine]
        humans, levels = body.get("humans", default), body.get("levels", {})
        if isinstance(humans, list):            # the seats the form names that this save seats
            humans = [h for h in humans if isinstance(h, str) and h.lower() in names]
            theirs = [h for h in humans if h.lower() not in mine]
            if theirs:
                raise WebError("not_yours", f"{theirs[0]} was another player's seat in this save: "
                                            f"you may play {', '.join(mine)}")
        if isinstance(levels, dict):
            levels = {f: v for f, v in levels.items() if f.lower() in names}
        return self._add(bridge, seed, humans, levels, body.get("hotseat", True), client)

    def saved(self, tokens=()) -> list[str]:
        """The names of the saves the tokens' players made, exactly the names load takes."""
        hashes = {token_hash(t) for t in tokens if isinstance(t, str)}
        if not hashes or not self.saves.is_dir():
            return []
        out = []
        for p in self.saves.glob("*" + SAVE_SUFFIX):
            name = p.name[:-len(SAVE_SUFFIX)]
            if save_name_ok(name) and p.is_file():
                owner = read_owner(p)
                if owner is not None and owner["token"] in hashes:
                    out.append(name)
        return sorted(out)


def draft_options(body: dict, options: dict) -> tuple[str | None, int | None]:
    """The faction draft of a new game (LoR 16.1.8; docs/web.md), taken out of options (or the
    body): `draft` true (every faction's card), false, or its cards (a list of faction names, or
    text `eyrie,wyrm,marquise`; `vagabond` twice for both his cards); `players`, how many draft
    (2-6; default one fewer than the cards, or the `draft` seats of factions). Returns the cards
    as `setoption draft` takes them (None: no draft) and the players (None: not given)."""
    for key in ("draft", "players"):
        if key in body:
            if key in options and options[key] != body[key]:
                raise WebError("syntax", f"{key} is given twice, in the body and in options")
            options[key] = body[key]
    draft, players = options.pop("draft", False), options.pop("players", None)
    if draft is False or draft is None:
        if players is not None:
            raise WebError("syntax", "players counts the players of a faction draft: give draft too")
        return None, None
    if draft is True:
        ids = factions.draft_cards(True)
    elif isinstance(draft, list) and all(isinstance(c, str) for c in draft) or isinstance(draft, str):
        try:
            ids = factions.draft_cards([c.strip() for c in (draft.split(",") if isinstance(draft, str) else draft)
                                        if c.strip()])
        except ConfigError as e:
            raise WebError("syntax", f"draft: {e}") from None
    else:
        raise WebError("syntax", "draft is true (every faction's card), false, or a list of faction names "
                                 "(the pool's cards: marquise, eyrie, alliance, vagabond, wyrm, and lizards, riverfolk, duchy, corvids, "
                                 "hundreds or keepers if named; "
                                 "vagabond twice for both)")
    if not ids:
        raise WebError("syntax", "draft names no faction card")
    if players is not None and (type(players) is not int or not 2 <= players <= factions.MAX_SEATS):
        raise WebError("syntax", f"players is a whole number from 2 to {factions.MAX_SEATS}, not {str(players)[:20]!r}")
    if players is not None and players + 1 > len(ids):
        raise WebError("syntax", f"{players} players draft from {players + 1} cards at least (LoR 16.1.8.1: "
                                 f"one per player and one more), and the draft has {len(ids)}")
    return ",".join(factions.names(ids)), players


def draft_seats(names: list[str], players: int, setup) -> list[str]:
    """The table of a draft game: each player seated `draft` (a bot may sit named beside them);
    the draft is the Advanced Setup's."""
    if not isinstance(setup, str) or setup.strip().lower() != "advanced":
        raise WebError("syntax", "the faction draft is part of the Advanced Setup (LoR 16.1.8): give setup advanced")
    names = [n.strip().lower() for n in names]
    named = [n for n in names if n != factions.DRAFT_SEAT and not _is_bot(n)]
    if named:
        raise WebError("syntax", f"in a draft the players choose their factions: seat them as 'draft' "
                                 f"(a bot may sit named), not {named[0][:40]!r}")
    if names.count(factions.DRAFT_SEAT) != players:
        raise WebError("syntax", f"factions seats {names.count(factions.DRAFT_SEAT)} players of the draft "
                                 f"and players says {players}")
    return names


def playable() -> dict:
    """What a new game may seat and where: the factions (bots marked), the AI's levels, the maps
    (each with whether it prints its suits and has a suggested layout), the suit layouts, the
    shared decks, the setups, the faction draft's default cards and its numbers of players,
    the Vagabond's characters (each with its title; `any`: his choice) and the hirelings a game
    may use (each side with its title and the factions its card keeps out; LoR 16.4)."""
    return {"factions": [{"name": factions.NAMES[f], "title": factions.TITLES[f],
                          "bot": factions.is_bot(f)} for f in _core.PLAYABLE_FACTIONS],
            "levels": {name: lv.about for name, lv in LEVELS.items()},
            "maps": map_choices(), "suits": list(SUIT_LAYOUTS),
            "decks": [{"name": name, "title": title} for name, title in DECK_TITLES.items()],
            "setups": [{"name": name, "title": name.capitalize()} for name in SETUP_NAMES],
            "draft": {"cards": list(factions.names(factions.draft_cards(True))),     # LoR 16.1.8 (with advanced)
                      "players": list(range(2, factions.MAX_SEATS + 1))},
            "characters": [{"name": ANY, "title": "any (his choice)"},
                           *({"name": name, "title": name.capitalize()} for name in CHARACTER_NAMES)],
            "hirelings": [{"name": name, "title": hirelings.title(hirelings.NAMES.index(name)),
                           "keeps_out": list(hirelings.keeps_out(hirelings.NAMES.index(name)))}
                          for name in hirelings.BUILT]}
