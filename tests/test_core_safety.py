"""The public core API cannot be driven out of bounds (issue 9, item 5): every public method of
State and Search checks its arguments, unusable objects raise, State.from_dict refuses impossible
positions, one thread at a time, re-initialising a Search frees its tree, best_action() is legal
at the root; and the search tree has a node cap (item 4).

Calls that crashed the interpreter (SIGSEGV, SIGFPE) run in a subprocess, so a crash is a failed
test rather than a dead test run."""
from __future__ import annotations

import copy
import io
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import numpy as np
import pytest

from wyrm_ai import _core
from wyrm_ai.model.errors import WyrmError
from wyrm_ai.model.game import Game
from wyrm_ai.ai.planner import Budget, search
from wyrm_ai.ai.players import HeuristicPlayer
from wyrm_ai.protocol import Session
from wyrm_ai.protocol.io import Writer

ROOT = Path(__file__).resolve().parent.parent
STEP = {name: i for i, name in enumerate(_core.STEP_NAMES)}


def run_isolated(code: str) -> str:
    """Run code in a fresh interpreter on this checkout; it must exit normally. Returns stdout."""
    prelude = textwrap.dedent("""\
        import numpy as np
        from wyrm_ai import _core
        from wyrm_ai.model.game import Game
        from wyrm_ai.model.errors import WyrmError

        def at_wyrm_setup():
            \"\"\"A game played by its first legal actions to the Wyrm's setup.\"\"\"
            rng = np.random.default_rng(3)
            g = Game()
            while g.step != "wyrm_setup":
                g.apply(g.sample_chance(rng) if g.is_chance_node() else g.legal_actions()[0])
            return g
        """)
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    p = subprocess.run([sys.executable, "-c", prelude + textwrap.dedent(code)], cwd=ROOT, env=env,
                       capture_output=True, text=True, timeout=120)
    assert p.returncode == 0, f"exit {p.returncode} (a negative code is a signal)\n{p.stdout}\n{p.stderr}"
    return p.stdout


def decision(seed=3, step="wyrm_daylight", min_legal=4) -> Game:
    """A mid-game decision reached by two heuristic players."""
    rng = np.random.default_rng(seed)
    g = Game(first="marquise")
    players = {0: HeuristicPlayer(seed), 1: HeuristicPlayer(seed + 1)}
    while not (g.step == step and g.state.turn_number >= 4 and len(g.legal_actions()) >= min_legal):
        assert not g.is_terminal()
        g.apply(g.sample_chance(rng) if g.is_chance_node() else players[g.current_player].choose(g))
    return g


# ---- every public method: bad arguments and unusable objects raise ------------------------

