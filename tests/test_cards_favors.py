"""Favor of the Foxes / Rabbits / Mice: all enemy pieces in every clearing of the suit are removed;
buildings and tokens score 1 VP each for the crafter; the Wyrm pawn goes to a forest next to its
clearing (W-FOREST-1) and the Lair is untouched; the Marquise may use Field Hospitals per
clearing."""
import pytest

from card_positions import (MARQUISE, WYRM, act, blank, board, c, cid, daylight, forest,
                                  give, legal, state, total_cards)

# Marquise crafts: workshops of the suit; Wyrm pieces in the suit (pawn where it has a choice of
# forests, and not in the last clearing of the suit so that the Favor goes on after the choice),
# plus Wyrm pieces in a clearing of another suit that must stay.
MARQUISE_FAVORS = {
    "F#favorofthefoxes": dict(workshop={8: 2, 1: 1}, wyrmlings={6: 2, 12: 1}, fear={8: 1, 12: 2},
                              pawn=6, forests={"2_6_10_11_12", "3_6_11"}, flee="3_6_11",
                              other=5),
    "R#favoroftherabbits": dict(workshop={5: 2, 10: 1}, wyrmlings={3: 2, 10: 1}, fear={5: 1, 3: 2},
                                pawn=4, forests={"4_9_12", "4_7_8_12"}, flee="4_7_8_12", other=7),
    "M#favorofthemice": dict(workshop={2: 2, 9: 1}, wyrmlings={7: 2, 11: 1}, fear={2: 1, 7: 2},
                             pawn=9, forests={"1_9_10_12", "4_9_12"}, flee="1_9_10_12", other=8),
}
LAIRS = {"empty": dict(treasure=0), "full": dict(treasure=3, items={"sword": 1, "tea": 1})}


@pytest.mark.parametrize("lair_kind", LAIRS)
@pytest.mark.parametrize("token", MARQUISE_FAVORS)
def test_favor_marquise_against_wyrm(token, lair_kind):
    spec = MARQUISE_FAVORS[token]
    other = spec["other"]
    g = board(blank(), workshop=spec["workshop"], wyrmlings={**spec["wyrmlings"], other: 2},
              fear={**spec["fear"], other: 2}, pawn=spec["pawn"], **LAIRS[lair_kind])
    g = daylight(give(g, MARQUISE, token), MARQUISE)
    before = state(g)
    assert "Z" + token in legal(g)
    act(g, "Z" + token)
    # the pawn must leave its clearing: the Wyrm picks one of the adjacent forests
    assert g.step == "battle_forest" and g.current_player == WYRM
    assert legal(g) == {"p->" + f for f in spec["forests"]}
    act(g, "p->" + spec["flee"])
    d = state(g)
    assert forest(g) == spec["flee"]
    assert g.step == "marquise_daylight"
    for n in list(spec["wyrmlings"]) + list(spec["fear"]):
        assert d["wyrmlings"][c(n)] == 0 and d["fear"][c(n)] == 0
    assert d["wyrmlings"][c(other)] == 2 and d["fear"][c(other)] == 2      # other suit untouched
    assert d["wyrmling_supply"] == before["wyrmling_supply"] + sum(spec["wyrmlings"].values())
    assert d["fear_supply"] == before["fear_supply"] + len(spec["fear"])
    assert g.scores == (2, 0)                     # 2 fear tokens; wyrmlings and pawn score nothing
    assert d["items"][WYRM] == before["items"][WYRM]          # the Lair is untouched
    assert d["treasure_supply"] == before["treasure_supply"]
    assert d["items_lost"] == before["items_lost"]
    assert d["discard"][cid(token)] == 1 and d["hand"][MARQUISE][cid(token)] == 0
    assert total_cards(d) == 50


