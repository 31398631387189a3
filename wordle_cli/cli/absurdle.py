"""`wordle absurdle play|solve`: the adversarial host, played by a person or searched for its shortest wins."""

from __future__ import annotations

import sys

import click

from wordle_cli.cli.hints import NoArguments, first_word_option, opener_hint
from wordle_cli.cli.load import checked_word
from wordle_cli.cli.options import any_word_option, compute_options, game_options, max_guesses_option, quiet_option, show_option, tiles_option
from wordle_cli.cli.report import Reporter
from wordle_cli.errors import WordleError, quote
from wordle_cli.model.game import open_game

HOST_RULE = (
    "The host keeps every answer consistent with its feedback so far and, after each guess, the largest bucket "
    "of answers sharing one feedback; ties go to the feedback with the fewest exact tiles, then the fewest "
    "contained, then the smallest code. You win when your guess is the only word left."
)

#: What `absurdle play` reads besides guesses (and their short forms), for "did you mean".
PLAY_COMMANDS = ("quit", "exit", "help", "list", "undo")

target_option = click.option(
    "--target",
    metavar="WORD",
    default=None,
    help="Challenge: corner the host on WORD (an answer). The host is unchanged; WORD must stay possible after every guess.",
)


@click.group("absurdle")
def absurdle_group() -> None:
    """Absurdle: a host that never commits to an answer.

    \b
    The host keeps the largest bucket of answers after every guess (ties:
    fewest exact tiles, then fewest contained, then the smallest feedback
    code; implementations of the game differ here). You win when your guess
    is the only word left.
      wordle absurdle solve --first salet
      wordle absurdle play
    """


def _open(report: Reporter, game, answers, allowed, backend, threads):
    from wordle_cli import backends
    from wordle_cli.games.absurdle import Absurdle

    the_game, answers_name = open_game(report, game, answers, allowed)
    chosen = backends.resolve_with_threads(backend, len(the_game.candidates) * len(the_game.answers), threads)
    report.info(f"{game}: {len(the_game.answers)} answers from {answers_name}, {len(the_game.candidates)} guess candidates; {chosen} backend")
    return Absurdle(the_game, chosen)


def host_options(command):
    """The options both Absurdle commands end with: the game, the tiles, where to compute, --quiet."""
    for option in (quiet_option, compute_options, tiles_option, game_options):
        command = option(command)
    return command


@absurdle_group.command("solve", cls=NoArguments, hint=opener_hint("absurdle solve"))
@first_word_option
@any_word_option
@max_guesses_option("Search lines of at most N guesses in all (default: unlimited, until a win is found).", unlimited=True)
@click.option("--all", "every", is_flag=True, help="List every winning line of the minimal length (needs --first).")
@click.option("--count", is_flag=True, help="Print how many winning lines of the minimal length there are (needs --first).")
@target_option
@host_options
def solve(first, any_word, max_guesses, every, count, target, game, answers, allowed, tiles, backend, threads, quiet):
    """Find the fewest guesses that force a win, and prove it is the minimum.

    \b
    Prints one shortest winning line, a row per guess (the feedback the host
    gave, the pool before the guess, the buckets it split into, the words
    kept), then the minimum, then on the last line the guesses alone:
      wordle absurdle solve --first salet | tail -1
    The minimum is proven: every shorter line was searched and loses.
    """
    from wordle_cli.games.absurdle import Search
    from wordle_cli.games.report import absurdle_rows, plural
    from wordle_cli.wordlist import normalise

    if (every or count) and first is None:
        raise click.UsageError("--all and --count list the lines after a given first guess: add --first WORD")
    if every and count:
        raise click.UsageError("choose one of --all and --count")
    report = Reporter(quiet)
    absurdle = _open(report, game, answers, allowed, backend, threads)
    the_game = absurdle.game
    if first is not None:
        first = checked_word(first, the_game, "--first", report, any_word)
    search = Search(absurdle, normalise(target.strip()) if target is not None else None)
    solution = search.solve(first, max_guesses)
    report.info(f"searched {search.nodes} pools in {report.elapsed():.2f} s")
    start = f", first guess {first}" if first is not None else ""
    goal = f"to corner the host on {solution.target}" if target is not None else "to win"
    proof = f"no line of {plural(solution.minimum - 1, 'guess')} wins" if solution.minimum > 1 else "one guess"
    if every or count:
        depth = solution.minimum - 1
        pool = search.root(first)
        if count:
            click.echo(search.count(pool, depth) if depth > 0 else 1)
            return
        lines = search.lines(pool, depth) if depth > 0 else iter([[]])
        n = 0
        for line in lines:
            click.echo(" ".join([first, *(the_game.candidates[c] for c in line)]))
            n += 1
        report.info(f"{plural(n, 'line')} of {plural(solution.minimum, 'guess')} {goal}{start}")
        return
    for row in absurdle_rows(solution.steps, the_game.length, len(the_game.answers), tiles):
        click.echo(row)
    click.echo(f"minimum {plural(solution.minimum, 'guess')} {goal}{start} (proven: {proof})")
    click.echo(" ".join(solution.guesses))


