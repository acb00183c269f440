"""The Lord of the Hundreds in Rootlog (issue 35; docs/rootlog.md, docs/notation.md "Lord of the
Hundreds"): our games seating the Hundreds are written with Rootlog V2.8's forms (spec "Lord of the
Hundreds": letter H, the warlord `w_w`, Choose Mood `#stubborn->$`, the Hoard their faction board `$`,
the mob die not notated; "Example Sequences": Anoint `w12->/w_w->12`; "Move": a ruin's item
`%s12->$`) and ours where the spec has none (their strongholds `b` and mobs `t`, the setup corner
`w_w+4w+b->1`, a loot's item `%fC$->$`, Contempt for Trade's score `%s->/++2`); the referee's file
replays to the identical record at three to six seats (a decision clause where the clauses leave a
decision open: a loot declared `!loot`, Jubilant's roll `!jubilant`, the mob die `!mob_dief` only
where the mob placed next does not tell its suit); a seat's file carries no decision clause and names
no card it did not see; a human record's mob die is read from the mob it places."""
from __future__ import annotations

import re

import pytest

from mixes import new_game
from test_rootlog_duchy import entries, played
# (imported under another name: a test function imported as test_* is collected here again)
from test_rootlog_roundtrip import clean, test_a_seats_file_names_no_card_it_did_not_see as seats_file_check
from wyrm_ai import _core
from wyrm_ai.model.actions import decode
from wyrm_ai.model.factions import HUNDREDS, LETTERS
from wyrm_ai.model.notation import VITEM_LETTERS
from wyrm_ai.rootlog import read_text
from wyrm_ai.rootlog.match import text_atoms
from wyrm_ai.rootlog.names import LETTER_OF, OUR_FACTION, PIECE_LETTERS
from wyrm_ai.rootlog.replay import Replay, ReplayError, replay
from wyrm_ai.rootlog.tree import Board, Clearing, Decision
from wyrm_ai.rootlog.writer import write

HMW = ("hundreds", "marquise", "wyrm")
HPAW = ("hundreds", "corvids", "alliance", "wyrm")
EHVAW = ("eyrie", "hundreds", "vagabond", "alliance", "wyrm")
DHRLAW = ("duchy", "hundreds", "riverfolk", "lizards", "alliance", "wyrm")
TWO_VB = ("marquise", "vagabond", "hundreds", "vagabond2", "wyrm")
# three to six seats, every map and deck, the Advanced Setup, two Vagabonds (a razed ruin of two
# items, H-C17); seeds whose games are short (CI time) and play Contempt, Looters, Bitter, Jubilant
CASES = [(HMW, 8, "autumn", "standard", "standard"), (HPAW, 1, "winter", "ep", "standard"),
         (EHVAW, 12, "lake", "standard", "standard"), (DHRLAW, 6, "mountain", "ep", "advanced"),
         (TWO_VB, 6, "autumn", "standard", "standard"), (HMW, 20, "autumn", "standard", "standard"),
         (HMW, 13, "autumn", "ep", "standard")]
# the games the forms are checked over: every Hundreds action is met among them
FORM_GAMES = ((HMW, 1), (HMW, 8), (HMW, 20), (HPAW, 1), (HPAW, 2))


def _id(c):
    return f"{''.join(LETTERS[f] for f in new_game(c[0], 0, 0).faction_ids)}-{c[1]}-{c[2]}-{c[3]}-{c[4]}"


def test_the_hundreds_letter_is_h():
    """Rootlog V2.8 "Factions": `H` = Lord of the Hundreds, our faction id HUNDREDS both ways; the
    spec's one lettered piece of theirs is the warlord `w_w` ("Warlord warrior", LoR 14.2.2)."""
    assert LETTER_OF[HUNDREDS] == "H" == LETTERS[HUNDREDS] and OUR_FACTION["H"] == HUNDREDS
    assert PIECE_LETTERS["H"] == {"w_w"}


