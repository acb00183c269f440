"""The Vagabond's Daylight actions but Move and Battle (LoR 9.5, root-factions.md §4.4, §4.7,
§1.11): Explore, Aid and relationships (LoR 9.2.9.I-II, ruling §10.1, §7 trap 23, W-MP-6), Quests
(LoR 9.5.5, §7 trap 9), Strike (LoR 9.5.6), Repair (LoR 9.5.7), crafting with hammers (LoR 9.2.1,
9.5.8) and the characters' special actions (LoR D.1-D.3)."""
from __future__ import annotations

import pytest

from wyrm_ai import _core
from wyrm_ai.model.cards import card

from vb_positions import (ALLIED, CAT, HOSTILE, INDIFFERENT, ITEM, NV, QUEST, VB, WYRM,
                          act, board, hand_of, item_action, items_of, of_kind, rel_of, st, vb,
                          vb_day, vb_started)

from wyrm_ai.model.cards import CARDS as _ALL_CARDS
NCT = len(_ALL_CARDS)   # card types of both decks (the standard deck and E&P)

FOX = ["F#ambush", "F#anvil", "F#roottea", "F#travelgear", "F#foxfolksteel",
       "F#gentlyusedknapsack", "B#armorers", "B#sappers"]
EIGHT_ITEMS = {"boots": 2, "sword": 2, "bag": 2, "hammer": 1, "crossbow": 1}


def aid(seat: int, tok: str, item: str) -> int:
    return act("aid", (seat * NCT + card(tok).id) * NV + ITEM[item])


def quest(name: str, suit: str, draw: int = 0) -> int:
    return act("quest", QUEST[(name, suit)] * 2 + draw)


def strike(seat: int, piece: str) -> int:
    return act("strike", seat * len(_core.PIECE_NAMES) + _core.PIECE_NAMES.index(piece))


def score(g, seat=VB) -> int:
    return st(g)["score"][seat]


def test_in_a_forest_only_moves_repairs_and_cards_LoR_9_5():
    """§4.4 [I] (LoR 9.5): in a forest there is no clearing: no Aid, Quest, Strike, Battle,
    Explore, Steal or crafting; he may still move out or repair."""
    base = board(vb_started(), warriors={1: 1, 2: 1}, pawn=9, hands={VB: ["F#ambush", "B#armorers"]})
    g = vb_day(vb(base, at="1_2_5_10", items={"boots": 1, "sword": 1, "crossbow": 1, "torch": 1,
                                              "hammer": 1, "tea": (0, 0, 1, 0)},
                  quests_up=[("Errand", "fox"), ("Errand", "rabbit"), ("Escort", "mouse")]))
    kinds = {name for name, start, n in _core.ACTION_KINDS for a in g.legal_actions() if start <= a < start + n}
    assert kinds == {"pass", "vb_move", "repair"}


# ---- Explore (LoR 9.5.3) ------------------------------------------------------------------

def test_explore_exhausts_the_torch_draws_from_the_unexplored_pool_LoR_9_5_3():
    """LoR 9.5.3, §5.1, §7 trap 26: Explore exhausts the torch; the ruin's item is a chance event
    over the items still under unexplored ruins (here two: the boots and the sword were found)."""
    g = vb_day(vb(board(vb_started(), pawn=9), at=6, items={"torch": 1}, explored=[10, 11]))
    pool = st(g)["ruin_items"]
    g.apply(act("explore"))
    assert items_of(g)["torch"] == [0, 1, 0, 0] and g.step == "ruin" and g.is_chance_node()
    outs = dict(g.chance_outcomes())
    assert outs == {act("ruin", k): pytest.approx(0.5) for k in range(NV) if pool[k]}


def test_explore_scores_1_vp_item_face_up_ruin_leaves_and_slot_opens_LoR_9_5_3():
    """LoR 9.5.3: the item goes face up to him, +1 VP, the empty ruin leaves the map: no second
    Explore there, and its building slot opens (clearing 6: 2 slots, 1 under the ruin)."""
    g = vb_day(vb(board(vb_started(), pawn=9), at=6, items={"torch": 1}))
    g.apply(act("explore"))
    g.apply(act("ruin", ITEM["bag"]))
    d = st(g)
    assert items_of(g)["bag"] == [1, 0, 0, 0] and d["score"][VB] == 1
    assert d["explored"] == 1 << 5 and d["ruin_items"][ITEM["bag"]] == 0
    assert act("explore") not in g.legal_actions() and g.step == "vagabond_daylight"
    two = lambda x: board(x, buildings={6: (1, 1, 0)}, pawn=9)     # noqa: E731
    two(g)                                                          # fits now
    with pytest.raises(Exception, match="slot|building"):
        two(vb_started())


