"""The one numba decorator of the package: compiled, cached on disk, the GIL released.

Every compiled function is declared with `@compiled` (or `@compiled(nogil=False)`,
`@compiled(boundscheck=False)`, ...), so that the defaults are chosen once:
`cache=True` keeps the machine code in numba's on-disk cache (next to the
sources, or in NUMBA_CACHE_DIR), so later runs skip compiling; `nogil=True`
lets a search run in a worker thread while the main thread stays free to
take Ctrl-C and SIGTERM.

The first time a kernel is compiled on a machine (its cache index absent)
one line on stderr says so, once per run, when stderr is a terminal: a
first review or solve waits for the compiler, and should not look hung (a
script's or a test's stderr stays as it was).

With `WORDLE_COMPILE_TIMES=FILE` in the environment each compile appends one
JSON line to FILE: the function, its signature and the CPU seconds of the
compiling thread (its own, and with the kernels it called compiled inside
it: CPU rather than wall time, which a busy machine inflates), for
`benchmarks/bench_compile.py`.
"""

from __future__ import annotations

import json
import os
import sys
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor

from numba import typeof
from numba.core import event, types
from numba.core.registry import CPUDispatcher

DEFAULTS = {"cache": True, "nogil": True}

#: What a first run says on stderr while numba compiles (once per run).
COMPILING = ("wordle: compiling kernels for this machine, once (a few seconds for score, solve and play; about a minute "
             "on 2 cores for the exact search of review, tree and --strategy optimal)")


class _FirstCompile(event.Listener):
    """Says `COMPILING` when a compile starts for a function numba's cache has never held on this machine."""

    said = False

    def on_start(self, ev) -> None:
        if _FirstCompile.said:
            return
        dispatcher = ev.data.get("dispatcher") if isinstance(ev.data, dict) else None
        cache_file = getattr(getattr(dispatcher, "_cache", None), "_cache_file", None)
        index = getattr(cache_file, "_index_path", None)
        if index is None or os.path.exists(index):
            return  # not cached at all (nothing to say), or in the cache: loaded, not compiled
        _FirstCompile.said = True
        try:
            if sys.stderr is not None and sys.stderr.isatty():
                print(COMPILING, file=sys.stderr, flush=True)
        except (OSError, ValueError):  # a closed or broken stderr: nothing to say it on
            pass

    def on_end(self, ev) -> None:
        pass


class _CompileTimes(event.Listener):
    """Appends each compile's CPU seconds to `WORDLE_COMPILE_TIMES` (nested compiles: own and inclusive seconds)."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.stack: list[list[float]] = []  # [thread CPU at the start, wall at the start, CPU of the compiles nested in it]

    def on_start(self, ev) -> None:
        self.stack.append([time.thread_time(), time.perf_counter(), 0.0])

    def on_end(self, ev) -> None:
        if not self.stack:
            return
        start, wall_start, nested = self.stack.pop()
        total = time.thread_time() - start
        if self.stack:
            self.stack[-1][2] += total
        dispatcher = ev.data.get("dispatcher") if isinstance(ev.data, dict) else None
        function = getattr(dispatcher, "py_func", None)
        name = f"{getattr(function, '__module__', '?')}.{getattr(function, '__qualname__', '?')}"
        record = {"function": name, "signature": str(ev.data.get("args", "")) if isinstance(ev.data, dict) else "",
                  "seconds": round(total - nested, 4), "inclusive": round(total, 4),
                  "wall": round(time.perf_counter() - wall_start, 4), "ended": time.time()}
        try:
            with open(self.path, "a", encoding="utf-8") as log:
                log.write(json.dumps(record) + "\n")
        except OSError:
            pass  # a benchmark's log, never worth failing a command for


event.register("numba:compile", _FirstCompile())
if os.environ.get("WORDLE_COMPILE_TIMES"):
    event.register("numba:compile", _CompileTimes(os.environ["WORDLE_COMPILE_TIMES"]))


class _Dispatcher(CPUDispatcher):
    """numba's dispatcher, compiling a kernel called from another for its arguments' plain types only.

    numba types a caller by refining its variables step by step, and resolves
    each call to another kernel at every step: `n = 0` then `n += 1` in a
    loop first calls `f(n)` with n the literal 0, then an int64, and each is
    a compile of `f` of its own (a third of the search's kernels were
    compiled twice or more). A literal argument converts to its plain type,
    so one compile serves every call; Python's calls never pass literals.
    """

    def get_call_template(self, args, kws):
        return super().get_call_template(tuple(types.unliteral(a) for a in args), {k: types.unliteral(v) for k, v in kws.items()})


def _made(settings: dict, function):
    """`numba.njit(**settings)(function)`, made as numba's own decorator makes it, with our dispatcher class."""
    options = {key: value for key, value in settings.items() if key != "cache"}
    options.update(nopython=True, boundscheck=options.get("boundscheck"))
    dispatcher = _Dispatcher(py_func=function, locals={}, targetoptions=options)
    if settings.get("cache"):
        dispatcher.enable_caching()
    return dispatcher


def compiled(function=None, **options):
    """`numba.njit` with the package's defaults; `options` override them."""
    settings = {**DEFAULTS, **options}
    if function is None:
        return lambda f: _made(settings, f)
    return _made(settings, function)


def ready(function, *args) -> None:
    """Compile `function` for these arguments' types (or load it from numba's cache) without calling it.

    A search with a time budget calls this before its clock starts, so that
    compiling (a minute on a fresh machine) is never counted against it.
    """
    function.compile(tuple(typeof(arg) for arg in args))


def side_by_side(calls: list[Callable[[], object]], threads: int) -> None:
    """Run `calls` (each a compiled kernel's call, which releases the GIL) on up to `threads` threads at once.

    The package's parallel kernels are plain compiled functions over one share
    of the work, run side by side here rather than in numba's `prange` loops:
    the same speed, and a first run compiles a plain function instead of a
    parallel one, which takes several times longer. The first error is raised.
    """
    if threads <= 1 or len(calls) <= 1:
        for call in calls:
            call()
        return
    with ThreadPoolExecutor(max_workers=min(threads, len(calls))) as pool:
        for future in [pool.submit(call) for call in calls]:
            future.result()
