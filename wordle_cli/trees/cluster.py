"""`wordle tree rank` on Dask: a LocalCluster of worker processes by default, any scheduler with --cluster.

The one module that knows about Dask. The inputs (lists, options, feedback
table) are scattered to the workers once; each opener is one task
(`rank.evaluate_opener`). Tasks are submitted a few per worker thread at a
time, most promising openers first, so that each new task starts with the
best total proven so far as its bound (the moving bound). A worker that
dies takes its running tasks with it and the scheduler runs them again
elsewhere (Dask's own recovery); results never depend on which worker ran
what, or when.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence

from wordle_cli.errors import WordleError
from wordle_cli.trees import rank

#: Tasks in flight per worker thread: enough to keep workers busy, few enough that the moving bound stays fresh.
TASKS_PER_THREAD = 2


class Cluster:
    """A Dask client, on a cluster of its own (LocalCluster) or on a running scheduler."""

    def __init__(self, address: str | None, workers: int):
        try:
            from distributed import Client, LocalCluster
        except ImportError:  # pragma: no cover - a dependency of the package
            raise WordleError("wordle tree rank needs Dask: pip install distributed") from None
        self.cluster = None
        try:
            if address is None:
                self.cluster = LocalCluster(
                    n_workers=workers,
                    threads_per_worker=1,
                    processes=True,
                    dashboard_address=":0" if _has_bokeh() else None,
                    silence_logs=logging.CRITICAL,  # our own messages say what went wrong
                )
                self.client = Client(self.cluster)
            else:
                self.client = Client(address)  # waits distributed.comm.timeouts.connect (Dask config)
        except OSError as exc:
            self.close()
            where = address or "a local cluster"
            raise WordleError(f"cannot connect to {where}: {exc}") from None

    @property
    def dashboard(self) -> str | None:
        """The dashboard's address, when the scheduler serves one."""
        try:
            if self.cluster is not None:
                return self.cluster.dashboard_link if _has_bokeh() else None
            if "dashboard" not in self.client.scheduler_info().get("services", {}):
                return None
            return self.client.dashboard_link
        except Exception:  # noqa: BLE001 - a dashboard is optional
            return None

    def threads(self) -> int:
        return max(1, sum(self.client.nthreads().values()))

    def close(self) -> None:
        client = getattr(self, "client", None)
        if client is not None:
            client.close()
        if self.cluster is not None:
            self.cluster.close()
            self.cluster = None


def rank_on(
    cluster: Cluster,
    inputs: rank.RankInputs,
    openers: Sequence[str],
    done: Callable[[rank.Outcome], None],
    best: int | None = None,
) -> list[rank.Outcome]:
    """Evaluate `openers` (in this order of submission) on the cluster; `done` is called as each finishes.

    `best`: the best exact total already known (from a checkpoint), the moving bound's start.
    """
    from distributed import as_completed

    client = cluster.client
    shared = client.scatter(inputs, broadcast=True, hash=False)
    queue = list(reversed(openers))
    running = as_completed()
    futures = {}

    def submit() -> None:
        opener = queue.pop()
        future = client.submit(
            rank.evaluate_opener, shared, opener, rank.bound_for(inputs.options, best), pure=False,
            key=f"wordle-rank-{opener}-{len(queue)}-{inputs.digest[:8]}",
        )
        futures[future] = opener
        running.add(future)

    outcomes = []
    try:
        for _ in range(min(len(queue), TASKS_PER_THREAD * cluster.threads())):
            submit()
        for future in running:
            opener = futures.pop(future)
            if future.status != "finished":
                raise WordleError(f"the cluster failed on opener {opener!r}: {_reason(future)}")
            outcome = future.result()
            future.release()
            best = rank.better_bound(best, outcome)
            outcomes.append(outcome)
            done(outcome)
            want = TASKS_PER_THREAD * cluster.threads()
            while queue and len(futures) < want:
                submit()
    finally:
        for future in list(futures):
            future.cancel()
    return outcomes


def _reason(future) -> str:
    try:
        exc = future.exception()
    except Exception as err:  # noqa: BLE001 - whatever Dask says, in one line
        exc = err
    from wordle_cli.errors import one_line

    return f"{type(exc).__name__}: {one_line(exc)}"


def _has_bokeh() -> bool:
    import importlib.util

    return importlib.util.find_spec("bokeh") is not None
