"""`wordle score`: parse, load, call the scoring core, write the CSV."""

from __future__ import annotations

from itertools import islice

import click

from wordle_cli import backends, wordlist
from wordle_cli.cli.options import (
    Reporter,
    Whole,
    compute_options,
    count_option,
    game_option,
    lies_text,
    open_prior,
    pool_date,
    prior_options,
    quiet_option,
    rule_option,
)
from wordle_cli.output import AtomicOutput


@click.command()
@click.argument("paths", metavar="[ALLOWED ANSWERS OUTPUT]", nargs=-1)
@game_option(resolved=False, help="Without ALLOWED ANSWERS OUTPUT: rank this game's lists to standard output.")
@click.option("--top", type=Whole(min=1), default=None, metavar="N", help="Write only the best N rows (after the header).")
@rule_option
@click.option(
    "--precision",
    type=Whole(1, 17),
    default=6,
    show_default=True,
    metavar="N",
    help="Significant digits of average and variance (C's %g style; exact at any N).",
)
@count_option(
    "--lies",
    least=0,
    default=0,
    help="Fibble: the feedback lies in exactly N tiles (1 is Fibble). The average is then over the answers and the "
    "host's lie, drawn uniformly from the tiles and their wrong colours (an all-green row is never a lie), and "
    "the worst case over both; the CSV is guess,is_potential_answer,average_num_allowed,max_wordlist_len.",
)
@prior_options
@compute_options
@quiet_option
def score(paths, game, top, rule, precision, lies, prior, puzzle_date, backend, threads, quiet):
    """Rank every guess in ALLOWED by how many ANSWERS it leaves, into OUTPUT.csv.

    Without arguments, ranks the game's own lists (--game; by default
    $WORDLE_GAME, else nyt, today's lists) to standard output:
    `wordle score --top 5`.

    The answer is drawn from --prior: with ALLOWED ANSWERS OUTPUT each answer
    is equally likely (uniform) unless --prior or $WORDLE_PRIOR says
    otherwise; the game's own nyt lists default to the nyt prior (a line on
    stderr names the prior). For each guess the CSV gives the average number
    of answers still possible after its feedback (the expected number, the
    answer drawn from the prior), their sample variance (the weights counted
    as frequencies) and the worst case, best guesses first:

    \b
      guess,is_potential_answer,average_num_allowed,num_allowed_variance,max_wordlist_len
      roate,false,86.8195,5140.94,256   (wordle score --top 1 --prior uniform: today's lists)

    With --lies N (Fibble: --lies 1) the host shows each row with N tiles
    lying, and the answers kept are those consistent with the row shown. The
    average is the expected number of answers left when the answer is
    equally likely to be any of ANSWERS and the host picks the lying tiles
    and their wrong colours uniformly at random; the worst case is over
    every answer and every lie. Rows: (average, max, answers first, guess).

    Word lists are UTF-8, one word per line (# comments and blank lines are
    skipped). Any of ALLOWED and ANSWERS may be '-' for standard input, and
    OUTPUT may be '-' for standard output; OUTPUT is replaced atomically.
    """
    from wordle_cli import api  # numpy: imported only by the commands that compute
    from wordle_cli.model.game import resolve_game

    report = Reporter(quiet)
    own_answers = bool(paths)
    if not paths:
        from wordle_cli.model.game import load_lists

        game = resolve_game(game)
        unsupported = "with --lies" if lies else "with --rule loose" if rule == "loose" else None
        answer_list, allowed_list = load_lists(game, None, None, *(pool_date(prior, puzzle_date, game, None, unsupported) or ()))
        output = "-"
    elif len(paths) != 3:
        raise click.UsageError("give all of ALLOWED ANSWERS OUTPUT, or none of them (to rank the game's lists to stdout)")
    elif game is not None:
        raise click.UsageError("--game picks the lists only when ALLOWED ANSWERS OUTPUT are not given")
    else:
        allowed, answers, output = paths
        wordlist.check_one_stdin(allowed, answers, prior, names=("ALLOWED", "ANSWERS", "--prior"))
        allowed_list = wordlist.read_word_list(allowed)
        answer_list = wordlist.read_word_list(answers, pool=True)  # empty: the pool after a prune that kept nothing
        wordlist.run_length(allowed_list, answer_list)
        if not answer_list.words:
            _no_answers(report, answer_list.name, output, lies)
            return
        if not set("".join(allowed_list.words)) & set("".join(answer_list.words)):
            report.warn(f"{allowed_list.name} and {answer_list.name} share no symbol: every guess leaves every answer")
    for word_list in (allowed_list, answer_list):
        report.dropped_duplicates(word_list)
    from wordle_cli.setup import prior_excluded

    report.info(f"loaded {len(allowed_list)} allowed guesses from {allowed_list.name}")
    report.info(f"loaded {len(answer_list)} potential answers from {answer_list.name}")

    unsupported = prior_excluded(lies=lies, rule=rule)
    # Explicit files take no game (WORDLE_GAME is not read): the default prior is then uniform whatever the game.
    prior = open_prior(report, prior, puzzle_date, game or "", None if not own_answers else "ANSWERS", answer_list.words, unsupported)
    answers, weights = prior.kept(answer_list.words)
    chosen = backends.resolve_with_threads(backend, len(allowed_list) * len(answers), threads)
    with AtomicOutput(output) as out:
        started = report.elapsed()
        ranked = api.score(allowed_list.words, answers, rule=rule, backend=chosen, lies=lies, weights=weights)  # all equal: uniform
        report.info(
            f"scored {len(allowed_list)} x {len(answers)} ({rule} rule{lies_text(lies)}; prior: {prior.label}) on {chosen} "
            f"in {report.elapsed() - started:.3f} s"
        )
        lines = ranked.csv(precision)
        out.write("\n".join(lines if top is None else islice(lines, top + 1)))
        out.write("\n")
    report.info(f"wrote {output if output != '-' else '<stdout>'} in {report.elapsed():.3f} s total")


def _no_answers(report: Reporter, name: str, output: str, lies: int) -> None:
    """An empty pool of answers (a prune kept none): no guess can be ranked against it, so OUTPUT is the header alone."""
    from wordle_cli.scoring import HEADER, LIES_HEADER

    with AtomicOutput(output) as out:
        out.write((LIES_HEADER if lies else HEADER) + "\n")
    report.info(f"{name} holds no potential answers (an earlier prune kept none): wrote the header alone")
