"""`wordle review`: grade a played game against the proven optimum (or a greedy strategy)."""

from __future__ import annotations

import json

import click

from wordle_cli.cli.options import (
    Progress,
    Reporter,
    any_word_option,
    budget_of,
    budget_options,
    checked_word,
    colour_wanted,
    compute_options,
    game_options,
    look_options,
    max_guesses_option,
    open_weighed_game,
    prior_option,
    puzzle_answer,
    puzzle_number,
    puzzle_options,
    quiet_option,
)
from wordle_cli.errors import UsageProblem, quote
from wordle_cli.model.game import ROWS

#: Units of search work a review's proofs may do by default (past them: proven ranges): counted, not timed, so a
#: review prints the same on any machine, at any load (`trees.budget`; sized in docs/speed.md).
REVIEW_BUDGET = 10.0


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
@puzzle_options("The game was puzzle N of the NYT's Wordle: its answer from the history (`wordle history`), as --answer.")
@click.option(
    "--hard/--no-hard",
    default=None,
    help="Hard mode: green letters stay in place and revealed letters must be reused [default: as a pasted share grid's "
    "header says (`3/6*`: hard), else normal].",
)
@click.option(
    "--strategy",
    type=click.Choice(("optimal", "expected", "entropy")),
    default="optimal",
    show_default=True,
    help="optimal: proven values by the exact search. expected, entropy: the greedy strategy's play (fast, not proven).",
)
@max_guesses_option(
    "Optimal play keeps every answer within N guesses where it can (the game's 6 rows), else plays for the best chance "
    "to win within them; unlimited: no limit.",
    default=ROWS, unlimited=True,
)
@click.option("--json", "as_json", is_flag=True, help="Print the review as one JSON object instead of the table.")
@click.option("--no-cache", is_flag=True, help="Neither read nor write proven values in the user's cache folder.")
@budget_options(
    REVIEW_BUDGET,
    "a value not proven by then is shown as a range, lower-upper: a proven lower bound and the value of a real strategy "
    "(its first guess shown as the best known).",
)
@game_options
@any_word_option
@prior_option
@compute_options
@look_options
@quiet_option
def review(
    turns, answer, day, puzzle_date, spoil, hard, strategy, max_guesses, as_json, no_cache, budget, time_limit, game, answers, allowed,
    any_word, prior, backend, threads, tiles, color, quiet,
):
    """Grade a played game turn by turn: each guess against the best one, and luck.

    Give the guesses and either --answer or each guess's feedback (any
    spelling, as in `play`; the last guess may lack it). `-` reads the
    turns from standard input: one guess per line (with its feedback after
    it, or a pasted share grid).

    \b
      wordle review --prior uniform --answer cigar salet crony cigar
      wordle review --prior uniform salet BYBBB crony GYBBB cigar GGGGG
      pbpaste | wordle review --prior uniform --answer cigar -
      wordle review --day 0 salet crony cigar    # under that day's prior

    Columns: the answers possible before and after the guess (and the
    expected number left), the expected number of guesses to finish with the
    guess played (best play after it) and with the best guess, then, in
    guesses (definitions: docs/review.md):

    \b
      cost  expected - best: what the guess lost to the best one (0: optimal)
      luck  expected - 1 - best after its outcome: + lucky, - unlucky, 0 average

    Where the win is not sure within the limit, the chance to win comes first
    (shown beside the expected guesses, a loss counted as one guess more than
    the limit), and cost and luck are in chance to win where it differs.
    """
    if turns == ("-",) and "-" in (answers, allowed, prior):
        raise click.UsageError("the turns are read from standard input, so --answers, --allowed and --prior cannot be '-'")
    reporter = Reporter(quiet)
    day = puzzle_number(day, puzzle_date)
    if day is not None:
        if answer is not None:
            raise click.UsageError("give --answer or --day / --date, not both")
        answer = puzzle_answer(reporter, day, spoil)
    from wordle_cli import history

    prior_day = puzzle_date if puzzle_date is not None or day is None else history.date_of(day)  # as solve --day: that day's prior
    made = open_weighed_game(
        reporter, game, answers, allowed, prior, prior_day, greedy_review=None if strategy == "optimal" else strategy, day=day,
        spoil=spoil,
    )
    the_game, weights = made.game, made.prior
    if answer is not None:
        answer = checked_word(answer, the_game, "--answer")
        if answer in made.left_out:
            raise UsageProblem(f"the answer {quote(answer)} has weight 0 under the {weights.label}: no game under it can end with it")
    rows = max_guesses or MOST_ROWS
    marked_hard = False
    if turns == ("-",):
        guesses, feedback, marked_hard = read_turns(the_game.length, answer is not None, rows)
    else:
        guesses, feedback = split_turns(turns, the_game, answer is not None)
    guesses = [checked_word(g, the_game, "GUESS", reporter, any_word) for g in guesses]
    if answer is not None and not feedback:
        feedback = None
    if answer is not None and feedback:  # a pasted grid with --answer: it must be this game's
        from wordle_cli.model.feedback import feedback as tiles_for

        for number, (guess, given) in enumerate(zip(guesses, feedback), start=1):
            if tiles_for(guess, answer) != tuple(given):
                raise UsageProblem(f"turn {number}: {quote(guess)} gets other feedback than the grid's when the answer is {quote(answer)}")
        feedback = None
    if hard is None:
        hard = marked_hard
        if marked_hard:
            check_hard_grid(the_game, guesses, answer, feedback)

    budget, time_limit = budget_of(budget, time_limit, REVIEW_BUDGET)
    result = review_of(
        reporter, the_game, guesses, answer, feedback, hard=hard, strategy=strategy, max_guesses=max_guesses,
        backend=backend, threads=threads, cache=not no_cache, time_limit=time_limit,
        budget=budget, weights=weights,
    )
    if as_json:
        click.echo(json.dumps(result.as_dict(), ensure_ascii=False))
    else:
        print_review(result, tiles, colour_wanted(color))
    reporter.info(f"reviewed in {reporter.elapsed():.2f} s; prior: {weights.label}")


