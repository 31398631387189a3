"""`wordle feedback`: the tiles a guess gets against an answer (for scripts)."""

from __future__ import annotations

import click

from wordle_cli import api, wordlist
from wordle_cli.cli.options import color_option, colour_wanted, tiles_option_with
from wordle_cli.cli.types import TileStyle
from wordle_cli.colour import tiles_text
from wordle_cli.errors import UsageProblem, quote
from wordle_cli.model import feedback


@click.command("feedback")
@click.argument("guess")
@click.argument("answer")
@tiles_option_with("letters")
@click.option("--style", "tiles_alias", type=TileStyle(), default=None, hidden=True, help="Old name of --tiles (ace = letters).")
@color_option
def feedback_command(guess, answer, tiles, tiles_alias, color):
    """Print the feedback GUESS gets when the answer is ANSWER.

    Wordle's rule for repeated letters: exact positions first, then each other
    letter of GUESS is contained while ANSWER has an unmatched copy of it.
    The default, A/C/E letters, is what `wordle prune` reads.

    \b
      $ wordle feedback sheer super
      EAAEE
    """
    guess, answer = wordlist.normalise(guess.strip()), wordlist.normalise(answer.strip())
    if len(guess) != len(answer):
        raise click.BadParameter(
            f"{quote(guess)} has length {len(guess)} but ANSWER {quote(answer)} has length {len(answer)}", param_hint="'GUESS'"
        )
    try:
        result = feedback.parse(api.feedback(guess, answer))
    except UsageProblem as exc:  # a word longer than 8 symbols: a usage error, with the usage lines
        raise click.UsageError(str(exc)) from None
    colour = colour_wanted(color)
    click.echo(tiles_text(result, tiles_alias or tiles, colour), color=colour)
