"""The process around a command: standard streams, warnings and the exit status.

Whatever a command does, the program ends in one of these ways, and never
with a traceback for a fault a user or the system can cause:

| what happened                                      | stderr                 | status  |
|----------------------------------------------------|------------------------|---------|
| success                                            | (informational lines)  | 0       |
| the reader of stdout went away (`| head`)          | nothing                | 0       |
| bad data or environment, a failed write            | `Error: ...`           | 1       |
| out of memory                                      | `Error: out of memory` | 1       |
| bad usage (click's three lines)                    | `Usage:`, `Try`, `Error:` | 2    |
| SIGINT, SIGTERM, SIGHUP                            | `wordle: interrupted`  | 128 + N |

The standard streams are replaced by `output.Sink`-based UTF-8 streams (so
PYTHONIOENCODING cannot make a word unprintable): a failed write to stdout is
a one-line error, a failed write to stderr is ignored (a closed stderr must
not turn a success into a failure). A standard descriptor that was closed
when the program started is filled with /dev/null, so no file the program
opens can take its number, and its stream reports "closed" when used.
"""

from __future__ import annotations

import errno
import io
import os
import sys
import warnings

from wordle_cli import interrupts
from wordle_cli.backends import NumbaImportCheck
from wordle_cli.errors import WordleError, one_line, shorten
from wordle_cli.output import ReaderGone, Sink, text_stream

STDIN_CLOSED = "standard input is closed"
STDOUT_CLOSED = "standard output is closed"


def run() -> int:
    """Run `wordle` with sys.argv; return the exit status. Never raises (but SystemExit)."""
    try:
        use_standard_streams()
        warnings.showwarning = _show_warning
        NumbaImportCheck.install()  # a bad NUMBA_* variable: one line, whichever module imports numba
        from wordle_cli.cli.group import main

        result = main.main(prog_name="wordle", standalone_mode=False)
        status = result if isinstance(result, int) else 0
        sys.stdout.flush()
    except BaseException as exc:  # noqa: B036 - every way out gets its exit status here
        status = _status_of(exc)
    return _after_signal(status)


def exit_with(status: int) -> None:
    """Flush and leave. With numba loaded, skip the interpreter's ~0.3 s teardown.

    Tearing down an interpreter that has loaded numba takes ~0.3 s (its object
    graph and LLVM state), a third of a typical `score`. Once the command has
    finished and its output is committed (OUTPUT is renamed into place before
    the command returns), there is nothing left to clean up, so flush the
    standard streams and leave with os._exit. Without numba, exit normally.
    """
    try:
        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()
            except (WordleError, ReaderGone, OSError, ValueError):  # already reported, or nothing to say
                pass
    except interrupts.Interrupted as exc:
        status = exc.exit_status
    if "numba" not in sys.modules:
        sys.exit(status)
    _release_semaphores()
    os._exit(status)


def _release_semaphores() -> None:
    """Unlink the semaphores multiprocessing made (Dask's local cluster, `tree rank`), as the exit that os._exit
    skips would: else its resource tracker, outliving us, warns of "leaked semaphore objects" (issue 44, item 19:
    a rank interrupted while its cluster started). Its finalizers of priority 0 and up are those of its locks
    and semaphores; they only unlink names, so they cannot hang."""
    util = sys.modules.get("multiprocessing.util")
    if util is None:
        return
    try:
        util._run_finalizers(0)
    except Exception:  # noqa: BLE001 - leaving anyway
        pass