#: The most guesses `review -` reads with --max-guesses unlimited: the largest limit --max-guesses takes.
MOST_ROWS = 100


def review_of(reporter: Reporter, game, guesses, answer=None, feedback=None, **options):
    """`api.review` over a loaded game, with a progress bar while a proof runs and its notes as warnings.

    The one way `review`, `play` (its `review` line) and `solve --review` get a review. The review
    runs in a worker thread (`interrupts.in_worker`), so that Ctrl-C or SIGTERM stops a long proof at once.
    """
    from wordle_cli import api, interrupts

    def progress(total: int, label: str, budget=None):
        return Progress(total, label, reporter.quiet, budget)

    label = options.pop("prior", None)  # the name of the prior of `weights` given as integers (solve, play)
    options.setdefault("backend", "cpu")
    if "budget" not in options and "time_limit" not in options:
        options["budget"] = REVIEW_BUDGET
    result = interrupts.in_worker(
        api.review, guesses, answer, feedback, answers=game.answers, allowed=game.candidates, game=game.name,
        progress=progress, **options,
    )
    if label is not None and result.prior is not None:
        result.prior = label
    for note in result.notes:
        reporter.warn(note)
    return result


def print_review(result, tiles: str, colour: bool, err: bool = False) -> None:
    """The table and the summary, on stdout (or stderr); on a terminal each summary line is wrapped to its width."""
    import sys

    from wordle_cli.reviewer.report import summary_lines, table_lines

    for line in table_lines(result, tiles, colour):
        click.echo(line, color=colour, err=err)
    stream = sys.stderr if err else sys.stdout
    fit = stream is not None and stream.isatty()  # a pipe gets each line whole
    for line in summary_lines(result):
        click.echo(hanging(line) if fit else line, err=err)


#: The width of a summary line's label (`values     `): wrapped lines go on under the text after it.
LABEL = 11


