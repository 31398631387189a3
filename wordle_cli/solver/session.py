"""The state of one interactive game (`wordle play`), with undo.

A session is a stack of decision-tree nodes: the top is the current pool
with the suggested guess. Entering the feedback of a turn (for the suggested
guess or any other word the player used) pushes the next node; `undo` pops
it. Nodes made for the suggested guesses are kept in the tree, so undoing
and re-entering costs nothing.
"""

from __future__ import annotations

from dataclasses import dataclass

from wordle_cli.errors import WordleError, quote
from wordle_cli.model.feedback import EXACT
from wordle_cli.solver.tree import Node, Solver, no_answer_message


@dataclass
class Turn:
    guess: str
    tiles: tuple


class Session:
    """`cursor` (a `trees.follow.Cursor` on a verified tree), when given, supplies the guesses
    while the player follows the tree; the caller makes it, so the solver needs no tree code."""

    def __init__(self, solver: Solver, first: str | None = None, cursor=None, any_word: bool = False):
        self.solver = solver
        self.any_word = any_word  # a guess in neither list is played (`Game.guess_problem`)
        self.cursor = cursor
        self.nodes: list[Node] = [solver.root(cursor.node.guess if cursor is not None else first)]
        self.turns: list[Turn] = []
        self.solved = False

    @property
    def on_tree(self) -> bool:
        """Whether the suggestion comes from the tree (False without one)."""
        return self.cursor is not None and self.cursor.node is not None

    @property
    def node(self) -> Node:
        return self.nodes[-1]

    @property
    def suggestion(self) -> str:
        return self.node.guess

    @property
    def remaining(self) -> list[str]:
        """The answers still possible, in answers-list order."""
        answers = self.solver.game.answers
        return [answers[i] for i in self.node.pool.tolist()]

    def hard_mode_violation(self, guess: str) -> str | None:
        """Why `guess` breaks hard mode now (None if it does not, or not in hard mode)."""
        constraints = self.node.constraints
        return constraints.violation(guess) if constraints is not None else None

    def enter(self, guess: str, tiles: tuple) -> None:
        """Record that `guess` got `tiles`; WordleError (state unchanged) if no answer fits."""
        game = self.solver.game
        # The suggestion is the tool's own move (a tree's opener made with --first may be any word): always played.
        check_entry("the game is already solved" if self.solved else None, guess, game, len(tiles), game.length, "tiles",
                    any_word=self.any_word or guess == self.suggestion)
        if all(t == EXACT for t in tiles):
            index = self.solver.game.answer_index.get(guess)
            if index is None or index not in set(self.node.pool.tolist()):  # all exact only when guess is a possible answer
                raise WordleError(no_answer_message(guess, tiles))
            self.turns.append(Turn(guess, tuple(tiles)))
            self.nodes.append(self.node)  # undo pops it again
            self.solved = True
            return
        forced = None
        if self.cursor is not None:
            next_in_tree = self.cursor.advance(guess, tiles)
            forced = next_in_tree.guess if next_in_tree is not None else None
        try:
            following = self.solver.after(self.node, guess, tiles, forced=forced)
        except WordleError:
            if self.cursor is not None:
                self.cursor.back()
            raise
        self.turns.append(Turn(guess, tuple(tiles)))
        self.nodes.append(following)

    def undo(self) -> bool:
        """Take back the last turn; False when there is none."""
        if not self.turns:
            return False
        self.turns.pop()
        self.nodes.pop()
        if self.cursor is not None and not self.solved:
            self.cursor.back()
        self.solved = False
        return True


# ---------------------------------------------------------------- what the player types

