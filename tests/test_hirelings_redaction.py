"""What each seat sees of the hirelings (LoR 16.4; docs/hundreds-keepers.md §4; wyrm_ai/model/redaction.py):
one thing only is hidden, the Brigand's stolen card (E-38). Its controller exhausts an item (`brigand_steal`,
naming the victim) and takes a random card of the victim's hand (the chance `steal` at `brigand_card`): like
Stand and Deliver!'s, the card is seen by the taker and the victim only (steal_pair names the two; the
core's known rows: take_random_card), by every seat when it leaves the Riverfolk's public hand
(LoR 11.2.3). Pair tests: the same game with the steal drawing another card reads the same to every other
seat and the public -- the record, its words, the events, the observation, the state JSON, the boards,
the engine's `events`, the Rootlog text and the determinizations -- and differs for the two. The card Rat Smugglers
discard (`smuggle`, E-41) is public once played, hidden among the alternatives the AI weighed."""
from __future__ import annotations

import functools
import json

import numpy as np
import pytest

from wyrm_ai import _core
from wyrm_ai.ai.planner import SearchReport
from wyrm_ai.model.action_words import record_words
from wyrm_ai.model.actions import Action, decode, encode
from wyrm_ai.model.cards import card_name
from wyrm_ai.model.game import Game
from wyrm_ai.model.redaction import (HAND_CARD_ARG, PUBLIC, REFEREE, apply_seen, events_seen, knowledge_of, observe,
                                     record_seen, report_view, shown, steal_pair)
from wyrm_ai.model.textboard.boardview import board_text
from wyrm_ai.protocol.views import events_view, seat_keys, state_view
from wyrm_ai.rootlog import writer as rootlog

HIRED = "brigand,smugglers,bodyguards"
# (table, hirelings): three and four seats; the Riverfolk's public hand; the Corvids and the Keepers
TABLES = [(("marquise", "eyrie", "wyrm"), HIRED),
          (("marquise", "eyrie", "alliance", "wyrm"), HIRED),
          (("riverfolk", "lizards", "duchy"), HIRED),
          (("corvids", "keepers", "eyrie"), "brigand,smugglers,scouts")]
SEEDS = range(3)


IDS = ["-".join(t) for t, _ in TABLES]


def play(table, hired, seed, visit=None) -> Game:
    """A seeded game between random players (chance by its odds); visit(g) at every position."""
    g = Game(first=0, factions=table, hirelings=hired)
    rng = np.random.default_rng(seed)
    while not g.is_terminal():
        if visit is not None:
            visit(g)
        g.apply(g.sample_chance(rng) if g.is_chance_node() else int(rng.choice(g.legal_actions())))
    return g


@functools.lru_cache(maxsize=None)
def games(table, hired) -> tuple:
    return tuple(play(table, hired, seed) for seed in SEEDS)


@functools.lru_cache(maxsize=None)
def steal_nodes(table, hired) -> tuple:
    """The `brigand_card` chance nodes of the seeded games (clones), each with two or more card types."""
    found = []

    def visit(g):
        if g.step == "brigand_card" and len(g.chance_outcomes()) > 1:
            found.append(g.clone())
    for seed in SEEDS:
        play(table, hired, seed, visit)
    return tuple(found)


def brigand_steals(g: Game):
    """(entry, taker, victim) of each Brigand's stolen card of g's record: the chance `steal` right after a
    `brigand_steal`."""
    for i in range(1, len(g.record)):
        before = decode(g.record[i - 1])
        if before.kind == "brigand_steal":
            yield i, g.record_seats[i - 1], before.args[0]


def viewers(g: Game) -> list:
    return [*range(g.num_seats), PUBLIC, REFEREE]


def public_hand(g: Game, *seats: int) -> bool:
    """A card between these seats is seen by all: it leaves or enters the Riverfolk's public hand."""
    return any(g.factions[s] == "riverfolk" for s in seats)


def seen_events(g: Game, viewer) -> list:
    return [events_seen(evs, viewer, g.faction_ids, steal_pair(g.record, g.record_seats, i, evs))
            for i, evs in enumerate(g.events)]


@pytest.mark.parametrize("table, hired", TABLES, ids=IDS)
def test_e_38_the_brigands_card_is_seen_by_its_taker_and_victim_only(table, hired):
    """E-38: every Brigand's steal of the seeded games is a chance `steal` right after its `brigand_steal`
    (whose event names the victim); steal_pair names its controller and the victim; the record line, its
    words and the engine's `events` name the card to the two of them and the referee, `?: steal #?` and
    "a hidden card" to every other seat and the public -- unless the card left the Riverfolk's public hand."""
    named = masked = 0
    for g in games(table, hired):
        views = {v: (record_seen(g, v), record_words(g, v)) for v in viewers(g)}
        keys = seat_keys(g)
        engine = {v: events_view(g, keys[v] if isinstance(v, int) else v, len(g.record)) for v in viewers(g)}
        for i, taker, victim in brigand_steals(g):
            act = decode(g.record[i])
            assert act.kind == "steal" and g.record_seats[i] == _core.CHANCE
            ev = [e for e in g.events[i - 1] if e.kind == "brigand_steal"]
            assert len(ev) == 1 and (ev[0].seat, ev[0].arg) == (taker, victim)
            assert steal_pair(g.record, g.record_seats, i, g.events[i]) == (taker, victim)
            name = card_name(act.args[0])
            for v in viewers(g):
                record, words = views[v]
                sees = v in (taker, victim, REFEREE) or public_hand(g, taker, victim)
                assert record[i].action == (act if sees else Action("steal", (None,))), (v, taker, victim)
                line, said = words[i]
                assert (name in said) == sees and (line == "?: steal #?") != sees, (v, line, said)
                entry = engine[v][i]
                assert entry["action"] == line and entry["words"] == said
                assert all(name not in e["text"] for e in entry["events"]) or sees
                named += sees and v not in (taker, victim, REFEREE)
                masked += not sees
    assert masked > 5 or "riverfolk" in table, masked
    assert (named > 0) == ("riverfolk" in table), named


