"""The Vagabond's last six characters (LoR 16.3.4-9; root-factions-corvid-marauder.md §6.1,
§6.3 traps 1-5; W-MP-45..47): each one's starting items and special action. The Thief, Tinker
and Ranger are in test_vagabond_actions.py."""
from __future__ import annotations

import pytest

from wyrm_ai import _core
from wyrm_ai.model import notation
from wyrm_ai.model.actions import decode, encode
from wyrm_ai.model.game import Game

from vb_positions import (CAT, HOSTILE, ITEM, NV, VB, WYRM, QUEST, act, battle, board, day_of, items_of,
                          of_kind, rel_of, st, vb, vb_day, vb_move, vb_started)

CHARS = _core.CHARACTER_NAMES


def roll(high: int, low: int) -> int:
    return act("dice", high * 4 + low)


def _play(g, *actions):
    for a in actions:
        g.apply(a)
    return g


def _hits_taken_first(g):
    """Allocate every pending hit with the first legal choice."""
    while g.step in ("battle_hits", "battle_lair"):
        g.apply(g.legal_actions()[0])
    return g


# ---- starting items (LoR 16.3.4-9) -------------------------------------------------------------

STARTS = {"vagrant": {"coins": 1, "torch": 1, "boots": 1},
          "arbiter": {"boots": 1, "torch": 1, "sword": 2},
          "scoundrel": {"boots": 2, "torch": 1, "crossbow": 1},
          "adventurer": {"boots": 1, "torch": 1, "hammer": 1},
          "ronin": {"boots": 2, "torch": 1, "sword": 1},
          "harrier": {"coins": 1, "torch": 1, "sword": 1, "crossbow": 1}}


@pytest.mark.parametrize("char", sorted(STARTS))
def test_each_character_starts_with_the_items_on_its_card_LoR_16_3(char):
    """LoR 16.3.4-9, 9.3.5: the character's "S" items face up (coins on their track); the base
    box's "S" items he does not take leave the game; the item count stays whole (the position
    passes State.from_dict's conservation check). The Harrier has no boots (§6.1)."""
    g = vb_started(char=char)
    have = {k: v[0] for k, v in items_of(g).items()}
    assert have == STARTS[char] and all(v[1:] == [0, 0, 0] for v in items_of(g).values())
    d = st(g)
    base = dict(zip(_core.VITEM_NAMES, _core.VAGABOND_TABLE["s_items"]))
    for k, name in enumerate(_core.VITEM_NAMES):
        assert d["vb_out"][k] == max(0, base[name] - STARTS[char].get(name, 0)), name
    assert _core.State.from_dict(d).to_dict() == d
    assert char != "harrier" or "boots" not in have


def test_the_nine_characters_are_named_on_every_front_end():
    """Issue 32 item 4: the nine characters by name, in the core's table and the setup choice."""
    assert CHARS == ("thief", "tinker", "ranger", "vagrant", "arbiter", "scoundrel", "adventurer",
                     "ronin", "harrier")
    g = Game(first=0, factions=("marquise", "vagabond", "wyrm"))
    while g.step != "vagabond_character":
        g.apply(g.chance_outcomes()[0][0] if g.is_chance_node() else g.legal_actions()[0])
    assert set(of_kind(g, "character")) == set(range(9))
    ids = g.faction_ids
    assert {notation.action_text(act("character", i), VB, ids) for i in range(9)} == {f"#{c}->$" for c in CHARS}
    assert {notation.parse(f"#{c}->$", VB, ids) for c in CHARS} == {act("character", i) for i in range(9)}


# ---- Swift Strike: the Ronin (LoR 16.3.8; trap 2; W-MP-47) -------------------------------------

