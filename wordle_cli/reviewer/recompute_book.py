"""Remake the opening book (`data/book.json`) with the exact search: about an hour on 2 cores.

`python -m wordle_cli.reviewer.recompute_book` proves every opener of
`book.OPENERS` on every shipped game of `GAME_TABLE`, normal and hard mode,
with `Problem.build` as `wordle tree build --first OPENER` proves it, and
writes the file afresh (each book with the digests of the lists it was made
for). Kept apart from `book` so that the book's reader (the review) never
imports its maker's machinery at run time.
"""

from __future__ import annotations

import sys

from wordle_cli import tables
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


def class_entry(problem, opener: str, code: int) -> tuple[int, str]:
    """(value, best guess) of one class of an opener, proven as `Problem.build` proves it: alone, in a fresh context."""
    from wordle_cli.trees import search

    for part_code, part in problem._parts(problem.start(), opener, problem._row(opener)):
        if part_code == code:
            ctx = problem.context()
            value = problem._value(ctx, part, search.INF)[0]
            return value, problem._extract(ctx, part).guess
    raise ValueError(f"{opener} has no class {code}")


def book_document(books) -> dict:
    """`book.json` from (game, hard, [(opener, total, classes), ...]) triples."""
    return {
        "made_by": "python -m wordle_cli.reviewer.recompute_book",
        "max_guesses": book.MAX_GUESSES,
        "books": [
            {
                "game": game.name,
                "hard": hard,
                "answers": tables.digest(game.answers),
                "candidates": tables.digest(game.candidates),
                "openers": {opener: {"total": total, "classes": [list(c) for c in classes]} for opener, total, classes in found},
            }
            for game, hard, found in books
        ],
    }


def shipped_games():
    """The shipped games with lists of their own (primel's are generated: no book)."""
    from wordle_cli.model.game import GAME_TABLE, Game, load_lists

    for name, spec in GAME_TABLE.items():
        if spec.answers is not None:
            answers, allowed = load_lists(name)
            yield Game(name, answers.words, allowed.words)


def main(threads: int = 2) -> None:
    books = []
    for game in shipped_games():
        for hard in (False, True):
            found = []
            for opener, total, classes in entries(game, hard, threads):
                found.append((opener, total, classes))
                print(f"{game.name} {'hard' if hard else 'normal'} {opener} {total}", file=sys.stderr, flush=True)
            books.append((game, hard, found))
    tables.write(book.BOOK_FILE, book_document(books))


if __name__ == "__main__":
    main()
