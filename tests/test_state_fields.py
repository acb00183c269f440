"""wyrm_ai/model/state_fields.py reads a scalar field of a core State from its bytes where
State.to_dict() reads it (Game.draft, the Rootlog writer's Outcast, Ferry and pending fund): at
positions of tables seating every faction (both Vagabonds, the bot, five and six seats), on the
Lake (its Ferry) and in a faction draft before and after its choices, every field it reads from the
bytes is the state dict's. (A board field of a faction not at the table is to_dict's own value:
scalar asks to_dict for it.)"""
from __future__ import annotations

import pytest

from wyrm_ai.model.state_fields import SCALARS, scalar

from mixes import (FIVE_SIX_MIXES, PLAYABLE_BOT_MIXES, RIVERFOLK_MIXES, TWO_VAGABOND_MIXES, mix_id, new_game,
                   new_state, players_for, playable, random_draft)

# the Lord of the Hundreds (issue 35, LoR 14) at five seats with the Marquise (both in corners), the
# Corvids and the Vagabond (a table here of its own until tests/mixes.py lists the Hundreds' mixes)
HUNDREDS_TABLES = (("hundreds", "marquise", "corvids", "vagabond", "wyrm"),)
# every faction the core seats, at some table here
TABLES = tuple(dict.fromkeys(m for m in FIVE_SIX_MIXES + TWO_VAGABOND_MIXES + PLAYABLE_BOT_MIXES[:1]
                             + RIVERFOLK_MIXES + HUNDREDS_TABLES if playable(m)))


def same(state) -> int:
    """The fields read from the bytes (factions at the table) equal to_dict's; how many."""
    d, factions = state.to_dict(), tuple(state.factions)
    read = [name for name, (faction, _, _) in SCALARS.items() if faction is None or faction in factions]
    for name in read:
        assert scalar(state, name) == d[name], name
    return len(read)


def test_every_faction_is_at_some_table():
    from wyrm_ai import _core
    from mixes import ids_of
    assert set(_core.PLAYABLE_FACTIONS) <= {f for m in TABLES for f in ids_of(m)}


@pytest.mark.parametrize("mix", TABLES, ids=mix_id)
def test_every_scalar_read_from_the_bytes_is_the_state_dicts(mix):
    s = new_state(mix, 0, 1)
    same(s)
    while not s.is_terminal():
        s.random_playout(7 + s.turn_number, 30)
        same(s)


def test_every_scalar_is_the_state_dicts_on_the_lake_and_in_a_draft():
    """(the Lake's Ferry; a draft's players with no faction yet, then each faction's board)"""
    mix = ("eyrie", "riverfolk", "alliance", "vagabond")
    g = new_game(mix, 1, 3, board="lake")
    players = players_for(mix, 3)
    import numpy as np
    rng = np.random.default_rng(3)
    while not g.is_terminal():
        if len(g.record) % 7 == 0:
            same(g.state)
        g.apply(g.sample_chance(rng) if g.is_chance_node() else players[g.current_player].choose(g))
    positions = []
    random_draft(4, 5, until=lambda g: g.state.turn_number > 3, each=lambda g: positions.append(same(g.state)))
    assert len(positions) > 20
