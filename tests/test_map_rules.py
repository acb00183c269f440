"""The map rules in the core (issue 30 item 3), one test per rule, each citing the Law of Root
(LoR, chapter 16.2 Variant Maps; 16.1.1 suits), the Law of Rootbotics (bots on the Lake and the
Mountain) or the Wyrm's W-MP-49. Positions come from seeded games played to a step, then edited
through to_dict/from_dict (which checks them). Only the core API is used here.

Clearing numbers in the docstrings are the map's (1..12); the state's indices are 0-based."""
from __future__ import annotations

import random

import pytest

from wyrm_ai import _core
from wyrm_ai.model.actions import decode, encode
from wyrm_ai.model.errors import WyrmError

FOX, RABBIT, MOUSE, BIRD = 0, 1, 2, 3
MARQUISE, EYRIE, ALLIANCE, VAGABOND, WYRM, MECHANICAL = 0, 1, 2, 3, 4, 5
AUTUMN, WINTER, LAKE, MOUNTAIN = 0, 1, 2, 3
MAPS = [_core.MAPS[n] for n in _core.MAP_NAMES]
STEP = {n: i for i, n in enumerate(_core.STEP_NAMES)}
VP = _core.EVENT_KINDS.index("vp")
NCL = 12
WINTER_SUITS = [FOX, RABBIT, MOUSE] * 4          # Winter has no default layout: any four of each


def suits_of(m):
    """The suits a game on map m is given (LoR 16.1.1: markers on a map that prints none)."""
    if m == AUTUMN:
        return None
    return list(MAPS[m]["default_suits"] or WINTER_SUITS)


def game_suits(m):
    return list(MAPS[m]["printed_suits"] or suits_of(m))


def neighbours(m, c, closed_too=False):
    """0-based clearings joined to 0-based c by a path open at setup (and closed ones if asked)."""
    paths = MAPS[m]["paths"] + (MAPS[m]["closed_paths"] if closed_too else ())
    return {(b if a == c + 1 else a) - 1 for a, b in paths if c + 1 in (a, b)}


def coastal(m):
    return {x - 1 for x in MAPS[m]["coastal"]}


def new(m, factions=(MARQUISE, EYRIE), first=0):
    return _core.State(first, factions=factions, map_id=m, suits=suits_of(m))


def step_of(s):
    return s.to_dict()["step"]


def random_action(s, rng):
    if s.is_chance_node():
        outs = s.chance_outcomes()
        return rng.choices([a for a, _ in outs], [p for _, p in outs])[0]
    return rng.choice(s.legal_actions())


def play_until(s, pred, rng, limit=5000):
    for _ in range(limit):
        if pred(s):
            return s
        if s.is_terminal():
            break
        s.apply(random_action(s, rng))
    return None


def reach(m, factions, pred, seeds=range(200)):
    """A state of a seeded game on map m where pred holds (the first seed that gets there)."""
    for seed in seeds:
        s = play_until(new(m, factions, first=0), pred, random.Random(seed))
        if s is not None:
            return s
    raise AssertionError("no seeded game reached the position")


def edit(s, fn):
    d = s.to_dict()
    fn(d)
    return _core.State.from_dict(d)


def take(d, t):
    """One card of type t out of the deck, the discard pile or another hand."""
    if d["deck"][t] > 0:
        d["deck"][t] -= 1
        d["deck_size"] -= 1
    elif d["discard"][t] > 0:
        d["discard"][t] -= 1
    else:
        other = next(i for i, h in enumerate(d["hand"]) if h[t] > 0)
        d["hand"][other][t] -= 1
        d["hand_size"][other] -= 1


def give(d, seat, t, n=1):
    """n cards of type t into seat's hand."""
    for _ in range(n):
        take(d, t)
        d["hand"][seat][t] += 1
        d["hand_size"][seat] += 1


def in_play(d, seat, t):
    """A card of type t in seat's play area (crafted, or an activated dominance card)."""
    take(d, t)
    d["play_area"][seat][t] = 1


def empty_hand(d, seat):
    for t in range(len(d["hand"][seat])):
        d["discard"][t] += d["hand"][seat][t]
        d["hand"][seat][t] = 0
    d["hand_size"][seat] = 0


def card_type(suit, kind=None):
    """The first card type of the suit (and kind: KIND_NAMES index) with a copy."""
    return next(t for t, row in enumerate(_core.CARDS)
                if row[1] == suit and (kind is None or row[3] == kind))


def of_kind(s, kind):
    return [decode(a).args for a in s.legal_actions() if decode(a).kind == kind]


