"""Cheap lower bounds on an opener's total: what lets the proof of the best opener cut most openers with no search.

Totals are sums over the answers of weight x guesses (all weights 1: the
uniform count), every bound valid in any mode and under any guess limit.
With W the answers' weight, and per feedback class c of the opener W_c its
weight and h_c its heaviest answer's:

- **simple**: the opener costs W; every other class's answers need a second
  guess, and all but one of them a third: W + sum over classes (2 W_c - h_c).
  Never above 3W, so it cuts nothing once the best total is above 3W (the
  nyt prior's best is 3.098 W);
- **two-ply**: each class's own best second guess g under the same bound, its
  subclasses each 2 W_s - h_s and the answer g finds nothing more:
  W + sum over classes min over g (W_c + sum over g's subclasses (2 W_s - h_s)).
  In hard mode the minimum runs over the guesses the class's hints allow
  (its greens in place, its revealed letters reused), as the game does.

`two_ply_bounds` works class by class, heaviest first, and stops an opener
as soon as its bound reaches the cutoff (`beta`); in a class it reads each
second guess's answers heaviest first and drops the guess once even every
answer left opening a subclass of its own could not beat the best guess so
far. The kernels are plain `@compiled` functions: no search state is shared.
"""

from __future__ import annotations

import numpy as np

from wordle_cli.compiled import compiled

#: Candidates whose classes the simple bound counts at once (their counters: BLOCK x codes, in cache).
BLOCK = 64


@compiled
def simple_bounds(by_answer, weights, win, out):
    """out[c] = the simple bound of every candidate c as an opener (by_answer: (A, C) feedback codes)."""
    n_answers, n_cands = by_answer.shape
    n_codes = win + 1
    total = 0
    for a in range(n_answers):
        total += weights[a]
    sums = np.zeros((BLOCK, n_codes), dtype=np.int64)
    heavy = np.zeros((BLOCK, n_codes), dtype=np.int64)
    for first in range(0, n_cands, BLOCK):
        width = min(BLOCK, n_cands - first)
        sums[:] = 0
        heavy[:] = 0
        for a in range(n_answers):
            w = weights[a]
            for k in range(width):
                x = by_answer[a, first + k]
                sums[k, x] += w
                if w > heavy[k, x]:
                    heavy[k, x] = w
        for k in range(width):
            bound = total
            for x in range(n_codes):
                if x != win and sums[k, x] > 0:
                    bound += 2 * sums[k, x] - heavy[k, x]
            out[first + k] = bound


@compiled
def two_ply_bounds(by_answer, weights, answer_cand, win, openers, beta, out, hard, cand_codes, cand_counts):
    """out[i] = the two-ply bound of openers[i], or a bound >= beta reached on the way (see the module).

    `hard`: second guesses only where the class's hints allow them (`cand_codes`: (C, L) symbols, 1 and up;
    `cand_counts`: (C, symbols + 1) copies of each symbol in each candidate).
    """
    n_answers, n_cands = by_answer.shape
    n_codes = win + 1
    length = cand_codes.shape[1]
    greens = np.zeros(length, dtype=np.int64)
    mins = np.zeros(cand_counts.shape[1], dtype=np.int64)
    by_weight = np.argsort(-weights, kind="mergesort")  # heaviest first, ties in answer order
    count = np.zeros(n_codes, dtype=np.int64)
    sums = np.zeros(n_codes, dtype=np.int64)
    heavy = np.zeros(n_codes, dtype=np.int64)
    start = np.zeros(n_codes + 1, dtype=np.int64)
    fill = np.zeros(n_codes, dtype=np.int64)
    pools = np.empty(n_answers, dtype=np.int64)
    suffix = np.empty(n_answers + 1, dtype=np.int64)
    stamp = np.zeros(n_codes, dtype=np.int64)
    found_by = np.zeros(n_cands, dtype=np.int64)  # a class's answers' weights at their own candidate columns
    generation = np.zeros(1, dtype=np.int64)
    total = 0
    for a in range(n_answers):
        total += weights[a]
    for i in range(openers.shape[0]):
        o = openers[i]
        count[:] = 0
        sums[:] = 0
        heavy[:] = 0
        for a in range(n_answers):
            x = by_answer[a, o]
            count[x] += 1
            sums[x] += weights[a]
            if weights[a] > heavy[x]:
                heavy[x] = weights[a]
        bound = total
        n_big = 0
        for x in range(n_codes):
            if x != win and count[x] > 0:
                bound += 2 * sums[x] - heavy[x]
                if count[x] >= 3:  # one or two answers: the simple bound is their value
                    n_big += 1
        big = np.empty(n_big, dtype=np.int64)
        keys = np.empty(n_big, dtype=np.int64)
        m = 0
        for x in range(n_codes):
            start[x + 1] = start[x] + count[x]
            fill[x] = start[x]
            if x != win and count[x] >= 3:
                big[m] = x
                keys[m] = -sums[x]
                m += 1
        for k in range(n_answers):
            a = by_weight[k]
            x = by_answer[a, o]
            pools[fill[x]] = a
            fill[x] += 1
        order = np.argsort(keys, kind="mergesort")  # the heaviest classes first: they raise the bound most
        for j in range(n_big):
            if bound >= beta:
                break
            x = big[order[j]]
            pool = pools[start[x] : start[x + 1]]
            simple = 2 * sums[x] - heavy[x]
            if hard:
                _hints(cand_codes, o, x, greens, mins)
            bound += _class_two_ply(by_answer, weights, answer_cand, pool, suffix, stamp, found_by, generation, hard,
                                    cand_codes, cand_counts, greens, mins) - simple
        out[i] = bound


