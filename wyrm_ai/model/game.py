"""The game facade: a core State plus its record, readable notation, observations and saves."""
from __future__ import annotations

import copy
import json

import numpy as np

from wyrm_ai import _core
from wyrm_ai.model import notation
from wyrm_ai.model import factions as _factions
from wyrm_ai.model import cards as _cards
from wyrm_ai.model.factions import round_of  # noqa: F401  (Game.round; importers of wyrm_ai.model.game.round_of)
from wyrm_ai.model import growth_caps as _caps
from wyrm_ai.model import maps as _maps
from wyrm_ai.model import setups as _setups
from wyrm_ai.model import characters as _characters
from wyrm_ai.model import hirelings as _hirelings
from wyrm_ai.model.bot_options import BotOptions
from wyrm_ai.model.events import Event, named
from wyrm_ai.model.redaction import observe
from wyrm_ai.model.riverfolk_facts import with_public_hand
from wyrm_ai.model.state_fields import scalar
from wyrm_ai.model.errors import ConfigError, IllegalActionError, NotationError, SaveError, WyrmError
from wyrm_ai.model.files import MAX_READ_BYTES, read_regular, write_atomic
from wyrm_ai.model.position import normalized, position_state
from wyrm_ai.model.textboard.boardview import board_text

SAVE_FORMAT = "wyrm-ai-game"
SAVE_VERSION = 29                # a save of a new game; POSITION_SAVE_VERSION when set up from a position
POSITION_SAVE_VERSION = 30
# saves with older action numbers and what they are now: they replay from their record text,
# which has not changed (1, 2: the two-seat core, before issue 11; 3, 4: before the Alliance, issue
# 12; 5, 6: before issue 29 item 5's hand prompts, so a `pass` is added where the engine now asks;
# 7, 8: before the maps, issue 30, which gave the forests of the largest map their actions; 9, 10:
# before the core seated six, issue 30, which numbered every seat of an action to six; 11, 12:
# before the Exiles & Partisans deck, issue 32, which gave its 18 card types their actions; 13, 14:
# before the Vagabond's nine characters, issue 32, which numbered the six new ones' choices; 15, 16:
# before the Lizard Cult, issue 33, whose warriors and gardens joined the pieces a hit may remove;
# 17, 18: before the Riverfolk Company, issue 33, whose warriors and trade posts did the same; 19,
# 20: before the Underground Duchy, issue 34, whose pieces did the same and whose kinds passed 32,768;
# 21, 22: before the Corvid Conspiracy, issue 34, whose warriors and plots did the same; 23, 24:
# before the Lord of the Hundreds, issue 35, whose warriors, strongholds and mobs did the same; 25,
# 26: before the Keepers in Iron, issue 35, whose warriors, waystations and relics did the same; 27,
# 28: before hireling pieces became battle defenders, issue 35, a side after the seats that renumbered
# every battle action and every action after them)
LEGACY_VERSIONS = {1: SAVE_VERSION, 2: POSITION_SAVE_VERSION, 3: SAVE_VERSION, 4: POSITION_SAVE_VERSION,
                   5: SAVE_VERSION, 6: POSITION_SAVE_VERSION, 7: SAVE_VERSION, 8: POSITION_SAVE_VERSION,
                   9: SAVE_VERSION, 10: POSITION_SAVE_VERSION, 11: SAVE_VERSION, 12: POSITION_SAVE_VERSION,
                   13: SAVE_VERSION, 14: POSITION_SAVE_VERSION, 15: SAVE_VERSION, 16: POSITION_SAVE_VERSION,
                   17: SAVE_VERSION, 18: POSITION_SAVE_VERSION, 19: SAVE_VERSION, 20: POSITION_SAVE_VERSION,
                   21: SAVE_VERSION, 22: POSITION_SAVE_VERSION, 23: SAVE_VERSION, 24: POSITION_SAVE_VERSION,
                   25: SAVE_VERSION, 26: POSITION_SAVE_VERSION, 27: SAVE_VERSION, 28: POSITION_SAVE_VERSION}
