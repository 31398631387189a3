"""What the commands say on stderr: informational lines and warnings (`Reporter`), the progress bar (`Progress`).

The CLI's output layer beside OUTPUT (`wordle_cli.output`): nothing here reaches stdout. The layers below are
handed a `Reporter` as their `output.Report`, and a `Progress` as a callable, and never import either.
"""

from __future__ import annotations

import contextlib
import sys
import time

import click


class Reporter:
    """Informational lines and warnings on stderr, never on stdout or in OUTPUT."""

    def __init__(self, quiet: bool):
        self.quiet = quiet
        self.started = time.perf_counter()

    def info(self, message: str) -> None:
        if not self.quiet:
            click.echo(_fitted(message), err=True)

    def warn(self, message: str) -> None:
        click.echo(_fitted(f"warning: {message}"), err=True)

    def elapsed(self) -> float:
        """Seconds since the command started, less the time spent `waiting` for a person."""
        return time.perf_counter() - self.started

    @contextlib.contextmanager
    def waiting(self, person: bool = True):
        """A stretch spent waiting for a person (typing at a terminal) that `elapsed` leaves out."""
        began = time.perf_counter()
        try:
            yield
        finally:
            if person:
                self.started += time.perf_counter() - began

    def dropped_duplicates(self, word_list) -> None:
        """A warning for the duplicates a list had (the first occurrences kept)."""
        if word_list.duplicates:
            s = "s" if word_list.duplicates != 1 else ""
            self.warn(f"{word_list.name}: dropped {word_list.duplicates} duplicate word{s} (kept first occurrences)")


def _fitted(message: str) -> str:
    """A line for stderr: wrapped to the terminal's width when stderr is one (a pipe gets it whole)."""
    if not sys.stderr.isatty():
        return message
    from wordle_cli.cli.prompt import wrap

    return wrap(message)


class Progress:
    """A progress bar on stderr, shown only on a terminal and once a job takes a moment.

    Call the instance with the number of items done; `close()` when finished (or use it in a `with`).
    It shows the time spent and, with a `budget` (`trees.budget.Budget`), how much of it the proof has used
    (`search budget 40% used`, `time limit 3 of 7.5 s used`), then that it is spent and the rest is being
    bounded, rather than an estimate: a proof's items take wildly different times, and a bar redrawn with a
    frozen estimate looks hung. Called with no progress, it redraws the clock.
    A bar whose run was abandoned (Ctrl-C cancelled `play`'s review: its worker runs on unseen) draws
    nothing more; `clear_line` erases whatever bar is drawn, before a prompt.
    """

    DELAY_S = 0.5
    #: Columns of the bar itself: short, so that the label and the clock fit an 80-column line.
    WIDTH = 24

    _shown: list[Progress] = []  # the bars drawn now, any thread's
    _lock = None  # a threading.Lock over drawing and clearing (made on first use: start-up imports no threading)

    def __init__(self, total: int, label: str, quiet: bool = False, budget=None):
        self.total = total
        self.label = label
        self.budget = budget if budget is not None and budget.limited else None
        self.enabled = not quiet and sys.stderr.isatty()
        self.started = time.perf_counter()
        self._bar = None
        self._done = 0

    def _clock(self, _item=None) -> str:
        text = f"{time.perf_counter() - self.started:.0f} s"
        budget = self.budget
        if budget is None:
            return text
        if budget.work is not None:
            used = budget.used() / budget.work
            text += f"; search budget {min(99, int(100 * used))}% used" if used < 1 else "; search budget spent: bounding"
        clock = budget.clock
        if clock.limited:
            left = clock.left()
            text += f"; time limit {clock.seconds - left:.0f} of {clock.seconds:g} s used" if left > 0 else "; time limit reached: bounding"
        return text

    @classmethod
    def _locked(cls):
        if cls._lock is None:
            import threading

            cls._lock = threading.Lock()
        return cls._lock

    def __call__(self, done: int) -> None:
        if not self.enabled:
            return
        from wordle_cli import interrupts

        if interrupts.abandoned() is not None:  # the command has left this run: its screen is the prompt's now
            self.enabled = False
            return
        if self._bar is None and time.perf_counter() - self.started < self.DELAY_S:
            return
        lock = self._locked()
        if not lock.acquire(timeout=1):
            return
        try:
            if self.enabled:
                self._draw(done)
        finally:
            lock.release()

    def _draw(self, done: int) -> None:
        if self._bar is None:
            self._bar = click.progressbar(length=self.total, label=self.label, file=sys.stderr, show_eta=False,
                                          item_show_func=self._clock, width=self.WIDTH)
            self._bar.__enter__()
            self._shown.append(self)
        if done <= self._done:
            self._bar.render_progress()  # the clock moves on (a count never goes back)
            return
        self._bar.update(done - self._done)
        self._done = done

    def __enter__(self) -> Progress:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def close(self) -> None:
        if self._bar is None:
            return
        lock = self._locked()
        held = lock.acquire(timeout=1)
        try:
            if self._bar is not None and self.enabled:
                self._bar.__exit__(None, None, None)
            self._forget()
        finally:
            if held:
                lock.release()

    def _forget(self) -> None:
        self._bar = None
        if self in self._shown:
            self._shown.remove(self)

    @classmethod
    def clear_line(cls) -> None:
        """Erase the line of any bar still drawn, and stop it drawing: what follows (a prompt) starts on a clean line."""
        if not cls._shown:
            return
        lock = cls._locked()
        held = lock.acquire(timeout=1)
        try:
            for bar in list(cls._shown):
                bar.enabled = False
                bar._forget()
            sys.stderr.write("\r\x1b[K\x1b[?25h")  # the line erased; the cursor the bar hid shown again
            sys.stderr.flush()
        finally:
            if held:
                lock.release()
