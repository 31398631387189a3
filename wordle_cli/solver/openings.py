"""Memoised openings: the first guess of each strategy on the default games.

The opening depends only on the lists (in order), the strategy and
--pool-only (hard mode has no constraints yet), and scoring every candidate
against every answer takes most of a second on two cores, longer than
`solve` or a `play` step may take. So the openings of the shipped games are
kept in `data/openings.json`, each with the digests of the lists it was
made for; any other lists miss the table and are scored as usual. The
optimal strategy's opener comes from `data/known_best.json` (published
proofs). `python -m wordle_cli.solver.recompute_openings` remakes both, and
tests/test_solver.py checks the shipped files are what it makes.
"""

from __future__ import annotations

from wordle_cli import tables
from wordle_cli.solver.strategy import SCORED_STRATEGIES

OPENINGS_FILE = "openings.json"
KNOWN_BEST_FILE = "known_best.json"

digest = tables.digest


def _openings() -> dict[tuple[str, str, str], str]:
    table = {}
    for game in tables.read(OPENINGS_FILE)["games"]:
        for strategy in SCORED_STRATEGIES:
            table[(game["answers"], game["candidates"], strategy)] = game["openings"][strategy]
            table[(game["answers"], "", strategy)] = game["pool_only"][strategy]
    return table


def _known_best() -> tuple[dict[tuple[str, str, bool], str], dict[tuple[str, str, bool, int | None], tuple[int, str]]]:
    document = tables.read(KNOWN_BEST_FILE)
    optimal, proven = {}, {}
    for entry in document["entries"]:
        lists = (entry["answers"], entry["candidates"], entry["hard"])
        optimal[lists] = entry["opener"]
        if entry["total"] is not None:
            proven[(*lists, document["max_guesses"])] = (entry["total"], entry["opener"])
    return optimal, proven


#: (answers digest, candidates digest or "" with --pool-only, strategy) -> opening
TABLE: dict[tuple[str, str, str], str] = _openings()

#: The optimal strategy's first guess, from published exhaustive proofs (too long for the tests to recompute;
#: `wordle tree rank` re-derives them): (answers digest, candidates digest, hard) -> opening. And the totals this
#: tool has proven too: (answers digest, candidates digest, hard, guess limit) -> (total, opener).
PROVEN_OPTIMAL, KNOWN_BEST = _known_best()


def key(game, strategy: str, pool_only: bool) -> tuple[str, str, str]:
    cached = getattr(game, "_digests", None)
    if cached is None:
        cached = game._digests = (digest(game.answers), digest(game.candidates))
    return (cached[0], "" if pool_only else cached[1], strategy)


#: The most words an answers list may add to a tabled one and still take its optimal opener under a prior (`lookup`).
MOST_ADDED = 16


def lookup(game, strategy: str, pool_only: bool, hard: bool = False, extended: bool = False) -> str | None:
    """The memoised opening, or None when these lists are not in the table.

    `extended` (the optimal strategy under a prior, whose opener is the uniform
    book's and not proven anyway): answers that are a tabled list followed by
    a few more words (the nyt pool's past answers, `model.game.load_lists`)
    take that list's optimal opener.
    """
    if strategy == "optimal":
        answers, candidates, _ = key(game, strategy, pool_only)
        found = PROVEN_OPTIMAL.get((answers, "" if pool_only else candidates, hard))
        for added in range(1, MOST_ADDED + 1) if extended and found is None else ():
            if added >= len(game.answers):
                break
            found = PROVEN_OPTIMAL.get((digest(game.answers[:-added]), "" if pool_only else candidates, hard))
            if found is not None:
                break
        return found
    return TABLE.get(key(game, strategy, pool_only))
