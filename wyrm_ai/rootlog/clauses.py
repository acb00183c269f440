"""Reading one Rootlog clause (the text between `/` or `;` of a turn line) into its syntax tree
(tree.py): a recursive-descent reader over the V2.8 grammar (Rootlog_V2.md, General Syntax and
Special Faction Syntax), which fails with a RootlogError at the line and column where the text
stops making sense and says what it expected there.

The grammar is small but its meaning hangs on context (a destination after a card is a hand or a
board, after an item an area or a state, after a price marker a number), so a hand-written reader
that carries the context beats a grammar library here: see docs/rootlog.md."""
from __future__ import annotations

import re

from wyrm_ai.rootlog import names
from wyrm_ai.rootlog.tree import (Battle, Board, Card, Clearing, Craft, Decision, DiscardBoard, DiscardPile, Expose, Flip,
                                  Forest, Group, Hand, Hire, Item, ItemSlot, Move, Note, Path, Piece, PlaceLandmark,
                                  Quests, Relationship, RemovePath, Reveal, RootlogError, Score, SetFunds, SetOutcast,
                                  SetPrices, Trick, VictoryMarker, shown)

MAX_CLEARING = 12
MAX_ROLL = 3
MAX_PRICE = 4
MAX_DIGITS = 3           # no count, clearing, price or score in a record needs more
MAX_NESTING = 4          # groups inside groups (the spec has none; a guard for the reader's stack)
PIECE_KINDS = set(names.PIECE_TYPES) | set(names.OLDER_PIECE_TYPES)
LOWER = set("abcdefghijklmnopqrstuvwxyz")
DIGITS = set("0123456789")
DIGIT_RUN = re.compile(r"[0-9]*")

# the places a thing may start from or go to
PIECE_PLACES = {"clearing", "forest", "board"}
CARD_PLACES = {"hand", "board", "quests", "discard"}
ITEM_PLACES = {"slot", "board", "clearing"}


class _Marker:
    """`[F]$_<slot>` on the left of `->`: a marker on a board (a price, the funds, the Outcast, a
    relationship, the whole board); read into the clause it names."""
    def __init__(self, board: Board, col: int):
        self.board, self.col = board, col


class _Suit:
    """A suit inside `( )#`: `(2R+B)#`."""
    def __init__(self, suit: str, count: int | None):
        self.suit, self.count = suit, count


class _Special:
    """A closed path, landmark or hireling on the left of `->`."""
    def __init__(self, what: str, value, col: int):
        self.what, self.value, self.col = what, value, col


