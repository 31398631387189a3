"""The `wordle` command: a thin click group; each subcommand lives in its own module.

Subcommands parse arguments, call the core and write output; they never
compute. Errors from the core (`WordleError`) become one line on stderr and
exit status 1; click's usage errors exit 2; Ctrl-C exits 130 quietly.

This module is what the `wordle` console script imports first, so it stays
light: `entry_point` installs the signal handlers before click, numpy or
numba are imported (a Ctrl-C during start-up is then an interruption, not a
traceback). The click group itself lives in `group.py`; `main` is imported
from there on first use (`from wordle_cli.cli import main` still works).
"""

from __future__ import annotations


def entry_point() -> None:
    """The `wordle` console script and `python -m wordle_cli`: run the program, exit with its status."""
    try:
        from wordle_cli import interrupts

        interrupts.install()
        from wordle_cli.cli import process
    except KeyboardInterrupt:  # Ctrl-C before the handlers were in
        _stop("interrupted", 130)
    except BaseException as exc:  # noqa: B036 - a signal pending when the handlers went in
        from wordle_cli import interrupts

        if not isinstance(exc, interrupts.Interrupted):
            raise
        _stop(exc.describe(), exc.exit_status)
    process.exit_with(process.run())


def _stop(what: str, status: int) -> None:
    """Leave during start-up, before the program's own streams exist."""
    import os

    try:
        os.write(2, f"wordle: {what}\n".encode())
    except OSError:
        pass
    raise SystemExit(status) from None


def __getattr__(name: str):
    """`main` (the click group) and `WordleGroup`, imported from group.py on first use."""
    if name in ("main", "WordleGroup"):
        from wordle_cli.cli import group

        return getattr(group, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
