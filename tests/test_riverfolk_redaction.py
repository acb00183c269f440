"""What each seat sees at a table with the Riverfolk Company (issue 33; wyrm_ai/model/redaction.py,
docs/riverfolk-lizards.md §5.4): their hand is public (LoR 11.2.3), so every view -- each seat's,
the public's, the referee's -- shows it, and every card it draws, spends, takes or loses is named
to every viewer (a draw into it, an Aid to it, the Thief's steal from it); a card a buyer takes
from it with Hand Card (LoR 11.2.7.I) is known to every seat in the buyer's hand; funds,
payments, committed funds, prices, trade posts and the services bought are board fields every view
keeps. The twins that differ only in cards hidden from a seat are tests/test_fairness_nseat.py's,
over the Riverfolk's tables too (RIVERFOLK_VIEW_MIXES)."""
from __future__ import annotations

import json

import numpy as np
import pytest

from mixes import RIVERFOLK_MIXES, mix_id, new_game, players_for
from wyrm_ai import _core
from wyrm_ai.model.actions import decode
from wyrm_ai.model.cards import CARDS
from wyrm_ai.model.game import Game
from wyrm_ai.model.redaction import (HAND_CARD_ARG, PUBLIC, REFEREE, events_seen, knowledge, observe, record_seen,
                                     shown, steal_pair)
from wyrm_ai.protocol.views import seat_keys, state_view

# the Riverfolk's board and the services, public in every view (State.to_dict fields)
PUBLIC_FIELDS = ("otters", "trade_posts", "otter_supply", "payments", "funds", "committed", "posts_left",
                 "track_used", "prices", "priced", "buyer", "services_left", "service_items_owed", "riverboats_for",
                 "mercenaries_for", "mercenaries_on", "fund_owed", "fund_mode", "disrupt_owed", "fund_pending")


def played(mix, seed: int, character=None, visit=None) -> Game:
    """A seeded random game of mix (the Vagabond's character given, if any), visit(g) before each
    action."""
    if character is None:
        g = new_game(mix, seed % len(mix), seed)
    else:
        g = Game(seed % len(mix), mix, character=character)
    rng, players = np.random.default_rng(seed), players_for(mix, seed)
    while not g.is_terminal():
        if visit:
            visit(g)
        seat = g.current_player
        g.apply(g.sample_chance(rng) if seat == _core.CHANCE else players[seat].choose(g))
    return g


def viewers(g: Game) -> list:
    return [*range(g.num_seats), PUBLIC, REFEREE]


@pytest.mark.parametrize("mix", RIVERFOLK_MIXES, ids=mix_id)
def test_lor_11_2_3_every_view_shows_the_riverfolk_hand_and_board(mix):
    """LoR 11.2.3 (Public Hand) and §5.4: at positions along a game, every viewer's observation
    holds the Riverfolk's hand as it is, every other hand but its own hidden; its Knowledge counts
    that hand's cards; the engine's `state` JSON lists it in `hands` for every view; and the
    Riverfolk's board fields (funds, payments, committed, prices, posts, services) are the
    referee's in every view."""
    rf = mix.index("riverfolk")
    checked = []

    def check(g):
        if len(g.record) % 23 or g.step == "deal":
            return
        full = g.state.to_dict()
        for v in viewers(g):
            obs = observe(g.state, v)
            assert obs["hand"][rf] == list(full["hand"][rf]), v
            for h in range(g.num_seats):
                if h not in (rf, v) and v != REFEREE:
                    assert obs["hand"][h] is None, (v, h)
            for k in PUBLIC_FIELDS:
                assert obs[k] == full[k], (v, k)
            assert obs["battle"]["hired"] == full["battle"]["hired"]
            if v != REFEREE:
                assert knowledge(obs).copies[rf] == tuple(full["hand"][rf]), v
            name = v if v in (PUBLIC, REFEREE) else seat_keys(g)[v]
            view = state_view(g, name)
            hands = view["hands"]
            assert sorted(hands[g.factions[rf]]) == sorted(CARDS[t].token for t, n in enumerate(full["hand"][rf])
                                                           for _ in range(n)), v
            json.dumps(view)
        checked.append(len(g.record))

    played(mix, 21, visit=check)
    assert len(checked) >= 8