# ---- Aid and relationships (LoR 9.5.4, 9.2.9, ruling §10.1) ----------------------------------

def _aid_game(rel=None, hands=FOX, items=EIGHT_ITEMS):
    base = board(vb_started(), warriors={1: 1}, pawn=9, hands={VB: list(hands)})
    return vb_day(vb(base, at=1, items=items, rel=rel or {}))


def test_aid_exhausts_any_item_and_gives_a_matching_card_or_bird_LoR_9_5_4():
    """LoR 9.5.4: Aid exhausts any item and gives a card of his clearing's suit or a bird to a
    player with pieces there (not to the Wyrm, absent from clearing 1); giver and receiver know it."""
    g = _aid_game(hands=["F#ambush", "B#armorers", "R#cobbler"], items={"bag": 1, "tea": 1})
    offered = {a for a in g.legal_actions() if act("aid") <= a < act("take")}
    assert offered == {aid(CAT, t, i) for t in ("F#ambush", "B#armorers") for i in ("bag", "tea")}
    g.apply(aid(CAT, "B#armorers", "tea"))
    d = st(g)
    assert items_of(g)["tea"] == [0, 1, 0, 0] and hand_of(g, CAT) == ["B#armorers"]
    assert d["known"][VB][CAT][card("B#armorers").id] == 1
    assert not any(d["known"][WYRM][CAT])


def test_aid_steps_need_1_2_3_aids_in_a_turn_and_score_1_2_2_then_2_per_aid_ruling_10_1():
    """Ruling §10.1 (LoR 9.2.9.I-II.a): Indifferent -> 1 takes 1 Aid (1 VP), 1 -> 2 two Aids (2 VP),
    2 -> Allied three (2 VP); each further Aid to an Allied faction scores 2 VP."""
    g = _aid_game()
    seen = []
    items = ["boots", "boots", "sword", "sword", "bag", "bag", "hammer"]
    for tok, item in zip(FOX, items):
        g.apply(aid(CAT, tok, item))
        if g.step == "vagabond_take":
            g.apply(0)
        seen.append((rel_of(g, CAT), score(g)))
    assert seen == [(1, 1), (1, 1), (2, 3), (2, 3), (2, 3), (ALLIED, 5), (ALLIED, 7)]


def test_aids_toward_a_step_reset_each_turn_trap_23():
    """§7 trap 23 / ruling §10.1: Aids count toward a step only within one turn: one Aid at level 1
    (of the two needed) is forgotten when his next turn begins."""
    g = _aid_game(rel={CAT: 1})
    g.apply(aid(CAT, "F#ambush", "boots"))
    d = st(g)
    assert rel_of(g, CAT) == 1 and d["vb_aids"][0] == 1
    d["step"] = _core.STEP_NAMES.index("vagabond_daylight")
    s = _core.State.from_dict(d)
    _core.start_turn(s)
    assert s.to_dict()["vb_aids"] == [0] * len(_core.FACTION_NAMES)


def test_aid_to_a_hostile_faction_is_allowed_but_moves_no_marker_LoR_9_2_9_III_c():
    """LoR 9.2.9.III.c: Aid to a Hostile faction is legal (to take items) but its marker never
    moves and it scores nothing."""
    g = _aid_game(rel={CAT: HOSTILE})
    g.apply(aid(CAT, "F#ambush", "boots"))
    assert rel_of(g, CAT) == HOSTILE and score(g) == 0 and st(g)["vb_aids"] == [0] * len(_core.FACTION_NAMES)


def test_aid_then_take_an_item_from_the_crafted_items_box_LoR_9_5_4():
    """LoR 9.5.4: after Aid he may take one item from the receiver's Crafted Items box, face up
    (a tea onto its track)."""
    g = vb(_aid_game(), crafted={CAT: {"tea": 1, "sword": 1}})
    g.apply(aid(CAT, "F#ambush", "boots"))
    assert g.step == "vagabond_take" and set(of_kind(g, "take")) == {ITEM["tea"], ITEM["sword"]}
    assert 0 in g.legal_actions()
    g.apply(act("take", ITEM["tea"]))
    assert items_of(g)["tea"] == [1, 0, 0, 0] and st(g)["items"][CAT][ITEM["tea"]] == 0
    assert g.step == "vagabond_daylight"


