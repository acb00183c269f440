"""The faction draft (LoR 16.1.8) in Rootlog (docs/rootlog.md "Writer", "Replay"): Rootlog has no
draft notation, so the writer names the draft's cards in the header's `Pool:` line and writes the
deal, the characters, the picks and the Marquise's homelands as decision clauses of our notation
(`!draftw`, `!draft#thief`, `!pickw`, `!homeland5`) in every view (the draft lies face up);
replay reads them back: a seeded random draft game at 3 and 4 players replays from its referee
file to the identical record of actions."""
from __future__ import annotations

import numpy as np
import pytest

from mixes import random_draft
from wyrm_ai import Game
from wyrm_ai.model.actions import decode
from wyrm_ai.rootlog import RootlogError, read_text
from wyrm_ai.rootlog.names import LETTER_OF
from wyrm_ai.rootlog.replay import ReplayError, replay, setup_of
from wyrm_ai.rootlog.tree import Decision, Unknown
from wyrm_ai.rootlog.writer import DRAFT_KINDS, write

DRAFT_CLAUSE = ("draft", "pick", "homeland")


def drafted(n: int, seed: int, cards=True, steps: int | None = None) -> Game:
    """A draft game of n players played at random (to its end, or `steps` record entries)."""
    return random_draft(n, seed, seed % n, cards, until=None if steps is None else lambda g: len(g.record) >= steps)


def clean(text: str):
    record = read_text(text, strict=True)
    assert record.errors == () and record.notes == ()
    assert not any(isinstance(c, Unknown) for c in record.clauses())
    return record


def draft_decisions(record) -> list[str]:
    return [c.action for c in record.clauses() if isinstance(c, Decision) and c.action.startswith(DRAFT_CLAUSE)]


@pytest.mark.parametrize("n, seed", [(3, 5), (3, 8), (4, 2), (4, 11)])
def test_a_draft_game_replays_from_its_referee_file_to_the_same_record(n, seed):
    """LoR 16.1.8.1 (the deal: a card per player and one more, a character beside a Vagabond
    card, 16.1.8.1.3), 16.1.8.2 (the picks, counterclockwise from the last player; the Marquise's
    homelands, 16.1.8.2.1): written, read and replayed to the identical record of actions."""
    g = drafted(n, seed)
    text = write(g)
    record = clean(text)
    assert record.header.pool == tuple("CEAVW")
    assert [f for f, _ in record.header.players][0] == LETTER_OF[g.faction_ids[g.first]]
    assert sorted(f for f, _ in record.header.players) == sorted(LETTER_OF[f] for f in g.faction_ids)
    kinds = [decode(a).kind for a in g.record]
    written = draft_decisions(record)
    assert len(written) == sum(k in DRAFT_KINDS for k in kinds)
    assert sum(w.startswith("pick") for w in written) == n
    assert sum(w.startswith("draft") and not w.startswith("draft#") for w in written) == n + 1
    assert setup_of(record) == "advanced"
    back = replay(record, bot=g.bot, growth_caps=g.growth_caps, seats=g.factions)
    assert back.draft == g.draft and back.record == g.record
    assert back.factions == g.factions and back.scores == g.scores


def test_every_view_writes_the_draft_and_the_marquise_homelands():
    """LoR 16.1.8: everything of the draft lies face up, so a seat's and the public file carry its
    clauses too; 16.1.8.2.1: the Marquise's homelands (`!homeland5`) where she was chosen."""
    for seed in range(1, 30):
        g = drafted(3, seed)
        if "marquise" in g.factions:
            break
    public = clean(write(g, "public"))
    seat = clean(write(g, 0))
    referee = clean(write(g))
    assert draft_decisions(public) == draft_decisions(seat) == draft_decisions(referee)
    homes = [w for w in draft_decisions(public) if w.startswith("homeland")]
    assert len(homes) == 3 and all(int(w[len("homeland"):]) in range(1, 13) for w in homes)
    # a seat's file carries no other decision clause (LoR 16.1.10's returns stay the referee's)
    assert not [c for c in seat.clauses() if isinstance(c, Decision) and not c.action.startswith(DRAFT_CLAUSE)]


