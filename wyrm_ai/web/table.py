"""The games a server holds: who plays each seat (a browser holding one or more seats, the AI at a
level, or the rules for a bot), the AI's turns, undo back to a player's last decision, hints, and
each player's view. Every change goes through the game's EngineBridge (protocol commands); what a
player is shown is the protocol's view of one seat (`state <faction>`, `events N <faction>`), so
the redaction of views (wyrm_ai/redaction.py) applies to every message."""
from __future__ import annotations

import re
import secrets
import threading
from dataclasses import dataclass, field
from pathlib import Path

from wyrm_ai import _core, calibration, factions
from wyrm_ai.planner import LEVELS
from wyrm_ai.protocol.io import ProtocolError
from wyrm_ai.terminal.opponent import HINT_BUDGET
from wyrm_ai.web.bridge import EngineBridge
from wyrm_ai.web.targets import legal_targets
from wyrm_ai.web.words import board_extras, entry_words, table_words

HUMAN, BOT = "human", "bot"
GAME_OPTIONS = ("bot_variant", "difficulty", "traits", "growth_caps")   # setoption names, given to `new`
SAVE_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$")
MAX_GAMES = 64               # games a server keeps; the oldest finished (else oldest) goes first
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
    """A browser's hold on a game: its secret token and the seats (faction names) it plays; more
    than one for hot-seat play."""
    token: str
    seats: tuple[str, ...]
    last_seat: str = ""
    shown: str = ""          # the view of its last update

    def view(self, to_move: str) -> str:
        """The seat whose view the player is shown: the seat to move when it is one of its own
        (hot-seat), else the one it played last."""
        if to_move in self.seats:
            self.last_seat = to_move
        return self.last_seat or self.seats[0]


def _seat_players(names: list[str], humans, levels) -> dict:
    """faction -> human, a level, or bot, checked."""
    if not isinstance(humans, list) or not all(isinstance(h, str) for h in humans):
        raise WebError("syntax", "humans must be a list of faction names")
    if not isinstance(levels, dict):
        raise WebError("syntax", "levels must be an object: faction -> easy, normal or hard")
    humans = [h.lower() for h in humans]
    for h in humans + list(levels):
        if h.lower() not in names:
            raise WebError("syntax", f"{str(h)[:40]!r} is not seated at this table ({', '.join(names)})")
    out = {}
    for name in names:
        if factions.is_bot(name):
            out[name] = BOT
            if name in humans:
                raise WebError("syntax", f"{name} is a bot: the rules play it, nobody can hold its seat")
        elif name in humans:
            out[name] = HUMAN
        else:
            level = levels.get(name, "normal")
            if not isinstance(level, str) or level not in LEVELS:
                raise WebError("syntax", f"the level of {name} is easy, normal or hard, not {str(level)[:40]!r}")
            out[name] = level
    if HUMAN not in out.values():
        raise WebError("syntax", "at least one seat must be played in the browser (humans)")
    return out


class Table:
    """One game: its engine session, its seats and players. Every method that talks to the engine
    holds self.lock, so the AI's turns (in a worker thread) and the players' commands take turns."""

    def __init__(self, gid: str, bridge: EngineBridge, seats: dict, hotseat: bool, hint_sims: int,
                 hint_ms: int):
        self.id, self.bridge, self.seats = gid, bridge, seats
        self.lock = threading.RLock()
        self.hint_sims, self.hint_ms = hint_sims, hint_ms
        humans = tuple(f for f, who in seats.items() if who == HUMAN)
        groups = [humans] if hotseat else [(h,) for h in humans]
        self.players = {t.token: t for t in (Player(secrets.token_urlsafe(16), g) for g in groups)}

    # ---- reading ----
    def player(self, token) -> Player:
        p = self.players.get(token) if isinstance(token, str) else None
        if p is None:
            raise WebError("not_yours", "this token holds no seat of this game")
        return p

    @property
    def to_move(self) -> str:
        g = self.bridge.game
        return g.factions[g.current_player] if g.current_player >= 0 else ("over" if g.is_terminal() else "chance")

    def record_length(self) -> int:
        return len(self.bridge.game.record)

    def ai_to_move(self) -> bool:
        with self.lock:
            return self.seats.get(self.to_move) not in (None, HUMAN, BOT)

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
            view = player.view(self.to_move)
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
            msg = {"type": "update", "game": self.id, "view": view, "seats": player.seats,
                   "players": dict(self.seats), "state": state, "undone": undone, "fresh": fresh,
                   "events": events, "words": words,
                   "board": board_extras(game, view),
                   "actions": legal_targets(game, state["legal"]) if "legal" in state else [],
                   "calibrated": _calibrated(game)}
            return msg, n

    # ---- changing ----
    def _own_turn(self, player: Player) -> str:
        seat = self.to_move
        if seat not in player.seats:
            who = "the game is over" if seat == "over" else f"it is {seat}'s decision"
            raise WebError("not_now", f"not your turn: {who}")
        return seat

    def play(self, player: Player, action) -> None:
        if not isinstance(action, str) or not action.strip():
            raise WebError("syntax", "play needs an action: one of the legal actions' texts")
        with self.lock:
            self._own_turn(player)
            try:
                self.bridge.ask(f"play {action}")
            except ProtocolError as e:
                raise WebError.of(e) from None

    def undo(self, player: Player) -> int:
        """Take back the actions since (and including) the player's last decision, the AI's
        replies with them; returns how many decisions went back."""
        with self.lock:
            seats, names = self.bridge.game.record_seats, self.bridge.game.factions
            n = 0
            for s in reversed(seats):
                if s < 0:
                    continue
                n += 1
                if names[s] in player.seats:
                    break
                if self.seats[names[s]] == HUMAN:
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
            seat = self.to_move
            level = self.seats.get(seat)
            if level in (None, HUMAN, BOT):
                return False
            self.bridge.ask(f"setoption level {level}")
            best, _ = self.bridge.go()
            self.bridge.ask(f"play {best}")
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
                    "value": info.get("value"), "calibrated": _calibrated(self.bridge.game)}

    def rootlog(self, player: Player) -> str:
        """The game as a Rootlog file (docs/rootlog.md "Writer") as the player may see it: its
        seat's view while the game goes on (another seat's hidden draws written `#`), the
        referee's once it is over, as `wyrm play --save-rootlog` writes it."""
        with self.lock:
            view = "referee" if self.to_move == "over" else player.view(self.to_move)
            try:
                return self.bridge.ask(f"record rootlog {view}")
            except ProtocolError as e:
                raise WebError.of(e) from None

    def save(self, player: Player, folder: Path, name) -> str:
        path = _save_path(folder, name)
        folder.mkdir(parents=True, exist_ok=True)
        with self.lock:
            try:
                self.bridge.ask(f"save {path}")
            except ProtocolError as e:
                raise WebError.of(e) from None
        return path.name


