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
import os
import warnings
from collections.abc import Callable, Sequence

from wordle_cli.errors import WordleError, one_line, quote
from wordle_cli.trees import rank

#: Tasks in flight per worker thread: enough to keep workers busy, few enough that the moving bound stays fresh.
TASKS_PER_THREAD = 2

#: Local worker processes allowed per core (more only queue for the cores and cost memory).
WORKERS_PER_CORE = 4

#: Seconds a worker process gets to stop after the cluster closes before it is killed.
STOP_SECONDS = 5

#: The address schemes `--cluster` accepts (Dask's TCP, with or without TLS).
SCHEMES = ("tcp", "tls")

#: Dask's loggers, silenced by -q (Dask's own warnings) and kept to errors otherwise.
DASK_LOGGERS = ("distributed", "bokeh", "tornado")


def most_local_workers() -> int:
    """The most worker processes of a local cluster: WORKERS_PER_CORE per core (more only queue for the cores)."""
    return WORKERS_PER_CORE * (os.cpu_count() or 1)


def check_address(address: str) -> None:
    """A --cluster address Dask can dial (tcp:// or tls://, a host and a port), or one line saying why not."""
    from distributed.comm.addressing import parse_address, parse_host_port

    what = f"--cluster {quote(address)}"
    try:
        scheme, location = parse_address(address, strict=False)
    except (ValueError, TypeError):
        raise WordleError(f"{what}: not a scheduler address such as tcp://10.0.0.5:8786") from None
    if scheme not in SCHEMES:
        raise WordleError(f"{what}: the {quote(scheme)} protocol is not supported; use tcp:// (or tls://)")
    try:
        host, port = parse_host_port(location)
    except (ValueError, TypeError):
        host, port = "", None
    if not host or not isinstance(port, int) or not 0 < port < 65536:
        raise WordleError(f"{what}: not a host and port such as tcp://10.0.0.5:8786")


def check_environment() -> None:
    """Dask settings from DASK_* variables must fit their setting: one line naming a variable that does not."""
    import dask.config
    import distributed  # noqa: F401 - adds its settings to Dask's defaults
    from dask.utils import parse_timedelta

    for name, text in sorted(os.environ.items()):
        if not name.startswith("DASK_") or name == "DASK_CONFIG":
            continue
        key = name[5:].lower().replace("__", ".")
        defaults = [d for d in dask.config.defaults if _has_key(d, key)]
        if not defaults:
            continue  # not one of Dask's own settings: Dask decides
        default = dask.config.get(key, config=defaults[-1])
        try:
            value = dask.config.get(key, config=dask.config.collect_env({name: text}))
        except (KeyError, TypeError, IndexError, AttributeError):
            continue  # set in some other shape: Dask decides
        if isinstance(default, str) and _is_duration(default):
            try:
                parse_timedelta(value)
                continue
            except (KeyError, ValueError, TypeError):
                pass
        elif isinstance(default, bool):
            if isinstance(value, bool):
                continue
        elif isinstance(default, (int, float)):
            if isinstance(value, (int, float)) and not isinstance(value, bool):
                continue
        else:
            continue
        kind = "a duration such as 10s" if isinstance(default, str) else f"a {type(default).__name__}"
        raise WordleError(f"environment variable {name}={quote(text)}: not {kind}")


def _has_key(config: dict, key: str) -> bool:
    import dask.config

    try:
        dask.config.get(key, config=config)
        return True
    except (KeyError, TypeError, IndexError, AttributeError):
        return False


def _is_duration(text: str) -> bool:
    from dask.utils import parse_timedelta

    try:
        parse_timedelta(text)
        return True
    except (KeyError, ValueError, TypeError):
        return False


