"""The Eyrie's Daylight: crafting, then the Decree column by column, and Turmoil
(root-factions.md §2.4, §2.6, §2.7; LoR 7.5, 7.7, 7.8; §7 traps 20, 21; ruling §10.3)."""
from __future__ import annotations

import pytest

from wyrm_ai import _core
from wyrm_ai.model.cards import card

from eyrie_positions import COLUMNS, eseat, eyrie_day, eyrie_started
from positions import modify

# clearings by suit: fox 1 6 8 12, rabbit 3 4 5 10, mouse 2 7 9 11


def day(leader="commander", decree=(), score=5, **pieces):
    g = eyrie_started(factions=("eyrie", "wyrm"), leader=leader)
    pieces.setdefault("birds", {1: 6})
    pieces.setdefault("roosts", {1: 1})
    pieces.setdefault("wyrmlings", {12: 2})
    pieces.setdefault("pawn", 12)
    g = eyrie_day(g, decree=decree, leader=leader, **pieces)
    return modify(g, lambda d: d["score"].__setitem__(g.seat_of("eyrie"), score))


def decree_texts(g):
    return {t for t in g.legal_texts() if t.endswith("]")}


def st(g):
    return g.state.to_dict()


@pytest.mark.parametrize("leader,columns", [("builder", "recruit"), ("charismatic", "recruit"),
                                            ("commander", "move"), ("despot", "move")])
def test_lor_7_3_3_the_viziers_are_birds_in_the_leaders_columns(leader, columns):
    """LoR 7.3.3 / §2.7: with an empty Decree the first column holding a card is the first of the
    leader's Vizier columns, and a Vizier is a bird: it acts in any clearing ([B])."""
    g = day(leader=leader, birds={1: 6, 5: 1}, roosts={1: 1, 5: 1})
    texts = decree_texts(g)
    assert texts and all(t.endswith("[B]") for t in texts)
    if columns == "recruit":
        assert texts == {"w->1 [B]", "w->5 [B]"}
    else:
        assert "w1->5 [B]" in texts and "w5->1 [B]" in texts


def test_lor_7_5_2_columns_resolve_left_to_right():
    """LoR 7.5.2: every Recruit card before any Move card, and so on."""
    g = day(decree=[("recruit", "F#anvil")])
    assert decree_texts(g) == {"w->1 [F]"}
    g.apply("w->1 [F]")
    assert st(g)["birds"][0] == 7
    assert decree_texts(g) and all(t.startswith(("w1->", "2w1->", "3w1->", "4w1->", "5w1->", "6w1->", "7w1->"))
                                   and t.endswith("[B]") for t in decree_texts(g))


def test_lor_7_5_2_a_suited_card_acts_only_in_its_suit_a_bird_anywhere():
    """LoR 7.5.2: a fox Move card moves out of a fox clearing; a bird (here a Vizier) from any."""
    g = day(leader="despot", decree=[("move", "F#anvil")], birds={1: 2, 5: 1}, roosts={1: 1})
    texts = decree_texts(g)
    assert "w1->5 [F]" in texts and "w1->5 [B]" in texts
    assert "w5->1 [B]" in texts and "w5->1 [R]" not in texts and not any(t.endswith("[R]") for t in texts)


def test_lor_7_5_2_cards_in_a_column_in_any_order_then_the_next_column():
    """LoR 7.5.2: within a column the Eyrie pick the order; the column ends when all its cards
    (Viziers included) are done."""
    g = day(leader="builder", decree=[("recruit", "R#bakesale")], birds={1: 1, 5: 1}, roosts={1: 1, 5: 1})
    texts = decree_texts(g)
    assert {"w->5 [R]", "w->1 [B]", "w->5 [B]"} <= texts
    g.apply("w->1 [B]")
    assert decree_texts(g) == {"w->5 [R]"}
    g.apply("w->5 [R]")
    assert all("->" in t and t.startswith(("w", "2w")) and not t.startswith("w->") for t in decree_texts(g))


def test_lor_7_5_2_recruit_places_a_warrior_at_a_roost():
    g = day(leader="builder", decree=[("recruit", "F#anvil")])
    g.apply("w->1 [F]")
    d = st(g)
    assert d["birds"][0] == 7 and d["bird_supply"] == 13


def test_lor_7_8_2_charismatic_recruits_two():
    """LoR 7.8.2: each Recruit places 2 warriors."""
    g = day(leader="charismatic")
    g.apply("w->1 [B]")
    assert st(g)["birds"][0] == 8 and st(g)["bird_supply"] == 12


