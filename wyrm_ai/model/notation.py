"""Readable text for every action, after the community notation Rootlog where it has a form
(clearings 1-12, `4w10->4` moves, `X` battles, `Z` crafts, `#` cards). See docs/notation.md.
Text depends only on the action, the seat that takes it and the game's seat table (the faction
of each seat, wyrm_ai/model/factions.py), so parsing is a table lookup."""
from __future__ import annotations

from functools import lru_cache

from wyrm_ai import _core
from wyrm_ai.model import hirelings as _hirelings
from wyrm_ai.model.actions import HIRELING_SIDE, Action, decode
from wyrm_ai.model.cards import CARDS, ITEM_LETTERS, SUIT_LETTERS
from wyrm_ai.model.errors import IllegalActionError, NotationError
from wyrm_ai.model.factions import (ALLIANCE, AUTUMN_BOARD, CORVIDS, DUCHY, EYRIE, HUNDREDS, KEEPERS, LETTERS, LIZARDS,
                                    MARQUISE, MECHANICAL,
                                    RIVERFOLK, TWO_SEATS, UNDRAFTED, VAGABOND, VAGABOND2, VAGABONDS, WYRM, SeatTable,
                                    board_of, hirelings_of,
                                    letter as faction_letter, names)

CHANCE_LETTER = "?"
MASK = "#?"                                   # a card the viewer cannot know (wyrm_ai/model/redaction.py)
TRACKS = _core.TRACK_NAMES
FORESTS = _core.FOREST_NAMES                  # Autumn's forests by Rootlog name, e.g. 1_2_5_10
# the board a text is written for: (map id, each clearing's suit), Game.board: forests and closed
# paths are the map's, and a Decree card's text names its clearing's suit in this game
AUTUMN = AUTUMN_BOARD
# each faction's pieces (the core's PIECE_NAMES) and their Rootlog letters
PIECES = {MARQUISE: {"warrior": "w", "sawmill": "b_s", "workshop": "b_w", "recruiter": "b_r",
                     "wood": "t", "keep": "t_k"},
          WYRM: {"wyrmling": "w", "pawn": "p", "fear": "t"},
          EYRIE: {"bird": "w", "roost": "b"},
          ALLIANCE: {"rebel": "w", "base": "b", "sympathy": "t"},
          # the Lizard Cult's gardens are named by their suit where the clearing tells it (b_f5->:
          # Rootlog's Fox garden); `b` alone where it does not (strike Lb)
          LIZARDS: {"lizard": "w", "garden": "b"},
          # the Riverfolk Company's otters and trade posts: a post is named by its clearing's suit
          # where the clearing tells it (t_r5->: Rootlog's Rabbit trade post); `t` alone where it
          # does not (strike Ot)
          RIVERFOLK: {"otter": "w", "trade_post": "t"},
          # the Underground Duchy's moles, citadels (b_c), markets (b_m) and tunnels (Rootlog V2.8)
          DUCHY: {"mole": "w", "citadel": "b_c", "market": "b_m", "tunnel": "t"},
          # the Corvid Conspiracy's warriors and plots (Rootlog V2.8: `t`, a plot's type `t_b` bomb,
          # `t_s` snare, `t_e` extortion, `t_r` raid where it is known)
          CORVIDS: {"corvid": "w", "plot": "t"},
          # the Lord of the Hundreds' warriors, warlord (the seat's pawn: Rootlog V2.8's `w_w`,
          # "Warlord warrior"), strongholds and mobs (the faction's only building and token kinds:
          # `b`, `t`; the spec names no letter for them)
          HUNDREDS: {"hundred": "w", "pawn": "w_w", "stronghold": "b", "mob": "t"},
          # the Keepers in Iron's warriors, waystations and relics (Rootlog V2.8: a waystation `b_f_t`
          # by its faces, a relic `t_f` by its type; a hit's removal names the kind only: `b`, `t`)
          KEEPERS: {"keeper": "w", "waystation": "b", "relic": "t"}}
# a seat's pawn in a move, by faction (the Wyrm's `p`; the Hundreds' warlord `w_w`)
PAWN_LETTER = {f: pieces["pawn"] for f, pieces in PIECES.items() if "pawn" in pieces}
# the Mechanical Marquise's pieces are the Marquise's (the core's same piece names; it has no wood)
PIECES[MECHANICAL] = {piece: PIECES[MARQUISE][piece]
                      for piece in ("warrior", "sawmill", "workshop", "recruiter", "keep")}
DECREE = _core.DECREE_LETTERS                 # Rootlog Decree columns: $_r $_m $_x $_b
LEADERS = _core.LEADER_NAMES
SUITS = _core.SUIT_LETTERS
# each faction's buildings by building kind, as a Sanctify names the one it replaces (LoR 10.4.3.III):
# the Marquise's (and the bot's) three, the Eyrie's roost (kind 0), an Alliance base by its suit
# (Rootlog's Ab_f), the Duchy's citadel and market; the others have none the Cult could sanctify
BUILDINGS_BY_KIND = {MARQUISE: ("b_s", "b_w", "b_r"), MECHANICAL: ("b_s", "b_w", "b_r"), EYRIE: ("b",),
                     ALLIANCE: ("b_f", "b_r", "b_m"), DUCHY: ("b_c", "b_m"), HUNDREDS: ("b",), KEEPERS: ("b",)}
# piece name -> faction, of the factions that decide: chance's outcomes place and remove only the
# Mechanical Marquise's pieces (the bot never decides), so a piece named by chance is the bot's
# (a pawn named by no faction is the Wyrm's: the first faction listed with the piece)
_OWNER = {}
for _f, _pieces in PIECES.items():
    for _piece in _pieces:
        if _f != MECHANICAL:
            _OWNER.setdefault(_piece, _f)
BOT = LETTERS[MECHANICAL]
# the owner _owner gives a hireling's piece (its warriors, vaults: no faction's; a hit on one is never
# a decision, a side's hits taking one kind at a time), written with Rootlog's `h_`
HIRELING_OWNER = -2
HIRELING_PIECES = {"hireling": "w", "vault": "b"}


def _owner(piece: str, seat: int, faction: int | None = None) -> int:
    """The faction of a piece an action of seat (of faction, where known) names (-1: chance, whose
    pieces are the bot's); a piece of a kind the seat's own faction has is its own (the pawn: the
    Wyrm's or the Hundreds' warlord)."""
    if seat < 0 and piece in PIECES[MECHANICAL]:
        return MECHANICAL
    return faction if faction is not None and piece in PIECES.get(faction, ()) else _OWNER.get(piece, HIRELING_OWNER)


def _placer(seat: int) -> str:
    """The letter before a piece a setup action places: none for a seat's own, the bot's (M)
    when chance places it (MM2 §4: its Keep corner and starting buildings are random)."""
    return BOT if seat < 0 else ""
# the Vagabond (Rootlog): his items %f boots, %b bag, %x crossbow, %h hammer, %s sword, %t tea,
# %c coins, %r torch; their places s Satchel, d Damaged, t track; states r face up, e exhausted;
# quests by suit and Rootlog's short name (R#errand); his characters #thief, #tinker, #ranger
VITEM_LETTERS = "fbxhstcr"
assert len(VITEM_LETTERS) == len(_core.VITEM_NAMES)
QUEST_SHORT = {"Errand": "errand", "Expel Bandits": "bandits", "Fend Off a Bear": "bear", "Escort": "escort",
               "Fundraising": "funds", "Give a Speech": "speech", "Guard Duty": "guard",
               "Logistics Help": "logs", "Repair a Shed": "shed"}
