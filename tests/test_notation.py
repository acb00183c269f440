"""Action notation (docs/notation.md): every legal action has a text that reads back as the same
action; the Rootlog forms; seat prefixes; errors that name the text and change nothing."""
from __future__ import annotations

import numpy as np
import pytest

from wyrm_ai import _core
from wyrm_ai.model import notation
from wyrm_ai.model.actions import decode, encode
from wyrm_ai.model.cards import card
from wyrm_ai.model.errors import IllegalActionError, NotationError, WyrmError
from wyrm_ai.model.game import Game
from wyrm_ai.ai.players import RandomPlayer

MARQUISE, WYRM, CHANCE = 0, 1, -1


def positions(n_games: int, seed0: int = 0, every: int = 1):
    """(game, seat) at sampled positions of seeded random games, finished games included."""
    for seed in range(seed0, seed0 + n_games):
        g = Game(first=seed % 2)
        rng = np.random.default_rng(seed)
        players = {0: RandomPlayer(seed + 11), 1: RandomPlayer(seed + 12)}
        i = 0
        while not g.is_terminal():
            if i % every == 0:
                yield g, g.current_player
            seat = g.current_player
            g.apply(g.sample_chance(rng) if seat == CHANCE else players[seat].choose(g))
            i += 1


def test_every_legal_action_text_reads_back():
    seen_kinds = {0: set(), 1: set(), -1: set()}
    n_positions = 0
    for g, seat in positions(40):
        n_positions += 1
        legal = g.legal_actions()
        texts = [notation.action_text(a, seat) for a in legal]
        assert len(set(texts)) == len(texts), (g.step, texts)    # no two legal actions share a text
        for a, text in zip(legal, texts):
            assert notation.parse(text, seat) == a, (seat, a, text, g.step)
            # the record line, with its seat prefix, reads back too
            assert notation.parse(notation.record_text(a, seat), seat) == a, (seat, a)
            # spacing and case do not matter
            assert notation.parse(f"  {text.upper()}  ", seat) == a, (seat, text)
            seen_kinds[seat].add(decode(a).kind)
        assert g.legal_texts() == texts
    assert n_positions > 5000
    # the games exercised a good part of the notation
    assert {"draw", "dice"} <= seen_kinds[-1]
    assert {"pass", "move", "battle", "build", "recruit", "keep"} <= seen_kinds[0]
    assert {"pass", "move", "battle", "pawn_to", "intimidate", "fear", "terror", "eat"} <= seen_kinds[1]


def test_record_lines_read_back_through_replay():
    for g, _ in positions(1):
        pass
    lines = g.record_lines()
    replayed = Game(first=g.first)
    for line in lines:
        replayed.apply(line)          # text with its prefix, as a person would paste a record
    assert replayed.state == g.state and replayed.record == g.record


# ---- the Rootlog forms -----------------------------------------------------------------------

def c(n):
    return n - 1


@pytest.mark.parametrize("text,seat,action", [
    ("4w10->4", MARQUISE, ("move", c(10), c(4), 0, 4)),
    ("w10->4", MARQUISE, ("move", c(10), c(4), 0, 1)),
    ("1w10->4", MARQUISE, ("move", c(10), c(4), 0, 1)),
    ("12w1->5", MARQUISE, ("move", c(1), c(5), 0, 12)),
    ("2w3->7", WYRM, ("move", c(3), c(7), 0, 2)),
    ("p5->1", WYRM, ("move", c(5), c(1), 1, 0)),
    ("(p+w)5->1", WYRM, ("move", c(5), c(1), 1, 1)),
    ("(p+1w)5->1", WYRM, ("move", c(5), c(1), 1, 1)),
    ("(p+2w)5->1", WYRM, ("move", c(5), c(1), 1, 2)),
    ("XW5", MARQUISE, ("battle", c(5), WYRM)),
    ("XC5", WYRM, ("battle", c(5), MARQUISE)),
    ("XW12", MARQUISE, ("battle", c(12), WYRM)),
    ("pass", MARQUISE, ("pass",)),
    ("pass", WYRM, ("pass",)),
    ("t_k->1", MARQUISE, ("keep", c(1))),
    ("b_s->5", MARQUISE, ("build", 0, c(5))),
    ("b_w->5", MARQUISE, ("build", 1, c(5))),
    ("b_r->11", MARQUISE, ("build", 2, c(11))),
    ("recruit", MARQUISE, ("recruit",)),
    ("w->5", MARQUISE, ("place_warrior", c(5))),
    ("t->5", MARQUISE, ("place_wood", c(5))),
    ("t->5", WYRM, ("fear", c(5))),
    ("p->5", WYRM, ("pawn_to", c(5))),
    ("2w->5", WYRM, ("intimidate", c(5), 2)),
    ("0w->5", WYRM, ("intimidate", c(5), 0)),
    ("return bite", WYRM, ("return", 0)),
    ("return might", WYRM, ("return", 2)),
    ("terror Cw5->1", WYRM, ("terror", c(5), c(1), MARQUISE)),
    ("terror Ww5->1", WYRM, ("terror", c(5), c(1), WYRM)),
    ("p->4_9_12", WYRM, ("forest", 3)),
    ("p->1_2_5_10", WYRM, ("forest", 0)),
    ("w5->", MARQUISE, ("remove", 0, c(5))),
    ("b_s5->", MARQUISE, ("remove", 1, c(5))),
    ("t5->", MARQUISE, ("remove", 4, c(5))),
    ("t_k1->", MARQUISE, ("remove", 5, c(1))),
    ("w5->", WYRM, ("remove", 6, c(5))),
    ("p5->", WYRM, ("remove", 7, c(5))),
    ("t5->", WYRM, ("remove", 8, c(5))),
    ("%g->", WYRM, ("lair", 7)),
    ("%s->", WYRM, ("lair", 4)),
    ("roll 3,1", CHANCE, ("dice", 3, 1)),
    ("roll 0,0", CHANCE, ("dice", 0, 0)),
])
def test_rootlog_forms(text, seat, action):
    assert notation.parse(text, seat) == encode(*action)