def test_lor_7_8_2_charismatic_with_one_warrior_left_places_it_then_turmoil():
    """FAQ (§2.4): the Charismatic with 1 warrior in supply places it, then falls into Turmoil."""
    g = day(leader="charismatic", birds={1: 19}, score=5)
    g.apply("w->1 [B]")
    d = st(g)
    assert d["birds"][0] == 20 and d["bird_supply"] == 0
    assert g.step == "eyrie_leader" and d["score"][eseat(g)] == 3


def test_lor_7_5_2_move_obeys_rule():
    """LoR 7.5.2 / 4.2: a Decree move needs rule of the origin or the destination."""
    g = day(leader="despot", birds={1: 6, 12: 1}, roosts={1: 1}, wyrmlings={12: 2}, pawn=12)
    texts = decree_texts(g)
    assert "w12->9 [B]" not in texts        # the Wyrm rules 12, nobody rules 9
    assert "w1->9 [B]" in texts


def test_lor_7_5_2_battle_needs_warriors_and_an_enemy_piece():
    g = day(leader="commander", decree=[], birds={12: 2}, roosts={1: 1}, wyrmlings={12: 1}, pawn=5)
    g.apply("w12->9 [B]") if "w12->9 [B]" in decree_texts(g) else g.apply(sorted(decree_texts(g))[0])
    texts = decree_texts(g)
    assert texts <= {"XW12 [B]", "XW5 [B]"} and texts


def test_lor_7_5_2_build_needs_rule_no_roost_an_open_slot_and_a_roost_in_supply():
    g = day(leader="despot", decree=[], birds={1: 3, 5: 2, 10: 1}, roosts={1: 1},
            wyrmlings={10: 1}, pawn=12)
    # resolve the Move Vizier first: birds 5 -> 2
    g.apply("w5->2 [B]")
    texts = decree_texts(g)
    assert "b->5 [B]" in texts and "b->2 [B]" in texts
    assert "b->1 [B]" not in texts         # a roost is there already
    assert "b->10 [B]" in texts            # tied with the wyrmling: the Eyrie rule (LoR 7.2.2)
    assert "b->12 [B]" not in texts        # the Wyrm rules 12


def test_lor_7_2_2_lords_of_the_forest_rule_lets_the_eyrie_build_in_a_tie():
    """LoR 7.2.2 + 7.5.2: in a tie for most the Eyrie rule, so the Build card can target it."""
    g = day(leader="despot", decree=[], birds={1: 3, 5: 2, 9: 1}, roosts={1: 1},
            wyrmlings={9: 1}, pawn=12)
    g.apply("w5->2 [B]")
    assert _core.ruler_of(g.state, 8) == eseat(g)
    assert "b->9 [B]" in decree_texts(g)


def test_lor_7_5_2_no_voluntary_turmoil_trap_20():
    """LoR 7.5.2 / §7 trap 20: while a card of the column can be done, there is no pass."""
    g = day(leader="builder")
    assert "pass" not in g.legal_texts()


def test_lor_7_7_turmoil_when_a_card_cannot_be_done():
    """LoR 7.5.2 / 7.7: a Recruit card of a suit with no roost cannot be done: taking it up is
    Turmoil (pass). The Eyrie order a column's cards (ruling §10.10, issue 29 item 1), so they may
    take it up before the card that can be done, or after it."""
    g = day(leader="despot", decree=[("recruit", "R#bakesale"), ("recruit", "F#anvil")])
    assert decree_texts(g) == {"w->1 [F]"} and "pass" in g.legal_texts()
    g.apply("w->1 [F]")
    assert decree_texts(g) == set() and "pass" in g.legal_texts()


def test_ruling_10_10_an_undoable_card_beside_the_viziers_battle_may_be_taken_up_first():
    """Ruling §10.10 (LoR 7.5.2 "all of its cards, but in any order"; issue 29 item 2): the
    Charismatic's Vizier in Battle can battle, a fox Battle card cannot (no fox clearing to battle
    in): the Eyrie may take up the fox card first, and that is Turmoil at once."""
    g = day(leader="charismatic", decree=[("battle", "F#anvil")], birds={5: 3}, roosts={5: 1},
            wyrmlings={5: 1, 12: 2}, pawn=12)
    g.apply("w->5 [B]")                    # the Recruit Vizier; the Battle column is next
    assert {t for t in decree_texts(g)} and all(t.endswith("[B]") for t in decree_texts(g))
    assert "pass" in g.legal_texts()
    before = st(g)["leaders_down"]
    g.apply("pass")
    assert st(g)["leaders_down"] != before          # Turmoil: the Charismatic deposed


