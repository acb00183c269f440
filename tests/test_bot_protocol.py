"""The Mechanical Marquise at the engine protocol and at a real table (issue 14; docs/protocol.md,
protocol 2.5): its options (setoption bot_variant, difficulty, traits), its board in the state
JSON, the chance events a person supplies with `setoption chance external` (asked in words, every
listed outcome read back) and what it did, told by `events`; its order card is face up for all."""
from __future__ import annotations

import json

import numpy as np
import pytest

from wyrm_ai.model.bot_options import BotOptions
from wyrm_ai.model.game import Game
from wyrm_ai.model.redaction import PUBLIC, record_seen, seen_text
from test_protocol import Harness

BOT = "mechanical-marquise"


def _to_first_order(game: Game, rng) -> None:
    """Play game (random choices, sampled chance) until the bot's order card is revealed."""
    while not any(e.kind == "order" for e in game.last_events):
        game.apply(game.sample_chance(rng) if game.is_chance_node()
                   else game.legal_actions()[rng.integers(len(game.legal_actions()))])


def test_mm2_5_the_order_card_is_face_up_in_every_view():
    """MM2 §5: the bot reveals the top card of the deck as its order card, face up, so the record
    line of that chance outcome names the card in every seat's view and the public one (it is no
    hidden draw: no hand gets it)."""
    game = Game("wyrm", ("marquise", BOT, "wyrm"))
    _to_first_order(game, np.random.default_rng(2))
    order = game.record_lines()[-1]
    assert order.startswith("?: draw ") and "#?" not in order
    for viewer in (*game.factions, PUBLIC):
        assert seen_text(record_seen(game, viewer)[-1]) == order, viewer
    hidden = [seen_text(e) for e in record_seen(game, PUBLIC)[:6]]        # the deal stays hidden
    assert sorted(hidden) == ["?: draw (marquise)"] * 3 + ["?: draw (wyrm)"] * 3


@pytest.fixture
def h():
    return Harness(seed=3)


def test_mm2_2_2_setoption_sets_the_bots_options_for_new(h):
    """MM2 §2.2: the difficulty and traits are chosen at setup: `setoption` sets them for the next
    `new`, which gives them to the game; `options` and the state JSON name them."""
    h.ok("setoption difficulty Nightmare")
    h.ok("setoption name traits value blitz,iron-will")
    h.ok("setoption bot_variant dc")
    assert h.ok("options")[-3:] == ["bot_variant dc", "difficulty nightmare", "traits blitz,iron-will"]
    h.ok("new mechanical-marquise wyrm 4")
    assert h.session.game.bot == BotOptions(1, 3, 9)
    board = json.loads(h.ok("state public")[0])[BOT]
    assert {k: board[k] for k in ("variant", "difficulty", "traits")} == {
        "variant": "dc", "difficulty": "nightmare", "traits": ["blitz", "iron-will"]}
    assert board["priority"] == list(range(1, 13))           # MM2 §1: marker n in clearing n


@pytest.mark.parametrize("line,words", [
    ("setoption difficulty hard", "no difficulty 'hard'"),
    ("setoption bot_variant deluxe", "no bot variant 'deluxe'"),
    ("setoption traits blitz,sneaky", "no trait 'sneaky'"),
    ("setoption traits", "usage: setoption <name> <value>"),
])
def test_bad_bot_options_are_syntax_errors_and_change_nothing(h, line, words):
    before = h.ok("options")
    err = h.err(line)
    assert err.startswith("syntax") and words in err, err
    assert h.ok("options") == before


def test_mm2_2_2_the_options_cannot_change_while_its_game_runs(h):
    """While the session's game seats the bot and is not over, setoption of its options is
    `not_now`, naming the rule; with another game, or once its game is over, they may be set."""
    h.ok("new mechanical-marquise wyrm 4")
    before = h.ok("options")
    for line in ("setoption difficulty easy", "setoption traits none", "setoption bot_variant dc"):
        err = h.err(line)
        assert err.startswith("not_now") and "chosen at setup (MM2 §2.2)" in err, err
    assert h.ok("options") == before
    h.ok("setoption level easy")                       # other options are not the bot's
    over = Game(BOT, (BOT, "wyrm"))
    rng = np.random.default_rng(1)
    while not over.is_terminal():
        legal = over.legal_actions()
        over.apply(over.sample_chance(rng) if over.is_chance_node() else legal[rng.integers(len(legal))])
    h.session.replace_game(over)
    h.ok("setoption difficulty easy")
    h.ok("new marquise wyrm")
    h.ok("setoption traits fortified")
    assert h.ok("options")[-2:] == ["difficulty easy", "traits fortified"]


