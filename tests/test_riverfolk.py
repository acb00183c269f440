"""The Riverfolk Company's rules (LoR 11), clause by clause: docs/riverfolk-lizards.md §2.1 (R-1..R-21),
the digest's traps (shared/reference/root-factions-riverfolk-underworld.md §2.8, "trap N" = R-TN) and
the contract's readings C2..C12 and C17 (§4). Each test names its clause and Law number in its name
and docstring. The Wyrm's rulings with the Riverfolk (W-MP-9..18) are in tests/test_wyrm_mp_river.py.

The Riverfolk's actions have no notation yet: positions and actions go through the core's State API
and action ints (tests/riverfolk_positions.py). The last tests play seeded random games at tables
seating the Riverfolk with three to six seats, on Autumn and the Lake, and check invariants after
every action.

Seats: most positions are at the table (Marquise, Riverfolk, Wyrm): CAT 0, RF 1, WY 2. The
Marquise's Keep is in clearing 1 unless a test says otherwise; the Wyrm's pawn and two wyrmlings
stand in clearing 3 with a fear token (out of the way). Faction ids index the boxes (payments,
funds, committed) and the Vagabond's relationships; seats index everything else."""
from __future__ import annotations

import functools

import numpy as np
import pytest

from wyrm_ai import _core

from wyrm_ai.model.cards import CARDS

from riverfolk_positions import (ALLIANCE, EYRIE, FOX, LIZARDS, MARQUISE, MECHANICAL, MERCENARIES_A, NCL, PASS,
                                 RF_DRAW, RIVER_CLEARINGS, RIVERBOATS_A, RIVERFOLK, VAGABOND, WYRM,
                                 action, battle, buy_card, cid, counts, craft, dice, discard, export, fund, kind_of,
                                 kinds, move, pass_to, price, rf_position, rf_recruit, rf_turn, service_item, settle,
                                 st, table, trade_post, warriors_conserved)

CAT, RF, WY = 0, 1, 2
TABLE = _core.RIVERFOLK_TABLE
WYRM_AT_3 = dict(wyrmlings={3: 2}, pawn=3, fear={3: 1})


@functools.lru_cache(maxsize=None)
def _table(factions, **options):
    return table(factions, **dict(options))


def cat_table():
    """The table (Marquise, Riverfolk, Wyrm) after a real setup (never changed: positions copy it)."""
    return _table((MARQUISE, RIVERFOLK, WYRM))


def cat_pos(**kw):
    """A position at the table (Marquise, Riverfolk, Wyrm): the Keep in 1, the Wyrm in 3."""
    kw.setdefault("keep", 1)
    for k, v in WYRM_AT_3.items():
        kw.setdefault(k, v)
    return rf_position(cat_table(), **kw)


def cat_turn(**kw):
    """cat_pos with the Marquise's turn begun (services first, if any is payable)."""
    kw.setdefault("keep", 1)
    for k, v in WYRM_AT_3.items():
        kw.setdefault(k, v)
    return rf_turn(cat_table(), CAT, **kw)


def rf_day(**kw):
    """cat_pos at the start of the Riverfolk's Daylight (their Birdsong done)."""
    return cat_pos(at=(RF, "riverfolk_daylight"), **kw)