def _twins(g: Game):
    """g (at `brigand_card`) with the steal drawing each of two card types: (taker, victim, t, h_t, u, h_u)."""
    d = g.state.to_dict()
    taker, victim = d["turn"], d["target"]
    (t, _), (u, _) = g.chance_outcomes()[:2]
    ht, hu = g.clone(), g.clone()
    ht.apply(t)
    hu.apply(u)
    return taker, victim, decode(t).args[0], ht, decode(u).args[0], hu


def _seen_by(h: Game, v, keys) -> list:
    """Everything a front end shows viewer v of h: the record (its lines, words and events), the
    observation, the state JSON, both boards and the engine's last `events`."""
    name = keys[v] if isinstance(v, int) else v
    out = [record_seen(h, v), record_words(h, v), seen_events(h, v),
           json.dumps(observe(h.state, v), sort_keys=True), json.dumps(state_view(h, name), sort_keys=True),
           board_text(h, v), board_text(h, v, width=80), events_view(h, name, 6)]
    if v != PUBLIC:
        out.append(json.dumps(h.observation(v), sort_keys=True))
    return out


@pytest.mark.parametrize("table, hired", TABLES, ids=IDS)
def test_e_38_a_stolen_card_of_another_type_reads_the_same_to_every_other_seat(table, hired):
    """LoR 1.2, twin games: at each `brigand_card` of the seeded games, the steal drawing one card type or
    another gives every seat but the taker and the victim (and the public) the same record, words, events,
    observation, state JSON, boards, engine `events`, Rootlog text and determinizations; the chance line the terminal
    shows (apply_seen) masks the card for them. The taker and the victim tell the twins apart, and the
    core's known rows say so: the victim knows the card went to the taker, a third seat knows nothing of
    the victim's hand. From the Riverfolk's public hand, every viewer tells them apart."""
    compared = told = 0
    for g in steal_nodes(table, hired):
        taker, victim, t, ht, u, hu = _twins(g)
        keys = seat_keys(ht)
        others = [v for v in range(g.num_seats) if v not in (taker, victim)]
        if compared >= 6 * len(others) + 6 and (told or not public_hand(g, taker, victim)):
            continue                              # enough twins compared (a table's, to keep it short)
        if public_hand(g, taker, victim):
            for v in (*others, PUBLIC):
                assert observe(ht.state, v) != observe(hu.state, v), v
                assert record_seen(ht, v)[-1].action.args == (t,)
                told += 1
            continue
        for v in (*others, PUBLIC):
            assert _seen_by(ht, v, keys) == _seen_by(hu, v, keys), (table, v)
            if not compared:                      # the Rootlog text as the viewer may see it (`#E->W`)
                assert rootlog.write(ht, v) == rootlog.write(hu, v), (table, v)
            for a in (encode("steal", t), encode("steal", u)):
                assert apply_seen(g.clone(), a, v).action == Action("steal", (None,))
            compared += 1
        for v in others:
            assert ([_core.determinized(ht.state, v, seed) for seed in (1, 2)]
                    == [_core.determinized(hu.state, v, seed) for seed in (1, 2)]), v
            assert not any(ht.state.to_dict()["known"][v][victim]), v
        for v in (taker, victim, REFEREE):
            assert observe(ht.state, v) != observe(hu.state, v), v
            assert record_seen(ht, v)[-1].action.args == (t,)
            assert apply_seen(g.clone(), encode("steal", t), v).action.args == (t,)
        d = ht.state.to_dict()
        assert d["known"][victim][taker][t] >= 1 and d["hand"][taker][t] >= 1
    assert compared >= 5, compared
    assert (told > 0) == ("riverfolk" in table), told


def test_e_41_a_smuggled_card_is_public_once_played_and_hidden_among_alternatives():
    """E-41: the item card Rat Smugglers' controller discards is played face up (the record and the
    `smuggle` event name it to all), but among the alternatives the AI weighed a card another seat does
    not know of is masked (HAND_CARD_ARG): the report's rows, and its best once played is named."""
    assert HAND_CARD_ARG["smuggle"] == 0
    found = []

    def visit(g):
        if not found and not g.is_chance_node() and \
                len([a for a in g.legal_actions() if decode(a).kind == "smuggle"]) > 1:
            found.append(g.clone())
    play(*TABLES[0], 0, visit)
    g = found[0]
    actor = g.current_player
    smuggles = [a for a in g.legal_actions() if decode(a).kind == "smuggle"]
    other = next(v for v in range(g.num_seats) if v != actor)
    know, mine = knowledge_of(g, other), knowledge_of(g, actor)
    unknown = [a for a in smuggles if not know.copies[actor][decode(a).args[0]]]
    assert unknown
    for a in unknown:
        assert shown(a, actor, know) == Action("smuggle", (None,))
        assert shown(a, actor, mine) == decode(a)
    report = SearchReport(actor, unknown[0], [(a, "", 10, 0.5) for a in unknown])
    assert all(act == Action("smuggle", (None,)) for act, *_ in report_view(report, know).top)
    assert report_view(report, know, played=True).best == decode(unknown[0])
    h = g.clone()
    h.apply(unknown[0])
    for v in viewers(h):
        assert record_seen(h, v)[-1].action == decode(unknown[0])
        assert [e.arg for e in events_seen(h.last_events, v, h.faction_ids) if e.kind == "smuggle"] \
            == [decode(unknown[0]).args[0]]