@pytest.mark.parametrize("mix,seed,board,deck,setup", CASES, ids=[_id(c) for c in CASES])
def test_a_hundreds_game_replays_from_its_referee_file_to_the_same_record(mix, seed, board, deck, setup):
    """LoR 14 in Rootlog: the referee's file of a random game seating the Hundreds (three to six
    seats) reads with no error or note and replays to the identical engine record (their corner,
    Raze and its ruins' items, the mob die and the mobs, Recruit, Anoint, moods, Lavish, Command,
    Advance, Build, Incite, Contempt for Trade, Looters, Bitter, Jubilant, the Hoard's overflow),
    on every map and deck, with the Advanced Setup and beside two Vagabonds."""
    g = played(mix, seed, board, deck, setup)
    record = clean(write(g))
    back = replay(record, bot=g.bot, growth_caps=g.growth_caps, seats=g.factions)
    assert back.record == g.record and back.is_terminal() and back.scores == g.scores


def test_each_hundreds_action_writes_its_form():
    """Action by action (the referee's file, entry by entry): the corner `w_w+4w+b->1` (LoR 14.3.2),
    a mob `t->5` placed by the die or chosen (14.4.1) or Incited after its card `F#anvilH->` (14.6.1),
    a razed ruin's item into the Hoard `%s10->$` (14.4.1), Anoint `w_w->12` after the warrior it
    replaces `w12->` (14.4.3; the spec's example), Choose Mood `#stubborn->$` (14.4.4), Build's card
    and stronghold `F#anvilH->/b->5` (14.5.2), a Hoard item out of the game `%s->` (14.2.4.I with its
    VP, 14.7.4 with its warriors), Contempt for Trade: nothing to take the item, `%s->` and the card's
    VP to score (14.2.3), a loot's item from the defender's board `%fC$->$` (14.2.5), Bitter's mob
    removed and warrior placed `t5->/w->7` (14.7.1); the die, a loot declared and Jubilant's roll write
    nothing of their own (the spec: "Do not notate the mob die roll")."""
    seen = set()
    for mix, seed in FORM_GAMES:
        g = played(mix, seed)
        table = g.faction_ids
        hd = table.index(HUNDREDS)
        for act, seat, turn, out, before, after, evs in entries(g):
            texts = [c for c in out if isinstance(c, str)]
            kind, a = act
            mine = seat == hd
            own = "" if turn == hd else "H"     # (the setup's line is the turn's: the Hundreds' letter)
            if kind == "lh_corner":
                assert texts[0] == f"{own}w_w+4{own}w+{own}b->{a[0] + 1}", texts
            elif kind in ("mob_die", "jubilant") or (kind == "loot" and a[0] == 0):
                # nothing of its own: a mob the die places by itself (one clearing only) is the mob event's
                mobs = [e for e in evs if e.kind == "mob"]
                assert [t for t in texts if t.endswith(tuple(f"t->{e.clearing + 1}" for e in mobs))] == \
                    [f"t->{e.clearing + 1}" for e in mobs], texts
                assert not any(t.startswith("!") or "%" in t or "#" in t for t in texts), texts
            elif kind == "mob":
                assert texts[0] == f"t->{a[0] + 1}", texts
            elif kind == "incite":
                assert texts[:2] == [f"{_card(a[0])}H->", f"t->{a[1] + 1}"], texts
            elif kind == "ruin_item":
                ruin = next(e.clearing for e in evs if e.kind == "raze_item")
                assert texts[0] == f"%{VITEM_LETTERS[a[0]]}{ruin + 1}->$", texts
            elif kind == "anoint":
                c = a[0]
                replaced = before.pieces_dict()["hundreds"][c] > after.pieces_dict()["hundreds"][c]
                assert texts[:2] == ([f"w{c + 1}->", f"w_w->{c + 1}"] if replaced else [f"w_w->{c + 1}"])[:2], texts
                seen.add(f"anoint replacing {replaced}")
            elif kind == "mood":
                assert texts == [f"#{_core.MOOD_NAMES[a[0]]}->$"], texts
            elif kind == "lh_build":
                assert texts[:2] == [f"{_card(a[0])}H->", f"b->{a[1] + 1}"], texts
            elif kind == "hoard_out":
                assert texts[0] == f"%{VITEM_LETTERS[a[0]]}->", texts
                # (an overflow's VP, none after a dominance card; Lavish's warriors, as many as the supply has)
                assert texts[1:2] in ([], ["++"], [f"w->{after.pieces_dict()['warlord'] + 1}"],
                                      [f"2w->{after.pieces_dict()['warlord'] + 1}"]), texts
            elif kind == "contempt":
                item = VITEM_LETTERS[next(e.arg for e in evs if e.kind == "contempt")]
                if a[0]:
                    assert texts[0] == f"%{item}->" and re.fullmatch(r"\+\+\d*", texts[1]), texts
                else:
                    assert not any(re.fullmatch(r"%\w->|\+\+\d*", t) for t in texts), texts
                seen.add(f"contempt {a[0]}")
            elif kind == "loot":
                d = [e for e in evs if e.kind == "loot"][0]
                assert texts[0] == f"%{VITEM_LETTERS[a[0] - 1]}{LETTER_OF[table[d.detail]]}$->$", texts
            elif kind == "bitter":
                warlord = before.pieces_dict()["warlord"]
                assert texts[:2] == [f"{own}t{a[0] + 1}->", f"{own}w->{warlord + 1}"], texts
            else:
                continue
            assert mine or kind in ("mob_die", "ruin_item"), (kind, seat)
            seen.add(kind if kind != "loot" else f"loot {min(a[0], 1)}")
    assert {"lh_corner", "mob_die", "mob", "incite", "ruin_item", "anoint", "mood", "lh_build", "hoard_out",
            "contempt 0", "contempt 1", "loot 0", "loot 1", "bitter", "jubilant", "anoint replacing True"} <= seen, seen


