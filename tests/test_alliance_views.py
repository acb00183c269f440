"""What each seat sees of the Woodland Alliance's Supporters stack (LoR 8.2.3: the supporters are
face down, their number public; LoR 8.2.6 and root-factions.md §3.3/§5: an Outrage payment is seen
by the payer and the Alliance only; Mobilize by the Alliance only; a card drawn onto the stack by
the Alliance only). Twins -- two games that differ only in a card that went face down onto the
stack -- give every other seat (and PUBLIC) byte-identical observations, events, records, boards
and protocol state, and identical determinizations."""
from __future__ import annotations

import json

import numpy as np
import pytest

from wyrm_ai import _core
from wyrm_ai.model.actions import KINDS, decode
from wyrm_ai.model.events import Event
from wyrm_ai.model.factions import ALLIANCE
from wyrm_ai.model.game import Game
from wyrm_ai.protocol.views import events_view, record_view, state_view
from wyrm_ai.model.redaction import PUBLIC, REFEREE, events_seen, observe, record_seen, seen, seen_text
from wyrm_ai.model.textboard.boardview import board_text

from mixes import ALLIANCE_MIXES, mix_id, players_for

HOW = {name: i for i, name in enumerate(_core.SUPPORTER_HOWS)}
FACE_DOWN = {"supporter_draw": "draw", "outrage": "outrage", "alliance_daylight": "mobilize"}


def views(g: Game, viewer) -> list[str]:
    """Everything a viewer is given of a game: its observation, the protocol's state, events and
    record, and the boxed and compact boards."""
    name = viewer if viewer == PUBLIC else g.factions[viewer]
    out = [json.dumps(observe(g.state, viewer), sort_keys=True),
           json.dumps(state_view(g, name), sort_keys=True),
           json.dumps(events_view(g, name, 4), sort_keys=True),
           "\n".join(record_view(g, name)),
           board_text(g, name), board_text(g, name, width=80)]
    if viewer != PUBLIC:
        out.append(json.dumps(g.observation(viewer), sort_keys=True))
    return out


def face_down_twins(mix, n_games: int, seed0: int):
    """(a, b, hidden_from): games that are equal but for the last entry, where a card went face
    down onto the stack -- a deck card drawn onto it, an Outrage payment, a Mobilize -- a different
    card in b; hidden_from: the viewers that may not see which (every seat but the Alliance and,
    for Outrage, the payer; and PUBLIC). Twins where the card was discarded at once (a full stack,
    face up) are left out."""
    for seed in range(seed0, seed0 + n_games):
        g = Game(first=seed % len(mix), factions=mix)
        rng = np.random.default_rng(seed)
        players = players_for(mix, seed)
        alliance = g.seat_of("alliance")
        while not g.is_terminal() and len(g.record) < 700:
            seat = g.current_player
            a = g.sample_chance(rng) if seat == _core.CHANCE else players[seat].choose(g)
            kind = decode(a).kind
            if FACE_DOWN.get(g.step) == kind:
                options = ([x for x, _ in g.chance_outcomes()] if seat == _core.CHANCE
                           else g.legal_actions())
                alts = [x for x in options if x != a and decode(x).kind == kind]
                if alts:
                    x, y = g.clone(), g.clone()
                    x.apply(a)
                    y.apply(alts[len(g.record) % len(alts)])
                    if not any(e.kind == "supporter" and e.detail == HOW["overflow"]
                               for e in (*x.last_events, *y.last_events)):
                        knows = {alliance} | ({seat} if kind == "outrage" else set())
                        yield x, y, [v for v in range(len(mix)) if v not in knows] + [PUBLIC], kind
            g.apply(a)


@pytest.mark.parametrize("mix", ALLIANCE_MIXES, ids=mix_id)
def test_lor_8_2_3_cards_face_down_on_the_stack_change_no_other_view(mix):
    """LoR 8.2.3, 8.2.6, §5: for every seat but the Alliance (and an Outrage payer), and PUBLIC,
    twins that differ only in a card gone face down onto the Supporters stack give identical
    views, determinizations and heuristic choices; the referee and the Alliance see the
    difference."""
    kinds = {"draw": 0, "outrage": 0, "mobilize": 0}
    # one game with each seat first (every game gives dozens of twins: CI time)
    for a, b, hidden_from, kind in face_down_twins(mix, len(mix), 40):
        assert a.state != b.state
        alliance = a.seat_of("alliance")
        assert observe(a.state, alliance)["supporters"] != observe(b.state, alliance)["supporters"]
        assert state_view(a, "referee") != state_view(b, "referee")
        for viewer in hidden_from:
            assert views(a, viewer) == views(b, viewer), (mix, viewer, kind, a.record_lines()[-1])
            if viewer != PUBLIC:
                assert _core.determinized(a.state, viewer, 3) == _core.determinized(b.state, viewer, 3)
                if a.current_player == viewer and len(a.legal_actions()) > 1:
                    assert (_core.heuristic_choice(a.state, 5, 0, 4)
                            == _core.heuristic_choice(b.state, 5, 0, 4)), (mix, viewer, kind)
        kinds[kind] += 1
    assert kinds["draw"] >= 3 and kinds["mobilize"] >= 1, kinds
    if len(mix) > 2:
        assert kinds["outrage"] >= 1, kinds


