"""The Lizard Cult in Rootlog (issue 33; docs/rootlog.md, docs/notation.md "Lizard Cult"): our games
seating the Cult are written with Rootlog V2.8's Cult forms (letter L, gardens `b_f`/`b_r`/`b_m`,
the Outcast `$_o->M` / `$_ho->M`, rituals as reveals `M#roottea^` and the pieces they place, the
acolytes as the Cult's board `w->$` / `2w$->`, Convert `Cw5->/w->5`, Sanctify `Cb_s5->/b_f->5/++`,
Fear of the Faithful's card `F#anvilL->`), the referee's file replays to the identical record, a
seat's file names no card it did not see, and the corpus game `2020_11_19_orderly_eyrie` (C, E, A,
L) replays from its header until the first clause the engine cannot follow."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from mixes import mix_id, new_game, players_for
# (imported under another name: a test function imported as test_* is collected here again, and
# test_rootlog_roundtrip's parametrized seat-file test ran once more per importing module)
from test_rootlog_roundtrip import clean, test_a_seats_file_names_no_card_it_did_not_see as seats_file_check
from wyrm_ai import _core
from wyrm_ai.model.actions import decode
from wyrm_ai.model.cards import CARDS
from wyrm_ai.rootlog import read_file, read_text
from wyrm_ai.rootlog.match import covers, text_atoms
from wyrm_ai.rootlog.replay import Replay, ReplayError, replay
from wyrm_ai.rootlog.tree import Decision, Reveal, SetOutcast
from wyrm_ai.rootlog.writer import write

CORPUS = Path(__file__).resolve().parents[1].parent / "shared" / "reference" / "rootlog" / "vagabottos-rootlog"
ORDERLY = CORPUS / "2020_11_19_orderly_eyrie.rootlog"

CULT_MIXES = (("marquise", "lizards", "wyrm"), ("eyrie", "lizards", "alliance", "wyrm"), ("lizards", "alliance"),
              ("lizards", "vagabond", "mechanical-marquise", "alliance", "wyrm"),
              ("marquise", "eyrie", "alliance", "lizards"))
CASES = [(m, 7100 + k, "autumn", "standard", "standard") for k, m in enumerate(CULT_MIXES)] + [
    (CULT_MIXES[0], 7200, "lake", "standard", "standard"),
    (CULT_MIXES[1], 7201, "autumn", "ep", "standard"),
    (CULT_MIXES[4], 7202, "mountain", "ep", "advanced"),
]


def played(mix, seed, board="autumn", deck="standard", setup="standard"):
    g = new_game(mix, seed % len(mix), seed, board=board, deck=deck, setup=setup)
    rng, players = np.random.default_rng(seed), players_for(mix, seed)
    while not g.is_terminal():
        seat = g.current_player
        g.apply(g.sample_chance(rng) if seat == _core.CHANCE else players[seat].choose(g))
    return g


@pytest.mark.parametrize("mix,seed,board,deck,setup", CASES,
                         ids=[f"{mix_id(c[0])}-{c[1]}-{c[2]}-{c[3]}-{c[4]}" for c in CASES])
def test_a_cult_game_replays_from_its_referee_file_to_the_same_record(mix, seed, board, deck, setup):
    """LoR 10 in Rootlog: the referee's file of a random game seating the Cult reads with no error
    or note and replays to the identical engine record (every ritual, conspiracy, Outcast and
    random Fear of the Faithful discard), on every map and deck and with the Advanced Setup."""
    g = played(mix, seed, board, deck, setup)
    record = clean(write(g))
    back = replay(record, bot=g.bot, growth_caps=g.growth_caps, seats=g.factions)
    assert back.record == g.record and back.is_terminal() and back.scores == g.scores


def test_the_cults_clauses_are_rootlogs():
    """The forms of the V2.8 spec and its Cult games, read off our files: the Outcast clauses, a
    ritual's reveal and its piece, the Acolytes box as the Cult's board, gardens by suit."""
    texts, lines = [], []
    for k, mix in enumerate(CULT_MIXES[:3]):
        texts.append(write(played(mix, 7300 + k)))
        turns = [line for line in texts[-1].splitlines() if line[:2].isupper() and line[1:2] == ":"
                 and not line.startswith(("Map:", "Deck:", "Winner:")) and line[2:3] != " "]
        lines += [line for line in turns[1:] if line.startswith("L:")]      # (the first: setup)
    clauses = [c for line in lines for c in line[2:].split("/")]
    assert any(c.startswith("$_o->") for c in clauses) and any(c.startswith("$_ho->") for c in clauses)
    # Adjust Outcast (at the very start of Birdsong, after Better Burrow Bank's draws) on the Cult's
    # line, written only when the marker changes, as the games notate it
    assert sum(any(c.startswith(("$_o->", "$_ho->")) for c in line[2:].split("/")) for line in lines) >= 3
    assert any(c.endswith("^") and "#" in c for c in clauses)                      # a ritual's card revealed
    assert "w->$" in clauses and any(c.endswith("w$->") for c in clauses)           # Sacrifice; acolytes spent
    assert any(c.startswith(("b_f->", "b_r->", "b_m->")) for c in clauses)          # a garden built
    for text in texts:
        record = read_text(text, strict=True)
        assert any(isinstance(c, SetOutcast) for c in record.clauses())
        assert any(isinstance(c, Reveal) for c in record.clauses())


def test_each_cult_action_writes_its_form():
    """Action by action (the referee's file, entry by entry): Build `F#x^` and `b_f->5`, Recruit
    `F#x^` and `w->5`, Score the card from the hand and its VP, Sacrifice `B#x^` and `w->$`, Convert
    the enemy warrior removed and `w->5`, Sanctify the enemy building and the garden, a Crusade's
    acolytes `2w$->` (`w$->` on the Hated side)."""
    from wyrm_ai.model.redaction import REFEREE, events_seen
    from wyrm_ai.rootlog.writer import board_ferry, entry_clauses, outcast_of, placements
    seen = set()
    for k, mix in enumerate(CULT_MIXES[:2]):
        g = played(mix, 7400 + k)
        h = g.start()
        table = g.faction_ids
        suit = "frm"
        for a, evs in zip(g.record, g.events):
            act, seat, turn = decode(a), h.current_player, h.state.turn
            before = h.state.clone()
            ferry, outcast = board_ferry(h.board, h.state), outcast_of(h.state, table)
            h.apply(a)
            out = [c for c in entry_clauses(act, seat, events_seen(evs, REFEREE, table), turn, table,
                                            placed=placements(before, h.state, act, seat, table), board=h.board,
                                            ferry=ferry, outcast=outcast) if isinstance(c, str)]
            kind = act.kind
            if kind in ("lz_build", "lz_recruit"):
                c, t = act.args
                piece = f"b_{suit[h.suits[c]]}" if kind == "lz_build" else "w"
                assert out[:2] == [f"{CARDS[t].token}^", f"{piece}->{c + 1}"], out
            elif kind == "lz_score":
                assert out[0] == f"{CARDS[act.args[0]].token}L->"
            elif kind == "sacrifice":
                assert out == [f"{CARDS[act.args[0]].token}^", "w->$"], out
            elif kind == "convert":
                c, d = act.args
                assert out[0] == f"w->{c + 1}" and f"{'CEAVWMGL'[table[d]]}w{c + 1}->" in out, out
                assert any(x.endswith("w$->") for x in out), out
            elif kind == "sanctify":
                c, d, _ = act.args
                assert out[0] == f"b_{suit[h.suits[c]]}->{c + 1}", out       # (its VP: none once dominance is played)
                assert any(x.startswith(f"{'CEAVWMGL'[table[d]]}b") and x.endswith(f"{c + 1}->") for x in out), out
            elif kind == "faithful":
                assert out == [f"{CARDS[act.args[0]].token}L->"], out
            else:
                continue
            seen.add(kind)
    assert {"lz_build", "lz_recruit", "lz_score", "sacrifice", "convert"} <= seen, seen


@pytest.mark.parametrize("mix", CULT_MIXES[:2], ids=mix_id)
def test_a_seats_file_of_a_cult_game_names_no_card_it_did_not_see(mix):
    """The seat's and the public file mask only the draws hidden from them: the Cult's revealed,
    spent and randomly discarded cards are public (LoR 10.2.5, 10.5)."""
    seats_file_check(mix)


@pytest.mark.parametrize("record_text, ours", [
    ("R#^", "R#avisittofriends^"),             # orderly_eyrie: a ritual's card by suit only
    ("2B#^", "B#armorers^"),                   # two reveals: each covers one of ours
    ("#L->", "F#anvilL->"),                   # Fear of the Faithful's random discard, card unnamed
    ("F#L->", "F#anvilL->"),                  # a Score's card spent, by suit
    ("3w->$", "w->$"),                        # three Sacrifices' warriors to the Acolytes box
    ("2w$->", "w$->"),                        # a conspiracy's acolytes
    ("Lb_m9->", "Lb_m9->"),                   # another faction removes a mouse garden
])
def test_the_corpus_cult_clauses_cover_ours(record_text, ours):
    """The corpus writes cards by suit alone and counts together: each of its atoms covers what our
    writer writes for the action it records (match.covers)."""
    rec = text_atoms(record_text, "L")
    mine = text_atoms(ours, "L")
    assert all(any(covers(r.key, m.key) for r in rec) for m in mine)


@pytest.mark.skipif(not ORDERLY.is_file(), reason=f"the Rootlog corpus is not at {CORPUS}")
def test_the_corpus_cult_game_replays_past_the_cults_first_turns():
    """`2020_11_19_orderly_eyrie` (Fall, E&P, Pool CEOAL; players A, L, E, C, listed in draft order):
    every faction is the engine's and its pool is no draft the record writes, so replay starts the
    game (C first: the first round's order) and deals the opening hands, which no Rootlog game
    writes, from the seeded Generator, each card one the record later plays from that hand. It
    replays the setup (the Keep's garrison written after the buildings; the Eyrie's forced roost
    `b+6w->2`; the Cult's corner `4w+b_f->1/w->5+9+10` and its first Outcast, left out by the
    players and asked of `pick` among the suits the Cult's first `$_o->M` allows), the first round
    (the Cult's `$_o->M/R#^/w->5/2B#^/2w->$/#->L`; the Alliance's supporters written before their
    Spreads' tokens) and the Cat's second turn (an Outrage's draw before the hit's VP), and stops in
    the Eyrie's second turn at `R#C->` (23:33): Field Hospitals, which the record writes as the
    saved warrior moving to the Keep (`R#C->/Cw3->4`) and our writer as the hit's removal and the
    card spent (docs/rootlog.md, "The corpus, replayed")."""
    asked = []

    def pick(g, texts, at):
        asked.append((g.step, tuple(texts)))
        return texts[0]
    rep = Replay(read_file(ORDERLY), str(ORDERLY), chance=np.random.default_rng(1), pick=pick)
    assert rep.game.factions[rep.game.first] == "marquise" and set(rep.game.factions) == {
        "marquise", "eyrie", "alliance", "lizards"}
    assert rep.game.deck == "ep" and rep.game.setup == "standard"
    with pytest.raises(ReplayError) as e:
        rep.run()
    assert ("lizards_outcast", ("$_o->F", "$_o->R")) in asked
    lines = rep.game.record_lines()
    assert "L: 4w+b_f->1" in lines and "L: $_o->F" in lines
    cult = [line for line in lines if line.startswith("L: ") and "^" in line]
    assert len(cult) == 3 and cult[0].endswith("^/w->5") and all(x.endswith("^/w->$") for x in cult[1:])
    assert e.value.line == 23 and "`R#C->`" in str(e.value)


R2G3 = CORPUS / "2020_11_25_winter_tournament_r2g3.rootlog"


@pytest.mark.skipif(not R2G3.is_file(), reason=f"the Rootlog corpus is not at {CORPUS}")
def test_the_other_corpus_cult_game_stops_at_the_cults_first_birdsong():
    """`2020_11_25_winter_tournament_r2g3` (the Lake; the Cult plays first): the setup replays with
    its Outcast `$_o->F`; the Cult's first Birdsong then flips it to its Hated side (LoR 10.4.1: no
    single suit has the most Lost Souls, the pile being empty), which the record does not write --
    so at 21:23 no Outcast writes the setup's clause alone."""
    rep = Replay(read_file(R2G3), str(R2G3), chance=np.random.default_rng(1), pick=lambda g, t, at: t[0])
    with pytest.raises(ReplayError) as e:
        rep.run()
    assert e.value.line == 21 and "`$_o->F`" in str(e.value) and "lizards_outcast" in str(e.value)


def test_like_effects_written_together_are_read_action_by_action():
    """`2B#^/2w->$` (the corpus's two Sacrifices): the first Sacrifice reads a reveal and a warrior
    to the Acolytes, passing over the second reveal, which stays for the next one (match.fit_skipping;
    the strict fit, without passing over, does not read it)."""
    from wyrm_ai.rootlog.match import Candidate, Placed, fit, fit_skipping
    stream = [Placed(a, None, 1, 1) for t in ("2B#^", "2w->$") for a in text_atoms(t, "L")]
    sacrifice = Candidate(1, text_atoms("B#armorers^", "L") + text_atoms("w->$", "L"), (), "b#armorers^|w->$")
    assert fit_skipping(sacrifice, stream, 0, None) == (2, 3, (1,), 0)     # (no LATER atom passed over)
    assert fit(sacrifice, stream, 0, None) is None
    recruit = Candidate(2, text_atoms("B#armorers^", "L") + text_atoms("w->5", "L"), (), "x")
    assert fit_skipping(recruit, stream, 0, None) is None       # nothing like `w->5` there
