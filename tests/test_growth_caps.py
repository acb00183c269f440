"""The Growth-track caps as a game option (issue 15 item 5; voracious-wyrm.md W-EVE-1, W-EVE-2):
the Lair scores at most the cap printed on the rightmost covered space of the Growth track
(W-EVE-1), and the caps printed are a setting of the game, W-EVE-2's assumed 1, 2, 2, 3, 4, 5 by
default. They live in the core's state, so the scoring, the evaluation, the public facts, saves,
positions, the engine and the terminal all read the game's own caps."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from positions import modify
from test_protocol import Harness
from wyrm_ai import _core
from wyrm_ai.model import growth_caps
from wyrm_ai.lab.arena import run_arena
from wyrm_ai.cli import main
from wyrm_ai.model.errors import ConfigError, PositionError, SaveError
from wyrm_ai.model.game import Game
from wyrm_ai.protocol.views import state_view
from wyrm_ai.model.textboard.boardview import render_board
from wyrm_positions import WYRM, act, wyrm_day

DEFAULT = (1, 2, 2, 3, 4, 5)
HIGH = (2, 3, 3, 4, 5, 6)
FLAT = (1, 1, 1, 1, 1, 1)
LAIR = {"treasure": 3, "hammer": 1, "sword": 1}       # five items in the Lair


def run(*args, input=None):
    return CliRunner().invoke(main, list(args), input=input, catch_exceptions=False)


def growth_for(on_track: int) -> list[int]:
    """Growth markers on Bite, Height, Might leaving on_track of the six on the Growth track."""
    growth = [2, 2, 2]
    for i in range(on_track):
        growth[i % 3] -= 1
    return growth


def with_caps(g: Game, caps) -> Game:
    return modify(g, lambda d: d.update(growth_caps=list(caps)))


# ---- the rule: W-EVE-1 with the game's caps, W-EVE-2 the default ------------------------------

def test_w_eve_2_the_default_caps_are_the_assumed_ones():
    """W-EVE-2 (assumed): a game given no caps prints 1, 2, 2, 3, 4, 5, in every layer."""
    assert growth_caps.DEFAULT == DEFAULT == tuple(_core.WYRM_TABLE["growth_caps"])
    assert Game().growth_caps == DEFAULT
    assert _core.State().to_dict()["growth_caps"] == list(DEFAULT)
    assert Game(("marquise", "eyrie", "wyrm")[0], ("marquise", "eyrie", "wyrm")).growth_caps == DEFAULT


@pytest.mark.parametrize("caps", [DEFAULT, HIGH, FLAT])
@pytest.mark.parametrize("on_track", range(7))
def test_w_eve_1_the_lair_scores_up_to_the_games_cap(caps, on_track):
    """W-EVE-1: the Lair (5 items) scores 1 VP per item, at most the game's cap under the rightmost
    covered Growth space; with no Growth on the track it scores nothing, whatever the caps."""
    g = with_caps(wyrm_day(growth=growth_for(on_track), lair=LAIR), caps)
    expected = min(5, caps[on_track - 1]) if on_track else 0
    assert g.lair_cap() == (caps[on_track - 1] if on_track else 0)
    act(g, "pass")
    assert g.scores == (0, expected)


def test_w_eve_1_a_game_set_up_with_caps_scores_by_them():
    """W-EVE-1: the caps a Game is created with reach its Evening (not only an edited state)."""
    g = Game(growth_caps=HIGH)
    assert g.growth_caps == HIGH and g.state.to_dict()["growth_caps"] == list(HIGH)
    for on_track, cap in ((0, 0), (1, 2), (4, 4), (6, 6)):
        grown = modify(g, lambda d: d.update(growth=growth_for(on_track)))
        assert grown.lair_cap() == cap and grown.growth_caps == HIGH


def test_w_eve_1_the_evaluation_reads_the_games_caps():
    """W-EVE-1 in the evaluation (heuristics.pxi lair_income): the Lair's income counts up to the
    game's cap, items beyond it at the smaller lair_item weight."""
    w = _core.EVAL_WEIGHTS
    base = wyrm_day(growth=growth_for(1), lair=LAIR)          # one Growth on the track
    low = _core.seat_worth_of(with_caps(base, DEFAULT).state, WYRM)     # cap 1
    high = _core.seat_worth_of(with_caps(base, (3, 3, 3, 3, 3, 3)).state, WYRM)   # cap 3
    assert high - low == pytest.approx(2 * (w["lair_income"] - w["lair_item"]))
    assert _core.evaluate_state(with_caps(base, (3, 3, 3, 3, 3, 3)).state, WYRM) > \
        _core.evaluate_state(with_caps(base, DEFAULT).state, WYRM)


def test_w_eve_1_the_public_facts_report_the_games_caps():
    """W-EVE-1: every view carries the game's caps and the cap they give now (no view computes it)."""
    g = with_caps(wyrm_day(growth=growth_for(2), lair=LAIR), HIGH)
    facts = _core.public_facts(g.state)
    assert facts["growth_caps"] == list(HIGH) and facts["lair_cap"] == 3
    for viewer in ("marquise", "wyrm", "public", "referee"):
        view = state_view(g, viewer)
        assert view["growth_caps"] == list(HIGH) and view["lair_cap"] == 3


