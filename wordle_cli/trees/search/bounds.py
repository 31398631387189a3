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

Weighted (`Context.weighted`), a cost is the sum of weight x guesses, and
for a class of total weight W, heaviest answer h, lightest l: the first
guess finds at most one answer, so the rest need 2 or more: 2W - h; a
guess that is an answer but does not split the class into singletons
leaves some answer a third guess: 2W - h + l (as is a non-answer's 2W).
An answer's partition bounds it exactly enough to settle a pool whose best
answer splits it into singletons (and pairs) and no other can beat it.
All ones gives back the numbers above.
"""

from __future__ import annotations

import numpy as np

from wordle_cli.compiled import compiled
from wordle_cli.trees.search.shared import INF


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
def weighted_class_bound(total, heaviest, lightest, size, max_patterns):
    """`class_bound` weighted: the class's weight for this guess, 2W - h after it, and the answers past
    max_patterns a third guess each (at least the lightest's weight)."""
    return 3 * total - heaviest + max(0, size - max_patterns) * lightest


@compiled
def weighted_candidate_bound(total, maxima, won_weight, excess, lightest):
    """`candidate_bound` weighted: W for the guess, then per class 2W_k - h_k (`maxima`: the sum of the
    classes' heaviest weights; the win class, of weight `won_weight`, nothing more) and `excess` answers at
    least the lightest weight each."""
    return 3 * total - maxima - won_weight + excess * lightest


@compiled
def pool_weight(ctx, pool):
    """(total, heaviest, lightest) weight of the pool's answers; (n, 1, 1) when uniform."""
    n = pool.shape[0]
    if not ctx.weighted:
        return n, 1, 1
    total = 0
    heaviest = 0
    lightest = ctx.weights[pool[0]]
    for j in range(n):
        w = ctx.weights[pool[j]]
        total += w
        heaviest = max(heaviest, w)
        lightest = min(lightest, w)
    return total, heaviest, lightest


@compiled
def answer_split(ctx, pool, depth, count):
    """(2n - 1, c): possible answer c splits the pool into singletons; (2n, c): into singletons and one pair
    (first in pool order); (0, -1): neither (weighted: `_weighted_answer_split`). `count` is zero on entry and
    on return."""
    if ctx.weighted:
        return _weighted_answer_split(ctx, pool, depth, count)
    n = pool.shape[0]
    pair = -1
    for i in range(n):
        c = ctx.answer_cand[pool[i]]
        collisions = 0
        seen = n
        for j in range(n):
            x = ctx.table[pool[j], c]
            count[x] += 1
            if count[x] > 1:
                collisions += 1
                if collisions > 1:  # neither singletons nor one pair: the rest of its classes do not matter
                    seen = j + 1
                    break
        for j in range(seen):
            count[ctx.table[pool[j], c]] = 0
        if collisions == 0:
            return 2 * n - 1, c
        if collisions == 1 and pair < 0:
            pair = c
    if pair >= 0 and depth >= 3:
        return 2 * n, pair
    return 0, -1


@compiled
def _weighted_answer_split(ctx, pool, depth, count):
    """`answer_split` weighted: (value, c) for the answer c whose partition settles the pool: its classes all
    singletons (2W - w_c), or singletons and pairs when 3 guesses are left (each pair's lighter answer one
    more), and no answer's bound (2W - w_a + the weight of every answer not the heaviest of its class) nor a
    non-answer's (2W) below it; ties in pool order. Else (a lower bound of the pool's value, -1)."""
    n = pool.shape[0]
    total, _, _ = pool_weight(ctx, pool)
    lowest = 2 * total  # a guess that is no answer: every answer needs 2 guesses or more
    best = INF
    best_c = -1
    heaviest = np.zeros(ctx.win + 1, dtype=np.int64)  # per feedback: the heaviest answer's weight (all 0 on return)
    for i in range(n):
        c = ctx.answer_cand[pool[i]]
        extra = 0  # the weight of the answers that are not the heaviest of their class: a third guess at least
        biggest = 1
        for j in range(n):
            x = ctx.table[pool[j], c]
            w = ctx.weights[pool[j]]
            count[x] += 1
            biggest = max(biggest, count[x])
            top = heaviest[x]
            extra += min(top, w)
            heaviest[x] = max(top, w)
        for j in range(n):
            x = ctx.table[pool[j], c]
            count[x] = 0
            heaviest[x] = 0
        bound = 2 * total - ctx.weights[pool[i]] + extra
        lowest = min(lowest, bound)
        if (biggest == 1 or (biggest == 2 and depth >= 3)) and bound < best:
            best = bound
            best_c = c
    if best_c >= 0 and best <= lowest:
        return best, best_c
    return lowest, -1
