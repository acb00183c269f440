"""Issue 28, every table readable: battle narration names every side by faction at 3 and 4
seats; every action of every seat has words (action_words: `log`, the protocol's `events`);
texts true at the table (crafting pieces, the Vagabond's move costs, `why`, calibration
words, Mobilize, a hidden draw); `rules FACTION`; `wyrm watch`'s default drivers."""
from __future__ import annotations

import io
import json
import re

import numpy as np
import pytest
from click.testing import CliRunner

from wyrm_ai.model.action_words import record_words
from wyrm_ai.model.actions import decode
from wyrm_ai.cli import main
from wyrm_ai.model.events import fields
from wyrm_ai.model.factions import TITLES
from wyrm_ai.model.game import Game
from wyrm_ai.model.narration import narrate
from wyrm_ai.model.notation import record_text
from wyrm_ai.ai.players import make_player, play
from wyrm_ai.protocol import Session
from wyrm_ai.protocol.io import Writer
from wyrm_ai.model.redaction import REFEREE, events_seen

TABLES = [("marquise", "eyrie", "wyrm"), ("marquise", "eyrie", "alliance", "wyrm"),
          ("marquise", "vagabond", "alliance", "wyrm")]


def random_game(factions, seed: int, actions: int = 1500) -> Game:
    g = Game(factions[0], factions)
    players = {s: make_player("random", seed=seed + s) for s in range(g.num_seats)}
    return play(g, players, np.random.default_rng(seed), max_actions=actions)


@pytest.fixture(scope="module", params=range(len(TABLES)), ids=["3-seat", "4-seat", "4-seat-vagabond"])
def game(request):
    return random_game(TABLES[request.param], 7 + request.param)


# ---- 1. battle narration names every side ------------------------------------------------------

def test_battle_narration_names_every_side_by_faction_at_3_and_4_seats(game):
    """issue 28: at 3-4 seats the roll and the hits named "the opponent" (`Roll 3,1: the Wyrm
    (attacker) 3, the opponent 1.`): every roll and hit now names both sides by faction, the
    defender being the one the battle event attacked; the protocol's fields name it too."""
    titles = "|".join(TITLES[f] for f in game.faction_ids)
    rolls = hits = 0
    for i, evs in enumerate(game.events):
        words = narrate(events_seen(evs, REFEREE, game.faction_ids))
        assert not any("opponent" in w or "other side" in w for w in words), words
        for e, w in zip(evs, narrate(evs)):
            if e.kind == "roll":
                rolls += 1
                m = re.fullmatch(rf"Roll \d,\d: the ({titles}) \(attacker\) \d, the ({titles}) \d\.", w)
                assert m and m.group(1) != m.group(2), w
                attacked = next(x for es in reversed(game.events[:i + 1]) for x in reversed(es) if x.kind == "battle")
                assert m.group(2) == TITLES[game.faction_ids[attacked.arg]]
                assert fields(e)["defender"] == game.factions[attacked.arg]
            if e.kind == "hits":
                hits += 1
                assert re.search(rf"to the ({titles})\b", w), w
                assert fields(e)["to"] in game.factions and fields(e)["to"] != fields(e)["dealer"]
    assert rolls and hits


# ---- 1. every action in words -----------------------------------------------------------------

def test_every_action_of_every_seat_has_words(game):
    """issue 28: `log` and the protocol's `events` gave moves, Eat, Terrorize, Hoard... in
    notation only (`W: (p+w)3->7`): every record entry of a 3-4 seat game, as each seat and the
    referee see it, now has words that are neither empty, nor its notation, nor its bare kind."""
    kinds = set()
    for viewer in (REFEREE, *range(game.num_seats)):
        for a, (line, words) in zip(game.record, record_words(game, viewer)):
            kind = decode(a).kind
            kinds.add(kind)
            assert words and words != kind and words not in line, (line, words)
            assert "#?" not in words and "None" not in words, (line, words)
    assert {"move", "battle", "eat", "terror", "craft"} <= kinds


