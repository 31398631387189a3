"""`solve`, `simulate` and `play` with --boards N > 1: parse, call the multi-board core, write.

The three commands hand over to these functions once they see --boards;
the options are theirs (see `wordle_cli.cli.load.open_boards`).
"""

from __future__ import annotations

import click

from wordle_cli.cli.report import Progress, Reporter
from wordle_cli.errors import quote
from wordle_cli.setup import SHARE_ONE_BOARD


def compact_wanted(layout: str, wide_columns: int) -> bool:
    """Whether to print the compact layout: --layout compact, or auto with a wide layout of `wide_columns` wider than the terminal."""
    if layout != "auto":
        return layout == "compact"
    from wordle_cli.cli.prompt import terminal_columns

    return wide_columns > terminal_columns()


def solve_boards(report: Reporter, solver, targets: tuple[str, ...], first: str | None, tiles: str, limit: int, layout: str = "auto") -> None:
    """Play the targets (one per board) and print the game: a row per turn (wide), or the guesses and a line per board (compact)."""
    from wordle_cli.cli.prompt import terminal_columns
    from wordle_cli.games.report import boards_compact, boards_rows, boards_table_width, plural
    from wordle_cli.wordlist import normalise

    game = solver.game
    words = [normalise(t.strip()) for t in targets]
    if len(words) != solver.boards:
        raise click.UsageError(f"--boards {solver.boards} needs {solver.boards} targets, got {len(words)}")
    for word in words:
        if word not in game.answer_index:
            raise click.BadParameter(f"{quote(word)} is not one of the {len(game.answers)} answers", param_hint="'TARGETS'")
    if len(set(words)) != len(words):
        raise click.BadParameter("the targets must be distinct (each board has its own answer)", param_hint="'TARGETS'")
    turns = solver.play(words, first)
    if compact_wanted(layout, boards_table_width(solver.boards, game.length, len(game.answers), tiles)):
        lines = boards_compact(turns, game.length, terminal_columns())
    else:
        lines = boards_rows(turns, game.length, len(game.answers), tiles)
    for line in lines:
        click.echo(line)
    over = "" if len(turns) <= limit else f", over the limit of {limit}"
    report.info(f"solved {solver.boards} boards in {plural(len(turns), 'turn')}{over} ({report.elapsed():.2f} s)")


def simulate_boards(report: Reporter, solver, sample: int | None, seed: int, first: str | None, quiet: bool):
    """Play `sample` random tuples of targets (one per board); return the simulation."""
    from wordle_cli.games.multiboard import DEFAULT_SAMPLE, draw_targets, simulate

    game = solver.game
    if sample is None:
        sample = DEFAULT_SAMPLE
        report.info(f"playing {sample} random games (--sample N to change)")
    games = [tuple(game.answers[i] for i in drawn) for drawn in draw_targets(len(game.answers), solver.boards, sample, seed)]
    with Progress(len(games), "simulating", quiet) as progress:
        result = simulate(solver, games, first, progress)
    report.info(f"played {len(games)} games of {solver.boards} boards in {report.elapsed():.2f} s")
    return result


def play_boards(
    talk, report: Reporter, solver, first: str | None, lines, limit: int, layout: str = "auto", any_word: bool = False
) -> None:
    """Read one turn per (line number, line) of `lines` (a feedback per unsolved board) until every board is solved."""
    from wordle_cli.games.boards_play import BoardsSession, parse_boards_entry
    from wordle_cli.games.report import play_row_width

    session = BoardsSession(solver, first, any_word)
    game = solver.game
    talk.boards_game = True
    talk.compact = compact_wanted(layout, play_row_width(solver.boards, game.length, talk.tiles))
    talk.state_boards(session)

    def parse(line: str):
        return parse_boards_entry(line, game.length, len(session.unsolved), game.candidate_index)

    for entry in talk.entries(lines, parse, BOARDS_HELP):
        if entry.command == "list":
            talk.boards(session, limit=None)
        elif entry.command == "undo":
            talk.undo(session, talk.state_boards)
        elif entry.command == "share":
            talk.problem(SHARE_ONE_BOARD)
        elif entry.command == "turn":
            guess = entry.guess or session.suggestion
            typed = entry.guess is not None and entry.guess != session.suggestion  # a suggestion is the tool's own move
            if typed and len(guess) == game.length and (refused := game.guess_problem(guess, any_word)) is not None:
                talk.problem(refused)  # the game would not take it: no feedback for it exists
                continue
            if any_word and guess not in game.candidate_index and game.spelling_problem(guess) is None:
                report.warn(f"{quote(guess)} is in neither word list")
            if not talk.entered(session, guess, entry.tiles):
                continue
            talk.row_boards(guess, entry.tiles)
            if session.solved:
                n = len(session.turns)
                talk.info(f"all {solver.boards} boards solved in {n} turn{'s' if n != 1 else ''}")
                break
            if len(session.turns) >= limit:
                talk.info(lost(limit, "turns"))
                break
            talk.state_boards(session)


def lost(limit: int, what: str = "guesses") -> str:
    """The one line that ends a game whose rows are used up unsolved (`play`, `play --boards`)."""
    return f"lost: not solved in {limit} {what}, the game's rows"


BOARDS_HELP = (
    "Type one feedback per unsolved board, in board order, for the suggested guess: GYBBB BBBBG ... "
    "(any spelling; pasted emoji rows work too). If you played another word, type WORD FEEDBACK1 FEEDBACK2 .... "
    "'undo' takes back a turn, 'list' shows each board's possible answers, 'quit' ends."
)
