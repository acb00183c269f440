"""Where on the map each legal action acts, so the board can offer it as a click: the clearing it
starts from (or acts in), the clearing it goes to and the forest it goes to. Read from the
action's int (notation.parse, actions.decode): which of an action kind's arguments are clearings
or forests is part of the action encoding (docs/architecture.md, "Actions"), not a rule. Actions
with no place on the map (cards, pass, choices of a track or a player) stay in the list only."""
from __future__ import annotations

from wyrm_ai import _core
from wyrm_ai.model.actions import decode
from wyrm_ai.model.notation import parse
from wyrm_ai.web.words import explain

NCL = _core.NUM_CLEARINGS
NCT = _core.NUM_CARD_TYPES

# kind -> (index of the clearing it starts from or acts in, index of the clearing it goes to)
CLEARING_ARGS = {
    "move": (0, 1), "e_move": (0, 1), "terror": (0, 1),
    "battle": (0, None), "e_battle": (0, None), "overwork": (0, None), "hoard": (0, None),
    "intimidate": (0, None), "e_recruit": (0, None), "e_build": (0, None),
    "remove": (1, None), "build": (1, None),
    **{kind: (0, None) for kind in ("place_warrior", "place_wood", "keep", "homeland", "pawn_to", "fear", "tax",
                                     "roost", "revolt", "spread", "organize", "a_recruit")},
    "vb_move": (None, 0), "slip": (None, 0),
    "rf_recruit": (0, None), "trade_post": (0, None),     # the Riverfolk's setup and recruit, a trade post (LoR 11)
    "physicians": (0, None),                              # Feline Physicians' clearing (LoR 16.4; E-26)
}

# the Underground Duchy's actions on the map (LoR 12), read from the action's offset in its kind as the
# core encodes it (docs/duchy-corvids.md §4), whatever arguments decode splits it into: the corner of
# its setup, a Build's clearing, a Dig's clearing, the tunnel taken up first, the tunnel clearing a move
# to or from the Burrow passes through (the Burrow is no clearing of the map: it is drawn beside it)
DUCHY_CLEARING = {
    "dc_corner": lambda i: i,                  # + clearing
    "dc_build": lambda i: i % NCL,             # + kind * 12 + clearing
    "dig": lambda i: i // NCT,                 # + clearing * 60 + card
    "tunnel_off": lambda i: i,                 # + clearing
    "burrow": lambda i: i // 42,               # + (clearing * 2 + down) * 21 + warriors
}
# the Corvid Conspiracy's actions on the map (LoR 13), read the same way (docs/duchy-corvids.md §6):
# a setup warrior's clearing, a Flip's, a Plot's, an Exposure's (the seat on turn names the clearing
# of a face-down plot), and a Trick's two plots (the first clearing, then the other: `to`)
NPLOT = len(_core.PLOT_NAMES)
CORVID_CLEARING = {
    "cv_setup": lambda i: i,                   # + clearing
    "flip": lambda i: i,                       # + clearing
    "plot": lambda i: i // NPLOT,              # + clearing * 4 + type
    "trick": lambda i: i // NCL,               # + clearing * 12 + the other
    "expose": lambda i: i,                     # + clearing
}
# the Lord of the Hundreds' actions on the map (LoR 14), read the same way (docs/hundreds-keepers.md §5):
# the setup's corner, a mob's clearing (the mob die's spread, Jubilant's), the Anoint's, a mob removed
# for Bitter, a Build's stronghold and an Incite's mob (card * 12 + clearing); the warlord's moves and
# battles are the shared kinds', and a Recruit short of warriors a place_warrior's
HUNDREDS_CLEARING = {
    "lh_corner": lambda i: i,                  # + clearing
    "mob": lambda i: i,                        # + clearing
    "anoint": lambda i: i,                     # + clearing
    "bitter": lambda i: i,                     # + the clearing of the mob removed
    "lh_build": lambda i: i % NCL,             # + card * 12 + clearing
    "incite": lambda i: i % NCL,               # + card * 12 + clearing
}
# the Keepers in Iron's actions on the map (LoR 15), read the same way (docs/hundreds-keepers.md §7): the
# setup's clearings, an Encamp's (clearing * 6 + waystation * 2 + face), a Decamp's (clearing * 3 +
# waystation), a Recruit's waystation (card * 12 + clearing), Battle then Delve with no battle (+
# clearing); their moves and battles are the shared kinds'. A relic's actions (delve, recover, carry:
# + relic) and Prized Trophies' forest are placed by keepers_place, the relic's place read off the state
KEEPERS_CLEARING = {
    "ki_setup": lambda i: i,                   # + clearing
    "encamp": lambda i: i // 6,                # + (clearing * 3 + waystation) * 2 + face
    "decamp": lambda i: i // 3,                # + clearing * 3 + waystation
    "ki_recruit": lambda i: i % NCL,           # + card * 12 + clearing
    "delve_at": lambda i: i,                   # + clearing
}
RELIC_KINDS = ("delve", "recover", "carry")    # + relic (0..11)
KIND_START = {kind: start for kind, start, _ in _core.ACTION_KINDS}


