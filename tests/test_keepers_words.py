"""The Keepers in Iron in words and notation (issue 35; docs/notation.md, "Keepers in Iron";
wyrm_ai/model/notation.py, action_words.py, chance_words.py, narration.py): over seeded random games
at Keepers tables (beside the Marquise and the Wyrm; with the Hundreds, whose Raze removes relics; with
the Corvids and the Alliance; with the Vagabond, who strikes relics), every legal action and chance
outcome formats to a text that reads back as itself for the seat to move (bare and as a record
line), every Keepers action has words of its own (no kind name left bare; a relic named by its type
and place, a waystation by its faces), every Keepers step has step words, every chance step of theirs
a question, and every event of theirs a sentence; a game's record replays from its text."""
from __future__ import annotations

import pytest

from test_duchy_notation import options, play, reads_back
from wyrm_ai import _core
from wyrm_ai.model import action_words, chance_words, notation
from wyrm_ai.model.actions import decode, encode
from wyrm_ai.model.factions import KEEPERS, MARQUISE, WYRM
from wyrm_ai.model.narration import COLUMN_TITLES, sentence

MIXES = (("keepers", "marquise", "wyrm"), ("hundreds", "keepers", "marquise", "wyrm"),
         ("keepers", "corvids", "alliance", "wyrm"), ("keepers", "vagabond", "eyrie", "wyrm"))
SEEDS = range(4)                  # four games of each mix: sixteen in all
# the Keepers' own kinds (LoR 15) and their chance outcomes (a setup relic, a delved relic's value);
# Prized Trophies' `trophy` is whoever removed the relic
KINDS = {"ki_setup", "ki_relic", "encamp", "decamp", "ki_recruit", "delve_at", "delve", "relic_value", "recover",
         "carry", "trophy", "retinue_add", "retinue_shift"}
STEPS = {"keepers_setup", "relic_setup", "keepers_birdsong", "keepers_daylight", "delve", "relic_value",
         "keepers_evening", "carry", "trophy"}
EVENTS = {"relic", "delve", "relic_value", "recover", "carry", "trophy", "encamp", "decamp", "retinue"}
CHANCE_STEPS = {"relic_setup", "relic_value"}
KMW = (KEEPERS, MARQUISE, WYRM)
RELIC_WORDS = ("figure", "tablet", "jewelry")


def _walk():
    """(kinds met, steps met, event kinds met, words met by kind), asserting at every position."""
    kinds, steps, events, said = set(), set(), set(), {}

    def check(g):
        seat, table, board = g.current_player, g.faction_ids, g.board
        steps.add(g.step)
        if g.is_chance_node() and g.step in CHANCE_STEPS:        # a setup relic, a flip: asked in words
            assert not chance_words.question(g).startswith("A chance event ("), g.step
        for a in options(g):
            kind = decode(a).kind
            text = notation.action_text(a, seat, table, board)
            assert notation.parse(text, seat, table, board) == a, (g.step, text, decode(a))
            assert notation.parse(notation.record_text(a, seat, table, board), seat, table, board) == a
            keeper = seat >= 0 and table[seat] == KEEPERS
            if keeper or kind in KINDS:
                words = action_words.explain(a, seat, g.step, table, g.state)
                assert words and words != kind, (g.step, kind, words)
                said.setdefault(kind, set()).add(words)
                if keeper and g.step == "keepers_daylight" and kind in ("move", "battle"):
                    # the card the Retinue's action uses (LoR 15.5.2; I-C18: chosen by rule)
                    assert "uses " in words and " column" in words, words
            if kind in KINDS:
                kinds.add(kind)

    for mix in MIXES:
        for seed in SEEDS:
            g = play(mix, seed, visit=check)
            for evs in g.events:
                for e in evs:
                    assert sentence(e), e
                    if e.kind in EVENTS:
                        events.add(e.kind)
    return kinds, steps, events, said


RESULT = {}


def walked():
    if not RESULT:
        RESULT["walk"] = _walk()
    return RESULT["walk"]


def test_lor_15_every_keepers_action_and_outcome_reads_back():
    """LoR 15.3-15.6 (I-8..I-31): every legal action and chance outcome of the seeded games reads back
    from its text (bare and as a record line); the Keepers' own kinds are all met, as are their steps
    (setup, Birdsong, Daylight, a delve, a flip, Evening, a carry, a trophy)."""
    kinds, steps, _, _ = walked()
    assert kinds == KINDS, KINDS - kinds
    assert STEPS <= steps, STEPS - steps


def test_lor_15_every_keepers_event_has_a_sentence():
    """Every event of the seeded games is told in words, every kind of the Keepers' met (I-8 a setup
    relic, I-15/16 Encamp and Decamp, I-22 a delve and its flip, I-25 a recovery, I-6 a carry, I-7 a
    trophy, I-30 the Retinue)."""
    _, _, events, _ = walked()
    assert events == EVENTS, EVENTS - events


