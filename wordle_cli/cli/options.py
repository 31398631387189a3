"""Options shared by several subcommands, defined once."""

from __future__ import annotations

import sys
import time

import click

from wordle_cli.backends import NAMES, RULES

backend_option = click.option(
    "--backend",
    type=click.Choice(NAMES),
    default="auto",
    envvar="WORDLE_BACKEND",
    show_default=True,
    show_envvar=True,
    help="Where to compute: cpu (numba), cuda (CuPy on an NVIDIA GPU), or auto: "
    "cuda when a GPU is visible and the job is large enough to repay a launch, else cpu.",
)

threads_option = click.option(
    "--threads",
    type=click.IntRange(min=1),
    default=None,
    metavar="N",
    help="Limit the CPU backend to N threads (default: all cores).",
)

rule_option = click.option(
    "--rule",
    type=click.Choice(RULES),
    default="strict",
    show_default=True,
    help="strict: a word stays possible iff it gives the same feedback. "
    "loose: the original CUDA program's looser letter-bounds check, to reproduce its files.",
)

quiet_option = click.option(
    "-q", "--quiet", is_flag=True, help="Print no informational lines on stderr (warnings and errors still show)."
)


class Reporter:
    """Informational lines and warnings on stderr, never on stdout or in OUTPUT."""

    def __init__(self, quiet: bool):
        self.quiet = quiet
        self.started = time.perf_counter()

    def info(self, message: str) -> None:
        if not self.quiet:
            click.echo(message, err=True)

    def warn(self, message: str) -> None:
        click.echo(f"warning: {message}", err=True)

    def elapsed(self) -> float:
        return time.perf_counter() - self.started

    def dropped_duplicates(self, word_list) -> None:
        if word_list.duplicates:
            s = "s" if word_list.duplicates != 1 else ""
            self.warn(f"{word_list.name}: dropped {word_list.duplicates} duplicate word{s} (kept first occurrences)")


def stdin_bytes():
    return sys.stdin.buffer
