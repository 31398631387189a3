"""Starting the program as a shell would, whatever the test runner's own signal dispositions.

A runner started with SIGINT ignored (`nohup`, `cmd &` in a script,
pytest-xdist's workers) passes that on: an ignored signal stays ignored across
fork and exec, and `wordle` rightly keeps it ignored. A test that sends a
signal must therefore give its child that signal's default disposition.
"""

from __future__ import annotations

import signal

#: The signals the tests send to stop a run.
TERMINATING = tuple(getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name))


def default_signals(then=None):
    """A preexec_fn: SIGINT, SIGTERM and SIGHUP at their default disposition in the child, then `then()`."""

    def preexec() -> None:
        for signum in TERMINATING:
            signal.signal(signum, signal.SIG_DFL)
        if then is not None:
            then()

    return preexec
