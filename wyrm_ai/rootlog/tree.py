"""The syntax tree of a Rootlog record: what each clause says, as written.

A field left out in the text is None in the tree (the current player's faction, the supply, the
draw pile: Rootlog's defaults are for the reader of the tree to apply, so a writer can print a
tree back to the same text). Every clause carries the line and column (1-based) where it starts.

  Record = Header + Turn lines (+ Winner); a Turn = faction + clauses
  clauses: Move, Battle, Reveal, Flip, Expose, Trick, Craft, Score, VictoryMarker,
           SetPrices, SetFunds, SetOutcast, Relationship, DiscardBoard, RemovePath, Hire, Unknown,
           Decision (our extension)
  a Move's parts: Piece, Card, Item (each with its own start `at`) and Group (parts sharing a start)
  locations: Clearing, Forest, Path, Board, Hand, Quests, DiscardPile, ItemSlot
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Union

from wyrm_ai.model.errors import WyrmError


class RootlogError(WyrmError, ValueError):
    """Rootlog text that does not read: `line` and `col` (1-based) say where, `expected` what the
    reader looked for there."""

    def __init__(self, message: str, line: int = 0, col: int = 0, expected: str = "", source: str = ""):
        self.message, self.line, self.col, self.expected, self.source = message, line, col, expected, source
        where = f"{source}:" if source else ""
        text = f"{where}{line}:{col}: {message}" if line else f"{where}{message}"
        super().__init__(text + (f" (expected {expected})" if expected else ""))


def shown(text: str, most: int = 20) -> str:
    """Text quoted in an error message, cut short when long."""
    return text if len(text) <= most else text[:most] + "..."


# ---- locations -------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Clearing:
    number: int                 # 1-12; 0 is the Underground Duchy's Burrow


@dataclass(frozen=True, slots=True)
class Forest:
    clearings: tuple[int, ...]  # the 3+ clearings around it, lowest first


@dataclass(frozen=True, slots=True)
class Path:
    clearings: tuple[int, int]  # lower, higher


@dataclass(frozen=True, slots=True)
class Board:
    """A faction board `[F]$`, or a place on it `[F]$_<slot>` (a Decree column, a retinue column,
    a relationship or price marker; slot "" is `$_`, the whole board)."""
    faction: str | None = None
    slot: str | None = None


@dataclass(frozen=True, slots=True)
class Hand:
    faction: str


@dataclass(frozen=True, slots=True)
class Quests:
    """`Q`: the available quests."""


@dataclass(frozen=True, slots=True)
class DiscardPile:
    """`*`: the discard pile, drawn from."""


@dataclass(frozen=True, slots=True)
class ItemSlot:
    """A Vagabond item's area (s satchel, d damaged, t track) and/or state (r refreshed,
    e exhausted); either may be None."""
    area: str | None = None
    state: str | None = None


Location = Union[Clearing, Forest, Path, Board, Hand, Quests, DiscardPile, ItemSlot]


# ---- things moved ----------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Piece:
    kind: str                           # w p b t f (r: the older raft)
    letters: str | None = None          # "s" of b_s, "1_f" of t_1_f
    faction: str | None = None          # None: the current player's; "h_E" a hireling
    count: int | None = None
    at: Location | None = None          # its start (None: the supply, or the pawn's place)

    @property
    def code(self) -> str:
        return self.kind + (f"_{self.letters}" if self.letters else "")


@dataclass(frozen=True, slots=True)
class Card:
    suit: str | None = None             # B F M R, None: any or unknown
    name: str | None = None             # as written (an abbreviation or a full name)
    count: int | None = None
    at: Location | None = None          # None: the draw pile

    @property
    def card(self) -> str | None:
        """The full card name."""
        from wyrm_ai.rootlog.names import card_name
        return card_name(self.name)


@dataclass(frozen=True, slots=True)
class Item:
    kind: str                           # s b c x h t r f u, or "_" (all items there)
    count: int | None = None
    at: Location | None = None          # None: the current player's faction board


@dataclass(frozen=True, slots=True)
class Group:
    """`( ... )[start]`: parts sharing a start (a part's own start comes first)."""
    parts: tuple
    at: Location | None = None


Thing = Union[Piece, Card, Item]
Part = Union[Piece, Card, Item, Group]


def flat_parts(parts, at=None) -> tuple:
    """Each thing of a Move's or Reveal's parts with its start, a group's start given to those
    of its things that name none."""
    out = []
    for p in parts:
        if isinstance(p, Group):
            out.extend(flat_parts(p.parts, p.at if p.at is not None else at))
        elif p.at is None and at is not None:
            out.append(replace(p, at=at))
        else:
            out.append(p)
    return tuple(out)


# ---- clauses ---------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Clause:
    line: int = field(default=0, kw_only=True, compare=False)
    col: int = field(default=0, kw_only=True, compare=False)
    text: str = field(default="", kw_only=True, compare=False)

    @property
    def kind(self) -> str:
        return type(self).__name__


@dataclass(frozen=True, slots=True)
class Move(Clause):
    """`[N]<Piece, Card or Item>[Start]->[Destination]`, with `+` and `( )` (spec: Move,
    Combine, Group). dest () is the default: the discard pile, the supply, out of play; several
    destinations each get the count."""
    parts: tuple
    dest: tuple = ()

    @property
    def things(self) -> tuple:
        return flat_parts(self.parts)

    @property
    def kind(self) -> str:
        kinds = {type(t).__name__ for t in self.things}
        what = {"Piece": "pieces", "Card": "cards", "Item": "items"}
        return "Move(" + ("+".join(sorted(what[k] for k in kinds))) + ")"


@dataclass(frozen=True, slots=True)
class Battle(Clause):
    """`[Attacker]X<Defender><Clearing>[<Suit>@[<Suit>@]][(<Attacker roll>,<Defender roll>)]`."""
    defender: str
    clearing: int
    attacker: str | None = None
    ambushes: tuple[str, ...] = ()      # suits: the defender's, then the attacker's
    rolls: tuple[int, int] | None = None


@dataclass(frozen=True, slots=True)
class Reveal(Clause):
    """`[Number][Card][Faction]^[Target]`: cards () is the whole hand, target None the table."""
    cards: tuple = ()
    revealer: str | None = None
    target: str | None = None


@dataclass(frozen=True, slots=True)
class Flip(Clause):
    """`[P]t<Clearing>^<plot token>` (Corvid plot) or `t<Clearing>^t_<n>_<relic>` (Keepers relic)."""
    piece: Piece                        # the face-down token, at its clearing
    to: Piece                           # what it shows


@dataclass(frozen=True, slots=True)
class Expose(Clause):
    """`?P<plot token><Clearing>`: the current player guesses a plot."""
    faction: str
    guess: Piece
    clearing: int


@dataclass(frozen=True, slots=True)
class Trick(Clause):
    """`t<Clearing><->t<Clearing>`: two plots swap places."""
    clearings: tuple[int, int]


@dataclass(frozen=True, slots=True)
class Craft(Clause):
    """`Z<Item>` or `Z<card name>` (a suited card: `Zfpart`)."""
    thing: Union[Item, Card]


@dataclass(frozen=True, slots=True)
class Score(Clause):
    """`[Faction]++[Number]` (points > 0) or `[Faction]--[Number]` (points < 0)."""
    points: int
    faction: str | None = None
    written: bool = True                # False when the number was left out (1)


@dataclass(frozen=True, slots=True)
class VictoryMarker(Clause):
    """`++-><Faction Board>`: the VP token moves to a board (dominance, coalition)."""
    board: Board


@dataclass(frozen=True, slots=True)
class SetPrices(Clause):
    """`$_[price type]-><New Price>` (Riverfolk): prices () is every price."""
    value: int
    prices: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class SetFunds(Clause):
    """`$_f-><Number>` (Riverfolk)."""
    value: int


@dataclass(frozen=True, slots=True)
class SetOutcast(Clause):
    """`$_o-><Suit>` or `$_ho-><Suit>` (Lizard Cult)."""
    suit: str
    hated: bool = False


@dataclass(frozen=True, slots=True)
class Relationship(Clause):
    """`[Vagabond]$_<Faction>-><status>`: status h, 0, 1, 2 or a."""
    factions: tuple[str, ...]
    status: str
    vagabond: str | None = None


@dataclass(frozen=True, slots=True)
class DiscardBoard(Clause):
    """`$_->`: the whole board is discarded (the Eyrie's Decree, viziers and leader)."""
    faction: str | None = None


@dataclass(frozen=True, slots=True)
class RemovePath(Clause):
    """`<Closed Path>->`."""
    path: Path


@dataclass(frozen=True, slots=True)
class PlaceLandmark(Clause):
    """`<Landmark>-><Clearing>` (ADSET header)."""
    landmark: str
    clearing: int


@dataclass(frozen=True, slots=True)
class Hire(Clause):
    """`<Hireling>-><Faction Board>[Number]`."""
    hireling: str
    board: Board
    markers: int | None = None


@dataclass(frozen=True, slots=True)
class Decision(Clause):
    """`!<action>` (our extension, docs/notation.md "Rootlog extension"): an engine decision that
    leaves no trace Rootlog records (a pass, which of two Decree cards...), as our own notation
    writes it, spaces left out and `/` written `|`."""
    action: str


@dataclass(frozen=True, slots=True)
class Unknown(Clause):
    """A clause that does not read (only in a lenient read); `error` says why."""
    error: RootlogError


# ---- lines -----------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Turn:
    faction: str
    clauses: tuple
    line: int
    comment: str | None = None


@dataclass(frozen=True, slots=True)
class Note:
    """Something read that V2.8 does not define as written: an older form accepted, a piece the
    spec gives no faction. Not an error."""
    line: int
    col: int
    message: str


@dataclass(frozen=True, slots=True)
class Header:
    map: str | None = None
    deck: str | None = None
    clearings: tuple[str, ...] | None = None     # the suit of clearings 1..12
    landmarks: tuple = ()                        # PlaceLandmark clauses
    hirelings: tuple[str, ...] = ()              # "h_C", "h_Ed" (demoted)
    hireling_setup: tuple = ()
    pool: tuple[str, ...] | None = None
    players: tuple[tuple[str, str], ...] = ()    # (faction, player name) in draft order
    lines: tuple[tuple[str, int], ...] = field(default=(), compare=False)   # the line of each header line (`Map`...) and player (`C`...)
    seats: tuple[int, ...] | None = None         # our `Seats:`: the engine seat (1-based) of each player line

    def line_of(self, key: str) -> int:
        return dict(self.lines).get(key, 0)


@dataclass(frozen=True, slots=True)
class Record:
    header: Header
    turns: tuple[Turn, ...]
    winners: tuple[str, ...] | None = None
    notes: tuple[Note, ...] = ()
    errors: tuple[RootlogError, ...] = ()
    comments: tuple[tuple[int, str], ...] = ()   # whole-line comments: (line, text)

    def clauses(self):
        for turn in self.turns:
            yield from turn.clauses
