"""The Lizard Cult's rules (LoR 10), clause by clause: docs/riverfolk-lizards.md §2.2 (L-1..L-22),
the digest's traps (shared/reference/root-factions-riverfolk-underworld.md §3.8, "trap N" = L-TN),
the Wyrm's rulings W-MP-19, W-MP-20 and W-MP-24 (contract §3; shared/rules/voracious-wyrm.md) and
the contract's choices C13..C16. Each test names its clause in its name and docstring.

The Cult's actions have no notation yet: positions and actions go through the core's State API and
action ints (tests/lizard_positions.py). The last tests play seeded random games at tables seating
the Cult with two to six seats and check invariants after every action.

Seats in the positions below: each test names its table; LZ is the Cult's seat there."""
from __future__ import annotations

import numpy as np
import pytest

from wyrm_ai import _core
from wyrm_ai.model.cards import CARDS, deck_counts

from lizard_positions import (ALLIANCE, EYRIE, FOX, LIZARDS, MARQUISE, MOUSE, NCL, NCT, PASS, RABBIT, SUIT,
                              VAGABOND, WYRM, action, battle, cid, convert, counts, craft, discard, faithful,
                              kind_of, kinds, lz_build, lz_corner, lz_recruit, lz_score, move, outcast, position,
                              sacrifice, sanctify, st, table)

LZ_SCORE_VP = _core.LIZARD_TABLE["score_vp"]


def dice(high: int, low: int) -> int:
    """The roll: the attacker deals high hits, the defender low (capped by their warriors)."""
    return action("dice", high * 4 + low)


def settle(s, *outcomes):
    """Apply the named chance outcomes (action ints) while s waits at chance nodes, then any
    further chance node's first outcome."""
    left = list(outcomes)
    while s.is_chance_node():
        s.apply(left.pop(0) if left else s.legal_actions()[0])
    assert not left, f"outcomes {left} not used"
    return s


# ---- L-1 pieces (LoR 10.3.1, B.2) -----------------------------------------------------------

def test_L1_pieces_are_25_warriors_and_5_gardens_a_suit():
    """L-1 (LoR 10.3.1, B.2): 25 warriors, 15 gardens (5 a suit), counted by the core's table and
    conserved by State.from_dict: map + supply + Acolytes box = 25; a garden stands only in a
    clearing of its suit."""
    assert _core.LIZARD_TABLE["warriors"] == 25 and _core.LIZARD_TABLE["gardens_per_suit"] == 5
    s = table((LIZARDS, WYRM))
    d = st(s)
    assert sum(d["lizards"]) + d["lizard_supply"] + d["acolytes"] == 25
    ok = position(s, lizards={5: 3}, acolytes=4, gardens={1: 1, 8: 2, 3: 1})
    d = st(ok)
    assert (sum(d["lizards"]), d["lizard_supply"], d["acolytes"]) == (3, 18, 4)
    d["lizard_supply"] += 1                      # a 26th warrior
    with pytest.raises(_core.WyrmError, match="Lizard Cult warriors"):
        _core.State.from_dict(d)
    d = st(ok)
    d["gardens"][FOX][4] = 1                     # a fox garden in rabbit clearing 5
    with pytest.raises(_core.WyrmError, match="garden"):
        _core.State.from_dict(d)


# ---- L-2 setup (LoR 10.3) ----------------------------------------------------------------

def _deal(s):
    while s.step == "deal":
        s.apply(s.sample_chance(7))
    return s


def test_L2_setup_corner_four_warriors_a_garden_one_warrior_each_adjacent_then_outcast():
    """L-2 (LoR 10.3.2-4): with no other corner faction every corner is offered; the corner gets 4
    warriors and the garden of its suit, each adjacent clearing 1 warrior (corner 2: 5, 6, 10);
    the rest stays in supply, the other 14 gardens on their tracks; then the Outcast on any of
    the three suits, Outcast side up."""
    s = _deal(_core.State(0, factions=(LIZARDS, WYRM)))
    assert s.step == "lizards_corner" and kinds(s, "lz_corner") == [0, 1, 2, 3]
    s.apply(lz_corner(2))
    d = st(s)
    assert d["lizards"] == [0, 4, 0, 0, 1, 1, 0, 0, 0, 1, 0, 0]
    assert d["lizard_supply"] == 25 - 7
    assert [sum(row) for row in d["gardens"]] == [0, 0, 1] and d["gardens"][MOUSE][1] == 1
    assert s.step == "lizards_outcast" and kinds(s, "outcast") == [FOX, RABBIT, MOUSE]
    s.apply(outcast(RABBIT))
    d = st(s)
    assert (d["outcast"], d["hated"], d["acolytes"]) == (RABBIT, 0, 0)
    assert s.step == "wyrm_setup"                # the Wyrm sets up last (W-MP-9)
    # W-MP-9 with W-SET-2: the pawn goes where the fewest opponents' pieces stand -- the Cult's
    # warriors and garden count, so 2, 5, 6 and 10 are not offered
    assert kinds(s, "pawn_to") == [c - 1 for c in (1, 3, 4, 7, 8, 9, 11, 12)]


def _keep_at(n):
    def choose(s):
        if s.step == "marquise_keep":
            return action("keep", n - 1)
        return None
    return choose


@pytest.mark.parametrize("keep,corner", [(1, 3), (2, 4), (3, 1), (4, 2)])
def test_L2_corner_is_diagonally_opposite_the_keep(keep, corner):
    """L-2 (LoR 10.3.2): a corner that is no other player's start and, if possible, diagonally
    opposite one: with the Keep in `keep` the Cult's only corner is the opposite one (so no choice
    is asked), never the Keep's."""
    s = table((MARQUISE, LIZARDS, WYRM), choose=_keep_at(keep))
    d = st(s)
    assert d["keep"] == keep - 1
    assert d["lizards"][corner - 1] == 4 and sum(map(sum, d["gardens"])) == 1
    assert d["gardens"][SUIT[corner - 1]][corner - 1] == 1


def test_L2_corner_with_marquise_and_eyrie_is_one_of_the_other_two():
    """L-2 (LoR 10.3.2): the Marquise in corner 1 and the Eyrie opposite in 3 -- neither free corner
    is opposite a start, so both free corners (2 and 4) are offered, and only they."""
    s = _core.State(0, factions=(MARQUISE, EYRIE, LIZARDS))
    while s.step != "lizards_corner":
        if s.is_chance_node():
            s.apply(s.sample_chance(3))
        elif s.step == "marquise_keep":
            s.apply(action("keep", 0))
        else:
            s.apply(s.legal_actions()[0])
    d = st(s)
    assert d["keep"] == 0 and d["roosts"][2] == 1
    assert kinds(s, "lz_corner") == [1, 3]


# ---- L-3, trap 8: crafting in Evening with gardens of the Outcast suit (LoR 10.2.1) ---------

@pytest.mark.parametrize("outcast_suit", [FOX, RABBIT])
def test_L3_trap8_crafts_in_evening_with_outcast_gardens_only(outcast_suit):
    """L-3, trap 8 (LoR 10.2.1): no crafting in Daylight; in Evening only gardens of the Outcast
    suit craft: with a fox garden in 1 and a rabbit garden in 3, a fox-cost card (Anvil) crafts
    only while fox is the Outcast, a rabbit-cost one (Travel Gear) only while rabbit is. A bird
    card (Crossbow, fox cost) crafts too (L-5: birds are not barred from crafting)."""
    s = table((LIZARDS, WYRM))
    p = position(s, lizards={1: 1, 3: 1}, gardens={1: 1, 3: 1}, outcast_suit=outcast_suit, pawn="1_9_10_12",
                 hands={0: ["F#anvil", "F#travelgear", "B#crossbow"]}, at=(0, "lizards_daylight"))
    assert kinds(p, "craft") == []
    p.apply(PASS)
    assert p.step == "lizards_evening"
    crafts = {CARDS[t].token for t in kinds(p, "craft")}
    assert crafts == ({"F#anvil", "B#crossbow"} if outcast_suit == FOX else {"F#travelgear"})
    tok = "F#anvil" if outcast_suit == FOX else "F#travelgear"
    p.apply(craft(tok))
    d = st(p)
    assert d["lost_souls"][cid(tok)] == 1 and d["discard"][cid(tok)] == 0      # spent: L-9
    assert kinds(p, "craft") == []               # the one garden of the suit is used


# ---- L-4: Score values and draw bonus ------------------------------------------------------

FOX_SPOTS = (1, 6, 8, 8, 12)                     # fox clearings' free slots, one garden each


def _fox_gardens(n):
    g = {}
    for c in FOX_SPOTS[:n]:
        g[c] = g.get(c, 0) + 1
    return g


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5])
def test_L4_score_value_by_gardens_of_the_suit_on_the_map(n):
    """L-4 (LoR 10.5.3, C1): a Score ritual scores the VP above the rightmost empty space of the
    suit's track: 0/2/2/3/4 with 1..5 gardens of that suit on the map."""
    s = table((LIZARDS, WYRM))
    p = position(s, gardens=_fox_gardens(n), outcast_suit=RABBIT, pawn="1_9_10_12",
                 hands={0: ["F#anvil"]}, at=(0, "lizards_daylight"))
    before = p.scores[0]
    p.apply(lz_score("F#anvil"))
    assert p.scores[0] - before == (0, 2, 2, 3, 4)[n - 1] == LZ_SCORE_VP[n]