def cat_day(m, warriors, keep_birds=None, hand=(), factions=(MARQUISE, EYRIE), **extra):
    """The Marquise's Daylight (seat 0, three actions left) on map m against the Eyrie, with
    exactly `warriors` (0-based clearing -> count) of hers and birds only where keep_birds says;
    the Eyrie's roosts are kept only where birds are kept; her Keep, buildings and wood are
    taken off (so only warriors rule). hand: card types she holds. Dominance cards need three
    seats or more (LoR 3.3: none in a two-player game)."""
    s = reach(m, factions, lambda s: step_of(s) == STEP["marquise_daylight"]
              and s.to_dict()["turn"] == 0 and s.to_dict()["actions_left"] == 3)

    def fn(d):
        d["warriors"] = [warriors.get(c, 0) for c in range(NCL)]
        d["warrior_supply"] = 25 - sum(d["warriors"])
        birds = keep_birds or {}
        d["birds"] = [birds.get(c, 0) for c in range(NCL)]
        d["bird_supply"] = 20 - sum(d["birds"])
        d["roosts"] = [1 if birds.get(c) and d["roosts"][c] else 0 for c in range(NCL)]
        d["roost_supply"] = 7 - sum(d["roosts"])
        d["buildings"] = [[0] * NCL for _ in range(3)]
        d["wood"] = [0] * NCL
        d["wood_supply"] = 8
        d["keep"] = -1
        empty_hand(d, 0)
        for t in hand:
            give(d, 0, t)
        for k, v in extra.items():
            d[k] = v
    return edit(s, fn)


def move_destinations(s, c):
    return {to for frm, to, pawn, n in of_kind(s, "move") if frm == c}


def events_of(s, a):
    return s.apply_logged(a)


def vp_events(evs, reason):
    r = _core.VP_REASONS.index(reason)
    return [e for e in evs if e[0] == VP and e[3] == r]


def draw_chance(s, rng=None):
    """Apply chance outcomes (card draws) until a player decides."""
    rng = rng or random.Random(0)
    evs = []
    while s.is_chance_node():
        evs += s.apply_logged(random_action(s, rng))
    return evs


# ---- 1. Adjacency per map ----------------------------------------------------------------

@pytest.mark.parametrize("m", range(4))
def test_a_move_goes_exactly_to_the_maps_open_path_neighbours(m):
    """LoR 4.2 / 2.3 with 16.2: a move goes to an adjacent clearing, adjacency being the map's
    paths (on the Mountain only the open ones, 16.2.3.2); on the Lake the Ferry's clearing (1 at
    setup, 16.2.2.1) also reaches every other coastal clearing (16.2.2.5). The Marquise rules
    every clearing (two warriors in each), so only adjacency limits her moves."""
    s = cat_day(m, {c: 2 for c in range(NCL)})
    for c in range(NCL):
        want = neighbours(m, c)
        if m == LAKE and c == 0:
            want |= coastal(m) - {0}
        assert move_destinations(s, c) == want, (MAPS[m]["name"], c + 1)


@pytest.mark.parametrize("m", range(4))
def test_keep_in_a_corner_and_the_roost_in_the_opposite_corner(m):
    """LoR 6.3.1 / 7.3.1 (16.2 setup as normal): the Keep goes in a corner clearing, the Eyrie's
    first roost in the corner diagonally opposite; on the Lake the corners are 1 BR, 2 TL, 3 BL,
    4 TR, so a Keep in 1 puts the Eyrie in 2, not 3 (digest §1.3)."""
    opposite = MAPS[m]["opposite_corner"]
    for corner in (1, 2, 3, 4):
        rng = random.Random(corner)
        s = play_until(new(m), lambda s: step_of(s) == STEP["marquise_keep"], rng)
        assert sorted(args[0] for args in of_kind(s, "keep")) == [0, 1, 2, 3]
        s.apply(encode("keep", corner - 1))
        s = play_until(s, lambda s: sum(s.to_dict()["roosts"]) > 0, rng)
        d = s.to_dict()
        assert d["keep"] == corner - 1
        assert d["roosts"].index(1) == opposite[corner] - 1
    assert (MAPS[LAKE]["opposite_corner"][1], MAPS[AUTUMN]["opposite_corner"][1]) == (2, 3)


# ---- 2. Suits ----------------------------------------------------------------------------

@pytest.mark.parametrize("m", range(4))
def test_overwork_follows_the_games_suits(m):
    """LoR 16.1.1: on a variant map the suit markers set each clearing's suit (and on Autumn a
    game given other suits keeps them, test_map_state): Overwork (LoR 6.5.5) spends a card of the
    sawmill clearing's suit, read from the game's suits. A sawmill in every clearing, one fox
    card in hand: Overwork is offered exactly in the game's fox clearings."""
    suits = game_suits(m) if m != AUTUMN else list(_core._SUITS)[::-1]
    fox = card_type(FOX)
    s = cat_day(m, {0: 1}, hand=(fox,))
    if m == AUTUMN:
        s = edit(s, lambda d: d.update(suit=suits))

    for half in (range(0, 6), range(6, 12)):       # six sawmills at most (LoR 6.1)
        def sawmills(d):
            d["buildings"][0] = [1 if c in half else 0 for c in range(NCL)]
            d["buildings"][1] = [0] * NCL
            d["buildings"][2] = [0] * NCL
            d["wood"] = [0] * NCL
            d["wood_supply"] = 8
        g = edit(s, sawmills)
        assert g.to_dict()["suit"] == suits
        assert {c for c, t in of_kind(g, "overwork")} == {c for c in half if suits[c] == FOX}
    assert any(suits[c] != game_suits(AUTUMN)[c] for c in range(NCL) if suits[c] == FOX)


