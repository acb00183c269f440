"""The Keepers in Iron in Rootlog (issue 35; docs/rootlog.md "The Keepers in Iron", docs/hundreds-keepers.md
§3 I-1..I-31): our games seating the Keepers are written with Rootlog V2.8's forms (spec "Keepers in
Iron": letter K, relics `t_f` `t_t` `t_j` face down and `t_2_f` face up with their value, waystations
by their faces `b_f_t`, the Retinue's columns `$_1`..`$_3`, a Faithful Retainer `B#faith` "discarded"
when it leaves the game, a flip `t10^t_2_t`; "Example Sequences": a delve `t_t7_10_11->10/t10^t_2_t/
#faith$_2->`, a recovery `t_3_f5->$/++5`, a relic removed in battle `Kt_f9->2_3_7_12`) and ours where
the spec has none (setup's relics `t_f->1_2_5_10` and warriors `4w->1`, Encamp `w5->/b_f_t->5`, Decamp
`b_f_t5->/w->5`, carry `t_2_f5->7`, a trophy in two clauses `Kt_2_f5->` ... `Kt_2_f->1_2_5_10/++`);
the referee's file replays to the identical record at three to six seats on every map and deck, with
the Advanced Setup, a draft, two Vagabonds and the Hundreds' Raze (a decision clause where the spec
writes nothing: Battle then Delve's clearing with no battle `!delve5`, a column's end `!pass`); a
hand-written Keepers line (no decision clause, the spec's other forms) replays to the same game, the
decisions the spec leaves open asked of `pick`; a seat's file carries no decision clause."""
from __future__ import annotations

import re

import pytest

from mixes import new_game
from test_rootlog_duchy import entries, played
# (imported under another name: a test function imported as test_* is collected here again)
from test_rootlog_roundtrip import clean, test_a_seats_file_names_no_card_it_did_not_see as seats_file_check
from wyrm_ai import _core
from wyrm_ai.model.cards import CARDS
from wyrm_ai.model.factions import KEEPERS, LETTERS
from wyrm_ai.rootlog import read_text
from wyrm_ai.rootlog.match import LATER, covers, text_atoms
from wyrm_ai.rootlog.names import LETTER_OF, OUR_FACTION, PIECE_LETTERS
from wyrm_ai.rootlog.replay import Replay, ReplayError, game_of, replay
from wyrm_ai.rootlog.tree import Board, Clearing, Decision, Forest
from wyrm_ai.rootlog.writer import WAYSTATION_FACES, keepers_fields, relic_token, waystation_token, write

KMW = ("keepers", "marquise", "wyrm")
KEAW = ("keepers", "eyrie", "alliance", "wyrm")
KNAW = ("keepers", "mechanical-marquise", "alliance", "wyrm")
HKMW = ("hundreds", "keepers", "marquise", "wyrm")
KDP = ("keepers", "duchy", "corvids")
KRLE = ("keepers", "riverfolk", "lizards", "eyrie")
KCVAW = ("keepers", "corvids", "vagabond", "alliance", "wyrm")
TWO_VB = ("marquise", "keepers", "vagabond", "vagabond2", "wyrm")
DKHMAW = ("duchy", "keepers", "hundreds", "marquise", "alliance", "wyrm")
# three to six seats, every map with both decks, the Advanced Setup, the bot, two Vagabonds (an
# allied Vagabond moves Keeper warriors: relics carried, I-C3) and the Hundreds (a Raze removes
# waystations and relics: Prized Trophies, I-7); seeds of short games (CI time)
CASES = [(KMW, 3, "autumn", "standard", "standard"), (KMW, 7, "autumn", "ep", "standard"),
         (KEAW, 4, "winter", "ep", "standard"), (KNAW, 5, "winter", "standard", "standard"),
         (HKMW, 5, "lake", "standard", "standard"), (HKMW, 10, "lake", "standard", "standard"),
         (KRLE, 4, "lake", "ep", "advanced"), (KDP, 8, "mountain", "standard", "standard"),
         (KCVAW, 4, "mountain", "ep", "advanced"), (DKHMAW, 7, "autumn", "ep", "standard"),
         (TWO_VB, 4, "autumn", "standard", "standard")]
