"""The click group behind `wordle`: loads subcommands lazily, one-line errors.

`wordle_cli.cli.main` is this module's `main`; the program around it
(standard streams, signals, exit status) is `process.py`.
"""

from __future__ import annotations

import importlib
import sys

import click

from wordle_cli import __version__
from wordle_cli.cli.commands import COMMANDS
from wordle_cli.errors import WordleError


class WordleGroup(click.Group):
    """Loads subcommands lazily; turns the core's errors into one-line messages."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return list(COMMANDS)

    def get_command(self, ctx: click.Context, name: str):
        if name not in COMMANDS:
            return None
        module, attribute = COMMANDS[name].split(":")
        return getattr(importlib.import_module(module), attribute)

    def invoke(self, ctx: click.Context):
        try:
            return super().invoke(ctx)
        except WordleError as exc:
            if exc.exit_code == 2:
                raise click.UsageError(str(exc)) from None
            raise click.ClickException(str(exc)) from None
        except KeyboardInterrupt:  # only when run in-process (tests); the program raises Interrupted
            click.echo("wordle: interrupted", err=True)
            sys.exit(130)


def _skip_numba_blas_probe() -> None:
    """Save ~0.3 s per run where SciPy is installed.

    numba probes for SciPy's BLAS (importing all of scipy.linalg) the first time
    it loads any compiled function, although our kernels never use BLAS. In
    this short-lived CLI process nothing else needs SciPy, so the probe is made
    to fail fast; library users importing wordle_cli are not affected.
    """
    if "scipy" not in sys.modules:
        sys.modules.setdefault("scipy.linalg.cython_blas", None)  # type: ignore[arg-type]


@click.group(cls=WordleGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="wordle")
def main() -> None:
    """Analyse Wordle and Wordle-like games, exactly and fast.

    \b
    Rank every allowed guess by the answers it leaves, then keep the answers
    consistent with the feedback you saw, and repeat:
      wordle score wordlists/wordle-allowed.txt wordlists/wordle-answers.txt scores.csv
      wordle prune roate ACAAA wordlists/wordle-answers.txt left.txt
      wordle score wordlists/wordle-allowed.txt left.txt next.csv
    """
    _skip_numba_blas_probe()
