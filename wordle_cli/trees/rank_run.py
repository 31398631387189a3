"""`tree rank`'s run: the openers a checkpoint has not finished, ranked on a Dask cluster, each kept as it finishes.

The command checks its options and writes the CSV; everything between is `rank_openers`: the inputs every
worker needs (`rank.make_inputs`), the checkpoint's finished openers skipped, the rest in the order most
likely to find a good bound first (`rank.promising_first`), the cluster (`cluster.Cluster`), the moving bound
carried over from the checkpoint, and each outcome appended to the checkpoint as it comes. It says what it
does through a report (`output.Report`) and shows the openers done through the bar a caller hands it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from wordle_cli.output import Report


def rank_openers(
    setup, openers: Sequence[str], options, *, report: Report, checkpoint: str | None = None, address: str | None = None,
    workers: int = 1, dashboard: bool = False, quiet: bool = False, threads: int | None = None, progress: Callable | None = None,
) -> list:
    """The `rank.Outcome` of every opener of `openers` over a `setup.Setup`'s game under its prior, by `options`
    (`rank.RankOptions`): read back from `checkpoint` (a file; None: none) where finished there, else evaluated on
    the cluster at `address` (None: a local one of `workers` processes, `threads` numba threads each) and
    appended to it. `progress(total, done)` makes the bar told each outcome (closed when the cluster is done).
    """
    from wordle_cli import backends
    from wordle_cli.trees import rank as ranking

    game = setup.game
    table_backend = backends.resolve(setup.backend, pairs=len(game.candidates) * len(game.answers))
    inputs = ranking.make_inputs(game, options, table_backend, setup.prior.solver_weights(), threads=threads or 1)
    saved = ranking.Checkpoint(checkpoint, inputs.digest, ranking.outcome_check(inputs)) if checkpoint else None
    try:
        wanted = set(openers)
        finished = {w: o for w, o in (saved.load() if saved else {}).items() if w in wanted}
        todo = [w for w in ranking.promising_first(inputs, openers) if w not in finished]
        report.info(
            f"{game.name}: {len(game.answers)} answers from {setup.answers_name}; {len(openers)} openers"
            + (f", {len(finished)} done in {checkpoint}" if finished else "")
        )
        outcomes = list(finished.values())
        if todo:
            bar = progress(len(openers), len(finished)) if progress is not None else None
            try:
                outcomes += _on_cluster(inputs, todo, outcomes, saved, report=report, address=address, workers=workers,
                                        dashboard=dashboard, quiet=quiet, done=bar)
            finally:
                if bar is not None:
                    bar.close()
    finally:
        if saved is not None:
            saved.close()
    return outcomes


def _on_cluster(inputs, todo: list[str], finished: list, saved, *, report: Report, address, workers, dashboard, quiet, done) -> list:
    """The outcomes of `todo` on a cluster, the best of `finished` the moving bound's start; each appended to
    `saved` (a `rank.Checkpoint`, or None) and told to `done` as it comes. Stopped (Ctrl-C, a signal): the
    finished openers are kept, and the command run again goes on from them."""
    from wordle_cli import interrupts
    from wordle_cli.trees import cluster as dask_cluster
    from wordle_cli.trees import rank as ranking

    try:
        with dask_cluster.Cluster(address, workers, dashboard=dashboard, quiet=quiet, threads=inputs.threads) as cluster:
            where = address or f"a local cluster of {workers} worker{'s' if workers != 1 else ''}"
            link = cluster.dashboard if dashboard else None
            report.info(f"ranking {len(todo)} openers on {where}" + (f"; dashboard {link}" if link else ""))
            if dashboard and not link:
                report.warn("no dashboard: it needs bokeh (pip install bokeh)")
            if saved is not None:
                saved.open()  # once the cluster runs: a failed start leaves no new file
            best = None
            for outcome in finished:
                best = ranking.better_bound(best, outcome)

            def kept(outcome):
                if saved is not None:
                    saved.append(outcome)
                if done is not None:
                    done(outcome)

            return dask_cluster.rank_on(cluster, inputs, todo, kept, best)
    except (KeyboardInterrupt, interrupts.Interrupted):
        if saved is not None:
            report.warn(f"interrupted; finished openers are kept in {saved.path}: run the same command again to go on")
        raise