def test_aid_to_the_wyrm_takes_from_the_lair_never_a_treasure_W_MP_6():
    """W-MP-6: the Lair is the Wyrm's Crafted Items box for Aid: a crafted item may be taken, a
    treasure never."""
    base = board(vb_started(), pawn=1, hands={VB: ["F#ambush"]})
    g = vb(base, at=1, items={"boots": 1}, lair={WYRM: {"coins": 1}})
    d = g.state.to_dict()
    d["items"][WYRM][7] += 1
    d["treasure_supply"] -= 1
    g.state = _core.State.from_dict(d)
    g = vb_day(g)
    g.apply(aid(WYRM, "F#ambush", "boots"))
    assert g.step == "vagabond_take" and of_kind(g, "take") == [ITEM["coins"]]


# ---- Quests (LoR 9.5.5) ------------------------------------------------------------------

QUEST_ITEMS = {"tea": 1, "coins": 1, "boots": 2, "torch": 1}


def _quest_game(up, done=(), items=QUEST_ITEMS, at=1):
    base = board(vb_started(), pawn=9)
    return vb_day(vb(base, at=at, items=items, quests_up=up, quests_done=done))


def test_quest_suit_must_match_his_clearing_LoR_9_5_5():
    """LoR 9.5.5: only a face-up quest of his clearing's suit (fox 1) is offered: Errand fox, not
    Errand rabbit nor Escort (mouse)."""
    g = _quest_game([("Errand", "fox"), ("Errand", "rabbit"), ("Escort", "mouse")])
    offered = {a for a in g.legal_actions() if act("quest") <= a < act("strike")}
    assert offered == {quest("Errand", "fox", 0), quest("Errand", "fox", 1)}


def test_quest_items_on_the_tracks_count_trap_9():
    """§7 trap 9: Fundraising (tea + coins) is done with the face-up tea and coin on their tracks;
    both are exhausted."""
    g = _quest_game([("Fundraising", "fox"), ("Errand", "rabbit"), ("Escort", "mouse")])
    g.apply(quest("Fundraising", "fox"))
    its = items_of(g)
    assert its["tea"] == [0, 1, 0, 0] and its["coins"] == [0, 1, 0, 0]


def test_quest_scores_completed_quests_of_its_suit_and_a_replacement_is_drawn_LoR_9_5_5():
    """LoR 9.5.5: VP = his completed quests of that suit, this one included (one fox done before:
    2 VP); the quest goes to his completed ones and a new one turns up as a chance event."""
    g = _quest_game([("Fundraising", "fox"), ("Errand", "rabbit"), ("Escort", "mouse")],
                    done=[("Errand", "fox"), ("Expel Bandits", "rabbit")])
    g.apply(quest("Fundraising", "fox"))
    d = st(g)
    assert d["score"][VB] == 2 and d["quest_done"] >> QUEST[("Fundraising", "fox")] & 1
    assert g.step == "quest_draw" and len(g.chance_outcomes()) == 10
    g.apply(g.chance_outcomes()[0][0])
    assert bin(st(g)["quest_up"]).count("1") == 3 and g.step == "vagabond_daylight"


def test_quest_or_draw_two_cards_LoR_9_5_5():
    """LoR 9.5.5: instead of VP he may draw two cards (after the replacement quest)."""
    g = _quest_game([("Fundraising", "fox"), ("Errand", "rabbit"), ("Escort", "mouse")])
    g.apply(quest("Fundraising", "fox", 1))
    g.apply(g.chance_outcomes()[0][0])
    for _ in range(2):
        assert g.step == "card_draw"
        g.apply(g.chance_outcomes()[0][0])
    assert st(g)["hand_size"][VB] == 2 and score(g) == 0 and g.step == "vagabond_daylight"


def test_no_replacement_quest_when_the_deck_is_empty_LoR_9_5_5():
    """§4.4 [I]: with the quest deck empty no replacement is drawn; two stay face up."""
    up = [("Fundraising", "fox"), ("Errand", "rabbit"), ("Escort", "mouse")]
    done = [q for q in QUEST if q not in up]
    g = _quest_game(up, done=done)
    g.apply(quest("Fundraising", "fox"))
    d = st(g)
    assert d["quest_deck"] == 0 and bin(d["quest_up"]).count("1") == 2
    assert g.step == "vagabond_daylight" and d["score"][VB] == 5


# ---- Strike (LoR 9.5.6) ------------------------------------------------------------------

