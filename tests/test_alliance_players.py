"""The players in the Woodland Alliance's seat (issue 12): the planner decides at each Alliance
step of a four-seat table, fairly (a card hidden from the searching seat -- another hand, or the
Supporters stack for a seat other than the Alliance, LoR 8.2.3 -- changes nothing), the
heuristic player plays whole seeded games, and search texts shown to other seats name no card
of the stack."""
from __future__ import annotations

import json

import numpy as np
import pytest

from wyrm_ai import _core
from wyrm_ai.model.actions import KINDS, decode
from wyrm_ai.model.game import Game
from wyrm_ai.ai.planner import Budget, SearchReport, search
from wyrm_ai.ai.players import HeuristicPlayer, MCTSPlayer, play
from wyrm_ai.model.redaction import knowledge_of, report_view

from mixes import players_for
from positions import traded_with_deck
from test_planner_nseat import hidden_changed

MIX = ("marquise", "eyrie", "alliance", "wyrm")
STEPS = ("alliance_birdsong", "alliance_daylight", "alliance_evening")


def decisions(step: str, n: int = 1, seed0: int = 30):
    """Up to n clones of positions at step with the Alliance to decide among 3+ actions, met in
    seeded random four-seat games."""
    found = []
    for seed in range(seed0, seed0 + 20):
        g = Game(first=seed % 4, factions=MIX)
        rng = np.random.default_rng(seed)
        players = players_for(MIX, seed)
        while not g.is_terminal() and len(g.record) < 900:
            seat = g.current_player
            if g.step == step and seat == g.seat_of("alliance") and len(g.legal_actions()) > 2:
                found.append(g.clone())
                if len(found) >= n:
                    return found
                break
            g.apply(g.sample_chance(rng) if seat == _core.CHANCE else players[seat].choose(g))
    return found


@pytest.mark.parametrize("tree_seats", _core.TREE_SEATS)
@pytest.mark.parametrize("step", STEPS)
def test_lor_8_the_planner_decides_for_the_alliance_fairly(step, tree_seats):
    """LoR 8.4-8.6 at a four-seat table: the planner's search for the Alliance returns a legal
    action with its own report, and the same search when a card hidden from the Alliance (another
    hand's) is different."""
    (g,) = decisions(step)
    me = g.seat_of("alliance")
    r = search(g, Budget(sims=200, tree_seats=tree_seats), seed=9)
    assert r.seat == me and r.best in g.legal_actions() and sum(v for _, _, v, _ in r.top) == 200
    h = hidden_changed(g, me)
    r2 = search(h, Budget(sims=200, tree_seats=tree_seats), seed=9)
    assert (r.best, r.top, r.line) == (r2.best, r2.top, r2.line)
    assert MCTSPlayer(seed=1, sims=50).choose(g) in g.legal_actions()


def stack_changed(g: Game, observer: int) -> Game:
    """A twin of g whose Supporters stack holds a different card where observer knows of none."""
    d = g.state.to_dict()
    t = next(t for t, n in enumerate(d["supporters"]) if n > max(row[t] for row in d["known_sup"]))
    u = next(u for u, n in enumerate(d["deck"]) if n > 0 and u != t)
    return traded_with_deck(g, observer, d, d["supporters"], t, u)


@pytest.mark.parametrize("tree_seats", _core.TREE_SEATS)
def test_lor_8_2_3_the_stack_does_not_steer_another_seats_search_or_heuristic(tree_seats):
    """LoR 8.2.3: for a seat other than the Alliance, twins that differ in a card of the stack
    give the same search and the same heuristic choice."""
    checked = 0
    for seed in range(60, 80):
        g = Game(first=seed % 4, factions=MIX)
        rng = np.random.default_rng(seed)
        players = players_for(MIX, seed)
        while not g.is_terminal() and len(g.record) < 600:
            seat = g.current_player
            d = g.state.to_dict()
            if (seat >= 0 and seat != g.seat_of("alliance") and len(g.legal_actions()) > 2
                    and any(n > max(row[t] for row in d["known_sup"]) for t, n in enumerate(d["supporters"]))):
                h = stack_changed(g, seat)
                r1 = search(g, Budget(sims=150, tree_seats=tree_seats), seed=4)
                r2 = search(h, Budget(sims=150, tree_seats=tree_seats), seed=4)
                assert (r1.best, r1.top, r1.line) == (r2.best, r2.top, r2.line)
                assert _core.heuristic_choice(g.state, 3, 0, 4) == _core.heuristic_choice(h.state, 3, 0, 4)
                checked += 1
                break
            g.apply(g.sample_chance(rng) if seat == _core.CHANCE else players[seat].choose(g))
        if checked >= 3:
            break
    assert checked >= 3


@pytest.mark.parametrize("seed", [1, 2])
def test_the_heuristic_plays_whole_seeded_games_in_every_seat(seed):
    """Four heuristic players play a seeded game to its end; the Alliance decide at their own
    steps along the way, and the game replays from its record."""
    g = Game(first=seed % 4, factions=MIX)
    steps = set()
    play(g, {s: HeuristicPlayer(seed * 10 + s) for s in range(4)}, np.random.default_rng(seed),
         max_actions=6000, before=lambda game, a, seat: steps.add(game.step))
    assert g.is_terminal(), g.scores
    assert {"alliance_birdsong", "alliance_daylight"} <= steps
    assert Game.replay(g.first, g.record, g.factions).state == g.state


def test_search_texts_shown_to_another_seat_name_no_stack_card():
    """LoR 8.2.3: the Alliance's search report as another seat sees it masks the supporters it
    could spend (`#?$->`) and the card it could mobilize (`#?->$`); the Alliance see them."""
    (g,) = decisions("alliance_daylight")
    me = g.seat_of("alliance")
    mobilize = [a for a in g.legal_actions() if decode(a).kind == "mobilize"]
    d = g.state.to_dict()
    start = KINDS["supporter"][0]
    spend = start + next(t for t, n in enumerate(d["supporters"]) if n)
    report = SearchReport(me, mobilize[0], [(mobilize[0], "", 5, 0.5), (spend, "", 3, 0.4)],
                          line_actions=[mobilize[0]], line_seats=[me], factions=g.faction_ids)
    other = report_view(report, knowledge_of(g, g.seat_of("wyrm")), played=True)
    assert [text for _, text, _, _ in other.top] == ["#?->$", "#?$->"] and other.line == ["#?->$"]
    assert other.best.args[0] is None
    own = report_view(report, knowledge_of(g, me), played=True)
    assert "#?" not in json.dumps([text for _, text, _, _ in own.top])
