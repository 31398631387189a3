"""`wordle completion SHELL`: print click's shell-completion script for bash, zsh or fish."""

from __future__ import annotations

import click

SHELLS = ("bash", "zsh", "fish")


@click.command("completion")
@click.argument("shell", type=click.Choice(SHELLS))
def completion_command(shell):
    """Print the script that makes SHELL complete wordle's commands and options.

    \b
    Load it for this session, or add the line to your shell's startup file:
      bash:  eval "$(wordle completion bash)"          (~/.bashrc)
      zsh:   eval "$(wordle completion zsh)"           (~/.zshrc)
      fish:  wordle completion fish | source           (~/.config/fish/config.fish)
    The same script comes from click directly: _WORDLE_COMPLETE=bash_source wordle
    """
    from click.shell_completion import get_completion_class

    from wordle_cli.cli import main

    completer = get_completion_class(shell)(main, {}, "wordle", "_WORDLE_COMPLETE")
    click.echo(completer.source())
