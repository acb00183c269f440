"""The Mechanical Marquise 2.0's setup (MM2 digest §4, both variants; §3 its pieces; §2.2 setup
effects with bots): the Keep's random corner, the garrison, the three starting buildings as chance
steps with uniform outcomes."""
from __future__ import annotations

import itertools

import pytest

from wyrm_ai import _core
from wyrm_ai.model.factions import faction_id

from mm_positions import A, NCL, built

OPPOSITE = {1: 3, 2: 4, 3: 1, 4: 2}
# MM2 digest §4's table: the building candidates of each Keep on Autumn
CANDIDATES = {"original": {1: (1, 5, 9, 10), 2: (2, 5, 6, 10), 3: (3, 6, 7, 11), 4: (4, 8, 9, 12)},
              "dc": {1: (5, 9, 10), 2: (5, 6, 10), 3: (6, 7, 11), 4: (8, 9, 12)}}


def at_keep(variant=0, factions=("mechanical-marquise", "eyrie")):
    """A new game played (first outcome, first action) up to the bot's Keep draw."""
    s = _core.State(0, factions=tuple(faction_id(f) for f in factions), mm_variant=variant)
    while s.step != "mechanical_keep":
        s.apply(s.chance_outcomes()[0][0] if s.is_chance_node() else s.legal_actions()[0])
    return s


def test_mm2_4_keep_goes_to_a_random_corner_uniformly():
    """MM2 §4 step 2 (PROPOSED uniform): the Keep's corner is a chance step over the four corners,
    each 1/4; the bot sets up first (setup letter A), so all four are free."""
    s = at_keep()
    assert s.is_chance_node()
    outcomes = s.chance_outcomes()
    assert sorted(a - A["keep"] + 1 for a, _ in outcomes) == [1, 2, 3, 4]
    assert all(p == pytest.approx(0.25) for _, p in outcomes)


def test_mm2_4_keep_avoids_the_corners_of_another_faction():
    """MM2 §4 (PROPOSED): set up after the Marquise (SETUP_ORDER), the Keep goes to a corner that
    holds no other faction's pieces: her garrison leaves only the corner opposite her Keep."""
    for cat_keep in (1, 2, 3, 4):
        s = _core.State(0, factions=(faction_id("marquise"), faction_id("mechanical-marquise"), faction_id("wyrm")))
        while s.step != "marquise_keep":
            s.apply(s.chance_outcomes()[0][0])
        s.apply(A["keep"] + cat_keep - 1)
        while s.step != "mechanical_keep":
            s.apply(s.chance_outcomes()[0][0] if s.is_chance_node() else s.legal_actions()[0])
        assert [(a - A["keep"] + 1, p) for a, p in s.chance_outcomes()] == [(OPPOSITE[cat_keep], 1.0)]


@pytest.mark.parametrize("variant", (0, 1), ids=("original", "dc"))
@pytest.mark.parametrize("keep", (1, 2, 3, 4))
def test_mm2_4_garrison_12_on_the_map_13_in_supply(variant, keep):
    """MM2 §4 step 3 (both variants): a warrior in every clearing but the corner diagonally
    opposite the Keep, one more in the Keep's clearing: 12 on the map, 13 left of the 25 (§3)."""
    s = at_keep(variant)
    s.apply(A["keep"] + keep - 1)
    d = s.to_dict()
    expected = [0 if c + 1 == OPPOSITE[keep] else 2 if c + 1 == keep else 1 for c in range(NCL)]
    assert d["mm_warriors"] == expected
    assert sum(d["mm_warriors"]) == 12 and d["mm_warrior_supply"] == 13
    assert d["mm_keep"] == keep - 1
    assert s.step == "mechanical_setup_build"


@pytest.mark.parametrize("variant", ("original", "dc"))
@pytest.mark.parametrize("keep", (1, 2, 3, 4))
def test_mm2_4_starting_buildings_are_a_uniform_assignment(variant, keep):
    """MM2 §4 step 4: sawmill, workshop, recruiter in turn, each a chance step uniform over the
    candidates still free, at most one building a clearing. ORIGINAL: the Keep's clearing and its
    neighbours, 4 candidates, 24 assignments; DC: the neighbours only, 3 candidates, 6."""
    v = 0 if variant == "original" else 1
    cands = CANDIDATES[variant][keep]
    s = at_keep(v)
    s.apply(A["keep"] + keep - 1)
    seen = set()

    def walk(st, chosen):
        if st.step != "mechanical_setup_build":
            assert tuple(built(st)) == tuple((b, c) for b, c in enumerate(chosen))
            seen.add(tuple(chosen))
            return
        b = len(chosen)
        outcomes = st.chance_outcomes()
        assert sorted(a - A["build"] for a, _ in outcomes) == [b * NCL + c - 1 for c in cands if c not in chosen]
        assert all(p == pytest.approx(1 / len(outcomes)) for _, p in outcomes)
        for a, _ in outcomes:
            nxt = st.clone()
            nxt.apply(a)
            walk(nxt, chosen + [(a - A["build"]) % NCL + 1])

    walk(s, [])
    assert seen == set(itertools.permutations(cands, 3))
    assert len(seen) == (24 if variant == "original" else 6)


def test_mm2_4_setup_scores_nothing_and_fills_the_tracks():
    """MM2 §3-4 step 5: one building of each type on the map (the other 5 + 5 + 5 on the tracks),
    no VP for placing them (it scores only in Evening); then the next faction sets up."""
    s = at_keep()
    s.apply(A["keep"])
    for b, c in enumerate((1, 5, 9)):
        s.apply(A["build"] + b * NCL + c - 1)
    d = s.to_dict()
    assert [sum(row) for row in d["mm_buildings"]] == [1, 1, 1]
    assert d["score"] == [0, 0]
    assert s.step == "eyrie_leader"          # the Eyrie took the corner opposite the Keep (LoR 7.3.1)
    assert d["roosts"][2] == 1


def test_mm2_2_2_bots_are_dealt_no_starting_hand():
    """MM2 §2.2 (setup effects with bots): the bot is dealt no hand; the other player gets 3."""
    s = at_keep()
    d = s.to_dict()
    assert d["hand_size"] == [0, 3]