# public name -> a call with bad arguments (None: the name takes no argument that can be bad)
STATE_BAD_CALLS = {
    "apply": "s.apply(10**6)", "apply_logged": "s.apply_logged(10**6)", "is_legal": None, "legal_actions": None, "legal_actions_array": None,
    "num_legal_actions": None, "chance_outcomes": None, "clone": None, "state_bytes": None,
    "to_dict": None, "pieces_dict": None, "from_dict": "_core.State.from_dict({'step': 3})",
    "sample_chance": "s.sample_chance(1)",            # not a chance node
    "random_playout": "s.random_playout(1, -5)", "is_chance_node": None, "is_terminal": None,
    "current_player": None, "step": None, "turn": None, "turn_number": None, "winner": None, "winners": None,
    "scores": None, "num_seats": None, "factions": None, "board": None, "deck_id": None, "setup_mode": None, "character_option": None,
    "hirelings": None,
    "seat_of": f"s.seat_of({len(_core.FACTION_NAMES)})",   # (faction ids 0..NFACTION - 1: one past the last)
}
SEARCH_BAD_CALLS = {
    "run": "t.run(-1)", "children": "t.children(10**8)", "best_action": None,
    "principal_line": "t.principal_line(-1)", "tree_size": None, "observer": None, "at_cap": None,
    "max_nodes": None, "simulations": None, "c_uct": None, "rollout_turns": None,
    "rollout_candidates": None, "max_rollout_decisions": None,
    "principal_path": "t.principal_path(-1)", "child_seat": "t.child_seat(0)", "tree_seats": None,
    "evaluation": None, "weights": None, "normalize": None, "tree_turns": None, "tree_last_turn": None,
    "prior": None, "root_priors": None, "c_puct": None, "prior_temp": None, "decree_plan": None,
}
MODULE_BAD_CALLS = [
    "_core.determinized(s, 7)", "_core.determinized(s, -1)", "_core.evaluate_state(s, 10**6)",
    "_core.evaluate_state(s, -2)", "_core.seat_worth_of(s, 2)", "_core.evaluate_state(None, 0)",
    "_core.heuristic_choice(s, 0, -1, 4)", "_core.heuristic_choice(s, 0, 0, 0)",
    "_core.Search(s, max_nodes=0)", "_core.Search(s, rollout_candidates=-3)", "_core.Search(None)",
    "_core.Search(s, tree_seats='both')", "_core.evaluations(None)",
    "_core.Search(s, evaluation='best')", "_core.evaluations(s, 'best')",
    "_core.Search(s, weights={'vp': float('nan')})", "_core.heuristic_choice(s, weights={'nope': 1})", "_core.features(s, 2)",
    "_core.Search(s, normalize='max')", "_core.Search(s, tree_turns=0)", "_core.Search(s, prior='policy')",
    "_core.Search(s, c_puct=-1)", "_core.Search(s, prior_temp=0)", "_core.Search(s, decree_plan=-1)",
    "_core.decree_plan(s)", "_core.decree_plan(None)",
    "_core.features(None, 0)", "_core.learned_inputs_of(s, -1)", "_core.set_eval_model([], {}, 0, 1)",
    "_core.policy_features_of(None)", "_core.policy_features_of(s, samples=0)",
    "_core.set_policy_model([], {})", "_core.Search(s, prior='learned', prior_temp=0)",
]


def test_seat_of_answers_every_faction_id_and_refuses_the_one_past_the_last():
    """The faction ids are 0..NFACTION - 1, the Keepers in Iron (issue 35) the last of thirteen, after
    the Lord of the Hundreds: seat_of answers each (-1 where it is not seated, its seat where it is)
    and refuses NFACTION and -1 (STATE_BAD_CALLS names the one past the last by FACTION_NAMES)."""
    assert len(_core.FACTION_NAMES) == 13 and _core.FACTION_NAMES[-2:] == ("hundreds", "keepers")
    for names in (("hundreds", "marquise", "wyrm"), ("hundreds", "keepers", "marquise", "wyrm")):
        table = tuple(_core.FACTION_NAMES.index(f) for f in names)
        s = _core.State(0, factions=table)
        assert [s.seat_of(f) for f in range(13)] == [table.index(f) if f in table else -1 for f in range(13)]
        for bad in (13, -1):
            with pytest.raises(WyrmError):
                s.seat_of(bad)


def _public(cls):
    return {n for n in dir(cls) if not n.startswith("_")}


def test_the_tables_name_every_public_method():
    """A new public method must be added to the tables above (and so be checked)."""
    assert _public(_core.State) == set(STATE_BAD_CALLS)
    assert _public(_core.Search) == set(SEARCH_BAD_CALLS)
    assert not hasattr(_core.State, "apply_unchecked")    # it applied any int: gone


def test_bad_arguments_raise_and_crash_nothing():
    calls = [c for c in STATE_BAD_CALLS.values() if c] + [c for c in SEARCH_BAD_CALLS.values() if c]
    calls += MODULE_BAD_CALLS
    out = run_isolated(f"""
        g = at_wyrm_setup()
        s = g.state
        t = _core.Search(s)
        t.run(20)
        for call in {calls!r}:
            before = s.state_bytes()
            try:
                eval(call)
            except (WyrmError, TypeError) as e:
                assert str(e), call
                assert s.state_bytes() == before, call
                print("raised", call)
            else:
                print("NO ERROR", call)
    """)
    assert "NO ERROR" not in out and out.count("raised") == len(calls), out