def test_the_wyrm_moves_eats_terrorizes_and_hoards_in_words():
    """issue 28: the examples of the report, in words."""
    from wyrm_ai.model.action_words import explain
    from wyrm_ai.model.notation import parse
    table = (0, 1, 2, 4)
    assert explain(parse("(p+w)3->7", 3, table), 3, "wyrm_daylight", table) == \
        "move the Wyrm with 1 wyrmling from 3 to 7"
    assert explain(parse("terror Ww3->11", 3, table), 3, "wyrm_terrorize", table) == \
        "Terrorize: move a wyrmling from clearing 3 to clearing 11"


def test_protocol_events_give_each_action_its_words():
    """issue 28: the engine's `events` (which the web log shows) carry each action's `words`,
    and a 4-seat battle's roll names its defender."""
    g = random_game(TABLES[1], 8)
    buf = io.BytesIO()
    s = Session(Writer(buf), seed=3)
    s.game = g
    s.handle(b"1 events 400 eyrie")
    rows = [json.loads(line) for line in buf.getvalue().decode()[3:].strip().splitlines()]
    assert len(rows) == 400
    for r in rows:
        assert r["words"] and r["words"] not in r["action"], r
        for e in r["events"]:
            assert "opponent" not in e["text"]
            if e["kind"] == "roll":
                assert e["defender"] in g.factions


def test_terminal_log_gives_every_action_in_words(tmp_path, monkeypatch):
    """issue 28: `log` at a four-seat table: the Wyrm's and the other AIs' actions each with
    their words beside the record line."""
    monkeypatch.chdir(tmp_path)
    r = CliRunner().invoke(main, ["play", "--factions", "marquise,eyrie,alliance,wyrm", "--level", "easy",
                                  "--seed", "5"], input="1\n" * 25 + "log\nquit\n", catch_exceptions=False)
    lines = r.output.splitlines()
    start = next(i for i, l in enumerate(lines) if l.endswith("> log"))
    shown = " ".join(" ".join(lines[start + 1:]).split())
    g = Game.load(next(tmp_path.glob("*.json")))
    told = record_words(g, 0)
    assert len(told) > 40
    for i, (line, words) in enumerate(told):
        assert " ".join(f"{i + 1} {line} {words}".split()) in shown, (line, words)
    wyrm = [w for (line, w) in told if line.startswith("W: ")]
    assert any(w.startswith("move ") for w in wyrm)
    assert any(w.startswith("Terrorize:") for w in wyrm) and any(w.startswith("Eat ") for w in wyrm)


# ---- 2. texts true at every table ---------------------------------------------------------------

def play_cli(tmp_path, monkeypatch, factions: str, typed: str, *extra):
    monkeypatch.chdir(tmp_path)
    r = CliRunner().invoke(main, ["play", "--factions", factions, "--level", "easy", "--seed", "4", *extra],
                           input=typed, catch_exceptions=False)
    assert r.exit_code == 0, r.output
    return r.output


def test_card_text_names_the_crafting_pieces_of_the_table(tmp_path, monkeypatch):
    """issue 28: `card gently used knapsack` at an Alliance table named only "the Marquise's
    workshops, the Wyrm's fear tokens": it names each seated faction's crafting pieces
    (factions.CRAFTING), and no absent faction's."""
    out = play_cli(tmp_path, monkeypatch, "marquise,alliance,wyrm", "card gently used knapsack\nquit\n")
    text = " ".join(out[out.index("Gently Used Knapsack (F#"):].split())
    assert "the Alliance's sympathy tokens" in text and "the Marquise's workshops" in text
    assert "the Wyrm's fear tokens" in text and "Eyrie" not in text.split("Effect")[0]


