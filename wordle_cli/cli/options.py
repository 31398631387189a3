"""Options shared by several subcommands, defined once."""

from __future__ import annotations

import sys

import click

from wordle_cli.backends import NAMES, RULES
from wordle_cli.cli.types import MOST_GUESSES, UNLIMITED, BoardCount, GuessLimit, IsoDate, Seconds, TileStyle, Whole
from wordle_cli.games import MAX_BOARDS  # constants: no numpy
from wordle_cli.model.game import DEFAULT_GAME, GAME_ENV, GAMES, games_help, resolve_game  # pure Python: no numpy, no numba
from wordle_cli.solver.strategy import STRATEGIES


def choice_option(*names: str, choices, default: str, help: str, **more):
    """An option taking one of `choices` (shown in the help), `default` when not given."""
    return click.option(*names, type=click.Choice(choices), default=default, show_default=True, help=help, **more)


backend_option = choice_option(
    "--backend",
    choices=NAMES,
    default="auto",
    envvar="WORDLE_BACKEND",
    show_envvar=True,
    help="Where to compute: cpu (numba), cuda (CuPy on an NVIDIA GPU), or auto: "
    "cuda when a GPU is visible and the job is large enough to repay a launch, else cpu.",
)


def count_option(*names: str, help: str, metavar: str = "N", least: int = 1, most: int | None = None, default: int | None = None):
    """A whole number in [least, most] (`--threads N`, `--sample N`, ...): `default` (None) when not given."""
    shown = {"show_default": True} if default is not None else {}
    return click.option(*names, type=Whole(min=least, max=most), default=default, metavar=metavar, help=help, **shown)


def max_guesses_option(help: str, *, default: int | None = None, unlimited: bool = False):
    """`--max-guesses N` (GuessLimit): `default` when not given (None: the command's own rule, which `help` says)."""
    shown = {"show_default": True} if default is not None else {}
    metavar = f"N|{UNLIMITED}" if unlimited else "N"
    help = f"{help}  [N: 1 to {MOST_GUESSES}]"
    return click.option("--max-guesses", type=GuessLimit(unlimited), default=default, metavar=metavar, help=help, **shown)


def show_option(what: str):
    """`--show N`: list `what` when at most N remain (default 10)."""
    return click.option(
        "--show",
        type=Whole(min=0),
        default=10,
        show_default=True,
        metavar="N",
        help=f"List {what} when at most N remain.",
    )


def time_limit_option(default: float, what: str):
    """--time-limit SECONDS for a command whose proof may take minutes: past it, proven bounds instead."""
    return click.option(
        "--time-limit",
        type=Seconds(zero=True),
        default=default,
        show_default=True,
        metavar="SECONDS",
        help=f"Stop the proof after SECONDS; {what} 0: prove to the end, however long it takes.",
    )


threads_option = count_option("--threads", help="Limit the CPU backend to N threads (default: all cores).")

rule_option = choice_option(
    "--rule",
    choices=RULES,
    default="strict",
    help="strict: a word stays possible iff it gives the same feedback. "
    "loose: the original CUDA program's looser letter-bounds check, to reproduce its files.",
)

quiet_option = click.option(
    "-q", "--quiet", is_flag=True, help="Print no informational lines on stderr (warnings and errors still show)."
)


# ---------------------------------------------------------------- the solver's options (solve, simulate, play)

#: How --game's default is chosen, for every command's help (the rule is `model.game.resolve_game`).
GAME_DEFAULT_HELP = f"[default: ${GAME_ENV} if set, else {DEFAULT_GAME}]"


def game_option(resolved: bool = True, help: str = "The game whose lists are played."):
    """--game NAME, one of the games of `model.game.GAME_TABLE`.

    `resolved`: the command receives `resolve_game`'s choice (--game, else
    $WORDLE_GAME, else nyt). Otherwise it receives None when --game is not
    given: `score` and `prune`, whose explicit files take no game, resolve
    it only when they read the game's lists.
    """
    return click.option(
        "--game",
        type=click.Choice(GAMES),
        default=None,
        callback=(lambda ctx, param, value: resolve_game(value)) if resolved else None,
        help=f"{help} {GAME_DEFAULT_HELP} {games_help()}",
    )


_game_options = [
    game_option(),
    click.option(
        "--answers",
        metavar="FILE",
        default=None,
        help="The possible answers (the pool), one per line ('-' for stdin) [default: the game's].",
    ),
    click.option(
        "--allowed",
        metavar="FILE",
        default=None,
        help="The allowed guesses; answers not in it are allowed too [default: the game's].",
    ),
]

hard_option = click.option(
    "--hard",
    is_flag=True,
    help="Hard mode: green letters stay in place and revealed letters must be reused.",
)

pool_only_option = click.option("--pool-only", is_flag=True, help="Guess only words that are still possible answers.")

