"""Checking a tree file against a game: `wordle tree verify`.

Independent of the search: every answer's path, in file order, is replayed
with the plain feedback rule. The first problem found is the error, naming
its line (or, in JSON, its path): an answer that is not in the list, a
path longer than --max-guesses, a guess that is not allowed (or breaks hard
mode), a feedback that is not the one its guess gets against the answer,
an answer reached twice; then any answer the tree never reaches.

The first guess may be any word of the game's length, as `--first` allows
everywhere (`tree build --first W` with W in neither list makes such trees);
every later guess must be allowed. A tree built mid-game (`tree build
--from`) is checked against the answers its history leaves, the history's
turns counting towards --max-guesses and, in hard mode, its hints binding.
"""

from __future__ import annotations

import json
import math
from collections.abc import Collection, Sequence

from wordle_cli.errors import QUOTE_LIMIT, quote
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
    history: Sequence[tuple[str, tuple[int, ...]]] = (),
    weights: Sequence[int] | None = None,
) -> TreeStats:
    """The tree's statistics, or TreeFileError naming the first thing wrong with it.

    `history`: the turns played before the tree's first guess (its answers are those they leave).
    `weights`: a prior, one weight per answer in `answers`' order (e.g. `AnswerWeights.weights`): the
    statistics then hold the tree's weighted total and expected guesses (`TreeStats.expected_text`).
    """
    weight = None if weights is None else dict(zip(answers, (int(w) for w in weights)))
    length = len(answers[0])
    if tree_file.tree.length != length:
        raise TreeFileError(f"{name}: the tree's words have length {tree_file.tree.length}, the game's {length}")
    start = Constraints.none(length)
    for guess, tiles in history:
        answers = [a for a in answers if feedback(guess, a) == tuple(tiles)]
        if hard:
            start = start.after(guess, tiles)
    if not answers:
        raise TreeFileError(f"{name}: no answer is left after {history_text(history)}")
    answer_set = set(answers)
    played = len(history)
    left = f" left after {history_text(history)}" if history else ""
    reached: set[str] = set()
    for leaf in tree_file.leaves:
        where = f"{name} {leaf.where}"
        answer = leaf.answer
        if answer not in answer_set:
            raise TreeFileError(f"{where}: {quote(answer)} is not one of the {len(answer_set)} answers{left}")
        if max_guesses is not None and played + len(leaf.steps) > max_guesses:
            raise TreeFileError(
                f"{where}: {quote(answer)} needs {played + len(leaf.steps)} guesses, more than --max-guesses {max_guesses}"
            )
        constraints = start
        for turn, (guess, tiles) in enumerate(leaf.steps, start=1):
            if turn > 1 and guess not in allowed and guess not in answer_set:
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
        raise TreeFileError(f"{name}: {len(missing)} answer{s}{left} never reached: {shown}")
    return tree_file.tree.stats(weight)


def history_text(history: Sequence[tuple[str, tuple[int, ...]]]) -> str:
    """`salet BBYBB, clint BYYBB`: turns as messages and summaries show them (the last 6 of a longer history)."""
    shown = ", ".join(f"{guess} {show(tuple(tiles), 'byg')}" for guess, tiles in history[-6:])
    return f"{len(history)} turns ending ..., {shown}" if len(history) > 6 else shown


def summary_disagreements(summary: dict, stats: TreeStats) -> list[str]:
    """`total 7000, not 7920`: each summary field a JSON tree stores that its paths contradict."""
    true = {
        "answers": stats.answers,
        "total": stats.total,
        "worst": stats.worst,
        "average": float(stats.average_text),
        "histogram": {str(k): v for k, v in stats.histogram.items()},
    }
    if stats.weighted_total is not None:  # checked under a prior: so is what a tree built under one stores
        true.update(weighted_total=stats.weighted_total, weight=stats.weight)
    wrong = []
    for key, value in true.items():
        if key not in summary:
            continue
        stored = summary[key]
        if key == "average":
            same = _number(stored) and math.isclose(stored, value, rel_tol=1e-6)
        elif key == "histogram":
            same = isinstance(stored, dict) and {k: v for k, v in stored.items() if v != 0} == {k: v for k, v in value.items() if v}
        else:
            same = _number(stored) and stored == value
        if not same:
            wrong.append(f"{key} {_short(stored)}, not {_short(value)}")
    return wrong


def _short(value) -> str:
    """A JSON value as the file would spell it, quoted and cut when long."""
    try:
        text = json.dumps(value, ensure_ascii=False)
    except ValueError:  # an integer past Python's digit limit
        text = "a huge number"
    return text if len(text) <= QUOTE_LIMIT else quote(text)


def _number(value) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)