def _calibrated(game) -> bool:
    return calibration.calibrated(game.faction_ids)


def _save_path(folder: Path, name) -> Path:
    if not isinstance(name, str) or not SAVE_NAME.match(name):
        raise WebError("syntax", "a save's name is 1-64 letters, digits, '_', '-' or '.', starting "
                                 "with a letter or digit")
    return folder / (name if name.endswith(".json") else name + ".json")


@dataclass
class Tables:
    """The server's games by id, their options (the seed of the first game; the hint's budget),
    and the folder of saves."""
    saves: Path = Path("wyrm-saves")
    seed: int | None = None
    hint_sims: int = HINT_BUDGET.sims
    hint_ms: int = int(HINT_BUDGET.seconds * 1000)
    games: dict = field(default_factory=dict)

    def _seed(self) -> int | None:
        seed, self.seed = self.seed, (None if self.seed is None else (self.seed + 1) % 2**64)
        return seed

    def get(self, gid) -> Table:
        t = self.games.get(gid) if isinstance(gid, str) else None
        if t is None:
            raise WebError("not_found", f"no game {str(gid)[:40]!r} on this server")
        return t

    def _add(self, bridge: EngineBridge, humans, levels, hotseat) -> Table:
        seats = _seat_players(list(bridge.game.factions), humans, levels)
        if not isinstance(hotseat, bool):
            raise WebError("syntax", "hotseat is true or false")
        while len(self.games) >= MAX_GAMES:
            done = [g for g, t in self.games.items() if t.to_move == "over"]
            del self.games[(done or list(self.games))[0]]
        table = Table(secrets.token_urlsafe(8), bridge, seats, hotseat, self.hint_sims, self.hint_ms)
        self.games[table.id] = table
        return table

    def new(self, body: dict) -> Table:
        """A new game: body {factions: [names in turn order], humans: [...], levels: {faction:
        level}, hotseat: bool, seed: n, options: {bot_variant, difficulty, traits, growth_caps}}
        (the engine's options of a new game: the Mechanical Marquise's and the Wyrm's caps)."""
        names = body.get("factions", ["marquise", "wyrm"])
        if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
            raise WebError("syntax", "factions must be a list of faction names in turn order")
        seed = body.get("seed", self._seed())
        if seed is not None and (type(seed) is not int or not 0 <= seed < 2**64):
            raise WebError("syntax", "seed must be a whole number from 0 to 2^64-1")
        options = body.get("options", {})
        if not isinstance(options, dict) or not all(k in GAME_OPTIONS and isinstance(v, str) for k, v in options.items()):
            raise WebError("syntax", f"options is an object of text values, keys among {', '.join(GAME_OPTIONS)}")
        bridge = EngineBridge(seed)
        try:
            for name, value in options.items():      # the engine checks each value
                bridge.ask(f"setoption {name} {value}")
            bridge.ask("new " + " ".join(n.strip() for n in names))
        except ProtocolError as e:
            raise WebError.of(e) from None
        return self._add(bridge, body.get("humans", [names[0]] if names else []),
                         body.get("levels", {}), body.get("hotseat", True))

    def load(self, body: dict) -> Table:
        """A game from a save in the saves folder: body {name, humans, levels, hotseat}; the
        factions are the save's, and humans and levels name seats of it (others are ignored, so
        one form serves every save)."""
        path = _save_path(self.saves, body.get("name"))
        bridge = EngineBridge(self._seed())
        try:
            bridge.ask(f"load {path}")
        except ProtocolError as e:
            raise WebError.of(e) from None
        names = list(bridge.game.factions)
        humans, levels = body.get("humans", [names[0]]), body.get("levels", {})
        if isinstance(humans, list):            # the seats the form names that this save seats
            humans = [h for h in humans if isinstance(h, str) and h.lower() in names]
        if isinstance(levels, dict):
            levels = {f: v for f, v in levels.items() if f.lower() in names}
        return self._add(bridge, humans, levels, body.get("hotseat", True))

    def saved(self) -> list[str]:
        if not self.saves.is_dir():
            return []
        return sorted(p.stem for p in self.saves.glob("*.json") if p.is_file() and SAVE_NAME.match(p.name))


def playable() -> dict:
    """What a new game may seat: the factions (bots marked) and the AI's levels."""
    return {"factions": [{"name": factions.NAMES[f], "title": factions.TITLES[f],
                          "bot": factions.is_bot(f)} for f in _core.PLAYABLE_FACTIONS],
            "levels": {name: lv.about for name, lv in LEVELS.items()}}
