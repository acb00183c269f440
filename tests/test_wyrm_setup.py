"""Voracious Wyrm: pieces, supplies and setup (voracious-wyrm.md W-SUP-*, W-SET-*, W-PLACE-1)."""
import pytest

from positions import modify, started
from wyrm_ai.model.game import Game
from wyrm_positions import (COWED, SCARED, WYRM, act, at_wyrm_setup, c, lair, setup_board, state,
                            wyrm_birdsong, wyrm_day)


def test_w_sup_1_w_set_1_supplies_formed():
    """W-SUP-1 / W-SET-1: 1 pawn, 8 wyrmlings, 8 fear tokens, 3 treasure, 6 Growth markers."""
    d = Game(first="marquise").state.to_dict()
    assert d["wyrmling_supply"] == 8
    assert d["fear_supply"] == 8
    assert d["treasure_supply"] == 3
    assert d["pawn"] == -1                       # the one pawn, not yet placed
    assert d["items"][WYRM] == [0] * 8           # the Lair starts empty
    assert sum(d["wyrmlings"]) == 0 and sum(d["fear"]) == 0


def test_w_sup_1_pieces_conserved_after_setup():
    """W-SUP-1: after setup every Wyrm piece is on the map or in supply: 8 wyrmlings, 8 fear
    tokens, 3 treasure, 6 Growth markers (all on the ability tracks)."""
    g = started(first="marquise", sawmill=1, workshop=5, recruiter=9)
    d = state(g)
    assert d["wyrmling_supply"] + sum(d["wyrmlings"]) == 8
    assert d["wyrmling_supply"] == 6
    assert d["fear_supply"] + sum(1 for x in d["fear"] if x) == 8
    assert d["fear_supply"] == 7
    assert d["treasure_supply"] + d["items"][WYRM][7] == 3
    assert sum(d["growth"]) == 6


def test_w_sup_2_tracks_hold_two_markers_each_and_growth_track_the_rest():
    """W-SUP-2: Bite, Height, Might have 2 spaces each; a Growth marker is on exactly one of the
    four tracks. Eating moves one marker from an ability track to the Growth track: the total
    stays 6 (observable as the Evening draw: 1 + markers on the Growth track // 2)."""
    g = wyrm_day(pawn=5, wyrmlings={5: 1}, growth=(2, 1, 2), wyrm_hand=("R#cobbler",))
    assert state(g)["growth"] == [2, 1, 2]
    act(g, "eat R#cobbler might")
    assert state(g)["growth"] == [2, 1, 1]          # 5 on ability tracks, 2 on the Growth track
    act(g, "pass")
    assert g.step == "evening_draw"
    assert state(g)["to_draw"][WYRM] == 2              # 1 + 2 // 2


def test_w_sup_2_return_only_to_tracks_with_an_empty_space():
    """W-SUP-2 / W-BIRD-2: a track holds at most 2 markers, so a Growth marker can only return to
    a track with an empty space."""
    g = wyrm_birdsong(pawn="3_6_11", growth=(2, 1, 2))
    assert g.step == "wyrm_return_growth"
    assert g.legal_texts() == ["return height"]
    g = wyrm_birdsong(pawn="3_6_11", growth=(0, 2, 1))
    assert g.legal_texts() == ["return bite", "return might"]


@pytest.mark.parametrize("bite,battles", [(2, 1), (1, 2), (0, 3)])
def test_w_sup_3_removed_counts_empty_spaces(bite, battles):
    """W-SUP-3: "removed from Bite" = empty spaces on Bite (0, 1 or 2); W-BITE-1 then allows
    1 + removed battles: {bite} markers left -> {battles} battles."""
    g = wyrm_day(pawn=5, wyrmlings={5: 2}, warriors={5: 20}, growth=(bite, 2, 2))
    n = 0
    while "XC5" in g.legal_texts():
        act(g, "XC5", "roll 0,0")
        assert g.step == "wyrm_daylight"
        n += 1
        assert n <= 5
    assert n == battles


def test_w_sup_4_lair_holds_treasure_and_crafted_items():
    """W-SUP-4: the Lair holds treasure (Hoard) and items the Wyrm crafts (W-CRAFT-2)."""
    g = wyrm_day(pawn=5, wyrmlings={5: 2}, fear={5: COWED, 6: SCARED},
                 wyrm_hand=("F#anvil", "R#cobbler"))
    act(g, "ZF#anvil", "hoard 5 R#cobbler")
    items = lair(g)
    assert items[3] == 1          # hammer
    assert items[7] == 1          # treasure
    assert sum(items) == 2
    assert state(g)["items"][0] == [0] * 8


def test_w_set_2_wyrm_sets_up_after_the_marquise():
    """W-SET (after every other faction has set up): the Wyrm's setup decision comes after the
    Keep and the three Marquise buildings, and it is the Wyrm's decision."""
    g = at_wyrm_setup()
    assert g.current_player == WYRM
    d = state(g)
    assert d["keep"] == c(1)
    assert sum(sum(b) for b in d["buildings"]) == 3


