"""`wordle play`: the assistant for a real game, one turn per line of input.

Two modes, chosen by whether standard input is a terminal (override with
--interactive / --batch):

- interactive: a conversation on stdout: the suggestion, a prompt, how many
  answers remain (and which, when few); mistakes are explained and asked again.
- batch (stdin piped, for scripts): stdout carries only the suggestions,
  one word per line (the first before any input, then one after every turn
  and every undo); counts and lists go to stderr (silenced by --quiet); a
  line that cannot be read, or feedback that no answer gives, is an error
  (exit 1).

The game ends when a turn's feedback is all exact, on `quit`, or at the end
of input. An interactive game that ends won or lost is then reviewed whole
(as `wordle review` grades it, the same numbers), unless --no-review.
"""

from __future__ import annotations

import sys
from contextlib import nullcontext

import click

from wordle_cli.cli.hints import NoArguments
from wordle_cli.cli.options import (
    Progress,
    Reporter,
    SolverChoice,
    boards_solver_options,
    check_share_day,
    colour_wanted,
    date_option,
    layout_option,
    look_options,
    open_player,
    share_day_option,
    show_option,
    tree_option,
)
from wordle_cli.errors import WordleError, one_line, quote

HELP = (
    "Type the feedback you saw for the suggested guess, in any spelling: 🟩🟨⬛⬛⬛ (pasted), "
    "GYBBB, ECAAA or 21000. If you played another word, type WORD FEEDBACK. "
    "'undo' takes back a turn, 'list' shows the possible answers, 'share' the result grid, 'review' grades the game so far, 'quit' ends."
)

#: The help with --lies: `review` grades true feedback, so it is not offered.
LIES_HELP = HELP.replace(", 'review' grades the game so far", "")


def _no_liar(ctx, param, value):
    """`play --liar`: the player types the rows the game showed, so there is no host's liar to choose."""
    if value is not None:
        raise click.UsageError(
            "play reads the rows your game showed (with --lies N), so there is no liar to choose: "
            "--liar picks the host's lies where the tool plays the host, in solve and simulate"
        )
    return value


def _stray_word_hint(extra: list[str]) -> str | None:
    """`wordle play cigar`: play reads the game you play elsewhere; solve plays against a known answer."""
    from wordle_cli.cli.hints import one_word

    word = one_word(extra)
    if word is None:
        return None
    return f"play takes no answer (it reads the feedback you see); to play against {quote(word)}: wordle solve {word}"


