"""The Underground Duchy in notation (issue 34; docs/notation.md, "Underground Duchy";
docs/duchy-corvids.md §4): every legal action and chance outcome of random games seating the Duchy
has one text that reads back as itself for the seat to move, records replay from their text, the
Duchy's forms are the documented ones (Rootlog V2.8's where it has a form, the Burrow its clearing
`0`: `w->0`, `3w0->5`, `2w5->0`, `b_c->4`, `b_m->4`, `M#anvil^`, `#captain->$`, `#brigadierD$->`;
our words where it has none: `minister captain`, `bank M#anvil`, `tunnel_off 5`), the Wyrm's
Terrorize into the Burrow is `terror Dw9->0` (W-MP-21), and other factions name the Duchy's pieces
with its letter D."""
from __future__ import annotations

import numpy as np
import pytest

from mixes import mix_id, new_game, players_for
from wyrm_ai import _core
from wyrm_ai.model import notation
from wyrm_ai.model.actions import KINDS, Action, decode, encode
from wyrm_ai.model.cards import card
from wyrm_ai.model.errors import NotationError
from wyrm_ai.model.factions import (DUCHY, LETTERS, LIZARDS, MARQUISE, UNDRAFTED, UNDRAFTED_LETTER, WYRM,
                                    faction_id, letter)
from wyrm_ai.model.game import Game

# tables seating the Duchy (tests/mixes.py has none yet: the suite's to add): with the Wyrm at two and
# three seats, beside the Riverfolk and the Eyrie, the Vagabond and the Alliance, the Cult
DUCHY_MIXES = (("duchy", "wyrm"), ("marquise", "duchy", "wyrm"), ("duchy", "riverfolk", "eyrie", "wyrm"),
               ("vagabond", "duchy", "alliance"), ("lizards", "duchy"))
DUCHY_KINDS = {"burrow", "dc_corner", "dc_build", "reveal", "dc_recruit", "dig", "tunnel_off", "minister", "sway",
               "bank", "failure", "fail_card"}
DUCHY_STEPS = {"duchy_corner", "duchy_daylight", "duchy_reveal", "duchy_dig", "duchy_tunnel", "duchy_parliament",
               "duchy_minister", "duchy_sway", "duchy_evening", "price_of_failure", "failure_discard"}
CDW = (MARQUISE, DUCHY, WYRM)
ANVIL = card("F#anvil").id
MOLE, CITADEL, MARKET, TUNNEL = (_core.PIECE_NAMES.index(p) for p in ("mole", "citadel", "market", "tunnel"))
MINISTERS = {m: i for i, m in enumerate(_core.MINISTER_NAMES)}


def mid(mix) -> str:
    return "".join(LETTERS[faction_id(f)] for f in mix)


def play(mix, seed: int, board: str = "autumn", visit=None) -> Game:
    """A seeded random game of mix on board, visit(g) called at every position."""
    g = new_game(mix, seed % len(mix), seed, board=board)
    rng, players = np.random.default_rng(seed), players_for(mix, seed)
    while not g.is_terminal():
        if visit:
            visit(g)
        seat = g.current_player
        g.apply(g.sample_chance(rng) if seat == _core.CHANCE else players[seat].choose(g))
    return g


def options(g: Game) -> list[int]:
    return [a for a, _ in g.chance_outcomes()] if g.is_chance_node() else g.legal_actions()


def reads_back(mix, board: str, seed: int = 3) -> set[str]:
    """The steps of a seeded random game of mix on board, at each decision and chance event of which
    every legal action (outcome) formats to a text, bare and as a record line, that parses back to
    it for the seat to move; its record replays from its text to the same state (asserted)."""
    steps = set()

    def check(g):
        seat, table, where = g.current_player, g.faction_ids, g.board
        for a in options(g):
            text = notation.action_text(a, seat, table, where)
            assert notation.parse(text, seat, table, where) == a, (g.step, text, decode(a))
            assert notation.parse(notation.record_text(a, seat, table, where), seat, table, where) == a
        steps.add(g.step)

    g = play(mix, seed, board, check)
    texts = [line.split(": ", 1)[1] for line in g.record_lines()]
    again = Game(g.first, g.factions, **g.options)
    for text in texts:
        again.apply(text)
    assert again.state == g.state
    return steps