def _card(t: int) -> str:
    from wyrm_ai.model.cards import CARDS
    return CARDS[t].token


def test_the_hundreds_forced_corner_is_written():
    """LoR 14.3.2: where only one corner is left them, the Hundreds' setup is no decision of theirs,
    but their warlord, warriors and stronghold are written on the line of the entry that placed them
    (`Hw_w+4Hw+Hb->1`), as the Eyrie's and the Duchy's forced corners are."""
    g = played(HMW, 1)
    record = clean(write(g))
    corner = [c.text for c in record.clauses() if c.text.startswith(("w_w+", "Hw_w+"))]
    assert len(corner) == 1 and re.fullmatch(r"Hw_w\+4Hw\+Hb->\d+", corner[0]), corner
    assert all(decode(a).kind != "lh_corner" for a in g.record)


def test_the_hundreds_birdsong_stands_on_their_line():
    """LoR 14.4.1-2: the Raze's removals and VP and Recruit's warriors happen by themselves at the start
    of the Hundreds' turn, set off by the entry that ends the turn before; they open the Hundreds' own
    line (`H:Wt8->/++/w->3/...`), their own warriors and score without their letter; no other line
    holds a Hundreds warrior placed (`Hw->5`) or a Hundreds score (`H++`)."""
    starts = 0
    for mix, seed in ((HMW, 1), (HMW, 2), (HPAW, 1)):
        for line in write(played(mix, seed)).splitlines():
            if line[1:2] != ":" or line[2:3] == " ":
                continue
            clauses = [c for c in line[2:].split("/") if not c.startswith("!")]
            if line.startswith("H:"):
                starts += bool(clauses and re.fullmatch(r"\d*w->\d+", clauses[0]))
                assert not any(re.match(r"\d*H(w|t|b|\+\+)", c) for c in clauses), line
            else:
                assert not any(re.fullmatch(r"\d*Hw->\d+|H\+\+\d*", c) for c in clauses), line
    assert starts > 10


def test_the_mob_die_is_named_only_where_the_mob_does_not_tell():
    """Spec "Lord of the Hundreds": "Do not notate the mob die roll." The mob it lets the Hundreds
    place tells the suit (`t->5`: a fox clearing; writer.die_rule), so the referee's file names the die
    (`!mob_dief`) only where no mob follows it (none in a clearing of that suit), far fewer times than
    it is rolled; replay reads the rest from the mob (the round trips above)."""
    rolled = named = 0
    for mix, seed in FORM_GAMES:
        g = played(mix, seed)
        rolled += sum(decode(a).kind == "mob_die" for a in g.record)
        named += sum(isinstance(c, Decision) and c.action.startswith("mob_die") for c in read_text(write(g)).clauses())
    assert rolled > 20 and named * 4 < rolled, (named, rolled)


