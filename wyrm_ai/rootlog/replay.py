"""A Rootlog record replayed into the engine: a sequence of engine actions (docs/rootlog.md,
"Replay").

The game starts from the header: its map (Fall, our Autumn; Winter, Lake, Mountain) and
suits, its deck (Standard or E&P), the player lines' factions in turn order (the first line plays
first; seated where our `Seats:` line puts them: seating_of) -- factions C E A V and our
extension's W and N (docs/notation.md). Anything else is out
of the engine's reach, and ReplayError names the header line that puts it there. The header does
not say the setup: the Advanced Setup is read from the record itself (setup_of).

Then, at each decision point and chance event, every legal action (or outcome) writes the
clauses it would write (wyrm_ai/rootlog/writer.py, `candidates`: `entry_clauses` from the
action and the core's events), and the one whose clauses match the record's next clauses (by
meaning: wyrm_ai/rootlog/match.py, `choose`; Rootlog's defaults applied, a Move's things in any
order) is taken.
The rule when several match:

1. the one that accounts for the most of the record (clauses read, and a battle's ambush or
   roll) is taken; an action that writes nothing (a `pass`) is taken only when no action that
   writes something matches;
2. a decision clause `!<our notation>` (the extension) names the action outright;
3. still several: at a chance event the outcome is asked for (`chance`: a callback given the
   outcomes, or a seeded numpy Generator); at a decision the legal completions (our notation's
   texts) go to `pick`, or ReplayAmbiguity lists them with the clause's file:line:col.

No legal action matching the next clause is a ReplayError at that clause, naming the clause and
the legal actions there."""
from __future__ import annotations

from typing import Callable

import numpy as np

from wyrm_ai import _core
from wyrm_ai.model import factions as _factions, maps as _maps
from wyrm_ai.model.actions import decode
from wyrm_ai.model.notation import PLOT_LETTERS
from wyrm_ai.model.errors import WyrmError
from wyrm_ai.model.game import Game
from wyrm_ai.rootlog.match import (HIRED, ONLY_LATER, PENDING, Candidate, Placed, atoms_of, choose, covers, documentary,
                                   fit, fit_skipping, shape, silent)
from wyrm_ai.rootlog.names import (LETTER_OF, OUR_DECK, OUR_FACTION, OUR_MAP, faction_name, hireling_side,
                                   hireling_token)
from wyrm_ai.rootlog.reader import read_file, read_text
from wyrm_ai.rootlog.tree import (Board, Card, Clearing, Decision, Hand, Move, Quests, Record, RootlogError, SetOutcast,
                                  Unknown)
from wyrm_ai.rootlog.writer import board_ferry, candidates, die_told

ENGINE_MAPS = tuple(OUR_MAP)              # Fall, Winter, Lake, Mountain (docs/maps.md)
ENGINE_DECKS = tuple(OUR_DECK)            # Standard, E&P (docs/ep-deck.md)
ENGINE_MAP = ENGINE_MAPS[0]               # the map a record's suits may be left out on


class ReplayError(RootlogError):
    """A record that does not replay: out of the engine's reach, or a clause no legal action
    writes (line, col of the clause)."""


class ReplayAmbiguity(ReplayError):
    """The record leaves an engine decision open: `completions` are the legal actions (our
    notation) that each fit it; `index` is the record entry at which it stands."""

    def __init__(self, message, line=0, col=0, source="", completions=(), index=0):
        super().__init__(message, line, col, "", source)
        self.completions, self.index = list(completions), index