class Cluster:
    """A Dask client, on a cluster of its own (LocalCluster) or on a running scheduler.

    A local cluster's workers start numba with `threads` threads each
    (NUMBA_NUM_THREADS), not the machine's cores: N workers x cores threads
    would only contend. A running scheduler's workers are told per task
    (`RankInputs.threads`).

    A context manager: leaving it closes the client and the local cluster
    and waits until its worker processes are gone (killing any still there
    after STOP_SECONDS), so none outlives the command.
    """

    def __init__(self, address: str | None, workers: int, *, dashboard: bool = False, quiet: bool = False, threads: int = 1):
        try:
            from distributed import Client, LocalCluster
        except ImportError:  # pragma: no cover - a dependency of the package
            raise WordleError("wordle tree rank needs Dask: pip install distributed") from None
        self.cluster = None
        self.client = None
        self.address = address
        self.quiet = quiet
        self._quiet_dask()
        try:
            with warnings.catch_warnings():
                if quiet:
                    warnings.simplefilter("ignore")
                if address is None:
                    self.cluster = LocalCluster(
                        n_workers=workers,
                        threads_per_worker=1,
                        processes=True,
                        # numba's pool in each worker: `threads` (the search is serial; the evaluation sets it too).
                        env={"NUMBA_NUM_THREADS": str(threads)},
                        # The scheduler serves HTTP (health, metrics) even without a dashboard: on a free port then.
                        dashboard_address=":8787" if dashboard else ":0",
                        scheduler_kwargs={"dashboard": bool(dashboard and _has_bokeh())},
                        silence_logs=logging.CRITICAL if quiet else logging.ERROR,
                    )
                    self.client = Client(self.cluster)
                else:
                    self.client = Client(address)  # waits distributed.comm.timeouts.connect (Dask config)
        except BaseException as exc:
            self.close()
            if not isinstance(exc, Exception) or isinstance(exc, WordleError):
                raise  # an interrupt, or a message of our own
            if address is None:
                raise WordleError(f"cannot start a local cluster of {workers} Dask workers: {_why(exc)}") from None
            raise WordleError(f"cannot connect to {address}: {_why(exc)}") from None

    def __enter__(self) -> Cluster:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def _quiet_dask(self) -> None:
        """Dask's loggers: errors only, each on one line without its traceback; nothing with -q."""
        for name in DASK_LOGGERS:
            logger = logging.getLogger(name)
            logger.setLevel(logging.CRITICAL + 1 if self.quiet else logging.ERROR)
            for handler in logger.handlers:
                if _one_line not in handler.filters:
                    handler.addFilter(_one_line)

    @property
    def dashboard(self) -> str | None:
        """The dashboard's address, when the scheduler serves one."""
        try:
            if self.cluster is not None:
                return self.cluster.dashboard_link if _has_bokeh() and self.cluster.scheduler_info.get(
                    "services", {}).get("dashboard") else None
            if "dashboard" not in self.client.scheduler_info().get("services", {}):
                return None
            return self.client.dashboard_link
        except Exception:  # noqa: BLE001 - a dashboard is optional
            return None

    def threads(self) -> int:
        return max(1, sum(self.client.nthreads().values()))

    def close(self) -> None:
        """Close the client and the local cluster; every worker process this run started is gone after it (a
        signal's watchdog waits for this: `interrupts.finishing`)."""
        from wordle_cli import interrupts

        with interrupts.finishing():
            if interrupts.received() is not None:  # told to stop: the work cut short is no news, its workers no use
                logging.disable(logging.CRITICAL)  # the scheduler's complaints (it runs in this process) unsaid
                if self.address is None:
                    self._no_restarts()
                    self._kill_workers()  # before the scheduler goes: no heartbeat of theirs fails aloud
            self._close()

    def _no_restarts(self) -> None:
        """Tell the local cluster's nannies not to start a worker again when theirs dies (it is killed next)."""
        for nanny in list(getattr(self.cluster, "workers", {}).values()):
            try:
                nanny.close_gracefully(reason="interrupted")
            except Exception:  # noqa: BLE001 - a nanny not started, or gone: nothing to restart
                pass

    @staticmethod
    def _kill_workers(grace: float = 0) -> None:
        """The local cluster's worker processes (ours alone), each given `grace` seconds to stop, then killed."""
        import multiprocessing

        for child in multiprocessing.active_children():
            if grace:
                child.join(grace)
            if child.is_alive():
                child.kill()
                child.join()

    def _close(self) -> None:
        client, self.client = self.client, None
        cluster, self.cluster = self.cluster, None
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # Dask's complaints about tasks cut short on the way out
            try:
                if client is not None:
                    client.close(timeout=STOP_SECONDS)
            except Exception:  # noqa: BLE001 - a scheduler gone already; the cluster is closed below anyway
                pass
            try:
                if cluster is not None:
                    cluster.close(timeout=STOP_SECONDS)
            except Exception:  # noqa: BLE001 - workers that did not stop in time are killed below
                pass
        if cluster is not None or self.address is None:
            # Those of a cluster a signal stopped half-way through its start (LocalCluster(...) interrupted: no
            # cluster to close) killed at once, before they read the locks they were started with, which
            # leaving unlinks (issue 44, item 19).
            self._kill_workers(STOP_SECONDS if cluster is not None else 0)


