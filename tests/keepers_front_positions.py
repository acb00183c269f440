"""Helpers for the Keepers in Iron's front-end tests (LoR 15; docs/hundreds-keepers.md §3, §7): a
position written the documented way (the JSON a front end sends to `setposition` or
Game.from_position: the `keepers` object of position_factions.Keepers) and the tables of three to six
seats the boards are drawn at. The seeded games of heuristic players are
tests/duchy_front_positions.py's `played` and `snapshots` (any table).

- `hand_written(turn)`: a position at the Marquise, Keepers, Wyrm table: 3 Keeper warriors, the
  figure/tablet waystation showing tablet and a tablet of value 2 in rabbit 3; 2 warriors, the
  jewelry/figure waystation showing jewelry and a figure of value 3 in mouse 7; the tablet/jewelry
  waystation on their board; face down in the forests a figure (1_2_5_10), a tablet (1_9_10_12), a
  figure (4_7_8_12), a tablet (3_7_11_12), jewelry (2_6_10_11_12, 4_9_12, 1_2_5_10), and a jewelry
  of value 1 face up in 3_6_11 (a trophy); a figure (1) and a tablet (3) on the Relics track; the
  Retinue: Move a Faithful Retainer and Anvil (fox), Battle then Delve a Retainer, Move or Recover a
  Retainer and Sword (mouse). The Marquise's Keep in 1, the Wyrm's pawn and a wyrmling in 5.

The Autumn map: fox 1 6 8 12, rabbit 3 4 5 10, mouse 2 7 9 11."""
from __future__ import annotations

from wyrm_ai import _core
from wyrm_ai.model import factions
from wyrm_ai.model.game import Game

TABLE = ("marquise", "keepers", "wyrm")
KIND = {name: (start, size) for name, start, size in _core.ACTION_KINDS}
# the Keepers' own action kinds (LoR 15; the chance outcomes ki_relic and relic_value aside, and
# Prized Trophies' trophy, any remover's)
KI_KINDS = ("ki_setup", "encamp", "decamp", "ki_recruit", "delve_at", "delve", "recover", "carry", "retinue_add",
            "retinue_shift")
KI_STEPS = ("keepers_setup", "relic_setup", "keepers_birdsong", "keepers_daylight", "delve", "relic_value",
            "recover", "keepers_evening", "carry", "trophy")
# three to six seats with the Keepers: beside the Marquise and the Wyrm; with the Hundreds (the other
# Marauder faction, issue 35's table) at four; with the Corvids and the Vagabond at five; at six with the
# Duchy, the Hundreds and the bot
TABLES = {
    3: ("marquise", "keepers", "wyrm"),
    4: ("hundreds", "keepers", "marquise", "wyrm"),
    5: ("keepers", "corvids", "vagabond", "alliance", "wyrm"),
    6: ("duchy", "keepers", "hundreds", "lizards", "mechanical-marquise", "wyrm"),
}
SIX_BASE = ("marquise", "eyrie", "alliance", "vagabond", "keepers", "wyrm")

RELICS = [  # figures, tablets, jewelry (four each, LoR 15.2.1): where each lies, its value (None face down)
    {"type": "figure", "at": 7, "value": 3}, {"type": "figure", "at": "1_2_5_10", "value": None},
    {"type": "figure", "at": "recovered", "value": 1}, {"type": "figure", "at": "4_7_8_12", "value": None},
    {"type": "tablet", "at": 3, "value": 2}, {"type": "tablet", "at": "1_9_10_12", "value": None},
    {"type": "tablet", "at": "recovered", "value": 3}, {"type": "tablet", "at": "3_7_11_12", "value": None},
    {"type": "jewelry", "at": "3_6_11", "value": 1}, {"type": "jewelry", "at": "2_6_10_11_12", "value": None},
    {"type": "jewelry", "at": "4_9_12", "value": None}, {"type": "jewelry", "at": "1_2_5_10", "value": None},
]
RETINUE = {"move": ["retainer", "F#anvil"], "battle_delve": ["retainer"], "move_recover": ["retainer", "M#sword"]}


def table_id(table) -> str:
    """A short test id: the Rootlog letters in seat order (CKW, HKCW, ...)."""
    return "".join(factions.LETTERS[factions.faction_id(f)] for f in table)


def hand_written(turn: str = "marquise") -> dict:
    """The position of the module's docstring, `turn` to play."""
    rows = [{"clearing": n} for n in range(1, 13)]
    rows[0]["pieces"] = {"marquise": {"warriors": 2, "keep": 1, "sawmills": 1}}
    rows[2]["pieces"] = {"keepers": {"warriors": 3}}
    rows[6]["pieces"] = {"keepers": {"warriors": 2}, "marquise": {"warriors": 1}}
    rows[4]["pieces"] = {"wyrm": {"pawn": 1, "warriors": 1}}
    return {"factions": list(TABLE), "turn": turn, "first": "marquise",
            "keep": 1, "pawn": 5, "growth": {"bite": 2, "height": 2, "might": 2}, "clearings": rows,
            "hands": {"marquise": ["F#taxcollector", "M#crossbow"], "keepers": ["B#armorers", "R#cobbler"],
                      "wyrm": ["R#bakesale"]},
            "keepers": {"waystations": [{"clearing": 3, "up": "tablet"}, None, {"clearing": 7, "up": "jewelry"}],
                        "relics": [dict(r) for r in RELICS], "retinue": {k: list(v) for k, v in RETINUE.items()}}}


def hand_written_game(turn: str = "marquise") -> Game:
    return Game.from_position(hand_written(turn))


def keepers_seat(g: Game) -> int:
    return g.faction_ids.index(factions.KEEPERS)