def game_of(record: Record, source: str = "", bot=None, growth_caps=None, seats=None) -> Game:
    """A new game from the header, or ReplayError naming the header line out of the engine's reach.
    The engine numbers the seats (its actions name them): by default round the table from the
    faction with the lowest id (factions.seating); seats (faction names in seat order) keeps a
    game's own numbering, so its record replays to the same ints."""
    h = record.header

    lacks = []          # (header key, what the line says, what the engine lacks), in the header's order

    def out(key: str, what: str, missing: str):
        lacks.append((key, what, missing))

    if h.map not in ENGINE_MAPS:
        out("Map", f"`Map: {h.map}`", f"the map {h.map}")
    if h.deck not in ENGINE_DECKS:
        out("Deck", f"`Deck: {h.deck}`", f"the {h.deck} deck")
    board = OUR_MAP.get(h.map, "autumn")
    suits = None
    if h.clearings is not None and "B" in h.clearings:
        out("Clearings", "`Clearings:` with a bird clearing", "bird clearings")
    elif h.clearings is not None:
        try:
            suits = _maps.read_suits(", ".join(f"{x}{c + 1}" for c, x in enumerate(h.clearings)))
        except WyrmError as e:
            out("Clearings", f"`Clearings:` ({e})", "these suits")
    elif _maps.data(board)["printed_suits"] is None:
        out("Clearings", f"`Map: {h.map}` without `Clearings:`", "the suits of its clearings")
    if h.landmarks:
        out("Landmarks", "`Landmarks:`", "landmarks (the Lake's Ferry and the Mountain's Tower are set up by default)")
    hirelings = None
    if h.hirelings:             # the three hireling cards on their sides (`h_Ed`: Bluebird Nobles, LoR 16.1.6)
        sides = [hireling_side(x) for x in h.hirelings]
        held = [x for x, side in zip(h.hirelings, sides) if side is not None and side in _core.HIRELING_BUILT]
        if len(held) < len(h.hirelings):
            out("Hirelings", "`Hirelings:`", "the hirelings " + ", ".join(
                f"{x} ({_hireling_name(x)})" for x in h.hirelings if x not in held) + " (only "
                + ", ".join(f"{hireling_token(side, True)} ({_core.HIRELING_NAMES[side]})"
                            for side in _core.HIRELING_BUILT) + ")")
        else:
            hirelings = sides
    cards = None
    # a `Pool:` whose deal and picks the record does not write (the corpus's games) names only the
    # factions the players chose among: the game is the player lines' factions, set up as the
    # record's first lines show (the corpus's tournament pools predate the Advanced Setup's draft)
    if h.pool and drafts(record):    # a faction draft (LoR 16.1.8): its cards by letter
        try:
            cards = _factions.draft_cards([_factions.NAMES[OUR_FACTION[f]] if f in OUR_FACTION else f for f in h.pool])
        except WyrmError as e:
            out("Pool", f"`Pool: {''.join(h.pool)}` ({e})", "such a faction draft")
    order = [f for f, _ in h.players]
    for f in order:
        if f not in OUR_FACTION and not (cards is not None and f == _factions.UNDRAFTED_LETTER):
            out(f, f"player line `{f}:` ({faction_name(f)})", f"the faction {faction_name(f)}")
    if lacks:
        # the most telling first: the deck, then the factions, then the rest, at its header line
        rank = {"Deck": 0, "Map": 0, "Clearings": 2, "Landmarks": 2, "Hirelings": 2, "Pool": 3}
        lacks.sort(key=lambda x: rank.get(x[0], 1))
        key, what, missing = lacks[0]
        more = [m for _, _, m in lacks[1:]]
        line = h.line_of(key)
        raise ReplayError(f"{what}: the engine does not hold {missing}"
                          + (f" (nor {'; '.join(more)})" if more else "")
                          + f"; it holds the maps {', '.join(ENGINE_MAPS)}, the decks {', '.join(ENGINE_DECKS)} and "
                          f"the factions {', '.join(OUR_FACTION)}", line, 1 if line else 0, "", source)
    if not 2 <= len(order) <= _factions.MAX_SEATS:
        raise ReplayError(f"{len(order)} player lines: a game the engine holds seats 2-{_factions.MAX_SEATS} factions "
                          "(a `<F>: <name>` line each, in turn order)", 0, 0, "", source)
    table, first = seating_of(record, source, seats)
    seated = _factions.names(table)
    if cards is not None:           # the players draft: each seat `draft` until it chooses, a bot by name
        seated = tuple(n if _factions.is_bot(n) else _factions.DRAFT_SEAT for n in seated)
    options = dict(bot=bot, growth_caps=growth_caps, map=board, suits=suits, deck=OUR_DECK[h.deck],
                   setup=setup_of(record), draft=None if cards is None else _factions.names(cards))
    try:
        game = Game(first, seated, hirelings=hirelings, **options)
    except WyrmError as e:
        if hirelings:           # the hirelings refused (a faction their card keeps out, a bot, two sides
            try:                #   of one card: LoR 16.1.6, E-6, E-C21), not the rest: at their line
                Game(first, seated, **options)
            except WyrmError:
                pass
            else:
                line = h.line_of("Hirelings")
                raise ReplayError(f"`Hirelings: {', '.join(h.hirelings)}`: {e}", line, 1, "", source) from None
        line = h.line_of("Pool") if cards is not None else 0
        raise ReplayError((f"`Pool: {''.join(h.pool)}`: " if line else "") + str(e), line, 1 if line else 0,
                          "", source) from None
    if h.hireling_setup and game.step != "hireling_setup":      # (its clauses are read as the setup's decisions)
        line = h.line_of("Hirelings")
        raise ReplayError(f"`Hirelings: {', '.join(h.hirelings)}` writes a hireling setup, but none of these "
                          "hirelings has one to choose (LoR 16.1.6.3: Forest Patrol's is printed; a demoted side "
                          "sets up no pieces)", line, 1, "", source)
    return game


def _hireling_name(token: str) -> str:
    """A header hireling in words: ours by its side's name, else the spec's name of its type."""
    side = hireling_side(token)
    return _core.HIRELING_NAMES[side] if side is not None else faction_name(token)