# the games the forms are checked over: every Keepers action and event is met among them
FORM_GAMES = ((KMW, 1), (KMW, 2), (HKMW, 4), (KCVAW, 3))
RELIC_LETTERS = "ftj"


def _id(c):
    return f"{''.join(LETTERS[f] for f in new_game(c[0], 0, 0).faction_ids)}-{c[1]}-{c[2]}-{c[3]}-{c[4]}"


def test_the_keepers_letter_is_k():
    """Rootlog V2.8 "Factions": `K` = Keepers in Iron, our faction id KEEPERS both ways; the spec's
    lettered pieces of theirs (spec "Keepers in Iron"; LoR 15.2.1-2, I-1, I-3): the relics by type
    `t_f` `t_t` `t_j` and by value and type `t_1_f`..`t_3_j`, the waystations by their face up `b_f` or
    both faces `b_f_t` (the spec's example `b_j_t`: the tablet/jewelry one turned over)."""
    assert LETTER_OF[KEEPERS] == "K" == LETTERS[KEEPERS] and OUR_FACTION["K"] == KEEPERS
    assert {"t_f", "t_t", "t_j", "t_1_f", "t_2_t", "t_3_j", "b_f", "b_f_t", "b_t_j", "b_j_f", "b_j_t"} <= PIECE_LETTERS["K"]
    assert [waystation_token(w, face) for w in range(3) for face in range(2)] == \
        ["b_f_t", "b_t_f", "b_t_j", "b_j_t", "b_j_f", "b_f_j"]
    assert [relic_token(r, v) for r, v in ((0, 0), (3, 2), (4, 0), (11, 3))] == ["t_f", "t_2_f", "t_t", "t_3_j"]


def test_a_keepers_player_line_seats_the_keepers():
    """A record's `K: <name>` player line seats the Keepers in Iron (held since issue 35): the game
    starts from its header with them at the table, set up after the Hundreds (I-C16)."""
    g = game_of(read_text("Map: Fall\nDeck: Standard\nC: a\nK: b\nH: c\n"), "x.rootlog")
    assert "keepers" in g.factions and sorted(g.factions) == sorted(("marquise", "keepers", "hundreds"))


@pytest.mark.parametrize("mix,seed,board,deck,setup", CASES, ids=[_id(c) for c in CASES])
def test_a_keepers_game_replays_from_its_referee_file_to_the_same_record(mix, seed, board, deck, setup):
    """LoR 15 in Rootlog: the referee's file of a random game seating the Keepers (three to six seats)
    reads with no error or note and replays to the identical engine record (setup's relics and warriors,
    Encamp, Decamp, Recruit, crafting, the Retinue's moves and battles, delves and their flips and
    checks, recoveries, relics carried, trophies, Live Off the Land, Gather Retinue), on every map and
    deck, with the Advanced Setup, the bot, two Vagabonds and the Hundreds' Raze (I-7)."""
    g = played(mix, seed, board, deck, setup)
    record = clean(write(g))
    back = replay(record, bot=g.bot, growth_caps=g.growth_caps, seats=g.factions)
    assert back.record == g.record and back.is_terminal() and back.scores == g.scores


def test_a_draft_with_the_keepers_card_replays():
    """LoR 16.1.8 with the Keepers' card in the pool (I-C13): `Pool:` names K, the Keepers' corner is
    their homeland, and the referee's file replays to the identical record."""
    from mixes import random_draft
    seen = 0
    for n, seed in ((3, 2), (4, 3)):
        g = random_draft(n, seed, seed % n, cards=("keepers", "hundreds", "marquise", "eyrie", "alliance", "vagabond"))
        record = clean(write(g))
        assert "K" in record.header.pool
        seen += "keepers" in g.factions
        back = replay(record, bot=g.bot, growth_caps=g.growth_caps, seats=g.factions)
        assert back.record == g.record and back.factions == g.factions
    assert seen


