"""`wordle tree`: build, verify and show optimal decision trees."""

from __future__ import annotations

import click
from click.core import ParameterSource

from wordle_cli.cli.options import (
    Progress,
    Reporter,
    Whole,
    backend_option,
    budget_of,
    budget_options,
    check_plot,
    checked_word,
    choice_option,
    colour_wanted,
    compute_options,
    count_option,
    game_options,
    hard_option,
    lists_label,
    look_options,
    max_guesses_option,
    open_lists,
    open_prior,
    open_weighed_game,
    plot_option,
    pool_date,
    pool_only_option,
    prior_options,
    quiet_option,
)
from wordle_cli.errors import WordleError, quote
from wordle_cli.model.game import ROWS
from wordle_cli.output import AtomicOutput, check_distinct, reader_may_go, replaces_file

#: What `tree show --format` draws, and the --depth of each (and of `tree build`'s pictures) when none is given.
SHOW_DEPTH = {"text": 1, "html": 1, "dot": 2}

#: Where an option's value comes from when the user did not give it.
_NOT_GIVEN = (ParameterSource.DEFAULT, ParameterSource.DEFAULT_MAP)

#: Trees must solve every answer within the game's rows unless told otherwise.
tree_max_guesses_option = max_guesses_option(
    "Every answer must be found within N guesses (the game's 6 rows); unlimited: no limit.", default=ROWS, unlimited=True
)


def state_option(help: str):
    """--from STATE (the turns played so far, `salet:BBYBB,clint:BYYBB`); each command says what it means there."""
    return click.option("--from", "state", metavar="STATE", default=None, help=help)


def top_k_option(help: str):
    """--top-k K, the semi-exhaustive search of `build` and `rank` (0: exact); each says what it means there."""
    return click.option("--top-k", type=Whole(min=0), default=0, show_default=True, metavar="K", help=help)


@click.group("tree")
def tree_group():
    """Optimal decision trees: the strategy with the fewest guesses in total.

    \b
      wordle tree build --first salet --prior uniform -o salet.tree  # proven optimal for salet
      wordle tree verify salet.tree --prior uniform   # check it against the lists
      wordle tree show salet.tree --prior uniform --depth 2
    """


