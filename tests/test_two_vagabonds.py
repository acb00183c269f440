"""Two Vagabonds at one table (LoR 9.7 "Playing with Two Vagabonds"; root-factions-corvid-
marauder.md §6.2, §6.3 trap 6): the second Vagabond is the faction `vagabond2`, the Vagabond's
rules at his own seat. Setup (9.7.1: both "R" sets, two items per ruin, chance picks who sets up
first), shared quests (9.7.2), a ruin's two items looked at and one or none taken, never a second
"R" item of a kind (9.7.3), and the readings docs/characters.md names where the Law is silent
(plain enemies without relationship markers, no Aid between them, one coalition per player).

The core is driven directly (State): setups by the first legal choice unless a test names one,
positions edited through State.to_dict / State.from_dict (which checks conservation)."""
from __future__ import annotations

import pytest

from wyrm_ai import _core

KINDS = {name: (start, size) for name, start, size in _core.ACTION_KINDS}
F = {name: i for i, name in enumerate(_core.FACTION_NAMES)}
ITEM = {name: k for k, name in enumerate(_core.VITEM_NAMES)}
CHARS = _core.CHARACTER_NAMES
R_SET = {"boots": 1, "bag": 1, "hammer": 1, "sword": 1}      # LoR 5.1.4: one "R" set
TABLE = ("marquise", "vagabond", "vagabond2", "wyrm")
RUIN = 5                                                     # clearing 6 of Autumn holds a ruin


def act(kind: str, offset: int = 0) -> int:
    start, size = KINDS[kind]
    assert 0 <= offset < size
    return start + offset


def kind_of(a: int) -> str:
    return max((start, name) for name, (start, _) in KINDS.items() if start <= a)[1]


def new(table=TABLE, first=0) -> _core.State:
    return _core.State(factions=tuple(F[f] for f in table), first=first)


def set_up(s: _core.State, order: int = 0, chars=("thief", "tinker"), until_turn: bool = True) -> _core.State:
    """Setup with the given `vagabond_first` outcome and characters in setup order (the first
    outcome of every other chance event, the first legal choice of every other decision)."""
    picked = 0
    while s.turn_number == 0 if until_turn else s.step != "vagabond_character":
        if s.step == "vagabond_order":
            s.apply(act("vagabond_first", order))
        elif s.step == "vagabond_character":
            s.apply(act("character", CHARS.index(chars[picked])))
            picked += 1
        elif s.is_chance_node():
            s.apply(s.chance_outcomes()[0][0])
        else:
            s.apply(s.legal_actions()[0])
    return s


def seat(s, name: str) -> int:
    return s.seat_of(F[name])


def vb_fields(d: dict, name: str) -> dict:
    """The Vagabond's own fields of a state dict: the first's at top level, the second's under
    "vagabond2"."""
    return d if name == "vagabond" else d["vagabond2"]


def daylight_of(name: str, *, order=0, chars=("thief", "tinker")) -> _core.State:
    """A game at the start of `name`'s first Daylight (every other turn by first legal choices)."""
    s = set_up(new(), order, chars)
    v = seat(s, name)
    while not (s.step == "vagabond_daylight" and s.turn == v):
        s.apply(s.chance_outcomes()[0][0] if s.is_chance_node() else s.legal_actions()[0])
    return s


def at_ruin(s: _core.State, name: str, c: int = RUIN) -> _core.State:
    d = s.to_dict()
    vb_fields(d, name)["vb_at"] = c
    return _core.State.from_dict(d)


# ---- LoR 9.7.1: setup -----------------------------------------------------------------------

def test_two_r_sets_under_the_ruins_lor_9_7_1():
    """Both "R" sets: two items of each "R" kind under the four ruins, two per ruin."""
    d = new().to_dict()
    for name, k in ITEM.items():
        assert d["ruin_items"][k] == 2 * R_SET.get(name, 0)
    one = new(("marquise", "vagabond", "wyrm")).to_dict()
    assert sum(one["ruin_items"]) == 4 and sum(d["ruin_items"]) == 8