def hanging(line: str, columns: int | None = None) -> str:
    """A summary line wrapped at spaces to the terminal's width (or `columns`), never inside a word, its later
    lines indented under the text after its label."""
    from wordle_cli.cli.prompt import wrap

    label, text = line[:LABEL], line[LABEL:]
    if label.strip() == "" or not text.strip():
        return wrap(line, "", columns)
    return label + wrap(text, " " * LABEL, columns)[LABEL:]


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


def check_hard_grid(game, guesses, answer, feedback) -> None:
    """UsageProblem naming the first guess that breaks hard mode's rules in a grid whose header marks hard mode."""
    from wordle_cli.model.feedback import feedback as tiles_for
    from wordle_cli.model.hardmode import Constraints

    tiles = [tiles_for(g, answer) for g in guesses] if answer is not None else list(feedback or [])
    constraints = Constraints.none(game.length)
    for number, (guess, got) in enumerate(zip(guesses, tiles), start=1):
        why = constraints.violation(guess)
        if why:
            raise UsageProblem(
                f"turn {number}: {quote(guess)} breaks hard mode's rules ({why}), though the grid's header marks hard mode (*); "
                "--no-hard reviews it as a normal game"
            )
        if got is None:
            break
        constraints = constraints.after(guess, got)


def read_turns(length: int, with_answer: bool, most: int = MOST_ROWS) -> tuple[list[str], list | None, bool]:
    """Turns from standard input: `GUESS [FEEDBACK]` lines, share-grid rows and headers; and whether a header
    marks hard mode (`3/6*`).

    Lines come from the one turn reader (`prompt.turn_lines`); grid rows and
    headers are told and read by the one grid reader (`infer.posts`, as
    `wordle infer` reads them: joiners, spaces and a remark after a row are
    fine), each row's tiles by the one feedback parser. Reading stops at the
    first guess or row beyond `most` (the game's rows), and at a grid's row
    beyond its header's (the 6 of `X/6`): one line says so.
    """
    from wordle_cli.cli.prompt import turn_lines
    from wordle_cli.infer import posts
    from wordle_cli.model import feedback
    from wordle_cli.wordlist import normalise

    guesses, typed, rows = [], [], []
    grid = None  # (the header's score, its most rows, the rows under it so far)
    marked_hard = False
    for number, line in turn_lines(False, ""):
        text = line.strip()
        if not text:
            continue
        where = f"<stdin> line {number}"
        tiles = posts.row_tiles(text)
        if tiles:
            if grid is not None:
                grid[2] += 1
                if grid[2] > grid[1]:
                    raise UsageProblem(f"{where}: row {grid[2]} of a grid headed {grid[0]}/{grid[1]}, which has at most {grid[1]} rows")
            if len(rows) == most:
                raise UsageProblem(f"{where}: {_beyond(most)}")
            try:
                rows.append(feedback.parse(tiles, length))
            except ValueError as exc:
                raise UsageProblem(f"{where}: {exc}") from None
            continue
        heading = posts.header(text, where)
        if heading is not None:
            grid = [heading[1], heading[3], 0]
            marked_hard = marked_hard or heading[2]
            continue  # a share post's header
        if len(guesses) == most:
            raise UsageProblem(f"{where}: {_beyond(most)}")
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
    return guesses, _given_feedback(rows, typed, with_answer), marked_hard


def _beyond(most: int) -> str:
    """Why `review -` stopped reading: a guess beyond the game's rows."""
    if most == MOST_ROWS:
        return f"more than {most} guesses (the most review reads); stopped reading"
    return f"more than the game's {most} rows (--max-guesses {most}; unlimited: no limit); stopped reading"


def _given_feedback(rows: list, typed: list, with_answer: bool) -> list:
    """The feedback read: a grid's rows or each line's, not both; none only with --answer."""
    if rows and typed:
        raise UsageProblem("give each guess's feedback on its line or as a share grid, not both")
    given = rows or typed
    if not given and not with_answer:
        raise UsageProblem("no feedback on standard input: give --answer, feedback after each guess, or the share grid")
    return given
