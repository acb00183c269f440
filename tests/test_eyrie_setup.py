"""The Eyrie's setup and Birdsong (root-factions.md §1.3, §2.3; LoR 7.3, 7.4; W-MP-1)."""
from __future__ import annotations

from wyrm_ai import _core
from wyrm_ai.model.game import Game

from eyrie_positions import COLUMNS, STEP, eseat, eyrie_started, put
from positions import modify

from wyrm_ai.model.cards import CARDS as _ALL_CARDS
NCT = len(_ALL_CARDS)   # card types of both decks (the standard deck and E&P)


def _setup_until(g, step):
    while g.step != step:
        g.apply(g.legal_actions()[0])
    return g


def test_lor_7_3_1_corner_opposite_the_keep_with_6_warriors_and_a_roost():
    """LoR 7.3.1-2 / W-MP-1: with the Marquise the Eyrie take the corner opposite her Keep, no
    choice asked; 1 roost and 6 warriors; then the leader (7.3.3), then the Wyrm sets up last."""
    for keep, opposite in ((1, 3), (2, 4), (3, 1), (4, 2)):
        g = _setup_until(Game(first=0, factions=("marquise", "eyrie", "wyrm")), "marquise_keep")
        g.apply(f"t_k->{keep}")
        _setup_until(g, "eyrie_leader")
        d = g.state.to_dict()
        assert d["roosts"][opposite - 1] == 1 and sum(d["roosts"]) == 1
        assert d["birds"][opposite - 1] == 6 and d["bird_supply"] == 14
        assert d["roost_supply"] == 6
        assert sorted(g.legal_texts()) == sorted(f"#{l}->$" for l in _core.LEADER_NAMES)
        g.apply("#despot->$")
        assert g.step == "wyrm_setup"


def test_lor_7_3_1_without_the_marquise_the_eyrie_choose_a_corner():
    """LoR 7.3.1: without the Marquise any corner (no other faction's starting corner exists
    before the Wyrm, who sets up last, W-MP-1)."""
    g = _setup_until(Game(first=0, factions=("eyrie", "wyrm")), "eyrie_setup")
    assert g.current_player == g.seat_of("eyrie")
    assert sorted(g.legal_texts()) == ["b+w->1", "b+w->2", "b+w->3", "b+w->4"]
    g.apply("b+w->2")
    assert g.state.to_dict()["birds"][1] == 6


def _birdsong(g, hand):
    """The Eyrie at their Birdsong's Decree step, nothing added yet, with exactly `hand` in hand."""
    from wyrm_ai.model.cards import card
    me = eseat(g)
    def fn(d):
        for t, n in enumerate(d["hand"][me]):
            d["discard"][t] += n
            d["hand"][me][t] = 0
        for tok in hand:
            t = card(tok).id
            src = "deck" if d["deck"][t] else "discard"
            d[src][t] -= 1
            d["deck_size"] -= src == "deck"
            d["hand"][me][t] += 1
        d["hand_size"][me] = len(hand)
        d["known"] = [[[0] * NCT for _ in d["known"]] for _ in d["known"]]
        d.update(step=STEP["eyrie_decree"], decree_added=0, decree_bird_added=0)
    return modify(g, fn)


def test_lor_7_4_2_one_or_two_cards_at_most_one_bird():
    """LoR 7.4.2: the first card is mandatory (no pass), a second is optional, at most one bird."""
    g = eyrie_started(first="eyrie")
    g = _birdsong(g, ["B#crossbow", "B#woodlandrunners", "F#anvil"])
    texts = g.legal_texts()
    assert "pass" not in texts
    assert set(texts) == {f"{c}->$_{x}" for c in ("B#crossbow", "B#woodlandrunners", "F#anvil") for x in "rmxb"}
    g.apply("B#crossbow->$_x")
    texts = g.legal_texts()
    assert "pass" in texts and not any(t.startswith("B#") for t in texts)
    assert "F#anvil->$_r" in texts
    g.apply("F#anvil->$_r")
    assert g.step != "eyrie_decree"
    d = g.state.to_dict()
    from wyrm_ai.model.cards import card
    assert d["decree"][COLUMNS["battle"]][card("B#crossbow").id] == 1
    assert d["decree"][COLUMNS["recruit"]][card("F#anvil").id] == 1
    assert sum(map(sum, d["decree"])) == 2 and d["hand_size"][eseat(g)] == 1