CHARACTERS = _core.CHARACTER_NAMES
VSTATE_LETTERS = ("r", "e", "dr", "de")       # an item's state (VS_*): face up, exhausted, damaged...


def quest_token(q: int) -> str:
    """A quest card as Rootlog writes it: its suit letter, '#', its short name (F#errand)."""
    name, suit = _core.QUESTS[q][0], _core.QUESTS[q][1]
    return f"{SUITS[suit]}#{QUEST_SHORT[name]}"


def _item(k: int | None) -> str:
    """An item as Rootlog writes it (%s); %? when the viewer may not know it (a ruin's item only
    the exploring Vagabond looked at, LoR 9.7.3)."""
    return "%?" if k is None else f"%{VITEM_LETTERS[k]}"


def _card(t: int | None) -> str:
    return MASK if t is None else CARDS[t].token


def action_text(a: int | Action, seat: int, factions: tuple[int, ...] = TWO_SEATS, board=None) -> str:
    """The text of action a taken by seat (-1 chance) at a table seating factions (faction ids
    in seat order, Game.faction_ids) on a board (Game.board: the map and its suits); a is an int
    or a decoded Action, whose card may be None (masked, written #?). A battle names the
    defender's faction letter; another faction's piece is prefixed by its letter. The board is the
    seat table's (factions.SeatTable, as Game.faction_ids gives it) unless given."""
    board = board_of(factions) if board is None else board
    kind, args = a if isinstance(a, Action) else decode(a)
    if kind == "pass":
        return "pass"
    if kind == "discard":
        return f"{_card(args[0])}->"
    if kind == "craft":
        return f"Z{_card(args[0])}"
    if kind == "ambush":
        return f"{_card(args[0])}@"
    if kind == "battle":
        return f"X{side_letter(args[1], factions)}{args[0] + 1}"
    if kind == "remove":
        piece = _core.PIECE_NAMES[args[0]]
        owner = _owner(piece, seat, factions[seat] if seat >= 0 else None)
        if owner == HIRELING_OWNER:
            return f"h_{HIRELING_PIECES[piece]}{args[1] + 1}->"
        letter = (_garden(args[1], board) if piece == "garden" else _post(args[1], board) if piece == "trade_post"
                  else PIECES[owner][piece])
        if seat < 0 or owner != factions[seat]:   # another faction's piece: name its faction
            letter = LETTERS[owner] + letter
        return f"{letter}{args[1] + 1}->"
    if kind == "lair":
        return f"%{ITEM_LETTERS[args[0]]}->"
    if kind == "forest":
        return f"p->{_forests(board)[args[0]]}"
    if kind == "keep":
        return f"{_placer(seat)}t_k->{args[0] + 1}"
    if kind == "build":
        return f"{_placer(seat)}b_{'swr'[args[0]]}->{args[1] + 1}"
    if kind == "recruit":
        return "recruit"
    if kind == "place_warrior":
        return f"w->{args[0] + 1}"
    if kind in ("place_wood", "fear"):
        return f"t->{args[0] + 1}"
    if kind == "overwork":
        return f"overwork {args[0] + 1} {_card(args[1])}"
    if kind == "extra":
        return f"extra {_card(args[0])}"
    if kind == "hospital":
        return f"hospital {_card(args[0])}"
    if kind == "pawn_to":
        return f"p->{args[0] + 1}"
    if kind == "intimidate":
        return f"{args[1]}w->{args[0] + 1}"
    if kind == "return":
        return f"return {TRACKS[args[0]]}"
    if kind == "terror":        # a destination equal to the origin is the Duchy's Burrow (W-MP-21), Rootlog's 0
        to = BURROW if args[1] == args[0] else str(args[1] + 1)
        return f"terror {faction_letter(factions[args[2]])}w{args[0] + 1}->{to}"
    if kind == "eat":
        return f"eat {_card(args[0])} {TRACKS[args[1]]}"
    if kind == "hoard":
        return f"hoard {args[0] + 1} {_card(args[1])}"
    if kind == "draw":
        return f"draw {_card(args[0])}"
    if kind == "dice":
        return f"roll {args[0]},{args[1]}"
    if kind == "use":
        return f"use {_card(args[0])}"
    if kind == "tax":
        return f"tax {args[0] + 1}"
    if kind == "codebreak":
        return "codebreakers"
    if kind == "steal":
        return f"steal {_card(args[0])}"
    if kind == "activate":
        return f"activate {_card(args[0])}"
    if kind == "swap":
        return f"swap {SUIT_LETTERS[args[0]]}#dominance {_card(args[1])}"
    if kind == "target":
        return f"target {faction_letter(factions[args[0]])}"
    if kind == "roost":
        return f"b+w->{args[0] + 1}"
    if kind == "leader":
        return f"#{LEADERS[args[0]]}->$"
    if kind == "decree":
        return f"{_card(args[1])}->$_{DECREE[args[0]]}"
    if kind in ("e_recruit", "e_build", "e_battle", "e_move"):   # a Decree card: [its suit]
        return f"{_decree_base(kind, args, factions)} [{'B' if args[-2 if kind == 'e_move' else -1] else _suit(args[0], board)}]"
    if kind == "revolt":
        return f"revolt {args[0] + 1}"
    if kind == "spread":
        return f"t->{args[0] + 1}"
    if kind == "organize":
        return f"organize {args[0] + 1}"
    if kind == "a_recruit":
        return f"w->{args[0] + 1}"
    if kind == "supporter":
        return f"{_card(args[0])}$->"
    if kind == "mobilize":
        return f"{_card(args[0])}->$"
    if kind == "train":
        return f"train {_card(args[0])}"
    if kind == "outrage":
        return f"{_card(args[0])}->A$"
    if kind in _VAGABOND_TEXT:
        return _VAGABOND_TEXT[kind](args, seat, factions, board)
    if kind == "informants":               # Informants (E&P): the ambush taken from the discard pile
        return f"informants {_card(args[0])}"
    if kind == "sabotage":                 # Saboteurs (E&P): the enemy's letter, its card discarded
        return f"sabotage {faction_letter(factions[args[0]])} {_card(args[1])}"
    if kind == "propaganda":               # Propaganda Bureau (E&P): the card, the enemy's warrior
        return f"propaganda {_card(args[2])} {faction_letter(factions[args[1]])}w{args[0] + 1}"
    if kind == "false_orders":             # False Orders (E&P): the enemy's warriors moved
        return f"false {faction_letter(factions[args[0]])}w{args[1] + 1}->{args[2] + 1}"
    if kind == "give":                     # Swap Meet (E&P): the card given back
        return f"give {_card(args[0])}"
    if kind == "league":                   # League of Adventurous Mice (E&P): the item exhausted
        return f"league %{ITEM_LETTERS[args[0]]}"
    if kind == "put_back":                 # the Advanced Setup's keep 3: a card back onto the deck
        return f"{_card(args[0])}->deck"
    if kind == "draft_card":               # the faction draft (LoR 16.1.8): a card dealt (chance)
        return f"draft {LETTERS[args[0]]}"
    if kind == "draft_character":          # the character dealt beside a Vagabond card (chance)
        return f"draft #{CHARACTERS[args[0]]}"
    if kind == "draft_pick":               # a player takes a faction card of the draft
        return f"pick {LETTERS[args[0]]}"
    if kind == "homeland":                 # a homeland of the Marquise's setup card (the draft)
        return f"homeland {args[0] + 1}"
    if kind == "enlist":                   # the defender enlists the Arbiter (Rootlog: his VP)
        return f"{LETTERS[VAGABOND]}++"
    if kind == "open_path":                # Rootlog: the card spent, then the closed path removed
        lo, hi = _closed_paths(board)[args[0]]
        return f"{_card(args[1])}->/{lo}_{hi}->"
    if kind in _LIZARD_TEXT:
        return _LIZARD_TEXT[kind](args, seat, factions, board)
    if kind in _RIVERFOLK_TEXT:
        return _RIVERFOLK_TEXT[kind](args, seat, factions, board)
    if kind in _DUCHY_TEXT:
        return _DUCHY_TEXT[kind](args, seat, factions, board)
    if kind in _CORVID_TEXT:
        return _CORVID_TEXT[kind](args, seat, factions, board)
    if kind in _HUNDREDS_TEXT:
        return _HUNDREDS_TEXT[kind](args, seat, factions, board)
    if kind in _KEEPERS_TEXT:
        return _KEEPERS_TEXT[kind](args, seat, factions, board)
    if kind == "hire_give":                # a hireling with no control markers to another player (LoR 16.4.1.3)
        return f"hireling->{faction_letter(factions[args[0]])}"
    if kind == "hire_take":                # the supply hireling a hireling marker takes (LoR 16.4.1.1)
        return f"hire {_core.HIRELING_NAMES[args[0]]}"
    if kind == "control_die":              # chance: the control die's face (LoR 16.4.1.2)
        return f"control {args[0] + 1}"
    if kind == "scouts":                   # Rabbit Scouts: the defender's card for the higher roll
        return f"scouts {_card(args[0])}"
    if kind == "brigand_ruin":             # the Brigand: the item of the ruin in a clearing
        return f"brigand ruin {args[0] + 1}"
    if kind == "brigand_steal":            # the Brigand: the item exhausted, the player robbed
        return f"brigand {faction_letter(factions[args[0]])} %{ITEM_LETTERS[args[1]]}"
    if kind == "smuggle":                  # Rat Smugglers: the item card discarded for a move or battle
        return f"smuggle {_card(args[0])}"
    if kind == "band":                     # Street Band: a Band warrior placed in a clearing
        return f"band {args[0] + 1}"
    if kind == "patrol":                   # Forest Patrol: its card's warriors into a clearing, or its move
        return "patrol move" if args[0] == _core.NUM_CLEARINGS else f"patrol {args[0] + 1}"
    if kind == "hr_move":                  # a hireling's move, its pieces named as Rootlog's `h_<type>`
        who = side_letter(HIRELING_SIDE + args[0], factions)
        return f"{args[3] if args[3] > 1 else ''}{who}w{args[1] + 1}->{args[2] + 1}"
    if kind == "dynasty":                  # Last Dynasty: into an edge clearing, their move, or two battles
        return {_core.NUM_CLEARINGS: "dynasty move", _core.NUM_CLEARINGS + 1: "dynasty battle"}.get(
            args[0], f"dynasty {args[0] + 1}")
    if kind == "hr_setup":                 # a hireling's setup, as Rootlog's header writes it: `5h_Ew->3`
        n = _core.HIRELING_PIECES[hirelings_of(factions)[args[0]]][0]
        return f"{n if n > 1 else ''}{side_letter(HIRELING_SIDE + args[0], factions)}w->{args[1] + 1}"
    if kind == "hr_battle":                # a hireling's battle: Rootlog's attacker before the X
        return f"{side_letter(HIRELING_SIDE + args[0], factions)}X{side_letter(args[2], factions)}{args[1] + 1}"
    if kind == "physicians":               # Feline Physicians: where the saved warriors go
        return f"physicians {args[0] + 1}"
    if kind == "move":
        frm, to, pawn, n = args
        if not pawn:
            return f"{n if n > 1 else ''}w{frm + 1}->{to + 1}"
        p = PAWN_LETTER.get(factions[seat] if seat >= 0 else None, "p")
        if n == 0:
            return f"{p}{frm + 1}->{to + 1}"
        return f"({p}+{n if n > 1 else ''}w){frm + 1}->{to + 1}"
    raise AssertionError(kind)


