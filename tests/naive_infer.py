"""Slow, obviously-correct `wordle infer` model: consistency and likelihood by brute force.

Written from the docstring of wordle_cli/infer/model.py, independently of the
package (only `naive.feedback`): every count is made by computing the
feedback of every word against the candidate, every time it is needed.
"""

from __future__ import annotations

from math import log

import naive

ABSENT, EXACT = 0, 2


def consistent(candidate: str, rows, guesses: list[str]) -> bool:
    """Every row is the feedback of some allowed guess against `candidate`."""
    produced = {naive.feedback(g, candidate) for g in guesses}
    return all(tuple(row) in produced for row in rows)


def meets(tiles, greens: set[int], marked: int) -> bool:
    """Exact at every position of `greens`, and at least `marked` tiles exact or contained."""
    return all(tiles[i] == EXACT for i in greens) and sum(t != ABSENT for t in tiles) >= marked


def grid_probability(candidate, rows, hard, guesses, likely, share, later_random, hard_rows=True) -> float:
    """P(grid | candidate): share * P(random-opener player) + (1 - share) * P(possible-answers player)."""
    p_random = p_answers = 1.0
    greens: set[int] = set()
    marked = 0
    for i, row in enumerate(rows):
        row = tuple(row)
        ng = sum(naive.feedback(g, candidate) == row for g in guesses)
        na = sum(naive.feedback(w, candidate) == row for w in likely)
        if i == 0:
            random, informed = ng / len(guesses), na / len(likely)
            p_random *= random
        else:
            ok = meets(row, greens, marked)
            d = sum(meets(naive.feedback(w, candidate), greens, marked) for w in likely)
            informed = na / d if ok and na > 0 else 0.0
            random = ng / len(guesses)
            if hard and hard_rows and ok:
                random = ng / sum(meets(naive.feedback(g, candidate), greens, marked) for g in guesses)
            p_random *= later_random * random + (1 - later_random) * informed
        p_answers *= informed
        greens |= {k for k, t in enumerate(row) if t == EXACT}
        marked = max(marked, sum(t != ABSENT for t in row))
    return share * p_random + (1 - share) * p_answers


def log_likelihood(candidate, grids, guesses, likely, share=0.5, later_random=0.2, hard_rows=True) -> float:
    """Sum of ln P(grid | candidate) over the grids (rows, hard) the candidate fits."""
    return sum(
        log(grid_probability(candidate, rows, hard, guesses, likely, share, later_random, hard_rows))
        for rows, hard in grids
        if consistent(candidate, rows, guesses)
    )


# ---------------------------------------------------------------- players, for generated crowds


def play_random(answer, guesses, rng, max_rows=6):
    """Rows of a player guessing uniformly from all allowed guesses (the answer among them) until solved."""
    rows = []
    while len(rows) < max_rows:
        rows.append(naive.feedback(rng.choice(guesses), answer))
        if all(t == EXACT for t in rows[-1]):
            break
    return rows


def play_possible(answer, pool, rng, max_rows=6):
    """Rows of a player guessing uniformly among the words of `pool` still consistent with every row so far."""
    rows = []
    pool = list(pool)
    while len(rows) < max_rows:
        guess = rng.choice(pool)
        tiles = naive.feedback(guess, answer)
        rows.append(tiles)
        if all(t == EXACT for t in tiles):
            break
        pool = [w for w in pool if naive.feedback(guess, w) == tiles]
    return rows


def post(rows, day=1, hard=False) -> str:
    """A post as players paste it: a header, a blank line, emoji rows."""
    glyphs = "⬛🟨🟩"
    score = str(len(rows)) if all(t == EXACT for t in rows[-1]) else "X"
    body = "\n".join("".join(glyphs[t] for t in row) for row in rows)
    return f"Wordle {day} {score}/6{'*' if hard else ''}\n\n{body}\n"
