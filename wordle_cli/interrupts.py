"""Termination signals as an exception, so every `with` block cleans up on its way out.

Ctrl-C (SIGINT), `kill` (SIGTERM) and a closed terminal (SIGHUP) all raise
`Interrupted`, which unwinds the program like an error would: temporary
files are removed and OUTPUT stays as it was. The `wordle` program exits with
128 + the signal's number (130, 143, 129), as a shell reports a killed job.

`Interrupted` is a BaseException but not a KeyboardInterrupt on purpose: code
that catches KeyboardInterrupt to carry on (click's prompt turns it into
"Aborted!") cannot swallow it. Only the program's entry point calls
`install`; importing this module changes nothing.
"""

from __future__ import annotations

import _thread
import os
import signal
import sys
from collections.abc import Iterator
from contextlib import contextmanager

#: The signals that end a run cleanly; SIGHUP does not exist on Windows.
SIGNALS = tuple(getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name))


class Interrupted(BaseException):
    """A terminating signal arrived; the program should stop and exit 128 + signum."""

    def __init__(self, signum: int):
        super().__init__(signum)
        self.signum = signum

    @property
    def exit_status(self) -> int:
        return 128 + self.signum

    def describe(self) -> str:
        if self.signum == signal.SIGINT:
            return "interrupted"
        return f"terminated by {signal.Signals(self.signum).name}"


_received: int | None = None  # the first signal of this run
_pending: int | None = None  # a signal that arrived while deferred
_deferring = 0


def install() -> None:
    """Make SIGINT, SIGTERM and SIGHUP raise `Interrupted` (call once, first thing).

    A signal the parent set to be ignored (`nohup`, `cmd &` in a script) stays
    ignored. The handled signals are unblocked, so one sent before this point
    by a parent that blocked it is delivered now, into the handler.
    """
    global _installed
    _installed = True
    handled = []
    for signum in SIGNALS:
        if signal.getsignal(signum) is signal.SIG_IGN:
            continue
        signal.signal(signum, _handler)
        handled.append(signum)
    if handled and hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, handled)


def received() -> int | None:
    """The first terminating signal this run received, if any (even one that was caught)."""
    return _received


def check() -> None:
    """Raise `Interrupted` if a terminating signal has arrived (and was not forgiven by `cancellable`): before
    committing work (renaming an OUTPUT into place), in case a library swallowed the exception it raised."""
    if _received is not None:
        raise Interrupted(_received)


def said_so() -> None:
    """The program has told the user how it ends (`wordle: interrupted`): the watchdog need not say it again."""
    global _said
    _said = True


def reraise_signal(exc: BaseException) -> None:
    """Raise the interruption behind `exc`, if a signal caused it; else return.

    A signal can arrive inside a library that turns whatever stops it into
    an error of its own (an import interrupted half-way becoming an
    ImportError): an error met while a terminating signal has been received,
    or one caused (`__cause__`, `__context__`) by Ctrl-C, is that signal.
    """
    seen = set()
    cause: BaseException | None = exc
    while cause is not None and id(cause) not in seen:
        if isinstance(cause, (Interrupted, KeyboardInterrupt)):
            raise cause
        seen.add(id(cause))
        cause = cause.__cause__ or cause.__context__
    if _received is not None:
        raise Interrupted(_received)


def _handler(signum: int, frame) -> None:
    global _received, _pending, _watched
    for work in _works:  # first: a worker that sees the signal received sees its run abandoned too
        if work.abandoned is None:
            work.abandoned = signum
    if _received is None:
        _received = signum
    if _installed and _watched != _forgiven:  # one watchdog per signal that is not forgiven
        _watched = _forgiven
        _thread.start_new_thread(_watchdog, (signum, _forgiven))
    if _deferring:
        _pending = _pending or signum
        return
    if _in_compiled_callback(frame):
        _again(signum)
        return
    raise Interrupted(signum)


#: Seconds a run has to clean up and leave after the signal that stops it; past them it leaves at once
#: (`_watchdog`), whatever holds it (a lock a library left held, a thread it waits for).
GRACE_S = 1.0

#: ... except while work that must not be cut short is under way (`finishing`: a file made whole, a cluster's
#: processes stopped): that is waited for, up to this long.
FINISHING_GRACE_S = 20.0

_installed = False  # `install` was called: the program's own handlers (a test calling `_handler` starts no watchdog)
_forgiven = 0  # how many Ctrl-Cs `cancellable` has forgiven: a watchdog started before the last one stands down
_watched = -1  # the `_forgiven` count a watchdog was last started for
_cancelling = 0  # `cancellable` blocks under way (Ctrl-C there is to be forgiven, not enforced)
_finishing = 0  # `finishing` blocks under way, in any thread
_said = False  # the program has said how it ends (`said_so`)