@pytest.mark.parametrize("board", ("autumn", "lake"))
@pytest.mark.parametrize("mix", DUCHY_MIXES, ids=mid)
def test_lor_12_every_legal_action_at_a_duchy_table_reads_back(mix, board):
    """LoR 12 (the Duchy's steps, docs/duchy-corvids.md §4): at every decision and chance event of a
    seeded random game, each legal action (each outcome) formats to a text, bare and as a record
    line, that parses back to it for the seat to move; the record replays from its text to the same
    state."""
    steps = reads_back(mix, board)
    assert {"duchy_daylight", "duchy_sway"} <= steps, steps


def test_lor_12_every_duchy_kind_occurs_and_reads_back():
    """Over seeded games every action kind of the Duchy (LoR 12.3.3 the corner, 12.2.2 the Burrow,
    12.5.1 the Assembly, 12.5.2 Parliament, 12.5.3 Sway, 12.2.3-4 the Price of Failure and a tunnel
    taken up) and every Duchy step is met, and the Wyrm's Terrorize into the Burrow (W-MP-21); each
    action reads back."""
    kinds, steps, burrow_terror = set(), set(), 0

    def check(g):
        nonlocal burrow_terror
        seat = g.current_player
        steps.add(g.step)
        for a in options(g):
            act = decode(a)
            if act.kind in DUCHY_KINDS:
                kinds.add(act.kind)
            if act.kind == "terror" and act.args[0] == act.args[1]:
                burrow_terror += 1
                assert notation.action_text(a, seat, g.faction_ids, g.board).endswith("->0")
            if act.kind in DUCHY_KINDS or act.kind == "terror":
                text = notation.action_text(a, seat, g.faction_ids, g.board)
                assert notation.parse(text, seat, g.faction_ids, g.board) == a, text

    for mix in (("duchy", "wyrm"), ("marquise", "duchy", "wyrm")):
        for seed in range(4):
            play(mix, seed, visit=check)
            if kinds == DUCHY_KINDS and DUCHY_STEPS <= steps and burrow_terror:
                break
    assert kinds == DUCHY_KINDS, DUCHY_KINDS - kinds
    assert DUCHY_STEPS <= steps, DUCHY_STEPS - steps
    assert burrow_terror > 0


def test_lor_12_the_duchys_forms():
    """The Duchy's texts, Rootlog V2.8's where it has them (spec "Underground Duchy": `b_c`, `b_m`,
    the Burrow clearing `0`, `#<minister>` lower case without spaces; "Example Actions":
    `#brigadier->$`, `#brigadierD$->`; the corpus's `2w->0`, `3w0->3`, `w0->1`, `3w9->0`, `t->3`)."""
    text = lambda a, seat=1, table=CDW: notation.action_text(a, seat, table)   # noqa: E731
    assert text(encode("dc_recruit")) == "w->0"                               # LoR 12.5.1 Recruit
    assert text(encode("burrow", 4, 0, 3)) == "3w0->5"                        # up (LoR 12.2.2)
    assert text(encode("burrow", 4, 1, 2)) == "2w5->0"                        # down
    assert text(encode("burrow", 4, 0, 1)) == "w0->5"
    assert text(encode("burrow", 8, 0, 0)) == "0w0->9"                        # a Dig bringing none up (C3)
    assert text(encode("dc_corner", 2)) == "t+2w->3"                          # LoR 12.3.3
    assert text(encode("dc_build", 0, 3)) == "b_c->4"                         # LoR 12.5.1 Build, citadel
    assert text(encode("dc_build", 1, 3)) == "b_m->4"                         # market
    assert text(encode("reveal", ANVIL)) == "F#anvil^"                        # the card revealed
    assert text(encode("dig", 4, ANVIL)) == "F#anvil->/t->5"                  # LoR 12.5.1 Dig
    assert text(encode("tunnel_off", 4)) == "tunnel_off 5"                    # LoR 12.2.4
    assert text(encode("minister", MINISTERS["captain"])) == "minister captain"       # LoR 12.5.2
    assert text(encode("minister", MINISTERS["baron_of_dirt"])) == "minister baronofdirt"
    assert text(encode("sway", MINISTERS["captain"])) == "#captain->$"       # LoR 12.5.3
    assert text(encode("sway", MINISTERS["duchess_of_mud"])) == "#duchessofmud->$"
    assert text(encode("bank", ANVIL)) == "bank F#anvil"                      # the Banker
    assert text(encode("failure", MINISTERS["brigadier"])) == "#brigadierD$->"        # LoR 12.2.3
    assert text(encode("fail_card", ANVIL), -1) == "F#anvilD->"               # its random card (chance)
    assert text(encode("remove", MOLE, 4)) == "w5->"                          # a hit on their own pieces
    assert text(encode("remove", CITADEL, 4)) == "b_c5->"
    assert text(encode("remove", MARKET, 4)) == "b_m5->"
    assert text(encode("remove", TUNNEL, 4)) == "t5->"
    assert text(encode("battle", 4, 0)) == "XC5"
    assert text(encode("move", 0, 4, 0, 2)) == "2w1->5"
    # the Wyrm's Terrorize: a destination equal to its origin is the Burrow (W-MP-21)
    assert text(encode("terror", 8, 8, 1), 2) == "terror Dw9->0"
    assert text(encode("terror", 8, 4, 1), 2) == "terror Dw9->5"
    # a Duchy seat letter and its pieces seen from another seat
    assert notation.record_text(encode("dc_recruit"), 1, CDW) == "D: w->0"
    assert text(encode("battle", 4, 1), 0) == "XD5"
    assert notation.action_text(encode("sanctify", 4, 1, 1), 0, (LIZARDS, DUCHY, WYRM)) == "Db_m5->/b_r->5"


