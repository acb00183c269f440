"""The terminal board at any seat table (issue 11 part 6): a clearing line, a legend line, a
table column and a panel per seated faction; the Eyrie's panel shows its leader, the Decree
columns (LoR 7.5.2: Viziers and cards, resolved ones marked), the roost track (LoR 7.6.2: VP and
draws by roosts on the map) and its warriors and roosts on the map (Rootlog letter E).

three_seats() builds a chosen 3-seat observation (a leader deposed, a Decree with a resolved
card) from a two-seat one; a real 3-seat game checks the board against the core's fields."""
from __future__ import annotations

import copy
import re

import numpy as np
import pytest

from wyrm_ai import _core
from wyrm_ai.model.cards import BY_TOKEN
from wyrm_ai.model.game import Game
from wyrm_ai.ai.players import make_player
from wyrm_ai.model.textboard.boardview import render_board
from wyrm_ai.model.textboard.style import visible_len


def played(seed=2, actions=120, factions=("marquise", "wyrm")) -> Game:
    g = Game(factions=factions)
    players = {s: make_player("heuristic", seed + s) for s in range(len(factions))}
    rng = np.random.default_rng(seed)
    for _ in range(actions):
        p = g.current_player
        g.apply(g.sample_chance(rng) if p == _core.CHANCE else players[p].choose(g))
    return g


def three_seats(d: dict) -> dict:
    """d with the Eyrie seated between the Marquise and the Wyrm (seat 1), with 3 warriors and a
    roost in clearing 1, 2 roosts more on the map, Commander leading (Builder deposed) and a
    Decree of fox and bird cards, one recruit card resolved."""
    d = copy.deepcopy(d)
    d["seat_faction"] = [0, 1, 4]
    moved = {1: 2}                                      # the Wyrm's seat 1 becomes seat 2
    d["rulers"] = [moved.get(r, r) for r in d["rulers"]]
    for key in ("turn", "first"):
        d[key] = moved.get(d[key], d[key])
    for key in ("score", "hand_size", "to_draw", "evening_draws"):
        d[key] = [d[key][0], 4 if key == "hand_size" else 5, d[key][1]]
    for key in ("hand", "play_area", "items"):
        d[key] = [d[key][0], None if key == "hand" else [0] * len(d[key][0]), d[key][1]]
    d["known"] = [[row[0], None, row[1]] for row in d["known"]]
    d["known"].insert(1, [None, None, None])
    d["seat"] = 0 if d["seat"] == 0 else 2
    nct = len(d["discard"])
    d.update(birds=[3] + [0] * 11, roosts=[1, 0, 0, 0, 0, 0, 0, 0, 1, 1, 0, 0], bird_supply=17,
             roost_supply=4, leader=2, leaders_down=1, decree=[[0] * nct for _ in range(4)],
             decree_done=[[0] * 4 for _ in range(4)], roost_track={"vp": 2, "draws": 2})
    d["decree"][0][BY_TOKEN["f#anvil"].id] = 1          # recruit: fox
    d["decree"][2][BY_TOKEN["b#sappers"].id] = 1        # battle: bird
    d["decree_done"][0][0] = 1                          # the recruit fox card resolved
    return d


def test_a_two_seat_board_has_no_eyrie_anything():
    text = render_board(played().observation(0), 99)
    assert "EYRIE" not in text and "E Eyrie" not in text and "[E]" not in text


def test_the_eyrie_panel_and_map_at_99_columns():
    """LoR 7.5.2 / 7.6.2 / 7.8: leader, Decree columns with the Commander's Viziers (move and
    battle), roost track scoring for 3 roosts on the map, warriors and roosts in the boxes."""
    d = three_seats(played().observation(0))
    rows = render_board(d, 99).splitlines()
    text = "\n".join(rows)
    hand = rows.index("YOUR HAND (4):")       # (a card's text in the hand may run longer)
    assert max(visible_len(r) for r in rows[:hand]) <= 99
    assert "THE EYRIE (AI)" in text and "THE MARQUISE (you)" in text and "THE WYRM (AI)" in text
    assert "leader: Commander (deposed: Builder)" in text
    at = rows.index("  Decree (V Vizier, * resolved)  |  Recruit: F#anvil*  |  Move: V  |  Battle: V B#sappers")
    assert rows[at + 1] == "  Build: -"                 # the columns wrap at the board's width
    assert "  Roosts [E][E][E][ ][ ][ ][ ] 3/7 on the map -> +2 VP and 2 cards each Evening" in rows
    assert "  supply: 17 warriors, 4 roosts   items: none" in rows
    assert "E Eyrie: w warriors, [E] roost" in text                    # the legend
    clearing1 = [r[:24] for r in rows[:6]]      # the box of clearing 1: top, slots, C, E, W, bottom
    assert clearing1[0].startswith("+- 1 fox") and clearing1[-1].startswith("+- to 5 9 10")
    assert "[E]" in clearing1[1] and "E 3w" in clearing1[3]            # roost slot, Eyrie line
    assert "The Eyrie's hand: 4 cards" in text and "The Wyrm's hand:" in text


