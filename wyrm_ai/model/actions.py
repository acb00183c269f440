"""Small-int actions: encode and decode. The ranges come from the core (ACTION_KINDS), so the
action space is defined once. Indices here are 0-based (clearing 0 is clearing 1 on the map)."""
from __future__ import annotations

import bisect
from typing import NamedTuple

from wyrm_ai import _core

KINDS = {name: (start, size) for name, start, size in _core.ACTION_KINDS}
_STARTS = sorted((start, name) for name, (start, size) in KINDS.items())
_START_VALUES = [s for s, _ in _STARTS]
NCL = _core.NUM_CLEARINGS
NCT = _core.NUM_CARD_TYPES
PIECES = _core.PIECE_NAMES
SEATS = _core.MAX_NUM_SEATS                  # seat slots in terror and other actions naming a seat
SIDES = _core.NUM_SIDES                     # side slots in battle actions: the seats, then the hirelings
HIRELING_SIDE = _core.HIRELING_SIDE         # hireling i's side: HIRELING_SIDE + i
NVITEM = len(_core.VITEM_NAMES)              # the Vagabond's item kinds (boots ... torch)
NITEM = NVITEM - 1                           # the supply's item kinds (no torch)
NBKIND = len(_core.BUILDING_NAMES)           # building kinds of a seat (a Marquise's three; a base's or garden's suit)
NPLOT = len(_core.PLOT_NAMES)                # the Corvids' plot types (bomb, snare, extortion, raid)
# the Vagabond's actions of two arguments (first * size + second), by kind: the size of the second
_PAIRS = {"refresh": NVITEM,      # damaged, item kind
          "repair": NVITEM,       # face down, item kind
          "damage": NVITEM,       # face down, item kind; (2, 0): an Allied warrior fighting for him
          "vb_battle": SEATS,     # defender seat, the Allied seat whose warriors fight as his
          "drop": NVITEM,         # item state (VS_*: up, down, damaged up, damaged down), item kind
          "quest": 2,             # quest, reward (0 VP, 1 two cards)
          "strike": len(PIECES),  # seat, piece
          "coalition": SEATS,     # dominance suit, partner seat
          "open_path": NCT,       # closed path (the map's, in order), card spent (LoR 16.2.3.3)
          "sabotage": NCT,        # enemy seat, its crafted card discarded (Saboteurs, E&P)
          "instigate": SEATS,     # attacker seat, defender seat (the Vagrant's Instigate)
          "convert": SEATS,       # clearing, enemy seat whose warrior the Lizard Cult convert (LoR 10.4.3.II)
          "lz_build": NCT,        # clearing, card revealed: the Cult's Build ritual (LoR 10.5.1)
          "lz_recruit": NCT,      # clearing, card revealed: the Cult's Recruit ritual (LoR 10.5.2)
          "price": 4,             # service (Hand Card, Riverboats, Mercenaries), price - 1 (LoR 11.3.5, 11.6.2)
          "dc_build": NCL,        # building kind (0 citadel, 1 market), clearing: the Duchy's Build (LoR 12.5.1)
          "dig": NCT,             # clearing, card type spent: the Duchy's Dig (LoR 12.5.1)
          "cv_recruit": 3,        # card type spent, suit: the Corvids' Recruit (LoR 13.4.3; a bird names the suit)
          "plot": NPLOT,          # clearing, plot type placed face down: the Corvids' Plot (LoR 13.5.2)
          "trick": NCL,           # clearing, the other (higher) clearing: the Corvids' Trick (LoR 13.5.4)
          "guess": NPLOT,         # card type shown, plot type named: an Exposure (LoR 13.2.4)
          "lh_build": NCL,        # card type spent, clearing: the Hundreds' Build, a stronghold (LoR 14.5.2)
          "incite": NCL,          # card type spent, clearing: the Hundreds' Incite, a mob (LoR 14.6.1)
          "ki_relic": 3,          # forest, relic type: a setup relic placed face down (chance; LoR 15.3.1, 15.3.4)
          "decamp": 3,            # clearing, waystation: the Keepers' Decamp (LoR 15.4.2)
          "ki_recruit": NCL,      # card type spent, clearing: the Keepers' Recruit at a waystation (LoR 15.4.3)
          "retinue_add": 3,       # card type, Retinue column: Gather Retinue adds a card (LoR 15.6.2)
          "hr_setup": NCL}        # hireling (0..2 of the game's), clearing: its setup (LoR 16.1.6.3; E-27)