@tree_group.command("build")
@click.option("--first", metavar="WORD", default=None, help="The opening guess [default: the best of all: slow on full lists].")
@hard_option
@tree_max_guesses_option
@top_k_option("Try only the K most promising guesses at each step: fast, an upper bound, no proof. 0: every guess (exact).")
@state_option("Start mid-game from the guesses and feedback seen so far, e.g. salet:BBYBB,clint:BYYBB.")
@click.option(
    "--output",
    "-o",
    metavar="FILE",
    default=None,
    help="Write the tree to FILE ('-' for stdout, the summary then goes to stderr) "
    "[default: none; with --format, stdout].",
)
@choice_option(
    "--format",
    "fmt",
    choices=("selby", "json", "dot", "html"),
    default="selby",
    help="selby: one line per answer (the published trees' format). json: nested guess/map. dot: Graphviz, for drawing. "
    "html: one page to open in a browser and explore. Given without --output, the tree goes to stdout "
    "(as `tree show` writes it, ready for a pipe or `>`), the summary to stderr.",
)
@count_option("--depth", metavar="D", help="Levels drawn with --format dot (default 2), or open at first with html (default 1).")
@plot_option("the histogram of guesses per answer")
@budget_options(
    None,
    "the search still running then gives way to a quick one (--top-k style) where it stopped, and the result is the best "
    "tree found with its proven gap (the least total any tree can have).",
)
@game_options
@prior_options
@pool_only_option
@compute_options
@quiet_option
def build(
    first, hard, max_guesses, top_k, state, output, fmt, depth, plot, budget, time_limit, game, answers, allowed, prior, puzzle_date,
    pool_only, backend, threads, quiet,
):
    """Build the decision tree with the fewest guesses in total over all answers.

    Every allowed word is a candidate at every step (hard mode: every word the
    hints allow; --pool-only: the possible answers), and the result is proven
    optimal for the opener; --top-k K trades the proof for speed. The summary
    (opener, total, average, worst case, histogram) goes to stdout; the tree
    to --output.

    \b
      wordle tree build --first tarse --prior uniform  # today's lists: 11219 guesses, proven
      wordle tree build --first tarse --prior nyt --date 2026-06-01  # under that day's nyt prior
      wordle tree build --first tarse --hard --prior uniform  # 11627
      wordle tree build --game wordle --first salet    # 2022's lists: 7920
      wordle tree build --from salet:BBYBB,clint:BYYBB --prior uniform  # the best next guess
    """
    from wordle_cli import backends
    from wordle_cli.pictures import write_tree
    from wordle_cli.trees import formats
    from wordle_cli.trees import report as tree_report
    from wordle_cli.trees.builder import Problem
    from wordle_cli.trees.position import parse_history

    reporter = Reporter(quiet)
    if output is None and click.get_current_context().get_parameter_source("fmt") not in _NOT_GIVEN:
        output = "-"  # a format asked for is a tree asked for: to stdout, where a Unix tool writes it
    check_plot(plot)
    check_distinct({"--output": output, "--plot": plot})
    made = open_weighed_game(reporter, game, answers, allowed, prior, puzzle_date)
    the_game, weights, answers_name = made.game, made.prior, made.answers_name
    label = lists_label(game, len(the_game.answers), answers, allowed)
    history = parse_history(state, the_game.length) if state else []
    for word, _ in history:
        if (problem := the_game.spelling_problem(word)) is not None:
            raise click.BadParameter(problem, param_hint="'--from'")
    if first is not None:
        first = checked_word(first, the_game, "--first")
        if first not in the_game.candidate_index:
            reporter.info(
                f"--first {quote(first)} is in neither word list: the tree opens with it anyway "
                "(tree verify, simulate --tree and play --tree accept any first guess)"
            )
    # The search runs on the CPU, so `auto` makes its one table there too (issue 42): a GPU's context would cost the
    # proof hundreds of MiB of memory for a table the CPU makes in a fraction of a second.
    chosen = backends.resolve_with_threads("cpu" if backend == "auto" else backend, len(the_game.candidates) * len(the_game.answers), threads)
    problem = Problem(the_game, hard=hard, pool_only=pool_only, max_guesses=max_guesses, top_k=top_k, backend=chosen,
        weights=weights.solver_weights(),
    )
    reporter.info(
        f"{game}: {len(the_game.answers)} answers from {answers_name}, {len(the_game.candidates)} guesses; "
        f"feedback table on {chosen} in {reporter.elapsed():.2f} s"
    )
    position = problem.start()
    for guess, tiles in history:
        position = problem.after(position, guess, tiles)
    if history:
        left = len(position.pool)
        reporter.info(f"after {len(history)} turn{'s' if len(history) != 1 else ''}: {left} possible answer{'s' if left != 1 else ''}")
    if first is None and len(position.pool) > 100 and top_k == 0:
        reporter.warn(f"no --first: searching every opener for {len(position.pool)} answers; on full lists this takes hours")
    from wordle_cli.trees.budget import Budget
    from wordle_cli.trees.search import INF

    limits = Budget(*budget_of(budget, time_limit, None))
    progress = Progress(len(position.pool), "searching", quiet, limits)
    try:
        result = problem.build(position, first, threads=_threads(threads), progress=progress, budget=limits)
    finally:
        progress.close()
    if result.total >= INF:
        raise WordleError(
            f"no tree was found {_within(limits)} for every class (at least {result.lower} guesses in all); give it more"
        )
    counters = ", ".join(f"{v} {k}" for k, v in result.counters.items() if v)
    reporter.info(f"searched in {result.seconds:.2f} s ({counters})")
    if output is not None:
        summary = formats.json_summary(
            result.tree, hard=hard, max_guesses=max_guesses, top_k=top_k or None, proven=result.proven,
            history=[[g, "".join("BYG"[t] for t in tiles)] for g, tiles in history],
            **_prior_facts(result.tree, the_game.answers, weights),
        )
        with reader_may_go(), AtomicOutput(output) as out:
            write_tree(result.tree, out, fmt, summary=summary, depth=depth or SHOW_DEPTH.get(fmt, 1), lists=label)
    opener_note = " (given)" if first else ""
    result_note = "proven optimal" if result.proven else f"upper bound (top-k {top_k}: not a proof)"
    if result.proven and first:
        result_note += f" for {first}"
    if result.lower is not None:
        gap = result.total - result.lower
        result_note = (
            f"best found {_within(limits)}, not proven: total {result.total}, the least possible at least "
            f"{result.lower} (gap {gap}, {100 * gap / result.total:.2f}%){' for ' + first if first else ''}"
        )
    with reader_may_go():
        lines = tree_report.build_lines(
            result.tree, opener_note=opener_note, result_note=result_note, history=history, weight=_weight_of(the_game.answers, weights),
            prior=None if weights.is_uniform else weights.label,
        )
        for line in lines:
            click.echo(line, err=output == "-")
    if plot is not None:
        from wordle_cli.pictures.charts import tree_chart

        tree_chart(plot, result.tree.stats(), result.tree.root.guess, label)
    reporter.info(f"prior: {weights.label}")