def test_two_vagabond_cards_are_pool_v_and_g():
    """LoR 16.1.8.1.3 and 9.7: both Vagabond cards in the pool, `Pool:` naming them V and G."""
    g = drafted(3, 4, cards=["vagabond", "vagabond", "eyrie", "wyrm", "marquise"])
    record = clean(write(g))
    assert record.header.pool == tuple("CEVWG")
    assert replay(record, seats=g.factions).record == g.record


def test_a_pool_naming_a_bot_or_an_unknown_faction_is_a_replay_error():
    """LoR 16.1.8 (C4): only players draft; a pool card must be a faction's (the Riverfolk, O, are held
    since issue 33, the Corvid Conspiracy, P, since issue 34, the Keepers in Iron, K, since issue 35:
    every faction letter of the spec, so our `U`, a player who has not chosen, stands where K did)."""
    g = drafted(3, 5)
    text = write(g)
    for pool, words in (("CEAVN", "has no card in the draft"), ("CEAVU", "no faction")):
        with pytest.raises(ReplayError, match=words):
            replay(text.replace("Pool: CEAVW", f"Pool: {pool}"))


def test_a_record_written_during_the_draft_names_undrafted_players_u():
    """LoR 16.1.8.2: a seat that has not chosen has no faction letter; the writer names it `U`
    (factions.UNDRAFTED_LETTER, as our record does), never another faction's letter (`D` is the
    Underground Duchy's, Rootlog V2.8). (Rootlog has no such letter: our reader takes a `U` player
    line again in a draft whose pool holds no `U`.)"""
    g = drafted(4, 2, steps=25)
    assert "undrafted" in g.factions
    text = write(g, "public")
    players = clean(text).header.players
    assert [f for f, _ in players].count("U") == g.factions.count("undrafted") >= 2
    assert all(name == "Undrafted player" for f, name in players if f == "U")
    assert "D: " not in text
    assert "G: " not in text


def legacy(text: str) -> str:
    """text as our writer wrote it before the Underground Duchy took `D` (Rootlog V2.8): every
    undrafted player `D`, on its player line and in the clauses (`F#anvil->D`)."""
    lines = []
    for line in text.splitlines():
        body, sep, comment = line.partition("//")
        if body.startswith("U:"):
            body = "D:" + body[2:]
        if not body.startswith(("Map", "Deck", "Clearings", "Pool", "Seats", "Winner")) and ":" in body \
                and not body.split(":", 1)[1].startswith(" "):
            body = body.replace("U", "D")
        lines.append(body + sep + comment)
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("n, seed, steps", [(4, 2, 25), (3, 5, 22)])
def test_an_old_draft_file_naming_undrafted_players_d_still_replays(n, seed, steps):
    """LoR 16.1.8.2: files written before the Underground Duchy took `D` named a player still to
    choose `D`; in a draft whose `Pool:` holds no `D` (the Duchy could not be drafted then) and a
    `D: <name>` player line comes before any turn, the reader reads that `D` as `U`
    (reader.legacy_undrafted): the file replays as its new form does."""
    g = drafted(n, seed, steps=steps)
    text = write(g)
    old = legacy(text)
    assert "D: Undrafted player" in old and "U:" not in old and old != text
    record = clean(old)
    assert [f for f, _ in record.header.players].count("U") == g.factions.count("undrafted")
    back = replay(record)
    assert back.record == g.record and (back.first, back.factions) == (g.first, g.factions)


@pytest.mark.parametrize("n, seed, steps", [(4, 2, 25), (3, 5, 10), (3, 5, 22), (4, 11, 30)])
def test_a_record_written_during_the_draft_replays_to_where_it_stops(n, seed, steps):
    """LoR 16.1.8.2: mid-draft, the players who have not chosen are `U` (their hands' cards
    `F#anvil->U`) and those who have their factions; `Seats:` says who sits where, so replay
    seats the `U`s as players still to choose and stops where the record does, with the same
    record of actions and the same factions chosen so far."""
    g = drafted(n, seed, steps=steps)
    assert "undrafted" in g.factions and not g.is_terminal()
    back = replay(clean(write(g)))
    assert back.record == g.record
    assert (back.first, back.factions) == (g.first, g.factions)


