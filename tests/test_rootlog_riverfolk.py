"""The Riverfolk Company in Rootlog (issue 33; docs/rootlog.md, docs/notation.md "Riverfolk Company"):
our games seating the Riverfolk are written with Rootlog V2.8's Riverfolk forms (spec "Riverfolk
Company", "Example Actions", "Example Turns": letter O, trade posts `t_f`/`t_r`/`t_m` with their
garrison `t_r+w->5`, prices `$_h->3`, the faction board `$` as Funds and Payments -- a buyer's payment
`3w->O$`, funds spent `2Cw$->`, Protectionism `2w->$`, Export `#bankO->/w->$`, a Hand Card
`B#saboO->C`, Funds `$_f->2` at the end of their turn and after Trade Disruption on another's);
the referee's file replays to the identical record (the fund a commit takes, which Rootlog does not
notate, and Riverboats and Mercenaries, which it has no clause for, are decision clauses `!fundc`,
`!riverboats`); a seat's file names every card of the public hand and no card it did not see; and
the corpus's three Riverfolk games stop at their first faction the engine lacks (the Corvid
Conspiracy, the Underground Duchy), no longer at the Riverfolk."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from mixes import RIVERFOLK_MIXES, mix_id, new_game, players_for
# (imported under another name: a test function imported as test_* is collected here again, and
# test_rootlog_roundtrip's parametrized seat-file test ran once more per importing module)
from rootlog_entries import walk
from test_rootlog_roundtrip import clean, test_a_seats_file_names_no_card_it_did_not_see as seats_file_check
from wyrm_ai import _core
from wyrm_ai.model.actions import decode
from wyrm_ai.model.cards import CARDS
from wyrm_ai.rootlog import read_clause, read_file, read_text
from wyrm_ai.rootlog.match import atoms_of, documentary, silent, text_atoms
from wyrm_ai.rootlog.replay import Replay, ReplayError, replay
from wyrm_ai.rootlog.tree import Board, Decision, Hand, Move, SetFunds, SetPrices
from wyrm_ai.rootlog.writer import TurnStart, pending_of, write

CORPUS = Path(__file__).resolve().parents[1].parent / "shared" / "reference" / "rootlog" / "vagabottos-rootlog"
RIVERFOLK_GAMES = ("2020_11_08_mega_exploding_birds", "2020_11_24_winter_tournament_r2g4",
                   "2020_12_05_after_dark_special")
CRW, OLEW, VRW, OA, SIX = RIVERFOLK_MIXES
# (seeds of short games, each with trade posts, services and fund choices: CI time)
CASES = [(CRW, 8105, "autumn", "standard", "standard"), (OLEW, 8106, "autumn", "standard", "standard"),
         (VRW, 8105, "autumn", "standard", "standard"), (OA, 8105, "autumn", "standard", "standard"),
         (SIX, 8106, "autumn", "standard", "standard"), (CRW, 8104, "lake", "standard", "standard"),
         (OLEW, 8110, "autumn", "ep", "standard"), (VRW, 8101, "mountain", "ep", "advanced")]


def played(mix, seed, board="autumn", deck="standard", setup="standard"):
    g = new_game(mix, seed % len(mix), seed, board=board, deck=deck, setup=setup)
    rng, players = np.random.default_rng(seed), players_for(mix, seed)
    while not g.is_terminal():
        seat = g.current_player
        g.apply(g.sample_chance(rng) if seat == _core.CHANCE else players[seat].choose(g))
    return g


@pytest.mark.parametrize("mix,seed,board,deck,setup", CASES,
                         ids=[f"{mix_id(c[0])}-{c[1]}-{c[2]}-{c[3]}-{c[4]}" for c in CASES])
def test_a_riverfolk_game_replays_from_its_referee_file_to_the_same_record(mix, seed, board, deck, setup):
    """LoR 11 in Rootlog: the referee's file of a random game seating the Riverfolk reads with no
    error or note and replays to the identical engine record (every purchase, fund chosen, trade
    post, Trade Disruption, price), at two to six seats, on every map and deck and with the Advanced
    Setup (the Riverfolk return cards from their public hand)."""
    g = played(mix, seed, board, deck, setup)
    record = clean(write(g))
    back = replay(record, bot=g.bot, growth_caps=g.growth_caps, seats=g.factions)
    assert back.record == g.record and back.is_terminal() and back.scores == g.scores


def entries(g):
    """Each record entry of g: (its action decoded, its seat, its turn, its clauses as the
    referee's file writes them, with TurnStart where the next turn's line takes over)."""
    for act, seat, turn, before, after, evs, clauses in walk(g):
        yield act, seat, turn, clauses(evs), before, after


def test_each_riverfolk_action_writes_its_form():
    """Action by action (the referee's file, entry by entry), the spec's forms: setup `w->11` and
    `3w->$` (LoR 11.3.2, 11.3.4; spec Example Turns `O:w->10+11/2w->5/$_->3`), a price `$_h->3`
    (Set Prices), Recruit `w->5` with its fund spent `w$->` / `Cw$->` (LoR 11.5.5), a trade post
    `2Cw$->/t_r+w->5/++2` (LoR 11.5.6; the games' `2Cw$->/t_m+w->11/++2`), Export `F#anvilO->` and
    `w->$` (LoR 11.5.3.I; spec `#bankO->/w->$`), a Hand Card `3w->O$/B#saboO->C` (LoR 11.2.7.I; spec
    `3Cw->O$/B#saboO->C`), Riverboats and Mercenaries their payment alone, a Vagabond's purchase
    the Riverfolk's own warriors `2Ow->O$` and his item `%t->e` (LoR 11.2.6.III; the games'
    `R#O->V/2Ow->O$`), the Draw nothing but its card `F#anvil->O` (the chance after it), a fund
    committed nothing (spec: "Committed funds are not notated")."""
    seen = set()
    for mix, seed in ((CRW, 8105), (VRW, 8105), (VRW, 8101)):
        g = played(mix, seed, board="mountain" if seed == 8101 else "autumn",
                   deck="ep" if seed == 8101 else "standard", setup="advanced" if seed == 8101 else "standard")
        letter = "CEAVWNGLO"
        for act, seat, turn, out, before, after in entries(g):
            texts = [c for c in out if isinstance(c, str)]
            kind = act.kind
            if kind == "rf_recruit" and before.turn_number == 0:
                c = act.args[0]
                me = "" if seat == turn else "O"        # (the setup stands on the first player's line)
                assert texts[0] == f"{me}w->{c + 1}"
                if not any(before.to_dict()["otters"]):
                    assert texts[1] == f"{before.to_dict()['payments'][8]}{me}w->{me}$", texts
                    seen.add("setup payments")
                seen.add(kind)
            elif kind == "rf_recruit":
                assert texts[0] == f"w->{act.args[0] + 1}", texts
                assert all("w$->" in t for t in texts[1:2]), texts
                seen.add(kind)
            elif kind == "price":
                assert texts[0] == f"$_{'hrm'[act.args[0]]}->{act.args[1] + 1}"
                seen.add(kind)
            elif kind == "trade_post":
                c = act.args[0]
                post = f"t_{'frm'[g.suits[c]]}"
                assert texts[0].endswith("w$->") and texts[0][0] == "2", texts
                assert texts[1] == f"{post}+w->{c + 1}" and texts[2].startswith("++"), texts
                seen.add(kind)
            elif kind == "export":
                assert texts[0] == f"{CARDS[act.args[0]].token}O->", texts
                assert "w->$" in texts or pending_of(after) == act, texts
                seen.add(kind)
            elif kind == "buy_card":
                card = f"{CARDS[act.args[0]].token}O->{letter[g.faction_ids[seat]]}"
                if g.faction_ids[seat] == 3:
                    assert texts[0].endswith("Ow->O$") and card in texts, texts
                    seen.add("vagabond buys")
                else:
                    price = before.to_dict()["prices"][0]
                    assert texts[:2] == [f"{price if price > 1 else ''}w->O$", card], texts
                    seen.add(kind)
            elif kind in ("riverboats", "mercenaries") and g.faction_ids[seat] != 3:
                price = before.to_dict()["prices"][("riverboats", "mercenaries").index(kind) + 1]
                assert texts[:1] == [f"{price if price > 1 else ''}w->O$"], texts
                seen.add(kind)
            elif kind == "service_item":
                assert texts[0] == f"%{'fbxhstcr'[act.args[0]]}->e"
                seen.add(kind)
            elif kind == "rf_draw":
                assert texts == [] or all(t.startswith("$_f") for t in texts), texts
                seen.add(kind)
            elif kind == "fund" and before.step == "riverfolk_fund" and before.to_dict()["fund_mode"] == 0:
                assert not any("w$->" in t for t in texts), texts     # a commit: not notated
                seen.add("commit")
            elif kind == "fund" and before.step == "riverfolk_fund":
                assert any(t.endswith("w$->") for t in texts), texts
                seen.add("spend")
            elif kind == "fund":
                assert any(t.endswith(f"w{letter[8]}$->") or t.endswith("w$->") for t in texts), texts
                seen.add("disruption")
    assert {"setup payments", "rf_recruit", "price", "trade_post", "export", "buy_card", "vagabond buys",
            "service_item", "rf_draw", "commit"} <= seen, seen


def test_the_riverfolks_birdsong_and_funds_stand_on_their_line():
    """Spec "Riverfolk Company": Protectionism (LoR 11.4.1, `2w->$`) and Dividends (11.4.2, the VP)
    open the Riverfolk's own line, as the games write them (`O:2w->$/...`), though the entry that
    ends the turn before sets them off; Gather (11.4.3) is not written (Funds and Payments are one
    board); Funds `$_f->N` close the Riverfolk's turn when funds are left ("If this action is
    omitted at the end of the Riverfolk's turn, funds are assumed to be zero") and follow Trade
    Disruption's funds lost on another's turn (11.2.5.I: `CwO$->/$_f->2`, the games' `$_f->1/wO$->`)."""
    starts, funds_end, disrupted = 0, 0, 0
    for mix, seed in ((CRW, 8105), (OLEW, 8106), (CRW, 8104)):
        g = played(mix, seed, board="lake" if seed == 8104 else "autumn")
        text = write(g)
        lines = [line for line in text.splitlines() if line[1:2] == ":" and line[2:3] != " "]
        for k, line in enumerate(lines):
            clauses = line[2:].split("/")
            if line.startswith("O:"):
                assert not any(c.startswith("O++") or c.endswith("Ow->O$") for c in clauses[1:]
                               if not c.startswith("!")), line
                if clauses[0] in ("2w->$", "w->$") or clauses[0].startswith("O++"):
                    starts += 1
                if clauses[-1].startswith("$_f->"):
                    funds_end += 1
            else:
                assert not any(c in ("2Ow->O$",) or c.startswith("O++") for c in clauses), line
                if any(c.endswith("wO$->") for c in clauses):
                    assert any(c.startswith("$_f->") for c in clauses), line
                    disrupted += 1
        funds_end += sum(isinstance(c, SetFunds) for c in read_text(text, strict=True).clauses()) > 0
    assert starts > 0 and funds_end > 0 and disrupted > 0, (starts, funds_end, disrupted)


def test_decision_clauses_name_what_rootlog_leaves_unsaid():
    """The extension's decision clause (docs/notation.md "Rootlog extension"): a fund committed
    (`!fundc`: spec "Committed funds are not notated"), Riverboats or Mercenaries bought at one
    price (`!riverboats`: Rootlog has no clause for them), the Draw (`!#->o`, its card the chance
    after) -- only in the referee's file."""
    g = played(CRW, 8105)
    decisions = [c.action for c in read_text(write(g)).clauses() if isinstance(c, Decision)]
    assert any(d.startswith("fund") for d in decisions), decisions
    assert {"riverboats", "mercenaries"} & set(decisions) or "#->o" in decisions
    assert not any(isinstance(c, Decision) for c in read_text(write(g, "public")).clauses())


@pytest.mark.parametrize("mix", (CRW, VRW), ids=mix_id)
def test_a_seats_file_names_every_riverfolk_card_and_no_hidden_one(mix):
    """LoR 11.2.3 in Rootlog: a seat's (and the public's) file is the referee's without decision
    clauses, cards written `#` only where hidden from it -- every draw into the Riverfolk's public
    hand is named in every file."""
    seats_file_check(mix)
    g = played(mix, 7)
    for viewer in (*range(g.num_seats), "public"):
        text = write(g, viewer)
        drawn = [c for c in read_text(text).clauses()
                 if isinstance(c, Move) and c.dest and getattr(c.dest[0], "faction", None) == "O"
                 and c.text.startswith(("F#", "R#", "M#", "B#", "#")) and "->O" in c.text and "O->" not in c.text]
        assert drawn and all(not c.text.startswith("#") for c in drawn), (viewer, [c.text for c in drawn][:5])


def test_set_prices_reads_as_one_price_each():
    """Spec "Set Prices": `$_[price type]-><New Price>`, every price when the type is left out, and
    markers joined (`($_h+$_m)->2`, the games'): one atom a price, so a record's `$_->3` reads as the
    three price actions our writer writes one by one (`$_h->3`, `$_r->3`, `$_m->3`); `$_f->2` (Funds)
    is documentary: silent for replay, never an action's own."""
    every = atoms_of(read_clause("$_->3", faction="O"), "O")
    assert [a.key for a in every] == [("price", "h", 3), ("price", "r", 3), ("price", "m", 3)]
    assert sum((text_atoms(f"$_{p}->3", "O") for p in "hrm"), ()) == every
    joined = atoms_of(read_clause("($_h+$_m)->2", faction="O"), "O")
    assert [a.key for a in joined] == [("price", "h", 2), ("price", "m", 2)]
    funds = text_atoms("$_f->2", "O")[0].key
    assert documentary(funds) and silent(funds) and not silent(every[0].key)
    assert isinstance(read_clause("$_h->3", faction="O"), SetPrices)


def test_a_records_all_prices_replay_as_the_setups_three():
    """Spec Example Turns (`O:w->10+11/2w->5/$_->3`, the games' `$_->3` and `($_h+$_m)->2/$_r->3`):
    our referee file with the setup's three prices written as one `$_->N` (when they are equal)
    replays to the same game: the same record but for the order of the three prices (Hand Card,
    Riverboats, Mercenaries, as the clause names them)."""
    for seed in range(8100, 8140):
        g = played(CRW, seed)
        prices = [decode(a).args for a in g.record[:60] if decode(a).kind == "price"][:3]
        if len({p[1] for p in prices}) == 1:
            break
    else:
        pytest.skip("no game of equal setup prices")
    value = prices[0][1] + 1
    text = write(g)
    three = "/".join(f"$_{'hrm'[p[0]]}->{value}" for p in prices)
    assert three in text
    back = replay(text.replace(three, f"$_->{value}", 1), bot=g.bot, seats=g.factions)
    k = next(i for i, a in enumerate(g.record) if decode(a).kind == "price")
    assert back.record[:k] == g.record[:k] and back.record[k + 3:] == g.record[k + 3:]
    assert [decode(a).args for a in back.record[k:k + 3]] == [(0, value - 1), (1, value - 1), (2, value - 1)]
    assert back.state == g.state and back.is_terminal()


def corpus_clauses(name: str):
    """The clauses of the Riverfolk's own lines of a corpus game, and of every other line's
    purchases from them and funds lost (`3Cw->O$`, `2Ow->O$`, `B#O->C`, `wO$->`), each with the
    line's faction (the Vagabond's Aid to them and his relationship are his own forms)."""
    record = read_file(CORPUS / f"{name}.rootlog")
    for turn in record.turns:
        for c in turn.clauses:
            text = c.text.split("(")[-1] if c.text.startswith("(") else c.text
            if turn.faction == "O" or (isinstance(c, Move) and not text.startswith("%")
                                       and ("w->O$" in c.text or "#O->" in c.text or "wO$->" in c.text)):
                yield turn.faction, c


def riverfolk_meaning(key: tuple):
    """What a clause atom means for the Riverfolk's forms, other factions' letters as `*` (a payment
    `3Cw->O$` and `2Pw->O$` alike): a price, the Funds, a piece of theirs or anyone's entering or
    leaving their board, a card leaving or entering their hand, a piece of theirs placed; None for
    anything else (battles, crafts, items, other factions' own pieces)."""
    def f(x):
        return x if x in ("O", None) else "*"

    def place(loc):
        if isinstance(loc, Board):
            return Board(f(loc.faction), loc.slot)
        if isinstance(loc, Hand):
            return Hand(f(loc.faction))
        return "clearing" if type(loc).__name__ == "Clearing" else loc
    if key[0] == "price" or documentary(key):
        return key[:2] if key[0] == "price" else ("funds",)
    if key[0] != "move":
        return None
    thing, dest = key[1], key[2]
    if thing[0] == "piece":
        start = thing[4]
        if (thing[1] != "O" and not (isinstance(start, Board) and start.faction == "O")
                and not (isinstance(dest, Board) and dest.faction == "O")):
            return None
        return ("piece", f(thing[1]), thing[2][:1] + ("_" if "_" in thing[2] else ""), place(start), place(dest))
    if thing[0] == "card" and "O" in (getattr(thing[4], "faction", None), getattr(dest, "faction", None)):
        return ("card", place(thing[4]), place(dest))
    return None


# what the corpus writes that our writer writes otherwise (docs/rootlog.md "The corpus, replayed"):
# a fund of the Riverfolk's own spent to Recruit written as the warrior moving from their board to
# the clearing (`w$->11`, r2g4), where the rules spend it to the supply and place one (`w$->/w->11`)
SAID_OTHERWISE = {("piece", "O", "w", Board("O", None), "clearing")}


@pytest.mark.skipif(not CORPUS.is_dir(), reason=f"the Rootlog corpus is not at {CORPUS}")
def test_the_corpus_riverfolk_clauses_mean_what_our_writer_writes():
    """The three corpus games seating the Riverfolk (spec V2.8's games): every Riverfolk meaning of
    the clauses of their lines and of the purchases from them (riverfolk_meaning: prices, Funds,
    pieces to and from their board, cards to and from their hand, their warriors and posts placed)
    is one our writer writes for the Riverfolk's actions in our own games, but for the one the
    corpus writes otherwise (SAID_OTHERWISE); the spec's signature forms occur in both."""
    ours = set()
    for mix, seed, deck in ((CRW, 8105, "standard"), (VRW, 8105, "standard"), (OLEW, 8110, "ep"),
                            (OA, 8105, "standard"), (SIX, 8106, "standard")):
        g = played(mix, seed, deck=deck)
        for line in write(g).splitlines():
            if line[1:2] != ":" or line[2:3] == " ":
                continue
            for c in line[2:].split("/"):
                if not c.startswith("!"):
                    ours.update(riverfolk_meaning(a.key) for a in text_atoms(c, line[0]))
    ours.discard(None)
    theirs: dict = {}
    for name in RIVERFOLK_GAMES:
        for faction, c in corpus_clauses(name):
            for a in atoms_of(c, faction):
                m = riverfolk_meaning(a.key)
                if m is not None:
                    theirs.setdefault(m, (name, c.text))
    both = set(theirs) & ours
    for form in (("price", "h"), ("funds",),                                # $_h->3, $_f->2
                 ("piece", "O", "w", None, "clearing"),                     # w->5
                 ("piece", "O", "t_", None, "clearing"),                    # t_r+w->5
                 ("piece", "O", "w", None, Board("O", None)),               # 2w->$ (Protectionism, Export)
                 ("piece", "*", "w", None, Board("O", None)),               # 3w->O$ (a payment)
                 ("piece", "*", "w", Board("O", None), None),               # 2Cw$-> (funds spent)
                 ("card", Hand("O"), Hand("*"))):                           # B#O->C (Hand Card)
        assert form in both, form
    missing = {m: theirs[m] for m in theirs if m not in ours and m not in SAID_OTHERWISE}
    assert not missing, missing


# where each corpus game seating the Riverfolk stops (docs/rootlog.md "The corpus, replayed"): every
# faction of theirs is held since issue 34 item 4 (the Corvid Conspiracy), so they replay from the header
RIVERFOLK_STOPS = {
    # the Vagabond's Hand Card paid with items the record does not write (its comment: "Did not notate
    # the Vagabond exhausting items"), which the engine asks (service_items, LoR 11.2.6.III)
    "2020_11_08_mega_exploding_birds": (17, 18, "`p->11`", "service_items"),
    # the Riverfolk's setup leaves out their three warriors into Payments (LoR 11.3.4: `3w->$`)
    "2020_11_24_winter_tournament_r2g4": (17, 3, "`w->10+11`", "riverfolk_setup"),
    # the Corvids' first plot: its warrior removed from clearing 2, the plot placed in 4 (LoR 13.5.2)
    "2020_12_05_after_dark_special": (19, 21, "`w2->`", "corvids_daylight"),
}


@pytest.mark.skipif(not CORPUS.is_dir(), reason=f"the Rootlog corpus is not at {CORPUS}")
@pytest.mark.parametrize("name", RIVERFOLK_GAMES)
def test_the_corpus_riverfolk_games_replay_from_the_header(name):
    """docs/rootlog.md "The corpus, replayed": the three corpus games seating the Riverfolk seat the
    Corvid Conspiracy too (after_dark_special the Underground Duchy as well), all held since issue 34:
    they replay from the header, past the Riverfolk's setup (but r2g4's, which leaves out its three
    warriors into Payments), to the first clause the engine does not take (RIVERFOLK_STOPS)."""
    path = CORPUS / f"{name}.rootlog"
    rep = Replay(read_file(path), str(path), chance=np.random.default_rng(0))
    with pytest.raises(ReplayError) as e:
        while not rep.done:
            rep.step()
    line, col, clause, step = RIVERFOLK_STOPS[name]
    assert (e.value.line, e.value.col) == (line, col) and clause in str(e.value) and step in str(e.value), str(e.value)


def test_a_draft_pool_with_the_riverfolk_card():
    """LoR 16.1.8 (C18: the Riverfolk are insurgents that may be drafted): the draft's pool holds
    the Riverfolk's card (faction id 8: the draft's masks are 16 bits), it is dealt, and a player
    who picks it sets the Riverfolk up (warriors in river clearings, three in Payments, prices)
    before the first turn."""
    import numpy as np
    picked = 0
    for seed in range(40):
        state = _core.State(0, factions=(-1, -1, -1), setup_mode=1, draft=(0, 1, 2, 3, 8))
        assert (state.to_dict()["draft_cards"] >> 8) & 1           # the Riverfolk card in the pool
        rng = np.random.default_rng(seed)
        while state.turn_number == 0 and not state.is_terminal():
            if state.is_chance_node():
                state.apply(state.sample_chance(int(rng.integers(1 << 62))))
            else:
                la = state.legal_actions()
                state.apply(la[rng.integers(len(la))])
        if 8 in state.factions:
            picked += 1
            d = state.to_dict()
            assert sum(d["otters"]) == 4 and d["payments"][8] + d["funds"][8] == 3    # (Gathered if first)
            assert all(1 <= p <= 4 for p in d["prices"])
    assert picked > 0


def test_turn_start_marks_only_the_riverfolks_birdsong():
    """The writer's TurnStart stands only before Protectionism, Dividends or Gather (LoR 11.4), the
    effects that begin the Riverfolk's Birdsong with no decision of theirs."""
    g = played(CRW, 8105)
    marks = 0
    for act, seat, turn, out, before, after in entries(g):
        for c in out:
            if isinstance(c, TurnStart):
                marks += 1
                assert after.turn == 1 and (turn != 1 or before.turn_number == 0), (turn, after.turn)
    assert marks > 0


def test_the_writers_riverfolk_fields_are_the_state_dicts():
    """The writer reads the Riverfolk's otters, payments, funds and Trade Disruption owed from the
    state's bytes (writer._riverfolk_fields, sparing two to_dict calls an entry): at every position
    of games at every Riverfolk table, and in a faction draft before and after they are chosen,
    they are what State.to_dict() gives."""
    from wyrm_ai.model.factions import RIVERFOLK
    from wyrm_ai.model.game import Game
    from wyrm_ai.rootlog.writer import _riverfolk_fields

    def check(state):
        d = state.to_dict()
        assert _riverfolk_fields(state) == {"otters": d["otters"], "payments": d["payments"][RIVERFOLK],
                                            "funds": sum(d["funds"]), "disrupt_owed": d["disrupt_owed"]}
        return d

    funded = disrupted = 0
    for mix, seed in ((CRW, 8105), (OLEW, 8106), (VRW, 8105), (OA, 8105), (SIX, 8106)):
        g = new_game(mix, seed % len(mix), seed)
        rng, players = np.random.default_rng(seed), players_for(mix, seed)
        while not g.is_terminal():
            d = check(g.state)
            funded += sum(d["funds"]) > 0
            disrupted += d["disrupt_owed"] > 0
            g.apply(g.sample_chance(rng) if g.current_player == _core.CHANCE else players[g.current_player].choose(g))
    assert funded > 100 and disrupted > 0, (funded, disrupted)
    g = Game(0, ("draft",) * 3, setup="advanced", draft=("riverfolk", "marquise", "eyrie", "wyrm"))
    rng = np.random.default_rng(1)
    for _ in range(60):
        check(g.state)
        legal = g.legal_actions()
        g.apply(g.sample_chance(rng) if g.is_chance_node() else legal[rng.integers(len(legal))])