def test_card_texts_at_three_seats_name_another_player_and_dominance():
    """issue 28: at 3+ seats a dominance card wins the game (LoR 3.3) and Codebreakers looks at
    another player's hand, not "the other player's"."""
    from wyrm_ai.model.textboard.words import card_about, cards_named
    dom = cards_named("F#dominance")[0]
    assert "not used with two players" in card_about(dom)
    assert "3 fox clearings" in card_about(dom, (0, 1, 4)) and "not used" not in card_about(dom, (0, 1, 4))
    assert "another player's hand" in card_about(cards_named("codebreakers")[0], (0, 1, 2, 4))


def vagabond_moves(relations_ok) -> list[tuple[list, str]]:
    """(the Vagabond's relationships, the words) of every move he could take in seeded random
    games, at positions where relations_ok(his relationships)."""
    from wyrm_ai.model.action_words import explain
    out = []
    for seed in range(4):
        g = Game("marquise", ("marquise", "eyrie", "vagabond", "wyrm"))
        players = {s: make_player("random", seed=seed + s) for s in range(4)}
        rng = np.random.default_rng(seed)
        for _ in range(1500):
            if g.is_terminal():
                break
            seat = g.current_player
            if seat == 2 and relations_ok(g.state.to_dict()["vb_rel"]):
                out += [(g.state.to_dict()["vb_rel"], explain(a, seat, g.step, g.faction_ids, g.state))
                        for a in g.legal_actions() if decode(a).kind == "vb_move"]
            g.apply(g.sample_chance(rng) if seat < 0 else players[seat].choose(g))
    return out


def test_vagabond_move_words_follow_the_real_relationships():
    """issue 28: every Vagabond move read "exhausts boots: 2 into Hostile warriors" whatever the
    relationships: with no Hostile faction each move exhausts one boot and says so; the cost
    is the core's (the boots a copy of the state exhausts)."""
    calm = vagabond_moves(lambda rel: min(rel) >= 0)
    assert calm and all(w.endswith("(exhausts a boot)") and "Hostile" not in w for _, w in calm)
    hostile = [w for _, w in vagabond_moves(lambda rel: min(rel) < 0)]
    assert any("exhausts 2 boots: Hostile warriors there" in w for w in hostile)
    assert any(w.endswith("(exhausts a boot)") for w in hostile)


def test_why_lists_the_chosen_action_first_with_its_own_numbers():
    """issue 28: `why` after `Wyrm chose XC3` listed alternatives without XC3, and a chosen move
    at 7% of visits came below two others: the chosen action is the first row, with its own
    numbers, then the others by visits; one not among the rows is still named first."""
    from wyrm_ai.model.notation import parse
    from wyrm_ai.ai.planner import SearchReport
    table = (0, 1, 2, 4)
    acts = [parse(t, 3, table) for t in ("XC3", "pass", "w3->7", "XE3", "XA3", "w3->8")]
    top = [(a, record_text(a, 3, table)[3:], v, 0.4) for a, v in zip(acts, (7, 40, 30, 10, 8, 5))]
    top.sort(key=lambda r: -r[2])                   # by visits, as search and report_view give them
    r = SearchReport(3, acts[0], top, simulations=100, factions=table)
    rows = r.format(4).splitlines()
    assert rows[1].split()[0] == "XC3" and "7% of visits" in rows[1]
    assert [row.split()[0] for row in rows[2:]] == ["pass", "w3->7", "XE3"]
    others = [r for r in top if r[0] != acts[0]]
    missing = SearchReport(3, acts[0], others, simulations=100, factions=table).format(4).splitlines()
    assert missing[1].split()[0] == "XC3" and "chosen" in missing[1]


