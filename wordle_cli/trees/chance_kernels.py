"""The compiled parts of the chance search (`trees.chance`): a position settled or bounded in one call.

A value is a pair (lost, total), compared lost first (see `trees.chance`).
Every function takes the exact search's context (`ctx`: its tables, rules,
weights and memo) and calls its `solve` for the classes that can be won
outright, in the same compiled code (a call from Python costs more than most
of these pools take to solve).
"""

from __future__ import annotations

import numpy as np

from wordle_cli.compiled import compiled
from wordle_cli.trees.search import INF, WORK, allowed_at, hints_after, solve, useful

#: What `position` found: the value (exact), or each guess's bounds for the caller to search (open).
SETTLED, OPEN = 0, 1


@compiled
def position(ctx, pool, weights, cands, depth, greens, mins):
    """A pool of two answers or more with `depth` >= 1 guesses left, `weights` its answers' weights:
    (SETTLED, lost, total, best guess, ...) when it is settled here (won outright: the exact search's value; one
    guess left: its heaviest answer; two: `two_left`), else (OPEN, 0, 0, -1, the useful candidates, their codes
    (a row per answer), each one's least lost and total (`survey`), and whether that bound is its value)."""
    n = pool.shape[0]
    best_out = np.empty(1, dtype=np.int64)
    rows = np.arange(n).astype(np.int32)
    base = gather(ctx.table, pool, cands)
    ctx.stats[WORK] += n * cands.shape[0]
    value = solve(ctx, pool, cands, base, rows, INF, depth, greens, mins, best_out)
    no_cands = cands[:0]
    no_base = base[:0]
    none = np.zeros(0, dtype=np.int64)
    none_exact = np.zeros(0, dtype=np.bool_)
    if value < INF or stopping(ctx):
        return SETTLED, 0, value, best_out[0], no_cands, no_base, none, none, none_exact
    weight = 0
    top = 0
    for j in range(n):
        weight += weights[j]
        if weights[j] > weights[top]:
            top = j
    if depth == 1:  # one guess: the heaviest answer (the first of the heaviest in pool order), the rest lost
        return SETTLED, weight - weights[top], 2 * weight - weights[top], ctx.answer_cand[pool[top]], no_cands, no_base, none, none, none_exact
    kept = useful(ctx, pool, np.sort(ctx.answer_cand[pool]) if ctx.pool_only else cands)  # --pool-only: its answers
    codes = gather(ctx.table, pool, kept)
    if not ctx.hard:  # guesses splitting the pool alike are worth the same (hard mode's hints may tell them apart)
        first = distinct_columns(codes)
        kept = kept[first]
        codes = gather(ctx.table, pool, kept)
    if depth == 2:
        lost, total, t = two_left(ctx, weights, codes, rows)
        return SETTLED, lost, total, kept[t], no_cands, no_base, none, none, none_exact
    lost = np.zeros(kept.shape[0], dtype=np.int64)
    total = np.zeros(kept.shape[0], dtype=np.int64)
    exact = np.zeros(kept.shape[0], dtype=np.bool_)
    survey(ctx, pool, weights, kept, codes, depth, greens, mins, lost, total, exact)
    return OPEN, 0, 0, -1, kept, codes, lost, total, exact


@compiled
def stopping(ctx):
    """Whether to unwind now: the stop flag, set from outside or once the work share is done (as the search's own)."""
    if ctx.stop[0] == 0 and ctx.stop[1] > 0 and ctx.stats[WORK] >= ctx.stop[1]:
        ctx.stop[0] = 1
    return ctx.stop[0] != 0


@compiled
def gather(table, pool, cands):
    """The (pool x candidates) block of the answer-major feedback table."""
    out = np.empty((pool.shape[0], cands.shape[0]), dtype=table.dtype)
    for j in range(pool.shape[0]):
        for t in range(cands.shape[0]):
            out[j, t] = table[pool[j], cands[t]]
    return out


@compiled
def distinct_columns(codes):
    """The first column of each distinct column of `codes`, in order."""
    n, m = codes.shape
    hashes = np.empty(m, dtype=np.uint64)
    for t in range(m):
        h = np.uint64(14695981039346656037)
        for j in range(n):
            h = (h ^ np.uint64(codes[j, t])) * np.uint64(1099511628211)
        hashes[t] = h
    order = np.argsort(hashes, kind="mergesort")  # stable: within equal hashes, column order
    keep = np.zeros(m, dtype=np.bool_)
    for a in range(m):
        t = order[a]
        fresh = True
        b = a - 1
        while b >= 0 and hashes[order[b]] == hashes[t]:
            u = order[b]
            if keep[u]:
                same = True
                for j in range(n):
                    if codes[j, t] != codes[j, u]:
                        same = False
                        break
                if same:
                    fresh = False
                    break
            b -= 1
        keep[t] = fresh
    return np.flatnonzero(keep)


