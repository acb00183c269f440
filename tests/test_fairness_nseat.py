"""Fairness at every seat of every seat table (issue 11): two states that differ only in cards
hidden from seat v (another hand's unknown cards, the deck) give seat v the same observation and
views, the same determinizations, the same heuristic choices and the same searches.

Hidden information (LoR 1.2, "hands are hidden"; the deck's order is unknown): a seat sees its own
hand, the discard pile, the play areas and the board, and of every other hand only its size and
what it was shown (known[v][h]: Codebreakers, a stolen card). The twins here trade a copy of a
card nobody but its holder knows either with a deck card of another type, or (three seats and
more, and for PUBLIC) with another such card of a second hidden hand; with the Woodland Alliance,
for every seat but theirs, a supporter nobody else knows of (the stack is face down, LoR 8.2.3)
is traded with a deck card or a hidden hand's card. tests/test_redaction.py and
tests/test_planner.py hold the two-seat versions with every view of `wyrm play` and the engine.
"""
from __future__ import annotations

import json

import numpy as np
import pytest

from wyrm_ai import _core
from wyrm_ai.cards import CARDS
from wyrm_ai.factions import faction_id
from wyrm_ai.game import Game
from wyrm_ai.planner import Budget, search
from wyrm_ai.protocol.views import state_view
from wyrm_ai.redaction import PUBLIC, observe
from wyrm_ai.terminal.boardview import board_text

from mixes import PLAYABLE_MIXES, mix_id, random_positions

NCT = len(CARDS)
ALLIANCE_F = faction_id("alliance")


def secret(d: dict, h: int) -> list[int]:
    """Card types with a copy in hand h that no other seat knows of."""
    n = d["nseats"]
    return [t for t in range(NCT)
            if d["hand"][h][t] > max(d["known"][o][h][t] for o in range(n) if o != h)]


def twin_of(g: Game, d: dict, edit) -> Game:
    e = json.loads(json.dumps(d))
    edit(e)
    twin = g.clone()
    twin.state = _core.State.from_dict(e)
    assert twin.state != g.state
    return twin


def secret_supporters(d: dict) -> list[int]:
    """Card types with a copy in the Alliance's Supporters stack (LoR 8.2.3, face down) that no
    other seat knows of (known_sup: a seat knows the cards it paid in Outrage)."""
    n, a = d["nseats"], alliance_seat(d)
    return [t for t in range(NCT)
            if d["supporters"][t] > max(d["known_sup"][o][t] for o in range(n) if o != a)]


def alliance_seat(d: dict) -> int:
    return d["faction_seat"][ALLIANCE_F]


def stack_twins(g: Game, d: dict, viewer, hidden, rng) -> list[Game]:
    """For a viewer other than the Alliance: a secret supporter traded with a deck card of another
    type, and one traded with a different secret card of a hand hidden from the viewer."""
    if alliance_seat(d) < 0 or viewer == alliance_seat(d):
        return []
    sups = secret_supporters(d)
    if not sups:
        return []
    twins = []
    t = sups[rng.integers(len(sups))]
    others = [u for u in range(NCT) if d["deck"][u] > 0 and u != t]
    if others:
        u = others[rng.integers(len(others))]

        def trade(e, t=t, u=u):
            e["supporters"][t] -= 1
            e["supporters"][u] += 1
            e["deck"][u] -= 1
            e["deck"][t] += 1
        twins.append(twin_of(g, d, trade))
    pairs = [(h, t, u) for h in hidden for t in sups for u in secret(d, h) if t != u]
    if pairs:
        h, t, u = pairs[rng.integers(len(pairs))]

        def swap(e):
            e["supporters"][t] -= 1
            e["supporters"][u] += 1
            e["hand"][h][u] -= 1
            e["hand"][h][t] += 1
        twins.append(twin_of(g, d, swap))
    return twins


