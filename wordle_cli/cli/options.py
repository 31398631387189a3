"""Options shared by several subcommands, defined once."""

from __future__ import annotations

import sys

import click

from wordle_cli.backends import NAMES, RULES
from wordle_cli.cli.types import MOST_GUESSES, UNLIMITED, GuessLimit, IsoDate, Seconds, TileStyle, Whole
from wordle_cli.model.game import DEFAULT_GAME, GAME_ENV, GAMES, games_help, resolve_game  # pure Python: no numpy, no numba


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


#: What a unit of search work is, for the help of every budget option (`trees.budget.WORK_PER_UNIT`).
UNIT_HELP = "a unit: about a CPU second of the search on a 2-core machine, counted, not timed (docs/speed.md)"


def limit_option(name: str, unit: str, help: str):
    """An optional limit in `unit` (`--budget UNITS`, `--move-time SECONDS`): a finite number, 0 or more; None when
    not given (the command's own rule, which `help` says)."""
    return click.option(name, type=Seconds(zero=True, unit=unit.lower()), default=None, metavar=unit, help=help)


def budget_options(default: float | None, what: str):
    """--budget UNITS (search work: the same output on any machine, at any load) and --time-limit SECONDS (a wall-clock
    cap, which is not), for a command whose proof may take minutes: past either, proven bounds instead.

    Neither given: `default` units (None: no limit). --time-limit alone keeps its old meaning, the only limit
    (0: prove to the end); both: whichever comes first (`budget_of`)."""
    shown = f"[default: {default:g}]" if default else "[default: none]"

    def decorate(command):
        command = limit_option(
            "--time-limit", "SECONDS",
            "Also stop the proof after SECONDS of wall-clock time, whichever comes first; what a clock stops "
            "depends on the machine and its load, and the output then says so. Alone, the only limit (0: none).",
        )(command)
        return limit_option(
            "--budget", "UNITS",
            f"Stop the proof after UNITS units of search work ({UNIT_HELP}): the same output on every machine; "
            f"{what} 0: prove to the end, however long it takes. {shown}",
        )(command)

    return decorate


def budget_of(units: float | None, seconds: float | None, default: float | None) -> tuple[float | None, float | None]:
    """(units, seconds) of --budget and --time-limit as the command runs them (None: no such limit): neither given,
    `default` units; --time-limit alone, that alone."""
    if units is None and seconds is None:
        return default, None
    return (units or None) if units is not None else None, seconds or None


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


def attach(options, command):
    """Attach `options` to `command`, in their order in the help."""
    for option in reversed(options):
        command = option(command)
    return command


def compute_options(command):
    """Attach --backend and --threads: where a command computes, and on how many CPU threads."""
    return attach([backend_option, threads_option], command)


def look_options(command):
    """Attach --tiles and --color: how the tiles are drawn, and whether in colour."""
    return attach([tiles_option, color_option], command)


def game_options(command):
    """Attach --game, --answers and --allowed."""
    return attach(_game_options, command)


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
    return attach([prior_option, date_option], command)


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

    def decorate(command):
        return attach([day_option(day_help) if day_help else day_option(), date_option, spoil_option], command)

    return decorate


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
