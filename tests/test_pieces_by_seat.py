"""Pieces by seat (issue 30 item 1; docs/architecture.md "Pieces by seat"): every seat's pieces
are held in one layout (ext/wyrm_ai/state.pxi: Pieces), each faction's piece kinds and its own
answers are data in ext/wyrm_ai/factions.pxi, and the shared rules name no faction.

The plain data (saves, positions, the engine's `state`) keeps each faction's own names for its
pieces (`warriors` the Marquise's, `birds`, `rebels`, `wyrmlings`, `mm_warriors` ...): a faction
not at the table has its new-game supply there and nothing on the map, and a position that gives
it anything else is refused, naming the faction."""
from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest

from wyrm_ai import State
from wyrm_ai.model.errors import WyrmError
from wyrm_ai.model.game import Game

CORE = Path(__file__).resolve().parent.parent / "ext" / "wyrm_ai"
# the factions' own files, their data, and the evaluation's terms may name a faction
OWN_FILES = {"marquise.pxi", "eyrie.pxi", "alliance.pxi", "vagabond.pxi", "wyrm.pxi", "mechanical.pxi",
             "factions.pxi", "heuristics.pxi", "learned.pxi"}
FACTION_CONSTANT = re.compile(r"\bF_(MARQUISE|EYRIE|ALLIANCE|VAGABOND|WYRM|MECHANICAL)\b")


def test_shared_rules_name_at_most_30_faction_constants():
    """Issue 30: outside the factions' own files, factions.pxi, heuristics.pxi and learned.pxi,
    the core names a specific faction constant in at most 30 places (129 before pieces by
    seat); a shared rule asks the seat's pieces or the faction tables instead."""
    counts = {p.name: len(FACTION_CONSTANT.findall(p.read_text()))
              for p in sorted(CORE.glob("*.pxi")) if p.name not in OWN_FILES}
    assert sum(counts.values()) <= 30, counts
    # the shared rule files name none at all
    for name in ("rules.pxi", "battle.pxi", "turn.pxi", "card_effects.pxi", "dominance.pxi"):
        assert counts[name] == 0, (name, counts[name])


def played(mix, seed, steps=400):
    g = Game(first=mix[0], factions=mix)
    rng = np.random.default_rng(seed)
    for _ in range(steps):
        if g.is_terminal():
            break
        legal = g.legal_actions()
        g.apply(g.sample_chance(rng) if g.is_chance_node() else int(legal[rng.integers(len(legal))]))
    return g


@pytest.mark.parametrize("mix", [("marquise", "wyrm"), ("eyrie", "alliance", "wyrm"),
                                 ("marquise", "mechanical", "wyrm"), ("alliance", "vagabond", "wyrm")])
def test_every_faction_keeps_its_own_names_in_the_plain_data(mix):
    """Each seat's pieces come back under its faction's names, and a faction not at the table
    shows its new-game supply and nothing on the map."""
    g = played(mix, 3)
    d = g.state.to_dict()
    assert State.from_dict(d).to_dict() == d
    absent = {"marquise": ("warriors", 25, "warrior_supply"), "eyrie": ("birds", 20, "bird_supply"),
              "alliance": ("rebels", 10, "rebel_supply"), "mechanical": ("mm_warriors", 25, "mm_warrior_supply")}
    for faction, (field, supply, supply_field) in absent.items():
        if faction not in mix:
            assert d[field] == [0] * 12 and d[supply_field] == supply, faction
    if "marquise" in mix:         # LoR 6.1: 25 warriors, on the map or in her supply
        assert sum(d["warriors"]) + d["warrior_supply"] == 25
    if "eyrie" in mix:            # LoR 7.1: 20 warriors, 7 roosts
        assert sum(d["birds"]) + d["bird_supply"] == 20
        assert sum(d["roosts"]) + d["roost_supply"] == 7
    if "wyrm" in mix:             # W-SUP-1: a fear token shows one side, scared (1) or cowed (2)
        assert set(d["fear"]) <= {0, 1, 2}


@pytest.mark.parametrize("field,value,faction", [
    ("birds", 2, "Eyrie"), ("rebels", 1, "Alliance"), ("mm_warriors", 3, "Mechanical Marquise"),
    ("warriors", 1, "Marquise")])
def test_pieces_of_a_faction_not_at_the_table_are_refused(field, value, faction):
    """A position giving pieces to a faction not at the table is impossible: the error names the
    faction, and the state given stays as it was."""
    mix = ("wyrm", "vagabond") if field == "warriors" else ("marquise", "wyrm")
    d = played(mix, 5, steps=60).state.to_dict()
    d[field] = list(d[field])
    d[field][4] = value
    with pytest.raises(WyrmError, match=faction):
        State.from_dict(d)


def test_a_fear_token_keeps_its_side_and_loses_it_when_removed():
    """W-SUP-3: a fear token is placed scared side up and may be turned cowed; the plain data
    reads its side back; a token removed and placed again shows the scared side (W-PY-5)."""
    g = played(("marquise", "wyrm"), 8, steps=10)
    d = g.state.to_dict()
    c = next(i for i in range(12) if d["fear"][i] == 0)
    d["fear"][c] = 2
    d["fear_supply"] -= 1
    s = State.from_dict(d)
    assert s.to_dict()["fear"][c] == 2
    d2 = s.to_dict()
    d2["fear"][c] = 0
    d2["fear_supply"] += 1
    assert State.from_dict(d2).to_dict()["fear"][c] == 0
    d2["fear"][c] = 1
    d2["fear_supply"] -= 1
    assert State.from_dict(d2).to_dict()["fear"][c] == 1

