"""Replay of Rootlog records that our writer did not write whole (docs/rootlog.md "Replay"):
Rootlog's defaults (spec "Move": an omitted count is one, a card's omitted start the draw pile,
an omitted faction the player on turn), clauses combined or split differently, a decision the
record leaves open (its completions, and the API that picks one), a draw it does not name
(asked), a header out of the engine's reach (the error names its line), a clause that does not
read or that no legal action writes (file:line:col, the clause and the legal actions)."""
from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest

from test_rootlog_roundtrip import played
from wyrm_ai.rootlog import read_text
from wyrm_ai.rootlog.replay import Replay, ReplayAmbiguity, ReplayError, game_of, replay
from wyrm_ai.rootlog.writer import write

REPO = Path(__file__).resolve().parents[1]
CORPUS = REPO.parent / "shared" / "reference" / "rootlog"

HEADER = "Map: Fall\nDeck: Standard\nW: Wyn\nC: Cat\n"


@pytest.fixture(scope="module")
def game():
    return played(("marquise", "wyrm"), 3)


@pytest.fixture(scope="module")
def text(game):
    return write(game)


def lines_of(text):
    return text.splitlines()


def test_defaults_and_regrouping_read_the_same(game, text):
    """Spec "Move": `F#anvil->W` is one card from the draw pile; `2#->C`-style counts split into
    single draws, `(a+b)` groups and explicit factions on one's own turn mean what the separate
    clauses mean, so a record written otherwise replays to the same engine record."""
    lines = lines_of(text)
    setup = lines[4]
    turn, body = setup.split(":", 1)
    clauses = body.split("/")
    # the opening hands: write the Wyrm's three cards as one group, name the Wyrm on its own line
    cards = [c for c in clauses[:3]]
    assert all(c.endswith("->W") for c in cards)
    grouped = "(" + "+".join(c[:-3] for c in cards) + ")->W"
    again = [grouped] + ["W" + c if re.match(r"^(p|w|t)", c) else c for c in clauses[3:]]
    lines[4] = turn + ":" + "/".join(again)
    back = replay("\n".join(lines) + "\n", seats=game.factions)
    assert back.record == game.record


HAND_WRITTEN = """Map: Fall
Deck: Standard
C: Ann
W: Bob
C:3#->C/3#->W // the deal, the cards not named
C:t_k->1/w->1+2+4+5+6+7+8+9+10+11+12/b_s->1/b_w->5/b_r->10
W:p->3
C:t->1/b_s->2/t1->/++/w1->5/w2->5 // Birdsong's wood; the build pays it
"""


def test_a_hand_written_opening_replays():
    """Spec "Move": a card's omitted start is the draw pile (`3#->C`, three draws not named: asked),
    a piece's the supply, the faction the turn line's; several destinations each get one
    (`w->1+2+...`, the garrison); `++` one point. The Birdsong's wood `t->1` and the wood a build
    pays `t1->` (no choice: the engine does both by itself, and no action writes them) are passed
    over where nothing takes them (docs/rootlog.md "Replay": silent clauses)."""
    asked = []

    def chance(g, outcomes):
        asked.append(g.step)
        return outcomes[0]

    g = replay(HAND_WRITTEN, chance=chance)
    assert asked == ["deal"] * 6
    assert g.factions == ("marquise", "wyrm") and g.first == 0
    assert g.record_lines()[6:] == ["C: t_k->1", "C: b_s->1", "C: b_w->5", "C: b_r->10", "W: p->3",
                                    "C: b_s->2", "C: w1->5", "C: w2->5"]
    assert g.scores[0] == 1 and g.step == "marquise_daylight"


def test_a_decision_the_record_leaves_open_lists_its_completions(game, text):
    """Replay's rule 3: where the record's effects fit two legal actions the decision clause
    `!...` told apart, replay lists both (our notation) at the clause's line and column; `pick`
    takes one of them."""
    lines = lines_of(text)
    k = next(i for i, l in enumerate(lines) if "!w2->5/w2->5" in l)
    lines[k] = lines[k].replace("!w2->5/", "", 1)
    bare = "\n".join(lines) + "\n"
    with pytest.raises(ReplayAmbiguity) as e:
        replay(bare, "game.rootlog", seats=game.factions)
    assert set(e.value.completions) == {"w2->5", "terror Ww2->5"}
    assert f"game.rootlog:{k + 1}:" in str(e.value) and e.value.line == k + 1
    asked = []

    def pick(g, completions, at):
        asked.append((completions, at.line))
        return "w2->5"

    back = replay(bare, pick=pick, seats=game.factions)
    assert back.record == game.record and asked == [(asked[0][0], k + 1)]


