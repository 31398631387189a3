"""`wordle history prior`: the NYT model's probability of each answer for one day's puzzle.

What a player would have known that morning: the model is fitted on the
history this installation has (shipped, and updated by `wordle history update`)
strictly before the date (docs/prior.md).
"""

from __future__ import annotations

import datetime as dt

import click

from wordle_cli.cli.options import IsoDate, Reporter, quiet_option, stale_note

#: Puzzle #0's date (the same as `history.LAUNCH`, kept here so that parsing options imports no history).
FIRST_PUZZLE = dt.date(2021, 6, 19)


@click.command("prior")
@click.option(
    "--date",
    type=IsoDate(not_before=FIRST_PUZZLE),
    default=None,
    help="The puzzle's date  [default: today in your time zone].",
)
@click.option("-o", "--output", default="-", metavar="FILE", help="Write here (replaced atomically)  [default: standard output].")
@quiet_option
def prior(date, output, quiet):
    """Write `word,probability` for each NYT answer, for the puzzle of --date.

    The probabilities are the `nyt` prior: a model of the NYT's picks fitted
    on the history this installation has (the shipped days and any fetched
    by `wordle history update`) before that date only (original list or not,
    whether and how long ago a word was an answer, its frequency in English;
    docs/prior.md). Likeliest first; they sum to 1.

    \b
      wordle history prior --date 2026-05-31 | head -4
    """
    from wordle_cli import history
    from wordle_cli.output import AtomicOutput, csv_row
    from wordle_cli.prior import nyt
    from wordle_cli.shipped import NYT_ANSWERS, shipped_list
    from wordle_cli.wordlist import read_text

    report = Reporter(quiet)
    date = history.today() if date is None else date
    days = history.known_days()
    words = read_text(shipped_list(NYT_ANSWERS), "word list").split()
    probabilities = nyt.nyt_probabilities(date, words, days)
    before = [day for day in days if day.date < date]
    number = (date - history.LAUNCH).days
    if before:
        gap = (date - before[-1].date).days
        late = f", {gap} days before it" if gap > 1 else ""
        seen = f"fitted on the history to #{before[-1].number} ({before[-1].date}{late})"
    else:
        seen = "no day of the history before it"
    report.info(f"nyt prior for puzzle #{number} ({date}): {seen}")
    note = stale_note(date, days)
    if note is not None:
        report.warn(note)
    ranked = sorted(zip(words, probabilities), key=lambda pair: (-pair[1], pair[0]))
    with AtomicOutput(output) as stream:
        stream.write(csv_row(["word", "probability"]) + "\n")
        for word, probability in ranked:
            stream.write(csv_row([word, f"{probability:.6g}"]) + "\n")
