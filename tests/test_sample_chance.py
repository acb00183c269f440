"""The core's own chance draws (State.sample_chance: the one random playouts and the planner's
simulations use) give a legal outcome at every chance step of every table: a step they do not know
would draw a card off the deck where a die is rolled or a ruin's item turns up. The hirelings' control
die (LoR 16.4.1.2) and the Brigand's ruin item and stolen card (HIRE, E-38) were such steps."""
from __future__ import annotations

import numpy as np
import pytest

from wyrm_ai import _core

TABLES = (
    (("marquise", "eyrie", "alliance", "vagabond"), ()),
    (("lizards", "riverfolk", "duchy", "corvids"), ()),
    (("hundreds", "keepers", "wyrm"), ()),
    (("mechanical-marquise", "eyrie", "wyrm"), ()),
    (("wyrm", "marquise", "alliance"), ("last-dynasty", "street-band", "badger-bodyguards")),
    (("eyrie", "wyrm", "hundreds"), ("forest-patrol", "the-brigand", "rabbit-scouts")),
    (("marquise", "eyrie", "wyrm", "riverfolk"), ("the-brigand", "rat-smugglers", "street-band")),
)


def walk(factions, hirelings, seed):
    """A random game (each decision uniform among the legal actions); at each chance step the core's draw,
    checked against the outcomes. Yields the chance steps met."""
    ids = tuple(_core.FACTION_NAMES.index(f) for f in factions)
    sides = tuple(_core.HIRELING_NAMES.index(h) for h in hirelings)
    s = _core.State(seed % len(ids), factions=ids, hirelings=sides)
    rng = np.random.default_rng(seed)
    for _ in range(6000):
        if s.is_terminal():
            return
        if s.is_chance_node():
            a = s.sample_chance(int(rng.integers(1 << 62)))
            assert a in {o for o, _ in s.chance_outcomes()}, (factions, seed, s.step, a)
            yield s.step
        else:
            legal = s.legal_actions()
            a = legal[int(rng.integers(len(legal)))]
        s.apply(a)


@pytest.mark.parametrize("factions, hirelings", TABLES, ids=["-".join(f) for f, _ in TABLES])
def test_the_cores_chance_draws_are_legal_at_every_chance_step(factions, hirelings):
    seen = set()
    for seed in range(3):
        seen |= set(walk(factions, hirelings, seed))
    assert {"deal", "battle_roll"} <= seen, seen
    if hirelings:
        assert "control_die" in seen, seen
    if "the-brigand" in hirelings and "riverfolk" in factions:
        assert {"brigand_item", "brigand_card"} & seen, seen
