"""Checking a tree file against a game: `wordle tree verify`.

Independent of the search: every answer's path, in file order, is replayed
with the plain feedback rule. The first problem found is the error, naming
its line (or, in JSON, its path): an answer that is not in the list, a
path longer than --max-guesses, a guess that is not allowed (or breaks hard
mode), a feedback that is not the one its guess gets against the answer,
an answer reached twice; then any answer the tree never reaches.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from wordle_cli.errors import quote
from wordle_cli.model.feedback import feedback, show
from wordle_cli.model.hardmode import Constraints
from wordle_cli.trees.formats import TreeFile, TreeFileError
from wordle_cli.trees.model import TreeStats


def verify(
    tree_file: TreeFile,
    name: str,
    answers: Sequence[str],
    allowed: Collection[str],
    *,
    hard: bool = False,
    max_guesses: int | None = None,
) -> TreeStats:
    """The tree's statistics, or TreeFileError naming the first thing wrong with it."""
    answer_set = set(answers)
    length = len(answers[0])
    if tree_file.tree.length != length:
        raise TreeFileError(f"{name}: the tree's words have length {tree_file.tree.length}, the game's {length}")
    reached: set[str] = set()
    for leaf in tree_file.leaves:
        where = f"{name} {leaf.where}"
        answer = leaf.answer
        if answer not in answer_set:
            raise TreeFileError(f"{where}: {quote(answer)} is not one of the {len(answer_set)} answers")
        if max_guesses is not None and len(leaf.steps) > max_guesses:
            raise TreeFileError(f"{where}: {quote(answer)} needs {len(leaf.steps)} guesses, more than --max-guesses {max_guesses}")
        constraints = Constraints.none(length)
        for turn, (guess, tiles) in enumerate(leaf.steps, start=1):
            if guess not in allowed and guess not in answer_set:
                raise TreeFileError(f"{where}: turn {turn} guesses {quote(guess)}, which is not an allowed word")
            if hard:
                why = constraints.violation(guess)
                if why:
                    raise TreeFileError(f"{where}: turn {turn} guesses {quote(guess)}, which breaks hard mode ({why})")
            true = feedback(guess, answer)
            if true != tuple(tiles):
                raise TreeFileError(
                    f"{where}: {quote(guess)} gets {show(true, 'byg')} against {quote(answer)}, not {show(tuple(tiles), 'byg')}"
                )
            if hard:
                constraints = constraints.after(guess, tiles)
        if answer in reached:
            raise TreeFileError(f"{where}: answer {quote(answer)} is reached twice")
        reached.add(answer)
    missing = [a for a in answers if a not in reached]
    if missing:
        s = "s" if len(missing) != 1 else ""
        shown = ", ".join(repr(a) for a in missing[:5]) + (", ..." if len(missing) > 5 else "")
        raise TreeFileError(f"{name}: {len(missing)} answer{s} never reached: {shown}")
    return tree_file.tree.stats()