@tree_group.command("verify")
@click.argument("file", metavar="FILE")
@hard_option
@tree_max_guesses_option
@state_option("The turns played before the tree's first guess, as `tree build --from` took them [default: the history a json tree stores; none].")
@game_options
@prior_options
@quiet_option
def verify(file, hard, max_guesses, state, game, answers, allowed, prior, puzzle_date, quiet):
    """Check a tree FILE (selby or json) against the game's lists.

    Every answer must be reached exactly once, each step's feedback must be
    the true one, each guess allowed (and legal in hard mode with --hard),
    and no answer may need more than --max-guesses. Prints the tree's total,
    average, worst case and histogram; an invalid tree is one line naming
    the first bad line and why (exit status 1). A tree built mid-game is
    checked against the answers its history leaves (json trees store it;
    give it to a selby tree with --from). A json tree's stored summary that
    disagrees with its paths is a warning.
    """
    from wordle_cli.trees import report as tree_report
    from wordle_cli.trees.position import read_tree_file
    from wordle_cli.trees.verify import history_text, summary_disagreements
    from wordle_cli.wordlist import check_one_stdin

    reporter = Reporter(quiet)
    check_one_stdin(file, answers, allowed, prior, names=("FILE", "--answers", "--allowed", "--prior"))
    made = open_weighed_game(reporter, game, answers, allowed, prior, puzzle_date)
    the_game, weights = made.game, made.prior
    tree_file, name = read_tree_file(file, len(the_game.answers))
    stats, history = _checked(
        tree_file, name, the_game.answers, the_game.candidate_index, state, hard=hard, max_guesses=max_guesses,
        weights=weights.solver_weights(),
    )
    opener = tree_file.tree.root.guess
    if opener not in the_game.candidate_index:
        reporter.info(f"the first guess {quote(opener)} is in neither word list (as --first allows)")
    stored_prior = tree_file.summary.get("prior")
    if stored_prior is not None and weights.is_uniform:
        reporter.warn(f"{name} was built under {stored_prior}: give its --prior (and --date) to check its expected guesses")
    wrong = summary_disagreements(tree_file.summary, stats)
    if wrong:
        reporter.warn(f"{name}: the stored summary disagrees with the tree: {'; '.join(wrong)}")
    where = f"after {history_text(history)}, next guess" if history else "first guess"
    click.echo(f"{name}: a valid {tree_file.format} tree{' for hard mode' if hard else ''}, {where} {opener}")
    for line in tree_report.stats_lines(stats, more=bool(history), prior=None if weights.is_uniform else weights.label):
        click.echo(line)
    reporter.info(f"prior: {weights.label}")


