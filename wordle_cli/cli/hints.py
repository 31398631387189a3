"""Hints for the slips a new user makes: a word where none is taken, a command misspelt.

Each hint is a short clause added to the one-line error, never a second line.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Iterable

import click

from wordle_cli.errors import quote


def did_you_mean(text: str, choices: Iterable[str]) -> str | None:
    """`list` for `lsit`: the closest of `choices` (difflib's ratio, at least 0.6), or None."""
    found = difflib.get_close_matches(text.lower(), list(choices), n=1, cutoff=0.6)
    return found[0] if found else None


class NoArguments(click.Command):
    """A command that takes no arguments: extra ones are click's usage error, plus `hint(extra)` when it has one."""

    def __init__(self, *args, hint: Callable[[list[str]], str | None] | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        self.hint = hint

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        ctx.allow_extra_args = True  # collect them, to say what they might have meant
        rest = super().parse_args(ctx, args)
        if ctx.args:
            extra = [str(a) for a in ctx.args]
            joined = " ".join(extra)
            shown = joined if len(joined) <= 40 else quote(joined)
            message = f"Got unexpected extra argument{'s' if len(extra) != 1 else ''} ({shown})"
            hint = self.hint(extra) if self.hint is not None else None
            ctx.fail(message + (f": {hint}" if hint else ""))
        return rest


def one_word(extra: list[str]) -> str | None:
    """The extra argument when it is one word of letters or digits (a target, an opener), else None."""
    if len(extra) == 1 and extra[0].isalnum() and len(extra[0]) <= 40:
        return extra[0].lower()
    return None


def opener_hint(command: str) -> Callable[[list[str]], str | None]:
    """The `hint` of a solve command whose one extra word is meant as its opener (`wordle absurdle solve salet`)."""

    def hint(extra: list[str]) -> str | None:
        word = one_word(extra)
        return f"to open with {quote(word)}: wordle {command} --first {word}" if word else None

    return hint


#: `--first WORD` of the commands that prove the best line from a forced opener (absurdle solve, fibble solve).
first_word_option = click.option(
    "--first", metavar="WORD", default=None, help="Fix the first guess (a word of the game's lists; any word with --allow-any-word)."
)
