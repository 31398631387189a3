"""The `wordle` command: a thin click group; each subcommand lives in its own module.

Subcommands parse arguments, call the core and write output; they never
compute. Errors from the core (`WordleError`) become one line on stderr and
exit status 1; click's usage errors exit 2; Ctrl-C exits 130 quietly.
"""

from __future__ import annotations

import importlib
import os
import sys

import click

from wordle_cli import __version__
from wordle_cli.errors import WordleError

#: Subcommand name -> "module:attribute", imported only when that command runs,
#: so `wordle prune` does not pay for importing the solver's modules.
COMMANDS = {
    "score": "wordle_cli.cli.score:score",
    "prune": "wordle_cli.cli.prune:prune",
    "feedback": "wordle_cli.cli.tiles:feedback_command",
    "solve": "wordle_cli.cli.solve:solve",
    "simulate": "wordle_cli.cli.simulate:simulate",
    "play": "wordle_cli.cli.play:play",
    "tree": "wordle_cli.cli.tree:tree_group",
    "partition": "wordle_cli.cli.partition:partition",
    "backends": "wordle_cli.cli.info:backends_command",
    "lists": "wordle_cli.cli.lists:lists_command",
    "completion": "wordle_cli.cli.completion:completion_command",
}


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
        except KeyboardInterrupt:
            click.echo("wordle: interrupted", err=True)
            sys.exit(130)
        except BrokenPipeError:
            # The reader of our stdout went away (e.g. `| head`): not an error.
            sys.stderr.close()
            sys.exit(0)


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


def entry_point() -> None:
    """The `wordle` console script and `python -m wordle_cli`: run `main`, exit fast.

    Tearing down an interpreter that has loaded numba takes ~0.3 s (its object
    graph and LLVM state), a third of a typical `score`. Once the command has
    finished and its output is committed (OUTPUT is renamed into place before
    the command returns), there is nothing left to clean up, so flush the
    standard streams and leave with os._exit. Without numba, exit normally.
    """
    try:
        main()
        code = 0
    except SystemExit as exc:
        if exc.code is None or isinstance(exc.code, int):
            code = exc.code or 0
        else:
            click.echo(exc.code, err=True)
            code = 1
    if "numba" not in sys.modules:
        sys.exit(code)
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):  # closed or broken pipe: nothing more to say
            pass
    os._exit(code)
