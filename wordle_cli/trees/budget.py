"""A time budget for searches: a moment after which every armed search unwinds with lower bounds.

The compiled search cannot be interrupted from Python, so a timer thread
sets each armed context's stop flag (`Context.stop`) at the deadline; the
search reads it at its next candidate and returns a lower bound (see
`search.solve`). A budget of None (or 0 seconds asked: `Deadline(None)`)
never stops anything: the search proves to the end.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterable, Iterator
from contextlib import contextmanager


class Deadline:
    """The moment (time.monotonic) searches must stop by, shared by every search of one command."""

    def __init__(self, seconds: float | None):
        self.seconds = seconds if seconds and seconds > 0 else None
        self.at = None if self.seconds is None else time.monotonic() + self.seconds

    @property
    def limited(self) -> bool:
        return self.at is not None

    def left(self) -> float | None:
        """Seconds left (never below 0); None without a limit."""
        return None if self.at is None else max(0.0, self.at - time.monotonic())

    def passed(self) -> bool:
        return self.at is not None and time.monotonic() >= self.at

    @contextmanager
    def armed(self, contexts: Iterable) -> Iterator[None]:
        """While inside, the contexts' searches stop at the deadline (at once if it has passed); the flags are
        left as they are on the way out, so the caller can read which searches were stopped."""
        contexts = list(contexts)
        for ctx in contexts:
            ctx.stop[0] = 0
        if self.at is None:
            yield
            return

        def stop() -> None:
            for ctx in contexts:
                ctx.stop[0] = 1

        left = self.at - time.monotonic()
        if left <= 0:
            stop()
            yield
            return
        timer = threading.Timer(left, stop)
        timer.daemon = True
        timer.start()
        try:
            yield
        finally:
            timer.cancel()


NO_LIMIT = Deadline(None)
