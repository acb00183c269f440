"""Coalitions (LoR 9.2.8, 9.2.9.III.d; root-factions.md §1.8, §7 trap 17; ruling §10.2; W-MP-8)
and the Vagabond never activating dominance to win alone (LoR 9.2.8, 3.3)."""
from __future__ import annotations

import pytest

from wyrm_ai.model.cards import card

from vb_positions import (SEATS, HOSTILE, INDIFFERENT, act, battle, board, day_of, in_play, items_of,
                          of_kind, rel_of, st, vb, vb_day, vb_started)

FOUR = ("marquise", "eyrie", "vagabond", "wyrm")
CAT, EYRIE, VB, WYRM = 0, 1, 2, 3
FOX = 0


def coalition(partner: int, suit: int = FOX) -> int:
    return act("coalition", suit * SEATS + partner)


def _four(score, hand=("F#dominance",), rel=None, **pieces):
    g = board(vb_started(factions=FOUR), pawn=9, **pieces)
    return vb_day(vb(g, at=1, items={"sword": 1, "boots": 1, "torch": 1}, score=score,
                     hands={VB: list(hand)}, rel=rel or {}))


def partners_offered(g) -> set[int]:
    return {x % 4 for x in of_kind(g, "coalition")}


def test_coalition_only_at_four_seats_ruling_10_2():
    """Ruling §10.2 (LoR 9.2.8): with three seats no coalition is offered even at 10 VP with a
    dominance card; with four it is."""
    g3 = vb_day(vb(board(vb_started(), pawn=9), at=1, items={"boots": 1}, score=[3, 10, 5],
                   hands={1: ["F#dominance"]}))
    assert not of_kind(g3, "coalition")
    assert partners_offered(_four([3, 5, 10, 8])) == {CAT}


def test_coalition_needs_ten_vp_in_his_daylight_ruling_10_2():
    """Ruling §10.2: at 9 VP no coalition is offered."""
    assert not of_kind(_four([3, 5, 9, 8]), "coalition")


def test_coalition_partner_has_fewest_vp_ties_his_pick_trap_17():
    """LoR 9.2.8, §7 trap 17: the partner has fewer VP than every other player but him; tied
    lowest players are both offered (his pick); the suit is his dominance card's."""
    assert set(of_kind(_four([3, 3, 12, 8]), "coalition")) == {FOX * 4 + CAT, FOX * 4 + EYRIE}
    assert partners_offered(_four([6, 4, 12, 8])) == {EYRIE}


def test_coalition_never_with_a_player_who_activated_dominance_trap_17():
    """§7 trap 17 (FAQ): a player who activated a dominance card has no score marker and cannot be
    his partner."""
    g = _four([3, 3, 12, 8])
    g = vb_day(in_play(g, CAT, "R#dominance"))
    assert partners_offered(g) == {EYRIE}


def test_coalition_card_to_play_area_and_hostile_partner_back_to_indifferent_LoR_9_2_9_III_d():
    """LoR 9.2.8, 9.2.9.III.d: the dominance card goes from his hand to his play area, the partner
    is recorded and a Hostile partner turns Indifferent."""
    g = _four([3, 5, 12, 8], rel={CAT: HOSTILE})
    g.apply(coalition(CAT))
    d = st(g)
    t = card("F#dominance").id
    assert d["coalition"] == CAT and d["play_area"][VB][t] == 1 and d["hand"][VB][t] == 0
    assert rel_of(g, CAT) == INDIFFERENT


def test_partners_are_not_enemies_no_battle_either_way_LoR_9_2_8():
    """LoR 9.2.8 (glossary, FAQ): coalition partners cannot battle each other: neither his battle
    against the Marquise nor hers against him is offered; the Eyrie still may be fought."""
    g = _four([3, 5, 12, 8], warriors={1: 2}, birds={1: 1})
    g.apply(coalition(CAT))
    assert battle(1, CAT) not in g.legal_actions() and battle(1, EYRIE) in g.legal_actions()
    cat = day_of(g, CAT, "marquise_daylight")
    assert battle(1, VB) not in cat.legal_actions() and battle(1, EYRIE) in cat.legal_actions()