@pytest.mark.parametrize("lair_kind", LAIRS)
def test_favor_of_the_rabbits_pawn_with_one_forest_flees_without_asking(lair_kind):
    g = board(blank(), workshop={5: 2, 3: 1}, wyrmlings={5: 1, 4: 1}, pawn=5, **LAIRS[lair_kind])
    g = daylight(give(g, MARQUISE, "R#favoroftherabbits"), MARQUISE)
    items = state(g)["items"][WYRM]
    act(g, "ZR#favoroftherabbits")
    d = state(g)
    assert forest(g) == "1_2_5_10"
    assert g.step == "marquise_daylight"
    assert d["wyrmlings"][c(5)] == 0 and d["wyrmlings"][c(4)] == 0
    assert d["items"][WYRM] == items
    assert g.scores == (0, 0)


def test_favor_marquise_pawn_in_a_forest_stays():
    g = board(blank(), workshop={8: 2, 6: 1}, wyrmlings={12: 2}, pawn="F3")
    g = daylight(give(g, MARQUISE, "F#favorofthefoxes"), MARQUISE)
    act(g, "ZF#favorofthefoxes")
    assert forest(g) == "4_9_12" and g.step == "marquise_daylight"
    assert state(g)["wyrmlings"][c(12)] == 0


def test_favor_does_not_remove_the_crafters_own_pieces():
    g = board(blank(), workshop={8: 2, 6: 1}, warriors={8: 2, 12: 1}, wyrmlings={12: 2}, pawn=3)
    g = daylight(give(g, MARQUISE, "F#favorofthefoxes"), MARQUISE)
    act(g, "ZF#favorofthefoxes")
    d = state(g)
    assert d["warriors"][c(8)] == 2 and d["warriors"][c(12)] == 1
    assert d["buildings"][1][c(8)] == 2 and d["buildings"][1][c(6)] == 1
    assert d["keep"] == c(1)


# ---- the Wyrm crafts a Favor against the Marquise --------------------------------------

def test_favor_of_the_foxes_wyrm_scores_buildings_and_tokens_not_warriors():
    # fox clearings 1, 6, 8, 12: the Keep is in 1
    g = board(blank(keep=1), fear={6: 2, 8: 1, 12: 2}, pawn=3,
              warriors={1: 2, 6: 1, 5: 2}, sawmill={8: 1}, workshop={12: 1}, recruiter={5: 1},
              wood={8: 2, 5: 1})
    g = daylight(give(g, WYRM, "F#favorofthefoxes"), WYRM)
    before = state(g)
    act(g, "ZF#favorofthefoxes")
    d = state(g)
    assert g.step == "wyrm_daylight"
    assert g.scores == (0, 5)          # Keep + sawmill + workshop + 2 wood
    assert d["keep"] == -1
    for n in (1, 6, 8, 12):
        assert d["warriors"][c(n)] == 0 and d["wood"][c(n)] == 0
        assert all(d["buildings"][b][c(n)] == 0 for b in range(3))
    assert d["warrior_supply"] == before["warrior_supply"] + 3
    assert d["wood_supply"] == before["wood_supply"] + 2
    assert d["warriors"][c(5)] == 2 and d["buildings"][2][c(5)] == 1 and d["wood"][c(5)] == 1
    assert d["fear"][c(6)] == 2 and d["fear"][c(8)] == 1       # the Wyrm's own pieces stay
    assert d["discard"][cid("F#favorofthefoxes")] == 1