@pytest.mark.parametrize("mix", RIVERFOLK_MIXES[:3], ids=mix_id)
def test_lor_11_2_3_the_riverfolks_cards_are_named_in_every_record(mix):
    """LoR 11.2.3: in the record as each viewer sees it (redaction.record_seen), a card drawn into
    the Riverfolk's hand is named (never `?: draw`), and no action of theirs is masked: their
    Export, craft or discard names its card to every seat and to the public; their draw events
    likewise (events_seen). Another seat's draws stay hidden from the rest."""
    g = played(mix, 5)
    rf = mix.index("riverfolk")
    referee = record_seen(g, REFEREE)
    drawn_rf = other_hidden = 0
    for v in (*range(g.num_seats), PUBLIC):
        for ref, mine in zip(referee, record_seen(g, v)):
            if ref.seat == rf or (ref.action.kind == "draw" and ref.receiver == rf):
                assert mine == ref, (v, ref)
                drawn_rf += ref.action.kind == "draw"
            elif ref.action.kind == "draw" and ref.receiver not in (v, -1) and g.faction_ids[ref.receiver] != 5:
                other_hidden += mine.action.args[0] is None
        for i, evs in enumerate(g.events):
            pair = steal_pair(g.record, g.record_seats, i, evs)
            for e, s in zip(evs, events_seen(evs, v, g.faction_ids, pair)):
                if e.kind == "draw" and e.seat == rf:
                    assert s == e
    assert drawn_rf > 0 and other_hidden > 0


def test_lor_11_2_7_i_a_card_bought_is_known_to_every_seat():
    """LoR 11.2.7.I: a Hand Card moves a card of the public hand to the buyer's; every other seat
    knows it is there (known[v][buyer], the core's), so when the buyer later plays it, every seat's
    view of that action names it (redaction.shown); the public viewer, who holds no knowledge, sees
    the purchase itself named."""
    bought = named = 0
    for seed in range(3):
        g = played(("marquise", "riverfolk", "wyrm"), seed)
        h = g.start()
        holds: dict = {}
        for a, seat in zip(g.record, g.record_seats):
            act = decode(a)
            if act.kind == "buy_card":
                h.apply(a)
                bought += 1
                t = act.args[0]
                holds[(seat, t)] = holds.get((seat, t), 0) + 1
                for v in range(g.num_seats):
                    if v != seat:
                        assert h.observation(v)["known"][v][seat][t] >= 1
                for v in (*range(g.num_seats), PUBLIC):
                    assert shown(a, seat, knowledge(observe(h.state, v))) == act
                continue
            card = act.args[HAND_CARD_ARG[act.kind]] if act.kind in HAND_CARD_ARG else None
            if card is not None and holds.get((seat, card)):
                for v in range(g.num_seats):
                    assert shown(a, seat, knowledge(observe(h.state, v))) == act, (v, act)
                holds[(seat, card)] -= 1
                named += 1
            h.apply(a)
    assert bought > 0 and named > 0


def test_lor_11_2_3_a_random_take_from_the_riverfolk_is_public():
    """LoR 11.2.3 ("a random take is drawn blind", then seen in the taker's hand by every seat: the
    core's known[v][taker]): the Thief's steal from the Riverfolk names its card to every viewer, in
    the record and in the events; an Aid to them names its card to all too (it enters a public hand)."""
    g = played(("vagabond", "riverfolk", "wyrm"), 0, character="thief")
    rf = 1
    steals = aids = 0
    h = g.start()
    for i, (a, seat, evs) in enumerate(zip(g.record, g.record_seats, g.events)):
        h.apply(a)
        act = decode(a)
        pair = steal_pair(g.record, g.record_seats, i, evs)
        if act.kind == "steal" and pair and rf in pair:
            steals += 1
            for v in (*range(g.num_seats), PUBLIC):
                assert record_seen(h, v)[i].action == act, v
            taker = pair[0]
            for v in range(g.num_seats):
                if v not in pair:
                    assert h.observation(v)["known"][v][taker][act.args[0]] >= 1
        if act.kind == "aid" and act.args[0] == rf:
            aids += 1
            for v in (*range(g.num_seats), PUBLIC):
                assert record_seen(h, v)[i].action == act, v
                assert all(e.detail is not None for e in events_seen(evs, v, g.faction_ids) if e.kind == "aid")
    assert steals > 0 and aids > 0


def test_the_riverfolks_alternatives_are_named_to_every_viewer():
    """LoR 11.2.3: what the AI weighed for the Riverfolk (its Export, craft, discard alternatives)
    names their cards to every viewer: redaction.shown masks a card only when the viewer cannot know
    a copy in the actor's hand, and every viewer knows the whole public hand."""
    seen = 0

    def check(g):
        nonlocal seen
        if g.current_player != 1 or g.step != "riverfolk_daylight":
            return
        for a in g.legal_actions():
            act = decode(a)
            if act.kind in ("export", "craft"):
                for v in (0, 2, PUBLIC):
                    assert shown(a, 1, knowledge(observe(g.state, v))) == act
                seen += 1

    played(("marquise", "riverfolk", "wyrm"), 2, visit=check)
    assert seen > 0