# (dynasty: a clearing, Last Dynasty's warriors placed there; NCL their move; NCL + 1 two battles: E-28)
NO_ARGS = ("pass", "recruit", "codebreak", "swift_strike", "enlist", "scorch", "riverboats", "mercenaries", "rf_draw",
           "dc_recruit", "jubilant")
# (the Hundreds' one-argument kinds: lh_corner, mob, anoint, bitter a clearing; mob_die a suit;
# ruin_item, hoard_out an item kind; mood a mood (MOOD_NAMES); contempt 0 take, 1 score; loot 0
# declare, 1 + the item kind taken)
# (the Keepers' one-argument kinds: ki_setup, delve_at a clearing; delve, recover, carry a relic
# (0..11, its type relic // 4); relic_value the value - 1 (chance); trophy a forest; encamp and
# retinue_shift have three arguments, below)


class Action(NamedTuple):
    kind: str
    args: tuple


def decode(a: int) -> Action:
    """The kind of an action int and its arguments (0-based)."""
    if not isinstance(a, int) or not 0 <= a < _core.NUM_ACTIONS:
        raise ValueError(f"{a!r} is not an action number (0..{_core.NUM_ACTIONS - 1})")
    start, kind = _STARTS[bisect.bisect_right(_START_VALUES, a) - 1]
    i = a - start
    if kind in NO_ARGS:
        args = ()
    elif kind in ("battle",):
        args = (i // SIDES, i % SIDES)               # clearing, defender side (a seat, or a hireling)
    elif kind == "remove":
        args = (i // NCL, i % NCL)                   # piece, clearing
    elif kind == "build":
        args = (i // NCL, i % NCL)                   # building type, clearing
    elif kind in ("overwork", "hoard"):
        args = (i // NCT, i % NCT)                   # clearing, card type
    elif kind == "intimidate":
        args = (i // 4, i % 4)                       # clearing, wyrmlings
    elif kind == "terror":
        args = (i // SEATS // NCL, (i // SEATS) % NCL, i % SEATS)   # clearing, destination, seat
    elif kind == "eat":
        args = (i // 3, i % 3)                       # card type, track
    elif kind == "dice":
        args = (i // 4, i % 4)                       # high die, low die
    elif kind == "swap":
        args = (i // NCT, i % NCT)                   # suit of the available dominance card, card type spent
    elif kind == "move":
        args = (i // 52 // NCL, (i // 52) % NCL, (i // 26) % 2, i % 26)   # from, to, pawn, warriors
    elif kind == "decree":
        args = (i // NCT, i % NCT)                   # Decree column, card type
    elif kind in ("e_recruit", "e_build"):
        args = (i // 2, i % 2)                       # clearing, bird card spent
    elif kind == "e_battle":
        args = (i // 2 // SIDES, (i // 2) % SIDES, i % 2)   # clearing, defender side, bird
    elif kind == "e_move":
        args = (i // 42 // NCL, (i // 42) % NCL, (i // 21) % 2, i % 21)   # from, to, bird, warriors
    elif kind in _PAIRS:
        args = (i // _PAIRS[kind], i % _PAIRS[kind])
    elif kind == "vb_move":
        args = (i // 21 // SEATS, (i // 21) % SEATS, i % 21)      # to, ally seat (his own: alone), warriors
    elif kind == "burrow":      # tunnel's clearing, down (0 up out of the Burrow, 1 down into it), warriors
        args = (i // 42, (i // 21) % 2, i % 21)
    elif kind == "aid":
        args = (i // NVITEM // NCT, (i // NVITEM) % NCT, i % NVITEM)   # seat aided, card type, item exhausted
    elif kind == "propaganda":
        args = (i // NCT // SEATS, (i // NCT) % SEATS, i % NCT)       # clearing, enemy seat, card spent
    elif kind == "false_orders":
        args = (i // NCL // NCL, (i // NCL) % NCL, i % NCL)           # enemy seat, from, to
    elif kind == "sanctify":    # clearing, enemy seat, its building kind replaced by a garden (LoR 10.4.3.III)
        args = (i // NBKIND // SEATS, (i // NBKIND) % SEATS, i % NBKIND)
    elif kind == "improvise":   # quest, reward (0 VP, 1 two cards), slot of the item stood in for, item
        args = (i // NVITEM // 4, (i // NVITEM // 2) % 2, (i // NVITEM) % 2, i % NVITEM)
    elif kind == "encamp":      # clearing, waystation, face up (0 its first face, 1 its second): LoR 15.4.1
        args = (i // 6, (i // 2) % 3, i % 2)
    elif kind == "retinue_shift":   # from column, to column, card type (NCT: a Faithful Retainer): LoR 15.6.2
        args = (i // (NCT + 1) // 3, (i // (NCT + 1)) % 3, i % (NCT + 1))
    elif kind == "brigand_steal":   # the player robbed, the item exhausted (HIRE: the Brigand)
        args = (i // NITEM, i % NITEM)
    elif kind == "hr_move":         # the hireling (0..2 of the game's), from, to, warriors (E-18)
        args = (i // 13 // NCL // NCL, (i // 13 // NCL) % NCL, (i // 13) % NCL, i % 13)
    elif kind == "hr_battle":       # the hireling, clearing, defender side (E-18, E-C7)
        args = (i // SIDES // NCL, (i // SIDES) % NCL, i % SIDES)
    else:
        args = (i,)
    return Action(kind, args)


def encode(kind: str, *args: int) -> int:
    """The inverse of decode: encode("move", 0, 4, 0, 2) moves 2 warriors from clearing 1 to 5."""
    start, size = KINDS[kind]
    if kind in NO_ARGS:
        i = 0
    elif kind == "battle":
        i = args[0] * SIDES + args[1]
    elif kind in ("remove", "build"):
        i = args[0] * NCL + args[1]
    elif kind in ("overwork", "hoard", "swap"):
        i = args[0] * NCT + args[1]
    elif kind in ("intimidate", "dice"):
        i = args[0] * 4 + args[1]
    elif kind == "terror":
        i = (args[0] * NCL + args[1]) * SEATS + args[2]
    elif kind == "eat":
        i = args[0] * 3 + args[1]
    elif kind == "move":
        i = ((args[0] * NCL + args[1]) * 2 + args[2]) * 26 + args[3]
    elif kind == "decree":
        i = args[0] * NCT + args[1]
    elif kind in ("e_recruit", "e_build"):
        i = args[0] * 2 + args[1]
    elif kind == "e_battle":
        i = (args[0] * SIDES + args[1]) * 2 + args[2]
    elif kind == "e_move":
        i = ((args[0] * NCL + args[1]) * 2 + args[2]) * 21 + args[3]
    elif kind in _PAIRS:
        i = args[0] * _PAIRS[kind] + args[1]
    elif kind == "vb_move":
        i = (args[0] * SEATS + args[1]) * 21 + args[2]
    elif kind == "burrow":
        i = (args[0] * 2 + args[1]) * 21 + args[2]
    elif kind == "aid":
        i = (args[0] * NCT + args[1]) * NVITEM + args[2]
    elif kind == "propaganda":
        i = (args[0] * SEATS + args[1]) * NCT + args[2]
    elif kind == "false_orders":
        i = (args[0] * NCL + args[1]) * NCL + args[2]
    elif kind == "sanctify":
        i = (args[0] * SEATS + args[1]) * NBKIND + args[2]
    elif kind == "improvise":
        i = ((args[0] * 2 + args[1]) * 2 + args[2]) * NVITEM + args[3]
    elif kind == "encamp":
        i = (args[0] * 3 + args[1]) * 2 + args[2]
    elif kind == "retinue_shift":
        i = (args[0] * 3 + args[1]) * (NCT + 1) + args[2]
    elif kind == "brigand_steal":
        i = args[0] * NITEM + args[1]
    elif kind == "hr_move":
        i = ((args[0] * NCL + args[1]) * NCL + args[2]) * 13 + args[3]
    elif kind == "hr_battle":
        i = (args[0] * NCL + args[1]) * SIDES + args[2]
    else:
        (i,) = args
    if not 0 <= i < size or decode(start + i).args != tuple(args):
        raise ValueError(f"arguments {args} out of range for {kind}")
    return start + i


def piece(name: str) -> int:
    return PIECES.index(name)