# the prompts a hidden hand (or the Alliance's stack) could answer: since issue 29 item 5 a seat is
# asked whenever it could hold the card as far as the others know (docs/architecture.md, "Prompts
# and hidden hands"); a record from before then has no `pass` where the seat was not asked
HAND_PROMPTS = frozenset({"battle_ambush", "battle_foil", "field_hospitals", "outrage",
                          "alliance_birdsong", "alliance_pay", "eyrie_decree", "wyrm_hoard"})
MAX_SAVE_BYTES = MAX_READ_BYTES  # a save is read only if it is a regular file of at most this size
CHANCE, TERMINAL = _core.CHANCE, _core.TERMINAL


class Game:
    """A game of Root: factions (names, in seat order; the Marquise de Cat against the Voracious
    Wyrm by default), the seat (or faction) that takes the first turn, and the Mechanical
    Marquise's options (bot: a BotOptions or a dict of names, see wyrm_ai/model/bot_options.py; the
    defaults when None), and the caps printed on the Wyrm's Growth track (growth_caps: six ints
    left to right or their text "1,2,2,3,4,5"; W-EVE-2's when None, see wyrm_ai/model/growth_caps.py).
    Every game holds these options, and they count where the bot or the Wyrm sits. map, suits, deck
    and setup: the map and its suits (docs/maps.md), the shared deck (docs/ep-deck.md), the setup
    (docs/advanced-setup.md). character: the Vagabond's character (a name of
    characters.CHARACTER_NAMES, LoR 16.3), his only choice at setup; None (or "any"): his own
    choice. A character named at a table without the Vagabond is a ConfigError. draft: with the
    Advanced Setup, the faction draft (LoR 16.1.8; docs/advanced-setup.md): its faction cards
    (names; True for every faction's, one Vagabond card), chosen by the seats named "draft" in
    factions (every seat but a bot's); None: no draft. Until a player chooses, its seat's faction
    is "undrafted". hirelings: the three hireling cards in play, each named by its side (LoR 16.4;
    wyrm_ai/model/hirelings.py: names, a comma-separated text); None: no hirelings.

    >>> g = Game(first="marquise")
    >>> g.is_chance_node()
    True
    >>> g.factions
    ('marquise', 'wyrm')
    >>> str(Game("wyrm", ("mechanical-marquise", "wyrm"), bot={"difficulty": "nightmare"}).bot)
    'original rules, nightmare difficulty, no traits'
    >>> Game(growth_caps="2,3,3,4,5,6").growth_caps
    (2, 3, 3, 4, 5, 6)
    >>> Game(factions=("marquise", "vagabond"), character="Ronin").character
    'ronin'
    >>> g = Game(0, ("draft", "draft", "draft"), setup="advanced", draft=True)
    >>> g.factions, g.draft
    (('undrafted', 'undrafted', 'undrafted'), ('marquise', 'eyrie', 'alliance', 'vagabond', 'wyrm'))
    """

    def __init__(self, first="marquise", factions=_factions.names(_factions.TWO_SEATS), bot=None,
                 growth_caps=None, map="autumn", suits=None, deck="standard", setup="standard", character=None,
                 draft=None, hirelings=None):
        table = _factions.table_of(factions)
        cards = () if draft is None or draft is False else _factions.draft_cards(draft)
        self.first = _factions.seat_named(table, first)
        self.position = None     # the position the game was set up from (from_position), or None
        m = _maps.read_map(map)
        self.state = _factions.new_state(table, self.first, {**BotOptions.read(bot).core(),
                                                             "growth_caps": _caps.read(growth_caps),
                                                             "map_id": m, "suits": _maps.suits_for(m, suits),
                                                             "deck_id": _cards.read_deck(deck),
                                                             "setup_mode": _setups.read_setup(setup),
                                                             "character": _characters.for_table(character, table),
                                                             "draft": cards,
                                                             "hirelings": _hirelings.read(hirelings)})
        self.record: list[int] = []
        self._seats: list[int] = []
        self._told: list[list[tuple]] = []      # the core's events of each record entry (raw)
        self._steps: list[str] = []             # the step each record entry answered

    @classmethod
    def from_position(cls, position: dict) -> "Game":
        """A game set up from a position (docs/protocol.md, "Positions": the board, cards and
        scores at the start of a faction's turn), at the first decision of that turn. The core
        checks it; a malformed or impossible position raises PositionError. The record starts
        empty: undo goes back to the position at most, and a save replays from it."""
        state = position_state(position)
        g = cls.__new__(cls)
        g.first = state.to_dict()["first"]
        g.position, g.state, g.record, g._seats, g._told = normalized(position), state, [], [], []
        g._steps = []
        return g

    def start(self) -> "Game":
        """A new game as this one began: a new deal, or its position."""
        if self.position is None:
            return Game(self.first, self.start_factions, **self.options)
        return Game.from_position(self.position)

    @property
    def options(self) -> dict:
        """The game's options, as Game() takes them (every keyword but first and factions): a new
        game with them, Game(first, factions, **options), is set up as this one was."""
        return {"bot": self.bot, "growth_caps": self.growth_caps, "map": self.map, "suits": self.suits,
                "deck": self.deck, "setup": self.setup, "character": self.character, "draft": self.draft,
                "hirelings": self.hirelings}

    # ---- the seats ----
    @property
    def faction_ids(self) -> tuple[int, ...]:
        """The faction id of each seat (wyrm_ai/model/factions.py), as the core seats them."""
        return _factions.seat_factions(self.state)

    @property
    def factions(self) -> tuple[str, ...]:
        """The faction name of each seat, e.g. ('marquise', 'wyrm')."""
        return _factions.names(self.faction_ids)

    @property
    def draft(self) -> tuple[str, ...] | None:
        """The faction draft's cards (names; LoR 16.1.8), None in a game without a draft."""
        cards = scalar(self.state, "draft_cards")     # (to_dict's, without building it: every view asks)
        return _factions.names(f for f in range(len(_factions.NAMES)) if (cards >> f) & 1) if cards else None

    @property
    def start_factions(self) -> tuple[str, ...]:
        """The table as the game began, as Game() takes it: each player of a draft "draft" (its
        faction chosen since), the other seats their factions."""
        drafted = self.draft is not None
        return tuple(_factions.DRAFT_SEAT if drafted and f in _factions.DRAFTABLE else _factions.NAMES[f]
                     if f >= 0 else _factions.DRAFT_SEAT for f in self.faction_ids)

    @property
    def num_seats(self) -> int:
        return len(self.faction_ids)

    def seat_of(self, name) -> int:
        """The seat of a faction of this game (name, Rootlog letter or alias, any case), or a
        seat index given as an int; ConfigError when no such faction sits here."""
        return _factions.seat_named(self.faction_ids, name)

    @property
    def bot(self) -> BotOptions:
        """The Mechanical Marquise's options in this game (wyrm_ai/model/bot_options.py)."""
        return BotOptions.of_state(self.state)

    @property
    def growth_caps(self) -> tuple[int, ...]:
        """The Lair caps printed on the Wyrm's Growth track in this game, left to right (W-EVE-1;
        wyrm_ai/model/growth_caps.py)."""
        return _caps.of_state(self.state)

    @property
    def deck(self) -> str:
        """The shared deck this game plays ("standard", or "ep": Exiles & Partisans; LoR 16.1.2)."""
        return _cards.DECK_NAMES[self.state.deck_id]

    @property
    def setup(self) -> str:
        """How this game was set up ("standard", or "advanced": LoR 16.1; wyrm_ai/model/setups.py)."""
        return _setups.SETUP_NAMES[self.state.setup_mode]

    @property
    def character(self) -> str | None:
        """The Vagabond's character set as a game option ("ronin": his only choice at setup; LoR
        16.3, wyrm_ai/model/characters.py), or None: he chooses his own."""
        return _characters.character_of(self.state.character_option)

    @property
    def hirelings(self) -> tuple[str, ...] | None:
        """The hireling cards in play, each named by its side (LoR 16.4; wyrm_ai/model/hirelings.py),
        or None: a game without hirelings."""
        return _hirelings.names(self.state.hirelings)

    @property
    def map(self) -> str:
        """The map this game is played on ("autumn", "winter", "lake", "mountain": docs/maps.md)."""
        return _maps.NAMES[self.state.board[0]]

    @property
    def board(self) -> tuple:
        """What notation needs of the map (notation.AUTUMN's form): (map id, each clearing's suit)."""
        return self.state.board

    @property
    def forests(self) -> tuple[str, ...]:
        """The map's forests by Rootlog name (1_2_5_10), in the core's order."""
        return _maps.data(self.state.board[0])["forest_names"]

    @property
    def suits(self) -> list[int]:
        """Each clearing's suit in this game (0 fox, 1 rabbit, 2 mouse; printed on Autumn, the suit
        markers' on the other maps: LoR 16.1.1)."""
        return list(self.state.board[1])

    def title(self, seat: int) -> str:
        """The display name of a seat's faction ("Marquise", "Wyrm"); "Player 3" for a player of
        the draft who has not chosen yet (LoR 16.1.8)."""
        f = self.faction_ids[seat]
        return _factions.TITLES[f] if f >= 0 else f"Player {seat + 1}"

    # ---- OpenSpiel-style view ----
    @property
    def current_player(self) -> int:
        return self.state.current_player

    def is_chance_node(self) -> bool:
        return self.state.is_chance_node()

    def is_terminal(self) -> bool:
        return self.state.is_terminal()

    def legal_actions(self) -> list[int]:
        return self.state.legal_actions()

    def chance_outcomes(self):
        return self.state.chance_outcomes()

    @property
    def scores(self):
        return self.state.scores

    @property
    def winner(self):
        """The seat whose score or dominance ended the game (None while nobody has won); with a
        coalition its partner wins too: `winners`."""
        return self.state.winner

    @property
    def winners(self) -> tuple[int, ...]:
        """Every seat that won: the winner and, in a coalition, the Vagabond or his partner with
        it (LoR 9.2.8); () while nobody has won."""
        return tuple(self.state.winners)

    @property
    def step(self) -> str:
        return self.state.step

    # ---- acting ----
    def to_action(self, action) -> int:
        """An int, or text in the notation of the seat to move (at a chance event, also an
        outcome's text as chance_texts() writes it); raises without changing anything."""
        if isinstance(action, str):
            try:
                return notation.parse(action, self.current_player, self.faction_ids, self.board)
            except NotationError:
                a = self.chance_texts().get(_bare(action)) if self.is_chance_node() else None
                if a is None:
                    raise
                return a
        if isinstance(action, (int, np.integer)) and not isinstance(action, bool):
            if not 0 <= action < _core.NUM_ACTIONS:
                raise IllegalActionError(f"no action {int(action)}: actions are 0-{_core.NUM_ACTIONS - 1}")
            return int(action)
        raise IllegalActionError(f"an action is an int or text, not {type(action).__name__}")

    def apply(self, action) -> int:
        """Apply an action (int or text). Illegal or unreadable input raises and changes nothing."""
        if self.is_terminal():
            raise IllegalActionError("the game is over")
        a = self.to_action(action)
        seat, step = self.current_player, self.step
        try:
            told = self.state.apply_logged(a)   # checks legality first; changes nothing if illegal
        except IllegalActionError:
            raise IllegalActionError(f"{self.describe(a) if 0 <= a < _core.NUM_ACTIONS else a!r} "
                                     f"is not legal now ({self.step})") from None
        self.record.append(a)
        self._seats.append(seat)
        self._told.append(told)
        self._steps.append(step)
        return a

    @property
    def last_events(self) -> tuple[Event, ...]:
        """The events of the last action applied (wyrm_ai/model/events.py); () before any. Unredacted:
        show them to a seat through redaction.events_seen."""
        return named(self._told, self.faction_ids, len(self._told) - 1, self.forests)[0] if self._told else ()

    @property
    def events(self) -> list[tuple[Event, ...]]:
        """The events of every record entry, in record order (named when asked: cheap to keep)."""
        return named(self._told, self.faction_ids, forests=self.forests)

    def sample_chance(self, rng: np.random.Generator) -> int:
        """A chance outcome drawn with its probability from a numpy Generator."""
        outcomes = self.chance_outcomes()
        if not outcomes:
            raise IllegalActionError("not a chance node")
        actions, probs = zip(*outcomes)
        return int(actions[rng.choice(len(actions), p=np.asarray(probs) / sum(probs))])

    def describe(self, a: int, seat: int | None = None) -> str:
        return notation.action_text(a, self.current_player if seat is None else seat, self.faction_ids, self.board)

    def chance_texts(self) -> dict[str, int]:
        """The outcomes of the pending chance event by their text (`legal`'s lines, without
        spaces, in lower case), so every listed outcome can be given back as written, the
        Mechanical Marquise's setup and hits included ({} when no chance event is pending)."""
        return {_bare(self.describe(a, CHANCE)): a for a, _ in self.chance_outcomes()}

    def legal_texts(self) -> list[str]:
        seat, table = self.current_player, self.faction_ids
        return [notation.action_text(a, seat, table, self.board) for a in self.legal_actions()]

    def clone(self) -> "Game":
        g = Game.__new__(Game)
        g.first, g.position, g.state = self.first, self.position, self.state.clone()
        g.record, g._seats, g._told = list(self.record), list(self._seats), list(self._told)
        g._steps = list(self._steps)
        return g

    def undo(self, n: int = 1) -> None:
        """Take back the last n actions (chance outcomes count) by replaying the record from the
        start of the game (its position, for a game set up with from_position)."""
        if not 0 <= n <= len(self.record):
            raise IllegalActionError(f"cannot undo {n} actions of {len(self.record)}")
        replay = self.start()._replayed(self.record[: len(self.record) - n])
        self.state, self.record, self._seats, self._told = replay.state, replay.record, replay._seats, replay._told
        self._steps = replay._steps

    @classmethod
    def replay(cls, first, actions, factions=_factions.names(_factions.TWO_SEATS), bot=None,
               growth_caps=None, map="autumn", suits=None, deck="standard", setup="standard",
               character=None, draft=None, hirelings=None) -> "Game":
        """A new game (first to play: first; the bot's options: bot; the Growth-track caps:
        growth_caps; its map and suits; its deck; its setup; the Vagabond's character; the faction
        draft's cards; the hirelings) after the given actions."""
        return cls(first, factions, bot, growth_caps, map, suits, deck, setup, character, draft,
                   hirelings)._replayed(actions)

    def _replayed(self, actions) -> "Game":
        """Apply actions (a record of this version's action numbers)."""
        self.added_unasked = []
        for i, a in enumerate(actions):
            try:
                self.apply(a)
            except WyrmError as e:
                raise IllegalActionError(f"record action {i + 1}: {e}") from None
        return self

    def pass_unasked(self, next_action=None) -> list[int]:
        """Replaying a record made before issue 29 item 5: the engine then asked a hand prompt
        (HAND_PROMPTS) only when the seat had a real choice, so such a prompt never had a single
        legal action; where one has now (pass with no fitting card, the one matching card an
        Outrage or a payment takes), it is applied, as the engine then applied it unasked; and
        the supporters a payment spends whole (as many as are owed) were spent unasked, so where
        the record's next action (next_action) is no payment, the first is spent. Returns the
        record indices of the actions so added (usually none)."""
        added = []
        while self.step in HAND_PROMPTS:
            legal = self.legal_actions()
            if len(legal) != 1:
                if self.step != "alliance_pay":
                    break
                try:
                    if next_action is None or self.to_action(next_action) in legal:
                        break
                except WyrmError:
                    pass
            added.append(len(self.record))
            self.apply(legal[0])
        return added

    @property
    def record_steps(self) -> list[str]:
        """The step (State.step) each action of the record answered: the words of an action
        depend on it (a `remove` pays wood or takes a hit)."""
        return list(self._steps)

    @property
    def record_seats(self) -> list[int]:
        """The seat that took each action of the record (-1 for a chance outcome)."""
        return list(self._seats)

    # ---- questions the core answers ----
    def rules(self, clearing: int):
        """The seat that rules clearing 1-12, or None when nobody does
        (LoR 2.5; the Wyrm pawn counts as three warriors, W-MON-1)."""
        if not isinstance(clearing, (int, np.integer)) or isinstance(clearing, bool) \
                or not 1 <= clearing <= _core.NUM_CLEARINGS:
            raise ConfigError(f"a clearing is 1-{_core.NUM_CLEARINGS}, not {clearing!r}")
        seat = _core.ruler_of(self.state, int(clearing) - 1)
        return None if seat < 0 else seat

    @property
    def round(self) -> int:
        """The round being played (0 in setup; round_of)."""
        return round_of(self.state.turn_number, self.num_seats)

    def lair_cap(self) -> int:
        """The most VP the Wyrm's Lair scores in its next Evening (W-EVE-1: the game's growth_caps)."""
        return _core.lair_cap_of(self.state)

    def evening_draws(self, seat) -> int:
        """The cards seat draws in its Evening as the board stands (LoR 6.6, W-EVE-3)."""
        return _core.evening_draws_of(self.state, self.seat_of(seat))

    # ---- views ----
    def __str__(self) -> str:
        """The board as the terminal shows it, without hands (the public view)."""
        return board_text(self, "public")

    def record_lines(self) -> list[str]:
        table = self.faction_ids
        board = self.board
        return [notation.record_text(a, s, table, board) for a, s in zip(self.record, self._seats)]

    def observation(self, seat) -> dict:
        """What one seat can see: the board, scores, discard pile, its own hand, other hands as
        counts only, the deck as a count only (LoR 1.2), the Riverfolk's hand face up (LoR 11.2.3);
        see redaction.observe."""
        return with_public_hand(observe(self.state, self.seat_of(seat)), self.state)

    # ---- saves ----
    def to_json(self) -> dict:
        """The save: the actions, their text and the state; a game set up from a position also
        holds the position it replays from (and has version 2, which older versions refuse)."""
        data = {"format": SAVE_FORMAT, "version": SAVE_VERSION,
                "factions": list(self.start_factions),
                "first": self.factions[self.first] if self.draft is None else self.first,
                "actions": list(self.record), "record": self.record_lines(),
                "state": self.state.to_dict()}
        if self.position is not None:
            data["version"], data["position"] = POSITION_SAVE_VERSION, copy.deepcopy(self.position)
        return data

    def save(self, path) -> None:
        """Write the save atomically: on failure (SaveError) an existing file is untouched."""
        write_save(path, self.to_json())

    @classmethod
    def from_json(cls, data) -> "Game":
        """Rebuild a game from to_json() output: the actions are replayed under the rules and the
        result must equal the saved state, so a corrupt or edited save is refused."""
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise SaveError("not a wyrm-ai save (missing format marker)")
        version = data.get("version")
        if type(version) is int and version in LEGACY_VERSIONS:
            return cls._from_legacy_json(data, LEGACY_VERSIONS[version])
        if version not in (SAVE_VERSION, POSITION_SAVE_VERSION) or type(version) is not int:
            raise SaveError(f"save version {version!r} is not supported "
                            f"(expected {SAVE_VERSION} or {POSITION_SAVE_VERSION}, or an older "
                            f"{' or '.join(map(str, LEGACY_VERSIONS))})")
        if (version == POSITION_SAVE_VERSION) != ("position" in data):
            raise SaveError(f"a save of version {data['version']} "
                            f"{'needs a' if version == POSITION_SAVE_VERSION else 'has no'} 'position'")
        start = cls._save_start(data, version)
        fresh = start.state.to_dict()
        actions = data.get("actions")
        if not isinstance(actions, list) or not all(type(a) is int for a in actions):
            raise SaveError("save field 'actions' must be a list of action numbers")
        try:
            game = start._replayed(actions)
        except WyrmError as e:
            raise SaveError(f"save does not replay: {e}") from None
        if "state" in data and with_new_fields(data["state"], fresh) != game.state.to_dict():
            raise SaveError("saved state does not match its replayed actions (corrupt or edited save)")
        if "record" in data and data["record"] != game.record_lines():
            raise SaveError("saved record text does not match its actions (corrupt or edited save)")
        return game

    @classmethod
    def _from_legacy_json(cls, data: dict, version: int) -> "Game":
        """A save with older action numbers (LEGACY_VERSIONS: odd versions of a new game, even
        ones from a position) replays from its record text. A record from before issue 29 item 5
        (versions 1-6) lacks the answers to hand prompts the engine did not ask then: they are
        added (pass_unasked) and their record indices kept in added_unasked. From version 5 on
        the state has this layout less the fields added since, and must match (with_new_fields);
        an older state is not compared."""
        old = data["version"]
        if (version == POSITION_SAVE_VERSION) != ("position" in data):
            raise SaveError(f"a save of version {old} "
                            f"{'needs a' if version == POSITION_SAVE_VERSION else 'has no'} 'position'")
        lines = data.get("record")
        if not isinstance(lines, list) or not all(isinstance(x, str) for x in lines):
            raise SaveError(f"a save of version {old} needs its 'record' (a list of record lines)")
        game = cls._save_start(data, version)
        fresh = game.state.to_dict()
        game.added_unasked = []
        for i, line in enumerate(lines):
            try:
                text = line.split(": ", 1)[1] if ": " in line else line
                if old < 7:
                    game.added_unasked += game.pass_unasked(text)
                game.apply(text)
            except WyrmError as e:
                raise SaveError(f"save of version {old} does not replay at record line {i + 1} "
                                f"({line!r}): {e}") from None
        if old >= 5 and "state" in data and with_new_fields(data["state"], fresh) != game.state.to_dict():
            raise SaveError(f"the saved state of a version {old} save does not match its record "
                            "(corrupt or edited save)")
        return game

    @classmethod
    def _save_start(cls, data: dict, version: int) -> "Game":
        """The game a save replays its actions from: a new game of its factions (the two-seat
        game for a save from before the field), first seat and options (the bot's, the Growth-track
        caps, the map, deck, setup, the Vagabond's character, the draft's cards and the hirelings: its
        state's, the defaults for a save from before them), or its position."""
        names = data.get("factions", list(_factions.names(_factions.TWO_SEATS)))
        if not isinstance(names, list) or not all(isinstance(f, str) for f in names):
            raise SaveError("save field 'factions' must be a list of faction names in seat order")
        if version == POSITION_SAVE_VERSION:
            try:
                start = cls.from_position(data["position"])
            except WyrmError as e:
                raise SaveError(f"save field 'position' does not replay: {e}") from None
            if data.get("first") != start.factions[start.first]:
                raise SaveError("save field 'first' does not match its position")
            if tuple(names) != start.factions:
                raise SaveError("save field 'factions' does not match its position")
            return start
        try:
            table = _factions.table_of(names)
        except ConfigError as e:
            raise SaveError(f"save field 'factions' is not a table of seats: {e}") from None
        try:
            first = _factions.seat_named(table, data.get("first"))
        except ConfigError as e:
            raise SaveError(f"save field 'first' does not replay: {e}") from None
        saved = data.get("state", {})
        try:
            bot = BotOptions.of_state(saved if isinstance(saved, dict) else {})
        except ConfigError as e:
            raise SaveError(f"save field 'state' holds bad bot options: {e}") from None
        try:
            caps = _caps.of_state(saved if isinstance(saved, dict) else {})
        except ConfigError as e:
            raise SaveError(f"save field 'state' holds bad growth caps: {e}") from None
        board = saved if isinstance(saved, dict) else {}
        try:
            m = _maps.read_map(board.get("map", 0))
            suits = _maps.read_suits(board["suit"]) if "suit" in board else None
        except ConfigError as e:
            raise SaveError(f"save field 'state' holds a bad map or suits: {e}") from None
        try:
            deck = _cards.read_deck(board.get("deck_id", 0))
            setup = _setups.read_setup(board.get("setup_mode", 0))
            character = _characters.read_character(board.get("character_option", -1))
        except ConfigError as e:
            raise SaveError(f"save field 'state' holds a bad deck, setup or character: {e}") from None
        cards = board.get("draft_cards", 0)
        if type(cards) is not int or not 0 <= cards < 1 << len(_factions.NAMES):
            raise SaveError(f"save field 'state' holds bad draft cards: {cards!r}")
        draft = [_factions.NAMES[f] for f in range(len(_factions.NAMES)) if (cards >> f) & 1] or None
        kinds = board.get("hr_kind", [])           # the hirelings in play (LoR 16.4; none before the field)
        if not isinstance(kinds, list) or not all(type(k) is int for k in kinds):
            raise SaveError(f"save field 'state' holds bad hirelings: {kinds!r}")
        try:
            hirelings = _hirelings.read([k for k in kinds if k >= 0])
        except ConfigError as e:
            raise SaveError(f"save field 'state' holds bad hirelings: {e}") from None
        try:
            return cls(first, table, bot, caps, m, suits, deck, setup, character, draft, hirelings)
        except WyrmError as e:
            raise SaveError(f"save field 'factions' cannot be played: {e}") from None

    @classmethod
    def load(cls, path) -> "Game":
        return cls.from_json(read_save(path))


