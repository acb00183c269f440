"""The learned evaluation (docs/evaluation.md): the feature vector the hand evaluation weighs,
the model file and its value in the core, the evaluation option, the self-play data and the fit."""
from __future__ import annotations

import numpy as np
import pytest

from wyrm_ai import _core
from wyrm_ai.lab import evaldata
from wyrm_ai.ai import evalmodel
from wyrm_ai.model.errors import ConfigError
from wyrm_ai.lab.evalfit import auc, brier, fit_logistic, reliability
from wyrm_ai.ai.players import HeuristicPlayer, RandomPlayer, play

from mixes import PLAYABLE_BOT_MIXES, PLAYABLE_MIXES, mix_id, new_game

NWEIGHTED = len(_core.FEATURE_NAMES) - 1        # every feature but the round is weighed


def fuzzed_positions(mix, games=2, stride=17):
    """Positions of random games at a table: every stride-th decision."""
    out = []
    for g in range(games):
        game = new_game(mix, g % len(mix), g)
        rng = np.random.default_rng(g)
        players = {s: RandomPlayer(g * 10 + s) for s in range(len(mix))}
        n = 0
        while not game.is_terminal() and n < 1500:
            seat = game.current_player
            if seat == _core.CHANCE:
                game.apply(game.sample_chance(rng))
                continue
            n += 1
            if n % stride == 0:
                out.append(game.state.clone())
            game.apply(players[seat].choose(game))
    return out


@pytest.fixture
def integer_weights():
    """Integer evaluation weights for the test (sums of integers are exact in any order)."""
    rng = np.random.default_rng(5)
    return {k: float(rng.integers(-3, 4)) for k in _core.FEATURE_NAMES[:NWEIGHTED]}


MIXES = PLAYABLE_MIXES + PLAYABLE_BOT_MIXES


@pytest.mark.parametrize("mix", MIXES, ids=mix_id)
def test_weights_dot_features_is_the_hand_worth(mix, integer_weights):
    weights = np.array([integer_weights[k] for k in _core.FEATURE_NAMES[:NWEIGHTED]])
    positions = fuzzed_positions(mix)
    assert positions
    nonzero = set()
    for state in positions:
        for seat in range(len(mix)):
            x = _core.features(state, seat)
            assert x.shape == (len(_core.FEATURE_NAMES),)
            assert np.all(x == np.round(x)) and np.all(x >= 0)      # counts
            assert float(weights @ x[:NWEIGHTED]) == _core.seat_worth_of(state, seat, integer_weights)
            nonzero |= {k for k, v in zip(_core.FEATURE_NAMES, x) if v}
    assert {"vp", "card", "warrior", "round"} <= nonzero


@pytest.mark.parametrize("mix", MIXES[:6], ids=mix_id)
def test_default_weights_dot_features_is_the_worth_up_to_rounding(mix):
    weights = np.array([_core.EVAL_WEIGHTS[k] for k in _core.FEATURE_NAMES[:NWEIGHTED]])
    for state in fuzzed_positions(mix, games=1):
        for seat in range(len(mix)):
            assert float(weights @ _core.features(state, seat)[:NWEIGHTED]) == pytest.approx(
                _core.seat_worth_of(state, seat), abs=1e-9)


def test_the_round_feature_is_the_round_being_played():
    game = new_game(("eyrie", "vagabond", "wyrm"), 0, 1)
    play(game, {s: HeuristicPlayer(s) for s in range(3)}, np.random.default_rng(1), max_actions=150)
    assert _core.features(game.state, 0)[_core.FEATURE_NAMES.index("round")] == game.round > 0


