"""The Eyrie's Decree planner (ext/wyrm_ai/decree_plan.pxi; docs/search.md "The Decree planner"):
whether the Decree can still be carried out this turn (LoR 7.5.2) or every way through it ends
in Turmoil (LoR 7.7), and the search's root guard that keeps the Eyrie from choosing a card, a
clearing or a card to use that dooms it (Search(decree_plan=GUARD_ALWAYS); issue 31 item 3)."""
from __future__ import annotations

import pytest

from wyrm_ai import _core
from wyrm_ai.ai import player_spec
from wyrm_ai.model.errors import ConfigError, IllegalActionError

from eyrie_positions import COLUMNS, STEP, eseat, eyrie_day, eyrie_started, texts
from positions import hand_to_deck, modify, take_card

GUARD_ALWAYS = 99      # decree_plan=R guards through round R

# Autumn, clearings by suit: fox 1 6 8 12, rabbit 3 4 5 10, mouse 2 7 9 11; clearing 1 (a fox
# corner) is next to 5, 9 and 10 only.


def day(decree=(), leader="builder", **pieces):
    """The Eyrie (builder: Viziers in Recruit and Move) at the start of Daylight at a two-seat
    table with the Wyrm: 6 warriors and a roost in clearing 1, the Wyrm in 12."""
    g = eyrie_started(factions=("eyrie", "wyrm"), leader=leader)
    pieces.setdefault("birds", {1: 6})
    pieces.setdefault("roosts", {1: 1})
    pieces.setdefault("wyrmlings", {12: 2})
    pieces.setdefault("pawn", 12)
    return eyrie_day(g, decree=decree, leader=leader, **pieces)


def birdsong(hand, decree=(), leader="builder", **pieces):
    """The Eyrie in Birdsong about to add its first card to the Decree, holding hand (only)."""
    g = day(decree=decree, leader=leader, **pieces)
    seat = eseat(g)

    def fn(d):
        d["step"] = STEP["eyrie_decree"]
        d["crafting_open"] = 0
        d["decree_added"] = 0
        d["decree_bird_added"] = 0
        hand_to_deck(d, seat)
        for tok in hand:
            d["hand"][seat][take_card(d, tok)] += 1
            d["hand_size"][seat] += 1
    return modify(g, fn)


def plan(g, text=None):
    return _core.decree_plan(g.state, None if text is None else g.to_action(text))


def root_texts(g, **options):
    """The root actions a 400-simulation search of g expands."""
    s = _core.Search(g.state, seed=3, **options)
    s.run(400)
    return {g.describe(a) for a, *_ in s.children()}


def test_lor_7_5_2_a_build_card_needs_a_clearing_of_its_suit_the_eyrie_can_rule():
    """LoR 7.5.2: a rabbit Build card can be carried out (the Move Vizier takes warriors into
    rabbit clearing 5 or 10, then the roost goes there); a fox one cannot (the only fox clearing
    within one move is clearing 1, which has a roost)."""
    assert plan(day([("build", "R#bakesale")])) == "yes"
    assert plan(day([("build", "F#anvil")])) == "no"


def test_lor_7_5_2_two_build_cards_need_two_clearings():
    """LoR 7.5.2: each Build card places its own roost; one Move card rules one new clearing,
    so a second rabbit Build card cannot be carried out."""
    assert plan(day([("build", "R#bakesale")])) == "yes"
    assert plan(day([("build", "R#bakesale"), ("build", "R#smugglerstrail")])) == "no"


def test_lor_7_5_2_a_move_away_from_the_build_suit_dooms_the_decree():
    """A move into mouse clearing 9 leaves the rabbit Build card nowhere to go (Turmoil, LoR
    7.7); a move into rabbit clearing 5 or 10 keeps the Decree possible."""
    g = day([("build", "R#bakesale")])
    g.apply("w->1 [B]")
    assert plan(g, "3w1->9 [B]") == "no"
    assert plan(g, "3w1->5 [B]") == "yes"
    assert plan(g, "w1->10 [B]") == "yes"