def test_a_partners_favor_spares_him_LoR_9_2_8():
    """§1.8 [I] (LoR 9.2.8): a Favor hits enemy pieces only: the Marquise's Favor of the Foxes in
    his fox clearing damages none of her partner's items."""
    g = _four([3, 5, 12, 8], buildings={1: (0, 1, 0), 6: (0, 1, 0), 8: (0, 1, 0)})
    g.apply(coalition(CAT))
    g = vb(g, hands={CAT: ["F#favorofthefoxes"]})
    g = day_of(g, CAT, "marquise_daylight")
    g.apply(act("craft", card("F#favorofthefoxes").id))
    assert g.step != "vagabond_damage"
    assert all(v[2] == v[3] == 0 for v in items_of(g).values())


def test_he_never_scores_after_forming_a_coalition_LoR_9_2_8():
    """LoR 9.2.8: his score marker leaves the track: an Explore after the coalition scores
    nothing."""
    g = _four([3, 5, 12, 8])
    g = vb_day(vb(g, at=6))
    g.apply(coalition(CAT))
    g.apply(act("explore"))
    g.apply(g.chance_outcomes()[0][0])
    assert st(g)["score"][VB] == 12 and st(g)["explored"] == 1 << 5


@pytest.mark.parametrize("factions", [("marquise", "vagabond", "wyrm"), FOUR])
def test_he_cannot_activate_dominance_to_win_alone_LoR_9_2_8(factions):
    """LoR 9.2.8 (3.3.1's exception): the Vagabond never activates a dominance card to win by it:
    at 12 VP holding the fox dominance card, no activation is offered (3 or 4 seats)."""
    g = board(vb_started(factions=factions), pawn=9)
    v = g.seat_of("vagabond")
    score = [3] * len(factions)
    score[v] = 12
    g = vb_day(vb(g, at=1, items={"boots": 1}, score=score, hands={v: ["F#dominance"]}))
    assert not of_kind(g, "activate")


def coalition_won():
    """A four-seat game the Marquise just won at 30 VP by crafting, the Vagabond her partner."""
    from positions import give, modify
    from vb_positions import day_of
    g = _four([3, 5, 12, 8], buildings={5: (0, 1, 0)}, warriors={5: 1})
    g.apply(coalition(CAT))
    g = day_of(g, CAT, "marquise_daylight")
    g = give(modify(g, lambda d: d["score"].__setitem__(CAT, 29)), CAT, "R#avisittofriends")
    g.apply("ZR#avisittofriends")
    return g


def test_a_coalition_wins_together_on_every_front_end_issue_29_item_3():
    """LoR 9.2.8 (issue 29 item 3): the Vagabond's coalition partner reaches 30 VP: both win, and
    Game.winners, the `win` event (its `with`), the protocol's `game_over` line and state JSON and
    the narration all name both."""
    from wyrm_ai.model.events import fields
    from wyrm_ai.model.narration import sentence
    from wyrm_ai.protocol.views import state_view, status_line
    g = coalition_won()
    assert g.is_terminal() and g.winner == CAT and g.winners == (CAT, VB)
    win = [e for e in g.last_events if e.kind == "win"]
    assert [fields(e) for e in win] == [{"kind": "win", "seat": "marquise", "vp": 30, "with": "vagabond"}]
    assert sentence(win[0]) == ("The Marquise reaches 30 VP and wins, and the Vagabond with it "
                                "(their coalition, LoR 9.2.8)!")
    assert status_line(g).startswith("game_over marquise+vagabond ")
    v = state_view(g, "public")
    assert v["winner"] == "marquise" and v["winners"] == ["marquise", "vagabond"]


@pytest.mark.parametrize("human, you", [(VB, "you win"), (EYRIE, "the AI win")])
def test_the_terminals_end_line_names_the_coalition_issue_29_item_3(human, you):
    """The terminal's end line names both winners and tells the Vagabond's player he won."""
    from wyrm_ai.ai.opponent import Opponent
    from wyrm_ai.terminal.session import Session
    lines = []
    s = Session(coalition_won(), human, Opponent("easy", 1), 1, settings={"seed": 1}, record_path=None,
                out=lines.append, read=lambda prompt: "", columns=80)
    s.finish(save=False)
    assert any(f"The Marquise and the Vagabond win together (their coalition, LoR 9.2.8) ({you}):" in line
               and "Vagabond: in a coalition with the Marquise" in line for line in lines), lines
