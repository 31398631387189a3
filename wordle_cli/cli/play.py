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
of input.
"""

from __future__ import annotations

import sys

import click

from wordle_cli.cli.options import Reporter, open_solver, solver_options, tiles_option, tree_option
from wordle_cli.errors import WordleError

HELP = (
    "Type the feedback you saw for the suggested guess, in any spelling: 🟩🟨⬛⬛⬛ (pasted), "
    "GYBBB, ECAAA or 21000. If you played another word, type WORD FEEDBACK. "
    "'undo' takes back a turn, 'list' shows the possible answers, 'quit' ends."
)


@click.command()
@click.option(
    "--interactive/--batch",
    default=None,
    help="Prompt and talk on stdout, or print only suggestions for scripts [default: interactive when stdin is a terminal].",
)
@click.option(
    "--show",
    type=click.IntRange(min=0),
    default=10,
    show_default=True,
    metavar="N",
    help="List the possible answers when at most N remain.",
)
@tree_option
@solver_options
@tiles_option
def play(interactive, show, tree_file, game, answers, allowed, strategy, hard, pool_only, first, backend, threads, quiet, tiles):
    """Help with a real game: suggest a guess, read the feedback you saw, repeat.

    \b
    Each line of input is one of:
      FEEDBACK        the tiles the game showed for the suggested guess
      WORD FEEDBACK   the tiles for WORD, if you played WORD instead
      undo | list | help | quit
    FEEDBACK is in any spelling: 🟩🟨⬛⬛⬛ (pasted), GYBBB, ECAAA or 21000.

    With --tree FILE the suggestions are the tree's moves (--strategy optimal
    computes the exact best guess instead, fast once the pool is small); a
    turn the tree does not have (another word played) leaves the tree, says
    so, and --strategy suggests from there on.

    \b
    With stdin piped (or --batch), stdout has only the suggestions, one per line:
      printf 'CACAA\\nECCAA\\n' | wordle play --quiet   # roate, carrs, cigar
    """
    from wordle_cli.solver.session import Session, parse_entry

    if "-" in (answers, allowed):
        raise click.UsageError("play reads the turns from standard input, so --answers and --allowed cannot be '-'")
    if interactive is None:
        interactive = sys.stdin.isatty()
    report = Reporter(quiet)
    solver, first = open_solver(report, game, answers, allowed, strategy, hard, pool_only, backend, threads, first)
    tree = None
    if tree_file is not None:
        from wordle_cli.trees.follow import open_tree

        tree = open_tree(tree_file, solver.game, hard=hard, first=first)
    session = Session(solver, first, tree)
    talk = _Talk(interactive, quiet, show, tiles)
    if interactive:
        talk.say(HELP)
    talk.state(session)
    lines = _interactive_lines() if interactive else _batch_lines()
    for line in lines:
        try:
            entry = parse_entry(line, solver.game.length)
        except ValueError as exc:
            talk.problem(str(exc))
            continue
        if entry.command == "":
            continue
        if entry.command == "quit":
            break
        if entry.command == "help":
            talk.say(HELP)
        elif entry.command == "list":
            talk.remaining(session, limit=None)
        elif entry.command == "undo":
            if session.undo():
                talk.state(session)
            else:
                talk.problem("nothing to undo")
        else:
            guess = entry.guess or session.suggestion
            _warn_about_guess(report, session, guess)
            was_on_tree = session.on_tree
            try:
                session.enter(guess, entry.tiles)
            except WordleError as exc:
                talk.problem(f"{exc}; check the feedback, or undo")
                continue
            if was_on_tree and not session.on_tree and not session.solved:
                talk.info(f"left the tree ({guess} is not its move here); the {strategy} strategy suggests from now on")
            if session.solved:
                n = len(session.turns)
                talk.info(f"solved in {n} guess{'es' if n != 1 else ''}")
                break
            talk.state(session)


def _warn_about_guess(report: Reporter, session, guess: str) -> None:
    game = session.solver.game
    if len(guess) == game.length and guess not in game.candidate_index:
        report.warn(f"{guess!r} is in neither word list")
    why = session.hard_mode_violation(guess) if guess != session.suggestion else None
    if why:
        report.warn(f"{guess!r} breaks hard mode: {why}")


def _interactive_lines():
    while True:
        try:
            yield click.prompt("feedback", prompt_suffix="> ", default="", show_default=False)
        except (click.Abort, EOFError):
            click.echo()
            return


def _batch_lines():
    yield from click.get_text_stream("stdin")


class _Talk:
    """Where each kind of message goes in each mode."""

    def __init__(self, interactive: bool, quiet: bool, show: int, tiles: str):
        self.interactive = interactive
        self.quiet = quiet
        self.show = show
        self.tiles = tiles

    def say(self, text: str) -> None:
        """Conversation: stdout when interactive; stderr (unless --quiet) in batch mode."""
        if self.interactive:
            click.echo(text)
        elif not self.quiet:
            click.echo(text, err=True)

    info = say

    def problem(self, text: str) -> None:
        if self.interactive:
            click.echo(f"error: {text}")
        else:
            raise WordleError(text)

    def remaining(self, session, limit: int | None) -> None:
        words = session.remaining
        n = len(words)
        self.say(f"{n} possible answer{'s' if n != 1 else ''}" + (":" if limit is None or n <= limit else "."))
        if limit is None or n <= limit:
            self.say("  " + " ".join(words))

    def state(self, session) -> None:
        from wordle_cli.solver.report import entropy_text, expected_text

        self.remaining(session, self.show)
        suggestion = session.suggestion
        if self.interactive:
            stats = session.node.stats()
            bits = entropy_text(stats)
            detail = "" if stats.pool <= 1 else f"  (expected left {expected_text(stats)}, {bits} bit{'' if bits == '1' else 's'})"
            click.echo(f"suggestion: {suggestion}{detail}")
        else:
            click.echo(suggestion)
