"""The Voracious Wyrm at a table with the Riverfolk Company: the rulings W-MP-9..W-MP-18
(shared/reference/root-factions-riverfolk-underworld.md §6; shared/rules/voracious-wyrm.md "With
the expansion factions"), as the engine reads them (docs/riverfolk-lizards.md §3), one test or more
per ruling, each naming its id and the Law's numbers (LoR 11 the Riverfolk; the Wyrm's W-… clauses).

Positions and actions go through the core's State API and action ints (tests/riverfolk_positions.py).
Seats: the table (Marquise, Riverfolk, Wyrm): CAT 0, RF 1, WY 2; the Marquise's Keep in 1.
Boxes (payments, funds, committed) and the Vagabond's relationships are indexed by faction id,
everything else by seat."""
from __future__ import annotations

import functools

from wyrm_ai import _core

from riverfolk_positions import (LIZARDS, MARQUISE, MERCENARIES_A, NCL, PASS, RIVERBOATS_A, RIVERFOLK, WYRM, action,
                                 battle, cid, craft, dice, fund, kind_of, kinds, pass_to, rf_position, rf_recruit,
                                 rf_turn, st, table, trade_post)

CAT, RF, WY = 0, 1, 2
SEATS = _core.MAX_NUM_SEATS
TREASURE = _core.ITEM_NAMES.index("treasure")


@functools.lru_cache(maxsize=None)
def cat_table():
    return table((MARQUISE, RIVERFOLK, WYRM))


def wyrm_turn(**kw):
    """The Wyrm's turn begun (services first, if any is payable) at (Marquise, Riverfolk, Wyrm)."""
    kw.setdefault("keep", 1)
    kw.setdefault("warriors", {1: 1})
    return rf_turn(cat_table(), WY, **kw)


def cat_turn(**kw):
    kw.setdefault("keep", 1)
    return rf_turn(cat_table(), CAT, **kw)


def with_treasure(n):
    def edit(d):
        d["items"][WY][TREASURE] = n
        d["treasure_supply"] -= n
    return edit


def rulers(s) -> list[int]:
    return [_core.ruler_of(s, c) for c in range(NCL)]


