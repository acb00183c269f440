"""Our games written as Rootlog (V2.8 plus our extension, docs/notation.md "Rootlog extension").

Rootlog records effects -- pieces, cards and items moving, points scored -- not the names of
actions. Each record entry (an action, or a chance outcome) is written as the clauses of
`entry_clauses`: a few forms read off the action itself (a build `b_s->5`, a Decree card
`F#anvilE->$_m`, a Wyrm's Intimidate `2w->5`) and the rest off the core's events for that entry
(a battle, the pieces its hits removed, every VP, every card drawn). Nothing here decides a rule:
what happened is what the engine told.

A battle's ambush, foil and roll are their own entries in the engine but one clause in Rootlog
(`XW5F@(3,1)`): those entries write an `Amend` that `write` folds into the battle's clause.

A viewer (a seat, "public", or None / "referee" for everything) sees the record through
wyrm_ai/model/redaction.py: a card it may not know is written `#` (`#->C`, a draw it did not see).

Where the clauses an entry writes do not tell the engine's decision apart from another legal
one -- a `pass`, which of two Decree cards an Eyrie move resolves, a recruit that places nothing
we write -- the referee file adds a decision clause `!<our notation>` (the extension) before
that entry's clauses, so replay (wyrm_ai/rootlog/replay.py) takes the same action: the writer
asks replay's own matcher (match.choose, over `candidates`: every legal action's clauses, which
replay asks here too) whether the file would say it, so the round trip holds by construction."""
from __future__ import annotations

import re
import struct
from typing import NamedTuple

from wyrm_ai import _core
from wyrm_ai.model import maps, redaction
from wyrm_ai.model.actions import HIRELING_SIDE, Action, decode, encode
from wyrm_ai.model.cards import CARDS, ITEM_LETTERS, SUIT_LETTERS
from wyrm_ai.model.factions import (ALLIANCE, CORVIDS, DUCHY, EYRIE, HUNDREDS, KEEPERS, LIZARDS, MARQUISE, MECHANICAL,
                                    RIVERFOLK, TITLES,
                                    VAGABOND, VAGABOND2, VAGABONDS, UNDRAFTED_TITLE, draft_cards, seating,
                                    SeatTable, hirelings_of, vagabond_fields)
from wyrm_ai.model.notation import (AUTUMN, SUITS, TRACKS, VITEM_LETTERS, VSTATE_LETTERS, minister_token, plot_token,
                                    quest_token)
from wyrm_ai.model.events import events as _events
from wyrm_ai.model.notation import action_text
from wyrm_ai.model.state_fields import scalar
from wyrm_ai.rootlog.match import PENDING, Candidate, Placed, choose, documentary, fit, silent, text_atoms
from wyrm_ai.rootlog.names import LETTER_OF, ROOTLOG_DECK, ROOTLOG_MAP, hireling_token, letter_of

CHARACTERS = _core.CHARACTER_NAMES
LEADERS = _core.LEADER_NAMES
DECREE = _core.DECREE_LETTERS
SUPPORTER_HOWS = _core.SUPPORTER_HOWS
FUND_HOWS = _core.FUND_HOWS
VP_REASONS = _core.VP_REASONS
REMOVE_CAUSES = _core.REMOVE_CAUSES
BUILDING = {"sawmill": "b_s", "workshop": "b_w", "recruiter": "b_r"}
# our pieces (the core's names) as Rootlog writes them (docs/notation.md)
PIECE = {"warrior": "w", "sawmill": "b_s", "workshop": "b_w", "recruiter": "b_r", "wood": "t", "keep": "t_k",
         "wyrmling": "w", "pawn": "p", "fear": "t", "bird": "w", "roost": "b", "rebel": "w", "base": "b",
         "sympathy": "t", "lizard": "w", "otter": "w", "mole": "w", "citadel": "b_c", "market": "b_m", "tunnel": "t",
         "corvid": "w", "plot": "t", "hundred": "w", "stronghold": "b", "mob": "t", "keeper": "w",
         "hireling": "w", "vault": "b"}      # a hireling's, named `h_J` as a faction (spec "Hirelings")
# a seat's pawn by its faction, where it is not the Wyrm's `p`: the Hundreds' warlord (Rootlog V2.8 `w_w`)
PAWN = {HUNDREDS: "w_w"}
# pieces Rootlog names by the suit of their clearing: an Alliance base, a Lizard Cult garden (b_f),
# a Riverfolk trade post (t_f)
SUITED_PIECES = {"base": "b", "garden": "b", "trade_post": "t"}
RELATION = {-1: "h", 0: "0", 1: "1", 2: "2", 3: "a"}
LAKE = maps.read_map("lake")
# chance outcomes that may write no clause (two Vagabonds, LoR 9.7): which sets up first, a ruin's
# item looked at face down (a Vagabond's, `ruin`; the Hundreds' Raze, `ruin_item`, H-C17: the first of a
# ruin's two items, which they only look at); the referee file's decision clause tells replay each (where
# two such draws come one after the other and draw alike, `!raze%b/!raze%b/%b9->$`, each its own)
SILENT_CHANCE = ("vagabond_first", "ruin", "mob_die", "ruin_item")


class Ferry(NamedTuple):
    """The Lake's Ferry when it may still carry a move this turn (LoR 16.2.2.5), 0-based: its
    clearing, each clearing's open paths (bit masks), the coastal clearings, the Vagabond's place."""
    at: int
    adj: tuple
    coastal: frozenset
    vb_at: int


def ferry_of(state) -> Ferry | None:
    """The Ferry of a core State on the Lake that has not carried a move this turn, else None."""
    if scalar(state, "ferry") < 0 or scalar(state, "ferry_used"):    # (to_dict's, without building it)
        return None
    d = state.to_dict()
    coastal = frozenset(c - 1 for c in maps.data(d["map"])["coastal"])
    on_turn = d["seat_faction"][d["turn"]]         # the Vagabond moving is the one on turn (LoR 9.7: either)
    return Ferry(d["ferry"], tuple(d["adj"]), coastal,
                 vagabond_fields(d, on_turn)["vb_at"] if on_turn in VAGABONDS else d["vb_at"])


def ferried(ferry: Ferry | None, a: int, b: int) -> bool:
    """A move from a to b (0-based) is carried by the Ferry: it leaves the Ferry's clearing for
    another coastal clearing no open path joins to it (the core's ferry_link)."""
    return (ferry is not None and a == ferry.at and a != b and b < _core.NUM_CLEARINGS
            and not (ferry.adj[a] >> b) & 1 and b in ferry.coastal)


def outcast_of(state, table) -> tuple | None:
    """The Lizard Cult's Outcast (suit, hated) of a core State, None without the Cult."""
    if LIZARDS not in table:
        return None
    return (scalar(state, "outcast"), scalar(state, "hated"))       # (to_dict's, without building it)


def board_ferry(board, state) -> Ferry | None:
    """What the writer needs of the Ferry at this entry: only the Lake's state is asked."""
    return ferry_of(state) if board[0] == LAKE else None


def pending_of(state):
    """The Riverfolk action whose funds are being chosen (step riverfolk_fund: its clauses were
    written by its own entry, decoded), else None."""
    if state.step != "riverfolk_fund":
        return None
    a = scalar(state, "fund_pending")       # (to_dict's, without building it)
    return decode(a) if a >= 0 else None


class TurnStart:
    """Where an entry's clauses reach the next turn: the effects at the start of its Birdsong that no
    decision takes (the Riverfolk's Protectionism and Dividends, LoR 11.4) go on its line. own: the
    clauses from here name every faction (the writer's turn -2), and those of the faction whose line
    they go on drop its letter there (`_own`: `C++2` -> `++2`)."""

    def __init__(self, own: bool = False):
        self.own = own


TURN_START = TurnStart()
OWN_TURN_START = TurnStart(own=True)


class Late(str):
    """A clause read off the state that tells what the entry's events did, written after them (the
    Riverfolk's funds once Trade Disruption has removed its share: `CwO$->/$_f->2`)."""


class Plots:
    """What the writer needs of the Corvids' plots at an entry, read off the core States before and
    after it (placements), asked only when an event needs it (the states are read at once, in
    entry_clauses): `up`, each clearing's face-up plot type before it (-1: none face up); `gained`,
    the Corvid warriors each clearing gained (after less before); `adj`, the clearings adjacent to
    each (bit masks). A plot removed face up is written by its type (`Pt_e11->`), face down `Pt4->`;
    a raid's warriors (LoR 13.7.4: its event gives their count, not where) go where the clearings
    around it gained them, the warriors removed there in the same entry added back."""

    def __init__(self, before, after):
        self.before, self.after, self._was = before, after, None

    def was(self) -> dict:
        if self._was is None:
            self._was = self.before.to_dict()
        return self._was

    @property
    def up(self) -> tuple:
        d = self.was()
        return tuple(t if n and (d["plots_up"] >> c) & 1 else -1
                     for c, (n, t) in enumerate(zip(d["plots"], d["plot_types"])))

    @property
    def gained(self) -> tuple:
        was, now = self.before.pieces_dict()["corvids"], self.after.pieces_dict()["corvids"]
        return tuple(b - a for a, b in zip(was, now))

    @property
    def adj(self) -> tuple:
        return tuple(self.was()["adj"])


class Amend(NamedTuple):
    """What an entry adds to the battle clause before it: ("ambush", suit) the defender's,
    ("foil", suit) the attacker's, ("roll", attacker's die, defender's die); or to the hire clause
    before it (`h_E->A$` -> `h_E->A$3`): ("control", control markers), the control die's."""
    what: str
    value: tuple


def card_text(t) -> str:
    """A card as Rootlog writes it (`F#anvil`), `#` when the viewer may not know it."""
    return "#" if t is None else CARDS[t].token


def suit_of(t) -> str | None:
    return None if t is None else CARDS[t].token[0]