@pytest.mark.parametrize("token", ["F#anvil", "M#roottea", "R#smugglerstrail", "B#crossbow",
                                   "M#crossbow", "F#travelgear"])
def test_card_forms(token):
    t = card(token).id
    for seat in (MARQUISE, WYRM):
        assert notation.parse(f"Z{token}", seat) == encode("craft", t)
        assert notation.parse(f"{token}->", seat) == encode("discard", t)
    assert notation.parse(f"draw {token}", CHANCE) == encode("draw", t)
    assert notation.parse(token, CHANCE) == encode("draw", t)
    assert notation.parse(f"overwork 5 {token}", MARQUISE) == encode("overwork", c(5), t)
    assert notation.parse(f"hoard 5 {token}", WYRM) == encode("hoard", c(5), t)
    assert notation.parse(f"eat {token} height", WYRM) == encode("eat", t, 1)


def test_ambush_and_bird_cards():
    assert notation.parse("F#ambush@", MARQUISE) == encode("ambush", card("F#ambush").id)
    assert notation.parse("B#ambush@", WYRM) == encode("ambush", card("B#ambush").id)
    assert notation.parse("extra B#armorers", MARQUISE) == encode("extra", card("B#armorers").id)
    assert notation.parse("hospital F#anvil", MARQUISE) == encode("hospital", card("F#anvil").id)


# ---- seat prefixes ---------------------------------------------------------------------------

@pytest.mark.parametrize("text,seat", [
    ("C:XW5", MARQUISE), ("C: XW5", MARQUISE), ("c:xw5", MARQUISE), ("  C:  X W 5 ", MARQUISE),
    ("W:XC5", WYRM), ("w: xc5", WYRM), ("W: pass", WYRM), ("C: pass", MARQUISE),
    ("?: roll 3,1", CHANCE), ("?:draw F#anvil", CHANCE),
])
def test_matching_prefix_is_accepted(text, seat):
    body = text.split(":", 1)[1]
    assert notation.parse(text, seat) == notation.parse(body, seat)


@pytest.mark.parametrize("text,seat", [
    ("W:XW5", MARQUISE), ("C:XC5", WYRM), ("W: pass", MARQUISE), ("C: pass", WYRM),
    ("?: pass", MARQUISE), ("C: roll 3,1", CHANCE), ("w:pass", MARQUISE),
])
def test_prefix_of_the_wrong_seat_is_illegal(text, seat):
    with pytest.raises(IllegalActionError):
        notation.parse(text, seat)


def test_spaces_around_the_prefix_colon():
    """docs/notation.md: 'Text is read without regard to case or spaces.'"""
    assert notation.parse("C : XW5", MARQUISE) == encode("battle", c(5), WYRM)
    assert notation.parse(" w :pass", WYRM) == encode("pass")


@pytest.mark.parametrize("text,seat,expected", [
    ("  xw5  ", MARQUISE, ("battle", c(5), WYRM)),
    ("X W 5", MARQUISE, ("battle", c(5), WYRM)),
    ("zf#ANVIL", MARQUISE, ("craft", 15)),
    ("4 W 10 -> 4", MARQUISE, ("move", c(10), c(4), 0, 4)),
    ("PASS", WYRM, ("pass",)),
    ("Return  BITE", WYRM, ("return", 0)),
    ("\tb_S->5\n", MARQUISE, ("build", 0, c(5))),
    ("ROLL 3, 1", CHANCE, ("dice", 3, 1)),
])
def test_whitespace_and_case_do_not_matter(text, seat, expected):
    assert card("F#anvil").id == 15
    assert notation.parse(text, seat) == encode(*expected)


# ---- malformed text --------------------------------------------------------------------------