def _card(t: int) -> str:
    return "B#faith" if t == _core.NUM_CARD_TYPES else CARDS[t].token


def test_each_keepers_action_writes_its_form():
    """Action by action (the referee's file, entry by entry; spec "Keepers in Iron"): a setup relic face
    down into a forest `t_f->1_2_5_10` (LoR 15.3.1, 15.3.4; I-8, I-11), the corner's and the edge's
    warriors `4w->1` (15.3.3, I-10), Encamp the warrior replaced and the waystation by its faces `w5->/
    b_f_t->5` or, with no Keepers on the map, `b_f_t+w->5` (15.4.1, I-15, I-T10), Decamp `b_f_t5->/w->5`
    (15.4.2, I-16), Recruit's card and warriors `F#anvilK->/2w->5` (15.4.3, I-17), Battle then Delve's
    clearing with no battle writes nothing (I-C4), a delve `t_t7_10_11->10` (15.5.2.II.a, I-22), its flip
    `t10^t_2_t` and a failed check's card `F#anvil$_2->` (`B#faith$_2->`: the spec's "notate that
    they're discarded", I-23, I-C7), a recovery `t_3_f5->$` and its VP `++3` (and `++2` for a set,
    15.5.2.III, I-25, I-26), a relic carried `t_2_f5->7` (15.2.4, I-6), a relic or waystation an enemy
    removes `Kt_2_f5->`, `Kb_f_t5->` and the remover's trophy `Kt_2_f->1_2_5_10` with its `++` (15.2.5,
    I-7), Live Off the Land `w5->` (15.6.1, I-29), Gather Retinue `F#anvilK->$_1`, `F#anvil$_1->$_3`
    (15.6.2, I-30)."""
    seen = set()
    for mix, seed in FORM_GAMES:
        g = played(mix, seed)
        table = g.faction_ids
        ks = table.index(KEEPERS)
        forests = _core.MAPS[_core.MAP_NAMES[g.board[0]]]["forest_names"]
        for act, seat, turn, out, before, after, evs in entries(g):
            texts = [c for c in out if isinstance(c, str)]
            kind = act.kind
            own = "" if turn == ks else "K"
            was, now = keepers_fields(before), keepers_fields(after)
            for e in evs:
                if e.kind == "relic":
                    assert f"{own}t_{RELIC_LETTERS[e.arg // 4]}->{forests[e.detail]}" in texts, texts
                    seen.add("setup relic")
                elif e.kind == "encamp":
                    way = waystation_token(e.arg, e.amount)
                    if e.detail:
                        assert f"{way}+w->{e.clearing + 1}" in texts, texts
                        seen.add("encamp with no keepers")
                    else:
                        i = texts.index(f"{way}->{e.clearing + 1}")
                        assert texts[i - 1] == f"w{e.clearing + 1}->", texts
                        seen.add("encamp")
                elif e.kind == "decamp":
                    way = waystation_token(e.arg, was["way_face"][e.arg])
                    i = texts.index(f"{way}{e.clearing + 1}->")
                    gained = after.pieces_dict()["keepers"][e.clearing] - before.pieces_dict()["keepers"][e.clearing]
                    assert texts[i + 1:i + 2] == ([f"w->{e.clearing + 1}"] if gained else []), texts
                    seen.add("decamp")
                elif e.kind == "delve":
                    assert f"{relic_token(e.arg, e.amount)}{forests[e.detail]}->{e.clearing + 1}" in texts, texts
                    seen.add("delve face down" if not e.amount else "delve a trophy")
                elif e.kind == "relic_value":
                    assert f"t{e.clearing + 1}^{relic_token(e.arg, e.amount)}" in texts, texts
                    seen.add("flip")
                elif e.kind == "recover":
                    i = texts.index(f"{relic_token(e.arg, e.amount)}{e.clearing + 1}->$")
                    if any(x.kind == "vp" and _core.VP_REASONS[x.arg] == "recover" for x in evs):
                        assert texts[i + 1] == f"++{e.amount if e.amount > 1 else ''}", texts   # (none: a dominance)
                    seen.add("recover")
                elif e.kind == "carry":
                    value = now["relic_value"][e.arg]
                    assert f"{own}{relic_token(e.arg, value)}{e.detail + 1}->{e.clearing + 1}" in texts, texts
                    seen.add("carry" if turn == ks else "carry off their turn")
                elif e.kind == "trophy":
                    value = now["relic_value"][e.arg]
                    assert f"{own}{relic_token(e.arg, value)}->{forests[e.detail]}" in texts, texts
                    seen.add("trophy")
                elif e.kind == "retinue":
                    card = _card(e.arg)
                    form = {1: f"{card}K->$_{e.clearing + 1}", 0: f"{card}$_{e.detail + 1}->$_{e.clearing + 1}"}.get(
                        e.amount, f"{card}$_{e.clearing + 1}->")
                    assert form in texts, (form, texts)
                    seen.add({1: "retinue add", 0: "retinue shift"}.get(e.amount, "retinue discard")
                             + (" retainer" if card == "B#faith" else ""))
                elif e.kind == "remove" and e.seat == ks and _core.PIECE_NAMES[e.arg] in ("relic", "waystation"):
                    kind_of = "relic_at" if _core.PIECE_NAMES[e.arg] == "relic" else "way_at"
                    gone = [i for i in range(len(was[kind_of])) if was[kind_of][i] == e.clearing != now[kind_of][i]]
                    forms = ([f"{own}{relic_token(r, was['relic_value'][r])}{e.clearing + 1}->" for r in gone]
                             if kind_of == "relic_at" else
                             [f"{own}{waystation_token(w, was['way_face'][w])}{e.clearing + 1}->" for w in gone])
                    assert any(f in texts for f in forms), (forms, texts)
                    seen.add(f"{_core.PIECE_NAMES[e.arg]} removed")
                elif e.kind == "remove" and e.detail is not None and _core.REMOVE_CAUSES[e.detail] == "live_off_land":
                    assert f"{own}w{e.clearing + 1}->" in texts, texts
                    seen.add("live off the land")
            if kind == "ki_recruit":
                assert texts[0] == f"{_recruit_card(act)}K->", texts
                assert re.fullmatch(r"2?w->\d+", texts[1]), texts
                seen.add(kind)
            elif kind == "ki_setup":
                assert f"4{own}w->{act.args[0] + 1}" in texts, texts
                seen.add(kind)
            elif kind in ("delve_at", "pass") and not evs:
                assert texts == [], texts
            elif kind == "craft" and seat == ks:
                seen.add("craft")
    assert {"setup relic", "ki_setup", "encamp", "decamp", "ki_recruit", "delve face down", "flip", "recover",
            "carry", "trophy", "retinue add", "retinue shift", "retinue discard retainer", "retinue discard",
            "relic removed", "waystation removed", "live off the land", "craft", "carry off their turn"} <= seen, seen


