"""The Lord of the Hundreds in words and notation (issue 35; docs/notation.md, "Lord of the
Hundreds"; wyrm_ai/model/action_words.py, chance_words.py, narration.py): over seeded random games
of ("hundreds", "marquise", "wyrm") and ("hundreds", "corvids", "alliance", "wyrm"), every legal
action and chance outcome formats to a text that reads back as itself for the seat to move, every
Hundreds action has words of its own (no kind name left bare), every Hundreds step has step words,
every chance step of theirs a question, and every event of theirs a sentence."""
from __future__ import annotations

from test_duchy_notation import options, play
from wyrm_ai.model import action_words, chance_words, notation
from wyrm_ai.model.actions import decode, encode
from wyrm_ai.model.factions import HUNDREDS, MARQUISE, WYRM
from wyrm_ai.model.narration import sentence

MIXES = (("hundreds", "marquise", "wyrm"), ("hundreds", "corvids", "alliance", "wyrm"))
SEEDS = range(10)                 # ten games of each mix: twenty in all
# the Hundreds' own kinds the seeded games meet (an overflow's `hoard_out` is Lavish's kind too)
KINDS = {"lh_corner", "mob", "mob_die", "ruin_item", "anoint", "mood", "hoard_out", "contempt", "loot", "bitter",
         "lh_build", "incite", "jubilant"}
STEPS = {"hundreds_setup", "hundreds_birdsong", "mob_die", "raze_ruin", "hundreds_daylight", "hundreds_evening",
         "contempt", "loot", "loot_declare", "bitter"}
EVENTS = {"hoard", "contempt", "loot", "mob_die", "mob", "anoint", "mood", "lh_build", "ignored"}
HMW = (HUNDREDS, MARQUISE, WYRM)


def _walk():
    """(kinds met, steps met, event kinds met), asserting at every position of the seeded games."""
    kinds, steps, events = set(), set(), set()

    def check(g):
        seat, table, board = g.current_player, g.faction_ids, g.board
        steps.add(g.step)
        if g.is_chance_node() and g.step in STEPS:           # the mob die, a razed ruin's item: asked in words
            assert not chance_words.question(g).startswith("A chance event ("), g.step
        for a in options(g):
            kind = decode(a).kind
            text = notation.action_text(a, seat, table, board)
            assert notation.parse(text, seat, table, board) == a, (g.step, text, decode(a))
            assert notation.parse(notation.record_text(a, seat, table, board), seat, table, board) == a
            if seat >= 0 and table[seat] == HUNDREDS:
                words = action_words.explain(a, seat, g.step, table, g.state)
                assert words and words != kind, (g.step, kind, words)
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
    return kinds, steps, events


RESULT = {}


def walked():
    if not RESULT:
        RESULT["walk"] = _walk()
    return RESULT["walk"]


def test_lor_14_every_hundreds_action_and_outcome_reads_back():
    """Every legal action and chance outcome of the seeded games reads back from its text (bare and
    as a record line); the Hundreds' own kinds are all met (LoR 14.3-14.7), as are their steps."""
    kinds, steps, _ = walked()
    assert kinds == KINDS, KINDS - kinds
    assert STEPS <= steps, STEPS - steps


def test_lor_14_every_hundreds_event_has_a_sentence():
    """Every event of the seeded games is told in words, every kind of the Hundreds' met."""
    _, _, events = walked()
    assert events == EVENTS, EVENTS - events


def test_lor_14_every_hundreds_step_has_words():
    for step in STEPS | {"hoard_overflow"}:
        assert action_words.step_words(step) != step.replace("_", " ") and "_" not in action_words.STEP_WORDS[step]


def test_lor_14_the_hundreds_forms():
    """The documented forms (docs/notation.md): Rootlog V2.8's `w_w` and `#<mood>->$`, ours where it
    has none; a move of the warlord `(w_w+2w)1->5`; a hit on it `w_w5->`."""
    text = lambda kind, *a: notation.action_text(encode(kind, *a), 0, HMW)   # noqa: E731
    assert text("lh_corner", 0) == "w_w+4w+b->1"
    assert text("mood", 6) == "#stubborn->$"
    assert text("anoint", 11) == "w_w->12"
    assert text("mob", 4) == "t->5"
    assert text("hoard_out", 4) == "%s->"
    assert text("contempt", 0) == "contempt take" and text("contempt", 1) == "contempt score"
    assert text("loot", 0) == "loot" and text("loot", 5) == "loot %s"
    assert text("bitter", 4) == "bitter 5" and text("jubilant") == "jubilant"
    assert text("move", 0, 4, 1, 2) == "(w_w+2w)1->5" and text("move", 0, 4, 1, 0) == "w_w1->5"
    assert notation.parse("(w_w+1w)1->5", 0, HMW) == encode("move", 0, 4, 1, 1)
    assert text("remove", notation._core.PIECE_NAMES.index("pawn"), 4) == "w_w5->"
    assert notation.action_text(encode("mob_die", 0), -1, HMW) == "mob_die F"
    assert notation.action_text(encode("ruin_item", 4), -1, HMW) == "raze %s"
    assert notation.parse("p1->5", 2, HMW) == encode("move", 0, 4, 1, 0)       # the Wyrm's pawn is still `p`