@compiled
def two_left(ctx, weights, codes, rows):
    """(lost, total, column) of the best guess (a column of `codes`) for the answers `rows` of weights
    `weights[rows]` with two guesses left: each of its classes then wins its heaviest answer at the last guess.
    won = the sum of its classes' heaviest weights; lost = W - won; total = W for this guess, and per class of
    weight W_c, heaviest h_c, 2 W_c - h_c (the win: nothing more) = 3 W - won - the win's weight. Ties: a possible
    answer, then the first column."""
    codes_n = ctx.win + 1
    heaviest = np.zeros(codes_n, dtype=np.int64)
    weight = 0
    for r in range(rows.shape[0]):
        weight += weights[rows[r]]
    best_lost, best_total, best_t, best_in = INF, INF, -1, False
    ctx.stats[WORK] += rows.shape[0] * codes.shape[1]  # a cell a row x column, as the search's pairwise scan counts
    for t in range(codes.shape[1]):
        won = 0
        win = 0
        for r in range(rows.shape[0]):
            x = codes[rows[r], t]
            w = weights[rows[r]]
            if w > heaviest[x]:
                won += w - heaviest[x]
                heaviest[x] = w
            if x == ctx.win:
                win = w
        for r in range(rows.shape[0]):
            heaviest[codes[rows[r], t]] = 0
        lost = weight - won
        total = 3 * weight - won - win
        hit = win > 0
        if lost < best_lost or (lost == best_lost and (total < best_total or (total == best_total and hit and not best_in))):
            best_lost, best_total, best_t, best_in = lost, total, t, hit
    return best_lost, best_total, best_t


@compiled
def guess_classes(ctx, pool, weights, cands, base, t, depth, greens, mins, code, size, lost, total, exact, memo):
    """The feedback classes of guess `cands[t]` (column t of `base`: a row per answer of `pool`, of `weights`) with
    `depth` >= 3 guesses left, but the win: per class its code, size, and its value with one guess less: exact
    (`exact`) where it can be won outright (the exact search's value) or where two guesses are left then
    (`two_left`); else the least it can be: its lightest answer lost, and 2 W - h (its heaviest found at once, the
    rest later) + (depth - 2) l (some answer, of weight l at least, lost: counted depth guesses from the class's
    next one, not 2). Returns their number. `memo` (`new_memo`; empty: none) keeps the classes' `two_left`
    values (by the class's rows and, in hard mode, its hints)."""
    n = pool.shape[0]
    count = np.zeros(ctx.win + 1, dtype=np.int64)
    for j in range(n):
        count[base[j, t]] += 1
    ctx.stats[WORK] += n
    k = 0
    best_out = np.empty(1, dtype=np.int64)
    for x in range(ctx.win):  # every code but the win's, in code order
        if count[x] == 0:
            continue
        rows = np.empty(count[x], dtype=np.int32)
        r = 0
        mass = 0
        top = 0
        low = 0
        for j in range(n):
            if base[j, t] == x:
                w = weights[j]
                rows[r] = j
                r += 1
                mass += w
                top = max(top, w)
                low = w if r == 1 else min(low, w)
        code[k], size[k], lost[k], exact[k] = x, count[x], 0, True
        if count[x] == 1:
            total[k] = mass
        else:
            part_greens, part_mins = greens, mins
            if ctx.hard:
                part_greens, part_mins = hints_after(ctx, cands[t], x, greens, mins)
            slot = -1
            if depth - 1 == 2 and memo[0].shape[0] > 0:
                slot, known = recall(memo, rows, part_greens, part_mins)
                if known:
                    lost[k], total[k] = memo[3][slot, 0], memo[3][slot, 1]
                    k += 1
                    continue
            sub_cands, sub_base, sub_rows = cands, base, rows
            if ctx.hard or ctx.pool_only:
                allow = _allowed_for(ctx, pool, rows, cands, part_greens, part_mins)
                sub_cands = cands[allow]
                sub_base = np.empty((count[x], allow.shape[0]), dtype=base.dtype)
                for r in range(count[x]):
                    for u in range(allow.shape[0]):
                        sub_base[r, u] = base[rows[r], allow[u]]
                sub_rows = np.arange(count[x]).astype(np.int32)
            if depth - 1 == 2:  # exact, won outright or not: a full split (lost 0) is the exact search's value
                sub_weights = np.empty(sub_base.shape[0], dtype=np.int64)
                for r in range(count[x]):
                    sub_weights[sub_rows[r]] = weights[rows[r]]
                lost[k], total[k], _ = two_left(ctx, sub_weights, sub_base, sub_rows)
                if slot >= 0:
                    memo[3][slot, 0], memo[3][slot, 1] = lost[k], total[k]
            else:
                part = np.empty(count[x], dtype=pool.dtype)
                for r in range(count[x]):
                    part[r] = pool[rows[r]]
                value = solve(ctx, part, sub_cands, sub_base, sub_rows, INF, depth - 1, part_greens, part_mins, best_out)
                if value < INF:
                    total[k] = value
                else:  # one answer at least lost: counted depth guesses (from the next), not 2
                    lost[k], total[k], exact[k] = low, 2 * mass - top + (depth - 2) * low, False
        k += 1
    return k


