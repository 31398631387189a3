"""What the tree commands read besides word lists: a game so far (--from) and tree files."""

from __future__ import annotations

import re

from wordle_cli import wordlist
from wordle_cli.errors import UsageProblem, quote
from wordle_cli.model import feedback
from wordle_cli.trees.formats import TreeFile, TreeFileError, read


def parse_history(text: str, length: int) -> list[tuple[str, tuple[int, ...]]]:
    """`salet:BBYBB,clint:BYYBB` (any feedback spelling; `:` or a space inside a turn) -> [(word, tiles)]."""
    turns = []
    for part in re.split(r"[,;]", text):
        part = part.strip()
        if not part:
            continue
        pieces = re.split(r"[:\s]+", part, maxsplit=1)
        if len(pieces) != 2:
            raise UsageProblem(f"--from: {quote(part)} is not WORD:FEEDBACK (e.g. salet:BBYBB,clint:BYYBB)")
        word = wordlist.normalise(pieces[0])
        if len(word) != length:
            raise UsageProblem(f"--from: {quote(word)} has length {len(word)}, but the words of the game have length {length}")
        try:
            tiles = feedback.parse(pieces[1], length)
        except ValueError as exc:
            raise UsageProblem(f"--from: {exc}") from None
        turns.append((word, tiles))
    if not turns:
        raise UsageProblem("--from: no turns given (e.g. salet:BBYBB,clint:BYYBB)")
    return turns


def read_tree_file(path: str, answers: int | None = None) -> tuple[TreeFile, str]:
    """A tree file (`-`: standard input) and the name messages use for it, by the one input reader.

    `answers`: how many answers the game has (the most leaves the tree may reach), when known.
    """
    name = wordlist.display_name(path)
    return read(wordlist.read_text(path, "tree file"), name, answers), name


def stored_history(tree_file: TreeFile, name: str) -> list[tuple[str, tuple[int, ...]]]:
    """The `history` a json tree built with --from stores (`[["salet", "BBYBB"], ...]`); [] when none."""
    history = tree_file.summary.get("history")
    if history is None:
        return []
    length = tree_file.tree.length
    bad = f'{name}: its "history" is not a list of [WORD, FEEDBACK] turns of {length} letters'
    if not isinstance(history, list):
        raise TreeFileError(bad)
    turns = []
    for turn in history:
        if not (isinstance(turn, list) and len(turn) == 2 and all(isinstance(x, str) and wordlist.is_text(x) for x in turn)):
            raise TreeFileError(bad)
        word = wordlist.normalise(turn[0])
        try:
            tiles = feedback.parse(turn[1], length)
        except ValueError:
            raise TreeFileError(bad) from None
        if len(word) != length:
            raise TreeFileError(bad)
        turns.append((word, tiles))
    return turns