def drafts(record: Record) -> bool:
    """Whether the record writes a faction draft (our decision clauses: the deal `!draftw`, the
    picks `!pickw`, LoR 16.1.8), or names a player who has not chosen yet (`U` while the pool
    holds no `U`: written before the deal's clauses): only then is its `Pool:` a draft replay can
    follow."""
    h, d = record.header, _factions.UNDRAFTED_LETTER
    if h.pool and d not in h.pool and any(f == d for f, _ in h.players):
        return True
    return any(isinstance(c, Decision) and c.action.startswith(("pick", "draft")) for c in record.clauses())


def faction_of(letter: str) -> int:
    """Our faction id of a player line's letter; a draft's player who has not chosen yet (`U`,
    factions.UNDRAFTED_LETTER, in a file written while the draft lasts) is UNDRAFTED."""
    return _factions.UNDRAFTED if letter == _factions.UNDRAFTED_LETTER else OUR_FACTION[letter]


def seating_of(record: Record, source: str = "", seats=None) -> tuple[tuple[int, ...], int]:
    """(seat table, first seat) of the record's players, the player lines in turn order: where our
    `Seats:` line puts them (the engine seat, 1-based, of each player line: round the table, so
    one seat after another from the first player's), else round the table from the lowest faction
    id (factions.seating). seats (faction names in seat order) is the game's own numbering, which
    must agree with the record's players and its `Seats:`."""
    h = record.header
    order = [faction_of(f) for f in turn_order(record)]
    n = len(order)
    table, first = _factions.seating(order)
    if h.seats is not None:
        line = h.line_of("Seats")
        start = h.seats[0] - 1
        if len(h.seats) != n or list(h.seats) != [(start + k) % n + 1 for k in range(n)]:
            raise ReplayError(f"`Seats: {', '.join(map(str, h.seats))}`: the {n} players sit round the table in "
                              f"turn order, so the seats of the player lines go on one by one from the first "
                              f"player's (e.g. {', '.join(str((start + k) % n + 1) for k in range(n))})",
                              line, 1, "", source)
        table = tuple(order[(k - start) % n] for k in range(n))
        first = start
    if seats is not None:
        own = _factions.table_of(seats)
        if sorted(own) != sorted(table):
            raise ReplayError(f"the seats {', '.join(_factions.names(own))} are not the record's players "
                              f"({', '.join(f for f, _ in h.players)})", 0, 0, "", source)
        if h.seats is not None and own != table:
            raise ReplayError(f"the seats {', '.join(_factions.names(own))} are not where the record's "
                              f"`Seats:` puts its players ({', '.join(_factions.names(table))})",
                              h.line_of("Seats"), 1, "", source)
        table, first = own, (first if h.seats is not None else own.index(order[0]))
    return table, first


def turn_order(record: Record) -> list[str]:
    """The players' letters in turn order: the player lines' order (our files write them so), but
    where a `Pool:` is no draft the record writes (the corpus's games) the spec lists the players "in
    draft order", the reverse of turn order: the order of the first round after the setup lines
    (one a player, Rootlog's "setup turn") tells it."""
    players = [f for f, _ in record.header.players]
    n = len(players)
    if not record.header.pool or drafts(record) or record.header.seats is not None:
        return players
    first_round = [t.faction for t in record.turns[n:2 * n]]
    return first_round if sorted(first_round) == sorted(players) else players


def final_table(record: Record, game: Game, seats=None) -> tuple[int, ...]:
    """The factions each seat's clauses are written with: the game's own, or in a faction draft
    the ones its players end with (the record's player lines, round the table as game_of seats
    them), which the deal and the picks are written with from the start."""
    if not record.header.pool or not drafts(record):
        return game.faction_ids
    return seating_of(record, seats=seats)[0]


def setup_of(record: Record) -> str:
    """How the record's game was set up, which Rootlog's header does not say: "advanced" with a
    faction draft (`Pool:`, LoR 16.1.8: part of the Advanced Setup), or when its
    deal gives a hand more than three cards (LoR 16.1.7: five; the draws into hands that open the
    first turn line) or a decision clause returns a card to the deck (`!f#anvil->deck`, the step
    keep_three, LoR 16.1.10); else "standard"."""
    if (record.header.pool and drafts(record)) or any(isinstance(c, Decision) and c.action.endswith("->deck")
                                                      for c in record.clauses()):
        return "advanced"
    dealt: dict = {}
    for c in record.turns[0].clauses if record.turns else ():
        if not (isinstance(c, Move) and len(c.dest) == 1 and isinstance(c.dest[0], Hand)
                and all(isinstance(t, Card) and t.at is None for t in c.things)):
            break
        who = c.dest[0].faction
        dealt[who] = dealt.get(who, 0) + sum(t.count or 1 for t in c.things)
    return "advanced" if any(n > 3 for n in dealt.values()) else "standard"


