"""Recompute the opening book (`book_data.BOOK`) with the exact search: minutes on 2 cores.

`python -m wordle_cli.reviewer.recompute_book > wordle_cli/reviewer/book_data.py` writes it afresh:
every opener of `book.OPENERS` on every shipped game of `GAME_TABLE`, normal and hard mode, proven by
`Problem.build` as `wordle tree build --first OPENER` proves it. Kept apart from `book` so that the
book's reader (the review) never imports its maker's machinery at run time.
"""

from __future__ import annotations

import sys

from wordle_cli.errors import WordleError
from wordle_cli.reviewer import book


def entries(game, hard: bool, threads: int):
    """(opener, total or None, [(code, value, guess), ...]) for every opener of the book on `game`."""
    from wordle_cli.trees.builder import Problem

    problem = Problem(game, hard=hard, max_guesses=book.MAX_GUESSES)
    win = game.win_code
    for opener in book.OPENERS:
        if opener not in game.candidate_index:
            continue
        try:
            result = problem.build(problem.start(), opener, threads=threads)
        except WordleError:
            yield opener, None, []
            continue
        classes = []
        for code, child in sorted(result.tree.root.children.items()):
            if code != win and child is not None:
                classes.append((code, sum(d for _, d in child.leaves(win)), child.guess))
        yield opener, result.total, classes


def entry_lines(opener: str, total, classes) -> list[str]:
    """One opener's entry as source lines of at most ~120 characters (the classes wrapped, a few per line)."""
    if not classes:
        return [f"        {opener!r}: ({total!r}, ()),"]
    lines, line = [f"        {opener!r}: ({total!r}, ("], "           "
    for code, value, guess in classes:
        item = f" ({code!r}, {value!r}, {guess!r}),"
        if len(line) + len(item) > 118:
            lines.append(line)
            line = "           "
        line += item
    lines.append(line)
    lines.append("        )),")
    return lines


def main(threads: int = 2) -> None:
    from wordle_cli.model.game import GAME_TABLE, Game, load_lists
    from wordle_cli.solver.openings import digest

    print('"""The opening book\'s data, made by `python -m wordle_cli.reviewer.recompute_book` (see `book`).')
    print("")
    print("(answers digest, candidates digest, hard) -> {opener: (total or None, ((code, value, best guess), ...))}")
    print('"""')
    print("")
    print("BOOK = {")
    for name, spec in GAME_TABLE.items():
        if spec.answers is None:  # generated (primel): no book
            continue
        answers, allowed = load_lists(name)
        game = Game(name, answers.words, allowed.words)
        for hard in (False, True):
            print(f"    ({digest(game.answers)!r}, {digest(game.candidates)!r}, {hard!r}): {{  # {name}, {'hard' if hard else 'normal'} mode")
            for opener, total, classes in entries(game, hard, threads):
                print("\n".join(entry_lines(opener, total, classes)), flush=True)
                print(f"{name} {'hard' if hard else 'normal'} {opener} {total}", file=sys.stderr, flush=True)
            print("    },")
    print("}")


if __name__ == "__main__":
    main()