def test_uninitialised_objects_raise():
    state_calls = [f"s.{n}" if c is None and n in ("current_player", "step", "turn", "turn_number",
                                                    "winner", "scores", "num_seats", "factions", "board",
                                                    "hirelings") else f"s.{n}()"
                   for n, c in STATE_BAD_CALLS.items() if n not in ("from_dict", "apply", "apply_logged", "is_legal",
                                                                    "sample_chance", "random_playout", "seat_of")]
    state_calls += ["s.seat_of(0)", "s.apply(0)", "s.apply_logged(0)", "s.is_legal(0)", "s.sample_chance(1)", "s.random_playout(1)",
                    "s == s", "hash(s)", "_core.Search(s)", "_core.evaluate_state(s, 0)",
                    "_core.determinized(s, 0)", "_core.heuristic_choice(s)", "s.__reduce__()",
                    "_core.evaluations(s)", "_core.features(s, 0)", "_core.learned_inputs_of(s, 0)",
                    "_core.policy_features_of(s)"]
    search_calls = ["t.run(1)", "t.children()", "t.best_action()", "t.principal_line()",
                    "t.tree_size", "t.observer", "t.at_cap", "t.max_nodes", "t.principal_path()",
                    "t.child_seat(1)", "t.tree_seats", "t.evaluation"]
    out = run_isolated(f"""
        s = _core.State.__new__(_core.State)
        t = _core.Search.__new__(_core.Search)
        for call in {state_calls + search_calls!r}:
            try:
                eval(call)
            except WyrmError as e:
                assert "not initialised" in str(e), (call, e)
                print("raised", call)
            else:
                print("NO ERROR", call)
    """)
    assert "NO ERROR" not in out and out.count("raised") == len(state_calls + search_calls), out


def test_apply_refuses_every_int_that_is_not_legal():
    s = decision().state
    before = s.state_bytes()
    legal = set(s.legal_actions())
    for a in list(range(-3, _core.NUM_ACTIONS + 3, 7)) + [2**31 - 1, -2**31, 2**70]:
        if a not in legal:
            with pytest.raises(WyrmError):
                s.apply(a)
    assert s.state_bytes() == before


# ---- State.from_dict refuses impossible positions ---------------------------------------

def _edited(g: Game, fn) -> dict:
    d = copy.deepcopy(g.state.to_dict())
    fn(d)
    return d


def _steal_with_empty_hands(d):
    for seat in (0, 1):
        for t, n in enumerate(d["hand"][seat]):
            d["deck"][t] += n
        d["hand"][seat] = [0] * len(d["hand"][seat])
    d["deck_size"] = sum(d["deck"])
    d["hand_size"] = [0, 0]
    d["known"] = [[[0] * len(d["deck"])] * 2] * 2
    d["step"] = STEP["steal"]


def _deal_with_empty_deck(d):
    d["discard"] = [a + b for a, b in zip(d["discard"], d["deck"])]
    d["deck"] = [0] * len(d["deck"])
    d["deck_size"] = 0
    d["step"] = STEP["deal"]


def _battle_nowhere(d):
    d["step"] = STEP["battle_roll"]
    d["battle"].update(clearing=-1, attacker=1, defender=0, return_step=STEP["wyrm_daylight"])


def _extra_warrior(d):
    d["warriors"][4] += 1


def _card_twice(d):
    t = next(t for t, n in enumerate(d["deck"]) if n > 0)
    d["hand"][0][t] += 1
    d["hand_size"][0] += 1


def _alloc_without_hits(d):
    _battle_nowhere(d)
    d["battle"].update(clearing=4, alloc_left=0, alloc_seat=0)
    d["step"] = STEP["battle_hits"]


def _winner_mid_game(d):
    d["winner"] = 1


IMPOSSIBLE = {
    "steal": (_steal_with_empty_hands, "empty hand"),
    "deal": (_deal_with_empty_deck, "empty deck"),
    "battle": (_battle_nowhere, "no battle clearing"),
    "warriors": (_extra_warrior, "warriors"),
    "cards": (_card_twice, "copies of card"),
    "alloc": (_alloc_without_hits, "no hit left"),
    "winner": (_winner_mid_game, "winner"),
}


