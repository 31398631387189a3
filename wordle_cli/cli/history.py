"""`wordle history [WORD]` and `wordle history update`: the NYT's answers so far, spoiler-safe, kept current."""

from __future__ import annotations

import click

from wordle_cli.cli.group import LazyGroup
from wordle_cli.cli.options import Progress, Reporter, Seconds, count_option, history_days, quiet_option, spoil_option
from wordle_cli.errors import UsageProblem, quote

#: `wordle history`'s subcommands: name -> "module:attribute", imported only when that one runs.
HISTORY_COMMANDS = {
    "update": "wordle_cli.cli.history:update",
    "prior": "wordle_cli.cli.history_prior:prior",
}


class HistoryGroup(LazyGroup):
    """Subcommands loaded lazily; any other first argument is a WORD to look up (`wordle history cigar`)."""

    table = HISTORY_COMMANDS

    def resolve_command(self, ctx: click.Context, args):
        if args and args[0] not in HISTORY_COMMANDS:
            return "WORD", lookup, args
        return super().resolve_command(ctx, args)


@click.group(cls=HistoryGroup, invoke_without_command=True, subcommand_metavar="[WORD... | COMMAND [ARGS]...]")
@count_option("-n", "--last", least=0, default=10, help="Show the last N days known (0: all).")
@spoil_option
@quiet_option
@click.pass_context
def history_group(ctx, last, spoil, quiet):
    """The NYT's Wordle answers so far: the latest days, or when WORD was an answer.

    \b
      wordle history              # the last 10 days before today
      wordle history cigar        # whether and when cigar was an answer (several words: a line each)
      wordle history update       # fetch the days published since (needs the network)

    Spoiler-safe: today's answer (in your time zone) and later ones are shown
    only with --spoil. The history ships with wordle-cli; `update` keeps a
    newer copy in your data folder (see `wordle history update --help`).
    """
    if ctx.invoked_subcommand is not None:
        return
    from wordle_cli import history

    report = Reporter(quiet)
    days = history_days(report)
    shown, hidden = _visible(days, history.today(), spoil)
    rows = shown if last == 0 else [d for d in shown if d.number > history.last(shown).number - last]
    for number in sorted({d.number for d in rows}):
        click.echo(_day_line(history.on_number(rows, number)))
    _say_hidden(report, hidden)
    _say_stale(report, days, history.today())


