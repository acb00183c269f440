"""Revolt (root-factions.md §3.4, LoR 8.4.1; W-MP-5; §7 trap 25)."""
from __future__ import annotations

import pytest


from alliance_positions import FORESTS, alliance_started, board, st, stack, texts, turn_of
from positions import modify

CAT, ALLY, WYRM = 0, 1, 2


def _birdsong(**pieces):
    """The Alliance's turn from its Birdsong (which ends at once with nothing to do)."""
    return turn_of(board(alliance_started(), **pieces), ALLY)


@pytest.mark.parametrize("stack_, offered", [
    (["R#cobbler", "B#ambush"], True),       # birds are wild
    (["R#cobbler", "R#bakesale"], True),
    (["R#cobbler"], False),                  # two needed
    (["R#cobbler", "F#ambush"], False),      # a fox supporter is no rabbit one
])
def test_lor_8_4_1_revolt_needs_two_supporters_of_the_suit_birds_wild(stack_, offered):
    """LoR 8.4.1.II: two supporters of the clearing's suit, birds wild. The Alliance are asked
    in Birdsong whenever the others cannot rule a Revolt or a Spread out (a face-down stack:
    issue 29 item 5); without one, pass is all they may do."""
    g = _birdsong(sympathy=[5], stack=stack_)
    assert ("revolt 5" in texts(g)) == offered
    assert g.step == "alliance_birdsong"
    if not offered:
        assert texts(g) == {"pass"}                       # a lone supporter cannot spread to 2


def test_lor_8_4_1_revolt_needs_sympathy_and_the_base_still_off_the_map():
    """LoR 8.4.1.I: a sympathetic clearing whose suit's base is still on the faction board:
    rabbit 10 without sympathy never; rabbit 5 not once the rabbit base stands in 4; fox 12 yes."""
    g = _birdsong(sympathy=[5, 12], bases=[4], rebels={4: 1},
                  stack=["R#cobbler", "B#ambush", "F#ambush", "B#armorers"])
    offered = {t for t in texts(g) if t.startswith("revolt")}
    assert offered == {"revolt 12"}


def test_lor_8_4_1_revolt_removes_every_enemy_piece_and_scores_buildings_and_tokens():
    """LoR 8.4.1.III, W-MP-5: in rabbit 5 the Marquise's warriors, sawmill and wood and the Wyrm's
    wyrmling and fear token are removed (1 VP each for the sawmill, the wood and the fear token:
    3); the pawn goes to the forest next to 5 and the Lair is untouched. The rabbit base, warriors
    equal to the sympathetic rabbit clearings (3, 4, 5: three) and one officer follow."""
    g = _birdsong(sympathy=[3, 4, 5], stack=["R#cobbler", "B#ambush"], warriors={5: 2},
                  buildings={5: (1, 0, 0)}, wood={5: 1}, wyrmlings={5: 1}, fear={5: 1}, pawn=5,
                  score=[0, 2, 0])
    g = modify(g, lambda d: d["items"][WYRM].__setitem__(0, 1) or d["item_supply"].__setitem__(0, 1))
    g.apply("revolt 5")
    d = st(g)
    assert (d["warriors"][4], d["buildings"][0][4], d["wood"][4], d["wyrmlings"][4], d["fear"][4]) == (0, 0, 0, 0, 0)
    assert (d["warrior_supply"], d["wood_supply"], d["wyrmling_supply"], d["fear_supply"]) == (25, 8, 8, 8)
    assert d["pawn"] == 12 + FORESTS.index("1_2_5_10")
    assert d["items"][WYRM][0] == 1                      # the Lair untouched (W-MP-5)
    assert d["score"] == [0, 5, 0]
    assert d["base_at"][1] == 4 and d["rebels"][4] == 3 and d["officers"] == 1
    assert d["rebel_supply"] == 6 and d["supporters_size"] == 0
    assert d["sympathy"][4] == 1                         # the token stays


def test_w_mp_5_revolt_where_the_pawn_has_a_choice_of_forests():
    """W-MP-5 / W-FOREST-1: the pawn in fox 12 (touching several forests) goes to the forest the
    Wyrm picks; the Revolt then places the base and warriors."""
    g = _birdsong(sympathy=[12], stack=["F#ambush", "B#ambush"], pawn=12)
    g.apply("revolt 12")
    assert g.step == "battle_forest" and g.current_player == WYRM
    g.apply("p->4_9_12")
    d = st(g)
    assert d["pawn"] == 12 + FORESTS.index("4_9_12")
    assert d["base_at"][0] == 11 and d["rebels"][11] == 1 and d["officers"] == 1


def test_lor_8_4_1_field_hospitals_answer_a_revolt():
    """LoR 8.4.1.III (§3.4): Marquise warriors removed by a Revolt may be saved by Field Hospitals
    (a matching card, warriors to the Keep); the Revolt then goes on."""
    g = _birdsong(sympathy=[5], stack=["R#cobbler", "B#ambush"], warriors={5: 2},
                  hands={CAT: ["R#bakesale"]})
    g.apply("revolt 5")
    assert g.step == "field_hospitals" and g.current_player == CAT
    g.apply("hospital R#bakesale")
    d = st(g)
    assert d["warriors"][0] == 2 and d["warriors"][4] == 0
    assert d["base_at"][1] == 4 and d["rebels"][4] == 1


@pytest.mark.parametrize("supply, warriors, officer", [(2, 2, 0), (3, 3, 0), (4, 3, 1)])
def test_lor_1_5_4_revolt_places_as_many_as_the_supply_holds(supply, warriors, officer):
    """LoR 8.4.1.IV with LoR 1.5.4: three sympathetic rabbit clearings call for three warriors
    and then an officer; a short supply places what it can, warriors first."""
    g = _birdsong(sympathy=[3, 4, 5], stack=["R#cobbler", "B#ambush"], rebels={8: 10 - supply})
    g.apply("revolt 5")
    d = st(g)
    assert (d["rebels"][4], d["officers"], d["rebel_supply"]) == (warriors, officer, supply - warriors - officer)


def test_lor_8_4_revolts_come_before_any_spread():
    """LoR 8.4: all Revolts first, then Spread Sympathy -- once a token is spread no Revolt is
    offered in that Birdsong, though the supporters are there; a Revolt first leaves spreading
    open."""
    pieces = dict(sympathy=[5, 3], stack=["R#cobbler", "R#bakesale", "F#ambush"])
    g = _birdsong(**pieces)
    assert {"revolt 5", "revolt 3", "t->6"} <= texts(g)
    g.apply("t->6")
    # which supporter pays is asked while the others cannot tell it is forced (issue 29 item 5)
    assert g.step == "alliance_pay" and texts(g) == {"F#ambush$->"}
    g.apply("F#ambush$->")
    assert not any(t.startswith("revolt") for t in texts(g)) and stack(g) == ["R#bakesale", "R#cobbler"]
    g = _birdsong(**pieces)
    g.apply("revolt 5")
    assert g.step == "alliance_pay"          # asked which two pay (issue 29 item 5)
    while g.step == "alliance_pay":
        g.apply(sorted(texts(g))[0])
    assert g.step == "alliance_birdsong" and "t->6" in texts(g)


def test_trap_25_no_alliance_token_or_base_in_the_keeps_clearing():
    """§7 trap 25 / LoR 6.2.2: sympathy (hence a Revolt) never stands in the Keep's clearing; a
    position putting one there is refused with a clear error."""
    with pytest.raises(Exception, match="Keep's clearing 1"):
        board(alliance_started(), sympathy=[1], keep=1)