def test_lor_15_keepers_words_name_relics_waystations_and_columns():
    """The words name a relic by its type and place (LoR 15.2.1: a face-down one without a value,
    I-T1), a waystation by its faces and the one up (15.2.2), a Retinue card and its column (15.5.2),
    what a setup relic and a flip are; a pass says what it ends."""
    _, _, _, said = walked()
    for kind in ("delve", "recover", "carry"):
        assert all(any(t in w for t in RELIC_WORDS) and ("clearing" in w or "forest" in w) for w in said[kind]), kind
    assert any("face-down" in w and "forest" in w for w in said["delve"])
    assert all("waystation showing" in w and "on its back" in w for w in said["encamp"])
    assert all("/" in w and " up)" in w for w in said["decamp"])
    assert all(any(f"the {c} column" in w for c in COLUMN_TITLES) for w in said["retinue_add"] | said["retinue_shift"])
    assert all("face down in the forest" in w for w in said["ki_relic"])
    assert all("turns face up: value" in w for w in said["relic_value"])
    assert all("Prized Trophies" in w and "forest" in w for w in said["trophy"])
    passes = said["pass"]
    for words in ("end Encamp", "end the Move column", "end the Battle then Delve column", "draw"):
        assert any(words in w for w in passes), words


def test_lor_15_every_keepers_step_has_words():
    """Every Keepers step has words of its own (the status line), a chance one a question."""
    for step in STEPS | {"recover"}:
        assert action_words.step_words(step) != step.replace("_", " ") and "_" not in action_words.STEP_WORDS[step]
    assert CHANCE_STEPS <= set(chance_words.QUESTIONS)


def test_lor_15_the_keepers_forms():
    """The documented forms (docs/notation.md, "Keepers in Iron"): Rootlog V2.8's pieces (a warrior
    `w`, a waystation by its faces `b_f_t`, the face up first, a relic `t_f`), the Retinue as the
    Keepers' board `$_m` `$_b` `$_r`; ours for a relic's moves (which of the twelve: `figure1` ..
    `jewelry4`), the Battle then Delve with no battle, a flip's value and Prized Trophies' forest."""
    text = lambda kind, *a: notation.action_text(encode(kind, *a), 0, KMW)   # noqa: E731
    anvil = notation.CARDS[[c.token for c in notation.CARDS].index("F#anvil")].id
    assert text("ki_setup", 0) == "4w->1"
    assert text("encamp", 4, 0, 0) == "b_f_t->5" and text("encamp", 4, 0, 1) == "b_t_f->5"
    assert text("encamp", 9, 2, 0) == "b_j_f->10" and text("decamp", 9, 1) == "b_t_j10->"
    assert text("ki_recruit", anvil, 4) == "F#anvil->/2w->5"
    assert text("delve_at", 5) == "delve 6" and text("delve", 5) == "delve tablet2"
    assert text("recover", 11) == "recover jewelry4" and text("carry", 0) == "carry figure1"
    assert text("retinue_add", anvil, 2) == "F#anvil->$_r"
    assert text("retinue_shift", 0, 1, anvil) == "F#anvil$_m->$_b"
    assert text("retinue_shift", 2, 0, _core.NUM_CARD_TYPES) == "B#retainer$_r->$_m"
    assert notation.action_text(encode("trophy", 6), 1, KMW) == "trophy 3_6_11"      # the Marquise's choice
    assert notation.action_text(encode("ki_relic", 0, 2), -1, KMW) == "t_j->1_2_5_10"
    assert notation.action_text(encode("relic_value", 2), -1, KMW) == "value 3"
    piece = notation._core.PIECE_NAMES.index
    assert text("remove", piece("waystation"), 4) == "b5->" and text("remove", piece("relic"), 4) == "t5->"
    assert notation.action_text(encode("remove", piece("relic"), 4), 1, KMW) == "Kt5->"   # on another's lips
    assert notation.parse("K: Delve Tablet2", 0, KMW) == encode("delve", 5)


@pytest.mark.parametrize("mix", [("keepers", "marquise", "wyrm"), ("hundreds", "keepers", "marquise", "wyrm")],
                         ids=["KCW", "HKCW"])
@pytest.mark.parametrize("board", ("autumn", "lake"))
def test_lor_15_a_keepers_game_replays_from_its_record_text(mix, board):
    """LoR 15 (I-8..I-31): at every decision and chance event of a seeded game with the Keepers on
    Autumn and the Lake (its forests named by its own clearings) each legal action reads back, and the
    game's record replays from its text to the same state."""
    steps = reads_back(mix, board, seed=2)
    assert {"keepers_birdsong", "keepers_daylight", "keepers_evening"} <= steps