@click.command(cls=NoArguments, hint=_stray_word_hint)
@click.option(
    "--interactive/--batch",
    default=None,
    help="Prompt and talk on stdout, or print only suggestions for scripts [default: interactive when stdin is a terminal].",
)
@show_option("the possible answers")
@click.option("--share", is_flag=True, help="At the end, print the result grid players post (Wordle 3/6 and the emoji rows).")
@share_day_option
@tree_option
@boards_solver_options
@layout_option
@date_option
@look_options
@click.option("--liar", hidden=True, expose_value=False, callback=_no_liar, help="Refused: solve and simulate's option.")
@click.option(
    "--no-review", is_flag=True, help="Do not grade the whole game when it ends at the prompt (won or lost; as `wordle review`)."
)
def play(
    interactive, show, share, day, tree_file, boards, max_guesses, lies, game, answers, allowed, strategy, move_budget, move_time, hard,
    pool_only, first, any_word, backend, threads, quiet, layout, tiles, color, prior, puzzle_date, no_review,
):
    """Help with a real game: suggest a guess, read the feedback you saw, repeat.

    \b
    Each line of input is one of:
      FEEDBACK        the tiles the game showed for the suggested guess
      WORD FEEDBACK   the tiles for WORD, if you played WORD instead
      undo | list | share | review | help | quit   (review: not with --lies)
    FEEDBACK is in any spelling: 🟩🟨⬛⬛⬛ (pasted), GYBBB, ECAAA or 21000.

    With --tree FILE the suggestions are the tree's moves (--strategy optimal
    computes the exact best guess instead, fast once the pool is small); a
    turn the tree does not have (another word played) leaves the tree, says
    so, and --strategy suggests from there on.

    \b
    With stdin piped (or --batch), stdout has only the suggestions, one per line:
      printf 'CACAA\\nECCAA\\n' | wordle play --quiet --prior uniform   # roate, carrs, cigar (each answer equally likely)

    A share grid may be pasted as it is: its header line (`Wordle 512 3/6`)
    is skipped, and each row is the feedback of the suggested guess.

    When an interactive game ends, won or lost, its review is printed: the
    same numbers as `wordle review` of the game (--no-review: not).

    With --lies N (Fibble: --lies 1), every row you type is the one the game
    showed, lying in N tiles; the answers kept are those consistent with
    every row so far (an all-green row means the guess is the answer), and
    the game has nine rows (--max-guesses to change). `review` grades true
    feedback, so it is not offered with --lies; there is no --liar to choose:
    the rows are the game's (solve and simulate, which play the host, take it).

    \b
    With --boards N, each line holds one feedback per unsolved board, in
    board order (or WORD and the feedbacks); a board is solved when its
    feedback is all exact, and the game ends when every board is:
      printf 'GBBBB BBYBB BBBBY BYBBB\\n' | wordle play --boards 4 -q
    """
    from wordle_cli.cli.prompt import turn_lines
    from wordle_cli.solver.session import Session, parse_entry

    if "-" in (answers, allowed, prior):
        raise click.UsageError("play reads the turns from standard input, so --answers, --allowed and --prior cannot be '-'")
    if interactive is None:
        interactive = sys.stdin.isatty()
    report = Reporter(quiet)
    check_share_day(share, day)
    chosen = SolverChoice(
        game=game, answers=answers, allowed=allowed, strategy=strategy, hard=hard, pool_only=pool_only, backend=backend, threads=threads,
        prior=prior, date=puzzle_date, day=_past_puzzle(puzzle_date), any_word=any_word, move_budget=move_budget, move_time=move_time,
    )
    solver, first, limit = open_player(
        report, chosen, command="play", boards=boards, max_guesses=max_guesses, share=share, first=first, tree_file=tree_file, lies=lies
    )
    if boards > 1:
        from wordle_cli.cli.boards import BOARDS_HELP, play_boards

        talk = _Talk(interactive, quiet, show, tiles, colour_wanted(color))
        if interactive:
            talk.say(BOARDS_HELP)
        play_boards(talk, report, solver, first, turn_lines(interactive, "feedback> "), limit, layout, any_word)
        return
    cursor = None
    if tree_file is not None:
        from wordle_cli.trees.follow import Cursor, open_tree

        cursor = Cursor(open_tree(tree_file, solver.game, hard=hard, first=first))
    session = Session(solver, first, cursor, any_word)
    talk = _Talk(interactive, quiet, show, tiles, colour_wanted(color))
    help_text = HELP if solver.lies is None else LIES_HELP
    if interactive:
        talk.say(help_text)
    if solver.weights is not None:  # the suggestions' numbers are under it (named here only: not in the opening line)
        talk.say(f"prior: {solver.prior_label}")
    talk.state(session)
    if interactive and solver.lies is None and _typed_by_a_person():  # while the player reads and types
        from wordle_cli.trees.builder import compile_ahead

        compile_ahead(solver.game.length, solver.backend_name)  # for `review` and --strategy optimal
    lines = talk.entries(
        _grid_rows(turn_lines(interactive, "feedback> ")),
        lambda line: parse_entry(line, solver.game.length),
        help_text,
        lambda line: _explain(line, solver.game),
    )
    for entry in lines:
        if entry.command == "list":
            talk.remaining(session, limit=None)
        elif entry.command == "share":
            talk.say(_share(session, day, limit))
        elif entry.command == "review":
            _review(talk, report, session)
        elif entry.command == "undo":
            talk.undo(session, talk.state)
        else:
            guess = entry.guess or session.suggestion
            typed = entry.guess is not None and entry.guess != session.suggestion  # a suggestion is the tool's own move
            if typed and len(guess) == solver.game.length and (refused := solver.game.guess_problem(guess, any_word)) is not None:
                talk.problem(refused)  # the game would not take it: no feedback for it exists
                continue
            _warn_about_guess(report, session, guess)
            was_on_tree = session.on_tree
            if not talk.entered(session, guess, entry.tiles):
                continue
            talk.row(guess, entry.tiles)
            if was_on_tree and not session.on_tree and not session.solved:
                talk.info(f"left the tree ({guess} is not its move here); the {solver.strategy} strategy suggests from now on")
            if session.solved or len(session.turns) >= limit:
                if session.solved:
                    n = len(session.turns)
                    talk.info(f"solved in {n} guess{'es' if n != 1 else ''}")
                else:
                    from wordle_cli.cli.boards import lost

                    talk.info(lost(limit))
                if interactive and not no_review and solver.lies is None:
                    _review(talk, report, session, ended=True)
                break
            talk.state(session)
    if share:
        click.echo(_share(session, day, limit))