def test_a_draw_the_record_does_not_name_is_asked(game):
    """Spec "Move": `#->C` draws a card not named. Replay asks the chance callback for it (with
    the legal outcomes), samples it from a seeded Generator, and without either says which
    outcome it lacks, where."""
    seat_text = write(game, "wyrm")          # the Marquise's draws are `#` to the Wyrm
    first_hidden = next(i for i, l in enumerate(lines_of(seat_text)) if "#->C" in l) + 1
    with pytest.raises(ReplayAmbiguity) as e:
        replay(seat_text, "w.rootlog", seats=game.factions)
    assert e.value.line == first_hidden and "deal" in str(e.value) and len(e.value.completions) > 3
    calls = []

    def chance(g, outcomes):
        calls.append(len(outcomes))
        return outcomes[0]

    rep = Replay(read_text(seat_text), chance=chance, seats=game.factions)
    for _ in range(6):                       # the deal: three named for the Wyrm, three asked
        rep.step()
    assert len(calls) == 3 and all(n > 30 for n in calls)
    rep = Replay(read_text(seat_text), chance=np.random.default_rng(5), seats=game.factions)
    for _ in range(6):
        rep.step()
    assert rep.game.record[:3] == game.record[:3] and len(rep.game.record) == 6


@pytest.mark.parametrize("header,line,what", [
    # the maps and decks are the engine's now (docs/maps.md, docs/ep-deck.md): what a record on
    # one lacks is named instead
    # (the Riverfolk Company are held since issue 33, the Keepers in Iron since issue 35: every faction
    # letter of the spec is held, so a player line of our draft's `U` -- a player who has not chosen --
    # outside a draft stands where theirs did)
    ("Map: Winter\nDeck: E&P\nClearings: F1, M2, R3, F4, M5, R6, F7, M8, R9, F10, M11, R12\nC: a\nU: b\n",
     5, "the faction Undrafted player"),
    # (the Corvid Conspiracy are held since issue 34, the Lord of the Hundreds and the Keepers in Iron
    # since issue 35)
    ("Map: Lake\nDeck: Standard\nClearings: F1, M2, R3, F4, M5, R6, F7, M8, R9, F10, M11, R12\nC: a\nU: b\n",
     5, "the faction Undrafted player"),
    # (the Underground Duchy are held since issue 34, the Lord of the Hundreds and the Keepers in Iron
    # since issue 35)
    ("Map: Fall\nDeck: Standard\nC: a\nU: b\n", 4, "U:"),
    # (a header line the engine lacks is named before the players: hirelings, whichever faction sits)
    ("Map: Fall\nDeck: Standard\nHirelings: h_C, h_E, h_V\nC: a\nK: b\n", 3, "`Hirelings:`"),
])
def test_a_game_out_of_the_engines_reach_names_the_header_line(header, line, what):
    with pytest.raises(ReplayError) as e:
        replay(header + "C:t_k->1\n", "x.rootlog")
    assert e.value.line == line and what in str(e.value) and str(e.value).startswith(f"x.rootlog:{line}:")


@pytest.mark.parametrize("deck, ours", [("Standard", "standard"), ("E&P", "ep")])
def test_the_deck_line_starts_the_game_on_that_deck(deck, ours):
    """LoR 16.1.2: `Deck: E&P` replays on the Exiles & Partisans deck (its cards are dealt),
    `Deck: Standard` on the standard one."""
    g = game_of(read_text(f"Map: Fall\nDeck: {deck}\nC: a\nE: b\n"), "x.rootlog")
    assert g.deck == ours
    dealt = {g.describe(a) for a, _ in g.chance_outcomes()}      # the opening deal's draws
    assert ("draw B#saboteurs" in dealt) == (ours == "ep") and ("draw B#armorers" in dealt) == (ours == "standard")

CORPUS_FILES = sorted(CORPUS.rglob("*.rootlog")) if CORPUS.is_dir() else []


# the corpus's games whose factions the engine holds (the Lizard Cult, issue 33; the second
# Vagabond, LoR 9.7; the Underground Duchy and, since issue 34 item 4, the Corvid Conspiracy: every
# game of the corpus): their `Pool:` is no draft the record writes, so they replay from the header
HELD = {"2020_11_19_orderly_eyrie", "2020_11_25_winter_tournament_r2g3", "2020_11_19_winter_tournament_r1g2",
        "rootlogparser-test-test2String", "2020_11_26_winter_tournament_r1g3",
        "2020_11_08_mega_exploding_birds", "2020_11_20_winter_tournament_r1g5", "2020_11_24_winter_tournament_r2g4",
        "2020_12_05_after_dark_special", "rootlogparser-test-afterDarkSpecial", "rootlogparser-test-testString"}