def test_L4_draw_bonus_one_per_suit_with_two_gardens():
    """L-4 (LoR 10.6.3): Evening draws 1 + one per suit with 2+ gardens on the map."""
    s = table((LIZARDS, WYRM))
    for gardens, draws in (({1: 1, 3: 1, 2: 1}, 1), ({8: 2, 3: 1}, 2), ({8: 2, 5: 2, 2: 1}, 3),
                           ({8: 2, 5: 2, 7: 2}, 4), ({8: 2, 1: 1, 12: 1, 6: 1, 5: 2, 7: 2}, 4)):
        p = position(s, gardens=gardens, outcast_suit=RABBIT, pawn="1_9_10_12")
        assert _core.evening_draws_of(p, 0) == draws, gardens


def test_L4_a_removed_garden_lowers_score_value_and_draw_bonus():
    """L-4 with the glossary's Remove (contract §1 item 1): a garden removed in battle returns to
    its track, so that suit's Score value and draw bonus fall again (2 fox gardens: Score 2, 2
    draws; one removed: Score 0, 1 draw)."""
    s = table((LIZARDS, WYRM))
    p = position(s, gardens={8: 2}, wyrmlings={8: 2}, pawn=8, outcast_suit=RABBIT,
                 hands={0: ["F#anvil", "R#cobbler"]}, turn_of=1)
    assert _core.evening_draws_of(p, 0) == 2
    p.apply(battle(8, 0))
    p.apply(PASS)                                # no ambush
    settle(p, dice(0, 0), faithful("R#cobbler"))  # defenseless: one extra hit, one garden
    d = st(p)
    assert d["gardens"][FOX][7] == 1 and d["score"][1] == 1
    assert _core.evening_draws_of(p, 0) == 1
    q = position(p, gardens={8: 1}, outcast_suit=RABBIT, pawn="1_9_10_12", hands={0: ["F#anvil"]},
                 at=(0, "lizards_daylight"))
    before = q.scores[0]
    q.apply(lz_score("F#anvil"))
    assert q.scores[0] - before == 0 and st(q)["lost_souls"][cid("F#anvil")] == 1


# ---- L-5, trap 6: Hatred of Birds (LoR 10.2.2) ------------------------------------------------

def test_L5_trap6_birds_are_not_wild_for_build_recruit_or_score():
    """L-5, trap 6 (LoR 10.2.2, 10.5.4): with only bird cards in hand, the Cult that rules clearings
    of every suit and has gardens of every suit may Build, Recruit or Score with none of them --
    only Sacrifice takes a bird."""
    s = table((LIZARDS, WYRM))
    p = position(s, lizards={8: 2, 5: 2, 7: 2}, gardens={8: 1, 5: 1, 7: 1}, outcast_suit=FOX, pawn="1_9_10_12",
                 hands={0: ["B#crossbow", "B#armorers"]}, at=(0, "lizards_daylight"))
    legal = {kind_of(a)[0] for a in p.legal_actions()}
    assert legal == {"pass", "sacrifice"}
    assert sorted(kinds(p, "sacrifice")) == sorted([cid("B#crossbow"), cid("B#armorers")])
    q = position(s, lizards={8: 2, 5: 2, 7: 2}, gardens={8: 1, 5: 1, 7: 1}, outcast_suit=FOX, pawn="1_9_10_12",
                 hands={0: ["F#anvil"]}, at=(0, "lizards_daylight"))
    assert {"lz_build", "lz_recruit", "lz_score"} <= {kind_of(a)[0] for a in q.legal_actions()}   # a fox card does


def test_L5_a_bird_still_pays_an_outrage_and_goes_to_the_supporters_not_lost_souls():
    """L-5 (LoR 10.2.2: birds are wild except for rituals) and L-9 (a card paid as Outrage is neither
    spent nor discarded): a Crusade move into sympathetic rabbit 10 with only a bird and a mouse
    card in hand -- the bird pays the Outrage, onto the Supporters stack; Lost Souls stays empty."""
    s = table((LIZARDS, ALLIANCE, WYRM))
    p = position(s, lizards={1: 2}, sympathy=[10], outcast_suit=FOX, acolytes=2, pawn="4_9_12",
                 hands={0: ["B#crossbow", "M#sword"]}, at=(0, "lizards_birdsong"))
    p.apply(move(1, 10, 2))
    assert p.step == "outrage" and p.current_player == 0
    assert kinds(p, "outrage") == [cid("B#crossbow")]
    p.apply(action("outrage", cid("B#crossbow")))
    d = st(p)
    assert d["supporters"][cid("B#crossbow")] == 1 and sum(d["lost_souls"]) == 0
    assert d["hand"][0][cid("M#sword")] == 1 and d["hand_size"][0] == 1
    # the Crusade goes on: its battle in rabbit 10, against the sympathy token (trap 12)
    assert p.step == "lizards_crusade" and sorted(p.legal_actions()) == sorted([PASS, battle(10, 1)])


# ---- L-6, trap 5, C13: Revenge (LoR 10.2.3) ----------------------------------------------------

def test_L6_trap5_warriors_removed_defending_become_acolytes():
    """L-6, trap 5 (LoR 10.2.3): the Wyrm attacks 3 Cult warriors in 5 and deals 2 hits: both go to
    the Acolytes box, not the supply."""
    s = table((LIZARDS, WYRM))
    p = position(s, lizards={5: 3}, wyrmlings={5: 3}, pawn="1_9_10_12", outcast_suit=FOX,
                 hands={0: ["M#sword"]}, at=(1, "wyrm_daylight"))
    p.apply(battle(5, 0))
    p.apply(PASS)
    settle(p, dice(2, 0))
    d = st(p)
    assert d["lizards"][4] == 1 and d["acolytes"] == 2 and d["lizard_supply"] == 22


def test_L6_trap5_warriors_removed_attacking_go_to_supply():
    """L-6, trap 5 (LoR 10.2.3): in the Cult's own Crusade battle (the Cult attacks), its warriors
    lost go to the supply: the acolytes spent for the Crusade and the two lost warriors all end in
    supply, none in the box."""
    s = table((MARQUISE, LIZARDS))
    p = position(s, keep=3, warriors={8: 3, 3: 1}, lizards={8: 2}, acolytes=2, outcast_suit=FOX,
                 hands={1: ["M#sword"]}, at=(1, "lizards_birdsong"))
    assert battle(8, 0) in p.legal_actions()
    p.apply(battle(8, 0))
    settle(p, dice(2, 2))
    d = st(p)
    assert d["lizards"][7] == 0 and d["acolytes"] == 0 and d["lizard_supply"] == 25
    assert d["warriors"][7] == 1


def test_L6_trap5_warriors_removed_by_a_strike_go_to_supply():
    """L-6, trap 5 (LoR 10.2.3, 9.5.4): the Vagabond's Strike is no battle: the Cult warrior it
    removes goes to supply."""
    def ranger(s):
        return action("character", _core.CHARACTER_NAMES.index("ranger")) if s.step == "vagabond_character" else None
    s = table((VAGABOND, LIZARDS), choose=ranger)
    p = position(s, lizards={8: 2}, outcast_suit=FOX, hands={1: ["M#sword"]}, at=(0, "vagabond_daylight"),
                 edit=lambda d: d.__setitem__("vb_at", 7))
    strikes = kinds(p, "strike")
    assert len(strikes) == 1
    p.apply(action("strike", strikes[0]))
    d = st(p)
    assert d["lizards"][7] == 1 and d["acolytes"] == 0 and d["lizard_supply"] == 24


def test_L6_trap5_warriors_removed_by_revolt_go_to_supply():
    """L-6, trap 5 (LoR 10.2.3): a Revolt is no battle: the Cult warriors it removes go to supply."""
    s = table((LIZARDS, ALLIANCE))
    p = position(s, lizards={8: 2}, sympathy=[8], stack=["F#anvil", "F#roottea"], outcast_suit=RABBIT,
                 hands={0: ["M#sword"]}, turn_of=1)
    p.apply(action("revolt", 7))
    d = st(p)
    assert d["lizards"][7] == 0 and d["acolytes"] == 0 and d["lizard_supply"] == 25


def test_C13_coffin_makers_beats_revenge():
    """C13 (LoR 1.1.1 over 10.2.3): with Coffin Makers in play, a Cult warrior removed defending goes
    onto the card, not into the Acolytes box."""
    s = table((LIZARDS, WYRM), deck_id=1)

    def coffin_in_play(d):
        t = cid("R#coffinmakers")
        d["deck"][t] -= 1
        d["deck_size"] -= 1
        d["play_area"][1][t] += 1
    p = position(s, lizards={5: 3}, wyrmlings={5: 3}, pawn="1_9_10_12", outcast_suit=FOX,
                 hands={0: ["M#sword"]}, at=(1, "wyrm_daylight"), edit=coffin_in_play)
    p.apply(battle(5, 0))
    p.apply(PASS)
    settle(p, dice(2, 0))
    d = st(p)
    assert d["lizards"][4] == 1 and d["acolytes"] == 0 and d["coffin"][0] == 2 and d["lizard_supply"] == 22


