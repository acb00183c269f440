"""Our games written as Rootlog and replayed back (issue 16 items 2 and 3; docs/rootlog.md "Writer"
and "Replay"): the referee's file of a seeded game replays to the identical engine record (the
same int list, chance outcomes included), every written file reads with zero errors and zero
Unknown clauses, and a seat's file names no card that seat could not see (docs/notation.md
"Rootlog extension"; wyrm_ai/model/redaction.py decides what is hidden).

How many: WYRM_ROOTLOG_GAMES games in all (default 48: two per mix), spread over every mix of
tests/mixes.py (2, 3 and 4 seats, the Eyrie, the Alliance, the Vagabond, the Wyrm and the bot),
random drivers. The issue's run is `WYRM_ROOTLOG_GAMES=500`."""
from __future__ import annotations

import os

import numpy as np
import pytest

from mixes import PLAYABLE_BOT_MIXES, PLAYABLE_MIXES, mix_id, new_game, players_for
from wyrm_ai import _core
from wyrm_ai.model.actions import decode
from wyrm_ai.model.redaction import events_seen, steal_pair
from wyrm_ai.rootlog import read_text
from wyrm_ai.rootlog.names import LETTER_OF
from wyrm_ai.rootlog.replay import replay
from wyrm_ai.rootlog.tree import Card, Decision, Hand, Move, Reveal, Unknown
from wyrm_ai.rootlog.writer import write

MIXES = PLAYABLE_MIXES + PLAYABLE_BOT_MIXES
N_GAMES = int(os.environ.get("WYRM_ROOTLOG_GAMES", 2 * len(MIXES)))
CASES = [(MIXES[k % len(MIXES)], 1000 + k) for k in range(N_GAMES)]


def played(mix, seed, deck="standard", setup="standard"):
    g = new_game(mix, seed % len(mix), seed, deck=deck, setup=setup)
    rng, players = np.random.default_rng(seed), players_for(mix, seed)
    while not g.is_terminal():
        seat = g.current_player
        g.apply(g.sample_chance(rng) if seat == _core.CHANCE else players[seat].choose(g))
    return g


def clean(text: str):
    record = read_text(text, strict=True)
    assert record.errors == () and record.notes == ()       # nothing read beyond V2.8 + the extension
    assert not any(isinstance(c, Unknown) for c in record.clauses())
    return record


@pytest.mark.parametrize("mix,seed", CASES, ids=[f"{mix_id(m)}-{s}" for m, s in CASES])
def test_the_referee_file_replays_to_the_same_record(mix, seed):
    g = played(mix, seed)
    text = write(g)
    record = clean(text)
    assert [f for f, _ in record.header.players][0] == LETTER_OF[g.faction_ids[g.first]]
    assert record.winners and set(record.winners) == {LETTER_OF[g.faction_ids[s]] for s in g.state.winners}
    back = replay(record, bot=g.bot, growth_caps=g.growth_caps, seats=g.factions)
    assert back.record == g.record
    assert back.is_terminal() and back.scores == g.scores


EP_ONLY = {"propaganda", "false_orders", "give", "league", "sabotage", "informants"}


def _kind(a: int) -> str:
    return decode(a).kind


EP_CASES = [(PLAYABLE_MIXES[k % len(PLAYABLE_MIXES)], 3000 + k) for k in (6, 9, 14, 15)]


@pytest.mark.parametrize("mix,seed", EP_CASES, ids=[f"{mix_id(m)}-{s}" for m, s in EP_CASES])
def test_an_ep_game_replays_to_the_same_record(mix, seed):
    """Issue 32: a game of the Exiles & Partisans deck (`Deck: E&P`), its cards crafted and used
    by random players (Swap Meet, Informants, Saboteurs, Propaganda Bureau...), replays from its
    referee file to the identical record."""
    g = played(mix, seed, deck="ep")
    assert EP_ONLY & set(map(_kind, g.record))          # its own cards acted
    record = clean(write(g))
    assert record.header.deck == "E&P"
    back = replay(record, bot=g.bot, growth_caps=g.growth_caps, seats=g.factions)
    assert back.deck == "ep" and back.record == g.record