def test_lor_7_4_2_only_birds_left_after_a_bird_goes_on():
    """LoR 7.4.2: with a bird added and only birds left in hand, no second card can be added. The
    Eyrie is still asked, with only `pass`, since the other seats cannot tell that its hand holds
    only birds (issue 29 item 5: the prompt must not reveal the hand); then Birdsong goes on."""
    g = eyrie_started(first="eyrie")
    g = _birdsong(g, ["B#crossbow", "B#woodlandrunners"])
    g.apply("B#woodlandrunners->$_m")
    assert g.step == "eyrie_decree" and g.legal_texts() == ["pass"]
    g.apply("pass")
    assert g.step != "eyrie_decree"
    assert g.state.to_dict()["hand_size"][eseat(g)] == 1


def test_lor_7_4_1_emergency_orders_draw_one_for_an_empty_hand():
    """LoR 7.4.1: an empty hand at the start of Birdsong draws a card (a chance event), which
    may then go to the Decree."""
    from positions import empty_hand
    g = eyrie_started(first="wyrm", factions=("eyrie", "wyrm"))
    me = eseat(g)
    # play the Wyrm's turn out, with the Eyrie's hand empty when their turn starts
    g = empty_hand(g, me)
    while g.state.turn == g.seat_of("wyrm"):
        texts = g.legal_texts()
        g.apply("pass" if "pass" in texts else g.legal_actions()[0])
    assert g.step == "card_draw" and g.state.to_dict()["to_draw"][me] == 1
    g.apply(g.legal_actions()[0])
    assert g.step == "eyrie_decree" and g.state.to_dict()["hand_size"][me] == 1


def test_lor_7_4_3_a_new_roost_goes_where_fewest_warriors_are():
    """LoR 7.4.3: no roost on the map -> a roost and 3 warriors in a clearing with the fewest
    warriors (every faction's) that has an open slot; tied clearings are the Eyrie's choice."""
    g = eyrie_started(first="eyrie", factions=("eyrie", "wyrm"))
    def fn(d):
        put(d, birds={11: 1, 12: 1}, roosts={}, wyrmlings={c: 1 for c in (1, 2, 3, 4, 6, 7, 8, 10)})
        d["pawn"] = 0
        d["step"] = STEP["eyrie_decree"]
        d["decree_added"] = 2
    g = modify(g, fn)
    # two empty clearings (5 and 9) tie: a choice
    g.apply("pass") if "pass" in g.legal_texts() else None
    assert g.step == "eyrie_new_roost"
    assert sorted(g.legal_texts()) == ["b+w->5", "b+w->9"]
    g.apply("b+w->9")
    d = g.state.to_dict()
    assert d["roosts"][8] == 1 and d["birds"][8] == 3 and d["bird_supply"] == 15


def test_lor_7_4_3_a_new_roost_places_what_the_supply_holds():
    """LoR 7.4.3 with LoR 1.5.4: 2 warriors left in supply -> the roost and those 2."""
    g = eyrie_started(first="eyrie", factions=("eyrie", "wyrm"))
    def fn(d):
        put(d, birds={11: 9, 12: 8, 9: 1}, roosts={}, wyrmlings={c: 1 for c in (1, 2, 3, 4, 6, 7, 8, 10)})
        d["pawn"] = 0
        d["step"] = STEP["eyrie_decree"]
        d["decree_added"] = 2
    g = modify(g, fn)
    g.apply("pass") if "pass" in g.legal_texts() else None
    d = g.state.to_dict()
    assert d["roosts"][4] == 1 and d["birds"][4] == 2 and d["bird_supply"] == 0