class _Writer:
    """The clauses of one entry: seat (-1 chance) takes act; turn is the seat whose turn it is."""

    def __init__(self, table, turn: int, board=AUTUMN, ferry: Ferry | None = None, outcast=None, hirelings=()):
        self.table, self.turn = table, turn
        self.hirelings = tuple(hirelings)   # the hireling sides in play: hireling i's pieces are side HIRELING_SIDE + i
        self.forests = _core.MAPS[_core.MAP_NAMES[board[0]]]["forest_names"]
        self.suits = board[1]
        self.closed = _core.MAPS[_core.MAP_NAMES[board[0]]]["closed_paths"]
        self.ferry = ferry
        self.outcast = outcast          # the Lizard Cult's Outcast (suit, hated) before the entry
        self.plots: Plots | None = None     # the Corvids' plots (placements), where they sit
        self.anointed = -1                  # where the warlord replaced a warrior (Anointed)
        self.keepers: KeepersView | None = None     # the Keepers' board before and after, where they sit
        self.out: list = []

    def by_ferry(self, a: int, b: int) -> str:
        """`+f` inside a moved group when the Ferry carries the move from a to b (Rootlog's
        `(3w+f)11->1`), else nothing."""
        return "+f" if ferried(self.ferry, a, b) else ""

    def letter(self, seat: int) -> str:
        """A seat's faction letter, or a hireling side's `h_<type>` (spec "Hirelings": as a faction)."""
        if seat >= HIRELING_SIDE:
            return hireling_token(self.hirelings[seat - HIRELING_SIDE])
        return letter_of(self.table[seat])

    def who(self, seat: int) -> str:
        """The faction letter before a piece or a score: none for the player on turn."""
        return "" if seat == self.turn or seat < 0 else self.letter(seat)

    def add(self, *clauses):
        self.out.extend(c for c in clauses if c)

    def piece(self, name: str, c: int) -> str:
        """A piece as Rootlog names it in clearing c (0-based): a base or garden by its suit (`b_f`),
        a trade post too (`t_f`)."""
        return f"{SUITED_PIECES[name]}_{SUITS[self.suits[c]].lower()}" if name in SUITED_PIECES else PIECE[name]

    def rf_board(self) -> str:
        """The Riverfolk's faction board (Funds and Payments: Rootlog's `$`), `O$` off their turn."""
        rf = _seat_of(self.table, RIVERFOLK)
        return "$" if rf == self.turn else f"{self.letter(rf)}$"


def _seat_of(table, faction: int) -> int:
    return table.index(faction) if faction in table else -1


def _n(k: int) -> str:
    return str(k) if k > 1 else ""


# the faction draft's steps (LoR 16.1.8), which Rootlog has no clause for: each written in every
# view as the decision clause of our notation (everything of the draft lies face up): the deal
# `!draftw`, a character beside a Vagabond card `!draft#thief`, a pick `!pickw`, a homeland `!homeland5`
DRAFT_KINDS = ("draft_card", "draft_character", "draft_pick", "homeland")


def action_clauses(w: _Writer, act: Action, seat: int, evs) -> None:
    """The clauses read off the action itself (what its events do not tell)."""
    kind, a = act
    if kind in DRAFT_KINDS:
        w.add("!" + mark_text(encode(kind, *a), seat, w.table))
        return
    me = w.who(seat) if seat >= 0 else w.who(_seat_of(w.table, MECHANICAL))
    hand = w.letter(seat) if seat >= 0 else ""
    if kind == "discard":
        w.add(f"{card_text(a[0])}{hand}->")
    elif kind == "craft":               # an item by its letter (the spec's `Z%h`), any other card by name
        c = CARDS[a[0]] if a[0] is not None else None
        w.add("" if c is None else f"Z%{ITEM_LETTERS[c.item]}" if c.kind == "item" else f"Z{c.token.split('#')[1]}")
    elif kind == "ambush":
        foil = any(e.kind == "foil" for e in evs)
        w.add(Amend("foil" if foil else "ambush", (suit_of(a[0]) or "B",)))
    elif kind == "remove" and seat >= 0 and not any(e.kind == "remove" for e in evs):
        # a piece the seat gives up that no hit removes (the Marquise's wood paying for a building)
        w.add(f"{me}{PIECE[_core.PIECE_NAMES[a[0]]]}{a[1] + 1}->")
    elif kind == "forest":
        w.add(f"{me}p->{w.forests[a[0]]}")
    elif kind == "keep":
        w.add(f"{me}t_k->{a[0] + 1}")
    elif kind == "build" and seat >= 0:
        w.add(f"{me}b_{'swr'[a[0]]}->{a[1] + 1}")
    elif kind in ("place_warrior", "a_recruit", "e_recruit"):
        w.add(f"{me}w->{a[0] + 1}")
    elif kind in ("place_wood", "fear", "spread"):
        w.add(f"{me}t->{a[0] + 1}")
    elif kind == "overwork":
        w.add(f"{card_text(a[1])}{hand}->", f"{me}t->{a[0] + 1}")
    elif kind in ("extra", "hospital"):
        w.add(f"{card_text(a[0])}{hand}->")
    elif kind == "pawn_to":
        w.add(f"{me}p->{a[0] + 1}")
    elif kind == "intimidate":
        w.add(f"{_n(a[1])}{me}w->{a[0] + 1}" if a[1] else "")
    elif kind == "return":
        w.add(f"{me}t_g->{w.letter(seat)}$_{TRACKS[a[0]][0]}")
    elif kind == "terror":              # into the Duchy's Burrow (W-MP-21): Rootlog's clearing 0
        w.add(f"{w.who(a[2])}w{a[0] + 1}->{0 if a[1] == a[0] else a[1] + 1}")
    elif kind == "eat":
        w.add(f"{card_text(a[0])}{hand}->", f"{me}t_g{w.letter(seat)}$_{TRACKS[a[1]][0]}->")
    elif kind == "hoard":
        w.add(f"{card_text(a[1])}{hand}->", f"%g{a[0] + 1}->{w.letter(seat)}$")
    elif kind == "move":
        frm, to, pawn, k = a
        f = w.by_ferry(frm, to)
        p = PAWN.get(w.table[seat], "p") if seat >= 0 else "p"
        if pawn and k:
            w.add(f"({me}{p}+{_n(k)}{me}w{f}){frm + 1}->{to + 1}")
        elif pawn:
            w.add(f"({me}{p}{f}){frm + 1}->{to + 1}" if f else f"{me}{p}{frm + 1}->{to + 1}")
        else:
            w.add(f"({_n(k)}{me}w{f}){frm + 1}->{to + 1}" if f else f"{_n(k)}{me}w{frm + 1}->{to + 1}")
    elif kind == "e_move":
        frm, to, _, k = a
        f = w.by_ferry(frm, to)
        w.add(f"({_n(k)}{me}w{f}){frm + 1}->{to + 1}" if f else f"{_n(k)}{me}w{frm + 1}->{to + 1}")
    elif kind == "open_path":                   # the card spent, then the closed path removed (its VP: the events)
        lo, hi = w.closed[a[0]]
        w.add(f"{card_text(a[1])}{hand}->", f"{lo}_{hi}->")
    elif kind == "e_build":
        w.add(f"{me}b->{a[0] + 1}")
    elif kind == "roost":
        w.add(f"{me}b->{a[0] + 1}")
    elif kind == "leader":
        w.add(f"#{LEADERS[a[0]]}->{w.who(seat)}$")
    elif kind == "decree":
        w.add(f"{card_text(a[1])}{hand}->{w.who(seat)}$_{DECREE[a[0]]}")
    elif kind == "organize":
        w.add(f"{me}w{a[0] + 1}->", f"{me}t->{a[0] + 1}")
    elif kind == "train":
        w.add(f"{card_text(a[0])}{hand}->", f"{me}w->{w.letter(seat)}$")
    elif kind == "activate":
        w.add(f"{card_text(a[0])}{hand}->{w.letter(seat)}$")
    elif kind == "swap":
        w.add(f"{card_text(a[1])}{hand}->", f"{_dominance(a[0])}->{hand}")
    elif kind == "dice":
        w.add(Amend("roll", (a[0], a[1])))
    elif kind in HIRELING_KINDS:
        hireling_clauses(w, kind, a, evs, hand)
    elif kind == "draw" and not any(e.kind in ("draw", "supporter") for e in evs):
        w.add(f"{card_text(a[0])}->")           # a card drawn that no hand keeps (the bot's order)
    elif kind == "character":
        w.add(f"#{CHARACTERS[a[0]]}->{w.who(seat)}$")
    elif kind == "quest_draw":
        w.add(f"{quest_token(a[0])}->Q")
    elif kind == "refresh":
        w.add(f"%{VITEM_LETTERS[a[1]]}{'de' if a[0] else 'e'}->r")
    elif kind == "slip":
        loc = a[0]
        w.add(f"{me}p->{loc + 1 if loc < _core.NUM_CLEARINGS else w.forests[loc - _core.NUM_CLEARINGS]}")
    elif kind == "vb_move":
        to, ally, k = a
        f = w.by_ferry(w.ferry.vb_at, to) if w.ferry is not None else ""
        if ally == seat:
            w.add(f"({me}p{f})->{to + 1}" if f else f"{me}p->{to + 1}")
        else:
            w.add(f"({me}p+{_n(k)}{w.letter(ally)}w{f})->{to + 1}")
    elif kind == "explore":
        w.add("%r->e")
    elif kind == "ruin" and VAGABOND2 not in w.table:
        w.add(f"%{VITEM_LETTERS[a[0]]}->{w.letter(_seat_of(w.table, VAGABOND))}$")
    elif kind == "ruin_take" and w.table[seat] == HUNDREDS:   # a razed ruin's two (H-C17)
        _ruin_item(w, evs)
    elif kind == "ruin_take":               # two Vagabonds (LoR 9.7.3): the item he takes of a ruin's
        w.add(f"%{VITEM_LETTERS[a[0]]}->{w.letter(seat)}$")   # two, as Rootlog writes an item found
    # with two Vagabonds a ruin's items are looked at face down (chance `ruin`) and which Vagabond
    # sets up first is chance (`vagabond_first`): neither moves a piece, so neither writes a clause
    # (the referee file's decision clause `!ruin %s` / `!first V` tells replay which)
    elif kind == "aid":
        w.add(f"%{VITEM_LETTERS[a[2]]}->e", f"{card_text(a[1])}{hand}->{w.letter(a[0])}")
    elif kind == "take":
        w.add(f"%{VITEM_LETTERS[a[0]]}->{w.letter(seat)}$")
    elif kind == "quest":
        w.add(f"{quest_token(a[0])}Q->{w.letter(seat)}$")
    elif kind == "strike":
        w.add("%x->e")
    elif kind == "repair":
        w.add(f"%{VITEM_LETTERS[a[1]]}d{'e' if a[0] else ''}->s")
    elif kind == "damage" and a[0] < 2:
        w.add(f"%{VITEM_LETTERS[a[1]]}{'e' if a[0] else 'r'}->d")
    elif kind == "drop":
        w.add(f"%{VITEM_LETTERS[a[1]]}{VSTATE_LETTERS[a[0]]}->")
    elif kind == "coalition":
        w.add(f"{'#' if a[0] is None else _dominance(a[0])}{hand}->{w.letter(seat)}$",
              f"++->{w.letter(a[1])}$")
    elif kind == "swift_strike":                # the characters' activations are not notated,
        w.add("%s->e")                          #   what they change is (Rootlog spec, Q&A)
    elif kind in ("glide", "instigate"):
        w.add("%r->e")
        if kind == "glide":
            w.add(f"{me}p->{a[0] + 1}")
    elif kind in LIZARD_KINDS:
        lizard_clauses(w, kind, a, me, hand)
    elif kind in RIVERFOLK_KINDS:
        riverfolk_clauses(w, kind, a, me, hand, seat)
    elif kind in DUCHY_KINDS:
        duchy_clauses(w, kind, a, me, hand, seat)
    elif kind in CORVID_KINDS:
        corvid_clauses(w, kind, a, me, hand, seat)
    elif kind in HUNDREDS_KINDS:
        hundreds_clauses(w, kind, a, me, hand, seat)
    elif kind == "ki_recruit":                  # the Keepers' Recruit: the card spent (its warriors: the event's)
        w.add(f"{card_text(_ki_args(act)[0])}{hand}->")
    elif kind == "ruin_item":
        _ruin_item(w, evs)
    elif kind == "battle" and seat >= 0 and w.table[seat] == RIVERFOLK and not any(e.kind == "battle" for e in evs):
        # a battle whose fund the Riverfolk choose next (C8): written here, its event skipped there
        w.add(f"X{w.letter(a[1])}{a[0] + 1}")
    elif kind == "improvise":
        w.add(f"%{VITEM_LETTERS[a[3]]}->de", f"%{VITEM_LETTERS[_core.QUESTS[a[0]][3 - a[2]]]}->e",
              f"{quest_token(a[0])}Q->{w.letter(seat)}$")
    # the Thief's steal_from writes nothing: the card follows as the chance outcome `steal`, written
    # with its pair of seats by event_clauses


