"""The learned policy prior (issue 31 item 1; docs/policy.md): its features in the core, the
model file, Search(prior="learned"), the self-play recorder and the fit. These tests check
loading, shapes, formulas and determinism, not strength (that is a match's question)."""
from __future__ import annotations

import json

import numpy as np
import pytest

from wyrm_ai import _core
from wyrm_ai.ai import policymodel
from wyrm_ai.lab import policydata, policyfit
from wyrm_ai.model.errors import ConfigError
from wyrm_ai.model.game import Game

from mixes import random_positions

NAMES = _core.POLICY_FEATURE_NAMES
KINDS = _core.ACTION_KINDS


@pytest.fixture
def restore_model():
    """Tests that set their own model put the shipped one back."""
    yield
    policymodel.load_default()


def positions(n=6):
    return [g for g in random_positions(("marquise", "eyrie", "wyrm"), 12, every=11, seed0=40)
            if g.current_player >= 0 and len(g.legal_actions()) >= 3][:n]


def kind_of(a: int) -> str:
    return next(name for name, start, size in KINDS if start <= a < start + size)


def test_features_describe_each_legal_action():
    """One row a legal action, in legal_actions' order; exactly its kind's one-hot set; the
    heuristic value rescaled to 0..1 with its best marked; the same seed the same numbers."""
    seen = 0
    for g in positions():
        acts, f = _core.policy_features_of(g.state, seed=3)
        assert acts == list(g.legal_actions())
        assert f.shape == (len(acts), len(NAMES))
        kinds = f[:, :len(KINDS)]
        assert np.all(kinds.sum(axis=1) == 1)
        for a, row in zip(acts, kinds):
            assert KINDS[int(np.argmax(row))][0] == kind_of(a)
        value = f[:, NAMES.index("heuristic_value")]
        assert value.min() >= 0 and value.max() == 1.0
        assert np.array_equal(f[:, NAMES.index("heuristic_best")], (value >= 1 - 1e-12).astype(float))
        assert np.array_equal(_core.policy_features_of(g.state, seed=3)[1], f)
        seen += 1
    assert seen >= 3


def test_a_move_counts_its_warriors_and_a_build_its_changes():
    """moved reads the warriors of a move action; a build's own changes show the building."""
    g = Game(factions=("marquise", "wyrm"))
    rng = np.random.default_rng(2)
    checked = set()
    for _ in range(400):
        if g.is_terminal() or len(checked) == 2:
            break
        if g.current_player == _core.CHANCE:
            g.apply(g.sample_chance(rng))
            continue
        acts, f = _core.policy_features_of(g.state, seed=1)
        for a, row in zip(acts, f):
            if kind_of(a) == "move":
                start = next(s for name, s, _ in KINDS if name == "move")
                assert row[NAMES.index("moved")] == (a - start) % 26
                checked.add("move")
            elif kind_of(a) == "build" and g.factions[g.current_player] == "marquise":
                assert row[NAMES.index("own_building")] == 1.0
                checked.add("build")
            else:
                assert row[NAMES.index("moved")] == 0
        g.apply(acts[rng.integers(len(acts))])
    assert checked == {"move", "build"}


def test_the_heuristic_prior_is_the_softmax_of_the_heuristic_value():
    """Search(prior="heuristic") and the features draw the same determinizations: its prior is
    softmax((heuristic_value - 1) / prior_temp)."""
    for g in positions(3):
        acts, f = _core.policy_features_of(g.state, seed=9)
        z = np.exp((f[:, NAMES.index("heuristic_value")] - 1) / _core.DEFAULT_PRIOR_TEMP)
        got = _core.Search(g.state, seed=9, prior="heuristic").root_priors()
        assert np.allclose([got[a] for a in acts], z / z.sum())


def model_file(tmp_path, weights: dict, names=NAMES):
    path = tmp_path / "policy.json"
    path.write_text(json.dumps({"feature_names": list(names), "weights": weights}))
    return path