def _status_of(exc: BaseException) -> int:
    """Report `exc` in (at most) one line on stderr; its exit status."""
    import click

    if isinstance(exc, SystemExit):
        code = exc.code
        if code is None or isinstance(code, int):
            return code or 0
        _say(shorten(str(code)))
        return 1
    if isinstance(exc, ReaderGone):
        return 0
    if isinstance(exc, interrupts.Interrupted):
        return exc.exit_status  # the message is _after_signal's
    if isinstance(exc, SystemError) and interrupts.received() is not None:
        return 128 + interrupts.received()  # a signal lost in compiled code's call into Python (`interrupts`)
    if isinstance(exc, KeyboardInterrupt):  # SIGINT before the handlers were installed
        _say("wordle: interrupted")
        return 130
    if isinstance(exc, click.exceptions.Exit):
        return exc.exit_code
    if isinstance(exc, getattr(click.exceptions, "NoArgsIsHelpError", ())):
        # A bare group (`wordle`, `wordle tree`): its whole help, uncut, on stderr, exit 2 as click (8.2 on)
        # decided (pallets/click#1394: a missing command is a usage error; `--help` asks for it: stdout, 0).
        _show(exc)
        return exc.exit_code
    if isinstance(exc, click.ClickException):
        exc.message = shorten(exc.message)  # click quotes whole values: "Invalid value for '--top': '99999…'"
        _show(exc)
        return exc.exit_code
    if isinstance(exc, click.Abort):  # click saw a KeyboardInterrupt or end of input at a prompt
        _say("Error: aborted")
        return 1
    if isinstance(exc, WordleError):
        _say(f"Error: {shorten(str(exc))}")
        return exc.exit_code
    if isinstance(exc, MemoryError):
        _say("Error: out of memory")
        return 1
    if isinstance(exc, OSError):
        where = f" ({exc.filename})" if exc.filename else ""
        _say(shorten(f"Error: {exc.strerror or one_line(exc)}{where}"))
        return 1
    if isinstance(exc, UnicodeError):
        _say(shorten(f"Error: {one_line(exc)}"))
        return 1
    raise exc  # a bug: its traceback is what a developer needs


def _show(exc) -> None:
    try:
        exc.show()
    except (WordleError, ReaderGone):
        pass


def _after_signal(status: int) -> int:
    """A run that received SIGINT/SIGTERM/SIGHUP says so and exits 128 + N, even if the signal was caught."""
    signum = interrupts.received()
    if signum is None:
        return status
    prefix = "\n" if sys.stderr.isatty() else ""  # after ^C the cursor is still on the prompt's line
    _say(f"{prefix}wordle: {interrupts.Interrupted(signum).describe()}")
    interrupts.said_so()
    return 128 + signum


def _say(line: str) -> None:
    try:
        sys.stderr.write(line + "\n")
        sys.stderr.flush()
    except (WordleError, ReaderGone, OSError, ValueError, AttributeError):
        pass


def _show_warning(message, category, filename, lineno, file=None, line=None) -> None:
    """Python warnings (numba's about its environment variables, say) as one line each.

    A traceback quoted inside a warning is cut down to its last line, the error itself.
    """
    text = str(message)
    head, marker, trace = text.partition("Traceback (most recent call last):")
    if marker:
        lines = trace.strip().splitlines()
        text = head + (lines[-1] if lines else "")
    _say(shorten("warning: " + " ".join(text.split())))


# ---------------------------------------------------------------- standard streams


def use_standard_streams() -> None:
    """Replace sys.stdin/stdout/stderr by streams that fail in one line (see the module's doc)."""
    closed = [fd for fd in (0, 1, 2) if not _is_open(fd)]
    for fd in closed:
        _fill_with_devnull(fd)
    if 0 in closed or sys.stdin is None:
        sys.stdin = io.TextIOWrapper(io.BufferedReader(_ClosedInput()), encoding="utf-8", errors="surrogateescape")
    else:
        try:
            sys.stdin.reconfigure(encoding="utf-8", errors="surrogateescape")
        except (AttributeError, ValueError, io.UnsupportedOperation):
            pass
    # stdout keeps the bytes of an argument that was not UTF-8; stderr escapes them.
    sys.stdout = _writer(1, "<stdout>", 1 in closed, silent=False, errors="surrogateescape")
    sys.stderr = _writer(2, "<stderr>", 2 in closed, silent=True, errors="backslashreplace")


def _is_open(fd: int) -> bool:
    try:
        os.fstat(fd)
    except OSError:
        return False
    return True


def _fill_with_devnull(fd: int) -> None:
    try:
        devnull = os.open(os.devnull, os.O_RDWR)
    except OSError:
        return
    if devnull != fd:
        os.dup2(devnull, fd)
        os.close(devnull)


def _writer(fd: int, name: str, closed: bool, *, silent: bool, errors: str):
    if closed:
        sink = Sink(name, closed=STDOUT_CLOSED if fd == 1 else "standard error is closed", silent=silent)
        return text_stream(sink, errors=errors)
    return text_stream(Sink(name, fd, silent=silent), errors=errors, line_buffering=os.isatty(fd))


class _ClosedInput(io.RawIOBase):
    """Standard input when the program was started with it closed (`<&-`)."""

    def readable(self) -> bool:
        return True

    def readinto(self, buffer) -> int:
        raise OSError(errno.EBADF, STDIN_CLOSED)