# ---- 3. Forests per map ------------------------------------------------------------------

def forest_index(m, *clearings):
    return MAPS[m]["forests"].index(tuple(clearings))


def forest_neighbours(m, f):
    return {j if i == f else i for i, j in MAPS[m]["forest_adjacency"] if f in (i, j)}


@pytest.mark.parametrize("m", range(4))
def test_the_vagabond_sets_up_in_exactly_the_maps_forests(m):
    """LoR 9.3.2 with 16.2 (16.2.3.5: on the Mountain every enclosed area is a forest): the
    Vagabond places his pawn in any forest of the map."""
    s = reach(m, (MARQUISE, VAGABOND), lambda s: step_of(s) == STEP["vagabond_setup"])
    assert sorted(a[0] for a in of_kind(s, "forest")) == list(range(len(MAPS[m]["forests"])))


@pytest.mark.parametrize("m", range(4))
def test_slip_from_a_forest_follows_the_maps_forest_adjacency(m):
    """LoR 9.4.2 Slip to an adjacent clearing or forest; forests are adjacent across one path
    (2.4.1), on the Mountain closed paths included (16.2.3.2: they still divide forests), on the
    Lake the coastal forests next to each other round the lake (16.2.2.4), on Winter across one
    river segment (16.2.1.1, the digest's reading §5.4). From each forest of the map: exactly its
    clearings and the map's adjacent forests."""
    s = reach(m, (MARQUISE, VAGABOND), lambda s: step_of(s) == STEP["vagabond_slip"])
    for f, clearings in enumerate(MAPS[m]["forests"]):
        g = edit(s, lambda d: d.update(vb_at=NCL + f))
        got = {a[0] for a in of_kind(g, "slip")}
        want = {c - 1 for c in clearings} | {NCL + x for x in forest_neighbours(m, f)}
        assert got == want, (MAPS[m]["name"], MAPS[m]["forest_names"][f])


def test_slip_crosses_a_closed_mountain_path():
    """LoR 16.2.3.2: closed paths still divide forests, so the forests either side of one are
    adjacent and the Vagabond slips across: 1_8_9 to 4_8_9_12 (closed 8-9), 2_6_11 to 3_6_11
    (closed 6-11), 10_11_12 to 3_7_11_12 (closed 11-12). The clearings 8 and 9 stay not adjacent."""
    s = reach(MOUNTAIN, (MARQUISE, VAGABOND), lambda s: step_of(s) == STEP["vagabond_slip"])
    for a, b in (((1, 8, 9), (4, 8, 9, 12)), ((2, 6, 11), (3, 6, 11)), ((10, 11, 12), (3, 7, 11, 12))):
        f, g = forest_index(MOUNTAIN, *a), forest_index(MOUNTAIN, *b)
        st = edit(s, lambda d: d.update(vb_at=NCL + f))
        assert NCL + g in {x[0] for x in of_kind(st, "slip")}
        st = edit(s, lambda d: d.update(vb_at=NCL + g))
        assert NCL + f in {x[0] for x in of_kind(st, "slip")}
    st = edit(s, lambda d: d.update(vb_at=7))            # the pawn in clearing 8
    assert 8 not in {x[0] for x in of_kind(st, "slip")}


@pytest.mark.parametrize("m", range(4))
def test_the_wyrms_pawn_flees_to_the_maps_forests_touching_its_clearing(m):
    """W-FOREST-1 with W-MP-49: a pawn that must leave its clearing goes to a forest next to it,
    the game's map's forests. Every choice met in seeded games offers exactly the map's forests
    touching the clearing."""
    seen = 0
    for seed in range(300):
        rng = random.Random(seed)
        s = new(m, (MARQUISE, WYRM, EYRIE), first=seed % 3)
        while not s.is_terminal() and seen < 5:
            d = s.to_dict()
            if d["step"] == STEP["battle_forest"]:
                want = {f for f, cl in enumerate(MAPS[m]["forests"]) if d["flee_from"] + 1 in cl}
                assert {a[0] for a in of_kind(s, "forest")} == want
                seen += 1
            s.apply(random_action(s, rng))
        if seen >= 5:
            break
    assert seen > 0


# ---- 4. The Lake's Ferry ------------------------------------------------------------------

