"""The state JSON names every faction's pieces by faction (issue 28 item 6, protocol 2.8): each
clearing's `pieces` and the `supplies` hold one object per seated faction, whose fighters are all
`warriors`; the 2.7 flat names (a clearing's `warriors` = the Marquise's, `birds`, `rebels`,
`wyrmlings`, `mm_warriors`, ...) stay one protocol version and agree with them; ruins are given at
every table (LoR 9.5.3: ruins are placed at setup whoever sits)."""
from __future__ import annotations

import json

import numpy as np
import pytest

from wyrm_ai import _core
from wyrm_ai.model.game import Game
from wyrm_ai.protocol.views import state_view

# the 2.7 flat field of each (faction, piece) the 2.8 object names
FLAT = {("marquise", "warriors"): "warriors", ("marquise", "sawmills"): "sawmills",
        ("marquise", "workshops"): "workshops", ("marquise", "recruiters"): "recruiters",
        ("marquise", "wood"): "wood", ("marquise", "keep"): "keep",
        ("wyrm", "warriors"): "wyrmlings", ("wyrm", "pawn"): "pawn", ("wyrm", "fear"): "fear",
        ("eyrie", "warriors"): "birds", ("eyrie", "roosts"): "roost",
        ("alliance", "warriors"): "rebels", ("alliance", "bases"): "base", ("alliance", "sympathy"): "sympathy",
        ("vagabond", "pawn"): "vagabond",
        ("mechanical-marquise", "warriors"): "mm_warriors", ("mechanical-marquise", "keep"): "mm_keep",
        ("mechanical-marquise", "sawmills"): "mm_sawmills", ("mechanical-marquise", "workshops"): "mm_workshops",
        ("mechanical-marquise", "recruiters"): "mm_recruiters"}


def played(table, n: int, seed: int) -> Game:
    g = Game(factions=table)
    rng = np.random.default_rng(seed)
    for _ in range(n):
        if g.is_terminal():
            break
        if g.is_chance_node():
            g.apply(g.sample_chance(rng))
        else:
            a = g.legal_actions()
            g.apply(int(a[rng.integers(len(a))]))
    return g


@pytest.mark.parametrize("table", [("marquise", "eyrie", "alliance", "wyrm"),
                                   ("marquise", "eyrie", "vagabond", "wyrm"),
                                   ("marquise", "mechanical-marquise", "wyrm")])
def test_pieces_by_faction_agree_with_the_flat_names(table):
    g = played(table, 150, 7)
    v = json.loads(json.dumps(state_view(g, "public")))
    assert v["protocol"] == "2.21"
    seen = set()
    for c in v["clearings"]:
        assert set(c["pieces"]) <= set(table)
        for faction in table:
            mine = c["pieces"].get(faction, {})
            assert all(n > 0 for n in mine.values())       # a piece is listed only where it stands
            for (f, piece), flat in FLAT.items():
                if f == faction:
                    assert mine.get(piece, 0) == int(c[flat]), (c["clearing"], faction, piece)
            seen.update((faction, piece) for piece in mine)
    assert ("marquise", "warriors") in seen and ("wyrm", "pawn") in seen
    assert set(v["supplies"]) == set(table)
    assert all("warriors" in v["supplies"][f] for f in table if f != "vagabond")   # every faction's fighters
    supplies = v["supplies"]
    assert supplies["marquise"]["warriors"] == v["supply"]["warriors"]
    assert supplies["wyrm"]["warriors"] == v["supply"]["wyrmlings"]
    assert supplies["wyrm"]["treasure"] == v["supply"]["treasure"]
    on_map = sum(c["pieces"].get("marquise", {}).get("warriors", 0) for c in v["clearings"])
    assert on_map + supplies["marquise"]["warriors"] == _core.MARQUISE_TABLE["warriors"]
    if "eyrie" in table:
        assert supplies["eyrie"] == v["eyrie"]["supply"]
    if "alliance" in table:
        assert supplies["alliance"] == v["alliance"]["supply"]
    if "mechanical-marquise" in table:
        assert supplies["mechanical-marquise"] == v["mechanical-marquise"]["supply"]


def test_ruins_are_shown_at_every_table():
    """issue 28: a ruin slot looked free unless the Vagabond sat (Autumn's four ruins, LoR 9.5.3)."""
    for table in (("marquise", "wyrm"), ("marquise", "eyrie", "alliance", "wyrm")):
        v = state_view(Game(factions=table), "public")
        ruins = [c["clearing"] for c in v["clearings"] if c["ruin"]]
        assert ruins == [i + 1 for i in range(_core.NUM_CLEARINGS) if _core._RUINS[i]] and len(ruins) == 4