def _bare(text: str) -> str:
    """An action's text as chance_texts() keys it: no '?:' prefix, no spaces, lower case."""
    text = text.strip()
    return (text[2:] if text.startswith("?:") else text).replace(" ", "").lower()


def with_new_fields(saved, fresh: dict):
    """A saved state with the fields it lacks (at any depth: the battle's too) taken from a new
    game of its factions (fresh): a save written before a field existed (the Vagabond's, issue
    13, in saves of versions 5 and 6 from before him) holds its new-game value, as no faction of
    that save ever changed it. So do the entries a per-faction field lacks (the core's
    FACTION_DIM_FIELDS, e.g. faction_seat): a save from before the Mechanical Marquise (issue 14)
    has five, and the sixth faction sat in none of its games."""
    if not isinstance(saved, dict):
        return saved
    if "battle" in saved:           # a whole state (not its battle): in today's schema first
        saved = _core.upgraded_state(saved)
    out = {k: with_new_fields(saved[k], v) if isinstance(v, dict) and k in saved else saved.get(k, v)
           for k, v in fresh.items()} | {k: v for k, v in saved.items() if k not in fresh}
    for k in _core.FACTION_DIM_FIELDS:
        mine, new = out.get(k), fresh.get(k)
        if isinstance(mine, list) and isinstance(new, list) and 0 < len(mine) < len(new):
            out[k] = mine + new[len(mine):]
    return out


