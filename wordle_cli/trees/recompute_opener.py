"""Remake `data/prior_openers.json`: the proven best opener under the nyt prior of the day after the shipped history.

`python -m wordle_cli.trees.recompute_opener` (run by `make data`) fits the
nyt prior for that day on the shipped history alone (never a user's updated
copy), proves the best opener over every allowed guess in normal and in
hard mode (`trees.opener.prove_opener`, no time limit, on a local cluster of
one worker per core) and writes the table afresh, each entry with the
digests of the lists and weights it was proven for. Each proof is
checkpointed in the user's cache folder as `wordle tree opener`'s is, so an
interrupted run resumes, and a proof already in the cache (proven, not only
bounded) is taken from there. `--normal` makes normal mode's entry alone,
`--time-limit S` bounds each proof, `--workers N` sets the cluster's size.
Kept apart from `opener_store` so that the table's readers never import the
prior's model.
"""

from __future__ import annotations

import datetime as dt
import sys
from dataclasses import replace

from wordle_cli import tables
from wordle_cli.trees import opener_store

#: The game whose lists the table is made for, and the guess limit (the game's rows).
GAME = "nyt"
MAX_GUESSES = 6


def shipped_day() -> dt.date:
    """The day after the shipped history ends: the prior every user has before `wordle history update`."""
    from wordle_cli import history

    return history.last(history.shipped_days()).date + dt.timedelta(days=1)


def prior_game(date: dt.date, days=None):
    """(game, AnswerWeights) of the nyt prior for `date` on the shipped history (or on `days`: the user's, as every
    command has it), as `--prior nyt --date` weighs it (answers of weight 0 left out of the pool)."""
    from wordle_cli import history
    from wordle_cli.model.game import Game, load_lists
    from wordle_cli.model.weights import from_probabilities
    from wordle_cli.prior import nyt_probabilities

    answers, allowed = load_lists(GAME, None, None, date)  # the pool of that date: the history's past answers joined
    probabilities = nyt_probabilities(date, answers.words, history.shipped_days() if days is None else days)
    weights = from_probabilities(probabilities, f"nyt prior for {date.isoformat()}")
    kept, kept_weights = weights.kept(answers.words)
    return Game(GAME, kept, allowed.words), replace(weights, weights=kept_weights, unlisted=0, date=date)


def entry(date: dt.date, hard: bool, log=None, time_limit: float | None = None, workers: int | None = None) -> dict:
    """The table's entry for the nyt prior of `date` in one mode, proven now (within `time_limit` s: else bounded)."""
    from wordle_cli.cache_folder import cache_dir

    game, weights = prior_game(date)
    problems: list[str] = []
    result = opener_store.find(  # a proof the cache holds (this program's own, stopped and run again) is not made again
        game, weights.weights, hard=hard, max_guesses=MAX_GUESSES, time_limit=time_limit, cache_root=cache_dir(), use_shipped=False,
        date=date, workers=workers, problems=problems, log=log, quiet=True,
    )
    if log is not None:
        for problem in problems:
            log(f"warning: {problem}")
        log(f"{date} {'hard' if hard else 'normal'}: {result.headline()} (weighted total {result.total} / {result.weight}) "
            f"in {result.seconds:.1f} s")
    return {
        "game": GAME, "date": date.isoformat(), "prior": weights.label, "hard": hard, "max_guesses": MAX_GUESSES,
        "answers": tables.digest(game.answers), "candidates": tables.digest(game.candidates),
        "weights": opener_store.weights_digest(weights.weights), **opener_store.entry_of(result, date),
    }


def document(entries: list[dict]) -> dict:
    return {"made_by": "python -m wordle_cli.trees.recompute_opener", "entries": entries}


def main(argv: list[str]) -> int:
    """`[--normal] [--time-limit SECONDS] [--workers N]`: normal mode alone; a limit on each proof; the cluster's size.
    A typo, or `--help`, never starts the hour-long proof."""
    import argparse

    parser = argparse.ArgumentParser(prog="python -m wordle_cli.trees.recompute_opener", description=__doc__.strip(),
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--normal", action="store_true", help="normal mode's entry alone")
    parser.add_argument("--time-limit", type=float, metavar="SECONDS", help="a limit on each proof (else bounded)")
    parser.add_argument("--workers", type=int, metavar="N", help="the local Dask cluster's size")
    try:
        args, unknown = parser.parse_known_args(argv)
    except SystemExit as done:  # --help (0), or a value argparse refused, said on stderr (2)
        return int(done.code or 0)
    if unknown:
        print(f"{parser.format_usage().rstrip()}\nerror: unknown argument {unknown[0]!r}", file=sys.stderr)
        return 2
    modes = (False,) if args.normal else (False, True)
    limit, workers = args.time_limit, args.workers
    date = shipped_day()
    log = lambda line: print(line, file=sys.stderr, flush=True)  # noqa: E731
    entries = [entry(date, hard, log, limit, workers) for hard in modes]
    tables.write(opener_store.TABLE, document(entries))
    log(f"wrote {tables.path(opener_store.TABLE)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