def hidden_twins(g: Game, viewer, rng) -> list[Game]:
    """Twins of g that differ only in cards viewer cannot see: for each hand hidden from viewer, a
    secret card traded with a deck card of another type; a secret card of one hidden hand traded
    with a different secret card of another hidden hand; and for every viewer but the Alliance, a
    secret supporter traded with a deck card and with a secret card of a hidden hand."""
    d = g.state.to_dict()
    hidden = [h for h in range(d["nseats"]) if h != viewer]
    twins = stack_twins(g, d, viewer, hidden, rng)
    for h in hidden:
        for t in secret(d, h):
            others = [u for u in range(NCT) if d["deck"][u] > 0 and u != t]
            if others:
                u = others[rng.integers(len(others))]

                def trade(e, h=h, t=t, u=u):
                    e["hand"][h][t] -= 1
                    e["hand"][h][u] += 1
                    e["deck"][u] -= 1
                    e["deck"][t] += 1
                twins.append(twin_of(g, d, trade))
                break
    pairs = [(h, k, t, u) for h in hidden for k in hidden if h < k
             for t in secret(d, h) for u in secret(d, k) if t != u]
    if pairs:
        h, k, t, u = pairs[rng.integers(len(pairs))]

        def swap(e):
            e["hand"][h][t] -= 1
            e["hand"][h][u] += 1
            e["hand"][k][u] -= 1
            e["hand"][k][t] += 1
        twins.append(twin_of(g, d, swap))
    return twins


def views(g: Game, viewer) -> list[str]:
    """What the viewer is given of a position: its observation (redaction.observe, which every
    view is made from), the Game's observation, the engine's `state` view and the board (the
    boxed map and the compact one)."""
    name = viewer if viewer == PUBLIC else g.factions[viewer]
    out = [json.dumps(observe(g.state, viewer), sort_keys=True),
           json.dumps(state_view(g, name), sort_keys=True),
           board_text(g, name), board_text(g, name, width=80)]
    if viewer != PUBLIC:
        out.append(json.dumps(g.observation(viewer), sort_keys=True))
    return out


@pytest.mark.parametrize("mix", PLAYABLE_MIXES, ids=mix_id)
def test_hidden_cards_do_not_change_views_determinizations_or_heuristic(mix):
    """LoR 1.2: for every seat v (and PUBLIC), twins that differ only in cards hidden from v give
    v identical views and identical determinizations (_core.determinized, same seed); at v's own
    decisions the heuristic player (_core.heuristic_choice, same seed) chooses the same action."""
    rng = np.random.default_rng(7)
    compared = {v: 0 for v in (*range(len(mix)), PUBLIC)}
    heuristic = stacks = 0
    for g in random_positions(mix, 4, every=17, seed0=500):
        for viewer in compared:
            for twin in hidden_twins(g, viewer, rng):
                if stack_differs(g, twin):      # its views: the next test
                    stacks += 1
                else:
                    assert views(g, viewer) == views(twin, viewer), (mix, viewer, g.record_lines()[-1:])
                compared[viewer] += 1
                if viewer == PUBLIC:
                    continue
                # the twin is really different for the hand that changed and the referee
                assert g.state.to_dict() != twin.state.to_dict()
                if g.current_player == viewer:
                    assert g.legal_actions() == twin.legal_actions(), (mix, viewer)
                for seed in (1, 2):
                    a = _core.determinized(g.state, viewer, seed)
                    b = _core.determinized(twin.state, viewer, seed)
                    assert a == b, (mix, viewer, seed)
                if g.current_player == viewer and len(g.legal_actions()) > 1 and "alliance" not in mix:
                    for seed in (3, 4):     # (with the Alliance at the table: the xfail test below)
                        assert (_core.heuristic_choice(g.state, seed, 0, 4)
                                == _core.heuristic_choice(twin.state, seed, 0, 4)), (mix, viewer)
                    heuristic += 1
    assert min(compared.values()) > 40, compared
    assert heuristic > 20 or "alliance" in mix, heuristic
    if "alliance" in mix:       # the Supporters stack's contents were among the hidden cards
        assert stacks > 20, stacks