def test_a_move_by_the_ferry_once_per_turn_and_the_mover_draws():
    """LoR 16.2.2.5: once per turn a move out of the Ferry's clearing (1 at setup, 16.2.2.1) may
    go to any other coastal clearing (10, 11, 12) regardless of paths; the Ferry goes with it and
    the mover then draws a card (a chance draw). Once per turn for the whole table: no second use
    this turn, and on the next player's turn it may be used again (from its new clearing)."""
    s = cat_day(LAKE, {0: 3, 10: 1})
    d = s.to_dict()
    assert d["ferry"] == 0 and d["ferry_used"] == 0
    assert move_destinations(s, 0) == {4, 8, 9, 10, 11}
    hand = d["hand_size"][0]
    s.apply(encode("move", 0, 10, 0, 2))
    d = s.to_dict()
    assert d["ferry"] == 10 and d["ferry_used"] == 1 and d["warriors"][10] == 3
    assert s.is_chance_node() and d["step"] == STEP["card_draw"]
    draw_chance(s)
    d = s.to_dict()      # the draw, then the march's second move (LoR 6.5.1)
    assert d["hand_size"][0] == hand + 1 and d["step"] == STEP["marquise_march"]
    assert d["actions_left"] == 2
    assert move_destinations(s, 10) == neighbours(LAKE, 10)     # used: paths only, from 11
    assert move_destinations(s, 0) == neighbours(LAKE, 0)       # and none left at 1
    s.apply(encode("pass"))
    assert step_of(s) == STEP["marquise_daylight"]
    assert move_destinations(s, 0) == neighbours(LAKE, 0)
    # the next turn (the Eyrie's) may use it again
    rng = random.Random(3)
    s = play_until(s, lambda s: s.to_dict()["turn"] == 1, rng)
    d = s.to_dict()
    assert d["ferry"] == 10 and d["ferry_used"] == 0


def test_the_ferry_needs_rule_of_origin_or_destination():
    """LoR 16.2.2.5 with 4.2.1: the Ferry ignores paths, not rule: the mover must rule the clearing
    it leaves or the one it reaches. The Eyrie rules 1 (three birds to one warrior); the Marquise
    rules 10 only: she may cross to 10, not to 11 (the Eyrie's) nor 12 (nobody's)."""
    s = cat_day(LAKE, {0: 1, 9: 2}, keep_birds={0: 3, 10: 2})
    assert move_destinations(s, 0) & coastal(LAKE) == {9}


def test_the_vagabond_moves_by_the_ferry_and_draws():
    """LoR 16.2.2.5 with 9.5.1: the Vagabond's move (one boots) out of the Ferry's clearing may
    cross the lake; the Ferry goes with him; he draws a card."""
    s = reach(LAKE, (MARQUISE, VAGABOND),
              lambda s: step_of(s) == STEP["vagabond_daylight"] and s.to_dict()["vb_items"][0][0] > 0)
    s = edit(s, lambda d: d.update(vb_at=0, ferry=0, ferry_used=0))
    dests = {a[0] for a in of_kind(s, "vb_move")}
    assert dests == neighbours(LAKE, 0) | {9, 10, 11}
    d = s.to_dict()
    vb = d["faction_seat"][VAGABOND]
    hand = d["hand_size"][vb]
    a = next(x for x in s.legal_actions() if decode(x).kind == "vb_move" and decode(x).args[0] == 11)
    s.apply(a)
    assert s.to_dict()["ferry"] == 11 and s.is_chance_node()
    draw_chance(s)
    d = s.to_dict()
    assert d["vb_at"] == 11 and d["hand_size"][vb] == hand + 1 and d["ferry_used"] == 1
    assert d["step"] == STEP["vagabond_daylight"]


def test_a_cobbler_move_by_the_ferry_draws_then_evening_goes_on():
    """Cobbler (a move at the start of Evening) out of the Ferry's clearing may use the Ferry
    (LoR 16.2.2.5: any move); the mover draws, then Evening goes on -- Cobbler is not offered a
    second time."""
    cobbler = next(t for t, row in enumerate(_core.CARDS) if row[0] == "Cobbler")
    s = cat_day(LAKE, {0: 2, 5: 1})

    s = edit(s, lambda d: in_play(d, 0, cobbler))
    while step_of(s) == STEP["marquise_daylight"]:
        s.apply(encode("pass"))
    assert step_of(s) == STEP["cobbler"]
    assert 10 in move_destinations(s, 0)
    hand = s.to_dict()["hand_size"][0]
    s.apply(encode("move", 0, 10, 0, 2))
    assert s.to_dict()["ferry"] == 10 and s.is_chance_node()
    evs = draw_chance(s)
    assert sum(1 for e in evs if e[0] == _core.EVENT_KINDS.index("draw")) >= 1
    d = s.to_dict()
    assert d["step"] != STEP["cobbler"]
    assert d["hand_size"][0] >= hand + 1 or d["turn"] != 0