@pytest.mark.parametrize("order,first_up", [(0, "vagabond"), (1, "vagabond2")])
def test_chance_picks_which_vagabond_sets_up_first_lor_9_7_1(order, first_up):
    """Standard Setup: a chance event, even odds, names the Vagabond who sets up first; the other
    follows at once, both before the Wyrm (W-MP-1: the Wyrm sets up last)."""
    s = new()
    while s.step != "vagabond_order":
        s.apply(s.chance_outcomes()[0][0] if s.is_chance_node() else s.legal_actions()[0])
    outcomes = s.chance_outcomes()
    assert [kind_of(a) for a, _ in outcomes] == ["vagabond_first"] * 2
    assert [p for _, p in outcomes] == [0.5, 0.5]
    s.apply(act("vagabond_first", order))
    assert s.step == "vagabond_character" and s.current_player == seat(s, first_up)
    s.apply(act("character", CHARS.index("ranger")))
    s.apply(s.legal_actions()[0])                     # his forest
    while s.step == "quest_draw":
        s.apply(s.chance_outcomes()[0][0])
    other = "vagabond2" if first_up == "vagabond" else "vagabond"
    assert s.step == "vagabond_character" and s.current_player == seat(s, other)
    assert act("character", CHARS.index("ranger")) not in s.legal_actions()   # one card each
    assert len(s.legal_actions()) == len(CHARS) - 1
    s.apply(act("character", CHARS.index("thief")))
    s.apply(s.legal_actions()[0])
    assert s.step == "wyrm_setup"


def test_the_quests_are_drawn_once_and_shared_lor_9_7_2():
    """Three quests face up for both Vagabonds: the second draws none at setup."""
    s = new()
    draws = 0
    while s.turn_number == 0:
        draws += s.step == "quest_draw"
        s.apply(s.chance_outcomes()[0][0] if s.is_chance_node() else s.legal_actions()[0])
    d = s.to_dict()
    assert draws == 3 and bin(d["quest_up"]).count("1") == 3
    assert d["quest_done"] == 0 and d["vagabond2"]["quest_done"] == 0


def test_a_second_vagabond_needs_a_first():
    with pytest.raises(_core.ConfigError, match="second Vagabond"):
        new(("marquise", "vagabond2", "wyrm"))


# ---- LoR 9.7.3: a ruin of two items ------------------------------------------------------------

def test_explore_looks_at_both_items_and_takes_one_lor_9_7_3():
    """Exploring a ruin of two: both items are dealt to him to look at (chance events), then he
    takes one (+1 VP) and the other stays in the ruin, seen by him alone (trap 6)."""
    s = at_ruin(daylight_of("vagabond"), "vagabond")
    v = seat(s, "vagabond")
    torch = s.to_dict()["vb_items"][0][ITEM["torch"]]
    s.apply(act("explore"))
    looks = []
    while s.step == "ruin":
        a = s.chance_outcomes()[0][0]
        looks.append(a - KINDS["ruin"][0])
        s.apply(a)
    assert len(looks) == 2 and s.step == "ruin_pick" and s.current_player == v
    d = s.to_dict()
    assert sorted(d["ruin_seen"][RUIN]) == sorted(looks) and d["ruin_seers"][RUIN] == 1 << v
    assert d["vb_items"][1][ITEM["torch"]] == 1 and d["vb_items"][0][ITEM["torch"]] == torch - 1
    legal = s.legal_actions()
    assert legal[0] == act("pass") and {a - KINDS["ruin_take"][0] for a in legal[1:]} == set(looks)
    score = s.scores[v]
    s.apply(act("ruin_take", looks[0]))
    d = s.to_dict()
    assert s.scores[v] == score + 1 and s.step == "vagabond_daylight"
    assert d["ruin_seen"][RUIN] == [looks[1], -1] and d["ruin_half"] >> RUIN & 1
    assert not d["explored"] >> RUIN & 1                     # one item left: the ruin stands
    assert d["vb_ritems"] == 1 << looks[0]