def stack_differs(g: Game, twin: Game) -> bool:
    return g.state.to_dict()["supporters"] != twin.state.to_dict()["supporters"]


ALLIANCE_MIXES = tuple(m for m in PLAYABLE_MIXES if "alliance" in m)


def stack_twin_cases(n_games: int = 2):
    """(mix, position, viewer, twin) for every Alliance mix: twins that differ in the stack."""
    rng = np.random.default_rng(7)
    for mix in ALLIANCE_MIXES:
        for g in random_positions(mix, n_games, every=17, seed0=500):
            for viewer in (*range(len(mix)), PUBLIC):
                for twin in hidden_twins(g, viewer, rng):
                    if stack_differs(g, twin):
                        yield mix, g, viewer, twin


@pytest.mark.skipif(not ALLIANCE_MIXES, reason="the core cannot seat the Alliance")
@pytest.mark.xfail(strict=True, reason="redaction.observe (and so Game.observation) gives every "
                   "viewer the Alliance's `supporters` counts per card; another helper is fixing "
                   "wyrm_ai/redaction.py (issue 12)")
def test_the_supporters_stack_does_not_change_views():
    """LoR 8.2.3 (supporters are face down), LoR 1.2: for every seat but the Alliance (and
    PUBLIC), twins that differ only in the stack's hidden contents give identical views."""
    compared = 0
    for mix, g, viewer, twin in stack_twin_cases():
        assert views(g, viewer) == views(twin, viewer), (mix, viewer, g.record_lines()[-1:])
        compared += 1
    assert compared > 50, compared


@pytest.mark.skipif(not ALLIANCE_MIXES, reason="the core cannot seat the Alliance")
@pytest.mark.xfail(strict=True, reason="the greedy heuristic weighs the real position, not the "
                   "mover's sample of it: alliance_worth's revolt_ready (heuristics.pxi, "
                   "can_revolt) reads the suits in the stack, and settle_battle plays the "
                   "Alliance's hidden-hand choices and Outrage's blind draw from the real deck")
def test_hidden_cards_do_not_change_the_heuristic_with_the_alliance():
    """LoR 1.2, LoR 8.2.3: at a seat's own decisions, twins that differ only in cards hidden from
    it (hands, deck, the Supporters stack) give the same heuristic choice for the same seed, at
    every table with the Alliance."""
    rng = np.random.default_rng(7)
    compared = 0
    for mix in ALLIANCE_MIXES:
        for g in random_positions(mix, 4, every=17, seed0=500):
            viewer = g.current_player
            if viewer < 0 or len(g.legal_actions()) < 2:
                continue
            for twin in hidden_twins(g, viewer, rng):
                for seed in (3, 4):
                    assert (_core.heuristic_choice(g.state, seed, 0, 4)
                            == _core.heuristic_choice(twin.state, seed, 0, 4)), (mix, viewer)
                compared += 1
    assert compared > 20, compared


@pytest.mark.parametrize("mix", PLAYABLE_MIXES, ids=mix_id)
def test_hidden_cards_do_not_change_the_search(mix):
    """LoR 1.2: at each seat's own decisions, twins that differ only in cards hidden from it give
    the same search (best action, visit statistics and line) for the same seed and budget: the
    planner reads the position only through the seat's information set."""
    rng = np.random.default_rng(11)
    done = {seat: 0 for seat in range(len(mix))}
    for g in random_positions(mix, 30, every=17, seed0=700):
        seat = g.current_player
        if seat not in done or done[seat] >= 4 or len(g.legal_actions()) < 3:
            continue
        twins = hidden_twins(g, seat, rng)
        if not twins:
            continue
        r1 = search(g, Budget(sims=300), seed=5)
        for twin in twins:
            r2 = search(twin, Budget(sims=300), seed=5)
            assert (r1.best, r1.top, r1.line) == (r2.best, r2.top, r2.line), (mix, seat)
        done[seat] += 1
        if min(done.values()) >= 4:
            break
    assert min(done.values()) >= 4, done