# ---- L-7, trap 9: Pilgrims (LoR 10.2.4) -------------------------------------------------------

def test_L7_trap9_a_garden_rules_against_more_warriors():
    """L-7, trap 9 (LoR 10.2.4): a lone garden in 5 rules against 3 Marquise warriors there: the Cult
    rules it and the Marquise may not build in it (her build needs rule)."""
    s = table((MARQUISE, LIZARDS))
    p = position(s, keep=3, warriors={5: 3, 3: 1}, gardens={5: 1}, outcast_suit=FOX,
                 hands={0: ["R#cobbler"]}, at=(0, "marquise_daylight"))
    assert _core.ruler_of(p, 4) == 1
    assert _core.ruler_of(position(s, keep=3, warriors={5: 3, 3: 1}, outcast_suit=FOX), 4) == 0
    assert all(x % NCL != 4 for x in kinds(p, "build"))          # no build in 5
    assert any(x % NCL == 2 for x in kinds(p, "build"))          # but in the Keep's 3


def test_L7_trap9_pilgrims_beats_lords_of_the_forest():
    """L-7, trap 9 (LoR 10.2.4, 7.2.2): a garden against an equal Eyrie count (Lords of the Forest
    would give a tie to the Eyrie) and against 3 birds and a roost: the Cult rules both."""
    s = table((EYRIE, LIZARDS))
    p = position(s, birds={5: 1, 8: 3}, roosts={8: 1}, gardens={5: 1, 8: 1}, outcast_suit=FOX,
                 at=(1, "lizards_daylight"))
    assert _core.ruler_of(p, 4) == 1 and _core.ruler_of(p, 7) == 1
    q = position(s, birds={5: 1}, lizards={5: 1}, outcast_suit=FOX, at=(1, "lizards_daylight"))
    # (warriors only: the Lords win the tie)
    assert _core.ruler_of(q, 4) == 0


# ---- L-8, trap 11: Fear of the Faithful (LoR 10.2.5) --------------------------------------------

def test_L8_trap11_a_favor_removing_two_gardens_costs_two_random_cards():
    """L-8, trap 11 (LoR 10.2.5): Favor of the Foxes removes both gardens in fox 8: the Cult
    discards two cards at random (a chance event each, its hand's cards as outcomes), to Lost
    Souls (L-9); the crafter scores 1 VP a garden; the warrior there goes to supply (L-6)."""
    s = table((MARQUISE, LIZARDS))
    p = position(s, keep=3, warriors={3: 1}, buildings={1: (0, 1, 0), 6: (0, 1, 0), 12: (0, 1, 0)},
                 lizards={8: 1}, gardens={8: 2}, outcast_suit=RABBIT,
                 hands={0: ["F#favorofthefoxes"], 1: ["M#sword", "R#cobbler", "F#anvil"]},
                 at=(0, "marquise_daylight"))
    p.apply(craft("F#favorofthefoxes"))
    assert p.step == "faithful" and p.is_chance_node()
    outs = dict(p.chance_outcomes())
    assert set(outs) == {faithful("M#sword"), faithful("R#cobbler"), faithful("F#anvil")}
    assert all(abs(x - 1 / 3) < 1e-9 for x in outs.values())
    p.apply(faithful("R#cobbler"))
    assert p.step == "faithful"
    p.apply(faithful("F#anvil"))
    assert p.step == "marquise_daylight"
    d = st(p)
    assert d["hand"][1] == counts(["M#sword"]) and d["faithful_owed"] == 0
    assert d["lost_souls"] == counts(["F#favorofthefoxes", "R#cobbler", "F#anvil"])
    assert d["score"] == [2, 0] and sum(map(sum, d["gardens"])) == 0
    assert d["lizards"][7] == 0 and d["lizard_supply"] == 25 and d["acolytes"] == 0


def test_L8_trap11_one_garden_one_card_and_an_empty_hand_none():
    """L-8, trap 11 (LoR 10.2.5): a battle removing one of two gardens costs exactly one random card;
    with an empty hand the garden costs nothing and no chance event is asked."""
    s = table((LIZARDS, WYRM))
    p = position(s, gardens={8: 2}, wyrmlings={8: 2}, pawn=8, outcast_suit=RABBIT,
                 hands={0: ["F#anvil", "R#cobbler"]}, at=(1, "wyrm_daylight"))
    p.apply(battle(8, 0))
    p.apply(PASS)
    p.apply(dice(0, 0))                          # defenseless: 1 hit
    assert p.step == "faithful"
    p.apply(faithful("F#anvil"))
    assert p.step == "wyrm_daylight" and st(p)["hand"][0] == counts(["R#cobbler"])
    q = position(s, gardens={8: 2}, wyrmlings={8: 2}, pawn=8, outcast_suit=RABBIT, at=(1, "wyrm_daylight"))
    q.apply(battle(8, 0))
    q.apply(dice(0, 0))                          # (an empty hand holds no ambush: not asked)
    assert q.step == "wyrm_daylight" and st(q)["faithful_owed"] == 0
    assert st(q)["gardens"][FOX][7] == 1


# ---- L-9, trap 1, W-MP-24: Lost Souls (LoR 10.2.6) ----------------------------------------------

def _to_decree(*toks):
    def edit(d):
        for tok in toks:
            t = cid(tok)
            d["deck"][t] -= 1
            d["deck_size"] -= 1
            d["decree"][0][t] += 1
    return edit


def _marquise_craft():
    s = table((MARQUISE, LIZARDS))
    p = position(s, keep=3, warriors={3: 1}, buildings={1: (0, 1, 0)}, lizards={5: 1}, outcast_suit=RABBIT,
                 hands={0: ["F#anvil", "M#sword"]}, at=(0, "marquise_daylight"))
    return p, [craft("F#anvil")], ["F#anvil"]


def _marquise_overwork():
    s = table((MARQUISE, LIZARDS))
    p = position(s, keep=3, warriors={3: 1}, buildings={1: (1, 0, 0)}, lizards={5: 1}, outcast_suit=RABBIT,
                 hands={0: ["F#anvil", "M#sword"]}, at=(0, "marquise_daylight"))
    return p, [action("overwork", 0 * NCT + cid("F#anvil"))], ["F#anvil"]


def _hand_limit():
    s = table((MARQUISE, LIZARDS))
    toks = ["F#anvil", "M#sword", "R#cobbler", "F#roottea", "M#roottea", "R#bakesale", "R#commandwarren"]
    p = position(s, keep=3, warriors={3: 1}, lizards={5: 1}, outcast_suit=RABBIT, hands={0: toks},
                 at=(0, "discard"))        # seven cards: one discard leaves her at the limit's step
    return p, [discard("R#bakesale")], ["R#bakesale"]


def _turmoil():
    s = table((EYRIE, LIZARDS))
    p = position(s, birds={2: 2}, roosts={2: 1}, lizards={5: 1}, outcast_suit=RABBIT, hands={0: ["M#sword"]},
                 at=(0, "eyrie_daylight"), edit=_to_decree("R#cobbler", "B#sappers"))
    return p, [PASS], ["R#cobbler", "B#sappers"]                  # unresolved Decree: Turmoil, a purge


def _alliance_spread():
    s = table((LIZARDS, ALLIANCE))
    p = position(s, lizards={5: 1}, stack=["F#anvil"], outcast_suit=RABBIT, hands={0: ["M#sword"]},
                 at=(1, "alliance_birdsong"))
    return p, [action("spread", 7)], ["F#anvil"]                  # the supporter spent


def _wyrm_eat():
    s = table((LIZARDS, WYRM))
    p = position(s, lizards={5: 1}, wyrmlings={8: 2}, pawn=8, outcast_suit=RABBIT,
                 hands={1: ["F#anvil", "M#sword"]}, at=(1, "wyrm_daylight"))
    return p, [action("eat", cid("F#anvil") * 3 + 0)], ["F#anvil"]


def _wyrm_hoard():
    s = table((LIZARDS, WYRM))
    p = position(s, lizards={5: 1}, wyrmlings={8: 2}, pawn=8, fear={8: 2}, outcast_suit=RABBIT,
                 hands={1: ["F#roottea", "M#sword"]}, at=(1, "wyrm_daylight"))
    return p, [action("hoard", 7 * NCT + cid("F#roottea"))], ["F#roottea"]


def _wyrm_craft():
    s = table((LIZARDS, WYRM))
    p = position(s, lizards={5: 1}, wyrmlings={8: 2}, pawn=8, fear={12: 1}, outcast_suit=RABBIT,
                 hands={1: ["F#anvil", "M#sword"]}, at=(1, "wyrm_daylight"))
    return p, [craft("F#anvil")], ["F#anvil"]