def _past_puzzle(puzzle_date) -> int | None:
    """The puzzle --date replays when it is a past one, whose answer then joins the nyt game's pool (`pool_date`);
    today's and later ones keep to the answers before them, so that the pool spoils nothing."""
    from wordle_cli import history

    if puzzle_date is None or puzzle_date >= history.today():
        return None
    return history.number_of(puzzle_date)


def _typed_by_a_person() -> bool:
    """Whether the turns come from a terminal: a person, whose first line takes seconds (piped lines do not)."""
    try:
        return sys.stdin is not None and sys.stdin.isatty()
    except (OSError, ValueError):
        return False


def _grid_rows(lines):
    """The turn lines with a pasted share grid read as infer and review read it: the header line (`Fibble 3/9`,
    `Wordle 512 4/6*`) skipped, and a row's tiles kept without the remark after them (`🟩🟩🟩🟩🟩 phew`)."""
    from wordle_cli.infer.posts import is_header, row_tiles

    for number, line in lines:
        if is_header(line.strip()):
            continue
        tiles = row_tiles(line.strip())
        yield number, tiles or line


def _warn_about_guess(report: Reporter, session, guess: str) -> None:
    game = session.solver.game
    if guess != session.suggestion and len(guess) == game.length and game.guess_problem(guess, session.any_word) is not None:
        return  # refused on entry, with the reason
    listed = guess in game.candidate_index
    if session.any_word and len(guess) == game.length and not listed and game.spelling_problem(guess) is None:  # else refused on entry
        report.warn(f"{quote(guess)} is in neither word list")
    why = session.hard_mode_violation(guess) if guess != session.suggestion else None
    if why:
        report.warn(f"{quote(guess)} breaks hard mode: {why}")


def _review(talk, report: Reporter, session, ended: bool = False) -> None:
    """The game so far (`ended`: the whole game, just over) graded against the proven optimum (`wordle review`),
    where the conversation goes."""
    from wordle_cli.cli.review import print_review, review_of

    if session.solver.lies is not None:
        talk.problem("review grades a game of true feedback; it is not defined with --lies")
        return
    if not session.turns:
        talk.problem("nothing to review yet: enter a turn first")
        return
    if not talk.interactive and talk.quiet:
        return
    from wordle_cli import interrupts

    solver = session.solver
    # At the prompt, Ctrl-C cancels the review and the game goes on; piped (--batch), it ends the run as anywhere.
    try:
        with interrupts.cancellable() if talk.interactive else nullcontext([False]) as cancelled:
            result = review_of(
                report, solver.game, [t.guess for t in session.turns], feedback=[t.tiles for t in session.turns],
                hard=solver.hard, backend=solver.backend_name, weights=solver.weights, prior=solver.prior_label,
            )
    except Exception as exc:  # noqa: BLE001 - a review is an aside: whatever fails in it, the game goes on
        interrupts.reraise_signal(exc)
        # At the prompt one line, and the game goes on; piped, one line ends the run (as any bad line does).
        talk.problem(f"the review failed ({_failure(exc)})" + ("; the game goes on" if talk.interactive else ""))
        return
    finally:
        Progress.clear_line()  # a bar the review left drawn (Ctrl-C stopped it mid-line) is not kept over the prompt
    if cancelled[0]:
        talk.say("review cancelled (Ctrl-C)" if ended else "review cancelled (Ctrl-C); the game goes on")
        return
    print_review(result, talk.tiles, talk.colour, err=not talk.interactive)


def _failure(exc: BaseException) -> str:
    """An error in one line: a WordleError's message, else its type too (a fault of the tool, worth reporting)."""
    text = one_line(exc)
    return text if isinstance(exc, WordleError) or text == type(exc).__name__ else f"{type(exc).__name__}: {text}"