ADVANCED_CASES = [(MIXES[k % len(MIXES)], 4000 + k, "ep" if k % 2 else "standard") for k in (0, 5, 10, 15, 21, 26)]


@pytest.mark.parametrize("mix,seed,deck", ADVANCED_CASES, ids=[f"{mix_id(m)}-{s}-{d}" for m, s, d in ADVANCED_CASES])
def test_an_advanced_game_replays_to_the_same_record(mix, seed, deck):
    """Issue 32 item 2: a game of the Advanced Setup (five cards dealt, three kept: step
    keep_three) replays from its referee file to the identical record. Rootlog's header has no
    setup: replay reads it from the deal; each card returned to the deck is a decision clause
    (`!f#anvil->deck`), as Rootlog writes no card going back to the deck."""
    g = played(mix, seed, deck=deck, setup="advanced")
    kept = [a for a in g.record if _kind(a) == "put_back"]
    assert kept and len(kept) == 2 * sum(f != "mechanical-marquise" for f in g.factions)
    record = clean(write(g))
    decisions = [c.action for c in record.clauses() if isinstance(c, Decision) and c.action.endswith("->deck")]
    assert len(decisions) == len(kept)
    back = replay(record, bot=g.bot, growth_caps=g.growth_caps, seats=g.factions)
    assert back.setup == "advanced" and back.deck == deck and back.record == g.record


VIEW_MIXES = [m for m in MIXES[::2] if sum(f != "mechanical-marquise" for f in m) >= 2]


@pytest.mark.parametrize("mix", VIEW_MIXES, ids=mix_id)
def test_a_seats_file_names_no_card_it_did_not_see(mix):
    """Spec "Move" (`#->C`: a card not named). A seat's file is the referee's without the decision
    clauses, clause for clause, except cards written `#`; every draw redaction hides from the seat
    (another hand's, not face up) is one of them. An Exposure's card, shown to the Corvids alone
    (LoR 13.2.4; docs/duchy-corvids.md K-C3), is `#^P` in a third seat's file."""
    g = played(mix, 7)
    table = g.faction_ids
    referee = [c for c in clean(write(g)).clauses() if not isinstance(c, Decision)]
    for viewer in [s for s in range(len(table)) if table[s] != 5] + ["public"]:
        mine = list(clean(write(g, viewer)).clauses())
        assert not any(isinstance(c, Decision) for c in mine)
        assert len(mine) == len(referee)
        masked_draws = 0
        for ref, seen in zip(referee, mine):
            if ref == seen:
                continue
            if isinstance(ref, Reveal):     # an Exposure: neither the guesser's nor the Corvids' file
                assert ref.target == seen.target == "P" and (viewer == "public" or LETTER_OF[table[viewer]] != "P")
                assert isinstance(seen, Reveal) and seen.cards == tuple(Card(None, None, c.count, c.at) for c in ref.cards)
                continue
            assert isinstance(ref, Move) and isinstance(seen, Move) and len(ref.things) == len(seen.things)
            for a, b in zip(ref.things, seen.things):
                assert a == b or (isinstance(a, Card) and b == Card(None, None, a.count, a.at)), (ref.text, seen.text)
                if a != b and a.at is None and isinstance(ref.dest[0], Hand):
                    masked_draws += 1
        assert masked_draws == len(hidden_draws(g, viewer)) > 0


def hidden_draws(g, viewer) -> list:
    """The draws redaction hides from viewer: (hand letter, card token)."""
    from wyrm_ai.model.cards import CARDS
    table = g.faction_ids
    out = []
    for i, evs in enumerate(g.events):
        pair = steal_pair(g.record, g.record_seats, i, evs)
        for full, seen in zip(evs, events_seen(evs, viewer, table, pair)):
            if full.kind == "draw" and seen.arg is None and full.arg is not None:
                out.append((LETTER_OF[table[full.seat]], CARDS[full.arg].token))
    return out