class ClauseReader:
    """Reads one clause; `faction` is the player on turn (None in the header), for the notes on
    pieces; notes gathers Notes."""

    def __init__(self, text: str, line: int = 1, col: int = 1, faction: str | None = None,
                 notes: list | None = None, source: str = ""):
        self.s, self.n, self.i, self.line, self.col0 = text, len(text), 0, line, col
        self.faction_on_turn, self.source = faction, source
        self.notes = notes if notes is not None else []
        self.depth = 0                  # groups open

    # ---- the cursor ----------------------------------------------------------------------

    def peek(self, k: int = 0) -> str:
        j = self.i + k
        return self.s[j] if 0 <= j < self.n else ""

    def at_end(self) -> bool:
        return self.i >= len(self.s)

    def fail(self, message: str, expected: str = "", at: int | None = None):
        raise RootlogError(message, self.line, self.col0 + (self.i if at is None else at), expected, self.source)

    def found(self) -> str:
        return f"`{self.peek()}`" if not self.at_end() else "the end of the clause"

    def note(self, message: str, at: int | None = None):
        self.notes.append(Note(self.line, self.col0 + (self.i if at is None else at), message))

    def eat(self, literal: str) -> bool:
        if self.s.startswith(literal, self.i):
            self.i += len(literal)
            return True
        return False

    def expect(self, literal: str, expected: str):
        if not self.eat(literal):
            self.fail(f"{self.found()} where {expected} goes", f"`{literal}`")

    def digits(self) -> str:
        j = self.i
        self.i = DIGIT_RUN.match(self.s, j).end()
        if self.i - j > MAX_DIGITS:
            self.fail(f"a number of {self.i - j} digits", f"a number of at most {MAX_DIGITS} digits", at=j)
        return self.s[j:self.i]

    def end(self):
        if not self.at_end():
            self.fail(f"unexpected {self.found()}", "the end of the clause (`/`)")

    # ---- small pieces of syntax ------------------------------------------------------------

    def faction(self, hireling_ok: bool = True) -> str | None:
        """A faction letter, or a hireling `h_<type>`; None (nothing read) when there is none."""
        c = self.peek()
        if c in names.FACTIONS and c:
            self.i += 1
            return c
        if hireling_ok and c == "h" and self.peek(1) == "_" and self.peek(2) in names.HIRELINGS and self.peek(2):
            hireling = "h_" + self.s[self.i + 2]
            self.i += 3
            if self.peek() == names.DEMOTED:    # `h_Ed`: the demoted side, which "can be omitted after
                self.i += 1                     # the setup step" (spec "Hirelings"): the same hireling
            return hireling
        if hireling_ok and c in names.BARE_HIRELINGS and c:
            self.note(f"hireling `{c}` written without `h_` (as in the spec's example `Sp->9`): read as `h_{c}`")
            self.i += 1
            return "h_" + c
        return None

    def need_faction(self, what: str) -> str:
        f = self.faction()
        if f is None:
            self.fail(f"{self.found()} where {what} goes", "a faction letter (" + " ".join(names.FACTIONS) + ")")
        return f

    def count(self) -> int | None:
        """A count in front of a thing (digits not starting a path or forest)."""
        if self.peek() not in DIGITS or not self.peek():
            return None
        j = self.i
        text = self.digits()
        if self.peek() == "_":          # a path or forest, not a count
            self.i = j
            return None
        n = int(text)
        if n < 1:
            self.fail(f"count {text}: a count is at least 1", at=j)
        return n

    def clearing_number(self, what: str = "a clearing", low: int = 0) -> int:
        j = self.i
        text = self.digits()
        if not text:
            self.fail(f"{self.found()} where {what} goes", f"{what} ({low}-{MAX_CLEARING})")
        n = int(text)
        if not low <= n <= MAX_CLEARING:
            self.fail(f"clearing {text}: clearings are {low}-{MAX_CLEARING}", at=j)
        return n

    def number_place(self):
        """A clearing, or a forest or path: clearings joined by `_`."""
        j = self.i
        numbers = [self.clearing_number()]
        while self.peek() == "_" and self.peek(1) in DIGITS and self.peek(1):
            self.i += 1
            numbers.append(self.clearing_number(low=1))
        if len(numbers) == 1:
            return Clearing(numbers[0])
        if 0 in numbers:
            self.fail("the Burrow (0) is on no path or forest", at=j)
        if numbers != sorted(set(numbers)):
            self.fail("a path's or forest's clearings go lowest first, each once", at=j)
        return Path(tuple(numbers)) if len(numbers) == 2 else Forest(tuple(numbers))

    def board_tail(self, faction: str | None) -> Board:
        """After `$`: an optional `_<slot>`."""
        if not self.eat("_"):
            return Board(faction)
        j = self.i
        c = self.peek()
        if c in LOWER and c:
            while self.peek() in LOWER and self.peek():
                self.i += 1
        elif c in DIGITS and c:
            self.i += 1
        elif c in names.FACTIONS and c:
            self.i += 1
        return Board(faction, self.s[j:self.i])

    def location(self, allowed: set):
        """A start or destination of the kinds allowed, or None when none is written."""
        c = self.peek()
        j = self.i
        if not c:
            return None
        if c in DIGITS:
            place = self.number_place()
            kind = "clearing" if isinstance(place, Clearing) else "forest"
            if kind not in allowed:
                self.fail(f"a {kind} is no place for this", self.places(allowed), at=j)
            if isinstance(place, Path):
                self.fail("a path is no place for a piece", self.places(allowed), at=j)
            return place
        if c == "$":
            if "board" not in allowed:
                self.fail("a faction board is no place for this", self.places(allowed))
            self.i += 1
            return self.board_tail(None)
        if c == "*":
            if "discard" not in allowed:
                self.fail("the discard pile (`*`) is only a card's start", self.places(allowed))
            self.i += 1
            return DiscardPile()
        if c == "Q":
            if "quests" not in allowed:
                self.fail("the quests (`Q`) hold only cards", self.places(allowed))
            self.i += 1
            return Quests()
        n = len(self.notes)
        f = self.faction()
        if f is not None:
            if self.eat("$"):
                if "board" not in allowed:
                    self.fail("a faction board is no place for this", self.places(allowed), at=j)
                return self.board_tail(f)
            if "hand" in allowed and not f.startswith("h_"):
                return Hand(f)
            self.i = j
            del self.notes[n:]
            return None
        if "slot" in allowed and c in (set(names.BOARD_AREAS) | set(names.ITEM_STATES)):
            area = state = None
            if self.peek() in names.BOARD_AREAS and self.peek():
                area = self.peek()
                self.i += 1
            if self.peek() in names.ITEM_STATES and self.peek():
                state = self.peek()
                self.i += 1
            return ItemSlot(area, state)
        return None

    @staticmethod
    def places(allowed: set) -> str:
        words = {"clearing": "a clearing", "forest": "a forest", "board": "a faction board `$`",
                 "hand": "a hand", "quests": "`Q`", "discard": "`*`",
                 "slot": "an item area (s d t) or state (r e)"}
        return " or ".join(words[k] for k in sorted(allowed))

    def destinations(self, allowed: set) -> tuple:
        """`->` is read; the destinations joined by `+` (none: the default), all of one kind
        (item areas and states mix: `->s+e`)."""
        first = self.location(allowed)
        if first is None:
            return ()
        out = [first]
        while self.peek() == "+":
            self.i += 1
            j = self.i
            loc = self.location(allowed)
            if loc is None:
                self.fail(f"{self.found()} after `+`", self.places(allowed))
            if type(loc) is not type(first):
                self.fail("destinations joined by `+` are places of one kind", at=j)
            out.append(loc)
        return tuple(out)

    # ---- things ---------------------------------------------------------------------------

    def piece_code(self) -> tuple[str, str | None]:
        """`<type>[_<letter>...]`."""
        kind = self.peek()
        j = self.i
        self.i += 1
        letters = []
        while self.peek() == "_":
            if self.peek(1) in LOWER and self.peek(1):
                letters.append(self.peek(1))
                self.i += 2
            elif self.peek(1) in DIGITS and self.peek(1) and self.peek(2) == "_":
                letters.append(self.peek(1))
                self.i += 2
            else:
                break
        if kind in names.OLDER_PIECE_TYPES:
            self.note(f"piece type `{kind}`: the {names.OLDER_PIECE_TYPES[kind]}; V2.8 writes the ferry `f`", at=j)
        return kind, ("_".join(letters) or None)

    def check_piece(self, piece: Piece, at: int):
        """A note when the spec gives the piece's faction no such lettered piece."""
        if piece.letters is None or piece.kind in names.OLDER_PIECE_TYPES:
            if piece.letters is not None:
                self.note(f"`{piece.code}`: no faction has this piece in V2.8", at=at)
            return
        f = piece.faction or self.faction_on_turn
        if f is None or f.startswith("h_"):
            return
        known = names.PIECE_LETTERS.get(f, set())
        if piece.code not in known:
            have = ", ".join(sorted(known)) or "none"
            self.note(f"`{piece.code}`: V2.8 gives {names.faction_name(f)} no such piece (its lettered pieces: {have})",
                      at=at)

    def piece(self, faction: str | None, count: int | None, start: int) -> Piece:
        kind, letters = self.piece_code()
        at = self.location(PIECE_PLACES)
        p = Piece(kind, letters, faction, count, at)
        self.check_piece(p, start)
        return p

    def card(self, count: int | None) -> Card:
        suit = None
        if self.peek() in names.SUITS and self.peek():
            suit = self.peek()
            self.i += 1
        self.expect("#", "a card's `#`")
        name = self.card_name()
        at = self.location(CARD_PLACES)
        return Card(suit, name, count, at)

    def card_name(self) -> str | None:
        if self.eat("@"):
            return "@"
        j = self.i
        while self.peek() in LOWER and self.peek():
            self.i += 1
        return self.s[j:self.i] or None

    def item(self, count: int | None) -> Item:
        self.expect("%", "an item's `%`")
        kind = self.peek()
        if kind not in names.ITEMS and kind != "_" or not kind:
            self.fail(f"item {self.found()}", "an item type (" + " ".join(names.ITEMS) + ") or `_`")
        self.i += 1
        return Item(kind, count, self.location(ITEM_PLACES))

    def part(self, suits_ok: bool = False):
        start = self.i
        if self.eat("("):
            return self.group(start)
        count = self.count()
        c = self.peek()
        if not c:
            self.fail("a clause ends where a piece, card or item goes", "a piece, card or item")
        if c == "%":
            return self.item(count)
        if c == "#" or (c in names.SUITS and self.peek(1) == "#"):
            return self.card(count)
        if c in names.SUITS and suits_ok:
            self.i += 1
            return _Suit(c, count)
        if c in DIGITS:
            if count is not None:
                self.fail("a count before a path", at=start)
            place = self.number_place()
            if not isinstance(place, Path):
                self.fail("a clearing or forest alone is no thing to move", "a closed path `<a>_<b>->`", at=start)
            return _Special("path", place, start)
        if c in LOWER and self.peek(1) in LOWER and self.peek(1):
            j = self.i
            while self.peek() in LOWER and self.peek():
                self.i += 1
            word = self.s[j:self.i]
            if word in names.LANDMARKS and count is None:
                return _Special("landmark", word, start)
            self.fail(f"`{shown(word)}` is no piece, item or landmark", "a piece ([Faction]<w p b t f>[_letter]), "
                      "a card ([Suit]#name), an item (%<type>) or a landmark", at=j)
        f = self.faction()
        if self.peek() == "$":
            if count is not None:
                self.fail("a count before a faction board", at=start)
            self.i += 1
            board = self.board_tail(f)
            if board.slot is None:
                self.fail("a faction board is moved only as a marker `$_<slot>`", "`_`")
            return _Marker(board, start)
        k = self.peek()
        if k in PIECE_KINDS and k:
            return self.piece(f, count, start)
        if f is not None and f.startswith("h_") and self.s.startswith("->", self.i) and count is None:
            return _Special("hireling", f, start)
        self.fail(f"{self.found()} where a piece, card or item goes",
                  "a piece type (" + " ".join(names.PIECE_TYPES) + "), a card `#` or an item `%`")

    def group(self, start: int):
        self.depth += 1
        if self.depth > MAX_NESTING:
            self.fail(f"groups nested more than {MAX_NESTING} deep", at=start)
        try:
            return self.group_body(start)
        finally:
            self.depth -= 1

    def group_body(self, start: int):
        parts = []
        while True:
            p = self.part(suits_ok=True)
            parts.extend(p if isinstance(p, list) else [p])     # markers of an inner group
            if not self.eat("+"):
                break
        self.expect(")", "the end of a group")
        suits = [p for p in parts if isinstance(p, _Suit)]
        if suits:
            if len(suits) != len(parts) or self.peek() != "#":
                self.fail("suits in `( )` are followed by `#`: `(2F+M)#`", "`#`")
            self.i += 1
            name = self.card_name()
            at = self.location(CARD_PLACES)
            return Group(tuple(Card(p.suit, name, p.count) for p in suits), at)
        if all(isinstance(p, _Marker) for p in parts):
            return parts        # `($_h+$_m)->2`: markers joined
        if any(isinstance(p, (_Marker, _Special)) for p in parts):
            self.fail("a marker, path, landmark or hireling is not grouped with pieces, cards or items", at=start)
        return Group(tuple(parts), self.location(self.places_of(parts)))

    @staticmethod
    def places_of(parts, starts: bool = True) -> set:
        """The places all the parts may go to (starts=False), or, for a group's start, the places
        every part that names no start of its own may start from."""
        allowed = None
        for p in parts:
            if isinstance(p, Group):
                if starts and p.at is not None:
                    continue
                mine = ClauseReader.places_of(p.parts, starts)
            elif starts and p.at is not None:
                continue
            elif isinstance(p, Piece):
                mine = PIECE_PLACES
            elif isinstance(p, Card):
                mine = CARD_PLACES
            else:
                mine = ITEM_PLACES
            allowed = set(mine) if allowed is None else allowed & mine
        return set() if allowed is None else allowed

    def side(self) -> list:
        parts = []
        first = self.part()
        parts.extend(first if isinstance(first, list) else [first])
        while self.eat("+"):
            p = self.part()
            parts.extend(p if isinstance(p, list) else [p])
        return parts

    # ---- clauses --------------------------------------------------------------------------

    def clause(self):
        if not self.s:
            self.fail("an empty clause", "a clause between `/`s")
        c = self.peek()
        if c == "Z":
            return self.craft()
        if c == "?":
            return self.expose()
        if c == "!":
            return self.decision()
        if "<->" in self.s:
            return self.trick()
        j, n = self.i, len(self.notes)
        f = self.faction()
        if self.peek() == "X":
            return self.battle(f)
        if self.s.startswith("++", self.i) or self.s.startswith("--", self.i):
            return self.score(f)
        if self.peek() == "^" and (f is None or not f.startswith("h_")):
            self.i += 1
            return self.reveal((), f)
        self.i = j
        del self.notes[n:]              # the move reads the faction again
        return self.move()

    def craft(self):
        self.expect("Z", "`Z`")
        if self.peek() == "%":
            it = self.item(None)
            if it.at is not None or it.kind == "_":
                self.fail("a crafted item is one item type, nothing after it", at=1)
            self.end()
            return Craft(it)
        name = self.card_name()
        if name is None:
            self.fail(f"{self.found()} after `Z`", "an item `%<type>` or a card name")
        self.end()
        if len(name) == 1 and name in names.ITEMS:
            self.note(f"`Z{name}` read as crafting the item `%{name}` (the spec's own example `Zh`)", at=1)
            return Craft(Item(name))
        if name[0] in "fmrb" and name[1:] in names.SUITED_CARDS:
            return Craft(Card(name[0].upper(), name[1:]))
        return Craft(Card(None, name))

    def decision(self):
        self.expect("!", "`!`")
        text = self.s[self.i:]
        if not text or any(ch.isspace() for ch in text):
            self.fail(f"`!{shown(text)}`", "an action of our notation after `!`, without spaces")
        self.i = len(self.s)
        return Decision(text)

    def expose(self):
        self.expect("?", "`?`")
        f = self.need_faction("the faction whose plot is guessed")
        if self.peek() != "t":
            self.fail(f"{self.found()} where the plot token goes", "a plot token (t_b t_s t_r t_e)")
        j = self.i
        if self.peek(1) == "_":
            kind, letters = self.piece_code()
            clearing = self.clearing_number(low=1)
        else:                           # the spec's example `?Pt3^t_e`
            self.i += 1
            clearing = self.clearing_number(low=1)
            self.expect("^", "`^`")
            j = self.i
            if self.peek() != "t":
                self.fail(f"{self.found()} where the plot token goes", "a plot token (t_b t_s t_r t_e)")
            kind, letters = self.piece_code()
        guess = Piece(kind, letters)
        if guess.code not in names.PLOTS:
            self.fail(f"`{guess.code}` is no plot token", "t_b t_s t_r or t_e", at=j)
        self.end()
        return Expose(f, guess, clearing)

    def trick(self):
        self.expect("t", "a plot token `t`")
        a = self.clearing_number(low=1)
        self.expect("<->", "`<->`")
        self.expect("t", "a plot token `t`")
        b = self.clearing_number(low=1)
        self.end()
        return Trick((a, b))

    def battle(self, attacker):
        self.expect("X", "`X`")
        defender = self.need_faction("the defender")
        clearing = self.clearing_number(low=1)
        ambushes = []
        while self.peek() in names.SUITS and self.peek() and self.peek(1) in ("@", "a") and self.peek(1):
            if self.peek(1) == "a":
                self.note("ambush written `a` (before V2.3; V2.8 writes `@`)")
            ambushes.append(self.peek())
            self.i += 2
        if len(ambushes) > 2:
            self.fail("a battle has at most two ambushes (the defender's, then the attacker's)")
        rolls = None
        if self.eat("("):
            a = self.roll()
            self.expect(",", "`,` between the rolls")
            d = self.roll()
            self.expect(")", "`)` after the rolls")
            rolls = (a, d)
        self.end()
        return Battle(defender, clearing, attacker, tuple(ambushes), rolls)

    def roll(self) -> int:
        j = self.i
        text = self.digits()
        if not text or int(text) > MAX_ROLL:
            self.fail(f"roll {text or self.found()}", f"a die roll 0-{MAX_ROLL}", at=j)
        return int(text)

    def score(self, faction):
        sign = 1 if self.s.startswith("++", self.i) else -1
        self.i += 2
        if sign > 0 and self.eat("->"):
            if faction is not None:
                self.fail("`++->` moves the current player's VP token: no faction before it", at=0)
            board = self.location({"board"})
            if board is None:
                self.fail(f"{self.found()} where the board goes", "a faction board `<F>$`")
            self.end()
            return VictoryMarker(board)
        j = self.i
        text = self.digits()
        n = int(text) if text else 1
        if n < 1:
            self.fail(f"{text} points", "a number of points, at least 1", at=j)
        self.end()
        return Score(sign * n, faction, bool(text))

    def reveal(self, cards: tuple, revealer):
        target = self.faction(hireling_ok=False)        # a hireling has no hand
        self.end()
        return Reveal(cards, revealer, target)

    def move(self):
        parts = self.side()
        if self.peek() == "^":
            self.i += 1
            return self.after_caret(parts)
        if not self.s.startswith("->", self.i):
            self.fail(f"{self.found()} after the thing moved", "`->`, `+` or `^`")
        self.i += 2
        markers = [p for p in parts if isinstance(p, _Marker)]
        specials = [p for p in parts if isinstance(p, _Special)]
        if markers:
            if len(markers) != len(parts):
                self.fail("a marker `$_` does not combine with pieces, cards or items", at=0)
            return self.marker_clause(markers)
        if specials:
            if len(parts) != 1:
                self.fail(f"a {specials[0].what} is moved alone", at=specials[0].col)
            return self.special_clause(specials[0])
        dest = self.destinations(self.places_of(parts, starts=False) - {"discard"})    # `*` is only a start
        self.end()
        return Move(tuple(parts), dest)

    def after_caret(self, parts):
        if len(parts) == 1 and isinstance(parts[0], Piece) and parts[0].kind == "t":
            token = parts[0]
            if token.at is None and self.peek() in DIGITS and self.peek():
                # `t^3->t_s`: an older copy's flip, read as `t3^t_s`
                j = self.i
                clearing = self.clearing_number(low=1)
                self.expect("->", "`->`")
                self.note(f"`t^{clearing}->` read as the flip `t{clearing}^` (an older copy's form)", at=j)
                token = Piece(token.kind, token.letters, token.faction, token.count, Clearing(clearing))
            if not isinstance(token.at, Clearing):
                self.fail("a token flipped with `^` names its clearing: `t<Clearing>^<token>`", at=0)
            j = self.i
            f = self.faction()
            if self.peek() != "t":
                self.fail(f"{self.found()} where the token's face goes", "a token `t_<letter>`")
            kind, letters = self.piece_code()
            to = Piece(kind, letters, f)
            self.check_piece(Piece(kind, letters, f or token.faction), j)
            self.end()
            return Flip(token, to)
        things = [p for p in parts if not isinstance(p, (_Marker, _Special))]
        if len(things) != len(parts) or any(not isinstance(t, Card) for t in self.flat(things)):
            self.fail("only cards are revealed with `^` (and a plot or relic token flipped)", at=0)
        hands = {t.at for t in self.flat(things)}
        revealer = None
        if len(hands) == 1 and isinstance(next(iter(hands)), Hand):
            revealer = next(iter(hands)).faction
        elif hands - {None}:
            self.fail("revealed cards come from one hand", at=0)
        return self.reveal(tuple(things), revealer)

    @staticmethod
    def flat(parts):
        from wyrm_ai.rootlog.tree import flat_parts
        return flat_parts(parts)

    def marker_clause(self, markers):
        slots = {m.board.slot for m in markers}
        owners = {m.board.faction for m in markers}
        slot = markers[0].board.slot
        j = self.i
        if slot == "d" and len(markers) == 1:                  # `$_d->s+r`: an older `%_d->s+r`
            dest = self.destinations({"slot"})
            self.end()
            self.note("`$_d->` read as `%_d->` (all damaged items; an older copy's form)", at=0)
            return Move((Item("_", None, ItemSlot("d")),), dest)
        if len(slots) != 1 and not all(s in names.FACTIONS for s in slots) and not all(
                s in names.PRICES for s in slots):
            self.fail("markers joined by `+` are of one kind", at=0)
        if slot == "" and self.at_end():
            if len(markers) != 1:
                self.fail("`$_->` discards one board", at=0)
            return DiscardBoard(markers[0].board.faction)
        if slot in names.FACTIONS:
            status = self.peek()
            if status not in names.RELATIONSHIP or not status:
                self.fail(f"relationship {self.found()}", "a relationship status (h 0 1 2 a)")
            self.i += 1
            self.end()
            if len(owners) != 1:
                self.fail("relationship markers joined by `+` are one Vagabond's", at=0)
            owner = owners.pop()
            if owner is not None and owner not in names.VAGABONDS:
                self.fail(f"`{owner}$_`: relationship markers are on a Vagabond's board (V or G)", at=0)
            return Relationship(tuple(m.board.slot for m in markers), status, owner)
        if slot in names.OUTCAST:
            suit = self.peek()
            if suit not in names.SUITS or not suit:
                self.fail(f"outcast suit {self.found()}", "a suit (B F M R)")
            self.i += 1
            self.end()
            return SetOutcast(suit, slot == "ho")
        if slot == "" or slot in names.PRICES or slot == names.FUNDS:
            text = self.digits()
            if not text:
                self.fail(f"{self.found()} where the new value goes", "a number")
            value = int(text)
            self.end()
            if slot == names.FUNDS:
                return SetFunds(value)
            if not 1 <= value <= MAX_PRICE:
                self.fail(f"price {text}", f"a price 1-{MAX_PRICE}", at=j)
            return SetPrices(value, tuple(m.board.slot for m in markers if m.board.slot))
        self.fail(f"`$_{slot}` is no marker", "a price (h r m), the funds (f), the Outcast (o ho) or a "
                  "relationship (a faction letter)", at=0)

    def special_clause(self, sp: _Special):
        if sp.what == "path":
            self.end()
            return RemovePath(sp.value)
        if sp.what == "landmark":
            clearing = self.clearing_number(low=1)
            self.end()
            return PlaceLandmark(sp.value, clearing)
        board = self.location({"board"})
        if board is None:
            self.fail(f"{self.found()} where the hiring faction's board goes", "a faction board `<F>$`")
        text = self.digits()
        self.end()
        return Hire(sp.value, board, int(text) if text else None)


def read_clause(text: str, line: int = 1, col: int = 1, faction: str | None = None, notes: list | None = None,
                source: str = ""):
    """The syntax tree of one clause; RootlogError (with line and column) when it does not read."""
    node = ClauseReader(text, line, col, faction, notes, source).clause()
    object.__setattr__(node, "line", line)
    object.__setattr__(node, "col", col)
    object.__setattr__(node, "text", text)
    return node