def _share(session, day: int | None = None, rows: int | None = None) -> str:
    from wordle_cli.solver.record import share_grid

    solver = session.solver
    lies = solver.lies.n if solver.lies is not None else 0
    rows = {} if rows is None else {"rows": rows}
    return share_grid(solver.game.name, [turn.tiles for turn in session.turns], session.solved, solver.hard, day=day, lies=lies, **rows)


def _explain(line: str, game) -> str | None:
    """A short, specific message for a line that is neither a command nor a turn (None: keep the parser's).

    A bare word of the game gets "did you mean `WORD FEEDBACK`?"; a misspelt
    command (mostly letters that are no tiles) "did you mean `list`?".
    """
    from wordle_cli.model.feedback import SPELLINGS
    from wordle_cli.wordlist import is_text, normalise

    if not is_text(line):  # bytes that were not UTF-8: the parser's message says so
        return None
    text = "".join(normalise(line).split())
    if text in game.candidate_index:
        return f"{quote(text)} is a word, not feedback: did you mean `{text} FEEDBACK`?"
    if len(line.split()) != 1 or not text:
        return None
    name, table = max(SPELLINGS.items(), key=lambda item: sum(ch in item[1] for ch in text))
    bad = [(i, ch) for i, ch in enumerate(text, start=1) if ch not in table]
    if 2 * len(bad) > len(text) and len(text) > 2:  # mostly not tiles: a misspelt command?
        from wordle_cli.cli.hints import did_you_mean
        from wordle_cli.solver.session import COMMANDS

        command = did_you_mean(text, (c for c in COMMANDS if len(c) > 2))
        if command is not None:
            return f"{quote(line.strip())} is not a command or feedback: did you mean `{command}`?"
    return None  # a typo in a feedback: the parser names its first bad character and position