def check_entry(
    over: str | None, guess: str, game, given: int, expected: int, parts: str, note: str = "", any_word: bool = False
) -> None:
    """WordleError unless a turn may be entered: the game not `over` (why it is), `guess` a guess the `game`
    takes (`Game.guess_problem`), and the `expected` number of `parts` (tiles, feedbacks) `given`."""
    if over is not None:
        raise WordleError(f"{over}; undo to change a turn")
    if len(guess) != game.length:
        raise WordleError(f"{quote(guess)} has length {len(guess)}, expected {game.length}")
    problem = game.guess_problem(guess, any_word)
    if problem is not None:
        raise WordleError(problem)
    if given != expected:
        raise WordleError(f"{given} {parts} given, expected {expected}{note}")


COMMANDS = {
    "undo": "undo", "u": "undo",
    "quit": "quit", "q": "quit", "exit": "quit",
    "help": "help", "?": "help",
    "list": "list", "ls": "list",
    "share": "share",
    "review": "review",
}


@dataclass
class Entry:
    """One line from the player: a command, or a turn (guess None = the suggestion)."""

    command: str  # "turn", "undo", "quit", "help", "list", "share", "review", or "" for a blank line
    guess: str | None = None
    tiles: tuple | None = None


def parse_entry(line: str, length: int) -> Entry:
    """Read one line: a command, FEEDBACK, or WORD FEEDBACK; ValueError says what is wrong.

    FEEDBACK is any spelling of docs/spec.md §2 (spaces between tiles are ignored, so pasted
    emoji work); '#' starts a comment line. A line that was not UTF-8 (its
    bytes kept as lone surrogates by the reader) is refused.
    """
    from wordle_cli.model.feedback import looks_like_feedback, parse
    from wordle_cli.wordlist import is_text, normalise

    text = line.strip()
    if not text or text.startswith("#"):
        return Entry("")
    if not is_text(text):
        raise ValueError(f"cannot read {quote(text)}: it is not valid UTF-8 text")
    command = COMMANDS.get(text.lower())
    if command is not None:
        return Entry(command)
    tokens = text.split()
    word, typed = normalise(tokens[0]), " ".join(tokens[1:])
    if len(tokens) >= 2 and len(word) == length:
        try:  # WORD FEEDBACK, the feedback's tiles spaced or not (`crane b b g b b`, `crane ⬛ ⬛ 🟩 ⬛ ⬛`)
            return Entry("turn", word, parse(typed, length))
        except ValueError:
            pass
    try:
        return Entry("turn", None, parse(text, length))
    except ValueError as exc:
        if len(tokens) >= 2 and _word_and_feedback(text, word, typed, length):
            problems = [f"{quote(word)} has {len(word)} letters, expected {length}"] if len(word) != length else []
            try:
                parse(typed, length)
            except ValueError as problem:
                problems.append(str(problem))
            raise ValueError(f"cannot read {quote(text)} as WORD FEEDBACK: {'; '.join(problems)}") from None
        if looks_like_feedback(text):  # a feedback with a typo, or the wrong count of tiles: parse says which
            raise
        raise ValueError(
            f"cannot read {quote(text)}: {exc}; type the feedback (e.g. 🟩🟨⬛⬛⬛, GYBBB, ECAAA or 21000), "
            "WORD FEEDBACK, undo or quit"
        ) from None


def _word_and_feedback(text: str, word: str, typed: str, length: int) -> bool:
    """Whether a line of 2+ words that is no turn was meant as WORD FEEDBACK (else as a spaced FEEDBACK).

    A first word of tiles in a line that looks like a feedback starts a spaced feedback (`b b g b`,
    `🟩🟨 ⬛⬛`, `AC AXC`), unless a whole feedback follows a word of several tiles (`1201 21000` in
    Primel: a word too short). Otherwise it is WORD FEEDBACK when the word has the game's length or
    what follows looks like tiles (`jazy AAAAA`).
    """
    from wordle_cli.model.feedback import is_feedback, looks_like_feedback

    if is_feedback(word) and looks_like_feedback(text):
        return is_feedback(typed, length) and not is_feedback(word, 1)
    return len(word) == length or looks_like_feedback(typed)
