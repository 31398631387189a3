"""The likelihood's hot loop: every candidate against every distinct row, then every grid (numba).

`model.py` defines what is computed and prepares the tables and the rows;
this evaluates it, parallel over candidates (threads, each a share of them:
`compiled.side_by_side`), each owning its line of the outputs. For one candidate, each distinct (code, state, kind) of the rows
gets its two probabilities (one per kind of player) once; each grid then
sums its rows' logs for each kind and mixes the two, or is marked as not
fitting when one of its rows no allowed guess gives.
"""

from __future__ import annotations

import numpy as np

from wordle_cli.compiled import compiled

#: Row kinds: the first row of a grid, a later row, a later row of a hard-mode grid.
FIRST, LATER, LATER_HARD = 0, 1, 2


@compiled
def row_probabilities(ng, na, dg, d, n_guesses, n_likely, later_random, first, meets, hard):
    """P(row | candidate, state) for (a random-opener player, a possible-answers player): see model.py."""
    random = ng / dg if hard and meets else ng / n_guesses
    if first:
        return random, na / n_likely
    informed = na / d if meets and na > 0 else 0.0
    return later_random * random + (1.0 - later_random) * informed, informed


@compiled
def score_candidates(
    pair_code, pair_state, pair_kind, pair_meets, of_row, ng, na, dg, d, n_guesses, n_likely, later_random, share, hard_rows, first_only,
    fits, loglik, first_c, step,
):
    """Fill fits (C, J) and loglik (C,) for candidates first_c, first_c + step, ... (one thread's share)."""
    n_candidates, n_pairs = ng.shape[0], pair_code.shape[0]
    n_grids, width = of_row.shape
    log_share, log_rest = np.log(share), np.log(1.0 - share)
    for c in range(first_c, n_candidates, step):
        log_random = np.zeros(n_pairs)  # ln P(row) for a random-opener player
        log_answers = np.zeros(n_pairs)  # ln P(row) for a possible-answers player
        possible = np.empty(n_pairs, dtype=np.bool_)
        for p in range(n_pairs):
            r, s, kind = pair_code[p], pair_state[p], pair_kind[p]
            possible[p] = ng[c, r] > 0
            if possible[p] and not (first_only and kind != FIRST):
                hard = hard_rows and kind == LATER_HARD
                pr, pa = row_probabilities(
                    ng[c, r], na[c, r], dg[c, s], d[c, s], n_guesses, n_likely, later_random, kind == FIRST, pair_meets[p], hard
                )
                log_random[p] = np.log(pr)
                log_answers[p] = np.log(pa)
        total = 0.0
        for j in range(n_grids):
            fit, sum_random, sum_answers = True, 0.0, 0.0
            for i in range(width):
                p = of_row[j, i]
                if p < 0:
                    break
                if not possible[p]:
                    fit = False
                    break
                sum_random += log_random[p]
                sum_answers += log_answers[p]
            fits[c, j] = fit
            if fit:
                total += sum_random if share >= 1.0 else np.logaddexp(log_share + sum_random, log_rest + sum_answers)
        loglik[c] = total