@pytest.mark.parametrize("n, seeds", [(3, (5, 8, 13)), (4, (2, 11, 7))])
def test_a_draft_game_replays_without_being_told_its_seats(n, seeds):
    """LoR 16.1.8: the seats are numbered before anyone chooses a faction, so no faction tells
    where the first player sits; the engine settles simultaneous things in seat order (a Revolt
    removing the Eyrie's warriors and the Wyrm's pawn in one clearing), so a replay seated
    otherwise differs. The writer's `Seats:` line (docs/rootlog.md) gives each player line's
    seat: the record alone replays to the identical record of actions, seats and all."""
    for seed in seeds:
        g = drafted(n, seed)
        text = write(g)
        record = clean(text)
        assert record.header.seats == tuple((g.first + k) % n + 1 for k in range(n))
        back = replay(record, bot=g.bot, growth_caps=g.growth_caps)
        assert (back.first, back.factions) == (g.first, g.factions)
        assert back.record == g.record and back.scores == g.scores
        for view in ("public", 0):      # the seats are public: every view writes them
            assert clean(write(g, view)).header.seats == record.header.seats


def test_a_game_seated_otherwise_writes_its_seats_and_one_seated_as_replay_would_does_not():
    """The same gap outside a draft: replay numbers seats round the table from the lowest faction
    id unless `Seats:` says otherwise, so the writer says them only for a game seated otherwise
    (the Wyrm at seat 0 here), which then replays without being told its seats."""
    def played(first, table, seed=3):
        g = Game(first, table)
        rng = np.random.default_rng(seed)
        while not g.is_terminal() and len(g.record) < 400:
            g.apply(g.sample_chance(rng) if g.is_chance_node() else g.legal_actions()[
                rng.integers(len(g.legal_actions()))])
        return g
    usual = played(1, ("marquise", "eyrie", "wyrm"))
    assert clean(write(usual)).header.seats is None
    assert replay(write(usual)).record == usual.record
    other = played(2, ("wyrm", "eyrie", "marquise"))
    record = clean(write(other))
    assert record.header.seats == (3, 1, 2)
    back = replay(record)
    assert (back.first, back.factions, back.record) == (other.first, other.factions, other.record)


def test_a_seats_line_out_of_turn_order_or_against_seats_is_a_replay_error():
    """The players sit round the table in turn order: `Seats:` goes on one seat at a time from the
    first player's; and a game's own seats given to replay must be where `Seats:` puts them."""
    g = drafted(3, 5)
    text = write(g)
    line = next(x for x in text.splitlines() if x.startswith("Seats: "))
    with pytest.raises(ReplayError, match="round the table in turn order"):
        replay(text.replace(line, "Seats: 3, 2, 1"))
    with pytest.raises(ReplayError, match="not where the record's `Seats:` puts"):
        replay(text, seats=g.factions[1:] + g.factions[:1])
    with pytest.raises(RootlogError, match="seat"):
        read_text(text.replace(line, "Seats: 3, 3, 1"), strict=True)


def test_a_draft_with_the_duchy_card_names_undrafted_players_u_and_the_duchy_d():
    """LoR 16.1.8 with the Underground Duchy's card (docs/duchy-corvids.md C10): `Pool:` holds its `D`,
    a player still to choose is `U` beside it, and both the finished game and a file written
    mid-draft replay to the same record."""
    cards = ["duchy", "marquise", "eyrie", "wyrm", "lizards"]
    g = drafted(3, 2, cards=cards)
    assert "duchy" in g.factions
    record = clean(write(g))
    assert "D" in record.header.pool and "D" in [f for f, _ in record.header.players]
    assert replay(record, seats=g.factions).record == g.record
    mid = drafted(3, 2, cards=cards, steps=8)
    text = write(mid)
    assert "Pool: " in text and "D" in clean(text).header.pool and text.count("\nU: ") == 3
    assert replay(clean(text)).record == mid.record
