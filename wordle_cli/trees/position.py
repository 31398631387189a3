"""What the tree commands read besides word lists: a game so far (--from) and tree files."""

from __future__ import annotations

import re

from wordle_cli import feedback, wordlist
from wordle_cli.errors import UsageProblem, quote
from wordle_cli.trees.formats import TreeFile, read


def parse_history(text: str, length: int) -> list[tuple[str, tuple[int, ...]]]:
    """`salet:BBYBB,clint:BBYYB` (any feedback spelling; `:` or a space inside a turn) -> [(word, tiles)]."""
    turns = []
    for part in re.split(r"[,;]", text):
        part = part.strip()
        if not part:
            continue
        pieces = re.split(r"[:\s]+", part, maxsplit=1)
        if len(pieces) != 2:
            raise UsageProblem(f"--from: {quote(part)} is not WORD:FEEDBACK (e.g. salet:BBYBB,clint:BBYYB)")
        word = wordlist.normalise(pieces[0])
        if len(word) != length:
            raise UsageProblem(f"--from: {quote(word)} has length {len(word)}, but the words of the game have length {length}")
        try:
            tiles = feedback.parse(pieces[1], length)
        except ValueError as exc:
            raise UsageProblem(f"--from: {exc}") from None
        turns.append((word, tiles))
    if not turns:
        raise UsageProblem("--from: no turns given (e.g. salet:BBYBB,clint:BBYYB)")
    return turns


def read_tree_file(path: str, answers: int | None = None) -> tuple[TreeFile, str]:
    """A tree file (`-`: standard input) and the name messages use for it, by the one input reader.

    `answers`: how many answers the game has (the most leaves the tree may reach), when known.
    """
    name = wordlist.display_name(path)
    return read(wordlist.read_text(path, "tree file"), name, answers), name