@compiled
def _hints(cand_codes, guess, code, greens, mins):
    """Hard mode's hints after `guess` got feedback `code` in a fresh game, into `greens` and `mins`
    (as `search.hints_after`: the first position is the code's most significant digit)."""
    greens[:] = 0
    mins[:] = 0
    for i in range(cand_codes.shape[1] - 1, -1, -1):
        tile = code % 3
        code //= 3
        symbol = cand_codes[guess, i]
        if tile == 2:
            greens[i] = symbol
        if tile != 0:
            mins[symbol] += 1


@compiled
def _allowed(cand_codes, cand_counts, g, greens, mins):
    """Whether candidate g keeps the hints: every green in place, every revealed symbol as often."""
    for i in range(greens.shape[0]):
        if greens[i] != 0 and cand_codes[g, i] != greens[i]:
            return False
    for s in range(mins.shape[0]):
        if mins[s] != 0 and cand_counts[g, s] < mins[s]:
            return False
    return True


@compiled
def _class_two_ply(by_answer, weights, answer_cand, pool, suffix, stamp, found_by, generation, hard, cand_codes, cand_counts,
                   greens, mins):
    """A class's least cost from its second guess on (pool: its answers, heaviest first), by the two-ply bound.

    With g second, the cost is 3 W_c - f(g), f(g) = the weight g finds at
    once + the heaviest answer of each of g's subclasses (the found one's
    included): the least cost is 3 W_c - max f. Never below 2 W_c - h_c,
    where f = W_c + h_c stops the scan.
    """
    n = pool.shape[0]
    suffix[n] = 0
    for j in range(n - 1, -1, -1):
        suffix[j] = suffix[j + 1] + weights[pool[j]]
    class_weight = suffix[0]
    for j in range(n):
        found_by[answer_cand[pool[j]]] = weights[pool[j]]
    cap = class_weight + weights[pool[0]]
    best = 0
    for g in range(by_answer.shape[1]):
        if hard and not _allowed(cand_codes, cand_counts, g, greens, mins):
            continue
        generation[0] += 1
        mark = generation[0]
        f = found_by[g]
        for j in range(n):
            if f + suffix[j] <= best:
                break  # even every answer left heading a subclass of its own could not beat the best
            a = pool[j]
            x = by_answer[a, g]
            if stamp[x] != mark:
                stamp[x] = mark
                f += weights[a]
        if f > best:
            best = f
            if best >= cap:
                break
    for j in range(n):
        found_by[answer_cand[pool[j]]] = 0
    return 3 * class_weight - best


def simple_of(problem) -> np.ndarray:
    """The simple bound of every candidate of `problem` (a `trees.builder.Problem`) as an opener, int64."""
    out = np.empty(problem.by_answer.shape[1], dtype=np.int64)
    simple_bounds(problem.by_answer, problem.weights, problem.win, out)
    return out


def two_ply_of(problem, openers, beta: int) -> np.ndarray:
    """The two-ply bound of each candidate index in `openers`, each stopped once it reaches `beta`, int64."""
    openers = np.ascontiguousarray(openers, dtype=np.int64)
    out = np.empty(len(openers), dtype=np.int64)
    answer_cand = np.ascontiguousarray(problem.answer_cand, dtype=np.int64)
    two_ply_bounds(problem.by_answer, problem.weights, answer_cand, problem.win, openers, np.int64(beta), out, bool(problem.hard),
                   np.ascontiguousarray(problem.cand_codes, dtype=np.int64), np.ascontiguousarray(problem.cand_counts, dtype=np.int64))
    return out