def test_w_eve_1_the_terminal_board_prints_the_games_caps():
    """W-EVE-1: the Wyrm's panel prints the caps of this game and the cap they give now."""
    g = with_caps(wyrm_day(growth=growth_for(2), lair=LAIR), HIGH)
    wide = render_board(g.observation("wyrm"), 99)
    assert "caps 2 3 3 4 5 6  -> the Lair scores up to 3 VP each Evening" in wide
    narrow = render_board(g.observation("wyrm"), 80)
    assert "Growth 2/6 (caps 2,3,3,4,5,6)" in narrow and "scores up to 3 VP" in narrow
    plain = render_board(wyrm_day(growth=growth_for(2), lair=LAIR).observation("wyrm"), 99)
    assert "caps 1 2 2 3 4 5  -> the Lair scores up to 2 VP" in plain


# ---- the option's bounds: a ConfigError naming what is wrong, at every front end -------------

BAD = [
    ((1, 2, 3), "not 3"),
    ((1, 2, 2, 3, 4, 5, 6), "not 7"),
    ((1, 2, 2, 3, 4, 10), "growth cap 6 must be an int 0..9, not 10"),
    ((-1, 2, 2, 3, 4, 5), "growth cap 1 must be an int 0..9, not -1"),
    ((1, 2, 2, 3, 5, 4), "cap 6 (4) is below cap 5 (5)"),
    ((1, 2, 2.5, 3, 4, 5), "growth cap 3 must be an int 0..9, not 2.5"),
    (7, "growth caps are 6 ints"),
]


@pytest.mark.parametrize("caps,words", BAD)
def test_w_eve_2_bad_caps_are_a_config_error_naming_the_fault(caps, words):
    with pytest.raises(ConfigError, match=words.replace("(", r"\(").replace(")", r"\)").replace(".", r"\.")):
        Game(growth_caps=caps)
    with pytest.raises(ConfigError):
        _core.State(growth_caps=caps)


@pytest.mark.parametrize("text,words", [("1,2,2,3,4", "not 5"), ("1,2,2,3,4,x", "six comma-separated ints"),
                                        ("5,4,3,2,1,0", "is below cap 1"), ("", "six comma-separated ints")])
def test_w_eve_2_bad_caps_text_names_the_fault(text, words):
    with pytest.raises(ConfigError, match=words):
        growth_caps.parse(text)


@pytest.mark.parametrize("command", ["arena", "watch", "play"])
def test_w_eve_2_bad_caps_on_the_command_line_name_the_flag(command):
    r = run(command, "--growth-caps", "1,2,2,3,5,4", "--seed", "1", input="quit\n")
    assert r.exit_code == 2, r.output
    assert "'--growth-caps'" in r.output and "cap 6 (4) is below cap 5 (5)" in r.output


def test_w_eve_2_a_state_or_position_with_falling_caps_is_refused():
    d = Game().state.to_dict()
    d["growth_caps"] = [1, 2, 2, 3, 5, 4]
    with pytest.raises(_core.WyrmError, match="growth caps fall left to right"):
        _core.State.from_dict(d)
    d["growth_caps"] = [1, 2, 2, 3, 4, 12]
    with pytest.raises(_core.WyrmError, match="'growth_caps' is out of range 0..9"):
        _core.State.from_dict(d)


# ---- saves, positions, records ---------------------------------------------------------------

def _played(game: Game, n: int, seed: int = 3) -> Game:
    import numpy as np
    rng = np.random.default_rng(seed)
    for _ in range(n):
        if game.is_terminal():
            break
        game.apply(game.sample_chance(rng) if game.is_chance_node()
                   else game.legal_actions()[rng.integers(len(game.legal_actions()))])
    return game


def test_w_eve_1_saves_keep_the_caps(tmp_path):
    """W-EVE-1: a save holds its game's caps, and the reloaded game replays under them."""
    g = _played(Game(growth_caps=HIGH), 200)
    g.save(tmp_path / "g.json")
    back = Game.load(tmp_path / "g.json")
    assert back.growth_caps == HIGH and back.state.to_dict() == g.state.to_dict()
    assert back.start().growth_caps == HIGH


def test_w_eve_2_a_save_from_before_the_option_loads_with_the_default(tmp_path):
    """W-EVE-2: a save written before the caps were a setting (its state has no growth_caps)
    loads with the default caps."""
    g = _played(Game(), 150)
    data = g.to_json()
    del data["state"]["growth_caps"]
    back = Game.from_json(data)
    assert back.growth_caps == DEFAULT and back.record == g.record


def test_w_eve_2_a_save_with_bad_caps_is_refused():
    data = Game().to_json()
    data["state"]["growth_caps"] = [1, 2, 3]
    with pytest.raises(SaveError, match="bad growth caps"):
        Game.from_json(data)