@pytest.mark.parametrize("case", [_marquise_craft, _marquise_overwork, _hand_limit, _turmoil, _alliance_spread,
                                  _wyrm_eat, _wyrm_hoard, _wyrm_craft],
                         ids=["marquise-craft", "overwork", "hand-limit", "turmoil", "alliance-spread",
                              "W-MP-24-eat", "W-MP-24-hoard", "W-MP-24-craft"])
def test_L9_trap1_W_MP_24_every_players_spent_or_discarded_cards_go_to_lost_souls(case):
    """L-9, trap 1 (LoR 10.2.6), W-MP-24: a card any player spends or discards while the Cult sits
    -- crafting, Overwork, the hand limit, the Eyrie's Turmoil purge, a supporter the Alliance
    spends, the Wyrm's Eat, Hoard and crafting -- lands in Lost Souls, never the discard pile."""
    p, acts, went = case()
    before = st(p)
    for a in acts:
        p.apply(a)
    d = st(p)
    assert d["discard"] == before["discard"]
    assert [d["lost_souls"][t] - before["lost_souls"][t] for t in range(NCT)] == counts(went)


def test_L9_trap2_a_dominance_card_waits_in_lost_souls_until_the_cults_birdsong():
    """L-9, L-11, trap 2 (LoR 10.2.6, 10.4.2, 3.3.3): the Marquise discards a dominance card to her
    hand limit: it goes to Lost Souls, not beside the map; when the Cult's turn follows, its
    Birdsong empties Lost Souls and only then is the card available (and Lost Souls empty)."""
    s = table((MARQUISE, LIZARDS, WYRM))
    toks = ["F#dominance", "M#sword", "R#cobbler", "F#roottea", "M#roottea", "R#bakesale"]
    p = position(s, keep=3, warriors={3: 1}, lizards={5: 1}, outcast_suit=RABBIT, pawn="1_9_10_12",
                 hands={0: toks, 1: ["F#anvil"]}, at=(0, "discard"))
    p.apply(discard("F#dominance"))
    d = st(p)
    assert p.turn == 1                           # the Cult's turn begun: Lost Souls already emptied
    assert d["available"][cid("F#dominance")] == 1 and sum(d["lost_souls"]) == 0
    assert d["discard"][cid("F#dominance")] == 0
    q = position(s, keep=3, warriors={3: 1}, lizards={5: 1}, outcast_suit=RABBIT, pawn="1_9_10_12",
                 hands={0: toks + ["R#commandwarren"]}, at=(0, "discard"))
    q.apply(discard("F#dominance"))              # seven cards: still over the limit, the turn goes on
    d = st(q)
    assert q.step == "discard" and q.turn == 0
    assert d["lost_souls"][cid("F#dominance")] == 1 and d["available"][cid("F#dominance")] == 0


# ---- L-10, trap 3: Adjust Outcast (LoR 10.4.1) ---------------------------------------------

@pytest.mark.parametrize("start,hated,pile,want", [
    (FOX, 0, ["R#cobbler", "R#bakesale", "F#anvil"], (RABBIT, 0)),            # moves, Outcast side up
    (FOX, 1, ["R#cobbler", "R#bakesale", "F#anvil"], (RABBIT, 0)),            # moves off the Hated side
    (FOX, 0, ["F#anvil", "F#roottea", "R#cobbler"], (FOX, 1)),                 # already the Outcast: Hated
    (FOX, 1, ["F#anvil", "F#roottea"], (FOX, 1)),                              # stays Hated
    (FOX, 0, ["R#cobbler", "M#sword"], (FOX, 1)),                              # a tie: stays, Hated
    (FOX, 0, ["R#cobbler", "R#bakesale", "M#sword", "M#roottea", "F#anvil"], (FOX, 1)),   # a tie at the top
    (MOUSE, 0, [], (MOUSE, 1)),                                                # an empty pile: Hated
    (FOX, 0, ["B#crossbow", "B#armorers", "B#sappers", "M#sword"], (MOUSE, 0)),   # birds ignored
    (RABBIT, 0, ["B#crossbow", "B#armorers"], (RABBIT, 1)),                    # only birds: as empty
], ids=["moves", "moves-from-hated", "repeat-flips", "hated-stays", "tie", "tie-at-top", "empty", "birds-ignored",
        "birds-only"])
def test_L10_trap3_adjust_outcast(start, hated, pile, want):
    """L-10, trap 3 (LoR 10.4.1): Lost Souls counted by suit, birds ignored; a single largest suit
    becomes the Outcast (Outcast side up) -- if it already was, the marker flips to Hated; with no
    single largest suit (a tie, an empty pile) the marker stays and shows its Hated side."""
    s = table((LIZARDS, WYRM))
    p = position(s, lizards={5: 1}, outcast_suit=start, hated=hated, lost_souls=pile, pawn="1_9_10_12",
                 hands={0: ["M#travelgear"]}, turn_of=0)
    d = st(p)
    assert (d["outcast"], d["hated"]) == want
    assert sum(d["lost_souls"]) == 0


def test_L10_L11_dominance_and_ambush_cards_count_for_their_suit_birds_do_not():
    """L-10, L-11 (LoR 10.4.1, 3.3: a dominance card is a card of its suit): fox dominance and a fox
    ambush outnumber one rabbit card -- fox becomes the Outcast, and the dominance card becomes
    available; the bird dominance and a bird ambush are ignored -- rabbit becomes the Outcast."""
    s = table((MARQUISE, LIZARDS, WYRM))
    for pile, suit, dom in ((["F#dominance", "F#ambush", "R#cobbler"], FOX, "F#dominance"),
                            (["B#dominance", "B#ambush", "R#cobbler"], RABBIT, "B#dominance")):
        p = position(s, keep=3, warriors={3: 1}, lizards={5: 1}, outcast_suit=MOUSE, lost_souls=pile,
                     pawn="1_9_10_12", hands={1: ["M#travelgear"]}, turn_of=1)
        d = st(p)
        assert (d["outcast"], d["hated"]) == (suit, 0)
        assert d["available"] == counts([dom]) and sum(d["lost_souls"]) == 0


# ---- L-11, trap 2, C16: Discard Lost Souls (LoR 10.4.2, 2.1) -------------------------------

def test_L11_lost_souls_go_to_the_discard_pile_in_the_cults_birdsong():
    """L-11 (LoR 10.4.2): at the Cult's Birdsong every card of Lost Souls goes to the discard pile."""
    s = table((LIZARDS, WYRM))
    p = position(s, lizards={5: 1}, outcast_suit=FOX, lost_souls=["R#cobbler", "F#anvil", "B#crossbow"],
                 pawn="1_9_10_12", hands={0: ["M#sword"]}, at=(0, "lizards_daylight"))
    before = st(p)["discard"]
    q = position(p, lizards={5: 1}, outcast_suit=FOX, lost_souls=["R#cobbler", "F#anvil", "B#crossbow"],
                 pawn="1_9_10_12", hands={0: ["M#sword"]}, turn_of=0)
    d = st(q)
    assert sum(d["lost_souls"]) == 0
    grew = [d["discard"][t] - before[t] for t in range(NCT)]
    assert grew == counts(["R#cobbler", "F#anvil", "B#crossbow"])


def test_L11_trap2_a_reshuffle_never_takes_lost_souls():
    """L-11, trap 2 (LoR 2.1, 10.2.6): the Cult's Evening draws the deck's last card; the deck is
    rebuilt from the discard pile alone -- the two cards in Lost Souls stay there."""
    s = table((LIZARDS, WYRM))
    p = position(s, lizards={5: 1}, outcast_suit=FOX, pawn="1_9_10_12", hands={0: ["M#sword"]},
                 lost_souls=["R#cobbler", "F#anvil"], deck_only=["M#roottea"], at=(0, "lizards_daylight"))
    pile = sum(st(p)["discard"])
    p.apply(PASS)
    settle(p, action("draw", cid("M#roottea")))
    d = st(p)
    assert d["hand"][0] == counts(["M#sword", "M#roottea"])
    assert d["deck_size"] == pile and sum(d["discard"]) == 0
    assert d["lost_souls"] == counts(["R#cobbler", "F#anvil"])


def _all_in_lost_souls(d):
    for t in range(NCT):
        d["lost_souls"][t] += d["discard"][t]
        d["discard"][t] = 0


def test_C16_empty_deck_draws_nothing_then_lost_souls_become_the_deck():
    """C16 (LoR 2.1, 10.4.2): with the deck and the discard pile empty and every other card in Lost
    Souls, the Evening draw draws nothing (Lost Souls untouched); at the Cult's next Birdsong Lost
    Souls goes to the discard pile, which becomes the deck at once."""
    s = table((LIZARDS, WYRM))
    p = position(s, lizards={5: 1}, outcast_suit=FOX, pawn="1_9_10_12", hands={0: ["M#sword"]}, deck_only=[],
                 at=(0, "lizards_daylight"), edit=_all_in_lost_souls)
    n = sum(st(p)["lost_souls"])
    assert n > 40 and st(p)["deck_size"] == 0
    p.apply(PASS)
    d = st(p)
    assert d["hand_size"][0] == 1 and sum(d["lost_souls"]) == n and d["deck_size"] == 0
    q = position(s, lizards={5: 1}, outcast_suit=FOX, pawn="1_9_10_12", hands={0: ["M#sword"]}, deck_only=[],
                 turn_of=0, edit=_all_in_lost_souls)
    d = st(q)
    assert sum(d["lost_souls"]) == 0 and sum(d["discard"]) == 0 and d["deck_size"] == n