def _watchdog(signum: int, forgiven: int) -> None:
    """After GRACE_S, end the process with 128 + signum if it is still running and the signal was not forgiven.

    Started by the handler as a bare thread (`_thread`: no lock of `threading`, which the interrupted code
    may hold). The run normally ends well within the grace (`Interrupted` unwinds it); this is for what an
    exception cannot unwind: a lock a library left held, a compiled call or a thread that does not return
    (issue 44, item 17: a `tree build` stopped 0.3 s in, alive 14 minutes later).
    """
    import time

    time.sleep(GRACE_S)
    waited = 0.0
    while (_finishing and waited < FINISHING_GRACE_S) or (_cancelling and signum == signal.SIGINT and forgiven == _forgiven):
        time.sleep(0.05)
        waited += 0.05
    if forgiven != _forgiven or _received is None:
        return  # forgiven: the run goes on
    if not _said:
        try:
            os.write(2, f"wordle: {Interrupted(signum).describe()}\n".encode())
        except OSError:
            pass
    os._exit(128 + signum)


#: Modules where an exception must not be raised (`_in_compiled_callback`), by name (`numba.typed` and
#: `llvmlite.binding`: their submodules too). Python code that compiled (numba) code calls while it runs:
#: numba's unpickler of the constants a kernel boxes its results with, its typed containers, a named tuple's
#: class (`namedtuple_*`). And llvmlite's binding to LLVM: its ctypes callbacks (its object cache's, called
#: while numba compiles or loads a kernel) drop an exception ("Exception ignored on calling ctypes callback
#: function") and go on; its lock over LLVM, like numba's compiler lock (`COMPILER_LOCK`), is taken by Python
#: code, and an exception raised between the acquire and its `with` block leaves it held for ever: the next
#: thread to compile waits for ever (issue 44, items 17 and 19: both, a `tree build` alive 14 minutes after
#: its SIGTERM).
CALLBACK_MODULES = ("numba.core.serialize", "numba.typed", "llvmlite.binding")

#: Of CALLBACK_MODULES, the packages: their submodules count too (not llvmlite.ir, pure Python numba calls
#: all through a compile: deferring there would keep a signal waiting, and the profile hook busy, for seconds).
CALLBACK_PACKAGES = ("numba.typed", "llvmlite.binding")

#: Numba's compiler lock: its module, and the functions that take and leave it (a whole compile runs inside the
#: module's wrapper, where an exception is fine: the `with` block releases the lock).
COMPILER_LOCK = ("numba.core.compiler_lock", ("acquire", "release", "__enter__", "__exit__"))


def _in_compiled_callback(frame) -> bool:
    """Whether the handler runs where an exception must not be raised (`CALLBACK_MODULES`): inside Python code
    that compiled code called, or inside llvmlite or numba's compiler lock.

    Compiled code ignores an exception raised there: raised now, it would
    surface later as "SystemError: ... returned a result with an exception
    set" (issue 36, item 1); a ctypes callback drops it and the run goes on
    (issue 44, item 19). Python runs handlers between bytecodes, so a
    signal that arrived while a kernel ran is handled in the first Python
    code the kernel calls: the unpickler of the arrays it returns.
    """
    while frame is not None:
        name = frame.f_globals.get("__name__") or ""
        if name in CALLBACK_MODULES or name.startswith("namedtuple_") or any(name.startswith(p + ".") for p in CALLBACK_PACKAGES):
            return True
        if name == COMPILER_LOCK[0] and frame.f_code.co_name in COMPILER_LOCK[1]:
            return True
        frame = frame.f_back
    return False


def _again(signum: int) -> None:
    """Raise `Interrupted` at the first call or return outside the callback (a profile hook of this thread).

    Not by marking the signal as arrived again: it would be handled at the
    handler's own next bytecode, inside itself, again and again.
    """
    before = sys.getprofile()

    def hook(frame, event, arg) -> None:
        global _pending
        if _in_compiled_callback(frame):
            return
        sys.setprofile(before)
        if _deferring:
            _pending = _pending or signum
            return
        raise Interrupted(signum)

    sys.setprofile(hook)


@contextmanager
def deferred() -> Iterator[None]:
    """Hold a signal back until a few system calls are done (a rename and its cleanup).

    Without this, a second Ctrl-C could land between creating and removing a
    temporary file. The held signal is raised when the block ends.

    In the worker of `in_worker` (signals are the main thread's), the block
    instead holds the main thread back from leaving after a signal until it
    is done, and once the main thread has left, no new block starts (it
    raises `Interrupted`): what the worker writes is whole or not at all.
    """
    import threading

    if threading.current_thread() is not threading.main_thread():
        work = getattr(_worker, "work", None) if _worker is not None else None
        if work is None:
            yield
            return
        with work.writing, finishing():
            if work.abandoned is not None:
                raise Interrupted(work.abandoned)
            yield
        return
    global _deferring, _pending
    _deferring += 1
    try:
        with finishing():
            yield
    finally:
        _deferring -= 1
        if not _deferring and _pending is not None:
            signum, _pending = _pending, None
            raise Interrupted(signum)


