"""`wordle tree`: build, verify and show optimal decision trees."""

from __future__ import annotations

import click

from wordle_cli.cli.options import (
    Progress,
    Reporter,
    backend_option,
    checked_word,
    game_options,
    hard_option,
    open_game,
    pool_only_option,
    quiet_option,
    threads_option,
)
from wordle_cli.output import AtomicOutput

#: Wordle's rows: trees must solve every answer within this many guesses unless told otherwise.
DEFAULT_MAX_GUESSES = 6

max_guesses_option = click.option(
    "--max-guesses",
    type=click.IntRange(min=0, max=100),
    default=DEFAULT_MAX_GUESSES,
    show_default=True,
    metavar="N",
    help="Every answer must be found within N guesses (the game's 6 rows); 0: no limit.",
)


@click.group("tree")
def tree_group():
    """Optimal decision trees: the strategy with the fewest guesses in total.

    \b
      wordle tree build --first salet -o salet.tree   # proven optimal for salet
      wordle tree verify salet.tree                   # check it against the lists
      wordle tree show salet.tree --depth 2
    """


@tree_group.command("build")
@click.option("--first", metavar="WORD", default=None, help="The opening guess [default: the best of all: slow on full lists].")
@hard_option
@max_guesses_option
@click.option(
    "--top-k",
    type=click.IntRange(min=0),
    default=0,
    show_default=True,
    metavar="K",
    help="Try only the K most promising guesses at each step: fast, an upper bound, no proof. 0: every guess (exact).",
)
@click.option(
    "--from",
    "state",
    metavar="STATE",
    default=None,
    help="Start mid-game from the guesses and feedback seen so far, e.g. salet:BBYBB,clint:BBYYB.",
)
@click.option("--output", "-o", metavar="FILE", default=None, help="Write the tree to FILE ('-' for stdout, the summary then goes to stderr).")
@click.option(
    "--format",
    "fmt",
    type=click.Choice(("selby", "json", "dot")),
    default="selby",
    show_default=True,
    help="selby: one line per answer (the published trees' format). json: nested guess/map. dot: Graphviz, for drawing.",
)
@click.option("--depth", type=click.IntRange(min=1), default=2, show_default=True, metavar="D", help="Levels drawn with --format dot.")
@game_options
@pool_only_option
@backend_option
@threads_option
@quiet_option
def build(first, hard, max_guesses, top_k, state, output, fmt, depth, game, answers, allowed, pool_only, backend, threads, quiet):
    """Build the decision tree with the fewest guesses in total over all answers.

    Every allowed word is a candidate at every step (hard mode: every word the
    hints allow; --pool-only: the possible answers), and the result is proven
    optimal for the opener; --top-k K trades the proof for speed. The summary
    (opener, total, average, worst case, histogram) goes to stdout; the tree
    to --output.

    \b
      wordle tree build --first salet                  # 7920 guesses, proven
      wordle tree build --first salet --hard           # 8122
      wordle tree build --from salet:BBYBB,clint:BBYYB # the best next guess
    """
    from wordle_cli import backends
    from wordle_cli.trees import formats
    from wordle_cli.trees import report as tree_report
    from wordle_cli.trees.builder import Problem
    from wordle_cli.trees.position import parse_history

    reporter = Reporter(quiet)
    the_game, answers_name = open_game(reporter, game, answers, allowed)
    history = parse_history(state, the_game.length) if state else []
    if first is not None:
        first = checked_word(first, the_game, "--first", reporter)
    chosen = backends.resolve(backend, pairs=len(the_game.candidates) * len(the_game.answers))
    if chosen == "cpu":
        backends.set_threads(threads)
    problem = Problem(the_game, hard=hard, pool_only=pool_only, max_guesses=max_guesses or None, top_k=top_k, backend=chosen)
    reporter.info(
        f"{game}: {len(the_game.answers)} answers from {answers_name}, {len(the_game.candidates)} guesses; "
        f"feedback table on {chosen} in {reporter.elapsed():.2f} s"
    )
    position = problem.start()
    for guess, tiles in history:
        position = problem.after(position, guess, tiles)
    if history:
        reporter.info(f"after {len(history)} turn{'s' if len(history) != 1 else ''}: {len(position.pool)} possible answers")
    if first is None and len(position.pool) > 100 and top_k == 0:
        reporter.warn(f"no --first: searching every opener for {len(position.pool)} answers; on full lists this takes hours")
    progress = Progress(len(position.pool), "searching", quiet)
    try:
        result = problem.build(position, first, threads=_threads(threads), progress=progress)
    finally:
        progress.close()
    counters = ", ".join(f"{v} {k}" for k, v in result.counters.items() if v)
    reporter.info(f"searched in {result.seconds:.2f} s ({counters})")
    if output is not None:
        summary = formats.json_summary(
            result.tree, hard=hard, max_guesses=max_guesses or None, top_k=top_k or None, proven=result.proven,
            history=[[g, "".join("BYG"[t] for t in tiles)] for g, tiles in history],
        )
        with AtomicOutput(output) as out:
            formats.write(result.tree, out, fmt, summary=summary, depth=depth)
    opener_note = " (given)" if first else ""
    result_note = "proven optimal" if result.proven else f"upper bound (top-k {top_k}: not a proof)"
    if result.proven and first:
        result_note += f" for {first}"
    for line in tree_report.build_lines(result.tree, opener_note=opener_note, result_note=result_note, history=history):
        click.echo(line, err=output == "-")