def test_explore_taking_nothing_scores_nothing_but_spends_the_torch_lor_9_7_3():
    s = at_ruin(daylight_of("vagabond"), "vagabond")
    v = seat(s, "vagabond")
    score = s.scores[v]
    s.apply(act("explore"))
    while s.step == "ruin":
        s.apply(s.chance_outcomes()[0][0])
    s.apply(act("pass"))
    d = s.to_dict()
    assert s.scores[v] == score and d["vb_items"][1][ITEM["torch"]] == 1
    assert d["ruin_half"] == 0 and -1 not in d["ruin_seen"][RUIN]     # both still there, seen


def test_the_other_vagabond_looks_at_what_was_seen_without_chance_lor_9_7_3():
    """The items left in a ruin are fixed: a later explorer looks at them (no chance event), and
    then knows them too."""
    s = at_ruin(daylight_of("vagabond"), "vagabond")
    s.apply(act("explore"))
    while s.step == "ruin":
        s.apply(s.chance_outcomes()[-1][0])
    left = s.to_dict()["ruin_seen"][RUIN]
    s.apply(act("pass"))
    d = s.to_dict()
    v2 = seat(s, "vagabond2")
    d["turn"] = v2
    d["vb_acting"] = v2
    d["vagabond2"]["vb_at"] = RUIN
    d["vagabond2"]["vb_items"][0][ITEM["torch"]] = 1
    s2 = _core.State.from_dict(d)
    s2.apply(act("explore"))
    assert s2.step == "ruin_pick" and s2.current_player == v2
    assert {a - KINDS["ruin_take"][0] for a in s2.legal_actions()[1:]} <= set(left)
    assert s2.to_dict()["ruin_seers"][RUIN] == (1 << seat(s, "vagabond")) | (1 << v2)


def test_no_second_r_item_of_a_kind_lor_9_7_3():
    """A Vagabond holding an "R" item of a kind from a ruin cannot take another of that kind: with
    boots from the ruin of clearing 10, of the boots and sword seen in clearing 6 he may take the
    sword only (or nothing)."""
    s = at_ruin(daylight_of("vagabond"), "vagabond")
    d = s.to_dict()
    boots, sword = ITEM["boots"], ITEM["sword"]
    d["ruin_items"][boots] -= 2                 # one boots in his Satchel, one seen in clearing 6
    d["vb_items"][0][boots] += 1
    d["vb_ritems"] = 1 << boots
    d["ruin_half"] = 1 << 9                     # taken from the ruin of clearing 10
    d["ruin_items"][sword] -= 1
    d["ruin_seen"][RUIN] = [boots, sword]
    d["ruin_seers"][RUIN] = 1 << seat(s, "vagabond")
    s = _core.State.from_dict(d)
    s.apply(act("explore"))
    assert s.step == "ruin_pick" and s.legal_actions() == [act("pass"), act("ruin_take", sword)]


def test_a_ruin_leaves_the_map_when_both_items_are_taken_lor_9_7_3():
    """Two Explores may empty a ruin: the second takes the item left, and the ruin is gone."""
    s = at_ruin(daylight_of("vagabond"), "vagabond")
    d = s.to_dict()
    hammer = ITEM["hammer"]
    d["ruin_items"][hammer] -= 1               # the hammer is left in clearing 6, seen by him
    d["ruin_seen"][RUIN] = [hammer, -1]
    d["ruin_seers"][RUIN] = 1 << seat(s, "vagabond")
    d["ruin_half"] = 1 << RUIN
    d["ruin_items"][ITEM["bag"]] -= 1          # the item taken first (now out of the game)
    d["vb_out"][ITEM["bag"]] += 1
    s = _core.State.from_dict(d)
    s.apply(act("explore"))
    assert s.step == "ruin_pick"               # nothing unseen: no chance event
    s.apply(act("ruin_take", hammer))
    d = s.to_dict()
    assert d["explored"] >> RUIN & 1 and not d["ruin_half"] >> RUIN & 1
    assert d["ruin_seen"][RUIN] == [-1, -1] and d["ruin_seers"][RUIN] == 0
    assert act("explore") not in s.legal_actions()