@contextmanager
def finishing() -> Iterator[None]:
    """Work that must not be cut short after a signal (a file made whole, a cluster's processes stopped): the
    watchdog that ends a stuck run waits for it (up to FINISHING_GRACE_S). `deferred` blocks are such work."""
    global _finishing
    _finishing += 1
    try:
        yield
    finally:
        _finishing -= 1


@contextmanager
def kept_from_new_threads() -> Iterator[None]:
    """Block the terminating signals in this thread while a library may start threads of its own.

    Threads inherit the signal mask of the thread that starts them, so the
    helper threads the CUDA driver starts with a context never take Ctrl-C's
    SIGINT or a SIGTERM: those stay the main thread's, whose handler turns
    them into `Interrupted`. On an H100, a `wordle play` that had used the GPU
    hung on its way out after Ctrl-C (4 times out of 4: main thread gone, the
    driver's `cuda-EvtHandlr` thread left running); with CUDA started inside
    this block it exited at once (5 times out of 5). A signal that arrives
    meanwhile waits, and is raised as soon as the block ends.
    """
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    before = signal.pthread_sigmask(signal.SIG_BLOCK, SIGNALS)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)


def abandoned() -> int | None:
    """The signal on which the main thread left the `in_worker` call this thread runs (None: not left, or this
    thread is no such worker): work that goes on after it is unseen, and should stop or at least draw nothing."""
    work = getattr(_worker, "work", None) if _worker is not None else None
    return None if work is None else work.abandoned


def when_abandoned(stop) -> None:
    """Call `stop()` whenever a worker of `in_worker` is abandoned: how a long computation that cannot see the
    signal (compiled code running in the worker) is told to stop. `stop` must be quick and never fail."""
    _stoppers.append(stop)


@contextmanager
def cancellable() -> Iterator[list[bool]]:
    """Ctrl-C inside the block ends the block only: the caller carries on (`wordle play`'s prompt after a long
    step). Yields a list whose one item becomes True when the block was cancelled. Other signals, and Ctrl-C
    outside such a block, still end the program."""
    global _received, _forgiven, _cancelling
    before = _received
    cancelled = [False]
    _cancelling += 1
    try:
        yield cancelled
    except Interrupted as exc:
        if exc.signum != signal.SIGINT:
            raise
        _received = before  # forgiven: later errors are not taken for this interruption
        _forgiven += 1  # ... and the watchdog stands down
        cancelled[0] = True
    finally:
        _cancelling -= 1


class _Work:
    """One call of `in_worker`: its outcome, and the lock its worker's `deferred` blocks hold."""

    def __init__(self) -> None:
        import threading

        self.writing = threading.RLock()  # re-entered by nested `deferred` blocks
        self.abandoned: int | None = None  # the signal the main thread left on
        self.result = None
        self.error: BaseException | None = None


def _worker_state():
    import threading

    global _worker
    if _worker is None:
        _worker = threading.local()
    return _worker


_worker = None  # a threading.local: the worker's `_Work` (made on first use, so that start-up imports no threading)
_works: list[_Work] = []  # the calls of `in_worker` under way
_stoppers: list = []  # called when a worker is abandoned (`when_abandoned`)


def in_worker(function, *args, **kwargs):
    """`function(*args, **kwargs)` run in a thread of its own while this thread waits: a signal stops it at once.

    Python runs signal handlers in the main thread only, between bytecodes,
    so a compiled search (numba, nogil) running there for minutes holds
    Ctrl-C and SIGTERM back until it returns, and so does a thread pool the
    main thread must join on its way out. Here the main thread only waits
    (in short timed joins, so a signal another thread took is seen within a
    tenth of a second) and raises `Interrupted` at once; the worker, a
    daemon thread, is abandoned (the program exits without waiting for it),
    once any `deferred` block it is in (writing a file) is done; it starts
    no other. Its result is returned, its exception raised here.
    """
    import threading

    state = _worker_state()
    work = _Work()

    def run() -> None:
        state.work = work
        try:
            work.result = function(*args, **kwargs)
        except BaseException as exc:  # noqa: B036 - handed to the waiting thread
            work.error = exc

    thread = threading.Thread(target=run, name="wordle-worker", daemon=True)
    _works.append(work)
    try:
        thread.start()
        while thread.is_alive():
            thread.join(0.1)
    except BaseException as exc:
        if work.abandoned is None:  # the handler marks it; a KeyboardInterrupt (no handler) does not
            work.abandoned = exc.signum if isinstance(exc, Interrupted) else signal.SIGINT
        for stop in list(_stoppers):  # the compiled searches it runs unwind soon, rather than run on unseen
            stop()
        with work.writing:  # a file the worker is writing is finished first; none is started after
            pass
        raise
    finally:
        _works.remove(work)
    if work.error is not None:
        raise work.error
    return work.result
