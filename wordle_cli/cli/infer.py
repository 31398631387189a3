"""`wordle infer [GRIDS]`: name a day's answer from the result grids players share."""

from __future__ import annotations

import sys

import click

from wordle_cli.cli.options import Reporter, backend_option, check_plot, game_options, open_game, plot_option, quiet_option, threads_option
from wordle_cli.output import reader_may_go


@click.command()
@click.argument("grids", default="-", required=False, metavar="[GRIDS]")
@game_options
@click.option("--candidates", metavar="FILE", default=None, help="The candidate answers, one per line [default: the game's answers].")
@click.option(
    "--prior", metavar="FILE", default=None, help="word,weight lines: the candidates' prior weights; unlisted candidates get 0 [default: uniform]."
)
@click.option(
    "--day", type=click.IntRange(min=0), default=None, metavar="N", help="Read only the grids of puzzle N [default: the puzzle most headers name]."
)
@click.option("--top", type=click.IntRange(min=0), default=10, show_default=True, metavar="N", help="Candidates listed (0: all).")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON document instead of the table.")
@plot_option("the likeliest candidates' probabilities (the --top of them, at most 40)")
@backend_option
@threads_option
@quiet_option
def infer(grids, game, answers, allowed, candidates, prior, day, top, as_json, plot, backend, threads, quiet):
    """Infer the answer of the day from shared result grids (a file, or standard input).

    \b
    Paste posts as players share them, headers and all:
      Wordle 512 4/6*
      ⬛🟨⬛⬛⬛
      ...
    Candidates that some row cannot come from are ruled out; the others are
    ranked by how likely their grids are (see docs/inference.md), e.g.
      wordle infer posts.txt
      pbpaste | wordle infer --json
    """
    from wordle_cli import backends
    from wordle_cli.errors import WordleError
    from wordle_cli.infer.analysis import analyse, candidate_tables
    from wordle_cli.infer.posts import read_posts
    from wordle_cli.infer.prior import read_prior
    from wordle_cli.infer.report import json_document, reading_summary, text_lines
    from wordle_cli.wordlist import check_length, check_one_stdin, display_name, read_text, read_word_list

    report = Reporter(quiet)
    check_plot(plot)
    check_one_stdin(*(p for p in (grids, answers, allowed, candidates, prior) if p is not None))
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
    weights = None
    if prior is not None:
        weights = read_prior(prior, words)
        if weights.unlisted:
            report.warn(f"{display_name(prior)} gives no weight to {weights.unlisted} of the {len(words)} candidates: they are left out")
        if weights.unknown:
            report.warn(f"{display_name(prior)}: {weights.unknown} listed words are not candidates (ignored)")
        weights = weights.weights
    chosen = backends.resolve(backend, pairs=len(the_game.candidates) * len(words))
    if chosen == "cpu":
        backends.set_threads(threads)
    report.info(f"{game}: {len(words)} candidates from {words_name}; {chosen} backend")
    tables = candidate_tables(the_game, words, backends.load(chosen))
    analysis = analyse(reading, words, tables, weights)
    with reader_may_go():
        click.echo(json_document(analysis, top) if as_json else "\n".join(text_lines(analysis, top)))
    if plot is not None:
        from wordle_cli.cli.options import lists_label
        from wordle_cli.pictures.charts import infer_chart

        label = lists_label(game, len(the_game.answers), answers, allowed)
        infer_chart(plot, analysis, top, label if candidates is None else f"{label}; candidates {display_name(candidates)}")
    n = len(reading.grids)
    report.info(f"{n} grid{'s' if n != 1 else ''} against {len(words)} candidates in {report.elapsed():.2f} s")
