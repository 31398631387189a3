"""The state of one multi-board game played by a person (`wordle play --boards N`), with undo.

A turn is the guess and one feedback per unsolved board, in board order.
Boards solved earlier take no feedback; a board whose feedback is all exact
is solved. Suggestions are the strategy's (`MultiSolver.best`), computed
once per position.
"""

from __future__ import annotations

from wordle_cli.errors import WordleError, quote
from wordle_cli.games.multiboard import MultiSolver, Turn
from wordle_cli.games.report import BoardState
from wordle_cli.model.feedback import decode, encode, is_feedback
from wordle_cli.solver.session import COMMANDS, Entry, check_entry


class BoardsSession:
    def __init__(self, solver: MultiSolver, first: str | None = None, any_word: bool = False):
        self.solver = solver
        self.any_word = any_word  # a guess in neither list is played (`Game.guess_problem`)
        self.first = first
        self.positions = [solver.start()]
        self.turns: list[Turn] = []
        self._suggestions: dict[int, str] = {}

    @property
    def pools(self) -> list:
        return self.positions[-1]

    @property
    def unsolved(self) -> list[int]:
        """The boards still to solve (0-based, in order)."""
        return [b for b, p in enumerate(self.pools) if p is not None]

    @property
    def solved(self) -> bool:
        return not self.unsolved

    @property
    def suggestion(self) -> str:
        depth = len(self.turns)
        if depth not in self._suggestions:
            forced = self.first if depth == 0 else None
            self._suggestions[depth] = forced or self.solver.best(self.pools)
        return self._suggestions[depth]

    def remaining(self, board: int) -> list[str]:
        """The answers still possible on `board` (empty once solved), in answers-list order."""
        pool = self.pools[board]
        return [] if pool is None else [self.solver.game.answers[i] for i in pool.tolist()]

    def solved_on(self, board: int) -> int | None:
        """The turn (from 1) on which `board` was solved, or None."""
        win = self.solver.game.win_code
        return next((n for n, turn in enumerate(self.turns, start=1) if turn.codes[board] == win), None)

    def board_states(self, show: int | None, last_turn: bool = False) -> list[BoardState]:
        """Each board's line in the compact layout, its answers listed when at most `show` (None: always).

        With `last_turn`, the boards the last turn was played on, with their
        feedback (those it solved say so); else every board, a solved one
        with its answer.
        """
        states = []
        for board, pool in enumerate(self.pools):
            turn = self.solved_on(board)
            if last_turn:
                code = self.turns[-1].codes[board]
                if code is None:
                    continue
                tiles = decode(code, self.solver.game.length)
            else:
                tiles = None
            if turn is not None:
                states.append(BoardState(board + 1, 1, tiles, turn, None if last_turn else [self.turns[turn - 1].guess]))
                continue
            words = self.remaining(board)
            listed = words if show is None or len(words) <= show else None
            states.append(BoardState(board + 1, len(pool), tiles, None, listed))
        return states

    def enter(self, guess: str, feedbacks: tuple) -> None:
        """Record `guess` with one feedback (tiles) per unsolved board; WordleError (state unchanged) if any is impossible."""
        unsolved = self.unsolved
        over = "every board is solved" if self.solved else None
        check_entry(
            over, guess, self.solver.game, len(feedbacks), len(unsolved), "feedbacks", " (one per unsolved board)", any_word=self.any_word
        )
        won = [board + 1 for board, tiles in zip(unsolved, feedbacks) if all(t == 2 for t in tiles)]
        if len(won) > 1:  # the boards' answers differ (`solve --boards` refuses twins): one word solves one board
            raise WordleError(f"one guess solves at most one board, but {quote(guess)} is all green on boards {', '.join(map(str, won))}")
        codes: list[int | None] = [None] * len(self.pools)
        for board, tiles in zip(unsolved, feedbacks):
            codes[board] = encode(tiles)
        following = self.solver.after(self.pools, guess, codes)
        self.turns.append(Turn(guess, tuple(codes), tuple(0 if p is None else len(p) for p in self.pools)))
        self.positions.append(following)
        self._suggestions.pop(len(self.turns), None)

    def undo(self) -> bool:
        """Take back the last turn; False when there is none."""
        if not self.turns:
            return False
        self.turns.pop()
        self.positions.pop()
        return True


def parse_boards_entry(line: str, length: int, boards: int, words=None) -> Entry:
    """Read one line: a command, FB1 FB2 ... (one per unsolved board), or WORD FB1 FB2 ...

    Entry.tiles is then a tuple of feedbacks. Feedbacks may also be run
    together (pasted emoji rows, spaces ignored) as long as the tiles make
    exactly `boards` feedbacks. A first token that reads as a feedback and
    is not one of `words` (the game's guesses, when given) is a feedback too:
    three feedbacks for two boards are an error, not a guess and two
    feedbacks. ValueError says what is wrong.
    """
    from wordle_cli.model.feedback import parse
    from wordle_cli.wordlist import normalise

    text = line.strip()
    if not text or text.startswith("#"):
        return Entry("")
    command = COMMANDS.get(text.lower())
    if command is not None:
        return Entry(command)
    tokens = text.split()

    def feedbacks(parts: list[str]) -> tuple | None:
        try:
            if len(parts) == boards:
                return tuple(parse(p, length) for p in parts)
            tiles = parse("".join(parts))
        except ValueError:
            return None
        if len(tiles) != boards * length:
            return None
        return tuple(tiles[i * length : (i + 1) * length] for i in range(boards))

    if len(tokens) >= 2 and len(normalise(tokens[0])) == length:
        found = feedbacks(tokens[1:])
        if found is not None and not (words is not None and normalise(tokens[0]) not in words and is_feedback(tokens[0], length)):
            return Entry("turn", normalise(tokens[0]), found)
    found = feedbacks(tokens)
    if found is not None:
        return Entry("turn", None, found)
    if len(tokens) > boards and all(is_feedback(t, length) for t in tokens):
        raise ValueError(
            f"{len(tokens)} feedbacks for {boards} unsolved board{'s' if boards != 1 else ''}: "
            "type one per unsolved board (or WORD and the feedbacks)"
        )
    raise ValueError(
        f"cannot read {quote(text)}: type {boards} feedback{'s' if boards != 1 else ''} (one per unsolved board, "
        "e.g. GYBBB BBBBG), WORD and the feedbacks, undo or quit"
    )
