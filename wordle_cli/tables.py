"""The package's data tables: JSON files in `wordle_cli/data/`, read through importlib.resources.

A table is made by a program (`make data` runs them all) for particular
word lists, and says which: each of its entries holds the digest of the
lists it was made for (`digest`). A reader compares it with the digest of
the lists in play, computed from those lists, so a table never answers for
lists it was not made for and no digest is ever copied by hand; the tests
check that the shipped files are what their programs make today.

- `openings.json`: each scored strategy's first guess on the shipped games
  (`python -m wordle_cli.solver.recompute_openings`, seconds);
- `known_best.json`: the proven best openers and totals (the same program;
  the figures come from published proofs and this tool's own);
- `book.json`: the review's opening book (`python -m
  wordle_cli.reviewer.recompute_book`, about an hour on 2 cores);
- `prior_openers.json`: the best opener under the nyt prior of the day
  after the shipped history (`python -m wordle_cli.trees.recompute_opener`,
  `make data-opener`; an hour or more on 2 cores), keyed by the prior's
  weights too.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from importlib import resources
from pathlib import Path

from wordle_cli.output import AtomicOutput

FOLDER = "data"


def digest(words: Sequence[str]) -> str:
    """The 16 hex digits naming a word list, in order (what a table's entries are keyed by)."""
    return hashlib.sha256("\n".join(words).encode("utf-8")).hexdigest()[:16]


def read(name: str) -> dict:
    """A shipped table, as its program wrote it."""
    return json.loads(resources.files("wordle_cli").joinpath(FOLDER).joinpath(name).read_text(encoding="utf-8"))


def text(document: dict, inline_from: int = 4) -> str:
    """A table's file: one key or item a line down to `inline_from` levels of nesting, the rest on that line."""

    def show(value, level: int) -> str:
        if level >= inline_from or not isinstance(value, (dict, list)) or not value:
            return json.dumps(value, ensure_ascii=False)
        pad = "  " * (level + 1)
        if isinstance(value, dict):
            items = [f"{pad}{json.dumps(key)}: {show(item, level + 1)}" for key, item in value.items()]
            return "{\n" + ",\n".join(items) + "\n" + "  " * level + "}"
        return "[\n" + ",\n".join(pad + show(item, level + 1) for item in value) + "\n" + "  " * level + "]"

    return show(document, 0) + "\n"


def path(name: str) -> Path:
    """Where a table's program writes it: the package's own folder (the checkout, in an editable install)."""
    return Path(__file__).resolve().parent / FOLDER / name


def write(name: str, document: dict) -> None:
    """Replace a shipped table (atomically) by `document`."""
    with AtomicOutput(str(path(name))) as out:
        out.write(text(document))