def test_calibration_words_match_the_table(tmp_path, monkeypatch):
    """issue 28: at four seats the hint's rows said "value 0.38 (uncalibrated)" under a footer
    saying "win chances calibrated": the footer now says what the numbers are at that table."""
    from wyrm_ai.ai import calibration
    assert "calibrated on AI-vs-AI" in calibration.numbers_words((0, 4), 1)
    assert "not calibrated for this seat" in calibration.numbers_words((3, 4), 0)   # the Vagabond
    out = play_cli(tmp_path, monkeypatch, "marquise,eyrie,alliance,wyrm", "hint\nquit\n")
    rest = out[out.index("> hint"):].splitlines()[1:8]
    assert any("(uncalibrated)" in line for line in rest)
    assert not any("win chances calibrated" in line for line in rest)
    assert "not calibrated for this seat at this table" in " ".join(" ".join(rest).split())


def test_mobilize_train_and_outrage_give_the_cards_suit():
    """issue 28: Mobilize options gave no suit (the suit is what the stack is spent by)."""
    from wyrm_ai.model.action_words import explain
    from wyrm_ai.model.actions import encode
    from wyrm_ai.model.cards import CARDS
    t = next(c.id for c in CARDS if c.token == "R#cobbler")
    for kind in ("mobilize", "train", "outrage"):
        assert "Cobbler (rabbit)" in explain(encode(kind, t), 2, None, (0, 2, 4))


def test_a_card_drawn_for_a_full_supporters_stack_is_told():
    """issue 28: the label `?: draw (a card for the hidden)`: a card drawn from the deck for
    the Alliance's full stack (Outrage with no matching card) is discarded face up (LoR
    8.2.3.I), so every seat's record names it, with words saying whom it was drawn for."""
    from wyrm_ai.model.redaction import face_up
    seen = 0
    for seed in range(3, 6):
        g = random_game(TABLES[1], seed, 600)
        for viewer in (0, 1, 2, 3):
            for evs, step, (line, words) in zip(g.events, g.record_steps, record_words(g, viewer)):
                if step == "supporter_draw":
                    assert "hidden" not in line and words.endswith("drawn for the Alliance's supporters")
                    if face_up(evs):
                        seen += 1
                        assert "#?" not in line and not words.startswith("a card")
    assert seen


def test_a_hidden_draw_with_no_receiver_reads_as_hidden():
    """issue 28: the label `?: draw (a card for the hidden)`."""
    from wyrm_ai.model.action_words import seen_line
    from wyrm_ai.model.actions import Action
    from wyrm_ai.model.redaction import Seen
    assert seen_line(Seen(-1, Action("draw", (None,)), -1, (0, 4))) == "?: draw (a hidden card)"
    assert seen_line(Seen(-1, Action("draw", (None,)), 1, (0, 4))) == "?: draw (a card for the wyrm)"


# ---- 3. rules FACTION ---------------------------------------------------------------------------

def test_rules_wyrm_explains_its_actions_citing_the_clauses(tmp_path, monkeypatch):
    """issue 28: no in-game rules for the Wyrm (`card wyrm` -> no card): `rules wyrm` explains
    hoard, eat, terror, Bite/Height/Might and the Lair, each line citing its W-... clause, and
    `card wyrm` points to it."""
    out = play_cli(tmp_path, monkeypatch, "marquise,alliance,wyrm", "card wyrm\nrules wyrm\nquit\n")
    assert "`rules wyrm`" in out[out.index("> card wyrm"):].splitlines()[1]
    text = out[out.index("> rules wyrm") + len("> rules wyrm\n"):]
    text = text[:text.index(" > ")]                         # up to the next prompt
    for cite in ("W-ACT-HOARD", "W-ACT-EAT", "W-ACT-TERROR", "W-BITE-1", "W-HEIGHT-1", "W-MIGHT-1", "W-EVE-1"):
        assert f"  {cite}: " in text
    for word in ("hoard", "eat", "terror", "Lair", "Bite", "Height", "Might"):
        assert word in text
    assert "rules marquise, rules alliance, rules wyrm" in " ".join(text.split())
    assert all(len(line) <= 80 for line in text.splitlines())