# hirelings (LoR 16.4; docs/hundreds-keepers.md §4) in Rootlog V2.8's forms (spec "Hirelings": a hireling
# `h_<type>`, the type the letter of the faction whose card it mirrors, names.HIRELING_LETTERS; "Hiring a
# Hireling" `<Hireling>-><Faction Board>[Number]`, the number the control markers gained: `h_E->A$4`):
# every hireling gained, from the supply (hire_take, or the one left taken by itself) or given by the
# player on turn (hire_give), is the `hire` event's `h_E->A$` (the gainer's board, its letter always
# written), and the control die after it (chance) adds the markers it gave, `h_E->A$3` (Amend "control":
# folded into that clause by write(), as a roll into its battle; 0 written `h_E->A$0`). Rabbit Scouts'
# card is a card spent from the defender's hand, `R#anvilA->` (the spec's rule for card activations:
# "Notate the result of the effect activation ... if a card is discarded ... notate that it's
# discarded"; the higher roll it deals is the battle's roll as rolled). Feline Physicians: the card spent
# (`hospital`, as the Marquise's Field Hospitals: `F#anvilA->`) and the saved warriors back from the
# supply into the clearing chosen, `2Aw->5` (the `hospital` event; the hit wrote their removal `2Aw9->`).
# What writes nothing: a hireling marker taken from the score track (the hire it leads to says it), a
# control marker taken off at the end of its controller's turn (the spec has no form; the markers the
# die gave and the turns tell it), a hire_give's or hire_take's choice beyond its hire clause. The
# Bluebird Nobles' VP (`++2`, at the start of their controller's Birdsong) go on the controller's line.
HIRELING_KINDS = ("scouts", "control_die")


def hireling_clauses(w: _Writer, kind: str, a: tuple, evs, hand: str) -> None:
    if kind == "scouts":                    # the defender's card for Rabbit Scouts (its seat: the actor)
        w.add(f"{card_text(a[0])}{hand}->")
    elif kind == "control_die":             # the markers it gave, into the hire clause before it
        n = next((e.amount for e in evs if e.kind == "control"), None)
        if n is not None:
            w.add(Amend("control", (n,)))


# the Lizard Cult's actions (LoR 10) as the Rootlog V2.8 games write them: a ritual reveals its card
# (`M#^`, the revealer the player on turn) and places a garden (`b_m->9`) or a warrior (`w->5`), or
# puts one into the Acolytes box, the Cult's faction board (Sacrifice `B#^/w->$`); Score spends
# the card (`F#anvilL->`, its VP from the events); Convert places a Cult warrior where the enemy's
# was removed (`Cw5->/w->5`), Sanctify a garden (`Cb_s5->/b_f->5/++`); the setup's garden (its
# warriors are read off the state: placements). The acolytes a conspiracy spends (`2w$->`), the
# Outcast (`$_o->M`, `$_ho->M`) and Fear of the Faithful's random card (`#L->`) are the events'.
LIZARD_KINDS = ("lz_corner", "convert", "sanctify", "lz_build", "lz_recruit", "lz_score", "sacrifice")


def lizard_clauses(w: _Writer, kind: str, a: tuple, me: str, hand: str) -> None:
    if kind == "lz_corner":
        w.add(f"{me}{w.piece('garden', a[0])}->{a[0] + 1}")
    elif kind == "convert":
        w.add(f"{me}w->{a[0] + 1}")
    elif kind == "sanctify":
        w.add(f"{me}{w.piece('garden', a[0])}->{a[0] + 1}")
    elif kind in ("lz_build", "lz_recruit"):
        w.add(f"{card_text(a[1])}^", f"{me}{w.piece('garden', a[0]) if kind == 'lz_build' else 'w'}->{a[0] + 1}")
    elif kind == "lz_score":
        w.add(f"{card_text(a[0])}{hand}->")
    elif kind == "sacrifice":
        w.add(f"{card_text(a[0])}^", f"{me}w->{me}$")


# the Riverfolk Company's actions (LoR 11) as the Rootlog V2.8 spec and its Riverfolk games write them:
# a warrior placed `w->5` (setup, Recruit: the recruit's own `place` event is not written again), a
# price `$_h->3`, Export's card discarded from their hand `F#anvilO->` (its warrior into Payments
# `w->$` is the event's), a Vagabond's item exhausted toward a price `%t->e`. The Draw writes nothing
# (the card follows as chance: `F#anvil->O`); Riverboats and Mercenaries have no clause (the payment
# is the event's `3w->O$`); a trade post and its garrison (`t_r+w->5`), the funds spent (`2Cw$->`,
# committed ones are not notated), a buyer's payment and its Hand Card (`3w->O$`, `B#armorersO->C`),
# Protectionism (`2w->$`), Trade Disruption's funds lost (`CwO$->`) are the events'.
RIVERFOLK_KINDS = ("rf_recruit", "price", "export", "service_item")
PRICE_TYPES = "hrm"


def riverfolk_clauses(w: _Writer, kind: str, a: tuple, me: str, hand: str, seat: int) -> None:
    if kind == "rf_recruit":
        w.add(f"{me}w->{a[0] + 1}")
    elif kind == "price":
        w.add(f"$_{PRICE_TYPES[a[0]]}->{a[1] + 1}")
    elif kind == "export":
        w.add(f"{card_text(a[0])}{hand}->")
    elif kind == "service_item":
        w.add(f"%{VITEM_LETTERS[a[0]]}->e")


# the Underground Duchy's actions (LoR 12) as the Rootlog V2.8 spec and its Duchy games write them
# (the Burrow is clearing 0): a citadel or market `b_c->4` (the card revealed for it follows,
# `M#anvil^`; the corpus's games write a Build's card `M#D->`), a card revealed `R#^` (the spec's
# Sway `(R+B)#^`), a Dig's card from their hand `M#anvilD->` (its tunnel `t->9` is the event's, and
# the warriors coming up `4w0->9` the next entry's), Sway `#captain->$`, the Banker's card spent
# `M#anvilD->` (the VP are the events'). The Birdsong's and Recruit's warriors into the Burrow
# (`2w->0`), the moves between the Burrow and a tunnel's clearing (`3w0->5`, `2w5->0`), a tunnel
# placed (`t->9`) or taken up (`t5->`), the Price of Failure's minister (`#brigadierD$->`) and its
# random card (`R#anvilD->`) are the events'. A Parliament's minister writes nothing (Rootlog has no
# clause; its moves, battles and VP are written): the referee file's decision clause names it.
DUCHY_KINDS = ("dc_corner", "dc_build", "reveal", "dig", "sway", "bank")


def duchy_clauses(w: _Writer, kind: str, a: tuple, me: str, hand: str, seat: int) -> None:
    if kind == "dc_corner":             # the tunnel; its warriors are read off the state (placements)
        w.add(f"{me}t->{a[0] + 1}")
    elif kind == "dc_build":
        w.add(f"{me}{('b_c', 'b_m')[a[0]]}->{a[1] + 1}")
    elif kind == "reveal":
        w.add(f"{card_text(a[0])}^")
    elif kind == "dig":
        w.add(f"{card_text(a[1])}{hand}->")
    elif kind == "sway":
        w.add(f"#{minister_token(a[0])}->{w.who(seat)}$")
    elif kind == "bank":
        w.add(f"{card_text(a[0])}{hand}->")


# the Corvid Conspiracy's actions (LoR 13) as the Rootlog V2.8 spec and its Corvid games write them:
# setup's warriors `w->2` (the corpus's `w->2+4+9`), Recruit's card spent `B#armorersP->` (its
# warriors `w->1+3+4+10` are the events'). The events give the rest: a plot placed face down, its
# warriors first (`2w4->/t->4`: its type is never written, the referee file's decision clause
# `!t_b->4` names it), a flip `t4^t_r` and its VP, Trick `t6<->t11`, a plot removed (face up by its
# type `Pt_e11->`, face down `Pt4->`, a face-down raid showing itself first `Pt12^t_r`; a bomb's own
# removal is not written: the spec's "Bomb plots are removed immediately after flipping them"),
# a raid's warriors `Pw->2+3+8` (the clearings read off the state: Plots), an extortion's card
# `#E->P`, an Exposure's card shown to the Corvids and the guess `M#^P/?Pt_e3`, then a right guess's
# plot removed and VP `Pt3->/++` or a wrong guess's card `M#D->P`. Choosing the plot to Expose writes
# nothing of its own (the referee file's decision clause `!?pt3` names it where the guess alone
# does not tell).
CORVID_KINDS = ("cv_setup", "cv_recruit")


def corvid_clauses(w: _Writer, kind: str, a: tuple, me: str, hand: str, seat: int) -> None:
    if kind == "cv_setup":
        w.add(f"{me}w->{a[0] + 1}")
    elif kind == "cv_recruit":
        w.add(f"{card_text(a[0])}{hand}->")


# the Lord of the Hundreds' actions (LoR 14) in Rootlog V2.8's forms (spec "Lord of the Hundreds":
# the warlord `w_w`, Choose Mood `#stubborn->$`, the Hoard their faction board `$`, the mob die not
# notated; "Example Sequences": Anoint `w12->/w_w->12`) and the spec's general ones: the setup corner
# `w_w+4w+b->1`; Anoint `w_w->12`, the warrior it replaces first `w12->` (read off the states:
# Anointed); Build and Incite's card spent `F#anvilH->` (the stronghold `b->5` the action's, the mob
# `t->5` the event's, as every mob placed: the die's spread `t->5`, Jubilant's); a Hoard item out
# of the game `%s->` (an overflow's, with its `++`; Lavish's, with its warriors `2w->7`); a razed
# ruin's item into the Hoard `%s10->$` (the spec's "Take a sword from the ruin in clearing 12");
# Contempt for Trade: taking the item writes nothing (the craft's `Z%s` puts it on their board, as
# any faction's), scoring writes the item out of the game and the card's VP `%s->/++2`; a loot's
# item from the defender's board to the Hoard `%fC$->$`; Bitter the mob removed and the warrior
# placed `t5->/w->7` (the events'). Nothing is written for a loot declared at a battle's start (LoR
# 14.2.5: it moves nothing, and Rootlog notates "only changes to game state", spec Q&A), nor for
# Jubilant's roll (the mob it places is written), nor for the mob die (the spec): the referee
# file's decision clauses `!loot`, `!jubilant`, `!mob_dief` say them where the clauses after do not
# (the die: die_rule).
HUNDREDS_KINDS = ("lh_corner", "mood", "anoint", "mob", "lh_build", "incite", "hoard_out", "contempt", "loot",
                  "bitter", "jubilant")