def _recruit_card(act) -> str:
    from wyrm_ai.rootlog.writer import _ki_args
    return CARDS[_ki_args(act)[0]].token


def test_setup_warriors_forced_or_chosen_are_written():
    """LoR 15.3.3 (I-10): the corner's four warriors and the edge's four are written where they are
    placed, `4w->1` on the Keepers' decision, `4Kw->5` where the edge had one clearing left (no decision
    of theirs: placed with the entry before, the Keepers' letter on another's line): eight warriors in
    all, in two clearings, in every game's setup."""
    for mix, seed in ((KMW, 1), (KMW, 2), (HKMW, 4), (KCVAW, 3)):
        g = played(mix, seed)
        setup = [c.text for c in clean(write(g)).clauses()][:120]
        placed = [m for t in setup for m in [re.fullmatch(r"4K?w->(\d+)", t)] if m]
        assert len(placed) == 2 and len({m[1] for m in placed}) == 2, placed


def test_decision_clauses_name_what_the_spec_leaves_unsaid():
    """The referee's file names with a decision clause what no Keepers clause tells (docs/rootlog.md):
    Battle then Delve's clearing where no battle is fought (LoR 15.5.2.II, I-C4: the relic delved next
    names it, but so would another clearing beside that forest, and a delve passed writes nothing) and a
    column's end (15.5.2, I-C12: `!pass`); a seat's file carries none (below)."""
    from wyrm_ai.rootlog.writer import mark_text
    g = played(KMW, 1)
    marks = [c.action for c in read_text(write(g)).clauses() if isinstance(c, Decision)]
    ks = g.faction_ids.index(KEEPERS)
    delves = {mark_text(a, ks, g.faction_ids, g.board) for a in g.record if h_kind(a) == "delve_at"}
    assert delves & set(marks), (delves, marks)
    assert "pass" in marks
    seat_marks = [c for c in read_text(write(g, ks)).clauses() if isinstance(c, Decision)]
    assert seat_marks == []