def test_learned_prior_is_the_models_softmax(tmp_path, restore_model):
    """prior="learned": the root priors are policymodel.priors(the mover's faction's weights,
    its features), and a search with it is the same search for the same seed."""
    rng = np.random.default_rng(0)
    weights = {f: list(rng.normal(0, 0.3, len(NAMES))) for f in _core.FACTION_NAMES}
    policymodel.load(model_file(tmp_path, weights))
    for g in positions(3):
        acts, f = _core.policy_features_of(g.state, seed=4)
        faction = g.factions[g.current_player]
        want = policymodel.priors(weights[faction], f)
        s1 = _core.Search(g.state, seed=4, prior="learned")
        assert s1.prior == "learned"
        got = s1.root_priors()
        assert np.allclose([got[a] for a in acts], want)
        s1.run(150)
        s2 = _core.Search(g.state, seed=4, prior="learned")
        s2.run(150)
        assert s1.children() == s2.children()


def test_model_file_errors_name_what_is_wrong(tmp_path, restore_model):
    weights = {f: [0.0] * len(NAMES) for f in _core.FACTION_NAMES}
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    with pytest.raises(ConfigError, match="cannot read the policy model"):
        policymodel.read(bad)
    bad.write_text(json.dumps({"weights": weights}))
    with pytest.raises(ConfigError, match="feature_names"):
        policymodel.read(bad)
    with pytest.raises(ConfigError, match="unknown"):
        policymodel.read(model_file(tmp_path, weights, names=list(NAMES[:-1]) + ["no_such_feature"]))
    short = {f: [0.0] * 3 for f in _core.FACTION_NAMES}
    with pytest.raises(ConfigError, match="numbers, one per feature"):
        policymodel.read(model_file(tmp_path, short))
    with pytest.raises(ConfigError, match="missing"):
        _core.set_policy_model(NAMES, {"wyrm": [0.0] * len(NAMES)})
    with pytest.raises(ConfigError, match="finite"):
        _core.set_policy_model(NAMES, {f: [float("nan")] * len(NAMES) for f in _core.FACTION_NAMES})
    with pytest.raises(ConfigError, match="features are not this core's"):
        _core.set_policy_model(NAMES[:-1], weights)


def test_a_model_fitted_before_a_feature_was_added_weighs_it_zero(tmp_path):
    """aligned(): a feature the file does not name weighs 0, so the file means what it did."""
    names = [n for n in NAMES if n != "moved"]
    model = policymodel.read(model_file(tmp_path, {f: [1.0] * len(names) for f in _core.FACTION_NAMES},
                                        names=names))
    assert model["feature_names"] == list(NAMES)
    w = model["weights"]["wyrm"]
    assert w[NAMES.index("moved")] == 0.0 and sum(w) == len(names)


def test_learned_prior_without_a_model_is_a_config_error(restore_model, monkeypatch, tmp_path):
    """With no model loaded (none shipped, or one that does not fit), prior="learned" is a
    ConfigError naming the missing model, and load_default says why it loaded none."""
    monkeypatch.setattr(policymodel, "MODEL_FILE", tmp_path / "missing.json")
    assert "cannot read the policy model" in policymodel.load_default()
    _core.clear_policy_model()
    assert not _core.policy_model_loaded()
    with pytest.raises(ConfigError, match="the learned policy has no model"):
        _core.Search(positions(1)[0].state, prior="learned")