def test_the_model_file_loads_and_gives_values_in_0_1_as_its_formula():
    model = evalmodel.load()
    assert model["input_names"] == list(_core.INPUT_NAMES)
    for mix in (("marquise", "wyrm"), ("marquise", "eyrie", "alliance", "vagabond"),
                ("mechanical-marquise", "wyrm")):
        for state in fuzzed_positions(mix, games=1, stride=29):
            if state.current_player == _core.TERMINAL:
                continue
            learned = _core.evaluations(state, "learned")
            assert all(0.0 <= v <= 1.0 for v in learned)
            for seat in range(len(mix)):
                inputs = _core.learned_inputs_of(state, seat)
                expect = evalmodel.value(model, mix[seat], inputs)
                assert learned[seat] == pytest.approx(float(expect), abs=1e-12)
                assert _core.evaluate_state(state, seat, "learned") == learned[seat]


def test_the_learned_value_rises_with_the_margin_term():
    model = {"margin_weight": 0.2, "margin_scale": 5.0,
             "coefficients": {"wyrm": np.zeros(len(_core.INPUT_NAMES))}}
    u = np.zeros((2, len(_core.INPUT_NAMES)))
    u[0, _core.INPUT_NAMES.index("own_vp")] = 20
    u[1, _core.INPUT_NAMES.index("enemy_max_vp")] = 20
    high, low = evalmodel.value(model, "wyrm", u)
    assert 0.5 < high < 0.6 and 0.4 < low < 0.5 and high + low == pytest.approx(1.0)


def test_the_learned_evaluation_of_a_finished_game_is_its_result():
    evalmodel.load()
    game = new_game(("marquise", "wyrm"), 0, 3)
    play(game, {s: HeuristicPlayer(s) for s in range(2)}, np.random.default_rng(3))
    assert game.is_terminal() and game.winner is not None
    expect = [1.0 if s == game.winner else 0.0 for s in range(2)]
    assert _core.evaluations(game.state, "learned") == expect == _core.evaluations(game.state)


def test_the_evaluation_option_of_search_and_heuristic():
    evalmodel.load()
    game = new_game(("marquise", "wyrm"), 0, 4)
    while game.current_player == _core.CHANCE:
        game.apply(game.sample_chance(np.random.default_rng(0)))
    assert _core.Search(game.state, seed=1).evaluation == "hand"
    search = _core.Search(game.state, seed=1, evaluation="learned")
    assert search.evaluation == "learned"
    search.run(30)
    assert search.best_action() in game.legal_actions()
    assert _core.heuristic_choice(game.state, 1, 0, 2, evaluation="learned") in game.legal_actions()
    for bad in ("Learned", "", "nn"):
        with pytest.raises(ConfigError, match="evaluation must be one of hand, learned"):
            _core.Search(game.state, evaluation=bad)
        with pytest.raises(ConfigError, match="evaluation must be one of"):
            _core.heuristic_choice(game.state, 1, evaluation=bad)
        with pytest.raises(ConfigError, match="evaluation must be one of"):
            _core.evaluations(game.state, bad)


def test_set_eval_model_rejects_a_model_that_does_not_fit_the_core():
    model = evalmodel.read()
    names, coef = model["input_names"], model["coefficients"]
    with pytest.raises(ConfigError, match="inputs are not this core's"):
        _core.set_eval_model(names[:-1], coef, 0.05, 5.0)
    with pytest.raises(ConfigError, match="missing \\['eyrie'\\]"):
        _core.set_eval_model(names, {k: v for k, v in coef.items() if k != "eyrie"}, 0.05, 5.0)
    with pytest.raises(ConfigError, match="unknown \\['cats'\\]"):
        _core.set_eval_model(names, {**coef, "cats": coef["eyrie"]}, 0.05, 5.0)
    with pytest.raises(ConfigError, match="finite coefficients"):
        _core.set_eval_model(names, {**coef, "eyrie": coef["eyrie"][:-1]}, 0.05, 5.0)
    with pytest.raises(ConfigError, match="margin_weight"):
        _core.set_eval_model(names, coef, 1.5, 5.0)
    with pytest.raises(ConfigError, match="margin_scale"):
        _core.set_eval_model(names, coef, 0.05, 0.0)
    evalmodel.load()


