"""`wordle history prior`: the NYT model's probability of each answer for one day's puzzle.

What a player would have known that morning: the model is fitted on the
history this installation has (shipped, and updated by `wordle history update`)
strictly before the date (docs/prior.md).
"""

from __future__ import annotations

import click

from wordle_cli.cli.options import IsoDate, Reporter, quiet_option, spoil_option
from wordle_cli.setup import stale_note


@click.command("prior")
@click.option(
    "--date",
    type=IsoDate(),
    default=None,
    help="The puzzle's date  [default: $WORDLE_DATE if set, else today in your time zone].",
)
@click.option("-o", "--output", default="-", metavar="FILE", help="Write here (replaced atomically)  [default: standard output].")
@spoil_option
@quiet_option
def prior(date, output, spoil, quiet):
    """Write `word,probability` for each answer the commands play for the puzzle of --date.

    The probabilities are the `nyt` prior: a model of the NYT's picks fitted
    on the history this installation has (the shipped days and any fetched
    by `wordle history update`) before that date only (original list or not,
    whether and how long ago a word was an answer, its frequency in English;
    docs/prior.md), and before today without --spoil. The words are the nyt
    game's pool for that date, as every command plays it: the answer list and
    the history's earlier answers it lacks (loris, kefir), which the first
    line on stderr names. Likeliest first; they sum to 1.

    \b
      wordle history prior --date 2026-05-31 | head -4
    """
    from wordle_cli import dates, history, setup
    from wordle_cli.output import AtomicOutput, csv_row
    from wordle_cli.prior import nyt
    from wordle_cli.shipped import NYT_ANSWERS

    report = Reporter(quiet)
    date = dates.puzzle_date_or_today(date)
    answers, _ = setup.open_lists(report, "nyt", None, None, setup.unspoiled_pool(setup.PoolDate(date), spoil))
    days = history.unspoiled(history.known_days(), spoil)
    words = answers.words
    probabilities = nyt.nyt_probabilities(date, words, days)
    before = [day for day in days if day.date < date]
    number = (date - history.LAUNCH).days
    if before:
        gap = (date - before[-1].date).days
        late = f", {gap} days before it" if gap > 1 else ""
        seen = f"fitted on the history to #{before[-1].number} ({before[-1].date}{late})"
    else:
        seen = "no day of the history before it"
    added = [word for word, line in zip(words, answers.lines) if line == 0]  # the history's (`with_past_answers`)
    shown = ", ".join(added[:3]) + (", ..." if len(added) > 3 else "")
    pool = f"{len(words)} answers: {NYT_ANSWERS}" + (f" + the history's {shown}" if added else "")
    report.info(f"nyt prior for puzzle #{number} ({date}): {seen}; {pool}")
    note = stale_note(date, days)
    if note is not None:
        report.warn(note)
    ranked = sorted(zip(words, probabilities), key=lambda pair: (-pair[1], pair[0]))
    with AtomicOutput(output) as stream:
        stream.write(csv_row(["word", "probability"]) + "\n")
        for word, probability in ranked:
            stream.write(csv_row([word, f"{probability:.6g}"]) + "\n")