def test_strike_removes_a_warrior_first_and_makes_them_hostile_without_vp_LoR_9_5_6():
    """LoR 9.5.6, 9.2.9.III: Strike exhausts the crossbow and removes a warrior while any is there
    (not the sawmill); that makes the Marquise Hostile, and scores nothing (not a battle: no
    Infamy)."""
    base = board(vb_started(), warriors={5: 2}, buildings={5: (1, 0, 0)}, pawn=9)
    g = vb_day(vb(base, at=5, items={"crossbow": 2}))
    assert of_kind(g, "strike") == [CAT * len(_core.PIECE_NAMES) + 0]
    g.apply(strike(CAT, "warrior"))
    assert st(g)["warriors"][4] == 1 and rel_of(g, CAT) == HOSTILE and score(g) == 0
    assert items_of(g)["crossbow"] == [1, 1, 0, 0]
    g.apply(strike(CAT, "warrior"))              # Hostile now: still no Infamy
    assert st(g)["warriors"][4] == 0 and score(g) == 0


def test_strike_a_building_or_token_when_no_warrior_scores_1_vp_and_no_hostility_LoR_9_5_6():
    """LoR 9.5.6 and FAQ: with no warriors of theirs there, Strike may remove a building or token
    for 1 VP; removing buildings never makes a faction Hostile."""
    base = board(vb_started(), buildings={5: (1, 0, 0)}, wood={5: 1}, pawn=9)
    g = vb_day(vb(base, at=5, items={"crossbow": 1}))
    assert set(of_kind(g, "strike")) == {CAT * len(_core.PIECE_NAMES) + 1, CAT * len(_core.PIECE_NAMES) + 4}
    g.apply(strike(CAT, "sawmill"))
    assert st(g)["buildings"][0][4] == 0 and score(g) == 1 and rel_of(g, CAT) == INDIFFERENT


def test_strike_on_a_marquise_warrior_offers_field_hospitals_LoR_6_2_3():
    """LoR 6.2.3 (§5.2): a Marquise warrior removed by Strike may be saved by Field Hospitals
    (the Keep on the map, a card of the clearing's suit in her hand); then his Daylight goes on."""
    base = board(vb_started(), warriors={5: 1}, pawn=9, hands={CAT: ["R#cobbler"]})
    g = vb_day(vb(base, at=5, items={"crossbow": 1}))
    g.apply(strike(CAT, "warrior"))
    assert g.step == "field_hospitals" and g.current_player == CAT
    g.apply(g.legal_actions()[-1])
    assert g.step == "vagabond_daylight"


def test_strike_never_removes_the_wyrm_pawn_but_a_fear_token_beside_it_LoR_9_5_6():
    """LoR 9.5.6 with W-MP-7: the Wyrm pawn is no warrior and never removed by Strike; with no
    wyrmling there, a fear token beside it may be struck (1 VP)."""
    g = vb_day(vb(board(vb_started(), pawn=5), at=5, items={"crossbow": 1}))
    assert not of_kind(g, "strike")
    g = vb_day(vb(board(vb_started(), pawn=5, fear={5: 1}), at=5, items={"crossbow": 1}))
    assert of_kind(g, "strike") == [WYRM * len(_core.PIECE_NAMES) + _core.PIECE_NAMES.index("fear")]
    g.apply(strike(WYRM, "fear"))
    assert st(g)["fear"][4] == 0 and st(g)["pawn"] == 4 and score(g) == 1


# ---- Repair, crafting with hammers -----------------------------------------------------------

def test_repair_exhausts_a_hammer_and_keeps_the_face_LoR_9_5_7():
    """LoR 9.5.7, 9.2.5: Repair exhausts a hammer and moves a damaged item back keeping its face:
    damaged face-down boots come back exhausted, a damaged face-up tea back on its track."""
    base = board(vb_started(), pawn=9)
    g = vb_day(vb(base, at=1, items={"hammer": 2, "boots": (0, 0, 0, 1), "tea": (0, 0, 1, 0)}))
    assert set(of_kind(g, "repair")) == {NV + ITEM["boots"], ITEM["tea"]}
    g.apply(item_action("repair", "boots", 1))
    g.apply(item_action("repair", "tea"))
    assert items_of(g) == {"hammer": [0, 2, 0, 0], "boots": [0, 1, 0, 0], "tea": [1, 0, 0, 0]}