class Anointed(int):
    """The clearing (0-11) where the warlord replaced a Hundreds warrior (LoR 14.4.3: the anoint
    event does not say whether it did; the states before and after do)."""


def hundreds_clauses(w: _Writer, kind: str, a: tuple, me: str, hand: str, seat: int) -> None:
    if kind == "lh_corner":
        w.add(f"{me}w_w+{_core.HUNDREDS_TABLE['start_warriors']}{me}w+{me}b->{a[0] + 1}")
    elif kind == "mood":
        w.add(f"#{_core.MOOD_NAMES[a[0]]}->{w.who(seat)}$")
    elif kind == "anoint":
        w.add(f"{me}w{a[0] + 1}->" if w.anointed == a[0] else "", f"{me}w_w->{a[0] + 1}")
    elif kind == "lh_build":
        w.add(f"{card_text(a[0])}{hand}->", f"{me}b->{a[1] + 1}")
    elif kind == "incite":
        w.add(f"{card_text(a[0])}{hand}->")
    elif kind == "hoard_out":
        w.add(f"%{VITEM_LETTERS[a[0]]}{'' if seat == w.turn else hand + '$'}->")
    # mob, contempt, a loot's item, bitter: the events write what they do; a loot declared and
    # Jubilant's roll write nothing of their own


def _ruin_item(w: _Writer, evs) -> None:
    """A razed ruin's item into the Hoard (LoR 14.4.1), from the ruin's clearing: written from the
    raze_item event, whichever entry took it (the chance `ruin_item`; with two Vagabonds the
    Hundreds' `ruin_take`, or the draw that left them one to take, H-C17). A draw they only look at
    moves nothing and writes nothing (as a Vagabond's look at two items)."""
    hd = _seat_of(w.table, HUNDREDS)
    for e in evs:
        if e.kind == "raze_item":
            w.add(f"%{VITEM_LETTERS[e.arg]}{e.clearing + 1}->{w.who(hd)}$")


# the Keepers in Iron's pieces and actions (LoR 15) in Rootlog V2.8's forms (spec "Keepers in Iron":
# relics `t_f`/`t_t`/`t_j` face down and `t_1_f`.. face up with their value, waystations by their
# faces, the face up first, `b_f_t`; the Retinue's columns `$_1`..`$_3`, left to right; a Faithful
# Retainer `B#faith`, "discarded" when it leaves the game; a flip after a delve `t10^t_2_t`; "Example
# Sequences": a delve `t_t7_10_11->10/t10^t_2_t/#faith$_2->`, a recovery `t_3_f5->$/++5`) and the
# spec's general ones: setup's relics face down into the forests `t_f->1_2_5_10` (chance) and warriors
# `4w->1` (read off the states: placements, whether chosen or forced), Encamp the warrior replaced and
# the waystation `w5->/b_f_t->5` (with no Keepers on the map a waystation and a warrior
# `b_f_t+w->5`), Decamp the waystation and the warrior back `b_f_t5->/w->5`, Recruit's card and
# warriors `F#anvilK->/2w->5`, a delve's relic from its forest `t_t7_10_11->10` (face up if it was a
# trophy, `t_2_t7_10_11->10`), its flip and a failed check's card `F#anvil$_2->`, a recovery to their
# board (the Relics) `t_3_f5->$` and its VP, relics carried with their warriors `t_2_f5->7` (each its
# own clause after the move: the Keepers choose them after it, a reaction), a relic or waystation
# an enemy removes `Kt_2_f5->`/`Kb_f_t5->` and the relic placed as its remover's trophy `Kt_2_f->1_2_5_10`
# with its `++` (LoR 15.2.5: placed once the removing action ends, so two clauses where the spec's
# example writes one, `Kt_f9->2_3_7_12`), Live Off the Land's warriors `w5->`, Gather Retinue's card
# added `F#anvilK->$_1` and shifted `F#anvil$_1->$_3`. Choosing a Battle then Delve's clearing with no
# battle (`delve_at`) writes nothing of its own (the relic delved next tells it), nor does the setup's
# Faithful Retainers (the same every game, LoR 15.3.5).
RELIC_LETTERS = "ftj"                       # figure, tablet, jewelry (RELIC_TYPE_NAMES)
WAYSTATION_FACES = _core.KEEPERS_TABLE["waystation_faces"]
RETAINER_TEXT = "B#faith"                   # the spec's `#faith` or `B#faith` (a bird card, I-C7)
# how the core encodes the Keepers' Recruit (keepers.pxi: card * NCL + clearing), innermost last: decode
# may give its arguments whole or as the one offset (the writer reads every other Keepers action's
# clauses off its events)
_KI_RADICES = {"ki_recruit": (_core.NUM_CLEARINGS,)}


def _ki_args(act: Action) -> tuple:
    """The arguments of a Keepers action in the core's order (ki_recruit: card, clearing), whether
    decode split them or not."""
    kind, args = act
    radices = _KI_RADICES.get(kind, ())
    if len(args) == len(radices) + 1:
        return tuple(args)
    (i,) = args
    out = []
    for r in reversed(radices):
        out.append(i % r)
        i //= r
    return (i, *reversed(out))


