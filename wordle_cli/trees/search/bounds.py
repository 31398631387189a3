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
All ones gives back the numbers above.
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
    (first in pool order); (0, -1): neither. `count` is zero on entry and on return."""
    if ctx.weighted:
        return _weighted_answer_split(ctx, pool, depth, count)
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


@compiled
def _weighted_answer_split(ctx, pool, depth, count):
    """`answer_split` weighted: (2W - w, c) for the heaviest answer c splitting the pool into singletons
    (first in pool order) when no other answer can do better (one that does not split it costs at least
    2W - w_a + l); with no such c, (2W - h + l, c) for the first c leaving singletons and a pair whose lighter
    answer weighs l (the least any tree costs then; no other pair split is settled); else (0, -1)."""
    n = pool.shape[0]
    total, heaviest, lightest = pool_weight(ctx, pool)
    least = 2 * total - heaviest + lightest  # the least cost when no answer splits the pool into singletons
    split = -1
    split_w = 0
    gap = 0  # the most a non-splitting answer saves on 2W: w_a - l
    pair = -1
    for i in range(n):
        c = ctx.answer_cand[pool[i]]
        w = ctx.weights[pool[i]]
        collisions = 0
        pair_code = -1
        for j in range(n):
            x = ctx.table[pool[j], c]
            count[x] += 1
            if count[x] > 1:
                collisions += 1
                pair_code = x
        for j in range(n):
            count[ctx.table[pool[j], c]] = 0
        if collisions == 0:
            if w > split_w:
                split = c
                split_w = w
            continue
        gap = max(gap, w - lightest)
        if collisions == 1 and pair < 0 and split < 0:
            lighter = heaviest
            for j in range(n):
                if ctx.table[pool[j], c] == pair_code:
                    lighter = min(lighter, ctx.weights[pool[j]])
            if 2 * total - w + lighter == least:
                pair = c
    if split >= 0:
        return (2 * total - split_w, split) if split_w >= gap else (0, -1)
    if pair >= 0 and depth >= 3:
        return least, pair
    return 0, -1