def _forests(board) -> tuple[str, ...]:
    """The board's forests by Rootlog name, in the core's order."""
    return _core.MAPS[_core.MAP_NAMES[board[0]]]["forest_names"]


def _closed_paths(board) -> tuple[tuple[int, int], ...]:
    """The paths closed at setup on the board's map (the Mountain's), in the core's order."""
    return _core.MAPS[_core.MAP_NAMES[board[0]]]["closed_paths"]


def _location(loc: int, board=AUTUMN) -> str:
    """A clearing 1-12 or a forest by its clearings (loc: 0-11, or 12 + forest)."""
    return str(loc + 1) if loc < _core.NUM_CLEARINGS else _forests(board)[loc - _core.NUM_CLEARINGS]


def _vb_move(args, seat, factions, board=AUTUMN) -> str:
    to, ally, n = args
    if ally == seat:
        return f"p->{to + 1}"
    return f"(p+{n if n > 1 else ''}{faction_letter(factions[ally])}w)->{to + 1}"


def _vb_letter(seat: int, factions) -> str:
    """The letter of the Vagabond taking an action: V, or G for the second (LoR 9.7)."""
    return faction_letter(factions[seat]) if 0 <= seat < len(factions) and factions[seat] in VAGABONDS else LETTERS[VAGABOND]


def _quest(args, seat, factions, board=AUTUMN) -> str:
    q, cards = args
    return f"{quest_token(q)}Q->$/" + (f"2#->{_vb_letter(seat, factions)}" if cards else "++")