def _checked(tree_file, name: str, answers, allowed, state: str | None, *, hard: bool, max_guesses: int, weights=None):
    """`tree verify`'s check (shared with `tree show`): the tree's stats and the turns before it.

    `allowed`: the words a guess may be (with the answers); `weights`: a prior's, one per answer (None: uniform). The turns are
    --from's, else those a json tree stores; TreeFileError names the first
    thing wrong with the tree.
    """
    from wordle_cli.trees.position import parse_history, stored_history
    from wordle_cli.trees.verify import history_text
    from wordle_cli.trees.verify import verify as check

    history = stored_history(tree_file, name)
    if state is not None:
        given = parse_history(state, len(answers[0]))
        if tree_file.summary.get("history") is not None and given != history:
            stored = history_text(history) if history else "none: it starts at the first guess"
            raise click.UsageError(f"--from differs from the history {name} stores ({stored})")
        history = given
    stats = check(tree_file, name, answers, allowed, hard=hard, max_guesses=max_guesses, history=history, weights=weights)
    return stats, history


def _prior_facts(tree, answers, weights) -> dict:
    """What a json tree built under a prior stores of it (its name, weighted total and weight); nothing when uniform."""
    weight = _weight_of(answers, weights)
    if weight is None:
        return {}
    stats = tree.stats(weight)
    return {"prior": weights.label, "weighted_total": stats.weighted_total, "weight": stats.weight}


def _weight_of(answers, weights):
    """answer -> weight under a prior, for the summaries' expected line; None when uniform (today's output)."""
    if weights.is_uniform:
        return None
    return dict(zip(answers, (int(w) for w in weights.weights)))