def stream_of(record: Record, source: str = "") -> list[Placed]:
    """The record's clauses as atoms, in order; an unread clause is a ReplayError."""
    if record.errors:
        e = record.errors[0]
        raise ReplayError(e.message, e.line, e.col, e.expected, source)
    out = []
    # the hirelings' setups the header writes (`Hirelings: .../5h_Ew->3`, LoR 16.1.6.3) come first: the
    # engine sets the hirelings up before the deal
    for faction, clauses in ((None, record.header.hireling_setup),) + tuple((t.faction, t.clauses)
                                                                             for t in record.turns):
        for c in clauses:
            if isinstance(c, Unknown):
                raise ReplayError(c.error.message, c.line, c.col, c.error.expected, source)
            for atom in atoms_of(c, faction):
                out.append(Placed(atom, c, c.line, c.col))
    return out


Chance = Callable[[Game, list[int]], int]
AHEAD = 3               # how many decisions writing nothing replay looks through (Replay._ahead)
Pick = Callable[[Game, list[str], "Placed | None"], "str | None"]


class Replay:
    """A record being replayed: `step()` takes one entry; `run()` all. `game` is the engine's game,
    `pos` the record atom read next; `chance` supplies outcomes the record leaves open (a
    callback (game, outcomes) -> outcome, or a numpy Generator), `pick` decisions it leaves
    open (a callback (game, completions, clause) -> one of the completions, or None)."""

    def __init__(self, record: Record, source: str = "", chance=None, pick: Pick | None = None,
                 bot=None, growth_caps=None, seats=None):
        self.record, self.source, self.chance, self.pick = record, source, chance, pick
        self.game = game_of(record, source, bot, growth_caps, seats)
        self.table = final_table(record, self.game, seats)    # the factions its clauses are written with
        self.board = self.game.board            # the map and suits (notation's board), fixed in a game
        self.stream = stream_of(record, source)
        self.end = len(self.stream)          # where the record ends, silent atoms at its end left out
        while self.end and silent(self.stream[self.end - 1].atom.key):
            self.end -= 1
        self.pos, self.pending = 0, None
        # a record with no decision clause (`!`): a person's, whose effects may stand in their own
        # order (our referee files carry decision clauses and are read by the rule alone)
        self.human = not any(isinstance(p.clause, Decision) for p in self.stream)
        self.turn_at = {t.line: t.faction for t in record.turns}       # each turn line's faction
        self.first_at: dict = {}        # record atom -> (step, chance?, legal texts) where first met

    @property
    def done(self) -> bool:
        """The game is over, or the record's clauses are read (but for silent ones) -- and the control
        die of the record's last hire clause thrown, when that clause writes its markers (`h_E->A$3`:
        the die writes no clause of its own, LoR 16.4.1.2)."""
        if self.game.is_terminal():
            return True
        return self.pos >= self.end and not (self.game.step == "control_die" and self.pending
                                             and self.pending[0] == HIRED and self.pending[1] is not None)

    def where(self) -> Placed | None:
        return self.stream[self.pos] if self.pos < len(self.stream) else None

    def _fail(self, message: str, completions=None):
        """A ReplayError (ReplayAmbiguity with completions) at the record's next clause."""
        at = self.where()
        line, col = (at.line, at.col) if at else (0, 0)
        if completions is None:
            return ReplayError(message, line, col, "", self.source)
        return ReplayAmbiguity(message, line, col, self.source, completions, len(self.game.record))

    def step(self) -> int:
        g = self.game
        cands = candidates(g, self.board, board_ferry(self.board, g.state), self.table)
        best, used = choose(cands, self.stream, self.pos, self.pending)
        told = die_told(g, cands, self.board, self.table, self.stream, self.pos, self.pending)
        if told is not None:                # the mob die: the mob placed next tells its suit
            best, used = [c for c in cands if c.action == told], 0
        left_out = not best
        if left_out:
            best, used = self._left_out(cands)
        paired = False
        if self.human and not used and told is None and self._unread():
            # nothing reads the record's next clause (at most a pass fits): a human record may
            # write this decision's effects with the next one's, in another order
            pairs = self._paired(cands)
            if pairs:
                best, used, left_out, paired = pairs, 1, False, True
        if not best:
            at = self.where()
            what = f"`{at.clause.text}`" if at else "the end of the record"
            step, chance, legal = self.first_at.get(self.pos) or (
                g.step, g.is_chance_node(), self._texts([c.action for c in cands]))
            raise self._fail(f"{what}: no legal {'outcome' if chance else 'action'} ({step}) writes it; "
                             f"legal: {'; '.join(legal[:40])}")
        if len(best) > 1 and self.human and not any(c.atoms for c in best):
            best = self._ahead(best) or best
        if len(best) > 1:
            a = self._open(best)
            best = [c for c in best if c.action == a]
        c = best[0]
        if paired:
            self._bring_forward(c)
        if not used and not left_out and self.pos < len(self.stream) and self.pos not in self.first_at:
            # replay goes past the clause with an action that writes nothing: should the clause fit
            # nothing later, the error names the legal actions where it was first met
            self.first_at[self.pos] = (g.step, g.is_chance_node(), self._texts([x.action for x in cands]))
        j = self.pos                    # (past the Riverfolk's funds `$_f->3`, which tell no action)
        while j < len(self.stream) and documentary(self.stream[j].atom.key):
            j += 1
        named = j < len(self.stream) and self.stream[j].atom.key == ("decision", c.mark)   # a decision clause names it
        if left_out:
            k = None
        elif named:             # (the atoms after its decision clause, a LATER one passed over and kept)
            k = fit_skipping(c, self.stream, j + 1, self.pending, skip=ONLY_LATER)
            k = None if k is None else (k[0], j + 1 - self.pos + k[1], k[2], k[3])
        else:
            k = fit_skipping(c, self.stream, self.pos, self.pending)
        if k is not None:
            used = k[1]
        if k and k[2]:
            # atoms it passed over, other actions' effects the record writes first (`2B#^/2w->$`,
            # `(M+F+R)#$->/t->7+10+12`): they stay for the next actions, in their order
            keep = [self.stream[i] for i in k[2]]
            taken = [p for i, p in enumerate(self.stream[self.pos:self.pos + used], self.pos) if i not in k[2]]
            self.stream[self.pos:self.pos + used] = taken + keep
            used -= len(keep)
        for placed in self.stream[self.pos:self.pos + used]:
            if placed.atom.key[0] in PENDING:    # a battle's roll, a hire's control die to come
                self.pending = placed.atom.extra
        g.apply(c.action)
        self.pos += used
        return c.action

    def _steered(self, best: list[Candidate]) -> list[int]:
        """The outcomes of an unnamed draw (`#->C`, `#->A$`, a deal the record leaves out) that keep
        the record possible: a human record names a hand's cards only as they leave it (`M#C->`,
        `B#E->$_r`, a ritual's `R#^`; the Supporters stack's `(M+F)#$->`), so a card drawn at random
        may be one the player never held. The draw goes to the first card the record later takes
        from that hand (or stack) that it does not hold yet and the outcomes offer (the outcomes
        drawing it, by suit where the record names only the suit); with none, every outcome. Only a
        seeded sample (`chance` a numpy Generator) is steered so; a callback is given every outcome."""
        acts = [c.action for c in best]
        where = next((a.key[2] for c in best for a in c.atoms
                      if a.key[0] == "move" and a.key[1][0] == "card" and isinstance(a.key[2], (Hand, Board))), None)
        letter = getattr(where, "faction", None)
        if letter is None or letter not in OUR_FACTION or OUR_FACTION[letter] not in self.table:
            return acts
        from wyrm_ai.model.cards import CARDS, ITEM_LETTERS
        d = self.game.state.to_dict()
        seat = self.table.index(OUR_FACTION[letter])
        if isinstance(where, Hand):
            held = list(d["hand"][seat])
        elif OUR_FACTION[letter] == _factions.ALLIANCE and where.slot is None:
            held = list(d["supporters"])
        else:
            return acts
        drawn = {c.action: next(a.key[1] for a in c.atoms if a.key[0] == "move" and a.key[1][0] == "card")
                 for c in best}
        for placed in self.stream[self.pos:]:
            key = placed.atom.key
            if key[0] == "move" and key[1][0] == "card" and key[1][4] == where:
                want = key[1]
            elif key[0] == "reveal" and isinstance(where, Hand) and key[2] == letter and key[1] is not None:
                want = key[1]
            elif key[0] == "craft" and isinstance(where, Hand) and self.turn_at.get(placed.line) == letter:
                want = key             # an item crafted (`Z%h`: a card of that item), a card by name
            else:
                continue
            if want[:2] == ("craft", "item"):
                ok = [t for t, c in enumerate(CARDS) if c.kind == "item" and ITEM_LETTERS[c.item] == want[2]]
            elif want[0] == "craft":
                ok = [t for t, c in enumerate(CARDS) if _named(c.token, ("card", want[2], want[3]))]
            elif want[1] is None and want[2] is None:
                continue                # any card: no demand
            else:
                ok = [t for t, c in enumerate(CARDS) if _named(c.token, want)]
            matches = [t for t in ok if held[t]]
            if matches:
                held[matches[0]] -= 1
                continue
            tokens = {CARDS[t].token for t in ok}
            fit = [a for a in acts if drawn[a][1] is not None and f"{drawn[a][1]}#{drawn[a][2]}" in tokens]
            if fit:
                return fit
        return acts

    def _paired(self, cands: list[Candidate]) -> list[Candidate]:
        """When no action's effects are the record's next: an action whose effects stand there
        together with those of the decision (or chance event) right after it, in another order -- a
        human record may write a payment before the thing paid for (`(M+F+R)#$->/t->7+10+12`: three
        Spreads' supporters, then their tokens; the engine places a token, then asks which supporter
        pays), or an Outrage's draw before the VP of the hit that set it off (`At12->/^A/#->A$/++`;
        a roll's hit, a chance outcome, and the payment its Outrage asks of the attacker next:
        `At7->/R#D->A$/++`).
        The record's atoms it takes are moved first (the rest stay for the next decision); the
        candidates so fitting, or none."""
        g = self.game
        found = []
        for c in cands:
            if not c.atoms:
                continue
            after = g.clone()
            after.apply(c.action)
            # (a chance outcome pairs with the decision after it, whoever takes it: a roll's hit whose
            # Outrage payment the record writes before the hit's VP, `At7->/R#D->A$/++`)
            if after.is_terminal() or (after.current_player != g.current_player and not g.is_chance_node()):
                continue
            nexts = candidates(after, self.board, board_ferry(self.board, after.state), self.table)
            for d in nexts:
                both = c._replace(atoms=c.atoms + d.atoms, amends=c.amends + d.amends)
                if d.atoms and fit_skipping(both, self.stream, self.pos, self.pending) is not None:
                    found.append(c)
                    break
        if len(found) < 2:
            return found

        def first(c):           # of several, the one whose effects the record writes first
            return min((j for j in range(self.pos, min(len(self.stream), self.pos + 60))
                        if any(covers(self.stream[j].atom.key, a.key) for a in c.atoms)), default=10 ** 9)
        at = min(map(first, found))
        return [c for c in found if first(c) == at]

    def _ahead(self, best: list[Candidate]) -> list[Candidate]:
        """Of several decisions that write nothing (a human record's Parliament: which minister acts,
        or none, LoR 12.5.2, Rootlog writing no clause for it), those that reach what the record says
        next in the fewest more such decisions of the same player: a pass then Sway's `#marshal->$`,
        the Captain then a battle; a chance event or another player's decision ends the search (it
        cannot tell)."""
        depths = [self._depth(c.action, self.game, AHEAD) for c in best]
        top = min(depths)
        return [] if top > AHEAD else [c for c, d in zip(best, depths) if d == top]

    def _depth(self, a: int, g: Game, left: int) -> int:
        """How many more decisions writing nothing after a (in g) until one writes the record's next
        atoms (0: the very next), or a chance event or another player comes; AHEAD + 1: none within
        AHEAD."""
        after = g.clone()
        after.apply(a)
        if after.is_terminal():
            return AHEAD + 1
        if after.is_chance_node() or after.current_player != g.current_player:
            return 0
        nexts = candidates(after, self.board, board_ferry(self.board, after.state), self.table)
        if any(d.atoms and fit_skipping(d, self.stream, self.pos, self.pending) is not None for d in nexts):
            return 0
        if left == 0:
            return AHEAD + 1
        return 1 + min((self._depth(d.action, after, left - 1) for d in nexts if not d.atoms), default=AHEAD)

    def _unread(self) -> bool:
        """The record's next atom is one no silent rule passes over."""
        at = self.where()
        return at is not None and self.pos < self.end and not silent(at.atom.key)

    def _bring_forward(self, c: Candidate) -> None:
        """Move the record atoms that c's atoms take to the record's next place, in their order."""
        span = range(self.pos, min(len(self.stream), self.pos + 60))
        taken = []
        for a in c.atoms:
            j = next((j for j in span if j not in taken and covers(self.stream[j].atom.key, a.key)), None)
            if j is not None:
                taken.append(j)
        taken.sort()
        moved = [self.stream[j] for j in taken]
        rest = [self.stream[j] for j in span if j not in taken]
        self.stream[self.pos:span.stop] = moved + rest

    def _left_out(self, cands: list[Candidate]) -> tuple[list[Candidate], int]:
        """What a human record leaves out that replay may fill in (docs/rootlog.md, "Human
        records"): the opening deal, which the Rootlog games never write (each card then comes from
        `chance`, unread: the record names a hand's cards only as they are played), the Vagabond's
        first three quests (likewise), and the Lizard
        Cult's first Outcast when the record sets it only in the Cult's first turn (the corpus's
        2020_11_19_orderly_eyrie: "Outcast wasn't set until partway through the Cat's first turn
        by mistake"): the suits the Cult's first `$_o`/`$_ho` allows, asked of `pick`."""
        g = self.game
        at = self.where()
        if g.step == "deal" and g.is_chance_node() and not (at and _is_card_to_hand(at.atom.key)):
            return cands, 0
        if (g.step == "quest_draw" and g.state.turn_number == 0
                and not (at and at.atom.key[0] == "move" and isinstance(at.atom.key[2], Quests))):
            return cands, 0             # the Vagabond's first quests, which the games do not write either
        if g.step == "lizards_outcast" and not (at and isinstance(at.clause, SetOutcast)):
            later = next((p.clause for p in self.stream[self.pos:] if isinstance(p.clause, SetOutcast)), None)
            fits = [c for c in cands if later is None or _outcast_allows(c, later)]
            return [replace_atoms(c) for c in fits], 0
        return [], 0

    def _texts(self, acts) -> list[str]:
        g = self.game
        return [g.describe(a) for a in acts]

    def _open(self, best: list[Candidate]) -> int:
        g = self.game
        acts = [c.action for c in best]
        if g.is_chance_node():
            at = self.where()
            if g.step == "vagabond_order" and at is not None:
                # which Vagabond sets up first writes nothing: the record's setup line that comes
                # first says it (`G:#adventurer->$` before `V:...`)
                first = [c for c in best if c.mark == f"first{self.turn_at.get(at.line, '').lower()}"]
                if len(first) == 1:
                    return first[0].action
            if isinstance(self.chance, np.random.Generator):      # a seeded sample keeps the record possible
                acts = self._steered(best)
                probs = dict(g.chance_outcomes())
                p = np.asarray([probs[a] for a in acts], dtype=float)
                return int(acts[self.chance.choice(len(acts), p=p / p.sum())])
            if callable(self.chance):
                a = self.chance(g, acts)
                if a in acts:
                    return a
            raise self._fail(f"the record does not say this chance outcome ({g.step}); "
                             f"one of: {', '.join(self._texts(acts)[:20])}", self._texts(acts))
        texts = self._texts(acts)
        if self.pick is not None:
            chosen = self.pick(g, texts, self.where())
            if chosen in texts:
                return acts[texts.index(chosen)]
        if self.human:
            alike = self._unnamed_card(best)
            if alike is None:
                alike = self._plot_type(best)
            if alike is not None:
                return alike
        at = self.where()
        unread = f"`{at.clause.text}`: no legal action writes it, or " if at and not best[0].atoms else ""
        raise self._fail(f"{unread}the record leaves this decision open ({g.step}): "
                         f"{' | '.join(texts)}", texts)

    def _unnamed_card(self, best: list[Candidate]) -> int | None:
        """A human record that names a card of the hand by its suit alone (`M#^`: the Duchy reveal
        a Mouse card, LoR 12.5) leaves open which of like cards it was, when the actions differ in
        nothing else (their atoms alike but for the card's name): the card the record names least
        soon later is taken (one it plays by name stays in the hand). None when they differ so. A card
        the record names not even by suit (`#A->$`: the Alliance mobilize a card) is any card."""
        def card_names(c):
            return tuple(_card_of(a.key) for a in c.atoms)
        at = self.where()
        unsuited = (at is not None and at.atom.key[0] in ("move", "reveal") and isinstance(at.atom.key[1], tuple)
                    and at.atom.key[1][0] == "card" and at.atom.key[1][1] is None)
        shapes = {tuple(shape(a.key) if _card_of(a.key) is None or unsuited else shape(a.key) + (a.key[1][1],)
                        for a in c.atoms) for c in best}
        if len(shapes) != 1 or not all(any(n is not None for n in card_names(c)) for c in best):
            return None
        later = self.stream[self.pos:]

        def first_named(c):
            names = {n for n in card_names(c) if n is not None}
            return min((j for j, p in enumerate(later) if _card_of(p.atom.key) in names), default=10 ** 9)
        return max(best, key=first_named).action

    def _plot_type(self, best: list[Candidate]) -> int | None:
        """A human record writes a plot placed face down `t->4` (LoR 13.2.2.I: its type is the
        Corvids' secret), which leaves open which of the plot actions in that clearing it was: the
        record's later clauses tell the type where they show it (plot_fate: a flip `t4^t_r`, a
        removal by type `Pt_e4->`, a right Exposure `?Pt_e4/Pt4->`; followed through Tricks), and a
        wrong Exposure rules one out (`?Pt_b4/M#D->P`). Of the types left, the one with the fewest
        effects while face down (PLOT_PREFERENCE: a snare, then a bomb, an extortion, a raid last,
        whose removal places warriors). None when the candidates are not such plots."""
        acts = [decode(c.action) for c in best]
        if not all(a.kind == "plot" for a in acts) or len({a.args[0] for a in acts}) != 1:
            return None
        by_type = {a.args[1]: c.action for a, c in zip(acts, best)}
        corvids = LETTER_OF[_factions.CORVIDS]
        known, ruled_out = plot_fate(self.stream[self.pos:], acts[0].args[0] + 1, corvids)
        if known in by_type:
            return by_type[known]
        left = [t for t in PLOT_PREFERENCE if t in by_type and t not in ruled_out]
        return by_type[left[0]] if left else best[0].action

    def run(self) -> Game:
        """Replay the whole record; a record that goes on after the game's end is a ReplayError at
        the first clause past it (issue 29 item 9: never ignored silently)."""
        while not self.done:
            self.step()
        if self.past_end() is not None:
            raise self._fail(self.past_end_message())
        return self.game

    def past_end(self) -> Placed | None:
        """The record's first clause after the game's end (None: the record stops by then)."""
        return self.where() if self.game.is_terminal() and self.pos < self.end else None

    def past_end_message(self) -> str:
        g, at = self.game, self.past_end()
        won = " and ".join(g.factions[s] for s in g.state.winners) or "nobody"
        return (f"`{at.clause.text}`: the record goes on after the game's end (the game ended at engine "
                f"action {len(g.record)}, won by the {won}); nothing may follow the last action")