class _Lookup(click.Command):
    """`wordle history WORD...`, whose usage line names the group, not a subcommand."""

    def format_usage(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        formatter.write_usage(ctx.parent.command_path, "[OPTIONS] WORD...")


@click.command("WORD", cls=_Lookup, hidden=True)
@click.argument("words", nargs=-1, required=True, metavar="WORD...")
@spoil_option
@quiet_option
@click.pass_context
def lookup(ctx, words, spoil, quiet):
    """Whether and when each WORD was an answer, one line each."""
    from wordle_cli import history
    from wordle_cli.wordlist import normalise

    spoil = spoil or ctx.parent.params["spoil"]
    report = Reporter(quiet or ctx.parent.params["quiet"])
    typed = [normalise(word.strip()) for word in words]
    for word, given in zip(typed, words):
        if len(word) != 5 or not word.isalpha():
            raise UsageProblem(f"{quote(given)} is not a five-letter word (nor one of the subcommands: {', '.join(HISTORY_COMMANDS)})")
    days = history_days(report)
    searched, hidden = _visible(days, history.today(), spoil)
    first, final = searched[0], history.last(searched)
    words = None  # the NYT game's words, read once where a word was never an answer
    for word in typed:
        found = history.of_word(searched, word)
        if found:
            click.echo(f"{word} was the answer of {_and([_when(searched, d) for d in found])}")
            continue
        words = _nyt_words() if words is None else words
        if word not in words:
            click.echo(f"{word} is not a word of the NYT's game (in neither of its lists): it cannot be an answer")
        else:
            click.echo(f"{word} has not been an answer (#{first.number} to #{final.number}, {first.date} to {final.date})")
    _say_hidden(report, hidden)


def _nyt_words() -> set[str]:
    """Every word the NYT's game takes: its answers and allowed guesses, and the answers of the history."""
    from wordle_cli import history
    from wordle_cli.model.game import load_lists

    answers, allowed = load_lists("nyt", date=history.today())
    return set(answers.words) | set(allowed.words)


def _visible(days, today, spoil: bool):
    """(the days that may be shown, the days hidden): today's and later ones are hidden without --spoil."""
    if spoil:
        return days, []
    return [d for d in days if d.date < today], [d for d in days if d.date >= today]


def _day_line(rows) -> str:
    """`  241  2022-02-15  aroma (the original page's: agora)`: one puzzle, its doubled word beside it."""
    from wordle_cli import history

    answer, note = history.answer_of(rows)
    others = [d.answer for d in rows if d.answer != answer]
    aside = f" (the original page's: {', '.join(others)})" if note else ""
    return f"{rows[0].number:>5}  {rows[0].date}  {answer}{aside}"


def _when(days, day) -> str:
    """`#0 (2021-06-19)`, and on a doubled day whose word it was."""
    from wordle_cli import history

    rows = history.on_number(days, day.number)
    if len(rows) == 1:
        return f"#{day.number} ({day.date})"
    served, _ = history.answer_of(rows)
    whose = "the NYT's" if day.answer == served else f"the original page's; the NYT served {served}"
    return f"#{day.number} ({day.date}, {whose})"


def _and(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _say_hidden(report: Reporter, hidden) -> None:
    if hidden:
        numbers = sorted({d.number for d in hidden})
        which = f"#{numbers[0]}" if len(numbers) == 1 else f"#{numbers[0]} to #{numbers[-1]}"
        report.info(f"today's puzzle and later ones ({which}) are known but not shown; --spoil shows them")


def _say_stale(report: Reporter, days, today) -> None:
    import datetime as dt

    from wordle_cli import history

    final = history.last(days)
    if final.date < today - dt.timedelta(days=1):
        report.info(f"the history ends at #{final.number} ({final.date}); `wordle history update` fetches the days since")


# ---------------------------------------------------------------- update


class _UpdateCommand(click.Command):
    """`history update`, whose help ends by naming the data folder on this machine."""

    def format_epilog(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        from wordle_cli import history

        formatter.write_paragraph()
        formatter.write_text(f"Here the history is kept in {history.user_file()} (deleting it goes back to the shipped history).")
        super().format_epilog(ctx, formatter)


@click.command(cls=_UpdateCommand)
@click.option(
    "--url", metavar="URL", envvar="WORDLE_HISTORY_URL", show_envvar=True, default=None,
    help="Where each day's data is: URL + YYYY-MM-DD.json [default: https://www.nytimes.com/svc/wordle/v2/].",
)
@spoil_option
@count_option("--limit", least=1, default=500, help="Make at most N requests (one a day); run again for more.")
@click.option(
    "--timeout", type=Seconds(most=600), default=10.0, show_default=True, metavar="S",
    help="Give up on a day's request (connecting, redirects, reading: all of it) after S seconds.",
)
@quiet_option
def update(url, spoil, limit, timeout, quiet):
    """Fetch the answers published since the last known day, from the NYT's daily puzzle data.

    Days are fetched one request at a time, up to today in your time zone
    (--spoil: up to the last one published), and written, with the shipped
    history, to nyt-history.csv in your data folder ($WORDLE_DATA_DIR, else
    the platform's user data folder for wordle-cli), replaced atomically. A
    response that cannot be believed (not JSON, another day's data, too large,
    a redirect that leads nowhere, a timeout, a 404 for a day already
    published in New York) stops the run there: the days checked before it
    are kept, and running it again goes on from that day (exit status 1). A
    history file that is empty or lacks its header is rewritten. Prints no
    answer.
    """
    import os

    from wordle_cli import history, history_fetch
    from wordle_cli.errors import WordleError, one_line
    from wordle_cli.output import AtomicOutput

    report = Reporter(quiet)
    base = history_fetch.base_url(url or history_fetch.DEFAULT_URL)
    days = history_days(report)
    repair = history.set_aside() is not None  # an empty or header-less file: rewritten, whatever comes
    final = history.last(days)
    today = history.today()
    report.info(f"fetching the days after #{final.number} ({final.date}) from {base}")
    with Progress(limit, "fetching", quiet) as progress:
        fetched = history_fetch.fetch_since(final.number, base, None if spoil else today, limit, timeout, progress)
    if not fetched.days and not repair:
        if fetched.failure is not None:
            raise fetched.failure
        report.info(f"nothing new: {fetched.stopped}")
        return
    path = history.user_file()
    try:
        os.makedirs(os.path.dirname(path), exist_ok=True)
    except OSError as exc:
        raise WordleError(f"cannot make the data folder {os.path.dirname(path)}: {exc.strerror or one_line(exc)}") from None
    with AtomicOutput(path, links=False) as out:
        out.write(history.table(history.merged(days, fetched.days)))
    n = len(fetched.days)
    if n:
        first, newest = fetched.days[0], fetched.days[-1]
        report.info(f"added {n} day{'s' if n != 1 else ''} (#{first.number} to #{newest.number}, {first.date} to {newest.date}) to {path}")
    else:
        report.info(f"rewrote {path} from the shipped history")
    for day in history.unlisted(fetched.days):
        word = quote(day.answer) if day.date < today else "its answer"
        report.warn(f"#{day.number} ({day.date}): {word} is not in {history.ANSWER_LIST}; kept (the shipped lists are out of date)")
    if fetched.failure is None:
        report.info(fetched.stopped if n else f"nothing new: {fetched.stopped}")
        return
    kept = f"the {n} days before it are kept" if n > 1 else "the day before it is kept" if n else "nothing was added"
    again = history.date_of(final.number + n + 1)
    raise WordleError(
        f"{fetched.failure}; stopped at #{final.number + n + 1} ({again}): {kept}, and running it again goes on from there"
    )
