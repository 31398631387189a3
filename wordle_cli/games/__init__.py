"""Other games on the same core: multi-board play and Absurdle (issue #12).

- split.py       how candidates split pools, read from the feedback table (numba)
- multiboard.py  Dordle/Quordle/Octordle: rules, strategies, simulation
- absurdle.py    Absurdle's host and the search for the fewest guesses that win
- fibble.py      Fibble (a lie in every row): the fewest guesses that win against every lie

Each works on a `wordle_cli.model.game.Game` and its feedback table (built
once on the chosen backend); numpy and numba load only when one is used.
"""

#: The most boards a multi-board game may have (here, not in multiboard.py, so
#: the CLI's options can name it without importing numpy).
MAX_BOARDS = 32
