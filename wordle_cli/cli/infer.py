"""`wordle infer [GRIDS]`: name a day's answer from the result grids players share."""

from __future__ import annotations

import datetime as dt
import sys

import click

from wordle_cli.cli.options import (
    PoolDate,
    Reporter,
    Whole,
    check_plot,
    compute_options,
    game_options,
    open_game,
    open_lists,
    open_prior,
    plot_option,
    pool_date,
    prior_option,
    puzzle_number,
    puzzle_options,
    puzzle_rows,
    quiet_option,
    unspoiled_pool,
)
from wordle_cli.output import reader_may_go


@click.command()
@click.argument("grids", default="-", required=False, metavar="[GRIDS]")
@game_options
@click.option("--candidates", metavar="FILE", default=None, help="The candidate answers, one per line [default: the game's answers].")
@prior_option
@puzzle_options(
    "Read only the grids of puzzle N [default: the puzzle most headers name], and check the inferred answer "
    "against N's in the history (`wordle history`)."
)
@click.option("--top", type=Whole(min=0), default=10, show_default=True, metavar="N", help="Candidates listed (0: all).")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON document instead of the table.")
@plot_option("the likeliest candidates' probabilities (the --top of them, at most 40)")
@compute_options
@quiet_option
def infer(grids, game, answers, allowed, candidates, prior, day, puzzle_date, spoil, top, as_json, plot, backend, threads, quiet):
    """Infer the answer of the day from shared result grids (a file, or standard input).

    \b
    Paste posts as players share them, headers and all:
      Wordle 512 4/6*
      ⬛🟨⬛⬛⬛
      ...
    Candidates that some row cannot come from are ruled out; the others are
    ranked by how likely their grids are times their --prior weight (the
    candidates' prior: --prior FILE gives unlisted candidates 0; nyt is the
    model of the NYT's picks for --date, by default the puzzle the headers
    name, else $WORDLE_DATE, else today), see docs/inference.md, e.g.
      wordle infer posts.txt
      pbpaste | wordle infer --json

    With --day N (or --date), the inferred answer is checked against puzzle
    N's in the history (today's and later ones only with --spoil).
    """
    from wordle_cli import backends
    from wordle_cli.errors import WordleError
    from wordle_cli.infer.analysis import analyse, candidate_tables
    from wordle_cli.infer.posts import read_posts
    from wordle_cli.infer.report import json_document, reading_summary, text_lines
    from wordle_cli.wordlist import check_length, check_one_stdin, display_name, read_text, read_word_list

    report = Reporter(quiet)
    day = puzzle_number(day, puzzle_date)
    check_plot(plot)
    check_one_stdin(grids, answers, allowed, candidates, prior, names=("GRIDS", "--answers", "--allowed", "--candidates", "--prior"))
    the_game, answers_name = open_game(report, game, answers, allowed)  # the pool waits for the puzzle the headers name
    typed = grids == "-" and sys.stdin.isatty()
    if typed:
        report.info("paste the posts, then press Ctrl-D")
    with report.waiting(typed):  # the time reported is the program's, from the end of input, not the typing
        text = read_text(grids, "grids file")
    reading = read_posts(text, the_game.length, day, display_name(grids))
    if not reading.grids:
        aside = reading_summary(reading, head=False)
        raise WordleError(f"{display_name(grids)}: no result grids of {the_game.length} tiles a row" + (f" ({aside})" if aside else ""))
    if candidates is None:
        words, words_name = the_game.answers, answers_name
    else:
        word_list = read_word_list(candidates)
        check_length(word_list, the_game.length)
        report.dropped_duplicates(word_list)
        words, words_name = word_list.words, word_list.name
    # The nyt prior is for the puzzle read: --day/--date, else the one the headers name, else $WORDLE_DATE or today.
    prior_for, number = puzzle_date, day if day is not None else reading.day
    if prior_for is None and number is not None and number < 100_000:
        from wordle_cli.history import LAUNCH

        prior_for = LAUNCH + dt.timedelta(days=number)
    own = candidates if candidates is not None else answers
    # The puzzle read (--day/--date, else the headers') is the date in play, whatever the prior; not through it: its
    # answer is what is inferred.
    pool = unspoiled_pool(PoolDate(prior_for), spoil) if prior_for is not None else pool_date(prior, None, game, own)
    if own is None and pool is not None:  # the nyt game's candidates for that puzzle: its past answers join them
        listed = open_lists(report, game, None, allowed, pool)[0]
        words, words_name = listed.words, listed.name
    the_prior = open_prior(report, prior, prior_for, game, own, words, what="candidate", spoil=spoil)
    weights = the_prior.solver_weights()
    chosen = backends.resolve_with_threads(backend, len(the_game.candidates) * len(words), threads)
    report.info(f"{game}: {len(words)} candidates from {words_name}; {chosen} backend; prior: {the_prior.label}")
    tables = candidate_tables(the_game, words, backends.load(chosen))
    analysis = analyse(reading, words, tables, weights, prior_label=the_prior.label)
    checked = _check(report, analysis, day, spoil)
    with reader_may_go():
        if as_json:
            click.echo(json_document(analysis, top, checked))
        else:
            click.echo("\n".join(text_lines(analysis, top) + ([checked.line()] if checked else [])))
    if plot is not None:
        from wordle_cli.cli.options import lists_label
        from wordle_cli.pictures.charts import infer_chart

        label = lists_label(game, len(the_game.answers), answers, allowed)
        infer_chart(plot, analysis, top, label if candidates is None else f"{label}; candidates {display_name(candidates)}")
    n = len(reading.grids)
    report.info(f"{n} grid{'s' if n != 1 else ''} against {len(words)} candidates in {report.elapsed():.2f} s")


def _check(report: Reporter, analysis, day: int | None, spoil: bool):
    """The inference against puzzle `day`'s answer in the history; None (and why, on stderr) when there is none to use."""
    if day is None:
        return None
    from wordle_cli.errors import WordleError
    from wordle_cli.infer.report import check

    try:
        rows = puzzle_rows(report, day, spoil)
    except (click.UsageError, WordleError) as exc:
        report.info(f"not checked against the history: {exc.message if isinstance(exc, click.UsageError) else exc}")
        return None
    return check(analysis, day, tuple(sorted({row.answer for row in rows})))
