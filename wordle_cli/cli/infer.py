"""`wordle infer [GRIDS]`: name a day's answer from the result grids players share."""

from __future__ import annotations

import datetime as dt
import sys

import click

from wordle_cli.cli.options import (
    Reporter,
    backend_option,
    check_plot,
    date_option,
    game_options,
    open_game,
    open_prior,
    plot_option,
    prior_option,
    quiet_option,
    threads_option,
)
from wordle_cli.output import reader_may_go


@click.command()
@click.argument("grids", default="-", required=False, metavar="[GRIDS]")
@game_options
@click.option("--candidates", metavar="FILE", default=None, help="The candidate answers, one per line [default: the game's answers].")
@prior_option
@date_option
@click.option(
    "--day", type=click.IntRange(min=0), default=None, metavar="N", help="Read only the grids of puzzle N [default: the puzzle most headers name]."
)
@click.option("--top", type=click.IntRange(min=0), default=10, show_default=True, metavar="N", help="Candidates listed (0: all).")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON document instead of the table.")
@plot_option("the likeliest candidates' probabilities (the --top of them, at most 40)")
@backend_option
@threads_option
@quiet_option
def infer(grids, game, answers, allowed, candidates, prior, date, day, top, as_json, plot, backend, threads, quiet):
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
    """
    from wordle_cli import backends
    from wordle_cli.errors import WordleError
    from wordle_cli.infer.analysis import analyse, candidate_tables
    from wordle_cli.infer.posts import read_posts
    from wordle_cli.infer.report import json_document, reading_summary, text_lines
    from wordle_cli.wordlist import check_length, check_one_stdin, display_name, read_text, read_word_list

    report = Reporter(quiet)
    check_plot(plot)
    check_one_stdin(*(p for p in (grids, answers, allowed, candidates, prior) if p not in (None, "uniform", "nyt")))
    the_game, answers_name = open_game(report, game, answers, allowed)
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
    from click.core import ParameterSource

    given = click.get_current_context().get_parameter_source("date") == ParameterSource.COMMANDLINE
    if not given and reading.day is not None and reading.day < 100_000:  # the puzzle the headers name, over $WORDLE_DATE
        from wordle_cli.history import LAUNCH

        date = LAUNCH + dt.timedelta(days=reading.day)
    own = candidates if candidates is not None else answers
    the_prior = open_prior(report, prior, date, game, own, words, what="candidate")
    weights = None if the_prior.is_uniform else the_prior.weights
    chosen = backends.resolve(backend, pairs=len(the_game.candidates) * len(words))
    if chosen == "cpu":
        backends.set_threads(threads)
    report.info(f"{game}: {len(words)} candidates from {words_name}; {chosen} backend; prior: {the_prior.label}")
    tables = candidate_tables(the_game, words, backends.load(chosen))
    analysis = analyse(reading, words, tables, weights, prior_label=the_prior.label)
    with reader_may_go():
        click.echo(json_document(analysis, top) if as_json else "\n".join(text_lines(analysis, top)))
    if plot is not None:
        from wordle_cli.pictures.charts import infer_chart

        infer_chart(plot, analysis, top)
    report.info(f"{len(reading.grids)} grids against {len(words)} candidates in {report.elapsed():.2f} s")
