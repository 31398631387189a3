"""The solver: play Wordle-like games with the score/prune core (issue #4).

A strategy's choice depends only on the current pool of possible answers
(and, in hard mode, on the constraints revealed so far), so everything here
is built on one operation (over the game model in `wordle_cli.model`), `Solver.node`: score the guess candidates against
the pool on a backend, pick a guess by the strategy and the tie rule, and
split the pool by that guess's feedback. `solve`, `simulate` and `play` are
walks over the resulting decision tree.

- strategy.py  choosing a guess from `ScoreSums`, with the documented tie rule
- openings.py  memoised openings of the default games, read from data/openings.json and data/known_best.json
               (recompute_openings.py remakes them)
- tree.py      `Solver`, the decision tree, simulation statistics
- session.py   the state of an interactive game, with undo

Modules import numpy lazily where the CLI's start-up matters; numba is only
loaded through `wordle_cli.backends`.
"""
