"""The general bot rules as the Mechanical Marquise 2.0 plays them (MM2 digest §2: §2.1 taking hits,
§2.2 Poor Manual Dexterity, Hates Surprises and the setup effects with bots; §3 the Keep; §9
Fortified and Hospitals; §12 card effects that target it)."""
from __future__ import annotations

import pytest

from wyrm_ai import _core
from wyrm_ai.factions import faction_id

from mm_positions import (A, BIRD, FOX, MOUSE, NCL, P_KEEP, P_SAWMILL, P_WARRIOR, RABBIT, STEP, bot_state,
                          battles, built, card_id, deck_with, edit, finish, mseat, of_kind, order, position,
                          roll, vp_for, warriors)


def hit_on_two_types(variant=0, traits=0):
    """The bot battles the Eyrie in clearing 2 (mouse, 2 slots) with 1 warrior beside its Keep, a
    sawmill and a workshop; the Eyrie's 3 birds roll 3 hits: the warrior, the Keep, then a building
    of a type drawn at random."""
    s = position(bot_state(variant=variant, traits=traits), mm={2: 1}, buildings=[(0, 2), (1, 2)], keep=2,
                 birds={2: 3})
    assert battles(order(s, MOUSE)) == [(2, 1)]
    roll(s, 3, 3)
    return s


def test_mm2_2_1_core_playouts_draw_the_bots_chance_steps_from_their_outcomes():
    """MM2 §2.1, §4 chance steps in the core's own playouts (MCTS, the heuristic's rollouts): the
    Keep's corner, the starting buildings and the building a hit removes are drawn from their
    outcomes (a core bug drew a card there, writing a card number into the Keep's corner)."""
    s = _core.State(0, factions=(faction_id("mechanical-marquise"), faction_id("eyrie")))
    while s.step != "mechanical_keep":
        s.apply(s.chance_outcomes()[0][0])
    for st in (s, hit_on_two_types()):
        for seed in range(40):
            assert st.sample_chance(seed) in [a for a, _ in st.chance_outcomes()]
    for seed in range(20):
        t = s.clone()
        t.random_playout(seed, 40)
        assert t.to_dict()["mm_keep"] in (-1, 0, 1, 2, 3)
        assert _core.State.from_dict(t.to_dict()) == t


def test_mm2_2_1_a_save_at_the_bots_building_draw_loads():
    """MM2 §2.1: the state at the chance step of a hit on the bot's buildings round-trips through
    to_dict / State.from_dict (a core bug refused it: 'belongs to a faction that is not at the
    table')."""
    s = hit_on_two_types()
    assert _core.State.from_dict(s.to_dict()) == s
