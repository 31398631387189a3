"""Budgets for searches: an amount of search work (`Budget`), and a moment on the wall clock (`Deadline`).

A work budget is the one that gives the same answer everywhere. The search
counts its own work (`Context.stats[WORK]`, a cost model of its loops:
`search.shared`) and unwinds with lower bounds at its next candidate once
it has done the share it was given (`Context.stop[1]`, `search.solve`): the
point where it stops is fixed by the search alone, so the same command
prints the same output on any machine, at any load, on any number of
threads. Budgets are given in units (`WORK_PER_UNIT`: about a CPU second of
the search on the project's 2-core machine; docs/speed.md says how it was
sized), and the searches of one command spend one budget in turn.

A wall-clock limit (`Deadline`) may stand beside it, or alone: a timer
thread sets each armed context's stop flag (`Context.stop[0]`) at the
deadline, so what it stops depends on the machine and its load, and a
`Budget` notes when it did (`Budget.clocked`) for the output to say so. A
limit of None, 0 seconds, or more than `NO_LIMIT_PAST` seconds never stops
anything (a timer that far out would overflow the clock's timeouts, and no
proof is waited for so long). The clock starts at the first search armed,
after the kernels are compiled (`Deadline`).
"""

from __future__ import annotations

import functools
import hashlib
import threading
import time
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

from wordle_cli import interrupts
from wordle_cli.trees.search.shared import WORK

#: The contexts of the searches armed now (any thread's), by id, stopped all at once when a worker running them
#: is abandoned (Ctrl-C in `wordle play` cancels a review: its search must not run on unseen). A flag is only
#: ever set under the lock while its context is armed: a search run later on the same context (unarmed, its
#: value taken as exact) can never see a stop meant for an earlier one.
_armed: dict[int, object] = {}
_lock = threading.Lock()


def _stop(contexts) -> None:
    with _lock:
        for ctx in contexts:
            if id(ctx) in _armed:
                ctx.stop[0] = 1


def _stop_all() -> None:
    _stop(list(_armed.values()))


interrupts.when_abandoned(_stop_all)


#: The share of a time limit the proofs get (review, fibble solve); the rest is for the quick searches or the
#: play-out that give the upper bounds. (A work budget is the proofs' alone: the quick searches are not counted.)
PROOF_SHARE = 0.75

#: The search work in one unit of a budget (`Budget`): about what the search does in a CPU second on the project's
#: 2-core machine (measured under load: docs/speed.md, "Budgets counted in work"). Changing it changes every
#: budgeted result, as a change to the search's cost model (`search.shared`) does.
WORK_PER_UNIT = 2_500_000_000

#: A time limit longer than this (a week) is no limit: the one meaning of "no limit" beside None and 0.
NO_LIMIT_PAST = 7 * 24 * 3600.0


def limit_seconds(seconds: float | None) -> float | None:
    """A time limit as seconds, or None for no limit (None, 0 or less, or past `NO_LIMIT_PAST`)."""
    return seconds if seconds and 0 < seconds <= NO_LIMIT_PAST else None


def work_of(units: float | None) -> int | None:
    """A budget in units as search work (`WORK_PER_UNIT` each), or None for no limit (None, 0 or less, or more units
    than a week has seconds: the same rule as a time limit's)."""
    units = limit_seconds(units)
    return None if units is None else max(1, round(units * WORK_PER_UNIT))


class Deadline:
    """The moment (time.monotonic) searches must stop by, shared by every search of one command.

    The clock starts when the first search is armed, not when the budget is made: the caller compiles the
    search first (`Problem.ready`), so a first run on a machine, which waits for numba's compiler, gets the
    same values as any later run rather than spending its budget on compiling.
    """

    def __init__(self, seconds: float | None):
        self.seconds = limit_seconds(seconds)
        self.at: float | None = None  # set by `start`

    def start(self) -> None:
        """Start the clock (once; later calls change nothing)."""
        if self.seconds is not None and self.at is None:
            self.at = time.monotonic() + self.seconds

    @classmethod
    def until(cls, at: float | None) -> Deadline:
        """The deadline at the moment `at` (time.monotonic; None: no limit)."""
        deadline = cls(None)
        if at is not None:  # already running: its seconds are those left now
            deadline.seconds, deadline.at = max(0.0, at - time.monotonic()), at
        return deadline

    @property
    def limited(self) -> bool:
        return self.seconds is not None

    def left(self) -> float | None:
        """Seconds left (never below 0; all of them before the clock starts); None without a limit."""
        if self.seconds is None:
            return None
        return self.seconds if self.at is None else max(0.0, self.at - time.monotonic())

    def passed(self) -> bool:
        return self.at is not None and time.monotonic() >= self.at

    @contextmanager
    def armed(self, contexts: Iterable) -> Iterator[None]:
        """While inside, the contexts' searches stop at the deadline (at once if it has passed); the flags are
        left as they are on the way out, so the caller can read which searches were stopped."""
        contexts = list(contexts)
        self.start()
        with _lock:
            left = interrupts.abandoned() is not None  # a worker the command has left: its searches stop at once
            for ctx in contexts:
                ctx.stop[0] = 1 if left else 0
                _armed[id(ctx)] = ctx
        try:
            with self._timer(contexts):
                yield
        finally:
            with _lock:
                for ctx in contexts:
                    _armed.pop(id(ctx), None)

    @contextmanager
    def _timer(self, contexts: list) -> Iterator[None]:
        if self.at is None:
            yield
            return

        left = self.at - time.monotonic()
        if left <= 0:
            _stop(contexts)
            yield
            return
        timer = threading.Timer(left, _stop, (contexts,))
        timer.daemon = True
        timer.start()
        try:
            yield
        finally:
            timer.cancel()


