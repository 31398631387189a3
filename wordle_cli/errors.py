"""The one exception type the core raises for bad data or environment.

The CLI turns it into a single line on stderr and exit status 1; anything a
user can type must end up here (or in a click usage error, exit 2), never in a
traceback.
"""


def one_line(exc: BaseException) -> str:
    """An exception's text on one line (or its type's name), to quote in an error message."""
    return " ".join(str(exc).split()) or type(exc).__name__


class WordleError(Exception):
    """Bad input data or an unusable environment (exit status 1)."""

    exit_code = 1


class UsageProblem(WordleError):
    """A mistake in how the command was called, found by the core (exit status 2)."""

    exit_code = 2