def test_lor_7_5_2_a_bird_card_spent_where_the_suited_card_fits_dooms_the_other():
    """LoR 7.5.2: a bird card acts anywhere, a suited one in its suit only. With a fox and a bird
    Build card and fox clearing 6 and mouse clearing 2 to build in, the bird card spent in 6 leaves
    the fox card nowhere; the fox card spent there leaves the bird card clearing 2."""
    g = day([("build", "F#anvil"), ("build", "B#royalclaim")], leader="despot",
            birds={1: 2, 6: 2, 2: 2}, roosts={1: 1})
    while plan(g) == "yes" and g.legal_texts() and not any(t.startswith("b->") for t in g.legal_texts()):
        g.apply(next(t for t in g.legal_texts() if t.startswith("w") and "->1 " not in t
                      and plan(g, t) == "yes"))
    assert "b->6 [B]" in texts(g) and "b->6 [F]" in texts(g)
    assert plan(g, "b->6 [B]") == "no"
    assert plan(g, "b->6 [F]") == "yes"
    assert plan(g, "b->2 [B]") == "yes"


def test_lor_7_4_2_adding_a_card_is_judged_with_the_decree_it_makes():
    """LoR 7.4.2 and 7.5.2: in Birdsong, a fox card added to Build cannot be carried out this
    turn (no fox clearing to rule within two moves: the Wyrm holds fox clearing 12 with five
    wyrmlings and the pawn), even with the rabbit card added too; the same card in Recruit can
    (a roost in fox clearing 1); the rabbit card in Build can."""
    g = birdsong(["F#anvil", "R#bakesale"], wyrmlings={12: 5})
    assert g.step == "eyrie_decree"
    assert plan(g) == "yes"                          # the Viziers alone
    assert plan(g, "F#anvil->$_b") == "no"
    assert plan(g, "F#anvil->$_r") == "yes"
    assert plan(g, "R#bakesale->$_b") == "yes"


def test_lor_7_4_2_the_first_card_is_judged_with_the_second_the_hand_could_add():
    """LoR 7.4.2: one or two cards. The fox Build card alone cannot be carried out, but with a
    bird card added to Move as well the Eyrie can take clearing 1's six warriors to 10 and on
    into fox clearing 12, outnumbering the Wyrm there (two wyrmlings and the pawn, three), and
    build; once the fox card is in, the second card is judged as it is."""
    g = birdsong(["F#anvil", "B#armorers"])
    assert plan(g, "F#anvil->$_b") == "yes"
    g.apply("F#anvil->$_b")
    assert plan(g, "B#armorers->$_m") == "yes"
    assert plan(g, "B#armorers->$_r") == "no"
    assert plan(g, "pass") == "no"


def test_lor_7_5_2_ahead_the_same_decree_next_turn_from_the_board_this_turn_leaves():
    """The Decree stays from turn to turn (LoR 7.4, 7.5.2). With one rabbit Build card the
    Eyrie can build this turn in rabbit clearing 5; next turn the card needs another rabbit
    clearing within reach: 10, which the Wyrm holds with eight wyrmlings (no way), or two
    (a way). ahead=True asks for a way through this turn that leaves one next turn."""
    doomed = day([("build", "R#bakesale")], wyrmlings={10: 8})
    assert plan(doomed) == "yes"
    assert _core.decree_plan(doomed.state, ahead=True) == "no"
    open_ = day([("build", "R#bakesale")], wyrmlings={10: 2})
    assert _core.decree_plan(open_.state, ahead=True) == "yes"


def test_lor_4_3_2_robust_a_battle_may_cost_the_warriors_a_later_card_needs():
    """LoR 4.3.2: the defender deals hits too. The Commander's Battle Vizier can fight the
    wyrmling in mouse clearing 9 and the mouse Build card can then go there (the Eyrie rule it);
    but if the wyrmling's hit takes the Eyrie's only warrior there the Eyrie rule nothing to
    build in: a way through, but not whatever the dice (robust=True)."""
    g = day([("build", "M#roottea")], leader="commander", birds={1: 1, 9: 1},
            wyrmlings={9: 1, 12: 1})
    g = modify(g, lambda d: d["decree_done"][COLUMNS["move"]].__setitem__(3, 1))  # the Move Vizier: done
    assert "XW9 [B]" in texts(g)
    assert plan(g) == "yes"
    assert _core.decree_plan(g.state, robust=True) == "no"
    assert _core.decree_plan(g.state, g.to_action("XW9 [B]"), robust=True) == "no"


