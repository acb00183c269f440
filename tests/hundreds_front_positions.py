"""Helpers for the Lord of the Hundreds' front-end tests (LoR 14; docs/hundreds-keepers.md §2, §5): a
position written the documented way (the JSON a front end sends to `setposition` or
Game.from_position) and the tables of three to six seats the boards are drawn at. The seeded games of
heuristic players are tests/duchy_front_positions.py's `played` and `snapshots` (any table).

- `hand_written(turn)`: a position at the Marquise, Hundreds, Wyrm table: the warlord with 3 Hundreds
  warriors and a stronghold in rabbit 3, 2 warriors and a mob in mouse 7, a mob alone in mouse 11, a
  warrior and a stronghold in rabbit 4; the mood Wrathful; `hand_written_game` adds the Hoard: boots
  (Command 2) and two swords (Prowess 2); the Marquise's Keep in 1 and a warrior in 7, the Wyrm's pawn and a wyrmling in 5.

The Autumn map: fox 1 6 8 12, rabbit 3 4 5 10, mouse 2 7 9 11."""
from __future__ import annotations

from wyrm_ai import _core
from wyrm_ai.model import factions
from wyrm_ai.model.game import Game

TABLE = ("marquise", "hundreds", "wyrm")
KIND = {name: (start, size) for name, start, size in _core.ACTION_KINDS}
# the Hundreds' own action kinds (LoR 14; the chance outcomes mob_die and ruin_item aside)
LH_KINDS = ("lh_corner", "mob", "anoint", "mood", "hoard_out", "contempt", "loot", "bitter", "lh_build", "incite",
            "jubilant")
LH_STEPS = ("hundreds_setup", "hundreds_birdsong", "mob_die", "raze_ruin", "hundreds_daylight", "hundreds_evening",
            "contempt", "hoard_overflow", "loot", "loot_declare", "bitter")
MOODS = tuple(_core.MOOD_NAMES)
# three to six seats with the Hundreds: beside the Marquise and the Wyrm; with the Corvids (the other
# Marauder faction's neighbours, issue 35) at four; with the Riverfolk and the Vagabond at five; at six
# with the Duchy, the Cult and the bot, and with the four base factions
TABLES = {
    3: ("marquise", "hundreds", "wyrm"),
    4: ("corvids", "alliance", "hundreds", "wyrm"),
    5: ("hundreds", "riverfolk", "vagabond", "alliance", "wyrm"),
    6: ("duchy", "hundreds", "lizards", "corvids", "mechanical-marquise", "wyrm"),
}
SIX_BASE = ("marquise", "eyrie", "alliance", "vagabond", "hundreds", "wyrm")


def table_id(table) -> str:
    """A short test id: the Rootlog letters in seat order (CHW, PAHW, ...)."""
    return "".join(factions.LETTERS[factions.faction_id(f)] for f in table)


def hand_written(turn: str = "marquise", mood: str = "wrathful") -> dict:
    """The position of the module's docstring, `turn` to play."""
    rows = [{"clearing": n} for n in range(1, 13)]
    rows[0]["pieces"] = {"marquise": {"warriors": 2, "keep": 1, "sawmills": 1}}
    rows[2]["pieces"] = {"hundreds": {"warriors": 3, "warlord": 1, "strongholds": 1}}
    rows[3]["pieces"] = {"hundreds": {"warriors": 1, "strongholds": 1}}
    # (the Hundreds' pieces by the flat names too: hundreds, warlord, strongholds, mob)
    rows[6].update(hundreds=2, mob=True, pieces={"marquise": {"warriors": 1}})
    rows[10].update(mob=True)
    rows[4]["pieces"] = {"wyrm": {"pawn": 1, "warriors": 1}}
    return {"factions": list(TABLE), "turn": turn, "first": "marquise",
            "keep": 1, "pawn": 5, "growth": {"bite": 2, "height": 2, "might": 2}, "clearings": rows,
            "hands": {"marquise": ["F#anvil", "M#sword"], "hundreds": ["B#armorers", "R#cobbler"],
                      "wyrm": ["M#crossbow"]},
            "hundreds": {"mood": mood}}


HOARD = {"boots": 1, "sword": 2}


def hand_written_game(turn: str = "marquise", mood: str = "wrathful") -> Game:
    """The game of hand_written(turn, mood) with the Hoard HOARD (boots; two swords), its items taken
    from the item supply: set in the state, as the position reader does not yet take a `hundreds.hoard`
    item off the supply (it refuses the position: 'boots items are not 3 in all')."""
    from positions import modify

    def hoard(d):
        for name, n in HOARD.items():
            k = list(_core.VITEM_NAMES).index(name)
            d["hoard"][k] += n
            d["item_supply"][k] -= n
    return modify(Game.from_position(hand_written(turn, mood)), hoard)


def hundreds_seat(g: Game) -> int:
    return g.faction_ids.index(factions.HUNDREDS)