def test_swift_strike_after_the_roll_exhausts_a_sword_for_an_extra_hit_trap_2():
    """LoR 16.3.8, §6.3 trap 2: after rolling (never before: no choice at the ambush), he may
    exhaust a face-up sword for an extra hit, not capped by his swords; again while he has one."""
    base = board(vb_started(char="ronin"), warriors={1: 6}, pawn=9)
    g = vb_day(vb(base, at=1, items={"sword": 3, "boots": 1}))
    g.apply(battle(1, CAT))
    assert g.step == "battle_roll"                   # no Swift Strike before the dice
    g.apply(roll(1, 0))
    assert g.step == "battle_effects" and g.current_player == VB
    assert act("swift_strike") in g.legal_actions()
    _play(g, act("swift_strike"), act("swift_strike"))
    assert items_of(g)["sword"] == [0, 3, 0, 0]
    assert act("swift_strike") not in g.legal_actions()      # no face-up sword left
    g.apply(0)
    _hits_taken_first(g)
    assert st(g)["warriors"][0] == 6 - 3             # 1 rolled + 2 extra


def test_swift_strike_defending_and_the_exhausted_sword_still_caps_LoR_16_3_8():
    """LoR 16.3.8: defending too; an exhausted undamaged sword still counts toward his rolled-hit
    cap (LoR 9.2.6), so a Swift Strike costs him no rolled hit."""
    base = board(vb_started(char="ronin"), warriors={1: 4}, pawn=9)
    g = day_of(vb(base, at=1, items={"sword": 2, "boots": 2, "torch": 1}), CAT, "marquise_daylight")
    _play(g, battle(1, VB), roll(2, 2))             # the Marquise have no effect: he is asked
    assert g.step == "battle_effects" and g.current_player == VB
    assert act("swift_strike") in g.legal_actions()
    _play(g, act("swift_strike"), 0)
    _hits_taken_first(g)
    assert st(g)["warriors"][0] == 4 - 3             # 2 rolled (2 swords, one exhausted) + 1


def test_swift_strike_is_the_ronins_alone():
    """LoR 16.3.8 is the Ronin's card: the Thief with a sword has no Swift Strike."""
    base = board(vb_started(char="thief"), warriors={1: 6}, pawn=9)
    g = vb_day(vb(base, at=1, items={"sword": 3}))
    _play(g, battle(1, CAT), roll(1, 0))
    assert act("swift_strike") not in g.legal_actions()


# ---- Protector: the Arbiter (LoR 16.3.5; trap 1; W-MP-47) ---------------------------------------

def _arbiter_defends(swords, wyrmlings=1):
    """The Marquise attack the Wyrm in clearing 1, where the Arbiter stands."""
    base = board(vb_started(char="arbiter"), warriors={1: 6}, wyrmlings={1: wyrmlings}, pawn=9)
    g = day_of(vb(base, at=1, items={"sword": swords, "boots": 1, "torch": 1}), CAT, "marquise_daylight")
    g.apply(battle(1, WYRM))
    while g.step == "battle_ambush":
        g.apply(0)
    return g


def test_the_defender_may_enlist_the_arbiter_before_the_roll_trap_1():
    """LoR 16.3.5, §6.3 trap 1: immediately before the dice the defender (not the Arbiter) is
    asked; enlisting him costs no torch and scores him 1 VP."""
    g = _arbiter_defends(swords=(1, 1, 0, 0))
    assert g.step == "battle_enlist" and g.current_player == WYRM
    assert set(g.legal_actions()) == {0, act("enlist")}
    before = st(g)["score"][VB]
    g.apply(act("enlist"))
    assert g.step == "battle_roll" and st(g)["score"][VB] == before + 1
    assert items_of(g)["torch"] == [1, 0, 0, 0] and st(g)["battle"]["arbiter"] == 1


def test_the_arbiters_undamaged_swords_raise_the_defenders_rolled_cap_W_MP_47():
    """LoR 16.3.5, W-MP-47: the Wyrm (1 wyrmling: cap 3 + 1) with the Arbiter's 2 undamaged swords
    (one exhausted; a damaged one does not count) deals a rolled 3 in full against 6 warriors...
    and its cap would be 4 without him, so it is the 3 of the die either way: the cap shows with
    no pawn in the clearing. Here: the pawn elsewhere, 1 wyrmling, 2 swords: cap 3."""
    g = _arbiter_defends(swords=(1, 1, 1, 0))
    g.apply(act("enlist"))
    g.apply(roll(3, 3))
    while g.step == "battle_effects":
        g.apply(0)
    _hits_taken_first(g)
    assert st(g)["warriors"][0] == 6 - 3             # 1 wyrmling + 2 undamaged swords
    g = _arbiter_defends(swords=(1, 1, 1, 0))
    g.apply(0)                                       # not enlisted: the cap is its 1 wyrmling
    g.apply(roll(3, 3))
    while g.step == "battle_effects":
        g.apply(0)
    _hits_taken_first(g)
    assert st(g)["warriors"][0] == 6 - 1