@pytest.mark.parametrize("text,seat", [
    ("", MARQUISE), ("   ", WYRM), ("hello", MARQUISE), ("XW13", MARQUISE), ("XW0", MARQUISE),
    ("XC5", MARQUISE),          # the Marquise cannot battle herself
    ("XW5", WYRM), ("4w10->", MARQUISE), ("->4", MARQUISE), ("w10->10", MARQUISE),
    ("26w1->5", MARQUISE), ("p5->1", MARQUISE),   # the Marquise has no pawn
    ("recruit", WYRM), ("return bite", MARQUISE), ("ZF#nonsense", MARQUISE), ("Z", WYRM),
    ("pass pass", MARQUISE), ("roll 4,1", CHANCE), ("pass", CHANCE),
    ("draw F#anvil", MARQUISE), ("C:", MARQUISE), ("p->13", WYRM), ("p->1_2_3", WYRM),
    ("b_x->5", MARQUISE), ("t_k->13", MARQUISE), ("%z->", WYRM), ("b_s5->", WYRM),
    ("XW5 ; rm -rf /", MARQUISE), ("XW\u00a05x", MARQUISE), ("4w10→4", MARQUISE),
])
def test_malformed_text_is_a_notation_error_naming_the_text(text, seat):
    with pytest.raises(NotationError) as err:
        notation.parse(text, seat)
    msg = str(err.value)
    assert text.strip() in msg or repr(text.strip()) in msg, msg


@pytest.mark.parametrize("bad", [None, 5, 3.0, b"XW5", ["XW5"]])
def test_non_text_is_a_notation_error(bad):
    with pytest.raises(NotationError):
        notation.parse(bad, MARQUISE)


def test_notation_error_is_a_wyrm_error_and_value_error():
    assert issubclass(NotationError, WyrmError) and issubclass(NotationError, ValueError)


# ---- errors leave the game untouched -----------------------------------------------------------

def _daylight_game():
    """A Marquise daylight decision in a seeded game."""
    for g, seat in positions(3, seed0=100):
        if g.step == "marquise_daylight" and len(g.record) > 30:
            return g.clone()
    raise AssertionError("no Marquise daylight reached")


def _wyrm_day_game():
    for g, seat in positions(3, seed0=200):
        if g.step == "wyrm_daylight" and len(g.record) > 30:
            return g.clone()
    raise AssertionError("no Wyrm daylight reached")


def _unchanged(g, fn, exc):
    before = (g.state.state_bytes(), list(g.record), g.record_lines())
    with pytest.raises(exc) as err:
        fn()
    assert (g.state.state_bytes(), list(g.record), g.record_lines()) == before
    return err.value


def test_errors_change_nothing_marquise():
    g = _daylight_game()
    legal = set(g.legal_actions())
    for text in ("hello", "XW13", "", "p5->1", "return bite", "C : nonsense", "roll 3,1"):
        err = _unchanged(g, lambda: g.apply(text), NotationError)
        assert text.strip() in str(err)
    # well formed, but not legal now
    illegal = [t for t in ("XW1", "XW2", "XW3", "XW4", "b_s->1", "t_k->1", "F#anvil->", "w->3",
                           "hospital F#anvil", "12w1->5")
               if notation.parse(t, MARQUISE) not in legal]
    assert len(illegal) >= 5
    for text in illegal:
        _unchanged(g, lambda: g.apply(text), IllegalActionError)
    _unchanged(g, lambda: g.apply("W: pass"), IllegalActionError)
    # and a legal text works and records the right int
    a = g.legal_actions()[-1]
    text = notation.action_text(a, MARQUISE)
    assert g.apply("C: " + text.upper()) == a and g.record[-1] == a


def test_errors_change_nothing_wyrm():
    g = _wyrm_day_game()
    legal = set(g.legal_actions())
    _unchanged(g, lambda: g.apply("recruit"), NotationError)
    _unchanged(g, lambda: g.apply("C: pass"), IllegalActionError)
    for text in ("return bite", "p->4_9_12", "%g->", "eat F#anvil bite", "hoard 1 F#anvil"):
        if notation.parse(text, WYRM) not in legal:
            _unchanged(g, lambda: g.apply(text), IllegalActionError)
    assert g.apply("W:pass") == 0


def test_chance_text_at_a_chance_node():
    g = Game(first="wyrm")
    assert g.current_player == CHANCE
    outcomes = dict(g.chance_outcomes())
    for a in outcomes:
        assert notation.parse(notation.action_text(a, CHANCE), CHANCE) == a
    _unchanged(g, lambda: g.apply("pass"), NotationError)
    _unchanged(g, lambda: g.apply("roll 3,1"), IllegalActionError)   # no battle going on
    _unchanged(g, lambda: g.apply("C: draw F#anvil"), IllegalActionError)
    g.apply("?: draw F#anvil")
    assert g.state.to_dict()["hand"][WYRM][card("F#anvil").id] == 1
    # the Anvil is the only one of its kind: drawing it again is illegal
    _unchanged(g, lambda: g.apply("F#anvil"), IllegalActionError)