@pytest.mark.parametrize("mix", (KMW, HKMW), ids=("KMW", "HKMW"))
def test_a_seats_file_names_no_keepers_secret_and_no_decision(mix):
    """A seat's (and the public's) file is the referee's without decision clauses, cards written `#`
    only where hidden from that seat (seats_file_check: the draws into other hands); every Keepers clause
    -- relics and their values once flipped, waystations, the Retinue's cards (public, I-C8), Recruit's
    card -- is written in every file (a face-down relic's value is no one's, I-2, I-C1: written `t_f`)."""
    seats_file_check(mix)
    g = played(mix, 7)
    referee = [c.text for c in read_text(write(g)).clauses() if not isinstance(c, Decision)]
    keepers_forms = [t for t in referee if re.search(r"t_\d?_?[ftj]|b_[ftj]_[ftj]|\$_[123]|B#faith", t)]
    assert keepers_forms
    for viewer in (*range(g.num_seats), "public"):
        mine = [c.text for c in read_text(write(g, viewer)).clauses()]
        assert not any(t.startswith("!") for t in mine)
        assert all(t in mine for t in keepers_forms)


def test_the_keepers_clauses_read_as_the_specs():
    """The spec's forms read as what they mean (spec "Keepers in Iron", "Example Sequences"): a delve's
    relic from a forest into a clearing `t_t7_10_11->10`, its flip `t10^t_2_t`, a Retinue card discarded
    `#faith$_2->` (covering our `B#faith$_2->`), a recovery `t_3_f5->$/++5` (five VP, as our `++3/++2`),
    a relic removed in battle and placed as a trophy `Kt_f9->2_3_7_12` (two atoms: the removal where the
    hit takes it, the placement its remover chooses after, LoR 15.2.5, I-7), a waystation built
    `b_j_t->12`; the optional relic notation: a relic by its type alone covers it with its value (`t_f`
    covers `t_2_f`), a waystation by its face up covers it by both (`b_f` covers `b_f_t`, not `b_t_f`)."""
    (delve,) = text_atoms("t_t7_10_11->10", "K")
    assert delve.key == ("move", ("piece", "K", "t_t", 1, Forest((7, 10, 11))), Clearing(10))
    (flip,) = text_atoms("t10^t_2_t", "K")
    assert flip.key == ("flip", "K", 10, "t_2_t")
    (faith,) = text_atoms("#faith$_2->", "K")
    assert covers(faith.key, text_atoms("B#faith$_2->", "K")[0].key)
    assert not covers(text_atoms("B#faith$_2->", "K")[0].key, faith.key)
    spec = text_atoms("t_3_f5->$", "K") + text_atoms("++5", "K")
    ours = text_atoms("t_3_f5->$", "K") + text_atoms("++3", "K") + text_atoms("++2", "K")
    assert spec == ours and spec[0].key[2] == Board("K", None)
    removal, placed = text_atoms("Kt_f9->2_3_7_12", "V")
    assert removal.key == ("move", ("piece", "K", "t_f", 1, Clearing(9)), None)
    assert placed.key == ("move", ("piece", "K", "t_f", 1, None), Forest((2, 3, 7, 12))) and placed.extra == LATER
    assert covers(removal.key, text_atoms("Kt_2_f9->", "V")[0].key)
    assert covers(placed.key, text_atoms("Kt_2_f->2_3_7_12", "V")[0].key)
    assert not covers(text_atoms("Kt_t9->", "V")[0].key, text_atoms("Kt_2_f9->", "V")[0].key)
    assert text_atoms("b_j_t->12", "K")[0].key == ("move", ("piece", "K", "b_j_t", 1, None), Clearing(12))
    assert covers(text_atoms("b_f5->", "K")[0].key, text_atoms("b_f_t5->", "K")[0].key)
    assert not covers(text_atoms("b_f5->", "K")[0].key, text_atoms("b_t_f5->", "K")[0].key)
    assert not covers(text_atoms("t_2_f5->7", "K")[0].key, text_atoms("t_f5->7", "K")[0].key)
    record = read_text("Map: Fall\nDeck: Standard\nK: a\nV: b\nC: c\n"
                       "K:t_t7_10_11->10/t10^t_2_t/#faith$_2->/t_3_f5->$/++5/b_j_t->12/F#anvilK->$_1/F#anvil$_1->$_3\n"
                       "V:XK9/2Kw9->/Kt_f9->2_3_7_12/$_K->h/++4\n", strict=True)
    assert record.errors == () and record.notes == () and len(list(record.clauses())) == 13