def test_the_recorder_rows_fit_together():
    """policydata.game_rows: a row per searched decision with two or more actions, its actions
    the legal ones there, its visits the search's (as many as its simulations, the root's
    first expansion aside), the starts the offsets of each decision's actions."""
    data = policydata.game_rows(0, 5, "mcts:sims=60", tables=(("marquise", "wyrm"),))
    n = len(data["game"])
    assert n > 20
    assert data["features"].shape == (len(data["actions"]), len(NAMES))
    bounds = list(data["start"]) + [len(data["actions"])]
    assert all(b - a >= 2 for a, b in zip(bounds, bounds[1:]))
    totals = np.add.reduceat(data["visits"], data["start"])
    assert np.all((totals >= 58) & (totals <= 60))
    assert np.all((data["value"] >= 0) & (data["value"] <= 1))
    assert np.all((data["hand_value"] >= 0) & (data["hand_value"] <= 1))
    assert data["inputs"].shape == (n, len(_core.INPUT_NAMES))
    assert np.array_equal(data["inputs"][:, 0], np.ones(n))          # the learned model's bias input
    assert np.all(data["table"][:, :2] == [_core.FACTION_NAMES.index("marquise"),
                                           _core.FACTION_NAMES.index("wyrm")])
    for seat in (0, 1):     # one seat's rows all say whether it won, and its margin
        mine = data["seat"] == seat
        assert len(set(data["won"][mine])) == 1 and len(set(data["margin"][mine])) == 1
    assert set(data["margin"][data["won"] == 1]) <= set(range(0, 100))
    merged = policydata.merge([data, data], renumber=True, seed=5, games=2, driver="x")
    assert len(merged["start"]) == 2 * n + 1 and merged["start"][n] == len(data["actions"])
    assert merged["game"][n] == data["game"].max() + 1


