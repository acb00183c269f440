"""The game loop of `wyrm play`: chance from the seeded RNG, the AI's decisions with a progress
display, the human's decisions read from the prompt, and the commands around them."""
from __future__ import annotations

import textwrap

import numpy as np

from wyrm_ai.ai import calibration
from wyrm_ai.model import growth_caps, maps
from wyrm_ai.model.cards import DECK_TITLES
from wyrm_ai.model.hirelings import titles_text
from wyrm_ai.model.setups import SETUP_TITLES, reach_advice
from wyrm_ai.model.errors import WyrmError
from wyrm_ai.model.errors import ConfigError
from wyrm_ai.model.factions import BOTS, LETTERS, letter, seat_named, vagabond_fields
from wyrm_ai.model.game import CHANCE, Game
from wyrm_ai.model.narration import narrated_lines
from wyrm_ai.model.notation import action_text, record_text
from wyrm_ai.ai.planner import hides_its_choice
from wyrm_ai.model.actions import decode
from wyrm_ai.model.redaction import (apply_seen, events_seen, knowledge_of, report_view, seen, seen_text, stack_draw,
                                     steal_pair)
from wyrm_ai.model.textboard.board import dominance_suit, score_words, seat_labels
from wyrm_ai.model.textboard.boardview import render
from wyrm_ai.model.textboard.compact import screen_parts
from wyrm_ai.terminal.leaving import Leave, Leaving
from wyrm_ai.terminal.recent import Recent
from wyrm_ai.terminal.input import (COMMANDS, HELP, choice_groups, format_choices, numbered_actions,
                                    read_command, resolve)
from wyrm_ai.ai.opponent import Opponent, ai_seats, opponents, position_seed
from wyrm_ai.model.action_words import seen_words
from wyrm_ai.model.rules_texts import rules_answer
from wyrm_ai.terminal.saves import save_game, save_new_game
from wyrm_ai.seat_options import driver_seat
from wyrm_ai.terminal.screen import Screen, board_width, boxed_fits, compose, draw, fold
from wyrm_ai.model.textboard.style import Style, trimmed
from wyrm_ai.terminal.thinking import _Interrupt as sigint_deferred, think
from wyrm_ai.model.seeds import MAX_SEED
from wyrm_ai.terminal.flow import FORCED_NOTE, card_answer, decisions, default_payment, payment_words
from wyrm_ai.model.textboard.words import action_rows, card_name, explain, record_words, step_words, turn_title



def scores_text(game: Game, unit: str = "") -> str:
    """'Marquise 12 VP, Wyrm 9 VP': each seat's faction and score, in seat order; a seat that has
    activated a dominance card has no score on the track: 'Eyrie: dominance (fox) activated'."""
    d = game.state.to_dict()
    return ", ".join(f"{game.title(s)}: {score_words(d, s)}" if dominance_suit(d, s) else f"{game.title(s)} {vp}{unit}"
                     for s, vp in enumerate(game.scores))


# the Vagabond's steps that count items down (State vb_left), and what is left to do with them
VB_LEFT = {"vagabond_refresh": "to refresh", "vagabond_damage": "to damage", "vagabond_repair": "to repair"}

class Quit(Exception):
    pass


class Resign(Exception):
    pass