# the plot types a human record's face-down plot is taken for when nothing shows it (Replay._plot_type):
# the fewest effects while face down first (a snare acts only face up, a bomb and an extortion when
# flipped; a raid places warriors when removed, which the record would show)
PLOT_PREFERENCE = tuple(_core.PLOT_NAMES.index(t) for t in ("snare", "bomb", "extortion", "raid"))


def plot_fate(stream, clearing: int, corvids: str) -> tuple[int | None, set]:
    """What a record's atoms (from the plot's own placement `t->4` on) tell of the type of the plot
    placed in clearing (1-12): (its type, or None; the types ruled out), following it through Tricks
    (`t4<->t6`) until it shows its face (a flip `t4^t_r`, a removal by type `Pt_e4->`, an Exposure
    `?Pt_e4` right: the plot removed next) or leaves face down (`Pt4->`). A wrong Exposure (no removal
    next: the Corvids take the card) rules its type out."""
    placed = ("move", ("piece", corvids, "t", 1, None), Clearing(clearing))
    start = next((i for i, p in enumerate(stream) if p.atom.key == placed), None)
    where, ruled_out = clearing, set()
    for i in range(len(stream) if start is None else start + 1, len(stream)):
        key = stream[i].atom.key
        if key[0] == "trick" and where in key[1]:
            where = key[1][1] if key[1][0] == where else key[1][0]
        elif key[0] == "flip" and key[1] == corvids and key[2] == where:
            return _plot_of(key[3]), ruled_out
        elif key[0] == "expose" and key[2] == corvids and key[4] == where:
            nxt = stream[i + 1].atom.key if i + 1 < len(stream) else None
            if _plot_left(nxt, corvids, where):
                return _plot_of(key[3]), ruled_out
            ruled_out.add(_plot_of(key[3]))
        elif _plot_left(key, corvids, where):
            return (_plot_of(key[1][2]) if key[1][2] != "t" else None), ruled_out
    return None, ruled_out


