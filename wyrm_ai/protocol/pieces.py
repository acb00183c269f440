"""Each seated faction's pieces in the `state` JSON, named by faction (protocol 2.8): a clearing's
`pieces` holds one object per seated faction with pieces there (`{"eyrie": {"warriors": 3,
"roosts": 1}}`), and `supplies` one object per seated faction. One table, keyed by faction id:
a faction's row reads its own fields of the observation and names them the way a Root player
does (every faction's fighters are `warriors`, its buildings by type, its tokens by kind).

The flat fields of protocol 2.7 (a clearing's `warriors` = the Marquise's, `birds`, `rebels`,
`mm_warriors`, ...; `supply.warriors` = the Marquise's) stay one protocol version beside these
(docs/protocol.md, "Versioning")."""
from __future__ import annotations

from wyrm_ai import _core
from wyrm_ai.model import factions

BUILDINGS = tuple(name + "s" for name in _core.BUILDING_NAMES)   # a Marquise's buildings by type, as the core orders them


def _marquise(d: dict, i: int) -> dict:
    return {"warriors": d["warriors"][i], **{name: row[i] for name, row in zip(BUILDINGS, d["buildings"])},
            "wood": d["wood"][i], "keep": int(d["keep"] == i)}


def _eyrie(d: dict, i: int) -> dict:
    return {"warriors": d["birds"][i], "roosts": int(bool(d["roosts"][i]))}


def _alliance(d: dict, i: int) -> dict:
    return {"warriors": d["rebels"][i], "bases": int(i in d["base_at"]), "sympathy": int(bool(d["sympathy"][i]))}


def _vagabond(d: dict, i: int) -> dict:
    return {"pawn": int(d["vb_at"] == i)}


def _vagabond2(d: dict, i: int) -> dict:
    """The second Vagabond's pawn (LoR 9.7), read from his own fields (State.to_dict's "vagabond2")."""
    return {"pawn": int(factions.vagabond_fields(d, factions.VAGABOND2)["vb_at"] == i)}


def _wyrm(d: dict, i: int) -> dict:
    return {"warriors": d["wyrmlings"][i], "pawn": int(d["pawn"] == i), "fear": int(d["fear"][i] > 0)}


def _mechanical(d: dict, i: int) -> dict:
    return {"warriors": d["mm_warriors"][i], **{name: row[i] for name, row in zip(BUILDINGS, d["mm_buildings"])},
            "keep": int(d["mm_keep"] == i)}


def _lizards(d: dict, i: int) -> dict:
    """The Lizard Cult's warriors and gardens (each of its clearing's suit, LoR 10.3)."""
    return {"warriors": d["lizards"][i], "gardens": sum(row[i] for row in d["gardens"])}


def _riverfolk(d: dict, i: int) -> dict:
    """The Riverfolk's warriors and trade post (one a clearing, of its clearing's suit: LoR 11.5.6)."""
    return {"warriors": d["otters"][i], "trade_posts": int(bool(d["trade_posts"][i]))}


def _duchy(d: dict, i: int) -> dict:
    """The Underground Duchy's warriors, citadels, markets and tunnel (one a clearing, LoR 12.2.4);
    its warriors in the Burrow are the state JSON's duchy.burrow (the Burrow is no clearing of the
    map)."""
    return {"warriors": d["moles"][i], "citadels": d["citadels"][i], "markets": d["markets"][i],
            "tunnel": int(bool(d["tunnels"][i]))}


def _corvids(d: dict, i: int) -> dict:
    """The Corvids' warriors and plot (one a clearing, LoR 13.2.2; its type and facing, where the
    viewer may see them, are the state JSON's corvids.plots)."""
    return {"warriors": d["corvids"][i], "plots": int(bool(d["plots"][i]))}


def _hundreds(d: dict, i: int) -> dict:
    """The Lord of the Hundreds' warriors, warlord (the seat's pawn, LoR 14.2.2), strongholds and mob
    (one a clearing, LoR 14.4.1, 14.6.1), as the position reader names them (position_factions.py)."""
    return {"warriors": d["hundreds"][i], "warlord": int(d["warlord"] == i), "strongholds": d["strongholds"][i],
            "mob": int(bool(d["mobs"][i]))}