def test_a_file_that_is_no_model_is_named(tmp_path):
    path = tmp_path / "m.json"
    path.write_text('{"input_names": []}')
    with pytest.raises(ConfigError, match="has no 'coefficients'"):
        evalmodel.read(path)
    with pytest.raises(ConfigError, match="cannot read"):
        evalmodel.read(tmp_path / "missing.json")


def test_the_data_tool_writes_the_documented_columns(tmp_path):
    from importlib import util
    spec = util.spec_from_file_location("selfplay_data", evaldata.__file__.replace(
        "wyrm_ai/lab/evaldata.py", "tools/selfplay_data.py"))
    tool = util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    out = tmp_path / "d.npz"
    tool.main(["--games", "2", "--seed", "7", "--every", "3", "--out", str(out)])
    data = evaldata.load(out)
    assert set(evaldata.COLUMNS) <= set(data)
    n = len(data["game"])
    assert n > 0 and set(data["game"]) == {0, 1}
    assert data["features"].shape == (n, len(_core.FEATURE_NAMES))
    assert data["inputs"].shape == (n, len(_core.INPUT_NAMES))
    assert np.all(data["decision"] % 3 == 0)
    for g in (0, 1):       # one winner a game (no Vagabond: no coalition), margins of final VP
        rows = data["game"] == g
        table = evaldata.TABLES[g]
        assert data["nseats"][rows][0] == len(table)
        assert sorted(set(data["faction"][rows])) == sorted(_core.FACTION_NAMES.index(f) for f in table)
        last = rows & (data["decision"] == data["decision"][rows].max())
        assert data["won"][last].sum() == 1
        assert data["margin"][last & (data["won"] == 1)][0] >= 0
        assert np.all(data["features"][rows][:, 0] >= 0)
        assert np.all(data["round"][rows] == data["features"][rows][:, -1])
    again = evaldata.generate(2, seed=7, every=3)
    assert all(np.array_equal(again[k], data[k]) for k in evaldata.COLUMNS)


def test_the_fit_recovers_known_coefficients():
    rng = np.random.default_rng(0)
    X = np.column_stack([np.ones(20000), rng.normal(size=20000), rng.integers(0, 10, 20000),
                         np.zeros(20000)])
    true = np.array([-1.0, 1.5, 0.3, 0.0])
    y = rng.random(20000) < 1 / (1 + np.exp(-(X @ true)))
    w = fit_logistic(X, y, l2=0.1)
    assert np.allclose(w, true, atol=0.08)
    assert w[3] == 0.0          # a constant column gets no weight


def test_the_scores_of_a_forecast():
    assert brier([1, 0], [1, 0]) == 0.0 and brier([0.5, 0.5], [1, 0]) == 0.25
    assert auc([0.1, 0.2, 0.2, 0.9], [0, 1, 0, 1]) == 0.875
    assert auc([0.9, 0.1], [1, 0]) == 1.0
    table = reliability([0.05, 0.15, 0.95, 0.97], [0, 1, 1, 1])
    assert [(round(lo, 1), n) for lo, _, _, n in table] == [(0.0, 1), (0.1, 1), (0.9, 2)]
    assert table[2][1] == pytest.approx(0.96) and table[2][2] == 1.0


def test_a_sign_bounded_fit_zeroes_a_coefficient_of_the_wrong_sign():
    rng = np.random.default_rng(1)
    X = np.column_stack([np.ones(20000), rng.normal(size=20000), rng.normal(size=20000)])
    y = rng.random(20000) < 1 / (1 + np.exp(-(X @ np.array([0.5, 1.0, -0.7]))))
    free = fit_logistic(X, y, l2=0.1)
    bounded = fit_logistic(X, y, l2=0.1, signs=[0, 1, 1])
    assert free[2] < -0.5 and bounded[2] == 0.0
    assert bounded[1] == pytest.approx(free[1], abs=0.25) and bounded[1] > 0