@tree_group.command("show")
@click.argument("file", metavar="FILE")
@choice_option(
    "--format",
    "fmt",
    choices=tuple(SHOW_DEPTH),
    default="text",
    help="text: the top levels, on the terminal. html: the whole tree as one page to open in a browser and explore. dot: Graphviz, for drawing.",
)
@count_option(
    "--depth",
    metavar="D",
    help="Levels of branches shown (text, default 1), drawn (dot, default 2) or open at first (html, default 1).",
)
@click.option("--output", "-o", metavar="FILE", default="-", show_default=True, help="Write the html or dot to FILE ('-': stdout).")
@plot_option("the histogram of guesses per answer")
@look_options
@tree_max_guesses_option
@state_option("The turns played before the tree's first guess, as for `tree verify` [default: the history a json tree stores; none].")
@game_options
@prior_options
@quiet_option
def show(file, fmt, depth, output, plot, tiles, color, max_guesses, state, game, answers, allowed, prior, puzzle_date, quiet):
    """Show a tree FILE (selby or json): its top levels as text, an HTML page to explore, or a drawing.

    Text: for each feedback, the answers left and the next guess, largest
    first. --format html writes one self-contained page (no network needed)
    with the whole tree: open it in a browser, open branches, find an answer.

    The tree is first checked as `tree verify` checks it, against the game's
    lists (--game, --answers, --allowed, --from, --max-guesses: give those the
    tree was built with); one that does not verify is still shown, after a
    one-line warning saying what is wrong with it.

    \b
      wordle tree show salet.tree --prior uniform --depth 2
      wordle tree show salet.tree --prior uniform --format html -o salet.html
      wordle tree show salet.tree --prior uniform --format dot --depth 2 | dot -Tsvg > salet.svg
    """
    from dataclasses import replace

    from wordle_cli.trees.formats import TreeFileError
    from wordle_cli.trees.position import read_tree_file
    from wordle_cli.wordlist import check_one_stdin

    reporter = Reporter(quiet)
    check_plot(plot)
    if fmt == "text" and output != "-":
        raise click.UsageError("--output is for --format html or dot; the text goes to stdout")
    check_distinct({"--output": output, "--plot": plot})
    check_one_stdin(file, answers, allowed, prior, names=("FILE", "--answers", "--allowed", "--prior"))
    tree_file, name = read_tree_file(file)
    answer_list, allowed_list = open_lists(reporter, game, answers, allowed, pool_date(prior, puzzle_date, game, answers))  # nothing to encode
    weights = open_prior(reporter, prior, puzzle_date, game, answers, answer_list.words)
    answer_words, kept = weights.kept(answer_list.words)
    weights = replace(weights, weights=kept, unlisted=0)
    label = lists_label(game, len(answer_list), answers, allowed)
    try:
        _checked(tree_file, name, answer_words, set(allowed_list.words), state, hard=False, max_guesses=max_guesses)
    except TreeFileError as exc:  # shown all the same, as it is
        reporter.warn(f"{exc} (not a valid tree for these lists: give show the --game, --answers, --allowed, --from, "
                      "--max-guesses it was built with)")
    depth = depth or SHOW_DEPTH[fmt]
    if fmt == "text":
        from wordle_cli.trees import report as tree_report

        colour = colour_wanted(color)
        with reader_may_go():
            weight = _weight_of(answer_words, weights)
            if weight is not None and any(a not in weight for a, _ in tree_file.tree.root.leaves(tree_file.tree.win)):
                reporter.warn(f"the tree has answers {weights.label} does not weigh: no expected guesses under it")
                weight = None
            lines = tree_report.show_lines(tree_file.tree, depth, tiles, colour, weight=weight, prior=weights.label)
            for line in lines:
                click.echo(line, color=colour)
    else:
        from wordle_cli.pictures import write_tree

        with reader_may_go(), AtomicOutput(output) as out:
            write_tree(tree_file.tree, out, fmt, depth=depth, title=f"Decision tree: {name}", lists=label)
    if plot is not None:
        from wordle_cli.pictures.charts import tree_chart

        tree_chart(plot, tree_file.tree.stats(), tree_file.tree.root.guess, label)
    if not weights.is_uniform:
        reporter.info(f"prior: {weights.label}")


def _threads(threads: int | None) -> int:
    """Search threads: --threads, else numba's (the machine's cores)."""
    if threads is not None:
        return threads
    from wordle_cli.backends import numba_module

    return numba_module().get_num_threads()