def test_w_eve_1_positions_carry_the_caps():
    """W-EVE-1: a position may name its caps (`growth_caps`); without them it has W-EVE-2's; the
    state JSON of a game reads back as a position with the same caps."""
    from test_position_api import doc_position
    p = doc_position()
    assert Game.from_position(p).growth_caps == DEFAULT
    g = Game.from_position(dict(p, growth_caps=list(HIGH)))
    assert g.growth_caps == HIGH
    again = Game.from_position(state_view(g, "referee"))
    assert again.growth_caps == HIGH
    with pytest.raises(PositionError, match="growth_caps: .*not 2"):
        Game.from_position(dict(p, growth_caps=[1, 2]))


def test_w_eve_1_arena_games_are_played_and_recorded_with_the_caps(tmp_path):
    """W-EVE-1: arena games use the caps; the report and each record name them, and a record
    replays to the same end only under them."""
    records = tmp_path / "runs.jsonl"
    res = run_arena(games=2, jobs=1, marquise="heuristic", wyrm="heuristic", growth_caps="2,3,3,4,5,6",
                    records=records)
    assert res.growth_caps == HIGH
    assert "  the Wyrm's Growth track prints the caps 2,3,3,4,5,6" in res.format().splitlines()
    rows = [json.loads(x) for x in records.read_text().splitlines()]
    assert all(r["growth_caps"] == list(HIGH) for r in rows)
    g = res.games[0]
    replayed = Game.replay(g.first, [line.split(": ", 1)[1] for line in g.record], g.factions,
                           growth_caps=HIGH)
    assert list(replayed.scores) == list(g.scores) and replayed.is_terminal()
    plain = run_arena(games=1, jobs=1, marquise="heuristic", wyrm="heuristic")
    assert plain.growth_caps is None and "Growth track" not in plain.format()


def test_w_eve_1_watch_and_play_use_the_caps(tmp_path):
    save = tmp_path / "w.json"
    r = run("watch", "--seed", "4", "--quiet", "--marquise", "heuristic", "--wyrm", "heuristic",
            "--growth-caps", "1,1,1,1,1,1", "--save", str(save))
    assert r.exit_code == 0, r.output
    assert Game.load(save).growth_caps == FLAT
    rec = tmp_path / "p.json"
    r = run("play", "--seed", "5", "--level", "easy", "--growth-caps", "2,3,3,4,5,6", "--record", str(rec),
            input="quit\n")
    assert r.exit_code == 0, r.output
    assert ("The Wyrm's Growth track prints the Lair caps 2,3,3,4,5,6 (--growth-caps; the rules' "
            "assumed caps are 1,2,2,3,4,5).") in r.output
    assert Game.load(rec).growth_caps == HIGH
    r = run("play", "--load", str(rec), "--growth-caps", "1,1,1,1,1,1", input="quit\n")
    assert r.exit_code == 0, r.output
    assert ("warning: --growth-caps 1,1,1,1,1,1 is ignored: the save was played with --growth-caps "
            "2,3,3,4,5,6") in r.output
    assert Game.load(rec).growth_caps == HIGH


# ---- the engine ------------------------------------------------------------------------------

def test_w_eve_1_the_engine_sets_the_caps_for_new_and_reports_them():
    h = Harness(seed=3)
    assert "growth_caps 1,2,2,3,4,5" in h.ok("options")
    h.ok("setoption growth_caps 2,3,3,4,5,6")
    assert "growth_caps 2,3,3,4,5,6" in h.ok("options")
    assert json.loads(h.ok("state public")[0])["growth_caps"] == list(DEFAULT)    # the running game's
    h.ok("new marquise wyrm 4")
    assert h.session.game.growth_caps == HIGH
    assert json.loads(h.ok("state public")[0])["growth_caps"] == list(HIGH)
    h.ok("setoption name growth_caps value 1,1,1,1,1,1")              # accepted mid-game: next `new`
    assert h.session.game.growth_caps == HIGH


def test_w_eve_1_engine_save_and_load_round_trip(tmp_path):
    h = Harness(seed=3)
    h.ok("setoption growth_caps 1,1,1,1,1,1")
    h.ok("new marquise eyrie wyrm 2")
    path = tmp_path / "e.json"
    h.ok(f"save {path}")
    h2 = Harness(seed=9)
    h2.ok(f"load {path}")
    assert h2.session.game.growth_caps == FLAT
    assert json.loads(h2.ok("state referee")[0])["growth_caps"] == list(FLAT)


@pytest.mark.parametrize("value,words", [("1,2,2,3,4", "not 5"), ("1,2,2,3,4,99", "not 99"),
                                         ("a,b,c,d,e,f", "six comma-separated ints")])
def test_w_eve_2_bad_caps_at_the_engine_are_syntax_errors_and_change_nothing(value, words):
    h = Harness(seed=3)
    before = h.ok("options")
    err = h.err(f"setoption growth_caps {value}")
    assert err.startswith("syntax") and "growth_caps" in err and words in err, err
    assert h.ok("options") == before