def _offset_clearing(table: dict, a: int):
    kind, _ = decode(a)
    if kind not in table:
        return None
    c = table[kind](a - KIND_START[kind])
    return c + 1 if 0 <= c < NCL else None


def duchy_clearing(a: int):
    """The clearing (1-12) a Duchy action acts in, None for another action."""
    return _offset_clearing(DUCHY_CLEARING, a)


def corvid_clearing(a: int):
    """The clearing (1-12) a Corvid action (or an Exposure) acts in, None for another action."""
    return _offset_clearing(CORVID_CLEARING, a)


def hundreds_clearing(a: int):
    """The clearing (1-12) a Hundreds action acts in (HUNDREDS_CLEARING), None for another action."""
    return _offset_clearing(HUNDREDS_CLEARING, a)


def keepers_clearing(a: int):
    """The clearing (1-12) a Keepers action acts in (KEEPERS_CLEARING), None for another action."""
    return _offset_clearing(KEEPERS_CLEARING, a)


def keepers_place(a: int, d: dict, forests: tuple) -> tuple:
    """(clearing 1-12 or None, forest name or None) where a relic's action (delve, recover, carry) or a
    Prized Trophies' forest acts, from the state dict d: a delve at the forest its relic lies in (LoR
    15.5.2.II.a), a recovery at the relic's clearing (15.5.2.III.a), a carried relic at the clearing it
    goes to (15.2.4), a trophy at its forest (15.2.5); (None, None) for another action."""
    kind, args = decode(a)
    if kind == "trophy":
        return None, forests[args[0]] if 0 <= args[0] < len(forests) else None
    if kind not in RELIC_KINDS or d is None:
        return None, None
    at = d["carry_to"] if kind == "carry" else d["relic_at"][args[0]]
    if 0 <= at < NCL:
        return at + 1, None
    f = at - NCL
    return None, forests[f] if 0 <= f < len(forests) else None


def trick_other(a: int):
    """The second clearing (1-12) of a Trick (the plot swapped with the first's), None for another action."""
    kind, _ = decode(a)
    return (a - KIND_START[kind]) % NCL + 1 if kind == "trick" else None


# kind -> (index of the argument that is a forest, its offset: a forest is its index among the
# game's map's forests, or 12 + that index where the argument is a place, a clearing or a forest)
FOREST_ARGS = {"forest": (0, 0), "slip": (0, NCL)}


def _forest(kind: str, args: tuple, forests: tuple):
    i, offset = FOREST_ARGS.get(kind, (None, 0))
    if i is None or i >= len(args) or not isinstance(args[i], int):
        return None
    f = args[i] - offset
    return forests[f] if 0 <= f < len(forests) else None


def _clearing(args: tuple, i):
    if i is None or i >= len(args) or not isinstance(args[i], int) or not 0 <= args[i] < NCL:
        return None
    return args[i] + 1


def legal_targets(game, texts: list[str]) -> list[dict]:
    """Each legal action text of the seat to move as {text, words, at, to, forest, burrow}: `at`
    the clearing it starts from or acts in, `to` where it goes (1-12, or None), `forest` the forest
    it goes to (its name among the game's map's forests, as /api/map?map=NAME names it: the
    Vagabond's start and Slip, the Wyrm fleeing a battle), or None; `burrow` whether it moves
    warriors to or from the Duchy's Burrow (LoR 12.2.2: the board draws it beside the map, a
    click there offers these)."""
    seat = game.current_player
    board = game.board                              # (map id, suits): notation reads the game's map
    forests = _core.MAPS[_core.MAP_NAMES[board[0]]]["forest_names"]
    out, d = [], None
    for text in texts:
        entry = {"text": text, "words": text, "at": None, "to": None, "forest": None, "burrow": False}
        if seat >= 0:
            a = parse(text, seat, game.faction_ids, board)
            kind, args = decode(a)
            at, to = CLEARING_ARGS.get(kind, (None, None))
            forest = _forest(kind, args, forests)
            entry.update(words=explain(a, seat, game.step, game.faction_ids, game.state),
                         at=_clearing(args, at), to=_clearing(args, to), forest=forest)
            if kind in DUCHY_CLEARING:
                entry["at"] = duchy_clearing(a)
                entry["burrow"] = kind == "burrow"
            if kind in CORVID_CLEARING:
                entry["at"], entry["to"] = corvid_clearing(a), trick_other(a)
            if kind in HUNDREDS_CLEARING:
                entry["at"] = hundreds_clearing(a)
            if kind in KEEPERS_CLEARING:
                entry["at"] = keepers_clearing(a)
            if kind in RELIC_KINDS or kind == "trophy":
                d = game.state.to_dict() if d is None and kind != "trophy" else d
                entry["at"], entry["forest"] = keepers_place(a, d, forests)
            if entry["at"] is None and entry["to"] is not None:     # a move from where the pawn is
                entry["at"], entry["to"] = entry["to"], None
        out.append(entry)
    return out