@pytest.mark.parametrize("name", IMPOSSIBLE)
def test_from_dict_rejects_an_impossible_position(name):
    fn, words = IMPOSSIBLE[name]
    d = _edited(decision(), fn)
    out = run_isolated(f"""
        try:
            s = _core.State.from_dict({d!r})
        except WyrmError as e:
            print("refused:", e)
        else:
            print("ACCEPTED")
            s.sample_chance(1) if s.is_chance_node() else s.legal_actions()
    """)
    assert out.startswith("refused: impossible position:") and words in out, out


def test_from_dict_accepts_every_position_of_real_games():
    """The checks refuse no position the rules reach (random games, every action)."""
    checked = 0
    for seed in range(12):
        g = Game(first=seed % 2)
        rng = np.random.default_rng(seed)
        while not g.is_terminal() and len(g.record) < 3000:
            assert _core.State.from_dict(g.state.to_dict()) == g.state
            legal = g.legal_actions()
            g.apply(g.sample_chance(rng) if g.is_chance_node() else legal[rng.integers(len(legal))])
            checked += 1
        assert _core.State.from_dict(g.state.to_dict()) == g.state
    assert checked > 2000


def test_mutated_positions_are_refused_or_safe_to_play():
    """Real positions with one or two fields set to random values in their range: from_dict
    refuses each one, or the core can play it (legal actions, chance, heuristic, search, a random
    playout) without a crash. Under tools/asan.sh this also catches any out-of-bounds access."""
    out = run_isolated("""
        import copy
        base = []
        for seed in range(6):
            rng = np.random.default_rng(seed)
            g = Game(first=seed % 2)
            while not g.is_terminal() and len(g.record) < 3000:
                if len(g.record) % 5 == 0:
                    base.append(g.state.to_dict())
                legal = g.legal_actions()
                g.apply(g.sample_chance(rng) if g.is_chance_node() else legal[rng.integers(len(legal))])
        wide = {"i1": (-128, 127), "u1": (0, 255), "i2": (-200, 200), "u2": (0, 4095), "i4": (-200, 2**20),
                "u8": (0, 2**48 - 1)}
        rng = np.random.default_rng(9)
        counts = [0, 0]
        for i in range(3000):
            d = copy.deepcopy(base[rng.integers(len(base))])
            for _ in range(rng.integers(1, 3)):
                name, off, typ, shape = _core.STATE_FIELDS[rng.integers(len(_core.STATE_FIELDS))]
                lo, hi = _core.FIELD_RANGES.get(name, wide[typ])
                if rng.random() < 0.5:
                    lo, hi = max(lo, -1), min(hi, 12)
                src, key = (d["battle"], name[7:]) if name.startswith("battle.") else (d, name)
                at = tuple(int(rng.integers(n)) for n in np.shape(src[key]))
                v = int(rng.integers(lo, hi + 1))
                if not at:
                    src[key] = v
                else:                   # one entry of a list of any depth (known: seats x seats x cards)
                    row = src[key]
                    for k in at[:-1]:
                        row = row[k]
                    row[at[-1]] = v
            try:
                s = _core.State.from_dict(d)
            except WyrmError:
                counts[0] += 1
                continue
            counts[1] += 1
            s.legal_actions(); s.chance_outcomes()
            if s.is_chance_node():
                s.clone().sample_chance(i)
            elif not s.is_terminal():
                t = _core.Search(s, seed=i); t.run(3); t.best_action()
                _core.heuristic_choice(s, i)
            s.random_playout(i, 60)
        print(*counts)
    """)
    refused, accepted = map(int, out.split())
    assert refused > 500 and accepted > 500, out


# ---- threads ----------------------------------------------------------------------------

def test_a_state_is_busy_while_a_playout_runs_without_the_gil():
    out = run_isolated("""
        import threading
        s = _core.State(0)
        done = threading.Event()
        def work():
            for seed in range(400):
                s.__init__(seed % 2)
                s.random_playout(seed)
            done.set()
        th = threading.Thread(target=work)
        th.start()
        busy = 0
        while not done.is_set():
            try:
                s.legal_actions(); s.clone(); s.to_dict()
            except WyrmError as e:
                assert "busy" in str(e), e
                busy += 1
        th.join()
        print("busy", busy)
        print("after", s.is_terminal())
    """)
    assert "after True" in out and int(out.split()[1]) > 0, out