# ---- L-12..L-15, traps 4, 10, 12, C14, W-MP-19, W-MP-20: the conspiracies (LoR 10.4.3) -------

def _conspiracy_kinds(s) -> set[str]:
    """What the conspiracies offered are: a Crusade's battle or move, Convert, Sanctify."""
    return {kind_of(a)[0] for a in s.legal_actions()} - {"pass"}


def _clearing_of(a: int) -> int:
    """The clearing (map number) a conspiracy acts in (a move: its origin)."""
    name, x = kind_of(a)
    if name == "battle":
        return x // _core.NUM_SIDES + 1
    if name == "convert":
        return x // 6 + 1
    if name == "sanctify":
        return x // 3 // 6 + 1
    if name == "move":
        return x // 52 // NCL + 1
    raise ValueError(name)


def _cat_cult(**kw):
    """The Marquise (seat 0, Keep in 3) and the Cult (seat 1) at the Cult's conspiracies."""
    s = table((MARQUISE, LIZARDS))
    kw.setdefault("keep", 3)
    kw.setdefault("outcast_suit", FOX)
    kw.setdefault("hands", {1: ["M#sword"]})
    return position(s, at=(1, "lizards_birdsong"), **kw)


@pytest.mark.parametrize("hated,acolytes,want", [
    (0, 1, set()), (0, 2, {"battle", "move", "convert"}), (0, 3, {"battle", "move", "convert", "sanctify"}),
    (1, 1, {"battle", "move", "convert"}), (1, 2, {"battle", "move", "convert", "sanctify"}),
])
def test_L12_trap4_conspiracy_costs_and_the_hated_discount(hated, acolytes, want):
    """L-12..L-15, trap 4 (LoR 10.4.3): Crusade and Convert cost 2 acolytes, Sanctify 3; on the
    Hated side each costs one fewer."""
    p = _cat_cult(warriors={8: 1, 3: 1}, buildings={8: (1, 0, 0)}, lizards={8: 3}, acolytes=acolytes, hated=hated)
    assert _conspiracy_kinds(p) == want


@pytest.mark.parametrize("hated,kind,cost", [(0, "convert", 2), (1, "convert", 1), (0, "sanctify", 3),
                                             (1, "sanctify", 2), (0, "battle", 2), (1, "battle", 1)])
def test_L12_trap4_spent_acolytes_return_to_the_supply(hated, kind, cost):
    """L-12, trap 4 (LoR 10.4.3): the acolytes a conspiracy spends go back to the Cult's supply (a
    Convert's new warrior comes from it)."""
    p = _cat_cult(warriors={8: 1, 3: 1}, buildings={8: (1, 0, 0)}, lizards={8: 3}, acolytes=3, hated=hated)
    before = st(p)
    a = {"convert": convert(8, 0), "sanctify": sanctify(8, 0, 0), "battle": battle(8, 0)}[kind]
    p.apply(a)
    d = st(p)
    assert d["acolytes"] == 3 - cost
    placed = 1 if kind == "convert" else 0
    assert d["lizard_supply"] == before["lizard_supply"] + cost - placed


def test_L12_conspiracies_only_in_outcast_clearings():
    """L-12 (LoR 10.4.3): with Cult and Marquise warriors and Marquise buildings in fox 8, rabbit 5 and
    mouse 7 and fox the Outcast, every conspiracy offered acts in 8."""
    p = _cat_cult(warriors={8: 1, 5: 1, 7: 1, 3: 1}, buildings={8: (1, 0, 0), 5: (1, 0, 0), 7: (1, 0, 0)},
                  lizards={8: 3, 5: 3, 7: 3}, acolytes=3)
    offered = [a for a in p.legal_actions() if a != PASS]
    assert {kind_of(a)[0] for a in offered} == {"battle", "move", "convert", "sanctify"}
    assert {_clearing_of(a) for a in offered} == {8}


def test_L13_trap12_crusade_move_then_battle_in_the_destination_of_any_suit():
    """L-13, trap 12 (LoR 10.4.3.I): a Crusade moves out of Outcast fox 1 into rabbit 10; its battle
    may follow there, in a clearing of another suit, where no Crusade battle was offered before;
    the acolytes are spent once, and the battle returns to the conspiracies."""
    p = _cat_cult(warriors={10: 1, 3: 1}, lizards={1: 3, 10: 2}, acolytes=2)
    assert battle(10, 0) not in p.legal_actions()
    assert move(1, 10, 2) in p.legal_actions()
    p.apply(move(1, 10, 2))
    assert p.step == "lizards_crusade" and p.current_player == 1
    assert sorted(p.legal_actions()) == sorted([PASS, battle(10, 0)])
    assert st(p)["acolytes"] == 0
    p.apply(battle(10, 0))
    settle(p, dice(1, 0))
    d = st(p)
    assert d["warriors"][9] == 0 and d["acolytes"] == 0 and d["lizards"][9] == 4
    assert p.step in ("lizards_birdsong", "lizards_daylight")


def test_L13_crusade_pass_after_the_move_ends_it():
    """L-13 (LoR 10.4.3.I): the battle after a Crusade's move is optional: pass, and the Crusade is
    over (no battle fought, the warriors moved)."""
    p = _cat_cult(warriors={10: 1, 3: 1}, lizards={1: 3}, acolytes=2)
    p.apply(move(1, 10, 1))
    assert p.step == "lizards_crusade"
    p.apply(PASS)
    d = st(p)
    assert d["lizards"][0] == 2 and d["lizards"][9] == 1 and d["warriors"][9] == 1
    assert p.step == "lizards_daylight"          # no acolytes left: Birdsong is over


def test_L13_crusade_move_needs_rule_and_an_outcast_origin():
    """L-13 (LoR 10.4.3.I, 4.2): a Crusade moves out of an Outcast clearing only, under the rule
    requirement: from fox 1, which the Marquise rules, to empty 5, 9 and 10 -- no move; rabbit 4,
    which the Cult rules, is no Outcast origin -- no move from it; the battle in 1 stays offered;
    with a Cult warrior in 9 (ruled), 1 -> 9 is the one Crusade move."""
    p = _cat_cult(warriors={1: 3, 3: 1}, lizards={1: 1, 4: 2}, acolytes=2)
    assert kinds(p, "move") == []
    assert battle(1, 0) in p.legal_actions()
    q = _cat_cult(warriors={1: 3, 3: 1}, lizards={1: 1, 4: 2, 9: 1}, acolytes=2)
    assert [action("move", x) for x in kinds(q, "move")] == [move(1, 9, 1)]


def test_L14_convert_replaces_an_enemy_warrior():
    """L-14 (LoR 10.4.3.II, C14): Convert removes a Marquise warrior in Outcast fox 8 to her supply
    and places a Cult warrior from supply; no VP; the Marquise without a fox card is not asked
    about Field Hospitals."""
    p = _cat_cult(warriors={8: 1, 3: 1}, lizards={8: 1}, acolytes=2)
    before = st(p)
    p.apply(convert(8, 0))
    d = st(p)
    assert d["warriors"][7] == 0 and d["warrior_supply"] == before["warrior_supply"] + 1
    assert d["lizards"][7] == 2 and d["lizard_supply"] == before["lizard_supply"] + 2 - 1
    assert d["score"] == before["score"] and p.step == "lizards_daylight"


def test_C14_a_converted_marquise_warrior_may_use_field_hospitals():
    """C14 (LoR 6.2.3, 10.4.3.II): a converted Marquise warrior was removed, so Field Hospitals may
    answer: she pays a fox card and it goes to the Keep; then the Cult's Birdsong goes on."""
    p = _cat_cult(warriors={8: 1, 3: 1}, lizards={8: 1}, acolytes=2, hands={0: ["F#anvil"], 1: ["M#sword"]})
    p.apply(convert(8, 0))
    assert p.step == "field_hospitals" and p.current_player == 0
    p.apply(action("hospital", cid("F#anvil")))
    d = st(p)
    assert d["warriors"][2] == 2 and d["warriors"][7] == 0 and d["lizards"][7] == 2
    assert d["lost_souls"][cid("F#anvil")] == 1              # spent: Lost Souls (L-9)
    assert p.step == "lizards_daylight"


def test_C14_trap10_no_convert_or_sanctify_in_the_keeps_clearing():
    """C14, trap 10 (LoR 10.4.3, 6.2.2, glossary Replace): in the Keep's clearing (fox 1) the Cult may
    place nothing, so neither Convert nor Sanctify is offered there -- a Crusade battle is."""
    p = _cat_cult(keep=1, warriors={1: 2}, buildings={1: (1, 0, 0)}, lizards={1: 2}, acolytes=3)
    assert kinds(p, "convert") == [] and kinds(p, "sanctify") == []
    assert battle(1, 0) in p.legal_actions()


