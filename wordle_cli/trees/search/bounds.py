"""Lower bounds, and the pools whose exact value needs no search.

Costs count guesses summed over a pool's answers, from the next guess on.
- `class_bound`: any class of `size` answers costs at least 1 guess each,
  a second for all but one, and a third for those past the most feedbacks
  one guess can show (`max_patterns`).
- `candidate_bound`: a guess's bound from its partition alone (the scans'
  counts), the sum of its classes' bounds.
- `answer_split`: pools that one of their own answers splits into
  singletons (2n - 1) or into singletons and one pair (2n) are settled
  exactly, with no search.
"""

from __future__ import annotations

from wordle_cli.compiled import compiled


@compiled
def class_bound(size, max_patterns):
    """Lower bound on the guesses a class of `size` answers costs, this guess included."""
    if size == 1:
        return 2
    if size == 2:
        return 5
    return size + 2 * size - 1 + max(0, size - max_patterns)


@compiled
def candidate_bound(n, classes, won, excess):
    """Lower bound on a pool of n answers' total with one guess first that makes `classes` classes (the win
    among them when `won` is 1), `excess` answers past max_patterns in its classes: n for the guess, then per
    class of s answers 2s - 1 and its excess (the win class: nothing more)."""
    return 3 * n - classes - won + excess


@compiled
def answer_split(ctx, pool, depth, count):
    """(2n - 1, c): possible answer c splits the pool into singletons; (2n, c): into singletons and one pair
    (first in pool order); (0, -1): neither. `count` is zero on entry and on return."""
    n = pool.shape[0]
    pair = -1
    for i in range(n):
        c = ctx.answer_cand[pool[i]]
        collisions = 0
        for j in range(n):
            x = ctx.table[pool[j], c]
            count[x] += 1
            if count[x] > 1:
                collisions += 1
        for j in range(n):
            count[ctx.table[pool[j], c]] = 0
        if collisions == 0:
            return 2 * n - 1, c
        if collisions == 1 and pair < 0:
            pair = c
    if pair >= 0 and depth >= 3:
        return 2 * n, pair
    return 0, -1