def test_a_cobbler_move_by_the_ferry_into_sympathy_settles_outrage_before_its_draw():
    """Found by the 1,000-game Lake fuzz run (issue 30): a Cobbler move by the Ferry into a
    sympathy clearing owes Outrage (LoR 8.2.6), a reaction settled after the action that set it
    off and before anything else -- here before the Ferry's draw (LoR 16.2.2.5). The Marquise
    holds no card: she shows her empty hand and the Alliance draw a deck card onto their stack;
    then she draws the Ferry's card and Evening goes on."""
    cobbler = next(t for t, row in enumerate(_core.CARDS) if row[0] == "Cobbler")
    s = cat_day(LAKE, {0: 2, 5: 1}, factions=(MARQUISE, ALLIANCE))

    def fn(d):
        in_play(d, 0, cobbler)
        d["sympathy"] = [1 if c == 10 else 0 for c in range(NCL)]
        d["sympathy_supply"] = 9
    s = edit(s, fn)
    while step_of(s) == STEP["marquise_daylight"]:
        s.apply(encode("pass"))
    assert step_of(s) == STEP["cobbler"]
    stack = s.to_dict()["supporters_size"]
    s.apply(encode("move", 0, 10, 0, 2))
    d = s.to_dict()
    assert d["ferry"] == 10 and d["warriors"][10] == 2
    assert _core.STEP_NAMES[d["step"]] == "supporter_draw" and d["sup_to_draw"] == 1
    assert not any(map(any, d["outrage"]))
    s.apply(s.chance_outcomes()[0][0])                  # the deck card onto the stack
    d = s.to_dict()
    assert d["supporters_size"] == stack + 1 and d["step"] == STEP["card_draw"] and d["to_draw"][0] == 1
    draw_chance(s)
    d = s.to_dict()
    assert d["step"] != STEP["cobbler"] and (d["hand_size"][0] >= 1 or d["turn"] != 0)


def test_the_mechanical_marquise_carried_by_the_ferry_scores_and_draws_nothing():
    """Law of Rootbotics, the Lake: bots use the Ferry by the normal movement rules, its clearing
    linked to every other coastal clearing, and score 1 point instead of drawing a card (VP
    reason "ferry"). Found in seeded games: every such event is the bot's, 1 VP, and its hand
    stays empty."""
    found = 0
    for seed in range(60):
        rng = random.Random(seed)
        s = new(LAKE, (MECHANICAL, MARQUISE, VAGABOND), first=seed % 3)
        while not s.is_terminal():
            before = s.to_dict()
            evs = s.apply_logged(random_action(s, rng))
            for e in vp_events(evs, "ferry"):
                after = s.to_dict()
                assert e[1] == after["faction_seat"][MECHANICAL] and e[4] == 1
                assert after["hand_size"][e[1]] == 0
                assert not [x for x in evs if x[0] == _core.EVENT_KINDS.index("draw") and x[1] == e[1]]
                assert after["ferry"] != before["ferry"]
                found += 1
        if found >= 3:
            break
    assert found > 0


def test_the_ferry_is_no_piece_to_battle_or_remove():
    """LoR 16.2.2.5: the Ferry cannot be battled or removed. It is no faction piece in the core
    (a clearing number in the state), so no action names it."""
    assert not any("ferry" in name for name, _, _ in _core.ACTION_KINDS)
    assert "ferry" not in _core.PIECE_NAMES


# ---- 5. The Mountain -----------------------------------------------------------------------

CLOSED = MAPS[MOUNTAIN]["closed_paths"]      # (2,5) (3,7) (5,9) (6,11) (8,9) (11,12)


def open_path_offers(s):
    return {tuple(a) for a in of_kind(s, "open_path")}          # (closed path, card spent)


def test_open_path_needs_a_piece_at_either_end_and_a_card():
    """LoR 16.2.3.3: in Daylight, with a faction piece in either clearing of a closed path, a
    player may spend a card of any suit (a bird too) to open it. Warriors in 8 (closed 8-9) and
    5 (closed 2-5 and 5-9), a fox card and a bird card: those three paths with either card; none
    from 10 (no closed path there); none with an empty hand."""
    fox, bird = card_type(FOX), card_type(BIRD, kind=0)
    s = cat_day(MOUNTAIN, {7: 1, 4: 1, 9: 1}, hand=(fox, bird))
    want = {(CLOSED.index(p), t) for p in ((8, 9), (2, 5), (5, 9)) for t in (fox, bird)}
    assert open_path_offers(s) == want
    s = cat_day(MOUNTAIN, {9: 1}, hand=(fox,))
    assert open_path_offers(s) == set()
    s = cat_day(MOUNTAIN, {7: 1})
    assert open_path_offers(s) == set()


