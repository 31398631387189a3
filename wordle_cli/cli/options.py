"""Options shared by several subcommands, defined once."""

from __future__ import annotations

import contextlib
import math
import re
import sys
import time
from typing import NamedTuple

import click

from wordle_cli.backends import NAMES, RULES
from wordle_cli.errors import WordleError, quote
from wordle_cli.games import BOARD_GAMES, MAX_BOARDS  # constants: no numpy
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


#: A number as typed, in ASCII only: int() and float() also take other scripts' digits ('１'), '1_000' and 'infinity'.
_WHOLE = re.compile(r"[+-]?[0-9]+")
_DECIMAL = re.compile(r"[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?")


def ascii_number(value, whole: bool = True) -> bool:
    """Whether `value` (an option's text; a number given by the program passes) is a number written in ASCII:
    digits, a sign, and for `whole=False` a point and an exponent. The one rule of every numeric option."""
    if not isinstance(value, str):
        return True
    return (_WHOLE if whole else _DECIMAL).fullmatch(value.strip()) is not None


class Whole(click.IntRange):
    """A whole number in ASCII digits, in [min, max] (None: unbounded): the one type of every integer option."""

    def convert(self, value, param, ctx):
        if not ascii_number(value):
            self.fail(f"{quote(str(value))} is not a whole number (ASCII digits 0-9)", param, ctx)
        return super().convert(value, param, ctx)


def count_option(*names: str, help: str, metavar: str = "N", least: int = 1, most: int | None = None, default: int | None = None):
    """A whole number in [least, most] (`--threads N`, `--sample N`, ...): `default` (None) when not given."""
    shown = {"show_default": True} if default is not None else {}
    return click.option(*names, type=Whole(min=least, max=most), default=default, metavar=metavar, help=help, **shown)


#: The most guesses `--max-guesses` takes; and its word for "no limit", where a command can go without one.
MOST_GUESSES = 100
UNLIMITED = "unlimited"


class GuessLimit(click.ParamType):
    """`--max-guesses`'s one meaning: the most guesses a game may take, a whole number from 1 to MOST_GUESSES, or
    (where the command can do without a limit) the word `unlimited`, read as None."""

    name = "guess limit"

    def __init__(self, unlimited: bool):
        self.unlimited = unlimited

    def convert(self, value, param, ctx):
        if value is None or (self.unlimited and isinstance(value, str) and value.strip().lower() == UNLIMITED):
            return None
        try:
            n = int(value) if ascii_number(value) else None
        except (TypeError, ValueError):
            n = None
        if n is None or not 1 <= n <= MOST_GUESSES or isinstance(value, float):
            also = f" or {UNLIMITED!r}" if self.unlimited else ""
            self.fail(f"{quote(str(value))} is not a whole number from 1 to {MOST_GUESSES}{also}", param, ctx)
        return n


def max_guesses_option(help: str, *, default: int | None = None, unlimited: bool = False):
    """`--max-guesses N` (GuessLimit): `default` when not given (None: the command's own rule, which `help` says)."""
    shown = {"show_default": True} if default is not None else {}
    metavar = f"N|{UNLIMITED}" if unlimited else "N"
    help = f"{help}  [N: 1 to {MOST_GUESSES}]"
    return click.option("--max-guesses", type=GuessLimit(unlimited), default=default, metavar=metavar, help=help, **shown)


class Seconds(click.ParamType):
    """A finite number of seconds, positive (or 0 where `zero` says what 0 means), at most `most`: the one type of
    every float option.

    click's FloatRange lets `nan` through any bound (every comparison with it
    is false) and `inf` through a lower one, so `--time-limit nan` meant no
    limit at all; a time is refused unless it is a number in (0, inf).
    """

    name = "seconds"

    def __init__(self, zero: bool = False, most: float | None = None, unit: str = "seconds"):
        self.zero, self.most, self.unit = zero, most, unit

    def convert(self, value, param, ctx):
        try:
            seconds = float(value) if ascii_number(value, whole=False) else math.nan
        except (TypeError, ValueError):
            seconds = math.nan
        least_ok = seconds >= 0 if self.zero else seconds > 0
        if not (math.isfinite(seconds) and least_ok and (self.most is None or seconds <= self.most)):
            what = f"a finite number of {self.unit}, 0 or more" if self.zero else f"a positive, finite number of {self.unit}"
            self.fail(f"{quote(str(value))} is not {what}{'' if self.most is None else f' up to {self.most:g}'}", param, ctx)
        return seconds


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


