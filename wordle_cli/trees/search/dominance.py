"""Dominance: a guess whose partition another one refines is never better (a merged class costs at least its
parts solved apart). Only one-letter neighbours are compared (they are the ones that often refine each other);
the tie rule's choice never changes: a refined guess is still passed down unless its refiner comes first."""

from __future__ import annotations

import numpy as np

from wordle_cli.compiled import compiled


@compiled
def _refines(base, rows, fine, coarse, image):
    """Does column `fine` split the pool at least as finely as column `coarse` (each of its codes always meets
    the same code of `coarse`)? `image` is all -1 on entry and on return."""
    ok = True
    j = 0
    for j in range(rows.shape[0]):
        r = rows[j]
        x = base[r, fine]
        y = np.int32(base[r, coarse])
        if image[x] < 0:
            image[x] = y
        elif image[x] != y:
            ok = False
            break
    for i in range(j + 1):
        image[base[rows[i], fine]] = -1
    return ok


@compiled
def dominated(ctx, base, rows, cands, kept, classes, flags, slot_of_column, not_tried, not_passed):
    """Mark the kept guesses a neighbour (a word one letter away) refines: never tried here when it splits
    the pool more finely or comes first; never passed down when it comes first (so the tie rule's choice
    never changes). A guess that is one of the pool's answers is never marked."""
    m = cands.shape[0]
    for t in range(m):
        if slot_of_column[t] >= 0:
            ctx.slot[cands[t]] = slot_of_column[t]
    image = np.full(ctx.win + 1, -1, dtype=np.int32)
    for u in range(kept.shape[0]):
        t = kept[u]
        if flags[t] & 2:
            continue
        c = cands[t]
        for q in range(ctx.neighbour_start[c], ctx.neighbour_start[c + 1]):
            s = ctx.slot[ctx.neighbours[q]]
            if s < 0 or s == u:
                continue
            t2 = kept[s]
            earlier = cands[t2] < c  # the first of its twins, in candidate order
            if classes[t2] <= classes[t] and not earlier:
                continue
            if _refines(base, rows, t2, t, image):
                not_tried[u] = True
                if earlier:
                    not_passed[u] = True
                    break
    for t in range(m):
        ctx.slot[cands[t]] = -1