# the Vagabond's actions: f(args, seat, factions, board). Rootlog's move forms where Rootlog has them
_VAGABOND_TEXT = {
    "character": lambda a, s, f, b: f"#{CHARACTERS[a[0]]}->$",
    "quest_draw": lambda a, s, f, b: f"{quest_token(a[0])}->Q",
    "refresh": lambda a, s, f, b: f"{_item(a[1])}{'de' if a[0] else ''}->r",
    "slip": lambda a, s, f, b: f"slip p->{_location(a[0], b)}",
    "vb_move": _vb_move,
    "explore": lambda a, s, f, b: "explore",
    "ruin": lambda a, s, f, b: f"ruin {_item(a[0])}",
    "aid": lambda a, s, f, b: f"{_item(a[2])}->e/{_card(a[1])}->{faction_letter(f[a[0]])}",
    "take": lambda a, s, f, b: f"take {_item(a[0])}",
    "quest": _quest,
    "strike": lambda a, s, f, b: f"strike {faction_letter(f[a[0]])}{PIECES[f[a[0]]][_core.PIECE_NAMES[a[1]]]}",
    "repair": lambda a, s, f, b: f"{_item(a[1])}d{'e' if a[0] else ''}->s",
    "steal_from": lambda a, s, f, b: f"#{faction_letter(f[a[0]])}->{_vb_letter(s, f)}",
    "day_labor": lambda a, s, f, b: f"{_card(a[0])}*->{_vb_letter(s, f)}",
    "hideout": lambda a, s, f, b: "hideout",
    "damage": lambda a, s, f, b: "ally w->" if a[0] == 2 else f"{_item(a[1])}{'e' if a[0] else 'r'}->d",
    "vb_battle": lambda a, s, f, b: f"X{faction_letter(f[a[0]])}+{faction_letter(f[a[1]])}w",
    "drop": lambda a, s, f, b: f"{_item(a[1])}{VSTATE_LETTERS[a[0]]}->",
    "coalition": lambda a, s, f, b: (f"{MASK if a[0] is None else SUIT_LETTERS[a[0]] + '#dominance'}"
                                  f"->$/++->{faction_letter(f[a[1]])}$"),
    # the last six characters' special actions (LoR 16.3.4-9): Rootlog notates what they change
    "swift_strike": lambda a, s, f, b: "%s->e",
    "scorch": lambda a, s, f, b: "scorch %r->p",
    "glide": lambda a, s, f, b: f"glide p->{a[0] + 1}",
    "improvise": lambda a, s, f, b: (f"{_item(a[3])}->de={_item(_core.QUESTS[a[0]][2 + a[2]])}/"
                                     + _quest(a[:2], s, f, b)),
    "instigate": lambda a, s, f, b: f"%r->e/{faction_letter(f[a[0]])}X{faction_letter(f[a[1]])}",
    # two Vagabonds (LoR 9.7): which sets up first (chance), the item taken of a ruin's two, to
    # his board as Rootlog writes an item taken (`pass` takes none)
    "vagabond_first": lambda a, s, f, b: f"first {LETTERS[VAGABONDS[a[0]]]}",
    "ruin_take": lambda a, s, f, b: f"{_item(a[0])}->$",
}


def _suit(c: int, board=AUTUMN) -> str:
    return SUITS[board[1][c]]


def _garden(c: int, board=AUTUMN) -> str:
    """A garden of the Lizard Cult in clearing c: the piece of that clearing's suit, as Rootlog
    names a Cult garden (b_f, b_r, b_m; a garden's suit is always its clearing's, LoR 10.3.2,
    10.4.3.III, 10.5.1)."""
    return f"b_{_suit(c, board).lower()}"


def _sanctified(args, factions) -> str:
    """The enemy building a Sanctify replaces, with its faction's letter: Cb_s, Eb, Ab_f."""
    c, d, kind = args
    return f"{faction_letter(factions[d])}{BUILDINGS_BY_KIND[factions[d]][kind]}{c + 1}->"


# the Lizard Cult's actions (LoR 10): f(args, seat, factions, board). Rootlog's forms where it has
# them: setup's `4w+b_f->1`, the Outcast `$_o->F`, Convert `Cw5->/w->5`, Sanctify `Cb_s5->/b_f->5`,
# a ritual's card revealed `F#anvil^` and what it places (`b_f->5`, `w->5`, a Sacrifice's `w->$`:
# the Cult's board is its Acolytes box); Score is a keyword (Rootlog writes the card spent and the
# VP, which the card alone does not tell); Fear of the Faithful's card is chance, `faithful F#anvil`
_LIZARD_TEXT = {
    "lz_corner": lambda a, s, f, b: f"{_core.LIZARD_TABLE['start_warriors']}w+{_garden(a[0], b)}->{a[0] + 1}",
    "outcast": lambda a, s, f, b: f"$_o->{SUITS[a[0]]}",
    "convert": lambda a, s, f, b: f"{faction_letter(f[a[1]])}w{a[0] + 1}->/w->{a[0] + 1}",
    "sanctify": lambda a, s, f, b: f"{_sanctified(a, f)}/{_garden(a[0], b)}->{a[0] + 1}",
    "lz_build": lambda a, s, f, b: f"{_card(a[1])}^/{_garden(a[0], b)}->{a[0] + 1}",
    "lz_recruit": lambda a, s, f, b: f"{_card(a[1])}^/w->{a[0] + 1}",
    "lz_score": lambda a, s, f, b: f"score {_card(a[0])}",
    "sacrifice": lambda a, s, f, b: f"{_card(a[0])}^/w->$",
    "faithful": lambda a, s, f, b: f"faithful {_card(a[0])}",
}


def _post(c: int, board=AUTUMN) -> str:
    """The Riverfolk's trade post in clearing c: the post of that clearing's suit, as Rootlog names
    it (t_f, t_r, t_m; a post is always its clearing's suit, LoR 11.5.6.II)."""
    return f"t_{_suit(c, board).lower()}"


PRICE_LETTERS = "hrm"                     # Rootlog's price types: Hand Card, Riverboats, Mercenaries


# the Riverfolk Company's actions (LoR 11): f(args, seat, factions, board). Rootlog's forms where it
# has them: a warrior placed `w->5` (setup, Recruit), a trade post and its garrison `t_r+w->5`,
# prices `$_h->3`, the Draw `#->O`, Export `F#anvilO->/w->$` (the spec's `#bankO->/w->$`), a Hand
# Card bought `B#armorersO->C` (the card from the Riverfolk's hand to the buyer); Riverboats,
# Mercenaries, a Vagabond's item paid and whose fund the Riverfolk commit, spend or lose have no
# Rootlog clause: our words (`riverboats`, `mercenaries`, `pay %t`, `fund C`)
_RIVERFOLK_TEXT = {
    "rf_recruit": lambda a, s, f, b: f"w->{a[0] + 1}",
    "trade_post": lambda a, s, f, b: f"{_post(a[0], b)}+w->{a[0] + 1}",
    "price": lambda a, s, f, b: f"$_{PRICE_LETTERS[a[0]]}->{a[1] + 1}",
    "rf_draw": lambda a, s, f, b: f"#->{LETTERS[RIVERFOLK]}",
    "export": lambda a, s, f, b: f"{_card(a[0])}{LETTERS[RIVERFOLK]}->/w->$",
    "fund": lambda a, s, f, b: f"fund {faction_letter(f[a[0]])}",
    "buy_card": lambda a, s, f, b: f"{_card(a[0])}{LETTERS[RIVERFOLK]}->{faction_letter(f[s])}",
    "riverboats": lambda a, s, f, b: "riverboats",
    "mercenaries": lambda a, s, f, b: "mercenaries",
    "service_item": lambda a, s, f, b: f"pay {_item(a[0])}",
}


BURROW = "0"                              # Rootlog's clearing number of the Duchy's Burrow (V2.8)


def minister_token(m: int) -> str:
    """A Duchy minister as Rootlog names it: all lower case, no spaces (#baronofdirt)."""
    return _core.MINISTER_NAMES[m].replace("_", "")


def _burrow(args, seat, factions, board=AUTUMN) -> str:
    """A move between the Burrow (0) and a tunnel's clearing: `3w0->5` up, `2w5->0` down; none
    comes up from a Dig `0w0->5` (LoR 12.5.1, choice C3)."""
    c, down, n = args
    count = "" if n == 1 else str(n)
    return f"{count}w{c + 1}->{BURROW}" if down else f"{count}w{BURROW}->{c + 1}"