def test_the_arbiter_is_never_enlisted_for_or_against_himself_LoR_16_3_5():
    """LoR 16.3.5: he cannot enlist himself or be enlisted against himself; away from the clearing
    of battle nobody is asked."""
    base = board(vb_started(char="arbiter"), warriors={1: 3}, pawn=9)
    g = vb_day(vb(base, at=1, items={"sword": 2}))
    g.apply(battle(1, CAT))
    assert g.step != "battle_enlist"
    g = day_of(vb(base, at=1, items={"sword": 2, "boots": 1}), CAT, "marquise_daylight")
    g.apply(battle(1, VB))
    assert g.step != "battle_enlist"
    base = board(vb_started(char="arbiter"), warriors={1: 3}, wyrmlings={1: 1}, pawn=9)
    g = day_of(vb(base, at=5, items={"sword": 2}), CAT, "marquise_daylight")
    g.apply(battle(1, WYRM))
    while g.step == "battle_ambush":
        g.apply(0)
    assert g.step == "battle_roll"


# ---- Scorched Earth: the Scoundrel (LoR 16.3.6; trap 3; W-MP-46) --------------------------------

def _scoundrel(**kw):
    base = board(vb_started(char="scoundrel"), warriors={1: 2, 5: 3}, buildings={1: (1, 0, 0)},
                 wood={1: 1}, keep=12, **kw)
    return vb_day(vb(base, at=1, items={"torch": 1, "boots": 2}))


def test_scorched_earth_removes_every_enemy_piece_and_the_torch_leaves_trap_3():
    """LoR 16.3.6, §6.3 trap 3: the torch leaves his board for the clearing; every enemy piece
    there is removed (1 VP per building and token; the Marquise Hostile for their warriors,
    LoR 9.2.9.III); he stays."""
    g = _scoundrel(pawn=9)
    out = st(g)["vb_out"][ITEM["torch"]]
    g.apply(act("scorch"))
    d = st(g)
    assert d["scorched"] == 1 << 0 and d["vb_at"] == 0
    assert d["warriors"][0] == 0 and d["wood"][0] == 0 and d["buildings"][0][0] == 0
    assert "torch" not in items_of(g) and d["vb_out"][ITEM["torch"]] == out + 1
    assert d["score"][VB] == 2 and rel_of(g, CAT) == HOSTILE
    assert any(e.kind == "scorched" for e in g.last_events)