def test_the_guarded_root_leaves_out_what_dooms_the_decree():
    """Search(decree_plan=GUARD_ALWAYS): where some choices keep the Decree possible, the root never expands
    one that makes it impossible (Turmoil for sure, LoR 7.7); without the option it does."""
    g = birdsong(["F#anvil", "R#bakesale"], wyrmlings={12: 5})
    guarded = root_texts(g, decree_plan=GUARD_ALWAYS)
    plain = root_texts(g)
    assert "F#anvil->$_b" in plain and "R#bakesale->$_x" in plain
    assert "F#anvil->$_b" not in guarded and "R#bakesale->$_x" not in guarded
    assert "F#anvil->$_r" in guarded and "R#bakesale->$_b" in guarded
    g = day([("build", "R#bakesale")])
    g.apply("w->1 [B]")
    guarded = root_texts(g, decree_plan=GUARD_ALWAYS)
    assert guarded and not any("->9 " in t for t in guarded)
    assert any("->9 " in t for t in root_texts(g))


def test_the_guard_stands_down_after_its_round():
    """decree_plan=R guards the root through round R only (round_of: each seat's turn once a
    round); later the root has every legal action again."""
    g = birdsong(["F#anvil", "R#bakesale"], wyrmlings={12: 5})
    rnd = g.round
    assert "F#anvil->$_b" not in root_texts(g, decree_plan=rnd)
    later = modify(g, lambda d: d.__setitem__("turn_number", d["turn_number"] + 2 * g.num_seats))
    assert later.round == rnd + 2
    assert "F#anvil->$_b" in root_texts(later, decree_plan=rnd + 1)
    assert root_texts(later, decree_plan=rnd + 1) == root_texts(later)


def test_the_guard_keeps_everything_where_nothing_saves_the_decree():
    """With the Decree doomed whatever the Eyrie do, the guard leaves every action to the search."""
    g = day([("build", "F#anvil")])
    assert plan(g) == "no"
    assert root_texts(g, decree_plan=GUARD_ALWAYS) == root_texts(g)


def test_a_guarded_search_is_reproducible_and_leaves_the_state_alone():
    g = birdsong(["F#anvil", "R#bakesale"], wyrmlings={12: 5})
    before = g.state.to_dict()
    runs = []
    for _ in range(2):
        s = _core.Search(g.state, seed=11, decree_plan=GUARD_ALWAYS)
        s.run(300)
        runs.append(s.children())
    assert runs[0] == runs[1]
    assert g.state.to_dict() == before


def test_the_planner_answers_only_in_the_eyries_birdsong_and_daylight():
    g = day([("build", "R#bakesale")])
    with pytest.raises(IllegalActionError):
        _core.decree_plan(g.state, 99999)
    g = eyrie_started(factions=("eyrie", "wyrm"))
    if g.step in ("eyrie_decree", "eyrie_daylight"):
        g.apply(g.legal_actions()[0])
    while g.step in ("eyrie_decree", "eyrie_daylight") or g.is_chance_node():
        g.apply(g.legal_actions()[0])
    with pytest.raises(IllegalActionError, match="Birdsong or Daylight"):
        _core.decree_plan(g.state)


def test_decree_plan_is_an_option_of_the_search_and_of_mcts_specs():
    g = day()
    with pytest.raises(ConfigError, match="decree_plan"):
        _core.Search(g.state, decree_plan=-1)
    assert _core.Search(g.state, decree_plan=3).decree_plan == 3
    spec = player_spec.parse("mcts:sims=100,decree_plan=1")
    assert dict(spec.options)["decree_plan"] == 1