# the Underground Duchy's actions (LoR 12): f(args, seat, factions, board). Rootlog's forms where it
# has them: the Burrow is clearing 0 (a recruit `w->0`, moves `3w0->5` and `2w5->0`), citadels and
# markets `b_c->4` `b_m->4`, a card revealed `M#anvil^` (Build, the Foremole, Sway: Rootlog's
# `(R+B)#^`), a Dig's card and tunnel `M#anvil->/t->5`, Sway `#captain->$`, the Price of Failure's
# minister `#brigadierD$->` and its random card `M#anvilD->` (chance); the setup corner `t+2w->3`
# (the tunnel and the corner's warriors: the adjacent clearings' follow, LoR 12.3.3). Parliament's
# ministers, the Banker's cards and a tunnel taken up before a Dig have no Rootlog clause: our
# words (`minister captain`, `bank M#anvil`, `tunnel_off 5`)
_DUCHY_TEXT = {
    "burrow": _burrow,
    "dc_corner": lambda a, s, f, b: f"t+{_core.DUCHY_TABLE['start_warriors']}w->{a[0] + 1}",
    "dc_build": lambda a, s, f, b: f"{PIECES[DUCHY][('citadel', 'market')[a[0]]]}->{a[1] + 1}",
    "reveal": lambda a, s, f, b: f"{_card(a[0])}^",
    "dc_recruit": lambda a, s, f, b: f"w->{BURROW}",
    "dig": lambda a, s, f, b: f"{_card(a[1])}->/t->{a[0] + 1}",
    "tunnel_off": lambda a, s, f, b: f"tunnel_off {a[0] + 1}",
    "minister": lambda a, s, f, b: f"minister {minister_token(a[0])}",
    "sway": lambda a, s, f, b: f"#{minister_token(a[0])}->$",
    "bank": lambda a, s, f, b: f"bank {_card(a[0])}",
    "failure": lambda a, s, f, b: f"#{minister_token(a[0])}{LETTERS[DUCHY]}$->",
    "fail_card": lambda a, s, f, b: f"{_card(a[0])}{LETTERS[DUCHY]}->",
}


# the Corvid Conspiracy's plots by Rootlog's tokens (V2.8 "Corvid Conspiracy": `t_b` bomb, `t_s` snare,
# `t_e` extortion, `t_r` raid; `t` a face-down plot, its type not shown), in the core's order (PLOT_NAMES)
PLOT_LETTERS = "bser"
assert len(PLOT_LETTERS) == len(_core.PLOT_NAMES)


def plot_token(t: int | None) -> str:
    """A plot as Rootlog writes it: `t_b` a bomb ... `t_r` a raid; `t` when its type is not shown
    (a face-down plot the viewer may not know, redaction.py)."""
    return "t" if t is None else f"t_{PLOT_LETTERS[t]}"


def _cv_recruit(args, seat, factions, board=AUTUMN) -> str:
    """Recruit (LoR 13.4.3): the card spent; a bird card, and a card the viewer may not know, names
    the suit recruited in as well (the Corvids name it, K-C5): `recruit F#anvil`, `recruit B#armorers R`."""
    t, suit = args
    if t is not None and CARDS[t].suit != "bird":
        return f"recruit {_card(t)}"
    return f"recruit {_card(t)} {SUIT_LETTERS[suit]}"


# the Corvid Conspiracy's actions (LoR 13): f(args, seat, factions, board). Rootlog's forms where it
# has them: setup's warriors `w->3` (the spec's `w->4+8+9`), a plot placed `t_b->3` (the plot's type
# by its token; `t->3` where the viewer may not know it, redaction), Trick `t3<->t7`, the
# face-down plot Exposed `?Pt3` (the spec's Exposure `?Pt_e3` without the type, which the guess
# names next). Rootlog's flip `t3^t_b` writes the face the engine turns up, which the action does not
# choose: ours is `t3^`. Recruit and the guess have no Rootlog form of their own: our words
# (`recruit F#anvil`, `recruit B#armorers R`, `guess F#anvil t_e`). An extortion's random card is
# chance's `steal F#anvil`, as Stand and Deliver!'s.
_CORVID_TEXT = {
    "cv_setup": lambda a, s, f, b: f"w->{a[0] + 1}",
    "flip": lambda a, s, f, b: f"t{a[0] + 1}^",
    "cv_recruit": _cv_recruit,
    "plot": lambda a, s, f, b: f"{plot_token(a[1])}->{a[0] + 1}",
    "trick": lambda a, s, f, b: f"t{a[0] + 1}<->t{a[1] + 1}",
    "expose": lambda a, s, f, b: f"?{LETTERS[CORVIDS]}t{a[0] + 1}",
    "guess": lambda a, s, f, b: f"guess {_card(a[0])} {plot_token(a[1])}",
}


MOOD_NAMES = _core.MOOD_NAMES               # the Hundreds' moods (LoR 14.7), Rootlog's mood names


# the Lord of the Hundreds' actions (LoR 14): f(args, seat, factions, board). Rootlog's forms where
# it has them: the warlord `w_w`, Choose Mood `#stubborn->$`, Anoint `w_w->12` (Rootlog writes a
# warrior replaced first, `w12->/w_w->12`, which the state tells and the action does not), a
# Hoard item out of the game `%s->` (the Hoard is their faction board), a card spent and what it
# places (Build `F#anvil->/b->5`, Incite `F#anvil->/t->5`), a mob spread by the die `t->5`, the
# setup corner `w_w+4w+b->1`, Recruit short of warriors a warrior at a stronghold `w->5` (H-C1).
# Rootlog does not notate the mob die; Contempt for Trade, Looters, Bitter, Jubilant's roll and a
# razed ruin's item have no Rootlog clause: our words (`contempt take` / `contempt score`, `loot` /
# `loot %s`, `bitter 5`, `jubilant`; chance's `mob_die F`, `raze %s`)
_HUNDREDS_TEXT = {
    "lh_corner": lambda a, s, f, b: f"w_w+{_core.HUNDREDS_TABLE['start_warriors']}w+b->{a[0] + 1}",
    "mob": lambda a, s, f, b: f"t->{a[0] + 1}",
    "mob_die": lambda a, s, f, b: f"mob_die {SUITS[a[0]]}",
    "ruin_item": lambda a, s, f, b: f"raze {_item(a[0])}",
    "anoint": lambda a, s, f, b: f"w_w->{a[0] + 1}",
    "mood": lambda a, s, f, b: f"#{MOOD_NAMES[a[0]]}->$",
    "hoard_out": lambda a, s, f, b: f"{_item(a[0])}->",
    "contempt": lambda a, s, f, b: "contempt score" if a[0] else "contempt take",
    "loot": lambda a, s, f, b: f"loot {_item(a[0] - 1)}" if a[0] else "loot",
    "bitter": lambda a, s, f, b: f"bitter {a[0] + 1}",
    "lh_build": lambda a, s, f, b: f"{_card(a[0])}->/b->{a[1] + 1}",
    "incite": lambda a, s, f, b: f"{_card(a[0])}->/t->{a[1] + 1}",
    "jubilant": lambda a, s, f, b: "jubilant",
}