@compiled
def _allowed_for(ctx, pool, rows, cands, greens, mins):
    """The positions in `cands` of the guesses a class (the answers `pool[rows]`) may be given: hard mode's hints
    allow them; with --pool-only, they are answers of the class."""
    allow = allowed_at(ctx, cands, greens, mins) if ctx.hard else np.arange(cands.shape[0]).astype(np.int32)
    if not ctx.pool_only:
        return allow
    kept = np.empty(allow.shape[0], dtype=np.int32)
    m = 0
    for u in range(allow.shape[0]):
        for r in range(rows.shape[0]):
            if ctx.answer_cand[pool[rows[r]]] == cands[allow[u]]:
                kept[m] = allow[u]
                m += 1
                break
    return kept[:m].copy()


@compiled
def survey(ctx, pool, weights, cands, base, depth, greens, mins, lost, total, exact):
    """Every guess `cands[t]` with `depth` >= 3 guesses left bounded by its classes (`guess_classes`): `lost[t]`,
    `total[t]` (less the pool's weight, the guess itself) the least (lost, total) it can have, `exact[t]` whether
    that is its value. Stops early once `ctx.stop` is set."""
    n = pool.shape[0]
    code, size = np.empty(n, dtype=np.int64), np.empty(n, dtype=np.int64)
    part_lost, part_total = np.empty(n, dtype=np.int64), np.empty(n, dtype=np.int64)
    part_exact = np.empty(n, dtype=np.bool_)
    memo = new_memo(n, greens.shape[0] + mins.shape[0], MEMO_SLOTS)
    for t in range(cands.shape[0]):
        if stopping(ctx):
            return
        k = guess_classes(ctx, pool, weights, cands, base, t, depth, greens, mins, code, size, part_lost, part_total, part_exact,
                          memo)
        bound_lost = 0
        bound_total = 0
        sure = True
        for c in range(k):
            bound_lost += part_lost[c]
            bound_total += part_total[c]
            sure = sure and part_exact[c]
        lost[t] = bound_lost
        total[t] = bound_total
        exact[t] = sure


#: Slots of a survey's memo of classes (a power of 2); filled to three quarters at most, then no more kept.
MEMO_SLOTS = 1 << 12


@compiled
def new_memo(n, hints, slots):
    """A memo of classes of a pool of n answers, by their rows (and hard mode's `hints` numbers): (hashes, row masks,
    hints, (lost, total), [filled])."""
    return (np.zeros(slots, dtype=np.uint64), np.zeros((slots, (n + 63) // 64), dtype=np.uint64),
            np.zeros((slots, hints), dtype=np.int32), np.zeros((slots, 2), dtype=np.int64), np.zeros(1, dtype=np.int64))


@compiled
def _mix(z):
    """splitmix64's finaliser: 64 well-mixed bits of z."""
    z = (z + np.uint64(1)) * np.uint64(0x9E3779B97F4A7C15)
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return z ^ (z >> np.uint64(31))


@compiled
def recall(memo, rows, greens, mins):
    """(slot, known): where the class of pool rows `rows` (with hard mode's hints `greens`, `mins`: their own
    values in normal mode) is kept in `memo`, and whether its value is there; slot -1 when it is neither there nor
    room for it."""
    hashes, masks, hints, _, filled = memo
    words = masks.shape[1]
    mask = np.zeros(words, dtype=np.uint64)
    key = np.empty(hints.shape[1], dtype=np.int32)
    h = np.uint64(0)
    for r in range(rows.shape[0]):
        row = rows[r]
        mask[row // 64] |= np.uint64(1) << np.uint64(row % 64)
        h ^= _mix(np.uint64(row))
    for i in range(greens.shape[0]):
        key[i] = greens[i]
    for i in range(mins.shape[0]):
        key[greens.shape[0] + i] = mins[i]
    for i in range(key.shape[0]):
        h = _mix(h ^ np.uint64(key[i] + 1))
    h |= np.uint64(1)  # 0 marks an empty slot
    size = hashes.shape[0]
    i = np.int64(h & np.uint64(size - 1))
    while hashes[i] != 0:
        if hashes[i] == h:
            same = True
            for q in range(words):
                if masks[i, q] != mask[q]:
                    same = False
            for q in range(key.shape[0]):
                if hints[i, q] != key[q]:
                    same = False
            if same:
                return i, True
        i = (i + 1) & (size - 1)
    if 4 * (filled[0] + 1) > 3 * size:
        return -1, False
    hashes[i] = h
    for q in range(words):
        masks[i, q] = mask[q]
    for q in range(key.shape[0]):
        hints[i, q] = key[q]
    filled[0] += 1
    return i, False
