"""One executor for batches of games: map a picklable function over tasks and yield the results
in task order as they finish, on the current process (jobs=1), on local processes (jobs > 1, a
spawn-context multiprocessing Pool) or on Ray (ray="local": a local Ray of `jobs` CPUs; ray=an
address: join that cluster). The function is pure in its task (a game is fixed by its seeds), so
the results are the same on all three. Ray is imported only when asked for: it is the optional
extra `distributed` (pip install -e ".[distributed]"). On a cluster every node needs wyrm-ai
installed (the same version): the workers import wyrm_ai to run the tasks.

    with executor(jobs=2) as ex:
        for result in ex.map(play_one, tasks):
            ...

Leaving the `with` block (or close()) before the last result cancels the tasks still pending:
the process pool is terminated, Ray's pending tasks are cancelled; their results are never
seen. That is how `wyrm match --sprt` stops."""
from __future__ import annotations

import multiprocessing as mp
from collections import deque

from wyrm_ai.model.errors import ConfigError

LOCAL_RAY = "local"         # executor(ray=LOCAL_RAY): start a local Ray
RAY_MISSING = 'Ray is not installed: install the distributed extra, pip install -e ".[distributed]"'


class Executor:
    """map(fn, tasks) yields fn(task) for each task, in task order; close() ends the workers."""

    def map(self, fn, tasks):
        raise NotImplementedError

    def close(self) -> None:
        pass

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


class InProcess(Executor):
    """The tasks one after another in this process."""

    def map(self, fn, tasks):
        for t in tasks:
            yield fn(t)


class LocalProcesses(Executor):
    """A pool of `jobs` spawned processes (spawn: no state inherited from this process)."""

    def __init__(self, jobs: int):
        self.pool = mp.get_context("spawn").Pool(jobs)
        self.running = 0            # maps begun and not run to their end

    def map(self, fn, tasks):
        self.running += 1
        yield from self.pool.imap(fn, tasks)
        self.running -= 1

    def close(self) -> None:
        if self.running:            # left early: pending tasks are dropped (finished ones were yielded)
            self.pool.terminate()
        else:                       # every task done: the workers stop by themselves, and no task
            self.pool.close()       # handler is left blocked on a queue the terminated workers no
        self.pool.join()            # longer read (terminating then could hang at the exit's GC)


class RayExecutor(Executor):
    """Tasks as Ray remote calls, at most `window` in flight (so stopping early wastes little);
    results fetched in task order. A Ray this executor started is shut down by close()."""

    def __init__(self, jobs: int, address: str = LOCAL_RAY):
        try:
            import ray
        except ImportError:
            raise ConfigError(RAY_MISSING) from None
        self.ray = ray
        self.started = not ray.is_initialized()
        if self.started:
            try:
                if address == LOCAL_RAY:
                    ray.init(num_cpus=jobs, include_dashboard=False, log_to_driver=False)
                else:
                    ray.init(address=address, include_dashboard=False, log_to_driver=False)
            except (ConnectionError, RuntimeError, ValueError) as e:
                where = "a local Ray" if address == LOCAL_RAY else f"the Ray cluster at {address!r}"
                raise ConfigError(f"cannot start or join {where}: {e}") from None
        cpus = int(ray.cluster_resources().get("CPU", jobs))
        self.window = 2 * max(1, cpus)
        self.pending = deque()

    def map(self, fn, tasks):
        remote = self.ray.remote(num_cpus=1)(fn)
        tasks = iter(tasks)
        pending = self.pending
        for t in tasks:
            pending.append(remote.remote(t))
            if len(pending) >= self.window:
                break
        while pending:
            result = self.ray.get(pending.popleft())
            for t in tasks:
                pending.append(remote.remote(t))
                break
            yield result

    def close(self) -> None:
        for ref in self.pending:
            self.ray.cancel(ref, force=True)
        self.pending.clear()
        if self.started:
            self.ray.shutdown()


def executor(jobs: int = 1, ray: str | None = None) -> Executor:
    """The executor for `jobs` workers: Ray if `ray` is given (LOCAL_RAY or a cluster address),
    else local processes for jobs > 1, else this process."""
    if jobs < 1:
        raise ConfigError(f"jobs must be at least 1, not {jobs}")
    if ray is not None:
        return RayExecutor(jobs, ray)
    return LocalProcesses(jobs) if jobs > 1 else InProcess()