def budget_options(default: float | None, what: str):
    """--budget UNITS (search work: the same output on any machine, at any load) and --time-limit SECONDS (a wall-clock
    cap, which is not), for a command whose proof may take minutes: past either, proven bounds instead.

    Neither given: `default` units (None: no limit). --time-limit alone keeps its old meaning, the only limit
    (0: prove to the end); both: whichever comes first (`budget_of`)."""
    shown = f"[default: {default:g}]" if default else "[default: none]"

    def decorate(command):
        command = click.option(
            "--time-limit",
            type=Seconds(zero=True),
            default=None,
            metavar="SECONDS",
            help="Also stop the proof after SECONDS of wall-clock time, whichever comes first; what a clock stops "
            "depends on the machine and its load, and the output then says so. Alone, the only limit (0: none).",
        )(command)
        return click.option(
            "--budget",
            type=Seconds(zero=True, unit="units"),
            default=None,
            metavar="UNITS",
            help=f"Stop the proof after UNITS units of search work ({UNIT_HELP}): the same output on every machine; "
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


class Reporter:
    """Informational lines and warnings on stderr, never on stdout or in OUTPUT."""

    def __init__(self, quiet: bool):
        self.quiet = quiet
        self.started = time.perf_counter()
        self.history_checked = False  # `history_days` warns about out-of-date lists once per command

    def info(self, message: str) -> None:
        if not self.quiet:
            click.echo(_fitted(message), err=True)

    def warn(self, message: str) -> None:
        click.echo(_fitted(f"warning: {message}"), err=True)

    def elapsed(self) -> float:
        """Seconds since the command started, less the time spent `waiting` for a person."""
        return time.perf_counter() - self.started

    @contextlib.contextmanager
    def waiting(self, person: bool = True):
        """A stretch spent waiting for a person (typing at a terminal) that `elapsed` leaves out."""
        began = time.perf_counter()
        try:
            yield
        finally:
            if person:
                self.started += time.perf_counter() - began

    def dropped_duplicates(self, word_list) -> None:
        """A warning for the duplicates a list had (the first occurrences kept)."""
        if word_list.duplicates:
            s = "s" if word_list.duplicates != 1 else ""
            self.warn(f"{word_list.name}: dropped {word_list.duplicates} duplicate word{s} (kept first occurrences)")


def _fitted(message: str) -> str:
    """A line for stderr: wrapped to the terminal's width when stderr is one (a pipe gets it whole)."""
    if not sys.stderr.isatty():
        return message
    from wordle_cli.cli.prompt import wrap

    return wrap(message)


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
        "--move-budget",
        type=Seconds(zero=True, unit="units"),
        default=None,
        metavar="UNITS",
        help=f"The optimal strategy searches a move for at most UNITS units of search work ({UNIT_HELP}: every "
        "machine plays the same moves), then plays the best guess found and says its proven bounds; 0: until proven. "
        "[default: 5]",
    ),
    click.option(
        "--move-time",
        type=Seconds(zero=True),
        default=None,
        metavar="SECONDS",
        help="Also stop a move's search after SECONDS of wall-clock time, whichever comes first (what it stops then "
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


def open_game(report: Reporter, game: str, answers: str | None, allowed: str | None, pool=None):
    """Load a game's lists (either replaced by a file) as a `Game`, warning about duplicates: `setup.open_game`
    (`pool`: the puzzle date in play, `setup.pool_date`)."""
    from wordle_cli import setup

    return setup.open_game(report, game, answers, allowed, pool)


def lists_label(game: str, n_answers: int, answers: str | None = None, allowed: str | None = None) -> str:
    """The lists an output depends on, for a chart's title or a page: `nyt: 3158 answers`, naming a list given as a file."""
    from pathlib import Path

    from wordle_cli.wordlist import display_name

    given = "".join(
        f", {what} {Path(display_name(path)).name}" for what, path in (("answers", answers), ("allowed", allowed)) if path is not None
    )
    return f"{game}{given}: {n_answers} answers"


def open_lists(report: Reporter, game: str, answers: str | None, allowed: str | None, pool=None):
    """A game's (answers, allowed) word lists, either replaced by a file, warning about duplicates: `setup.open_lists`."""
    from wordle_cli import setup

    return setup.open_lists(report, game, answers, allowed, pool)


@contextlib.contextmanager
def usage_errors():
    """Options that do not go together (`setup.ModeConflict`) shown as click's usage errors, with the usage line."""
    from wordle_cli.setup import ModeConflict

    try:
        yield
    except ModeConflict as exc:
        raise click.UsageError(str(exc)) from None


def checked_word(word: str, game, option: str, report: Reporter | None = None, any_word: bool = False) -> str:
    """A word typed on the command line, normalised; BadParameter if its length or a symbol is not the game's.

    `report`: the word is played as a guess, so one in neither list is refused (`Game.guess_problem`), or with
    `any_word` played after a warning.
    """
    from wordle_cli.wordlist import normalise

    word = normalise(word.strip())
    if len(word) != game.length:
        raise click.BadParameter(
            f"{quote(word)} has length {len(word)}, but the words of the game have length {game.length}", param_hint=f"'{option}'"
        )
    problem = game.spelling_problem(word)
    if problem is not None:
        raise click.BadParameter(problem, param_hint=f"'{option}'")
    if report is not None and word not in game.candidate_index:
        if not any_word:
            raise click.BadParameter(game.guess_problem(word), param_hint=f"'{option}'")
        report.warn(f"{option} {quote(word)} is in neither word list; playing it anyway")
    return word


from wordle_cli.setup import PoolDate as PoolDate  # noqa: E402  (the commands' names for them)
from wordle_cli.setup import pool_date as pool_date  # noqa: E402
from wordle_cli.setup import unspoiled_pool as unspoiled_pool  # noqa: E402


class SolverChoice(NamedTuple):
    """What the command line chose for a solver (`solve`, `simulate`, `play`): the game and its lists, the strategy
    and its rules, where to compute. Made by keyword, so that no two of its flags can trade places."""

    game: str
    answers: str | None
    allowed: str | None
    strategy: str | None  # None: the default (`strategy.default_strategy`, by the prior)
    hard: bool
    pool_only: bool
    backend: str
    threads: int | None
    prior: str | None = None  # --prior: uniform, nyt or a FILE (None: the default rule)
    date: object = None  # the puzzle's date (datetime.date) whose nyt prior is played (None: today's)
    day: int | None = None  # the puzzle played (solve --day N without TARGET): its answer joins the pool
    any_word: bool = False  # --allow-any-word: a guess in neither list is played
    move_budget: float | None = None  # --move-budget (units of work; None: by `setup.limits_of_move`; 0: no work limit)
    move_time: float | None = None  # --move-time (seconds of wall clock; None: none unless alone; 0: none)
    spoil: bool = False  # --spoil: the pool and the prior may hold today's answer and later ones


def open_solver(report: Reporter, chosen: SolverChoice, *, first=None, lies: int = 0, plays: str | None = None):
    """The game's `setup.Setup` (lists, prior, date, modes) and its solver (with `lies` lies in every row).

    `plays` says what makes the moves when the strategy does not (a tree's moves), for the opening line.
    Returns (solver, first) with `first` normalised and checked (or None);
    the solver's `prior` is the `AnswerWeights` it plays under.
    """
    from wordle_cli import setup

    with usage_errors():
        made = setup.open_setup(
            report=report, game=chosen.game, answers_file=chosen.answers, allowed_file=chosen.allowed, prior=chosen.prior,
            date=chosen.date, strategy=chosen.strategy, move_budget=chosen.move_budget, move_time=chosen.move_time, hard=chosen.hard,
            pool_only=chosen.pool_only, lies=lies, backend=chosen.backend, threads=chosen.threads, day=chosen.day, spoil=chosen.spoil,
        )
    the_game, weights = made.game, made.prior
    if first is not None:
        first = checked_word(first, the_game, "--first", report, chosen.any_word)
    elif made.strategy == "optimal" and not weights.is_uniform:
        _prior_opener_note(report, the_game, weights, made.pool_only, made.hard)
    solver, where = setup.solver_of(made)
    n_candidates = len(the_game.answers) if made.pool_only else len(the_game.candidates)
    timed = ""
    if made.strategy == "optimal" and plays is None:
        units, seconds = made.move_budget, made.move_time
        if units is not None:
            timed = f" ({units:g} unit{'' if units == 1 else 's'} of search work{f' or {seconds:g} s' if seconds else ''} a move)"
        elif seconds is not None:
            timed = f" ({seconds:g} s a move)"
    named = f"; prior: {weights.label}" if weights.is_uniform else ""  # any other prior is named once, where the numbers are
    report.info(
        f"{made.game.name}: {len(the_game.answers)} answers from {made.answers_name}, "
        f"{n_candidates} guess candidates{' (--pool-only)' if made.pool_only else ''}; "
        f"{plays.replace('{strategy}', made.strategy) if plays else f'{made.strategy} strategy{timed}'}"
        f"{', hard mode' if made.hard else ''}{lies_text(lies)}; {where} backend{named}"
    )
    return solver, first


def _prior_opener_note(report: Reporter, the_game, weights, pool_only: bool, hard: bool) -> None:
    """The optimal strategy under a prior with no --first: what is known of its opener (`setup.opener_for`)."""
    from wordle_cli.setup import opener_for

    note = opener_for(the_game, weights, pool_only=pool_only, hard=hard).note
    if note is not None:
        report.info(f"{note}; --first WORD chooses another")


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


def open_prior(
    report: Reporter, prior: str | None, date, game: str, answers_file: str | None, answers, unsupported: str | None = None, what: str = "answer",
    spoil: bool = False,
):
    """The prior over `answers` (`AnswerWeights`) by `resolve_prior`'s rule: `setup.open_prior`.

    `answers_file`: the user's own answers (or candidates) file, if any: the
    nyt default is for the NYT's own lists only.
    """
    from wordle_cli import setup

    return setup.open_prior(report, prior, date, game, answers_file is not None, answers, unsupported, what, spoil)


def open_weighed_game(report: Reporter, game: str, answers: str | None, allowed: str | None, prior: str | None, date, **modes):
    """The `setup.Setup` of a command that plays no solver (review, tree build, verify, rank): its lists, with the
    answers the prior leaves out taken out, and its prior (`modes`: `open_setup`'s, e.g. hard, greedy_review)."""
    from wordle_cli import setup

    with usage_errors():
        return setup.open_setup(report=report, game=game, answers_file=answers, allowed_file=allowed, prior=prior, date=date, **modes)


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


def lies_text(lies: int) -> str:
    """`, 1 lie per row` for the informational line (nothing without lies)."""
    from wordle_cli.setup import lies_text as text

    return text(lies)


def check_lies(lies: int, strategy: str | None = None, hard: bool = False, boards: int = 1, tree_file=None) -> None:
    """--lies N > 0 goes with one board, the scored strategies, no hard mode and no --tree (`setup.check_modes`)."""
    if not lies:
        return
    from wordle_cli import setup

    with usage_errors():
        setup.check_modes(lies=lies, strategy=strategy, hard=hard, boards=boards, tree=tree_file is not None)


class BoardCount(click.ParamType):
    """`--boards N`: a number of boards from 1 to MAX_BOARDS, or the name of the game that has them (quordle: 4)."""

    name = "boards"

    def get_metavar(self, param, ctx=None) -> str:  # click 8.1 and 8.2 signatures
        return "N"

    def convert(self, value, param, ctx):
        if isinstance(value, int):
            return value
        name = str(value).strip().lower()
        if name in BOARD_GAMES:
            return BOARD_GAMES[name]
        if not ascii_number(name):
            names = ", ".join(BOARD_GAMES)
            self.fail(f"{quote(str(value))} is neither a number of boards (1 to {MAX_BOARDS}) nor a game's name ({names})", param, ctx)
        return click.IntRange(1, MAX_BOARDS).convert(value, param, ctx)

    def shell_complete(self, ctx, param, incomplete):
        from click.shell_completion import CompletionItem

        return [CompletionItem(name) for name in BOARD_GAMES if name.startswith(incomplete.lower())]


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


def open_boards(report: Reporter, chosen: SolverChoice, *, boards, first=None, tree_file=None):
    """`open_solver` for --boards N > 1: the game's `setup.Setup` (the modes checked), then the `MultiSolver`.

    Returns (solver, first) with `first` normalised and checked (or None).
    """
    from wordle_cli import backends, setup
    from wordle_cli.games import board_game_name
    from wordle_cli.games.multiboard import MultiSolver

    with usage_errors():
        made = setup.open_setup(
            report=report, game=chosen.game, answers_file=chosen.answers, allowed_file=chosen.allowed, prior=chosen.prior,
            date=chosen.date, strategy=chosen.strategy, hard=chosen.hard, pool_only=chosen.pool_only, boards=boards,
            backend=chosen.backend, threads=chosen.threads, tree=tree_file is not None, day=chosen.day, spoil=chosen.spoil,
        )
    the_game = made.game
    if first is not None:
        first = checked_word(first, the_game, "--first", report, chosen.any_word)
    where = backends.resolve_with_threads(made.backend, len(the_game.candidates) * len(the_game.answers), made.threads)
    n_candidates = "the pools' words" if made.pool_only else f"{len(the_game.candidates)} guess candidates"
    named = board_game_name(boards)
    report.info(
        f"{the_game.name}: {boards} boards{f' ({named})' if named else ''}, {len(the_game.answers)} answers from {made.answers_name}, "
        f"{n_candidates}; {made.strategy} strategy; {where} backend; prior: uniform"
    )
    return MultiSolver(the_game, boards, made.strategy, pool_only=made.pool_only, backend=where), first


def open_player(
    report: Reporter, chosen: SolverChoice, *, command: str, boards, max_guesses, share, first, tree_file=None, lies: int = 0
):
    """The solver that `solve` and `play` use: `open_boards` with --boards N > 1, else `open_solver`, after the
    modes' checks (`setup.check_modes`). Returns (solver, first, limit): the `limit` of turns is `game_limit`'s.
    """
    from wordle_cli import setup

    with usage_errors():
        setup.check_modes(lies=lies, boards=boards, tree=tree_file is not None, share=share, max_guesses=max_guesses, command=command)
    if boards > 1:
        solver, first = open_boards(report, chosen, boards=boards, first=first, tree_file=tree_file)
    else:
        plays = f"the moves of {tree_file} (off the tree: the {{strategy}} strategy)" if tree_file is not None else None
        solver, first = open_solver(report, chosen, first=first, lies=lies, plays=plays)
    return solver, first, game_limit(boards, max_guesses, lies)


def game_limit(boards: int, max_guesses: int | None, lies: int = 0) -> int:
    """The turns a game may take: `setup.game_limit`."""
    from wordle_cli import setup

    return setup.game_limit(boards, max_guesses, lies)


# ---------------------------------------------------------------- a puzzle of the NYT's history: --day N, --date D


class IsoDate(click.ParamType):
    """`--date YYYY-MM-DD`: a puzzle's date, by `dates.parse`'s one rule (puzzle #0's date or later)."""

    name = "date"

    def get_metavar(self, param, ctx=None) -> str:  # click 8.1 and 8.2 signatures
        return "YYYY-MM-DD"

    def convert(self, value, param, ctx):
        import datetime as dt

        from wordle_cli import dates

        try:
            return dates.checked(value, None) if isinstance(value, dt.date) else dates.parse(value, None)
        except WordleError as exc:
            self.fail(str(exc), param, ctx)


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


def puzzle_number(day: int | None, date) -> int | None:
    """The puzzle --day or --date names (None: neither): `dates.puzzle_number`'s rule."""
    from wordle_cli import dates

    return dates.puzzle_number(day, date)


def history_days(report: Reporter):
    """The known days (`setup.history_days`), saying once per command when an answer is missing from the shipped lists."""
    from wordle_cli import setup

    days = setup.history_days(report, warn_stale=not report.history_checked)
    report.history_checked = True
    return days


def puzzle_rows(report: Reporter, number: int, spoil: bool):
    """Puzzle `number`'s rows of the history: `setup.puzzle_rows` (a spoiler without --spoil: a usage error)."""
    from wordle_cli import setup

    with usage_errors():
        return setup.puzzle_rows(report, number, spoil, lambda: history_days(report))


def puzzle_answer(report: Reporter, number: int, spoil: bool) -> str:
    """Puzzle `number`'s answer from the history: `setup.puzzle_answer`."""
    from wordle_cli import setup

    with usage_errors():
        return setup.puzzle_answer(report, number, spoil, lambda: history_days(report))


share_day_option = click.option(
    "--day",
    type=Whole(min=0, max=10**9),
    default=None,
    metavar="N",
    help="The puzzle number --share's header names (Wordle N 3/6), as players' posts do.",
)


def check_share_day(share: bool, day: int | None) -> None:
    """--day only labels --share's grid."""
    if day is not None and not share:
        raise click.UsageError("--day goes with --share (it numbers the grid's header)")


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


class TileStyle(click.ParamType):
    """The one tile vocabulary (`wordle_cli.colour.STYLES`); old spellings (`ace`) still accepted."""

    name = "style"

    def get_metavar(self, param, ctx=None) -> str:  # click 8.1 and 8.2 signatures
        from wordle_cli.colour import STYLES

        return "[" + "|".join(STYLES) + "]"

    def convert(self, value, param, ctx):
        from wordle_cli.colour import style_name

        try:
            return style_name(str(value).lower())
        except ValueError as exc:
            self.fail(str(exc), param, ctx)

    def shell_complete(self, ctx, param, incomplete):
        from click.shell_completion import CompletionItem

        from wordle_cli.colour import STYLES

        return [CompletionItem(s) for s in STYLES if s.startswith(incomplete)]


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


class Progress:
    """A progress bar on stderr, shown only on a terminal and once a job takes a moment.

    Call the instance with the number of items done; `close()` when finished (or use it in a `with`).
    It shows the time spent and, with a `budget` (`trees.budget.Budget`), how much of it the proof has used
    (`search budget 40% used`, `time limit 3 of 7.5 s used`), then that it is spent and the rest is being
    bounded, rather than an estimate: a proof's items take wildly different times, and a bar redrawn with a
    frozen estimate looks hung. Called with no progress, it redraws the clock.
    A bar whose run was abandoned (Ctrl-C cancelled `play`'s review: its worker runs on unseen) draws
    nothing more; `clear_line` erases whatever bar is drawn, before a prompt.
    """

    DELAY_S = 0.5
    #: Columns of the bar itself: short, so that the label and the clock fit an 80-column line.
    WIDTH = 24

    _shown: list[Progress] = []  # the bars drawn now, any thread's
    _lock = None  # a threading.Lock over drawing and clearing (made on first use: start-up imports no threading)

    def __init__(self, total: int, label: str, quiet: bool = False, budget=None):
        self.total = total
        self.label = label
        self.budget = budget if budget is not None and budget.limited else None
        self.enabled = not quiet and sys.stderr.isatty()
        self.started = time.perf_counter()
        self._bar = None
        self._done = 0

    def _clock(self, _item=None) -> str:
        text = f"{time.perf_counter() - self.started:.0f} s"
        budget = self.budget
        if budget is None:
            return text
        if budget.work is not None:
            used = budget.used() / budget.work
            text += f"; search budget {min(99, int(100 * used))}% used" if used < 1 else "; search budget spent: bounding"
        clock = budget.clock
        if clock.limited:
            left = clock.left()
            text += f"; time limit {clock.seconds - left:.0f} of {clock.seconds:g} s used" if left > 0 else "; time limit reached: bounding"
        return text

    @classmethod
    def _locked(cls):
        if cls._lock is None:
            import threading

            cls._lock = threading.Lock()
        return cls._lock

    def __call__(self, done: int) -> None:
        if not self.enabled:
            return
        from wordle_cli import interrupts

        if interrupts.abandoned() is not None:  # the command has left this run: its screen is the prompt's now
            self.enabled = False
            return
        if self._bar is None and time.perf_counter() - self.started < self.DELAY_S:
            return
        lock = self._locked()
        if not lock.acquire(timeout=1):
            return
        try:
            if self.enabled:
                self._draw(done)
        finally:
            lock.release()

    def _draw(self, done: int) -> None:
        if self._bar is None:
            self._bar = click.progressbar(length=self.total, label=self.label, file=sys.stderr, show_eta=False,
                                          item_show_func=self._clock, width=self.WIDTH)
            self._bar.__enter__()
            self._shown.append(self)
        if done <= self._done:
            self._bar.render_progress()  # the clock moves on (a count never goes back)
            return
        self._bar.update(done - self._done)
        self._done = done

    def __enter__(self) -> Progress:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def close(self) -> None:
        if self._bar is None:
            return
        lock = self._locked()
        held = lock.acquire(timeout=1)
        try:
            if self._bar is not None and self.enabled:
                self._bar.__exit__(None, None, None)
            self._forget()
        finally:
            if held:
                lock.release()

    def _forget(self) -> None:
        self._bar = None
        if self in self._shown:
            self._shown.remove(self)

    @classmethod
    def clear_line(cls) -> None:
        """Erase the line of any bar still drawn, and stop it drawing: what follows (a prompt) starts on a clean line."""
        if not cls._shown:
            return
        lock = cls._locked()
        held = lock.acquire(timeout=1)
        try:
            for bar in list(cls._shown):
                bar.enabled = False
                bar._forget()
            sys.stderr.write("\r\x1b[K\x1b[?25h")  # the line erased; the cursor the bar hid shown again
            sys.stderr.flush()
        finally:
            if held:
                lock.release()