def test_lor_12_the_duchys_texts_parse():
    """Parsing takes Rootlog's spacing and case freely, the count `1` written or not, and the
    leading `D:`; a form of another faction, or a Burrow move of no warriors down, reads as nothing."""
    parse = lambda t, seat=1: notation.parse(t, seat, CDW)   # noqa: E731
    assert parse("D: 3w0->5") == encode("burrow", 4, 0, 3)
    assert parse("1w0->5") == parse("w0->5") == encode("burrow", 4, 0, 1)
    assert parse("2W5->0") == encode("burrow", 4, 1, 2)
    assert parse("#BaronOfDirt->$") == encode("sway", MINISTERS["baron_of_dirt"])
    assert parse("minister  mayor") == encode("minister", MINISTERS["mayor"])
    assert parse("F#anvilD->", -1) == encode("fail_card", ANVIL)
    assert parse("terror Dw9->0", 2) == encode("terror", 8, 8, 1)
    for bad in ("0w5->0", "w->13", "b_s->4", "#captain->C$"):
        with pytest.raises(NotationError):
            parse(bad)


def test_lor_12_the_duchy_in_actions_decode():
    """actions.py: the Duchy's kinds of several arguments decode to them (the Burrow's clearing,
    direction and warriors; Build's building kind and clearing; Dig's clearing and card) and encode
    back; Recruit has none."""
    for kind, args in (("burrow", (4, 1, 7)), ("burrow", (11, 0, 0)), ("dc_build", (1, 11)), ("dig", (3, ANVIL)),
                       ("dc_recruit", ()), ("sway", (8,)), ("fail_card", (ANVIL,))):
        a = encode(kind, *args)
        assert decode(a) == Action(kind, args)
        assert KINDS[kind][0] <= a < KINDS[kind][0] + KINDS[kind][1]


def test_lor_12_masked_cards():
    """A card the viewer may not know is `#?` (redaction): a reveal or the Banker's card among the
    alternatives the AI weighed."""
    assert notation.action_text(Action("reveal", (None,)), 1, CDW) == "#?^"
    assert notation.action_text(Action("bank", (None,)), 1, CDW) == "bank #?"
    assert notation.action_text(Action("dig", (4, None)), 1, CDW) == "#?->/t->5"


def test_the_undrafted_letter_is_no_longer_the_duchys():
    """Rootlog V2.8 gives the Underground Duchy `D`: a draft's player who has not chosen yet is now
    `U` (factions.UNDRAFTED_LETTER), so a table holding both reads each apart."""
    assert letter(DUCHY) == "D" and letter(UNDRAFTED) == UNDRAFTED_LETTER == "U"
    assert UNDRAFTED_LETTER not in LETTERS
    table = (UNDRAFTED, DUCHY, UNDRAFTED)
    assert notation.record_text(encode("dc_recruit"), 1, table) == "D: w->0"
    pick = encode("draft_pick", LIZARDS)
    assert notation.record_text(pick, 0, table) == "U: pick L"
    assert notation.parse("U: pick L", 0, table) == pick