@tree_group.command("verify")
@click.argument("file", metavar="FILE")
@hard_option
@max_guesses_option
@game_options
@quiet_option
def verify(file, hard, max_guesses, game, answers, allowed, quiet):
    """Check a tree FILE (selby or json) against the game's lists.

    Every answer must be reached exactly once, each step's feedback must be
    the true one, each guess allowed (and legal in hard mode with --hard),
    and no answer may need more than --max-guesses. Prints the tree's total,
    average, worst case and histogram; an invalid tree is one line naming
    the first bad line and why (exit status 1).
    """
    from wordle_cli.trees import report as tree_report
    from wordle_cli.trees.position import read_tree_file
    from wordle_cli.trees.verify import verify as check

    reporter = Reporter(quiet)
    the_game, _ = open_game(reporter, game, answers, allowed)
    tree_file, name = read_tree_file(file)
    stats = check(tree_file, name, the_game.answers, the_game.candidate_index, hard=hard, max_guesses=max_guesses or None)
    click.echo(f"{name}: a valid {tree_file.format} tree{' for hard mode' if hard else ''}, first guess {tree_file.tree.root.guess}")
    for line in tree_report.stats_lines(stats):
        click.echo(line)


@tree_group.command("show")
@click.argument("file", metavar="FILE")
@click.option("--depth", type=click.IntRange(min=1), default=1, show_default=True, metavar="D", help="Levels to show below the first guess.")
@click.option(
    "--tiles",
    type=click.Choice(("emoji", "letters", "byg", "digits")),
    default="emoji",
    show_default=True,
    help="How feedback is shown: emoji tiles, ACE letters, BYG letters or 0/1/2 digits.",
)
def show(file, depth, tiles):
    """Print the top of a tree FILE: for each feedback, the answers left and the next guess.

    Branches are listed largest first. Reads selby and json trees.
    """
    from wordle_cli.trees import report as tree_report
    from wordle_cli.trees.position import read_tree_file

    tree_file, _ = read_tree_file(file)
    for line in tree_report.show_lines(tree_file.tree, depth, "letters" if tiles == "letters" else tiles):
        click.echo(line)


def _threads(threads: int | None) -> int:
    """Search threads: --threads, else numba's (the machine's cores)."""
    if threads is not None:
        return threads
    import numba

    return numba.get_num_threads()