def test_the_fit_recovers_a_known_policy():
    """Decisions whose visit shares are a known policy's softmax: the fit finds weights whose
    held-out cross-entropy is near that policy's and far below uniform's."""
    rng = np.random.default_rng(1)
    k = len(NAMES)
    true_w = np.zeros(k)
    true_w[NAMES.index("heuristic_value")] = 3.0
    true_w[NAMES.index("own_vp")] = 1.0
    starts, feats, visits, game, faction = [], [], [], [], []
    total = 0
    for d in range(600):
        n = int(rng.integers(3, 12))
        f = np.zeros((n, k))
        f[:, NAMES.index("heuristic_value")] = rng.random(n)
        f[:, NAMES.index("own_vp")] = rng.integers(0, 3, n)
        f[np.arange(n), rng.integers(0, len(KINDS), n)] = 1.0
        p = policymodel.priors(true_w, f)
        starts.append(total)
        total += n
        feats.append(f)
        visits.append(rng.multinomial(2000, p))
        game.append(d // 6)
        faction.append(_core.FACTION_NAMES.index("eyrie"))
    data = {"game": np.array(game), "faction": np.array(faction), "start": np.array(starts + [total]),
            "features": np.concatenate(feats), "visits": np.concatenate(visits),
            "feature_names": np.array(NAMES)}
    model = policyfit.fit(data, holdout_every=5)
    r = model["report"]["eyrie"]
    assert r["learned"]["cross_entropy"] < r["uniform"]["cross_entropy"] - 0.3
    w = np.array(model["weights"]["eyrie"])
    assert abs(w[NAMES.index("heuristic_value")] - 3.0) < 0.5
    assert abs(w[NAMES.index("own_vp")] - 1.0) < 0.3


def test_the_shipped_model_loads_and_searches_deterministically():
    """wyrm_ai/ai/policy_model.json: `import wyrm_ai` loaded it; it names only the core's
    features and weighs every faction; its fit report names the data and the target; a search
    with it is the same search for the same seed."""
    assert policymodel.load_default() is None and _core.policy_model_loaded()
    model = policymodel.read()
    assert model["feature_names"] == list(NAMES)
    assert set(model["weights"]) == set(_core.FACTION_NAMES)
    assert all(len(w) == len(NAMES) and all(np.isfinite(w)) for w in model["weights"].values())
    assert model["fit"]["target"] in policyfit.TARGETS and model["data"]["games"] > 0
    g = positions(1)[0]
    runs = []
    for _ in range(2):
        t = _core.Search(g.state, seed=8, prior="learned", normalize="minmax", c_puct=1.0)
        t.run(200)
        runs.append((t.root_priors(), t.children()))
    assert runs[0] == runs[1]
    assert abs(sum(runs[0][0].values()) - 1.0) < 1e-9


def test_the_targets_are_the_visit_shares_or_the_chosen_action():
    """target "visits": each decision's root visit shares; "best": its most visited action (the
    first in the data on a tie), which the search played."""
    data = {"start": np.array([0, 3, 5]), "visits": np.array([3, 5, 5, 9, 1]),
            "features": np.zeros((5, len(NAMES)))}
    _, share, seg, starts = policyfit.segments(data, np.array([True, True]), "visits")
    assert np.allclose(share, [3 / 13, 5 / 13, 5 / 13, 0.9, 0.1]) and list(starts) == [0, 3]
    _, best, _, _ = policyfit.segments(data, np.array([True, True]), "best")
    assert list(best) == [0, 1, 0, 1, 0]
    _, only, seg, _ = policyfit.segments(data, np.array([False, True]), "best")
    assert list(only) == [1, 0] and list(seg) == [0, 0]
    with pytest.raises(ConfigError, match="target must be one of"):
        policyfit.fit({**data, "game": np.zeros(2, int), "faction": np.zeros(2, int),
                       "feature_names": np.array(NAMES)}, target="mean")


def test_the_levels_games_feed_the_value_refit_and_the_calibration(tmp_path):
    """One run of tools/policy_data.py serves issue 31 items 2 and 4 too: tools/fit_eval.py
    --policy-data fits the learned evaluation on it (a model file for every faction) and
    tools/fit_calibration.py reads its values and outcomes."""
    import importlib.util
    from pathlib import Path

    def tool(name):
        spec = importlib.util.spec_from_file_location(name, Path(__file__).parents[1] / "tools" / f"{name}.py")
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        return module

    parts = [policydata.game_rows(i, 5, "mcts:sims=60", tables=(("marquise", "wyrm"),)) for i in range(2)]
    path = tmp_path / "levels.npz"
    policydata.save(path, policydata.merge(parts, seed=5, games=2, driver="mcts:sims=60"))
    out = tmp_path / "eval.json"
    tool("fit_eval").main(["--policy-data", str(path), "--holdout-every", "2", "--out", str(out)])
    model = json.loads(out.read_text())
    assert set(model["coefficients"]) == set(_core.FACTION_NAMES)
    assert model["data"]["games"] == 2 and model["data"]["every"] == 1
    data = policydata.load(path)
    assert len(data["value"]) == len(data["won"]) == len(data["hand_value"]) == len(data["game"])


def test_exposed_and_threatens_count_pieces_that_meet_enemy_fighters():
    """The policy's exposed and threatens features (issue 31 item 1: what an action exposes and
    threatens): a march into a clearing with two wyrmlings exposes the warriors moved in and
    threatens the two wyrmlings (both sides may battle there, LoR 4.3); a march between empty
    clearings changes neither."""
    from wyrm_positions import cat_day

    g = cat_day(warriors={10: 3}, wyrmlings={2: 2}, pawn=7, keep=1)
    acts, f = _core.policy_features_of(g.state, seed=1)
    start = next(s for name, s, _ in KINDS if name == "move")
    exposed, threat, moved = (NAMES.index(n) for n in ("exposed", "threatens", "moved"))
    seen = set()
    for a, row in zip(acts, f):
        if kind_of(a) != "move":
            continue
        src, dst = divmod((a - start) // 26 // 2, 12)
        n = (a - start) % 26
        assert row[moved] == n
        if (src, dst) == (9, 1):             # 10 -> 2, into the wyrmlings
            assert (row[exposed], row[threat]) == (n, 2), g.describe(a)
            seen.add("into")
        elif src == 9 and dst == 0:          # 10 -> 1, empty
            assert (row[exposed], row[threat]) == (0, 0), g.describe(a)
            seen.add("empty")
    assert seen == {"into", "empty"}