def test_seen_ruin_items_are_redealt_for_a_seat_that_did_not_look():
    """Information: the items a Vagabond looked at are known to him only; another seat's
    determinization puts them back among the unseen (LoR 9.7.3, trap 6)."""
    s = at_ruin(daylight_of("vagabond"), "vagabond")
    s.apply(act("explore"))
    while s.step == "ruin":
        s.apply(s.chance_outcomes()[0][0])
    s.apply(act("pass"))
    v, w = seat(s, "vagabond"), seat(s, "wyrm")
    mine = _core.determinized(s, v, 1).to_dict()
    theirs = _core.determinized(s, w, 1).to_dict()
    assert mine["ruin_seen"][RUIN] == s.to_dict()["ruin_seen"][RUIN]
    assert theirs["ruin_seen"][RUIN] == [-1, -1] and theirs["ruin_seers"][RUIN] == 0
    assert sum(theirs["ruin_items"]) == sum(s.to_dict()["ruin_items"]) + 2


# ---- the two Vagabonds with each other (readings: docs/characters.md) -----------------------------

def test_no_relationship_and_no_aid_between_the_vagabonds():
    """Markers are for the non-Vagabond factions (LoR 9.3.6): the other Vagabond stays at 0 and
    is offered no Aid; he is an enemy he may battle (plain enemies)."""
    s = daylight_of("vagabond")
    d = s.to_dict()
    v, v2 = seat(s, "vagabond"), seat(s, "vagabond2")
    c = d["vb_at"] if d["vb_at"] < 12 else 0
    d["vb_at"] = c
    d["vagabond2"]["vb_at"] = c
    s = _core.State.from_dict(d)
    aids = [a for a in s.legal_actions() if kind_of(a) == "aid"]
    start = KINDS["aid"][0]
    ncts, nv = _core.NUM_CARD_TYPES, len(ITEM)
    assert all((a - start) // nv // ncts != v2 for a in aids)
    assert any(kind_of(a) == "battle" and (a - KINDS["battle"][0]) % _core.NUM_SIDES == v2
               for a in s.legal_actions())
    assert d["vb_rel"][F["vagabond2"]] == 0 and d["vagabond2"]["vb_rel"][F["vagabond"]] == 0


def test_state_dict_round_trips_with_two_vagabonds_and_reads_schema_6():
    s = daylight_of("vagabond2", order=1, chars=("ronin", "harrier"))
    d = s.to_dict()
    assert _core.State.from_dict(d) == s
    assert d["vagabond2"]["vb_char"] in (CHARS.index("ronin"), CHARS.index("harrier"))
    one = set_up(new(("marquise", "vagabond", "wyrm"))).to_dict()
    for key in ("ruin_half", "ruin_seen", "ruin_seers", "vb_acting", "vb_ritems", "vagabond2"):
        one.pop(key)
    assert _core.State.from_dict(one).to_dict()["vb_acting"] == 1


def test_one_coalition_per_player():
    """A reading (docs/characters.md): a player is in one coalition at most, so the second
    Vagabond may not join the first's partner, nor the first Vagabond himself (LoR 9.2.8): of
    the Marquise (the first's partner) and the Eyrie, tied with the fewest VP, only the Eyrie."""
    table = ("marquise", "eyrie", "vagabond", "vagabond2", "wyrm")
    s = set_up(new(table))
    v2 = seat(s, "vagabond2")
    while not (s.step == "vagabond_daylight" and s.turn == v2):
        s.apply(s.chance_outcomes()[0][0] if s.is_chance_node() else s.legal_actions()[0])
    d = s.to_dict()
    v, cat = seat(s, "vagabond"), seat(s, "marquise")
    eyrie = seat(s, "eyrie")
    d["score"] = [5 if i in (cat, eyrie) else 12 for i in range(len(table))]   # tied fewest
    d["coalition"] = cat                       # the first Vagabond and the Marquise, in coalition
    doms = [t for t, c in enumerate(_core.CARDS) if c[0] == "Dominance" and d["deck"][t]]
    for who, dom in ((v, doms[0]), (v2, doms[1])):   # a dominance card each (from the deck)
        d["deck"][dom] -= 1
        d["deck_size"] -= 1
        d["hand"][who][dom] += 1
        d["hand_size"][who] += 1
    d["hand"][v][doms[0]] -= 1                 # the first's is in his play area: his coalition
    d["hand_size"][v] -= 1
    d["play_area"][v][doms[0]] += 1
    s = _core.State.from_dict(d)
    partners = {(a - KINDS["coalition"][0]) % _core.MAX_NUM_SEATS
                for a in s.legal_actions() if kind_of(a) == "coalition"}
    assert partners == {eyrie}                   # tied fewest VP and in no coalition; not the Marquise


@pytest.mark.parametrize("table", [TABLE, ("vagabond", "vagabond2", "wyrm"),
                                   ("marquise", "eyrie", "alliance", "vagabond", "vagabond2", "wyrm")])
def test_random_games_with_two_vagabonds_stay_possible(table):
    """Seeded random games at three tables with two Vagabonds: after every action (the first game;
    every 25 actions the others) the state passes
    State.from_dict's checks (items of both "R" sets and both Vagabonds' "S" items conserved,
    ruins and quests adding up), and each game ends with a winner."""
    import random
    for seed in range(3):
        s = new(table, first=seed % len(table))
        rng = random.Random(seed)
        n = 0
        while not s.is_terminal() and n < 8000:
            if s.is_chance_node():
                outs = s.chance_outcomes()
                a = rng.choices([a for a, _ in outs], [p for _, p in outs])[0]
            else:
                a = rng.choice(s.legal_actions())
            s.apply(a)
            n += 1
            if seed == 0 or n % 25 == 0:
                assert _core.State.from_dict(s.to_dict()) == s, (table, seed, n)
        assert s.is_terminal() and s.winner >= 0, (table, seed, s.scores)


def _twins_seen_by_the_first():
    """Two positions at the second Vagabond's Daylight in clearing 6, alike but for the two items
    the first Vagabond looked at there and left (trap 6): boots and hammer, or sword and bag."""
    s = at_ruin(daylight_of("vagabond"), "vagabond")
    s.apply(act("explore"))
    while s.step == "ruin":
        s.apply(s.chance_outcomes()[0][0])
    s.apply(act("pass"))
    d = s.to_dict()
    v2 = seat(s, "vagabond2")
    d["turn"] = d["vb_acting"] = v2
    d["vagabond2"]["vb_at"] = RUIN
    d["vagabond2"]["vb_items"][0][ITEM["torch"]] = 1
    twins = []
    for pair in (("boots", "hammer"), ("sword", "bag")):
        t = {**d, "ruin_items": list(d["ruin_items"]), "ruin_seen": [list(x) for x in d["ruin_seen"]]}
        for k in t["ruin_seen"][RUIN]:
            t["ruin_items"][k] += 1
        for name in pair:
            t["ruin_items"][ITEM[name]] -= 1
        t["ruin_seen"][RUIN] = [ITEM[n] for n in pair]
        twins.append(_core.State.from_dict(t))
    return twins, v2


def test_what_the_other_vagabond_saw_changes_no_search_or_heuristic_lor_9_7_3():
    """The AI never sees what its seat could not see: the second Vagabond's determinizations and
    his heuristic's choice are the same whichever items the first left in the ruin (the look
    ahead through Explore would otherwise read them)."""
    (a, b), v2 = _twins_seen_by_the_first()
    assert a != b
    for seed in range(4):
        assert _core.determinized(a, v2, seed) == _core.determinized(b, v2, seed)
        assert _core.heuristic_choice(a, seed) == _core.heuristic_choice(b, seed)