def _plot_left(key, corvids: str, where: int) -> bool:
    """A record atom of the Corvids' plot leaving clearing where (`Pt4->`, `Pt_e4->`)."""
    return (key is not None and key[0] == "move" and key[1][0] == "piece" and key[1][1] == corvids
            and key[1][2].startswith("t") and key[1][4] == Clearing(where))


def _plot_of(code: str) -> int | None:
    """A plot type of Rootlog's token (`t_b` ... `t_r`), None for a face-down `t`."""
    letter = code[2:] if code.startswith("t_") else ""
    return PLOT_LETTERS.index(letter) if letter and letter in PLOT_LETTERS else None


def _card_of(key: tuple) -> str | None:
    """The name of the card a record atom moves or reveals (`anvil`), None for none or unnamed."""
    thing = key[1] if key[0] in ("move", "reveal") else None
    return thing[2] if isinstance(thing, tuple) and thing and thing[0] == "card" else None


def _named(token: str, want: tuple) -> bool:
    """A card (`F#anvil`) is what a record atom's card says: its suit, its name, where given."""
    suit, name = token.split("#", 1)
    return (want[1] is None or want[1] == suit) and (want[2] is None or want[2] == name)


def _is_card_to_hand(key: tuple) -> bool:
    """A record atom of a card drawn into a hand (`F#anvil->C`, `#->C`): a deal the record writes."""
    return key[0] == "move" and key[1][0] == "card" and isinstance(key[2], Hand)


