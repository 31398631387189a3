"""Other games on the same core: multi-board play and Absurdle (issue #12).

- split.py       how candidates split pools, read from the feedback table (numba)
- multiboard.py  Dordle to Duotrigordle: rules, strategies, simulation
- report.py      the tables and layouts these commands print
- absurdle.py    Absurdle's host and the search for the fewest guesses that win
- fibble.py      Fibble (a lie in every row): the fewest guesses that win against every lie

Each works on a `wordle_cli.model.game.Game` and its feedback table (built
once on the chosen backend); numpy and numba load only when one is used.
"""

from __future__ import annotations

#: The most boards a multi-board game may have (here, not in multiboard.py, so
#: the CLI's options can name it without importing numpy).
MAX_BOARDS = 32

#: The multi-board games people play, by name: `--boards quordle` is `--boards 4`.
#: Each allows its number of boards + 5 turns (`multiboard.turn_limit`).
BOARD_GAMES = {"dordle": 2, "quordle": 4, "octordle": 8, "sedecordle": 16, "duotrigordle": 32}


def board_game_name(boards: int) -> str | None:
    """The name of the game with this many boards (Quordle for 4), or None."""
    for name, count in BOARD_GAMES.items():
        if count == boards:
            return name.capitalize()
    return None