def test_opening_a_path_spends_the_card_scores_and_joins_the_clearings_once_per_turn():
    """LoR 16.2.3.3: the card is spent (discarded), the marker leaves the game, the player scores
    1 VP, and the two clearings are adjacent from then on (a move 8 -> 9); once per turn."""
    fox, rabbit = card_type(FOX), card_type(RABBIT)
    s = cat_day(MOUNTAIN, {7: 2, 4: 1}, hand=(fox, rabbit))
    assert 8 not in move_destinations(s, 7)
    d0 = s.to_dict()
    i = CLOSED.index((8, 9))
    evs = s.apply_logged(encode("open_path", i, fox))
    d = s.to_dict()
    assert [(e[1], e[4]) for e in vp_events(evs, "path")] == [(0, 1)]
    assert d["score"][0] == d0["score"][0] + 1
    assert d["hand"][0][fox] == 0 and d["discard"][fox] == d0["discard"][fox] + 1
    assert (d["adj"][7] >> 8) & 1 and (d["adj"][8] >> 7) & 1 and d["path_opened"] == 1
    assert 8 in move_destinations(s, 7)
    assert open_path_offers(s) == set()                   # once per turn (5's paths too)
    rng = random.Random(5)
    s = play_until(s, lambda s: s.to_dict()["turn"] == 1, rng)
    d = s.to_dict()
    assert d["path_opened"] == 0 and (d["adj"][7] >> 8) & 1   # open for good


def test_a_dominance_card_spent_on_a_path_becomes_available():
    """LoR 16.2.3.3 with 3.3.3: a dominance card spent (any card may open a path) goes to the
    available dominance cards, not the discard pile."""
    dom = card_type(FOX, kind=1)
    s = cat_day(MOUNTAIN, {7: 1}, hand=(dom,), factions=(MARQUISE, EYRIE, VAGABOND))
    s.apply(encode("open_path", CLOSED.index((8, 9)), dom))
    d = s.to_dict()
    assert d["available"][dom] == 1 and d["hand"][0][dom] == 0


def test_a_seat_that_activated_dominance_opens_a_path_without_scoring():
    """LoR 3.3.1: a player who activated a dominance card scores no more points; it may still open
    a path (16.2.3.3; digest §5.11), the path opens, no VP."""
    fox, dom = card_type(FOX), card_type(RABBIT, kind=1)
    s = cat_day(MOUNTAIN, {7: 1}, hand=(fox,), factions=(MARQUISE, EYRIE, VAGABOND))

    s = edit(s, lambda d: in_play(d, 0, dom))
    score = s.to_dict()["score"][0]
    evs = s.apply_logged(encode("open_path", CLOSED.index((8, 9)), fox))
    d = s.to_dict()
    assert d["score"][0] == score and not vp_events(evs, "path")
    assert (d["adj"][7] >> 8) & 1


def end_marquise_turn(s, rng):
    evs = []
    while not s.is_terminal() and s.to_dict()["turn"] == 0:
        a = encode("pass") if encode("pass") in s.legal_actions() else random_action(s, rng)
        evs += s.apply_logged(a)
    return evs


@pytest.mark.parametrize("rules", [True, False])
def test_the_pass_scores_its_ruler_at_the_end_of_its_evening(rules):
    """LoR 16.2.3.4: at the end of a player's Evening, if it rules the Pass (the Tower's clearing,
    10), it scores 1 VP (reason "tower"); a player who does not rule it scores none, nor does the
    ruler at another player's Evening."""
    s = cat_day(MOUNTAIN, {9: 2}, keep_birds=None if rules else {9: 3})
    evs = end_marquise_turn(s, random.Random(1))
    tower = vp_events(evs, "tower")
    assert [(e[1], e[2], e[4]) for e in tower] == ([(0, 9, 1)] if rules else [])


# ---- 6. Position checks --------------------------------------------------------------------

@pytest.mark.parametrize("m,change,words", [
    (LAKE, {"ferry": 4}, "Ferry"),                       # clearing 5 is not coastal
    (LAKE, {"ferry": -1}, "Ferry"),                      # the Lake always has its Ferry
    (AUTUMN, {"ferry": 0}, "Ferry"),
    (MOUNTAIN, {"ferry": 9}, "Ferry"),
    (AUTUMN, {"pawn": NCL + 7}, "forest"),               # Autumn has 7 forests
    (LAKE, {"pawn": NCL + 9}, "forest"),                 # the Lake 9
    (WINTER, {"pawn": NCL + 8}, "forest"),               # Winter 8
])
def test_impossible_map_positions_are_refused(m, change, words):
    """LoR 16.2.2.1 (the Ferry only on the Lake, on a coastal clearing: it moves only between
    them), 16.2 forests: from_dict refuses these positions with a message."""
    d = new(m, (MARQUISE, WYRM)).to_dict()
    d.update(change)
    with pytest.raises(WyrmError, match=words):
        _core.State.from_dict(d)