def terrors(s) -> set[tuple[int, int, int]]:
    """Legal Terrorize moves as (from, to, seat whose warrior moves), clearing numbers."""
    out = set()
    for x in kinds(s, "terror"):
        f, x = x % SEATS, x // SEATS
        out.add((x // NCL + 1, x % NCL + 1, f))
    return out


def pawn_routes(s) -> set[tuple[int, int]]:
    """Legal moves taking the Wyrm pawn, as (from, to)."""
    out = set()
    for a in s.legal_actions():
        k, x = kind_of(a)
        if k == "move":
            x //= 26
            if x % 2:
                x //= 2
                out.add((x // NCL + 1, x % NCL + 1))
    return out


def drive_battle(s, back: str, roll=None, ambush=None, effect=None):
    """Play the battle under way back to step back: an ambush card (or pass), the roll, a battle
    effect card used by whoever is asked (or pass), the first option at every other decision."""
    while s.step != back:
        if s.step == "battle_ambush":
            s.apply(action("ambush", cid(ambush)) if ambush else PASS)
        elif s.step == "battle_roll":
            s.apply(dice(*roll))
        elif s.step == "battle_effects":
            a = action("use", cid(effect)) if effect else PASS
            s.apply(a if a in s.legal_actions() else PASS)
        else:
            s.apply(s.legal_actions()[0])
    return s


# ---- W-MP-9 setup order (LoR 5.1.7; W-SET-2) ---------------------------------------------------

def _opponents_pieces(d, c) -> int:
    """Every other faction's pieces in clearing c (W-SET-2, W-MP-9): warriors, buildings, tokens."""
    return (d["warriors"][c] + d["otters"][c] + d["lizards"][c] + sum(b[c] for b in d["buildings"])
            + sum(g[c] for g in d["gardens"]) + (d["keep"] == c) + d["wood"][c] + d["trade_posts"][c])


def test_W_MP_9_setup_order_cult_riverfolk_then_the_wyrm_counting_otters():
    """W-MP-9 (LoR 5.1.7 letters F the Cult, G the Riverfolk; the Wyrm last; W-SET-2, W-PLACE-1):
    at (Marquise, Riverfolk, Cult, Wyrm) the Cult sets up, then the Riverfolk (warriors, then
    prices), then the Wyrm, whose pawn goes where the fewest opponents' pieces stand, otters
    counted: with the four otters in 10 (beside one Marquise warrior, the fewest without them)
    10 is not offered."""
    s = _core.State(0, factions=(MARQUISE, RIVERFOLK, LIZARDS, WYRM))
    order = []
    while s.step != "wyrm_setup":
        if s.is_chance_node():
            s.apply(s.sample_chance(5))
            continue
        if not order or order[-1] != s.step:
            order.append(s.step)
        s.apply(rf_recruit(10) if s.step == "riverfolk_setup" else s.legal_actions()[0])
    assert [x for x in order if x.startswith(("lizards", "riverfolk", "wyrm"))] == [
        "lizards_outcast", "riverfolk_setup", "riverfolk_prices"]      # the Cult's corner was forced
    d = st(s)
    assert d["otters"][9] == 4 and sum(d["lizards"]) > 0
    count = {c + 1: _opponents_pieces(d, c) for c in range(NCL) if c != d["keep"]}
    least = min(count.values())
    assert {x + 1 for x in kinds(s, "pawn_to")} == {c for c, n in count.items() if n == least}
    assert count[10] - d["otters"][9] == least and 10 not in {x + 1 for x in kinds(s, "pawn_to")}


# ---- W-MP-10 the Wyrm buys (LoR 11.2.6; W-BIRD-1) ------------------------------------------------

def test_W_MP_10_the_wyrm_buys_before_intimidate_with_wyrmlings_from_supply():
    """W-MP-10 (LoR 11.2.6, 11.2.6.I; W-BIRD-1): the Wyrm's turn opens with the services, before
    Intimidate (its scared fear token still scared); Mercenaries at 2 take two wyrmlings from its
    supply into Payments (map, pawn, fear and Lair untouched); Intimidate then places from the
    smaller supply."""
    s = wyrm_turn(otters={5: 1}, funds={RIVERFOLK: 2}, wyrmlings={3: 2}, pawn=3, fear={3: 1}, prices=(1, 1, 2),
                  edit=with_treasure(1))
    assert s.step == "services" and s.current_player == WY
    before = st(s)
    assert before["fear"][2] == 1 and before["wyrmling_supply"] == 6
    s.apply(MERCENARIES_A)
    d = st(s)
    assert d["payments"][WYRM] == 2 and d["wyrmling_supply"] == 4
    assert (d["wyrmlings"], d["pawn"], d["items"][WY]) == (before["wyrmlings"], before["pawn"], before["items"][WY])
    pass_to(s, "wyrm_daylight")
    d = st(s)
    assert d["fear"][2] == 2 and d["wyrmlings"][2] + d["wyrmling_supply"] == 6


def test_W_MP_10_the_wyrm_pays_only_with_wyrmlings():
    """W-MP-10 (LoR 11.2.6.I "warriors from their supply"; .III is the Vagabond's alone): one
    wyrmling in supply, prices 2 -- its pawn, fear tokens and Lair treasure pay nothing, so no
    services step opens: Intimidate comes first."""
    s = wyrm_turn(otters={5: 1}, funds={RIVERFOLK: 2}, wyrmlings={3: 7}, pawn=3, fear={3: 1, 9: 1},
                  prices=(2, 2, 2), hands={RF: ["F#anvil"]}, edit=with_treasure(2))
    assert st(s)["wyrmling_supply"] == 1 and s.step != "services"


# ---- W-MP-11 mercenaries give the Wyrm rule in Daylight (LoR 11.2.7.III) ---------------------------

def test_W_MP_11_mercenaries_give_the_wyrm_rule_for_eat_in_daylight_not_birdsong():
    """W-MP-11 (LoR 11.2.7.III; W-ACT-EAT; W-MON-1): the pawn (3) and two otters against four
    Marquise warriors in 5: in Birdsong the Marquise rules 5 (Royal Claim scores only the Wyrm's
    own 3); in Daylight the Wyrm rules it with its mercenaries and may Eat there -- without them it
    may not."""
    for hire in (True, False):
        s = wyrm_turn(warriors={1: 1, 5: 4}, otters={5: 2, 10: 1}, funds={RIVERFOLK: 3}, wyrmlings={3: 1}, pawn=5,
                      fear={3: 1}, prices=(1, 1, 1), hands={WY: ["R#cobbler"]}, in_play={WY: ["B#royalclaim"]})
        s.apply(MERCENARIES_A if hire else PASS)
        pass_to(s, "birdsong_cards")
        assert rulers(s)[4] == CAT and st(s)["mercenaries_on"] == 0
        s.apply(action("use", cid("B#royalclaim")))
        assert st(s)["score"][WY] == 1                 # clearing 3 only
        assert s.step == "wyrm_daylight"
        assert (rulers(s)[4] == WY) == hire and (rulers(s)[9] == WY) == hire
        assert bool(kinds(s, "eat")) == hire


def test_W_MP_11_mercenaries_give_rule_for_hoard():
    """W-MP-11 (W-ACT-HOARD "each clearing the Wyrm rules that holds a cowed fear token"): a cowed
    token in 10, held by an otter alone: the Wyrm may Hoard there once the otter serves it."""
    for hire in (True, False):
        s = wyrm_turn(otters={10: 1}, funds={RIVERFOLK: 3}, wyrmlings={3: 1}, pawn=3, fear={10: 2},
                      prices=(1, 1, 1), hands={WY: ["R#cobbler"]})
        s.apply(MERCENARIES_A if hire else PASS)
        pass_to(s, "wyrm_daylight")
        assert bool(kinds(s, "hoard")) == hire


# ---- W-MP-12 the Wyrm battles with mercenaries (LoR 11.2.7.III, .a; W-MON-1, W-RAV-1, W-PY-1) ------

def test_W_MP_12_the_wyrms_rolled_hits_are_capped_by_wyrmlings_and_mercenaries():
    """W-MP-12 (LoR 4.3.2.I with 11.2.7.III): one wyrmling and two hired otters in 5 roll 3 hits
    against three Marquise warriors: all three fall (cap 1 + 2)."""
    s = wyrm_turn(warriors={1: 1, 5: 3}, otters={5: 2}, funds={RIVERFOLK: 3}, wyrmlings={5: 1, 3: 1}, pawn=3,
                  fear={3: 1}, prices=(1, 1, 1))
    s.apply(MERCENARIES_A)
    pass_to(s, "wyrm_daylight")
    s.apply(battle(5, CAT))
    drive_battle(s, "wyrm_daylight", roll=(3, 0))
    assert st(s)["warriors"][4] == 0


def test_W_MP_12_ravenous_drops_hits_before_the_split():
    """W-MP-12 (W-RAV-1, W-RAV-2; LoR 11.2.7.III.a): the Wyrm (a wyrmling, two mercenaries)
    rolls 2 hits onto two Marquise warriors; the Marquise deals 2 rolled + 1 from Sappers: Ravenous
    ignores two (the rolled hits the Wyrm landed), and the one hit left is the split's first, odd
    hit: the wyrmling, not an otter."""
    s = wyrm_turn(warriors={1: 1, 5: 2}, otters={5: 2}, funds={RIVERFOLK: 3}, wyrmlings={5: 1, 3: 1}, pawn=3,
                  fear={3: 1}, prices=(1, 1, 1), in_play={CAT: ["B#sappers"]})
    s.apply(MERCENARIES_A)
    pass_to(s, "wyrm_daylight")
    s.apply(battle(5, CAT))
    drive_battle(s, "wyrm_daylight", roll=(2, 2), effect="B#sappers")
    d = st(s)
    assert d["warriors"][4] == 0 and d["wyrmlings"][4] == 0 and d["otters"][4] == 2
    assert d["battle"]["hits_att"] == 1


def test_W_MP_12_odd_hits_to_the_pawn_even_hits_to_mercenaries():
    """W-MP-12 (W-PY-1, W-PY-2; LoR 11.2.7.III.a; W-RAV-2 ambush hits are not ignored): the pawn
    (Lair: one treasure) and one hired otter attack two Marquise warriors in 5; the Marquise's
    ambush deals two hits: the first (odd) takes the pawn's treasure (nobody scores: the Wyrm
    attacks, W-PY-3), the second (even) the otter."""
    s = wyrm_turn(warriors={1: 1, 5: 2}, otters={5: 1}, funds={RIVERFOLK: 3}, wyrmlings={3: 1}, pawn=5, fear={3: 1},
                  prices=(1, 1, 1), hands={CAT: ["R#ambush"]}, edit=with_treasure(1))
    s.apply(MERCENARIES_A)
    pass_to(s, "wyrm_daylight")
    s.apply(battle(5, CAT))
    s.apply(action("ambush", cid("R#ambush")))
    d = st(s)
    assert d["items"][WY][TREASURE] == 0 and d["otters"][4] == 0 and d["pawn"] == 4
    assert d["score"] == [0, 0, 0]


# ---- W-MP-13 the buyer attacks the Wyrm (W-RAV-1, W-PY-3; glossary Enemy Piece) -------------------

def test_W_MP_13_hits_on_mercenaries_count_for_ravenous():
    """W-MP-13 (W-RAV-1; LoR 11.2.7.III: mercenaries stay Riverfolk pieces, the Wyrm's enemies):
    the Marquise's two lone mercenaries attack two wyrmlings in 5, rolling 2 and 2: the Wyrm's
    two rolled hits land on the otters, so it ignores both hits dealt to it."""
    s = cat_turn(otters={5: 2}, funds={RIVERFOLK: 3}, wyrmlings={5: 2, 3: 1}, pawn=3, fear={3: 1}, prices=(1, 1, 1))
    s.apply(MERCENARIES_A)
    pass_to(s, "marquise_daylight")
    assert (5 - 1) * _core.NUM_SIDES + WY in kinds(s, "battle")
    s.apply(battle(5, WY))
    drive_battle(s, "marquise_daylight", roll=(2, 2))
    d = st(s)
    assert d["otters"][4] == 0 and d["wyrmlings"][4] == 2


def test_W_MP_13_treasure_the_buyers_mercenaries_take_scores_for_the_buyer():
    """W-MP-13 (W-PY-2, W-PY-3): the Marquise's lone mercenaries hit the defending pawn (no
    wyrmling there): the Lair's treasure goes back to its supply and the Marquise scores 1."""
    s = cat_turn(otters={5: 2}, funds={RIVERFOLK: 3}, wyrmlings={3: 1}, pawn=5, fear={3: 1}, prices=(1, 1, 1),
                 edit=with_treasure(1))
    s.apply(MERCENARIES_A)
    pass_to(s, "marquise_daylight")
    supply = st(s)["treasure_supply"]
    s.apply(battle(5, WY))
    drive_battle(s, "marquise_daylight", roll=(1, 0))
    d = st(s)
    assert d["items"][WY][TREASURE] == 0 and d["treasure_supply"] == supply + 1 and d["score"][CAT] == 1


def test_W_MP_13_a_favor_the_buyer_crafts_spares_its_mercenaries():
    """W-MP-13 (glossary Enemy Piece "except while you're treating the piece as your own for rule
    (Riverfolk mercenaries ...)"; W-FOREST-1, W-MP-5; LoR 11.2.5.I): the Marquise, its mercenaries
    serving, crafts Favor of the Rabbits: in the rabbit clearings the Wyrm's wyrmling and fear
    token go (1 VP), its pawn flees to a forest, the trade post goes (1 VP, Trade Disruption) --
    but the hired otters in 5 and 10 stay."""
    s = cat_turn(warriors={1: 1, 4: 1}, buildings={4: (0, 1, 0), 5: (0, 2, 0)}, otters={5: 1, 10: 2}, posts=(5,),
                 funds={RIVERFOLK: 4}, wyrmlings={10: 1, 8: 1}, pawn=10, fear={10: 1}, prices=(1, 1, 1),
                 hands={CAT: ["R#favoroftherabbits"]})
    s.apply(MERCENARIES_A)
    pass_to(s, "marquise_daylight")
    s.apply(craft("R#favoroftherabbits"))
    while s.step != "marquise_daylight":
        s.apply(s.legal_actions()[0])              # the pawn's forest
    d = st(s)
    assert d["otters"][4] == 1 and d["otters"][9] == 2
    assert d["wyrmlings"][9] == 0 and d["fear"][9] == 0 and d["pawn"] >= NCL
    assert d["trade_posts"][4] == 0 and d["score"][CAT] == 2 and d["funds"][RIVERFOLK] == 2


# ---- W-MP-14, W-MP-15 Terrorize and otters (W-ACT-TERROR; LoR 1.5.3, 1.5.5, 11.2.2) ----------------

def test_W_MP_14_terrorize_moves_a_hired_otter_only_as_the_riverfolks():
    """W-MP-14 (LoR 1.5.3 ownership never changes; 11.2.7.III "The buyer cannot move them"): with
    its mercenaries serving, the Wyrm's Terrorize in 9 (fear, otters only) names the Riverfolk as
    the player moving an otter; never the Wyrm."""
    s = wyrm_turn(otters={9: 2}, funds={RIVERFOLK: 3}, wyrmlings={3: 1}, pawn=3, fear={9: 2}, prices=(1, 1, 1))
    s.apply(MERCENARIES_A)
    pass_to(s, "wyrm_daylight")
    t = {x for x in terrors(s) if x[0] == 9}
    assert t and {f for _a, _b, f in t} == {RF}


def test_W_MP_15_terrorize_follows_a_river_only_for_an_otter_or_a_riverboats_wyrmling():
    """W-MP-15, C11 (LoR 1.5.5 a forced act as its owner would do it; 11.2.2 Swimmers; 11.2.7.II):
    a fear token in 4 (river 4-7; paths 4-8, 4-9, 4-12): an otter may be sent down the river to
    7; a Marquise warrior never; a wyrmling only when the Wyrm bought Riverboats this turn."""
    for boats in (False, True):
        s = wyrm_turn(warriors={1: 1, 4: 1}, otters={4: 1}, funds={RIVERFOLK: 3}, wyrmlings={4: 1}, pawn=3,
                      fear={4: 1, 3: 1}, prices=(1, 1, 1))
        s.apply(RIVERBOATS_A if boats else PASS)
        pass_to(s, "wyrm_daylight")
        t = terrors(s)
        assert {(4, b) for a, b, f in t if a == 4 and f == RF} == {(4, 7), (4, 8), (4, 9), (4, 12)}
        assert {(4, b) for a, b, f in t if a == 4 and f == CAT} == {(4, 8), (4, 9), (4, 12)}
        assert ((4, 7, WY) in t) == boats


# ---- W-MP-16 Riverboats and the pawn (LoR 11.2.7.II; W-MON-2) --------------------------------------

def test_W_MP_16_riverboats_carry_the_pawn_along_a_river_with_rule():
    """W-MP-16 (LoR 11.2.7.II; W-MON-1, W-MON-2): the pawn rules 4 (3 against a Marquise warrior):
    with Riverboats it may take the river 4-7; without, only the paths; with Riverboats but the
    Marquise ruling 4 and 7, the river is closed (rule still applies)."""
    for boats, cats in ((True, 1), (False, 1), (True, 4)):
        s = wyrm_turn(warriors={1: 1, 4: cats, 7: 0 if cats == 1 else 2}, otters={5: 1}, funds={RIVERFOLK: 3},
                      wyrmlings={3: 1}, pawn=4, fear={3: 1}, prices=(1, 1, 1))
        s.apply(RIVERBOATS_A if boats else PASS)
        pass_to(s, "wyrm_daylight")
        r = pawn_routes(s)
        assert ((4, 7) in r) == (boats and cats == 1), (boats, cats)
        assert ((4, 8) in r) == (cats == 1)


# ---- W-MP-17 a trade post in a Wyrm-ruled clearing (LoR 11.5.6.II; W-MON-1) -------------------------

def test_W_MP_17_a_post_where_the_wyrm_rules_spends_two_wyrmling_funds():
    """W-MP-17 (LoR 11.5.6.I-II; W-MON-1): the pawn alone rules 9; the Riverfolk may post there
    only with two wyrmling funds (one is not enough, whatever their own), and those two go back to
    the Wyrm's supply."""
    s = rf_position(cat_table(), keep=1, warriors={1: 1}, otters={5: 1}, funds={RIVERFOLK: 5, WYRM: 1},
                    wyrmlings={3: 1}, pawn=9, fear={3: 1}, at=(RF, "riverfolk_daylight"))
    assert rulers(s)[8] == WY and trade_post(9) not in s.legal_actions()
    s = rf_position(cat_table(), keep=1, warriors={1: 1}, otters={5: 1}, funds={RIVERFOLK: 1, WYRM: 2},
                    wyrmlings={3: 1}, pawn=9, fear={3: 1}, at=(RF, "riverfolk_daylight"))
    supply = st(s)["wyrmling_supply"]
    s.apply(trade_post(9))
    d = st(s)
    assert d["funds"][WYRM] == 0 and d["funds"][RIVERFOLK] == 1 and d["wyrmling_supply"] == supply + 2
    assert d["trade_posts"][8] == 1 and d["otters"][8] == 1


# ---- W-MP-18 wyrmlings held in the boxes (LoR 1.5.1, 11.5; W-MIGHT-1) -------------------------------

def test_W_MP_18_wyrmlings_in_the_boxes_are_out_of_the_wyrms_supply():
    """W-MP-18 (LoR 1.5.1 limits; W-MIGHT-1): six wyrmlings in the Riverfolk's boxes (2 Payments,
    2 Funds, 2 Committed) and two on the map: the supply is empty, so Intimidate flips the fear
    tokens and places none (and the Wyrm can buy nothing)."""
    s = wyrm_turn(otters={5: 1}, funds={RIVERFOLK: 3, WYRM: 2}, payments={WYRM: 2}, committed={WYRM: 2},
                  wyrmlings={3: 2}, pawn=3, fear={3: 1, 9: 1}, prices=(1, 1, 1))
    d = st(s)
    assert s.step == "wyrm_daylight" and d["wyrmling_supply"] == 0
    assert d["fear"][2] == d["fear"][8] == 2 and sum(d["wyrmlings"]) == 2


def test_W_MP_18_a_spent_wyrmling_fund_returns_to_the_supply_for_intimidate():
    """W-MP-18, R-17 (LoR 11.5 "return the warrior to its owner's supply"): the Riverfolk recruit
    with a wyrmling fund: it goes back to the Wyrm's supply, and the Wyrm's next Intimidate may
    place it."""
    s = rf_position(cat_table(), keep=1, warriors={1: 1}, otters={5: 1}, funds={WYRM: 2}, payments={WYRM: 2},
                    committed={WYRM: 2}, wyrmlings={3: 2}, pawn=3, fear={9: 1}, prices=(1, 1, 1),
                    at=(RF, "riverfolk_daylight"))
    assert st(s)["wyrmling_supply"] == 0
    s.apply(rf_recruit(7))
    assert st(s)["wyrmling_supply"] == 1 and st(s)["funds"][WYRM] == 1
    s.apply(PASS)                                   # Daylight ends
    while s.turn == RF:
        s.apply(PASS if PASS in s.legal_actions() else s.legal_actions()[0])
    assert s.step == "services" and s.turn == WY    # one wyrmling pays a price of 1
    s.apply(PASS)
    assert s.step == "wyrm_intimidate"
    s.apply(action("intimidate", (9 - 1) * 4 + 1))  # W-MIGHT-1: one wyrmling into 9
    d = st(s)
    assert d["fear"][8] == 2 and d["wyrmlings"][8] == 1 and d["wyrmling_supply"] == 0


def test_W_MP_18_trade_disruption_returns_wyrmlings_to_the_supply():
    """W-MP-18, R-7 (LoR 11.2.5.I; glossary Remove): a post removed while the Funds box holds only
    the Wyrm's four: two go back to the Wyrm's supply (no choice: one owner)."""
    s = cat_turn(warriors={1: 1, 8: 2}, otters={5: 1}, posts=(8,), funds={WYRM: 4}, wyrmlings={3: 1}, pawn=3,
                 fear={3: 1}, prices=(4, 4, 4))
    pass_to(s, "marquise_daylight")
    supply = st(s)["wyrmling_supply"]
    s.apply(battle(8, RF))
    s.apply(dice(1, 0))
    d = st(s)
    assert s.step == "marquise_daylight" and d["funds"][WYRM] == 2 and d["wyrmling_supply"] == supply + 2


def test_W_MP_18_C8_commit_keeps_a_wyrmling_out_of_the_supply():
    """W-MP-18, R-17 (LoR 11.5 "When you commit a fund, move the warrior to the Committed box"): a
    move paid with a wyrmling fund keeps it on the Riverfolk's board (Committed), out of the
    Wyrm's supply."""
    s = rf_position(cat_table(), keep=1, warriors={1: 1}, otters={5: 1}, funds={WYRM: 1, RIVERFOLK: 1},
                    wyrmlings={3: 1}, pawn=3, fear={3: 1}, at=(RF, "riverfolk_daylight"))
    supply = st(s)["wyrmling_supply"]
    s.apply(next(a for a in s.legal_actions() if kind_of(a)[0] == "move"))
    s.apply(fund(WY))
    d = st(s)
    assert d["committed"][WYRM] == 1 and d["funds"][WYRM] == 0 and d["wyrmling_supply"] == supply
