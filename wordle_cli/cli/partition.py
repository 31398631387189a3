"""`wordle partition GUESS`: how one guess splits the answers."""

from __future__ import annotations

import click

from wordle_cli.cli.options import Reporter, Whole, checked_word, colour_wanted, game_options, look_options, open_game, quiet_option


@click.command()
@click.argument("guess")
@click.option("--show", "words_shown", type=Whole(min=0), default=8, show_default=True, metavar="N", help="Words listed per bucket.")
@look_options
@game_options
@quiet_option
def partition(guess, words_shown, tiles, color, game, answers, allowed, quiet):
    """Split the answers by the feedback GUESS gets: one line per bucket, largest first.

    \b
      $ wordle partition slate | head -3
      slate splits the 3158 answers into 154 buckets
      ⬛⬛⬛⬛🟨  329  ...
    """
    from wordle_cli.model.feedback import encode, feedback
    from wordle_cli.trees.report import partition_lines

    report = Reporter(quiet)
    the_game, _ = open_game(report, game, answers, allowed)
    guess = checked_word(guess, the_game, "GUESS")
    buckets: dict[int, list[str]] = {}
    for answer in the_game.answers:
        buckets.setdefault(encode(feedback(guess, answer)), []).append(answer)
    colour = colour_wanted(color)
    for line in partition_lines(guess, list(buckets.items()), the_game.length, tiles, words_shown, colour):
        click.echo(line, color=colour)