@pytest.mark.parametrize("mix", (HMW, HPAW), ids=("HMW", "HPAW"))
def test_a_seats_file_names_no_hundreds_secret_and_no_decision(mix):
    """A seat's (and the public's) file is the referee's without decision clauses, cards written `#`
    only where hidden from that seat (seats_file_check: the draws into other hands); every Hundreds
    clause -- mood, mobs, the Hoard's items, a loot's item, the warlord -- is public (LoR 14: nothing
    of theirs is hidden) and written in every file."""
    seats_file_check(mix)
    g = played(mix, 7)
    referee = [c.text for c in read_text(write(g)).clauses() if not isinstance(c, Decision)]
    hundreds_forms = [t for t in referee if re.search(r"w_w|#\w+->\$|%\w\d*->|%\w\w?\$->\$", t)]
    assert hundreds_forms
    for viewer in (*range(g.num_seats), "public"):
        mine = [c.text for c in read_text(write(g, viewer)).clauses()]
        assert not any(t.startswith("!") for t in mine)
        assert all(t in mine for t in hundreds_forms)


def test_the_hundreds_clauses_read_as_the_writers():
    """The spec's forms read as what they mean: the warlord `w_w` (LoR 14.2.2) is a Hundreds piece on
    their line and `Hw_w` on another's; Choose Mood `#stubborn->$` a card-like token to their board;
    a ruin's item `%s10->$` from clearing 10 to their board (the Hoard); a loot's item `%fC$->$` from
    the Marquise's board; the spec's Anoint `w12->/w_w->12`."""
    (warlord,) = text_atoms("w_w->12", "H")
    assert warlord.key == ("move", ("piece", "H", "w_w", 1, None), Clearing(12))
    assert text_atoms("Hw_w12->", "C")[0].key == ("move", ("piece", "H", "w_w", 1, Clearing(12)), None)
    (item,) = text_atoms("%s10->$", "H")
    assert item.key == ("move", ("item", "s", 1, Clearing(10)), Board("H", None))
    (loot,) = text_atoms("%fC$->$", "H")
    assert loot.key == ("move", ("item", "f", 1, Board("C", None)), Board("H", None))
    assert len(text_atoms("(w_w+2w)1->5", "H")) == 3
    record = read_text("Map: Fall\nDeck: Standard\nH: a\nC: b\nW: c\nH:w12->/w_w->12/#stubborn->$\n", strict=True)
    assert record.errors == () and record.notes == () and len(list(record.clauses())) == 3


def test_a_human_records_mob_die_is_read_from_the_mob_it_places():
    """Spec: the mob die is not notated. A human record (no decision clause: the referee's file with
    them taken out, `pick` and `chance` answering from the game what else it leaves open) has its mob
    dice read from the mob placed next (`t->5`: the die showed that clearing's suit), never asked of
    `chance`; up to where a human record's other readings part from the game (the record's moves
    written together, `4w1->10/w1->10`), every die is the game's."""
    g = played(HMW, 1)
    lines = []
    for line in write(g).splitlines():
        if line[1:2] == ":" and line[2:3] != " ":
            kept = [c for c in line[2:].split("/") if not c.startswith("!")]
            if kept:
                lines.append(line[:2] + "/".join(kept))
        else:
            lines.append(line)
    asked = []

    def chance(h, outcomes):
        asked.append(h.step)
        return g.record[len(h.record)]

    def pick(h, texts, at):
        return h.describe(g.record[len(h.record)])

    r = Replay(read_text("\n".join(lines) + "\n"), chance=chance, pick=pick, seats=g.factions)
    try:
        while not r.done:
            r.step()
    except ReplayError:
        pass
    same = next((i for i, (x, y) in enumerate(zip(r.game.record, g.record)) if x != y), len(r.game.record))
    dice = [i for i in range(same) if decode(g.record[i]).kind == "mob_die"]
    assert len(dice) >= 2 and "mob_die" not in asked, (dice, asked)