def _keepers(d: dict, i: int) -> dict:
    """The Keepers in Iron's warriors, waystations (their faces: the state JSON's flat `waystations`
    and keepers.waystations) and relics (each face up in a clearing, I-C2; their types and values:
    keepers.relics), as the position reader names them (position_factions.py)."""
    return {"warriors": d["keepers"][i], "waystations": d["waystations"][i], "relics": d["relics"][i]}


def buildings_left(rows, per_type: int) -> dict:
    """A Marquise's (or the bot's) buildings of each type not on the map: her supply (LoR 6.1)."""
    return {name: per_type - sum(row) for name, row in zip(BUILDINGS, rows)}


# faction id -> (its pieces in clearing i, its supply), each read from an observation
PIECES = {
    factions.MARQUISE: (_marquise, lambda d: {"warriors": d["warrior_supply"], "wood": d["wood_supply"],
                                              **buildings_left(d["buildings"], _core.MARQUISE_TABLE["buildings_per_type"])}),
    factions.EYRIE: (_eyrie, lambda d: {"warriors": d["bird_supply"], "roosts": d["roost_supply"]}),
    factions.ALLIANCE: (_alliance, lambda d: {"warriors": d["rebel_supply"], "sympathy": d["sympathy_supply"]}),
    factions.VAGABOND: (_vagabond, lambda d: {}),
    factions.VAGABOND2: (_vagabond2, lambda d: {}),
    factions.WYRM: (_wyrm, lambda d: {"warriors": d["wyrmling_supply"], "fear": d["fear_supply"],
                                      "treasure": d["treasure_supply"]}),
    factions.MECHANICAL: (_mechanical, lambda d: {"warriors": d["mm_warrior_supply"],
                                                  **buildings_left(d["mm_buildings"], _core.MM_TABLE["buildings_per_type"])}),
    # gardens off the map, all suits (each count in a faction's pieces is one number; by suit: the
    # state JSON's lizards.gardens)
    factions.LIZARDS: (_lizards, lambda d: {"warriors": d["lizard_supply"],
                                            "gardens": sum(_core.LIZARD_TABLE["gardens_per_suit"] - sum(row)
                                                           for row in d["gardens"])}),
    # trade posts still on the Trade Posts tracks, all suits (by suit: the state JSON's
    # riverfolk.posts); a removed post leaves the game (LoR 11.2.5.I)
    factions.RIVERFOLK: (_riverfolk, lambda d: {"warriors": d["otter_supply"], "trade_posts": sum(d["posts_left"])}),
    # warriors neither on the map nor in the Burrow; citadels and markets still on their tracks
    factions.DUCHY: (_duchy, lambda d: {"warriors": d["mole_supply"], "tunnels": d["tunnel_supply"],
                                        "citadels": _core.DUCHY_TABLE["citadels"] - sum(d["citadels"]),
                                        "markets": _core.DUCHY_TABLE["markets"] - sum(d["markets"])}),
    factions.CORVIDS: (_corvids, lambda d: {"warriors": d["corvid_supply"], "plots": d["plot_supply"]}),
    # warriors and mobs not on the map, strongholds not on the map (the warlord off the map is
    # Anointed, never in a supply count: LoR 14.4.3)
    factions.HUNDREDS: (_hundreds, lambda d: {"warriors": d["hundred_supply"], "mobs": d["mob_supply"],
                                              "strongholds": _core.HUNDREDS_TABLE["strongholds"] - sum(d["strongholds"])}),
    # warriors and waystations not on the map (a relic never goes to a supply: LoR 15.2.5)
    factions.KEEPERS: (_keepers, lambda d: {"warriors": d["keeper_supply"],
                                            "waystations": _core.KEEPERS_TABLE["waystations"] - sum(d["waystations"])}),
}
assert set(PIECES) == set(range(len(factions.NAMES)))


def clearing_pieces(d: dict, table, i: int) -> dict:
    """{faction name: its pieces in clearing i} for each seated faction with a piece there."""
    out = {}
    for f in table:
        if f == factions.UNDRAFTED:        # a player of the draft has no pieces until it chooses
            continue
        here = {k: n for k, n in PIECES[f][0](d, i).items() if n}
        if here:
            out[factions.NAMES[f]] = here
    return out


def supplies(d: dict, table) -> dict:
    """{faction name: its pieces in supply} for each seated faction (the Vagabond has none)."""
    return {factions.NAMES[f]: PIECES[f][1](d) for f in table if f != factions.UNDRAFTED}