@pytest.mark.parametrize("m", [WINTER, LAKE, MOUNTAIN])
def test_paths_the_map_lacks_or_open_one_way_are_refused(m):
    """LoR 16.2: the paths are the map's; 16.2.3.3: an opened path joins both clearings."""
    d = new(m).to_dict()
    a, b = next((a, b) for a in range(NCL) for b in range(a + 1, NCL)
                if b not in neighbours(m, a, closed_too=True))
    bad = dict(d, adj=list(d["adj"]))
    bad["adj"][a] |= 1 << b
    bad["adj"][b] |= 1 << a
    with pytest.raises(WyrmError, match="does not have"):
        _core.State.from_dict(bad)
    x, y = MAPS[m]["paths"][0]
    one_way = dict(d, adj=list(d["adj"]))
    one_way["adj"][x - 1] &= ~(1 << (y - 1))
    with pytest.raises(WyrmError, match="one way"):
        _core.State.from_dict(one_way)
    if m == MOUNTAIN:                                    # a closed path may open, both ways
        x, y = CLOSED[0]
        opened = dict(d, adj=list(d["adj"]))
        opened["adj"][x - 1] |= 1 << (y - 1)
        opened["adj"][y - 1] |= 1 << (x - 1)
        _core.State.from_dict(opened)
        opened["adj"][y - 1] &= ~(1 << (x - 1))
        with pytest.raises(WyrmError, match="one way"):
            _core.State.from_dict(opened)


# ---- 7. Seeded random games on every map -----------------------------------------------------

TABLES = [(MARQUISE, EYRIE), (MARQUISE, VAGABOND, WYRM), (MECHANICAL, VAGABOND, WYRM, EYRIE),
          (ALLIANCE, VAGABOND, MARQUISE), (WYRM, MARQUISE, EYRIE), (MECHANICAL, EYRIE, VAGABOND)]
DAYLIGHT = {STEP[n] for n in ("marquise_daylight", "eyrie_daylight", "alliance_daylight",
                              "vagabond_daylight", "wyrm_daylight")}
DRAW = _core.EVENT_KINDS.index("draw")
REACTIONS = {STEP[n] for n in ("outrage", "supporter_draw", "alliance_trim")}


def reaches(m, d, a, b):
    """A move from a to b: an open path, or the Ferry (LoR 16.2.2.5)."""
    return bool((d["adj"][a] >> b) & 1) or (
        m == LAKE and d["ferry"] == a and not d["ferry_used"] and a != b and b in coastal(m))


def check_decision(m, s, d):
    """Every offer of a move, a Terrorize or an opened path follows the map (LoR 16.2, W-MP-49)."""
    for a in s.legal_actions():
        k, args = decode(a)
        if k in ("move", "e_move"):
            assert reaches(m, d, args[0], args[1]), (k, args)
        elif k == "vb_move":
            at = d["vb_at"]
            if at < NCL:
                assert reaches(m, d, at, args[0]), (k, args)
            else:
                assert args[0] + 1 in MAPS[m]["forests"][at - NCL]
        elif k == "terror":                 # W-MP-49: no closed path, and no Ferry for Terrorize
            assert (d["adj"][args[0]] >> args[1]) & 1, (k, args)
        elif k == "open_path":              # LoR 16.2.3.3: a closed path, in Daylight, a card
            i, t = args
            x, y = CLOSED[i]
            assert m == MOUNTAIN and d["step"] in DAYLIGHT and not d["path_opened"]
            assert not (d["adj"][x - 1] >> (y - 1)) & 1 and d["hand"][s.current_player][t] > 0