def test_C14_trap10_convert_needs_a_cult_warrior_in_supply():
    """C14, trap 10 (glossary Replace: "must complete"): with no Cult warrior in supply, no Convert."""
    p = _cat_cult(warriors={8: 1, 3: 1}, lizards={8: 23}, acolytes=2)
    assert st(p)["lizard_supply"] == 0
    assert kinds(p, "convert") == [] and battle(8, 0) in p.legal_actions()


def test_L15_sanctify_replaces_an_enemy_building_with_an_outcast_garden_and_scores_1():
    """L-15, trap 10 (LoR 10.4.3.III, 3.2.1): Sanctify removes the sawmill in fox 8 (1 VP for the
    Cult) and places a fox garden there."""
    p = _cat_cult(warriors={3: 1}, buildings={8: (1, 0, 0)}, lizards={8: 1}, acolytes=3)
    before = st(p)
    p.apply(sanctify(8, 0, 0))
    d = st(p)
    assert d["buildings"][0][7] == 0 and d["gardens"][FOX][7] == 1
    assert d["score"][1] == before["score"][1] + 1 and d["score"][0] == before["score"][0]
    assert d["acolytes"] == 0


def test_C14_trap10_sanctify_needs_a_garden_of_the_outcast_suit_on_its_track():
    """C14, trap 10 (glossary Replace: "must complete"): with all five mouse gardens on the map and
    mouse the Outcast, no Sanctify of the sawmill in mouse 9; a Convert there still is."""
    p = _cat_cult(warriors={9: 1, 3: 1}, buildings={9: (1, 0, 0)}, lizards={9: 2}, acolytes=3,
                  gardens={2: 2, 7: 2, 9: 1}, outcast_suit=MOUSE)
    assert sum(st(p)["gardens"][MOUSE]) == 5
    assert kinds(p, "sanctify") == [] and convert(9, 0) in p.legal_actions()
    q = _cat_cult(warriors={9: 1, 3: 1}, buildings={9: (1, 0, 0)}, lizards={9: 2}, acolytes=3,
                  gardens={2: 2, 7: 1, 9: 1}, outcast_suit=MOUSE)
    assert kinds(q, "sanctify") == [(8 * 6 + 0) * 3 + 0]      # one garden left on the track: offered


def test_C14_sanctifying_an_alliance_base_costs_its_supporters_and_officers():
    """C14 (LoR 10.4.3.III, 8.2.5): Sanctify of the Alliance's fox base in 8 is a base removal: the
    Alliance discard every fox and bird supporter -- to Lost Souls (L-9) -- and lose half their
    officers, rounded up; the Cult scores 1 VP and a fox garden stands in 8."""
    s = table((LIZARDS, ALLIANCE))
    p = position(s, lizards={8: 2}, bases=[8], rebels={8: 1}, officers=2, outcast_suit=FOX, acolytes=3,
                 stack=["F#anvil", "B#crossbow", "R#cobbler", "M#sword"], hands={0: ["M#roottea"]},
                 at=(0, "lizards_birdsong"))
    assert sanctify(8, 1, FOX) in p.legal_actions()
    p.apply(sanctify(8, 1, FOX))
    d = st(p)
    assert d["base_at"][FOX] == -1 and d["gardens"][FOX][7] == 1 and d["score"][0] == 1
    assert d["lost_souls"] == counts(["F#anvil", "B#crossbow"])
    assert d["supporters"] == counts(["R#cobbler", "M#sword"]) and d["officers"] == 1


def test_W_MP_19_convert_takes_a_wyrmling_never_the_pawn():
    """W-MP-19 (LoR 10.4.3.II, W-MON-1): the Cult converts the wyrmling beside the Wyrm's pawn in fox 8:
    it goes to the Wyrm's supply, the pawn stays, the Lair is untouched; the pawn alone is no
    warrior to convert."""
    s = table((LIZARDS, WYRM))
    p = position(s, lizards={8: 1}, wyrmlings={8: 1}, pawn=8, outcast_suit=FOX, acolytes=4,
                 hands={0: ["M#sword"]}, at=(0, "lizards_birdsong"))
    before = st(p)
    assert kinds(p, "convert") == [7 * 6 + 1]
    p.apply(convert(8, 1))
    d = st(p)
    assert d["wyrmlings"][7] == 0 and d["wyrmling_supply"] == before["wyrmling_supply"] + 1
    assert d["pawn"] == 7 and d["items"] == before["items"] and d["lizards"][7] == 2
    assert kinds(p, "convert") == []             # the pawn alone: nothing to convert
    q = position(s, lizards={8: 1}, pawn=8, outcast_suit=FOX, acolytes=4, hands={0: ["M#sword"]},
                 at=(0, "lizards_birdsong"))
    assert kinds(q, "convert") == [] and battle(8, 1) in q.legal_actions()


def test_L14_the_vagabond_cannot_be_converted():
    """L-14 (LoR 10.4.3.II: an enemy *warrior*; the digest §3.5): the Vagabond's pawn is no warrior --
    no Convert against him, a Crusade battle is offered."""
    s = table((VAGABOND, LIZARDS))
    p = position(s, lizards={8: 2}, outcast_suit=FOX, acolytes=2, hands={1: ["M#sword"]},
                 at=(1, "lizards_birdsong"), edit=lambda d: d.__setitem__("vb_at", 7))
    assert kinds(p, "convert") == [] and battle(8, 0) in p.legal_actions()


def test_W_MP_20_sanctify_never_targets_the_wyrm():
    """W-MP-20 (LoR 10.4.3.III needs a building; fear tokens are tokens): with the Wyrm's pawn, a
    wyrmling and a fear token in fox 8, no Sanctify is offered; a Convert is."""
    s = table((LIZARDS, WYRM))
    p = position(s, lizards={8: 2}, wyrmlings={8: 1}, pawn=8, fear={8: 2}, outcast_suit=FOX, acolytes=3,
                 hands={0: ["M#sword"]}, at=(0, "lizards_birdsong"))
    assert kinds(p, "sanctify") == [] and convert(8, 1) in p.legal_actions()


# ---- L-16..L-21, trap 7, C15: the rituals and Evening (LoR 10.5, 10.6) ----------------------------

def _card_of(a: int) -> int | None:
    """The card an action of the Cult's Daylight uses (None for pass)."""
    name, x = kind_of(a)
    if name in ("lz_build", "lz_recruit"):
        return x % NCT
    if name in ("lz_score", "sacrifice", "craft", "discard"):
        return x
    return None