def test_craft_with_hammers_of_his_clearing_suit_item_face_up_full_vp_LoR_9_2_1():
    """LoR 9.2.1, 9.5.8 (§4.7): each hammer pays one cost of his clearing's suit: in fox 1 two
    hammers craft Foxfolk Steel (2 fox) but not Travel Gear (rabbit) or with one hammer; the sword
    comes to him face up, he scores the card's full 2 VP and the hammers are exhausted."""
    hand = ["F#foxfolksteel", "F#travelgear"]
    base = board(vb_started(), pawn=9, hands={VB: hand})
    g = vb_day(vb(base, at=1, items={"hammer": 1}))
    assert not of_kind(g, "craft")
    g = vb_day(vb(base, at=1, items={"hammer": 2}))
    assert of_kind(g, "craft") == [card("F#foxfolksteel").id]
    supply = st(g)["item_supply"][ITEM["sword"]]
    g.apply(act("craft", card("F#foxfolksteel").id))
    d = st(g)
    assert items_of(g) == {"hammer": [0, 2, 0, 0], "sword": [1, 0, 0, 0]} and d["score"][VB] == 2
    assert d["item_supply"][ITEM["sword"]] == supply - 1 and not any(d["items"][VB])
    g = vb_day(vb(base, at=3, items={"hammer": 1}))
    assert of_kind(g, "craft") == [card("F#travelgear").id]


# ---- the characters' special actions (LoR D.1-D.3) ----------------------------------------------

def test_thief_steals_a_random_card_from_a_player_in_his_clearing_LoR_D_1():
    """LoR D.1: the Thief exhausts his torch to take a random card (a chance event weighted by the
    hand) from a player with pieces in his clearing; only the two of them know which."""
    base = board(vb_started(), warriors={1: 1}, pawn=9,
                 hands={CAT: ["F#anvil", "R#cobbler", "R#cobbler"], WYRM: ["M#sword"]})
    g = vb_day(vb(base, at=1, items={"torch": 1}))
    assert of_kind(g, "steal_from") == [CAT]
    g.apply(act("steal_from", CAT))
    assert g.step == "vagabond_steal" and items_of(g)["torch"] == [0, 1, 0, 0]
    outs = dict(g.chance_outcomes())
    assert outs == {act("steal", card("F#anvil").id): pytest.approx(1 / 3),
                    act("steal", card("R#cobbler").id): pytest.approx(2 / 3)}
    g.apply(act("steal", card("R#cobbler").id))
    d = st(g)
    assert hand_of(g, VB) == ["R#cobbler"] and d["known"][CAT][VB][card("R#cobbler").id] == 1
    assert not any(d["known"][WYRM][VB]) and g.step == "vagabond_daylight"


def test_tinker_day_labor_takes_a_matching_or_bird_card_from_the_discard_LoR_D_2():
    """LoR D.2: the Tinker exhausts his torch to take a card of his clearing's suit or a bird from
    the discard pile (not a rabbit card in fox 1)."""
    base = board(vb_started(char="tinker"), pawn=9, deck_only=["R#cobbler"])
    d = base.state.to_dict()
    g = vb_day(vb(base, at=1, items={"torch": 1}))
    pile = {t for t in range(42) if d["discard"][t]}
    want = {t for t in pile if _core.CARDS[t][1] in (0, 3)}
    assert set(of_kind(g, "day_labor")) == want
    t = card("B#armorers").id
    g.apply(act("day_labor", t))
    e = st(g)
    assert e["hand"][VB][t] == 1 and e["discard"][t] == d["discard"][t] - 1
    assert e["known"][CAT][VB][t] == 1 and e["known"][WYRM][VB][t] == 1     # taken in view of all


def test_ranger_hideout_repairs_three_then_evening_LoR_D_3():
    """LoR D.3: the Ranger's Hideout exhausts his torch, repairs 3 damaged items (his pick of four)
    and ends his Daylight."""
    base = board(vb_started(char="ranger"), pawn=9)
    g = vb_day(vb(base, at=1, items={"torch": 1, "sword": (0, 0, 1, 0), "boots": (0, 0, 0, 1),
                                     "crossbow": (0, 0, 1, 0), "bag": (0, 0, 1, 0)}))
    g.apply(act("hideout"))
    assert g.step == "vagabond_repair"
    for name, down in (("sword", 0), ("boots", 1), ("bag", 0)):
        g.apply(item_action("repair", name, down))
    its = items_of(g)
    assert its["crossbow"] == [0, 0, 1, 0] and its["boots"] == [0, 1, 0, 0] and its["bag"] == [1, 0, 0, 0]
    assert g.step not in ("vagabond_daylight", "vagabond_repair")