def test_ruling_10_10_no_turmoil_while_every_card_left_can_be_done():
    """Ruling §10.10: they may not fall into Turmoil on a card they can still carry out."""
    g = day(leader="despot", decree=[("recruit", "F#anvil"), ("recruit", "B#crossbow")])
    assert decree_texts(g) == {"w->1 [F]", "w->1 [B]"} and "pass" not in g.legal_texts()


def test_lor_7_7_1_humiliate_counts_the_viziers_trap_21_then_purge_and_depose():
    """LoR 7.7.1-3: -1 VP per bird in the Decree, the two Viziers included (trap 21); every
    Decree card to the discard pile; the leader face down; a new one from the face-up ones."""
    g = day(leader="despot", score=9,
            decree=[("recruit", "R#bakesale"), ("move", "B#crossbow"), ("build", "B#woodlandrunners")])
    discard = st(g)["discard"][:]
    g.apply("pass")
    d = st(g)
    me = eseat(g)
    assert d["score"][me] == 9 - 4
    assert sum(map(sum, d["decree"])) == 0
    for tok in ("R#bakesale", "B#crossbow", "B#woodlandrunners"):
        assert d["discard"][card(tok).id] == discard[card(tok).id] + 1
    assert d["leader"] == -1 and d["leaders_down"] == 1 << _core.LEADER_NAMES.index("despot")
    assert g.step == "eyrie_leader" and g.current_player == me
    assert sorted(g.legal_texts()) == ["#builder->$", "#charismatic->$", "#commander->$"]
    g.apply("#builder->$")
    assert g.step != "eyrie_leader" and st(g)["leader"] == 0     # Evening runs on


def test_ruling_10_3_humiliation_stops_at_zero():
    """Ruling §10.3 (§2.6): a score never goes below 0."""
    g = day(leader="despot", score=1, decree=[("recruit", "R#bakesale")])
    g.apply("pass")
    assert st(g)["score"][eseat(g)] == 0


def test_lor_7_7_3_a_new_clutch_turns_all_four_face_up_only_when_none_is():
    """LoR 7.7.3 / §7 trap 20: with one leader face up it is the only choice; when the last is
    deposed, all four turn face up (the one just deposed too)."""
    g = day(leader="despot", decree=[("recruit", "R#bakesale")])
    g = modify(g, lambda d: d.update(leaders_down=0b0011))       # builder, charismatic down
    g.apply("pass")
    assert g.legal_texts() == ["#commander->$"]
    g = day(leader="despot", decree=[("recruit", "R#bakesale")])
    g = modify(g, lambda d: d.update(leaders_down=0b0111))
    g.apply("pass")
    assert st(g)["leaders_down"] == 0
    assert sorted(g.legal_texts()) == sorted(f"#{l}->$" for l in _core.LEADER_NAMES)


def test_lor_7_5_1_crafting_comes_before_the_decree():
    """LoR 7.5.1: crafting with roosts is open until the first Decree card resolves."""
    g = day(leader="builder")
    me = eseat(g)
    from positions import give
    g = give(g, me, "F#anvil")
    assert "ZF#anvil" in g.legal_texts()
    g.apply("w->1 [B]")
    assert "ZF#anvil" not in g.legal_texts()


def test_lor_7_7_turmoil_and_the_new_leader_are_told():
    """LoR 7.7: the events of Turmoil (humiliation VP, the deposed leader, the purge) and of the
    leader choice reach narration (wyrm_ai/model/narration.py)."""
    from wyrm_ai.model.events import fields
    from wyrm_ai.model.narration import narrate
    g = day(leader="despot", score=9, decree=[("recruit", "R#bakesale")])
    g.apply("pass")
    words = narrate(g.last_events)
    assert "Eyrie -2 VP: humiliated in Turmoil (2 birds in the Decree)." in words
    assert "Turmoil! The Eyrie depose the Despot and purge 1 card from the Decree." in words
    assert {"kind": "turmoil", "seat": "eyrie", "deposed": "despot", "purged": 1} in [fields(e) for e in g.last_events]
    g.apply("#commander->$")
    assert "The Eyrie choose the Commander to lead." in narrate(g.last_events)
