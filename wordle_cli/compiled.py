"""The one numba decorator of the package: compiled, cached on disk, the GIL released.

Every compiled function is declared with `@compiled` (or `@compiled(nogil=False)`,
`@compiled(boundscheck=False)`, ...), so that the defaults are chosen once:
`cache=True` keeps the machine code on disk (`kernel_cache.KernelCache`:
built at install by `wordle kernels build`, keyed by the kernel's sources
and the numba version), so a run loads it instead of compiling; `nogil=True`
lets a search run in a worker thread while the main thread stays free to
take Ctrl-C and SIGTERM.

Whenever a command compiles one of these kernels (none were built, numba
changed since, a source was edited, a game's types no build covered), it
says so on stderr before the wait, once per run, with the reason
(`Notice`); on a terminal a second line counts the functions compiled, out
of the count the last build saw (`kernel_cache.read_manifest`), and is
erased when the compiler is done. `WORDLE_COMPILE_NOTICE=0` silences it
(the test suite, whose output checks must not depend on what is cached).

With `WORDLE_COMPILE_TIMES=FILE` in the environment each compile appends one
JSON line to FILE: the function, its signature and the CPU seconds of the
compiling thread (its own, and with the kernels it called compiled inside
it: CPU rather than wall time, which a busy machine inflates), for
`wordle kernels build` and `benchmarks/bench_compile.py`.
"""

from __future__ import annotations

import json
import os
import sys
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager

from numba import typeof
from numba.core import event, types
from numba.core.registry import CPUDispatcher

from wordle_cli.kernel_cache import KernelCache, read_manifest

DEFAULTS = {"cache": True, "nogil": True}

#: What a run says on stderr before numba compiles one of the package's kernels (once per run).
COMPILING = ("wordle: compiling kernels for this machine ({why}): seconds, or a minute or more on 2 cores for "
             "the exact search; later runs load them (`wordle kernels build` compiles them all)")

_background = threading.local()


@contextmanager
def in_background():
    """Compiles on this thread, in this block, say nothing: no one waits for them (`play`'s compile ahead)."""
    _background.on = True
    try:
        yield
    finally:
        _background.on = False


def _ours(ev) -> tuple[object, bool]:
    """(the dispatcher compiling, whether it is one of the package's `@compiled` kernels)."""
    dispatcher = ev.data.get("dispatcher") if isinstance(ev.data, dict) else None
    return dispatcher, isinstance(dispatcher, _Dispatcher)


class Notice(event.Listener):
    """Says `COMPILING` on stderr when a kernel starts compiling (once); counts them on a terminal."""

    said = False
    #: Compiles under way on a thread `in_background`: a command that calls a kernel meanwhile waits for them.
    background = 0

    def __init__(self) -> None:
        self.depth = 0  # our kernels being compiled, one inside another (numba compiles one at a time)
        self.done = 0
        self.expected = 0
        self.started = 0.0
        self.shown = False

    @staticmethod
    def say(why: str) -> None:
        if not Notice.said and os.environ.get("WORDLE_COMPILE_NOTICE") != "0":
            Notice.said = True
            _write(COMPILING.format(why=why) + "\n")

    def on_start(self, ev) -> None:
        dispatcher, ours = _ours(ev)
        if not ours:
            return
        if getattr(_background, "on", False):
            Notice.background += 1
            return
        if self.depth == 0:
            counts = read_manifest().get("counts", {})
            self.expected += int(counts.get(_function_name(dispatcher), 1))
            if not Notice.said:
                self.started = time.perf_counter()
                cache = dispatcher._cache
                self.say(cache.why_missed(ev.data.get("args")) if isinstance(cache, KernelCache) else "not cached")
        self.depth += 1

    def on_end(self, ev) -> None:
        _, ours = _ours(ev)
        if not ours:
            return
        if getattr(_background, "on", False):
            Notice.background -= 1
            return
        if self.depth == 0:
            return
        self.depth -= 1
        self.done += 1
        self.expected = max(self.expected, self.done)
        if os.environ.get("WORDLE_COMPILE_NOTICE") == "0" or not _on_a_terminal():
            return
        if self.depth == 0:
            if self.shown:
                _write("\r\x1b[K")  # the compiler is done: the count goes, what the command prints follows
                self.shown = False
            return
        self.shown = True
        _write(f"\r\x1b[Kwordle: compiled {self.done} of about {self.expected} functions, "
               f"{time.perf_counter() - self.started:.0f} s")


def _on_a_terminal() -> bool:
    try:
        return sys.stderr is not None and sys.stderr.isatty()
    except (OSError, ValueError):
        return False


def _write(text: str) -> None:
    try:
        if sys.stderr is not None:
            sys.stderr.write(text)
            sys.stderr.flush()
    except (OSError, ValueError):  # a closed or broken stderr: nothing to say it on
        pass


def _function_name(dispatcher) -> str:
    function = getattr(dispatcher, "py_func", None)
    return f"{getattr(function, '__module__', '?')}.{getattr(function, '__qualname__', '?')}"


class _CompileTimes(event.Listener):
    """Appends each compile's CPU seconds to `WORDLE_COMPILE_TIMES` (nested compiles: own and inclusive seconds)."""

    def __init__(self, path: str) -> None:
        self.path = path
        # [thread CPU at the start, wall at the start, CPU of the compiles nested in it, our kernels compiled in it]
        self.stack: list[list[float]] = []

    def on_start(self, ev) -> None:
        self.stack.append([time.thread_time(), time.perf_counter(), 0.0, 0])

    def on_end(self, ev) -> None:
        if not self.stack:
            return
        start, wall_start, nested, kernels = self.stack.pop()
        dispatcher, ours = _ours(ev)
        kernels += ours
        total = time.thread_time() - start
        if self.stack:
            self.stack[-1][2] += total
            self.stack[-1][3] += kernels
        record = {"function": _function_name(dispatcher), "signature": str(ev.data.get("args", "")) if isinstance(ev.data, dict) else "",
                  "seconds": round(total - nested, 4), "inclusive": round(total, 4),
                  "wall": round(time.perf_counter() - wall_start, 4), "ended": time.time(),
                  "kernel": ours, "top": not self.stack, "kernels": kernels}
        try:
            with open(self.path, "a", encoding="utf-8") as log:
                log.write(json.dumps(record) + "\n")
        except OSError:
            pass  # a benchmark's log, never worth failing a command for


event.register("numba:compile", Notice())
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

    def enable_caching(self) -> None:
        self._cache = KernelCache(self.py_func)

    def compile(self, sig):
        if Notice.background and not getattr(_background, "on", False):  # it waits for numba's lock: say why
            Notice.say("begun in the background while you read")
        return super().compile(sig)

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