def _external_game(h, seed: int, table: str, max_steps: int = 6000):
    """A whole game at a real table: chance external, every chance outcome picked from `legal`
    and sent with `chance` as written, every decision a random legal action sent with `play`.
    Yields (state JSON, reply) before each chance outcome."""
    rng = np.random.default_rng(seed)
    h.ok("setoption chance external")
    status = h.ok(f"new {table} {seed}")[-1]
    for _ in range(max_steps):
        if status.startswith("game_over"):
            return
        assert BOT not in status.split()[:2], status            # to_move never names the bot
        legal = h.ok("legal")
        pick = legal[rng.integers(len(legal))]
        if status.startswith("to_move chance"):
            yield json.loads(h.ok("state public")[0])
            reply = h.ok(f"chance {pick}")
        else:
            reply = h.ok(f"play {pick}")
        status = reply[-1]
    raise AssertionError("the game did not end")


def test_a_real_table_is_asked_every_bot_chance_event_in_words(h):
    """docs/protocol.md "A real table": with chance external the person supplies the bot's Keep
    corner, starting buildings (MM2 §4), order cards (MM2 §5) and the building type a hit removes
    (MM2 §2.1); the state JSON asks each in words naming the bot; every outcome `legal` lists reads
    back; `events` tells the bot's turn step by step (MM2 §6)."""
    asked = {}
    for seed in range(1, 9):
        for state in _external_game(h, seed, "marquise mechanical-marquise wyrm"):
            chance = state["chance"]
            assert chance["step"] == state["step"] and chance["question"], chance
            asked.setdefault(chance["step"], chance["question"])
        if "battle_hits" in asked:
            break
    for step in ("mechanical_keep", "mechanical_setup_build", "mechanical_order", "battle_hits"):
        assert step in asked, sorted(asked)
        assert "Mechanical Marquise" in asked[step] and "MM2 §" in asked[step], asked[step]
    assert asked["mechanical_keep"].endswith("at random.") and "corner" in asked["mechanical_keep"]
    assert "starting" in asked["mechanical_setup_build"] and "order card" in asked["mechanical_order"]
    assert "buildings in clearing" in asked["battle_hits"]
    told = [json.loads(line) for line in h.ok("events 1000000")]
    steps = [e["step"] for entry in told for e in entry["events"] if e["kind"] == "mm_step"]
    assert {"battle", "recruit", "build", "move", "evening"} <= set(steps)
    assert all(e["text"] for entry in told for e in entry["events"])


def test_state_views_of_a_bot_game_follow_the_schema():
    """Every view of games seating the bot (its board and pieces, the chance question) validates
    against the schema of docs/protocol.md."""
    jsonschema = pytest.importorskip("jsonschema")
    from test_protocol import _schema
    from wyrm_ai.protocol.views import state_view, views_of
    validator = jsonschema.Draft202012Validator(_schema())
    for table, seed in (((BOT, "wyrm"), 1), (("marquise", BOT, "eyrie", "alliance"), 2)):
        game = Game(0, table, bot={"traits": "fortified,hospitals"})
        rng = np.random.default_rng(seed)
        for i in range(2500):
            if i % 40 == 0 or game.is_terminal():
                for view in views_of(game):
                    d = json.loads(json.dumps(state_view(game, view)))
                    validator.validate(d)
                    assert (BOT in d) and (d[BOT]["traits"] == ["fortified", "hospitals"])
                    assert ("chance" in d) == game.is_chance_node()
                    assert sum(c["mm_warriors"] for c in d["clearings"]) + d[BOT]["supply"]["warriors"] == 25
            if game.is_terminal():
                break
            legal = game.legal_actions()
            game.apply(game.sample_chance(rng) if game.is_chance_node() else legal[rng.integers(len(legal))])


@pytest.mark.parametrize("variant,keeps_own", [("original", True), ("dc", False)])
def test_mm2_4_the_starting_building_question_follows_the_rule_set(variant, keeps_own):
    """MM2 §4: a starting building goes next to the Keep, or (ORIGINAL only) in its clearing; the
    question lists exactly the clearings the core offers."""
    from wyrm_ai.model.actions import decode
    from wyrm_ai.model.chance_words import question
    g = Game("marquise", ("marquise", BOT), bot={"variant": variant})
    rng = np.random.default_rng(1)
    while g.step != "mechanical_setup_build":
        g.apply(g.sample_chance(rng) if g.is_chance_node() else g.legal_actions()[0])
    keep = g.state.to_dict()["mm_keep"] + 1
    offered = [decode(a).args[1] + 1 for a, _ in g.chance_outcomes()]
    words = question(g)
    assert ("or in the Keep's clearing" in words) == keeps_own and (keep in offered) == keeps_own
    assert words.endswith(" or ".join([", ".join(map(str, offered[:-1])), str(offered[-1])]) + " at random.")