def test_L16_L17_build_in_a_ruled_clearing_of_the_cards_suit_with_a_free_slot():
    """L-17 (LoR 10.5.1): Build with a fox card in a fox clearing the Cult rules with a free slot (8),
    not where the Marquise rules (1, the Keep's), not where the Cult rules with no slot left (12),
    not where nobody rules (6); the garden is placed, no VP. L-16 (LoR 10.5): the card is revealed
    into the play area (public), leaves the hand and serves nothing else this Daylight (C15)."""
    s = table((MARQUISE, LIZARDS))
    p = position(s, keep=1, warriors={1: 3}, buildings={12: (1, 0, 0)}, lizards={8: 2, 12: 2, 1: 1},
                 outcast_suit=RABBIT, hands={1: ["F#anvil", "F#roottea"]}, at=(1, "lizards_daylight"))
    assert {x // NCT + 1 for x in kinds(p, "lz_build")} == {8}
    before = st(p)
    p.apply(lz_build(8, "F#anvil"))
    d = st(p)
    assert d["gardens"][FOX][7] == 1 and d["score"] == before["score"]
    assert d["revealed"] == counts(["F#anvil"]) and d["hand"][1] == counts(["F#roottea"])
    assert d["hand_size"][1] == 1
    assert cid("F#anvil") not in {_card_of(a) for a in p.legal_actions()}
    assert lz_build(8, "F#roottea") in p.legal_actions()           # the second slot of 8


def test_L18_recruit_in_any_clearing_of_the_cards_suit_without_rule():
    """L-18 (LoR 10.5.2): Recruit with a fox card in every fox clearing the Cult may place in, ruled or
    not (6, ruled by the Marquise; 8, 12, nobody's) -- but not the Keep's clearing 1 (LoR 6.2.2)."""
    s = table((MARQUISE, LIZARDS))
    p = position(s, keep=1, warriors={1: 1, 6: 3}, lizards={5: 1}, outcast_suit=RABBIT,
                 hands={1: ["F#anvil"]}, at=(1, "lizards_daylight"))
    assert {x // NCT + 1 for x in kinds(p, "lz_recruit")} == {6, 8, 12}
    p.apply(lz_recruit(6, "F#anvil"))
    d = st(p)
    assert d["lizards"][5] == 1 and d["lizard_supply"] == 23 and d["revealed"] == counts(["F#anvil"])


def test_L19_trap7_score_spends_its_card_once_per_suit_per_turn():
    """L-19, trap 7 (LoR 10.5.3): Score with a fox card scores 2 (two fox gardens) and spends the card
    to Lost Souls -- it is not returned in Evening; a second fox Score is not offered this turn,
    a rabbit one is."""
    s = table((LIZARDS, WYRM))
    p = position(s, gardens={8: 2, 5: 2}, outcast_suit=MOUSE, pawn="1_9_10_12",
                 hands={0: ["F#anvil", "F#roottea", "R#cobbler"]}, at=(0, "lizards_daylight"))
    p.apply(lz_score("F#anvil"))
    d = st(p)
    assert d["score"][0] == 2 and d["lost_souls"] == counts(["F#anvil"]) and sum(d["revealed"]) == 0
    assert lz_score("F#roottea") not in p.legal_actions()
    assert lz_score("R#cobbler") in p.legal_actions()
    p.apply(PASS)
    d = st(p)
    assert d["hand"][0][cid("F#anvil")] == 0 and d["lost_souls"][cid("F#anvil")] == 1
    # once per turn: the next turn's Birdsong clears the mark, and a fox Score is offered again
    q = position(s, gardens={8: 2, 5: 2}, outcast_suit=MOUSE, pawn="1_9_10_12", hands={0: ["F#roottea"]},
                 turn_of=0, edit=lambda d: d.__setitem__("scored", 1 << FOX))
    assert q.step == "lizards_daylight" and lz_score("F#roottea") in q.legal_actions()
    marked = position(s, gardens={8: 2, 5: 2}, outcast_suit=MOUSE, pawn="1_9_10_12", hands={0: ["F#roottea"]},
                      at=(0, "lizards_daylight"), edit=lambda d: d.__setitem__("scored", 1 << FOX))
    assert lz_score("F#roottea") not in marked.legal_actions()      # (the mark itself bars it)


def test_L20_sacrifice_a_bird_for_an_acolyte():
    """L-20 (LoR 10.5.4): reveal a bird: a warrior from supply goes to the Acolytes box."""
    s = table((LIZARDS, WYRM))
    p = position(s, lizards={5: 1}, outcast_suit=FOX, pawn="1_9_10_12", hands={0: ["B#crossbow"]},
                 at=(0, "lizards_daylight"))
    p.apply(sacrifice("B#crossbow"))
    d = st(p)
    assert d["acolytes"] == 1 and d["lizard_supply"] == 23 and d["revealed"] == counts(["B#crossbow"])
    assert d["hand_size"][0] == 0


def test_L21_C15_evening_returns_revealed_cards_known_to_all_then_crafts_then_draws_then_discards():
    """L-21 (LoR 10.6), C15: in Evening the revealed cards (the sacrificed bird too) go back to the
    hand and every other seat knows them; then crafting with Outcast gardens; then the draw, 1 +
    bonuses; then the hand limit (discard to 5)."""
    s = table((LIZARDS, WYRM))
    toks = ["F#anvil", "R#cobbler", "B#crossbow", "M#sword", "M#roottea", "R#bakesale"]
    p = position(s, lizards={5: 1}, gardens={8: 1}, outcast_suit=FOX, pawn="1_9_10_12", hands={0: toks},
                 at=(0, "lizards_daylight"))
    p.apply(lz_recruit(5, "R#cobbler"))
    p.apply(sacrifice("B#crossbow"))
    assert st(p)["hand_size"][0] == 4
    p.apply(PASS)
    d = st(p)
    assert p.step == "lizards_evening" and sum(d["revealed"]) == 0
    assert d["hand"][0] == counts(toks) and d["hand_size"][0] == 6
    assert d["known"][1][0] == counts(["R#cobbler", "B#crossbow"])
    assert sorted(kinds(p, "craft")) == sorted([cid("F#anvil"), cid("B#crossbow")])   # both cost 1 fox
    p.apply(craft("F#anvil"))
    if p.step == "lizards_evening":
        p.apply(PASS)
    assert p.step == "evening_draw" and st(p)["to_draw"][0] == 1
    settle(p, action("draw", cid("F#travelgear")))
    assert p.step == "discard" and p.current_player == 0 and st(p)["hand_size"][0] == 6
    p.apply(discard("M#sword"))
    assert st(p)["lost_souls"] == counts(["F#anvil", "M#sword"])
    assert p.turn == 1


# ---- trap 13: Fear of the Faithful is not the Wyrm's fear -------------------------------------

def test_trap13_fear_of_the_faithful_is_not_the_wyrms_fear():
    """Trap 13 (LoR 10.2.5 against W-ACT-FEAR): the Wyrm placing a fear token in a garden clearing
    costs the Cult nothing; the Wyrm removing the garden costs the Cult one random card and moves
    no fear token."""
    s = table((LIZARDS, WYRM))
    p = position(s, gardens={8: 1}, wyrmlings={8: 2}, pawn=8, outcast_suit=RABBIT,
                 hands={0: ["F#anvil", "R#cobbler"]}, at=(1, "wyrm_daylight"))
    p.apply(action("fear", 7))
    d = st(p)
    assert d["fear"][7] != 0 and d["hand_size"][0] == 2 and d["faithful_owed"] == 0 and p.step == "wyrm_daylight"
    fear = (list(d["fear"]), d["fear_supply"])
    p.apply(battle(8, 0))
    p.apply(PASS)
    p.apply(dice(0, 0))
    assert p.step == "faithful"
    p.apply(faithful("R#cobbler"))
    d = st(p)
    assert d["hand"][0] == counts(["F#anvil"]) and (list(d["fear"]), d["fear_supply"]) == fear
    assert d["gardens"][FOX][7] == 0


# ---- W-MP-20: Pilgrims against Monstrous ----------------------------------------------------

def _wyrm_in_garden(garden: bool, **kw):
    s = table((LIZARDS, WYRM))
    kw.setdefault("wyrmlings", {8: 2})
    kw.setdefault("at", (1, "wyrm_daylight"))
    return position(s, lizards={5: 1}, gardens={8: 1} if garden else {}, pawn=8, fear={8: 2},
                    outcast_suit=RABBIT, hands={0: ["M#sword"], 1: ["F#anvil", "F#roottea"]}, **kw)


def test_W_MP_20_the_wyrm_cannot_eat_or_hoard_in_a_garden_clearing():
    """W-MP-20 (LoR 10.2.4 over W-MON-1): the pawn and two wyrmlings in fox 8 rule it -- unless a Cult
    garden stands there: then the Cult rules it, and neither Eat nor Hoard is offered."""
    free = _wyrm_in_garden(False)
    assert _core.ruler_of(free, 7) == 1 and kinds(free, "eat") and kinds(free, "hoard")
    held = _wyrm_in_garden(True)
    assert _core.ruler_of(held, 7) == 0 and kinds(held, "eat") == [] and kinds(held, "hoard") == []


def test_W_MP_20_the_wyrm_moves_from_a_garden_clearing_only_to_a_ruled_one():
    """W-MP-20 (LoR 4.2, 10.2.4): from fox 8 under Pilgrims the Wyrm moves only where it rules the
    other end: to 7 (a wyrmling there), not to empty 4."""
    p = _wyrm_in_garden(True, wyrmlings={8: 2, 7: 1})
    dests = {(x // 52) % NCL + 1 for x in kinds(p, "move") if x // 52 // NCL == 7}
    assert dests == {7}
    q = _wyrm_in_garden(False, wyrmlings={8: 2, 7: 1})
    assert {(x // 52) % NCL + 1 for x in kinds(q, "move") if x // 52 // NCL == 7} == {4, 7}


def test_W_MP_20_royal_claim_does_not_count_a_garden_clearing():
    """W-MP-20 (LoR 10.2.4; Royal Claim counts ruled clearings): the Wyrm rules 7 and 12 by wyrmlings
    and would rule 8 by its pawn, where a garden stands: Royal Claim scores 2."""
    def royal_claim(d):
        t = cid("B#royalclaim")
        d["deck"][t] -= 1
        d["deck_size"] -= 1
        d["play_area"][1][t] += 1
    p = _wyrm_in_garden(True, wyrmlings={8: 2, 7: 1, 12: 1}, at=None, turn_of=1, edit=royal_claim)
    assert action("use", cid("B#royalclaim")) in p.legal_actions()
    before = p.scores[1]
    p.apply(action("use", cid("B#royalclaim")))
    assert p.scores[1] - before == 2


# ---- C12, L-9: the bot's order card ---------------------------------------------------------

def test_C12_L9_the_mechanical_marquises_order_card_goes_to_lost_souls():
    """C12, L-9 (LoR 10.2.6; Law of Rootbotics: the order card is discarded): at a table with the bot,
    the Wyrm and the Cult (the Wyrm's turn comes between the bot's and the Cult's), each order card
    the bot discards lands in Lost Souls, not the discard pile."""
    s = _core.State(0, factions=(5, WYRM, LIZARDS))        # 5: the Mechanical Marquise 2.0
    rng = np.random.default_rng(11)
    seen = 0
    for _ in range(4000):
        if s.is_terminal() or seen >= 3:
            break
        before = s.to_dict()
        if s.is_chance_node():
            s.apply(s.sample_chance(int(rng.integers(1 << 62))))
        else:
            la = s.legal_actions()
            s.apply(la[rng.integers(len(la))])
        t = before["mm_order"]
        after = s.to_dict()
        if t >= 0 and after["mm_order"] < 0:
            seen += 1
            assert after["lost_souls"][t] == before["lost_souls"][t] + 1
            assert after["discard"][t] == before["discard"][t]
    assert seen >= 3


# ---- random games: invariants after every action --------------------------------------------

N = {"marquise": MARQUISE, "eyrie": EYRIE, "alliance": ALLIANCE, "vagabond": VAGABOND, "wyrm": WYRM,
     "lizards": LIZARDS}
# (table, seeds): 2..6 seats with the Cult, and one table without it; the seeds keep the file fast
# (about 11,000 actions in all)
RANDOM_TABLES = (
    (("lizards", "wyrm"), (0, 1, 2, 3)),
    (("wyrm", "lizards"), (0, 1, 2, 3)),
    (("marquise", "lizards", "wyrm"), (2, 3)),
    (("eyrie", "lizards", "alliance", "wyrm"), (0, 1, 2)),
    (("wyrm", "lizards", "vagabond", "marquise", "eyrie"), (1, 2)),
    (("marquise", "eyrie", "alliance", "vagabond", "lizards", "wyrm"), (0, 1, 2)),
    (("marquise", "eyrie", "alliance", "wyrm"), (0, 2)),          # no Cult: Lost Souls stays empty
)
# one game a table for the round trip (State.from_dict costs ~1.5 ms an action)
ROUND_TRIP_TABLES = (
    (("lizards", "wyrm"), 0),
    (("marquise", "lizards", "wyrm"), 3),
    (("eyrie", "lizards", "alliance", "wyrm"), 2),
    (("wyrm", "lizards", "vagabond", "marquise", "eyrie"), 2),
    (("marquise", "eyrie", "alliance", "vagabond", "lizards", "wyrm"), 2),
)
MAX_ACTIONS = 6000
DECK = list(deck_counts(0))
# the steps the Cult's turn can first reach once its Birdsong has emptied Lost Souls (L-11): the
# conspiracies, the last point for Birdsong cards, Daylight or Command Warren's battle at its start
AFTER_DISCARD = frozenset({"lizards_birdsong", "birdsong_cards", "lizards_daylight", "command_warren"})


def _card_total(d: dict, t: int) -> int:
    n = (d["deck"][t] + d["discard"][t] + d["lost_souls"][t] + d["out_of_game"][t] + d["available"][t]
         + d["supporters"][t] + d["revealed"][t] + (1 if d["mm_order"] == t else 0))
    n += sum(col[t] for col in d["decree"])
    n += sum(h[t] for h in d["hand"]) + sum(p[t] for p in d["play_area"])
    return n


def _check_invariants(s, d: dict, lz: int, just_discarded: bool) -> list[str]:
    problems = []
    if lz >= 0:
        n = sum(d["lizards"]) + d["lizard_supply"] + d["acolytes"] + d["coffin"][lz]
        if n != 25:
            problems.append(f"{n} Cult warriors (map + supply + acolytes + coffin)")
        for k in range(3):
            if not 0 <= sum(d["gardens"][k]) <= 5:
                problems.append(f"{sum(d['gardens'][k])} gardens of suit {k} on the map")
            for c in range(NCL):
                if d["gardens"][k][c] and d["suit"][c] != k:
                    problems.append(f"a suit-{k} garden in clearing {c + 1} of suit {d['suit'][c]}")
        if d["turn"] != lz and sum(d["revealed"]):
            problems.append("revealed cards outside the Cult's turn")
        if just_discarded and sum(d["lost_souls"]):
            problems.append("Lost Souls not empty after the Cult's Birdsong discard")
        if s.turn_number > 0 and not 0 <= d["outcast"] <= 2:
            problems.append(f"no Outcast after setup ({d['outcast']})")
    elif sum(d["lost_souls"]) or sum(d["revealed"]):
        problems.append("Lost Souls or revealed cards in a game without the Cult")
    for t in range(NCT):
        if _card_total(d, t) != DECK[t]:
            problems.append(f"{_card_total(d, t)} copies of {CARDS[t].token} instead of {DECK[t]}")
    if d["deck_size"] != sum(d["deck"]):
        problems.append("deck_size is not the deck's count")
    return problems


def _random_game(mix, seed, each):
    """Play one seeded random game of mix (names), calling each(s, d, lz, prev_turn) after every
    action; returns the state at the end."""
    ids = tuple(N[f] for f in mix)
    s = _core.State(seed % len(ids), factions=ids)
    lz = s.seat_of(LIZARDS)
    rng = np.random.default_rng(seed)
    for _ in range(MAX_ACTIONS):
        if s.is_terminal():
            break
        prev = s.turn
        if s.is_chance_node():
            s.apply(s.sample_chance(int(rng.integers(1 << 62))))
        else:
            la = s.legal_actions()
            s.apply(la[rng.integers(len(la))])
        each(s, s.to_dict(), lz, prev)
    assert s.is_terminal(), f"seed {seed} did not end in {MAX_ACTIONS} actions"
    return s


@pytest.mark.parametrize("mix,seeds", RANDOM_TABLES, ids=["-".join(m) for m, _ in RANDOM_TABLES])
def test_random_games_keep_the_cults_invariants(mix, seeds):
    """L-1, L-9, L-11 and card conservation, after every action of seeded random games (State API)
    at tables of 2..6 seats with the Cult (and one without): Cult warriors on the map + supply +
    Acolytes box + Coffin Makers = 25; gardens at most 5 a suit on the map, each in a clearing of
    its suit; every card in exactly one place (deck, discard, Lost Souls, hands, play areas,
    revealed, Decree, Supporters, available, out of game); Lost Souls empty right after the Cult's
    Birdsong discard (the first step its turn reaches after it) and always empty without the Cult;
    revealed cards only in the Cult's turn."""
    for seed in seeds:
        state = {"pending": False, "checked": 0}
        found = []

        def each(s, d, lz, prev, state=state, found=found, seed=seed):
            if lz >= 0 and s.turn == lz and prev != lz:
                state["pending"] = True          # the Cult's turn has begun: its discard is coming
            just = state["pending"] and s.turn == lz and s.step in AFTER_DISCARD
            if just:
                state["pending"] = False
                state["checked"] += 1
            problems = _check_invariants(s, d, lz, just)
            if problems:
                found.append((seed, s.turn_number, s.step, problems))
        _random_game(mix, seed, each)
        assert not found, found[:3]
        if LIZARDS in (N[f] for f in mix):
            assert state["checked"] > 3          # Lost Souls checked right after several discards


@pytest.mark.parametrize("mix,seed", ROUND_TRIP_TABLES, ids=["-".join(m) for m, _ in ROUND_TRIP_TABLES])
def test_random_games_state_dict_round_trips(mix, seed):
    """State.from_dict(s.to_dict()) rebuilds an equal state after every action of a seeded random game
    at tables seating the Cult (the state dict's fields lost_souls, lizards, gardens, lizard_supply,
    revealed, outcast, hated, acolytes, scored, faithful_owed, crusade_at). Every step where it fails
    is listed with its error."""
    found = {}

    def each(s, d, lz, prev):
        try:
            err = None if _core.State.from_dict(d) == s else "a different state"
        except _core.WyrmError as e:
            err = str(e)
        if err is not None:
            found.setdefault(s.step, err)
    _random_game(mix, seed, each)
    assert not found, found


# ---- round trips at the Cult's own steps, one position each -------------------------------------

def test_round_trip_at_the_cults_setup_steps():
    """W-MP-9 (the Wyrm sets up after the Cult): a state at the Cult's corner and Outcast choices
    (the Wyrm's pawn not yet placed) survives to_dict / from_dict."""
    s = _deal(_core.State(0, factions=(LIZARDS, WYRM)))
    assert s.step == "lizards_corner"
    assert _core.State.from_dict(s.to_dict()) == s
    s.apply(lz_corner(1))
    assert s.step == "lizards_outcast"
    assert _core.State.from_dict(s.to_dict()) == s


def test_round_trip_at_fear_of_the_faithful():
    """L-8: a state waiting for Fear of the Faithful's random card survives to_dict / from_dict."""
    s = table((LIZARDS, WYRM))
    p = position(s, gardens={8: 2}, wyrmlings={8: 2}, pawn=8, outcast_suit=RABBIT,
                 hands={0: ["F#anvil", "R#cobbler"]}, at=(1, "wyrm_daylight"))
    p.apply(battle(8, 0))
    p.apply(PASS)
    p.apply(dice(0, 0))
    assert p.step == "faithful"
    assert _core.State.from_dict(p.to_dict()) == p


def test_round_trip_inside_a_crusade_battle():
    """L-13: a state inside a Crusade's battle (it returns to the conspiracies, S_LZ_BIRD) survives
    to_dict / from_dict."""
    p = _cat_cult(warriors={8: 3, 3: 1}, lizards={8: 2}, acolytes=2, hands={0: ["F#anvil"], 1: ["M#sword"]})
    p.apply(battle(8, 0))
    assert p.step == "battle_ambush"
    assert _core.State.from_dict(p.to_dict()) == p