@tree_group.command("rank")
@click.option(
    "--openers",
    metavar="FILE|all",
    default="all",
    show_default=True,
    help="The openers to rank: every allowed word, or those in FILE (one per line).",
)
@hard_option
@tree_max_guesses_option
@top_k_option("Fast upper bounds: only the K most promising guesses at each step (proven=false).")
@count_option(
    "--cutoff",
    metavar="TOTAL",
    help="Stop each opener's search once its total is proven >= TOTAL (reported as >=TOTAL). "
    "Without it, the best total proven so far bounds the others.",
)
@click.option(
    "--exact",
    is_flag=True,
    help="Prove every opener's own optimum (no cutoff, no moving bound): a total for every row. Slow on full lists.",
)
@count_option("--workers", help="Worker processes of the local Dask cluster, at most 4 per core [default: the machine's cores].")
@count_option("--threads", help="numba threads per worker [default: 1; the search is serial, the workers are the parallelism].")
@click.option("--cluster", "address", metavar="ADDRESS", default=None, help="Use a running Dask scheduler, e.g. tcp://10.0.0.5:8786.")
@click.option("--dashboard", is_flag=True, help="Serve Dask's dashboard (needs bokeh) and print its address [default: none].")
@click.option(
    "--checkpoint",
    metavar="FILE",
    default=None,
    help="Append each finished opener to FILE; a run started again skips them "
    "[default: OUTPUT.checkpoint; none when OUTPUT is stdout or not a regular file].",
)
@click.option("--output", "-o", metavar="FILE", default="-", show_default=True, help="Write the CSV to FILE ('-': stdout).")
@plot_option("the ranked openers' totals (the best 40)")
@game_options
@prior_options
@backend_option
@quiet_option
def rank(
    openers, hard, max_guesses, top_k, cutoff, exact, workers, threads, address, dashboard, checkpoint, output, plot, game, answers,
    allowed, prior, puzzle_date, backend, quiet,
):
    """Rank openers by their optimal totals, with proof, on a Dask cluster.

    Each opener's decision tree is searched exactly (as `tree build --first`)
    by a worker of a local cluster (--workers, default: one per core) or of a
    running Dask scheduler (--cluster). The CSV, best first (ties by opener),
    has opener,total,average,proven,worst,seconds; proven is true (exact),
    false (--top-k upper bound) or cutoff (total >= the bound shown).
    With --exact every row has its proven total.

    \b
      wordle tree rank --openers top.txt --cutoff 11300 --prior uniform -o rank.csv   # today's lists
      wordle tree rank --exact --openers top.txt --prior uniform -o exact.csv
      wordle tree rank --cluster tcp://10.0.0.5:8786 --prior uniform -o all.csv   # all 14855
    """
    import os

    from wordle_cli import backends, interrupts
    from wordle_cli.trees import cluster as dask_cluster
    from wordle_cli.trees import rank as ranking

    if top_k and cutoff is not None:
        raise click.UsageError("--cutoff needs the exact search: a top-k search below a bound proves nothing")
    check_plot(plot)
    if exact and (top_k or cutoff is not None):
        raise click.UsageError(f"--exact proves every total: it takes no {'--top-k' if top_k else '--cutoff'}")
    if checkpoint is None and replaces_file(output):  # not beside /dev/null, a FIFO or stdout
        checkpoint = output + ".checkpoint"
    check_distinct({"--output": output, "--plot": plot, "--checkpoint": checkpoint})
    if address is None:
        if workers is not None and workers > dask_cluster.most_local_workers():
            raise click.BadParameter(
                f"{workers} is more than {dask_cluster.WORKERS_PER_CORE} workers per core "
                f"({dask_cluster.most_local_workers()} here); use --cluster for more", param_hint="'--workers'",
            )
        workers = workers or os.cpu_count() or 1
    else:
        dask_cluster.check_address(address)
    dask_cluster.check_environment()
    reporter = Reporter(quiet)
    made = open_weighed_game(reporter, game, answers, allowed, prior, puzzle_date)
    the_game, weights, answers_name = made.game, made.prior, made.answers_name
    chosen = _opener_list(openers, the_game, reporter)
    options = ranking.RankOptions(hard=hard, max_guesses=max_guesses, top_k=top_k, cutoff=cutoff, exact=exact)
    table_backend = backends.resolve(backend, pairs=len(the_game.candidates) * len(the_game.answers))
    inputs = ranking.make_inputs(the_game, options, table_backend, weights.solver_weights(), threads=threads or 1)
    saved = ranking.Checkpoint(checkpoint, inputs.digest, ranking.outcome_check(inputs)) if checkpoint else None
    try:
        wanted = set(chosen)
        finished = {w: o for w, o in (saved.load() if saved else {}).items() if w in wanted}
        todo = [w for w in ranking.promising_first(inputs, chosen) if w not in finished]
        reporter.info(
            f"{game}: {len(the_game.answers)} answers from {answers_name}; {len(chosen)} openers"
            + (f", {len(finished)} done in {checkpoint}" if finished else "")
        )
        outcomes = list(finished.values())
        if todo:
            progress = RankProgress(len(chosen), len(finished), quiet)
            try:
                with dask_cluster.Cluster(address, workers, dashboard=dashboard, quiet=quiet, threads=inputs.threads) as cluster:
                    where = address or f"a local cluster of {workers} worker{'s' if workers != 1 else ''}"
                    link = cluster.dashboard if dashboard else None
                    reporter.info(f"ranking {len(todo)} openers on {where}" + (f"; dashboard {link}" if link else ""))
                    if dashboard and not link:
                        reporter.warn("no dashboard: it needs bokeh (pip install bokeh)")
                    if saved is not None:
                        saved.open()  # once the cluster runs: a failed start leaves no new file
                    best = None
                    for outcome in outcomes:
                        best = ranking.better_bound(best, outcome)

                    def done(outcome):
                        if saved is not None:
                            saved.append(outcome)
                        progress(outcome)

                    outcomes += dask_cluster.rank_on(cluster, inputs, todo, done, best)
            except (KeyboardInterrupt, interrupts.Interrupted):
                if saved is not None:
                    reporter.warn(f"interrupted; finished openers are kept in {checkpoint}: run the same command again to go on")
                raise
            finally:
                progress.close()
    finally:
        if saved is not None:
            saved.close()
    rows = ranking.final_rows(outcomes, options, weights.total)
    with reader_may_go(), AtomicOutput(output) as out:
        out.write(ranking.csv_line(ranking.CSV_HEADER.split(",")))
        for row in rows:
            out.write(ranking.csv_line(row))
    if plot is not None:
        from wordle_cli.pictures.charts import rank_chart

        rank_chart(plot, rows, lists_label(game, len(the_game.answers), answers, allowed))
    reporter.info(f"ranked {len(rows)} openers in {reporter.elapsed():.1f} s" + (f"; best {rows[0][0]} {rows[0][1]}" if rows else ""))
    if (workers_line := ranking.worker_report(outcomes)) is not None:
        reporter.info(workers_line)
    reporter.info(f"prior: {weights.label}")


