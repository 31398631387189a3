"""`wordle review`: grade a played game against the proven optimum (or a greedy strategy)."""

from __future__ import annotations

import json

import click

from wordle_cli.cli.options import (
    Progress,
    Reporter,
    backend_option,
    checked_word,
    color_option,
    colour_wanted,
    count_option,
    game_options,
    hard_option,
    open_game,
    quiet_option,
    threads_option,
    tiles_option,
)
from wordle_cli.errors import UsageProblem, quote


class ReviewCommand(click.Command):
    """`review`, whose help ends by naming the folder of the proven-values cache on this machine."""

    def format_epilog(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        from wordle_cli.reviewer.cache import ENV, cache_dir

        formatter.write_paragraph()
        formatter.write_text(
            f"Proven values are kept in {cache_dir()}, one small file per position (${ENV} chooses another "
            "folder; --no-cache neither reads nor writes it; deleting the folder is safe)."
        )
        super().format_epilog(ctx, formatter)


@click.command(cls=ReviewCommand)
@click.argument("turns", nargs=-1, required=True, metavar="GUESS [FEEDBACK] ...")
@click.option("--answer", metavar="WORD", default=None, help="The game's answer: each guess's feedback is computed from it.")
@hard_option
@click.option(
    "--strategy",
    type=click.Choice(("optimal", "expected", "entropy")),
    default="optimal",
    show_default=True,
    help="optimal: proven values by the exact search. expected, entropy: the greedy strategy's play (fast, not proven).",
)
@count_option(
    "--max-guesses", least=0, most=100, default=6,
    help="Optimal play keeps every answer within N guesses where it can (the game's 6 rows); 0: no limit.",
)
@click.option("--json", "as_json", is_flag=True, help="Print the review as one JSON object instead of the table.")
@click.option("--no-cache", is_flag=True, help="Neither read nor write proven values in the user's cache folder.")
@game_options
@backend_option
@threads_option
@tiles_option
@color_option
@quiet_option
def review(turns, answer, hard, strategy, max_guesses, as_json, no_cache, game, answers, allowed, backend, threads, tiles, color, quiet):
    """Grade a played game turn by turn: each guess against the best one, and luck.

    Give the guesses and either --answer or each guess's feedback (any
    spelling, as in `play`; the last guess may lack it). `-` reads the
    turns from standard input: one guess per line (with its feedback after
    it, or a pasted share grid).

    \b
      wordle review --answer cigar salet crony cigar
      wordle review salet BYBBB crony GYBBB cigar GGGGG
      pbpaste | wordle review --answer cigar -

    Columns: the answers possible before and after the guess, the expected
    number of guesses to finish with the guess played (best play after it)
    and with the best guess, the cost (their difference) and the luck of
    the outcome, in guesses. Definitions: docs/review.md.
    """
    if turns == ("-",) and "-" in (answers, allowed):
        raise click.UsageError("the turns are read from standard input, so --answers and --allowed cannot be '-'")
    reporter = Reporter(quiet)
    the_game, _ = open_game(reporter, game, answers, allowed)
    if answer is not None:
        answer = checked_word(answer, the_game, "--answer")
    if turns == ("-",):
        guesses, feedback = read_turns(the_game.length, answer is not None)
    else:
        guesses, feedback = split_turns(turns, the_game, answer is not None)
    guesses = [checked_word(g, the_game, "GUESS", reporter) for g in guesses]
    if answer is not None and not feedback:
        feedback = None
    if answer is not None and feedback:  # a pasted grid with --answer: it must be this game's
        from wordle_cli.model.feedback import feedback as tiles_for

        for number, (guess, given) in enumerate(zip(guesses, feedback), start=1):
            if tiles_for(guess, answer) != tuple(given):
                raise UsageProblem(f"turn {number}: {quote(guess)} gets other feedback than the grid's when the answer is {quote(answer)}")
        feedback = None

    result = review_of(
        reporter, the_game, guesses, answer, feedback, hard=hard, strategy=strategy, max_guesses=max_guesses or None,
        backend=backend, threads=threads, cache=not no_cache,
    )
    if as_json:
        click.echo(json.dumps(result.as_dict(), ensure_ascii=False))
        return
    print_review(result, tiles, colour_wanted(color))
    reporter.info(f"reviewed in {reporter.elapsed():.2f} s")


def review_of(reporter: Reporter, game, guesses, answer=None, feedback=None, **options):
    """`api.review` over a loaded game, with a progress bar while a proof runs and its notes as warnings.

    The one way `review`, `play` (its `review` line) and `solve --review` get a review. The review
    runs in a worker thread (`interrupts.in_worker`), so that Ctrl-C or SIGTERM stops a long proof at once.
    """
    from wordle_cli import api, interrupts

    def progress(total: int, label: str):
        return Progress(total, label, reporter.quiet)

    options.setdefault("backend", "cpu")
    result = interrupts.in_worker(
        api.review, guesses, answer, feedback, answers=game.answers, allowed=game.candidates, game=game.name,
        progress=progress, **options,
    )
    for note in result.notes:
        reporter.warn(note)
    return result


def print_review(result, tiles: str, colour: bool, err: bool = False) -> None:
    """The table and the summary, on stdout (or stderr)."""
    from wordle_cli.reviewer.report import summary_lines, table_lines

    for line in table_lines(result, tiles, colour):
        click.echo(line, color=colour, err=err)
    for line in summary_lines(result):
        click.echo(line, err=err)


def split_turns(tokens, game, with_answer: bool) -> tuple[list[str], list | None]:
    """Arguments as guesses (with --answer) or GUESS FEEDBACK pairs (the last feedback may be missing).

    With --answer, a word after a guess that is in neither list but reads as
    a feedback (`salet BYBBB`) is refused with a hint: it was meant as one.
    """
    if with_answer:
        from wordle_cli.model.feedback import is_feedback
        from wordle_cli.wordlist import normalise

        for previous, token in zip(tokens, tokens[1:]):
            if normalise(token.strip()) not in game.candidate_index and is_feedback(token, game.length):
                raise UsageProblem(
                    f"{quote(token)} after {quote(previous)} reads as feedback, not a guess: with --answer give only "
                    "the guesses (their feedback is computed), or give GUESS FEEDBACK pairs without --answer"
                )
        return list(tokens), None
    return list(tokens[0::2]), [_tiles(t, game.length) for t in tokens[1::2]]


def _tiles(text: str, length: int) -> tuple[int, ...]:
    from wordle_cli.model.feedback import parse

    try:
        return parse(text, length)
    except ValueError as exc:
        raise UsageProblem(str(exc)) from None


#: The forms `review -` reads, for its errors.
FORMS = "give GUESS [FEEDBACK] per line, or the share grid and then its guesses, one per line or all on one line"


def read_turns(length: int, with_answer: bool) -> tuple[list[str], list | None]:
    """Turns from standard input: `GUESS [FEEDBACK]` lines, share-grid rows and headers.

    Lines come from the one turn reader (`prompt.turn_lines`); grid rows and
    headers are told and read by the one grid reader (`infer.posts`, as
    `wordle infer` reads them: joiners, spaces and a remark after a row are
    fine), each row's tiles by the one feedback parser.
    """
    from wordle_cli.cli.prompt import turn_lines
    from wordle_cli.infer import posts
    from wordle_cli.model import feedback
    from wordle_cli.wordlist import normalise

    guesses, typed, rows = [], [], []
    for number, line in turn_lines(False, ""):
        text = line.strip()
        if not text:
            continue
        where = f"<stdin> line {number}"
        tiles = posts.row_tiles(text)
        if tiles:
            try:
                rows.append(feedback.parse(tiles, length))
            except ValueError as exc:
                raise UsageProblem(f"{where}: {exc}") from None
            continue
        if posts.header(text, where) is not None:
            continue  # a share post's header
        tokens = text.split(None, 1)
        word = normalise(tokens[0])
        if len(word) != length:
            raise UsageProblem(f"{where}: {quote(text)} is not a guess of {length} letters; {FORMS}")
        if len(tokens) == 2 and not feedback.is_feedback(tokens[1], length):
            words = [normalise(t) for t in text.split()]
            if all(len(w) == length for w in words):  # the guesses on one line, as after a grid: `tarse shalm abash`
                guesses.extend(words)
                continue
        guesses.append(word)
        if len(tokens) == 2:
            try:
                typed.append(feedback.parse(tokens[1], length))
            except ValueError as exc:
                raise UsageProblem(f"{where}: {exc}; {FORMS}") from None
    if not guesses:
        grid = "nothing to review"
        if rows:
            grid = "the grid's row needs its guess" if len(rows) == 1 else f"the grid's {len(rows)} rows need their guesses"
        raise UsageProblem(f"no guesses on standard input: {grid}; {FORMS}")
    if rows and typed:
        raise UsageProblem("give each guess's feedback on its line or as a share grid, not both")
    given = rows or typed
    if not given and not with_answer:
        raise UsageProblem("no feedback on standard input: give --answer, feedback after each guess, or the share grid")
    return guesses, given