def _one_line(record: logging.LogRecord) -> bool:
    """A log record of Dask's as one line: no traceback (the program's promise), whatever Dask logs."""
    if record.exc_info or record.stack_info or "\n" in str(record.msg):
        record.msg = " ".join(record.getMessage().split())
        record.args = None
        record.exc_info = record.exc_text = record.stack_info = None
    return True


def _why(exc: BaseException) -> str:
    """One line for what Dask raised (a MemoryError: the peer sent what no Dask scheduler sends)."""
    if isinstance(exc, MemoryError):
        return "it does not answer as a Dask scheduler"
    if isinstance(exc, (TimeoutError, OSError)) and not str(exc):
        return "no answer"
    return one_line(exc)


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
    outcomes = []
    moving = [best]

    def finished(opener: str, outcome: rank.Outcome) -> None:
        moving[0] = rank.better_bound(moving[0], outcome)
        outcomes.append(outcome)
        done(outcome)

    shared = cluster.client.scatter(inputs, broadcast=True, hash=False)
    run_tasks(cluster, shared, rank.evaluate_opener, openers, lambda opener: (rank.bound_for(inputs.options, moving[0]),),
              finished, name=f"wordle-rank-{inputs.digest[:8]}")
    return outcomes


def run_tasks(
    cluster: Cluster,
    shared,
    fn: Callable,
    items: Sequence,
    args: Callable,
    done: Callable,
    stop: Callable[[], bool] = lambda: False,
    name: str = "wordle",
) -> None:
    """`done(item, fn(shared, item, *args(item)))` for each item, on the cluster, as each finishes.

    A few tasks per worker thread are in flight (TASKS_PER_THREAD), submitted in the order given, each with
    `args(item)` read when it is submitted (so a bound that moved is fresh). Once `stop()` is true nothing more
    is submitted; the tasks running finish. A task that fails raises WordleError naming its item.
    """
    from distributed import as_completed

    client = cluster.client
    queue = list(reversed(list(enumerate(items))))
    running = as_completed()
    futures = {}

    def submit() -> None:
        number, item = queue.pop()
        future = client.submit(fn, shared, item, *args(item), pure=False, key=f"{name}-{number}")
        futures[future] = item
        running.add(future)

    try:
        want = TASKS_PER_THREAD * cluster.threads()
        while queue and len(futures) < want and not stop():
            submit()
        for future in running:
            item = futures.pop(future)
            if future.status != "finished":
                raise WordleError(f"the cluster failed on {_named(item)}: {_reason(future)}")
            result = future.result()
            future.release()
            done(item, result)
            while queue and len(futures) < want and not stop():
                submit()
    finally:
        for future in list(futures):
            future.cancel()


def _named(item) -> str:
    return f"opener {quote(item)}" if isinstance(item, str) else f"task {one_line(str(item))[:60]}"


class ClusterRunner:
    """`trees.opener`'s runner on a cluster: the proof's inputs scattered to every worker once, its tasks on them."""

    def __init__(self, cluster: Cluster, inputs: rank.RankInputs):
        self.cluster = cluster
        self.shared = cluster.client.scatter(inputs, broadcast=True, hash=False)
        self.name = f"wordle-opener-{inputs.digest[:8]}"
        self.runs = 0

    def run(self, fn: Callable, items: Sequence, args: Callable, done: Callable, stop: Callable[[], bool]) -> None:
        self.runs += 1
        run_tasks(self.cluster, self.shared, fn, items, args, done, stop, name=f"{self.name}-{self.runs}")


def _reason(future) -> str:
    try:
        exc = future.exception()
    except Exception as err:  # noqa: BLE001 - whatever Dask says, in one line
        exc = err
    return f"{type(exc).__name__}: {one_line(exc)}"


def _has_bokeh() -> bool:
    import importlib.util

    return importlib.util.find_spec("bokeh") is not None