NO_LIMIT = Deadline(None)


class Budget:
    """What the searches of one command may do: `work` (search work in all, None: no limit) and `clock` (a wall-clock
    `Deadline`, which may be no limit). `spent` is the work charged so far.

    Searches run one after another spend it in turn: each is given what is left (`left()`) and charged its work
    after (`charge`). Searches run side by side on threads are each given a share fixed before they start
    (`Problem.build`), never "what is left" at a moment, so their counts never depend on which thread runs first.
    """

    def __init__(self, units: float | None = None, seconds: float | None = None):
        self.units = limit_seconds(units)  # as asked, for messages (None: no work limit)
        self.work = work_of(units)
        self.spent = 0
        self.clock = Deadline(seconds)
        self.clocked = False  # the wall clock stopped some search: what it stopped varies from run to run
        self.cut = False  # the work budget stopped some search (the same on every run)
        self.interrupted = False  # a search was stopped by neither (Ctrl-C, an abandoned run): what it found is no result
        self._running: list[tuple[object, int]] = []  # (context, its work when armed) of the searches armed now

    @property
    def limited(self) -> bool:
        return self.work is not None or self.clock.limited

    def left(self) -> int | None:
        """The work not yet charged (never below 0); None without a work limit."""
        return None if self.work is None else max(0, self.work - self.spent)

    def charge(self, work: int) -> None:
        self.spent += int(work)

    def used(self) -> int:
        """The work charged, and that of the searches running now so far (for a progress bar: read while they run)."""
        return self.spent + sum(int(ctx.stats[WORK]) - start for ctx, start in list(self._running))

    @contextmanager
    def armed(self, contexts: Iterable, shares: Sequence[int | None] | None = None) -> Iterator[None]:
        """While inside, each context's search stops once it has done its share of work (`shares`, one per context;
        None: `left()` each), or at the clock's deadline; on the way out the flags are left for the caller to read
        which searches stopped (and `clocked` says whether the clock stopped any). Nothing is charged here."""
        contexts = list(contexts)
        if shares is None:
            shares = [self.left()] * len(contexts)
        starts = [int(ctx.stats[WORK]) for ctx in contexts]
        for ctx, start, share in zip(contexts, starts, shares):
            ctx.stop[1] = 0 if share is None else start + share + 1  # stops once more than `share` is done
        running = list(zip(contexts, starts))
        self._running.extend(running)
        try:
            with self.clock.armed(contexts):
                yield
        finally:
            for ctx in contexts:
                if ctx.stop[0] and ctx.stop[1] and ctx.stats[WORK] >= ctx.stop[1]:
                    self.cut = True
                elif ctx.stop[0] and self.clock.passed():
                    self.clocked = True
                elif ctx.stop[0]:
                    self.interrupted = True
                ctx.stop[1] = 0
            done = {id(ctx) for ctx in contexts}
            self._running = [(ctx, start) for ctx, start in self._running if id(ctx) not in done]  # by identity: a context holds arrays


@functools.cache
def search_digest() -> str:
    """A digest of the code that decides what a budgeted search does and what work it counts: the search, the
    builder (its rounds, its shares), this module. Work a cache recorded under other code is never charged as this
    code's (`reviewer.exact`), so a cached value and a fresh one cost a budget the same."""
    here = Path(__file__).resolve().parent
    files = sorted((here / "search").glob("*.py")) + [here / "builder.py", here / "budget.py"]
    digest = hashlib.sha256()
    for path in files:
        try:
            source = path.read_bytes()
        except OSError:  # an install without its sources: the package's version stands for them
            from importlib.metadata import PackageNotFoundError, version

            try:
                source = version("wordle-cli").encode()
            except PackageNotFoundError:
                source = b"?"
        digest.update(path.name.encode() + b"\0" + source + b"\0")
    return digest.hexdigest()[:16]
