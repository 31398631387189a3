"""Remake `data/prior_openers.json`: the proven best opener under the nyt prior of the day after the shipped history.

`python -m wordle_cli.trees.recompute_opener` (run by `make data`) fits the
nyt prior for that day on the shipped history alone (never a user's updated
copy), proves the best opener over every allowed guess in normal mode
(`trees.opener.prove_opener`, no time limit) and writes the table afresh,
each entry with the digests of the lists and weights it was proven for.
`--hard` adds hard mode's entry. Kept apart from `opener_store` so that the
table's readers never import the prior's model.
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


def prior_game(date: dt.date):
    """(game, AnswerWeights) of the nyt prior for `date` on the shipped history, as `--prior nyt --date` weighs it
    (answers of weight 0 left out of the pool)."""
    from wordle_cli import history
    from wordle_cli.model.game import Game, load_lists
    from wordle_cli.model.weights import from_probabilities
    from wordle_cli.prior import nyt_probabilities

    answers, allowed = load_lists(GAME, None, None, date)  # the pool of that date: the history's past answers joined
    probabilities = nyt_probabilities(date, answers.words, history.shipped_days())
    weights = from_probabilities(probabilities, f"nyt prior for {date.isoformat()}")
    kept, kept_weights = weights.kept(answers.words)
    return Game(GAME, kept, allowed.words), replace(weights, weights=kept_weights, unlisted=0)


def entry(date: dt.date, hard: bool, log=None, time_limit: float | None = None) -> dict:
    """The table's entry for the nyt prior of `date` in one mode, proven now (within `time_limit` s: else bounded)."""
    from wordle_cli.trees.budget import Deadline
    from wordle_cli.trees.builder import Problem
    from wordle_cli.trees.opener import prove_opener

    game, weights = prior_game(date)
    problem = Problem(game, hard=hard, max_guesses=MAX_GUESSES, weights=weights.weights)
    result = prove_opener(problem, Deadline(time_limit), first=opener_store.uniform_leaders(game, hard, MAX_GUESSES), log=log)
    if log is not None:
        log(f"{date} {'hard' if hard else 'normal'}: {result.opener} {result.total} / {result.weight} "
            f"({result.proof_text()}) in {result.seconds:.1f} s")
    return {
        "game": GAME, "date": date.isoformat(), "prior": weights.label, "hard": hard, "max_guesses": MAX_GUESSES,
        "answers": tables.digest(game.answers), "candidates": tables.digest(game.candidates),
        "weights": opener_store.weights_digest(weights.weights), **opener_store.entry_of(result),
    }


def document(entries: list[dict]) -> dict:
    return {"made_by": "python -m wordle_cli.trees.recompute_opener", "entries": entries}


def main(argv: list[str]) -> int:
    """`[--hard] [--time-limit SECONDS]`: hard mode's entry too; a limit on each search over every guess."""
    hard_too = "--hard" in argv
    limit = float(argv[argv.index("--time-limit") + 1]) if "--time-limit" in argv else None
    date = shipped_day()
    log = lambda line: print(line, file=sys.stderr, flush=True)  # noqa: E731
    entries = [entry(date, False, log, limit)] + ([entry(date, True, log, limit)] if hard_too else [])
    tables.write(opener_store.TABLE, document(entries))
    log(f"wrote {tables.path(opener_store.TABLE)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
