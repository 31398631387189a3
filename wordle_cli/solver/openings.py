"""Memoised openings: the first guess of each strategy on the default games.

The opening depends only on the lists (in order), the strategy and
--pool-only (hard mode has no constraints yet), and scoring every candidate
against every answer takes most of a second on two cores, longer than
`solve` or a `play` step may take. So the openings of the shipped games are
kept here, keyed by a digest of the exact lists; any other lists miss the
table and are scored as usual. tests/test_solver.py recomputes every entry,
and `python -m wordle_cli.solver.recompute_openings` prints the table afresh.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence

from wordle_cli.solver.strategy import SCORED_STRATEGIES

#: (answers digest, candidates digest or "" with --pool-only) -> the opening of each of SCORED_STRATEGIES
OPENINGS: dict[tuple[str, str], tuple[str, ...]] = {
    # nyt: today's New York Times answers (3158) and allowed guesses (14855)
    ("761b933d6047bfcc", "a7898cd20f36686d"): ("roate", "tarse", "aloes"),
    ("761b933d6047bfcc", ""): ("raise", "raise", "arose"),
    # wordle: the answers (2315) and allowed guesses (12972) of 2022
    ("5209b35f823f8b80", "498f38211e3bafbf"): ("roate", "soare", "raise"),
    ("5209b35f823f8b80", ""): ("raise", "raise", "raise"),
    # primel: the five-digit primes (8363) as both lists
    ("b1a5ed1b6a4511f1", "b1a5ed1b6a4511f1"): ("17923", "12953", "32971"),
    ("b1a5ed1b6a4511f1", ""): ("17923", "12953", "32971"),
}

# (answers digest, candidates digest or "", strategy) -> opening
TABLE: dict[tuple[str, str, str], str] = {
    (*lists, strategy): word for lists, words in OPENINGS.items() for strategy, word in zip(SCORED_STRATEGIES, words)
}


def digest(words: Sequence[str]) -> str:
    return hashlib.sha256("\n".join(words).encode("utf-8")).hexdigest()[:16]


def key(game, strategy: str, pool_only: bool) -> tuple[str, str, str]:
    cached = getattr(game, "_digests", None)
    if cached is None:
        cached = game._digests = (digest(game.answers), digest(game.candidates))
    return (cached[0], "" if pool_only else cached[1], strategy)


#: The optimal strategy's first guess, from published exhaustive proofs (too long for the
#: tests to recompute): Alex Selby's rankings of every opener on these lists, by total
#: guesses with at most 6 per answer, at github.com/alex1770/wordle. wordle (2022):
#: normal.top105.proven, salet 7920; hard.top101.proven, salet 8122. nyt:
#: results_easy_nyt20230701, tarse 11219; results_hard_nyt20230701, tarse 11627 (the tarse
#: totals proven by this tool too: reviewer/exact.KNOWN_BEST, checked by a slow test).
#: `wordle tree rank` re-derives them. (answers digest, candidates digest, hard) -> opening
PROVEN_OPTIMAL: dict[tuple[str, str, bool], str] = {
    ("761b933d6047bfcc", "a7898cd20f36686d", False): "tarse",
    ("761b933d6047bfcc", "a7898cd20f36686d", True): "tarse",
    ("5209b35f823f8b80", "498f38211e3bafbf", False): "salet",
    ("5209b35f823f8b80", "498f38211e3bafbf", True): "salet",
}


def lookup(game, strategy: str, pool_only: bool, hard: bool = False) -> str | None:
    """The memoised opening, or None when these lists are not in the table."""
    if strategy == "optimal":
        answers, candidates, _ = key(game, strategy, pool_only)
        return PROVEN_OPTIMAL.get((answers, "" if pool_only else candidates, hard))
    return TABLE.get(key(game, strategy, pool_only))