def relic_token(r: int, value: int) -> str:
    """Relic r (its type r // 4) as the spec writes it: face down `t_f`, face up with its value `t_2_f`."""
    letter = RELIC_LETTERS[r // 4]
    return f"t_{value}_{letter}" if value else f"t_{letter}"


def waystation_token(w: int, face: int) -> str:
    """Waystation w by its two relic types, the one face up first (`b_f_t`; turned over `b_t_f`)."""
    faces = WAYSTATION_FACES[w]
    return f"b_{RELIC_LETTERS[faces[face]]}_{RELIC_LETTERS[faces[1 - face]]}"


def _ki_board_field(name: str) -> tuple:
    (_, _, typ, shape), = (f for f in _core.STATE_FIELDS if f[0] == name)
    faction, at = _core.BOARD_OFF[name]
    assert faction == KEEPERS and name not in _core.BY_FACTION_FIELDS and typ in ("i1", "u1"), (name, faction, typ)
    return at, f"{shape[0]}{'b' if typ == 'i1' else 'B'}"


_KI_FIELDS = {n: _ki_board_field(n) for n in ("relic_at", "relic_value", "way_at", "way_face")}


def keepers_fields(state) -> dict:
    """Of state's to_dict(): relic_at, relic_value, way_at and way_face (the Keepers' board), read
    from its bytes without building the dict ({} where the Keepers are not seated)."""
    factions = tuple(state.factions)
    if KEEPERS not in factions:
        return {}
    raw = state.state_bytes()
    board = _core.SEATS_AT + factions.index(KEEPERS) * _core.SEAT_SIZE + _core.BOARD_IN_SEAT
    return {n: struct.unpack_from(fmt, raw, board + at) for n, (at, fmt) in _KI_FIELDS.items()}


class KeepersView:
    """What the writer needs of the Keepers' board at an entry, read off the core States before and
    after it, only when an event asks (the states are read at once, in entry_clauses): which relic or
    waystation left a clearing (a removal's event names the piece kind and clearing; the relic the
    Keepers give up is theirs to choose, I-C17), a relic's value, the face a Decamped waystation
    showed, the warriors a clearing gained (Decamp's, an Encamp's with no Keepers on the map)."""

    def __init__(self, before, after):
        self.before, self.after = before, after
        self._was = self._now = None
        self.taken: set = set()         # (kind, id) already written as removed in this entry

    def was(self) -> dict:
        if self._was is None:
            self._was = keepers_fields(self.before)
        return self._was

    def now(self) -> dict:
        if self._now is None:
            self._now = keepers_fields(self.after)
        return self._now

    def value(self, r: int) -> int:
        return self.now()["relic_value"][r]

    def face_before(self, w: int) -> int:
        return self.was()["way_face"][w]

    def gained(self, c: int) -> int:
        return self.after.pieces_dict()["keepers"][c] - self.before.pieces_dict()["keepers"][c]

    def left(self, kind: str, c: int) -> int | None:
        """A relic ("relic") or waystation ("way") that was in clearing c and is not now, not yet
        written; None when none is left."""
        at = "relic_at" if kind == "relic" else "way_at"
        was, now = self.was()[at], self.now()[at]
        for i in range(len(was)):
            if was[i] == c and now[i] != c and (kind, i) not in self.taken:
                self.taken.add((kind, i))
                return i
        return None


def _keepers_removed(w: _Writer, e) -> None:
    """A relic or waystation of the Keepers an enemy removes (LoR 15.2.5): by its faces or value
    (`Kb_f_t5->`, `Kt_2_f5->`); the relic then waits for its remover's trophy (the `trophy` event)."""
    kind = "relic" if _core.PIECE_NAMES[e.arg] == "relic" else "way"
    owner = w.who(e.seat)
    for _ in range(max(e.amount, 1)):
        i = w.keepers.left(kind, e.clearing) if w.keepers is not None else None
        if i is None:
            piece = "t" if kind == "relic" else "b"
        elif kind == "relic":
            piece = relic_token(i, w.keepers.was()["relic_value"][i])
        else:
            piece = waystation_token(i, w.keepers.face_before(i))
        w.add(f"{owner}{piece}{e.clearing + 1}->")


def _retinue_clause(w: _Writer, e) -> None:
    """A Retinue card (LoR 15.5.2, 15.6.2; spec `$_<Number>`, 1 the leftmost column): added from the
    Keepers' hand `F#anvilK->$_1`, shifted `F#anvil$_1->$_3`, discarded by a failed check
    `F#anvil$_2->` (a Faithful Retainer `B#faith$_2->`: it leaves the game, the spec's "notate that
    they're discarded")."""
    me = w.who(e.seat)
    card = RETAINER_TEXT if e.arg == _core.NUM_CARD_TYPES else card_text(e.arg)
    if e.amount == 1:
        w.add(f"{card}{w.letter(e.seat)}->{me}$_{e.clearing + 1}")
    elif e.amount == 0:
        w.add(f"{card}{me}$_{e.detail + 1}->{me}$_{e.clearing + 1}")
    else:
        w.add(f"{card}{me}$_{e.clearing + 1}->")


def _keepers_event(w: _Writer, e, evs) -> None:
    """The clauses of a Keepers event (the forms above)."""
    k, me = e.kind, w.who(e.seat)
    kv = w.keepers
    if k == "relic":                    # setup: face down into a forest (LoR 15.3.1, 15.3.4)
        w.add(f"{me}{relic_token(e.arg, 0)}->{w.forests[e.detail]}")
    elif k == "encamp":                 # LoR 15.4.1: the face chosen up
        way = waystation_token(e.arg, e.amount)
        if e.detail:                    # no Keepers on the map: a waystation and a warrior
            n = kv.gained(e.clearing) if kv is not None else 1
            w.add(f"{me}{way}" + (f"+{me}w" if n > 0 else "") + f"->{e.clearing + 1}")
        else:
            if not any(x.kind == "remove" and x.clearing == e.clearing and x.detail is not None
                       and 0 <= x.detail < len(REMOVE_CAUSES) and REMOVE_CAUSES[x.detail] == "encamp" for x in evs):
                w.add(f"{me}w{e.clearing + 1}->")
            w.add(f"{me}{way}->{e.clearing + 1}")
    elif k == "decamp":                 # LoR 15.4.2: the waystation by the face it showed, a warrior back
        face = kv.face_before(e.arg) if kv is not None else 0
        w.add(f"{me}{waystation_token(e.arg, face)}{e.clearing + 1}->")
        n = kv.gained(e.clearing) if kv is not None else 0
        w.add(f"{_n(n)}{me}w->{e.clearing + 1}" if n > 0 else "")
    elif k == "delve":                  # LoR 15.5.2.II.a: from the forest into the clearing
        w.add(f"{me}{relic_token(e.arg, e.amount)}{w.forests[e.detail]}->{e.clearing + 1}")
    elif k == "relic_value":            # the flip (spec "Flip Relic Token")
        w.add(f"{me}t{e.clearing + 1}^{relic_token(e.arg, e.amount)}")
    elif k == "recover":                # LoR 15.5.2.III.a: to the Relics, their board (its VP: the vp events)
        w.add(f"{me}{relic_token(e.arg, e.amount)}{e.clearing + 1}->{me}$")
    elif k == "carry":                  # LoR 15.2.4: along with a moving warrior
        v = kv.value(e.arg) if kv is not None else 0
        w.add(f"{me}{relic_token(e.arg, v)}{e.detail + 1}->{e.clearing + 1}")
    elif k == "trophy":                 # LoR 15.2.5: face up in a forest, by its remover (its VP: the vp event)
        v = kv.value(e.arg) if kv is not None else 0
        w.add(f"{w.who(_seat_of(w.table, KEEPERS))}{relic_token(e.arg, v)}->{w.forests[e.detail]}")
    elif k == "retinue":
        _retinue_clause(w, e)


KEEPERS_EVENTS = ("relic", "encamp", "decamp", "delve", "relic_value", "recover", "carry", "trophy", "retinue")


def _plot_removed(w: _Writer, e, evs) -> None:
    """A plot removed from its clearing: by its type if it lay face up (public), `t` if face down;
    a face-down raid shows itself by its warriors (K-C10), so it is flipped first (the corpus's
    `Pt12^t_r/Pw->2+3+8/(Pw+2w+Pt_r)12->`); a bomb's own removal after its flip is not written."""
    c = e.clearing
    if e.detail is not None and 0 <= e.detail < len(REMOVE_CAUSES) and REMOVE_CAUSES[e.detail] == "bomb":
        return
    t = w.plots.up[c] if w.plots is not None else -1
    owner = w.who(e.seat)
    raided = any(x.kind == "raid" and x.clearing == c for x in evs)
    if t < 0 and raided:
        t = _core.PLOT_NAMES.index("raid")
        w.add(f"{owner}t{c + 1}^{plot_token(t)}")
    w.add(f"{_n(e.amount)}{owner}{plot_token(t if t >= 0 else None)}{c + 1}->")


def _raid_clauses(w: _Writer, e, evs, left: list) -> None:
    """A raid's warriors (LoR 13.7.4): one in each clearing adjacent to it that gained one (left:
    what each clearing gained in the entry and has not been given to a raid yet), one clause as the
    corpus writes it (`Pw->2+3+8`)."""
    if w.plots is None or not e.amount:
        return
    out, around = [], w.plots.adj[e.clearing]
    for j in range(len(left)):
        if len(out) < e.amount and left[j] > 0 and (around >> j) & 1:
            left[j] -= 1
            out.append(j)
    w.add(f"{w.who(e.seat)}w->{'+'.join(str(j + 1) for j in out)}" if out else "")


def _burrow_clause(w: _Writer, e) -> str:
    """Warriors between the Burrow (Rootlog's clearing 0) and a tunnel's clearing: `3w0->5` up,
    `2w5->0` down (LoR 12.2.2); none (a Dig bringing none up) writes nothing."""
    if not e.amount:
        return ""
    frm, to = (e.clearing + 1, 0) if e.arg else (0, e.clearing + 1)
    return f"{_n(e.amount)}{w.who(e.seat)}w{frm}->{to}"


def _dominance(suit: int) -> str:
    return f"{SUIT_LETTERS[suit]}#dominance"


def event_clauses(w: _Writer, evs, act: Action, pair, pending=None) -> None:
    """The clauses the core's events tell; pending: the Riverfolk action whose fund act chose
    (pending_of), whose own entry wrote its battle."""
    table = w.table
    rf = _seat_of(table, RIVERFOLK)
    dc = _seat_of(table, DUCHY)
    hd = _seat_of(table, HUNDREDS)
    skip_battle = pending is not None and pending.kind == "battle"
    turn_started = False
    raid_left = _raid_gains(w, evs)
    for e in evs:
        k = e.kind
        if (not turn_started and e.seat == rf >= 0
                and ((k == "funds" and FUND_HOWS[e.arg] in ("protectionism", "gather"))
                     or (k == "vp" and VP_REASONS[e.arg] == "dividends"))):
            w.out.append(TURN_START)            # the Riverfolk's Birdsong begins (LoR 11.4)
            turn_started = True
        if (not turn_started and k == "vp" and e.amount and e.arg is not None and VP_REASONS[e.arg] == "nobles"
                and e.seat != w.turn):
            w.out.append(OWN_TURN_START)        # Bluebird Nobles, at the start of the controller's Birdsong
            turn_started = True
            w.turn = -2                         # (as the Hundreds' Birdsong below)
        if not turn_started and hd >= 0 and w.turn != hd and _hundreds_birdsong(e, hd):
            w.out.append(TURN_START)            # the Hundreds' Birdsong begins (LoR 14.4): Raze, Recruit
            turn_started = True
            w.turn = -2                         # every piece and score by its letter from here (the
            #                                     clauses go on the Hundreds' line: `_own` drops theirs)
        if k == "battle" and skip_battle and e.seat == rf:
            skip_battle = False                 # written by the battle's own entry (C8)
        elif k == "battle":
            w.add(f"{w.who(e.seat)}X{w.letter(e.arg)}{e.clearing + 1}")
        elif k == "scorched":                   # the Scoundrel's torch goes into his clearing
            w.add(f"%r->{e.clearing + 1}")
        elif k == "remove" and _core.PIECE_NAMES[e.arg] == "plot":
            _plot_removed(w, e, evs)
        elif k == "remove" and _core.PIECE_NAMES[e.arg] in ("waystation", "relic"):
            _keepers_removed(w, e)
        elif k in KEEPERS_EVENTS:
            _keepers_event(w, e, evs)
        elif k == "remove":
            name = _core.PIECE_NAMES[e.arg]
            piece = PAWN.get(table[e.seat], "p") if name == "pawn" else w.piece(name, e.clearing)
            w.add(f"{_n(e.amount)}{w.who(e.seat)}{piece}{e.clearing + 1}->")
        elif k == "vp" and e.amount:
            w.add(f"{w.who(e.seat)}{'++' if e.amount > 0 else '--'}{_n(abs(e.amount))}")
        elif k == "draw":
            start = "*" if e.clearing >= 0 else ""
            w.add(f"{card_text(e.arg)}{start}->{w.letter(e.seat)}")
        elif k == "lair":
            w.add(f"%{ITEM_LETTERS[e.arg]}{w.letter(e.seat)}$->")
        elif k == "supporter":
            how = SUPPORTER_HOWS[e.detail]
            a = w.letter(e.seat)
            card = card_text(e.arg)
            if how in ("spent", "discarded"):
                w.add(f"{card}{a}$->")
            elif how == "mobilize":
                w.add(f"{card}{a}->{a}$")
            elif how == "drawn":
                w.add(f"{card}->{a}$")
            elif how == "overflow":
                w.add(f"{card}->")
        elif k == "outrage" and e.arg is not None and e.arg >= 0:
            w.add(f"{card_text(e.arg)}{w.letter(e.seat)}->{w.letter(_seat_of(table, ALLIANCE))}$")
        elif k == "outrage" and e.arg is None:
            w.add(f"#{w.letter(e.seat)}->{w.letter(_seat_of(table, ALLIANCE))}$")
        elif k == "outrage" and e.arg == -1:    # no matching card: the payer shows its hand (LoR 8.2.6)
            w.add(f"{w.who(e.seat)}^{w.letter(_seat_of(table, ALLIANCE))}")
        elif k == "revolt":
            w.add(f"{w.who(e.seat)}b_{SUITS[e.arg].lower()}->{e.clearing + 1}",
                  f"{_n(e.amount)}{w.who(e.seat)}w->{e.clearing + 1}" if e.amount else "")
        elif k == "relation":
            w.add(f"{w.letter(e.seat) if e.seat != w.turn else ''}$_{LETTER_OF[e.arg]}->{RELATION[e.amount]}")
        elif k == "turmoil":
            w.add(f"{w.who(e.seat)}$_->")
        elif k == "place" and e.seat == rf >= 0 and _core.PLACE_WHYS[e.arg] == "recruit":
            pass                                # the Riverfolk's Recruit: its action wrote `w->5`
        elif k == "place" and e.seat == dc >= 0 and e.clearing < 0 and act.kind != "dc_recruit" and not turn_started:
            w.out.append(TURN_START)            # the Duchy's Birdsong begins (LoR 12.4): `2w->0` on their line
            turn_started = True
            w.add(f"{_n(e.amount)}{w.who(e.seat)}w->0")
        elif k == "place" and _core.PLACE_WHYS[e.arg] == "patrol":   # Forest Patrol's card: its faction board
            w.add(f"{_n(e.amount)}{w.who(e.seat)}w{w.letter(e.seat)}$->{e.clearing + 1}")
        elif k == "place":
            w.add(f"{_n(e.amount)}{w.who(e.seat)}w->{e.clearing + 1}")
        elif k == "hireling_card":              # Forest Patrol: one warrior removed goes onto its card (E-24)
            w.add(f"{_n(e.amount)}{w.who(e.seat)}w->{w.letter(e.seat)}$")
        elif k == "build":
            w.add(f"{w.who(e.seat)}{BUILDING[_core.BUILDING_NAMES[e.arg]]}->{e.clearing + 1}")
        elif k == "move":
            f = w.by_ferry(e.clearing, e.arg)
            w.add(f"({_n(e.amount)}{w.who(e.seat)}w{f}){e.clearing + 1}->{e.arg + 1}" if f
                  else f"{_n(e.amount)}{w.who(e.seat)}w{e.clearing + 1}->{e.arg + 1}")
        elif k == "hospital":
            # Field Hospitals (LoR 6.2.3; Feline Physicians, E-26): the saved warriors back from the supply
            # into the Keep's clearing (the Physicians': the one chosen); the hit wrote their removal
            w.add(f"{_n(e.amount)}{w.who(e.seat)}w->{e.clearing + 1}")
        elif k == "hire":                       # a hireling gained (LoR 16.4.1.1-3): the spec's `h_E->A$`,
            w.add(f"{hireling_token(e.arg)}->{w.letter(e.seat)}$")   # the control die's markers added after
        elif k == "outcast":                    # the Lizard Cult's Outcast (LoR 10.3.3, 10.4.1), when it
            if (e.arg, e.amount) != w.outcast:  # changes (as the games notate it: a marker kept is not)
                w.add(f"$_{'ho' if e.amount else 'o'}->{SUITS[e.arg]}")
            w.outcast = (e.arg, e.amount)
        elif k == "conspiracy":                 # the acolytes it spends leave the Cult's board
            w.add(f"{_n(e.amount)}{w.who(e.seat)}w{w.letter(e.seat) if e.seat != w.turn else ''}$->")
        elif k == "faithful":                   # Fear of the Faithful: a random card discarded (LoR 10.2.5)
            w.add(f"{card_text(e.arg)}{w.letter(e.seat)}->")
        elif k == "funds":
            funds_clause(w, e)
        elif k == "service" and e.arg == 0 and e.detail is not None and e.detail >= 0:
            # a Hand Card (LoR 11.2.7.I): the buyer's payment, then the card from the Riverfolk's hand
            if table[e.seat] not in VAGABONDS:
                w.add(f"{_n(e.amount)}{w.who(e.seat)}w->{w.letter(rf)}$")
            w.add(f"{card_text(e.detail)}{w.letter(rf)}->{w.letter(e.seat)}")
        elif k == "service" and table[e.seat] not in VAGABONDS:     # Riverboats, Mercenaries: the payment
            w.add(f"{_n(e.amount)}{w.who(e.seat)}w->{w.letter(rf)}$")
        elif k == "burrow":                     # the Burrow (LoR 12.2.2): Rootlog's clearing 0
            w.add(_burrow_clause(w, e))
        elif k == "tunnel":                     # Dig's tunnel (LoR 12.5.1), its card the action's
            w.add(f"{w.who(e.seat)}t->{e.clearing + 1}")
        elif k == "failure":                    # the Price of Failure's minister (LoR 12.2.3; spec `#brigadierD$->`)
            w.add(f"#{minister_token(e.arg)}{w.letter(e.seat)}$->")
        elif k == "fail_discard":               # and its random card, discarded from their hand
            w.add(f"{card_text(e.arg)}{w.letter(e.seat)}->")
        elif k == "plot":                       # LoR 13.5.2: the warriors, then the plot face down
            w.add(f"{_n(e.amount)}{w.who(e.seat)}w{e.clearing + 1}->" if e.amount else "",
                  f"{w.who(e.seat)}t->{e.clearing + 1}")
        elif k == "flip":                       # LoR 13.4.2: the face it shows (its VP: the vp event)
            w.add(f"{w.who(e.seat)}t{e.clearing + 1}^{plot_token(e.arg if e.arg is not None and e.arg >= 0 else None)}")
        elif k == "trick":                      # LoR 13.5.4
            w.add(f"t{e.clearing + 1}<->t{e.arg + 1}")
        elif k == "raid":                       # LoR 13.7.4: a warrior in each adjacent clearing
            _raid_clauses(w, e, evs, raid_left)
        elif k == "extort":                     # LoR 13.7.3: a random card from the victim's hand
            card = e.detail if act.kind != "steal" or act.args[0] is not None else None
            w.add(f"{card_text(card if card is not None and card >= 0 else None)}{w.letter(e.arg)}->{w.letter(e.seat)}")
        elif k == "expose":                     # LoR 13.2.4: the card shown to the Corvids, the guess
            card = e.detail if act.kind != "guess" or act.args[0] is not None else None
            card = card if card is not None and card >= 0 else None
            cv = _seat_of(table, CORVIDS)
            w.add(f"{card_text(card)}{w.letter(e.seat) if e.seat != w.turn else ''}^{w.letter(cv)}",
                  f"?{w.letter(cv)}{plot_token(e.arg)}{e.clearing + 1}")
            if not e.amount:                    # wrong: the Corvids take the card
                w.add(f"{card_text(card)}{w.letter(e.seat)}->{w.letter(cv)}")
        elif k == "mob":                        # LoR 14.4.1, 14.6.1, 14.7.3: a mob placed (its card: Incite's)
            w.add(f"{w.who(e.seat)}t->{e.clearing + 1}")
        elif k == "loot" and e.amount and e.arg is not None and e.arg >= 0:     # LoR 14.2.5: the item taken
            w.add(f"%{VITEM_LETTERS[e.arg]}{w.letter(e.detail)}$->{w.who(e.seat)}$")
        elif k == "contempt" and e.amount:      # LoR 14.2.3: the item out of the game (the card's VP: vp)
            w.add(f"%{VITEM_LETTERS[e.arg]}{w.who(e.seat)}{'$' if w.who(e.seat) else ''}->")
        elif k == "trade_post":                 # LoR 11.5.6: the post of its suit and its garrison
            post = w.piece("trade_post", e.clearing)
            w.add(f"{w.who(e.seat)}{post}{'+w' if e.amount else ''}->{e.clearing + 1}")
    if act.kind == "steal" and pair is not None and not any(e.kind == "extort" for e in evs):
        taker, victim = pair
        w.add(f"{card_text(act.args[0])}{w.letter(victim)}->{w.letter(taker)}")


def _hundreds_birdsong(e, hd: int) -> bool:
    """An event of the Hundreds' Birdsong that no decision of theirs takes (LoR 14.4.1-2: the Raze's
    removals and VP, Recruit's warriors), met in an entry that ends the turn before theirs: their
    clauses go on the Hundreds' line, as the Duchy's Birdsong warriors go on theirs."""
    if e.kind == "remove":
        return e.detail is not None and 0 <= e.detail < len(REMOVE_CAUSES) and REMOVE_CAUSES[e.detail] == "raze"
    if e.kind == "vp":
        return e.seat == hd and e.arg is not None and VP_REASONS[e.arg] == "raze"
    if e.kind == "place":
        return e.seat == hd and e.arg is not None and _core.PLACE_WHYS[e.arg] == "recruit"
    return False


def _raid_gains(w: _Writer, evs) -> list:
    """The Corvid warriors each clearing gained in the entry (Plots.gained), the ones removed there
    in it added back: what raids may have placed (_raid_clauses)."""
    if w.plots is None or not any(e.kind == "raid" for e in evs):
        return []
    left = list(w.plots.gained)
    cv = _seat_of(w.table, CORVIDS)
    for e in evs:
        if e.kind == "remove" and e.seat == cv and _core.PIECE_NAMES[e.arg] == "corvid" and e.clearing >= 0:
            left[e.clearing] += e.amount
    return left


def funds_clause(w: _Writer, e) -> None:
    """What moved between the Riverfolk's boxes (FUND_HOWS), as Rootlog notates it: their board is
    Funds and Payments together (`$`), so Gather is not written, nor a fund committed ("Committed
    funds are not notated", spec); a fund spent returns to its owner's supply (`2Cw$->`), one lost to
    Trade Disruption too (`CwO$->`); Protectionism and Export place their own warriors (`2w->$`)."""
    how = FUND_HOWS[e.arg]
    if how in ("protectionism", "export"):
        w.add(f"{_n(e.amount)}{w.who(e.seat)}w->{w.who(e.seat)}$")
    elif how in ("spend", "disrupt"):
        w.add(f"{_n(e.amount)}{w.who(e.detail)}w{w.rf_board()}->")
    # commit, gather: not notated; payment: written with its service (the service event)


# the Riverfolk's board fields riverfolk_notes reads, found in the state's bytes as State.to_dict()
# reads them (serialize.pxi: a faction's board in its seat's block, at _core.BOARD_OFF; payments and
# funds held by seat there): to_dict costs ~0.5 ms and runs before and after every entry written,
# and for every candidate of every entry a replay matches
def _board_field(name: str) -> tuple:
    (_, off, typ, shape), = (f for f in _core.STATE_FIELDS if f[0] == name)
    faction, at = _core.BOARD_OFF[name]
    assert faction == RIVERFOLK and typ == "u1", (name, faction, typ)
    return at, (name in _core.BY_FACTION_FIELDS)


_RF_PAYMENTS, _RF_FUNDS, _RF_DISRUPT = (_board_field(n) for n in ("payments", "funds", "disrupt_owed"))
assert _RF_PAYMENTS[1] and _RF_FUNDS[1] and not _RF_DISRUPT[1]


def _riverfolk_fields(state) -> dict:
    """Of state's to_dict(): otters, payments[RIVERFOLK], sum(funds) and disrupt_owed, read without
    building the dict (to_dict itself where the state does not seat the Riverfolk: a draft's
    player yet to choose them)."""
    factions = tuple(state.factions)
    if RIVERFOLK not in factions:
        d = state.to_dict()
        return {"otters": d["otters"], "payments": d["payments"][RIVERFOLK], "funds": sum(d["funds"]),
                "disrupt_owed": d["disrupt_owed"]}
    raw = state.state_bytes()
    board = _core.SEATS_AT + factions.index(RIVERFOLK) * _core.SEAT_SIZE + _core.BOARD_IN_SEAT
    funds = board + _RF_FUNDS[0]          # by seat: to_dict lists them by faction, 0 for one not seated
    return {"otters": state.pieces_dict()["otters"],
            "payments": raw[board + _RF_PAYMENTS[0] + factions.index(RIVERFOLK)],
            "funds": sum(raw[funds + s] for s, f in enumerate(factions) if f >= 0),
            "disrupt_owed": raw[board + _RF_DISRUPT[0]]}


def riverfolk_notes(before, after, act: Action, seat: int, table) -> tuple:
    """The Riverfolk's clauses no event reports, read off the states before and after an entry (what
    the engine did): their setup's three warriors into Payments (`3w->$`, LoR 11.3.4, with their first
    warrior placed), the Riverfolk's own warriors a Vagabond's purchase places into Payments
    (`2Ow->O$`, LoR 11.2.6.III), and their funds at the end of their turn or after Trade Disruption on
    another's (`$_f->3`: the spec's Funds, "only at the end of their turn and when their funds are
    removed on others' turns"; none written means none)."""
    rf = _seat_of(table, RIVERFOLK)
    if rf < 0:
        return ()
    out = []
    turn = before.turn
    me = "" if turn == rf else LETTER_OF[RIVERFOLK]
    was = _riverfolk_fields(before)
    if before.turn_number == 0 and act.kind == "rf_recruit" and not any(was["otters"]):
        n = was["payments"]
        out.append(f"{_n(n)}{me}w->{me}$")
        return tuple(out)
    now = _riverfolk_fields(after)
    if act.kind in ("buy_card", "riverboats") and table[turn] in VAGABONDS:
        n = now["payments"] - was["payments"]
        if n > 0:
            out.append(f"{_n(n)}{me}w->{me}$")
    funds_was, funds_now = was["funds"], now["funds"]
    if turn == rf and after.turn != rf and before.turn_number > 0 and funds_was:
        out.append(f"$_f->{funds_was}")          # the end of the Riverfolk's turn
    elif turn != rf and funds_now < funds_was and now["disrupt_owed"] == 0:
        out.append(Late(f"$_f->{funds_now}"))    # Trade Disruption done (LoR 11.2.5.I)
    return tuple(out)


def entry_clauses(act: Action, seat: int, evs, turn: int, table, pair=None, placed=(), board=AUTUMN,
                  ferry: Ferry | None = None, outcast=None, pending=None) -> list:
    """The clauses (text, or an Amend of the battle before) of one record entry: act (decoded,
    its card None when the viewer may not know it) taken by seat (-1 chance) on turn's turn,
    with its events evs (as the viewer sees them); pair: (taker, victim) of a stolen card;
    placed: the Marquise's warriors the action placed, (clearing 0-11, how many), for the actions
    whose placements no event reports (placements); board: the game's (Game.board: its forests and
    closed paths); outcast: the Lizard Cult's Outcast (suit, hated) before it (outcast_of), so only a
    change is written; ferry: the Lake's Ferry before the entry (board_ferry), so a move it carries is
    written with `+f`; pending: the Riverfolk action whose fund act chooses (pending_of)."""
    w = _Writer(tuple(table), turn, board, ferry, outcast, hirelings_of(table))
    w.plots = next((x for x in placed if isinstance(x, Plots)), None)
    w.anointed = next((int(x) for x in placed if isinstance(x, Anointed)), -1)
    w.keepers = next((x for x in placed if isinstance(x, KeepersView)), None)
    action_clauses(w, act, seat, evs)
    me = w.who(seat)
    w.add(*(x if isinstance(x, str) else f"{_n(x[1])}{me}w->{x[0] + 1}" if len(x) == 2
            else f"{_n(x[3])}{w.who(x[0])}{x[1]}->{x[2] + 1}" for x in placed if not isinstance(x, (Late, Plots, Anointed, KeepersView))))
    event_clauses(w, evs, act, pair, pending)
    w.add(*(x for x in placed if isinstance(x, Late)))
    return w.out


# the actions that place warriors without an event saying where, and the state's field of those
# warriors: the Marquise's recruit (a warrior at each recruiter) and Keep (the garrison), the
# Eyrie's starting roost (its warriors); their placements are read off the state
PLACING = {("recruit", MARQUISE): "warriors", ("keep", MARQUISE): "warriors", ("roost", EYRIE): "birds",
           ("lz_corner", LIZARDS): "lizards", ("dc_corner", DUCHY): "moles"}


# the setup pieces a faction places by itself where its choice is forced (no decision of its own
# writes them): the Eyrie's roost and warriors opposite the Keep (LoR 7.3.1), the Lizard Cult's
# garden and warriors in its only corner (LoR 10.3.2); each by its decision's kind, and the state's
# fields of its buildings and warriors
FORCED_SETUP = {EYRIE: ("roost", "roosts", "birds"), LIZARDS: ("lz_corner", "gardens", "lizards"),
                DUCHY: ("dc_corner", "tunnels", "moles")}
# ... and the Lord of the Hundreds' warlord, warriors and stronghold in their corner (LoR 14.3.2),
# written as their decision writes them, with their letter: `Hw_w+4Hw+Hb->3`
FORCED_CORNERS = tuple(FORCED_SETUP) + (HUNDREDS,)


def placements(before, after, act: Action, seat: int, table) -> tuple:
    """(clearing, warriors) the action act placed, for the PLACING actions: the state before and
    after (core States), compared -- what the engine did, not a rule of ours; () for any other.
    In the setup, also (seat, piece, clearing, count) of the setup pieces another faction placed by
    itself after act, its choice forced (FORCED_SETUP), whose own decision never comes."""
    out = ()
    field = PLACING.get((act.kind, table[seat] if seat >= 0 else -1))
    if field is not None:
        was, now = before.pieces_dict()[field], after.pieces_dict()[field]     # (to_dict's pieces, alone)
        out = tuple((c, now[c] - was[c]) for c in range(len(now)) if now[c] > was[c])
    if before.turn_number == 0 and act.kind != "dice" and any(f in table for f in FORCED_CORNERS):
        out += forced_setup(before.pieces_dict(), after.pieces_dict(), act, table)
    if RIVERFOLK in table:
        out += riverfolk_notes(before, after, act, seat, table)
    if CORVIDS in table:
        out += (Plots(before, after),)
    if act.kind == "anoint" and HUNDREDS in table:      # LoR 14.4.3: a warrior replaced, or none on the map
        c = act.args[0]
        if before.pieces_dict()["hundreds"][c] > after.pieces_dict()["hundreds"][c]:
            out += (Anointed(c),)
    if KEEPERS in table:
        out += (KeepersView(before, after),)
        if before.turn_number == 0:     # the setup's warriors (LoR 15.3.3), its corner or edge chosen or forced
            was, now = before.pieces_dict()["keepers"], after.pieces_dict()["keepers"]
            out += tuple((table.index(KEEPERS), "w", c, now[c] - was[c]) for c in range(len(now)) if now[c] > was[c])
    return out


def forced_setup(was: dict, now: dict, act: Action, table) -> tuple:
    out = []
    for f, (kind, buildings, warriors) in FORCED_SETUP.items():
        if f not in table or act.kind == kind:
            continue
        seat = table.index(f)
        rows = now[buildings] if f == LIZARDS else [now[buildings]]
        olds = was[buildings] if f == LIZARDS else [was[buildings]]
        for k, (row, old) in enumerate(zip(rows, olds)):
            for c in range(len(row)):
                if row[c] > old[c]:
                    piece = f"b_{'frm'[k]}" if f == LIZARDS else "t" if f == DUCHY else "b"
                    out.append((seat, piece, c, row[c] - old[c]))
        if out:
            out += [(seat, "w", c, n - o) for c, (n, o) in enumerate(zip(now[warriors], was[warriors])) if n > o]
    if HUNDREDS in table and act.kind != "lh_corner" and was["warlord"] < 0 <= now["warlord"]:
        c, h = now["warlord"], letter_of(HUNDREDS)
        n, b = now["hundreds"][c] - was["hundreds"][c], now["strongholds"][c] - was["strongholds"][c]
        out.append((table.index(HUNDREDS), "w_w" + (f"+{_n(n)}{h}w" if n > 0 else "") + (f"+{_n(b)}{h}b" if b > 0 else ""),
                    c, 1))
    return tuple(out)


def _is_battle(text: str) -> bool:
    """A battle clause: `X...`, or with its attacker's letter before the X (`MXE3`, a hireling's `h_CXE3`)."""
    if text.startswith("h_") and text[3:4] == "X":
        return True
    head = text[1:] if text[:1].isupper() and text[1:2] == "X" else text
    return head.startswith("X")


def _is_hire(text: str) -> bool:
    """The hire clause (`h_E->A$`), which the control die's entry after it amends."""
    return text.startswith("h_") and text.endswith("$") and "->" in text


class _HireText:
    """A hire clause whose control markers the control die's entry fills in (`h_E->A$3`)."""

    def __init__(self, text: str):
        self.text, self.markers = text, None

    def __str__(self) -> str:
        return self.text + ("" if self.markers is None else str(self.markers))


class _BattleText:
    """A battle clause whose ambushes and roll later entries fill in."""

    def __init__(self, text: str):
        self.text, self.ambush, self.foil, self.rolls = text, None, None, None

    def __str__(self) -> str:
        s = self.text
        if self.ambush or self.foil:
            s += f"{self.ambush or 'B'}@" + (f"{self.foil}@" if self.foil else "")
        if self.rolls:
            s += f"({self.rolls[0]},{self.rolls[1]})"
        return s


# ---- every legal action's clauses, for replay's rule (match.choose) and the referee file's check

def mark_text(a: int, seat: int, table, board=AUTUMN) -> str:
    """A decision clause's text: our notation's, spaces out, `/` as `|` (a kind our notation has no
    text for yet: its name and the action's number past its kind's first)."""
    try:
        text = action_text(a, seat, table, board)
    except AssertionError:
        act = decode(a)
        text = f"{act.kind}{a - _KIND_BASE[act.kind]}"
    return "".join(text.split()).replace("/", "|").replace(";", ",").lower()


_KIND_BASE = {k: base for k, base, _ in _core.ACTION_KINDS}


def candidates(g, board=None, ferry=None, table=None) -> list[Candidate]:
    """Every legal action (outcome) of g's next entry and what it writes, as the referee (board:
    g.board, given to spare asking the state; ferry: board_ferry of g's state, asked when board
    is not given; table: the factions each seat's clauses are written with, g's by default; in a
    faction draft the table the game ends with, the record's player lines, LoR 16.1.8)."""
    if board is None:
        board = g.board
        ferry = board_ferry(board, g.state)
    table = g.faction_ids if table is None else SeatTable(table, g.state.board, g.state.hirelings)
    seat, turn = g.current_player, g.state.turn
    letter = letter_of(table[turn])
    outcast = outcast_of(g.state, table)
    pending = pending_of(g.state) if RIVERFOLK in table else None
    acts = [a for a, _ in g.chance_outcomes()] if g.is_chance_node() else g.legal_actions()
    out = []
    for a in acts:
        s = g.state.clone()
        evs = _events(s.apply_logged(a), table)
        act = decode(a)
        pair = redaction.steal_pair(g.record + [a], g.record_seats + [seat], len(g.record), evs) if act.kind == "steal" else None
        items = entry_clauses(act, seat, evs, turn, table, pair, placements(g.state, s, act, seat, table),
                              board, ferry, outcast, pending)
        # (documentary atoms -- the Riverfolk's funds `$_f->3` -- are the reader's, not an action's)
        atoms = tuple(x for t in items if isinstance(t, str) for x in text_atoms(t, letter) if not documentary(x.key))
        amends = tuple(t for t in items if isinstance(t, Amend))
        out.append(Candidate(a, atoms, amends, mark_text(a, seat, table, board)))
    return out


def die_rule(g, outcomes: list[Candidate], board, table, stream, pos: int, pending) -> list[int]:
    """Of the mob die's outcomes (LoR 14.4.1, 14.7.3) that write nothing (the spec: "Do not notate the
    mob die roll"), those after which some decision writes the record's next clauses (from pos in
    stream): the mob it places tells the suit rolled (`t->5`, a fox clearing). Replay takes the one
    it leaves (Replay._open), and the writer's check asks the same, so a referee file names the die
    (`!mob_dief`) only where the mob placed next does not tell it (none placed, or the next
    clause the next decision's own decision clause)."""
    out = []
    for c in outcomes:
        if c.atoms or decode(c.action).kind != "mob_die":
            continue
        after = g.clone()
        after.apply(c.action)
        if after.is_terminal():
            continue
        nexts = candidates(after, board, board_ferry(board, after.state), table)
        if any(d.atoms and fit(d, stream, pos, pending) is not None for d in nexts):
            out.append(c.action)
    return out


def die_told(g, cands: list[Candidate], board, table, stream, pos: int, pending) -> int | None:
    """The mob die's outcome the record tells without naming it (die_rule), where no decision
    clause names one and no outcome's own clauses (a mob placed by itself, the Recruit after it) are
    the record's next; None where it does not tell, or g is at no mob die (choose's rule then)."""
    if not cands or not g.is_chance_node() or any(decode(c.action).kind != "mob_die" for c in cands):
        return None
    at = pos
    while at < len(stream) and documentary(stream[at].atom.key):
        at += 1
    if at < len(stream) and stream[at].atom.key[0] == "decision":
        return None
    if any(c.atoms and fit(c, stream, pos, pending) is not None for c in cands):
        return None
    kept = die_rule(g, cands, board, table, stream, pos, pending)
    return kept[0] if len(kept) == 1 else None


def _own(text: str, letter: str) -> str:
    """A clause written on its faction's own line: its pieces' letter dropped (`2Dw->0` -> `2w->0`),
    and its score's (`H++` -> `++`)."""
    return re.sub(rf"^(\d*){letter}(?=[wtb]|\+\+|--)", r"\1", text)


def seats_needed(game) -> bool:
    """Whether the record must say where each player sits (our header line `Seats:`): the engine
    settles some simultaneous things in seat order (a Revolt's or a Favor's removals, the Wyrm's
    pawn first when its seat is lower), so a replay must number the seats as the game did. Replay
    numbers them round the table from the lowest faction id (factions.seating) unless told; a
    faction draft's seats are numbered before anyone chooses (LoR 16.1.8), so a draft's record
    always says them, any other game's only where it sits otherwise."""
    if game.draft is not None:
        return True
    n = len(game.faction_ids)
    turn_order = [game.faction_ids[(game.first + k) % n] for k in range(n)]
    return seating(turn_order) != (tuple(game.faction_ids), game.first)


def write(game, viewer=None, players: dict | None = None) -> str:
    """The Rootlog text of game (a Game started with a deal, not from a position) as viewer sees
    it: None or "referee" everything, "public", or a seat (number or faction name). players:
    a name for each faction letter (default: its title). The referee's text replays to the same
    record (replay.py); it carries a decision clause `!<action>` where its effects alone would not
    tell replay's rule which action was taken. A seat's or the public text carries none."""
    if game.position is not None:
        raise ValueError("a game set up from a position has no Rootlog setup to write (Rootlog starts from the deal)")
    table = game.faction_ids
    view = redaction.REFEREE if viewer in (None, redaction.REFEREE) else redaction.viewer_of(viewer, table)
    seen = redaction.record_seen(game, view)
    all_evs = game.events
    g = game.start()
    board = game.board
    seat_of = []
    entries = []                # (turn seat, [clause texts / _BattleText], candidates or None, action)
    splits = []                 # per entry: (the clause from which the next turn's line takes it, that turn,
    #                             whether its letter is dropped there: TurnStart.own)
    last_battle = last_hire = None
    dies: dict = {}
    for i, a in enumerate(game.record):
        turn, seat = g.state.turn, g.current_player
        ferry = board_ferry(board, g.state)
        outcast = outcast_of(g.state, table)
        pending = pending_of(g.state) if RIVERFOLK in table else None
        cands = candidates(g, board, ferry, table) if view == redaction.REFEREE else None
        if cands is not None and g.is_chance_node() and decode(a).kind == "mob_die":
            dies[i] = g.clone()             # (die_rule: the game at the die, for the check below)
        pair = redaction.steal_pair(game.record, game.record_seats, i, all_evs[i])
        evs = redaction.events_seen(all_evs[i], view, table, pair)
        before = g.state.clone()
        g.apply(a)
        placed = placements(before, g.state, seen[i].action, seat, table)
        # an entry that ends a turn may begin the next one's Birdsong with an effect no decision
        # takes: the Lizard Cult's Outcast adjusted (LoR 10.4.1) stands first on the Cult's line,
        # as the Rootlog games write it (`L:$_ho->M/...`); the clauses from it on go there
        after = g.state.turn if g.state.turn != turn and before.turn_number > 0 else None
        split = None
        own = False             # the clauses on the next turn's line drop that faction's letter (_own)
        clauses = []
        for item in entry_clauses(seen[i].action, seat, evs, turn, table, pair, placed, board, ferry, outcast, pending):
            if isinstance(item, TurnStart):
                if split is None and after is not None:
                    split, own = len(clauses), item.own
                continue
            if isinstance(item, Amend) and item.what == "control":
                if last_hire is not None:
                    last_hire.markers = item.value[0]
            elif isinstance(item, Amend):
                if last_battle is None:
                    continue
                if item.what == "ambush":
                    last_battle.ambush = item.value[0]
                elif item.what == "foil":
                    last_battle.foil = item.value[0]
                else:
                    last_battle.rolls = item.value
            elif _is_battle(item):
                last_battle = _BattleText(item)
                clauses.append(last_battle)
            elif _is_hire(item):
                last_hire = _HireText(item)
                clauses.append(last_hire)
            else:
                if split is None and after is not None and item.startswith(("$_o->", "$_ho->")):
                    split = len(clauses)
                clauses.append(item)
        entries.append((turn, clauses, cands, a))
        splits.append((split, after, own))
        seat_of.append(seat)

    marks = [None] * len(entries)
    if view == redaction.REFEREE:
        atoms = [[Placed(x, None, 0, 0) for c in cl for x in text_atoms(str(c), letter_of(table[t]))]
                 for t, cl, _, _ in entries]
        pendings, pending = [], None
        for i, placed in enumerate(atoms):
            pendings.append(pending)
            for p in placed:
                if p.atom.key[0] in PENDING:
                    pending = p.atom.extra
        suffix: list = []           # the atoms after entry i, reversed
        tail_silent = True          # ... are all silent (match.silent)
        for i in range(len(entries) - 1, -1, -1):
            turn, cl, cands, a = entries[i]
            if cands is not None:
                window = atoms[i] + suffix[:-61:-1]
                best, _ = choose(cands, window, 0, pendings[i])
                # a decision clause next is read as this decision's own: one that writes nothing
                # before another's decision clause needs its own
                # (a chance outcome that writes nothing too: a two-Vagabond ruin's item, LoR 9.7.3)
                steals = ((seat_of[i] >= 0 or decode(a).kind in SILENT_CHANCE) and not atoms[i] and window
                          and window[0].atom.key[0] == "decision")
                # replay stops where the record's clauses end (silent ones left out): an entry with
                # nothing but silent clauses after it, and none but silent ones of its own, says so
                mine_silent = all(silent(p.atom.key) for p in atoms[i])
                steals = steals or (mine_silent and tail_silent)
                told = die_told(dies[i], cands, board, table, window, 0, pendings[i]) if i in dies else None
                if told is None and len(best) == 1:
                    told = best[0].action
                if steals or told != a:
                    mark = next(c.mark for c in cands if c.action == a)
                    marks[i] = "!" + mark
            for p in reversed(atoms[i]):
                suffix.append(p)
            if marks[i]:
                suffix.append(Placed(text_atoms(marks[i], "C")[0], None, 0, 0))
            tail_silent = tail_silent and not marks[i] and all(silent(p.atom.key) for p in atoms[i])

    names = players or {}
    n = len(table)
    lines = [f"Map: {ROOTLOG_MAP[maps.NAMES[board[0]]]}", f"Deck: {ROOTLOG_DECK[game.deck]}"]
    printed = maps.data(board[0])["printed_suits"]
    if printed is None or tuple(printed) != tuple(board[1]):
        lines.append("Clearings: " + maps.suits_text(board[1]))
    # the three hireling cards in play, each on its side (LoR 16.1.6; `h_Ed`), then the hirelings' setups
    # a player chose (16.1.6.3; the spec's `/Hireling Setup...`: Last Dynasty's `5h_Ew->3`), which no
    # turn line writes
    setups = {i for i, e in enumerate(entries) if decode(e[3]).kind == "hr_setup"}
    if game.state.hirelings:
        lines.append("Hirelings: " + ", ".join(hireling_token(h, True) for h in game.state.hirelings)
                     + "".join("/" + str(c) for i in sorted(setups) for c in entries[i][1]))
    if game.draft is not None:              # the faction draft's cards (LoR 16.1.8), by letter
        lines.append("Pool: " + "".join(LETTER_OF[f] for f in draft_cards(list(game.draft))))
    if seats_needed(game):              # where each player sits, which no faction tells (Seats:)
        lines.append("Seats: " + ", ".join(str((game.first + k) % n + 1) for k in range(n)))
    for k in range(n):
        seat = (game.first + k) % n
        letter = letter_of(table[seat])
        lines.append(f"{letter}: {names.get(letter, TITLES[table[seat]] if table[seat] >= 0 else UNDRAFTED_TITLE)}")
    current, body = None, []
    for i, (turn, cl, _, _) in enumerate(entries):
        if i in setups:
            continue
        split, after, own = splits[i]
        texts = [(turn, marks[i])] if marks[i] else []
        texts += [(turn if split is None or j < split else after, str(c)) for j, c in enumerate(cl)]
        if split is not None and (own or table[after] in (DUCHY, HUNDREDS)):
            # the Duchy's Birdsong `Dw->0` on their own line: `w->0`; the Hundreds' Recruit `Hw->5` and
            # Raze VP `H++`: `w->5`, `++`
            texts = [(t, _own(x, letter_of(table[after])) if t == after else x) for t, x in texts]
        for t, text in texts:
            if t != current and body:
                lines.append(f"{letter_of(table[current])}:" + "/".join(body))
                body = []
            current = t
            body.append(text)
    if body:
        lines.append(f"{letter_of(table[current])}:" + "/".join(body))
    if game.is_terminal():
        winners = getattr(game.state, "winners", None) or [game.winner]
        lines.append("Winner: " + "".join(letter_of(table[s]) for s in winners if s is not None and s >= 0))
    return "\n".join(lines) + "\n"
