"""The Woodland Alliance at the front ends (issue 12): words for its actions and steps, its pieces
and panel on the boxed and compact boards, `wyrm play` with a person in the Alliance's seat and in
another seat (Outrage is paid on anyone's turn, LoR 8.2.6), `wyrm watch`, the engine's `new` and
`state` JSON (docs/protocol.md 2.3) and the seat options."""
from __future__ import annotations

import json
import re

import numpy as np
import pytest
from click.testing import CliRunner

from wyrm_ai import _core
from wyrm_ai.model.actions import KINDS
from wyrm_ai.model.cards import CARDS
from wyrm_ai.cli import main
from wyrm_ai.model.game import Game
from wyrm_ai.model.redaction import observe
from wyrm_ai.seat_options import read_factions
from wyrm_ai.model.textboard.boardview import render_board
from wyrm_ai.model.textboard.words import GROUPS, STEP_WORDS, explain, group_of

from mixes import players_for

MIX = ("marquise", "eyrie", "alliance", "wyrm")
ALLIANCE_KINDS = ("revolt", "spread", "organize", "a_recruit", "supporter", "mobilize", "train", "outrage")
ALLIANCE_STEPS = ("alliance_birdsong", "alliance_pay", "alliance_daylight", "alliance_evening", "outrage",
                  "supporter_draw", "alliance_trim")


def run(*args, input=""):
    return CliRunner().invoke(main, list(args), input=input)