# ---- a hand-written Keepers line: no decision clause, the spec's other forms ---------------------

def keepers_marks(g, text: str) -> set:
    """(line, col) of the referee file's decision clauses that name a Keepers decision (replayed: the
    seat taking each); one that writes nothing before another decision clause is kept, as the writer
    keeps it (a decision clause next is read as the decision's own)."""
    ks = g.faction_ids.index(KEEPERS)
    r = Replay(read_text(text), seats=g.factions, bot=g.bot, growth_caps=g.growth_caps)
    out = set()
    while not r.done:
        seat, pos = r.game.current_player, r.pos
        r.step()
        read = r.stream[pos:r.pos]
        steals = (all(p.atom.key[0] == "decision" for p in read) and r.pos < len(r.stream)
                  and r.stream[r.pos].atom.key[0] == "decision")
        if seat == ks and not steals:
            out |= {(p.line, p.col) for p in read if p.atom.key[0] == "decision"}
    return out


def spec_forms(text: str, marks=frozenset()) -> str:
    """The referee's file as a person would write the Keepers' part: their decision clauses (marks)
    left out, a relic carried written with its warriors' move `(2w+t_1_f)5->7`, a relic removed and
    placed as a trophy in one clause `Kt_2_f9->2_3_7_12` (the spec's example, with the relic's value:
    its optional notation where two of a type differ), a Faithful Retainer `#faith`."""
    out = []
    for n, line in enumerate(text.splitlines(), 1):
        if line[1:2] != ":" or line[2:3] == " ":
            out.append(line)
            continue
        kept, col = [], 3
        for c in line[2:].split("/"):
            if (n, col) not in marks:
                kept.append(c)
            col += len(c) + 1
        res = []
        for c in kept:
            carried = re.fullmatch(r"(t_\d_[ftj])(\d+)->(\d+)", c)
            if (line.startswith("K:") and carried and res
                    and re.fullmatch(rf"\(\d*w(\+t_\d_[ftj])*\){carried[2]}->{carried[3]}|\d*w{carried[2]}->{carried[3]}",
                                     res[-1])):
                prev = res[-1]
                inner = prev[1:prev.index(")")] if prev.startswith("(") else prev[:prev.index("w") + 1]
                res[-1] = f"({inner}+{carried[1]}){carried[2]}->{carried[3]}"
                continue
            trophy = re.fullmatch(r"(K?)(t_\d_[ftj])->([\d_]+)", c)
            if trophy:
                j = next((j for j in range(len(res)) if re.fullmatch(rf"{trophy[1]}{trophy[2]}\d+->", res[j])), None)
                if j is not None:
                    res[j] = res[j][:-2] + f"->{trophy[3]}"
                    continue
            res.append(c.replace("B#faith", "#faith") if line.startswith("K:") else c)
        if res:
            out.append(line[:2] + "/".join(res))
    return "\n".join(out) + "\n"