def test_a_search_is_busy_while_it_runs():
    out = run_isolated("""
        import threading
        g = at_wyrm_setup()
        t = _core.Search(g.state)
        th = threading.Thread(target=t.run, args=(3000,))
        th.start()
        busy = 0
        while th.is_alive():
            try:
                t.children(); t.principal_line()
            except WyrmError as e:
                assert "busy" in str(e), e
                busy += 1
        th.join()
        print("busy", busy, t.simulations)
    """)
    assert int(out.split()[1]) > 0 and out.split()[2] == "3000", out


# ---- Search: re-initialising, best_action, node cap --------------------------------------

def test_reinitialising_a_search_frees_its_tree():
    out = run_isolated("""
        def rss():
            return int(open("/proc/self/statm").read().split()[0]) * 4096     # virtual size
        g = at_wyrm_setup()
        t = _core.Search(g.state)
        for i in range(200):
            t.__init__(g.state)
        before = rss()
        for i in range(4000):                 # a leaked array would be 4000 x 32 KB = 128 MB
            t.__init__(g.state)
        print((rss() - before) // 2**20)
    """)
    assert int(out) < 16, f"{out} MB more after re-initialising"


def forced_then_choice() -> Game:
    """A decision with exactly one legal action, after which the same seat decides again in the
    same turn with a choice."""
    for seed in range(200):
        rng = np.random.default_rng(seed)
        g = Game(first=seed % 2)
        players = {0: HeuristicPlayer(seed), 1: HeuristicPlayer(seed + 1)}
        while not g.is_terminal() and len(g.record) < 600:
            if (not g.is_chance_node() and len(g.legal_actions()) == 1 and g.state.turn_number > 2):
                after = g.clone()
                after.apply(g.legal_actions()[0])
                if (after.current_player == g.current_player and len(after.legal_actions()) > 1
                        and after.state.turn_number == g.state.turn_number):
                    return g
            g.apply(g.sample_chance(rng) if g.is_chance_node() else players[g.current_player].choose(g))
    raise AssertionError("no forced decision followed by a choice found")


def test_best_action_is_legal_at_the_root_when_it_is_forced():
    g = forced_then_choice()
    (only,) = g.legal_actions()
    t = _core.Search(g.state, seed=1)
    t.run(200)
    assert t.best_action() == only
    assert [a for a, *_ in t.children()] == [only]
    assert t.principal_line()[0] == only


def test_node_cap_stops_growth_but_not_the_search():
    g = decision(min_legal=6)
    t = _core.Search(g.state, seed=2, max_nodes=60)
    assert t.max_nodes == 60 and not t.at_cap
    t.run(2000)
    assert t.tree_size == 60 and t.at_cap and t.simulations == 2000
    visits = sum(v for _, v, _, _ in t.children())
    assert visits == 2000                   # every simulation went through a root child
    t.run(1000)                             # at the cap: estimates improve, the tree stays
    assert t.tree_size == 60 and sum(v for _, v, _, _ in t.children()) == 3000
    assert t.best_action() in g.legal_actions()
    free = _core.Search(g.state, seed=2)
    free.run(2000)
    assert free.max_nodes == _core.DEFAULT_MAX_NODES and not free.at_cap and free.tree_size > 60


def test_planner_reports_the_cap():
    g = decision(min_legal=6)
    r = search(g, Budget(sims=1500), seed=1, max_nodes=80)
    assert r.at_cap and r.tree_size == 80 and r.simulations == 1500
    assert "cap of 80 nodes" in r.format()
    r = search(g, Budget(sims=300), seed=1)
    assert not r.at_cap and r.tree_size > 1


def test_engine_node_cap_option_and_info_line():
    out = io.BytesIO()
    session = Session(Writer(out), seed=0)
    for line in (b"1 new marquise wyrm 5", b"2 setoption max_nodes 1000", b"3 options",
                 b"4 go sims 6000"):
        session.handle(line)
    session.job.join(60)
    text = out.getvalue().decode()
    assert "max_nodes 1000" in text
    infos = [line for line in text.split("\n") if line.startswith("info ")]
    assert infos and infos[-1].startswith("info sims 6000 ") and " nodes 1000 tree full pv " in infos[-1]