def test_favor_of_the_mice_wyrm_field_hospitals_per_clearing():
    # mouse clearings 2, 7, 9, 11 (resolved in that order); the Keep is in 1 (fox)
    g = board(blank(keep=1), fear={2: 2, 7: 2, 9: 2}, pawn=3,
              warriors={2: 2, 7: 1, 11: 3, 1: 1}, sawmill={7: 1})
    g = give(g, MARQUISE, "M#roottea", "B#ambush", "F#anvil")
    g = daylight(give(g, WYRM, "M#favorofthemice"), WYRM)
    act(g, "ZM#favorofthemice")
    # clearing 2: two warriors removed
    assert g.step == "field_hospitals" and g.current_player == MARQUISE
    assert legal(g) == {"pass", "hospital M#roottea", "hospital B#ambush"}
    act(g, "hospital M#roottea")
    assert state(g)["warriors"][c(1)] == 3
    # clearing 7: one warrior (and the sawmill, 1 VP)
    assert g.step == "field_hospitals"
    assert legal(g) == {"pass", "hospital B#ambush"}
    act(g, "pass")
    # clearing 11: three warriors
    assert g.step == "field_hospitals"
    act(g, "hospital B#ambush")
    d = state(g)
    assert g.step == "wyrm_daylight"
    assert d["warriors"][c(1)] == 6
    assert all(d["warriors"][c(n)] == 0 for n in (2, 7, 9, 11))
    assert d["buildings"][0][c(7)] == 0
    assert g.scores == (0, 1)
    assert d["hand"][MARQUISE][cid("F#anvil")] == 1
    assert d["discard"][cid("M#roottea")] == 1 and d["discard"][cid("B#ambush")] == 1
    assert total_cards(d) == 50


def test_favor_wyrm_no_field_hospitals_after_the_keep_is_removed():
    """Favor of the Foxes removes the Keep in clearing 1 (before the warriors in 6): Field
    Hospitals needs the Keep on the map."""
    g = board(blank(keep=1), fear={6: 2, 8: 1, 12: 2}, pawn=3, warriors={6: 2})
    g = give(g, MARQUISE, "B#ambush", "F#anvil")
    g = daylight(give(g, WYRM, "F#favorofthefoxes"), WYRM)
    act(g, "ZF#favorofthefoxes")
    assert g.step == "wyrm_daylight"
    assert g.scores == (0, 1)


def test_favor_wyrm_no_field_hospitals_when_the_same_favor_removes_the_keep_later():
    """Favor of the Rabbits with the Keep in 4 and warriors in 3: the one Favor removes the Keep
    too, so Field Hospitals (which needs the Keep on the map) cannot save the warriors -- the
    result must not depend on the order the engine walks the clearings in (cf. the test above,
    where the Keep's clearing comes first)."""
    g = board(blank(keep=4), fear={3: 2, 5: 2, 10: 2}, pawn=7, warriors={3: 2})
    g = give(g, MARQUISE, "R#roottea", "B#ambush")
    g = daylight(give(g, WYRM, "R#favoroftherabbits"), WYRM)
    act(g, "ZR#favoroftherabbits")
    assert g.step == "wyrm_daylight"            # no field_hospitals step
    d = state(g)
    assert d["keep"] == -1 and sum(d["warriors"]) == 0
    assert d["hand"][MARQUISE][cid("R#roottea")] == 1 and d["hand"][MARQUISE][cid("B#ambush")] == 1
    assert g.scores == (0, 1)


@pytest.mark.parametrize("token,pieces", [
    ("F#favorofthefoxes", {6: 1, 8: 1, 12: 1}),
    ("R#favoroftherabbits", {3: 1, 5: 1, 10: 1}),
    ("M#favorofthemice", {7: 1, 9: 1, 11: 1}),
])
def test_favor_costs_three_of_its_suit(token, pieces):
    two = dict(list(pieces.items())[:2])
    g = daylight(give(board(blank(), workshop=two), MARQUISE, token), MARQUISE)
    assert "Z" + token not in legal(g)
    g = daylight(board(g, workshop=dict(list(pieces.items())[2:])), MARQUISE)
    assert "Z" + token in legal(g)
    # the Wyrm crafts with one fear token per clearing of the suit
    w = daylight(give(board(blank(), fear={n: 2 for n in two}, pawn=1), WYRM, token), WYRM)
    assert "Z" + token not in legal(w)
    w = daylight(board(w, fear={n: 1 for n in list(pieces)[2:]}), WYRM)
    assert "Z" + token in legal(w)
