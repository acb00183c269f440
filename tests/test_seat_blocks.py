"""Boards by faction, blocks by seat (issue 30 item 1; docs/architecture.md, "The state" and
"Faction boards"): what only one faction has (the Eyrie's Decree and leaders, the Alliance's
Supporters stack and officers, the Vagabond's items and relationships, the Wyrm's Growth and
treasure, the Mechanical Marquise's turn program) lies on a faction board in its seat's block;
the boards share one place (a union), so a seat's block is as large as the largest board however
many factions the engine knows. A game of n seats is the table and n blocks: that is what a copy
copies, what state_bytes() holds, and what a search clones at every simulation.

A faction not at the table reads a new board that nothing writes (_core._nobody_pristine)."""
from __future__ import annotations

import pytest

from wyrm_ai import _core
from wyrm_ai.model.factions import faction_id

from mixes import BOT_MIXES, MIXES, ids_of, mix_id


def test_a_game_holds_the_table_and_its_seats_blocks_alone():
    """A copy of an n-seat game is struct_size(n) bytes, one Seat block more per seat; the whole
    struct is the six-seat game (MAX_SEATS, LoR 1.4 with the Riverfolk expansion's seats)."""
    sizes = [_core.struct_size(n) for n in range(2, 7)]
    assert all(b - a == _core.SEAT_SIZE for a, b in zip(sizes, sizes[1:]))
    assert sizes[0] == _core.SEATS_AT + 2 * _core.SEAT_SIZE
    for mix in (("marquise", "wyrm"), ("marquise", "eyrie", "alliance", "wyrm")):
        s = _core.State(0, factions=tuple(faction_id(f) for f in mix))
        s.random_playout(3, 200)
        c = s.clone()
        assert len(s.state_bytes()) == _core.struct_size(len(mix)) and c == s
        assert c.to_dict() == s.to_dict()


def test_the_boards_share_one_place_in_a_seats_block():
    """Each faction's board begins where every other's does (boards.pxi: a union), so the block
    does not grow with the factions the engine knows; the seat fields and the board do not
    overlap."""
    starts, ends = {}, {}
    for name, (f, off) in _core.BOARD_OFF.items():
        starts[f] = min(starts.get(f, off), off)
        ends[f] = max(ends.get(f, off), off)
    # (the Eyrie's, the Alliance's, the Vagabond's, the Wyrm's, the bot's, the Cult's, the Riverfolk's,
    # the Duchy's, the Corvids', the Hundreds' and the Keepers' boards; the Marquise has none, the
    # second Vagabond's fields are his own)
    assert len(starts) == 11 and max(starts.values()) < min(ends.values())   # every board spans one place
    seat_ends = max(_core.SEAT_OFF.values())
    assert seat_ends < _core.BOARD_IN_SEAT < _core.SEAT_SIZE


@pytest.mark.parametrize("mix", MIXES + BOT_MIXES, ids=mix_id)
def test_a_faction_not_at_the_table_has_a_new_board_nothing_writes(mix):
    """Seeded core playouts and a short search at each table: the boards and pieces an absent
    faction reads stay as a new game has them, and the plain data shows them so."""
    for seed in range(3):
        s = _core.State(seed % len(mix), factions=ids_of(mix))
        s.random_playout(seed, 2000)
        assert _core._nobody_pristine(), (mix, seed)
        d = s.to_dict()
        if "eyrie" not in mix:
            assert d["leader"] == -1 and d["decree"] == [[0] * len(d["deck"])] * 4
        if "vagabond" not in mix:
            assert d["vb_char"] == -1 and d["coalition"] == -1 and not any(d["vb_rel"])
        if "alliance" not in mix:
            assert d["supporters_size"] == 0 and d["revolt_at"] == -1
        if "corvids" not in mix:        # (LoR 13.3: eight plots and 15 warriors in their supply)
            assert not any(d["plots"]) and d["plot_supply"] == 8 and d["corvid_supply"] == 15
            assert d["plots_up"] == 0 and not any(d["plot_types"]) and not any(d["plot_not"])
    s = _core.State(0, factions=ids_of(mix))
    s.random_playout(11, 120)
    if s.current_player >= 0:
        search = _core.Search(s, seed=1)
        search.run(30)
    assert _core._nobody_pristine(), mix


def test_relationships_are_held_by_seat_and_written_by_faction():
    """LoR 9.2.9: the Vagabond's relationship with each faction; the board holds it by seat,
    the plain data by faction id (saves of every version read the same)."""
    mix = ("marquise", "eyrie", "vagabond", "wyrm")
    s = _core.State(0, factions=ids_of(mix))
    d = s.to_dict()
    d2 = dict(d, vb_rel=[0] * len(d["vb_rel"]))
    d2["vb_rel"][faction_id("eyrie")] = 2
    t = _core.State.from_dict(d2)
    assert t.to_dict()["vb_rel"] == d2["vb_rel"]
    assert t != s


def test_the_factions_hostile_to_the_vagabond_are_named_by_faction_whatever_their_seats():
    """LoR 9.2.9.III: the public facts name the factions Hostile to the Vagabond; his board holds
    the relationships by seat, so a table whose seats are not numbered as its factions must name
    the Hostile faction, not the one whose id is its seat."""
    table = (faction_id("vagabond"), faction_id("marquise"), faction_id("wyrm"))
    d = _core.State(0, factions=table).to_dict()
    rel = [0] * len(d["vb_rel"])
    rel[faction_id("wyrm")] = -1            # seat 2 Hostile
    s = _core.State.from_dict(dict(d, vb_rel=rel))
    assert s.to_dict()["vb_rel"] == rel
    assert _core.public_facts(s)["vagabond"]["hostile"] == [faction_id("wyrm")]


# the Corvids' board (boards.pxi CorvidBoard; docs/duchy-corvids.md §6): the plots' types, facing and
# ruled-out types, and their turn's counters, as the state dict names them
CORVID_BOARD = ("plot_types", "plots_up", "plot_not", "plotted", "cv_actions_left", "exerted", "setup_suits",
                "cv_stage", "bomb_at", "extort_left", "expose_at", "expose_resume")


def test_the_corvids_plots_lie_on_their_board_in_their_seats_block():
    """LoR 13.2.2: the plots' types, facing and the types a wrong Exposure ruled out (K-C3) belong
    to the Corvids alone: every such field is on their board (in their seat's block, whatever their
    seat), none on the table or in every seat's fields; the plots themselves are their pieces."""
    corvids = faction_id("corvids")
    assert {name for name, (f, _) in _core.BOARD_OFF.items() if f == corvids} == set(CORVID_BOARD)
    assert not set(CORVID_BOARD) & set(_core.SEAT_OFF)
    fields = {name: off for name, off, *_ in _core.STATE_FIELDS}
    assert all(fields[name] < 0 for name in CORVID_BOARD + ("corvids", "plots", "corvid_supply", "plot_supply"))
    for seat in range(3):        # the same plots whichever seat the Corvids take
        table = [faction_id("marquise"), faction_id("wyrm")]
        table.insert(seat, corvids)
        s = _core.State(0, factions=tuple(table))
        s.random_playout(7, 400)
        d = s.to_dict()
        assert sum(d["plots"]) + d["plot_supply"] == 8 and d["seat_faction"][seat] == corvids
        assert _core.State.from_dict(d) == s