class Session:
    """One game between a person (seat `human`) and the AI: an Opponent for each other seat
    (`opponents`, seat -> Opponent; `opponent` for any seat not there, and for hints).

    out(text, nl=True) writes; read(prompt) returns a line or raises EOFError; `live` turns on
    the one-line progress display (a terminal). screen, when output is a terminal that can be
    redrawn, gives its (columns, rows): each decision then redraws one screen in place
    (terminal/screen.py) instead of printing the board and the list below what came before.
    Nothing the person types changes the game unless it is a legal action (or undo).
    record_path None: the game is saved under the first free default name
    (saves.save_new_game), then keeps that file. The game is saved there as it goes (autosave:
    before and after each of the person's decisions and at the end of each turn the person does
    not play), and when SIGTERM or SIGHUP comes or the terminal goes (leaving.py)."""

    def __init__(self, game: Game, human: int, opponent: Opponent, seed: int, *, settings: dict,
                 record_path: str | None, out, read, style: Style | None = None, live: bool = False,
                 echo_input: bool = False, auto: bool = True, screen=None, columns: int = 80,
                 opponents: dict | None = None, reveal_ai: bool = False):
        self.game, self.human = game, human
        self.ais = tuple(ai_seats(game, human))          # the seats the AI plays (not the bots')
        self.opponent, self.seed, self.settings = opponent, seed, settings
        self.opponents = {s: (opponents or {}).get(s, opponent) for s in self.ais}
        self.record_path = record_path
        self.leaving = Leaving()              # SIGTERM, SIGHUP, a terminal gone (issue 29 item 8)
        self.out, self.read = self.leaving.writer(out), self.leaving.reader(read)
        self._saved = None                    # (game, its record) as last autosaved
        self._announced_path = None           # the record file the person was told of
        self.alarm = ""                       # why the last autosave failed ("" once one works)
        self.notice = ""                      # where the game is saved, for the next screen
        self.st = style or Style(False)
        self.live, self.echo_input = live, echo_input
        self.auto = auto                      # forced decisions (one legal action) played for the person
        # the AI's reasoning (why, its thinking line) comes from its own hand: shown once the game
        # is over, or during it with --reveal-ai (issue 29 item 6)
        self.reveal_ai = reveal_ai
        self.pending: list[str] = []          # what happened since the person last decided
        self.last_reports: list = []          # the AI's searches this turn (for `why`), not redacted
        self._reports_turn = None
        self._shown_at = None                 # record length when the board was last shown
        self._announced = None                # the turn whose thinking was announced (no terminal)
        self.screen = screen                  # () -> (columns, rows) when redrawing in place
        self.columns = columns                # the width of printed (not redrawn) output
        self.recent = Recent()                # what happened lately, kept on the redrawn screen
        self.choices: list = []               # the numbered legal actions at the prompt
        self.page, self.message = 0, ""       # the page of actions shown, the message line
        self._scrolled = False                # printed below the screen since it was drawn
        self.focus = None                     # the seat whose whole panel `seat FACTION` shows
        self.panel_asked = False              # ... just asked for: it may take the rows of the actions
        self._panel_read = False              # ... and it did on the screen drawn last

    # ---- output helpers ----
    def say(self, text: str = "") -> None:
        self.out(text)
        self._scrolled = True                 # a redrawn screen has text printed below it

    def line_width(self) -> int:
        """Columns a one-line display may fill without wrapping."""
        return self.width() - 1

    def width(self) -> int:
        """The output's columns: the terminal's when redrawing, else `columns`."""
        return self.screen()[0] if self.screen else self.columns

    def board(self) -> str:
        """The board printed in sequence: at the terminal's size, or the boxed map with the hand's
        card texts in a pipe (a transcript, read at any width)."""
        return render(self.game, self.human, self.st,
                      width=board_width(*self.screen(), self.game.num_seats) if self.screen else 99)

    def fit(self) -> str:
        """How a printed list fits the width: wrapped on a terminal, whole in a pipe (choice_groups)."""
        return "wrap" if self.live or self.screen else "none"

    def say_lines(self, text: str) -> None:
        """Print text line by line; on a terminal each wrapped at its spaces to its width (a
        wrapped line goes on two columns further in than it began), so the terminal never cuts a
        word (issue 28); in a pipe or a file as they are (a transcript, read at any width)."""
        for line in text.splitlines() or [""]:
            for part in (fold(line, self.width()) if self.live or self.screen else [line]):
                self.say(part)

    def say_fitted(self, line: str, style: str | None = None) -> None:
        """Print a line of words, wrapped at its spaces to the output's width."""
        for part in textwrap.wrap(line, self.width(), subsequent_indent="      ") or [""]:
            self.say(self.st.paint(part, style) if style else part)

    def show_progress(self, text: str) -> None:
        if self.live:
            w = self.line_width()
            self.out("\r" + text[:w].ljust(w), nl=False)

    def end_progress(self) -> None:
        if self.live:
            self.out("\r" + " " * self.line_width() + "\r", nl=False)

    # ---- the loop ----
    def run(self) -> int:
        """Play to the end (0). Quit, end of input or Ctrl-C outside the AI's thinking save the
        game (0; 1 if it could not be saved); SIGTERM or SIGHUP save it and exit with 128 + the
        signal's number (143, 129), a terminal gone with 0 (issue 29 item 8: leaving.py); any other
        exception writes an emergency save and one line naming the file and the error (1): no
        keystroke, signal or closed terminal loses a game."""
        with self.leaving:
            try:
                self.play()
                self.leaving.check()            # a signal during the last save: say it in the status
                return 0
            except Resign:
                with sigint_deferred():
                    return self.resign()
            except (Quit, KeyboardInterrupt):
                with sigint_deferred():
                    self.end_progress()
                    self.flush_pending()
                    if not self.save_record():
                        return 1
                    self.say(f"Game saved to {self.record_path}; resume it with: "
                             f"wyrm play --load {self.record_path}")
                    return 0
            except Leave as why:
                with sigint_deferred():
                    return self.leave(why)
            except Exception as e:
                with sigint_deferred():
                    return self.emergency_save(e)

    def play(self) -> None:
        self.introduce()
        while not self.game.is_terminal():      # `new` replaces self.game
            self.leaving.check()                # SIGTERM, SIGHUP or a terminal gone: leave here
            seat = self.game.current_player
            if seat != CHANCE and seat not in self.ais:
                self.autosave()                 # everything up to the person's decision
                self.human_decision()
                self.autosave()                 # the decision (an undo, a new game)
                continue
            turn = self.turn_key()
            if seat == CHANCE:
                self.chance()
            else:
                self.ai_decision()
            if turn[1] != self.human and self.turn_key() != turn:
                self.autosave()                 # the end of a turn the person did not play
        self.flush_pending()
        self.finish()

    def turn_key(self) -> tuple[int, int]:
        """The turn being played: its number and whose it is."""
        return self.game.state.turn_number, self.game.state.turn

    def autosave(self) -> None:
        """Save the game to its record file, unless that holds it as it stands (issue 29 item 8):
        nothing is lost when the terminal dies or the process is killed. A save is the record and
        the settings, written atomically: 12-24 ms (24 after 3,813 actions at four seats), most
        of it the disk's fsync, so it is made at each decision of the person's and at the end of
        each other turn, not at every action of the AI (its turn replays the same from the seed).
        A game with no record yet is not saved (its deal replays from the seed; its file is taken
        at its first save). A failed save is said once (the message line of the screen keeps it)
        and the game goes on."""
        g = self.game
        if not g.record or (self._saved is not None and self._saved[0] is g and self._saved[1] == g.record):
            return
        try:
            self.write_record()
        except WyrmError as e:
            alarm = f"could not save the game: {e}; it goes on (save FILE saves it elsewhere)"
            if alarm != self.alarm:
                self.alarm = alarm
                self.say_fitted(alarm, "error")
            return
        self._saved, self.alarm = (g, list(g.record)), ""
        if self.record_path is not None and self.record_path != self._announced_path:
            self._announced_path = self.record_path
            notice = f"The game is saved as it goes: wyrm play --load {self.record_path} resumes it."
            if self.screen:                   # the message line of the next screen
                self.notice = notice
            else:
                self.say_lines(notice)

    def leave(self, why: Leave) -> int:
        """SIGTERM, SIGHUP or a terminal gone: save the game as it stands (it is whole: leaving.py
        raises only where it is), then say so if the terminal is still there."""
        saved = self.save_record()
        self.end_progress()
        if saved:
            self.say(f"Game saved to {self.record_path} ({why.name}); resume it with: "
                     f"wyrm play --load {self.record_path}")
        return why.exit_code(saved)

    def ai_names(self, seats=None) -> str:
        """The factions the AI plays (or of seats): 'Wyrm', 'Eyrie and the Wyrm'."""
        return " and the ".join(self.game.title(s) for s in (self.ais if seats is None else seats))

    def the(self, seat: int) -> str:
        """'the Eyrie', or 'Player 3' for a player of a draft who has not chosen yet."""
        return ("the " if self.game.faction_ids[seat] >= 0 else "") + self.game.title(seat)

    def ai_verb(self, verb: str, seats=None) -> str:
        """verb ('is', 'wins') agreeing with the factions the AI plays (or seats)."""
        return verb if len(self.ais if seats is None else seats) == 1 else {"is": "are", "wins": "win"}[verb]

    @property
    def others(self) -> tuple[int, ...]:
        """Every seat but the person's: the AI's and the bots'."""
        return tuple(s for s in range(self.game.num_seats) if s != self.human)

    def searches(self) -> bool:
        """Whether any AI seat searches (the easy level does not)."""
        return any(o.searches for o in self.opponents.values())

    def ai_levels(self) -> str:
        """', normal (the planner, ...)' when every AI seat plays alike, else each seat's level
        (a bot's seat has none: it plays by its own rules)."""
        said = {s: o.describe_short(self.game.num_seats, self.game.factions[s]) for s, o in self.opponents.items() if s not in self.bots()}
        if len(set(said.values())) == 1:
            return ", " + next(iter(said.values()))
        return ": " + "; ".join(f"{self.the(s)} {words}" for s, words in said.items())

    def bots(self) -> tuple[int, ...]:
        """The seats of factions that play by their own rules (the Mechanical Marquise)."""
        return tuple(s for s in self.others if self.game.faction_ids[s] in BOTS)

    def introduce(self) -> None:
        if self.ais:
            self.say_lines(f"You are {self.the(self.human)}; {' and '.join(map(self.the, self.ais))} "
                     f"{self.ai_verb('is')} the AI{self.ai_levels()}.")
        else:
            self.say_lines(f"You are {self.the(self.human)}.")
        for s in self.bots():
            self.say_lines(f"The {self.game.title(s)} is a bot (the rules play it): {self.game.bot}.")
        if self.game.map != "autumn":
            self.say_lines(f"The map is the {self.game.map.capitalize()} (--map), its suits "
                           f"{maps.suits_text(self.game.suits)} (docs/maps.md).")
        if self.game.deck != "standard":
            self.say_lines(f"The shared deck is {DECK_TITLES[self.game.deck]} (--deck): 'card NAME' tells what "
                           "a card does.")
        if self.game.setup != "standard":
            self.say_lines(f"The setup is the {SETUP_TITLES[self.game.setup]} (--setup): each player is dealt five "
                           "cards and, once every faction has set up, keeps three, returning the others face "
                           "down to the deck." + ("" if self.game.draft else
                                                  f" This table's {reach_advice(self.game.factions)}."))
        if self.game.draft:
            self.say_lines(f"The factions are drafted (--draft, LoR 16.1.8): of the cards {', '.join(self.game.draft)}, "
                           "one more than the players is dealt face up, a militant first; from the last player "
                           "in turn order, each takes one and sets it up at once (a Vagabond card: the "
                           "character beside it). You are Player "
                           f"{self.human + 1}; Player {self.game.first + 1} takes the first turn.")
        if self.game.character is not None:
            self.say_lines(f"The Vagabond plays the {self.game.character.capitalize()} (--character): his only "
                           "choice of character at setup.")
        if self.game.hirelings:
            self.say_lines(f"The hirelings in play (--hirelings, LoR 16.4): {titles_text(self.game.hirelings)}. A "
                           "score reaching 4, 8 or 12 VP takes a hireling at the end of that player's turn; "
                           "the board's HIRELINGS line shows who controls each.")
        if "wyrm" in self.game.factions and not growth_caps.is_default(self.game.growth_caps):
            self.say_lines(f"The Wyrm's Growth track prints the Lair caps {growth_caps.text(self.game.growth_caps)} "
                     f"(--growth-caps; the rules' assumed caps are {growth_caps.text(growth_caps.DEFAULT)}).")
        self.say_lines(f"Seed {self.seed}. Type 'help' for commands; an action's number or its notation "
                 "plays it.")

    def resign(self) -> int:
        """The person gives the game up: it is saved marked resigned (wyrm play --load shows it)."""
        self.flush_pending()
        self.settings["resigned"] = self.human if self.game.draft is not None else self.game.factions[self.human]
        self.say(self.st.paint(f"You resign: the {self.ai_names(self.others)} {self.ai_verb('wins', self.others)} "
                               f"({scores_text(self.game, ' VP')}).", "title"))
        if not self.save_record():
            return 1
        self.say(f"The game is saved in {self.record_path} (wyrm play --load {self.record_path} "
                 "shows it).")
        return 0

    def new_game(self) -> bool:
        """Save this game, then start a new one with the same options and the next seed."""
        if not self.save_record():
            return False
        self.say(f"This game is saved in {self.record_path} (resume it with: wyrm play --load "
                 f"{self.record_path}).")
        self.seed = (self.seed + 1) % (MAX_SEED + 1)
        self.settings = dict(self.settings, seed=self.seed)
        threads = self.opponent.threads
        self.opponent = Opponent(self.settings["level"], self.seed, self.settings["think"], threads)
        self.game = Game(first=self.game.first, factions=self.game.start_factions, **self.game.options)
        self.opponents = opponents(self.ais, self.settings["level"], self.seed, self.settings["think"],
                                   {driver_seat(self.game, f): lv for f, lv in self.settings.get("ai", {}).items()},
                                   threads)
        self.record_path = None
        self.pending, self.last_reports, self._reports_turn = [], [], None
        self._shown_at = self._announced = None
        self.say("")
        self.say(self.st.paint("A new game.", "title"))
        self.introduce()
        return True

    def emergency_save(self, error: Exception) -> int:
        """Save the game as its record replays (the state may be half-changed by the error)."""
        what = f"{error.__class__.__name__}: {str(error).splitlines()[0] if str(error) else ''}"[:200]
        try:
            self.game.undo(0)               # the record replayed from the game's start
        except Exception:                   # save what there is: the record, as it stands
            pass
        try:
            self.write_record()
            where = f"the game is saved in {self.record_path} (wyrm play --load {self.record_path})"
        except Exception as e:
            where = f"the game could not be saved ({str(e).splitlines()[0][:200] if str(e) else e.__class__.__name__})"
        self.out(f"wyrm play stopped on an internal error ({what}); {where}")
        return 1

    def finish(self, save: bool = True) -> None:
        g = self.game
        self.say(self.board())
        if "resigned" in self.settings:
            loser = g.seat_of(self.settings["resigned"])
            others = [s for s in range(g.num_seats) if s != loser]
            self.say(self.st.paint(f"The {g.title(loser)} resigned: the {' and the '.join(map(g.title, others))} "
                                   f"win{'s' if len(others) == 1 else ''} ({scores_text(g, ' VP')}).", "title"))
        elif g.winner is None:
            self.say(self.st.paint(f"The game ends without a winner: {scores_text(g)}.", "title"))
        else:
            won = g.winners
            you = "you win" if self.human in won else ("the AI wins" if len(won) == 1 else "the AI win")
            verb = "wins" if len(won) == 1 else "win together (their coalition, LoR 9.2.8)"
            self.say(self.st.paint(f"The {' and the '.join(map(g.title, won))} {verb} ({you}): "
                                   f"{scores_text(g, ' VP')}, in round {g.round}.", "title"))
        if g.is_terminal() and self.last_reports and self.searches():
            self.say(self.st.paint("What the AI weighed on its last turn, now that the game is over:", "title"))
            self.why()
        if save and self.save_record():
            self.say(f"The game record ({len(g.record)} actions) is saved in {self.record_path}")
            self.say(f"(wyrm play --load {self.record_path} shows it again).")

    def save_record(self) -> bool:
        """Save the game to its record file; False (and a message) if that failed."""
        try:
            self.write_record()
            return True
        except WyrmError as e:
            self.say(self.st.paint(f"could not save the record: {e}", "error"))
            return False

    def write_record(self) -> None:
        if self.record_path is None:
            self.record_path = save_new_game(self.game, self.settings)
        else:
            save_game(self.game, self.record_path, self.settings)

    # ---- chance and the AI ----
    def turn_header(self) -> None:
        """A header for each turn the AI plays while the person waits, when several seats play
        in a row (with one other seat, 'Since your last decision' is its turn)."""
        g = self.game
        turn = (g.state.turn_number, g.state.turn)
        if turn != self._reports_turn:
            if turn[1] != self.human:
                self.recent.others_begin(len(self.pending))     # where the others' turns begin
            if len(self.others) > 1 and g.state.turn_number:
                self.pending.append(self.st.paint(turn_title(*turn, g.faction_ids), "title"))
            self._reports_turn, self.last_reports = turn, []

    def chance(self) -> None:
        g = self.game
        rng = np.random.default_rng(position_seed(self.seed, len(g.record)))
        step = g.step
        if step == "mechanical_order":          # a bot's turn starts with its order card (MM2 §5)
            self.turn_header()
        e = apply_seen(g, g.sample_chance(rng), self.human)
        if e.action.kind == "draw" and any(stack_draw(x) for x in g.last_events):   # onto the stack
            card = "a card" if e.action.args[0] is None else card_name(e.action.args[0])
            self.pending.append(f"   {seen_text(e, '?: draw'):<17}  {card} goes to the Alliance's supporters")
        elif e.action.kind == "draw" and e.receiver in self.ais:
            self.pending.append(f"   ?: draw              {self.the(e.receiver)} draws a card")
        elif e.action.kind == "draw" and e.receiver == self.human:
            self.pending.append(f"   {record_text(e.action, -1):<17}  you draw {card_name(e.action.args[0])}")
        else:
            self.pending.append(f"   {record_text(e.action, -1):<17}  {seen_words(e, step)}")
        self.pending += self.told(g.last_events)

    def told(self, evs, indent: int = 20, entry: int | None = None) -> list[str]:
        """The engine's events as the person may see them, in words, indented under their action
        and wrapped to fit the output's width once printed two columns in (draws are left out: the draw's own line tells them)."""
        g = self.game            # entry: the record entry evs belong to (default the last)
        entry = len(g.record) - 1 if entry is None else entry
        pair = steal_pair(g.record, g.record_seats, entry, evs) if entry >= 0 else None
        return narrated_lines(events_seen(evs, self.human, g.faction_ids, pair), self.width() - 4, indent)

    def ai_decision(self) -> None:
        g = self.game
        seat = g.current_player
        ai = self.opponents[seat]
        turn = (g.state.turn_number, g.state.turn)
        self.turn_header()
        # a seat that holds hidden cards thinks even over a single legal action (an ambush it can
        # only pass): its answer takes the same course whatever it holds (issue 29 item 5)
        if ai.searches and (len(g.legal_actions()) > 1 or hides_its_choice(g)):
            if not self.live and self._announced != turn:
                self._announced = turn
                self.out(f"The {g.title(seat)} is thinking (Ctrl-C plays its best action so far)...")
            spent = ai.start_decision(g)
            table = (g.num_seats, g.factions[seat])
            thought = think(g, ai.budget(*table), position_seed(self.seed, len(g.record), 2),
                            turn_spent=spent, show=self.show_progress, fallback=ai.heuristic,
                            viewer=self.human, options=ai.options(*table), reveal=self.reveal_ai)
            self.leaving.check()                # told to end while it thought: its choice is not played
            self.end_progress()
            ai.turn_spent += thought.report.seconds
            r = thought.report
            a = r.best
            note = f"({r.simulations:,} sims, {r.seconds:.2f} s{', stopped by Ctrl-C' if thought.interrupted else ''})"
            self.last_reports.append(r)
        else:
            a = ai.heuristic(g) if len(g.legal_actions()) > 1 or hides_its_choice(g) else g.legal_actions()[0]
            note = ""
        rows = self.action_lines(seat, a, note)
        g.apply(a)
        self.pending += rows + self.told(g.last_events)

    def action_lines(self, seat: int, a: int, note: str = "") -> list[str]:
        """Rows telling action a of seat, before it is applied: its notation, what it does in
        words, and a dim note (the search, or 'played for you'), wrapped to the output's width.
        Another seat's card that goes where the person may not see it (Mobilize, an Outrage
        payment, an Aid or Swap Meet between two others, a card returned to the deck) is not
        named: redaction.seen, as the record and `log` show it."""
        g = self.game
        act = decode(a)
        if seat != self.human:
            pair = steal_pair(g.record + [a], g.record_seats + [seat], len(g.record)) if act.kind == "give" else None
            act = seen(a, seat, -1, self.human, g.faction_ids, pair).action
        text = g.describe(a) if act == decode(a) else action_text(act, seat, g.faction_ids, g.board)
        return action_rows(f"{letter(g.faction_ids[seat])}: {text:<16}",
                           explain(act, seat, g.step, g.faction_ids, g.state),
                           self.width() - 2, note, lambda t: self.st.paint(t, "dim"))

    def flush_pending(self) -> None:
        if self.pending:
            self.say(self.st.paint("Since your last decision:", "title"))
            for line in self.pending:
                self.say("  " + line)
            self.say(f"  Score: {scores_text(self.game)}")
            if self.last_reports and self.searches() and self.reveal_ai:
                self.say(self.st.paint("  (type 'why' for the alternatives the AI weighed: --reveal-ai)", "dim"))
            self.pending = []

    # ---- the person ----
    def prompt(self) -> str:
        g = self.game
        extra, words = "", step_words(g.step)
        if g.step in ("marquise_daylight",):
            n = g.state.to_dict()["actions_left"]
            extra = f", {n} action{'s' if n != 1 else ''} left"
        elif g.step == "alliance_evening":                  # one operation per officer (LoR 8.6.1)
            d = g.state.to_dict()
            n = max(0, d["officers"] - d["ops_used"])
            extra = f", {n} operation{'s' if n != 1 else ''} left"
        elif g.step in VB_LEFT:             # items still to refresh / damage / repair (LoR 9.4.1, 9.2.5, D.3)
            # the Vagabond deciding (either of two, LoR 9.7): his own counter
            n = vagabond_fields(g.state.to_dict(), g.faction_ids[g.current_player])["vb_left"]
            extra = f", {n} item{'s' if n != 1 else ''} {VB_LEFT[g.step]}"
        elif g.step == "keep_three":        # the Advanced Setup: a card back an action (LoR 16.1.10)
            n = g.state.to_dict()["hand_size"][g.current_player] - 3
            words = f"setup: return {n} more card{'s' if n != 1 else ''} to the deck, keep 3"
        text = f"{g.title(self.human)} - {words}{extra}"
        room = max(20, self.width() - 16)       # the rest of the line is for typing (issue 28)
        return (text if len(text) <= room else textwrap.shorten(text, room, placeholder=" ...")) + " > "

    def ask(self) -> str:
        try:
            line = self.read(self.prompt())
        except (EOFError, KeyboardInterrupt):
            self.say("")
            raise Quit from None
        if self.echo_input:
            self.say(line.rstrip("\n"))
        return line

    def keep_recent(self) -> None:
        """On a redrawn screen: what happened since the last decision joins the recent events
        (terminal/recent.py: your last turn, then what came after it)."""
        self.recent.keep(self.game, self.human, self.pending, lambda t: self.st.paint(t, "title"))
        self.pending = []

    def panel_lines(self) -> list[str]:
        """`panels`: the whole compact board printed below the screen: the map with its paths
        (one table when two do not fit) and every faction's whole panel."""
        return render(self.game, self.human, self.st, width=min(self.width(), 80)).splitlines()

    def show_seat(self, name: str) -> None:
        """`seat FACTION`: that faction's whole panel on the screen, beside yours, or in the rows of
        the actions where the screen has no other room for it (five and six seats at 80x24; Enter
        brings the actions back); `seat next`: the next faction's in seat order (after the one
        shown, else after yours), so that repeating it pages through every panel; `seat`: yours
        only."""
        if not name:
            self.focus, self.panel_asked = None, False
        else:
            if name.lower() == "next":
                start = self.human if self.focus is None else self.focus
                self.focus = (start + 1) % self.game.num_seats
            else:
                try:
                    self.focus = seat_named(self.game.faction_ids, name)
                except ConfigError:
                    self.tell(f"no faction {name!r} at this table: seat " +
                              " | ".join(self.game.factions) + " | next")
                    return
            self.panel_asked = True
        if self.screen:
            self.message = ""
            self.recent.reading = False           # the panel, not `more`'s page, in the actions' rows
            self.redraw()
        else:
            self.say("\n".join(self.panel_lines()))

    def more(self) -> None:
        """`more`: the next page of what happened since your last turn, in the rows of the actions
        (Enter shows the actions again). In a pipe it is all printed already."""
        if not self.screen:
            self.say("what happened since your last decision is printed above, whole; 'log' has the game")
            return
        self.panel_asked = False
        self.recent.more()
        self.message = ""
        self.redraw()

    def redraw(self) -> None:
        """The whole screen in place: board, recent events, a page of actions, the message."""
        columns, rows = self.screen()
        width = board_width(columns, rows, self.game.num_seats)
        groups = choice_groups(self.choices, self.st, min(columns, width))
        board = render(self.game, self.human, self.st, width=width, height=rows).splitlines() if width >= 99 else []
        if width >= 99 and not boxed_fits(board, columns, rows, sum(len(g) for g in groups), self.message):
            width = min(columns, 80)                  # a long hand: the boxed map and a page of actions do not fit
            groups = choice_groups(self.choices, self.st, width)
        if width >= 99:
            sc = Screen(board, width, "Since your last turn:", self.recent.lines, groups)
        else:
            d = self.game.observation(self.human)
            parts = screen_parts(d, width, self.st, seat_labels(d))
            whole = {self.human, self.focus}
            panels = [(lines, tag, seat in whole) for seat, lines, tag in parts["panels"]]
            sc = Screen(parts["top"], width, "Since your last turn:", self.recent.lines, groups, panels,
                        parts["hand"])
            if self.panel_asked and self.focus is not None:
                sc.read_panel = next(k for k, (seat, _, _) in enumerate(parts["panels"]) if seat == self.focus)
        r = self.recent
        sc.reading, sc.recent_page = r.reading, (r.page if r.page is not None else 0)
        sc.recent_from = r.start if r.page is None else None
        lines, n = compose(sc, columns, rows, self.page, self.message, self.st)
        self._panel_read = sc.panel_read
        self.page %= n
        if not sc.panel_read:                         # (a panel in the actions' rows: only their title)
            r.shown(sc)                               # the page shown, so `more` goes on from it
        draw(self.out, lines)
        self._scrolled = False

    def tell(self, text: str) -> None:
        """A one-line answer: the message line of a redrawn screen, else a printed line."""
        if self.screen:
            self.message = self.st.paint(text, "error")
            self.redraw()
        else:
            self.say(self.st.paint(text, "error"))

    def completions(self) -> list[str]:
        """What Tab completes at the prompt: the commands and the legal actions' notation."""
        return [w for w in COMMANDS if w != "?"] + [c.text for c in self.choices]

    def play_forced(self, a: int) -> None:
        """Play the only legal action for the person and narrate it in one line."""
        rows = self.action_lines(self.human, a, FORCED_NOTE.strip())
        self.game.apply(a)
        self.pending += rows

    def human_decision(self) -> None:
        g = self.game
        legal = g.legal_actions()
        if self.auto and len(legal) == 1:
            self.play_forced(legal[0])
            return
        self.choices, self.page, self.message = numbered_actions(g), 0, ""
        self.panel_asked = False              # a new decision shows its actions
        choices = self.choices
        pay = default_payment(g, self.human, self.opponent.heuristic)
        offer = self.st.paint(f"Enter pays {payment_words(pay)} (the default); or choose one wood at "
                              "a time from the list.", "good") if pay else ""
        if self.screen:
            self.message = offer or (self.st.paint(self.alarm, "error") if self.alarm else self.notice)
            self.notice = ""
            self.keep_recent()
            self.redraw()
        else:
            self.flush_pending()
            if self._shown_at != len(g.record):
                self._shown_at = len(g.record)
                self.say("")
                self.say(self.board())
            self.say("\n".join(format_choices(choices, self.st, self.width(), self.fit())))
            if offer:
                self.say(offer)
        while True:
            line = self.ask()
            if self.screen and self.recent.reading and not line.strip():
                self.recent.reading, self.message = False, offer      # Enter after `more`: the actions
                self.redraw()
                continue
            if self.screen and self._panel_read and not line.strip():
                self.panel_asked, self.message = False, offer          # Enter after `seat`: the actions
                self.redraw()
                continue
            if pay and not line.strip():
                for a in pay:
                    g.apply(a)
                self.say(f"paid {payment_words(pay)}")
                self.pending = [f"{letter(g.faction_ids[self.human])}: paid {payment_words(pay)} (you)"] \
                    if self.screen else []
                return
            cmd = read_command(line)
            if cmd.kind == "error":
                self.tell(cmd.arg)
            elif cmd.kind in ("number", "action"):
                try:
                    a = resolve(cmd, g, choices)
                    mine = self.action_lines(self.human, a, "(you)") if self.screen else []
                    g.apply(a)
                except WyrmError as e:
                    self.tell(str(e).splitlines()[0])
                    continue
                told = self.told(g.last_events)
                if self.screen:             # your own actions, in words, among the recent (issue 28)
                    self.pending = mine + told
                else:
                    self.pending = [f"{letter(g.faction_ids[self.human])}: {g.describe(a, self.human):<16} (you)"] + told if told else []
                return
            elif cmd.kind == "quit":
                raise Quit
            elif cmd.kind == "help":
                self.say_lines(HELP)
            elif cmd.kind == "list" and self.screen and not line.strip():
                # Enter: the next page, or the screen again after text printed below it
                self.page, self.message = self.page + (not self._scrolled), ""
                self.redraw()
            elif cmd.kind == "list":
                self.say("\n".join(format_choices(choices, self.st, self.width(), self.fit())))
            elif cmd.kind == "board" and self.screen:
                self.message = ""
                self.redraw()
            elif cmd.kind == "board":
                self.say(self.board())
            elif cmd.kind == "more":
                self.more()
            elif cmd.kind == "seat":
                self.show_seat(cmd.arg)
            elif cmd.kind == "panels":
                self.say("\n".join(self.panel_lines()))
            elif cmd.kind == "log":
                self.say("\n".join(self.log_lines()) or "(no actions yet)")
            elif cmd.kind == "save":
                try:
                    save_game(g, cmd.arg, self.settings)
                    self.say(f"saved to {cmd.arg} (resume: wyrm play --load {cmd.arg})")
                except WyrmError as e:
                    self.say(self.st.paint(str(e), "error"))
            elif cmd.kind == "why":
                self.why()
            elif cmd.kind == "hint":
                self.hint()
            elif cmd.kind == "undo":
                if self.undo(int(cmd.arg or 1)):
                    return
            elif cmd.kind == "card":
                self.card(cmd.arg)
            elif cmd.kind == "rules":           # issue 28: rules_texts.py
                found, text = rules_answer(cmd.arg, g.faction_ids, g.faction_ids[self.human], self.width() - 2)
                self.say(text if found else self.st.paint(text, "error"))
            elif cmd.kind == "set":
                self.auto = cmd.arg == "on"
                self.say("forced decisions (a single legal action) are now " +
                         ("played for you" if self.auto else "asked, like any other"))
            elif cmd.kind == "new":
                if self.new_game():
                    return
            elif cmd.kind == "resign":
                raise Resign

    def log_lines(self) -> list[str]:
        """`log`: the record as the person sees it, each action with its words (action_words,
        issue 28) and what it did in words."""
        out = []
        for i, ((line, words), evs) in enumerate(zip(record_words(self.game, self.human), self.game.events)):
            out += action_rows(f"{i + 1:>4}  {line:<22}", words, self.width() - 2)
            out += self.told(evs, 6, i)
        return out

    def undo(self, count: int = 1) -> bool:
        g = self.game
        mine = decisions(g, self.human, self.auto)
        if not mine:
            self.say(self.st.paint("nothing to undo: you have not decided anything yet", "error"))
            return False
        if count > len(mine):
            self.say(self.st.paint(f"you have made {len(mine)} decision{'s' if len(mine) != 1 else ''} "
                                   f"so far: undo 1-{len(mine)}", "error"))
            return False
        at = mine[-count]
        n = len(g.record) - at
        taken = g.describe(g.record[at], self.human)
        g.undo(n)
        self.pending = []
        self.last_reports = []
        what = taken if count == 1 else f"your last {count} decisions, back to {taken}"
        self.say(f"undone: {what} ({n} action{'s' if n != 1 else ''} taken back)")
        return True

    def card(self, name: str) -> None:
        found, text = card_answer(name, self.game.faction_ids)
        self.say(text if found else self.st.paint(text, "error"))

    def why(self) -> None:
        if not self.searches():
            self.say_fitted("the easy AI does not search: it takes the action its evaluation rates best, "
                            "one ply deep")
            return
        if not self.last_reports:
            self.say("the AI has not searched this turn yet")
            return
        over = self.game.is_terminal()
        if not (over or self.reveal_ai):
            self.say_fitted("what the AI weighed comes from its own hand (its alternatives and their "
                            "values), so it is shown when the game is over; `wyrm play --reveal-ai` "
                            "shows it during the game, for training")
            return
        if not over:
            self.say_fitted("(--reveal-ai: the AI's reasoning below reflects the hand it holds)")
        know = knowledge_of(self.game, self.human)
        for report in self.last_reports:      # each best was played face up: its card is public
            r = report if over else report_view(report, know, played=True)   # all hands are open at the end
            self.say(self.st.paint(f"{self.game.title(r.seat)} chose "
                                   f"{action_text(r.best, r.seat, self.game.faction_ids)}:", "title"))
            for line in r.format(4).splitlines():
                self.say_fitted("  " + line)

    def hint(self) -> None:
        g = self.game
        legal = g.legal_actions()
        if len(legal) == 1:
            self.say(f"hint: {g.describe(legal[0])} is the only legal action")
            return
        thought = think(g, self.opponent.hint_budget(), position_seed(self.seed, len(g.record), 3), show=self.show_progress,
                        fallback=self.opponent.heuristic, viewer=self.human)
        self.end_progress()
        r = report_view(thought.report, knowledge_of(g, self.human))
        for i, (a, text, visits, mean) in enumerate(([t for t in r.top if t[0] == r.best] or
                                                     [(r.best, action_text(r.best, self.human, g.faction_ids), 0, 0.0)])
                                                    + [t for t in r.top if t[0] != r.best][:3]):
            line = trimmed(f"{'hint:' if i == 0 else '  or'} {text:<12} {r.row_numbers(visits, mean)}  "
                           f"{explain(a, self.human, g.step, g.faction_ids, g.state)}", self.width())   # one row per action
            self.say(self.st.paint(line, "good") if i == 0 else line)
        self.say_fitted(f"  ({r.simulations:,} simulations in {r.seconds:.1f} s; "
                        f"{calibration.numbers_words(g.faction_ids, r.seat)})", "dim")

