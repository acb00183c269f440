"""A win ends the game at once (LoR 3.1, root-base-rules.md §3 Victory: "first to 30 VP wins
immediately"): whatever scored the 30th VP, no rule walks on after it (no fear token flipped, no
placement left pending, no further hit, Favor clearing, draw or turn), and the final state keeps
every fuzz invariant (tests/test_fuzz.py check_state)."""
import pytest

from card_positions import (MARQUISE, WYRM, act, blank, board, c, cid, daylight, give, legal,
                            modify, put, state)
from test_cards_birdsong import deck_to_wyrm, wyrm_birdsong
from test_fuzz import Tracker, check_state


def with_scores(g, marquise, wyrm):
    return modify(g, lambda d: d.__setitem__("score", [marquise, wyrm]))


def finish_checked(g, *texts):
    """Apply texts; the last one must win. The state before it and the final state pass the fuzz
    invariants, the game is over and the winning action started no new turn."""
    act(g, *texts[:-1])
    before = state(g)
    tr = Tracker(every_action=False)
    check_state(before, tr, "before the win")
    assert not g.is_terminal()
    act(g, texts[-1])
    d = state(g)
    check_state(d, tr, "after the win")
    assert g.is_terminal() and g.step == "terminal" and g.legal_actions() == []
    assert d["turn"] == before["turn"] and d["turn_number"] == before["turn_number"]
    assert d["score"][d["winner"]] == 30                    # not one VP scored after the win
    return before, d


def test_royal_claim_win_leaves_no_intimidate_pending():
    """Royal Claim wins at the first decision of the Wyrm's Birdsong: no wyrmling is placed after
    it and no placement is left pending."""
    g = wyrm_birdsong(wyrm_cards=["B#royalclaim"], wyrmlings={5: 1}, pawn=3,
                      fear={5: 1, 9: 1})
    g = with_scores(g, 0, 28)
    before, d = finish_checked(g, "use B#royalclaim")       # rules 3 and 5
    assert d["winner"] == WYRM and d["score"] == [0, 30]
    assert d["wyrmlings"] == before["wyrmlings"] and d["place_left"] == [0] * 12


def test_royal_claim_win_after_leaving_a_forest_ends_before_evening():
    g = with_scores(wyrm_birdsong(wyrm_cards=["B#royalclaim"], pawn="F0", treasure=2), 0, 29)
    before, d = finish_checked(g, "p->5", "use B#royalclaim")
    assert d["to_draw"] == [0, 0] and d["hand_size"] == before["hand_size"]


def test_stand_and_deliver_win_for_the_victim_stops_the_birdsong():
    """The victim of Stand and Deliver! reaches 30: the Wyrm's Birdsong stops there."""
    g = wyrm_birdsong(wyrm_cards=["F#standanddeliver"], marquise_hand=["M#roottea"], pawn=3,
                      fear={9: 1})
    g = with_scores(g, 29, 0)
    before, d = finish_checked(g, "use F#standanddeliver", "steal M#roottea")
    assert d["winner"] == MARQUISE and d["place_left"] == [0] * 12
    assert d["wyrmlings"] == before["wyrmlings"]


@pytest.mark.parametrize("empty_deck", [False, True])
def test_lair_scoring_win_draws_nothing(empty_deck):
    """W-EVE-1 scores the Lair first; the win stops the Evening before its draws (W-EVE-3) and,
    with no card left to draw, before the next turn."""
    g = board(blank(), pawn=3, treasure=1)
    g = modify(g, lambda d: d["growth"].__setitem__(0, 1))   # one Growth marker on the track
    g = with_scores(daylight(g, WYRM), 0, 29)
    if empty_deck:
        g = modify(g, deck_to_wyrm)
    before, d = finish_checked(g, "pass")
    assert d["winner"] == WYRM and d["to_draw"] == [0, 0]
    assert d["hand_size"] == before["hand_size"]


def test_battle_win_stops_the_hits():
    """The Marquise removes her sawmill for the Wyrm's first hit (LoR 4.3.4): that VP wins, so the
    workshop the next hit would have taken stays."""
    g = board(blank(), pawn=5, sawmill={5: 1}, workshop={5: 1})
    g = with_scores(daylight(g, WYRM), 0, 29)
    act(g, "XC5", "roll 3,0")
    assert g.step == "battle_hits" and g.current_player == MARQUISE
    before, d = finish_checked(g, "b_s5->")
    assert d["buildings"][1][c(5)] == 1 and d["battle"]["alloc_left"] == 0


def test_brutal_tactics_win_for_the_defender_deals_no_hits():
    """Brutal Tactics gives the defender 1 VP; at 30 the battle stops before any hit."""
    g = board(blank(), pawn=5, warriors={5: 2})
    g = with_scores(daylight(put(g, WYRM, "B#brutaltactics"), WYRM), 29, 0)
    act(g, "XC5", "roll 2,1")
    assert "use B#brutaltactics" in legal(g)
    before, d = finish_checked(g, "use B#brutaltactics")
    assert d["winner"] == MARQUISE and d["warriors"] == before["warriors"]
    assert d["wyrmlings"] == before["wyrmlings"] and d["pawn"] == before["pawn"]


def test_favor_win_stops_clearing():
    """Favor of the Foxes clears the Keep's clearing first (1 VP for the Keep); that wins, so the
    sawmill in fox clearing 6 stays."""
    g = board(blank(), pawn=3, fear={6: 2, 8: 2, 12: 2}, sawmill={6: 1}, warriors={6: 1})
    g = with_scores(daylight(give(g, WYRM, "F#favorofthefoxes"), WYRM), 0, 29)
    before, d = finish_checked(g, "ZF#favorofthefoxes")
    assert d["keep"] == -1 and d["buildings"][0][c(6)] == 1 and d["warriors"][c(6)] == 1
    assert d["favor_seat"] == -1 and not any(d["favor_mask"])
    assert d["discard"][cid("F#favorofthefoxes")] == 1