# the Keepers in Iron's relic types by Rootlog's letters (V2.8: `t_f` a figure, `t_t` a tablet, `t_j`
# jewelry; `t_2_f` a face-up figure of value 2), in the core's order (RELIC_TYPE_NAMES)
RELIC_LETTERS = "ftj"
assert len(RELIC_LETTERS) == len(_core.RELIC_TYPE_NAMES)
# the Retinue's columns (LoR 15.5.2), in the core's order (RETINUE_COLUMNS): `$_m` Move, `$_b` Battle
# then Delve, `$_r` Move or Recover (the Retinue is the Keepers' faction board, as the Eyrie's Decree)
COLUMN_LETTERS = "mbr"
assert len(COLUMN_LETTERS) == len(_core.RETINUE_COLUMNS)
RETAINER = "B#retainer"                   # a Faithful Retainer (a bird card outside the deck, LoR 15.3.5)


def relic_token(r: int) -> str:
    """One of the twelve relics (LoR 15.2.1) as the engine names it: its type and which of the four
    of that type it is, `figure1` .. `jewelry4` (the number is the relic's, never its value; the
    core offers one of identical relics -- alike in type, place and face -- the lowest)."""
    return f"{_core.RELIC_TYPE_NAMES[r // 4]}{r % 4 + 1}"


def waystation_token(w: int, face: int = 0) -> str:
    """A waystation as Rootlog names it by its two relic types (`b_f_t`, `b_t_j`, `b_j_f`: LoR
    15.2.2), the face up first: waystation 0 tablet up is `b_t_f`."""
    faces = _core.KEEPERS_TABLE["waystation_faces"][w]
    return f"b_{RELIC_LETTERS[faces[face]]}_{RELIC_LETTERS[faces[1 - face]]}"


def _retinue_card(t: int | None) -> str:
    return RETAINER if t == _core.NUM_CARD_TYPES else _card(t)


# the Keepers in Iron's actions (LoR 15): f(args, seat, factions, board). Rootlog's forms where it
# has them: setup's warriors `4w->1`, a setup relic face down in a forest `t_f->1_2_5_10` (chance),
# a waystation placed by its faces, the face up first, `b_f_t->5` (Encamp: the warrior it replaces,
# or the one it brings with no Keepers on the map, follows from the state), a Decamp's waystation
# `b_f_t5->` (by its faces as printed), Recruit's card and warriors `F#anvil->/2w->5`, a card added
# to a Retinue column `F#anvil->$_m` (the Decree's form) and one shifted `F#anvil$_m->$_b`. A
# relic's moves name the relic (which of the twelve: the forest or clearing it lies in is the
# state's): Battle then Delve with no battle `delve 5`, the relic delved `delve figure2`, recovered
# `recover tablet1`, carried with moving warriors `carry jewelry3`; the value a flip turns up is
# chance's `value 3`; Prized Trophies' forest `trophy 3_6_11` (any seat that removed a relic).
_KEEPERS_TEXT = {
    "ki_setup": lambda a, s, f, b: f"{_core.KEEPERS_TABLE['start_warriors']}w->{a[0] + 1}",
    "ki_relic": lambda a, s, f, b: f"t_{RELIC_LETTERS[a[1]]}->{_forests(b)[a[0]]}",
    "encamp": lambda a, s, f, b: f"{waystation_token(a[1], a[2])}->{a[0] + 1}",
    "decamp": lambda a, s, f, b: f"{waystation_token(a[1])}{a[0] + 1}->",
    "ki_recruit": lambda a, s, f, b: f"{_card(a[0])}->/{_core.KEEPERS_TABLE['recruit']}w->{a[1] + 1}",
    "delve_at": lambda a, s, f, b: f"delve {a[0] + 1}",
    "delve": lambda a, s, f, b: f"delve {relic_token(a[0])}",
    "relic_value": lambda a, s, f, b: f"value {a[0] + 1}",
    "recover": lambda a, s, f, b: f"recover {relic_token(a[0])}",
    "carry": lambda a, s, f, b: f"carry {relic_token(a[0])}",
    "trophy": lambda a, s, f, b: f"trophy {_forests(b)[a[0]]}",
    "retinue_add": lambda a, s, f, b: f"{_card(a[0])}->$_{COLUMN_LETTERS[a[1]]}",
    "retinue_shift": lambda a, s, f, b: (f"{_retinue_card(a[2])}$_{COLUMN_LETTERS[a[0]]}"
                                         f"->$_{COLUMN_LETTERS[a[1]]}"),
}


def side_letter(side: int, factions: tuple[int, ...]) -> str:
    """The letter a battle names its defender by: a seat's faction letter, or a hireling's pieces as
    Rootlog writes them (`h_J`: Street Band's; hireling i is side HIRELING_SIDE + i of the table's
    hirelings)."""
    if side < HIRELING_SIDE:
        return faction_letter(factions[side])
    return _hirelings.token(hirelings_of(factions)[side - HIRELING_SIDE])


def _decree_base(kind: str, args: tuple, factions: tuple[int, ...]) -> str:
    if kind == "e_recruit":
        return f"w->{args[0] + 1}"
    if kind == "e_build":
        return f"b->{args[0] + 1}"
    if kind == "e_battle":
        return f"X{side_letter(args[1], factions)}{args[0] + 1}"
    frm, to, _, n = args
    return f"{n if n > 1 else ''}w{frm + 1}->{to + 1}"


def _key(text: str) -> str:
    return "".join(text.split()).lower()


# which action kinds each faction (and chance, -1) can ever take (keeps the tables unambiguous);
# every faction also takes _EVERY_FACTION's (dominance, LoR 3.3; the player a card names)
_EVERY_FACTION = {"activate", "swap", "target", "outrage", "open_path", "sabotage", "informants", "propaganda",
                  "false_orders", "give", "league", "put_back", "enlist", "trophy",
                  "hire_give", "hire_take", "scouts", "physicians", "smuggle",
                  "brigand_ruin", "brigand_steal", "band",     # hirelings (LoR 16.4): any faction controls them
                  "patrol", "hr_move", "hr_battle", "dynasty", "hr_setup"}