def _opener_list(openers: str, game, reporter) -> list[str]:
    """`all` (every candidate, in list order) or the words of a file, each one the game allows."""
    if openers == "all":
        return list(game.candidates)
    from wordle_cli.wordlist import read_word_list

    words = read_word_list(openers)
    reporter.dropped_duplicates(words)
    for word, line in zip(words.words, words.lines):
        if word not in game.candidate_index:
            raise click.UsageError(f"--openers {words.name} line {line}: {quote(word)} is not an allowed guess of the game")
    if not words.words:
        raise click.UsageError(f"--openers {words.name}: no words")
    return list(words.words)


class RankProgress(Progress):
    """Openers done / total, with the best total proven so far, on a terminal's stderr."""

    def __init__(self, total: int, done: int, quiet: bool):
        super().__init__(total, "ranking", quiet)
        self.done = done
        self.best = None

    def __call__(self, outcome) -> None:  # noqa: D102 - see class
        self.done += 1
        if outcome.kind == "exact" and (self.best is None or outcome.value < self.best[1]):
            self.best = (outcome.opener, outcome.value)
        if self.best is not None:
            self.label = f"ranking (best {self.best[0]} {self.best[1]})"
            if self._bar is not None:
                self._bar.label = self.label
        super().__call__(self.done)


def _add_opener() -> None:
    """`wordle tree opener` lives in its own module (cli/tree_opener.py)."""
    from wordle_cli.cli.tree_opener import opener

    tree_group.add_command(opener)


_add_opener()


def _within(limits) -> str:
    """What stopped a tree build (`trees.budget.Budget`): its work budget, or the wall clock (which varies)."""
    if limits.clocked:
        return f"by the {limits.clock.seconds:g} s wall-clock limit (another run may stop elsewhere)"
    if limits.units is not None:
        return f"within its budget of {limits.units:g} units of search work"
    return "within the limit"