@pytest.mark.parametrize("m", range(4))
def test_seeded_random_games_on_each_map_run_to_the_end(m):
    """Seeded random games (12 per map over six tables with the bot, the Vagabond, the Alliance,
    the Eyrie and the Wyrm) run to the end; every ~100 actions the state survives
    from_dict(to_dict()) (its position checks included), and so does every state right after the
    Ferry crossed or a path opened; every decision follows the map
    (check_decision); the Ferry stays on the Lake's coast, every player carried by it draws one
    card before its turn ends (the bot scores instead); on the Lake the Ferry was used and on the
    Mountain paths were opened across the games."""
    ferry_moves = opened = bot_ferry = 0
    openers = set()
    for seed in range(12):
        rng = random.Random(1000 * m + seed)
        table = TABLES[seed % len(TABLES)]
        s = new(m, table, first=seed % len(table))
        n = 0
        owed = None                          # (seat, turn number) owed a Ferry card
        ferry_turns = set()                  # turns in which the Ferry crossed (once per turn)
        while not s.is_terminal():
            n += 1
            assert n < 30000, "the game does not end"
            d = s.to_dict()
            if n % 100 == 0:
                s = _core.State.from_dict(d)
                assert s.to_dict() == d
            if not s.is_chance_node():
                check_decision(m, s, d)
            a = random_action(s, rng)
            evs = s.apply_logged(a)
            after = s.to_dict()
            if decode(a).kind == "open_path":   # whoever opens it (LoR 16.2.3.3): it opens
                x, y = CLOSED[decode(a).args[0]]
                assert (after["adj"][x - 1] >> (y - 1)) & 1 and after["path_opened"]
                openers.add(d["seat_faction"][d["turn"]])
            for e in vp_events(evs, "tower"):  # LoR 16.2.3.4: the seat whose Evening ends, the Pass
                assert m == MOUNTAIN and e[1] == d["turn"] and e[2] == MAPS[m]["tower"] - 1 and e[4] == 1
            for e in vp_events(evs, "path"):   # LoR 16.2.3.3: only for opening a path, 1 VP
                assert decode(a).kind == "open_path" and e[4] == 1
            for e in vp_events(evs, "ferry"):  # Rootbotics: only the bot, instead of drawing
                assert d["seat_faction"][e[1]] == MECHANICAL and e[4] == 1
            if m == LAKE:
                assert after["ferry"] in coastal(LAKE)
            else:
                assert after["ferry"] == -1
            if owed and any(e[0] == DRAW and e[1] == owed[0] for e in evs):
                owed = None
            if after["ferry"] != d["ferry"]:
                ferry_moves += 1
                assert d["turn_number"] not in ferry_turns, "the Ferry twice in one turn"
                ferry_turns.add(d["turn_number"])
                mover = d["turn"]
                if d["seat_faction"][mover] == MECHANICAL:
                    assert vp_events(evs, "ferry") or after["score"][mover] == d["score"][mover]
                    bot_ferry += 1
                elif not any(e[0] == DRAW and e[1] == mover for e in evs) and after["deck_size"] > 0:
                    # the draw comes right after the move (a reaction it set off may come first)
                    assert after["to_draw"][mover] > 0
                    assert s.is_chance_node() or after["step"] in REACTIONS, _core.STEP_NAMES[after["step"]]
                    owed = (mover, d["turn_number"])
            if owed and (after["turn_number"] != owed[1] or s.is_terminal()):
                assert after["deck_size"] == 0 and sum(after["discard"]) == 0, "a Ferry card never drawn"
                owed = None
            opened += sum(bin(x).count("1") for x in after["adj"]) - sum(bin(x).count("1") for x in d["adj"])
            if after["ferry"] != d["ferry"] or after["adj"] != d["adj"]:
                assert _core.State.from_dict(after).to_dict() == after   # the new states load too
    if m == LAKE:
        assert ferry_moves > 0 and bot_ferry > 0
    if m == MOUNTAIN:
        assert opened > 0 and len(openers) >= 3, openers
    else:
        assert opened == 0


def ferry_offer(s, kind):
    """An action of the kind that crosses the lake by the Ferry now, or None."""
    if s.is_chance_node() or s.is_terminal():
        return None
    d = s.to_dict()
    for a in s.legal_actions():
        k, args = decode(a)
        if k != kind:
            continue
        frm, to = (d["vb_at"], args[0]) if k == "vb_move" else (args[0], args[1])
        if frm == d["ferry"] and to < NCL and not (d["adj"][frm] >> to) & 1:
            return a
    return None


@pytest.mark.parametrize("factions,step,kind,then", [
    ((EYRIE, MARQUISE), "eyrie_daylight", "e_move", "eyrie_daylight"),    # a Decree move (LoR 7.5.2)
    ((WYRM, MARQUISE), "wyrm_daylight", "move", "wyrm_daylight"),         # W-MP-49
    ((ALLIANCE, MARQUISE, EYRIE), "alliance_evening", "move", "alliance_evening"),   # LoR 8.5.2
    ((VAGABOND, MARQUISE), "vagabond_daylight", "vb_move", "vagabond_daylight"),
    ((MARQUISE, EYRIE), "marquise_daylight", "move", "marquise_march"),   # a march's first move
    ((MARQUISE, EYRIE), "marquise_march", "move", "marquise_daylight"),   # and its second
])
def test_every_factions_move_by_the_ferry_draws_and_goes_on(factions, step, kind, then):
    """LoR 16.2.2.5: whoever makes a move out of the Ferry's clearing may cross the lake; the
    mover then draws one card, and its turn goes on where it was (same step). Positions found in
    seeded games on the Lake."""
    for seed in range(400):
        rng = random.Random(seed)
        s = play_until(new(LAKE, factions), lambda s: step_of(s) == STEP[step]
                       and ferry_offer(s, kind) is not None, rng)
        if s is not None:
            break
    assert s is not None
    d = s.to_dict()
    mover = d["turn"]
    a = ferry_offer(s, kind)
    s.apply(a)
    after = s.to_dict()
    assert after["ferry_used"] == 1 and after["ferry"] != d["ferry"]
    if after["deck_size"] > 0 or sum(after["discard"]) > 0:
        drew = [e for e in draw_chance(s) if e[0] == DRAW and e[1] == mover]
        assert len(drew) == 1
    after = s.to_dict()
    assert after["turn"] == mover
    assert _core.STEP_NAMES[after["step"]] == then
    assert ferry_offer(s, kind) is None                       # once per turn