def test_w_set_2_fewest_opponent_pieces():
    """W-SET-2: the Wyrm starts in the clearing with the fewest Marquise pieces. Keep in 1: every
    clearing but 3 has a warrior, so 3 (zero pieces) is the only choice; pawn and 2 wyrmlings go
    there."""
    g = at_wyrm_setup(keep=1)
    assert g.legal_texts() == ["p->3"]
    act(g, "p->3")
    d = state(g)
    assert d["pawn"] == c(3)
    assert d["wyrmlings"] == [0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0]
    assert d["wyrmling_supply"] == 6


def test_w_set_2_fewest_counts_every_piece_kind():
    """W-SET-2: "pieces" counts warriors, buildings and wood alike. With the Keep in 2 the empty
    corner is 4; give it wood and 5 warriors elsewhere are removed so that 12 (1 warrior) and
    8 (1 warrior) tie with 4's one wood: all three are offered."""
    g = at_wyrm_setup(keep=2, sawmill=2, workshop=6, recruiter=10)
    assert g.legal_texts() == ["p->4"]

    def fn(d):
        d["wood"][c(4)] = 1
        d["wood_supply"] -= 1
        for n in (1, 3, 5, 7, 9, 11):
            d["warriors"][c(n)] += 1
            d["warrior_supply"] -= 1
    g = modify(g, fn)
    assert g.legal_texts() == ["p->4", "p->8", "p->12"]


def test_w_set_2_tie_wyrm_chooses():
    """W-SET-2: on a tie the Wyrm chooses among the tied clearings (and only those)."""
    g = at_wyrm_setup(keep=1)

    def fn(d):                                     # take the warriors out of 8 and 11
        for n in (8, 11):
            d["warriors"][c(n)] = 0
            d["warrior_supply"] += 1
    g = modify(g, fn)
    assert g.legal_texts() == ["p->3", "p->8", "p->11"]
    act(g, "p->11")
    d = state(g)
    assert d["pawn"] == c(11) and d["wyrmlings"][c(11)] == 2 and d["fear"][c(11)] == SCARED
    assert d["wyrmlings"][c(3)] == 0 and d["fear"][c(3)] == 0


def test_w_set_2_w_place_1_never_the_keep_clearing():
    """W-SET-2 with W-PLACE-1: the Keep's clearing is never a starting clearing, even when it
    holds the fewest Marquise pieces (here the Keep alone vs 2 warriors everywhere else)."""
    g = at_wyrm_setup(keep=1)

    def fn(d):
        d["buildings"] = [[0] * 12 for _ in range(3)]
        d["warriors"] = [0] + [2] * 11
        d["warrior_supply"] = 25 - 22
    g = modify(g, fn)
    assert g.legal_texts() == [f"p->{n}" for n in range(2, 13)]


def test_w_set_3_growth_on_ability_tracks_track_empty():
    """W-SET-3: 2 Growth markers each on Bite, Height, Might; the Growth track starts empty, so
    the first Evening scores no Lair and draws 1 card."""
    g = started(first="wyrm", sawmill=1, workshop=5, recruiter=9)
    assert state(g)["growth"] == [2, 2, 2]
    g = setup_board(g, lair={"treasure": 2})
    act(g, "0w->3", "pass")                        # Daylight does nothing; Evening
    assert g.scores == (0, 0)                      # no Growth on the track: the Lair scores 0
    assert g.step == "evening_draw" and state(g)["to_draw"][WYRM] == 1


def test_w_set_4_one_scared_fear_token_in_start():
    """W-SET-4: one fear token, scared side up, in the starting clearing, and nowhere else."""
    g = at_wyrm_setup(keep=1)
    act(g, "p->3")
    d = state(g)
    assert d["fear"][c(3)] == SCARED
    assert sum(1 for x in d["fear"] if x) == 1
    assert d["fear_supply"] == 7


def test_w_place_1_no_fear_in_keep_clearing_but_may_move_there():
    """W-PLACE-1: the pawn may move into the Keep's clearing, but Fear cannot place a token
    there (elsewhere it can)."""
    g = wyrm_day(pawn=5, wyrmlings={5: 2})
    assert "t->5" in g.legal_texts()
    assert "(p+2w)5->1" in g.legal_texts()          # moving into the Keep's clearing is allowed
    act(g, "(p+2w)5->1")
    assert state(g)["pawn"] == c(1)
    assert not [t for t in g.legal_texts() if t.startswith("t->")]


def test_w_place_1_no_wyrmlings_intimidated_in_keep_clearing():
    """W-PLACE-1 / W-MIGHT-1: a scared fear token in the Keep's clearing (edited in) is flipped
    but no wyrmling may be placed there; the other scared token still gets its wyrmlings."""
    g = wyrm_birdsong(fear={1: SCARED, 5: SCARED}, pawn=5, wyrmlings={5: 1}, keep=1)
    assert g.step == "wyrm_intimidate"
    assert g.legal_texts() == ["0w->5", "1w->5"]
    act(g, "1w->5")
    d = state(g)
    assert g.step == "wyrm_daylight"
    assert d["fear"][c(1)] == COWED and d["wyrmlings"][c(1)] == 0
    assert d["wyrmlings"][c(5)] == 2