def test_the_eyrie_in_the_compact_board():
    d = three_seats(played().observation(0))
    rows = render_board(d, 80).splitlines()
    text = "\n".join(rows)
    assert max(visible_len(r) for r in rows) <= 80
    assert "cl  R bld Marquise Eyrie Wyrm    to" in text
    row1 = next(r for r in rows if r.startswith(" 1F"))
    assert "E" in row1.split()[2] and " 3w " in row1                 # roost slot, 3 warriors
    assert "EYRIE (AI) " in text and "Decree r:F* m:V x:VB b:-" in text
    assert "roosts 3/7 (+2 VP, draw 2)" in text
    assert "Eyrie: 4 cards" in text


def test_leader_to_be_chosen_before_setup():
    d = three_seats(played().observation(0))
    d.update(leader=-1, leaders_down=0)
    text = render_board(d, 99)
    assert "leader: to be chosen" in text and "Recruit: F#anvil*  |  Move: -  |  Battle: B#sappers" in text


def test_a_terminal_too_short_for_three_seats_gets_the_compact_board():
    """The boxed board grows a line per seat in each row of boxes and the seat's panel."""
    from wyrm_ai.model.textboard.board import FULL_HEIGHT, full_height
    d = three_seats(played().observation(0))
    assert full_height(2) == FULL_HEIGHT < full_height(3)
    assert render_board(d, 99, height=full_height(3)).startswith("+- 1 fox")
    assert render_board(d, 99, height=full_height(3) - 1).startswith("Round")       # compact
    two = played().observation(0)
    assert render_board(two, 99, height=FULL_HEIGHT).startswith("+- 1 fox")


def test_a_real_three_seat_board_shows_the_eyrie_pieces_where_the_core_has_them():
    g = played(3, 150, ("marquise", "eyrie", "wyrm"))
    d = g.observation(1)
    rows = render_board(d, 99).splitlines()
    text = "\n".join(rows)
    assert "THE EYRIE (you)" in text and "YOUR HAND" in text
    on_map = sum(d["roosts"])
    fact = d["roost_track"]                      # LoR 7.6.2: the core's VP and draws for the track
    assert f"Roosts {'[E]' * on_map}{'[ ]' * (7 - on_map)} {on_map}/7 on the map -> +{fact['vp']} VP" in text
    boxes = "\n".join(r for r in rows[:rows.index("")])
    assert boxes.count("[E]") == on_map + 1     # a roost in a slot of each of its clearings; the legend
    assert sum(int(w) for w in re.findall(r"\| E (\d+)w", boxes)) == sum(d["birds"])
    leader = _core.LEADER_NAMES[d["leader"]].capitalize() if d["leader"] >= 0 else "to be chosen"
    assert f"leader: {leader}" in text
    compact = render_board(d, 80)
    assert "cl  R bld Marquise Eyrie Wyrm    to" in compact and "EYRIE (you)" in compact


def test_eyrie_actions_in_words_and_groups():
    """LoR 7.3 (setup: a roost and 6 warriors), 7.4.3 (A New Roost: 3), 7.4.2 (a card to the
    Decree), 7.5.2 (the Decree resolved, with the card spent), 7.8 (leaders); rounds of 3 turns."""
    from wyrm_ai.model.actions import encode
    from wyrm_ai.model.textboard.words import explain, group_of, turn_title
    t = (0, 1, 4)
    anvil = BY_TOKEN["f#anvil"].id
    assert explain(encode("roost", 2), 1, "eyrie_setup", t) == "a roost and 6 warriors in clearing 3"
    assert explain(encode("roost", 2), 1, "eyrie_new_roost", t) == "A New Roost: a roost and 3 warriors in clearing 3"
    assert explain(encode("decree", 2, anvil), 1, None, t) == "add Anvil to the Decree's Battle column"
    assert explain(encode("e_battle", 4, 2, 1), 1, None, t) == "battle the Wyrm in clearing 5 (a bird card of the Decree)"
    assert group_of(encode("e_recruit", 0, 0), "eyrie_daylight") == "Decree: Recruit"
    assert group_of(encode("roost", 0), "eyrie_setup") == "Setup"
    assert turn_title(4, 1, t) == "Round 2 - Eyrie"
