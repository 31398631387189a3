"""`wordle feedback`: the tiles a guess gets against an answer (for scripts)."""

from __future__ import annotations

import click

from wordle_cli import api, feedback, wordlist

STYLES = {"ace": "letters", "emoji": "emoji", "digits": "digits"}


@click.command("feedback")
@click.argument("guess")
@click.argument("answer")
@click.option(
    "--style",
    type=click.Choice(sorted(STYLES)),
    default="ace",
    show_default=True,
    help="ace: A absent, C contained, E exact (what `prune` reads); emoji: ⬛🟨🟩; digits: 0 1 2.",
)
def feedback_command(guess, answer, style):
    """Print the feedback GUESS gets when the answer is ANSWER.

    Wordle's rule for repeated letters: exact positions first, then each other
    letter of GUESS is contained while ANSWER has an unmatched copy of it.

    \b
      $ wordle feedback sheer super
      EAAEE
    """
    guess, answer = wordlist.normalise(guess.strip()), wordlist.normalise(answer.strip())
    if len(guess) != len(answer):
        raise click.BadParameter(
            f"{guess!r} has length {len(guess)} but ANSWER {answer!r} has length {len(answer)}", param_hint="'GUESS'"
        )
    tiles = feedback.parse(api.feedback(guess, answer))
    click.echo(feedback.show(tiles, STYLES[style]))