def _outcast_allows(c: Candidate, later: SetOutcast) -> bool:
    """The setup's Outcast of candidate c (its `$_o->X` atom) agrees with the record's first
    Outcast clause after it: Adjust Outcast (LoR 10.4.1) shows the Hated side on the suit it kept
    (`$_ho->M`: M was already the Outcast, or kept it on a tie), the Outcast side on a new one."""
    mine = next((a.key[1] for a in c.atoms if a.key[0] == "clause" and isinstance(a.key[1], SetOutcast)), None)
    if mine is None:
        return False
    return (mine.suit == later.suit) if later.hated else (mine.suit != later.suit)


def replace_atoms(c: Candidate) -> Candidate:
    """c as an action the record wrote nothing of (its clauses were left out)."""
    return c._replace(atoms=())


def replay(record: Record | str, source: str = "", chance=None, pick=None, bot=None, growth_caps=None,
           seats=None) -> Game:
    """The engine game a Rootlog record (a Record, or Rootlog text) replays to (the Mechanical
    Marquise's options and the Growth caps are the engine's, not in the record: bot, growth_caps)."""
    if isinstance(record, str):
        record = read_text(record, source)
    return Replay(record, source, chance, pick, bot, growth_caps, seats).run()


def replay_file(path, chance=None, pick=None, bot=None, growth_caps=None, seats=None) -> Game:
    return replay(read_file(path), str(path), chance, pick, bot, growth_caps, seats)