def moves_of(s) -> set[tuple[int, int, int]]:
    """The legal moves as (from, to, warriors), clearing numbers (pawn moves left out)."""
    out = set()
    for a in s.legal_actions():
        k, x = kind_of(a)
        if k == "move":
            n, x = x % 26, x // 26
            if x % 2 == 0:
                x //= 2
                out.add((x // NCL + 1, x % NCL + 1, n))
    return out


def routes(s) -> set[tuple[int, int]]:
    return {(a, b) for a, b, _n in moves_of(s)}


def clearings(offsets) -> set[int]:
    return {x + 1 for x in offsets}


def rulers(s) -> list[int]:
    """Each clearing's ruler (seat, -1), by clearing number - 1."""
    return [_core.ruler_of(s, c) for c in range(NCL)]


def battles_of(s) -> set[tuple[int, int]]:
    """The legal battles as (clearing number, defender seat)."""
    out = set()
    for x in kinds(s, "battle"):
        out.add((x // _core.NUM_SIDES + 1, x % _core.NUM_SIDES))
    return out


def crafts(s) -> set[str]:
    return {CARDS[x].token for x in kinds(s, "craft")}


def exports(s) -> set[str]:
    return {CARDS[x].token for x in kinds(s, "export")}


def boxes(d) -> tuple[list, list, list]:
    """(payments, funds, committed) by faction id."""
    return d["payments"], d["funds"], d["committed"]


def by_faction(**kw) -> list[int]:
    """A box row: by_faction(marquise=1, riverfolk=2) -> [1, 0, ..., 2]."""
    row = [0] * len(_core.FACTION_NAMES)
    for name, n in kw.items():
        row[_core.FACTION_NAMES.index(name)] = n
    return row


def finish_turn(s, seat: int, limit: int = 400):
    """Play seat's turn to its end: pass at every decision (else the first legal action, chance
    included)."""
    for _ in range(limit):
        if s.turn != seat or s.is_terminal():
            return s
        la = s.legal_actions()
        s.apply(PASS if PASS in la else la[0])
    raise AssertionError("the turn did not end")


def drive_battle(s, back: str, roll=None, ambush=None):
    """Play the battle just started up to step back: the defender's ambush card (or pass), the
    roll (high, low), then the first option at every other decision."""
    while s.step != back:
        if s.step == "battle_ambush":
            s.apply(action("ambush", cid(ambush)) if ambush else PASS)
        elif s.step == "battle_roll":
            s.apply(dice(*roll))
        else:
            la = s.legal_actions()
            s.apply(la[0])
    return s


# ---- R-1 pieces (LoR 11.3.1, B.2) -------------------------------------------------------------

def test_R1_pieces_fifteen_warriors_three_posts_a_suit_conserved():
    """R-1 (LoR 11.3.1, B.2): 15 warriors and 9 trade posts (3 a suit) -- the core's table, and
    State.from_dict refuses a 16th otter (map + supply + boxes + Coffin Makers = 15) or a 4th post
    of a suit (map + track + out of the game = 3)."""
    assert TABLE["warriors"] == 15 and TABLE["posts_per_suit"] == 3
    ok = cat_pos(otters={5: 2}, posts=(8,), lost=(1, 0, 0), payments={RIVERFOLK: 1}, funds={RIVERFOLK: 2},
                 committed={RIVERFOLK: 1})
    d = st(ok)
    assert sum(d["otters"]) + d["otter_supply"] + d["payments"][RIVERFOLK] + d["funds"][RIVERFOLK] \
        + d["committed"][RIVERFOLK] == 15
    assert d["posts_left"] == [1, 3, 3]
    d["otter_supply"] += 1
    with pytest.raises(_core.WyrmError, match="Riverfolk warriors"):
        _core.State.from_dict(d)
    d = st(ok)
    d["posts_left"][FOX] = 3                      # fox: 1 on the map and 3 on the track
    with pytest.raises(_core.WyrmError, match="trade posts"):
        _core.State.from_dict(d)


# ---- R-2 setup (LoR 11.3) ----------------------------------------------------------------------

def _setup_to(s, step, keep=None):
    """Deal and set up (the Keep in clearing keep, else the first choice) up to step."""
    while s.step != step:
        if s.is_chance_node():
            s.apply(s.sample_chance(5))
        elif s.step == "marquise_keep" and keep is not None:
            s.apply(action("keep", keep - 1))
        else:
            s.apply(s.legal_actions()[0])
    return s


def test_R2_setup_four_warriors_by_the_river_three_in_payments_never_the_keep():
    """R-2 (LoR 11.3.1-4; 6.2.2): with the Keep in river clearing 4, the Riverfolk place 4
    warriors in clearings touching the river (Autumn 4 5 7 10 11) but never the Keep's; 3 more
    go to Payments: 8 stay in supply, the Funds and Committed boxes are empty, every trade post
    waits on its track."""
    s = _setup_to(_core.State(0, factions=(MARQUISE, RIVERFOLK, WYRM)), "riverfolk_setup", keep=4)
    for n in range(4):
        assert clearings(kinds(s, "rf_recruit")) == {5, 7, 10, 11}
        s.apply(rf_recruit((5, 7, 10, 11)[n]))
    d = st(s)
    assert s.step == "riverfolk_prices"
    assert d["otters"] == [0, 0, 0, 0, 1, 0, 1, 0, 0, 1, 1, 0] and d["otter_supply"] == 8
    assert boxes(d) == (by_faction(riverfolk=3), by_faction(), by_faction())
    assert d["posts_left"] == [3, 3, 3] and sum(d["trade_posts"]) == 0 and d["track_used"] == [0, 0, 0]


def test_R2_setup_repeats_allowed():
    """R-2 (LoR 11.3.2 "any clearings touching the river"): all four warriors may go to one
    clearing."""
    s = _setup_to(_core.State(0, factions=(MARQUISE, RIVERFOLK, WYRM)), "riverfolk_setup", keep=1)
    for _ in range(4):
        assert 11 in clearings(kinds(s, "rf_recruit"))
        s.apply(rf_recruit(11))
    assert st(s)["otters"][10] == 4 and s.step == "riverfolk_prices"


@pytest.mark.parametrize("map_name,keep", [("autumn", 4), ("winter", 1), ("lake", 1), ("mountain", 4),
                                           ("mountain", 2)])
def test_R2_trap13_setup_clearings_touch_a_river_on_every_map(map_name, keep):
    """R-2, trap 13 (LoR 11.3.2; 16.2.2 the lake is rivers linking the coastal clearings): the
    setup offers exactly the clearings touching a river (Winter 7 10 11 12, the Lake's coastal
    1 10 11 12, Mountain 2 4 10), less the Keep's (6.2.2)."""
    m = _core.MAPS[map_name]
    s = _core.State(0, factions=(MARQUISE, RIVERFOLK, WYRM), map_id=m["id"],
                    suits=m["default_suits"] or (None if m["printed_suits"] else (0, 1, 2) * 4))
    s = _setup_to(s, "riverfolk_setup", keep=keep)
    assert clearings(kinds(s, "rf_recruit")) == set(RIVER_CLEARINGS[map_name]) - {keep}


def test_R2_prices_one_to_four_at_setup_each_once_without_pass():
    """R-2 (LoR 11.3.5 "Place 1 service marker on any space of each of your Services track"):
    at setup every service is priced once, at 1..4 (C1), and there is no pass; then the Wyrm
    sets up (W-MP-9)."""
    s = _setup_to(_core.State(0, factions=(MARQUISE, RIVERFOLK, WYRM)), "riverfolk_prices")
    assert TABLE["prices"] == (1, 2, 3, 4)
    assert sorted(kinds(s, "price")) == list(range(12)) and PASS not in s.legal_actions()
    s.apply(price(1, 3))                           # Riverboats 3
    assert sorted(kinds(s, "price")) == [0, 1, 2, 3, 8, 9, 10, 11]
    s.apply(price(2, 4))                           # Mercenaries 4
    assert sorted(kinds(s, "price")) == [0, 1, 2, 3] and PASS not in s.legal_actions()
    s.apply(price(0, 1))                           # Hand Card 1
    assert st(s)["prices"] == [1, 3, 4]
    assert s.step == "wyrm_setup"


# ---- R-3, trap 9: crafting with funds (LoR 11.2.1, 11.5.3) ---------------------------------------

HAND = ["F#anvil", "M#sword", "R#bakesale", "M#mouseinasack"]   # fox 1, fox 2, rabbit 2, mouse 1


def test_R3_trap9_no_craft_before_a_post():
    """R-3, trap 9 (LoR 11.2.1): crafting spaces exist only under posts that left their track; at
    the start (every post on its track) nothing can be crafted or exported, whatever the funds."""
    s = rf_day(otters={5: 2}, funds={RIVERFOLK: 6}, hands={RF: HAND})
    assert crafts(s) == set() and exports(s) == set()


@pytest.mark.parametrize("posts,want", [((8,), {"F#anvil"}), ((8, 12), {"F#anvil", "M#sword"}),
                                        ((8, 5), {"F#anvil"}), ((5, 10), {"R#bakesale"}),
                                        ((8, 5, 10, 7), {"F#anvil", "R#bakesale", "M#mouseinasack"})])
def test_R3_crafting_capacity_per_suit_is_posts_placed(posts, want):
    """R-3 (LoR 11.2.1): one crafting space a suit per post of that suit placed: one fox post
    crafts a 1-fox card (Anvil) but not a 2-fox one (Sword), two fox posts both; a rabbit post
    crafts no fox card (fox 1 6 8 12, rabbit 3 4 5 10, mouse 2 7 9 11)."""
    s = rf_day(otters={5: 2}, posts=posts, funds={RIVERFOLK: 6}, hands={RF: HAND})
    assert crafts(s) == want and exports(s) == want


def test_R3_trap9_a_removed_posts_space_still_crafts():
    """R-3, trap 9 (LoR 11.2.1, 11.2.5.I; digest §2.3 RED): two fox posts removed from the game
    leave their two spaces uncovered: the Sword (2 fox) is craftable with no post on the map."""
    s = rf_day(otters={5: 2}, lost=(2, 0, 0), funds={RIVERFOLK: 6}, hands={RF: HAND})
    assert crafts(s) == {"F#anvil", "M#sword"}


def test_R3_C8_craft_commits_one_fund_per_cost_icon_onto_the_spaces():
    """R-3, R-17, C8 (LoR 11.2.1, 11.5.3): crafting the Sword (2 fox) commits two funds -- the
    Riverfolk pick each fund's owner when owners differ (the Wyrm's, then their own) -- onto the
    two fox spaces (Committed until Gather); the item and its 2 VP are the crafter's; the spaces
    are filled for the turn, so the Anvil (1 fox) cannot follow."""
    s = rf_day(otters={5: 2}, posts=(8, 12), funds={RIVERFOLK: 3, WYRM: 2}, hands={RF: HAND})
    assert "M#sword" in crafts(s)
    s.apply(craft("M#sword"))
    assert s.step == "riverfolk_fund" and s.current_player == RF
    assert sorted(kinds(s, "fund")) == [RF, WY]
    s.apply(fund(WY))
    s.apply(fund(RF))
    d = st(s)
    assert s.step == "riverfolk_daylight"
    assert d["funds"] == by_faction(riverfolk=2, wyrm=1) and d["committed"] == by_faction(riverfolk=1, wyrm=1)
    assert d["track_used"] == [2, 0, 0] and d["score"][RF] == 2
    assert d["items"][RF][_core.ITEM_NAMES.index("sword")] == 1 and d["hand"][RF][cid("M#sword")] == 0
    assert crafts(s) == set()


def test_R3_a_craft_needs_a_fund_per_icon():
    """R-3 (LoR 11.2.1: "committing funds"): two fox spaces but a single fund -- the Sword (2 fox)
    is refused, the Anvil (1 fox) allowed."""
    s = rf_day(otters={5: 2}, posts=(8, 12), funds={RIVERFOLK: 1}, hands={RF: HAND})
    assert crafts(s) == {"F#anvil"}


def test_C8_an_any_suit_cost_takes_the_freest_suit():
    """C8 (LoR 4.1.1 "a crafting piece of any suit"): Royal Claim's four "?" icons fill the suits
    with the most free spaces first -- fox 2 (two posts lost), rabbit 1, mouse 1 -- all four."""
    s = rf_day(otters={5: 1, 7: 1}, posts=(5, 7), lost=(2, 0, 0), funds={RIVERFOLK: 5}, hands={RF: ["B#royalclaim"]})
    s.apply(craft("B#royalclaim"))
    d = st(s)
    assert d["track_used"] == [2, 1, 1] and d["committed"][RIVERFOLK] == 4
    assert d["play_area"][RF][cid("B#royalclaim")] == 1


# ---- R-4, trap 6, trap 13: Swimmers, Riverboats, recruiting by the river (LoR 11.2.2, 11.5.5) ------

def test_R4_swimmers_move_along_a_river_between_clearings_they_do_not_rule():
    """R-4 (LoR 11.2.2): the Marquise rules 4 and 7 (and 8 9 12); the otter in 4 may swim the
    river 4-7 into a clearing they do not rule, from one they do not rule -- but no path out of
    4 (4-8, 4-9, 4-12) is open to it: a move along a path still needs rule (LoR 4.2.1)."""
    s = rf_day(warriors={1: 1, 4: 3, 7: 2, 8: 1, 9: 1, 12: 1}, otters={4: 1}, funds={RIVERFOLK: 3})
    assert rulers(s)[3] == CAT and rulers(s)[6] == CAT
    assert routes(s) == {(4, 7)}


def test_R4_swimmers_path_moves_with_rule_and_rivers_both_ways():
    """R-4 (LoR 11.2.2 "They can still move using paths"): ruling 4, the Riverfolk move along its
    paths (4-8, 4-9, 4-12) and its river (4-7); from 10 (ruled by nobody) only the rivers 10-5
    and 10-11 -- its paths 10-1, 10-2, 10-12 lead to clearings they do not rule."""
    s = rf_day(warriors={1: 1, 10: 1, 12: 1, 2: 1}, otters={4: 2, 10: 1}, funds={RIVERFOLK: 3})
    assert routes(s) == {(4, 7), (4, 8), (4, 9), (4, 12), (10, 5), (10, 11)}


@pytest.mark.parametrize("bought", [True, False])
def test_R10_trap6_a_riverboats_buyer_still_needs_rule_on_the_river(bought):
    """R-10, trap 6 (LoR 11.2.7.II vs 11.2.2): the Marquise bought Riverboats: rivers are paths
    for it this turn -- 5-10 from 5, which it rules -- but rule still applies: the river 4-7
    from 4, where its warrior ties an otter, is no move (nobody rules 4 or 7). Without
    Riverboats no river is a path."""
    s = cat_turn(warriors={1: 1, 5: 2, 4: 1}, otters={10: 1, 4: 1}, funds={RIVERFOLK: 3}, prices=(2, 2, 2))
    assert s.step == "services"
    s.apply(RIVERBOATS_A if bought else PASS)
    pass_to(s, "marquise_daylight")
    assert st(s)["riverboats_for"] == (CAT if bought else -1)
    r = routes(s)
    assert ((5, 10) in r) == bought
    assert (4, 7) not in r and (5, 1) in r


def test_R10_riverboats_open_a_river_from_a_ruled_clearing():
    """R-10 (LoR 11.2.7.II): ruling 4 (two warriors against an otter), the Riverboats buyer may
    take the river 4-7 into a clearing nobody rules."""
    s = cat_turn(warriors={1: 1, 4: 2}, otters={4: 1}, funds={RIVERFOLK: 3}, prices=(2, 2, 2))
    s.apply(RIVERBOATS_A)
    pass_to(s, "marquise_daylight")
    assert (4, 7) in routes(s)


def test_R4_trap13_recruit_only_in_river_clearings_never_the_keeps():
    """R-4, R-17, trap 13 (LoR 11.5.5 "a warrior in any clearing with a river"; 6.2.2): the
    Recruit action is offered in 5 7 10 11 and not in 4 (the Keep's clearing here), nor in any
    clearing off the river, even one the Riverfolk rule."""
    s = cat_pos(keep=4, warriors={4: 1}, otters={1: 3, 5: 1}, funds={RIVERFOLK: 3}, at=(RF, "riverfolk_daylight"))
    assert clearings(kinds(s, "rf_recruit")) == {5, 7, 10, 11}


def test_R4_trap13_recruit_on_the_lake_takes_the_coastal_clearings():
    """R-4, trap 13 (LoR 11.5.5; 16.2.2 the Lake is rivers linking the coastal clearings): on the
    Lake map the Recruit action is offered in the coastal clearings 1 10 11 12 (the Keep here in
    corner 2)."""
    lake = _core.MAPS["lake"]
    s0 = _table((MARQUISE, RIVERFOLK, WYRM), map_id=lake["id"], suits=lake["default_suits"])
    keep = st(s0)["keep"] + 1
    s = rf_position(s0, keep=keep, otters={10: 1}, funds={RIVERFOLK: 3}, wyrmlings={3: 2}, pawn=3,
                    at=(RF, "riverfolk_daylight"))
    assert clearings(kinds(s, "rf_recruit")) == {1, 10, 11, 12} - {keep}


def test_R4_swimmers_cross_the_lake():
    """R-4 (LoR 11.2.2; 16.2.2 "The lake is treated as rivers linking each coastal clearing to
    each other coastal clearing"): on the Lake an otter in coastal clearing 10 may move to 1, 11
    and 12 whoever rules them."""
    lake = _core.MAPS["lake"]
    s0 = _table((MARQUISE, RIVERFOLK, WYRM), map_id=lake["id"], suits=lake["default_suits"])
    keep = st(s0)["keep"] + 1
    s = rf_position(s0, keep=keep, warriors={10: 2, 1: 1, 11: 1, 12: 1}, otters={10: 1}, funds={RIVERFOLK: 3},
                    wyrmlings={3: 2}, pawn=3, at=(RF, "riverfolk_daylight"))
    assert {(10, 1), (10, 11), (10, 12)} <= routes(s)


# ---- R-5 the public hand (LoR 11.2.3) -----------------------------------------------------------

def test_R5_every_seat_sees_the_riverfolk_hand():
    """R-5 (LoR 11.2.3 "The Riverfolk place their hand face up"): a determinized copy for any
    observer (the search's view of what a seat knows, _core.determinized) redeals the other hidden
    hands but never the Riverfolk's. (The Python views, wyrm_ai.model.redaction.observe, are not
    yet written for the Riverfolk: front ends follow, docs/riverfolk-lizards.md §6.)"""
    s = cat_pos(otters={5: 1}, funds={RIVERFOLK: 2}, hands={CAT: ["F#roottea", "R#cobbler"], RF: HAND,
                                                           WY: ["M#crossbow", "B#royalclaim"]})
    for observer in (CAT, RF, WY):
        for seed in range(4):
            d = st(_core.determinized(s, observer, seed))
            assert d["hand"][RF] == counts(HAND), (observer, seed)


def test_R5_stand_and_deliver_takes_a_random_card_then_known_to_all():
    """R-5 (LoR 11.2.3: a random take is drawn blind from the shuffled hand): Stand and Deliver!
    against the Riverfolk is a chance event over their hand, uniform; the card taken was seen by
    every seat (the hand lay face up): each other seat then knows it in the taker's hand."""
    s = cat_turn(warriors={1: 22}, otters={5: 1}, funds={RIVERFOLK: 2}, in_play={CAT: ["F#standanddeliver"]},
                 hands={RF: ["F#anvil", "M#sword"]}, prices=(4, 4, 4))      # 3 in supply: nothing payable
    assert s.step == "birdsong_cards"
    s.apply(action("use", cid("F#standanddeliver")))
    s.apply(action("target", RF)) if s.step == "choose_player" else None
    assert s.step == "steal" and s.is_chance_node()
    outs = dict(s.chance_outcomes())
    assert set(outs) == {action("steal", cid("F#anvil")), action("steal", cid("M#sword"))}
    assert all(abs(p - 0.5) < 1e-9 for p in outs.values())
    s.apply(action("steal", cid("M#sword")))
    d = st(s)
    assert d["hand"][CAT][cid("M#sword")] == 1 and d["hand"][RF] == counts(["F#anvil"])
    assert d["known"][WY][CAT][cid("M#sword")] == 1 and d["known"][RF][CAT][cid("M#sword")] == 1



@pytest.mark.parametrize("hand,step", [(["R#cobbler", "M#sword"], "riverfolk_daylight"),
                                       (["R#cobbler", "R#bakesale"], "outrage"),
                                       (["M#sword"], "supporter_draw")])
def test_R5_outrage_from_the_public_hand_asks_only_a_real_choice(hand, step):
    """R-5 (LoR 11.2.3; 8.2.6 Outrage; docs/riverfolk-lizards.md §5.3): the Riverfolk swim into
    sympathetic rabbit clearing 10: holding one rabbit card, it goes to the Supporters without a
    question (everyone sees it is the only one); holding two, they choose; holding none, the
    Alliance draws from the deck (a chance event), no question asked."""
    s = rf_position(_table((ALLIANCE, RIVERFOLK, WYRM)), otters={5: 1}, funds={RIVERFOLK: 3}, sympathy=(10,),
                    hands={RF: hand}, at=(RF, "riverfolk_daylight"), **WYRM_AT_3)
    s.apply(move(5, 10, 1))
    assert s.step == step
    if step == "riverfolk_daylight":
        assert st(s)["hand"][RF] == counts(["M#sword"]) and st(s)["supporters_size"] == 1

# ---- R-7, trap 10: Trade Disruption (LoR 11.2.5.I, 3.2.1) ------------------------------------------

def test_R7_trap10_a_removed_post_scores_1_and_costs_half_the_funds_rounded_up():
    """R-7, trap 10, C8 (LoR 11.2.5.I, 3.2.1; glossary Remove): the Marquise battles the lone post
    in 8: +1 VP for the post; the Riverfolk remove half their 5 funds rounded up (3) -- owners
    differ, so they choose each (here the Wyrm's two, then their own is forced) -- back to the
    owners' supplies; Payments and Committed are untouched; the post leaves the game (the fox
    track keeps its 2 posts: posts_left unchanged)."""
    s = cat_turn(warriors={1: 1, 8: 2}, otters={5: 1}, posts=(8, 5), funds={RIVERFOLK: 3, WYRM: 2},
                 payments={RIVERFOLK: 1, MARQUISE: 1}, committed={WYRM: 1}, prices=(4, 4, 4))
    pass_to(s, "marquise_daylight")
    before = st(s)
    s.apply(battle(8, RF))
    s.apply(dice(1, 0))
    assert s.step == "trade_disruption" and s.current_player == RF
    assert sorted(kinds(s, "fund")) == [RF, WY]
    s.apply(fund(WY))
    assert s.step == "trade_disruption"
    s.apply(fund(WY))
    d = st(s)
    assert s.step == "marquise_daylight"
    assert d["score"] == [1, 0, 0]
    assert d["funds"] == by_faction(riverfolk=2) and d["disrupt_owed"] == 0
    assert d["payments"] == before["payments"] and d["committed"] == before["committed"]
    assert d["wyrmling_supply"] == before["wyrmling_supply"] + 2
    assert d["otter_supply"] == before["otter_supply"] + 1
    assert d["trade_posts"][7] == 0 and d["posts_left"] == before["posts_left"] == [2, 2, 3]


@pytest.mark.parametrize("funds,lost", [(4, 2), (1, 1), (0, 0), (7, 4)])
def test_R7_trap10_one_owner_no_choice(funds, lost):
    """R-7, trap 10 (LoR 11.2.5.I): with every fund the Riverfolk's own, half rounded up goes back
    to their supply without a question (4 -> 2, 1 -> 1, 0 -> 0, 7 -> 4)."""
    s = cat_turn(warriors={1: 1, 8: 2}, posts=(8,), funds={RIVERFOLK: funds}, prices=(4, 4, 4))
    pass_to(s, "marquise_daylight")
    supply = st(s)["otter_supply"]
    s.apply(battle(8, RF))
    s.apply(dice(1, 0))
    d = st(s)
    assert s.step == "marquise_daylight" and d["funds"][RIVERFOLK] == funds - lost
    assert d["otter_supply"] == supply + lost and d["score"][CAT] == 1



def test_R7_two_posts_removed_at_once_halve_the_funds_twice():
    """R-7 (LoR 11.2.5.I "Whenever a trade post is removed"; 1.5.4 pieces removed together, then
    their effects): Favor of the Rabbits removes the posts in 5 and 10 (+1 VP each): the 8 funds
    are halved for each, 8 -> 4 -> 2."""
    s = cat_turn(warriors={1: 1, 4: 1}, buildings={4: (0, 1, 0), 5: (0, 2, 0)}, posts=(5, 10), otters={7: 1},
                 funds={RIVERFOLK: 8}, hands={CAT: ["R#favoroftherabbits"]}, prices=(4, 4, 4),
                 wyrmlings={9: 2}, pawn=9, fear={9: 1})
    pass_to(s, "marquise_daylight")
    supply = st(s)["otter_supply"]
    s.apply(craft("R#favoroftherabbits"))
    d = st(s)
    assert s.step == "marquise_daylight" and d["trade_posts"][4] == d["trade_posts"][9] == 0
    assert d["funds"][RIVERFOLK] == 2 and d["otter_supply"] == supply + 6 and d["score"][CAT] == 2
    assert d["posts_left"] == [3, 1, 3]

# ---- R-8, trap 11, C2-C4, C9, C12: buying services (LoR 11.2.6) ---------------------------------

def test_R8_C2_services_at_the_start_of_birdsong_after_better_burrow_bank():
    """R-8, C2 (LoR 11.2.6 "At the start of another player's Birdsong"): the Marquise's turn
    begins with Better Burrow Bank's draws, then the services, then its Birdsong (wood at the
    sawmill only after the purchase)."""
    s = cat_turn(warriors={1: 1}, buildings={2: (1, 0, 0)}, otters={5: 1}, funds={RIVERFOLK: 2},
                 in_play={CAT: ["R#betterburrowbank"]}, hands={RF: ["F#anvil"]}, prices=(1, 1, 1))
    assert s.step == "choose_player"
    s.apply(action("target", RF))
    settle(s)
    assert s.step == "services" and s.current_player == CAT and st(s)["hand_size"][CAT] == 1
    assert st(s)["wood"][1] == 0                   # the Marquise's Birdsong has not begun
    s.apply(PASS)
    assert st(s)["wood"][1] == 1


def test_C2_services_after_coffin_makers_returns_the_warriors():
    """C2 (LoR 1.1.3; the E&P Coffin Makers returns its warriors at the start of its owner's
    Birdsong): the Marquise's supply is empty but two of its warriors lie on its Coffin Makers;
    they come back first, so the services open and are payable."""
    def coffin(d):
        d["coffin"][CAT] = 2
        d["warrior_supply"] -= 2
    s = rf_turn(_table((MARQUISE, RIVERFOLK, WYRM), deck_id=_core.DECK_NAMES.index("ep")), CAT, keep=1,
                warriors={1: 23}, otters={5: 1}, funds={RIVERFOLK: 2}, prices=(1, 1, 1),
                in_play={CAT: ["R#coffinmakers"]}, edit=coffin, **WYRM_AT_3)
    d = st(s)
    assert s.step == "services" and d["warrior_supply"] == 2 and d["coffin"] == [0, 0, 0]


def test_R8_the_number_of_purchases_is_one_plus_post_clearings_holding_the_buyer():
    """R-8 (LoR 11.2.6.II "one service plus one per clearing with a trade post and their faction
    pieces"): posts in 5 (a Marquise warrior), 8 (a sawmill) and 10 (no Marquise piece): three
    purchases; after three, the services end and Birdsong begins."""
    s = cat_turn(warriors={1: 1, 5: 1}, buildings={8: (1, 0, 0)}, otters={10: 1}, posts=(5, 8, 10),
                 funds={RIVERFOLK: 2}, hands={RF: ["F#anvil", "M#sword", "R#bakesale", "R#cobbler"]},
                 prices=(1, 1, 1))
    assert s.step == "services" and st(s)["services_left"] == 3
    s.apply(buy_card("F#anvil"))
    s.apply(buy_card("M#sword"))
    assert s.step == "services" and st(s)["services_left"] == 1
    s.apply(RIVERBOATS_A)
    assert s.step != "services" and st(s)["hand"][CAT] == counts(["F#anvil", "M#sword"])


def test_R8_trap11_payment_from_the_buyers_supply_into_payments():
    """R-8, trap 11 (LoR 11.2.6.I "place warriors from their supply into the Riverfolk's Payments
    box"): Mercenaries at 3 take three warriors from the Marquise's supply into Payments, none
    from the map; Funds untouched; no consent asked of the Riverfolk (the buyer decides alone)."""
    s = cat_turn(warriors={1: 1, 5: 2}, otters={5: 1}, funds={RIVERFOLK: 2}, prices=(1, 2, 3))
    before = st(s)
    s.apply(MERCENARIES_A)
    d = st(s)
    assert d["warrior_supply"] == before["warrior_supply"] - 3 and d["warriors"] == before["warriors"]
    assert d["payments"] == by_faction(marquise=3) and d["funds"] == before["funds"]
    assert d["mercenaries_for"] == CAT


@pytest.mark.parametrize("supply,want", [(3, {"hand", "riverboats", "mercenaries"}), (2, {"hand", "riverboats"}),
                                         (1, {"riverboats"}), (0, set())])
def test_R8_C4_trap11_services_the_buyer_cannot_pay_are_not_offered(supply, want):
    """R-8, C4, trap 11 (LoR 11.2.6.I): prices Hand Card 2, Riverboats 1, Mercenaries 3 against a
    supply of 3/2/1/0 Marquise warriors (the rest on the map): only what the supply pays is
    offered; with nothing payable no services step is entered at all."""
    s = cat_turn(warriors={1: 25 - supply}, otters={5: 1}, funds={RIVERFOLK: 2}, hands={RF: ["F#anvil"]},
                 prices=(2, 1, 3))
    offered = set()
    if s.step == "services":
        names = {"buy_card": "hand", "riverboats": "riverboats", "mercenaries": "mercenaries"}
        offered = {names[kind_of(a)[0]] for a in s.legal_actions() if a != PASS}
    assert offered == want
    assert (s.step == "services") == bool(want)


def test_C9_warriors_on_coffin_makers_cannot_pay():
    """C9, R-8 (LoR 11.2.6.I "from their supply"): Marquise warriors on Coffin Makers are in no
    supply -- with its supply empty and two on the card, nothing is offered."""
    def coffin(d):
        d["coffin"][CAT] = 2
        d["warrior_supply"] -= 2
        t = cid("R#coffinmakers")
        d["deck"][t] -= 1
        d["deck_size"] -= 1
        d["play_area"][WY][t] += 1
    s = rf_turn(_table((MARQUISE, RIVERFOLK, WYRM), deck_id=_core.DECK_NAMES.index("ep")), CAT, keep=1,
                warriors={1: 23}, otters={5: 1}, funds={RIVERFOLK: 2}, prices=(1, 1, 1), edit=coffin, **WYRM_AT_3)
    assert st(s)["warrior_supply"] == 0 and s.step != "services"


def test_R8_the_riverfolk_are_never_offered_their_own_services():
    """R-8 (LoR 11.2.6 "another player's Birdsong"): the Riverfolk's turn begins with their own
    Birdsong (Protectionism, Dividends, Gather) and goes to Daylight: no services step."""
    s = rf_turn(cat_table(), RF, keep=1, otters={5: 1}, posts=(5,), funds={RIVERFOLK: 4}, hands={RF: HAND},
                prices=(1, 1, 1), **WYRM_AT_3)
    assert s.step == "riverfolk_daylight" and st(s)["buyer"] == -1


def test_C12_the_mechanical_marquise_never_buys():
    """C12 (the bot's program names no purchase; the Law of Rootbotics is not in the sources):
    through seeded random games at the table (Mechanical Marquise, Riverfolk, Wyrm) no services
    step ever opens on the bot's turn, while the Wyrm is offered services."""
    seen_wyrm = False
    for seed in range(3):
        s = _core.State(seed % 3, factions=(MECHANICAL, RIVERFOLK, WYRM))
        bot = s.seat_of(MECHANICAL)
        rng = np.random.default_rng(seed)
        for _ in range(3000):
            if s.is_terminal():
                break
            if s.step in ("services", "service_items"):
                assert s.turn != bot
                seen_wyrm |= s.turn == s.seat_of(WYRM)
            if s.is_chance_node():
                s.apply(s.sample_chance(int(rng.integers(1 << 62))))
            else:
                la = s.legal_actions()
                s.apply(la[rng.integers(len(la))])
    assert seen_wyrm



@pytest.mark.parametrize("faction", [EYRIE, ALLIANCE, LIZARDS])
def test_R8_services_open_every_other_factions_birdsong(faction):
    """R-8 (LoR 11.2.6 "At the start of another player's Birdsong"): the Eyrie's, the Alliance's
    and the Cult's turns open with the services (the seat on turn decides); passing goes on to
    the faction's own turn."""
    kw = dict(WYRM_AT_3, otters={5: 1}, funds={RIVERFOLK: 2}, prices=(1, 1, 1), hands={RF: ["F#anvil"]})
    kw.update({EYRIE: dict(birds={1: 2}, roosts={1: 1}), ALLIANCE: dict(rebels={5: 1}, sympathy=(5, 6)),
               LIZARDS: dict(lizards={8: 2}, gardens={8: 1})}[faction])
    s = rf_turn(_table((faction, RIVERFOLK, WYRM)), 0, **kw)
    assert s.step == "services" and s.current_player == 0
    assert set(s.legal_actions()) == {PASS, buy_card("F#anvil"), RIVERBOATS_A, MERCENARIES_A}
    s.apply(PASS)
    assert s.step != "services" and s.turn == 0


def test_R8_a_wyrm_fear_token_or_pawn_beside_a_post_adds_a_purchase():
    """R-8 (LoR 11.2.6.II "their faction pieces": tokens and pawns too): posts in 9 (a fear token
    of the Wyrm's) and 3 (its pawn and wyrmlings) and 10 (nothing of its): three purchases."""
    s = rf_turn(cat_table(), WY, keep=1, warriors={1: 1}, otters={5: 1}, posts=(9, 3, 10), funds={RIVERFOLK: 2},
                prices=(1, 1, 1), wyrmlings={3: 2}, pawn=3, fear={9: 2})
    assert s.step == "services" and st(s)["services_left"] == 3

# ---- the Vagabond pays with items (LoR 11.2.6.III), never Mercenaries (11.2.7.III.b) ---------------

VB_ITEMS = {"boots": 1, "sword": 2, "torch": 1}


def vb_table():
    return _table((MARQUISE, RIVERFOLK, VAGABOND))


def test_R8_vagabond_pays_by_exhausting_items_and_the_riverfolk_place_otters():
    """R-8 (LoR 11.2.6.III): the Vagabond (his pawn in 5, beside a post: two purchases) buys the
    Anvil at 2: he exhausts two ready items of his choice (a sword, then his boots) and the
    Riverfolk place two of their own warriors in Payments; Mercenaries are never offered to him
    (11.2.7.III.b)."""
    s = rf_turn(vb_table(), 2, keep=1, warriors={1: 1}, otters={5: 2, 10: 1}, posts=(5,), funds={RIVERFOLK: 3},
                prices=(2, 1, 1), hands={RF: ["F#anvil", "M#sword"]}, vb_at=5, vb_items=VB_ITEMS)
    assert s.step == "services" and st(s)["services_left"] == 2
    assert MERCENARIES_A not in s.legal_actions()
    supply = st(s)["otter_supply"]
    s.apply(buy_card("F#anvil"))
    assert s.step == "service_items" and s.current_player == 2
    assert sorted(kinds(s, "service_item")) == sorted(_core.VITEM_NAMES.index(k) for k in VB_ITEMS)
    s.apply(service_item("sword"))
    s.apply(service_item("boots"))
    d = st(s)
    up = [d["vb_items"][0][_core.VITEM_NAMES.index(k)] for k in ("boots", "sword", "torch")]
    down = [d["vb_items"][1][_core.VITEM_NAMES.index(k)] for k in ("boots", "sword", "torch")]
    assert up == [0, 1, 1] and down == [1, 1, 0]
    assert d["payments"] == by_faction(riverfolk=2) and d["otter_supply"] == supply - 2
    assert d["hand"][2][cid("F#anvil")] == 1


def test_R8_C4_the_vagabond_needs_as_many_ready_items_as_the_price():
    """R-8, C4 (LoR 11.2.6.III): one ready item (the rest exhausted) pays a price of 1 but not 2:
    Riverboats at 1 offered, the Hand Card at 2 not."""
    s = rf_turn(vb_table(), 2, keep=1, warriors={1: 1}, otters={5: 2}, funds={RIVERFOLK: 3}, prices=(2, 1, 1),
                hands={RF: ["F#anvil"]}, vb_at=5, vb_items={"boots": (1, 0, 0, 0), "sword": (0, 2, 0, 0)})
    assert s.step == "services"
    assert set(s.legal_actions()) == {PASS, RIVERBOATS_A}



def test_C4_the_riverfolk_short_of_warriors_place_what_they_have():
    """C4 (LoR 11.2.6.III; 1.5.4 "the maximum number possible"): one otter left in the
    Riverfolk's supply, the Vagabond buys the Anvil at 2: he still exhausts two items (asked one
    by one) and one otter goes to Payments."""
    s = rf_turn(vb_table(), 2, keep=1, warriors={1: 1}, otters={5: 13}, funds={RIVERFOLK: 1}, prices=(2, 1, 1),
                hands={RF: ["F#anvil"]}, vb_at=5, vb_items=VB_ITEMS)
    assert st(s)["otter_supply"] == 1
    s.apply(buy_card("F#anvil"))
    assert st(s)["payments"] == by_faction(riverfolk=1) and st(s)["otter_supply"] == 0
    s.apply(service_item("sword"))
    assert s.step == "service_items" and st(s)["vb_items"][1][_core.VITEM_NAMES.index("sword")] == 1
    s.apply(service_item("torch"))
    assert s.step != "service_items" and st(s)["payments"] == by_faction(riverfolk=1)

# ---- R-9 Hand Card (LoR 11.2.7.I) -----------------------------------------------------------

def test_R9_hand_card_moves_the_card_and_every_seat_knows_it():
    """R-9 (LoR 11.2.7.I; 11.2.3): the Marquise buys the Sword from the face-up hand: it leaves
    the Riverfolk's hand for the Marquise's, where every other seat knows it (to_dict known);
    a determinized copy for the Wyrm keeps it there."""
    s = cat_turn(warriors={1: 1}, otters={5: 1}, funds={RIVERFOLK: 2}, hands={RF: ["M#sword", "F#anvil"],
                                                                          CAT: ["R#cobbler"]},
                 prices=(2, 2, 2))
    s.apply(buy_card("M#sword"))
    d = st(s)
    assert d["hand"][RF] == counts(["F#anvil"]) and d["hand"][CAT] == counts(["R#cobbler", "M#sword"])
    assert d["hand_size"][:2] == [2, 1]
    assert d["known"][WY][CAT][cid("M#sword")] == 1 and d["known"][RF][CAT][cid("M#sword")] == 1
    assert d["known"][WY][CAT][cid("R#cobbler")] == 0
    for seed in range(4):
        assert st(_core.determinized(s, WY, seed))["hand"][CAT][cid("M#sword")] == 1


def test_R9_C3_hand_card_bought_again_within_the_number_riverboats_once():
    """R-9, C3 (LoR 11.2.7.I "may buy this service multiple times"): with three purchases the
    Marquise takes two cards, then Riverboats; Riverboats and Mercenaries are never offered a
    second time in a turn."""
    s = cat_turn(warriors={1: 1, 5: 1, 10: 1}, otters={5: 1}, posts=(5, 10), funds={RIVERFOLK: 2},
                 hands={RF: ["M#sword", "F#anvil", "R#cobbler"]}, prices=(1, 1, 1))
    assert st(s)["services_left"] == 3
    s.apply(RIVERBOATS_A)
    assert RIVERBOATS_A not in s.legal_actions() and MERCENARIES_A in s.legal_actions()
    s.apply(buy_card("M#sword"))
    s.apply(buy_card("F#anvil"))
    assert st(s)["hand"][CAT] == counts(["M#sword", "F#anvil"]) and s.step != "services"
    assert st(s)["payments"] == by_faction(marquise=3)


# ---- R-10 Riverboats end with the turn (LoR 11.2.7.II) -------------------------------------------

def test_R10_R11_riverboats_and_mercenaries_end_with_the_buyers_turn():
    """R-10, R-11 (LoR 11.2.7.II "until the end of their turn"; 11.2.7.III "of this turn"): after
    the Marquise's turn (two purchases: a post in 5 beside its warrior), neither service is held
    and the otters are the Riverfolk's again (5 is theirs in their own turn); the payments sat in
    Payments until the Riverfolk's Gather (trap 1)."""
    s = cat_turn(warriors={1: 1, 5: 1}, otters={5: 2}, posts=(5,), funds={RIVERFOLK: 2}, prices=(1, 1, 1))
    s.apply(RIVERBOATS_A)
    s.apply(MERCENARIES_A)
    pass_to(s, "marquise_daylight")
    d = st(s)
    assert (d["riverboats_for"], d["mercenaries_for"], d["mercenaries_on"]) == (CAT, CAT, 1)
    assert rulers(s)[4] == CAT and d["payments"] == by_faction(marquise=2) and d["funds"] == by_faction(riverfolk=2)
    finish_turn(s, CAT)
    d = st(s)
    assert s.turn == RF and s.step == "riverfolk_daylight"
    assert (d["riverboats_for"], d["mercenaries_for"], d["mercenaries_on"]) == (-1, -1, 0)
    assert rulers(s)[4] == RF
    assert d["payments"] == by_faction() and d["funds"] == by_faction(marquise=2, riverfolk=2)


# ---- R-11, trap 4, C5: Mercenaries in rule (LoR 11.2.7.III) ---------------------------------------

def test_R11_trap4_mercenaries_rule_in_daylight_not_birdsong():
    """R-11, trap 4 (LoR 11.2.7.III "During Daylight and Evening of this turn"): the Marquise buys
    Mercenaries; in its Birdsong Royal Claim scores only the clearings it rules by itself (1, 8:
    2 VP), not 5 and 10 where otters outnumber it; in Daylight it rules 5 and 10 too."""
    s = cat_turn(warriors={1: 1, 5: 1, 8: 1}, otters={5: 2, 10: 1}, funds={RIVERFOLK: 3},
                 in_play={CAT: ["B#royalclaim"]}, prices=(1, 1, 1))
    s.apply(MERCENARIES_A)
    assert s.step == "birdsong_cards" and st(s)["mercenaries_on"] == 0
    assert rulers(s)[4] == RF and rulers(s)[9] == RF
    s.apply(action("use", cid("B#royalclaim")))
    assert st(s)["score"][CAT] == 2
    assert s.step == "marquise_daylight" and st(s)["mercenaries_on"] == 1
    r = rulers(s)
    assert r[0] == r[4] == r[7] == r[9] == CAT


def test_R11_C5_the_riverfolk_do_not_rule_by_hired_otters():
    """R-11, C5 (LoR 11.2.7.III; glossary Treat): while the Marquise's mercenaries serve, the
    otters count for the Marquise and not the Riverfolk: 10 (otters alone) and 5 (otters
    against one Marquise warrior) are the Marquise's, 7 (otters against a wyrmling) too."""
    s = cat_turn(warriors={1: 1, 5: 1}, otters={5: 2, 10: 1, 7: 1}, wyrmlings={3: 1, 7: 1}, funds={RIVERFOLK: 3},
                 prices=(1, 1, 1))
    before = rulers(s)
    assert before[4] == before[9] == RF and before[6] == -1
    s.apply(MERCENARIES_A)
    pass_to(s, "marquise_daylight")
    r = rulers(s)
    assert r[4] == r[9] == CAT and r[6] == -1
    assert RF not in r


def test_R11_mercenaries_count_for_rule_in_moves():
    """R-11 (LoR 11.2.7.III "for rule"; 4.2.1): the Marquise's warrior in 2 may move to 10, held
    only by otters, once its mercenaries serve (Daylight); before the purchase, with no rule at
    either end, it could not."""
    for hire in (False, True):
        s = cat_turn(warriors={1: 1, 2: 1, 5: 2}, otters={10: 2, 5: 1, 2: 1}, funds={RIVERFOLK: 3}, prices=(1, 1, 1))
        s.apply(MERCENARIES_A if hire else PASS)
        pass_to(s, "marquise_daylight")
        assert ((2, 10) in routes(s)) == hire


def test_R11_trap4_the_buyer_never_moves_mercenaries():
    """R-11, trap 4 (LoR 11.2.7.III "The buyer cannot move them"): in its Daylight the Marquise
    moves only its own warriors -- one from 5 (beside two otters), none from 10 (otters only)."""
    s = cat_turn(warriors={1: 1, 5: 1}, otters={5: 2, 10: 2}, funds={RIVERFOLK: 3}, prices=(1, 1, 1))
    s.apply(MERCENARIES_A)
    pass_to(s, "marquise_daylight")
    m = moves_of(s)
    assert m and all(n == 1 and a == 5 or a == 1 for a, b, n in m)
    assert not any(a == 10 for a, b, n in m)


def test_R11_mercenaries_serve_to_the_end_of_evening_the_pass():
    """R-11 (LoR 11.2.7.III "During Daylight and Evening of this turn"; 16.2.3 "At the end of a
    player's Evening, if that player rules the Pass, that player scores one victory point"; 1.3.1
    "at end of" is still in the phase): on the Mountain map the Marquise rules the Pass (10)
    through its mercenaries (one warrior and two otters) all Daylight; at the end of its Evening
    it scores the Pass's point."""
    m = _core.MAPS["mountain"]
    s0 = _table((MARQUISE, RIVERFOLK, WYRM), map_id=m["id"], suits=m["default_suits"])
    s = rf_turn(s0, CAT, keep=1, warriors={1: 1, 10: 1}, otters={10: 2, 4: 1}, funds={RIVERFOLK: 3},
                prices=(1, 1, 1), **WYRM_AT_3)
    s.apply(MERCENARIES_A)
    pass_to(s, "marquise_daylight")
    assert rulers(s)[9] == CAT
    finish_turn(s, CAT)
    assert st(s)["score"][CAT] == 1


def test_R11_the_pass_scores_a_buyer_ruling_it_by_itself():
    """R-11 control for the test above (LoR 16.2.3): the Marquise ruling the Pass with its own
    warriors (three against two otters) scores its point at the end of Evening, mercenaries
    bought or not."""
    m = _core.MAPS["mountain"]
    s0 = _table((MARQUISE, RIVERFOLK, WYRM), map_id=m["id"], suits=m["default_suits"])
    s = rf_turn(s0, CAT, keep=1, warriors={1: 1, 10: 3}, otters={10: 2, 4: 1}, funds={RIVERFOLK: 3},
                prices=(1, 1, 1), **WYRM_AT_3)
    s.apply(MERCENARIES_A)
    finish_turn(s, CAT)
    assert st(s)["score"][CAT] == 1


def test_R11_piece_ownership_field_hospitals_never_save_a_mercenary():
    """R-11 (LoR 11.2.7.III "They are still Riverfolk faction pieces"; 1.5.3 "the Marquise cannot
    use Field Hospitals on Riverfolk mercenaries"): in a lone-mercenary battle the otter that falls
    goes to the Riverfolk's supply and no Field Hospitals is asked, though the Marquise holds a
    matching card; its own warrior falling is offered Field Hospitals."""
    s0 = _table((MARQUISE, RIVERFOLK, EYRIE))
    for own, asked in ((0, False), (1, True)):
        s = rf_turn(s0, CAT, keep=1, warriors={1: 1, 5: own}, otters={5: 2}, birds={5: 3, 3: 1}, roosts={3: 1},
                    funds={RIVERFOLK: 3}, prices=(1, 1, 1), hands={CAT: ["R#cobbler"]})
        s.apply(MERCENARIES_A)
        pass_to(s, "marquise_daylight")
        supply = st(s)["otter_supply"]
        s.apply(battle(5, 2))
        s.apply(dice(1, 1))
        assert (s.step == "field_hospitals") == asked
        if not asked:
            assert st(s)["otters"][4] == 1 and st(s)["otter_supply"] == supply + 1



def test_C5_pilgrims_beat_mercenaries():
    """C5 (LoR 10.2.4 Pilgrims "overrides" the counts): the Marquise's mercenaries (three otters
    and its warrior) in fox 8, where the Cult has a garden and no warrior: the Cult rules 8."""
    s = rf_turn(_table((MARQUISE, RIVERFOLK, LIZARDS)), CAT, keep=1, warriors={1: 1, 8: 1}, otters={8: 3},
                lizards={3: 1}, gardens={8: 1}, funds={RIVERFOLK: 2}, prices=(1, 1, 1))
    s.apply(MERCENARIES_A)
    pass_to(s, "marquise_daylight")
    assert rulers(s)[7] == 2


# ---- C10 Riverboats and adjacency (LoR 11.2.7.II; glossary Adjacent) -------------------------------

def test_C10_riverboats_open_rivers_to_the_eyries_decree_moves():
    """C10 (LoR 11.2.7.II; 7.5.2 the Decree's moves): the Eyrie bought Riverboats: its Decree's
    move from rabbit 5 (which it rules) may take the river to 10; without Riverboats it may not."""
    def decree(d):
        t = cid("R#cobbler")
        d["deck"][t] -= 1
        d["deck_size"] -= 1
        d["decree"][1][t] += 1
    for boats in (False, True):
        s = rf_turn(_table((EYRIE, RIVERFOLK, WYRM)), 0, birds={5: 2, 1: 1}, roosts={1: 1}, otters={4: 1},
                    funds={RIVERFOLK: 3}, prices=(1, 1, 1), hands={0: ["F#anvil"]}, edit=decree, **WYRM_AT_3)
        s.apply(RIVERBOATS_A if boats else PASS)
        pass_to(s, "eyrie_daylight")
        while not kinds(s, "e_move"):
            s.apply(s.legal_actions()[0])          # the recruit column first
        routes_ = {(x // 42 // NCL + 1, x // 42 % NCL + 1) for x in kinds(s, "e_move")}
        assert (5, 2) in routes_ and ((5, 10) in routes_) == boats


def test_C10_riverboats_widen_the_vagabonds_slip():
    """C10 (LoR 11.2.7.II "The buyer treats rivers as paths"; 9.4.2 Slip "to an adjacent clearing";
    glossary Adjacent "linked to it by a path"): the Vagabond in 5 buys Riverboats at the start of
    his Birdsong; his Slip, later in that Birdsong, may then cross the river to 10 (it does in
    Daylight moves)."""
    s = rf_turn(vb_table(), 2, keep=1, warriors={1: 1}, otters={4: 1}, funds={RIVERFOLK: 3}, prices=(1, 1, 1),
                vb_at=5, vb_items={"boots": 2, "sword": 1, "torch": 1})
    s.apply(RIVERBOATS_A)
    while s.step == "service_items":
        s.apply(s.legal_actions()[0])
    assert s.step == "vagabond_slip"
    assert 10 - 1 in kinds(s, "slip")


def test_C10_riverboats_widen_the_vagabonds_moves():
    """C10 (LoR 11.2.7.II; 9.5.1): in Daylight the Riverboats buyer Vagabond may move from 5 along
    the river to 10; without Riverboats only to 1 and 2."""
    for boats in (False, True):
        s = rf_turn(vb_table(), 2, keep=1, warriors={1: 1}, otters={4: 1}, funds={RIVERFOLK: 3}, prices=(1, 1, 1),
                    vb_at=5, vb_items={"boots": 2, "sword": 1, "torch": 1})
        s.apply(RIVERBOATS_A if boats else PASS)
        pass_to(s, "vagabond_daylight")
        dest = {x // 21 // _core.MAX_NUM_SEATS + 1 for x in kinds(s, "vb_move")}
        assert dest == ({1, 2, 10} if boats else {1, 2})


def test_C10_riverboats_widen_spread_sympathy():
    """C10 (LoR 11.2.7.II; 8.4.2 Spread Sympathy "adjacent to a sympathetic clearing"): the
    Alliance buys Riverboats; with sympathy only in 5, its Birdsong may spread to 10 across the
    river 5-10 (rabbit supporters pay; without the river only 1 and 2 are adjacent)."""
    s = rf_turn(_table((ALLIANCE, RIVERFOLK, WYRM)), 0, otters={4: 1}, funds={RIVERFOLK: 3}, prices=(1, 1, 1),
                sympathy=(5,), rebels={5: 1}, stack=["R#cobbler", "R#bakesale", "M#sword"], **WYRM_AT_3)
    s.apply(RIVERBOATS_A)
    assert s.step == "alliance_birdsong"
    assert 10 in clearings(kinds(s, "spread"))

# ---- R-12, trap 5, C7: hits with mercenaries (LoR 11.2.7.III.a; FAQ) ------------------------------

def _split(own, mercs, buildings, hits):
    """C7: the buyer's pieces left after `hits` hits -- odd hits its own warriors (else a
    mercenary), even hits a mercenary (else its own), buildings only with no warrior left."""
    for i in range(1, hits + 1):
        if own + mercs == 0:
            buildings = max(0, buildings - 1)
        elif i % 2 == 1:
            own, mercs = (own - 1, mercs) if own else (own, mercs - 1)
        else:
            own, mercs = (own, mercs - 1) if mercs else (own - 1, mercs)
    return own, mercs, buildings


def eyrie_table():
    return _table((MARQUISE, RIVERFOLK, EYRIE))


@pytest.mark.parametrize("own,mercs,workshop,hits", [
    (1, 1, 0, 1), (1, 1, 0, 2), (2, 2, 0, 3), (2, 1, 0, 3), (1, 3, 0, 3), (3, 1, 0, 3), (0, 3, 0, 3), (3, 0, 0, 2),
    (2, 2, 1, 5), (1, 2, 1, 5), (3, 3, 1, 4), (1, 1, 1, 3), (2, 1, 1, 5), (1, 3, 0, 5), (3, 2, 1, 5)])
def test_R12_trap5_C7_odd_hits_own_warriors_even_hits_mercenaries_buildings_last(own, mercs, workshop, hits):
    """R-12, trap 5, C7 (LoR 11.2.7.III.a "The buyer must split hits, taking odd hits by removing
    owned (not Riverfolk) warriors, if any, or owned buildings or tokens only if they have no
    warriors (including Riverfolk) in the clearing of battle"): the Marquise (own warriors, a
    workshop) with mercenaries battles three birds in 5 and takes 1..5 hits (an ambush's two
    first, C7, then the roll): the pieces left follow the split exactly."""
    ambush = hits > 3
    low = hits - 2 if ambush else hits
    s = rf_turn(eyrie_table(), CAT, keep=1, warriors={1: 1, 5: own}, buildings={5: (0, workshop, 0)}, otters={5: mercs},
                birds={5: 3, 3: 1}, roosts={3: 1}, funds={RIVERFOLK: 3}, prices=(1, 1, 1),
                hands={2: ["R#ambush"]} if ambush else None)
    s.apply(MERCENARIES_A)
    pass_to(s, "marquise_daylight")
    s.apply(battle(5, 2))
    drive_battle(s, "marquise_daylight", roll=(max(low, 1), low), ambush="R#ambush" if ambush else None)
    d = st(s)
    assert (d["warriors"][4], d["otters"][4], d["buildings"][1][4]) == _split(own, mercs, workshop, hits)


def test_R12_FAQ_the_buyer_battles_where_it_has_only_mercenaries():
    """R-12 (FAQ: with no own warrior there, "there's no one to split hits with"; LoR 4.3): the
    Marquise, with no piece in 5 but two hired otters, may battle the Eyrie there once the
    mercenaries serve (not without them); the otters cap its rolled hits (2 of a 3: the birds
    fall to 1) and take the Eyrie's hit."""
    for hire in (False, True):
        s = rf_turn(eyrie_table(), CAT, keep=1, warriors={1: 1, 2: 1}, otters={5: 2}, birds={5: 3, 3: 1},
                    roosts={3: 1}, funds={RIVERFOLK: 3}, prices=(1, 1, 1))
        s.apply(MERCENARIES_A if hire else PASS)
        pass_to(s, "marquise_daylight")
        assert ((5, 2) in battles_of(s)) == hire
    s.apply(battle(5, 2))
    drive_battle(s, "marquise_daylight", roll=(3, 1))
    d = st(s)
    assert d["birds"][4] == 1 and d["otters"][4] == 1 and d["warriors"][4] == 0


def test_R12_C7_ambush_hits_first_then_the_mercenary_fights_on_alone():
    """R-12, C7 (LoR 4.3.1.II "If no attacking warriors or pawns remain, end the battle"): an
    ambush's two hits take the Marquise's one warrior, then a mercenary; the other mercenary
    still stands, so the battle goes on to the roll."""
    s = rf_turn(eyrie_table(), CAT, keep=1, warriors={1: 1, 5: 1}, otters={5: 2}, birds={5: 3, 3: 1},
                roosts={3: 1}, funds={RIVERFOLK: 3}, prices=(1, 1, 1), hands={2: ["R#ambush"]})
    s.apply(MERCENARIES_A)
    pass_to(s, "marquise_daylight")
    s.apply(battle(5, 2))
    s.apply(action("ambush", cid("R#ambush")))
    d = st(s)
    assert s.step == "battle_roll" and d["warriors"][4] == 0 and d["otters"][4] == 1


# ---- R-13 the Vagabond removes a mercenary (LoR 11.2.7.III.b) ------------------------------------

def test_R13_a_mercenary_removed_by_the_vagabond_makes_the_buyer_hostile():
    """R-13 (LoR 11.2.7.III.b "If a buyer battles the Vagabond and a Riverfolk mercenary warrior is
    removed, the buyer's faction becomes Hostile, not the Riverfolk"): the Marquise's lone
    mercenaries attack the Vagabond in 5; his hit removes an otter: the Marquise is Hostile to
    him, the Riverfolk stay Indifferent."""
    s = rf_turn(vb_table(), CAT, keep=1, warriors={1: 1}, otters={5: 2}, funds={RIVERFOLK: 3}, prices=(1, 1, 1),
                vb_at=5, vb_items=VB_ITEMS)
    s.apply(MERCENARIES_A)
    pass_to(s, "marquise_daylight")
    assert st(s)["vb_rel"][MARQUISE] == 0
    s.apply(battle(5, 2))
    drive_battle(s, "marquise_daylight", roll=(1, 1))
    d = st(s)
    assert d["otters"][4] == 1
    assert d["vb_rel"][MARQUISE] == -1 and d["vb_rel"][RIVERFOLK] == 0


# ---- C6 a buyer battling the Riverfolk (LoR 11.2.7.III "except the Riverfolk") ---------------------

def test_C6_no_mercenaries_against_the_riverfolk():
    """C6 (LoR 11.2.7.III "for battle against any faction except the Riverfolk"): with its
    mercenaries serving, the Marquise battles the Riverfolk in 5 with its own warrior alone: its
    rolled hits are capped at 1, the otters fight as Riverfolk warriors (cap 3) and take the hit;
    in 10, where it has only otters, it cannot battle the Riverfolk at all."""
    s = cat_turn(warriors={1: 1, 5: 1}, otters={5: 3, 10: 2}, funds={RIVERFOLK: 3}, prices=(1, 1, 1))
    s.apply(MERCENARIES_A)
    pass_to(s, "marquise_daylight")
    assert (5, RF) in battles_of(s) and (10, RF) not in battles_of(s)
    s.apply(battle(5, RF))
    assert st(s)["battle"]["hired"] == -1
    s.apply(dice(3, 3))
    d = st(s)
    assert d["otters"][4] == 2 and d["warriors"][4] == 0


# ---- R-14..R-16, traps 1 and 2: Birdsong (LoR 11.4) ----------------------------------------------

def rf_birdsong(**kw):
    """The Riverfolk's turn begun: their Birdsong (no decision) done, at Daylight."""
    s = rf_turn(cat_table(), RF, keep=1, **dict(WYRM_AT_3, **kw))
    assert s.step == "riverfolk_daylight"
    return s


@pytest.mark.parametrize("payments,protect", [({}, 2), ({MARQUISE: 1}, 0), ({RIVERFOLK: 1}, 0), ({WYRM: 2}, 0)])
def test_R14_protectionism_only_on_an_empty_payments_box(payments, protect):
    """R-14 (LoR 11.4.1 "If the Payments box is empty, place two warriors in it"): two of the
    Riverfolk's supply go to Payments (then Funds, Gather) only when Payments holds no warrior of
    any owner."""
    supply = 15 - 1 - 3 - payments.get(RIVERFOLK, 0)
    s = rf_birdsong(otters={5: 1}, funds={RIVERFOLK: 3}, payments=payments)
    d = st(s)
    assert d["otter_supply"] == supply - protect
    assert d["funds"][RIVERFOLK] == 3 + payments.get(RIVERFOLK, 0) + protect


def test_R14_protectionism_as_many_as_the_supply_holds():
    """R-14 (LoR 11.4.1; 1.5.4 "place the maximum number possible"): one otter in supply, an empty
    Payments box: one is placed."""
    s = rf_birdsong(otters={5: 13}, funds={RIVERFOLK: 1})
    assert st(s)["funds"][RIVERFOLK] == 2 and st(s)["otter_supply"] == 0


@pytest.mark.parametrize("funds,vp", [({RIVERFOLK: 5}, 2), ({RIVERFOLK: 2, WYRM: 2, MARQUISE: 1}, 2),
                                      ({RIVERFOLK: 1}, 0), ({}, 0), ({MARQUISE: 7}, 3)])
def test_R15_trap2_dividends_one_per_two_funds_before_gather(funds, vp):
    """R-15, trap 2 (LoR 11.4.2 "score one victory point per two funds. (Do not score points for
    warriors in Payments or Committed.)"): with a post on the map, floor(Funds/2) of every owner's
    funds, counted before Gather -- the 3 in Payments and the 2 Committed add nothing."""
    s = rf_birdsong(otters={5: 1}, posts=(5,), funds=funds, payments={MARQUISE: 3}, committed={RIVERFOLK: 2})
    assert st(s)["score"][RF] == vp


def test_R15_trap2_no_dividends_without_a_post_on_the_map():
    """R-15, trap 2 (LoR 11.4.2 "If there are any trade posts on the map"): 6 funds, but the only
    post placed was removed (out of the game): no Dividends."""
    s = rf_birdsong(otters={5: 1}, lost=(1, 0, 0), funds={RIVERFOLK: 6})
    assert st(s)["score"][RF] == 0


def test_R16_trap1_gather_moves_every_box_to_funds():
    """R-16, trap 1 (LoR 11.4.3 "Move all warriors on your faction board to the Funds box"): the
    Payments of three owners, the Committed box and the crafting spaces (committed funds on
    them) all join Funds, each warrior keeping its owner; the spaces are empty again."""
    s = rf_birdsong(otters={5: 1}, posts=(8, 5), funds={RIVERFOLK: 1, WYRM: 1},
                    payments={MARQUISE: 2, WYRM: 1, RIVERFOLK: 1}, committed={RIVERFOLK: 2, MARQUISE: 1},
                    track_used=(1, 1, 0))
    d = st(s)
    assert d["payments"] == by_faction() and d["committed"] == by_faction()
    assert d["funds"] == by_faction(riverfolk=4, wyrm=2, marquise=3)
    assert d["track_used"] == [0, 0, 0]
    assert d["score"][RF] == 1                     # Dividends: the 2 funds before Gather


# ---- R-17, trap 3, C8: commit and spend (LoR 11.5) ------------------------------------------------

@pytest.mark.parametrize("what", ["move", "battle", "draw"])
def test_R17_trap3_move_battle_draw_commit_one_fund(what):
    """R-17, trap 3, C8 (LoR 11.5 "When you commit a fund, move the warrior to the Committed box";
    11.5.1, 11.5.2, 11.5.4): a move, a battle or a draw commits one fund: the Riverfolk choose
    whose (two owners), it goes to Committed, owner kept; the draw takes one card."""
    s = rf_day(warriors={1: 1, 5: 1}, otters={5: 2}, funds={RIVERFOLK: 2, MARQUISE: 1}, hands={RF: []})
    a = {"move": move(5, 10, 1), "battle": battle(5, CAT), "draw": RF_DRAW}[what]
    assert a in s.legal_actions()
    deck = st(s)["deck_size"]
    s.apply(a)
    assert s.step == "riverfolk_fund" and sorted(kinds(s, "fund")) == [CAT, RF]
    s.apply(fund(CAT))
    settle(s)
    if what == "battle":
        drive_battle(s, "riverfolk_daylight", roll=(0, 0))
    d = st(s)
    assert d["funds"] == by_faction(riverfolk=2) and d["committed"] == by_faction(marquise=1)
    if what == "move":
        assert d["otters"][4] == 1 and d["otters"][9] == 1
    if what == "draw":
        assert d["hand_size"][RF] == 1 and d["deck_size"] == deck - 1


def test_R17_trap3_recruit_spends_a_fund_to_its_owners_supply():
    """R-17, trap 3 (LoR 11.5 "When you spend a fund, return the warrior to its owner's supply";
    11.5.5): a Recruit paid with the Wyrm's fund puts a wyrmling back in the Wyrm's supply and an
    otter in the river clearing."""
    s = rf_day(otters={5: 1}, funds={WYRM: 2})
    before = st(s)
    s.apply(rf_recruit(7))
    d = st(s)
    assert d["funds"] == by_faction(wyrm=1) and d["committed"] == by_faction()
    assert d["wyrmling_supply"] == before["wyrmling_supply"] + 1
    assert d["otters"][6] == 1 and d["otter_supply"] == before["otter_supply"] - 1


def test_R17_no_action_without_funds():
    """R-17 (LoR 11.5: every action commits or spends funds): with no fund the Riverfolk may only
    pass (nothing to move, battle, draw, recruit, craft or post with)."""
    s = rf_day(warriors={1: 1, 5: 1}, otters={5: 3}, posts=(8,), hands={RF: HAND})
    assert s.legal_actions() == [PASS]


# ---- R-18, trap 12: Export (LoR 11.5.3.I; FAQ) -----------------------------------------------------

def test_R18_trap12_export_only_a_card_that_could_be_crafted():
    """R-18, trap 12 (LoR 11.5.3.I; FAQ: only a card you could craft): with one fox space, Export
    is offered for the Anvil (1 fox) but not the Sword (2 fox), a rabbit card, or an ambush; and
    not for the Anvil when the hammers are gone from the item supply (LoR 4.1.2)."""
    hand = ["F#anvil", "M#sword", "R#bakesale", "F#ambush"]
    s = rf_day(otters={5: 1}, posts=(8,), funds={RIVERFOLK: 4}, hands={RF: hand})
    assert exports(s) == {"F#anvil"}

    def no_hammer(d):
        k = _core.ITEM_NAMES.index("hammer")
        d["items"][CAT][k] += d["item_supply"][k]
        d["item_supply"][k] = 0
    s = rf_day(otters={5: 1}, posts=(8,), funds={RIVERFOLK: 4}, hands={RF: hand}, rf_edit=no_hammer)
    assert exports(s) == set()


def test_R18_export_discards_the_card_and_puts_an_otter_in_payments():
    """R-18 (LoR 11.5.3.I "ignore the listed benefit of crafting a card, discarding it, to place one
    Riverfolk warrior in the Payments box"): exporting the Sword commits its cost onto the two
    fox spaces, discards it (no item, no VP) and places an otter from supply in Payments."""
    s = rf_day(otters={5: 1}, posts=(8, 12), funds={RIVERFOLK: 4}, hands={RF: ["M#sword"]})
    before = st(s)
    s.apply(export("M#sword"))
    d = st(s)
    assert d["hand"][RF] == counts([]) and d["discard"][cid("M#sword")] == before["discard"][cid("M#sword")] + 1
    assert d["score"][RF] == 0 and d["items"][RF] == before["items"][RF] and d["item_supply"] == before["item_supply"]
    assert d["funds"][RIVERFOLK] == 2 and d["committed"][RIVERFOLK] == 2 and d["track_used"] == [2, 0, 0]
    assert d["payments"] == by_faction(riverfolk=1) and d["otter_supply"] == before["otter_supply"] - 1



def test_R18_an_exported_card_goes_to_lost_souls_with_the_cult():
    """R-18, L-9 (LoR 11.5.3.I "discarding it"; 10.2.6 Lost Souls): with the Cult at the table the
    exported Anvil goes to the Lost Souls pile."""
    s = rf_position(_table((MARQUISE, RIVERFOLK, LIZARDS)), keep=1, warriors={1: 1}, otters={5: 1}, posts=(8,),
                    funds={RIVERFOLK: 3}, lizards={3: 1}, hands={RF: ["F#anvil"]}, at=(RF, "riverfolk_daylight"))
    s.apply(export("F#anvil"))
    assert st(s)["lost_souls"][cid("F#anvil")] == 1 and st(s)["discard"][cid("F#anvil")] == 0

# ---- R-19, trap 8: Establish Trade Post with Garrison (LoR 11.5.6) ---------------------------------

def test_R19_trap8_a_post_in_any_ruled_clearing_whose_ruler_has_two_funds():
    """R-19, trap 8 (LoR 11.5.6.I "any clearing without a trade post that is ruled by any player";
    .II the ruler's funds; 6.2.2): offered in the Marquise's 8 and 9 (off the river; 9's slots
    full) and the Riverfolk's 5 (their funds), not in 2 (nobody rules it), not in 4 (ruled by the
    Marquise, but already a post), not in 1 (the Keep's clearing), not in the Wyrm's 3 (one
    wyrmling fund only)."""
    s = rf_day(warriors={1: 2, 8: 1, 9: 1, 4: 2}, buildings={9: (1, 1, 0)}, otters={5: 1, 2: 1, 4: 1}, posts=(4,),
               funds={MARQUISE: 2, RIVERFOLK: 2, WYRM: 1}, wyrmlings={3: 1, 2: 1}, pawn=3)
    assert clearings(kinds(s, "trade_post")) == {5, 8, 9}


def test_R19_a_post_spends_two_of_the_rulers_funds_places_a_warrior_and_scores_2():
    """R-19, trap 8 (LoR 11.5.6.II-III; C1: 2 VP a post): a post in the Marquise's 8 spends two
    Marquise funds (back to its supply; no owner asked, though the Riverfolk hold funds too),
    places the fox post and an otter in 8, and scores 2; the fox track has a post fewer."""
    s = rf_day(warriors={1: 1, 8: 1}, otters={5: 1}, funds={MARQUISE: 3, RIVERFOLK: 2})
    before = st(s)
    s.apply(trade_post(8))
    d = st(s)
    assert s.step == "riverfolk_daylight"
    assert d["funds"] == by_faction(marquise=1, riverfolk=2) and d["committed"] == by_faction()
    assert d["warrior_supply"] == before["warrior_supply"] + 2
    assert d["trade_posts"][7] == 1 and d["otters"][7] == 1 and d["posts_left"] == [2, 3, 3]
    assert d["score"][RF] == TABLE["post_vp"][0] == 2
    assert rulers(s)[7] == -1                      # a warrior each: the post adds nothing to rule


def test_R19_the_riverfolks_own_clearing_with_their_own_funds_every_post_scores():
    """R-19 (LoR 11.5.6; C1 2 VP for each space): in 5, which they rule, the Riverfolk spend two of
    their own funds; a second rabbit post (in 10) scores 2 again, the second space's value."""
    s = rf_day(otters={5: 1, 10: 1}, funds={RIVERFOLK: 5, WYRM: 2})
    s.apply(trade_post(5))
    s.apply(trade_post(10))
    d = st(s)
    assert d["funds"] == by_faction(riverfolk=1, wyrm=2) and d["score"][RF] == 4
    assert d["posts_left"] == [3, 1, 3] and d["otters"][4] == 2 and d["otters"][9] == 2


def test_R19_no_post_when_its_suits_track_is_empty():
    """R-19 (LoR 11.5.6.III "Place the matching trade post"): with the three fox posts gone (two on
    the map, one out of the game), no post in a fox clearing; rabbit ones still."""
    s = rf_day(otters={6: 1, 5: 1, 8: 1, 12: 1}, posts=(8, 12), lost=(1, 0, 0), funds={RIVERFOLK: 4})
    assert clearings(kinds(s, "trade_post")) == {5}


# ---- R-20, trap 7, C17: Evening (LoR 11.6) ------------------------------------------------------

def test_R20_trap7_C17_no_evening_draw_discard_to_five_then_prices():
    """R-20, trap 7, C17 (LoR 11.6.1 discard to five, no draw; 11.6.2 "move each service marker
    to any space on its track"): with 7 cards the Riverfolk draw nothing and discard two, then set
    prices: each service once at 1..4, pass ends the turn."""
    hand = ["F#anvil", "M#sword", "R#bakesale", "B#royalclaim", "F#roottea", "R#cobbler", "M#crossbow"]
    s = rf_day(otters={5: 1}, funds={RIVERFOLK: 3}, hands={RF: hand}, prices=(1, 2, 3))
    deck = st(s)["deck_size"]
    s.apply(PASS)
    assert s.step == "discard" and st(s)["deck_size"] == deck and st(s)["hand_size"][RF] == 7
    s.apply(discard("F#anvil"))
    s.apply(discard("M#sword"))
    assert s.step == "riverfolk_prices" and st(s)["hand_size"][RF] == 5
    assert PASS in s.legal_actions() and sorted(kinds(s, "price")) == list(range(12))
    s.apply(price(1, 4))
    assert sorted(kinds(s, "price")) == [0, 1, 2, 3, 8, 9, 10, 11]
    s.apply(PASS)
    assert st(s)["prices"] == [1, 4, 3] and s.turn == WY


def test_R20_no_draw_with_a_small_hand_prices_all_three():
    """R-20, trap 7 (LoR 11.6): two cards in hand: no draw, straight to the prices; after all
    three are set the turn ends by itself."""
    s = rf_day(otters={5: 1}, funds={RIVERFOLK: 3}, hands={RF: ["F#anvil", "M#sword"]}, prices=(1, 2, 3))
    deck = st(s)["deck_size"]
    s.apply(PASS)
    assert s.step == "riverfolk_prices" and st(s)["deck_size"] == deck and st(s)["hand_size"][RF] == 2
    s.apply(price(0, 4))
    s.apply(price(2, 1))
    s.apply(price(1, 2))
    assert st(s)["prices"] == [4, 2, 1] and s.turn == WY


# ---- random games: invariants after every action ------------------------------------------------

LAKE = _core.MAPS["lake"]
# (factions, map, seeds): three to six seats with the Riverfolk, on Autumn and the Lake, with the
# Vagabond (items as payment), the bot (never buys), the Cult and the Alliance; the seeds keep the
# file fast (about 6,000 actions; the round trip, ~4 ms an action, on each table's first seed) and
# reach every Riverfolk step (services, service_items, riverfolk_fund, trade_disruption) and
# battles with mercenaries
RANDOM_TABLES = (
    ((RIVERFOLK, MARQUISE, WYRM), "autumn", (5, 3)),
    ((EYRIE, RIVERFOLK, VAGABOND, WYRM), "lake", (1, 5)),    # (seed 0: the other three activate
                                                             #   dominance, a random Eyrie scores nothing
                                                             #   and the game outlasts MAX_ACTIONS)
    ((RIVERFOLK, LIZARDS, ALLIANCE, MARQUISE, WYRM), "autumn", (0, 1)),
    ((MARQUISE, EYRIE, ALLIANCE, VAGABOND, RIVERFOLK, WYRM), "lake", (4, 1)),
    ((LIZARDS, VAGABOND, RIVERFOLK, EYRIE, MECHANICAL, WYRM), "lake", (5, 0)),
    ((MECHANICAL, RIVERFOLK, WYRM), "autumn", (4, 0)),
)
MAX_ACTIONS = 8000
BIRDSONG_STEPS = {"services", "service_items", "birdsong_cards"}


def _new_game(factions, map_name, seed):
    m = _core.MAPS[map_name]
    return _core.State(seed % len(factions), factions=factions, map_id=m["id"],
                       suits=None if m["printed_suits"] else m["default_suits"])


def _invariants(s, d, lost_before) -> tuple[list[str], list[int]]:
    """What breaks the Riverfolk's invariants in d; the posts out of the game per suit."""
    problems = warriors_conserved(d)
    on_map = [0, 0, 0]
    for c in range(NCL):
        if d["trade_posts"][c]:
            on_map[d["suit"][c]] += 1
    lost = [3 - on_map[k] - d["posts_left"][k] for k in range(3)]
    for k in range(3):
        if lost[k] < lost_before[k] or lost[k] < 0:
            problems.append(f"suit {k}: {on_map[k]} posts on the map, {d['posts_left'][k]} on the track, "
                            f"{lost[k]} out of the game (was {lost_before[k]})")
        if d["track_used"][k] > 3 - d["posts_left"][k]:
            problems.append(f"suit {k}: {d['track_used'][k]} crafting spaces used of {3 - d['posts_left'][k]}")
    if d["mercenaries_on"] and d["mercenaries_for"] != d["turn"]:
        problems.append("mercenaries serving a seat not on turn")
    if d["mercenaries_on"] and s.step in BIRDSONG_STEPS:
        problems.append(f"mercenaries serving at {s.step}")
    for name in ("mercenaries_for", "riverboats_for"):
        if d[name] not in (-1, d["turn"]):
            problems.append(f"{name} {d[name]} on seat {d['turn']}'s turn")
    if s.step in ("services", "service_items"):
        f = d["seat_faction"][d["turn"]]
        if f in (RIVERFOLK, MECHANICAL):
            problems.append(f"services offered to faction {f}")
    if d["battle"]["hired"] >= 0 and RIVERFOLK in (d["seat_faction"][d["battle"]["attacker"]],
                                                   d["seat_faction"][d["battle"]["defender"]]):
        if s.step.startswith("battle"):
            problems.append("mercenaries in a battle against the Riverfolk")
    return problems, lost


@pytest.mark.parametrize("factions,map_name,seeds", RANDOM_TABLES,
                         ids=["-".join(_core.FACTION_NAMES[f] for f in t) + "-" + m for t, m, _ in RANDOM_TABLES])
def test_random_games_keep_the_riverfolks_invariants(factions, map_name, seeds):
    """R-1, R-6, R-7, R-11, C6, C12, after every action of seeded random games (State API) at
    tables of three to six seats with the Riverfolk, on Autumn and the Lake: each faction's
    warriors on the map + supply + the Riverfolk's boxes by owner + Coffin Makers (+ the Cult's
    Acolytes, the Alliance's officers) = its printed count; posts on the map + on the track + out
    of the game = 3 a suit, the posts out of the game never coming back; crafting spaces used only
    where posts left the track; mercenaries serving only the seat on turn and never in its
    Birdsong; Riverboats/Mercenaries held only by the seat on turn; no services for the Riverfolk
    or the bot; no mercenaries in a battle against the Riverfolk; State.from_dict(s.to_dict())
    equal to s (the first seed of each table); and nothing written for an absent faction
    (_core._nobody_pristine)."""
    for seed in seeds:
        s = _new_game(factions, map_name, seed)
        rng = np.random.default_rng(seed)
        lost = [0, 0, 0]
        found = {}
        for n in range(MAX_ACTIONS):
            if s.is_terminal():
                break
            if s.is_chance_node():
                s.apply(s.sample_chance(int(rng.integers(1 << 62))))
            else:
                la = s.legal_actions()
                s.apply(la[rng.integers(len(la))])
            d = s.to_dict()
            problems, lost = _invariants(s, d, lost)
            if seed == seeds[0]:
                try:
                    if _core.State.from_dict(d) != s:
                        problems.append("from_dict(to_dict()) is a different state")
                except _core.WyrmError as e:
                    problems.append(f"from_dict: {e}")
            for p in problems:
                found.setdefault(p, (n, s.step))
        assert s.is_terminal(), f"seed {seed} did not end in {MAX_ACTIONS} actions"
        assert not found, (seed, found)
    assert _core._nobody_pristine()


def test_random_games_without_the_riverfolk_write_nothing_of_theirs():
    """The Riverfolk's hooks in shared rules (services before Birdsong, Trade Disruption as a
    reaction, mercenaries in rule and battle, Riverboats in links) leave a table without them
    alone: after seeded random games at (Marquise, Eyrie, Alliance, Vagabond, Wyrm) no Riverfolk
    field of the state dict moved from its absent value and no absent board was written."""
    absent = _core._absent_riverfolk()
    for seed in (1, 3):
        s = _new_game((MARQUISE, EYRIE, ALLIANCE, VAGABOND, WYRM), "autumn", seed)
        rng = np.random.default_rng(seed)
        for _ in range(MAX_ACTIONS):
            if s.is_terminal():
                break
            if s.is_chance_node():
                s.apply(s.sample_chance(int(rng.integers(1 << 62))))
            else:
                la = s.legal_actions()
                s.apply(la[rng.integers(len(la))])
            d = s.to_dict()
            assert s.step not in ("services", "service_items", "trade_disruption", "riverfolk_fund")
            assert {k: d[k] for k in absent} == absent
            if s.step.startswith("battle"):
                assert d["battle"]["hired"] == -1
    assert _core._nobody_pristine()