def hand_replay(g, text: str):
    """Replay text with the game's chance outcomes, and the game's decision where the record leaves one
    open (`pick`) while the replay is still the game's; once an effect-free decision of the rule's has
    parted them (a column passed where the game's Keepers took a move later, a delve's clearing chosen
    and given up), the completion that reaches the record's next clause soonest (Replay._depth)."""
    picks, box = [], []

    def chance(h, outcomes):
        i = len(h.record)
        return g.record[i] if i < len(g.record) and g.record[i] in outcomes else outcomes[0]

    def pick(h, texts, at):
        i = len(h.record)
        picks.append(h.current_player)
        if i < len(g.record) and h.record == g.record[:i] and h.describe(g.record[i]) in texts:
            return h.describe(g.record[i])
        acts = {h.describe(a): a for a in h.legal_actions()}
        return min(texts, key=lambda t: box[0]._depth(acts[t], h, 3))

    r = Replay(read_text(text), chance=chance, pick=pick, seats=g.factions, bot=g.bot, growth_caps=g.growth_caps)
    box.append(r)
    while not r.done:
        r.step()
    return r.game, picks


def visible(state) -> tuple:
    """What a record tells of a game: every piece, VP, hand and discard pile, the waystations and the
    relics (twelve identified pieces, but two of a type, value and place are alike), the Retinue."""
    d = state.to_dict()
    relics = sorted((r // 4, v, at) for r, (v, at) in enumerate(zip(d["relic_value"], d["relic_at"])))
    return (state.pieces_dict(), d["score"], d["hand"], d["discard"], d["way_at"], d["way_face"], relics,
            sorted(zip(d["retinue"], d["retinue_column"])))


HAND_CASES = [(KMW, 2), (KMW, 6), (HKMW, 5), (HKMW, 8), (KCVAW, 5), (DKHMAW, 3), (TWO_VB, 10)]


@pytest.mark.parametrize("mix,seed", HAND_CASES, ids=[f"{_id((m, s, 'autumn', 'standard', 'standard'))}" for m, s in HAND_CASES])
def test_a_hand_written_keepers_line_replays_to_the_same_game(mix, seed):
    """A Keepers line as a person writes it (spec_forms: no decision clause of theirs; the spec's
    `(2w+t_1_f)5->7`, `Kt_2_f9->2_3_7_12` and `#faith`) replays to a game the record cannot tell from the
    one written (the same pieces, relics, VP, hands, Retinue at the end; LoR 15): what the spec leaves
    unsaid -- Battle then Delve's clearing where no battle is fought (I-C4) and a column's or a delve's
    end (I-C12) -- is left to `pick`, asked only at the Keepers' decisions (their Daylight, the hits they
    take and how, a delve), and a relic removed in one clause is placed as the trophy of its remover's next
    decision (I-7). (Random play's Keepers may also use a Battle then Delve card for a delve they give up,
    which writes nothing and makes a later failed check discard another of like cards: the seeds are
    games where that does not happen.)"""
    g = played(mix, seed)
    full = write(g)
    text = spec_forms(full, keepers_marks(g, full))
    back, picks = hand_replay(g, text)
    assert back.is_terminal() and visible(back.state) == visible(g.state)
    assert set(picks) <= {g.faction_ids.index(KEEPERS)}, picks


def test_the_hand_written_forms_were_met():
    """The hand-written records above hold the spec's combined forms (LoR 15.2.4-5): relics carried in
    their warriors' group `(2w+t_1_f)5->7` and trophies in one clause `Kt_2_f9->2_3_7_12`, and the
    Keepers' lines carry no decision clause of their own."""
    carried = trophies = 0
    for mix, seed in HAND_CASES[:4]:
        g = played(mix, seed)
        full = write(g)
        marks = keepers_marks(g, full)
        text = spec_forms(full, marks)
        carried += len(re.findall(r"\(\d*w(?:\+t_\d_[ftj])+\)\d+->\d+", text))
        trophies += len(re.findall(r"Kt_\d_[ftj]\d+->\d+_\d+", text))
        assert marks and all(full.splitlines()[line - 1][col - 1] == "!" for line, col in marks)
    assert carried > 10 and trophies > 3, (carried, trophies)


def test_a_human_records_delve_is_read_from_the_relic_delved():
    """A human record (no decision clause at all: the referee's file with them taken out) writes a
    Battle then Delve with no battle only by the relic delved (`t_f4_9_12->4`, LoR 15.5.2.II.a): replay
    looks ahead past the decisions that write nothing (Replay._ahead) to the clearing whose delve writes
    it, never asking `pick`; up to where a human record's other readings part from the game, every such
    delve is the game's."""
    delves = 0
    for mix, seed in ((KMW, 1), (KEAW, 1), (KEAW, 11)):
        g = played(mix, seed)
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
            return g.record[len(h.record)]

        def pick(h, texts, at):
            asked.append((len(h.record), h.step))
            return h.describe(g.record[len(h.record)])

        r = Replay(read_text("\n".join(lines) + "\n"), chance=chance, pick=pick, seats=g.factions)
        try:
            while not r.done and r.game.record == g.record[:len(r.game.record)]:
                r.step()
        except (ReplayError, IndexError):
            pass
        same = next((i for i, (x, y) in enumerate(zip(r.game.record, g.record)) if x != y), len(r.game.record))
        kinds = [h_kind(a) for a in g.record]
        read = [i for i in range(same - 1) if kinds[i] == "delve_at" and kinds[i + 1] == "delve"]
        assert not any(i in read for i, _ in asked)
        delves += len(read)
    assert delves >= 4, delves


def h_kind(a: int) -> str:
    from wyrm_ai.model.actions import decode
    return decode(a).kind


def test_the_writers_keepers_fields_are_the_state_dicts():
    """writer.keepers_fields reads the Keepers' board from the state's bytes (serialize.pxi's layout,
    _core.BOARD_OFF) as State.to_dict() does: relic_at, relic_value, way_at, way_face at positions
    along a game (I-1, I-3: twelve relics, three waystations)."""
    g = played(HKMW, 4)
    h = g.start()
    for i, a in enumerate(g.record):
        if i % 37 == 0:
            d, f = h.state.to_dict(), keepers_fields(h.state)
            assert {k: list(v) for k, v in f.items()} == {k: list(d[k]) for k in f}
        h.apply(a)
    assert len(f["relic_at"]) == _core.NUM_RELICS and len(f["way_at"]) == len(WAYSTATION_FACES) == 3
    assert keepers_fields(played(("marquise", "wyrm"), 1).state) == {}
