"""The options of the commands that play the solver: `solve`, `simulate` and `play` (`boards_solver_options`).

The strategy and its rules, the boards, the lies and the host's liar, a tree to follow; the options every
command shares are `cli/options.py`'s.
"""

from __future__ import annotations

import click

from wordle_cli.cli.options import (
    UNIT_HELP,
    _game_options,
    any_word_option,
    attach,
    backend_option,
    choice_option,
    count_option,
    hard_option,
    limit_option,
    max_guesses_option,
    pool_only_option,
    prior_option,
    quiet_option,
    threads_option,
)
from wordle_cli.cli.types import BoardCount
from wordle_cli.games import MAX_BOARDS  # constants: no numpy
from wordle_cli.solver.strategy import STRATEGIES

_solver_options = [
    *_game_options,
    click.option(
        "--strategy",
        type=click.Choice(STRATEGIES),
        default=None,
        help="optimal: the exact search's fewest guesses on average (under --move-time). expected: fewest answers left on "
        "average. entropy: most informative feedback. minimax: fewest left in the worst case (ties: fewest on average). "
        "Under a prior the last three credit a guess that may be the answer (docs/prior.md). Further ties: a possible "
        "answer first, then the earliest in list order. [default: optimal under a prior other than uniform, else expected]",
    ),
    limit_option(
        "--move-budget", "UNITS",
        f"The optimal strategy searches a move for at most UNITS units of search work ({UNIT_HELP}: every "
        "machine plays the same moves), then plays the best guess found and says its proven bounds; 0: until proven. "
        "[default: 5]",
    ),
    limit_option(
        "--move-time", "SECONDS",
        "Also stop a move's search after SECONDS of wall-clock time, whichever comes first (what it stops then "
        "depends on the machine and its load, and the move says so). Alone, the only limit (0: until proven).",
    ),
    hard_option,
    pool_only_option,
    click.option(
        "--first",
        metavar="WORD",
        default=None,
        help="Force the opening guess (a word of the game's lists; any word with --allow-any-word).",
    ),
    any_word_option,
    backend_option,
    threads_option,
    quiet_option,
]


lies_option = count_option(
    "--lies",
    least=0,
    default=0,
    help="Fibble: every row's feedback lies in exactly N tiles (1 is Fibble, 0 Wordle); a guess that is the "
    "answer wins and is all green, and an all-green row is never a lie. Nine rows by default with lies.",
)


liar_option = choice_option(
    "--liar",
    choices=("random", "worst"),
    default="random",
    help="With --lies, the host's lie: random (uniform over the tiles and wrong colours, drawn with --seed for each "
    "target) or worst (the lie that leaves the most answers possible; ties: the smallest feedback code).",
)


boards_option = click.option(
    "--boards",
    type=BoardCount(),
    default=1,
    show_default=True,
    help="Play N boards at once, one guess per turn scored on every unsolved board: 2 Dordle, 4 Quordle, "
    f"8 Octordle, 16 Sedecordle, 32 Duotrigordle (N may be the game's name), up to {MAX_BOARDS}; the game "
    "allows N + 5 turns. Strategies expected or entropy; no hard mode.",
)


#: `--layout`'s choices: what `solve --boards` and `play --boards` print.
LAYOUTS = ("auto", "wide", "compact")


layout_option = choice_option(
    "--layout",
    choices=LAYOUTS,
    default="auto",
    help="With --boards: wide, the boards' tiles side by side (a row per turn, 80 columns for up to 4 boards); "
    "compact, a line per board, fitted to the terminal's width whatever the boards; auto, wide where it fits "
    "the terminal's width ($COLUMNS, else the terminal's, else 80), else compact.",
)


game_max_guesses_option = max_guesses_option(
    "The most guesses a game may take, for counting failures [default: 6; with --boards N, N + 5; with --lies, 9]."
)


def boards_solver_options(command):
    """Attach --boards, --max-guesses, --lies and the solver's options (solve, simulate, play)."""
    return attach([boards_option, game_max_guesses_option, lies_option, *_solver_options, prior_option], command)


tree_option = click.option(
    "--tree",
    "tree_file",
    metavar="FILE",
    default=None,
    help="Follow the moves of a decision tree (selby or json, as `wordle tree build` writes; checked first) instead of --strategy.",
)