@pytest.fixture
def in_tmp(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return tmp_path


def played(n_actions: int, seed: int = 3, mix=MIX) -> Game:
    g = Game(first=0, factions=mix)
    rng = np.random.default_rng(seed)
    players = players_for(mix, seed)
    while not g.is_terminal() and len(g.record) < n_actions:
        seat = g.current_player
        g.apply(g.sample_chance(rng) if seat == _core.CHANCE else players[seat].choose(g))
    return g


def test_lor_8_words_for_every_alliance_action_and_step():
    """LoR 8.4-8.6, 8.2.6: each Alliance action kind has its words and group heading (not the
    bare kind name), and each Alliance step its status words."""
    table = (0, 1, 2, 4)
    for kind in ALLIANCE_KINDS:
        a = KINDS[kind][0]
        words = explain(a, 2, None, table)
        assert words != kind and len(words) > 8, (kind, words)
        assert any(kind in kinds for _, kinds in GROUPS), kind
    supporter = KINDS["supporter"][0]
    assert "spend" in explain(supporter, 2, "alliance_pay", table)
    assert "discard" in explain(supporter, 2, "alliance_trim", table)
    assert group_of(supporter, "alliance_pay") == "Pay supporters"
    assert group_of(supporter, "alliance_trim") == "Discard supporters"
    for step in ALLIANCE_STEPS:
        assert step in STEP_WORDS and "_" not in STEP_WORDS[step]


def test_lor_8_2_the_board_shows_alliance_pieces_and_panel():
    """LoR 8.2: warriors, bases (in a building slot) and sympathy tokens on the map; the panel:
    the sympathy track with the next cost and VP (public fact sympathy_track), bases, officers,
    the stack's size, Martial Law; the stack's cards only in the Alliance's own view."""
    g = played(400)
    d = g.state.to_dict()
    me = g.seat_of("alliance")
    assert sum(d["sympathy"]) > 0 and d["supporters_size"] > 0
    own = render_board(observe(g.state, me))
    other = render_board(observe(g.state, g.seat_of("marquise")))
    for text in (own, other):
        assert "THE ALLIANCE" in text and f"officers {d['officers']}" in text
        assert f"{sum(d['sympathy'])}/10 on the map" in text and "Martial Law:" in text and "bases: fox" in text
        assert "A Alliance: w warriors, [A] base, sympathy" in text
        assert re.search(r"\| A (\d+w )?sympathy", text)
    stack = [CARDS[t].token for t, n in enumerate(d["supporters"]) if n]
    assert f"supporters {d['supporters_size']}:" in own
    assert f"supporters {d['supporters_size']}:" not in other
    compact_own = render_board(observe(g.state, me), width=80)
    compact_other = render_board(observe(g.state, g.seat_of("marquise")), width=80)
    assert "Alliance" in compact_own.splitlines()[2] and "sym" in compact_own and "ALLIANCE (you)" in compact_own
    assert all(len(line) <= 80 for line in compact_own.splitlines())
    assert stack and stack[0] in compact_own.replace("\n", " ") and f"supporters {d['supporters_size']}:" not in compact_other
    assert all(len(line) <= 99 for line in own.splitlines())


def test_lor_8_6_1_the_status_counts_the_officers_operations():
    """LoR 8.6.1: one operation per officer; the status line says how many are left."""
    g = played(2000)
    replay = Game(first=0, factions=MIX)
    for a in g.record:
        if replay.step == "alliance_evening":
            d = replay.state.to_dict()
            text = render_board(observe(replay.state, "public"))
            left = d["officers"] - d["ops_used"]
            assert f"{left} operation{'s' if left != 1 else ''} left" in text
            return
        replay.apply(a)
    pytest.fail("no Alliance Evening with operations in the game")


def human_steps(path) -> set[str]:
    """The steps at which the person's seat decided in a saved game of `wyrm play`."""
    data = json.loads(open(path).read())
    g = Game.load(path)
    human = g.seat_of(data["play"]["human"])
    replay, steps = g.start(), set()
    for a in g.record:
        if replay.current_player == human:
            steps.add(replay.step)
        replay.apply(a)
    return steps


# varied answers: action numbers 1-3 in turn (a number beyond the list is refused and asked again)
ANSWERS = "".join(f"{1 + i % 3}\n" for i in range(6000))


def test_play_as_the_alliance_at_four_seats(in_tmp):
    """`wyrm play --factions marquise,eyrie,alliance,wyrm --as alliance`: a whole game with the
    person in the Alliance's seat, its panel on screen, its Birdsong, Daylight and Evening steps."""
    r = run("play", "--factions", ",".join(MIX), "--as", "alliance", "--level", "easy", "--seed", "11",
            "--record", "a.json", input=ANSWERS)
    assert r.exit_code == 0, r.output[-3000:]
    assert r.output.startswith("You are the Alliance")
    assert Game.load("a.json").is_terminal()
    assert "THE ALLIANCE (you)" in r.output and "supporters" in r.output
    steps = human_steps("a.json")
    assert {"alliance_birdsong", "alliance_daylight", "alliance_evening"} <= steps, steps


def test_play_in_another_seat_pays_outrage_on_the_alliances_terms(in_tmp):
    """LoR 8.2.6: a person in another seat who moves into a sympathetic clearing is asked which
    matching card to give (step outrage) when it holds more than one kind."""
    found = False
    for seed in (2, 5, 8, 13):
        r = run("play", "--factions", ",".join(MIX), "--as", "wyrm", "--level", "easy", "--seed", str(seed),
                "--record", f"o{seed}.json", input=ANSWERS)
        assert r.exit_code == 0, r.output[-3000:]
        if "outrage" in human_steps(f"o{seed}.json"):
            assert "Outrage: give" in r.output
            found = True
            break
    assert found


def test_watch_with_the_alliance(in_tmp):
    r = run("watch", "--factions", ",".join(MIX), "--ai", "marquise=heuristic,eyrie=heuristic,alliance=heuristic,wyrm=heuristic",
            "--seed", "4", "--every", "5", "--no-color", "--save", "w4.json")
    assert r.exit_code == 0, r.output[-3000:]
    assert Game.load("w4.json").is_terminal()
    assert "ALLIANCE (heuristic)" in r.output and "Sympathy" in r.output


def test_seat_options_read_the_alliance():
    """--factions seats the Alliance by name, letter or alias (wyrm_ai/model/factions.py)."""
    assert read_factions(None, None, "marquise,eyrie,alliance,wyrm") == MIX
    assert read_factions(None, None, "cat,birds,woodland,wyrm") == MIX
    assert read_factions(None, None, "C,A,W") == ("marquise", "alliance", "wyrm")


def test_engine_new_seats_the_alliance_and_its_state_json_follows_the_schema():
    """docs/protocol.md 2.3: `new marquise eyrie alliance wyrm`; every view validates; the stack's
    cards are in the Alliance's and the referee's views only, its size in all."""
    jsonschema = pytest.importorskip("jsonschema")
    from test_protocol import Harness, _schema
    from wyrm_ai.protocol.views import state_view, views_of
    validator = jsonschema.Draft202012Validator(_schema())
    h = Harness()
    h.ok("new marquise eyrie alliance wyrm 7")
    h.ok("setoption level easy")
    checked = 0
    for i in range(400):
        g = h.session.game
        if g.is_terminal():
            break
        if i % 20 == 0:
            views = {v: state_view(g, v) for v in views_of(g)}
            size = views["referee"]["alliance"]["supporters_size"]
            for name, view in views.items():
                validator.validate(json.loads(json.dumps(view)))
                assert view["alliance"]["supporters_size"] == size
                stack = view["alliance"]["supporters"]
                assert (stack is not None) == (name in ("alliance", "referee")), name
                if stack is not None:
                    assert len(stack) == size
            checked += 1
        h.ok("play " + h.ok("go")[0][9:])
    assert checked >= 10


def test_lor_8_2_narration_of_the_stack_names_hidden_cards_as_hidden():
    """LoR 8.2.3, 8.2.6: the sentences for cards joining the stack name the card to those who may
    see it and say "a hidden card" to the others; spent and discarded supporters are named."""
    from wyrm_ai.model.events import Event
    from wyrm_ai.model.narration import narrate
    from wyrm_ai.model.redaction import events_seen
    table = (0, 1, 2, 4)
    how = {name: i for i, name in enumerate(_core.SUPPORTER_HOWS)}
    evs = (Event("outrage", 0, -1, 7, 0, -1, table), Event("supporter", 2, -1, 7, 1, how["outrage"], table),
           Event("supporter", 2, -1, 9, -1, how["spent"], table))
    name7, name9 = CARDS[7].name, CARDS[9].name
    seen_by_wyrm = narrate(events_seen(evs, 3, table))
    assert seen_by_wyrm == ["Outrage: the Marquise adds a hidden card (fox or bird) to the Alliance's supporters.",
                            "A supporter joins the Alliance's stack: a hidden card, paid through Outrage.",
                            f"The Alliance spend their supporter {name9}."]
    assert all(name7 in line for line in narrate(events_seen(evs, 2, table))[:2])
    assert all(name7 in line for line in narrate(events_seen(evs, 0, table))[:2])


HUMAN_STEPS = ("alliance_birdsong", "alliance_pay", "alliance_daylight", "alliance_evening", "outrage",
               "alliance_trim")


def test_every_decision_step_a_person_may_face_has_its_numbered_actions_in_words():
    """The decision steps of the Alliance (LoR 8.4-8.6, 8.2.4) and Outrage (LoR 8.2.6, any seat):
    met in seeded games, each offers numbered actions in a known group, with words and a
    notation text that reads back as the same action."""
    from wyrm_ai.terminal.input import numbered_actions
    groups = {title for title, _ in GROUPS}
    met = set()
    for seed in range(40):
        g = Game(first=seed % 4, factions=MIX)
        rng = np.random.default_rng(seed)
        players = players_for(MIX, seed)
        while not g.is_terminal() and len(g.record) < 1500 and met != set(HUMAN_STEPS):
            seat = g.current_player
            if g.step in HUMAN_STEPS and g.step not in met:
                for c in numbered_actions(g):
                    assert c.group in groups and c.words and c.text, (g.step, c)
                    assert g.to_action(c.text) == c.action, (g.step, c.text)
                met.add(g.step)
            g.apply(g.sample_chance(rng) if seat == _core.CHANCE else players[seat].choose(g))
        if met == set(HUMAN_STEPS):
            break
    assert met == set(HUMAN_STEPS), met