def _game_with_stack():
    mix = ("marquise", "eyrie", "alliance", "wyrm")
    g = Game(first=0, factions=mix)
    rng = np.random.default_rng(3)
    players = players_for(mix, 3)
    while not g.is_terminal() and not (len(g.record) > 150 and g.state.to_dict()["supporters_size"] > 2):
        seat = g.current_player
        g.apply(g.sample_chance(rng) if seat == _core.CHANCE else players[seat].choose(g))
    return g


def test_lor_8_2_3_the_stack_is_seen_by_the_alliance_only_its_size_by_all():
    """LoR 8.2.3: supporters face down: every seat sees supporters_size; the Alliance (and the
    referee) the cards; each other seat only its own row of known_sup (cards it paid, LoR 8.2.6)."""
    g = _game_with_stack()
    full = g.state.to_dict()
    me = g.seat_of("alliance")
    assert observe(g.state, me)["supporters"] == full["supporters"]
    assert observe(g.state, me)["known_sup"] == full["known_sup"]
    assert observe(g.state, REFEREE)["supporters"] == full["supporters"]
    for v in [s for s in range(4) if s != me] + [PUBLIC]:
        obs = observe(g.state, v)
        assert obs["supporters"] is None and obs["supporters_size"] == full["supporters_size"]
        assert [row is not None for row in obs["known_sup"]] == [s == v for s in range(4)]
        if v != PUBLIC:
            assert obs["known_sup"][v] == full["known_sup"][v]


def _event(kind, seat, arg, amount, detail, table):
    return Event(kind, seat, -1, arg, amount, detail, table)


def test_lor_8_2_6_outrage_cards_seen_by_payer_and_alliance_only():
    """LoR 8.2.6, §5: the card paid in Outrage (the outrage event and the supporter event after
    it) is named to the payer, the Alliance and the referee; a payer with no matching card shows
    its hand (no card named); a spent or discarded supporter is face up for all."""
    table = (0, 1, 2, 4)            # marquise, eyrie, alliance, wyrm
    evs = (_event("outrage", 1, 7, 0, -1, table), _event("supporter", 2, 7, 1, HOW["outrage"], table),
           _event("outrage", 3, -1, 1, 4, table), _event("supporter", 2, 9, 1, HOW["drawn"], table),
           _event("supporter", 2, 11, -1, HOW["spent"], table),
           _event("supporter", 2, 12, 1, HOW["mobilize"], table))
    cards = lambda v: [e.arg for e in events_seen(evs, v, table)]       # noqa: E731
    assert cards(REFEREE) == cards(2) == [7, 7, -1, 9, 11, 12]
    assert cards(1) == [7, 7, -1, None, 11, None]                        # the payer
    assert cards(0) == cards(3) == cards(PUBLIC) == [None, None, -1, None, 11, None]


def test_lor_8_2_6_record_lines_hide_outrage_mobilize_and_stack_draws():
    """The record line of an Outrage payment `F#x->A$` reads `#?->A$` for every seat but the
    payer and the Alliance; Mobilize `F#x->$` is `#?->$` for every seat but the Alliance; a deck
    card drawn onto the stack is a hidden draw of the Alliance's."""
    table = (0, 1, 2, 4)
    pay = KINDS["outrage"][0] + 5
    mob = KINDS["mobilize"][0] + 5
    draw = KINDS["draw"][0] + 5
    line = lambda a, seat, recv, v: seen_text(seen(a, seat, recv, v, table))     # noqa: E731
    token = _core.CARDS[5][0]
    shown = line(pay, 1, -1, REFEREE)
    assert "#?" not in shown and line(pay, 1, -1, 1) == line(pay, 1, -1, 2) == shown
    assert line(pay, 1, -1, 0) == line(pay, 1, -1, PUBLIC) == shown.replace(shown.split(": ")[1].split("->")[0], "#?")
    assert "#?" in line(mob, 2, -1, 0) and "#?" in line(mob, 2, -1, 3) and "#?" not in line(mob, 2, -1, 2)
    assert line(draw, -1, 2, 0) == "?: draw (alliance)" and "#?" not in line(draw, -1, 2, 2)
    assert token


def test_lor_8_2_3_whole_record_of_a_game_names_no_stack_card_to_other_seats():
    """Over a game: record_seen for a seat other than the Alliance names no card of an Outrage it
    did not pay, no Mobilize and no draw onto the stack."""
    g = _game_with_stack()
    me = g.seat_of("alliance")
    checked = 0
    for v in range(4):
        for e in record_seen(g, v):
            kind = e.action.kind
            if v != me and (kind == "mobilize" or (kind == "outrage" and e.seat != v)
                            or (kind == "draw" and e.receiver == me)):
                assert e.action.args[0] is None
                checked += 1
    assert checked > 0