any_word_option = click.option(
    "--allow-any-word",
    "any_word",
    is_flag=True,
    help="Play a guess in neither word list (a game that takes any letters); the NYT's refuses it, and so do "
    "these commands by default.",
)

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
    click.option(
        "--move-time",
        type=Seconds(zero=True),
        default=None,
        metavar="SECONDS",
        help="The optimal strategy searches a move for at most SECONDS, then plays the best guess found and says its "
        "proven bounds; 0: until proven. [default: 5]",
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


def _attach(options, command):
    for option in reversed(options):
        command = option(command)
    return command


def compute_options(command):
    """Attach --backend and --threads: where a command computes, and on how many CPU threads."""
    return _attach([backend_option, threads_option], command)


def look_options(command):
    """Attach --tiles and --color: how the tiles are drawn, and whether in colour."""
    return _attach([tiles_option, color_option], command)


def game_options(command):
    """Attach --game, --answers and --allowed."""
    return _attach(_game_options, command)


# ---------------------------------------------------------------- the prior (which answer is likely)

#: How --prior's default is chosen, for every command's help (the rule is `model.weights.resolve_prior`).
PRIOR_DEFAULT_HELP = "[default: $WORDLE_PRIOR if set, else nyt for --game nyt on its own answers, else uniform]"


def prior_option_with(default_help: str = PRIOR_DEFAULT_HELP):
    """--prior uniform|nyt|FILE, its default as `default_help` says."""
    return click.option(
        "--prior",
        metavar="uniform|nyt|FILE",
        default=None,
        help="How likely each answer is: uniform (all equally), nyt (the model of the NYT's picks for the puzzle of --date, "
        "from the days before it), or FILE of word,weight lines (unlisted answers leave the pool). "
        f"Every number that depends on it names it. {default_help}",
    )


prior_option = prior_option_with()


def prior_options(command):
    """Attach --prior and --date."""
    return _attach([prior_option, date_option], command)


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
    return _attach([boards_option, game_max_guesses_option, lies_option, *_solver_options, prior_option], command)


# ---------------------------------------------------------------- a puzzle of the NYT's history: --day N, --date D


def day_option(help: str = "Puzzle N of the NYT's Wordle: its answer from the history (`wordle history`)."):
    """`--day N`: a puzzle number (resolve it with `puzzle_answer`)."""
    return click.option("--day", type=Whole(min=0, max=10**6), default=None, metavar="N", help=help)


date_option = click.option(
    "--date",
    "puzzle_date",
    type=IsoDate(),
    default=None,
    help="The NYT's puzzle of that day: --prior nyt predicts its answer from the days before it, and a command that takes "
    "an answer plays that day's (as --day) [default: $WORDLE_DATE if set, else today in your time zone; no answer].",
)

spoil_option = click.option(
    "--spoil", is_flag=True, help="Allow today's puzzle and later ones (their answers are spoilers) [default: only days before today]."
)


def puzzle_options(day_help: str | None = None):
    """Attach --day N, --date YYYY-MM-DD and --spoil (the command receives day, puzzle_date, spoil)."""

    def attach(command):
        return _attach([day_option(day_help) if day_help else day_option(), date_option, spoil_option], command)

    return attach


tree_option = click.option(
    "--tree",
    "tree_file",
    metavar="FILE",
    default=None,
    help="Follow the moves of a decision tree (selby or json, as `wordle tree build` writes; checked first) instead of --strategy.",
)


def plot_option(what: str):
    """`--plot FILE`: also draw `what` as a chart (format by FILE's extension; needs the `plot` extra)."""
    return click.option(
        "--plot",
        metavar="FILE",
        default=None,
        help=f"Also draw {what} to FILE: .svg, .png or .pdf (needs matplotlib: pip install 'wordle-cli[plot]').",
    )


def check_plot(path: str | None) -> None:
    """Fail on a bad --plot FILE (or a missing matplotlib) before any computing."""
    if path is not None:
        from wordle_cli.pictures.charts import check

        check(path)


TILES_HELP = "How feedback is shown: emoji ⬛🟨🟩, letters A/C/E (absent, contained, exact), byg B/Y/G, digits 0/1/2."


def tiles_option_with(default: str):
    """`--tiles STYLE` with a command's default (emoji for tables; letters for `feedback`, which scripts read)."""
    return click.option("--tiles", type=TileStyle(), default=default, show_default=True, help=TILES_HELP)


tiles_option = tiles_option_with("emoji")

color_option = choice_option(
    "--color",
    "--colour",
    "color",
    choices=("auto", "always", "never"),
    default="auto",
    help="Colour tiles and letters as the game does: auto (only on a terminal; NO_COLOR turns it off, FORCE_COLOR on), always, never.",
)


def colour_wanted(choice: str, err: bool = False) -> bool:
    """Whether to colour what goes to stdout (or stderr) under --color `choice`."""
    from wordle_cli.colour import wanted

    return wanted(choice, sys.stderr if err else sys.stdout)