_FACTION_KINDS = {
    MARQUISE: {"pass", "discard", "craft", "ambush", "battle", "remove", "keep", "build", "recruit",
        "place_warrior", "place_wood", "overwork", "extra", "hospital", "move", "use", "tax",
        "codebreak", "homeland"},
    WYRM: {"pass", "discard", "craft", "ambush", "battle", "remove", "lair", "forest", "pawn_to",
        "intimidate", "return", "fear", "terror", "eat", "hoard", "move", "use", "tax", "codebreak"},
    EYRIE: {"pass", "discard", "craft", "ambush", "battle", "remove", "move", "use", "tax", "codebreak",
        "roost", "leader", "decree", "e_recruit", "e_build", "e_battle", "e_move"},
    ALLIANCE: {"pass", "discard", "craft", "ambush", "battle", "remove", "move", "use", "tax", "codebreak",
        "revolt", "spread", "organize", "a_recruit", "supporter", "mobilize", "train"},
    VAGABOND: {"pass", "discard", "craft", "ambush", "battle", "use", "tax", "codebreak", "forest",
        "character", "refresh", "slip", "vb_move", "explore", "aid", "take", "quest", "strike", "repair",
        "steal_from", "day_labor", "hideout", "damage", "drop", "coalition", "vb_battle",
        "swift_strike", "scorch", "glide", "improvise", "instigate", "ruin_take"},
    # the Lizard Cult (LoR 10): a `battle` or `move` at its Birdsong's conspiracies is a Crusade
    LIZARDS: {"pass", "discard", "craft", "ambush", "battle", "remove", "move", "use", "tax", "codebreak",
              "lz_corner", "outcast", "convert", "sanctify", "lz_build", "lz_recruit", "lz_score", "sacrifice"},
    # the Riverfolk Company (LoR 11): their Daylight's move, battle and craft are the shared kinds
    RIVERFOLK: {"pass", "discard", "craft", "ambush", "battle", "remove", "move", "use", "tax", "codebreak",
                "rf_recruit", "trade_post", "price", "rf_draw", "export", "fund"},
    # the Underground Duchy (LoR 12): their map moves, battles and crafts are the shared kinds
    DUCHY: {"pass", "discard", "craft", "ambush", "battle", "remove", "move", "use", "tax", "codebreak",
            "burrow", "dc_corner", "dc_build", "reveal", "dc_recruit", "dig", "tunnel_off", "minister", "sway",
            "bank", "failure"},
    # the Corvid Conspiracy (LoR 13): their moves, battles and crafts are the shared kinds; an
    # Exert is any Daylight action at their Evening step
    CORVIDS: {"pass", "discard", "craft", "ambush", "battle", "remove", "move", "use", "tax", "codebreak",
              "cv_setup", "flip", "cv_recruit", "plot", "trick"},
    # the Lord of the Hundreds (LoR 14): Command's and an Advance's moves and battles, and their
    # crafts, are the shared kinds (the warlord moves as the seat's pawn)
    HUNDREDS: {"pass", "discard", "craft", "ambush", "battle", "remove", "move", "use", "tax", "codebreak",
               "place_warrior", "lh_corner", "mob", "anoint", "mood", "hoard_out", "contempt", "loot", "bitter", "lh_build",
               "incite", "jubilant"},
    # the Keepers in Iron (LoR 15): the Retinue's moves and battles, and their crafts, are the shared
    # kinds; Prized Trophies' `trophy` is every faction's (_EVERY_FACTION: whoever removed the relic)
    KEEPERS: {"pass", "discard", "craft", "ambush", "battle", "remove", "move", "use", "tax", "codebreak",
              "ki_setup", "encamp", "decamp", "ki_recruit", "delve_at", "delve", "recover", "carry", "retinue_add",
              "retinue_shift"},
    -1: {"draw", "dice", "steal", "quest_draw", "ruin", "vagabond_first", "draft_card", "draft_character",
         "faithful", "fail_card", "mob_die", "ruin_item", "ki_relic", "relic_value", "control_die"},
}
# a player of the draft before it chooses (UNDRAFTED): it takes a faction card and nothing else
_UNDRAFTED_KINDS = {"draft_pick", "hr_setup"}     # (a player sets up a hireling before the draft: LoR 16.1.6)
# the arguments of each kind that name another seat: no action names a player with no faction yet
_SEAT_ARGS = {"battle": (1,), "e_battle": (1,), "terror": (2,), "target": (0,), "sabotage": (0,),
              "propaganda": (1,), "false_orders": (0,), "strike": (0,), "steal_from": (0,), "vb_battle": (0, 1),
              "aid": (0,), "coalition": (1,), "instigate": (0, 1), "convert": (1,), "sanctify": (1,), "fund": (0,),
              "hire_give": (0,), "brigand_steal": (0,)}
# the Riverfolk's services, bought by every other player at the start of its Birdsong (LoR 11.2.6):
# a Hand Card, Riverboats, Mercenaries (never the Vagabond's, LoR 11.2.7.III.b: he pays in items);
# a buyer's hits on its mercenaries name the Riverfolk's warriors (Ow5->, LoR 11.2.7.III.a)
for _f in (MARQUISE, WYRM, EYRIE, ALLIANCE, LIZARDS, DUCHY, CORVIDS, HUNDREDS, KEEPERS):
    _FACTION_KINDS[_f] = _FACTION_KINDS[_f] | {"buy_card", "riverboats", "mercenaries"}
_FACTION_KINDS[VAGABOND] = _FACTION_KINDS[VAGABOND] | {"buy_card", "riverboats", "service_item"}
_FACTION_KINDS[VAGABOND2] = _FACTION_KINDS[VAGABOND]       # the second Vagabond's rules are his (LoR 9.7)
# chance's outcomes at the Mechanical Marquise's steps, with it seated: its Keep corner, a starting
# building, the building type a hit removes (MM2 §4, §2.1); its order card is a `draw`
_BOT_CHANCE_KINDS = {"keep", "build", "remove"}
# Exposure (LoR 13.2.4): with the Corvids at the table, every other faction that decides may expose
# a plot (the clearing) and guess (the card shown, the type named)
_EXPOSURE_KINDS = {"expose", "guess"}