def test_nothing_is_placed_in_or_moved_into_a_scorched_clearing_LoR_16_3_6():
    """LoR 16.3.6: once he moves out he cannot move back (nor Slip); the Marquise may not move
    into it nor place there."""
    g = _scoundrel(pawn=9)
    g.apply(act("scorch"))
    g.apply(vb_move(5, VB))
    assert 1 not in {x // 21 // 6 + 1 for x in of_kind(g, "vb_move")}
    m = day_of(g, CAT, "marquise_daylight")
    assert not any(decode(a).kind == "move" and decode(a).args[1] == 0 for a in m.legal_actions())
    assert _core.State.from_dict(st(m)) is not None


def test_scorched_earth_in_the_wyrms_clearing_sends_its_pawn_to_a_forest_W_MP_46():
    """W-MP-46: the Wyrm's pawn flies as from a Favor (W-MP-5); the clearing is then closed to its
    return: Emerge never offers it."""
    g = _scoundrel(pawn=1, wyrmlings={1: 1})
    g.apply(act("scorch"))
    while g.step == "battle_forest":
        g.apply(g.legal_actions()[0])
    d = st(g)
    assert d["pawn"] >= 12 and d["wyrmlings"][0] == 0
    assert all(decode(a).args[0] != 0 for a in g.legal_actions() if decode(a).kind == "pawn_to")


# ---- Improvise: the Adventurer (LoR 16.3.7) ----------------------------------------------------

def test_improvise_an_item_stands_in_and_is_damaged_once_a_turn_LoR_16_3_7():
    """LoR 16.3.7: once per turn in a Quest one face-up item counts as any other; exhausting it,
    he damages it. Errand (fox: tea, boots) in fox clearing 1 with boots and a sword: the sword
    stands in for the tea."""
    q = QUEST[("Errand", "fox")]
    base = board(vb_started(char="adventurer"), pawn=9)
    g = vb_day(vb(base, at=1, items={"boots": 2, "sword": 1}, quests_up=[q, QUEST[("Errand", "rabbit")],
                                                                        QUEST[("Escort", "mouse")]]))
    a = encode("improvise", q, 0, 0, ITEM["sword"])
    assert a in g.legal_actions() and encode("quest", q, 0) not in g.legal_actions()
    g.apply(a)
    while g.is_chance_node():
        g.apply(g.chance_outcomes()[0][0])
    assert items_of(g)["sword"] == [0, 0, 0, 1] and items_of(g)["boots"] == [1, 1, 0, 0]
    assert (st(g)["quest_done"] >> q) & 1 and st(g)["score"][VB] == 1
    assert not of_kind(g, "improvise")               # once per turn


# ---- Glide: the Harrier (LoR 16.3.9; trap 5) ---------------------------------------------------

def test_glide_takes_the_pawn_alone_anywhere_without_boots_trap_5():
    """LoR 16.3.9, §6.3 trap 5: exhaust a torch to move the pawn alone to any clearing (never a
    forest), no boots, Hostile warriors there no matter."""
    base = board(vb_started(char="harrier"), wyrmlings={12: 2}, pawn=9)
    g = vb_day(vb(base, at="1_2_5_10", items={"torch": 1}, rel={WYRM: HOSTILE}))
    assert {x + 1 for x in of_kind(g, "glide")} == set(range(1, 13))
    g.apply(act("glide", 11))
    assert st(g)["vb_at"] == 11 and items_of(g)["torch"] == [0, 1, 0, 0]


# ---- Instigate: the Vagrant (LoR 16.3.4; trap 4; W-MP-45) --------------------------------------

def _instigated(rel=None):
    base = board(vb_started(char="vagrant"), warriors={1: 2}, buildings={1: (1, 0, 0)},
                 wyrmlings={1: 3}, pawn=9, keep=12)
    g = vb_day(vb(base, at=1, items={"torch": 1, "boots": 1}, rel=rel))
    return g


def _instigate_and_roll(g, attacker, defender, dice):
    """The Vagrant instigates attacker against defender; no ambush, the dice, no effects."""
    g.apply(encode("instigate", attacker, defender))
    while g.step in ("battle_ambush", "battle_foil"):
        g.apply(0)
    g.apply(roll(*dice))
    while g.step == "battle_effects":
        g.apply(0)
    return g


def test_instigate_names_two_other_factions_as_attacker_and_defender_LoR_16_3_4():
    """LoR 16.3.4: exhaust a torch for a battle in his clearing between two other players he
    picks: an attacker with fighters there, a defender with pieces there."""
    g = _instigated()
    assert set(of_kind(g, "instigate")) == {CAT * 6 + WYRM, WYRM * 6 + CAT}
    g.apply(encode("instigate", WYRM, CAT))
    assert items_of(g)["torch"] == [0, 1, 0, 0]
    assert st(g)["battle"]["instigator"] == VB and st(g)["battle"]["attacker"] == WYRM


def test_instigate_the_vagrant_removes_for_both_and_scores_trap_4():
    """LoR 16.3.4, §6.3 trap 4: he removes the pieces of both sides and scores each building or
    token removed (not the attacker); a Hostile faction's pieces score him too (LoR 9.2.9.III.a).
    The Wyrm attacking keeps its Ravenous (W-MP-45): its 3 rolled hits landed let it ignore the
    Marquise's 2."""
    g = _instigated(rel={CAT: HOSTILE})
    _hits_taken_first(_instigate_and_roll(g, WYRM, CAT, (3, 2)))
    d = st(g)
    assert d["warriors"][0] == 0 and d["buildings"][0][0] == 0       # 2 warriors, the sawmill
    assert d["score"][WYRM] == 0 and d["wyrmlings"][0] == 3
    # 2 Hostile Marquise warriors + the sawmill + 1 more for a Hostile faction's building
    assert d["score"][VB] == 2 + 1 + 1 and rel_of(g, WYRM) != HOSTILE
    assert any(e.kind == "ravenous" for ev in g.events for e in ev)


def test_instigate_the_vagrant_chooses_what_each_side_loses_LoR_16_3_4():
    """LoR 16.3.4: he chooses the order in which each side removes buildings and tokens: the
    Marquise's sawmill or workshop is his choice, not theirs."""
    base = board(vb_started(char="vagrant"), buildings={5: (1, 1, 0)}, wyrmlings={5: 2}, pawn=9, keep=12)
    g = vb_day(vb(base, at=5, items={"torch": 1, "boots": 1}))
    _instigate_and_roll(g, WYRM, CAT, (1, 0))
    assert g.step == "battle_hits" and g.current_player == VB
    assert len(of_kind(g, "remove")) == 2
    g.apply(g.legal_actions()[1])
    _hits_taken_first(g)
    assert sum(st(g)["buildings"][b][4] for b in range(3)) == 0 and st(g)["score"][VB] == 2


def test_instigate_a_non_hostile_sides_warrior_removed_makes_it_hostile_LoR_9_2_9_III():
    """LoR 9.2.9.III (root-factions-corvid-marauder.md §6.1 [I]): the Vagrant removes the pieces,
    so a warrior of a faction not yet Hostile turns it Hostile (no Infamy for that one); the Wyrm
    defending with no fighter to land hits takes them all."""
    base = board(vb_started(char="vagrant"), warriors={1: 4}, wyrmlings={1: 1}, pawn=9, keep=12)
    g = vb_day(vb(base, at=1, items={"torch": 1, "boots": 1}))
    _hits_taken_first(_instigate_and_roll(g, CAT, WYRM, (2, 0)))
    assert st(g)["wyrmlings"][0] == 0 and rel_of(g, WYRM) == HOSTILE and rel_of(g, CAT) != HOSTILE


# ---- notation and words ----------------------------------------------------------------------

@pytest.mark.parametrize("kind,args", [("swift_strike", ()), ("scorch", ()), ("glide", (4,)),
                                       ("improvise", (QUEST[("Errand", "fox")], 1, 0, ITEM["torch"])),
                                       ("instigate", (WYRM, CAT))])
def test_the_special_actions_read_and_write_in_notation(kind, args):
    """docs/notation.md: each new special action has a text the table reads back, and words."""
    table = (_core.FACTION_NAMES[0], "vagabond", "wyrm")
    ids = tuple(_core.FACTION_NAMES.index(f) for f in table)
    a = encode(kind, *args)
    text = notation.action_text(a, VB, ids)
    assert notation.parse(text, VB, ids) == a
    assert Game(first=0, factions=table).describe(a, VB)


def test_enlist_is_any_defenders_and_reads_as_the_vagabonds_vp():
    """Rootlog's form for the Arbiter enlisted is his VP (`V++`): the defender's action text."""
    ids = tuple(_core.FACTION_NAMES.index(f) for f in ("marquise", "vagabond", "wyrm"))
    assert notation.action_text(act("enlist"), WYRM, ids) == "V++"
    assert notation.parse("V++", CAT, ids) == act("enlist")


def test_a_character_set_as_a_game_option_is_his_only_choice():
    """Issue 32 item 4 (`--character ronin`): the core's character option leaves setup one
    character to choose; the state dict holds it and refuses a Vagabond playing another."""
    s = _core.State(first=0, factions=tuple(_core.FACTION_NAMES.index(f) for f in ("marquise", "vagabond", "wyrm")),
                    character=CHARS.index("ronin"))
    while s.step != "vagabond_character":
        s.apply(s.chance_outcomes()[0][0] if s.is_chance_node() else s.legal_actions()[0])
    assert list(s.legal_actions()) == [act("character", CHARS.index("ronin"))]
    d = s.to_dict()
    assert d["character_option"] == CHARS.index("ronin") and s.character_option == CHARS.index("ronin")
    s.apply(act("character", CHARS.index("ronin")))
    d = s.to_dict()
    d["vb_char"] = CHARS.index("thief")
    with pytest.raises(_core.WyrmError, match="another character"):
        _core.State.from_dict(d)
    with pytest.raises(_core.ConfigError, match="character"):
        _core.State(character=9)


def _lair(g, treasure=0, **items):
    """A copy of g with the Wyrm's Lair holding treasure and items (from their supplies)."""
    from positions import modify
    t = _core.ITEM_NAMES.index("treasure")

    def fn(d):
        w = d["faction_seat"][_core.FACTION_NAMES.index("wyrm")]
        d["treasure_supply"] -= treasure - d["items"][w][t]
        d["items"][w][t] = treasure
        for name, n in items.items():
            k = _core.ITEM_NAMES.index(name)
            d["items"][w][k] += n
            d["item_supply"][k] -= n
    return modify(g, fn)


def test_instigate_the_lair_item_is_the_wyrms_choice_and_a_treasure_scores_the_vagrant_W_MP_45():
    """W-MP-45: a hit on the defending Wyrm's pawn (no wyrmling left) takes a Lair item of the
    Wyrm's choice, not the Vagrant's; a treasure lost while it defends scores for the Vagrant
    (W-PY-3's VP go to him, not to the attacker)."""
    base = board(vb_started(char="vagrant"), warriors={5: 3}, pawn=5, keep=12)
    g = vb_day(_lair(vb(base, at=5, items={"torch": 1, "boots": 1}), treasure=1, sword=1))
    _instigate_and_roll(g, CAT, WYRM, (1, 0))
    assert g.step == "battle_lair" and g.current_player == WYRM
    g.apply(act("lair", _core.ITEM_NAMES.index("treasure")))
    _hits_taken_first(g)
    d = st(g)
    assert d["score"][VB] == 1 and d["score"][CAT] == 0


def test_one_clearing_at_most_is_scorched():
    """LoR 16.3.6: the Scoundrel places his one torch (no card crafts a torch): a state with two
    scorched clearings is refused."""
    g = _scoundrel(pawn=9)
    g.apply(act("scorch"))
    d = st(g)
    d["scorched"] |= 1 << 4
    with pytest.raises(_core.WyrmError, match="one torch"):
        _core.State.from_dict(d)


SPECIAL = {"vagrant": "instigate", "arbiter": "enlist", "scoundrel": "scorch", "adventurer": "improvise",
           "ronin": "swift_strike", "harrier": "glide"}


@pytest.mark.parametrize("char", sorted(SPECIAL))
def test_a_game_with_each_special_action_round_trips_through_rootlog(char):
    """docs/rootlog.md: a seeded random game whose Vagabond (the character as a game option) used
    his special action writes a Rootlog file that replays to the same record (the torch
    exhausted `%r->e`, the battle `CXO5`, the Arbiter's `V++`, the scorched `%r->5`...)."""
    import numpy as np

    from wyrm_ai.rootlog.reader import read_text
    from wyrm_ai.rootlog.replay import replay
    from wyrm_ai.rootlog.writer import write

    from mixes import players_for
    mix = ("marquise", "eyrie", "vagabond", "wyrm")
    for seed in range(40):
        g = Game(first=seed % 4, factions=mix, character=char)
        rng, players = np.random.default_rng(seed), players_for(mix, seed)
        while not g.is_terminal():
            seat = g.current_player
            g.apply(g.sample_chance(rng) if seat == _core.CHANCE else players[seat].choose(g))
        if any(decode(a).kind == SPECIAL[char] for a in g.record):
            back = replay(read_text(write(g), strict=True), bot=g.bot, growth_caps=g.growth_caps, seats=g.factions)
            assert back.record == g.record and back.scores == g.scores
            return
    pytest.fail(f"no seeded game of 40 saw the {char}'s {SPECIAL[char]}")