def read_save(path):
    """The JSON data of a save file. Only a regular file of at most MAX_SAVE_BYTES is read (a
    FIFO, device or directory is refused without blocking); anything unreadable is a SaveError."""
    try:
        text = read_regular(path, MAX_SAVE_BYTES).decode("utf-8")
    except (OSError, ValueError) as e:              # files.FileRefused: not regular, too large; not UTF-8
        raise SaveError(f"cannot read save {path}: {getattr(e, 'strerror', None) or e}") from None
    try:
        return json.loads(text)
    except (ValueError, RecursionError) as e:       # ValueError: bad JSON, an int too long to read
        raise SaveError(f"save {path} is not valid JSON: {e.__class__.__name__}: {e}") from None


def write_save(path, data: dict, *, overwrite: bool = True) -> None:
    """Write save data atomically (files.write_atomic), as standard JSON (no NaN or Infinity).
    Raises SaveError; with overwrite=False, FileExistsError when path exists."""
    try:
        text = json.dumps(data, indent=1, allow_nan=False)
    except ValueError as e:
        raise SaveError(f"cannot save: {e}") from None
    try:
        write_atomic(path, text, overwrite=overwrite)
    except (OSError, ValueError) as e:              # ValueError: a NUL byte in the name
        if not overwrite and isinstance(e, FileExistsError):
            raise
        raise SaveError(f"cannot save to {path}: {getattr(e, 'strerror', None) or e}") from None