class _Talk:
    """Where each kind of message goes in each mode."""

    def __init__(self, interactive: bool, quiet: bool, show: int, tiles: str, colour: bool = False):
        self.interactive = interactive
        self.quiet = quiet
        self.show = show
        self.tiles = tiles
        self.line: int | None = None  # the input line being answered (batch mode)
        self.colour = colour
        self.boards_game = False  # --boards: batch text is wrapped too, to fit the terminal as the layouts do
        self.compact = False  # --boards: a line per board (`play_boards` decides by --layout)

    def say(self, text: str, indent: str = "") -> None:
        """Conversation: stdout when interactive (wrapped to the terminal); stderr (unless --quiet) in batch mode.

        A game of several boards wraps its batch text too, so that each of its lines fits the terminal.
        """
        if self.interactive or (self.boards_game and not self.quiet):
            from wordle_cli.cli.prompt import wrap

            click.echo("\n".join(wrap(part, indent) if part else part for part in text.split("\n")), err=not self.interactive)
        elif not self.quiet:
            click.echo("\n".join(indent + part if part else part for part in text.split("\n")), err=True)

    info = say

    def entries(self, lines, parse, help_text: str, explain=None):
        """The entries that `parse` reads from `lines` ((line number, line) pairs), for the caller to act on.

        The turn loop of `play` and `play --boards`: blank lines are skipped, `help` says
        `help_text`, `quit` ends; a line `parse` rejects (ValueError) is a problem, told in
        `explain(line)`'s words when that gives any.
        """
        for number, line in lines:
            self.line = number
            try:
                entry = parse(line)
            except ValueError as exc:
                self.problem((explain and explain(line)) or str(exc))
                continue
            if entry.command == "":
                continue
            if entry.command == "quit":
                return
            if entry.command == "help":
                self.say(help_text)
                continue
            yield entry

    def undo(self, session, state) -> None:
        """`undo`: take back the session's last turn and show its `state` again (a problem when there is none)."""
        if session.undo():
            state(session)
        else:
            self.problem("nothing to undo")

    def entered(self, session, guess: str, tiles) -> bool:
        """Enter a turn into the session; False (the problem told) when no answer fits it."""
        try:
            session.enter(guess, tiles)
        except WordleError as exc:
            self.problem(f"{exc}; check the feedback, or undo")
            return False
        return True

    def problem(self, text: str) -> None:
        if self.interactive:
            self.say(f"error: {text}")
        else:
            raise WordleError(f"<stdin> line {self.line}: {text}" if self.line is not None else text)

    def row(self, guess: str, tiles) -> None:
        """The turn just entered, as the game shows it (interactive only): the guess and its tiles, coloured."""
        if self.interactive:
            from wordle_cli.colour import tiles_text, word_text

            click.echo(f"  {word_text(guess, tiles, self.colour)}  {tiles_text(tiles, self.tiles, self.colour)}", color=self.colour)

    def laid_out(self, lines) -> None:
        """Lines laid out already (a table, fitted to the terminal): as they are, where `say` puts text."""
        if self.interactive:
            for line in lines:
                click.echo(line, color=self.colour)
        elif not self.quiet:
            for line in lines:
                click.echo(line, err=True)

    def row_boards(self, guess: str, feedbacks) -> None:
        """A multi-board turn just entered (interactive, wide layout only): per unsolved board, the guess and its tiles, coloured as `row`.

        The compact layout shows the tiles in the table that `state_boards` prints next.
        """
        if self.interactive and not self.compact:
            from wordle_cli.colour import tiles_text, word_text

            shown = "   ".join(f"{word_text(guess, tiles, self.colour)}  {tiles_text(tiles, self.tiles, self.colour)}" for tiles in feedbacks)
            click.echo(f"  {shown}", color=self.colour)

    def remaining(self, session, limit: int | None) -> None:
        words = session.remaining
        n = len(words)
        self.say(f"{n} possible answer{'s' if n != 1 else ''}" + (":" if limit is None or n <= limit else "."))
        if limit is None or n <= limit:
            self.say(" ".join(words), indent="  ")  # one length per game: wrapped words fall in columns

    def boards(self, session, limit: int | None) -> None:
        """Each unsolved board's count of possible answers, and the answers when at most `limit`.

        In the compact layout, a table of every board, the solved ones with their turn and answer.
        """
        if self.compact:
            self.board_table(session.board_states(limit))
            return
        for board in session.unsolved:
            words = session.remaining(board)
            n = len(words)
            listed = ": " + " ".join(words) if limit is None or n <= limit else ""
            self.say(f"board {board + 1}: {n} possible answer{'s' if n != 1 else ''}{listed}")

    def board_table(self, states) -> None:
        from wordle_cli.cli.prompt import width
        from wordle_cli.games.report import boards_state

        self.laid_out(boards_state(states, self.tiles, self.colour and self.interactive, width()))

    def state_boards(self, session) -> None:
        from wordle_cli.games.report import board_list

        if not self.compact:
            self.boards(session, self.show)
        elif session.turns:
            boards, solved = len(session.pools), len(session.pools) - len(session.unsolved)
            self.say(f"turn {len(session.turns)}: {session.turns[-1].guess}; {solved} of {boards} boards solved")
            self.board_table(session.board_states(self.show, last_turn=True))
        else:
            words = session.remaining(0)
            n = len(words)
            listed = n <= self.show
            self.say(f"{len(session.pools)} boards, {n} possible answer{'s' if n != 1 else ''} on each{':' if listed else ''}")
            if listed:
                self.say(" ".join(words), indent="  ")
        suggestion = session.suggestion
        if self.interactive:
            unsolved = [b + 1 for b in session.unsolved]
            if len(unsolved) == 1:
                then = f"then the feedback of board {unsolved[0]}"
            else:
                then = f"then one feedback for each of boards {board_list(unsolved)}"
            self.say(f"suggestion: {suggestion}  ({then})")
        else:
            click.echo(suggestion)

    def state(self, session) -> None:
        from wordle_cli.solver.report import entropy_text, expected_text

        self.remaining(session, self.show)
        suggestion = session.suggestion
        if self.interactive:
            stats = session.node.stats()
            bits = entropy_text(stats)
            detail = "" if stats.pool <= 1 else f"  (expected left {expected_text(stats)}, {bits} bit{'' if bits == '1' else 's'})"
            self.say(f"suggestion: {suggestion}{detail}")
        else:
            click.echo(suggestion)
        if session.node.unproven is not None and not session.node.forced:
            self.say(f"({suggestion} is the best guess found, {session.node.unproven.text()})")
