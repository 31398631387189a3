"""The one exception type the core raises for bad data or environment.

The CLI turns it into a single line on stderr and exit status 1; anything a
user can type must end up here (or in a click usage error, exit 2), never in a
traceback.
"""

import re

#: The most characters of a user's text that a message quotes.
QUOTE_LIMIT = 40

#: The longest run of text without a space (a file name, say) that a message shows whole.
TOKEN_LIMIT = 200


def one_line(exc: BaseException) -> str:
    """An exception's text on one line (or its type's name), to quote in an error message."""
    return " ".join(str(exc).split()) or type(exc).__name__


def quote(text: str, limit: int = QUOTE_LIMIT, whole: bool = True) -> str:
    """`text` as Python would quote it, cut to `limit` characters: 'aaaa…' (10485760 characters).

    Every message that repeats what a user typed or a file held goes through
    this, so a 10 MB line makes a short message, not a 10 MB one. `whole=False`
    says `text` is only the start of something longer (no length is given).
    """
    if len(text) <= limit and whole:
        return repr(text)
    shown = repr(text[:limit])
    return f"{shown[:-1]}…{shown[-1]}" + (f" ({len(text)} characters)" if whole else "")


# What `shorten` cuts: a quoted span (not an apostrophe inside a word), a
# parenthesised list, and any long run of text without a space.
_QUOTED = re.compile(r"""(?<!\w)'((?:[^'\\]|\\.)*)'(?!\w)|(?<!\w)"((?:[^"\\]|\\.)*)"(?!\w)""")
_LISTED = re.compile(r"\(([^()]*)\)")
_TOKEN = re.compile(rf"\S{{{TOKEN_LIMIT + 1},}}")


def shorten(message: str) -> str:
    """`message` with every quoted span, parenthesised list and overlong word cut as `quote` cuts them.

    The last guard before a message is shown: messages built here quote their
    inputs with `quote` already, but others (click's "Invalid value for
    '--top': '9999…'", "Got unexpected extra arguments (a b c …)", a
    library's, a file name) would otherwise repeat a whole input.
    """

    def quoted(match: re.Match) -> str:
        inner = match[1] if match[1] is not None else match[2]
        if len(inner) <= QUOTE_LIMIT + 1:  # `quote`'s own output ends with "…" after QUOTE_LIMIT characters
            return match[0]
        mark = match[0][0]
        return f"{mark}{inner[:QUOTE_LIMIT]}…{mark} ({len(inner)} characters)"

    def listed(match: re.Match) -> str:
        inner = match[1]
        if len(inner) <= QUOTE_LIMIT + 1:
            return match[0]
        return f"({inner[:QUOTE_LIMIT]}… {len(inner)} characters)"

    def token(match: re.Match) -> str:
        text = match[0].rstrip(":,;.")
        return f"{text[:QUOTE_LIMIT]}… ({len(text)} characters){match[0][len(text):]}"

    if len(message) <= QUOTE_LIMIT:
        return message
    return _TOKEN.sub(token, _LISTED.sub(listed, _QUOTED.sub(quoted, message)))


#: Most digits a number read from a user's text may have: far beyond any count,
#: turn or puzzle number, and far below Python's int-string limit (4300 digits).
MAX_DIGITS = 18


def whole_number(text: str, max_digits: int = MAX_DIGITS) -> int | None:
    """`text` as a whole number if it is 1 to `max_digits` decimal digits (no sign, no space), else None.

    `int()` on a user's text raises ValueError for a number longer than
    Python's int-string limit (4300 digits), and accepts signs, spaces and
    underscores; this checks the text first, so every caller can say what it wanted.
    """
    if not (text.isdecimal() and len(text) <= max_digits):
        return None
    return int(text)


class WordleError(Exception):
    """Bad input data or an unusable environment (exit status 1)."""

    exit_code = 1


class UsageProblem(WordleError):
    """A mistake in how the command was called, found by the core (exit status 2)."""

    exit_code = 2


class ModeConflict(UsageProblem):
    """Two options (or arguments) that do not go together: the CLI shows it as a usage error."""
