"""One executor for game batches (wyrm_ai/lab/executor.py): the same results in this process, in
local processes and on a local Ray, in task order."""
import sys

import pytest
from click.testing import CliRunner

from wyrm_ai.lab.arena import play_one, run_arena, seatings
from wyrm_ai.cli import main
from wyrm_ai.model.errors import ConfigError
from wyrm_ai.lab.executor import InProcess, LocalProcesses, RayExecutor, executor
from wyrm_ai.lab.match import run_match
from wyrm_ai.lab.sprt import Sprt


def games(result):
    return [(g.index, g.factions, g.first, g.winner, g.scores, g.record) for g in result.games]


def test_executor_kind_follows_jobs_and_ray():
    with executor(1) as ex:
        assert isinstance(ex, InProcess)
        assert list(ex.map(abs, [-3, 1, -2])) == [3, 1, 2]
    with executor(2) as ex:
        assert isinstance(ex, LocalProcesses)
        assert list(ex.map(abs, range(-6, 0))) == [6, 5, 4, 3, 2, 1]     # task order
    with pytest.raises(ConfigError, match="jobs must be at least 1"):
        executor(0)


def test_leaving_early_drops_the_pending_tasks():
    tasks = [(i, 4, ("heuristic", "heuristic"), 1, None) for i in range(8)]
    with executor(2) as ex:
        it = ex.map(play_one, tasks)
        first = next(it)
    assert first.index == 0
    assert ex.pool._state != "RUN"      # the pool was terminated, its pending games dropped


def test_without_ray_installed_the_error_says_how(monkeypatch):
    monkeypatch.setitem(sys.modules, "ray", None)       # import ray raises ImportError
    with pytest.raises(ConfigError, match=r'pip install -e "\.\[distributed\]"'):
        executor(2, ray="local")


def test_arena_games_are_the_same_in_process_and_in_local_processes():
    kw = dict(factions=("marquise", "eyrie", "wyrm"), drivers={"wyrm": "mcts:sims=20"}, games=4, seed=5)
    a = run_arena(jobs=1, **kw)
    b = run_arena(jobs=2, **kw)
    assert games(a) == games(b)
    assert {g.factions for g in a.games} == {t for t, _ in seatings(("marquise", "eyrie", "wyrm"))}


def test_ray_flag_starts_a_local_ray_and_shuts_it_down(tmp_path):
    ray = pytest.importorskip("ray")
    assert not ray.is_initialized()
    args = ["arena", "--wyrm", "mcts:sims=20", "--games", "3", "--seed", "6"]
    here = CliRunner().invoke(main, args + ["--jobs", "1", "--records", str(tmp_path / "a.jsonl")])
    there = CliRunner().invoke(main, args + ["--ray", "--jobs", "2", "--records", str(tmp_path / "b.jsonl")])
    assert here.exit_code == 0 and there.exit_code == 0, there.output
    assert not ray.is_initialized()                     # the Ray it started is shut down
    a, b = (tmp_path / "a.jsonl").read_text(), (tmp_path / "b.jsonl").read_text()
    assert a == b and len(a.splitlines()) == 3


@pytest.fixture(scope="module")
def local_ray():
    ray = pytest.importorskip("ray")
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield ray
    ray.shutdown()


def test_ray_gives_the_same_games_and_the_same_stop(local_ray):
    kw = dict(factions=("marquise", "wyrm"), drivers={"wyrm": "mcts:sims=20"}, games=4, seed=5)
    with executor(2, ray="local") as ex:
        assert isinstance(ex, RayExecutor) and not ex.started     # a running Ray is joined, left running
    assert games(run_arena(jobs=2, ray="local", **kw)) == games(run_arena(jobs=1, **kw))
    assert local_ray.is_initialized()
    m = dict(seat="wyrm", games=12, seed=3, sprt=Sprt(0.0, 10.0, min_pairs=2))
    here = run_match("heuristic", "random", jobs=1, **m)
    there = run_match("heuristic", "random", jobs=2, ray="local", **m)
    assert here.verdict == there.verdict and len(here.pairs) == len(there.pairs) < 12
    assert [p.record() for p in here.pairs] == [p.record() for p in there.pairs]
