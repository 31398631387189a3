"""A time budget for searches: a moment after which every armed search unwinds with lower bounds.

The compiled search cannot be interrupted from Python, so a timer thread
sets each armed context's stop flag (`Context.stop`) at the deadline; the
search reads it at its next candidate and returns a lower bound (see
`search.solve`). A budget of None, 0 seconds, or more than `NO_LIMIT_PAST`
seconds never stops anything: the search proves to the end (a timer that far
out would overflow the clock's timeouts, and no proof is waited for so long).
The clock starts at the first search armed, after the kernels are compiled
(`Deadline`).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterable, Iterator
from contextlib import contextmanager

from wordle_cli import interrupts

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
#: play-out that give the upper bounds.
PROOF_SHARE = 0.75

#: A time limit longer than this (a week) is no limit: the one meaning of "no limit" beside None and 0.
NO_LIMIT_PAST = 7 * 24 * 3600.0


def limit_seconds(seconds: float | None) -> float | None:
    """A time limit as seconds, or None for no limit (None, 0 or less, or past `NO_LIMIT_PAST`)."""
    return seconds if seconds and 0 < seconds <= NO_LIMIT_PAST else None


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