@pytest.mark.skipif(not CORPUS_FILES, reason=f"the Rootlog corpus is not at {CORPUS} (see issue 16)")
@pytest.mark.parametrize("path", CORPUS_FILES, ids=lambda p: p.stem)
def test_every_corpus_game_is_out_of_reach_or_replays_until_a_clause(path):
    """A corpus game seating a faction the engine lacks (its map and deck are the engine's) says so
    at the player line (none does since the Corvid Conspiracy are held). The games of factions we
    hold (every one) start from the header (the players in the
    first round's order: the spec lists them in draft order) and replay until a clause stops them
    (docs/rootlog.md, "The corpus, replayed"): a ReplayError at a turn line, never at the header."""
    from wyrm_ai.rootlog import read_file
    record = read_file(path)
    lines = path.read_text(encoding="utf-8").splitlines()
    if path.stem in HELD:
        rep = Replay(record, str(path), chance=np.random.default_rng(1), pick=lambda g, texts, at: texts[0])
        with pytest.raises(ReplayError) as e:
            rep.run()
        assert e.value.line > len(record.header.players) + 2 and re.match(r"[A-Z]:", lines[e.value.line - 1])
        return
    with pytest.raises(ReplayError) as e:
        Replay(record, str(path))
    text = lines[e.value.line - 1]
    assert e.value.line > 0 and text.split(":")[0] in str(e.value)
    assert re.match(r"[A-Z]:", text) and "the engine does not hold the faction" in str(e.value)


def test_a_pool_no_pick_of_which_is_written_names_the_players_choices_only():
    """A `Pool:` whose draft the record does not write (the corpus's tournament games) is not a
    draft replay can follow: the game seats the player lines' factions, in the first round's turn
    order (the spec lists the players in draft order), with the Standard Setup."""
    text = ("Map: Fall\nDeck: Standard\nPool: CEAV\nE: b\nC: a\n"
            "C:t_k->1\nE:#despot->$\nC:\nE:\n")
    g = game_of(read_text(text), "x.rootlog")
    assert set(g.factions) == {"marquise", "eyrie"} and g.factions[g.first] == "marquise"
    assert g.setup == "standard" and g.draft is None


def test_a_clause_no_legal_action_writes_is_an_error_at_its_place(game, text):
    lines = lines_of(text)
    k = next(i for i, l in enumerate(lines) if l.startswith("C:") and i > 4)
    turn, body = lines[k].split(":", 1)
    lines[k] = f"{turn}:9w3->11/{body}"
    with pytest.raises(ReplayError) as e:
        replay("\n".join(lines) + "\n", "g.rootlog", seats=game.factions)
    msg = str(e.value)
    # replay takes what fits (a march of one warrior of the nine), then finds that nothing takes the
    # rest; the error names the legal actions where the rest of the clause was first met
    assert msg.startswith(f"g.rootlog:{k + 1}:3: `9w3->11`: no legal action (marquise_")
    assert "writes it; legal: " in msg and "w3->11" in msg


def test_a_clause_that_does_not_read_is_an_error_at_its_column(game, text):
    lines = lines_of(text)
    lines[5] = lines[5][:2] + "b_s->13/" + lines[5][2:]
    with pytest.raises(ReplayError) as e:
        replay("\n".join(lines) + "\n", "g.rootlog")
    assert str(e.value).startswith("g.rootlog:6:") and "13" in str(e.value)


def test_the_record_may_stop_before_the_game_ends(game, text):
    lines = lines_of(text)
    short = "\n".join(lines[:7]) + "\n"
    g = replay(short, seats=game.factions)
    assert not g.is_terminal() and 0 < len(g.record) < len(game.record)
    assert g.record == game.record[:len(g.record)]


def test_mutated_records_give_errors_never_a_crash(game, text):
    """A record edited at random (a clause dropped, two swapped, a digit or letter changed) replays
    or stops with a ReplayError or RootlogError at a place in the file: never another exception."""
    from wyrm_ai.model.errors import WyrmError
    from wyrm_ai.rootlog import RootlogError
    rng = np.random.default_rng(16)
    lines = lines_of(text)
    turns = [i for i, l in enumerate(lines) if re.match(r"[A-Z]:", l) and i >= 4]
    outcomes = {"ok": 0, "error": 0}
    for _ in range(40):
        edited = list(lines)
        k = int(rng.choice(turns))
        head, body = edited[k].split(":", 1)
        clauses = body.split("/")
        j = int(rng.integers(len(clauses)))
        how = int(rng.integers(4))
        if how == 0 and len(clauses) > 1:
            del clauses[j]
        elif how == 1 and len(clauses) > 1:
            i = int(rng.integers(len(clauses)))
            clauses[i], clauses[j] = clauses[j], clauses[i]
        else:
            c = clauses[j]
            p = int(rng.integers(len(c)))
            clauses[j] = c[:p] + str(rng.choice(list("0123456789wbtpCWX#>-/"))) + c[p + 1:]
        edited[k] = head + ":" + "/".join(clauses)
        try:
            replay("\n".join(edited) + "\n", "m.rootlog", chance=np.random.default_rng(1),
                   pick=lambda g, completions, at: completions[0], seats=game.factions)
            outcomes["ok"] += 1
        except (ReplayError, RootlogError) as e:
            assert isinstance(e, WyrmError) and str(e).startswith("m.rootlog:")
            outcomes["error"] += 1
    assert outcomes["error"] > 10
