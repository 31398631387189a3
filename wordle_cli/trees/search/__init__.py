"""The exact tree search: the fewest total guesses over all answers, with proof.

Weighted (`new_context(weights=...)`, one positive integer per answer), the
total is the sum of weight x guesses: the expected number of guesses under
that prior, times the weights' sum. All ones is the uniform search itself
(`Context.weighted` False: the very same code, trees and totals). Each room
says what its weighted case is; the bounds are in `bounds`.

`solve` returns, for a pool of possible answers, the minimum over decision
trees of the total number of guesses summed over the pool's answers (the
final all-exact guess counts; an answer found at turn k costs k). It is a
depth-first branch and bound in one self-recursive compiled function. Its
rooms, in the order a node visits them:

- `context`: the `Context` a run reads (by keyword: `new_context`) and the
  `Thresholds` where the search switches method (tests shrink them);
  `shared`: `INF`, `UNLIMITED` and the counters (`STAT_NAMES`).
- `memo`: pool -> (lower bound, exact value, best guess), exact on its key
  (the pool, the guesses left, hard mode's hints), under a byte budget.
- `bounds`: lower bounds (a class's, a guess's from its partition) and the
  pools settled with no search (an answer splitting them into singletons:
  2n - 1; into singletons and a pair: 2n).
- `endgame`: a family of answers alike but in one position (_atch) that
  cannot be told apart in the guesses left (lost), or only just (its
  value is bounded first, alone).
- `scans`: every candidate's partition by counts (pairwise for small pools,
  a histogram for big ones): classes, win, squares, a column hash.
- `candidates`: what the counts settle (a non-answer splitting the pool
  into singletons: 2n; a guess meeting the least bound exactly), the
  useful candidates kept (twins dropped), passed down, ordered best first
  (2·sum(c²) + n·bound).
- `dominance`: a guess whose partition a one-letter neighbour refines is
  never tried (and not passed down when the refiner comes first).
- `classes`: one candidate's classes, and a quick pass lifting their bounds
  from the memo and answer splits before any deep work.
- `recursion`: `solve`, a node's steps in order, each a kernel named as
  docs/spec.md §8 walks them (the memo, the endgame, the candidates' scan,
  the quick pass, the class loop, the cut): candidates tried best first,
  each class smallest first in the window the others leave (beta), a
  candidate stopped as soon as its partial sum reaches the best total so far.
- `hardmode`: the hints a feedback reveals and the candidates they allow.
- `heap`, `prepare` (tables made once per problem), `extract` (the tree
  read back from the memo).
- `profile`: where the time goes, per turn (`new_context(profile=True)`,
  benchmarks/profile_search.py); off, each count is one untaken branch.

A new bound goes into `bounds` (and is used where `candidates.survey`/`keep`
or `classes.quick_pass` compute bounds); a new settled case into `bounds`
and `solve`'s settled section; a new way to drop candidates beside
`dominance`. Each threshold is a `Thresholds` field, so a test can make a
tiny game take every path (tests/test_search_paths.py).

`solve(..., beta)` returns the exact minimum when it is below beta, else a
lower bound of it that is at least beta. Ties go to the first guess in a
fixed order: a possible answer splitting the pool into singletons (pool
order), then a possible answer leaving singletons and one pair, then any
word splitting the pool into singletons (candidate order), then a guess
whose classes all have 1 or 2 answers and that meets the least lower bound
(candidate order), then the best-first order above (ties in it: candidate
order). The same inputs always give the same tree. Weighted, the first is
the heaviest answer splitting the pool into singletons (ties: pool order)
when no other answer can do better, of two answers the heavier is guessed
first, and the order's squares are weighted (`scans`).

With `top_k` > 0 only the first k candidates of that order are tried at
each node: a fast upper bound (the "semi-exhaustive" search), not a proof.
"""

from wordle_cli.trees.search.bounds import class_bound
from wordle_cli.trees.search.context import Context, Thresholds, checked_weights, new_context
from wordle_cli.trees.search.extract import extract
from wordle_cli.trees.search.hardmode import allowed, allowed_at, hints_after
from wordle_cli.trees.search.prepare import families, max_patterns, neighbour_lists, transposed
from wordle_cli.trees.search.recursion import solve
from wordle_cli.trees.search.scans import useful
from wordle_cli.trees.search.shared import INF, STAT_NAMES, UNLIMITED, WORK

__all__ = [
    "INF", "STAT_NAMES", "UNLIMITED", "WORK", "Context", "Thresholds", "allowed", "allowed_at", "checked_weights", "class_bound", "extract",
    "families", "hints_after", "max_patterns", "neighbour_lists", "new_context", "solve", "transposed", "useful",
]