@lru_cache(maxsize=256)
def _table(seat: int, factions: tuple[int, ...], board=AUTUMN, hirelings: tuple[int, ...] = ()) -> dict:
    factions = SeatTable(factions, board, hirelings)      # (cached by its hirelings too: a tuple's key has none)
    table = {}
    faction = factions[seat] if seat >= 0 else -1
    kinds = _FACTION_KINDS.get(faction, set()) | (_BOT_CHANCE_KINDS if seat < 0 and MECHANICAL in factions else set())
    if CORVIDS in factions and faction not in (CORVIDS, MECHANICAL, -1, UNDRAFTED):
        kinds = kinds | _EXPOSURE_KINDS
    if seat >= 0 and faction == UNDRAFTED:
        kinds = _UNDRAFTED_KINDS
    undrafted = {v for v, f in enumerate(factions) if f == UNDRAFTED}
    for a in range(_core.NUM_ACTIONS):
        kind, args = decode(a)
        if kind not in kinds and (faction < 0 or kind not in _EVERY_FACTION):
            continue
        if kind in ("battle", "e_battle") and (args[1] == seat or len(factions) <= args[1] < HIRELING_SIDE
                                               or args[1] >= HIRELING_SIDE + len(hirelings)):
            continue
        if kind in ("hr_move", "hr_battle", "hr_setup") and args[0] >= len(hirelings):
            continue                                   # a hireling not in the game
        if kind == "hr_move" and (args[1] == args[2] or args[3] == 0):
            continue
        if kind == "hr_battle" and (args[2] == HIRELING_SIDE + args[0] or len(factions) <= args[2] < HIRELING_SIDE
                                    or args[2] >= HIRELING_SIDE + len(hirelings)):
            continue
        if undrafted and any(args[i] in undrafted for i in _SEAT_ARGS.get(kind, ())):
            continue
        if kind == "e_move" and (args[0] == args[1] or args[3] == 0):
            continue
        if (kind == "forest" and args[0] >= len(_forests(board))) or (
                kind == "slip" and args[0] >= _core.NUM_CLEARINGS + len(_forests(board))):
            continue                                   # a forest this map does not have
        if kind == "open_path" and args[0] >= len(_closed_paths(board)):
            continue                                   # a closed path this map does not have
        if kind in ("ki_relic", "trophy") and args[0] >= len(_forests(board)):
            continue                                   # a forest this map does not have
        if kind == "retinue_shift" and args[0] == args[1]:
            continue                                   # a shift goes to another column
        if kind == "e_move" and args[3] == 1:
            table[_key(f"1{action_text(a, seat, factions, board)}")] = a
        if kind == "terror" and args[2] >= len(factions):
            continue
        if kind in ("target", "hire_give", "brigand_steal") and (args[0] == seat or args[0] >= len(factions)):
            continue
        if kind == "activate" and _core.KIND_NAMES[_core.CARDS[args[0]][3]] != "dominance":
            continue
        if kind == "informants" and _core.KIND_NAMES[_core.CARDS[args[0]][3]] != "ambush":
            continue
        if kind == "sabotage" and (args[0] == seat or args[0] >= len(factions)
                                   or _core.KIND_NAMES[_core.CARDS[args[1]][3]] != "persistent"):
            continue
        if kind in ("propaganda", "false_orders") and (args[1 if kind == "propaganda" else 0] in (seat,)
                                                       or args[1 if kind == "propaganda" else 0] >= len(factions)):
            continue
        if kind == "false_orders" and args[1] == args[2]:
            continue
        if kind == "league" and faction in VAGABONDS:
            continue
        if kind == "move" and (args[0] == args[1] or (args[2] and "pawn" not in PIECES.get(faction, ()))
                               or args[2] + args[3] == 0):
            continue
        if kind == "remove" and _owner(_core.PIECE_NAMES[args[0]], seat, faction if seat >= 0 else None) \
                != (faction if seat >= 0 else MECHANICAL) \
                and not _hired(args, seat, factions):
            continue
        if kind == "fund" and args[0] >= len(factions):
            continue
        if not _vagabond_reads(kind, args, seat, factions):
            continue
        if not _lizards_reads(kind, args, seat, factions, board):
            continue
        if kind == "cv_recruit" and CARDS[args[0]].suit != "bird" and CARDS[args[0]].suit != _core.SUIT_NAMES[args[1]]:
            continue                                   # a card recruits in its own suit (a bird: any, LoR 13.4.3)
        if kind == "trick" and args[0] >= args[1]:
            continue                                   # two plots, the lower clearing first
        if kind == "trick":
            table[_key(f"t{args[1] + 1}<->t{args[0] + 1}")] = a
        if kind == "move" and not args[2] and args[3] == 1:
            table[_key(f"1{action_text(a, seat, factions, board)}")] = a
        if kind == "burrow" and args[1] and args[2] == 0:
            continue                                   # nothing goes down with no warriors
        if kind == "burrow" and args[2] == 1:
            table[_key(f"1{action_text(a, seat, factions, board)}")] = a
        if kind == "move" and args[2] and args[3] == 1:
            table[_key(f"({PAWN_LETTER[faction]}+1w){args[0] + 1}->{args[1] + 1}")] = a
        if kind == "draw":
            table[_key(_card(args[0]))] = a
        key = _key(action_text(a, seat, factions, board))
        assert key not in table, f"ambiguous notation {key!r}"
        table[key] = a
    return table


def _hired(args: tuple, seat: int, factions: tuple[int, ...]) -> bool:
    """A hit on a mercenary: a buyer of Mercenaries takes hits on the Riverfolk's warriors serving
    it (LoR 11.2.7.III.a), written with their letter (Ow5->)."""
    return (seat >= 0 and RIVERFOLK in factions and factions[seat] not in (RIVERFOLK, *VAGABONDS)
            and _core.PIECE_NAMES[args[0]] == "otter")


def _vagabond_reads(kind: str, args: tuple, seat: int, factions: tuple[int, ...]) -> bool:
    """A Vagabond action the table reads: the seats it names sit at this table and are not his;
    a move alone carries no warriors and a move with an ally some; Strike names a piece of the
    struck seat's faction, never a pawn."""
    n = len(factions)
    if kind == "vb_move":
        to, ally, w = args
        return ally < n and (w == 0) == (ally == seat)
    if kind in ("aid", "steal_from", "strike"):
        other = args[0]
        if other >= n or other == seat:
            return False
        piece = _core.PIECE_NAMES[args[1]] if kind == "strike" else None
        return piece is None or (piece != "pawn" and piece in PIECES.get(factions[other], ()))
    if kind == "coalition":
        return args[1] < n and args[1] != seat
    if kind == "vb_battle":
        return len({seat, *args}) == 3 and max(args) < n
    if kind == "damage":
        return args[0] < 2 or args == (2, 0)
    if kind == "instigate":
        return len({seat, *args}) == 3 and max(args) < n
    if kind == "improvise":          # a quest of two like items has one slot to stand in for
        q, _, slot, item = args
        need = _core.QUESTS[q][2:]
        return item != need[slot] and not (slot == 1 and need[0] == need[1])
    return True


def _lizards_reads(kind: str, args: tuple, seat: int, factions: tuple[int, ...], board) -> bool:
    """A Lizard Cult action the table reads: Convert names a seat at this table with warriors,
    Sanctify one with a building of that kind; a ritual's card is of its clearing's suit (birds
    are not wild for rituals, LoR 10.2.2) and a Sacrifice's a bird."""
    if kind in ("convert", "sanctify"):
        other = args[1]
        if other >= len(factions) or other == seat or factions[other] in VAGABONDS:
            return False
        return kind == "convert" or args[2] < len(BUILDINGS_BY_KIND.get(factions[other], ()))
    if kind in ("lz_build", "lz_recruit"):
        return CARDS[args[1]].suit != "bird" and CARDS[args[1]].suit == _core.SUIT_NAMES[board[1][args[0]]]
    if kind == "sacrifice":
        return CARDS[args[0]].suit == "bird"
    if kind == "lz_score":
        return CARDS[args[0]].suit != "bird"
    return True


def parse(text: str, seat: int, factions: tuple[int, ...] = TWO_SEATS, board=None) -> int:
    """The action int for text typed by seat at a table seating factions on a board (as action_text);
    NotationError if it reads as no action of that seat. A leading letter and colon ('C:', 'W:',
    '?:') names the faction (or chance) and must be the seat's."""
    if not isinstance(text, str):
        raise NotationError(f"an action must be text, not {type(text).__name__}")
    board = board_of(factions) if board is None else board
    hirelings = hirelings_of(factions)
    factions = tuple(factions)
    if not -1 <= seat < len(factions):
        raise IllegalActionError(f"no seat {seat!r} at a table of {len(factions)} seats")
    body = "".join(text.split())
    letters = tuple(faction_letter(f) for f in factions) + (CHANCE_LETTER,)
    if len(body) >= 2 and body[1] == ":" and body[0].upper() in letters:
        if body[0].upper() != letters[seat if seat >= 0 else len(factions)]:
            who = names(factions)[seat] if seat >= 0 else "chance"
            raise IllegalActionError(f"{text.strip()!r} names {body[0].upper()}, but it is {who}'s decision")
        body = body[2:]
    a = _table(seat, factions, (board[0], tuple(board[1])), hirelings).get(_key(body))
    if a is None:
        who = names(factions)[seat] + "'s" if seat >= 0 else "a chance"
        raise NotationError(f"cannot read {text.strip()!r} as {who} action (see docs/notation.md)")
    return a


def record_text(a: int | Action, seat: int, factions: tuple[int, ...] = TWO_SEATS, board=None) -> str:
    """Text for a game record line: the letter of the seat's faction, a colon, the action."""
    letter = faction_letter(factions[seat]) if seat >= 0 else CHANCE_LETTER
    return f"{letter}: {action_text(a, seat, factions, board)}"
