"""The click group behind `wordle`: loads subcommands lazily, one-line errors.

`wordle_cli.cli.main` is this module's `main`; the program around it
(standard streams, signals, exit status) is `process.py`.
"""

from __future__ import annotations

import importlib
import os
import sys

import click

from wordle_cli import __version__
from wordle_cli.cli.commands import COMMANDS
from wordle_cli.errors import WordleError, quote, whole_number

#: What click's completion variable may hold: SHELL_ACTION, e.g. bash_source.
COMPLETION_SHELLS = ("bash", "zsh", "fish")
COMPLETION_ACTIONS = ("source", "complete")


class LazyGroup(click.Group):
    """A group whose subcommands (`table`: name -> "module:attribute") are imported only when one runs."""

    table: dict[str, str] = {}

    def list_commands(self, ctx: click.Context) -> list[str]:
        return list(self.table)

    def get_command(self, ctx: click.Context, name: str):
        if name not in self.table:
            return None
        module, attribute = self.table[name].split(":")
        return getattr(importlib.import_module(module), attribute)


class WordleGroup(LazyGroup):
    """Loads subcommands lazily; turns the core's errors into one-line messages."""

    table = COMMANDS

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

    def _main_shell_completion(self, ctx_args, prog_name: str, complete_var: str | None = None) -> None:
        """click's shell completion, where a request it cannot serve is one line (exit 1).

        click answers an unknown `_WORDLE_COMPLETE` with a silent exit 1, and a
        missing COMP_WORDS or a COMP_CWORD that is not a number with a traceback.
        """
        variable = complete_var or f"_{prog_name.replace('-', '_').replace('.', '_')}_COMPLETE".upper()
        request = os.environ.get(variable)
        if not request:
            return
        shell, _, action = request.partition("_")
        if shell not in COMPLETION_SHELLS or action not in COMPLETION_ACTIONS:
            raise WordleError(
                f"{variable}={quote(request)} is not a completion request: use SHELL_source or SHELL_complete "
                f"with SHELL one of {', '.join(COMPLETION_SHELLS)} (see `wordle completion --help`)"
            )
        if action == "complete":
            _check_completion_variables(shell)
        super()._main_shell_completion(ctx_args, prog_name, complete_var)


def _check_completion_variables(shell: str) -> None:
    """The variables a shell's completion function sets (COMP_WORDS, COMP_CWORD): present and well formed.

    COMP_CWORD is the number of the word being completed for bash and zsh, and
    that word itself for fish.
    """
    for name in ("COMP_WORDS", "COMP_CWORD"):
        if name not in os.environ:
            raise WordleError(f"shell completion: {name} is not set (the shell's completion function sets it)")
    cword = os.environ["COMP_CWORD"]
    if shell == "fish":
        if cword and not cword.strip():
            raise WordleError(f"shell completion: COMP_CWORD={quote(cword)} holds no word")
    elif whole_number(cword.strip()) is None:
        raise WordleError(f"shell completion: COMP_CWORD={quote(cword)} is not a word number")


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
    consistent with the feedback you saw, and repeat (today's lists, nyt,
    unless --game or $WORDLE_GAME names another game):
      wordle score -q --top 1 --prior uniform  # roate leaves 86.8195 answers on average
      wordle prune -q roate ACAAA > left.txt   # the 85 answers that fit
      wordle score -q "$(wordle lists nyt-allowed.txt)" left.txt - | sed -n 2p   # snool
    """
    _skip_numba_blas_probe()
