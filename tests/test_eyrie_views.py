"""What every seat sees of the Eyrie (root-factions.md §5.1: the Decree, the leader and the
face-down leaders are public; the hand is not): observations, the public facts of the Roosts
track (LoR 7.6), the terminal board, and bad positions refused with a named reason."""
from __future__ import annotations

import pytest

from wyrm_ai import _core
from wyrm_ai.model.redaction import observe

from eyrie_positions import STEP, eseat, eyrie_day, eyrie_started
from positions import modify


def _position():
    g = eyrie_started(factions=("marquise", "eyrie", "wyrm"), leader="despot")
    return eyrie_day(g, leader="despot", decree=[("recruit", "R#bakesale"), ("battle", "B#crossbow")],
                     birds={3: 6, 10: 2}, roosts={3: 1, 10: 1})


def test_section_5_1_every_seat_sees_the_decree_and_leaders_but_not_the_hand():
    g = _position()
    me = eseat(g)
    full = g.state.to_dict()
    for viewer in (g.seat_of("marquise"), g.seat_of("wyrm"), "public"):
        obs = observe(g.state, viewer)
        assert obs["decree"] == full["decree"] and obs["leader"] == full["leader"]
        assert obs["leaders_down"] == full["leaders_down"]
        assert obs["hand"][me] != full["hand"][me] or full["hand_size"][me] == 0
        assert obs["roost_track"] == {"vp": 1, "draws": 1}       # 2 roosts (LoR 7.6)


def test_lor_7_6_the_board_shows_roosts_warriors_decree_and_the_roost_track():
    from wyrm_ai.model.textboard.boardview import render_board
    g = _position()
    text = render_board(observe(g.state, "public"))
    assert "[E]" in text and "E 6w" in text and "E 2w" in text
    assert "THE EYRIE" in text and "leader: Despot" in text
    assert "Recruit: R#bakesale" in text and "Battle: B#crossbow" in text and "Move: V" in text
    assert "2/7 on the map -> +1 VP and 1 card each Evening" in text


@pytest.mark.parametrize("edit,reason", [
    (lambda d: d.update(bird_supply=d["bird_supply"] - 1), "Eyrie warriors on the map, in supply and on Coffin Makers"),
    (lambda d: d.update(roost_supply=d["roost_supply"] + 1), "roosts on the map and in supply"),
    (lambda d: d["decree"][0].__setitem__(30, d["decree"][0][30] + 1), "copies of card"),
    (lambda d: d.update(leaders_down=0b1111), "every Eyrie leader is face down"),
    (lambda d: d.update(leaders_down=0b1000), "the current Eyrie leader is face down"),
    (lambda d: d.update(leader=-1), "the Eyrie have no leader only while they choose one"),
    (lambda d: d["decree_done"][0].__setitem__(1, 3), "more recruit cards of a suit resolved"),
])
def test_bad_eyrie_positions_are_refused_naming_the_problem(edit, reason):
    """State.from_dict refuses an impossible Eyrie position with a clear reason (conservation of
    warriors, roosts and cards, LoR 7.3; the leaders, LoR 7.7.3)."""
    g = _position()
    d = g.state.to_dict()
    edit(d)
    with pytest.raises(_core.WyrmError, match=reason):
        _core.State.from_dict(d)