@absurdle_group.command("play")
@target_option
@show_option("the words left")
@click.option("--interactive/--batch", default=None, help="Prompt for each guess [default: when stdin is a terminal].")
@host_options
def play(target, show, interactive, game, answers, allowed, tiles, backend, threads, quiet):
    """Play Absurdle: type a guess per line; the host answers with the feedback that keeps the most words.

    \b
    Each line of stdout is the guess, the feedback and the number of words
    left; the game ends when your guess is the only word left. Lines 'undo',
    'list', 'help' and 'quit' do what they say.
      printf 'salet\\ngroin\\nbumph\\nacedy\\nkudzu\\n' | wordle absurdle play   # won in 5 guesses
    """
    from wordle_cli.cli.hints import did_you_mean
    from wordle_cli.cli.prompt import turn_lines, wrap
    from wordle_cli.model.feedback import decode
    from wordle_cli.model.feedback import show as show_tiles
    from wordle_cli.wordlist import normalise

    if "-" in (answers, allowed):
        raise click.UsageError("play reads the guesses from standard input, so --answers and --allowed cannot be '-'")
    if interactive is None:
        interactive = sys.stdin.isatty()
    report = Reporter(quiet)
    absurdle = _open(report, game, answers, allowed, backend, threads)
    the_game = absurdle.game
    goal = None
    if target is not None:
        goal = normalise(target.strip())
        if goal not in the_game.answer_index:
            raise click.BadParameter(f"{quote(goal)} is not one of the {len(the_game.answers)} answers", param_hint="'--target'")
    pools = [absurdle.start()]
    guesses: list[str] = []

    def say(text: str, indent: str = "") -> None:
        if interactive:
            click.echo(wrap(text, indent))  # fitted to the terminal, as in `wordle play`
        elif not quiet:
            click.echo(indent + text, err=True)

    line_number: int | None = None

    def problem(text: str) -> None:
        if interactive:
            say(f"error: {text}")
        else:
            raise WordleError(f"<stdin> line {line_number}: {text}" if line_number is not None else text)

    if interactive:
        say(HOST_RULE + " Type a guess, or undo, list, help, quit.")
    for line_number, line in turn_lines(interactive, "guess> "):  # noqa: B007 - problem() reads line_number
        text = line.strip()
        if not text or text.startswith("#"):
            continue
        command = text.lower()
        if command in ("quit", "q", "exit"):  # PLAY_COMMANDS
            break
        if command in ("help", "?"):
            say(HOST_RULE)
            continue
        if command in ("list", "ls"):
            say(" ".join(the_game.answers[i] for i in pools[-1].tolist()))
            continue
        if command in ("undo", "u"):
            if guesses:
                guesses.pop()
                pools.pop()
                say(f"back to {len(pools[-1])} words left")
            else:
                problem("nothing to undo")
            continue
        guess = normalise(text)
        if guess not in the_game.candidate_index and (meant := did_you_mean(guess, PLAY_COMMANDS)) is not None:
            problem(f"{quote(guess)} is not a word of the list or a command: did you mean `{meant}`?")
            continue
        if len(guess) != the_game.length:
            problem(f"{quote(guess)} has length {len(guess)}, expected {the_game.length}")
            continue
        if guess not in the_game.candidate_index:
            problem(f"{quote(guess)} is not in the word list")
            continue
        step, kept = absurdle.respond(pools[-1], guess)
        guesses.append(guess)
        pools.append(kept)
        click.echo(f"{guess}  {show_tiles(decode(step.code, the_game.length), tiles)}  {step.left} left")
        if step.won:
            say(f"won in {len(guesses)} guess{'es' if len(guesses) != 1 else ''}")
            break
        if step.left <= show:
            say(" ".join(the_game.answers[i] for i in kept.tolist()), indent="  ")
        if goal is not None and the_game.answer_index[goal] not in set(kept.tolist()):
            say(f"{goal} is no longer possible: the challenge is lost (undo to go back)")

