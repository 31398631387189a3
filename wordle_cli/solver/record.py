"""One game played by the solver, as plain data: what `solve` returns and prints.

The decision-tree nodes of `tree` hold numpy arrays and shared children; a
`PlayedGame` is the record of one path through them (guesses, tiles, pool sizes,
expected pool after each guess, entropy), small and easy to use from Python,
plus the grid players share (`Wordle 3/6` and the emoji rows).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from wordle_cli.model.feedback import EXACT, TILE_GLYPHS, decode, show
from wordle_cli.model.game import ROWS

#: What the share grid calls each game.
SHARE_TITLES = {"nyt": "Wordle", "wordle": "Wordle", "primel": "Primel"}


@dataclass(frozen=True)
class Turn:
    """One guess of a game and what it found out."""

    guess: str
    tiles: tuple[int, ...]  # 0 absent, 1 contained, 2 exact, per position (with lies: as shown)
    pool: int  # answers possible before the guess
    expected: Fraction  # expected answers left after it (exact; with lies, the lie drawn uniformly)
    entropy: float  # bits of information its feedback gives on average (with lies: about the answer)
    lied: tuple[int, ...] = ()  # with lies: the positions (from 0) whose tile was a lie
    unproven: object = None  # the optimal strategy's guess not proven in its time: its `tree.Bounds` (None: proven, or not searched)

    @property
    def feedback(self) -> str:
        """The tiles as `ACE` letters (A absent, C contained, E exact), as `wordle feedback` prints them."""
        return show(self.tiles)


@dataclass(frozen=True)
class PlayedGame:
    """A game played to the end against `target`: one `Turn` per guess."""

    target: str
    turns: list[Turn]
    game: str = "wordle"
    hard: bool = False
    added_to_pool: bool = False  # the target was not an answer, so it was added to the pool
    rows: int = field(default=ROWS, repr=False)
    lies: int = 0  # lies per row (Fibble: 1)

    @property
    def guesses(self) -> list[str]:
        return [turn.guess for turn in self.turns]

    @property
    def solved(self) -> bool:
        return bool(self.turns) and all(t == EXACT for t in self.turns[-1].tiles)

    def share(self, day: int | None = None) -> str:
        """The result grid as players post it: `Wordle 3/6` (`X/6` past six rows, `*` in hard mode), then emoji rows.

        `day`: the puzzle number, for the header (`Wordle 512 3/6`).
        """
        return share_grid(self.game, [turn.tiles for turn in self.turns], self.solved, self.hard, self.rows, day, self.lies)


def share_grid(
    game: str, rows_of_tiles: list, solved: bool, hard: bool = False, rows: int = ROWS, day: int | None = None, lies: int = 0
) -> str:
    """The shareable grid for any list of turns' tiles (also used by `play`).

    `Wordle 3/6` (`Wordle 512 3/6` with the puzzle's `day`), `X/6` once the
    rows are used up unsolved, `*` in hard mode; a game still going (unsolved,
    rows left) has no score yet: `Wordle 512, 2 rows so far`. A game whose rows
    lie is `Fibble` (the rows as shown).
    """
    n = len(rows_of_tiles)
    name = "Fibble" if lies else SHARE_TITLES.get(game, game.capitalize())
    title = name + (f" {day}" if day is not None else "")
    if solved or n >= rows:
        score = str(n) if solved and n <= rows else "X"
        head = f"{title} {score}/{rows}{'*' if hard else ''}"
    else:
        head = f"{title}, {n} row{'s' if n != 1 else ''} so far{', hard mode' if hard else ''}"
    lines = [head, ""]
    lines += ["".join(TILE_GLYPHS[t] for t in tiles) for tiles in rows_of_tiles]
    return "\n".join(lines)


def play_game(solver, target: str, first: str | None = None, added_to_pool: bool = False, liar=None, rows: int = ROWS) -> PlayedGame:
    """Play `target` (an answer of the solver's game) and record every turn; with lies, against `liar`."""
    game = solver.game
    index = game.answer_index[target]
    lies = solver.lies
    if liar is not None:
        liar.start(target)
    turns = []
    for node, shown in solver.rows(solver.root(first), target, liar):
        stats = node.stats()
        lied = lies.lie_tiles(node.code_of(index), shown) if lies is not None else ()
        turns.append(Turn(node.guess, decode(shown, game.length), stats.pool, stats.exact_expected, stats.entropy, lied, node.unproven))
    return PlayedGame(target, turns, game.name, solver.hard, added_to_pool, rows, lies.n if lies is not None else 0)


def with_target(solver, target: str):
    """(solver, added): a solver whose pool holds `target`, which must be an allowed guess.

    `solve` accepts any allowed word as its target: a word that is not among
    the answers is appended to them (a new solver on the enlarged pool; under
    a prior with weight 1).
    """
    from wordle_cli.model.game import Game as Lists
    from wordle_cli.solver.tree import Solver

    game = solver.game
    if target in game.answer_index:
        return solver, False
    bigger = Lists(game.name, [*game.answers, target], game.candidates)
    weights = solver.weights
    if weights is not None:  # under a prior the added word weighs the least an answer can: 1
        import numpy as np

        weights = np.append(weights, np.int64(1))
    grown = Solver(
        bigger, solver.strategy, hard=solver.hard, pool_only=solver.pool_only, backend=solver.backend_name, exact=solver.exact, lies=solver.lies,
        weights=weights, prior_label=solver.prior_label, opener=solver.opener, move_budget=solver.move_budget, move_time=solver.move_time,
    )
    return grown, True
