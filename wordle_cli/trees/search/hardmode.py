"""Hard mode in the search: the hints a feedback reveals, and the candidates they still allow.

The hints are two small arrays: `greens[i]`, the symbol required at
position i (0: none), and `mins[s]`, the least copies of symbol s a guess
must hold. (The game model's `model.hardmode` states the rule for any word;
this is the same rule over candidate indices, in compiled code.)
"""

from __future__ import annotations

import numpy as np

from wordle_cli.compiled import compiled


@compiled
def hints_after(ctx, guess, code, greens, mins):
    """Hard mode's hints once candidate `guess` got feedback `code`: (greens, mins) copies."""
    length = greens.shape[0]
    new_greens = greens.copy()
    new_mins = mins.copy()
    marked = np.zeros(mins.shape[0], dtype=np.int32)
    for i in range(length - 1, -1, -1):
        tile = code % 3
        code //= 3
        symbol = ctx.cand_codes[guess, i]
        if tile == 2:
            new_greens[i] = symbol
        if tile != 0:
            marked[symbol] += 1
    for s in range(mins.shape[0]):
        if marked[s] > new_mins[s]:
            new_mins[s] = marked[s]
    return new_greens, new_mins


@compiled
def allowed(ctx, cands, greens, mins):
    """The candidates that respect the hints (greens in place, revealed letters reused)."""
    return cands[allowed_at(ctx, cands, greens, mins)]


@compiled
def allowed_at(ctx, cands, greens, mins):
    """The positions in `cands` of the candidates that respect the hints."""
    # Only the hints revealed so far are checked: a handful, not every position and symbol.
    where = np.nonzero(greens)[0]
    symbols = np.nonzero(mins)[0]
    n_greens = where.shape[0]
    n_mins = symbols.shape[0]
    out = np.empty(cands.shape[0], dtype=np.int32)
    n = 0
    for t in range(cands.shape[0]):
        c = cands[t]
        ok = True
        for k in range(n_greens):
            i = where[k]
            if ctx.cand_codes[c, i] != greens[i]:
                ok = False
                break
        if ok:
            for k in range(n_mins):
                s = symbols[k]
                if ctx.cand_counts[c, s] < mins[s]:
                    ok = False
                    break
        if ok:
            out[n] = t
            n += 1
    return out[:n].copy()