def test_rules_of_every_faction_cite_their_rules():
    """issue 28: `rules FACTION` for each faction: every line cites the Law of Root (base
    factions), a W-... clause of docs/wyrm-rules.md (the Wyrm) or MM2 (the bot)."""
    from pathlib import Path
    from wyrm_ai.model.factions import NAMES
    from wyrm_ai.model.rules_texts import RULES, rules_answer, rules_text
    page = (Path(__file__).parent.parent / "docs" / "wyrm-rules.md").read_text()
    for f, (source, sections) in RULES.items():
        cites = [c for _, rows in sections for c, _ in rows]
        whose = TITLES[f] + ("'" if TITLES[f].endswith("s") else "'s")          # the Duchy's, the Corvids'
        assert cites and rules_text(f).startswith(f"The {whose} rules")
        lead = {"wyrm": "W-", "mechanical-marquise": "MM2 "}.get(NAMES[f], "LoR ")
        assert all(c.startswith(lead) for c in cites), cites
        if lead == "W-":
            assert all(f"**{c}" in page for c in cites), [c for c in cites if f"**{c}" not in page]
    assert rules_answer("", (0, 4), 4)[1].startswith("The Wyrm's rules")
    assert rules_answer("nobody", (0, 4), 0) == (False, "no faction 'nobody': at this table, type "
                                                       "rules marquise, rules wyrm")


# ---- 4. wyrm watch ------------------------------------------------------------------------------

def test_watch_defaults_to_the_levels_ai_for_every_seat(monkeypatch):
    """issue 28: `wyrm watch` defaulted to random drivers (a newcomer watched `marquise 3 -
    eyrie 3 - alliance 30`): every seat not named plays the normal level as `wyrm play` does (its
    simulations and search options for that seat at that table); a named driver still wins."""
    import wyrm_ai.terminal.watch as watch_module
    from wyrm_ai.ai.planner import LEVELS
    from wyrm_ai.ai.players import MCTSPlayer, RandomPlayer
    seen = []

    def spy(game, players, rng, before=None):
        seen.append((game.faction_ids, players))
        return game
    monkeypatch.setattr(watch_module, "play", spy)
    r = CliRunner().invoke(main, ["watch", "--seed", "1", "--quiet", "--factions", "marquise,eyrie,alliance,wyrm",
                                  "--ai", "eyrie=random"], catch_exceptions=False)
    assert r.exit_code == 0, r.output
    table, players = seen[0]
    assert isinstance(players[1], RandomPlayer)
    normal = LEVELS["normal"]
    for seat in (0, 2, 3):
        p, name = players[seat], ("marquise", "eyrie", "alliance", "wyrm")[seat]
        assert isinstance(p, MCTSPlayer) and p.budget.sims == normal.sims_at(4, name)
        assert p.options == normal.options(4, name)
    assert players[3].options == {"tree_turns": 2}                  # the Wyrm's search at 4 seats


def test_watch_names_the_seat_to_move_not_your_hand():
    """issue 28: `wyrm watch` labelled the seat to move "your hand": its boards show every
    seat's hand by faction, the one whose turn it is named first, and no "your hand"."""
    r = CliRunner().invoke(main, ["watch", "--seed", "2", "--every", "5", "--no-color", "--factions",
                                  "marquise,eyrie,wyrm", "--ai", "marquise=random,eyrie=random,wyrm=random"],
                           catch_exceptions=False)
    assert r.exit_code == 0, r.output
    assert "your hand" not in r.output.lower()
    lines = r.output.splitlines()
    hands = [i for i, l in enumerate(lines) if re.match(r"The \w+'s hand", l)]
    firsts = [lines[i] for i in hands if i - 1 not in hands and not lines[i - 1].startswith("  ")]
    assert len(firsts) > 3 and all(re.match(r"The (Marquise|Eyrie|Wyrm)'s hand \(to move\), \d+ cards?: ", l)
                                   for l in firsts[:-1])
    assert "(to move)" not in firsts[-1]                            # the game is over
